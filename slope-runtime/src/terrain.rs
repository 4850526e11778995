//! Terrain as a height per pixel column, for the mover's shortcut over slopes.
//!
//! Where, inside a region, every column's solid pixels are exactly those below some
//! height (ground: slopes and blocks under open air), a whole-box actor walking there
//! needs no box tests at all: its box at row `y` is free exactly when `y` is at least the
//! highest column under it, and each pixel step is a comparison of heights.
//!
//! ```text
//!   column heights of a region        . empty   # solid
//!   . . . . . . . .  (top row)
//!   . . . . . . # #
//!   . . . . # # # #      h = 0 0 1 1 3 3 4 4   (rows above the region's bottom)
//!   . . # # # # # #
//!   # # # # # # # #  ← rows below are never asked
//! ```

use crate::geometry::Variant;
use crate::line::low_bits;
use crate::map::{Solid, TileMap};
use crate::platform::Platform;
use crate::shape::Shape;
use crate::world::{Rect, World};

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
}

impl Heights {
    /// The height of column `x`: solid below, empty from there up (within the region).
    /// Columns outside the region read as solid to the top: a wall, never a way.
    #[inline]
    pub(crate) fn at(&self, x: i32) -> i32 {
        let i = x.wrapping_sub(self.x0);
        usize::try_from(i)
            .ok()
            .and_then(|i| self.rows.get(i))
            .map_or(self.top, |&h| self.y0.wrapping_add(i32::from(h)))
    }

    /// The highest column in `x0..=x1`: the lowest row a box over those columns can stand
    /// at without covering a solid pixel.
    #[inline]
    pub(crate) fn highest(&self, x0: i32, x1: i32) -> i32 {
        let i0 = usize::try_from(x0.wrapping_sub(self.x0)).ok();
        let i1 = usize::try_from(x1.wrapping_sub(self.x0)).ok();
        match (i0, i1) {
            (Some(i0), Some(i1)) => match self.rows.get(i0..=i1) {
                Some(hs) => {
                    let h = hs.iter().copied().max().unwrap_or(0);
                    self.y0.wrapping_add(i32::from(h))
                }
                None => self.top,
            },
            _ => self.top,
        }
    }
}

impl<M: TileMap, P: AsRef<[Platform]>> World<'_, M, P> {
    /// The terrain of `region` as heights, if it is one: every column's solid pixels in the
    /// region lie below all of its empty ones, no platform and no one-way cell (other than
    /// an empty one) overlaps it, even where that cell's own pixels lie outside it, and it
    /// spans at most [`MAX_SPAN`] columns and rows.
    pub(crate) fn heights(&self, region: Rect) -> Option<Heights> {
        let width = region.x1.checked_sub(region.x0)?.checked_add(1)?;
        let height = region.y1.checked_sub(region.y0)?.checked_add(1)?;
        if !(1..=MAX_SPAN).contains(&width) || !(1..=MAX_SPAN).contains(&height) {
            return None;
        }
        if self.any_platform_in(region) {
            return None;
        }
        let inside = low_bits(height as u32);
        let mut rows = [0u8; MAX_SPAN as usize];
        let n = self.n;
        for tx in self.tile_of(region.x0)..=self.tile_of(region.x1) {
            let stack = self.cell_column(tx, region)?;
            let left = tx.wrapping_mul(n);
            let x0 = left.max(region.x0);
            let x1 = left.wrapping_add(n - 1).min(region.x1);
            for x in x0..=x1 {
                let solid = stack.column(x.wrapping_sub(left)) & inside;
                // Solid below, empty above: the mask is a run of ones from bit 0.
                if solid & solid.wrapping_add(1) != 0 {
                    return None;
                }
                let i = usize::try_from(x.wrapping_sub(region.x0)).ok()?;
                *rows.get_mut(i)? = solid.trailing_ones() as u8;
            }
        }
        Some(Heights {
            x0: region.x0,
            y0: region.y0,
            top: region.y1.wrapping_add(1),
            rows,
        })
    }

    /// The cells of column `tx` that meet `region`, as bits of its rows; `None` at a
    /// one-way cell that has solid pixels, a shape the tables lack, or more shapes than
    /// a [`CellStack`] holds.
    fn cell_column(&self, tx: i32, region: Rect) -> Option<CellStack<'_>> {
        let mut stack = CellStack {
            blocks: 0,
            shapes: [None; STACK_SHAPES],
        };
        let mut shapes = stack.shapes.iter_mut();
        let n = self.n;
        for ty in self.tile_of(region.y0)..=self.tile_of(region.y1) {
            let cell = self.map.cell(tx, ty);
            if cell.is_empty() {
                continue;
            }
            if cell.one_way {
                return None;
            }
            // The cell's bottom row, as a shift from the region's bottom row.
            let lift = ty.wrapping_mul(n).wrapping_sub(region.y0);
            match cell.solid {
                Solid::Empty => {}
                Solid::Full => stack.blocks |= placed(low_bits(n as u32), lift),
                Solid::Shape(id, variant) => {
                    *shapes.next()? = Some((self.tables.shape(id)?, variant, lift));
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
    shapes: [Option<(Shape<'t>, Variant, i32)>; STACK_SHAPES],
}

impl CellStack<'_> {
    /// The solid pixels of pixel column `x` of the cells (bit i: the region's row i).
    #[inline]
    fn column(&self, x: i32) -> u64 {
        self.shapes
            .iter()
            .map_while(|s| *s)
            .fold(self.blocks, |m, (shape, variant, lift)| {
                m | placed(shape.column_mask(variant, x), lift)
            })
    }
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

    use crate::testing::{map, tables, terrain};
    use crate::world::Rect;
    use crate::{Cell, World};

    fn region() -> impl Strategy<Value = Rect> {
        (-8..88i32, -8..88i32, 1..=64i32, 1..=64i32).prop_map(|(x0, y0, w, h)| Rect {
            x0,
            y0,
            x1: x0 + w - 1,
            y1: y0 + h - 1,
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

        /// Heights are given exactly when every column is solid below and empty above
        /// within the region (one-way cells with solid pixels and platforms aside), and
        /// then say which pixels are solid.
        #[test]
        fn heights_match_pixels(map in prop_oneof![map(), terrain()], r in region()) {
            let world = World::new(tables(), &map);
            let solid = |x: i32, y: i32| world.hits(Rect { x0: x, y0: y, x1: x, y1: y });
            let one_way = world.cells(r).any(|(tx, ty)| {
                let c = map_cell(&world, tx, ty);
                c.one_way && !c.is_empty()
            });
            let monotone = (r.x0..=r.x1).all(|x| {
                let ys: Vec<bool> = (r.y0..=r.y1).map(|y| solid(x, y)).collect();
                ys.windows(2).all(|w| w[0] || !w[1])
            });
            let heights = world.heights(r);
            prop_assert_eq!(heights.is_some(), monotone && !one_way);
            if let Some(h) = heights {
                for x in r.x0..=r.x1 {
                    let expected = (r.y0..=r.y1).find(|&y| !solid(x, y)).unwrap_or(r.y1 + 1);
                    prop_assert_eq!(h.at(x), expected, "column {}", x);
                }
                let (a, b) = (r.x0 + (r.x1 - r.x0) / 3, r.x1 - (r.x1 - r.x0) / 4);
                prop_assert_eq!(h.highest(a, b), (a..=b).map(|x| h.at(x)).max().unwrap());
            }
        }
    }

    fn map_cell(world: &World<'_, &crate::testing::Map>, tx: i32, ty: i32) -> Cell {
        use crate::TileMap;
        world.map().cell(tx, ty)
    }
}
