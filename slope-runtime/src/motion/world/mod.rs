//! World-space queries: a box in world pixels against the cells of a map.
//!
//! Three questions, each for any [`Direction`](crate::Direction), answered from the tables of only the cells
//! the box (or its sweep) covers:
//!
//! - **hits**: does the box cover a solid pixel?
//! - **room**: how far can the box move before it touches one (up to a limit)?
//! - **escape**: what is the least distance that takes it out of every solid pixel?
//!
//! The mover (`crate::motion::step`) is built from these and nothing else.
//!
//! A `World` is a `Grid` (`grid`: the map and its tables, and every question about cells
//! alone: `cells`, `top`, `foot`, the ground angle's trace) and the platforms
//! (`platforms`); its own methods are the public queries and those that meet cells and
//! platforms together (`queries`).

mod cells;
mod foot;
pub(crate) mod grid;
mod ground_angle;
mod meeting;
pub(crate) mod one_way;
mod platforms;
mod queries;
pub(crate) mod rules;
pub(crate) mod top;

pub(crate) use foot::foot_column;

use crate::map::TileMap;
use crate::motion::platform::Platform;
use crate::motion::world::grid::Grid;
use crate::tables::Tables;

/// A map and the tables its shapes come from.
///
/// The map's shape ids must be the tables' own: a cell naming a shape the tables lack is
/// air (every query, step and platform move treats it as [`Cell::EMPTY`](crate::Cell::EMPTY); see
/// [`Solid::Shape`](crate::Solid::Shape) and the maps' `check_tables`).
///
/// Every call's work is bounded (see [the crate docs](crate#limits-and-cost)); the box
/// queries ([`World::hits`], [`World::room`], [`World::escape`], [`World::cell_distance`])
/// cost in proportion to the cells their box covers, and for `room` and `escape` sweeps
/// over (at most [`MAX_MOVE`](crate::MAX_MOVE) px).
///
/// ```
/// use slope_runtime::{Cell, GridMap, Rect, Tables, Direction, World};
/// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
/// let tables = Tables::from_bytes(BLOB)?;
/// let mut map: GridMap<4, 4> = GridMap::new(Cell::FULL);
/// map.set(1, 0, Cell::FULL);
/// let world = World::new(tables, &map);
/// // an 8×8 box resting on the block at (1, 0): no room below, 48 px above (up to the wall)
/// let b = Rect { x0: 16, y0: 16, x1: 23, y1: 23 };
/// assert_eq!(world.room(b, Direction::Down, 10), 0);
/// assert_eq!(world.room(b, Direction::Up, 100), 40);
/// # Ok::<(), slope_runtime::BlobError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct World<'t, M, P = &'static [Platform]> {
    /// The map and its tables: every cell query is the grid's.
    pub(crate) grid: Grid<'t, M>,
    pub(crate) platforms: P,
}

impl<'t, M: TileMap> World<'t, M> {
    /// A world of `map`, whose shape cells refer to `tables`.
    pub fn new(tables: Tables<'t>, map: M) -> World<'t, M> {
        World::with_platforms(tables, map, &[])
    }

    /// A world of `map` and moving `platforms` (solid or one-way boxes, see [`Platform`]
    /// and [`crate::move_platform`]).
    ///
    /// Every world is a slice of platforms (empty for [`World::new`]), so the mover is
    /// compiled once per map type: that keeps firmware small.
    pub fn with_platforms<'p>(
        tables: Tables<'t>,
        map: M,
        platforms: &'p [Platform],
    ) -> World<'t, M, &'p [Platform]> {
        World {
            grid: Grid::new(tables, map),
            platforms,
        }
    }
}

impl<'t, M: TileMap, P: AsRef<[Platform]>> World<'t, M, P> {
    /// The platforms.
    pub fn platforms(&self) -> &[Platform] {
        self.platforms.as_ref()
    }

    /// The map.
    pub fn map(&self) -> &M {
        &self.grid.map
    }

    /// The tables.
    pub fn tables(&self) -> &Tables<'t> {
        &self.grid.tables
    }

    /// The tile size N.
    pub fn tile_size(&self) -> i32 {
        self.grid.n
    }
}

#[cfg(test)]
mod tests {
    use super::World;
    use super::grid::{split, tile_shift};
    use super::one_way::{FeetRow, OneWay};
    #[cfg(feature = "centre_feet")]
    use super::rules::Foot;
    use super::rules::{Rules, SkipPlatform};
    use crate::Direction;
    use crate::map::TileMap;
    use crate::motion::rect::Rect;
    use crate::tables::format::ANY_TILE_SIZE;
    use crate::testing::{Map, map, pixel, read_sizes, redrawn_pixel, tables, tables_of_size};
    use crate::{Cell, GridMap, Variant};
    use proptest::prelude::*;
    use proptest::test_runner::TestRunner;

    fn rect() -> impl Strategy<Value = Rect> {
        rect_on(16)
    }

    /// [`rect`] on tiles of `n` px: boxes over the map of 5×5 cells and a little beyond.
    fn rect_on(n: i32) -> impl Strategy<Value = Rect> {
        let place = || -n / 2..5 * n + n / 2;
        (place(), place(), 1..40i32, 1..40i32).prop_map(|(x0, y0, w, h)| Rect {
            x0,
            y0,
            x1: x0 + w - 1,
            y1: y0 + h - 1,
        })
    }

    /// Every rule set a mover uses: one-way cells ignored or met by feet coming from a
    /// box near `r` (possibly skipping a row), whole-box or centre feet.
    fn rules(r: Rect) -> impl Strategy<Value = Rules> {
        let one_way = prop_oneof![
            Just(OneWay::Ignored),
            (-2..=2i32, -2..=2i32, -1..6i32).prop_map(move |(dx, dy, skip_row)| OneWay::Below {
                from: FeetRow {
                    x0: r.x0 + dx,
                    x1: r.x1 + dx,
                    y: r.y0 + dy,
                },
                skip_row,
            }),
        ];
        #[cfg(feature = "centre_feet")]
        let foot = prop::option::of((0..=(r.x1 - r.x0) as u8, 0..5u8))
            .prop_map(|foot| foot.map(|(offset, rise)| Foot::new(offset, rise)));
        #[cfg(not(feature = "centre_feet"))]
        let foot = Just(());
        (one_way, foot).prop_map(|(one_way, _foot)| Rules {
            one_way,
            #[cfg(feature = "centre_feet")]
            foot: _foot,
            skip_platform: SkipPlatform::NONE,
        })
    }

    /// Whether the whole box `r` covers a pixel that meets it under `rules`, read pixel by
    /// pixel as the one-way rule says: a solid pixel of a cell that is not one-way, or of
    /// a one-way cell in the box's bottom row, outside the row skipped, when the bottom
    /// row of `from` covers no solid pixel of that cell.
    fn hits_by_pixels(map: &Map, r: Rect, rules: &Rules) -> bool {
        hits_by(16, map, r, rules, |x, y| pixel(map, x, y))
    }

    /// [`hits_by_pixels`] on tiles of `n` px whose pixels `solid` says.
    fn hits_by(
        n: i32,
        map: &Map,
        r: Rect,
        rules: &Rules,
        solid: impl Fn(i32, i32) -> bool,
    ) -> bool {
        let meets = |x: i32, y: i32| {
            let (tx, ty) = (x.div_euclid(n), y.div_euclid(n));
            if !solid(x, y) {
                return false;
            }
            if !map.cell(tx, ty).one_way {
                return true;
            }
            match rules.one_way {
                OneWay::Ignored => false,
                OneWay::Below { from, skip_row } => {
                    let inside_before = (from.x0.max(tx * n)..=from.x1.min(tx * n + n - 1))
                        .any(|fx| from.y.div_euclid(n) == ty && solid(fx, from.y));
                    y == r.y0 && ty != skip_row && !inside_before
                }
            }
        };
        (r.y0..=r.y1).any(|y| (r.x0..=r.x1).any(|x| meets(x, y)))
    }

    fn direction() -> impl Strategy<Value = Direction> {
        prop::sample::select(Direction::ALL.to_vec())
    }

    fn case() -> impl Strategy<Value = (Map, Rect, Rules, Direction, i32)> {
        (map(), rect(), direction(), 0..12i32)
            .prop_flat_map(|(m, r, d, k)| (Just(m), Just(r), rules(r), Just(d), Just(k)))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

        /// The swept-region shortcut answers exactly what the tests per distance do, under
        /// every rule set, for free and embedded boxes alike (for a centre foot, whose box
        /// meets the cells by parts that follow the ground, for free boxes: the only ones
        /// the mover asks about).
        #[test]
        fn has_room_is_room_with_at_least_k((map, r, rules, dir, k) in case()) {
            let world = World::new(tables(), &map);
            if rules.foot().is_some() && world.hits_with(r, &rules) {
                return Ok(());
            }
            prop_assert_eq!(
                world.has_room(r, dir, k, &rules),
                world.room_with(r, dir, k, &rules) >= k,
                "{:?} {:?} {} {:?}", r, dir, k, rules
            );
        }

        /// An escape is the least distance whose box covers no solid pixel, for any limit
        /// (a negative one answers whether the box is free now); for a box that collides,
        /// starting at distance 1 agrees too. Whole boxes are read pixel by pixel; a
        /// centre foot's box through `hits_with` (its pixels are `foot`'s tests' matter).
        #[test]
        fn escapes_are_the_least_free_distance((map, r, rules, dir, limit) in case(), negative in any::<bool>()) {
            let limit = if negative { -1 - limit } else { limit };
            let world = World::new(tables(), &map);
            let hits = |b: Rect| match rules.foot() {
                None => hits_by_pixels(&map, b, &rules),
                Some(_) => world.hits_with(b, &rules),
            };
            let least = (0..=limit.max(0)).find(|&k| !hits(r.shifted(dir, k)));
            prop_assert_eq!(world.escape_with(r, dir, limit, &rules), least);
            if hits(r) {
                prop_assert_eq!(world.escape_from(r, dir, 1, limit, &rules), least);
            }
        }
    }

    /// Box queries on the default shapes redrawn at other tile sizes (8, 12 and 32 px:
    /// one-, two- and four-byte masks, and a tile of a pixel found by division) answer
    /// what their bitmaps say, under every rule set of whole-box feet: whether a box
    /// meets anything, and the least free distance of an escape. Boxes lie over the map
    /// and a little beyond.
    #[test]
    fn box_queries_are_the_pixels_on_other_tile_sizes() {
        for n in read_sizes([8, 12, 32]) {
            let size = i32::from(n);
            let case = (map(), rect_on(size), direction(), -1..12i32)
                .prop_flat_map(|(m, r, d, k)| (Just(m), Just(r), rules(r), Just(d), Just(k)));
            let config = ProptestConfig {
                cases: 2000,
                failure_persistence: None,
                ..ProptestConfig::default()
            };
            let result = TestRunner::new(config).run(&case, |(map, r, rules, dir, limit)| {
                // Whole-box feet: the rules' one-way part, without a centre foot.
                let rules = Rules {
                    #[cfg(feature = "centre_feet")]
                    foot: None,
                    ..rules
                };
                let world = World::new(tables_of_size(n), &map);
                let hits =
                    |b: Rect| hits_by(size, &map, b, &rules, |x, y| redrawn_pixel(n, &map, x, y));
                prop_assert_eq!(
                    world.hits_with(r, &rules),
                    hits(r),
                    "N {} {:?} {:?}",
                    n,
                    r,
                    rules
                );
                let least = (0..=limit.max(0)).find(|&k| !hits(r.shifted(dir, k)));
                prop_assert_eq!(world.escape_with(r, dir, limit, &rules), least, "N {}", n);
                Ok(())
            });
            if let Err(e) = result {
                panic!("{e}");
            }
        }
    }

    /// A box beside a cell, across the direction asked, meets nothing in it: a full
    /// block answers like a shape (it used to report the distance along the motion, as if
    /// the box were in front of it).
    #[test]
    fn a_box_beside_a_cell_meets_nothing() {
        let t = tables();
        let slope = t.find("slope45").expect("a default tile");
        let beside = Rect {
            x0: -10,
            y0: 20,
            x1: -5,
            y1: 25,
        };
        for cell in [Cell::FULL, Cell::shape(slope, Variant::Identity)] {
            let mut map: GridMap<2, 2> = GridMap::new(Cell::EMPTY);
            map.set(0, 0, cell);
            let world = World::new(t, &map);
            for dir in Direction::ALL {
                assert_eq!(
                    world.cell_distance(0, 0, beside, dir),
                    (false, i32::MAX),
                    "{cell:?} {dir:?}"
                );
            }
            // In front of its bottom rows, moving towards it: 4 px of room (x = -5 → -1).
            let ahead = Rect {
                y0: 0,
                y1: 1,
                ..beside
            };
            assert_eq!(
                world.cell_distance(0, 0, ahead, Direction::Right),
                (false, 4),
                "{cell:?}"
            );
        }
    }

    /// Pixels to tiles, shifted or divided, is floor division for every tile size.
    #[test]
    fn split_is_floor_division() {
        let values = (-70..70).chain([i32::MIN, i32::MIN + 1, -(1 << 30), 1 << 30, i32::MAX]);
        // Without `any_tile_size`, the shift is taken untested: powers of two only.
        let sizes = (1..=64).filter(|n: &i32| ANY_TILE_SIZE || n.count_ones() == 1);
        for n in sizes {
            let shift = tile_shift(n);
            assert_eq!(shift < 32, n.count_ones() == 1, "n = {n}");
            for v in values.clone() {
                assert_eq!(
                    split(v, n, shift),
                    (v.div_euclid(n), v.rem_euclid(n)),
                    "{v} / {n}"
                );
            }
        }
    }
}
