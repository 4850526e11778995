//! `.tmx` maps and `.tsx` tilesets, read through the `tiled` crate.

use crate::inputs::tiled::document::{ShapeKind, TileShape};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::error::map::MapError;
use crate::error::{Error, Result};
use crate::inputs::path::extension;
use crate::inputs::read_text;
use crate::inputs::sheet::SheetSpec;
use crate::inputs::tiled::document::{
    LayerKind, ObjectShape, TileRef, TiledLayer, TiledMap, TiledObject, TiledTileset, base64_gids,
    infinite, tile_count_problem,
};

/// Reads a `.tsx` tileset.
pub(super) fn read_tsx(path: &Path) -> Result<TiledTileset> {
    let mut loader = tiled::Loader::new();
    let ts = loader
        .load_tsx_tileset(path)
        .map_err(|e| tiled_error(path, e))?;
    Ok(tileset_from_tiled(&ts, path, 1))
}

/// Reads a `.tmx` map.
pub(super) fn read_tmx(path: &Path) -> Result<TiledMap> {
    // Unreadable: `tiled` says so, naming the file.
    let text = read_text(path);
    if let Ok(text) = &text {
        check_layer_data(path, text)?;
    }
    let mut loader = tiled::Loader::new();
    let map = loader
        .load_tmx_map(path)
        .map_err(|e| tiled_error(path, e))?;
    if map.infinite() {
        return Err(infinite(path));
    }
    if map.orientation != tiled::Orientation::Orthogonal {
        return Err(MapError::NotOrthogonal {
            file: path.to_owned(),
            orientation: map.orientation.to_string(),
        }
        .into());
    }
    // `tiled` numbers tilesets in the map's order; first gids follow from tile counts only
    // for consecutive tilesets, so read them from the file.
    let first_gids = first_gids_in_xml(&text?);
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
    Ok(TiledMap {
        path: path.to_owned(),
        width: map.width,
        height: map.height,
        tile_width: map.tile_width,
        tile_height: map.tile_height,
        tilesets,
        layers,
    })
}

/// Checks that each tile layer of a finite map holds one tile per cell, before `tiled`
/// reads it: `tiled` looks a cell up by the layer's width and height without checking that
/// its data holds that many tiles (a short layer would panic), and inflates compressed data
/// without a bound. The walk follows `tiled`'s own: `<layer>`s among the children of
/// `<map>` and of its `<group>`s, a layer's `<data>` elements, the first text in each,
/// elements matched by their local names.
/// A file that is not well-formed, or that `tiled` refuses for other reasons, passes:
/// `tiled` reports those.
fn check_layer_data(path: &Path, text: &str) -> Result<()> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(text);
    let outcome = loop {
        match reader.read_event() {
            Ok(Event::Start(e)) if e.local_name().as_ref() == b"map" => {
                if attribute(&e, b"infinite").as_deref() == Some("1") {
                    return Ok(()); // refused once read, as infinite
                }
                break check_children(&mut reader, path);
            }
            Ok(Event::Start(_) | Event::Empty(_) | Event::Eof) | Err(_) => return Ok(()),
            Ok(_) => {}
        }
    };
    match outcome {
        Err(Walk::Refused(e)) => Err(e),
        Ok(()) | Err(Walk::Malformed) => Ok(()),
    }
}

/// Why the walk of [`check_layer_data`] stopped early.
enum Walk {
    /// A layer's data is wrong.
    Refused(Error),
    /// The file is not well-formed: `tiled` says where.
    Malformed,
}

/// The children of `<map>` or a `<group>`, up to its end: layers checked, groups entered,
/// anything else skipped.
fn check_children(
    reader: &mut quick_xml::Reader<&[u8]>,
    path: &Path,
) -> std::result::Result<(), Walk> {
    use quick_xml::events::Event;
    loop {
        match reader.read_event().map_err(|_| Walk::Malformed)? {
            Event::Start(e) if e.local_name().as_ref() == b"layer" => {
                check_layer(reader, path, LayerSize::of(&e))?;
            }
            Event::Start(e) if e.local_name().as_ref() == b"group" => check_children(reader, path)?,
            Event::Start(e) => {
                skip(reader, &e)?;
            }
            Event::Empty(e) if e.local_name().as_ref() == b"layer" => {
                if let Some(size) = LayerSize::of(&e) {
                    size.check(path, 0).map_err(Walk::Refused)?;
                }
            }
            Event::End(_) => return Ok(()),
            Event::Eof => return Err(Walk::Malformed),
            _ => {}
        }
    }
}

/// A `<layer>`'s children, up to its end: each `<data>`'s tiles counted and checked (none
/// at all: no tiles).
fn check_layer(
    reader: &mut quick_xml::Reader<&[u8]>,
    path: &Path,
    size: Option<LayerSize>,
) -> std::result::Result<(), Walk> {
    use quick_xml::events::Event;
    let mut has_data = false;
    loop {
        let (e, text) = match reader.read_event().map_err(|_| Walk::Malformed)? {
            Event::Start(e) if e.local_name().as_ref() == b"data" => {
                let text = first_text(reader)?;
                (e, text)
            }
            Event::Empty(e) if e.local_name().as_ref() == b"data" => (e, String::new()),
            Event::Start(e) => {
                skip(reader, &e)?;
                continue;
            }
            Event::End(_) => {
                return match size.filter(|_| !has_data) {
                    Some(size) => size.check(path, 0).map_err(Walk::Refused),
                    None => Ok(()),
                };
            }
            Event::Eof => return Err(Walk::Malformed),
            _ => continue,
        };
        has_data = true;
        if let Some(size) = &size {
            let encoding = attribute(&e, b"encoding").unwrap_or_default();
            let compression = attribute(&e, b"compression").unwrap_or_default();
            size.check_data(path, &encoding, &compression, &text)
                .map_err(Walk::Refused)?;
        }
    }
}

/// The first text (or CDATA) of an element, up to its end, as `tiled` reads a layer's
/// data: nested elements skipped, later text ignored.
fn first_text(reader: &mut quick_xml::Reader<&[u8]>) -> std::result::Result<String, Walk> {
    use quick_xml::events::Event;
    let mut text = None;
    loop {
        match reader.read_event().map_err(|_| Walk::Malformed)? {
            Event::Text(t) if text.is_none() => {
                text = Some(t.unescape().map_err(|_| Walk::Malformed)?.into_owned());
            }
            Event::CData(t) if text.is_none() => {
                text = Some(String::from_utf8_lossy(&t).into_owned());
            }
            Event::Start(e) => {
                skip(reader, &e)?;
            }
            Event::End(_) => return Ok(text.unwrap_or_default()),
            Event::Eof => return Err(Walk::Malformed),
            _ => {}
        }
    }
}

/// Reads past the end of the element `e` starts, its contents unread.
fn skip(
    reader: &mut quick_xml::Reader<&[u8]>,
    e: &quick_xml::events::BytesStart<'_>,
) -> std::result::Result<(), Walk> {
    let end = e.to_end().into_owned();
    reader
        .read_to_end(end.name())
        .map_err(|_| Walk::Malformed)?;
    Ok(())
}

/// A tile layer's name and size, as `tiled` reads them.
struct LayerSize {
    name: String,
    width: u32,
    height: u32,
}

impl LayerSize {
    /// The size a `<layer>` declares (`None` when `tiled` will refuse it).
    fn of(e: &quick_xml::events::BytesStart<'_>) -> Option<LayerSize> {
        let size = |name| attribute(e, name).and_then(|v| v.parse::<u32>().ok());
        Some(LayerSize {
            name: attribute(e, b"name").unwrap_or_default(),
            width: size(b"width")?,
            height: size(b"height")?,
        })
    }

    fn cells(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }

    /// The tiles of one `<data>` element, counted as `tiled` decodes them, and checked.
    fn check_data(&self, path: &Path, encoding: &str, compression: &str, text: &str) -> Result<()> {
        if self.cells() > u64::from(slope_runtime::MAX_MAP_CELLS) {
            return self.check(path, 0);
        }
        let found = match encoding {
            "csv" if compression.is_empty() && text.trim().is_empty() => 0,
            "csv" if compression.is_empty() => text.split(',').count(),
            "base64" => base64_gids(text, compression, self.cells() as usize)
                .map_err(|problem| self.problem(path, problem))?
                .len(),
            _ => return Ok(()), // refused by `tiled`, naming the encoding
        };
        self.check(path, found)
    }

    /// The layer's size is one a packed map can hold, and its data holds `found` tiles, one
    /// per cell.
    fn check(&self, path: &Path, found: usize) -> Result<()> {
        if self.cells() > u64::from(slope_runtime::MAX_MAP_CELLS) {
            return Err(MapError::MapSize {
                file: path.to_owned(),
                layer: Some(self.name.clone()),
                width: self.width,
                height: self.height,
            }
            .into());
        }
        match tile_count_problem(found, self.width, self.height) {
            Some(problem) => Err(self.problem(path, problem)),
            None => Ok(()),
        }
    }

    fn problem(&self, path: &Path, problem: String) -> Error {
        MapError::LayerData {
            file: path.to_owned(),
            layer: Some(self.name.clone()),
            problem,
        }
        .into()
    }
}

/// An attribute's value as `tiled` reads it: matched by local name, unescaped, the last of
/// its name winning; `None` when absent or when the attributes do not parse.
fn attribute(e: &quick_xml::events::BytesStart<'_>, name: &[u8]) -> Option<String> {
    let mut value = None;
    for a in e.attributes() {
        let a = a.ok()?;
        if a.key.local_name().as_ref() == name {
            value = Some(a.unescape_value().ok()?.into_owned());
        }
    }
    value
}

fn tmx_layer(
    path: &Path,
    layer: &tiled::Layer<'_>,
    group: &str,
    out: &mut Vec<TiledLayer>,
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
                return Err(MapError::MapSize {
                    file: path.to_owned(),
                    layer: Some(name),
                    width: w,
                    height: h,
                }
                .into());
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
                .map(|o| TiledObject {
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
    out.push(TiledLayer {
        name,
        collision,
        kind,
    });
    Ok(())
}

/// A tile's collision object read by the `tiled` crate, as a [`TileShape`].
fn tiled_shape(o: &tiled::ObjectData) -> TileShape {
    let f = f64::from;
    let kind = match &o.shape {
        tiled::ObjectShape::Rect { .. } if o.tile_data().is_some() => ShapeKind::NoInside("tile"),
        &tiled::ObjectShape::Rect { width, height } => ShapeKind::Rect(f(width), f(height)),
        &tiled::ObjectShape::Ellipse { width, height } => ShapeKind::Ellipse(f(width), f(height)),
        &tiled::ObjectShape::Capsule { width, height } => ShapeKind::Capsule(f(width), f(height)),
        tiled::ObjectShape::Polygon { points } => {
            ShapeKind::Polygon(points.iter().map(|&(x, y)| (f(x), f(y))).collect())
        }
        tiled::ObjectShape::Polyline { .. } => ShapeKind::NoInside("polyline"),
        tiled::ObjectShape::Point(..) => ShapeKind::NoInside("point"),
        tiled::ObjectShape::Text { .. } => ShapeKind::NoInside("text"),
    };
    TileShape {
        x: f(o.x),
        y: f(o.y),
        rotation: f(o.rotation),
        kind,
    }
}

fn tileset_from_tiled(ts: &tiled::Tileset, source: &Path, first_gid: u32) -> TiledTileset {
    let mut names = BTreeMap::new();
    let mut one_way = Vec::new();
    let mut shapes = BTreeMap::new();
    for (id, tile) in ts.tiles() {
        if let Some(group) = &tile.collision
            && !group.object_data().is_empty()
        {
            shapes.insert(id, group.object_data().iter().map(tiled_shape).collect());
        }
        if let Some(tiled::PropertyValue::StringValue(n)) = tile.properties.get("name") {
            names.insert(id, n.clone());
        }
        if let Some(tiled::PropertyValue::BoolValue(true)) = tile.properties.get("one_way") {
            one_way.push(id);
        }
    }
    one_way.sort_unstable();
    TiledTileset {
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
        shapes,
        collision_from: match ts.properties.get("collision_from") {
            Some(tiled::PropertyValue::StringValue(v)) => Some(v.clone()),
            Some(other) => Some(format!("{other:?}")),
            None => None,
        },
    }
}

/// The `firstgid` of each `<tileset>` of a map, in order.
fn first_gids_in_xml(text: &str) -> Vec<u32> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(text);
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
    gids
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
            MapError::Unreadable {
                file: path.to_owned(),
                what,
                missing,
                reason: err.to_string(),
            }
            .into()
        }
        tiled::Error::InvalidEncodingFormat {
            encoding,
            compression,
        } => MapError::LayerData {
            file: path.to_owned(),
            layer: None,
            problem: format!(
                "a tile layer uses {} encoding with {} compression, which is not supported (use CSV, or Base64 uncompressed, zlib or gzip)",
                encoding.as_deref().unwrap_or("no"),
                compression.as_deref().unwrap_or("no")
            ),
        }
        .into(),
        other => {
            // The first file (the map, then its external tilesets) that is not well-formed,
            // and where.
            let mut files = vec![path.to_owned()];
            files.extend(external_tilesets(path));
            for file in &files {
                if let Some((line, why)) = xml_problem(file) {
                    return syntax(file, Some(line), format!("not valid XML: {why}"));
                }
            }
            let message = other.to_string();
            for file in &files {
                if let Some(line) = semantic_problem_line(file, &other) {
                    return syntax(file, Some(line), format!("cannot be parsed: {message}"));
                }
            }
            syntax(path, None, format!("cannot be parsed: {message}"))
        }
    }
}

fn syntax(file: &Path, line: Option<usize>, message: String) -> Error {
    MapError::Syntax {
        file: file.to_owned(),
        line,
        message,
    }
    .into()
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
