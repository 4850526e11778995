//! One frame of an actor: [`World::step`] and [`World::move_by`].
//!
//! A frame's displacement is a pixel path, x and y interleaved in the ratio of the two
//! (integer Bresenham, `crate::motion::path`), so a diagonal path never cuts a corner it should hit. Each
//! pixel asks the world only about the cells along the box's leading edge (about the whole
//! box moved, for centre feet: which of their pixels meet the cells depends on where they
//! stand, see `world::rules::Foot`):
//!
//! - **sideways** (`sideways`): free → move; blocked by a rise lower than the wall height
//!   → up onto it (or, in the air, down under a sloped ceiling); otherwise a wall. After a
//!   pixel on the ground, an actor that sticks to slopes is pulled down onto ground less
//!   than a wall height below (no bouncy walk down slopes).
//! - **up** (`vertical`): free → move; blocked → slide sideways along a sloped ceiling
//!   (`ceiling_slide`) or past a block's corner (`corner_correction`), otherwise a ceiling.
//! - **down** (`vertical`): free → move; blocked → landed. One-way cells only stop actors
//!   coming from above them (`drop`: dropping through them).
//!
//! The contacts (`contacts`) are what those pixels ran into. Many frames need none of the
//! pixels: before the path, the frame tries whole-frame shortcuts (`shortcut`), each of
//! which answers only when it can prove the path's exact outcome, and otherwise leaves the
//! actor to the path (property tests in `tests` compare the two on random maps):
//!
//! - **flight**: in the air, nothing in the region the whole path sweeps, nor, after a
//!   fall, in the row under its last box (one region test), or one-way cells there only
//!   above the rows its feet take (they meet only feet): the actor moves the whole way and
//!   touches nothing;
//! - **standing still** (whole-box feet, on plain ground, no pixel sideways): one search
//!   of the row under the feet refuses the pixel down and finds the ground cell;
//! - **level walk on blocks**: on the ground, full blocks under the whole walk and no
//!   platform there, the columns the leading edge enters clear (for centre feet, the
//!   whole region the box sweeps): it walks the whole way and stands on the block under
//!   its centre;
//! - **level walk on any floor** (whole-box feet): the columns the leading edge enters
//!   clear and a solid pixel under every box of the walk: it walks the whole way on the
//!   floor;
//! - **walk** (`walk`, whole-box feet, on the ground, not rising): the same pixels, each
//!   decided by heights (how high the obstacle in the column ahead reaches, how high the
//!   ground under the box lies) instead of strip tests, wherever the cells are plain (no
//!   one-way cell in a row its feet are inside, no platform near): slopes up and down,
//!   steps, walls and one-way ground. A fast walk takes its pixels over one row of
//!   ground cells at once (`run`), each from the cells' column masks.

mod contacts;
mod drop;
mod run;
mod shortcut;
mod sideways;
#[cfg(test)]
mod tests;
mod vertical;
mod walk;

use core::ops::Deref;

use crate::map::TileMap;
use crate::motion::actor::Actor;
use crate::motion::contacts::Contacts;
use crate::motion::path::{PixelPath, split_subpixels};
use crate::motion::platform::Platform;
use crate::motion::step::contacts::record_hits;
use crate::motion::step::drop::end_drop_on_ground;
use crate::motion::step::shortcut::{Shortcuts, Whole};
use crate::motion::step::sideways::Landing;
use crate::motion::step::vertical::Pixel;
use crate::motion::step::walk::NO_CELL;
use crate::motion::world::World;
use crate::tables::geometry::Direction;
use crate::units::{MAX_MOVE, MAX_POSITION, MAX_SPEED};

/// One actor's frame over a world: the mover. [`World::step`] makes one and runs it
/// (`Mover::step_with`, then top-down through this module's files); the movement rules are
/// its methods, and the world's queries (`crate::motion::world`) are reached through it,
/// as it dereferences to its world.
pub(crate) struct Mover<'w, 't, M, P> {
    world: &'w World<'t, M, P>,
}

// A reference: copied and passed in a register, as `&World` is (derived, these would ask
// `M: Copy` and `P: Copy`).
impl<M, P> Clone for Mover<'_, '_, M, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M, P> Copy for Mover<'_, '_, M, P> {}

impl<'w, 't, M, P> Mover<'w, 't, M, P> {
    /// The mover over `world`.
    #[inline(always)]
    pub(crate) fn new(world: &'w World<'t, M, P>) -> Self {
        Mover { world }
    }
}

impl<'t, M, P> Deref for Mover<'_, 't, M, P> {
    type Target = World<'t, M, P>;

    #[inline(always)]
    fn deref(&self) -> &World<'t, M, P> {
        self.world
    }
}

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
    /// # Ok::<(), slope_runtime::BlobError>(())
    /// ```
    pub fn step(&self, actor: &mut Actor) -> Contacts {
        Mover::new(self).step_with(actor, Shortcuts::Taken)
    }

    /// Moves `actor` by whole pixels (dx, dy), with the same collision as [`World::step`],
    /// without touching its velocity. Each component is clamped to ±[`MAX_MOVE`] pixels,
    /// and the move stops at the edge of the world as [`World::step`]'s does. Returns its
    /// new contacts.
    pub fn move_by(&self, actor: &mut Actor, dx: i32, dy: i32) -> Contacts {
        let clamp = |d: i32| d.clamp(-MAX_MOVE, MAX_MOVE);
        Mover::new(self).sweep(actor, clamp(dx), clamp(dy), dy > 0, Shortcuts::Taken);
        end_drop_on_ground(actor);
        actor.contacts
    }

    /// One pixel towards `dir` as a step of the actor's own would take it (climbing,
    /// sticking, sliding along a ceiling), for a platform that carries it
    /// (`platform::carry`). Returns whether it moved.
    pub(crate) fn carried_pixel(&self, actor: &mut Actor, dir: Direction) -> bool {
        let mover = Mover::new(self);
        if dir.is_horizontal() {
            let grounded = actor.contacts.on_ground();
            mover.pixel_sideways(actor, dir, grounded, false).is_some()
        } else {
            mover.pixel_vertical(actor, dir) == Pixel::Moved
        }
    }
}

impl<M: TileMap, P: AsRef<[Platform]>> Mover<'_, '_, M, P> {
    /// [`World::step`], with or without the whole-frame shortcuts (the tests compare).
    fn step_with(self, actor: &mut Actor, shortcuts: Shortcuts) -> Contacts {
        // Most velocities lie well within ±MAX_SPEED (2^14): one test for both first.
        if !both_within(actor.vx, actor.vy, MAX_SPEED.trailing_zeros()) {
            actor.vx = actor.vx.clamp(-MAX_SPEED, MAX_SPEED);
            actor.vy = actor.vy.clamp(-MAX_SPEED, MAX_SPEED);
        }
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

    /// The whole sweep; returns whether x and y motion were stopped.
    /// `rising`: the actor is moving up (by velocity), so nothing pulls it down to the
    /// ground this frame, even when its whole-pixel move up is 0.
    /// `shortcuts`: whether a frame whose outcome can be proved at once (see
    /// [`Self::shortcut`]) may skip the steps.
    fn sweep(
        self,
        actor: &mut Actor,
        dx: i32,
        dy: i32,
        rising: bool,
        shortcuts: Shortcuts,
    ) -> (bool, bool) {
        actor.previous = actor.contacts;
        actor.contacts = Contacts::default();
        // Crushed by a platform earlier this frame: report it with this frame's contacts.
        if actor.crush_pending {
            actor.contacts.set(Contacts::CRUSHED, true);
            actor.crush_pending = false;
        }
        self.start_drop(actor);
        // Far from the edge of the world (the usual case) no move of this frame can reach
        // it; near it, the move is cut at the edge and checked at the end.
        let at_edge = !Self::clear_of_edge(actor);
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
                // Nothing lies in its path, nor under its last box after a fall: it
                // touches nothing.
                self.finish_drop(actor);
                return (false, false);
            }
            Some(Whole::LevelWalk) => (false, dy < 0, true),
            Some(Whole::Walk { blocked_x, stood }) => {
                // On plain ground, with no platform near: the ground cell is all to find.
                self.finish_drop(actor);
                if !stood && !self.stand_on_plain_ground(actor, NO_CELL) {
                    self.stand(actor);
                }
                record_hits(actor, blocked_x, dy < 0, dx, dy);
                return (blocked_x, dy < 0);
            }
            Some(Whole::Standing) => {
                self.finish_drop(actor);
                record_hits(actor, false, dy < 0, dx, dy);
                return (false, dy < 0);
            }
            Some(Whole::OnBlocks) => {
                self.finish_drop(actor);
                self.stand_on_block(actor);
                return (false, dy < 0);
            }
            None => self.follow_path(actor, dx, dy, rising),
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
        // ends touching the ground, or a jump that a ceiling refused on a frame that also
        // moved it sideways (a rising step tests no ground), proves nothing by itself: one
        // test of the row under the feet (what the next step down would test) settles it.
        let rose = rising && actor.y > start_y;
        let on_ground = if grounded {
            !rose
        } else {
            !rose && self.lands_here(actor)
        };
        if on_ground {
            self.stand(actor);
        }
        record_hits(actor, blocked_x, blocked_y, dx, dy);
        (blocked_x, blocked_y)
    }

    /// The frame's pixel steps, one by one. Returns whether x and y motion were stopped,
    /// and whether the last step left the actor on the ground.
    #[inline(always)] // one call site: a frame of its own costs stack on every step
    fn follow_path(self, actor: &mut Actor, dx: i32, dy: i32, rising: bool) -> (bool, bool, bool) {
        let mut steps = PixelPath::new(dx, dy);
        let mut grounded = actor.previous.on_ground();
        // The row under the feet is known to be solid (a step sideways just found it so, at
        // this very place and under the same rules): a step down needs no test.
        let mut on_floor = false;
        let (mut blocked_x, mut blocked_y) = (false, false);
        while let Some(dir) = steps.next() {
            if dir.is_horizontal() {
                match self.pixel_sideways(actor, dir, grounded, rising) {
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
                && self.pixel_vertical(actor, dir) == Pixel::Moved
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

    /// Whether no move of this sweep can reach the edge of the world (±[`MAX_POSITION`]):
    /// the actor lies within half of it (−2^29 ≤ x, y < 2^29). Each of the `|dx| + |dy|`
    /// ≤ 2^7 + 1 pixel steps moves the box by at most a pixel plus a lift, a drop, a slide
    /// or an escape, each shorter than the sum of its settings' reaches, its size and a
    /// tile (< 2^10 px), so a frame moves it less than 2^18 px: far less than the other
    /// half.
    pub(super) fn clear_of_edge(actor: &Actor) -> bool {
        both_within(actor.x, actor.y, MAX_POSITION.trailing_zeros() - 1)
    }
}

/// Whether −2^`shift` ≤ a, b < 2^`shift`: `v >> shift` is −1 or 0 for both, one shift and
/// an add per value and one compare for the two (absolute values and two compares each cost
/// several instructions more on ARMv6-M).
#[inline(always)]
fn both_within(a: i32, b: i32, shift: u32) -> bool {
    let band = |v: i32| (v >> shift).wrapping_add(1);
    ((band(a) | band(b)) as u32) < 2
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
