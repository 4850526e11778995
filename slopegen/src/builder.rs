//! The library entry point, for the CLI and for a game's `build.rs`.

use std::path::{Path, PathBuf};

use crate::emit::{OutputFile, render};
use crate::publish::publish;
use crate::tileset::{folder_name, png_paths};
use crate::{Emit, Error, Result, TileSet, pack};

/// Generates the tables of one tile folder.
///
/// In a `build.rs` (output goes to `OUT_DIR`, cargo is told which files to watch):
///
/// ```no_run
/// // build.rs, in `fn main()`:
/// slopegen::Builder::new("tiles").build();
/// // src/main.rs: mod tiles { include!(concat!(env!("OUT_DIR"), "/tiles.rs")); }
/// ```
///
/// Anywhere else, with errors as values:
///
/// ```
/// # let tiles = concat!(env!("CARGO_MANIFEST_DIR"), "/../tiles");
/// # let out = tempfile::tempdir()?;
/// use slopegen::{Builder, Emit};
///
/// let report = Builder::new(tiles).out_dir(out.path()).name("level1").emit(Emit::Both).generate()?;
/// assert_eq!(report.shapes, 12);
/// assert!(out.path().join("level1.bin").is_file() && out.path().join("level1.rs").is_file());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Builder {
    tiles: PathBuf,
    out_dir: Option<PathBuf>,
    name: Option<String>,
    emit: Emit,
}

/// What [`Builder::generate`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Every output file, whether rewritten or already up to date.
    pub outputs: Vec<PathBuf>,
    /// The outputs actually rewritten (others already had the right contents).
    pub written: Vec<PathBuf>,
    /// The tiles read, sorted by name.
    pub tiles: Vec<PathBuf>,
    /// Number of shapes.
    pub shapes: usize,
    /// N.
    pub tile_size: u8,
    /// Size of the blob in bytes.
    pub blob_len: usize,
}

impl Builder {
    /// A builder for the tiles in `tiles` (every `*.png` directly in that folder).
    pub fn new(tiles: impl Into<PathBuf>) -> Builder {
        Builder {
            tiles: tiles.into(),
            out_dir: None,
            name: None,
            emit: Emit::Both,
        }
    }

    /// Where to write; default: `$OUT_DIR` (set by cargo for build scripts).
    ///
    /// ```
    /// let mut b = slopegen::Builder::new("tiles");
    /// b.out_dir("assets/generated");
    /// ```
    pub fn out_dir(&mut self, dir: impl Into<PathBuf>) -> &mut Builder {
        self.out_dir = Some(dir.into());
        self
    }

    /// The output file stem (`NAME.bin`, `NAME.rs`); default: the tile folder's name.
    ///
    /// ```
    /// let mut b = slopegen::Builder::new("art/slopes");
    /// b.name("world1"); // world1.bin, world1.rs instead of slopes.bin, slopes.rs
    /// ```
    pub fn name(&mut self, stem: impl Into<String>) -> &mut Builder {
        self.name = Some(stem.into());
        self
    }

    /// Which files to write; default [`Emit::Both`].
    ///
    /// ```
    /// let mut b = slopegen::Builder::new("tiles");
    /// b.emit(slopegen::Emit::Bin);
    /// ```
    pub fn emit(&mut self, emit: Emit) -> &mut Builder {
        self.emit = emit;
        self
    }

    /// Reads the tiles, packs them and publishes the outputs as one set: `NAME.bin` and
    /// `NAME.rs` switch together in one atomic step, under an advisory lock on the output
    /// folder (concurrent runs take turns). On any error the output set is left as it was.
    /// See the README's "What the output folder guarantees".
    pub fn generate(&self) -> Result<Report> {
        let (set, blob, files) = self.prepare()?;
        let stem = self.stem()?;
        let out_dir = self.resolved_out_dir()?;
        let written = publish(&out_dir, &stem, &files)?;
        Ok(Report {
            outputs: files.iter().map(|f| out_dir.join(&f.name)).collect(),
            written,
            tiles: set.tiles.iter().map(|t| t.path.clone()).collect(),
            shapes: set.tiles.len(),
            tile_size: set.tile_size,
            blob_len: blob.len(),
        })
    }

    /// Everything up to the bytes of each output, without touching the disk.
    pub fn render(&self) -> Result<Vec<OutputFile>> {
        Ok(self.prepare()?.2)
    }

    /// For `build.rs`: prints `cargo:rerun-if-changed` for the tile folder and each tile,
    /// then generates; on error, panics with the error's message (which names the file),
    /// so cargo shows it and fails the build.
    pub fn build(&self) -> Report {
        for path in self.watched_paths() {
            // A line break would end cargo's instruction early, and the rest of the path
            // would be read as an instruction of its own.
            let shown = path.display().to_string();
            if shown.contains(['\n', '\r']) {
                panic!(
                    "slopegen: {}: a path with a line break cannot be given to cargo; rename it",
                    crate::escape(&shown)
                );
            }
            println!("cargo:rerun-if-changed={shown}");
        }
        match self.generate() {
            Ok(report) => report,
            Err(e) => panic!("slopegen: {e}"),
        }
    }

    /// The tile folder and every tile in it, only those that exist (a missing path would
    /// make cargo rerun the script on every build).
    fn watched_paths(&self) -> Vec<PathBuf> {
        let mut paths = Vec::new();
        if self.tiles.is_dir() {
            paths.push(self.tiles.clone());
            paths.extend(png_paths(&self.tiles).unwrap_or_default());
        }
        paths
    }

    fn prepare(&self) -> Result<(TileSet, Vec<u8>, Vec<OutputFile>)> {
        let stem = self.stem()?;
        let set = TileSet::read(&self.tiles)?;
        let blob = pack(&set);
        let files = render(&set, &stem, &blob, self.emit);
        Ok((set, blob, files))
    }

    fn stem(&self) -> Result<String> {
        let stem = match &self.name {
            Some(name) => name.clone(),
            None => folder_name(&self.tiles).unwrap_or("tiles").to_owned(),
        };
        let usable = !stem.is_empty()
            && stem != "."
            && stem != ".."
            && !stem.contains(['/', '\\', '\0'])
            && Path::new(&stem).components().count() == 1;
        if usable {
            Ok(stem)
        } else {
            Err(Error::BadOutputName { name: stem })
        }
    }

    fn resolved_out_dir(&self) -> Result<PathBuf> {
        match &self.out_dir {
            Some(dir) => Ok(dir.clone()),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or(Error::NoOutputFolder),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder named `x\ncargo:…` must not inject an instruction into cargo's output.
    #[cfg(unix)]
    #[test]
    fn build_refuses_paths_that_would_break_cargo_instructions() {
        let dir = tempfile::tempdir().unwrap();
        let tiles = dir.path().join("x\ncargo:rustc-cfg=injected");
        std::fs::create_dir(&tiles).unwrap();
        let builder = Builder::new(&tiles);
        let panic = std::panic::catch_unwind(|| builder.build()).unwrap_err();
        let message = panic.downcast_ref::<String>().unwrap();
        assert!(
            message.contains("x\\ncargo:rustc-cfg=injected"),
            "{message}"
        );
        assert!(message.contains("line break"), "{message}");
    }
}
