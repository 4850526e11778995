//! Moving platforms: solid (or one-way) boxes the game moves each frame with
//! [`Platforms`](crate::Platforms) or [`move_platform`](crate::move_platform) (see
//! [`carry`] for what a move does).

pub mod carry;
mod push;

use crate::motion::rect::Rect;

/// A moving box. Solid on every side, or one-way (standable from above only: actors pass
/// through it from below and the sides, and drop through it with
/// [`Actor::drop_through`](crate::Actor::drop_through)).
///
/// A platform moves only when the game moves it, each frame before the actors step:
///
/// - by whole pixels: [`Platforms::move_by`](crate::Platforms::move_by) (or
///   [`move_platform`](crate::move_platform));
/// - by its velocity `(vx, vy)`, in 1/256 px per frame like an actor's:
///   [`Platforms::advance`](crate::Platforms::advance) (and [`Scene::update`](crate::Scene::update)).
///   The fraction left over is kept in a private remainder, so a platform at 0.3 px per
///   frame moves 3 px every 10 frames, exactly.
///
/// Either way it moves one pixel at a time: its riders are **carried** each pixel, actors
/// in its way are **pushed**, and an actor that cannot give way is **crushed** (see
/// [`Platforms`](crate::Platforms) for the details). Riders move by the same whole pixels
/// as the platform, so they never drift on it, whatever its speed.
///
/// It remembers what its last move moved ([`Platform::momentum`]): an actor that jumps or
/// walks off it keeps that velocity (see
/// [`ActorSettings::keeps_platform_momentum`](crate::ActorSettings::keeps_platform_momentum)).
///
/// ```
/// use slope_runtime::{Platform, SUBPIXEL};
///
/// let lift = Platform::new(64, 32, 32, 8);
/// assert_eq!(lift.bounds(), (64, 32, 95, 39));
/// assert!(Platform::new(0, 0, 16, 4).one_way().one_way);
/// // 1.5 px per frame to the right, 0.25 px per frame up
/// let ferry = Platform::new(0, 0, 32, 8).with_velocity(3 * SUBPIXEL / 2, SUBPIXEL / 4);
/// assert_eq!((ferry.vx, ferry.vy), (384, 64));
/// assert_eq!(ferry.momentum(), (0, 0)); // it has not moved yet
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Platform {
    /// Left column, world pixels.
    pub x: i32,
    /// Bottom row, world pixels (y up).
    pub y: i32,
    /// Width in pixels (at least 1).
    pub width: u16,
    /// Height in pixels (at least 1).
    pub height: u16,
    /// Standable from above only.
    pub one_way: bool,
    /// Horizontal velocity, 1/256 px per frame, for the moves by velocity
    /// ([`Platforms::advance`](crate::Platforms::advance)); clamped to
    /// ±[`MAX_SPEED`](crate::MAX_SPEED) there. Whole-pixel moves leave it alone.
    pub vx: i32,
    /// Vertical velocity, 1/256 px per frame (positive = up), as `vx`.
    pub vy: i32,
    /// Sub-pixel remainders of the moves by velocity, 1/256 px, in 0..256.
    pub(crate) rem_x: u8,
    pub(crate) rem_y: u8,
    /// What its last move moved, 1/256 px (see [`Platform::momentum`]).
    pub(crate) moved_x: i32,
    pub(crate) moved_y: i32,
}

impl Platform {
    /// A solid platform whose bottom-left pixel is (x, y), at rest.
    pub const fn new(x: i32, y: i32, width: u16, height: u16) -> Platform {
        Platform {
            x,
            y,
            width,
            height,
            one_way: false,
            vx: 0,
            vy: 0,
            rem_x: 0,
            rem_y: 0,
            moved_x: 0,
            moved_y: 0,
        }
    }

    /// The same platform, one-way.
    pub const fn one_way(self) -> Platform {
        Platform {
            one_way: true,
            ..self
        }
    }

    /// The same platform with velocity `(vx, vy)`, in 1/256 px per frame (see
    /// [`Platforms::advance`](crate::Platforms::advance)).
    pub const fn with_velocity(self, vx: i32, vy: i32) -> Platform {
        Platform { vx, vy, ..self }
    }

    /// Its inclusive edges `(x0, y0, x1, y1)`.
    pub fn bounds(&self) -> (i32, i32, i32, i32) {
        let r = self.rect();
        (r.x0, r.y0, r.x1, r.y1)
    }

    /// What its last move moved, in 1/256 px per frame: the velocity an actor leaving it
    /// keeps. A move by velocity records the velocity itself (`(vx, vy)`, so a platform at
    /// 0.3 px per frame gives 0.3 px per frame, not the 0 or 1 whole pixels of one
    /// frame); a move by whole pixels records those pixels (× 256). An axis on which the
    /// move stopped short (an actor crushed with nowhere to go) records the whole pixels
    /// it did move. `(0, 0)` before its first move.
    ///
    /// It is the last move's, however long ago: a game that moves its platforms itself
    /// moves every one of them every frame (by `(0, 0)` when it stands still), as the order
    /// of a frame says, or riders of a stopped platform keep its old momentum.
    pub const fn momentum(&self) -> (i32, i32) {
        (self.moved_x, self.moved_y)
    }

    pub(crate) fn rect(&self) -> Rect {
        Rect::of_box(self.x, self.y, self.width, self.height)
    }
}
