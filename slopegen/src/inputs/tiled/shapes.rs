//! Tiled's collision shapes (the objects a tile holds in Tiled's tile collision editor)
//! rasterized into a tile's bitmap.
//!
//! The rule: a pixel is solid when its centre lies inside a shape (any of the tile's
//! shapes). Coordinates are Tiled's: pixels from the tile's top-left corner, y down, so the
//! centre of pixel (c, r) is (c + ½, r + ½). A centre exactly on an edge: on a horizontal
//! edge it is inside when the shape lies below the edge (y down: its top edge) and outside
//! when above (its bottom edge); on any other edge, vertical or sloped, it is inside when the
//! shape lies to the edge's right at the centre's height and outside when to its left (a
//! rectangle is half-open, as `x0 ≤ x < x1`). So shapes that share an edge never both claim
//! a pixel, a rectangle of whole pixels covers exactly its pixels, a `/` ramp through pixel
//! centres takes them and a `\` ramp leaves them. An ellipse holds the centres strictly
//! inside it; a capsule is its rectangle (half-open) and its two round ends (strictly
//! inside). Polylines, points and text have no inside and are refused, and so are rotated
//! shapes.

use crate::error::map::MapError;
use crate::error::{Error, Result};
use crate::inputs::sheet::{Sheet, classify};
use crate::inputs::tiled::document::{ShapeKind, TileShape, TiledTileset};
use crate::model::bitmap::Bitmap;

/// Where a tile's bitmap comes from, by its tileset's `collision_from` property.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CollisionFrom {
    /// The shapes of tiles that have any, the image for the others (no property).
    #[default]
    ShapesWhereDrawn,
    /// Shapes only: a tile without shapes is empty (`collision_from` = `shapes`).
    Shapes,
    /// The image only: shapes are ignored (`collision_from` = `image`).
    Image,
}

impl CollisionFrom {
    /// The tileset property's value: `shapes`, `image` or nothing.
    pub fn parse(value: Option<&str>) -> Option<CollisionFrom> {
        match value {
            None => Some(CollisionFrom::ShapesWhereDrawn),
            Some("shapes") => Some(CollisionFrom::Shapes),
            Some("image") => Some(CollisionFrom::Image),
            Some(_) => None,
        }
    }
}

/// `sheet` (cut from `tileset`'s image) with the bitmaps of the tiles that have collision
/// shapes replaced by their shapes rasterized, as the tileset's `collision_from` property
/// asks. Every tile whose shapes cannot be used is reported.
pub(crate) fn with_collision_shapes(mut sheet: Sheet, tileset: &TiledTileset) -> Result<Sheet> {
    let from = CollisionFrom::parse(tileset.collision_from.as_deref()).ok_or_else(|| {
        MapError::BadCollisionFrom {
            file: tileset.source.clone(),
            tileset: tileset.name.clone(),
            value: tileset.collision_from.clone().unwrap_or_default(),
        }
    })?;
    let n = sheet.spec.tile_width as u8;
    let mut errors = Vec::new();
    for (index, tile) in sheet.tiles.iter_mut().enumerate() {
        let drawn = tileset.shapes.get(&(index as u32));
        let bitmap = match (from, drawn) {
            (CollisionFrom::Image, _) | (CollisionFrom::ShapesWhereDrawn, None) => continue,
            (_, Some(drawn)) => rasterize(drawn, n),
            (CollisionFrom::Shapes, None) => rasterize(&[], n),
        };
        match bitmap {
            Ok(bitmap) => *tile = classify(bitmap),
            Err(problem) => errors.push(Error::from(MapError::BadCollisionShape {
                file: tileset.source.clone(),
                tileset: tileset.name.clone(),
                tile: index as u32,
                problem,
            })),
        }
    }
    Error::collect(&tileset.source, errors)?;
    Ok(sheet)
}

/// The tile's bitmap (N×N, y up) from its shapes, or what keeps them from being one.
pub(crate) fn rasterize(shapes: &[TileShape], n: u8) -> std::result::Result<Bitmap, String> {
    for s in shapes {
        if let ShapeKind::NoInside(what) = s.kind {
            return Err(format!(
                "its collision holds a {what}, which has no inside; draw a rectangle, an ellipse or a polygon instead"
            ));
        }
        if let ShapeKind::Malformed(problem) = &s.kind {
            return Err(problem.clone());
        }
        if s.rotation != 0.0 {
            return Err(format!(
                "a collision shape rotated by {}°; only unrotated shapes are read (draw a rotated rectangle as a polygon)",
                s.rotation
            ));
        }
    }
    let last = f64::from(n) - 1.0;
    Ok(Bitmap::from_fn(n, |x, y| {
        let (px, py) = (f64::from(x) + 0.5, last - f64::from(y) + 0.5);
        shapes.iter().any(|s| inside(s, px, py))
    }))
}

/// Whether (px, py) lies inside `s`, by the module's rule.
fn inside(s: &TileShape, px: f64, py: f64) -> bool {
    let in_rect = |x: f64, y: f64, w: f64, h: f64| x <= px && px < x + w && y <= py && py < y + h;
    // strictly inside the ellipse of centre (cx, cy) and radii (rx, ry), without division
    let in_ellipse = |cx: f64, cy: f64, rx: f64, ry: f64| {
        let (dx, dy) = (px - cx, py - cy);
        dx * dx * ry * ry + dy * dy * rx * rx < rx * rx * ry * ry
    };
    match &s.kind {
        &ShapeKind::Rect(w, h) => in_rect(s.x, s.y, w, h),
        &ShapeKind::Ellipse(w, h) => in_ellipse(s.x + w / 2.0, s.y + h / 2.0, w / 2.0, h / 2.0),
        &ShapeKind::Capsule(w, h) => {
            let r = w.min(h) / 2.0;
            if w >= h {
                in_rect(s.x + r, s.y, w - 2.0 * r, h)
                    || in_ellipse(s.x + r, s.y + r, r, r)
                    || in_ellipse(s.x + w - r, s.y + r, r, r)
            } else {
                in_rect(s.x, s.y + r, w, h - 2.0 * r)
                    || in_ellipse(s.x + r, s.y + r, r, r)
                    || in_ellipse(s.x + r, s.y + h - r, r, r)
            }
        }
        ShapeKind::Polygon(points) => {
            // Crossing number: edges that straddle the horizontal line through the centre
            // (half-open in y) and cross it right of the centre (strictly).
            let mut odd = false;
            for (i, &(ax, ay)) in points.iter().enumerate() {
                let (bx, by) = points[(i + 1) % points.len()];
                let (ax, ay, bx, by) = (s.x + ax, s.y + ay, s.x + bx, s.y + by);
                if (ay > py) != (by > py) {
                    // px < ax + (py − ay)·(bx − ax)/(by − ay), multiplied out by (by − ay)
                    let lhs = (px - ax) * (by - ay);
                    let rhs = (py - ay) * (bx - ax);
                    if (by > ay && lhs < rhs) || (by < ay && lhs > rhs) {
                        odd = !odd;
                    }
                }
            }
            odd
        }
        ShapeKind::NoInside(_) | ShapeKind::Malformed(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: f64, y: f64, kind: ShapeKind) -> TileShape {
        TileShape {
            x,
            y,
            rotation: 0.0,
            kind,
        }
    }

    /// A rectangle of whole pixels covers exactly its pixels; its right and bottom edges on
    /// pixel centres leave those pixels out, its left and top edges take them in.
    #[test]
    fn rectangles_are_half_open() {
        let b = rasterize(&[at(0.0, 0.0, ShapeKind::Rect(4.0, 2.0))], 8).unwrap();
        let count: u32 = b.columns().iter().map(|c| c.count_ones()).sum();
        assert_eq!(count, 8);
        // y up: Tiled's rows 0 and 1 are the top two rows, 7 and 6
        assert!(b.get(0, 7) && b.get(3, 6) && !b.get(4, 7) && !b.get(0, 5));
        let b = rasterize(&[at(0.5, 0.5, ShapeKind::Rect(3.0, 1.0))], 8).unwrap();
        // centres 0.5, 1.5, 2.5 in x (3.5 is the right edge), 0.5 in y
        assert!(b.get(0, 7) && b.get(2, 7) && !b.get(3, 7) && !b.get(0, 6));
    }

    /// Two triangles sharing a diagonal claim each pixel once.
    #[test]
    fn shapes_sharing_an_edge_never_both_claim_a_pixel() {
        let upper = at(
            0.0,
            0.0,
            ShapeKind::Polygon(vec![(0.0, 0.0), (8.0, 0.0), (0.0, 8.0)]),
        );
        let lower = at(
            0.0,
            0.0,
            ShapeKind::Polygon(vec![(8.0, 0.0), (8.0, 8.0), (0.0, 8.0)]),
        );
        let (a, b) = (
            rasterize(&[upper], 8).unwrap(),
            rasterize(&[lower], 8).unwrap(),
        );
        for x in 0..8 {
            for y in 0..8 {
                assert!(a.get(x, y) != b.get(x, y), "({x}, {y})");
            }
        }
    }

    #[test]
    fn polylines_points_and_rotations_are_refused() {
        let e = rasterize(&[at(0.0, 0.0, ShapeKind::NoInside("polyline"))], 8).unwrap_err();
        assert!(e.contains("polyline, which has no inside"), "{e}");
        let mut r = at(0.0, 0.0, ShapeKind::Rect(4.0, 4.0));
        r.rotation = 30.0;
        assert!(rasterize(&[r], 8).unwrap_err().contains("rotated by 30°"));
        assert_eq!(CollisionFrom::parse(Some("alpha")), None);
        assert_eq!(
            CollisionFrom::parse(Some("image")),
            Some(CollisionFrom::Image)
        );
    }
}
