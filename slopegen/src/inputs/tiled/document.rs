//! What slopegen keeps of a Tiled file, whichever its format: maps (`.tmx` through the `tiled` crate, `.tmj` as JSON)
//! and tilesets (`.tsx` through `tiled`, `.tsj` as JSON, or embedded in a map).
//!
//! Only what collision needs is kept: the map's size and tile size, each tileset's sheet and
//! its tiles' `name` and `one_way` properties, each layer's name, `collision` property and
//! cells (with Tiled's flip flags), and the named points and rectangles of object layers.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::error::map::MapError;
use crate::error::{Error, Result};
use crate::inputs::sheet::SheetSpec;

/// A tileset as a map (or a `.tsx`) declares it.
#[derive(Clone, Debug, PartialEq)]
pub struct TiledTileset {
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
    /// The collision shapes drawn in Tiled's tile collision editor, by tile id.
    pub shapes: BTreeMap<u32, Vec<TileShape>>,
    /// The tileset's `collision_from` property (`shapes` or `image`), if it has one.
    pub collision_from: Option<String>,
}

impl TiledTileset {
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
    /// Index into [`TiledMap::tilesets`].
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
    Objects(Vec<TiledObject>),
    /// An image layer (nothing for collision).
    Image,
}

/// A layer.
#[derive(Clone, Debug, PartialEq)]
pub struct TiledLayer {
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
pub struct TiledObject {
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
pub struct TiledMap {
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
    pub tilesets: Vec<TiledTileset>,
    /// Its layers, top-level first, group members after their group's name.
    pub layers: Vec<TiledLayer>,
}

/// `path` is a file (the map or tileset `what`).
pub(super) fn check_exists(path: &Path, what: &'static str) -> Result<()> {
    let missing = |exists| MapError::Missing {
        file: path.to_owned(),
        what,
        exists,
    };
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(()),
        Ok(_) => Err(missing(true).into()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(missing(false).into()),
        Err(source) => Err(Error::Read {
            path: path.to_owned(),
            source,
        }),
    }
}

/// An infinite map's error.
pub(super) fn infinite(path: &Path) -> Error {
    MapError::Infinite {
        file: path.to_owned(),
    }
    .into()
}

/// A tile layer's Base64 data (uncompressed, zlib or gzip) as global tile ids, at most one
/// more than `cells` (and than a packed map's [`MAX_MAP_CELLS`]): a layer needs `cells`, and
/// inflating no further keeps a small file from unpacking to gigabytes. The error says
/// what is wrong with the data.
///
/// [`MAX_MAP_CELLS`]: slope_runtime::MAX_MAP_CELLS
pub(super) fn base64_gids(
    text: &str,
    compression: &str,
    cells: usize,
) -> std::result::Result<Vec<u32>, String> {
    use base64::Engine as _;
    use std::io::Read as _;
    if !matches!(compression, "" | "zlib" | "gzip") {
        return Err(unsupported_encoding("base64", compression));
    }
    let raw = base64::engine::general_purpose::STANDARD
        .decode(text.trim())
        .map_err(|e| format!("its Base64 data cannot be decoded: {e}"))?;
    let cells = cells.min(slope_runtime::MAX_MAP_CELLS as usize);
    let limit = (cells as u64 + 1) * 4;
    let mut bytes = Vec::new();
    let inflated = match compression {
        "zlib" => flate2::read::ZlibDecoder::new(&raw[..])
            .take(limit)
            .read_to_end(&mut bytes),
        "gzip" => flate2::read::GzDecoder::new(&raw[..])
            .take(limit)
            .read_to_end(&mut bytes),
        _ => {
            bytes = raw;
            Ok(0)
        }
    };
    inflated.map_err(|e| format!("its {compression} data cannot be decompressed: {e}"))?;
    bytes.truncate(limit as usize);
    if bytes.len() % 4 != 0 {
        return Err("its Base64 data is not a whole number of 4-byte tile ids".into());
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// What is wrong with a tile layer of `width`×`height` cells whose data holds `found` tile
/// ids, if anything (`found` past the cells: at least that many, the rest unread).
pub(super) fn tile_count_problem(found: usize, width: u32, height: u32) -> Option<String> {
    let cells = width as usize * height as usize;
    match found.cmp(&cells) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Less => Some(format!("{found} tiles for {width}×{height} cells")),
        std::cmp::Ordering::Greater => Some(format!(
            "more than {cells} tiles for {width}×{height} cells"
        )),
    }
}

/// The problem of a tile layer in an encoding slopegen does not read.
pub(super) fn unsupported_encoding(encoding: &str, compression: &str) -> String {
    let compression = if compression.is_empty() {
        "no"
    } else {
        compression
    };
    format!(
        "a tile layer uses {encoding} encoding with {compression} compression, which is not supported (use CSV, or Base64 uncompressed, zlib or gzip)"
    )
}

/// One shape of a tile's collision, in Tiled's pixels (y down, from the tile's top-left).
#[derive(Clone, Debug, PartialEq)]
pub struct TileShape {
    /// x of the object (its top-left corner, or a polygon's origin).
    pub x: f64,
    /// y of the object, down.
    pub y: f64,
    /// Clockwise rotation in degrees.
    pub rotation: f64,
    /// What it is.
    pub kind: ShapeKind,
}

/// The kinds of objects a tile's collision may hold.
#[derive(Clone, Debug, PartialEq)]
pub enum ShapeKind {
    /// A rectangle of this width and height.
    Rect(f64, f64),
    /// An ellipse in the box of this width and height.
    Ellipse(f64, f64),
    /// A capsule (a rectangle with round ends) of this width and height.
    Capsule(f64, f64),
    /// A polygon: its points relative to the object's position.
    Polygon(Vec<(f64, f64)>),
    /// Something with no inside: `polyline`, `point`, `text`, `tile`.
    NoInside(&'static str),
    /// A shape its file does not describe whole (a polygon point without a number): what is
    /// wrong.
    Malformed(String),
}
