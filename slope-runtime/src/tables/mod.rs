//! The tables half: loading a blob once, and answering lookups from it.
//!
//! - `blob`: `Tables::from_bytes` validates a blob, then
//!   serves its shapes without ever failing;
//! - `format`: the wire format, field by field; `decode` splits a blob into its fields,
//!   `validate` checks their contents (both `const`: a game's blob is checked when it
//!   compiles);
//! - `shape`: one shape's lookups (the eight offsets, the surface) for any variant;
//! - `line`: offsets along one line of pixels, with bit operations;
//! - `geometry`: the vocabulary of a lookup (variants, overlaps, directions, offsets);
//! - `crc` and `error`: the blob's checksum and what loading can report.
//!
//! Nothing here knows about maps or actors: the `motion` half builds on it.

pub mod blob;
pub mod crc;
mod decode;
pub mod error;
pub mod format;
pub mod geometry;
pub(crate) mod line;
pub mod shape;
mod validate;

pub use blob::{ShapeId, Tables};
