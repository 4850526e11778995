//! The level in RAM against the level in flash, for `bench.sh`: the movement benchmark's
//! mixed crowd (1,000 actors, 120 warm-up frames, 60 measured) on the runtime over the
//! level as a `GridMap` (a word per cell in RAM) and as a `PackedMap` (a byte per cell and a
//! palette, in flash, [`LEVEL_MAP`]), with identical trajectories checked; then
//! [`LOOKUPS`] cell lookups on each map alone. A binary of its own: a game links one map
//! type, and a second one in the bench's binary would move the bench's own counts.
//!
//! Marks, in order: two back to back (the cost of a mark); before and after the GridMap's
//! measured frames, then the PackedMap's; before and after the lookups on the GridMap, then
//! on the PackedMap. On stdout: the two checksums and the lookup count; exits non-zero if
//! the maps' trajectories or cells differ.
#![no_std]
#![no_main]

#[path = "../engines.rs"]
mod engines;
#[path = "../support.rs"]
mod support;

use core::fmt::Write;
use core::hint::black_box;

use cortex_m_rt::entry;
use cortex_m_semihosting::hio;
use engines::{bench_mark, packed_step, runtime_step, warm_then_measure};
use slope_bench::level::{H, W};
use slope_bench::{Brain, CHECKSUM_START, Driven, LEVEL_MAP, MIXED, TILES, build_level, checksum};
use slope_runtime::{Actor, PackedMap, Solid, Tables, TileMap, World};
use support::Out;

/// Actors in the crowd.
const COUNT: usize = 1000;
/// Rounds of [`lookups`] over the level.
const LOOKUP_ROUNDS: usize = 10;
/// Cells looked up per [`lookups`] run: the level and a ring of two cells around it, every
/// round (`bench.sh` reads it from the output).
const LOOKUPS: usize = LOOKUP_ROUNDS * (W + 4) * (H + 4);

/// Runs the mixed crowd for the warm-up and the measured frames (between two marks) with
/// `step`; returns the checksum of every warm-up frame and the final state.
#[inline(never)]
fn run(step: impl FnMut(&mut Actor)) -> u32 {
    let mut actors: [(Actor, Brain); COUNT] =
        core::array::from_fn(|i| <Actor as Driven>::spawn(&MIXED, i));
    let mut hash = CHECKSUM_START;
    warm_then_measure(&mut actors, step, |a| hash = checksum(hash, a));
    checksum(hash, black_box(&actors))
}

/// Looks up every cell of the level and a ring of two cells around it, [`LOOKUP_ROUNDS`]
/// times, between two marks (the loop's own cost is in the count: a fixed few instructions
/// per lookup), each at coordinates the optimiser cannot follow (a mover's lookups do not
/// run in rows); returns a checksum of the cells.
#[inline(never)]
fn lookups(map: &impl TileMap) -> u32 {
    let mut hash = CHECKSUM_START;
    bench_mark();
    for _ in 0..LOOKUP_ROUNDS {
        for y in -2..H as i32 + 2 {
            for x in -2..W as i32 + 2 {
                let cell = black_box(map).cell(black_box(x), black_box(y));
                let code = match cell.solid {
                    Solid::Empty => 0,
                    Solid::Full => 1,
                    Solid::Shape(id, v) => u32::from(id.index()) << 8 | u32::from(v.index()) << 1,
                };
                hash = (hash ^ code ^ u32::from(cell.one_way) << 4).wrapping_mul(0x0100_0193);
            }
        }
    }
    bench_mark();
    hash
}

#[entry]
fn main() -> ! {
    let Ok(tables) = Tables::from_bytes(TILES) else {
        support::exit(false)
    };
    let level = build_level(&tables);
    let Ok(packed) = PackedMap::from_bytes(LEVEL_MAP) else {
        support::exit(false)
    };
    let Ok(mut out) = hio::hstdout() else {
        support::exit(false)
    };
    let mut out = Out(&mut out);

    bench_mark();
    bench_mark();
    let grid_world = World::new(tables, &level);
    let on_grid = run(|a| runtime_step(&grid_world, a));
    let packed_world = World::new(tables, &packed);
    let on_packed = run(|a| packed_step(&packed_world, a));
    let same_cells = lookups(&level) == lookups(&packed);
    let _ = writeln!(
        out,
        "checksum movement GridMap={on_grid:08x} PackedMap={on_packed:08x}\nlookups {LOOKUPS} per map"
    );
    support::exit(on_grid == on_packed && same_cells)
}
