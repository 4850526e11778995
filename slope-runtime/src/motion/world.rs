//! World-space queries: a box in world pixels against the cells of a map.
//!
//! Three questions, each for any [`Direction`], answered from the tables of only the cells
//! the box (or its sweep) covers:
//!
//! - **hits**: does the box cover a solid pixel?
//! - **room**: how far can the box move before it touches one (up to a limit)?
//! - **escape**: what is the least distance that takes it out of every solid pixel?
//!
//! The mover in `movement.rs` is built from these three and nothing else.

use core::ops::ControlFlow;

use super::actor::Feet;
use super::map::{Cell, Solid, TileMap};
use super::platform::Platform;
use super::rect::Rect;
use crate::tables::line::{forward_distance, low_bits};
use crate::tables::shape::LocalBox;
use crate::{Direction, MAX_MOVE, ShapeId, Tables, Variant};

/// Which one-way cells count as solid for one query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OneWay {
    /// None do (moving up or sideways, escaping, or an actor that ignores them).
    Ignored,
    /// Those the feet of `from` (the bottom row of the actor's box before this step) are
    /// not inside: the actor is above them, so it may land or walk on them. They meet only
    /// the bottom row of a query box. Cells in row `skip_row` (being dropped through)
    /// never count.
    Below { from: Rect, skip_row: i32 },
}

/// How an actor's box meets the cells: which one-way cells count, and whether the box
/// stands on a centre foot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    pub one_way: OneWay,
    /// For [`Feet::Centre`]: the box meets the cells as a foot and a body (see [`Foot`]).
    pub foot: Option<Foot>,
    /// A platform that takes no part (the one pushing the actor).
    pub skip_platform: Option<usize>,
}

/// A centre foot (see [`Feet::Centre`]). One-way cells meet only the foot's bottom pixel.
/// Where no shape cell (a slope) lies in the box's bottom `cap + 1` rows or the row under
/// it, the box meets the other cells as a whole, like [`Feet::Box`]. Near shape cells, its
/// centre column meets every solid pixel, and any other column, `d` columns from it, only
/// those at least `min(rise · d, cap)` rows above the box's bottom, where
/// `cap = min(N − 1, height − 1)`. So the box may dip into the ground around its foot as deep as a walkable slope
/// through the foot would put ground (blocks under and beside a slope included), never
/// deeper than a tile's height minus one, and never with its top row: a wall or a ledge
/// rising faster than that still stops it, and ceilings meet its whole top.
///
/// The parts depend on where the box is, so a centre foot's queries always test whole
/// boxes, never the strip a move adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Foot(core::num::NonZeroU32);

impl Foot {
    /// A foot `offset` columns from the box's left edge, the steepest walkable slope
    /// rising `rise` px per column, a box `depth + 1` rows high. Packed in one word: the
    /// rules are copied on every query, and on ARMv6-M a copy of odd-sized fields is a
    /// library call.
    pub(crate) fn new(offset: u8, rise: u8, depth: u8) -> Foot {
        let word = u32::from(offset) | u32::from(rise) << 8 | u32::from(depth) << 16 | 1 << 24;
        // Bit 24 is set: never zero.
        Foot(core::num::NonZeroU32::new(word).unwrap_or(core::num::NonZeroU32::MIN))
    }

    /// The foot column, as an offset from the query box's left edge (so it moves with
    /// every shifted box).
    #[inline(always)]
    pub(crate) fn offset(self) -> i32 {
        (self.0.get() & 0xff) as i32
    }

    /// The rise per column of the steepest walkable slope: the wall height − 1.
    #[inline(always)]
    pub(crate) fn rise(self) -> i32 {
        (self.0.get() >> 8 & 0xff) as i32
    }

    /// The box's height − 1 (its rows above the bottom one): no part is cut deeper.
    #[inline(always)]
    pub(crate) fn depth(self) -> i32 {
        (self.0.get() >> 16 & 0xff) as i32
    }
}

impl Rules {
    #[inline(always)]
    pub(crate) fn new(
        feet: Feet,
        (width, height): (u16, u16),
        wall: i32,
        one_way: OneWay,
    ) -> Rules {
        Rules {
            one_way,
            skip_platform: None,
            foot: match feet {
                Feet::Box => None,
                // Sizes are at most MAX_SIZE and the wall height at most MAX_REACH (64).
                Feet::Centre => Some(Foot::new(
                    u8::try_from(width.saturating_sub(1) / 2).unwrap_or(u8::MAX),
                    u8::try_from(wall.saturating_sub(1).max(0)).unwrap_or(u8::MAX),
                    u8::try_from(height.saturating_sub(1)).unwrap_or(u8::MAX),
                )),
            },
        }
    }

    /// The same rules for a box without a centre foot.
    #[inline]
    fn whole(&self, one_way: OneWay) -> Rules {
        Rules {
            one_way,
            foot: None,
            skip_platform: self.skip_platform,
        }
    }
}

/// A box's relation to one cell along one direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Meeting {
    /// The box covers a solid pixel of the cell.
    pub colliding: bool,
    /// Colliding: how far to move to be free of the cell. Otherwise: how far it can move
    /// before touching it (`i32::MAX` when nothing in the cell is in the way).
    pub distance: i32,
}

/// A block of cells, inclusive: columns `tx0..=tx1`, rows `ty0..=ty1`.
#[derive(Clone, Copy, Debug)]
struct CellSpan {
    tx0: i32,
    tx1: i32,
    ty0: i32,
    ty1: i32,
}

impl CellSpan {
    /// Calls `f` on every cell, row by row, until it breaks; returns what it broke with.
    /// (Plain counting loops: they compile to less than nested inclusive ranges, on the
    /// path every lookup takes.)
    #[inline]
    fn try_each<B>(&self, mut f: impl FnMut(i32, i32) -> ControlFlow<B>) -> Option<B> {
        if self.tx0 > self.tx1 || self.ty0 > self.ty1 {
            return None;
        }
        let mut ty = self.ty0;
        loop {
            let mut tx = self.tx0;
            loop {
                if let ControlFlow::Break(b) = f(tx, ty) {
                    return Some(b);
                }
                if tx >= self.tx1 {
                    break;
                }
                tx = tx.wrapping_add(1); // < tx1: cannot wrap
            }
            if ty >= self.ty1 {
                return None;
            }
            ty = ty.wrapping_add(1);
        }
    }
}

/// A map and the tables its shapes come from.
///
/// The map's shape ids must be the tables' own: a cell naming a shape the tables lack is
/// air (every query, step and platform move treats it as [`Cell::EMPTY`]; see
/// [`Solid::Shape`] and the maps' `check_tables`).
///
/// Every call's work is bounded (see [the crate docs](crate#limits-and-cost)); the box
/// queries ([`World::hits`], [`World::room`], [`World::escape`], [`World::cell_distance`])
/// cost in proportion to the cells their box covers, and for `room` and `escape` sweeps
/// over (at most [`MAX_MOVE`] px).
///
/// ```
/// use slope_runtime::{Cell, GridMap, Rect, Tables, Direction, World};
/// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
/// let tables = Tables::from_bytes(BLOB)?;
/// let mut map: GridMap<4, 4> = GridMap::new(Cell::FULL);
/// map.set(1, 0, Cell::FULL);
/// let world = World::new(tables, &map);
/// // an 8×8 box resting on the block at (1, 0): no room below, 48 px above (up to the wall)
/// let b = Rect { x0: 16, y0: 16, x1: 23, y1: 23 };
/// assert_eq!(world.room(b, Direction::Down, 10), 0);
/// assert_eq!(world.room(b, Direction::Up, 100), 40);
/// # Ok::<(), slope_runtime::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct World<'t, M, P = &'static [Platform]> {
    pub(crate) tables: Tables<'t>,
    pub(crate) map: M,
    pub(crate) platforms: P,
    pub(crate) n: i32,
    /// log2(N) for a power-of-two N, the usual case (pixels to tiles by a shift); 32
    /// otherwise.
    shift: u32,
}

impl<'t, M: TileMap> World<'t, M> {
    /// A world of `map`, whose shape cells refer to `tables`.
    pub fn new(tables: Tables<'t>, map: M) -> World<'t, M> {
        World::with_platforms(tables, map, &[])
    }

    /// A world of `map` and moving `platforms` (solid or one-way boxes, see [`Platform`]
    /// and [`crate::move_platform`]).
    ///
    /// Every world is a slice of platforms (empty for [`World::new`]), so the mover is
    /// compiled once per map type: that keeps firmware small.
    pub fn with_platforms<'p>(
        tables: Tables<'t>,
        map: M,
        platforms: &'p [Platform],
    ) -> World<'t, M, &'p [Platform]> {
        let n = i32::from(tables.tile_size());
        let shift = tile_shift(n);
        World {
            tables,
            map,
            platforms,
            n,
            shift,
        }
    }
}

impl<'t, M: TileMap, P: AsRef<[Platform]>> World<'t, M, P> {
    /// The platforms.
    pub fn platforms(&self) -> &[Platform] {
        self.platforms.as_ref()
    }

    /// The map.
    pub fn map(&self) -> &M {
        &self.map
    }

    /// The tables.
    pub fn tables(&self) -> &Tables<'t> {
        &self.tables
    }

    /// The tile size N.
    pub fn tile_size(&self) -> i32 {
        self.n
    }

    /// Whether `r` covers a solid pixel (one-way cells count as air).
    pub fn hits(&self, r: Rect) -> bool {
        self.hits_with(r, &SOLIDS)
    }

    /// How far `r` can move towards `dir` before it touches a solid pixel, at most `limit`
    /// (one-way cells count as air). 0 when it already collides. `limit` is clamped to
    /// 0..=[`MAX_MOVE`] (64 px): the answer is at most that.
    pub fn room(&self, r: Rect, dir: Direction, limit: i32) -> i32 {
        if self.hits_with(r, &SOLIDS) {
            return 0;
        }
        self.room_with(r, dir, limit.min(MAX_MOVE), &SOLIDS)
    }

    /// The least distance towards `dir`, at most `limit`, at which `r` covers no solid
    /// pixel (0 if it covers none now); `None` if there is none within `limit`. `limit` is
    /// clamped to [`MAX_MOVE`] (64 px): a box that must move farther gets `None`.
    ///
    /// ```
    /// use slope_runtime::{Cell, Direction, GridMap, Rect, Tables, World};
    /// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// let tables = Tables::from_bytes(BLOB)?;
    /// let solid: GridMap<1, 1> = GridMap::new(Cell::FULL); // solid around one empty cell
    /// let world = World::new(tables, &solid);
    /// let b = Rect::of_box(-100, 0, 8, 8);
    /// assert_eq!(world.escape(b, Direction::Up, i32::MAX), None); // none within MAX_MOVE
    /// # Ok::<(), slope_runtime::Error>(())
    /// ```
    pub fn escape(&self, r: Rect, dir: Direction, limit: i32) -> Option<i32> {
        self.escape_with(r, dir, limit.min(MAX_MOVE), &SOLIDS)
    }

    /// The world-space lookup: `r` against cell `(tx, ty)` along `dir`. Returns whether
    /// `r` covers a solid pixel of the cell, and how far it must move to be free of the
    /// cell (when it does) or can move before touching it (when not; `i32::MAX` when
    /// nothing in the cell is in the way). One-way flags are not applied here.
    pub fn cell_distance(&self, tx: i32, ty: i32, r: Rect, dir: Direction) -> (bool, i32) {
        let cell = self.map.cell(tx, ty);
        match self.meet(cell, tx, ty, r, dir) {
            Some(m) => (m.colliding, m.distance),
            None => (false, i32::MAX),
        }
    }

    #[inline(always)]
    pub(crate) fn hits_with(&self, r: Rect, rules: &Rules) -> bool {
        let cells = match rules.foot {
            None => self.hits_cells(r, rules),
            Some(foot) => self.foot_hits(r, rules, foot),
        };
        cells || (!self.platforms.as_ref().is_empty() && self.hits_platforms(r, rules))
    }

    /// Whether the box `r` of a centre foot covers a solid pixel of a cell under `rules`.
    #[inline(never)]
    fn foot_hits(&self, r: Rect, rules: &Rules, foot: Foot) -> bool {
        self.foot_parts(r, rules, foot, |part, part_rules| {
            if self.hits_cells(part, part_rules) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_some()
    }

    /// Calls `f` on each part of the box `r` of a centre foot that meets the cells (see
    /// [`Foot`]), with the whole-box rules it meets them under, until `f` breaks; returns
    /// what `f` broke with. Near shape cells: first the foot column, then the columns beside
    /// it, nearest first, each cut to the rows it meets (one-way cells meet only the foot).
    /// Elsewhere: the whole box.
    pub(crate) fn foot_parts<B>(
        &self,
        r: Rect,
        rules: &Rules,
        foot: Foot,
        mut f: impl FnMut(Rect, &Rules) -> ControlFlow<B>,
    ) -> Option<B> {
        let cap = self.n.saturating_sub(1).min(foot.depth());
        let low = Rect {
            y0: r.y0.saturating_sub(1),
            y1: r.y0.saturating_add(cap).min(r.y1),
            ..r
        };
        let centre = r.x0.saturating_add(foot.offset()).min(r.x1);
        let column = Rect {
            x0: centre,
            x1: centre,
            ..r
        };
        let one_way = match rules.one_way {
            OneWay::Below { from, skip_row } => {
                let x = from.x0.saturating_add(foot.offset()).min(from.x1);
                let from = Rect {
                    x0: x,
                    x1: x,
                    ..from
                };
                OneWay::Below { from, skip_row }
            }
            OneWay::Ignored => OneWay::Ignored,
        };
        let body = rules.whole(OneWay::Ignored);
        if !self.any_shape_in(low) {
            // The whole box; one-way cells still meet only the foot.
            if let ControlFlow::Break(b) = f(r, &body) {
                return Some(b);
            }
            if one_way == OneWay::Ignored {
                return None;
            }
            return f(column, &rules.whole(one_way)).break_value();
        }
        if let ControlFlow::Break(b) = f(column, &rules.whole(one_way)) {
            return Some(b);
        }
        let (left, right) = (centre.saturating_sub(r.x0), r.x1.saturating_sub(centre));
        let far = left.max(right);
        let mut d = 1;
        while d <= far {
            // rise ≤ MAX_REACH and d ≤ MAX_SIZE: the product fits (and needs no
            // saturating multiply, a library call on ARMv6-M).
            let depth = foot.rise().wrapping_mul(d).min(cap);
            // Columns whose depth is capped (or flat feet) all meet the same rows: one part.
            let last = if depth >= cap || foot.rise() == 0 {
                far
            } else {
                d
            };
            let y0 = r.y0.saturating_add(depth);
            let sides = [
                (d <= left).then(|| (centre - last.min(left), centre - d)),
                (d <= right).then(|| (centre + d, centre + last.min(right))),
            ];
            for (x0, x1) in sides.into_iter().flatten() {
                let part = Rect {
                    x0,
                    x1,
                    y0,
                    y1: r.y1,
                };
                if let ControlFlow::Break(b) = f(part, &body) {
                    return Some(b);
                }
            }
            d = last.saturating_add(1);
        }
        None
    }

    /// Whether a shape cell (a slope) of the tables lies among the cells `r` covers.
    fn any_shape_in(&self, r: Rect) -> bool {
        let shape = self.cell_span(r).try_each(|tx, ty| {
            // (A shape the tables lack is air.)
            let shape = match self.map.cell(tx, ty).solid {
                Solid::Shape(id, _) => self.tables.shape(id).is_some(),
                _ => false,
            };
            if shape {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        shape.is_some()
    }

    /// Whether `r` covers a solid pixel of a platform under `rules`.
    #[inline]
    pub(crate) fn hits_platforms(&self, r: Rect, rules: &Rules) -> bool {
        self.platforms_in(r, rules)
            .any(|p| meet_platform(p, r, Direction::Up, rules).is_some_and(|m| m.colliding))
    }

    /// Whether `r` covers a solid pixel of a cell under `rules`.
    #[inline]
    fn hits_cells(&self, r: Rect, rules: &Rules) -> bool {
        if rules.foot.is_none() && (r.y0 == r.y1 || r.x0 == r.x1) {
            self.strip_hits(r, rules)
        } else {
            self.box_hits(r, rules)
        }
    }

    /// [`World::hits_cells`] for any box: the full lookup of every cell it covers.
    #[inline(never)]
    fn box_hits(&self, r: Rect, rules: &Rules) -> bool {
        let hit = self.cell_span(r).try_each(|tx, ty| {
            let cell = self.map.cell(tx, ty);
            // Every cell of the span overlaps `r`: a plain block is hit without a lookup.
            let hit = match cell.solid {
                Solid::Empty => false,
                Solid::Full if !cell.one_way => true,
                _ => self
                    .taking_part(cell, tx, ty, r, rules)
                    .is_some_and(|r| self.collides(cell, tx, ty, r)),
            };
            if hit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        hit.is_some()
    }

    /// [`World::hits_cells`] for a box one pixel thick (a row or a column: the leading
    /// edge of every step), whole-box feet: one line mask per shape cell along it.
    #[inline(never)]
    fn strip_hits(&self, r: Rect, rules: &Rules) -> bool {
        let stop_at_hit = |_, _, hit| {
            if hit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        // One loop per axis: the axis is known at compile time inside each.
        if r.y0 == r.y1 {
            self.strip_cells::<true>(r, rules, stop_at_hit)
        } else {
            self.strip_cells::<false>(r, rules, stop_at_hit)
        }
    }

    /// Calls `f` on each cell along the one-pixel strip `r` (whole-box feet; a row when
    /// `ROW`, else a column) with whether `r` covers a solid pixel of it under `rules`,
    /// until `f` breaks; returns whether it broke.
    #[inline]
    pub(crate) fn strip_cells<const ROW: bool>(
        &self,
        r: Rect,
        rules: &Rules,
        mut f: impl FnMut(i32, i32, bool) -> ControlFlow<()>,
    ) -> bool {
        let (at, from, to) = if ROW {
            (r.y0, r.x0, r.x1)
        } else {
            (r.x0, r.y0, r.y1)
        };
        let ((t, l), (t0, lo0), (t1, hi1)) = (self.split(at), self.split(from), self.split(to));
        let last = self.n.wrapping_sub(1);
        let mut i = t0;
        let mut lo = lo0;
        while i <= t1 {
            let hi = if i == t1 { hi1 } else { last };
            let (tx, ty) = if ROW { (i, t) } else { (t, i) };
            let hit = self.strip_cell_hits::<ROW>(tx, ty, r, rules, l, (lo, hi));
            if f(tx, ty, hit).is_break() {
                return true;
            }
            if i == t1 {
                break;
            }
            i = i.wrapping_add(1); // < t1: cannot wrap
            lo = 0;
        }
        false
    }

    /// Whether the one-pixel strip `r` (see [`Self::strip_cells`]) covers a solid pixel of
    /// cell (tx, ty) under `rules`: `at` is the strip's line in the cell, `span` its pixels
    /// along that line.
    #[inline(always)]
    pub(crate) fn strip_cell_hits<const ROW: bool>(
        &self,
        tx: i32,
        ty: i32,
        r: Rect,
        rules: &Rules,
        at: i32,
        span: (i32, i32),
    ) -> bool {
        let cell = self.map.cell(tx, ty);
        match cell.solid {
            Solid::Empty => false,
            _ if cell.one_way => self.one_way_hits(tx, ty, r, rules),
            Solid::Full => true,
            Solid::Shape(id, variant) => self.line_covers::<ROW>(id, variant, at, span),
        }
    }

    /// [`Tables::line_covers`], out of line: inlined, the tables' fields would be loaded
    /// on every strip, whether it meets a shape or not.
    #[inline(never)]
    fn line_covers<const ROW: bool>(
        &self,
        id: ShapeId,
        variant: Variant,
        at: i32,
        span: (i32, i32),
    ) -> bool {
        self.tables.line_covers(id, variant, ROW, at, span)
    }

    /// [`World::collides_with`] for a one-way cell, out of line: the rare case.
    #[inline(never)]
    fn one_way_hits(&self, tx: i32, ty: i32, r: Rect, rules: &Rules) -> bool {
        self.collides_with(tx, ty, r, rules)
    }

    /// Whether `r` is clear under every rule set at once: it covers no solid pixel of any
    /// cell, one-way cells counted as solid all over (no rule counts more of them), and
    /// overlaps no platform. A move whose boxes all lie inside `r` meets nothing.
    pub(crate) fn clear_under_any_rules(&self, r: Rect) -> bool {
        if self.any_platform_in(r) {
            return false;
        }
        let hit = self.cell_span(r).try_each(|tx, ty| {
            if self.collides(self.map.cell(tx, ty), tx, ty, r) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        hit.is_none()
    }

    /// The tile coordinate of world pixel `v` (along either axis).
    #[inline(always)]
    pub(crate) fn tile_of(&self, v: i32) -> i32 {
        self.split(v).0
    }

    /// Whether `r` covers a solid pixel of a shape cell (not a full one), whole box.
    pub(crate) fn hits_slope(&self, r: Rect, rules: &Rules) -> bool {
        self.cells(r).any(|(tx, ty)| {
            matches!(self.map.cell(tx, ty).solid, Solid::Shape(..))
                && self.collides_with(tx, ty, r, rules)
        })
    }

    /// How far `r`, which must be free, can move towards `dir` (at most `limit`).
    ///
    /// Only the box's leading edge can meet anything new (the rest moves through where the
    /// box already was), so only the cells along that edge are asked; a centre foot's box,
    /// whose parts change with its place, is asked box by box.
    pub(crate) fn room_with(&self, r: Rect, dir: Direction, limit: i32, rules: &Rules) -> i32 {
        let limit = limit.max(0);
        if rules.foot.is_some() {
            // The parts of a centre foot's box change with its place: box by box.
            return (1..=limit)
                .find(|&k| self.hits_with(r.shifted(dir, k), rules))
                .map_or(limit, |k| k - 1);
        }
        let r = self.leading_part(r, dir);
        self.fold_meetings(r, r.swept(dir, limit), dir, rules, limit, |room, m| {
            if m.colliding {
                ControlFlow::Break(0)
            } else {
                ControlFlow::Continue(room.min(m.distance))
            }
        })
    }

    /// Whether `r` moved one pixel towards `dir` covers a solid pixel, for a free `r`:
    /// only its new leading edge is asked (see [`World::room_with`]).
    #[inline(always)]
    pub(crate) fn blocked(&self, r: Rect, dir: Direction, rules: &Rules) -> bool {
        let ahead = if rules.foot.is_some() {
            r.shifted(dir, 1)
        } else {
            r.beyond(dir)
        };
        self.hits_with(ahead, rules)
    }

    /// The part of a free box that leads a move towards `dir`: its edge row or column
    /// (whole-box rules: a centre foot's queries never take this path).
    #[inline]
    fn leading_part(&self, r: Rect, dir: Direction) -> Rect {
        match dir {
            Direction::Up => Rect { y0: r.y1, ..r },
            Direction::Down => Rect { y1: r.y0, ..r },
            Direction::Left => Rect { x1: r.x0, ..r },
            Direction::Right => Rect { x0: r.x1, ..r },
        }
    }

    /// The least distance towards `dir`, at most `limit`, at which `r` covers no solid
    /// pixel under `rules` (0 if it covers none now, whatever the limit).
    pub(crate) fn escape_with(
        &self,
        r: Rect,
        dir: Direction,
        limit: i32,
        rules: &Rules,
    ) -> Option<i32> {
        self.escape_from(r, dir, 0, limit, rules)
    }

    /// [`World::escape_with`], distances below `first` known to collide: an `r` whose step
    /// ahead was found blocked starts at 1, so distance 0 is not asked again.
    pub(crate) fn escape_from(
        &self,
        r: Rect,
        dir: Direction,
        first: i32,
        limit: i32,
        rules: &Rules,
    ) -> Option<i32> {
        if limit <= SCAN_LIMIT || rules.foot.is_some() {
            self.scan_free(r, dir, first, limit.max(0), rules)
        } else {
            self.escape_by_jumps(r, dir, limit, rules)
        }
    }

    /// [`World::escape_with`] by jumping between the obstacles' free distances.
    fn escape_by_jumps(&self, r: Rect, dir: Direction, limit: i32, rules: &Rules) -> Option<i32> {
        // Jump to the farthest first-free distance of the obstacles still hit, and look
        // again: no common free distance lies before it, so the first one found is the
        // least. Each round moves at least one pixel, so at most `limit + 1` rounds.
        let mut k = 0i32;
        loop {
            let moved = r.shifted(dir, k);
            // The farthest free distance among the obstacles `moved` collides with; 0: none.
            let need = self.fold_meetings(moved, moved, dir, rules, 0, |need, m| {
                ControlFlow::Continue(if m.colliding {
                    need.max(m.distance.max(1))
                } else {
                    need
                })
            });
            if need == 0 {
                return Some(k);
            }
            k = k.saturating_add(need);
            if k > limit {
                return None;
            }
        }
    }

    /// The least distance in `first..=limit` at which `r` moved towards `dir` is free,
    /// tried one by one: a short reach (a climb, a slide under a ceiling) costs fewer
    /// whole-box tests than distance lookups per obstacle per round.
    fn scan_free(
        &self,
        r: Rect,
        dir: Direction,
        first: i32,
        limit: i32,
        rules: &Rules,
    ) -> Option<i32> {
        (first..=limit).find(|&k| !self.hits_with(r.shifted(dir, k), rules))
    }

    /// Whether `r` can move `k` pixels towards `dir` without touching a solid pixel under
    /// `rules`: `room_with(r, dir, k, rules) >= k`. Where the rules allow, that is one
    /// whole-box test of the region its leading part sweeps: for a vertical move with
    /// one-way cells ignored, and for a sideways move of whole-box feet. (One-way cells
    /// meet only a query box's bottom row. Sideways, the region's bottom row is exactly
    /// what the moving feet pixel passes; vertically it is only the far row (down) or the
    /// start row (up), so one-way rules there need the distance lookups.)
    pub(crate) fn has_room(&self, r: Rect, dir: Direction, k: i32, rules: &Rules) -> bool {
        if k <= 0 {
            return true;
        }
        let sweepable =
            rules.foot.is_none() && (dir.is_horizontal() || rules.one_way == OneWay::Ignored);
        if sweepable {
            !self.hits_with(self.leading_part(r, dir).swept(dir, k), rules)
        } else {
            self.room_with(r, dir, k, rules) >= k
        }
    }

    /// Folds `f` over `r`'s meetings with every obstacle in `region` (cells row by row,
    /// then platforms) along `dir`, until `f` breaks.
    fn fold_meetings<B: Copy>(
        &self,
        r: Rect,
        region: Rect,
        dir: Direction,
        rules: &Rules,
        init: B,
        mut f: impl FnMut(B, Meeting) -> ControlFlow<B, B>,
    ) -> B {
        let mut acc = init;
        let mut fold = |m: Option<Meeting>| match m.map(|m| f(acc, m)) {
            Some(ControlFlow::Break(done)) => ControlFlow::Break(done),
            Some(ControlFlow::Continue(next)) => {
                acc = next;
                ControlFlow::Continue(())
            }
            None => ControlFlow::Continue(()),
        };
        let cells = self
            .cell_span(region)
            .try_each(|tx, ty| fold(self.meet_with(tx, ty, r, dir, rules)));
        if let Some(done) = cells {
            return done;
        }
        for p in self.platforms_in(region, rules) {
            if let ControlFlow::Break(done) = fold(meet_platform(p, r, dir, rules)) {
                return done;
            }
        }
        acc
    }

    /// Whether any platform overlaps `region` (one test when there are none).
    #[inline]
    pub(crate) fn any_platform_in(&self, region: Rect) -> bool {
        !self.platforms.as_ref().is_empty() && self.platforms_in(region, &SOLIDS).next().is_some()
    }

    /// The platforms that overlap `region` and take part under `rules`.
    fn platforms_in<'a>(
        &'a self,
        region: Rect,
        rules: &'a Rules,
    ) -> impl Iterator<Item = &'a Platform> + 'a {
        self.indexed_platforms_in(region, rules).map(|(_, p)| p)
    }

    /// [`World::platforms_in`], with their indices.
    fn indexed_platforms_in<'a>(
        &'a self,
        region: Rect,
        rules: &'a Rules,
    ) -> impl Iterator<Item = (usize, &'a Platform)> + 'a {
        self.platforms
            .as_ref()
            .iter()
            .enumerate()
            .filter(move |&(i, p)| Some(i) != rules.skip_platform && p.rect().overlaps(&region))
    }

    /// The platforms the row `below` (under an actor's feet) meets under `rules`: the
    /// index of the one nearest column `centre` (the first of equals), and whether every
    /// one of them is one-way. `None` when it meets none.
    pub(crate) fn platform_under(
        &self,
        below: Rect,
        rules: &Rules,
        centre: i32,
    ) -> Option<(usize, bool)> {
        let mut best: Option<(i32, usize)> = None; // (distance from centre, index)
        let mut only_one_way = true;
        for (i, p) in self.indexed_platforms_in(below, rules) {
            if !meet_platform(p, below, Direction::Up, rules).is_some_and(|m| m.colliding) {
                continue;
            }
            only_one_way &= p.one_way;
            let r = p.rect();
            let off = if centre < r.x0 {
                r.x0.saturating_sub(centre)
            } else {
                centre.saturating_sub(r.x1).max(0)
            };
            if best.is_none_or(|(d, _)| off < d) {
                best = Some((off, i));
            }
        }
        best.map(|(_, i)| (i, only_one_way))
    }

    /// The cells `r` covers, row by row.
    pub(crate) fn cells(&self, r: Rect) -> impl Iterator<Item = (i32, i32)> + use<M, P> {
        let CellSpan { tx0, tx1, ty0, ty1 } = self.cell_span(r);
        (ty0..=ty1).flat_map(move |ty| (tx0..=tx1).map(move |tx| (tx, ty)))
    }

    /// The first world pixel of tile coordinate `t` (along either axis): `t · N`, a shift
    /// for power-of-two tiles (exact for every `t` that [`Self::split`] returns).
    #[inline(always)]
    pub(crate) fn tile_origin(&self, t: i32) -> i32 {
        if self.shift < 32 {
            t.wrapping_shl(self.shift)
        } else {
            t.saturating_mul(self.n)
        }
    }

    /// World pixel `v` as its tile coordinate and its pixel within that tile.
    #[inline(always)]
    pub(crate) fn split(&self, v: i32) -> (i32, i32) {
        split(v, self.n, self.shift)
    }

    /// The range of cells `r` covers.
    #[inline(always)]
    fn cell_span(&self, r: Rect) -> CellSpan {
        CellSpan {
            tx0: self.tile_of(r.x0),
            tx1: self.tile_of(r.x1),
            ty0: self.tile_of(r.y0),
            ty1: self.tile_of(r.y1),
        }
    }

    /// `r` against one cell under `rules`; `None` if the cell takes no part.
    #[inline]
    pub(crate) fn meet_with(
        &self,
        tx: i32,
        ty: i32,
        r: Rect,
        dir: Direction,
        rules: &Rules,
    ) -> Option<Meeting> {
        let cell = self.map.cell(tx, ty);
        let r = self.taking_part(cell, tx, ty, r, rules)?;
        self.meet(cell, tx, ty, r, dir)
    }

    /// Whether `r` covers a solid pixel of cell (tx, ty) under `rules`, a centre foot's
    /// parts included.
    pub(crate) fn cell_hits_with(&self, tx: i32, ty: i32, r: Rect, rules: &Rules) -> bool {
        let Some(foot) = rules.foot else {
            return self.collides_with(tx, ty, r, rules);
        };
        let hit = self.foot_parts(r, rules, foot, |part, rules| {
            if self.collides_with(tx, ty, part, rules) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        hit.is_some()
    }

    /// Whether `r` covers a solid pixel of cell (tx, ty) under `rules`: the lookup without
    /// the distance, one mask load for a shape.
    #[inline]
    pub(crate) fn collides_with(&self, tx: i32, ty: i32, r: Rect, rules: &Rules) -> bool {
        let cell = self.map.cell(tx, ty);
        self.taking_part(cell, tx, ty, r, rules)
            .is_some_and(|r| self.collides(cell, tx, ty, r))
    }

    /// The part of `r` that cell (tx, ty) meets under `rules`, or `None` if it takes no
    /// part. A one-way cell only ever meets the actor's feet (the bottom row of its box),
    /// and only when those feet were not inside it before the step: it carries actors that
    /// come from above and lets everything else pass, from below and from the sides.
    #[inline(always)]
    fn taking_part(&self, cell: Cell, tx: i32, ty: i32, r: Rect, rules: &Rules) -> Option<Rect> {
        if cell.is_empty() {
            return None;
        }
        let (from, skip_row) = match rules.one_way {
            _ if !cell.one_way => return Some(r),
            OneWay::Ignored => return None,
            OneWay::Below { from, skip_row } => (from, skip_row),
        };
        // A cell above the row of the feet never meets them: not now, nor moving down or
        // sideways (the only ways the feet meet one-way cells). One compare spares the
        // box test of every such cell a tall box covers.
        if ty > self.tile_of(r.y0) {
            return None;
        }
        let feet_before = Rect {
            y1: from.y0,
            ..from
        };
        if ty == skip_row || self.collides(cell, tx, ty, feet_before) {
            return None;
        }
        Some(Rect { y1: r.y0, ..r })
    }

    /// Whether `r` covers a solid pixel of `cell` (one-way flags not applied).
    #[inline]
    fn collides(&self, cell: Cell, tx: i32, ty: i32, r: Rect) -> bool {
        let b = self.local_box(tx, ty, r);
        match cell.solid {
            Solid::Empty => false,
            Solid::Full => overlaps_tile(b, self.n),
            Solid::Shape(id, variant) => self
                .tables
                .shape(id)
                .is_some_and(|shape| shape.box_collides(variant, b)),
        }
    }

    /// The table lookup for one cell, `r` in world pixels.
    #[inline]
    fn meet(&self, cell: Cell, tx: i32, ty: i32, r: Rect, dir: Direction) -> Option<Meeting> {
        let b = self.local_box(tx, ty, r);
        let (lo, hi) = along(b, dir, self.n);
        let (colliding, distance) = match cell.solid {
            Solid::Empty => return None,
            Solid::Full => {
                // A box beside the block, across the motion, never meets it (a query
                // narrowed to its feet row or foot column may be).
                if !overlaps_across(b, dir, self.n) {
                    return Some(Meeting {
                        colliding: false,
                        distance: i32::MAX,
                    });
                }
                let colliding = overlaps_tile(b, self.n);
                let mask = low_bits(self.n as u32);
                (
                    colliding,
                    forward_distance(mask, lo, hi, self.n as u32, colliding),
                )
            }
            Solid::Shape(id, variant) => self.tables.shape(id)?.box_distance(variant, b, dir),
        };
        // Not colliding and nothing met: the lookup answers "until it leaves the tile"
        // (exit − 1), which no real touch can equal. That is no obstacle at all.
        let exit = self.n.saturating_sub(lo);
        let distance = if !colliding && distance >= exit.saturating_sub(1) {
            i32::MAX
        } else {
            distance
        };
        Some(Meeting {
            colliding,
            distance,
        })
    }

    /// `r` in the cell's own pixels.
    #[inline(always)]
    fn local_box(&self, tx: i32, ty: i32, r: Rect) -> LocalBox {
        let (ox, oy) = (self.tile_origin(tx), self.tile_origin(ty));
        LocalBox {
            x0: r.x0.saturating_sub(ox),
            x1: r.x1.saturating_sub(ox),
            y0: r.y0.saturating_sub(oy),
            y1: r.y1.saturating_sub(oy),
        }
    }
}

/// A platform against box `r` along `dir`: one-way platforms, like one-way cells, meet only
/// the feet of an actor that was above them.
#[inline]
fn meet_platform(p: &Platform, r: Rect, dir: Direction, rules: &Rules) -> Option<Meeting> {
    let solid = p.rect();
    let r = if p.one_way {
        let OneWay::Below { from, .. } = rules.one_way else {
            return None;
        };
        if solid.overlaps(&Rect {
            y1: from.y0,
            ..from
        }) {
            return None;
        }
        Rect { y1: r.y0, ..r }
    } else {
        r
    };
    Some(meet_box(solid, r, dir))
}

/// A solid box against box `r` along `dir`, in the lookup's terms.
#[inline]
pub(crate) fn meet_box(solid: Rect, r: Rect, dir: Direction) -> Meeting {
    if solid.overlaps(&r) {
        let distance = match dir {
            Direction::Up => solid.y1.saturating_sub(r.y0).saturating_add(1),
            Direction::Down => r.y1.saturating_sub(solid.y0).saturating_add(1),
            Direction::Right => solid.x1.saturating_sub(r.x0).saturating_add(1),
            Direction::Left => r.x1.saturating_sub(solid.x0).saturating_add(1),
        };
        return Meeting {
            colliding: true,
            distance,
        };
    }
    let beside_x = solid.x0 <= r.x1 && r.x0 <= solid.x1;
    let beside_y = solid.y0 <= r.y1 && r.y0 <= solid.y1;
    let gap = match dir {
        Direction::Up if beside_x && solid.y0 > r.y1 => solid.y0.saturating_sub(r.y1),
        Direction::Down if beside_x && solid.y1 < r.y0 => r.y0.saturating_sub(solid.y1),
        Direction::Right if beside_y && solid.x0 > r.x1 => solid.x0.saturating_sub(r.x1),
        Direction::Left if beside_y && solid.x1 < r.x0 => r.x0.saturating_sub(solid.x1),
        _ => {
            return Meeting {
                colliding: false,
                distance: i32::MAX,
            };
        }
    };
    Meeting {
        colliding: false,
        distance: gap.saturating_sub(1),
    }
}

/// The longest escape [`World::escape_with`] tries distance by distance.
const SCAN_LIMIT: i32 = 4;

/// One-way cells ignored, whole box.
const SOLIDS: Rules = Rules {
    one_way: OneWay::Ignored,
    foot: None,
    skip_platform: None,
};

/// log2(n) for a power-of-two tile size n, else 32 (see [`split`]).
fn tile_shift(n: i32) -> u32 {
    if n > 0 && n & (n - 1) == 0 {
        n.trailing_zeros()
    } else {
        32
    }
}

/// World pixel `v` as its tile coordinate and its pixel within that tile, for tile size `n`
/// and `shift = tile_shift(n)`: a shift and a mask for power-of-two tiles, the usual case.
/// (N is never 0: the tables were validated; the fallback only spares the firmware a
/// division-by-zero panic path.)
#[inline(always)]
fn split(v: i32, n: i32, shift: u32) -> (i32, i32) {
    if shift < 32 {
        (v >> shift, v & n.wrapping_sub(1))
    } else {
        (
            v.checked_div_euclid(n).unwrap_or(0),
            v.checked_rem_euclid(n).unwrap_or(0),
        )
    }
}

/// The box's interval along `dir`, measured so that `dir` is the increasing direction.
#[inline]
fn along(b: LocalBox, dir: Direction, n: i32) -> (i32, i32) {
    let last = n.saturating_sub(1);
    match dir {
        Direction::Up => (b.y0, b.y1),
        Direction::Right => (b.x0, b.x1),
        Direction::Down => (last.saturating_sub(b.y1), last.saturating_sub(b.y0)),
        Direction::Left => (last.saturating_sub(b.x1), last.saturating_sub(b.x0)),
    }
}

/// Whether the box's extent across `dir` meets the tile's.
#[inline]
fn overlaps_across(b: LocalBox, dir: Direction, n: i32) -> bool {
    if dir.is_horizontal() {
        b.y1 >= 0 && b.y0 < n
    } else {
        b.x1 >= 0 && b.x0 < n
    }
}

#[inline]
fn overlaps_tile(b: LocalBox, n: i32) -> bool {
    b.x1 >= 0 && b.x0 < n && b.y1 >= 0 && b.y0 < n
}

#[cfg(test)]
mod tests {
    use super::{Foot, OneWay, Rect, Rules, World, split, tile_shift};
    use crate::Direction;
    use crate::testing::{Map, map, tables};
    use crate::{Cell, GridMap, Variant};
    use proptest::prelude::*;

    fn rect() -> impl Strategy<Value = Rect> {
        (-8..88i32, -8..88i32, 1..40i32, 1..40i32).prop_map(|(x0, y0, w, h)| Rect {
            x0,
            y0,
            x1: x0 + w - 1,
            y1: y0 + h - 1,
        })
    }

    /// Every rule set a mover uses: one-way cells ignored or met by feet coming from a
    /// box near `r` (possibly skipping a row), whole-box or centre feet.
    fn rules(r: Rect) -> impl Strategy<Value = Rules> {
        let one_way = prop_oneof![
            Just(OneWay::Ignored),
            (-2..=2i32, -2..=2i32, -1..6i32).prop_map(move |(dx, dy, skip_row)| OneWay::Below {
                from: Rect {
                    x0: r.x0 + dx,
                    x1: r.x1 + dx,
                    y0: r.y0 + dy,
                    y1: r.y1 + dy,
                },
                skip_row,
            }),
        ];
        let foot = prop::option::of((0..=(r.x1 - r.x0) as u8, 0..5u8, 0..=(r.y1 - r.y0) as u8))
            .prop_map(|foot| foot.map(|(offset, rise, depth)| Foot::new(offset, rise, depth)));
        (one_way, foot).prop_map(|(one_way, foot)| Rules {
            one_way,
            foot,
            skip_platform: None,
        })
    }

    fn direction() -> impl Strategy<Value = Direction> {
        prop::sample::select(Direction::ALL.to_vec())
    }

    fn case() -> impl Strategy<Value = (Map, Rect, Rules, Direction, i32)> {
        (map(), rect(), direction(), 0..12i32)
            .prop_flat_map(|(m, r, d, k)| (Just(m), Just(r), rules(r), Just(d), Just(k)))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

        /// The swept-region shortcut answers exactly what the distance lookups do, under
        /// every rule set, for free and embedded boxes alike (for a centre foot, whose box
        /// meets the cells by parts that follow the ground, for free boxes: the only ones
        /// the mover asks about).
        #[test]
        fn has_room_is_room_with_at_least_k((map, r, rules, dir, k) in case()) {
            let world = World::new(tables(), &map);
            if rules.foot.is_some() && world.hits_with(r, &rules) {
                return Ok(());
            }
            prop_assert_eq!(
                world.has_room(r, dir, k, &rules),
                world.room_with(r, dir, k, &rules) >= k,
                "{:?} {:?} {} {:?}", r, dir, k, rules
            );
        }

        /// The two escape algorithms (one box test per distance; jumps between the
        /// obstacles' free distances) agree with each other and with the definition, for
        /// any limit (a negative one answers whether the box is free now); for a box that
        /// collides, starting at distance 1 agrees too.
        #[test]
        fn escapes_agree((map, r, rules, dir, limit) in case(), negative in any::<bool>()) {
            let limit = if negative { -1 - limit } else { limit };
            let world = World::new(tables(), &map);
            let least = (0..=limit.max(0)).find(|&k| !world.hits_with(r.shifted(dir, k), &rules));
            if rules.foot.is_none() {
                // (A centre foot's escapes are always box by box.)
                prop_assert_eq!(world.escape_by_jumps(r, dir, limit, &rules), least);
            }
            prop_assert_eq!(world.escape_with(r, dir, limit, &rules), least);
            if world.hits_with(r, &rules) {
                prop_assert_eq!(world.escape_from(r, dir, 1, limit, &rules), least);
            }
        }
    }

    /// A box beside a cell, across the direction asked, meets nothing in it: a full
    /// block answers like a shape (it used to report the distance along the motion, as if
    /// the box were in front of it).
    #[test]
    fn a_box_beside_a_cell_meets_nothing() {
        let t = tables();
        let slope = t.find("slope45").expect("a default tile");
        let beside = Rect {
            x0: -10,
            y0: 20,
            x1: -5,
            y1: 25,
        };
        for cell in [Cell::FULL, Cell::shape(slope, Variant::Identity)] {
            let mut map: GridMap<2, 2> = GridMap::new(Cell::EMPTY);
            map.set(0, 0, cell);
            let world = World::new(t, &map);
            for dir in Direction::ALL {
                assert_eq!(
                    world.cell_distance(0, 0, beside, dir),
                    (false, i32::MAX),
                    "{cell:?} {dir:?}"
                );
            }
            // In front of its bottom rows, moving towards it: 4 px of room (x = -5 → -1).
            let ahead = Rect {
                y0: 0,
                y1: 1,
                ..beside
            };
            assert_eq!(
                world.cell_distance(0, 0, ahead, Direction::Right),
                (false, 4),
                "{cell:?}"
            );
        }
    }

    /// Pixels to tiles, shifted or divided, is floor division for every tile size.
    #[test]
    fn split_is_floor_division() {
        let values = (-70..70).chain([i32::MIN, i32::MIN + 1, -(1 << 30), 1 << 30, i32::MAX]);
        for n in 1..=64 {
            let shift = tile_shift(n);
            assert_eq!(shift < 32, n.count_ones() == 1, "n = {n}");
            for v in values.clone() {
                assert_eq!(
                    split(v, n, shift),
                    (v.div_euclid(n), v.rem_euclid(n)),
                    "{v} / {n}"
                );
            }
        }
    }
}
