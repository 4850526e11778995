//! Safety of the pixel-sweep mover, checked against a brute-force pixel oracle.
//!
//! The oracle knows nothing of the runtime's masks, offsets or sweeps: a world pixel
//! `(px, py)` lies in cell `(px.div_euclid(16), py.div_euclid(16))`, and it is solid when
//! that cell is [`Solid::Full`], or a shape whose pixel `Shape::is_solid(variant, x, y)`
//! is set. One-way cells are air to the oracle (actors may stand on them, drop through
//! them and pass them from below), as `World::hits`/`room`/`escape` document.
//!
//! Properties:
//! 1. random maps, actors, settings and velocities: after every `step`/`move_by`, an
//!    actor that started free covers no solid pixel (`Feet::Centre`: no pixel of a full
//!    cell, and no slope pixel in its foot column); and every single-pixel move reaches
//!    its end along an L-shaped free path (climbing, sliding and sticking never cut a
//!    corner);
//! 2. nothing passes through a 1-px feature at any speed (exhaustively for every line of
//!    every shape and variant, and by property for wider boxes and stacked walls);
//! 3. huge velocities and sizes, positions near ±`MAX_POSITION`, `move_by` with
//!    `i32::MIN`/`MAX`: no panic (overflow checks are on in the test profile), positions
//!    stay within ±`MAX_POSITION`;
//! 4. `World::hits`, `room` and `escape` agree with brute force.
//!
//! Hand-made mutants of the mover tried while writing these tests (a climb, a slide
//! under or past a ceiling without its room check, a vertical step without its check,
//! an off-by-one `escape` limit, `room` ignoring a collision, a stick one pixel too far,
//! no position clamp, a larger `move_by` clamp) each fail at least one of them.
#![cfg(all(feature = "centre_feet", feature = "equal_slope_speed"))]

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::Config;
use slope_runtime::{
    Actor, ActorSettings, Cell, Direction, Feet, GridMap, MAX_MOVE, MAX_POSITION, MAX_SIZE,
    MAX_SPEED, Rect, ShapeId, Solid, Tables, TileMap, Variant, World,
};

#[allow(dead_code)] // each test file uses its own part of the helpers
mod support;

static BLOB: &[u8] = include_bytes!("data/tiles.bin");

/// The tile size of the default tiles.
const N: i32 = 16;
/// The random maps: `MAP_W`×`MAP_H` cells, walled in by full cells.
const MAP_W: usize = 8;
const MAP_H: usize = 6;
const REGION_W: i32 = MAP_W as i32 * N;
const REGION_H: i32 = MAP_H as i32 * N;

type Map = GridMap<MAP_W, MAP_H>;

fn tables() -> Tables<'static> {
    Tables::from_bytes(BLOB).expect("the golden blob loads")
}

fn shape_count() -> u16 {
    tables().shape_count()
}

// ---------------------------------------------------------------------------------------
// The oracle
// ---------------------------------------------------------------------------------------

/// What a pixel is made of, for the oracle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stuff {
    Air,
    /// A pixel of a [`Solid::Full`] cell.
    Full,
    /// A solid pixel of a shape cell.
    Slope,
}

/// Every shape's bitmap in every variant, read pixel by pixel with `Shape::is_solid`:
/// `rows[shape][variant][y]` has bit x set when pixel (x, y) is solid.
struct Bitmaps {
    rows: Vec<[[u16; 16]; 8]>,
}

impl Bitmaps {
    fn new() -> Bitmaps {
        let t = tables();
        assert_eq!(i32::from(t.tile_size()), N);
        let rows = (0..t.shape_count())
            .map(|i| {
                let shape = t.shape(ShapeId::new(i)).expect("a shape of the blob");
                let mut out = [[0u16; 16]; 8];
                for v in Variant::ALL {
                    for y in 0..16u8 {
                        for x in 0..16u8 {
                            if shape.is_solid(v, x, y) {
                                out[usize::from(v.index())][usize::from(y)] |= 1 << x;
                            }
                        }
                    }
                }
                out
            })
            .collect();
        Bitmaps { rows }
    }

    fn shape_pixel(&self, id: ShapeId, v: Variant, x: i32, y: i32) -> bool {
        self.rows[usize::from(id.index())][usize::from(v.index())][y as usize] >> x & 1 != 0
    }
}

/// The brute-force view of one map.
struct Oracle<'a, M> {
    bits: &'a Bitmaps,
    map: &'a M,
}

impl<M: TileMap> Oracle<'_, M> {
    fn stuff(&self, px: i32, py: i32) -> Stuff {
        let cell = self.map.cell(px.div_euclid(N), py.div_euclid(N));
        if cell.one_way {
            return Stuff::Air;
        }
        self.stuff_of(cell, px, py)
    }

    /// What pixel (px, py) of `cell` is, its one-way flag aside.
    fn stuff_of(&self, cell: Cell, px: i32, py: i32) -> Stuff {
        match cell.solid {
            Solid::Empty => Stuff::Air,
            Solid::Full => Stuff::Full,
            Solid::Shape(id, v) => {
                if self
                    .bits
                    .shape_pixel(id, v, px.rem_euclid(N), py.rem_euclid(N))
                {
                    Stuff::Slope
                } else {
                    Stuff::Air
                }
            }
        }
    }

    fn solid(&self, px: i32, py: i32) -> bool {
        self.stuff(px, py) != Stuff::Air
    }

    /// The first solid pixel the box covers, bottom row first.
    fn box_hit(&self, r: Rect) -> Option<(i32, i32)> {
        (r.y0..=r.y1)
            .flat_map(|y| (r.x0..=r.x1).map(move |x| (x, y)))
            .find(|&(x, y)| self.solid(x, y))
    }

    fn box_hits(&self, r: Rect) -> bool {
        self.box_hit(r).is_some()
    }

    /// Where an actor overlaps what it must not, by its feet: `None` when it is clear.
    fn actor_hit(&self, a: &Actor) -> Option<(i32, i32, Stuff)> {
        let r = rect_of(a);
        match a.settings.feet {
            Feet::Centre => self.centre_hit(a).map(|(x, y)| (x, y, self.stuff(x, y))),
            _ => self.box_hit(r).map(|(x, y)| (x, y, self.stuff(x, y))),
        }
    }

    /// The first solid pixel a centre-footed actor must not cover, by the rule of
    /// `Feet::Centre`'s docs (`support::centre_hit`).
    fn centre_hit(&self, a: &Actor) -> Option<(i32, i32)> {
        let ground = |x: i32, y: i32| {
            let cell = self.map.cell(x.div_euclid(N), y.div_euclid(N));
            self.stuff_of(cell, x, y) != Stuff::Air
        };
        support::centre_hit(
            |x, y| self.solid(x, y),
            ground,
            rect_of(a),
            a.settings.wall_height,
        )
    }
}

fn rect_of(a: &Actor) -> Rect {
    let (x0, y0, x1, y1) = a.bounds();
    Rect { x0, y0, x1, y1 }
}

fn shifted(r: Rect, dir: Direction, k: i32) -> Rect {
    let (dx, dy) = unit(dir);
    Rect {
        x0: r.x0 + dx * k,
        x1: r.x1 + dx * k,
        y0: r.y0 + dy * k,
        y1: r.y1 + dy * k,
    }
}

fn unit(dir: Direction) -> (i32, i32) {
    match dir {
        Direction::Up => (0, 1),
        Direction::Down => (0, -1),
        Direction::Left => (-1, 0),
        Direction::Right => (1, 0),
    }
}

/// Brute-force `room`: how far `r` moves towards `dir` before it covers a solid pixel,
/// at most `limit`; 0 when it covers one now.
fn brute_room<M: TileMap>(o: &Oracle<'_, M>, r: Rect, dir: Direction, limit: i32) -> i32 {
    if o.box_hits(r) {
        return 0;
    }
    // From a free box, the box k px on first collides where its leading line does.
    for k in 1..=limit {
        let moved = shifted(r, dir, k);
        let lead = match dir {
            Direction::Up => Rect {
                y0: moved.y1,
                ..moved
            },
            Direction::Down => Rect {
                y1: moved.y0,
                ..moved
            },
            Direction::Left => Rect {
                x1: moved.x0,
                ..moved
            },
            Direction::Right => Rect {
                x0: moved.x1,
                ..moved
            },
        };
        if o.box_hits(lead) {
            return k - 1;
        }
    }
    limit.max(0)
}

/// Brute-force `escape`: the least k in `0..=limit` at which `r` moved k towards `dir`
/// covers no solid pixel.
fn brute_escape<M: TileMap>(o: &Oracle<'_, M>, r: Rect, dir: Direction, limit: i32) -> Option<i32> {
    (0..=limit).find(|&k| !o.box_hits(shifted(r, dir, k)))
}

// ---------------------------------------------------------------------------------------
// Free start positions, found with prefix sums over the map region
// ---------------------------------------------------------------------------------------

/// Prefix sums of solid pixels over the walled-in map region `0..REGION_W × 0..REGION_H`
/// (everything outside is a full cell): `all` counts every solid pixel.
struct Region {
    all: Vec<i32>,
}

impl Region {
    const STRIDE: usize = REGION_W as usize + 1;

    fn new<M: TileMap>(o: &Oracle<'_, M>) -> Region {
        let size = Self::STRIDE * (REGION_H as usize + 1);
        let mut r = Region { all: vec![0; size] };
        for y in 0..REGION_H {
            for x in 0..REGION_W {
                let s = o.stuff(x, y);
                let at = Self::at(x + 1, y + 1);
                let (up, left, diag) = (Self::at(x + 1, y), Self::at(x, y + 1), Self::at(x, y));
                r.all[at] = r.all[up] + r.all[left] - r.all[diag] + i32::from(s != Stuff::Air);
            }
        }
        r
    }

    fn at(x: i32, y: i32) -> usize {
        y as usize * Self::STRIDE + x as usize
    }

    /// Solid pixels of `table` in the box with corners (x0, y0)..=(x1, y1), all inside.
    fn count(table: &[i32], x0: i32, y0: i32, x1: i32, y1: i32) -> i32 {
        table[Self::at(x1 + 1, y1 + 1)] - table[Self::at(x0, y1 + 1)] - table[Self::at(x1 + 1, y0)]
            + table[Self::at(x0, y0)]
    }

    /// Every bottom-left position where a `w`×`h` box covers no solid pixel (free for
    /// either feet: centre feet start there too, and stand on slopes once they move).
    fn free_positions(&self, w: i32, h: i32) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for y0 in 0..=REGION_H - h {
            for x0 in 0..=REGION_W - w {
                let (x1, y1) = (x0 + w - 1, y0 + h - 1);
                let free = Self::count(&self.all, x0, y0, x1, y1) == 0;
                if free {
                    out.push((x0, y0));
                }
            }
        }
        out
    }
}

// ---------------------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------------------

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

fn variant() -> impl Strategy<Value = Variant> {
    (0u8..8).prop_map(|i| Variant::from_index(i).expect("0..8 is a variant"))
}

fn shape_id() -> impl Strategy<Value = ShapeId> {
    (0..shape_count()).prop_map(ShapeId::new)
}

fn direction() -> impl Strategy<Value = Direction> {
    prop::sample::select(Direction::ALL.to_vec())
}

fn cell() -> impl Strategy<Value = Cell> {
    let solid = prop_oneof![
        4 => Just(Solid::Empty),
        2 => Just(Solid::Full),
        5 => (shape_id(), variant()).prop_map(|(id, v)| Solid::Shape(id, v)),
    ];
    (solid, prop::bool::weighted(0.15)).prop_map(|(solid, one_way)| Cell { solid, one_way })
}

fn map_with(outside: Cell) -> impl Strategy<Value = Map> {
    prop::collection::vec(cell(), MAP_W * MAP_H).prop_map(move |cells| {
        let mut map = Map::new(outside);
        for (i, c) in cells.into_iter().enumerate() {
            map.set((i % MAP_W) as i32, (i / MAP_W) as i32, c);
        }
        map
    })
}

fn settings() -> impl Strategy<Value = ActorSettings> {
    (
        prop_oneof![Just(Feet::Box), Just(Feet::Centre)],
        0u8..=8,
        0u8..=8,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(
                feet,
                wall_height,
                corner_correction,
                ceiling_slide,
                ignores_one_way,
                sticks,
                equal,
            )| {
                ActorSettings {
                    wall_height,
                    sticks_to_slopes: sticks,
                    ignores_one_way,
                    ceiling_slide,
                    corner_correction,
                    equal_slope_speed: equal,
                    feet,
                    keeps_platform_momentum: true,
                }
            },
        )
}

/// A velocity component: mostly game-like, often extreme.
fn speed() -> impl Strategy<Value = i32> {
    prop_oneof![
        4 => -1024..=1024i32,
        3 => -MAX_SPEED..=MAX_SPEED,
        1 => Just(MAX_SPEED),
        1 => Just(-MAX_SPEED),
        1 => Just(i32::MAX),
        1 => Just(i32::MIN),
        1 => any::<i32>(),
        1 => (MAX_SPEED..=4 * MAX_SPEED).prop_flat_map(|v| prop_oneof![Just(v), Just(-v)]),
    ]
}

/// A displacement for `move_by`, in whole pixels.
fn displacement() -> impl Strategy<Value = i32> {
    prop_oneof![
        3 => -200..=200i32,
        1 => -MAX_MOVE..=MAX_MOVE,
        1 => Just(i32::MAX),
        1 => Just(i32::MIN),
        1 => any::<i32>(),
    ]
}

/// What the game does to an actor before a frame.
#[derive(Clone, Debug)]
enum Cmd {
    /// Nothing: step with the velocity it has.
    Keep,
    /// vy -= 64 (a quarter pixel per frame², a typical gravity).
    Gravity,
    /// New velocity, then step.
    Set(i32, i32),
    /// New horizontal velocity and gravity, then step.
    Walk(i32),
    /// `drop_through`, gravity, then step.
    Drop,
    /// `move_by(dx, dy)` instead of a step.
    MoveBy(i32, i32),
}

fn cmd() -> impl Strategy<Value = Cmd> {
    prop_oneof![
        2 => Just(Cmd::Keep),
        3 => Just(Cmd::Gravity),
        3 => (speed(), speed()).prop_map(|(x, y)| Cmd::Set(x, y)),
        2 => speed().prop_map(Cmd::Walk),
        1 => Just(Cmd::Drop),
        1 => (displacement(), displacement()).prop_map(|(x, y)| Cmd::MoveBy(x, y)),
    ]
}

fn apply<M: TileMap>(world: &World<'_, M>, a: &mut Actor, cmd: &Cmd) {
    match *cmd {
        Cmd::Keep => {}
        Cmd::Gravity => a.vy = a.vy.saturating_sub(64),
        Cmd::Set(vx, vy) => (a.vx, a.vy) = (vx, vy),
        Cmd::Walk(vx) => {
            a.vx = vx;
            a.vy = a.vy.saturating_sub(64);
        }
        Cmd::Drop => {
            a.drop_through();
            a.vy = a.vy.saturating_sub(64);
        }
        Cmd::MoveBy(dx, dy) => {
            world.move_by(a, dx, dy);
            return;
        }
    }
    world.step(a);
}

/// A random map, and an actor placed at a free position of it (by the oracle).
#[derive(Debug, Clone)]
struct Scene {
    map: Map,
    w: u16,
    h: u16,
    settings: ActorSettings,
    spot: Index,
    cmds: Vec<Cmd>,
}

fn scene(feet: Feet, max_side: u16, frames: usize) -> impl Strategy<Value = Scene> {
    (
        map_with(Cell::FULL),
        1..=max_side,
        1..=max_side,
        settings(),
        any::<Index>(),
        prop::collection::vec(cmd(), 1..=frames),
    )
        .prop_map(move |(map, w, h, settings, spot, cmds)| Scene {
            map,
            w,
            h,
            settings: ActorSettings { feet, ..settings },
            spot,
            cmds,
        })
}

/// Runs a scene, checking the actor against the oracle after every frame. Returns the
/// number of frames run (0 when the actor has no free place in the map) and of frames
/// that ended touching something (ground, wall or ceiling).
fn run_scene(bits: &Bitmaps, s: &Scene) -> Result<(usize, usize), TestCaseError> {
    let oracle = Oracle { bits, map: &s.map };
    let free = Region::new(&oracle).free_positions(i32::from(s.w), i32::from(s.h));
    if free.is_empty() {
        return Ok((0, 0));
    }
    let (x, y) = free[s.spot.index(free.len())];
    let world = World::new(tables(), &s.map);
    let mut a = Actor::new(x, y, s.w, s.h).with_settings(s.settings);
    prop_assert!(oracle.actor_hit(&a).is_none());
    let mut touching = 0;
    for (frame, cmd) in s.cmds.iter().enumerate() {
        let before = a;
        apply(&world, &mut a, cmd);
        let hit = oracle.actor_hit(&a);
        prop_assert!(
            hit.is_none(),
            "frame {frame}: after {cmd:?} the actor covers {hit:?}\n before: {before:?}\n after: {a:?}"
        );
        prop_assert!(
            !a.contacts.crushed(),
            "frame {frame}: crushed although it started free"
        );
        prop_assert!(a.x.abs() <= MAX_POSITION && a.y.abs() <= MAX_POSITION);
        let c = a.contacts;
        if c.on_ground() || c.pushing_left() || c.pushing_right() || c.on_ceiling() {
            touching += 1;
        }
    }
    Ok((s.cmds.len(), touching))
}

// ---------------------------------------------------------------------------------------
// Property 1: nothing ever ends inside a solid pixel
// ---------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(4000))]

    /// `Feet::Box`: after every frame the box covers no solid pixel of the oracle.
    #[test]
    fn box_feet_never_end_inside_solid_pixels(s in scene(Feet::Box, 40, 12)) {
        let bits = Bitmaps::new();
        run_scene(&bits, &s)?;
    }
}

proptest! {
    #![proptest_config(config(4000))]

    /// `Feet::Centre`: after every frame the box covers no solid pixel it must not (see
    /// `Oracle::centre_hit`, the rule of `Feet::Centre`'s docs pixel by pixel).
    #[test]
    fn centre_feet_never_end_inside_solid_pixels(s in scene(Feet::Centre, 40, 12)) {
        let bits = Bitmaps::new();
        run_scene(&bits, &s)?;
    }
}

proptest! {
    #![proptest_config(config(2000))]

    /// Small actors (1..=6 px) meet the shapes' single-pixel steps and tips most often.
    #[test]
    fn small_box_actors_never_end_inside_solid_pixels(s in scene(Feet::Box, 6, 16)) {
        let bits = Bitmaps::new();
        run_scene(&bits, &s)?;
    }

    /// The same for `Feet::Centre`.
    #[test]
    fn small_centre_actors_never_end_inside_solid_pixels(s in scene(Feet::Centre, 6, 16)) {
        let bits = Bitmaps::new();
        run_scene(&bits, &s)?;
    }
}

/// Whether an actor of `a`'s size and feet can go from `a` to `b` along an L-shaped
/// path of free positions (by the oracle): all of x first, then all of y, or the other
/// way round. A single-pixel move that climbs a step, slides under or past a sloped
/// ceiling, or sticks to a slope going down is such an L; one that cuts a corner is not.
fn l_path_free<M: TileMap>(o: &Oracle<'_, M>, a: &Actor, b: &Actor) -> bool {
    let free = |x: i32, y: i32| {
        let probe = Actor::new(x, y, a.width(), a.height()).with_settings(a.settings);
        o.actor_hit(&probe).is_none()
    };
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let (sx, sy) = (dx.signum(), dy.signum());
    let x_then_y = (1..=dx.abs()).all(|i| free(a.x + sx * i, a.y))
        && (1..=dy.abs()).all(|j| free(b.x, a.y + sy * j));
    let y_then_x = (1..=dy.abs()).all(|j| free(a.x, a.y + sy * j))
        && (1..=dx.abs()).all(|i| free(a.x + sx * i, b.y));
    x_then_y || y_then_x
}

/// Random single-pixel `move_by` walks through a random map: after every move the actor
/// is free, and it got there along an L-shaped free path (no corner is ever cut: the
/// mover checks the room straight above or below its old place before climbing or
/// sliding, and the room beside it before sliding past a ceiling).
fn walk_pixel_by_pixel(
    bits: &Bitmaps,
    s: &Scene,
    moves: &[(Direction, usize)],
) -> Result<usize, TestCaseError> {
    let oracle = Oracle { bits, map: &s.map };
    let free = Region::new(&oracle).free_positions(i32::from(s.w), i32::from(s.h));
    if free.is_empty() {
        return Ok(0);
    }
    let (x, y) = free[s.spot.index(free.len())];
    let world = World::new(tables(), &s.map);
    let mut a = Actor::new(x, y, s.w, s.h).with_settings(s.settings);
    let mut bent = 0;
    for &(dir, count) in moves {
        for _ in 0..count {
            let before = a;
            let (dx, dy) = unit(dir);
            world.move_by(&mut a, dx, dy);
            let hit = oracle.actor_hit(&a);
            prop_assert!(
                hit.is_none(),
                "{dir:?}: covers {hit:?}\n before: {before:?}\n after: {a:?}"
            );
            prop_assert!(
                l_path_free(&oracle, &before, &a),
                "{dir:?} cut a corner\n before: {before:?}\n after: {a:?}"
            );
            if (a.x - before.x).abs() + (a.y - before.y).abs() > 1 {
                bent += 1;
            }
        }
    }
    Ok(bent)
}

fn pixel_moves() -> impl Strategy<Value = Vec<(Direction, usize)>> {
    prop::collection::vec((direction(), 1..=12usize), 1..=12)
}

proptest! {
    #![proptest_config(config(1500))]

    /// `Feet::Box`: single-pixel moves never cut a corner.
    #[test]
    fn box_pixel_moves_never_cut_corners(s in scene(Feet::Box, 24, 1), moves in pixel_moves()) {
        let bits = Bitmaps::new();
        walk_pixel_by_pixel(&bits, &s, &moves)?;
    }

    /// `Feet::Centre`: the same, under its rule (`Oracle::centre_hit`).
    #[test]
    fn centre_pixel_moves_never_cut_corners(s in scene(Feet::Centre, 24, 1), moves in pixel_moves()) {
        let bits = Bitmaps::new();
        walk_pixel_by_pixel(&bits, &s, &moves)?;
    }
}

/// The pixel walks do climb, stick and slide (moves of more than one pixel), so the
/// L-path property is not vacuous.
#[test]
fn pixel_walks_bend() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let bits = Bitmaps::new();
    let mut runner = TestRunner::deterministic();
    let strategy = (scene(Feet::Box, 24, 1), pixel_moves());
    let bent: usize = (0..200)
        .map(|_| {
            let (s, moves) = strategy.new_tree(&mut runner).expect("a walk").current();
            walk_pixel_by_pixel(&bits, &s, &moves).expect("a safe walk")
        })
        .sum();
    assert!(bent >= 100, "only {bent} bent moves in 200 walks");
}

/// The random scenes place most actors, and most frames end against something: the
/// property is not vacuous.
#[test]
fn scenes_mostly_find_a_free_place() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let bits = Bitmaps::new();
    let mut runner = TestRunner::deterministic();
    let strategy = scene(Feet::Box, 40, 12);
    let (mut placed, mut frames, mut touching) = (0, 0, 0);
    for _ in 0..200 {
        let s = strategy.new_tree(&mut runner).expect("a scene").current();
        let (f, t) = run_scene(&bits, &s).expect("a safe run");
        placed += usize::from(f > 0);
        frames += f;
        touching += t;
    }
    assert!(
        placed >= 150,
        "only {placed} of 200 scenes had room for the actor"
    );
    assert!(
        2 * touching >= frames,
        "only {touching} of {frames} frames touched anything"
    );
}

// ---------------------------------------------------------------------------------------
// Property 2: nothing passes through a 1-px feature
// ---------------------------------------------------------------------------------------

/// Settings under which a blocked move stays blocked: no climbing, no sliding, no corner
/// correction. The stop point is then exactly the pixel before the first solid one.
fn rigid(feet: Feet) -> ActorSettings {
    ActorSettings {
        wall_height: 0,
        sticks_to_slopes: false,
        ignores_one_way: false,
        ceiling_slide: false,
        corner_correction: 0,
        equal_slope_speed: false,
        feet,
        keeps_platform_momentum: false,
    }
}

/// A wall made of one cell repeated `len` times across the direction of motion, in an
/// otherwise empty world: horizontal motion meets cells (0, 0..len), vertical motion
/// cells (0..len, 0).
fn wall_map(cell: Cell, dir: Direction, len: i32) -> GridMap<4, 4> {
    let mut map = GridMap::new(Cell::EMPTY);
    for i in 0..len {
        if dir.is_horizontal() {
            map.set(0, i, cell);
        } else {
            map.set(i, 0, cell);
        }
    }
    map
}

/// A shot at a wall: the actor's extent across the motion (`across0..=across1`), its
/// length along it, how far before the wall it starts, and how it travels.
#[derive(Clone, Copy, Debug)]
struct Shot {
    dir: Direction,
    across0: i32,
    across1: i32,
    along: i32,
    gap: i32,
    speed: i32,
    by_move: bool,
}

/// Where the leading edge should stop: the last pixel before the first solid one that
/// the actor's extent meets along `dir`, in world coordinates along the motion axis.
/// `None` when the line is open.
fn first_solid<M: TileMap>(o: &Oracle<'_, M>, shot: &Shot, span: (i32, i32)) -> Option<i32> {
    let (lo, hi) = span;
    let positions: Box<dyn Iterator<Item = i32>> = if shot.dir.is_positive() {
        Box::new(lo..=hi)
    } else {
        Box::new((lo..=hi).rev())
    };
    for p in positions {
        let hit = (shot.across0..=shot.across1).any(|q| {
            if shot.dir.is_horizontal() {
                o.solid(p, q)
            } else {
                o.solid(q, p)
            }
        });
        if hit {
            return Some(p);
        }
    }
    None
}

/// Shoots an actor at the wall of `map` (which lies in pixels 0..4N on both axes) and
/// checks that it never gets past the first solid pixel on its line, and ends touching it.
fn shoot<M: TileMap>(
    bits: &Bitmaps,
    map: &M,
    shot: Shot,
    settings: ActorSettings,
) -> Result<(), String> {
    let o = Oracle { bits, map };
    let world = World::new(tables(), map);
    let Some(stop) = first_solid(&o, &shot, (0, 4 * N - 1)) else {
        return Ok(());
    };
    let (along0, sign) = if shot.dir.is_positive() {
        (-shot.gap - shot.along, 1)
    } else {
        (4 * N + shot.gap, -1)
    };
    let (x, y, w, h) = if shot.dir.is_horizontal() {
        (
            along0,
            shot.across0,
            shot.along,
            shot.across1 - shot.across0 + 1,
        )
    } else {
        (
            shot.across0,
            along0,
            shot.across1 - shot.across0 + 1,
            shot.along,
        )
    };
    let mut a = Actor::new(x, y, w as u16, h as u16).with_settings(settings);
    let lead = |a: &Actor| {
        let (x0, y0, x1, y1) = a.bounds();
        match shot.dir {
            Direction::Right => x1,
            Direction::Left => x0,
            Direction::Up => y1,
            Direction::Down => y0,
        }
    };
    let across = |a: &Actor| {
        let (x0, y0, _, _) = a.bounds();
        if shot.dir.is_horizontal() { y0 } else { x0 }
    };
    let distance = (stop - lead(&a)) * sign; // pixels to travel until touching
    let frames = if shot.by_move {
        distance / shot.speed.min(MAX_MOVE) + 2
    } else {
        let per_frame = i64::from(shot.speed.min(MAX_SPEED));
        (i64::from(distance) * 256 / per_frame) as i32 + 3
    };
    for frame in 0..frames {
        let (dx, dy) = unit(shot.dir);
        if shot.by_move {
            world.move_by(
                &mut a,
                dx.saturating_mul(shot.speed),
                dy.saturating_mul(shot.speed),
            );
        } else {
            (a.vx, a.vy) = (dx.saturating_mul(shot.speed), dy.saturating_mul(shot.speed));
            world.step(&mut a);
        }
        let past = (lead(&a) - stop) * sign >= 0;
        if past || across(&a) != shot.across0 {
            return Err(format!(
                "frame {frame}: {shot:?} got past the solid pixel at {stop}: {a:?}"
            ));
        }
    }
    if lead(&a) != stop - sign {
        return Err(format!(
            "{shot:?} stopped at {} instead of {} (first solid pixel {stop}): {a:?}",
            lead(&a),
            stop - sign
        ));
    }
    Ok(())
}

/// Every line of every shape and variant, shot along by a 1-px-wide actor from both
/// sides at full speed, at `i32::MAX` and with one huge `move_by`: it must stop in front
/// of the line's first solid pixel. Returns the number of shots and of lines whose first
/// solid run is 1 px thick (the thin walls and floors: a slope's tip, slope45's first
/// column, …), so the tests provably cover them.
fn single_pixel_shots(feet: Feet) -> Result<(usize, usize), String> {
    let bits = Bitmaps::new();
    let mut thin = 0;
    let mut shots = 0;
    for id in (0..shape_count()).map(ShapeId::new) {
        for v in Variant::ALL {
            for dir in Direction::ALL {
                let map = wall_map(Cell::shape(id, v), dir, 1);
                let o = Oracle {
                    bits: &bits,
                    map: &map,
                };
                for line in 0..N {
                    let base = Shot {
                        dir,
                        across0: line,
                        across1: line,
                        along: 1,
                        gap: 100,
                        speed: MAX_SPEED,
                        by_move: false,
                    };
                    let Some(stop) = first_solid(&o, &base, (0, N - 1)) else {
                        continue;
                    };
                    let (dx, dy) = unit(dir);
                    let behind = if dir.is_horizontal() {
                        (stop + dx, line)
                    } else {
                        (line, stop + dy)
                    };
                    if !o.solid(behind.0, behind.1) {
                        thin += 1;
                    }
                    for (speed, by_move) in
                        [(MAX_SPEED, false), (i32::MAX, false), (MAX_MOVE, true)]
                    {
                        let shot = Shot {
                            speed,
                            by_move,
                            ..base
                        };
                        shots += 1;
                        shoot(&bits, &map, shot, rigid(feet)).map_err(|e| {
                            format!("{} {v:?}, {feet:?}: {e}", tables().name(id).unwrap_or("?"))
                        })?;
                    }
                }
            }
        }
    }
    Ok((shots, thin))
}

#[test]
fn single_pixel_features_stop_every_box_shot() {
    let (shots, thin) = single_pixel_shots(Feet::Box).unwrap_or_else(|e| panic!("{e}"));
    assert!(thin >= 100, "only {thin} one-pixel-thick features found");
    assert!(shots > 4000, "{shots}");
}

#[test]
fn single_pixel_features_stop_every_centre_shot() {
    let (shots, thin) = single_pixel_shots(Feet::Centre).unwrap_or_else(|e| panic!("{e}"));
    assert!(thin >= 100 && shots > 4000);
}

fn shot() -> impl Strategy<Value = (Shot, i32)> {
    (
        direction(),
        0..4 * N,
        1..=40i32,
        1..=40i32,
        0..3000i32,
        prop_oneof![
            3 => 256..=MAX_SPEED,
            1 => MAX_SPEED..=i32::MAX,
            1 => Just(i32::MAX),
        ],
        prop::bool::weighted(0.25),
        1..=4i32,
    )
        .prop_map(|(dir, a0, thick, along, gap, speed, by_move, len)| {
            let across1 = (a0 + thick - 1).min(len * N - 1);
            let across0 = a0.min(across1);
            let speed = if by_move {
                speed.clamp(1, 2 * MAX_MOVE)
            } else {
                speed
            };
            (
                Shot {
                    dir,
                    across0,
                    across1,
                    along,
                    gap,
                    speed,
                    by_move,
                },
                len,
            )
        })
}

/// Shoots a rigid actor of `feet` at a wall of `len` copies of the shape cell.
fn rigid_shot(
    shot: Shot,
    len: i32,
    id: ShapeId,
    v: Variant,
    feet: Feet,
) -> Result<(), TestCaseError> {
    let bits = Bitmaps::new();
    let map = wall_map(Cell::shape(id, v), shot.dir, len);
    if let Err(e) = shoot(&bits, &map, shot, rigid(feet)) {
        prop_assert!(
            false,
            "{} {v:?} {feet:?}: {e}",
            tables().name(id).unwrap_or("?")
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(2500))]

    /// Any box, any speed, any shape and variant stacked into a wall up to 4 cells long:
    /// a rigid actor stops exactly in front of the first solid pixel its extent meets.
    #[test]
    fn rigid_box_shots_stop_in_front_of_the_first_solid_pixel(
        (shot, len) in shot(),
        id in shape_id(),
        v in variant(),
    ) {
        rigid_shot(shot, len, id, v, Feet::Box)?;
    }

    /// The same for `Feet::Centre`, whose foot column is the whole box across the motion
    /// (1 px wide moving vertically, 1 px long moving sideways): the stop is the same.
    #[test]
    fn rigid_centre_shots_stop_in_front_of_the_first_solid_pixel(
        (shot, len) in shot(),
        id in shape_id(),
        v in variant(),
    ) {
        let shot = if shot.dir.is_horizontal() {
            Shot { along: 1, ..shot }
        } else {
            Shot { across1: shot.across0, ..shot }
        };
        rigid_shot(shot, len, id, v, Feet::Centre)?;
    }
}

/// The stacked 45° wall of [`walled_pit`]: cells (1, 0..6) are slope45, so world column
/// 31 is solid from the floor to the ceiling. It is the only way between the two halves.
fn walled_pit() -> GridMap<4, 6> {
    let slope = tables().find("slope45").expect("a default tile");
    let mut map = GridMap::new(Cell::FULL);
    for ty in 0..6 {
        map.set(1, ty, Cell::shape(slope, Variant::Identity));
    }
    map
}

/// Runs an actor in one half of [`walled_pit`] and checks it never gets to the other
/// (for `Feet::Centre`: its foot column never does) nor inside a solid pixel.
fn hold_the_wall(
    right_side: bool,
    w: u16,
    h: u16,
    settings: ActorSettings,
    spot: Index,
    cmds: &[Cmd],
) -> Result<(), TestCaseError> {
    let bits = Bitmaps::new();
    let map = walled_pit();
    let oracle = Oracle {
        bits: &bits,
        map: &map,
    };
    let world = World::new(tables(), &map);
    let side = |a: &Actor| {
        let (x0, _, x1, _) = a.bounds();
        let (lo, hi) = match a.settings.feet {
            Feet::Centre => (a.centre_x(), a.centre_x()),
            _ => (x0, x1),
        };
        if right_side { lo >= 32 } else { hi <= 30 }
    };
    let free: Vec<_> = Region::new(&oracle)
        .free_positions(i32::from(w), i32::from(h))
        .into_iter()
        .filter(|&(x, y)| side(&Actor::new(x, y, w, h).with_settings(settings)))
        .collect();
    prop_assume!(!free.is_empty());
    let (x, y) = free[spot.index(free.len())];
    let mut a = Actor::new(x, y, w, h).with_settings(settings);
    for (frame, cmd) in cmds.iter().enumerate() {
        apply(&world, &mut a, cmd);
        prop_assert!(
            side(&a),
            "frame {frame}: through the wall after {cmd:?}: {a:?}"
        );
        let hit = oracle.actor_hit(&a);
        prop_assert!(hit.is_none(), "frame {frame}: {hit:?} after {cmd:?}: {a:?}");
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(1500))]

    /// Any settings, any speeds, jumps and `move_by`: a `Feet::Box` actor in one half of
    /// [`walled_pit`] never gets to the other.
    #[test]
    fn box_walls_hold_against_any_settings_and_speed(
        right_side in any::<bool>(),
        w in 1u16..=12,
        h in 1u16..=40,
        settings in settings(),
        spot in any::<Index>(),
        cmds in prop::collection::vec(cmd(), 1..=20),
    ) {
        let settings = ActorSettings { feet: Feet::Box, ..settings };
        hold_the_wall(right_side, w, h, settings, spot, &cmds)?;
    }

    /// The same for `Feet::Centre`: its foot column never crosses the wall.
    #[test]
    fn centre_walls_hold_against_any_settings_and_speed(
        right_side in any::<bool>(),
        w in 1u16..=12,
        h in 1u16..=40,
        settings in settings(),
        spot in any::<Index>(),
        cmds in prop::collection::vec(cmd(), 1..=20),
    ) {
        let settings = ActorSettings { feet: Feet::Centre, ..settings };
        hold_the_wall(right_side, w, h, settings, spot, &cmds)?;
    }
}

// ---------------------------------------------------------------------------------------
// Property 3: extremes never panic and positions stay in range
// ---------------------------------------------------------------------------------------

/// A coordinate near the world's edges, the map's edges, or anywhere.
fn coordinate() -> impl Strategy<Value = i32> {
    prop_oneof![
        (0..5000i32).prop_map(|d| MAX_POSITION - d),
        (0..5000i32).prop_map(|d| -MAX_POSITION + d),
        Just(MAX_POSITION),
        Just(-MAX_POSITION),
        -40..REGION_W + 40,
        -MAX_POSITION..=MAX_POSITION,
    ]
}

fn extreme_cmd() -> impl Strategy<Value = Cmd> {
    prop_oneof![
        (speed(), speed()).prop_map(|(x, y)| Cmd::Set(x, y)),
        prop_oneof![Just(i32::MIN), Just(i32::MAX), Just(0), any::<i32>()].prop_flat_map(|dx| {
            prop_oneof![Just(i32::MIN), Just(i32::MAX), Just(0), any::<i32>()]
                .prop_map(move |dy| Cmd::MoveBy(dx, dy))
        }),
        Just(Cmd::Gravity),
        Just(Cmd::Drop),
    ]
}

/// Runs `cmds` and checks the position bounds after each; also that an actor that
/// started free (one-way cells as air, whole box) stays free unless it started crushed.
fn run_extreme<M: TileMap>(
    world: &World<'_, M>,
    mut a: Actor,
    cmds: &[Cmd],
) -> Result<(), TestCaseError> {
    let box_feet = a.settings.feet == Feet::Box;
    let free = box_feet && !world.hits(rect_of(&a));
    for (frame, cmd) in cmds.iter().enumerate() {
        apply(world, &mut a, cmd);
        prop_assert!(
            a.x.abs() <= MAX_POSITION && a.y.abs() <= MAX_POSITION,
            "frame {frame}: out of range after {cmd:?}: {a:?}"
        );
        if free {
            prop_assert!(
                !world.hits(rect_of(&a)),
                "frame {frame}: embedded after {cmd:?}: {a:?}"
            );
        }
    }
    Ok(())
}

/// A random map of [`map_with`], walled in by full cells or open all around.
fn with_outside(map: Map, outside: Cell) -> Map {
    let mut out = Map::new(outside);
    for ty in 0..MAP_H as i32 {
        for tx in 0..MAP_W as i32 {
            out.set(tx, ty, map.cell(tx, ty));
        }
    }
    out
}

proptest! {
    #![proptest_config(config(1500))]

    /// Near ±MAX_POSITION, at the map's edges, with extreme velocities and `move_by`:
    /// no panic (overflow checks are on in tests), positions within ±MAX_POSITION.
    #[test]
    fn extremes_stay_in_range(
        outside_full in any::<bool>(),
        map in map_with(Cell::EMPTY),
        x in coordinate(),
        y in coordinate(),
        w in 0u16..=64,
        h in 0u16..=64,
        settings in settings(),
        cmds in prop::collection::vec(extreme_cmd(), 1..=6),
    ) {
        let map = with_outside(map, if outside_full { Cell::FULL } else { Cell::EMPTY });
        let world = World::new(tables(), &map);
        let a = Actor::new(x, y, w, h).with_settings(settings);
        prop_assert_eq!((a.width(), a.height()), (w.max(1), h.max(1)));
        run_extreme(&world, a, &cmds)?;
    }
}

proptest! {
    #![proptest_config(config(64))]

    /// Actors of up to MAX_SIZE (and sizes past it, clamped) with extreme velocities.
    #[test]
    fn huge_actors_stay_in_range(
        outside_full in any::<bool>(),
        map in map_with(Cell::EMPTY),
        x in coordinate(),
        y in coordinate(),
        w in prop_oneof![Just(MAX_SIZE), Just(u16::MAX), MAX_SIZE / 2..=MAX_SIZE],
        h in prop_oneof![Just(MAX_SIZE), Just(u16::MAX), 1u16..=MAX_SIZE],
        settings in settings(),
        v in (speed(), speed()),
    ) {
        let map = with_outside(map, if outside_full { Cell::FULL } else { Cell::EMPTY });
        let world = World::new(tables(), &map);
        let a = Actor::new(x, y, w, h).with_settings(settings);
        prop_assert_eq!((a.width(), a.height()), (w.min(MAX_SIZE), h.min(MAX_SIZE)));
        run_extreme(&world, a, &[Cmd::Set(v.0, v.1), Cmd::Gravity])?;
    }
}

/// Actors at the corners of the world, shot outwards and inwards at full speed (MAX_SIZE
/// boxes) and with `move_by(i32::MIN/MAX)` (64-px boxes): no panic, and in an empty world
/// they travel exactly 64 px per frame and MAX_MOVE per move, stopping at ±MAX_POSITION.
#[test]
fn actors_at_the_world_edges() {
    let map: GridMap<2, 2> = GridMap::new(Cell::EMPTY);
    let world = World::new(tables(), &map);
    let far = |p: i32, v: i32, d: i32| (p + v.signum() * d).clamp(-MAX_POSITION, MAX_POSITION);
    for x in [
        -MAX_POSITION,
        MAX_POSITION,
        MAX_POSITION - 10,
        -MAX_POSITION + 10,
    ] {
        for y in [-MAX_POSITION, MAX_POSITION] {
            for (vx, vy) in [
                (i32::MAX, i32::MAX),
                (i32::MIN, i32::MIN),
                (MAX_SPEED, -MAX_SPEED),
            ] {
                let mut a = Actor::new(x, y, MAX_SIZE, MAX_SIZE);
                (a.vx, a.vy) = (vx, vy);
                world.step(&mut a);
                assert_eq!(
                    (a.x, a.y),
                    (far(x, vx, 64), far(y, vy, 64)),
                    "from ({x}, {y})"
                );
                let mut a = Actor::new(x, y, 64, 64);
                world.move_by(&mut a, vx, vy);
                assert_eq!(
                    (a.x, a.y),
                    (far(x, vx, MAX_MOVE), far(y, vy, MAX_MOVE)),
                    "from ({x}, {y})"
                );
            }
        }
    }
}

/// Positions set past ±MAX_POSITION through the public fields (up to `i32::MIN`/`MAX`):
/// every call still returns.
#[test]
fn positions_beyond_the_limit_do_not_panic() {
    let mut map: GridMap<2, 2> = GridMap::new(Cell::EMPTY);
    map.set(0, 0, Cell::FULL);
    let world = World::new(tables(), &map);
    for outside in [Cell::EMPTY, Cell::FULL] {
        let map: GridMap<2, 2> = GridMap::new(outside);
        let edge_world = World::new(tables(), &map);
        for x in [i32::MIN, i32::MAX, i32::MIN + 1, i32::MAX - 1] {
            for y in [i32::MIN, i32::MAX, 0] {
                for size in [1, 16, 64, MAX_SIZE] {
                    for w in [&world, &edge_world] {
                        let mut a = Actor::new(0, 0, size, size);
                        (a.x, a.y) = (x, y);
                        (a.vx, a.vy) = (i32::MAX, i32::MIN);
                        w.step(&mut a);
                        if size < MAX_SIZE {
                            w.move_by(&mut a, i32::MIN, i32::MAX);
                            a.drop_through();
                            w.step(&mut a);
                        }
                        let _ = (a.bounds(), a.centre_x());
                    }
                }
            }
        }
    }
}

/// `MAX_POSITION` limits the bottom-left pixel (`x`, `y`): an actor pressed against the
/// world's top-right edge has its far edges its size beyond it (2^30 + 4095 at most, far
/// from overflow), as documented.
#[test]
fn box_edges_stay_within_max_position() {
    let map: GridMap<1, 1> = GridMap::new(Cell::EMPTY);
    let world = World::new(tables(), &map);
    let mut a = Actor::new(MAX_POSITION - 100, MAX_POSITION - 100, 64, 64);
    for _ in 0..4 {
        (a.vx, a.vy) = (MAX_SPEED, MAX_SPEED);
        world.step(&mut a);
    }
    let (x0, y0, x1, y1) = a.bounds();
    assert_eq!((x0, y0), (MAX_POSITION, MAX_POSITION));
    // the position is clamped; the far edges lie a box size beyond it, as documented
    assert_eq!((x1, y1), (MAX_POSITION + 63, MAX_POSITION + 63));
}

// ---------------------------------------------------------------------------------------
// Property 4: hits, room and escape against brute force
// ---------------------------------------------------------------------------------------

fn query_box() -> impl Strategy<Value = Rect> {
    (-24..REGION_W + 8, -24..REGION_H + 8, 1..=40i32, 1..=40i32).prop_map(|(x, y, w, h)| Rect {
        x0: x,
        y0: y,
        x1: x + w - 1,
        y1: y + h - 1,
    })
}

fn limit() -> impl Strategy<Value = i32> {
    prop_oneof![8 => 0..=48i32, 1 => 0..=400i32]
}

proptest! {
    #![proptest_config(config(4000))]

    /// `hits`, `room` and `escape` equal their brute-force definitions, one-way cells as
    /// air, for boxes in, across and beyond the map.
    #[test]
    fn room_and_escape_match_brute_force(
        map in map_with(Cell::FULL),
        outside_empty in any::<bool>(),
        r in query_box(),
        dir in direction(),
        limit in limit(),
    ) {
        let bits = Bitmaps::new();
        let mut map = map;
        if outside_empty {
            let mut open = Map::new(Cell::EMPTY);
            for ty in 0..MAP_H as i32 {
                for tx in 0..MAP_W as i32 {
                    open.set(tx, ty, map.cell(tx, ty));
                }
            }
            map = open;
        }
        let o = Oracle { bits: &bits, map: &map };
        let world = World::new(tables(), &map);
        prop_assert_eq!(world.hits(r), o.box_hits(r), "hits {:?}", r);
        // Both clamp `limit` to MAX_MOVE.
        prop_assert_eq!(
            world.room(r, dir, limit),
            brute_room(&o, r, dir, limit.min(MAX_MOVE)),
            "room {:?} {:?} {}", r, dir, limit
        );
        prop_assert_eq!(
            world.escape(r, dir, limit),
            brute_escape(&o, r, dir, limit.min(MAX_MOVE)),
            "escape {:?} {:?} {}", r, dir, limit
        );
    }
}

proptest! {
    #![proptest_config(config(1500))]

    /// Boxes that start inside solid pixels (most of them, in dense maps): `escape`
    /// finds the least free distance, `room` is 0.
    #[test]
    fn escape_from_inside_matches_brute_force(
        map in map_with(Cell::FULL),
        r in query_box(),
        dir in direction(),
        limit in limit(),
    ) {
        let bits = Bitmaps::new();
        let o = Oracle { bits: &bits, map: &map };
        prop_assume!(o.box_hits(r));
        let world = World::new(tables(), &map);
        prop_assert_eq!(world.room(r, dir, limit), 0);
        prop_assert_eq!(
            world.escape(r, dir, limit),
            brute_escape(&o, r, dir, limit.min(MAX_MOVE)),
            "escape {:?} {:?} {}", r, dir, limit
        );
    }
}

/// A wall at the position limit, the actor against it on the far side: a move right is cut
/// at the edge of the world (no step is taken, so no wall is reported), a move left runs
/// into the wall; either way it stays put, and a probe finds the wall.
#[test]
fn a_move_cut_short_at_the_position_limit_keeps_its_wall() {
    /// A floor below y = 0 and one wall column ending at x = MAX_POSITION - 1.
    struct Edge;
    impl TileMap for Edge {
        fn cell(&self, tx: i32, ty: i32) -> Cell {
            if ty < 0 || tx == (MAX_POSITION >> 4) - 1 {
                Cell::FULL
            } else {
                Cell::EMPTY
            }
        }
    }
    let world = World::new(tables(), Edge);
    let mut actor = Actor::new(MAX_POSITION, 0, 8, 14);
    actor.vy = -64;
    world.step(&mut actor);
    assert!(actor.contacts.on_ground() && world.touching(&actor).pushing_left());
    for vx in [256, 3 * 256, -256] {
        (actor.vx, actor.vy) = (vx, -64);
        world.step(&mut actor);
        assert_eq!((actor.x, actor.y), (MAX_POSITION, 0), "vx {vx}");
        let c = actor.contacts;
        assert!(c.on_ground() && !c.pushing_right(), "vx {vx}: {c:?}");
        assert_eq!(c.pushing_left(), vx < 0, "vx {vx}: {c:?}");
        assert!(world.touching(&actor).pushing_left(), "vx {vx}");
    }
}
