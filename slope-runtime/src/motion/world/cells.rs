//! A box against the cells it covers: strips, whole boxes, centre feet, distances, tile
//! coordinates. One table lookup per cell.

use core::ops::ControlFlow;

use crate::map::{Cell, Solid, TileMap};
use crate::motion::platform::Platform;
use crate::motion::rect::Rect;
use crate::motion::world::World;
use crate::motion::world::meeting::Meeting;
use crate::motion::world::one_way::{OneWay, feet};
use crate::motion::world::platforms::meet_platform;
use crate::motion::world::rules::Rules;
use crate::tables::ShapeId;
use crate::tables::geometry::{Direction, Variant};
use crate::tables::line::{forward_distance, low_bits};
use crate::tables::shape::LocalBox;

impl<M: TileMap, P: AsRef<[Platform]>> World<'_, M, P> {
    /// Whether every cell `r` covers is a full block that is not one-way.
    pub(crate) fn all_blocks(&self, r: Rect) -> bool {
        let other = self.cell_span(r).try_each(|tx, ty| {
            let cell = self.map.cell(tx, ty);
            if cell.solid == Solid::Full && !cell.one_way {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        other.is_none()
    }

    /// Whether `r` covers a solid pixel of a cell under `rules`.
    #[inline]
    pub(super) fn hits_cells(&self, r: Rect, rules: &Rules) -> bool {
        if rules.foot().is_none() && (r.y0 == r.y1 || r.x0 == r.x1) {
            self.strip_hits(r, rules)
        } else {
            self.box_hits(r, rules)
        }
    }

    /// [`World::hits_cells`] for any box: the full lookup of every cell it covers.
    #[inline(never)]
    pub(super) fn box_hits(&self, r: Rect, rules: &Rules) -> bool {
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
    pub(super) fn strip_hits(&self, r: Rect, rules: &Rules) -> bool {
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

    /// `Tables::line_covers`, out of line: inlined, the tables' fields would be loaded
    /// on every strip, whether it meets a shape or not.
    #[inline(never)]
    pub(crate) fn line_covers<const ROW: bool>(
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
    pub(super) fn one_way_hits(&self, tx: i32, ty: i32, r: Rect, rules: &Rules) -> bool {
        self.collides_with(tx, ty, r, rules)
    }

    /// The tile coordinate of world pixel `v` (along either axis).
    #[inline(always)]
    pub(crate) fn tile_of(&self, v: i32) -> i32 {
        self.split(v).0
    }

    /// The part of a free box that leads a move towards `dir`: its edge row or column
    /// (whole-box rules: a centre foot's queries never take this path).
    #[inline]
    pub(super) fn leading_part(&self, r: Rect, dir: Direction) -> Rect {
        match dir {
            Direction::Up => Rect { y0: r.y1, ..r },
            Direction::Down => Rect { y1: r.y0, ..r },
            Direction::Left => Rect { x1: r.x0, ..r },
            Direction::Right => Rect { x0: r.x1, ..r },
        }
    }

    /// [`World::escape_with`] by jumping between the obstacles' free distances. Out of
    /// line: its frame is on the stack only while it runs, not under every short scan.
    #[inline(never)]
    pub(super) fn escape_by_jumps(
        &self,
        r: Rect,
        dir: Direction,
        limit: i32,
        rules: &Rules,
    ) -> Option<i32> {
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
    pub(super) fn scan_free(
        &self,
        r: Rect,
        dir: Direction,
        first: i32,
        limit: i32,
        rules: &Rules,
    ) -> Option<i32> {
        self.first_distance(r, dir, (first, limit), rules, false)
    }

    /// The least distance in `first..=last` at which `r` moved towards `dir` covers a solid
    /// pixel under `rules` (`hit`) or none (`!hit`). A plain loop: `find` over a range kept
    /// its closure's frame on the stack under every box test, the deepest of them on a
    /// centre foot's climbs and slides.
    #[inline(always)]
    pub(super) fn first_distance(
        &self,
        r: Rect,
        dir: Direction,
        (first, last): (i32, i32),
        rules: &Rules,
        hit: bool,
    ) -> Option<i32> {
        let mut k = first;
        while k <= last {
            if self.hits_with(r.shifted(dir, k), rules) == hit {
                return Some(k);
            }
            if k == last {
                break;
            }
            k = k.wrapping_add(1); // < last: cannot wrap
        }
        None
    }

    /// Folds `f` over `r`'s meetings with every obstacle in `region` (cells row by row,
    /// then platforms) along `dir`, until `f` breaks.
    pub(super) fn fold_meetings<B: Copy>(
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

    /// Calls `f` on each cell `r` covers, row by row. (Plain counting loops: a chain of
    /// range iterators keeps its state on the stack of every caller.)
    pub(crate) fn each_cell(&self, r: Rect, mut f: impl FnMut(i32, i32)) {
        self.cell_span(r).try_each(|tx, ty| {
            f(tx, ty);
            ControlFlow::<()>::Continue(())
        });
    }

    /// The first world pixel of tile coordinate `t` (along either axis): `t · N`, a shift
    /// for power-of-two tiles (exact for every `t` that [`Self::split`] returns).
    #[inline(always)]
    pub(crate) fn tile_origin(&self, t: i32) -> i32 {
        if self.shift < 32 {
            t.wrapping_shl(self.shift)
        } else {
            scaled(t, self.n)
        }
    }

    /// World pixel `v` as its tile coordinate and its pixel within that tile.
    #[inline(always)]
    pub(crate) fn split(&self, v: i32) -> (i32, i32) {
        split(v, self.n, self.shift)
    }

    /// The range of cells `r` covers.
    #[inline(always)]
    pub(super) fn cell_span(&self, r: Rect) -> CellSpan {
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
    /// parts included. Out of line: the footing's searches ask it only of an embedded box,
    /// and inlined, a centre foot's parts would sit on the stack of every search.
    #[inline(never)]
    pub(crate) fn cell_hits_with(&self, tx: i32, ty: i32, r: Rect, rules: &Rules) -> bool {
        let Some(foot) = rules.foot() else {
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
    pub(super) fn taking_part(
        &self,
        cell: Cell,
        tx: i32,
        ty: i32,
        r: Rect,
        rules: &Rules,
    ) -> Option<Rect> {
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
        if ty == skip_row || self.collides(cell, tx, ty, feet(from)) {
            return None;
        }
        Some(feet(r))
    }

    /// Whether `r` covers a solid pixel of `cell` (one-way flags not applied).
    #[inline(always)]
    pub(super) fn collides(&self, cell: Cell, tx: i32, ty: i32, r: Rect) -> bool {
        let b = self.local_box(tx, ty, r);
        match cell.solid {
            Solid::Empty => false,
            Solid::Full => overlaps_tile(b, self.n),
            Solid::Shape(id, variant) => {
                // The part of the box inside the tile, then one range-OR of its columns.
                let last = self.n.wrapping_sub(1);
                let columns = (b.x0.max(0), b.x1.min(last));
                let rows = (b.y0.max(0), b.y1.min(last));
                columns.0 <= columns.1
                    && rows.0 <= rows.1
                    && self.columns_top(id, variant, columns, rows).is_some()
            }
        }
    }

    /// The table lookup for one cell, `r` in world pixels.
    #[inline]
    pub(super) fn meet(
        &self,
        cell: Cell,
        tx: i32,
        ty: i32,
        r: Rect,
        dir: Direction,
    ) -> Option<Meeting> {
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
    pub(super) fn local_box(&self, tx: i32, ty: i32, r: Rect) -> LocalBox {
        let (ox, oy) = (self.tile_origin(tx), self.tile_origin(ty));
        LocalBox {
            x0: r.x0.saturating_sub(ox),
            x1: r.x1.saturating_sub(ox),
            y0: r.y0.saturating_sub(oy),
            y1: r.y1.saturating_sub(oy),
        }
    }
}

/// A block of cells, inclusive: columns `tx0..=tx1`, rows `ty0..=ty1`.
#[derive(Clone, Copy, Debug)]
pub(super) struct CellSpan {
    pub(super) tx0: i32,
    pub(super) tx1: i32,
    pub(super) ty0: i32,
    pub(super) ty1: i32,
}

impl CellSpan {
    /// Calls `f` on every cell, row by row, until it breaks; returns what it broke with.
    /// (Plain counting loops: they compile to less than nested inclusive ranges, on the
    /// path every lookup takes.)
    #[inline]
    pub(super) fn try_each<B>(&self, mut f: impl FnMut(i32, i32) -> ControlFlow<B>) -> Option<B> {
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

/// The longest escape [`World::escape_with`] tries distance by distance.
pub(super) const SCAN_LIMIT: i32 = 4;

/// World pixel `v` as its tile coordinate and its pixel within that tile, for tile size `n`
/// and `shift = tile_shift(n)`: a shift and a mask for power-of-two tiles, the usual case.
/// (N is never 0: the tables were validated; the fallback only spares the firmware a
/// division-by-zero panic path.)
#[inline(always)]
pub(super) fn split(v: i32, n: i32, shift: u32) -> (i32, i32) {
    if shift < 32 {
        (v >> shift, v & n.wrapping_sub(1))
    } else {
        (
            v.checked_div_euclid(n).unwrap_or(0),
            v.checked_rem_euclid(n).unwrap_or(0),
        )
    }
}

/// `t · n`, saturating: out of line, because on ARMv6-M a saturating multiply is a
/// 64-bit library call that the optimiser would otherwise compute before the test that
/// picks the shift.
#[cold]
#[inline(never)]
fn scaled(t: i32, n: i32) -> i32 {
    t.saturating_mul(n)
}

/// The box's interval along `dir`, measured so that `dir` is the increasing direction.
#[inline]
pub(super) fn along(b: LocalBox, dir: Direction, n: i32) -> (i32, i32) {
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
pub(super) fn overlaps_across(b: LocalBox, dir: Direction, n: i32) -> bool {
    if dir.is_horizontal() {
        b.y1 >= 0 && b.y0 < n
    } else {
        b.x1 >= 0 && b.x0 < n
    }
}

#[inline]
pub(super) fn overlaps_tile(b: LocalBox, n: i32) -> bool {
    b.x1 >= 0 && b.x0 < n && b.y1 >= 0 && b.y0 < n
}
