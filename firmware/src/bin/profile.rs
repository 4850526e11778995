//! The runtime alone on one crowd of the movement benchmark, for `profile.sh`: the
//! instructions of every function of `World::step`, per actor-frame, with how often each
//! is called. Built like `bench` (thumbv6m, opt-level "z", LTO) and run under the same
//! QEMU machine; `PROFILE_CROWD=large` at build time picks the large crowd, and
//! `PROFILE_ENGINE=bitmask` the bit-mask baseline instead of the runtime, and
//! `PROFILE_ENGINE=packed` the runtime on the level packed in flash (`PackedMap`), and
//! `PROFILE_FEET=centre` gives the runtime's actors centre feet, and `PROFILE_SPEED=P`
//! scales every walking speed to P % (0: the crowd stands, jumping now and then).
#![no_std]
#![no_main]

#[path = "../engines.rs"]
mod engines;
#[path = "../support.rs"]
mod support;

use core::hint::black_box;

use cortex_m_rt::entry;
use engines::{bitmask_step, packed_step, runtime_step, warm_then_measure};
use slope_bench::{
    Bitmask, Body, Brain, Crowd, Driven, LARGE, LEVEL_MAP, MIXED, TILES, build_level,
};
use slope_runtime::{Actor, Feet, PackedMap, Tables, World};

/// Actors in the crowd.
const COUNT: usize = 1000;

/// Runs `crowd` for the warm-up frames, then the measured ones between two marks.
#[inline(never)]
fn run<T: Driven>(crowd: &Crowd, step: impl FnMut(&mut T), mut spawned: impl FnMut(&mut T)) {
    let mut actors: [(T, Brain); COUNT] = core::array::from_fn(|i| {
        let (mut actor, brain) = T::spawn(crowd, i);
        spawned(&mut actor);
        (actor, brain)
    });
    warm_then_measure(&mut actors, step, |_| ());
    black_box(&actors);
}

#[entry]
fn main() -> ! {
    let Ok(tables) = Tables::from_bytes(TILES) else {
        support::exit(false)
    };
    let level = build_level(&tables);
    let world = World::new(tables, &level);
    let mut crowd = match option_env!("PROFILE_CROWD") {
        Some("large") => LARGE,
        _ => MIXED,
    };
    if let Some(percent) = option_env!("PROFILE_SPEED").and_then(|s| s.parse().ok()) {
        crowd.speed_percent = percent;
    }
    let feet = |a: &mut Actor| {
        if option_env!("PROFILE_FEET") == Some("centre") {
            a.settings.feet = Feet::Centre;
        }
    };
    if option_env!("PROFILE_ENGINE") == Some("bitmask") {
        let bitmask = Bitmask::new(&tables, &level);
        run(&crowd, |b: &mut Body| bitmask_step(&bitmask, b), |_| ());
    } else if option_env!("PROFILE_ENGINE") == Some("packed") {
        let Ok(packed) = PackedMap::from_bytes(LEVEL_MAP) else {
            support::exit(false)
        };
        let world = World::new(tables, &packed);
        run(&crowd, |a: &mut Actor| packed_step(&world, a), feet);
    } else {
        run(&crowd, |a: &mut Actor| runtime_step(&world, a), feet);
    }
    support::exit(true)
}
