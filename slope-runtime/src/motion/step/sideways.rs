//! Ground and slopes: a pixel sideways, climbing a rise lower than the wall height or
//! sinking under a sloped ceiling, then sticking to the ground below; and equal speed on
//! slopes.

use crate::map::TileMap;
use crate::motion::actor::Actor;
use crate::motion::path::move_actor;
use crate::motion::platform::Platform;
use crate::motion::rect::Rect;
use crate::motion::step::Mover;
use crate::motion::world::one_way::{OneWay, OneWayRows};
use crate::motion::world::rules::{Rules, SOLIDS};
use crate::motion::world::top::Top;
use crate::tables::geometry::Direction;

impl<M: TileMap, P: AsRef<[Platform]>> Mover<'_, '_, M, P> {
    /// One pixel left or right. Returns where the actor stands afterwards, or `None` when
    /// a wall stopped it.
    pub(crate) fn pixel_sideways(
        self,
        actor: &mut Actor,
        dir: Direction,
        grounded: bool,
        rising: bool,
    ) -> Option<Landing> {
        let lift = self.sideways_lift(actor, dir, grounded, rising)?;
        move_actor(actor, dir, 1);
        Some(match lift {
            0 => self.stick(actor, grounded && !rising),
            k if k > 0 => {
                move_actor(actor, Direction::Up, k);
                Landing::grounded_if(grounded)
            }
            k => {
                move_actor(actor, Direction::Down, k.saturating_neg());
                Landing::Airborne
            }
        })
    }

    /// Whether the actor can take one pixel towards `dir`, and how far up (> 0) or down
    /// (< 0) that step must take it; `None` when a wall is in the way.
    pub(super) fn sideways_lift(
        self,
        actor: &Actor,
        dir: Direction,
        grounded: bool,
        rising: bool,
    ) -> Option<i32> {
        let here = actor.rect_clear_of_edge();
        let walkable = Rules::for_actor(actor, OneWay::for_actor(actor, here), &self.platforms);
        if !self.blocked(here, dir, &walkable) {
            return Some(0);
        }
        self.lift_past(actor, dir, grounded, rising, &walkable, None)
    }

    /// [`Self::sideways_lift`] once the step straight ahead is known to be blocked under
    /// `walkable`.
    pub(super) fn lift_past(
        self,
        actor: &Actor,
        dir: Direction,
        grounded: bool,
        rising: bool,
        walkable: &Rules,
        solid_ahead: Option<bool>,
    ) -> Option<i32> {
        let here = actor.rect_clear_of_edge();
        // A rise lower than the wall height is climbed. The box must fit straight above
        // its old place too, so it never cuts a ceiling's corner.
        let climb = actor.settings.wall().saturating_sub(1).max(0);
        // Whole-box feet meet only what the box's edges pass: strips suffice. (A box that
        // something embedded meets nothing new either way: each strip is a row or column
        // of pixels the moved box adds.)
        let by_strips = walkable.foot().is_none() && strips_allowed();
        let lift = if by_strips {
            self.climb_by_strips(here, dir, climb, walkable)
        } else {
            self.climb_by_boxes(here, dir, climb, walkable)
        };
        if lift.is_some() {
            return lift;
        }
        // Falling or gliding through the air, a sloped ceiling ahead is slid under (never
        // while rising: that would pull the actor down against its motion).
        if !grounded && !rising {
            let drop = if by_strips {
                self.sink_by_strips(here, dir, climb, walkable)
            } else {
                self.sink_by_boxes(here, dir, climb, walkable)
            };
            if let Some(k) = drop {
                return Some(k.saturating_neg());
            }
        }
        // One-way cells never make walls: pass through them from the side.
        let solid_ahead = solid_ahead.unwrap_or_else(|| self.solid_ahead(here, dir, walkable));
        (!solid_ahead).then_some(0)
    }

    /// Whether the free box `here` moved one pixel towards `dir` covers a solid pixel with
    /// one-way cells and one-way platforms ignored. Out of line: its rules would sit on
    /// the frame of every pixel sideways, under the climb's searches.
    #[inline(never)]
    fn solid_ahead(self, here: Rect, dir: Direction, walkable: &Rules) -> bool {
        self.blocked(here, dir, &walkable.one_way_ignored())
    }

    /// [`Self::lift_past`]'s climb for a centre foot, by whole boxes (which of their
    /// pixels meet the cells depends on where they stand). Out of line, as
    /// [`Self::sink_by_boxes`]: whole-box feet, the usual case, never hold their frames.
    #[inline(never)]
    fn climb_by_boxes(
        self,
        here: Rect,
        dir: Direction,
        climb: i32,
        walkable: &Rules,
    ) -> Option<i32> {
        // The box one pixel ahead is blocked: the caller found so.
        let k = self.escape_from(here.shifted(dir, 1), Direction::Up, 1, climb, walkable)?;
        self.rises_in_place(here, k, walkable).then_some(k)
    }

    /// Whether the box `here` of a centre foot can rise `k` pixels in place, one-way cells
    /// ignored. Out of line: its rules would otherwise sit on the climb's frame, under
    /// the escape's deeper ones.
    #[inline(never)]
    fn rises_in_place(self, here: Rect, k: i32, walkable: &Rules) -> bool {
        let solids = walkable.one_way_ignored();
        // Box by box: a plain loop keeps the query's frames (room search, iterator) off
        // the stack under the foot's trace; the box rises in place, held once.
        let mut rise = 0;
        let mut lifted = here;
        while rise < k {
            lifted = lifted.shifted(Direction::Up, 1);
            if self.hits_with(lifted, &solids) {
                return false;
            }
            rise = rise.wrapping_add(1); // < k ≤ climb ≤ MAX_REACH
        }
        true
    }

    /// [`Self::lift_past`]'s slide down under a sloped ceiling for a centre foot, by
    /// whole boxes.
    #[inline(never)]
    fn sink_by_boxes(
        self,
        here: Rect,
        dir: Direction,
        climb: i32,
        walkable: &Rules,
    ) -> Option<i32> {
        let ahead = here.shifted(dir, 1);
        self.escape_with(ahead, Direction::Down, climb, walkable)
            .filter(|&k| self.room_with(here, Direction::Down, k, walkable) >= k)
    }

    /// The least rise `k` in `1..=climb` that frees the free box `here` moved one pixel
    /// towards `dir` (whole-box feet), with every row from its top up to `k` above it free
    /// too. Strip by strip, rising: the row over the head (else it stops), then the column
    /// ahead and the feet row, whose one-way cells and platforms now meet it (its solid
    /// pixels there are the box's own: only a box that something embedded has any, and it
    /// meets nothing new). Past a blocked first lift, the column ahead's height says where
    /// the strips go on from, or that none frees it ([`Self::lift_over`]).
    // Out of line where centre feet are built: their climb shares the step's frame.
    #[cfg_attr(feature = "centre_feet", inline(never))]
    pub(super) fn climb_by_strips(
        self,
        here: Rect,
        dir: Direction,
        climb: i32,
        walkable: &Rules,
    ) -> Option<i32> {
        // Whole-box feet: one-way cells ignored, these are the solid cells.
        let solids = &SOLIDS;
        let lead = here.beyond(dir);
        let feet = trailing_feet(here.shifted(dir, 1), dir);
        let feet_meet = walkable.one_way != OneWay::Ignored && feet.x0 <= feet.x1;
        // The lift being tried, and the highest whose row over the head is known free.
        let (mut k, mut head_free) = (1, 0);
        while k <= climb {
            let head = here
                .beyond(Direction::Up)
                .shifted(Direction::Up, k.wrapping_sub(1));
            if k > head_free && self.hits_with(head, solids) {
                return None;
            }
            let blocked = self.hits_with(lead.shifted(Direction::Up, k), walkable)
                || (feet_meet && self.meets_one_way(feet.shifted(Direction::Up, k), walkable));
            if !blocked {
                return Some(k);
            }
            k = if k == 1 {
                // Most climbs are a pixel (a slope); past that, the column ahead's height
                // says where the strips would first find it free.
                match self.lift_over(here, lead, climb) {
                    Lift::Wall => return None,
                    // j > 1 (the first lift was blocked): the loop moves on.
                    Lift::From(j) => {
                        head_free = j;
                        j.max(2)
                    }
                    Lift::Unknown => 2,
                }
            } else {
                k.wrapping_add(1) // ≤ climb: cannot wrap
            };
        }
        None
    }

    /// Where [`Self::climb_by_strips`], its first lift blocked, may go on from, found by
    /// heights where no platform is near. The column ahead's highest solid pixel (one-way
    /// ones aside) up to two rows over the head lies in that column at every lift from the
    /// second up to the one that lifts it under the feet, `j`: the lifts below `j` are
    /// blocked (what lies higher, and one-way cells at the feet, are the strips' to test
    /// from `j`), and the rows over the head up to `j` are free. A wall when `j` is past
    /// the climb, or when one of those rows holds a solid pixel (the strips would stop
    /// there). Out of line: it serves only climbs of more than a pixel, and walls.
    #[inline(never)]
    fn lift_over(self, here: Rect, lead: Rect, climb: i32) -> Lift {
        // A step's away from the edge of the world: no overflow.
        let region = Rect {
            x0: here.x0.min(lead.x0),
            x1: here.x1.max(lead.x1),
            y0: here.y0,
            y1: here.y1.wrapping_add(climb),
        };
        if self.any_platform_in(region) {
            return Lift::Unknown;
        }
        let column = Rect {
            y0: here.y0.wrapping_add(1),
            y1: here.y1.wrapping_add(2),
            ..lead
        };
        let Top::At(top) = self.grid.top_with_one_way(column, OneWayRows::AIR) else {
            return Lift::Unknown;
        };
        let j = top.wrapping_sub(here.y0).wrapping_add(1);
        #[cfg(test)]
        super::tests::LIFTS_OVER.with(|n| n.set(n.get() + 1));
        if j > climb {
            return Lift::Wall;
        }
        let over = Rect {
            y0: here.y1.wrapping_add(2),
            y1: here.y1.wrapping_add(j),
            ..here
        };
        if self.grid.top_with_one_way(over, OneWayRows::AIR) != Top::Air {
            return Lift::Wall;
        }
        Lift::From(j)
    }

    /// The least drop `k` in `1..=climb` that frees the free box `here` moved one pixel
    /// towards `dir` (whole-box feet) with every row under it down to `k` free: sliding
    /// down under a sloped ceiling.
    // Out of line where centre feet are built, as the climb.
    #[cfg_attr(feature = "centre_feet", inline(never))]
    pub(super) fn sink_by_strips(
        self,
        here: Rect,
        dir: Direction,
        climb: i32,
        walkable: &Rules,
    ) -> Option<i32> {
        let mut lead = here.beyond(dir);
        let mut under = here.beyond(Direction::Down);
        for k in 1..=climb {
            if self.hits_with(under, walkable) {
                return None;
            }
            lead = lead.shifted(Direction::Down, 1);
            if !self.hits_with(lead, walkable) {
                return Some(k);
            }
            under = under.shifted(Direction::Down, 1);
        }
        None
    }

    /// After a step sideways on the ground: pull the actor down onto ground that lies less
    /// than a wall height below (stick to descending slopes). Returns where it stands.
    pub(super) fn stick(self, actor: &mut Actor, was_grounded: bool) -> Landing {
        if !was_grounded {
            return Landing::Airborne;
        }
        let here = actor.rect_clear_of_edge();
        let rules = Rules::for_actor(actor, OneWay::for_actor(actor, here), &self.platforms);
        let reach = actor.settings.wall();
        // Ground right below (flat ground, climbing) is one strip test; only a gap below
        // needs a strip per row of it.
        if self.blocked(here, Direction::Down, &rules) {
            return Landing::OnFloor;
        }
        let drop = self.room_with(here, Direction::Down, reach, &rules);
        if drop == 0 {
            return Landing::Grounded;
        }
        if actor.settings.sticks_to_slopes && drop < reach {
            move_actor(actor, Direction::Down, drop);
            return Landing::Grounded;
        }
        Landing::Airborne
    }

    /// Horizontal velocity on a slope scaled by its cosine, when the actor asks for it.
    #[cfg(feature = "equal_slope_speed")]
    pub(super) fn slope_scaled(self, actor: &Actor, vx: i32) -> i32 {
        // At the start of a frame, `contacts` still holds the last frame's result.
        if !actor.settings.equal_slope_speed || !actor.contacts.on_ground() {
            return vx;
        }
        let angle = self.ground_angle(actor);
        if angle == 0 {
            return vx;
        }
        // Fold the angle to 0..=64 (a quarter turn): cos is even and cos(π − a) = −cos(a),
        // but only the magnitude of the slope matters here.
        let a = i32::from(angle as i8).unsigned_abs();
        let a = if a > 64 { 128 - a } else { a };
        let cos = i32::from(COS_Q15.get(a as usize).copied().unwrap_or(1 << 15));
        // |vx| ≤ 2^14 and cos ≤ 2^15: the product fits an i32.
        vx.saturating_mul(cos) >> 15
    }
}

/// Without equal slope speed (the crate feature `equal_slope_speed`), speed on a slope is
/// the speed on flat ground.
#[cfg(not(feature = "equal_slope_speed"))]
impl<M: TileMap, P: AsRef<[Platform]>> Mover<'_, '_, M, P> {
    #[inline(always)]
    pub(super) fn slope_scaled(self, _actor: &Actor, vx: i32) -> i32 {
        vx
    }
}

/// Where a step sideways leaves the actor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Landing {
    /// In the air.
    Airborne,
    /// On the ground.
    Grounded,
    /// On the ground, and the row right under its feet was just found solid there.
    OnFloor,
}

impl Landing {
    pub(super) fn grounded_if(grounded: bool) -> Landing {
        if grounded {
            Landing::Grounded
        } else {
            Landing::Airborne
        }
    }
}

/// Whether [`World::lift_past`] takes strips for whole-box feet: always, except in a test
/// that compares them with whole-box tests.
#[cfg(test)]
fn strips_allowed() -> bool {
    super::tests::BY_STRIPS.with(core::cell::Cell::get)
}

#[cfg(not(test))]
const fn strips_allowed() -> bool {
    true
}

/// What [`Mover::lift_over`] found of a climb whose first lift is blocked.
enum Lift {
    /// No lift of the climb frees the box (the strips would find none).
    Wall,
    /// Lifts below this one are blocked, and the rows over the head up to it (this one's
    /// too) are free: the strips go on from it.
    From(i32),
    /// Heights cannot say: the strips go on from the second lift.
    Unknown,
}

/// The bottom row of `ahead` (a box moved one pixel towards `dir`) without its leading
/// column: where one-way cells may meet its feet beyond the leading strip.
fn trailing_feet(ahead: Rect, dir: Direction) -> Rect {
    let feet = Rect {
        y1: ahead.y0,
        ..ahead
    };
    match dir {
        Direction::Right => Rect {
            x1: feet.x1.saturating_sub(1),
            ..feet
        },
        _ => Rect {
            x0: feet.x0.saturating_add(1),
            ..feet
        },
    }
}

/// cos(a) in Q15 for byte angles a = 0..=64 (a quarter turn).
#[cfg(feature = "equal_slope_speed")]
const COS_Q15: [u16; 65] = [
    32768, 32758, 32729, 32679, 32610, 32522, 32413, 32286, 32138, 31972, 31786, 31581, 31357,
    31114, 30853, 30572, 30274, 29957, 29622, 29269, 28899, 28511, 28106, 27684, 27246, 26791,
    26320, 25833, 25330, 24812, 24279, 23732, 23170, 22595, 22006, 21403, 20788, 20160, 19520,
    18868, 18205, 17531, 16846, 16151, 15447, 14733, 14010, 13279, 12540, 11793, 11039, 10279,
    9512, 8740, 7962, 7180, 6393, 5602, 4808, 4011, 3212, 2411, 1608, 804, 0,
];
