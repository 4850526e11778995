//! The behaviour scenarios as facts: what the plugin guarantees is asserted; what Rapier's
//! controller does is asserted where it is a property of its design (a solid ledge stops
//! a head) and printed otherwise (`cargo test -p slope-compare -- --nocapture`).

use slope_compare::report::{
    one_way_table, plugin_ride_runs, plugin_seam_runs, rapier_ride_runs, rapier_seam_runs,
    ride_table, seam_table,
};
use slope_compare::rules::{SIZE, WALK};
use slope_compare::scenarios::{SEAM_FRAMES, one_way_plugin, one_way_rapier};

#[test]
fn the_plugin_walks_over_tile_seams_exactly_2_px_a_frame_and_never_bumps() {
    let runs = plugin_seam_runs();
    println!("{}", seam_table(&runs));
    for run in &runs {
        assert_eq!(run.frames, SEAM_FRAMES, "{}", run.engine);
        assert_eq!(run.short, 0, "{}: frames short of 2 px", run.engine);
        assert_eq!(run.bumped, 0, "{}: frames with a y change", run.engine);
        assert_eq!(run.min_dx, WALK, "{}", run.engine);
        assert_eq!(run.max_dy, 0.0, "{}", run.engine);
        assert_eq!(run.distance, SEAM_FRAMES as f32 * WALK, "{}", run.engine);
        assert_eq!(run.airborne, 0, "{}", run.engine);
    }
}

#[test]
fn rapier_on_a_floor_of_tiles() {
    let runs = rapier_seam_runs();
    println!("{}", seam_table(&runs));
    for run in &runs {
        assert_eq!(run.frames, SEAM_FRAMES, "{}", run.engine);
        // It gets along the floor (how well is printed: pressed into a floor of one
        // cuboid per tile, the box covers well under half the distance).
        assert!(
            run.distance > 0.25 * SEAM_FRAMES as f32 * WALK,
            "{}",
            run.engine
        );
    }
}

#[test]
fn the_plugin_jumps_up_through_the_one_way_ledge_and_lands_on_it() {
    let run = one_way_plugin();
    println!("{}", one_way_table(std::slice::from_ref(&run)));
    let (bottom, top) = run.ledge;
    assert_eq!(run.head_hit, None);
    assert!(run.max_feet > top, "it rose above the ledge");
    assert!(run.on_ledge);
    assert_eq!(run.end_feet, top);
    assert!(
        run.start_feet + f32::from(SIZE.1) < bottom,
        "it started under the ledge"
    );
}

#[test]
fn rapier_hits_its_head_on_the_ledge_unless_a_filter_lets_it_through() {
    let solid = one_way_rapier(false);
    let filtered = one_way_rapier(true);
    println!("{}", one_way_table(&[solid.clone(), filtered.clone()]));
    let (bottom, top) = solid.ledge;
    // The ledge is a solid cuboid: the head stops under it and the character falls back.
    assert!(solid.head_hit.is_some());
    assert!(solid.max_feet + f32::from(SIZE.1) <= bottom + 0.01);
    assert!(!solid.on_ledge);
    assert!((solid.end_feet - solid.start_feet).abs() < 0.5);
    // With a predicate that ignores the ledge below its top, it passes and lands.
    assert_eq!(filtered.head_hit, None);
    assert!(filtered.on_ledge);
    assert!((filtered.end_feet - top).abs() < 0.5);
}

#[test]
fn the_plugin_carries_a_rider_exactly_on_both_moving_platforms() {
    let runs = plugin_ride_runs();
    println!("{}", ride_table(&runs));
    for run in &runs {
        // Feet exactly on the platform's top, every frame.
        assert_eq!((run.gap_min, run.gap_max), (0.0, 0.0), "{}", run.engine);
        assert_eq!(run.gap_changes, 0, "{}", run.engine);
        // Moved with it, pixel for pixel.
        assert_eq!(run.drift_max, 0.0, "{}", run.engine);
        assert_eq!(run.airborne, 0, "{}", run.engine);
        assert_eq!(run.platform_travel, run.frames as f32, "{}", run.engine);
    }
}

#[test]
fn rapier_riders() {
    let runs = rapier_ride_runs();
    println!("{}", ride_table(&runs));
    for run in &runs {
        // The platform moved 1 px every frame in every variant.
        assert!(
            (run.platform_travel - run.frames as f32).abs() < 1.0,
            "{}",
            run.engine
        );
    }
}
