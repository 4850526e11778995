//! A walk's pixels at once over one row of ground cells: the walk's rules
//! (`crate::motion::step::walk`) where every lookup they make reads one column of one
//! cell, each cell found once.
//!
//! While the feet stay in one row of cells (the ground row: the row under the feet, or
//! the feet's own row), whose cells under the box and ahead are empty, full or shape
//! cells, none of them one-way, and the cells over the column ahead up to the head are
//! empty or one-way cells out of the feet's reach (air to the walk, `OneWayRows`), a
//! pixel sideways is decided by bits of the ground row's column masks alone:
//!
//! - the column ahead's top is its mask's highest bit (the cells over it are air to it,
//!   and a top over the head is left to the pixel's own lookup, which sees the column up
//!   to the head only);
//! - the rows a climb adds over the head are clear over the ground row where their cells
//!   are empty; in the ground row, where no column of the box holds a solid pixel over
//!   its feet. That is found once, at the first climb that needs it, and then stays so:
//!   a column that enters the box holds none over its top, and the feet never sink under
//!   a column's top;
//! - the trailing pixel is one bit of its column, and a stick the highest bit of the
//!   box's columns in the ground row (a stick that would leave the row is the pixel's).
//!
//! Whatever else stops the run, and the walk takes that pixel by its own rules.

use crate::map::{Solid, TileMap};
use crate::motion::platform::Platform;
use crate::motion::rect::Rect;
use crate::motion::step::Mover;
use crate::motion::step::walk::{Gait, NO_SUPPORT};
use crate::tables::blob::CellColumns;
use crate::tables::line::highest_bit32;

/// Where a run stands: its ground row, its feet in the row's own pixels and its box's
/// height, the column ahead's cell, and whether the box's columns are known clear over
/// the feet.
struct Run {
    ty: i32,
    feet: i32,
    /// The box's height less one.
    h: i32,
    lead_tx: i32,
    lead_cell: CellColumns,
    head_clear: bool,
    /// The lowest row of cells whose one-way cells are air wherever the feet stand in the
    /// ground row (`OneWayRows::air_from` of the highest feet).
    air_from: i32,
}

/// Where a run ended ([`Mover::run_on_ground_row`]): the box, a column of it known to hold
/// its ground right under it (or `NO_SUPPORT`), the pixels it took, and whether a wall
/// stopped the next.
pub(super) struct RunEnd {
    pub(super) here: Rect,
    pub(super) support: i32,
    pub(super) taken: u32,
    pub(super) wall: bool,
}

impl<M: TileMap, P: AsRef<[Platform]>> Mover<'_, '_, M, P> {
    /// Up to `left` pixels sideways (`right` or left) from `here` at once, by the walk's
    /// rules, while they read only the ground row's masks (see the module docs). Moves
    /// `here` and `support` (a column of the box known to hold the ground right under it)
    /// as the pixels would; returns how many it took and whether a wall stopped the next.
    #[inline(never)]
    pub(super) fn run_on_ground_row(
        self,
        here: Rect,
        right: bool,
        gait: &Gait,
        mut support: i32,
        left: u32,
    ) -> RunEnd {
        let grid = &self.grid;
        let (ty, feet) = grid.split(here.y0.wrapping_sub(1));
        // The box with its feet on the ground row's top row.
        let highest = Rect {
            y0: grid.tile_origin(ty.wrapping_add(1)),
            ..here
        };
        let mut run = Run {
            ty,
            feet,
            h: here.y1.wrapping_sub(here.y0),
            lead_tx: i32::MIN,
            lead_cell: CellColumns::EMPTY,
            head_clear: false,
            air_from: gait.one_way_rows(grid, highest).air_from,
        };
        let (step, mut back, mut front) = if right {
            (1, here.x0, here.x1)
        } else {
            (-1, here.x1, here.x0)
        };
        let (mut taken, mut wall) = (0, false);
        while taken < left {
            let lead = front.wrapping_add(step);
            let (tx, px) = grid.split(lead);
            if tx != run.lead_tx && !self.enter_column(&mut run, tx) {
                break;
            }
            // The column ahead from the feet up: bit 0 the feet's row. (The feet lie in
            // the cell, so the shift is less than its width.)
            let from_feet = grid.tables.column_of(run.lead_cell, px) >> run.feet;
            let new_back = back.wrapping_add(step);
            if from_feet > 1 {
                // Its top lies `k` rows over the feet: a climb of `k`.
                let k = highest_bit32(from_feet);
                if k > run.h.wrapping_add(1) {
                    break;
                }
                if k > gait.climb {
                    wall = true;
                    break;
                }
                let body = if right { (back, front) } else { (front, back) };
                if !self.climb_clear(&mut run, body, lead, k) {
                    break;
                }
                run.feet = run.feet.wrapping_add(k);
                support = lead;
            } else if from_feet == 1 {
                support = lead;
            } else {
                let (x0, x1) = if right {
                    (new_back, lead)
                } else {
                    (lead, new_back)
                };
                if !(x0 <= support && support <= x1) {
                    match self.ground_after(&run, new_back, (x0, x1), gait) {
                        Some((feet, column)) => (run.feet, support) = (feet, column),
                        None => break,
                    }
                }
            }
            back = new_back;
            front = lead;
            taken = taken.wrapping_add(1);
        }
        #[cfg(test)]
        super::tests::RUN_PIXELS.with(|n| n.set(n.get() + taken as usize));
        let shift = (taken as i32).wrapping_mul(step);
        let y0 = grid.tile_origin(ty).wrapping_add(run.feet).wrapping_add(1);
        RunEnd {
            here: Rect {
                x0: here.x0.wrapping_add(shift),
                x1: here.x1.wrapping_add(shift),
                y0,
                y1: y0.wrapping_add(run.h),
            },
            support,
            taken,
            wall,
        }
    }

    /// The column ahead enters tile column `tx`: its ground cell (none one-way), with the
    /// cells over it up to the head empty or one-way out of the feet's reach. Whether the
    /// run goes on.
    #[inline(never)]
    fn enter_column(self, run: &mut Run, tx: i32) -> bool {
        let grid = &self.grid;
        let Some(cell) = self.ground_cell(tx, run.ty) else {
            return false;
        };
        let head = grid
            .tile_origin(run.ty)
            .wrapping_add(run.feet)
            .wrapping_add(1)
            .wrapping_add(run.h);
        let mut row = run.ty;
        while row < grid.tile_of(head) {
            row = row.wrapping_add(1);
            // One-way cells the feet cannot reach from the ground row are air to the
            // column ahead's lookup, as to the walk's.
            let cell = grid.map.cell(tx, row);
            let air = cell.is_empty() || (cell.one_way && row >= run.air_from);
            if !air {
                return false;
            }
        }
        (run.lead_tx, run.lead_cell) = (tx, cell);
        true
    }

    /// Whether a climb of `k` from the run's feet finds the rows it adds over the head
    /// clear over the box's columns `x0..=x1` and the column ahead `lead`, and its feet
    /// no cell of the row over the ground row where they rise into it (a one-way cell
    /// there is the pixel's to meet).
    #[inline(always)]
    fn climb_clear(self, run: &mut Run, (x0, x1): (i32, i32), lead: i32, k: i32) -> bool {
        let grid = &self.grid;
        let origin = grid.tile_origin(run.ty);
        let above = origin.wrapping_add(grid.n);
        let y1 = origin
            .wrapping_add(run.feet)
            .wrapping_add(1)
            .wrapping_add(run.h);
        // Found once: the ground row's cells under the box, none one-way (the feet row
        // of a climb in the ground row), and where the head's next row lies in the
        // ground row, no column of the box holding a solid pixel over the feet there
        // (the column ahead holds none over its top).
        if !run.head_clear {
            if !self.body_clear(run, (x0, x1), y1 < above.wrapping_sub(1)) {
                return false;
            }
            run.head_clear = true;
        }
        let (x0, x1) = (x0.min(lead), x1.max(lead));
        let (first, last) = (y1.wrapping_add(1).max(above), y1.wrapping_add(k));
        let over = Rect {
            x0,
            x1,
            y0: first,
            y1: last,
        };
        if first <= last && !grid.cells_empty(over) {
            return false;
        }
        let feet_rise_out = run.feet.wrapping_add(k) == grid.n.wrapping_sub(1);
        !feet_rise_out || self.row_empty(x0, x1, run.ty.wrapping_add(1))
    }

    /// Whether the ground row's cells under the box's columns `x0..=x1` are none one-way,
    /// and, where the head's next row lies in the ground row (`head_in_row`), whether no
    /// column of the box holds a solid pixel over the feet there.
    #[inline(never)]
    fn body_clear(self, run: &Run, (x0, x1): (i32, i32), head_in_row: bool) -> bool {
        if head_in_row {
            matches!(self.ground_row_top(x0, x1, run.ty), Some(top) if top <= run.feet)
        } else {
            self.no_one_way(x0, x1, run.ty)
        }
    }

    /// The ground under the box of columns `x0..=x1` after a pixel whose column ahead
    /// holds no ground at the feet, its former support gone: the trailing column `back`
    /// holding the row under the feet, or a stick to the highest solid pixel of the box's
    /// columns in the ground row. The new feet and the column known to hold them
    /// ([`NO_SUPPORT`] after a stick); `None` where the pixel is not the run's (the
    /// ground lies out of reach or under the row, the box's bottom row meets a cell of
    /// the row over it, or the box is embedded).
    #[inline(always)]
    fn ground_after(
        self,
        run: &Run,
        back: i32,
        (x0, x1): (i32, i32),
        gait: &Gait,
    ) -> Option<(i32, i32)> {
        let grid = &self.grid;
        let (tx, px) = grid.split(back);
        if tx == run.lead_tx && grid.tables.column_of(run.lead_cell, px) >> run.feet & 1 != 0 {
            return Some((run.feet, back));
        }
        self.stick_in_row(run, (back, tx, px), (x0, x1), gait)
    }

    /// [`Self::ground_after`] past the trailing pixel in the column ahead's cell: the
    /// trailing column `back`, in tile column `tx` at `px`.
    #[inline(never)]
    fn stick_in_row(
        self,
        run: &Run,
        (back, tx, px): (i32, i32, i32),
        (x0, x1): (i32, i32),
        gait: &Gait,
    ) -> Option<(i32, i32)> {
        let grid = &self.grid;
        if tx != run.lead_tx {
            let cell = self.ground_cell(tx, run.ty)?;
            if grid.tables.column_of(cell, px) >> run.feet & 1 != 0 {
                return Some((run.feet, back));
            }
        }
        // On the ground row's top, the box's bottom row lies in the row over it: a cell
        // there is the pixel's to meet.
        if run.feet == grid.n.wrapping_sub(1) && !self.row_empty(x0, x1, run.ty.wrapping_add(1)) {
            return None;
        }
        let ground = self.ground_row_top(x0, x1, run.ty)?;
        // Negative (a pixel over the feet: the box is embedded) or out of reach (or no
        // ground in the row at all), the pixel decides.
        let drop = run.feet.wrapping_sub(ground);
        if ground < 0 || drop as u32 >= gait.reach as u32 || (drop != 0 && !gait.sticks) {
            return None;
        }
        Some((ground, NO_SUPPORT))
    }

    /// Whether the cells of row `ty` under world columns `x0..=x1` are all empty.
    fn row_empty(self, x0: i32, x1: i32, ty: i32) -> bool {
        let grid = &self.grid;
        grid.map
            .row_is_empty(grid.tile_of(x0), grid.tile_of(x1), ty)
    }

    /// Whether no cell of row `ty` under world columns `x0..=x1` is a one-way cell.
    #[inline(never)]
    fn no_one_way(self, x0: i32, x1: i32, ty: i32) -> bool {
        let grid = &self.grid;
        let (mut tx, tx1) = (grid.tile_of(x0), grid.tile_of(x1));
        while tx <= tx1 {
            let cell = grid.map.cell(tx, ty);
            if cell.one_way && !cell.is_empty() {
                return false;
            }
            tx = tx.wrapping_add(1);
        }
        true
    }

    /// The columns of cell (`tx`, `ty`) as a run reads them: `None` for a one-way cell.
    #[inline(never)]
    fn ground_cell(self, tx: i32, ty: i32) -> Option<CellColumns> {
        let cell = self.grid.map.cell(tx, ty);
        match cell.solid {
            Solid::Empty => Some(CellColumns::EMPTY),
            _ if cell.one_way => None,
            Solid::Full => Some(self.grid.tables.full_columns()),
            Solid::Shape(id, variant) => self.grid.tables.shape_columns(id, variant),
        }
    }

    /// The highest solid row of columns `x0..=x1` in the ground row `ty`, in the cells'
    /// own rows (-1: none); `None` where a cell is one-way.
    #[inline(never)]
    fn ground_row_top(self, x0: i32, x1: i32, ty: i32) -> Option<i32> {
        let grid = &self.grid;
        let ((tx0, px0), (tx1, px1)) = (grid.split(x0), grid.split(x1));
        let last = grid.n.wrapping_sub(1);
        let mut top = -1;
        let mut tx = tx0;
        loop {
            let cell = grid.map.cell(tx, ty);
            let cell_top = match cell.solid {
                Solid::Empty => None,
                _ if cell.one_way => return None,
                Solid::Full => Some(last),
                Solid::Shape(id, variant) => {
                    let c0 = if tx == tx0 { px0 } else { 0 };
                    let c1 = if tx == tx1 { px1 } else { last };
                    grid.columns_top(id, variant, (c0, c1), (0, last))
                }
            };
            top = top.max(cell_top.unwrap_or(-1));
            if tx >= tx1 {
                return Some(top);
            }
            tx = tx.wrapping_add(1);
        }
    }
}
