//! The bit-mask baseline: what a competent sweep over bitmaps looks like. Each (shape,
//! variant) used holds its rows and its columns as bit masks (`[u16; 16]` each, 64 bytes,
//! built once at setup from [`Shape::is_solid`](slope_runtime::Shape::is_solid)); a strip
//! of pixels (a row segment or a column segment) is tested cell by cell, each cell with one
//! AND of a line mask and a range mask, and empty and full cells answer without a mask.
//! No loop runs per pixel and all arithmetic is 32-bit (on a Cortex-M0, 64-bit multiplies
//! and shifts are library calls).

use slope_runtime::{Rect, Tables};

use crate::level::{
    EMPTY_KIND, FULL_KIND, H, Level, MAX_KINDS, N, N_LOG2, ONE_WAY, W, classify, one_way_meets,
};
use crate::rules::Probe;

/// One (shape, variant)'s pixels: bit `x` of `rows[y]` and bit `y` of `cols[x]` are pixel
/// (x, y), y up.
#[derive(Clone, Copy, Debug, Default)]
struct Masks {
    rows: [u16; N as usize],
    cols: [u16; N as usize],
}

/// The map as mask indices (plus a one-way bit), and the masks of each (shape, variant)
/// used.
#[derive(Clone, Debug)]
pub struct Bitmask {
    masks: [Masks; MAX_KINDS],
    kinds: usize,
    cells: [u16; W * H],
}

/// Where a strip from pixel `a` to pixel `b` (a ≤ b) crosses tile `t`: its pixels there,
/// as a range of bits of the tile's lines.
#[inline(always)]
fn part(a: i32, b: i32, t: i32) -> u32 {
    let lo = if a >> N_LOG2 == t { a & (N - 1) } else { 0 };
    let hi = if b >> N_LOG2 == t { b & (N - 1) } else { N - 1 };
    (2u32 << hi) - (1u32 << lo)
}

impl Bitmask {
    /// Every used (shape, variant)'s row and column masks, from `Shape::is_solid`.
    ///
    /// # Panics
    ///
    /// As the level's classification does: tables not of the default tile size, one-way
    /// cells that are not full blocks, too many (shape, variant) pairs.
    pub fn new(tables: &Tables<'_>, level: &Level) -> Bitmask {
        let mut masks = [Masks::default(); MAX_KINDS];
        let (cells, kinds) = classify(tables, level, |kind, shape, variant| {
            let m = &mut masks[kind];
            for y in 0..N as u8 {
                for x in 0..N as u8 {
                    if shape.is_solid(variant, x, y) {
                        m.rows[usize::from(y)] |= 1 << x;
                        m.cols[usize::from(x)] |= 1 << y;
                    }
                }
            }
        });
        Bitmask {
            masks,
            kinds,
            cells,
        }
    }

    /// Mask sets in use (empty and full included), 64 bytes each.
    pub fn mask_sets(&self) -> usize {
        self.kinds
    }

    /// The cells of tile row `ty`, or `None` outside the level (all full).
    #[inline]
    fn tile_row(&self, ty: i32) -> Option<&[u16; W]> {
        let ty = usize::try_from(ty).ok()?;
        self.cells.get(ty * W..(ty + 1) * W)?.try_into().ok()
    }

    /// The kind of tile (tx, ty); outside the level: full.
    #[inline]
    fn cell(&self, tx: i32, ty: i32) -> u16 {
        match self.tile_row(ty) {
            Some(row) => usize::try_from(tx)
                .ok()
                .and_then(|tx| row.get(tx).copied())
                .unwrap_or(FULL_KIND),
            None => FULL_KIND,
        }
    }
}

impl Probe for Bitmask {
    #[inline]
    fn column_free(&self, x: i32, y0: i32, y1: i32, feet: Option<&Rect>) -> bool {
        let (tx, lx) = (x >> N_LOG2, (x & (N - 1)) as usize);
        let t0 = y0 >> N_LOG2;
        for ty in t0..(y1 >> N_LOG2) + 1 {
            let cell = self.cell(tx, ty);
            if cell == EMPTY_KIND {
                continue;
            }
            if cell & ONE_WAY != 0 {
                // Only the bottom pixel is the feet, and it lies in the lowest cell.
                match feet {
                    Some(from) if ty == t0 && one_way_meets(tx, ty, from) => return false,
                    _ => continue,
                }
            }
            if cell == FULL_KIND
                || u32::from(self.masks[usize::from(cell)].cols[lx]) & part(y0, y1, ty) != 0
            {
                return false;
            }
        }
        true
    }

    #[inline]
    fn row_free(&self, x0: i32, x1: i32, y: i32, feet: Option<&Rect>) -> bool {
        if x1 < x0 {
            return true;
        }
        let (ty, ly) = (y >> N_LOG2, (y & (N - 1)) as usize);
        let Some(row) = self.tile_row(ty) else {
            return false;
        };
        for tx in x0 >> N_LOG2..(x1 >> N_LOG2) + 1 {
            let Some(&cell) = usize::try_from(tx).ok().and_then(|tx| row.get(tx)) else {
                return false;
            };
            if cell == EMPTY_KIND {
                continue;
            }
            if cell & ONE_WAY != 0 {
                match feet {
                    Some(from) if one_way_meets(tx, ty, from) => return false,
                    _ => continue,
                }
            }
            if cell == FULL_KIND
                || u32::from(self.masks[usize::from(cell)].rows[ly]) & part(x0, x1, tx) != 0
            {
                return false;
            }
        }
        true
    }

    #[inline]
    fn feet_free(&self, x0: i32, x1: i32, y: i32, from: &Rect) -> bool {
        // Only one-way cells can block feet where the solid test passed.
        let ty = y >> N_LOG2;
        let Some(row) = self.tile_row(ty) else {
            return true;
        };
        x1 < x0
            || (x0 >> N_LOG2..=x1 >> N_LOG2).all(|tx| {
                let cell = usize::try_from(tx).ok().and_then(|tx| row.get(tx));
                !matches!(cell, Some(&c) if c & ONE_WAY != 0 && one_way_meets(tx, ty, from))
            })
    }

    #[inline]
    fn row_sloped(&self, x0: i32, x1: i32, y: i32) -> bool {
        let (ty, ly) = (y >> N_LOG2, (y & (N - 1)) as usize);
        let Some(row) = self.tile_row(ty) else {
            return false;
        };
        x0 <= x1
            && (x0 >> N_LOG2..=x1 >> N_LOG2).any(|tx| {
                let cell = usize::try_from(tx).ok().and_then(|tx| row.get(tx));
                matches!(cell, Some(&c) if c > FULL_KIND && c & ONE_WAY == 0
                    && u32::from(self.masks[usize::from(c)].rows[ly]) & part(x0, x1, tx) != 0)
            })
    }
}
