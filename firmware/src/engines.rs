//! What the bench and the profile share: the marker the instruction-counting plugin watches,
//! and each engine's step, out of line as in a game's loop.

use slope_bench::{Bitmask, Body, Brain, Driven, FRAMES, Level, Naive, Probe, WARM_FRAMES, frame};
use slope_runtime::{Actor, PackedMap, Platform, World};

/// Marks a point of the run for the instruction-counting plugin (which watches this
/// function's address): it only has to be called, and to cost next to nothing.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_mark() {
    // An empty asm block: a side effect the optimiser keeps, and no instructions.
    // SAFETY: it does nothing.
    unsafe { core::arch::asm!("", options(nomem, nostack, preserves_flags)) }
}

/// Runs `actors` for the warm-up frames (calling `after_warm_frame` after each), then for the
/// measured frames between two marks.
#[inline(always)]
pub fn warm_then_measure<T: Driven>(
    actors: &mut [(T, Brain)],
    mut step: impl FnMut(&mut T),
    mut after_warm_frame: impl FnMut(&[(T, Brain)]),
) {
    for _ in 0..WARM_FRAMES {
        frame(actors, &mut step);
        after_warm_frame(actors);
    }
    bench_mark();
    for _ in 0..FRAMES {
        frame(actors, &mut step);
    }
    bench_mark();
}

/// The runtime's step, out of line: the measured loop calls it once per actor-frame, as a
/// game's loop would, and its stack use is measured below the loop's stack pointer.
#[inline(never)]
pub fn runtime_step(world: &World<'_, &Level, &[Platform]>, actor: &mut Actor) {
    world.step(actor);
}

/// The runtime's step on the level packed in flash ([`PackedMap`]), out of line.
#[allow(
    dead_code,
    reason = "the bench runs the GridMap level; maps and profile both"
)]
#[inline(never)]
pub fn packed_step(world: &World<'_, &PackedMap<'_>, &[Platform]>, actor: &mut Actor) {
    world.step(actor);
}

/// The bit-mask baseline's step, out of line.
#[allow(dead_code, reason = "maps runs the runtime only")]
#[inline(never)]
pub fn bitmask_step(engine: &Bitmask, body: &mut Body) {
    engine.step(body);
}

/// The naive baseline's step, out of line.
#[allow(
    dead_code,
    reason = "the profile runs the runtime and the bit-mask sweep only"
)]
#[inline(never)]
pub fn naive_step(engine: &Naive, body: &mut Body) {
    engine.step(body);
}
