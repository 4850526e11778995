//! Sheets, Tiled tilesets and Tiled maps, end to end: the test levels of `data/levels/`
//! (drawn by `data/levels/make.py`) through the `slopegen` binary, read back through the
//! runtime and compared pixel by pixel with the maps rendered here, independently, from the
//! sheet images and Tiled's own flip definition; `.tmx` against `.tmj`; every bad input.
//!
//! `data/levels/expected/` holds the outputs of `hills.tmx`, pinned (regenerate with
//! `SLOPEGEN_BLESS=1 cargo test -p slopegen --test levels`); the module is compiled into this
//! test against the real runtime.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use proptest::prelude::*;
use slope_runtime::{Cell, PackedMap, Rect, ShapeId, Solid, Tables, TileMap, Variant, World};
use slopegen::Map;

mod hills {
    include!("data/levels/expected/hills.rs");
}

/// `hills.tmx caves.tmj --name world --emit rust`: one self-contained module, two maps.
mod world {
    include!("data/levels/expected/world.rs");
}

const LEVELS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/levels");
const N: usize = 16;

fn data(name: &str) -> PathBuf {
    Path::new(LEVELS).join(name)
}

fn slopegen() -> Command {
    Command::cargo_bin("slopegen").expect("the slopegen binary is built")
}

fn run_ok<S: AsRef<OsStr>>(args: &[S]) -> String {
    let output = slopegen().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "slopegen failed: {stderr}");
    String::from_utf8(output.stdout).unwrap()
}

/// A copy of the test levels in a temp folder (to break them without touching the originals).
fn copy_levels() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in fs::read_dir(LEVELS).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
        }
    }
    dir
}

/// Every file under `root`, with its bytes (symbolic links as their targets' names).
fn snapshot(root: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_owned()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for e in entries {
            let p = e.unwrap().path();
            let meta = fs::symlink_metadata(&p).unwrap();
            if meta.file_type().is_symlink() {
                out.push((
                    p.clone(),
                    fs::read_link(&p)
                        .unwrap()
                        .into_os_string()
                        .into_encoded_bytes(),
                ));
            } else if meta.is_dir() {
                stack.push(p);
            } else {
                out.push((p.clone(), fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// `slopegen ARGS -o OUT` fails with exit code 1, one `error:` line holding every
/// needle, and leaves the output folder (first generated from `hills.tmx`) as it was.
fn fails<S: AsRef<OsStr>>(args: &[S], needles: &[&str]) {
    let out = tempfile::tempdir().unwrap();
    run_ok(&[
        data("hills.tmx").as_os_str(),
        "-o".as_ref(),
        out.path().as_os_str(),
        "--name".as_ref(),
        "x".as_ref(),
    ]);
    let before = snapshot(out.path());
    let output = slopegen()
        .args(args)
        .args(["--name", "x", "-o"])
        .arg(out.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "should fail: {stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for needle in needles {
        assert!(stderr.contains(needle), "{needle:?} not in {stderr:?}");
    }
    assert!(
        snapshot(out.path()) == before,
        "the outputs changed: {stderr}"
    );
}

// ---------------------------------------------------------------------------------------
// The independent rendering: sheet pixels, Tiled's flip definition, y flipped
// ---------------------------------------------------------------------------------------

/// A sheet as the test reads it: solid pixels by the spec's rule decided for the whole
/// image, y down.
struct TestSheet {
    solid: image::ImageBuffer<image::Luma<u8>, Vec<u8>>,
    margin: usize,
    spacing: usize,
    columns: usize,
}

impl TestSheet {
    fn read(file: &str, margin: usize, spacing: usize) -> TestSheet {
        let img = image::open(data(file)).unwrap().to_rgba8();
        let alpha = img.pixels().any(|p| p.0[3] < 128);
        let solid = image::ImageBuffer::from_fn(img.width(), img.height(), |x, y| {
            let [r, g, b, a] = img.get_pixel(x, y).0;
            let luma = (299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)) / 1000;
            image::Luma([u8::from(if alpha { a >= 128 } else { luma < 128 })])
        });
        let columns = (img.width() as usize - 2 * margin + spacing) / (N + spacing);
        TestSheet {
            solid,
            margin,
            spacing,
            columns,
        }
    }

    /// Pixel (c, r) (y down) of tile `id`.
    fn pixel(&self, id: usize, c: usize, r: usize) -> bool {
        let x = self.margin + (id % self.columns) * (N + self.spacing) + c;
        let y = self.margin + (id / self.columns) * (N + self.spacing) + r;
        self.solid.get_pixel(x as u32, y as u32).0[0] == 1
    }
}

/// A Tiled map as the test reads it from its JSON: its collision layer's global ids (flags
/// included), rows from the top.
struct TestMap {
    width: usize,
    height: usize,
    gids: Vec<u32>,
}

impl TestMap {
    fn read(file: &str, layer: &str) -> TestMap {
        use base64::Engine as _;
        use std::io::Read as _;
        let json: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(data(file)).unwrap()).unwrap();
        let l = json["layers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["name"] == layer)
            .unwrap();
        let gids = match &l["data"] {
            serde_json::Value::Array(a) => a.iter().map(|v| v.as_u64().unwrap() as u32).collect(),
            serde_json::Value::String(s) => {
                let raw = base64::engine::general_purpose::STANDARD.decode(s).unwrap();
                let mut bytes = Vec::new();
                flate2::read::ZlibDecoder::new(&raw[..])
                    .read_to_end(&mut bytes)
                    .unwrap();
                bytes
                    .chunks(4)
                    .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                    .collect()
            }
            _ => panic!(),
        };
        TestMap {
            width: json["width"].as_u64().unwrap() as usize,
            height: json["height"].as_u64().unwrap() as usize,
            gids,
        }
    }
}

/// The test levels' tilesets: `slopes` (gids 1..=8, tile 4 one-way), `blocks` (9..=10).
struct Sheets {
    slopes: TestSheet,
    blocks: TestSheet,
}

impl Sheets {
    fn read() -> Sheets {
        Sheets {
            slopes: TestSheet::read("slopes.png", 1, 2),
            blocks: TestSheet::read("blocks.png", 0, 0),
        }
    }

    /// World pixel (x, y), y up, of `map` as Tiled draws it; `(solid, one_way)`.
    fn pixel(&self, map: &TestMap, x: usize, y: usize) -> (bool, bool) {
        let (tx, ty_down) = (x / N, map.height - 1 - y / N);
        let raw = map.gids[ty_down * map.width + tx];
        let (h, v, d) = (raw >> 31 & 1 == 1, raw >> 30 & 1 == 1, raw >> 29 & 1 == 1);
        let gid = (raw & 0x0FFF_FFFF) as usize;
        if gid == 0 {
            return (false, false);
        }
        // Tiled: D (transpose) first, then H, then V; undo them in reverse, y down.
        let (c, r) = (x % N, N - 1 - y % N);
        let r = if v { N - 1 - r } else { r };
        let c = if h { N - 1 - c } else { c };
        let (c, r) = if d { (r, c) } else { (c, r) };
        if gid >= 9 {
            (self.blocks.pixel(gid - 9, c, r), false)
        } else {
            (self.slopes.pixel(gid - 1, c, r), gid - 1 == 4)
        }
    }
}

/// Every pixel of the map: `World::hits` on a 1×1 box against the rendering (one-way cells
/// count as air for `hits`); every cell's one-way flag against its tile's property.
fn check_pixels(blob: &[u8], map_bytes: &[u8], map: &TestMap) {
    let tables = Tables::from_bytes(blob).unwrap();
    let packed = PackedMap::from_bytes(map_bytes).unwrap();
    packed.check_tables(&tables).unwrap();
    assert_eq!(
        (packed.width() as usize, packed.height() as usize),
        (map.width, map.height)
    );
    let sheets = Sheets::read();
    let world = World::new(tables, &packed);
    let mut solid = 0;
    for y in 0..map.height * N {
        for x in 0..map.width * N {
            let (pixel, one_way) = sheets.pixel(map, x, y);
            let hit = world.hits(Rect::of_box(x as i32, y as i32, 1, 1));
            assert_eq!(hit, pixel && !one_way, "world pixel ({x}, {y})");
            solid += usize::from(hit);
            let cell = packed.cell((x / N) as i32, (y / N) as i32);
            if !cell.is_empty() {
                assert_eq!(cell.is_one_way(), one_way, "cell of ({x}, {y})");
            }
        }
    }
    assert!(solid > 0);
    // outside: walled in
    assert!(world.hits(Rect::of_box(-1, 0, 1, 1)));
}

// ---------------------------------------------------------------------------------------
// Maps
// ---------------------------------------------------------------------------------------

/// The pinned outputs of `hills.tmx` are what the generator writes now.
#[test]
fn hills_outputs_are_pinned() {
    let out = tempfile::tempdir().unwrap();
    run_ok(&[
        data("hills.tmx").as_os_str(),
        "-o".as_ref(),
        out.path().as_os_str(),
    ]);
    let expected = data("expected");
    for file in ["hills.bin", "hills.map", "hills.rs"] {
        let now = fs::read(out.path().join(file)).unwrap();
        if std::env::var_os("SLOPEGEN_BLESS").is_some() {
            fs::create_dir_all(&expected).unwrap();
            fs::write(expected.join(file), &now).unwrap();
        }
        assert!(
            fs::read(expected.join(file)).unwrap() == now,
            "{file} differs from tests/data/levels/expected (SLOPEGEN_BLESS=1 to regenerate)"
        );
    }
}

/// The pinned module of two maps, inlined (`--emit rust`), is what the generator writes now;
/// compiled here, it serves both maps over one set of tables.
#[test]
fn two_maps_in_one_inlined_module() {
    let out = tempfile::tempdir().unwrap();
    run_ok(&[
        data("hills.tmx").as_os_str(),
        data("caves.tmj").as_os_str(),
        "-o".as_ref(),
        out.path().as_os_str(),
        "--name".as_ref(),
        "world".as_ref(),
        "--emit".as_ref(),
        "rust".as_ref(),
    ]);
    let now = fs::read(out.path().join("world.rs")).unwrap();
    let expected = data("expected").join("world.rs");
    if std::env::var_os("SLOPEGEN_BLESS").is_some() {
        fs::write(&expected, &now).unwrap();
    }
    assert!(
        fs::read(&expected).unwrap() == now,
        "world.rs differs (SLOPEGEN_BLESS=1 to regenerate)"
    );
    assert_eq!(file_names(out.path()), ["world.rs"]);
    check_pixels(
        world::blob(),
        world::hills::map_bytes(),
        &TestMap::read("hills.tmj", "ground"),
    );
    check_pixels(
        world::blob(),
        world::caves::map_bytes(),
        &TestMap::read("caves.tmj", "collision"),
    );
    assert_eq!(world::caves::EXIT, (72, 24));
    assert_eq!((world::caves::WIDTH, world::caves::HEIGHT), (6, 4));
    assert_eq!(world::hills::SPAWN, hills::SPAWN);
}

fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    names.sort();
    names
}

/// `.tmx` and `.tmj` versions of one map give identical outputs, byte for byte.
#[test]
fn tmx_and_tmj_give_identical_outputs() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    run_ok(&[
        data("hills.tmx").as_os_str(),
        "-o".as_ref(),
        a.path().as_os_str(),
    ]);
    run_ok(&[
        data("hills.tmj").as_os_str(),
        "-o".as_ref(),
        b.path().as_os_str(),
    ]);
    for file in ["hills.bin", "hills.map", "hills.rs"] {
        assert!(
            fs::read(a.path().join(file)).unwrap() == fs::read(b.path().join(file)).unwrap(),
            "{file} differs"
        );
    }
}

/// The generated module, compiled here against the runtime: every pixel of the map read
/// through `World::hits` is the map as Tiled draws it from the sheets.
#[test]
fn generated_module_matches_the_map_drawn_from_its_sheets_pixel_by_pixel() {
    let map = TestMap::read("hills.tmj", "ground");
    check_pixels(hills::blob(), hills::map_bytes(), &map);
    let tables = hills::TABLES;
    let packed = hills::MAP;
    assert_eq!((hills::WIDTH, hills::HEIGHT, hills::TILE_SIZE), (12, 8, 16));
    // the spawn point (24, 100) in Tiled, y down, is (24, 128 - 100) in world pixels
    assert_eq!(hills::SPAWN, (24, 28));
    assert_eq!(
        hills::LIFT,
        Rect {
            x0: 128,
            y0: 88,
            x1: 159,
            y1: 95
        }
    );
    // named shapes, default names, no shape for the full and empty tiles
    let names: Vec<&str> = tables.ids().map(|(_, n)| n).collect();
    assert_eq!(
        names,
        ["blocks_1", "bump", "notch", "ramp22", "ramp45", "slopes_4"]
    );
    assert_eq!(hills::NOTCH, tables.find("notch").unwrap());
    // every flip combination of the notch (row 5 from the top = y 2) is its variant
    let expected = ["none", "FX", "FY", "FXY", "F90X", "F90", "F90XY", "F90Y"];
    for (x, name) in expected.iter().enumerate() {
        assert_eq!(
            packed.cell(x as i32, 2),
            Cell::shape(hills::NOTCH, Variant::from_name(name).unwrap()),
            "notch at x = {x}"
        );
    }
    // the light-green full block of a sheet drawn on transparency is solid
    assert_eq!(packed.cell(0, 1), Cell::FULL);
    assert_eq!(packed.cell(5, 1), Cell::EMPTY); // the sheet's empty tile
    // the tile with `one_way = true`
    assert_eq!(
        packed.cell(9, 2),
        Cell::shape(hills::SLOPES_4, Variant::Identity).one_way()
    );
}

/// Two maps sharing a tileset share one blob; each gets its packed map and module.
#[test]
fn several_maps_share_one_blob() {
    let out = tempfile::tempdir().unwrap();
    run_ok(&[
        data("hills.tmx").as_os_str(),
        data("caves.tmj").as_os_str(),
        "-o".as_ref(),
        out.path().as_os_str(),
        "--name".as_ref(),
        "world".as_ref(),
    ]);
    let blob = fs::read(out.path().join("world.bin")).unwrap();
    check_pixels(
        &blob,
        &fs::read(out.path().join("world.hills.map")).unwrap(),
        &TestMap::read("hills.tmj", "ground"),
    );
    check_pixels(
        &blob,
        &fs::read(out.path().join("world.caves.map")).unwrap(),
        &TestMap::read("caves.tmj", "collision"),
    );
    let rs = fs::read_to_string(out.path().join("world.rs")).unwrap();
    assert!(
        rs.contains("pub mod hills {") && rs.contains("pub mod caves {"),
        "{rs}"
    );
    assert!(
        rs.contains("pub const EXIT: (i32, i32) = (72, 24);"),
        "{rs}"
    );
    assert!(!rs.contains("pub use self::"), "{rs}");
    // `info` describes a map
    let info = run_ok(&[
        OsStr::new("info"),
        out.path().join("world.caves.map").as_os_str(),
    ]);
    assert!(info.contains("6×4 cells of 16×16 px"), "{info}");
    assert!(info.contains("one-way  1"), "{info}");
    assert!(info.contains("bytes:     "), "{info}");
}

/// `--layer` picks the layer; `--outside empty` opens the edges.
#[test]
fn layer_and_outside_options() {
    let out = tempfile::tempdir().unwrap();
    run_ok(&[
        data("hills.tmx").as_os_str(),
        "-o".as_ref(),
        out.path().as_os_str(),
        "--layer".as_ref(),
        "decor".as_ref(),
        "--outside".as_ref(),
        "empty".as_ref(),
    ]);
    let bytes = fs::read(out.path().join("hills.map")).unwrap();
    let map = PackedMap::from_bytes(&bytes).unwrap();
    assert_eq!(map.outside(), Cell::EMPTY);
    // decor: a row of bumps at the top, nothing else
    assert!(matches!(map.cell(0, 7).solid, Solid::Shape(..)));
    assert_eq!(map.cell(0, 0), Cell::EMPTY);
}

// ---------------------------------------------------------------------------------------
// Sheets and tilesets
// ---------------------------------------------------------------------------------------

#[test]
fn a_sheet_with_margin_and_spacing() {
    let out = tempfile::tempdir().unwrap();
    run_ok(&[
        data("slopes.png").as_os_str(),
        "--tile-size".as_ref(),
        "16".as_ref(),
        "--margin".as_ref(),
        "1".as_ref(),
        "--spacing".as_ref(),
        "2".as_ref(),
        "-o".as_ref(),
        out.path().as_os_str(),
    ]);
    let blob = fs::read(out.path().join("slopes.bin")).unwrap();
    let tables = Tables::from_bytes(&blob).unwrap();
    let names: Vec<&str> = tables.ids().map(|(_, n)| n).collect();
    // tiles 0 (full), 2 and 6 (empty) need no shape
    assert_eq!(
        names,
        ["slopes_1", "slopes_3", "slopes_4", "slopes_5", "slopes_7"]
    );
    let sheet = Sheets::read().slopes;
    for (id, name) in tables.ids() {
        let index: usize = name.trim_start_matches("slopes_").parse().unwrap();
        let shape = tables.shape(id).unwrap();
        for x in 0..N {
            let column: u32 = (0..N)
                .filter(|&y| sheet.pixel(index, x, N - 1 - y))
                .map(|y| 1 << y)
                .sum();
            let top = shape
                .surface(Variant::Identity, x as u8)
                .map_or(0, |s| s.height);
            assert_eq!(
                u32::from(top),
                32 - column.leading_zeros(),
                "{name} column {x}"
            );
        }
    }
    assert!(!out.path().join("slopes.map").exists());
}

#[test]
fn a_tiled_tileset_names_its_tiles() {
    let out = tempfile::tempdir().unwrap();
    run_ok(&[
        data("slopes.tsx").as_os_str(),
        "-o".as_ref(),
        out.path().as_os_str(),
    ]);
    let blob = fs::read(out.path().join("slopes.bin")).unwrap();
    let tables = Tables::from_bytes(&blob).unwrap();
    let names: Vec<&str> = tables.ids().map(|(_, n)| n).collect();
    assert_eq!(names, ["bump", "notch", "ramp22", "ramp45", "slopes_4"]);
    let rs = fs::read_to_string(out.path().join("slopes.rs")).unwrap();
    assert!(
        rs.contains("pub const RAMP45:") && rs.contains("(`slopes.png#1`)"),
        "{rs}"
    );
}

// ---------------------------------------------------------------------------------------
// Bad input: each names the file and the problem; the outputs stay as they were
// ---------------------------------------------------------------------------------------

/// Writes `file` in a copy of the levels with `from` replaced by `to`; returns the copy.
fn broken(file: &str, from: &str, to: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = copy_levels();
    let path = dir.path().join(file);
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from:?} not in {file}");
    fs::write(&path, text.replacen(from, to, 1)).unwrap();
    (dir, path)
}

#[test]
fn unparsable_maps_and_tilesets_name_the_line() {
    let (_d, tmx) = broken("hills.tmx", "<layer id=\"2\"", "<layer id=\"2\"<");
    fails(
        &[&tmx],
        &["hills.tmx", "line 19", "not valid XML", "<layer>"],
    );
    let (_d, tmj) = broken("hills.tmj", "\"layers\": [", "\"layers\": [,");
    fails(&[&tmj], &["hills.tmj", "line ", "not a valid Tiled JSON"]);
    // well-formed, but not a Tiled map: the element at fault
    let (_d, tmx) = broken(
        "hills.tmx",
        " width=\"12\" height=\"8\" tilewidth",
        " tilewidth",
    );
    fails(
        &[&tmx],
        &["hills.tmx", "line 2", "Missing attribute: width"],
    );
    let (_d, tmx) = broken("hills.tmx", "<tileset firstgid=\"9\"", "<tileset");
    fails(&[&tmx], &["hills.tmx", "line 4", "firstgid"]);
    let (_d, tmx) = broken(
        "hills.tmx",
        "type=\"bool\" value=\"true\"",
        "type=\"bool\" value=\"maybe\"",
    );
    fails(&[&tmx], &["hills.tmx", "line 21", "Invalid property value"]);
    let (d, tsx) = broken("slopes.tsx", "<tile id=\"3\">", "<tile id=\"3\"><<");
    fails(
        &[&d.path().join("hills.tmx")],
        &["slopes.tsx", "line 5", "not valid XML"],
    );
    fails(&[&tsx], &["slopes.tsx", "line 5"]);
}

#[test]
fn missing_external_tileset_or_image() {
    let (_d, tmx) = broken("hills.tmx", "source=\"slopes.tsx\"", "source=\"gone.tsx\"");
    fails(&[&tmx], &["hills.tmx", "gone.tsx", "external tileset"]);
    let (_d, tmj) = broken(
        "hills.tmj",
        "\"source\": \"slopes.tsx\"",
        "\"source\": \"gone.tsx\"",
    );
    fails(&[&tmj], &["hills.tmj", "gone.tsx", "does not exist"]);
    let (_d, tsx) = broken("slopes.tsx", "source=\"slopes.png\"", "source=\"gone.png\"");
    fails(
        &[&tsx.with_file_name("hills.tmx")],
        &["slopes.tsx", "gone.png", "does not exist"],
    );
    fails(&[&tsx], &["slopes.tsx", "gone.png", "does not exist"]);
    fails(&[data("gone.tmx")], &["gone.tmx", "does not exist"]);
}

#[test]
fn tile_sizes_that_do_not_match() {
    let (_d, tmx) = broken(
        "hills.tmx",
        "name=\"blocks\" tilewidth=\"16\" tileheight=\"16\"",
        "name=\"blocks\" tilewidth=\"8\" tileheight=\"8\"",
    );
    fails(
        &[&tmx],
        &["hills.tmx", "tileset `blocks` has 8×8 px tiles", "16×16"],
    );
    let (_d, tsx) = broken("slopes.tsx", "tileheight=\"16\"", "tileheight=\"8\"");
    fails(&[&tsx], &["slopes.tsx", "16×8", "square"]);
    let (_d, tmx) = broken(
        "hills.tmx",
        "tilewidth=\"16\" tileheight=\"16\" infinite",
        "tilewidth=\"16\" tileheight=\"8\" infinite",
    );
    fails(&[&tmx], &["hills.tmx", "16×8", "square"]);
    fails(
        &[
            data("slopes.png").as_os_str(),
            "--tile-size".as_ref(),
            "2".as_ref(),
        ],
        &["slopes.png", "4 to 64"],
    );
}

#[test]
fn sheets_that_are_not_whole_tiles() {
    // 72×36 px is 4×2 tiles of 16 only with margin 1 and spacing 2
    fails(
        &[
            data("slopes.png").as_os_str(),
            "--tile-size".as_ref(),
            "16".as_ref(),
        ],
        &[
            "slopes.png",
            "72×36",
            "not a whole number of 16-pixel tiles",
            "margin 0 and spacing 0",
        ],
    );
    let (_d, tsx) = broken("slopes.tsx", "spacing=\"2\"", "spacing=\"3\"");
    fails(&[&tsx], &["slopes.png", "not a whole number", "spacing 3"]);
    fails(&[data("slopes.png")], &["slopes.png", "--tile-size"]);
}

#[test]
fn a_grid_given_for_what_is_not_a_sheet() {
    let tiles = concat!(env!("CARGO_MANIFEST_DIR"), "/tiles");
    fails(
        &[tiles, "--tile-size", "16"],
        &["tiles", "sheet PNG's grid", "a folder of tile PNGs"],
    );
    fails(
        &[
            data("slopes.tsx").as_os_str(),
            "--margin".as_ref(),
            "1".as_ref(),
        ],
        &["slopes.tsx", "a Tiled tileset, which gives its own grid"],
    );
    fails(
        &[
            data("hills.tmx").as_os_str(),
            "--spacing".as_ref(),
            "2".as_ref(),
        ],
        &[
            "hills.tmx",
            "a Tiled map, whose tilesets give their own grid",
        ],
    );
}

#[test]
fn no_collision_layer_lists_the_layers() {
    let (_d, tmx) = broken(
        "hills.tmx",
        "<property name=\"collision\" type=\"bool\" value=\"true\"/>",
        "",
    );
    fails(
        &[&tmx],
        &[
            "hills.tmx",
            "no collision layer",
            "`decor` (tiles)",
            "`ground` (tiles)",
            "`things` (objects)",
        ],
    );
    fails(
        &[
            data("hills.tmx").as_os_str(),
            "--layer".as_ref(),
            "nope".as_ref(),
        ],
        &["hills.tmx", "no layer named `nope`", "`ground` (tiles)"],
    );
    fails(
        &[
            data("hills.tmx").as_os_str(),
            "--layer".as_ref(),
            "things".as_ref(),
        ],
        &["hills.tmx", "`things` is not a tile layer"],
    );
}

#[test]
fn a_tile_outside_any_collision_tileset() {
    // blocks (first gid 9) has 2 tiles: gid 12 is its tile 3, which does not exist
    let (_d, tmx) = broken(
        "hills.tmx",
        "9,9,9,9,9,9,9,9,9,9,9,9",
        "9,9,12,9,9,9,9,9,9,9,9,9",
    );
    fails(
        &[&tmx],
        &[
            "hills.tmx",
            "layer `ground`",
            "cell (2, 7)",
            "tile id 3",
            "global id 12",
            "`blocks`",
        ],
    );
}

/// Runs slopegen on `map` (expecting it to fail) and returns its stderr's lines.
fn problems_of(map: &Path) -> Vec<String> {
    let out = tempfile::tempdir().unwrap();
    let output = slopegen()
        .arg(map)
        .arg("-o")
        .arg(out.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "should fail: {stderr}");
    stderr.lines().map(str::to_owned).collect()
}

/// Inside one map, every problem is reported in one run: each unknown tile and each bad
/// object, each naming its place.
#[test]
fn every_problem_of_a_map_is_reported_in_one_run() {
    let dir = copy_levels();
    let tmx = dir.path().join("hills.tmx");
    let text = fs::read_to_string(&tmx).unwrap();
    // blocks (first gid 9) has 2 tiles: gids 11 and 12 are none of them.
    let text = text
        .replacen("9,9,9,9,9,9,9,9,9,9,9,9", "9,9,12,9,9,9,9,9,11,9,9,9", 1)
        .replacen(
            "name=\"spawn\" x=\"24\" y=\"100\"",
            "name=\"spawn\" x=\"24\" y=\"100\" rotation=\"30\"",
            1,
        )
        .replacen("width=\"32\" height=\"8\"", "width=\"0\" height=\"8\"", 1);
    fs::write(&tmx, text).unwrap();
    let lines = problems_of(&tmx);
    let shown = tmx.display().to_string();
    assert_eq!(
        lines[0],
        format!("error: {shown}: 4 problems:"),
        "{lines:#?}"
    );
    let expected = [
        "layer `ground`, cell (2, 7): tile id 3 (global id 12) is outside tileset `blocks`",
        "layer `ground`, cell (8, 7): tile id 2 (global id 11) is outside tileset `blocks`",
        "layer `things`, object `spawn`: rotated by 30°",
        "layer `things`, object `lift`: a rectangle of 0×8 px",
    ];
    assert_eq!(lines.len(), 1 + expected.len(), "{lines:#?}");
    for (line, want) in lines[1..].iter().zip(expected) {
        assert!(
            line.trim_start().starts_with(&format!("{shown}: {want}")),
            "{line:?} is not {want:?}"
        );
    }
}

/// A tileset whose image is missing is one problem, not one per cell drawn with it; the
/// map's other problems come with it.
#[test]
fn a_missing_tileset_image_is_one_problem_beside_the_others() {
    let dir = copy_levels();
    fs::remove_file(dir.path().join("blocks.png")).unwrap();
    let tmx = dir.path().join("hills.tmx");
    let text = fs::read_to_string(&tmx).unwrap().replacen(
        "name=\"spawn\" x=\"24\" y=\"100\"",
        "name=\"spawn\" x=\"24\" y=\"100\" rotation=\"90\"",
        1,
    );
    fs::write(&tmx, text).unwrap();
    let lines = problems_of(&tmx);
    let shown = tmx.display().to_string();
    assert_eq!(
        lines[0],
        format!("error: {shown}: 2 problems:"),
        "{lines:#?}"
    );
    assert!(
        lines[1].contains("its tileset image") && lines[1].contains("blocks.png"),
        "{lines:#?}"
    );
    assert!(
        lines[2].contains("object `spawn`: rotated by 90°"),
        "{lines:#?}"
    );
}

#[test]
fn infinite_maps_are_refused() {
    let (_d, tmx) = broken("hills.tmx", "infinite=\"0\"", "infinite=\"1\"");
    fails(&[&tmx], &["hills.tmx", "infinite"]);
    let (_d, tmj) = broken("hills.tmj", "\"infinite\": false", "\"infinite\": true");
    fails(&[&tmj], &["hills.tmj", "infinite"]);
}

/// `text` with its first `<data …>…</data>` element replaced by `data`.
fn with_first_layer_data(text: &str, data: &str) -> String {
    let start = text.find("<data").unwrap();
    let end = text[start..].find("</data>").unwrap() + start + "</data>".len();
    format!("{}{data}{}", &text[..start], &text[end..])
}

/// A tile layer whose data holds fewer or more tiles than it has cells is refused, naming
/// the layer, in `.tmx` as in `.tmj`; so is compressed data that inflates past the layer's
/// cells, which is inflated no further. (Found by fuzzing, `fuzz/` target `tiled_xml`: the
/// `tiled` crate looked a short `.tmx` layer's tiles up past their end, and panicked; the
/// tiles are counted as `tiled` reads them, the first text of each `<data>` only.)
#[test]
fn tile_layers_need_one_tile_per_cell() {
    use base64::Engine as _;
    use std::io::Write as _;
    let dir = copy_levels();
    let tmx = dir.path().join("hills.tmx");
    let text = fs::read_to_string(&tmx).unwrap();
    let csv = |count: usize| vec!["8"; count].join(",");
    for (count, needle) in [
        (95, "95 tiles for 12×8 cells"),
        (1, "1 tiles for 12×8 cells"),
        (97, "more than 96 tiles for 12×8 cells"),
    ] {
        let data = format!("<data encoding=\"csv\">\n{}\n</data>", csv(count));
        fs::write(&tmx, with_first_layer_data(&text, &data)).unwrap();
        fails(&[&tmx], &["hills.tmx", "layer `decor`", needle]);
    }
    // 4 MB of zeros in 4 kB: a million tile ids for 96 cells
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    zlib.write_all(&vec![0; 4 << 20]).unwrap();
    let packed = base64::engine::general_purpose::STANDARD.encode(zlib.finish().unwrap());
    let data = format!("<data encoding=\"base64\" compression=\"zlib\">{packed}</data>");
    fs::write(&tmx, with_first_layer_data(&text, &data)).unwrap();
    fails(
        &[&tmx],
        &["hills.tmx", "layer `decor`", "more than 96 tiles"],
    );
    // a layer with no data at all
    fs::write(&tmx, with_first_layer_data(&text, "")).unwrap();
    fails(
        &[&tmx],
        &["hills.tmx", "layer `decor`", "0 tiles for 12×8 cells"],
    );
    // 96 values, but an element among them: only the text before it is the layer's data
    let data = format!("<data encoding=\"csv\">8,8,8<point/>{}</data>", csv(93));
    fs::write(&tmx, with_first_layer_data(&text, &data)).unwrap();
    fails(
        &[&tmx],
        &["hills.tmx", "layer `decor`", "3 tiles for 12×8 cells"],
    );
    // a layer inside a layer is skipped; the outer layer's own data is still checked
    let data = format!(
        "<layer name=\"inner\" width=\"1\" height=\"1\"><data encoding=\"csv\">0</data></layer>\
         <data encoding=\"csv\">{}</data>",
        csv(5)
    );
    fs::write(&tmx, with_first_layer_data(&text, &data)).unwrap();
    fails(
        &[&tmx],
        &["hills.tmx", "layer `decor`", "5 tiles for 12×8 cells"],
    );

    let tmj = dir.path().join("caves.tmj");
    let mut doc: serde_json::Value = serde_json::from_slice(&fs::read(&tmj).unwrap()).unwrap();
    let layer = &mut doc["layers"][0];
    layer["data"] = packed.into();
    let name = layer["name"].as_str().unwrap().to_owned();
    fs::write(&tmj, serde_json::to_vec(&doc).unwrap()).unwrap();
    fails(
        &[&tmj],
        &["caves.tmj", &format!("layer `{name}`"), "more than"],
    );
}

#[test]
fn unsupported_encodings_are_refused() {
    let (_d, tmx) = broken(
        "hills.tmx",
        "<data encoding=\"csv\">",
        "<data encoding=\"base64\" compression=\"zstd\">",
    );
    fails(
        &[&tmx],
        &[
            "hills.tmx",
            "base64 encoding with zstd compression",
            "not supported",
        ],
    );
    let (_d, tmj) = broken(
        "caves.tmj",
        "\"compression\": \"zlib\"",
        "\"compression\": \"zstd\"",
    );
    fails(
        &[&tmj],
        &["caves.tmj", "layer `collision`", "zstd", "not supported"],
    );
}

#[test]
fn maps_beyond_the_runtimes_limits_are_refused() {
    let dir = copy_levels();
    let path = dir.path().join("wide.tmj");
    let w = 70_000;
    let json = serde_json::json!({
        "width": w, "height": 1, "tilewidth": 16, "tileheight": 16, "infinite": false,
        "orientation": "orthogonal",
        "tilesets": [{"firstgid": 1, "source": "slopes.tsx"}],
        "layers": [{"type": "tilelayer", "name": "collision", "width": w, "height": 1,
                    "data": vec![2; w]}],
    });
    fs::write(&path, json.to_string()).unwrap();
    fails(&[&path], &["wide.tmj", "70000×1 cells", "65535"]);
}

// ---------------------------------------------------------------------------------------
// The packed map: generator → bytes → runtime
// ---------------------------------------------------------------------------------------

fn any_cell(shapes: u16) -> impl Strategy<Value = Cell> {
    prop_oneof![
        Just(Cell::EMPTY),
        Just(Cell::FULL),
        (0..shapes, 0u8..8)
            .prop_map(|(id, v)| Cell::shape(ShapeId::new(id), Variant::from_index(v).unwrap())),
    ]
    .prop_flat_map(|c| prop_oneof![Just(c), Just(c.one_way())])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// Whatever the cells, packing them and reading them back through the runtime gives
    /// them back, inside and (as `outside`) around the map; 1 byte per cell up to 256
    /// distinct cells, 2 above.
    #[test]
    fn packed_maps_round_trip(
        w in 1u16..40,
        h in 1u16..40,
        shapes in prop_oneof![Just(3u16), Just(200u16)],
        seed in prop::collection::vec(any_cell(200), 1..1600),
        outside in any_cell(3),
    ) {
        let cells: Vec<Cell> = (0..usize::from(w) * usize::from(h))
            .map(|i| {
                let c = seed[i % seed.len()];
                match c.solid {
                    Solid::Shape(id, v) => Cell { solid: Solid::Shape(ShapeId::new(id.index() % shapes), v), one_way: c.one_way },
                    _ => c,
                }
            })
            .collect();
        let map = Map {
            path: PathBuf::from("m.tmx"),
            stem: "m".into(),
            group: None,
            layer: "collision".into(),
            width: w,
            height: h,
            tile_size: 16,
            cells: cells.clone(),
            outside,
            objects: Vec::new(),
            art: Vec::new(),
            images: Vec::new(),
        };
        let bytes = slopegen::pack_map(&map);
        let distinct: std::collections::BTreeSet<u32> = cells.iter().map(|&c| slope_runtime::cell_code(c)).collect();
        let wide = distinct.len() > 256;
        prop_assert_eq!(slope_runtime::index_width(&bytes), Some(if wide { 2 } else { 1 }));
        // the map reads back through the type of its width, and only through it
        let (narrow, wider) = (PackedMap::from_bytes(&bytes), slope_runtime::WidePackedMap::from_bytes(&bytes));
        prop_assert_eq!(narrow.is_ok(), !wide);
        prop_assert_eq!(wider.is_ok(), wide);
        let (get, palette): (Box<dyn Fn(i32, i32) -> Cell>, usize) = match (narrow, wider) {
            (Ok(m), _) => (Box::new(move |x, y| m.cell(x, y)), m.palette().count()),
            (_, Ok(m)) => (Box::new(move |x, y| m.cell(x, y)), m.palette().count()),
            (Err(e), _) => panic!("{e}"),
        };
        prop_assert_eq!(palette, distinct.len());
        for y in 0..h {
            for x in 0..w {
                prop_assert_eq!(get(i32::from(x), i32::from(y)), map.cell(x, y));
            }
        }
        prop_assert_eq!(get(-1, 0), outside);
        prop_assert_eq!(get(i32::from(w), 0), outside);
        prop_assert_eq!(get(0, i32::from(h)), outside);
    }
}

#[test]
fn a_collection_of_images_is_no_collision_tileset() {
    let (d, tmx) = broken(
        "hills.tmx",
        "source=\"slopes.tsx\"",
        "source=\"pictures.tsx\"",
    );
    fs::write(
        d.path().join("pictures.tsx"),
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <tileset version=\"1.10\" name=\"pictures\" tilewidth=\"16\" tileheight=\"16\" tilecount=\"8\" columns=\"0\">\n \
         <grid orientation=\"orthogonal\" width=\"1\" height=\"1\"/>\n \
         <tile id=\"3\"><image source=\"blocks.png\" width=\"32\" height=\"16\"/></tile>\n\
         </tileset>\n",
    )
    .unwrap();
    fails(
        &[&tmx],
        &[
            "hills.tmx",
            "layer `ground`",
            "cell (3, 1)",
            "`pictures`",
            "a collection of images",
        ],
    );
    fails(
        &[&d.path().join("pictures.tsx")],
        &["pictures.tsx", "a collection of images"],
    );
}

#[test]
fn objects_that_cannot_be_constants() {
    let (_d, tmx) = broken("hills.tmx", "name=\"lift\"", "name=\"Spawn\"");
    fails(
        &[&tmx],
        &[
            "hills.tmx",
            "layer `things`",
            "object `Spawn`",
            "`spawn`",
            "constant `SPAWN`",
        ],
    );
    let (_d, tmx) = broken("hills.tmx", "name=\"lift\"", "name=\"notch\"");
    fails(
        &[&tmx],
        &[
            "hills.tmx",
            "object `notch`",
            "shape `notch`",
            "constant `NOTCH`",
        ],
    );
    let (_d, tmx) = broken(
        "hills.tmx",
        "name=\"lift\"",
        "name=\"lift\" rotation=\"30\"",
    );
    fails(&[&tmx], &["hills.tmx", "object `lift`", "rotated by 30°"]);
    let (_d, tmx) = broken("hills.tmx", "name=\"lift\"", "name=\"width\"");
    fails(
        &[&tmx],
        &["hills.tmx", "object `width`", "`WIDTH` is taken"],
    );
    let (_d, tmx) = broken("hills.tmx", "name=\"lift\"", "name=\"map\"");
    fails(
        &[&tmx],
        &[
            "hills.tmx",
            "object `map`",
            "`MAP` is taken by the map's own items",
        ],
    );
}

#[test]
fn maps_must_share_one_tile_size_and_have_distinct_names() {
    let dir = copy_levels();
    let small = dir.path().join("small.tmj");
    let json = serde_json::json!({
        "width": 2, "height": 1, "tilewidth": 8, "tileheight": 8, "infinite": false,
        "tilesets": [], "layers": [{"type": "tilelayer", "name": "collision", "width": 2,
                                    "height": 1, "data": [0, 0]}],
    });
    fs::write(&small, json.to_string()).unwrap();
    fails(
        &[data("hills.tmx").as_path(), small.as_path()],
        &["small.tmj", "8×8 px", "hills.tmx", "one tile size"],
    );
    fails(
        &[data("hills.tmx"), data("hills.tmj")],
        &["hills.tmj", "same module name `hills`"],
    );
}

/// A map that declares a huge size over little data is refused at once.
#[test]
fn a_huge_declared_size_is_refused_at_once() {
    let (_d, tmx) = broken(
        "hills.tmx",
        "width=\"12\" height=\"8\">\n  <properties>",
        "width=\"60000\" height=\"60000\">\n  <properties>",
    );
    let started = std::time::Instant::now();
    fails(&[&tmx], &["hills.tmx", "60000×60000 cells", "65535"]);
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}

/// An external tileset in JSON (`.tsj`) reads as its `.tsx`: the same outputs.
#[test]
fn a_json_tileset_reads_as_its_xml_one() {
    let dir = copy_levels();
    let tsj = serde_json::json!({
        "name": "slopes", "tilewidth": 16, "tileheight": 16, "spacing": 2, "margin": 1,
        "tilecount": 8, "columns": 4, "image": "slopes.png", "imagewidth": 72, "imageheight": 36,
        "type": "tileset", "version": "1.10",
        "tiles": [
            {"id": 1, "properties": [{"name": "name", "type": "string", "value": "ramp45"}]},
            {"id": 3, "properties": [{"name": "name", "type": "string", "value": "notch"}]},
            {"id": 4, "properties": [{"name": "one_way", "type": "bool", "value": true}]},
            {"id": 5, "properties": [{"name": "name", "type": "string", "value": "ramp22"}]},
            {"id": 7, "properties": [{"name": "name", "type": "string", "value": "bump"}]},
        ],
    });
    fs::write(dir.path().join("slopes.tsj"), tsj.to_string()).unwrap();
    let tmj = dir.path().join("hills.tmj");
    let text = fs::read_to_string(&tmj)
        .unwrap()
        .replace("slopes.tsx", "slopes.tsj");
    fs::write(&tmj, text).unwrap();
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    run_ok(&[tmj.as_os_str(), "-o".as_ref(), a.path().as_os_str()]);
    run_ok(&[
        data("hills.tmx").as_os_str(),
        "-o".as_ref(),
        b.path().as_os_str(),
    ]);
    for file in ["hills.bin", "hills.map", "hills.rs"] {
        assert!(
            fs::read(a.path().join(file)).unwrap() == fs::read(b.path().join(file)).unwrap(),
            "{file} differs"
        );
    }
    let (c, d) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    run_ok(&[
        dir.path().join("slopes.tsj").as_os_str(),
        "-o".as_ref(),
        c.path().as_os_str(),
    ]);
    run_ok(&[
        data("slopes.tsx").as_os_str(),
        "-o".as_ref(),
        d.path().as_os_str(),
    ]);
    assert!(
        fs::read(c.path().join("slopes.bin")).unwrap()
            == fs::read(d.path().join("slopes.bin")).unwrap()
    );
}

/// A sheet larger than the generator reads is refused from its header, before decoding.
#[test]
fn an_oversized_sheet_is_refused_from_its_header() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.png");
    // a PNG header announcing 5000×16 px, and nothing after it
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    bytes.extend(5000u32.to_be_bytes());
    bytes.extend(16u32.to_be_bytes());
    bytes.extend([8, 6, 0, 0, 0, 0, 0, 0, 0]);
    fs::write(&path, bytes).unwrap();
    fails(
        &[path.as_os_str(), "--tile-size".as_ref(), "16".as_ref()],
        &["huge.png", "5000×16", "at most 4096"],
    );
}

/// More than 256 distinct cells: 2 bytes per cell, read as a `WidePackedMap`.
#[test]
fn a_map_of_many_distinct_cells_is_wide() {
    let cells: Vec<Cell> = (0..40u16 * 10)
        .map(|i| {
            Cell::shape(
                ShapeId::new(i / 8),
                Variant::from_index((i % 8) as u8).unwrap(),
            )
        })
        .collect();
    let map = Map {
        path: PathBuf::from("m.tmx"),
        stem: "m".into(),
        group: None,
        layer: "collision".into(),
        width: 40,
        height: 10,
        tile_size: 16,
        cells,
        outside: Cell::EMPTY,
        objects: Vec::new(),
        art: Vec::new(),
        images: Vec::new(),
    };
    let bytes = slopegen::pack_map(&map);
    assert_eq!(slope_runtime::index_width(&bytes), Some(2));
    assert!(PackedMap::from_bytes(&bytes).is_err());
    let wide = slope_runtime::WidePackedMap::from_bytes(&bytes).unwrap();
    assert_eq!(wide.palette().count(), 400);
    assert_eq!(wide.cell(39, 9), map.cell(39, 9));
    assert_eq!(
        wide.cell(39, 9),
        Cell::shape(ShapeId::new(49), Variant::Rot90FlipXY)
    );
}
