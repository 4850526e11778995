//! A level file as an asset: the tables and every level of a Tiled map or LDtk project.

use std::sync::Arc;

use bevy::prelude::*;
use slope_runtime::{Cell, TileMap};
use slopegen::{Object, ObjectValue, TileArt};

/// A Tiled map (`.tmx`, `.tmj`) or an LDtk project (`.ldtk`) compiled by slopegen: the
/// tables its tiles make and its levels (one for a Tiled map, one per LDtk level).
///
/// Loaded with the [`AssetServer`] (`asset_server.load("levels/level.tmx")`), reloaded
/// when the file or a file it names (a tileset, a tileset image) is saved, with Bevy's
/// `file_watcher` feature.
#[derive(Asset, TypePath, Clone, Debug)]
pub struct LevelFile {
    /// The tables blob (slope-runtime's format), shared by every level of the file.
    pub blob: Arc<[u8]>,
    /// Its levels, in the file's order.
    pub levels: Vec<LevelData>,
}

/// A tileset's picture, as the level file names it.
#[derive(Clone, Debug)]
pub struct TilePicture {
    /// The image file.
    pub path: std::path::PathBuf,
    /// Its pixels.
    pub pixels: Arc<image::RgbaImage>,
}

impl LevelFile {
    /// The level named `name` (an LDtk level's identifier, a Tiled map's file stem), or the
    /// first level for `None`.
    pub fn level(&self, name: Option<&str>) -> Option<&LevelData> {
        match name {
            None => self.levels.first(),
            Some(name) => self.levels.iter().find(|level| level.name == name),
        }
    }
}

/// One level: its collision map and its named objects.
#[derive(Clone, Debug)]
pub struct LevelData {
    /// The LDtk level's identifier, or the Tiled map's file stem.
    pub name: String,
    /// The LDtk world that holds it, in a project of several worlds.
    pub world: Option<String>,
    /// Its collision map.
    pub map: LevelMap,
    /// slopegen's packed map of it (`PackedMap::from_bytes` reads it), as `slopegen`
    /// writes it to `NAME.map`.
    pub packed: Arc<[u8]>,
    /// Its named points, rectangles and entity fields, in world pixels (y up, from the
    /// map's bottom-left corner), in the file's order.
    pub objects: Vec<Object>,
    /// Each cell's tile picture (rows bottom first; empty for a layer with none, as an
    /// LDtk IntGrid layer): which tile of which of `pictures`, placed as which variant.
    pub art: Arc<[Option<TileArt>]>,
    /// The tileset images `art` indexes.
    pub pictures: Vec<TilePicture>,
}

impl LevelData {
    /// The first object named `name` (a Tiled object's name, an LDtk entity's identifier
    /// or `ENTITY.FIELD` for its fields).
    pub fn object(&self, name: &str) -> Option<&ObjectValue> {
        self.objects
            .iter()
            .find(|object| object.name == name)
            .map(|object| &object.value)
    }
}

/// A level's cells in memory, one [`Cell`] each, rows bottom first: the [`TileMap`] the
/// actors move in. Cells outside it are its `outside` cell (slopegen's `--outside`, a
/// wall by default), so actors never leave the level.
///
/// A game may change cells while it runs ([`LevelMap::set`]): a block broken, a door
/// opened. Call `World::unstick` on actors a new solid cell covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelMap {
    width: u16,
    height: u16,
    tile_size: u8,
    cells: Vec<Cell>,
    outside: Cell,
}

impl LevelMap {
    /// A map of `width` × `height` cells of `tile_size` px, rows bottom first; missing
    /// cells are `outside`, extra ones are dropped.
    pub fn new(
        width: u16,
        height: u16,
        tile_size: u8,
        mut cells: Vec<Cell>,
        outside: Cell,
    ) -> Self {
        cells.resize(usize::from(width) * usize::from(height), outside);
        LevelMap {
            width,
            height,
            tile_size,
            cells,
            outside,
        }
    }

    /// Cells per row.
    pub fn width(&self) -> u16 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u16 {
        self.height
    }

    /// A cell's side in pixels.
    pub fn tile_size(&self) -> u8 {
        self.tile_size
    }

    /// The map's size in pixels.
    pub fn size_px(&self) -> UVec2 {
        UVec2::new(u32::from(self.width), u32::from(self.height)) * u32::from(self.tile_size)
    }

    /// The cell everything outside the map is.
    pub fn outside(&self) -> Cell {
        self.outside
    }

    fn index(&self, tx: i32, ty: i32) -> Option<usize> {
        let x = u16::try_from(tx).ok().filter(|&x| x < self.width)?;
        let y = u16::try_from(ty).ok().filter(|&y| y < self.height)?;
        Some(usize::from(y) * usize::from(self.width) + usize::from(x))
    }

    /// Sets cell `(tx, ty)` (y up); `false` outside the map.
    pub fn set(&mut self, tx: i32, ty: i32, cell: Cell) -> bool {
        match self.index(tx, ty).and_then(|i| self.cells.get_mut(i)) {
            Some(slot) => {
                *slot = cell;
                true
            }
            None => false,
        }
    }
}

impl TileMap for LevelMap {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        self.index(tx, ty)
            .and_then(|i| self.cells.get(i))
            .copied()
            .unwrap_or(self.outside)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_outside_the_map_are_its_outside_cell() {
        let mut map = LevelMap::new(3, 2, 16, vec![Cell::EMPTY; 6], Cell::FULL);
        assert!(map.set(2, 1, Cell::FULL.one_way()));
        assert!(!map.set(3, 0, Cell::EMPTY));
        assert_eq!(map.cell(2, 1), Cell::FULL.one_way());
        assert_eq!(map.cell(1, 1), Cell::EMPTY);
        for (tx, ty) in [(-1, 0), (3, 0), (0, -1), (0, 2), (i32::MIN, i32::MAX)] {
            assert_eq!(map.cell(tx, ty), Cell::FULL, "({tx}, {ty})");
        }
        assert_eq!(map.size_px(), UVec2::new(48, 32));
    }

    #[test]
    fn a_short_cell_list_is_padded_with_the_outside_cell() {
        let map = LevelMap::new(2, 2, 8, vec![Cell::EMPTY], Cell::FULL);
        assert_eq!(map.cell(0, 0), Cell::EMPTY);
        assert_eq!(map.cell(1, 1), Cell::FULL);
    }
}
