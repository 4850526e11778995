//! The command line: `slopegen [build] TILES -o OUT`, `slopegen dump BLOB`, `slopegen info
//! BLOB`, `slopegen preview INPUT -o PNG`.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context as _;
use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand};
use slope_runtime::{ShapeId, Tables, Variant};

use crate::builder::Builder;
use crate::encode::rust::Emit;
use crate::error::Error;
use crate::error::text::escape;
use crate::error::warning::Warning;
use crate::output::dump::{DEFAULT_MAX_ROWS, dump_csv, row_count};
use crate::output::preview::{map_picture, png_bytes, variant_sheet};

mod error;
mod report;

use error::CliError;

use report::{dedup_chain, error_lines, is_broken_pipe, note_line, use_color, warning_line};

/// Generate packed slope-collision tables from PNG tiles, for slope-runtime.
///
/// `slopegen TILES -o OUT` reads every *.png in TILES
/// (solid = dark on light, or opaque on transparent; all tiles square and the same size, 4
/// to 64 px), and writes OUT/NAME.bin (the blob) and OUT/NAME.rs (a module that embeds it,
/// with a constant per shape). TILES may also be one sheet image, a Tiled tileset or Tiled
/// maps: see `slopegen build --help`.
///
/// `build` is the default command: when the first argument is not a command's name,
/// `slopegen ARGS` is `slopegen build ARGS`. A tile folder named like a command (build,
/// dump, info, preview, help) is built with `slopegen build info -o out` or
/// `slopegen ./info -o out`.
#[derive(Debug, Parser)]
#[command(
    name = "slopegen",
    version,
    subcommand_required = true,
    arg_required_else_help = true,
    override_usage = "slopegen [build] TILES... -o OUT [OPTIONS]\n       slopegen <COMMAND> [ARGS]",
    after_help = "Examples:\n  slopegen tiles -o out                 write out/tiles.bin and out/tiles.rs\n  slopegen . -o out                     named after the current folder\n  slopegen build info -o out            a tile folder named `info`\n  slopegen sheet.png --tile-size 16 -o out\n  slopegen level1.tmx level2.tmj -o out --name world\n  slopegen dump out/tiles.bin --shape slope45 --variant fx\n  slopegen info out/tiles.bin"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The `slopegen` command: parse the arguments (the tile folder's `build` is the default
/// command), run, report, exit.
pub fn main() -> ExitCode {
    let args = with_default_command(std::env::args_os());
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err) => {
            // clap's own message (usage errors, --help, --version), and its exit code.
            let _ = err.print();
            if err.use_stderr()
                && let Some(hint) = folder_hint(&args)
            {
                eprintln!("{}", note_line(&hint, use_color()));
            }
            return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2));
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let chain: Vec<String> = err.chain().map(ToString::to_string).collect();
            eprint!("{}", error_lines(&dedup_chain(&chain), use_color()));
            ExitCode::FAILURE
        }
    }
}

/// The commands' names: a first argument that is none of these (nor a top-level flag)
/// starts the default command, `build`.
const COMMANDS: [&str; 5] = ["build", "dump", "info", "preview", "help"];

/// The command line `args` (the program's name first) as clap reads it: `build` inserted
/// before the first argument unless that is a command's name or a top-level flag
/// (`--help`, `--version`), so `slopegen tiles -o out` is `slopegen build tiles -o out`.
fn with_default_command(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut args: Vec<OsString> = args.into_iter().collect();
    if let Some(first) = args.get(1) {
        let named = first.to_str().is_some_and(|s| {
            COMMANDS.contains(&s) || matches!(s, "-h" | "--help" | "-V" | "--version")
        });
        if !named {
            args.insert(1, "build".into());
        }
    }
    args
}

/// When the command line was not understood and its first argument is both a command's
/// name and a folder here, how to build that folder instead.
fn folder_hint(args: &[OsString]) -> Option<String> {
    let first = args.get(1)?.to_str()?;
    (COMMANDS.contains(&first) && Path::new(first).is_dir()).then(|| {
        format!(
            "`{first}` is a command; to build the tile folder `{first}`, run `slopegen build {first} …` or `slopegen ./{first} …`"
        )
    })
}

/// How to read a sheet's grid and a map's collision layer (generating and previewing).
#[derive(Debug, Args)]
pub struct ReadingArgs {
    /// A sheet's tile size in pixels (square tiles, 4 to 64); required for a sheet PNG.
    #[arg(long, value_name = "N")]
    pub tile_size: Option<u32>,

    /// Pixels around a sheet's grid.
    #[arg(long, value_name = "M", default_value_t = 0)]
    pub margin: u32,

    /// Pixels between a sheet's tiles.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub spacing: u32,

    /// A map's collision layer [default: the tile layer with the boolean property
    /// `collision` = true, else the one named `collision`; in an LDtk project, each
    /// level's layer named `collision`].
    #[arg(long, value_name = "NAME")]
    pub layer: Option<String>,

    /// Refuse what is probably a mistake instead of warning about it (a tile PNG whose
    /// every pixel reads as air).
    #[arg(long)]
    pub strict: bool,
}

impl ReadingArgs {
    /// Hands the options to `builder`.
    fn apply(&self, builder: &mut Builder) {
        if let Some(n) = self.tile_size {
            builder.tile_size(n);
        }
        builder.margin(self.margin).spacing(self.spacing);
        if let Some(layer) = &self.layer {
            builder.layer(layer);
        }
        builder.strict(self.strict);
    }
}

/// `slopegen [build] TILES -o OUT`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Folder of tile PNGs, a sheet PNG, a Tiled tileset (.tsx, .tsj), Tiled maps
    /// (.tmx, .tmj; several share one blob), or an LDtk project (.ldtk; after it, the tile
    /// folder its IntGrid values name, if they name one).
    #[arg(required = true, value_name = "TILES", num_args = 1..)]
    pub tiles: Vec<PathBuf>,

    #[command(flatten)]
    pub reading: ReadingArgs,

    /// What the packed maps hold outside their edges.
    #[arg(long, value_enum, default_value_t = Outside::Full)]
    pub outside: Outside,

    /// Output folder (created if missing; left untouched on any error).
    #[arg(short, long, value_name = "OUT", required = true)]
    pub out: Option<PathBuf>,

    /// Output file stem [default: the tile folder's name (`.` and `..` resolved), or the
    /// file stem of a sheet, tileset or first map].
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,

    /// Which files to write: the blob, the Rust module (blob inlined), or both.
    #[arg(long, value_enum, default_value_t = Emit::Both)]
    pub emit: Emit,

    /// Print nothing on success but warnings.
    #[arg(short, long)]
    pub quiet: bool,
}

/// What lies outside a map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Outside {
    /// Solid: the level is walled in.
    Full,
    /// Nothing.
    Empty,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Generate the tables (the default command: `slopegen TILES -o OUT` is `slopegen build
    /// TILES -o OUT`).
    ///
    /// Reads every *.png in TILES (solid = dark on light, or opaque on transparent; all tiles
    /// square and the same size, 4 to 64 px), and writes OUT/NAME.bin (the blob) and
    /// OUT/NAME.rs (a module that embeds it, with a constant per shape). Every bad tile is
    /// reported, each naming its file, before the run fails.
    ///
    /// TILES may also be one sheet image (sheet.png --tile-size N [--margin M --spacing S]),
    /// a Tiled tileset (.tsx, .tsj), or Tiled maps (.tmx, .tmj): their collision layers
    /// become packed maps (OUT/NAME.map, or OUT/NAME.MAP.map for several) sharing one blob.
    /// An LDtk project (.ldtk) gives a packed map per level (OUT/NAME.LEVEL.map, or
    /// OUT/NAME.WORLD.LEVEL.map in a project of several worlds).
    ///
    /// A tile folder named like a command (build, dump, info, preview, help) needs the
    /// command's name first, `slopegen build info -o out`, or a path, `slopegen ./info -o
    /// out`.
    #[command(
        after_help = "Examples:\n  slopegen tiles -o out                 write out/tiles.bin and out/tiles.rs\n  slopegen build info -o out            the tile folder `info`\n  slopegen . -o ../out --name level1    ../out/level1.bin and ../out/level1.rs"
    )]
    Build(GenerateArgs),
    /// Print a blob's offsets as CSV (one row per overlap), read through slope-runtime.
    ///
    /// A dump has N⁴ rows per shape and variant (65,536 for a 16-px tile, 1,048,576 for a
    /// 32-px one). Without --shape, a dump of more than 1,000,000 rows is refused unless
    /// --all asks for it.
    #[command(
        after_help = "Examples:\n  slopegen dump out/tiles.bin --shape slope45 --variant fx\n  slopegen dump out/tiles.bin --all > all.csv"
    )]
    Dump(DumpArgs),
    /// Describe a blob (tile size, shapes, bytes) or a packed map (size, cells by kind, bytes).
    Info(InfoArgs),
    /// Draw a PNG read back through slope-runtime: every shape in its 8 variants (tile folder,
    /// sheet, tileset or blob), or a map's collision (a Tiled map, an LDtk level).
    ///
    /// A shape's surfaces are labelled with the tile's own angles. A map's top surfaces are
    /// coloured by the ground angle the runtime reports (World::ground_angle) for an actor
    /// of N×N px (N the tile size) with centre feet standing on each pixel, read across cell
    /// edges: orange level, pink to purple rising to the right, blue falling; a pixel where
    /// that actor has no room is left uncoloured. A legend under the map gives the scale.
    Preview(PreviewArgs),
}

#[derive(Debug, Args)]
pub struct DumpArgs {
    /// The blob (a .bin written by slopegen).
    pub blob: PathBuf,

    /// Only this shape (its name; repeat for more, in that order) [default: every shape, up to
    /// 1,000,000 rows unless --all].
    #[arg(long, value_name = "NAME", conflicts_with = "all")]
    pub shape: Vec<String>,

    /// Every shape, however many rows that makes (N⁴ per shape and variant).
    #[arg(long)]
    pub all: bool,

    /// Only this variant (repeat for more, in that order; any case) [default: all eight].
    #[arg(
        long,
        alias = "transform",
        value_name = "VARIANT",
        value_enum,
        ignore_case = true
    )]
    pub variant: Vec<VariantArg>,
}

/// A variant as the command line names it: the spec's names (those of [`Variant::name`],
/// which `dump` writes), the names of the library's `Variant` items, and short forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantArg(pub Variant);

/// Each variant's other accepted names, in [`Variant::ALL`] order.
const VARIANT_ALIASES: [&[&str]; 8] = [
    &["identity", "id"],
    &["flipx"],
    &["flipy"],
    &["flipxy"],
    &["rot90", "r90"],
    &["rot90flipx", "r90x"],
    &["rot90flipy", "r90y"],
    &["rot90flipxy", "r90xy"],
];

/// What each variant is, in [`Variant::ALL`] order.
const VARIANT_HELP: [&str; 8] = [
    "as drawn",
    "mirrored left-right",
    "mirrored top-bottom",
    "mirrored both ways (a half turn)",
    "rotated 90° clockwise",
    "rotated, then mirrored left-right",
    "rotated, then mirrored top-bottom",
    "rotated, then mirrored both ways",
];

impl clap::ValueEnum for VariantArg {
    fn value_variants<'a>() -> &'a [Self] {
        const ALL: [VariantArg; 8] = [
            VariantArg(Variant::ALL[0]),
            VariantArg(Variant::ALL[1]),
            VariantArg(Variant::ALL[2]),
            VariantArg(Variant::ALL[3]),
            VariantArg(Variant::ALL[4]),
            VariantArg(Variant::ALL[5]),
            VariantArg(Variant::ALL[6]),
            VariantArg(Variant::ALL[7]),
        ];
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let i = usize::from(self.0.index());
        let aliases = VARIANT_ALIASES[i];
        let help = format!("{} (also {})", VARIANT_HELP[i], aliases.join(", "));
        Some(
            PossibleValue::new(self.0.name())
                .aliases(aliases.iter().copied())
                .help(help),
        )
    }
}

#[derive(Debug, Args)]
pub struct InfoArgs {
    /// The blob (a .bin written by slopegen) or a packed map (a .map).
    pub blob: PathBuf,
}

#[derive(Debug, Args)]
pub struct PreviewArgs {
    /// A tile folder, a sheet PNG, a Tiled tileset (.tsx, .tsj), a Tiled map (.tmx, .tmj), an
    /// LDtk project (.ldtk) or a blob (.bin).
    pub input: PathBuf,

    /// The PNG to write (replaced in one step).
    #[arg(short, long, value_name = "PNG")]
    pub out: PathBuf,

    #[command(flatten)]
    pub reading: ReadingArgs,

    /// Picture pixels per world pixel, for a map [default: 2, or 1 for a map wider or taller
    /// than 4096 px].
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=16))]
    pub scale: Option<u32>,

    /// Only this shape (its name; repeat for more, in that order) [default: every shape].
    #[arg(long, value_name = "NAME")]
    pub shape: Vec<String>,

    /// For an LDtk project, the level to draw: its identifier, or WORLD/LEVEL in a project
    /// of several worlds [default: the first level].
    #[arg(long, value_name = "NAME")]
    pub level: Option<String>,
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Build(args) => generate(&args),
        Command::Dump(args) => dump(&args),
        Command::Info(args) => info(&args),
        Command::Preview(args) => preview(&args),
    }
}

fn generate(args: &GenerateArgs) -> anyhow::Result<()> {
    let (Some(tiles), Some(out)) = (args.tiles.first(), &args.out) else {
        anyhow::bail!("give a tile folder and an output folder: slopegen TILES -o OUT");
    };
    let mut builder = Builder::new(tiles);
    builder.out_dir(out).emit(args.emit);
    let ldtk = tiles
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ldtk"));
    for more in args.tiles.iter().skip(1) {
        if ldtk {
            builder.tile_folder(more);
        } else {
            builder.map(more);
        }
    }
    if let Some(name) = &args.name {
        builder.name(name);
    }
    args.reading.apply(&mut builder);
    builder.outside(match args.outside {
        Outside::Full => slope_runtime::Cell::FULL,
        Outside::Empty => slope_runtime::Cell::EMPTY,
    });
    let report = builder.generate()?;
    warn(&report.warnings);
    if !args.quiet {
        let outputs: Vec<String> = report
            .outputs
            .iter()
            .map(|p| escape(&p.to_string_lossy()))
            .collect();
        let n = report.tile_size;
        let maps = match report.maps {
            0 => String::new(),
            1 => ", 1 map".to_owned(),
            k => format!(", {k} maps"),
        };
        let per_shape = match report.shapes {
            0 => String::new(),
            k => format!(" ({} per shape)", report.blob_len / k),
        };
        eprintln!(
            "slopegen: {} shapes of {n}×{n} px{maps}, blob {} bytes{per_shape} → {}{}",
            report.shapes,
            report.blob_len,
            outputs.join(", "),
            if report.written.is_empty() {
                " (unchanged)"
            } else {
                ""
            }
        );
    }
    Ok(())
}

/// Each warning on stderr, a line each.
fn warn(warnings: &[Warning]) {
    let color = use_color();
    for w in warnings {
        eprintln!("{}", warning_line(&w.to_string(), color));
    }
}

/// A blob file's bytes: regular files only (not a FIFO, a device or a folder), read up
/// to the size the file system gives for it.
fn read_blob(path: &Path) -> anyhow::Result<Vec<u8>> {
    use std::io::Read as _;
    let read_err = |source| Error::Read {
        path: path.to_owned(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(read_err)?;
    if meta.is_dir() {
        anyhow::bail!(
            "{}: is a folder, not a blob (a .bin written by slopegen); to build the tiles in it, run `slopegen build {} -o OUT`",
            escape(&path.to_string_lossy()),
            escape(&path.to_string_lossy())
        );
    }
    if !meta.is_file() {
        let what = "not a regular file (a FIFO, a device or a socket)";
        anyhow::bail!(Error::NotAFile {
            path: path.to_owned(),
            what: what.to_owned()
        });
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(meta.len()).read_to_end(&mut bytes))
        .map_err(read_err)?;
    Ok(bytes)
}

fn load<'a>(path: &Path, bytes: &'a [u8]) -> Result<Tables<'a>, CliError> {
    Tables::from_bytes(bytes).map_err(|source| CliError::BadBlob {
        path: path.to_owned(),
        source,
    })
}

/// The shape names for an error message: all of a small blob's, the first few of a big one.
fn some_names(tables: &Tables<'_>) -> String {
    const SHOWN: usize = 12;
    let count = usize::from(tables.shape_count());
    let mut names: Vec<String> = tables.ids().take(SHOWN).map(|(_, n)| escape(n)).collect();
    if count > SHOWN {
        names.push(format!(
            "… and {} more; `slopegen info` lists them all",
            count - SHOWN
        ));
    }
    names.join(", ")
}

fn dump(args: &DumpArgs) -> anyhow::Result<()> {
    let bytes = read_blob(&args.blob)?;
    let tables = load(&args.blob, &bytes)?;
    let shapes = chosen_shapes(&args.blob, &tables, &args.shape)?;
    let variants: Vec<Variant> = match args.variant.as_slice() {
        [] => Variant::ALL.to_vec(),
        chosen => chosen.iter().map(|v| v.0).collect(),
    };
    let rows = row_count(tables.tile_size(), shapes.len(), variants.len());
    let limit = DEFAULT_MAX_ROWS;
    if args.shape.is_empty() && !args.all && rows > limit {
        anyhow::bail!(CliError::DumpTooLarge {
            path: args.blob.clone(),
            rows,
            shapes: shapes.len(),
            variants: variants.len(),
            tile_size: tables.tile_size(),
            limit,
        });
    }
    let stdout = io::stdout().lock();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout);
    dump_csv(&tables, &shapes, &variants, &mut out)
        .and_then(|()| out.flush())
        .context("writing the CSV to stdout")
}

fn info(args: &InfoArgs) -> anyhow::Result<()> {
    let bytes = read_blob(&args.blob)?;
    if bytes.starts_with(&slope_runtime::MAP_MAGIC) {
        return map_info(&args.blob, &bytes);
    }
    let tables = load(&args.blob, &bytes)?;
    let n = tables.tile_size();
    let count = tables.shape_count();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{}: slopegen blob, format v{}",
        escape(&args.blob.to_string_lossy()),
        slope_runtime::format::VERSION
    )?;
    writeln!(out, "tile size: {n}×{n} px")?;
    writeln!(
        out,
        "shapes:    {count} ({} distinct bitmaps)",
        tables.record_count()
    )?;
    match count {
        0 => writeln!(out, "bytes:     {}", bytes.len())?,
        _ => writeln!(
            out,
            "bytes:     {} ({} per shape)",
            bytes.len(),
            bytes.len() / usize::from(count)
        )?,
    }
    for (id, name) in tables.ids() {
        writeln!(out, "  {:>5}  {}", id.index(), escape(name))?;
    }
    Ok(())
}

/// `slopegen preview`.
fn preview(args: &PreviewArgs) -> anyhow::Result<()> {
    let image = if args
        .input
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("bin"))
        && !args.input.is_dir()
    {
        let bytes = read_blob(&args.input)?;
        let tables = load(&args.input, &bytes)?;
        variant_sheet(&tables, &chosen_shapes(&args.input, &tables, &args.shape)?)
    } else {
        let mut builder = Builder::new(&args.input);
        builder.name("preview");
        args.reading.apply(&mut builder);
        let compiled = builder.compile()?;
        warn(&compiled.warnings);
        let tables = load(&args.input, &compiled.blob)?;
        let chosen = match &args.level {
            None => compiled.maps.first(),
            Some(name) => Some(
                compiled
                    .maps
                    .iter()
                    .find(|(m, _)| level_name(m) == *name || m.stem == *name)
                    .ok_or_else(|| {
                        let names: Vec<String> = compiled
                            .maps
                            .iter()
                            .map(|(m, _)| format!("`{}`", escape(&level_name(m))))
                            .collect();
                        CliError::UnknownLevel {
                            path: args.input.clone(),
                            name: name.clone(),
                            available: names.join(", "),
                        }
                    })?,
            ),
        };
        match chosen {
            Some((level, bytes)) => {
                // The bytes were just packed from `level`: read them back through the runtime.
                let bad = |source| CliError::BadMap {
                    path: args.input.clone(),
                    source,
                };
                let n = u32::from(tables.tile_size());
                let size = (u32::from(level.width), u32::from(level.height));
                let side = size.0.max(size.1) * n;
                let scale = args.scale.unwrap_or(if side > 4096 { 1 } else { 2 });
                if slope_runtime::index_width(bytes) == Some(2) {
                    let map = slope_runtime::WidePackedMap::from_bytes(bytes).map_err(bad)?;
                    map_picture(&tables, &map, size, &level.objects, scale)
                } else {
                    let map = slope_runtime::PackedMap::from_bytes(bytes).map_err(bad)?;
                    map_picture(&tables, &map, size, &level.objects, scale)
                }
            }
            None => variant_sheet(&tables, &chosen_shapes(&args.input, &tables, &args.shape)?),
        }
    };
    let bytes = png_bytes(&image);
    write_atomically(&args.out, &bytes)?;
    eprintln!(
        "slopegen: {}×{} px → {}",
        image.width(),
        image.height(),
        escape(&args.out.to_string_lossy())
    );
    Ok(())
}

/// How `--level` names a map: `LEVEL`, or `WORLD/LEVEL` in a project of several worlds.
fn level_name(map: &crate::model::map::Map) -> String {
    match &map.group {
        Some(world) => format!("{world}/{}", map.stem),
        None => map.stem.clone(),
    }
}

/// The shapes named by `--shape`, in that order (every shape when none is named).
fn chosen_shapes(
    input: &Path,
    tables: &Tables<'_>,
    names: &[String],
) -> anyhow::Result<Vec<ShapeId>> {
    if names.is_empty() {
        return Ok(tables.ids().map(|(id, _)| id).collect());
    }
    let find = |name: &String| {
        tables.find(name).ok_or_else(|| CliError::UnknownShape {
            path: input.to_owned(),
            name: name.clone(),
            available: some_names(tables),
        })
    };
    Ok(names.iter().map(find).collect::<Result<_, _>>()?)
}

/// Writes `bytes` to `path` in one step (a temporary file beside it, renamed over it).
fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let werr = |source| Error::Write {
        path: path.to_owned(),
        source,
    };
    if path.is_dir() {
        anyhow::bail!(Error::Blocked {
            path: path.to_owned(),
            what: "a folder",
        });
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".slopegen-preview-")
        .tempfile_in(dir)
        .map_err(werr)?;
    tmp.write_all(bytes).map_err(werr)?;
    tmp.as_file().sync_all().map_err(werr)?;
    tmp.persist(path).map_err(|e| werr(e.error))?;
    Ok(())
}

/// `slopegen info` of a packed map: size, cells by kind, bytes.
fn map_info(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use slope_runtime::{PackedMap, WidePackedMap};
    let bad = |source| CliError::BadMap {
        path: path.to_owned(),
        source,
    };
    if slope_runtime::index_width(bytes) == Some(2) {
        let map = WidePackedMap::from_bytes(bytes).map_err(bad)?;
        let facts = (map.width(), map.height(), map.tile_size(), map.outside());
        describe_map(
            path,
            bytes,
            &map,
            facts,
            map.index_width(),
            map.palette().count(),
        )
    } else {
        let map = PackedMap::from_bytes(bytes).map_err(bad)?;
        let facts = (map.width(), map.height(), map.tile_size(), map.outside());
        describe_map(
            path,
            bytes,
            &map,
            facts,
            map.index_width(),
            map.palette().count(),
        )
    }
}

/// What `info` prints about a loaded map.
fn describe_map(
    path: &Path,
    bytes: &[u8],
    map: &impl slope_runtime::TileMap,
    (w, h, n, outside): (u32, u32, u8, slope_runtime::Cell),
    index_width: u8,
    palette: usize,
) -> anyhow::Result<()> {
    use slope_runtime::Solid;
    let (mut empty, mut full, mut shapes, mut one_way) = (0u64, 0u64, 0u64, 0u64);
    let mut variants = [0u64; 8];
    let mut ids = std::collections::BTreeSet::new();
    for y in 0..h as i32 {
        for x in 0..w as i32 {
            let cell = map.cell(x, y);
            match cell.solid {
                Solid::Empty => empty += 1,
                Solid::Full => full += 1,
                Solid::Shape(id, v) => {
                    shapes += 1;
                    variants[usize::from(v.index())] += 1;
                    ids.insert(id.index());
                }
            }
            one_way += u64::from(cell.one_way);
        }
    }
    let total = u64::from(w) * u64::from(h);
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{}: slopegen packed map, format v{}",
        escape(&path.to_string_lossy()),
        slope_runtime::MAP_VERSION
    )?;
    writeln!(
        out,
        "size:      {w}×{h} cells of {n}×{n} px ({}×{} px), row 0 at the bottom",
        w * u32::from(n),
        h * u32::from(n)
    )?;
    writeln!(out, "cells:     {total}")?;
    writeln!(out, "  empty    {empty}")?;
    writeln!(out, "  full     {full}")?;
    writeln!(out, "  shapes   {shapes} ({} distinct shapes)", ids.len())?;
    for v in slope_runtime::Variant::ALL {
        let k = variants[usize::from(v.index())];
        if k > 0 {
            writeln!(out, "    {:<6} {k}", v.name())?;
        }
    }
    writeln!(out, "  one-way  {one_way}")?;
    writeln!(out, "outside:   {:?}", outside.solid)?;
    writeln!(
        out,
        "bytes:     {} ({index_width} per cell, palette of {palette} cells)",
        bytes.len(),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    fn variant(s: &str) -> Result<Variant, String> {
        use clap::ValueEnum as _;
        VariantArg::from_str(s, true).map(|v| v.0)
    }

    #[test]
    fn variants_parse_by_every_name() {
        for v in Variant::ALL {
            assert_eq!(variant(v.name()), Ok(v));
            assert_eq!(variant(&v.name().to_lowercase()), Ok(v));
            // The library's item names (`Rot90FlipX`), any case.
            let item = format!("{v:?}");
            assert_eq!(variant(&item), Ok(v), "{item}");
            assert_eq!(variant(&item.to_lowercase()), Ok(v), "{item}");
        }
        assert_eq!(variant("F90XY"), Ok(Variant::Rot90FlipXY));
        assert_eq!(variant("fx"), Ok(Variant::FlipX));
        assert_eq!(variant("r90"), Ok(Variant::Rot90));
        assert_eq!(variant("R90Y"), Ok(Variant::Rot90FlipY));
        assert!(variant("bogus").is_err());
    }

    #[test]
    fn build_is_the_default_command() {
        let args = |v: &[&str]| -> Vec<OsString> { v.iter().map(OsString::from).collect() };
        for (given, expected) in [
            (
                &["slopegen", "tiles", "-o", "out"][..],
                &["slopegen", "build", "tiles", "-o", "out"][..],
            ),
            (
                &["slopegen", "-o", "out", "tiles"],
                &["slopegen", "build", "-o", "out", "tiles"],
            ),
            (
                &["slopegen", "./info", "-o", "out"],
                &["slopegen", "build", "./info", "-o", "out"],
            ),
            (
                &["slopegen", "build", "info", "-o", "out"],
                &["slopegen", "build", "info", "-o", "out"],
            ),
            (
                &["slopegen", "info", "x.bin"],
                &["slopegen", "info", "x.bin"],
            ),
            (&["slopegen", "--help"], &["slopegen", "--help"]),
            (&["slopegen"], &["slopegen"]),
        ] {
            assert_eq!(with_default_command(args(given)), args(expected));
        }
    }
}
