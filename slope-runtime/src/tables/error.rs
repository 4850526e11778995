//! Why a blob was refused.

/// What is wrong with a blob given to [`crate::Tables::from_bytes`].
///
/// Loading checks everything once, so that no lookup afterwards can fail or panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BlobError {
    /// The blob ends before a field it announces.
    Truncated,
    /// The blob does not start with `SLOPEGEN`: not a slopegen table blob.
    BadMagic,
    /// The blob's format version is not the one this crate reads.
    UnsupportedVersion {
        /// The version the blob declares.
        found: u16,
    },
    /// A varint is longer than its type allows.
    BadVarint,
    /// Bytes follow the checksum.
    TrailingBytes,
    /// The checksum does not match the contents: the blob was damaged.
    ChecksumMismatch {
        /// The checksum stored in the blob.
        stored: u32,
        /// The checksum of the bytes as they are.
        computed: u32,
    },
    /// The tile size is outside 4..=64.
    BadTileSize {
        /// The declared tile size.
        size: u8,
    },
    /// The tile size is one the format allows but this build of the runtime does not read:
    /// without the `any_tile_size` feature, tiles of 4, 8, 16 or 32 px only.
    TileSizeNeedsFeature {
        /// The declared tile size.
        size: u8,
    },
    /// A table's length does not fit the tile size and shape count.
    BadLength {
        /// Which field.
        field: &'static str,
    },
    /// A shape points at a record that does not exist.
    IndexOutOfRange {
        /// The shape id.
        shape: u16,
        /// The record index it names.
        index: u16,
        /// How many records there are.
        records: u16,
    },
    /// A shape name is empty, not UTF-8, holds a control character, or the names do not
    /// match the shape count.
    BadName {
        /// The shape id whose name is wrong.
        shape: u16,
    },
    /// A record's masks have bits outside the tile, or its range-OR levels disagree.
    BadRecord {
        /// The record index.
        record: u16,
    },
    /// A shape's name does not sort after the one before it: names must be distinct and
    /// sorted, as the generator writes them (so each name finds exactly one shape).
    UnsortedName {
        /// The shape id whose name is out of order (or a repeat).
        shape: u16,
    },
    /// A record's surface angles are not ones the generator can write for its surfaces
    /// (a vertical or impossible angle, or a slope on a profile without a ramp).
    BadAngle {
        /// The record index.
        record: u16,
    },
}

impl core::fmt::Display for BlobError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            BlobError::Truncated => {
                f.write_str("blob is truncated or damaged (a field runs past its end)")
            }
            BlobError::BadMagic => {
                f.write_str("not a slopegen blob (magic bytes are not SLOPEGEN)")
            }
            BlobError::UnsupportedVersion { found } => write!(
                f,
                "blob format version {found} is not supported (this runtime reads version {}): \
                 regenerate it with the slopegen of this runtime's release",
                crate::tables::format::VERSION
            ),
            BlobError::BadVarint => f.write_str("blob has a malformed varint"),
            BlobError::TrailingBytes => f.write_str("blob has bytes after its checksum"),
            BlobError::ChecksumMismatch { stored, computed } => write!(
                f,
                "blob checksum mismatch (stored {stored:#010x}, computed {computed:#010x}): the blob is damaged or truncated"
            ),
            BlobError::BadTileSize { size } => {
                write!(f, "blob tile size {size} is outside 4..=64")
            }
            BlobError::TileSizeNeedsFeature { size } => write!(
                f,
                "blob tile size {size} px is read only with slope-runtime's `any_tile_size` \
                 feature (on by default; without it, tiles of 4, 8, 16 or 32 px)"
            ),
            BlobError::BadLength { field } => {
                write!(
                    f,
                    "blob field `{field}` has a length that does not fit the tile size"
                )
            }
            BlobError::IndexOutOfRange {
                shape,
                index,
                records,
            } => write!(
                f,
                "shape {shape} names record {index}, but the blob has {records} records"
            ),
            BlobError::BadName { shape } => write!(f, "shape {shape} has a malformed name"),
            BlobError::BadRecord { record } => write!(f, "record {record} has inconsistent masks"),
            BlobError::UnsortedName { shape } => write!(
                f,
                "shape {shape} has a name that repeats or does not sort after the one before it"
            ),
            BlobError::BadAngle { record } => write!(
                f,
                "record {record} has a surface angle the generator cannot produce"
            ),
        }
    }
}

impl core::error::Error for BlobError {}
