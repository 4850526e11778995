//! The one-way rule, in one place. A one-way cell or platform carries what lands on it
//! and lets everything else pass: it meets only an actor's **feet** (the bottom row of
//! its box), and only feet that were **above** it before the move (not inside it), and
//! never while the actor drops through it ([`crate::Actor::drop_through`]: the cell row
//! or the platform it stood on takes no part until its feet have left it). An actor whose
//! settings say `ignores_one_way` meets none, nor does any move up or a query that is not
//! an actor's own move (escaping, unsticking, a platform's push).
//!
//! Where it applies, each place with the form of the rule it needs:
//!
//! - box and strip queries on cells, [`OneWay`] (`Grid::taking_part` in
//!   `world/cells.rs`) and on platforms (`meet_platform` in `world/platforms.rs`): the
//!   part of a query box a one-way cell or platform meets is [`feet`] of it, or nothing;
//! - a centre foot (`foot_column` in `world/foot.rs`): only the foot's column is feet;
//! - a climb's feet, rising through the box's own pixels (`World::meets_one_way` in
//!   `world/queries.rs`, asked by the step sideways in `step/sideways.rs`; the walk in
//!   `step/walk.rs` leaves a climb with a one-way cell there to it): only one-way cells
//!   and platforms meet them;
//! - the height lookups of the walk and of a centre foot's traced surface,
//!   [`OneWayRows`] and [`OneWayCells`] (`world/top.rs`, `world/foot.rs`,
//!   `step/walk.rs`): by cell row, ground below the feet, air above their reach;
//! - the ground contact at the end of a frame, [`OneWayGround`] (`step/contacts.rs`): the
//!   row under the feet is one-way ground only if the feet stand on its top pixel row
//!   ([`crate::Contacts::on_one_way`]);
//! - dropping through (`step/drop.rs`): which row or platform is left out, and when the
//!   feet have left it;
//! - the actor's own rules ([`OneWay::for_actor`], and `Rules::for_actor` in
//!   `world/rules.rs`): the [`OneWay`] of each move.

use crate::motion::actor::Actor;
use crate::motion::rect::Rect;

/// Which one-way cells count as solid for one query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OneWay {
    /// None do (moving up or sideways, escaping, or an actor that ignores them).
    Ignored,
    /// Those `from` (the feet of the actor's box before this step) are not inside: the
    /// actor is above them, so it may land or walk on them. They meet only the bottom row
    /// of a query box. Cells in row `skip_row` (being dropped through) never count.
    Below { from: FeetRow, skip_row: i32 },
}

/// The feet of a box (its bottom row): columns `x0..=x1` of row `y`. Three words where a
/// [`Rect`] takes four: the rules that carry it are copied with every query, and their
/// copies sit on the stack of every step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FeetRow {
    pub(crate) x0: i32,
    pub(crate) x1: i32,
    pub(crate) y: i32,
}

impl FeetRow {
    /// The feet of box `r`.
    #[inline(always)]
    pub(crate) fn of(r: Rect) -> FeetRow {
        FeetRow {
            x0: r.x0,
            x1: r.x1,
            y: r.y0,
        }
    }

    /// The feet as a box one row high.
    #[inline(always)]
    pub(crate) fn rect(self) -> Rect {
        Rect {
            x0: self.x0,
            y0: self.y,
            x1: self.x1,
            y1: self.y,
        }
    }
}

impl OneWay {
    /// The rule for `actor`'s own move from `from` (its box before the step).
    #[inline(always)]
    pub(crate) fn for_actor(actor: &Actor, from: Rect) -> OneWay {
        if actor.settings.ignores_one_way {
            OneWay::Ignored
        } else {
            OneWay::Below {
                from: FeetRow::of(from),
                skip_row: actor.drop_row,
            }
        }
    }
}

/// The feet of a box: its bottom row, the only part a one-way cell or platform meets.
#[inline(always)]
pub(crate) fn feet(r: Rect) -> Rect {
    Rect { y1: r.y0, ..r }
}

/// How a height lookup takes one-way cells, by the cell row they lie in. A one-way cell
/// meets only feet that come from above it ([`OneWay`]), so
/// for a walker whose feet are in cell row `f` and can rise no higher than row `a − 1`
/// in the pixel it takes, those in rows below `f` are ground, those from `a` up are air,
/// and those between depend on the pixel: they answer `Top::OneWay`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OneWayRows {
    /// One-way cells in rows below this one count as solid cells.
    pub(crate) solid_below: i32,
    /// One-way cells in this row and above count as empty cells.
    pub(crate) air_from: i32,
}

impl OneWayRows {
    /// Every one-way cell answers `Top::OneWay`: a lookup for no one actor.
    pub(crate) const UNDECIDED: OneWayRows = OneWayRows {
        solid_below: i32::MIN,
        air_from: i32::MAX,
    };
    /// Every one-way cell is air.
    pub(crate) const AIR: OneWayRows = OneWayRows {
        solid_below: i32::MIN,
        air_from: i32::MIN,
    };

    /// Whether one-way cells of cell row `ty` count as empty cells.
    #[inline(always)]
    pub(crate) fn air(self, ty: i32) -> bool {
        ty >= self.air_from
    }

    /// Whether one-way cells of cell row `ty`, not air, answer `Top::OneWay` (else they
    /// count as solid cells).
    #[inline(always)]
    pub(crate) fn undecided(self, ty: i32) -> bool {
        ty >= self.solid_below
    }
}

/// How a lookup in one tile column (`Grid::column_top`) takes one-way cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OneWayCells {
    /// As solid cells (the ground a centre foot stands on).
    Solid,
    /// As empty cells (the surface a centre foot traces beside it).
    Air,
    /// By their cell row, as [`OneWayRows`] says (see `Grid::top_with_one_way`).
    Rows(OneWayRows),
}

/// How one-way cells in the row under whole-box feet meet them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OneWayGround {
    /// Not at all: the actor ignores them, or drops through their row.
    Air,
    /// As ground: the feet are above them all.
    Ground,
    /// Depending on their pixels: the feet are inside their row.
    Undecided,
}

impl OneWayGround {
    /// How one-way cells in row `ty` of cells meet the feet of `actor`, whose row under
    /// the feet is that cell row's top pixel row when `top_row`.
    #[inline(always)]
    pub(crate) fn of_row(actor: &Actor, ty: i32, top_row: bool) -> OneWayGround {
        if actor.settings.ignores_one_way || ty == actor.drop_row {
            OneWayGround::Air
        } else if top_row {
            OneWayGround::Ground
        } else {
            OneWayGround::Undecided
        }
    }
}
