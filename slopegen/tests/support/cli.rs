//! Helpers of the command-line tests: the binary, temp folders, paths as printed, tile PNGs.

use std::path::Path;

use assert_cmd::Command;
use image::{GrayImage, Luma};
use tempfile::TempDir;

/// The default tile set shipped with the package: 12 tiles of 16×16 px.
pub const DEFAULT_TILES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tiles");

/// The `slopegen` binary of this build.
pub fn slopegen() -> Command {
    Command::cargo_bin("slopegen").expect("the slopegen binary is built")
}

/// A fresh temp folder, removed when dropped.
pub fn tempdir() -> TempDir {
    tempfile::tempdir().expect("create a temp dir")
}

/// A path as slopegen prints it.
pub fn show(path: &Path) -> String {
    path.display().to_string()
}

/// Writes a `w`×`h` greyscale PNG: a 45° slope, black (solid) on white.
pub fn png(path: &Path, w: u32, h: u32) {
    GrayImage::from_fn(w, h, |x, y| Luma([if h - 1 - y <= x { 0 } else { 255 }]))
        .save(path)
        .unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
}

/// File names directly in `dir`, sorted (hidden ones too: nothing may be left behind).
pub fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}
