//! Wall-clock times of single calls at the edges of the documented limits: the largest box,
//! the fastest velocity, the longest platform move, the most demanding settings, on the
//! default 16-px tiles and on 4-px tiles (the smallest, where a box covers the most cells).
//!
//! ```text
//! cargo run --release -p slope-runtime --example worst_case            # every case
//! cargo run --release -p slope-runtime --example worst_case -- platform # cases whose name contains it
//! ```
//!
//! Each line: the case, the median of a few runs of one call, in milliseconds. Sizes,
//! moves and speeds past the limits are passed as they are: the runtime clamps them.

use std::hint::black_box;
use std::time::{Duration, Instant};

use slope_runtime::{
    Actor, ActorSettings, Cell, Direction, Feet, MAX_MOVE, MAX_SIZE, MAX_SPEED, Platform, Rect,
    SUBPIXEL, Tables, TileMap, World, crc32, move_platform,
};

/// The default tiles (N = 16).
static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));

/// A blob of 4-px tiles without shapes: maps of it hold empty, full and one-way cells.
fn small_tiles_blob() -> Vec<u8> {
    let mut bytes = slope_runtime::format::MAGIC.to_vec();
    bytes.push(slope_runtime::format::VERSION as u8); // a one-byte varint
    bytes.push(4); // N
    bytes.extend([0, 0, 0, 0, 0]); // names, shapes, records, angles, columns: empty
    let crc = crc32(&bytes);
    bytes.extend(crc.to_le_bytes());
    bytes
}

/// A map given by a function of the cell.
struct FnMap<F>(F);

impl<F: Fn(i32, i32) -> Cell> TileMap for FnMap<F> {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        // Opaque, as a real map's memory is: a map the optimiser can read as a constant
        // would let it fold whole loops of lookups away.
        black_box((self.0)(black_box(tx), black_box(ty)))
    }
}

/// The median of `runs` runs of `f` (each on fresh inputs made by `f` itself).
fn median(runs: u32, mut f: impl FnMut() -> Duration) -> Duration {
    let mut times: Vec<Duration> = (0..runs).map(|_| f()).collect();
    times.sort();
    times[times.len() / 2]
}

/// The time of one `World::step` of `a` (with `SHOW` set, where the actor ends).
fn timed_step<M: TileMap>(world: &World<'_, M>, a: &mut Actor) -> Duration {
    let t = Instant::now();
    black_box(world.step(a));
    let t = t.elapsed();
    if std::env::var_os("SHOW").is_some() {
        eprintln!("actor at {:?}, {:?}", a.bounds(), a.contacts);
    }
    t
}

fn report(name: &str, filter: &str, runs: u32, f: impl FnMut() -> Duration) {
    if !name.contains(filter) {
        return;
    }
    let t = median(runs, f);
    println!("{name:<58} {:>10.3} ms", t.as_secs_f64() * 1e3);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let filter = args.get(1).cloned().unwrap_or_default();
    // Optional: a box side and a platform move other than the limits (clamped all the same).
    let big: u16 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(MAX_SIZE);
    let reach: i32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(MAX_MOVE);
    let reach_setting: u8 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(u8::MAX);
    let small = small_tiles_blob();
    let tables16 = Tables::from_bytes(BLOB).expect("the default tiles load");
    let tables4 = Tables::from_bytes(&small).expect("the 4-px blob loads");
    println!(
        "limits: MAX_SIZE {MAX_SIZE} px, MAX_SPEED {} px/frame, MAX_MOVE {reach} px",
        MAX_SPEED / SUBPIXEL
    );

    for (tables, n) in [(tables16, 16), (tables4, 4)] {
        // A floor (solid below y = 0), open above.
        let floor = FnMap(|_, ty| if ty < 0 { Cell::FULL } else { Cell::EMPTY });
        // One-way blocks everywhere.
        let one_way = FnMap(|_, _| Cell::FULL.one_way());
        // A staircase of risers one cell high every other cell, solid below.
        let stairs = FnMap(|tx: i32, ty: i32| {
            if ty < tx.div_euclid(2) {
                Cell::FULL
            } else {
                Cell::EMPTY
            }
        });
        // Solid everywhere.
        let solid = FnMap(|_, _| Cell::FULL);
        // A pit 1,500 px deep, and a wall from x = 64 up: a centre foot falling beside the
        // wall traces the air between them down to the pit's floor.
        let pit = FnMap(move |tx: i32, ty: i32| {
            if tx >= 64 / n || ty < -1500 / n {
                Cell::FULL
            } else {
                Cell::EMPTY
            }
        });
        // Steep stairs: each column of cells rises by the most whole cells the wall height
        // climbs (at least one).
        let rise = ((i32::from(reach_setting) - 2) / n).max(1);
        let steep = FnMap(move |tx: i32, ty: i32| {
            if ty < tx.max(0).saturating_mul(rise) {
                Cell::FULL
            } else {
                Cell::EMPTY
            }
        });
        // A ceiling rising one cell per column, over open air, solid far below.
        let ceiling = FnMap(move |tx: i32, ty: i32| {
            if ty >= 600 / n + tx.max(0) || ty < -100 {
                Cell::FULL
            } else {
                Cell::EMPTY
            }
        });

        // A platform pushing the largest actor sideways along the floor by the longest move.
        report(
            &format!("N={n} move_platform pushes a {big}x{big} actor {reach} px"),
            &filter,
            3,
            || {
                let mut platforms = [Platform::new(0, 0, 16, 16)];
                let mut actors = [Actor::new(16, 0, big, big)];
                let t = Instant::now();
                let moved = black_box(move_platform(
                    tables,
                    &floor,
                    &mut platforms,
                    0,
                    reach,
                    0,
                    &mut actors,
                ));
                let t = t.elapsed();
                if std::env::var_os("SHOW").is_some() {
                    eprintln!("moved {moved:?}, actor at {:?}", actors[0].bounds());
                }
                t
            },
        );
        // A platform lifting the largest actor (a rider) by the longest move.
        report(
            &format!("N={n} move_platform lifts a {big}x{big} rider {reach} px"),
            &filter,
            3,
            || {
                let mut platforms = [Platform::new(0, 0, big, 16)];
                let mut actors = [Actor::new(0, 16, big, big)];
                let t = Instant::now();
                black_box(move_platform(
                    tables,
                    &floor,
                    &mut platforms,
                    0,
                    reach,
                    reach,
                    &mut actors,
                ));
                t.elapsed()
            },
        );
        for feet in [Feet::Box, Feet::Centre] {
            let settings = ActorSettings {
                feet,
                wall_height: reach_setting,
                corner_correction: reach_setting,
                ..ActorSettings::default()
            };
            for (what, vx, vy) in [
                ("rising", MAX_SPEED, MAX_SPEED),
                ("falling", MAX_SPEED, -MAX_SPEED),
                ("walking left", -MAX_SPEED, 0),
            ] {
                report(
                    &format!("N={n} step {feet:?} {big}x{big} through one-way cells, {what}"),
                    &filter,
                    3,
                    || {
                        let mut a = Actor::new(0, 3, big, big).with_settings(settings);
                        let world = World::new(tables, &one_way);
                        world.step(&mut a); // standing on the cells first
                        (a.vx, a.vy) = (vx, vy);
                        timed_step(&world, &mut a)
                    },
                );
            }
            report(
                &format!("N={n} step {feet:?} {big}x{big} up stairs, wall height {reach_setting}"),
                &filter,
                3,
                || {
                    let mut a = Actor::new(0, 0, big, big).with_settings(settings);
                    (a.vx, a.vy) = (MAX_SPEED, 0);
                    a.contacts = World::new(tables, &stairs).step(&mut a); // on the ground
                    (a.vx, a.vy) = (MAX_SPEED, 0);
                    let world = World::new(tables, &stairs);
                    timed_step(&world, &mut a)
                },
            );
            report(
                &format!(
                    "N={n} step {feet:?} {big}x{big} up steep stairs, wall height {reach_setting}"
                ),
                &filter,
                3,
                || {
                    let mut a = Actor::new(-i32::from(big), 0, big, big).with_settings(settings);
                    a.vy = -SUBPIXEL;
                    let world = World::new(tables, &steep);
                    world.step(&mut a); // on the ground
                    (a.vx, a.vy) = (MAX_SPEED, 0);
                    timed_step(&world, &mut a)
                },
            );
            report(
                &format!(
                    "N={n} step {feet:?} {big}x{big} up under a ceiling, corner {reach_setting}"
                ),
                &filter,
                3,
                || {
                    let mut a =
                        Actor::new(0, 600 - i32::from(big) - 1, big, big).with_settings(settings);
                    (a.vx, a.vy) = (MAX_SPEED, MAX_SPEED);
                    let world = World::new(tables, &ceiling);
                    timed_step(&world, &mut a)
                },
            );
            report(
                &format!("N={n} step {feet:?} {big}x{big} falling into a pit against a wall"),
                &filter,
                3,
                || {
                    let mut a =
                        Actor::new(64 - i32::from(big), 0, big, big).with_settings(settings);
                    (a.vx, a.vy) = (MAX_SPEED, -MAX_SPEED);
                    let world = World::new(tables, &pit);
                    timed_step(&world, &mut a)
                },
            );
            report(
                &format!("N={n} step {feet:?} {big}x{big} buried in solid"),
                &filter,
                3,
                || {
                    let mut a = Actor::new(0, 0, big, big).with_settings(settings);
                    (a.vx, a.vy) = (MAX_SPEED, MAX_SPEED);
                    let world = World::new(tables, &solid);
                    timed_step(&world, &mut a)
                },
            );
        }
        report(
            &format!("N={n} move_by {big}x{big} ({reach}, {reach}) over the floor"),
            &filter,
            3,
            || {
                let mut a = Actor::new(0, 0, big, big);
                let world = World::new(tables, &floor);
                let t = Instant::now();
                black_box(world.move_by(&mut a, reach, reach));
                t.elapsed()
            },
        );
        let r = Rect::of_box(0, 0, big, big);
        report(
            &format!("N={n} escape of a {big}x{big} box in solid, limit i32::MAX"),
            &filter,
            1,
            || {
                let world = World::new(tables, &solid);
                let t = Instant::now();
                black_box(world.escape(r, Direction::Up, i32::MAX));
                t.elapsed()
            },
        );
        report(
            &format!("N={n} room of a {big}x{big} box in the open, limit i32::MAX"),
            &filter,
            1,
            || {
                let world = World::new(tables, &floor);
                let t = Instant::now();
                black_box(world.room(r, Direction::Up, i32::MAX));
                t.elapsed()
            },
        );
    }
}
