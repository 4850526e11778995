//! `Builder::build` and `Builder::try_build` as a game's `build.rs` runs them, in a child
//! process as cargo runs a build script (stdout read as cargo's instructions): a bad tile is
//! reported with `cargo::error=` lines naming each file, the script ends with exit status 1,
//! and nothing panics; the fallible `try_build` still prints what cargo must watch.
//!
//! The child is this test binary itself, run again with `SLOPEGEN_BUILD_SCRIPT_TEST` set: the
//! test `child` then plays the build script (it does nothing in a normal run).

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use image::{GrayImage, Luma};

const CHILD: &str = "SLOPEGEN_BUILD_SCRIPT_TEST";

/// The build script, when run as the child: `build` or `try_build` on `$SLOPEGEN_TILES`,
/// into `$OUT_DIR`.
#[test]
fn child() {
    let Some(mode) = std::env::var_os(CHILD) else {
        return;
    };
    let tiles = std::env::var_os("SLOPEGEN_TILES").expect("SLOPEGEN_TILES");
    let mut builder = slopegen::Builder::new(tiles);
    if mode == "build_strict" {
        builder.strict(true);
    }
    if mode == "build" || mode == "build_strict" {
        let report = builder.build();
        println!("built {} shapes", report.shapes);
    } else {
        match builder.try_build() {
            Ok(report) => println!("built {} shapes", report.shapes),
            Err(e) => println!("try_build failed with {} problems", e.errors().len()),
        }
    }
}

/// Runs the test `child` in a new process, as a build script: stdout is what cargo reads.
fn run_build_script(mode: &str, tiles: &Path, out_dir: &Path) -> Output {
    Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "child", "--nocapture", "--test-threads=1"])
        .env(CHILD, mode)
        .env("SLOPEGEN_TILES", tiles)
        .env("OUT_DIR", out_dir)
        .env("RUST_BACKTRACE", "0")
        .output()
        .unwrap()
}

/// Writes a `w`×`h` greyscale PNG: a 45° slope, black (solid) on white.
fn png(path: &Path, w: u32, h: u32) {
    GrayImage::from_fn(w, h, |x, y| Luma([if h - 1 - y <= x { 0 } else { 255 }]))
        .save(path)
        .unwrap();
}

/// A folder of one good tile and two bad ones.
fn bad_tiles(root: &Path) -> std::path::PathBuf {
    let tiles = root.join("tiles");
    fs::create_dir_all(&tiles).unwrap();
    png(&tiles.join("good.png"), 16, 16);
    png(&tiles.join("wide.png"), 16, 8);
    fs::write(tiles.join("junk.png"), "not an image\n").unwrap();
    tiles
}

#[test]
fn build_reports_each_bad_tile_as_a_cargo_error_and_fails_without_a_panic() {
    let root = tempfile::tempdir().unwrap();
    let tiles = bad_tiles(root.path());
    let out = root.path().join("out");
    fs::create_dir_all(&out).unwrap();

    let output = run_build_script("build", &tiles, &out);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(
        !stdout.contains("panicked") && !stderr.contains("panicked"),
        "{stdout}\n{stderr}"
    );
    assert!(!stdout.contains("built "), "build returned: {stdout}");

    let errors: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("cargo::error="))
        .collect();
    let junk = format!(
        "cargo::error=slopegen: {}: not a valid PNG",
        tiles.join("junk.png").display()
    );
    let wide = format!(
        "cargo::error=slopegen: {}: tile is 16×8 pixels; tiles must be square",
        tiles.join("wide.png").display()
    );
    assert_eq!(errors.len(), 2, "{stdout}");
    assert!(errors[0].starts_with(&junk), "{stdout}");
    assert!(errors[1].starts_with(&wide), "{stdout}");
    // cargo is still told what to watch, and nothing was written.
    assert!(
        stdout.contains(&format!("cargo:rerun-if-changed={}\n", tiles.display())),
        "{stdout}"
    );
    assert_eq!(fs::read_dir(&out).unwrap().count(), 0);

    // Fixed, the same script builds.
    fs::remove_file(tiles.join("junk.png")).unwrap();
    png(&tiles.join("wide.png"), 16, 16);
    let output = run_build_script("build", &tiles, &out);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("built 2 shapes"), "{stdout}");
    assert!(!stdout.contains("cargo::error"), "{stdout}");
    assert!(out.join("tiles.bin").is_file() && out.join("tiles.rs").is_file());
}

#[test]
fn try_build_prints_what_cargo_watches_even_when_it_fails() {
    let root = tempfile::tempdir().unwrap();
    let tiles = bad_tiles(root.path());
    let out = root.path().join("out");
    fs::create_dir_all(&out).unwrap();

    let output = run_build_script("try_build", &tiles, &out);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains("try_build failed with 2 problems"),
        "{stdout}"
    );
    assert!(!stdout.contains("cargo::error"), "{stdout}");
    for watched in [
        tiles.clone(),
        tiles.join("good.png"),
        tiles.join("junk.png"),
        tiles.join("wide.png"),
    ] {
        let line = format!("cargo:rerun-if-changed={}\n", watched.display());
        assert!(stdout.contains(&line), "no {line:?} in {stdout}");
    }
}

/// A tile whose every pixel reads as air is a `cargo::warning=` line naming it and the rule
/// (the build goes on); with `strict(true)` it is a `cargo::error=` line and the build fails.
#[test]
fn an_empty_tile_is_a_cargo_warning_and_with_strict_an_error() {
    let root = tempfile::tempdir().unwrap();
    let tiles = root.path().join("tiles");
    fs::create_dir_all(&tiles).unwrap();
    png(&tiles.join("good.png"), 16, 16);
    // Opaque light green: no transparency, so solid is dark, and nothing is dark.
    image::RgbImage::from_pixel(16, 16, image::Rgb([160, 240, 160]))
        .save(tiles.join("green.png"))
        .unwrap();
    let out = root.path().join("out");
    fs::create_dir_all(&out).unwrap();
    let expected = format!(
        "slopegen: {}: every pixel reads as air: it has no transparency, so solid is dark on light",
        tiles.join("green.png").display()
    );

    let output = run_build_script("build", &tiles, &out);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let warnings: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("cargo::warning="))
        .collect();
    assert_eq!(warnings.len(), 1, "{stdout}");
    assert!(
        warnings[0].starts_with(&format!("cargo::warning={expected}")),
        "{stdout}"
    );
    assert!(stdout.contains("built 2 shapes"), "{stdout}");

    let output = run_build_script("build_strict", &tiles, &out);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(&format!("cargo::error={expected}")),
        "{stdout}"
    );
    assert!(!stdout.contains("cargo::warning="), "{stdout}");
}
