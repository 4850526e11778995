//! `slope-compare`: Rapier's kinematic character controller beside bevy_slope.
//!
//! ```sh
//! cargo run --release -p slope-compare -- time            # the timing tables
//! cargo run --release -p slope-compare -- time --rounds 10 --frames 30 --warmup 30 --sizes 1,100
//! cargo run --release -p slope-compare -- count rapier-box 1000 120   # for callgrind
//! cargo run --release -p slope-compare -- behaviour       # the behaviour facts
//! ```

use std::process::ExitCode;

use slope_compare::harness::{self, Engine, TimingOptions};
use slope_compare::report;

const USAGE: &str = "usage:
  slope-compare time [--rounds R] [--frames F] [--warmup W] [--sizes 1,100,1000] [--engines plugin,rapier-box,...]
  slope-compare count ENGINE N FRAMES     (ENGINE: plugin, plugin-st, plugin-airborne, rapier-box, rapier-capsule, rapier-box-push, runtime)
  slope-compare behaviour";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}\n{USAGE}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("time") => {
            let options = timing_options(&args[1..])?;
            let timings = harness::time_all(&options, |line| eprintln!("{line}"));
            print!("{}", harness::timing_tables(&options, &timings));
            Ok(())
        }
        Some("count") => {
            let [engine, n, frames] = &args[1..] else {
                return Err("count takes ENGINE N FRAMES".into());
            };
            let engine = Engine::from_name(engine).ok_or_else(|| format!("no engine {engine}"))?;
            let n = n.parse().map_err(|e| format!("N: {e}"))?;
            let frames = frames.parse().map_err(|e| format!("FRAMES: {e}"))?;
            let checksum = harness::count(engine, n, frames);
            println!("{} {n} {frames} checksum {checksum}", engine.name());
            Ok(())
        }
        Some("behaviour") => {
            print!("{}", report::behaviour());
            Ok(())
        }
        _ => Err("no mode given".into()),
    }
}

fn timing_options(args: &[String]) -> Result<TimingOptions, String> {
    let mut options = TimingOptions::default();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |v: &str| v.parse::<usize>().map_err(|e| format!("{flag}: {e}"));
        match flag.as_str() {
            "--rounds" => options.rounds = number(value)?,
            "--frames" => options.frames = number(value)? as u32,
            "--warmup" => options.warmup = number(value)? as u32,
            "--sizes" => {
                options.sizes = value.split(',').map(number).collect::<Result<_, _>>()?;
            }
            "--engines" => {
                options.engines = value
                    .split(',')
                    .map(|e| Engine::from_name(e).ok_or_else(|| format!("no engine {e}")))
                    .collect::<Result<_, _>>()?;
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if options.rounds == 0 || options.frames == 0 || options.sizes.contains(&0) {
        return Err("rounds, frames and sizes must be at least 1".into());
    }
    Ok(options)
}
