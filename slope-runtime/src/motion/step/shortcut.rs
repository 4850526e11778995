//! The whole-frame shortcuts: a frame whose outcome can be proved at once (a flight
//! through clear air, a level walk on a floor) moves the actor without its pixel path.

use crate::map::TileMap;
use crate::motion::actor::{Actor, Feet};
use crate::motion::path::PixelPath;
use crate::motion::path::move_actor;
use crate::motion::platform::Platform;
use crate::motion::rect::Rect;
use crate::motion::step::Mover;
use crate::motion::world::one_way::{OneWay, OneWayRows};
use crate::motion::world::rules::Rules;
use crate::motion::world::top::Top;
use crate::tables::geometry::Direction;

/// Whether a sweep may answer a whole frame at once when its outcome can be proved (see
/// `World::shortcut`), or must take every pixel step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shortcuts {
    Taken,
    #[cfg(test)]
    Refused,
}

/// What a whole-frame shortcut proved (see `World::shortcut`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Whole {
    /// A flight through clear air: every step moved, and the path proved no contact.
    Flight,
    /// A level walk on the ground: every pixel sideways moved onto the floor, every pixel
    /// down was refused.
    LevelWalk,
    /// A walk on plain ground (no platform near, no one-way cell in a row the feet are
    /// inside), by heights: every pixel sideways moved onto the ground (or, when
    /// `blocked_x`, a wall stopped them), every pixel down was refused; `stood`: the
    /// ground cell it ends on is recorded.
    Walk { blocked_x: bool, stood: bool },
    /// A level walk on full blocks with no platform among them: the same, and the ground
    /// is the block under the centre (no slope, not one-way, no platform).
    OnBlocks,
    /// No pixel sideways, on plain ground: the pixel down, if any, was refused, and the
    /// ground that refused it is recorded.
    Standing,
}

impl<M: TileMap, P: AsRef<[Platform]>> Mover<'_, '_, M, P> {
    /// The whole frame at once, when its outcome can be proved without the steps: moves the
    /// actor as the pixel steps would and says which outcome it proved. `None` (the actor
    /// untouched): the steps must be taken. Moves must not reach the edge of the world (see
    /// [`Self::clear_of_edge`]).
    #[inline(never)] // one call site; kept whole so its size is its own
    pub(super) fn shortcut(
        self,
        actor: &mut Actor,
        dx: i32,
        dy: i32,
        rising: bool,
    ) -> Option<Whole> {
        let (x_dir, y_dir) = PixelPath::new(dx, dy).directions();
        // |dx|, |dy| ≤ MAX_MOVE + 1: the absolute values need no saturation (on ARMv6-M a
        // saturating one costs twice the instructions).
        let (ax, ay) = (dx.wrapping_abs(), dy.wrapping_abs());
        if rising || !actor.previous.on_ground() {
            // In the air (or leaving the ground), a step that meets nothing neither sticks
            // nor lifts. When no box along the path meets anything, the box starts free and
            // every step moves; the path then proves no contact but the ground, which it
            // tests unless the frame rose (the row under the last box, swept in too). An
            // actor leaving the ground that rises by no whole pixel this frame stays on
            // it: that is no flight.
            if rising && ay == 0 && actor.previous.on_ground() {
                return None;
            }
            let swept = actor
                .rect_clear_of_edge()
                .swept_clear_of_edge(x_dir, ax)
                .swept_clear_of_edge(y_dir, ay);
            let around = if rising && ay > 0 {
                swept
            } else {
                swept.swept_clear_of_edge(Direction::Down, 1)
            };
            if self.clear_under_any_rules(around)
                || self.clear_but_one_way_above_feet(swept, around, ay)
            {
                move_actor(actor, x_dir, ax);
                move_actor(actor, y_dir, ay);
                return Some(Whole::Flight);
            }
            return None;
        }
        // On the ground and not rising, no pixel goes up: every step sideways that finds
        // its column free and the floor right under it lands on the floor, and every step
        // down is refused; where that cannot be proved at once, the walk takes the pixels.
        if dy > 0 {
            return None;
        }
        // Standing still, one search of the row under the feet answers; where it cannot
        // (a platform near, a one-way cell first), the others still may (riding a lift).
        if dx == 0 && self.stand_still(actor) {
            return Some(Whole::Standing);
        }
        // An actor that stood on a shape cell (most often a slope) or on one-way ground
        // last frame will most likely walk on it again: the level walk's region tests
        // would be spent for nothing (one-way ground is never level-walked: the blocks
        // must not be one-way, the floor's pixels are tested with one-way cells
        // ignored), and the walk by heights answers. (`bash firmware/bench.sh`: without
        // the shape half, 1,533 instructions per actor-frame on the mixed crowd and 1,992
        // on the large one, against 1,474 and 1,953 with it; the one-way half took
        // 1,292 and 1,697 to 1,282 and 1,659.)
        if !actor.previous.on_shape()
            && !actor.previous.on_one_way()
            && let Some(walk) = self.level_walk(actor, x_dir, ax)
        {
            move_actor(actor, x_dir, ax);
            return Some(walk);
        }
        let (blocked_x, stood) = self.walk(actor, dx, dy)?;
        Some(Whole::Walk { blocked_x, stood })
    }

    /// Whether a flight whose boxes sweep `swept` (`around`: with the row under its last
    /// box after a fall), `ay` pixels up or down, is clear although one-way cells lie in
    /// it: a one-way cell meets only feet (the bottom row of a box, see
    /// `world::one_way`), and the feet of a flight stay in the bottom `ay` + 1 rows of
    /// `swept` (and the row under them). With no solid pixel of any kind there (one-way
    /// cells and platforms counted), and no solid cell pixel in the rest, no step meets
    /// anything, as in a flight through open air: rising into a one-way ledge from below,
    /// or falling past one beside the box.
    #[inline(never)] // on the frames that the open-air test refused only
    fn clear_but_one_way_above_feet(self, swept: Rect, around: Rect, ay: i32) -> bool {
        let feet = Rect {
            y1: swept.y0.wrapping_add(ay),
            ..around
        };
        !self.any_platform_in(around)
            && self.clear_under_any_rules(feet)
            && self.grid.top_with_one_way(swept, OneWayRows::AIR) == Top::Air
    }

    /// Which level walk `ax` pixels towards `x_dir` is proved, if one is. Every pixel of it
    /// must find its column free and the row under its feet solid, and every pixel down be
    /// refused. The columns the leading edge enters (`lead`) must be clear under any rules
    /// (one-way cells and platforms counted as solid, so no pixel's own one-way rule can
    /// block them); then either
    ///
    /// - **on blocks** (any feet): the floor under the whole walk is full blocks that are
    ///   not one-way, with no platform in it; centre feet also need their whole swept box
    ///   clear, so that they dip into nothing and meet the blocks as a box does;
    /// - **on any floor** (whole-box feet): the row under the feet holds a solid pixel (of a
    ///   cell that is not one-way, or of a solid platform) in the columns that every box of
    ///   the walk covers, so the walk must be shorter than the box is wide.
    fn level_walk(self, actor: &Actor, x_dir: Direction, ax: i32) -> Option<Whole> {
        let here = actor.rect_clear_of_edge();
        let path = here.swept_clear_of_edge(x_dir, ax);
        // A step's away from the edge of the world (`Self::clear_of_edge`): the sums
        // below stay far inside `i32`.
        let (lead, shared) = if x_dir == Direction::Left {
            let lead = Rect {
                x1: here.x0.wrapping_sub(1),
                ..path
            };
            (lead, (here.x0, here.x1.wrapping_sub(ax)))
        } else {
            let lead = Rect {
                x0: here.x1.wrapping_add(1),
                ..path
            };
            (lead, (here.x0.wrapping_add(ax), here.x1))
        };
        // The leading columns most often lie in one tile column: their lookup is this
        // walk's own inlined copy.
        let clear = |r: Rect| r.x0 > r.x1 || self.clear_in_one_column(r);
        let under = here.y0.wrapping_sub(1);
        let floor = Rect {
            y0: under,
            y1: under,
            ..path
        };
        // Whole-box feet need the leading columns clear either way: tested first, a wall
        // or a rise ahead spares the floor's tests.
        let box_feet = actor.settings.feet == Feet::Box;
        if box_feet && !clear(lead) {
            return None;
        }
        if self.grid.all_blocks(floor) && !self.any_platform_in(floor) {
            return (box_feet || clear(path)).then_some(Whole::OnBlocks);
        }
        let shared_floor = Rect {
            x0: shared.0,
            x1: shared.1,
            ..floor
        };
        (box_feet
            && shared.0 <= shared.1
            && self.hits_with(
                shared_floor,
                &Rules::for_actor(actor, OneWay::Ignored, &self.platforms),
            ))
        .then_some(Whole::LevelWalk)
    }
}
