//! The asset loader: a level file through slopegen, as a game's `build.rs` would run it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;
use slopegen::Builder;

use crate::level::asset::{LevelData, LevelFile, LevelMap};

/// Loads `.tmx`, `.tmj` and `.ldtk` files as [`LevelFile`]s with slopegen.
///
/// slopegen reads the level and every file it names (tilesets, their images, LDtk's
/// external level files) from the file system, so levels load from Bevy's default file
/// asset source (the `assets` folder, or [`SlopePlugin::asset_folder`](crate::SlopePlugin)).
/// Each file read becomes a dependency of the asset: saving a tileset reloads the level.
#[derive(TypePath)]
pub struct LevelLoader {
    /// The asset folder, as the file asset source resolves it.
    pub(crate) root: PathBuf,
}

/// Why a level file did not load: slopegen's message, which names the file and the tile,
/// layer or cell at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelLoadError {
    /// The message.
    pub message: String,
}

impl std::fmt::Display for LevelLoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LevelLoadError {}

impl LevelLoader {
    /// A loader that resolves asset paths under `root`.
    pub fn new(root: impl Into<PathBuf>) -> Self {
        let root = root.into();
        // slopegen reports the files it read by the paths it opened; a canonical root lets
        // them be told apart as assets.
        let root = root.canonicalize().unwrap_or(root);
        LevelLoader { root }
    }

    /// Compiles the level file at `path` (a file system path).
    pub fn compile(path: &Path) -> Result<(LevelFile, Vec<PathBuf>), LevelLoadError> {
        let compiled = Builder::new(path).compile().map_err(|e| LevelLoadError {
            message: e.to_string(),
        })?;
        for warning in &compiled.warnings {
            warn!("{warning}");
        }
        if compiled.maps.is_empty() {
            return Err(LevelLoadError {
                message: format!(
                    "{}: holds no level (load a Tiled map or an LDtk project)",
                    path.display()
                ),
            });
        }
        let tile_size = compiled.set.tile_size;
        let levels = compiled
            .maps
            .into_iter()
            .map(|(map, packed)| LevelData {
                name: map.stem,
                world: map.group,
                map: LevelMap::new(map.width, map.height, tile_size, map.cells, map.outside),
                packed: packed.into(),
                objects: map.objects,
            })
            .collect();
        let file = LevelFile {
            blob: Arc::from(compiled.blob),
            levels,
        };
        Ok((file, compiled.sources))
    }
}

impl AssetLoader for LevelLoader {
    type Asset = LevelFile;
    type Settings = ();
    type Error = LevelLoadError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<LevelFile, LevelLoadError> {
        // slopegen reads the file itself (with the files it names); draining the reader
        // keeps the asset server's view of the file and ours the same moment.
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .await
            .map_err(|e| LevelLoadError {
                message: format!("{}: cannot read: {e}", load_context.path()),
            })?;
        let path = self.root.join(load_context.path().path());
        let (file, sources) = Self::compile(&path)?;
        let own = path.canonicalize().unwrap_or(path);
        for source in sources {
            let source = source.canonicalize().unwrap_or(source);
            if source == own {
                continue;
            }
            if let Ok(relative) = source.strip_prefix(&self.root) {
                // Reading it through the asset server makes it a dependency: a change to
                // it reloads this level. A file that vanished since is slopegen's to report
                // on the next load.
                let _ = load_context.read_asset_bytes(relative.to_path_buf()).await;
            }
        }
        Ok(file)
    }

    fn extensions(&self) -> &[&str] {
        &["tmx", "tmj", "ldtk"]
    }
}
