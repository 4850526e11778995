//! Units and limits, written once.
//!
//! Positions are whole world pixels (`i32`, y up) of a box's bottom-left pixel, plus a
//! sub-pixel remainder. Velocities are fixed point, **1/256 px per frame** ([`SUBPIXEL`]):
//! `vx = 384` moves 1.5 px per frame. Both are integers: no floats anywhere.
//!
//! Every limit is enforced by clamping, never by wrapping, failing or panicking: a velocity
//! component to ±[`MAX_SPEED`] (64 px per frame), a displacement of one call to
//! ±[`MAX_MOVE`], a box side to 1..=[`MAX_SIZE`] (64 px), a wall height or corner
//! correction to [`MAX_REACH`] (64 px), a position to ±[`MAX_POSITION`] (2^30 px, the edge
//! of the world), a spawn's fall to [`MAX_SPAWN_DROP`]. The crate docs' "Limits and cost"
//! says what they bound.

/// Sub-pixel units per pixel: velocities and remainders count in 1/256 px.
pub const SUBPIXEL: i32 = 256;

/// The largest velocity component, in 1/256 px per frame (64 px per frame).
pub const MAX_SPEED: i32 = 64 * SUBPIXEL;

/// The limit of an actor's position (its bottom-left pixel), in pixels: `x` and `y` stay
/// within ±2^30, so its far edges stay within `MAX_POSITION + MAX_SIZE`, far from overflow.
///
/// It is the edge of the world: a move stops at it, and a move that would take the actor
/// past it by a climb, a slide, an escape or a platform's push is refused (see
/// [the crate docs](crate#limits-and-cost)). A position set past it through the public
/// fields is brought back to it at the actor's next move.
pub const MAX_POSITION: i32 = 1 << 30;

/// The largest box side, in pixels (larger sizes are clamped to it). Every pixel step asks
/// about the cells along the box, and some about every cell it covers: this limit keeps a
/// step's cost bounded on every tile size (see [the crate docs](crate#limits-and-cost)).
pub const MAX_SIZE: u16 = 64;

/// The farthest a wall height or a corner correction reaches, in pixels: larger settings
/// act as 64. Each pixel step may try every rise (or sideways nudge) up to it, so it bounds
/// a step's cost (see [the crate docs](crate#limits-and-cost)).
pub const MAX_REACH: u8 = 64;

/// The largest displacement one call takes per axis, in pixels: [`World::move_by`](crate::World::move_by)'s and
/// [`crate::move_platform`]'s components are clamped to ±`MAX_MOVE`, as is the `limit` of
/// [`World::room`](crate::World::room) and [`World::escape`](crate::World::escape). As much as a frame at [`MAX_SPEED`], so that a
/// `move_by` costs at most what a step does (see [the crate docs](crate#limits-and-cost)).
pub const MAX_MOVE: i32 = 64;

/// The farthest [`World::place_on_ground`](crate::World::place_on_ground) drops an actor looking for ground, in pixels
/// (64 cells of 16 px). It tests a strip of the box's width per pixel it looks down (the
/// whole box, for centre feet), so one call costs at most about 1,050 such tests (see [the crate
/// docs](crate#limits-and-cost)).
pub const MAX_SPAWN_DROP: i32 = 1024;

/// Whether position (x, y) lies within the edge of the world (±[`MAX_POSITION`]).
#[inline]
pub(crate) fn within_edge(x: i32, y: i32) -> bool {
    x.unsigned_abs() <= MAX_POSITION.unsigned_abs()
        && y.unsigned_abs() <= MAX_POSITION.unsigned_abs()
}
