//! The movement benchmark on a Cortex-M0 build, for `bench.sh`: both crowds of
//! `slope-bench` (1,000 actors each) on the runtime, the bit-mask baseline and the naive
//! baseline, with their trajectories compared on the target, and the stack the runtime's
//! movers use.
//!
//! Runs under `qemu-system-arm -machine mps2-an385` (a Cortex-M3 with 4 MiB of RAM: the
//! crowds do not fit a micro:bit), built for `thumbv6m-none-eabi`, so every executed
//! instruction is one of the Cortex-M0 build. [`bench_mark`] is called right before and
//! right after each engine's measured frames; `bench.sh`'s QEMU plugin records the count of
//! executed instructions at each call. The calls, in order: two back to back (the cost of a
//! mark), then for the mixed crowd and then the large one: runtime, bitmask, naive, each
//! before and after its `slope_bench::FRAMES` measured frames; then for each cell of the
//! growth table ([`GROWTH_SIZES`] × [`GROWTH_SPEEDS`], row by row) the runtime and then the
//! bit-mask baseline, each before and after its measured frames (their checksums
//! compared); then, for [`ANGLE_FRAMES`] frames of the mixed crowd after its warm-up,
//! before and after asking every actor's ground angle once; then the mixed crowd with
//! centre feet on the runtime alone (the baselines have box feet only), before and after
//! its measured frames.
//!
//! On stdout: one `checksum` line per crowd, a `checksum growth same=` line (whether every
//! growth cell agreed), the centre-feet run's checksum and stack, and the stack used; exits
//! non-zero if an engine's checksum differs from the runtime's.
#![no_std]
#![no_main]

#[path = "../engines.rs"]
mod engines;
#[path = "../stack.rs"]
mod stack;
#[path = "../support.rs"]
mod support;

use core::fmt::Write;
use core::hint::black_box;

use cortex_m_rt::entry;
use cortex_m_semihosting::hio;
use engines::{bench_mark, bitmask_step, naive_step, runtime_step, warm_then_measure};
use slope_bench::{
    Bitmask, Brain, CHECKSUM_START, Crowd, Driven, LARGE, Level, MIXED, Naive, TILES, WARM_FRAMES,
    build_level, checksum, frame,
};
use slope_runtime::{Actor, Feet, Platform, SUBPIXEL, Tables, World, move_platform};
use support::Out;

/// Actors per crowd.
const COUNT: usize = 1000;

/// The growth table's box sizes (w, h): how the cost per actor-frame grows with the box.
static GROWTH_SIZES: [(u16, u16); 6] = [(4, 6), (8, 14), (16, 16), (24, 32), (32, 48), (64, 64)];
/// The growth table's walking speeds, 1/256 px per frame: 0.5 to 16 px per frame.
const GROWTH_SPEEDS: [i32; 6] = [128, 256, 512, 1024, 2048, 4096];
/// Actors per cell of the growth table.
const GROWTH_COUNT: usize = 100;
/// Frames of the mixed crowd after which every actor's ground angle is asked.
const ANGLE_FRAMES: u32 = 10;

#[inline(never)]
fn platform_step(
    tables: Tables<'_>,
    level: &Level,
    platforms: &mut [Platform],
    index: usize,
    (dx, dy): (i32, i32),
    actors: &mut [Actor],
) -> (i32, i32) {
    move_platform(tables, level, platforms, index, dx, dy, actors)
}

/// Bytes of stack painted below the caller's stack pointer (4 MiB of RAM: room to spare).
const WINDOW: usize = 16 * 1024;
/// The stack below a run's caller.
type StackProbe = stack::StackProbe<WINDOW>;

/// One engine's run of a crowd: the checksum of its warm-up frames and final state, and
/// the stack its step used.
struct Run {
    checksum: u32,
    stack: usize,
}

/// Runs `crowd` for the warm-up and the measured frames (between two marks) with `step`,
/// checksumming positions and contacts after every warm-up frame and at the end.
#[inline(never)]
fn run<T: Driven>(crowd: &Crowd, step: impl FnMut(&mut T)) -> Run {
    let mut actors: [(T, Brain); COUNT] = core::array::from_fn(|i| T::spawn(crowd, i));
    let probe = StackProbe::paint();
    let mut hash = CHECKSUM_START;
    warm_then_measure(&mut actors, step, |a| hash = checksum(hash, a));
    Run {
        checksum: checksum(hash, black_box(&actors)),
        stack: probe.used(),
    }
}

/// The mixed crowd with centre feet on the runtime: the cost and the stack of the trace
/// beside the foot.
#[inline(never)]
fn centre_feet(world: &World<'_, &Level, &[Platform]>) -> Run {
    let mut actors: [(Actor, Brain); COUNT] = core::array::from_fn(|i| {
        let (mut actor, brain) = <Actor as Driven>::spawn(&MIXED, i);
        actor.settings.feet = Feet::Centre;
        (actor, brain)
    });
    let probe = StackProbe::paint();
    let mut hash = CHECKSUM_START;
    warm_then_measure(
        &mut actors,
        |a: &mut Actor| runtime_step(world, a),
        |a| hash = checksum(hash, a),
    );
    Run {
        checksum: checksum(hash, black_box(&actors)),
        stack: probe.used(),
    }
}

/// One cell of the growth table on one engine: [`GROWTH_COUNT`] actors of one size, all
/// walking at `speed`, between two marks for their measured frames. Returns the checksum
/// of their warm-up frames and final state.
#[inline(never)]
fn growth<T: Driven>(size: &'static (u16, u16), speed: i32, step: impl FnMut(&mut T)) -> u32 {
    let crowd = Crowd {
        name: "growth",
        sizes: core::slice::from_ref(size),
        // clear of the walls for the widest box
        x_span: 900,
        ..MIXED
    };
    let mut actors: [(T, Brain); GROWTH_COUNT] = core::array::from_fn(|i| {
        let (actor, mut brain) = T::spawn(&crowd, i);
        brain.speed = speed;
        (actor, brain)
    });
    let mut hash = CHECKSUM_START;
    warm_then_measure(&mut actors, step, |a| hash = checksum(hash, a));
    checksum(hash, black_box(&actors))
}

/// `World::ground_angle`, out of line, as a game asks it for a sprite.
#[inline(never)]
fn ground_angle(world: &World<'_, &Level, &[Platform]>, actor: &Actor) -> u8 {
    world.ground_angle(actor)
}

/// The mixed crowd after its warm-up, [`ANGLE_FRAMES`] frames on: after each frame, every
/// actor's ground angle asked once, between two marks. Returns how many asks found the
/// actor standing on a cell (the others return 0 at once) and a hash of the angles.
#[inline(never)]
fn angles(world: &World<'_, &Level, &[Platform]>) -> (u32, u32) {
    let mut actors: [(Actor, Brain); COUNT] = core::array::from_fn(|i| Actor::spawn(&MIXED, i));
    for _ in 0..WARM_FRAMES {
        frame(&mut actors, |a| runtime_step(world, a));
    }
    let (mut on_cell, mut hash) = (0, CHECKSUM_START);
    for _ in 0..ANGLE_FRAMES {
        frame(&mut actors, |a| runtime_step(world, a));
        bench_mark();
        for (actor, _) in &actors {
            let angle = ground_angle(world, black_box(actor));
            hash = (hash ^ u32::from(angle)).wrapping_mul(0x0100_0193);
        }
        bench_mark();
        let c = |a: &Actor| a.contacts.on_ground() && a.contacts.ground_cell().is_some();
        on_cell += actors.iter().filter(|(a, _)| c(a)).count() as u32;
    }
    (on_cell, hash)
}

/// Platforms carrying and pushing actors through the open top of the level (one sweeps
/// sideways, a one-way one rises into the level's roof and crushes its riders, one moves
/// diagonally), the actors walking and falling on them: the stack `move_platform` and
/// `World::step` with platforms use.
#[inline(never)]
fn platforms(tables: Tables<'_>, level: &Level) -> Run {
    let mut platforms = [
        Platform::new(96, 150, 48, 8),
        Platform::new(400, 130, 40, 8).one_way(),
        Platform::new(640, 140, 40, 10),
    ];
    let mut actors: [Actor; 9] = core::array::from_fn(|i| {
        let p = platforms[i / 3];
        let x = p.x + 4 + (i as i32 % 3) * 12;
        Actor::new(x, p.y + i32::from(p.height), 8 + (i as u16 % 3) * 4, 20)
    });
    let probe = StackProbe::paint();
    let mut hash = CHECKSUM_START;
    for f in 0..360i32 {
        let swing = if (f / 60) % 2 == 0 { 1 } else { -1 };
        let moves = [(2 * swing, 0), (0, swing), (swing, swing)];
        for (i, &d) in moves.iter().enumerate() {
            platform_step(tables, level, &mut platforms, i, d, &mut actors);
        }
        let world = World::with_platforms(tables, level, &platforms[..]);
        for (i, actor) in actors.iter_mut().enumerate() {
            actor.vx = if (f / 45 + i as i32) % 2 == 0 {
                SUBPIXEL
            } else {
                -SUBPIXEL
            };
            actor.vy = (actor.vy - SUBPIXEL / 4).max(-6 * SUBPIXEL);
            runtime_step(&world, actor);
            hash = (hash ^ (actor.x as u32) ^ ((actor.y as u32) << 16)).wrapping_mul(0x0100_0193);
        }
    }
    Run {
        checksum: hash,
        stack: probe.used(),
    }
}

#[entry]
fn main() -> ! {
    let Ok(tables) = Tables::from_bytes(TILES) else {
        support::exit(false)
    };
    let level = build_level(&tables);
    let world = World::new(tables, &level);
    let bitmask = Bitmask::new(&tables, &level);
    let naive = Naive::new(&tables, &level);
    let Ok(mut out) = hio::hstdout() else {
        support::exit(false)
    };
    let mut out = Out(&mut out);

    bench_mark();
    bench_mark();
    let mut same = true;
    let mut stack = 0;
    for crowd in [MIXED, LARGE] {
        let rt = run(&crowd, |a| runtime_step(&world, a));
        let bm = run(&crowd, |b| bitmask_step(&bitmask, b));
        let nv = run(&crowd, |b| naive_step(&naive, b));
        stack = stack.max(rt.stack);
        same &= bm.checksum == rt.checksum && nv.checksum == rt.checksum;
        let _ = writeln!(
            out,
            "checksum {} runtime={:08x} bitmask={:08x} naive={:08x}",
            crowd.name, rt.checksum, bm.checksum, nv.checksum
        );
    }
    // The growth table on the runtime, then on the bit-mask sweep: the same trajectories.
    let mut growth_same = true;
    for size in &GROWTH_SIZES {
        for speed in GROWTH_SPEEDS {
            let rt = growth(size, speed, |a: &mut Actor| runtime_step(&world, a));
            let bm = growth(size, speed, |b| bitmask_step(&bitmask, b));
            growth_same &= rt == bm;
        }
    }
    let _ = writeln!(out, "checksum growth same={growth_same}");
    same &= growth_same;
    let (on_cell, angle_hash) = angles(&world);
    let _ = writeln!(
        out,
        "angles asked={} on_cell={on_cell} hash={angle_hash:08x}",
        ANGLE_FRAMES as usize * COUNT
    );
    let centre = centre_feet(&world);
    let _ = writeln!(
        out,
        "centre feet checksum={:08x} stack={}",
        centre.checksum, centre.stack
    );
    // One validation of the blob, as a game makes it once at start-up.
    bench_mark();
    let loaded = Tables::from_bytes(black_box(TILES)).is_ok();
    bench_mark();
    let _ = writeln!(out, "load accepted={loaded} bytes={}", TILES.len());
    let lifts = platforms(tables, &level);
    let _ = writeln!(
        out,
        "stack step={stack} platforms={} window={WINDOW} (platform run checksum {:08x})",
        lifts.stack, lifts.checksum
    );
    support::exit(same && loaded)
}
