//! Maps: a grid of cells (y up) from an input's collision layer, and the named points and
//! rectangles placed on it.

use std::path::PathBuf;

use slope_runtime::{Cell, Variant};

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
    /// An integer field of an LDtk entity.
    Int(i32),
    /// A boolean field of an LDtk entity.
    Bool(bool),
    /// A string or enum field of an LDtk entity (an enum field gives its value's name).
    Text(String),
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

/// Where a cell's picture comes from: an N×N tile of one of the map's images, placed as the
/// cell's tile is (flipped, rotated), so a game draws what collides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileArt {
    /// The image: an index into [`Map::images`].
    pub image: u16,
    /// The tile's left column in the image, in pixels.
    pub x: u32,
    /// The tile's top row in the image, in pixels (images count rows from the top).
    pub y: u32,
    /// How the tile is placed: the variant of its cell, also for tiles that collide as
    /// blocks or not at all.
    pub variant: Variant,
}

/// A map of cells, ready to pack: one per Tiled map or LDtk level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// The map file.
    pub path: PathBuf,
    /// The map file's stem, or the LDtk level's identifier.
    pub stem: String,
    /// The LDtk world holding the level, in a project of several worlds.
    pub group: Option<String>,
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
    /// Each cell's picture, rows bottom first as `cells` (`None`: nothing drawn there; empty
    /// where the input has no pictures, as an LDtk IntGrid layer).
    pub art: Vec<Option<TileArt>>,
    /// The images [`TileArt::image`] indexes: tileset sheets, as the input names them.
    pub images: Vec<std::path::PathBuf>,
}

impl Map {
    /// Cell (x, y), y up.
    pub fn cell(&self, x: u16, y: u16) -> Cell {
        self.cells
            .get(usize::from(y) * usize::from(self.width) + usize::from(x))
            .copied()
            .unwrap_or(self.outside)
    }
}
