//! The level both engines move in: slopegen's compiled map and tables (what the plugin
//! loads), and the static colliders a Rapier user builds from the same tiles.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use bevy_slope::{LevelLoadError, LevelLoader, LevelMap, LevelSettings};
use slope_runtime::{Actor, Solid, Tables, TileMap, World};
use slopegen::{Object, ObjectValue};

/// The example's level (`bevy_slope/assets/level.tmx`).
pub fn example_level() -> PathBuf {
    assets_folder().join("level.tmx")
}

/// The example's asset folder (`bevy_slope/assets`).
pub fn assets_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets")
}

/// This package's asset folder (`bevy_slope/compare/assets`): the flat floor of the seam
/// test, drawn with the example's tiles.
pub fn compare_assets_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

/// The flat floor of the seam test: 40 cells of the example's full `soil` tile in a row.
pub fn flat_level() -> PathBuf {
    compare_assets_folder().join("flat.tmx")
}

/// A level compiled by slopegen, as the plugin's loader compiles it.
#[derive(Clone, Debug)]
pub struct Level {
    /// Its cells (rows bottom first, y up).
    pub map: LevelMap,
    /// Its named objects, in world pixels (y up).
    pub objects: Vec<Object>,
    tables: Tables<'static>,
}

/// What fills a cell, as a Rapier user sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// No solid pixel.
    Empty,
    /// Every pixel solid.
    Full,
    /// Some pixels solid (a slope, a ledge).
    Partial,
}

/// A static collider, in world pixels (y up).
#[derive(Clone, Debug, PartialEq)]
pub enum StaticShape {
    /// An axis-aligned box `x0..x1` × `y0..y1` (the far edges excluded).
    Rect {
        /// Left edge.
        x0: f32,
        /// Bottom edge.
        y0: f32,
        /// Right edge.
        x1: f32,
        /// Top edge.
        y1: f32,
    },
    /// A convex polygon, counter-clockwise, in world pixels.
    Hull(Vec<[f32; 2]>),
}

/// A static collider and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct StaticCollider {
    /// Its shape.
    pub shape: StaticShape,
    /// Made of one-way cells (which Rapier's controller treats as solid).
    pub one_way: bool,
}

impl Level {
    /// Compiles the level file at `path` with `bevy_slope::LevelLoader::compile` (default
    /// settings: the layer named `collision`).
    pub fn load(path: &Path) -> Result<Level, LevelLoadError> {
        let root = path.parent().unwrap_or(Path::new("."));
        let (file, _sources) = LevelLoader::compile(path, &LevelSettings::default(), root)?;
        let data = file.level(None).ok_or_else(|| LevelLoadError {
            message: format!("{}: no level", path.display()),
        })?;
        let tables = Tables::from_bytes(interned(&file.blob)).map_err(|e| LevelLoadError {
            message: format!("{}: tables refused: {e:?}", path.display()),
        })?;
        Ok(Level {
            map: data.map.clone(),
            objects: data.objects.clone(),
            tables,
        })
    }

    /// Its tables, validated once when it was loaded (as the plugin's `ActiveLevel` keeps
    /// them: validating a blob costs tens of microseconds).
    pub fn tables(&self) -> Tables<'static> {
        self.tables
    }

    /// The runtime's world of this level (no platforms).
    pub fn world(&self) -> World<'static, &LevelMap> {
        World::new(self.tables(), &self.map)
    }

    /// Its size in pixels.
    pub fn size_px(&self) -> (i32, i32) {
        let size = self.map.size_px();
        (size.x as i32, size.y as i32)
    }

    /// The tile size in pixels.
    pub fn tile(&self) -> i32 {
        i32::from(self.map.tile_size())
    }

    /// The named point `name`.
    pub fn point(&self, name: &str) -> Option<(i32, i32)> {
        self.objects.iter().find_map(|o| match o.value {
            ObjectValue::Point(x, y) if o.name == name => Some((x, y)),
            _ => None,
        })
    }

    /// The named rectangle `name`: bottom-left pixel and size.
    pub fn rect(&self, name: &str) -> Option<(i32, i32, u16, u16)> {
        self.objects.iter().find_map(|o| match o.value {
            ObjectValue::Rect {
                x,
                y,
                width,
                height,
            } if o.name == name => Some((x, y, width, height)),
            _ => None,
        })
    }

    /// Whether pixel `(x, y)` of cell `(tx, ty)` is solid (tile-local, y up).
    pub fn pixel_solid(&self, tx: i32, ty: i32, x: u8, y: u8) -> bool {
        match self.map.cell(tx, ty).solid {
            Solid::Empty => false,
            Solid::Full => true,
            Solid::Shape(id, variant) => self
                .tables()
                .shape(id)
                .is_some_and(|shape| shape.is_solid(variant, x, y)),
        }
    }

    /// What fills cell `(tx, ty)`: checked pixel by pixel with `Shape::is_solid`.
    pub fn kind(&self, tx: i32, ty: i32) -> CellKind {
        match self.map.cell(tx, ty).solid {
            Solid::Empty => CellKind::Empty,
            Solid::Full => CellKind::Full,
            Solid::Shape(..) => {
                let n = self.map.tile_size();
                let solid = (0..n)
                    .flat_map(|y| (0..n).map(move |x| (x, y)))
                    .filter(|&(x, y)| self.pixel_solid(tx, ty, x, y))
                    .count();
                match solid {
                    0 => CellKind::Empty,
                    s if s == usize::from(n) * usize::from(n) => CellKind::Full,
                    _ => CellKind::Partial,
                }
            }
        }
    }

    /// Whether cell `(tx, ty)` is one-way.
    pub fn one_way(&self, tx: i32, ty: i32) -> bool {
        self.map.cell(tx, ty).is_one_way()
    }

    /// The static colliders a Rapier user builds from this level:
    ///
    /// - full cells (not one-way) as boxes, merged greedily (`merge`: runs along each row,
    ///   then runs of the same span in consecutive rows; else one box per cell);
    /// - each partial cell as the convex hull of its solid pixels' corners;
    /// - one-way cells as solid boxes (Rapier's controller has no one-way platforms,
    ///   dimforge/rapier#502), a row of cells with the same rectangle of solid pixels merged
    ///   into one;
    /// - the level's outside (a wall, unless slopegen was told otherwise) as four boxes.
    pub fn colliders(&self, merge: bool) -> Vec<StaticCollider> {
        let n = self.tile();
        let (w, h) = (i32::from(self.map.width()), i32::from(self.map.height()));
        let mut out = Vec::new();

        let full = |tx: i32, ty: i32| self.kind(tx, ty) == CellKind::Full && !self.one_way(tx, ty);
        for (tx0, ty0, tx1, ty1) in cell_rects(w, h, merge, full) {
            out.push(StaticCollider {
                shape: StaticShape::Rect {
                    x0: (tx0 * n) as f32,
                    y0: (ty0 * n) as f32,
                    x1: (tx1 * n) as f32,
                    y1: (ty1 * n) as f32,
                },
                one_way: false,
            });
        }

        for ty in 0..h {
            let mut tx = 0;
            while tx < w {
                let kind = self.kind(tx, ty);
                if self.one_way(tx, ty) && kind != CellKind::Empty {
                    // A run of one-way cells whose solid pixels fill the same rectangle.
                    let rect = self.solid_rect(tx, ty);
                    let mut end = tx + 1;
                    while end < w
                        && self.one_way(end, ty)
                        && rect.is_some()
                        && self.solid_rect(end, ty) == rect
                    {
                        end += 1;
                    }
                    match rect {
                        Some((x0, y0, x1, y1)) => out.push(StaticCollider {
                            shape: StaticShape::Rect {
                                x0: (tx * n + x0) as f32,
                                y0: (ty * n + y0) as f32,
                                x1: ((end - 1) * n + x1) as f32,
                                y1: (ty * n + y1) as f32,
                            },
                            one_way: true,
                        }),
                        None => out.push(StaticCollider {
                            shape: StaticShape::Hull(self.hull(tx, ty)),
                            one_way: true,
                        }),
                    }
                    tx = end;
                } else {
                    if kind == CellKind::Partial {
                        out.push(StaticCollider {
                            shape: StaticShape::Hull(self.hull(tx, ty)),
                            one_way: false,
                        });
                    }
                    tx += 1;
                }
            }
        }

        if self.map.outside().solid != Solid::Empty {
            let (wp, hp) = ((w * n) as f32, (h * n) as f32);
            let t = n as f32;
            for (x0, y0, x1, y1) in [
                (-t, -t, 0.0, hp + t),
                (wp, -t, wp + t, hp + t),
                (0.0, -t, wp, 0.0),
                (0.0, hp, wp, hp + t),
            ] {
                out.push(StaticCollider {
                    shape: StaticShape::Rect { x0, y0, x1, y1 },
                    one_way: false,
                });
            }
        }
        out
    }

    /// The rectangle its solid pixels fill exactly (tile-local `x0, y0, x1, y1`, far edges
    /// excluded), or `None` when they fill no rectangle.
    fn solid_rect(&self, tx: i32, ty: i32) -> Option<(i32, i32, i32, i32)> {
        let n = self.map.tile_size();
        let solid: Vec<(u8, u8)> = (0..n)
            .flat_map(|y| (0..n).map(move |x| (x, y)))
            .filter(|&(x, y)| self.pixel_solid(tx, ty, x, y))
            .collect();
        let x0 = solid.iter().map(|p| p.0).min()?;
        let x1 = solid.iter().map(|p| p.0).max()? + 1;
        let y0 = solid.iter().map(|p| p.1).min()?;
        let y1 = solid.iter().map(|p| p.1).max()? + 1;
        let area = usize::from(x1 - x0) * usize::from(y1 - y0);
        (area == solid.len()).then_some((
            i32::from(x0),
            i32::from(y0),
            i32::from(x1),
            i32::from(y1),
        ))
    }

    /// The convex hull of the corners of cell `(tx, ty)`'s solid pixels, in world pixels,
    /// counter-clockwise, without collinear points.
    pub fn hull(&self, tx: i32, ty: i32) -> Vec<[f32; 2]> {
        let n = self.map.tile_size();
        let mut corners = Vec::new();
        for y in 0..n {
            for x in 0..n {
                if self.pixel_solid(tx, ty, x, y) {
                    let (x, y) = (i32::from(x), i32::from(y));
                    corners.extend([(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]);
                }
            }
        }
        let t = self.tile();
        convex_hull(corners)
            .into_iter()
            .map(|(x, y)| [(tx * t + x) as f32, (ty * t + y) as f32])
            .collect()
    }

    /// Places a `width`×`height` actor (box feet, default settings) on the ground below
    /// `(centre_x, from_y)`: its bottom-left pixel, or `None` if there is no ground.
    pub fn ground_below(
        &self,
        centre_x: i32,
        from_y: i32,
        width: u16,
        height: u16,
    ) -> Option<(i32, i32)> {
        let mut actor = Actor::new(0, 0, width, height);
        self.world()
            .place_on_ground(&mut actor, centre_x, from_y)
            .then_some((actor.x, actor.y))
    }
}

/// A copy of `blob` that lives as long as the program: one per distinct blob loaded (a few
/// kilobytes), so that `Tables` can borrow it from anywhere.
fn interned(blob: &[u8]) -> &'static [u8] {
    static KEPT: Mutex<Vec<&'static [u8]>> = Mutex::new(Vec::new());
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(b) = kept.iter().find(|b| **b == blob) {
        return b;
    }
    let b: &'static [u8] = Box::leak(blob.to_vec().into_boxed_slice());
    kept.push(b);
    b
}

/// Rectangles of cells (`tx0, ty0, tx1, ty1`, far edges excluded) covering every cell for
/// which `solid` holds: with `merge`, runs along each row, then runs with the same span
/// in consecutive rows joined; else one per cell.
pub fn cell_rects(
    width: i32,
    height: i32,
    merge: bool,
    solid: impl Fn(i32, i32) -> bool,
) -> Vec<(i32, i32, i32, i32)> {
    let mut done = Vec::new();
    // Rectangles still open at the row below: (tx0, tx1) → ty0.
    let mut open: Vec<(i32, i32, i32)> = Vec::new();
    for ty in 0..height {
        let mut runs = Vec::new();
        let mut tx = 0;
        while tx < width {
            if solid(tx, ty) {
                let start = tx;
                tx += 1;
                if merge {
                    while tx < width && solid(tx, ty) {
                        tx += 1;
                    }
                }
                runs.push((start, tx));
            } else {
                tx += 1;
            }
        }
        let mut next = Vec::new();
        for (x0, x1) in runs {
            let below = open
                .iter()
                .position(|&(a, b, _)| merge && (a, b) == (x0, x1));
            let ty0 = match below {
                Some(i) => open.swap_remove(i).2,
                None => ty,
            };
            next.push((x0, x1, ty0));
        }
        done.extend(open.drain(..).map(|(x0, x1, ty0)| (x0, ty0, x1, ty)));
        open = next;
    }
    done.extend(open.into_iter().map(|(x0, x1, ty0)| (x0, ty0, x1, height)));
    done.sort_unstable_by_key(|&(x0, y0, ..)| (y0, x0));
    done
}

/// The convex hull of `points`, counter-clockwise from the lowest-leftmost, without
/// collinear points (Andrew's monotone chain).
pub fn convex_hull(mut points: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    points.sort_unstable();
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    let cross = |o: (i32, i32), a: (i32, i32), b: (i32, i32)| {
        i64::from(a.0 - o.0) * i64::from(b.1 - o.1) - i64::from(a.1 - o.1) * i64::from(b.0 - o.0)
    };
    let mut hull: Vec<(i32, i32)> = Vec::with_capacity(points.len() * 2);
    for pass in 0..2 {
        let start = hull.len();
        let ordered: Box<dyn Iterator<Item = &(i32, i32)>> = if pass == 0 {
            Box::new(points.iter())
        } else {
            Box::new(points.iter().rev())
        };
        for &p in ordered {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_staircase_hull_keeps_its_outer_corners() {
        // A 45° slope of 4 px: column x solid in rows 0..=x.
        let mut corners = Vec::new();
        for x in 0..4 {
            for y in 0..=x {
                corners.extend([(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]);
            }
        }
        assert_eq!(
            convex_hull(corners),
            vec![(0, 0), (4, 0), (4, 4), (3, 4), (0, 1)]
        );
    }

    #[test]
    fn merging_joins_rows_then_columns() {
        // ##.
        // ###
        let solid = |x: i32, y: i32| y == 0 || x < 2;
        assert_eq!(
            cell_rects(3, 2, true, solid),
            vec![(0, 0, 3, 1), (0, 1, 2, 2)]
        );
        // ##
        // ##
        let square = |_: i32, _: i32| true;
        assert_eq!(cell_rects(2, 2, true, square), vec![(0, 0, 2, 2)]);
        assert_eq!(cell_rects(2, 2, false, square).len(), 4);
    }
}
