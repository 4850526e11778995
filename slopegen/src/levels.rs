//! Tiled maps (read by [`crate::level`]) turned into one tile set (the shapes of every
//! sheet their collision layers use) and packed maps (see `slope_runtime::PackedMap`).
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

use slope_runtime::{
    Cell, MAP_HEADER_LEN, MAP_MAGIC, MAP_VERSION, MAX_MAP_CELLS, ShapeId, Variant,
};

use crate::error::shown;
use crate::level::{LayerKind, MapDef, ObjectShape, TileRef, TilesetDef};
use crate::sheet::{Sheet, SheetSpec, TileKind};
use crate::{Error, Result, TileSet, constant_name, escape};

/// A constant of a map: a named point or rectangle, in world pixels (y up).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObjectValue {
    /// `(x, y)`.
    Point(i32, i32),
    /// The rectangle's bottom-left pixel and its size.
    Rect {
        /// Left column.
        x: i32,
        /// Bottom row.
        y: i32,
        /// Width in pixels (≥ 1).
        width: u16,
        /// Height in pixels (≥ 1).
        height: u16,
    },
}

/// A named object of a map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Object {
    /// Its name in Tiled.
    pub name: String,
    /// Its Rust constant.
    pub constant: String,
    /// Where it is.
    pub value: ObjectValue,
}

/// A map ready to pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelMap {
    /// The map file.
    pub path: PathBuf,
    /// The map file's stem.
    pub stem: String,
    /// The collision layer's name.
    pub layer: String,
    /// Cells per row.
    pub width: u16,
    /// Rows.
    pub height: u16,
    /// N.
    pub tile_size: u8,
    /// Rows bottom first: cell (x, y) is `cells[y·width + x]`.
    pub cells: Vec<Cell>,
    /// What lies outside.
    pub outside: Cell,
    /// Named points and rectangles, in the order of the file.
    pub objects: Vec<Object>,
}

impl LevelMap {
    /// Cell (x, y), y up.
    pub fn cell(&self, x: u16, y: u16) -> Cell {
        self.cells
            .get(usize::from(y) * usize::from(self.width) + usize::from(x))
            .copied()
            .unwrap_or(self.outside)
    }
}

/// Several maps compiled together: one tile set, one packed map each.
#[derive(Clone, Debug)]
pub struct Levels {
    /// The shapes of every sheet the maps' collision layers use.
    pub set: TileSet,
    /// The maps, in the order given.
    pub maps: Vec<LevelMap>,
    /// Every file read (maps, tilesets, images), for `rerun-if-changed`.
    pub sources: Vec<PathBuf>,
}

/// How to choose each map's collision layer.
pub fn choose_layer<'a>(
    map: &'a MapDef,
    named: Option<&str>,
) -> Result<&'a crate::level::LayerDef> {
    let tiles = |l: &&crate::level::LayerDef| matches!(l.kind, LayerKind::Tiles(_));
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
    let list = || {
        let names: Vec<String> = map
            .layers
            .iter()
            .map(|l| {
                let kind = match l.kind {
                    LayerKind::Tiles(_) => "tiles",
                    LayerKind::Objects(_) => "objects",
                    LayerKind::Image => "image",
                };
                format!("`{}` ({kind})", escape(&l.name))
            })
            .collect();
        if names.is_empty() {
            "it has no layers".to_owned()
        } else {
            format!("its layers: {}", names.join(", "))
        }
    };
    match (found, named) {
        (Some(l), _) if tiles(&l) => Ok(l),
        (Some(l), _) => Err(Error::level(
            &map.path,
            format!(
                "layer `{}` is not a tile layer; {}",
                escape(&l.name),
                list()
            ),
        )),
        (None, Some(name)) => Err(Error::level(
            &map.path,
            format!("no layer named `{}`; {}", escape(name), list()),
        )),
        (None, None) => Err(Error::level(
            &map.path,
            format!(
                "no collision layer: name one with --layer, give a tile layer the boolean property `collision` = true, or call it `collision`; {}",
                list()
            ),
        )),
    }
}

/// The key of a sheet shared by several tilesets or maps: its image (canonical path) and
/// how it is cut.
fn sheet_key(spec: &SheetSpec) -> SheetSpec {
    let mut key = spec.clone();
    if let Ok(canonical) = std::fs::canonicalize(&spec.image) {
        key.image = canonical;
    }
    key
}

/// Compiles `maps` (choosing each one's collision layer by `layer`), with `outside` beyond
/// their edges.
pub fn compile(maps: &[MapDef], layer: Option<&str>, outside: Cell) -> Result<Levels> {
    let mut sheets: Vec<(SheetSpec, Sheet)> = Vec::new();
    let mut sources: Vec<PathBuf> = Vec::new();
    let mut chosen = Vec::new();
    let mut size: Option<(u32, &Path)> = None;
    for map in maps {
        sources.push(map.path.clone());
        for ts in &map.tilesets {
            if ts.source != map.path && !sources.contains(&ts.source) {
                sources.push(ts.source.clone());
            }
        }
        let layer = choose_layer(map, layer)?;
        let LayerKind::Tiles(cells) = &layer.kind else {
            unreachable!("choose_layer returns tile layers")
        };
        check_size(map, cells.len())?;
        let n = map.tile_width;
        match size {
            Some((first, first_map)) if first != n => {
                return Err(Error::level(
                    &map.path,
                    format!(
                        "its tiles are {n}×{n} px, but {} has {first}×{first} px tiles; maps that share one tables blob need one tile size",
                        shown(first_map)
                    ),
                ));
            }
            None => size = Some((n, &map.path)),
            _ => {}
        }
        // Every tileset used on the collision layer: a sheet of the map's tile size.
        for (i, cell) in cells.iter().enumerate() {
            let Some(r) = cell else { continue };
            let (x, y) = (i as u32 % map.width, i as u32 / map.width);
            let ts = used_tileset(map, &layer.name, r, x, y)?;
            let Some(spec) = &ts.sheet else { continue };
            let key = sheet_key(spec);
            if !sheets.iter().any(|(k, _)| *k == key) {
                if ts.tile_width != n || ts.tile_height != map.tile_height {
                    return Err(Error::level(
                        &ts.source,
                        format!(
                            "tileset `{}` has {}×{} px tiles, but the map {} has {n}×{} px cells",
                            escape(&ts.name),
                            ts.tile_width,
                            ts.tile_height,
                            shown(&map.path),
                            map.tile_height
                        ),
                    ));
                }
                let sheet = Sheet::read(spec.clone(), &ts.source, &ts.prefix(), ts.names.clone())?;
                sources.push(spec.image.clone());
                sheets.push((key, sheet));
            }
            let (_, sheet) = sheets
                .iter()
                .find(|(k, _)| *k == sheet_key(spec))
                .expect("just added");
            if r.id as usize >= sheet.tiles.len() {
                return Err(Error::level(
                    &map.path,
                    format!(
                        "layer `{}`, cell ({x}, {y}): tile id {} (global id {}) is outside tileset `{}`, which has {} tiles",
                        escape(&layer.name),
                        r.id,
                        ts.first_gid + r.id,
                        escape(&ts.name),
                        sheet.tiles.len()
                    ),
                ));
            }
        }
        chosen.push((map, layer, cells));
    }

    // One tile set: the shapes of every sheet used, in order of first use.
    let mut tiles = Vec::new();
    let mut errors = Vec::new();
    for (_, sheet) in &sheets {
        match sheet.shapes() {
            Ok(shapes) => tiles.extend(shapes),
            Err(e) => errors.push(e),
        }
    }
    Error::collect(maps.first().map_or(Path::new(""), |m| &m.path), errors)?;
    let tile_size = size.map_or(16, |(n, _)| n) as u8;
    // Named after the first map without its extension: `.tmx` and `.tmj` versions of one
    // map give the same output.
    let folder = maps
        .first()
        .map_or_else(PathBuf::new, |m| m.path.with_extension(""));
    let set = if tiles.is_empty() {
        TileSet {
            folder,
            tile_size,
            tiles,
        }
    } else {
        TileSet::from_tiles(&folder, tiles)?
    };
    let ids: BTreeMap<&str, u16> = set
        .tiles
        .iter()
        .enumerate()
        .map(|(i, t)| (t.name.as_str(), i as u16))
        .collect();

    let mut out = Vec::new();
    for (map, layer, cells) in chosen {
        let (w, h) = (map.width as usize, map.height as usize);
        let mut packed = Vec::with_capacity(w * h);
        for y_up in 0..h {
            let row = h - 1 - y_up;
            for x in 0..w {
                let cell = match &cells[row * w + x] {
                    None => Cell::EMPTY,
                    Some(r) => {
                        let ts = &map.tilesets[r.tileset];
                        let Some(spec) = &ts.sheet else {
                            unreachable!("checked by used_tileset")
                        };
                        let key = sheet_key(spec);
                        let (_, sheet) = sheets.iter().find(|(k, _)| *k == key).expect("read");
                        let base = match &sheet.tiles[r.id as usize] {
                            TileKind::Empty => Cell::EMPTY,
                            TileKind::Full => Cell::FULL,
                            TileKind::Shape(_) => {
                                let id = ids[sheet.tile_name(r.id).as_str()];
                                Cell::shape(
                                    ShapeId::new(id),
                                    Variant::from_tiled_flags(r.h, r.v, r.d),
                                )
                            }
                        };
                        if ts.one_way.contains(&r.id) && !base.is_empty() {
                            base.one_way()
                        } else {
                            base
                        }
                    }
                };
                packed.push(cell);
            }
        }
        let distinct: std::collections::BTreeSet<u32> = packed
            .iter()
            .map(|&c| slope_runtime::cell_code(c))
            .collect();
        if distinct.len() > usize::from(u16::MAX) {
            return Err(Error::level(
                &map.path,
                format!(
                    "{} distinct cells (shape, variant, one-way); a packed map holds at most 65535",
                    distinct.len()
                ),
            ));
        }
        let objects = objects(map, &set)?;
        out.push(LevelMap {
            path: map.path.clone(),
            stem: map_stem(&map.path),
            layer: layer.name.clone(),
            width: map.width as u16,
            height: map.height as u16,
            tile_size,
            cells: packed,
            outside,
            objects,
        });
    }
    Ok(Levels {
        set,
        maps: out,
        sources,
    })
}

/// A map's file stem.
pub(crate) fn map_stem(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("map")
        .to_owned()
}

/// The tileset of a collision cell, which must be a sheet.
fn used_tileset<'a>(
    map: &'a MapDef,
    layer: &str,
    r: &TileRef,
    x: u32,
    y: u32,
) -> Result<&'a TilesetDef> {
    let ts = map.tilesets.get(r.tileset).ok_or_else(|| {
        Error::level(
            &map.path,
            format!(
                "layer `{}`, cell ({x}, {y}): a tile outside any tileset",
                escape(layer)
            ),
        )
    })?;
    if ts.sheet.is_none() {
        return Err(Error::level(
            &map.path,
            format!(
                "layer `{}`, cell ({x}, {y}): tile id {} is from tileset `{}`, a collection of images; a collision tileset must be one sheet image",
                escape(layer),
                r.id,
                escape(&ts.name)
            ),
        ));
    }
    Ok(ts)
}

/// The map's size within the runtime's limits, the layer's cells matching it.
fn check_size(map: &MapDef, cells: usize) -> Result<()> {
    if map.tile_width != map.tile_height {
        return Err(Error::level(
            &map.path,
            format!(
                "cells of {}×{} px; tiles must be square",
                map.tile_width, map.tile_height
            ),
        ));
    }
    let too_big = map.width > u32::from(u16::MAX)
        || map.height > u32::from(u16::MAX)
        || u64::from(map.width) * u64::from(map.height) > u64::from(MAX_MAP_CELLS);
    if map.width == 0 || map.height == 0 || too_big {
        return Err(Error::level(
            &map.path,
            format!(
                "a map of {}×{} cells; the runtime's limits are 1 to 65535 cells a side and {MAX_MAP_CELLS} cells in all",
                map.width, map.height
            ),
        ));
    }
    if cells != map.width as usize * map.height as usize {
        return Err(Error::level(
            &map.path,
            format!(
                "its collision layer has {cells} cells, not {}×{}",
                map.width, map.height
            ),
        ));
    }
    Ok(())
}

/// Named points and rectangles, as constants in world pixels.
fn objects(map: &MapDef, set: &TileSet) -> Result<Vec<Object>> {
    let n = map.tile_height as f64;
    let top = map.height as f64 * n;
    let mut out: Vec<Object> = Vec::new();
    for layer in &map.layers {
        let LayerKind::Objects(objects) = &layer.kind else {
            continue;
        };
        for o in objects {
            if o.name.is_empty() || o.shape == ObjectShape::Other {
                continue;
            }
            let at = |problem: String| {
                Error::level(
                    &map.path,
                    format!(
                        "layer `{}`, object `{}`: {problem}",
                        escape(&layer.name),
                        escape(&o.name)
                    ),
                )
            };
            if o.rotation != 0.0 {
                return Err(at(format!(
                    "rotated by {}°; only unrotated points and rectangles become constants",
                    o.rotation
                )));
            }
            crate::tile::check_name(&o.name).map_err(|p| {
                at(p.replace("the file name", "its name")
                    .replace("; rename the file", ""))
            })?;
            let px = |v: f64| -> Result<i32> {
                let r = v.round();
                if r.abs() > f64::from(slope_runtime::MAX_POSITION) {
                    return Err(at("it lies beyond the runtime's positions".into()));
                }
                Ok(r as i32)
            };
            let value = match o.shape {
                ObjectShape::Point => ObjectValue::Point(px(o.x)?, px(top - o.y)?),
                ObjectShape::Rect(w, h) => {
                    let (x0, x1) = (px(o.x)?, px(o.x + w)?);
                    let (y0, y1) = (px(top - o.y - h)?, px(top - o.y)?);
                    let (width, height) = (x1 - x0, y1 - y0);
                    if width < 1 || height < 1 || width > 65535 || height > 65535 {
                        return Err(at(format!(
                            "a rectangle of {w}×{h} px; it needs at least one whole pixel each way"
                        )));
                    }
                    ObjectValue::Rect {
                        x: x0,
                        y: y0,
                        width: width as u16,
                        height: height as u16,
                    }
                }
                ObjectShape::Other => continue,
            };
            let constant = constant_name(&o.name);
            if let Some(other) = out.iter().find(|p| p.constant == constant) {
                return Err(at(format!(
                    "it and object `{}` both become the constant `{constant}`; rename one of them",
                    escape(&other.name)
                )));
            }
            if let Some(t) = set.tiles.iter().find(|t| t.constant == constant) {
                return Err(at(format!(
                    "it and shape `{}` both become the constant `{constant}`; rename one of them",
                    escape(&t.name)
                )));
            }
            if ["WIDTH", "HEIGHT", "TILE_SIZE"].contains(&constant.as_str()) {
                return Err(at(format!(
                    "the constant `{constant}` is taken by the map's own size; rename it"
                )));
            }
            out.push(Object {
                name: o.name.clone(),
                constant,
                value,
            });
        }
    }
    Ok(out)
}

/// The packed map's bytes (the format of `slope_runtime::PackedMap`): palette in order of
/// first use from the bottom-left cell, 1 byte per cell up to 256 distinct cells, else 2.
pub fn pack_map(map: &LevelMap) -> Vec<u8> {
    let mut palette: Vec<u32> = Vec::new();
    let mut slot: BTreeMap<u32, u16> = BTreeMap::new();
    let indices: Vec<u16> = map
        .cells
        .iter()
        .map(|&c| {
            let code = slope_runtime::cell_code(c);
            *slot.entry(code).or_insert_with(|| {
                palette.push(code);
                (palette.len() - 1) as u16
            })
        })
        .collect();
    let wide = palette.len() > 256;
    let mut b = Vec::with_capacity(MAP_HEADER_LEN + 4 * palette.len() + indices.len() * 2 + 4);
    b.extend(MAP_MAGIC);
    b.extend([MAP_VERSION, if wide { 2 } else { 1 }, map.tile_size, 0]);
    b.extend(map.width.to_le_bytes());
    b.extend(map.height.to_le_bytes());
    b.extend((palette.len() as u16).to_le_bytes());
    b.extend([0, 0]);
    b.extend(slope_runtime::cell_code(map.outside).to_le_bytes());
    for code in &palette {
        b.extend(code.to_le_bytes());
    }
    for &i in &indices {
        if wide {
            b.extend(i.to_le_bytes());
        } else {
            b.push(i as u8);
        }
    }
    let crc = slope_runtime::crc32(&b);
    b.extend(crc.to_le_bytes());
    b
}
