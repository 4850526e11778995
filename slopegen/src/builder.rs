//! The library entry point, for the CLI and for a game's `build.rs`.

use std::path::{Path, PathBuf};

use slope_runtime::Cell;

use crate::emit::{MapOutput, OutputFile, render_with_maps};
use crate::level::{extension, read_map, read_tileset};
use crate::levels::{Levels, compile, map_stem, pack_map};
use crate::publish::publish;
use crate::sheet::{Sheet, SheetSpec, sheet_tileset};
use crate::tileset::{folder_name, png_paths};
use crate::{Emit, Error, Result, TileSet, pack};

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
}

/// What the builder's input is, by its kind and extension.
enum Input {
    Folder,
    Sheet,
    Tileset,
    Maps,
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
}

impl Builder {
    /// A builder for the tiles in `tiles`: a folder (every `*.png` directly in it), a sheet
    /// PNG (give [`Builder::tile_size`]), a Tiled tileset (`.tsx`, `.tsj`) or a Tiled map
    /// (`.tmx`, `.tmj`).
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
    /// `collision` is true, else the one named `collision`.
    pub fn layer(&mut self, name: impl Into<String>) -> &mut Builder {
        self.layer = Some(name.into());
        self
    }

    /// What the packed maps answer for cells outside them; default [`Cell::FULL`] (walled in).
    pub fn outside(&mut self, cell: Cell) -> &mut Builder {
        self.outside = cell;
        self
    }

    fn input(&self) -> Result<Input> {
        let ext = extension(&self.tiles);
        let kind = match ext.as_str() {
            "tmx" | "tmj" => Input::Maps,
            "tsx" | "tsj" => Input::Tileset,
            "png" if !self.tiles.is_dir() => Input::Sheet,
            _ => Input::Folder,
        };
        if !self.more_maps.is_empty() && !matches!(kind, Input::Maps) {
            return Err(Error::level(
                &self.tiles,
                "more maps were given, but this is not a Tiled map (.tmx, .tmj)",
            ));
        }
        if let Some(odd) = self
            .more_maps
            .iter()
            .find(|m| !matches!(extension(m).as_str(), "tmx" | "tmj"))
        {
            return Err(Error::level(
                odd,
                "not a Tiled map: several inputs must all be maps (.tmx, .tmj)",
            ));
        }
        if matches!(kind, Input::Sheet) && self.tile_size.is_none() {
            if !self.tiles.exists() {
                return Err(Error::level(&self.tiles, "sheet image does not exist"));
            }
            return Err(Error::level(
                &self.tiles,
                "a single image is read as a tileset sheet: give its tile size (--tile-size N), or give the folder that holds the tile PNGs",
            ));
        }
        let grid_given = self.tile_size.is_some() || self.margin != 0 || self.spacing != 0;
        if grid_given && !matches!(kind, Input::Sheet) {
            let what = match kind {
                Input::Maps => "a Tiled map, whose tilesets give their own grid",
                Input::Tileset => "a Tiled tileset, which gives its own grid",
                _ if self.tiles.is_dir() => "a folder of tile PNGs",
                _ => "not a sheet image",
            };
            return Err(Error::level(
                &self.tiles,
                format!(
                    "a tile size, margin or spacing describes a sheet PNG's grid, and this is {what}"
                ),
            ));
        }
        if matches!(kind, Input::Folder) && ext == "map" && self.tiles.is_file() {
            return Err(Error::level(
                &self.tiles,
                "a packed map holds no shapes: give the Tiled map it was made from",
            ));
        }
        if matches!(kind, Input::Folder) && self.tiles.is_file() {
            return Err(Error::NotAFolder {
                path: self.tiles.clone(),
            });
        }
        Ok(kind)
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

    /// Reads the tiles, packs them and publishes the outputs as one set: `NAME.bin` and
    /// `NAME.rs` switch together in one atomic step, under an advisory lock on the output
    /// folder (concurrent runs take turns). On any error the output set is left as it was.
    /// See the README's "What the output folder guarantees".
    pub fn generate(&self) -> Result<Report> {
        let prepared = self.prepare()?;
        let stem = self.stem()?;
        let out_dir = self.resolved_out_dir()?;
        let files = &prepared.files;
        let written = publish(&out_dir, &stem, files)?;
        let set = &prepared.set;
        Ok(Report {
            outputs: files.iter().map(|f| out_dir.join(&f.name)).collect(),
            written,
            tiles: set.tiles.iter().map(|t| t.path.clone()).collect(),
            shapes: set.tiles.len(),
            tile_size: set.tile_size,
            blob_len: prepared.blob.len(),
            maps: prepared.maps,
            sources: prepared.sources,
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
    /// read, for every other file read (a map's tilesets and images). The first lines are
    /// printed even when it fails, so cargo knows what to watch. A path with a line break
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
        }
        paths
    }

    /// Reads and packs everything without writing: the tile set, the blob and, for Tiled
    /// maps, each map with its packed bytes (what `slopegen preview` draws).
    pub fn compile(&self) -> Result<Compiled> {
        self.stem()?;
        let input = self.input()?;
        let (set, levels, sources) = match input {
            Input::Folder => {
                let mut set = TileSet::read(&self.tiles)?;
                if !ends_in_a_name(&self.tiles) {
                    // `.` or `..`: the folder as the system names it, for its name.
                    if let Ok(real) = std::fs::canonicalize(&self.tiles) {
                        set.folder = real;
                    }
                }
                let sources = set.tiles.iter().map(|t| t.path.clone()).collect();
                (set, None, sources)
            }
            Input::Sheet => {
                let n = self.tile_size.unwrap_or(0);
                let spec = SheetSpec {
                    image: self.tiles.clone(),
                    tile_width: n,
                    tile_height: n,
                    margin: self.margin,
                    spacing: self.spacing,
                };
                let prefix = crate::levels::map_stem(&self.tiles);
                let sheet = Sheet::read(spec, &self.tiles, &prefix, Default::default())?;
                (sheet_tileset(&sheet)?, None, vec![self.tiles.clone()])
            }
            Input::Tileset => {
                let def = read_tileset(&self.tiles)?;
                let Some(spec) = def.sheet.clone() else {
                    return Err(Error::level(
                        &self.tiles,
                        "a collection of images, not one sheet image; a collision tileset must be a sheet",
                    ));
                };
                let image = spec.image.clone();
                let sheet = Sheet::read(spec, &self.tiles, &def.prefix(), def.names.clone())?;
                (
                    sheet_tileset(&sheet)?,
                    None,
                    vec![self.tiles.clone(), image],
                )
            }
            Input::Maps => {
                let paths = self.maps();
                let mut stems: Vec<String> = Vec::new();
                for p in &paths {
                    let s = map_module(p);
                    if stems.contains(&s) {
                        return Err(Error::level(
                            p,
                            format!(
                                "another map gives the same module name `{s}`; rename one of them"
                            ),
                        ));
                    }
                    stems.push(s);
                }
                let defs = paths
                    .iter()
                    .map(|p| read_map(p))
                    .collect::<Result<Vec<_>>>()?;
                let levels = compile(&defs, self.layer.as_deref(), self.outside)?;
                let Levels { set, maps, sources } = levels;
                (set, Some(maps), sources)
            }
        };
        let blob = pack(&set);
        let maps = levels
            .unwrap_or_default()
            .into_iter()
            .map(|m| {
                let bytes = pack_map(&m);
                (m, bytes)
            })
            .collect();
        Ok(Compiled {
            set,
            blob,
            maps,
            sources,
        })
    }

    fn prepare(&self) -> Result<Prepared> {
        let stem = self.stem()?;
        let Compiled {
            set,
            blob,
            maps,
            sources,
        } = self.compile()?;
        let single = maps.len() == 1;
        let outputs: Vec<MapOutput<'_>> = maps
            .iter()
            .map(|(m, bytes)| MapOutput {
                map: m,
                bytes: bytes.clone(),
                file: if single {
                    format!("{stem}.map")
                } else {
                    format!("{stem}.{}.map", m.stem)
                },
                module: map_module(&m.path),
            })
            .collect();
        let files = render_with_maps(&set, &stem, &blob, self.emit, &outputs);
        Ok(Prepared {
            maps: maps.len(),
            set,
            blob,
            files,
            sources,
        })
    }

    fn stem(&self) -> Result<String> {
        let stem = match &self.name {
            Some(name) => name.clone(),
            None if self.tiles.is_dir() => self.folder_stem()?,
            None => match extension(&self.tiles).as_str() {
                "png" | "tsx" | "tsj" | "tmx" | "tmj" => map_stem(&self.tiles),
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

/// Whether `path`'s last component is a name (not `.`, `..` or the root).
fn ends_in_a_name(path: &Path) -> bool {
    matches!(
        path.components().next_back(),
        Some(std::path::Component::Normal(_))
    )
}

/// The `cargo::error=` lines reporting `error`: one per problem, each message line of its own
/// (messages escape line breaks in names, so a line holds one whole problem).
fn cargo_errors(error: &Error) -> Vec<String> {
    error
        .errors()
        .iter()
        .flat_map(|e| {
            e.to_string()
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(|l| format!("cargo::error=slopegen: {l}"))
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
    pub maps: Vec<(crate::LevelMap, Vec<u8>)>,
    /// Every file read.
    pub sources: Vec<PathBuf>,
}

/// What `prepare` made.
struct Prepared {
    set: TileSet,
    blob: Vec<u8>,
    files: Vec<OutputFile>,
    maps: usize,
    sources: Vec<PathBuf>,
}

/// The Rust module of a map: its file stem as a lower-case identifier (`level_` in front
/// of one that would be a keyword, start with a digit or clash with the module's items).
fn map_module(path: &Path) -> String {
    let ident = crate::constant_name(&map_stem(path)).to_ascii_lowercase();
    const TAKEN: &[&str] = &[
        "blob",
        "tables",
        "map",
        "map_bytes",
        "self",
        "super",
        "crate",
        "fn",
        "mod",
        "type",
        "use",
        "pub",
        "let",
        "const",
        "static",
        "struct",
        "enum",
        "impl",
        "trait",
        "match",
        "if",
        "else",
        "for",
        "while",
        "loop",
        "in",
        "as",
        "ref",
        "mut",
        "move",
        "return",
        "break",
        "continue",
        "where",
        "unsafe",
        "extern",
        "true",
        "false",
        "async",
        "await",
        "dyn",
        "abstract",
        "become",
        "box",
        "do",
        "final",
        "macro",
        "override",
        "priv",
        "typeof",
        "unsized",
        "virtual",
        "yield",
        "try",
        "gen",
        "core",
        "std",
        "alloc",
    ];
    if ident.starts_with('_') || TAKEN.contains(&ident.as_str()) {
        format!("level_{}", ident.trim_start_matches('_'))
    } else {
        ident
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
