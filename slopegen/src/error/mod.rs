//! Everything that can go wrong, each naming the file and the problem.

use std::io;
use std::path::{Path, PathBuf};

pub(crate) mod map;
pub(crate) mod text;
pub(crate) mod warning;

use map::MapError;
use text::{escape, shown};
use warning::Warning;

/// A generator error. Its message names the file it is about and what is wrong with it.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The tile folder does not exist.
    #[error("{}: tile folder does not exist", shown(.path))]
    MissingFolder {
        /// The folder given.
        path: PathBuf,
    },
    /// The tile path is not a folder.
    #[error("{}: not a folder (give the folder that holds the tile PNGs)", shown(.path))]
    NotAFolder {
        /// The path given.
        path: PathBuf,
    },
    /// The tile folder holds no `*.png` file.
    #[error("{}: no PNG tiles in this folder (expected files named *.png)", shown(.path))]
    NoTiles {
        /// The folder.
        path: PathBuf,
    },
    /// A file or folder could not be read.
    #[error("{}: cannot read: {source}", shown(.path))]
    Read {
        /// What could not be read.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// An entry named `*.png` is not a regular file (a folder, a FIFO, a broken link…).
    #[error("{}: is {what}, not a regular file; remove it or rename it", shown(.path))]
    NotAFile {
        /// The entry.
        path: PathBuf,
        /// What it is, e.g. `a folder`.
        what: String,
    },
    /// A `.png` file is larger than a tile PNG may be.
    #[error("{}: the file is {size} bytes; a tile PNG may be at most {limit} bytes", shown(.path))]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// A `.png` file is not a PNG, or is truncated or corrupt.
    #[error("{}: not a valid PNG: {reason}", shown(.path))]
    BadPng {
        /// The file.
        path: PathBuf,
        /// What the decoder found.
        reason: String,
    },
    /// A tile is not square.
    #[error("{}: tile is {width}×{height} pixels; tiles must be square", shown(.path))]
    NotSquare {
        /// The file.
        path: PathBuf,
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
    },
    /// A tile's size is outside 4..=64.
    #[error("{}: tile is {size}×{size} pixels; the tile size must be 4 to 64", shown(.path))]
    BadSize {
        /// The file.
        path: PathBuf,
        /// Its size.
        size: u32,
    },
    /// Two tiles of one set differ in size.
    #[error(
        "{}: tile is {size}×{size} pixels, but {} is {expected}×{expected}; all tiles of a set must be the same size",
        shown(.path), shown(.first)
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
    #[error("{}: {problem}", shown(.path))]
    BadName {
        /// The file.
        path: PathBuf,
        /// What is wrong with the name.
        problem: String,
    },
    /// Two tiles would get the same Rust constant.
    #[error(
        "{} and {}: both names become the constant `{ident}`; rename one of them",
        shown(.first), shown(.second)
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
    #[error("{}: {count} tiles; a set holds at most 65535", shown(.path))]
    TooManyTiles {
        /// The folder.
        path: PathBuf,
        /// How many tiles it has.
        count: usize,
    },
    /// The output name cannot be used as a file stem.
    #[error("`{}`: not a usable output name (give a plain file stem such as `tiles`)", escape(.name))]
    BadOutputName {
        /// The name.
        name: String,
    },
    /// No output folder was given, and `OUT_DIR` is not set (not in a build script).
    #[error(
        "no output folder: set one with `out_dir`, or call from a build script where OUT_DIR is set"
    )]
    NoOutputFolder,
    /// The output folder, or one of its parents, is a file.
    #[error("{}: cannot use as the output folder: {} is a file, not a folder", shown(.path), shown(.file))]
    OutputNotAFolder {
        /// The output folder asked for.
        path: PathBuf,
        /// The file in the way.
        file: PathBuf,
    },
    /// The output folder could not be created.
    #[error("{}: cannot create the output folder: {}", shown(.path), create_reason(.at, .source))]
    CreateFolder {
        /// The output folder asked for.
        path: PathBuf,
        /// The folder whose creation failed (the output folder or a parent).
        at: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Something that is not a file stands where an output must go.
    #[error("{}: is {what}, not a file; remove it or choose another output folder", shown(.path))]
    Blocked {
        /// The output path.
        path: PathBuf,
        /// What is there, e.g. `a folder`.
        what: &'static str,
    },
    /// An output could not be written (the output folder is left as it was).
    #[error("{}: cannot write output: {source}", shown(.path))]
    Write {
        /// What could not be written.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A Tiled map, a Tiled tileset or a tileset sheet cannot be used: the [`MapError`]
    /// names the file and, where it applies, the layer, cell, tile or object.
    #[error(transparent)]
    Map(#[from] MapError),
    /// Further maps were given ([`Builder::map`](crate::Builder::map)), but the first input
    /// is not a Tiled map.
    #[error("{}: more maps were given, but this is not a Tiled map (.tmx, .tmj)", shown(.path))]
    MapsWithoutMap {
        /// The first input.
        path: PathBuf,
    },
    /// One of several inputs is not a Tiled map.
    #[error("{}: not a Tiled map: several inputs must all be maps (.tmx, .tmj)", shown(.path))]
    NotAMap {
        /// The input.
        path: PathBuf,
    },
    /// What was given beside an LDtk project is not a tile folder.
    #[error(
        "{}: not a folder: beside an LDtk project, give the tile folder whose shapes its IntGrid values name",
        shown(.path)
    )]
    NotATileFolder {
        /// The second input.
        path: PathBuf,
    },
    /// More than a project and one tile folder were given.
    #[error(
        "{}: an LDtk project holds all its levels: give it alone, or with one tile folder",
        shown(.path)
    )]
    SecondTileFolder {
        /// The input too many.
        path: PathBuf,
    },
    /// The sheet image given does not exist.
    #[error("{}: sheet image does not exist", shown(.path))]
    MissingSheet {
        /// The image.
        path: PathBuf,
    },
    /// A single image was given without a tile size.
    #[error("{}: a single image is read as a tileset sheet: give its tile size (--tile-size N), or give the folder that holds the tile PNGs", shown(.path))]
    NoTileSize {
        /// The image.
        path: PathBuf,
    },
    /// A tile size, margin or spacing was given for an input that is not a sheet image.
    #[error("{}: a tile size, margin or spacing describes a sheet PNG's grid, and this is {input}", shown(.path))]
    GridWithoutSheet {
        /// The input.
        path: PathBuf,
        /// What the input is, in words (`a folder of tile PNGs`…).
        input: &'static str,
    },
    /// A packed map was given as the input.
    #[error("{}: a packed map holds no shapes: give the Tiled map it was made from", shown(.path))]
    PackedMapGiven {
        /// The packed map.
        path: PathBuf,
    },
    /// A [`Warning`] made an error by [`Builder::strict`](crate::Builder::strict)
    /// (`--strict`).
    #[error(transparent)]
    Strict(Warning),
    /// Several problems found in one run (every bad tile of a folder or sheet, not only the
    /// first): each names its file (and tile), one per line after a line naming the folder.
    #[error("{}: {} problems:{}", shown(.path), .errors.len(), listed(.errors))]
    Several {
        /// The tile folder, sheet or tileset they were found in.
        path: PathBuf,
        /// Each problem (never an [`Error::Several`] itself).
        errors: Vec<Error>,
    },
    /// The tile folder's name cannot name the outputs, and no name was given.
    #[error(
        "{}: cannot name the outputs after it ({problem}); give them a name (--name NAME, or Builder::name)",
        shown(.path)
    )]
    NoOutputName {
        /// The tile folder.
        path: PathBuf,
        /// Why its name cannot be used.
        problem: &'static str,
    },
    /// A path to be watched holds a line break, which cargo's `rerun-if-changed` cannot carry.
    #[error("{}: a path with a line break cannot be given to cargo; rename it", shown(.path))]
    LineBreakInPath {
        /// The path.
        path: PathBuf,
    },
}

impl Error {
    /// Every problem this error reports: the list of an [`Error::Several`], else this error
    /// alone. Each one's message is one line naming its file.
    ///
    /// ```
    /// let err = slopegen::Builder::new("no/such/folder").compile().unwrap_err();
    /// assert_eq!(err.errors().len(), 1);
    /// ```
    pub fn errors(&self) -> &[Error] {
        match self {
            Error::Several { errors, .. } => errors,
            other => std::slice::from_ref(other),
        }
    }

    /// `Ok` for no errors, the error itself for one, an [`Error::Several`] about `path` for
    /// more (nested lists flattened).
    pub(crate) fn collect(path: &Path, errors: Vec<Error>) -> Result<()> {
        let mut flat = Vec::with_capacity(errors.len());
        for e in errors {
            match e {
                Error::Several { errors, .. } => flat.extend(errors),
                other => flat.push(other),
            }
        }
        match flat.len() {
            0 => Ok(()),
            1 => Err(flat.remove(0)),
            _ => Err(Error::Several {
                path: path.to_owned(),
                errors: flat,
            }),
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Each error on a line of its own, indented under the line that announces them.
fn listed(errors: &[Error]) -> String {
    errors.iter().map(|e| format!("\n  {e}")).collect()
}

fn create_reason(at: &Path, source: &io::Error) -> String {
    match at.parent().filter(|p| p.is_dir()) {
        // The parent exists, yet creating a folder in it reports "not found": a special
        // file system (such as /proc) that holds no folders of ours.
        Some(parent) if source.kind() == io::ErrorKind::NotFound => {
            format!("{} does not allow new folders ({source})", shown(parent))
        }
        _ if at.parent().is_some() => format!("cannot create {}: {source}", shown(at)),
        _ => source.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn escape_writes_invisible_characters_as_escapes() {
        use crate::error::text::escape;
        assert_eq!(escape("a\nb"), "a\\nb");
        assert_eq!(escape("ab\u{202e}cd"), "ab\\u{202e}cd");
        assert_eq!(escape("pente_45°_é"), "pente_45°_é");
    }

    use super::*;

    #[test]
    fn several_errors_are_listed_one_per_line() {
        let bad = |name: &str| Error::BadName {
            path: PathBuf::from(format!("tiles/{name}")),
            problem: "no".into(),
        };
        assert!(Error::collect(Path::new("tiles"), vec![]).is_ok());
        let one = Error::collect(Path::new("tiles"), vec![bad("a.png")]).unwrap_err();
        assert_eq!(one.to_string(), "tiles/a.png: no");
        let nested = Error::collect(Path::new("x"), vec![bad("b.png"), bad("c.png")]).unwrap_err();
        let all = Error::collect(Path::new("tiles"), vec![bad("a.png"), nested]).unwrap_err();
        assert_eq!(
            all.to_string(),
            "tiles: 3 problems:\n  tiles/a.png: no\n  tiles/b.png: no\n  tiles/c.png: no"
        );
        assert_eq!(all.errors().len(), 3);
    }
}
