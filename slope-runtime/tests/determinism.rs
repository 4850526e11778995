//! Determinism golden test: a scripted 600-frame run of two actors through a level built
//! from the default tiles, traced one line per frame and compared with
//! `tests/data/walk_trace.txt`.
//!
//! The runtime reads no floats, clocks or randomness, so the trace must be identical on
//! every machine, target and optimisation level; this test (integer code only) holds it
//! to the golden file.
//!
//! After an intended change of the mover's behaviour, regenerate the golden file with
//!
//! ```sh
//! UPDATE_GOLDEN=1 cargo test -p slope-runtime --test determinism
//! ```
//!
//! and review the diff of `tests/data/walk_trace.txt` before committing it.
#![cfg(all(feature = "centre_feet", feature = "equal_slope_speed"))]

use slope_runtime::{
    Actor, ActorSettings, Cell, Feet, GridMap, SUBPIXEL, ShapeId, Tables, Variant, World,
};
use std::fmt::Write as _;

static BLOB: &[u8] = include_bytes!("data/tiles.bin");

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/walk_trace.txt");

const FRAMES: u32 = 600;
const LEVEL_W: usize = 40;
const LEVEL_H: usize = 10;

/// The level, top row first (as it reads), walled in by full cells. Slopes rise towards
/// the side of their solid column; the legend is in [`cell`].
const LEVEL: [&str; LEVEL_H] = [
    "........................................",
    "........................................",
    "........................................",
    "........................................",
    "...VvvV...........hHHh..................",
    "........................ss..............",
    "...........====.........................",
    "...............................##.......",
    "..../#\\...ab#BA.cde##...n..1234#........",
    "########################################",
];

/// One level character as a cell.
fn cell(t: &Tables<'_>, c: char) -> Cell {
    let shape = |name: &str, v: Variant| {
        let id: ShapeId = t.find(name).expect("a default tile");
        Cell::shape(id, v)
    };
    match c {
        '.' => Cell::EMPTY,
        '#' => Cell::FULL,
        '=' => Cell::FULL.one_way(),
        // 45°, rising to the right / to the left
        '/' => shape("slope45", Variant::Identity),
        '\\' => shape("slope45", Variant::FlipX),
        // slope22: 1 px up per 2 px over two cells (byte angle 19), rising right; mirrored
        'a' => shape("slope22_1", Variant::Identity),
        'b' => shape("slope22_2", Variant::Identity),
        'A' => shape("slope22_1", Variant::FlipX),
        'B' => shape("slope22_2", Variant::FlipX),
        // slope15: 16 px up over three cells (byte angle 13)
        'c' => shape("slope15_1", Variant::Identity),
        'd' => shape("slope15_2", Variant::Identity),
        'e' => shape("slope15_3", Variant::Identity),
        // slope11: 16 px up over four cells (byte angle 10)
        '1' => shape("slope11_1", Variant::Identity),
        '2' => shape("slope11_2", Variant::Identity),
        '3' => shape("slope11_3", Variant::Identity),
        '4' => shape("slope11_4", Variant::Identity),
        'n' => shape("bump", Variant::Identity),
        // sloped ceilings: 45° pieces making a notch and a downward spike (v, V), slope22
        // pieces hanging from above (h, H)
        'v' => shape("slope45", Variant::FlipY),
        'V' => shape("slope45", Variant::FlipXY),
        'h' => shape("slope22_1", Variant::FlipY),
        'H' => shape("slope22_2", Variant::FlipXY),
        // a one-way 45° ramp
        's' => shape("slope45", Variant::Rot90).one_way(),
        other => panic!("no cell for {other:?}"),
    }
}

fn level(t: &Tables<'_>) -> GridMap<LEVEL_W, LEVEL_H> {
    let mut rows = [[Cell::EMPTY; LEVEL_W]; LEVEL_H];
    for (row, text) in rows.iter_mut().zip(LEVEL) {
        assert_eq!(text.chars().count(), LEVEL_W);
        for (slot, c) in row.iter_mut().zip(text.chars()) {
            *slot = cell(t, c);
        }
    }
    GridMap::from_rows_top_first(rows, Cell::FULL)
}

/// One frame of input.
#[derive(Clone, Copy, Debug, Default)]
struct Input {
    /// -1 left, 0 none, 1 right.
    dir: i32,
    jump: bool,
    down: bool,
}

/// The script: which way to walk, when to jump and when to drop through one-way cells.
fn input(frame: u32) -> Input {
    let dir = match frame {
        0..250 => 1,
        250..270 => 0,
        270..430 => -1,
        430..450 => 0,
        450..530 => 1,
        _ => -1,
    };
    const JUMPS: [u32; 12] = [22, 60, 95, 165, 180, 215, 300, 350, 470, 500, 540, 575];
    const DROPS: [u32; 2] = [323, 477];
    Input {
        dir,
        jump: JUMPS.contains(&frame),
        down: DROPS.contains(&frame),
    }
}

/// A body: an actor and its own walking speed and jump.
struct Body {
    actor: Actor,
    walk: i32,
    jump: i32,
}

const GRAVITY: i32 = SUBPIXEL / 4;
const MAX_FALL: i32 = 8 * SUBPIXEL;

fn bodies() -> [Body; 2] {
    [
        // The default player: whole-box feet, 2 px per frame.
        Body {
            actor: Actor::new(24, 16, 8, 14),
            walk: 2 * SUBPIXEL,
            jump: 5 * SUBPIXEL + 64,
        },
        // A wider centre-footed walker with a higher step, equal speed on slopes, no
        // corner correction, ignoring one-way cells, not sticking to slopes.
        Body {
            actor: Actor::new(40, 16, 12, 12).with_settings(ActorSettings {
                wall_height: 6,
                sticks_to_slopes: false,
                ignores_one_way: true,
                ceiling_slide: true,
                corner_correction: 0,
                equal_slope_speed: true,
                feet: Feet::Centre,
                keeps_platform_momentum: true,
            }),
            walk: 3 * SUBPIXEL / 2,
            jump: 4 * SUBPIXEL + 192,
        },
    ]
}

/// The game's per-frame update, integers only: input to velocity, gravity, one step.
fn update<M: slope_runtime::TileMap>(world: &World<'_, M>, body: &mut Body, input: Input) {
    let a = &mut body.actor;
    a.vx = input.dir * body.walk;
    if input.jump && a.contacts.on_ground() {
        a.vy = body.jump;
    }
    if input.down {
        // Ignored unless it stands on one-way cells.
        a.drop_through();
    }
    a.vy = (a.vy - GRAVITY).max(-MAX_FALL);
    world.step(a);
}

/// `G` on ground, `L`/`R` pushing left/right, `C` on ceiling, `O` on one-way cells only,
/// `X` crushed, `D` dropping through; then the ground angle.
fn flags<M: slope_runtime::TileMap>(world: &World<'_, M>, a: &Actor) -> String {
    let c = a.contacts;
    let bits = [
        (c.on_ground(), 'G'),
        (c.pushing_left(), 'L'),
        (c.pushing_right(), 'R'),
        (c.on_ceiling(), 'C'),
        (c.on_one_way(), 'O'),
        (c.crushed(), 'X'),
        (a.is_dropping(), 'D'),
    ];
    let letters: String = bits
        .iter()
        .map(|&(on, letter)| if on { letter } else { '-' })
        .collect();
    format!("{letters} {}", world.ground_angle(a))
}

/// Runs the script for the chosen bodies (by index) and returns the trace.
fn run(which: &[usize]) -> String {
    let tables = Tables::from_bytes(BLOB).expect("the golden blob loads");
    let map = level(&tables);
    let world = World::new(tables, &map);
    let mut bodies: Vec<Body> = bodies()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| which.contains(i))
        .map(|(_, b)| b)
        .collect();
    let mut out = String::new();
    for frame in 0..FRAMES {
        let input = input(frame);
        write!(out, "{frame:3}").unwrap();
        for body in &mut bodies {
            update(&world, body, input);
            let a = &body.actor;
            write!(
                out,
                " | {} {} {} {} {}",
                a.x,
                a.y,
                a.vx,
                a.vy,
                flags(&world, a)
            )
            .unwrap();
        }
        out.push('\n');
    }
    out
}

const HEADER: &str = "\
# slope-runtime determinism golden: tests/determinism.rs (UPDATE_GOLDEN=1 to regenerate)
# frame | x y vx vy flags angle   (actor A: 8x14 box feet)   | the same for actor B (12x12 centre feet)
# flags: G ground, L/R pushing left/right, C ceiling, O one-way only, X crushed, D dropping
";

/// The golden comparison. Set `UPDATE_GOLDEN=1` to rewrite `tests/data/walk_trace.txt`
/// from the current behaviour instead of comparing.
#[test]
fn scripted_walk_matches_the_golden_trace() {
    let trace = format!("{HEADER}{}", run(&[0, 1]));
    if std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1") {
        std::fs::write(GOLDEN, &trace).expect("write the golden trace");
        return;
    }
    let golden = std::fs::read_to_string(GOLDEN)
        .expect("tests/data/walk_trace.txt is missing: run with UPDATE_GOLDEN=1 to create it");
    if golden != trace {
        let (line, (want, got)) = golden
            .lines()
            .zip(trace.lines())
            .enumerate()
            .find(|(_, (g, t))| g != t)
            .unwrap_or((
                golden.lines().count().min(trace.lines().count()),
                ("<end>", "<end>"),
            ));
        panic!(
            "the trace differs from tests/data/walk_trace.txt at line {}:\n  golden: {want}\n  now:    {got}\n\
             (UPDATE_GOLDEN=1 rewrites the golden file after an intended change)",
            line + 1
        );
    }
}

/// The world holds no state between calls: two runs agree, and each actor alone moves
/// exactly as it does beside the other.
#[test]
fn runs_repeat_and_actors_are_independent() {
    let both = run(&[0, 1]);
    assert_eq!(both, run(&[0, 1]));
    let (a, b) = (run(&[0]), run(&[1]));
    for ((line, a), b) in both.lines().zip(a.lines()).zip(b.lines()) {
        let mut parts = line.split(" | ");
        let frame = parts.next().unwrap();
        let a_part = a.split(" | ").nth(1).unwrap();
        let b_part = b.split(" | ").nth(1).unwrap();
        assert_eq!(line, format!("{frame} | {a_part} | {b_part}"));
    }
}

/// The script is not idle: both actors walk, climb slopes, leave the ground and land.
#[test]
fn the_script_exercises_the_mover() {
    let trace = run(&[0, 1]);
    for actor in 0..2 {
        let rows: Vec<Vec<&str>> = trace
            .lines()
            .map(|l| l.split(" | ").nth(actor + 1).unwrap().split(' ').collect())
            .collect();
        let xs: Vec<i32> = rows.iter().map(|r| r[0].parse().unwrap()).collect();
        let ys: Vec<i32> = rows.iter().map(|r| r[1].parse().unwrap()).collect();
        let flag = |r: &Vec<&str>, c: char| r[4].contains(c);
        let (min_x, max_x) = (xs.iter().min().unwrap(), xs.iter().max().unwrap());
        assert!(
            max_x - min_x > 200,
            "actor {actor} walked only {min_x}..{max_x}"
        );
        assert!(
            ys.iter().max().unwrap() - ys.iter().min().unwrap() > 40,
            "actor {actor}"
        );
        assert!(
            // at least 11° (8 byte angles): a slope, not level ground beside one
            rows.iter()
                .any(|r| flag(r, 'G') && (r[5].parse::<u8>().unwrap() as i8).unsigned_abs() >= 8),
            "actor {actor} never on a slope"
        );
        assert!(
            rows.iter().any(|r| !flag(r, 'G')),
            "actor {actor} never airborne"
        );
        let landings = rows
            .windows(2)
            .filter(|w| !flag(&w[0], 'G') && flag(&w[1], 'G'))
            .count();
        assert!(landings >= 3, "actor {actor} landed {landings} times");
        assert!(rows.iter().all(|r| !flag(r, 'X')), "actor {actor} crushed");
    }
}
