//! The model every input produces and every encoder reads: shapes (a [`TileSet`] of
//! [`Bitmap`]s), maps of cells and the objects placed on them. Nothing here reads a file
//! or knows a file format.
//!
//! [`TileSet`]: tileset::TileSet
//! [`Bitmap`]: bitmap::Bitmap

use std::path::{Path, PathBuf};

pub(crate) mod bitmap;
pub(crate) mod map;
pub(crate) mod tileset;

use crate::error::warning::Warning;
use map::Map;
use tileset::TileSet;

/// What an input gives: its shapes, its maps (none for a tile folder, a sheet or a
/// tileset) and every file read to make them.
#[derive(Clone, Debug)]
pub(crate) struct Model {
    /// The shapes.
    pub(crate) set: TileSet,
    /// The maps, in the order given.
    pub(crate) maps: Vec<Map>,
    /// Every file read (tiles, sheets, tilesets, maps), for `rerun-if-changed`.
    pub(crate) sources: Vec<PathBuf>,
    /// What the input allows but probably does not mean.
    pub(crate) warnings: Vec<Warning>,
}

/// The name a file gives what it holds: its stem (`level1` for `maps/level1.tmx`), `map`
/// for none.
pub(crate) fn file_stem(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("map")
        .to_owned()
}
