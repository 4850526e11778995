//! Rapier's side: the level's tiles as static colliders, and a `KinematicCharacterController`
//! per character moved with `move_shape` over the query pipeline.
//!
//! Units: one Rapier length unit is one pixel (the plugin's unit), y up; velocities are
//! integrated per frame in pixels, and `move_shape` gets `dt` = 1/60 s (it reads `dt` only
//! to turn a kinematic platform's velocity into a displacement).

use rapier2d::control::{CharacterAutostep, CharacterLength, KinematicCharacterController};
use rapier2d::math::{Pose, Real, Vector};
use rapier2d::prelude::{
    ColliderBuilder, ColliderHandle, PhysicsWorld, QueryFilter, QueryPipeline, SharedShape,
};

use crate::level::{Level, StaticCollider, StaticShape};
use crate::rules::{self, Gravity, Spawn, Walker};

/// One frame, s.
pub const DT: Real = 1.0 / rules::STEPS_PER_SECOND;
/// The gap the controller keeps between the character and what it touches, px
/// (`KinematicCharacterController::offset`).
pub const OFFSET: Real = 0.1;
/// The highest step climbed without a slope, px (`CharacterAutostep::max_height`): the
/// runtime's default wall height, 4 (a rise of 4 px within one pixel of motion is a
/// wall there; here 4 px is still climbed).
pub const AUTOSTEP: Real = 4.0;
/// How far below the feet the ground still holds a character that was on the ground, px
/// (`snap_to_ground`).
pub const SNAP: Real = 4.0;
/// The steepest slope climbed, degrees (the level's steepest is 45°).
pub const MAX_CLIMB_DEGREES: Real = 46.0;
/// Slopes at least this steep make a character slide down, degrees.
pub const MIN_SLIDE_DEGREES: Real = 46.0;

/// The character's collision shape in Rapier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A 10×14 box: the plugin's box.
    Box,
    /// A 10×14 capsule (radius 5, 4 px of straight side): what Rapier's docs use for
    /// characters.
    Capsule,
}

impl Shape {
    /// The shape, centred on the character's position.
    pub fn shared(self) -> SharedShape {
        let (w, h) = (f32::from(rules::SIZE.0), f32::from(rules::SIZE.1));
        match self {
            Shape::Box => SharedShape::cuboid(w / 2.0, h / 2.0),
            Shape::Capsule => SharedShape::capsule_y((h - w) / 2.0, w / 2.0),
        }
    }

    /// Its name in the tables.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Box => "box",
            Shape::Capsule => "capsule",
        }
    }
}

/// The controller every Rapier character uses (see the constants for each setting).
pub fn controller() -> KinematicCharacterController {
    KinematicCharacterController {
        up: Vector::Y,
        offset: CharacterLength::Absolute(OFFSET),
        slide: true,
        autostep: Some(CharacterAutostep {
            max_height: CharacterLength::Absolute(AUTOSTEP),
            // Rapier's default: half the character's width (5 px).
            min_width: CharacterLength::Relative(0.5),
            include_dynamic_bodies: false,
        }),
        max_slope_climb_angle: MAX_CLIMB_DEGREES.to_radians(),
        min_slope_slide_angle: MIN_SLIDE_DEGREES.to_radians(),
        snap_to_ground: Some(CharacterLength::Absolute(SNAP)),
        ..KinematicCharacterController::default()
    }
}

/// A level's static colliders in a Rapier world (no gravity, dt 1/60 s, one pixel per
/// length unit).
pub struct RapierLevel {
    /// The world: every collider of the level, parentless (static).
    pub world: PhysicsWorld,
    /// The colliders made of one-way cells.
    pub one_way: Vec<ColliderHandle>,
    /// How many static colliders the level became.
    pub colliders: usize,
}

impl RapierLevel {
    /// A world of `colliders`, its broad phase built by one step of the physics pipeline.
    pub fn new(colliders: &[StaticCollider]) -> RapierLevel {
        let mut world = PhysicsWorld::new();
        world.gravity = Vector::ZERO;
        world.integration_parameters.dt = DT;
        let mut one_way = Vec::new();
        for collider in colliders {
            let handle = world.insert_collider(builder(&collider.shape), None);
            if collider.one_way {
                one_way.push(handle);
            }
        }
        world.step();
        RapierLevel {
            world,
            one_way,
            colliders: colliders.len(),
        }
    }

    /// `level`'s colliders (`merge`: full cells merged into rectangles).
    pub fn of(level: &Level, merge: bool) -> RapierLevel {
        RapierLevel::new(&level.colliders(merge))
    }

    /// The query pipeline over every collider.
    pub fn queries(&self) -> QueryPipeline<'_> {
        self.world.query_pipeline()
    }
}

/// The Rapier collider of a static shape.
pub fn builder(shape: &StaticShape) -> ColliderBuilder {
    match shape {
        StaticShape::Rect { x0, y0, x1, y1 } => {
            ColliderBuilder::cuboid((x1 - x0) / 2.0, (y1 - y0) / 2.0)
                .translation(Vector::new((x0 + x1) / 2.0, (y0 + y1) / 2.0))
        }
        StaticShape::Hull(points) => {
            // Local to its bottom-left corner, so its numbers stay small.
            let ox = points.iter().map(|p| p[0]).fold(f32::MAX, f32::min);
            let oy = points.iter().map(|p| p[1]).fold(f32::MAX, f32::min);
            let local = points
                .iter()
                .map(|p| Vector::new(p[0] - ox, p[1] - oy))
                .collect();
            ColliderBuilder::convex_polyline(local)
                .expect("a convex hull of at least 3 corners")
                .translation(Vector::new(ox, oy))
        }
    }
}

/// A Rapier character: where it is and its velocity in px per frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Character {
    /// The centre of its shape, px.
    pub centre: Vector,
    /// Horizontal velocity, px per frame.
    pub vx: Real,
    /// Vertical velocity, px per frame (up positive).
    pub vy: Real,
    /// On the ground after its last move (`EffectiveCharacterMovement::grounded`).
    pub grounded: bool,
}

impl Character {
    /// A character whose 10×14 box has its bottom-left corner at `(x, y)` px, lifted by the
    /// controller's offset.
    pub fn at(x: Real, y: Real) -> Character {
        let (w, h) = (f32::from(rules::SIZE.0), f32::from(rules::SIZE.1));
        Character {
            centre: Vector::new(x + w / 2.0, y + h / 2.0 + OFFSET),
            vx: 0.0,
            vy: 0.0,
            grounded: false,
        }
    }

    /// The left edge of its box, px.
    pub fn left(&self) -> Real {
        self.centre.x - f32::from(rules::SIZE.0) / 2.0
    }

    /// The bottom of its shape (its feet), px.
    pub fn feet(&self) -> Real {
        self.centre.y - f32::from(rules::SIZE.1) / 2.0
    }
}

/// What one move did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moved {
    /// The translation applied, px.
    pub translation: Vector,
    /// On the ground after it.
    pub grounded: bool,
    /// It hit a ceiling (a collision whose normal points down).
    pub hit_ceiling: bool,
}

/// A character's controller and shape.
pub struct Mover {
    /// The controller.
    pub controller: KinematicCharacterController,
    /// The shape.
    pub shape: SharedShape,
}

impl Mover {
    /// [`controller`] with `shape`.
    pub fn new(shape: Shape) -> Mover {
        Mover {
            controller: controller(),
            shape: shape.shared(),
        }
    }

    /// Moves `character` by its velocity plus `carried` (what a game adds for the platform
    /// under it) with `move_shape`, then does what a game does with the result: velocity
    /// kept, except `vy` zeroed on landing and on hitting a ceiling.
    pub fn step(
        &self,
        queries: &QueryPipeline<'_>,
        character: &mut Character,
        carried: Vector,
    ) -> Moved {
        let desired = Vector::new(character.vx, character.vy) + carried;
        let mut hit_ceiling = false;
        let movement = self.controller.move_shape(
            DT,
            queries,
            self.shape.as_ref(),
            &Pose::from_translation(character.centre),
            desired,
            |collision| hit_ceiling |= collision.hit.normal1.y < -0.5,
        );
        character.centre += movement.translation;
        character.grounded = movement.grounded;
        if (movement.grounded && character.vy < 0.0) || (hit_ceiling && character.vy > 0.0) {
            character.vy = 0.0;
        }
        Moved {
            translation: movement.translation,
            grounded: movement.grounded,
            hit_ceiling,
        }
    }
}

/// The crowd in Rapier: one controller per character, the same rules.
pub struct RapierCrowd {
    level: RapierLevel,
    mover: Mover,
    characters: Vec<Character>,
    walkers: Vec<Walker>,
    gravity: Gravity,
    frame: u32,
}

impl RapierCrowd {
    /// `level`'s merged colliders with a `shape` character at each of `spawns`, `gravity`
    /// pulling.
    pub fn new(level: &Level, shape: Shape, spawns: &[Spawn], gravity: Gravity) -> RapierCrowd {
        RapierCrowd {
            level: RapierLevel::of(level, true),
            mover: Mover::new(shape),
            characters: spawns
                .iter()
                .map(|s| Character::at(s.x as f32, s.y as f32))
                .collect(),
            walkers: spawns.iter().map(|s| s.walker).collect(),
            gravity,
            frame: 0,
        }
    }

    /// One frame: the rules, then every character's `move_shape`.
    pub fn frame(&mut self) {
        let queries = self.level.queries();
        for (character, walker) in self.characters.iter_mut().zip(&mut self.walkers) {
            let plan = walker.plan(self.frame, character.left());
            character.vx = plan.dir as f32 * rules::WALK;
            character.vy = self.gravity.fall(character.vy, character.grounded);
            if plan.jump && character.grounded {
                character.vy = rules::JUMP;
            }
            self.mover.step(&queries, character, Vector::ZERO);
        }
        self.frame += 1;
    }

    /// Every character's position (its box's bottom-left corner).
    pub fn positions(&self) -> Vec<(f32, f32)> {
        self.characters
            .iter()
            .map(|c| (c.left(), c.feet()))
            .collect()
    }
}

/// A query filter that makes the one-way colliders of `level` solid only for feet at or
/// above their top (the usual workaround for dimforge/rapier#502): returns a predicate
/// for [`QueryFilter::predicate`].
pub fn one_way_predicate(
    level: &RapierLevel,
    feet: Real,
) -> impl Fn(ColliderHandle, &rapier2d::prelude::Collider) -> bool + '_ {
    move |handle, collider| {
        if !level.one_way.contains(&handle) {
            return true;
        }
        let top = collider.compute_aabb().maxs.y;
        feet >= top - 0.01
    }
}

/// The query pipeline of `level` with `predicate` as its filter.
pub fn queries_with<'a>(
    level: &'a RapierLevel,
    predicate: &'a impl Fn(ColliderHandle, &rapier2d::prelude::Collider) -> bool,
) -> QueryPipeline<'a> {
    level
        .world
        .query_pipeline_with_filter(QueryFilter::default().predicate(predicate))
}
