//! agb's fixed-point numbers and the runtime's units (feature `agb_fixnum`, off by default).
//!
//! An actor's velocity is in 1/256 px per frame ([`SUBPIXEL`] = 1 px), which is exactly
//! agb's [`Num<i32, 8>`](agb_fixnum::Num): the conversions copy the raw integer, so they are
//! exact both ways and cost nothing. Positions are whole pixels (`Actor::x`, `Actor::y`).
//!
//! The runtime's y axis points **up** (y = 0 is the map's bottom row of pixels, as in
//! [`TileMap`](crate::TileMap)); agb's screen y points down. [`Actor::velocity`] and
//! [`Actor::set_velocity`] keep the runtime's axes; [`screen_y`] turns a box's bottom into
//! the screen row of its top, given the map's height in pixels.
//!
//! ```
//! use agb_fixnum::{Num, num, vec2};
//! use slope_runtime::{Actor, SUBPIXEL};
//!
//! let mut hero = Actor::new(16, 32, 8, 12);
//! hero.set_velocity(vec2(num!(1.5), num!(-0.25))); // 1.5 px right, falling 1/4 px a frame
//! assert_eq!((hero.vx, hero.vy), (3 * SUBPIXEL / 2, -SUBPIXEL / 4));
//! assert_eq!(hero.velocity().x, num!(1.5));
//! assert_eq!(slope_runtime::fixnum::speed(hero.vx), Num::<i32, 8>::new(1) + num!(0.5));
//! // in a 160-px-high map, the box's top row is screen row 160 − (32 + 12) = 116
//! assert_eq!(slope_runtime::fixnum::screen_y(&hero, 160), 116);
//! ```
//!
//! [`SUBPIXEL`]: crate::SUBPIXEL

use agb_fixnum::{Num, Vector2D};

use crate::motion::actor::Actor;

/// A velocity in the runtime's units, as agb's fixed-point number: `SUBPIXEL` is `1`.
pub const fn speed(subpixels: i32) -> Num<i32, 8> {
    Num::from_raw(subpixels)
}

/// agb's fixed-point velocity in the runtime's units (1/256 px per frame).
pub const fn subpixels(speed: Num<i32, 8>) -> i32 {
    speed.to_raw()
}

/// The screen row (y down) of the top of `actor`'s box, in a map `map_height` pixels high.
/// Saturates rather than overflowing.
pub fn screen_y(actor: &Actor, map_height: i32) -> i32 {
    map_height
        .saturating_sub(actor.y)
        .saturating_sub(i32::from(actor.height()))
}

impl Actor {
    /// The velocity as agb's fixed-point vector, in the runtime's axes (y up).
    pub const fn velocity(&self) -> Vector2D<Num<i32, 8>> {
        Vector2D::new(speed(self.vx), speed(self.vy))
    }

    /// Sets the velocity from agb's fixed-point vector, in the runtime's axes (y up).
    pub const fn set_velocity(&mut self, velocity: Vector2D<Num<i32, 8>>) {
        self.vx = subpixels(velocity.x);
        self.vy = subpixels(velocity.y);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_are_exact_both_ways() {
        for v in [i32::MIN, -257, -256, -1, 0, 1, 255, 256, 384, i32::MAX] {
            assert_eq!(subpixels(speed(v)), v);
            assert_eq!(speed(v), Num::<i32, 8>::from_raw(v));
        }
        assert_eq!(speed(crate::SUBPIXEL), Num::new(1));
    }

    #[test]
    fn screen_y_flips_the_axis() {
        let a = Actor::new(0, 0, 4, 10);
        assert_eq!(screen_y(&a, 160), 150);
        let top = Actor::new(0, 150, 4, 10);
        assert_eq!(screen_y(&top, 160), 0);
    }
}
