//! LDtk projects (`.ldtk`, with levels saved in their own `.ldtkl` files or not, one world or
//! several) read through a serde model of the parts of LDtk's JSON that collision needs, and
//! turned into one tile set and a [`Map`] per level.
//!
//! - The collision layer of each level: `--layer NAME`, else the layer named `collision`.
//! - A tile layer or auto-layer: the tiles LDtk stored for it (`gridTiles`,
//!   `autoLayerTiles`), one per cell, from a tileset of the layer's grid size; LDtk's flip
//!   bits become variants (X `FX`, Y `FY`, both `FXY`).
//! - An IntGrid layer: each value's identifier names a shape of the layer's tileset, or of
//!   the tile folder given alongside, with an optional variant suffix (`slope45_fx`); `full`
//!   is a solid block, `one_way` a one-way block.
//! - A tile's name: its enum tag value or its custom data when that is one word (other than
//!   `one_way`, which makes the tile one-way), else `<tileset>_<index>`.
//! - Entities become constants in the packed map's pixels, y up from its bottom edge.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Deserialize;
use slope_runtime::{Cell, MAX_MAP_CELLS, ShapeId, Variant};

use crate::error::map::MapError;
use crate::error::text::{escape, shown};
use crate::error::{Error, Result};
use crate::inputs::sheet::{Count, Sheet, SheetSpec, TileKind, image_index};
use crate::model::Model;
use crate::model::map::{Map, Object, ObjectValue};
use crate::model::tileset::{TileSet, constant_name};

// ---------------------------------------------------------------------------------------
// The JSON, as far as collision needs it (LDtk 1.x; unknown fields are ignored, missing
// ones take their defaults)
// ---------------------------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonProject {
    defs: JsonDefs,
    #[serde(default)]
    levels: Vec<JsonLevel>,
    #[serde(default)]
    worlds: Vec<JsonWorld>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct JsonDefs {
    layers: Vec<JsonLayerDef>,
    tilesets: Vec<JsonTilesetDef>,
    entities: Vec<JsonEntityDef>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonLayerDef {
    uid: i64,
    #[serde(default)]
    int_grid_values: Vec<JsonIntGridValue>,
}

#[derive(Deserialize)]
struct JsonIntGridValue {
    value: i64,
    #[serde(default)]
    identifier: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonTilesetDef {
    identifier: String,
    uid: i64,
    #[serde(default)]
    rel_path: Option<String>,
    #[serde(default)]
    embed_atlas: Option<String>,
    tile_grid_size: u32,
    #[serde(default)]
    spacing: u32,
    #[serde(default)]
    padding: u32,
    #[serde(default)]
    enum_tags: Vec<JsonEnumTag>,
    #[serde(default)]
    custom_data: Vec<JsonCustomData>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonEnumTag {
    enum_value_id: String,
    #[serde(default)]
    tile_ids: Vec<u32>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonCustomData {
    tile_id: u32,
    #[serde(default)]
    data: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonEntityDef {
    uid: i64,
    #[serde(default)]
    resizable_x: bool,
    #[serde(default)]
    resizable_y: bool,
}

#[derive(Deserialize)]
struct JsonWorld {
    identifier: String,
    #[serde(default)]
    levels: Vec<JsonLevel>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonLevel {
    identifier: String,
    #[serde(default)]
    layer_instances: Option<Vec<JsonLayer>>,
    #[serde(default)]
    external_rel_path: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonLayer {
    #[serde(rename = "__identifier")]
    identifier: String,
    #[serde(rename = "__type")]
    kind: String,
    #[serde(rename = "__cWid")]
    c_wid: i64,
    #[serde(rename = "__cHei")]
    c_hei: i64,
    #[serde(rename = "__gridSize")]
    grid_size: i64,
    #[serde(rename = "__pxTotalOffsetX", default)]
    offset_x: i64,
    #[serde(rename = "__pxTotalOffsetY", default)]
    offset_y: i64,
    #[serde(rename = "__tilesetDefUid", default)]
    tileset: Option<i64>,
    #[serde(default)]
    layer_def_uid: i64,
    #[serde(default)]
    int_grid_csv: Vec<i64>,
    #[serde(default)]
    grid_tiles: Vec<JsonTile>,
    #[serde(default)]
    auto_layer_tiles: Vec<JsonTile>,
    #[serde(default)]
    entity_instances: Vec<JsonEntity>,
}

#[derive(Deserialize)]
struct JsonTile {
    px: [i64; 2],
    #[serde(default)]
    f: u8,
    t: i64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonEntity {
    #[serde(rename = "__identifier")]
    identifier: String,
    #[serde(rename = "__pivot", default)]
    pivot: [f64; 2],
    px: [i64; 2],
    #[serde(default)]
    width: i64,
    #[serde(default)]
    height: i64,
    #[serde(default)]
    def_uid: i64,
    #[serde(default)]
    field_instances: Vec<JsonField>,
}

#[derive(Deserialize)]
struct JsonField {
    #[serde(rename = "__identifier")]
    identifier: String,
    #[serde(rename = "__type")]
    kind: String,
    #[serde(rename = "__value", default)]
    value: serde_json::Value,
}

// ---------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------

/// A project read: its definitions and every level with its layers.
pub(crate) struct Project {
    /// The `.ldtk` file.
    pub(crate) path: PathBuf,
    defs: JsonDefs,
    levels: Vec<Level>,
    /// The level files read besides the project.
    level_files: Vec<PathBuf>,
}

/// One level, with the world it belongs to in a multi-world project.
struct Level {
    world: Option<String>,
    identifier: String,
    /// The file its layers were read from (the project, or its `.ldtkl`).
    file: PathBuf,
    layers: Vec<JsonLayer>,
}

fn parse<'a, T: Deserialize<'a>>(path: &Path, text: &'a str, what: &str) -> Result<T> {
    serde_json::from_str(text).map_err(|e| {
        MapError::Syntax {
            file: path.to_owned(),
            line: Some(e.line()),
            message: format!("not a valid LDtk {what}: {e}"),
        }
        .into()
    })
}

/// The file as UTF-8 text; `what` names it when it does not exist.
fn read_text(path: &Path, what: &'static str) -> Result<String> {
    if !path.exists() {
        return Err(MapError::Missing {
            file: path.to_owned(),
            what,
            exists: false,
        }
        .into());
    }
    crate::inputs::read_text(path)
}

/// Reads a project and the level files it names. Every level file that cannot be read is
/// reported, not only the first.
pub(crate) fn read_project(path: &Path) -> Result<Project> {
    if path.is_dir() {
        return Err(MapError::Missing {
            file: path.to_owned(),
            what: "LDtk project",
            exists: true,
        }
        .into());
    }
    let text = read_text(path, "LDtk project")?;
    let json: JsonProject = parse(path, &text, "project")?;
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut raw: Vec<(Option<String>, JsonLevel)> =
        json.levels.into_iter().map(|l| (None, l)).collect();
    for world in json.worlds {
        raw.extend(
            world
                .levels
                .into_iter()
                .map(|l| (Some(world.identifier.clone()), l)),
        );
    }
    let mut levels = Vec::with_capacity(raw.len());
    let mut level_files = Vec::new();
    let mut errors = Vec::new();
    for (world, level) in raw {
        let problem = |problem: String| -> Error {
            MapError::LevelFile {
                file: path.to_owned(),
                level: level.identifier.clone(),
                problem,
            }
            .into()
        };
        // The identifiers name the output files (`STEM.WORLD.LEVEL.map`).
        let mut named = vec![("its identifier", level.identifier.as_str())];
        named.extend(world.as_deref().map(|w| ("its world's identifier", w)));
        if let Some(bad) = named
            .iter()
            .find_map(|&(what, id)| file_name_problem(id).map(|p| format!("{what} {p}")))
        {
            errors.push(problem(bad));
            continue;
        }
        let (file, layers) = match (level.layer_instances, &level.external_rel_path) {
            (Some(layers), _) => (path.to_owned(), layers),
            (None, Some(rel)) => {
                let file = dir.join(rel);
                level_files.push(file.clone());
                let loaded = read_text(&file, "level")
                    .and_then(|text| parse::<JsonLevel>(&file, &text, "level"));
                match loaded {
                    Ok(JsonLevel {
                        layer_instances: Some(layers),
                        ..
                    }) => (file, layers),
                    Ok(_) => {
                        errors.push(problem(format!(
                            "its file {} holds no layers",
                            shown(&file)
                        )));
                        continue;
                    }
                    Err(e) => {
                        errors.push(problem(format!("its file cannot be read: {e}")));
                        continue;
                    }
                }
            }
            (None, None) => {
                errors.push(problem("it has neither layers nor a level file".into()));
                continue;
            }
        };
        levels.push(Level {
            world,
            identifier: level.identifier,
            file,
            layers,
        });
    }
    Error::collect(path, errors)?;
    if levels.is_empty() {
        return Err(MapError::Syntax {
            file: path.to_owned(),
            line: None,
            message: "the project has no levels".into(),
        }
        .into());
    }
    Ok(Project {
        path: path.to_owned(),
        defs: json.defs,
        levels,
        level_files,
    })
}

/// Why `id` cannot be part of an output file's name, if it cannot: empty, `.` or `..`, or
/// holding a path separator, a control character or a character Windows refuses.
fn file_name_problem(id: &str) -> Option<String> {
    if id.is_empty() || id == "." || id == ".." {
        return Some(format!(
            "`{}` cannot be part of a file name; rename it in LDtk",
            escape(id)
        ));
    }
    let bad = id
        .chars()
        .find(|&c| c.is_control() || r#"/\:*?"<>|"#.contains(c))?;
    Some(format!(
        "`{}` holds `{}`, which cannot be in a file name; rename it in LDtk",
        escape(id),
        escape(&bad.to_string())
    ))
}

// ---------------------------------------------------------------------------------------
// Compiling
// ---------------------------------------------------------------------------------------

/// Where a problem is: the file, the level and its collision layer.
struct Place<'a> {
    file: &'a Path,
    level: &'a str,
    layer: &'a str,
}

impl Place<'_> {
    /// A problem of the layer as a whole.
    fn error(&self, problem: impl Into<String>) -> Error {
        MapError::LevelLayer {
            file: self.file.to_owned(),
            level: self.level.to_owned(),
            layer: self.layer.to_owned(),
            problem: problem.into(),
        }
        .into()
    }

    /// A problem of cell (x, y), counted from the top-left as LDtk shows it.
    fn cell(&self, x: i64, y: i64, problem: impl Into<String>) -> Error {
        MapError::LevelCell {
            file: self.file.to_owned(),
            level: self.level.to_owned(),
            layer: self.layer.to_owned(),
            x,
            y,
            problem: problem.into(),
        }
        .into()
    }
}

fn kind_name(kind: &str) -> &'static str {
    match kind {
        "IntGrid" => "IntGrid",
        "Tiles" => "tiles",
        "AutoLayer" => "auto-layer",
        "Entities" => "entities",
        _ => "other",
    }
}

/// The collision layer of a level: the one named `named`, else the one named `collision`.
fn choose_layer<'a>(level: &'a Level, named: Option<&str>) -> Result<&'a JsonLayer> {
    let wanted = named.unwrap_or("collision");
    match level.layers.iter().find(|l| l.identifier == wanted) {
        Some(l) if matches!(l.kind.as_str(), "IntGrid" | "Tiles" | "AutoLayer") => Ok(l),
        _ => Err(MapError::NoLevelLayer {
            file: level.file.clone(),
            level: level.identifier.clone(),
            layer: named.map(str::to_owned),
            layers: level
                .layers
                .iter()
                .map(|l| (l.identifier.clone(), kind_name(&l.kind)))
                .collect(),
        }
        .into()),
    }
}

/// A tileset's sheet and what its tiles are called.
struct UsedSheet {
    uid: i64,
    sheet: Sheet,
    one_way: BTreeSet<u32>,
}

/// The names and one-way tiles of a tileset: enum tag values and one-word custom data;
/// `one_way` marks a one-way tile, any other word names it. A tile with two names is an
/// error.
fn tile_words(
    ts: &JsonTilesetDef,
    project: &Path,
) -> Result<(BTreeMap<u32, String>, BTreeSet<u32>)> {
    let mut words: BTreeMap<u32, BTreeSet<&str>> = BTreeMap::new();
    for tag in &ts.enum_tags {
        for &id in &tag.tile_ids {
            words.entry(id).or_default().insert(&tag.enum_value_id);
        }
    }
    for data in &ts.custom_data {
        let word = data.data.trim();
        let one_word = !word.is_empty()
            && word
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
        if one_word {
            words.entry(data.tile_id).or_default().insert(word);
        }
    }
    let mut names = BTreeMap::new();
    let mut one_way = BTreeSet::new();
    let mut errors = Vec::new();
    for (id, set) in words {
        if set.contains("one_way") {
            one_way.insert(id);
        }
        let named: Vec<&str> = set.into_iter().filter(|w| *w != "one_way").collect();
        match named.as_slice() {
            [] => {}
            [name] => {
                names.insert(id, (*name).to_owned());
            }
            many => errors.push(
                MapError::TileNames {
                    file: project.to_owned(),
                    tileset: ts.identifier.clone(),
                    tile: id,
                    names: many.iter().map(|n| (*n).to_owned()).collect(),
                }
                .into(),
            ),
        }
    }
    Error::collect(project, errors)?;
    Ok((names, one_way))
}

/// A level's collision cells before shapes get their ids (also what an IntGrid value
/// stands for).
#[derive(Clone)]
enum Planned {
    Empty,
    Full {
        one_way: bool,
    },
    /// A tile of a sheet (index into the used sheets).
    Tile {
        sheet: usize,
        id: u32,
        variant: Variant,
    },
    /// A shape of the tile folder, by name.
    Folder {
        name: String,
        variant: Variant,
    },
}

/// An IntGrid value's identifier: `full`, `one_way`, a shape's name, or a shape's name and a
/// variant suffix (`_fx`, `_FY`, `_f90xy`…).
fn intgrid_meaning(
    identifier: &str,
    find: &dyn Fn(&str) -> Option<Planned>,
) -> std::result::Result<Planned, ()> {
    match identifier {
        "full" => return Ok(Planned::Full { one_way: false }),
        "one_way" => return Ok(Planned::Full { one_way: true }),
        _ => {}
    }
    if let Some(named) = find(identifier) {
        return Ok(named);
    }
    let (base, suffix) = identifier.rsplit_once('_').ok_or(())?;
    let variant = (1..8)
        .filter_map(Variant::from_index)
        .find(|v| v.name().eq_ignore_ascii_case(suffix))
        .ok_or(())?;
    match find(base).ok_or(())? {
        Planned::Tile { sheet, id, .. } => Ok(Planned::Tile { sheet, id, variant }),
        Planned::Folder { name, .. } => Ok(Planned::Folder { name, variant }),
        other => Ok(other),
    }
}

/// Variant of LDtk's flip bits: bit 0 mirrors left-right, bit 1 top-bottom.
pub(crate) fn variant_of_flips(f: u8) -> Variant {
    Variant::from_tiled_flags(f & 1 != 0, f & 2 != 0, false)
}

/// Compiles every level of `project`, choosing each one's collision layer by `layer`, with
/// `outside` beyond their edges. `folder` holds the shapes IntGrid values may name.
pub(crate) fn compile(
    project: &Project,
    layer: Option<&str>,
    outside: Cell,
    folder: Option<&TileSet>,
) -> Result<Model> {
    let mut sources = vec![project.path.clone()];
    sources.extend(project.level_files.iter().cloned());
    let mut reader = Reader {
        project,
        folder,
        sheets: Vec::new(),
        errors: Vec::new(),
    };
    let mut size: Option<(i64, String)> = None;
    // Each level: its collision layer and planned cells (rows from the top).
    let mut planned: Vec<(&Level, &JsonLayer, Vec<Planned>)> = Vec::new();
    let mut chosen: Vec<(&Level, &JsonLayer)> = Vec::new();

    for level in &project.levels {
        let collision = match choose_layer(level, layer) {
            Ok(l) => l,
            Err(e) => {
                reader.errors.push(e);
                continue;
            }
        };
        let place = Place {
            file: &level.file,
            level: &level.identifier,
            layer: &collision.identifier,
        };
        let (w, h, n) = (collision.c_wid, collision.c_hei, collision.grid_size);
        if !(4..=64).contains(&n) {
            reader
                .errors
                .push(place.error(format!("a grid of {n} px; the tile size must be 4 to 64")));
            continue;
        }
        match &size {
            Some((first, first_level)) if *first != n => {
                reader.errors.push(place.error(format!(
                    "a grid of {n} px, but level `{}` has {first} px; levels that share one tables blob need one tile size",
                    escape(first_level)
                )));
                continue;
            }
            None => size = Some((n, level.identifier.clone())),
            _ => {}
        }
        // Each side first, then the product: the sizes come from the JSON, any i64.
        let side = 1..=i64::from(u16::MAX);
        let fits = side.contains(&w)
            && side.contains(&h)
            && w.checked_mul(h)
                .is_some_and(|cells| cells <= i64::from(MAX_MAP_CELLS));
        if !fits {
            reader.errors.push(place.error(format!(
                "{w}×{h} cells; the runtime's limits are 1 to 65535 cells a side and {MAX_MAP_CELLS} cells in all"
            )));
            continue;
        }
        // A level whose size is sound: its entities are checked too, whatever its cells.
        chosen.push((level, collision));
        if let Some(cells) = reader.cells(collision, &place) {
            planned.push((level, collision, cells));
        }
    }
    if !reader.errors.is_empty() {
        // The entities' own problems too, in the same run (their clashes with the shapes'
        // constants wait for the shapes, once the cells are good).
        let no_shapes = TileSet {
            folder: PathBuf::new(),
            tile_size: 16,
            tiles: Vec::new(),
        };
        for (level, collision) in chosen {
            if let Err(e) = entities(project, level, collision, &no_shapes) {
                reader.errors.push(e);
            }
        }
    }
    let Reader { sheets, errors, .. } = reader;
    Error::collect(&project.path, errors)?;
    for used in &sheets {
        if !sources.contains(&used.sheet.spec.image) {
            sources.push(used.sheet.spec.image.clone());
        }
    }

    // One tile set: the folder's shapes, then every used sheet's.
    let mut tiles = Vec::new();
    let mut errors = Vec::new();
    if let Some(set) = folder {
        tiles.extend(set.tiles.iter().cloned());
        sources.extend(set.tiles.iter().map(|t| t.path.clone()));
    }
    for used in &sheets {
        match used.sheet.shapes() {
            Ok(shapes) => tiles.extend(shapes),
            Err(e) => errors.push(e),
        }
    }
    Error::collect(&project.path, errors)?;
    let n = size.map_or(16, |(n, _)| n) as u8;
    let name = project.path.with_extension("");
    let set = TileSet::of_maps(&name, n, tiles)?;
    let ids = set.ids();

    let mut maps = Vec::with_capacity(planned.len());
    let mut errors = Vec::new();
    for (level, collision, cells) in planned {
        let (w, h) = (collision.c_wid as usize, collision.c_hei as usize);
        let mut packed = Vec::with_capacity(w * h);
        let (mut art, mut images) = (Vec::new(), Vec::new());
        for y_up in 0..h {
            let row = h - 1 - y_up;
            for x in 0..w {
                art.push(match &cells[row * w + x] {
                    Planned::Tile { sheet, id, variant } => {
                        let sheet = &sheets[*sheet].sheet;
                        image_index(&mut images, &sheet.spec.image)
                            .map(|i| sheet.art(*id, i, *variant))
                    }
                    _ => None,
                });
                packed.push(match &cells[row * w + x] {
                    Planned::Empty => Cell::EMPTY,
                    Planned::Full { one_way } => one_way_if(Cell::FULL, *one_way),
                    Planned::Tile { sheet, id, variant } => {
                        let used = &sheets[*sheet];
                        let base = match &used.sheet.tiles[*id as usize] {
                            TileKind::Empty => Cell::EMPTY,
                            TileKind::Full => Cell::FULL,
                            TileKind::Shape(_) => Cell::shape(
                                ShapeId::new(ids[used.sheet.tile_name(*id).as_str()]),
                                *variant,
                            ),
                        };
                        one_way_if(base, used.one_way.contains(id))
                    }
                    Planned::Folder { name, variant } => {
                        Cell::shape(ShapeId::new(ids[name.as_str()]), *variant)
                    }
                });
            }
        }
        if art.iter().all(Option::is_none) {
            art.clear(); // an IntGrid layer: nothing to draw
        }
        let distinct: BTreeSet<u32> = packed
            .iter()
            .map(|&c| slope_runtime::cell_code(c))
            .collect();
        if distinct.len() > usize::from(u16::MAX) {
            let place = Place {
                file: &level.file,
                level: &level.identifier,
                layer: &collision.identifier,
            };
            errors.push(place.error(format!(
                "{} distinct cells (shape, variant, one-way); a packed map holds at most 65535",
                distinct.len()
            )));
            continue;
        }
        let objects = match entities(project, level, collision, &set) {
            Ok(o) => o,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        maps.push(Map {
            path: project.path.clone(),
            stem: level.identifier.clone(),
            group: level.world.clone(),
            layer: collision.identifier.clone(),
            width: w as u16,
            height: h as u16,
            tile_size: n,
            cells: packed,
            outside,
            objects,
            art,
            images,
        });
    }
    Error::collect(&project.path, errors)?;
    Ok(Model {
        set,
        maps,
        sources,
        warnings: Vec::new(),
    })
}

fn one_way_if(cell: Cell, one_way: bool) -> Cell {
    if one_way && !cell.is_empty() {
        cell.one_way()
    } else {
        cell
    }
}

/// The used sheet of tileset `uid` (read on first use), checked against the grid size `n`.
fn use_sheet(
    project: &Project,
    uid: i64,
    n: i64,
    place: &Place<'_>,
    sheets: &mut Vec<UsedSheet>,
) -> Result<usize> {
    if let Some(i) = sheets.iter().position(|s| s.uid == uid) {
        return Ok(i);
    }
    let ts = project
        .defs
        .tilesets
        .iter()
        .find(|t| t.uid == uid)
        .ok_or_else(|| place.error(format!("its tileset (uid {uid}) is not defined")))?;
    let rel = match (&ts.rel_path, &ts.embed_atlas) {
        (Some(rel), None) => rel,
        _ => {
            return Err(place.error(format!(
                "tileset `{}` has no image of its own (LDtk's embedded icons); a collision tileset needs a sheet image",
                escape(&ts.identifier)
            )));
        }
    };
    if i64::from(ts.tile_grid_size) != n {
        return Err(place.error(format!(
            "tileset `{}` has {g}×{g} px tiles, but the layer has a grid of {n} px",
            escape(&ts.identifier),
            g = ts.tile_grid_size
        )));
    }
    let (names, one_way) = tile_words(ts, &project.path)?;
    let dir = project.path.parent().unwrap_or(Path::new(""));
    let spec = SheetSpec {
        image: dir.join(rel),
        tile_width: ts.tile_grid_size,
        tile_height: ts.tile_grid_size,
        margin: ts.padding,
        spacing: ts.spacing,
    };
    if !spec.image.exists() {
        return Err(place.error(format!(
            "tileset `{}`: its image {} does not exist",
            escape(&ts.identifier),
            shown(&spec.image)
        )));
    }
    // LDtk counts a partial last column or row as tiles; only a used one is an error.
    let sheet = Sheet::read_counting(spec, &project.path, &ts.identifier, names, Count::Partial)?;
    sheets.push(UsedSheet {
        uid,
        sheet,
        one_way,
    });
    Ok(sheets.len() - 1)
}

/// What is wrong with tile `id` of `sheet`, one LDtk counts that lies partly outside the
/// image.
fn partial_tile(sheet: &Sheet, id: u32) -> String {
    format!(
        "tile {id} of tileset `{}`, which lies partly outside its image {} (LDtk counts a partial last column or row as tiles, but a collision tile must be whole)",
        escape(&sheet.prefix),
        shown(&sheet.spec.image)
    )
}

/// What reading the collision layers of a project gathers: the sheets they use, every
/// problem.
struct Reader<'a> {
    project: &'a Project,
    /// The tile folder given with the project, whose shapes IntGrid values may name.
    folder: Option<&'a TileSet>,
    sheets: Vec<UsedSheet>,
    errors: Vec<Error>,
}

impl Reader<'_> {
    /// The planned cells of `layer` (rows from the top), or `None` after reporting why not.
    fn cells(&mut self, layer: &JsonLayer, place: &Place<'_>) -> Option<Vec<Planned>> {
        if layer.kind == "IntGrid" {
            self.intgrid_cells(layer, place)
        } else {
            self.tile_cells(layer, place)
        }
    }

    /// The cells of a tile layer or auto-layer: one stored tile per cell.
    fn tile_cells(&mut self, layer: &JsonLayer, place: &Place<'_>) -> Option<Vec<Planned>> {
        let (project, folder) = (self.project, self.folder);
        let (sheets, errors) = (&mut self.sheets, &mut self.errors);
        if folder.is_some() {
            errors.push(place.error(
            "a tile folder names the shapes of IntGrid values, and this is a tile layer: its tiles come from its tileset",
        ));
            return None;
        }
        let (w, h, n) = (layer.c_wid, layer.c_hei, layer.grid_size);
        let tiles = if layer.kind == "Tiles" {
            &layer.grid_tiles
        } else {
            &layer.auto_layer_tiles
        };
        let mut cells: Vec<Planned> = (0..w * h).map(|_| Planned::Empty).collect();
        if tiles.is_empty() {
            return Some(cells);
        }
        let Some(uid) = layer.tileset else {
            errors.push(place.error("it has tiles but no tileset"));
            return None;
        };
        let sheet = match use_sheet(project, uid, n, place, sheets) {
            Ok(i) => i,
            Err(e) => {
                errors.push(e);
                return None;
            }
        };
        let count = sheets[sheet].sheet.tiles.len();
        let before = errors.len();
        let mut filled = vec![false; cells.len()];
        for tile in tiles {
            let [px, py] = tile.px;
            let (x, y) = (px.div_euclid(n), py.div_euclid(n));
            if px % n != 0 || py % n != 0 {
                errors.push(place.cell(
                x,
                y,
                format!("a tile at ({px}, {py}) px, off the {n}-px grid; collision tiles must sit on the grid"),
            ));
                continue;
            }
            if !(0..w).contains(&x) || !(0..h).contains(&y) {
                errors.push(place.cell(x, y, "a tile outside the level"));
                continue;
            }
            let at = (y * w + x) as usize;
            if filled[at] {
                errors.push(place.cell(
                x,
                y,
                "several tiles in one cell; a collision cell holds one tile (stacked tiles or auto-layer rules that overlap)",
            ));
                continue;
            }
            filled[at] = true;
            let Some(id) = u32::try_from(tile.t).ok().filter(|&t| (t as usize) < count) else {
                errors.push(place.cell(
                    x,
                    y,
                    format!(
                        "tile id {} is outside tileset `{}`, which has {count} tiles",
                        tile.t,
                        escape(&sheets[sheet].sheet.prefix)
                    ),
                ));
                continue;
            };
            if sheets[sheet].sheet.partial.contains(&id) {
                errors.push(place.cell(x, y, partial_tile(&sheets[sheet].sheet, id)));
                continue;
            }
            cells[at] = Planned::Tile {
                sheet,
                id,
                variant: variant_of_flips(tile.f),
            };
        }
        (errors.len() == before).then_some(cells)
    }

    /// The cells of an IntGrid layer: each value's identifier names what it stands for.
    fn intgrid_cells(&mut self, layer: &JsonLayer, place: &Place<'_>) -> Option<Vec<Planned>> {
        let (project, folder) = (self.project, self.folder);
        let (sheets, errors) = (&mut self.sheets, &mut self.errors);
        let (w, h) = (layer.c_wid, layer.c_hei);
        if layer.int_grid_csv.len() as i64 != w * h {
            errors.push(place.error(format!(
                "{} IntGrid values for {w}×{h} cells",
                layer.int_grid_csv.len()
            )));
            return None;
        }
        let values: BTreeMap<i64, Option<&str>> = project
            .defs
            .layers
            .iter()
            .find(|d| d.uid == layer.layer_def_uid)
            .map(|d| {
                d.int_grid_values
                    .iter()
                    .map(|v| (v.value, v.identifier.as_deref()))
                    .collect()
            })
            .unwrap_or_default();
        // Where the shapes come from: the tile folder, else the layer's tileset.
        let sheet = match (folder, layer.tileset) {
            (Some(set), _) if i64::from(set.tile_size) != layer.grid_size => {
                errors.push(place.error(format!(
                    "a grid of {} px, but the tile folder's tiles are {} px; the layer's grid and the folder's tiles need one size",
                    layer.grid_size, set.tile_size
                )));
                return None;
            }
            (Some(_), _) => None,
            (None, Some(uid)) => match use_sheet(project, uid, layer.grid_size, place, sheets) {
                Ok(i) => Some(i),
                Err(e) => {
                    errors.push(e);
                    return None;
                }
            },
            (None, None) => None,
        };
        let find = |name: &str| -> Option<Planned> {
            if let Some(set) = folder {
                return set
                    .tiles
                    .iter()
                    .any(|t| t.name == name)
                    .then(|| Planned::Folder {
                        name: name.to_owned(),
                        variant: Variant::Identity,
                    });
            }
            let used = &sheets[sheet?];
            (0..used.sheet.tiles.len() as u32)
                .find(|&i| used.sheet.tile_name(i) == name)
                .map(|id| match used.sheet.tiles[id as usize] {
                    TileKind::Full => Planned::Full {
                        one_way: used.one_way.contains(&id),
                    },
                    _ => Planned::Tile {
                        sheet: sheet.unwrap_or(0),
                        id,
                        variant: Variant::Identity,
                    },
                })
        };
        let source = match (folder, sheet) {
            (Some(set), _) => format!("the tile folder {}", shown(&set.folder)),
            (None, Some(i)) => format!("tileset `{}`", escape(&sheets[i].sheet.prefix)),
            (None, None) => "no tileset (the layer has none, and no tile folder was given)".into(),
        };
        let available = || -> String {
            let names: Vec<String> = match (folder, sheet) {
                (Some(set), _) => set.tiles.iter().map(|t| t.name.clone()).collect(),
                (None, Some(i)) => {
                    let s = &sheets[i].sheet;
                    (0..s.tiles.len() as u32)
                        .filter(|&t| matches!(s.tiles[t as usize], TileKind::Shape(_)))
                        .map(|t| s.tile_name(t))
                        .collect()
                }
                _ => Vec::new(),
            };
            let mut shown: Vec<String> = names
                .iter()
                .take(12)
                .map(|n| format!("`{}`", escape(n)))
                .collect();
            if names.len() > 12 {
                shown.push("…".into());
            }
            shown.join(", ")
        };
        let mut meanings: BTreeMap<i64, std::result::Result<Planned, ()>> = BTreeMap::new();
        let mut reported = BTreeSet::new();
        let before = errors.len();
        let mut cells = Vec::with_capacity(layer.int_grid_csv.len());
        for (i, &value) in layer.int_grid_csv.iter().enumerate() {
            if value == 0 {
                cells.push(Planned::Empty);
                continue;
            }
            let (x, y) = (i as i64 % w, i as i64 / w);
            let identifier = values.get(&value).copied().flatten();
            let Some(identifier) = identifier else {
                if reported.insert(value) {
                    errors.push(place.cell(
                    x,
                    y,
                    format!(
                        "IntGrid value {value} has no identifier; name it after a shape (`slope45`, `slope45_fx`), `full` or `one_way`"
                    ),
                ));
                }
                continue;
            };
            let meaning = meanings
                .entry(value)
                .or_insert_with(|| intgrid_meaning(identifier, &find));
            // A tile that is no shape: outside its image, or without a solid pixel.
            let unusable = match meaning {
                Ok(Planned::Tile { sheet, id, .. }) => {
                    let used = &sheets[*sheet].sheet;
                    if used.partial.contains(id) {
                        Some(partial_tile(used, *id))
                    } else if used.tiles[*id as usize] == TileKind::Empty {
                        Some(format!(
                            "tile {id} of tileset `{}` (`{}`), which has no solid pixel",
                            escape(&used.prefix),
                            escape(&used.tile_name(*id))
                        ))
                    } else {
                        None
                    }
                }
                _ => None,
            };
            if let Some(problem) = unusable {
                if reported.insert(value) {
                    errors.push(place.cell(
                        x,
                        y,
                        format!(
                            "IntGrid value {value} `{}` names {problem}; name a shape, `full` or `one_way`, or leave its cells empty (value 0)",
                            escape(identifier)
                        ),
                    ));
                }
                continue;
            }
            match meaning {
                Ok(planned) => cells.push(planned.clone()),
                Err(()) => {
                    if reported.insert(value) {
                        let list = available();
                        errors.push(place.cell(
                        x,
                        y,
                        format!(
                            "IntGrid value {value} `{}` names no shape of {source}{}; an identifier is `full`, `one_way`, a shape's name or a shape's name with a variant suffix (`_fx`, `_fy`, `_fxy`, `_f90`…)",
                            escape(identifier),
                            if list.is_empty() { String::new() } else { format!(" (its shapes: {list})") }
                        ),
                    ));
                    }
                }
            }
        }
        (errors.len() == before).then_some(cells)
    }
}

/// The entities of a level as constants, in the packed map's pixels (y up from its bottom
/// edge): a point at each entity's pivot, a rectangle for a resizable one, and its simple
/// fields.
fn entities(
    project: &Project,
    level: &Level,
    collision: &JsonLayer,
    set: &TileSet,
) -> Result<Vec<Object>> {
    let n = collision.grid_size;
    // The caller checked the layer's size: at most 65535 cells of 64 px.
    let top = collision.c_hei * n;
    let all: Vec<(&JsonLayer, &JsonEntity)> = level
        .layers
        .iter()
        .filter(|l| l.kind == "Entities")
        .flat_map(|l| l.entity_instances.iter().map(move |e| (l, e)))
        .collect();
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, e) in &all {
        *count.entry(&e.identifier).or_default() += 1;
    }
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut out: Vec<Object> = Vec::new();
    let mut errors = Vec::new();
    for (layer, e) in all {
        let index = seen.entry(&e.identifier).or_default();
        let name = if count[e.identifier.as_str()] > 1 {
            format!("{}_{index}", e.identifier)
        } else {
            e.identifier.clone()
        };
        *index += 1;
        let fail = |problem: String| -> Error {
            MapError::BadEntity {
                file: level.file.clone(),
                level: level.identifier.clone(),
                layer: layer.identifier.clone(),
                entity: name.clone(),
                problem,
            }
            .into()
        };
        // LDtk's pixels (y down, from the level's top-left) to the map's (y up). The values
        // come from the JSON, any i64: every step is checked.
        let limit = i64::from(slope_runtime::MAX_POSITION);
        let within = |v: i64| (-limit..=limit).contains(&v);
        let beyond = |what: &str, x: Option<i64>, y: Option<i64>| -> String {
            let shown = |v: Option<i64>| v.map_or_else(|| "?".to_owned(), |v| v.to_string());
            format!(
                "{what} at ({}, {}) px in the packed map (y up from its bottom edge), beyond the runtime's positions, -2^30 to 2^30 ({limit}) each way",
                shown(x),
                shown(y)
            )
        };
        let dx = layer.offset_x.checked_sub(collision.offset_x);
        let dy = layer.offset_y.checked_sub(collision.offset_y);
        let px = dx.and_then(|d| e.px[0].checked_add(d));
        let py = dy.and_then(|d| e.px[1].checked_add(d));
        let point = (px, py.and_then(|py| top.checked_sub(py)));
        let (Some(px), Some(py), (Some(x), Some(y))) = (px, py, point) else {
            errors.push(fail(beyond("it lies", point.0, point.1)));
            continue;
        };
        if !within(x) || !within(y) {
            errors.push(fail(beyond("it lies", Some(x), Some(y))));
            continue;
        }
        let mut values = vec![(name.clone(), ObjectValue::Point(x as i32, y as i32))];
        let resizable = project
            .defs
            .entities
            .iter()
            .find(|d| d.uid == e.def_uid)
            .is_some_and(|d| d.resizable_x || d.resizable_y);
        if resizable {
            let [pivot_x, pivot_y] = e.pivot;
            if !(0.0..=1.0).contains(&pivot_x) || !(0.0..=1.0).contains(&pivot_y) {
                errors.push(fail(format!(
                    "a pivot of ({pivot_x}, {pivot_y}); LDtk's pivots are 0 to 1 each way"
                )));
                continue;
            }
            let size = 1..=65535;
            if !size.contains(&e.width) || !size.contains(&e.height) {
                errors.push(fail(format!(
                    "a size of {}×{} px; a resizable entity's rectangle needs 1 to 65535 px each way",
                    e.width, e.height
                )));
                continue;
            }
            // Bounded now: |px|, |py - top| ≤ 2^30, sizes ≤ 65535, pivots in [0, 1].
            let left = (px as f64 - pivot_x * e.width as f64).round() as i64;
            let upper = (py as f64 - pivot_y * e.height as f64).round() as i64;
            let (x0, y0) = (left, top - upper - e.height);
            let (x1, y1) = (x0 + e.width, y0 + e.height);
            if !(within(x0) && within(x1) && within(y0) && within(y1)) {
                errors.push(fail(beyond(
                    &format!("its rectangle of {}×{} px", e.width, e.height),
                    Some(x0),
                    Some(y0),
                )));
                continue;
            }
            values.push((
                format!("{name}_rect"),
                ObjectValue::Rect {
                    x: x0 as i32,
                    y: y0 as i32,
                    width: e.width as u16,
                    height: e.height as u16,
                },
            ));
        }
        for f in &e.field_instances {
            let value = match (f.kind.as_str(), &f.value) {
                ("Int", serde_json::Value::Number(v)) => {
                    match v.as_i64().and_then(|v| i32::try_from(v).ok()) {
                        Some(v) => ObjectValue::Int(v),
                        None => {
                            errors.push(fail(format!(
                                "field `{}`: {v} is not a 32-bit integer",
                                escape(&f.identifier)
                            )));
                            continue;
                        }
                    }
                }
                ("Bool", serde_json::Value::Bool(b)) => ObjectValue::Bool(*b),
                ("String" | "Multilines", serde_json::Value::String(s)) => {
                    ObjectValue::Text(s.clone())
                }
                (kind, serde_json::Value::String(s))
                    if kind.starts_with("LocalEnum.")
                        || kind.starts_with("ExternEnum.")
                        || kind.starts_with("Enum(") =>
                {
                    ObjectValue::Text(s.clone())
                }
                // null values, floats, colours, points, files, references, tiles, arrays
                _ => continue,
            };
            values.push((format!("{name}_{}", f.identifier), value));
        }
        for (label, value) in values {
            let constant = constant_name(&label);
            if let Err(problem) = check_constant(&constant, &label, &out, set) {
                errors.push(fail(problem));
                continue;
            }
            out.push(Object {
                name: label,
                constant,
                value,
            });
        }
    }
    Error::collect(&level.file, errors)?;
    Ok(out)
}

/// Whether `constant` may be added beside `taken` in a map's module.
pub(crate) fn check_constant(
    constant: &str,
    name: &str,
    taken: &[Object],
    set: &TileSet,
) -> std::result::Result<(), String> {
    if let Some(other) = taken.iter().find(|p| p.constant == constant) {
        return Err(format!(
            "`{}` and `{}` both become the constant `{constant}`; rename one of them",
            escape(name),
            escape(&other.name)
        ));
    }
    if let Some(t) = set.tiles.iter().find(|t| t.constant == constant) {
        return Err(format!(
            "`{}` and shape `{}` both become the constant `{constant}`; rename one of them",
            escape(name),
            escape(&t.name)
        ));
    }
    if ["WIDTH", "HEIGHT", "TILE_SIZE", "MAP"].contains(&constant) {
        return Err(format!(
            "the constant `{constant}` is taken by the map's own items (its size and `MAP`); rename it"
        ));
    }
    Ok(())
}
