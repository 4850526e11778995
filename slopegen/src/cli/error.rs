//! The errors only the command line reports: about blobs and packed maps given to `dump`,
//! `info` and `preview`, and the shapes they name.

use std::path::PathBuf;

use crate::error::text::{escape, shown};

/// A problem with what a command was asked to read or show.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A blob given to `dump` or `info` is not valid.
    #[error("{}: {}", shown(.path), blob_problem(.source))]
    BadBlob {
        /// The blob file.
        path: PathBuf,
        /// What the runtime's validation found.
        source: slope_runtime::BlobError,
    },
    /// A packed map given to `info` is not valid.
    #[error("{}: not a valid packed map: {source}", shown(.path))]
    BadMap {
        /// The map file.
        path: PathBuf,
        /// What the runtime's validation found.
        source: slope_runtime::MapError,
    },
    /// `dump` of a whole blob would be bigger than it writes without being asked.
    #[error(
        "{}: the dump would be {} rows ({shapes} shapes × {variants} variants × {tile_size}⁴ overlaps), more than the {} rows written without asking; choose shapes with --shape NAME (repeatable) or ask for every row with --all",
        shown(.path), grouped(*.rows), grouped(*.limit)
    )]
    DumpTooLarge {
        /// The blob.
        path: PathBuf,
        /// The rows the dump would have.
        rows: u64,
        /// Shapes dumped.
        shapes: usize,
        /// Variants dumped per shape.
        variants: usize,
        /// The blob's tile size N (N⁴ overlaps per shape and variant).
        tile_size: u8,
        /// The most rows written without asking (1,000,000).
        limit: u64,
    },
    /// `preview --level` names a level the project does not have.
    #[error("{}: no level named `{}` (its levels: {available})", shown(.path), escape(.name))]
    UnknownLevel {
        /// The project.
        path: PathBuf,
        /// The name asked for.
        name: String,
        /// Its levels, comma-separated.
        available: String,
    },
    /// `dump --shape` or `preview --shape` names a shape the input does not have.
    #[error("{}: no shape named `{}` (its shapes: {available})", shown(.path), escape(.name))]
    UnknownShape {
        /// The blob, tile folder, sheet or tileset.
        path: PathBuf,
        /// The name asked for.
        name: String,
        /// Some of the names it has, comma-separated (escaped, shortened for a big blob).
        available: String,
    },
}

/// `6291456` as `6,291,456`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn blob_problem(source: &slope_runtime::BlobError) -> String {
    match source {
        // "not a slopegen blob (magic bytes are not SLOPEGEN)": already in a user's words.
        slope_runtime::BlobError::BadMagic => source.to_string(),
        other => format!("not a valid slopegen blob: {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(6_291_456), "6,291,456");
    }
}
