//! The blob: slopegen's wire format, written down, and its decoder.
//!
//! # FORMAT (version 2)
//!
//! A blob is the [postcard] encoding of [`Blob`]: fields in declaration order, integers of
//! more than one byte as unsigned LEB128 varints, `u8` and fixed arrays as raw bytes, byte
//! strings as a varint length then the bytes. Multi-byte values *inside* the byte strings are
//! little-endian and read with `from_le_bytes`, so a blob needs no alignment and
//! `include_bytes!` can embed it as is.
//!
//! | field       | encoding          | meaning |
//! |-------------|-------------------|---------|
//! | `magic`     | 8 raw bytes       | `SLOPEGEN` |
//! | `version`   | varint `u16`      | [`VERSION`] (2) |
//! | `tile_size` | 1 byte            | N, 4..=64; every shape is N×N |
//! | `names`     | varint len, bytes | per shape: 1 length byte, then that many bytes of UTF-8 (the PNG stem) |
//! | `shapes`    | varint len, bytes | per shape: `u16` LE index of its record (identical bitmaps share one) |
//! | `records`   | varint len, bytes | the records, each [`record_len`]`(N)` bytes, see below |
//! | `angles`    | varint len, bytes | per record `4·N` surface-angle bytes, see below |
//! | `columns`   | varint len, bytes | per record `4·N` column masks of the variants, see below |
//! | `checksum`  | 4 raw bytes       | CRC-32 (IEEE) of every byte before it, `u32` LE |
//!
//! Shape ids are positions in `shapes` (the generator sorts shapes by name).
//!
//! ## Records: range-OR masks
//! A record stores the shape's bitmap as line masks, `ceil(N/8)` bytes each, LE, bit p =
//! pixel p along the line:
//!
//! ```text
//! columns table: level 0: col[0] … col[N-1]                  (bit y set = pixel (x, y) solid)
//!                level 1: col[0]|col[1] … col[N-2]|col[N-1]  (N-1 masks)
//!                level j: OR of 2^j columns starting at x, x = 0..=N-2^j
//!                … up to the largest j with 2^j ≤ N
//! rows table:    the same for rows (bit x set = pixel (x, y) solid)
//! ```
//!
//! Any range of columns is the OR of two (overlapping) entries of one level, so the line
//! mask under any box is two loads and an OR, and every offset follows from it with a few
//! word operations (see the `line` module). Size: `2·ceil(N/8)·Σ_j (N − 2^j + 1)` bytes:
//! 216 at N = 16, 1080 at N = 32.
//!
//! ## Variant columns
//! Per record, the column masks of four variants, `none`, `FY`, `F90`, `F90Y` (the angle
//! profiles' order), N masks each in column order, `ceil(N/8)` bytes each, LE, bit y =
//! pixel (x, y) of the variant solid, y up. The X-mirrored variants (`FX`, `FXY`, `F90X`,
//! `F90XY`) read their partner's: column x of `FX` is column N−1−x of `none` (its bits as
//! they are), and so on. They answer the movers' height lookups
//! (the highest solid pixel of some columns) with one load per column and no mirroring of
//! bits, where the records' tables hold the base picture only. Size: `4·N·ceil(N/8)` bytes,
//! 128 at N = 16.
//!
//! ## Validation
//! [`crate::Tables::from_bytes`] (a `const fn`: the module slopegen generates runs it when
//! the game compiles) refuses a blob unless: the magic and version match (a
//! blob of another version is refused as such: regenerate it); every field is complete
//! and nothing follows the checksum; the checksum matches; N is in 4..=64; `shapes` has an
//! even length; `records` is a whole number of records, `angles` holds `4·N` bytes per
//! record and `columns` `4·N` masks per record; there is one well-formed name per shape
//! (non-empty UTF-8 without control characters), and the names are distinct and sorted
//! (each sorts byte-wise after the one before, as the generator writes them); every record
//! index is below the record count; every record is self-consistent (no bit at or past N,
//! each level the OR of the two masks below it, the rows table the transpose of the
//! columns table, the variant columns the record's picture turned as their variants); and
//! every angle is one the generator can write for that record's surfaces (see below).
//! Lookups after that cannot fail. Bytes after the checksum are reported as damage when
//! the checksum at the end of the fields does not match (a damaged length), as trailing
//! bytes otherwise; a malformed length in a blob whose checksum fails is damage too.
//!
//! ## Angles
//! Per record, four profiles of N bytes: the top surface's angle in columns 0..N of the
//! variants `none`, `FY`, `F90`, `F90Y` (the X-mirrored variants read them backwards,
//! negated). An angle is a byte, 256 = a full turn, counter-clockwise from +x with y up:
//! 0 flat, 32 a 45° rise to the right, 224 a 45° fall.
//!
//! The generator reads angles from a profile's *risers* (columns where the height changes)
//! over a run of at least one column, so it never writes a vertical angle: every angle is
//! in 0..=63 (rising or flat) or 193..=255 (falling). A rising angle needs a ramp of at
//! least two rising risers in that profile, a falling one two falling risers; a profile
//! without them (a flat floor, a single step) has only zeros. Validation refuses any
//! other angle byte.
//!
//! [postcard]: https://postcard.jamesmunns.com/wire-format

use crate::tables::geometry::Variant;

/// The first eight bytes of every blob.
pub const MAGIC: [u8; 8] = *b"SLOPEGEN";

/// The format version this crate reads and slopegen writes.
pub const VERSION: u16 = 2;

/// Smallest supported tile size.
pub const MIN_TILE_SIZE: u8 = 4;

/// Largest supported tile size (a line mask is one `u64`).
pub const MAX_TILE_SIZE: u8 = 64;

/// Whether this build reads every tile size from [`MIN_TILE_SIZE`] to [`MAX_TILE_SIZE`]
/// (the `any_tile_size` feature). Without it, only [`tile_size_read`] sizes: powers of two
/// up to 32 px, whose pixels map to tiles by a shift and whose line masks fit a word.
pub(crate) const ANY_TILE_SIZE: bool = cfg!(feature = "any_tile_size");

/// Whether tiles of `n` px (a size the format allows) need the runtime's `any_tile_size`
/// feature: every size but 4, 8, 16 and 32 px, whose pixels map to tiles by a shift and
/// whose line masks fit a word. (The module slopegen generates for such tiles names the
/// feature in its compile-time check.)
pub const fn needs_any_tile_size(n: u8) -> bool {
    !(n <= 32 && n.is_power_of_two())
}

/// Whether this build of the runtime reads tables of `n`-px tiles: every size of the
/// format with the `any_tile_size` feature, else those that do not
/// [need it](needs_any_tile_size).
pub const fn tile_size_read(n: u8) -> bool {
    n >= MIN_TILE_SIZE && n <= MAX_TILE_SIZE && (ANY_TILE_SIZE || !needs_any_tile_size(n))
}

/// Profiles stored per record in `angles`: the variants `none`, `FY`, `F90`, `F90Y`.
pub const ANGLE_PROFILES: usize = 4;

/// The variants whose angle profiles and columns a record stores, in wire order; the
/// X-mirrored four read their partner's.
pub const STORED_VARIANTS: [Variant; ANGLE_PROFILES] = [
    Variant::Identity,
    Variant::FlipY,
    Variant::Rot90,
    Variant::Rot90FlipY,
];

/// The blob's fields, in wire order. The generator serializes them with postcard; the
/// runtime decodes them by hand (no serde in firmware) in [`Blob::decode`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(serde::Serialize))]
pub struct Blob<'a> {
    /// [`MAGIC`].
    pub magic: [u8; 8],
    /// [`VERSION`].
    pub version: u16,
    /// N.
    pub tile_size: u8,
    /// Length-prefixed UTF-8 names, one per shape.
    pub names: &'a [u8],
    /// `u16` LE record index per shape.
    pub shapes: &'a [u8],
    /// Range-OR mask records.
    pub records: &'a [u8],
    /// Angle profiles, `4·N` bytes per record.
    pub angles: &'a [u8],
    /// Column masks of four variants, `4·N` masks per record.
    pub columns: &'a [u8],
    /// CRC-32 of everything before it, LE.
    pub checksum: [u8; 4],
}

/// Bytes per line mask for tile size `n`.
pub const fn mask_bytes(n: u8) -> usize {
    (n as usize).div_ceil(8)
}

/// Number of levels in one range-OR table: `floor(log2 n) + 1`.
pub const fn levels(n: u8) -> u32 {
    if n == 0 { 0 } else { n.ilog2().wrapping_add(1) }
}

/// Masks in one table (columns or rows) for tile size `n`.
pub const fn table_masks(n: u8) -> usize {
    level_start(n, levels(n))
}

/// Index of the first mask of `level` within a table: levels below it hold
/// Σ_{i<j} (N − 2^i + 1) = j·(N + 1) − (2^j − 1) masks.
#[inline]
pub(crate) const fn level_start(n: u8, level: u32) -> usize {
    let j = level as usize;
    let below = match 1usize.checked_shl(level) {
        Some(p) => p.wrapping_sub(1),
        None => 0,
    };
    j.wrapping_mul(n as usize + 1).wrapping_sub(below)
}

/// Bytes of one record (both tables) for tile size `n`.
pub const fn record_len(n: u8) -> usize {
    table_masks(n).wrapping_mul(mask_bytes(n)).wrapping_mul(2)
}

/// Bytes of one record's variant columns for tile size `n`: `4·N` masks.
pub const fn variant_columns_len(n: u8) -> usize {
    (n as usize)
        .wrapping_mul(ANGLE_PROFILES)
        .wrapping_mul(mask_bytes(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_match_the_documented_figures() {
        assert_eq!(record_len(16), 216);
        assert_eq!(record_len(32), 1080);
        assert_eq!(variant_columns_len(16), 128);
        assert_eq!(variant_columns_len(32), 512);
        assert_eq!(levels(16), 5);
        assert_eq!(levels(17), 5);
        assert_eq!(level_start(16, 2), 31);
        assert_eq!(table_masks(4), 4 + 3 + 1);
    }
}
