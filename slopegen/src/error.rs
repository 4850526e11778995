//! Everything that can go wrong, each naming the file and the problem.

use std::io;
use std::path::PathBuf;

/// A generator error. Its message names the file it is about and what is wrong with it.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The tile folder does not exist.
    #[error("{}: tile folder does not exist", .path.display())]
    MissingFolder {
        /// The folder given.
        path: PathBuf,
    },
    /// The tile path is not a folder.
    #[error("{}: not a folder (give the folder that holds the tile PNGs)", .path.display())]
    NotAFolder {
        /// The path given.
        path: PathBuf,
    },
    /// The tile folder holds no `*.png` file.
    #[error("{}: no PNG tiles in this folder (expected files named *.png)", .path.display())]
    NoTiles {
        /// The folder.
        path: PathBuf,
    },
    /// A file or folder could not be read.
    #[error("{}: cannot read: {source}", .path.display())]
    Read {
        /// What could not be read.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A `.png` file is not a PNG, or is truncated or corrupt.
    #[error("{}: not a valid PNG: {reason}", .path.display())]
    BadPng {
        /// The file.
        path: PathBuf,
        /// What the decoder found.
        reason: String,
    },
    /// A tile is not square.
    #[error("{}: tile is {width}×{height} pixels; tiles must be square", .path.display())]
    NotSquare {
        /// The file.
        path: PathBuf,
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
    },
    /// A tile's size is outside 4..=64.
    #[error("{}: tile is {size}×{size} pixels; the tile size must be 4 to 64", .path.display())]
    BadSize {
        /// The file.
        path: PathBuf,
        /// Its size.
        size: u32,
    },
    /// Two tiles of one set differ in size.
    #[error(
        "{}: tile is {size}×{size} pixels, but {} is {expected}×{expected}; all tiles of a set must be the same size",
        .path.display(), .first.display()
    )]
    SizeMismatch {
        /// The odd tile.
        path: PathBuf,
        /// Its size.
        size: u32,
        /// The first tile of the set.
        first: PathBuf,
        /// The first tile's size.
        expected: u32,
    },
    /// A tile's file name cannot serve as a shape name.
    #[error("{}: {problem}", .path.display())]
    BadName {
        /// The file.
        path: PathBuf,
        /// What is wrong with the name.
        problem: &'static str,
    },
    /// Two tiles would get the same Rust constant.
    #[error(
        "{} and {}: both names become the constant `{ident}`; rename one of them",
        .first.display(), .second.display()
    )]
    NameClash {
        /// One tile.
        first: PathBuf,
        /// The other.
        second: PathBuf,
        /// The constant they share.
        ident: String,
    },
    /// More tiles than a blob can index.
    #[error("{}: {count} tiles; a set holds at most 65535", .path.display())]
    TooManyTiles {
        /// The folder.
        path: PathBuf,
        /// How many tiles it has.
        count: usize,
    },
    /// The output name cannot be used as a file stem.
    #[error("`{name}`: not a usable output name (give a plain file stem such as `tiles`)")]
    BadOutputName {
        /// The name.
        name: String,
    },
    /// No output folder was given, and `OUT_DIR` is not set (not in a build script).
    #[error(
        "no output folder: set one with `out_dir`, or call from a build script where OUT_DIR is set"
    )]
    NoOutputFolder,
    /// An output could not be written (the output folder is left as it was).
    #[error("{}: cannot write output: {source}", .path.display())]
    Write {
        /// What could not be written.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A blob given to `dump` or `info` is not valid.
    #[error("{}: not a valid slopegen blob: {source}", .path.display())]
    BadBlob {
        /// The blob file.
        path: PathBuf,
        /// What the runtime's validation found.
        source: slope_runtime::Error,
    },
    /// `dump --shape` names a shape the blob does not have.
    #[error("{}: no shape named `{name}` (the blob has: {available})", .path.display())]
    UnknownShape {
        /// The blob file.
        path: PathBuf,
        /// The name asked for.
        name: String,
        /// The names it has, comma-separated.
        available: String,
    },
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
