//! Walls and ceilings above and below: a pixel up or down, landing, and sliding along a
//! ceiling or past its corner.

use crate::map::TileMap;
use crate::motion::actor::Actor;
use crate::motion::path::move_actor;
use crate::motion::platform::Platform;
use crate::motion::rect::Rect;
use crate::motion::step::Mover;
use crate::motion::world::one_way::OneWay;
use crate::motion::world::rules::Rules;
use crate::tables::geometry::Direction;

/// What a step along one axis ran into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pixel {
    Moved,
    Blocked,
}

impl<M: TileMap, P: AsRef<[Platform]>> Mover<'_, '_, M, P> {
    /// One pixel up or down.
    pub(crate) fn pixel_vertical(self, actor: &mut Actor, dir: Direction) -> Pixel {
        let here = actor.rect_clear_of_edge();
        let one_way = if dir == Direction::Down {
            OneWay::for_actor(actor, here)
        } else {
            OneWay::Ignored
        };
        let rules = Rules::for_actor(actor, one_way, &self.platforms);
        if !self.blocked(here, dir, &rules) {
            move_actor(actor, dir, 1);
            return Pixel::Moved;
        }
        if dir == Direction::Up && self.slide_past_ceiling(actor, here, &rules) {
            return Pixel::Moved;
        }
        Pixel::Blocked
    }

    /// Blocked moving up: shift sideways by the least amount that frees the way, if the
    /// settings allow it. The two options are independent: a ceiling with a shape cell
    /// (a sloped ceiling) is slid along by `ceiling_slide`, up to `wall_height - 1` px; a
    /// ceiling of blocks and platforms only is nudged past by `corner_correction`.
    #[inline(never)] // the rare case: inlined, its search would deepen every pixel's stack
    pub(super) fn slide_past_ceiling(self, actor: &mut Actor, here: Rect, rules: &Rules) -> bool {
        let s = actor.settings;
        let above = here.shifted(Direction::Up, 1);
        // The row over the head (a centre foot's box may dip into slopes it stands on).
        let head = here.beyond(Direction::Up);
        let limit = if self.hits_slope(head, rules) {
            if s.ceiling_slide {
                s.wall().saturating_sub(1)
            } else {
                0
            }
        } else {
            s.corner()
        };
        if limit <= 0 {
            return false;
        }
        // Prefer the side the actor is moving to; the nearer side wins otherwise.
        let first = if actor.vx < 0 {
            Direction::Left
        } else {
            Direction::Right
        };
        // The nearest free side (ties: the preferred one): the second side's search stops
        // short of the first side's distance.
        let mut best: Option<(i32, Direction)> = None;
        let mut side = first;
        loop {
            let short_of = best.map_or(limit, |(k, _)| k.saturating_sub(1));
            if let Some(k) = self.escape_with(above, side, short_of, rules)
                && best.is_none_or(|(nearest, _)| k < nearest)
                && self.has_room(here, side, k, rules)
            {
                best = Some((k, side));
            }
            side = side.opposite();
            if side == first {
                break;
            }
        }
        match best {
            Some((k, side)) => {
                move_actor(actor, side, k);
                move_actor(actor, Direction::Up, 1);
                true
            }
            None => false,
        }
    }
}
