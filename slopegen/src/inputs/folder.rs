//! A tile folder: every `*.png` in it (each read by [`read_tile_noting_air`]), sorted by name, all of
//! one size.

use std::path::{Path, PathBuf};

use crate::error::warning::Warning;
use crate::error::{Error, Result};
use crate::inputs::png::read_tile_noting_air;
use crate::model::Model;
use crate::model::tileset::{TileSet, checked};

/// A tile folder as an input: its tiles, each one a source, and a warning for each tile
/// whose every pixel reads as air.
pub(crate) fn read_folder(folder: &Path) -> Result<Model> {
    let (mut set, warnings) = read_tiles(folder)?;
    if !ends_in_a_name(folder) {
        // `.` or `..`: the folder as the system names it, for its name.
        if let Ok(real) = std::fs::canonicalize(folder) {
            set.folder = real;
        }
    }
    let sources = set.tiles.iter().map(|t| t.path.clone()).collect();
    Ok(Model {
        set,
        maps: Vec::new(),
        sources,
        warnings,
    })
}

/// Whether `path`'s last component is a name (not `.`, `..` or the root).
pub(crate) fn ends_in_a_name(path: &Path) -> bool {
    matches!(
        path.components().next_back(),
        Some(std::path::Component::Normal(_))
    )
}

impl TileSet {
    /// Reads every `*.png` (any case of the extension) directly in `folder`. Every bad tile
    /// is reported, not only the first: one problem is returned as is, several as an
    /// [`Error::Several`] listing each (unreadable or invalid PNGs, odd sizes, name clashes).
    pub fn read(folder: &Path) -> Result<TileSet> {
        read_tiles(folder).map(|(set, _)| set)
    }
}

/// [`TileSet::read`], and the warnings about its tiles.
fn read_tiles(folder: &Path) -> Result<(TileSet, Vec<Warning>)> {
    let paths = png_paths(folder)?;
    if paths.len() > usize::from(u16::MAX) {
        return Err(Error::TooManyTiles {
            path: folder.to_owned(),
            count: paths.len(),
        });
    }
    let mut tiles = Vec::with_capacity(paths.len());
    let mut warnings = Vec::new();
    let mut errors = Vec::new();
    for path in &paths {
        match read_tile_noting_air(path) {
            Ok((tile, warning)) => {
                tiles.push(tile);
                warnings.extend(warning);
            }
            Err(e) => errors.push(e),
        }
    }
    Ok((checked(folder, tiles, errors)?, warnings))
}

/// The entries named `*.png` in `folder`, sorted by path. Each must be a regular file or a
/// symbolic link to one, which [`read_tile_noting_air`] checks: anything else (a folder, a FIFO, a
/// device, a broken link, a link loop) is an error naming it, never skipped (skipping one
/// would renumber the shapes after it).
pub(crate) fn png_paths(folder: &Path) -> Result<Vec<PathBuf>> {
    let meta = std::fs::metadata(folder).map_err(|source| {
        if source.kind() == std::io::ErrorKind::NotFound {
            Error::MissingFolder {
                path: folder.to_owned(),
            }
        } else {
            Error::Read {
                path: folder.to_owned(),
                source,
            }
        }
    })?;
    if !meta.is_dir() {
        return Err(Error::NotAFolder {
            path: folder.to_owned(),
        });
    }
    let read_err = |source| Error::Read {
        path: folder.to_owned(),
        source,
    };
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(folder).map_err(read_err)? {
        let path = entry.map_err(read_err)?.path();
        let is_png = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("png"));
        if is_png {
            paths.push(path);
        }
    }
    if paths.is_empty() {
        return Err(Error::NoTiles {
            path: folder.to_owned(),
        });
    }
    paths.sort();
    Ok(paths)
}
