//! The ground angle (`World::ground_angle`) on drawn terrains, with tiles made by slopegen
//! from height profiles: gentle slopes of one riser per tile or fewer, ramps built of
//! several tile kinds, hills with crests and valleys, slopes ending in a ledge. And a
//! pixel oracle of the rule on random maps of the default tiles in every variant.

use proptest::prelude::*;
use slope_runtime::{
    Actor, ActorSettings, Cell, Feet, SUBPIXEL, ShapeId, Tables, TileMap, Variant, World,
};
use std::path::Path;

use slopegen::{Bitmap, TileSet};

#[path = "support/drawn.rs"]
mod drawn;
use drawn::Level;

const N: i32 = 16;
/// One byte angle in degrees.
const STEP: f64 = 360.0 / 256.0;

/// A piece of terrain: `len` columns of a staircase rising `rise` px every `run` columns
/// (falling when `rise < 0`), or a drop of `-rise` px at its first column (`run == 0`).
#[derive(Clone, Copy, Debug)]
struct Piece {
    len: i32,
    rise: i32,
    run: i32,
}

const fn slope(len: i32, rise: i32, run: i32) -> Piece {
    Piece { len, rise, run }
}

const fn flat(len: i32) -> Piece {
    Piece {
        len,
        rise: 0,
        run: 1,
    }
}

/// A vertical drop of `d` px (a ledge), then `len` flat columns.
const fn ledge(d: i32, len: i32) -> Piece {
    Piece {
        len,
        rise: -d,
        run: 0,
    }
}

/// A height field over whole tiles: column `x` is solid from the bottom of the map up to
/// `heights[x]` (exclusive), with the pieces that drew it.
struct Terrain {
    /// The tile size it is built of.
    n: i32,
    heights: Vec<i32>,
    /// Per piece: its first and last column, and its angle in degrees (`None`: a ledge's
    /// drop, where no straight surface runs through).
    spans: Vec<(i32, i32, f64)>,
    /// The columns where the surface drops or rises by more than `CLIMB` (ledges).
    breaks: Vec<i32>,
}

impl Terrain {
    fn new(base: i32, pieces: &[Piece]) -> Terrain {
        Terrain::of_tiles(N, base, pieces)
    }

    /// A terrain of `n`-px tiles.
    fn of_tiles(n: i32, base: i32, pieces: &[Piece]) -> Terrain {
        let mut heights = Vec::new();
        let mut spans = Vec::new();
        let mut breaks = Vec::new();
        let mut h = base;
        for p in pieces {
            let x0 = heights.len() as i32;
            let start = if p.run == 0 {
                breaks.push(x0);
                h += p.rise;
                h
            } else {
                h
            };
            for k in 0..p.len {
                let y = if p.run == 0 {
                    start
                } else {
                    start + ((k + 1) * p.rise).div_euclid(p.run)
                };
                heights.push(y);
            }
            h = *heights.last().expect("a piece has columns");
            let angle = if p.run == 0 {
                0.0
            } else {
                f64::from(p.rise).atan2(f64::from(p.run)).to_degrees()
            };
            spans.push((x0, x0 + p.len - 1, angle));
        }
        // Whole tiles, the last column continued.
        while heights.len() % n as usize != 0 {
            heights.push(h);
        }
        Terrain {
            n,
            heights,
            spans,
            breaks,
        }
    }

    fn width(&self) -> i32 {
        self.heights.len() as i32
    }

    fn height_at(&self, x: i32) -> i32 {
        let x = x.clamp(0, self.width() - 1);
        self.heights[x as usize]
    }

    /// The piece holding columns `a..=b`, if one does.
    fn piece_of(&self, a: i32, b: i32) -> Option<usize> {
        self.spans
            .iter()
            .position(|&(x0, x1, _)| x0 <= a && b <= x1)
    }

    /// The window `a..=b` cut at the ledges around `foot` (the trace stops at them).
    fn clip(&self, foot: i32, a: i32, b: i32) -> (i32, i32) {
        let mut lo = a.max(0);
        let mut hi = b.min(self.width() - 1);
        for &x in &self.breaks {
            // a break at column x lies between x − 1 and x
            if x <= foot && x > lo {
                lo = x;
            }
            if x > foot && x - 1 < hi {
                hi = x - 1;
            }
        }
        (lo, hi)
    }
}

/// Tiles for every cell of `terrain`, the blob they pack into, and the level of them.
fn build(terrain: &Terrain) -> (Tables<'static>, Level) {
    drawn::height_field(terrain.n, &terrain.heights)
}

/// The wide window's half-width for an actor `width` px wide on 16-px tiles.
fn wide_half(width: u16) -> i32 {
    ((3 * N + 1) / 2)
        .max(24)
        .max((i32::from(width) + 1) / 2)
        .min(32)
}

fn signed(angle: u8) -> i32 {
    i32::from(angle as i8)
}

/// What one walk over a terrain checked.
#[derive(Debug, Default)]
struct Checked {
    straight: usize,
    seams: usize,
    joins: usize,
}

/// Walks `actor` right over `terrain` at 1 px per frame (under gravity) and checks the
/// ground angle: within one byte angle of the true angle wherever the window lies on one
/// straight piece; changing by at most one byte angle per pixel there; between the two
/// pieces' angles where the window spans two joined pieces.
fn walk(terrain: &Terrain, mut actor: Actor, what: &str) -> Checked {
    let (tables, level) = build(terrain);
    let world = World::new(tables, &level);
    let start = actor.centre_x();
    assert!(
        world.place_on_ground(&mut actor, start, terrain.height_at(start) + 40),
        "{what}: placed"
    );
    let w = wide_half(actor.width());
    let mut checked = Checked::default();
    let mut last: Option<(i32, usize, u8)> = None; // (x, piece, angle)
    let end = terrain.width() - i32::from(actor.width()) - 4;
    let mut frames = 0;
    while actor.x < end && frames < 4 * terrain.width() {
        frames += 1;
        actor.vx = SUBPIXEL;
        actor.vy -= SUBPIXEL / 4;
        world.step(&mut actor);
        if !actor.contacts.on_ground() {
            last = None;
            continue;
        }
        let angle = world.ground_angle(&actor);
        let (x0, x1) = (actor.x, actor.x + i32::from(actor.width()) - 1);
        let centre = actor.centre_x();
        // The columns the window may cover: around the centre, or around any column of a
        // box (box feet read at the column they stand on).
        let (a, b) = match actor.settings.feet {
            Feet::Centre => (centre - w, centre + w),
            _ => (x0 - w, x1 + w),
        };
        if actor.settings.feet == Feet::Box && terrain.breaks.iter().any(|&k| x0 < k && k <= x1) {
            last = None; // astride a ledge: which side holds it is the motion's business
            continue;
        }
        let (a, b) = terrain.clip(centre, a, b);
        let here = format!("{what}: at x {} y {}: angle {angle}", actor.x, actor.y);
        match terrain.piece_of(a, b) {
            // A window cut short by a ledge holds too few risers of a gentle slope to read
            // it: only whole windows, level ground and steep slopes are held to it.
            Some(piece)
                if b - a >= 2 * w
                    || terrain.spans[piece].2 == 0.0
                    || terrain.spans[piece].2.abs() >= 26.0 =>
            {
                let truth = terrain.spans[piece].2;
                let got = f64::from(signed(angle)) * STEP;
                assert!(
                    (got - truth).abs() <= STEP,
                    "{here} ({got:.2}°), the surface {truth:.2}°"
                );
                checked.straight += 1;
                if let Some((lx, lp, la)) = last
                    && lp == piece
                    && (actor.x - lx).abs() == 1
                {
                    assert!(
                        (signed(angle) - signed(la)).abs() <= 1,
                        "{here}: was {la} a pixel before"
                    );
                    checked.seams += 1;
                }
                last = Some((actor.x, piece, angle));
            }
            _ => {
                last = None;
                // Over two joined pieces (no ledge between): between their angles.
                let first = terrain
                    .spans
                    .iter()
                    .position(|&(s0, s1, _)| s0 <= a && a <= s1);
                let second = terrain
                    .spans
                    .iter()
                    .position(|&(s0, s1, _)| s0 <= b && b <= s1);
                if let (Some(p), Some(q)) = (first, second)
                    && q == p + 1
                    && !terrain.breaks.contains(&terrain.spans[q].0)
                {
                    let (s, t) = (terrain.spans[p].2, terrain.spans[q].2);
                    let got = f64::from(signed(angle)) * STEP;
                    assert!(
                        got >= s.min(t) - STEP && got <= s.max(t) + STEP,
                        "{here} ({got:.2}°) between {s:.2}° and {t:.2}°"
                    );
                    checked.joins += 1;
                }
            }
        }
    }
    assert!(actor.x >= end, "{what}: walked to x {} of {end}", actor.x);
    checked
}

/// The actors walked: box and centre feet, narrower and wider than the window.
fn walkers() -> Vec<(Actor, String)> {
    let mut out = Vec::new();
    for (w, h) in [(8, 12), (10, 20), (16, 16), (24, 20), (64, 24)] {
        for feet in [Feet::Box, Feet::Centre] {
            let settings = ActorSettings {
                feet,
                ..ActorSettings::default()
            };
            let a = Actor::new(4, 200, w, h).with_settings(settings);
            out.push((a, format!("{w}x{h} {feet:?}")));
        }
    }
    out
}

/// One riser per tile or fewer: 1.8°, 2.4°, 3.6°, 4.8° and 7.1°, up and down.
#[test]
fn gentle_slopes_of_one_riser_per_tile_read_their_angle() {
    for (rise, run) in [(1, 32), (1, 24), (1, 16), (1, 12), (1, 8)] {
        for (what, c) in walk_both_ways((rise, run), 400, 96) {
            assert!(c.straight > 60 && c.seams > 60, "{what}: {c:?}");
        }
    }
}

/// Every walker over a ramp of `len` columns rising `rise` every `run`, between `flats`
/// columns of level ground, then over the same ramp falling.
fn walk_both_ways((rise, run): (i32, i32), len: i32, flats: i32) -> Vec<(String, Checked)> {
    let mut out = Vec::new();
    for dir in [1, -1] {
        let base = if dir > 0 {
            16
        } else {
            16 + len * rise / run + 2
        };
        let t = Terrain::new(
            base,
            &[flat(flats), slope(len, dir * rise, run), flat(flats)],
        );
        for (a, who) in walkers() {
            let what = format!("{rise}/{run} x{dir}, {who}");
            let c = walk(&t, a, &what);
            out.push((what, c));
        }
    }
    out
}

/// Ramps of several tile kinds each (10.6°, 14°, 15°, 18.4°, 22.6°, 26.6°, 45°): one angle
/// across their seams.
#[test]
fn ramps_of_several_tile_kinds_read_one_angle() {
    for (rise, run) in [(3, 16), (1, 4), (4, 15), (1, 3), (5, 12), (1, 2), (1, 1)] {
        for (what, c) in walk_both_ways((rise, run), 192, 80) {
            assert!(c.straight > 20 && c.joins > 10, "{what}: {c:?}");
        }
    }
}

/// Hills: up 26.6°, a crest, down 45°, a valley, up 14°, down 18.4°; the angle between
/// the slopes' angles where its window spans two of them.
#[test]
fn hills_read_between_their_slopes_at_crests_and_valleys() {
    let t = Terrain::new(
        48,
        &[
            flat(64),
            slope(128, 1, 2),
            slope(48, -1, 1),
            slope(160, 1, 4),
            flat(16),
            slope(144, -1, 3),
            flat(80),
        ],
    );
    for (a, who) in walkers() {
        let c = walk(&t, a, &who);
        assert!(c.straight > 40 && c.joins > 100, "{who}: {c:?}");
    }
}

/// A ramp ending in a ledge: the trace stops at the ledge, so the angle on the ramp up to
/// its edge is the ramp's.
#[test]
fn a_slope_ending_in_a_ledge_keeps_its_angle_to_the_edge() {
    for (rise, run) in [(1, 1), (1, 2)] {
        let t = Terrain::new(16, &[flat(64), slope(96, rise, run), ledge(40, 96)]);
        for (a, who) in walkers() {
            let what = format!("{rise}/{run}, {who}");
            let c = walk(&t, a, &what);
            assert!(c.straight > 10, "{what}: {c:?}");
        }
    }
}

/// The trace follows every rise the actor can climb: a 45° slope for an actor that climbs
/// 1 px (wall height 2), and 3-px steps every 3 columns for one that climbs 3 (wall height
/// 4). Standing on level ground 4 px before such a ramp, the actor sees it rise (a trace
/// stopped at its first step would see level ground only); one that climbs less sees a
/// wall and reads level.
#[test]
fn the_trace_follows_rises_as_high_as_the_climb() {
    // (rise per step, walls that climb it or not; wall heights below 2 climb 1 px)
    for (step, walls) in [(1, [(2, true), (1, true)]), (3, [(4, true), (3, false)])] {
        // level ground at 16, then a step of `step` px every `step` columns, then level
        let mut heights = vec![16; 96];
        heights.extend((0..240).map(|k| 16 + step * (k / step + 1)));
        let top = *heights.last().expect("columns");
        heights.extend([top; 96]);
        let t = Terrain {
            n: N,
            heights,
            spans: Vec::new(),
            breaks: Vec::new(),
        };
        let (tables, level) = build(&t);
        let world = World::new(tables, &level);
        for feet in [Feet::Box, Feet::Centre] {
            for (wall, sees) in walls {
                let settings = ActorSettings {
                    feet,
                    wall_height: wall,
                    ..ActorSettings::default()
                };
                let mut a = Actor::new(0, 0, 1, 12).with_settings(settings);
                assert!(world.place_on_ground(&mut a, 92, 400), "{step}-px steps");
                assert_eq!(a.y, 16, "{step}-px steps: on the level ground");
                let angle = world.ground_angle(&a);
                assert_eq!(angle != 0, sees, "{step}-px steps, wall {wall}: {angle}");
            }
        }
    }
}

/// Short slopes between level ground: where the ground within half a tile of the foot is
/// one piece, a slope of 14° or more reads its angle (within one byte angle), and level
/// ground reads level, or one byte angle off, though the wide window sees the slope beside
/// it.
#[test]
fn short_slopes_read_their_angle_and_level_ground_beside_them_reads_level() {
    let t = Terrain::new(
        32,
        &[
            flat(80),
            slope(32, 1, 1),
            flat(48),
            slope(48, -1, 2),
            flat(40),
            slope(64, 1, 4),
            flat(96),
        ],
    );
    let (tables, level) = build(&t);
    let world = World::new(tables, &level);
    for (mut actor, who) in walkers() {
        let start = actor.centre_x();
        assert!(world.place_on_ground(&mut actor, start, t.height_at(start) + 40));
        let (mut level_checked, mut sloped_checked) = (0, 0);
        let end = t.width() - i32::from(actor.width()) - 4;
        while actor.x < end {
            actor.vx = SUBPIXEL;
            actor.vy -= SUBPIXEL / 4;
            world.step(&mut actor);
            if !actor.contacts.on_ground() {
                continue;
            }
            let (x0, x1, c) = (
                actor.x,
                actor.x + i32::from(actor.width()) - 1,
                actor.centre_x(),
            );
            let (a, b) = match actor.settings.feet {
                Feet::Centre => (c - 8, c + 8),
                _ => (x0 - 8, x1 + 8),
            };
            let Some(piece) = t.piece_of(a, b) else {
                continue;
            };
            let angle = world.ground_angle(&actor);
            let truth = t.spans[piece].2;
            let here = format!(
                "{who} at x {}: angle {angle}, the ground {truth:.2}°",
                actor.x
            );
            if truth == 0.0 {
                assert!(signed(angle).abs() <= 1, "{here}");
                level_checked += 1;
            } else if truth.abs() >= 14.0 {
                let got = f64::from(signed(angle)) * STEP;
                assert!((got - truth).abs() <= STEP, "{here}");
                sloped_checked += 1;
            }
        }
        assert!(level_checked > 10, "{who}: {level_checked}");
        if actor.settings.feet == Feet::Centre || actor.width() <= 16 {
            assert!(sloped_checked > 20, "{who}: {sloped_checked}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// The pixel oracle: the rule of `World::ground_angle`, written again over pixels read from
// slopegen's own bitmaps (not the runtime's tables), on random maps of the default tiles.

/// The default tiles, packed, with their bitmaps by shape id.
fn default_tiles() -> (Tables<'static>, Vec<Bitmap>) {
    // The default tiles, packaged with the crate (`tiles/` at the repository's root).
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tiles");
    let set = TileSet::read(Path::new(root)).expect("the default tiles");
    let blob: &'static [u8] = Box::leak(slopegen::pack(&set).into_boxed_slice());
    let tables = Tables::from_bytes(blob).expect("loads");
    let bitmaps = set.tiles.iter().map(|t| t.bitmap.clone()).collect();
    (tables, bitmaps)
}

struct Grid {
    w: i32,
    h: i32,
    cells: Vec<Cell>,
}

impl TileMap for Grid {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        if tx < 0 || ty < 0 || tx >= self.w || ty >= self.h {
            return if ty < 0 { Cell::FULL } else { Cell::EMPTY };
        }
        self.cells[(ty * self.w + tx) as usize]
    }
}

/// Whether world pixel (x, y) is solid in `grid` (one-way cells too), from the bitmaps.
fn solid(grid: &Grid, bitmaps: &[Bitmap], x: i32, y: i32) -> bool {
    let (tx, ty) = (x.div_euclid(N), y.div_euclid(N));
    let (px, py) = (x.rem_euclid(N) as u8, y.rem_euclid(N) as u8);
    match grid.cell(tx, ty).solid {
        slope_runtime::Solid::Empty => false,
        slope_runtime::Solid::Full => true,
        slope_runtime::Solid::Shape(id, v) => {
            bitmaps[usize::from(id.index())].variant(v).get(px, py)
        }
    }
}

/// Whether world pixel (x, y) is ground.
type Pixels<'a> = &'a dyn Fn(i32, i32) -> bool;

fn surface_near(solid: Pixels<'_>, x: i32, h: i32, reach: i32) -> Option<i32> {
    if solid(x, h - 1) {
        (h..=h + reach).find(|&y| !solid(x, y))
    } else {
        (1..=reach)
            .map(|k| h - 1 - k)
            .find(|&y| solid(x, y))
            .map(|y| y + 1)
    }
}

/// The nearest byte angle of slope `s`, and how far `s` lies from a rounding boundary.
fn nearest(s: f64) -> (u8, f64) {
    let steps = s.atan().to_degrees() / STEP;
    let a = steps.round().clamp(-63.0, 63.0) as i32;
    ((a as i8) as u8, (steps.abs().fract() - 0.5).abs())
}

fn fit(points: &[(i64, i64)]) -> Option<f64> {
    let n = points.len() as i64;
    let (sx, sh): (i64, i64) = (
        points.iter().map(|p| p.0).sum(),
        points.iter().map(|p| p.1).sum(),
    );
    let sxx: i64 = points.iter().map(|p| p.0 * p.0).sum();
    let sxh: i64 = points.iter().map(|p| p.0 * p.1).sum();
    let run = n * sxx - sx * sx;
    (run > 0).then(|| (n * sxh - sx * sh) as f64 / run as f64)
}

/// The rule, from pixels, and whether the wide window decided: `None` where the answer
/// sits within 1/500 of a step of a rounding boundary, so either neighbour is right.
fn oracle(grid: &Grid, bm: &[Bitmap], a: &Actor) -> Option<(u8, bool)> {
    rule(N, &|x, y| solid(grid, bm, x, y), a)
}

/// The rule for `n`-px tiles over the pixels `solid`.
fn rule(n: i32, solid: Pixels<'_>, a: &Actor) -> Option<(u8, bool)> {
    if !a.contacts.on_ground() || a.contacts.ground_cell().is_none() {
        return Some((0, true));
    }
    let centre = a.centre_x();
    let foot = if a.settings.feet == Feet::Centre {
        centre
    } else {
        let (x0, x1) = (a.x, a.x + i32::from(a.width()) - 1);
        (0..=i32::from(a.width()))
            .flat_map(|d| [centre - d, centre + d])
            .find(|&x| (x0..=x1).contains(&x) && solid(x, a.y - 1))
            .unwrap_or(centre)
    };
    let Some(h0) = surface_near(solid, foot, a.y, n + i32::from(a.width())) else {
        return Some((0, true));
    };
    let climb = (i32::from(a.settings.wall_height.min(64)) - 1).clamp(1, 63);
    let near_half = (n / 2).clamp(8, 32);
    let half = ((3 * n + 1) / 2)
        .max(24)
        .max((i32::from(a.width()) + 1) / 2)
        .min(32);
    let mut near = vec![(0i64, 0i64)];
    let mut wide = vec![(0i64, 0i64)];
    for side in [-1, 1] {
        let mut h = h0;
        for k in 1..=half {
            let Some(next) = surface_near(solid, foot + side * k, h, climb) else {
                break;
            };
            h = next;
            let p = (i64::from(side * k), i64::from(h - h0));
            wide.push(p);
            if k <= near_half {
                near.push(p);
            }
        }
    }
    let read = |pts: &[(i64, i64)]| fit(pts).map_or((0, 1.0), nearest);
    let wide_is_straight = straight(&wide);
    let pts = if wide_is_straight { &wide } else { &near };
    let (angle, boundary) = read(pts);
    // The runtime rounds in Q16: within 1/500 of a step of a boundary, either way is right.
    (boundary >= 0.002).then_some((angle, wide_is_straight))
}

/// Whether the points' mean square distance from their least-squares line is at most ⅛.
fn straight(points: &[(i64, i64)]) -> bool {
    let n = points.len() as f64;
    let Some(slope) = fit(points) else {
        return true;
    };
    let mx = points.iter().map(|p| p.0 as f64).sum::<f64>() / n;
    let mh = points.iter().map(|p| p.1 as f64).sum::<f64>() / n;
    let rss: f64 = points
        .iter()
        .map(|p| (p.1 as f64 - mh - slope * (p.0 as f64 - mx)).powi(2))
        .sum();
    rss / n <= 0.125
}

/// Builds the map of `cells` (kind, variant, one-way) and checks each spawn's ground angle
/// against the oracle. Returns how many were checked, how many of those read a slope, and
/// how many read the near window (the wide one was not straight).
fn check_spawns(
    (tables, bitmaps): &(Tables<'static>, Vec<Bitmap>),
    cells: &[(u8, usize, bool)],
    spawns: &[(i32, u16, u16, bool, u8)],
) -> Result<(usize, usize, usize), TestCaseError> {
    let shapes = tables.shape_count();
    let grid = Grid {
        w: 12,
        h: 6,
        cells: cells
            .iter()
            .map(|&(kind, v, one_way)| {
                let cell = match kind {
                    0..=5 => Cell::EMPTY,
                    6..=7 => Cell::FULL,
                    k => Cell::shape(ShapeId::new(u16::from(k) % shapes), Variant::ALL[v]),
                };
                if one_way && kind > 12 {
                    cell.one_way()
                } else {
                    cell
                }
            })
            .collect(),
    };
    let world = World::new(*tables, &grid);
    let (mut checked, mut sloped, mut near) = (0, 0, 0);
    for &(x, w, h, centre, wall) in spawns {
        let settings = ActorSettings {
            feet: if centre { Feet::Centre } else { Feet::Box },
            wall_height: wall,
            ..ActorSettings::default()
        };
        let mut a = Actor::new(0, 0, w, h).with_settings(settings);
        if !world.place_on_ground(&mut a, x, 6 * N + 8) {
            continue;
        }
        if let Some((want, wide)) = oracle(&grid, bitmaps, &a) {
            prop_assert_eq!(world.ground_angle(&a), want, "{:?}", a);
            checked += 1;
            sloped += usize::from(want != 0);
            near += usize::from(!wide);
        }
    }
    Ok((checked, sloped, near))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The runtime's ground angle is the rule's, pixel for pixel, for actors spawned on
    /// random maps of the default tiles in every variant (one-way cells among them).
    #[test]
    fn the_ground_angle_follows_the_rule(
        cells in prop::collection::vec((0u8..20, 0usize..8, any::<bool>()), 12 * 6),
        spawns in prop::collection::vec((0i32..192, 1u16..=64, 1u16..=40, any::<bool>(), 0u8..8), 8),
    ) {
        check_spawns(&default_tiles(), &cells, &spawns)?;
    }
}

/// The oracle's comparisons are not idle: over 200 maps drawn by a fixed generator, many
/// spawns read a slope, and both windows decide some of them.
#[test]
fn the_rule_is_exercised() {
    let tiles = default_tiles();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    let (mut checked, mut sloped, mut near) = (0, 0, 0);
    for _ in 0..200 {
        let cells: Vec<(u8, usize, bool)> = (0..12 * 6)
            .map(|_| (next(20) as u8, next(8) as usize, next(2) == 1))
            .collect();
        let spawns: Vec<(i32, u16, u16, bool, u8)> = (0..8)
            .map(|_| {
                let w = 1 + next(64) as u16;
                (
                    next(192) as i32,
                    w,
                    1 + next(40) as u16,
                    next(2) == 1,
                    next(8) as u8,
                )
            })
            .collect();
        let (c, s, n) = check_spawns(&tiles, &cells, &spawns).expect("the rule holds");
        (checked, sloped, near) = (checked + c, sloped + s, near + n);
    }
    assert!(
        checked > 1000 && sloped > 300 && near > 200,
        "{checked} {sloped} {near}"
    );
}

/// The rule holds on other tile sizes: random terrains of 8-, 12-, 32- and 64-px tiles
/// (slopes of random rise and run, ledges and walls), random actors spawned on them.
#[test]
fn the_rule_holds_for_every_tile_size() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    for n in [8, 12, 32, 64] {
        let (mut checked, mut sloped) = (0, 0);
        for _ in 0..20 {
            let pieces: Vec<Piece> = (0..8)
                .map(|_| match next(6) {
                    0 => ledge(next(40) as i32 - 20, 8 + next(24) as i32),
                    1 => flat(8 + next(40) as i32),
                    _ => slope(
                        16 + next(80) as i32,
                        (next(7) as i32 - 3).signum() * (1 + next(2) as i32),
                        1 + next(24) as i32,
                    ),
                })
                .collect();
            let t = Terrain::of_tiles(n, 200, &pieces);
            let (tables, level) = build(&t);
            let world = World::new(tables, &level);
            let solid =
                |x: i32, y: i32| y < 0 || (0..t.width()).contains(&x) && y < t.heights[x as usize];
            for _ in 0..40 {
                let settings = ActorSettings {
                    feet: if next(2) == 0 {
                        Feet::Box
                    } else {
                        Feet::Centre
                    },
                    wall_height: next(8) as u8,
                    ..ActorSettings::default()
                };
                let w = 1 + next(64) as u16;
                let mut a = Actor::new(0, 0, w, 1 + next(40) as u16).with_settings(settings);
                let x = next(t.width() as u64) as i32;
                if !world.place_on_ground(&mut a, x, 1000) {
                    continue;
                }
                if let Some((want, _)) = rule(n, &solid, &a) {
                    assert_eq!(world.ground_angle(&a), want, "{n}-px tiles: {a:?}");
                    checked += 1;
                    sloped += usize::from(want != 0);
                }
            }
        }
        assert!(
            checked > 300 && sloped > 100,
            "{n}-px tiles: {checked} {sloped}"
        );
    }
}

/// The oracle is not idle: over fixed maps it meets sloped answers and reads them as the
/// runtime does.
#[test]
fn the_oracle_sees_slopes() {
    let (tables, bitmaps) = default_tiles();
    let slope45 = tables.find("slope45").expect("a default tile");
    let mut cells = vec![Cell::EMPTY; 12 * 6];
    cells[..12].fill(Cell::FULL);
    for (i, tx) in (3..7).enumerate() {
        cells[(1 + i) * 12 + tx] = Cell::shape(slope45, Variant::Identity);
        for ty in 1..=i {
            cells[ty * 12 + tx] = Cell::FULL;
        }
    }
    let grid = Grid { w: 12, h: 6, cells };
    let world = World::new(tables, &grid);
    let mut a = Actor::new(0, 0, 8, 12);
    assert!(world.place_on_ground(&mut a, 80, 120));
    assert_eq!(oracle(&grid, &bitmaps, &a), Some((32, true)));
    assert_eq!(world.ground_angle(&a), 32);
}
