//! The promises of a blob that `Tables::from_bytes` accepted: every lookup answers, and the
//! answers agree with one another. The validation promises that lookups after it cannot
//! fail, and that a record is self-consistent (its range masks, its rows and its variant
//! columns all the same picture): a blob that passes validation but breaks that shows
//! here as two lookups that disagree.

use slope_runtime::{
    Cell, Direction, GridMap, LocalBox, Overlap, Rect, Shape, ShapeId, Tables, Variant, World,
};

use crate::mover::{Rng, support};

/// Pixels compared one by one per blob, at most: keeps a 64-px blob of many shapes to
/// about a millisecond, the rest sampled.
const PIXEL_BUDGET: usize = 64 * 1024;

/// Checks every promise of `tables`; `seed` picks the boxes and maps probed.
pub fn check(tables: &Tables<'_>, seed: u64) {
    let n = tables.tile_size();
    assert!((4..=64).contains(&n), "tile size {n} accepted");
    check_names(tables);
    let mut rng = Rng::new(seed);
    let mut budget = PIXEL_BUDGET;
    for id in 0..tables.shape_count() {
        let shape = tables
            .shape(ShapeId::new(id))
            .expect("every id below the count has a shape");
        assert_eq!(shape.tile_size(), n);
        let picture = Picture::of(&shape);
        if budget >= 8 * picture.pixels() {
            budget -= 8 * picture.pixels();
            for variant in Variant::ALL {
                check_variant(&shape, &picture, variant);
            }
        }
        check_boxes(&shape, &picture, &mut rng);
    }
    check_world(tables, &mut rng);
}

/// Names: one per shape, non-empty, each finding its own shape, none past the count.
fn check_names(tables: &Tables<'_>) {
    let count = tables.shape_count();
    assert!(tables.shape(ShapeId::new(count)).is_none());
    assert!(tables.name(ShapeId::new(count)).is_none());
    assert_eq!(tables.ids().count(), usize::from(count));
    for (id, name) in tables.ids() {
        assert!(!name.is_empty(), "shape {} has an empty name", id.index());
        assert_eq!(tables.name(id), Some(name));
        assert_eq!(
            tables.find(name),
            Some(id),
            "{name:?} does not find its own shape"
        );
        assert!(tables.shape_by_name(name).is_some());
    }
}

/// A shape's base picture (`Variant::Identity`), read pixel by pixel.
struct Picture {
    n: u8,
    /// `rows[y]` bit x: pixel (x, y) solid.
    rows: Vec<u64>,
}

impl Picture {
    fn of(shape: &Shape<'_>) -> Picture {
        let n = shape.tile_size();
        let rows = (0..n)
            .map(|y| {
                (0..n)
                    .filter(|&x| shape.is_solid(Variant::Identity, x, y))
                    .fold(0u64, |row, x| row | 1 << x)
            })
            .collect();
        Picture { n, rows }
    }

    fn pixels(&self) -> usize {
        usize::from(self.n) * usize::from(self.n)
    }

    /// Pixel (x, y) of `variant`, by the documented rule: rotate 90° clockwise, then
    /// mirror X, then mirror Y (`slope-runtime/docs/offsets.md`).
    fn solid(&self, variant: Variant, x: i32, y: i32) -> bool {
        support::base_pixel(i32::from(self.n), variant, x, y)
            .is_some_and(|(x, y)| self.rows[y as usize] >> x & 1 != 0)
    }

    /// Whether any pixel of the box (inclusive, tile coordinates, clipped to the tile) is
    /// solid in `variant`.
    fn covers(&self, variant: Variant, x0: i32, y0: i32, x1: i32, y1: i32) -> bool {
        let n = i32::from(self.n);
        (y0.max(0)..=y1.min(n - 1))
            .any(|y| (x0.max(0)..=x1.min(n - 1)).any(|x| self.solid(variant, x, y)))
    }
}

/// A variant's pixels are the base picture turned, and its surfaces are its columns' tops.
fn check_variant(shape: &Shape<'_>, picture: &Picture, variant: Variant) {
    let n = shape.tile_size();
    for y in 0..n {
        for x in 0..n {
            assert_eq!(
                shape.is_solid(variant, x, y),
                picture.solid(variant, i32::from(x), i32::from(y)),
                "pixel ({x}, {y}) of variant {} is not the base picture turned",
                variant.name()
            );
        }
    }
    for column in 0..n {
        let top = (0..n)
            .rev()
            .find(|&y| picture.solid(variant, i32::from(column), i32::from(y)));
        let surface = shape.surface(variant, column);
        assert_eq!(
            surface.map(|s| s.height),
            top.map(|y| y + 1),
            "column {column} of variant {}: surface height is not the column's top",
            variant.name()
        );
        if let Some(s) = surface {
            assert!(
                s.angle <= 63 || s.angle >= 193,
                "column {column} of {}: angle {} is vertical or steeper",
                variant.name(),
                s.angle
            );
        }
    }
    assert!(shape.surface(variant, n).is_none());
    assert!(!shape.is_solid(variant, n, 0) && !shape.is_solid(variant, 0, n));
}

/// Overlaps and boxes anywhere: the masks' answer is the pixels' answer, and the distance
/// queries answer without failing.
fn check_boxes(shape: &Shape<'_>, picture: &Picture, rng: &mut Rng) {
    let n = i32::from(shape.tile_size());
    for _ in 0..16 {
        let variant = Variant::ALL[rng.below(8) as usize];
        let (x, y) = (rng.below(n as u32) as u8, rng.below(n as u32) as u8);
        let w = rng.below(n as u32 - u32::from(x)) as u8;
        let h = rng.below(n as u32 - u32::from(y)) as u8;
        let overlap = Overlap::new(x, y, w, h);
        let brute = picture.covers(
            variant,
            i32::from(x),
            i32::from(y),
            i32::from(x + w),
            i32::from(y + h),
        );
        assert_eq!(
            shape.is_colliding(variant, overlap),
            brute,
            "{overlap:?} of {}: the range masks disagree with the pixels",
            variant.name()
        );
        let offsets = shape.offsets(variant, overlap);
        assert_eq!(offsets.is_colliding(), brute);
        // Overlaps past the tile are clamped, never refused.
        let wild = Overlap::new(rng.byte(), rng.byte(), rng.byte(), rng.byte());
        let _ = shape.offsets(variant, wild);
        for dir in Direction::ALL {
            let _ = shape.distance(variant, wild, dir);
        }

        let b = LocalBox {
            x0: rng.range(-2 * n, 3 * n),
            y0: rng.range(-2 * n, 3 * n),
            x1: 0,
            y1: 0,
        };
        let b = LocalBox {
            x1: b.x0 + rng.range(0, 2 * n),
            y1: b.y0 + rng.range(0, 2 * n),
            ..b
        };
        let brute = picture.covers(variant, b.x0, b.y0, b.x1, b.y1);
        assert_eq!(
            shape.box_collides(variant, b),
            brute,
            "{b:?} of {}",
            variant.name()
        );
        for dir in Direction::ALL {
            let (colliding, distance) = shape.box_distance(variant, b, dir);
            assert_eq!(colliding, brute, "{b:?} {dir:?} of {}", variant.name());
            assert!(distance >= 0, "{b:?} {dir:?}: negative distance {distance}");
        }
    }
}

/// A small map of the blob's shapes: the world's box test is the pixels' answer.
fn check_world(tables: &Tables<'_>, rng: &mut Rng) {
    let count = tables.shape_count();
    let n = i32::from(tables.tile_size());
    let outside = if rng.below(2) == 0 {
        Cell::EMPTY
    } else {
        Cell::FULL
    };
    let mut map: GridMap<4, 4> = GridMap::new(outside);
    for ty in 0..4 {
        for tx in 0..4 {
            map.set(tx, ty, random_cell(rng, count));
        }
    }
    let world = World::new(*tables, &map);
    let pictures: Vec<Picture> = (0..count)
        .map(|id| Picture::of(&tables.shape(ShapeId::new(id)).expect("a shape")))
        .collect();
    let solid = |x: i32, y: i32| {
        let cell = slope_runtime::TileMap::cell(&map, x.div_euclid(n), y.div_euclid(n));
        !cell.one_way
            && match cell.solid {
                slope_runtime::Solid::Empty => false,
                slope_runtime::Solid::Full => true,
                slope_runtime::Solid::Shape(id, v) => pictures
                    .get(usize::from(id.index()))
                    .is_some_and(|p| p.solid(v, x.rem_euclid(n), y.rem_euclid(n))),
            }
    };
    for _ in 0..8 {
        let x0 = rng.range(-n, 5 * n);
        let y0 = rng.range(-n, 5 * n);
        let r = Rect {
            x0,
            y0,
            x1: x0 + rng.range(0, 64),
            y1: y0 + rng.range(0, 64),
        };
        let brute = (r.y0..=r.y1).any(|y| (r.x0..=r.x1).any(|x| solid(x, y)));
        assert_eq!(
            world.hits(r),
            brute,
            "World::hits({r:?}) disagrees with the pixels"
        );
    }
}

/// Any cell of a blob with `count` shapes: empty, full or a shape in a variant, now and
/// then one-way.
pub fn random_cell(rng: &mut Rng, count: u16) -> Cell {
    let cell = match rng.below(4) {
        0 => Cell::EMPTY,
        1 => Cell::FULL,
        _ if count == 0 => Cell::FULL,
        _ => Cell::shape(
            ShapeId::new(rng.below(u32::from(count)) as u16),
            Variant::ALL[rng.below(8) as usize],
        ),
    };
    if rng.below(5) == 0 {
        cell.one_way()
    } else {
        cell
    }
}
