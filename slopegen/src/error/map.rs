//! [`MapError`]: what can be wrong with a Tiled map, a tileset or a sheet image, each problem
//! with its file and, where it applies, its layer, cell, tile or object as fields.

use std::path::PathBuf;

use crate::error::text::{escape, shown};

/// A Tiled map, a Tiled tileset or a tileset sheet that cannot be used. Each variant names
/// its file (`file`) and, where it applies, the layer, the cell (x, y, y down as in Tiled),
/// the tile or the object, so that a build script can match the problems it handles:
///
/// ```
/// # let levels = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/levels");
/// use slopegen::{Error, MapError};
///
/// match slopegen::Builder::new(format!("{levels}/hills.tmx")).layer("water").compile() {
///     Err(Error::Map(MapError::NoSuchLayer { layer, .. })) => assert_eq!(layer, "water"),
///     other => panic!("{other:?}"),
/// }
/// ```
///
/// Not to be confused with `slope_runtime::MapError`, what loading a packed map reports.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MapError {
    /// The map or tileset file does not exist, or is not a file.
    #[error("{}: {}", shown(.file), if *.exists { format!("not a {what} file") } else { format!("{what} file does not exist") })]
    Missing {
        /// The path given.
        file: PathBuf,
        /// `map` or `tileset`.
        what: &'static str,
        /// Whether something else (a folder…) is there.
        exists: bool,
    },
    /// The file cannot be parsed: not UTF-8, not well-formed XML or JSON, or not what Tiled
    /// writes.
    #[error("{}: {}{message}", shown(.file), line_prefix(*.line))]
    Syntax {
        /// The file.
        file: PathBuf,
        /// The line, when it is known.
        line: Option<usize>,
        /// What is wrong, e.g. `not valid XML: …`.
        message: String,
    },
    /// A file the map names (an external tileset, a template) cannot be read.
    #[error("{}: cannot read its {what} {}: {reason}", shown(.file), shown(.missing))]
    Unreadable {
        /// The map.
        file: PathBuf,
        /// `external tileset`, `template` or `file`.
        what: &'static str,
        /// The file it names.
        missing: PathBuf,
        /// Why it cannot be read.
        reason: String,
    },
    /// An infinite map (stored in chunks).
    #[error("{}: an infinite map (stored in chunks) is not supported: in Tiled, uncheck Map Properties › Infinite", shown(.file))]
    Infinite {
        /// The map.
        file: PathBuf,
    },
    /// An isometric, staggered or hexagonal map.
    #[error("{}: a {orientation} map; only orthogonal maps have square cells", shown(.file))]
    NotOrthogonal {
        /// The map.
        file: PathBuf,
        /// Its orientation, as Tiled names it.
        orientation: String,
    },
    /// A map whose cells are not square.
    #[error("{}: cells of {width}×{height} px; tiles must be square", shown(.file))]
    CellsNotSquare {
        /// The map.
        file: PathBuf,
        /// Cell width in pixels.
        width: u32,
        /// Cell height in pixels.
        height: u32,
    },
    /// A map (or one of its tile layers) outside the runtime's limits.
    #[error(
        "{}: {} of {width}×{height} cells; the runtime's limits are 1 to 65535 cells a side and {} cells in all",
        shown(.file),
        .layer.as_ref().map_or_else(|| "a map".to_owned(), |l| format!("layer `{}`", escape(l))),
        slope_runtime::MAX_MAP_CELLS
    )]
    MapSize {
        /// The map.
        file: PathBuf,
        /// The layer, when a layer is larger than the map may be.
        layer: Option<String>,
        /// Cells per row.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// A tile layer's data cannot be read: an unsupported encoding or compression, data that
    /// does not decode, or not as many tiles as cells.
    #[error("{}: {}{problem}", shown(.file), .layer.as_ref().map_or_else(String::new, |l| format!("layer `{}`: ", escape(l))))]
    LayerData {
        /// The map.
        file: PathBuf,
        /// The layer, when it is known.
        layer: Option<String>,
        /// What is wrong.
        problem: String,
    },
    /// The collision layer has not one cell per cell of the map.
    #[error("{}: its collision layer has {cells} cells, not {width}×{height}", shown(.file))]
    LayerSize {
        /// The map.
        file: PathBuf,
        /// Its cells.
        cells: usize,
        /// The map's width in cells.
        width: u32,
        /// The map's height in cells.
        height: u32,
    },
    /// No layer was named, and none is marked or named `collision`.
    #[error("{}: no collision layer: name one with --layer, give a tile layer the boolean property `collision` = true, or call it `collision`; {}", shown(.file), layer_list(.layers))]
    NoCollisionLayer {
        /// The map.
        file: PathBuf,
        /// Its layers: name and kind (`tiles`, `objects`, `image`).
        layers: Vec<(String, &'static str)>,
    },
    /// The layer asked for does not exist.
    #[error("{}: no layer named `{}`; {}", shown(.file), escape(.layer), layer_list(.layers))]
    NoSuchLayer {
        /// The map.
        file: PathBuf,
        /// The name asked for.
        layer: String,
        /// Its layers: name and kind.
        layers: Vec<(String, &'static str)>,
    },
    /// The collision layer is not a tile layer.
    #[error("{}: layer `{}` is not a tile layer; {}", shown(.file), escape(.layer), layer_list(.layers))]
    NotATileLayer {
        /// The map.
        file: PathBuf,
        /// The layer.
        layer: String,
        /// Its layers: name and kind.
        layers: Vec<(String, &'static str)>,
    },
    /// A cell of the collision layer holds a tile its tileset does not have.
    #[error(
        "{}: layer `{}`, cell ({x}, {y}): tile id {id} (global id {global_id}) is outside tileset `{}`, which has {tiles} tiles",
        shown(.file), escape(.layer), escape(.tileset)
    )]
    UnknownTile {
        /// The map.
        file: PathBuf,
        /// The collision layer.
        layer: String,
        /// The cell's column.
        x: u32,
        /// The cell's row, from the top.
        y: u32,
        /// The tile's id in its tileset.
        id: u32,
        /// Its global id in the map.
        global_id: u32,
        /// The tileset.
        tileset: String,
        /// How many tiles the tileset has.
        tiles: usize,
    },
    /// A cell of the collision layer holds a tile of no tileset.
    #[error("{}: layer `{}`, cell ({x}, {y}): a tile outside any tileset", shown(.file), escape(.layer))]
    NoTileset {
        /// The map.
        file: PathBuf,
        /// The collision layer.
        layer: String,
        /// The cell's column.
        x: u32,
        /// The cell's row, from the top.
        y: u32,
    },
    /// A cell of the collision layer holds a tile of an image-collection tileset (reported at
    /// the first such cell of each tileset).
    #[error(
        "{}: layer `{}`, cell ({x}, {y}): tile id {id} is from tileset `{}`, a collection of images; a collision tileset must be one sheet image",
        shown(.file), escape(.layer), escape(.tileset)
    )]
    ImageCollection {
        /// The map.
        file: PathBuf,
        /// The collision layer.
        layer: String,
        /// The cell's column.
        x: u32,
        /// The cell's row, from the top.
        y: u32,
        /// The tile's id.
        id: u32,
        /// The tileset.
        tileset: String,
    },
    /// A tileset given alone is a collection of images, not one sheet.
    #[error("{}: a collection of images, not one sheet image; a collision tileset must be a sheet", shown(.file))]
    NotASheet {
        /// The tileset.
        file: PathBuf,
    },
    /// A tileset used on the collision layer has tiles of another size than the map's cells.
    #[error(
        "{}: tileset `{}` has {tile_width}×{tile_height} px tiles, but the map {} has {cell_width}×{cell_height} px cells",
        shown(.file), escape(.tileset), shown(.map)
    )]
    WrongTileSize {
        /// The tileset's file (the map, for an embedded one).
        file: PathBuf,
        /// The tileset.
        tileset: String,
        /// Its tile width.
        tile_width: u32,
        /// Its tile height.
        tile_height: u32,
        /// The map.
        map: PathBuf,
        /// The map's cell width.
        cell_width: u32,
        /// The map's cell height.
        cell_height: u32,
    },
    /// Maps sharing one blob have different tile sizes.
    #[error(
        "{}: its tiles are {size}×{size} px, but {} has {other_size}×{other_size} px tiles; maps that share one tables blob need one tile size",
        shown(.file), shown(.other)
    )]
    TileSizesDiffer {
        /// The map.
        file: PathBuf,
        /// Its tile size.
        size: u32,
        /// The first map.
        other: PathBuf,
        /// The first map's tile size.
        other_size: u32,
    },
    /// Two maps would get the same module in the generated Rust.
    #[error("{}: another map gives the same module name `{module}`; rename one of them", shown(.file))]
    SameModule {
        /// The second map.
        file: PathBuf,
        /// The module name.
        module: String,
    },
    /// More distinct cells than a packed map can hold.
    #[error("{}: {cells} distinct cells (shape, variant, one-way); a packed map holds at most 65535", shown(.file))]
    TooManyCells {
        /// The map.
        file: PathBuf,
        /// Its distinct cells.
        cells: usize,
    },
    /// A named object that cannot become a constant.
    #[error("{}: layer `{}`, object `{}`: {problem}", shown(.file), escape(.layer), escape(.object))]
    BadObject {
        /// The map.
        file: PathBuf,
        /// Its object layer.
        layer: String,
        /// The object's name.
        object: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A tileset without a tile width or height.
    #[error("{}: tileset `{}` has no tile width or height", shown(.file), escape(.tileset))]
    NoTileSize {
        /// The tileset's file.
        file: PathBuf,
        /// The tileset.
        tileset: String,
    },
    /// A tileset's image does not exist.
    #[error("{}: its tileset image {} does not exist", shown(.file), shown(.image))]
    MissingImage {
        /// The tileset's file (or the map).
        file: PathBuf,
        /// The image.
        image: PathBuf,
    },
    /// A sheet's tiles are not square, or not 4 to 64 pixels.
    #[error(
        "{}: tiles of {width}×{height} pixels; {}",
        shown(.file),
        if .width == .height { "the tile size must be 4 to 64" } else { "tiles must be square" }
    )]
    SheetTileSize {
        /// The tileset (or the sheet image).
        file: PathBuf,
        /// Tile width.
        width: u32,
        /// Tile height.
        height: u32,
    },
    /// A sheet image that is not a whole number of tiles.
    #[error(
        "{}: the image is {width}×{height} pixels: its {axis} ({}) is not a whole number of {tile}-pixel tiles with margin {margin} and spacing {spacing} (2·margin + k·{tile} + (k−1)·spacing)",
        shown(.file),
        if *.axis == "width" { .width } else { .height }
    )]
    SheetGrid {
        /// The image.
        file: PathBuf,
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
        /// `width` or `height`: the side that does not fit.
        axis: &'static str,
        /// The tile size.
        tile: u32,
        /// The margin.
        margin: u32,
        /// The spacing.
        spacing: u32,
    },
    /// A sheet tile whose name cannot be a shape's.
    #[error("{}: tile {tile}: {problem}", shown(.file))]
    BadTileName {
        /// The tileset (or the sheet image).
        file: PathBuf,
        /// The tile's index.
        tile: u32,
        /// What is wrong with its name.
        problem: String,
    },
    /// A sheet given alone has no shape.
    #[error("{}: no shapes: every tile of the sheet is empty or fully solid", shown(.file))]
    NoShapes {
        /// The sheet (or tileset).
        file: PathBuf,
    },
    /// A tile's collision shapes (Tiled's tile collision editor) cannot be rasterized: a
    /// polyline, point or text (no inside), or a rotated shape.
    #[error("{}: tileset `{}`: tile {tile}: {problem}", shown(.file), escape(.tileset))]
    BadCollisionShape {
        /// The tileset's file (or the map, for an embedded one).
        file: PathBuf,
        /// The tileset.
        tileset: String,
        /// The tile's id.
        tile: u32,
        /// What is wrong.
        problem: String,
    },
    /// A tileset's `collision_from` property is neither `shapes` nor `image`.
    #[error(
        "{}: tileset `{}`: its property `collision_from` is `{}`; it may be `shapes` (each tile's collision shapes, a tile without shapes is empty) or `image` (the tile's pixels, shapes ignored)",
        shown(.file), escape(.tileset), escape(.value)
    )]
    BadCollisionFrom {
        /// The tileset's file (or the map).
        file: PathBuf,
        /// The tileset.
        tileset: String,
        /// The property's value.
        value: String,
    },
    /// An LDtk level's file (`.ldtkl`) cannot be read, the project lists a level without
    /// layers or a file, or a level's (or its world's) identifier cannot be part of a file
    /// name.
    #[error("{}: level `{}`: {problem}", shown(.file), escape(.level))]
    LevelFile {
        /// The project.
        file: PathBuf,
        /// The level's identifier.
        level: String,
        /// What is wrong.
        problem: String,
    },
    /// An LDtk level has no layer that may be its collision layer: none named `collision`
    /// (`layer` is `None`), none of the name asked for, or the one asked for holds entities.
    #[error(
        "{}: level `{}`: {}; {}",
        shown(.file), escape(.level), level_layer_problem(.layer, .layers), layer_list(.layers)
    )]
    NoLevelLayer {
        /// The project (or the level's own file).
        file: PathBuf,
        /// The level's identifier.
        level: String,
        /// The layer asked for (`--layer`), if one was.
        layer: Option<String>,
        /// The level's layers: name and kind (`tiles`, `auto-layer`, `IntGrid`, `entities`).
        layers: Vec<(String, &'static str)>,
    },
    /// An LDtk level's collision layer cannot be used as a whole: its grid, its size, its
    /// tileset.
    #[error("{}: level `{}`, layer `{}`: {problem}", shown(.file), escape(.level), escape(.layer))]
    LevelLayer {
        /// The project (or the level's own file).
        file: PathBuf,
        /// The level's identifier.
        level: String,
        /// The collision layer.
        layer: String,
        /// What is wrong.
        problem: String,
    },
    /// A cell of an LDtk level's collision layer: several tiles, a tile off the grid or
    /// outside its tileset, an IntGrid value that names no shape.
    #[error(
        "{}: level `{}`, layer `{}`: cell ({x}, {y}): {problem}",
        shown(.file), escape(.level), escape(.layer)
    )]
    LevelCell {
        /// The project (or the level's own file).
        file: PathBuf,
        /// The level's identifier.
        level: String,
        /// The collision layer.
        layer: String,
        /// The cell's column.
        x: i64,
        /// The cell's row, from the top (as LDtk shows it).
        y: i64,
        /// What is wrong.
        problem: String,
    },
    /// An LDtk tile named twice (by enum tags or custom data).
    #[error(
        "{}: tileset `{}`, tile {tile}: two names ({}) from its enum tags and custom data; keep one",
        shown(.file), escape(.tileset), quoted(.names)
    )]
    TileNames {
        /// The project.
        file: PathBuf,
        /// The tileset.
        tileset: String,
        /// The tile's id.
        tile: u32,
        /// Its names.
        names: Vec<String>,
    },
    /// An LDtk entity (or one of its fields) that cannot become a constant.
    #[error(
        "{}: level `{}`, layer `{}`: entity `{}`: {problem}",
        shown(.file), escape(.level), escape(.layer), escape(.entity)
    )]
    BadEntity {
        /// The project (or the level's own file).
        file: PathBuf,
        /// The level's identifier.
        level: String,
        /// The entity layer.
        layer: String,
        /// The entity's name (its identifier, numbered when the level has several).
        entity: String,
        /// What is wrong.
        problem: String,
    },
    /// Two LDtk levels would get the same module in the generated Rust.
    #[error(
        "{}: {}level `{}`: another level gives the same module name `{module}`; rename one of them",
        shown(.file),
        .world.as_ref().map_or_else(String::new, |w| format!("world `{}`, ", escape(w))),
        escape(.level)
    )]
    SameLevelModule {
        /// The project.
        file: PathBuf,
        /// The level's world, in a project of several.
        world: Option<String>,
        /// The level's identifier.
        level: String,
        /// The module name.
        module: String,
    },
}

impl MapError {
    /// The file the problem is in.
    pub fn file(&self) -> &std::path::Path {
        match self {
            MapError::Missing { file, .. }
            | MapError::Syntax { file, .. }
            | MapError::Unreadable { file, .. }
            | MapError::Infinite { file }
            | MapError::NotOrthogonal { file, .. }
            | MapError::CellsNotSquare { file, .. }
            | MapError::MapSize { file, .. }
            | MapError::LayerData { file, .. }
            | MapError::LayerSize { file, .. }
            | MapError::NoCollisionLayer { file, .. }
            | MapError::NoSuchLayer { file, .. }
            | MapError::NotATileLayer { file, .. }
            | MapError::UnknownTile { file, .. }
            | MapError::NoTileset { file, .. }
            | MapError::ImageCollection { file, .. }
            | MapError::NotASheet { file }
            | MapError::WrongTileSize { file, .. }
            | MapError::TileSizesDiffer { file, .. }
            | MapError::SameModule { file, .. }
            | MapError::TooManyCells { file, .. }
            | MapError::BadObject { file, .. }
            | MapError::NoTileSize { file, .. }
            | MapError::MissingImage { file, .. }
            | MapError::SheetTileSize { file, .. }
            | MapError::SheetGrid { file, .. }
            | MapError::BadTileName { file, .. }
            | MapError::NoShapes { file }
            | MapError::BadCollisionShape { file, .. }
            | MapError::BadCollisionFrom { file, .. }
            | MapError::LevelFile { file, .. }
            | MapError::NoLevelLayer { file, .. }
            | MapError::LevelLayer { file, .. }
            | MapError::LevelCell { file, .. }
            | MapError::TileNames { file, .. }
            | MapError::BadEntity { file, .. }
            | MapError::SameLevelModule { file, .. } => file,
        }
    }
}

fn line_prefix(line: Option<usize>) -> String {
    line.map_or_else(String::new, |l| format!("line {l}: "))
}

/// `its layers: `a` (tiles), `b` (objects)`, or `it has no layers`.
fn layer_list(layers: &[(String, &'static str)]) -> String {
    if layers.is_empty() {
        return "it has no layers".to_owned();
    }
    let names: Vec<String> = layers
        .iter()
        .map(|(name, kind)| format!("`{}` ({kind})", escape(name)))
        .collect();
    format!("its layers: {}", names.join(", "))
}

/// What keeps a level's layers from giving a collision layer.
fn level_layer_problem(layer: &Option<String>, layers: &[(String, &'static str)]) -> String {
    match layer {
        None => "no collision layer: name one with --layer, or call it `collision`".to_owned(),
        Some(name) => match layers.iter().find(|(n, _)| n == name) {
            Some((_, kind)) => format!(
                "layer `{}` is an {kind} layer; the collision layer must be a tile layer, an auto-layer or an IntGrid layer",
                escape(name)
            ),
            None => format!("no layer named `{}`", escape(name)),
        },
    }
}

/// `` `a`, `b` ``.
fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`{}`", escape(n)))
        .collect::<Vec<_>>()
        .join(", ")
}
