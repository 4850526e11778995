//! What loading a packed map reports.

use crate::map::format::{MAP_VERSION, MAX_MAP_CELLS};

/// Why bytes given to [`PackedMap::from_bytes`](crate::PackedMap::from_bytes) (or a map given to
/// [`PackedMap::check_tables`](crate::PackedMap::check_tables) or [`crate::GridMap::check_tables`]) were refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MapError {
    /// Fewer bytes than the header, or than the sizes it declares.
    Truncated,
    /// The bytes do not start with `SLOPEMAP`: not a packed map.
    BadMagic,
    /// A format version this crate does not read.
    UnsupportedVersion {
        /// The version found.
        found: u8,
    },
    /// The index width is not 1 or 2, or not the one of the type asked for (1 for
    /// [`PackedMap`](crate::PackedMap), 2 for [`WidePackedMap`](crate::WidePackedMap)).
    BadIndexWidth {
        /// The width found.
        found: u8,
    },
    /// The tile size is outside 4..=64.
    BadTileSize {
        /// The size found.
        size: u8,
    },
    /// A side is 0, or the map has more than [`MAX_MAP_CELLS`] cells.
    BadSize {
        /// Cells per row.
        width: u16,
        /// Rows.
        height: u16,
    },
    /// The palette is empty, or longer than 256 with 1-byte indices.
    BadPaletteLength {
        /// The length found.
        len: u16,
    },
    /// A reserved byte is not 0.
    Reserved,
    /// More bytes than the header's sizes and the checksum.
    TrailingBytes,
    /// The checksum does not match: the map was damaged.
    ChecksumMismatch {
        /// The checksum stored.
        stored: u32,
        /// The checksum of the bytes as they are.
        computed: u32,
    },
    /// A cell code is not valid; `entry` is its palette index, or `None` for the outside cell.
    BadCell {
        /// Which palette entry (`None`: the outside cell).
        entry: Option<u16>,
        /// The code.
        code: u32,
    },
    /// A cell's palette index is not below the palette's length.
    IndexOutOfRange {
        /// The cell's x (y up).
        x: u16,
        /// The cell's y (y up).
        y: u16,
        /// The index it holds.
        index: u16,
    },
    /// A cell uses a shape the tables do not have ([`PackedMap::check_tables`](crate::PackedMap::check_tables),
    /// [`crate::GridMap::check_tables`]).
    UnknownShape {
        /// The shape id.
        id: u16,
        /// How many shapes the tables have.
        shapes: u16,
    },
    /// The map was made for another tile size than the tables' ([`PackedMap::check_tables`](crate::PackedMap::check_tables)).
    TileSizeMismatch {
        /// The map's tile size.
        map: u8,
        /// The tables' tile size.
        tables: u8,
    },
}

impl core::fmt::Display for MapError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            MapError::Truncated => {
                f.write_str("the map is truncated (it ends before its sizes say)")
            }
            MapError::BadMagic => f.write_str("not a packed map (magic bytes are not SLOPEMAP)"),
            MapError::UnsupportedVersion { found } => write!(
                f,
                "map format version {found}, but this runtime reads version {MAP_VERSION}"
            ),
            MapError::BadIndexWidth { found: 2 } => f.write_str(
                "2 bytes per cell (more than 256 distinct cells): read it as a WidePackedMap",
            ),
            MapError::BadIndexWidth { found: 1 } => {
                f.write_str("1 byte per cell (at most 256 distinct cells): read it as a PackedMap")
            }
            MapError::BadIndexWidth { found } => {
                write!(f, "index width {found}: must be 1 or 2 bytes per cell")
            }
            MapError::BadTileSize { size } => write!(f, "tile size {size} outside 4..=64"),
            MapError::BadSize { width, height } => write!(
                f,
                "map of {width}×{height} cells: each side must be at least 1 and the map at most {MAX_MAP_CELLS} cells"
            ),
            MapError::BadPaletteLength { len } => write!(
                f,
                "palette of {len} cells: at least 1, and at most 256 with 1 byte per cell"
            ),
            MapError::Reserved => f.write_str("a reserved header byte is not 0"),
            MapError::TrailingBytes => f.write_str("bytes follow the checksum"),
            MapError::ChecksumMismatch { stored, computed } => write!(
                f,
                "the map is damaged: checksum {stored:#010x} stored, {computed:#010x} computed"
            ),
            MapError::BadCell {
                entry: Some(entry),
                code,
            } => write!(
                f,
                "palette entry {entry} holds an invalid cell code {code:#010x}"
            ),
            MapError::BadCell { entry: None, code } => {
                write!(f, "the outside cell is an invalid cell code {code:#010x}")
            }
            MapError::IndexOutOfRange { x, y, index } => write!(
                f,
                "cell ({x}, {y}) uses palette entry {index}, past the palette's end"
            ),
            MapError::UnknownShape { id, shapes } => write!(
                f,
                "a cell uses shape {id}, but the tables have {shapes} shapes"
            ),
            MapError::TileSizeMismatch { map, tables } => write!(
                f,
                "the map is for {map}×{map} px tiles, the tables for {tables}×{tables} px"
            ),
        }
    }
}

impl core::error::Error for MapError {}
