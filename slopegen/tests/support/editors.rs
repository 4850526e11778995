//! Helpers of the tests of levels from editors (LDtk projects, Tiled collision shapes): the
//! binary run into a temp folder, its pictures, its failures. Beside `support/cli.rs`,
//! included as `cli_support`.
#![allow(dead_code)] // each test file uses its share

use std::ffi::OsStr;

use super::cli_support::slopegen;

/// Runs `slopegen ARGS -o (temp)`, which must succeed; returns the output folder.
pub fn generate<S: AsRef<OsStr>>(args: &[S]) -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    let output = slopegen()
        .args(args)
        .arg("-o")
        .arg(out.path())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "slopegen failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    out
}

/// Runs `slopegen preview ARGS --scale 1 -o (temp)`, which must succeed; returns the
/// picture (one pixel per world pixel).
pub fn preview<S: AsRef<OsStr>>(args: &[S]) -> image::RgbImage {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("preview.png");
    let output = slopegen()
        .arg("preview")
        .args(args)
        .args(["--scale", "1", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    image::open(&out).unwrap().to_rgb8()
}

/// `slopegen ARGS -o OUT` fails with exit code 1 and an error holding every needle; the
/// output folder is not created. Returns the error output.
pub fn fails<S: AsRef<OsStr>>(args: &[S], needles: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let output = slopegen().args(args).arg("-o").arg(&out).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "should fail: {stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    for needle in needles {
        assert!(stderr.contains(needle), "{needle:?} not in {stderr:?}");
    }
    assert!(!out.exists(), "{stderr}");
    stderr
}
