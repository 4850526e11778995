//! The naive baseline: every pixel of a strip tested on its own, against per-cell bitmaps
//! stored as one `bool` per pixel (built once, at setup, from
//! [`Shape::is_solid`](slope_runtime::Shape::is_solid)).

use slope_runtime::{Rect, Tables};

use crate::level::{
    FULL_KIND, H, Level, MAX_KINDS, N, N_LOG2, ONE_WAY, W, classify, one_way_meets,
};
use crate::rules::Probe;

/// Pixels per bitmap.
const PIXELS: usize = (N * N) as usize;

/// The map as bitmap indices (plus a one-way bit), and the bitmaps: one `N×N` array of bools
/// per (shape, variant) used, plus empty and full.
#[derive(Clone, Debug)]
pub struct Naive {
    bitmaps: [[bool; PIXELS]; MAX_KINDS],
    kinds: usize,
    cells: [u16; W * H],
}

impl Naive {
    /// Every cell's bitmap, from `Shape::is_solid` for each pixel of each variant used.
    ///
    /// # Panics
    ///
    /// As the level's classification does: tables not of the default tile size, one-way
    /// cells that are not full blocks, too many (shape, variant) pairs.
    pub fn new(tables: &Tables<'_>, level: &Level) -> Naive {
        let mut bitmaps = [[false; PIXELS]; MAX_KINDS];
        bitmaps[usize::from(FULL_KIND)] = [true; PIXELS];
        let (cells, kinds) = classify(tables, level, |kind, shape, variant| {
            for (i, bit) in bitmaps[kind].iter_mut().enumerate() {
                let (x, y) = (i as i32 % N, i as i32 / N);
                *bit = shape.is_solid(variant, x as u8, y as u8);
            }
        });
        Naive {
            bitmaps,
            kinds,
            cells,
        }
    }

    /// Bitmaps in use (empty and full included), `N × N` bytes each.
    pub fn bitmaps(&self) -> usize {
        self.kinds
    }

    /// Whether world pixel (x, y) blocks a box (see [`Probe`] for `feet`).
    #[inline]
    fn blocked(&self, x: i32, y: i32, feet: Option<&Rect>) -> bool {
        let (tx, ty) = (x >> N_LOG2, y >> N_LOG2);
        let cell = if (0..W as i32).contains(&tx) && (0..H as i32).contains(&ty) {
            self.cells[ty as usize * W + tx as usize]
        } else {
            FULL_KIND
        };
        if cell & ONE_WAY != 0 {
            match feet {
                Some(from) if one_way_meets(tx, ty, from) => {}
                _ => return false,
            }
        }
        self.bitmaps[usize::from(cell & !ONE_WAY)][((y & (N - 1)) * N + (x & (N - 1))) as usize]
    }

    /// Whether world pixel (x, y) is a solid pixel of a shape cell (not a full one).
    #[inline]
    fn sloped(&self, x: i32, y: i32) -> bool {
        let (tx, ty) = (x >> N_LOG2, y >> N_LOG2);
        (0..W as i32).contains(&tx)
            && (0..H as i32).contains(&ty)
            && self.cells[ty as usize * W + tx as usize] & !ONE_WAY > FULL_KIND
            && self.blocked(x, y, None)
    }
}

impl Probe for Naive {
    #[inline]
    fn column_free(&self, x: i32, y0: i32, y1: i32, feet: Option<&Rect>) -> bool {
        !self.blocked(x, y0, feet) && (y0 + 1..=y1).all(|y| !self.blocked(x, y, None))
    }

    #[inline]
    fn row_free(&self, x0: i32, x1: i32, y: i32, feet: Option<&Rect>) -> bool {
        (x0..=x1).all(|x| !self.blocked(x, y, feet))
    }

    #[inline]
    fn feet_free(&self, x0: i32, x1: i32, y: i32, from: &Rect) -> bool {
        (x0..=x1).all(|x| !self.blocked(x, y, Some(from)) || self.blocked(x, y, None))
    }

    #[inline]
    fn row_sloped(&self, x0: i32, x1: i32, y: i32) -> bool {
        (x0..=x1).any(|x| self.sloped(x, y))
    }
}
