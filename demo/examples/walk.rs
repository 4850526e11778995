//! An actor runs, jumps, drops through a one-way platform and rides a lift, in a level
//! built from the default tiles, drawn in the terminal frame by frame.
//!
//! ```text
//! cargo run -p demo --example walk              # every 10th frame, one after another
//! cargo run -p demo --example walk -- --animate # in place, at 30 frames per second
//! ```
//!
//! The tables come from the demo's `build.rs`, which regenerates them from `tiles/`.

use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Duration;

use slope_runtime::{Actor, Cell, Platform, SUBPIXEL, TileMap, Variant, World, move_platform};

mod tiles {
    include!(concat!(env!("OUT_DIR"), "/tiles.rs"));
}

/// The level, top row first, one character per 16×16 cell:
/// `#` full, `/` `\` 45° up/down, `a` `b` 22.5° up (slope22_1, _2), `A` `B` the same
/// mirrored, `u` bump, `=` one-way full, `^` one-way 45°, `v` ceiling 45° (FY), `|` a
/// steep 63° wall-slope (slope22_1 rotated), `.` air.
const LEVEL: [&str; 9] = [
    "##############################",
    "#.........v####v.............#",
    "#............................#",
    "#............................#",
    "#......====..................#",
    "#...................^==......#",
    "#......./\\.......ab##BA......#",
    "#....../##\\....ab######BA.u.|#",
    "##############################",
];

/// The level as a map: a `&str` grid read through [`TileMap`].
struct Level;

impl TileMap for Level {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        let row = usize::try_from(LEVEL.len() as i32 - 1 - ty).ok();
        let ch = row
            .and_then(|r| LEVEL.get(r))
            .and_then(|line| line.as_bytes().get(usize::try_from(tx).ok()?).copied())
            .unwrap_or(b'#');
        let shape = |id, v| Cell::shape(id, v);
        match ch {
            b'#' => Cell::FULL,
            b'/' => shape(tiles::SLOPE45, Variant::Identity),
            b'\\' => shape(tiles::SLOPE45, Variant::FlipX),
            b'a' => shape(tiles::SLOPE22_1, Variant::Identity),
            b'b' => shape(tiles::SLOPE22_2, Variant::Identity),
            b'A' => shape(tiles::SLOPE22_1, Variant::FlipX),
            b'B' => shape(tiles::SLOPE22_2, Variant::FlipX),
            b'u' => shape(tiles::BUMP, Variant::Identity),
            b'=' => Cell::FULL.one_way(),
            b'^' => shape(tiles::SLOPE45, Variant::Identity).one_way(),
            b'v' => shape(tiles::SLOPE45, Variant::FlipY),
            b'|' => shape(tiles::SLOPE22_1, Variant::Rot90FlipX),
            _ => Cell::EMPTY,
        }
    }
}

/// What the player presses in a frame.
#[derive(Clone, Copy)]
struct Input {
    dir: i32,
    jump: bool,
    drop: bool,
}

/// The script: frame ranges and what is held.
fn input(frame: u32) -> Input {
    let (dir, jump, drop) = match frame {
        0..=219 => (1, frame == 150, false),
        220..=299 => (-1, false, false),
        300..=339 => (-1, frame == 300, false),
        340..=446 => (1, frame == 345, false),
        447..=479 => (0, false, frame == 460),
        480..=514 => (1, false, false),
        _ => (0, false, false), // ride the lift
    };
    Input { dir, jump, drop }
}

const FRAMES: u32 = 600;
const GRAVITY: i32 = SUBPIXEL / 4;
const RUN: i32 = 3 * SUBPIXEL / 2;
const JUMP: i32 = 6 * SUBPIXEL;

fn main() {
    let animate = std::env::args().any(|a| a == "--animate");
    let tables = match tiles::tables() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("walk: the generated tables do not load: {e}");
            std::process::exit(1);
        }
    };
    // A 3-px lift: low enough to step onto; it rises 60 px from frame 520.
    let mut platforms = [Platform::new(392, 16, 24, 3)];
    let mut heroes = [Actor::new(40, 16, 10, 20)];
    let mut out = std::io::stdout().lock();
    for frame in 0..FRAMES {
        // 1. platforms first, carrying and pushing actors; 2. then the actors move.
        let lift = i32::from((520..580).contains(&frame));
        move_platform(tables, &Level, &mut platforms, 0, 0, lift, &mut heroes);
        let world = World::with_platforms(tables, &Level, &platforms);
        let hero = &mut heroes[0];
        let i = input(frame);
        hero.vx = i.dir * RUN;
        if i.jump && hero.contacts.on_ground() {
            hero.vy = JUMP;
        }
        if i.drop {
            hero.drop_through();
        }
        hero.vy -= GRAVITY;
        world.step(hero);
        if animate || frame % 10 == 0 || frame == FRAMES - 1 {
            let picture = render(&world, hero, frame);
            let shown = if animate {
                write!(out, "\x1b[H\x1b[2J{picture}")
            } else {
                write!(out, "{picture}")
            };
            if shown.and_then(|()| out.flush()).is_err() {
                return; // the pipe closed (`| head`): stop quietly
            }
            if animate {
                std::thread::sleep(Duration::from_millis(33));
            }
        }
    }
}

/// One character covers 4×8 pixels: solid when most of its pixels are, `@` where the actor is.
fn render(world: &World<'_, &Level, &[Platform]>, hero: &Actor, frame: u32) -> String {
    let n = world.tile_size();
    let (w, h) = (LEVEL[0].len() as i32 * n, LEVEL.len() as i32 * n);
    let (hx0, hy0, hx1, hy1) = hero.bounds();
    let mut s = String::new();
    let c = hero.contacts;
    let _ = writeln!(
        s,
        "frame {frame:3}  x {:4} y {:4}  {}{}{}{}  angle {:3}",
        hero.x,
        hero.y,
        if c.on_ground() { "ground " } else { "air    " },
        if c.on_slope() { "slope " } else { "" },
        if c.on_one_way() { "one-way " } else { "" },
        if c.pushing_left() || c.pushing_right() {
            "wall "
        } else {
            ""
        },
        c.ground_angle
    );
    for row in (0..h / 8).rev() {
        for col in 0..w / 4 {
            let (x0, y0) = (col * 4, row * 8);
            let actor = x0 <= hx1 && x0 + 3 >= hx0 && y0 <= hy1 && y0 + 7 >= hy0;
            let solid = (0..4)
                .flat_map(|dx| (0..8).map(move |dy| (x0 + dx, y0 + dy)))
                .filter(|&(x, y)| solid_pixel(world, x, y))
                .count();
            let one_way = world.map().cell(x0 / n, y0 / n).is_one_way();
            let platform = world.platforms().iter().any(|p| {
                let (px0, py0, px1, py1) = p.bounds();
                x0 <= px1 && x0 + 3 >= px0 && y0 <= py1 && y0 + 7 >= py0
            });
            s.push(match (actor, solid) {
                (true, _) => '@',
                (false, _) if platform => '_',
                (false, 17..) if one_way => '=',
                (false, 17..) => '#',
                (false, 1..=16) => ':',
                _ => ' ',
            });
        }
        s.push('\n');
    }
    s
}

/// Whether world pixel (x, y) is solid, read through the runtime.
fn solid_pixel(world: &World<'_, &Level, &[Platform]>, x: i32, y: i32) -> bool {
    let n = world.tile_size();
    let cell = world.map().cell(x.div_euclid(n), y.div_euclid(n));
    let (lx, ly) = (x.rem_euclid(n) as u8, y.rem_euclid(n) as u8);
    match cell.solid {
        slope_runtime::Solid::Empty => false,
        slope_runtime::Solid::Full => true,
        slope_runtime::Solid::Shape(id, v) => world
            .tables()
            .shape(id)
            .is_some_and(|s| s.is_solid(v, lx, ly)),
    }
}
