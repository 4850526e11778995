//! The packed map's wire format constants (the format itself is documented on
//! [`crate::PackedMap`]'s module, field by field).

/// The first 8 bytes of a packed map.
pub const MAP_MAGIC: [u8; 8] = *b"SLOPEMAP";
/// The map format version this crate reads and `slopegen` writes.
pub const MAP_VERSION: u8 = 1;
/// The most cells a packed map may have (W·H): 2^24, so that no offset into it overflows
/// 32 bits even with 2-byte indices. A side is at most 65,535 cells (16-bit fields).
pub const MAX_MAP_CELLS: u32 = 1 << 24;
/// Bytes before the palette.
pub const MAP_HEADER_LEN: usize = 24;
