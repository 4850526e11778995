//! The walk: a frame on the ground by the heights of the ground and of what stands in the
//! way, one height lookup per pixel where the pixel path tests two to four strips.
//!
//! It follows the pixel path's rules exactly (`sideways`, `vertical`) for the case they
//! reduce to heights: whole-box feet on the ground, not rising, no platform near, and no
//! one-way cell in a cell row that its feet are inside and may meet. One-way cells meet
//! only feet that come from above them: those in cell rows under the feet are ground
//! (below the row the actor drops through, if it drops through one), those above every
//! row its feet can reach in the pixel (a climb above them) are air, and so is every one
//! of them for an actor that ignores them (`OneWayRows`). Then a pixel sideways is
//!
//! - **free** when the column ahead holds no solid pixel beside the box: the box moves,
//!   then sticks down onto the highest ground under it if that lies less than a wall
//!   height below (or stands where it is, the ground right under it);
//! - **a climb** of `k` when the highest solid pixel of that column beside the box lies
//!   `k - 1` rows above its bottom, `k` at most the wall height − 1, and the `k` rows over
//!   the box and the column ahead are clear: the box moves up onto it (its feet rise
//!   through the box's own pixels, which only a one-way cell there could meet; where one
//!   lies, the path decides);
//! - **a wall** when that pixel lies higher.
//!
//! A pixel down is refused: the walker stands on the ground it stuck to or climbed onto
//! (tested only where no pixel sideways put it there first), and what the walk proved
//! of that ground (a column of the box that holds it) names the ground cell where it can
//! (`Mover::stand_on_walked_ground`). A frame with no pixel
//! sideways at all is standing still (`World::stand_still`): one search of the row under
//! the feet refuses the pixel down and finds the ground cell. Whatever else the path would
//! meet (a fall off a ledge, a climb under an overhang, a one-way cell in the row of the
//! feet) leaves the frame to the path, with the actor untouched.
//!
//! With [`RUN_FROM`] pixels or more left in the frame, a walk first takes as many as it
//! can at once over one row of ground cells (`run`), by these rules read from the cells'
//! column masks; the pixels a run leaves are taken one by one here.
//!
//! Positions here are a step's away from the edge of the world (`World::clear_of_edge`
//! holds, or no shortcut is tried), so every sum below stays far inside `i32`: they wrap
//! rather than saturate.

use crate::map::TileMap;
use crate::motion::actor::{Actor, Feet};
use crate::motion::path::PixelPath;
use crate::motion::platform::Platform;
use crate::motion::rect::Rect;
use crate::motion::step::Mover;
use crate::motion::world::grid::Grid;
use crate::motion::world::one_way::OneWayRows;
use crate::motion::world::top::{Sky, Top};
use crate::tables::geometry::Direction;

impl<M: TileMap, P: AsRef<[Platform]>> Mover<'_, '_, M, P> {
    /// The frame's move by (dx, dy), dy ≤ 0, for an actor on the ground: the pixel path's
    /// outcome, found by heights. Returns whether a wall stopped the move sideways, and
    /// whether the ground it ends on is recorded (the walk proved enough of it to spare
    /// the search, `Mover::stand_on_walked_ground`), with the actor moved; `None` when the
    /// frame is not a walk over plain ground (see the module docs), with the actor
    /// untouched.
    pub(super) fn walk(self, actor: &mut Actor, dx: i32, dy: i32) -> Option<(bool, bool)> {
        let s = actor.settings;
        let reach = s.wall();
        // With no reach, the path's stick keeps a walker "grounded" over air for a pixel:
        // that is no walk on the ground.
        if s.feet != Feet::Box || reach == 0 || dy > 0 {
            return None;
        }
        let climb = reach.saturating_sub(1);
        let start = actor.rect_clear_of_edge();
        // Emptiness first: the region would be worked out before the call's own test.
        if !self.platforms.as_ref().is_empty()
            && self.any_platform_in(walk_region(start, dx, dy, reach))
        {
            return None;
        }
        // One-way cells meet only feet that come from above them: those above every row
        // the feet may rise to in a pixel (a climb at most) take no part in it, and those
        // in cell rows under the feet are ground (unless the actor ignores them, or drops
        // through their row or a row under it).
        let gait = Gait {
            climb,
            reach,
            sticks: s.sticks_to_slopes,
            dropped_row: if actor.drop_row == i32::MIN {
                i32::MAX
            } else {
                actor.drop_row
            },
            one_way_reach: if s.ignores_one_way {
                IGNORES_ONE_WAY
            } else {
                climb
            },
        };
        // The pixel path refuses its first pixel down and takes no more; a pixel sideways
        // never depends on it. It needs a test only where no pixel sideways has moved the
        // box onto the ground before it: first on the path (more pixels down than
        // sideways), or after a wall stopped the first pixel sideways.
        let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
        if ay > ax && !self.ground_right_under(start, &gait) {
            return None;
        }
        let right = dx > 0;
        let mut here = start;
        // Whether a pixel moved the box, and a column of the box known to hold its ground
        // right under it (`NO_SUPPORT`: none known): what the walk proves of the ground.
        let (mut moved, mut support) = (false, NO_SUPPORT);
        let mut blocked_x = false;
        let mut sky = Sky::UNREAD;
        let mut left = ax;
        // Where a run last stopped (`Self::run_start`).
        let mut tried = (i32::MIN, i32::MIN);
        while left != 0 {
            if left >= run_from() && self.run_start(here, right) != tried {
                let run = self.run_on_ground_row(here, right, &gait, support, left);
                if run.taken != 0 {
                    (here, support, moved) = (run.here, run.support, true);
                    left = left.wrapping_sub(run.taken);
                }
                if run.wall {
                    blocked_x = true;
                    break;
                }
                if left == 0 {
                    break;
                }
                tried = self.run_start(here, right);
            }
            left = left.wrapping_sub(1);
            match self.walk_pixel(here, right, &gait, support, &mut sky)? {
                Some((next, column)) => {
                    here = next;
                    moved = true;
                    support = column;
                }
                None => {
                    blocked_x = true;
                    break;
                }
            }
        }
        if ay != 0 && ay <= ax && !moved && !self.ground_right_under(start, &gait) {
            return None;
        }
        (actor.x, actor.y) = (here.x0, here.y0);
        #[cfg(test)]
        {
            super::tests::WALKS.with(|n| n.set(n.get() + 1));
            if actor.previous.on_one_way() {
                super::tests::ONE_WAY_WALKS.with(|n| n.set(n.get() + 1));
            }
        }
        let ground = match (moved, support) {
            (false, _) => Ground::Unproved,
            (true, NO_SUPPORT) => Ground::Under,
            (true, x) => Ground::Column(x),
        };
        Some((blocked_x, self.stand_on_walked_ground(actor, ground)))
    }

    /// A frame on the ground with no pixel sideways (`dx` = 0, `dy` ≤ 0), on plain ground
    /// (no platform within a pixel of the box): its pixel down is refused where the row
    /// under the box holds ground, and the search for its ground cell (from the centre
    /// out, [`Self::stand_on_plain_ground`]) finds exactly that ground, so one search
    /// serves both. Returns whether it stands, its contacts recorded; `false` (nothing
    /// recorded) leaves the frame to the others.
    pub(super) fn stand_still(self, actor: &mut Actor) -> bool {
        let stands = actor.settings.feet == Feet::Box
            && (self.platforms.as_ref().is_empty()
                || !self.any_platform_in(actor.rect_clear_of_edge().grown_clear_of_edge(1)))
            && self.stand_on_plain_ground(actor, NO_CELL);
        #[cfg(test)]
        if stands {
            super::tests::STANDS.with(|n| n.set(n.get() + 1));
        }
        stands
    }

    /// One pixel sideways on the ground (`right` or left) from `here`, whose column
    /// `support` holds the ground right under it (or `NO_SUPPORT`): the box after it and a
    /// column of it known to hold the ground right under it, or `NO_SUPPORT` (`Some`), a
    /// wall (`Some(None)`), or `None` when the pixel is not a plain walk.
    fn walk_pixel(
        self,
        here: Rect,
        right: bool,
        gait: &Gait,
        support: i32,
        sky: &mut Sky,
    ) -> Option<Option<(Rect, i32)>> {
        let (step, lead) = if right {
            (1, here.x1.wrapping_add(1))
        } else {
            (-1, here.x0.wrapping_sub(1))
        };
        let moved = Rect {
            x0: here.x0.wrapping_add(step),
            x1: here.x1.wrapping_add(step),
            ..here
        };
        // The column ahead, and the pixel under it: ground there settles the stick. (The
        // walk's single-column lookups are its own inlined copies: through
        // `Grid::top_with_one_way`, whose frame serves boxes of any width, each cost a call
        // and that frame's set-up.)
        let under_feet = here.y0.wrapping_sub(1);
        let one_way = gait.one_way_rows(&self.grid, here);
        let top = match self
            .grid
            .lead_top(lead, (under_feet, here.y1), one_way, sky)
        {
            Top::OneWay => return None,
            Top::At(top) if top >= here.y0 => top,
            Top::At(top) if top == under_feet => {
                // Ground right under the leading column: the row under the moved box is
                // ground, so it stands where it is.
                return Some(Some((moved, lead)));
            }
            _ if moved.x0 <= support && support <= moved.x1 => {
                // The column that held the ground under the box is still under it, at the
                // same height and by the same one-way rows: the pixel down is refused
                // there, so the stick takes none (a pixel down is all the path tests).
                return Some(Some((moved, support)));
            }
            _ => {
                // Ground falling ahead is highest under the trailing column, often right
                // under it (a ledge left behind, a gentle slope): one pixel of that column
                // refuses the pixel down where the box's lookup reads its whole width.
                let trail = if right { moved.x0 } else { moved.x1 };
                if self.grid.pixel_holds_ground(trail, under_feet, one_way) {
                    return Some(Some((moved, trail)));
                }
                return self
                    .stick_down(moved, gait, one_way)
                    .map(|r| Some((r, NO_SUPPORT)));
            }
        };
        let k = top.wrapping_sub(here.y0).wrapping_add(1);
        if k > gait.climb {
            // The path tries every lift up to the climb and finds that pixel in the way of
            // each: a wall, whatever lies above.
            return Some(None);
        }
        // The rows the lift adds over the box and the column ahead must be clear (the
        // column ahead is clear above its top up to the head). A one-way cell never stops
        // a head, but the column ahead lifted by as much as the box is high has its feet
        // over the box: one-way cells the feet may reach count over the head too. Most
        // often the rows over a head are open air: the map's rows say so before a lookup.
        let over = Rect {
            x0: here.x0.min(lead),
            x1: here.x1.max(lead),
            y0: here.y1.wrapping_add(1),
            y1: here.y1.wrapping_add(k),
        };
        if !self.grid.cells_empty(over) && self.grid.top_with_one_way(over, one_way) != Top::Air {
            return None;
        }
        // The feet rise through the box's own pixels, where only one-way cells meet them
        // (the path's test of its feet row at this lift: at lower ones the column ahead
        // stopped it). Whether one does depends on its pixels and where the feet come
        // from: the path decides.
        let (first, last) = (
            self.grid.tile_of(here.x0.max(moved.x0)),
            self.grid.tile_of(here.x1.min(moved.x1)),
        );
        let ty = self.grid.tile_of(here.y0.wrapping_add(k));
        if gait.one_way_reach != IGNORES_ONE_WAY && !one_way.air(ty) && here.x0 < here.x1 {
            let mut tx = first;
            while tx <= last {
                let cell = self.grid.map.cell(tx, ty);
                if cell.one_way && !cell.is_empty() {
                    return None;
                }
                tx = tx.wrapping_add(1); // ≤ last: cannot wrap
            }
        }
        let lifted = Rect {
            y0: moved.y0.wrapping_add(k),
            y1: moved.y1.wrapping_add(k),
            ..moved
        };
        Some(Some((lifted, lead)))
    }

    /// Where a run from `here` (`right` or left) would start: its ground row (the cell row
    /// of the row under the feet) and the tile column of the column ahead. A run that
    /// stopped is not tried again from the same: it would stop there again.
    #[inline(always)]
    fn run_start(self, here: Rect, right: bool) -> (i32, i32) {
        let lead = if right {
            here.x1.wrapping_add(1)
        } else {
            here.x0.wrapping_sub(1)
        };
        (
            self.grid.tile_of(here.y0.wrapping_sub(1)),
            self.grid.tile_of(lead),
        )
    }

    /// Whether the row right under box `r` holds ground: a pixel down from it is refused.
    fn ground_right_under(self, r: Rect, gait: &Gait) -> bool {
        let rows = gait.one_way_rows(&self.grid, r);
        matches!(
            self.grid.top_with_one_way(r.beyond(Direction::Down), rows),
            Top::At(_)
        )
    }

    /// A box moved one pixel sideways on the ground, pulled down onto the ground under
    /// it (the path's stick): `None` when it would leave the ground.
    fn stick_down(self, moved: Rect, gait: &Gait, one_way: OneWayRows) -> Option<Rect> {
        let reach = gait.reach;
        // The rows under the box, and its bottom row: a box embedded there (which only
        // something else can do to it) meets its ground at distance 0 on the path.
        let under = Rect {
            y0: moved.y0.wrapping_sub(reach),
            y1: moved.y0,
            ..moved
        };
        let Top::At(ground) = self.grid.top_with_one_way(under, one_way) else {
            return None;
        };
        if ground >= moved.y0 {
            return None;
        }
        let drop = moved.y0.wrapping_sub(1).wrapping_sub(ground);
        (drop == 0 || gait.sticks).then_some(Rect {
            y0: moved.y0.wrapping_sub(drop),
            y1: moved.y1.wrapping_sub(drop),
            ..moved
        })
    }
}

/// No column known to hold the ground under a walker's box: a column left of every box a
/// walk can reach (a step's away from the edge of the world).
pub(super) const NO_SUPPORT: i32 = i32::MIN;

/// A walk takes pixels at once ([`Mover::run_on_ground_row`]) from this many left in its
/// frame. A run finds its cells first: for fewer pixels that costs more than it saves
/// (`bash firmware/bench.sh`, the growth table at 0.5 to 2 px a frame and both crowds,
/// whose walkers take 1 to 2.5 px a frame).
pub(super) const RUN_FROM: u32 = 4;

/// [`RUN_FROM`], except in the tests: there runs start from a single pixel left
/// (`tests::RUNS_FROM`), so that they meet every case the walk's pixels do.
#[cfg(test)]
fn run_from() -> u32 {
    super::tests::RUNS_FROM.with(core::cell::Cell::get)
}

#[cfg(not(test))]
const fn run_from() -> u32 {
    RUN_FROM
}

/// No cell column known to hold the ground under a box (`Mover::stand_on_plain_ground`):
/// left of every cell a box a step's away from the edge of the world covers.
pub(super) const NO_CELL: i32 = i32::MIN;

/// What a walk proved of the ground right under its last box (the row under its feet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ground {
    /// Nothing: no pixel sideways moved the box.
    Unproved,
    /// It holds a solid pixel somewhere under the box (a stick found it).
    Under,
    /// Column `x` of the box holds one (a column a pixel moved into, still under the box
    /// at the same height: its top was the ground it stepped or climbed onto).
    Column(i32),
}

/// How a walker walks: its settings as the walk uses them.
pub(super) struct Gait {
    /// The highest rise it climbs: the wall height − 1.
    pub(super) climb: i32,
    /// How far it sticks down, plus one: the wall height.
    pub(super) reach: i32,
    /// Whether it sticks to the ground below at all.
    pub(super) sticks: bool,
    /// The cell row of one-way cells it drops through (`i32::MAX`: none); they never
    /// meet it, so only those below it and below its feet are known to be ground.
    dropped_row: i32,
    /// How far above its feet the one-way cells that may meet them in a pixel reach: a
    /// climb, or [`IGNORES_ONE_WAY`].
    one_way_reach: i32,
}

/// A [`Gait::one_way_reach`] under every row a walk can test (a step's away from the edge
/// of the world), for an actor that ignores one-way cells: they are all air to it.
const IGNORES_ONE_WAY: i32 = -(1 << 30);

impl Gait {
    /// How one-way cells meet a box at `here` and the pixels it takes from there: those
    /// in cell rows under its feet and under the row it drops through are ground (its
    /// feet are above them: they count for every pixel down, see `OneWay::Below`), those
    /// it cannot reach are air.
    #[inline(always)]
    pub(super) fn one_way_rows<M>(&self, grid: &Grid<'_, M>, here: Rect) -> OneWayRows {
        OneWayRows {
            solid_below: grid.tile_of(here.y0).min(self.dropped_row),
            // A step's away from the edge of the world: no overflow.
            air_from: grid
                .tile_of(here.y0.wrapping_add(self.one_way_reach))
                .wrapping_add(1),
        }
    }
}

/// Every pixel a walk of (dx, dy) from `start` can test: the box swept sideways, from
/// `reach` px under its lowest possible feet to `reach` px over its highest possible head.
fn walk_region(start: Rect, dx: i32, dy: i32, reach: i32) -> Rect {
    let (x_dir, _) = PixelPath::new(dx, dy).directions();
    let ax = dx.saturating_abs();
    // |dx| ≤ MAX_MOVE and reach ≤ MAX_REACH: the product is small.
    let rise = reach.wrapping_mul(ax.saturating_add(1));
    let swept = start.swept(x_dir, ax.saturating_add(1));
    Rect {
        y0: swept.y0.saturating_sub(rise),
        y1: swept.y1.saturating_add(rise),
        ..swept
    }
}
