//! The runtime alone on one crowd of the movement benchmark, for `profile.sh`: the
//! instructions of every function of `World::step`, per actor-frame, with how often each
//! is called. Built like `bench` (thumbv6m, opt-level "z", LTO) and run under the same
//! QEMU machine; `PROFILE_CROWD=large` at build time picks the large crowd.
#![no_std]
#![no_main]

#[path = "../support.rs"]
mod support;

use core::hint::black_box;

use cortex_m_rt::entry;
use slope_bench::{
    Brain, Driven, FRAMES, LARGE, Level, MIXED, TILES, WARM_FRAMES, build_level, frame,
};
use slope_runtime::{Actor, Platform, Tables, World};

/// Actors in the crowd.
const COUNT: usize = 1000;

/// Marks the measured frames for the instruction-counting plugin (see `bench`).
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_mark() {
    // SAFETY: an empty asm block does nothing.
    unsafe { core::arch::asm!("", options(nomem, nostack, preserves_flags)) }
}

/// The step, out of line, as in `bench`.
#[inline(never)]
fn runtime_step(world: &World<'_, &Level, &[Platform]>, actor: &mut Actor) {
    world.step(actor);
}

#[entry]
fn main() -> ! {
    let Ok(tables) = Tables::from_bytes(TILES) else {
        support::exit(false)
    };
    let level = build_level(&tables);
    let world = World::new(tables, &level);
    let crowd = match option_env!("PROFILE_CROWD") {
        Some("large") => LARGE,
        _ => MIXED,
    };
    let mut actors: [(Actor, Brain); COUNT] =
        core::array::from_fn(|i| <Actor as Driven>::spawn(&crowd, i));
    let mut step = |a: &mut Actor| runtime_step(&world, a);
    for f in 0..WARM_FRAMES {
        frame(&mut actors, f, &mut step);
    }
    bench_mark();
    for f in WARM_FRAMES..WARM_FRAMES + FRAMES {
        frame(&mut actors, f, &mut step);
    }
    bench_mark();
    black_box(&actors);
    support::exit(true)
}
