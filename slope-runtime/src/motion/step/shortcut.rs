//! The whole-frame shortcuts: a frame whose outcome can be proved at once (a flight
//! through clear air, a level walk on a floor) moves the actor without its pixel path.

use crate::map::TileMap;
use crate::motion::actor::{Actor, Feet};
use crate::motion::platform::Platform;
use crate::motion::rect::Rect;
use crate::motion::step::path::PixelPath;
use crate::motion::step::path::move_actor;
use crate::motion::world::World;
use crate::motion::world::rules::OneWay;
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
    /// A flight through clear air: every step moved, and nothing lies within a pixel.
    Flight,
    /// A level walk on the ground: every pixel sideways moved onto the floor, every pixel
    /// down was refused.
    LevelWalk,
    /// A level walk on full blocks with no platform among them: the same, and the ground
    /// is the block under the centre (no slope, not one-way, no platform).
    OnBlocks,
}

impl<M: TileMap, P: AsRef<[Platform]>> World<'_, M, P> {
    /// The whole frame at once, when its outcome can be proved without the steps: moves the
    /// actor as the pixel steps would and says which outcome it proved. `None` (the actor
    /// untouched): the steps must be taken. Moves must not reach the edge of the world (see
    /// [`Self::clear_of_edge`]).
    #[inline(never)] // one call site; kept whole so its size is its own
    pub(super) fn shortcut(
        &self,
        actor: &mut Actor,
        dx: i32,
        dy: i32,
        rising: bool,
    ) -> Option<Whole> {
        let (x_dir, y_dir) = PixelPath::new(dx, dy).directions();
        let (ax, ay) = (dx.saturating_abs(), dy.saturating_abs());
        if rising || !actor.previous.on_ground() {
            // In the air (or leaving the ground), a step that meets nothing neither sticks
            // nor lifts. When nothing lies within a pixel of any box along the path, the
            // box starts free, every step moves, and nothing touches it at the end.
            let around = actor.rect().swept(x_dir, ax).swept(y_dir, ay).grown(1);
            if self.clear_under_any_rules(around) {
                move_actor(actor, x_dir, ax);
                move_actor(actor, y_dir, ay);
                return Some(Whole::Flight);
            }
            return None;
        }
        // On the ground and not rising, there is no step up: every step sideways that
        // finds its column free and the floor right under it lands on the floor, and every
        // step down is refused.
        // An actor that stood on a slope last frame will most likely walk on it again: the
        // walk's two region tests would be spent for nothing (measured on the Cortex-M0
        // bench: skipping them there saves 43 instructions per actor-frame on the mixed
        // crowd, 84 on the large one).
        if dy > 0 || actor.previous.on_slope() {
            return None;
        }
        let walk = self.level_walk(actor, x_dir, ax)?;
        move_actor(actor, x_dir, ax);
        Some(walk)
    }

    /// Which level walk `ax` pixels towards `x_dir` is proved, if one is: on blocks (the
    /// floor under the whole walk full blocks that are not one-way, no platform in it; any
    /// feet), or on any floor (see [`Self::level_walk_clear`]; whole-box feet).
    fn level_walk(&self, actor: &Actor, x_dir: Direction, ax: i32) -> Option<Whole> {
        let here = actor.rect();
        let path = here.swept(x_dir, ax);
        let under = here.y0.saturating_sub(1);
        let floor = Rect {
            y0: under,
            y1: under,
            ..path
        };
        let lead = Rect {
            x0: if x_dir == Direction::Left {
                path.x0
            } else {
                here.x1.saturating_add(1)
            },
            x1: if x_dir == Direction::Left {
                here.x0.saturating_sub(1)
            } else {
                path.x1
            },
            ..here
        };
        // Centre feet meet the blocks as a box does only where nothing lies in their body.
        let body = if actor.settings.feet == Feet::Box {
            lead
        } else {
            path
        };
        if self.all_blocks(floor)
            && !self.any_platform_in(floor)
            && (body.x0 > body.x1 || self.clear_under_any_rules(body))
        {
            return Some(Whole::OnBlocks);
        }
        (actor.settings.feet == Feet::Box && self.level_walk_clear(actor, x_dir, ax))
            .then_some(Whole::LevelWalk)
    }

    /// Whether every pixel of a walk `ax` pixels towards `x_dir`, from where the actor
    /// (whole-box feet) stands, finds its column free and the row under its feet solid:
    /// the columns its leading edge enters are clear under any rules (one-way cells and
    /// platforms counted as solid, so no pixel's own one-way rule can block them), and the
    /// row under the feet holds a solid pixel (of a cell that is not one-way, or of a solid
    /// platform) in the columns that every box of the walk covers (so the walk must be
    /// shorter than the box is wide).
    pub(super) fn level_walk_clear(&self, actor: &Actor, x_dir: Direction, ax: i32) -> bool {
        let here = actor.rect();
        let (lead, shared) = if x_dir == Direction::Left {
            (
                Rect {
                    x0: here.x0.saturating_sub(ax),
                    x1: here.x0.saturating_sub(1),
                    ..here
                },
                (here.x0, here.x1.saturating_sub(ax)),
            )
        } else {
            (
                Rect {
                    x0: here.x1.saturating_add(1),
                    x1: here.x1.saturating_add(ax),
                    ..here
                },
                (here.x0.saturating_add(ax), here.x1),
            )
        };
        let under = here.y0.saturating_sub(1);
        if shared.0 > shared.1 {
            // Longer than the box is wide: no column lies under every box of the walk.
            return false;
        }
        let floor = Rect {
            x0: shared.0,
            x1: shared.1,
            y0: under,
            y1: under,
        };
        self.hits_with(floor, &self.rules(actor, OneWay::Ignored))
            && (ax == 0 || self.clear_under_any_rules(lead))
    }
}
