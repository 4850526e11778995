//! Moving platforms: solid (or one-way) boxes the game moves each frame, carrying the actors
//! that stand on them and pushing the ones in their way, never through a wall.
//!
//! # Order of operations, each frame
//!
//! 1. The game decides every platform's displacement and every actor's velocity.
//! 2. [`move_platform`] for each platform: it moves one pixel at a time; before each pixel
//!    the actors standing on it are its riders, and after it they are carried the same pixel
//!    (through the normal tile collision: carried into a slope, a rider walks up it); an
//!    actor the platform now overlaps is pushed one pixel out of its way, also through tile
//!    collision. An actor that cannot give way (a wall or slope behind it) is **crushed**:
//!    it is moved to the nearest free spot if there is one, otherwise the platform stops
//!    there. Either way no actor is left overlapping a tile or a platform.
//! 3. [`World::step`](crate::World::step) for each actor, in a world built with
//!    [`World::with_platforms`](crate::World::with_platforms), so actors stand on, walk off
//!    and bump into platforms like any other solid. `contacts.crushed()` then tells the
//!    game what the platforms did this frame.
//!
//! Moving platforms first and actors second is what keeps riders glued to platforms that go
//! down (the actor never falls a frame behind) and lets a rider walk off the edge naturally.

use super::actor::Actor;
use super::map::TileMap;
use super::platform::Platform;
use super::rect::step_of;
use super::steps::Steps;
use super::world::World;
use crate::{Direction, Tables};

/// Whether `actor` stands on platform `p`: its feet rest on the platform's top.
fn carries(p: &Platform, actor: &Actor) -> bool {
    let (p, a) = (p.rect(), actor.rect());
    a.y0 == p.y1.saturating_add(1) && a.x0 <= p.x1 && p.x0 <= a.x1
}

/// Moves `platforms[index]` by `(dx, dy)` whole pixels (each clamped to ±[`crate::MAX_MOVE`]),
/// carrying its riders and pushing actors out of its way, as the module docs describe.
/// Returns how far it actually moved (less when an actor was crushed with nowhere to go).
///
/// An actor is never pushed or carried past the edge of the world (±[`crate::MAX_POSITION`]):
/// a rider stays behind, and an actor in the way cannot give way there. Each pixel looks
/// at every actor (twice: first whether one is stuck), so the cost grows with their number
/// (see [the crate docs](crate#limits-and-cost)).
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
/// # Ok::<(), slope_runtime::Error>(())
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
    let clamp = |d: i32| d.clamp(-crate::MAX_MOVE, crate::MAX_MOVE);
    let (dx, dy) = (clamp(dx), clamp(dy));
    let (mut moved_x, mut moved_y) = (0i32, 0i32);
    for dir in Steps::new(dx, dy) {
        if !step_platform(tables, map, platforms, index, dir, actors) {
            break; // an actor had nowhere to go: the platform stops here this frame
        }
        let (sx, sy) = step_of(dir);
        moved_x = moved_x.saturating_add(sx);
        moved_y = moved_y.saturating_add(sy);
    }
    (moved_x, moved_y)
}

/// One pixel of platform motion. Returns `false` (and leaves the platform where it was)
/// when an actor in the way could not be moved anywhere free.
fn step_platform<M: TileMap>(
    tables: Tables<'_>,
    map: &M,
    platforms: &mut [Platform],
    index: usize,
    dir: Direction,
    actors: &mut [Actor],
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
    // Actors never collide with each other, so whether one is stuck does not depend on the
    // others: look first (on copies), and move nobody if the platform cannot move.
    let stuck = actors.iter().position(|a| {
        let mut trial = *a;
        !resolve(&world, index, before, after, dir, &mut trial)
    });
    if let Some(i) = stuck {
        if let Some(slot) = platforms.get_mut(index) {
            *slot = before;
        }
        if let Some(a) = actors.get_mut(i) {
            a.crush_pending = true;
        }
        return false;
    }
    for actor in actors.iter_mut() {
        resolve(&world, index, before, after, dir, actor);
    }
    true
}

/// What one pixel of platform `index` (from `before` to `after`) does to `actor`: carry
/// it if it rides, push it if it is in the way, relocate it (crushed) if it cannot give
/// way. Returns `false` when the actor has nowhere to go: the platform must not move.
fn resolve<M: TileMap>(
    world: &World<'_, &M, &[Platform]>,
    index: usize,
    before: Platform,
    after: Platform,
    dir: Direction,
    actor: &mut Actor,
) -> bool {
    let rider = carries(&before, actor);
    let overlapped = !after.one_way && after.rect().overlaps(&actor.rect());
    let lifted = after.one_way && rider && dir == Direction::Up;
    if overlapped || lifted {
        // In the platform's way (or on a one-way platform going up): push it one pixel,
        // with the platform itself out of the picture. Past the edge of the world it
        // cannot go: there it cannot give way.
        let (x, y) = (actor.x, actor.y);
        let moved = world.push_aside(actor, dir, index) && actor.within_edge();
        if !moved {
            (actor.x, actor.y) = (x, y);
        }
        if !moved || world.hits_actor(actor) {
            actor.crush_pending = true;
            return world.relocate(actor, index);
        }
    } else if rider {
        // Carried: the same pixel, through tile collision (a wall, or the edge of the
        // world, may hold it back).
        let (x, y) = (actor.x, actor.y);
        world.push(actor, dir);
        if !actor.within_edge() {
            (actor.x, actor.y) = (x, y);
        }
    }
    true
}
