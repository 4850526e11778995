//! `.tmj` maps and `.tsj` tilesets, read as JSON.

use crate::inputs::tiled::document::{ShapeKind, TileShape};
use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::error::Result;
use crate::error::map::MapError;
use crate::inputs::read_text;
use crate::inputs::sheet::SheetSpec;
use crate::inputs::tiled::document::{
    LayerKind, ObjectShape, TileRef, TiledLayer, TiledMap, TiledObject, TiledTileset, base64_gids,
    infinite, tile_count_problem, unsupported_encoding,
};

/// Reads a `.tsj` tileset.
pub(super) fn read_tsj(path: &Path) -> Result<TiledTileset> {
    let text = read_text(path)?;
    let ts: JsonTileset = from_json(path, &text)?;
    ts.into_tileset(path, 1)
}

fn from_json<'a, T: Deserialize<'a>>(path: &Path, text: &'a str) -> Result<T> {
    serde_json::from_str(text).map_err(|e| {
        MapError::Syntax {
            file: path.to_owned(),
            line: Some(e.line()),
            message: format!("not a valid Tiled JSON file: {e}"),
        }
        .into()
    })
}

#[derive(Deserialize)]
struct JsonProperty {
    name: String,
    #[serde(default)]
    value: serde_json::Value,
}

fn json_bool(props: &[JsonProperty], name: &str) -> Option<bool> {
    props.iter().find(|p| p.name == name)?.value.as_bool()
}

#[derive(Deserialize)]
struct JsonTile {
    id: u32,
    #[serde(default)]
    properties: Vec<JsonProperty>,
    #[serde(default)]
    objectgroup: Option<JsonObjectGroup>,
}

/// A tile's collision: the objects of its object group.
#[derive(Deserialize)]
struct JsonObjectGroup {
    #[serde(default)]
    objects: Vec<JsonObject>,
}

/// A number as the `tiled` crate reads `.tsx` files (`f32`), so `.tsj` and `.tsx` agree.
fn as_read(v: f64) -> f64 {
    f64::from(v as f32)
}

impl JsonObject {
    /// A tile's collision object as a [`TileShape`].
    fn tile_shape(&self) -> TileShape {
        let kind = if self.polyline.is_some() {
            ShapeKind::NoInside("polyline")
        } else if self.point {
            ShapeKind::NoInside("point")
        } else if self.text.is_some() {
            ShapeKind::NoInside("text")
        } else if self.gid.is_some() {
            ShapeKind::NoInside("tile")
        } else if let Some(points) = &self.polygon {
            // Every point needs both coordinates as numbers: none is taken for 0.
            let point = |p: &serde_json::Value| {
                let c = |k: &str| p[k].as_f64().map(as_read);
                Some((c("x")?, c("y")?))
            };
            match points.as_array() {
                None => ShapeKind::Malformed(format!(
                    "its polygon's `polygon` is {points}, not a list of points"
                )),
                Some(list) => match list.iter().map(point).collect::<Option<Vec<_>>>() {
                    Some(points) => ShapeKind::Polygon(points),
                    None => {
                        let (i, bad) = list
                            .iter()
                            .enumerate()
                            .find(|(_, p)| point(p).is_none())
                            .expect("a point failed");
                        ShapeKind::Malformed(format!(
                            "its polygon's point {i} is {bad}; a point needs numbers `x` and `y`"
                        ))
                    }
                },
            }
        } else if self.ellipse {
            ShapeKind::Ellipse(as_read(self.width), as_read(self.height))
        } else if self.capsule {
            ShapeKind::Capsule(as_read(self.width), as_read(self.height))
        } else {
            ShapeKind::Rect(as_read(self.width), as_read(self.height))
        };
        TileShape {
            x: as_read(self.x),
            y: as_read(self.y),
            rotation: as_read(self.rotation),
            kind,
        }
    }
}

#[derive(Deserialize)]
struct JsonTileset {
    #[serde(default)]
    firstgid: Option<u32>,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    name: String,
    #[serde(default)]
    image: Option<String>,
    #[serde(default)]
    tilewidth: u32,
    #[serde(default)]
    tileheight: u32,
    #[serde(default)]
    margin: u32,
    #[serde(default)]
    spacing: u32,
    #[serde(default)]
    tiles: Vec<JsonTile>,
    #[serde(default)]
    properties: Vec<JsonProperty>,
}

impl JsonTileset {
    fn into_tileset(self, source: &Path, first_gid: u32) -> Result<TiledTileset> {
        if self.tilewidth == 0 || self.tileheight == 0 {
            return Err(MapError::NoTileSize {
                file: source.to_owned(),
                tileset: self.name,
            }
            .into());
        }
        let dir = source.parent().unwrap_or(Path::new(""));
        let mut names = BTreeMap::new();
        let mut one_way = Vec::new();
        let mut shapes = BTreeMap::new();
        for tile in &self.tiles {
            if let Some(n) = tile
                .properties
                .iter()
                .find(|p| p.name == "name")
                .and_then(|p| p.value.as_str())
            {
                names.insert(tile.id, n.to_owned());
            }
            if json_bool(&tile.properties, "one_way") == Some(true) {
                one_way.push(tile.id);
            }
            if let Some(group) = &tile.objectgroup
                && !group.objects.is_empty()
            {
                let drawn = group.objects.iter().map(JsonObject::tile_shape).collect();
                shapes.insert(tile.id, drawn);
            }
        }
        one_way.sort_unstable();
        Ok(TiledTileset {
            source: source.to_owned(),
            name: self.name,
            first_gid,
            sheet: self.image.map(|img| SheetSpec {
                image: dir.join(img),
                tile_width: self.tilewidth,
                tile_height: self.tileheight,
                margin: self.margin,
                spacing: self.spacing,
            }),
            tile_width: self.tilewidth,
            tile_height: self.tileheight,
            names,
            one_way,
            shapes,
            collision_from: self
                .properties
                .iter()
                .find(|p| p.name == "collision_from")
                .map(|p| match &p.value {
                    serde_json::Value::String(v) => v.clone(),
                    other => other.to_string(),
                }),
        })
    }
}

#[derive(Deserialize)]
struct JsonObject {
    #[serde(default)]
    name: String,
    #[serde(default)]
    x: f64,
    #[serde(default)]
    y: f64,
    #[serde(default)]
    width: f64,
    #[serde(default)]
    height: f64,
    #[serde(default)]
    rotation: f64,
    #[serde(default)]
    point: bool,
    #[serde(default)]
    ellipse: bool,
    #[serde(default)]
    gid: Option<u32>,
    #[serde(default)]
    polygon: Option<serde_json::Value>,
    #[serde(default)]
    polyline: Option<serde_json::Value>,
    #[serde(default)]
    text: Option<serde_json::Value>,
    #[serde(default)]
    capsule: bool,
}

#[derive(Deserialize)]
struct JsonLayer {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    width: u32,
    #[serde(default)]
    height: u32,
    #[serde(default)]
    data: Option<serde_json::Value>,
    #[serde(default)]
    chunks: Option<serde_json::Value>,
    #[serde(default)]
    encoding: Option<String>,
    #[serde(default)]
    compression: Option<String>,
    #[serde(default)]
    properties: Vec<JsonProperty>,
    #[serde(default)]
    objects: Vec<JsonObject>,
    #[serde(default)]
    layers: Vec<JsonLayer>,
}

#[derive(Deserialize)]
struct JsonMap {
    width: u32,
    height: u32,
    tilewidth: u32,
    tileheight: u32,
    #[serde(default)]
    infinite: bool,
    #[serde(default)]
    orientation: Option<String>,
    #[serde(default)]
    tilesets: Vec<JsonTileset>,
    #[serde(default)]
    layers: Vec<JsonLayer>,
}

/// Reads a `.tmj` map; `read_tileset` reads its external tilesets (`.tsx` or `.tsj`).
pub(super) fn read_tmj(
    path: &Path,
    read_tileset: impl Fn(&Path) -> Result<TiledTileset>,
) -> Result<TiledMap> {
    let text = read_text(path)?;
    let map: JsonMap = from_json(path, &text)?;
    if map.infinite {
        return Err(infinite(path));
    }
    if let Some(o) = map.orientation.as_deref().filter(|o| *o != "orthogonal") {
        return Err(MapError::NotOrthogonal {
            file: path.to_owned(),
            orientation: o.to_owned(),
        }
        .into());
    }
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut tilesets = Vec::new();
    for ts in map.tilesets {
        let first = ts.firstgid.unwrap_or(1);
        let def = match &ts.source {
            Some(src) => {
                let file = dir.join(src);
                if !file.is_file() {
                    return Err(MapError::Unreadable {
                        file: path.to_owned(),
                        what: "external tileset",
                        missing: file,
                        reason: "it does not exist".into(),
                    }
                    .into());
                }
                let mut def = read_tileset(&file)?;
                def.first_gid = first;
                def
            }
            None => ts.into_tileset(path, first)?,
        };
        tilesets.push(def);
    }
    tilesets.sort_by_key(|t| t.first_gid);
    let mut layers = Vec::new();
    for layer in &map.layers {
        json_layer(path, layer, "", &tilesets, &mut layers)?;
    }
    Ok(TiledMap {
        path: path.to_owned(),
        width: map.width,
        height: map.height,
        tile_width: map.tilewidth,
        tile_height: map.tileheight,
        tilesets,
        layers,
    })
}

/// Tiled's flag bits on a global tile id.
const FLIP_H: u32 = 1 << 31;
const FLIP_V: u32 = 1 << 30;
const FLIP_D: u32 = 1 << 29;
/// Hexagonal maps' 120° rotation: not used on orthogonal maps, ignored as Tiled does.
const ROTATE_HEX: u32 = 1 << 28;

/// A global tile id → the tileset (the last whose first gid is ≤ it), local id and flags.
/// `None` for 0 (no tile) or a gid below every tileset.
pub(crate) fn resolve_gid(raw: u32, tilesets: &[TiledTileset]) -> Option<TileRef> {
    let gid = raw & !(FLIP_H | FLIP_V | FLIP_D | ROTATE_HEX);
    if gid == 0 {
        return None;
    }
    let (index, ts) = tilesets
        .iter()
        .enumerate()
        .rev()
        .find(|(_, t)| t.first_gid <= gid)?;
    Some(TileRef {
        tileset: index,
        id: gid - ts.first_gid,
        h: raw & FLIP_H != 0,
        v: raw & FLIP_V != 0,
        d: raw & FLIP_D != 0,
    })
}

fn json_layer(
    path: &Path,
    layer: &JsonLayer,
    group: &str,
    tilesets: &[TiledTileset],
    out: &mut Vec<TiledLayer>,
) -> Result<()> {
    let name = format!("{group}{}", layer.name);
    let at = |problem: String| MapError::LayerData {
        file: path.to_owned(),
        layer: Some(name.clone()),
        problem,
    };
    let kind = match layer.kind.as_str() {
        "tilelayer" => {
            if layer.chunks.is_some() {
                return Err(infinite(path));
            }
            let gids = json_gids(layer).map_err(at)?;
            if let Some(problem) = tile_count_problem(gids.len(), layer.width, layer.height) {
                return Err(at(problem).into());
            }
            LayerKind::Tiles(gids.iter().map(|&g| resolve_gid(g, tilesets)).collect())
        }
        "objectgroup" => LayerKind::Objects(
            layer
                .objects
                .iter()
                .map(|o| TiledObject {
                    name: o.name.clone(),
                    x: o.x,
                    y: o.y,
                    rotation: o.rotation,
                    shape: if o.point {
                        ObjectShape::Point
                    } else if o.ellipse
                        || o.capsule
                        || o.gid.is_some()
                        || o.polygon.is_some()
                        || o.polyline.is_some()
                        || o.text.is_some()
                    {
                        ObjectShape::Other
                    } else {
                        ObjectShape::Rect(o.width, o.height)
                    },
                })
                .collect(),
        ),
        "group" => {
            for child in &layer.layers {
                json_layer(path, child, &format!("{name}/"), tilesets, out)?;
            }
            return Ok(());
        }
        _ => LayerKind::Image,
    };
    out.push(TiledLayer {
        name,
        collision: json_bool(&layer.properties, "collision"),
        kind,
    });
    Ok(())
}

/// A JSON tile layer's global ids: an array, or Base64 (uncompressed, zlib or gzip), at
/// most one more than the layer's cells.
fn json_gids(layer: &JsonLayer) -> std::result::Result<Vec<u32>, String> {
    let data = layer.data.as_ref().ok_or("no `data`")?;
    let encoding = layer.encoding.as_deref().unwrap_or("csv");
    let compression = layer.compression.as_deref().unwrap_or("");
    match (encoding, data) {
        ("csv", serde_json::Value::Array(items)) if compression.is_empty() => items
            .iter()
            .map(|v| {
                v.as_u64()
                    .and_then(|g| u32::try_from(g).ok())
                    .ok_or_else(|| format!("`{v}` is not a tile id"))
            })
            .collect(),
        ("base64", serde_json::Value::String(text)) => {
            let cells = layer.width as usize * layer.height as usize;
            base64_gids(text, compression, cells)
        }
        _ => Err(unsupported_encoding(encoding, compression)),
    }
}
