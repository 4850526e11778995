//! The `game` firmware without the runtime: the same buttons, frame loop, painted stack,
//! tally and report (`play.rs`), with opaque stand-ins where `game` loads the level and
//! moves the lift and the actors. Its flash is what `bench.sh` subtracts from `game`'s to
//! get what a game links of the runtime. Built, never run.
#![no_std]
#![no_main]

#[path = "../../../src/play.rs"]
mod play;
#[path = "../../../src/stack.rs"]
mod stack;
#[path = "../../../src/support.rs"]
mod support;

use core::hint::black_box as opaque;

use cortex_m_rt::entry;
use play::{ACTORS, Input, Seen};

struct Game;

impl play::Game for Game {
    fn start() -> Option<Game> {
        opaque(Some(Game))
    }

    fn frame(&mut self, input: &[Input; ACTORS], seen: &mut [Seen; ACTORS]) {
        opaque(input);
        *seen = opaque([Seen::default(); ACTORS]);
    }

    fn data_len(&self) -> (usize, usize) {
        opaque((0, 0))
    }
}

#[entry]
fn main() -> ! {
    play::run::<Game>()
}
