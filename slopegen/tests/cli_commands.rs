//! The `slopegen` binary's commands and messages: `build` as the default command (and tile
//! folders named like a command), outputs named after the folder's real name, every bad tile
//! reported in one run, `dump`'s bound, variant names, and errors styled as clap styles its
//! own (`error: `, red and bold on a terminal only).
//!
//! Every test works in its own temp folder; nothing outside it is written.

use std::ffi::OsStr;
use std::fs;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, Output, Stdio};

#[path = "support/cli.rs"]
mod cli_support;
use cli_support::{DEFAULT_TILES, file_names, png, show, slopegen, tempdir};

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

/// Runs `slopegen ARGS` in `dir`.
fn run_in<S: AsRef<OsStr>>(dir: &Path, args: &[S]) -> Output {
    slopegen().current_dir(dir).args(args).output().unwrap()
}

/// Runs `slopegen ARGS` in `dir`, expects success.
fn ok_in<S: AsRef<OsStr>>(dir: &Path, args: &[S]) -> Output {
    let output = run_in(dir, args);
    assert!(
        output.status.success(),
        "slopegen {:?} failed: {}",
        args.iter().map(|a| a.as_ref()).collect::<Vec<_>>(),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Runs `slopegen ARGS`, expects exit code 1, nothing on stdout; returns stderr.
fn fails<S: AsRef<OsStr>>(args: &[S]) -> String {
    let output = slopegen().args(args).output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(output.stdout.is_empty(), "printed on stdout");
    stderr
}

/// Generates the default tiles into `dir/out` and returns the blob's path.
fn default_blob(dir: &Path) -> PathBuf {
    let out = dir.join("out");
    ok_in(dir, &[Path::new(DEFAULT_TILES), Path::new("-o"), &out]);
    out.join("tiles.bin")
}

// ---------------------------------------------------------------------------------------
// `build`, the default command
// ---------------------------------------------------------------------------------------

#[test]
fn a_tile_folder_named_like_a_command_is_built_with_build_or_a_path() {
    let root = tempdir();
    let dir = root.path();
    copy_default_tiles(&dir.join("info"));

    ok_in(dir, &["build", "info", "-o", "out1"]);
    assert_eq!(file_names(&dir.join("out1")), ["info.bin", "info.rs"]);
    ok_in(dir, &["./info", "-o", "out2"]);
    assert_eq!(file_names(&dir.join("out2")), ["info.bin", "info.rs"]);
    // The default command takes its options in any order.
    ok_in(dir, &["-o", "out3", "./info"]);
    assert_eq!(file_names(&dir.join("out3")), ["info.bin", "info.rs"]);
    // After `--`, `info` is a path.
    ok_in(dir, &["-o", "out4", "--", "info"]);
    assert_eq!(file_names(&dir.join("out4")), ["info.bin", "info.rs"]);

    // `info` first is the command; the usage error says how to build the folder.
    let output = run_in(dir, &["info", "-o", "out5"]);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("`info` is a command")
            && stderr.contains("slopegen build info")
            && stderr.contains("slopegen ./info"),
        "{stderr}"
    );
    assert!(!dir.join("out5").exists());

    // `info` (and `dump`) of a folder says how to build it.
    let output = run_in(dir, &["info", "info"]);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("error: info: is a folder, not a blob")
            && stderr.contains("slopegen build info -o OUT"),
        "{stderr}"
    );
}

#[test]
fn build_by_name_and_by_default_write_the_same_set() {
    let root = tempdir();
    let a = root.path().join("a");
    let b = root.path().join("b");
    slopegen()
        .args([OsStr::new(DEFAULT_TILES), "-o".as_ref(), a.as_os_str()])
        .assert()
        .success();
    slopegen()
        .args([
            OsStr::new("build"),
            DEFAULT_TILES.as_ref(),
            "-o".as_ref(),
            b.as_os_str(),
        ])
        .assert()
        .success();
    assert_eq!(
        fs::read(a.join("tiles.bin")).unwrap(),
        fs::read(b.join("tiles.bin")).unwrap()
    );
    assert_eq!(
        fs::read(a.join("tiles.rs")).unwrap(),
        fs::read(b.join("tiles.rs")).unwrap()
    );
}

#[test]
fn help_explains_the_default_command_and_folders_named_like_one() {
    // Whatever the width the help is wrapped to.
    let words = |s: &[u8]| -> String {
        let text = String::from_utf8(s.to_vec()).unwrap();
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let top = slopegen().arg("--help").output().unwrap();
    let top = words(&top.stdout);
    for needle in [
        "Usage: slopegen [build] TILES... -o OUT",
        "build is the default command",
        "slopegen build info -o out",
        "slopegen ./info -o out",
        "dump",
        "preview",
    ] {
        assert!(
            top.replace('`', "").contains(needle),
            "no {needle:?} in:\n{top}"
        );
    }
    let build = slopegen().args(["build", "--help"]).output().unwrap();
    let build = words(&build.stdout);
    for needle in [
        "slopegen build info -o out",
        "--name",
        "`.` and `..` resolved",
    ] {
        assert!(build.contains(needle), "no {needle:?} in:\n{build}");
    }
}

#[test]
fn preview_help_says_what_the_colours_of_a_map_mean() {
    let preview = slopegen().args(["preview", "--help"]).output().unwrap();
    // Whatever the width the help is wrapped to.
    let text = String::from_utf8(preview.stdout).unwrap();
    let preview = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for needle in [
        "the tile's own angles",
        "coloured by the ground angle the runtime reports",
        "N×N px",
        "centre feet",
        "legend",
    ] {
        assert!(preview.contains(needle), "no {needle:?} in:\n{preview}");
    }
}

// ---------------------------------------------------------------------------------------
// Outputs named after the folder's real name
// ---------------------------------------------------------------------------------------

#[test]
fn dot_and_dot_dot_name_the_outputs_after_the_folder() {
    let root = tempdir();
    let world = copy_default_tiles(&root.path().join("world1"));
    fs::create_dir_all(world.join("sub")).unwrap();

    ok_in(&world, &[".", "-o", "../out"]);
    let out = root.path().join("out");
    assert_eq!(file_names(&out), ["world1.bin", "world1.rs"]);
    let rs = fs::read_to_string(out.join("world1.rs")).unwrap();
    assert!(rs.contains("include_bytes!(\"world1.bin\")"), "{rs}");
    assert!(rs.contains("// Tiles: `world1`"), "{rs}");
    assert!(!rs.contains(&show(root.path())), "an absolute path: {rs}");

    ok_in(&world.join("sub"), &["..", "-o", "../../out2"]);
    assert_eq!(
        file_names(&root.path().join("out2")),
        ["world1.bin", "world1.rs"]
    );

    // A path ending in a name keeps that name; --name still wins.
    ok_in(root.path(), &["world1/sub/..", "-o", "out3"]);
    assert_eq!(
        file_names(&root.path().join("out3")),
        ["world1.bin", "world1.rs"]
    );
    ok_in(&world, &[".", "-o", "../out4", "--name", "level1"]);
    assert_eq!(
        file_names(&root.path().join("out4")),
        ["level1.bin", "level1.rs"]
    );
}

/// A folder whose name cannot name the outputs (not UTF-8) is refused, saying how to name
/// them, rather than silently named `tiles`.
#[cfg(target_os = "linux")]
#[test]
fn a_folder_name_that_cannot_name_the_outputs_asks_for_one() {
    use std::os::unix::ffi::OsStrExt;
    let root = tempdir();
    let odd = copy_default_tiles(&root.path().join(OsStr::from_bytes(b"tiles\xff")));
    let stderr = fails(&[odd.join("."), PathBuf::from("-o"), root.path().join("out")]);
    assert!(
        stderr.starts_with("error: ")
            && stderr.contains("cannot name the outputs after it")
            && stderr.contains("not valid UTF-8")
            && stderr.contains("--name NAME"),
        "{stderr}"
    );
    assert!(!root.path().join("out").exists());
    let out = root.path().join("out");
    slopegen()
        .arg(odd.join("."))
        .arg("-o")
        .arg(&out)
        .args(["--name", "odd"])
        .assert()
        .success();
    assert_eq!(file_names(&out), ["odd.bin", "odd.rs"]);
}

// ---------------------------------------------------------------------------------------
// Every bad tile in one run
// ---------------------------------------------------------------------------------------

#[test]
fn every_bad_tile_is_reported_in_one_run() {
    let root = tempdir();
    let tiles = root.path().join("tiles");
    fs::create_dir_all(&tiles).unwrap();
    png(&tiles.join("good.png"), 16, 16);
    png(&tiles.join("wide.png"), 16, 8);
    png(&tiles.join("small.png"), 8, 8);
    fs::write(tiles.join("junk.png"), "not an image\n").unwrap();
    png(&tiles.join("Slope 45.png"), 16, 16);
    png(&tiles.join("slope_45.png"), 16, 16);
    let out = root.path().join("out");

    let stderr = fails(&[tiles.as_os_str(), "-o".as_ref(), out.as_os_str()]);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines[0],
        format!("error: {}: 4 problems:", show(&tiles)),
        "{stderr}"
    );
    assert_eq!(lines.len(), 5, "{stderr}");
    let expect = [
        (
            format!("  {}: ", show(&tiles.join("junk.png"))),
            "not a valid PNG",
        ),
        (
            format!("  {}: ", show(&tiles.join("wide.png"))),
            "16×8 pixels; tiles must be square",
        ),
        (
            format!("  {}: ", show(&tiles.join("small.png"))),
            "8×8 pixels, but",
        ),
        (
            format!("  {} and ", show(&tiles.join("Slope 45.png"))),
            "both names become the constant `SLOPE_45`",
        ),
    ];
    for (start, problem) in &expect {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(start.as_str()) && l.contains(problem)),
            "no line starting {start:?} with {problem:?}:\n{stderr}"
        );
    }
    assert!(!out.exists(), "a failed run created the output folder");

    // One bad tile is still one line.
    fs::remove_file(tiles.join("wide.png")).unwrap();
    fs::remove_file(tiles.join("small.png")).unwrap();
    fs::remove_file(tiles.join("Slope 45.png")).unwrap();
    let stderr = fails(&[tiles.as_os_str(), "-o".as_ref(), out.as_os_str()]);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with(&format!(
            "error: {}: not a valid PNG",
            show(&tiles.join("junk.png"))
        )),
        "{stderr}"
    );
}

// ---------------------------------------------------------------------------------------
// dump: bounded unless asked
// ---------------------------------------------------------------------------------------

/// Runs `slopegen dump ARGS`, expects success; returns the lines of the CSV (header
/// included) and the first two rows' shape,variant fields, without keeping the CSV.
fn dump_rows<S: AsRef<OsStr>>(args: &[S]) -> (usize, Vec<String>) {
    let mut child = StdCommand::new(env!("CARGO_BIN_EXE_slopegen"))
        .arg("dump")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (mut lines, mut firsts, mut line) = (0usize, Vec::new(), Vec::new());
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let k = stdout.read(&mut buf).unwrap();
        if k == 0 {
            break;
        }
        for &b in &buf[..k] {
            if b == b'\n' {
                lines += 1;
                let text = String::from_utf8_lossy(&line).into_owned();
                let key: Vec<&str> = text.split(',').take(2).collect();
                let key = key.join(",");
                if lines > 1 && firsts.last() != Some(&key) {
                    firsts.push(key);
                }
                line.clear();
            } else {
                line.push(b);
            }
        }
    }
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    (lines, firsts)
}

#[test]
fn dump_of_a_whole_big_blob_needs_all_or_shapes() {
    let root = tempdir();
    let blob = default_blob(root.path());
    // 12 shapes × 8 variants × 16⁴ overlaps: over the bound.
    let stderr = fails(&[OsStr::new("dump"), blob.as_os_str()]);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for needle in [
        format!("error: {}: the dump would be 6,291,456 rows", show(&blob)),
        "12 shapes × 8 variants × 16⁴ overlaps".to_owned(),
        "more than the 1,000,000 rows".to_owned(),
        "--shape NAME (repeatable)".to_owned(),
        "--all".to_owned(),
    ] {
        assert!(stderr.contains(&needle), "no {needle:?} in {stderr:?}");
    }
    // One variant of every shape, 786,432 rows, is under it.
    let (lines, _) = dump_rows(&[OsStr::new("--variant"), "none".as_ref(), blob.as_os_str()]);
    assert_eq!(lines, 1 + 12 * 16usize.pow(4));
}

#[test]
fn dump_all_and_repeated_shapes_write_every_row_asked_for() {
    let root = tempdir();
    let tiles = root.path().join("two");
    fs::create_dir_all(&tiles).unwrap();
    for name in ["full.png", "slope45.png"] {
        fs::copy(Path::new(DEFAULT_TILES).join(name), tiles.join(name)).unwrap();
    }
    let out = root.path().join("out");
    ok_in(
        root.path(),
        &[tiles.as_os_str(), "-o".as_ref(), out.as_os_str()],
    );
    let blob = out.join("two.bin");
    let rows = 2 * 8 * 16usize.pow(4); // 1,048,576: just over the bound

    let stderr = fails(&[OsStr::new("dump"), blob.as_os_str()]);
    assert!(stderr.contains("1,048,576 rows"), "{stderr}");

    let (lines, firsts) = dump_rows(&[blob.as_os_str(), "--all".as_ref()]);
    assert_eq!(lines, 1 + rows);
    assert_eq!(firsts.len(), 16, "{firsts:?}");
    assert_eq!(firsts[0], "full,none");

    // Shapes named, in the order given, however many rows.
    let (lines, firsts) = dump_rows(&[
        blob.as_os_str(),
        "--shape".as_ref(),
        "slope45".as_ref(),
        "--shape".as_ref(),
        "full".as_ref(),
    ]);
    assert_eq!(lines, 1 + rows);
    assert_eq!(firsts[0], "slope45,none");
    assert_eq!(firsts[8], "full,none");

    // --shape and --all together are a usage error.
    slopegen()
        .arg("dump")
        .arg(&blob)
        .args(["--all", "--shape", "full"])
        .assert()
        .code(2);
}

// ---------------------------------------------------------------------------------------
// Variants: one word, every name
// ---------------------------------------------------------------------------------------

#[test]
fn variants_take_every_name_and_the_old_flag() {
    let root = tempdir();
    let blob = default_blob(root.path());
    let dump = |flag: &str, value: &str| -> Vec<u8> {
        let output = slopegen()
            .arg("dump")
            .arg(&blob)
            .args(["--shape", "slope22_1", flag, value])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{flag} {value}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        output.stdout
    };
    let expected = dump("--variant", "F90X");
    assert!(
        String::from_utf8_lossy(&expected)
            .lines()
            .skip(1)
            .all(|l| l.starts_with("slope22_1,F90X,")),
        "not the variant asked for"
    );
    for name in ["f90x", "Rot90FlipX", "rot90flipx", "r90x", "R90X"] {
        assert!(dump("--variant", name) == expected, "--variant {name}");
    }
    assert!(dump("--transform", "F90X") == expected, "--transform");
    assert!(dump("--variant", "fx") == dump("--variant", "FX"));
    assert!(dump("--variant", "identity") == dump("--variant", "none"));
    assert!(dump("--variant", "r90") == dump("--variant", "F90"));

    let help = slopegen().args(["dump", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    for needle in [
        "--variant <VARIANT>",
        "F90XY",
        "r90x",
        "rot90flipx",
        "flipx",
        "identity",
        "any case",
    ] {
        assert!(help.contains(needle), "no {needle:?} in:\n{help}");
    }
    assert!(!help.contains("transform"), "{help}");
    let top = slopegen().arg("--help").output().unwrap();
    assert!(!String::from_utf8(top.stdout).unwrap().contains("transform"));
}

// ---------------------------------------------------------------------------------------
// Errors styled as clap styles its own
// ---------------------------------------------------------------------------------------

#[test]
fn errors_have_one_plain_prefix_off_a_terminal() {
    let root = tempdir();
    let missing = root.path().join("nope");
    let stderr = fails(&[
        missing.as_os_str(),
        "-o".as_ref(),
        root.path().join("out").as_os_str(),
    ]);
    assert_eq!(
        stderr,
        format!("error: {}: tile folder does not exist\n", show(&missing))
    );
    assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
}

/// Runs `slopegen ARGS` with stderr on a terminal (through `script`), `env` added; returns
/// what the terminal shows.
#[cfg(target_os = "linux")]
fn on_a_terminal(args: &[&str], env: &[(&str, &str)]) -> String {
    let mut line = format!("'{}'", env!("CARGO_BIN_EXE_slopegen"));
    for a in args {
        line.push_str(&format!(" '{a}'"));
    }
    let output = StdCommand::new("script")
        .args(["-q", "-e", "-c", &line, "/dev/null"])
        .env_remove("NO_COLOR")
        .env("TERM", "xterm")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .expect("`script` (util-linux) runs a command on a terminal");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[cfg(target_os = "linux")]
#[test]
fn errors_are_red_and_bold_on_a_terminal_unless_no_color() {
    let root = tempdir();
    let missing = root.path().join("nope");
    let out = root.path().join("out");
    let args = [missing.to_str().unwrap(), "-o", out.to_str().unwrap()];
    let red = "\u{1b}[1m\u{1b}[31merror:\u{1b}[0m ";
    let shown = on_a_terminal(&args, &[]);
    assert!(
        shown.starts_with(&format!(
            "{red}{}: tile folder does not exist",
            show(&missing)
        )),
        "{shown:?}"
    );
    let plain = on_a_terminal(&args, &[("NO_COLOR", "1")]);
    assert!(
        plain.starts_with(&format!(
            "error: {}: tile folder does not exist",
            show(&missing)
        )),
        "{plain:?}"
    );
    assert!(!plain.contains('\u{1b}'), "{plain:?}");
}
