//! An actor runs, jumps, drops through a one-way platform and rides a lift, in a level
//! built from the default tiles, drawn in the terminal frame by frame.
//!
//! ```text
//! cargo run -p demo --example walk              # every 10th frame, one after another
//! cargo run -p demo --example walk -- --animate # in place, at 30 frames per second
//! cargo run -p demo --example walk -- --wide    # 120 columns (4×8 px a character)
//! cargo run -p demo --example walk -- --narrow  # 80 columns (6×12 px a character)
//! ```
//!
//! Without `--wide` or `--narrow` the drawing is 120 columns wide when the terminal is (read
//! from `COLUMNS`; 80 when unset), else 80. `--animate` draws every simulated frame, at 30
//! frames per second (half the game's 60: 20 s in all), each on a deadline from the start,
//! so slow drawing does not slow the pace.
//!
//! The level and its tables come from the demo's `build.rs`, which regenerates them from
//! the Tiled map `levels/walk.tmx`.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use demo::scene::{FRAMES, Level, Scene, level_size};
use demo::text::{Block, Screen, legend, terminal_columns};
use demo::walk;

/// Frames drawn per second with `--animate`.
const ANIMATE_FPS: u32 = 30;

const USAGE: &str = "\
An actor runs through the demo level, drawn in the terminal.

Usage: cargo run -p demo --example walk -- [--animate] [--wide | --narrow]

Options:
  --animate   draw every frame in place, 30 frames per second
  --wide      120 columns, 4×8 px a character
  --narrow    80 columns, 6×12 px a character
              (default: --wide if COLUMNS is at least 120, else --narrow)
  -h, --help  print this help";

fn main() -> ExitCode {
    let (mut animate, mut block) = (false, None);
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--animate" => animate = true,
            "--wide" => block = Some(Block::FULL),
            "--narrow" => block = Some(Block::COMPACT),
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("walk: unknown argument `{other}`\n\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let block = block.unwrap_or_else(|| {
        let columns = terminal_columns(std::env::var("COLUMNS").ok().as_deref());
        Block::for_terminal(columns, level_size().0)
    });
    let pace = animate.then(|| Duration::from_secs(1) / ANIMATE_FPS);
    match show(&mut std::io::stdout().lock(), block, pace) {
        Ok(()) => ExitCode::SUCCESS,
        // a closed pipe (`| head`) just ends the show
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("walk: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the scene and draws it in characters of `block`: with `pace`, every frame in
/// place, each on its deadline (`pace` after the one before, counted from the start,
/// however long drawing takes); without, the legend and then every 10th frame.
fn show(out: &mut impl Write, block: Block, pace: Option<Duration>) -> std::io::Result<()> {
    let tables = walk::TABLES;
    let (w, h) = level_size();
    let screen = Screen::new(&tables, &Level, w, h, block);
    let mut scene = Scene::walk(tables);
    if pace.is_none() {
        writeln!(out, "{}\n", legend(block))?;
    }
    let start = Instant::now();
    for frame in 0..FRAMES {
        scene.step();
        let picture = format!(
            "{}\n{}",
            status(&scene, frame),
            screen.draw(&scene.platforms, &scene.actors)
        );
        match pace {
            Some(period) => {
                let deadline = start + period * frame;
                std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
                writeln!(out, "\x1b[H\x1b[2J{picture}{}", legend(block))?;
            }
            None if frame % 10 == 0 || frame == FRAMES - 1 => write!(out, "{picture}")?,
            None => {}
        }
        out.flush()?;
    }
    Ok(())
}

/// The hero's frame, position and contacts, one line.
fn status(scene: &Scene<'_>, frame: u32) -> String {
    let hero = &scene.actors[0];
    let c = hero.contacts;
    let angle = scene.world().ground_angle(hero);
    format!(
        "frame {frame:3}  x {:4} y {:4}  {}{}{}{}  angle {:3}",
        hero.x,
        hero.y,
        if c.on_ground() { "ground " } else { "air    " },
        // level ground beside a slope may read a byte angle off level
        if (angle as i8).unsigned_abs() > 1 {
            "slope "
        } else {
            ""
        },
        if c.on_one_way() { "one-way " } else { "" },
        if c.pushing_left() || c.pushing_right() {
            "wall "
        } else {
            ""
        },
        angle
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listing(block: Block, pace: Option<Duration>) -> String {
        let mut out = Vec::new();
        show(&mut out, block, pace).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_listing_opens_with_the_legend_and_is_the_same_every_time() {
        for block in [Block::FULL, Block::COMPACT] {
            let text = listing(block, None);
            assert!(text.starts_with(&format!("{}\n\n", legend(block))));
            assert_eq!(text.matches("frame ").count(), 61);
            assert_eq!(text, listing(block, None));
        }
        let narrow = listing(Block::COMPACT, None);
        assert!(narrow.lines().all(|l| l.chars().count() <= 80));
    }

    #[test]
    fn every_animated_frame_is_drawn_in_place_with_the_legend() {
        let text = listing(Block::COMPACT, Some(Duration::ZERO));
        let frames: Vec<&str> = text.split("\x1b[H\x1b[2J").skip(1).collect();
        assert_eq!(frames.len(), FRAMES as usize);
        assert!(
            frames
                .iter()
                .all(|f| f.ends_with(&format!("{}\n", legend(Block::COMPACT))))
        );
    }
}
