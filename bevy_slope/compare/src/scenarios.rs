//! Small deterministic scenarios, run the same way in the plugin and in Rapier: walking
//! over tile seams, jumping up through a one-way ledge, riding a moving platform.

use bevy::prelude::*;
use bevy_slope::{SlopeActor, SlopePlatform};
use rapier2d::math::Vector;
use rapier2d::prelude::{ColliderBuilder, ColliderHandle, RigidBodyBuilder};
use slope_runtime::{Actor, Platform};

use crate::level::{Level, StaticShape, compare_assets_folder, example_level, flat_level};
use crate::plugin::app_with_level;
use crate::rapier::{self, Character, Mover, RapierLevel, Shape};
use crate::rules::{self, Gravity, SIZE, subpixels};

/// Steps a plugin app once: `set` changes the actors' and platforms' velocities, then the
/// plugin's step runs.
fn plugin_step(app: &mut App, set: impl FnOnce(&mut World)) {
    set(app.world_mut());
    app.world_mut().run_schedule(FixedUpdate);
}

/// The actor of entity `e`.
fn actor(app: &App, e: Entity) -> Actor {
    app.world().get::<SlopeActor>(e).expect("a spawned actor").0
}

/// `gravity` on `a`, in the runtime's units.
fn fall(a: &mut Actor, gravity: Gravity) {
    a.vy = gravity.fall_subpixels(a.vy, a.contacts.on_ground());
}

/// `gravity` on a Rapier character.
fn fall_rapier(c: &mut Character, gravity: Gravity) {
    c.vy = gravity.fall(c.vy, c.grounded);
}

// ---------------------------------------------------------------------------------------
// (a) seams
// ---------------------------------------------------------------------------------------

/// Frames the character stands before it walks.
pub const SEAM_SETTLE: u32 = 10;
/// Frames it walks: 30 tiles at 2 px per frame.
pub const SEAM_FRAMES: u32 = 240;
/// A frame's x advance or y change counts as off by more than this, px.
pub const SEAM_TOLERANCE: f32 = 0.01;

/// One character walking right along the flat floor of `flat.tmx` (40 cells of the
/// example's full tile): how each frame's move compares with 2 px right, 0 up.
#[derive(Clone, Debug, PartialEq)]
pub struct SeamRun {
    /// Engine and colliders.
    pub engine: String,
    /// Static colliders the floor became (the plugin: 0, it reads the cells).
    pub colliders: usize,
    /// Frames walked.
    pub frames: u32,
    /// Frames whose x advance fell short of 2 px by more than [`SEAM_TOLERANCE`].
    pub short: u32,
    /// Frames whose y changed by more than [`SEAM_TOLERANCE`].
    pub bumped: u32,
    /// The smallest x advance of a frame, px.
    pub min_dx: f32,
    /// The largest |y change| of a frame, px.
    pub max_dy: f32,
    /// Distance walked, px (expected: 2 × frames).
    pub distance: f32,
    /// Frames the controller reported it off the ground (Rapier) or it was off the ground.
    pub airborne: u32,
}

impl SeamRun {
    fn new(engine: String, colliders: usize) -> SeamRun {
        SeamRun {
            engine,
            colliders,
            frames: 0,
            short: 0,
            bumped: 0,
            min_dx: f32::MAX,
            max_dy: 0.0,
            distance: 0.0,
            airborne: 0,
        }
    }

    fn record(&mut self, dx: f32, dy: f32, grounded: bool) {
        self.frames += 1;
        self.short += u32::from(dx < rules::WALK - SEAM_TOLERANCE);
        self.bumped += u32::from(dy.abs() > SEAM_TOLERANCE);
        self.min_dx = self.min_dx.min(dx);
        self.max_dy = self.max_dy.max(dy.abs());
        self.distance += dx;
        self.airborne += u32::from(!grounded);
    }
}

/// Where the seam walk starts: the floor's top, 24 px from the left wall.
fn seam_start(level: &Level) -> (i32, i32) {
    level
        .ground_below(24 + i32::from(SIZE.0) / 2, 40, SIZE.0, SIZE.1)
        .expect("the flat floor")
}

/// The seam walk in the plugin, `gravity` pulling.
pub fn seams_plugin(gravity: Gravity) -> SeamRun {
    let level = Level::load(&flat_level()).expect("flat.tmx compiles");
    let (x, y) = seam_start(&level);
    let assets = compare_assets_folder()
        .canonicalize()
        .expect("the compare assets");
    let mut app = app_with_level(&assets, "flat.tmx");
    let e = app
        .world_mut()
        .spawn(SlopeActor(Actor::new(x, y, SIZE.0, SIZE.1)))
        .id();
    let mut run = SeamRun::new(format!("plugin, {}", gravity.name()), 0);
    for frame in 0..SEAM_SETTLE + SEAM_FRAMES {
        let before = actor(&app, e);
        let walk = frame >= SEAM_SETTLE;
        plugin_step(&mut app, |w| {
            let mut a = w.get_mut::<SlopeActor>(e).expect("the actor");
            a.vx = if walk { subpixels(rules::WALK) } else { 0 };
            fall(&mut a, gravity);
        });
        let after = actor(&app, e);
        if walk {
            run.record(
                (after.x - before.x) as f32,
                (after.y - before.y) as f32,
                after.contacts.on_ground(),
            );
        }
    }
    run
}

/// The seam walk in Rapier: `merge` false is one cuboid per tile (the seams), true one
/// cuboid for the whole floor; `gravity` pulling.
pub fn seams_rapier(shape: Shape, merge: bool, gravity: Gravity) -> SeamRun {
    let level = Level::load(&flat_level()).expect("flat.tmx compiles");
    let (x, y) = seam_start(&level);
    let rapier = RapierLevel::of(&level, merge);
    let queries = rapier.queries();
    let mover = Mover::new(shape);
    let mut c = Character::at(x as f32, y as f32);
    let floor = if merge {
        "merged floor"
    } else {
        "a cuboid per tile"
    };
    let mut run = SeamRun::new(
        format!("rapier {} on {floor}, {}", shape.name(), gravity.name()),
        rapier.colliders,
    );
    for frame in 0..SEAM_SETTLE + SEAM_FRAMES {
        let walk = frame >= SEAM_SETTLE;
        c.vx = if walk { rules::WALK } else { 0.0 };
        fall_rapier(&mut c, gravity);
        let moved = mover.step(&queries, &mut c, Vector::ZERO);
        if walk {
            run.record(moved.translation.x, moved.translation.y, moved.grounded);
        }
    }
    run
}

// ---------------------------------------------------------------------------------------
// (b) one-way
// ---------------------------------------------------------------------------------------

/// Frames the character stands before it jumps.
pub const JUMP_SETTLE: u32 = 5;
/// Frames after the jump.
pub const JUMP_FRAMES: u32 = 90;
/// The centre x the jump starts from: the top of the hill under the upper one-way ledge
/// (cells 12–15 of row 6, under the ledge of cells 11–16 of row 4).
pub const UNDER_LEDGE_X: i32 = 224;

/// A jump straight up under the upper one-way ledge.
#[derive(Clone, Debug, PartialEq)]
pub struct OneWayRun {
    /// Engine and how the ledge is built.
    pub engine: String,
    /// The ledge's bottom and top edges, px.
    pub ledge: (f32, f32),
    /// The feet where the jump starts, px.
    pub start_feet: f32,
    /// The highest the feet got, px.
    pub max_feet: f32,
    /// The feet after [`JUMP_FRAMES`], px.
    pub end_feet: f32,
    /// The frame (after the jump) the head hit something, if it did.
    pub head_hit: Option<u32>,
    /// Standing on the ledge's top at the end.
    pub on_ledge: bool,
}

/// The upper one-way ledge's collider: bottom and top.
fn upper_ledge(level: &Level) -> (f32, f32) {
    level
        .colliders(true)
        .into_iter()
        .filter(|c| c.one_way)
        .map(|c| c.shape)
        .filter_map(|s| match s {
            StaticShape::Rect { x0, x1, y0, y1 }
                if x0 <= UNDER_LEDGE_X as f32 && x1 >= UNDER_LEDGE_X as f32 =>
            {
                Some((y0, y1))
            }
            _ => None,
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .expect("the upper ledge over the hill")
}

/// Where the jump starts: on the hill's top under the ledge.
fn jump_start(level: &Level, ledge_bottom: f32) -> (i32, i32) {
    level
        .ground_below(
            UNDER_LEDGE_X,
            ledge_bottom as i32 - i32::from(SIZE.1) - 1,
            SIZE.0,
            SIZE.1,
        )
        .expect("the hill under the ledge")
}

/// The jump in the plugin: the ledge is one-way.
pub fn one_way_plugin() -> OneWayRun {
    let level = Level::load(&example_level()).expect("level.tmx compiles");
    let ledge = upper_ledge(&level);
    let (x, y) = jump_start(&level, ledge.0);
    let assets = crate::level::assets_folder()
        .canonicalize()
        .expect("the example's assets");
    let mut app = app_with_level(&assets, "level.tmx");
    let e = app
        .world_mut()
        .spawn(SlopeActor(Actor::new(x, y, SIZE.0, SIZE.1)))
        .id();
    let mut run = OneWayRun {
        engine: "plugin (one-way cells)".into(),
        ledge,
        start_feet: y as f32,
        max_feet: y as f32,
        end_feet: y as f32,
        head_hit: None,
        on_ledge: false,
    };
    for frame in 0..JUMP_SETTLE + JUMP_FRAMES {
        plugin_step(&mut app, |w| {
            let mut a = w.get_mut::<SlopeActor>(e).expect("the actor");
            a.vx = 0;
            fall(&mut a, Gravity::Always);
            if frame == JUMP_SETTLE && a.contacts.on_ground() {
                a.vy = subpixels(rules::JUMP);
            }
        });
        let a = actor(&app, e);
        if frame >= JUMP_SETTLE {
            run.max_feet = run.max_feet.max(a.y as f32);
            if a.contacts.on_ceiling() && run.head_hit.is_none() {
                run.head_hit = Some(frame - JUMP_SETTLE);
            }
        } else {
            run.start_feet = a.y as f32;
        }
        run.end_feet = a.y as f32;
        run.on_ledge = a.contacts.on_ground() && a.y as f32 == ledge.1;
    }
    run
}

/// The jump in Rapier: the ledge is a solid cuboid (`workaround` false), or solid only
/// for feet at or above its top, through a query filter predicate (`workaround` true).
pub fn one_way_rapier(workaround: bool) -> OneWayRun {
    let level = Level::load(&example_level()).expect("level.tmx compiles");
    let ledge = upper_ledge(&level);
    let (x, y) = jump_start(&level, ledge.0);
    let rapier = RapierLevel::of(&level, true);
    let mover = Mover::new(Shape::Box);
    let mut c = Character::at(x as f32, y as f32);
    let mut run = OneWayRun {
        engine: if workaround {
            "rapier box, ledge filtered by a QueryFilter predicate".into()
        } else {
            "rapier box, ledge a solid cuboid".into()
        },
        ledge,
        start_feet: c.feet(),
        max_feet: c.feet(),
        end_feet: c.feet(),
        head_hit: None,
        on_ledge: false,
    };
    for frame in 0..JUMP_SETTLE + JUMP_FRAMES {
        c.vx = 0.0;
        fall_rapier(&mut c, Gravity::Airborne);
        if frame == JUMP_SETTLE && c.grounded {
            c.vy = rules::JUMP;
        }
        let moved = if workaround {
            let predicate = rapier::one_way_predicate(&rapier, c.feet());
            let queries = rapier::queries_with(&rapier, &predicate);
            mover.step(&queries, &mut c, Vector::ZERO)
        } else {
            mover.step(&rapier.queries(), &mut c, Vector::ZERO)
        };
        if frame >= JUMP_SETTLE {
            run.max_feet = run.max_feet.max(c.feet());
            if moved.hit_ceiling && run.head_hit.is_none() {
                run.head_hit = Some(frame - JUMP_SETTLE);
            }
        } else {
            run.start_feet = c.feet();
        }
        run.end_feet = c.feet();
        run.on_ledge = c.grounded && (c.feet() - ledge.1).abs() < 0.5;
    }
    run
}

// ---------------------------------------------------------------------------------------
// (c) moving platforms
// ---------------------------------------------------------------------------------------

/// Frames of each ride.
pub const RIDE_FRAMES: u32 = 300;
/// A platform's speed, px per frame (the example's `RIDE`).
pub const RIDE_SPEED: i32 = 1;

/// Which of the level's moving platforms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ride {
    /// `platform`: sideways across the pit, 1 px per frame, turning at its ends.
    Sideways,
    /// `lift`: up and down beside the tower, 1 px per frame.
    Lift,
}

impl Ride {
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Ride::Sideways => "sideways platform",
            Ride::Lift => "lift",
        }
    }

    /// The platform (bottom-left pixel, size) and its two ends, from the level's objects
    /// as the example reads them.
    pub fn path(self, level: &Level) -> (Platform, (i32, i32), (i32, i32)) {
        let (rect, end) = match self {
            Ride::Sideways => ("platform", "platform_end"),
            Ride::Lift => ("lift", "lift_top"),
        };
        let (x, y, w, h) = level.rect(rect).expect("the platform's rectangle");
        let (ex, ey) = level.point(end).expect("the platform's end");
        let to = if ex == x {
            (x, ey - i32::from(h))
        } else {
            (ex, y)
        };
        (Platform::new(x, y, w, h), (x, y), to)
    }
}

/// The platform's velocity (px per frame) at `at` on its path: the example's shuttle.
fn shuttle(at: (f32, f32), v: (i32, i32), from: (i32, i32), to: (i32, i32)) -> (i32, i32) {
    let along_x = from.0 != to.0;
    let (p, lo, hi, cur) = if along_x {
        (at.0, from.0.min(to.0), from.0.max(to.0), v.0)
    } else {
        (at.1, from.1.min(to.1), from.1.max(to.1), v.1)
    };
    let s = if p >= hi as f32 - 0.001 {
        -RIDE_SPEED
    } else if p <= lo as f32 + 0.001 || cur == 0 {
        RIDE_SPEED
    } else {
        cur
    };
    if along_x { (s, 0) } else { (0, s) }
}

/// How Rapier's rider is carried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Carry {
    /// The platform is a parentless collider the game moves; the game adds the platform's
    /// velocity to the rider's desired translation while the rider was grounded.
    /// `platform_first`: the platform moves before the rider (the plugin's order), else
    /// after it.
    GameAdds {
        /// The platform moves first.
        platform_first: bool,
    },
    /// The platform is a velocity-based kinematic body moved by the physics step after
    /// the rider's move; the controller reads its velocity itself (Rapier's own platform
    /// support in `move_shape`); the game adds nothing.
    KinematicBody,
}

impl Carry {
    /// Its description.
    pub fn name(self) -> &'static str {
        match self {
            Carry::GameAdds {
                platform_first: true,
            } => "game adds platform velocity, platform moved first",
            Carry::GameAdds {
                platform_first: false,
            } => "game adds platform velocity, rider moved first",
            Carry::KinematicBody => "kinematic velocity-based body, controller carries",
        }
    }
}

/// A character standing still on a moving platform.
#[derive(Clone, Debug, PartialEq)]
pub struct RideRun {
    /// Engine, platform, how it is carried.
    pub engine: String,
    /// Frames.
    pub frames: u32,
    /// Feet minus the platform's top, each frame after the moves, px: smallest.
    pub gap_min: f32,
    /// Largest.
    pub gap_max: f32,
    /// Mean.
    pub gap_mean: f32,
    /// Frames whose gap differs from the frame before's by more than 0.01 px.
    pub gap_changes: u32,
    /// The rider's x relative to the platform's minus at the start: at the end, px.
    pub drift_end: f32,
    /// Largest |drift| over the ride, px.
    pub drift_max: f32,
    /// Frames the rider was not reported on the ground.
    pub airborne: u32,
    /// Distance the platform travelled, px.
    pub platform_travel: f32,
}

#[derive(Default)]
struct RideStats {
    gaps: Vec<f32>,
    drifts: Vec<f32>,
    airborne: u32,
    travel: f32,
}

impl RideStats {
    fn finish(self, engine: String) -> RideRun {
        let n = self.gaps.len().max(1) as f32;
        RideRun {
            engine,
            frames: self.gaps.len() as u32,
            gap_min: self.gaps.iter().copied().fold(f32::MAX, f32::min),
            gap_max: self.gaps.iter().copied().fold(f32::MIN, f32::max),
            gap_mean: self.gaps.iter().sum::<f32>() / n,
            gap_changes: self
                .gaps
                .windows(2)
                .filter(|w| (w[1] - w[0]).abs() > 0.01)
                .count() as u32,
            drift_end: self.drifts.last().copied().unwrap_or(0.0),
            drift_max: self.drifts.iter().map(|d| d.abs()).fold(0.0, f32::max),
            airborne: self.airborne,
            platform_travel: self.travel,
        }
    }
}

/// A character standing on `ride` in the plugin (`SlopePlatform` moved by velocity),
/// `gravity` pulling.
pub fn ride_plugin(ride: Ride, gravity: Gravity) -> RideRun {
    let level = Level::load(&example_level()).expect("level.tmx compiles");
    let (platform, from, to) = ride.path(&level);
    let assets = crate::level::assets_folder()
        .canonicalize()
        .expect("the example's assets");
    let mut app = app_with_level(&assets, "level.tmx");
    let top = |p: &Platform| p.y + i32::from(p.height);
    let rider_x = platform.x + (i32::from(platform.width) - i32::from(SIZE.0)) / 2;
    let p = app.world_mut().spawn(SlopePlatform(platform)).id();
    let e = app
        .world_mut()
        .spawn(SlopeActor(Actor::new(
            rider_x,
            top(&platform),
            SIZE.0,
            SIZE.1,
        )))
        .id();
    let start_offset = rider_x - platform.x;
    let mut stats = RideStats::default();
    for _ in 0..RIDE_FRAMES {
        let before = app.world().get::<SlopePlatform>(p).expect("the platform").0;
        plugin_step(&mut app, |w| {
            let mut plat = w.get_mut::<SlopePlatform>(p).expect("the platform");
            let v = shuttle(
                (plat.x as f32, plat.y as f32),
                (plat.vx.signum(), plat.vy.signum()),
                from,
                to,
            );
            plat.vx = subpixels(v.0 as f32);
            plat.vy = subpixels(v.1 as f32);
            let mut a = w.get_mut::<SlopeActor>(e).expect("the rider");
            a.vx = 0;
            fall(&mut a, gravity);
        });
        let plat = app.world().get::<SlopePlatform>(p).expect("the platform").0;
        let a = actor(&app, e);
        stats.gaps.push((a.y - top(&plat)) as f32);
        stats.drifts.push((a.x - plat.x - start_offset) as f32);
        stats.airborne += u32::from(!a.contacts.on_ground());
        stats.travel += ((plat.x - before.x).abs() + (plat.y - before.y).abs()) as f32;
    }
    stats.finish(format!("plugin, {}, {}", ride.name(), gravity.name()))
}

/// A character standing on `ride` in Rapier, carried as `carry` says, `gravity` pulling.
pub fn ride_rapier(ride: Ride, carry: Carry, gravity: Gravity) -> RideRun {
    let level = Level::load(&example_level()).expect("level.tmx compiles");
    let (platform, from, to) = ride.path(&level);
    let (w, h) = (f32::from(platform.width), f32::from(platform.height));
    let mut rapier = RapierLevel::of(&level, true);
    let centre = |x: f32, y: f32| Vector::new(x + w / 2.0, y + h / 2.0);
    let collider = ColliderBuilder::cuboid(w / 2.0, h / 2.0);
    let (body, handle): (_, ColliderHandle) = match carry {
        Carry::GameAdds { .. } => (
            None,
            rapier.world.insert_collider(
                collider.translation(centre(platform.x as f32, platform.y as f32)),
                None,
            ),
        ),
        Carry::KinematicBody => {
            let (b, c) = rapier.world.insert(
                RigidBodyBuilder::kinematic_velocity_based()
                    .translation(centre(platform.x as f32, platform.y as f32)),
                collider,
            );
            (Some(b), c)
        }
    };
    rapier.world.step();
    let mover = Mover::new(Shape::Box);
    let rider_x = platform.x as f32 + (w - f32::from(SIZE.0)) / 2.0;
    let mut c = Character::at(rider_x, platform.y as f32 + h);
    c.grounded = true;
    let corner = |rapier: &RapierLevel| {
        let t = rapier.world.colliders[handle].translation();
        (t.x - w / 2.0, t.y - h / 2.0)
    };
    let start_offset = c.left() - platform.x as f32;
    let mut v = (0, 0);
    let mut stats = RideStats::default();
    for _ in 0..RIDE_FRAMES {
        let before = corner(&rapier);
        v = shuttle(before, v, from, to);
        let dv = Vector::new(v.0 as f32, v.1 as f32);
        c.vx = 0.0;
        fall_rapier(&mut c, gravity);
        let carried = if c.grounded { dv } else { Vector::ZERO };
        let moved = match carry {
            Carry::GameAdds { platform_first } => {
                let move_platform = |rapier: &mut RapierLevel| {
                    let at = rapier.world.colliders[handle].translation();
                    rapier.world.colliders[handle].set_translation(at + dv);
                    rapier.world.step();
                };
                if platform_first {
                    move_platform(&mut rapier);
                    mover.step(&rapier.queries(), &mut c, carried)
                } else {
                    let moved = mover.step(&rapier.queries(), &mut c, carried);
                    move_platform(&mut rapier);
                    moved
                }
            }
            Carry::KinematicBody => {
                let b = body.expect("the platform's body");
                rapier.world.bodies[b].set_linvel(dv * rules::STEPS_PER_SECOND, true);
                let moved = mover.step(&rapier.queries(), &mut c, Vector::ZERO);
                rapier.world.step();
                moved
            }
        };
        let after = corner(&rapier);
        stats.gaps.push(c.feet() - (after.1 + h));
        stats.drifts.push(c.left() - after.0 - start_offset);
        stats.airborne += u32::from(!moved.grounded);
        stats.travel += (after.0 - before.0).abs() + (after.1 - before.1).abs();
    }
    stats.finish(format!(
        "rapier box, {}, {}, {}",
        ride.name(),
        carry.name(),
        gravity.name()
    ))
}
