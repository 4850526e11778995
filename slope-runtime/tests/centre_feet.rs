//! `Feet::Centre` on slopes: the actor stands where its centre column meets the ground,
//! blocks under and beside the slope included; its height changes smoothly along every
//! junction; walls and ceilings, blocks or shapes, still stop its box.
#![cfg(feature = "centre_feet")]

#[allow(dead_code)] // each test file uses its own part of the helpers
mod support;

use slope_runtime::{Actor, ActorSettings, Cell, Feet, Rect};
use support::*;

fn centre() -> ActorSettings {
    ActorSettings {
        feet: Feet::Centre,
        ..ActorSettings::default()
    }
}

/// The height a column's ground gives a foot: the y of the first free pixel above the
/// highest solid pixel of world column `x` (one-way cells count), from the oracle.
fn surface(map: &Ascii, x: i32) -> i32 {
    Profile::of(map, x, x + 1, map.height_px() - 1, OneWay::Solid).top(x)
}

/// A floor, `slope45` at (6, 1), a block at (7, 1) and `slope45` at (7, 2): the block lies
/// under the second slope and beside the first.
const STEP: &str = r"
    ..........
    ......./..
    ....../#..
    ##########
";

#[test]
fn a_block_beside_a_slope_does_not_hold_the_heel() {
    let map = Ascii::new(STEP);
    // 4×12 with its centre (x + 1) on column 110 of the first slope, whose surface is 31.
    let a = landed(&map, 109, 4, 12);
    assert_eq!(surface(&map, 110), 31);
    assert_eq!(
        (a.x, a.y),
        (109, 31),
        "stands on its centre, not on the block at 32"
    );
    assert!(a.contacts.on_ground());
    assert_eq!(a.contacts.ground_cell(), Some((6, 1)));
}

/// A 45° ramp of five `slope45` cells, each on a column of blocks: slope (i, i) over
/// blocks (i, 1..i), for i in 1..=5, on a floor, up to a plateau at tile 6.
fn ramp_over_blocks() -> Ascii {
    Ascii::new(
        r"
        ........
        ........
        ...../#.
        ..../##.
        .../###.
        ../####.
        ./#####.
        ########
    ",
    )
}

/// Dropped from above anywhere along the ramp, every centre-footed actor stands exactly on
/// the surface under its centre column.
#[test]
fn every_place_on_a_ramp_over_blocks_stands_on_its_centre() {
    let map = ramp_over_blocks();
    let mut placements = 0;
    for width in [4u16, 8, 12] {
        for x in 14..=100 - i32::from(width) {
            let a = landed(&map, x, width, 12);
            let centre = a.centre_x();
            assert_eq!(a.y, surface(&map, centre), "width {width}, x {x}");
            placements += 1;
        }
    }
    assert!(placements > 200);
}

/// Walks the actor pixel by pixel both ways and returns the largest change of height
/// within one pixel of motion, checking it never loses the ground.
fn steepest_step(map: &Ascii, start: i32, end: i32, width: u16) -> i32 {
    let w = world(map);
    let mut a = landed(map, start, width, 12);
    let mut steepest = 0;
    // There (start → end) and back.
    for dx in [1, -1] {
        let mut y = a.y;
        for s in pixel_walk(&w, &mut a, dx, (end - start) as usize) {
            assert!(
                s.contacts.on_ground(),
                "width {width}: lost the ground at {s:?}"
            );
            steepest = steepest.max((s.y - y).abs());
            y = s.y;
        }
    }
    steepest
}

#[test]
fn height_changes_by_at_most_the_slopes_rise_at_every_junction() {
    // 45° ramps over blocks, a ramp onto a plateau and down the other side, a valley.
    let maps = [
        (ramp_over_blocks(), 16, 88),
        (
            Ascii::new(
                r"
                ..........
                ..../#\...
                ./\/###\..
                ##########
            ",
            ),
            0,
            140,
        ),
        (
            Ascii::new(
                r"
                ##.....##
                ##\.../##
                ###\./###
                #########
            ",
            ),
            32,
            104,
        ),
    ];
    for (map, start, end) in &maps {
        for width in [1u16, 4, 8, 16] {
            let steepest = steepest_step(map, *start, *end - i32::from(width), width);
            assert!(
                steepest <= 1,
                "width {width}: a step of {steepest} px on a 45° surface"
            );
        }
    }
}

/// A junction of a 22° slope (1 px every 2 columns) and a 45° one: the height never
/// changes faster than the steeper of the two.
#[test]
fn a_junction_of_two_slopes_is_as_smooth_as_the_steeper() {
    let key = [
        ('a', piece("slope22_1", "none")),
        ('b', piece("slope22_2", "none")),
    ];
    let map = Ascii::with(
        r"
        ........
        ..../###
        ..ab####
        ########
    ",
        &key,
    );
    for width in [1u16, 4, 8, 16] {
        let steepest = steepest_step(&map, 0, 128 - i32::from(width), width);
        assert!(steepest <= 1, "width {width}: a step of {steepest} px");
    }
}

/// Walls and ceilings stop the box, whether they are blocks or shape cells (the `full`
/// shape), near slopes or not.
#[test]
fn walls_and_ceilings_of_blocks_and_shapes_stop_the_box() {
    let full_shape = piece("full", "none");
    for wall in [Cell::FULL, full_shape] {
        // A floor, a slope at tile 3, a wall two cells high at tile 6.
        let map = Ascii::with(
            r"
            ......W...
            .../..W...
            ##########
        ",
            &[('W', wall)],
        );
        let w = world(&map);
        for width in [4u16, 8, 16] {
            let mut a = landed(&map, 70, width, 12);
            walk(&w, &mut a, 2 * PX, 40);
            let (_, _, x1, _) = a.bounds();
            assert_eq!(
                x1, 95,
                "{wall:?}, width {width}: the box's edge stops at the wall"
            );
            assert!(a.contacts.pushing_right());
        }
    }
    // A ceiling of one `full` shape cell (x 64..79) over a slope, over the right half of
    // the box only (its centre column, 63, is not under it), the slope under its bottom
    // rows: a jump stops with the box's top under the ceiling, corner correction off.
    let map = Ascii::with(
        r"
        ....F....
        .........
        .........
        ..../....
        #########
    ",
        &[('F', full_shape)],
    );
    let w = world(&map);
    let settings = ActorSettings {
        corner_correction: 0,
        ..centre()
    };
    let mut a = Actor::new(60, 16, 8, 12).with_settings(settings);
    a.vy = 8 * PX;
    let trace = run(&w, &mut a, 20, |_, a| fall(a));
    let top = trace.iter().map(|s| s.y + 11).max().unwrap_or(0);
    assert_eq!(top, 63, "the box's top stops under the ceiling at 64");
    assert!(trace.iter().all(|s| s.x == 60), "no slide: {trace:?}");
}

/// A centre-footed actor of `width`×`height` with its left column at `x`, dropped from the
/// top of `map` until it lands.
fn landed(map: &Ascii, x: i32, width: u16, height: u16) -> Actor {
    let w = world(map);
    let mut a = Actor::new(x, map.height_px(), width, height).with_settings(centre());
    land(&w, &mut a, map.height_px() + N);
    a
}

/// The box it covers never holds a pixel of the map that the documented rule forbids;
/// `tests/safety.rs` checks that rule against random maps.
#[test]
fn the_box_dips_into_the_ground_only_beside_its_foot() {
    let map = ramp_over_blocks();
    let a = landed(&map, 40, 12, 12);
    let r = Rect::of_box(a.x, a.y, 12, 12);
    // It does dip into the ramp on its uphill side...
    assert!(overlaps_solid(&map, r));
    // ...but its foot column and its top row are clear.
    let foot = Rect {
        x0: a.centre_x(),
        x1: a.centre_x(),
        ..r
    };
    assert!(!overlaps_solid(&map, foot));
    assert!(!overlaps_solid(&map, Rect { y0: r.y1, ..r }));
}

/// A one-way bridge meeting a block with a slope on it: the foot stands on the bridge,
/// and the slope rising from the bridge's level is ground beside it, not a wall. Walking
/// from the bridge up the slope, every width stands on the surface under its centre.
#[test]
fn a_slope_rising_from_a_one_way_bridge_is_ground() {
    let map = Ascii::new(
        r"
        ..........
        ..........
        ..../.....
        ----#.....
        ##########
    ",
    );
    let w = world(&map);
    for width in [4u16, 16, 32] {
        let mut a = landed(&map, 4, width, 12);
        assert_eq!(a.y, 32, "width {width}: on the bridge");
        // Up to the slope's top column, 79.
        let end = 79 - (i32::from(width) - 1) / 2;
        let steps = (end - a.x) as usize;
        for s in pixel_walk(&w, &mut a, 1, steps) {
            let at = format!("width {width}: {s:?}");
            assert!(s.contacts.on_ground(), "{at}");
            let centre = s.x + (i32::from(width) - 1) / 2;
            assert_eq!(s.y, surface(&map, centre), "{at}");
        }
        assert_eq!(
            (a.x, a.y),
            (end, 48),
            "width {width}: at the top of the slope"
        );
    }
}
