//! Moving platforms: solid (or one-way) boxes the game moves each frame with
//! [`move_platform`](crate::move_platform) (see [`crate::motion::carry`] for what a move does).

use super::rect::Rect;

/// A moving box. Solid on every side, or one-way (standable from above only: actors pass
/// through it from below and the sides).
///
/// ```
/// use slope_runtime::Platform;
///
/// let lift = Platform::new(64, 32, 32, 8);
/// assert_eq!(lift.bounds(), (64, 32, 95, 39));
/// assert!(Platform::new(0, 0, 16, 4).one_way().one_way);
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
}

impl Platform {
    /// A solid platform whose bottom-left pixel is (x, y).
    pub const fn new(x: i32, y: i32, width: u16, height: u16) -> Platform {
        Platform {
            x,
            y,
            width,
            height,
            one_way: false,
        }
    }

    /// The same platform, one-way.
    pub const fn one_way(self) -> Platform {
        Platform {
            one_way: true,
            ..self
        }
    }

    /// Its inclusive edges `(x0, y0, x1, y1)`.
    pub fn bounds(&self) -> (i32, i32, i32, i32) {
        let r = self.rect();
        (r.x0, r.y0, r.x1, r.y1)
    }

    pub(crate) fn rect(&self) -> Rect {
        Rect::of_box(self.x, self.y, self.width, self.height)
    }
}
