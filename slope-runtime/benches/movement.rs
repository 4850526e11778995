//! The mover ([`World::step`]) against a straightforward per-pixel bitmap sweep, in one run.
//!
//! - A slope-heavy 64×16-tile level of the default shapes (N = 16) in several variants:
//!   rolling hills of slope22/15/11 pieces, 45s, bumps, a steep (rotated) ramp, sloped
//!   ceilings, walls and one-way platforms.
//! - Two crowds walk back and forth (they turn around when pushing a wall) under gravity,
//!   with occasional jumps: `movement/*`, 1, 100 and 1000 actors of mixed small to mid
//!   sizes (4×6 to 20×24 px), and `movement-large/*`, 100 actors one and a half to three
//!   tiles tall (16×40 to 40×24 px, up to 32×48).
//! - `…/runtime/*`: [`World::step`], answering every query from the packed tables.
//! - `…/pulver/*`: the baseline, the Pulver way: each cell's bitmap per variant
//!   precomputed as bools (from [`Shape::is_solid`], once, at setup), the same actors moved
//!   with the same rules (step 1 px; if blocked, try up to `wall_height - 1` px up; stick
//!   down up to `wall_height - 1` px when grounded; land / hit ceilings on y; slide along
//!   sloped ceilings and past corners; one-way cells meet only the feet of an actor coming
//!   from above; no sticking, no ground and no sliding down under ceilings while rising by
//!   velocity; pushing = a step that way would be refused), testing every pixel of the
//!   box's leading edge, and of nothing else.
//!
//! The baseline does only what these actors need: no check for being embedded at the start
//! of each frame, no ground cell or ground angle, no drop-through, no platforms, no
//! `Feet::Centre`, no equal slope speed; the runtime does the first two every frame.
//!
//! Before anything is timed, both engines run the same actors from the same spawn for
//! [`CHECK_FRAMES`] frames and their trajectories are compared frame by frame; the result
//! is printed to stderr, and the run stops if any actor-frame differs (CI runs this check
//! with `-- --test`). One timed iteration is [`FRAMES`] frames of every actor from a
//! settled snapshot; the throughput counts *pixel steps* (|Δx| + |Δy| per actor-frame,
//! measured from positions). After the run a summary prints the medians as ns per
//! actor-frame, pixel steps per second and the ratio baseline / runtime. Then each case is
//! timed again in back-to-back pairs (runtime and baseline, either first in turn) and the
//! median and quartiles of the pairs' ratios are printed: the ratio to quote, since a slow
//! phase of a shared machine slows both timings of a pair alike, while criterion takes the
//! two engines' samples seconds apart.
//!
//! ```text
//! cargo bench -p slope-runtime --bench movement            # measure
//! cargo bench -p slope-runtime --bench movement -- --test  # smoke: every benchmark once
//! ```
//!
//! Two untimed modes of the same binary serve callgrind: `MOVEMENT_PROFILE` runs one engine
//! alone (instructions per actor-frame, see [`profile`]), `MOVEMENT_KINDS` the cost of
//! airborne, flat-ground and slope frames apart (see [`kinds`]).

use std::cell::RefCell;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use slope_runtime::{
    Actor, Cell, Contacts, GridMap, MAX_SPEED, Rect, SUBPIXEL, ShapeId, Solid, Tables, TileMap,
    Variant, World,
};

/// The default tiles (N = 16).
static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));

const W: usize = 64;
const H: usize = 16;
type Level = GridMap<W, H>;

/// The level, top row first. Legend in [`legend`].
const LEVEL: [&str; H] = [
    r"...............................................................#",
    r"...............................................................#",
    r"...............................................................#",
    r"...............................................................#",
    r"...............................................................#",
    r"...............................................................#",
    r"...............................................................#",
    r"...............................................................#",
    r"...............................................................#",
    r"...........................#............................pq#QP..#",
    r".........##..====.......#..#...................................#",
    r"...........................#.................=====......=====..#",
    r"..=====....................#.........v####w....................#",
    r"............../#\...==.....#.../##\.................t#IHGF.....#",
    r"..ab##BAo.cde####EDC..fghi##../####\.......ooab#BA.s#######\...#",
    r"################################################################",
];

/// A level character's shape and variant (`.` empty, `#` full, `=` one-way full).
fn legend(c: char) -> (&'static str, Variant) {
    use Variant::*;
    match c {
        '/' => ("slope45", Identity),
        '\\' => ("slope45", FlipX),
        'v' => ("slope45", FlipY),  // ceiling end, lowering to the right
        'w' => ("slope45", FlipXY), // ceiling end, rising to the right
        'a' => ("slope22_1", Identity),
        'b' => ("slope22_2", Identity),
        'A' => ("slope22_1", FlipX),
        'B' => ("slope22_2", FlipX),
        'p' => ("slope22_1", FlipY), // 22° ceiling, lowering
        'q' => ("slope22_2", FlipY),
        'P' => ("slope22_1", FlipXY), // 22° ceiling, rising
        'Q' => ("slope22_2", FlipXY),
        's' => ("slope22_1", Rot90FlipX), // steep (2 px per column) ramp, lower half
        't' => ("slope22_2", Rot90FlipX), // … and its upper half
        'c' => ("slope15_1", Identity),
        'd' => ("slope15_2", Identity),
        'e' => ("slope15_3", Identity),
        'C' => ("slope15_1", FlipX),
        'D' => ("slope15_2", FlipX),
        'E' => ("slope15_3", FlipX),
        'f' => ("slope11_1", Identity),
        'g' => ("slope11_2", Identity),
        'h' => ("slope11_3", Identity),
        'i' => ("slope11_4", Identity),
        'F' => ("slope11_1", FlipX),
        'G' => ("slope11_2", FlipX),
        'H' => ("slope11_3", FlipX),
        'I' => ("slope11_4", FlipX),
        'o' => ("bump", Identity),
        other => panic!("no legend for {other:?}"),
    }
}

fn build_level(tables: &Tables<'_>) -> Level {
    let mut rows = [[Cell::EMPTY; W]; H];
    for (row, text) in rows.iter_mut().zip(LEVEL) {
        assert_eq!(text.chars().count(), W, "{text}");
        for (cell, c) in row.iter_mut().zip(text.chars()) {
            *cell = match c {
                '.' => Cell::EMPTY,
                '#' => Cell::FULL,
                '=' => Cell::FULL.one_way(),
                c => {
                    let (name, variant) = legend(c);
                    let id = tables.find(name).expect("a default tile");
                    Cell::shape(id, variant)
                }
            };
        }
    }
    GridMap::from_rows_top_first(rows, Cell::FULL)
}

// ---------------------------------------------------------------------------------------
// The game: the same rules drive both engines.

/// Gravity, 1/256 px per frame² (0.25 px).
const GRAVITY: i32 = SUBPIXEL / 4;
/// Fastest fall, 1/256 px per frame.
const TERMINAL: i32 = 6 * SUBPIXEL;
/// The mixed crowd's box sizes (w, h), cycled through: small to mid-sized actors.
const SIZES: [(u16, u16); 8] = [
    (8, 14),
    (6, 10),
    (12, 20),
    (16, 16),
    (4, 6),
    (10, 24),
    (20, 12),
    (14, 8),
];
/// The large crowd's box sizes: actors from one and a half to three tiles tall.
const LARGE_SIZES: [(u16, u16); 6] = [(24, 32), (32, 48), (16, 40), (40, 24), (28, 36), (20, 44)];

/// A crowd of actors: the box sizes they cycle through and where they spawn.
#[derive(Clone, Copy, Debug)]
struct Crowd {
    /// The benchmark group's name.
    name: &'static str,
    sizes: &'static [(u16, u16)],
    /// Spawn columns: `16 + (i · 7919) mod x_span`, clear of the walls for every size.
    x_span: i32,
    /// The lowest spawn row (four rows, 20 px apart), above every structure of the level.
    y: i32,
    /// Actor counts benchmarked.
    counts: &'static [usize],
    /// Walking speeds as a percentage of [`SPEEDS`] (100 in every benchmark; the profile
    /// mode can change it, see [`profile`]).
    speed_percent: i32,
}

/// The main comparison: 1, 100 and 1000 actors of [`SIZES`].
const MIXED: Crowd = Crowd {
    name: "movement",
    sizes: &SIZES,
    x_span: 965,
    y: 160,
    counts: &[1, 100, 1000],
    speed_percent: 100,
};

/// Taller and wider actors ([`LARGE_SIZES`]): per-pixel tests grow with the box's edges,
/// table lookups with the number of cells they span.
const LARGE: Crowd = Crowd {
    name: "movement-large",
    sizes: &LARGE_SIZES,
    x_span: 950,
    y: 120,
    counts: &[100],
    speed_percent: 100,
};

/// Walking speeds, 1/256 px per frame (1 to 2.5 px).
const SPEEDS: [i32; 6] = [256, 320, 384, 448, 512, 640];

/// One actor's intentions.
#[derive(Clone, Copy, Debug)]
struct Brain {
    dir: i32,
    speed: i32,
    jump: i32,
    period: u32,
    phase: u32,
}

/// What the rules read from an engine after a frame.
#[derive(Clone, Copy, Debug)]
struct Sense {
    on_ground: bool,
    pushing_left: bool,
    pushing_right: bool,
}

impl Sense {
    fn of_contacts(c: Contacts) -> Sense {
        Sense {
            on_ground: c.on_ground(),
            pushing_left: c.pushing_left(),
            pushing_right: c.pushing_right(),
        }
    }

    fn of_body(body: &Body) -> Sense {
        Sense {
            on_ground: body.on_ground,
            pushing_left: body.pushing_left,
            pushing_right: body.pushing_right,
        }
    }
}

impl Brain {
    /// Turn around at walls, walk, fall, now and then jump.
    #[inline]
    fn drive(&mut self, frame: u32, sense: Sense, vx: &mut i32, vy: &mut i32) {
        if (self.dir > 0 && sense.pushing_right) || (self.dir < 0 && sense.pushing_left) {
            self.dir = -self.dir;
        }
        *vx = self.dir * self.speed;
        *vy = (*vy - GRAVITY).max(-TERMINAL);
        if sense.on_ground && (frame + self.phase) % self.period == 0 {
            *vy = self.jump;
        }
    }
}

/// Actor `i` of a deterministic crowd: spawn box (x, y, w, h) in the air, and its brain.
fn spawn(crowd: &Crowd, i: usize) -> ((i32, i32, u16, u16), Brain) {
    let sizes = crowd.sizes;
    let (w, h) = sizes[i % sizes.len()];
    let x = 16 + (i as i32 * 7919) % crowd.x_span;
    let y = crowd.y + (i as i32 % 4) * 20;
    let period = 90 + (i as u32 * 37) % 160;
    let brain = Brain {
        dir: if (i / 3) % 2 == 0 { 1 } else { -1 },
        speed: SPEEDS[(i / sizes.len() + 2) % SPEEDS.len()] * crowd.speed_percent / 100,
        jump: 4 * SUBPIXEL + (i as i32 * 53) % SUBPIXEL,
        period,
        phase: (i as u32 * 13) % period,
    };
    ((x, y, w, h), brain)
}

// ---------------------------------------------------------------------------------------
// The runtime.

type Mob = (Actor, Brain);

fn runtime_crowd(crowd: &Crowd, count: usize) -> Vec<Mob> {
    (0..count)
        .map(|i| {
            let ((x, y, w, h), brain) = spawn(crowd, i);
            (Actor::new(x, y, w, h), brain)
        })
        .collect()
}

#[inline]
fn runtime_frame(world: &World<'_, &Level>, mobs: &mut [Mob], frame: u32) {
    for (actor, brain) in mobs {
        let c = actor.contacts;
        let sense = Sense::of_contacts(c);
        brain.drive(frame, sense, &mut actor.vx, &mut actor.vy);
        world.step(actor);
    }
}

// ---------------------------------------------------------------------------------------
// The baseline: per-pixel tests against precomputed bool bitmaps.

/// Tile size of the baseline's bitmaps (the default tiles).
const N: i32 = 16;
/// log2(N): pixel to tile.
const N_LOG2: u32 = N.trailing_zeros();
const ONE_WAY: u16 = 1 << 15;
const EMPTY_KIND: u16 = 0;
const FULL_KIND: u16 = 1;

/// The map as bitmap indices (plus a one-way bit), and the bitmaps: one `N×N` array of
/// bools per (shape, variant) used, plus empty and full.
struct Pulver {
    bitmaps: Vec<[bool; (N * N) as usize]>,
    cells: Vec<u16>,
}

/// A baseline actor: the state the rules need and nothing else.
#[derive(Clone, Copy, Debug)]
struct Body {
    x: i32,
    y: i32,
    vx: i32,
    vy: i32,
    w: i32,
    h: i32,
    rem_x: i32,
    rem_y: i32,
    wall_height: i32,
    corner_correction: i32,
    on_ground: bool,
    pushing_left: bool,
    pushing_right: bool,
    on_ceiling: bool,
}

type Walker = (Body, Brain);

impl Body {
    fn new(x: i32, y: i32, w: u16, h: u16) -> Body {
        let s = slope_runtime::ActorSettings::default();
        Body {
            x,
            y,
            vx: 0,
            vy: 0,
            w: i32::from(w),
            h: i32::from(h),
            rem_x: 0,
            rem_y: 0,
            wall_height: i32::from(s.wall_height),
            corner_correction: i32::from(s.corner_correction),
            on_ground: false,
            pushing_left: false,
            pushing_right: false,
            on_ceiling: false,
        }
    }

    #[inline]
    fn rect(&self) -> Rect {
        Rect {
            x0: self.x,
            y0: self.y,
            x1: self.x + self.w - 1,
            y1: self.y + self.h - 1,
        }
    }
}

fn pulver_crowd(crowd: &Crowd, count: usize) -> Vec<Walker> {
    (0..count)
        .map(|i| {
            let ((x, y, w, h), brain) = spawn(crowd, i);
            (Body::new(x, y, w, h), brain)
        })
        .collect()
}

#[inline]
fn pulver_frame(p: &Pulver, walkers: &mut [Walker], frame: u32) {
    for (body, brain) in walkers {
        let sense = Sense::of_body(body);
        brain.drive(frame, sense, &mut body.vx, &mut body.vy);
        p.step(body);
    }
}

/// Velocity plus remainder, in whole pixels and a new remainder (1/256 px).
#[inline]
fn split(rem: i32, v: i32) -> (i32, i32) {
    let total = rem + v;
    (total.div_euclid(SUBPIXEL), total.rem_euclid(SUBPIXEL))
}

impl Pulver {
    /// Every cell's bitmap, from [`Shape::is_solid`] for each pixel of each variant used.
    fn new(tables: &Tables<'_>, level: &Level) -> Pulver {
        assert_eq!(i32::from(tables.tile_size()), N);
        let mut kinds: Vec<(ShapeId, Variant)> = Vec::new();
        let mut bitmaps = vec![[false; (N * N) as usize], [true; (N * N) as usize]];
        let mut cells = Vec::with_capacity(W * H);
        for ty in 0..H as i32 {
            for tx in 0..W as i32 {
                let cell = level.cell(tx, ty);
                let kind = match cell.solid {
                    Solid::Empty => EMPTY_KIND,
                    Solid::Full => FULL_KIND,
                    Solid::Shape(id, variant) => {
                        let at = kinds.iter().position(|&k| k == (id, variant));
                        let at = at.unwrap_or_else(|| {
                            let shape = tables.shape(id).expect("a shape of the blob");
                            let mut bits = [false; (N * N) as usize];
                            for (i, bit) in bits.iter_mut().enumerate() {
                                let (x, y) = (i as i32 % N, i as i32 / N);
                                *bit = shape.is_solid(variant, x as u8, y as u8);
                            }
                            kinds.push((id, variant));
                            bitmaps.push(bits);
                            kinds.len() - 1
                        });
                        2 + at as u16
                    }
                };
                if cell.one_way {
                    // The one-way rule below needs the cell's pixels = its box.
                    assert_eq!(cell.solid, Solid::Full, "one-way cells are full blocks");
                }
                cells.push(kind | if cell.one_way { ONE_WAY } else { 0 });
            }
        }
        assert_eq!(level.outside(), Cell::FULL);
        Pulver { bitmaps, cells }
    }

    /// Whether world pixel (x, y) blocks a box. Solid cells: their bitmap. One-way cells
    /// meet only a box's feet (its bottom row): pass `feet = None` for any other pixel and
    /// for moves that ignore them (up, sideways walls); with `Some(from)` (the actor's box
    /// before the step) they block unless `from`'s bottom row was already inside them.
    #[inline]
    fn blocked(&self, x: i32, y: i32, feet: Option<&Rect>) -> bool {
        let (tx, ty) = (x >> N_LOG2, y >> N_LOG2);
        let cell = if (0..W as i32).contains(&tx) && (0..H as i32).contains(&ty) {
            self.cells[ty as usize * W + tx as usize]
        } else {
            FULL_KIND
        };
        if cell & ONE_WAY != 0 {
            let Some(f) = feet else { return false };
            // one-way cells are full blocks (checked at setup): "inside" = overlapping
            let (cx, cy) = (tx * N, ty * N);
            if f.x1 >= cx && f.x0 < cx + N && f.y0 >= cy && f.y0 < cy + N {
                return false;
            }
        }
        self.bitmaps[usize::from(cell & !ONE_WAY)][((y & (N - 1)) * N + (x & (N - 1))) as usize]
    }

    /// Whether world pixel (x, y) is a solid pixel of a shape cell (not a full one).
    fn sloped(&self, x: i32, y: i32) -> bool {
        let (tx, ty) = (x >> N_LOG2, y >> N_LOG2);
        (0..W as i32).contains(&tx)
            && (0..H as i32).contains(&ty)
            && self.cells[ty as usize * W + tx as usize] & !ONE_WAY > FULL_KIND
            && self.blocked(x, y, None)
    }

    /// Whether column `x`, rows `y0..=y1`, is free: every pixel tested; `feet` applies to
    /// the bottom pixel only.
    #[inline]
    fn column_free(&self, x: i32, y0: i32, y1: i32, feet: Option<&Rect>) -> bool {
        !self.blocked(x, y0, feet) && (y0 + 1..=y1).all(|y| !self.blocked(x, y, None))
    }

    /// Whether row `y`, columns `x0..=x1`, is free: every pixel tested.
    #[inline]
    fn row_free(&self, x0: i32, x1: i32, y: i32, feet: Option<&Rect>) -> bool {
        (x0..=x1).all(|x| !self.blocked(x, y, feet))
    }

    /// Whether row `y`, columns `x0..=x1`, holds no one-way pixel that meets feet coming
    /// from `from` (solid pixels there are known to be free).
    #[inline]
    fn feet_free(&self, x0: i32, x1: i32, y: i32, from: &Rect) -> bool {
        (x0..=x1).all(|x| !self.blocked(x, y, Some(from)) || self.blocked(x, y, None))
    }

    fn step(&self, b: &mut Body) {
        b.vx = b.vx.clamp(-MAX_SPEED, MAX_SPEED);
        b.vy = b.vy.clamp(-MAX_SPEED, MAX_SPEED);
        let (dx, rem_x) = split(b.rem_x, b.vx);
        let (dy, rem_y) = split(b.rem_y, b.vy);
        b.rem_x = rem_x;
        b.rem_y = rem_y;
        let (blocked_x, blocked_y) = self.sweep(b, dx, dy, b.vy > 0);
        if blocked_x {
            b.vx = 0;
            b.rem_x = 0;
        }
        if blocked_y {
            b.vy = 0;
            b.rem_y = 0;
        }
    }

    /// The frame's pixel steps, x and y interleaved in proportion, then the contacts.
    /// `rising`: moving up by velocity (no sticking, and no ground if it rose).
    fn sweep(&self, b: &mut Body, dx: i32, dy: i32, rising: bool) -> (bool, bool) {
        let start_y = b.y;
        let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
        let sx = if dx < 0 { -1 } else { 1 };
        let up = dy > 0;
        let mut grounded = b.on_ground;
        let (mut done_x, mut done_y) = (0u32, 0u32);
        let (mut blocked_x, mut blocked_y) = (false, false);
        while done_x < ax || done_y < ay {
            let x_behind = u64::from(2 * done_x + 1) * u64::from(ay)
                <= u64::from(2 * done_y + 1) * u64::from(ax);
            if done_x < ax && (done_y >= ay || x_behind) {
                done_x += 1;
                match self.sideways(b, sx, grounded, rising) {
                    Some(g) => grounded = g,
                    None => {
                        blocked_x = true;
                        done_x = ax;
                    }
                }
            } else {
                done_y += 1;
                if self.vertical(b, up) {
                    grounded = false;
                } else {
                    grounded |= !up;
                    blocked_y = true;
                    done_y = ay;
                }
            }
        }
        // Contacts: pushing = a step that way would be refused.
        let r = b.rect();
        let rose = rising && b.y > start_y;
        b.on_ground = !rose && !self.row_free(r.x0, r.x1, r.y0 - 1, Some(&r));
        b.pushing_left = self.lift(b, -1, b.on_ground, rising).is_none();
        b.pushing_right = self.lift(b, 1, b.on_ground, rising).is_none();
        b.on_ceiling = !self.row_free(r.x0, r.x1, r.y1 + 1, None);
        if blocked_x {
            if sx < 0 {
                b.pushing_left = true;
            } else {
                b.pushing_right = true;
            }
        }
        (blocked_x, blocked_y)
    }

    /// One pixel sideways (`s` = ±1), then up or down as [`Pulver::lift`] says; `None`:
    /// a wall.
    fn sideways(&self, b: &mut Body, s: i32, grounded: bool, rising: bool) -> Option<bool> {
        let lift = self.lift(b, s, grounded, rising)?;
        b.x += s;
        b.y += lift;
        Some(match lift {
            0 => self.stick(b, grounded && !rising),
            k if k > 0 => grounded,
            _ => false,
        })
    }

    /// Whether a step sideways is possible, and how far up (> 0: a rise lower than the
    /// wall height) or down (< 0: under a sloped ceiling, falling) it takes the box.
    /// Each case tests only the pixels the box moved by (s, k) has that the old box, and
    /// the rows already tested, do not.
    fn lift(&self, b: &Body, s: i32, grounded: bool, rising: bool) -> Option<i32> {
        let here = b.rect();
        let lead = if s > 0 { here.x1 + 1 } else { here.x0 - 1 };
        if self.column_free(lead, here.y0, here.y1, Some(&here)) {
            return Some(0);
        }
        let climb = (b.wall_height - 1).max(0);
        // Up k px: the head row above the old box must be free (no corner cutting); the
        // leading column is new, and the rest of the feet row may now be in a one-way cell.
        let (x0, x1) = if s > 0 {
            (here.x0 + 1, here.x1)
        } else {
            (here.x0, here.x1 - 1)
        };
        for k in 1..=climb {
            if !self.row_free(here.x0, here.x1, here.y1 + k, None) {
                break;
            }
            if self.column_free(lead, here.y0 + k, here.y1 + k, Some(&here))
                && self.feet_free(x0, x1, here.y0 + k, &here)
            {
                return Some(k);
            }
        }
        if !grounded && !rising {
            // Down k px: the rows below the old box must be free; then the leading column.
            for k in 1..=climb {
                if !self.row_free(here.x0, here.x1, here.y0 - k, Some(&here)) {
                    break;
                }
                if self.column_free(lead, here.y0 - k, here.y1 - k, Some(&here)) {
                    return Some(-k);
                }
            }
        }
        // One-way cells never make walls.
        self.column_free(lead, here.y0, here.y1, None).then_some(0)
    }

    /// Grounded after a step sideways: pull down onto ground less than a wall height below.
    fn stick(&self, b: &mut Body, was_grounded: bool) -> bool {
        if !was_grounded {
            return false;
        }
        let here = b.rect();
        let reach = b.wall_height;
        let mut drop = reach;
        for k in 0..reach {
            if !self.row_free(here.x0, here.x1, here.y0 - 1 - k, Some(&here)) {
                drop = k;
                break;
            }
        }
        if drop == 0 {
            return true;
        }
        if drop < reach {
            b.y -= drop;
            return true;
        }
        false
    }

    /// One pixel up or down; whether it moved.
    fn vertical(&self, b: &mut Body, up: bool) -> bool {
        let here = b.rect();
        if up {
            if self.row_free(here.x0, here.x1, here.y1 + 1, None) {
                b.y += 1;
                return true;
            }
            self.slide_past_ceiling(b, &here)
        } else if self.row_free(here.x0, here.x1, here.y0 - 1, Some(&here)) {
            b.y -= 1;
            true
        } else {
            false
        }
    }

    /// Blocked going up: the least sideways shift (preferring the walking side) that frees
    /// the way, up to `corner_correction` px, or `wall_height - 1` if more and the ceiling
    /// is sloped (the row above covers a solid pixel of a shape cell).
    fn slide_past_ceiling(&self, b: &mut Body, here: &Rect) -> bool {
        let slide = b.wall_height - 1;
        let limit = if slide > b.corner_correction
            && (here.x0..=here.x1).any(|x| self.sloped(x, here.y1 + 1))
        {
            slide
        } else {
            b.corner_correction
        };
        let sides = if b.vx < 0 { [-1, 1] } else { [1, -1] };
        let mut best: Option<(i32, i32)> = None;
        for s in sides {
            for k in 1..=limit {
                let lead = if s > 0 { here.x1 + k } else { here.x0 - k };
                if !self.column_free(lead, here.y0, here.y1, None) {
                    break;
                }
                if self.row_free(here.x0 + s * k, here.x1 + s * k, here.y1 + 1, None) {
                    if best.is_none_or(|(bk, _)| k < bk) {
                        best = Some((k, s));
                    }
                    break;
                }
            }
        }
        match best {
            Some((k, s)) => {
                b.x += s * k;
                b.y += 1;
                true
            }
            None => false,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Setup, checks, timing.

/// Frames run at setup before the snapshot the timed iterations start from.
const WARM_FRAMES: u32 = 120;
/// Frames per timed iteration.
const FRAMES: u32 = 60;
/// Frames of the trajectory comparison.
const CHECK_FRAMES: u32 = 600;
/// The crowds, each compared and benchmarked.
const CROWDS: [Crowd; 2] = [MIXED, LARGE];

fn pos_rt(m: &Mob) -> (i32, i32) {
    (m.0.x, m.0.y)
}

fn pos_pv(m: &Walker) -> (i32, i32) {
    (m.0.x, m.0.y)
}

/// Pixel steps of `frames` frames from `start`: Σ |Δx| + |Δy| per actor-frame.
fn pixel_steps<T: Clone>(
    start: &[T],
    frames: u32,
    mut frame: impl FnMut(&mut [T], u32),
    pos: fn(&T) -> (i32, i32),
) -> u64 {
    let mut mobs = start.to_vec();
    let mut steps = 0u64;
    for f in 0..frames {
        let before: Vec<(i32, i32)> = mobs.iter().map(pos).collect();
        frame(&mut mobs, WARM_FRAMES + f);
        for (m, (x0, y0)) in mobs.iter().zip(before) {
            let (x, y) = pos(m);
            steps += u64::from(x.abs_diff(x0) + y.abs_diff(y0));
        }
    }
    steps
}

/// Runs both engines from the same spawn and compares positions frame by frame. Returns
/// the report and whether every actor-frame was identical.
fn compare(
    world: &World<'_, &Level>,
    pulver: &Pulver,
    crowd: &Crowd,
    count: usize,
) -> (String, bool) {
    let mut rt = runtime_crowd(crowd, count);
    let mut pv = pulver_crowd(crowd, count);
    let mut equal_frames = 0u64;
    let mut flags_equal = 0u64;
    let mut diverged = vec![false; count];
    let mut first: Option<String> = None;
    let mut max_dev = 0u32;
    let mut steps = 0u64;
    // What the runtime's actors did: [on ground, on a slope, on one-way, on a ceiling,
    // pushing a wall, turned around, jumped]
    let mut did = [0u64; 7];
    for f in 0..CHECK_FRAMES {
        let dirs: Vec<i32> = rt.iter().map(|m| m.1.dir).collect();
        let vys: Vec<i32> = rt.iter().map(|m| m.0.vy).collect();
        let before: Vec<(i32, i32)> = rt.iter().map(pos_rt).collect();
        runtime_frame(world, &mut rt, f);
        pulver_frame(pulver, &mut pv, f);
        for (i, ((a, _), (b, _))) in rt.iter().zip(&pv).enumerate() {
            steps += u64::from(a.x.abs_diff(before[i].0) + a.y.abs_diff(before[i].1));
            let dev = a.x.abs_diff(b.x) + a.y.abs_diff(b.y);
            max_dev = max_dev.max(dev);
            let c = a.contacts;
            let turned = rt[i].1.dir != dirs[i];
            let jumped = a.vy > 0 && vys[i] <= 0;
            for (n, on) in did.iter_mut().zip([
                c.on_ground(),
                c.on_slope(),
                c.on_one_way(),
                c.on_ceiling(),
                c.pushing_left() || c.pushing_right(),
                turned,
                jumped,
            ]) {
                *n += u64::from(on);
            }
            let flags = c.on_ground() == b.on_ground
                && c.pushing_left() == b.pushing_left
                && c.pushing_right() == b.pushing_right
                && c.on_ceiling() == b.on_ceiling;
            flags_equal += u64::from(flags);
            if dev == 0 && flags {
                equal_frames += 1;
            } else if !diverged[i] {
                diverged[i] = true;
                if first.is_none() {
                    first = Some(format!(
                        "actor {i} ({}×{}) at frame {f}: runtime ({}, {}) v=({}, {}) \
                         g={} l={} r={} c={}, baseline ({}, {}) v=({}, {}) g={} l={} r={} c={}",
                        a.width(),
                        a.height(),
                        a.x,
                        a.y,
                        a.vx,
                        a.vy,
                        c.on_ground(),
                        c.pushing_left(),
                        c.pushing_right(),
                        c.on_ceiling(),
                        b.x,
                        b.y,
                        b.vx,
                        b.vy,
                        b.on_ground,
                        b.pushing_left,
                        b.pushing_right,
                        b.on_ceiling
                    ));
                }
            }
        }
    }
    let total = u64::from(CHECK_FRAMES) * count as u64;
    let same = diverged.iter().filter(|d| !**d).count();
    let report = format!(
        "  {count} actors × {CHECK_FRAMES} frames from spawn ({steps} pixel steps): \
         {equal_frames}/{total} actor-frames identical (position and contacts), \
         {flags_equal}/{total} with equal contact flags; {same}/{count} whole trajectories \
         identical; max |Δx|+|Δy| = {max_dev} px\n    runtime actor-frames: {} on ground, \
         {} on a slope, {} on one-way cells, {} touching a ceiling, {} pushing a wall; {} \
         turn-arounds, {} jumps{}",
        did[0],
        did[1],
        did[2],
        did[3],
        did[4],
        did[5],
        did[6],
        first.map_or(String::new(), |s| format!("\n    first divergence: {s}"))
    );
    (report, equal_frames == total)
}

/// `MOVEMENT_PROFILE=ENGINE:FRAMES[:large][:speed=PERCENT][:steps]` (engine `runtime` or
/// `pulver`): runs 1000 actors of the mixed crowd (or of the large one) on one engine for
/// that many frames after the warm-up, untimed, and exits; for instruction counts under
/// callgrind. Run it with FRAMES and with 0 and subtract: the difference is the frames'
/// cost alone (setup and warm-up are the same in both runs).
///
/// - `speed=PERCENT` scales every walking speed ([`SPEEDS`]): 0 leaves the actors standing
///   (they still fall, land and jump), 300 makes them walk three times as fast. Runs at
///   several speeds split an engine's cost into a part per frame and a part per pixel step.
/// - `steps` also prints the pixel steps per actor-frame of those frames (counted in a
///   second run, so leave it out under callgrind).
///
/// ```text
/// cargo bench -p slope-runtime --bench movement --no-run   # prints the binary's path
/// MOVEMENT_PROFILE=runtime:60 valgrind --tool=callgrind target/release/deps/movement-…
/// MOVEMENT_PROFILE=runtime:60:speed=0 valgrind --tool=callgrind target/release/deps/movement-…
/// ```
fn profile(world: &World<'_, &Level>, pulver: &Pulver, spec: &str) {
    const USAGE: &str = "MOVEMENT_PROFILE=ENGINE:FRAMES[:large][:speed=PERCENT][:steps], \
                         ENGINE runtime or pulver";
    let mut parts = spec.split(':');
    let (Some(engine), Some(frames)) = (parts.next(), parts.next()) else {
        panic!("{USAGE}; got {spec:?}");
    };
    let frames: u32 = frames
        .parse()
        .unwrap_or_else(|_| panic!("{USAGE}; FRAMES {frames:?} is not a count"));
    let (mut crowd, mut count_steps) = (MIXED, false);
    for part in parts {
        match part {
            "large" => crowd = LARGE,
            "steps" => count_steps = true,
            _ => {
                // A u16: no negative speeds, and any percentage of SPEEDS fits an i32.
                let percent = part.strip_prefix("speed=").map(|p| p.parse::<u16>());
                crowd.speed_percent = match percent {
                    Some(Ok(p)) => i32::from(p),
                    Some(Err(_)) => panic!("{USAGE}; {part:?}: PERCENT is 0 to 65535"),
                    None => panic!("{USAGE}; unknown option {part:?}"),
                };
            }
        }
    }
    let count = 1000;
    let (checksum, steps) = match engine {
        "runtime" => run_profiled(
            &runtime_crowd(&crowd, count),
            frames,
            pos_rt,
            |m, f| runtime_frame(world, m, f),
            count_steps,
        ),
        "pulver" => run_profiled(
            &pulver_crowd(&crowd, count),
            frames,
            pos_pv,
            |m, f| pulver_frame(pulver, m, f),
            count_steps,
        ),
        other => panic!("{USAGE}; unknown engine {other:?}"),
    };
    eprintln!(
        "movement profile: {engine}, {count} actors of crowd {} at {}% speed, \
         {WARM_FRAMES} + {frames} frames, position checksum {checksum}",
        crowd.name, crowd.speed_percent
    );
    if let Some(steps) = steps {
        let per_actor_frame = steps as f64 / f64::from(frames.max(1)) / count as f64;
        eprintln!("movement profile: {per_actor_frame:.3} pixel steps per actor-frame");
    }
}

/// [`run_alone`]; with `count_steps`, also the pixel steps of the frames after the
/// warm-up, counted in a second run (so that the first runs nothing but the frames).
fn run_profiled<T: Clone>(
    start: &[T],
    frames: u32,
    pos: fn(&T) -> (i32, i32),
    mut frame: impl FnMut(&mut [T], u32) + Copy,
    count_steps: bool,
) -> (i64, Option<u64>) {
    let checksum = run_alone(start, frames, pos, frame);
    let steps = count_steps.then(|| {
        let mut mobs = start.to_vec();
        for f in 0..WARM_FRAMES {
            frame(&mut mobs, f);
        }
        pixel_steps(&mobs, frames, frame, pos)
    });
    (checksum, steps)
}

/// What an actor stood on when its frame began (the runtime's contacts): the frames of
/// each kind cost the engines differently.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Airborne,
    OnFlat,
    OnSlope,
}

/// One out-of-line call per engine and kind, so callgrind's inclusive cost of each function
/// divided by its calls is that kind's cost per actor-frame. The constants keep the linker
/// from folding the identical bodies into one.
macro_rules! kind_calls {
    ($($rt:ident $pv:ident $k:literal),*) => {
        $(
            #[inline(never)]
            fn $rt(world: &World<'_, &Level>, actor: &mut Actor) {
                black_box($k);
                world.step(black_box(actor));
            }
            #[inline(never)]
            fn $pv(pulver: &Pulver, body: &mut Body) {
                black_box($k);
                pulver.step(black_box(body));
            }
        )*
    };
}
kind_calls!(
    runtime_airborne pulver_airborne 1,
    runtime_on_flat pulver_on_flat 2,
    runtime_on_slope pulver_on_slope 3
);

/// `MOVEMENT_KINDS=1`: runs 1000 actors of the mixed crowd on both engines in step for the
/// warm-up and 60 frames more; each of those 60 frames is then taken again, by each engine
/// from the same state, through the function of its kind (see [`Kind`]), ten times. Under
/// callgrind, each function's inclusive instructions over its calls are that kind's cost
/// per actor-frame; the kinds' shares are printed.
///
/// ```text
/// MOVEMENT_KINDS=1 valgrind --tool=callgrind --callgrind-out-file=kinds.out target/release/deps/movement-…
/// callgrind_annotate --inclusive=yes --tree=calling kinds.out | grep -E '=> .*movement::(runtime|pulver)_'
/// ```
fn kinds(world: &World<'_, &Level>, pulver: &Pulver) {
    let mut mobs = runtime_crowd(&MIXED, 1000);
    let mut walkers = pulver_crowd(&MIXED, 1000);
    for f in 0..WARM_FRAMES {
        runtime_frame(world, &mut mobs, f);
        pulver_frame(pulver, &mut walkers, f);
    }
    let mut counts = [0usize; 3];
    for f in WARM_FRAMES..WARM_FRAMES + FRAMES {
        for ((actor, brain), (body, pbrain)) in mobs.iter_mut().zip(walkers.iter_mut()) {
            let c = actor.contacts;
            let sense = Sense::of_contacts(c);
            brain.drive(f, sense, &mut actor.vx, &mut actor.vy);
            let sense = Sense::of_body(body);
            pbrain.drive(f, sense, &mut body.vx, &mut body.vy);
            let kind = match (c.on_ground(), c.on_slope()) {
                (false, _) => Kind::Airborne,
                (true, false) => Kind::OnFlat,
                (true, true) => Kind::OnSlope,
            };
            counts[kind as usize] += 1;
            for _ in 0..10 {
                let (mut a, mut b) = (*actor, *body);
                match kind {
                    Kind::Airborne => {
                        runtime_airborne(world, &mut a);
                        pulver_airborne(pulver, &mut b);
                    }
                    Kind::OnFlat => {
                        runtime_on_flat(world, &mut a);
                        pulver_on_flat(pulver, &mut b);
                    }
                    Kind::OnSlope => {
                        runtime_on_slope(world, &mut a);
                        pulver_on_slope(pulver, &mut b);
                    }
                }
                black_box((a, b));
            }
            world.step(actor);
            pulver.step(body);
        }
    }
    let total: usize = counts.iter().sum();
    eprintln!(
        "movement kinds: {total} actor-frames: airborne {}, on flat ground {}, on a slope {} \
         (each replayed 10 times per engine)",
        counts[0], counts[1], counts[2]
    );
}

/// Runs a crowd for the warm-up and `frames` more, untimed; a checksum of the final
/// positions keeps the work observable.
fn run_alone<T: Clone>(
    start: &[T],
    frames: u32,
    pos: fn(&T) -> (i32, i32),
    mut frame: impl FnMut(&mut [T], u32),
) -> i64 {
    let mut mobs = start.to_vec();
    for f in 0..WARM_FRAMES + frames {
        frame(black_box(&mut mobs), f);
    }
    mobs.iter()
        .map(|m| {
            let (x, y) = pos(m);
            i64::from(x) + i64::from(y)
        })
        .sum()
}

/// Per-iteration times (ns) of each benchmark, for the summary.
type Samples = RefCell<Vec<f64>>;

/// Times `iters` runs of `FRAMES` frames, each from a fresh copy of `start` (copy untimed).
fn timed<T: Clone>(
    start: &[T],
    iters: u64,
    samples: &Samples,
    mut frame: impl FnMut(&mut [T], u32),
) -> Duration {
    let mut total = Duration::ZERO;
    let mut mobs = start.to_vec();
    for _ in 0..iters {
        mobs.clone_from_slice(start);
        let t = Instant::now();
        for f in 0..FRAMES {
            frame(black_box(&mut mobs), WARM_FRAMES + f);
        }
        total += t.elapsed();
        black_box(&mobs);
    }
    samples
        .borrow_mut()
        .push(total.as_secs_f64() * 1e9 / iters as f64);
    total
}

fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// Sample count per benchmark (criterion's measurement phase).
const SAMPLES: usize = 60;

struct Case {
    /// The crowd's (and benchmark group's) name.
    crowd: &'static str,
    count: usize,
    rt: Vec<Mob>,
    pv: Vec<Walker>,
    rt_steps: u64,
    pv_steps: u64,
    rt_ns: Samples,
    pv_ns: Samples,
}

fn main() {
    let tables = Tables::from_bytes(BLOB).expect("the default tiles");
    let level = build_level(&tables);
    let world = World::new(tables, &level);
    let pulver = Pulver::new(&tables, &level);

    eprintln!(
        "movement: sizes: Actor {} B, World<&GridMap<{W}, {H}>> {} B, Cell {} B, \
         GridMap<{W}, {H}> {} B, Tables {} B; baseline: Body {} B, {} bitmaps × {} B",
        size_of::<Actor>(),
        size_of::<World<'_, &Level>>(),
        size_of::<Cell>(),
        size_of::<Level>(),
        size_of::<Tables<'_>>(),
        size_of::<Body>(),
        pulver.bitmaps.len(),
        size_of::<[bool; (N * N) as usize]>(),
    );

    if std::env::var("MOVEMENT_KINDS").is_ok() {
        kinds(&world, &pulver);
        return;
    }
    if let Ok(spec) = std::env::var("MOVEMENT_PROFILE") {
        profile(&world, &pulver, &spec);
        return;
    }

    for crowd in &CROWDS {
        for i in 0..1000 {
            let ((x, y, w, h), _) = spawn(crowd, i);
            assert!(
                !world.hits(Rect::of_box(x, y, w, h)),
                "actor {i} of crowd {} spawns inside",
                crowd.name
            );
        }
    }
    let started = Instant::now();
    let mut report = String::new();
    let mut all_identical = true;
    for crowd in &CROWDS {
        report += &format!("  crowd {} (sizes {:?}):\n", crowd.name, crowd.sizes);
        for count in [100, 1000] {
            let (text, identical) = compare(&world, &pulver, crowd, count);
            report += &text;
            report += "\n";
            all_identical &= identical;
        }
    }
    eprintln!(
        "movement: trajectories, runtime vs baseline (checked in {:.2} s):\n{report}\
         movement: one timed iteration = {FRAMES} frames of every actor, from the state after \
         {WARM_FRAMES} frames",
        started.elapsed().as_secs_f64()
    );
    // Timing two engines that do different things would compare nothing.
    assert!(
        all_identical,
        "the runtime and the baseline diverged (see above): a rule changed in one of them"
    );

    let cases: Vec<Case> = CROWDS
        .iter()
        .flat_map(|crowd| crowd.counts.iter().map(move |&count| (crowd, count)))
        .map(|(crowd, count)| {
            let mut rt = runtime_crowd(crowd, count);
            let mut pv = pulver_crowd(crowd, count);
            for f in 0..WARM_FRAMES {
                runtime_frame(&world, &mut rt, f);
                pulver_frame(&pulver, &mut pv, f);
            }
            let rt_steps = pixel_steps(&rt, FRAMES, |m, f| runtime_frame(&world, m, f), pos_rt);
            let pv_steps = pixel_steps(&pv, FRAMES, |m, f| pulver_frame(&pulver, m, f), pos_pv);
            Case {
                crowd: crowd.name,
                count,
                rt,
                pv,
                rt_steps,
                pv_steps,
                rt_ns: RefCell::new(Vec::new()),
                pv_ns: RefCell::new(Vec::new()),
            }
        })
        .collect();

    let mut c = Criterion::default()
        .sample_size(SAMPLES)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(6))
        .configure_from_args();
    for crowd in &CROWDS {
        let mut group = c.benchmark_group(crowd.name);
        // Every sample the same number of iterations, so that their median means something.
        group.sampling_mode(SamplingMode::Flat);
        for case in cases.iter().filter(|c| c.crowd == crowd.name) {
            group.throughput(Throughput::Elements(case.rt_steps));
            group.bench_function(BenchmarkId::new("runtime", case.count), |b| {
                b.iter_custom(|iters| {
                    timed(&case.rt, iters, &case.rt_ns, |m, f| {
                        runtime_frame(&world, m, f)
                    })
                })
            });
            group.throughput(Throughput::Elements(case.pv_steps));
            group.bench_function(BenchmarkId::new("pulver", case.count), |b| {
                b.iter_custom(|iters| {
                    timed(&case.pv, iters, &case.pv_ns, |m, f| {
                        pulver_frame(&pulver, m, f)
                    })
                })
            });
        }
        group.finish();
    }
    c.final_summary();

    // The summary, from the measurement samples (the last SAMPLES calls of each).
    if std::env::args().any(|a| a == "--test" || a == "--list") {
        return;
    }
    eprintln!(
        "\nmovement summary (medians of {SAMPLES} samples; {FRAMES} frames per iteration):\n  \
         {:>14} {:>6}  {:>14} {:>14}  {:>12} {:>12}  {:>13} {:>13}  {:>7}",
        "crowd",
        "actors",
        "runtime ns/af",
        "pulver ns/af",
        "rt steps/it",
        "pv steps/it",
        "rt Msteps/s",
        "pv Msteps/s",
        "pv/rt"
    );
    let mut paired = String::new();
    for case in &cases {
        let last = |s: &Samples| {
            let s = s.borrow();
            median(&s[s.len().saturating_sub(SAMPLES)..])
        };
        let (rt, pv) = (last(&case.rt_ns), last(&case.pv_ns));
        let af = f64::from(FRAMES) * case.count as f64;
        eprintln!(
            "  {:>14} {:>6}  {:>14.1} {:>14.1}  {:>12} {:>12}  {:>13.1} {:>13.1}  {:>6.2}×",
            case.crowd,
            case.count,
            rt / af,
            pv / af,
            case.rt_steps,
            case.pv_steps,
            case.rt_steps as f64 / rt * 1e3,
            case.pv_steps as f64 / pv * 1e3,
            pv / rt,
        );
        let reps = (PAIR_NS / rt).ceil().max(1.0) as u64;
        let ratios = paired_ratios(&world, &pulver, case, reps);
        paired += &format!(
            "  {:>14} {:>6}  {:>9.2}×  {:>5.2}× – {:.2}×  ({reps} × {FRAMES} frames per timing)\n",
            case.crowd,
            case.count,
            quantile(&ratios, 0.5),
            quantile(&ratios, 0.25),
            quantile(&ratios, 0.75),
        );
    }
    eprintln!(
        "\nmovement paired (baseline/runtime time of {PAIRS} back-to-back pairs of timings):\n  \
         {:>14} {:>6}  {:>10}  {:>15}\n{paired}",
        "crowd", "actors", "median", "quartiles"
    );
}

/// Back-to-back pairs timed after criterion's runs: a slow phase of the shared machine
/// (they last seconds) then slows both timings of a pair alike, where criterion's samples
/// of the two engines are taken seconds apart.
const PAIRS: usize = 101;

/// About how long one timing of a pair lasts, ns: long enough for the clock, short enough
/// for a pair to fall within one phase of the machine.
const PAIR_NS: f64 = 2e6;

/// The ratio baseline time / runtime time of each of [`PAIRS`] pairs of timings, each of
/// `reps` iterations from the case's snapshot; which engine goes first alternates.
fn paired_ratios(world: &World<'_, &Level>, pulver: &Pulver, case: &Case, reps: u64) -> Vec<f64> {
    let scratch = RefCell::new(Vec::new());
    let time_rt = || timed(&case.rt, reps, &scratch, |m, f| runtime_frame(world, m, f));
    let time_pv = || timed(&case.pv, reps, &scratch, |m, f| pulver_frame(pulver, m, f));
    (0..PAIRS)
        .map(|i| {
            let (rt, pv) = if i % 2 == 0 {
                let rt = time_rt();
                (rt, time_pv())
            } else {
                let pv = time_pv();
                (time_rt(), pv)
            };
            pv.as_secs_f64() / rt.as_secs_f64()
        })
        .collect()
}

/// The `q` quantile of `v` (nearest rank).
fn quantile(v: &[f64], q: f64) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    let Some(last) = v.len().checked_sub(1) else {
        return f64::NAN;
    };
    v[((last as f64) * q).round() as usize]
}
