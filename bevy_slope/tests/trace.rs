//! The plugin adds no rule of its own: a scripted run of the example's level in a headless
//! app equals the same run on `slope_runtime::Scene`, frame for frame.

mod support;

use bevy::prelude::*;
use bevy_slope::{ActiveLevel, GroundPlatform, PlatformOrder, SlopeEvent};
use slope_runtime::{Events, PackedMap, Scene, Tables};
use support::{Body, Role, game};

const STEPS: u32 = 600;

#[test]
fn the_plugin_moves_exactly_as_the_runtime_scene() {
    let mut app = support::headless_app(&support::example_assets(), false);
    support::load_level(&mut app, "level.tmx");
    let cast = support::spawn_cast(&mut app);
    let level = app.world().resource::<ActiveLevel>().clone();
    let packed = app
        .world()
        .resource::<Assets<bevy_slope::LevelFile>>()
        .get(level.file)
        .and_then(|file| file.level(None))
        .map(|data| data.packed.clone())
        .expect("the level file is loaded");

    // The runtime's own run: the same level from slopegen's packed map, the same cast in
    // the plugin's order (that of the entities).
    let tables = Tables::from_bytes(level.blob()).expect("slopegen's blob loads");
    let map = PackedMap::from_bytes(&packed).expect("slopegen's packed map loads");
    let mut scene: Scene<'_, _, 8, 4> = Scene::new(tables, map);
    let (mut actor_ids, mut platform_ids) = (Vec::new(), Vec::new());
    for (_, role, body) in &cast {
        match body {
            Body::Actor(a) => actor_ids.push((scene.add_actor(*a).expect("room"), *role)),
            Body::Platform(p) => platform_ids.push((scene.add_platform(*p).expect("room"), *role)),
        }
    }
    assert_eq!((actor_ids.len(), platform_ids.len()), (4, 2));

    let mut cursor = app.world().resource::<Messages<SlopeEvent>>().get_cursor();
    let (mut landings, mut rode, mut walls) = (0, 0, 0);
    for step in 0..STEPS {
        let input = game::scripted_input(step);
        for (id, role) in &actor_ids {
            if let Some(a) = scene.actor_mut(*id) {
                match *role {
                    Role::Hero => game::control_hero(a, input),
                    Role::Enemy(area) => game::patrol(a, area),
                    Role::Ride(..) => {}
                }
            }
        }
        for (id, role) in &platform_ids {
            if let (Some(p), Role::Ride(from, to)) = (scene.platform_mut(*id), *role) {
                game::shuttle(p, from, to);
            }
        }
        scene.update();
        support::step(&mut app, step);

        let (actors, platforms) = support::bodies(app.world_mut());
        let expected: Vec<_> = actor_ids
            .iter()
            .filter_map(|(id, _)| scene.actor(*id).copied())
            .collect();
        assert_eq!(actors, expected, "actors after step {step}");
        let expected: Vec<_> = platform_ids
            .iter()
            .filter_map(|(id, _)| scene.platform(*id).copied())
            .collect();
        assert_eq!(platforms, expected, "platforms after step {step}");

        // The events are the scene's, and the ground platform its.
        let mut events: Vec<_> = cursor
            .read(app.world().resource::<Messages<SlopeEvent>>())
            .map(|e| e.event)
            .collect();
        let mut scene_events: Vec<_> = actors.iter().flat_map(|a| Events::of(a).iter()).collect();
        events.sort();
        scene_events.sort();
        assert_eq!(events, scene_events, "events of step {step}");
        landings += events
            .iter()
            .filter(|e| **e == slope_runtime::Event::Landed)
            .count();
        walls += events
            .iter()
            .filter(|e| **e == slope_runtime::Event::HitWall)
            .count();

        let order = app.world().resource::<PlatformOrder>().clone();
        let mut grounds = app.world_mut().query::<(Entity, &GroundPlatform)>();
        let mut grounds: Vec<_> = grounds.iter(app.world()).map(|(e, g)| (e, g.0)).collect();
        grounds.sort_by_key(|(e, _)| *e);
        for ((_, ground), actor) in grounds.iter().zip(&actors) {
            assert_eq!(
                *ground,
                actor
                    .contacts
                    .ground_platform()
                    .and_then(|i| order.entity(i))
            );
            rode += usize::from(ground.is_some());
        }
    }
    // The script goes through what the level has: landings, walls, rides.
    assert!(landings >= 5, "{landings} landings");
    assert!(walls >= 1, "{walls} wall hits");
    assert!(rode >= 1, "{rode} frames on a platform");
}
