//! Boxes in world pixels and the unit steps between them.

use crate::tables::geometry::Direction;

/// A box in world pixels, inclusive edges, y up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rect {
    /// Left column.
    pub x0: i32,
    /// Bottom row.
    pub y0: i32,
    /// Right column.
    pub x1: i32,
    /// Top row.
    pub y1: i32,
}

impl Rect {
    /// The box with bottom-left pixel (x, y) and the given size (at least 1×1).
    #[inline(always)]
    pub fn of_box(x: i32, y: i32, width: u16, height: u16) -> Rect {
        Rect {
            x0: x,
            y0: y,
            x1: x.saturating_add(i32::from(width.max(1)) - 1),
            y1: y.saturating_add(i32::from(height.max(1)) - 1),
        }
    }

    /// Moved `k` pixels towards `dir`.
    #[inline(always)]
    pub fn shifted(self, dir: Direction, k: i32) -> Rect {
        let (dx, dy) = offset_of(dir, k);
        Rect {
            x0: self.x0.saturating_add(dx),
            x1: self.x1.saturating_add(dx),
            y0: self.y0.saturating_add(dy),
            y1: self.y1.saturating_add(dy),
        }
    }

    /// Grown by `k` pixels on its `dir` side: the region a move of `k` sweeps.
    #[inline(always)]
    pub fn swept(self, dir: Direction, k: i32) -> Rect {
        let mut r = self;
        match dir {
            Direction::Up => r.y1 = r.y1.saturating_add(k),
            Direction::Down => r.y0 = r.y0.saturating_sub(k),
            Direction::Left => r.x0 = r.x0.saturating_sub(k),
            Direction::Right => r.x1 = r.x1.saturating_add(k),
        }
        r
    }

    /// [`Rect::swept`] for a box and a move a step's away from the edge of the world
    /// (`World::clear_of_edge`, the whole-frame shortcuts): the sums stay far inside
    /// `i32`, and wrap where a saturating sum costs several instructions on ARMv6-M at
    /// every call site.
    #[inline(always)]
    pub(crate) fn swept_clear_of_edge(self, dir: Direction, k: i32) -> Rect {
        let mut r = self;
        match dir {
            Direction::Up => r.y1 = r.y1.wrapping_add(k),
            Direction::Down => r.y0 = r.y0.wrapping_sub(k),
            Direction::Left => r.x0 = r.x0.wrapping_sub(k),
            Direction::Right => r.x1 = r.x1.wrapping_add(k),
        }
        r
    }

    /// Grown by `k` pixels on every side, for a box a step's away from the edge of the
    /// world (see [`Rect::swept_clear_of_edge`]).
    #[inline(always)]
    pub(crate) fn grown_clear_of_edge(self, k: i32) -> Rect {
        Rect {
            x0: self.x0.wrapping_sub(k),
            y0: self.y0.wrapping_sub(k),
            x1: self.x1.wrapping_add(k),
            y1: self.y1.wrapping_add(k),
        }
    }

    /// The one-pixel strip just outside the box on its `dir` side: the row or column a
    /// step towards `dir` adds (built directly, not as an edge then shifted: it is asked
    /// for on every step).
    #[inline(always)]
    pub(crate) fn beyond(self, dir: Direction) -> Rect {
        let (dx, dy) = step_of(dir);
        if dir.is_horizontal() {
            let x = if dx > 0 { self.x1 } else { self.x0 }.saturating_add(dx);
            Rect {
                x0: x,
                x1: x,
                ..self
            }
        } else {
            let y = if dy > 0 { self.y1 } else { self.y0 }.saturating_add(dy);
            Rect {
                y0: y,
                y1: y,
                ..self
            }
        }
    }

    /// Whether the two boxes share a pixel.
    #[inline]
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.x0 <= other.x1 && other.x0 <= self.x1 && self.y0 <= other.y1 && other.y0 <= self.y1
    }
}

/// `k` pixels towards `dir` as (dx, dy), saturating (no multiply: on ARMv6-M a checked
/// `i32` multiply is a 64-bit library call).
#[inline(always)]
pub(crate) const fn offset_of(dir: Direction, k: i32) -> (i32, i32) {
    match dir {
        Direction::Up => (0, k),
        Direction::Down => (0, k.saturating_neg()),
        Direction::Left => (k.saturating_neg(), 0),
        Direction::Right => (k, 0),
    }
}

/// The unit step of a direction.
#[inline(always)]
pub(crate) const fn step_of(dir: Direction) -> (i32, i32) {
    match dir {
        Direction::Up => (0, 1),
        Direction::Down => (0, -1),
        Direction::Left => (-1, 0),
        Direction::Right => (1, 0),
    }
}
