//! The plugin's side: a headless Bevy app with `SlopePlugin`, as the plugin's tests make
//! one (`bevy_slope/tests/support`), stepped with `run_schedule(FixedUpdate)`.

use std::path::Path;
use std::time::{Duration, Instant};

use bevy::asset::AssetPlugin;
use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use bevy_slope::{ActiveLevel, SlopeActor, SlopeLevel, SlopePlugin, SlopeSystems};
use slope_runtime::Actor;

use crate::rules::{self, Gravity, Spawn, Walker};

/// A headless app (no window, no renderer) with the plugin, reading levels from
/// `assets` (an absolute folder) and no file watching.
pub fn headless_app(assets: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: assets.to_string_lossy().into_owned(),
            watch_for_changes_override: Some(false),
            ..default()
        },
        SlopePlugin {
            asset_folder: Some(assets.to_path_buf()),
            draw_level: false,
        },
    ));
    app
}

/// Spawns the level entity for `file` (relative to the asset folder) and updates the app
/// until the level is in play.
///
/// # Panics
///
/// If it is not in play within 60 s.
pub fn load_level(app: &mut App, file: &str) {
    let handle = app.world().resource::<AssetServer>().load(file.to_owned());
    app.world_mut().spawn(SlopeLevel::new(handle));
    let start = Instant::now();
    while !app.world().contains_resource::<ActiveLevel>() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{file} did not load"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// A headless app with the plugin and `file` of `assets` in play.
pub fn app_with_level(assets: &Path, file: &str) -> App {
    let mut app = headless_app(assets);
    load_level(&mut app, file);
    app
}

/// A character's walk, beside its [`SlopeActor`].
#[derive(Component, Clone, Copy, Debug)]
pub struct Walk(pub Walker);

/// The frame number the rules read.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct Frame(pub u32);

/// When the rules' gravity pulls.
#[derive(Resource, Clone, Copy, Debug)]
pub struct GravityMode(pub Gravity);

/// The crowd's rules as a game's system in `FixedUpdate`, before the plugin's step: each
/// walker's velocity from [`rules`] (in the runtime's 1/256 px per frame).
pub fn walk_system(
    mut frame: ResMut<Frame>,
    gravity: Res<GravityMode>,
    mut actors: Query<(&mut SlopeActor, &mut Walk)>,
) {
    let (walk, jump) = (rules::subpixels(rules::WALK), rules::subpixels(rules::JUMP));
    for (mut actor, mut walker) in &mut actors {
        let plan = walker.0.plan(frame.0, actor.x as f32);
        actor.vx = plan.dir * walk;
        actor.vy = gravity
            .0
            .fall_subpixels(actor.vy, actor.contacts.on_ground());
        if plan.jump && actor.contacts.on_ground() {
            actor.vy = jump;
        }
    }
    frame.0 += 1;
}

/// The crowd in the plugin: N `SlopeActor`s on the example's level, the rules as a
/// system before [`SlopeSystems::Step`].
pub struct PluginCrowd {
    /// The app.
    pub app: App,
}

impl PluginCrowd {
    /// The example's level with a character at each of `spawns`, `gravity` pulling;
    /// `single_threaded`: `FixedUpdate` on Bevy's single-threaded executor (else the
    /// multi-threaded one an app gets by default).
    pub fn new(spawns: &[Spawn], gravity: Gravity, single_threaded: bool) -> PluginCrowd {
        let assets = crate::level::assets_folder()
            .canonicalize()
            .expect("the example's assets");
        let mut app = app_with_level(&assets, "level.tmx");
        app.init_resource::<Frame>()
            .insert_resource(GravityMode(gravity))
            .add_systems(FixedUpdate, walk_system.before(SlopeSystems::Step));
        if single_threaded {
            app.edit_schedule(FixedUpdate, |schedule| {
                schedule.set_executor(SingleThreadedExecutor::default());
            });
        }
        for spawn in spawns {
            let (w, h) = rules::SIZE;
            app.world_mut().spawn((
                SlopeActor(Actor::new(spawn.x, spawn.y, w, h)),
                Walk(spawn.walker),
            ));
        }
        PluginCrowd { app }
    }

    /// One frame: the rules and the plugin's step (`run_schedule(FixedUpdate)`).
    pub fn frame(&mut self) {
        self.app.world_mut().run_schedule(FixedUpdate);
    }

    /// Every character's position (bottom-left pixel), in spawn order.
    pub fn positions(&mut self) -> Vec<(f32, f32)> {
        let world = self.app.world_mut();
        let mut actors: Vec<(Entity, (f32, f32))> = world
            .query::<(Entity, &SlopeActor)>()
            .iter(world)
            .map(|(e, a)| (e, (a.x as f32, a.y as f32)))
            .collect();
        actors.sort_by_key(|(e, _)| *e);
        actors.into_iter().map(|(_, p)| p).collect()
    }
}
