//! Whether a blob's contents are sound: its lengths, names, record indices, masks, variant
//! columns and angles (the list is in [`crate::format`]'s docs). Every check is a
//! `const fn`: the module slopegen generates runs them when the game compiles, so a game
//! that uses it links none of this, and [`crate::Tables::from_bytes`] runs the same code at
//! run time for a blob read from a file.
//!
//! The checks read the fields byte by byte (a lookup never comes here), with care for the
//! compiler's interpreter, which is slow: a 110 KB blob (64 tiles of 32 px) validates in
//! about a second of compile time.
// Indexes below a loop bound no larger than the array: `get` is not `const`.
#![allow(clippy::indexing_slicing)]

use crate::bytes::{bytes_at, le_at, tri};
use crate::tables::error::BlobError;
use crate::tables::format::{
    ANGLE_PROFILES, Blob, STORED_VARIANTS, level_start, levels, mask_bytes, record_len,
    table_masks, variant_columns_len,
};
use crate::tables::line::{low_bits, reverse};
use crate::tables::shape::{Lines, line_slot};

/// The largest tile size, as an array length.
const MAX_N: usize = crate::tables::format::MAX_TILE_SIZE as usize;

/// How many shapes and records a blob holds, once their lengths are checked.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Counts {
    pub(crate) shapes: u16,
    pub(crate) records: u16,
}

/// Checks everything in `blob` past its framing ([`Blob::decode`] checks that), in a fixed
/// order: lengths, names, indices, records, variant columns, angles. `blob.tile_size` is
/// in the format's range.
pub(crate) const fn contents(blob: &Blob<'_>) -> Result<Counts, BlobError> {
    let counts = tri!(counts(blob));
    let n = blob.tile_size;
    tri!(names(blob.names, counts.shapes));
    tri!(indices(blob.shapes, counts.records));
    tri!(records(blob.records, n, counts.records));
    tri!(variant_columns(blob, counts.records));
    tri!(angles(blob, counts.records));
    Ok(counts)
}

/// The shape and record counts, from lengths that must fit the tile size.
const fn counts(blob: &Blob<'_>) -> Result<Counts, BlobError> {
    let n = blob.tile_size;
    let shapes = blob.shapes.len();
    if shapes % 2 != 0 || shapes / 2 > u16::MAX as usize {
        return Err(BlobError::BadLength { field: "shapes" });
    }
    let len = record_len(n);
    let records = match blob.records.len().checked_div(len) {
        Some(count) if blob.records.len() % len == 0 => count,
        _ => return Err(BlobError::BadLength { field: "records" }),
    };
    let angles = records.checked_mul((n as usize).saturating_mul(ANGLE_PROFILES));
    if !matches!(angles, Some(a) if a == blob.angles.len()) {
        return Err(BlobError::BadLength { field: "angles" });
    }
    let columns = records.checked_mul(variant_columns_len(n));
    if !matches!(columns, Some(c) if c == blob.columns.len()) {
        return Err(BlobError::BadLength { field: "columns" });
    }
    if records > u16::MAX as usize {
        return Err(BlobError::BadLength { field: "records" });
    }
    Ok(Counts {
        shapes: (shapes / 2) as u16,
        records: records as u16,
    })
}

/// One name per shape, each length-prefixed, non-empty UTF-8 without control characters,
/// and sorted strictly (distinct, in the generator's byte-wise order); nothing after them.
const fn names(names: &[u8], count: u16) -> Result<(), BlobError> {
    let mut rest = names;
    let mut before: &[u8] = &[];
    let mut shape = 0u16;
    while shape < count {
        let bad = BlobError::BadName { shape };
        let Some((&len, tail)) = rest.split_first() else {
            return Err(bad);
        };
        let Some((name, tail)) = tail.split_at_checked(len as usize) else {
            return Err(bad);
        };
        if name.is_empty() || core::str::from_utf8(name).is_err() || has_control(name) {
            return Err(bad);
        }
        if shape > 0 && !sorts_after(name, before) {
            return Err(BlobError::UnsortedName { shape });
        }
        before = name;
        rest = tail;
        shape += 1;
    }
    if rest.is_empty() {
        Ok(())
    } else {
        Err(BlobError::BadName { shape: count })
    }
}

/// Whether UTF-8 text holds a control character (`char::is_control`: U+0000–U+001F and
/// U+007F–U+009F, the last 32 written `C2 80`–`C2 9F`).
const fn has_control(text: &[u8]) -> bool {
    let mut rest = text;
    while let Some((&b, tail)) = rest.split_first() {
        let c1 = b == 0xC2 && matches!(tail.first(), Some(0x80..=0x9F));
        if b < 0x20 || b == 0x7F || c1 {
            return true;
        }
        rest = tail;
    }
    false
}

/// Whether `a` sorts after `b`, byte by byte.
const fn sorts_after(a: &[u8], b: &[u8]) -> bool {
    let (mut a, mut b) = (a, b);
    loop {
        match (a.split_first(), b.split_first()) {
            (Some((x, ra)), Some((y, rb))) => {
                if *x != *y {
                    return *x > *y;
                }
                (a, b) = (ra, rb);
            }
            (Some(_), None) => return true,
            (None, _) => return false,
        }
    }
}

/// Every shape's record index names a record.
const fn indices(shapes: &[u8], records: u16) -> Result<(), BlobError> {
    let mut rest = shapes;
    let mut shape = 0u16;
    while let Some((pair, tail)) = rest.split_first_chunk::<2>() {
        let index = u16::from_le_bytes(*pair);
        if index >= records {
            return Err(BlobError::IndexOutOfRange {
                shape,
                index,
                records,
            });
        }
        shape = shape.wrapping_add(1);
        rest = tail;
    }
    Ok(())
}

/// Every mask stays inside the tile, every level is the OR of the one below, and the rows
/// table holds the columns table's pixels: lookups trust any two masks they combine.
const fn records(all: &[u8], n: u8, count: u16) -> Result<(), BlobError> {
    let mut record = 0u16;
    while record < count {
        let bytes = record_bytes(all, n, record);
        if !levels_consistent(bytes, n, Lines::Columns)
            || !levels_consistent(bytes, n, Lines::Rows)
            || !rows_transpose_columns(bytes, n)
        {
            return Err(BlobError::BadRecord { record });
        }
        record += 1;
    }
    Ok(())
}

/// Record `record`'s bytes (empty past the end: the lengths were checked).
const fn record_bytes(all: &[u8], n: u8, record: u16) -> &[u8] {
    let len = record_len(n);
    match bytes_at(all, (record as usize).wrapping_mul(len), len) {
        Some(bytes) => bytes,
        None => &[],
    }
}

/// The first byte of `level` of table `lines` in a record.
const fn level_byte(n: u8, lines: Lines, level: u32) -> usize {
    let table = match lines {
        Lines::Columns => 0,
        Lines::Rows => table_masks(n),
    };
    (table + level_start(n, level)) * mask_bytes(n)
}

/// The N masks of level 0 of table `lines` (a line each), the rest 0.
const fn lines_of(record: &[u8], n: u8, lines: Lines) -> [u64; MAX_N] {
    let (start, width) = (level_byte(n, lines, 0), mask_bytes(n));
    let mut masks = [0u64; MAX_N];
    let mut i = 0;
    while i < n as usize && i < MAX_N {
        masks[i] = le_at(record, start + i * width, width);
        i += 1;
    }
    masks
}

/// No bit at or past N, and each level the OR of two masks of the level below (each mask
/// read once, the level below kept: the compiler's interpreter runs this for every record
/// of a game's blob).
const fn levels_consistent(record: &[u8], n: u8, lines: Lines) -> bool {
    let inside = low_bits(n as u32);
    let width = mask_bytes(n);
    let mut below = [0u64; MAX_N];
    let mut level = 0;
    while level < levels(n) {
        let start = level_byte(n, lines, level);
        let span = 1usize << level;
        let mut masks = [0u64; MAX_N];
        let mut i = 0;
        // Level j holds N − 2^j + 1 masks, the OR of masks i and i + 2^(j−1) below it.
        while i + span <= n as usize && i < MAX_N {
            let m = le_at(record, start + i * width, width);
            if m & !inside != 0 {
                return false;
            }
            if level > 0 && i + span / 2 < MAX_N && m != below[i] | below[i + span / 2] {
                return false;
            }
            masks[i] = m;
            i += 1;
        }
        below = masks;
        level += 1;
    }
    true
}

/// The rows table answers horizontal queries, the columns table vertical ones: they must
/// describe the same pixels.
const fn rows_transpose_columns(record: &[u8], n: u8) -> bool {
    let columns = lines_of(record, n, Lines::Columns);
    let rows = lines_of(record, n, Lines::Rows);
    let mut y = 0;
    while y < n as usize && y < MAX_N {
        let mut row = 0u64;
        let mut x = 0;
        while x < n as usize && x < MAX_N {
            row |= (columns[x] >> y & 1) << x;
            x += 1;
        }
        if row != rows[y] {
            return false;
        }
        y += 1;
    }
    true
}

/// Level-0 mask `index` of `lines`, from the two tables' lines (0 outside the tile).
const fn line(columns: &[u64; MAX_N], rows: &[u64; MAX_N], lines: Lines, index: i32) -> u64 {
    if index < 0 || index as usize >= MAX_N {
        return 0;
    }
    match lines {
        Lines::Columns => columns[index as usize],
        Lines::Rows => rows[index as usize],
    }
}

/// Every variant column is the record's picture turned as its variant: the height lookups
/// read them in place of the records' tables, so the two must agree.
const fn variant_columns(blob: &Blob<'_>, count: u16) -> Result<(), BlobError> {
    let n = blob.tile_size;
    let width = mask_bytes(n);
    let mut record = 0u16;
    while record < count {
        let bytes = record_bytes(blob.records, n, record);
        let (columns, rows) = (
            lines_of(bytes, n, Lines::Columns),
            lines_of(bytes, n, Lines::Rows),
        );
        let mut variants: &[_] = &STORED_VARIANTS;
        let mut at = (record as usize).wrapping_mul(variant_columns_len(n));
        while let [variant, rest @ ..] = variants {
            let mut x = 0;
            while x < n as i32 {
                let (lines, index, reversed) = line_slot(n, *variant, false, x);
                let base = line(&columns, &rows, lines, index);
                let expected = if reversed {
                    reverse(base, n as u32)
                } else {
                    base
                };
                if le_at(blob.columns, at, width) != expected {
                    return Err(BlobError::BadRecord { record });
                }
                at = at.wrapping_add(width);
                x += 1;
            }
            variants = rest;
        }
        record += 1;
    }
    Ok(())
}

/// Every angle is one the generator can write (see the format's "Angles"): never vertical
/// or past it, and sloped only on a profile with a ramp of that direction.
const fn angles(blob: &Blob<'_>, count: u16) -> Result<(), BlobError> {
    let n = blob.tile_size;
    let mut rest = blob.angles;
    let mut record = 0u16;
    while record < count {
        let bytes = record_bytes(blob.records, n, record);
        let (columns, rows) = (
            lines_of(bytes, n, Lines::Columns),
            lines_of(bytes, n, Lines::Rows),
        );
        let mut profile = 0;
        while profile < ANGLE_PROFILES {
            let (rising, falling) = ramps(&columns, &rows, n, profile);
            let mut x = 0;
            while x < n {
                let [angle, tail @ ..] = rest else {
                    return Err(BlobError::BadAngle { record });
                };
                let possible = match *angle {
                    0 => true,
                    1..=63 => rising,
                    193..=255 => falling,
                    _ => false,
                };
                if !possible {
                    return Err(BlobError::BadAngle { record });
                }
                rest = tail;
                x += 1;
            }
            profile += 1;
        }
        record += 1;
    }
    Ok(())
}

/// Whether stored profile `profile` (0 `none`, 1 `FY`, 2 `F90`, 3 `F90Y`) of a record has
/// at least two rising risers, and at least two falling ones: what a rising or a falling
/// ramp needs.
const fn ramps(columns: &[u64; MAX_N], rows: &[u64; MAX_N], n: u8, profile: usize) -> (bool, bool) {
    let (mut up, mut down) = (0u32, 0u32);
    let mut last = height(columns, rows, n, profile, 0);
    let mut x = 1;
    while x < n as usize {
        let h = height(columns, rows, n, profile, x);
        up += (h > last) as u32;
        down += (h < last) as u32;
        last = h;
        x += 1;
    }
    (up >= 2, down >= 2)
}

/// The height of column `x` of stored profile `profile`: from the base bitmap's columns
/// (none, FY) or rows (F90, F90Y), read from the top bit or, mirrored in y, from the
/// bottom one.
const fn height(
    columns: &[u64; MAX_N],
    rows: &[u64; MAX_N],
    n: u8,
    profile: usize,
    x: usize,
) -> u32 {
    let m = if x >= MAX_N {
        0
    } else if profile < 2 {
        columns[x]
    } else {
        rows[x]
    };
    if m == 0 {
        0
    } else if profile == 0 || profile == 3 {
        64 - m.leading_zeros()
    } else {
        n as u32 - m.trailing_zeros()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_chars_is_control() {
        let mut buf = [0u8; 4];
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let text = c.encode_utf8(&mut buf).as_bytes();
            assert_eq!(has_control(text), c.is_control(), "{c:?}");
        }
    }

    #[test]
    fn sorting_is_byte_wise() {
        let names: [&[u8]; 6] = [b"", b"a", b"ab", b"b", b"ba", b"\xC3\xA9"];
        for a in names {
            for b in names {
                assert_eq!(sorts_after(a, b), a > b, "{a:?} {b:?}");
            }
        }
    }
}
