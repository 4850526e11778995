//! The components around the step: platforms removed under riders, ground angles asked
//! for, transforms that follow (and interpolate).

mod support;

use std::time::Duration;

use bevy::prelude::*;
use bevy_slope::{
    ActiveLevel, GroundAngle, GroundPlatform, Interpolated, PlatformOrder, SlopeActor,
    SlopePlatform,
};
use slope_runtime::{Actor, Platform, SUBPIXEL};

fn app() -> App {
    let mut app = support::headless_app(&support::example_assets(), false);
    // Steps run only when a test says.
    app.insert_resource(Time::<Fixed>::from_seconds(3600.0));
    support::load_level(&mut app, "level.tmx");
    app
}

fn step(app: &mut App, frames: usize) {
    for _ in 0..frames {
        app.world_mut().run_schedule(FixedUpdate);
    }
}

#[test]
fn a_rider_keeps_its_platform_when_another_is_despawned() {
    let mut app = app();
    // Three platforms in the air, 1 px/step to the right; the actor rides the middle one of
    // the plugin's order.
    let platforms: Vec<Entity> = (0..3)
        .map(|i| {
            let p = Platform::new(40 + 100 * i, 150, 32, 6).with_velocity(SUBPIXEL, 0);
            app.world_mut().spawn(SlopePlatform(p)).id()
        })
        .collect();
    step(&mut app, 1);
    let order = app.world().resource::<PlatformOrder>().clone();
    assert_eq!(order.0.len(), 3);
    let (first, middle) = (order.0[0], order.0[1]);
    let under = app
        .world()
        .get::<SlopePlatform>(middle)
        .expect("platform")
        .0;
    let rider = app
        .world_mut()
        .spawn(SlopeActor(Actor::new(under.x + 10, under.y + 6, 8, 8)))
        .id();
    step(&mut app, 2);
    assert_eq!(
        app.world().get::<GroundPlatform>(rider).map(|g| g.0),
        Some(Some(middle))
    );
    assert_eq!(
        app.world()
            .get::<SlopeActor>(rider)
            .map(|a| a.contacts.ground_platform()),
        Some(Some(1))
    );

    app.world_mut().despawn(first);
    let before = app.world().get::<SlopeActor>(rider).expect("rider").0;
    step(&mut app, 5);
    let after = app.world().get::<SlopeActor>(rider).expect("rider").0;
    assert_eq!(
        app.world().get::<GroundPlatform>(rider).map(|g| g.0),
        Some(Some(middle))
    );
    assert_eq!(
        after.contacts.ground_platform(),
        Some(0),
        "renumbered to its new index"
    );
    assert_eq!(
        (after.x - before.x, after.y),
        (5, before.y),
        "still carried"
    );
    assert!(platforms.contains(&middle));
}

#[test]
fn ground_angles_are_those_the_runtime_reports_where_asked_for() {
    let mut app = app();
    // Above the 45° ramp at x = 64..80 (its top at y = 80), and one that does not ask.
    let asks = app
        .world_mut()
        .spawn((
            SlopeActor(Actor::new(68, 100, 8, 8)),
            GroundAngle::default(),
        ))
        .id();
    let silent = app
        .world_mut()
        .spawn(SlopeActor(Actor::new(68, 100, 8, 8)))
        .id();
    let mut seen = Vec::new();
    for _ in 0..40 {
        for mut actor in app
            .world_mut()
            .query::<&mut SlopeActor>()
            .iter_mut(app.world_mut())
        {
            actor.vy -= SUBPIXEL / 4;
        }
        step(&mut app, 1);
        let actor = app.world().get::<SlopeActor>(asks).expect("actor").0;
        let expected = app
            .world()
            .resource::<ActiveLevel>()
            .with_world(&[], |w| w.ground_angle(&actor));
        let angle = app.world().get::<GroundAngle>(asks).expect("angle").0;
        assert_eq!(angle, expected);
        seen.push(angle);
    }
    // On the 45° ramp beside its crest: a rise between level and 45° (1 to 31).
    assert!(
        seen.iter().any(|a| (1..32).contains(a)),
        "on the ramp: {seen:?}"
    );
    assert!(app.world().get::<GroundAngle>(silent).is_none());
    let rad = GroundAngle(32).radians();
    assert!((rad - std::f32::consts::FRAC_PI_4).abs() < 1e-6);
    assert!((GroundAngle(224).radians() + std::f32::consts::FRAC_PI_4).abs() < 1e-6);
}

#[test]
fn transforms_show_box_centres_interpolated_between_steps() {
    let mut app = app();
    let plain = app
        .world_mut()
        .spawn(SlopePlatform(
            Platform::new(40, 150, 32, 6).with_velocity(4 * SUBPIXEL, 0),
        ))
        .id();
    let smooth = app
        .world_mut()
        .spawn((
            SlopePlatform(Platform::new(40, 170, 32, 6).with_velocity(4 * SUBPIXEL, 0)),
            Interpolated::default(),
        ))
        .id();
    step(&mut app, 1); // both at x = 44, from 40
    // A quarter of a step has passed since.
    app.world_mut()
        .resource_mut::<Time<Fixed>>()
        .accumulate_overstep(Duration::from_secs(900));
    app.update();
    let x = |app: &App, e: Entity| {
        app.world()
            .get::<Transform>(e)
            .expect("transform")
            .translation
    };
    // (The update adds its own real time to the quarter step: a few microseconds.)
    assert_eq!(x(&app, plain), Vec3::new(44.0 + 16.0, 153.0, 0.0));
    assert!(x(&app, smooth).abs_diff_eq(Vec3::new(41.0 + 16.0, 173.0, 0.0), 0.01));
}
