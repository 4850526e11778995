//! The asset loader: a level file through slopegen, as a game's `build.rs` would run it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;
use slopegen::Builder;

use crate::level::asset::{LevelData, LevelFile, LevelMap, TilePicture};

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

/// How a level file is compiled: slopegen's options for it, given with
/// `asset_server.load_builder().with_settings(|s: &mut LevelSettings| ...).load(path)`
/// (the defaults are slopegen's).
///
/// ```no_run
/// use bevy::prelude::*;
/// use bevy_slope::{LevelFile, LevelSettings};
///
/// fn load(assets: Res<AssetServer>) -> Handle<LevelFile> {
///     // An LDtk IntGrid layer whose values name shapes of a tile folder.
///     assets
///         .load_builder()
///         .with_settings(|s: &mut LevelSettings| {
///             s.tile_folder = Some("tiles".into());
///             s.layer = Some("collision".into());
///         })
///         .load("world.ldtk")
/// }
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LevelSettings {
    /// The collision layer's name (slopegen's `--layer`; by default the layer named
    /// `collision`, or the only tile layer).
    pub layer: Option<String>,
    /// A folder of tile PNGs, relative to the asset folder, whose shapes an LDtk IntGrid
    /// layer's values name (`Builder::tile_folder`).
    pub tile_folder: Option<PathBuf>,
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

    /// Compiles the level file at `path` (a file system path), a tile folder in `settings`
    /// being relative to `root`; the level and every file read.
    pub fn compile(
        path: &Path,
        settings: &LevelSettings,
        root: &Path,
    ) -> Result<(LevelFile, Vec<PathBuf>), LevelLoadError> {
        let mut builder = Builder::new(path);
        if let Some(layer) = &settings.layer {
            builder.layer(layer.clone());
        }
        if let Some(folder) = &settings.tile_folder {
            builder.tile_folder(root.join(folder));
        }
        let compiled = builder.compile().map_err(|e| LevelLoadError {
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
        let mut decoded: Vec<TilePicture> = Vec::new();
        let mut levels = Vec::with_capacity(compiled.maps.len());
        for (map, packed) in compiled.maps {
            let pictures = map
                .images
                .iter()
                .map(|path| picture(path, &mut decoded))
                .collect::<Result<_, _>>()?;
            levels.push(LevelData {
                name: map.stem,
                world: map.group,
                map: LevelMap::new(map.width, map.height, tile_size, map.cells, map.outside),
                packed: packed.into(),
                objects: map.objects,
                art: map.art.into(),
                pictures,
            });
        }
        let file = LevelFile {
            blob: Arc::from(compiled.blob),
            levels,
        };
        Ok((file, compiled.sources))
    }
}

/// The picture of the image at `path`, decoded once per file however many levels use it.
fn picture(path: &Path, decoded: &mut Vec<TilePicture>) -> Result<TilePicture, LevelLoadError> {
    if let Some(known) = decoded.iter().find(|p| p.path == path) {
        return Ok(known.clone());
    }
    let pixels = image::open(path)
        .map_err(|e| LevelLoadError {
            message: format!("{}: cannot read the tileset image: {e}", path.display()),
        })?
        .to_rgba8();
    let picture = TilePicture {
        path: path.to_owned(),
        pixels: Arc::new(pixels),
    };
    decoded.push(picture.clone());
    Ok(picture)
}

impl AssetLoader for LevelLoader {
    type Asset = LevelFile;
    type Settings = LevelSettings;
    type Error = LevelLoadError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        settings: &LevelSettings,
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
        let (file, sources) = Self::compile(&path, settings, &self.root)?;
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
