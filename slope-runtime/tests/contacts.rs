//! Contacts are what the motion ran into (a wall or ceiling that refused a pixel, the ground
//! the motion proved); `World::touching` probes where the actor ends.
//! Ceiling slides and corner corrections are separate options that each do what they say.

#[allow(dead_code)] // each test file uses its own part of the helpers
mod support;

use slope_runtime::{Actor, ActorSettings, Cell, Rect, TileMap};
use support::*;

/// A wall hanging from the top: full cells at tile column 4 (x 64..79), rows 4..7
/// (y 64..127), in open air.
struct HangingWall;

impl TileMap for HangingWall {
    fn cell(&self, tx: i32, ty: i32) -> Cell {
        if tx == 4 && (4..=7).contains(&ty) {
            Cell::FULL
        } else {
            Cell::EMPTY
        }
    }
}

/// Touching the wall's right side, moving left 2 px and down 40 px in a frame: the wall
/// stops its first pixel left, then it falls 38 px below the wall. The wall stopped it
/// this frame, so it was pushing the wall, although it ends 38 px below it (Godot's
/// `is_on_wall()` reports the same). Probed where it ends, it touches no wall.
#[test]
fn pushing_describes_what_the_motion_ran_into() {
    let w = world(HangingWall);
    let mut a = Actor::new(80, 66, 8, 16);
    (a.vx, a.vy) = (-2 * PX, -40 * PX);
    let c = w.step(&mut a);
    assert_eq!((a.x, a.y), (80, 26));
    assert!(c.pushing_left(), "the wall stopped it this frame");
    assert!(
        !w.touching(&a).pushing_left(),
        "it ends 38 px below the wall"
    );
    assert_eq!(a.vx, 0, "hitting the wall zeroed vx");
    // Against the wall at the end of a frame: pushing, and a probe agrees.
    let mut b = Actor::new(80, 80, 8, 16);
    (b.vx, b.vy) = (-2 * PX, 0);
    let c = w.step(&mut b);
    assert!(c.pushing_left() && w.touching(&b).pushing_left());
    // The next frame, still against it without moving into it: the motion ran into
    // nothing, so it is not pushing; the probe still finds the wall.
    b.vx = 0;
    let c = w.step(&mut b);
    assert!(!c.pushing_left() && w.touching(&b).pushing_left());
}

/// A block at (1, 1): x 16..31, y 16..31, on a floor.
const BLOCK: &str = r"
    ....
    .#..
    ####
";

/// An actor that rose this frame is not on the ground, even when its bottom ends level with
/// the top of a block: it is leaving it. The next frame, falling, its refused step down
/// proves it stands there.
#[test]
fn rising_actors_are_not_on_the_ground() {
    let map = Ascii::new(BLOCK);
    let w = world(&map);
    let mut a = Actor::new(33, 31, 8, 8);
    (a.vx, a.vy) = (-2 * PX, PX);
    let c = w.step(&mut a);
    assert_eq!(
        (a.x, a.y),
        (31, 32),
        "its bottom-left pixel is over the block's top"
    );
    assert!(overlaps_solid(&map, Rect::of_box(a.x, a.y - 1, 8, 1)));
    assert!(!c.on_ground(), "it rose this frame");
    a.vy = -GRAVITY;
    let c = w.step(&mut a);
    assert_eq!((a.x, a.y), (29, 32));
    assert!(c.on_ground() && c.ground_cell() == Some((1, 1)));
}

/// Rising by less than a pixel (no whole-pixel move up) does not leave the ground.
#[test]
fn a_sub_pixel_rise_stays_on_the_ground() {
    let map = Ascii::new(BLOCK);
    let w = world(&map);
    let mut a = Actor::new(4, 16, 8, 8);
    a.vy = -GRAVITY;
    w.step(&mut a);
    assert!(a.contacts.on_ground());
    a.vy = PX / 4;
    let c = w.step(&mut a);
    assert_eq!(a.y, 16);
    assert!(c.on_ground());
}

/// A jump a ceiling refuses at once leaves the actor where it stood: on the ground, also
/// on a frame that moved it sideways (a rising step tests no ground, so the frame's end
/// does). An 8×16 actor in a tunnel exactly its height, walking and jumping, and a
/// 24×32 one under a roof one tile above its head room.
#[test]
fn a_jump_refused_by_a_ceiling_stays_on_the_ground() {
    let tunnel = Ascii::new(
        "
        ########
        ........
        ########
        ",
    );
    let roof = Ascii::new(
        "
        ########
        ........
        ........
        ########
        ",
    );
    for (map, (w, h)) in [(&tunnel, (8, 16)), (&roof, (24, 32))] {
        let world = world(map);
        for vx in [0, PX / 4, PX, 3 * PX, -PX] {
            let mut a = Actor::new(40, 16, w, h);
            a.vy = -GRAVITY;
            world.step(&mut a);
            assert!(a.contacts.on_ground(), "{w}x{h} stands");
            (a.vx, a.vy) = (vx, 4 * PX);
            let c = world.step(&mut a);
            assert_eq!(a.y, 16, "{w}x{h}, vx {vx}: the ceiling refused the jump");
            assert!(c.on_ceiling(), "{w}x{h}, vx {vx}");
            assert!(c.on_ground(), "{w}x{h}, vx {vx}: it never left the ground");
            assert_eq!(
                c.ground_cell().map(|(_, ty)| ty),
                Some(0),
                "{w}x{h}, vx {vx}"
            );
        }
    }
}

/// Four cells of `slope45` turned upside down and mirrored (FXY): a ceiling rising to the
/// right, solid above it, over a floor, with a wall of blocks at x = 64.
fn sloped_ceiling() -> Ascii {
    Ascii::with(
        r"
        ##########
        ###c######
        ##c.######
        #c..######
        c...######
        ..........
        ..........
        ##########
    ",
        &[('c', piece("slope45", "FXY"))],
    )
}

/// Jumps straight up under the sloped ceiling and returns how far it moved sideways.
fn slide_under_sloped_ceiling(ceiling_slide: bool, corner_correction: u8) -> i32 {
    let map = sloped_ceiling();
    let w = world(&map);
    let settings = ActorSettings {
        ceiling_slide,
        corner_correction,
        ..ActorSettings::default()
    };
    let mut a = Actor::new(20, 16, 8, 8).with_settings(settings);
    let x = a.x;
    a.vy = 6 * PX;
    run(&w, &mut a, 30, |_, a| fall(a));
    a.x - x
}

#[test]
fn ceiling_slide_and_corner_correction_are_independent() {
    // Sliding along a sloped ceiling is `ceiling_slide`'s alone.
    let slid = slide_under_sloped_ceiling(true, 0);
    assert!(slid > 16, "it slides along the slope: {slid} px");
    assert_eq!(
        slide_under_sloped_ceiling(false, 4),
        0,
        "no slide when it is off"
    );
    assert_eq!(slide_under_sloped_ceiling(false, 255), 0);
    assert_eq!(
        slide_under_sloped_ceiling(true, 4),
        slid,
        "corners change nothing here"
    );
}

/// A block corner over the actor's head, overlapping it by `overlap` px: the corner
/// correction nudges it past, whatever `ceiling_slide` says.
fn nudge_under_a_corner(overlap: i32, ceiling_slide: bool, corner_correction: u8) -> i32 {
    let map = Ascii::new(
        r"
        ..#...
        ......
        ......
        ######
    ",
    );
    let w = world(&map);
    let settings = ActorSettings {
        ceiling_slide,
        corner_correction,
        ..ActorSettings::default()
    };
    // The block is x 32..47; the actor's right edge is `overlap` px into it.
    let mut a = Actor::new(32 - 8 + overlap, 16, 8, 8).with_settings(settings);
    let x = a.x;
    a.vy = 6 * PX;
    run(&w, &mut a, 12, |_, a| fall(a));
    a.x - x
}

#[test]
fn corner_correction_is_for_corners_of_blocks() {
    for slide in [false, true] {
        assert_eq!(
            nudge_under_a_corner(2, slide, 4),
            -2,
            "nudged past the corner"
        );
        assert_eq!(
            nudge_under_a_corner(2, slide, 0),
            0,
            "no nudge when it is off"
        );
        assert_eq!(nudge_under_a_corner(5, slide, 4), 0, "more than it allows");
    }
}

/// The documented slide limit is the real one: `wall_height - 1` px sideways per pixel up.
/// A 45° ceiling needs 1 px per pixel: with wall height 1 (limit 0) there is no slide, even
/// with a large corner correction.
#[test]
fn the_slide_limit_is_the_wall_height_minus_one() {
    let map = sloped_ceiling();
    let w = world(&map);
    for (wall_height, slides) in [(1u8, false), (2, true), (4, true)] {
        let settings = ActorSettings {
            wall_height,
            corner_correction: 8,
            ..ActorSettings::default()
        };
        let mut a = Actor::new(20, 16, 8, 8).with_settings(settings);
        a.vy = 6 * PX;
        let trace = run(&w, &mut a, 30, |_, a| fall(a));
        let steepest = trace
            .windows(2)
            .map(|p| (p[1].x - p[0].x).abs())
            .max()
            .unwrap_or(0);
        assert_eq!(a.x != 20, slides, "wall height {wall_height}");
        assert!(steepest <= 6 * i32::from(wall_height.saturating_sub(1)));
    }
}

/// A centre-footed actor standing on a slope dips into it; that is no sloped ceiling: a
/// block's corner over its head is still nudged past by the corner correction alone.
#[cfg(feature = "centre_feet")]
#[test]
fn corner_correction_holds_for_centre_feet_on_a_slope() {
    let map = Ascii::new(
        r"
        ......
        ......
        ../...
        ######
    ",
    );
    for ceiling_slide in [false, true] {
        let settings = ActorSettings {
            feet: slope_runtime::Feet::Centre,
            ceiling_slide,
            corner_correction: 4,
            ..ActorSettings::default()
        };
        // On the slope with its centre on column 45: it stands at y 30, dipping into it.
        let mut a = Actor::new(42, 40, 8, 8).with_settings(settings);
        land(&world(&map), &mut a, 40);
        assert_eq!((a.x, a.y), (42, 30));
        assert!(overlaps_solid(&map, Rect::of_box(a.x, a.y, 8, 8)));
        // A platform's corner right over its head (y 38), 2 px into its right side (x 48..).
        let platforms = [slope_runtime::Platform::new(48, 38, 16, 4)];
        let w = slope_runtime::World::with_platforms(tables(), &map, &platforms);
        a.vy = 2 * PX;
        let c = w.step(&mut a);
        assert_eq!(a.x, 40, "ceiling slide {ceiling_slide}: nudged 2 px left");
        assert!(!c.on_ceiling());
    }
}
