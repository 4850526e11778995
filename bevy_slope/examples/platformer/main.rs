//! A playable platformer on `assets/level.tmx`: slopes of 45°, 26.6° and 14°, a one-way
//! ledge to drop through, a lift, a moving platform across a pit, enemies on patrol.
//!
//! ```sh
//! cargo run --example platformer                 # arrows or WASD, Space/Z to jump,
//!                                                # Down + jump to drop; or a gamepad
//! cargo run --example platformer -- --demo       # the scripted player instead
//! cargo run --example platformer -- --frames 300 --screenshot shot.png
//! ```
//!
//! Open `assets/level.tmx` in Tiled while it runs: each save reloads the level.

mod game;

use std::time::Duration;

use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::time::TimeUpdateStrategy;
use bevy::window::WindowResolution;
use bevy_slope::{
    ActiveLevel, Interpolated, LevelEvent, SlopeActor, SlopeLevel, SlopePlatform, SlopePlugin,
    SlopeSystems,
};
use slope_runtime::Rect;

use game::{Cast, Input};

/// The player.
#[derive(Component)]
struct Hero;

/// An enemy's patrol area.
#[derive(Component)]
struct Patrol(Rect);

/// A platform's two ends.
#[derive(Component)]
struct Shuttle {
    from: (i32, i32),
    to: (i32, i32),
}

/// This step's input.
#[derive(Resource, Default)]
struct PlayerInput(Input);

/// The command line: `--demo`, `--frames N`, `--screenshot PATH`.
#[derive(Resource, Default, Clone)]
struct Options {
    demo: bool,
    frames: Option<u32>,
    screenshot: Option<String>,
}

/// Steps run and frames drawn since the hero came into play (for the scripted player and
/// `--frames`), and frames drawn in all.
#[derive(Resource, Default)]
struct Counters {
    steps: u32,
    frames: u32,
    waited: u32,
}

fn main() {
    let options = parse_options();
    let mut app = App::new();
    if options.frames.is_some() {
        // A counted run steps exactly once a frame, however slowly it draws (software
        // rendering under Xvfb): its frames, and its screenshot, are the same every run.
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            1.0 / 60.0,
        )));
    }
    app.add_plugins(
        DefaultPlugins
            .set(ImagePlugin::default_nearest())
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "bevy_slope platformer".into(),
                    resolution: WindowResolution::new(960, 540),
                    ..default()
                }),
                ..default()
            }),
    )
    .add_plugins(SlopePlugin::default())
    .insert_resource(ClearColor(Color::srgb_u8(92, 148, 220)))
    .insert_resource(Time::<Fixed>::from_hz(60.0))
    .insert_resource(options)
    .init_resource::<PlayerInput>()
    .init_resource::<Counters>()
    .add_systems(Startup, setup)
    .add_systems(
        Update,
        (
            read_input,
            spawn_cast,
            follow_hero.after(SlopeSystems::Follow),
            count_frames,
        ),
    )
    .add_systems(FixedUpdate, play.before(SlopeSystems::Step))
    // Two systems a step: the single-threaded executor runs them in 0.5 µs, the
    // multi-threaded one wakes a worker thread every step (80 µs; BENCHMARKS.md).
    .edit_schedule(FixedUpdate, |schedule| {
        schedule.set_executor(SingleThreadedExecutor::default());
    })
    .run();
}

fn parse_options() -> Options {
    let mut options = Options::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--demo" => options.demo = true,
            "--frames" => options.frames = args.next().and_then(|n| n.parse().ok()),
            "--screenshot" => options.screenshot = args.next(),
            other => eprintln!("platformer: ignoring unknown argument {other}"),
        }
    }
    if options.screenshot.is_some() {
        options.demo = true;
    }
    options
}

fn setup(mut commands: Commands, assets: Res<AssetServer>) {
    commands.spawn((
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scale: 0.5,
            ..OrthographicProjection::default_2d()
        }),
        Transform::from_xyz(160.0, 90.0, 0.0),
    ));
    commands.spawn(SlopeLevel::new(assets.load("level.tmx")));
}

/// The level's cast, spawned when it first loads (a reload keeps everyone where they are).
fn spawn_cast(
    mut commands: Commands,
    mut events: MessageReader<LevelEvent>,
    level: Option<Res<ActiveLevel>>,
) {
    let loaded = events
        .read()
        .any(|e| matches!(e, LevelEvent::Loaded { .. }));
    let Some(level) = level.filter(|_| loaded) else {
        return;
    };
    let cast = Cast::of(&level.objects);
    if let Some(hero) = cast.hero {
        commands.spawn((
            Hero,
            SlopeActor(hero),
            Interpolated::default(),
            sprite(&hero, (255, 214, 64)),
            Name::new("hero"),
        ));
    }
    for (enemy, area) in cast.enemies {
        commands.spawn((
            Patrol(area),
            SlopeActor(enemy),
            Interpolated::default(),
            sprite(&enemy, (200, 60, 70)),
        ));
    }
    for (platform, from, to) in cast.rides {
        commands.spawn((
            Shuttle { from, to },
            SlopePlatform(platform),
            Interpolated::default(),
            Sprite::from_color(
                Color::srgb_u8(90, 90, 110),
                Vec2::new(f32::from(platform.width), f32::from(platform.height)),
            ),
        ));
    }
}

fn sprite(actor: &slope_runtime::Actor, (r, g, b): (u8, u8, u8)) -> Sprite {
    let size = Vec2::new(f32::from(actor.width()), f32::from(actor.height()));
    Sprite::from_color(Color::srgb_u8(r, g, b), size)
}

/// Keyboard (arrows or WASD, Space or Z, Down or S) and the first gamepad.
fn read_input(
    keys: Res<ButtonInput<KeyCode>>,
    gamepads: Query<&Gamepad>,
    options: Res<Options>,
    mut input: ResMut<PlayerInput>,
) {
    if options.demo {
        return;
    }
    let held = |codes: &[KeyCode]| codes.iter().any(|k| keys.pressed(*k));
    let mut x = i8::from(held(&[KeyCode::ArrowRight, KeyCode::KeyD]))
        - i8::from(held(&[KeyCode::ArrowLeft, KeyCode::KeyA]));
    let mut jump = held(&[
        KeyCode::Space,
        KeyCode::KeyZ,
        KeyCode::ArrowUp,
        KeyCode::KeyW,
    ]);
    let mut down = held(&[KeyCode::ArrowDown, KeyCode::KeyS]);
    if let Some(pad) = gamepads.iter().next() {
        let stick = pad.left_stick();
        if pad.pressed(GamepadButton::DPadRight) || stick.x > 0.4 {
            x = 1;
        } else if pad.pressed(GamepadButton::DPadLeft) || stick.x < -0.4 {
            x = -1;
        }
        jump |= pad.pressed(GamepadButton::South);
        down |= pad.pressed(GamepadButton::DPadDown) || stick.y < -0.6;
    }
    input.0 = Input { x, jump, down };
}

/// Each step, before the plugin's: the hero follows the input, enemies patrol, platforms
/// shuttle.
fn play(
    options: Res<Options>,
    input: Res<PlayerInput>,
    mut counters: ResMut<Counters>,
    mut heroes: Query<&mut SlopeActor, (With<Hero>, Without<Patrol>)>,
    mut enemies: Query<(&mut SlopeActor, &Patrol), Without<Hero>>,
    mut rides: Query<(&mut SlopePlatform, &Shuttle)>,
) {
    if heroes.is_empty() {
        return; // the level is not in play yet: the script starts with the hero
    }
    let input = if options.demo {
        game::scripted_input(counters.steps)
    } else {
        input.0
    };
    counters.steps += 1;
    for mut hero in &mut heroes {
        game::control_hero(&mut hero, input);
    }
    for (mut enemy, patrol) in &mut enemies {
        game::patrol(&mut enemy, patrol.0);
    }
    for (mut platform, shuttle) in &mut rides {
        game::shuttle(&mut platform, shuttle.from, shuttle.to);
    }
}

/// The camera keeps the hero in view, within the level.
fn follow_hero(
    heroes: Query<&Transform, (With<Hero>, Without<Camera2d>)>,
    mut cameras: Query<(&mut Transform, &Projection), With<Camera2d>>,
    windows: Query<&Window>,
    level: Option<Res<ActiveLevel>>,
) {
    let (Some(level), Ok(hero), Ok((mut camera, projection)), Ok(window)) = (
        level,
        heroes.single(),
        cameras.single_mut(),
        windows.single(),
    ) else {
        return;
    };
    let scale = match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let half = Vec2::new(window.width(), window.height()) * scale / 2.0;
    let size = level.map.size_px().as_vec2();
    // Centred on the hero, never past the level's sides or below its bottom; a level
    // narrower than the view is centred, one lower than it stands on the view's bottom.
    camera.translation.x = if size.x <= 2.0 * half.x {
        size.x / 2.0
    } else {
        hero.translation.x.clamp(half.x, size.x - half.x)
    };
    camera.translation.y = hero
        .translation
        .y
        .clamp(half.y, (size.y - half.y).max(half.y));
}

/// `--frames N`: exits after N frames of play, taking the screenshot first if asked.
fn count_frames(
    mut commands: Commands,
    options: Res<Options>,
    mut counters: ResMut<Counters>,
    heroes: Query<(), With<Hero>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(frames) = options.frames else {
        return;
    };
    // Frames count from the hero's first: the picture does not depend on how long the
    // level took to load. One that never loads ends the run as a failure.
    counters.waited += 1;
    if heroes.is_empty() {
        if counters.waited > frames + 600 {
            error!(
                "the level did not come into play in {} frames",
                counters.waited
            );
            exit.write(AppExit::error());
        }
        return;
    }
    counters.frames += 1;
    if let Some(path) = &options.screenshot
        && counters.frames == frames.saturating_sub(10)
    {
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path.clone()));
    }
    if counters.frames >= frames {
        exit.write(AppExit::Success);
    }
}
