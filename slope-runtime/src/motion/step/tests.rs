//! The mover's unit tests: the shortcuts and the strips against the pixel path on random
//! maps, and hand-built cases.

use core::ops::Range;
use core::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use super::Mover;
use super::shortcut::Shortcuts;
use crate::Direction;
use crate::motion::contacts::Contacts;
use crate::motion::world::one_way::OneWay;
use crate::motion::world::rules::Rules;
use crate::testing::{Map, map, map_of, read_sizes, tables, tables_of_size, terrain};
use crate::{Actor, ActorSettings, Cell, Feet, Platform, SUBPIXEL, Tables, World};

std::thread_local! {
    /// Frames answered by a shortcut, on this test's thread.
    pub(super) static SHORTCUTS: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
    /// Frames answered by standing still (`World::stand_still`), on this test's thread.
    pub(super) static STANDS: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
    /// Frames answered by the walk (`walk`), on this test's thread.
    pub(super) static WALKS: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
    /// Frames answered by the walk that started on a one-way cell, on this test's thread.
    pub(super) static ONE_WAY_WALKS: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
    /// From how many pixels left a walk tries to take them at once (`run_from`), on this
    /// test's thread: from any, so that every walk's pixels meet the runs.
    pub(super) static RUNS_FROM: core::cell::Cell<u32> = const { core::cell::Cell::new(1) };
    /// Pixels a walk took at once (`run_on_ground_row`), on this test's thread.
    pub(super) static RUN_PIXELS: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
    /// Whether `lift_past` takes strips for whole-box feet on this test's thread.
    pub(super) static BY_STRIPS: core::cell::Cell<bool> = const { core::cell::Cell::new(true) };
    /// Climbs whose heights answered (`lift_over`: a wall, or the lift to go on from), on
    /// this test's thread.
    pub(super) static LIFTS_OVER: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
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
        #[cfg(feature = "equal_slope_speed")]
        equal_slope_speed: f[3],
        #[cfg(feature = "centre_feet")]
        feet: if f[4] { Feet::Centre } else { Feet::Box },
        #[cfg(not(feature = "centre_feet"))]
        feet: Feet::Box,
        keeps_platform_momentum: true,
    })
}

fn actor() -> impl Strategy<Value = Actor> {
    (-8..88i32, -8..88i32, 1..40u16, 1..40u16, settings())
        .prop_map(|(x, y, w, h, s)| Actor::new(x, y, w, h).with_settings(s))
}

/// A platform at `x`, `y` of size `w`×`h`, solid or one-way.
fn platform(
    x: Range<i32>,
    y: Range<i32>,
    w: Range<u16>,
    h: Range<u16>,
) -> impl Strategy<Value = Platform> {
    (x, y, w, h, any::<bool>()).prop_map(|(x, y, w, h, one_way)| {
        let p = Platform::new(x, y, w, h);
        if one_way { p.one_way() } else { p }
    })
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
    let case = case.prop_map(|(map, start, vx, inputs)| (map, Vec::new(), start, vx, inputs));
    compare_shortcuts_among_platforms(cases, case)
}

/// Actors that start where they are, embedded or not (as a platform's push, `resize` or a
/// map edit may leave them): with the shortcuts, every frame is the path's too.
#[test]
fn shortcuts_change_nothing_for_embedded_actors() {
    let walker = (actor(), 0..80i32, 0..64i32).prop_map(|(mut a, x, y)| {
        (a.x, a.y) = (x, y);
        a
    });
    let inputs = prop::collection::vec((prop::bool::weighted(0.1), Just(false)), 4..16);
    let maps = prop_oneof![map(), terrain()];
    let case = (maps, walker, -900..900i32, inputs)
        .prop_map(|(map, start, vx, inputs)| (map, Vec::new(), start, vx, inputs));
    let embedded = AtomicUsize::new(0);
    let (taken, frames) = compare_frames(10_000, case, |world, start| {
        if world.hits_actor(start) {
            embedded.fetch_add(1, Ordering::Relaxed);
        }
    });
    let embedded = embedded.into_inner();
    assert!(embedded > 1000, "{embedded} embedded starts");
    assert!(
        taken * 5 > frames,
        "shortcuts taken on {taken} of {frames} frames"
    );
}

/// [`compare_shortcuts`] in a world with platforms (standing still: the actor's own
/// frames are compared, as `World::step` sees the platforms after they moved).
fn compare_shortcuts_among_platforms(
    cases: u32,
    case: impl Strategy<Value = (Map, Vec<Platform>, Actor, i32, Vec<(bool, bool)>)>,
) -> (usize, usize) {
    // Placed as a game places an actor: free (its own moves never embed it).
    compare_frames(cases, case, |world, start| {
        world.unstick(start);
    })
}

/// [`compare_shortcuts_among_platforms`], each actor readied by `place` before its first
/// frame.
fn compare_frames(
    cases: u32,
    case: impl Strategy<Value = (Map, Vec<Platform>, Actor, i32, Vec<(bool, bool)>)>,
    place: impl Fn(&World<'_, &Map, &[Platform]>, &mut Actor),
) -> (usize, usize) {
    compare_frames_on(tables(), cases, case, place)
}

/// [`compare_frames`] on `tables`.
fn compare_frames_on(
    tables: Tables<'static>,
    cases: u32,
    case: impl Strategy<Value = (Map, Vec<Platform>, Actor, i32, Vec<(bool, bool)>)>,
    place: impl Fn(&World<'_, &Map, &[Platform]>, &mut Actor),
) -> (usize, usize) {
    let taken = AtomicUsize::new(0);
    let frames = AtomicUsize::new(0);
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let result = TestRunner::new(config).run(&case, |(map, platforms, start, vx, inputs)| {
        let world = World::with_platforms(tables, &map, platforms.as_slice());
        let mut start = start;
        place(&world, &mut start);
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
            Mover::new(&world).step_with(&mut fast, Shortcuts::Taken);
            let shortcut = SHORTCUTS.get() > shortcuts;
            Mover::new(&world).step_with(&mut slow, Shortcuts::Refused);
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

/// Actors of `size` and `settings` at every place of a 5×5-cell map and a little beyond,
/// every `step.0` columns and `step.1` rows, where nothing covers them, each with the
/// rules of its own moves from there.
fn free_places<'w>(
    world: &'w World<'w, &'w Map>,
    (w, h): (u16, u16),
    settings: ActorSettings,
    step: (usize, usize),
) -> impl Iterator<Item = (Actor, Rules)> + 'w {
    (-4..84)
        .step_by(step.0)
        .flat_map(move |x| (-4..84).step_by(step.1).map(move |y| (x, y)))
        .map(move |(x, y)| Actor::new(x, y, w, h).with_settings(settings))
        .filter(|actor| !world.hits_actor(actor))
        .map(|actor| {
            let rules = Rules::for_actor(
                &actor,
                OneWay::for_actor(&actor, actor.rect()),
                &world.platforms,
            );
            (actor, rules)
        })
}

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
        let size = (template.width().min(24), template.height().min(24));
        for (actor, walkable) in free_places(&world, size, settings, (2, 3)) {
            let here = actor.rect();
            for flags in 0..8 {
                let (right, grounded, rising) = (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0);
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
                    let lift = Mover::new(&world)
                        .lift_past(&actor, dir, grounded, rising, &walkable, None);
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

/// The climbs of more than a pixel, which heights shorten (`lift_over`), equal those found
/// by whole-box tests: steps and walls of blocks and slopes under low ceilings, every row
/// of the box's place (a ceiling two rows over the head, say, is met), wall heights up to
/// 20 px.
#[test]
fn climbs_over_walls_match_lifts_by_boxes() {
    let case = (
        prop_oneof![map(), map_of(blocky_cell()), terrain()],
        1..24u16,
        1..24u16,
        3u8..=20,
        any::<bool>(),
    );
    let config = Config {
        cases: 3000,
        failure_persistence: None,
        ..Config::default()
    };
    LIFTS_OVER.with(|n| n.set(0));
    let result = TestRunner::new(config).run(&case, |(map, w, h, wall_height, one_way)| {
        let world = World::new(tables(), &map);
        let settings = ActorSettings {
            feet: Feet::Box,
            wall_height,
            ignores_one_way: !one_way,
            ..ActorSettings::default()
        };
        for (actor, walkable) in free_places(&world, (w, h), settings, (3, 1)) {
            let here = actor.rect();
            for dir in [Direction::Left, Direction::Right] {
                if !world.blocked(here, dir, &walkable) {
                    continue;
                }
                let lift = |strips| {
                    BY_STRIPS.with(|b| b.set(strips));
                    let lift =
                        Mover::new(&world).lift_past(&actor, dir, true, false, &walkable, None);
                    BY_STRIPS.with(|b| b.set(true));
                    lift
                };
                prop_assert_eq!(lift(true), lift(false), "{:?} {:?}", actor, dir);
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let answered = LIFTS_OVER.with(|n| n.get());
    assert!(answered > 10_000, "heights answered only {answered} climbs");
}

/// Anywhere on random maps (any cells, mostly blocks, or ground). The shortcuts must
/// also have been taken on a good share of frames, or the check says nothing.
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

/// Among up to three platforms, solid or one-way, on maps of mostly blocks and air: a
/// platform under the feet, beside the walk or over the head changes nothing either (the
/// shortcuts step aside wherever a platform could matter).
#[test]
fn shortcuts_change_nothing_among_platforms() {
    let platform = platform(-8..96, -8..96, 1..48, 1..12);
    let maps = prop_oneof![map(), map_of(blocky_cell()), terrain()];
    let inputs = prop::collection::vec((any::<bool>(), prop::bool::weighted(0.1)), 1..12);
    let case = (
        maps,
        prop::collection::vec(platform, 1..=3),
        actor(),
        -1200..1200i32,
        inputs,
    );
    let (taken, frames) = compare_shortcuts_among_platforms(3000, case);
    assert!(
        taken * 8 > frames,
        "shortcuts taken on {taken} of {frames} frames"
    );
}

/// The same on the default shapes drawn at other tile sizes: 8 px (the Game Boy
/// Advance's tiles, one-byte masks), 12 px (not a power of two: the tile of a pixel is a
/// division) and 32 px (four-byte masks), on random maps and ground, with a platform now
/// and then; boxes from a fraction of a tile to five tiles across. The walk by heights
/// must also have answered a good share of the frames.
#[test]
fn shortcuts_change_nothing_on_other_tile_sizes() {
    for n in read_sizes([8, 12, 32]) {
        let size = i32::from(n);
        let walker = (actor(), 0..5 * size, 0..5 * size).prop_map(|(mut a, x, y)| {
            (a.x, a.y) = (x, y);
            a
        });
        let platform = platform(0..5 * size, 0..5 * size, 1..48, 1..12);
        let inputs = prop::collection::vec(
            (prop::bool::weighted(0.05), prop::bool::weighted(0.03)),
            20..40,
        );
        let maps = prop_oneof![1 => map(), 1 => map_of(blocky_cell()), 2 => terrain()];
        let platforms = prop_oneof![3 => Just(Vec::new()), 1 => prop::collection::vec(platform, 1)];
        let case = (maps, platforms, walker, -900..900i32, inputs);
        let walks = WALKS.get();
        let (taken, frames) = compare_frames_on(tables_of_size(n), 1500, case, |world, start| {
            world.unstick(start);
        });
        assert_shortcuts_and_walks(n, taken, WALKS.get() - walks, frames);
    }
}

/// Checks that the shortcuts answered at least a quarter of `frames` on tiles of `n` px,
/// and the walk by heights a twentieth (`walks`), or the comparison says little.
fn assert_shortcuts_and_walks(n: u8, taken: usize, walks: usize, frames: usize) {
    assert!(
        taken * 4 > frames,
        "N = {n}: shortcuts taken on {taken} of {frames} frames"
    );
    assert!(
        walks * 20 > frames,
        "N = {n}: walks on {walks} of {frames} frames"
    );
}

/// Walkers dropped onto random ground, for long enough to land and walk its slopes,
/// ledges, walls and one-way tops: every wall height from 0 to 6 px meets rises and
/// drops of exactly its size.
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
    let (walks, one_way_walks) = (WALKS.get(), ONE_WAY_WALKS.get());
    let (taken, frames) = compare_shortcuts(1500, case);
    assert!(
        taken * 4 > frames,
        "shortcuts taken on {taken} of {frames} frames"
    );
    let walks = WALKS.get() - walks;
    let one_way_walks = ONE_WAY_WALKS.get() - one_way_walks;
    // About one frame in nine walks (7,500 to 10,200 of 74,000 over a dozen runs).
    assert!(walks * 20 > frames, "walks on {walks} of {frames} frames");
    // Walks on one-way ground (on the one-way tops, on the blocks floating over them):
    // 410 to 550 of 74,000 over a few runs, and 3 or 4 where one-way ground is left to
    // the path.
    assert!(
        one_way_walks * 400 > frames,
        "walks on one-way ground on {one_way_walks} of {frames} frames"
    );
}

/// Fast walkers (up to 16 px a frame) dropped onto random ground and blocks, on the
/// default tiles and on tiles of 8, 12 and 32 px: a walk takes most of its pixels at once
/// over a row of ground cells, each as the path would.
#[test]
fn shortcuts_change_nothing_walking_fast() {
    for n in [16].into_iter().chain(read_sizes([8, 12, 32])) {
        let size = i32::from(n);
        let walker = (actor(), 0..5 * size).prop_map(move |(mut a, x)| {
            (a.x, a.y) = (x, 4 * size);
            a
        });
        let inputs = prop::collection::vec(
            (prop::bool::weighted(0.03), prop::bool::weighted(0.02)),
            20..40,
        );
        let maps = prop_oneof![3 => terrain(), 1 => map_of(blocky_cell()), 1 => map()];
        let case = (maps, Just(Vec::new()), walker, -4096..4096i32, inputs);
        RUNS_FROM.set(super::walk::RUN_FROM);
        let (walks, runs) = (WALKS.get(), RUN_PIXELS.get());
        let (taken, frames) = compare_frames_on(tables_of_size(n), 1500, case, |world, start| {
            world.unstick(start);
        });
        let (walks, runs) = (WALKS.get() - walks, RUN_PIXELS.get() - runs);
        RUNS_FROM.set(1);
        assert_shortcuts_and_walks(n, taken, walks, frames);
        // On these 5×5-cell maps the walkers meet a wall or an edge every few frames:
        // 700 to 2,000 pixels at once in 44,000 frames.
        assert!(
            runs * 100 > frames,
            "N = {n}: {runs} pixels taken at once in {frames} frames"
        );
    }
}

/// Actors of whole-box feet standing still on random ground (half a pixel sideways per
/// frame at most, with a platform beside some of them), jumping and dropping through now
/// and then: a frame that moves no pixel sideways is the path's too, and most of them
/// stand still by the one search for the ground under the feet.
#[test]
fn shortcuts_change_nothing_standing_still() {
    let stander = (actor(), 0..80i32).prop_map(|(mut a, x)| {
        (a.x, a.y) = (x, 64);
        a.settings.feet = Feet::Box;
        a
    });
    let platform = platform(0..96, 0..64, 1..32, 1..8);
    let inputs = prop::collection::vec(
        (prop::bool::weighted(0.03), prop::bool::weighted(0.05)),
        30..50,
    );
    let maps = prop_oneof![terrain(), map()];
    let case = (
        maps,
        prop::collection::vec(platform, 0..=1),
        stander,
        -128..129i32,
        inputs,
    );
    let stands = STANDS.get();
    let (taken, frames) = compare_shortcuts_among_platforms(1500, case);
    let stands = STANDS.get() - stands;
    assert!(
        taken * 2 > frames,
        "shortcuts taken on {taken} of {frames} frames"
    );
    // About three frames in ten stand still (17,900 to 18,800 of 59,000 over a few runs).
    assert!(
        stands * 4 > frames,
        "standing still on {stands} of {frames} frames"
    );
}

/// Walkers on the ground thrown for one frame at any speed down or sideways, or up by at
/// most a pixel (a game may set the velocity of an actor on the ground), half of them
/// standing where they landed, half of them anywhere with the ground reported under them
/// (as after a map edit that took it away): a frame of more pixels down than sideways
/// tests the row under the feet first, and any other after a wall; one that rises by no
/// whole pixel keeps the ground; each exactly as the path does.
#[test]
fn shortcuts_change_nothing_thrown() {
    let walker = (actor(), 0..80i32, 0..64i32).prop_map(|(mut a, x, y)| {
        (a.x, a.y) = (x, y);
        a.settings.feet = Feet::Box;
        a
    });
    let velocity = (
        prop_oneof![-1200..1200i32, -SUBPIXEL / 2..SUBPIXEL / 2],
        prop_oneof![3 => -6 * SUBPIXEL..=0, 1 => 1..=SUBPIXEL],
    );
    let config = Config {
        cases: 4000,
        failure_persistence: None,
        ..Config::default()
    };
    let (steep, groundless, hops) = (
        AtomicUsize::new(0),
        AtomicUsize::new(0),
        AtomicUsize::new(0),
    );
    let case = (terrain(), walker, velocity, any::<bool>());
    let result = TestRunner::new(config).run(&case, |(map, start, (vx, vy), landed)| {
        let world = World::new(tables(), &map);
        let mut start = start;
        if landed {
            for _ in 0..40 {
                start.vy = (start.vy - SUBPIXEL / 4).max(-6 * SUBPIXEL);
                world.step(&mut start);
            }
        } else {
            world.unstick(&mut start);
            start.contacts.set(Contacts::ON_GROUND, true);
            if !world.touching(&start).on_ground() {
                groundless.fetch_add(1, Ordering::Relaxed);
            }
        }
        if !start.contacts.on_ground() {
            return Ok(());
        }
        (start.vx, start.vy) = (vx, vy);
        if vy.abs() > vx.abs() + SUBPIXEL {
            steep.fetch_add(1, Ordering::Relaxed);
        }
        if vy > 0 && vy < SUBPIXEL / 2 && vx.abs() < SUBPIXEL / 2 {
            hops.fetch_add(1, Ordering::Relaxed);
        }
        let (fast, slow) = one_frame_both_ways(&map, start);
        prop_assert_eq!(fast, slow, "from {:?}", start);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let (steep, groundless, hops) = (
        steep.into_inner(),
        groundless.into_inner(),
        hops.into_inner(),
    );
    assert!(steep > 500, "{steep} frames down more than sideways");
    assert!(
        groundless > 500,
        "{groundless} starts with no ground under them"
    );
    assert!(
        hops > 100,
        "{hops} frames rising by less than a pixel, standing"
    );
}

/// One frame of `start` on `map`, with the whole-frame shortcuts and without.
fn one_frame_both_ways(map: &Map, start: Actor) -> (Actor, Actor) {
    let world = World::new(tables(), map);
    let (mut fast, mut slow) = (start, start);
    Mover::new(&world).step_with(&mut fast, Shortcuts::Taken);
    Mover::new(&world).step_with(&mut slow, Shortcuts::Refused);
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

/// A tall walker (16×40, a 6-px wall height) walks at 6 px per frame up a 22° ramp and
/// on along a floor, under one-way blocks at the height of its body: they lie more than
/// a climb above its feet on every pixel, so a shortcut (the walk, on the ramp) answers
/// every frame, exactly as the path does. (The walk used to leave to the path every
/// frame whose feet could reach the blocks' row over all of the frame's climbs.)
#[test]
fn a_tall_walker_walks_under_one_way_ledges_at_its_body_height() {
    let mut map = Map::new(Cell::EMPTY);
    for tx in 0..5 {
        map.set(tx, 0, Cell::FULL);
    }
    map.set(
        1,
        1,
        Cell::shape(
            tables().find("slope22_1").expect("a default tile"),
            crate::Variant::Identity,
        ),
    );
    map.set(
        2,
        1,
        Cell::shape(
            tables().find("slope22_2").expect("a default tile"),
            crate::Variant::Identity,
        ),
    );
    for tx in 3..5 {
        map.set(tx, 1, Cell::FULL);
    }
    for tx in 2..5 {
        map.set(tx, 3, Cell::FULL.one_way());
    }
    let settings = ActorSettings {
        wall_height: 6,
        ..ActorSettings::default()
    };
    let mut actor = Actor::new(0, 16, 16, 40).with_settings(settings);
    actor.vy = -SUBPIXEL / 4;
    World::new(tables(), &map).step(&mut actor); // lands where it stands
    let (mut answered, mut walked, mut frames) = (0, 0, 0);
    while actor.x < 60 {
        actor.vx = 6 * SUBPIXEL;
        actor.vy = -SUBPIXEL / 4;
        let (shortcuts, walks) = (SHORTCUTS.get(), WALKS.get());
        let (fast, slow) = one_frame_both_ways(&map, actor);
        assert_eq!(fast, slow, "frame {frames} from {actor:?}");
        answered += usize::from(SHORTCUTS.get() > shortcuts);
        walked += usize::from(WALKS.get() > walks);
        frames += 1;
        actor = fast;
    }
    assert_eq!(
        (actor.y, actor.contacts.on_ground()),
        (32, true),
        "{actor:?}"
    );
    assert_eq!(
        answered, frames,
        "shortcuts on {answered} of {frames} frames"
    );
    assert!(walked >= 3, "walks on {walked} of {frames} frames");
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

/// Up a 45° ramp beside a one-way block that wide, tall walkers reach into: where their
/// rising feet enter the block's row, the block meets them (a one-way cell meets feet that
/// come from below its row) and the climb is refused. Every frame, with the walk and
/// without, is the same, and some walkers are stopped under the block.
#[test]
fn a_climb_into_a_one_way_block_is_refused_with_the_walk_too() {
    let (mut map, ramp) = floor_and_ramp();
    map.set(1, 2, Cell::FULL.one_way());
    map.set(2, 1, Cell::shape(ramp, crate::Variant::Identity));
    map.set(3, 1, Cell::FULL);
    let world = World::new(tables(), &map);
    let (mut stopped, walks) = (0, WALKS.get());
    for h in [2u16, 6, 18, 24] {
        for w in [1u16, 4, 17, 20] {
            let start = Actor::new(0, 16, w, h);
            let (mut fast, mut slow) = (start, start);
            for frame in 0..40 {
                for a in [&mut fast, &mut slow] {
                    a.vx = 300;
                    a.vy = (a.vy - SUBPIXEL / 4).max(-6 * SUBPIXEL);
                }
                let before = fast;
                Mover::new(&world).step_with(&mut fast, Shortcuts::Taken);
                Mover::new(&world).step_with(&mut slow, Shortcuts::Refused);
                assert_eq!(fast, slow, "{w}×{h}, frame {frame} from {before:?}");
            }
            if slow.y < 32 {
                stopped += 1;
            }
        }
    }
    assert!(stopped > 0, "no walker was stopped under the one-way block");
    assert!(WALKS.get() > walks + 100, "too few walks");
}

/// An actor embedded in the ground and in a block beside it (as a platform's push or a map
/// edit may leave one; `unstick` finds no free place near): walking left, it climbs the
/// ground's edge ahead, its feet rising through the box's own pixels (the block inside it),
/// which meet nothing new. The path climbs only by the rows the lift adds, and so must the
/// walk.
#[test]
fn an_embedded_walker_climbs_through_its_own_pixels() {
    let mut map = Map::new(Cell::FULL);
    for tx in 0..5 {
        for ty in 0..5 {
            map.set(tx, ty, Cell::EMPTY);
        }
    }
    map.set(4, 0, Cell::FULL);
    map.set(4, 2, Cell::FULL);
    let settings = ActorSettings {
        wall_height: 7,
        sticks_to_slopes: false,
        ceiling_slide: false,
        corner_correction: 0,
        ..ActorSettings::default()
    };
    let world = World::new(tables(), &map);
    let start = Actor::new(49, -1, 17, 17).with_settings(settings);
    let (mut fast, mut slow) = (start, start);
    for frame in 0..3 {
        for a in [&mut fast, &mut slow] {
            a.vx = -1;
            a.vy = (a.vy - SUBPIXEL / 4).max(-6 * SUBPIXEL);
        }
        Mover::new(&world).step_with(&mut fast, Shortcuts::Taken);
        Mover::new(&world).step_with(&mut slow, Shortcuts::Refused);
        assert_eq!(fast, slow, "frame {frame}");
    }
    assert_eq!((slow.x, slow.y), (48, 0));
}

/// A tall walker embedded in the top corner of a 45° slope, walking left up it with a
/// wall height of 20: the column ahead needs a climb of 15 px, and the slope's last column,
/// which its box keeps, is the box's own pixels, which its rising feet pass without
/// meeting them (16 px would clear it). The walk climbs as the path does.
#[test]
fn an_embedded_walker_climbs_as_far_as_the_column_ahead_needs() {
    let (mut map, ramp) = floor_and_ramp();
    map.set(1, 1, Cell::shape(ramp, crate::Variant::Identity));
    let settings = ActorSettings {
        wall_height: 20,
        ..ActorSettings::default()
    };
    let world = World::new(tables(), &map);
    let mut start = Actor::new(31, 16, 4, 20).with_settings(settings);
    (start.vx, start.vy, start.rem_x) = (-256, -SUBPIXEL / 4, 0);
    start.contacts = world.touching(&start);
    let (mut fast, mut slow) = (start, start);
    Mover::new(&world).step_with(&mut fast, Shortcuts::Taken);
    Mover::new(&world).step_with(&mut slow, Shortcuts::Refused);
    assert_eq!((slow.x, slow.y), (30, 31));
    assert_eq!(fast, slow);
}

/// A floor of blocks along the bottom row of an empty map, and the 45° ramp tile to put
/// on it.
fn floor_and_ramp() -> (Map, crate::ShapeId) {
    let mut map = Map::new(Cell::EMPTY);
    for tx in 0..5 {
        map.set(tx, 0, Cell::FULL);
    }
    (map, tables().find("slope45").expect("a default tile"))
}

/// A climb as high as the box, into the block ahead under a one-way block: the column ahead
/// lifted by the box's height puts its bottom pixel, its feet, in the one-way block, which
/// meets them, so the path finds a wall; so must the walk.
#[test]
fn a_climb_as_high_as_the_box_meets_a_one_way_block_ahead() {
    let mut map = Map::new(Cell::EMPTY);
    for (tx, ty) in [(0, 0), (1, 0), (1, 1)] {
        map.set(tx, ty, Cell::FULL);
    }
    map.set(1, 2, Cell::FULL.one_way());
    let settings = ActorSettings {
        wall_height: 17,
        ..ActorSettings::default()
    };
    let world = World::new(tables(), &map);
    let mut start = Actor::new(8, 16, 8, 16).with_settings(settings);
    start.contacts = world.touching(&start);
    let (mut fast, mut slow) = (start, start);
    for frame in 0..3 {
        for a in [&mut fast, &mut slow] {
            a.vx = SUBPIXEL;
            a.vy = (a.vy - SUBPIXEL / 4).max(-6 * SUBPIXEL);
        }
        Mover::new(&world).step_with(&mut fast, Shortcuts::Taken);
        Mover::new(&world).step_with(&mut slow, Shortcuts::Refused);
        assert_eq!(fast, slow, "frame {frame}");
    }
    assert_eq!((slow.x, slow.y), (8, 16));
    assert!(slow.contacts.pushing_right());
}

/// A wide walker that dropped through a one-way cell and climbs, in one pixel, back to
/// that cell's top onto a wall beside it: the drop ends with the climb, so the one-way
/// cell nearer the centre is its ground (as the pixel path finds it), not the wall.
#[test]
fn a_climb_out_of_a_dropped_row_stands_on_that_row() {
    let mut map = Map::new(Cell::EMPTY);
    for ty in 0..3 {
        map.set(0, ty, Cell::FULL);
        map.set(2, ty, Cell::FULL);
    }
    map.set(2, 2, Cell::FULL.one_way());
    let world = World::with_platforms(tables(), &map, &[][..]);
    let mut start = Actor::new(16, 48, 19, 16);
    start.settings.wall_height = 17;
    let (mut fast, mut slow) = (start, start);
    // Stand on the one-way cell, drop through it onto the block under it, walk left.
    let frames = [(0, false), (0, true), (0, false), (0, false), (0, false)]
        .into_iter()
        .chain(core::iter::once((-SUBPIXEL, false)));
    for (frame, (vx, drop)) in frames.enumerate() {
        for a in [&mut fast, &mut slow] {
            (a.vx, a.vy) = (vx, -6 * SUBPIXEL);
            if drop {
                a.drop_through();
            }
        }
        Mover::new(&world).step_with(&mut fast, Shortcuts::Taken);
        Mover::new(&world).step_with(&mut slow, Shortcuts::Refused);
        assert_eq!(fast, slow, "frame {frame}");
    }
    assert_eq!((slow.x, slow.y), (15, 48), "it climbed the wall");
    assert_eq!(slow.contacts.ground_cell(), Some((2, 2)));
}

/// A one-way block beside and around a flying actor, at every height and offset near it:
/// each frame moves as its pixel path does, flights past the block (its cells meet only
/// the feet, so a flight may pass one that lies above the rows its feet take) and frames
/// whose feet meet it alike, from its bottom row (met by feet that enter it from the side
/// at their first or last row) to its top.
#[test]
fn flights_past_a_one_way_block_are_the_path() {
    let mut map = Map::new(Cell::EMPTY);
    map.set(2, 2, Cell::FULL.one_way());
    let shortcuts = SHORTCUTS.get();
    let velocities = [
        (256, -512),
        (512, -256),
        (256, 512),
        (768, 768),
        (256, -1024),
        (-256, 512),
    ];
    for (w, h) in [(4u16, 6u16), (12, 20)] {
        for x in 20..50 {
            for y in 10..60 {
                for (vx, vy) in velocities {
                    let mut start = Actor::new(x, y, w, h);
                    (start.vx, start.vy) = (vx, vy);
                    let (fast, slow) = one_frame_both_ways(&map, start);
                    assert_eq!(fast, slow, "{w}×{h} from ({x}, {y}) at ({vx}, {vy})");
                }
            }
        }
    }
    assert!(SHORTCUTS.get() > shortcuts + 10_000, "too few shortcuts");
}

/// The edge test by shifts is `-2^29 ≤ v < 2^29` on both axes, at and around every
/// boundary (half of `MAX_POSITION`, where a frame's move can no longer reach the edge).
#[test]
fn clear_of_edge_is_within_half_of_the_edge() {
    const HALF: i64 = crate::MAX_POSITION as i64 / 2;
    let near = |b: i64| [b - 2, b - 1, b, b + 1, b + 2];
    let values: Vec<i32> = [0, HALF, -HALF, i64::from(i32::MAX), i64::from(i32::MIN)]
        .into_iter()
        .flat_map(near)
        .filter_map(|v| i32::try_from(v).ok())
        .collect();
    for &x in &values {
        for &y in &values {
            let mut actor = Actor::new(0, 0, 8, 8);
            (actor.x, actor.y) = (x, y);
            let inside = |v: i32| (-HALF..HALF).contains(&i64::from(v));
            assert_eq!(
                Mover::<&Map, &[Platform]>::clear_of_edge(&actor),
                inside(x) && inside(y),
                "({x}, {y})"
            );
        }
    }
}
