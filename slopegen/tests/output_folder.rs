//! The output folder holds plain files and nothing else: a run killed between two renames
//! leaves a pair the compiler refuses (naming the fix) and the next run repairs; several
//! runs at once take turns and leave one whole set; a folder written by an earlier version
//! (links into `.slopegen/`) is migrated; whatever stands at an output's name is replaced by
//! a regular file without touching what a link pointed at.
#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use image::{GrayImage, Luma};

#[path = "support/cli.rs"]
#[allow(dead_code)] // the helpers other test files use too
mod cli_support;
use cli_support::file_names;

const BIN: &str = env!("CARGO_BIN_EXE_slopegen");

/// The test-only hook that makes a run wait between its last two renames (see
/// `output/publish.rs`).
const HALT: &str = "SLOPEGEN_TEST_HALT_BEFORE_LAST_RENAME";

/// A folder of `count` distinct 16×16 tiles (a different picture per `salt`).
fn tile_folder(dir: &Path, count: u32, salt: u32) -> PathBuf {
    fs::create_dir_all(dir).unwrap();
    for i in 0..count {
        let k = i.wrapping_mul(2_654_435_761).wrapping_add(salt);
        let img = GrayImage::from_fn(16, 16, |x, y| {
            let solid = (x * 7 + y * 3 + k) % 5 < 2 || y < (k % 7);
            Luma([if solid { 0 } else { 255 }])
        });
        img.save(dir.join(format!("t{i:03}.png"))).unwrap();
    }
    dir.to_owned()
}

fn command(tiles: &Path, out: &Path, name: &str) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.arg(tiles)
        .arg("-o")
        .arg(out)
        .args(["--name", name, "-q"])
        .env_remove(HALT)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    cmd
}

fn run(tiles: &Path, out: &Path, name: &str) {
    let output = command(tiles, out, name).output().unwrap();
    assert!(
        output.status.success(),
        "slopegen failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

fn mtime(path: &Path) -> SystemTime {
    fs::metadata(path).unwrap().modified().unwrap()
}

fn is_regular_file(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file())
}

/// Compiles a crate root that includes `module` (the generated `.rs`, its blob beside it)
/// and uses its `TABLES`, against this build's `slope-runtime`. Type checking is enough:
/// the module's compile-time checks run during it. Returns rustc's stderr on failure.
fn compile_including(module: &Path, work: &Path) -> Result<(), String> {
    let deps = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .to_owned();
    // The folder may hold several builds of the runtime (other features, other runs): the
    // newest is the one this test binary was just built with.
    let runtime = fs::read_dir(&deps)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("libslope_runtime-") && name.ends_with(".rlib")
        })
        .max_by_key(|p| fs::metadata(p).and_then(|m| m.modified()).unwrap())
        .expect("slope-runtime is built beside the tests");
    let root = work.join("check.rs");
    fs::write(
        &root,
        format!(
            "mod tiles {{ include!({:?}); }}\nfn main() {{ let _ = tiles::TABLES; }}\n",
            module.display().to_string()
        ),
    )
    .unwrap();
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(rustc)
        .args([
            "--edition",
            "2021",
            "--emit=metadata",
            "--crate-name",
            "check",
        ])
        .arg("--out-dir")
        .arg(work)
        .arg("--extern")
        .arg(format!("slope_runtime={}", runtime.display()))
        .arg("-L")
        .arg(format!("dependency={}", deps.display()))
        .arg(&root)
        .output()
        .unwrap();
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

/// Waits (at most a minute) for `path` to exist.
fn wait_for(path: &Path) {
    let started = Instant::now();
    while !path.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the run never reached its last rename"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A run killed between its renames (the blob renamed, the module not yet) leaves the new
/// blob beside the old module. A crate including that module does not compile, and the
/// compiler's message says to run slopegen again; the next run repairs the pair.
#[test]
fn a_kill_between_renames_is_refused_by_the_compiler_and_repaired_by_the_next_run() {
    let root = tempfile::tempdir().unwrap();
    let old_tiles = tile_folder(&root.path().join("old"), 3, 1);
    let new_tiles = tile_folder(&root.path().join("new"), 5, 2);
    let out = root.path().join("out");
    let work = root.path().join("work");
    fs::create_dir_all(&work).unwrap();
    run(&old_tiles, &out, "tiles");
    let module = out.join("tiles.rs");
    compile_including(&module, &work).expect("an intact pair compiles");
    let old_bin = fs::read(out.join("tiles.bin")).unwrap();
    let old_rs = fs::read(&module).unwrap();

    let marker = root.path().join("halted");
    let mut child = command(&new_tiles, &out, "tiles")
        .env(HALT, &marker)
        .spawn()
        .unwrap();
    wait_for(&marker);
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();

    let torn_bin = fs::read(out.join("tiles.bin")).unwrap();
    assert!(torn_bin != old_bin, "the blob was renamed before the kill");
    assert_eq!(
        fs::read(&module).unwrap(),
        old_rs,
        "the module is renamed last"
    );
    let refused = compile_including(&module, &work).expect_err("a torn pair must not compile");
    assert!(
        refused.contains("is not the one it was generated with")
            && refused.contains("run slopegen again")
            && refused.contains("cargo build"),
        "{refused}"
    );

    run(&new_tiles, &out, "tiles");
    assert_eq!(fs::read(out.join("tiles.bin")).unwrap(), torn_bin);
    assert_ne!(fs::read(&module).unwrap(), old_rs);
    compile_including(&module, &work).expect("the next run repairs the pair");
    assert_eq!(file_names(&out), ["tiles.bin", "tiles.rs"]);
}

/// The module validates its blob and map when the game compiles: bytes whose length and
/// checksum tail are intact but whose contents fail `Tables::from_bytes` or
/// `PackedMap::from_bytes` are a compile error naming the file and the fix (a different
/// format version named as such), and the intact files compile.
#[test]
fn a_blob_or_map_that_fails_validation_is_refused_by_the_compiler() {
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("out");
    let work = root.path().join("work");
    fs::create_dir_all(&work).unwrap();
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/levels/hills.tmx");
    let status = Command::new(BIN)
        .arg(&level)
        .arg("-o")
        .arg(&out)
        .arg("-q")
        .status()
        .unwrap();
    assert!(status.success());
    let module = out.join("hills.rs");
    compile_including(&module, &work).expect("intact files compile");

    let refused_with = |file: &str, at: usize, byte: u8| {
        let path = out.join(file);
        let intact = fs::read(&path).unwrap();
        let mut damaged = intact.clone();
        damaged[at] = byte;
        assert_ne!(damaged, intact);
        fs::write(&path, &damaged).unwrap();
        let refused =
            compile_including(&module, &work).expect_err("damaged bytes must not compile");
        fs::write(&path, &intact).unwrap();
        refused
    };
    let blob_len = fs::read(out.join("hills.bin")).unwrap().len();
    let refused = refused_with("hills.bin", blob_len / 2, 0x5A);
    assert!(
        refused.contains("hills.bin is not a valid slopegen blob: regenerate it with slopegen"),
        "{refused}"
    );
    // The version, a varint after the 8-byte magic.
    let refused = refused_with("hills.bin", 8, 1);
    assert!(
        refused.contains("hills.bin is in a format version this slope-runtime does not read"),
        "{refused}"
    );
    let map_len = fs::read(out.join("hills.map")).unwrap().len();
    let refused = refused_with("hills.map", map_len - 6, 0xEE);
    assert!(
        refused.contains("hills.map is not a valid packed map: regenerate it with slopegen"),
        "{refused}"
    );
    compile_including(&module, &work).expect("the intact files compile again");
}

/// Tiles of a size that the runtime reads only with its `any_tile_size` feature (24 px) make
/// a module that compiles against a runtime with the feature and is refused, naming it,
/// by one without (the test links the runtime built last beside it: with the feature in a
/// workspace test run, without it after `cargo test -p slope-runtime --no-default-features`);
/// tiles of 16 px make no such check.
#[test]
fn tiles_read_only_with_a_feature_name_it_in_the_module() {
    let root = tempfile::tempdir().unwrap();
    let work = root.path().join("work");
    fs::create_dir_all(&work).unwrap();
    let tiles = root.path().join("wide");
    fs::create_dir_all(&tiles).unwrap();
    GrayImage::from_fn(24, 24, |x, y| Luma([if y < x { 0 } else { 255 }]))
        .save(tiles.join("ramp.png"))
        .unwrap();
    let out = root.path().join("out");
    run(&tiles, &out, "wide");
    let module = fs::read_to_string(out.join("wide.rs")).unwrap();
    assert!(
        module.contains(
            "wide.bin has tiles of 24 px, which slope-runtime reads only with its `any_tile_size` feature"
        ),
        "{module}"
    );
    if let Err(refused) = compile_including(&out.join("wide.rs"), &work) {
        assert!(
            refused.contains(
                "wide.bin has tiles of 24 px, which slope-runtime reads only with its `any_tile_size` feature"
            ),
            "{refused}"
        );
    }

    let usual = root.path().join("usual");
    run(
        &tile_folder(&root.path().join("sixteen"), 2, 0),
        &usual,
        "usual",
    );
    let module = fs::read_to_string(usual.join("usual.rs")).unwrap();
    assert!(!module.contains("any_tile_size"), "{module}");
}

/// Six runs into one folder at once, three tile sets: all succeed, the folder ends with one
/// run's whole pair, and nothing else (no lock, no temporary file).
#[test]
fn several_runs_at_once_take_turns_and_leave_only_the_outputs() {
    let root = tempfile::tempdir().unwrap();
    let sets: Vec<PathBuf> = (0..3)
        .map(|i| tile_folder(&root.path().join(format!("set{i}")), 40 + i, i))
        .collect();
    let mut expected = Vec::new();
    for (i, tiles) in sets.iter().enumerate() {
        let alone = root.path().join(format!("alone{i}"));
        run(tiles, &alone, "world");
        expected.push((
            fs::read(alone.join("world.bin")).unwrap(),
            fs::read(alone.join("world.rs")).unwrap(),
        ));
    }
    for trial in 0..4 {
        let out = root.path().join(format!("shared{trial}"));
        let children: Vec<_> = (0..6)
            .map(|k| {
                command(&sets[(k + trial) % 3], &out, "world")
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let output = child.wait_with_output().unwrap();
            assert!(
                output.status.success(),
                "trial {trial}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        let end = (
            fs::read(out.join("world.bin")).unwrap(),
            fs::read(out.join("world.rs")).unwrap(),
        );
        assert!(
            expected.contains(&end),
            "trial {trial}: not one run's whole pair"
        );
        assert_eq!(file_names(&out), ["world.bin", "world.rs"], "trial {trial}");
    }
}

/// Builds a folder as earlier versions published it: each output a link into
/// `.slopegen/NAME.set/current/`, `current` a link to a version folder, and a lock file.
fn earlier_form(out: &Path, plain: &Path, stem: &str, version: &str) {
    let set = out.join(".slopegen").join(format!("{stem}.set"));
    let dir = set.join(version);
    fs::create_dir_all(&dir).unwrap();
    for ext in ["bin", "rs"] {
        let name = format!("{stem}.{ext}");
        fs::copy(plain.join(&name), dir.join(&name)).unwrap();
        std::os::unix::fs::symlink(
            format!(".slopegen/{stem}.set/current/{name}"),
            out.join(&name),
        )
        .unwrap();
    }
    std::os::unix::fs::symlink(version, set.join("current")).unwrap();
    fs::write(out.join(".slopegen/lock"), "").unwrap();
}

/// A folder of the earlier form becomes plain files on the next run: the outputs of that run
/// and the other set's outputs alike (same bytes, same modification time, as they read
/// through the links), and `.slopegen/` is gone.
#[test]
fn a_folder_of_links_into_the_hidden_store_is_migrated() {
    let root = tempfile::tempdir().unwrap();
    let tiles = tile_folder(&root.path().join("tiles"), 4, 3);
    let other_tiles = tile_folder(&root.path().join("other"), 2, 4);
    let plain = root.path().join("plain");
    run(&tiles, &plain, "tiles");
    run(&other_tiles, &plain, "other");
    let out = root.path().join("out");
    earlier_form(&out, &plain, "tiles", "v-AbCdEf12");
    earlier_form(&out, &plain, "other", "v-9876zyxw");
    // The versions were written long ago.
    let old = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000_000);
    for (stem, version) in [("tiles", "v-AbCdEf12"), ("other", "v-9876zyxw")] {
        for ext in ["bin", "rs"] {
            let file = out.join(format!(".slopegen/{stem}.set/{version}/{stem}.{ext}"));
            fs::File::options()
                .write(true)
                .open(file)
                .unwrap()
                .set_modified(old)
                .unwrap();
        }
    }
    fs::write(out.join("notes.txt"), "mine\n").unwrap();

    run(&tiles, &out, "tiles");

    assert_eq!(
        file_names(&out),
        [
            "notes.txt",
            "other.bin",
            "other.rs",
            "tiles.bin",
            "tiles.rs"
        ]
    );
    for name in ["tiles.bin", "tiles.rs", "other.bin", "other.rs"] {
        let path = out.join(name);
        assert!(is_regular_file(&path), "{name} is not a regular file");
        assert_eq!(
            fs::read(&path).unwrap(),
            fs::read(plain.join(name)).unwrap(),
            "{name}"
        );
        assert_eq!(mtime(&path), old, "{name}: its modification time changed");
    }
    assert_eq!(fs::read(out.join("notes.txt")).unwrap(), b"mine\n");
}

/// An output that is a link to a file elsewhere is replaced by a regular file; the file the
/// link pointed at keeps its bytes.
#[test]
fn a_link_at_an_output_name_is_replaced_and_its_target_untouched() {
    let root = tempfile::tempdir().unwrap();
    let tiles = tile_folder(&root.path().join("tiles"), 2, 5);
    let out = root.path().join("out");
    fs::create_dir_all(&out).unwrap();
    let elsewhere = root.path().join("precious.bin");
    fs::write(&elsewhere, b"not yours").unwrap();
    let module = root.path().join("precious.rs");
    fs::write(&module, b"// not yours either\n").unwrap();
    std::os::unix::fs::symlink(&elsewhere, out.join("tiles.bin")).unwrap();
    std::os::unix::fs::symlink("../precious.rs", out.join("tiles.rs")).unwrap();

    run(&tiles, &out, "tiles");

    assert_eq!(fs::read(&elsewhere).unwrap(), b"not yours");
    assert_eq!(fs::read(&module).unwrap(), b"// not yours either\n");
    for name in ["tiles.bin", "tiles.rs"] {
        assert!(is_regular_file(&out.join(name)), "{name} is still a link");
    }
    assert!(
        fs::read(out.join("tiles.bin"))
            .unwrap()
            .starts_with(b"SLOPEGEN")
    );
    assert_eq!(file_names(&out), ["tiles.bin", "tiles.rs"]);
}
