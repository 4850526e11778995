//! The vocabulary of a lookup: tile variants, overlaps, directions and the eight offsets.
//!
//! Everything here follows the [offset contract](crate::spec): tile-local coordinates with
//! x to the right and **y up**, pixel (0, 0) at the bottom-left, and 0-based overlap sizes.

/// One of the eight ways a shape is placed in a map: the picture, optionally rotated 90°
/// clockwise, then optionally mirrored left-right (X), then optionally mirrored top-bottom (Y).
///
/// The discriminants follow the design write-up's enum order, which is also the order used
/// by the blob format and the `slopegen dump` CSV.
///
/// ```
/// use slope_runtime::Variant;
///
/// let v = Variant::from_name("F90X").unwrap();
/// assert_eq!(v, Variant::Rot90FlipX);
/// assert!(v.rotated() && v.flips_x() && !v.flips_y());
/// assert_eq!(Variant::Identity.name(), "none");
/// assert_eq!(Variant::ALL.len(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(u8)]
pub enum Variant {
    /// `none`: the shape as drawn.
    #[default]
    Identity = 0,
    /// `FX`: mirrored left-right.
    FlipX = 1,
    /// `FY`: mirrored top-bottom (a ceiling piece).
    FlipY = 2,
    /// `FXY`: mirrored both ways (a half turn).
    FlipXY = 3,
    /// `F90`: rotated 90° clockwise.
    Rot90 = 4,
    /// `F90X`: rotated, then mirrored left-right.
    Rot90FlipX = 5,
    /// `F90Y`: rotated, then mirrored top-bottom.
    Rot90FlipY = 6,
    /// `F90XY`: rotated, then mirrored both ways.
    Rot90FlipXY = 7,
}

impl Variant {
    /// All eight variants in index order.
    pub const ALL: [Variant; 8] = [
        Variant::Identity,
        Variant::FlipX,
        Variant::FlipY,
        Variant::FlipXY,
        Variant::Rot90,
        Variant::Rot90FlipX,
        Variant::Rot90FlipY,
        Variant::Rot90FlipXY,
    ];

    const NAMES: [&'static str; 8] = ["none", "FX", "FY", "FXY", "F90", "F90X", "F90Y", "F90XY"];

    /// The variant with this index (0..=7), as stored in maps and blobs.
    pub const fn from_index(index: u8) -> Option<Variant> {
        match index {
            0 => Some(Variant::Identity),
            1 => Some(Variant::FlipX),
            2 => Some(Variant::FlipY),
            3 => Some(Variant::FlipXY),
            4 => Some(Variant::Rot90),
            5 => Some(Variant::Rot90FlipX),
            6 => Some(Variant::Rot90FlipY),
            7 => Some(Variant::Rot90FlipXY),
            _ => None,
        }
    }

    /// The variant built from its three parts.
    pub const fn from_parts(rotated: bool, flip_x: bool, flip_y: bool) -> Variant {
        let index = (rotated as u8) << 2 | (flip_y as u8) << 1 | flip_x as u8;
        match Variant::from_index(index) {
            Some(v) => v,
            None => Variant::Identity, // unreachable: index < 8
        }
    }

    /// The variant's index, 0..=7.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The spec's name: `none`, `FX`, `FY`, `FXY`, `F90`, `F90X`, `F90Y` or `F90XY`.
    pub fn name(self) -> &'static str {
        Variant::NAMES
            .get(usize::from(self.index()))
            .copied()
            .unwrap_or("none")
    }

    /// Parses a spec name (exact, case-sensitive).
    pub fn from_name(name: &str) -> Option<Variant> {
        let index = Variant::NAMES.iter().position(|n| *n == name)?;
        Variant::from_index(u8::try_from(index).ok()?)
    }

    /// Whether the picture is rotated 90° clockwise first.
    #[inline]
    pub const fn rotated(self) -> bool {
        self.index() & 4 != 0
    }

    /// Whether the picture is mirrored left-right (after the rotation).
    #[inline]
    pub const fn flips_x(self) -> bool {
        self.index() & 1 != 0
    }

    /// Whether the picture is mirrored top-bottom (after the rotation).
    #[inline]
    pub const fn flips_y(self) -> bool {
        self.index() & 2 != 0
    }

    /// The pixel of the picture as drawn that shows at pixel `(x, y)` of this variant of an
    /// `n`×`n` tile (both y up, from the tile's bottom-left corner): what a game drawing the
    /// tile's art placed as this variant copies there. `None` outside the tile.
    ///
    /// ```
    /// use slope_runtime::Variant;
    ///
    /// // Mirrored left-right: the left column shows the picture's right one.
    /// assert_eq!(Variant::FlipX.base_pixel(16, 0, 3), Some((15, 3)));
    /// // Rotated 90° clockwise: the bottom row shows the picture's right column, bottom up.
    /// assert_eq!(Variant::Rot90.base_pixel(16, 0, 0), Some((15, 0)));
    /// assert_eq!(Variant::Rot90.base_pixel(16, 15, 0), Some((15, 15)));
    /// assert_eq!(Variant::Identity.base_pixel(16, 16, 0), None);
    /// ```
    pub const fn base_pixel(self, n: u8, x: u8, y: u8) -> Option<(u8, u8)> {
        if x >= n || y >= n {
            return None;
        }
        let last = n - 1;
        let x = if self.flips_x() { last - x } else { x };
        let y = if self.flips_y() { last - y } else { y };
        if self.rotated() {
            // V(x, y) = B(N-1-y, x)
            Some((last - y, x))
        } else {
            Some((x, y))
        }
    }

    /// Which of the blob's four stored variants ([`crate::format::STORED_VARIANTS`]:
    /// `none`, `FY`, `F90`, `F90Y`) this one reads its angle profile and columns from:
    /// itself without its left-right mirror (the mirrored four read their partner's
    /// columns from the other end).
    #[inline]
    pub(crate) const fn stored(self) -> usize {
        (self.index() >> 1) as usize
    }

    /// Which direction in the base shape a move in `dir` on this variant is.
    #[inline]
    pub(crate) const fn base_direction(self, dir: Direction) -> Direction {
        let mut d = dir;
        if self.flips_x() {
            d = match d {
                Direction::Left => Direction::Right,
                Direction::Right => Direction::Left,
                other => other,
            };
        }
        if self.flips_y() {
            d = match d {
                Direction::Up => Direction::Down,
                Direction::Down => Direction::Up,
                other => other,
            };
        }
        if self.rotated() {
            // Rotated picture: V(x, y) = B(N-1-y, x). Moving up in V walks B's x downwards.
            d = match d {
                Direction::Up => Direction::Left,
                Direction::Right => Direction::Up,
                Direction::Down => Direction::Right,
                Direction::Left => Direction::Down,
            };
        }
        d
    }
}

impl core::fmt::Display for Variant {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// A direction of motion in tile-local (y-up) coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards +y.
    Up,
    /// Towards -y.
    Down,
    /// Towards -x.
    Left,
    /// Towards +x.
    Right,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// Whether the direction increases its coordinate (up, right).
    #[inline]
    pub const fn is_positive(self) -> bool {
        matches!(self, Direction::Up | Direction::Right)
    }

    /// Whether the direction moves along x.
    #[inline]
    pub const fn is_horizontal(self) -> bool {
        matches!(self, Direction::Left | Direction::Right)
    }

    /// The opposite direction.
    #[inline]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }
}

/// A box's overlap with one tile, in tile-local pixels: it covers `x..=x+w` and `y..=y+h`,
/// clipped to the tile. `w` and `h` are **0-based** (`w = 0` is one pixel wide).
///
/// Each field is meant to be in `0..=N-1`; lookups clamp larger values to `N-1`.
///
/// ```
/// use slope_runtime::Overlap;
///
/// // a 3×4 px box whose bottom-left pixel is (4, 8)
/// let o = Overlap::new(4, 8, 2, 3);
/// assert_eq!((o.right(), o.top()), (6, 11));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Overlap {
    /// Left column of the box.
    pub x: u8,
    /// Bottom row of the box.
    pub y: u8,
    /// Width minus one.
    pub w: u8,
    /// Height minus one.
    pub h: u8,
}

impl Overlap {
    /// An overlap from its bottom-left pixel and 0-based size.
    pub const fn new(x: u8, y: u8, w: u8, h: u8) -> Overlap {
        Overlap { x, y, w, h }
    }

    /// The rightmost column the box covers (`x + w`, may lie past the tile).
    pub const fn right(self) -> u16 {
        self.x as u16 + self.w as u16
    }

    /// The top row the box covers (`y + h`, may lie past the tile).
    pub const fn top(self) -> u16 {
        self.y as u16 + self.h as u16
    }

    /// Every field clamped to `0..=max`.
    pub(crate) fn clamped(self, max: u8) -> Overlap {
        Overlap {
            x: self.x.min(max),
            y: self.y.min(max),
            w: self.w.min(max),
            h: self.h.min(max),
        }
    }
}

/// The eight offsets of one overlap (see the [offset contract](crate::spec)).
///
/// When the overlap collides with solid pixels, `free_*` is how far to move (signed: up and
/// right positive) to get out, and `colliding_*` repeats it for the side that would then
/// touch. When it does not collide, `free_*` are 0 and `colliding_*` is how far the box can
/// move that way before it touches a solid pixel (0 = already touching).
///
/// ```
/// use slope_runtime::Offsets;
///
/// let free = Offsets::from_distances(false, [7, 1, 6, 1]); // up, down, left, right
/// assert!(!free.is_colliding());
/// assert_eq!((free.colliding_top, free.colliding_bottom), (7, -1));
/// assert_eq!((free.colliding_left, free.colliding_right), (-6, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Offsets {
    /// Move this far left (≤ 0) to get free; 0 when not colliding.
    pub free_left: i8,
    /// Move this far right (≥ 0) to get free; 0 when not colliding.
    pub free_right: i8,
    /// Move this far down (≤ 0) to get free; 0 when not colliding.
    pub free_down: i8,
    /// Move this far up (≥ 0) to get free; 0 when not colliding.
    pub free_up: i8,
    /// Move this far to make the box's left side touch (≤ 0 when free).
    pub colliding_left: i8,
    /// Move this far to make the box's right side touch (≥ 0 when free).
    pub colliding_right: i8,
    /// Move this far to make the box's bottom touch (≤ 0 when free).
    pub colliding_bottom: i8,
    /// Move this far to make the box's top touch (≥ 0 when free).
    pub colliding_top: i8,
}

impl Offsets {
    /// Builds the eight values from the collision flag and the unsigned distance in each
    /// direction, given in [`Direction::ALL`] order (up, down, left, right).
    pub const fn from_distances(colliding: bool, [up, down, left, right]: [u8; 4]) -> Offsets {
        let up = to_i8(up);
        let down = -to_i8(down);
        let left = -to_i8(left);
        let right = to_i8(right);
        if colliding {
            Offsets {
                free_left: left,
                free_right: right,
                free_down: down,
                free_up: up,
                colliding_left: right,
                colliding_right: left,
                colliding_bottom: up,
                colliding_top: down,
            }
        } else {
            Offsets {
                free_left: 0,
                free_right: 0,
                free_down: 0,
                free_up: 0,
                colliding_left: left,
                colliding_right: right,
                colliding_bottom: down,
                colliding_top: up,
            }
        }
    }

    /// The eight values in the spec's CSV column order: `free_left, free_right, free_down,
    /// free_up, colliding_left, colliding_right, colliding_bottom, colliding_top`.
    ///
    /// ```
    /// use slope_runtime::Offsets;
    ///
    /// let o = Offsets::from_distances(true, [5, 1, 5, 12]); // up, down, left, right
    /// assert_eq!(o.to_array(), [-5, 12, -1, 5, 12, -5, 5, -1]);
    /// ```
    pub const fn to_array(&self) -> [i8; 8] {
        [
            self.free_left,
            self.free_right,
            self.free_down,
            self.free_up,
            self.colliding_left,
            self.colliding_right,
            self.colliding_bottom,
            self.colliding_top,
        ]
    }

    /// Whether the overlap covers at least one solid pixel.
    pub const fn is_colliding(&self) -> bool {
        // A colliding overlap always needs at least one step up to get free.
        self.free_up != 0
    }
}

/// Distances never exceed 2N-1 = 127 for N ≤ 64; saturate rather than wrap regardless.
const fn to_i8(v: u8) -> i8 {
    if v > i8::MAX as u8 { i8::MAX } else { v as i8 }
}
