//! Nothing silently empty: a tile PNG whose every pixel reads as air is named with the rule
//! that made it empty and how to change it (a warning on stderr, in the library's report),
//! and `--strict` (`Builder::strict`) refuses it.

use std::fs;
use std::path::{Path, PathBuf};

use image::{Rgb, RgbImage, Rgba, RgbaImage};
use slopegen::{Builder, Error, SolidRule, Warning};

#[path = "support/cli.rs"]
#[allow(dead_code)] // the helpers other test files use too
mod cli_support;
use cli_support::{png, show, slopegen, tempdir};

/// A folder with a 45° slope (`slope.png`), an opaque light-green tile (`green.png`: no
/// transparency, so dark is solid, and nothing is dark) and a fully transparent one drawn
/// in black (`clear.png`: transparency is used, so opaque is solid, and nothing is opaque).
fn tiles(root: &Path) -> PathBuf {
    let dir = root.join("tiles");
    fs::create_dir_all(&dir).unwrap();
    png(&dir.join("slope.png"), 16, 16);
    RgbImage::from_pixel(16, 16, Rgb([160, 240, 160]))
        .save(dir.join("green.png"))
        .unwrap();
    RgbaImage::from_pixel(16, 16, Rgba([0, 0, 0, 0]))
        .save(dir.join("clear.png"))
        .unwrap();
    dir
}

const DARK_RULE: &str = "every pixel reads as air: it has no transparency, so solid is dark on light (luma below 128), and no pixel is dark; draw solid pixels dark, or make air transparent";
const OPAQUE_RULE: &str = "every pixel reads as air: it uses transparency, so solid is opaque (alpha 128 or more), and every pixel is transparent; draw solid pixels opaque";

/// `slopegen TILES -o OUT FLAG`: its exit code and stderr.
fn run(tiles: &Path, out: &Path, flag: &str) -> (Option<i32>, String) {
    let output = slopegen()
        .arg(tiles)
        .arg("-o")
        .arg(out)
        .arg(flag)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    (output.status.code(), stderr)
}

#[test]
fn each_empty_tile_is_named_on_stderr_with_its_rule_and_the_run_goes_on() {
    let root = tempdir();
    let tiles = tiles(root.path());
    let out = root.path().join("out");
    let (code, stderr) = run(&tiles, &out, "-q");
    assert_eq!(code, Some(0), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines,
        [
            format!("warning: {}: {OPAQUE_RULE}", show(&tiles.join("clear.png"))),
            format!("warning: {}: {DARK_RULE}", show(&tiles.join("green.png"))),
        ],
        "{stderr}"
    );
    assert!(out.join("tiles.bin").is_file() && out.join("tiles.rs").is_file());
}

#[test]
fn strict_makes_each_empty_tile_an_error_and_writes_nothing() {
    let root = tempdir();
    let tiles = tiles(root.path());
    let out = root.path().join("out");
    let (code, stderr) = run(&tiles, &out, "--strict");
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("2 problems"), "{stderr}");
    assert!(
        stderr.contains(&format!("{}: {DARK_RULE}", show(&tiles.join("green.png")))),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "{}: {OPAQUE_RULE}",
            show(&tiles.join("clear.png"))
        )),
        "{stderr}"
    );
    assert!(!stderr.contains("warning:"), "{stderr}");
    assert!(!out.exists(), "a refused run wrote {}", out.display());
}

#[test]
fn library_callers_get_the_warnings_in_the_report_or_strict_errors() {
    let root = tempdir();
    let tiles = tiles(root.path());
    let out = root.path().join("out");
    let report = Builder::new(&tiles).out_dir(&out).generate().unwrap();
    assert_eq!(
        report.warnings,
        [
            Warning::EmptyTile {
                path: tiles.join("clear.png"),
                rule: SolidRule::Opaque,
            },
            Warning::EmptyTile {
                path: tiles.join("green.png"),
                rule: SolidRule::Dark,
            },
        ]
    );
    assert_eq!(report.shapes, 3, "empty tiles are still shapes");

    let err = Builder::new(&tiles)
        .out_dir(root.path().join("strict"))
        .strict(true)
        .generate()
        .unwrap_err();
    let refused: Vec<&Warning> = err
        .errors()
        .iter()
        .map(|e| match e {
            Error::Strict(w) => w,
            other => panic!("{other}"),
        })
        .collect();
    assert_eq!(refused, report.warnings.iter().collect::<Vec<_>>());

    // A set without empty tiles has no warnings, strict or not.
    fs::remove_file(tiles.join("green.png")).unwrap();
    fs::remove_file(tiles.join("clear.png")).unwrap();
    let report = Builder::new(&tiles)
        .out_dir(&out)
        .strict(true)
        .generate()
        .unwrap();
    assert!(report.warnings.is_empty());
}
