//! Helpers for the movement tests: ASCII maps, a pixel oracle independent of the runtime's
//! tables, and frame runners that record what the actor did.
//!
//! # Maps
//! Rows are written top first, one char per cell, as they read on screen, usually as an
//! indented raw string (blank lines and indentation are ignored). The default legend:
//!
//! | char | cell |
//! |------|------|
//! | `.`  | empty |
//! | `#`  | full block |
//! | `/`  | `slope45` (rises to the right) |
//! | `\`  | `slope45 FX` (rises to the left) |
//! | `-`  | one-way full block |
//! | `^`  | one-way `slope45` |
//! | `v`  | one-way `slope45 FX` |
//!
//! Letters are free for each map's own key: `Ascii::with(text, &[('a', piece("slope22_1",
//! "FX"))])`.
//!
//! # The oracle
//! [`cell_solid`] answers "is this pixel solid" from the designed heightmaps of the default
//! tiles (copied from `slopegen/tests/reference.rs`) and the variant rules of
//! `slope-runtime/docs/offsets.md`, without the runtime's tables. [`Profile`] turns a map into the
//! top surface of each world column, so a test can say where a box *must* stand.

use std::sync::OnceLock;

use slope_runtime::{
    Actor, Cell, Contacts, Feet, MAX_MOVE, Rect, Solid, Tables, TileMap, Variant, World,
};

/// Every kind of feet of this build (`Feet::Centre` with the feature `centre_feet`).
pub const FEET: &[Feet] = &[
    Feet::Box,
    #[cfg(feature = "centre_feet")]
    Feet::Centre,
];

/// The tile size of the default tiles.
pub const N: i32 = 16;

/// One pixel per frame, in velocity units.
pub const PX: i32 = 256;

/// Gravity of the frame scripts: 0.25 px per frame², in velocity units.
pub const GRAVITY: i32 = PX / 4;

/// Terminal fall speed of the frame scripts: 8 px per frame.
pub const MAX_FALL: i32 = 8 * PX;

/// The default tiles, as `slopegen tiles` writes them.
pub static BLOB: &[u8] = include_bytes!("../data/tiles.bin");

/// The tables of the default tiles (loaded once).
pub fn tables() -> Tables<'static> {
    static TABLES: OnceLock<Tables<'static>> = OnceLock::new();
    *TABLES.get_or_init(|| Tables::from_bytes(BLOB).expect("the default tiles load"))
}

/// A world over `map` with the default tiles.
pub fn world<M: TileMap>(map: M) -> World<'static, M> {
    World::new(tables(), map)
}

/// The cell of shape `name` placed as `variant` (`none`, `FX`, `FY`, `FXY`, `F90`, …).
pub fn piece(name: &str, variant: &str) -> Cell {
    let id = tables()
        .find(name)
        .unwrap_or_else(|| panic!("no shape named {name:?} in the default tiles"));
    let variant =
        Variant::from_name(variant).unwrap_or_else(|| panic!("no variant named {variant:?}"));
    Cell::shape(id, variant)
}

/// The default legend (see the module docs); `None` for a char it does not define.
pub fn legend(c: char) -> Option<Cell> {
    Some(match c {
        '.' => Cell::EMPTY,
        '#' => Cell::FULL,
        '/' => piece("slope45", "none"),
        '\\' => piece("slope45", "FX"),
        '-' => Cell::FULL.one_way(),
        '^' => piece("slope45", "none").one_way(),
        'v' => piece("slope45", "FX").one_way(),
        _ => return None,
    })
}

/// A map drawn in ASCII. Cell (0, 0) is the bottom-left char; everything outside the
/// drawing is `outside` (empty unless set).
#[derive(Clone, Debug)]
pub struct Ascii {
    /// Rows bottom first.
    rows: Vec<Vec<Cell>>,
    outside: Cell,
}

impl Ascii {
    /// A map in the default legend: one row per non-blank line of `text`, top first,
    /// leading and trailing blanks ignored (so maps can be indented raw strings).
    pub fn new(text: &str) -> Ascii {
        Ascii::with(text, &[])
    }

    /// A map in the default legend plus `key` (which wins over the defaults).
    pub fn with(text: &str, key: &[(char, Cell)]) -> Ascii {
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let width = lines.first().map_or(0, |r| r.chars().count());
        let rows = lines
            .iter()
            .rev()
            .map(|row| {
                assert_eq!(row.chars().count(), width, "ragged map row {row:?}");
                row.chars()
                    .map(|c| {
                        key.iter()
                            .find(|(k, _)| *k == c)
                            .map(|(_, cell)| *cell)
                            .or_else(|| legend(c))
                            .unwrap_or_else(|| panic!("char {c:?} is not in the legend"))
                    })
                    .collect()
            })
            .collect();
        Ascii {
            rows,
            outside: Cell::EMPTY,
        }
    }

    /// The same map with `cell` everywhere outside the drawing.
    pub fn outside(mut self, cell: Cell) -> Ascii {
        self.outside = cell;
        self
    }

    /// Width in tiles.
    pub fn width(&self) -> i32 {
        self.rows.first().map_or(0, |r| r.len() as i32)
    }

    /// Height in tiles.
    pub fn height(&self) -> i32 {
        self.rows.len() as i32
    }

    /// Width in pixels.
    pub fn width_px(&self) -> i32 {
        self.width() * N
    }

    /// Height in pixels.
    pub fn height_px(&self) -> i32 {
        self.height() * N
    }
}

impl TileMap for Ascii {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        let (Ok(x), Ok(y)) = (usize::try_from(tx), usize::try_from(ty)) else {
            return self.outside;
        };
        self.rows
            .get(y)
            .and_then(|r| r.get(x))
            .copied()
            .unwrap_or(self.outside)
    }
}

// ---------------------------------------------------------------------------------------
// The pixel oracle
// ---------------------------------------------------------------------------------------

/// Column heights of the default tiles as designed (`slopegen/tests/reference.rs`):
/// column x is solid in rows `0..h[x]`.
pub fn designed_heights(name: &str) -> [u8; 16] {
    let ramp = |first: u8, per: usize| -> [u8; 16] {
        core::array::from_fn(|x| first + (x / per) as u8) // `per` columns per step
    };
    match name {
        "bump" => [1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1],
        "full" => [16; 16],
        "slope11_1" => ramp(1, 4),
        "slope11_2" => ramp(5, 4),
        "slope11_3" => ramp(9, 4),
        "slope11_4" => ramp(13, 4),
        "slope15_1" => [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6],
        "slope15_2" => [6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11],
        "slope15_3" => [
            11, 12, 12, 12, 13, 13, 13, 14, 14, 14, 15, 15, 15, 16, 16, 16,
        ],
        "slope22_1" => ramp(1, 2),
        "slope22_2" => ramp(9, 2),
        "slope45" => ramp(1, 1),
        other => panic!("no designed heightmap for {other:?}"),
    }
}

/// Whether tile-local pixel (x, y) of `variant` of the shape with these column heights is
/// solid, by the spec's variant rules: rotate 90° clockwise, then mirror X, then mirror Y.
pub fn variant_solid(heights: &[u8; 16], variant: Variant, x: i32, y: i32) -> bool {
    base_pixel(N, variant, x, y).is_some_and(|(x, y)| y < i32::from(heights[x as usize]))
}

/// The pixel of the base picture (`Variant::Identity`) that pixel (x, y) of `variant` of
/// an `n`-px shape shows, by the spec's variant rules (rotate 90° clockwise, then mirror
/// X, then mirror Y); `None` outside the tile.
pub fn base_pixel(n: i32, variant: Variant, x: i32, y: i32) -> Option<(i32, i32)> {
    if !(0..n).contains(&x) || !(0..n).contains(&y) {
        return None;
    }
    let last = n - 1;
    let (mut x, mut y) = (x, y);
    if variant.flips_y() {
        y = last - y;
    }
    if variant.flips_x() {
        x = last - x;
    }
    if variant.rotated() {
        (x, y) = (last - y, x); // V(x, y) = B(N-1-y, x)
    }
    Some((x, y))
}

/// Whether tile-local pixel (x, y) of `cell` is solid (one-way flags not applied).
pub fn cell_solid(cell: Cell, x: i32, y: i32) -> bool {
    if !(0..N).contains(&x) || !(0..N).contains(&y) {
        return false;
    }
    match cell.solid {
        Solid::Empty => false,
        Solid::Full => true,
        Solid::Shape(id, variant) => {
            let name = tables().name(id).expect("a shape of the default tiles");
            variant_solid(&designed_heights(name), variant, x, y)
        }
    }
}

/// Which cells the oracle counts as solid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OneWay {
    /// One-way cells are solid (to stand or walk on them).
    Solid,
    /// One-way cells are air.
    Air,
}

/// Whether world pixel (x, y) of `map` is solid.
pub fn pixel<M: TileMap>(map: &M, x: i32, y: i32, one_way: OneWay) -> bool {
    let (tx, ty) = (x.div_euclid(N), y.div_euclid(N));
    let cell = map.cell(tx, ty);
    if cell.one_way && one_way == OneWay::Air {
        return false;
    }
    cell_solid(cell, x.rem_euclid(N), y.rem_euclid(N))
}

/// Whether `r` covers a solid pixel of `map` (one-way cells are air).
pub fn overlaps_solid<M: TileMap>(map: &M, r: Rect) -> bool {
    (r.y0..=r.y1).any(|y| (r.x0..=r.x1).any(|x| pixel(map, x, y, OneWay::Air)))
}

/// `Feet::Centre`'s rule pixel by pixel, from its docs: the first pixel (bottom row first)
/// that the box `r` of a centre foot with wall height `wall` covers and must not, `solid`
/// telling which pixels are solid (one-way cells as air), `ground` the same with one-way
/// cells solid. Its centre column meets every solid pixel. The ground is the highest pixel
/// under the centre column that `ground` calls solid; from it the
/// surface is traced outwards, each column's height its highest solid pixel from the
/// ground up to `wall − 1` above the last column's (the ground if none), and a column whose
/// solid pixels go on past that without a gap is a wall. Every other column meets the
/// pixels above its surface; a wall and every column beyond it, all of them. (Ground more
/// than `(wall − 1)·far` rows down, `far` the wider side, lets no column reach the box's
/// rows: the search stops there; the unit test of `slope-runtime/src/motion/world/foot.rs`
/// searches without that bound.)
#[cfg(feature = "centre_feet")]
pub fn centre_hit(
    solid: impl Fn(i32, i32) -> bool,
    ground: impl Fn(i32, i32) -> bool,
    r: Rect,
    wall: u8,
) -> Option<(i32, i32)> {
    let foot = r.x0 + (r.x1 - r.x0) / 2;
    let rise = (i32::from(wall.min(64)) - 1).max(0);
    let far = (foot - r.x0).max(r.x1 - foot);
    let ground = (r.y0 - 1 - rise * far..r.y0)
        .rev()
        .find(|&y| ground(foot, y));
    // The lowest row each column meets.
    let mut lowest = vec![r.y0; (r.x1 - r.x0 + 1) as usize];
    if let Some(ground) = ground {
        for step in [-1, 1] {
            let (mut surface, mut x) = (ground, foot + step);
            while (r.x0..=r.x1).contains(&x) {
                let limit = surface + rise;
                surface = (ground + 1..=limit)
                    .rev()
                    .find(|&y| solid(x, y))
                    .unwrap_or(ground);
                if surface == limit && solid(x, limit + 1) {
                    break;
                }
                lowest[(x - r.x0) as usize] = (surface + 1).max(r.y0);
                x += step;
            }
        }
    }
    (r.y0..=r.y1)
        .flat_map(|y| (r.x0..=r.x1).map(move |x| (x, y)))
        .find(|&(x, y)| y >= lowest[(x - r.x0) as usize] && solid(x, y))
}

/// The box of an actor as a [`Rect`].
pub fn rect(a: &Actor) -> Rect {
    let (x0, y0, x1, y1) = a.bounds();
    Rect { x0, y0, x1, y1 }
}

/// The top surface of every world column in `x0..x1`: the height (y of the first free pixel)
/// of the highest solid pixel at or below `top`, or `i32::MIN` for a column with none.
#[derive(Clone, Debug)]
pub struct Profile {
    x0: i32,
    tops: Vec<i32>,
}

impl Profile {
    /// Scans `map` column by column, from `top` down to y = 0.
    pub fn of<M: TileMap>(map: &M, x0: i32, x1: i32, top: i32, one_way: OneWay) -> Profile {
        Profile::scan(x0, x1, top, |x, y| pixel(map, x, y, one_way))
    }

    /// Columns `x0..x1`, pixels `solid`, from `top` down to y = 0.
    pub fn scan(x0: i32, x1: i32, top: i32, solid: impl Fn(i32, i32) -> bool) -> Profile {
        let tops = (x0..x1)
            .map(|x| {
                (0..=top)
                    .rev()
                    .find(|&y| solid(x, y))
                    .map_or(i32::MIN, |y| y + 1)
            })
            .collect();
        Profile { x0, tops }
    }

    /// The surface height of world column `x`.
    pub fn top(&self, x: i32) -> i32 {
        let i = usize::try_from(x - self.x0).expect("column left of the profile");
        *self.tops.get(i).expect("column right of the profile")
    }

    /// Where a box of `width` columns from `x` rests: on its highest column.
    pub fn rest(&self, x: i32, width: i32) -> i32 {
        (x..x + width)
            .map(|c| self.top(c))
            .max()
            .expect("width ≥ 1")
    }
}

// ---------------------------------------------------------------------------------------
// Running actors
// ---------------------------------------------------------------------------------------

/// What an actor looked like after one frame (or one `move_by`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub x: i32,
    pub y: i32,
    pub vx: i32,
    pub vy: i32,
    pub contacts: Contacts,
}

impl Sample {
    pub fn of(a: &Actor) -> Sample {
        Sample {
            x: a.x,
            y: a.y,
            vx: a.vx,
            vy: a.vy,
            contacts: a.contacts,
        }
    }
}

/// Applies the scripts' gravity to `a`'s velocity.
pub fn fall(a: &mut Actor) {
    a.vy = (a.vy - GRAVITY).max(-MAX_FALL);
}

/// Runs `frames` frames: each frame `control` sets the velocity (it gets the frame index),
/// then `World::step`. Returns the actor after each frame.
pub fn run<M: TileMap>(
    world: &World<'_, M>,
    a: &mut Actor,
    frames: usize,
    mut control: impl FnMut(usize, &mut Actor),
) -> Vec<Sample> {
    (0..frames)
        .map(|frame| {
            control(frame, a);
            world.step(a);
            Sample::of(a)
        })
        .collect()
}

/// Runs `frames` frames of walking at `vx` (velocity units) under gravity.
pub fn walk<M: TileMap>(
    world: &World<'_, M>,
    a: &mut Actor,
    vx: i32,
    frames: usize,
) -> Vec<Sample> {
    run(world, a, frames, |_, a| {
        a.vx = vx;
        fall(a);
    })
}

/// Moves `a` by (dx, 0), one `move_by` per pixel, `steps` times. Returns it after each.
pub fn pixel_walk<M: TileMap>(
    world: &World<'_, M>,
    a: &mut Actor,
    dx: i32,
    steps: usize,
) -> Vec<Sample> {
    (0..steps)
        .map(|_| {
            world.move_by(a, dx, 0);
            Sample::of(a)
        })
        .collect()
}

/// Drops `a` straight down (at most `limit` px, in `move_by`s of at most `MAX_MOVE`) and
/// checks it landed.
pub fn land<M: TileMap>(world: &World<'_, M>, a: &mut Actor, limit: i32) {
    let mut left = limit;
    loop {
        let fall = left.min(MAX_MOVE);
        let c = world.move_by(a, 0, -fall);
        left -= fall;
        if c.on_ground() {
            return;
        }
        assert!(left > 0, "the actor did not land: {a:?}");
    }
}
