//! Tiled maps in: each map's collision layer becomes a [`Map`] of the model, and the shapes
//! of every sheet those layers use become one tile set. The files themselves are read by
//! [`document`] (`.tmx` and `.tsx` in [`tmx`], `.tmj` and `.tsj` in [`tmj`]).
//!
//! - The collision layer: the one named by `--layer`, else the one whose boolean property
//!   `collision` is true, else the one named `collision`.
//! - Rows are flipped: cell (0, 0) is the map's bottom-left cell (the runtime is y up).
//! - Flip flags become variants by [`Variant::from_tiled_flags`]; a tile whose boolean
//!   property `one_way` is true makes one-way cells; empty tiles make empty cells, fully
//!   solid tiles [`Cell::FULL`].
//! - Named points and rectangles of object layers become constants in world pixels (y up).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use slope_runtime::{Cell, MAX_MAP_CELLS, ShapeId, Variant};

use crate::error::map::MapError;
use crate::error::{Error, Result};
use crate::inputs::sheet::{Sheet, SheetSpec, TileKind, image_index, sheet_tileset};
use crate::model::Model;
use crate::model::file_stem;
use crate::model::map::{Map, TileArt};
use crate::model::tileset::TileSet;

pub(crate) mod document;
mod objects;
pub(crate) mod shapes;
mod tmj;
mod tmx;

use crate::inputs::path::extension;
use document::{LayerKind, TileRef, TiledLayer, TiledMap, TiledTileset, check_exists};

/// A Tiled tileset given alone (`.tsx`, `.tsj`): the shapes of its sheet.
pub(crate) fn read_tileset_input(path: &Path) -> Result<Model> {
    let tileset = read_tileset(path)?;
    let Some(spec) = tileset.sheet.clone() else {
        return Err(MapError::NotASheet {
            file: path.to_owned(),
        }
        .into());
    };
    let image = spec.image.clone();
    let sheet = Sheet::read(spec, path, &tileset.prefix(), tileset.names.clone())?;
    let sheet = shapes::with_collision_shapes(sheet, &tileset)?;
    Ok(Model {
        set: sheet_tileset(&sheet)?,
        maps: Vec::new(),
        sources: vec![path.to_owned(), image],
        warnings: Vec::new(),
    })
}

/// A map's collision layer, chosen and checked.
struct Collision<'a> {
    map: &'a TiledMap,
    layer: &'a TiledLayer,
    cells: &'a [Option<TileRef>],
}

/// The sheets the collision layers use, each read once, by [`sheet_key`]; and those that
/// could not be read (reported once, their cells skipped).
#[derive(Default)]
struct Sheets {
    read: Vec<(SheetKey, Sheet)>,
    unusable: Vec<SheetKey>,
}

/// Reads `paths` (choosing each one's collision layer by `layer`) into one tile set and one
/// map each, with `outside` beyond their edges. Every problem is reported, not only the
/// first: each bad cell and object of every map (one error for a tileset that cannot be
/// used, not one per cell).
pub(crate) fn read_maps(paths: &[PathBuf], layer: Option<&str>, outside: Cell) -> Result<Model> {
    let first = paths.first().map_or(Path::new(""), PathBuf::as_path);
    let mut errors = Vec::new();
    let maps: Vec<TiledMap> = paths
        .iter()
        .filter_map(|p| read_map(p).map_err(|e| errors.push(e)).ok())
        .collect();
    let mut sources = Vec::new();
    let mut chosen = Vec::new();
    for map in &maps {
        sources.push(map.path.clone());
        for ts in &map.tilesets {
            if ts.source != map.path && !sources.contains(&ts.source) {
                sources.push(ts.source.clone());
            }
        }
        match collision_layer(map, layer) {
            Ok(collision) => chosen.push(collision),
            Err(e) => errors.push(e),
        }
    }
    let tile_size = common_tile_size(&maps).map_err(|e| errors.push(e));
    let mut sheets = Sheets::default();
    for collision in &chosen {
        sheets.read_for(collision, &mut sources, &mut errors);
    }
    // With the sheets that could be read, the objects are checked too: their problems are
    // reported with the cells'. The cells are turned into the runtime's only when every one
    // of them can be.
    let cells_ok = errors.is_empty();
    // Shapes of several sizes would only repeat that the maps' sizes differ.
    let set = tile_size.and_then(|n| shapes(&maps, &sheets, n).map_err(|e| errors.push(e)));
    let mut out = Vec::new();
    for collision in &chosen {
        let (Ok(set), Ok(tile_size)) = (&set, tile_size) else {
            break;
        };
        let objects = objects::objects(collision.map, set, &mut errors);
        if !cells_ok {
            continue;
        }
        match cells(collision, &sheets, set) {
            Ok(Cells { cells, art, images }) => out.push(Map {
                path: collision.map.path.clone(),
                stem: file_stem(&collision.map.path),
                group: None,
                layer: collision.layer.name.clone(),
                width: collision.map.width as u16,
                height: collision.map.height as u16,
                tile_size,
                cells,
                outside,
                objects,
                art,
                images,
            }),
            Err(e) => errors.push(e),
        }
    }
    Error::collect(first, errors)?;
    let Ok(set) = set else {
        unreachable!("a set that failed is among the errors")
    };
    Ok(Model {
        set,
        maps: out,
        sources,
        warnings: Vec::new(),
    })
}

/// The map's collision layer, its size checked.
fn collision_layer<'a>(map: &'a TiledMap, named: Option<&str>) -> Result<Collision<'a>> {
    let layer = choose_layer(map, named)?;
    let LayerKind::Tiles(cells) = &layer.kind else {
        unreachable!("choose_layer returns tile layers")
    };
    check_size(map, cells.len())?;
    Ok(Collision { map, layer, cells })
}

/// The tile size every map shares (16 for none).
fn common_tile_size(maps: &[TiledMap]) -> Result<u8> {
    let Some(first) = maps.first() else {
        return Ok(16);
    };
    if let Some(odd) = maps.iter().find(|m| m.tile_width != first.tile_width) {
        return Err(MapError::TileSizesDiffer {
            file: odd.path.clone(),
            size: odd.tile_width,
            other: first.path.clone(),
            other_size: first.tile_width,
        }
        .into());
    }
    Ok(first.tile_width as u8)
}

/// The map's layer chosen by name, by its `collision` property or by the name `collision`.
fn choose_layer<'a>(map: &'a TiledMap, named: Option<&str>) -> Result<&'a TiledLayer> {
    let tiles = |l: &&TiledLayer| matches!(l.kind, LayerKind::Tiles(_));
    let found = match named {
        Some(name) => map.layers.iter().find(|l| l.name == name),
        None => map
            .layers
            .iter()
            .filter(tiles)
            .find(|l| l.collision == Some(true))
            .or_else(|| {
                map.layers
                    .iter()
                    .filter(tiles)
                    .find(|l| l.name == "collision")
            }),
    };
    let layers = map
        .layers
        .iter()
        .map(|l| {
            let kind = match l.kind {
                LayerKind::Tiles(_) => "tiles",
                LayerKind::Objects(_) => "objects",
                LayerKind::Image => "image",
            };
            (l.name.clone(), kind)
        })
        .collect();
    let file = map.path.clone();
    Err(match (found, named) {
        (Some(l), _) if tiles(&l) => return Ok(l),
        (Some(l), _) => MapError::NotATileLayer {
            file,
            layer: l.name.clone(),
            layers,
        },
        (None, Some(name)) => MapError::NoSuchLayer {
            file,
            layer: name.to_owned(),
            layers,
        },
        (None, None) => MapError::NoCollisionLayer { file, layers },
    }
    .into())
}

/// The key of a sheet shared by several maps: its image (canonical path), how it is cut,
/// and what its tileset makes of it (its tiles' names, collision shapes and
/// `collision_from`). Two tilesets that share an image but not their shapes get a sheet
/// each.
#[derive(Clone, PartialEq)]
struct SheetKey {
    spec: SheetSpec,
    prefix: String,
    names: BTreeMap<u32, String>,
    shapes: BTreeMap<u32, Vec<document::TileShape>>,
    collision_from: Option<String>,
}

fn sheet_key(ts: &TiledTileset, spec: &SheetSpec) -> SheetKey {
    let mut key = spec.clone();
    if let Ok(canonical) = std::fs::canonicalize(&spec.image) {
        key.image = canonical;
    }
    SheetKey {
        spec: key,
        prefix: ts.prefix(),
        names: ts.names.clone(),
        shapes: ts.shapes.clone(),
        collision_from: ts.collision_from.clone(),
    }
}

impl Sheets {
    /// The sheet whose key is `key`, once read.
    fn get(&self, key: &SheetKey) -> Option<&Sheet> {
        self.read.iter().find(|(k, _)| k == key).map(|(_, s)| s)
    }

    /// Reads every sheet the collision layer uses that is not read yet (a sheet of the
    /// map's tile size), and checks each cell's tile is in its tileset. Every problem goes
    /// to `errors`.
    fn read_for(&mut self, c: &Collision<'_>, sources: &mut Vec<PathBuf>, errors: &mut Vec<Error>) {
        let map = c.map;
        let keys = sheet_keys(map);
        // Tilesets already refused (image collections): reported at their first cell only.
        let mut refused = Vec::new();
        for (i, cell) in c.cells.iter().enumerate() {
            let Some(r) = cell else { continue };
            if refused.contains(&r.tileset) {
                continue;
            }
            let (x, y) = (i as u32 % map.width, i as u32 / map.width);
            let ts = match used_tileset(map, &c.layer.name, r, x, y) {
                Ok(ts) => ts,
                Err(e) => {
                    refused.push(r.tileset);
                    errors.push(e);
                    continue;
                }
            };
            let (Some(spec), Some(key)) = (&ts.sheet, &keys[r.tileset]) else {
                continue;
            };
            if self.unusable.contains(key) {
                continue;
            }
            if self.get(key).is_none() {
                match read_sheet(map, ts, spec) {
                    Ok(sheet) => {
                        sources.push(spec.image.clone());
                        self.read.push((key.clone(), sheet));
                    }
                    Err(e) => {
                        errors.push(e);
                        self.unusable.push(key.clone());
                        continue;
                    }
                }
            }
            let tiles = self.get(key).map_or(0, |s| s.tiles.len());
            if r.id as usize >= tiles {
                errors.push(
                    MapError::UnknownTile {
                        file: map.path.clone(),
                        layer: c.layer.name.clone(),
                        x,
                        y,
                        id: r.id,
                        global_id: ts.first_gid + r.id,
                        tileset: ts.name.clone(),
                        tiles,
                    }
                    .into(),
                );
            }
        }
    }
}

/// The key of each of the map's tilesets' sheet, by tileset index.
fn sheet_keys(map: &TiledMap) -> Vec<Option<SheetKey>> {
    map.tilesets
        .iter()
        .map(|ts| ts.sheet.as_ref().map(|spec| sheet_key(ts, spec)))
        .collect()
}

/// A tileset's sheet, which must have the map's tile size.
fn read_sheet(map: &TiledMap, ts: &TiledTileset, spec: &SheetSpec) -> Result<Sheet> {
    if ts.tile_width != map.tile_width || ts.tile_height != map.tile_height {
        return Err(MapError::WrongTileSize {
            file: ts.source.clone(),
            tileset: ts.name.clone(),
            tile_width: ts.tile_width,
            tile_height: ts.tile_height,
            map: map.path.clone(),
            cell_width: map.tile_width,
            cell_height: map.tile_height,
        }
        .into());
    }
    let sheet = Sheet::read(spec.clone(), &ts.source, &ts.prefix(), ts.names.clone())?;
    shapes::with_collision_shapes(sheet, ts)
}

/// One tile set: the shapes of every sheet used, in order of first use, named after the
/// first map without its extension (`.tmx` and `.tmj` versions of one map give the same
/// output).
fn shapes(maps: &[TiledMap], sheets: &Sheets, tile_size: u8) -> Result<TileSet> {
    let mut tiles = Vec::new();
    let mut errors = Vec::new();
    for (_, sheet) in &sheets.read {
        match sheet.shapes() {
            Ok(shapes) => tiles.extend(shapes),
            Err(e) => errors.push(e),
        }
    }
    Error::collect(maps.first().map_or(Path::new(""), |m| &m.path), errors)?;
    let folder = maps
        .first()
        .map_or_else(PathBuf::new, |m| m.path.with_extension(""));
    TileSet::of_maps(&folder, tile_size, tiles)
}

/// A collision layer read: its cells, bottom row first, as the runtime's, and their pictures.
struct Cells {
    cells: Vec<Cell>,
    art: Vec<Option<TileArt>>,
    images: Vec<PathBuf>,
}

/// The collision layer's cells, bottom row first, as the runtime's cells, and where each
/// is drawn from.
fn cells(c: &Collision<'_>, sheets: &Sheets, set: &TileSet) -> Result<Cells> {
    let ids = set.ids();
    let map = c.map;
    let keys = sheet_keys(map);
    let (w, h) = (map.width as usize, map.height as usize);
    let mut packed = Vec::with_capacity(w * h);
    let mut art = Vec::with_capacity(w * h);
    let mut images: Vec<PathBuf> = Vec::new();
    for y_up in 0..h {
        let row = h - 1 - y_up;
        for x in 0..w {
            let (cell, picture) = match &c.cells[row * w + x] {
                None => (Cell::EMPTY, None),
                Some(r) => {
                    let ts = &map.tilesets[r.tileset];
                    let sheet = keys[r.tileset]
                        .as_ref()
                        .and_then(|key| sheets.get(key))
                        .expect("checked and read by Sheets::read_for");
                    let variant = Variant::from_tiled_flags(r.h, r.v, r.d);
                    let base = match &sheet.tiles[r.id as usize] {
                        TileKind::Empty => Cell::EMPTY,
                        TileKind::Full => Cell::FULL,
                        TileKind::Shape(_) => {
                            Cell::shape(ShapeId::new(ids[sheet.tile_name(r.id).as_str()]), variant)
                        }
                    };
                    let cell = if ts.one_way.contains(&r.id) && !base.is_empty() {
                        base.one_way()
                    } else {
                        base
                    };
                    let image = image_index(&mut images, &sheet.spec.image);
                    (cell, image.map(|i| sheet.art(r.id, i, variant)))
                }
            };
            packed.push(cell);
            art.push(picture);
        }
    }
    let distinct: std::collections::BTreeSet<u32> = packed
        .iter()
        .map(|&c| slope_runtime::cell_code(c))
        .collect();
    if distinct.len() > usize::from(u16::MAX) {
        return Err(MapError::TooManyCells {
            file: map.path.clone(),
            cells: distinct.len(),
        }
        .into());
    }
    Ok(Cells {
        cells: packed,
        art,
        images,
    })
}

/// The tileset of a collision cell, which must be a sheet.
fn used_tileset<'a>(
    map: &'a TiledMap,
    layer: &str,
    r: &TileRef,
    x: u32,
    y: u32,
) -> Result<&'a TiledTileset> {
    let ts = map
        .tilesets
        .get(r.tileset)
        .ok_or_else(|| MapError::NoTileset {
            file: map.path.clone(),
            layer: layer.to_owned(),
            x,
            y,
        })?;
    if ts.sheet.is_none() {
        return Err(MapError::ImageCollection {
            file: map.path.clone(),
            layer: layer.to_owned(),
            x,
            y,
            id: r.id,
            tileset: ts.name.clone(),
        }
        .into());
    }
    Ok(ts)
}

/// The map's size within the runtime's limits, the layer's cells matching it.
fn check_size(map: &TiledMap, cells: usize) -> Result<()> {
    let file = map.path.clone();
    if map.tile_width != map.tile_height {
        return Err(MapError::CellsNotSquare {
            file,
            width: map.tile_width,
            height: map.tile_height,
        }
        .into());
    }
    let too_big = map.width > u32::from(u16::MAX)
        || map.height > u32::from(u16::MAX)
        || u64::from(map.width) * u64::from(map.height) > u64::from(MAX_MAP_CELLS);
    if map.width == 0 || map.height == 0 || too_big {
        return Err(MapError::MapSize {
            file,
            layer: None,
            width: map.width,
            height: map.height,
        }
        .into());
    }
    if cells != map.width as usize * map.height as usize {
        return Err(MapError::LayerSize {
            file,
            cells,
            width: map.width,
            height: map.height,
        }
        .into());
    }
    Ok(())
}

/// Reads a `.tmx` or `.tmj` map.
pub(crate) fn read_map(path: &Path) -> Result<TiledMap> {
    check_exists(path, "map")?;
    match extension(path).as_str() {
        "tmj" | "json" => tmj::read_tmj(path, read_tileset),
        _ => tmx::read_tmx(path),
    }
}

/// Reads a `.tsx` or `.tsj` tileset.
pub(crate) fn read_tileset(path: &Path) -> Result<TiledTileset> {
    check_exists(path, "tileset")?;
    match extension(path).as_str() {
        "tsj" | "json" => tmj::read_tsj(path),
        _ => tmx::read_tsx(path),
    }
}
