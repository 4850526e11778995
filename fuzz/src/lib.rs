//! What the fuzz targets share: the promises each loader and the mover make, checked on
//! whatever input reached them, and the fixtures that put fuzzed files where slopegen reads
//! them.
//!
//! Each check panics on a broken promise, which libFuzzer reports as a crash with the input
//! that caused it.
//!
//! - [`tables`]: a blob `Tables::from_bytes` accepted answers every lookup, and its
//!   answers agree with one another pixel by pixel (the variants, the surfaces, the range
//!   masks, the world's box test).
//! - [`maps`]: a packed map `PackedMap::from_bytes` accepted answers every cell.
//! - [`mover`]: actors, platforms and commands on a map, checked every call against a
//!   brute-force pixel oracle, with the map reads of each call counted.
//! - [`files`]: a folder of input files, slopegen run on it as `build.rs` runs it, and
//!   its outcome checked: an error naming a file, or outputs that load, and nothing
//!   written outside the output folder.
//! - [`pictures`]: valid PNGs of every colour type and bit depth, from fuzzed pixels.
//! - [`json`]: one edit of a JSON document (a value changed, removed or of the wrong type).

pub mod files;
pub mod json;
pub mod maps;
pub mod mover;
pub mod pictures;
pub mod tables;

/// The default tiles' blob, as `slopegen tiles` writes it.
pub static DEFAULT_BLOB: &[u8] = include_bytes!("../../slope-runtime/tests/data/tiles.bin");

/// The default tiles' tables.
pub fn default_tables() -> slope_runtime::Tables<'static> {
    slope_runtime::Tables::from_bytes(DEFAULT_BLOB).expect("the default tiles' blob loads")
}

/// `bytes` with its last four bytes replaced by the CRC-32 of the others, as the blob and the
/// packed map end: so that a mutation reaches the checks behind the checksum.
pub fn with_checksum(bytes: &[u8]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    if let Some(body) = out.len().checked_sub(4) {
        let crc = slope_runtime::crc32(&out[..body]);
        out[body..].copy_from_slice(&crc.to_le_bytes());
    }
    out
}

/// One change to a valid byte string, as the structure-aware targets make it: a byte set,
/// a run of bytes overwritten, or bytes inserted or removed, at a position taken modulo the
/// length.
#[derive(Clone, Debug, arbitrary::Arbitrary)]
pub enum Edit {
    /// Byte `at` becomes `value`.
    Set { at: u32, value: u8 },
    /// Byte `at` gets `value` added (wrapping): a length one more or one less.
    Add { at: u32, value: u8 },
    /// The bytes from `at` are overwritten with `bytes` (as far as the string goes).
    Overwrite { at: u32, bytes: Vec<u8> },
    /// `bytes` inserted before byte `at`.
    Insert { at: u32, bytes: Vec<u8> },
    /// `count` bytes removed from `at`.
    Remove { at: u32, count: u8 },
}

impl Edit {
    /// Applies the edit to `bytes`.
    pub fn apply(&self, bytes: &mut Vec<u8>) {
        let len = bytes.len();
        let at = |at: u32| if len == 0 { 0 } else { at as usize % len };
        match self {
            Edit::Set { at: i, value } => {
                if len > 0 {
                    bytes[at(*i)] = *value;
                }
            }
            Edit::Add { at: i, value } => {
                if len > 0 {
                    let i = at(*i);
                    bytes[i] = bytes[i].wrapping_add(*value);
                }
            }
            Edit::Overwrite { at: i, bytes: new } => {
                let i = at(*i);
                for (slot, b) in bytes[i..].iter_mut().zip(new) {
                    *slot = *b;
                }
            }
            Edit::Insert { at: i, bytes: new } => {
                let i = at(*i);
                bytes.splice(i..i, new.iter().copied());
            }
            Edit::Remove { at: i, count } => {
                let i = at(*i);
                let end = (i + usize::from(*count)).min(len);
                bytes.drain(i..end);
            }
        }
    }
}
