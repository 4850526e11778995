//! A level in flash: [`PackedMap`], a [`TileMap`] over static bytes (one byte per cell and a
//! palette; [`WidePackedMap`], two bytes per cell, for more than 256 distinct cells), and
//! [`Variant::from_tiled_flags`] for levels drawn in Tiled.
//!
//! `slopegen level.tmx -o out` writes `out/level.map` in this format and a `level.rs` whose
//! `MAP` is it, validated when the game compiles; any other tool may write it too.
//!
//! # Y up
//!
//! Cells are addressed y up, as everywhere in this crate: cell (0, 0) is the **bottom-left**
//! cell of the map and covers world pixels `0..N` × `0..N`. Tiled (and most renderers) count
//! rows from the top; the generator flips them, so row 0 of the file is the map's bottom row.
//! A renderer whose y axis points down draws world pixel row `y` at screen row
//!
//! ```text
//! screen_y = map.height() as i32 * N - 1 - y      // N: the tile size; for a box, use its top edge y1
//! ```
//!
//! # MAP FORMAT (version 1)
//!
//! Fixed-width little-endian fields, no alignment needed (`include_bytes!` embeds the file
//! as is):
//!
//! | offset | bytes | field | meaning |
//! |--------|-------|-------|---------|
//! | 0      | 8     | magic | `SLOPEMAP` |
//! | 8      | 1     | version | [`MAP_VERSION`] (1) |
//! | 9      | 1     | index width | bytes per cell: 1 (palette of 1..=256 cells) or 2 (1..=65535) |
//! | 10     | 1     | tile size | N, 4..=64: the tables' tile size, for checks and world pixels |
//! | 11     | 1     | reserved | 0 |
//! | 12     | 2     | width | W, cells per row, ≥ 1 |
//! | 14     | 2     | height | H, rows, ≥ 1; W·H ≤ [`MAX_MAP_CELLS`] |
//! | 16     | 2     | palette length | P |
//! | 18     | 2     | reserved | 0 |
//! | 20     | 4     | outside | the cell code answered for every cell outside the map |
//! | 24     | 4·P   | palette | P cell codes |
//! | 24+4P  | W·H·w | cells | per cell, its palette index (`u8`, or `u16` LE when w = 2); rows bottom first, each left to right: cell (x, y) is entry `y·W + x` |
//! | end−4  | 4     | checksum | CRC-32 (IEEE, [`crate::crc32`]) of every byte before it |
//!
//! A **cell code** is a `u32`: bits 0–1 what fills the cell (0 empty, 1 full, 2 a shape;
//! 3 is invalid), bit 2 one-way, bits 3–5 the variant's index (shapes only), bits 16–31 the
//! shape id (shapes only); every other bit is 0, and so are the variant and id bits of an
//! empty or full cell. The generator writes the palette in order of first use from the
//! bottom-left cell, and 1-byte indices whenever the map has at most 256 distinct cells;
//! with more (up to 65,535), 2 bytes per cell.
//!
//! ## Validation
//! [`PackedMap::from_bytes`] refuses the bytes unless: the magic and version match; the
//! length is exactly the header's sizes plus the checksum; the checksum matches; the index
//! width is 1 or 2; N is in 4..=64; W and H are at least 1 and W·H at most
//! [`MAX_MAP_CELLS`]; P is at least 1 and at most 256 with 1-byte indices; the reserved
//! bytes are 0; every cell code (palette and outside) is valid; and every cell's index is
//! below P. A lookup after that is two loads and cannot fail. [`PackedMap::check_tables`]
//! also checks every shape id against the tables the map will be used with.

use crate::bytes::{byte_at, bytes_at, u16_at, u32_at};
use crate::map::error::MapError;
use crate::map::format::{MAP_HEADER_LEN, MAP_MAGIC, MAP_VERSION, MAX_MAP_CELLS};
use crate::map::{Cell, Solid, TileMap};
use crate::tables::crc::crc32;
use crate::tables::geometry::Variant;
use crate::tables::{ShapeId, Tables};

const KIND_MASK: u32 = 3;
const KIND_FULL: u32 = 1;
const KIND_SHAPE: u32 = 2;
const ONE_WAY: u32 = 1 << 2;
const VARIANT_SHIFT: u32 = 3;
const ID_SHIFT: u32 = 16;
/// Where the outside cell's code lies: the header's last field, right before the palette
/// and laid out as a palette entry (the lookup reads it as the entry before the first).
const OUTSIDE_AT: usize = MAP_HEADER_LEN - 4;

/// The validated map behind [`PackedMap`] and [`WidePackedMap`], generic over the index
/// width so that each type's lookup is compiled for its own.
#[derive(Clone, Copy, Debug)]
struct Packed<'a, const WIDE: bool> {
    /// The outside cell's code (the header's last field) and the palette after it: entry
    /// 0 is the outside cell, entry `i + 1` palette entry `i`, so that a lookup reads and
    /// decodes one entry wherever the cell lies. Entries of four bytes: a lookup's one
    /// bound test finds its entry (a byte range would take two).
    entries: &'a [[u8; 4]],
    cells: &'a [u8],
    width: u32,
    height: u32,
    tile_size: u8,
}

/// The index width (bytes per cell: 1 for a [`PackedMap`], 2 for a [`WidePackedMap`]) that a
/// packed map's header declares; `None` if the bytes do not start like a packed map.
///
/// ```
/// # let bytes = [0u8; 4];
/// use slope_runtime::{index_width, PackedMap, WidePackedMap, TileMap};
/// match index_width(&bytes) {
///     Some(2) => { let _map = WidePackedMap::from_bytes(&bytes); }
///     _ => { let _map = PackedMap::from_bytes(&bytes); }
/// }
/// ```
pub fn index_width(bytes: &[u8]) -> Option<u8> {
    match bytes.get(..10) {
        Some(head) if head.get(..8) == Some(&MAP_MAGIC[..]) => head.get(9).copied(),
        _ => None,
    }
}

/// Byte `at` of a header or the cells (0 past the end: their lengths are checked first).
const fn field(header: &[u8], at: usize) -> u8 {
    match byte_at(header, at) {
        Some(b) => b,
        None => 0,
    }
}

/// Whether `bytes`, shorter than the magic, are its beginning: a map cut short.
const fn starts_magic(bytes: &[u8]) -> bool {
    let (mut rest, mut magic): (&[u8], &[u8]) = (bytes, &MAP_MAGIC);
    while let (Some((b, tail)), Some((m, more))) = (rest.split_first(), magic.split_first()) {
        if *b != *m {
            return false;
        }
        (rest, magic) = (tail, more);
    }
    rest.is_empty()
}

/// The cell of a valid code given as its low byte (kind, one-way, variant) and its shape
/// id's two bytes (LE).
#[inline(always)]
const fn decode_parts(flags: u8, id: [u8; 2]) -> Cell {
    let flags = flags as u32;
    let solid = match flags & KIND_MASK {
        0 => Solid::Empty,
        KIND_FULL => Solid::Full,
        _ => {
            let variant = match Variant::from_index((flags >> VARIANT_SHIFT & 7) as u8) {
                Some(v) => v,
                None => Variant::Identity,
            };
            Solid::Shape(ShapeId::new(u16::from_le_bytes(id)), variant)
        }
    };
    Cell {
        solid,
        one_way: flags & ONE_WAY != 0,
    }
}

/// The cell a valid code stands for.
#[inline(always)]
const fn decode(code: u32) -> Cell {
    let solid = match code & KIND_MASK {
        0 => Solid::Empty,
        KIND_FULL => Solid::Full,
        _ => {
            let variant = match Variant::from_index((code >> VARIANT_SHIFT & 7) as u8) {
                Some(v) => v,
                None => Variant::Identity,
            };
            Solid::Shape(ShapeId::new((code >> ID_SHIFT) as u16), variant)
        }
    };
    Cell {
        solid,
        one_way: code & ONE_WAY != 0,
    }
}

/// Whether `code` is a valid cell code (see the format).
const fn valid_code(code: u32) -> bool {
    let kind = code & KIND_MASK;
    let reserved = code & 0xFFC0 != 0;
    let shape_bits = code & !(KIND_MASK | ONE_WAY) != 0;
    match kind {
        0 | KIND_FULL => !shape_bits,
        KIND_SHAPE => !reserved,
        _ => false,
    }
}

/// The code of a cell: the inverse of `decode`.
pub const fn cell_code(cell: Cell) -> u32 {
    let solid = match cell.solid {
        Solid::Empty => 0,
        Solid::Full => KIND_FULL,
        Solid::Shape(id, variant) => {
            KIND_SHAPE | (variant.index() as u32) << VARIANT_SHIFT | (id.index() as u32) << ID_SHIFT
        }
    };
    solid | if cell.one_way { ONE_WAY } else { 0 }
}

impl<'a, const WIDE: bool> Packed<'a, WIDE> {
    const fn from_bytes(bytes: &'a [u8]) -> Result<Packed<'a, WIDE>, MapError> {
        match bytes.split_first_chunk::<8>() {
            Some((magic, _)) if u64::from_le_bytes(*magic) == u64::from_le_bytes(MAP_MAGIC) => {}
            Some(_) => return Err(MapError::BadMagic),
            None if starts_magic(bytes) => return Err(MapError::Truncated),
            None => return Err(MapError::BadMagic),
        }
        let Some(header) = bytes_at(bytes, 0, MAP_HEADER_LEN) else {
            return Err(MapError::Truncated);
        };
        let version = field(header, 8);
        if version != MAP_VERSION {
            return Err(MapError::UnsupportedVersion { found: version });
        }
        let index_width = field(header, 9);
        if index_width != if WIDE { 2 } else { 1 } {
            return Err(MapError::BadIndexWidth { found: index_width });
        }
        let tile_size = field(header, 10);
        if tile_size < 4 || tile_size > 64 {
            return Err(MapError::BadTileSize { size: tile_size });
        }
        if field(header, 11) != 0 || u16_at(header, 18) != 0 {
            return Err(MapError::Reserved);
        }
        let (width, height) = (u16_at(header, 12), u16_at(header, 14));
        let cell_count = width as u32 * height as u32;
        if width == 0 || height == 0 || cell_count > MAX_MAP_CELLS {
            return Err(MapError::BadSize { width, height });
        }
        let palette_len = u16_at(header, 16);
        if palette_len == 0 || (index_width == 1 && palette_len > 256) {
            return Err(MapError::BadPaletteLength { len: palette_len });
        }
        // At most 24 + 4·65535 + 2·2^24 + 4 bytes: no overflow on 32-bit targets.
        let palette_bytes = 4 * palette_len as usize;
        let cell_bytes = cell_count as usize * index_width as usize;
        let body = MAP_HEADER_LEN + palette_bytes + cell_bytes;
        let total = body + 4;
        if bytes.len() < total {
            return Err(MapError::Truncated);
        }
        let Some((content, tail)) = bytes.split_at_checked(body) else {
            return Err(MapError::Truncated);
        };
        let stored = u32_at(tail, 0);
        let computed = crc32(content);
        if stored != computed {
            return Err(MapError::ChecksumMismatch { stored, computed });
        }
        if bytes.len() > total {
            return Err(MapError::TrailingBytes);
        }
        let outside = u32_at(header, OUTSIDE_AT);
        if !valid_code(outside) {
            return Err(MapError::BadCell {
                entry: None,
                code: outside,
            });
        }
        let Some((_, rest)) = content.split_at_checked(OUTSIDE_AT) else {
            return Err(MapError::Truncated);
        };
        let Some((entries, cells)) = rest.split_at_checked(palette_bytes + 4) else {
            return Err(MapError::Truncated);
        };
        let Some((_, palette)) = entries.split_at_checked(4) else {
            return Err(MapError::Truncated);
        };
        let mut entry = 0u16;
        while entry < palette_len {
            let code = u32_at(palette, entry as usize * 4);
            if !valid_code(code) {
                return Err(MapError::BadCell {
                    entry: Some(entry),
                    code,
                });
            }
            entry += 1;
        }
        let map = Packed {
            entries: entries.as_chunks::<4>().0,
            cells,
            width: width as u32,
            height: height as u32,
            tile_size,
        };
        if WIDE || palette_len < 256 {
            // Row by row, without a division (no panic path on targets without one).
            let mut i = 0usize;
            let mut y = 0;
            while y < height {
                let mut x = 0;
                while x < width {
                    let index = if WIDE {
                        u16_at(cells, i.wrapping_mul(2))
                    } else {
                        field(cells, i) as u16
                    };
                    if index >= palette_len {
                        return Err(MapError::IndexOutOfRange { x, y, index });
                    }
                    i += 1;
                    x += 1;
                }
                y += 1;
            }
        }
        Ok(map)
    }

    /// The palette index of cell number `i` (`y·W + x`).
    #[inline(always)]
    fn index(&self, i: usize) -> u16 {
        if WIDE {
            match self
                .cells
                .get(i.wrapping_mul(2)..i.wrapping_mul(2).wrapping_add(2))
            {
                Some(&[lo, hi]) => u16::from_le_bytes([lo, hi]),
                _ => 0,
            }
        } else {
            match self.cells.get(i) {
                Some(&b) => u16::from(b),
                None => 0,
            }
        }
    }

    const fn check_tables(&self, tables: &Tables<'_>) -> Result<(), MapError> {
        if tables.tile_size() != self.tile_size {
            return Err(MapError::TileSizeMismatch {
                map: self.tile_size,
                tables: tables.tile_size(),
            });
        }
        let shapes = tables.shape_count();
        let mut rest = self.entries; // the outside cell, then the palette
        while let Some((entry, tail)) = rest.split_first() {
            if let Solid::Shape(id, _) = decode(u32::from_le_bytes(*entry)).solid
                && id.index() >= shapes
            {
                return Err(MapError::UnknownShape {
                    id: id.index(),
                    shapes,
                });
            }
            rest = tail;
        }
        Ok(())
    }

    /// The outside cell's code.
    const fn outside(&self) -> u32 {
        match self.entries.first() {
            Some(entry) => u32::from_le_bytes(*entry),
            None => 0, // validation rules this out
        }
    }

    fn palette(&self) -> impl Iterator<Item = Cell> + 'a {
        self.entries
            .iter()
            .skip(1)
            .map(|entry| decode(u32::from_le_bytes(*entry)))
    }

    /// The cell at (tx, ty): its palette entry's bytes as the cell needs them, the flags
    /// byte deciding empty and full alone, the id's two bytes read only for a shape.
    #[inline(always)]
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        let &[flags, _, id_lo, id_hi] = self.entry(tx, ty);
        decode_parts(flags, [id_lo, id_hi])
    }

    /// The palette entry of the cell at (tx, ty), out of line: the bound tests, the index
    /// read and the entry's address are the long part of a cell read, and every query
    /// reads cells. Inlined into each, they cost a Cortex-M0 game 960 B more; called, the
    /// entry's address comes back in a register, and the mixed crowd over a packed map ran
    /// 1.3% fewer instructions (`bash firmware/bench.sh`). Returning the decoded cell's
    /// code instead reads all four bytes of every entry, 4.7% more.
    #[inline(never)]
    fn entry(&self, tx: i32, ty: i32) -> &'a [u8; 4] {
        let (x, y) = (tx as u32, ty as u32); // negative: huge, so outside
        // Entry 0 is the outside cell's: one read wherever the cell lies.
        let entry = if x < self.width && y < self.height {
            usize::from(self.index((y * self.width + x) as usize)).wrapping_add(1)
        } else {
            0
        };
        match self.entries.get(entry) {
            Some(e) => e,
            None => &[0; 4], // validation rules this out
        }
    }
}

/// A packed map type: the public face of [`Packed`] for one index width.
macro_rules! packed_map {
    ($(#[$doc:meta])* $name:ident, $wide:literal, $width:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name<'a>(Packed<'a, $wide>);

        impl<'a> $name<'a> {
            #[doc = concat!("Validates `bytes` once (see the module's format and validation) and returns the map; a map of ", $width, " per cell (else [`MapError::BadIndexWidth`]).")]
            ///
            /// A `const fn`: the module slopegen generates calls it in a `const` item, so a
            /// map built into a game is validated when the game compiles.
            pub const fn from_bytes(bytes: &'a [u8]) -> Result<$name<'a>, MapError> {
                match Packed::from_bytes(bytes) {
                    Ok(map) => Ok($name(map)),
                    Err(e) => Err(e),
                }
            }

            /// Checks the map against the tables it will be used with: the same tile size,
            /// and every shape id of the palette (and of the cell outside) below the tables'
            /// shape count. Without this check, a cell with an unknown shape is air to a
            /// [`crate::World`], exactly as an empty cell (see [`Solid::Shape`]).
            /// A `const fn`, as [`Self::from_bytes`].
            pub const fn check_tables(&self, tables: &Tables<'_>) -> Result<(), MapError> {
                self.0.check_tables(tables)
            }

            /// Cells per row.
            pub const fn width(&self) -> u32 {
                self.0.width
            }

            /// Rows.
            pub const fn height(&self) -> u32 {
                self.0.height
            }

            /// N, the tile size the map was made for.
            pub const fn tile_size(&self) -> u8 {
                self.0.tile_size
            }

            /// What every cell outside the map is.
            pub const fn outside(&self) -> Cell {
                decode(self.0.outside())
            }

            /// Bytes per cell: 1 for a [`PackedMap`], 2 for a [`WidePackedMap`].
            pub const fn index_width(&self) -> u8 {
                if $wide { 2 } else { 1 }
            }

            /// The distinct cells the map uses, in palette order.
            pub fn palette(&self) -> impl Iterator<Item = Cell> + 'a {
                self.0.palette()
            }
        }

        impl TileMap for $name<'_> {
            #[inline(always)]
            fn cell(&self, tx: i32, ty: i32) -> Cell {
                self.0.cell(tx, ty)
            }
        }
    };
}

packed_map!(
    /// A validated packed map: a [`TileMap`] over borrowed bytes (usually `'static`, in flash).
    /// Every lookup is O(1): one index load and one palette load, no allocation.
    ///
    /// ```
    /// use slope_runtime::{Cell, PackedMap, TileMap};
    ///
    /// // a 2×1 map: (0, 0) empty, (1, 0) full; outside solid (normally written by slopegen)
    /// let mut bytes = b"SLOPEMAP".to_vec();
    /// bytes.extend([1, 1, 16, 0, 2, 0, 1, 0, 2, 0, 0, 0]);
    /// bytes.extend(1u32.to_le_bytes()); // outside: full
    /// bytes.extend(0u32.to_le_bytes()); // palette 0: empty
    /// bytes.extend(1u32.to_le_bytes()); // palette 1: full
    /// bytes.extend([0, 1]); // the cells
    /// bytes.extend(slope_runtime::crc32(&bytes).to_le_bytes());
    ///
    /// let map = PackedMap::from_bytes(&bytes)?;
    /// assert_eq!((map.width(), map.height()), (2, 1));
    /// assert_eq!(map.cell(0, 0), Cell::EMPTY);
    /// assert_eq!(map.cell(1, 0), Cell::FULL);
    /// assert_eq!(map.cell(-1, 0), Cell::FULL);
    /// # Ok::<(), slope_runtime::MapError>(())
    /// ```
    ///
    /// A map of more than 256 distinct cells (2 bytes per cell) is a [`WidePackedMap`]: the
    /// index width is part of the type, so the lookup of the usual 1-byte map has no branch for
    /// it. [`index_width`] tells which one a map's bytes need.
    PackedMap,
    false,
    "1 byte"
);

packed_map!(
    /// A validated packed map of 257 to 65,535 distinct cells, 2 bytes per cell: the same as
    /// [`PackedMap`] otherwise.
    WidePackedMap,
    true,
    "2 bytes"
);

impl Variant {
    /// The variant of a tile placed in Tiled with these flip flags (bits 31, 30 and 29 of
    /// a global tile id: horizontal, vertical, diagonal).
    ///
    /// Tiled applies the diagonal flag first (a transpose in its y-down picture), then the
    /// horizontal, then the vertical mirror, so the diagonal flag is not simply this
    /// crate's rotation:
    ///
    /// | Tiled flags | variant |
    /// |---|---|
    /// | none | `none` |
    /// | H | `FX` |
    /// | V | `FY` |
    /// | H+V | `FXY` |
    /// | D | `F90X` |
    /// | D+H | `F90` |
    /// | D+V | `F90XY` |
    /// | D+H+V | `F90Y` |
    ///
    /// ```
    /// use slope_runtime::Variant;
    ///
    /// assert_eq!(Variant::from_tiled_flags(true, false, true), Variant::Rot90);
    /// let gid: u32 = 0xA000_0005; // tile 5, flipped horizontally and diagonally
    /// let v = Variant::from_tiled_flags(gid >> 31 & 1 == 1, gid >> 30 & 1 == 1, gid >> 29 & 1 == 1);
    /// assert_eq!(v.name(), "F90");
    /// ```
    pub const fn from_tiled_flags(horizontal: bool, vertical: bool, diagonal: bool) -> Variant {
        // A transpose, read y up, is the clockwise rotation followed by an X mirror; the H
        // mirror after it cancels or adds that mirror.
        Variant::from_parts(diagonal, horizontal != diagonal, vertical)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode(width: u16, height: u16, wide: bool, palette: &[u32], cells: &[u16]) -> Vec<u8> {
        let mut b = MAP_MAGIC.to_vec();
        b.extend([1, if wide { 2 } else { 1 }, 16, 0]);
        b.extend(width.to_le_bytes());
        b.extend(height.to_le_bytes());
        b.extend((palette.len() as u16).to_le_bytes());
        b.extend([0, 0]);
        b.extend(KIND_FULL.to_le_bytes());
        for p in palette {
            b.extend(p.to_le_bytes());
        }
        for &c in cells {
            if wide {
                b.extend(c.to_le_bytes());
            } else {
                b.push(c as u8);
            }
        }
        let crc = crc32(&b);
        b.extend(crc.to_le_bytes());
        b
    }

    #[test]
    fn cells_come_back_from_their_codes() {
        for id in [0u16, 1, 255, 256, 65535] {
            for v in Variant::ALL {
                let c = Cell::shape(ShapeId::new(id), v);
                for c in [c, c.one_way()] {
                    assert!(valid_code(cell_code(c)));
                    assert_eq!(decode(cell_code(c)), c);
                }
            }
        }
        for c in [Cell::EMPTY, Cell::FULL, Cell::FULL.one_way()] {
            assert_eq!(decode(cell_code(c)), c);
        }
        for bad in [3, 1 | 1 << 3, 1 << 16, 2 | 1 << 6, 2 | 1 << 15] {
            assert!(!valid_code(bad), "{bad:#x}");
        }
    }

    #[test]
    fn lookups_and_refusals() {
        let bytes = encode(
            3,
            2,
            false,
            &[0, 1, 2 | 5 << 3 | 7 << 16],
            &[0, 1, 2, 2, 1, 0],
        );
        let map = PackedMap::from_bytes(&bytes).unwrap();
        assert_eq!(
            map.cell(2, 0),
            Cell::shape(ShapeId::new(7), Variant::Rot90FlipX)
        );
        assert_eq!(map.cell(1, 1), Cell::FULL);
        assert_eq!(map.cell(2, 1), Cell::EMPTY);
        assert_eq!(map.cell(3, 0), Cell::FULL);
        assert_eq!(map.cell(0, -1), Cell::FULL);
        assert_eq!(map.cell(i32::MIN, i32::MAX), Cell::FULL);

        let bad = encode(3, 2, false, &[0, 1], &[0, 1, 2, 0, 0, 0]);
        assert_eq!(
            PackedMap::from_bytes(&bad).unwrap_err(),
            MapError::IndexOutOfRange {
                x: 2,
                y: 0,
                index: 2
            }
        );
        let wide = encode(2, 1, true, &[0, 1], &[1, 300]);
        assert!(matches!(
            WidePackedMap::from_bytes(&wide),
            Err(MapError::IndexOutOfRange {
                x: 1,
                y: 0,
                index: 300
            })
        ));
        let mut damaged = bytes.clone();
        damaged[30] ^= 1;
        assert!(matches!(
            PackedMap::from_bytes(&damaged),
            Err(MapError::ChecksumMismatch { .. })
        ));
        for len in 0..bytes.len() {
            assert!(PackedMap::from_bytes(&bytes[..len]).is_err(), "{len}");
        }
        assert_eq!(
            PackedMap::from_bytes(b"SLOPEGEN0000").unwrap_err(),
            MapError::BadMagic
        );
        assert_eq!(
            PackedMap::from_bytes(b"SLOPE").unwrap_err(),
            MapError::Truncated
        );
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(PackedMap::from_bytes(&longer).is_err());
    }

    /// Tiled's definition, in its y-down picture: D transposes first, then H mirrors x, then
    /// V mirrors y; compared with each variant's picture by the spec's formulas.
    #[test]
    fn tiled_flags_match_tileds_own_definition_pixel_by_pixel() {
        const N: usize = 5;
        // an asymmetric picture, y down: row r, column c
        let picture = |c: usize, r: usize| (c * 7 + r * r * 3 + c * r) % 5 < 2;
        for bits in 0..8u8 {
            let (h, v, d) = (bits & 1 != 0, bits & 2 != 0, bits & 4 != 0);
            let tiled = |c: usize, r: usize| {
                let (c, r) = (if h { N - 1 - c } else { c }, if v { N - 1 - r } else { r });
                if d { picture(r, c) } else { picture(c, r) }
            };
            let variant = Variant::from_tiled_flags(h, v, d);
            // the spec, y up: B(x, y) = picture(x, N-1-y); rotate clockwise
            // V(x, y) = B(N-1-y, x), then mirror X, then mirror Y
            let base = |x: usize, y: usize| picture(x, N - 1 - y);
            let spec = |x: usize, y: usize| {
                let y = if variant.flips_y() { N - 1 - y } else { y };
                let x = if variant.flips_x() { N - 1 - x } else { x };
                if variant.rotated() {
                    base(N - 1 - y, x)
                } else {
                    base(x, y)
                }
            };
            for c in 0..N {
                for r in 0..N {
                    assert_eq!(
                        tiled(c, r),
                        spec(c, N - 1 - r),
                        "flags {bits:03b} ({c}, {r})"
                    );
                }
            }
        }
        let names: Vec<&str> = [
            (true, false, false),
            (false, true, false),
            (true, true, false),
            (false, false, true),
            (true, false, true),
            (false, true, true),
            (true, true, true),
        ]
        .iter()
        .map(|&(h, v, d)| Variant::from_tiled_flags(h, v, d).name())
        .collect();
        assert_eq!(names, ["FX", "FY", "FXY", "F90X", "F90", "F90XY", "F90Y"]);
    }
}
