//! Loading a blob: validate once, then serve shapes without ever failing.

use crate::bytes::tri;
use crate::tables::error::BlobError;
use crate::tables::format::{self, ANY_TILE_SIZE, Blob};
use crate::tables::geometry::Variant;
use crate::tables::line::{
    covers, highest_bit, highest_bit32, lowest_bit, lowest_bit32, span_bits, span_bits32,
};
use crate::tables::shape::{Lines, Shape, floor_log2, line_slot, read_mask, read_word_mask};
use crate::tables::validate;

/// A shape's id: its position in the blob (shapes are sorted by name).
///
/// `slopegen`'s generated `.rs` file has one `pub const` per shape, named after its PNG.
///
/// ```
/// use slope_runtime::ShapeId;
///
/// const SLOPE45: ShapeId = ShapeId::new(7);
/// assert_eq!(SLOPE45.index(), 7);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ShapeId(u16);

impl ShapeId {
    /// The shape at this position in the blob.
    pub const fn new(index: u16) -> ShapeId {
        ShapeId(index)
    }

    /// The position in the blob.
    pub const fn index(self) -> u16 {
        self.0
    }
}

/// Validated offset tables borrowed from a blob.
///
/// [`Tables::from_bytes`] checks the whole blob (magic, version, lengths, checksum, every
/// record index, every mask); afterwards every accessor is infallible and allocation-free.
/// Loading costs one pass over the blob (a CRC and a mask check): the module slopegen
/// generates has the compiler do it (its `TABLES`); a blob read at run time is checked once
/// when it is read.
///
/// ```
/// use slope_runtime::{Overlap, Tables, Variant};
///
/// // the default tiles, as `slopegen tiles -o out` writes them
/// static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
///
/// let tables = Tables::from_bytes(BLOB)?;
/// let slope = tables.shape_by_name("slope45").expect("in the blob");
/// // a 1-px box on pixel (4, 0) of a 45° slope must move 5 px up to get free
/// let o = slope.offsets(Variant::Identity, Overlap::new(4, 0, 0, 0));
/// assert_eq!(o.free_up, 5);
/// # Ok::<(), slope_runtime::BlobError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Tables<'a> {
    tile_size: u8,
    /// Bytes per mask, `ceil(N/8)` (computed once at load: lookups use it on every call).
    mask_bytes: u8,
    /// Masks in one range-OR table: where a record's rows table starts.
    table_masks: u16,
    /// Bytes per record.
    record_len: u16,
    /// Bytes of one record's variant columns.
    columns_len: u16,
    names: &'a [u8],
    shapes: &'a [u8],
    records: &'a [u8],
    angles: &'a [u8],
    columns: &'a [u8],
}

impl<'a> Tables<'a> {
    /// Validates `bytes` and borrows the tables from it. Never panics, whatever the bytes.
    ///
    /// A `const fn`: the module slopegen generates calls it in a `const` item, so a blob
    /// built into a game is validated when the game compiles, and the game links none of
    /// the validation. By hand:
    ///
    /// ```
    /// use slope_runtime::Tables;
    ///
    /// const BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// // Checked by the compiler: a bad blob fails the build with this message.
    /// const TABLES: Tables<'static> = match Tables::from_bytes(BLOB) {
    ///     Ok(tables) => tables,
    ///     Err(_) => panic!("tiles.bin is not a valid blob: regenerate it"),
    /// };
    /// assert_eq!(TABLES.tile_size(), 16);
    /// ```
    pub const fn from_bytes(bytes: &'a [u8]) -> Result<Tables<'a>, BlobError> {
        let blob = tri!(Blob::decode(bytes));
        let n = blob.tile_size;
        if n < format::MIN_TILE_SIZE || n > format::MAX_TILE_SIZE {
            return Err(BlobError::BadTileSize { size: n });
        }
        if !format::tile_size_read(n) {
            return Err(BlobError::TileSizeNeedsFeature { size: n });
        }
        tri!(validate::contents(&blob));
        // n ≤ 64: 8 bytes per mask, 328 masks per table, 5,248 bytes per record and 2,048
        // of variant columns at most; each fits its field.
        Ok(Tables {
            tile_size: n,
            mask_bytes: format::mask_bytes(n) as u8,
            table_masks: format::table_masks(n) as u16,
            record_len: format::record_len(n) as u16,
            columns_len: format::variant_columns_len(n) as u16,
            names: blob.names,
            shapes: blob.shapes,
            records: blob.records,
            angles: blob.angles,
            columns: blob.columns,
        })
    }

    /// N: the width and height of every tile, in pixels.
    pub const fn tile_size(&self) -> u8 {
        self.tile_size
    }

    /// How many shapes the blob holds.
    pub const fn shape_count(&self) -> u16 {
        // At most u16::MAX: validated.
        (self.shapes.len() / 2) as u16
    }

    /// How many distinct bitmaps the blob stores (shapes with identical pixels share one).
    pub fn record_count(&self) -> u16 {
        // By the record length kept at load, never 0 for a loaded blob; a checked division
        // all the same, so that no build keeps a division-by-zero panic path.
        let count = self
            .records
            .len()
            .checked_div(usize::from(self.record_len))
            .unwrap_or(0);
        u16::try_from(count).unwrap_or(0)
    }

    /// The shape with this id, or `None` if the blob has no such shape.
    ///
    /// Constant time and cheap (a movement step asks for a shape per cell it meets): one
    /// index load and a slice of the record; the angles are sliced only when asked for.
    #[inline]
    pub fn shape(&self, id: ShapeId) -> Option<Shape<'a>> {
        // u16 · u16 cannot overflow a usize of 32 bits or more.
        let index = self.record_of(id)?;
        let len = usize::from(self.record_len);
        let start = index.wrapping_mul(len);
        let record = self.records.get(start..start.wrapping_add(len))?;
        Some(self.shape_of(u16::try_from(index).ok()?, record))
    }

    /// [`Tables::line_covers_of`] by variant and row flag, as the tests ask it.
    #[cfg(test)]
    pub(crate) fn line_covers(
        &self,
        id: ShapeId,
        variant: Variant,
        row: bool,
        at: i32,
        span: (i32, i32),
    ) -> bool {
        self.line_covers_of(id, line_of(variant, row), at, span)
    }

    /// Whether pixels `lo..=hi` of line `at` (all three inside the tile) of shape `id`
    /// hold a solid one, the line kind `line` ([`line_of`]: a row or a column of a
    /// variant) naming which lines; `false` for an id the blob lacks. The movers' strip
    /// test: it reads the one mask it needs straight from the record (see [`line_slot`]),
    /// without making a [`Shape`]. The variant and the row flag travel as one argument,
    /// so that one out-of-line copy serves rows and columns with the arguments of a
    /// single one.
    #[inline(always)] // into `Grid::line_covers_of`
    pub(crate) fn line_covers_of(
        &self,
        id: ShapeId,
        line: usize,
        at: i32,
        (lo, hi): (i32, i32),
    ) -> bool {
        let Some(record) = self.record_of(id) else {
            return false;
        };
        let code = line_code(line);
        let last = i32::from(self.tile_size).wrapping_sub(1);
        let index = if code & FLIPPED_INDEX != 0 {
            last.wrapping_sub(at)
        } else {
            at
        };
        let table = if code & ROWS_TABLE != 0 {
            usize::from(self.table_masks)
        } else {
            0
        };
        let (lo, hi) = if code & REVERSED != 0 {
            (last.wrapping_sub(hi), last.wrapping_sub(lo))
        } else {
            (lo, hi)
        };
        let width = usize::from(self.mask_bytes);
        // The slot stays inside the record.
        let start = self
            .record_start(record)
            .wrapping_add(table.wrapping_add(index as usize).wrapping_mul(width));
        if width == 2 {
            // The usual 16-px tiles: one half-word and a span of a 32-bit word.
            let mask = match self.records.get(start..start.wrapping_add(2)) {
                Some(&[m0, m1]) => u32::from(u16::from_le_bytes([m0, m1])),
                _ => 0,
            };
            return lo <= hi && mask & span_bits32(lo, hi) != 0;
        }
        if !ANY_TILE_SIZE {
            // Tiles of 4, 8 or 32 px: a mask of one byte or one word.
            let mask = read_word_mask(self.records, start, width);
            return lo <= hi && mask & span_bits32(lo, hi) != 0;
        }
        covers(read_mask(self.records, start, width), lo, hi)
    }

    /// The highest solid row, within rows `rows` (inside the tile, low ≤ high), of columns
    /// `columns` (inside the tile, low ≤ high) of shape `id` placed as `variant`; `None`
    /// when those pixels hold none, or for an id the blob lacks. The height lookup of a
    /// box's columns in a cell: the OR of the columns is one mask, read straight from the
    /// blob: on 9- to 16-px tiles the variant's columns OR-ed for up to [`NARROW`]; two
    /// masks of one range-OR level of the record for the other ranges. (One column alone
    /// has [`Tables::single_column_top`].)
    #[inline]
    pub(crate) fn columns_top(
        &self,
        id: ShapeId,
        variant: Variant,
        columns: (i32, i32),
        rows: (i32, i32),
    ) -> Option<i32> {
        if self.mask_bytes == 2 && columns.1.wrapping_sub(columns.0) < NARROW {
            // 9- to 16-px tiles: the variant's columns, OR-ed in a plain loop over
            // half-words (an X mirror stores them in the other order).
            let record = self.record_of(id)?;
            let (first, last) = if variant.flips_x() {
                (columns.1, columns.0)
            } else {
                columns
            };
            let start = self.variant_column_start(record, variant, first);
            let end = self
                .variant_column_start(record, variant, last)
                .wrapping_add(2);
            let mut mask = 0u32;
            for pair in self.columns.get(start..end)?.chunks_exact(2) {
                if let &[a, b] = pair {
                    mask |= u32::from(u16::from_le_bytes([a, b]));
                }
            }
            return self.top_of_mask(u64::from(mask), rows, false);
        }
        let (record, code) = self.record_lines(id, variant, false)?;
        let last = i32::from(self.tile_size).wrapping_sub(1);
        let (lo, hi) = if code & FLIPPED_INDEX != 0 {
            (last.wrapping_sub(columns.1), last.wrapping_sub(columns.0))
        } else {
            columns
        };
        let table = if code & ROWS_TABLE != 0 {
            usize::from(self.table_masks)
        } else {
            0
        };
        // lo < hi, both inside the tile: two lines of the level whose lines span at least
        // half the range.
        let level = floor_log2(hi.wrapping_sub(lo).wrapping_add(1) as u32);
        let level_start = table.wrapping_add(format::level_start(self.tile_size, level));
        let width = usize::from(self.mask_bytes);
        let record = self.record_start(record);
        let slot = |index: i32| {
            record.wrapping_add(level_start.wrapping_add(index as usize).wrapping_mul(width))
        };
        let mask = read_mask(self.records, slot(lo), width)
            | read_mask(
                self.records,
                slot(hi.wrapping_add(1).wrapping_sub(1 << level)),
                width,
            );
        self.top_of_mask(mask, rows, code & REVERSED != 0)
    }

    /// [`Tables::columns_top`] of the one column `column`: one mask of the variant
    /// columns (bit y = row y, no mirroring). The walk's height lookup: the column
    /// ahead, the pixel under its trailing column.
    #[inline(always)]
    pub(crate) fn single_column_top(
        &self,
        id: ShapeId,
        variant: Variant,
        column: i32,
        rows: (i32, i32),
    ) -> Option<i32> {
        let mask = self.variant_column(id, variant, column)?;
        self.top_of_mask(mask, rows, false)
    }

    /// Where the columns of shape `id` placed as `variant` are, as [`CellColumns`] reads
    /// them: `None` for an id the blob lacks, or for tiles over 32 px (their masks are
    /// wider than a word).
    #[inline(always)]
    pub(crate) fn shape_columns(&self, id: ShapeId, variant: Variant) -> Option<CellColumns> {
        if self.mask_bytes > 4 {
            return None;
        }
        let record = self.record_of(id)?;
        let width = isize::from(self.mask_bytes);
        let (x, step) = if variant.flips_x() {
            (
                usize::from(self.tile_size).wrapping_sub(1),
                width.wrapping_neg(),
            )
        } else {
            (0, width)
        };
        Some(CellColumns {
            at: self.column_start(record, variant.stored(), x),
            step,
            fixed: 0,
        })
    }

    /// The columns of a full cell, as [`CellColumns`] reads them (tiles up to 32 px).
    #[inline(always)]
    pub(crate) fn full_columns(&self) -> CellColumns {
        // N ≤ 32 where it is read: the shift is at most 31 (and never past 31).
        CellColumns::fixed(u32::MAX >> 32u8.saturating_sub(self.tile_size).min(31))
    }

    /// Column `column` (inside the tile) of the cell whose columns `cell` locates, bit y =
    /// row y.
    #[inline(always)]
    pub(crate) fn column_of(&self, cell: CellColumns, column: i32) -> u32 {
        if cell.step == 0 {
            return cell.fixed;
        }
        let at = cell
            .at
            .wrapping_add((column as isize).wrapping_mul(cell.step) as usize);
        read_mask(self.columns, at, usize::from(self.mask_bytes)) as u32
    }

    /// Column `column` (inside the tile) of shape `id` placed as `variant`, bit y = row y;
    /// `None` for an id the blob lacks.
    #[inline(always)]
    fn variant_column(&self, id: ShapeId, variant: Variant, column: i32) -> Option<u64> {
        let at = self.variant_column_start(self.record_of(id)?, variant, column);
        Some(read_mask(self.columns, at, usize::from(self.mask_bytes)))
    }

    /// The first byte of column `column` (inside the tile) of record `record` placed as
    /// `variant` in the variant columns: its stored partner's column, from the other end
    /// under an X mirror.
    #[inline(always)]
    fn variant_column_start(&self, record: usize, variant: Variant, column: i32) -> usize {
        let x = if variant.flips_x() {
            i32::from(self.tile_size)
                .wrapping_sub(1)
                .wrapping_sub(column)
        } else {
            column
        };
        self.column_start(record, variant.stored(), x as usize)
    }

    /// The index of shape `id`'s record; `None` for an id the blob lacks.
    #[inline(always)]
    fn record_of(&self, id: ShapeId) -> Option<usize> {
        let at_index = usize::from(id.index()).wrapping_mul(2);
        let &[a, b] = self.shapes.get(at_index..at_index.wrapping_add(2))? else {
            return None;
        };
        Some(usize::from(u16::from_le_bytes([a, b])))
    }

    /// The index of shape `id`'s record, and the [`LINE_CODES`] entry of `variant`'s rows
    /// (`row`) or columns; `None` for an id the blob lacks. (Its first byte,
    /// [`Tables::record_start`], is found where it is read: held, it would take a register
    /// across the line's arithmetic.)
    #[inline(always)]
    fn record_lines(&self, id: ShapeId, variant: Variant, row: bool) -> Option<(usize, u8)> {
        Some((self.record_of(id)?, line_code(line_of(variant, row))))
    }

    /// The first byte of record `index` in the records (< 2^32: the blob was validated).
    #[inline(always)]
    fn record_start(&self, index: usize) -> usize {
        index.wrapping_mul(usize::from(self.record_len))
    }

    /// The highest of rows `rows` (inside the tile, low ≤ high) set in a column mask whose
    /// bit p is row p, or row N-1-p when `reversed`: the top is then the lowest bit of the
    /// mirrored rows.
    #[inline(always)]
    fn top_of_mask(&self, mask: u64, rows: (i32, i32), reversed: bool) -> Option<i32> {
        let last = i32::from(self.tile_size).wrapping_sub(1);
        let (p0, p1) = if reversed {
            (last.wrapping_sub(rows.1), last.wrapping_sub(rows.0))
        } else {
            rows
        };
        let bit = if !ANY_TILE_SIZE || self.mask_bytes <= 4 {
            // Tiles up to 32 px: one word (no 64-bit shift, a library call on ARMv6-M).
            let m = mask as u32 & span_bits32(p0, p1);
            if m == 0 {
                return None;
            }
            if reversed {
                lowest_bit32(m)
            } else {
                highest_bit32(m)
            }
        } else {
            let m = mask & span_bits(p0, p1);
            if m == 0 {
                return None;
            }
            if reversed {
                lowest_bit(m)
            } else {
                highest_bit(m)
            }
        };
        Some(if reversed {
            last.wrapping_sub(bit)
        } else {
            bit
        })
    }

    fn shape_of(&self, index: u16, record: &'a [u8]) -> Shape<'a> {
        Shape::new(
            self.tile_size,
            self.mask_bytes,
            self.table_masks,
            record,
            (index, self.angles),
        )
    }

    /// The shape's name (its PNG file stem).
    pub fn name(&self, id: ShapeId) -> Option<&'a str> {
        self.names().nth(usize::from(id.index()))
    }

    /// The id of the shape with this name (its PNG file stem, exactly).
    pub fn find(&self, name: &str) -> Option<ShapeId> {
        let index = self.names().position(|n| n == name)?;
        Some(ShapeId::new(u16::try_from(index).ok()?))
    }

    /// The shape with this name (its PNG file stem, exactly).
    pub fn shape_by_name(&self, name: &str) -> Option<Shape<'a>> {
        self.shape(self.find(name)?)
    }

    /// Every shape id with its name, in id order.
    pub fn ids(&self) -> impl Iterator<Item = (ShapeId, &'a str)> + 'a {
        (0..=u16::MAX).map(ShapeId::new).zip(self.names())
    }

    fn names(&self) -> Names<'a> {
        Names { rest: self.names }
    }

    /// The first byte of column `x` of stored variant `profile` (0 `none`, 1 `FY`, 2
    /// `F90`, 3 `F90Y`) of record `record` in the variant columns (< 2^32: the blob was
    /// validated, or is being so with bounds-checked reads).
    #[inline(always)]
    fn column_start(&self, record: usize, profile: usize, x: usize) -> usize {
        record
            .wrapping_mul(usize::from(self.columns_len))
            .wrapping_add(
                profile
                    .wrapping_mul(usize::from(self.tile_size))
                    .wrapping_add(x)
                    .wrapping_mul(usize::from(self.mask_bytes)),
            )
    }
}

/// The columns of one cell (`Tables::shape_columns`, `Tables::full_columns`,
/// [`CellColumns::EMPTY`]), found once and read column by column with
/// `Tables::column_of`: a shape's variant columns from the first byte of its
/// column 0 (`at`), `step` bytes from one column to the next (negative under an X mirror);
/// or, with `step` 0, the same mask `fixed` in every column (an empty or a full cell).
#[derive(Clone, Copy, Debug)]
pub(crate) struct CellColumns {
    at: usize,
    step: isize,
    fixed: u32,
}

impl CellColumns {
    /// The columns of an empty cell.
    pub(crate) const EMPTY: CellColumns = CellColumns::fixed(0);

    /// Every column `mask`.
    const fn fixed(mask: u32) -> CellColumns {
        CellColumns {
            at: 0,
            step: 0,
            fixed: mask,
        }
    }
}

/// Walks the length-prefixed names (validated at load).
struct Names<'a> {
    rest: &'a [u8],
}

impl<'a> Iterator for Names<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let (&len, tail) = self.rest.split_first()?;
        let (name, tail) = tail.split_at_checked(usize::from(len))?;
        self.rest = tail;
        core::str::from_utf8(name).ok()
    }
}

/// [`Tables::columns_top`] ORs ranges of at most this many columns from the variant
/// columns in a loop, wider ones from two masks of a record's range-OR tables: on 16-px
/// tiles the loop is the cheaper up to about 8 columns (`bash firmware/bench.sh`).
const NARROW: i32 = 8;

/// The [`LINE_CODES`] index of `variant`'s rows (`row`) or columns.
#[inline(always)]
pub(crate) fn line_of(variant: Variant, row: bool) -> usize {
    usize::from(variant.index()) << 1 | usize::from(row)
}

/// The [`LINE_CODES`] entry of line kind `line` ([`line_of`]).
#[inline(always)]
fn line_code(line: usize) -> u8 {
    LINE_CODES.get(line).copied().unwrap_or(0)
}

/// [`LINE_CODES`] bit: the line is one of the record's rows (else one of its columns).
const ROWS_TABLE: u8 = 1;
/// [`LINE_CODES`] bit: the line's index runs backwards (`N-1-at`).
const FLIPPED_INDEX: u8 = 2;
/// [`LINE_CODES`] bit: the line's mask runs backwards (bit `p` is position `N-1-p`).
const REVERSED: u8 = 4;

/// [`line_slot`] for every variant (index · 2, plus 1 for a row) as three bits, so the
/// strip test decides with a table load instead of a match.
#[allow(clippy::indexing_slicing)] // evaluated by the compiler: a bad index fails the build
const LINE_CODES: [u8; 16] = {
    let mut codes = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        let variant = match Variant::from_index((i >> 1) as u8) {
            Some(v) => v,
            None => Variant::Identity,
        };
        let (lines, index, reversed) = line_slot(2, variant, i & 1 != 0, 0);
        codes[i] = (matches!(lines, Lines::Rows) as u8) * ROWS_TABLE
            + (index != 0) as u8 * FLIPPED_INDEX
            + reversed as u8 * REVERSED;
        i += 1;
    }
    codes
};

#[cfg(test)]
mod tests {
    use super::{ShapeId, Tables};
    use crate::BlobError;
    use crate::testing::{blob_of, read_sizes, variant_pixel};
    use crate::{Direction, Overlap, Variant};

    /// The height lookup of every range of columns and rows of every variant of every
    /// default shape equals the highest solid pixel found pixel by pixel.
    #[test]
    fn columns_top_is_the_highest_solid_pixel() {
        static BLOB: &[u8] =
            include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
        let t = Tables::from_bytes(BLOB).expect("the test blob loads");
        let n = i32::from(t.tile_size());
        let ranges: Vec<(i32, i32)> = (0..n).flat_map(|a| (a..n).map(move |b| (a, b))).collect();
        let mut found = 0;
        for id in (0..t.shape_count()).map(ShapeId::new) {
            let shape = t.shape(id).expect("a shape of the blob");
            for variant in Variant::ALL {
                let solid: Vec<Vec<bool>> = (0..n)
                    .map(|x| {
                        (0..n)
                            .map(|y| shape.is_solid(variant, x as u8, y as u8))
                            .collect()
                    })
                    .collect();
                for &(c0, c1) in &ranges {
                    for &(r0, r1) in &ranges {
                        let expected = (r0..=r1)
                            .rev()
                            .find(|&y| (c0..=c1).any(|x| solid[x as usize][y as usize]));
                        let top = t.columns_top(id, variant, (c0, c1), (r0, r1));
                        assert_eq!(top, expected, "{id:?} {variant:?} {c0}..={c1} {r0}..={r1}");
                        if c0 == c1 {
                            let single = t.single_column_top(id, variant, c0, (r0, r1));
                            assert_eq!(single, expected, "{id:?} {variant:?} {c0} {r0}..={r1}");
                        }
                        found += usize::from(top.is_some());
                    }
                }
            }
        }
        assert!(found > 100_000, "{found} ranges with a solid pixel");
    }

    /// Tables of 4, 8, 16 and 32 px load in every build; every other size of the format
    /// loads with the `any_tile_size` feature and is refused by name without it.
    #[test]
    fn tile_sizes_read_by_this_build() {
        for n in 4u8..=64 {
            let bytes = blob_of(n, &[("s", vec![1; usize::from(n)])]);
            let loaded = Tables::from_bytes(&bytes).map(|t| t.tile_size());
            let want = if cfg!(feature = "any_tile_size") || matches!(n, 4 | 8 | 16 | 32) {
                Ok(n)
            } else {
                Err(BlobError::TileSizeNeedsFeature { size: n })
            };
            assert_eq!(loaded, want, "N = {n}");
        }
    }

    /// A xorshift generator from `seed`: the same random bitmaps on every run.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// A cell's columns found once and read column by column (the walk's runs) are the
    /// variant's pixels, on random bitmaps of every tile size up to 32 px, every variant;
    /// a full cell's are all solid; wider tiles are refused.
    #[test]
    fn cell_columns_are_the_variants_pixels() {
        let mut random = xorshift(0x2545_F491_4F6C_DD1Du64);
        for n in read_sizes([4, 7, 8, 9, 12, 16, 17, 24, 31, 32, 33, 48, 64]) {
            let size = i32::from(n);
            let inside = if n == 64 { u64::MAX } else { (1 << n) - 1 };
            let columns: Vec<u64> = (0..size).map(|_| random() & inside).collect();
            let bytes = blob_of(n, &[("s", columns.clone())]);
            let t = Tables::from_bytes(&bytes).expect("the blob loads");
            for variant in Variant::ALL {
                let Some(cell) = t.shape_columns(ShapeId::new(0), variant) else {
                    assert!(n > 32, "N = {n}: refused");
                    continue;
                };
                for x in 0..size {
                    let mask = t.column_of(cell, x);
                    for y in 0..size {
                        let pixel = variant_pixel(size, &columns, variant, x, y);
                        assert_eq!(mask >> y & 1 != 0, pixel, "N = {n} {variant:?} ({x}, {y})");
                    }
                    assert_eq!(
                        u64::from(mask) & !inside,
                        0,
                        "N = {n} {variant:?} column {x}"
                    );
                    assert_eq!(
                        u64::from(t.column_of(t.full_columns(), x)),
                        inside,
                        "N = {n}"
                    );
                }
            }
            assert!(
                t.shape_columns(ShapeId::new(1), Variant::Identity)
                    .is_none()
            );
        }
    }

    /// The height lookup on every tile size's mask width (1 to 8 bytes, the variant columns
    /// and the range-OR tables alike) equals the highest solid pixel of the variant found
    /// pixel by pixel, on random bitmaps: every variant, column ranges of every width,
    /// random row ranges.
    #[test]
    fn columns_top_on_every_tile_size_is_the_highest_solid_pixel() {
        let mut random = xorshift(0x9E37_79B9_7F4A_7C15u64);
        let mut found = 0;
        for n in read_sizes([4, 7, 8, 9, 12, 16, 17, 24, 31, 32, 33, 48, 64]) {
            let size = i32::from(n);
            let inside = if n == 64 { u64::MAX } else { (1 << n) - 1 };
            for _ in 0..3 {
                let columns: Vec<u64> = (0..size).map(|_| random() & random() & inside).collect();
                let bytes = blob_of(n, &[("s", columns.clone())]);
                let t = Tables::from_bytes(&bytes).expect("the blob loads");
                let id = ShapeId::new(0);
                for variant in Variant::ALL {
                    for c0 in 0..size {
                        for c1 in c0..size {
                            let r0 = (random() % n as u64) as i32;
                            let r1 = r0 + (random() % (size - r0) as u64) as i32;
                            let expected = (r0..=r1).rev().find(|&y| {
                                (c0..=c1).any(|x| variant_pixel(size, &columns, variant, x, y))
                            });
                            let top = t.columns_top(id, variant, (c0, c1), (r0, r1));
                            assert_eq!(top, expected, "N {n} {variant:?} {c0}..={c1} {r0}..={r1}");
                            if c0 == c1 {
                                let single = t.single_column_top(id, variant, c0, (r0, r1));
                                assert_eq!(single, expected, "N {n} {variant:?} {c0} {r0}..={r1}");
                            }
                            found += usize::from(top.is_some());
                        }
                    }
                }
            }
        }
        // Without `any_tile_size`, four of the thirteen sizes run.
        let least = if cfg!(feature = "any_tile_size") {
            50_000
        } else {
            10_000
        };
        assert!(found > least, "{found} ranges with a solid pixel");
    }

    /// Tables whose sizes are all 0 (no blob loads as such: only this crate can make them)
    /// still answer every accessor without panicking: nothing divides by a size.
    #[test]
    fn accessors_never_divide_by_a_size() {
        let records = [0xFFu8; 8];
        let t = Tables {
            tile_size: 0,
            mask_bytes: 0,
            table_masks: 0,
            record_len: 0,
            columns_len: 0,
            names: &[1, b'a'],
            shapes: &[0, 0],
            records: &records,
            angles: &[],
            columns: &[],
        };
        assert_eq!(t.record_count(), 0);
        assert_eq!((t.shape_count(), t.tile_size()), (1, 0));
        assert_eq!(t.find("a"), Some(ShapeId::new(0)));
        for variant in Variant::ALL {
            assert!(!t.line_covers(ShapeId::new(0), variant, true, 0, (0, 0)));
            assert!(!t.line_covers(ShapeId::new(0), variant, false, 3, (-1, 5)));
        }
        let shape = t.shape(ShapeId::new(0)).expect("shape 0");
        for dir in Direction::ALL {
            let _ = shape.distance(Variant::FlipX, Overlap::new(0, 0, 0, 0), dir);
        }
        let _ = (
            shape.offsets(Variant::Rot90, Overlap::new(1, 2, 3, 4)),
            shape.surface(Variant::Identity, 0),
            shape.is_solid(Variant::Identity, 0, 0),
        );
    }
}
