//! A frame's pixel path: a displacement split into single pixels, x and y interleaved in
//! proportion.

use crate::motion::actor::Actor;
use crate::motion::rect::offset_of;
use crate::tables::geometry::Direction;
use crate::units::{MAX_MOVE, SUBPIXEL};

/// The pixels of a move by (dx, dy): integer Bresenham, so the path never takes a
/// diagonal shortcut past a corner. An axis can be stopped early (something blocked it).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PixelPath {
    total: (u32, u32),
    done: (u32, u32),
    dirs: (Direction, Direction),
}

impl PixelPath {
    /// Both components must lie within ±[`crate::MAX_MOVE`] (callers clamp them).
    pub(crate) fn new(dx: i32, dy: i32) -> PixelPath {
        debug_assert!(dx.unsigned_abs() <= MAX_MOVE as u32 && dy.unsigned_abs() <= MAX_MOVE as u32);
        let x_dir = if dx < 0 {
            Direction::Left
        } else {
            Direction::Right
        };
        let y_dir = if dy < 0 {
            Direction::Down
        } else {
            Direction::Up
        };
        PixelPath {
            total: (dx.unsigned_abs(), dy.unsigned_abs()),
            done: (0, 0),
            dirs: (x_dir, y_dir),
        }
    }

    /// The direction of the horizontal and of the vertical steps.
    pub(crate) fn directions(&self) -> (Direction, Direction) {
        self.dirs
    }

    /// No more steps along the axis of `dir`.
    pub(crate) fn stop(&mut self, dir: Direction) {
        if dir.is_horizontal() {
            self.done.0 = self.total.0;
        } else {
            self.done.1 = self.total.1;
        }
    }
}

impl Iterator for PixelPath {
    type Item = Direction;

    #[inline(always)] // on every pixel: a call costs as much as its body on ARMv6-M
    fn next(&mut self) -> Option<Direction> {
        let ((ax, ay), (dx, dy)) = (self.total, self.done);
        if dx >= ax && dy >= ay {
            return None;
        }
        // Step the axis that is behind in proportion: (dx + ½)/ax against (dy + ½)/ay.
        // Totals are at most MAX_MOVE (2^6), so the products stay below 2^14: 32-bit
        // multiplies, which ARMv6-M has (a 64-bit one is a library call there).
        let x_behind = (2 * dx + 1) * ay <= (2 * dy + 1) * ax;
        if dx < ax && (dy >= ay || x_behind) {
            self.done.0 = dx.saturating_add(1);
            Some(self.dirs.0)
        } else {
            self.done.1 = dy.saturating_add(1);
            Some(self.dirs.1)
        }
    }
}

/// Adds a velocity (1/256 px) to a remainder: whole pixels to move, and the new remainder.
pub(crate) fn split_subpixels(rem: u8, v: i32) -> (i32, u8) {
    // rem < 256 and |v| ≤ MAX_SPEED (2^14): the sum fits.
    let total = i32::from(rem).wrapping_add(v);
    (total.div_euclid(SUBPIXEL), total.rem_euclid(SUBPIXEL) as u8)
}

/// Moves the actor `k` pixels towards `dir`. Never clamped at the edge of the world (a
/// clamp would put it where no test has looked): the callers keep it within reach of the
/// edge (see `World::clear_of_edge`) and undo a move that ends past it.
#[inline(always)]
pub(crate) fn move_actor(actor: &mut Actor, dir: Direction, k: i32) {
    let (dx, dy) = offset_of(dir, k);
    actor.x = actor.x.wrapping_add(dx);
    actor.y = actor.y.wrapping_add(dy);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interleaves_in_proportion_and_ends_exactly() {
        let path: Vec<Direction> = PixelPath::new(4, -2).collect();
        use Direction::*;
        assert_eq!(path, [Right, Down, Right, Right, Down, Right]);
        assert_eq!(PixelPath::new(0, 0).count(), 0);
        assert_eq!(PixelPath::new(-7, 0).filter(|d| *d == Left).count(), 7);
    }

    #[test]
    fn a_stopped_axis_takes_no_more_steps() {
        let mut s = PixelPath::new(3, 3);
        assert_eq!(s.next(), Some(Direction::Right));
        s.stop(Direction::Right);
        assert_eq!(s.by_ref().collect::<Vec<_>>(), [Direction::Up; 3]);
        assert_eq!(s.next(), None);
    }
}
