//! One shape's lookups: the eight offsets and the top surface, for any of its variants.
//!
//! Variants share their base shape's record. A query on a variant is turned into a query on
//! the base picture (the box is mirrored and rotated, and so are the directions), then
//! answered from two range-OR masks.

use crate::tables::format::{self, ANGLE_PROFILES, ANY_TILE_SIZE};
use crate::tables::geometry::{Direction, Offsets, Overlap, Variant};
use crate::tables::line::{COUNTS_ZEROS, covers, forward_distance, reverse};

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
/// # Ok::<(), slope_runtime::BlobError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Shape<'a> {
    n: u8,
    /// Bytes per mask, `ceil(N/8)`.
    mask_bytes: u8,
    /// Masks in one table: where the rows table starts.
    table_masks: u16,
    record: &'a [u8],
    /// This record's index and every record's angle profiles (sliced only when asked for).
    angles: (u16, &'a [u8]),
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

/// A box in one tile's pixel coordinates (inclusive edges, y up), anywhere relative to the
/// tile: it may stick out on any side or lie wholly outside. This is how a mover asks about
/// an actor's box against one tile of the map (the write-up's world-space `GetOffset`),
/// without clamping it into the tile first, so the answers stay exact.
///
/// ```
/// use slope_runtime::{Direction, LocalBox, Tables, Variant};
/// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
/// let tables = Tables::from_bytes(BLOB)?;
/// let slope = tables.shape_by_name("slope45").unwrap();
/// // an 8×20 box standing 3 px above the tile's bottom-left corner, sticking out to the
/// // left and far above: it can drop 2 px before its right edge (x = 1) touches row 1
/// let b = LocalBox { x0: -6, x1: 1, y0: 3, y1: 22 };
/// assert_eq!(slope.box_distance(Variant::Identity, b, Direction::Down), (false, 1));
/// # Ok::<(), slope_runtime::BlobError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LocalBox {
    /// Left column.
    pub x0: i32,
    /// Right column (≥ `x0`).
    pub x1: i32,
    /// Bottom row.
    pub y0: i32,
    /// Top row (≥ `y0`).
    pub y1: i32,
}

/// Which range-OR table of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lines {
    /// Masks of columns: bit y.
    Columns,
    /// Masks of rows: bit x.
    Rows,
}

/// The little-endian mask of `width` bytes at the start of `bytes`, read byte by byte
/// (0 if they run out): for widths no word read fits.
#[inline]
fn mask_at(bytes: &[u8], width: usize) -> u64 {
    bytes
        .get(..width)
        .unwrap_or_default()
        .iter()
        .rev()
        .fold(0u64, |m, &byte| m << 8 | u64::from(byte))
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
    /// `mask_bytes` and `table_masks` are the format's values for `n` (the tables compute
    /// them once).
    pub(crate) const fn new(
        n: u8,
        mask_bytes: u8,
        table_masks: u16,
        record: &'a [u8],
        angles: (u16, &'a [u8]),
    ) -> Shape<'a> {
        Shape {
            n,
            mask_bytes,
            table_masks,
            record,
            angles,
        }
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
        let span = base_span(self.n, variant, overlap.clamped(self.n.saturating_sub(1)));
        let (colliding, d) = self.slide(span, variant.base_direction(dir));
        // Within a tile's own overlaps every distance is at most 2N-1 = 127.
        (colliding, u8::try_from(d).unwrap_or(u8::MAX))
    }

    /// For a box anywhere relative to the tile: whether it covers a solid pixel, and the
    /// distance in `dir` by the spec's rules (how far to move to be free of this tile's
    /// pixels when colliding; how far it can move before touching one when not, or until
    /// it has left the tile when nothing is in its way).
    #[inline]
    pub fn box_distance(&self, variant: Variant, b: LocalBox, dir: Direction) -> (bool, i32) {
        self.slide(
            variant_span(self.n, variant, b),
            variant.base_direction(dir),
        )
    }

    /// Whether a box anywhere relative to the tile covers a solid pixel of `variant`.
    #[inline]
    pub fn box_collides(&self, variant: Variant, b: LocalBox) -> bool {
        let span = variant_span(self.n, variant, b);
        span_meets_tile(self.n, span) && self.span_collides(span)
    }

    /// Line `at` (inside the tile) of `variant` (a row when `row`, else a column) as a
    /// mask of the base picture, and whether the mask runs backwards: see [`line_slot`].
    #[inline]
    fn line(&self, variant: Variant, row: bool, at: i32) -> (u64, bool) {
        let (lines, index, reversed) = line_slot(self.n, variant, row, at);
        let mask = self.read(self.table_start(lines).wrapping_add(index as usize));
        (mask, reversed)
    }

    /// Whether `overlap` covers a solid pixel of `variant`. One mask lookup.
    pub fn is_colliding(&self, variant: Variant, overlap: Overlap) -> bool {
        let span = base_span(self.n, variant, overlap.clamped(self.n.saturating_sub(1)));
        self.span_collides(span)
    }

    /// Whether pixel (x, y) of `variant` is solid (false outside the tile).
    pub fn is_solid(&self, variant: Variant, x: u8, y: u8) -> bool {
        x < self.n && y < self.n && self.is_colliding(variant, Overlap::new(x, y, 0, 0))
    }

    /// The top surface of `column` in `variant`: its height and angle, or `None` when the
    /// column is empty (or past the tile).
    #[inline]
    pub fn surface(&self, variant: Variant, column: u8) -> Option<Surface> {
        let last = self.n.checked_sub(1)?;
        if column > last {
            return None;
        }
        // The column's highest solid pixel: the mask's top bit, or its lowest when the
        // mask runs backwards.
        let (mask, reversed) = self.line(variant, false, i32::from(column));
        if mask == 0 {
            return None;
        }
        let top = if reversed {
            last.wrapping_sub(mask.trailing_zeros() as u8)
        } else {
            63u8.wrapping_sub(mask.leading_zeros() as u8)
        };
        let height = top.wrapping_add(1);
        Some(Surface {
            height,
            angle: self.angle(variant, column),
        })
    }

    /// Column `column` (inside the tile) of `variant`, ready for pixel tests: one mask
    /// lookup, then each [`Column::solid`] is a bit test.
    #[inline]
    pub(crate) fn column(&self, variant: Variant, column: u8) -> Column {
        let (mask, reversed) = self.line(variant, false, i32::from(column));
        Column {
            mask,
            reversed,
            last: self.n.saturating_sub(1),
        }
    }

    #[inline]
    fn angle(&self, variant: Variant, column: u8) -> u8 {
        // Stored: none, FY, F90, F90Y. The X mirrors read their partner backwards, negated.
        let profile = variant.stored();
        let col = if variant.flips_x() {
            self.n.saturating_sub(1).saturating_sub(column)
        } else {
            column
        };
        let (record, angles) = self.angles;
        // < 2^16 · 4 · 64: no overflow, and no checked multiply (a library call on ARMv6-M).
        let at = usize::from(record)
            .wrapping_mul(ANGLE_PROFILES)
            .wrapping_add(profile)
            .wrapping_mul(usize::from(self.n))
            .wrapping_add(usize::from(col));
        debug_assert!(profile < ANGLE_PROFILES);
        let angle = angles.get(at).copied().unwrap_or(0);
        if variant.flips_x() {
            angle.wrapping_neg()
        } else {
            angle
        }
    }

    #[inline]
    fn probe(&self, variant: Variant, overlap: Overlap) -> Probe {
        let span = base_span(self.n, variant, overlap.clamped(self.n.saturating_sub(1)));
        let columns = self.range_or(Lines::Columns, span.x0, span.x1);
        Probe {
            n: self.n,
            span,
            columns,
            rows: self.range_or(Lines::Rows, span.y0, span.y1),
            colliding: covers(columns, span.y0, span.y1),
        }
    }

    /// A base-picture span moved towards `dir` (of the base picture): whether it collides,
    /// and its distance by the spec's rules. One range-OR of the lines it slides along.
    #[inline]
    fn slide(&self, span: Span, dir: Direction) -> (bool, i32) {
        let last = i32::from(self.n).saturating_sub(1);
        // Moving along y the box slides along the columns it spans (bits y), along x along
        // its rows (bits x). A box beside the tile across the motion meets none of them.
        let (lines, across, along) = if dir.is_horizontal() {
            (Lines::Rows, (span.y0, span.y1), (span.x0, span.x1))
        } else {
            (Lines::Columns, (span.x0, span.x1), (span.y0, span.y1))
        };
        let mask = if across.1 < 0 || across.0 > last {
            0
        } else {
            self.range_or(lines, across.0, across.1)
        };
        let colliding = covers(mask, along.0, along.1);
        let distance = directed_distance(mask, along, dir.is_positive(), self.n, colliding);
        (colliding, distance)
    }

    /// Whether a span that meets the tile covers a solid pixel: one range-OR along its
    /// thinner side (a one-pixel strip is a single mask).
    #[inline]
    fn span_collides(&self, s: Span) -> bool {
        if s.y1.saturating_sub(s.y0) < s.x1.saturating_sub(s.x0) {
            covers(self.range_or(Lines::Rows, s.y0, s.y1), s.x0, s.x1)
        } else {
            covers(self.range_or(Lines::Columns, s.x0, s.x1), s.y0, s.y1)
        }
    }

    /// OR of the lines `lo..=hi`, clipped to the tile: one mask of level 0, or two of one
    /// higher level.
    #[inline]
    fn range_or(&self, lines: Lines, lo: i32, hi: i32) -> u64 {
        let last = i32::from(self.n).saturating_sub(1);
        // max/min rather than clamp: clamp asserts its bounds are ordered, a panic path.
        let lo = lo.min(last).max(0);
        let hi = hi.min(last).max(lo);
        // Both in 0..N now (N ≤ 64), so nothing below can overflow.
        let len = hi.wrapping_sub(lo).wrapping_add(1) as u32;
        let level = floor_log2(len);
        let base = self
            .table_start(lines)
            .wrapping_add(format::level_start(self.n, level));
        let first = self.read(base.wrapping_add(lo as usize));
        if level == 0 {
            return first;
        }
        let second = hi.wrapping_add(1).wrapping_sub(1 << level) as usize;
        first | self.read(base.wrapping_add(second))
    }

    /// Where a table starts in the record, in masks.
    #[inline]
    fn table_start(&self, lines: Lines) -> usize {
        match lines {
            Lines::Columns => 0,
            Lines::Rows => usize::from(self.table_masks),
        }
    }

    /// The mask in slot `slot` of the record (0 past its end).
    #[inline]
    fn read(&self, slot: usize) -> u64 {
        let width = usize::from(self.mask_bytes);
        // slot < 2^17 and width ≤ 8: no overflow.
        read_mask(self.record, slot.wrapping_mul(width), width)
    }
}

/// One column of a shape cell, as [`Shape::column`] read it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Column {
    mask: u64,
    /// The mask runs from the top row down.
    reversed: bool,
    /// N − 1.
    last: u8,
}

impl Column {
    /// A column with no solid pixel.
    pub(crate) const EMPTY: Column = Column {
        mask: 0,
        reversed: false,
        last: 0,
    };

    /// Whether the column's pixel in `row` (0 = the tile's bottom row, at most N − 1) is
    /// solid.
    #[inline]
    pub(crate) fn solid(&self, row: u8) -> bool {
        let p = if self.reversed {
            self.last.wrapping_sub(row)
        } else {
            row
        };
        // Halves, so each shift is a 32-bit one (a 64-bit shift is a library call).
        let half = if p < 32 {
            self.mask as u32
        } else {
            (self.mask >> 32) as u32
        };
        half >> (p & 31) & 1 != 0
    }
}

/// Where line `at` (inside the tile) of `variant` lies in a record: a row when `row`, else
/// a column, found as a line of the base picture (which table, which index), and whether
/// its mask runs backwards (bit `p` is then position `N-1-p` along the line). A variant's
/// row is a base row (a column when rotated) whose index is mirrored when exactly one of
/// rotated and FY holds, and whose pixels run backwards under FX; a column likewise, FX
/// and FY exchanged (see [`transform_span`]).
#[inline(always)]
pub(crate) const fn line_slot(n: u8, variant: Variant, row: bool, at: i32) -> (Lines, i32, bool) {
    let (fx, fy, rotated) = (variant.flips_x(), variant.flips_y(), variant.rotated());
    let (lines, flip_index, reversed) = match (row, rotated) {
        (true, false) => (Lines::Rows, fy, fx),
        (true, true) => (Lines::Columns, !fy, fx),
        (false, false) => (Lines::Columns, fx, fy),
        (false, true) => (Lines::Rows, fx, !fy),
    };
    let last = (n as i32).wrapping_sub(1);
    let index = if flip_index {
        last.wrapping_sub(at)
    } else {
        at
    };
    (lines, index, reversed)
}

/// The little-endian mask of `width` bytes (1, 2 or 4: every tile size read without the
/// `any_tile_size` feature) at byte `start` of `bytes` (0 past their end or for another
/// width).
#[inline(never)]
pub(crate) fn read_word_mask(bytes: &[u8], start: usize, width: usize) -> u32 {
    match bytes.get(start..start.wrapping_add(width)) {
        Some(&[b0]) => u32::from(b0),
        Some(&[b0, b1]) => u32::from(u16::from_le_bytes([b0, b1])),
        Some(&[b0, b1, b2, b3]) => u32::from_le_bytes([b0, b1, b2, b3]),
        _ => 0,
    }
}

/// The little-endian mask of `width` bytes at byte `start` of `bytes` (0 past their end).
#[inline(always)]
pub(crate) fn read_mask(bytes: &[u8], start: usize, width: usize) -> u64 {
    if width == 2 {
        // Tiles of 9 to 16 px, the usual size, first: a plain test, where a `match`
        // over the widths compiles to a jump table behind a trailing-zero count.
        return match bytes.get(start..start.wrapping_add(2)) {
            Some(&[lo, hi]) => u64::from(u16::from_le_bytes([lo, hi])),
            _ => 0,
        };
    }
    if !ANY_TILE_SIZE {
        return u64::from(read_word_mask(bytes, start, width));
    }
    let Some(rest) = bytes.get(start..) else {
        return 0;
    };
    // The other sizes read one little-endian word; odd widths fold bytes.
    match width {
        1 => rest.first().map_or(0, |&b| u64::from(b)),
        4 => rest
            .first_chunk()
            .map_or(0, |&b| u64::from(u32::from_le_bytes(b))),
        8 => rest.first_chunk().map_or(0, |&b| u64::from_le_bytes(b)),
        _ => mask_at(rest, width),
    }
}

impl Probe {
    /// The unsigned distance for one direction of the base picture.
    fn distance(&self, dir: Direction) -> u8 {
        let Span { x0, x1, y0, y1 } = self.span;
        let (mask, along) = if dir.is_horizontal() {
            (self.rows, (x0, x1))
        } else {
            (self.columns, (y0, y1))
        };
        let d = directed_distance(mask, along, dir.is_positive(), self.n, self.colliding);
        // Within a tile's own overlaps every distance is at most 2N-1 = 127.
        u8::try_from(d).unwrap_or(u8::MAX)
    }
}

/// The spec's distance of the interval `along` (positions on a line mask, base picture)
/// moving towards +∞ (`positive`) or −∞: the mask is read from the other end for the latter.
#[inline]
fn directed_distance(mask: u64, along: (i32, i32), positive: bool, n: u8, colliding: bool) -> i32 {
    let (lo, hi) = along;
    let bits = u32::from(n);
    if positive {
        forward_distance(mask, lo, hi, bits, colliding)
    } else {
        let last = i32::from(n).saturating_sub(1);
        let (lo, hi) = (last.saturating_sub(hi), last.saturating_sub(lo));
        forward_distance(reverse(mask, bits), lo, hi, bits, colliding)
    }
}

/// Whether a base-picture span meets the tile at all.
#[inline]
fn span_meets_tile(n: u8, s: Span) -> bool {
    let last = i32::from(n).saturating_sub(1);
    s.x1 >= 0 && s.x0 <= last && s.y1 >= 0 && s.y0 <= last
}

/// A tile-local box on `variant`, in base-picture coordinates.
#[inline]
fn variant_span(n: u8, variant: Variant, b: LocalBox) -> Span {
    transform_span(
        n,
        variant,
        Span {
            x0: b.x0,
            x1: b.x1.max(b.x0),
            y0: b.y0,
            y1: b.y1.max(b.y0),
        },
    )
}

/// The box of `overlap` on `variant`, expressed in the base picture's coordinates.
#[inline]
fn base_span(n: u8, variant: Variant, o: Overlap) -> Span {
    let (x, y) = (i32::from(o.x), i32::from(o.y));
    let span = Span {
        x0: x,
        x1: x + i32::from(o.w),
        y0: y,
        y1: y + i32::from(o.h),
    };
    transform_span(n, variant, span)
}

/// ⌊log2 len⌋ for `len` in 1..=64.
#[inline(always)]
pub(crate) fn floor_log2(len: u32) -> u32 {
    if COUNTS_ZEROS {
        31u32.wrapping_sub(len.leading_zeros())
    } else {
        floor_log2_by_table(len)
    }
}

/// [`floor_log2`] by a table, for targets without a count of leading zeros
/// ([`COUNTS_ZEROS`]: ARMv6-M's and ARMv4T's Thumb, where `leading_zeros` is a library
/// call).
#[inline(always)]
fn floor_log2_by_table(len: u32) -> u32 {
    FLOOR_LOG2
        .get(len as usize)
        .map_or(6, |&level| u32::from(level))
}

/// ⌊log2 len⌋ for `len` in 1..=64 (0 for 0).
#[rustfmt::skip]
const FLOOR_LOG2: [u8; 65] = [
    0, 0, 1, 1, 2, 2, 2, 2, // 0..8
    3, 3, 3, 3, 3, 3, 3, 3, // 8..16
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, // 16..32
    5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, // 32..48
    5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, // 48..64
    6, // 64
];

/// Mirrors and rotates a span of `variant` into the base picture.
#[inline]
fn transform_span(n: u8, variant: Variant, s: Span) -> Span {
    let last = i32::from(n) - 1;
    let flip = |lo: i32, hi: i32| (last.saturating_sub(hi), last.saturating_sub(lo));
    let Span {
        mut x0,
        mut x1,
        mut y0,
        mut y1,
    } = s;
    if variant.flips_x() {
        (x0, x1) = flip(x0, x1);
    }
    if variant.flips_y() {
        (y0, y1) = flip(y0, y1);
    }
    if variant.rotated() {
        // V(x, y) = B(N-1-y, x)
        let (bx0, bx1) = flip(y0, y1);
        Span {
            x0: bx0,
            x1: bx1,
            y0: x0,
            y1: x1,
        }
    } else {
        Span { x0, x1, y0, y1 }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing, clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::Tables;

    static BLOB: &[u8] =
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));

    /// Every pixel of every variant of every default shape, as `is_solid` sees it.
    fn each_variant(mut f: impl FnMut(&Shape<'_>, Variant, &dyn Fn(i32, i32) -> bool)) {
        let tables = Tables::from_bytes(BLOB).unwrap();
        for (id, _) in tables.ids() {
            let shape = tables.shape(id).unwrap();
            for v in Variant::ALL {
                let solid = |x: i32, y: i32| shape.is_solid(v, x as u8, y as u8);
                f(&shape, v, &solid);
            }
        }
    }

    #[test]
    fn a_variants_pixels_are_the_pictures_at_base_pixel() {
        each_variant(|shape, v, solid| {
            let n = shape.n;
            for y in 0..n {
                for x in 0..n {
                    let (bx, by) = v.base_pixel(n, x, y).unwrap();
                    let base = shape.is_solid(Variant::Identity, bx, by);
                    assert_eq!(solid(i32::from(x), i32::from(y)), base, "{v:?} ({x}, {y})");
                }
            }
            assert_eq!(v.base_pixel(n, n, 0), None);
            assert_eq!(v.base_pixel(n, 0, n), None);
        });
    }

    #[test]
    fn floor_log2_is_the_highest_set_bit() {
        for len in 1..=64u32 {
            assert_eq!(super::floor_log2(len), 31 - len.leading_zeros(), "{len}");
            assert_eq!(super::floor_log2_by_table(len), 31 - len.leading_zeros());
        }
    }

    /// The hot path's line test against pixel-by-pixel reads, for every line and span.
    #[test]
    fn line_covers_matches_pixels() {
        let tables = Tables::from_bytes(BLOB).unwrap();
        each_variant(|shape, v, solid| {
            let n = i32::from(shape.tile_size());
            let id = tables
                .ids()
                .find(|&(id, _)| tables.shape(id).unwrap().record == shape.record)
                .unwrap()
                .0;
            for row in [true, false] {
                for at in 0..n {
                    for lo in 0..n {
                        for hi in lo..n {
                            let expected =
                                (lo..=hi).any(|p| if row { solid(p, at) } else { solid(at, p) });
                            let got = tables.line_covers(id, v, row, at, (lo, hi));
                            assert_eq!(got, expected, "{v:?} row={row} at={at} {lo}..={hi}");
                        }
                    }
                }
            }
        });
    }

    /// A column's surface height is one above its highest solid pixel; none if empty.
    #[test]
    fn surface_height_matches_pixels() {
        each_variant(|shape, v, solid| {
            let n = i32::from(shape.tile_size());
            for x in 0..n {
                let expected = (0..n).rev().find(|&y| solid(x, y)).map(|y| (y + 1) as u8);
                let got = shape.surface(v, x as u8).map(|s| s.height);
                assert_eq!(got, expected, "{v:?} column {x}");
            }
            assert_eq!(shape.surface(v, n as u8), None);
        });
    }

    /// The box test against pixel-by-pixel reads, on boxes of every size, inside the tile
    /// and sticking out of it on any side.
    #[test]
    fn box_collides_matches_pixels() {
        each_variant(|shape, v, solid| {
            let n = i32::from(shape.tile_size());
            // Corners on a stride that still reaches every edge and size class.
            let points: Vec<i32> = (-n..2 * n).step_by(5).chain([0, n - 1]).collect();
            for &x0 in &points {
                for &x1 in points.iter().filter(|&&x| x >= x0) {
                    for &y0 in &points {
                        for &y1 in points.iter().filter(|&&y| y >= y0) {
                            let inside = |a: i32, b: i32| a.max(0)..=b.min(n - 1);
                            let expected =
                                inside(x0, x1).any(|x| inside(y0, y1).any(|y| solid(x, y)));
                            let b = LocalBox { x0, x1, y0, y1 };
                            assert_eq!(shape.box_collides(v, b), expected, "{v:?} {b:?}");
                        }
                    }
                }
            }
        });
    }
}
