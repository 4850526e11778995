//! `Feet::Centre` on drawn terrain, with tiles made by slopegen: the actor stands on the
//! surface under its centre on every slope it can walk, whatever its size and the tile
//! size, and a wall beside a slope stops its box instead of lifting it onto a toe. Box
//! feet on the same terrain stand on the highest ground under the box.

use proptest::prelude::*;
use slope_runtime::{Actor, ActorSettings, Feet, MAX_SIZE, SUBPIXEL, World};

#[path = "support/drawn.rs"]
mod drawn;

fn centre_feet(wall_height: u8) -> ActorSettings {
    ActorSettings {
        feet: Feet::Centre,
        wall_height,
        ..ActorSettings::default()
    }
}

fn box_feet(wall_height: u8) -> ActorSettings {
    ActorSettings {
        feet: Feet::Box,
        wall_height,
        ..ActorSettings::default()
    }
}

/// Walks `actor` right at 1.5 px per frame under gravity for `frames` frames.
fn walk_right<M: slope_runtime::TileMap>(world: &World<'_, M>, actor: &mut Actor, frames: usize) {
    for _ in 0..frames {
        actor.vx = 3 * SUBPIXEL / 2;
        actor.vy -= SUBPIXEL / 4;
        world.step(actor);
    }
}

/// 16-px tiles, a floor on row 0; a tile rising 1, 5 and 9 px in its last three columns at
/// cells (4, 1) and (4, 2); a wall of blocks from cell 5 on. The last column of the lower
/// tile rises 9 px above the floor, and the upper tile's pixels start 16 px above it: a
/// wall, not a slope. A 19×39 actor walking into it stops against it, on the floor,
/// whatever its feet.
#[test]
fn a_wall_beside_a_step_stops_the_box_on_the_floor() {
    let mut toe = vec![0u8; 13];
    toe.extend([1, 5, 9]);
    let mut cells: Vec<_> = (0..10).map(|tx| ((tx, 0), vec![16u8; 16])).collect();
    cells.push(((4, 1), toe.clone()));
    cells.push(((4, 2), toe));
    cells.extend((5..=6).flat_map(|tx| (1..=7).map(move |ty| ((tx, ty), vec![16u8; 16]))));
    let (tables, level) = drawn::level(16, 9, &cells);
    let world = World::new(tables, &level);
    // The upper tile's pixel over the lower one's first step (column 77) stops both boxes
    // at x = 58, with their right edge on column 76.
    for feet in [Feet::Box, Feet::Centre] {
        let settings = ActorSettings {
            feet,
            ..ActorSettings::default()
        };
        let mut a = Actor::new(10, 16, 19, 39).with_settings(settings);
        walk_right(&world, &mut a, 60);
        assert_eq!(
            (a.x, a.y),
            (58, 16),
            "{feet:?}: on the floor, against the wall"
        );
        assert!(
            a.contacts.on_ground() && a.contacts.pushing_right(),
            "{feet:?}"
        );
        assert_eq!(
            a.contacts.ground_cell(),
            Some((a.centre_x() / 16, 0)),
            "{feet:?}"
        );
    }
}

/// A height field of `len` columns whose height changes by at most `rise` px from one
/// column to the next: ground a walker with wall height `rise + 1` walks everywhere.
fn walkable(len: usize, rise: i32) -> impl Strategy<Value = Vec<i32>> {
    prop::collection::vec(-rise..=rise, len).prop_map(|steps| {
        let mut h = 200;
        steps
            .into_iter()
            .map(|d| {
                // Turn back at the bounds: the step keeps its size.
                h = if (40..=360).contains(&(h + d)) {
                    h + d
                } else {
                    h - d
                };
                h
            })
            .collect()
    })
}

/// A walkable height field, the tile size it is drawn in (powers of two, which the
/// runtime splits by shifts, and others, which it divides), the wall height that walks it,
/// a box size and where to drop it.
fn case() -> impl Strategy<Value = (Vec<i32>, i32, u8, u16, u16, i32)> {
    (1u8..=7).prop_flat_map(|rise| {
        (
            walkable(640, i32::from(rise)),
            prop::sample::select(vec![4, 5, 12, 16, 24, 37, 64]),
            Just(rise + 1),
            1..=MAX_SIZE,
            1..=MAX_SIZE,
            96..=280i32,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    /// Dropped anywhere on ground it can walk, an actor of any size up to `MAX_SIZE`
    /// stands exactly on the surface under its centre, and walking on keeps it there
    /// frame after frame: no heel, toe or side of its box holds it up.
    #[test]
    fn every_actor_stands_on_the_surface_under_its_centre(
        (heights, n, wall, width, height, x) in case()
    ) {
        let (tables, level) = drawn::height_field(n, &heights);
        let world = World::new(tables, &level);
        let surface = |x: i32| heights[x as usize];
        let mut a = Actor::new(0, 0, width, height).with_settings(centre_feet(wall));
        prop_assert!(world.place_on_ground(&mut a, x, 500));
        prop_assert_eq!(a.y, surface(a.centre_x()), "dropped at {}", x);
        let mut frames = 0;
        while a.centre_x() < 520 && frames < 400 {
            walk_right(&world, &mut a, 1);
            frames += 1;
            prop_assert!(a.contacts.on_ground(), "frame {}: {:?}", frames, a);
            prop_assert_eq!(a.y, surface(a.centre_x()), "frame {}: {:?}", frames, a);
        }
        prop_assert!(a.centre_x() >= 520, "walked on: {:?}", a);
    }

    /// Box feet on the same ground stand on the highest pixel under the box, dropped and
    /// frame after frame while walking: every climb is lower than the wall height, every
    /// drop is stuck to.
    #[test]
    fn every_box_stands_on_the_highest_ground_under_it(
        (heights, n, wall, width, height, x) in case()
    ) {
        let (tables, level) = drawn::height_field(n, &heights);
        let world = World::new(tables, &level);
        let ground = |a: &Actor| {
            let columns = a.x..a.x + i32::from(a.width());
            columns.map(|x| heights[x as usize]).max().unwrap_or(0)
        };
        let mut a = Actor::new(0, 0, width, height).with_settings(box_feet(wall));
        prop_assert!(world.place_on_ground(&mut a, x, 500));
        prop_assert_eq!(a.y, ground(&a), "dropped at {}", x);
        let mut frames = 0;
        while a.centre_x() < 520 && frames < 400 {
            walk_right(&world, &mut a, 1);
            frames += 1;
            prop_assert!(a.contacts.on_ground(), "frame {}: {:?}", frames, a);
            prop_assert_eq!(a.y, ground(&a), "frame {}: {:?}", frames, a);
        }
        prop_assert!(a.centre_x() >= 520, "walked on: {:?}", a);
    }
}
