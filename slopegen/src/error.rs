//! Everything that can go wrong, each naming the file and the problem.

use std::io;
use std::path::{Path, PathBuf};

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
    /// A blob given to `dump` or `info` is not valid.
    #[error("{}: {}", shown(.path), blob_problem(.source))]
    BadBlob {
        /// The blob file.
        path: PathBuf,
        /// What the runtime's validation found.
        source: slope_runtime::Error,
    },
    /// A tileset sheet, a Tiled tileset or a Tiled map cannot be used; the problem names the
    /// line, layer, cell (x, y, y down as in Tiled) or tile id where it applies.
    #[error("{}: {problem}", shown(.path))]
    Level {
        /// The file (map, tileset or image).
        path: PathBuf,
        /// What is wrong, in words.
        problem: String,
    },
    /// A packed map given to `info` is not valid.
    #[error("{}: not a valid packed map: {source}", shown(.path))]
    BadMap {
        /// The map file.
        path: PathBuf,
        /// What the runtime's validation found.
        source: slope_runtime::MapError,
    },
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

    /// A [`Error::Level`] about `path`.
    pub(crate) fn level(path: &Path, problem: impl Into<String>) -> Error {
        Error::Level {
            path: path.to_owned(),
            problem: problem.into(),
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A path as it may be printed: see [`escape`].
pub(crate) fn shown(path: &Path) -> String {
    escape(&path.to_string_lossy())
}

/// A name as it may be printed on a terminal or in a comment: control characters, bidi
/// overrides and other invisible characters are written as escapes (`\n`, `\u{202e}`), so a
/// name can neither split a message in two nor reorder or restyle what follows it.
pub fn escape(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if needs_escape(c) {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// Control characters and everything Rust's debug formatting would not print as is
/// (format characters such as bidi overrides, unassigned and private-use code points...).
pub(crate) fn needs_escape(c: char) -> bool {
    c.is_control() || (!matches!(c, '\\' | '"' | '\'') && c.escape_debug().nth(1).is_some())
}

/// Each error on a line of its own, indented under the line that announces them.
fn listed(errors: &[Error]) -> String {
    errors.iter().map(|e| format!("\n  {e}")).collect()
}

/// `6291456` as `6,291,456`.
pub(crate) fn grouped(n: u64) -> String {
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

fn blob_problem(source: &slope_runtime::Error) -> String {
    match source {
        // "not a slopegen blob (magic bytes are not SLOPEGEN)": already in a user's words.
        slope_runtime::Error::BadMagic => source.to_string(),
        other => format!("not a valid slopegen blob: {other}"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn escape_writes_invisible_characters_as_escapes() {
        use super::escape;
        assert_eq!(escape("a\nb"), "a\\nb");
        assert_eq!(escape("ab\u{202e}cd"), "ab\\u{202e}cd");
        assert_eq!(escape("pente_45°_é"), "pente_45°_é");
    }

    use super::*;

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(6_291_456), "6,291,456");
    }

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
