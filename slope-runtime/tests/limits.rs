//! The documented limits ("Limits and cost" in the crate docs):
//!
//! 1. every call's work is bounded: counted in cell lookups (a map that counts the cells
//!    asked for, and gives up with a panic past a cap, so unbounded work fails instead of
//!    hanging), at every limit at once, on the smallest tiles, with the most demanding
//!    settings; `escape` and `room` with a limit of `i32::MAX` return;
//! 2. the limits are enforced by clamping: box sizes, velocities, `move_by` and
//!    `move_platform` displacements, query limits;
//! 3. the edge of the world (±`MAX_POSITION`) holds like a wall: actors near it, on a map
//!    with something in every cell's reach, never end inside a solid pixel or a platform,
//!    nor past the edge;
//! 4. a cell naming a shape the tables lack is air, exactly as an empty cell, and
//!    `GridMap::check_tables` finds it.

use std::cell::Cell as Counter;

use proptest::prelude::*;
use proptest::test_runner::Config;
use slope_runtime::{
    Actor, ActorSettings, Cell, Direction, Feet, GridMap, MAX_MOVE, MAX_POSITION, MAX_REACH,
    MAX_SIZE, MAX_SPEED, MapError, Platform, Rect, SUBPIXEL, ShapeId, Solid, Tables, TileMap,
    Variant, World, crc32, format, move_platform,
};

/// Every kind of feet of this build (`Feet::Centre` with the feature `centre_feet`).
const FEET: &[Feet] = &[
    Feet::Box,
    #[cfg(feature = "centre_feet")]
    Feet::Centre,
];

static BLOB: &[u8] = include_bytes!("data/tiles.bin");

/// The default tiles (N = 16).
fn tables() -> Tables<'static> {
    Tables::from_bytes(BLOB).expect("the default tiles load")
}

/// Tables of 4-px tiles without shapes: the smallest tiles, where a box covers the most
/// cells (maps of them hold empty, full and one-way cells).
fn small_tiles() -> Tables<'static> {
    let mut bytes = format::MAGIC.to_vec();
    bytes.push(format::VERSION as u8); // a one-byte varint
    bytes.push(4); // N
    bytes.extend([0, 0, 0, 0, 0]); // names, shapes, records, angles, columns: empty
    let crc = crc32(&bytes);
    bytes.extend(crc.to_le_bytes());
    Tables::from_bytes(Box::leak(bytes.into_boxed_slice())).expect("the 4-px blob loads")
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

// ---------------------------------------------------------------------------------------
// 1. Bounded work
// ---------------------------------------------------------------------------------------

/// Past this many lookups a [`Counted`] map gives up (a panic): work that the limits do
/// not bound fails the test instead of running for minutes (or for ever).
const GIVE_UP: u64 = 50_000_000;

/// A map given by a function, counting the cells asked for.
struct Counted<F> {
    f: F,
    lookups: Counter<u64>,
}

impl<F: Fn(i32, i32) -> Cell> Counted<F> {
    fn new(f: F) -> Counted<F> {
        Counted {
            f,
            lookups: Counter::new(0),
        }
    }

    /// The lookups so far, and the count reset.
    fn take(&self) -> u64 {
        self.lookups.replace(0)
    }
}

impl<F: Fn(i32, i32) -> Cell> TileMap for Counted<F> {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        let n = self.lookups.get() + 1;
        assert!(n <= GIVE_UP, "more than {GIVE_UP} cell lookups in one call");
        self.lookups.set(n);
        (self.f)(tx, ty)
    }
}

/// The most cell lookups one `World::step` or `World::move_by` may take, at every limit at
/// once: 128 pixel steps, each asking about a few boxes of at most 17×17 cells and the
/// rises and nudges up to `MAX_REACH`. (The worst case below takes about 642,000: a centre
/// foot, whose every test is a whole box, walking at 64 px per frame over one-way cells of
/// 4 px, sticking down by up to its wall height at each step; `cargo run --release -p
/// slope-runtime --example worst_case` times it at 0.5 to 0.6 ms. Before the limits, one
/// step of a 4096-px box at 64 px per frame took billions.)
const STEP_LOOKUPS: u64 = 700_000;

/// The most cell lookups one `move_platform` by `MAX_MOVE` may take pushing or carrying
/// one actor of the largest size. (Unbounded, pushing a 4096-px box by 4096 px took
/// billions.)
const PLATFORM_LOOKUPS: u64 = 200_000;

/// A map as a function of the cell.
type CellFn = Box<dyn Fn(i32, i32) -> Cell>;

/// The most settings can ask of a step: every reach 255 px.
fn demanding(feet: Feet) -> ActorSettings {
    ActorSettings {
        feet,
        wall_height: u8::MAX,
        corner_correction: u8::MAX,
        ..ActorSettings::default()
    }
}

/// The largest actor there is (a 4096-px side is clamped to `MAX_SIZE`) at `(x, y)`.
fn largest(x: i32, y: i32, feet: Feet) -> Actor {
    Actor::new(x, y, 4096, 4096).with_settings(demanding(feet))
}

/// The cell lookups of one step of `a` with velocity `(vx, vy)` on `map`, after one frame
/// at rest there (so it stands on whatever is under it).
fn step_lookups<F: Fn(i32, i32) -> Cell>(
    tables: Tables<'_>,
    map: &Counted<F>,
    mut a: Actor,
    (vx, vy): (i32, i32),
) -> u64 {
    let world = World::new(tables, map);
    world.step(&mut a);
    map.take();
    (a.vx, a.vy) = (vx, vy);
    world.step(&mut a);
    let step = map.take();
    world.move_by(&mut a, vx, vy);
    step.max(map.take())
}

#[test]
fn one_step_at_every_limit_takes_bounded_work() {
    for (tables, n) in [(small_tiles(), 4), (tables(), 16)] {
        // One-way blocks everywhere; a floor; steep stairs (each column of cells rises by
        // the most a wall height of 255 climbs); a ceiling rising a cell per column; solid.
        let rise = 253 / n;
        let maps: [(&str, CellFn); 5] = [
            ("one-way", Box::new(|_, _| Cell::FULL.one_way())),
            (
                "floor",
                Box::new(|_, ty| if ty < 0 { Cell::FULL } else { Cell::EMPTY }),
            ),
            (
                "steep stairs",
                Box::new(move |tx, ty| {
                    if ty < tx.max(0).saturating_mul(rise) {
                        Cell::FULL
                    } else {
                        Cell::EMPTY
                    }
                }),
            ),
            (
                "ceiling",
                Box::new(move |tx, ty| {
                    if ty >= 600 / n + tx.max(0) || ty < -100 {
                        Cell::FULL
                    } else {
                        Cell::EMPTY
                    }
                }),
            ),
            ("solid", Box::new(|_, _| Cell::FULL)),
        ];
        for (name, f) in maps {
            let map = Counted::new(f);
            for &feet in FEET {
                for start in [(0, 3), (-4096, 0), (0, 600 - 65)] {
                    for v in [
                        (MAX_SPEED, MAX_SPEED),
                        (MAX_SPEED, -MAX_SPEED),
                        (-MAX_SPEED, 0),
                        (i32::MAX, i32::MIN),
                    ] {
                        let a = largest(start.0, start.1, feet);
                        let lookups = step_lookups(tables, &map, a, v);
                        assert!(
                            lookups <= STEP_LOOKUPS,
                            "N = {n}, {name}, {feet:?} from {start:?} at {v:?}: {lookups} lookups"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn move_platform_at_every_limit_takes_bounded_work() {
    for (tables, n) in [(small_tiles(), 4), (tables(), 16)] {
        let floor = Counted::new(|_, ty| if ty < 0 { Cell::FULL } else { Cell::EMPTY });
        for &feet in FEET {
            // Pushing the largest actor sideways along the floor, by a 4096-px move.
            let mut platforms = [Platform::new(0, 0, 16, 16)];
            let mut actors = [largest(16, 0, feet)];
            let moved = move_platform(tables, &floor, &mut platforms, 0, 4096, 0, &mut actors);
            assert_eq!(moved, (MAX_MOVE, 0), "N = {n}, {feet:?}: pushed");
            assert_eq!(actors[0].x, 16 + MAX_MOVE);
            let lookups = floor.take();
            assert!(
                lookups <= PLATFORM_LOOKUPS,
                "N = {n}, {feet:?}: pushing took {lookups} lookups"
            );
            // Carrying it up and sideways.
            let mut platforms = [Platform::new(0, 0, 4096, 16)];
            let mut actors = [largest(0, 16, feet)];
            let moved = move_platform(tables, &floor, &mut platforms, 0, 4096, 4096, &mut actors);
            assert_eq!(moved, (MAX_MOVE, MAX_MOVE), "N = {n}, {feet:?}: carried");
            let lookups = floor.take();
            assert!(
                lookups <= PLATFORM_LOOKUPS,
                "N = {n}, {feet:?}: carrying took {lookups} lookups"
            );
        }
    }
}

/// A box inside solid that reaches the end of the `i32` range, anywhere up to it: `escape`
/// with a limit of `i32::MAX` answers `None` (no room within `MAX_MOVE`), after at most
/// `MAX_MOVE + 1` rounds over the cells the box covers.
#[test]
fn escape_from_endless_solid_returns_none() {
    let solid = Counted::new(|_, _| Cell::FULL);
    let world = World::new(tables(), &solid);
    let ends = [
        0,
        i32::MAX - 20,
        i32::MIN + 3,
        MAX_POSITION,
        -MAX_POSITION - 7,
    ];
    for x in ends {
        for y in ends {
            let r = Rect::of_box(x, y, 24, 24); // 2×2 or 3×3 cells
            for dir in Direction::ALL {
                for limit in [i32::MAX, 1 << 20, MAX_MOVE + 1] {
                    assert_eq!(world.escape(r, dir, limit), None, "{r:?} {dir:?} {limit}");
                    let lookups = solid.take();
                    let bound = (MAX_MOVE as u64 + 1) * 9 * 2;
                    assert!(lookups <= bound, "{r:?} {dir:?}: {lookups} lookups");
                }
            }
        }
    }
    // Within reach, it finds the way out as before.
    let mut map: GridMap<8, 8> = GridMap::new(Cell::EMPTY);
    for ty in 0..4 {
        map.set(0, ty, Cell::FULL);
    }
    let world = World::new(tables(), &map);
    let r = Rect::of_box(0, 0, 8, 8);
    assert_eq!(world.escape(r, Direction::Up, i32::MAX), Some(64));
    assert_eq!(world.escape(r, Direction::Right, i32::MAX), Some(16));
}

/// `room` with a limit of `i32::MAX` looks no farther than `MAX_MOVE`.
#[test]
fn room_looks_no_farther_than_max_move() {
    let open = Counted::new(|_, ty| if ty < 0 { Cell::FULL } else { Cell::EMPTY });
    let world = World::new(tables(), &open);
    let r = Rect::of_box(0, 0, 24, 24);
    // Each call: the box's own 2×2 cells, then one strip of 2 cells per distance from the
    // box's edge (0) to MAX_MOVE.
    let bound = 2 * (4 + 2 * (MAX_MOVE as u64 + 1));
    for dir in [Direction::Up, Direction::Left, Direction::Right] {
        assert_eq!(world.room(r, dir, i32::MAX), MAX_MOVE, "{dir:?}");
        assert_eq!(world.room(r, dir, MAX_MOVE - 3), MAX_MOVE - 3, "{dir:?}");
        let lookups = open.take();
        assert!(lookups <= bound, "{dir:?}: {lookups} lookups");
    }
    assert_eq!(world.room(r, Direction::Down, i32::MAX), 0);
    assert_eq!(
        world.room(r.shifted(Direction::Up, 5), Direction::Down, i32::MAX),
        5
    );
}

// ---------------------------------------------------------------------------------------
// 2. The limits, enforced by clamping
// ---------------------------------------------------------------------------------------

#[test]
fn the_limits_are_clamped() {
    assert_eq!((MAX_SIZE, MAX_MOVE, MAX_SPEED), (64, 64, 64 * SUBPIXEL));
    let a = Actor::new(0, 0, 4096, u16::MAX);
    assert_eq!((a.width(), a.height()), (MAX_SIZE, MAX_SIZE));
    let open: GridMap<1, 1> = GridMap::new(Cell::EMPTY);
    let world = World::new(tables(), &open);
    for (dx, dy) in [(4096, -4096), (i32::MIN, i32::MAX), (65, 0)] {
        let mut a = Actor::new(0, 0, 8, 8);
        world.move_by(&mut a, dx, dy);
        let step = |d: i32| d.clamp(-MAX_MOVE, MAX_MOVE);
        assert_eq!((a.x, a.y), (step(dx), step(dy)), "move_by({dx}, {dy})");
    }
    let mut a = Actor::new(0, 0, 8, 8);
    (a.vx, a.vy) = (i32::MAX, i32::MIN);
    world.step(&mut a);
    assert_eq!((a.x, a.y), (64, -64));
    // Around the limit on either side, on either axis.
    for v in [
        -MAX_SPEED - 1,
        -MAX_SPEED,
        -MAX_SPEED + 1,
        MAX_SPEED - 1,
        MAX_SPEED,
    ] {
        for v in [v, MAX_SPEED + 1] {
            let mut a = Actor::new(0, 0, 8, 8);
            (a.vx, a.vy) = (v, -v);
            world.step(&mut a);
            let limit = |v: i32| v.clamp(-MAX_SPEED, MAX_SPEED);
            assert_eq!(
                (a.vx, a.vy),
                (limit(v), limit(-v)),
                "velocity ({v}, {})",
                -v
            );
        }
    }
    let mut platforms = [Platform::new(0, 0, 16, 4)];
    let moved = move_platform(tables(), &open, &mut platforms, 0, -4096, 100, &mut []);
    assert_eq!(moved, (-MAX_MOVE, MAX_MOVE));
    assert_eq!((platforms[0].x, platforms[0].y), (-MAX_MOVE, MAX_MOVE));
}

/// A wall height past `MAX_REACH` acts as `MAX_REACH`: a rise of 48 px is climbed, one of
/// 80 px is a wall, even with a wall height of 255.
#[test]
fn wall_heights_reach_at_most_max_reach() {
    assert_eq!(MAX_REACH, 64);
    for (cells, climbed) in [(3, true), (5, false)] {
        let mut map: GridMap<8, 8> = GridMap::new(Cell::FULL);
        for tx in 0..8 {
            map.set(tx, 0, Cell::FULL);
        }
        for ty in 1..=cells {
            map.set(3, ty, Cell::FULL);
        }
        let world = World::new(tables(), &map);
        let settings = ActorSettings {
            wall_height: u8::MAX,
            ..ActorSettings::default()
        };
        let mut a = Actor::new(40, 16, 8, 8).with_settings(settings);
        world.step(&mut a);
        assert!(a.contacts.on_ground());
        a.vx = SUBPIXEL;
        world.step(&mut a);
        let top = 16 * (cells + 1);
        if climbed {
            assert_eq!((a.x, a.y), (41, top), "{cells} cells");
        } else {
            assert_eq!((a.x, a.y), (40, 16), "{cells} cells");
            assert!(a.contacts.pushing_right());
        }
    }
}

// ---------------------------------------------------------------------------------------
// 3. The edge of the world
// ---------------------------------------------------------------------------------------

/// A 4×4 pattern of cells repeated over the whole plane: something within reach of every
/// place, the edge of the world included.
#[derive(Clone, Debug)]
struct Pattern([[Cell; 4]; 4]);

impl TileMap for Pattern {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        self.0[ty.rem_euclid(4) as usize][tx.rem_euclid(4) as usize]
    }
}

fn cell() -> impl Strategy<Value = Cell> {
    let shapes = tables().shape_count();
    let variant = (0u8..8).prop_map(|i| Variant::from_index(i).expect("0..8 is a variant"));
    let solid = prop_oneof![
        5 => Just(Solid::Empty),
        2 => Just(Solid::Full),
        3 => (0..shapes, variant).prop_map(|(id, v)| Solid::Shape(ShapeId::new(id), v)),
    ];
    (solid, prop::bool::weighted(0.15)).prop_map(|(solid, one_way)| Cell { solid, one_way })
}

fn pattern() -> impl Strategy<Value = Pattern> {
    prop::collection::vec(cell(), 16).prop_map(|cells| {
        let mut rows = [[Cell::EMPTY; 4]; 4];
        for (i, c) in cells.into_iter().enumerate() {
            rows[i / 4][i % 4] = c;
        }
        Pattern(rows)
    })
}

/// A coordinate within a few hundred pixels of the edge, on either side of 0.
fn near_edge() -> impl Strategy<Value = i32> {
    prop_oneof![
        (0..300i32).prop_map(|d| MAX_POSITION - d),
        (0..300i32).prop_map(|d| -MAX_POSITION + d),
    ]
}

fn settings() -> impl Strategy<Value = ActorSettings> {
    (0u8..=8, 0u8..=8, any::<[bool; 3]>()).prop_map(|(wall_height, corner_correction, f)| {
        ActorSettings {
            wall_height,
            corner_correction,
            sticks_to_slopes: f[0],
            ceiling_slide: f[1],
            ignores_one_way: f[2],
            ..ActorSettings::default()
        }
    })
}

/// A velocity component: mostly a game's, now and then the fastest.
fn speed() -> impl Strategy<Value = i32> {
    prop_oneof![
        3 => -8 * SUBPIXEL..=8 * SUBPIXEL,
        1 => Just(MAX_SPEED),
        1 => Just(-MAX_SPEED),
    ]
}

/// What the game does before a frame near the edge.
#[derive(Clone, Debug)]
enum Cmd {
    Step(i32, i32),
    MoveBy(i32, i32),
    /// Gravity and a walk, then a step.
    Walk(i32),
    /// Platform 0 moves by (dx, dy) first, then the actor steps.
    Platform(i32, i32),
}

fn cmd() -> impl Strategy<Value = Cmd> {
    let d = prop_oneof![-70..=70i32, Just(MAX_MOVE), Just(-MAX_MOVE)];
    prop_oneof![
        3 => (speed(), speed()).prop_map(|(x, y)| Cmd::Step(x, y)),
        1 => (d.clone(), d).prop_map(|(x, y)| Cmd::MoveBy(x, y)),
        2 => speed().prop_map(Cmd::Walk),
        3 => (-8..=8i32, -8..=8i32).prop_map(|(x, y)| Cmd::Platform(x, y)),
    ]
}

/// A free place for a box of `w`×`h` (whole-box feet) near `(x, y)`, within the edge.
fn free_place(
    world: &World<'_, &Pattern>,
    (x, y): (i32, i32),
    w: u16,
    h: u16,
) -> Option<(i32, i32)> {
    let inside = |v: i32| v.clamp(-MAX_POSITION, MAX_POSITION);
    (0..48)
        .flat_map(|j| (0..48).map(move |i| (i, j)))
        .map(|(i, j)| {
            let sx = if x > 0 { -1 } else { 1 };
            let sy = if y > 0 { -1 } else { 1 };
            (inside(x + sx * i), inside(y + sy * j))
        })
        .find(|&(px, py)| !world.hits(Rect::of_box(px, py, w, h)))
}

/// Whether `a` covers a solid pixel of the map (whole box, one-way cells as air) or
/// overlaps a platform.
fn embedded(world: &World<'_, &Pattern, &[Platform]>, a: &Actor) -> Option<String> {
    let r = Rect::of_box(a.x, a.y, a.width(), a.height());
    if world.hits(r) {
        return Some("covers a solid pixel".into());
    }
    world
        .platforms()
        .iter()
        .find(|p| Rect::of_box(p.x, p.y, p.width, p.height).overlaps(&r))
        .map(|p| format!("overlaps {p:?}"))
}

proptest! {
    #![proptest_config(config(3000))]

    /// Actors near the edge of the world, some pushed at it by a platform, on a map with
    /// something in every cell: after every call each stays within ±MAX_POSITION and, as it
    /// started free, covers no solid pixel and overlaps no platform.
    #[test]
    fn the_edge_of_the_world_holds(
        pattern in pattern(),
        spot in (near_edge(), near_edge()),
        (w, h) in (1u16..=24, 1u16..=24),
        settings in settings(),
        side in prop::sample::select(Direction::ALL.to_vec()),
        cmds in prop::collection::vec(cmd(), 1..=12),
    ) {
        let map = &pattern;
        let tiles_only = World::new(tables(), map);
        let Some((x, y)) = free_place(&tiles_only, spot, w, h) else {
            return Ok(());
        };
        let mut actors = [Actor::new(x, y, w, h).with_settings(settings)];
        // A platform touching the actor on one side, clear of it.
        let r = Rect::of_box(x, y, w, h);
        let (px, py) = match side {
            Direction::Left => (r.x0 - 16, r.y0),
            Direction::Right => (r.x1 + 1, r.y0),
            Direction::Down => (r.x0, r.y0 - 8),
            Direction::Up => (r.x0, r.y1 + 1),
        };
        let mut platforms = [Platform::new(px, py, 16, 8)];
        for (frame, cmd) in cmds.iter().enumerate() {
            let before = actors[0];
            match *cmd {
                Cmd::Platform(dx, dy) => {
                    move_platform(tables(), map, &mut platforms, 0, dx, dy, &mut actors);
                }
                Cmd::Step(vx, vy) => (actors[0].vx, actors[0].vy) = (vx, vy),
                Cmd::Walk(vx) => {
                    actors[0].vx = vx;
                    actors[0].vy = actors[0].vy.saturating_sub(SUBPIXEL / 4);
                }
                Cmd::MoveBy(..) => {}
            }
            let world = World::with_platforms(tables(), map, &platforms[..]);
            let a = &mut actors[0];
            let after_platform = *a;
            if let Some(why) = embedded(&world, a) {
                return Err(TestCaseError::fail(format!(
                    "frame {frame}, {cmd:?}: the platform left it embedded ({why})\n before: {before:?}\n after: {a:?}"
                )));
            }
            match *cmd {
                Cmd::MoveBy(dx, dy) => {
                    world.move_by(a, dx, dy);
                }
                _ => {
                    world.step(a);
                }
            }
            prop_assert!(
                a.x.abs() <= MAX_POSITION && a.y.abs() <= MAX_POSITION,
                "frame {}, {:?}: past the edge: {:?}", frame, cmd, a
            );
            if let Some(why) = embedded(&world, a) {
                return Err(TestCaseError::fail(format!(
                    "frame {frame}, {cmd:?}: it {why}\n before: {after_platform:?}\n after: {a:?}"
                )));
            }
        }
    }
}

/// A wall of blocks whose last free column is the edge itself: an actor walks up to the
/// edge and stops there; pushed against the edge by a platform, it cannot give way, and
/// the platform stops.
#[test]
fn the_edge_stops_walks_and_platforms() {
    let floor = |_: i32, ty: i32| if ty < 0 { Cell::FULL } else { Cell::EMPTY };
    let map = Counted::new(floor);
    let world = World::new(tables(), &map);
    let mut a = Actor::new(MAX_POSITION - 100, 0, 8, 8);
    for _ in 0..20 {
        a.vx = 16 * SUBPIXEL;
        a.vy -= SUBPIXEL / 4;
        world.step(&mut a);
    }
    assert_eq!((a.x, a.y), (MAX_POSITION, 0));
    assert!(a.contacts.on_ground());
    // Pushed at the edge, it cannot give way there: it is crushed, and moved out of the
    // platform's way by the shortest path (here onto it), never past the edge.
    let mut platforms = [Platform::new(MAX_POSITION - 16, 0, 16, 8)];
    let mut actors = [a];
    move_platform(tables(), &map, &mut platforms, 0, 10, 0, &mut actors);
    let p = platforms[0];
    let a = actors[0];
    assert!(a.x <= MAX_POSITION && a.y <= MAX_POSITION, "{a:?}");
    assert!(
        !Rect::of_box(p.x, p.y, p.width, p.height).overlaps(&Rect::of_box(a.x, a.y, 8, 8)),
        "{p:?} {a:?}"
    );
    World::new(tables(), &map).step(&mut actors[0]);
    assert!(actors[0].contacts.crushed());
    // Walled in by a ceiling, and by a wall behind the platform: it has nowhere to go, so
    // the platform stops.
    let corridor = Counted::new(|tx: i32, ty: i32| {
        if ty != 0 || tx == (MAX_POSITION >> 4) - 2 {
            Cell::FULL
        } else {
            Cell::EMPTY
        }
    });
    let mut platforms = [Platform::new(MAX_POSITION - 16, 0, 16, 16)];
    let mut actors = [Actor::new(MAX_POSITION, 0, 8, 16)];
    let moved = move_platform(tables(), &corridor, &mut platforms, 0, 10, 0, &mut actors);
    assert_eq!(moved, (0, 0), "the actor cannot give way past the edge");
    assert_eq!((actors[0].x, actors[0].y), (MAX_POSITION, 0));
    // A rider is not carried past it either.
    let mut platforms = [Platform::new(MAX_POSITION - 4, -8, 64, 8)];
    let mut riders = [Actor::new(MAX_POSITION - 2, 0, 8, 8)];
    move_platform(tables(), &map, &mut platforms, 0, 8, 0, &mut riders);
    assert_eq!(riders[0].x, MAX_POSITION);
}

// ---------------------------------------------------------------------------------------
// 4. Shapes the tables lack
// ---------------------------------------------------------------------------------------

/// A shape id the default tiles lack.
fn unknown_id() -> impl Strategy<Value = ShapeId> {
    let shapes = tables().shape_count();
    prop_oneof![Just(shapes), shapes..=u16::MAX, Just(u16::MAX)].prop_map(ShapeId::new)
}

#[test]
fn grid_map_check_tables_finds_unknown_shapes() {
    let t = tables();
    let last = ShapeId::new(t.shape_count() - 1);
    let missing = ShapeId::new(t.shape_count());
    let mut map: GridMap<3, 2> = GridMap::new(Cell::FULL);
    map.set(0, 0, Cell::shape(last, Variant::Rot90).one_way());
    assert_eq!(map.check_tables(&t), Ok(()));
    map.set(2, 1, Cell::shape(missing, Variant::Identity).one_way());
    let unknown = Err(MapError::UnknownShape {
        id: missing.index(),
        shapes: t.shape_count(),
    });
    assert_eq!(map.check_tables(&t), unknown);
    // Outside, too.
    let outside: GridMap<3, 2> = GridMap::new(Cell::shape(missing, Variant::FlipX));
    assert_eq!(outside.check_tables(&t), unknown);
    // Tables with no shapes know none.
    let none = small_tiles();
    assert_eq!(
        map.check_tables(&none),
        Err(MapError::UnknownShape {
            id: last.index(),
            shapes: 0
        })
    );
}

type Small = GridMap<6, 5>;

/// A random map, and the same map with some cells given shapes the tables lack (one-way
/// or not, any variant), and with those cells empty.
fn unknown_and_empty() -> impl Strategy<Value = (Small, Small)> {
    (
        prop::collection::vec(
            prop_oneof![
                3 => cell().prop_map(|c| (c, false)),
                1 => (unknown_id(), 0u8..8, any::<bool>()).prop_map(|(id, v, one_way)| {
                    let c = Cell::shape(id, Variant::from_index(v).expect("0..8 is a variant"));
                    (if one_way { c.one_way() } else { c }, true)
                }),
            ],
            30,
        ),
        any::<bool>(),
    )
        .prop_map(|(cells, walled)| {
            let outside = if walled { Cell::FULL } else { Cell::EMPTY };
            let (mut with, mut without) = (Small::new(outside), Small::new(outside));
            for (i, (c, unknown)) in cells.into_iter().enumerate() {
                let (tx, ty) = ((i % 6) as i32, (i / 6) as i32);
                with.set(tx, ty, c);
                without.set(tx, ty, if unknown { Cell::EMPTY } else { c });
            }
            (with, without)
        })
}

proptest! {
    #![proptest_config(config(1500))]

    /// Cells naming shapes the tables lack answer exactly as empty cells: every query, and
    /// the frames of an actor (position, velocity, contacts) on both maps.
    #[test]
    fn unknown_shapes_are_air(
        (with, without) in unknown_and_empty(),
        r in (-8..104i32, -8..88i32, 1..=30i32, 1..=30i32),
        dir in prop::sample::select(Direction::ALL.to_vec()),
        limit in 0..40i32,
        start in (0..90i32, 0..70i32, 1u16..=20, 1u16..=20),
        settings in settings(),
        feet in prop::sample::select(FEET),
        velocities in prop::collection::vec((speed(), speed()), 1..10),
    ) {
        let (a, b) = (World::new(tables(), &with), World::new(tables(), &without));
        let r = Rect { x0: r.0, y0: r.1, x1: r.0 + r.2 - 1, y1: r.1 + r.3 - 1 };
        prop_assert_eq!(a.hits(r), b.hits(r));
        prop_assert_eq!(a.room(r, dir, limit), b.room(r, dir, limit));
        prop_assert_eq!(a.escape(r, dir, limit), b.escape(r, dir, limit));
        for (tx, ty) in [(r.x0 >> 4, r.y0 >> 4), (r.x1 >> 4, r.y1 >> 4)] {
            prop_assert_eq!(a.cell_distance(tx, ty, r, dir), b.cell_distance(tx, ty, r, dir));
        }
        let settings = ActorSettings { feet, ..settings };
        let actor = Actor::new(start.0, start.1, start.2, start.3).with_settings(settings);
        let (mut on_a, mut on_b) = (actor, actor);
        for &(vx, vy) in &velocities {
            (on_a.vx, on_a.vy) = (vx, vy);
            (on_b.vx, on_b.vy) = (vx, vy);
            a.step(&mut on_a);
            b.step(&mut on_b);
            prop_assert_eq!(on_a, on_b);
        }
    }
}
