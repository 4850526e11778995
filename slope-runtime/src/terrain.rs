//! Terrain as a height per pixel column, for the mover's shortcut over slopes.
//!
//! Where, inside a region, every column's solid pixels are exactly those below some
//! height (ground: slopes and blocks under open air), a whole-box actor walking there
//! needs no box tests at all: its box at row `y` is free exactly when `y` is at least the
//! highest column under it, and each pixel step is a comparison of heights.
//!
//! One-way cells count as solid here, with the highest row they may reach recorded: a
//! walk whose feet stay above that row never has them inside one, so the one-way rule
//! (they meet only the feet, coming from above) and plain solidity agree, column by
//! column. One-way cells above every row the feet can reach meet nothing at all: they
//! count as empty (a one-way platform overhead is no ceiling).
//!
//! ```text
//!   column heights of a region        . empty   # solid
//!   . . . . . . . .  (top row)
//!   . . . . . . # #
//!   . . . . # # # #      h = 0 0 1 1 3 3 4 4   (rows above the region's bottom)
//!   . . # # # # # #
//!   # # # # # # # #  ← rows below are never asked
//! ```

use crate::line::low_bits;
use crate::map::{Solid, TileMap};
use crate::platform::Platform;
use crate::shape::VariantColumns;
use crate::world::{OneWay, Rect, World};

/// The most columns, and rows, a [`Heights`] covers.
pub(crate) const MAX_SPAN: i32 = 64;

/// The terrain of a region as heights: in column `x`, the region's pixels below
/// [`Heights::at`]`(x)` are solid and those at or above it are empty.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Heights {
    /// The region's left column.
    x0: i32,
    /// One past the region's top row: the height of a column solid all the way up.
    top: i32,
    /// Heights of columns `x0..`, as rows above the region's bottom.
    rows: [u8; MAX_SPAN as usize],
    /// The region's bottom row.
    y0: i32,
    /// The highest row a one-way cell counted as solid may have a pixel in (its top
    /// row); `i32::MIN` when there is none.
    one_way_top: i32,
}

impl Heights {
    /// The highest row a one-way solid pixel of the region may lie in (`i32::MIN`: none).
    /// The heights stand for the one-way rule only for feet above it.
    #[inline]
    pub(crate) fn one_way_top(&self) -> i32 {
        self.one_way_top
    }

    /// The height of column `x`: solid below, empty from there up (within the region).
    /// Columns outside the region read as solid to the top: a wall, never a way.
    #[inline(always)]
    pub(crate) fn at(&self, x: i32) -> i32 {
        let i = x.wrapping_sub(self.x0);
        usize::try_from(i)
            .ok()
            .and_then(|i| self.rows.get(i))
            .map_or(self.top, |&h| self.y0.wrapping_add(i32::from(h)))
    }

    /// The highest column in `x0..=x1`: the lowest row a box over those columns can stand
    /// at without covering a solid pixel. Columns outside the region are walls.
    #[inline(always)]
    pub(crate) fn highest(&self, x0: i32, x1: i32) -> i32 {
        let (first, last) = (x0.wrapping_sub(self.x0), x1.wrapping_sub(self.x0));
        if !(0..MAX_SPAN).contains(&first) || !(first..MAX_SPAN).contains(&last) {
            return self.top;
        }
        // A max over all the lanes, those outside the range read as 0: no branch per
        // column, and the compiler turns it into a few vector operations.
        let (first, span) = (first as u8, (last - first) as u8);
        let mut h = 0u8;
        for (&row, &lane) in self.rows.iter().zip(LANES.iter()) {
            let inside = lane.wrapping_sub(first) <= span;
            h = h.max(row & if inside { u8::MAX } else { 0 });
        }
        self.y0.wrapping_add(i32::from(h))
    }
}

/// 0, 1, … one per column of a [`Heights`].
// Evaluated at compile time: an index out of bounds would fail the build, not a run.
#[allow(clippy::indexing_slicing)]
const LANES: [u8; MAX_SPAN as usize] = {
    let mut lanes = [0u8; MAX_SPAN as usize];
    let mut i = 0;
    while i < lanes.len() {
        lanes[i] = i as u8;
        i += 1;
    }
    lanes
};

impl<M: TileMap, P: AsRef<[Platform]>> World<'_, M, P> {
    /// The terrain of `region` as heights, if it is one: every column's solid pixels in the
    /// region lie below all of its empty ones, no platform overlaps it, and it spans at
    /// most [`MAX_SPAN`] columns and rows. One-way cells count as solid, except where
    /// `one_way` ignores them (an actor that ignores them all, or the row it drops
    /// through) and those whose bottom row lies above `feet_top` (no feet the caller tests
    /// reach them, and they meet nothing else), which count as empty.
    pub(crate) fn heights(&self, region: Rect, one_way: OneWay, feet_top: i32) -> Option<Heights> {
        let width = region.x1.checked_sub(region.x0)?.checked_add(1)?;
        let height = region.y1.checked_sub(region.y0)?.checked_add(1)?;
        if !(1..=MAX_SPAN).contains(&width) || !(1..=MAX_SPAN).contains(&height) {
            return None;
        }
        if self.any_platform_in(region) {
            return None;
        }
        let inside = low_bits(height as u32);
        // Columns past the region's width: solid to its top (walls, like those outside).
        let mut rows = [height as u8; MAX_SPAN as usize];
        let mut one_way_top = i32::MIN;
        let n = self.n;
        for tx in self.tile_of(region.x0)..=self.tile_of(region.x1) {
            let stack = self.cell_column(tx, region, one_way, feet_top)?;
            one_way_top = one_way_top.max(stack.one_way_top);
            let left = tx.wrapping_mul(n);
            let x0 = left.max(region.x0);
            let x1 = left.wrapping_add(n - 1).min(region.x1);
            // This cell column's part of `rows`, and its first column inside the tile.
            let i0 = usize::try_from(x0.wrapping_sub(region.x0)).ok()?;
            let i1 = usize::try_from(x1.wrapping_sub(region.x0)).ok()?;
            let part = rows.get_mut(i0..=i1)?;
            let first = x0.wrapping_sub(left);
            match stack.shapes {
                // Blocks (or air) only: every column alike.
                [None, ..] => part.fill(run_height(stack.blocks & inside)?),
                // The usual ground: one shape, blocks maybe under it.
                [Some((columns, lift)), None, ..] => {
                    // -N < lift < 64: the cell meets the region (see `placed`).
                    let (up, down) = (lift.max(0) as u32, lift.min(0).unsigned_abs());
                    let blocks = stack.blocks;
                    columns.map_into(first, part, |mask| {
                        run_height((mask.wrapping_shl(up).wrapping_shr(down) | blocks) & inside)
                    })?;
                }
                _ => {
                    for (x, h) in (first..).zip(part.iter_mut()) {
                        *h = run_height(stack.column(x) & inside)?;
                    }
                }
            }
        }
        Some(Heights {
            x0: region.x0,
            y0: region.y0,
            top: region.y1.wrapping_add(1),
            rows,
            one_way_top,
        })
    }

    /// The cells of column `tx` that meet `region`, as bits of its rows (one-way cells as
    /// [`Self::heights`] counts them); `None` at a shape the tables lack, or more shapes
    /// than a [`CellStack`] holds.
    #[inline(always)] // builds the stack in its caller's frame, not in a copy
    fn cell_column(
        &self,
        tx: i32,
        region: Rect,
        one_way: OneWay,
        feet_top: i32,
    ) -> Option<CellStack<'_>> {
        let mut stack = CellStack {
            blocks: 0,
            shapes: [None; STACK_SHAPES],
            one_way_top: i32::MIN,
        };
        let mut shapes = stack.shapes.iter_mut();
        let n = self.n;
        for ty in self.tile_of(region.y0)..=self.tile_of(region.y1) {
            let cell = self.map.cell(tx, ty);
            if cell.is_empty() {
                continue;
            }
            let bottom = ty.wrapping_mul(n);
            if cell.one_way {
                match one_way {
                    OneWay::Below { skip_row, .. } if skip_row != ty && bottom <= feet_top => {
                        stack.one_way_top = stack.one_way_top.max(bottom.wrapping_add(n - 1));
                    }
                    _ => continue,
                }
            }
            // The cell's bottom row, as a shift from the region's bottom row.
            let lift = bottom.wrapping_sub(region.y0);
            match cell.solid {
                Solid::Empty => {}
                Solid::Full => stack.blocks |= placed(low_bits(n as u32), lift),
                Solid::Shape(id, variant) => {
                    *shapes.next()? = Some((self.tables.shape(id)?.columns(variant), lift));
                }
            }
        }
        Some(stack)
    }
}

/// The most shape cells of one column of cells a [`CellStack`] holds. Ground has one;
/// with small tiles a region can stack more (64 rows of 4 px tiles span 17 cells), and
/// then it is simply not taken as heights.
const STACK_SHAPES: usize = 3;

/// The cells of one column of cells within a region: blocks as bits of the region's rows,
/// shapes with the shift that places their rows there.
struct CellStack<'t> {
    blocks: u64,
    shapes: [Option<(VariantColumns<'t>, i32)>; STACK_SHAPES],
    /// The top row of the highest one-way cell counted (`i32::MIN`: none).
    one_way_top: i32,
}

impl CellStack<'_> {
    /// The solid pixels of pixel column `x` of the cells (bit i: the region's row i).
    #[inline]
    fn column(&self, x: i32) -> u64 {
        self.shapes
            .iter()
            .map_while(|s| *s)
            .fold(self.blocks, |m, (columns, lift)| {
                m | placed(columns.get(x), lift)
            })
    }
}

/// The height of a column whose solid pixels are `solid` (bit i: the region's row i), if
/// they lie below all of its empty ones: the mask is a run of ones from bit 0.
#[inline]
fn run_height(solid: u64) -> Option<u8> {
    (solid & solid.wrapping_add(1) == 0).then_some(solid.trailing_ones() as u8)
}

/// A cell's column mask (bit y: the cell's row y) as bits of a region whose bottom row
/// lies `lift` rows below the cell's.
#[inline]
fn placed(mask: u64, lift: i32) -> u64 {
    if lift >= 0 {
        mask.checked_shl(lift as u32).unwrap_or(0)
    } else {
        mask.checked_shr(lift.unsigned_abs()).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::testing::{Map, map, tables, terrain};
    use crate::world::{OneWay, Rect};
    use crate::{Cell, Solid, TileMap, World};

    fn region() -> impl Strategy<Value = Rect> {
        (-8..88i32, -8..88i32, 1..=64i32, 1..=64i32).prop_map(|(x0, y0, w, h)| Rect {
            x0,
            y0,
            x1: x0 + w - 1,
            y1: y0 + h - 1,
        })
    }

    /// Which one-way cells count: none, or all but those of one row (maybe outside) and
    /// those whose bottom row lies above a feet row (maybe above them all).
    fn one_way_rule() -> impl Strategy<Value = (OneWay, i32)> {
        let feet_top = prop_oneof![Just(i32::MAX), -8..88i32];
        prop_oneof![
            feet_top.clone().prop_map(|top| (OneWay::Ignored, top)),
            (-1..6i32, feet_top).prop_map(|(skip_row, top)| {
                let from = Rect {
                    x0: 0,
                    y0: 0,
                    x1: 0,
                    y1: 0,
                };
                (OneWay::Below { from, skip_row }, top)
            }),
        ]
    }

    /// Whether `rule` counts one-way cell row `ty` as solid.
    fn counts((rule, feet_top): (OneWay, i32), ty: i32) -> bool {
        matches!(rule, OneWay::Below { skip_row, .. } if skip_row != ty) && ty * 16 <= feet_top
    }

    /// `map` as `heights` sees it under `rule`: counted one-way cells made plain solid,
    /// the others emptied.
    fn as_counted(map: &Map, rule: (OneWay, i32)) -> Map {
        let mut plain = Map::new(map.outside());
        for ty in 0..5 {
            for tx in 0..5 {
                let c = map.cell(tx, ty);
                let c = match (c.one_way, counts(rule, ty)) {
                    (false, _) => c,
                    (true, true) => Cell {
                        one_way: false,
                        ..c
                    },
                    (true, false) => Cell::EMPTY,
                };
                plain.set(tx, ty, c);
            }
        }
        plain
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

        /// Heights are given exactly when every column is solid below and empty above
        /// within the region, one-way cells counted as the rule says, and then say which
        /// pixels are solid and how high the counted one-way pixels reach.
        #[test]
        fn heights_match_pixels(
            map in prop_oneof![map(), terrain()],
            r in region(),
            rule in one_way_rule(),
        ) {
            let plain = as_counted(&map, rule);
            let truth = World::new(tables(), &plain);
            let solid = |x: i32, y: i32| truth.hits(Rect { x0: x, y0: y, x1: x, y1: y });
            let monotone = (r.x0..=r.x1).all(|x| {
                let ys: Vec<bool> = (r.y0..=r.y1).map(|y| solid(x, y)).collect();
                ys.windows(2).all(|w| w[0] || !w[1])
            });
            // A column of cells stacking more shapes than a `CellStack` holds is refused.
            let stacks_fit = (r.x0.div_euclid(16)..=r.x1.div_euclid(16)).all(|tx| {
                let shapes = (r.y0.div_euclid(16)..=r.y1.div_euclid(16))
                    .filter(|&ty| matches!(plain.cell(tx, ty).solid, Solid::Shape(..)))
                    .count();
                shapes <= super::STACK_SHAPES
            });
            let world = World::new(tables(), &map);
            let heights = world.heights(r, rule.0, rule.1);
            prop_assert_eq!(heights.is_some(), monotone && stacks_fit);
            if let Some(h) = heights {
                for x in r.x0..=r.x1 {
                    let expected = (r.y0..=r.y1).find(|&y| !solid(x, y)).unwrap_or(r.y1 + 1);
                    prop_assert_eq!(h.at(x), expected, "column {}", x);
                }
                let (a, b) = (r.x0 + (r.x1 - r.x0) / 3, r.x1 - (r.x1 - r.x0) / 4);
                prop_assert_eq!(h.highest(a, b), (a..=b).map(|x| h.at(x)).max().unwrap());
                // Every counted one-way pixel lies at or below `one_way_top`.
                let one_way_pixel = |x: i32, y: i32| {
                    let (tx, ty) = (x.div_euclid(16), y.div_euclid(16));
                    map.cell(tx, ty).one_way && counts(rule, ty) && solid(x, y)
                };
                for x in r.x0..=r.x1 {
                    for y in r.y0..=r.y1 {
                        prop_assert!(
                            !one_way_pixel(x, y) || y <= h.one_way_top(),
                            "one-way pixel ({}, {}) above {}", x, y, h.one_way_top()
                        );
                    }
                }
                let any_counted = world.cells(r).any(|(tx, ty)| {
                    let c = map.cell(tx, ty);
                    c.one_way && !c.is_empty() && counts(rule, ty)
                });
                prop_assert_eq!(h.one_way_top() == i32::MIN, !any_counted);
            }
        }
    }
}
