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
    Actor, Cell, GridMap, Platform, ShapeId, Solid, Tables, TileMap, Variant, World, move_platform,
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
                assert!(a.contacts.on_ceiling(), "{what}, frame {f}");
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
                assert!(
                    a.contacts.pushing_right() && a.contacts.pushing_left(),
                    "{what}, frame {f}"
                );
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
        assert!(a.contacts.on_slope(), "{what}: on the ramp: {a:?}");
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
        assert!(a.contacts.on_slope(), "{what}: {a:?}");
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
