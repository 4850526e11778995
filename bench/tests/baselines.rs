//! The baselines against the runtime on hand-made cases the crowds never meet, each found
//! by the `mover_reference` fuzz target (`fuzz/`), which compares the three on random
//! levels frame by frame.

use slope_bench::{Bitmask, Body, Level, Naive, Probe, TILES};
use slope_runtime::{Actor, ActorSettings, Cell, Tables, World};

/// A floor at y = 16 and a ledge two cells wide whose top is y = 32 (x < 32); solid
/// outside, as the baselines ask.
fn ledge() -> Level {
    let mut level = Level::new(Cell::FULL);
    for tx in 0..slope_bench::level::W as i32 {
        for ty in 1..slope_bench::level::H as i32 {
            let solid = ty == 1 && tx < 2;
            level.set(tx, ty, if solid { Cell::FULL } else { Cell::EMPTY });
        }
    }
    level
}

/// An actor with a wall height of 0 that lands on the ledge's edge and, in the same frame,
/// steps off it: it ends in the air, on no ground, in all three (the baselines took a wall
/// height of 0 as ground under the feet without testing it).
#[test]
fn a_wall_height_of_0_stands_on_no_air() {
    let tables = Tables::from_bytes(TILES).unwrap();
    let level = ledge();
    let (naive, bitmask) = (Naive::new(&tables, &level), Bitmask::new(&tables, &level));
    let world = World::new(tables, &level);
    for wall_height in [0u8, 1, 4] {
        let settings = ActorSettings {
            wall_height,
            ..ActorSettings::default()
        };
        let mut actor = Actor::new(29, 33, 2, 1).with_settings(settings);
        let mut body = Body::new(29, 33, 2, 1);
        body.wall_height = i32::from(wall_height);
        let mut other = body;
        // 3 px right and 2 px down: lands on the ledge at x = 30, then walks off its edge
        (actor.vx, actor.vy) = (768, -512);
        (body.vx, body.vy, other.vx, other.vy) = (768, -512, 768, -512);
        world.step(&mut actor);
        naive.step(&mut body);
        bitmask.step(&mut other);
        assert_eq!((actor.x, actor.y), (32, 32), "wall height {wall_height}");
        assert!(!actor.contacts.on_ground(), "wall height {wall_height}");
        for (name, b) in [("naive", &body), ("bit-mask", &other)] {
            assert_eq!((b.x, b.y), (32, 32), "{name}, wall height {wall_height}");
            assert!(
                !b.on_ground,
                "{name}, wall height {wall_height}: ground under air"
            );
        }
    }
}

/// A tunnel exactly an actor's height (floor at y = 16, ceiling at y = 32): a jump the
/// ceiling refuses at once, on a frame that also moves it sideways, leaves it on the ground
/// in all three (the runtime and the baselines tested no ground after a rising frame).
#[test]
fn a_jump_refused_by_a_ceiling_stays_on_the_ground() {
    let tables = Tables::from_bytes(TILES).unwrap();
    let mut level = Level::new(Cell::FULL);
    for tx in 0..slope_bench::level::W as i32 {
        for ty in 0..slope_bench::level::H as i32 {
            level.set(
                tx,
                ty,
                if ty == 0 || ty == 2 {
                    Cell::FULL
                } else {
                    Cell::EMPTY
                },
            );
        }
    }
    let (naive, bitmask) = (Naive::new(&tables, &level), Bitmask::new(&tables, &level));
    let world = World::new(tables, &level);
    for vx in [0, 64, 256, 768, -256] {
        let mut actor = Actor::new(40, 16, 8, 16);
        actor.contacts = world.touching(&actor);
        let mut body = Body::new(40, 16, 8, 16);
        body.on_ground = true;
        let mut other = body;
        (actor.vx, actor.vy) = (vx, 1024);
        (body.vx, body.vy, other.vx, other.vy) = (vx, 1024, vx, 1024);
        world.step(&mut actor);
        naive.step(&mut body);
        bitmask.step(&mut other);
        assert!(
            actor.contacts.on_ground() && actor.contacts.on_ceiling(),
            "vx {vx}"
        );
        for (name, b) in [("naive", &body), ("bit-mask", &other)] {
            assert_eq!((b.x, b.y), (actor.x, actor.y), "{name}, vx {vx}");
            assert!(
                b.on_ground && b.on_ceiling,
                "{name}, vx {vx}: left the ground"
            );
        }
    }
}
