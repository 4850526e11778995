//! The mover ([`World::step`]) against two bitmap sweeps that apply the same rules, in one
//! run. The level, the crowds and both baselines live in the `slope-bench` crate (`bench/`),
//! which the firmware bench (`firmware/bench.sh`) runs on a Cortex-M0 too.
//!
//! - The level: a slope-heavy 64×16-tile level of the default shapes (N = 16) in several
//!   variants (hills of slope22/15/11 pieces, 45s, bumps, a steep ramp, sloped ceilings,
//!   walls, one-way platforms).
//! - Two crowds walk back and forth (they turn around when pushing a wall) under gravity,
//!   with occasional jumps: `movement/*`, 1, 100 and 1000 actors of mixed small to mid
//!   sizes (4×6 to 20×24 px), and `movement-large/*`, 100 actors one and a half to three
//!   tiles tall (16×40 to 40×24 px, up to 32×48).
//! - `…/runtime/*`: [`World::step`], answering every query from the packed tables.
//! - `…/bitmask/*`: `slope_bench::Bitmask`, each (shape, variant)'s rows and columns as
//!   16-bit masks: a strip of pixels costs one AND per cell it crosses.
//! - `…/naive/*`: `slope_bench::Naive`, each cell's bitmap as bools, every pixel of the
//!   box's leading edge tested on its own.
//!
//! Both baselines move the same actors with the same rules (see `slope_bench::rules`), and
//! do only what these actors need: no ground cell or ground angle, no drop-through, no
//! platforms, no `Feet::Centre`, no equal slope speed; the runtime finds the ground cell
//! and its angle every frame an actor ends on the ground.
//!
//! Before anything is timed, all three engines run the same actors from the same spawn for
//! [`CHECK_FRAMES`] frames and their trajectories are compared frame by frame; the result
//! is printed to stderr, and the run stops if any actor-frame differs (CI runs this check
//! with `-- --test`). One timed iteration is [`FRAMES`] frames of every actor from a
//! settled snapshot; the throughput counts *pixel steps* (|Δx| + |Δy| per actor-frame,
//! measured from positions). After the run a summary prints the medians as ns per
//! actor-frame, pixel steps per second and each baseline's ratio to the runtime. Then each
//! case is timed again in back-to-back pairs (runtime and a baseline, either first in turn)
//! and the median and quartiles of the pairs' ratios are printed: the ratios to quote, since
//! a slow phase of a shared machine slows both timings of a pair alike, while criterion
//! takes the engines' samples seconds apart.
//!
//! ```text
//! cargo bench -p slope-runtime --bench movement            # measure
//! cargo bench -p slope-runtime --bench movement -- --test  # smoke: every benchmark once
//! ```
//!
//! Two untimed modes of the same binary serve callgrind: `MOVEMENT_PROFILE` runs one engine
//! alone (instructions per actor-frame, see [`profile`]), `MOVEMENT_KINDS` the cost of
//! airborne, flat-ground and slope frames apart (see [`kinds`]).

use std::cell::RefCell;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use slope_bench::{
    Bitmask, Body, Crowd, Driven, FRAMES, LARGE, Level, MIXED, Mob, Naive, Probe, TILES,
    WARM_FRAMES, Walker, build_level, frame, spawn,
};
use slope_runtime::{Actor, Cell, Feet, Rect, Tables, World};

/// The engines, borrowed for the run.
#[derive(Clone, Copy)]
struct Engines<'a> {
    world: &'a World<'a, &'a Level>,
    bitmask: &'a Bitmask,
    naive: &'a Naive,
}

/// The baselines by name, for the reports.
const BASELINES: [&str; 2] = ["bitmask", "naive"];

fn crowd_of<T: Driven>(crowd: &Crowd, count: usize) -> Vec<(T, slope_bench::Brain)> {
    (0..count).map(|i| T::spawn(crowd, i)).collect()
}

#[inline]
fn runtime_frame(world: &World<'_, &Level>, mobs: &mut [Mob]) {
    frame(mobs, |actor| {
        world.step(actor);
    });
}

#[inline]
fn body_frame<P: Probe>(engine: &P, walkers: &mut [Walker]) {
    frame(walkers, |body| engine.step(body));
}

/// Frames of the trajectory comparison.
const CHECK_FRAMES: u32 = 600;
/// The crowds, each compared and benchmarked.
const CROWDS: [Crowd; 2] = [MIXED, LARGE];

fn pos<T: Driven>(m: &(T, slope_bench::Brain)) -> (i32, i32) {
    m.0.position()
}

/// Pixel steps of `frames` frames from `start`: Σ |Δx| + |Δy| per actor-frame.
fn pixel_steps<T: Driven + Clone>(
    start: &[(T, slope_bench::Brain)],
    frames: u32,
    mut frame: impl FnMut(&mut [(T, slope_bench::Brain)]),
) -> u64 {
    let mut mobs = start.to_vec();
    let mut steps = 0u64;
    for _ in 0..frames {
        let before: Vec<(i32, i32)> = mobs.iter().map(pos).collect();
        frame(&mut mobs);
        for (m, (x0, y0)) in mobs.iter().zip(before) {
            let (x, y) = pos(m);
            steps += u64::from(x.abs_diff(x0) + y.abs_diff(y0));
        }
    }
    steps
}

/// How one baseline's actors compared with the runtime's.
#[derive(Default)]
struct Agreement {
    equal_frames: u64,
    flags_equal: u64,
    diverged: Vec<bool>,
    first: Option<String>,
    max_dev: u32,
}

impl Agreement {
    /// Compares runtime actor `i` with the baseline's at frame `f`.
    fn record(&mut self, i: usize, f: u32, a: &Actor, b: &Body) {
        let dev = a.x.abs_diff(b.x) + a.y.abs_diff(b.y);
        self.max_dev = self.max_dev.max(dev);
        let c = a.contacts;
        let flags = c.on_ground() == b.on_ground
            && c.pushing_left() == b.pushing_left
            && c.pushing_right() == b.pushing_right
            && c.on_ceiling() == b.on_ceiling;
        self.flags_equal += u64::from(flags);
        if dev == 0 && flags {
            self.equal_frames += 1;
        } else if !self.diverged[i] {
            self.diverged[i] = true;
            self.first.get_or_insert_with(|| {
                format!(
                    "actor {i} ({}×{}) at frame {f}: runtime ({}, {}) v=({}, {}) \
                     g={} l={} r={} c={}, baseline ({}, {}) v=({}, {}) g={} l={} r={} c={}",
                    a.width(),
                    a.height(),
                    a.x,
                    a.y,
                    a.vx,
                    a.vy,
                    c.on_ground(),
                    c.pushing_left(),
                    c.pushing_right(),
                    c.on_ceiling(),
                    b.x,
                    b.y,
                    b.vx,
                    b.vy,
                    b.on_ground,
                    b.pushing_left,
                    b.pushing_right,
                    b.on_ceiling
                )
            });
        }
    }
}

/// Runs the three engines from the same spawn and compares each baseline's positions and
/// contacts with the runtime's frame by frame. Returns the report and whether every
/// actor-frame was identical.
fn compare(e: Engines<'_>, crowd: &Crowd, count: usize) -> (String, bool) {
    let mut rt = crowd_of::<Actor>(crowd, count);
    let mut bodies = [
        crowd_of::<Body>(crowd, count),
        crowd_of::<Body>(crowd, count),
    ];
    let mut agree: [Agreement; 2] = Default::default();
    for a in &mut agree {
        a.diverged = vec![false; count];
    }
    let mut steps = 0u64;
    // What the runtime's actors did: [on ground, on a slope, on one-way, on a ceiling,
    // pushing a wall, turned around, jumped]
    let mut did = [0u64; 7];
    for f in 0..CHECK_FRAMES {
        let dirs: Vec<i32> = rt.iter().map(|m| m.1.dir).collect();
        let vys: Vec<i32> = rt.iter().map(|m| m.0.vy).collect();
        let before: Vec<(i32, i32)> = rt.iter().map(pos).collect();
        runtime_frame(e.world, &mut rt);
        body_frame(e.bitmask, &mut bodies[0]);
        body_frame(e.naive, &mut bodies[1]);
        for (i, (a, _)) in rt.iter().enumerate() {
            steps += u64::from(a.x.abs_diff(before[i].0) + a.y.abs_diff(before[i].1));
            let c = a.contacts;
            let turned = rt[i].1.dir != dirs[i];
            let jumped = a.vy > 0 && vys[i] <= 0;
            for (n, on) in did.iter_mut().zip([
                c.on_ground(),
                e.world.ground_angle(a) != 0,
                c.on_one_way(),
                c.on_ceiling(),
                c.pushing_left() || c.pushing_right(),
                turned,
                jumped,
            ]) {
                *n += u64::from(on);
            }
            for (agreement, walkers) in agree.iter_mut().zip(&bodies) {
                agreement.record(i, f, a, &walkers[i].0);
            }
        }
    }
    let total = u64::from(CHECK_FRAMES) * count as u64;
    let mut report = format!(
        "  {count} actors × {CHECK_FRAMES} frames from spawn ({steps} pixel steps); runtime \
         actor-frames: {} on ground, {} on a slope, {} on one-way cells, {} touching a \
         ceiling, {} pushing a wall; {} turn-arounds, {} jumps",
        did[0], did[1], did[2], did[3], did[4], did[5], did[6],
    );
    for (name, a) in BASELINES.iter().zip(&agree) {
        let same = a.diverged.iter().filter(|d| !**d).count();
        report += &format!(
            "\n    {name:>7} vs runtime: {}/{total} actor-frames identical (position and \
             contacts), {}/{total} with equal contact flags; {same}/{count} whole trajectories \
             identical; max |Δx|+|Δy| = {} px{}",
            a.equal_frames,
            a.flags_equal,
            a.max_dev,
            a.first
                .as_ref()
                .map_or(String::new(), |s| format!("\n      first divergence: {s}"))
        );
    }
    (report, agree.iter().all(|a| a.equal_frames == total))
}

/// `MOVEMENT_PROFILE=ENGINE:FRAMES[:large][:speed=PERCENT][:centre][:steps]` (engine
/// `runtime`, `bitmask` or `naive`): runs 1000 actors of the mixed crowd (or of the large
/// one) on one engine for that many frames after the warm-up, untimed, and exits; for
/// instruction counts under callgrind. Run it with FRAMES and with 0 and subtract: the
/// difference is the frames' cost alone (setup and warm-up are the same in both runs).
///
/// - `speed=PERCENT` scales every walking speed (`slope_bench::SPEEDS`): 0 leaves the actors
///   standing (they still fall, land and jump), 300 makes them walk three times as fast.
///   Runs at several speeds split an engine's cost into a part per frame and a part per
///   pixel step.
/// - `centre` gives the runtime's actors `Feet::Centre` (the baselines have box feet only).
/// - `steps` also prints the pixel steps per actor-frame of those frames (counted in a
///   second run, so leave it out under callgrind).
///
/// ```text
/// cargo bench -p slope-runtime --bench movement --no-run   # prints the binary's path
/// MOVEMENT_PROFILE=runtime:60 valgrind --tool=callgrind target/release/deps/movement-…
/// MOVEMENT_PROFILE=runtime:60:speed=0 valgrind --tool=callgrind target/release/deps/movement-…
/// ```
fn profile(e: Engines<'_>, spec: &str) {
    const USAGE: &str = "MOVEMENT_PROFILE=ENGINE:FRAMES[:large][:speed=PERCENT][:centre][:steps], \
                         ENGINE runtime, bitmask or naive";
    let mut parts = spec.split(':');
    let (Some(engine), Some(frames)) = (parts.next(), parts.next()) else {
        panic!("{USAGE}; got {spec:?}");
    };
    let frames: u32 = frames
        .parse()
        .unwrap_or_else(|_| panic!("{USAGE}; FRAMES {frames:?} is not a count"));
    let (mut crowd, mut count_steps, mut centre) = (MIXED, false, false);
    for part in parts {
        match part {
            "large" => crowd = LARGE,
            "steps" => count_steps = true,
            "centre" => centre = true,
            _ => {
                // A u16: no negative speeds, and any percentage of SPEEDS fits an i32.
                let percent = part.strip_prefix("speed=").map(|p| p.parse::<u16>());
                crowd.speed_percent = match percent {
                    Some(Ok(p)) => i32::from(p),
                    Some(Err(_)) => panic!("{USAGE}; {part:?}: PERCENT is 0 to 65535"),
                    None => panic!("{USAGE}; unknown option {part:?}"),
                };
            }
        }
    }
    let count = 1000;
    assert!(
        !centre || engine == "runtime",
        "{USAGE}; centre feet are the runtime's alone"
    );
    let mut actors = crowd_of::<Actor>(&crowd, count);
    if centre {
        for (a, _) in &mut actors {
            a.settings.feet = Feet::Centre;
        }
    }
    let (checksum, steps) = match engine {
        "runtime" => run_profiled(&actors, frames, |m| runtime_frame(e.world, m), count_steps),
        "bitmask" => run_profiled(
            &crowd_of::<Body>(&crowd, count),
            frames,
            |m| body_frame(e.bitmask, m),
            count_steps,
        ),
        "naive" => run_profiled(
            &crowd_of::<Body>(&crowd, count),
            frames,
            |m| body_frame(e.naive, m),
            count_steps,
        ),
        other => panic!("{USAGE}; unknown engine {other:?}"),
    };
    let feet = if centre { "centre" } else { "box" };
    eprintln!(
        "movement profile: {engine}, {count} actors of crowd {} at {}% speed, {feet} feet, \
         {WARM_FRAMES} + {frames} frames, position checksum {checksum}",
        crowd.name, crowd.speed_percent
    );
    if let Some(steps) = steps {
        let per_actor_frame = steps as f64 / f64::from(frames.max(1)) / count as f64;
        eprintln!("movement profile: {per_actor_frame:.3} pixel steps per actor-frame");
    }
}

/// [`run_alone`]; with `count_steps`, also the pixel steps of the frames after the
/// warm-up, counted in a second run (so that the first runs nothing but the frames).
fn run_profiled<T: Driven + Clone>(
    start: &[(T, slope_bench::Brain)],
    frames: u32,
    mut frame: impl FnMut(&mut [(T, slope_bench::Brain)]) + Copy,
    count_steps: bool,
) -> (i64, Option<u64>) {
    let checksum = run_alone(start, frames, frame);
    let steps = count_steps.then(|| {
        let mut mobs = start.to_vec();
        for _ in 0..WARM_FRAMES {
            frame(&mut mobs);
        }
        pixel_steps(&mobs, frames, frame)
    });
    (checksum, steps)
}

/// What an actor stood on when its frame began (the runtime's contacts): the frames of
/// each kind cost the engines differently.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Airborne,
    OnFlat,
    OnSlope,
}

/// One out-of-line call per engine and kind, so callgrind's inclusive cost of each function
/// divided by its calls is that kind's cost per actor-frame. The constants keep the linker
/// from folding the identical bodies into one.
macro_rules! kind_calls {
    ($($rt:ident $bm:ident $nv:ident $k:literal),*) => {
        $(
            #[inline(never)]
            fn $rt(world: &World<'_, &Level>, actor: &mut Actor) {
                black_box($k);
                world.step(black_box(actor));
            }
            #[inline(never)]
            fn $bm(bitmask: &Bitmask, body: &mut Body) {
                black_box($k);
                bitmask.step(black_box(body));
            }
            #[inline(never)]
            fn $nv(naive: &Naive, body: &mut Body) {
                black_box($k);
                naive.step(black_box(body));
            }
        )*
    };
}
kind_calls!(
    runtime_airborne bitmask_airborne naive_airborne 1,
    runtime_on_flat bitmask_on_flat naive_on_flat 2,
    runtime_on_slope bitmask_on_slope naive_on_slope 3
);

/// `MOVEMENT_KINDS=1`: runs 1000 actors of the mixed crowd (`MOVEMENT_KINDS=large`: of the
/// large one) on the three engines in step for the warm-up and 60 frames more; each of
/// those 60 frames is then taken again, by each engine from the same state, through the
/// function of its kind (see [`Kind`]), ten times.
/// Under callgrind, each function's inclusive instructions over its calls are that kind's
/// cost per actor-frame; the kinds' shares are printed.
///
/// ```text
/// MOVEMENT_KINDS=1 valgrind --tool=callgrind --callgrind-out-file=kinds.out target/release/deps/movement-…
/// callgrind_annotate --inclusive=yes --tree=calling kinds.out | grep -E '=> .*movement::(runtime|bitmask|naive)_'
/// ```
fn kinds(e: Engines<'_>, crowd: &Crowd) {
    let mut mobs = crowd_of::<Actor>(crowd, 1000);
    let mut masked = crowd_of::<Body>(crowd, 1000);
    let mut walkers = crowd_of::<Body>(crowd, 1000);
    for _ in 0..WARM_FRAMES {
        runtime_frame(e.world, &mut mobs);
        body_frame(e.bitmask, &mut masked);
        body_frame(e.naive, &mut walkers);
    }
    let mut counts = [0usize; 3];
    for _ in 0..FRAMES {
        let each = mobs
            .iter_mut()
            .zip(masked.iter_mut())
            .zip(walkers.iter_mut());
        for (((actor, brain), (masked, mbrain)), (body, pbrain)) in each {
            let c = actor.contacts;
            brain.drive(actor.sense(), &mut actor.vx, &mut actor.vy);
            mbrain.drive(masked.sense(), &mut masked.vx, &mut masked.vy);
            pbrain.drive(body.sense(), &mut body.vx, &mut body.vy);
            let kind = match (c.on_ground(), e.world.ground_angle(actor) != 0) {
                (false, _) => Kind::Airborne,
                (true, false) => Kind::OnFlat,
                (true, true) => Kind::OnSlope,
            };
            counts[kind as usize] += 1;
            for _ in 0..10 {
                let (mut a, mut m, mut b) = (*actor, *masked, *body);
                match kind {
                    Kind::Airborne => {
                        runtime_airborne(e.world, &mut a);
                        bitmask_airborne(e.bitmask, &mut m);
                        naive_airborne(e.naive, &mut b);
                    }
                    Kind::OnFlat => {
                        runtime_on_flat(e.world, &mut a);
                        bitmask_on_flat(e.bitmask, &mut m);
                        naive_on_flat(e.naive, &mut b);
                    }
                    Kind::OnSlope => {
                        runtime_on_slope(e.world, &mut a);
                        bitmask_on_slope(e.bitmask, &mut m);
                        naive_on_slope(e.naive, &mut b);
                    }
                }
                black_box((a, m, b));
            }
            e.world.step(actor);
            e.bitmask.step(masked);
            e.naive.step(body);
        }
    }
    let total: usize = counts.iter().sum();
    eprintln!(
        "movement kinds: {total} actor-frames: airborne {}, on flat ground {}, on a slope {} \
         (each replayed 10 times per engine)",
        counts[0], counts[1], counts[2]
    );
}

/// Runs a crowd for the warm-up and `frames` more, untimed; a checksum of the final
/// positions keeps the work observable.
fn run_alone<T: Driven + Clone>(
    start: &[(T, slope_bench::Brain)],
    frames: u32,
    mut frame: impl FnMut(&mut [(T, slope_bench::Brain)]),
) -> i64 {
    let mut mobs = start.to_vec();
    for _ in 0..WARM_FRAMES + frames {
        frame(black_box(&mut mobs));
    }
    mobs.iter()
        .map(|m| {
            let (x, y) = pos(m);
            i64::from(x) + i64::from(y)
        })
        .sum()
}

/// Per-iteration times (ns) of each benchmark, for the summary.
type Samples = RefCell<Vec<f64>>;

/// Times `iters` runs of `FRAMES` frames, each from a fresh copy of `start` (copy untimed).
fn timed<T: Clone>(
    start: &[T],
    iters: u64,
    samples: &Samples,
    mut frame: impl FnMut(&mut [T]),
) -> Duration {
    let mut total = Duration::ZERO;
    let mut mobs = start.to_vec();
    for _ in 0..iters {
        mobs.clone_from_slice(start);
        let t = Instant::now();
        for _ in 0..FRAMES {
            frame(black_box(&mut mobs));
        }
        total += t.elapsed();
        black_box(&mobs);
    }
    samples
        .borrow_mut()
        .push(total.as_secs_f64() * 1e9 / iters as f64);
    total
}

fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// Sample count per benchmark (criterion's measurement phase).
const SAMPLES: usize = 60;

struct Case {
    /// The crowd's (and benchmark group's) name.
    crowd: &'static str,
    count: usize,
    rt: Vec<Mob>,
    /// The baselines' actors ([`BASELINES`] order) after the warm-up.
    bodies: [Vec<Walker>; 2],
    /// Pixel steps of one iteration (the same on every engine: checked trajectories).
    steps: u64,
    rt_ns: Samples,
    /// The baselines' samples, [`BASELINES`] order.
    ns: [Samples; 2],
}

impl Case {
    /// Times `iters` iterations of baseline `which` ([`BASELINES`] order).
    fn time_baseline(
        &self,
        e: Engines<'_>,
        which: usize,
        iters: u64,
        samples: &Samples,
    ) -> Duration {
        match which {
            0 => timed(&self.bodies[0], iters, samples, |m| {
                body_frame(e.bitmask, m)
            }),
            _ => timed(&self.bodies[1], iters, samples, |m| body_frame(e.naive, m)),
        }
    }
}

fn main() {
    let tables = Tables::from_bytes(TILES).expect("the default tiles");
    let level = build_level(&tables);
    let world = World::new(tables, &level);
    let naive = Naive::new(&tables, &level);
    let bitmask = Bitmask::new(&tables, &level);
    let e = Engines {
        world: &world,
        bitmask: &bitmask,
        naive: &naive,
    };

    eprintln!(
        "movement: sizes: Actor {} B, World<&GridMap<64, 16>> {} B, Cell {} B, \
         GridMap<64, 16> {} B, Tables {} B; baselines: Body {} B, bitmask {} mask sets × 64 B, \
         naive {} bitmaps × 256 B",
        size_of::<Actor>(),
        size_of::<World<'_, &Level>>(),
        size_of::<Cell>(),
        size_of::<Level>(),
        size_of::<Tables<'_>>(),
        size_of::<Body>(),
        bitmask.mask_sets(),
        naive.bitmaps(),
    );

    if let Ok(which) = std::env::var("MOVEMENT_KINDS") {
        kinds(e, if which == "large" { &LARGE } else { &MIXED });
        return;
    }
    if let Ok(spec) = std::env::var("MOVEMENT_PROFILE") {
        profile(e, &spec);
        return;
    }

    for crowd in &CROWDS {
        for i in 0..1000 {
            let ((x, y, w, h), _) = spawn(crowd, i);
            assert!(
                !world.hits(Rect::of_box(x, y, w, h)),
                "actor {i} of crowd {} spawns inside",
                crowd.name
            );
        }
    }
    let started = Instant::now();
    let mut report = String::new();
    let mut all_identical = true;
    for crowd in &CROWDS {
        report += &format!("  crowd {} (sizes {:?}):\n", crowd.name, crowd.sizes);
        for count in [100, 1000] {
            let (text, identical) = compare(e, crowd, count);
            report += &text;
            report += "\n";
            all_identical &= identical;
        }
    }
    eprintln!(
        "movement: trajectories, runtime vs baselines (checked in {:.2} s):\n{report}\
         movement: one timed iteration = {FRAMES} frames of every actor, from the state after \
         {WARM_FRAMES} frames",
        started.elapsed().as_secs_f64()
    );
    // Timing engines that do different things would compare nothing.
    assert!(
        all_identical,
        "the runtime and a baseline diverged (see above): a rule changed in one of them"
    );

    let cases: Vec<Case> = CROWDS
        .iter()
        .flat_map(|crowd| crowd.counts.iter().map(move |&count| (crowd, count)))
        .map(|(crowd, count)| {
            let mut rt = crowd_of::<Actor>(crowd, count);
            let mut bodies = [
                crowd_of::<Body>(crowd, count),
                crowd_of::<Body>(crowd, count),
            ];
            for _ in 0..WARM_FRAMES {
                runtime_frame(&world, &mut rt);
                body_frame(&bitmask, &mut bodies[0]);
                body_frame(&naive, &mut bodies[1]);
            }
            let steps = pixel_steps(&rt, FRAMES, |m| runtime_frame(&world, m));
            Case {
                crowd: crowd.name,
                count,
                rt,
                bodies,
                steps,
                rt_ns: RefCell::new(Vec::new()),
                ns: Default::default(),
            }
        })
        .collect();

    let mut c = Criterion::default()
        .sample_size(SAMPLES)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(6))
        .configure_from_args();
    for crowd in &CROWDS {
        let mut group = c.benchmark_group(crowd.name);
        // Every sample the same number of iterations, so that their median means something.
        group.sampling_mode(SamplingMode::Flat);
        for case in cases.iter().filter(|c| c.crowd == crowd.name) {
            group.throughput(Throughput::Elements(case.steps));
            group.bench_function(BenchmarkId::new("runtime", case.count), |b| {
                b.iter_custom(|iters| {
                    timed(&case.rt, iters, &case.rt_ns, |m| runtime_frame(&world, m))
                })
            });
            for (which, name) in BASELINES.iter().enumerate() {
                group.bench_function(BenchmarkId::new(*name, case.count), |b| {
                    b.iter_custom(|iters| case.time_baseline(e, which, iters, &case.ns[which]))
                });
            }
        }
        group.finish();
    }
    c.final_summary();

    // The summary, from the measurement samples (the last SAMPLES calls of each).
    if std::env::args().any(|a| a == "--test" || a == "--list") {
        return;
    }
    eprintln!(
        "\nmovement summary (medians of {SAMPLES} samples; {FRAMES} frames per iteration):\n  \
         {:>14} {:>6}  {:>10} {:>10} {:>10}  {:>10}  {:>8} {:>8} {:>8}  {:>7} {:>7}",
        "crowd",
        "actors",
        "rt ns/af",
        "bm ns/af",
        "nv ns/af",
        "steps/it",
        "rt Ms/s",
        "bm Ms/s",
        "nv Ms/s",
        "bm/rt",
        "nv/rt"
    );
    let mut paired = String::new();
    for case in &cases {
        let last = |s: &Samples| {
            let s = s.borrow();
            median(&s[s.len().saturating_sub(SAMPLES)..])
        };
        let (rt, bm, nv) = (last(&case.rt_ns), last(&case.ns[0]), last(&case.ns[1]));
        let af = f64::from(FRAMES) * case.count as f64;
        let msteps = |ns: f64| case.steps as f64 / ns * 1e3;
        eprintln!(
            "  {:>14} {:>6}  {:>10.1} {:>10.1} {:>10.1}  {:>10}  {:>8.1} {:>8.1} {:>8.1}  \
             {:>6.2}× {:>6.2}×",
            case.crowd,
            case.count,
            rt / af,
            bm / af,
            nv / af,
            case.steps,
            msteps(rt),
            msteps(bm),
            msteps(nv),
            bm / rt,
            nv / rt,
        );
        let reps = (PAIR_NS / rt).ceil().max(1.0) as u64;
        for (which, name) in BASELINES.iter().enumerate() {
            let ratios = paired_ratios(e, case, which, reps);
            paired += &format!(
                "  {:>14} {:>6}  {name:>7}/runtime  {:>9.2}×  {:>5.2}× – {:.2}×  \
                 ({reps} × {FRAMES} frames per timing)\n",
                case.crowd,
                case.count,
                quantile(&ratios, 0.5),
                quantile(&ratios, 0.25),
                quantile(&ratios, 0.75),
            );
        }
    }
    eprintln!(
        "\nmovement paired (baseline/runtime time of {PAIRS} back-to-back pairs of timings):\n  \
         {:>14} {:>6}  {:>15}  {:>10}  {:>15}\n{paired}",
        "crowd", "actors", "ratio", "median", "quartiles"
    );
}

/// Back-to-back pairs timed after criterion's runs: a slow phase of the shared machine
/// (they last seconds) then slows both timings of a pair alike, where criterion's samples
/// of two engines are taken seconds apart.
const PAIRS: usize = 101;

/// About how long one runtime timing of a pair lasts, ns: long enough for the clock, short
/// enough for a pair to fall within one phase of the machine.
const PAIR_NS: f64 = 2e6;

/// The ratio baseline time / runtime time of each of [`PAIRS`] pairs of timings, each of
/// `reps` iterations from the case's snapshot; which engine goes first alternates.
fn paired_ratios(e: Engines<'_>, case: &Case, which: usize, reps: u64) -> Vec<f64> {
    let scratch = RefCell::new(Vec::new());
    let time_rt = || timed(&case.rt, reps, &scratch, |m| runtime_frame(e.world, m));
    let time_base = || case.time_baseline(e, which, reps, &scratch);
    (0..PAIRS)
        .map(|i| {
            let (rt, base) = if i % 2 == 0 {
                let rt = time_rt();
                (rt, time_base())
            } else {
                let base = time_base();
                (time_rt(), base)
            };
            base.as_secs_f64() / rt.as_secs_f64()
        })
        .collect()
}

/// The `q` quantile of `v` (nearest rank).
fn quantile(v: &[f64], q: f64) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    let Some(last) = v.len().checked_sub(1) else {
        return f64::NAN;
    };
    v[((last as f64) * q).round() as usize]
}
