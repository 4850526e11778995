//! The library entry point, for the CLI and for a game's `build.rs`.

use std::path::{Path, PathBuf};

use slope_runtime::Cell;

use crate::encode::blob::pack;
use crate::encode::map::pack_map;
use crate::encode::rust::{Emit, OutputFile, module_ident, module_name, render};
use crate::error::map::MapError;
use crate::error::warning::Warning;
use crate::error::{Error, Result};
use crate::inputs::folder::{ends_in_a_name, png_paths};
use crate::inputs::path::extension;
use crate::inputs::{self, Grid, Source};
use crate::model::map::Map;
use crate::model::tileset::{TileSet, folder_name};
use crate::model::{Model, file_stem};
use crate::output::publish::publish;

/// Generates the tables of one tile folder.
///
/// In a `build.rs` (output goes to `OUT_DIR`, cargo is told which files to watch, and each
/// problem is reported as a `cargo::error` naming its file; [`Builder::try_build`] returns
/// them instead):
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
/// # let tiles = concat!(env!("CARGO_MANIFEST_DIR"), "/tiles");
/// # let out = tempfile::tempdir()?;
/// use slopegen::{Builder, Emit};
///
/// let report = Builder::new(tiles).out_dir(out.path()).name("level1").emit(Emit::Both).generate()?;
/// assert_eq!(report.shapes, 12);
/// assert!(out.path().join("level1.bin").is_file() && out.path().join("level1.rs").is_file());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The input may also be a tileset sheet (a PNG with [`Builder::tile_size`]), a Tiled
/// tileset (`.tsx`, `.tsj`) or Tiled maps (`.tmx`, `.tmj`; more with [`Builder::map`]),
/// which share one tables blob and get a packed map each:
///
/// ```
/// # let levels = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/levels");
/// # let out = tempfile::tempdir()?;
/// let report = slopegen::Builder::new(format!("{levels}/hills.tmx"))
///     .map(format!("{levels}/caves.tmj"))
///     .name("world")
///     .out_dir(out.path())
///     .generate()?;
/// assert_eq!(report.maps, 2); // world.bin, world.hills.map, world.caves.map, world.rs
/// assert!(out.path().join("world.hills.map").is_file());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Builder {
    tiles: PathBuf,
    more_maps: Vec<PathBuf>,
    out_dir: Option<PathBuf>,
    name: Option<String>,
    emit: Emit,
    tile_size: Option<u32>,
    margin: u32,
    spacing: u32,
    layer: Option<String>,
    outside: Cell,
    strict: bool,
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
    /// Packed maps written (0 unless the input is Tiled maps).
    pub maps: usize,
    /// Every file read (tiles, sheets, tilesets, maps), for `rerun-if-changed`.
    pub sources: Vec<PathBuf>,
    /// What the input allows but probably does not mean (never set with
    /// [`Builder::strict`], which refuses it instead).
    pub warnings: Vec<Warning>,
}

impl Builder {
    /// A builder for the tiles in `tiles`: a folder (every `*.png` directly in it), a sheet
    /// PNG (give [`Builder::tile_size`]), a Tiled tileset (`.tsx`, `.tsj`), a Tiled map
    /// (`.tmx`, `.tmj`) or an LDtk project (`.ldtk`: every level a packed map).
    pub fn new(tiles: impl Into<PathBuf>) -> Builder {
        Builder {
            tiles: tiles.into(),
            more_maps: Vec::new(),
            out_dir: None,
            name: None,
            emit: Emit::Both,
            tile_size: None,
            margin: 0,
            spacing: 0,
            layer: None,
            outside: Cell::FULL,
            strict: false,
        }
    }

    /// One more Tiled map sharing the tables blob (when the input is a map). With several
    /// maps, each one's packed map is `NAME.MAPSTEM.map` and its module in `NAME.rs` is
    /// named after its file stem; with one, it is `NAME.map` and its items are also at the
    /// top of `NAME.rs`.
    pub fn map(&mut self, map: impl Into<PathBuf>) -> &mut Builder {
        self.more_maps.push(map.into());
        self
    }

    /// For an LDtk project whose collision layer is an IntGrid layer: the tile folder whose
    /// shapes its values' identifiers name (`slope45`, `slope45_fx`), instead of the layer's
    /// tileset.
    ///
    /// ```
    /// # let dir = env!("CARGO_MANIFEST_DIR");
    /// # let out = tempfile::tempdir()?;
    /// let report = slopegen::Builder::new(format!("{dir}/tests/data/ldtk/grid.ldtk"))
    ///     .tile_folder(format!("{dir}/tiles"))
    ///     .out_dir(out.path())
    ///     .generate()?;
    /// assert_eq!((report.shapes, report.maps), (12, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tile_folder(&mut self, folder: impl Into<PathBuf>) -> &mut Builder {
        self.more_maps.push(folder.into());
        self
    }

    /// A sheet's tile size in pixels (tiles are square); needed for a PNG sheet.
    pub fn tile_size(&mut self, n: u32) -> &mut Builder {
        self.tile_size = Some(n);
        self
    }

    /// Pixels around a PNG sheet's grid (default 0).
    pub fn margin(&mut self, m: u32) -> &mut Builder {
        self.margin = m;
        self
    }

    /// Pixels between a PNG sheet's tiles (default 0).
    pub fn spacing(&mut self, s: u32) -> &mut Builder {
        self.spacing = s;
        self
    }

    /// The maps' collision layer; default: the tile layer whose boolean property
    /// `collision` is true, else the one named `collision` (for an LDtk project, each
    /// level's layer named `collision`).
    pub fn layer(&mut self, name: impl Into<String>) -> &mut Builder {
        self.layer = Some(name.into());
        self
    }

    /// What the packed maps answer for cells outside them; default [`Cell::FULL`] (walled in).
    pub fn outside(&mut self, cell: Cell) -> &mut Builder {
        self.outside = cell;
        self
    }

    /// Refuse what the input allows but probably does not mean (each [`Warning`], such as a
    /// tile whose every pixel reads as air) as an [`Error::Strict`], instead of reporting it
    /// in [`Report::warnings`]; default `false`.
    ///
    /// ```
    /// let mut b = slopegen::Builder::new("tiles");
    /// b.strict(true); // an empty tile stops the build
    /// ```
    pub fn strict(&mut self, strict: bool) -> &mut Builder {
        self.strict = strict;
        self
    }

    fn grid(&self) -> Grid {
        Grid {
            tile_size: self.tile_size,
            margin: self.margin,
            spacing: self.spacing,
        }
    }

    fn maps(&self) -> Vec<PathBuf> {
        std::iter::once(self.tiles.clone())
            .chain(self.more_maps.iter().cloned())
            .collect()
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

    /// Reads the tiles, packs them and writes the outputs as plain files, each replaced
    /// atomically, `NAME.rs` last, under a lock on the output folder (concurrent runs take
    /// turns); outputs whose bytes did not change are not touched. On an error while
    /// reading or writing, every output is left as it was. ARCHITECTURE.md, "What the
    /// output folder guarantees", says it all.
    pub fn generate(&self) -> Result<Report> {
        let Prepared { compiled, files } = self.prepare()?;
        let out_dir = self.resolved_out_dir()?;
        let written = publish(&out_dir, &files)?;
        let set = &compiled.set;
        Ok(Report {
            outputs: files.iter().map(|f| out_dir.join(&f.name)).collect(),
            written,
            tiles: set.tiles.iter().map(|t| t.path.clone()).collect(),
            shapes: set.tiles.len(),
            tile_size: set.tile_size,
            blob_len: compiled.blob.len(),
            maps: compiled.maps.len(),
            sources: compiled.sources,
            warnings: compiled.warnings,
        })
    }

    /// Everything up to the bytes of each output, without touching the disk.
    pub fn render(&self) -> Result<Vec<OutputFile>> {
        Ok(self.prepare()?.files)
    }

    /// For `build.rs`: generates into `$OUT_DIR` as [`Builder::try_build`] does (printing
    /// `cargo:rerun-if-changed` for every input). On error it reports each problem as cargo
    /// reports a build script's errors, one `cargo::error=slopegen: MESSAGE` line each
    /// (naming the file and the problem), and ends the build script with exit status 1: cargo
    /// shows the messages and fails the build. It does not panic.
    pub fn build(&self) -> Report {
        match self.try_build() {
            Ok(report) => report,
            Err(e) => {
                use std::io::Write as _;
                let mut out = std::io::stdout().lock();
                for line in cargo_errors(&e) {
                    let _ = writeln!(out, "{line}");
                }
                let _ = out.flush();
                std::process::exit(1);
            }
        }
    }

    /// For `build.rs`, with errors as values: prints `cargo:rerun-if-changed` for the tile
    /// folder and each tile (or each map given) before generating, then, once they have been
    /// read, for every other file read (a map's tilesets and images), and a
    /// `cargo::warning=slopegen: MESSAGE` line for each [`Warning`] (cargo shows them). The
    /// first lines are printed even when it fails, so cargo knows what to watch. A path with a line break
    /// cannot be given to cargo: it is an [`Error::LineBreakInPath`] (the other paths are
    /// still printed).
    ///
    /// ```no_run
    /// // build.rs
    /// fn main() -> Result<(), slopegen::Error> {
    ///     slopegen::Builder::new("tiles").try_build()?;
    ///     Ok(())
    /// }
    /// ```
    pub fn try_build(&self) -> Result<Report> {
        let mut unusable = None;
        for path in self.watched_paths() {
            // A line break would end cargo's instruction early, and the rest of the path
            // would be read as an instruction of its own.
            let shown = path.display().to_string();
            if shown.contains(['\n', '\r']) {
                unusable.get_or_insert(path);
                continue;
            }
            println!("cargo:rerun-if-changed={shown}");
        }
        if let Some(path) = unusable {
            return Err(Error::LineBreakInPath { path });
        }
        let report = self.generate()?;
        for path in &report.sources {
            let shown = path.display().to_string();
            if !shown.contains(['\n', '\r']) {
                println!("cargo:rerun-if-changed={shown}");
            }
        }
        for line in cargo_lines("warning", report.warnings.iter()) {
            println!("{line}");
        }
        Ok(report)
    }

    /// The tile folder and every tile in it, only those that exist (a missing path would
    /// make cargo rerun the script on every build).
    fn watched_paths(&self) -> Vec<PathBuf> {
        let mut paths = Vec::new();
        if self.tiles.is_dir() {
            paths.push(self.tiles.clone());
            let tiles = png_paths(&self.tiles).unwrap_or_default();
            paths.extend(tiles.into_iter().filter(|p| p.exists()));
        } else {
            // Tilesets and images a map names are printed once it has been read.
            paths.extend(self.maps().into_iter().filter(|p| p.is_file()));
            // the tile folder beside an LDtk project
            for folder in self.more_maps.iter().filter(|p| p.is_dir()) {
                paths.push(folder.clone());
                let tiles = png_paths(folder).unwrap_or_default();
                paths.extend(tiles.into_iter().filter(|p| p.exists()));
            }
        }
        paths
    }

    /// Reads and packs everything without writing: the tile set, the blob and, for Tiled
    /// maps, each map with its packed bytes (what `slopegen preview` draws).
    pub fn compile(&self) -> Result<Compiled> {
        self.stem()?;
        let source = Source::of(&self.tiles, &self.more_maps, self.grid())?;
        if source == Source::Maps {
            self.check_map_modules()?;
        }
        let model = self.read(source)?;
        if source == Source::Ldtk {
            check_level_modules(&model.maps)?;
        }
        if self.strict {
            let refused = model.warnings.iter().cloned().map(Error::Strict).collect();
            Error::collect(&self.tiles, refused)?;
        }
        Ok(encode(model))
    }

    /// Every map gives its own module in the generated Rust.
    fn check_map_modules(&self) -> Result<()> {
        let mut modules: Vec<String> = Vec::new();
        for path in self.maps() {
            let module = module_name(&path);
            if modules.contains(&module) {
                return Err(MapError::SameModule { file: path, module }.into());
            }
            modules.push(module);
        }
        Ok(())
    }

    /// The input read into the model (for an LDtk project, the tile folder given with
    /// [`Builder::map`] names the shapes of its IntGrid values).
    fn read(&self, source: Source) -> Result<Model> {
        inputs::read(
            source,
            &self.tiles,
            &self.more_maps,
            self.grid(),
            self.layer.as_deref(),
            self.outside,
        )
    }

    /// Everything [`Builder::compile`] makes, and each output file's bytes.
    fn prepare(&self) -> Result<Prepared> {
        let stem = self.stem()?;
        let compiled = self.compile()?;
        let files = render(
            &compiled.set,
            &stem,
            &compiled.blob,
            self.emit,
            &compiled.maps,
        );
        Ok(Prepared { compiled, files })
    }

    fn stem(&self) -> Result<String> {
        let stem = match &self.name {
            Some(name) => name.clone(),
            None if self.tiles.is_dir() => self.folder_stem()?,
            None => match extension(&self.tiles).as_str() {
                "png" | "tsx" | "tsj" | "tmx" | "tmj" | "ldtk" => file_stem(&self.tiles),
                // Not found: the error about the input comes next.
                _ => folder_name(&self.tiles).unwrap_or("tiles").to_owned(),
            },
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

    /// The tile folder's own name: its last component as given (`art/slopes` → `slopes`,
    /// a link's name, not its target's), or for `.`, `..` and the like the name the system
    /// gives the folder.
    fn folder_stem(&self) -> Result<String> {
        let no_name = |problem| Error::NoOutputName {
            path: self.tiles.clone(),
            problem,
        };
        let real;
        let named = if ends_in_a_name(&self.tiles) {
            &self.tiles
        } else {
            real = std::fs::canonicalize(&self.tiles).map_err(|source| Error::Read {
                path: self.tiles.clone(),
                source,
            })?;
            &real
        };
        let name = named
            .file_name()
            .ok_or_else(|| no_name("the folder has no name"))?;
        let name = name
            .to_str()
            .ok_or_else(|| no_name("its name is not valid UTF-8"))?;
        Ok(name.to_owned())
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

/// The `cargo::error=` lines reporting `error`: one per problem.
fn cargo_errors(error: &Error) -> Vec<String> {
    cargo_lines("error", error.errors().iter())
}

/// One `cargo::KIND=slopegen: …` line per message line of each of `messages` (messages
/// escape line breaks in names, so a line holds one whole problem).
fn cargo_lines<T: std::fmt::Display>(kind: &str, messages: impl Iterator<Item = T>) -> Vec<String> {
    messages
        .flat_map(|m| {
            m.to_string()
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(|l| format!("cargo::{kind}=slopegen: {l}"))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// What [`Builder::compile`] made.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The shapes.
    pub set: TileSet,
    /// The tables blob.
    pub blob: Vec<u8>,
    /// For Tiled maps: each map and its packed bytes, in the order given.
    pub maps: Vec<(Map, Vec<u8>)>,
    /// Every file read.
    pub sources: Vec<PathBuf>,
    /// What the input allows but probably does not mean (see [`Report::warnings`]).
    pub warnings: Vec<Warning>,
}

/// Every LDtk level gives its own module in the generated Rust (inside its world's).
fn check_level_modules(maps: &[Map]) -> Result<()> {
    let mut modules = std::collections::BTreeSet::new();
    for map in maps {
        let module = module_ident(&map.stem);
        if !modules.insert((map.group.as_deref().map(module_ident), module.clone())) {
            return Err(MapError::SameLevelModule {
                file: map.path.clone(),
                world: map.group.clone(),
                level: map.stem.clone(),
                module,
            }
            .into());
        }
    }
    Ok(())
}

/// The blob of the model's shapes and the packed bytes of each of its maps.
fn encode(model: Model) -> Compiled {
    let Model {
        set,
        maps,
        sources,
        warnings,
    } = model;
    let blob = pack(&set);
    let maps = maps
        .into_iter()
        .map(|m| {
            let bytes = pack_map(&m);
            (m, bytes)
        })
        .collect();
    Compiled {
        set,
        blob,
        maps,
        sources,
        warnings,
    }
}

/// What `prepare` made.
struct Prepared {
    compiled: Compiled,
    files: Vec<OutputFile>,
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
        let err = Builder::new(&tiles).try_build().unwrap_err();
        assert!(matches!(err, Error::LineBreakInPath { .. }), "{err:?}");
        let lines = cargo_errors(&err);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with("cargo::error=slopegen: ")
                && lines[0].contains("x\\ncargo:rustc-cfg=injected")
                && lines[0].contains("line break"),
            "{lines:?}"
        );
    }

    /// Several problems give one `cargo::error=` line each, without the list's heading.
    #[test]
    fn each_problem_is_its_own_cargo_error() {
        let bad = |name: &str| Error::BadName {
            path: PathBuf::from(format!("tiles/{name}")),
            problem: "no usable name".into(),
        };
        let err = Error::collect(Path::new("tiles"), vec![bad("a.png"), bad("b.png")]).unwrap_err();
        assert_eq!(
            cargo_errors(&err),
            [
                "cargo::error=slopegen: tiles/a.png: no usable name",
                "cargo::error=slopegen: tiles/b.png: no usable name"
            ]
        );
    }

    #[test]
    fn the_output_name_of_dot_is_the_folder_s_own() {
        let dir = tempfile::tempdir().unwrap();
        let world = dir.path().join("world1");
        std::fs::create_dir_all(world.join("sub")).unwrap();
        for (given, expected) in [
            (world.join("."), "world1"),
            (world.join("sub").join(".."), "world1"),
            (world.join("sub"), "sub"),
        ] {
            assert_eq!(Builder::new(&given).stem().unwrap(), expected, "{given:?}");
        }
        assert_eq!(
            Builder::new(world.join("..")).name("mine").stem().unwrap(),
            "mine"
        );
        let err = Builder::new("/").stem().unwrap_err();
        assert!(err.to_string().contains("--name NAME"), "{err}");
    }
}
