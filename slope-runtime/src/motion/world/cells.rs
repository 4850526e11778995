//! A box against the cells it covers: strips, whole boxes, centre feet, distances, tile
//! coordinates. One table lookup per cell.

use core::ops::ControlFlow;

use crate::map::{Cell, Solid, TileMap};
use crate::motion::rect::Rect;
use crate::motion::world::grid::Grid;
use crate::motion::world::meeting::Meeting;
use crate::motion::world::one_way::{OneWay, feet};
use crate::motion::world::rules::Rules;
use crate::tables::ShapeId;
use crate::tables::blob::line_of;
use crate::tables::geometry::{Direction, Variant};
use crate::tables::line::{forward_distance, low_bits};
use crate::tables::shape::LocalBox;

impl<M: TileMap> Grid<'_, M> {
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
    #[inline(always)]
    pub(super) fn hits_cells(&self, r: Rect, rules: &Rules) -> bool {
        if rules.foot().is_none() && (r.y0 == r.y1 || r.x0 == r.x1) {
            self.strip_hits(r, rules)
        } else {
            self.box_hits(r, rules)
        }
    }

    /// [`Grid::hits_cells`] for any box: the full lookup of every cell it covers.
    #[inline(never)]
    pub(super) fn box_hits(&self, r: Rect, rules: &Rules) -> bool {
        let hit = self.cell_span(r).try_each(|tx, ty| {
            let cell = self.map.cell(tx, ty);
            // Every cell of the span overlaps `r`: a plain block is hit without a lookup.
            let hit = match cell.solid {
                Solid::Empty => false,
                Solid::Full if !cell.one_way => true,
                _ => self.collides_with(tx, ty, r, rules),
            };
            if hit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        hit.is_some()
    }

    /// [`Grid::hits_cells`] for a box one pixel thick (a row or a column: the leading
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
            let (hit, _) = self.strip_cell_hits::<ROW>(tx, ty, r, rules, l, (lo, hi));
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
    /// along that line; and the cell, as read.
    #[inline(always)]
    pub(crate) fn strip_cell_hits<const ROW: bool>(
        &self,
        tx: i32,
        ty: i32,
        r: Rect,
        rules: &Rules,
        at: i32,
        span: (i32, i32),
    ) -> (bool, Cell) {
        let cell = self.map.cell(tx, ty);
        let hit = match cell.solid {
            Solid::Empty => false,
            _ if cell.one_way => self.collides_with(tx, ty, r, rules),
            Solid::Full => true,
            Solid::Shape(id, variant) => self.line_covers(id, variant, ROW, at, span),
        };
        (hit, cell)
    }

    /// `Tables::line_covers_of` by variant and row flag: whether pixels `span` of line
    /// `at` (a row when `row`, else a column) of shape `id` placed as `variant` hold a
    /// solid one.
    #[inline(always)] // the line's kind is worked out at the call
    pub(crate) fn line_covers(
        &self,
        id: ShapeId,
        variant: Variant,
        row: bool,
        at: i32,
        span: (i32, i32),
    ) -> bool {
        self.line_covers_of(id, line_of(variant, row), at, span)
    }

    /// [`Self::line_covers`] by line kind, out of line: inlined, the tables' fields would
    /// be loaded on every strip, whether it meets a shape or not. One copy serves rows and
    /// columns: a copy for each cost a Cortex-M0 game 236 B.
    #[inline(never)]
    fn line_covers_of(&self, id: ShapeId, line: usize, at: i32, span: (i32, i32)) -> bool {
        self.tables.line_covers_of(id, line, at, span)
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
    /// the distance, one mask load for a shape. Out of line: the strips ask it of one-way
    /// cells only, a whole box of shape cells, both rare, and a copy inlined in each cost
    /// hundreds of bytes of a Cortex-M0 game for no time.
    #[inline(never)]
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
        if ty == skip_row || self.collides(cell, tx, ty, from.rect()) {
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
