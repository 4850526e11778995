//! One shape's lookups: the eight offsets and the top surface, for any of its variants.
//!
//! Variants share their base shape's record. A query on a variant is turned into a query on
//! the base picture (the box is mirrored and rotated, and so are the directions), then
//! answered from two range-OR masks.

use crate::format::{self, ANGLE_PROFILES};
use crate::geometry::{Direction, Offsets, Overlap, Variant};
use crate::line::{forward_distance, reverse, span_bits};

/// One shape of a blob, ready to answer lookups. Get it from [`crate::Tables::shape`].
///
/// ```
/// use slope_runtime::{Overlap, Tables, Variant};
/// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
///
/// let tables = Tables::from_bytes(BLOB)?;
/// let slope = tables.shape_by_name("slope45").expect("a default tile");
///
/// // A 3×4 box at (4, 8) floats above the slope: it can drop 1 px, rise 7 px.
/// let o = slope.offsets(Variant::Identity, Overlap::new(4, 8, 2, 3));
/// assert!(!o.is_colliding());
/// assert_eq!((o.colliding_bottom, o.colliding_top), (-1, 7));
///
/// // Mirrored, the slope rises to the left; its top is 16 px high in column 0.
/// let top = slope.surface(Variant::FlipX, 0).expect("column 0 is not empty");
/// assert_eq!((top.height, top.angle), (16, 224)); // 224 = -45°
/// # Ok::<(), slope_runtime::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Shape<'a> {
    n: u8,
    record: &'a [u8],
    angles: &'a [u8],
}

/// The top surface of one column of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Surface {
    /// Pixels from the tile's bottom to the top of the column's highest solid pixel (1..=N).
    pub height: u8,
    /// The surface's slope as a byte angle: 256 = a full turn, counter-clockwise from +x
    /// (y up). 0 is flat, 32 a 45° rise to the right, 224 a 45° fall to the right.
    /// A straight staircase has one angle in every column.
    pub angle: u8,
}

/// Which range-OR table of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lines {
    /// Masks of columns: bit y.
    Columns,
    /// Masks of rows: bit x.
    Rows,
}

/// A box's extent in base-picture coordinates, possibly sticking out of the tile.
#[derive(Clone, Copy, Debug)]
struct Span {
    x0: i32,
    x1: i32,
    y0: i32,
    y1: i32,
}

/// The two line masks under a box, computed once for any number of directions.
#[derive(Clone, Copy, Debug)]
struct Probe {
    n: u8,
    span: Span,
    /// OR of the columns the box spans: bit y.
    columns: u64,
    /// OR of the rows the box spans: bit x.
    rows: u64,
    colliding: bool,
}

impl<'a> Shape<'a> {
    pub(crate) fn new(n: u8, record: &'a [u8], angles: &'a [u8]) -> Shape<'a> {
        Shape { n, record, angles }
    }

    /// N: the tile size.
    pub fn tile_size(&self) -> u8 {
        self.n
    }

    /// All eight offsets of `overlap` on `variant` (fields past N-1 are clamped to N-1).
    pub fn offsets(&self, variant: Variant, overlap: Overlap) -> Offsets {
        let probe = self.probe(variant, overlap);
        let distances = Direction::ALL.map(|d| probe.distance(variant.base_direction(d)));
        Offsets::from_distances(probe.colliding, distances)
    }

    /// One direction's distance: how far to move `dir` to get free when the overlap
    /// collides, or how far it can move before touching when it does not. Cheaper than
    /// [`Shape::offsets`] when a mover needs one side. Returns `(colliding, distance)`.
    pub fn distance(&self, variant: Variant, overlap: Overlap, dir: Direction) -> (bool, u8) {
        let probe = self.probe(variant, overlap);
        (probe.colliding, probe.distance(variant.base_direction(dir)))
    }

    /// Whether `overlap` covers a solid pixel of `variant`. One mask lookup.
    pub fn is_colliding(&self, variant: Variant, overlap: Overlap) -> bool {
        let span = base_span(self.n, variant, overlap.clamped(self.n.saturating_sub(1)));
        let columns = self.range_or(Lines::Columns, span.x0, span.x1);
        columns & span_bits(span.y0, span.y1) != 0
    }

    /// Whether pixel (x, y) of `variant` is solid (false outside the tile).
    pub fn is_solid(&self, variant: Variant, x: u8, y: u8) -> bool {
        x < self.n && y < self.n && self.is_colliding(variant, Overlap::new(x, y, 0, 0))
    }

    /// The top surface of `column` in `variant`: its height and angle, or `None` when the
    /// column is empty (or past the tile).
    pub fn surface(&self, variant: Variant, column: u8) -> Option<Surface> {
        let last = self.n.checked_sub(1)?;
        if column > last {
            return None;
        }
        let probe = self.probe(variant, Overlap::new(column, last, 0, 0));
        let height = if probe.colliding {
            self.n
        } else {
            // How far the top pixel drops before resting on the column's highest solid one.
            last.checked_sub(probe.distance(variant.base_direction(Direction::Down)))?
        };
        if height == 0 {
            return None;
        }
        Some(Surface {
            height,
            angle: self.angle(variant, column),
        })
    }

    fn angle(&self, variant: Variant, column: u8) -> u8 {
        // Stored: none, FY, F90, F90Y. The X mirrors read their partner backwards, negated.
        let base = variant.without_flip_x();
        let profile = usize::from(base.rotated()) * 2 + usize::from(base.flips_y());
        let col = if variant.flips_x() {
            self.n.saturating_sub(1).saturating_sub(column)
        } else {
            column
        };
        let at = profile
            .saturating_mul(usize::from(self.n))
            .saturating_add(usize::from(col));
        debug_assert!(profile < ANGLE_PROFILES);
        let angle = self.angles.get(at).copied().unwrap_or(0);
        if variant.flips_x() {
            angle.wrapping_neg()
        } else {
            angle
        }
    }

    fn probe(&self, variant: Variant, overlap: Overlap) -> Probe {
        let span = base_span(self.n, variant, overlap.clamped(self.n.saturating_sub(1)));
        let columns = self.range_or(Lines::Columns, span.x0, span.x1);
        let rows = self.range_or(Lines::Rows, span.y0, span.y1);
        Probe {
            n: self.n,
            span,
            columns,
            rows,
            colliding: columns & span_bits(span.y0, span.y1) != 0,
        }
    }

    /// OR of the lines `lo..=hi`, clipped to the tile: two masks of one level.
    fn range_or(&self, lines: Lines, lo: i32, hi: i32) -> u64 {
        let last = i32::from(self.n).saturating_sub(1);
        let lo = lo.clamp(0, last);
        let hi = hi.clamp(lo, last);
        let (lo, hi) = (lo as usize, hi as usize); // both in 0..N after the clamp
        let len = hi.saturating_sub(lo).saturating_add(1);
        let level = len.ilog2();
        let second = hi.saturating_add(1).saturating_sub(1usize << level);
        self.mask(lines, level, lo) | self.mask(lines, level, second)
    }

    /// Mask `index` of `level` in one table (0 if out of the record, which validation rules out).
    pub(crate) fn mask(&self, lines: Lines, level: u32, index: usize) -> u64 {
        let bytes = format::mask_bytes(self.n);
        let table = match lines {
            Lines::Columns => 0,
            Lines::Rows => format::table_masks(self.n),
        };
        let slot = table
            .saturating_add(format::level_start(self.n, level))
            .saturating_add(index);
        let start = slot.saturating_mul(bytes);
        self.record
            .get(start..start.saturating_add(bytes))
            .map_or(0, |b| {
                b.iter()
                    .rev()
                    .fold(0u64, |m, &byte| m << 8 | u64::from(byte))
            })
    }
}

impl Probe {
    /// The unsigned distance for one direction of the base picture.
    fn distance(&self, dir: Direction) -> u8 {
        let n = u32::from(self.n);
        let last = i32::from(self.n).saturating_sub(1);
        let Span { x0, x1, y0, y1 } = self.span;
        let (mask, lo, hi) = match dir {
            Direction::Up => (self.columns, y0, y1),
            Direction::Right => (self.rows, x0, x1),
            Direction::Down => (reverse(self.columns, n), last - y1, last - y0),
            Direction::Left => (reverse(self.rows, n), last - x1, last - x0),
        };
        // Within a tile's own overlaps every distance is at most 2N-1 = 127.
        u8::try_from(forward_distance(mask, lo, hi, n, self.colliding)).unwrap_or(u8::MAX)
    }
}

/// The box of `overlap` on `variant`, expressed in the base picture's coordinates.
fn base_span(n: u8, variant: Variant, o: Overlap) -> Span {
    let last = i32::from(n) - 1;
    let (mut x0, mut x1) = (i32::from(o.x), i32::from(o.x) + i32::from(o.w));
    let (mut y0, mut y1) = (i32::from(o.y), i32::from(o.y) + i32::from(o.h));
    if variant.flips_x() {
        (x0, x1) = (last - x1, last - x0);
    }
    if variant.flips_y() {
        (y0, y1) = (last - y1, last - y0);
    }
    if variant.rotated() {
        // V(x, y) = B(N-1-y, x)
        Span {
            x0: last - y1,
            x1: last - y0,
            y0: x0,
            y1: x1,
        }
    } else {
        Span { x0, x1, y0, y1 }
    }
}
