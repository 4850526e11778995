//! `Scene`: ids, capacities, the order of a frame (the same as running `Platforms` and
//! `World::step` by hand), and the events of a frame.
//!
//! Units: px, y up, N = 16 px cells; velocities 1/256 px per frame (`PX` = 1 px per frame).

use std::collections::HashSet;

use slope_runtime::{
    Actor, ActorId, Cell, Event, Events, Full, GridMap, Platform, PlatformId, Platforms, Rect,
    Scene, Tables, TileMap, World,
};

static BLOB: &[u8] = include_bytes!("data/tiles.bin");

/// One pixel per frame.
const PX: i32 = 256;
/// Gravity: 0.25 px per frame².
const GRAVITY: i32 = PX / 4;

fn tables() -> Tables<'static> {
    Tables::from_bytes(BLOB).expect("the default tiles load")
}

/// A 256×128 room (16×8 cells), solid outside: floor at y = 0, right wall at x = 256,
/// ceiling at y = 128.
type Room = GridMap<16, 8>;

fn room() -> Room {
    GridMap::new(Cell::FULL)
}

/// Gravity on every actor.
fn fall<M: TileMap, const A: usize, const P: usize>(scene: &mut Scene<'_, M, A, P>) {
    for (_, a) in scene.actors_mut() {
        a.vy -= GRAVITY;
    }
}

// ---------------------------------------------------------------------------------------
// Ids and capacity
// ---------------------------------------------------------------------------------------

/// Adding past capacity is an error (actors and platforms alike), and leaves the scene as
/// it was; after a removal there is room again.
#[test]
fn adding_past_capacity_is_an_error() {
    let mut scene: Scene<'_, Room, 2, 1> = Scene::new(tables(), room());
    let a = scene
        .add_actor(Actor::new(16, 0, 8, 8))
        .expect("room for two");
    let b = scene
        .add_actor(Actor::new(32, 0, 8, 8))
        .expect("room for two");
    assert_eq!(scene.add_actor(Actor::new(48, 0, 8, 8)), Err(Full));
    assert_eq!(scene.actor_count(), 2);
    let p = scene
        .add_platform(Platform::new(64, 32, 16, 4))
        .expect("room for one");
    assert_eq!(scene.add_platform(Platform::new(96, 32, 16, 4)), Err(Full));
    assert_eq!(scene.platform_count(), 1);
    assert_eq!(Full.to_string(), "the scene is full");

    assert!(scene.remove_actor(a).is_some());
    let c = scene
        .add_actor(Actor::new(48, 0, 8, 8))
        .expect("room again");
    assert_eq!(scene.actor(c).map(|a| a.x), Some(48));
    assert_eq!(scene.actor(b).map(|a| a.x), Some(32));
    assert!(scene.remove_platform(p).is_some());
    assert!(scene.add_platform(Platform::new(96, 32, 16, 4)).is_ok());

    let mut none: Scene<'_, Room, 0, 0> = Scene::new(tables(), room());
    assert_eq!(none.add_actor(Actor::new(16, 0, 8, 8)), Err(Full));
    assert_eq!(none.add_platform(Platform::new(16, 0, 8, 8)), Err(Full));
    none.update();
    assert_eq!(none.events().count(), 0);
}

/// An id names its actor (or platform) until it is removed, and never another one: after
/// many additions and removals in a small scene, every id ever handed out is distinct,
/// removed ids name nothing (removing twice does nothing), and live ids name their own.
#[test]
fn ids_never_name_another_actor() {
    let mut scene: Scene<'_, Room, 3, 2> = Scene::new(tables(), room());
    let mut seen: HashSet<ActorId> = HashSet::new();
    let mut seen_platforms: HashSet<PlatformId> = HashSet::new();
    let mut live: Vec<(ActorId, i32)> = Vec::new();
    let mut gone: Vec<ActorId> = Vec::new();
    let mut live_platforms: Vec<(PlatformId, i32)> = Vec::new();
    let mut gone_platforms: Vec<PlatformId> = Vec::new();
    for i in 0..300 {
        // Add while there is room, remove one of them (first, last or middle) otherwise.
        if live.len() < 3 {
            let id = scene.add_actor(Actor::new(i, 0, 8, 8)).expect("room");
            assert!(seen.insert(id), "id {id:?} handed out twice");
            live.push((id, i));
        } else {
            let (id, _) = live.remove(i as usize % 3);
            assert!(scene.remove_actor(id).is_some());
            assert_eq!(scene.remove_actor(id), None, "removed twice");
            gone.push(id);
        }
        if live_platforms.len() < 2 {
            let id = scene
                .add_platform(Platform::new(i, 64, 8, 8))
                .expect("room");
            assert!(
                seen_platforms.insert(id),
                "platform id {id:?} handed out twice"
            );
            live_platforms.push((id, i));
        } else if i % 2 == 0 {
            let (id, _) = live_platforms.remove(i as usize % 2);
            assert!(scene.remove_platform(id).is_some());
            gone_platforms.push(id);
        }
        for &(id, x) in &live {
            assert_eq!(scene.actor(id).map(|a| a.x), Some(x), "step {i}");
        }
        for &(id, x) in &live_platforms {
            assert_eq!(scene.platform(id).map(|p| p.x), Some(x), "step {i}");
        }
        assert!(gone.iter().all(|&id| scene.actor(id).is_none()));
        assert!(
            gone_platforms
                .iter()
                .all(|&id| scene.platform(id).is_none())
        );
        assert_eq!(scene.actor_count(), live.len());
        assert_eq!(scene.platforms().count(), live_platforms.len());
    }
    assert!(gone.len() > 100 && gone_platforms.len() > 50);
    // The iterators list every live one with its own id.
    let mut listed: Vec<(ActorId, i32)> = scene.actors().map(|(id, a)| (id, a.x)).collect();
    listed.sort();
    live.sort();
    assert_eq!(listed, live);
}

// ---------------------------------------------------------------------------------------
// The order of a frame
// ---------------------------------------------------------------------------------------

/// `update` is platforms first (each moved by its velocity, in order), then every actor's
/// step: over 120 frames of three actors (walking, jumping, one riding) and two platforms
/// (one-way and solid, sub-pixel velocities), the scene ends every frame exactly where the
/// same frame run by hand with `Platforms::advance_all` and `World::step` does.
#[test]
fn update_runs_platforms_then_actors() {
    let platforms = [
        Platform::new(32, 32, 48, 8).with_velocity(77, 40),
        Platform::new(160, 64, 32, 8)
            .one_way()
            .with_velocity(-300, -20),
    ];
    let actors = [
        Actor::new(40, 40, 8, 14),  // on the first platform
        Actor::new(120, 0, 10, 20), // on the floor
        Actor::new(170, 72, 8, 8),  // on the one-way platform
    ];
    let mut scene: Scene<'_, Room, 4, 4> = Scene::new(tables(), room());
    let ids: Vec<ActorId> = actors
        .iter()
        .map(|&a| scene.add_actor(a).expect("room"))
        .collect();
    for &p in &platforms {
        scene.add_platform(p).expect("room");
    }
    let (mut by_hand, mut by_hand_platforms) = (actors, platforms);
    let map = room();
    let mut rode = 0;
    for frame in 0..120 {
        let input = |a: &mut Actor, i: usize| {
            a.vx = [PX / 2, -PX, 0][i] * if frame % 60 < 30 { 1 } else { -1 };
            if frame % 37 == 36 && a.contacts.on_ground() {
                a.vy = 4 * PX;
            }
            a.vy -= GRAVITY;
        };
        for (i, &id) in ids.iter().enumerate() {
            input(scene.actor_mut(id).expect("live"), i);
            input(&mut by_hand[i], i);
        }
        scene.update();
        let mut movers = Platforms::new(tables(), &map, &mut by_hand_platforms);
        movers.advance_all(&mut [&mut by_hand]);
        let world: World<'_, &Room, &[Platform]> = movers.world();
        for a in &mut by_hand {
            world.step(a);
        }
        for (i, &id) in ids.iter().enumerate() {
            assert_eq!(
                scene.actor(id),
                Some(&by_hand[i]),
                "frame {frame}, actor {i}"
            );
            assert_eq!(
                scene.events_of(id),
                Events::of(&by_hand[i]),
                "frame {frame}"
            );
        }
        let listed: Vec<Platform> = scene.platforms().map(|(_, p)| *p).collect();
        assert_eq!(listed, by_hand_platforms, "frame {frame}");
        rode += by_hand
            .iter()
            .filter(|a| a.contacts.ground_platform().is_some())
            .count();
    }
    assert!(rode > 50, "actors rode platforms on {rode} actor-frames");
}

/// A rider of a lift moving at 0.5 px per frame is carried every frame (the platform moves
/// before the rider steps: it never falls behind), and `ground_platform` names the lift by
/// its id, also after another platform before it is removed (indices change, ids do not).
#[test]
fn riders_are_carried_and_know_their_platform() {
    let mut scene: Scene<'_, Room, 2, 3> = Scene::new(tables(), room());
    let other = scene
        .add_platform(Platform::new(200, 16, 16, 8))
        .expect("room");
    let lift = scene
        .add_platform(Platform::new(32, 16, 32, 8).with_velocity(0, PX / 2))
        .expect("room");
    let hero = scene.add_actor(Actor::new(40, 24, 8, 14)).expect("room");
    let mut world_index = None;
    for frame in 0..40 {
        fall(&mut scene);
        scene.update();
        let (a, p) = (
            scene.actor(hero).expect("live"),
            scene.platform(lift).expect("live"),
        );
        assert_eq!(a.y, p.y + 8, "frame {frame}: on the lift");
        assert_eq!(scene.ground_platform(hero), Some(lift), "frame {frame}");
        world_index = a.contacts.ground_platform();
        if frame == 20 {
            assert_eq!(world_index, Some(1));
            assert!(scene.remove_platform(other).is_some());
            // The index the actor holds follows the lift to its new place.
            let a = scene.actor(hero).expect("live");
            assert_eq!(a.contacts.ground_platform(), Some(0));
            assert_eq!(scene.platform_id(0), Some(lift));
            assert_eq!(scene.ground_platform(hero), Some(lift));
        }
    }
    assert_eq!(world_index, Some(0));
    assert_eq!(scene.platform(lift).map(|p| p.y), Some(36));
    assert_eq!(scene.platform_id(1), None);
}

/// Removing the platform an actor stands on: the actor names no platform (not the one
/// that took the removed one's index), and falls at its next update.
#[test]
fn removing_a_platform_under_an_actor() {
    let mut scene: Scene<'_, Room, 2, 3> = Scene::new(tables(), room());
    let under = scene
        .add_platform(Platform::new(32, 32, 32, 8))
        .expect("room");
    scene
        .add_platform(Platform::new(128, 32, 32, 8))
        .expect("room");
    let hero = scene.add_actor(Actor::new(40, 40, 8, 14)).expect("room");
    fall(&mut scene);
    scene.update();
    assert_eq!(scene.ground_platform(hero), Some(under));
    scene.remove_platform(under);
    assert_eq!(scene.ground_platform(hero), None);
    let a = scene.actor(hero).expect("live");
    assert_eq!(a.contacts.ground_platform(), None);
    assert_eq!(a.previous.ground_platform(), None);
    fall(&mut scene);
    scene.update();
    assert!(scene.events_of(hero).contains(Event::LeftGround));
}

/// The world of a scene sees its map (changed through `map_mut`) and its platforms.
#[test]
fn the_world_sees_the_map_and_the_platforms() {
    let mut scene: Scene<'_, Room, 1, 1> = Scene::new(tables(), room());
    scene
        .add_platform(Platform::new(64, 64, 16, 8))
        .expect("room");
    let probe = Rect::of_box(64, 56, 8, 8);
    assert!(!scene.world().hits(Rect::of_box(64, 48, 8, 8)));
    assert!(scene.world().hits(Rect::of_box(64, 60, 8, 8)));
    assert!(!scene.world().hits(probe));
    scene.map_mut().set(4, 3, Cell::FULL); // x 64..=79, y 48..=63
    assert!(scene.world().hits(probe));
    assert_eq!(scene.map().cell(4, 3), Cell::FULL);
    assert_eq!(scene.tables().tile_size(), 16);
}

// ---------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------

/// The events of each frame of a scripted scene:
/// - a faller lands on the floor (landed, that frame only);
/// - a jumper leaves the ground (left the ground), and hits its head on a low ceiling
///   (hit the head);
/// - a walker hits the right wall (hit a wall, every frame it pushes);
/// - a rider of a lift is crushed against the ceiling (crushed).
///
/// `events()` lists exactly the pairs of `events_of` every actor, and an actor added since
/// the last update has none.
#[test]
fn events_of_a_frame() {
    let mut map = room();
    for tx in 0..4 {
        map.set(tx, 2, Cell::FULL); // a low ceiling over x 0..=63, at y = 32
    }
    let mut scene: Scene<'_, Room, 5, 1> = Scene::new(tables(), map);
    let faller = scene.add_actor(Actor::new(100, 20, 8, 8)).expect("room");
    let jumper = scene.add_actor(Actor::new(20, 0, 8, 14)).expect("room");
    let walker = scene.add_actor(Actor::new(200, 0, 8, 8)).expect("room");
    let rider = scene.add_actor(Actor::new(136, 40, 8, 14)).expect("room");
    scene
        .add_platform(Platform::new(128, 32, 32, 8).with_velocity(0, 2 * PX))
        .expect("room");
    let mut seen: Vec<(usize, ActorId, Event)> = Vec::new();
    for frame in 0..40 {
        fall(&mut scene);
        if let Some(a) = scene.actor_mut(walker) {
            a.vx = 3 * PX;
        }
        if frame == 5 {
            if let Some(a) = scene.actor_mut(jumper) {
                a.vy = 4 * PX;
            }
        }
        scene.update();
        let all: Vec<(ActorId, Event)> = scene.events().collect();
        let by_actor: Vec<(ActorId, Event)> = [faller, jumper, walker, rider]
            .iter()
            .flat_map(|&id| scene.events_of(id).iter().map(move |e| (id, e)))
            .collect();
        let mut sorted = all.clone();
        sorted.sort();
        let mut by_actor_sorted = by_actor;
        by_actor_sorted.sort();
        assert_eq!(sorted, by_actor_sorted, "frame {frame}");
        seen.extend(all.into_iter().map(|(id, e)| (frame, id, e)));
    }
    let frames = |id: ActorId, e: Event| -> Vec<usize> {
        seen.iter()
            .filter(|&&(_, i, ev)| (i, ev) == (id, e))
            .map(|&(f, _, _)| f)
            .collect()
    };
    // The faller: 20 px above the floor from rest, lands once (and so do the others that
    // start on the ground: they were on nothing before their first step).
    let landed = frames(faller, Event::Landed);
    assert_eq!(landed.len(), 1);
    assert!(landed[0] > 5, "{landed:?}");
    assert_eq!(frames(jumper, Event::Landed)[0], 0);
    // The jumper: leaves the ground the frame it jumps, hits its head on the ceiling
    // (its head at 13, the ceiling at 32: 18 px up at 4 px per frame and less), lands
    // again.
    assert_eq!(frames(jumper, Event::LeftGround), [5]);
    let head = frames(jumper, Event::HitHead);
    assert_eq!(head.len(), 1, "{head:?}");
    assert!(head[0] > 5 && head[0] < 20, "{head:?}");
    assert_eq!(frames(jumper, Event::Landed).len(), 2);
    // The walker: from x = 200 at 3 px per frame, it arrives against the wall (x = 248)
    // in frame 15, its motion unstopped; from frame 16 on the wall stops it every frame.
    let walls = frames(walker, Event::HitWall);
    assert_eq!(walls, (16..40).collect::<Vec<_>>());
    assert!(
        scene
            .actor(walker)
            .is_some_and(|a| a.contacts.pushing_right())
    );
    // The rider: its head reaches the ceiling (128) with the lift's top at 113, after 37
    // frames of 2 px: crushed, it is squeezed out beside the lift, free again.
    let crushed = frames(rider, Event::Crushed);
    assert_eq!(crushed, [37]);
    // Nobody else: no crush, no wall, no head.
    for id in [faller, jumper, rider] {
        assert!(frames(id, Event::HitWall).is_empty());
    }
    for id in [faller, jumper, walker] {
        assert!(frames(id, Event::Crushed).is_empty());
    }

    // An actor added after the update has no events yet; an unknown id has none.
    let late = scene.add_actor(Actor::new(100, 0, 8, 8)).expect("room");
    assert!(scene.events_of(late).is_empty());
    assert!(scene.events().all(|(id, _)| id != late));
    scene.remove_actor(faller);
    assert!(scene.events_of(faller).is_empty());
}

/// A jump off a moving lift in a scene keeps the lift's momentum (the default), and the
/// scene's `Events` agree with `Events::of`.
#[test]
fn a_scene_keeps_the_momentum_of_a_lift() {
    let mut scene: Scene<'_, Room, 1, 1> = Scene::new(tables(), room());
    let hero = scene.add_actor(Actor::new(40, 24, 8, 14)).expect("room");
    scene
        .add_platform(Platform::new(32, 16, 32, 8).with_velocity(3 * PX / 2, 0))
        .expect("room");
    for _ in 0..4 {
        fall(&mut scene);
        scene.update();
    }
    if let Some(a) = scene.actor_mut(hero) {
        a.vy = 4 * PX;
    }
    scene.update();
    let a = scene.actor(hero).expect("live");
    assert_eq!(a.vx, 3 * PX / 2);
    assert_eq!(scene.events_of(hero), Events::of(a));
    assert!(scene.events_of(hero).contains(Event::LeftGround));
}
