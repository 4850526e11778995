//! The actor state a game manages between frames: a teleport that forgets the old place
//! (`Actor::place`), the sub-pixel remainder (`Actor::remainder`), a change of size that
//! keeps the actor out of solid pixels (`World::resize`), and a spawn on the ground below a
//! point (`World::place_on_ground`).
//!
//! The oracles know nothing of how the runtime finds its answers: a resize is checked
//! against box tests (`World::hits`) of every place it may take, a spawn against a box
//! dropped pixel by pixel with `World::hits`, or against an actor falling a pixel at a time
//! with `World::move_by`.
//!
//! Maps are ASCII (see `support`), rows top first, N = 16 px cells, y up; velocities in
//! 1/256 px per frame (`PX` = 1 px per frame).
#![cfg(feature = "centre_feet")]

#[allow(dead_code)] // each test file uses its own part of the helpers
mod support;

use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};
use slope_runtime::{
    Actor, ActorSettings, Cell, Contacts, Feet, GridMap, MAX_POSITION, MAX_SIZE, MAX_SPAWN_DROP,
    NoRoom, Platform, Rect, ShapeId, TileMap, Variant, World, move_platform,
};
use support::{Ascii, OneWay, PX, Profile, tables};

/// A map as a function of the cell.
struct FnMap<F>(F);

impl<F: Fn(i32, i32) -> Cell> TileMap for FnMap<F> {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        (self.0)(tx, ty)
    }
}

/// Open air everywhere.
fn air() -> FnMap<impl Fn(i32, i32) -> Cell> {
    FnMap(|_, _| Cell::EMPTY)
}

fn settings(feet: Feet) -> ActorSettings {
    ActorSettings {
        feet,
        ..ActorSettings::default()
    }
}

// ---------------------------------------------------------------------------------------
// Actor::place and Actor::remainder
// ---------------------------------------------------------------------------------------

/// A remainder of 255/256 px left over from a walk, then a teleport: a frame at 1/256 px
/// per frame must not complete the old pixel (it would move 1 px if the remainder
/// survived the teleport).
#[test]
fn a_teleport_forgets_the_remainder() {
    let world = World::new(tables(), air());
    let mut a = Actor::new(0, 0, 8, 8);
    a.vx = 255;
    world.step(&mut a);
    assert_eq!((a.x, a.remainder()), (0, (255, 0)));
    a.place(100, 50);
    assert_eq!(a.remainder(), (0, 0));
    a.vx = 1;
    world.step(&mut a);
    assert_eq!((a.x, a.y), (100, 50));
    assert_eq!(a.remainder(), (1, 0));
}

/// A placed actor is a new actor with the old velocity, size and settings: no remainder,
/// no drop through one-way cells (under way or asked for), no crush pending, no contacts.
/// Each was set before the teleport, so forgetting any one of them fails the comparison.
#[test]
fn a_placed_actor_is_a_new_actor_with_its_velocity() {
    let map = Ascii::new(
        "
        ......
        ......
        .----.
        ......
        ######
        ",
    );
    let world = World::new(tables(), &map);
    let s = ActorSettings {
        corner_correction: 2,
        ..settings(Feet::Centre)
    };
    let mut a = Actor::new(40, 48, 8, 12).with_settings(s);
    world.move_by(&mut a, 0, -1); // on the one-way row: the refused step down proves it
    assert!(a.contacts.on_one_way());
    a.drop_through();
    (a.vx, a.vy) = (100, -3 * PX / 2);
    world.step(&mut a); // dropping: 1.5 px down, a remainder on both axes
    assert!(a.is_dropping());
    assert_ne!(a.remainder().0, 0);
    assert_ne!(a.remainder().1, 0);
    a.drop_through(); // a request pending
    // And a crush pending: a platform pushes it against the wall of a tall map.
    let mut crushed = [a];
    let walled = Ascii::new("#...\n#...\n#...").outside(Cell::FULL);
    (crushed[0].x, crushed[0].y) = (16, 16);
    let mut platforms = [Platform::new(24, 16, 8, 8)];
    move_platform(tables(), &walled, &mut platforms, 0, -1, 0, &mut crushed);
    let mut a = crushed[0];
    let mut probe = a;
    assert!(World::new(tables(), &walled).step(&mut probe).crushed());
    assert!(a.is_dropping());
    a.place(-7, 1000);
    let mut fresh = Actor::new(-7, 1000, 8, 12).with_settings(s);
    (fresh.vx, fresh.vy) = (100, -3 * PX / 2);
    assert_eq!(a, fresh);
    assert_eq!(
        (a.contacts, a.previous),
        (Contacts::default(), Contacts::default())
    );
    // The next move computes the contacts afresh; no crush is reported.
    let c = world.move_by(&mut a, 0, 0);
    assert!(!c.crushed() && !a.is_dropping());
}

/// A step down after a teleport onto the ground finds the ground there (refused, it proves
/// the contacts); the drop asked for before the teleport is not taken.
#[test]
fn a_step_down_after_a_teleport_finds_the_ground() {
    let map = Ascii::new(
        "
        ......
        .----.
        ......
        ######
        ",
    );
    let world = World::new(tables(), &map);
    let mut a = Actor::new(40, 80, 8, 12);
    world.move_by(&mut a, 0, 0);
    a.drop_through();
    a.place(40, 48); // on the one-way row
    assert!(!a.contacts.on_ground());
    let c = world.move_by(&mut a, 0, -1);
    assert_eq!(a.y, 48);
    assert!(c.on_ground() && c.on_one_way());
    a.vy = -PX;
    world.step(&mut a);
    assert_eq!(a.y, 48, "the drop asked for before the teleport was taken");
}

/// The remainder after frames of known velocities: the fraction of a pixel past the whole
/// position, always counted to the right and up (so a move left or down leaves
/// 256 − its fraction).
#[test]
fn the_remainder_is_the_fraction_of_a_pixel() {
    let world = World::new(tables(), air());
    for (v, frames, pixels, rem) in [
        ((384, -64), 1, (1, -1), (128, 192)),
        ((-128, 100), 1, (-1, 0), (128, 100)),
        ((200, -200), 2, (1, -2), (144, 112)),
        ((256, 0), 3, (3, 0), (0, 0)),
        ((-1, 1), 256, (-1, 1), (0, 0)),
    ] {
        let mut a = Actor::new(0, 0, 4, 4);
        (a.vx, a.vy) = v;
        for _ in 0..frames {
            world.step(&mut a);
        }
        assert_eq!(
            ((a.x, a.y), a.remainder()),
            (pixels, rem),
            "{v:?} × {frames}"
        );
    }
}

/// Landing resets the vertical remainder; the horizontal one runs on.
#[test]
fn landing_resets_the_vertical_remainder() {
    let map = Ascii::new("....\n####");
    let world = World::new(tables(), &map);
    let mut a = Actor::new(8, 18, 4, 4);
    (a.vx, a.vy) = (64, -PX / 2 - 10);
    for _ in 0..4 {
        world.step(&mut a);
    }
    assert!(a.contacts.on_ground());
    assert_eq!((a.y, a.remainder()), (16, (0, 0)));
    world.step(&mut a);
    assert_eq!(a.remainder(), (64, 0));
}

// ---------------------------------------------------------------------------------------
// World::resize
// ---------------------------------------------------------------------------------------

/// A floor, a low ceiling over cells 1..=4 (16 px of headroom), walls at both ends.
fn crawlway() -> Ascii {
    Ascii::new(
        "
        ......
        .####.
        #....#
        ######
        ",
    )
}

/// Standing up (taller, wider, both) under a low ceiling is refused, and the actor, with
/// its velocity, remainder, contacts and drop state, is left exactly as it was.
#[test]
fn resizing_under_a_low_ceiling_is_refused_and_changes_nothing() {
    let map = crawlway();
    for feet in [Feet::Box, Feet::Centre] {
        let world = World::new(tables(), &map);
        let mut a = Actor::new(40, 16, 10, 12).with_settings(settings(feet));
        (a.vx, a.vy) = (300, -PX);
        world.step(&mut a);
        assert_ne!(a.remainder(), (0, 0));
        let before = a;
        for (w, h) in [(10, 17), (10, 24), (20, 30), (64, 64), (u16::MAX, u16::MAX)] {
            assert_eq!(world.resize(&mut a, w, h), Err(NoRoom), "{feet:?} {w}×{h}");
            assert_eq!(a, before, "{feet:?} {w}×{h}");
        }
        // Exactly the headroom fits.
        assert_eq!(world.resize(&mut a, 10, 16), Ok(()));
        assert_eq!(a.bounds(), (41, 16, 50, 31));
    }
}

/// Growing wider against a wall, the box steps away from it by what it overlaps (at most
/// its growth in width); against walls on both sides it has no room.
#[test]
fn resizing_beside_a_wall_steps_away_from_it() {
    let map = crawlway();
    let world = World::new(tables(), &map);
    // Against the left wall (x = 15): 8 → 14 wide puts the new box 3 px into it.
    let mut a = Actor::new(16, 16, 8, 12);
    assert_eq!(world.resize(&mut a, 14, 12), Ok(()));
    assert_eq!(a.bounds(), (16, 16, 29, 27));
    // Against the right wall (x = 80).
    let mut a = Actor::new(72, 16, 8, 12);
    assert_eq!(world.resize(&mut a, 14, 12), Ok(()));
    assert_eq!(a.bounds(), (66, 16, 79, 27));
    // Between the walls: 64 px of room, enough for the widest box.
    let mut a = Actor::new(40, 16, 8, 12);
    assert_eq!(world.resize(&mut a, 64, 12), Ok(()));
    assert_eq!(a.bounds(), (16, 16, 79, 27));
    // Between walls 32 px apart: a box 40 px wide has no room, one 32 px wide fits.
    let narrow = Ascii::new("#..#\n####").outside(Cell::FULL);
    let world = World::new(tables(), &narrow);
    let mut a = Actor::new(24, 16, 8, 12);
    let before = a;
    assert_eq!(world.resize(&mut a, 40, 12), Err(NoRoom));
    assert_eq!(a, before);
    assert_eq!(world.resize(&mut a, 32, 12), Ok(()));
    assert_eq!(a.bounds(), (16, 16, 47, 27));
}

/// A box may step aside only along a way clear of solid pixels: past a thin wall (a
/// platform) it could fit on the far side of, it has no room.
#[test]
fn a_resize_never_steps_through_a_wall() {
    let map = Ascii::new(
        "
        #.....
        #.....
        ######
        ",
    );
    let thin = [Platform::new(19, 16, 1, 32)];
    let world = World::with_platforms(tables(), &map, &thin);
    let mut a = Actor::new(16, 16, 1, 12); // between the wall (x = 15) and the platform
    let before = a;
    // 9 wide: 12..=20 meets both; 8 px to the right (20..=28) is free, but past the platform.
    assert!(!world.hits(Rect::of_box(20, 16, 9, 12)));
    assert_eq!(world.resize(&mut a, 9, 12), Err(NoRoom));
    assert_eq!(a, before);
    assert_eq!(world.resize(&mut a, 3, 12), Ok(())); // 16..=18 fits
    assert_eq!(a.bounds(), (16, 16, 18, 27));
}

/// A smaller box always fits, even for an actor embedded in solid pixels (it covers
/// nothing new), and keeps the feet: the bottom row and the centre column.
#[test]
fn shrinking_always_fits() {
    let map = crawlway();
    let world = World::new(tables(), &map);
    for feet in [Feet::Box, Feet::Centre] {
        for (x, y) in [(40, 16), (8, 8), (30, 30), (-20, 100)] {
            // (8, 8), (30, 30): inside the wall, the floor, the ceiling
            for (w, h) in [(40, 40), (17, 9), (64, 64)] {
                let a = Actor::new(x, y, w, h).with_settings(settings(feet));
                for (nw, nh) in [(w, h), (1, 1), (w - 1, h), (w / 2, h / 2), (0, 0)] {
                    let mut b = a;
                    assert_eq!(world.resize(&mut b, nw, nh), Ok(()), "{a:?} → {nw}×{nh}");
                    assert_eq!(
                        (b.width(), b.height()),
                        (nw.max(1), nh.max(1)),
                        "{a:?} → {nw}×{nh}"
                    );
                    assert_eq!(b.y, a.y, "{a:?} → {b:?}");
                    assert_eq!(b.centre_x(), a.centre_x(), "{a:?}");
                }
            }
        }
    }
}

/// Sizes are clamped to 1..=MAX_SIZE; the remainder and velocity are kept.
#[test]
fn a_resize_clamps_the_size_and_keeps_the_motion() {
    let world = World::new(tables(), air());
    let mut a = Actor::new(0, 0, 8, 8);
    (a.vx, a.vy) = (100, 300);
    world.step(&mut a);
    let (rem, v) = (a.remainder(), (a.vx, a.vy));
    assert_eq!(world.resize(&mut a, 1000, 0), Ok(()));
    assert_eq!((a.width(), a.height()), (MAX_SIZE, 1));
    assert_eq!((a.remainder(), (a.vx, a.vy)), (rem, v));
    assert_eq!(a.centre_x(), 3);
}

// ---------------------------------------------------------------------------------------
// Random maps
// ---------------------------------------------------------------------------------------

/// A 6×6 map: 96×96 px of the default tiles.
type Map = GridMap<6, 6>;

/// Any cell: empty, full or a shape in any variant, one-way with probability `one_way`.
fn any_cell(one_way: f64) -> impl Strategy<Value = Cell> {
    let shapes = tables().shape_count();
    let variant = (0u8..8).prop_map(|v| Variant::from_index(v).expect("a variant"));
    let solid = prop_oneof![
        1 => Just(Cell::FULL),
        3 => (0..shapes, variant).prop_map(|(id, v)| Cell::shape(ShapeId::new(id), v)),
    ];
    prop_oneof![
        3 => Just(Cell::EMPTY),
        2 => (solid, prop::bool::weighted(one_way))
            .prop_map(|(c, one_way)| if one_way { c.one_way() } else { c }),
    ]
}

fn any_map(one_way: f64) -> impl Strategy<Value = Map> {
    (prop::collection::vec(any_cell(one_way), 36), any::<bool>()).prop_map(|(cells, walled)| {
        let mut map = Map::new(if walled { Cell::FULL } else { Cell::EMPTY });
        for (i, c) in cells.into_iter().enumerate() {
            map.set(i as i32 % 6, i as i32 / 6, c);
        }
        map
    })
}

/// Up to three platforms, solid or (with `one_way`) one-way.
fn platforms(one_way: bool) -> impl Strategy<Value = Vec<Platform>> {
    let platform = (-8..96i32, 0..96i32, 1..64u16, 1..12u16, any::<bool>()).prop_map(
        move |(x, y, w, h, ow)| {
            let p = Platform::new(x, y, w, h);
            if ow && one_way { p.one_way() } else { p }
        },
    );
    prop::collection::vec(platform, 0..=3)
}

fn any_settings() -> impl Strategy<Value = ActorSettings> {
    (any::<bool>(), any::<bool>()).prop_map(|(centre, ignores)| ActorSettings {
        feet: if centre { Feet::Centre } else { Feet::Box },
        ignores_one_way: ignores,
        ..ActorSettings::default()
    })
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A box of columns `x0..=x1` and rows `y0..=y1`.
fn cols(x0: i32, x1: i32, y0: i32, y1: i32) -> Rect {
    Rect { x0, y0, x1, y1 }
}

/// Where a whole-box actor `a` resized to `w`×`h` must stand (its left column), by box
/// tests alone: a box no larger on either side stays at the kept feet; a larger one there
/// if it is free, else at the least sideways shift, at most the growth in width (ties:
/// right), whose box and every column between it and the old columns, at the new height,
/// are free.
fn resize_oracle<M: TileMap>(
    world: &World<'_, M, &[Platform]>,
    a: &Actor,
    w: u16,
    h: u16,
) -> Option<i32> {
    let (nw, nh) = (w.clamp(1, MAX_SIZE), h.clamp(1, MAX_SIZE));
    let kept = a.centre_x() - i32::from((nw - 1) / 2);
    let at = |x: i32| Rect::of_box(x, a.y, nw, nh);
    if (nw <= a.width() && nh <= a.height()) || !world.hits(at(kept)) {
        return Some(kept);
    }
    let (x0, _, x1, _) = a.bounds();
    let top = a.y + i32::from(nh) - 1;
    let growth = i32::from(nw) - i32::from(a.width());
    (1..=growth).flat_map(|k| [kept + k, kept - k]).find(|&x| {
        let b = at(x);
        !world.hits(cols(b.x0.min(x0), b.x1.max(x1), a.y, top))
    })
}

/// What the resizes of a property test did, counted so it can check it saw every kind.
#[derive(Debug, Default)]
struct Outcomes {
    kept: usize,
    aside: usize,
    refused: usize,
}

impl Outcomes {
    fn count(&mut self, before: &Actor, after: &Actor, ok: bool) {
        match (ok, after.centre_x() == before.centre_x()) {
            (false, _) => self.refused += 1,
            (true, true) => self.kept += 1,
            (true, false) => self.aside += 1,
        }
    }
}

/// A random map with platforms, a box size, a new size and settings.
type ResizeCase = (Map, Vec<Platform>, (u16, u16), (u16, u16), ActorSettings);

/// Runs `check` on an actor of each case (of whole-box feet if `whole_box`) at every place
/// of the map (every sixth column and row) where it is free under its own rules
/// (`World::unstick` there neither fails nor moves it), and returns what the resizes did.
/// `check` returns the actor after its resize, and whether the resize succeeded.
fn each_free_actor(
    cases: u32,
    whole_box: bool,
    check: impl Fn(
        &World<'_, &Map, &[Platform]>,
        Actor,
        (u16, u16),
    ) -> Result<(Actor, bool), TestCaseError>,
) -> Outcomes {
    let outcomes = std::cell::RefCell::new(Outcomes::default());
    let case = (
        any_map(0.3),
        platforms(true),
        (1..40u16, 1..40u16),
        (0..72u16, 0..72u16),
        any_settings(),
    );
    let result = TestRunner::new(config(cases)).run(
        &case,
        |(map, platforms, (w, h), size, s): ResizeCase| {
            let world = World::with_platforms(tables(), &map, &platforms);
            for x in (-8..100).step_by(6) {
                for y in (-8..100).step_by(6) {
                    let mut a = Actor::new(x, y, w, h).with_settings(s);
                    if whole_box {
                        a.settings.feet = Feet::Box;
                    }
                    let mut probe = a;
                    if !world.unstick(&mut probe) || (probe.x, probe.y) != (x, y) {
                        continue;
                    }
                    let (after, ok) = check(&world, a, size)?;
                    outcomes.borrow_mut().count(&a, &after, ok);
                }
            }
            Ok(())
        },
    );
    if let Err(e) = result {
        panic!("{e}");
    }
    outcomes.into_inner()
}

/// Whole-box feet, any map, platforms: a resize succeeds exactly where the box tests find
/// a place, takes that place, and leaves the actor free under `World::hits`; a refusal
/// leaves it as it was.
#[test]
fn a_resize_takes_the_place_box_tests_find() {
    let outcomes = each_free_actor(400, true, |world, a, (nw, nh)| {
        let (before, mut a) = (a, a);
        let expected = resize_oracle(world, &a, nw, nh);
        match world.resize(&mut a, nw, nh) {
            Ok(()) => {
                prop_assert_eq!(Some(a.x), expected, "{:?} → {}×{}", before, nw, nh);
                let size = (nw.clamp(1, MAX_SIZE), nh.clamp(1, MAX_SIZE));
                prop_assert_eq!((a.width(), a.height(), a.y), (size.0, size.1, before.y));
                prop_assert!(!world.hits(Rect::of_box(a.x, a.y, a.width(), a.height())));
            }
            Err(NoRoom) => {
                prop_assert_eq!(expected, None, "{:?} → {}×{}", before, nw, nh);
                prop_assert_eq!(a, before);
                return Ok((a, false));
            }
        }
        Ok((a, true))
    });
    let Outcomes {
        kept,
        aside,
        refused,
    } = outcomes;
    assert!(
        kept > 10_000 && aside > 2_000 && refused > 5_000,
        "too few of each: {outcomes:?}"
    );
}

/// Any feet, any map and platforms: after a resize the actor is free under its own rules
/// (`World::unstick` finds it free where it is), on the same row, its centre column moved
/// at most its growth in width; a refusal changes nothing, and a smaller box is never
/// refused.
#[test]
fn a_resized_actor_is_free_with_the_same_feet() {
    let outcomes = each_free_actor(400, false, |world, a, (nw, nh)| {
        let (before, mut a) = (a, a);
        if world.resize(&mut a, nw, nh).is_err() {
            prop_assert_eq!(a, before);
            // A smaller box covers nothing the old one did not (centre feet: nor does
            // it meet more of what it covers).
            prop_assert!(
                nw > before.width() || nh > before.height(),
                "a smaller box was refused"
            );
            return Ok((a, false));
        }
        let growth = i32::from(a.width()) - i32::from(before.width());
        let moved = (a.centre_x() - before.centre_x()).abs();
        prop_assert_eq!(before.y, a.y, "{:?} → {:?}", before, a);
        prop_assert!(moved <= growth.max(0), "{:?} → {:?}", before, a);
        let mut probe = a;
        prop_assert!(world.unstick(&mut probe), "{:?} → {:?}", before, a);
        prop_assert_eq!(
            (probe.x, probe.y),
            (a.x, a.y),
            "embedded: {:?} → {:?}",
            before,
            a
        );
        Ok((a, true))
    });
    let Outcomes {
        kept,
        aside,
        refused,
    } = outcomes;
    assert!(
        kept > 10_000 && aside > 2_000 && refused > 5_000,
        "too few of each: {outcomes:?}"
    );
}

// ---------------------------------------------------------------------------------------
// World::place_on_ground
// ---------------------------------------------------------------------------------------

/// Where `a`, spawned at (x, y), must stand, by an actor falling there a pixel per
/// `move_by`: `None` if the start is not free under its rules (`World::unstick` there
/// fails or moves it) or it has not landed after `MAX_SPAWN_DROP` px.
fn fall_oracle<M: TileMap>(
    world: &World<'_, M, &[Platform]>,
    a: &Actor,
    x: i32,
    y: i32,
) -> Option<Actor> {
    let mut f = *a;
    f.place(x - i32::from((a.width() - 1) / 2), y);
    let mut probe = f;
    if !world.unstick(&mut probe) || (probe.x, probe.y) != (f.x, f.y) {
        return None;
    }
    for _ in 0..MAX_SPAWN_DROP {
        if world.move_by(&mut f, 0, -1).on_ground() {
            return Some(f);
        }
    }
    None
}

/// The drop of a whole-box actor `w`×`h` spawned at (x, y), by box tests a pixel at a
/// time: `None` if the start box covers a solid pixel or no ground lies within the bound.
fn drop_oracle<M: TileMap>(
    world: &World<'_, M, &[Platform]>,
    (x0, y): (i32, i32),
    (w, h): (u16, u16),
) -> Option<i32> {
    let at = |d: i32| Rect::of_box(x0, y - d, w, h);
    if world.hits(at(0)) {
        return None;
    }
    (0..=MAX_SPAWN_DROP).find(|&d| world.hits(at(d + 1)))
}

/// Where the spawns of a property test ended, counted so it can check it saw every kind.
#[derive(Debug, Default)]
struct Landings {
    /// On cells, not only one-way ones.
    cells: usize,
    /// Only on one-way cells.
    one_way: usize,
    /// Only on platforms.
    platforms: usize,
    refused: usize,
}

impl Landings {
    fn count(&mut self, a: &Actor, placed: bool) {
        let c = a.contacts;
        match (placed, c.ground_cell(), c.on_one_way()) {
            (false, _, _) => self.refused += 1,
            (true, None, _) => self.platforms += 1,
            (true, Some(_), true) => self.one_way += 1,
            (true, Some(_), false) => self.cells += 1,
        }
    }
}

/// Runs `cases` spawns: `spawn` gets a map, platforms (one-way ones with `one_way`), a
/// point and a box size, and returns the spawned actor and whether it was placed.
fn spawns(
    cases: u32,
    one_way: bool,
    spawn: impl Fn(
        &World<'_, &Map, &[Platform]>,
        (i32, i32),
        (u16, u16),
    ) -> Result<(Actor, bool), TestCaseError>,
) -> Landings {
    let landings = std::cell::RefCell::new(Landings::default());

    let case = (
        any_map(if one_way { 0.35 } else { 0.0 }),
        platforms(one_way),
        (-8..104i32, -8..180i32),
        (1..40u16, 1..40u16),
    );
    let result = TestRunner::new(config(cases)).run(&case, |(map, platforms, point, size)| {
        let world = World::with_platforms(tables(), &map, &platforms);
        let (a, placed) = spawn(&world, point, size)?;
        landings.borrow_mut().count(&a, placed);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    landings.into_inner()
}

/// Whole-box feet over solid cells and platforms (no one-way): the spawn lands on the
/// first surface below, as box tests a pixel at a time find it, with its velocity and no
/// remainder; a refusal leaves the actor as it was.
#[test]
fn a_spawn_lands_on_the_first_surface_below() {
    let landings = spawns(3000, false, |world, (x, y), (w, h)| {
        let mut a = Actor::new(500, 500, w, h);
        (a.vx, a.vy) = (77, -1);
        World::new(tables(), air()).step(&mut a); // a remainder to forget
        prop_assert_eq!(a.remainder(), (77, 255));
        let before = a;
        let x0 = x - i32::from((w - 1) / 2);
        let placed = world.place_on_ground(&mut a, x, y);
        match drop_oracle(world, (x0, y), (w, h)) {
            Some(d) => {
                prop_assert!(placed);
                prop_assert_eq!((a.x, a.y), (x0, y - d));
                prop_assert!(a.contacts.on_ground());
                prop_assert_eq!((a.vx, a.vy, a.remainder()), (77, -1, (0, 0)));
            }
            None => {
                prop_assert!(!placed);
                prop_assert_eq!(a, before);
            }
        }
        Ok((a, placed))
    });
    let Landings {
        cells,
        platforms,
        refused,
        ..
    } = landings;
    assert!(
        cells > 400 && platforms > 40 && refused > 500,
        "too few of each: {landings:?}"
    );
}

/// Any feet, one-way cells and platforms, actors that ignore them or not: the spawn lands
/// where an actor falling a pixel at a time lands, with the same contacts; a refusal
/// leaves the actor as it was.
#[test]
fn a_spawn_lands_where_a_fall_lands() {
    let settings = std::cell::Cell::new(0u32);
    let landings = spawns(1500, true, |world, (x, y), (w, h)| {
        // Every combination of feet and one-way rule, in turn.
        let n = settings.replace(settings.get() + 1);
        let s = ActorSettings {
            feet: if n % 2 == 0 { Feet::Box } else { Feet::Centre },
            ignores_one_way: n % 4 >= 2,
            ..ActorSettings::default()
        };
        let mut a = Actor::new(-300, 500, w, h).with_settings(s);
        let before = a;
        let placed = world.place_on_ground(&mut a, x, y);
        match fall_oracle(world, &before, x, y) {
            Some(f) => {
                prop_assert!(placed, "{:?} at ({}, {})", before, x, y);
                prop_assert_eq!((a.x, a.y), (f.x, f.y), "{:?} at ({}, {})", before, x, y);
                prop_assert_eq!(a.contacts, f.contacts);
                prop_assert!(a.contacts.on_ground());
            }
            None => {
                prop_assert!(!placed, "{:?} at ({}, {}): {:?}", before, x, y, a);
                prop_assert_eq!(a, before);
            }
        }
        Ok((a, placed))
    });
    let Landings {
        cells,
        one_way,
        platforms,
        refused,
    } = landings;
    // Far under the usual counts (about 400, 60, 55 and 980): a random run must not
    // fail here by chance, only a generator that stopped making one of them.
    assert!(
        cells > 200 && one_way > 15 && platforms > 15 && refused > 300,
        "too few of each: {landings:?}"
    );
}

/// On a slope: a whole box rests on its highest column, a centre foot on its centre
/// column (the pixel oracle's heights, not the runtime's tables).
#[test]
fn a_spawn_lands_on_a_slope() {
    let map = Ascii::new(
        "
        ........
        ..../###
        ########
        ",
    );
    let profile = Profile::of(&map, 0, 128, 48, OneWay::Air);
    let world = World::new(tables(), &map);
    for x in [64, 67, 70, 75, 79] {
        let mut a = Actor::new(0, 0, 8, 12);
        assert!(world.place_on_ground(&mut a, x, 100));
        assert_eq!(a.y, profile.rest(a.x, 8), "box at {x}");
        assert!(a.contacts.on_ground());
        let mut c = Actor::new(0, 0, 8, 12).with_settings(settings(Feet::Centre));
        assert!(world.place_on_ground(&mut c, x, 100));
        assert_eq!((c.x, c.centre_x()), (x - 3, x));
        assert_eq!(c.y, profile.top(x), "centre at {x}");
        assert!(c.contacts.on_ground(), "centre at {x}");
        assert_eq!(c.contacts.ground_cell(), Some((4, 1)), "centre at {x}");
        // Rising: between the floor's 0 and the ramp's 45° (the window sees both).
        let angle = world.ground_angle(&c);
        assert!((1..=32).contains(&angle), "centre at {x}: {angle}");
    }
}

/// One-way cells hold a spawned actor that starts above them, like a falling one; an
/// actor that ignores them, or whose feet start inside them, falls through to the floor.
#[test]
fn one_way_cells_hold_a_spawn_from_above() {
    let map = Ascii::new(
        "
        ......
        ..--..
        ......
        ######
        ",
    );
    let world = World::new(tables(), &map);
    let mut a = Actor::new(0, 0, 8, 12);
    assert!(world.place_on_ground(&mut a, 48, 100));
    assert_eq!(a.y, 48);
    assert!(a.contacts.on_one_way());
    assert!(world.place_on_ground(&mut a, 48, 48)); // right on top
    assert_eq!(a.y, 48);
    assert!(world.place_on_ground(&mut a, 48, 47)); // feet inside: through
    assert_eq!(a.y, 16);
    assert!(!a.contacts.on_one_way());
    let mut ghost = Actor::new(0, 0, 8, 12).with_settings(ActorSettings {
        ignores_one_way: true,
        ..ActorSettings::default()
    });
    assert!(world.place_on_ground(&mut ghost, 48, 100));
    assert_eq!(ghost.y, 16);
}

/// Platforms hold a spawned actor: solid ones from any height above, one-way ones from
/// above only; a start inside a solid platform is refused.
#[test]
fn platforms_hold_a_spawn() {
    let map = Ascii::new("........\n########");
    let a = Actor::new(0, 0, 8, 12);
    for one_way in [false, true] {
        let p = Platform::new(40, 60, 32, 4);
        let lift = [if one_way { p.one_way() } else { p }];
        let world = World::with_platforms(tables(), &map, &lift);
        let mut b = a;
        assert!(world.place_on_ground(&mut b, 50, 200));
        assert_eq!((b.x, b.y), (47, 64));
        assert!(b.contacts.on_ground());
        let mut b = a;
        assert!(world.place_on_ground(&mut b, 80, 200), "beside it"); // 77..=84: off it
        assert_eq!(b.y, 16);
        let mut b = a;
        let inside = world.place_on_ground(&mut b, 50, 61);
        assert_eq!(
            inside, one_way,
            "feet inside a one-way platform fall through it"
        );
        assert_eq!(b.y, if one_way { 16 } else { 0 });
    }
}

/// Refused, the actor unchanged: a start inside a solid pixel; nothing below within the
/// bound.
#[test]
fn a_spawn_in_solid_or_over_nothing_is_refused() {
    let map = Ascii::new("........\n..#.....\n########");
    let world = World::new(tables(), &map);
    let mut a = Actor::new(3, 4, 8, 12);
    (a.vx, a.vy) = (5, -9);
    world.step(&mut a);
    let before = a;
    for (x, y) in [(40, 20), (36, 8), (45, 31), (10, 15)] {
        assert!(
            !world.place_on_ground(&mut a, x, y),
            "in solid at ({x}, {y})"
        );
        assert_eq!(a, before);
    }
    assert!(world.place_on_ground(&mut a, 40, 32), "just on the block");
    assert_eq!((a.x, a.y), (37, 32));
    let world = World::new(tables(), air());
    let mut a = before;
    assert!(!world.place_on_ground(&mut a, 40, 32));
    assert_eq!(a, before);
}

/// Ground exactly `MAX_SPAWN_DROP` px below is found; a pixel farther is not.
#[test]
fn a_spawn_looks_exactly_max_spawn_drop_down() {
    let floor = FnMap(|_, ty| if ty < 0 { Cell::FULL } else { Cell::EMPTY });
    let world = World::new(tables(), &floor);
    let mut a = Actor::new(0, 0, 8, 12);
    assert!(world.place_on_ground(&mut a, 0, MAX_SPAWN_DROP));
    assert_eq!(a.y, 0);
    let mut a = Actor::new(0, 0, 8, 12);
    assert!(!world.place_on_ground(&mut a, 0, MAX_SPAWN_DROP + 1));
    assert_eq!(a.y, 0);
}

// ---------------------------------------------------------------------------------------
// The edge of the world
// ---------------------------------------------------------------------------------------

/// Near ±MAX_POSITION and with i32::MIN/MAX inputs nothing overflows, positions stay
/// within the edge, and the edge holds like a wall.
#[test]
fn placing_and_resizing_at_the_edge_of_the_world() {
    let extremes = [
        i32::MIN,
        i32::MIN + 1,
        -MAX_POSITION,
        0,
        MAX_POSITION,
        i32::MAX,
    ];
    let everywhere = |cell: Cell| World::new(tables(), FnMap(move |_, _| cell));
    let (open, solid) = (everywhere(Cell::EMPTY), everywhere(Cell::FULL));
    for x in extremes {
        for y in extremes {
            let mut a = Actor::new(0, 0, 64, 64);
            a.place(x, y);
            assert_eq!(
                (a.x, a.y),
                (
                    x.clamp(-MAX_POSITION, MAX_POSITION),
                    y.clamp(-MAX_POSITION, MAX_POSITION)
                )
            );
            for world in [&open, &solid] {
                let mut b = a;
                world.place_on_ground(&mut b, x, y);
                assert!(b.x.abs() <= MAX_POSITION && b.y.abs() <= MAX_POSITION);
                let _ = world.resize(&mut b, 1, 1);
                let _ = world.resize(&mut b, u16::MAX, u16::MAX);
                // Set past the edge through the public fields.
                let mut c = a;
                (c.x, c.y) = (x, y);
                let _ = world.resize(&mut c, 64, 64);
                let _ = world.resize(&mut c, 1, 64);
                let _ = world.resize(&mut c, 64, 1);
                let mut d = Actor::new(0, 0, 1, 1);
                (d.x, d.y) = (x, y);
                let _ = world.resize(&mut d, 64, 64);
                let _ = world.place_on_ground(&mut d, x, y);
                let _ = d.remainder();
            }
        }
    }
    // Growing wider at the left edge: the kept centre would put its left column past the
    // edge, so it steps right, to the edge and no farther.
    let mut a = Actor::new(-MAX_POSITION, 0, 1, 8);
    assert_eq!(open.resize(&mut a, 64, 8), Ok(()));
    assert_eq!(a.bounds(), (-MAX_POSITION, 0, -MAX_POSITION + 63, 7));
    let mut a = Actor::new(MAX_POSITION, 0, 1, 8);
    assert_eq!(open.resize(&mut a, 64, 8), Ok(()));
    assert_eq!(a.x, MAX_POSITION - 31);
    // A floor at the bottom edge holds a spawn; without it the edge is no ground.
    let floor = World::new(
        tables(),
        FnMap(|_, ty| {
            if ty < -MAX_POSITION / 16 {
                Cell::FULL
            } else {
                Cell::EMPTY
            }
        }),
    );
    let mut a = Actor::new(0, 0, 8, 8);
    assert!(floor.place_on_ground(&mut a, 3, -MAX_POSITION + 100));
    assert_eq!((a.x, a.y), (0, -MAX_POSITION));
    assert!(a.contacts.on_ground());
    // Ground past the edge (209 px below it) is out of reach.
    let beyond = World::new(
        tables(),
        FnMap(|_, ty| {
            if ty < -MAX_POSITION / 16 - 13 {
                Cell::FULL
            } else {
                Cell::EMPTY
            }
        }),
    );
    let mut a = Actor::new(0, 0, 8, 8);
    assert!(!beyond.place_on_ground(&mut a, 3, -MAX_POSITION + 100));
    assert!(!beyond.place_on_ground(&mut a, 3, -MAX_POSITION - 300)); // at the edge
    assert_eq!((a.x, a.y), (0, 0));
    let mut a = Actor::new(0, 0, 8, 8);
    assert!(!open.place_on_ground(&mut a, 3, -MAX_POSITION + 100));
    assert!(!open.place_on_ground(&mut a, i32::MAX, i32::MIN));
    assert_eq!((a.x, a.y), (0, 0));
}

/// A wide centre-footed actor on a 45° ramp, its uphill side dipping into the ramp, keeps
/// its place when narrowed or shortened: a smaller box meets nothing the old one did not.
#[test]
fn a_narrowed_centre_actor_keeps_its_place_on_a_slope() {
    let map = Ascii::new(
        r"
        ......
        ../#..
        ./##..
        ######
    ",
    );
    let world = World::new(tables(), &map);
    let mut start = Actor::new(0, 0, 40, 12).with_settings(settings(Feet::Centre));
    assert!(world.place_on_ground(&mut start, 36, 100));
    assert_eq!(start.y, 37, "on the ramp under its centre");
    assert!(
        world.hits(rect_of(&start)),
        "its uphill side dips into the ramp"
    );
    for (w, h) in [(20, 12), (8, 12), (8, 11), (1, 1), (40, 4)] {
        let mut a = start;
        assert_eq!(world.resize(&mut a, w, h), Ok(()), "{w}×{h}");
        assert_eq!((a.centre_x(), a.y), (36, 37), "{w}×{h}");
        let mut probe = a;
        assert!(world.unstick(&mut probe), "{w}×{h}");
        assert_eq!((probe.x, probe.y), (a.x, a.y), "{w}×{h}: free");
    }
}

/// An actor that something embedded (placed inside solid pixels, any map, whole-box feet):
/// frames of its own motion, any velocity, never add a solid pixel to the ones its box
/// covers (each pixel it moves tests only what its box gains), and `World::unstick` then
/// frees it wherever a free place lies within reach.
#[test]
fn an_embedded_actor_never_sinks_deeper() {
    let case = (
        any_map(0.3),
        (-8..100i32, -8..100i32, 1..24u16, 1..24u16),
        prop::collection::vec((-1500..1500i32, -1500..1500i32), 1..6),
        any::<bool>(),
    );
    let embedded = std::cell::Cell::new(0usize);
    let result = TestRunner::new(config(600)).run(&case, |(map, (x, y, w, h), moves, ow)| {
        let world = World::new(tables(), &map);
        let s = ActorSettings {
            ignores_one_way: ow,
            ..ActorSettings::default()
        };
        let mut a = Actor::new(x, y, w, h).with_settings(s);
        let solid_in = |r: Rect, p: (i32, i32)| {
            (r.x0..=r.x1).contains(&p.0)
                && (r.y0..=r.y1).contains(&p.1)
                && world.hits(cols(p.0, p.0, p.1, p.1))
        };
        if !world.hits(rect_of(&a)) {
            return Ok(());
        }
        embedded.set(embedded.get() + 1);
        for (vx, vy) in moves {
            let before = rect_of(&a);
            (a.vx, a.vy) = (vx, vy);
            world.step(&mut a);
            let after = rect_of(&a);
            for px in after.x0..=after.x1 {
                for py in after.y0..=after.y1 {
                    prop_assert!(
                        !solid_in(after, (px, py)) || solid_in(before, (px, py)),
                        "({}, {}) solid, new to the box {:?} (was {:?})",
                        px,
                        py,
                        after,
                        before
                    );
                }
            }
        }
        let mut freed = a;
        if world.unstick(&mut freed) {
            prop_assert!(!world.hits(rect_of(&freed)));
        } else {
            prop_assert_eq!(freed, a, "a refused unstick moves nothing");
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    assert!(
        embedded.get() > 150,
        "only {} embedded starts",
        embedded.get()
    );
}

/// The box of `a`.
fn rect_of(a: &Actor) -> Rect {
    let (x0, y0, x1, y1) = a.bounds();
    cols(x0, x1, y0, y1)
}
