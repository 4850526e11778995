//! The timing harness: every engine's crowd on the same level from the same spawns,
//! warmed up, then timed in rounds of back-to-back blocks of frames (the engines' order
//! turning each round), with medians of the time per character-frame and of the
//! per-round ratios.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crate::level::{Level, example_level};
use crate::plugin::PluginCrowd;
use crate::rapier::{RapierCrowd, Shape};
use crate::rules::{Gravity, Spawn, spawns};
use crate::runtime::RuntimeCrowd;

/// An engine that moves the crowd, and when its gravity pulls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// bevy_slope: `SlopeActor`s in a headless app, `run_schedule(FixedUpdate)`, the
    /// example's rules (gravity every frame).
    Plugin,
    /// The plugin with `FixedUpdate` on Bevy's single-threaded executor.
    PluginSingleThreaded,
    /// The plugin with gravity only off the ground.
    PluginAirborne,
    /// Rapier's `KinematicCharacterController` with a 10×14 box, gravity only off the
    /// ground (snap-to-ground keeps it down): the setting in which Rapier walks best.
    RapierBox,
    /// The same with a 10×14 capsule.
    RapierCapsule,
    /// Rapier with the box and gravity every frame (pressing into the ground, as Rapier's
    /// own character example does).
    RapierBoxPush,
    /// slope-runtime's `World::step` over a `Vec<Actor>`, without Bevy, the example's rules.
    Runtime,
}

impl Engine {
    /// The engines timed by default, in the tables' order.
    pub const ALL: [Engine; 6] = [
        Engine::Plugin,
        Engine::PluginSingleThreaded,
        Engine::RapierBox,
        Engine::RapierCapsule,
        Engine::RapierBoxPush,
        Engine::Runtime,
    ];

    /// Every engine.
    pub const EVERY: [Engine; 7] = [
        Engine::Plugin,
        Engine::PluginSingleThreaded,
        Engine::PluginAirborne,
        Engine::RapierBox,
        Engine::RapierCapsule,
        Engine::RapierBoxPush,
        Engine::Runtime,
    ];

    /// Its name on the command line and in the tables.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Plugin => "plugin",
            Engine::PluginSingleThreaded => "plugin-st",
            Engine::PluginAirborne => "plugin-airborne",
            Engine::RapierBox => "rapier-box",
            Engine::RapierCapsule => "rapier-capsule",
            Engine::RapierBoxPush => "rapier-box-push",
            Engine::Runtime => "runtime",
        }
    }

    /// The engine named `name`.
    pub fn from_name(name: &str) -> Option<Engine> {
        Engine::EVERY.into_iter().find(|e| e.name() == name)
    }

    /// When its gravity pulls.
    pub fn gravity(self) -> Gravity {
        match self {
            Engine::Plugin
            | Engine::PluginSingleThreaded
            | Engine::RapierBoxPush
            | Engine::Runtime => Gravity::Always,
            Engine::PluginAirborne | Engine::RapierBox | Engine::RapierCapsule => Gravity::Airborne,
        }
    }
}

/// A crowd in one of the engines.
pub enum Crowd {
    /// In the plugin.
    Plugin(Box<PluginCrowd>),
    /// In slope-runtime alone.
    Runtime(Box<RuntimeCrowd>),
    /// In Rapier.
    Rapier(Box<RapierCrowd>),
}

impl Crowd {
    /// A crowd of `engine` on `level` with a character at each of `spawns`.
    pub fn new(engine: Engine, level: &Level, spawns: &[Spawn]) -> Crowd {
        let gravity = engine.gravity();
        match engine {
            Engine::Plugin | Engine::PluginAirborne | Engine::PluginSingleThreaded => {
                Crowd::Plugin(Box::new(PluginCrowd::new(
                    spawns,
                    gravity,
                    engine == Engine::PluginSingleThreaded,
                )))
            }
            Engine::Runtime => {
                Crowd::Runtime(Box::new(RuntimeCrowd::new(level.clone(), spawns, gravity)))
            }
            Engine::RapierBox | Engine::RapierBoxPush => Crowd::Rapier(Box::new(RapierCrowd::new(
                level,
                Shape::Box,
                spawns,
                gravity,
            ))),
            Engine::RapierCapsule => Crowd::Rapier(Box::new(RapierCrowd::new(
                level,
                Shape::Capsule,
                spawns,
                gravity,
            ))),
        }
    }

    /// One frame: rules and moves.
    pub fn frame(&mut self) {
        match self {
            Crowd::Plugin(c) => c.frame(),
            Crowd::Runtime(c) => c.frame(),
            Crowd::Rapier(c) => c.frame(),
        }
    }

    /// `frames` frames, timed.
    pub fn time(&mut self, frames: u32) -> Duration {
        let start = Instant::now();
        for _ in 0..frames {
            self.frame();
        }
        start.elapsed()
    }

    /// Every character's position (bottom-left corner of its box), in spawn order.
    pub fn positions(&mut self) -> Vec<(f32, f32)> {
        match self {
            Crowd::Plugin(c) => c.positions(),
            Crowd::Runtime(c) => c.positions(),
            Crowd::Rapier(c) => c.positions(),
        }
    }
}

/// Frames after the rounds over which what the crowds do is measured (one jump period).
pub const ACTIVITY_FRAMES: u32 = 97;

/// `frames` untimed frames of `crowd`: the mean |dx| per character-frame (px) and the share
/// of character-frames in which a character moved more than 0.01 px.
pub fn activity_of(crowd: &mut Crowd, frames: u32) -> (f64, f64) {
    let mut before = crowd.positions();
    let (mut dx, mut moving, mut count) = (0.0, 0usize, 0usize);
    for _ in 0..frames {
        crowd.frame();
        let after = crowd.positions();
        for (a, b) in before.iter().zip(&after) {
            dx += f64::from((b.0 - a.0).abs());
            moving += usize::from((b.0 - a.0).abs() > 0.01 || (b.1 - a.1).abs() > 0.01);
            count += 1;
        }
        before = after;
    }
    (
        dx / count.max(1) as f64,
        moving as f64 / count.max(1) as f64,
    )
}

/// The median of `values` (the mean of the middle two for an even count); NaN if empty.
pub fn median(values: &[f64]) -> f64 {
    quantile(values, 0.5)
}

/// The `q` quantile of `values` by linear interpolation; NaN if empty.
pub fn quantile(values: &[f64], q: f64) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let at = q * (v.len() - 1) as f64;
    let (lo, hi) = (at.floor() as usize, at.ceil() as usize);
    v[lo] + (v[hi] - v[lo]) * (at - lo as f64)
}

/// How a timing run goes.
#[derive(Clone, Debug)]
pub struct TimingOptions {
    /// Crowd sizes.
    pub sizes: Vec<usize>,
    /// Rounds (each engine timed once per round, back to back).
    pub rounds: usize,
    /// Frames per timed block.
    pub frames: u32,
    /// Frames before the first round.
    pub warmup: u32,
    /// The engines timed.
    pub engines: Vec<Engine>,
}

impl Default for TimingOptions {
    fn default() -> Self {
        TimingOptions {
            sizes: vec![1, 100, 1000],
            rounds: 30,
            frames: 60,
            warmup: 60,
            engines: Engine::ALL.to_vec(),
        }
    }
}

/// One crowd size's timings: per engine, ns per character-frame in each round.
#[derive(Clone, Debug)]
pub struct SizeTimings {
    /// The crowd size asked for.
    pub n: usize,
    /// Characters actually placed (all of them, on this level).
    pub placed: usize,
    /// Per engine (in [`TimingOptions::engines`]' order): ns per character-frame, by round.
    pub ns: Vec<(Engine, Vec<f64>)>,
    /// Per engine, over [`ACTIVITY_FRAMES`] untimed frames after the rounds: the
    /// characters' mean horizontal speed (px per frame) and the share of character-frames
    /// in which a character moved at all.
    pub activity: Vec<(Engine, f64, f64)>,
}

impl SizeTimings {
    /// The per-round times of `engine`.
    pub fn of(&self, engine: Engine) -> Option<&[f64]> {
        self.ns
            .iter()
            .find(|(e, _)| *e == engine)
            .map(|(_, v)| v.as_slice())
    }

    /// The per-round ratios `a / b`.
    pub fn ratios(&self, a: Engine, b: Engine) -> Option<Vec<f64>> {
        let (a, b) = (self.of(a)?, self.of(b)?);
        Some(a.iter().zip(b).map(|(x, y)| x / y).collect())
    }
}

/// Times every engine of `options` at each crowd size.
pub fn time_all(options: &TimingOptions, mut progress: impl FnMut(&str)) -> Vec<SizeTimings> {
    let level = Level::load(&example_level()).expect("the example's level compiles");
    let mut out = Vec::new();
    for &n in &options.sizes {
        let spawns = spawns(&level, n);
        let placed = spawns.len();
        let mut crowds: Vec<(Engine, Crowd, Vec<f64>)> = options
            .engines
            .iter()
            .map(|&e| (e, Crowd::new(e, &level, &spawns), Vec::new()))
            .collect();
        for (_, crowd, _) in &mut crowds {
            crowd.time(options.warmup);
        }
        let count = crowds.len();
        for round in 0..options.rounds {
            for k in 0..count {
                let (_, crowd, times) = &mut crowds[(round + k) % count];
                let elapsed = crowd.time(options.frames);
                times.push(elapsed.as_nanos() as f64 / (f64::from(options.frames) * placed as f64));
            }
        }
        let mut activity = Vec::new();
        for (engine, crowd, _) in &mut crowds {
            let (speed, moving) = activity_of(crowd, ACTIVITY_FRAMES);
            activity.push((*engine, speed, moving));
        }
        progress(&format!(
            "n = {n}: {}",
            crowds
                .iter()
                .map(|(e, _, t)| format!("{} {:.0} ns", e.name(), median(t)))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        out.push(SizeTimings {
            n,
            placed,
            ns: crowds.into_iter().map(|(e, _, t)| (e, t)).collect(),
            activity,
        });
    }
    out
}

/// A table's header: `N`, then a column per engine, right-aligned.
fn engine_header(s: &mut String, engines: &[Engine]) {
    let _ = write!(s, "| N |");
    for e in engines {
        let _ = write!(s, " {} |", e.name());
    }
    let _ = write!(s, "\n|---:|");
    for _ in engines {
        let _ = write!(s, "---:|");
    }
    s.push('\n');
}

/// The timings as markdown tables: medians (with the quartiles) per engine, and the
/// medians of the per-round ratios.
pub fn timing_tables(options: &TimingOptions, timings: &[SizeTimings]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Time per character-frame (ns): median [25th–75th percentile] of {} rounds of {} frames after {} warm-up frames, engines back to back in each round (order turning), release build.\n",
        options.rounds, options.frames, options.warmup
    );
    engine_header(&mut s, &options.engines);
    for t in timings {
        let _ = write!(s, "| {} |", t.n);
        for (_, v) in &t.ns {
            let _ = write!(
                s,
                " {:.0} [{:.0}–{:.0}] |",
                median(v),
                quantile(v, 0.25),
                quantile(v, 0.75)
            );
        }
        s.push('\n');
    }
    let pairs = [
        (Engine::RapierBox, Engine::Plugin),
        (Engine::RapierCapsule, Engine::Plugin),
        (Engine::RapierBoxPush, Engine::Plugin),
        (Engine::RapierBox, Engine::PluginSingleThreaded),
        (Engine::PluginSingleThreaded, Engine::Plugin),
        (Engine::PluginAirborne, Engine::Plugin),
        (Engine::Plugin, Engine::Runtime),
        (Engine::PluginSingleThreaded, Engine::Runtime),
        (Engine::RapierBox, Engine::Runtime),
    ];
    let _ = writeln!(
        s,
        "\nMedian of the per-round ratios (a / b, each from the same round) [25th–75th percentile]:\n"
    );
    let shown: Vec<_> = pairs
        .iter()
        .filter(|(a, b)| options.engines.contains(a) && options.engines.contains(b))
        .collect();
    let _ = write!(s, "| N |");
    for (a, b) in &shown {
        let _ = write!(s, " {} / {} |", a.name(), b.name());
    }
    let _ = write!(s, "\n|---:|");
    for _ in &shown {
        let _ = write!(s, "---:|");
    }
    s.push('\n');
    for t in timings {
        let _ = write!(s, "| {} |", t.n);
        for (a, b) in &shown {
            let r = t.ratios(*a, *b).unwrap_or_default();
            let _ = write!(
                s,
                " {:.2} [{:.2}–{:.2}] |",
                median(&r),
                quantile(&r, 0.25),
                quantile(&r, 0.75)
            );
        }
        s.push('\n');
    }
    let _ = writeln!(
        s,
        "\nWhat the crowds did in {ACTIVITY_FRAMES} untimed frames after the rounds (mean horizontal speed, px per frame; share of character-frames with any motion):\n"
    );
    engine_header(&mut s, &options.engines);
    for t in timings {
        let _ = write!(s, "| {} |", t.n);
        for (_, speed, moving) in &t.activity {
            let _ = write!(s, " {speed:.2} px/f, {:.0} % |", moving * 100.0);
        }
        s.push('\n');
    }
    s
}

/// The callgrind mode: builds a crowd of `n` of `engine` and runs `frames` frames (no
/// warm-up); a checksum of the positions, so nothing is optimised away.
pub fn count(engine: Engine, n: usize, frames: u32) -> f64 {
    let level = Level::load(&example_level()).expect("the example's level compiles");
    let spawns = spawns(&level, n);
    let mut crowd = Crowd::new(engine, &level, &spawns);
    for _ in 0..frames {
        crowd.frame();
    }
    crowd
        .positions()
        .iter()
        .map(|&(x, y)| f64::from(x) + f64::from(y))
        .sum()
}
