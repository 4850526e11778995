//! The README's Bevy example: the plugin, a level, an actor, and its walk, gravity and jump.
//! `cargo run --example quickstart`, then arrows and Space.

use bevy::prelude::*;
use bevy_slope::{SlopeActor, SlopeLevel, SlopePlugin, SlopeSystems};
use slope_runtime::{Actor, SUBPIXEL};

fn main() {
    App::new()
        .add_plugins((DefaultPlugins, SlopePlugin::default()))
        .add_systems(Startup, setup)
        .add_systems(FixedUpdate, walk.before(SlopeSystems::Step))
        .run();
}

fn setup(mut commands: Commands, assets: Res<AssetServer>) {
    commands.spawn((Camera2d, Transform::from_xyz(384.0, 96.0, 0.0)));
    commands.spawn(SlopeLevel::new(assets.load("level.tmx"))); // Tiled or LDtk
    let sprite = Sprite::from_color(Color::WHITE, Vec2::new(10.0, 14.0));
    commands.spawn((SlopeActor(Actor::new(24, 64, 10, 14)), sprite));
}

/// Velocities in 1/256 px per step; the plugin's step moves and reports contacts.
fn walk(keys: Res<ButtonInput<KeyCode>>, mut actors: Query<&mut SlopeActor>) {
    let held = |key| i32::from(keys.pressed(key));
    for mut actor in &mut actors {
        actor.vx = (held(KeyCode::ArrowRight) - held(KeyCode::ArrowLeft)) * 2 * SUBPIXEL;
        actor.vy = (actor.vy - SUBPIXEL / 4).max(-6 * SUBPIXEL); // gravity
        if keys.pressed(KeyCode::Space) && actor.contacts.on_ground() {
            actor.vy = 5 * SUBPIXEL; // jump
        }
    }
}
