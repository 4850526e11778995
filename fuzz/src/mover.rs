//! The mover's promises, checked every call: no panic and no overflow (the fuzz build traps
//! on one), no actor that was free moved by its own motion into a solid pixel or a solid
//! platform, positions and sizes within their limits, and every call's cost bounded (the
//! map reads it makes are counted).
//!
//! The pixel oracle knows nothing of the runtime's masks or sweeps: a world pixel is solid
//! when its cell is full, or a shape whose pixel `Shape::is_solid` sets (one-way cells are
//! air, as the runtime's box queries document); a solid platform's box is solid. Centre feet
//! follow their documented rule on the map (`support::centre_hit` of the runtime's own
//! tests), and platforms meet their whole box.

use std::cell::Cell as Counter;

use arbitrary::Arbitrary;
use slope_runtime::{
    Actor, ActorSettings, Cell, Feet, GridMap, MAX_POSITION, MAX_SIZE, MAX_SPEED, Platform,
    Platforms, Rect, ShapeId, Solid, Tables, TileMap, Variant, World,
};

/// The runtime's tests' pixel oracle: the rule of centre feet, the variants' pixels.
#[allow(dead_code, unused_imports, missing_docs)]
#[path = "../../slope-runtime/tests/support/mod.rs"]
pub(crate) mod support;

/// Map reads one actor's call may make, at most, by the bounds the runtime's docs give
/// (`slope_runtime` crate docs, "Limits"): at most 128 pixel steps a call; each step tries
/// at most 64 heights (a climb, a slide); each try, for centre feet, up to 64 box queries;
/// each box query reads the cells one box covers, at most 5×5 for a 64-px box in 16-px
/// tiles. A platform's move may cost that per actor it moves. A call past it is a loop the
/// docs do not allow.
pub const MAX_READS_PER_CALL: u64 = 128 * 64 * 64 * 25;

/// A small deterministic generator (SplitMix64) for probes derived from a seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn bits(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            0
        } else {
            (self.bits() % u64::from(n)) as u32
        }
    }

    /// A number in `lo..hi` (`lo` when the range is empty).
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        lo + self.below(hi.saturating_sub(lo).max(0) as u32) as i32
    }

    /// A random byte.
    pub fn byte(&mut self) -> u8 {
        self.bits() as u8
    }
}

/// A [`TileMap`] that counts its reads: the cost of a call, in the unit every query pays.
pub struct Counting<M> {
    map: M,
    reads: Counter<u64>,
}

impl<M: TileMap> Counting<M> {
    /// `map`, counted.
    pub fn new(map: M) -> Counting<M> {
        Counting {
            map,
            reads: Counter::new(0),
        }
    }

    /// The reads since the last call, and the count restarted.
    pub fn take(&self) -> u64 {
        self.reads.replace(0)
    }
}

impl<M: TileMap> TileMap for Counting<M> {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        self.reads.set(self.reads.get() + 1);
        self.map.cell(tx, ty)
    }
}

/// The brute-force view of a world: its map's pixels by `Shape::is_solid`, and its
/// platforms' boxes.
pub struct Oracle<'a, M> {
    tables: Tables<'a>,
    map: &'a M,
    n: i32,
}

impl<'a, M: TileMap> Oracle<'a, M> {
    /// The oracle of `map` over `tables`.
    pub fn new(tables: Tables<'a>, map: &'a M) -> Oracle<'a, M> {
        Oracle {
            tables,
            map,
            n: i32::from(tables.tile_size()),
        }
    }

    /// Whether world pixel (x, y) of a cell is solid, its one-way flag aside.
    fn cell_pixel(&self, x: i32, y: i32) -> (bool, bool) {
        let cell = self.map.cell(x.div_euclid(self.n), y.div_euclid(self.n));
        let solid = match cell.solid {
            Solid::Empty => false,
            Solid::Full => true,
            Solid::Shape(id, variant) => self.tables.shape(id).is_some_and(|s| {
                s.is_solid(
                    variant,
                    x.rem_euclid(self.n) as u8,
                    y.rem_euclid(self.n) as u8,
                )
            }),
        };
        (solid, cell.one_way)
    }

    /// Whether pixel (x, y) of the map blocks a box: a solid pixel of a cell that is not
    /// one-way.
    fn map_solid(&self, x: i32, y: i32) -> bool {
        let (solid, one_way) = self.cell_pixel(x, y);
        solid && !one_way
    }

    /// Whether pixel (x, y) blocks a box: of the map, or of a solid platform.
    pub fn solid(&self, platforms: &[Platform], x: i32, y: i32) -> bool {
        self.map_solid(x, y)
            || platforms
                .iter()
                .any(|p| !p.one_way && inside(p.bounds(), x, y))
    }

    /// The first pixel `actor` covers and must not, by its feet's rule; `None` when free.
    /// Centre feet: the map's pixels by the rule of `Feet::Centre`'s docs, whose ground
    /// and surface are the map's (one-way cells hold the foot), and solid platforms meet
    /// the whole box.
    pub fn actor_hit(&self, platforms: &[Platform], actor: &Actor) -> Option<(i32, i32)> {
        let (x0, y0, x1, y1) = actor.bounds();
        let r = Rect { x0, y0, x1, y1 };
        let pixels = move |solid: &dyn Fn(i32, i32) -> bool| {
            (r.y0..=r.y1)
                .flat_map(move |y| (r.x0..=r.x1).map(move |x| (x, y)))
                .find(|&(x, y)| solid(x, y))
        };
        match actor.settings.feet {
            Feet::Centre => support::centre_hit(
                |x, y| self.map_solid(x, y),
                |x, y| self.cell_pixel(x, y).0,
                r,
                actor.settings.wall_height,
            )
            .or_else(|| {
                pixels(&|x, y| {
                    platforms
                        .iter()
                        .any(|p| !p.one_way && inside(p.bounds(), x, y))
                })
            }),
            _ => pixels(&|x, y| self.solid(platforms, x, y)),
        }
    }
}

fn inside((x0, y0, x1, y1): (i32, i32, i32, i32), x: i32, y: i32) -> bool {
    (x0..=x1).contains(&x) && (y0..=y1).contains(&y)
}

// ---------------------------------------------------------------------------------------
// A scenario: a map, actors, platforms and what the game does each frame
// ---------------------------------------------------------------------------------------

/// Map width in cells.
pub const MAP_W: usize = 8;
/// Map height in cells.
pub const MAP_H: usize = 6;
/// The scenarios' maps.
pub type Map = GridMap<MAP_W, MAP_H>;

/// A velocity component: game-like, at the limits or beyond them.
#[derive(Clone, Copy, Debug, Arbitrary)]
pub enum Speed {
    /// Up to 8 px per frame either way.
    Game(i16),
    /// Any value.
    Any(i32),
    /// The limit, either way.
    Max(bool),
}

impl Speed {
    /// The velocity, 1/256 px per frame.
    pub fn value(self) -> i32 {
        match self {
            Speed::Game(v) => i32::from(v) % (8 * 256 + 1),
            Speed::Any(v) => v,
            Speed::Max(up) => {
                if up {
                    MAX_SPEED
                } else {
                    -MAX_SPEED
                }
            }
        }
    }
}

/// An actor's settings, any of them.
#[derive(Clone, Copy, Debug, Arbitrary)]
pub struct Settings {
    wall_height: u8,
    corner_correction: u8,
    sticks_to_slopes: bool,
    ignores_one_way: bool,
    ceiling_slide: bool,
    centre_feet: bool,
    equal_slope_speed: bool,
    keeps_platform_momentum: bool,
}

impl Settings {
    fn settings(self) -> ActorSettings {
        ActorSettings {
            wall_height: self.wall_height,
            corner_correction: self.corner_correction,
            sticks_to_slopes: self.sticks_to_slopes,
            ignores_one_way: self.ignores_one_way,
            ceiling_slide: self.ceiling_slide,
            feet: if self.centre_feet {
                Feet::Centre
            } else {
                Feet::Box
            },
            equal_slope_speed: self.equal_slope_speed,
            keeps_platform_momentum: self.keeps_platform_momentum,
        }
    }
}

/// An actor: its size, settings, and where among the free places it starts.
#[derive(Clone, Copy, Debug, Arbitrary)]
pub struct ActorSpec {
    spot: u16,
    width: u8,
    height: u8,
    settings: Settings,
}

/// A platform: its box, kind and velocity.
#[derive(Clone, Copy, Debug, Arbitrary)]
pub struct PlatformSpec {
    x: u8,
    y: u8,
    width: u8,
    height: u8,
    one_way: bool,
    vx: Speed,
    vy: Speed,
}

/// What the game does to one actor in a frame.
#[derive(Clone, Copy, Debug, Arbitrary)]
pub enum Command {
    /// Step with the velocity it has.
    Keep,
    /// A quarter pixel per frame² of gravity, then step.
    Gravity,
    /// A new velocity, then step.
    Set(Speed, Speed),
    /// A new horizontal velocity and gravity, then step.
    Walk(Speed),
    /// `drop_through`, gravity, then step.
    Drop,
    /// `move_by` instead of a step.
    MoveBy(i32, i32),
    /// `resize` to a new box.
    Resize(u8, u8),
    /// `unstick`.
    Unstick,
    /// `place_on_ground` at a point of the map.
    PlaceOnGround(i16, i16),
    /// `place` anywhere (the game teleports it; not its own motion).
    Teleport(i32, i32),
    /// The queries that move nothing: `touching`, `ground_angle`.
    Ask,
}

/// One frame: a command per actor (gravity for those past the list), and new velocities
/// for the platforms.
#[derive(Clone, Debug, Arbitrary)]
pub struct Frame {
    commands: Vec<Command>,
    platform_speeds: Vec<(Speed, Speed)>,
}

/// A map: its cells as [`cell_of`] reads them or, with `terrain`, each column's ground as
/// [`MapSpec::map`] says; and what lies outside.
#[derive(Clone, Debug, Arbitrary)]
pub struct MapSpec {
    cells: [u8; MAP_W * MAP_H],
    terrain: bool,
    outside: u8,
}

/// A whole scenario.
#[derive(Clone, Debug, Arbitrary)]
pub struct Scenario {
    map: MapSpec,
    actors: Vec<ActorSpec>,
    platforms: Vec<PlatformSpec>,
    frames: Vec<Frame>,
}

/// At most this many of each, and of frames: keeps a run to milliseconds.
const MAX_ACTORS: usize = 4;
const MAX_PLATFORMS: usize = 3;
const MAX_FRAMES: usize = 64;

/// A cell from a byte: mostly empty (as in a level, so that actors walk and fall), else
/// full or any shape of `count` in any variant, now and then one-way.
pub fn cell_of(byte: u8, count: u16) -> Cell {
    let one_way = byte & 0x80 != 0 && byte & 0x40 != 0;
    let cell = match byte & 0x3f {
        0..=35 => Cell::EMPTY,
        36..=43 => Cell::FULL,
        b if count > 0 => Cell::shape(
            ShapeId::new(u16::from(b) % count),
            Variant::ALL[usize::from(byte >> 5 & 7) % 8],
        ),
        _ => Cell::FULL,
    };
    if one_way { cell.one_way() } else { cell }
}

/// Cell (tx, ty) of a terrain: in each column, blocks up to a height its first byte
/// gives, then a shape standing upright (as drawn or mirrored, now and then turned) or a
/// block or nothing, then air; now and then a one-way block or a ceiling above. The kind of
/// level the walk, sticking and climbing meet.
fn terrain_cell(cells: &[u8; MAP_W * MAP_H], tx: usize, ty: i32, count: u16) -> Cell {
    let [height, top, extra] = [cells[tx], cells[MAP_W + tx], cells[2 * MAP_W + tx]];
    let ground = i32::from(height % 3);
    let variant = match top >> 5 {
        0..=2 => Variant::Identity,
        3..=5 => Variant::FlipX,
        v => Variant::ALL[usize::from(v)],
    };
    let above = ground + 2 + i32::from(extra >> 6);
    match ty {
        _ if ty < ground => Cell::FULL,
        _ if ty == ground => match top % 8 {
            0 | 1 => Cell::EMPTY,
            2 => Cell::FULL,
            _ if count == 0 => Cell::FULL,
            t => Cell::shape(ShapeId::new(u16::from(t + (top >> 3)) % count), variant),
        },
        _ if ty == above && extra % 4 == 1 => Cell::FULL.one_way(),
        _ if ty == above && extra % 4 == 2 => Cell::FULL,
        _ => Cell::EMPTY,
    }
}

impl MapSpec {
    /// The map over a blob of `count` shapes.
    pub fn map(&self, count: u16) -> Map {
        let outside = match self.outside % 3 {
            0 => Cell::FULL,
            1 => Cell::EMPTY,
            _ => cell_of(self.outside, count),
        };
        let mut map = Map::new(outside);
        for (i, &b) in self.cells.iter().enumerate() {
            let (tx, ty) = ((i % MAP_W) as i32, (i / MAP_W) as i32);
            let cell = if self.terrain {
                terrain_cell(&self.cells, tx as usize, ty, count)
            } else {
                cell_of(b, count)
            };
            map.set(tx, ty, cell);
        }
        map
    }
}

impl ActorSpec {
    /// The actor at (0, 0): its size (1 to 70 px a side: past `MAX_SIZE` too) and settings.
    pub fn actor(&self) -> Actor {
        let (w, h) = (
            u16::from(self.width % 70 + 1),
            u16::from(self.height % 70 + 1),
        );
        Actor::new(0, 0, w, h).with_settings(self.settings.settings())
    }
}

impl PlatformSpec {
    /// The platform, somewhere over the map of `n`-px tiles.
    pub fn platform(&self, n: i32) -> Platform {
        let mut p = Platform::new(
            i32::from(self.x) % (MAP_W as i32 * n),
            i32::from(self.y) % (MAP_H as i32 * n),
            u16::from(self.width % 80 + 1),
            u16::from(self.height % 24 + 1),
        );
        p.one_way = self.one_way;
        p.vx = self.vx.value();
        p.vy = self.vy.value();
        p
    }
}

impl Scenario {
    /// Runs the scenario on `tables`, checking the mover's promises after every call.
    /// Returns its costliest call.
    pub fn run(&self, tables: Tables<'_>) -> Cost {
        let map = self.map.map(tables.shape_count());
        let counted = Counting::new(&map);
        let oracle = Oracle::new(tables, &map);
        let n = i32::from(tables.tile_size());
        let mut platforms: Vec<Platform> = self
            .platforms
            .iter()
            .take(MAX_PLATFORMS)
            .map(|p| p.platform(n))
            .collect();
        let mut actors: Vec<Actor> = Vec::new();
        for spec in self.actors.iter().take(MAX_ACTORS) {
            let mut a = spec.actor();
            if let Some((x, y)) = free_spot(&oracle, &platforms, &a, spec.spot, n) {
                a.place(x, y);
                actors.push(a);
            }
        }
        let mut worst = Cost::default();
        for frame in self.frames.iter().take(MAX_FRAMES) {
            for (p, &(vx, vy)) in platforms.iter_mut().zip(&frame.platform_speeds) {
                (p.vx, p.vy) = (vx.value(), vy.value());
            }
            counted.take();
            let mut movers = Platforms::new(tables, &counted, &mut platforms);
            for index in 0..movers.platforms().len() {
                movers.advance(index, &mut [&mut actors]);
                let bound = MAX_READS_PER_CALL * (actors.len() as u64 + 1);
                worst.note(counted.take(), bound, || "a platform's move".into());
            }
            // An actor without a command this frame keeps its velocity under gravity, as
            // a game's actors do between inputs.
            let commands = frame
                .commands
                .iter()
                .chain(std::iter::repeat(&Command::Gravity));
            for (a, command) in actors.iter_mut().zip(commands) {
                let world = World::with_platforms(tables, &counted, &platforms);
                let free = oracle.actor_hit(&platforms, a).is_none();
                let before = *a;
                let promise = apply(&world, a, *command);
                worst.note(counted.take(), MAX_READS_PER_CALL, || {
                    let feet = format!("{:?}", a.settings.feet).to_lowercase();
                    format!(
                        "{command:?} of a {}x{} actor, {feet} feet",
                        a.width(),
                        a.height()
                    )
                });
                check_limits(a);
                if promise == Promise::Free || (free && promise == Promise::StaysFree) {
                    let hit = oracle.actor_hit(&platforms, a);
                    assert!(
                        hit.is_none(),
                        "after {command:?} the actor covers pixel {hit:?}\n before: {before:?}\n after:  {a:?}\n platforms: {platforms:?}"
                    );
                }
            }
        }
        worst
    }
}

/// What a call promises about the place it leaves an actor in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Promise {
    /// Free, if it was free before: the actor's own motion never embeds it.
    StaysFree,
    /// Free, whatever it was before (`unstick` that succeeded).
    Free,
    /// Nothing (the game put it there).
    None,
}

/// Applies `command` to `a`, and says what the call promises.
fn apply<M: TileMap>(
    world: &World<'_, M, &[Platform]>,
    a: &mut Actor,
    command: Command,
) -> Promise {
    const GRAVITY: i32 = 64;
    match command {
        Command::Keep => {}
        Command::Gravity => a.vy = a.vy.saturating_sub(GRAVITY),
        Command::Set(vx, vy) => (a.vx, a.vy) = (vx.value(), vy.value()),
        Command::Walk(vx) => {
            a.vx = vx.value();
            a.vy = a.vy.saturating_sub(GRAVITY);
        }
        Command::Drop => {
            a.drop_through();
            a.vy = a.vy.saturating_sub(GRAVITY);
        }
        Command::MoveBy(dx, dy) => {
            world.move_by(a, dx, dy);
            return Promise::StaysFree;
        }
        Command::Resize(w, h) => {
            let before = *a;
            if world.resize(a, u16::from(w), u16::from(h)).is_err() {
                assert_eq!(*a, before, "a refused resize changed the actor");
            }
            return Promise::StaysFree;
        }
        Command::Unstick => {
            return if world.unstick(a) {
                Promise::Free
            } else {
                Promise::StaysFree
            };
        }
        Command::PlaceOnGround(x, y) => {
            let before = *a;
            if !world.place_on_ground(a, i32::from(x), i32::from(y)) {
                assert_eq!(*a, before, "a refused placement changed the actor");
            }
            return Promise::StaysFree;
        }
        Command::Teleport(x, y) => {
            a.place(x, y);
            return Promise::None;
        }
        Command::Ask => {
            let _ = world.touching(a);
            let _ = world.ground_angle(a);
            return Promise::StaysFree;
        }
    }
    world.step(a);
    Promise::StaysFree
}

/// The costliest call of a run: its map reads, and what it was.
#[derive(Clone, Debug, Default)]
pub struct Cost {
    /// Map reads.
    pub reads: u64,
    /// The call.
    pub call: String,
}

impl Cost {
    /// Checks a call's `reads` against its `bound`, and keeps it if it is the costliest
    /// yet (`call` says what it was).
    fn note(&mut self, reads: u64, bound: u64, call: impl FnOnce() -> String) {
        assert!(
            reads <= bound,
            "{} read the map {reads} times, past the bound of {bound}",
            call()
        );
        if reads > self.reads {
            *self = Cost {
                reads,
                call: call(),
            };
        }
    }
}

/// Positions within ±`MAX_POSITION`, sides within 1..=`MAX_SIZE`.
fn check_limits(a: &Actor) {
    assert!(
        a.x.abs() <= MAX_POSITION && a.y.abs() <= MAX_POSITION,
        "position ({}, {}) past ±MAX_POSITION",
        a.x,
        a.y
    );
    assert!((1..=MAX_SIZE).contains(&a.width()) && (1..=MAX_SIZE).contains(&a.height()));
}

/// A free place for `a`'s box, searched from a point `spot` picks (at most 64 tries).
fn free_spot<M: TileMap>(
    oracle: &Oracle<'_, M>,
    platforms: &[Platform],
    a: &Actor,
    spot: u16,
    n: i32,
) -> Option<(i32, i32)> {
    let mut rng = Rng::new(u64::from(spot));
    let mut probe = *a;
    (0..64).find_map(|_| {
        let (x, y) = (
            rng.range(0, MAP_W as i32 * n),
            rng.range(0, MAP_H as i32 * n),
        );
        probe.place(x, y);
        oracle
            .actor_hit(platforms, &probe)
            .is_none()
            .then_some((x, y))
    })
}
