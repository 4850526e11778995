//! What moves: actors and platforms as components, and what a step reports about them.

use bevy::prelude::*;
use slope_runtime::{Actor, Event, Platform};

/// An actor: slope-runtime's [`Actor`] (position in whole pixels, velocity in 1/256 px per
/// step, settings, contacts), stepped once per `FixedUpdate` by [`SlopePlugin`](crate::SlopePlugin).
///
/// A game sets `vx`/`vy` (input, gravity, jumps) in `FixedUpdate` before
/// [`SlopeSystems::Step`](crate::SlopeSystems::Step) and reads the contacts after it.
/// Plain copyable data: saving and restoring it is all rollback needs.
///
/// ```
/// use bevy::prelude::*;
/// use bevy_slope::SlopeActor;
/// use slope_runtime::{Actor, ActorSettings};
///
/// let hero = SlopeActor(Actor::new(24, 32, 10, 14).with_settings(ActorSettings {
///     wall_height: 6,
///     ..ActorSettings::default()
/// }));
/// assert_eq!(hero.width(), 10);
/// let _bundle = (hero, Name::new("hero"));
/// ```
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, Deref, DerefMut)]
#[require(Transform, GroundPlatform)]
pub struct SlopeActor(pub Actor);

/// A moving platform: slope-runtime's [`Platform`] (a box with a velocity in 1/256 px per
/// step, solid or one-way). Platforms move before actors in each step, carrying their
/// riders and pushing what is in their way.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, Deref, DerefMut)]
#[require(Transform)]
pub struct SlopePlatform(pub Platform);

/// The platform an actor stands on after the last step (kept up to date for every
/// [`SlopeActor`]): the entity of `Contacts::ground_platform`.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deref)]
pub struct GroundPlatform(pub Option<Entity>);

/// Asks for an actor's ground angle after each step: add it to a [`SlopeActor`] and read it
/// after [`SlopeSystems::Step`](crate::SlopeSystems::Step). It is
/// `slope_runtime::World::ground_angle`: a byte angle (256 a full turn, counter-clockwise,
/// y up: 0 level, 32 a 45° rise to the right, 224 a 45° fall to the right), 0 in the air.
/// [`GroundAngle::radians`] turns it for a sprite's rotation. Left out, none is computed.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deref)]
pub struct GroundAngle(pub u8);

impl GroundAngle {
    /// The angle in radians, counter-clockwise, in (−π, π]: `Quat::from_rotation_z` of it
    /// tilts a sprite along the ground.
    pub fn radians(self) -> f32 {
        f32::from(self.0 as i8) * (std::f32::consts::PI / 128.0)
    }
}

/// Draws an actor or platform between fixed steps: its `Transform` follows its position
/// interpolated from the step before by `Time<Fixed>::overstep_fraction`, one step behind
/// the simulation. Left out, the `Transform` shows the last step's position.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Interpolated {
    /// The position (bottom-left pixel) before the last step.
    pub previous: IVec2,
}

/// Something that happened to an actor in a step ([`slope_runtime::Event`]: landed, left
/// the ground, hit a wall, hit its head, crushed by a platform), written after every step
/// in the actors' order.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SlopeEvent {
    /// The actor.
    pub entity: Entity,
    /// What happened.
    pub event: Event,
}

/// The position a box's `Transform` shows: its centre, as Bevy's sprites are anchored.
pub(crate) fn centre(x: i32, y: i32, width: u16, height: u16) -> Vec2 {
    Vec2::new(
        x as f32 + f32::from(width) / 2.0,
        y as f32 + f32::from(height) / 2.0,
    )
}
