//! The runtime alone on one crowd of the movement benchmark, for `profile.sh`: the
//! instructions of every function of `World::step`, per actor-frame, with how often each
//! is called. Built like `bench` (thumbv6m, opt-level "z", LTO) and run under the same
//! QEMU machine; `PROFILE_CROWD=large` at build time picks the large crowd, and
//! `PROFILE_ENGINE=bitmask` the bit-mask baseline instead of the runtime, and
//! `PROFILE_ENGINE=packed` the runtime on the level packed in flash (`PackedMap`), and
//! `PROFILE_FEET=centre` gives the runtime's actors centre feet, `PROFILE_SPEED=P`
//! scales every walking speed to P % (0: the crowd stands, jumping now and then), and
//! `PROFILE_BOX=WxH` gives every actor that box (as a row of the growth table), and
//! `PROFILE_WALK=V` every walker the speed V in 1/256 px per frame (as a column of it:
//! 4096 is 16 px per frame).
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
        let (mut actor, mut brain) = T::spawn(crowd, i);
        spawned(&mut actor);
        if let Some(speed) = option_env!("PROFILE_WALK").and_then(|s| s.parse().ok()) {
            brain.speed = speed;
        }
        (actor, brain)
    });
    warm_then_measure(&mut actors, step, |_| ());
    black_box(&actors);
}

/// `WxH` (decimal pixels) as (w, h), when the firmware compiles; (0, 0) for anything else.
const fn parse_box(text: &[u8]) -> (u16, u16) {
    let (mut w, mut h, mut i, mut seen_x) = (0u16, 0u16, 0, false);
    while i < text.len() {
        match text[i] {
            b'x' if !seen_x => seen_x = true,
            d @ b'0'..=b'9' if w < 1000 && h < 1000 => {
                let digit = (d - b'0') as u16;
                if seen_x {
                    h = h * 10 + digit;
                } else {
                    w = w * 10 + digit;
                }
            }
            _ => return (0, 0),
        }
        i += 1;
    }
    if seen_x && h > 0 { (w, h) } else { (0, 0) }
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
    // One box size for the whole crowd, as in a row of the growth table.
    static ONE_BOX: [(u16, u16); 1] = [match option_env!("PROFILE_BOX") {
        Some(b) => parse_box(b.as_bytes()),
        None => (0, 0),
    }];
    if ONE_BOX[0].0 > 0 {
        crowd.sizes = &ONE_BOX;
        crowd.x_span = 900; // clear of the walls for the widest box
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
