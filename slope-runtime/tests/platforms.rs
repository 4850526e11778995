//! Moving platforms (`move_platform`, `World::with_platforms`), frame by frame, in the
//! documented order: every platform moves first (carrying riders, pushing actors), then a
//! world is built over the platforms' new places and every actor takes its `step`.
//!
//! Safety is checked against a brute-force pixel oracle that knows nothing of the sweeps:
//! a world pixel is solid when its cell is a (non-one-way) full cell, a (non-one-way) shape
//! cell whose pixel `Shape::is_solid` says is set, or when it lies inside a solid (not
//! one-way) platform. Actors must never cover such a pixel; platforms themselves are
//! scripted and may pass through tiles.
//!
//! Units: px, y up, N = 16 px cells; velocities 1/256 px per frame (`PX` = 1 px per frame).

use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::test_runner::Config;
use slope_runtime::{
    Actor, ActorSettings, Cell, GridMap, Platform, Platforms, ShapeId, Solid, Tables, TileMap,
    Variant, World, move_platform,
};

static BLOB: &[u8] = include_bytes!("data/tiles.bin");

/// The tile size of the default tiles.
const N: i32 = 16;
/// One pixel per frame.
const PX: i32 = 256;
/// Gravity: 0.25 px per frame².
const GRAVITY: i32 = PX / 4;
/// Terminal fall speed: 8 px per frame.
const MAX_FALL: i32 = 8 * PX;

fn tables() -> Tables<'static> {
    static TABLES: OnceLock<Tables<'static>> = OnceLock::new();
    *TABLES.get_or_init(|| Tables::from_bytes(BLOB).expect("the default tiles load"))
}

fn shape(name: &str, variant: Variant) -> Cell {
    let id = tables().find(name).expect("a default tile");
    Cell::shape(id, variant)
}

// ---------------------------------------------------------------------------------------
// The oracle
// ---------------------------------------------------------------------------------------

/// Whether world pixel (x, y) of `map` is solid (one-way cells are air).
fn tile_pixel<M: TileMap>(map: &M, x: i32, y: i32) -> bool {
    let cell = map.cell(x.div_euclid(N), y.div_euclid(N));
    if cell.one_way {
        return false;
    }
    match cell.solid {
        Solid::Empty => false,
        Solid::Full => true,
        Solid::Shape(id, v) => {
            let (lx, ly) = (x.rem_euclid(N), y.rem_euclid(N));
            tables()
                .shape(id)
                .expect("a shape of the default tiles")
                .is_solid(v, lx as u8, ly as u8)
        }
    }
}

/// Whether world pixel (x, y) lies inside a solid (not one-way) platform.
fn platform_pixel(platforms: &[Platform], x: i32, y: i32) -> bool {
    platforms.iter().any(|p| {
        let (x0, y0, x1, y1) = p.bounds();
        !p.one_way && (x0..=x1).contains(&x) && (y0..=y1).contains(&y)
    })
}

/// What an actor must not cover: the first such pixel, bottom row first, and what it is.
fn overlap<M: TileMap>(
    map: &M,
    platforms: &[Platform],
    a: &Actor,
) -> Option<(i32, i32, &'static str)> {
    let (x0, y0, x1, y1) = a.bounds();
    (y0..=y1)
        .flat_map(|y| (x0..=x1).map(move |x| (x, y)))
        .find_map(|(x, y)| {
            if tile_pixel(map, x, y) {
                Some((x, y, "tile"))
            } else if platform_pixel(platforms, x, y) {
                Some((x, y, "platform"))
            } else {
                None
            }
        })
}

/// Whether something solid (tile or solid platform) lies right under the actor's feet.
fn supported<M: TileMap>(map: &M, platforms: &[Platform], a: &Actor) -> bool {
    let (x0, y0, x1, _) = a.bounds();
    (x0..=x1).any(|x| tile_pixel(map, x, y0 - 1) || platform_pixel(platforms, x, y0 - 1))
}

/// The same, counting tiles only.
fn supported_by_tiles<M: TileMap>(map: &M, a: &Actor) -> bool {
    let (x0, y0, x1, _) = a.bounds();
    (x0..=x1).any(|x| tile_pixel(map, x, y0 - 1))
}

// ---------------------------------------------------------------------------------------
// Frames
// ---------------------------------------------------------------------------------------

/// A map, its platforms and its actors, run in the documented order.
struct Scene<M> {
    map: M,
    platforms: Vec<Platform>,
    actors: Vec<Actor>,
}

impl<M: TileMap> Scene<M> {
    fn new(map: M, platforms: Vec<Platform>, actors: Vec<Actor>) -> Scene<M> {
        let s = Scene {
            map,
            platforms,
            actors,
        };
        s.assert_clear("at the start");
        s
    }

    /// Step 2: `move_platform` for each platform, in order. Returns what each call reports,
    /// after checking that it is the displacement the platform actually made.
    fn move_platforms(&mut self, moves: &[(i32, i32)]) -> Vec<(i32, i32)> {
        moves
            .iter()
            .enumerate()
            .map(|(i, &(dx, dy))| {
                let before = self.platforms[i];
                let moved = move_platform(
                    tables(),
                    &self.map,
                    &mut self.platforms,
                    i,
                    dx,
                    dy,
                    &mut self.actors,
                );
                let after = self.platforms[i];
                assert_eq!(
                    (after.x - before.x, after.y - before.y),
                    moved,
                    "move_platform({i}, {dx}, {dy}) reports what it did"
                );
                assert_eq!(
                    (after.width, after.height, after.one_way),
                    (before.width, before.height, before.one_way)
                );
                moved
            })
            .collect()
    }

    /// Step 3: gravity, then `World::step` for each actor over the moved platforms.
    fn step_actors(&mut self) {
        for a in &mut self.actors {
            a.vy = (a.vy - GRAVITY).max(-MAX_FALL);
        }
        let world = World::with_platforms(tables(), &self.map, self.platforms.as_slice());
        for a in &mut self.actors {
            world.step(a);
        }
    }

    /// What `a` touches where it is, probed (`World::touching` over the platforms).
    fn touching(&self, a: &Actor) -> slope_runtime::Contacts {
        World::with_platforms(tables(), &self.map, self.platforms.as_slice()).touching(a)
    }

    /// One whole frame.
    fn frame(&mut self, moves: &[(i32, i32)]) -> Vec<(i32, i32)> {
        let moved = self.move_platforms(moves);
        self.step_actors();
        moved
    }

    /// The first actor covering a solid pixel: its index and the pixel.
    fn first_overlap(&self) -> Option<(usize, (i32, i32, &'static str))> {
        self.actors
            .iter()
            .enumerate()
            .find_map(|(i, a)| overlap(&self.map, &self.platforms, a).map(|hit| (i, hit)))
    }

    #[track_caller]
    fn assert_clear(&self, when: &str) {
        if let Some((i, hit)) = self.first_overlap() {
            panic!(
                "{when}: actor {i} covers solid pixel {hit:?}\n actor: {:?}\n platforms: {:?}",
                self.actors[i], self.platforms
            );
        }
    }
}

/// A `W`×`H` room walled in by full cells.
fn room<const W: usize, const H: usize>() -> GridMap<W, H> {
    GridMap::new(Cell::FULL)
}

// ---------------------------------------------------------------------------------------
// 1. Riding
// ---------------------------------------------------------------------------------------

/// A rider stays on a platform moving up, down, left, right and diagonally, 1 px and
/// several px per frame, solid or one-way: after `move_platform` and after its own step its
/// feet are exactly on the platform's top, its x offset never changes, it is on the ground
/// every frame (moving down: it never floats or falls a frame behind), never crushed.
#[test]
fn riders_stay_on_platforms_moving_in_every_direction() {
    let moves = [
        (0, 1),
        (0, 4),
        (0, -1),
        (0, -4),
        (1, 0),
        (4, 0),
        (-1, 0),
        (-4, 0),
        (1, 1),
        (3, 2),
        (-2, -3),
        (1, -4),
        (-4, 1),
    ];
    for one_way in [false, true] {
        for (dx, dy) in moves {
            let what = format!("platform moving ({dx}, {dy}), one-way {one_way}");
            let mut p = Platform::new(96, 80, 32, 8);
            if one_way {
                p = p.one_way();
            }
            // 256×192 px: room for 20 frames of 4 px each way.
            let mut s = Scene::new(room::<16, 12>(), vec![p], vec![Actor::new(106, 88, 8, 14)]);
            s.frame(&[(0, 0)]);
            assert!(
                s.actors[0].contacts.on_ground(),
                "{what}: standing at the start"
            );
            assert_eq!((s.actors[0].x, s.actors[0].y), (106, 88), "{what}");
            for f in 1..=20 {
                let moved = s.move_platforms(&[(dx, dy)]);
                assert_eq!(moved, [(dx, dy)], "{what}, frame {f}: nothing blocks it");
                let p = s.platforms[0];
                assert_eq!((p.x, p.y), (96 + f * dx, 80 + f * dy), "{what}, frame {f}");
                let a = s.actors[0];
                assert_eq!(
                    (a.x - p.x, a.y - p.y),
                    (10, 8),
                    "{what}, frame {f}: carried by move_platform"
                );
                s.assert_clear(&format!("{what}, frame {f}, after move_platform"));
                s.step_actors();
                let a = s.actors[0];
                assert_eq!(
                    (a.x - p.x, a.y - p.y),
                    (10, 8),
                    "{what}, frame {f}: still on it after its step"
                );
                assert!(a.contacts.on_ground(), "{what}, frame {f}: on the ground");
                assert!(!a.contacts.crushed(), "{what}, frame {f}: not crushed");
                assert_eq!(a.vy, 0, "{what}, frame {f}: landed, not falling");
                s.assert_clear(&format!("{what}, frame {f}"));
            }
        }
    }
}

/// Two riders on one platform and a third on another, the platforms moving different ways
/// at once: each rider is carried by its own platform only.
#[test]
fn each_rider_is_carried_by_its_own_platform() {
    let platforms = vec![Platform::new(32, 64, 24, 8), Platform::new(112, 64, 24, 8)];
    let actors = vec![
        Actor::new(32, 72, 8, 14),
        Actor::new(48, 72, 8, 14),
        Actor::new(120, 72, 8, 14),
    ];
    let mut s = Scene::new(room::<16, 12>(), platforms, actors);
    s.frame(&[(0, 0), (0, 0)]);
    for f in 1..=16 {
        let moved = s.frame(&[(2, 3), (-1, -2)]);
        assert_eq!(moved, [(2, 3), (-1, -2)]);
        let [p, q] = [s.platforms[0], s.platforms[1]];
        assert_eq!(
            (p.x, p.y, q.x, q.y),
            (32 + 2 * f, 64 + 3 * f, 112 - f, 64 - 2 * f)
        );
        let pos: Vec<_> = s.actors.iter().map(|a| (a.x, a.y)).collect();
        assert_eq!(
            pos,
            [(p.x, p.y + 8), (p.x + 16, p.y + 8), (q.x + 8, q.y + 8)],
            "frame {f}"
        );
        assert!(
            s.actors
                .iter()
                .all(|a| a.contacts.on_ground() && !a.contacts.crushed())
        );
        s.assert_clear(&format!("frame {f}"));
    }
}

// ---------------------------------------------------------------------------------------
// 2. Walking off
// ---------------------------------------------------------------------------------------

/// A rider walking (2 px per frame) off the edge of a moving platform: on the ground
/// exactly while a column of its box is over the platform, then it falls exactly as it
/// would in the same map without platforms (no pull from the platform, no carry), and
/// lands on the floor.
///
/// `heel`: a platform moving the walker's way (slower than it) and up or down moves first
/// in the frame after the walker left it, so its corner passes under the walker's heel for
/// that frame's vertical pixel: the walker is carried that one pixel (`pdy.signum()`), then
/// falls freely. (With a platform moving only sideways there is no vertical pixel after the
/// corner comes back under the heel.)
#[test]
fn a_rider_walks_off_a_moving_platform_and_falls_naturally() {
    let cases = [
        (0, 0, false),
        (1, 0, false),
        (-1, 0, false),
        (0, -2, false),
        (0, 2, false),
        (-2, 1, false),
        (-1, -3, false),
        (1, -1, true),
        (1, 1, true),
    ];
    for (pdx, pdy, heel) in cases {
        let what = format!("platform moving ({pdx}, {pdy})");
        let map = room::<16, 12>();
        let mut s = Scene::new(
            map.clone(),
            vec![Platform::new(96, 80, 32, 8)],
            vec![Actor::new(100, 88, 8, 14)],
        );
        s.frame(&[(0, 0)]);
        let plain = World::new(tables(), &map);
        let mut ghost: Option<Actor> = None;
        let mut left_at = None;
        for f in 0..80 {
            s.actors[0].vx = 2 * PX;
            let moved = s.frame(&[(pdx, pdy)]);
            assert_eq!(moved, [(pdx, pdy)], "{what}, frame {f}");
            let (a, p) = (s.actors[0], s.platforms[0]);
            s.assert_clear(&format!("{what}, frame {f}"));
            assert!(!a.contacts.crushed(), "{what}, frame {f}");
            match ghost.as_mut() {
                None => {
                    let over = a.x <= p.x + 31;
                    assert_eq!(a.contacts.on_ground(), over, "{what}, frame {f}: {a:?}");
                    if over {
                        assert_eq!(a.y, p.y + 8, "{what}, frame {f}: riding");
                    } else {
                        // Off the edge this frame, not yet fallen: carried by the platform,
                        // then it tried its pixel down while still over it.
                        assert_eq!(a.y, p.y + 8, "{what}, frame {f}: off the edge");
                        ghost = Some(a);
                        left_at = Some(f);
                    }
                }
                Some(g) => {
                    g.vx = 2 * PX;
                    g.vy = (g.vy - GRAVITY).max(-MAX_FALL);
                    plain.step(g);
                    if heel && left_at == Some(f - 1) {
                        assert_eq!(
                            (a.x, a.y),
                            (g.x, g.y + pdy.signum()),
                            "{what}, frame {f}: one pixel carried by the corner"
                        );
                        *g = a;
                    }
                    assert_eq!(*g, a, "{what}, frame {f}: falls as without platforms");
                }
            }
        }
        // 28 px of walking past the left edge at 2 px per frame: the 14th frame.
        assert_eq!(left_at, Some(13), "{what}");
        let a = s.actors[0];
        assert!(a.contacts.on_ground(), "{what}: landed");
        assert_eq!(a.y, 0, "{what}: on the floor");
    }
}

// ---------------------------------------------------------------------------------------
// 3. Crushed against a ceiling
// ---------------------------------------------------------------------------------------

/// A 128×80 room: a ceiling at y = 80 and solid above it.
fn ceiling_room() -> GridMap<8, 8> {
    let mut map = room::<8, 8>();
    for ty in 5..8 {
        for tx in 0..8 {
            map.set(tx, ty, Cell::FULL);
        }
    }
    map
}

/// A platform as wide as the room and too thick to squeeze through carries an actor up
/// into the ceiling: the actor is crushed on the frame the platform first pushes it into
/// the ceiling and every frame after, the platform stops where the actor's head touches
/// the ceiling (`move_platform` reports the shortened move), and the actor never covers a
/// tile or the platform.
#[test]
fn a_lift_crushes_its_rider_against_the_ceiling_and_stops() {
    for speed in [1, 2, 3, 4] {
        let what = format!("{speed} px per frame");
        let map = ceiling_room();
        // Top at 39; the actor's head (14 px) touches the ceiling when its feet are at 66,
        // the platform at y = 42: 26 px to go.
        let mut s = Scene::new(
            map,
            vec![Platform::new(0, 16, 128, 24)],
            vec![Actor::new(40, 40, 8, 14)],
        );
        s.frame(&[(0, 0)]);
        let crush_frame = 26 / speed;
        for f in 0..crush_frame + 6 {
            let moved = s.move_platforms(&[(0, speed)]);
            s.assert_clear(&format!("{what}, frame {f}, after move_platform"));
            s.step_actors();
            s.assert_clear(&format!("{what}, frame {f}"));
            let (a, p) = (s.actors[0], s.platforms[0]);
            assert_eq!(a.y, p.y + 24, "{what}, frame {f}: on the platform");
            assert_eq!(a.x, 40, "{what}, frame {f}");
            assert!(a.contacts.on_ground(), "{what}, frame {f}");
            if f < crush_frame {
                assert_eq!(moved, [(0, speed)], "{what}, frame {f}");
                assert!(!a.contacts.crushed(), "{what}, frame {f}");
            } else {
                let rest = if f == crush_frame { 26 % speed } else { 0 };
                assert_eq!(moved, [(0, rest)], "{what}, frame {f}: stopped");
                assert_eq!(p.y, 42, "{what}, frame {f}");
                assert_eq!(a.y, 66, "{what}, frame {f}");
                assert!(a.contacts.crushed(), "{what}, frame {f}: crushed");
                assert!(s.touching(&a).on_ceiling(), "{what}, frame {f}");
            }
        }
    }
}

/// A narrow lift carries its rider into the ceiling: crushed on that frame, the rider is
/// moved to the nearest free spot (10 px left, beside the platform, rather than 14 right
/// or 21 down through it), and the lift goes on into the ceiling tiles. Afterwards the
/// rider falls to the floor, no longer crushed; it never covers a tile or the platform.
#[test]
fn a_narrow_lift_squeezes_its_rider_out_sideways() {
    let mut s = Scene::new(
        ceiling_room(),
        vec![Platform::new(56, 16, 16, 8)],
        vec![Actor::new(58, 24, 8, 14)],
    );
    s.frame(&[(0, 0)]);
    // The rider's head reaches the ceiling (feet at 66) with the platform at y = 58, after
    // 21 frames of 2 px; frame 21's first pixel crushes it.
    for f in 0..60 {
        let moved = s.move_platforms(&[(0, 2)]);
        assert_eq!(moved, [(0, 2)], "frame {f}: the lift never stops");
        s.assert_clear(&format!("frame {f}, after move_platform"));
        let before_step = s.actors[0];
        s.step_actors();
        s.assert_clear(&format!("frame {f}"));
        let (a, p) = (s.actors[0], s.platforms[0]);
        assert_eq!(a.contacts.crushed(), f == 21, "frame {f}: {a:?}");
        match f {
            ..21 => assert_eq!((a.x, a.y), (58, p.y + 8), "frame {f}: riding"),
            21 => {
                assert_eq!(
                    (before_step.x, before_step.y),
                    (48, 66),
                    "squeezed out left"
                );
                assert_eq!((a.x, a.y), (48, 65), "then falls its first pixel");
                assert!(!a.contacts.on_ground());
            }
            _ => assert_eq!(a.x, 48, "frame {f}: falls straight down"),
        }
    }
    let a = s.actors[0];
    assert_eq!((a.x, a.y), (48, 0));
    assert!(a.contacts.on_ground());
}

/// A 16-px shaft (x 48..=63) with a floor at y = 0: a lift (16×24) going down 2 px per
/// frame with a rider (8×8) on top, onto a second actor (8×8) standing on the floor. The
/// lift's bottom reaches the lower actor's head with the lift at y = 8 (frame 16); from
/// then on the lower actor cannot give way (31 px up through the lift, its reach is 24;
/// walls and floor elsewhere), so it is crushed and the lift stops.
fn shaft_scene() -> Scene<GridMap<8, 8>> {
    let mut map = room::<8, 8>();
    for ty in 0..8 {
        for tx in (0..3).chain(4..8) {
            map.set(tx, ty, Cell::FULL);
        }
    }
    let mut s = Scene::new(
        map,
        vec![Platform::new(48, 40, 16, 24)],
        vec![Actor::new(52, 64, 8, 8), Actor::new(52, 0, 8, 8)],
    );
    s.frame(&[(0, 0)]);
    s
}

/// The shaft: at the end of every frame the rider stands on the lift, the lower actor on
/// the floor, crushed once the lift rests on it; the lift stops there.
#[test]
fn a_lift_stopped_by_a_crushed_actor_keeps_its_rider_on_top() {
    let mut s = shaft_scene();
    for f in 0..20 {
        let moved = s.frame(&[(0, -2)]);
        s.assert_clear(&format!("frame {f}"));
        let [rider, below] = [s.actors[0], s.actors[1]];
        let p = s.platforms[0];
        assert_eq!((below.x, below.y), (52, 0), "frame {f}");
        assert_eq!((rider.x, rider.y), (52, p.y + 24), "frame {f}: riding");
        assert!(
            rider.contacts.on_ground() && !rider.contacts.crushed(),
            "frame {f}"
        );
        if f < 16 {
            assert_eq!(moved, [(0, -2)], "frame {f}");
            assert!(!below.contacts.crushed(), "frame {f}");
        } else {
            assert_eq!(moved, [(0, 0)], "frame {f}");
            assert_eq!(p.y, 8, "frame {f}");
            assert!(below.contacts.crushed(), "frame {f}");
        }
    }
}

/// The shaft again, checked right after `move_platform`, before any `step`: the module docs
/// promise that no actor is left overlapping a platform. But the rider is carried down the
/// pixel before the lower actor turns out to be stuck, and the lift is then put back up
/// without the rider: it is left 1 px inside the lift (its next `step` unembeds it).
#[test]
fn a_stopped_lift_leaves_no_rider_inside_it_after_move_platform() {
    let mut s = shaft_scene();
    for f in 0..20 {
        s.move_platforms(&[(0, -2)]);
        s.assert_clear(&format!("frame {f}, after move_platform"));
        let p = s.platforms[0];
        assert_eq!(
            s.actors[0].y,
            p.y + 24,
            "frame {f}: the rider on the lift's top"
        );
        s.step_actors();
        s.assert_clear(&format!("frame {f}"));
    }
}

/// A platform (32×40) pushes an actor into a wall (thick: the room's right part) and stops
/// there, while a rider stands on it: the rider must keep its place on the stopped
/// platform. But each frame the rider is carried the platform's first pixel before the
/// pushed actor turns out stuck, and the platform is put back without it: the rider slides
/// 1 px per frame along a platform that does not move.
#[test]
fn a_stopped_pusher_does_not_move_its_rider() {
    let mut s = Scene::new(
        walled_room(),
        vec![Platform::new(20, 0, 32, 40)],
        vec![Actor::new(30, 40, 8, 8), Actor::new(60, 0, 8, 14)],
    );
    s.frame(&[(0, 0)]);
    for f in 0..30 {
        let moved = s.frame(&[(1, 0)]);
        s.assert_clear(&format!("frame {f}"));
        let [rider, pushed] = [s.actors[0], s.actors[1]];
        let p = s.platforms[0];
        assert_eq!((rider.x - p.x, rider.y), (10, 40), "frame {f}: riding");
        assert_eq!((pushed.x, pushed.y), ((p.x + 32).max(60), 0), "frame {f}");
        // Stops at x = 40, touching the actor against the wall (x = 72..=79).
        assert_eq!(moved, [(i32::from(f < 20), 0)], "frame {f}");
        assert_eq!(pushed.contacts.crushed(), f >= 20, "frame {f}");
    }
}

/// A crushed actor is moved to the nearest free spot only if it need not go through a
/// wall to get there (the module docs: platforms push actors "never through a wall"). A
/// lift (as wide as the room, too thick to squeeze past) carries an actor into a ceiling
/// one tile thick (y 80..=95) with free space above it: the actor must stay under the
/// ceiling, crushed, and the lift stop at y = 42, as with a solid ceiling
/// ([`a_lift_crushes_its_rider_against_the_ceiling_and_stops`]). Instead, on frame 26 the
/// actor is put on top of the ceiling (30 px up, through 16 px of tile): nearer than any way
/// round the lift.
#[test]
fn a_crushed_actor_is_never_moved_through_a_ceiling() {
    let mut map = room::<8, 8>();
    for tx in 0..8 {
        map.set(tx, 5, Cell::FULL);
    }
    let mut s = Scene::new(
        map,
        vec![Platform::new(0, 16, 128, 24)],
        vec![Actor::new(40, 40, 8, 14)],
    );
    s.frame(&[(0, 0)]);
    for f in 0..30 {
        let moved = s.frame(&[(0, 1)]);
        s.assert_clear(&format!("frame {f}"));
        let (a, p) = (s.actors[0], s.platforms[0]);
        assert!(
            a.y + 13 < 80,
            "frame {f}: the actor went through the ceiling: {a:?}"
        );
        assert_eq!((a.x, a.y), (40, p.y + 24), "frame {f}: on the lift");
        assert_eq!(moved, [(0, i32::from(f < 26))], "frame {f}");
        assert_eq!(a.contacts.crushed(), f >= 26, "frame {f}");
    }
}

/// The same sideways: a platform as tall as the room (too wide to squeeze past) pushes an
/// actor into a wall one tile thick (x 80..=95) with free space behind it: the actor must
/// stay against the wall at x = 72, crushed, and the platform stop at x = 40, as with a
/// solid wall ([`a_wide_pusher_crushes_an_actor_against_a_wall_and_stops`]). Instead, on
/// frame 20 the actor is put behind the wall (24 px right, through 16 px of tile).
#[test]
fn a_crushed_actor_is_never_moved_through_a_wall() {
    let mut map = room::<8, 6>();
    for ty in 0..6 {
        map.set(5, ty, Cell::FULL);
    }
    let mut s = Scene::new(
        map,
        vec![Platform::new(20, 0, 32, 96)],
        vec![Actor::new(60, 0, 8, 14)],
    );
    s.frame(&[(0, 0)]);
    for f in 0..30 {
        let moved = s.frame(&[(1, 0)]);
        s.assert_clear(&format!("frame {f}"));
        let (a, p) = (s.actors[0], s.platforms[0]);
        assert!(
            a.x + 7 < 80,
            "frame {f}: the actor went through the wall: {a:?}"
        );
        assert_eq!(
            (a.x, a.y),
            ((p.x + 32).max(60), 0),
            "frame {f}: against the platform"
        );
        assert_eq!(moved, [(i32::from(f < 20), 0)], "frame {f}");
        assert_eq!(a.contacts.crushed(), f >= 20, "frame {f}");
    }
}

// ---------------------------------------------------------------------------------------
// 4. Pushed sideways
// ---------------------------------------------------------------------------------------

/// A wall at x = 80 (solid to the room's right side) and a floor at y = 0 (the room's).
/// The actor (8×14) stands at x = 60.
fn walled_room() -> GridMap<8, 6> {
    let mut map = room::<8, 6>();
    for ty in 0..6 {
        for tx in 5..8 {
            map.set(tx, ty, Cell::FULL);
        }
    }
    map
}

/// A platform as tall as the room (no way over it) and too wide to squeeze through pushes
/// an actor into a wall: pushed along until it touches the wall (x = 72), then crushed every
/// frame, and the platform stops against it (`move_platform` reports the shortened move).
#[test]
fn a_wide_pusher_crushes_an_actor_against_a_wall_and_stops() {
    for speed in [1, 3, 4] {
        let what = format!("{speed} px per frame");
        let mut s = Scene::new(
            walled_room(),
            vec![Platform::new(20, 0, 32, 96)],
            vec![Actor::new(60, 0, 8, 14)],
        );
        s.frame(&[(0, 0)]);
        // The platform stops at x = 40 (its right edge at 71, the actor's box at 72..=79).
        let crush_frame = 20 / speed;
        for f in 0..crush_frame + 5 {
            let moved = s.move_platforms(&[(speed, 0)]);
            s.assert_clear(&format!("{what}, frame {f}, after move_platform"));
            s.step_actors();
            s.assert_clear(&format!("{what}, frame {f}"));
            let (a, p) = (s.actors[0], s.platforms[0]);
            assert_eq!((a.x, a.y), ((p.x + 32).max(60), 0), "{what}, frame {f}");
            if f < crush_frame {
                assert_eq!(moved, [(speed, 0)], "{what}, frame {f}");
                assert!(!a.contacts.crushed(), "{what}, frame {f}");
            } else {
                let rest = if f == crush_frame { 20 % speed } else { 0 };
                assert_eq!(moved, [(rest, 0)], "{what}, frame {f}: stopped");
                assert_eq!(p.x, 40, "{what}, frame {f}");
                assert!(a.contacts.crushed(), "{what}, frame {f}: crushed");
                let t = s.touching(&a);
                assert!(t.pushing_right() && t.pushing_left(), "{what}, frame {f}");
            }
        }
    }
}

/// A low platform pushes an actor into a wall: crushed on that frame, the actor is moved
/// to the nearest free spot (8 px up, onto the platform), the platform goes on into the wall
/// (platforms may pass through tiles) and slides out from under the actor, which then drops
/// to the floor. Never an overlap.
#[test]
fn a_low_pusher_crushes_an_actor_onto_itself() {
    let mut s = Scene::new(
        walled_room(),
        vec![Platform::new(20, 0, 32, 8)],
        vec![Actor::new(60, 0, 8, 14)],
    );
    s.frame(&[(0, 0)]);
    for f in 0..40 {
        let moved = s.move_platforms(&[(3, 0)]);
        assert_eq!(moved, [(3, 0)], "frame {f}: the platform is never stopped");
        s.assert_clear(&format!("frame {f}, after move_platform"));
        s.step_actors();
        s.assert_clear(&format!("frame {f}"));
        let (a, p) = (s.actors[0], s.platforms[0]);
        assert_eq!(a.contacts.crushed(), f == 6, "frame {f}: {a:?}");
        match f {
            ..6 => assert_eq!((a.x, a.y), ((p.x + 32).max(60), 0), "frame {f}"),
            // The platform's left edge leaves the actor's columns at x = 80 (frame 19).
            6..=18 => {
                assert_eq!((a.x, a.y), (72, 8), "frame {f}: on the platform");
                assert!(a.contacts.on_ground(), "frame {f}");
            }
            _ => assert_eq!(a.x, 72, "frame {f}"),
        }
    }
    let a = s.actors[0];
    assert_eq!((a.x, a.y), (72, 0));
    assert!(a.contacts.on_ground());
}

/// With free space ahead, a platform pushing an actor sideways moves it by exactly its
/// own displacement, every frame, both ways, and never crushes it.
#[test]
fn a_platform_pushes_an_actor_along_in_free_space() {
    for speed in [1, 3, 4] {
        for dir in [1, -1] {
            let what = format!("{} px per frame", speed * dir);
            // Touching the platform's leading side.
            let (p, a) = if dir > 0 {
                (Platform::new(20, 0, 16, 8), Actor::new(36, 0, 8, 14))
            } else {
                (Platform::new(220, 0, 16, 8), Actor::new(212, 0, 8, 14))
            };
            let mut s = Scene::new(room::<16, 6>(), vec![p], vec![a]);
            s.frame(&[(0, 0)]);
            for f in 1..=30 {
                let x0 = s.actors[0].x;
                let moved = s.move_platforms(&[(speed * dir, 0)]);
                assert_eq!(moved, [(speed * dir, 0)], "{what}, frame {f}");
                let a = s.actors[0];
                assert_eq!(a.x - x0, speed * dir, "{what}, frame {f}: pushed along");
                s.assert_clear(&format!("{what}, frame {f}, after move_platform"));
                s.step_actors();
                let (a, p) = (s.actors[0], s.platforms[0]);
                let touching = if dir > 0 {
                    a.x == p.x + 16
                } else {
                    a.x + 8 == p.x
                };
                assert!(touching, "{what}, frame {f}: {a:?} {p:?}");
                assert_eq!(a.y, 0, "{what}, frame {f}");
                assert!(!a.contacts.crushed(), "{what}, frame {f}");
                assert!(a.contacts.on_ground(), "{what}, frame {f}");
                s.assert_clear(&format!("{what}, frame {f}"));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// 5. Pushed into a slope
// ---------------------------------------------------------------------------------------

/// A platform (24 px tall) pushes an actor standing on the floor into a slope45 ramp and
/// the block behind it: the actor walks up the ramp (1 px up per px pushed) instead of
/// entering it, then along the block's top; it stays against the platform, never crushed,
/// never overlapping. Mirrored: the same pushing left into slope45 FX.
#[test]
fn a_platform_pushes_an_actor_up_a_slope() {
    for mirrored in [false, true] {
        for speed in [1, 3] {
            let what = format!("mirrored {mirrored}, {speed} px per frame");
            let mut map = room::<10, 6>();
            // x 80..=95 (or 64..=79 mirrored): the ramp, rising away from the platform;
            // the block behind it is 16 high.
            let (ramp, blocks, p, a) = if mirrored {
                (
                    (4, shape("slope45", Variant::FlipX)),
                    0..4,
                    Platform::new(100, 0, 16, 24),
                    Actor::new(92, 0, 8, 14),
                )
            } else {
                (
                    (5, shape("slope45", Variant::Identity)),
                    6..10,
                    Platform::new(44, 0, 16, 24),
                    Actor::new(60, 0, 8, 14),
                )
            };
            map.set(ramp.0, 0, ramp.1);
            for tx in blocks {
                map.set(tx, 0, Cell::FULL);
            }
            let mut s = Scene::new(map, vec![p], vec![a]);
            s.frame(&[(0, 0)]);
            let dx = if mirrored { -speed } else { speed };
            for f in 1..=40 / speed {
                let x0 = s.actors[0].x;
                let moved = s.move_platforms(&[(dx, 0)]);
                assert_eq!(moved, [(dx, 0)], "{what}, frame {f}");
                s.assert_clear(&format!("{what}, frame {f}, after move_platform"));
                s.step_actors();
                s.assert_clear(&format!("{what}, frame {f}"));
                let (a, p) = (s.actors[0], s.platforms[0]);
                assert_eq!(a.x - x0, dx, "{what}, frame {f}: pushed along");
                let touching = if mirrored {
                    a.x + 8 == p.x
                } else {
                    a.x == p.x + 16
                };
                assert!(touching, "{what}, frame {f}");
                // Resting height: the ramp column under the box's leading column.
                let rise = if mirrored { 80 - a.x } else { a.x - 72 };
                assert_eq!(a.y, rise.clamp(0, 16), "{what}, frame {f}: {a:?}");
                assert!(a.contacts.on_ground(), "{what}, frame {f}");
                assert!(!a.contacts.crushed(), "{what}, frame {f}");
            }
            assert_eq!(s.actors[0].y, 16, "{what}: up on the block");
        }
    }
}

// ---------------------------------------------------------------------------------------
// 6. One-way platforms
// ---------------------------------------------------------------------------------------

/// A room with a floor row (cells y = 0): actors stand at y = 16.
fn floored_room() -> GridMap<10, 8> {
    let mut map = room::<10, 8>();
    for tx in 0..10 {
        map.set(tx, 0, Cell::FULL);
    }
    map
}

/// A one-way platform rising out of the floor under an actor: it leaves the actor alone
/// until its top reaches the actor's feet, then carries it up (feet on its top every frame).
#[test]
fn a_rising_one_way_platform_picks_up_an_actor_from_below() {
    for speed in [1, 2, 3, 5] {
        let what = format!("{speed} px per frame");
        let mut s = Scene::new(
            floored_room(),
            vec![Platform::new(24, 0, 32, 8).one_way()],
            vec![Actor::new(36, 16, 8, 14)],
        );
        s.frame(&[(0, 0)]);
        for f in 1..=18 {
            let moved = s.frame(&[(0, speed)]);
            assert_eq!(moved, [(0, speed)], "{what}, frame {f}");
            let (a, p) = (s.actors[0], s.platforms[0]);
            assert_eq!(p.y, f * speed, "{what}, frame {f}");
            assert_eq!((a.x, a.y), (36, (p.y + 8).max(16)), "{what}, frame {f}");
            assert!(a.contacts.on_ground(), "{what}, frame {f}");
            assert!(!a.contacts.crushed(), "{what}, frame {f}");
            s.assert_clear(&format!("{what}, frame {f}"));
        }
    }
}

/// An actor whose body (or feet) is inside a one-way platform moving up is not pushed: the
/// platform passes through it, and the actor stays on the floor.
#[test]
fn a_one_way_platform_rises_through_an_actor_inside_it() {
    // Inside the body (rows 20..=25 of 16..=29), and around the feet (rows 10..=17).
    for p in [Platform::new(24, 20, 32, 6), Platform::new(24, 10, 32, 8)] {
        for speed in [1, 2, 4] {
            let p = p.one_way();
            let what = format!("{p:?}, {speed} px per frame");
            let mut s = Scene::new(floored_room(), vec![p], vec![Actor::new(36, 16, 8, 14)]);
            s.frame(&[(0, 0)]);
            for f in 1..=20 {
                let moved = s.frame(&[(0, speed)]);
                assert_eq!(moved, [(0, speed)], "{what}, frame {f}");
                let a = s.actors[0];
                assert_eq!((a.x, a.y), (36, 16), "{what}, frame {f}: not lifted");
                assert!(
                    a.contacts.on_ground() && !a.contacts.crushed(),
                    "{what}, frame {f}"
                );
            }
            assert!(
                s.platforms[0].y > 29,
                "{what}: the platform went past the actor"
            );
        }
    }
}

/// One-way platforms never push sideways: moving left or right through an actor standing
/// on the floor, they pass through it.
#[test]
fn one_way_platforms_never_push_sideways() {
    for (start, dx) in [(20, 3i32), (20, 1), (100, -3), (100, -1)] {
        for (y, h) in [(16, 8u16), (12, 30), (26, 2)] {
            let what = format!(
                "from x = {start}, {dx} px per frame, rows {y}..{}",
                y + i32::from(h)
            );
            let mut s = Scene::new(
                floored_room(),
                vec![Platform::new(start, y, 24, h).one_way()],
                vec![Actor::new(60, 16, 8, 14)],
            );
            s.frame(&[(0, 0)]);
            for f in 1..=60 / dx.abs() {
                let moved = s.frame(&[(dx, 0)]);
                assert_eq!(moved, [(dx, 0)], "{what}, frame {f}");
                let a = s.actors[0];
                assert_eq!((a.x, a.y), (60, 16), "{what}, frame {f}: not pushed");
                assert!(!a.contacts.crushed(), "{what}, frame {f}");
            }
        }
    }
}

/// A one-way platform moving down onto an actor standing on the floor passes through it
/// too (only feet coming from above meet it).
#[test]
fn a_one_way_platform_descends_through_an_actor() {
    let mut s = Scene::new(
        floored_room(),
        vec![Platform::new(24, 60, 32, 8).one_way()],
        vec![Actor::new(36, 16, 8, 14)],
    );
    s.frame(&[(0, 0)]);
    for f in 1..=20 {
        let moved = s.frame(&[(0, -3)]);
        assert_eq!(moved, [(0, -3)], "frame {f}");
        let a = s.actors[0];
        assert_eq!((a.x, a.y), (36, 16), "frame {f}");
        assert!(!a.contacts.crushed(), "frame {f}");
    }
}

// ---------------------------------------------------------------------------------------
// 7. Carried into slopes
// ---------------------------------------------------------------------------------------

/// A platform moving right and down just above a slope45 ramp: the rider is carried into
/// the ramp, walks up it instead of entering it, and ends standing on the ramp while the
/// platform sinks into the tiles (allowed). Never an overlap; it stands on something
/// every frame.
#[test]
fn a_rider_carried_diagonally_into_a_slope_ends_on_it() {
    for (dx, dy) in [(2, -1), (1, -1), (3, -2), (4, -1)] {
        let what = format!("platform moving ({dx}, {dy})");
        // Floor row; the ramp at cell (6, 1): x 96..=111, column x solid up to y = x − 80;
        // blocks behind it, 32 high.
        let mut map = room::<12, 8>();
        for tx in 0..12 {
            map.set(tx, 0, Cell::FULL);
        }
        map.set(6, 1, shape("slope45", Variant::Identity));
        for tx in 7..12 {
            map.set(tx, 1, Cell::FULL);
        }
        let mut s = Scene::new(
            map,
            vec![Platform::new(72, 24, 24, 6)],
            vec![Actor::new(81, 30, 8, 14)],
        );
        s.frame(&[(0, 0)]);
        for f in 1..=30 {
            let moved = s.move_platforms(&[(dx, dy)]);
            assert_eq!(moved, [(dx, dy)], "{what}, frame {f}");
            s.assert_clear(&format!("{what}, frame {f}, after move_platform"));
            s.step_actors();
            s.assert_clear(&format!("{what}, frame {f}"));
            let a = s.actors[0];
            assert!(!a.contacts.crushed(), "{what}, frame {f}");
            assert!(a.contacts.on_ground(), "{what}, frame {f}: {a:?}");
            assert!(supported(&s.map, &s.platforms, &a), "{what}, frame {f}");
        }
        let (a, p) = (s.actors[0], s.platforms[0]);
        assert!(p.y + 6 <= 16, "{what}: the platform sank into the floor");
        assert!(supported_by_tiles(&s.map, &a), "{what}: on the ramp: {a:?}");
        assert_eq!(a.contacts.ground_cell(), Some((6, 1)), "{what}");
        // Resting on the ramp: its right column's surface (x − 79) is its feet.
        assert_eq!(a.y, a.x + 7 - 79, "{what}: {a:?}");
    }
}

/// A platform moving left and down over a ramp rising to the left, carrying the rider into
/// the ramp's rising side: the same, mirrored, with a slope22 pair.
#[test]
fn a_rider_carried_diagonally_into_a_gentle_slope_ends_on_it() {
    for (dx, dy) in [(-2, -1), (-3, -1), (-1, -1)] {
        let what = format!("platform moving ({dx}, {dy})");
        let mut map = room::<12, 8>();
        for tx in 0..12 {
            map.set(tx, 0, Cell::FULL);
        }
        // slope22 FX: rising to the left, 1 px per 2 columns; x 64..=95.
        map.set(4, 1, shape("slope22_2", Variant::FlipX));
        map.set(5, 1, shape("slope22_1", Variant::FlipX));
        for tx in 0..4 {
            map.set(tx, 1, Cell::FULL);
        }
        let mut s = Scene::new(
            map,
            vec![Platform::new(104, 28, 24, 6)],
            vec![Actor::new(110, 34, 8, 14)],
        );
        s.frame(&[(0, 0)]);
        for f in 1..=40 {
            let moved = s.move_platforms(&[(dx, dy)]);
            assert_eq!(moved, [(dx, dy)], "{what}, frame {f}");
            s.assert_clear(&format!("{what}, frame {f}, after move_platform"));
            s.step_actors();
            s.assert_clear(&format!("{what}, frame {f}"));
            let a = s.actors[0];
            assert!(!a.contacts.crushed(), "{what}, frame {f}");
            assert!(a.contacts.on_ground(), "{what}, frame {f}: {a:?}");
            assert!(supported(&s.map, &s.platforms, &a), "{what}, frame {f}");
        }
        let a = s.actors[0];
        assert!(s.platforms[0].y + 6 <= 16, "{what}");
        assert!(supported_by_tiles(&s.map, &a), "{what}: on the ramp: {a:?}");
        assert!(
            matches!(a.contacts.ground_cell(), Some((4 | 5, 1))),
            "{what}: {a:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// 8. Random scenes
// ---------------------------------------------------------------------------------------

const MAP_W: usize = 8;
const MAP_H: usize = 6;
const FRAMES: usize = 30;

type Map = GridMap<MAP_W, MAP_H>;

#[derive(Clone, Debug)]
struct RandomPlatform {
    platform: Platform,
    moves: Vec<(i32, i32)>,
}

#[derive(Clone, Debug)]
struct RandomActor {
    actor: Actor,
    /// Starts standing on a platform (the one of its own index modulo their count, at its
    /// x modulo the platform's width), if it is free there.
    rides: bool,
    /// Horizontal input each frame.
    vx: Vec<i32>,
}

#[derive(Clone, Debug)]
struct RandomScene {
    map: Map,
    platforms: Vec<RandomPlatform>,
    actors: Vec<RandomActor>,
}

fn random_cell() -> impl Strategy<Value = Cell> {
    let shapes = tables().shape_count();
    prop_oneof![
        6 => Just(Cell::EMPTY),
        2 => Just(Cell::FULL),
        3 => (0..shapes, 0u8..8).prop_map(|(id, v)| {
            Cell::shape(ShapeId::new(id), Variant::from_index(v).expect("a variant"))
        }),
    ]
}

fn random_platform() -> impl Strategy<Value = RandomPlatform> {
    (
        -8i32..136,
        -8i32..104,
        4u16..=40,
        4u16..=24,
        prop::bool::weighted(0.25),
        prop::collection::vec((-4i32..=4, -4i32..=4), FRAMES),
    )
        .prop_map(|(x, y, w, h, one_way, moves)| {
            let p = Platform::new(x, y, w, h);
            RandomPlatform {
                platform: if one_way { p.one_way() } else { p },
                moves,
            }
        })
}

fn random_actor() -> impl Strategy<Value = RandomActor> {
    (
        0i32..128,
        0i32..96,
        1u16..=16,
        1u16..=24,
        -4 * PX..=4 * PX,
        prop::bool::ANY,
        prop::collection::vec(-3 * PX..=3 * PX, FRAMES),
    )
        .prop_map(|(x, y, w, h, vy, rides, vx)| {
            let mut actor = Actor::new(x, y, w, h);
            actor.vy = vy;
            RandomActor { actor, rides, vx }
        })
}

fn random_scene() -> impl Strategy<Value = RandomScene> {
    (
        prop::collection::vec(random_cell(), MAP_W * MAP_H),
        prop::collection::vec(random_platform(), 1..=3),
        prop::collection::vec(random_actor(), 1..=3),
    )
        .prop_map(|(cells, platforms, actors)| {
            let mut map = Map::new(Cell::FULL);
            for (i, cell) in cells.into_iter().enumerate() {
                map.set((i % MAP_W) as i32, (i / MAP_W) as i32, cell);
            }
            RandomScene {
                map,
                platforms,
                actors,
            }
        })
}

/// The first place, on a 2-px grid in reading order from the actor's own, where it starts
/// free of tiles and solid platforms; `None` if there is none in the map.
fn place(map: &Map, platforms: &[Platform], actor: Actor) -> Option<Actor> {
    const COLUMNS: i32 = MAP_W as i32 * N / 2;
    const SPOTS: i32 = COLUMNS * (MAP_H as i32 * N / 2);
    let start = actor.y / 2 * COLUMNS + actor.x / 2;
    (0..SPOTS).find_map(|k| {
        let i = (start + k) % SPOTS;
        let mut a = actor;
        (a.x, a.y) = (i % COLUMNS * 2, i / COLUMNS * 2);
        overlap(map, platforms, &a).is_none().then_some(a)
    })
}

/// Runs a random scene (each actor placed where it starts free, see [`place`]; left out if
/// it fits nowhere). Returns how many actors took part.
fn run_random(s: &RandomScene) -> Result<usize, TestCaseError> {
    let platforms: Vec<Platform> = s.platforms.iter().map(|p| p.platform).collect();
    let actors: Vec<RandomActor> = s
        .actors
        .iter()
        .enumerate()
        .filter_map(|(i, a)| {
            let p = platforms[i % platforms.len()];
            let mut rider = a.actor;
            (rider.x, rider.y) = (
                p.x + a.actor.x % i32::from(p.width),
                p.y + i32::from(p.height),
            );
            let actor = if a.rides && overlap(&s.map, &platforms, &rider).is_none() {
                rider
            } else {
                place(&s.map, &platforms, a.actor)?
            };
            Some(RandomActor {
                actor,
                vx: a.vx.clone(),
                ..*a
            })
        })
        .collect();
    if actors.is_empty() {
        return Ok(0);
    }
    let mut scene = Scene::new(
        s.map.clone(),
        platforms,
        actors.iter().map(|a| a.actor).collect(),
    );
    for frame in 0..FRAMES {
        for (a, input) in scene.actors.iter_mut().zip(&actors) {
            a.vx = input.vx[frame];
        }
        let requested: Vec<(i32, i32)> = s.platforms.iter().map(|p| p.moves[frame]).collect();
        let before = scene.clone_state();
        let moved = scene.frame(&requested);
        for (i, (&(mx, my), &(dx, dy))) in moved.iter().zip(&requested).enumerate() {
            // Never more than asked, never the other way.
            prop_assert!(
                (mx == 0 || mx.signum() == dx.signum()) && mx.abs() <= dx.abs(),
                "frame {frame}: platform {i} asked ({dx}, {dy}), moved ({mx}, {my})"
            );
            prop_assert!(
                (my == 0 || my.signum() == dy.signum()) && my.abs() <= dy.abs(),
                "frame {frame}: platform {i} asked ({dx}, {dy}), moved ({mx}, {my})"
            );
            // Stopped short only by an actor it crushed.
            if (mx, my) != (dx, dy) {
                prop_assert!(
                    scene.actors.iter().any(|a| a.contacts.crushed()),
                    "frame {frame}: platform {i} stopped short ({mx}, {my}) of ({dx}, {dy}) but nobody was crushed"
                );
            }
        }
        if let Some((i, hit)) = scene.first_overlap() {
            return Err(TestCaseError::fail(format!(
                "frame {frame}: actor {i} covers solid pixel {hit:?}\n before: {:?}\n after: {:?}\n platforms before: {:?}\n platforms after: {:?}\n requested: {requested:?}, moved: {moved:?}",
                before.1[i], scene.actors[i], before.0, scene.platforms
            )));
        }
    }
    Ok(actors.len())
}

impl<M> Scene<M> {
    fn clone_state(&self) -> (Vec<Platform>, Vec<Actor>) {
        (self.platforms.clone(), self.actors.clone())
    }
}

proptest! {
    #![proptest_config(Config {
        cases: 10000,
        failure_persistence: None,
        ..Config::default()
    })]

    /// Random 8×6 maps walled in by full cells, 1–3 platforms (some one-way) of random
    /// sizes moving up to 4 px per axis per frame, 1–3 actors starting free with random
    /// velocities, under gravity, for 30 frames: at the end of every frame no actor covers a
    /// solid tile pixel or a solid platform, and `move_platform` moves at most as asked,
    /// reports what it did, and stops short only when it crushed someone.
    #[test]
    fn actors_never_end_a_frame_inside_tiles_or_platforms(s in random_scene()) {
        run_random(&s)?;
    }
}

/// The random scenes are not vacuous: most of them place an actor.
#[test]
fn random_scenes_mostly_place_actors() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = random_scene();
    let placed = (0..200)
        .filter(|_| {
            let s = strategy.new_tree(&mut runner).expect("a scene").current();
            run_random(&s).map(|n| n > 0).unwrap_or(true)
        })
        .count();
    assert!(placed >= 190, "only {placed} of 200 scenes placed an actor");
}

// ---------------------------------------------------------------------------------------
// 9. Which platform holds an actor
// ---------------------------------------------------------------------------------------

/// Standing on one platform, on two side by side or across a gap: the contacts name the
/// platform nearest the actor's centre column (`centre_x`), and no cell (only platforms
/// hold it).
#[test]
fn contacts_name_the_platform_nearest_the_centre() {
    // (platforms, actor x, width, the platform that holds it)
    let beside = vec![Platform::new(32, 32, 32, 8), Platform::new(64, 32, 32, 8)];
    let gap = vec![Platform::new(32, 32, 24, 8), Platform::new(62, 32, 34, 8)];
    let cases = [
        (&beside, 40, 8, 0), // on the first only
        (&beside, 60, 8, 0), // on both, centre 63: the first
        (&beside, 61, 8, 1), // on both, centre 64: the second
        (&beside, 88, 8, 1), // on the second only
        (&gap, 48, 16, 0),   // centre 55, over the first
        (&gap, 50, 16, 0),   // centre 57 over the gap: 2 px from the first, 5 from the second
        (&gap, 54, 16, 1),   // centre 61 over the gap: 6 px from the first, 1 from the second
        (&gap, 59, 16, 1),   // centre 66, over the second
    ];
    for (platforms, x, width, want) in cases {
        let what = format!("actor at x = {x}, {width} px wide");
        let mut s = Scene::new(
            room::<10, 8>(),
            platforms.clone(),
            vec![Actor::new(x, 40, width, 14)],
        );
        for f in 0..3 {
            s.frame(&[(0, 0), (0, 0)]);
            let c = s.actors[0].contacts;
            assert!(c.on_ground(), "{what}, frame {f}");
            assert_eq!(c.ground_platform(), Some(want), "{what}, frame {f}");
            assert_eq!(c.ground_cell(), None, "{what}, frame {f}: no cell holds it");
        }
    }
}

/// On a platform level with the floor, and on the floor's cells at once: both reported.
/// Walking on, off the platform onto the cells: the platform is reported only while the
/// row under its feet meets it, the cell all along.
#[test]
fn contacts_name_a_platform_and_a_cell_at_once() {
    // The floor's top row is y = 15; the platform (rows 8..=15, x 48..=79) is sunk into it.
    let mut s = Scene::new(
        floored_room(),
        vec![Platform::new(48, 8, 32, 8)],
        vec![Actor::new(20, 16, 8, 14)],
    );
    s.frame(&[(0, 0)]);
    for f in 0..40 {
        s.actors[0].vx = 2 * PX;
        s.frame(&[(0, 0)]);
        let (a, c) = (s.actors[0], s.actors[0].contacts);
        let on_platform = a.x + 7 >= 48 && a.x <= 79;
        assert!(c.on_ground(), "frame {f}");
        assert_eq!(
            c.ground_cell(),
            Some((a.centre_x() / N, 0)),
            "frame {f}: {a:?}"
        );
        assert_eq!(
            c.ground_platform(),
            on_platform.then_some(0),
            "frame {f}: {a:?}"
        );
    }
    assert!(s.actors[0].x > 80, "walked past the platform");
}

// ---------------------------------------------------------------------------------------
// 10. Momentum
// ---------------------------------------------------------------------------------------

/// A 384×256 room, and in it a wide platform (x 64..=191, top y = 39) with an actor on it
/// (at x = 100).
fn momentum_scene(settings: ActorSettings) -> Scene<GridMap<24, 16>> {
    let mut s = Scene::new(
        room::<24, 16>(),
        vec![Platform::new(64, 32, 128, 8)],
        vec![Actor::new(100, 40, 8, 14).with_settings(settings)],
    );
    s.frame(&[(0, 0)]);
    s
}

/// The actor's positions over the 5 frames after it jumps off a platform moving
/// `motion` px per frame (the platform goes on moving), relative to its place at the end
/// of the jump's frame.
fn after_a_jump(motion: (i32, i32), settings: ActorSettings) -> Vec<(i32, i32)> {
    let mut s = momentum_scene(settings);
    for _ in 0..3 {
        s.frame(&[motion]); // riding
    }
    assert!(s.actors[0].contacts.on_ground());
    assert_eq!(s.actors[0].contacts.ground_platform(), Some(0));
    s.actors[0].vy = 5 * PX;
    let before = s.actors[0];
    s.frame(&[motion]); // carried, then it jumps
    let start = s.actors[0];
    assert!(!start.contacts.on_ground(), "it left the ground");
    assert_eq!(
        start.x - before.x,
        motion.0,
        "the frame it jumps, only the carry moves it sideways"
    );
    (1..=5)
        .map(|_| {
            s.frame(&[motion]);
            let a = s.actors[0];
            assert!(!a.contacts.on_ground(), "still in the air");
            (a.x - start.x, a.y - start.y)
        })
        .collect()
}

/// A jump off a platform moving 3 px per frame (sideways, up, down, diagonally) keeps
/// the platform's velocity: over the 5 frames after the jump's frame the actor goes 15 px
/// farther along the platform's motion than the same jump from a still platform, 3 px
/// each frame. With `keeps_platform_momentum` off it moves exactly as from still ground.
#[test]
fn a_jump_off_a_moving_platform_keeps_its_momentum() {
    let on = ActorSettings::default();
    let off = ActorSettings {
        keeps_platform_momentum: false,
        ..on
    };
    let still = after_a_jump((0, 0), on);
    assert_eq!(still, after_a_jump((0, 0), off));
    for motion in [(3, 0), (-3, 0), (0, 3), (0, -3), (3, 3), (-3, -3)] {
        let moving = after_a_jump(motion, on);
        for (f, (m, s)) in moving.iter().zip(&still).enumerate() {
            let k = f as i32 + 1;
            assert_eq!(
                (m.0 - s.0, m.1 - s.1),
                (k * motion.0, k * motion.1),
                "{motion:?}, frame {k} after the jump"
            );
        }
        assert_eq!(after_a_jump(motion, off), still, "{motion:?}, momentum off");
    }
}

/// Walking off the edge of a platform moving right at 1 px per frame (the walker's own
/// 2 px per frame set once): on the platform it goes 3 px per frame; off the edge it keeps
/// 3 px per frame (`vx` = 768) with the momentum, 2 without.
#[test]
fn walking_off_a_moving_platform_keeps_its_momentum() {
    for keeps in [true, false] {
        let settings = ActorSettings {
            keeps_platform_momentum: keeps,
            ..ActorSettings::default()
        };
        let mut s = momentum_scene(settings);
        s.actors[0].vx = 2 * PX;
        let mut left = None;
        for f in 0..60 {
            let x = s.actors[0].x;
            s.frame(&[(1, 0)]);
            let a = s.actors[0];
            match left {
                None if a.contacts.on_ground() => {
                    assert_eq!(a.x - x, 3, "frame {f}: walking on the moving platform");
                    assert_eq!(a.vx, 2 * PX, "frame {f}");
                }
                None => {
                    assert_eq!(a.x - x, 3, "frame {f}: the frame it walks off");
                    left = Some(f);
                }
                Some(_) if a.contacts.on_ground() => break, // landed on the floor
                Some(_) => {
                    let speed = if keeps { 3 } else { 2 };
                    assert_eq!(a.x - x, speed, "frame {f}: falling, keeps {keeps}");
                    assert_eq!(a.vx, speed * PX, "frame {f}");
                }
            }
        }
        assert!(left.is_some(), "it walked off");
        let a = s.actors[0];
        let vx = if keeps { 3 * PX } else { 2 * PX };
        assert_eq!(a.vx, vx, "keeps {keeps}: {a:?}");
    }
}

/// Walking from a moving platform onto the floor's cells (the platform sunk level with
/// them, moving right at 1 px per frame) never leaves the ground: no momentum is added,
/// the walker's `vx` stays its own.
#[test]
fn stepping_from_a_moving_platform_onto_cells_adds_no_momentum() {
    // A pit (x 0..=79) left of a ledge (cells (5..10, 0), top y = 15); the platform (top
    // y = 15) over the pit, moving right into the ledge.
    let mut map = room::<10, 8>();
    for tx in 5..10 {
        map.set(tx, 0, Cell::FULL);
    }
    let mut s = Scene::new(
        map,
        vec![Platform::new(30, 8, 40, 8)],
        vec![Actor::new(34, 16, 8, 14)],
    );
    s.frame(&[(0, 0)]);
    s.actors[0].vx = 2 * PX;
    let mut on_cells = false;
    for f in 0..30 {
        s.frame(&[(1, 0)]);
        let a = s.actors[0];
        assert!(a.contacts.on_ground(), "frame {f}: {a:?}");
        assert_eq!(a.vx, 2 * PX, "frame {f}: its own speed");
        on_cells |= a.contacts.ground_cell().is_some() && a.contacts.ground_platform().is_none();
    }
    assert!(on_cells, "it ended on the cells alone");
}

/// A jump from a platform and a cell at once (a platform sunk level with the floor, moving
/// right at 1 px per frame and carrying the actor) keeps no momentum: the cell held it too.
#[test]
fn a_jump_from_a_platform_and_a_cell_at_once_keeps_no_momentum() {
    let mut s = Scene::new(
        floored_room(),
        vec![Platform::new(48, 8, 32, 8)],
        vec![Actor::new(44, 16, 8, 14)],
    );
    s.frame(&[(0, 0)]);
    for f in 0..3 {
        s.frame(&[(1, 0)]);
        let c = s.actors[0].contacts;
        assert_eq!(s.actors[0].x, 45 + f, "carried");
        assert!(c.ground_cell().is_some() && c.ground_platform() == Some(0));
    }
    s.actors[0].vy = 5 * PX;
    s.frame(&[(1, 0)]);
    let a = s.actors[0];
    assert!(!a.contacts.on_ground(), "jumped");
    assert_eq!(a.vx, 0, "no momentum: {a:?}");
}

/// The momentum a platform records: its velocity after a move by velocity, the pixels of a
/// move by whole pixels (× 256), the pixels it did move when an actor stopped it short.
#[test]
fn platforms_record_their_momentum() {
    let map = room::<8, 8>();
    let mut platforms = [Platform::new(32, 32, 16, 8).with_velocity(77, -435)];
    let mut actors: [Actor; 0] = [];
    let mut movers = Platforms::new(tables(), &map, &mut platforms);
    assert_eq!(movers.platforms()[0].momentum(), (0, 0));
    assert_eq!(movers.advance(0, &mut [&mut actors]), (0, -2));
    assert_eq!(movers.platforms()[0].momentum(), (77, -435));
    assert_eq!(movers.move_by(0, 3, -1, &mut [&mut actors]), (3, -1));
    assert_eq!(movers.platforms()[0].momentum(), (3 * PX, -PX));
    assert_eq!(
        move_platform(tables(), &map, &mut platforms, 0, -2, 0, &mut actors),
        (-2, 0)
    );
    assert_eq!(platforms[0].momentum(), (-2 * PX, 0));

    // The shaft: the lift stops on the actor below.
    let mut s = shaft_scene();
    for f in 0..20 {
        let moved = s.frame(&[(0, -2)]);
        let want = if f < 16 { (0, -2 * PX) } else { (0, 0) };
        assert_eq!(moved[0].1 * PX, want.1, "frame {f}");
        assert_eq!(s.platforms[0].momentum(), want, "frame {f}");
    }
}

// ---------------------------------------------------------------------------------------
// 11. Dropping through one-way platforms
// ---------------------------------------------------------------------------------------

/// A one-way platform (x 24..=55, top y = 55) over the floored room, with a rider at
/// x = 36.
fn drop_scene(settings: ActorSettings) -> Scene<GridMap<10, 8>> {
    let mut s = Scene::new(
        floored_room(),
        vec![Platform::new(24, 48, 32, 8).one_way()],
        vec![Actor::new(36, 56, 8, 14).with_settings(settings)],
    );
    s.frame(&[(0, 0)]);
    let c = s.actors[0].contacts;
    assert!(
        c.on_ground() && c.on_one_way(),
        "on the one-way platform only"
    );
    assert_eq!(c.ground_platform(), Some(0));
    s
}

/// `drop_through` on a one-way platform moving sideways, down (slower and faster than the
/// actor falls) or still: the actor falls through it to the floor. From the frame it drops
/// on until it lands on the floor, the platform never holds nor carries it (its `x` stays
/// put) and it never rises; the drop has ended when it lands (its box left the platform).
#[test]
fn an_actor_drops_through_a_moving_one_way_platform() {
    for motion in [(0, 0), (1, 0), (-2, 0), (0, -1), (0, -3), (1, -1)] {
        let what = format!("platform moving {motion:?}");
        let mut s = drop_scene(ActorSettings::default());
        s.actors[0].drop_through();
        s.frame(&[motion]);
        let dropped = s.actors[0];
        assert!(dropped.is_dropping(), "{what}");
        assert!(!dropped.contacts.on_ground(), "{what}: falling");
        assert_eq!(
            dropped.x,
            36 + motion.0,
            "{what}: carried before it dropped"
        );
        let mut y = dropped.y;
        for f in 0.. {
            s.frame(&[motion]);
            let a = s.actors[0];
            s.assert_clear(&format!("{what}, frame {f}"));
            assert_eq!(a.x, dropped.x, "{what}, frame {f}: not carried");
            assert!(a.y <= y, "{what}, frame {f}: never rises");
            if a.contacts.on_ground() {
                break; // on the floor (a platform going down may reach it later)
            }
            assert!(f < 30, "{what}: lands within 30 frames");
            y = a.y;
        }
        let a = s.actors[0];
        assert_eq!(a.y, 16, "{what}: on the floor");
        assert!(a.contacts.on_ground() && !a.is_dropping(), "{what}: {a:?}");
    }
}

/// A one-way platform rising 1 px per frame with a rider that drops through it: it
/// never lifts the actor after the frame it dropped, whether the game applies gravity on
/// the ground too (the actor sinks into the platform at once) or only in the air (its feet
/// still rest on the platform's top when the platform next moves). The actor falls to the
/// floor, the platform rises on through it.
#[test]
fn a_rising_one_way_platform_does_not_lift_an_actor_dropping_through_it() {
    for gravity_on_the_ground in [true, false] {
        let what = format!("gravity on the ground: {gravity_on_the_ground}");
        let mut s = drop_scene(ActorSettings::default());
        s.actors[0].drop_through();
        let mut top = None;
        for f in 0..50 {
            let a = &mut s.actors[0];
            if !gravity_on_the_ground && a.contacts.on_ground() {
                a.vy = 0;
            } else {
                a.vy = (a.vy - GRAVITY).max(-MAX_FALL);
            }
            s.move_platforms(&[(0, 1)]);
            let a = s.actors[0];
            if let Some(top) = top {
                assert!(a.y <= top, "{what}, frame {f}: lifted to {}", a.y);
            }
            let world = World::with_platforms(tables(), &s.map, s.platforms.as_slice());
            world.step(&mut s.actors[0]);
            let a = s.actors[0];
            assert!(!a.contacts.crushed(), "{what}, frame {f}");
            if let Some(top) = top {
                assert!(a.y <= top, "{what}, frame {f}: rose to {}", a.y);
            }
            top = Some(a.y);
        }
        let a = s.actors[0];
        assert_eq!(a.y, 16, "{what}: on the floor");
        assert!(!a.is_dropping(), "{what}");
        assert!(
            s.platforms[0].y > a.y + 14,
            "{what}: the platform rose past it"
        );
    }
}

// ---------------------------------------------------------------------------------------
// 12. Sub-pixel platforms
// ---------------------------------------------------------------------------------------

/// A 768×768 room.
type BigRoom = GridMap<48, 48>;

/// One frame with platforms moved by their velocities (`Platforms::advance_all`), then
/// gravity and each actor's step.
fn advance_frame(map: &BigRoom, platforms: &mut [Platform], actors: &mut [Actor]) {
    let mut movers = Platforms::new(tables(), map, platforms);
    movers.advance_all(&mut [&mut *actors]);
    let world = movers.world();
    for a in actors.iter_mut() {
        a.vy = (a.vy - GRAVITY).max(-MAX_FALL);
        world.step(a);
    }
}

/// The platform velocities tried: 0.3 and 1.7 px per frame (77 and 435 in 1/256 px),
/// along each axis, each way, and diagonally.
const SUBPIXEL_VELOCITIES: [(i32, i32); 12] = [
    (77, 0),
    (-77, 0),
    (435, 0),
    (-435, 0),
    (0, 77),
    (0, -77),
    (0, 435),
    (0, -435),
    (77, 77),
    (435, -435),
    (-435, 77),
    (-77, 435),
];

/// A platform 300 frames at `v` fits in the big room: it starts 260 px from the centre,
/// against its motion.
fn start_against(v: i32) -> i32 {
    368 - 260 * v.signum()
}

/// A rider standing still on a platform moving by a sub-pixel velocity keeps exactly its
/// offset from the platform (its feet on the top, 10 px in) every frame for 300 frames,
/// and the platform moves exactly 300 × its velocity (in whole pixels, rounded down).
#[test]
fn riders_never_drift_on_sub_pixel_platforms() {
    let map = BigRoom::new(Cell::FULL);
    for (vx, vy) in SUBPIXEL_VELOCITIES {
        let what = format!("platform at ({vx}, {vy})/256 px per frame");
        let (x0, y0) = (start_against(vx), start_against(vy));
        let mut platforms = [Platform::new(x0, y0, 32, 8).with_velocity(vx, vy)];
        let mut actors = [Actor::new(x0 + 10, y0 + 8, 8, 14)];
        for f in 1..=300 {
            advance_frame(&map, &mut platforms, &mut actors);
            let (a, p) = (actors[0], platforms[0]);
            assert_eq!((a.x - p.x, a.y - p.y), (10, 8), "{what}, frame {f}");
            assert!(a.contacts.on_ground(), "{what}, frame {f}");
            assert_eq!(a.contacts.ground_platform(), Some(0), "{what}, frame {f}");
            assert_eq!(p.momentum(), (vx, vy), "{what}, frame {f}");
        }
        let p = platforms[0];
        assert_eq!(
            (p.x - x0, p.y - y0),
            ((300 * vx).div_euclid(PX), (300 * vy).div_euclid(PX)),
            "{what}"
        );
    }
}

/// A rider walking (0.39 px per frame) on a wide platform moving by a sub-pixel velocity
/// ends where the same walk on a still platform puts it, plus the platform's whole motion:
/// nothing lost or gained to rounding in 300 frames.
#[test]
fn a_walk_on_a_sub_pixel_platform_adds_up() {
    let map = BigRoom::new(Cell::FULL);
    for (vx, vy) in [(77, 0), (435, 0), (435, 77), (77, -435), (435, 435)] {
        let what = format!("platform at ({vx}, {vy})/256 px per frame");
        let y0 = start_against(vy);
        let run = |vx: i32, vy: i32| {
            let mut platforms = [Platform::new(16, y0, 200, 8).with_velocity(vx, vy)];
            let mut actors = [Actor::new(20, y0 + 8, 8, 14)];
            for f in 1..=300 {
                actors[0].vx = 100;
                advance_frame(&map, &mut platforms, &mut actors);
                assert!(actors[0].contacts.on_ground(), "{what}, frame {f}");
            }
            (platforms[0], actors[0])
        };
        let (still_p, still) = run(0, 0);
        let (p, a) = run(vx, vy);
        let walked = still.x - 20;
        assert_eq!(walked, 300 * 100 / PX, "the walk on a still platform");
        assert_eq!((still_p.x, still_p.y), (16, y0));
        assert_eq!(
            (a.x, a.y),
            (still.x + (p.x - 16), still.y + (p.y - y0)),
            "{what}"
        );
        assert_eq!(a.y, p.y + 8, "{what}: on it");
    }
}

// ---------------------------------------------------------------------------------------
// 13. Platforms: groups of actors
// ---------------------------------------------------------------------------------------

/// `Platforms::move_by` with the actors in several groups does exactly what `move_platform`
/// does with them in one slice: the same random scenes, frame by frame, split into two
/// groups (the first actor alone, the others), give the same actors and platforms.
#[test]
fn groups_of_actors_move_as_one_slice() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = random_scene();
    let mut carried = 0;
    for _ in 0..200 {
        let s = strategy.new_tree(&mut runner).expect("a scene").current();
        let mut platforms: Vec<Platform> = s.platforms.iter().map(|p| p.platform).collect();
        let mut actors: Vec<Actor> = s
            .actors
            .iter()
            .filter_map(|a| place(&s.map, &platforms, a.actor))
            .collect();
        let (mut group_platforms, mut grouped) = (platforms.clone(), actors.clone());
        for frame in 0..FRAMES {
            for (i, p) in s.platforms.iter().enumerate() {
                let (dx, dy) = p.moves[frame];
                let one = move_platform(tables(), &s.map, &mut platforms, i, dx, dy, &mut actors);
                let split = 1.min(grouped.len());
                let (first, rest) = grouped.split_at_mut(split);
                let mut movers = Platforms::new(tables(), &s.map, &mut group_platforms);
                let two = movers.move_by(i, dx, dy, &mut [first, rest]);
                assert_eq!(one, two);
                assert_eq!(platforms, group_platforms, "frame {frame}");
                assert_eq!(actors, grouped, "frame {frame}");
            }
            let world = World::with_platforms(tables(), &s.map, platforms.as_slice());
            for (a, input) in actors.iter_mut().zip(&s.actors) {
                a.vx = input.vx[frame];
                a.vy = (a.vy - GRAVITY).max(-MAX_FALL);
                world.step(a);
                carried += usize::from(a.contacts.ground_platform().is_some());
            }
            grouped.clone_from(&actors);
        }
    }
    assert!(carried > 200, "only {carried} actor-frames on platforms");
}

// ---------------------------------------------------------------------------------------
// 14. Random scenes with sub-pixel platforms, drops and jumps
// ---------------------------------------------------------------------------------------

/// A random scene's platforms moving by random sub-pixel velocities (up to 4 px per frame,
/// `Platforms::advance_all`), its actors jumping and dropping through now and then: at the
/// end of every frame no actor covers a solid pixel, and an actor dropping through a
/// platform is never held by it.
fn run_random_with_drops(
    s: &RandomScene,
    velocities: &[(i32, i32)],
    inputs: &[(bool, bool)],
) -> Result<(), TestCaseError> {
    let mut platforms: Vec<Platform> = s
        .platforms
        .iter()
        .zip(velocities)
        .map(|(p, &(vx, vy))| p.platform.with_velocity(vx, vy))
        .collect();
    let mut actors: Vec<Actor> = s
        .actors
        .iter()
        .filter_map(|a| place(&s.map, &platforms, a.actor))
        .collect();
    for frame in 0..FRAMES {
        let (jump, drop) = inputs[frame % inputs.len()];
        for (a, input) in actors.iter_mut().zip(&s.actors) {
            a.vx = input.vx[frame];
            if jump && a.contacts.on_ground() {
                a.vy = 4 * PX;
            }
            if drop {
                a.drop_through();
            }
            a.vy = (a.vy - GRAVITY).max(-MAX_FALL);
        }
        let before = actors.clone();
        let mut movers = Platforms::new(tables(), &s.map, &mut platforms);
        movers.advance_all(&mut [&mut actors]);
        let world = movers.world();
        for a in actors.iter_mut() {
            world.step(a);
        }
        for (i, a) in actors.iter().enumerate() {
            if let Some(hit) = overlap(&s.map, &platforms, a) {
                return Err(TestCaseError::fail(format!(
                    "frame {frame}: actor {i} covers solid pixel {hit:?}\n before: {:?}\n after: {a:?}\n platforms: {platforms:?}",
                    before[i]
                )));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(Config {
        cases: 3000,
        failure_persistence: None,
        ..Config::default()
    })]

    /// Random scenes (as above) with sub-pixel platform velocities, jumps and drop
    /// requests: no actor ever ends a frame inside a tile or a solid platform.
    #[test]
    fn dropping_and_jumping_on_sub_pixel_platforms_stays_clear(
        s in random_scene(),
        velocities in prop::collection::vec((-4 * PX..=4 * PX, -4 * PX..=4 * PX), 3),
        inputs in prop::collection::vec((prop::bool::weighted(0.2), prop::bool::weighted(0.2)), 1..8),
    ) {
        run_random_with_drops(&s, &velocities, &inputs)?;
    }
}

/// A teleport ends a drop through a one-way platform as it ends one through cells.
#[test]
fn a_teleport_ends_a_drop_through_a_platform() {
    let mut s = drop_scene(ActorSettings::default());
    s.actors[0].drop_through();
    s.frame(&[(0, 0)]);
    assert!(s.actors[0].is_dropping());
    let mut a = s.actors[0];
    a.place(a.x, a.y);
    assert!(!a.is_dropping());
    let mut fresh = Actor::new(a.x, a.y, a.width(), a.height()).with_settings(a.settings);
    (fresh.vx, fresh.vy) = (a.vx, a.vy);
    assert_eq!(a, fresh, "nothing of the drop is left");
}
