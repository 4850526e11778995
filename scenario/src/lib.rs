//! A scripted scenario over the default tiles, shared by the host and the firmware so both
//! can be shown to produce the same trace.
//!
//! The level uses every default shape, mirrored, flipped and rotated variants, one-way
//! slopes and platforms, a drop-through and a moving lift. Two actors with different
//! settings run a fixed input script for [`FRAMES`] frames; after every frame the whole
//! state is folded into a checksum ([`Trace::frame`]), and the final state is reported.
#![no_std]
#![deny(missing_docs)]
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use slope_runtime::{
    Actor, ActorSettings, Cell, Feet, Platform, SUBPIXEL, Tables, TileMap, Variant, World,
    move_platform,
};

/// The generated tables of `tiles/` (build.rs).
mod tiles {
    include!(concat!(env!("OUT_DIR"), "/tiles.rs"));
}

/// Frames the scenario runs.
pub const FRAMES: u32 = 1200;

/// The level, top row first; see [`Level::cell`] for the legend.
const LEVEL: [&[u8; 40]; 10] = [
    b"########################################",
    b"#.........vv####ww.....................#",
    b"#......................................#",
    b"#......................................#",
    b"#.......====.........==.......<........#",
    b"#..................^==........#>.......#",
    b"#......./\\.......ab##BA...u.pq##.......#",
    b"#....../##\\....ab######BA..rs####|.....#",
    b"#.c1234##C4321.e56######65E.#######.d..#",
    b"########################################",
];

/// The scenario's level as a map.
#[derive(Clone, Copy, Debug, Default)]
pub struct Level;

impl TileMap for Level {
    /// `#` full, `.` air; `/` `\` slope45 and its mirror; `a b` slope22_1/_2, `A B` mirrored;
    /// `1 2 3 4` slope11_1.._4, `C` slope11_4 mirrored and `c` slope11_1 rotated (F90);
    /// `e 5 6` slope15_1.._3, `E` slope15_1 mirrored; `u` bump; `=` one-way full; `^`
    /// one-way slope45; `v` `w` ceiling slope45 (FY, FXY); `p q r s` slope22 steep
    /// (F90X, F90Y...); `<` `>` slope45 rotated; `|` slope22_1 F90XY; `d` slope15_2 F90Y.
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        let row = (LEVEL.len() as i32 - 1).checked_sub(ty);
        let ch = row
            .and_then(|r| usize::try_from(r).ok())
            .and_then(|r| LEVEL.get(r))
            .and_then(|line| line.get(usize::try_from(tx).ok()?).copied())
            .unwrap_or(b'#');
        let s = Cell::shape;
        match ch {
            b'#' => Cell::FULL,
            b'/' => s(tiles::SLOPE45, Variant::Identity),
            b'\\' => s(tiles::SLOPE45, Variant::FlipX),
            b'a' => s(tiles::SLOPE22_1, Variant::Identity),
            b'b' => s(tiles::SLOPE22_2, Variant::Identity),
            b'A' => s(tiles::SLOPE22_1, Variant::FlipX),
            b'B' => s(tiles::SLOPE22_2, Variant::FlipX),
            b'1' => s(tiles::SLOPE11_1, Variant::Identity),
            b'2' => s(tiles::SLOPE11_2, Variant::Identity),
            b'3' => s(tiles::SLOPE11_3, Variant::Identity),
            b'4' => s(tiles::SLOPE11_4, Variant::Identity),
            b'C' => s(tiles::SLOPE11_4, Variant::FlipX),
            b'c' => s(tiles::SLOPE11_1, Variant::Rot90),
            b'e' => s(tiles::SLOPE15_1, Variant::Identity),
            b'5' => s(tiles::SLOPE15_2, Variant::Identity),
            b'6' => s(tiles::SLOPE15_3, Variant::Identity),
            b'E' => s(tiles::SLOPE15_1, Variant::FlipX),
            b'u' => s(tiles::BUMP, Variant::Identity),
            b'=' => Cell::FULL.one_way(),
            b'^' => s(tiles::SLOPE45, Variant::Identity).one_way(),
            b'v' => s(tiles::SLOPE45, Variant::FlipY),
            b'w' => s(tiles::SLOPE45, Variant::FlipXY),
            b'p' => s(tiles::SLOPE22_1, Variant::Rot90FlipX),
            b'q' => s(tiles::SLOPE22_2, Variant::Rot90FlipY),
            b'r' => s(tiles::SLOPE22_1, Variant::Rot90),
            b's' => s(tiles::SLOPE22_2, Variant::Rot90FlipXY),
            b'<' => s(tiles::SLOPE45, Variant::Rot90),
            b'>' => s(tiles::SLOPE45, Variant::Rot90FlipX),
            b'|' => s(tiles::SLOPE22_1, Variant::Rot90FlipXY),
            b'd' => s(tiles::SLOPE15_2, Variant::Rot90FlipY),
            _ => Cell::EMPTY,
        }
    }
}

/// Per-frame checksums and the final state.
pub trait Trace {
    /// Called after every frame with the frame number and the state's checksum.
    fn frame(&mut self, frame: u32, checksum: u32);
}

impl<F: FnMut(u32, u32)> Trace for F {
    fn frame(&mut self, frame: u32, checksum: u32) {
        self(frame, checksum)
    }
}

/// The state after the last frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Final {
    /// Both actors' (x, y, vx, vy).
    pub actors: [(i32, i32, i32, i32); 2],
    /// The lift's position.
    pub lift: (i32, i32),
    /// The checksum of all frames' checksums.
    pub checksum: u32,
}

/// Errors: the embedded tables failed to load (they never should).
pub type Error = slope_runtime::BlobError;

/// Runs the scenario, reporting each frame to `trace`.
pub fn run(trace: &mut impl Trace) -> Result<Final, Error> {
    let tables = tiles::TABLES;
    Ok(run_with(tables, trace))
}

fn run_with(tables: Tables<'static>, trace: &mut impl Trace) -> Final {
    let mut platforms = [Platform::new(16 * 27, 32, 32, 4)];
    let nimble = ActorSettings {
        feet: Feet::Centre,
        equal_slope_speed: true,
        ..ActorSettings::default()
    };
    let mut actors = [
        Actor::new(40, 32, 10, 20),
        Actor::new(60, 32, 6, 12).with_settings(nimble),
    ];
    let mut all = 0x811C_9DC5u32;
    for frame in 0..FRAMES {
        let lift = lift_motion(frame);
        move_platform(
            tables,
            &Level,
            &mut platforms,
            0,
            lift.0,
            lift.1,
            &mut actors,
        );
        let world = World::with_platforms(tables, &Level, &platforms);
        for (i, actor) in actors.iter_mut().enumerate() {
            let input = script(frame, i as u32);
            apply(actor, input);
            world.step(actor);
        }
        let sum = checksum(&world, &actors, &platforms);
        all = fnv(all, sum);
        trace.frame(frame, sum);
    }
    let state = |a: &Actor| (a.x, a.y, a.vx, a.vy);
    Final {
        actors: [state(&actors[0]), state(&actors[1])],
        lift: (platforms[0].x, platforms[0].y),
        checksum: all,
    }
}

/// What an actor is told to do in a frame.
#[derive(Clone, Copy, Debug)]
struct Input {
    dir: i32,
    jump: bool,
    drop: bool,
}

/// The input script: each actor runs back and forth with jumps; the second one lags.
fn script(frame: u32, actor: u32) -> Input {
    let t = frame.wrapping_add(actor.wrapping_mul(97)) % 600;
    let dir = match t {
        0..=259 => 1,
        260..=279 => 0,
        280..=539 => -1,
        _ => 0,
    };
    Input {
        dir,
        jump: t % 73 == 40 || t % 151 == 7,
        drop: t == 265 || t == 545,
    }
}

/// The lift goes up and down over the right part of the level.
fn lift_motion(frame: u32) -> (i32, i32) {
    match frame % 240 {
        0..=59 => (0, 1),
        60..=119 => (1, 0),
        120..=179 => (0, -1),
        _ => (-1, 0),
    }
}

fn apply(actor: &mut Actor, input: Input) {
    actor.vx = input.dir * (3 * SUBPIXEL / 2);
    if input.jump && actor.contacts.on_ground() {
        actor.vy = 6 * SUBPIXEL;
    }
    if input.drop {
        actor.drop_through();
    }
    actor.vy = actor.vy.saturating_sub(SUBPIXEL / 4);
}

/// FNV-1a over the state words.
fn checksum<M: TileMap>(
    world: &World<'_, M, &[Platform]>,
    actors: &[Actor],
    platforms: &[Platform],
) -> u32 {
    let mut h = 0x811C_9DC5u32;
    for a in actors {
        let c = a.contacts;
        let flags = u32::from(c.on_ground())
            | u32::from(c.pushing_left()) << 1
            | u32::from(c.pushing_right()) << 2
            | u32::from(c.on_ceiling()) << 3
            | u32::from(c.on_one_way()) << 5
            | u32::from(c.crushed()) << 6
            | u32::from(world.ground_angle(a)) << 8;
        for word in [a.x as u32, a.y as u32, a.vx as u32, a.vy as u32, flags] {
            h = fnv(h, word);
        }
    }
    for p in platforms {
        h = fnv(h, p.x as u32);
        h = fnv(h, p.y as u32);
    }
    h
}

fn fnv(mut h: u32, word: u32) -> u32 {
    for b in word.to_le_bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// Runs the scenario and writes its trace: one line `frame checksum` (hex) per frame, then
/// `final` with both actors' `x y vx vy`, the lift's `x y` and the checksum of all frames.
/// The host and the firmware print exactly this; CI compares them.
pub fn write_trace(out: &mut impl core::fmt::Write) -> core::fmt::Result {
    let mut result = Ok(());
    let mut sink = |frame: u32, sum: u32| {
        if result.is_ok() {
            result = writeln!(out, "{frame:4} {sum:08x}");
        }
    };
    let done = run(&mut sink);
    result?;
    match done {
        Ok(f) => {
            let [a, b] = f.actors;
            writeln!(
                out,
                "final {} {} {} {} | {} {} {} {} | lift {} {} | {:08x}",
                a.0, a.1, a.2, a.3, b.0, b.1, b.2, b.3, f.lift.0, f.lift.1, f.checksum
            )
        }
        Err(e) => writeln!(out, "error {e}"),
    }
}
