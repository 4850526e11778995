//! The outputs under kills and races: `slopegen` is SIGKILLed at random moments, and two
//! runs write into one folder at once, over and over. After every kill, and at every moment
//! a reader looks during a race, each output is whole: the old file or the new one, never a
//! mix. A kill between two renames may leave the new `.bin` beside the old `.rs` (the `.rs`
//! is renamed last, so never the other way round); the next run repairs the pair, and
//! leaves nothing else in the folder.
//!
//! Bounded in time for CI (about half a minute in all on two cores). The random delays come
//! from a seed printed on failure; `SLOPEGEN_SEED=… cargo test --test robustness` replays.
#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use image::{GrayImage, Luma};

const BIN: &str = env!("CARGO_BIN_EXE_slopegen");

/// A folder of `count` distinct 16×16 tiles (a different picture per tile and per `salt`).
fn tile_folder(dir: &Path, count: u32, salt: u32) -> PathBuf {
    fs::create_dir_all(dir).unwrap();
    for i in 0..count {
        let k = i.wrapping_mul(2_654_435_761).wrapping_add(salt);
        let img = GrayImage::from_fn(16, 16, |x, y| {
            let solid = (x * 7 + y * 3 + k) % 5 < 2 || (k >> (x % 16)) & 1 == 1 && y < 4;
            Luma([if solid { 0 } else { 255 }])
        });
        img.save(dir.join(format!("t{i:05}.png"))).unwrap();
    }
    dir.to_owned()
}

/// `slopegen TILES -o OUT --name set -q`, not yet waited for.
fn spawn(tiles: &Path, out: &Path) -> std::process::Child {
    Command::new(BIN)
        .arg(tiles)
        .arg("-o")
        .arg(out)
        .args(["--name", "set", "-q"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn run(tiles: &Path, out: &Path) {
    let output = spawn(tiles, out).wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "slopegen failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// One complete output set, as a run writes it.
#[derive(Clone, PartialEq, Eq)]
struct Set {
    bin: Vec<u8>,
    rs: Vec<u8>,
}

/// What a reader sees in `out` right now: each file's bytes, if it is there.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Seen {
    bin: Option<Vec<u8>>,
    rs: Option<Vec<u8>>,
}

fn look(out: &Path) -> Seen {
    Seen {
        bin: fs::read(out.join("set.bin")).ok(),
        rs: fs::read(out.join("set.rs")).ok(),
    }
}

impl Seen {
    /// The set these files make, if they are one: both there and the `.rs` generated for
    /// this `.bin` (panics, naming `what`, if the blob does not load).
    fn set(&self, what: &str) -> Option<Set> {
        let (Some(bin), Some(rs)) = (&self.bin, &self.rs) else {
            return None;
        };
        slope_runtime::Tables::from_bytes(bin)
            .unwrap_or_else(|e| panic!("{what}: set.bin does not load: {e}"));
        let tail = u32::from_le_bytes(bin[bin.len() - 4..].try_into().unwrap());
        (crc_in_header(rs) == tail).then(|| Set {
            bin: bin.clone(),
            rs: rs.clone(),
        })
    }

    /// Panics (naming `what`) unless every file present is whole: one of `sets`' files.
    fn assert_whole(&self, sets: &[&Set], what: &str) {
        if let Some(bin) = &self.bin {
            assert!(
                sets.iter().any(|s| &s.bin == bin),
                "{what}: set.bin is no run's whole blob"
            );
        }
        if let Some(rs) = &self.rs {
            assert!(
                sets.iter().any(|s| &s.rs == rs),
                "{what}: set.rs is no run's whole module"
            );
        }
    }
}

/// The blob checksum the generated module states in its header.
fn crc_in_header(rs: &[u8]) -> u32 {
    let text = String::from_utf8_lossy(rs);
    let at = text.find("CRC-32 0x").expect("the header states the CRC") + "CRC-32 0x".len();
    u32::from_str_radix(&text[at..at + 8], 16).unwrap()
}

/// What a run may leave when killed, or anything else beside the two outputs.
fn leftovers(out: &Path) -> Vec<String> {
    let mut found: Vec<String> = fs::read_dir(out)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name != "set.bin" && name != "set.rs")
        .collect();
    found.sort();
    found
}

/// xorshift64 from a seed that a failure prints.
struct Rng(u64);

impl Rng {
    fn from_env() -> Rng {
        let seed = std::env::var("SLOPEGEN_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_nanos() as u64
                    | 1
            });
        eprintln!("SLOPEGEN_SEED={seed}");
        Rng(seed)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// Two tile sets (a small and a large one), each generated once to know its outputs, and
/// how long the large one takes.
struct Fixture {
    _root: tempfile::TempDir,
    root: PathBuf,
    tiles: [PathBuf; 2],
    sets: [Set; 2],
    duration: Duration,
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_owned();
    let tiles = [
        tile_folder(&root.join("small"), 12, 1),
        tile_folder(&root.join("large"), 3000, 2),
    ];
    let mut sets = Vec::new();
    let mut duration = Duration::ZERO;
    for (i, t) in tiles.iter().enumerate() {
        let out = root.join(format!("expected{i}"));
        let started = Instant::now();
        run(t, &out);
        duration = duration.max(started.elapsed());
        sets.push(
            look(&out)
                .set("a complete run")
                .expect("a complete run writes both files"),
        );
    }
    Fixture {
        _root: dir,
        root,
        tiles,
        sets: sets.try_into().ok().unwrap(),
        duration,
    }
}

/// SIGKILL at a random moment of a run, 80 times, alternating the tile sets (and now and
/// then starting from plain files of the other set): after every kill each output is the
/// whole file of the run before or of the killed run, and a new `.rs` is never beside an
/// old `.bin` (the `.rs` goes last). The next complete run repairs whatever was torn.
#[test]
fn killed_runs_leave_whole_files_and_the_next_run_repairs_them() {
    let f = fixture();
    let mut rng = Rng::from_env();
    let out = f.root.join("out").join("deeper");
    // Half the kills anywhere in a run, half near its end, where the outputs are written.
    let mut d = f.duration.as_micros() as u64;
    let mut kills_mid_run = 0;
    let mut torn = 0;
    for round in 0..80 {
        let which = round % 2;
        if round % 10 == 5 {
            let _ = fs::remove_dir_all(&out);
            fs::create_dir_all(&out).unwrap();
            let old = &f.sets[1 - which];
            fs::write(out.join("set.bin"), &old.bin).unwrap();
            fs::write(out.join("set.rs"), &old.rs).unwrap();
        }
        let before = look(&out);
        let mut child = spawn(&f.tiles[which], &out);
        let delay = match round % 4 < 2 {
            true => rng.below(d),
            false => d / 2 + rng.below(d / 2),
        };
        std::thread::sleep(Duration::from_micros(delay));
        let finished = child.try_wait().unwrap().is_some();
        child.kill().ok();
        child.wait().unwrap();
        kills_mid_run += usize::from(!finished);
        // Keep the window about one run long, whatever the machine's load does to runs.
        d = if finished {
            d * 85 / 100
        } else {
            d * 103 / 100
        }
        .max(1000);
        let what = format!("round {round} (after a kill)");
        let now = look(&out);
        let new = &f.sets[which];
        assert!(
            now.bin == before.bin || now.bin.as_ref() == Some(&new.bin),
            "{what}: set.bin is from neither the run before nor the killed run (a file that \
             existed never disappears: each is replaced by a rename)"
        );
        assert!(
            now.rs == before.rs || now.rs.as_ref() == Some(&new.rs),
            "{what}: set.rs is from neither the run before nor the killed run (a file that \
             existed never disappears: each is replaced by a rename)"
        );
        if now.rs.as_ref() == Some(&new.rs) && before.rs.as_ref() != Some(&new.rs) {
            assert_eq!(
                now.bin.as_ref(),
                Some(&new.bin),
                "{what}: the new set.rs was written before the new set.bin"
            );
        }
        torn += usize::from(now.bin.is_some() && now.set(&what).is_none());
    }
    eprintln!("{kills_mid_run} of 80 kills hit a running process, {torn} left a torn pair");
    assert!(
        kills_mid_run >= 30,
        "only {kills_mid_run} kills hit a running process"
    );

    // The next complete run repairs the pair and leaves nothing else behind.
    run(&f.tiles[0], &out);
    assert!(look(&out).set("after the last run") == Some(f.sets[0].clone()));
    assert_eq!(leftovers(&out), Vec::<String>::new());
}

/// Two runs into one (missing) folder at once, 25 times, the same or different tile sets:
/// both succeed, a reader watching the folder the whole time only ever sees whole files,
/// and the end is one run's whole set with nothing else in the folder.
#[test]
fn concurrent_runs_take_turns_and_end_with_one_whole_set() {
    let f = fixture();
    let mut rng = Rng::from_env();
    for trial in 0..25 {
        let out = f.root.join(format!("race{trial}")).join("out");
        let (a, b) = (trial % 2, rng.below(2) as usize);
        let stop = AtomicBool::new(false);
        std::thread::scope(|s| {
            let reader = s.spawn(|| {
                let (mut seen_bin, mut seen_rs) = (false, false);
                while !stop.load(Ordering::Relaxed) {
                    let what = format!("trial {trial} (while racing)");
                    let now = look(&out);
                    // once written, an output is only ever replaced, never missing
                    assert!(
                        !seen_bin || now.bin.is_some(),
                        "{what}: set.bin disappeared"
                    );
                    assert!(!seen_rs || now.rs.is_some(), "{what}: set.rs disappeared");
                    seen_bin |= now.bin.is_some();
                    seen_rs |= now.rs.is_some();
                    now.assert_whole(&[&f.sets[0], &f.sets[1]], &what);
                }
            });
            let one = spawn(&f.tiles[a], &out);
            std::thread::sleep(Duration::from_micros(rng.below(2000)));
            let two = spawn(&f.tiles[b], &out);
            for child in [one, two] {
                let output = child.wait_with_output().unwrap();
                assert!(
                    output.status.success(),
                    "trial {trial}: a concurrent run failed: {}",
                    String::from_utf8_lossy(&output.stderr)
                );
            }
            stop.store(true, Ordering::Relaxed);
            reader.join().unwrap();
        });
        let end = look(&out)
            .set(&format!("trial {trial} (after both)"))
            .expect("a whole set");
        assert!(
            end == f.sets[a] || end == f.sets[b],
            "trial {trial}: the folder holds neither run's set"
        );
        assert_eq!(leftovers(&out), Vec::<String>::new(), "trial {trial}");
    }
}
