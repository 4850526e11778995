//! The scenario's trace is pinned: any change in movement shows up here first, and the
//! firmware (run under QEMU by `.ci/run`) must print the very same file.
//!
//! After an intended behaviour change, regenerate it with
//! `cargo run -p slope-scenario --example trace > scenario/tests/data/trace.txt`.

const GOLDEN: &str = include_str!("data/trace.txt");

#[test]
fn host_trace_matches_the_golden_file() {
    let mut text = String::new();
    slope_scenario::write_trace(&mut text).unwrap();
    assert_eq!(text.lines().count(), slope_scenario::FRAMES as usize + 1);
    if text != GOLDEN {
        let first = text
            .lines()
            .zip(GOLDEN.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "trace differs from tests/data/trace.txt at line {}: got {:?}, golden {:?}",
            first + 1,
            text.lines().nth(first),
            GOLDEN.lines().nth(first)
        );
    }
}

#[test]
fn the_scenario_moves_and_lands() {
    let mut frames = 0;
    let f = slope_scenario::run(&mut |_, _| frames += 1).unwrap();
    assert_eq!(frames, slope_scenario::FRAMES);
    // both actors went somewhere and are not stuck at their start
    assert_ne!((f.actors[0].0, f.actors[0].1), (40, 32));
    assert_ne!((f.actors[1].0, f.actors[1].1), (60, 32));
}
