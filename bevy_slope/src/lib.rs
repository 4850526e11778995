//! `bevy_slope`: pixel-exact slopes, one-way platforms and moving platforms for Bevy
//! platformers, on levels drawn in Tiled or LDtk that reload while the game runs.
//!
//! Movement is [slope-runtime](slope_runtime)'s: integer, pixel-exact, with no seams between
//! tiles, the same on every machine, stepped in `FixedUpdate`. Levels are compiled by
//! [slopegen] when they load, as a game's `build.rs` would.
//!
//! # In five lines
//!
//! ```no_run
//! use bevy::prelude::*;
//! use bevy_slope::{SlopeActor, SlopeLevel, SlopePlugin};
//! use slope_runtime::Actor;
//!
//! fn main() {
//!     App::new()
//!         .add_plugins((DefaultPlugins, SlopePlugin::default()))
//!         .add_systems(Startup, |mut commands: Commands, assets: Res<AssetServer>| {
//!             commands.spawn(Camera2d);
//!             commands.spawn(SlopeLevel::new(assets.load("level.tmx")));
//!             commands.spawn((SlopeActor(Actor::new(24, 64, 10, 14)), Sprite::from_color(Color::WHITE, Vec2::new(10.0, 14.0))));
//!         })
//!         .run();
//! }
//! ```
//!
//! Each `FixedUpdate` the game sets velocities (input, gravity, jumps: `vx`, `vy` in 1/256 px
//! per step) on [`SlopeActor`]s and [`SlopePlatform`]s before [`SlopeSystems::Step`], which
//! moves every platform (carrying, pushing, crushing actors), then every actor, in the order
//! of their entities — what `slope_runtime::Scene::update` does — and writes a
//! [`SlopeEvent`] per thing that happened (landed, left the ground, hit a wall, hit its
//! head, crushed). After it, each actor's `contacts` say what its move ran into
//! (`on_ground()`, `pushing_left()`…, as Godot's `is_on_floor()` and Unity's
//! `collisionFlags` do), [`GroundPlatform`] which platform carries it, and [`GroundAngle`],
//! where asked for, the slope under it.
//!
//! # Coordinates
//!
//! One world unit is one pixel of the level; y points up, as in Bevy and the runtime; the
//! level's bottom-left corner is the origin. An actor's `x`, `y` is its box's bottom-left
//! pixel; its `Transform` shows the box's centre (Bevy's sprites are centred), updated in
//! `PostUpdate`, and [`Interpolated`] smooths it between fixed steps. Objects keep the
//! positions slopegen gives them: Tiled's objects and LDtk's entities flipped to y up,
//! layer offsets applied.
//!
//! # Levels and hot reload
//!
//! `.tmx`, `.tmj` (Tiled) and `.ldtk` (LDtk) files load as [`LevelFile`] assets from the
//! asset folder; the [`SlopeLevel`] entity says which is in play ([`ActiveLevel`]). Its named
//! objects (spawn points, rectangles, LDtk entity fields) become [`LevelObject`] children.
//! With Bevy's `file_watcher` feature, saving the level (or its tileset) in the editor
//! reloads it: new tables and map, actors kept where they are, and those the new map covers
//! moved out by `World::unstick` ([`LevelEvent::Reloaded`]). A file that does not load (a
//! half-written save, a broken tile) leaves the old level in play and reports slopegen's
//! message, naming the file and the tile, layer or cell ([`LevelEvent::Failed`], also
//! logged).
//!
//! # Drawing
//!
//! With the `render` feature (on by default), the level in play is drawn as a sprite
//! ([`LevelPicture`]): each cell's tile from its tileset's image, flipped and rotated as
//! placed, so the player sees what collides; an LDtk IntGrid layer, which has no pictures,
//! is drawn from its collision. [`SlopePlugin::draw_level`] turns it off for a game with its
//! own art.
//!
//! # Features
//!
//! - `render` (default): the level's picture.
//! - `file_watcher` (default): levels reload when saved (Bevy's `file_watcher`).
//!
//! Without either, the plugin is movement and levels only (a headless server, a game
//! that draws its own tiles).
//!
//! # Rollback
//!
//! All movement state is plain copyable data ([`SlopeActor`], [`SlopePlatform`],
//! [`PlatformOrder`]); [`SlopeSnapshot`] saves and restores it and [`state_hash`] checksums
//! it for desync checks.
#![deny(missing_docs)]

mod body;
#[cfg(feature = "render")]
mod draw;
mod follow;
mod level;
mod rollback;
mod step;

use std::path::PathBuf;

use bevy::asset::AssetPlugin;
use bevy::asset::io::file::FileAssetReader;
use bevy::prelude::*;

pub use body::{GroundAngle, GroundPlatform, Interpolated, SlopeActor, SlopeEvent, SlopePlatform};
#[cfg(feature = "render")]
pub use draw::{LevelPicture, picture};
pub use level::asset::{LevelData, LevelFile, LevelMap, TilePicture};
pub use level::loader::{LevelLoadError, LevelLoader, LevelSettings};
pub use level::{ActiveLevel, LevelEvent, LevelObject, SlopeLevel};
pub use rollback::{SlopeSnapshot, state_hash};
pub use step::{PlatformOrder, advance};

/// The plugin: the level loader, the fixed step, transforms that follow, the level's
/// picture.
#[derive(Clone, Debug)]
pub struct SlopePlugin {
    /// Where level files are read from: `None` for Bevy's asset folder (`AssetPlugin`'s
    /// `file_path` under the base path Bevy uses: `BEVY_ASSET_ROOT`, else
    /// `CARGO_MANIFEST_DIR`, else the executable's folder).
    pub asset_folder: Option<PathBuf>,
    /// Draws the level as a sprite ([`LevelPicture`], with the `render` feature).
    pub draw_level: bool,
}

impl Default for SlopePlugin {
    fn default() -> Self {
        SlopePlugin {
            asset_folder: None,
            draw_level: true,
        }
    }
}

/// The plugin's systems, for ordering a game's own.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SlopeSystems {
    /// In `FixedUpdate`: every platform, then every actor, moved one step. Set velocities
    /// before it; read contacts, [`SlopeEvent`]s and [`GroundAngle`]s after it.
    Step,
    /// In `PreUpdate`: a loaded or reloaded level put in play ([`LevelEvent`]).
    Level,
    /// In `PostUpdate`, before transform propagation: `Transform`s follow the boxes.
    Follow,
}

impl Plugin for SlopePlugin {
    fn build(&self, app: &mut App) {
        let root = self.asset_folder.clone().unwrap_or_else(|| {
            let folder = app
                .get_added_plugins::<AssetPlugin>()
                .first()
                .map_or_else(|| "assets".to_owned(), |p| p.file_path.clone());
            FileAssetReader::get_base_path().join(folder)
        });
        app.init_asset::<LevelFile>()
            .register_asset_loader(LevelLoader::new(root))
            .init_resource::<PlatformOrder>()
            .add_message::<SlopeEvent>()
            .add_message::<LevelEvent>()
            .add_systems(FixedUpdate, step::step.in_set(SlopeSystems::Step))
            .add_systems(PreUpdate, level::apply_level.in_set(SlopeSystems::Level))
            .add_systems(
                PostUpdate,
                follow::follow
                    .in_set(SlopeSystems::Follow)
                    .before(bevy::transform::TransformSystems::Propagate),
            );
        #[cfg(feature = "render")]
        if self.draw_level {
            app.add_systems(PreUpdate, draw::draw_level.after(SlopeSystems::Level));
        }
    }
}
