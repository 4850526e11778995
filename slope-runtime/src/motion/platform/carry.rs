//! Moving platforms: solid (or one-way) boxes the game moves each frame, carrying the actors
//! that stand on them and pushing the ones in their way, never through a wall.
//!
//! The order of a frame, and what each move does, is documented on [`Platforms`].

use core::ptr;

use crate::map::TileMap;
use crate::motion::actor::Actor;
use crate::motion::path::PixelPath;
use crate::motion::path::split_subpixels;
use crate::motion::platform::Platform;
use crate::motion::rect::step_of;
use crate::motion::world::World;
use crate::tables::Tables;
use crate::tables::geometry::Direction;
use crate::units::{MAX_MOVE, MAX_SPEED, SUBPIXEL};

/// Whether `actor` stands on platform `p`: its feet rest on the platform's top.
fn carries(p: &Platform, actor: &Actor) -> bool {
    let (p, a) = (p.rect(), actor.rect());
    a.y0 == p.y1.saturating_add(1) && a.x0 <= p.x1 && p.x0 <= a.x1
}

/// A game's platforms over its map, ready to move: step 2 of the order of a frame, below.
/// The actors come in groups (players, enemies, items: any number of slices), and every
/// group takes part in every move.
///
/// # The order of a frame
///
/// 1. The game decides every platform's motion (its velocity, or a displacement in whole
///    pixels) and every actor's velocity (input, gravity, jumps).
/// 2. **Platforms first.** Each platform moves, by its velocity ([`Platforms::advance`]:
///    the velocity plus the sub-pixel remainder kept from its earlier frames gives this
///    frame's whole pixels, and the new remainder is kept) or by whole pixels
///    ([`Platforms::move_by`], [`move_platform`]). It moves one pixel at a time, x and y
///    pixels interleaved, and at each pixel:
///    - **carry**: the actors standing on it before the pixel (feet on the row above its
///      top, a column over it) move the same pixel, through the normal tile collision:
///      carried into a slope, a rider walks up it; a wall holds it back;
///    - **push**: an actor a solid platform now overlaps is pushed one pixel out of its
///      way, through tile collision too (a one-way platform going up lifts its riders that
///      way; it pushes nobody else, and passes through actors inside it);
///    - **crush**: an actor that cannot give way (a wall, a slope or the edge of the world
///      behind it) is crushed: moved the shortest way to the nearest free spot along a
///      path clear of tiles and other platforms, and if there is none, the platform stops
///      there for this frame. [`Contacts::crushed`](crate::Contacts::crushed) reports it
///      after the actor's step.
///
///    No actor is left overlapping a tile or a solid platform. An actor dropping through a
///    one-way platform ([`Actor::drop_through`]) takes no part in that platform's moves: it
///    is neither carried nor lifted. Riders move by the platform's whole pixels, so they
///    keep their place on it exactly, at any sub-pixel speed. The platform records what it
///    moved, its [momentum](Platform::momentum).
/// 3. **Then actors.** [`World::step`](crate::World::step) for each actor, in a world built
///    with [`World::with_platforms`] over the platforms' new places (or
///    [`Platforms::world`]): actors stand on, walk off and bump into platforms like any
///    other solid. [`Contacts::ground_platform`](crate::Contacts::ground_platform) says
///    which platform holds an actor. One that jumps or walks off a platform has its
///    momentum added to its velocity at the end of that step, for the frames that follow
///    (the platform carried it this frame already; see
///    [`ActorSettings::keeps_platform_momentum`](crate::ActorSettings::keeps_platform_momentum)).
///    One that asked to [drop through](Actor::drop_through) the one-way platform it stands
///    on falls through it: that platform takes no part in its moves until its box has left
///    it or something else holds it.
///
/// Moving platforms first and actors second is what keeps riders glued to platforms that go
/// down (the actor never falls a frame behind) and lets a rider walk off the edge naturally.
/// A [`Scene`](crate::Scene) runs this order for the actors and platforms it holds.
///
/// Cost: each pixel a platform moves looks at every actor twice (first whether one it
/// pushes has nowhere to go) and asks the world about those it carries or pushes (once
/// each, and once more for every pushed actor but the last), so a move costs about its
/// pixels × the actors × a pixel step ([the crate docs](crate#limits-and-cost)); a world
/// query also looks at every platform.
///
/// ```
/// use slope_runtime::{Actor, Cell, GridMap, Platform, Platforms, Tables, SUBPIXEL};
/// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
/// let tables = Tables::from_bytes(BLOB)?;
/// let map: GridMap<8, 8> = GridMap::new(Cell::FULL); // an empty room
/// let mut platforms = [
///     Platform::new(16, 16, 32, 8).with_velocity(SUBPIXEL / 2, 0), // 0.5 px per frame
///     Platform::new(64, 48, 32, 8),
/// ];
/// let mut players = [Actor::new(24, 24, 8, 8)]; // on the first platform
/// let mut enemies = [Actor::new(70, 56, 8, 8), Actor::new(80, 56, 8, 8)]; // on the second
/// for _frame in 0..4 {
///     let mut movers = Platforms::new(tables, &map, &mut platforms);
///     movers.advance_all(&mut [&mut players, &mut enemies]); // by velocity (the 2nd has none)
///     movers.move_by(1, 0, -2, &mut [&mut players, &mut enemies]); // the 2nd: 2 px down
///     let world = movers.world(); // then the actors step in it
///     for a in players.iter_mut().chain(enemies.iter_mut()) {
///         a.vy -= SUBPIXEL / 4; // gravity
///         world.step(a);
///     }
/// }
/// assert_eq!((platforms[0].x, players[0].x), (18, 26)); // 2 px in 4 frames, carried
/// assert_eq!(players[0].contacts.ground_platform(), Some(0));
/// assert_eq!((platforms[1].y, enemies[0].y, enemies[1].y), (40, 48, 48));
/// # Ok::<(), slope_runtime::BlobError>(())
/// ```
#[derive(Debug)]
pub struct Platforms<'a, 't, M> {
    tables: Tables<'t>,
    map: &'a M,
    platforms: &'a mut [Platform],
}

impl<'a, 't, M: TileMap> Platforms<'a, 't, M> {
    /// The platforms over `map`, whose shape cells refer to `tables`.
    pub fn new(tables: Tables<'t>, map: &'a M, platforms: &'a mut [Platform]) -> Self {
        Platforms {
            tables,
            map,
            platforms,
        }
    }

    /// The platforms.
    pub fn platforms(&self) -> &[Platform] {
        self.platforms
    }

    /// The world the actors step in after the platforms moved: the map and the platforms
    /// (the same as [`World::with_platforms`] over them).
    pub fn world(&self) -> World<'t, &'a M, &[Platform]> {
        World::with_platforms(self.tables, self.map, self.platforms)
    }

    /// Moves platform `index` by `(dx, dy)` whole pixels (each clamped to
    /// ±[`MAX_MOVE`]), carrying, pushing and crushing the actors of every
    /// group as [the order of a frame](Platforms#the-order-of-a-frame) says. Returns how far it
    /// actually moved (less when an actor was crushed with nowhere to go; `(0, 0)` for an
    /// index past the end), and records that as its [momentum](Platform::momentum) (× 256).
    ///
    /// An actor is never pushed or carried past the edge of the world
    /// (±[`MAX_POSITION`](crate::MAX_POSITION)): a rider stays behind, and an actor in the
    /// way cannot give way there.
    pub fn move_by(
        &mut self,
        index: usize,
        dx: i32,
        dy: i32,
        actors: &mut [&mut [Actor]],
    ) -> (i32, i32) {
        let (mx, my) = self.move_pixels(index, dx, dy, actors);
        if let Some(p) = self.platforms.get_mut(index) {
            p.moved_x = mx.saturating_mul(SUBPIXEL);
            p.moved_y = my.saturating_mul(SUBPIXEL);
        }
        (mx, my)
    }

    /// Moves platform `index` by its velocity `(vx, vy)` for one frame (each component
    /// clamped to ±[`MAX_SPEED`]), as [`Platforms::move_by`] does with
    /// whole pixels: the velocity plus the sub-pixel remainder of its last frames gives the
    /// whole pixels of this frame, and the remainder is kept. Returns the whole pixels it
    /// moved. Its [momentum](Platform::momentum) is its velocity; on an axis where an
    /// actor stopped it short, the whole pixels it moved (× 256), and that axis's
    /// remainder starts again from 0.
    pub fn advance(&mut self, index: usize, actors: &mut [&mut [Actor]]) -> (i32, i32) {
        let Some(p) = self.platforms.get(index).copied() else {
            return (0, 0);
        };
        let (vx, vy) = (
            p.vx.clamp(-MAX_SPEED, MAX_SPEED),
            p.vy.clamp(-MAX_SPEED, MAX_SPEED),
        );
        let (dx, rem_x) = split_subpixels(p.rem_x, vx);
        let (dy, rem_y) = split_subpixels(p.rem_y, vy);
        let (mx, my) = self.move_pixels(index, dx, dy, actors);
        if let Some(p) = self.platforms.get_mut(index) {
            (p.rem_x, p.moved_x) = if mx == dx {
                (rem_x, vx)
            } else {
                (0, mx.saturating_mul(SUBPIXEL))
            };
            (p.rem_y, p.moved_y) = if my == dy {
                (rem_y, vy)
            } else {
                (0, my.saturating_mul(SUBPIXEL))
            };
        }
        (mx, my)
    }

    /// [`Platforms::advance`] for every platform, in order.
    pub fn advance_all(&mut self, actors: &mut [&mut [Actor]]) {
        for index in 0..self.platforms.len() {
            self.advance(index, actors);
        }
    }

    /// The pixels of a move, without recording the momentum.
    fn move_pixels(
        &mut self,
        index: usize,
        dx: i32,
        dy: i32,
        actors: &mut [&mut [Actor]],
    ) -> (i32, i32) {
        let clamp = |d: i32| d.clamp(-MAX_MOVE, MAX_MOVE);
        let (dx, dy) = (clamp(dx), clamp(dy));
        let (mut moved_x, mut moved_y) = (0i32, 0i32);
        for dir in PixelPath::new(dx, dy) {
            if !step_platform(self.tables, self.map, self.platforms, index, dir, actors) {
                break; // an actor had nowhere to go: the platform stops here this frame
            }
            let (sx, sy) = step_of(dir);
            moved_x = moved_x.saturating_add(sx);
            moved_y = moved_y.saturating_add(sy);
        }
        (moved_x, moved_y)
    }
}

/// Moves `platforms[index]` by `(dx, dy)` whole pixels (each clamped to ±[`crate::MAX_MOVE`]),
/// carrying its riders and pushing actors out of its way, as [the order of a
/// frame](Platforms#the-order-of-a-frame) says. Returns how far it actually moved (less when an actor
/// was crushed with nowhere to go).
///
/// The same as [`Platforms::move_by`] with a single group of actors: `Platforms` reads
/// better when there are several platforms or groups of actors, and moves platforms by their
/// velocities too.
///
/// An actor is never pushed or carried past the edge of the world (±[`crate::MAX_POSITION`]):
/// a rider stays behind, and an actor in the way cannot give way there. Each pixel looks
/// at every actor (twice: first whether one it pushes is stuck), so the cost grows with
/// their number (see [the crate docs](crate#limits-and-cost)).
///
/// Build the actors' [`World`] over the same `&map` (`World::with_platforms(tables, &map,
/// &platforms)`): the mover is then compiled once for both, which keeps firmware small.
///
/// ```
/// use slope_runtime::{move_platform, Actor, Cell, GridMap, Platform, Tables};
/// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
/// let tables = Tables::from_bytes(BLOB)?;
/// let map: GridMap<8, 8> = GridMap::new(Cell::FULL); // an empty room
/// let mut platforms = [Platform::new(16, 16, 32, 8)];
/// let mut actors = [Actor::new(24, 24, 8, 8)];      // standing on it
/// let moved = move_platform(tables, &map, &mut platforms, 0, 5, -3, &mut actors);
/// assert_eq!(moved, (5, -3));
/// assert_eq!((actors[0].x, actors[0].y), (29, 21)); // carried all the way
/// # Ok::<(), slope_runtime::BlobError>(())
/// ```
pub fn move_platform<M: TileMap>(
    tables: Tables<'_>,
    map: &M,
    platforms: &mut [Platform],
    index: usize,
    dx: i32,
    dy: i32,
    actors: &mut [Actor],
) -> (i32, i32) {
    Platforms::new(tables, map, platforms).move_by(index, dx, dy, &mut [actors])
}

/// One pixel of platform motion. Returns `false` (and leaves the platform where it was)
/// when an actor in the way could not be moved anywhere free.
fn step_platform<M: TileMap>(
    tables: Tables<'_>,
    map: &M,
    platforms: &mut [Platform],
    index: usize,
    dir: Direction,
    groups: &mut [&mut [Actor]],
) -> bool {
    let Some(before) = platforms.get(index).copied() else {
        return false;
    };
    let (sx, sy) = step_of(dir);
    let after = Platform {
        x: before.x.saturating_add(sx),
        y: before.y.saturating_add(sy),
        ..before
    };
    if let Some(slot) = platforms.get_mut(index) {
        *slot = after;
    }
    let world = World::with_platforms(tables, map, &*platforms);
    // Actors never collide with each other, so what the pixel does to one depends on it
    // alone. Only an actor it pushes may have nowhere to go: those are tried first, and
    // nobody moves if one cannot. The last one tried keeps its outcome (on a lift, most
    // often its only rider): the move gives it that.
    let mut kept = None;
    for group in groups.iter_mut() {
        for actor in group.iter_mut() {
            match resolve(&world, index, (&before, &after), dir, actor, Pass::Try) {
                Outcome::Stuck => {
                    actor.crush_pending = true;
                    if let Some(slot) = platforms.get_mut(index) {
                        *slot = before;
                    }
                    return false;
                }
                Outcome::Tried(place) => kept = Some((ptr::from_ref(actor), place)),
                Outcome::Done => {}
            }
        }
    }
    for group in groups.iter_mut() {
        for actor in group.iter_mut() {
            resolve(
                &world,
                index,
                (&before, &after),
                dir,
                actor,
                Pass::Move(kept),
            );
        }
    }
    true
}

/// Where a push leaves an actor: its place, and whether it was crushed.
type Place = (i32, i32, bool);

/// The two passes over the actors of one pixel of a platform (see [`resolve`]).
#[derive(Clone, Copy)]
enum Pass {
    /// Tries the push of an actor in the way; leaves every actor as it is.
    Try,
    /// Moves every actor; the one named here (if any) was tried, and goes to that place.
    Move(Option<(*const Actor, Place)>),
}

/// What [`resolve`] found.
enum Outcome {
    /// The actor is in the way and has nowhere to go: the platform must not move.
    Stuck,
    /// The actor is in the way, and its push was tried: it goes there.
    Tried(Place),
    /// Anything else.
    Done,
}

/// What one pixel of platform `index` (from `before` to `after`, towards `dir`) does to
/// `actor`, in `pass`: carry it if it rides, push it if it is in the way, relocate it
/// (crushed) if it cannot give way.
fn resolve<M: TileMap>(
    world: &World<'_, &M, &[Platform]>,
    index: usize,
    (before, after): (&Platform, &Platform),
    dir: Direction,
    actor: &mut Actor,
    pass: Pass,
) -> Outcome {
    // Dropping through this (one-way) platform: it neither carries nor lifts the actor.
    let dropping = after.one_way && actor.dropping_through() == Some(index);
    let rider = !dropping && carries(before, actor);
    let overlapped = !after.one_way && after.rect().overlaps(&actor.rect());
    let lifted = after.one_way && rider && dir == Direction::Up;
    match pass {
        Pass::Try if overlapped || lifted => return try_push(world, index, dir, actor),
        Pass::Try => {}
        Pass::Move(kept) if overlapped || lifted => match kept {
            Some((at, place)) if ptr::eq(at, actor) => {
                (actor.x, actor.y, actor.crush_pending) = place;
            }
            // Tried in the first pass: it has somewhere to go.
            _ => _ = push(world, index, dir, actor),
        },
        Pass::Move(_) if rider => carry(world, dir, actor),
        Pass::Move(_) => {}
    }
    Outcome::Done
}

/// [`push`] tried: where it would take `actor`, or [`Outcome::Stuck`]; the actor is left
/// as it was. (A push changes nothing but the place and the crush, so those three are
/// put back, where a copy of the whole actor would deepen the stack under the push.)
#[inline(never)] // the first pass's push, out of `resolve`
fn try_push<M: TileMap>(
    world: &World<'_, &M, &[Platform]>,
    index: usize,
    dir: Direction,
    actor: &mut Actor,
) -> Outcome {
    let was = (actor.x, actor.y, actor.crush_pending);
    let pushed = push(world, index, dir, actor);
    let place = (actor.x, actor.y, actor.crush_pending);
    (actor.x, actor.y, actor.crush_pending) = was;
    if pushed {
        Outcome::Tried(place)
    } else {
        Outcome::Stuck
    }
}

/// A rider of one pixel of a platform towards `dir`, carried the same pixel through tile
/// collision (a wall, or the edge of the world, may hold it back).
#[inline(always)] // `resolve`'s own
fn carry<M: TileMap>(world: &World<'_, &M, &[Platform]>, dir: Direction, actor: &mut Actor) {
    let (x, y) = (actor.x, actor.y);
    world.carried_pixel(actor, dir);
    if !actor.within_edge() {
        (actor.x, actor.y) = (x, y);
    }
}

/// An actor in the way of one pixel of platform `index` towards `dir` (or on a one-way
/// platform going up), pushed one pixel with the platform itself out of the picture; if
/// it cannot give way, crushed: moved the shortest way out. Returns `false` when it has
/// nowhere to go. A push changes nothing of an actor but its place and its crush.
#[inline(never)] // both passes' call: one copy, out of the mover's loops
fn push<M: TileMap>(
    world: &World<'_, &M, &[Platform]>,
    index: usize,
    dir: Direction,
    actor: &mut Actor,
) -> bool {
    // Past the edge of the world it cannot go: there it cannot give way.
    let (x, y) = (actor.x, actor.y);
    let moved = world.push_aside(actor, dir, index) && actor.within_edge();
    if !moved {
        (actor.x, actor.y) = (x, y);
    }
    if !moved || world.hits_actor(actor) {
        actor.crush_pending = true;
        return world.relocate(actor, index);
    }
    true
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    use super::{carry, push, step_platform};
    use crate::map::TileMap;
    use crate::motion::actor::Actor;
    use crate::motion::platform::Platform;
    use crate::motion::rect::step_of;
    use crate::motion::world::World;
    use crate::tables::Tables;
    use crate::tables::geometry::Direction;
    use crate::testing::{Map, map, tables, terrain};

    /// What one pixel of platform `index` (from `before` to `after`) does to `actor`, as
    /// the rule says it (the push and the carry are the mover's): carry it if it rides,
    /// push it if it is in the way. Returns `false` when the actor has nowhere to go.
    fn resolve<M: TileMap>(
        world: &World<'_, &M, &[Platform]>,
        index: usize,
        (before, after): (&Platform, &Platform),
        dir: Direction,
        actor: &mut Actor,
    ) -> bool {
        let (rider, pushed) = meets(index, (before, after), dir, actor);
        if pushed {
            return push(world, index, dir, actor);
        }
        if rider {
            carry(world, dir, actor);
        }
        true
    }

    /// Whether one pixel of platform `index` (from `before` to `after`, towards `dir`)
    /// carries `actor` (it stands on the platform), and whether it pushes it (the
    /// platform overlaps it, or it is a one-way platform's rider going up); one dropping
    /// through a one-way platform is neither.
    fn meets(
        index: usize,
        (before, after): (&Platform, &Platform),
        dir: Direction,
        actor: &Actor,
    ) -> (bool, bool) {
        let dropping = after.one_way && actor.dropping_through() == Some(index);
        let (p, a) = (before.rect(), actor.rect());
        let rider = !dropping && p.y1 + 1 == a.y0 && a.x0 <= p.x1 && p.x0 <= a.x1;
        let overlapped = !after.one_way && after.rect().overlaps(&a);
        let lifted = after.one_way && rider && dir == Direction::Up;
        (rider, overlapped || lifted)
    }

    /// Platform `p` one pixel towards `dir`.
    fn moved(p: Platform, dir: Direction) -> Platform {
        let (sx, sy) = step_of(dir);
        Platform {
            x: p.x + sx,
            y: p.y + sy,
            ..p
        }
    }

    /// [`step_platform`] as the rule says it, with no outcome kept: every actor tried on
    /// a copy of it first (whole), then every actor moved.
    fn step_by_trials<M: TileMap>(
        tables: Tables<'_>,
        map: &M,
        platforms: &mut [Platform],
        index: usize,
        dir: Direction,
        actors: &mut [Actor],
    ) -> bool {
        let before = platforms[index];
        let after = moved(before, dir);
        platforms[index] = after;
        let world = World::with_platforms(tables, map, &*platforms);
        for actor in actors.iter_mut() {
            let mut trial = *actor;
            if !resolve(&world, index, (&before, &after), dir, &mut trial) {
                actor.crush_pending = true;
                platforms[index] = before;
                return false;
            }
        }
        for actor in actors.iter_mut() {
            resolve(&world, index, (&before, &after), dir, actor);
        }
        true
    }

    /// A map, two or three platforms (one-way now and then), actors on, beside, under
    /// and inside them (some dropping through), and the pixels platform 0 moves.
    type Case = (Map, Vec<Platform>, Vec<Actor>, Vec<Direction>);

    fn case() -> impl Strategy<Value = Case> {
        let platform = (
            0..80i32,
            0..80i32,
            4..40u16,
            2..12u16,
            prop::bool::weighted(0.3),
        )
            .prop_map(|(x, y, w, h, one_way)| {
                let p = Platform::new(x, y, w, h);
                if one_way { p.one_way() } else { p }
            });
        // Actors placed relative to platform 0: on it, beside, under or inside it.
        let actor = (
            -12..44i32,
            -16..16i32,
            2..20u16,
            2..24u16,
            prop::bool::weighted(0.1),
        );
        let dir = prop_oneof![
            Just(Direction::Left),
            Just(Direction::Right),
            Just(Direction::Up),
            Just(Direction::Down),
        ];
        (
            prop_oneof![map(), terrain()],
            prop::collection::vec(platform, 2..4),
            prop::collection::vec(actor, 1..5),
            prop::collection::vec(dir, 1..12),
        )
            .prop_map(|(map, platforms, actors, dirs)| {
                let p = platforms[0];
                let actors = actors
                    .into_iter()
                    .map(|(dx, dy, w, h, drops)| {
                        let on_top = p.y + i32::from(p.height);
                        let mut a = Actor::new(p.x + dx, on_top + dy, w, h);
                        if drops {
                            a.drop_through();
                        }
                        a
                    })
                    .collect();
                (map, platforms, actors, dirs)
            })
    }

    /// Moves platform 0 pixel by pixel both ways; returns how many pixels pushed an
    /// actor and how many stopped the platform.
    fn compare((map, platforms, actors, dirs): &Case) -> Result<(u32, u32), TestCaseError> {
        let (mut pushes, mut stops) = (0, 0);
        let (mut kept_p, mut kept_a) = (platforms.clone(), actors.clone());
        let (mut tried_p, mut tried_a) = (platforms.clone(), actors.clone());
        for (pixel, &dir) in dirs.iter().enumerate() {
            let (before, after) = (kept_p[0], moved(kept_p[0], dir));
            let pushed = kept_a
                .iter()
                .filter(|a| meets(0, (&before, &after), dir, a).1)
                .count();
            let kept = step_platform(tables(), map, &mut kept_p, 0, dir, &mut [&mut kept_a]);
            let tried = step_by_trials(tables(), map, &mut tried_p, 0, dir, &mut tried_a);
            prop_assert_eq!(kept, tried, "pixel {} ({:?})", pixel, dir);
            prop_assert_eq!(&kept_p, &tried_p, "pixel {} ({:?})", pixel, dir);
            prop_assert_eq!(&kept_a, &tried_a, "pixel {} ({:?})", pixel, dir);
            pushes += u32::from(pushed > 0);
            stops += u32::from(!kept);
        }
        Ok((pushes, stops))
    }

    /// A platform's pixel moves every actor as trying every one of them first would:
    /// trying only the pushed ones, keeping the last one's outcome (its place), changes
    /// nothing, on random maps, platforms and actors. The cases push actors on many
    /// pixels, and stop the platform on some (an actor with nowhere to go).
    #[test]
    fn kept_trials_move_actors_as_trying_all_of_them() {
        let mut runner = TestRunner::deterministic();
        let strategy = case();
        let (mut pushes, mut stops) = (0, 0);
        for n in 0..3000 {
            let case = strategy.new_tree(&mut runner).unwrap().current();
            let (p, s) = compare(&case).unwrap_or_else(|e| panic!("case {n}: {e}\n{case:?}"));
            pushes += p;
            stops += s;
        }
        assert!(
            pushes > 3000 && stops > 1000,
            "{pushes} pushes, {stops} stops"
        );
    }
}
