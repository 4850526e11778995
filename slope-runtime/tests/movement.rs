//! Behaviour tests of the pixel-sweep mover (`World::step`, `World::move_by`) over the
//! default tiles: walking every slope, walls, standing still, jumping, ceilings, one-way
//! cells, steep rotated slopes, equal slope speed, centre feet, seams and unembedding.
//!
//! Maps are ASCII (see `support`), rows top first, N = 16 px cells, y up. Positions are px,
//! velocities 1/256 px per frame (`PX` = 1 px per frame). Where a test says where an actor
//! must stand, the answer comes from `support`'s pixel oracle (the designed heightmaps and
//! the spec's variant rules), not from the runtime's tables.

mod support;

#[cfg(feature = "centre_feet")]
use slope_runtime::Feet;
use slope_runtime::{Actor, ActorSettings, Cell, Direction, Rect, TileMap};
use support::*;

/// The actors' height in the walking tests.
const HEIGHT: u16 = 20;

/// The actor widths every walking test runs.
const WIDTHS: [u16; 5] = [1, 8, 16, 24, 40];

/// Letters for the slope families, shared by the maps below. Lower case rises to the
/// right, upper case is the FX mirror (rises to the left).
fn key() -> Vec<(char, Cell)> {
    let mut key = Vec::new();
    for (lower, name) in [
        ('a', "slope22_1"),
        ('b', "slope22_2"),
        ('c', "slope15_1"),
        ('d', "slope15_2"),
        ('e', "slope15_3"),
        ('f', "slope11_1"),
        ('g', "slope11_2"),
        ('h', "slope11_3"),
        ('i', "slope11_4"),
        ('o', "bump"),
    ] {
        key.push((lower, piece(name, "none")));
        key.push((lower.to_ascii_uppercase(), piece(name, "FX")));
    }
    key
}

// The walking courses: every shape and its mirror, across tile boundaries and between
// pieces, on a floor at 16 with flat ground at both ends (three tiles or more: room for a
// 40-px actor). Every rise and drop is at most 1 px per column.

/// slope45: flat, two tiles up, a plateau, two down, a valley, up, a plateau, down, flat.
const COURSE_45: &str = r"
    ..................
    ......./#\........
    ....../###\/#\....
    ##################
";

/// slope22_1 → 22_2 → a block → mirrored down; a valley; again with a wider top.
const COURSE_22: &str = r"
    ...ab#BAab##BA...
    #################
";

/// slope15_1 → 15_2 → 15_3 → a block → mirrored down, twice.
const COURSE_15: &str = r"
    ...cde#EDCcde#EDC...
    ####################
";

/// slope11_1 → 11_2 → 11_3 → 11_4 → a block → mirrored down, twice.
const COURSE_11: &str = r"
    ...fghi#IHGFfghi##IHGF...
    #########################
";

/// Bumps: single, side by side, mirrored.
const COURSE_BUMP: &str = r"
    ...o..oo.oOo.O...
    #################
";

/// The courses, named, in the key of [`key`].
fn courses() -> Vec<(&'static str, Ascii)> {
    let k = key();
    [
        ("COURSE_45", COURSE_45),
        ("COURSE_22", COURSE_22),
        ("COURSE_15", COURSE_15),
        ("COURSE_11", COURSE_11),
        ("COURSE_BUMP", COURSE_BUMP),
    ]
    .into_iter()
    .map(|(name, text)| (name, Ascii::with(text, &k)))
    .collect()
}

/// An actor of `width`×`height` dropped onto `map` at column `x` from above the map.
fn landed<M: TileMap>(
    map: &M,
    top: i32,
    x: i32,
    width: u16,
    height: u16,
    s: ActorSettings,
) -> Actor {
    let w = world(map);
    let mut a = Actor::new(x, top, width, height).with_settings(s);
    land(&w, &mut a, top + N);
    a
}

/// Walks an actor across `map` and back, one `move_by` per pixel, and checks every pixel:
/// grounded, resting exactly on its highest column (the oracle's profile), and never a
/// rise or drop of a wall height. Returns the samples for further checks.
fn walk_every_pixel(label: &str, map: &Ascii, width: u16, one_way: OneWay) -> Vec<Sample> {
    let w = world(map);
    let profile = Profile::of(map, 0, map.width_px(), map.height_px() - 1, one_way);
    let mut a = landed(
        map,
        map.height_px(),
        0,
        width,
        HEIGHT,
        ActorSettings::default(),
    );
    let wid = i32::from(width);
    assert_eq!(a.y, profile.rest(0, wid), "{label}, width {width}: landed");
    let end = map.width_px() - wid;
    let mut all = Vec::new();
    for dx in [1, -1] {
        let mut prev = a.y;
        for s in pixel_walk(&w, &mut a, dx, end as usize) {
            let at = format!("{label}, width {width}, dx {dx}, x {}", s.x);
            assert!(s.contacts.on_ground(), "{at}: not on the ground ({s:?})");
            assert!((s.y - prev).abs() < 4, "{at}: y jumped {prev} -> {}", s.y);
            assert_eq!(s.y, profile.rest(s.x, wid), "{at}: not on the surface");
            prev = s.y;
            all.push(s);
        }
        assert_eq!(
            a.x,
            if dx > 0 { end } else { 0 },
            "{label}, width {width}: stopped early"
        );
    }
    all
}

/// The same walk with `World::step`: `speed` px per frame under gravity, checked per frame.
fn walk_every_frame(label: &str, map: &Ascii, width: u16, speed: i32) {
    let w = world(map);
    let profile = Profile::of(map, 0, map.width_px(), map.height_px() - 1, OneWay::Solid);
    let mut a = landed(
        map,
        map.height_px(),
        0,
        width,
        HEIGHT,
        ActorSettings::default(),
    );
    let wid = i32::from(width);
    let end = map.width_px() - wid;
    for dir in [1, -1] {
        while (if dir > 0 { end - a.x } else { a.x }) >= speed {
            let x = a.x;
            a.vx = dir * speed * PX;
            fall(&mut a);
            let c = w.step(&mut a);
            let at = format!(
                "{label}, width {width}, {speed} px/frame, dir {dir}, x {}",
                a.x
            );
            assert_eq!(a.x, x + dir * speed, "{at}: did not move freely");
            assert!(c.on_ground(), "{at}: not on the ground ({a:?})");
            assert_eq!(a.y, profile.rest(a.x, wid), "{at}: not on the surface");
        }
    }
}

// ---------------------------------------------------------------------------------------
// 0. The oracle itself
// ---------------------------------------------------------------------------------------

#[test]
fn oracle_agrees_with_the_tables_on_every_pixel_of_every_variant() {
    let t = tables();
    for (id, name) in t.ids() {
        let shape = t.shape(id).unwrap();
        let heights = designed_heights(name);
        for v in slope_runtime::Variant::ALL {
            for y in 0..N {
                for x in 0..N {
                    assert_eq!(
                        variant_solid(&heights, v, x, y),
                        shape.is_solid(v, x as u8, y as u8),
                        "{name} {v} pixel ({x}, {y})"
                    );
                }
            }
        }
    }
}

#[test]
fn the_courses_are_what_they_claim() {
    // Every course rises and falls by at most 1 px per column: all walkable, none trivial.
    for (label, map) in courses() {
        let p = Profile::of(&map, 0, map.width_px(), map.height_px() - 1, OneWay::Solid);
        let tops: Vec<i32> = (0..map.width_px()).map(|x| p.top(x)).collect();
        assert!(tops.windows(2).all(|w| (w[1] - w[0]).abs() <= 1), "{label}");
        assert!(tops.iter().max() > tops.first(), "{label}: flat");
        assert_eq!((tops[0], *tops.last().unwrap()), (16, 16), "{label}: ends");
    }
}

// ---------------------------------------------------------------------------------------
// 1. Walking over every shape
// ---------------------------------------------------------------------------------------

#[test]
fn walking_pixel_by_pixel_over_every_shape_keeps_the_ground() {
    for (label, map) in courses() {
        for width in WIDTHS {
            walk_every_pixel(label, &map, width, OneWay::Solid);
        }
    }
}

#[test]
fn walking_frame_by_frame_over_every_shape_keeps_the_ground() {
    for (label, map) in courses() {
        for width in WIDTHS {
            for speed in 1..=3 {
                walk_every_frame(label, &map, width, speed);
            }
        }
    }
}

/// A block (top 32) then slope45 FX down to the floor (16).
const LEDGE_45: &str = r"
    ##\...
    ######
";

#[test]
fn without_sticking_walking_down_a_slope_leaves_the_ground() {
    // The counter-test of sticking: the same walk with `sticks_to_slopes = false` loses
    // the ground on the first step down a 45° slope (so the walks above do test sticking).
    let map = Ascii::new(LEDGE_45);
    let w = world(&map);
    let s = ActorSettings {
        sticks_to_slopes: false,
        ..ActorSettings::default()
    };
    let mut a = landed(&map, 48, 24, 8, HEIGHT, s);
    assert_eq!(a.y, 32);
    pixel_walk(&w, &mut a, 1, 8); // x1 31 -> 39: still on the slope's 16-high column 32
    assert_eq!((a.x, a.y), (32, 32));
    assert!(a.contacts.on_ground());
    let c = w.move_by(&mut a, 1, 0);
    assert_eq!((a.x, a.y), (33, 32));
    assert!(!c.on_ground(), "no sticking: it walks off into the air");
}

/// slope45 up to a block (top 32) and slope45 FX down, on a floor at 16.
const HILL_45: &str = r"
    .........
    ..../#\..
    #########
";

#[test]
fn walking_up_a_slope_is_not_pushing_a_wall() {
    // Touching a slope's pixels beside the box is not a wall: pushing means a refused step.
    let map = Ascii::new(HILL_45);
    let w = world(&map);
    let mut a = landed(&map, 64, 40, 8, HEIGHT, ActorSettings::default());
    for s in pixel_walk(&w, &mut a, 1, 40) {
        assert!(
            !s.contacts.pushing_right() && !s.contacts.pushing_left(),
            "at x {}, y {}: {:?}",
            s.x,
            s.y,
            s.contacts
        );
    }
    for s in pixel_walk(&w, &mut a, -1, 40) {
        assert!(
            !s.contacts.pushing_right() && !s.contacts.pushing_left(),
            "at x {}, y {}: {:?}",
            s.x,
            s.y,
            s.contacts
        );
    }
}

// ---------------------------------------------------------------------------------------
// 2. Walls: a rise of wall height or more within one pixel
// ---------------------------------------------------------------------------------------

/// Walks an 8×20 actor from `x` by `dx` per pixel, `steps` times; returns where it ended.
fn walk_into(map: &Ascii, x: i32, dx: i32, steps: usize, s: ActorSettings) -> Actor {
    let w = world(map);
    let mut a = landed(map, map.height_px(), x, 8, HEIGHT, s);
    pixel_walk(&w, &mut a, dx, steps);
    a
}

#[test]
fn a_rise_of_wall_height_or_more_is_a_wall() {
    let wall_key = [
        ('r', piece("slope11_1", "F90")), // columns 0..=3: 16, 12, 8, 4 high
        ('R', piece("slope11_1", "F90X")), // columns 12..=15: 4, 8, 12, 16 high
    ];
    let floor = "##########";
    // (what, row 1 of the map, start x, direction, where it stops: x, y)
    let cases = [
        ("a full block", "....#.....", 16, 1, (56, 16)),
        (
            "slope45's 16-px right side",
            "..../.....",
            112,
            -1,
            (80, 16),
        ),
        (
            "slope45 FX's 16-px left side",
            r"....\.....",
            16,
            1,
            (56, 16),
        ),
        // x 64..=67 are 16, 12, 8, 4 high: the floor (16) to 20 is a rise of 4
        (
            "slope11_1 F90: 4 px per column",
            "....r.....",
            112,
            -1,
            (68, 16),
        ),
        (
            "slope11_1 F90X: 4 px per column",
            "....R.....",
            16,
            1,
            (68, 16),
        ),
    ];
    for (what, row, x, dx, stop) in cases {
        let map = Ascii::with(&format!("..........\n{row}\n{floor}"), &wall_key);
        let a = walk_into(&map, x, dx, 64, ActorSettings::default());
        assert_eq!((a.x, a.y), stop, "{what}");
        if dx > 0 {
            assert!(
                a.contacts.pushing_right() && !a.contacts.pushing_left(),
                "{what}"
            );
        } else {
            assert!(
                a.contacts.pushing_left() && !a.contacts.pushing_right(),
                "{what}"
            );
        }
        assert!(a.contacts.on_ground(), "{what}");

        // The same with `step`: 2 px per frame, gravity; the wall zeroes vx.
        let w = world(&map);
        let mut a = landed(
            &map,
            map.height_px(),
            x,
            8,
            HEIGHT,
            ActorSettings::default(),
        );
        walk(&w, &mut a, 2 * dx * PX, 40);
        assert_eq!((a.x, a.y, a.vx), (stop.0, stop.1, 0), "{what}, stepping");
        assert_eq!(a.contacts.pushing_right(), dx > 0, "{what}, stepping");
        assert_eq!(a.contacts.pushing_left(), dx < 0, "{what}, stepping");
    }
}

/// A block (top 32) with `r` (slope15_1 F90) at its right foot.
const CLIFF_15: &str = r"
    ..........
    ...#r.....
    ##########
";

/// slope45 up to a block, on a floor at 16.
const RAMP_45: &str = r"
    ..........
    ..../#....
    ##########
";

#[test]
fn the_wall_height_setting_decides_what_is_a_wall() {
    // slope15_1 F90: columns 0..=5 are 16, 13, 10, 7, 4, 1 high: rises of 1 then 3 each.
    let k = [('r', piece("slope15_1", "F90"))];
    let map = Ascii::with(CLIFF_15, &k);
    let low = ActorSettings {
        wall_height: 3,
        ..ActorSettings::default()
    };
    // wall height 3: the 1-px rise onto column 5 is climbed, the 3-px one above is a wall
    let a = walk_into(&map, 112, -1, 64, low);
    assert_eq!((a.x, a.y), (69, 17));
    assert!(a.contacts.pushing_left());
    // wall height 4 (default): climbed all the way to the block's top (32), 3 px a column
    let a = walk_into(&map, 112, -1, 64, ActorSettings::default());
    assert_eq!(a.y, 32);
    assert!(a.x < 64, "on the block, x {}", a.x);
    // wall height 1: even a 45° slope is a wall
    let map = Ascii::new(RAMP_45);
    let flat = ActorSettings {
        wall_height: 1,
        ..ActorSettings::default()
    };
    let a = walk_into(&map, 16, 1, 64, flat);
    assert_eq!((a.x, a.y), (56, 16));
    assert!(a.contacts.pushing_right());
}

// ---------------------------------------------------------------------------------------
// 3. Standing still
// ---------------------------------------------------------------------------------------

/// One piece `s` at tile (2, 1) on a floor at 16.
const ONE_PIECE: &str = r"
    .....
    ..s..
    #####
";

#[test]
fn standing_still_on_any_walkable_slope_never_slides() {
    let mut pieces: Vec<(String, Cell)> = Vec::new();
    for name in [
        "slope45",
        "slope22_1",
        "slope22_2",
        "slope15_1",
        "slope15_2",
        "slope15_3",
        "slope11_1",
        "slope11_2",
        "slope11_3",
        "slope11_4",
        "bump",
    ] {
        for v in ["none", "FX"] {
            pieces.push((format!("{name} {v}"), piece(name, v)));
        }
    }
    for name in [
        "slope22_1",
        "slope22_2",
        "slope15_1",
        "slope15_2",
        "slope15_3",
    ] {
        for v in ["F90", "F90X"] {
            pieces.push((format!("{name} {v}"), piece(name, v)));
        }
    }
    pieces.push(("one-way slope45".into(), piece("slope45", "none").one_way()));
    for (label, cell) in pieces {
        let map = Ascii::with(ONE_PIECE, &[('s', cell)]);
        let w = world(&map);
        for width in WIDTHS {
            for &feet in FEET {
                let s = ActorSettings {
                    feet,
                    ..ActorSettings::default()
                };
                for x in (32 - i32::from(width) + 1..48).step_by(3) {
                    let mut a = landed(&map, 48, x, width, HEIGHT, s);
                    let (x0, y0) = (a.x, a.y);
                    let trace = run(&w, &mut a, 600, |_, a| {
                        a.vx = 0;
                        fall(a);
                    });
                    for (f, t) in trace.iter().enumerate() {
                        assert_eq!(
                            (t.x, t.y),
                            (x0, y0),
                            "{label}, width {width}, {feet:?}, from x {x}: moved at frame {f}"
                        );
                        assert!(t.contacts.on_ground(), "{label}, width {width}, frame {f}");
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// 4. Jumping off a slope
// ---------------------------------------------------------------------------------------

/// A 45° slope falling to the right over four rows, from a plateau at 80 to the floor at 16.
const DESCENT: &str = r"
    ..............
    ###\..........
    ####\.........
    #####\........
    ######\.......
    ##############
";

/// Walks an 8×20 actor down `DESCENT` at 1 px per frame until x = 70 (mid-slope).
fn walking_down_the_descent() -> (Ascii, Actor) {
    let map = Ascii::new(DESCENT);
    let w = world(&map);
    let profile = Profile::of(&map, 0, map.width_px(), map.height_px() - 1, OneWay::Solid);
    let mut a = landed(&map, 96, 8, 8, HEIGHT, ActorSettings::default());
    assert_eq!(a.y, 80);
    for s in walk(&w, &mut a, PX, 62) {
        assert!(s.contacts.on_ground(), "walking down, at x {}", s.x);
        assert_eq!(s.y, profile.rest(s.x, 8), "walking down, at x {}", s.x);
    }
    assert_eq!((a.x, a.y), (70, 58));
    (map, a)
}

#[test]
fn jumping_while_walking_down_a_slope_leaves_it() {
    let (map, mut a) = walking_down_the_descent();
    let w = world(&map);
    let profile = Profile::of(&map, 0, map.width_px(), map.height_px() - 1, OneWay::Solid);
    let trace = run(&w, &mut a, 80, |f, a| {
        a.vx = PX;
        if f == 0 {
            a.vy = 3 * PX; // jump
        } else {
            fall(a);
        }
    });
    // The jump frame: 1 right, 3 up, airborne (sticking did not pull it back).
    assert_eq!((trace[0].x, trace[0].y), (71, 61));
    assert!(!trace[0].contacts.on_ground());
    // Rising: y never drops while the velocity points up, and it stays airborne.
    let landing = trace
        .iter()
        .position(|s| s.contacts.on_ground())
        .expect("it lands again");
    for pair in trace[..landing].windows(2) {
        if pair[1].vy > 0 {
            assert!(
                pair[1].y >= pair[0].y,
                "rising, yet {} -> {}",
                pair[0].y,
                pair[1].y
            );
        }
    }
    assert!(
        trace[..landing].iter().any(|s| s.vy <= 0),
        "it fell before landing"
    );
    assert!(landing > 20, "a real jump, landed after {landing} frames");
    // It lands on the slope, further down, exactly on the surface.
    let s = trace[landing];
    assert_eq!(s.y, profile.rest(s.x, 8));
    assert!(s.x > 71 && s.y < 58, "landed further down the slope: {s:?}");

    // At 2 px per frame both ways the sweep steps x first: that first step down the slope
    // is taken rising, so it is not stuck to the slope either.
    let (map, mut a) = walking_down_the_descent();
    let w = world(&map);
    a.vx = 2 * PX;
    a.vy = 2 * PX;
    let c = w.step(&mut a);
    assert_eq!((a.x, a.y), (72, 60));
    assert!(!c.on_ground());
}

#[test]
fn a_slow_rise_off_a_slope_is_never_pulled_back() {
    // vy = 0.5 px per frame (a lift, a slow float): moving up, so no sticking.
    let (map, mut a) = walking_down_the_descent();
    let w = world(&map);
    let y0 = a.y;
    let trace = run(&w, &mut a, 4, |_, a| {
        a.vx = PX;
        a.vy = PX / 2;
    });
    let ys: Vec<i32> = trace.iter().map(|s| s.y).collect();
    assert!(
        ys.iter().all(|&y| y >= y0),
        "moving up from y {y0}, yet y went {ys:?}"
    );
}

// ---------------------------------------------------------------------------------------
// 5. Walking up a slope under a low ceiling
// ---------------------------------------------------------------------------------------

/// A ceiling at y = 48 over a slope45 (tile 6) up to blocks, floor at 16.
const LOW_CEILING: &str = r"
    ...........
    ###########
    ...........
    ....../####
    ###########
";

#[test]
fn walking_up_a_slope_under_a_low_ceiling_stops_instead_of_entering_it() {
    // Ceiling at y = 48; an actor 20 high fits while y <= 28, i.e. up to slope column 11.
    let map = Ascii::new(LOW_CEILING);
    let w = world(&map);
    let mut a = landed(&map, 16, 40, 8, HEIGHT, ActorSettings::default());
    for s in pixel_walk(&w, &mut a, 1, 80) {
        let r = Rect::of_box(s.x, s.y, 8, HEIGHT);
        assert!(!overlaps_solid(&map, r), "inside solid pixels at {s:?}");
    }
    assert_eq!((a.x, a.y), (100, 28));
    // The last step ran into the wall of ceiling and slope; the ceiling over its head is
    // not something its level walk ran into, but a probe finds it.
    assert!(a.contacts.pushing_right() && !a.contacts.on_ceiling() && a.contacts.on_ground());
    assert!(w.touching(&a).on_ceiling());

    // Frame by frame, 3 px per frame: the same stop, and vx is zeroed.
    let mut a = landed(&map, 16, 40, 8, HEIGHT, ActorSettings::default());
    for s in walk(&w, &mut a, 3 * PX, 40) {
        let r = Rect::of_box(s.x, s.y, 8, HEIGHT);
        assert!(!overlaps_solid(&map, r), "inside solid pixels at {s:?}");
    }
    assert_eq!((a.x, a.y, a.vx), (100, 28, 0));
    assert!(a.contacts.pushing_right());
}

/// A ceiling (bottom at y = 32) over x < 64, slope45 from x = 64, floor at 16.
const CEILING_EDGE: &str = r"
    ........
    ####....
    ..../...
    ########
";

#[test]
fn climbing_never_cuts_a_ceiling_corner() {
    // A 1×16 actor under the ceiling's edge (top 31): the slope's first column (17) is free
    // above, but getting there diagonally would pass the ceiling's corner pixel (63, 32).
    let map = Ascii::new(CEILING_EDGE);
    let w = world(&map);
    let mut a = landed(&map, 16, 60, 1, 16, ActorSettings::default());
    pixel_walk(&w, &mut a, 1, 10);
    assert_eq!((a.x, a.y), (63, 16));
    assert!(a.contacts.pushing_right());
    // One pixel shorter, it has the head room and walks up.
    let mut a = landed(&map, 16, 60, 1, 15, ActorSettings::default());
    pixel_walk(&w, &mut a, 1, 10);
    assert_eq!((a.x, a.y), (70, 23));
}

// ---------------------------------------------------------------------------------------
// 6. Ceiling slopes and block corners
// ---------------------------------------------------------------------------------------

/// Jumps an 8×14 actor straight up from (x, 16) at `vy` px per frame (no gravity) for
/// `frames` frames; returns the trace.
fn jump_up(map: &Ascii, x: i32, vy: i32, frames: usize, s: ActorSettings) -> (Actor, Vec<Sample>) {
    let w = world(map);
    let mut a = landed(map, 16, x, 8, 14, s);
    assert_eq!(a.y, 16);
    let trace = run(&w, &mut a, frames, |_, a| {
        a.vx = 0;
        a.vy = vy * PX;
    });
    for t in &trace {
        assert!(
            !overlaps_solid(map, Rect::of_box(t.x, t.y, 8, 14)),
            "inside solid at {t:?}"
        );
    }
    (a, trace)
}

/// slope45 FY at tile (2, 4): its underside falls from y = 79 (x = 32) to 64 (x = 47);
/// blocks to its right, a flat ceiling at 80 above, a floor at 16.
const CEILING_FY: &str = r"
    ##########
    ..y#######
    ..........
    ..........
    ..........
    ##########
";

/// The mirror image of `CEILING_FY`: slope45 FXY at tile (7, 4).
const CEILING_FXY: &str = r"
    ##########
    #######Y..
    ..........
    ..........
    ..........
    ##########
";

#[test]
fn jumping_into_a_ceiling_slope_slides_along_it() {
    // slope45 FY at tile (2, 4): its underside falls from y = 79 (x = 32) to 64 (x = 47),
    // full blocks to its right, a flat ceiling at 80 everywhere above.
    let k = [
        ('y', piece("slope45", "FY")),
        ('Y', piece("slope45", "FXY")),
    ];
    let map = Ascii::with(CEILING_FY, &k);
    let (a, trace) = jump_up(&map, 40, 2, 40, ActorSettings::default());
    // Straight up until the top-right corner meets the slope (top 63 under x = 47), then
    // one px left per px up (x1 + y1 = 110) to the flat ceiling: top 79, x1 = 31.
    assert_eq!((a.x, a.y, a.vy), (24, 66, 0));
    assert!(a.contacts.on_ceiling());
    for pair in trace.windows(2) {
        assert!(pair[1].y >= pair[0].y && pair[1].x <= pair[0].x, "{pair:?}");
    }
    for t in trace.iter().filter(|t| t.y + 13 >= 63 && t.x + 7 >= 32) {
        assert_eq!((t.x + 7) + (t.y + 13), 110, "on the slope: {t:?}");
    }

    // The mirror image (FXY, falling to the left) slides right.
    let map = Ascii::with(CEILING_FXY, &k);
    let (a, _) = jump_up(&map, 112, 2, 40, ActorSettings::default());
    assert_eq!((a.x, a.y, a.vy), (128, 66, 0));

    // The ceiling slide alone (no corner correction) does it: 1 px sideways per px up.
    let slide = ActorSettings {
        corner_correction: 0,
        ..ActorSettings::default()
    };
    let (a, _) = jump_up(&map, 112, 2, 40, slide);
    assert_eq!((a.x, a.y, a.vy), (128, 66, 0));

    // Without slide nor corner correction it stops dead under the slope.
    let dead = ActorSettings {
        ceiling_slide: false,
        corner_correction: 0,
        ..ActorSettings::default()
    };
    let (a, _) = jump_up(&map, 112, 2, 40, dead);
    assert_eq!((a.x, a.y, a.vy), (112, 50, 0));
    assert!(a.contacts.on_ceiling());
}

/// slope45 FY at tile (4, 2): its underside falls from y = 47 (x = 64) to 32 (x = 79);
/// blocks right of it, a ceiling at 48 over everything, floor at 16.
const CEILING_RAMP: &str = r"
    ##########
    ....y#####
    ..........
    ##########
";

#[test]
fn moving_sideways_in_the_air_into_a_sloped_ceiling_slides_under_it() {
    let map = Ascii::with(CEILING_RAMP, &[('y', piece("slope45", "FY"))]);
    let w = world(&map);
    // 8×10 in the air, top at 45; the ceiling's underside above column x is 111 - x.
    let mut a = Actor::new(50, 36, 8, 10);
    for s in pixel_walk(&w, &mut a, 1, 20) {
        let (x1, y1) = (s.x + 7, s.y + 9);
        assert_eq!(y1, 45.min(110 - x1), "at x1 {x1}: {s:?}");
        assert!(
            !s.contacts.on_ground() && !s.contacts.pushing_right(),
            "{s:?}"
        );
    }
    assert_eq!((a.x, a.y), (70, 24));
}

/// A hanging bump (bump FY) at tile (2, 2): its tip, x 39..=40, hangs down to y = 40.
const HANGING_BUMP: &str = r"
    ..........
    ..........
    ..n.......
    ..........
    ##########
";

#[test]
fn a_ceiling_slide_with_a_tie_goes_the_way_the_actor_moves() {
    // A 2-px actor right under the tip: 2 px frees it either way. Still, it slides the way
    // it is heading (vx < 0: left, otherwise right), along the bump, and the two paths
    // mirror each other about the tip (x ↦ 78 - x).
    let map = Ascii::with(HANGING_BUMP, &[('n', piece("bump", "FY"))]);
    let w = world(&map);
    let mut ends = Vec::new();
    for vx in [0, -PX] {
        let mut a = landed(&map, 16, 39, 2, 8, ActorSettings::default());
        a.vx = vx;
        w.move_by(&mut a, 0, 30);
        assert_eq!(a.y, 46, "vx {vx}: rose all the way");
        ends.push(a.x);
    }
    assert!(ends[0] > 40 && ends[1] < 39, "{ends:?}");
    assert_eq!(ends[0] + ends[1], 78, "{ends:?}");
}

/// A block at tile (2, 3): x 32..=47, y 48..=63, floor at 16, open sky.
const CORNER: &str = r"
    ..........
    ..........
    ..#.......
    ..........
    ..........
    ##########
";

#[test]
fn jumping_into_a_block_corner_is_nudged_past_it_up_to_the_correction() {
    let map = Ascii::new(CORNER);
    let d = ActorSettings::default();
    // (start x, overlap with the block in px, where it ends after 12 frames at 4 px/frame)
    let cases = [
        (25, "left, 1 px", (24, 64)),
        (26, "left, 2 px", (24, 64)),
        (28, "left, 4 px", (24, 64)),
        (29, "left, 5 px", (29, 34)),
        (47, "right, 1 px", (48, 64)),
        (46, "right, 2 px", (48, 64)),
        (44, "right, 4 px", (48, 64)),
        (43, "right, 5 px", (43, 34)),
    ];
    for (x, what, end) in cases {
        let (a, _) = jump_up(&map, x, 4, 12, d);
        assert_eq!((a.x, a.y), end, "{what}");
        let stopped = end.1 == 34;
        assert_eq!(a.contacts.on_ceiling(), stopped, "{what}");
        assert_eq!(a.vy == 0, stopped, "{what}");
    }
}

#[test]
fn corner_correction_follows_its_setting() {
    let map = Ascii::new(CORNER);
    let off = ActorSettings {
        ceiling_slide: false,
        corner_correction: 0,
        ..ActorSettings::default()
    };
    for (x, what) in [(25, "left, 1 px"), (47, "right, 1 px")] {
        let (a, _) = jump_up(&map, x, 4, 12, off);
        assert_eq!((a.x, a.y, a.vy), (x, 34, 0), "{what}: no nudge at all");
        assert!(a.contacts.on_ceiling());
    }
    let two = ActorSettings {
        ceiling_slide: false,
        corner_correction: 2,
        ..ActorSettings::default()
    };
    let (a, _) = jump_up(&map, 26, 4, 12, two);
    assert_eq!((a.x, a.y), (24, 64), "2 px with correction 2");
    let (a, _) = jump_up(&map, 27, 4, 12, two);
    assert_eq!((a.x, a.y), (27, 34), "3 px with correction 2");
}

#[test]
fn corner_correction_zero_turns_corner_nudges_off_even_with_ceiling_slide() {
    // `corner_correction`: "0 turns it off"; `ceiling_slide` is about sloped ceilings. A
    // full block's corner is not a sloped ceiling.
    let map = Ascii::new(CORNER);
    let s = ActorSettings {
        corner_correction: 0,
        ..ActorSettings::default()
    };
    let (a, _) = jump_up(&map, 26, 4, 12, s);
    assert_eq!((a.x, a.y), (26, 34), "a 2-px corner overlap stops the jump");
}

// ---------------------------------------------------------------------------------------
// 7. One-way platforms and slopes
// ---------------------------------------------------------------------------------------

/// A one-way platform in row 2 (top at y = 48), floor at 16, sky above.
const PLATFORM: &str = r"
    ..........
    ..........
    ..........
    ..........
    ..----....
    ..........
    ##########
";

#[test]
fn one_way_platforms_are_passed_from_below_and_landed_on_from_above() {
    // A one-way platform in row 2: top at y = 48.
    let map = Ascii::new(PLATFORM);
    let w = world(&map);
    let mut a = landed(&map, 16, 40, 8, 14, ActorSettings::default());
    let trace = run(&w, &mut a, 120, |f, a| {
        a.vx = 0;
        if f == 0 {
            a.vy = 6 * PX;
        } else {
            fall(a);
        }
    });
    let apex = trace.iter().map(|s| s.y).max().unwrap();
    assert!(apex > 48 + 20, "it rose through the platform, apex {apex}");
    // The landing: the first frame on the ground after the apex.
    let top = trace.iter().position(|s| s.y == apex).unwrap();
    let landing = top
        + trace[top..]
            .iter()
            .position(|s| s.contacts.on_ground())
            .unwrap();
    assert_eq!(trace[landing].y, 48);
    assert!(trace[landing].contacts.on_ground());
    assert!(
        trace[..landing].iter().all(|s| !s.contacts.on_ceiling()),
        "nothing stopped it on the way up"
    );
    assert_eq!((a.x, a.y), (40, 48));
    assert!(a.contacts.on_ground() && a.contacts.on_one_way());
    assert_eq!(a.contacts.ground_cell(), Some((2, 2)));

    // Dropped from above: it lands on the platform, not on the floor.
    let a = landed(&map, 100, 40, 8, 14, ActorSettings::default());
    assert_eq!(a.y, 48);
    assert!(a.contacts.on_one_way());

    // An actor that ignores one-way cells falls through to the floor...
    let ghost = ActorSettings {
        ignores_one_way: true,
        ..ActorSettings::default()
    };
    let a = landed(&map, 100, 40, 8, 14, ghost);
    assert_eq!(a.y, 16);
    assert!(!a.contacts.on_one_way());
}

/// A one-way platform in row 2 (top at y = 48), floor at 16.
const PLATFORM_LOW: &str = r"
    ..........
    ..........
    ..----....
    ..........
    ##########
";

#[test]
fn rising_through_a_one_way_platform_is_never_standing_on_it() {
    let map = Ascii::new(PLATFORM_LOW);
    let w = world(&map);
    // From y = 16 at 5 px per frame, frames end at 46 and 51 around the top (48): never
    // level with it. At 4 px per frame the 8th frame ends exactly level. Either way the
    // actor is rising, not standing.
    for vy in [5, 4] {
        let mut a = landed(&map, 16, 40, 8, 14, ActorSettings::default());
        for frame in 0..10 {
            a.vy = vy * PX;
            let c = w.step(&mut a);
            assert!(
                !c.on_ground(),
                "{vy} px/frame, frame {frame}, rising at y {}",
                a.y
            );
        }
    }
}

/// One-way blocks on the floor (16), in the way of a walker.
const ONE_WAY_BLOCKS: &str = r"
    ..........
    ...---....
    ##########
";

#[test]
fn one_way_blocks_are_passed_from_the_side() {
    let map = Ascii::new(ONE_WAY_BLOCKS);
    let w = world(&map);
    let mut a = landed(&map, 48, 8, 8, HEIGHT, ActorSettings::default());
    for s in walk(&w, &mut a, 2 * PX, 50) {
        assert_eq!(s.y, 16, "at x {}", s.x);
        assert!(
            s.contacts.on_ground() && !s.contacts.on_one_way(),
            "at x {}",
            s.x
        );
        assert_eq!(s.vx, 2 * PX, "never blocked, at x {}", s.x);
    }
    assert_eq!(a.x, 108);
    for s in walk(&w, &mut a, -2 * PX, 50) {
        assert_eq!(s.y, 16, "at x {}", s.x);
        assert_eq!(s.vx, -2 * PX, "never blocked, at x {}", s.x);
    }
    assert_eq!(a.x, 8);
}

/// A slope45 hill like `COURSE_45`'s, all one-way (`^`, `v` slopes, `-` blocks).
const ONE_WAY_HILL: &str = r"
    ..................
    ......^-v.........
    .....^---v........
    ##################
";

#[test]
fn one_way_slopes_are_walked_like_normal_ones() {
    let map = Ascii::new(ONE_WAY_HILL);
    for width in WIDTHS {
        for s in walk_every_pixel("one-way hill", &map, width, OneWay::Solid) {
            // On the hill it stands on one-way cells only; on the floor on a solid one.
            assert_eq!(s.contacts.on_one_way(), s.y > 16, "width {width}: {s:?}");
        }
    }
    // An actor that ignores one-way cells walks through the hill on the floor.
    let ghost = ActorSettings {
        ignores_one_way: true,
        ..ActorSettings::default()
    };
    let w = world(&map);
    for width in WIDTHS {
        let mut a = landed(&map, 64, 0, width, HEIGHT, ghost);
        let end = map.width_px() - i32::from(width);
        for s in pixel_walk(&w, &mut a, 1, end as usize) {
            assert_eq!(s.y, 16, "width {width}, x {}", s.x);
            assert!(s.contacts.on_ground(), "width {width}, x {}", s.x);
        }
        assert_eq!(a.x, end);
    }
}

/// One-way platforms in rows 4 (top 80) and 2 (top 48), floor at 16.
const TWO_PLATFORMS: &str = r"
    ........
    ........
    ..----..
    ........
    ..----..
    ........
    ########
";

#[test]
fn dropping_through_a_one_way_row_then_colliding_again() {
    let map = Ascii::new(TWO_PLATFORMS);
    let w = world(&map);
    let mut a = landed(&map, 112, 40, 8, 14, ActorSettings::default());
    assert_eq!(a.y, 80);
    assert!(a.contacts.on_one_way());
    assert_eq!(a.contacts.ground_cell(), Some((2, 4)));

    a.drop_through();
    for frame in 0..60 {
        fall(&mut a);
        let c = w.step(&mut a);
        if frame == 0 {
            assert!(a.y < 80 && !c.on_ground(), "it let go: {a:?}");
        }
        // Row 4 is ignored exactly while the box is in it (its top at or above y = 64).
        assert_eq!(a.is_dropping(), a.y + 13 >= 64, "frame {frame}: {a:?}");
    }
    // ...and it lands on the next row of platforms.
    assert_eq!(a.y, 48);
    assert!(a.contacts.on_ground() && a.contacts.on_one_way());
    assert_eq!(a.contacts.ground_cell(), Some((2, 2)));

    // Back up through row 4: it lands on it again.
    let trace = run(&w, &mut a, 120, |f, a| {
        if f == 0 {
            a.vy = 6 * PX;
        } else {
            fall(a);
        }
    });
    assert!(trace.iter().any(|s| s.y > 80));
    assert_eq!(a.y, 80);
    assert!(a.contacts.on_one_way());
}

#[test]
fn dropping_is_only_for_one_way_ground() {
    let map = Ascii::new(TWO_PLATFORMS);
    let w = world(&map);
    let mut a = landed(&map, 40, 8, 8, 14, ActorSettings::default()); // on the floor
    assert_eq!(a.y, 16);
    a.drop_through();
    run(&w, &mut a, 10, |_, a| fall(a));
    assert_eq!(a.y, 16);
    assert!(!a.is_dropping());
}

// ---------------------------------------------------------------------------------------
// 8. Rotated variants as steep slopes
// ---------------------------------------------------------------------------------------

/// slope22_1 F90 over slope22_2 F90 at tile 3: 2 px per column, rising left to 48.
const STEEP_22: &str = r"
    ..............
    ###s..........
    ###t..........
    ##############
";

/// The mirror image: slope22_1/22_2 F90X at tile 10, rising right.
const STEEP_22_X: &str = r"
    ..............
    ..........S###
    ..........T###
    ##############
";

/// slope15_1, 15_2, 15_3 F90 stacked at tile 3: 3 px per column, rising left to 64.
const STEEP_15: &str = r"
    ..............
    ###p..........
    ###q..........
    ###r..........
    ##############
";

/// The mirror image: slope15_1..3 F90X at tile 10, rising right.
const STEEP_15_X: &str = r"
    ..............
    ..........P###
    ..........Q###
    ..........R###
    ##############
";

/// slope22_1 F90 alone at tile 3, below a block's edge: 2-px steps, half a tile wide.
const CLIFF_22: &str = r"
    ..............
    ###s..........
    ##############
";

#[test]
fn rotated_slopes_are_steep_slopes_when_each_rise_is_under_the_wall_height() {
    let k = [
        ('p', piece("slope15_1", "F90")),
        ('q', piece("slope15_2", "F90")),
        ('r', piece("slope15_3", "F90")),
        ('P', piece("slope15_1", "F90X")),
        ('Q', piece("slope15_2", "F90X")),
        ('R', piece("slope15_3", "F90X")),
        ('s', piece("slope22_1", "F90")),
        ('t', piece("slope22_2", "F90")),
        ('S', piece("slope22_1", "F90X")),
        ('T', piece("slope22_2", "F90X")),
    ];
    let rise = |from: i32, step: i32| -> Vec<i32> { (0..16).map(|c| from + step * c).collect() };
    let cliff = (0..16)
        .map(|c| if c < 8 { 32 - 2 * c } else { 16 })
        .collect();
    // (map, its steep tile, that tile's column tops left to right)
    let cases = [
        ("STEEP_22", STEEP_22, 3, rise(48, -2)),
        ("STEEP_22_X", STEEP_22_X, 10, rise(18, 2)),
        ("STEEP_15", STEEP_15, 3, rise(64, -3)),
        ("STEEP_15_X", STEEP_15_X, 10, rise(19, 3)),
        ("CLIFF_22", CLIFF_22, 3, cliff),
    ];
    for (what, text, tx, tops) in cases {
        let map = Ascii::with(text, &k);
        let p = Profile::of(&map, 0, map.width_px(), map.height_px() - 1, OneWay::Solid);
        let got: Vec<i32> = (0..16).map(|c| p.top(tx * N + c)).collect();
        assert_eq!(got, tops, "{what}: the map is not what it says");
        for width in WIDTHS {
            walk_every_pixel(what, &map, width, OneWay::Solid);
        }
    }
}

/// slope11_1..4 F90 stacked at tile 3: 4 px per column, rising left to 80.
const STEEP_11: &str = r"
    ..........
    ###f......
    ###g......
    ###h......
    ###i......
    ##########
";

/// The mirror image: slope11_1..4 F90X at tile 6, rising right.
const STEEP_11_X: &str = r"
    ..........
    ......F###
    ......G###
    ......H###
    ......I###
    ##########
";

#[test]
fn rotated_slope11_is_a_wall_at_four_px_per_column() {
    let k = [
        ('f', piece("slope11_1", "F90")),
        ('g', piece("slope11_2", "F90")),
        ('h', piece("slope11_3", "F90")),
        ('i', piece("slope11_4", "F90")),
        ('F', piece("slope11_1", "F90X")),
        ('G', piece("slope11_2", "F90X")),
        ('H', piece("slope11_3", "F90X")),
        ('I', piece("slope11_4", "F90X")),
    ];
    let left = Ascii::with(STEEP_11, &k);
    let right = Ascii::with(STEEP_11_X, &k);
    let p = Profile::of(
        &left,
        0,
        left.width_px(),
        left.height_px() - 1,
        OneWay::Solid,
    );
    let tops: Vec<i32> = (48..64).map(|x| p.top(x)).collect();
    assert_eq!(tops, (0..16).map(|c| 80 - 4 * c).collect::<Vec<_>>());

    let a = walk_into(&left, 120, -1, 100, ActorSettings::default());
    assert_eq!((a.x, a.y), (64, 16));
    assert!(a.contacts.pushing_left());
    let a = walk_into(&right, 16, 1, 100, ActorSettings::default());
    assert_eq!((a.x, a.y), (88, 16));
    assert!(a.contacts.pushing_right());

    // With a wall height of 5, the same rises are a (very) steep slope.
    let five = ActorSettings {
        wall_height: 5,
        ..ActorSettings::default()
    };
    let a = walk_into(&left, 120, -1, 100, five);
    assert_eq!((a.x, a.y), (20, 80));
    let a = walk_into(&right, 16, 1, 100, five);
    assert_eq!((a.x, a.y), (116, 80));

    // Going down it, a drop of 4 px (the wall height) is not stuck to: it walks off.
    let w = world(&left);
    let mut a = landed(&left, 96, 20, 8, HEIGHT, ActorSettings::default());
    pixel_walk(&w, &mut a, 1, 28);
    assert_eq!((a.x, a.y), (48, 80));
    assert!(a.contacts.on_ground());
    let c = w.move_by(&mut a, 1, 0);
    assert_eq!((a.x, a.y), (49, 80));
    assert!(!c.on_ground(), "stuck to a drop of the wall height");
}

// ---------------------------------------------------------------------------------------
// 9. Equal speed on slopes
// ---------------------------------------------------------------------------------------

/// An endless 45° slope rising to the right from x = 0 (cell (t, t) is `slope`, the cells
/// below it full), flat ground at y = 0 to the left.
#[cfg(feature = "equal_slope_speed")]
struct Staircase {
    slope: Cell,
}

#[cfg(feature = "equal_slope_speed")]
impl TileMap for Staircase {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        match (tx, ty) {
            (_, ..=-1) => Cell::FULL,
            (..=-1, _) => Cell::EMPTY,
            (tx, ty) if ty < tx => Cell::FULL,
            (tx, ty) if ty == tx => self.slope,
            _ => Cell::EMPTY,
        }
    }
}

#[cfg(feature = "equal_slope_speed")]
#[test]
fn equal_slope_speed_scales_walking_on_a_45_degree_slope_by_its_cosine() {
    let map = Staircase {
        slope: piece("slope45", "none"),
    };
    let w = world(&map);
    let equal = ActorSettings {
        equal_slope_speed: true,
        ..ActorSettings::default()
    };
    for (dir, what) in [(1, "up"), (-1, "down")] {
        let mut a = Actor::new(200, 400, 16, HEIGHT).with_settings(equal);
        land(&w, &mut a, 400);
        assert_eq!(w.ground_angle(&a), 32, "45° up to the right: {a:?}");
        let x0 = a.x;
        let mut prev = a.x;
        let samples = run(&w, &mut a, 100, |_, a| {
            assert_eq!(w.ground_angle(a), 32, "{what}: {a:?}");
            a.vx = dir * 2 * PX;
            fall(a);
        });
        for s in samples {
            assert!(s.contacts.on_ground(), "{what}: {s:?}");
            let dx = (s.x - prev) * dir;
            assert!(dx == 1 || dx == 2, "{what}: {dx} px in one frame");
            prev = s.x;
        }
        // 100 frames × 2 px × cos 45° = 141.42 px
        let gone = (a.x - x0) * dir;
        assert!(
            (141..=142).contains(&gone),
            "{what}: {gone} px in 100 frames"
        );
    }
    // Without the setting: 2 px per frame on the slope too.
    let mut a = Actor::new(200, 400, 16, HEIGHT);
    land(&w, &mut a, 400);
    walk(&w, &mut a, 2 * PX, 100);
    assert_eq!(a.x, 400);
    // On flat ground the setting changes nothing.
    let mut a = Actor::new(-1000, 16, 16, HEIGHT).with_settings(equal);
    land(&w, &mut a, 100);
    assert_eq!(a.y, 0);
    walk(&w, &mut a, 2 * PX, 100);
    assert_eq!((a.x, a.y), (-800, 0));
}

// ---------------------------------------------------------------------------------------
// 10. Centre feet
// ---------------------------------------------------------------------------------------

#[cfg(feature = "centre_feet")]
fn centre() -> ActorSettings {
    ActorSettings {
        feet: Feet::Centre,
        ..ActorSettings::default()
    }
}

/// Whether a centre-footed box `r` (default settings: wall height 4) covers a solid pixel
/// it must not, by the rule of `Feet::Centre`'s docs (`support::centre_hit`).
#[cfg(feature = "centre_feet")]
fn centre_hits(map: &Ascii, r: Rect) -> bool {
    let solid = |x, y| pixel(map, x, y, OneWay::Air);
    centre_hit(solid, |x, y| pixel(map, x, y, OneWay::Solid), r, 4).is_some()
}

/// Where a centre-footed actor of `width` at `x` rests: dropped from the top of the map,
/// the first place from which one more pixel down would cover a pixel it must not.
#[cfg(feature = "centre_feet")]
fn centre_rest(map: &Ascii, x: i32, width: u16) -> i32 {
    let mut y = map.height_px();
    while !centre_hits(map, Rect::of_box(x, y - 1, width, HEIGHT)) {
        y -= 1;
    }
    y
}

/// A peak of slopes only: slope45 at tile 4, slope45 FX at tile 5 (top 32 at x 79 and 80).
#[cfg(feature = "centre_feet")]
const PEAK: &str = r"
    ..........
    ..../\....
    ##########
";

#[cfg(feature = "centre_feet")]
#[test]
fn centre_feet_stand_where_the_centre_column_meets_the_slope() {
    let map = Ascii::new(PEAK);
    let w = world(&map);
    // width 16 with its centre (x + 7) on column 6 of the slope at tile 4: 16 + 7 = 23
    let a = landed(&map, 64, 63, 16, HEIGHT, centre());
    assert_eq!((a.x, a.y), (63, 23));
    assert!(a.contacts.on_ground());
    assert_eq!(a.contacts.ground_cell(), Some((4, 1)));
    // Its box dips into the slope right of the centre, as it should.
    assert!(overlaps_solid(&map, rect(&a)));
    assert!(w.hits(rect(&a)));
    // A box-footed actor at the same place stands on its right heel: 16 + 15 = 31.
    let b = landed(&map, 64, 63, 16, HEIGHT, ActorSettings::default());
    assert_eq!(b.y, 31);
    // Every width, every column of the peak: the centre column decides.
    for width in WIDTHS {
        for x in 40..100 {
            let a = landed(&map, 64, x, width, HEIGHT, centre());
            assert_eq!(a.y, centre_rest(&map, x, width), "width {width}, x {x}");
            assert!(!centre_hits(&map, rect(&a)), "width {width}, x {x}");
        }
    }
}

/// Walks a centre-footed actor across `map` and back per pixel, checking every pixel.
#[cfg(feature = "centre_feet")]
fn walk_centre(map: &Ascii, width: u16) {
    let w = world(map);
    let mut a = landed(map, map.height_px(), 0, width, HEIGHT, centre());
    let end = map.width_px() - i32::from(width);
    for dx in [1, -1] {
        for s in pixel_walk(&w, &mut a, dx, end as usize) {
            let at = format!("width {width}, dx {dx}, x {}, y {}", s.x, s.y);
            let r = Rect::of_box(s.x, s.y, width, HEIGHT);
            assert!(s.contacts.on_ground(), "{at}: lost the ground");
            assert!(
                !centre_hits(map, r),
                "{at}: inside what it must not overlap"
            );
            assert_eq!(
                s.y,
                centre_rest(map, s.x, width),
                "{at}: not on its centre column"
            );
        }
        assert_eq!(
            a.x,
            if dx > 0 { end } else { 0 },
            "width {width}: stopped early"
        );
    }
}

#[cfg(feature = "centre_feet")]
#[test]
fn centre_feet_follow_the_surface_over_a_peak() {
    let map = Ascii::new(PEAK);
    for width in WIDTHS {
        walk_centre(&map, width);
    }
}

#[cfg(feature = "centre_feet")]
#[test]
fn centre_feet_walk_up_a_slope_at_two_px_per_frame() {
    let map = Ascii::new(PEAK);
    let w = world(&map);
    for width in WIDTHS {
        let mut a = landed(&map, 48, 40, width, HEIGHT, centre());
        let trace = walk(&w, &mut a, 2 * PX, 16);
        for (f, s) in trace.iter().enumerate() {
            let at = format!("width {width}, frame {f}: {s:?}");
            assert_eq!(s.x, 42 + 2 * f as i32, "{at}: blocked");
            assert!(!s.contacts.pushing_right(), "{at}");
            assert_eq!(
                s.y,
                centre_rest(&map, s.x, width),
                "{at}: not on its centre column"
            );
        }
    }
}

#[cfg(feature = "centre_feet")]
#[test]
fn centre_feet_follow_the_surface_down_a_slope() {
    // Downhill only, both ways from the top of the peak (the uphill halves are in the
    // ignored test above).
    let map = Ascii::new(PEAK);
    let w = world(&map);
    for width in WIDTHS {
        let wid = i32::from(width);
        let start = 80 - (wid - 1) / 2; // the centre on column 80, the peak's top (32)
        for (dx, steps) in [(1, map.width_px() - wid - start), (-1, start)] {
            let mut a = landed(&map, 48, start, width, HEIGHT, centre());
            assert_eq!(a.y, 32);
            for s in pixel_walk(&w, &mut a, dx, steps as usize) {
                let at = format!("width {width}, dx {dx}, x {}, y {}", s.x, s.y);
                assert!(s.contacts.on_ground(), "{at}: lost the ground");
                assert_eq!(s.y, centre_rest(&map, s.x, width), "{at}");
            }
            assert_eq!(a.y, 16);
        }
    }
}

/// slope45, a full block, slope45 FX: the "perfect slope" write-up's inside-ground case.
#[cfg(feature = "centre_feet")]
const PLATEAU: &str = r"
    ............
    ..../#\.....
    ############
";

#[cfg(feature = "centre_feet")]
#[test]
fn centre_feet_walk_up_a_slope_onto_a_plateau() {
    let map = Ascii::new(PLATEAU);
    let w = world(&map);
    for width in WIDTHS {
        let mut a = landed(&map, 48, 16, width, HEIGHT, centre());
        for s in pixel_walk(&w, &mut a, 1, 80 - 16) {
            let r = Rect::of_box(s.x, s.y, width, HEIGHT);
            assert!(!centre_hits(&map, r), "width {width}: inside at {s:?}");
            assert_eq!(s.y, centre_rest(&map, s.x, width), "width {width}: {s:?}");
        }
        // On the block: standing on it when its centre is over it (x + 11 ≤ 95 for the
        // widths up to 24), else on the far slope beside it, at the oracle's place.
        assert_eq!(a.x, 80, "width {width}: did not reach the plateau");
        assert_eq!(a.y, centre_rest(&map, 80, width), "width {width}");
        if width <= 24 {
            assert_eq!(a.y, 32, "width {width}");
        }
    }
}

#[cfg(feature = "centre_feet")]
#[test]
fn centre_feet_walk_down_from_a_plateau_onto_a_slope() {
    let map = Ascii::new(PLATEAU);
    let w = world(&map);
    for width in WIDTHS {
        let wid = i32::from(width);
        // on the block, the centre on its right column (95)
        let mut a = landed(&map, 48, 95 - (wid - 1) / 2, width, HEIGHT, centre());
        assert_eq!(a.y, 32);
        let end = map.width_px() - wid;
        let steps = (end - a.x) as usize;
        for s in pixel_walk(&w, &mut a, 1, steps) {
            let at = format!("width {width}, x {}, y {}", s.x, s.y);
            assert!(s.contacts.on_ground(), "{at}: lost the ground");
            assert!(
                !centre_hits(&map, Rect::of_box(s.x, s.y, width, HEIGHT)),
                "{at}"
            );
            assert_eq!(s.y, centre_rest(&map, s.x, width), "{at}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// 11. Seams over long maps
// ---------------------------------------------------------------------------------------

/// A floor of `tiles` full cells in row 0 (solid below), nothing else.
struct Floor {
    tiles: i32,
}

impl TileMap for Floor {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        match (tx, ty) {
            (_, ..=-1) => Cell::FULL,
            (t, 0) if (0..self.tiles).contains(&t) => Cell::FULL,
            _ => Cell::EMPTY,
        }
    }
}

/// A floor (row 0) with `pattern` repeated along row 1 for `tiles` tiles.
struct Hills {
    tiles: i32,
    pattern: Vec<Cell>,
}

impl TileMap for Hills {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        match (tx, ty) {
            (_, ..=0) => Cell::FULL,
            (t, 1) if (0..self.tiles).contains(&t) => {
                self.pattern[t.rem_euclid(self.pattern.len() as i32) as usize]
            }
            _ => Cell::EMPTY,
        }
    }
}

#[test]
fn a_hundred_tiles_of_flat_floor_never_change_y() {
    let map = Floor { tiles: 100 };
    let w = world(&map);
    for width in WIDTHS {
        let mut a = Actor::new(0, 16, width, HEIGHT);
        land(&w, &mut a, 8);
        let end = 100 * N - i32::from(width);
        for s in pixel_walk(&w, &mut a, 1, end as usize) {
            assert_eq!(s.y, 16, "width {width}, x {}", s.x);
            assert!(s.contacts.on_ground(), "width {width}, x {}", s.x);
        }
        assert_eq!(a.x, end);
        for s in walk(&w, &mut a, -3 * PX, end as usize / 3) {
            assert_eq!(s.y, 16, "width {width}, x {}", s.x);
            assert!(s.contacts.on_ground(), "width {width}, x {}", s.x);
        }
        assert_eq!(a.x, end % 3);
    }
}

#[test]
fn a_hundred_tiles_of_slope_tops_meeting_flat_tops_have_no_seams() {
    let k = key();
    let cell = |c: char| {
        k.iter()
            .find(|(key, _)| *key == c)
            .map(|(_, cell)| *cell)
            .or_else(|| legend(c))
            .expect("a char of the key or the legend")
    };
    // 25 tiles: 22, 15 and 11 families up to a flat top and down, then 45 up and down;
    // slopes end 16 high against full blocks (b#, #B, e#, #E, i#, #I, /#, #\).
    let pattern: Vec<Cell> = r".ab#BAcde#EDCfghi#IHGF/#\".chars().map(cell).collect();
    assert_eq!(pattern.len(), 25);
    let map = Hills {
        tiles: 100,
        pattern,
    };
    let w = world(&map);
    let right = 100 * N + 64;
    let profile = Profile::of(&map, 0, right, 3 * N, OneWay::Solid);
    for width in WIDTHS {
        let mut a = Actor::new(0, 64, width, HEIGHT);
        land(&w, &mut a, 64);
        let end = right - i32::from(width);
        for dx in [1, -1] {
            let mut prev = a.y;
            for s in pixel_walk(&w, &mut a, dx, end as usize) {
                let at = format!("width {width}, dx {dx}, x {}", s.x);
                assert!(s.contacts.on_ground(), "{at}");
                assert!((s.y - prev).abs() <= 1, "{at}: {prev} -> {}", s.y);
                assert_eq!(s.y, profile.rest(s.x, i32::from(width)), "{at}");
                prev = s.y;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// 12. Embedded starts
// ---------------------------------------------------------------------------------------

/// A floor (16), a ceiling at 48, a block at tile (4, 1), slope22_1 at tile (7, 1).
const EMBEDDING: &str = r"
    ..........
    ##########
    ..........
    ....#..a..
    ##########
";

/// `World::unstick` frees an actor that something embedded, the shortest way.
#[test]
fn an_embedded_actor_is_pushed_out_the_shortest_way() {
    let k = [('a', piece("slope22_1", "none"))];
    let map = Ascii::with(EMBEDDING, &k);
    let w = world(&map);
    // (what, actor x, y, w, h, where it ends)
    let cases = [
        ("3 px into the floor: up 3", 16, 13, 8, 14, (16, 16)),
        (
            "2 px into a block's left side: left 2",
            58,
            16,
            8,
            14,
            (56, 16),
        ),
        (
            "2 px into a block's right side: right 2",
            78,
            16,
            8,
            14,
            (80, 16),
        ),
        (
            "2 px into the ceiling (bottom at 48): down 2",
            16,
            36,
            8,
            14,
            (16, 34),
        ),
        // slope22_1 at tile 7: column 10 (x 122) is 6 high; left it would take 11 px
        ("inside a 22° slope: up onto it", 122, 16, 1, 14, (122, 22)),
        // a 24-wide box 4 px into the block's left: left 4 beats up 16
        ("wide box in a block's side", 44, 16, 24, 14, (40, 16)),
    ];
    for (what, x, y, width, height, end) in cases {
        let mut a = Actor::new(x, y, width, height);
        assert!(w.hits(rect(&a)), "{what}: not embedded to begin with");
        let mut stepped = a;
        w.move_by(&mut stepped, 0, 0);
        assert_eq!(
            (stepped.x, stepped.y),
            (a.x, a.y),
            "{what}: a move never frees it"
        );
        assert!(w.unstick(&mut a), "{what}");
        assert_eq!((a.x, a.y), end, "{what}");
        assert!(!w.hits(rect(&a)), "{what}: still inside");
        assert!(!a.contacts.crushed(), "{what}");
    }
    // Nowhere to go within reach: it stays put; its moves are all refused.
    let solid = Ascii::new("#").outside(Cell::FULL);
    let w = world(&solid);
    let mut a = Actor::new(100, 100, 8, 14);
    assert!(!w.unstick(&mut a));
    assert_eq!((a.x, a.y), (100, 100));
    let c = w.move_by(&mut a, 5, 5);
    assert!(!c.crushed() && c.pushing_right() && c.on_ceiling());
    assert_eq!((a.x, a.y), (100, 100));
}

// ---------------------------------------------------------------------------------------
// World queries
// ---------------------------------------------------------------------------------------

/// A full block at (1, 0), slope45 at (2, 0).
const QUERIES: &str = r"
    ....
    ....
    ....
    .#/.
";

#[test]
fn world_queries_give_hand_checked_answers() {
    // Walled in (everything outside the map full), then open.
    let walled = Ascii::new(QUERIES).outside(Cell::FULL);
    let w = world(&walled);
    let b = Rect {
        x0: 16,
        y0: 16,
        x1: 23,
        y1: 23,
    }; // 8×8, resting on the block
    assert_eq!(w.room(b, Direction::Down, 10), 0);
    assert_eq!(w.room(b, Direction::Up, 100), 40); // the wall above starts at y = 64
    assert_eq!(w.room(b, Direction::Left, 100), 16); // to x = 0
    assert_eq!(w.room(b, Direction::Right, 5), 5); // the limit
    assert_eq!(w.room(b, Direction::Right, 100), 40); // x1 up to 63
    assert!(!w.hits(b));

    // cell_distance against the slope (column x is solid in rows 0..=x):
    let px = |x, y| Rect {
        x0: x,
        y0: y,
        x1: x,
        y1: y,
    };
    // pixel (36, 10): column 4 is solid up to row 4, so it can drop 5 px
    assert_eq!(
        w.cell_distance(2, 0, px(36, 10), Direction::Down),
        (false, 5)
    );
    // pixel (36, 2) is inside: 3 px up frees it
    assert_eq!(w.cell_distance(2, 0, px(36, 2), Direction::Up), (true, 3));
    // pixel (20, 2) left of the slope, moving right: row 2 is solid from x = 34
    // (the block at (1, 0) is another cell)
    assert_eq!(
        w.cell_distance(2, 0, px(20, 2), Direction::Right),
        (false, 13)
    );
    // an empty cell, and a cell with nothing in the way
    assert_eq!(
        w.cell_distance(0, 1, px(5, 20), Direction::Down),
        (false, i32::MAX)
    );
    assert_eq!(
        w.cell_distance(2, 0, px(36, 10), Direction::Up),
        (false, i32::MAX)
    );

    // escape: a 4×4 box inside the block, in the open map
    let open = Ascii::new(QUERIES);
    let w = world(&open);
    let inside = Rect {
        x0: 18,
        y0: 4,
        x1: 21,
        y1: 7,
    };
    assert!(w.hits(inside));
    assert_eq!(w.escape(inside, Direction::Left, 100), Some(6)); // x1 = 15
    assert_eq!(w.escape(inside, Direction::Up, 100), Some(12)); // y0 = 16
    assert_eq!(w.escape(inside, Direction::Up, 11), None);
    assert_eq!(w.escape(inside, Direction::Down, 100), Some(8)); // y1 = -1
    // right: out of the block at x0 = 32, where the slope's columns 0..=3 (x 32..=35) are
    // only 1..=4 high, below the box's rows 4..=7
    assert_eq!(w.escape(inside, Direction::Right, 100), Some(14));
    let tall = Rect { y1: 9, ..inside }; // rows 4..=9: column 35 (rows 0..=3) still clear
    assert_eq!(w.escape(tall, Direction::Right, 100), Some(14));
    let low = Rect { y0: 3, ..inside }; // rows 3..=7 meet a slope column until x0 = 48
    assert_eq!(w.escape(low, Direction::Right, 100), Some(30));
    assert_eq!(w.escape(b, Direction::Up, 100), Some(0)); // already free
}

// ---------------------------------------------------------------------------------------
// The sweep itself
// ---------------------------------------------------------------------------------------

/// A block at tile (4, 1): x 64..=79, y 16..=31, on a floor at 16.
const BLOCK: &str = r"
    ..........
    ..........
    ....#.....
    ##########
";

#[test]
fn a_diagonal_move_interleaves_its_steps_and_clears_a_corner() {
    // 8×8 at (52, 28), moving (8, 8): one x step, one y step, ... The bottom-right corner
    // reaches x = 64 at y = 32, just over the block's top-left corner (64, 31). Moving all
    // of x first would hit the block's side at y = 28.
    let map = Ascii::new(BLOCK);
    let w = world(&map);
    let mut a = Actor::new(52, 28, 8, 8);
    let c = w.move_by(&mut a, 8, 8);
    assert_eq!((a.x, a.y), (60, 36));
    assert!(!c.pushing_right());
    // One px lower its corner meets the block's top row: a rise of 1, climbed on the way.
    let mut a = Actor::new(52, 27, 8, 8);
    w.move_by(&mut a, 8, 8);
    assert_eq!((a.x, a.y), (60, 36));
    // Four px lower it meets the side, 4 px below the top: a wall. x stops, y goes on, up
    // past the block's top: it hit the wall, and ends touching no wall.
    let mut a = Actor::new(52, 24, 8, 8);
    let c = w.move_by(&mut a, 8, 8);
    assert_eq!((a.x, a.y), (56, 32));
    assert!(c.pushing_right());
}
