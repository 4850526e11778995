//! What the integration tests share: a headless app with the plugin, the example's level
//! and its rules.

#![allow(dead_code)]

#[path = "../../examples/platformer/game.rs"]
pub mod game;

use std::path::Path;
use std::time::{Duration, Instant};

use bevy::asset::AssetPlugin;
use bevy::prelude::*;
use bevy_slope::{ActiveLevel, LevelEvent, SlopeActor, SlopeLevel, SlopePlatform, SlopePlugin};
use game::Cast;

/// The example's asset folder.
pub fn example_assets() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

/// A headless app (no window, no renderer) with the plugin, reading levels from `assets`;
/// `watch`: reload them when they change.
pub fn headless_app(assets: &Path, watch: bool) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: assets.to_string_lossy().into_owned(),
            watch_for_changes_override: Some(watch),
            ..default()
        },
        SlopePlugin {
            draw_level: false,
            ..default()
        },
    ));
    app
}

/// Spawns the level entity for `file` and updates the app until the level is in play.
pub fn load_level(app: &mut App, file: &str) {
    let handle = app.world().resource::<AssetServer>().load(file.to_owned());
    app.world_mut().spawn(SlopeLevel::new(handle));
    wait_for_level(app);
}

/// Updates the app until a level is in play (at most 30 s).
pub fn wait_for_level(app: &mut App) {
    let start = Instant::now();
    while !app.world().contains_resource::<ActiveLevel>() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no level in play"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Updates the app until a [`LevelEvent`] that `wanted` accepts comes (at most
/// `timeout`: a save may reach the game as several events, the first of a half-written
/// file); every event read.
pub fn wait_for_level_event_where(
    app: &mut App,
    timeout: Duration,
    wanted: impl Fn(&LevelEvent) -> bool,
) -> Vec<LevelEvent> {
    let start = Instant::now();
    let mut events = Vec::new();
    while !events.iter().any(&wanted) && start.elapsed() < timeout {
        events.extend(wait_for_level_event(
            app,
            timeout.saturating_sub(start.elapsed()),
        ));
    }
    events
}

/// Updates the app until a [`LevelEvent`] comes (at most `timeout`); every event read.
pub fn wait_for_level_event(app: &mut App, timeout: Duration) -> Vec<LevelEvent> {
    let start = Instant::now();
    let mut cursor = app
        .world()
        .resource::<Messages<LevelEvent>>()
        .get_cursor_current();
    loop {
        app.update();
        let events: Vec<LevelEvent> = cursor
            .read(app.world().resource::<Messages<LevelEvent>>())
            .cloned()
            .collect();
        if !events.is_empty() || start.elapsed() > timeout {
            return events;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The roles of the cast's entities.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Hero,
    Enemy(slope_runtime::Rect),
    Ride((i32, i32), (i32, i32)),
}

/// A spawned member of the cast.
#[derive(Clone, Copy, Debug)]
pub enum Body {
    Actor(slope_runtime::Actor),
    Platform(slope_runtime::Platform),
}

/// Spawns the example's cast from the level in play, in the order the example spawns it;
/// each entity, its role and its body, in the order of the entities (the plugin's order).
pub fn spawn_cast(app: &mut App) -> Vec<(Entity, Role, Body)> {
    let cast = Cast::of(&app.world().resource::<ActiveLevel>().objects);
    let world = app.world_mut();
    let mut spawned = Vec::new();
    if let Some(hero) = cast.hero {
        let e = world.spawn((Role::Hero, SlopeActor(hero))).id();
        spawned.push((e, Role::Hero, Body::Actor(hero)));
    }
    for (enemy, area) in &cast.enemies {
        let role = Role::Enemy(*area);
        let e = world.spawn((role, SlopeActor(*enemy))).id();
        spawned.push((e, role, Body::Actor(*enemy)));
    }
    for (platform, from, to) in &cast.rides {
        let role = Role::Ride(*from, *to);
        let e = world.spawn((role, SlopePlatform(*platform))).id();
        spawned.push((e, role, Body::Platform(*platform)));
    }
    spawned.sort_by_key(|(e, ..)| *e);
    spawned
}

/// The example's rules before a step, on the ECS's components.
pub fn play(world: &mut World, step: u32) {
    let input = game::scripted_input(step);
    let mut actors = world.query::<(&Role, &mut SlopeActor)>();
    for (role, mut actor) in actors.iter_mut(world) {
        match *role {
            Role::Hero => game::control_hero(&mut actor, input),
            Role::Enemy(area) => game::patrol(&mut actor, area),
            Role::Ride(..) => {}
        }
    }
    let mut platforms = world.query::<(&Role, &mut SlopePlatform)>();
    for (role, mut platform) in platforms.iter_mut(world) {
        if let Role::Ride(from, to) = *role {
            game::shuttle(&mut platform, from, to);
        }
    }
}

/// One fixed step of the app: the rules, then the plugin's step.
pub fn step(app: &mut App, step: u32) {
    play(app.world_mut(), step);
    app.world_mut().run_schedule(FixedUpdate);
}

/// Every actor and platform, in the order of their entities.
pub fn bodies(world: &mut World) -> (Vec<slope_runtime::Actor>, Vec<slope_runtime::Platform>) {
    let mut actors: Vec<_> = world
        .query::<(Entity, &SlopeActor)>()
        .iter(world)
        .map(|(e, a)| (e, a.0))
        .collect();
    actors.sort_by_key(|(e, _)| *e);
    let mut platforms: Vec<_> = world
        .query::<(Entity, &SlopePlatform)>()
        .iter(world)
        .map(|(e, p)| (e, p.0))
        .collect();
    platforms.sort_by_key(|(e, _)| *e);
    (
        actors.into_iter().map(|(_, a)| a).collect(),
        platforms.into_iter().map(|(_, p)| p).collect(),
    )
}
