//! The pixel sweep: moving an actor one pixel at a time through a [`World`].
//!
//! A frame's displacement is split into single-pixel steps along x and y, interleaved in
//! the ratio of the two (integer Bresenham), so a diagonal path never cuts a corner it
//! should hit. Each step asks the world only about the cells along the box's leading edge
//! (about the whole box moved, for centre feet: which of their pixels meet the cells
//! depends on where they stand, see `world::Foot`):
//!
//! - **sideways** (left or right): free → step; blocked by a rise lower than the wall
//!   height → step up onto it (or, in the air, down under a sloped ceiling); otherwise a
//!   wall. After a step on the ground, an actor that sticks to slopes is pulled down onto
//!   ground less than a wall height below (no bouncy walk down slopes).
//! - **up**: free → step; blocked → slide sideways along a sloped ceiling (`ceiling_slide`)
//!   or past a block's corner (`corner_correction`), otherwise a ceiling.
//! - **down**: free → step; blocked → landed. One-way cells only stop actors coming from
//!   above them.
//!
//! Many frames need none of that. Before stepping, the sweep tries two whole-frame
//! shortcuts, each of which answers only when it can prove the steps' exact outcome, and
//! otherwise leaves the actor to the steps (a property test compares the two on random
//! maps):
//!
//! - **flight**: in the air, nothing within a pixel of the region the whole path sweeps
//!   (one region test): the actor moves the whole way and touches nothing;
//! - **flat walk**: on the ground, a floor of full blocks all along and nothing else
//!   within a pixel of the body: it walks the whole way and stands on the block under its
//!   centre.

use core::ops::ControlFlow;

use crate::motion::actor::{
    Actor, Contacts, MAX_POSITION, MAX_SPEED, NO_PLATFORM, SUBPIXEL, within_edge,
};
use crate::motion::map::{Solid, TileMap};
use crate::motion::platform::Platform;
use crate::motion::rect::{Rect, offset_of};
use crate::motion::steps::Steps;
use crate::motion::world::{OneWay, Rules, World};
use crate::{Direction, Shape, Variant};

/// The largest displacement one call takes per axis, in pixels: [`World::move_by`]'s and
/// [`crate::move_platform`]'s components are clamped to ±`MAX_MOVE`, as is the `limit` of
/// [`World::room`] and [`World::escape`]. As much as a frame at [`MAX_SPEED`], so that a
/// `move_by` costs at most what a step does (see [the crate docs](crate#limits-and-cost)).
pub const MAX_MOVE: i32 = 64;

/// What a step along one axis ran into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Moved,
    Blocked,
}

/// cos(a) in Q15 for byte angles a = 0..=64 (a quarter turn).
const COS_Q15: [u16; 65] = [
    32768, 32758, 32729, 32679, 32610, 32522, 32413, 32286, 32138, 31972, 31786, 31581, 31357,
    31114, 30853, 30572, 30274, 29957, 29622, 29269, 28899, 28511, 28106, 27684, 27246, 26791,
    26320, 25833, 25330, 24812, 24279, 23732, 23170, 22595, 22006, 21403, 20788, 20160, 19520,
    18868, 18205, 17531, 16846, 16151, 15447, 14733, 14010, 13279, 12540, 11793, 11039, 10279,
    9512, 8740, 7962, 7180, 6393, 5602, 4808, 4011, 3212, 2411, 1608, 804, 0,
];

impl<M: TileMap, P: AsRef<[Platform]>> World<'_, M, P> {
    /// Moves `actor` by its velocity for one frame and returns its new contacts.
    ///
    /// Velocity components are clamped to ±[`MAX_SPEED`]. Hitting a wall zeroes `vx`,
    /// landing or hitting a ceiling zeroes `vy`; the game applies gravity, input and
    /// jumps to the velocity between frames. At the edge of the world (±[`MAX_POSITION`])
    /// the move stops; a frame that would carry the actor past it is refused: the actor
    /// stays where it was (see [the crate docs](crate#limits-and-cost)).
    ///
    /// An actor that leaves the ground from a moving platform (jumps or walks off it) keeps
    /// the platform's momentum: it is added to its velocity at the end of this step, for
    /// the frames that follow (see
    /// [`ActorSettings::keeps_platform_momentum`](crate::ActorSettings::keeps_platform_momentum)).
    ///
    /// ```
    /// use slope_runtime::{Actor, Cell, GridMap, Tables, World, SUBPIXEL};
    /// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// let tables = Tables::from_bytes(BLOB)?;
    /// let mut map: GridMap<8, 4> = GridMap::new(Cell::FULL);
    /// for tx in 0..8 {
    ///     map.set(tx, 0, Cell::FULL); // a floor
    /// }
    /// let world = World::new(tables, &map);
    /// let mut hero = Actor::new(20, 16, 8, 14);
    /// for _frame in 0..10 {
    ///     hero.vx = 2 * SUBPIXEL;      // walk right, 2 px per frame
    ///     hero.vy -= SUBPIXEL / 4;     // gravity
    ///     world.step(&mut hero);
    /// }
    /// assert_eq!((hero.x, hero.y), (40, 16));
    /// assert!(hero.contacts.on_ground());
    /// # Ok::<(), slope_runtime::Error>(())
    /// ```
    pub fn step(&self, actor: &mut Actor) -> Contacts {
        self.step_with(actor, Shortcuts::Taken)
    }

    /// [`World::step`], with or without the whole-frame shortcuts (the tests compare).
    fn step_with(&self, actor: &mut Actor, shortcuts: Shortcuts) -> Contacts {
        actor.vx = actor.vx.clamp(-MAX_SPEED, MAX_SPEED);
        actor.vy = actor.vy.clamp(-MAX_SPEED, MAX_SPEED);
        let vx = self.slope_scaled(actor, actor.vx);
        let (dx, rem_x) = split_subpixels(actor.rem_x, vx);
        let (dy, rem_y) = split_subpixels(actor.rem_y, actor.vy);
        actor.rem_x = rem_x;
        actor.rem_y = rem_y;
        let rising = actor.vy > 0;
        let drop = actor.drop_request;
        let (blocked_x, blocked_y) = self.sweep(actor, dx, dy, rising, shortcuts);
        if blocked_x {
            actor.vx = 0;
            actor.rem_x = 0;
        }
        if blocked_y {
            actor.vy = 0;
            actor.rem_y = 0;
        }
        // Platforms' momentum and drops: one test in a world without platforms.
        if !self.platforms.as_ref().is_empty() {
            end_drop_on_ground(actor);
            self.keep_momentum(actor, drop, blocked_x, blocked_y);
        }
        actor.contacts
    }

    /// An actor that stood on a platform at the end of its last step and has just left
    /// the ground (`drop`: it asked to drop through this frame): adds the platform's
    /// momentum to its velocity as
    /// [`ActorSettings::keeps_platform_momentum`](crate::ActorSettings::keeps_platform_momentum)
    /// says, except on an axis stopped this frame.
    #[inline(never)] // out of the step's way
    fn keep_momentum(&self, actor: &mut Actor, drop: bool, blocked_x: bool, blocked_y: bool) {
        let from = actor.previous;
        if from.ground_platform().is_none()
            || actor.contacts.on_ground()
            || !actor.settings.keeps_platform_momentum
            || from.ground_cell().is_some()
            || (drop && from.on_one_way())
        {
            return;
        }
        let Some(p) = from
            .ground_platform()
            .and_then(|i| self.platforms.as_ref().get(i))
        else {
            return;
        };
        let (mx, my) = p.momentum();
        let keep = |v: i32, m: i32| v.saturating_add(m).clamp(-MAX_SPEED, MAX_SPEED);
        if !blocked_x {
            actor.vx = keep(actor.vx, mx);
        }
        if !blocked_y {
            actor.vy = keep(actor.vy, my);
        }
    }

    /// Moves `actor` by whole pixels (dx, dy), with the same collision as [`World::step`],
    /// without touching its velocity. Each component is clamped to ±[`MAX_MOVE`] pixels,
    /// and the move stops at the edge of the world as [`World::step`]'s does. Returns its
    /// new contacts.
    pub fn move_by(&self, actor: &mut Actor, dx: i32, dy: i32) -> Contacts {
        let clamp = |d: i32| d.clamp(-MAX_MOVE, MAX_MOVE);
        self.sweep(actor, clamp(dx), clamp(dy), dy > 0, Shortcuts::Taken);
        end_drop_on_ground(actor);
        actor.contacts
    }

    /// The whole sweep; returns whether x and y motion were stopped.
    /// `rising`: the actor is moving up (by velocity), so nothing pulls it down to the
    /// ground this frame, even when its whole-pixel move up is 0.
    /// `shortcuts`: whether a frame whose outcome can be proved at once (see
    /// [`Self::shortcut`]) may skip the steps.
    fn sweep(
        &self,
        actor: &mut Actor,
        dx: i32,
        dy: i32,
        rising: bool,
        shortcuts: Shortcuts,
    ) -> (bool, bool) {
        actor.previous = actor.contacts;
        actor.contacts = Contacts::default();
        // Crushed by a platform earlier this frame: report it with this frame's contacts.
        actor.contacts.set(Contacts::CRUSHED, actor.crush_pending);
        actor.crush_pending = false;
        self.start_drop(actor);
        // Far from the edge of the world (the usual case) no move of this frame can reach
        // it; near it, the move is cut at the edge and checked at the end.
        let at_edge = !self.clear_of_edge(actor, dx, dy);
        let (dx, dy) = if at_edge {
            cut_at_edge(actor, dx, dy)
        } else {
            (dx, dy)
        };
        let (start_x, start_y) = (actor.x, actor.y);
        let whole = if shortcuts == Shortcuts::Taken && !at_edge {
            self.shortcut(actor, dx, dy, rising)
        } else {
            None
        };
        #[cfg(test)]
        if whole.is_some() {
            tests::SHORTCUTS.with(|n| n.set(n.get() + 1));
        }
        let (mut blocked_x, mut blocked_y, mut grounded) = match whole {
            Some(Whole::Flight) => {
                // Nothing lies within a pixel of its path: it touches nothing.
                self.finish_drop(actor);
                return (false, false);
            }
            Some(Whole::LevelWalk) => (false, dy < 0, true),
            None => self.take_steps(actor, dx, dy, rising),
        };
        if at_edge && !actor.within_edge() {
            // A climb, a slide or a stick carried it past the edge: the frame is refused,
            // back to the place it started from, standing as it stood.
            (actor.x, actor.y) = (start_x, start_y);
            (blocked_x, blocked_y) = (false, false);
            grounded = actor.previous.on_ground();
        }
        self.finish_drop(actor);
        // Standing where the motion proved it (a refused step down, the stick test of a
        // step sideways), unless it rose this frame: it is leaving the ground. A fall that
        // ends touching the ground proves nothing by itself: one test of the row under the
        // feet (what the next step down would test) settles it.
        let on_ground = if grounded {
            !(rising && actor.y > start_y)
        } else {
            !rising && self.lands_here(actor)
        };
        if on_ground {
            self.stand(actor);
        }
        record_hits(actor, blocked_x, blocked_y, dx, dy);
        (blocked_x, blocked_y)
    }

    /// The whole frame at once, when its outcome can be proved without the steps: moves the
    /// actor as the pixel steps would and says which outcome it proved. `None` (the actor
    /// untouched): the steps must be taken. Moves must not reach the edge of the world (see
    /// [`Self::clear_of_edge`]).
    #[inline(never)] // one call site; kept whole so its size is its own
    fn shortcut(&self, actor: &mut Actor, dx: i32, dy: i32, rising: bool) -> Option<Whole> {
        let (x_dir, y_dir) = Steps::new(dx, dy).directions();
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
        if dy <= 0 && self.level_walk_clear(actor, x_dir, ax) {
            move_actor(actor, x_dir, ax);
            return Some(Whole::LevelWalk);
        }
        None
    }

    /// Whether every step of a walk `ax` pixels towards `x_dir`, from where the actor
    /// (whole-box feet) stands, finds its column free and the row under its feet solid:
    /// the columns its leading edge enters are clear under any rules (one-way cells and
    /// platforms counted as solid, so no step's own one-way rule can block them), and the
    /// row under the feet holds a solid pixel (of a cell that is not one-way, or of a solid
    /// platform) in the columns that every box of the walk covers, so that every box of
    /// it stands on that pixel under any rules. Needs `ax` below the box's width.
    fn level_walk_clear(&self, actor: &Actor, x_dir: Direction, ax: i32) -> bool {
        let here = actor.rect();
        if actor.settings.feet != crate::Feet::Box || ax >= i32::from(actor.width()) {
            return false;
        }
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
        let floor = Rect {
            x0: shared.0,
            x1: shared.1,
            y0: under,
            y1: under,
        };
        self.hits_with(floor, &self.rules(actor, OneWay::Ignored))
            && (ax == 0 || self.clear_under_any_rules(lead))
    }

    /// The frame's pixel steps, one by one. Returns whether x and y motion were stopped,
    /// and whether the last step left the actor on the ground.
    #[inline(always)] // one call site: a frame of its own costs stack on every step
    fn take_steps(&self, actor: &mut Actor, dx: i32, dy: i32, rising: bool) -> (bool, bool, bool) {
        let mut steps = Steps::new(dx, dy);
        let mut grounded = actor.previous.on_ground();
        // The row under the feet is known to be solid (a step sideways just found it so, at
        // this very place and under the same rules): a step down needs no test.
        let mut on_floor = false;
        let (mut blocked_x, mut blocked_y) = (false, false);
        while let Some(dir) = steps.next() {
            if dir.is_horizontal() {
                match self.step_sideways(actor, dir, grounded, rising) {
                    Some(landing) => {
                        grounded = landing != Landing::Airborne;
                        on_floor = landing == Landing::OnFloor;
                    }
                    None => {
                        blocked_x = true;
                        steps.stop(dir);
                    }
                }
            } else if !(on_floor && dir == Direction::Down)
                && self.step_vertical(actor, dir) == Step::Moved
            {
                grounded = false;
                on_floor = false;
            } else {
                // Landing grounds the actor; bumping a ceiling leaves that as it was.
                grounded |= dir == Direction::Down;
                blocked_y = true;
                steps.stop(dir);
            }
        }
        (blocked_x, blocked_y, grounded)
    }

    /// One pixel left or right. Returns where the actor stands afterwards, or `None` when
    /// a wall stopped it.
    fn step_sideways(
        &self,
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
    fn sideways_lift(
        &self,
        actor: &Actor,
        dir: Direction,
        grounded: bool,
        rising: bool,
    ) -> Option<i32> {
        let here = actor.rect();
        let walkable = self.rules(actor, self.below(actor, here));
        if !self.blocked(here, dir, &walkable) {
            return Some(0);
        }
        self.lift_past(actor, dir, grounded, rising, &walkable, None)
    }

    /// [`Self::sideways_lift`] once the step straight ahead is known to be blocked under
    /// `walkable`.
    fn lift_past(
        &self,
        actor: &Actor,
        dir: Direction,
        grounded: bool,
        rising: bool,
        walkable: &Rules,
        solid_ahead: Option<bool>,
    ) -> Option<i32> {
        let here = actor.rect();
        let solids = self.rules(actor, OneWay::Ignored);
        // A rise lower than the wall height is climbed. The box must fit straight above
        // its old place too, so it never cuts a ceiling's corner.
        let climb = actor.settings.wall().saturating_sub(1).max(0);
        // Whole-box feet meet only what the box's edges pass: strips suffice. (A box that
        // something embedded meets nothing new either way: each strip is a row or column
        // of pixels the moved box adds.)
        let by_strips = walkable.foot.is_none() && strips_allowed();
        let lift = if by_strips {
            self.climb_by_strips(here, dir, climb, walkable, &solids)
        } else {
            // The box one pixel ahead is blocked: the caller found so.
            self.escape_from(here.shifted(dir, 1), Direction::Up, 1, climb, walkable)
                .filter(|&k| self.has_room(here, Direction::Up, k, &solids))
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
                let ahead = here.shifted(dir, 1);
                self.escape_with(ahead, Direction::Down, climb, walkable)
                    .filter(|&k| self.room_with(here, Direction::Down, k, walkable) >= k)
            };
            if let Some(k) = drop {
                return Some(k.saturating_neg());
            }
        }
        // One-way cells never make walls: pass through them from the side.
        let solid_ahead = solid_ahead.unwrap_or_else(|| self.blocked(here, dir, &solids));
        (!solid_ahead).then_some(0)
    }

    /// The least rise `k` in `1..=climb` that frees the free box `here` moved one pixel
    /// towards `dir` (whole-box feet), with every row from its top up to `k` above it free
    /// too. Strip by strip, rising: the row over the head (else it stops), then the column
    /// ahead and the feet row, whose one-way cells now meet it.
    fn climb_by_strips(
        &self,
        here: Rect,
        dir: Direction,
        climb: i32,
        walkable: &Rules,
        solids: &Rules,
    ) -> Option<i32> {
        let mut head = here.beyond(Direction::Up);
        let mut lead = here.beyond(dir);
        let mut feet = trailing_feet(here.shifted(dir, 1), dir);
        let feet_meet = walkable.one_way != OneWay::Ignored && feet.x0 <= feet.x1;
        for k in 1..=climb {
            if self.hits_with(head, solids) {
                return None;
            }
            lead = lead.shifted(Direction::Up, 1);
            feet = feet.shifted(Direction::Up, 1);
            let blocked =
                self.hits_with(lead, walkable) || (feet_meet && self.hits_with(feet, walkable));
            if !blocked {
                return Some(k);
            }
            head = head.shifted(Direction::Up, 1);
        }
        None
    }

    /// The least drop `k` in `1..=climb` that frees the free box `here` moved one pixel
    /// towards `dir` (whole-box feet) with every row under it down to `k` free: sliding
    /// down under a sloped ceiling.
    fn sink_by_strips(
        &self,
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
    fn stick(&self, actor: &mut Actor, was_grounded: bool) -> Landing {
        if !was_grounded {
            return Landing::Airborne;
        }
        let here = actor.rect();
        let rules = self.rules(actor, self.below(actor, here));
        let reach = actor.settings.wall();
        // Ground right below (flat ground, climbing) is one strip test; only a gap below
        // needs the distance lookups.
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

    /// One pixel up or down.
    fn step_vertical(&self, actor: &mut Actor, dir: Direction) -> Step {
        let here = actor.rect();
        let one_way = if dir == Direction::Down {
            self.below(actor, here)
        } else {
            OneWay::Ignored
        };
        let rules = self.rules(actor, one_way);
        if !self.blocked(here, dir, &rules) {
            move_actor(actor, dir, 1);
            return Step::Moved;
        }
        if dir == Direction::Up && self.slide_past_ceiling(actor, here, &rules) {
            return Step::Moved;
        }
        Step::Blocked
    }

    /// Blocked moving up: shift sideways by the least amount that frees the way, if the
    /// settings allow it. The two options are independent: a ceiling with a shape cell
    /// (a sloped ceiling) is slid along by `ceiling_slide`, up to `wall_height - 1` px; a
    /// ceiling of blocks and platforms only is nudged past by `corner_correction`.
    fn slide_past_ceiling(&self, actor: &mut Actor, here: Rect, rules: &Rules) -> bool {
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
        let sides = if actor.vx < 0 {
            [Direction::Left, Direction::Right]
        } else {
            [Direction::Right, Direction::Left]
        };
        let best = sides
            .into_iter()
            .filter_map(|side| {
                let k = self.escape_with(above, side, limit, rules)?;
                self.has_room(here, side, k, rules).then_some((k, side))
            })
            .min_by_key(|&(k, _)| k);
        match best {
            Some((k, side)) => {
                move_actor(actor, side, k);
                move_actor(actor, Direction::Up, 1);
                true
            }
            None => false,
        }
    }

    /// Whether no move of this sweep can reach the edge of the world (±[`MAX_POSITION`]).
    /// Each of the `|dx| + |dy|` pixel steps moves the box by at most
    /// a pixel plus a lift, a drop, a slide or an escape, each shorter than the sum of its
    /// settings' reaches, its size and a tile.
    fn clear_of_edge(&self, actor: &Actor, dx: i32, dy: i32) -> bool {
        let s = actor.settings;
        let per_step = u32::from(s.wall_height)
            + u32::from(s.corner_correction)
            + u32::from(actor.width())
            + u32::from(actor.height())
            + self.n.unsigned_abs()
            + 1;
        let steps = dx.unsigned_abs() + dy.unsigned_abs() + 1;
        // The moves are clamped to ±MAX_MOVE (`steps` ≤ 2^7 + 1) and `per_step` < 2^10:
        // the product stays below 2^18, so 32-bit arithmetic (no 64-bit multiply, a
        // library call on ARMv6-M) is exact, and the margin is positive.
        let margin = MAX_POSITION.unsigned_abs() - steps * per_step;
        actor.x.unsigned_abs() < margin && actor.y.unsigned_abs() < margin
    }

    /// Moves an actor that covers solid pixels (of cells or solid platforms, one-way cells
    /// aside) the shortest way out: up, left, right or down, ties in that order, by at most
    /// its larger side plus a tile, never past the edge of the world. Returns whether it
    /// is free afterwards (`false`: nothing within reach is free; it has not moved).
    ///
    /// Call it after a change of the map under an actor (a cell set where it stands). Its
    /// own motion never embeds an actor, so [`World::step`] never checks: a step of an
    /// actor that starts embedded adds no solid pixel to the ones it covers (each pixel it
    /// moves tests only the pixels its box gains), so it cannot sink deeper, but it stays
    /// embedded until something frees it. Moving platforms free the actors they push, and
    /// [`World::resize`] and the placing functions never embed one.
    ///
    /// ```
    /// use slope_runtime::{Actor, Cell, GridMap, Tables, World};
    /// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// let tables = Tables::from_bytes(BLOB)?;
    /// let mut map: GridMap<8, 4> = GridMap::new(Cell::FULL);
    /// for tx in 0..8 {
    ///     map.set(tx, 0, Cell::FULL); // a floor
    /// }
    /// let mut hero = Actor::new(20, 16, 8, 14);
    /// map.set(1, 1, Cell::FULL); // a block appears where the hero stands
    /// let world = World::new(tables, &map);
    /// assert!(world.unstick(&mut hero));
    /// // Out the shortest way: 12 px left (right: 12, up: 16; ties go left).
    /// assert_eq!((hero.x, hero.y), (8, 16));
    /// # Ok::<(), slope_runtime::Error>(())
    /// ```
    pub fn unstick(&self, actor: &mut Actor) -> bool {
        let rules = self.rules(actor, OneWay::Ignored);
        if !self.hits_with(actor.rect(), &rules) {
            return true;
        }
        self.escape_shortest(actor, &rules, None)
    }

    /// Moves `actor` the shortest way (ties: up, left, right, down) to where it covers no
    /// solid pixel under `rules`, within its own size plus a tile and the edge of the
    /// world; with `path`, only along a way that is clear under those rules. Returns
    /// whether it moved.
    fn escape_shortest(&self, actor: &mut Actor, rules: &Rules, path: Option<&Rules>) -> bool {
        let here = actor.rect();
        let reach = i32::from(actor.width().max(actor.height())).saturating_add(self.n);
        let best = [
            Direction::Up,
            Direction::Left,
            Direction::Right,
            Direction::Down,
        ]
        .into_iter()
        .filter_map(|dir| {
            let k = self.escape_with(here, dir, reach, rules)?;
            let (dx, dy) = offset_of(dir, k);
            let inside = within_edge(actor.x.saturating_add(dx), actor.y.saturating_add(dy));
            let clear = inside && path.is_none_or(|p| self.has_room(here, dir, k, p));
            clear.then_some((k, dir))
        })
        .min_by_key(|&(k, _)| k);
        match best {
            Some((k, dir)) => {
                move_actor(actor, dir, k);
                true
            }
            None => false,
        }
    }

    /// Whether the actor covers a solid pixel (one-way cells and platforms aside).
    pub(crate) fn hits_actor(&self, actor: &Actor) -> bool {
        self.hits_with(actor.rect(), &self.rules(actor, OneWay::Ignored))
    }

    /// Pushed one pixel towards `dir` by platform `pusher` (which takes no part), with tile
    /// collision and nothing else. Returns whether it moved.
    pub(crate) fn push_aside(&self, actor: &mut Actor, dir: Direction, pusher: usize) -> bool {
        let here = actor.rect();
        let rules = Rules {
            skip_platform: Some(pusher),
            ..self.rules(actor, OneWay::Ignored)
        };
        if dir.is_horizontal() {
            // Pushed into a slope, it walks up it; pushed into a wall, it stays.
            let ahead = here.shifted(dir, 1);
            let climb = actor.settings.wall().saturating_sub(1).max(0);
            let Some(k) = self.escape_with(ahead, Direction::Up, climb, &rules) else {
                return false;
            };
            if !self.has_room(here, Direction::Up, k, &rules) {
                return false;
            }
            move_actor(actor, dir, 1);
            move_actor(actor, Direction::Up, k);
            true
        } else if !self.blocked(here, dir, &rules) {
            move_actor(actor, dir, 1);
            true
        } else {
            false
        }
    }

    /// A crushed actor, moved the shortest way out of everything (platform `pusher` too)
    /// along a path clear of tiles and other platforms: never through a wall. Returns
    /// whether it found such a place; if not, it is left where it is.
    pub(crate) fn relocate(&self, actor: &mut Actor, pusher: usize) -> bool {
        let all = self.rules(actor, OneWay::Ignored);
        let path = Rules {
            skip_platform: Some(pusher),
            ..all
        };
        self.escape_shortest(actor, &all, Some(&path))
    }

    /// One pixel towards `dir` with tile collision (climbing, sticking, sliding as a step
    /// of its own would), for platforms that carry the actor. Returns whether it moved.
    pub(crate) fn push(&self, actor: &mut Actor, dir: Direction) -> bool {
        if dir.is_horizontal() {
            let grounded = actor.contacts.on_ground();
            self.step_sideways(actor, dir, grounded, false).is_some()
        } else {
            self.step_vertical(actor, dir) == Step::Moved
        }
    }

    /// What `actor` touches where it is now, probed: the ground under its feet (cell,
    /// platform, angle, one-way), and whether a step left, right or up from here would be
    /// refused. [`World::step`] reports only what its motion ran into (as Godot's
    /// `is_on_wall()` and Unity's `collisionFlags` do); this is the question a game asks
    /// when it wants to know more, and it costs only when called: a few strip tests.
    ///
    /// The answer has the form of [`Contacts`], for the place alone: `on_ground` when the
    /// box one pixel lower would meet the ground under the falling rules, `pushing_left` /
    /// `pushing_right` when a step that way would be refused (a slope it could walk up is
    /// no wall), `on_ceiling` when the row over its head is solid; `crushed` is never set.
    ///
    /// ```
    /// use slope_runtime::{Actor, Cell, GridMap, Tables, World};
    /// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
    /// let tables = Tables::from_bytes(BLOB)?;
    /// let mut map: GridMap<8, 4> = GridMap::new(Cell::FULL);
    /// for tx in 0..8 {
    ///     map.set(tx, 0, Cell::FULL); // a floor
    /// }
    /// map.set(3, 1, Cell::FULL); // a wall
    /// let world = World::new(tables, &map);
    /// let hero = Actor::new(40, 16, 8, 14); // standing still, its right side at the wall
    /// let t = world.touching(&hero);
    /// assert!(t.on_ground() && t.pushing_right() && !t.pushing_left());
    /// assert_eq!(t.ground_cell(), Some((2, 0)));
    /// # Ok::<(), slope_runtime::Error>(())
    /// ```
    pub fn touching(&self, actor: &Actor) -> Contacts {
        let mut probe = *actor;
        probe.contacts = Contacts::default();
        let here = probe.rect();
        let solids = self.rules(&probe, OneWay::Ignored);
        let floor = self.rules(&probe, self.below(&probe, here));
        let footing = self.footing(&probe, here, &floor, true);
        let on_ground = footing.is_some();
        // A wall: a step that way is refused, not merely a slope touched. Blocked with
        // one-way cells ignored, it is blocked under the walking rules too.
        let walled = |dir| {
            self.blocked(here, dir, &solids)
                && self
                    .lift_past(&probe, dir, on_ground, false, &floor, Some(true))
                    .is_none()
        };
        let (left, right) = (walled(Direction::Left), walled(Direction::Right));
        let ceiling = self.blocked(here, Direction::Up, &solids);
        if let Some(footing) = footing {
            self.stand_on_footing(&mut probe, footing);
        }
        let c = &mut probe.contacts;
        c.set(Contacts::PUSHING_LEFT, left);
        c.set(Contacts::PUSHING_RIGHT, right);
        c.set(Contacts::ON_CEILING, ceiling);
        probe.contacts
    }

    /// The end of a step that left the actor on the ground: what holds it (cell,
    /// platform, angle, one-way). The motion proved that something does; where nothing
    /// is found (the ground was inside the box of an actor that something embedded), it
    /// is in the air.
    #[inline(never)] // after the steps: inlined, its locals would deepen every step's stack
    fn stand(&self, actor: &mut Actor) {
        let here = actor.rect();
        let floor = self.rules(actor, self.below(actor, here));
        if let Some(footing) = self.footing(actor, here, &floor, false) {
            self.stand_on_footing(actor, footing);
        }
    }

    /// Whether a step down from where the actor is would be refused.
    #[inline(never)] // after the steps, on airborne frames only
    fn lands_here(&self, actor: &Actor) -> bool {
        let here = actor.rect();
        self.blocked(
            here,
            Direction::Down,
            &self.rules(actor, self.below(actor, here)),
        )
    }

    /// The contacts of an actor placed on the ground, as a landing there would leave them.
    pub(crate) fn land(&self, actor: &mut Actor) {
        actor.previous = actor.contacts;
        actor.contacts = Contacts::default();
        self.stand(actor);
    }

    /// Records what holds the actor.
    fn stand_on_footing(&self, actor: &mut Actor, footing: Footing) {
        actor.contacts.set(Contacts::ON_GROUND, true);
        if let Some((tx, ty)) = footing.cell {
            let angle = self.ground_angle(tx, ty, actor);
            Self::stand_on(actor, (tx, ty), angle);
        }
        if let Some(index) = footing.platform {
            actor.contacts.set_ground_platform(index);
        }
        actor
            .contacts
            .set(Contacts::ON_ONE_WAY, footing.only_one_way);
    }

    /// Records that the actor stands on `cell`, whose surface angle under its centre is
    /// `angle` (0: level, not a slope).
    fn stand_on(actor: &mut Actor, cell: (i32, i32), angle: u8) {
        let c = &mut actor.contacts;
        c.set(Contacts::ON_GROUND, true);
        c.set_ground_cell(cell);
        c.ground_angle = angle;
        c.set(Contacts::ON_SLOPE, angle != 0);
    }

    /// How many columns world column `x` lies from cell column `tx` (0 inside it).
    fn columns_from(&self, x: i32, tx: i32) -> i32 {
        let left = self.tile_origin(tx);
        if x < left {
            left - x
        } else {
            x.saturating_sub(left.saturating_add(self.n - 1)).max(0)
        }
    }

    /// What the feet of box `here` rest on under `floor`: `None` when the row under them
    /// meets nothing (cells or platforms); otherwise the touched cell nearest the centre,
    /// if any, found in the same pass over the cells of that row, and the touched platform
    /// nearest the centre, if any. `floor` holds the one-way rule for feet coming from
    /// `here` itself. `exact`: a cell the box is inside is not ground (a box test per
    /// touched cell); without it, such a cell may be reported, which only an actor that
    /// something embedded can see.
    fn footing(&self, actor: &Actor, here: Rect, floor: &Rules, exact: bool) -> Option<Footing> {
        let centre = actor.centre_x();
        let below = Rect {
            y1: here.y0,
            ..here
        }
        .shifted(Direction::Down, 1);
        if floor.foot.is_none() {
            let (cell, meets, only_one_way) =
                self.cells_under_box(centre, below, here, floor, exact);
            return self.footing_with_platforms(cell, meets, only_one_way, below, floor, centre);
        }
        let mut meets = false;
        let mut only_one_way = true;
        let mut best: Option<(i32, i32, i32)> = None; // (distance from centre, tx, ty)
        let mut visit = |tx: i32, ty: i32, hit: bool| {
            // Touching: free of the cell, and the row under the feet meets it.
            meets |= hit;
            if !hit || (exact && self.cell_hits_with(tx, ty, here, floor)) {
                return;
            }
            only_one_way &= self.map.cell(tx, ty).one_way;
            let off = self.columns_from(centre, tx);
            if best.is_none_or(|(d, _, _)| off < d) {
                best = Some((off, tx, ty));
            }
        };
        if let Some(foot) = floor.foot {
            // What the parts of the box one pixel lower meet (they may reach rows above
            // its bottom, where its columns dip into the ground).
            let lower = here.shifted(Direction::Down, 1);
            self.foot_parts(lower, floor, foot, |part, rules| {
                for (tx, ty) in self.cells(part) {
                    visit(tx, ty, self.collides_with(tx, ty, part, rules));
                }
                ControlFlow::<()>::Continue(())
            });
        }
        let cell = best.map(|(_, tx, ty)| (tx, ty));
        self.footing_with_platforms(cell, meets, only_one_way, below, floor, centre)
    }

    /// The footing of cells `cell` (the touched one nearest the centre), `meets` (the row
    /// under the feet meets a cell), `only_one_way` (every touched cell is one-way), with
    /// the platforms under the feet added.
    fn footing_with_platforms(
        &self,
        cell: Option<(i32, i32)>,
        meets: bool,
        only_one_way: bool,
        below: Rect,
        floor: &Rules,
        centre: i32,
    ) -> Option<Footing> {
        let platform = if self.platforms.as_ref().is_empty() {
            None
        } else {
            self.platform_under(below, floor, centre)
        };
        (meets || platform.is_some()).then_some(Footing {
            cell,
            platform: platform.map(|(index, _)| index),
            only_one_way: only_one_way && platform.is_none_or(|(_, one_way)| one_way),
        })
    }

    /// [`Self::footing`]'s cells for whole-box feet: the cells of the row `below` the feet
    /// (box `here`), visited from the one under the centre outwards, nearest first (ties:
    /// the left one), so the search stops at the first touched cell that is not one-way:
    /// it is the nearest, and it settles that not every touched cell is one-way. Returns
    /// the nearest touched cell, whether the row meets any cell, and whether every touched
    /// cell is one-way. `exact`: as in [`Self::footing`].
    fn cells_under_box(
        &self,
        centre: i32,
        below: Rect,
        here: Rect,
        floor: &Rules,
        exact: bool,
    ) -> (Option<(i32, i32)>, bool, bool) {
        let (ty, row) = self.split(below.y0);
        let ((first, lo0), (last, hi1)) = (self.split(below.x0), self.split(below.x1));
        let mut tx = self.tile_of(centre);
        let (mut left, mut right) = (tx.saturating_sub(1), tx.saturating_add(1));
        let (mut meets, mut only_one_way, mut best) = (false, true, None);
        loop {
            let lo = if tx == first { lo0 } else { 0 };
            let hi = if tx == last {
                hi1
            } else {
                self.n.wrapping_sub(1)
            };
            let hit = self.strip_cell_hits::<true>(tx, ty, below, floor, row, (lo, hi));
            meets |= hit;
            if hit && !(exact && self.cell_hits_with(tx, ty, here, floor)) {
                best = best.or(Some((tx, ty)));
                only_one_way &= self.map.cell(tx, ty).one_way;
                if !only_one_way {
                    break;
                }
            }
            // The nearer of the next cells on each side (ties: the left one).
            let left_open = left >= first;
            let right_open = right <= last;
            tx = if left_open
                && (!right_open
                    || self.columns_from(centre, left) <= self.columns_from(centre, right))
            {
                left = left.saturating_sub(1);
                left.saturating_add(1)
            } else if right_open {
                right = right.saturating_add(1);
                right.saturating_sub(1)
            } else {
                break;
            };
        }
        (best, meets, only_one_way)
    }

    /// The surface angle of the ground the actor stands on in cell (tx, ty): of the cell's
    /// column under its centre, or, where that column of the cell is empty (the actor
    /// stands on other columns of it), of the column under its feet nearest the centre.
    /// 0 for a block.
    #[inline(never)] // once a frame; inlined, its locals would deepen every step's stack
    fn ground_angle(&self, tx: i32, ty: i32, actor: &Actor) -> u8 {
        let Solid::Shape(id, variant) = self.map.cell(tx, ty).solid else {
            return 0;
        };
        let left = self.tile_origin(tx);
        let centre = actor.centre_x().saturating_sub(left).max(0).min(self.n - 1);
        let Some(shape) = self.tables.shape(id) else {
            return 0;
        };
        if let Some(s) = u8::try_from(centre)
            .ok()
            .and_then(|c| shape.surface(variant, c))
        {
            return s.angle;
        }
        self.angle_beside_centre(&shape, variant, (left, self.tile_origin(ty)), actor)
    }

    /// [`Self::ground_angle`] when the column under the centre is empty: the angle of the
    /// column whose top is right under the feet, nearest the centre (0 if none is).
    #[cold]
    fn angle_beside_centre(
        &self,
        shape: &Shape<'_>,
        variant: Variant,
        (left, bottom): (i32, i32),
        actor: &Actor,
    ) -> u8 {
        let row = u8::try_from(actor.y.saturating_sub(1).saturating_sub(bottom)).ok();
        let from = |x: i32| x.saturating_sub(left);
        let (lo, hi) = (from(actor.x).max(0), from(actor.rect().x1).min(self.n - 1));
        let centre = from(actor.centre_x());
        // Every other column of the box in the cell, nearest the centre first (at most N;
        // the centre's own column is empty).
        for d in 1..=self.n {
            for column in [centre - d, centre + d] {
                if (lo..=hi).contains(&column) {
                    let stood = u8::try_from(column)
                        .ok()
                        .zip(row)
                        .and_then(|(c, r)| shape.ground_at(variant, c, r));
                    if let Some(angle) = stood {
                        return angle;
                    }
                }
            }
        }
        0
    }

    /// Horizontal velocity on a slope scaled by its cosine, when the actor asks for it.
    fn slope_scaled(&self, actor: &Actor, vx: i32) -> i32 {
        // At the start of a frame, `contacts` still holds the last frame's result.
        let p = actor.contacts;
        if !actor.settings.equal_slope_speed || !p.on_ground() || p.ground_angle == 0 {
            return vx;
        }
        // Fold the angle to 0..=64 (a quarter turn): cos is even and cos(π − a) = −cos(a),
        // but only the magnitude of the slope matters here.
        let a = i32::from(p.ground_angle as i8).unsigned_abs();
        let a = if a > 64 { 128 - a } else { a };
        let cos = i32::from(COS_Q15.get(a as usize).copied().unwrap_or(1 << 15));
        // |vx| ≤ 2^14 and cos ≤ 2^15: the product fits an i32.
        vx.saturating_mul(cos) >> 15
    }

    /// The one-way rule for an actor whose box is `from` before the step.
    pub(crate) fn below(&self, actor: &Actor, from: Rect) -> OneWay {
        if actor.settings.ignores_one_way {
            OneWay::Ignored
        } else {
            OneWay::Below {
                from,
                skip_row: actor.drop_row,
            }
        }
    }

    /// How `actor`'s box meets the cells under the one-way rule `one_way` (its feet).
    #[inline(always)] // on every step: built in place
    pub(crate) fn rules(&self, actor: &Actor, one_way: OneWay) -> Rules {
        let size = (actor.width(), actor.height());
        let mut rules = Rules::new(actor.settings.feet, size, actor.settings.wall(), one_way);
        // Only one-way rules see one-way platforms: with `OneWay::Ignored` (a constant at
        // most calls) this test folds away.
        if matches!(one_way, OneWay::Below { .. }) && actor.drop_platform != NO_PLATFORM {
            rules.skip_platform = self.dropped_platform(actor);
        }
        rules
    }

    /// The one-way platform the actor drops through, which takes no part in its moves (a
    /// solid one always does).
    #[cold]
    #[inline(never)]
    fn dropped_platform(&self, actor: &Actor) -> Option<usize> {
        let i = actor.dropping_through()?;
        self.platforms.as_ref().get(i)?.one_way.then_some(i)
    }

    /// A drop request while standing on one-way cells or a one-way platform (and nothing
    /// else): ignore their row, or that platform, from now on.
    fn start_drop(&self, actor: &mut Actor) {
        if actor.drop_request && actor.previous.on_one_way() && actor.previous.on_ground() {
            if let Some((_, row)) = actor.previous.ground_cell() {
                actor.drop_row = row;
            }
            if let Some(index) = actor.previous.ground_platform() {
                actor.set_dropping_through(Some(index));
            }
        }
        actor.drop_request = false;
    }

    /// The row being dropped through counts again once the box has left it; so does the
    /// platform.
    fn finish_drop(&self, actor: &mut Actor) {
        if self.drop_ends(actor.drop_row, actor.rect()) {
            actor.drop_row = i32::MIN;
        }
        if actor.drop_platform != NO_PLATFORM {
            self.finish_platform_drop(actor);
        }
    }

    /// A drop through a platform ends once the box has left it: it overlaps it no more,
    /// and is below its top or beside it (above it, the platform may be falling away
    /// faster than the actor). It ends too when the platform is gone or is not one-way.
    #[inline(never)]
    fn finish_platform_drop(&self, actor: &mut Actor) {
        let a = actor.rect();
        let left = actor
            .dropping_through()
            .and_then(|i| self.platforms.as_ref().get(i))
            .is_none_or(|p| !p.one_way || has_left(p.rect(), a));
        if left {
            actor.set_dropping_through(None);
        }
    }

    /// Whether a drop through row `drop_row` (`i32::MIN`: none) ends with the box at `r`:
    /// the box has left the row.
    fn drop_ends(&self, drop_row: i32, r: Rect) -> bool {
        if drop_row == i32::MIN {
            return false;
        }
        let bottom = self.tile_origin(drop_row);
        let top = bottom.saturating_add(self.n - 1);
        r.y1 < bottom || r.y0 > top
    }
}

/// Whether a sweep may answer a whole frame at once when its outcome can be proved (see
/// `World::shortcut`), or must take every pixel step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shortcuts {
    Taken,
    #[cfg(test)]
    Refused,
}

/// What a whole-frame shortcut proved (see `World::shortcut`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Whole {
    /// A flight through clear air: every step moved, and nothing lies within a pixel.
    Flight,
    /// A level walk on the ground: every step sideways moved onto the floor, every step
    /// down was refused.
    LevelWalk,
}

/// Where a step sideways leaves the actor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Landing {
    /// In the air.
    Airborne,
    /// On the ground.
    Grounded,
    /// On the ground, and the row right under its feet was just found solid there.
    OnFloor,
}

impl Landing {
    fn grounded_if(grounded: bool) -> Landing {
        if grounded {
            Landing::Grounded
        } else {
            Landing::Airborne
        }
    }
}

/// What an actor stands on (see `World::footing`).
/// Whether [`World::lift_past`] takes strips for whole-box feet: always, except in a test
/// that compares them with whole-box tests.
#[cfg(test)]
fn strips_allowed() -> bool {
    tests::BY_STRIPS.with(core::cell::Cell::get)
}

#[cfg(not(test))]
const fn strips_allowed() -> bool {
    true
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

#[derive(Clone, Copy, Debug)]
struct Footing {
    /// The touched cell nearest the actor's centre (`None`: only platforms).
    cell: Option<(i32, i32)>,
    /// The touched platform nearest the actor's centre (`None`: only cells).
    platform: Option<usize>,
    /// Every touched cell and platform is one-way.
    only_one_way: bool,
}

/// A drop through a platform ends when something else holds the actor (the platform it
/// drops through holds nothing).
#[inline(always)]
fn end_drop_on_ground(actor: &mut Actor) {
    if actor.drop_platform != NO_PLATFORM && actor.contacts.on_ground() {
        actor.set_dropping_through(None);
    }
}

/// Whether box `a` has left platform `p` that it dropped through: it overlaps it no more,
/// and is below its top or beside it.
fn has_left(p: Rect, a: Rect) -> bool {
    !a.overlaps(&p) && (a.y0 <= p.y1 || a.x1 < p.x0 || p.x1 < a.x0)
}

/// Records what stopped the frame's move `(dx, dy)`: a wall (x motion stopped) on the
/// side it was going, a ceiling (y motion stopped going up).
fn record_hits(actor: &mut Actor, blocked_x: bool, blocked_y: bool, dx: i32, dy: i32) {
    let c = &mut actor.contacts;
    c.set(Contacts::PUSHING_LEFT, blocked_x && dx < 0);
    c.set(Contacts::PUSHING_RIGHT, blocked_x && dx > 0);
    c.set(Contacts::ON_CEILING, blocked_y && dy > 0);
}

/// Adds a velocity (1/256 px) to a remainder: whole pixels to move, and the new remainder.
pub(crate) fn split_subpixels(rem: u8, v: i32) -> (i32, u8) {
    let total = i32::from(rem).saturating_add(v);
    (total.div_euclid(SUBPIXEL), total.rem_euclid(SUBPIXEL) as u8)
}

/// Moves the actor `k` pixels towards `dir`. Never clamped at the edge of the world (a
/// clamp would put it where no test has looked): the callers keep it within reach of the
/// edge (see `World::clear_of_edge`) and undo a move that ends past it.
#[inline]
fn move_actor(actor: &mut Actor, dir: Direction, k: i32) {
    let (dx, dy) = offset_of(dir, k);
    actor.x = actor.x.saturating_add(dx);
    actor.y = actor.y.saturating_add(dy);
}

/// A move near the edge of the world: the position brought within it (it may have been set
/// past it through the public fields), and the displacement `(dx, dy)` cut where it would
/// cross it.
#[cold]
#[inline(never)]
fn cut_at_edge(actor: &mut Actor, dx: i32, dy: i32) -> (i32, i32) {
    let inside = |p: i32| p.clamp(-MAX_POSITION, MAX_POSITION);
    actor.x = inside(actor.x);
    actor.y = inside(actor.y);
    // |p| ≤ 2^30 and |d| ≤ MAX_MOVE: no overflow.
    let cut = |p: i32, d: i32| inside(p.saturating_add(d)).saturating_sub(p);
    (cut(actor.x, dx), cut(actor.y, dy))
}

#[cfg(test)]
mod tests {
    use core::sync::atomic::{AtomicUsize, Ordering};

    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};

    use super::Shortcuts;
    use crate::Direction;
    use crate::testing::{Map, map, map_of, tables, terrain};
    use crate::{Actor, ActorSettings, Cell, Feet, SUBPIXEL, World};

    std::thread_local! {
        /// Frames answered by a shortcut, on this test's thread.
        pub(super) static SHORTCUTS: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
        /// Whether `lift_past` takes strips for whole-box feet on this test's thread.
        pub(super) static BY_STRIPS: core::cell::Cell<bool> = const { core::cell::Cell::new(true) };
    }

    fn settings() -> impl Strategy<Value = ActorSettings> {
        let flags = prop::collection::vec(any::<bool>(), 5);
        let wall_height = prop_oneof![4 => 0u8..7, 1 => 7u8..=255];
        (wall_height, 0u8..6, flags).prop_map(|(wall_height, corner_correction, f)| ActorSettings {
            wall_height,
            corner_correction,
            sticks_to_slopes: f[0],
            ignores_one_way: f[1],
            ceiling_slide: f[2],
            equal_slope_speed: f[3],
            feet: if f[4] { Feet::Centre } else { Feet::Box },
            keeps_platform_momentum: true,
        })
    }

    fn actor() -> impl Strategy<Value = Actor> {
        (-8..88i32, -8..88i32, 1..40u16, 1..40u16, settings())
            .prop_map(|(x, y, w, h, s)| Actor::new(x, y, w, h).with_settings(s))
    }

    /// Mostly open air and blocks, where the shortcuts apply, with a few of any cell.
    fn blocky_cell() -> impl Strategy<Value = Cell> {
        prop_oneof![
            4 => Just(Cell::EMPTY),
            3 => Just(Cell::FULL),
            1 => crate::testing::cell(),
        ]
    }

    /// Runs `cases` of frames of a walker under gravity that jumps and drops through now
    /// and then, once with the whole-frame shortcuts and once without, and checks that
    /// every actor-frame (position, velocity, remainders, contacts, drop state) is the
    /// same. Returns how many frames a shortcut answered, of how many.
    fn compare_shortcuts(
        cases: u32,
        case: impl Strategy<Value = (Map, Actor, i32, Vec<(bool, bool)>)>,
    ) -> (usize, usize) {
        let taken = AtomicUsize::new(0);
        let frames = AtomicUsize::new(0);
        let config = Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        };
        let result = TestRunner::new(config).run(&case, |(map, start, vx, inputs)| {
            let world = World::new(tables(), &map);
            // Placed as a game places an actor: free (its own moves never embed it).
            let mut start = start;
            world.unstick(&mut start);
            let (mut fast, mut slow) = (start, start);
            for (frame, &(jump, drop)) in inputs.iter().enumerate() {
                for a in [&mut fast, &mut slow] {
                    a.vx = vx;
                    a.vy = if jump && a.contacts.on_ground() {
                        4 * SUBPIXEL
                    } else {
                        (a.vy - SUBPIXEL / 4).max(-6 * SUBPIXEL)
                    };
                    if drop {
                        a.drop_through();
                    }
                }
                let (before, shortcuts) = (fast, SHORTCUTS.get());
                world.step_with(&mut fast, Shortcuts::Taken);
                let shortcut = SHORTCUTS.get() > shortcuts;
                world.step_with(&mut slow, Shortcuts::Refused);
                prop_assert_eq!(fast, slow, "frame {} from {:?}", frame, before);
                frames.fetch_add(1, Ordering::Relaxed);
                if shortcut {
                    taken.fetch_add(1, Ordering::Relaxed);
                }
            }
            Ok(())
        });
        if let Err(e) = result {
            panic!("{e}");
        }
        (taken.into_inner(), frames.into_inner())
    }

    /// Anywhere on random maps (any cells, mostly blocks, or ground). The shortcuts must
    /// also have been taken on a good share of frames, or the check says nothing.
    /// For a free box of whole-box feet, the lifts and drops past a blocked step found
    /// strip by strip equal those found by whole-box tests: random maps and terrain, a
    /// random box size and settings, at every place of the map (every other column, every
    /// third row), for every combination of side, ground and rising.
    #[test]
    fn lifts_by_strips_match_lifts_by_boxes() {
        let outcomes = core::cell::RefCell::new([0usize; 3]); // up, down, none
        let case = (prop_oneof![map(), terrain()], actor());
        let config = Config {
            cases: 200,
            failure_persistence: None,
            ..Config::default()
        };
        let result = TestRunner::new(config).run(&case, |(map, template)| {
            let world = World::new(tables(), &map);
            let settings = ActorSettings {
                feet: Feet::Box,
                ..template.settings
            };
            let (w, h) = (template.width().min(24), template.height().min(24));
            for (x, y) in (-4..84)
                .step_by(2)
                .flat_map(|x| (-4..84).step_by(3).map(move |y| (x, y)))
            {
                let actor = Actor::new(x, y, w, h).with_settings(settings);
                if world.hits_actor(&actor) {
                    continue;
                }
                let here = actor.rect();
                let walkable = world.rules(&actor, world.below(&actor, here));
                for flags in 0..8 {
                    let (right, grounded, rising) =
                        (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0);
                    let dir = if right {
                        Direction::Right
                    } else {
                        Direction::Left
                    };
                    if !world.blocked(here, dir, &walkable) {
                        continue;
                    }
                    let lift = |strips| {
                        BY_STRIPS.with(|b| b.set(strips));
                        let lift = world.lift_past(&actor, dir, grounded, rising, &walkable, None);
                        BY_STRIPS.with(|b| b.set(true));
                        lift
                    };
                    let by_strips = lift(true);
                    prop_assert_eq!(by_strips, lift(false), "{:?} {:?} {}", actor, dir, flags);
                    let outcome = match by_strips {
                        Some(k) if k > 0 => 0,
                        Some(k) if k < 0 => 1,
                        _ => 2,
                    };
                    outcomes.borrow_mut()[outcome] += 1;
                }
            }
            Ok(())
        });
        if let Err(e) = result {
            panic!("{e}");
        }
        let [up, down, none] = outcomes.into_inner();
        assert!(
            up > 2000 && down > 100 && none > 5000,
            "too few of each: {up} up, {down} down, {none} none"
        );
    }

    #[test]
    fn shortcuts_change_nothing() {
        let maps = prop_oneof![map(), map_of(blocky_cell()), terrain()];
        let inputs = prop::collection::vec((any::<bool>(), prop::bool::weighted(0.1)), 1..12);
        let (taken, frames) = compare_shortcuts(4000, (maps, actor(), -1200..1200i32, inputs));
        assert!(
            taken * 5 > frames,
            "shortcuts taken on {taken} of {frames} frames"
        );
    }

    /// Walkers dropped onto random ground, for long enough to land and walk its slopes,
    /// ledges and walls: every wall height from 0 to 6 px meets rises and drops of exactly
    /// its size.
    #[test]
    fn shortcuts_change_nothing_on_the_ground() {
        let walker = (actor(), 0..80i32).prop_map(|(mut a, x)| {
            (a.x, a.y) = (x, 64);
            a
        });
        let inputs = prop::collection::vec(
            (prop::bool::weighted(0.03), prop::bool::weighted(0.02)),
            40..60,
        );
        let case = (terrain(), walker, -700..700i32, inputs);
        let (taken, frames) = compare_shortcuts(1500, case);
        assert!(
            taken * 4 > frames,
            "shortcuts taken on {taken} of {frames} frames"
        );
    }

    /// One frame of `start` on `map`, with the whole-frame shortcuts and without.
    fn one_frame_both_ways(map: &Map, start: Actor) -> (Actor, Actor) {
        let world = World::new(tables(), map);
        let (mut fast, mut slow) = (start, start);
        world.step_with(&mut fast, Shortcuts::Taken);
        world.step_with(&mut slow, Shortcuts::Refused);
        (fast, slow)
    }

    /// Cell column 1 of blocks up to row `level`, and on it a steep ramp: a slope11 piece
    /// turned (a 4 px step per column).
    fn ramp_on_blocks(outside: Cell, level: i32) -> Map {
        let mut map = Map::new(outside);
        for ty in 0..level {
            map.set(1, ty, Cell::FULL);
        }
        let ramp = tables().find("slope11_2").expect("a default tile");
        map.set(1, level, Cell::shape(ramp, crate::Variant::Rot90));
        map
    }

    /// A `width`×1 walker with `wall_height` (no ceiling slide, no corner correction) at
    /// (x, y) on `map`, after one frame at rest there under gravity.
    fn standing_walker(
        map: &Map,
        (x, y): (i32, i32),
        width: u16,
        wall_height: u8,
        sticks: bool,
    ) -> Actor {
        let settings = ActorSettings {
            wall_height,
            sticks_to_slopes: sticks,
            ceiling_slide: false,
            corner_correction: 0,
            ..ActorSettings::default()
        };
        let mut actor = Actor::new(x, y, width, 1).with_settings(settings);
        actor.vy = -SUBPIXEL / 4;
        World::new(tables(), map).step(&mut actor);
        assert_eq!((actor.x, actor.y), (x, y));
        assert!(actor.contacts.on_ground());
        actor
    }

    /// Falling through a dropped one-way row, the actor climbs a block's side by 2 px and
    /// lands out of the row, its centre over the one-way cell: the contacts see that cell
    /// again (the drop has ended) and stand the actor on it.
    #[test]
    fn a_drop_that_ends_in_the_frame_stands_on_the_row_it_left() {
        let mut map = Map::new(Cell::EMPTY);
        for ty in 0..=2 {
            map.set(4, ty, Cell::FULL);
        }
        map.set(3, 2, Cell::FULL.one_way());
        let mut start = Actor::new(62, 46, 2, 1);
        (start.vx, start.vy, start.rem_x, start.rem_y) = (195, -256, 84, 128);
        start.drop_row = 2;
        let (fast, slow) = one_frame_both_ways(&map, start);
        assert_eq!((slow.x, slow.y), (63, 48));
        assert_eq!(slow.contacts.ground_cell(), Some((3, 2)));
        assert_eq!(fast, slow);
    }

    /// A jump up a steep ramp (a turned slope11 piece, a 4 px step per column): 4 px up
    /// and a climb of 3 px at each of 3 px sideways take the box 13 px up, to a wall. Its
    /// motion ends there without a step into the wall, so only a probe finds the wall.
    #[test]
    fn a_jump_climbs_a_steep_ramp_to_its_wall() {
        let map = ramp_on_blocks(Cell::FULL, 4);
        // on the blocks, against the ramp's foot
        let mut start = standing_walker(&map, (24, 64), 1, 4, false);
        (start.vx, start.vy) = (-513, 4 * SUBPIXEL);
        let (fast, slow) = one_frame_both_ways(&map, start);
        assert_eq!((slow.x, slow.y), (21, 77));
        assert!(!slow.contacts.pushing_left());
        assert!(World::new(tables(), &map).touching(&slow).pushing_left());
        assert_eq!(fast, slow);
    }

    /// Down the same kind of ramp, sticking: 3 px sideways drop the box 12 px (and the
    /// frame's fall a pixel more), onto the blocks under the ramp.
    #[test]
    fn a_walk_down_a_steep_ramp_sticks_to_the_blocks_below() {
        let map = ramp_on_blocks(Cell::EMPTY, 3);
        let mut start = standing_walker(&map, (21, 60), 19, 5, true); // on the ramp
        (start.vx, start.vy, start.rem_x) = (626, -SUBPIXEL / 4, 144);
        let (fast, slow) = one_frame_both_ways(&map, start);
        assert_eq!((slow.x, slow.y), (24, 48));
        assert_eq!(slow.contacts.ground_cell(), Some((1, 2)));
        assert_eq!(fast, slow);
    }

    /// Walkers that jump often over random ground, some fast: take-offs from slopes and
    /// steps, climbs in mid-jump, falls past ledges and landings.
    #[test]
    fn shortcuts_change_nothing_jumping() {
        let walker = (actor(), 0..80i32, 16..64i32).prop_map(|(mut a, x, y)| {
            (a.x, a.y) = (x, y);
            a
        });
        let inputs = prop::collection::vec((prop::bool::weighted(0.4), Just(false)), 20..40);
        let case = (terrain(), walker, -1600..1600i32, inputs);
        let (taken, frames) = compare_shortcuts(2000, case);
        assert!(
            taken * 4 > frames,
            "shortcuts taken on {taken} of {frames} frames"
        );
    }
}
