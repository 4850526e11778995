//! The scene (`Scene`: fixed-capacity actors and platforms with ids) under random adds,
//! removes, velocity changes, drops and updates: every update moves each platform and
//! actor exactly as `Platforms::advance_all` then `World::step` move copies of them, and
//! reports each actor's `Events::of`; a full scene refuses an add and changes nothing; a
//! removed id never names anything again; `platform_id` follows `platforms()`.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use slope_fuzz::mover::{ActorSpec, MapSpec, PlatformSpec, Speed};
use slope_runtime::{
    ActorId, Events, Platform, PlatformId, Platforms, SUBPIXEL, Scene, TileMap, World,
};

const ACTORS: usize = 4;
const PLATFORMS: usize = 3;

#[derive(Debug, Arbitrary)]
struct Input {
    map: MapSpec,
    ops: Vec<Op>,
}

#[derive(Debug, Arbitrary)]
enum Op {
    AddActor(ActorSpec, u8, u8),
    RemoveActor(u8),
    AddPlatform(PlatformSpec),
    RemovePlatform(u8),
    /// The `k`-th actor's new velocity.
    Steer(u8, Speed, Speed),
    /// The `k`-th platform's new velocity.
    Drive(u8, Speed, Speed),
    /// The `k`-th actor drops through what it stands on.
    Drop(u8),
    Update,
}

fuzz_target!(|input: Input| {
    let tables = slope_fuzz::default_tables();
    let map = input.map.map(tables.shape_count());
    let n = i32::from(tables.tile_size());
    let mut scene: Scene<'_, _, ACTORS, PLATFORMS> = Scene::new(tables, &map);
    let (mut gone_actors, mut gone_platforms): (Vec<ActorId>, Vec<PlatformId>) = (vec![], vec![]);
    for op in input.ops.iter().take(96) {
        match op {
            Op::AddActor(spec, x, y) => {
                let mut actor = spec.actor();
                actor.place(i32::from(*x) % (8 * n), i32::from(*y) % (6 * n));
                let before = scene.actor_count();
                match scene.add_actor(actor) {
                    Ok(id) => assert_eq!(scene.actor(id), Some(&actor)),
                    Err(_) => assert_eq!((before, scene.actor_count()), (ACTORS, ACTORS)),
                }
            }
            Op::RemoveActor(k) => {
                if let Some((id, actor)) = nth(scene.actors(), *k) {
                    assert_eq!(scene.remove_actor(id), Some(actor));
                    gone_actors.push(id);
                }
            }
            Op::AddPlatform(spec) => {
                let platform = spec.platform(n);
                let before = scene.platform_count();
                match scene.add_platform(platform) {
                    Ok(id) => assert_eq!(scene.platform(id), Some(&platform)),
                    Err(_) => assert_eq!((before, scene.platform_count()), (PLATFORMS, PLATFORMS)),
                }
            }
            Op::RemovePlatform(k) => {
                if let Some((id, platform)) = nth(scene.platforms(), *k) {
                    assert_eq!(scene.remove_platform(id), Some(platform));
                    gone_platforms.push(id);
                }
            }
            Op::Steer(k, vx, vy) => {
                if let Some((id, _)) = nth(scene.actors(), *k) {
                    let a = scene.actor_mut(id).expect("a listed actor");
                    (a.vx, a.vy) = (vx.value(), vy.value().saturating_sub(SUBPIXEL / 4));
                }
            }
            Op::Drive(k, vx, vy) => {
                if let Some((id, _)) = nth(scene.platforms(), *k) {
                    let p = scene.platform_mut(id).expect("a listed platform");
                    (p.vx, p.vy) = (vx.value(), vy.value());
                }
            }
            Op::Drop(k) => {
                if let Some((id, _)) = nth(scene.actors(), *k) {
                    scene.actor_mut(id).expect("a listed actor").drop_through();
                }
            }
            Op::Update => update_as_its_parts(&mut scene),
        }
        for id in &gone_actors {
            assert!(
                scene.actor(*id).is_none(),
                "a removed actor's id names an actor"
            );
        }
        for id in &gone_platforms {
            assert!(
                scene.platform(*id).is_none(),
                "a removed platform's id names a platform"
            );
        }
        for (index, (id, _)) in scene.platforms().enumerate() {
            assert_eq!(scene.platform_id(index), Some(id));
        }
        for (id, _) in scene.actors() {
            if let Some(p) = scene.ground_platform(id) {
                assert!(scene.platform(p).is_some());
            }
        }
    }
});

/// The `k`-th item (modulo the count), copied out.
fn nth<'a, I: Copy, T: Copy + 'a>(
    items: impl Iterator<Item = (I, &'a T)>,
    k: u8,
) -> Option<(I, T)> {
    let items: Vec<(I, T)> = items.map(|(i, t)| (i, *t)).collect();
    (!items.is_empty()).then(|| items[usize::from(k) % items.len()])
}

/// `scene.update()`, checked against the calls it is documented to make, on copies.
fn update_as_its_parts<M: TileMap + Copy>(scene: &mut Scene<'_, M, ACTORS, PLATFORMS>) {
    let (tables, map) = (scene.tables(), *scene.map());
    let (ids, mut actors): (Vec<ActorId>, Vec<_>) = scene.actors().map(|(id, a)| (id, *a)).unzip();
    let (pids, mut platforms): (Vec<PlatformId>, Vec<Platform>) =
        scene.platforms().map(|(id, p)| (id, *p)).unzip();
    Platforms::new(tables, &map, &mut platforms).advance_all(&mut [&mut actors]);
    let world = World::with_platforms(tables, &map, &platforms);
    for a in &mut actors {
        world.step(a);
    }
    scene.update();
    for (id, a) in ids.iter().zip(&actors) {
        assert_eq!(
            scene.actor(*id),
            Some(a),
            "an actor moved otherwise than by its parts"
        );
        assert_eq!(scene.events_of(*id), Events::of(a));
    }
    for (id, p) in pids.iter().zip(&platforms) {
        assert_eq!(
            scene.platform(*id),
            Some(p),
            "a platform moved otherwise than by its parts"
        );
    }
    let reported = scene.events().count();
    let expected: usize = actors.iter().map(|a| Events::of(a).iter().count()).sum();
    assert_eq!(reported, expected);
}
