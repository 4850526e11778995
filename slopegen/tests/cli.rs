//! End-to-end tests of the `slopegen` binary: error reporting and the "output folder is
//! left exactly as it was" promise, the generated files, `dump`, `info` and `--help`.
//!
//! Every test works in its own temp folder; nothing outside it is written.

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use predicates::prelude::*;

#[path = "support/cli.rs"]
mod cli_support;
use cli_support::{DEFAULT_TILES, file_names, png, show, slopegen, tempdir};

/// The spec's CSV header (`slope-runtime/docs/offsets.md`, "The dump format").
const SPEC_HEADER: &str = "shape,transform,x,y,w,h,free_left,free_right,free_down,free_up,colliding_left,colliding_right,colliding_bottom,colliding_top";

/// The spec's variant names, in index order.
const SPEC_TRANSFORMS: [&str; 8] = ["none", "FX", "FY", "FXY", "F90", "F90X", "F90Y", "F90XY"];

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// The bytes of a valid 16×16 tile PNG.
fn png_bytes() -> Vec<u8> {
    let dir = tempdir();
    let path = dir.path().join("t.png");
    png(&path, 16, 16);
    fs::read(path).unwrap()
}

/// `dir` (created) holding one `size`×`size` tile per name (`name` includes `.png`).
fn tile_folder(dir: &Path, tiles: &[(&str, u32)]) -> PathBuf {
    fs::create_dir_all(dir).unwrap();
    for &(name, size) in tiles {
        png(&dir.join(name), size, size);
    }
    dir.to_owned()
}

/// A copy of the default tiles in `dst` (created).
fn copy_default_tiles(dst: &Path) -> PathBuf {
    fs::create_dir_all(dst).unwrap();
    for entry in fs::read_dir(DEFAULT_TILES).unwrap() {
        let path = entry.unwrap().path();
        if path.extension() == Some(OsStr::new("png")) {
            fs::copy(&path, dst.join(path.file_name().unwrap())).unwrap();
        }
    }
    dst.to_owned()
}

/// The file stems of the default tiles, sorted.
fn default_shape_names() -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(DEFAULT_TILES)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension() == Some(OsStr::new("png")))
        .map(|p| p.file_stem().unwrap().to_str().unwrap().to_owned())
        .collect();
    names.sort();
    names
}

/// Fills an output folder with files a failed run must not touch, among them stale
/// `tiles.bin` / `tiles.rs` outputs.
fn populate_out(out: &Path) {
    fs::create_dir_all(out.join("keep")).unwrap();
    fs::write(out.join("tiles.bin"), b"old blob, not a real one").unwrap();
    fs::write(out.join("tiles.rs"), "// an old generated module\n").unwrap();
    fs::write(out.join("notes.txt"), "hand-written, keep me\n").unwrap();
    fs::write(out.join("keep").join("data.dat"), [0u8, 1, 2, 3]).unwrap();
}

/// Everything under `root`: relative path → `None` for a folder, `Some(bytes)` for a file.
/// `None` if `root` does not exist.
type Snapshot = BTreeMap<PathBuf, Option<Vec<u8>>>;

fn snapshot(root: &Path) -> Option<Snapshot> {
    fn walk(root: &Path, dir: &Path, snap: &mut Snapshot) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let rel = path.strip_prefix(root).unwrap().to_owned();
            let own = fs::symlink_metadata(&path).unwrap();
            if own.is_dir() {
                snap.insert(rel, None);
                walk(root, &path, snap);
            } else if fs::metadata(&path).is_ok_and(|m| m.is_file()) {
                // Through links too (a link may stand where an output goes), at most 1 MiB (a link may point at
                // a huge /proc file).
                let mut bytes = Vec::new();
                let file = fs::File::open(&path).unwrap();
                std::io::Read::read_to_end(&mut std::io::Read::take(file, 1 << 20), &mut bytes)
                    .unwrap();
                snap.insert(rel, Some(bytes));
            } else {
                // FIFOs, broken links, folders behind links: what they are, not their bytes.
                let link = fs::read_link(&path).ok();
                let what = format!("{:?} {link:?}", own.file_type());
                snap.insert(rel, Some(what.into_bytes()));
            }
        }
    }
    if !root.exists() {
        return None;
    }
    let mut snap = Snapshot::new();
    walk(root, root, &mut snap);
    Some(snap)
}

/// Runs slopegen with `args`, expects exit code 1 and a single `error: ` line on
/// stderr containing every needle, and checks that nothing under `root` changed.
fn fails_cleanly<S: AsRef<OsStr>>(root: &Path, args: &[S], needles: &[&str]) {
    let before = snapshot(root);
    let output = slopegen().args(args).output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let shown: Vec<_> = args.iter().map(|a| a.as_ref().to_string_lossy()).collect();
    assert_eq!(
        output.status.code(),
        Some(1),
        "slopegen {shown:?} should fail with exit code 1; stderr: {stderr}"
    );
    assert!(
        output.stdout.is_empty(),
        "slopegen {shown:?} printed on stdout"
    );
    assert!(
        stderr.starts_with("error: ") && stderr.ends_with('\n'),
        "slopegen {shown:?}: stderr is not an `error: ` line: {stderr:?}"
    );
    assert_eq!(
        stderr.lines().count(),
        1,
        "slopegen {shown:?}: the error is not one line: {stderr:?}"
    );
    for needle in needles {
        assert!(
            stderr.contains(needle),
            "slopegen {shown:?}: the error does not mention {needle:?}: {stderr:?}"
        );
    }
    assert!(
        snapshot(root) == before,
        "slopegen {shown:?} changed files under {} although it failed",
        root.display()
    );
}

/// `slopegen TILES -o OUT` must fail with every needle in its message, both into a
/// pre-populated output folder (left exactly as it was) and into a missing one (still
/// missing afterwards, parents included). `root` holds both and is snapshotted whole.
fn generate_fails(root: &Path, tiles: &Path, needles: &[&str]) {
    let out = root.join("out");
    populate_out(&out);
    fails_cleanly(
        root,
        &[tiles.as_os_str(), "-o".as_ref(), out.as_os_str()],
        needles,
    );

    let missing = root.join("missing").join("deeper");
    fails_cleanly(
        root,
        &[tiles.as_os_str(), "-o".as_ref(), missing.as_os_str()],
        needles,
    );
    assert!(
        !root.join("missing").exists(),
        "a missing output folder was created"
    );
}

/// Runs slopegen with `args`, expects success; returns (stdout, stderr).
fn run_ok<S: AsRef<OsStr>>(args: &[S]) -> (String, String) {
    let output = slopegen().args(args).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        output.status.success(),
        "slopegen {:?} failed: {stderr}",
        args.iter()
            .map(|a| a.as_ref().to_owned())
            .collect::<Vec<_>>()
    );
    (stdout, stderr)
}

/// Generates the default tiles into `dir/out` and returns the blob's path.
fn default_blob(dir: &Path) -> PathBuf {
    let out = dir.join("out");
    run_ok(&[Path::new(DEFAULT_TILES), Path::new("-o"), &out]);
    out.join("tiles.bin")
}

/// Byte range of the data of the first `IDAT` chunk of a PNG.
fn idat_data(png: &[u8]) -> std::ops::Range<usize> {
    let mut at = 8; // after the signature
    while at + 8 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        if &png[at + 4..at + 8] == b"IDAT" {
            return at + 8..at + 8 + len;
        }
        at += 12 + len;
    }
    panic!("no IDAT chunk");
}

// ---------------------------------------------------------------------------------------
// 1. Errors: non-zero exit, one line naming the file and the problem, outputs untouched
// ---------------------------------------------------------------------------------------

#[test]
fn non_square_tile_is_refused() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16)]);
    png(&tiles.join("wide.png"), 16, 8);
    let wide = show(&tiles.join("wide.png"));
    generate_fails(root.path(), &tiles, &[&wide, "16×8", "must be square"]);
}

#[test]
fn tiles_of_different_sizes_are_refused_naming_both() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("a.png", 16), ("b.png", 8)]);
    let (a, b) = (show(&tiles.join("a.png")), show(&tiles.join("b.png")));
    generate_fails(root.path(), &tiles, &[&a, &b, "same size"]);
}

#[test]
fn tile_size_3_is_refused() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("tiny.png", 3)]);
    let tiny = show(&tiles.join("tiny.png"));
    generate_fails(root.path(), &tiles, &[&tiny, "3×3", "4 to 64"]);
}

#[test]
fn tile_size_65_is_refused() {
    let root = tempdir();
    let tiles = tile_folder(
        &root.path().join("tiles"),
        &[("a.png", 16), ("huge.png", 65)],
    );
    let huge = show(&tiles.join("huge.png"));
    generate_fails(root.path(), &tiles, &[&huge, "65×65", "4 to 64"]);
}

#[test]
fn truncated_png_is_refused() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16)]);
    let bytes = png_bytes();
    fs::write(tiles.join("cut.png"), &bytes[..bytes.len() / 2]).unwrap();
    let cut = show(&tiles.join("cut.png"));
    generate_fails(root.path(), &tiles, &[&cut, "not a valid PNG"]);
}

#[test]
fn png_signature_followed_by_garbage_is_refused() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16)]);
    let mut bytes = png_bytes()[..8].to_vec();
    bytes.extend((0u8..200).map(|i| i.wrapping_mul(37) ^ 0x5a));
    fs::write(tiles.join("junk.png"), bytes).unwrap();
    let junk = show(&tiles.join("junk.png"));
    generate_fails(root.path(), &tiles, &[&junk, "not a valid PNG"]);
}

#[test]
fn png_with_a_flipped_byte_in_idat_is_refused() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16)]);
    let mut bytes = png_bytes();
    let idat = idat_data(&bytes);
    bytes[idat.start + idat.len() / 2] ^= 0x10;
    fs::write(tiles.join("flipped.png"), bytes).unwrap();
    let flipped = show(&tiles.join("flipped.png"));
    generate_fails(root.path(), &tiles, &[&flipped, "not a valid PNG"]);
}

#[test]
fn text_file_named_png_is_refused() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16)]);
    fs::write(tiles.join("x.png"), "this is not an image\n").unwrap();
    let x = show(&tiles.join("x.png"));
    generate_fails(root.path(), &tiles, &[&x, "not a valid PNG", "signature"]);
}

#[test]
fn folder_without_pngs_is_refused() {
    let root = tempdir();
    let tiles = root.path().join("tiles");
    fs::create_dir_all(&tiles).unwrap();
    fs::write(tiles.join("readme.txt"), "no tiles here\n").unwrap();
    generate_fails(root.path(), &tiles, &[&show(&tiles), "no PNG tiles"]);
}

#[test]
fn missing_tile_folder_is_refused() {
    let root = tempdir();
    let tiles = root.path().join("nope");
    generate_fails(root.path(), &tiles, &[&show(&tiles), "does not exist"]);
}

#[test]
fn tile_path_that_is_a_file_is_refused() {
    let root = tempdir();
    let file = root.path().join("slope.png");
    png(&file, 16, 16);
    // A single PNG is read as a sheet, which needs its tile size.
    generate_fails(root.path(), &file, &[&show(&file), "--tile-size", "folder"]);
    let text = root.path().join("notes.txt");
    fs::write(&text, "not tiles\n").unwrap();
    generate_fails(root.path(), &text, &[&show(&text), "not a folder"]);
}

#[test]
fn names_that_give_the_same_constant_are_refused() {
    for (one, other, ident) in [
        ("Slope 45.png", "slope_45.png", "`SLOPE_45`"),
        ("a.png", "A.png", "`A`"),
    ] {
        let root = tempdir();
        let tiles = tile_folder(
            &root.path().join("tiles"),
            &[(one, 16), (other, 16), ("z.png", 16)],
        );
        let (one, other) = (show(&tiles.join(one)), show(&tiles.join(other)));
        generate_fails(
            root.path(),
            &tiles,
            &[&one, &other, ident, "both names become the constant"],
        );
    }
}

#[test]
fn output_path_that_is_a_file_is_refused() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("slope45.png", 16)]);
    let blocker = root.path().join("blocker");
    fs::write(&blocker, "a regular file in the way\n").unwrap();
    let shown = show(&blocker);
    fails_cleanly(
        root.path(),
        &[&*tiles, Path::new("-o"), &blocker],
        &[
            &shown,
            "cannot use as the output folder",
            "is a file, not a folder",
        ],
    );
}

#[test]
fn output_path_under_a_file_is_refused() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("slope45.png", 16)]);
    let blocker = root.path().join("blocker");
    fs::write(&blocker, "a regular file in the way\n").unwrap();
    let out = blocker.join("out");
    let shown = show(&out);
    fails_cleanly(
        root.path(),
        &[&*tiles, Path::new("-o"), &out],
        &[
            &shown,
            "cannot use as the output folder",
            "is a file, not a folder",
        ],
    );
}

#[test]
fn output_blob_path_that_is_a_folder_is_refused() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("slope45.png", 16)]);
    let out = root.path().join("out");
    populate_out(&out);
    fs::remove_file(out.join("tiles.bin")).unwrap();
    fs::create_dir_all(out.join("tiles.bin").join("inner")).unwrap();
    let shown = show(&out.join("tiles.bin"));
    fails_cleanly(
        root.path(),
        &[&*tiles, Path::new("-o"), &out],
        &[&shown, "is a folder, not a file"],
    );
}

/// `tiles.bin` can be replaced, `tiles.rs` cannot (a folder is in the way): the run fails,
/// and the old `tiles.bin` must still be there.
#[test]
fn failed_second_output_leaves_the_first_untouched() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("slope45.png", 16)]);
    let out = root.path().join("out");
    populate_out(&out);
    fs::remove_file(out.join("tiles.rs")).unwrap();
    fs::create_dir_all(out.join("tiles.rs").join("inner")).unwrap();
    let shown = show(&out.join("tiles.rs"));
    fails_cleanly(
        root.path(),
        &[&*tiles, Path::new("-o"), &out],
        &[&shown, "is a folder, not a file"],
    );
}

#[cfg(unix)]
#[test]
fn non_utf8_tile_name_is_refused() {
    use std::os::unix::ffi::OsStrExt;
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16)]);
    let bad = tiles.join(OsStr::from_bytes(b"bad\xff.png"));
    png(&bad, 16, 16);
    let shown = show(&bad);
    generate_fails(root.path(), &tiles, &[&shown, "not valid UTF-8"]);
}

#[test]
fn unusable_output_names_are_refused() {
    for name in ["../evil", "a/b", "..", ""] {
        let root = tempdir();
        let tiles = tile_folder(&root.path().join("tiles"), &[("slope45.png", 16)]);
        let out = root.path().join("out");
        populate_out(&out);
        let quoted = format!("`{name}`");
        fails_cleanly(
            root.path(),
            &[
                tiles.as_os_str(),
                "-o".as_ref(),
                out.as_os_str(),
                "--name".as_ref(),
                name.as_ref(),
            ],
            &[&quoted, "not a usable output name"],
        );
    }
}

// ---------------------------------------------------------------------------------------
// 2. Success: the files written
// ---------------------------------------------------------------------------------------

#[test]
fn writes_bin_and_rs_named_after_the_tile_folder() {
    let root = tempdir();
    let tiles = copy_default_tiles(&root.path().join("tiles"));
    let out = root.path().join("out");
    populate_out(&out);
    let notes = fs::read(out.join("notes.txt")).unwrap();

    let (stdout, stderr) = run_ok(&[&*tiles, Path::new("-o"), &out]);
    assert!(stdout.is_empty());
    assert!(stderr.contains("12 shapes of 16×16 px"), "{stderr}");
    assert!(!stderr.contains("(unchanged)"), "{stderr}");

    assert_eq!(
        file_names(&out),
        ["keep", "notes.txt", "tiles.bin", "tiles.rs"],
        "no stray temp files, other files kept"
    );
    assert_eq!(fs::read(out.join("notes.txt")).unwrap(), notes);
    let blob = fs::read(out.join("tiles.bin")).unwrap();
    assert!(
        blob.starts_with(b"SLOPEGEN"),
        "the stale tiles.bin was replaced"
    );
    let rs = fs::read_to_string(out.join("tiles.rs")).unwrap();
    assert!(rs.contains("include_bytes!(\"tiles.bin\")"), "{rs}");
}

/// Staging a killed run left (by this version or an older one) goes with the next run;
/// files of the user's that merely look alike stay.
#[test]
fn stale_staging_is_removed_by_the_next_run() {
    let root = tempdir();
    let tiles = copy_default_tiles(&root.path().join("tiles"));
    let out = root.path().join("out");
    populate_out(&out);
    for stale in [
        ".slopegen-Ab12Cd.tmp",
        ".slopegen-old-XyZ123",
        ".slopegen-link-42-0.tmp",
    ] {
        fs::write(out.join(stale), vec![7u8; 4096]).unwrap();
    }
    fs::create_dir_all(out.join(".slopegen/tiles.set/v-half-written")).unwrap();
    fs::write(
        out.join(".slopegen/tiles.set/v-half-written/tiles.bin"),
        b"partial",
    )
    .unwrap();
    fs::write(out.join(".slopegen-notes.txt"), "mine\n").unwrap();
    run_ok(&[&*tiles, Path::new("-o"), &out]);
    assert_eq!(
        file_names(&out),
        [
            ".slopegen-notes.txt",
            "keep",
            "notes.txt",
            "tiles.bin",
            "tiles.rs"
        ]
    );
    assert!(!out.join(".slopegen").exists());
}

#[test]
fn generated_rust_module_is_relocatable_and_names_every_shape() {
    let root = tempdir();
    let tiles = copy_default_tiles(&root.path().join("tiles"));
    let out = root.path().join("out");
    run_ok(&[&*tiles, Path::new("-o"), &out]);
    let rs = fs::read_to_string(out.join("tiles.rs")).unwrap();

    assert!(rs.starts_with("// @generated"), "{rs}");
    assert!(rs.contains("pub const SLOPE45: "), "{rs}");
    for name in default_shape_names() {
        let constant = format!("pub const {}: ", slopegen::constant_name(&name));
        assert!(rs.contains(&constant), "no {constant} in {rs}");
    }
    let temp = show(root.path());
    assert!(
        !rs.contains(&temp),
        "tiles.rs holds the temp path {temp}:\n{rs}"
    );
    assert!(
        !rs.contains("/work"),
        "tiles.rs holds an absolute path:\n{rs}"
    );

    // Straight from the workspace's tile folder (an absolute path under /work) too.
    let out2 = root.path().join("out2");
    run_ok(&[Path::new(DEFAULT_TILES), Path::new("-o"), &out2]);
    let rs2 = fs::read_to_string(out2.join("tiles.rs")).unwrap();
    assert!(
        !rs2.contains("/work"),
        "tiles.rs holds an absolute path:\n{rs2}"
    );
    assert!(!rs2.contains(&temp), "tiles.rs holds the temp path:\n{rs2}");
}

#[test]
fn name_option_sets_the_file_stem() {
    let root = tempdir();
    let tiles = copy_default_tiles(&root.path().join("tiles"));
    let out = root.path().join("out");
    run_ok(&[
        tiles.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
        "--name".as_ref(),
        "level1".as_ref(),
    ]);
    assert_eq!(file_names(&out), ["level1.bin", "level1.rs"]);
    let rs = fs::read_to_string(out.join("level1.rs")).unwrap();
    assert!(rs.contains("include_bytes!(\"level1.bin\")"), "{rs}");
}

#[test]
fn emit_bin_writes_only_the_blob() {
    let root = tempdir();
    let tiles = copy_default_tiles(&root.path().join("tiles"));
    let out = root.path().join("out");
    run_ok(&[
        tiles.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
        "--emit".as_ref(),
        "bin".as_ref(),
    ]);
    assert_eq!(file_names(&out), ["tiles.bin"]);
    assert!(
        fs::read(out.join("tiles.bin"))
            .unwrap()
            .starts_with(b"SLOPEGEN")
    );
}

#[test]
fn emit_rust_writes_only_the_module_with_the_blob_inline() {
    let root = tempdir();
    let tiles = copy_default_tiles(&root.path().join("tiles"));
    let out = root.path().join("out");
    run_ok(&[
        tiles.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
        "--emit".as_ref(),
        "rust".as_ref(),
    ]);
    assert_eq!(file_names(&out), ["tiles.rs"]);
    let rs = fs::read_to_string(out.join("tiles.rs")).unwrap();
    assert!(!rs.contains("include_bytes!"), "{rs}");
    assert!(rs.starts_with("// @generated"), "{rs}");
    assert!(rs.contains("pub const SLOPE45: "), "{rs}");

    // The inline bytes are exactly the blob `--emit bin` writes.
    let blob = fs::read(default_blob(root.path())).unwrap();
    assert!(
        rs.contains(&format!("[u8; {}]", blob.len())),
        "array length is not the blob's {}",
        blob.len()
    );
    let inline: Vec<u8> = rs
        .split_whitespace()
        .filter_map(|tok| tok.strip_prefix("0x")?.strip_suffix(','))
        .map(|hex| u8::from_str_radix(hex, 16).unwrap())
        .collect();
    assert!(inline == blob, "the inline bytes differ from tiles.bin");
}

#[test]
fn output_is_reproducible_across_folders() {
    let (a, b) = (tempdir(), tempdir());
    let mut outputs = Vec::new();
    for root in [&a, &b] {
        let tiles = copy_default_tiles(&root.path().join("tiles"));
        let out = root.path().join("some").join("out");
        run_ok(&[&*tiles, Path::new("-o"), &out]);
        outputs.push(snapshot(&out).unwrap());
    }
    assert_eq!(
        outputs[0].keys().collect::<Vec<_>>(),
        [Path::new("tiles.bin"), Path::new("tiles.rs")]
    );
    assert!(outputs[0] == outputs[1], "two runs gave different bytes");
}

#[test]
fn second_run_leaves_unchanged_files_alone() {
    let root = tempdir();
    let tiles = copy_default_tiles(&root.path().join("tiles"));
    let out = root.path().join("out");
    let args = [&*tiles, Path::new("-o"), &out];
    run_ok(&args);

    // Back-date the outputs, so a rewrite can't hide behind the clock's resolution.
    let old = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000_000);
    let mtime = |name: &str| fs::metadata(out.join(name)).unwrap().modified().unwrap();
    for name in ["tiles.bin", "tiles.rs"] {
        fs::File::options()
            .write(true)
            .open(out.join(name))
            .unwrap()
            .set_modified(old)
            .unwrap();
        assert_eq!(mtime(name), old);
    }
    let before = snapshot(&out);
    let store = snapshot(&out);

    let (_, stderr) = run_ok(&args);
    assert!(stderr.contains("(unchanged)"), "{stderr}");
    assert_eq!(mtime("tiles.bin"), old, "tiles.bin was rewritten");
    assert_eq!(mtime("tiles.rs"), old, "tiles.rs was rewritten");
    assert!(
        snapshot(&out) == store,
        "an unchanged run touched the folder"
    );

    // A damaged output is rewritten, and the run no longer says "(unchanged)".
    fs::write(out.join("tiles.rs"), "// edited by hand\n").unwrap();
    let (_, stderr) = run_ok(&args);
    assert!(!stderr.contains("(unchanged)"), "{stderr}");
    assert!(snapshot(&out) == before, "tiles.rs was not restored");
    assert_eq!(
        mtime("tiles.bin"),
        old,
        "the intact tiles.bin was rewritten"
    );
}

/// File and folder names may hold any character but `/` and NUL. Either the run fails
/// cleanly, or the generated module must still be well-formed: each line outside a block is
/// blank, a comment, an attribute, an item or a closing brace (a name with a line break
/// must not spill out of its `//` comment).
#[cfg(unix)]
#[test]
fn names_with_line_breaks_do_not_break_the_module() {
    let root = tempdir();
    let tiles = tile_folder(
        &root.path().join("my\ntiles"),
        &[("a\nb.png", 16), ("slope45.png", 16)],
    );
    let out = root.path().join("out");
    let args = [
        tiles.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
        "--name".as_ref(),
        "tiles".as_ref(),
    ];
    let output = slopegen().args(args).output().unwrap();
    if !output.status.success() {
        // Refusing such names is fine, if done cleanly.
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with("error: "), "{stderr}");
        assert!(!out.exists());
        return;
    }
    let rs = fs::read_to_string(out.join("tiles.rs")).unwrap();
    for line in rs.lines() {
        let ok = line.is_empty()
            || line.starts_with(' ')
            || ["//", "#[", "pub ", "}"]
                .iter()
                .any(|p| line.starts_with(p));
        assert!(ok, "stray line {line:?} in the generated module:\n{rs}");
    }
}

#[test]
fn quiet_prints_nothing() {
    let root = tempdir();
    let out = root.path().join("out");
    slopegen()
        .arg(DEFAULT_TILES)
        .arg("-o")
        .arg(&out)
        .arg("--quiet")
        .assert()
        .success()
        .stdout("")
        .stderr("");
    assert_eq!(file_names(&out), ["tiles.bin", "tiles.rs"]);
}

#[test]
fn smallest_and_largest_tile_sizes_are_accepted() {
    for n in [4u32, 64] {
        let root = tempdir();
        let tiles = tile_folder(&root.path().join("tiles"), &[("a.png", n), ("b.png", n)]);
        let out = root.path().join("out");
        run_ok(&[&*tiles, Path::new("-o"), &out]);
        let (info, _) = run_ok(&[Path::new("info"), &out.join("tiles.bin")]);
        assert!(info.contains(&format!("tile size: {n}×{n} px")), "{info}");
    }
}

// ---------------------------------------------------------------------------------------
// 3. dump and info
// ---------------------------------------------------------------------------------------

#[test]
fn csv_header_is_the_spec_header() {
    assert_eq!(slopegen::CSV_HEADER, SPEC_HEADER);
}

#[test]
fn dump_one_shape_one_variant() {
    let root = tempdir();
    let blob = default_blob(root.path());
    let (csv, _) = run_ok(&[
        OsStr::new("dump"),
        blob.as_os_str(),
        "--shape".as_ref(),
        "slope45".as_ref(),
        "--variant".as_ref(),
        "none".as_ref(),
    ]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], SPEC_HEADER);
    assert_eq!(lines.len(), 1 + 16 * 16 * 16 * 16);

    // Every overlap exactly once, all rows for slope45 / none.
    let mut seen = std::collections::HashSet::new();
    for line in &lines[1..] {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), 14, "{line}");
        assert_eq!(&fields[..2], ["slope45", "none"], "{line}");
        assert!(
            seen.insert(fields[2..6].join(",")),
            "duplicate overlap: {line}"
        );
    }

    // The spec's worked examples.
    for row in [
        "slope45,none,4,0,0,0,-5,12,-1,5,12,-5,5,-1",
        "slope45,none,4,8,2,3,0,0,0,0,-6,1,-1,7",
    ] {
        assert!(lines.contains(&row), "no row {row}");
    }
}

#[test]
fn dump_without_variant_gives_all_eight_in_spec_order() {
    let root = tempdir();
    let blob = default_blob(root.path());
    let (csv, _) = run_ok(&[
        OsStr::new("dump"),
        blob.as_os_str(),
        "--shape".as_ref(),
        "slope45".as_ref(),
    ]);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some(SPEC_HEADER));
    // Runs of equal transform names, with their lengths.
    let mut runs: Vec<(String, usize)> = Vec::new();
    for line in lines {
        let mut fields = line.split(',');
        assert_eq!(fields.next(), Some("slope45"), "{line}");
        let transform = fields.next().unwrap();
        match runs.last_mut() {
            Some((t, count)) if t == transform => *count += 1,
            _ => runs.push((transform.to_owned(), 1)),
        }
    }
    let expected: Vec<(String, usize)> = SPEC_TRANSFORMS
        .iter()
        .map(|t| ((*t).to_owned(), 16usize.pow(4)))
        .collect();
    assert_eq!(runs, expected);
}

#[test]
fn dump_without_shape_gives_every_shape() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("small"), &[("b.png", 4), ("a.png", 4)]);
    let out = root.path().join("out");
    run_ok(&[&*tiles, Path::new("-o"), &out]);
    let (csv, _) = run_ok(&[Path::new("dump"), &out.join("small.bin")]);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some(SPEC_HEADER));
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 2 * 8 * 4usize.pow(4));
    let per_shape = 8 * 4usize.pow(4);
    assert!(rows[..per_shape].iter().all(|r| r.starts_with("a,")));
    assert!(rows[per_shape..].iter().all(|r| r.starts_with("b,")));
}

#[test]
fn dump_unknown_shape_names_the_blob_and_the_shapes() {
    let root = tempdir();
    let blob = default_blob(root.path());
    let shown = show(&blob);
    let mut needles = vec![shown.as_str(), "no shape named `nosuch`"];
    let names = default_shape_names();
    needles.extend(names.iter().map(String::as_str));
    fails_cleanly(
        root.path(),
        &[
            OsStr::new("dump"),
            blob.as_os_str(),
            "--shape".as_ref(),
            "nosuch".as_ref(),
        ],
        &needles,
    );
}

#[test]
fn dump_unknown_variant_is_refused() {
    let root = tempdir();
    let blob = default_blob(root.path());
    slopegen()
        .arg("dump")
        .arg(&blob)
        .args(["--variant", "bogus"])
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains("bogus").and(predicate::str::contains("F90XY")));
}

#[test]
fn dump_of_a_png_is_refused() {
    let root = tempdir();
    let file = root.path().join("slope.png");
    png(&file, 16, 16);
    let shown = show(&file);
    for cmd in ["dump", "info"] {
        fails_cleanly(
            root.path(),
            &[OsStr::new(cmd), file.as_os_str()],
            &[&shown, "not a slopegen blob"],
        );
    }
}

#[test]
fn dump_of_a_truncated_blob_is_refused() {
    let root = tempdir();
    let blob = fs::read(default_blob(root.path())).unwrap();
    let cut = root.path().join("cut.bin");
    fs::write(&cut, &blob[..blob.len() / 2]).unwrap();
    let shown = show(&cut);
    for cmd in ["dump", "info"] {
        fails_cleanly(
            root.path(),
            &[OsStr::new(cmd), cut.as_os_str()],
            &[&shown, "not a valid slopegen blob"],
        );
    }
}

#[test]
fn dump_of_a_missing_blob_is_refused() {
    let root = tempdir();
    let missing = root.path().join("nope.bin");
    let shown = show(&missing);
    fails_cleanly(
        root.path(),
        &[OsStr::new("dump"), missing.as_os_str()],
        &[&shown, "cannot read"],
    );
}

#[test]
fn info_prints_tile_size_and_shape_names() {
    let root = tempdir();
    let blob = default_blob(root.path());
    let (info, _) = run_ok(&[Path::new("info"), &blob]);
    assert!(info.contains("tile size: 16×16 px"), "{info}");
    assert!(info.contains("shapes:    12"), "{info}");
    for name in default_shape_names() {
        assert!(
            info.lines()
                .any(|l| l.split_whitespace().last() == Some(&name)),
            "no shape {name} in {info}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// 4. Usage
// ---------------------------------------------------------------------------------------

#[test]
fn help_mentions_dump_and_out() {
    slopegen()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("dump").and(predicate::str::contains("-o")));
}

#[test]
fn no_arguments_is_a_usage_error() {
    slopegen()
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains("Usage:"));
}

// ---------------------------------------------------------------------------------------
// 5. Names that always make valid Rust, printed safely
// ---------------------------------------------------------------------------------------

#[test]
fn names_that_make_no_usable_constant_are_refused() {
    for file in ["_.png", "!.png", "é.png", "..png", "__.png"] {
        let root = tempdir();
        let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16), (file, 16)]);
        let shown = show(&tiles.join(file));
        generate_fails(
            root.path(),
            &tiles,
            &[&shown, "no ASCII letter or digit", "rename the file"],
        );
    }
}

#[cfg(unix)]
#[test]
fn control_characters_in_tile_names_are_refused_on_one_line() {
    let root = tempdir();
    let tiles = tile_folder(
        &root.path().join("tiles"),
        &[("good.png", 16), ("a\u{1b}[31mb.png", 16)],
    );
    generate_fails(
        root.path(),
        &tiles,
        &["a\\u{1b}[31mb.png", "control character"],
    );
    // A line break in a folder name stays inside the one line of the error.
    let odd = root.path().join("two\nlines");
    generate_fails(root.path(), &odd, &["two\\nlines", "does not exist"]);
}

/// Compiles `main` (which `include!`s generated modules) as a library against a stand-in
/// `slope_runtime` with the items generated code uses. rustc's deny-by-default lints (such
/// as bidi overrides in comments) are errors, and every warning too.
fn compile(dir: &Path, main: &str) {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let stub = dir.join("stub.rs");
    fs::write(
        &stub,
        "pub struct Tables<'a>(pub &'a [u8]);\n\
         pub enum BlobError { UnsupportedVersion { found: u16 }, Other }\n\
         impl<'a> Tables<'a> { pub const fn from_bytes(b: &'a [u8]) -> Result<Tables<'a>, BlobError> { Ok(Tables(b)) } }\n\
         #[derive(Clone, Copy)] pub struct ShapeId(pub u16);\n\
         impl ShapeId { pub const fn new(i: u16) -> ShapeId { ShapeId(i) } }\n",
    )
    .unwrap();
    let lib = dir.join("libslope_runtime.rlib");
    let status = std::process::Command::new(&rustc)
        .args([
            "--edition",
            "2024",
            "--crate-type",
            "rlib",
            "--crate-name",
            "slope_runtime",
        ])
        .arg(&stub)
        .arg("-o")
        .arg(&lib)
        .status()
        .unwrap();
    assert!(status.success());
    let src = dir.join("main.rs");
    fs::write(&src, main).unwrap();
    let output = std::process::Command::new(&rustc)
        .args([
            "--edition",
            "2024",
            "--crate-type",
            "lib",
            "-D",
            "warnings",
            "--extern",
        ])
        .arg(format!("slope_runtime={}", lib.display()))
        .arg(&src)
        .arg("--out-dir")
        .arg(dir)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "the generated code does not compile:\n{}\n{main}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A right-to-left override in a tile name, in the tile folder's name and in `--name`;
/// other odd but accepted names: the modules compile and each constant can be used.
#[cfg(unix)]
#[test]
fn generated_modules_compile_for_every_accepted_name() {
    let root = tempdir();
    let rtl = "ab\u{202e}cd";
    let tiles = tile_folder(
        &root.path().join(format!("folder{rtl}")),
        &[
            (&format!("{rtl}.png"), 16),
            ("45°.png", 16),
            ("é_x.png", 16),
            ("`tick`.png", 16),
            ("a\u{200b}b.png", 16),
            ("fn.png", 16),
            ("Self.png", 16),
        ],
    );
    let out = root.path().join("out");
    for stem in [rtl, "plain", "with space", "quote\"d"] {
        run_ok(&[
            tiles.as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
            "--name".as_ref(),
            stem.as_ref(),
        ]);
    }
    // The tile folder's own name as the stem (the default).
    run_ok(&[tiles.as_os_str(), "-o".as_ref(), out.as_os_str()]);
    let mut main = String::new();
    let stems = [
        rtl,
        "plain",
        "with space",
        "quote\"d",
        &format!("folder{rtl}"),
    ];
    for (i, stem) in stems.iter().enumerate() {
        let rs = out.join(format!("{stem}.rs"));
        main.push_str(&format!(
            "pub mod m{i} {{ include!({:?}); }}\n\
             pub fn use{i}() -> usize {{\n\
             let _ = m{i}::TABLES;\n\
             [m{i}::AB_CD, m{i}::_45_, m{i}::__X, m{i}::_TICK_, m{i}::A_B, m{i}::FN, m{i}::SELF].len()\n}}\n",
            rs.to_str().unwrap()
        ));
    }
    compile(root.path(), &main);
}

#[cfg(unix)]
#[test]
fn info_and_errors_escape_names() {
    let root = tempdir();
    let tiles = tile_folder(
        &root.path().join("tiles"),
        &[("ab\u{202e}cd.png", 16), ("zz.png", 16)],
    );
    let out = root.path().join("out");
    run_ok(&[&*tiles, Path::new("-o"), &out]);
    let blob = out.join("tiles.bin");
    let (info, _) = run_ok(&[Path::new("info"), &blob]);
    assert!(info.contains("ab\\u{202e}cd"), "{info}");
    assert!(!info.contains('\u{202e}'), "{info:?}");
    fails_cleanly(
        root.path(),
        &[
            OsStr::new("dump"),
            blob.as_os_str(),
            "--shape".as_ref(),
            "x\u{202e}y".as_ref(),
        ],
        &["no shape named `x\\u{202e}y`", "ab\\u{202e}cd"],
    );
}

// ---------------------------------------------------------------------------------------
// 6. Hostile files: a clear, bounded error, never a hang or a silent skip
// ---------------------------------------------------------------------------------------

/// Runs slopegen with `args`, killing it if it takes longer than 30 s (a hang fails the
/// test instead of blocking it). Returns (exit code, stderr).
fn run_bounded<S: AsRef<OsStr>>(args: &[S]) -> (Option<i32>, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_slopegen"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("slopegen did not finish in 30 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success());
}

/// A FIFO where the blob goes is replaced by a regular file, without being opened (opening
/// a FIFO with no writer would block the run).
#[cfg(unix)]
#[test]
fn fifo_in_place_of_the_blob_is_replaced_without_blocking() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("slope45.png", 16)]);
    let out = root.path().join("out");
    fs::create_dir_all(&out).unwrap();
    mkfifo(&out.join("tiles.bin"));
    let (code, stderr) = run_bounded(&[&*tiles, Path::new("-o"), &out]);
    assert_eq!(code, Some(0), "{stderr}");
    let meta = fs::symlink_metadata(out.join("tiles.bin")).unwrap();
    assert!(meta.is_file(), "{:?}", meta.file_type());
    assert!(
        fs::read(out.join("tiles.bin"))
            .unwrap()
            .starts_with(b"SLOPEGEN")
    );
    assert_eq!(file_names(&out), ["tiles.bin", "tiles.rs"]);
}

#[cfg(unix)]
#[test]
fn blob_linked_to_dev_zero_is_replaced_without_being_read() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("slope45.png", 16)]);
    let out = root.path().join("out");
    fs::create_dir_all(&out).unwrap();
    std::os::unix::fs::symlink("/dev/zero", out.join("tiles.bin")).unwrap();
    let (code, stderr) = run_bounded(&[&*tiles, Path::new("-o"), &out]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        fs::read(out.join("tiles.bin"))
            .unwrap()
            .starts_with(b"SLOPEGEN")
    );
    // `info` and `dump` refuse a device instead of reading it.
    let zero = root.path().join("zero.bin");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let (code, stderr) = run_bounded(&[Path::new("info"), &zero]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("not a regular file"), "{stderr}");
}

#[cfg(target_os = "linux")]
#[test]
fn tile_linked_to_a_proc_file_is_refused_quickly() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16)]);
    std::os::unix::fs::symlink("/proc/self/pagemap", tiles.join("map.png")).unwrap();
    let shown = show(&tiles.join("map.png"));
    generate_fails(
        root.path(),
        &tiles,
        &[&shown, "does not start with the PNG signature"],
    );
}

#[test]
fn huge_png_is_refused_before_it_is_read() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16)]);
    let huge = tiles.join("huge.png");
    let file = fs::File::create(&huge).unwrap();
    (&file).write_all(&png_bytes()[..33]).unwrap();
    file.set_len(1 << 30).unwrap(); // sparse: 1 GiB on paper
    let shown = show(&huge);
    let started = std::time::Instant::now();
    generate_fails(
        root.path(),
        &tiles,
        &[&shown, "1073741824 bytes", "at most 16777216 bytes"],
    );
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// A valid 16×16 PNG with an `iCCP` chunk whose profile inflates to `inflated` bytes.
fn png_with_icc_profile(inflated: usize) -> Vec<u8> {
    use flate2::{Compression, write::ZlibEncoder};
    let mut zlib = ZlibEncoder::new(Vec::new(), Compression::best());
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..inflated >> 20 {
        zlib.write_all(&zeros).unwrap();
    }
    let mut data = b"icc\0\0".to_vec();
    data.extend(zlib.finish().unwrap());
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    chunk.extend_from_slice(b"iCCP");
    chunk.extend_from_slice(&data);
    let crc = slope_runtime::crc32(&chunk[4..]);
    chunk.extend_from_slice(&crc.to_be_bytes());
    let png = png_bytes();
    let after_ihdr = 8 + 8 + 13 + 4;
    [&png[..after_ihdr], &chunk, &png[after_ihdr..]].concat()
}

/// The colour profile is never used: one that inflates to 256 MiB costs at most the
/// decoder's 8 MiB cap (the run fits in a 200 MB address space; before, it needed 256 MiB
/// more).
#[cfg(target_os = "linux")]
#[test]
fn png_whose_colour_profile_inflates_hugely_costs_little() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16)]);
    fs::write(tiles.join("bomb.png"), png_with_icc_profile(256 << 20)).unwrap();
    let out = root.path().join("out");
    let script = format!(
        "ulimit -v 200000; exec '{}' '{}' -o '{}'",
        env!("CARGO_BIN_EXE_slopegen"),
        tiles.display(),
        out.display()
    );
    let started = std::time::Instant::now();
    let output = std::process::Command::new("sh")
        .args(["-c", &script])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("2 shapes"), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// Entries named `*.png` that are not tile files stop the run, named; none is skipped.
#[cfg(unix)]
#[test]
fn png_entries_that_are_not_files_are_refused_by_name() {
    type Make = fn(&Path);
    let cases: [(&str, Make, &str); 4] = [
        (
            "dangling.png",
            |p| std::os::unix::fs::symlink("nowhere.png", p).unwrap(),
            "broken symbolic link",
        ),
        (
            "loop.png",
            |p| std::os::unix::fs::symlink(p.file_name().unwrap(), p).unwrap(),
            "loops",
        ),
        ("pipe.png", |p| mkfifo(p), "a FIFO"),
        ("folder.png", |p| fs::create_dir(p).unwrap(), "a folder"),
    ];
    for (name, make, needle) in cases {
        let root = tempdir();
        let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16)]);
        make(&tiles.join(name));
        generate_fails(root.path(), &tiles, &[&show(&tiles.join(name)), needle]);
    }
    // A link to a real tile is a tile.
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16)]);
    std::os::unix::fs::symlink("good.png", tiles.join("alias.png")).unwrap();
    let (_, stderr) = run_ok(&[&*tiles, Path::new("-o"), &root.path().join("out")]);
    assert!(stderr.contains("2 shapes"), "{stderr}");
}

// ---------------------------------------------------------------------------------------
// 7. Messages in a user's words
// ---------------------------------------------------------------------------------------

#[test]
fn png_checksum_failure_names_the_chunk_without_a_debug_dump() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16)]);
    let mut bytes = png_bytes();
    let idat = idat_data(&bytes);
    bytes[idat.end] ^= 0x55; // the chunk's CRC
    fs::write(tiles.join("bad.png"), &bytes).unwrap();
    let output = slopegen()
        .args([&*tiles, Path::new("-o"), &root.path().join("out")])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("the checksum (CRC) of its IDAT chunk does not match"),
        "{stderr}"
    );
    assert!(!stderr.contains("ChunkType"), "{stderr}");
}

#[test]
fn giant_header_gets_the_tile_size_rule() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16)]);
    let mut bytes = png_bytes();
    bytes[16..20].copy_from_slice(&0x7FFF_FFFFu32.to_be_bytes());
    bytes[20..24].copy_from_slice(&0x7FFF_FFFFu32.to_be_bytes());
    fs::write(tiles.join("giant.png"), &bytes).unwrap();
    generate_fails(
        root.path(),
        &tiles,
        &[
            "giant.png",
            "2147483647×2147483647",
            "the tile size must be 4 to 64",
        ],
    );
}

#[test]
fn empty_png_is_called_empty() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("good.png", 16)]);
    fs::write(tiles.join("a.png"), b"").unwrap();
    generate_fails(
        root.path(),
        &tiles,
        &[&show(&tiles.join("a.png")), "the file is empty"],
    );
}

#[cfg(target_os = "linux")]
#[test]
fn output_folder_that_cannot_be_created_says_so() {
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("slope45.png", 16)]);
    let (code, stderr) = run_bounded(&[&*tiles, Path::new("-o"), Path::new("/proc/self/x")]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("/proc/self/x: cannot create the output folder")
            && stderr.contains("/proc/self does not allow new folders"),
        "{stderr}"
    );
}

/// A write that fails (here: the file size limit, as on a full disk) names the output
/// file, not a staging file, and leaves the folder's set as it was.
#[cfg(target_os = "linux")]
#[test]
fn write_errors_name_the_output_and_keep_the_old_set() {
    let root = tempdir();
    let tiles = copy_default_tiles(&root.path().join("tiles"));
    let out = root.path().join("out");
    let small = tile_folder(&root.path().join("small"), &[("one.png", 4)]);
    run_ok(&[
        &*small,
        Path::new("-o"),
        &out,
        Path::new("--name"),
        Path::new("tiles"),
    ]);
    let before = snapshot(&out);
    let script = format!(
        "trap '' XFSZ; ulimit -f 1; exec '{}' '{}' -o '{}'",
        env!("CARGO_BIN_EXE_slopegen"),
        tiles.display(),
        out.display()
    );
    let output = std::process::Command::new("sh")
        .args(["-c", &script])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "{}: cannot write output",
            show(&out.join("tiles.bin"))
        )),
        "{stderr}"
    );
    assert!(!stderr.contains(".slopegen"), "{stderr}");
    assert!(snapshot(&out) == before, "the old outputs changed");
}

#[test]
fn unknown_shape_in_a_big_blob_lists_a_few_names() {
    use slopegen::{Bitmap, Tile, TileSet};
    let root = tempdir();
    let tiles = (0..10_000u32)
        .map(|i| Tile {
            name: format!("shape{i:05}"),
            constant: format!("SHAPE{i:05}"),
            path: format!("shape{i:05}.png").into(),
            bitmap: Bitmap::from_fn(4, |x, y| (u32::from(x) * 4 + u32::from(y)) < i % 17),
        })
        .collect();
    let set = TileSet::from_tiles(Path::new("big"), tiles).unwrap();
    let blob = root.path().join("big.bin");
    fs::write(&blob, slopegen::pack(&set)).unwrap();
    let output = slopegen()
        .args([
            OsStr::new("dump"),
            blob.as_os_str(),
            "--shape".as_ref(),
            "nosuch".as_ref(),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr.len() < 400, "{} bytes: {stderr}", stderr.len());
    assert!(
        stderr.contains("shape00000, shape00001")
            && stderr.contains("and 9988 more; `slopegen info` lists them all"),
        "{stderr}"
    );
}

#[test]
fn info_on_a_file_that_is_not_a_blob_says_so_once() {
    let root = tempdir();
    let file = root.path().join("notes.txt");
    fs::write(&file, "hello, not a blob\n").unwrap();
    let output = slopegen().arg("info").arg(&file).output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        format!(
            "error: {}: not a slopegen blob (magic bytes are not SLOPEGEN)\n",
            show(&file)
        )
    );
}

/// A damaged length byte inside the blob is damage (the checksum says so), not "bytes
/// after the checksum".
#[test]
fn damaged_length_byte_is_reported_as_damage() {
    let root = tempdir();
    let blob = default_blob(root.path());
    let mut bytes = fs::read(&blob).unwrap();
    let names_len = 8 + 1 + 1; // magic, version, tile size: then the names' length varint
    bytes[names_len] = bytes[names_len].wrapping_sub(3);
    let bad = root.path().join("bad.bin");
    fs::write(&bad, &bytes).unwrap();
    fails_cleanly(
        root.path(),
        &[OsStr::new("info"), bad.as_os_str()],
        &[&show(&bad), "checksum mismatch", "damaged"],
    );
}

/// A blob of an older format (here: the default tiles' blob relabelled as version 1, with a
/// checksum that matches) is refused with the fix named: regenerate it.
#[test]
fn a_blob_of_another_format_version_says_to_regenerate_it() {
    let root = tempdir();
    let blob = default_blob(root.path());
    let mut bytes = fs::read(&blob).unwrap();
    let version = 8; // after the magic: a one-byte varint
    assert_eq!(bytes[version], slope_runtime::format::VERSION as u8);
    bytes[version] = 1;
    let body = bytes.len() - 4;
    let crc = slope_runtime::crc32(&bytes[..body]).to_le_bytes();
    bytes[body..].copy_from_slice(&crc);
    let old = root.path().join("old.bin");
    fs::write(&old, &bytes).unwrap();
    fails_cleanly(
        root.path(),
        &[OsStr::new("info"), old.as_os_str()],
        &[&show(&old), "format version 1", "regenerate"],
    );
}

/// The outputs are as readable as any file the user makes (umask 022: 0644 files in 0755
/// folders), through the links too: another user or a build sandbox can read them.
#[cfg(unix)]
#[test]
fn outputs_are_readable_by_others() {
    use std::os::unix::fs::PermissionsExt;
    let root = tempdir();
    let tiles = tile_folder(&root.path().join("tiles"), &[("slope45.png", 16)]);
    let out = root.path().join("out");
    let script = format!(
        "umask 022; exec '{}' '{}' -o '{}'",
        env!("CARGO_BIN_EXE_slopegen"),
        tiles.display(),
        out.display()
    );
    let status = std::process::Command::new("sh")
        .args(["-c", &script])
        .status()
        .unwrap();
    assert!(status.success());
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    for name in ["tiles.bin", "tiles.rs"] {
        let real = fs::canonicalize(out.join(name)).unwrap();
        assert_eq!(mode(&real), 0o644, "{}", real.display());
        let mut dir = real.parent().unwrap();
        while dir != root.path() {
            assert_eq!(
                mode(dir) & 0o005,
                0o005,
                "{} is not readable by others",
                dir.display()
            );
            dir = dir.parent().unwrap();
        }
    }
}
