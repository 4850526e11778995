//! Inputs: each kind of source read into the [`Model`]: a tile folder ([`folder`], each PNG
//! through [`png`]), one sheet image ([`sheet`]), a Tiled tileset or Tiled maps
//! ([`tiled`]), an LDtk project ([`ldtk`]). [`Source::of`] tells which kind a path is.

use std::path::{Path, PathBuf};

use crate::error::map::MapError;
use crate::error::{Error, Result};
use crate::inputs::path::extension;
use crate::model::Model;

pub(crate) mod folder;
pub(crate) mod ldtk;
pub(crate) mod path;
pub(crate) mod png;
pub(crate) mod sheet;
pub(crate) mod tiled;

/// What kind of input a path is, by its kind and extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// A folder of tile PNGs.
    Folder,
    /// One sheet image.
    Sheet,
    /// A Tiled tileset.
    Tileset,
    /// Tiled maps.
    Maps,
    /// An LDtk project (with, optionally, the tile folder its IntGrid values name).
    Ldtk,
}

/// How a sheet image is cut, when one is given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Grid {
    /// Tile size in pixels.
    pub(crate) tile_size: Option<u32>,
    /// Pixels around the grid.
    pub(crate) margin: u32,
    /// Pixels between tiles.
    pub(crate) spacing: u32,
}

impl Source {
    /// The kind of `input` (with `more_maps` after it), checked against the options given:
    /// more maps only after a map, a grid only for a sheet (and a sheet only with one).
    pub(crate) fn of(input: &Path, more_maps: &[PathBuf], grid: Grid) -> Result<Source> {
        let ext = extension(input);
        let kind = match ext.as_str() {
            "tmx" | "tmj" => Source::Maps,
            "ldtk" => Source::Ldtk,
            "tsx" | "tsj" => Source::Tileset,
            "png" if !input.is_dir() => Source::Sheet,
            _ => Source::Folder,
        };
        let path = input.to_owned();
        if kind == Source::Ldtk {
            // beside a project, one tile folder
            match more_maps {
                [] => {}
                [_, extra, ..] => {
                    return Err(Error::SecondTileFolder {
                        path: extra.clone(),
                    });
                }
                [folder] if folder.is_dir() => {}
                [other] => {
                    return Err(Error::NotATileFolder {
                        path: other.clone(),
                    });
                }
            }
        } else if !more_maps.is_empty() && kind != Source::Maps {
            return Err(Error::MapsWithoutMap { path });
        }
        if let Some(odd) = more_maps
            .iter()
            .find(|m| !matches!(extension(m).as_str(), "tmx" | "tmj"))
            .filter(|_| kind != Source::Ldtk)
        {
            return Err(Error::NotAMap { path: odd.clone() });
        }
        if kind == Source::Sheet && grid.tile_size.is_none() {
            if !input.exists() {
                return Err(Error::MissingSheet { path });
            }
            return Err(Error::NoTileSize { path });
        }
        let grid_given = grid != Grid::default();
        if grid_given && kind != Source::Sheet {
            let what = match kind {
                Source::Maps => "a Tiled map, whose tilesets give their own grid",
                Source::Tileset => "a Tiled tileset, which gives its own grid",
                Source::Ldtk => "an LDtk project, whose tilesets give their own grid",
                _ if input.is_dir() => "a folder of tile PNGs",
                _ => "not a sheet image",
            };
            return Err(Error::GridWithoutSheet { path, input: what });
        }
        if kind == Source::Folder && ext == "map" && input.is_file() {
            return Err(Error::PackedMapGiven { path });
        }
        if kind == Source::Folder && input.is_file() {
            return Err(Error::NotAFolder { path });
        }
        Ok(kind)
    }
}

/// Reads `input` (and `more_maps`) as the `source` kind says.
pub(crate) fn read(
    source: Source,
    input: &Path,
    more_maps: &[PathBuf],
    grid: Grid,
    layer: Option<&str>,
    outside: slope_runtime::Cell,
) -> Result<Model> {
    match source {
        Source::Folder => folder::read_folder(input),
        Source::Sheet => sheet::read_sheet_input(
            input,
            grid.tile_size.unwrap_or(0),
            grid.margin,
            grid.spacing,
        ),
        Source::Tileset => tiled::read_tileset_input(input),
        Source::Maps => {
            let paths: Vec<PathBuf> = std::iter::once(input.to_owned())
                .chain(more_maps.iter().cloned())
                .collect();
            tiled::read_maps(&paths, layer, outside)
        }
        Source::Ldtk => {
            let project = ldtk::read_project(input)?;
            let folder = match more_maps.first() {
                Some(folder) => Some(folder::read_folder(folder)?),
                None => None,
            };
            let mut model =
                ldtk::compile(&project, layer, outside, folder.as_ref().map(|f| &f.set))?;
            // the tile folder's warnings (tiles that read as all air)
            model
                .warnings
                .extend(folder.into_iter().flat_map(|f| f.warnings));
            Ok(model)
        }
    }
}

/// The file as UTF-8 text.
pub(crate) fn read_text(path: &Path) -> Result<String> {
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
        MapError::Syntax {
            file: path.to_owned(),
            line: Some(line),
            message: "not valid UTF-8".into(),
        }
        .into()
    })
}
