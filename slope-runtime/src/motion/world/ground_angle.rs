//! The ground angle: the slope of the surface under an actor, read across cell edges.
//!
//! A tile's own angles ([`crate::Surface::angle`]) see one tile: a gentle slope drawn as
//! tiles that each hold one 1-px riser reads flat on every column, and a ramp built of
//! several tile kinds may read differently on each. The ground angle sees the surface
//! around the actor instead: it traces the top of the ground column by column from the
//! foot outwards and fits straight lines to the heights it found (least squares), over a
//! near window (half a tile each side, at least 8 columns) and a wide one (three tiles, at
//! least 24 columns each side and the actor's width, at most 32 each side), and reads the
//! wide one where the surface in it is straight. So a straight staircase reads its true
//! angle wherever the window lies on it, whatever its tiles, and the angle changes
//! gradually over crests, valleys and seams.

use crate::map::{Solid, TileMap};
use crate::motion::actor::Actor;
#[cfg(feature = "centre_feet")]
use crate::motion::actor::Feet;
use crate::motion::platform::Platform;
use crate::motion::world::World;
use crate::motion::world::grid::Grid;
use crate::tables::ShapeId;
use crate::tables::geometry::Variant;
use crate::tables::shape::{Column, Shape};

/// The most columns the window reaches on each side of the foot (65 columns in all). It
/// bounds the call's cost (one column lookup per column traced) and keeps the fit's sums
/// within 32 bits.
pub(crate) const MAX_HALF_WINDOW: i32 = 32;

/// `Σ k²` for `k = 1..=m`, `m = 0..=32`.
const SQUARE_SUMS: [u16; 33] = [
    0, 1, 5, 14, 30, 55, 91, 140, 204, 285, 385, 506, 650, 819, 1015, 1240, 1496, 1785, 2109, 2470,
    2870, 3311, 3795, 4324, 4900, 5525, 6201, 6930, 7714, 8555, 9455, 10416, 11440,
];

/// `tan((a + ½) · 2π/256)` in Q16 for byte angles `a = 0..64`: the boundaries between
/// byte angles, so a slope rounds to the nearest byte angle by comparisons.
const TAN_HALF_STEPS: [u32; 64] = [
    804, 2414, 4026, 5644, 7268, 8901, 10545, 12202, 13874, 15564, 17273, 19005, 20762, 22546,
    24360, 26208, 28093, 30018, 31986, 34002, 36071, 38196, 40382, 42636, 44963, 47369, 49863,
    52451, 55144, 57950, 60880, 63947, 67165, 70548, 74116, 77887, 81885, 86135, 90670, 95523,
    100736, 106358, 112447, 119071, 126314, 134276, 143081, 152884, 163878, 176309, 190499, 206870,
    225990, 248648, 275959, 309568, 351993, 407305, 482534, 590958, 761030, 1066730, 1779314,
    5340086,
];

impl<M: TileMap, P: AsRef<[Platform]>> World<'_, M, P> {
    /// The slope of the ground under `actor`, as a byte angle (256 = a full turn,
    /// counter-clockwise from +x, y up: 0 level, 32 a 45° rise to the right, 224 a 45°
    /// fall to the right), as a game tilts a sprite or scales a speed by it. 0 in the air
    /// and where only a platform holds it (platforms are level).
    ///
    /// It is the slope of the surface around the foot, across cell edges, not one tile's
    /// own angle:
    ///
    /// - **The foot**: [`Feet::Centre`](crate::Feet) reads at the centre column; [box feet](crate::Feet::Box) at the
    ///   column of its box that stands on the ground nearest the centre. The foot's own
    ///   surface is the one nearest the box's bottom, within a tile and the actor's width
    ///   (a centre-feet box whose heel a ledge holds stands above the ground under its
    ///   centre).
    /// - **The trace**: from the foot's surface, the top of the ground is followed column
    ///   by column to each side, each column's top within the actor's climb (its wall
    ///   height − 1, at least 1 px) of the last one's. A wall or a ledge (a step the
    ///   actor could not walk) ends the trace on that side. One-way cells are ground;
    ///   platforms take no part.
    /// - **The windows**: a near one, `N/2` columns each side of the foot (at least 8),
    ///   and a wide one, three tiles (`⌈3N/2⌉` each side, at least 24) or half the
    ///   actor's width if more; both at most 32 columns each side. In 16-px tiles: 8 and
    ///   24. The wide one holds a riser of a slope drawn one riser per tile or every other
    ///   tile, so gentle slopes read true; the near one follows the ground under the foot
    ///   closely, so a one-tile 45° ramp between level ground reads 45° in its middle, and
    ///   level ground beside a slope reads level (or one byte angle off, where the start
    ///   of a gentle slope in the wide window still looks straight).
    /// - **The angle**: of the straight line that fits the traced heights best (least
    ///   squares), rounded to the nearest byte angle (within 1/500 of a step): in the wide
    ///   window where the heights there lie on a line as a staircase's do (their mean
    ///   square distance from it at most ⅛ px²), else in the near window (a slope meets
    ///   level ground or another slope within the wide window). On a straight staircase
    ///   under the whole wide window it is within one byte angle (1.4°) of the
    ///   staircase's true angle (for any staircase rising up to 3 px a column whose
    ///   pattern repeats within 48 columns, or three tiles if less), and it changes by at
    ///   most one byte angle per pixel walked over its seams. Where the window spans
    ///   two slopes (a crest, a valley), it lies between their angles.
    ///
    /// [`crate::Surface::angle`] (what `slopegen preview` shows per tile) is each tile's
    /// own answer; on its own a tile with one 1-px riser cannot tell a step from a gentle
    /// slope, and this angle, which sees the neighbours, decides.
    ///
    /// It costs only when called (a game that never asks pays nothing): at most 65
    /// columns traced, a few pixel tests each, and level ground on blocks taken a cell at a
    /// time. BENCHMARKS.md has its cost on a Cortex-M0 (`bash firmware/bench.sh`).
    ///
    /// ```
    /// use slope_runtime::{Actor, Cell, GridMap, SUBPIXEL, Tables, Variant, World};
    /// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// let tables = Tables::from_bytes(BLOB)?;
    /// let [s1, s2] = ["slope22_1", "slope22_2"].map(|n| tables.find(n).expect("a default tile"));
    /// let mut map: GridMap<14, 5> = GridMap::new(Cell::FULL);
    /// for tx in 0..14 {
    ///     map.set(tx, 0, Cell::FULL);
    /// }
    /// // from x = 64, a ramp rising 1 px every 2 columns (26.6°), two tile kinds
    /// for (k, tx) in (4..12).enumerate() {
    ///     let ty = 1 + k as i32 / 2;
    ///     map.set(tx, ty, Cell::shape(if k % 2 == 0 { s1 } else { s2 }, Variant::Identity));
    ///     for below in 1..ty {
    ///         map.set(tx, below, Cell::FULL);
    ///     }
    /// }
    /// let world = World::new(tables, &map);
    /// let mut hero = Actor::new(8, 16, 8, 12);
    /// let mut angles = Vec::new();
    /// for _ in 0..130 {
    ///     hero.vx = SUBPIXEL;
    ///     hero.vy -= SUBPIXEL / 4;
    ///     world.step(&mut hero);
    ///     angles.push(world.ground_angle(&hero));
    /// }
    /// assert_eq!(angles[0], 0); // on the level floor, the ramp out of sight
    /// assert!(angles[40..60].windows(2).all(|w| w[0] <= w[1])); // rising to the ramp
    /// assert!(angles[100..].iter().all(|&a| a == 19)); // 19 · 1.40625° = 26.7°, on both tiles
    /// # Ok::<(), slope_runtime::BlobError>(())
    /// ```
    pub fn ground_angle(&self, actor: &Actor) -> u8 {
        if !actor.contacts.on_ground() || actor.contacts.ground_cell().is_none() {
            return 0;
        }
        self.grid.surface_angle(actor).unwrap_or(0)
    }
}

impl<M: TileMap> Grid<'_, M> {
    /// [`World::ground_angle`] for an actor on a cell: `None` when no surface lies at its
    /// foot.
    #[inline(never)] // its locals stay off the stack of a step that scales its speed
    fn surface_angle(&self, actor: &Actor) -> Option<u8> {
        let mut ground = Ground::new(self);
        let foot = ground.foot_column(actor);
        // A centre-feet box whose heel a ledge holds stands above the surface under its
        // centre: look as far down as its width (and a tile).
        let reach = self.n.saturating_add(i32::from(actor.width()));
        let h0 = ground.surface_near(foot, actor.y, reach)?;
        let climb = actor.settings.wall().saturating_sub(1).clamp(1, 63);
        let (near_half, half) = self.half_windows(actor);
        let mut fits = Fits {
            near: Fit::default(),
            wide: Fit::default(),
            near_half,
        };
        fits.near.add_run(1, (0, 0), 0); // the foot itself
        fits.wide.add_run(1, (0, 0), 0);
        for side in [-1, 1] {
            ground.trace(foot, h0, side, (half, climb), &mut fits);
        }
        // The wide fit reads gentle slopes true where the near one, with too few risers,
        // cannot; but where its surface is not straight (a slope beside level ground, a
        // crest), the near fit is the ground the actor is on.
        Some(if fits.wide.is_straight() {
            fits.wide.angle()
        } else {
            fits.near.angle()
        })
    }

    /// The two windows' half-widths: `N/2`, at least 8; and `⌈3N/2⌉`, at least 24, or half
    /// the actor's width if more; both at most [`MAX_HALF_WINDOW`].
    fn half_windows(&self, actor: &Actor) -> (i32, i32) {
        let near = (self.n / 2).clamp(8, MAX_HALF_WINDOW);
        let tiles = ((3 * self.n + 1) / 2).max(24);
        let width = (i32::from(actor.width()) + 1) / 2;
        (near, tiles.max(width).min(MAX_HALF_WINDOW))
    }
}

/// The ground's pixels as the trace reads them (solid cells, one-way cells included;
/// platforms take no part), with the last cells and shape it read kept: a trace reads each
/// cell from the map once. (Small fields only: on ARMv6-M every copy of a larger value is
/// a library call.)
struct Ground<'w, 't, M> {
    grid: &'w Grid<'t, M>,
    /// The last two cells read, most recent first.
    cells: [((i32, i32), Solid); 2],
    /// The last shape looked up in the tables.
    shape: Option<(ShapeId, Shape<'t>)>,
}

impl<'w, 't, M: TileMap> Ground<'w, 't, M> {
    fn new(grid: &'w Grid<'t, M>) -> Self {
        // Never a cell of the map: at the edge of i32, past the edge of the world.
        let nowhere = (i32::MIN, i32::MIN);
        Ground {
            grid,
            cells: [(nowhere, Solid::Empty); 2],
            shape: None,
        }
    }

    /// The column the angle is read at: the centre for centre feet; for box feet the
    /// column of the box, nearest the centre (ties: the left one), with ground right under
    /// its bottom (the centre if none has).
    fn foot_column(&mut self, actor: &Actor) -> i32 {
        let centre = actor.centre_x();
        #[cfg(feature = "centre_feet")]
        if actor.settings.feet == Feet::Centre {
            return centre;
        }
        let r = actor.rect();
        let row = actor.y.saturating_sub(1);
        let reach = (centre - r.x0).max(r.x1 - centre);
        for d in 0..=reach {
            for x in [centre - d, centre + d] {
                if (r.x0..=r.x1).contains(&x) && self.solid(x, row) {
                    return x;
                }
            }
        }
        centre
    }

    /// Follows the surface from the foot (column `foot`, surface `h0`) towards `side`
    /// (−1 or 1) for up to `half` columns, each column's surface within `climb` of the
    /// last, and adds each column's height to `fits`. Over a block with air above it, the
    /// surface is level to the block's edge: those columns go in at once.
    fn trace(&mut self, foot: i32, h0: i32, side: i32, (half, climb): (i32, i32), fits: &mut Fits) {
        let mut h = h0;
        let mut k = 1;
        while k <= half {
            let x = foot.saturating_add(side * k);
            let level = self.level_run(x, h, side).min(half - k + 1);
            if level > 0 {
                fits.add_level(side, (k, k + level - 1), h.saturating_sub(h0));
                k += level;
                continue;
            }
            let Some(next) = self.surface_near(x, h, climb) else {
                return; // a wall or a ledge: the surface the actor could walk ends
            };
            h = next;
            fits.add(side, k, h.saturating_sub(h0));
            k += 1;
        }
    }

    /// How many columns from `x` towards `side` are level at surface `h` because they lie
    /// on a full cell with an empty cell above it (0 if column `x` does not).
    fn level_run(&mut self, x: i32, h: i32, side: i32) -> i32 {
        let (ty, row) = self.grid.split(h);
        if row != 0 {
            return 0;
        }
        let (tx, column) = self.grid.split(x);
        let under = self.cell(tx, ty.saturating_sub(1));
        let over = self.cell(tx, ty);
        if !matches!((under, over), (Solid::Full, Solid::Empty)) {
            return 0;
        }
        if side < 0 {
            column + 1
        } else {
            self.grid.n - column
        }
    }

    /// The top of the ground in column `x` nearest height `h` (the `y` of the first air
    /// pixel over a ground pixel), at most `reach` px above or below `h`: up from `h` when
    /// the pixel under `h` is ground, else down. `None` when the column holds ground all
    /// the way up or air all the way down. Each cell of the column is read once.
    fn surface_near(&mut self, x: i32, h: i32, reach: i32) -> Option<i32> {
        let (tx, column) = self.grid.split(x);
        let below = h.saturating_sub(1);
        let (mut ty, mut row) = self.grid.split(below);
        let mut line = self.line(tx, ty, column);
        let last = self.grid.n - 1;
        if line.solid(row) {
            // Up: the first air pixel from `h`, at most `reach` above it.
            for k in 0..=reach {
                if row == last {
                    (ty, row) = (ty.saturating_add(1), 0);
                    line = self.line(tx, ty, column);
                } else {
                    row += 1;
                }
                if !line.solid(row) {
                    return Some(h.saturating_add(k));
                }
            }
            None
        } else {
            // Down: the first ground pixel under `h − 1`.
            for k in 1..=reach {
                if row == 0 {
                    (ty, row) = (ty.saturating_sub(1), last);
                    line = self.line(tx, ty, column);
                } else {
                    row -= 1;
                }
                if line.solid(row) {
                    return Some(below.saturating_sub(k).saturating_add(1));
                }
            }
            None
        }
    }

    /// Whether pixel (x, y) is ground.
    fn solid(&mut self, x: i32, y: i32) -> bool {
        let (tx, column) = self.grid.split(x);
        let (ty, row) = self.grid.split(y);
        self.line(tx, ty, column).solid(row)
    }

    /// Column `column` of cell (tx, ty).
    fn line(&mut self, tx: i32, ty: i32, column: i32) -> Line {
        match self.cell(tx, ty) {
            Solid::Empty => Line::Air,
            Solid::Full => Line::Full,
            // 0 ≤ column < N ≤ 64.
            Solid::Shape(id, variant) => {
                Line::Pixels(self.column_of(id, variant, u8::try_from(column).unwrap_or(0)))
            }
        }
    }

    /// Column `column` of shape `id` in `variant` (a shape the tables lack is air).
    fn column_of(&mut self, id: ShapeId, variant: Variant, column: u8) -> Column {
        match self.shape {
            Some((last, ref shape)) if last == id => shape.column(variant, column),
            _ => {
                let Some(shape) = self.grid.tables.shape(id) else {
                    return Column::EMPTY;
                };
                let pixels = shape.column(variant, column);
                self.shape = Some((id, shape));
                pixels
            }
        }
    }

    /// What fills cell (tx, ty), from the two last read or from the map.
    fn cell(&mut self, tx: i32, ty: i32) -> Solid {
        let [first, second] = self.cells;
        if first.0 == (tx, ty) {
            return first.1;
        }
        if second.0 == (tx, ty) {
            self.cells = [second, first];
            return second.1;
        }
        let solid = self.grid.map.cell(tx, ty).solid;
        self.cells = [((tx, ty), solid), first];
        solid
    }
}

/// One column of one cell.
#[derive(Clone, Copy)]
enum Line {
    Air,
    Full,
    Pixels(Column),
}

impl Line {
    /// Whether its pixel in `row` (0 ≤ row < N) is ground.
    #[inline(always)]
    fn solid(&self, row: i32) -> bool {
        match self {
            Line::Air => false,
            Line::Full => true,
            // 0 ≤ row < N ≤ 64.
            Line::Pixels(c) => c.solid(u8::try_from(row).unwrap_or(0)),
        }
    }
}

/// The two fits: over the near window (`|x| ≤ near_half`) and the whole one.
struct Fits {
    near: Fit,
    wide: Fit,
    near_half: i32,
}

impl Fits {
    /// The column `k` columns towards `side` from the foot, `rise` px above it.
    fn add(&mut self, side: i32, k: i32, rise: i32) {
        let x = side * k;
        self.wide.add_point(x, rise);
        if k <= self.near_half {
            self.near.add_point(x, rise);
        }
    }

    /// Columns `ks.0..=ks.1` towards `side`, all `rise` px above the foot.
    fn add_level(&mut self, side: i32, ks: (i32, i32), rise: i32) {
        self.wide.add_run(side, ks, rise);
        let near_end = ks.1.min(self.near_half);
        if ks.0 <= near_end {
            self.near.add_run(side, (ks.0, near_end), rise);
        }
    }
}

/// A least-squares line through points `(x, h)`, `|x| ≤` [`MAX_HALF_WINDOW`] and
/// `|h| ≤ 63·|x|`: every sum below fits an `i32` (`n ≤ 65`, `n·Σxh < 2^29`).
#[derive(Clone, Copy, Debug, Default)]
struct Fit {
    n: i32,
    sx: i32,
    sh: i32,
    sxx: i32,
    sxh: i32,
    shh: i32,
}

impl Fit {
    /// The point `(x, h)`.
    fn add_point(&mut self, x: i32, h: i32) {
        self.n += 1;
        self.sx += x;
        self.sh += h;
        self.sxx += x * x;
        self.sxh += x * h;
        self.shh += h * h;
    }

    /// Points `(side·k, h)` for `k` in `ks.0..=ks.1` (`0 ≤ k ≤ 32`).
    fn add_run(&mut self, side: i32, (k0, k1): (i32, i32), h: i32) {
        let count = k1 - k0 + 1;
        // Σk over k0..=k1 (a shift, not a division: no divider on ARMv6-M), and Σk² from
        // the table.
        let sk = side * (((k0 + k1) * count) >> 1);
        let squares = |m: i32| i32::from(SQUARE_SUMS.get(m.max(0) as usize).copied().unwrap_or(0));
        self.n += count;
        self.sx += sk;
        self.sh += count * h;
        self.sxx += squares(k1) - squares(k0 - 1);
        self.sxh += sk * h;
        self.shh += count * h * h;
    }

    /// Whether the points lie on a straight line as a staircase's do: the mean square of
    /// their heights' distances from the fitted line at most ⅛ px² (any staircase whose
    /// pattern repeats within 48 columns, rising up to 3 px a column, keeps it under
    /// 0.107; two columns of a 45° slope at the edge of level ground pass it, three do
    /// not). In 64 bits: the sums' products pass 32 (a few
    /// library calls on ARMv6-M, once per ask).
    fn is_straight(&self) -> bool {
        let (n, sx, sh) = (i64::from(self.n), i64::from(self.sx), i64::from(self.sh));
        let run = n * i64::from(self.sxx) - sx * sx;
        let rise = n * i64::from(self.sxh) - sx * sh;
        let spread = n * i64::from(self.shh) - sh * sh;
        // n · (sum of squared residuals) · run = spread · run − rise²
        8 * (spread * run - rise * rise) <= n * n * run
    }

    /// The line's slope as the nearest byte angle (0 with fewer than two points).
    fn angle(&self) -> u8 {
        let rise = self.n * self.sxh - self.sx * self.sh;
        let run = self.n * self.sxx - self.sx * self.sx;
        if run <= 0 {
            return 0;
        }
        byte_angle(rise, run)
    }
}

/// The byte angle nearest `atan(rise / run)`, for `run > 0` and `run < 2^23`: between
/// 193 and 63 (never vertical). The slope is compared in Q16 with the steps' boundaries,
/// so a slope within 1/500 of a step of a boundary may round either way.
pub(crate) fn byte_angle(rise: i32, run: i32) -> u8 {
    let (mag, run) = (rise.unsigned_abs(), run.unsigned_abs().max(1));
    // The slope in Q16, by at most three divisions so that no product passes 32 bits
    // (each a library call on ARMv6-M; remainders by multiplying back).
    let whole = if mag < run { 0 } else { mag / run };
    let rest = mag - whole * run;
    let high = (rest << 8) / run;
    let rest = (rest << 8) - high * run;
    let low = (rest << 8) / run;
    let slope = whole.min(255) << 16 | high << 8 | low;
    let angle = TAN_HALF_STEPS.iter().take_while(|&&t| slope >= t).count();
    let angle = angle.min(63) as u8;
    if rise < 0 {
        angle.wrapping_neg()
    } else {
        angle
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nearest byte angle, or either neighbour when the slope lies within 1/500 of a
    /// step of the boundary between them.
    #[test]
    fn byte_angles_round_to_the_nearest() {
        let runs = [
            1,
            2,
            3,
            7,
            16,
            33,
            100,
            163,
            1000,
            4093,
            65_521,
            (1 << 23) - 1,
        ];
        for rise in -300..=300 {
            for run in runs.into_iter().chain(1..=200) {
                let exact =
                    (f64::from(rise) / f64::from(run)).atan() * 128.0 / core::f64::consts::PI;
                let want = exact.round().clamp(-63.0, 63.0) as i32 as u8;
                let got = byte_angle(rise, run);
                let near_boundary = (exact.abs().fract() - 0.5).abs() < 0.002;
                assert!(
                    got == want || near_boundary && got.abs_diff(want) % 255 <= 1,
                    "{rise}/{run}: {got}, {exact} steps"
                );
            }
        }
        assert_eq!(byte_angle(95, 163), 21); // 21.50014 steps: within 1/500 of the boundary
    }

    #[test]
    fn the_square_sums_are_sums_of_squares() {
        for (m, &sum) in SQUARE_SUMS.iter().enumerate() {
            assert_eq!(usize::from(sum), (1..=m).map(|k| k * k).sum::<usize>());
        }
    }

    #[test]
    fn the_table_holds_the_half_steps() {
        for (a, &t) in TAN_HALF_STEPS.iter().enumerate() {
            let exact = ((a as f64 + 0.5) * core::f64::consts::PI / 128.0).tan() * 65536.0;
            assert!((exact - f64::from(t)).abs() <= 0.5, "{a}");
        }
    }

    fn point(f: &mut Fit, x: i32, h: i32) {
        f.add_run(if x < 0 { -1 } else { 1 }, (x.abs(), x.abs()), h);
    }

    #[test]
    fn a_fit_of_a_line_reads_its_angle() {
        let mut f = Fit::default();
        for x in -32..=32 {
            point(&mut f, x, -x * 63);
        }
        assert_eq!(f.angle(), 193); // -63
        let mut f = Fit::default();
        for x in -24..=24 {
            point(&mut f, x, x.div_euclid(2));
        }
        assert_eq!(f.angle(), 19);
    }

    #[test]
    fn a_level_run_adds_what_its_points_add() {
        for side in [-1, 1] {
            for (k0, k1) in [(1, 1), (1, 16), (5, 9), (17, 32)] {
                let mut run = Fits {
                    near: Fit::default(),
                    wide: Fit::default(),
                    near_half: 8,
                };
                let mut points = Fits { ..run };
                run.add_level(side, (k0, k1), -7);
                for k in k0..=k1 {
                    points.add(side, k, -7);
                }
                for (a, b) in [(run.near, points.near), (run.wide, points.wide)] {
                    assert_eq!(
                        (a.n, a.sx, a.sh, a.sxx, a.sxh, a.shh),
                        (b.n, b.sx, b.sh, b.sxx, b.sxh, b.shh),
                        "{side} {k0}..={k1}"
                    );
                }
            }
        }
    }
}
