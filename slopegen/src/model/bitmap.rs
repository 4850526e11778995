//! The solid mask of one tile, in the spec's coordinates (x right, y up, (0, 0) bottom-left).

use slope_runtime::Variant;

/// An N×N solid mask, N in 4..=64, stored as one `u64` per column (bit y = pixel (x, y)).
///
/// ```
/// use slopegen::Bitmap;
/// use slope_runtime::Variant;
///
/// // a 45° slope: column x is solid in rows 0..=x
/// let slope = Bitmap::from_fn(16, |x, y| y <= x);
/// assert!(slope.get(15, 15) && !slope.get(0, 1));
/// // mirrored left-right, the tall column is on the left
/// assert!(slope.variant(Variant::FlipX).get(0, 15));
/// assert_eq!(slope.heights()[3], 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitmap {
    n: u8,
    columns: Vec<u64>,
}

impl Bitmap {
    /// A bitmap whose pixel (x, y) is `solid(x, y)`. `n` must be in 4..=64.
    pub fn from_fn(n: u8, mut solid: impl FnMut(u8, u8) -> bool) -> Bitmap {
        assert!((4..=64).contains(&n), "tile size {n} outside 4..=64");
        let columns = (0..n)
            .map(|x| {
                (0..n)
                    .filter(|&y| solid(x, y))
                    .fold(0u64, |m, y| m | 1 << y)
            })
            .collect();
        Bitmap { n, columns }
    }

    /// N.
    pub fn size(&self) -> u8 {
        self.n
    }

    /// Whether pixel (x, y) is solid (false outside the tile).
    pub fn get(&self, x: u8, y: u8) -> bool {
        y < self.n
            && self
                .columns
                .get(usize::from(x))
                .is_some_and(|c| c >> y & 1 == 1)
    }

    /// Column masks: bit y of entry x is pixel (x, y).
    pub fn columns(&self) -> &[u64] {
        &self.columns
    }

    /// Row masks: bit x of entry y is pixel (x, y).
    pub fn rows(&self) -> Vec<u64> {
        (0..self.n)
            .map(|y| {
                (0..self.n)
                    .filter(|&x| self.get(x, y))
                    .fold(0u64, |m, x| m | 1 << x)
            })
            .collect()
    }

    /// The picture of `variant`, built by the spec's formulas: rotate 90° clockwise
    /// (`V(x, y) = B(N-1-y, x)`), then mirror X, then mirror Y.
    pub fn variant(&self, variant: Variant) -> Bitmap {
        let last = self.n - 1;
        Bitmap::from_fn(self.n, |x, y| {
            let y = if variant.flips_y() { last - y } else { y };
            let x = if variant.flips_x() { last - x } else { x };
            if variant.rotated() {
                self.get(last - y, x)
            } else {
                self.get(x, y)
            }
        })
    }

    /// Per column, the height of the top surface: 1 + the highest solid row, 0 if empty.
    pub fn heights(&self) -> Vec<u8> {
        self.columns
            .iter()
            .map(|&c| (64 - c.leading_zeros()) as u8)
            .collect()
    }
}
