//! The behaviour scenarios and the Rapier level, as markdown.

use std::fmt::Write as _;

use crate::level::{Level, StaticShape, example_level};
use crate::rapier::{self, Shape};
use crate::rules::Gravity;
use crate::scenarios::{
    self, Carry, OneWayRun, Ride, RideRun, SEAM_TOLERANCE, SeamRun, one_way_plugin, one_way_rapier,
    ride_plugin, ride_rapier, seams_plugin, seams_rapier,
};

/// What the example's level became in Rapier, and the controller's settings.
pub fn level_summary() -> String {
    let level = Level::load(&example_level()).expect("level.tmx compiles");
    let mut s = String::new();
    for merge in [true, false] {
        let colliders = level.colliders(merge);
        let boxes = colliders
            .iter()
            .filter(|c| matches!(c.shape, StaticShape::Rect { .. }) && !c.one_way)
            .count();
        let hulls = colliders
            .iter()
            .filter(|c| matches!(c.shape, StaticShape::Hull(_)))
            .count();
        let one_way = colliders.iter().filter(|c| c.one_way).count();
        let _ = writeln!(
            s,
            "- level.tmx in Rapier, {}: {} colliders ({boxes} boxes, of which 4 wall the level in; {hulls} slope hulls; {one_way} one-way ledges as solid boxes)",
            if merge {
                "full cells merged"
            } else {
                "one box per full cell"
            },
            colliders.len()
        );
    }
    let c = rapier::controller();
    let _ = writeln!(
        s,
        "- controller: offset {:?}, slide {}, autostep {:?}, max slope climb {:.1}°, min slope slide {:.1}°, snap to ground {:?}, normal nudge {}; one length unit = 1 px; dt 1/60 s",
        c.offset,
        c.slide,
        c.autostep,
        c.max_slope_climb_angle.to_degrees(),
        c.min_slope_slide_angle.to_degrees(),
        c.snap_to_ground,
        c.normal_nudge_factor
    );
    s
}

/// The seam runs as a table.
pub fn seam_table(runs: &[SeamRun]) -> String {
    let mut s = format!(
        "| engine | colliders | frames | frames short of 2 px | frames with y change | min dx | max abs dy | distance (expected {}) | frames not grounded |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
        scenarios::SEAM_FRAMES as f32 * crate::rules::WALK
    );
    for r in runs {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {:.4} | {:.4} | {:.2} | {} |",
            r.engine,
            r.colliders,
            r.frames,
            r.short,
            r.bumped,
            r.min_dx,
            r.max_dy,
            r.distance,
            r.airborne
        );
    }
    s
}

/// The one-way runs as a table.
pub fn one_way_table(runs: &[OneWayRun]) -> String {
    let mut s = String::from(
        "| engine | ledge (bottom–top) | feet at start | highest feet | head hit (frame after jump) | feet at end | on the ledge at end |\n|---|---|---:|---:|---|---:|---|\n",
    );
    for r in runs {
        let _ = writeln!(
            s,
            "| {} | {}–{} | {:.2} | {:.2} | {} | {:.2} | {} |",
            r.engine,
            r.ledge.0,
            r.ledge.1,
            r.start_feet,
            r.max_feet,
            r.head_hit
                .map_or_else(|| "no".to_owned(), |f| format!("yes ({f})")),
            r.end_feet,
            if r.on_ledge { "yes" } else { "no" }
        );
    }
    s
}

/// The ride runs as a table.
pub fn ride_table(runs: &[RideRun]) -> String {
    let mut s = String::from(
        "| engine | frames | gap min | gap max | gap mean | frames the gap changed | x drift at end | max abs x drift | frames not grounded | platform travel |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in runs {
        let _ = writeln!(
            s,
            "| {} | {} | {:.3} | {:.3} | {:.3} | {} | {:.3} | {:.3} | {} | {:.0} |",
            r.engine,
            r.frames,
            r.gap_min,
            r.gap_max,
            r.gap_mean,
            r.gap_changes,
            r.drift_end,
            r.drift_max,
            r.airborne,
            r.platform_travel
        );
    }
    s
}

/// Both gravity modes.
const GRAVITIES: [Gravity; 2] = [Gravity::Airborne, Gravity::Always];

/// The plugin's seam runs, in both gravity modes.
pub fn plugin_seam_runs() -> Vec<SeamRun> {
    GRAVITIES.into_iter().map(seams_plugin).collect()
}

/// Every Rapier seam run: box and capsule, one cuboid per tile and merged, both gravity
/// modes.
pub fn rapier_seam_runs() -> Vec<SeamRun> {
    let mut runs = Vec::new();
    for gravity in GRAVITIES {
        for shape in [Shape::Box, Shape::Capsule] {
            for merge in [false, true] {
                runs.push(seams_rapier(shape, merge, gravity));
            }
        }
    }
    runs
}

/// The plugin's rides: both platforms, both gravity modes.
pub fn plugin_ride_runs() -> Vec<RideRun> {
    let mut runs = Vec::new();
    for ride in [Ride::Sideways, Ride::Lift] {
        for gravity in GRAVITIES {
            runs.push(ride_plugin(ride, gravity));
        }
    }
    runs
}

/// Every Rapier ride: each platform, each way of carrying, both gravity modes.
pub fn rapier_ride_runs() -> Vec<RideRun> {
    let mut runs = Vec::new();
    for ride in [Ride::Sideways, Ride::Lift] {
        for (gravity, carry) in GRAVITIES.into_iter().flat_map(|g| {
            [
                Carry::GameAdds {
                    platform_first: true,
                },
                Carry::GameAdds {
                    platform_first: false,
                },
                Carry::KinematicBody,
            ]
            .map(|c| (g, c))
        }) {
            runs.push(ride_rapier(ride, carry, gravity));
        }
    }
    runs
}

/// Every scenario, run, as markdown.
pub fn behaviour() -> String {
    let mut s = String::new();
    let _ = writeln!(s, "## Level and settings\n\n{}", level_summary());

    let mut seams = plugin_seam_runs();
    seams.extend(rapier_seam_runs());
    let _ = writeln!(
        s,
        "## (a) Seams: {} frames walking right at 2 px/frame on a flat floor of 40 full tiles (flat.tmx), after {} frames standing; a frame counts when x advanced less than 2 px or y changed by more than {SEAM_TOLERANCE} px. \"gravity every frame\": the character is pressed into the ground by 0.25 px each frame, as the example's rules and Rapier's own character example do; \"gravity off the ground only\": vy stays 0 on the ground, snap-to-ground (Rapier) or slope sticking (the runtime) keeps it down\n\n{}",
        scenarios::SEAM_FRAMES,
        scenarios::SEAM_SETTLE,
        seam_table(&seams)
    );

    let one_way = [
        one_way_plugin(),
        one_way_rapier(false),
        one_way_rapier(true),
    ];
    let _ = writeln!(
        s,
        "## (b) One-way: a jump straight up (5.25 px/frame, gravity 0.25) from the hill top under the upper ledge (centre x = {}), {} frames (the plugin: gravity every frame, the example's rules; Rapier: gravity off the ground only)\n\n{}",
        scenarios::UNDER_LEDGE_X,
        scenarios::JUMP_FRAMES,
        one_way_table(&one_way)
    );

    let mut rides = plugin_ride_runs();
    rides.extend(rapier_ride_runs());
    let _ = writeln!(
        s,
        "## (c) Moving platforms: a character standing still on the level's platform (sideways, 1 px/frame) and lift (up/down, 1 px/frame), {} frames; gap = feet − platform top after both moved (Rapier's resting gap is its offset, {} px); drift = rider x − platform x, from where it started\n\n{}",
        scenarios::RIDE_FRAMES,
        rapier::OFFSET,
        ride_table(&rides)
    );
    s
}
