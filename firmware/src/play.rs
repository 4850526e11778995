//! What `game` and `game_base` share: the scripted buttons, the frame loop, the painted
//! stack around each frame, the tally of what the actors met, the report and the exit. A
//! [`Game`] is the rest: `game` plays it with the runtime, `game_base` stands in for the
//! runtime with opaque values, so their flash differs by what the runtime's calls link.

use core::fmt::Write;
use core::hint::black_box as opaque;

use cortex_m_semihosting::hio;

use crate::stack::StackProbe;
use crate::support::{self, Out};

/// Actors stepped each frame.
pub const ACTORS: usize = 8;
/// Frames played: 10 s at 60 Hz.
pub const FRAMES: u32 = 600;
/// Bytes of stack painted below the frame loop's stack pointer: the micro:bit has 16 KiB
/// of RAM, the game's state and statics take well under 4 KiB of it.
pub const WINDOW: usize = 8 * 1024;

/// One actor's buttons for a frame.
#[derive(Clone, Copy, Debug, Default)]
#[allow(dead_code, reason = "game_base hands them to black_box unread")]
pub struct Input {
    /// The d-pad: -1 left, 0, 1 right.
    pub x: i32,
    /// Jump.
    pub jump: bool,
    /// Down: drop through a one-way ledge.
    pub down: bool,
}

/// What one actor's frame ended in.
#[derive(Clone, Copy, Debug, Default)]
pub struct Seen {
    /// Bottom-left pixel, y up.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// [`Seen::GROUND`] and the other flags.
    pub flags: u8,
}

#[allow(dead_code, reason = "game_base sets no flag")]
impl Seen {
    /// On the ground.
    pub const GROUND: u8 = 1;
    /// On a slope: its ground cell is a shape cell.
    pub const SLOPE: u8 = 1 << 1;
    /// On a one-way cell or platform.
    pub const ONE_WAY: u8 = 1 << 2;
    /// On the lift.
    pub const LIFT: u8 = 1 << 3;
    /// Against a wall, or stopped by one during the frame.
    pub const WALL: u8 = 1 << 4;
    /// Took off: the game started a jump this frame.
    pub const JUMPED: u8 = 1 << 5;
    /// The flags' names, in bit order, as the report prints them.
    const NAMES: [&str; 6] = ["ground", "slope", "one_way", "lift", "wall", "jumps"];
}

/// The level and its actors, played a frame at a time.
pub trait Game: Sized {
    /// The level loaded and checked, the actors in it; `None` if it was refused.
    fn start() -> Option<Self>;
    /// One frame: the buttons decide the velocities, the lift moves, every actor steps;
    /// what each actor's frame ended in goes to `seen`.
    fn frame(&mut self, input: &[Input; ACTORS], seen: &mut [Seen; ACTORS]);
    /// Bytes of the tables blob and of the packed map, both in flash.
    fn data_len(&self) -> (usize, usize);
}

/// The buttons of `actor` at `frame`: a script, read through `black_box` as a game reads
/// its buttons from a port, so the optimiser cannot play the game ahead of time. Each actor
/// walks one way for 128 frames then the other (standing still for the first 16 of every
/// 128), jumps every 64 frames and presses down once every 128; their phases differ.
pub fn read_input(frame: u32, actor: usize) -> Input {
    let f = opaque(frame).wrapping_add(37 * actor as u32);
    let x = match (f & 127 < 16, (f >> 7) & 1) {
        (true, _) => 0,
        (false, 0) => 1,
        _ => -1,
    };
    Input {
        x,
        jump: f & 63 == 0,
        down: f & 127 == 96,
    }
}

/// One frame, out of line: its stack is all below the loop's stack pointer, where the
/// probe painted.
#[inline(never)]
fn one_frame<G: Game>(game: &mut G, input: &[Input; ACTORS], seen: &mut [Seen; ACTORS]) {
    game.frame(input, seen);
}

/// Plays [`FRAMES`] frames, prints what the actors met, the data's size and the most stack
/// a frame used, and exits: successfully if the level loaded and every flag of [`Seen`]
/// was met at least once (so the level and the script exercise each).
pub fn run<G: Game>() -> ! {
    let Some(mut game) = G::start() else {
        support::exit(false)
    };
    let probe = StackProbe::<WINDOW>::paint();
    let mut counts = [0u32; Seen::NAMES.len()];
    let mut hash = 0x811C_9DC5u32;
    for frame in 0..FRAMES {
        let input = core::array::from_fn(|i| read_input(frame, i));
        let mut seen = [Seen::default(); ACTORS];
        one_frame(&mut game, &input, &mut seen);
        for seen in seen {
            for (bit, count) in counts.iter_mut().enumerate() {
                *count += u32::from(seen.flags >> bit & 1);
            }
            for word in [seen.x as u32, seen.y as u32, u32::from(seen.flags)] {
                hash = (hash ^ word).wrapping_mul(0x0100_0193);
            }
        }
    }
    let stack = probe.used();
    let (blob, map) = game.data_len();
    if let Ok(mut out) = hio::hstdout() {
        let mut out = Out(&mut out);
        let _ = write!(out, "game frames={FRAMES} actors={ACTORS}");
        for (name, count) in Seen::NAMES.iter().zip(counts) {
            let _ = write!(out, " {name}={count}");
        }
        let _ = writeln!(
            out,
            " checksum={hash:08x}\ngame blob={blob} map={map} stack={stack} window={WINDOW}"
        );
    }
    support::exit(counts.iter().all(|&n| n > 0))
}
