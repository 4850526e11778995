//! Tiled files read into one model: maps (`.tmx` through the `tiled` crate, `.tmj` as JSON)
//! and tilesets (`.tsx` through `tiled`, `.tsj` as JSON, or embedded in a map).
//!
//! Only what collision needs is kept: the map's size and tile size, each tileset's sheet and
//! its tiles' `name` and `one_way` properties, each layer's name, `collision` property and
//! cells (with Tiled's flip flags), and the named points and rectangles of object layers.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::error::shown;
use crate::sheet::SheetSpec;
use crate::{Error, Result};

/// A tileset as a map (or a `.tsx`) declares it.
#[derive(Clone, Debug, PartialEq)]
pub struct TilesetDef {
    /// The file it is defined in: its `.tsx`/`.tsj`, or the map for an embedded one.
    pub source: PathBuf,
    /// Its name in Tiled.
    pub name: String,
    /// The first global tile id of its tiles in the map (1 for a tileset read alone).
    pub first_gid: u32,
    /// Its sheet; `None` for an image-collection tileset (one image per tile).
    pub sheet: Option<SheetSpec>,
    /// Tile width in pixels.
    pub tile_width: u32,
    /// Tile height in pixels.
    pub tile_height: u32,
    /// `name` properties, by tile id.
    pub names: BTreeMap<u32, String>,
    /// Tile ids whose `one_way` property is true.
    pub one_way: Vec<u32>,
}

impl TilesetDef {
    /// The prefix of its tiles' default names: its name, else its image's file stem.
    pub fn prefix(&self) -> String {
        let stem = || {
            self.sheet
                .as_ref()
                .and_then(|s| s.image.file_stem())
                .and_then(|s| s.to_str())
                .unwrap_or("tile")
                .to_owned()
        };
        if self.name.is_empty() {
            stem()
        } else {
            self.name.clone()
        }
    }
}

/// One cell of a tile layer: a tile of a tileset, with Tiled's flip flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileRef {
    /// Index into [`MapDef::tilesets`].
    pub tileset: usize,
    /// The tile's local id in it.
    pub id: u32,
    /// Flipped horizontally.
    pub h: bool,
    /// Flipped vertically.
    pub v: bool,
    /// Flipped diagonally (transposed).
    pub d: bool,
}

/// What a layer holds.
#[derive(Clone, Debug, PartialEq)]
pub enum LayerKind {
    /// Tiles, row by row from the top (as in Tiled), `width × height` of them.
    Tiles(Vec<Option<TileRef>>),
    /// Objects.
    Objects(Vec<ObjectDef>),
    /// An image layer (nothing for collision).
    Image,
}

/// A layer.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerDef {
    /// Its name; inside groups, `group/name`.
    pub name: String,
    /// Its boolean `collision` property, if it has one.
    pub collision: Option<bool>,
    /// What it holds.
    pub kind: LayerKind,
}

/// The shape of an object.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ObjectShape {
    /// A point.
    Point,
    /// A rectangle of this width and height (pixels).
    Rect(f64, f64),
    /// Anything else (ellipses, polygons, text, tiles): not turned into constants.
    Other,
}

/// An object of an object layer, in Tiled's pixels (y down).
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectDef {
    /// Its name (objects without one are skipped).
    pub name: String,
    /// x of its top-left corner (of the point).
    pub x: f64,
    /// y of its top-left corner (of the point), down.
    pub y: f64,
    /// Clockwise rotation in degrees.
    pub rotation: f64,
    /// Its shape.
    pub shape: ObjectShape,
}

/// A Tiled map.
#[derive(Clone, Debug, PartialEq)]
pub struct MapDef {
    /// The map file.
    pub path: PathBuf,
    /// Cells per row.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// The grid's tile width in pixels.
    pub tile_width: u32,
    /// The grid's tile height in pixels.
    pub tile_height: u32,
    /// Its tilesets, by first gid.
    pub tilesets: Vec<TilesetDef>,
    /// Its layers, top-level first, group members after their group's name.
    pub layers: Vec<LayerDef>,
}

/// Reads a `.tmx` or `.tmj` map.
pub fn read_map(path: &Path) -> Result<MapDef> {
    check_exists(path, "map")?;
    match extension(path).as_str() {
        "tmj" | "json" => read_tmj(path),
        _ => read_tmx(path),
    }
}

/// Reads a `.tsx` or `.tsj` tileset.
pub fn read_tileset(path: &Path) -> Result<TilesetDef> {
    check_exists(path, "tileset")?;
    match extension(path).as_str() {
        "tsj" | "json" => {
            let text = read_text(path)?;
            let ts: JsonTileset = from_json(path, &text)?;
            ts.into_def(path, 1)
        }
        _ => {
            let mut loader = tiled::Loader::new();
            let ts = loader
                .load_tsx_tileset(path)
                .map_err(|e| tiled_error(path, e))?;
            Ok(tileset_from_tiled(&ts, path, 1))
        }
    }
}

/// The extension, lower-case.
pub(crate) fn extension(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase()
}

fn check_exists(path: &Path, what: &str) -> Result<()> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(()),
        Ok(_) => Err(Error::level(path, format!("not a {what} file"))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Err(Error::level(path, format!("{what} file does not exist")))
        }
        Err(source) => Err(Error::Read {
            path: path.to_owned(),
            source,
        }),
    }
}

fn read_text(path: &Path) -> Result<String> {
    let bytes = std::fs::read(path).map_err(|source| Error::Read {
        path: path.to_owned(),
        source,
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let line = e.as_bytes()[..e.utf8_error().valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        Error::level(path, format!("line {line}: not valid UTF-8"))
    })
}

// ---------------------------------------------------------------------------------------
// .tmx / .tsx, through the `tiled` crate
// ---------------------------------------------------------------------------------------

fn read_tmx(path: &Path) -> Result<MapDef> {
    let mut loader = tiled::Loader::new();
    let map = loader
        .load_tmx_map(path)
        .map_err(|e| tiled_error(path, e))?;
    if map.infinite() {
        return Err(infinite(path));
    }
    if map.orientation != tiled::Orientation::Orthogonal {
        return Err(Error::level(
            path,
            format!(
                "a {} map; only orthogonal maps have square cells",
                map.orientation
            ),
        ));
    }
    // `tiled` numbers tilesets in the map's order; first gids follow from tile counts only
    // for consecutive tilesets, so read them from the file.
    let first_gids = first_gids_in_xml(path)?;
    let tilesets = map
        .tilesets()
        .iter()
        .enumerate()
        .map(|(i, ts)| {
            let first = first_gids.get(i).copied().unwrap_or(1);
            let source = if ts.source == map.source {
                path.to_owned()
            } else {
                ts.source.clone()
            };
            tileset_from_tiled(ts, &source, first)
        })
        .collect();
    let mut layers = Vec::new();
    for layer in map.layers() {
        tmx_layer(path, &layer, "", &mut layers)?;
    }
    Ok(MapDef {
        path: path.to_owned(),
        width: map.width,
        height: map.height,
        tile_width: map.tile_width,
        tile_height: map.tile_height,
        tilesets,
        layers,
    })
}

fn infinite(path: &Path) -> Error {
    Error::level(
        path,
        "an infinite map (stored in chunks) is not supported: in Tiled, uncheck Map Properties › Infinite",
    )
}

fn tmx_layer(
    path: &Path,
    layer: &tiled::Layer<'_>,
    group: &str,
    out: &mut Vec<LayerDef>,
) -> Result<()> {
    let name = format!("{group}{}", layer.name);
    let collision = match layer.properties.get("collision") {
        Some(tiled::PropertyValue::BoolValue(b)) => Some(*b),
        _ => None,
    };
    let kind = match layer.layer_type() {
        tiled::LayerType::Tiles(tiled::TileLayer::Finite(t)) => {
            let (w, h) = (t.width(), t.height());
            if u64::from(w) * u64::from(h) > u64::from(slope_runtime::MAX_MAP_CELLS) {
                return Err(Error::level(
                    path,
                    format!(
                        "layer `{}` of {w}×{h} cells; the runtime's limits are 1 to 65535 cells a side and {} cells in all",
                        crate::escape(&name),
                        slope_runtime::MAX_MAP_CELLS
                    ),
                ));
            }
            let mut cells = Vec::with_capacity(w as usize * h as usize);
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    cells.push(t.get_tile_data(x, y).map(|d| TileRef {
                        tileset: d.tileset_index(),
                        id: d.id(),
                        h: d.flip_h,
                        v: d.flip_v,
                        d: d.flip_d,
                    }));
                }
            }
            LayerKind::Tiles(cells)
        }
        tiled::LayerType::Tiles(tiled::TileLayer::Infinite(_)) => return Err(infinite(path)),
        tiled::LayerType::Objects(o) => LayerKind::Objects(
            o.objects()
                .map(|o| ObjectDef {
                    name: o.name.clone(),
                    x: f64::from(o.x),
                    y: f64::from(o.y),
                    rotation: f64::from(o.rotation),
                    shape: match o.shape {
                        tiled::ObjectShape::Point(..) => ObjectShape::Point,
                        tiled::ObjectShape::Rect { width, height } if o.tile_data().is_none() => {
                            ObjectShape::Rect(f64::from(width), f64::from(height))
                        }
                        _ => ObjectShape::Other,
                    },
                })
                .collect(),
        ),
        tiled::LayerType::Image(_) => LayerKind::Image,
        tiled::LayerType::Group(g) => {
            for child in g.layers() {
                tmx_layer(path, &child, &format!("{name}/"), out)?;
            }
            return Ok(());
        }
    };
    out.push(LayerDef {
        name,
        collision,
        kind,
    });
    Ok(())
}

fn tileset_from_tiled(ts: &tiled::Tileset, source: &Path, first_gid: u32) -> TilesetDef {
    let mut names = BTreeMap::new();
    let mut one_way = Vec::new();
    for (id, tile) in ts.tiles() {
        if let Some(tiled::PropertyValue::StringValue(n)) = tile.properties.get("name") {
            names.insert(id, n.clone());
        }
        if let Some(tiled::PropertyValue::BoolValue(true)) = tile.properties.get("one_way") {
            one_way.push(id);
        }
    }
    one_way.sort_unstable();
    TilesetDef {
        source: source.to_owned(),
        name: ts.name.clone(),
        first_gid,
        sheet: ts.image.as_ref().map(|img| SheetSpec {
            image: img.source.clone(),
            tile_width: ts.tile_width,
            tile_height: ts.tile_height,
            margin: ts.margin,
            spacing: ts.spacing,
        }),
        tile_width: ts.tile_width,
        tile_height: ts.tile_height,
        names,
        one_way,
    }
}

/// The `firstgid` of each `<tileset>` of a map, in order.
fn first_gids_in_xml(path: &Path) -> Result<Vec<u32>> {
    use quick_xml::events::Event;
    let text = read_text(path)?;
    let mut reader = quick_xml::Reader::from_str(&text);
    let mut gids = Vec::new();
    loop {
        match reader.read_event() {
            Ok(Event::Start(e) | Event::Empty(e)) if e.name().as_ref() == b"tileset" => {
                let gid = e
                    .try_get_attribute("firstgid")
                    .ok()
                    .flatten()
                    .and_then(|a| std::str::from_utf8(&a.value).ok()?.trim().parse().ok())
                    .unwrap_or(1);
                gids.push(gid);
            }
            Ok(Event::Start(e)) if e.name().as_ref() != b"map" => {
                // tilesets are direct children of <map>; skip everything else's insides
                let end = e.to_end().into_owned();
                if reader.read_to_end(end.name()).is_err() {
                    break;
                }
            }
            Ok(Event::Eof) | Err(_) => break,
            _ => {}
        }
    }
    Ok(gids)
}

/// A `tiled` error in a user's words, with the file (and line, for XML) it is about.
fn tiled_error(path: &Path, e: tiled::Error) -> Error {
    match e {
        tiled::Error::ResourceLoadingError { path: missing, err } => {
            let what = match extension(&missing).as_str() {
                "tsx" | "tsj" => "external tileset",
                "tx" | "tj" => "template",
                _ => "file",
            };
            Error::level(
                path,
                format!("cannot read its {what} {}: {err}", shown(&missing)),
            )
        }
        tiled::Error::InvalidEncodingFormat {
            encoding,
            compression,
        } => Error::level(
            path,
            format!(
                "a tile layer uses {} encoding with {} compression, which is not supported (use CSV, or Base64 uncompressed, zlib or gzip)",
                encoding.as_deref().unwrap_or("no"),
                compression.as_deref().unwrap_or("no")
            ),
        ),
        other => {
            // The first file (the map, then its external tilesets) that is not well-formed,
            // and where.
            let mut files = vec![path.to_owned()];
            files.extend(external_tilesets(path));
            for file in &files {
                if let Some((line, why)) = xml_problem(file) {
                    return Error::level(file, format!("line {line}: not valid XML: {why}"));
                }
            }
            let message = other.to_string();
            for file in &files {
                if let Some(line) = semantic_problem_line(file, &other) {
                    return Error::level(file, format!("line {line}: cannot be parsed: {message}"));
                }
            }
            Error::level(path, format!("cannot be parsed: {message}"))
        }
    }
}

/// The line of the element a well-formed file's `tiled` error is about, when it can be
/// told: the first element that lacks a required attribute, or the first property whose
/// value does not read as its type.
fn semantic_problem_line(path: &Path, e: &tiled::Error) -> Option<usize> {
    use quick_xml::events::Event;
    let (missing, bad_value) = match e {
        tiled::Error::MalformedAttributes(m) => {
            (m.strip_prefix("Missing attribute: ")?.to_owned(), false)
        }
        tiled::Error::InvalidPropertyValue { .. } => (String::new(), true),
        _ => return None,
    };
    // Which elements must carry the missing attribute.
    let needs: &[&[u8]] = match missing.as_str() {
        "width" | "height" => &[b"map", b"layer"],
        "tilewidth" | "tileheight" => &[b"map", b"tileset"],
        "firstgid" => &[b"tileset"],
        "name" => &[b"property"],
        "source" => &[b"image"],
        "id" => &[b"tile"],
        _ => &[],
    };
    let text = std::fs::read_to_string(path).ok()?;
    let mut reader = quick_xml::Reader::from_str(&text);
    let mut in_map = false;
    loop {
        let start = reader.buffer_position();
        let event = reader.read_event().ok()?;
        let element = match &event {
            Event::Start(e) | Event::Empty(e) => e,
            Event::Eof => return None,
            _ => continue,
        };
        let name = element.name();
        let attr = |key: &str| {
            element
                .try_get_attribute(key)
                .ok()
                .flatten()
                .and_then(|a| a.unescape_value().ok().map(|v| v.into_owned()))
        };
        let culprit = if bad_value {
            name.as_ref() == b"property"
                && match (attr("type").as_deref(), attr("value")) {
                    (Some("bool"), Some(v)) => v != "true" && v != "false",
                    (Some("int"), Some(v)) => v.parse::<i32>().is_err(),
                    (Some("float"), Some(v)) => v.parse::<f32>().is_err(),
                    _ => false,
                }
        } else {
            let tileset_in_map = name.as_ref() == b"tileset" && in_map;
            let required = needs.contains(&name.as_ref())
                // `firstgid` only on a map's tilesets; tile sizes only on embedded ones
                && (missing != "firstgid" || tileset_in_map)
                && (!missing.starts_with("tile") || name.as_ref() != b"tileset" || attr("source").is_none());
            required && attr(&missing).is_none()
        };
        if name.as_ref() == b"map" {
            in_map = true;
        }
        if culprit {
            let at = text
                .get(start..)
                .and_then(|t| t.find('<'))
                .map_or(start, |i| start + i);
            return Some(
                text.as_bytes()[..at.min(text.len())]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count()
                    + 1,
            );
        }
    }
}

/// The files named by the `source` attributes of a map's `<tileset>` elements.
fn external_tilesets(path: &Path) -> Vec<PathBuf> {
    use quick_xml::events::Event;
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut reader = quick_xml::Reader::from_str(&text);
    let mut out = Vec::new();
    loop {
        match reader.read_event() {
            Ok(Event::Start(e) | Event::Empty(e)) if e.name().as_ref() == b"tileset" => {
                if let Some(src) = e.try_get_attribute("source").ok().flatten()
                    && let Ok(s) = src.unescape_value()
                {
                    out.push(dir.join(s.as_ref()));
                }
            }
            Ok(Event::Eof) | Err(_) => break,
            _ => {}
        }
    }
    out
}

/// The line and reason of the first XML error in `path`, if any.
fn xml_problem(path: &Path) -> Option<(usize, String)> {
    use quick_xml::events::Event;
    let text = std::fs::read_to_string(path).ok()?;
    let mut reader = quick_xml::Reader::from_str(&text);
    let mut depth = 0usize;
    let line_at = |at: usize| {
        text.as_bytes()[..at.min(text.len())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1
    };
    loop {
        let start = reader.buffer_position();
        let event = reader.read_event();
        if let Ok(Event::Start(e) | Event::Empty(e)) = &event
            && let Some(Err(bad)) = e.attributes().find(|a| a.is_err())
        {
            // the tag's line (its attributes usually share it)
            let at = text
                .get(start..)
                .and_then(|t| t.find('<'))
                .map_or(start, |i| start + i);
            return Some((
                line_at(at),
                format!("in <{}>: {bad}", String::from_utf8_lossy(e.name().as_ref())),
            ));
        }
        match event {
            Ok(Event::Start(_)) => depth += 1,
            Ok(Event::End(_)) => depth = depth.saturating_sub(1),
            Ok(Event::Eof) if depth > 0 => {
                let line = text.lines().count().max(1);
                return Some((line, "the file ends inside an element".into()));
            }
            Ok(Event::Eof) => return None,
            Err(e) => {
                let at = reader.buffer_position().min(text.len());
                let line = text.as_bytes()[..at]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count()
                    + 1;
                return Some((line, e.to_string()));
            }
            _ => {}
        }
    }
}

// ---------------------------------------------------------------------------------------
// .tmj / .tsj, as JSON
// ---------------------------------------------------------------------------------------

fn from_json<'a, T: Deserialize<'a>>(path: &Path, text: &'a str) -> Result<T> {
    serde_json::from_str(text).map_err(|e| {
        Error::level(
            path,
            format!("line {}: not a valid Tiled JSON file: {e}", e.line()),
        )
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
}

impl JsonTileset {
    fn into_def(self, source: &Path, first_gid: u32) -> Result<TilesetDef> {
        if self.tilewidth == 0 || self.tileheight == 0 {
            return Err(Error::level(
                source,
                format!(
                    "tileset `{}` has no tile width or height",
                    crate::escape(&self.name)
                ),
            ));
        }
        let dir = source.parent().unwrap_or(Path::new(""));
        let mut names = BTreeMap::new();
        let mut one_way = Vec::new();
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
        }
        one_way.sort_unstable();
        Ok(TilesetDef {
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

fn read_tmj(path: &Path) -> Result<MapDef> {
    let text = read_text(path)?;
    let map: JsonMap = from_json(path, &text)?;
    if map.infinite {
        return Err(infinite(path));
    }
    if let Some(o) = map.orientation.as_deref().filter(|o| *o != "orthogonal") {
        return Err(Error::level(
            path,
            format!("a {o} map; only orthogonal maps have square cells"),
        ));
    }
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut tilesets = Vec::new();
    for ts in map.tilesets {
        let first = ts.firstgid.unwrap_or(1);
        let def = match &ts.source {
            Some(src) => {
                let file = dir.join(src);
                if !file.is_file() {
                    return Err(Error::level(
                        path,
                        format!(
                            "cannot read its external tileset {}: it does not exist",
                            shown(&file)
                        ),
                    ));
                }
                let mut def = read_tileset(&file)?;
                def.first_gid = first;
                def
            }
            None => ts.into_def(path, first)?,
        };
        tilesets.push(def);
    }
    tilesets.sort_by_key(|t| t.first_gid);
    let mut layers = Vec::new();
    for layer in &map.layers {
        json_layer(path, layer, "", &tilesets, &mut layers)?;
    }
    Ok(MapDef {
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
pub(crate) fn resolve_gid(raw: u32, tilesets: &[TilesetDef]) -> Option<TileRef> {
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
    tilesets: &[TilesetDef],
    out: &mut Vec<LayerDef>,
) -> Result<()> {
    let name = format!("{group}{}", layer.name);
    let at = |problem: String| {
        Error::level(path, format!("layer `{}`: {problem}", crate::escape(&name)))
    };
    let kind = match layer.kind.as_str() {
        "tilelayer" => {
            if layer.chunks.is_some() {
                return Err(infinite(path));
            }
            let gids = json_gids(layer).map_err(at)?;
            let count = layer.width as usize * layer.height as usize;
            if gids.len() != count {
                return Err(at(format!(
                    "{} tiles for {}×{} cells",
                    gids.len(),
                    layer.width,
                    layer.height
                )));
            }
            LayerKind::Tiles(gids.iter().map(|&g| resolve_gid(g, tilesets)).collect())
        }
        "objectgroup" => LayerKind::Objects(
            layer
                .objects
                .iter()
                .map(|o| ObjectDef {
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
    out.push(LayerDef {
        name,
        collision: json_bool(&layer.properties, "collision"),
        kind,
    });
    Ok(())
}

/// A JSON tile layer's global ids: an array, or Base64 (uncompressed, zlib or gzip).
fn json_gids(layer: &JsonLayer) -> std::result::Result<Vec<u32>, String> {
    use base64::Engine as _;
    use std::io::Read as _;
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
            let raw = base64::engine::general_purpose::STANDARD
                .decode(text.trim())
                .map_err(|e| format!("its Base64 data cannot be decoded: {e}"))?;
            let mut bytes = Vec::new();
            let inflated = match compression {
                "" => {
                    bytes = raw;
                    Ok(0)
                }
                "zlib" => flate2::read::ZlibDecoder::new(&raw[..]).read_to_end(&mut bytes),
                "gzip" => flate2::read::GzDecoder::new(&raw[..]).read_to_end(&mut bytes),
                other => {
                    return Err(format!(
                        "Base64 encoding with {other} compression is not supported (use CSV, or Base64 uncompressed, zlib or gzip)"
                    ));
                }
            };
            inflated.map_err(|e| format!("its {compression} data cannot be decompressed: {e}"))?;
            if bytes.len() % 4 != 0 {
                return Err("its Base64 data is not a whole number of 4-byte tile ids".into());
            }
            Ok(bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect())
        }
        _ => Err(format!(
            "{encoding} encoding with {} compression is not supported (use CSV, or Base64 uncompressed, zlib or gzip)",
            if compression.is_empty() {
                "no"
            } else {
                compression
            }
        )),
    }
}
