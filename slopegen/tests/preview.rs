//! `slopegen preview` on each kind of input (a tile folder, a sheet, a Tiled tileset, a
//! Tiled map, a blob), read back as PNG: deterministic bytes, the expected size and pixels
//! where the runtime says (a map's surfaces in the colour of the runtime's ground angle);
//! and its errors, which leave no file behind.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use image::RgbImage;

const LEVELS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/levels");
/// The default tiles (`tiles/` in the package, the repository's `tiles/`).
const TILES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tiles");
/// Their blob (the repository's `slope-runtime/tests/data/tiles.bin`).
const BLOB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin");
const SOLID: [u8; 3] = [70, 70, 80];
const SURFACE: [u8; 3] = [235, 120, 20];
const ONE_WAY: [u8; 3] = [40, 170, 70];
const WHITE: [u8; 3] = [255, 255, 255];

fn data(name: &str) -> PathBuf {
    Path::new(LEVELS).join(name)
}

/// Runs `slopegen preview ARGS -o OUT` twice; both succeed with the same bytes; returns the
/// picture.
fn preview<S: AsRef<OsStr>>(args: &[S]) -> RgbImage {
    let dir = tempfile::tempdir().unwrap();
    let mut runs = Vec::new();
    for k in 0..2 {
        let out = dir.path().join(format!("{k}.png"));
        let output = Command::cargo_bin("slopegen")
            .unwrap()
            .arg("preview")
            .args(args)
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        runs.push(fs::read(&out).unwrap());
    }
    assert!(runs[0] == runs[1], "two runs gave different bytes");
    image::load_from_memory(&runs[0]).unwrap().to_rgb8()
}

fn fails<S: AsRef<OsStr>>(args: &[S], out: &Path, needles: &[&str]) {
    let output = Command::cargo_bin("slopegen")
        .unwrap()
        .arg("preview")
        .args(args)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("error: ") && stderr.lines().count() == 1,
        "{stderr}"
    );
    for needle in needles {
        assert!(stderr.contains(needle), "{needle:?} not in {stderr:?}");
    }
    assert!(!out.is_file(), "a picture was written");
}

/// The variant sheet of the default tiles: one row per shape (12), 8 variants each; in the
/// `full` row every tile pixel is solid, its top row the surface colour.
fn check_default_sheet(img: &RgbImage) {
    // rows of 2·14 (labels) + 96 (tile) + 14 (angle) + 10 px, 8 px of padding
    assert_eq!(img.height(), 2 * 8 + 12 * (14 + 14 + 96 + 14 + 10));
    // `full` is the second shape (bump, full, …); its `none` tile starts at (9, 8 + row + 29)
    let top = 8 + (14 + 14 + 96 + 14 + 10) + 2 * 14 + 1;
    assert_eq!(img.get_pixel(9, top).0, SURFACE);
    assert_eq!(img.get_pixel(9, top + 6).0, SOLID);
    assert_eq!(img.get_pixel(9 + 95, top + 95).0, SOLID);
}

#[test]
fn a_tile_folder_and_its_blob_give_the_same_picture() {
    let folder = preview(&[TILES]);
    check_default_sheet(&folder);
    assert!(preview(&[BLOB]) == folder);
}

#[test]
fn chosen_shapes_are_drawn_alone_in_the_order_given() {
    let all = preview(&[TILES]);
    let row = 14 + 14 + 96 + 14 + 10;
    let two = preview(&[TILES, "--shape", "full", "--shape", "bump"]);
    assert_eq!((two.width(), two.height()), (all.width(), 2 * 8 + 2 * row));
    // `full` first now: its row is the default sheet's second (`bump`, `full`, …)
    let same = |a: &RgbImage, ay: u32, b: &RgbImage, by: u32| {
        (0..row).all(|y| (0..a.width()).all(|x| a.get_pixel(x, ay + y) == b.get_pixel(x, by + y)))
    };
    assert!(same(&two, 8, &all, 8 + row), "`full` is not the first row");
    assert!(same(&two, 8 + row, &all, 8), "`bump` is not the second row");
    // a blob takes the option too
    assert!(preview(&[BLOB, "--shape", "full", "--shape", "bump"]) == two);
}

#[test]
fn a_sheet_and_its_tileset() {
    let sheet = preview(&[
        data("slopes.png").as_os_str(),
        "--tile-size".as_ref(),
        "16".as_ref(),
        "--margin".as_ref(),
        "1".as_ref(),
        "--spacing".as_ref(),
        "2".as_ref(),
    ]);
    let tileset = preview(&[data("slopes.tsx")]);
    // five shapes each (names differ: slopes_1… against ramp45…)
    for img in [&sheet, &tileset] {
        assert_eq!(img.height(), 2 * 8 + 5 * (14 + 14 + 96 + 14 + 10));
    }
}

#[test]
fn a_map_draws_its_collision() {
    let img = preview(&[data("hills.tmx")]);
    // 12×8 cells of 16 px at scale 2, row 0 at the bottom, at the top of the picture; the
    // legend under it
    let map_h = 8 * 16 * 2;
    assert_eq!(img.width(), 12 * 16 * 2);
    assert!(img.height() > map_h);
    // the bottom row is full blocks; cell (9, 2) is the one-way ledge (its top 4 rows)
    assert_eq!(img.get_pixel(5, map_h - 1).0, SOLID);
    let (x, y_top) = (9 * 32 + 5, (8 - 3) * 32);
    assert_eq!(img.get_pixel(x, y_top + 2).0, ONE_WAY);
    assert_eq!(img.get_pixel(x, y_top + 20).0, WHITE);
    // the legend shows the colour scale: level, 45° rising and falling among its colours
    let legend: Vec<[u8; 3]> = (map_h..img.height())
        .flat_map(|y| (0..img.width()).map(move |x| (x, y)))
        .map(|(x, y)| img.get_pixel(x, y).0)
        .collect();
    for angle in [0, 32, 224, 64, 192] {
        let colour = slopegen::angle_colour(angle);
        assert!(legend.contains(&colour), "no {colour:?} for angle {angle}");
    }
    // `.tmj` gives the same picture
    assert!(preview(&[data("hills.tmj")]) == img);
    let scaled = preview(&[
        data("hills.tmx").as_os_str(),
        "--scale".as_ref(),
        "1".as_ref(),
    ]);
    // at least as wide as the legend's colour scale
    assert!(scaled.width() >= 192 && scaled.height() > 128);
    assert_eq!(scaled.get_pixel(5, 127).0, SOLID);
}

/// Tile size of [`write_riser_map`]'s tiles.
const N: u32 = 16;

/// Writes `ramp.png`, a sheet of 16 tiles (a full block, then `k` = 0..15: `k + 1` px high
/// in its left half, `k + 2` in its right half: one 1-px riser each), and `ramp.tmj`, a
/// Tiled map 22×4 cells: a floor, and on it from cell 3 the risers in order (a slope of
/// 1 px per tile, 3.6°), then blocks. Returns the map's path.
fn write_riser_map(dir: &Path) -> PathBuf {
    let sheet = RgbImage::from_fn(16 * N, N, |px, row| {
        let (t, x, y) = (px / N, px % N, N - 1 - row);
        let solid = t == 0 || y < t + u32::from(x >= N / 2);
        image::Rgb(if solid { [0, 0, 0] } else { [255, 255, 255] })
    });
    sheet.save(dir.join("ramp.png")).unwrap();
    let (w, h) = (22, 4);
    let mut rows = Vec::new();
    for ty in (0..h).rev() {
        for tx in 0..w {
            let gid = match (ty, tx) {
                (0, _) | (1, 18..) => 1,
                (1, 3..18) => 2 + (tx - 3),
                _ => 0,
            };
            rows.push(gid.to_string());
        }
    }
    let map = format!(
        r#"{{"type": "map", "version": "1.10", "orientation": "orthogonal", "renderorder": "right-down",
 "infinite": false, "width": {w}, "height": {h}, "tilewidth": {N}, "tileheight": {N},
 "nextlayerid": 2, "nextobjectid": 1,
 "tilesets": [{{"firstgid": 1, "name": "ramp", "tilewidth": {N}, "tileheight": {N},
   "tilecount": 16, "columns": 16, "margin": 0, "spacing": 0,
   "image": "ramp.png", "imagewidth": {iw}, "imageheight": {N}}}],
 "layers": [{{"id": 1, "name": "collision", "type": "tilelayer", "width": {w}, "height": {h},
   "x": 0, "y": 0, "opacity": 1, "visible": true, "data": [{data}]}}]}}"#,
        iw = 16 * N,
        data = rows.join(", "),
    );
    let path = dir.join("ramp.tmj");
    fs::write(&path, map).unwrap();
    path
}

/// On a slope of one 1-px riser per tile, the preview colours each surface pixel by the
/// ground angle the runtime reports there for a 16×16 actor with centre feet (rising,
/// 3.6°), not by the tile's own angle (flat: one riser alone reads as a step).
#[test]
fn map_surfaces_show_the_runtime_s_ground_angle() {
    use slope_runtime::{Actor, Feet, PackedMap, Tables, Variant, World};
    let dir = tempfile::tempdir().unwrap();
    let tmj = write_riser_map(dir.path());
    let img = preview(&[&tmj]);
    let map_h = 4 * N;
    // the runtime's answers, from the same input
    let compiled = slopegen::Builder::new(&tmj).compile().unwrap();
    let tables = Tables::from_bytes(&compiled.blob).unwrap();
    let map = PackedMap::from_bytes(&compiled.maps[0].1).unwrap();
    let world = World::new(tables, &map);
    let mut checked = 0;
    // the middle of the slope (cells 6..15): tile k = tx − 3 tops out at k + 1, then k + 2
    for x in 6 * N..15 * N {
        let (k, local) = (x / N - 3, x % N);
        let y = N + k + 1 + u32::from(local >= N / 2);
        let mut probe = Actor::new(0, 0, N as u16, N as u16);
        probe.settings.feet = Feet::Centre;
        assert!(world.place_on_ground(&mut probe, x as i32, y as i32), "{x}");
        assert_eq!((probe.centre_x(), probe.y), (x as i32, y as i32));
        let angle = world.ground_angle(&probe);
        assert!((2..=3).contains(&angle), "({x}, {y}): {angle}"); // 2.8° or 4.2°
        // each tile alone reads flat there
        let cell = slope_runtime::TileMap::cell(&map, (x / N) as i32, 1);
        let slope_runtime::Solid::Shape(shape, variant) = cell.solid else {
            panic!("a riser tile at ({x}, {y})");
        };
        assert_eq!(variant, Variant::Identity);
        let own = tables
            .shape(shape)
            .unwrap()
            .surface(variant, local as u8)
            .unwrap();
        assert_eq!((u32::from(own.height), own.angle), (y - N, 0));
        // the picture: scale 2, the map's row 0 at its bottom
        let pixel = img.get_pixel(2 * x + 1, 2 * (map_h - 1 - y)).0;
        assert_eq!(pixel, slopegen::angle_colour(angle), "({x}, {y})");
        assert_ne!(pixel, slopegen::angle_colour(own.angle), "({x}, {y})");
        // the solid pixel under it is drawn solid
        assert_eq!(img.get_pixel(2 * x, 2 * (map_h - y)).0, SOLID);
        checked += 1;
    }
    assert_eq!(checked, 9 * N);
    // the level floor before the slope, far from it, is level
    let floor = img.get_pixel(2 * 8, 2 * (map_h - 1 - N)).0;
    assert_eq!(floor, slopegen::angle_colour(0));
}

#[test]
fn errors_name_the_input_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p.png");
    fails(
        &[dir.path().join("gone")],
        &out,
        &["gone", "does not exist"],
    );
    fails(&[data("gone.tmx")], &out, &["gone.tmx", "does not exist"]);
    fails(&[data("slopes.png")], &out, &["slopes.png", "--tile-size"]);
    fails(
        &[
            data("hills.tmx").as_os_str(),
            "--layer".as_ref(),
            "nope".as_ref(),
        ],
        &out,
        &["hills.tmx", "no layer named `nope`"],
    );
    let bad = dir.path().join("bad.bin");
    let mut bytes = fs::read(BLOB).unwrap();
    bytes[40] ^= 1;
    fs::write(&bad, bytes).unwrap();
    fails(&[&bad], &out, &["bad.bin", "damaged"]);
    let missing = dir.path().join("no").join("p.png");
    fails(
        &[TILES, "--scale", "2"],
        &missing,
        &["p.png", "cannot write"],
    );
    fails(&[Path::new(TILES)], dir.path(), &["not a file"]);
    fails(
        &[TILES, "--shape", "slope99"],
        &out,
        &["tiles", "no shape named `slope99`", "slope45"],
    );
}

#[test]
fn a_packed_map_alone_is_refused_and_info_names_its_damage() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let status = Command::cargo_bin("slopegen")
        .unwrap()
        .arg(data("caves.tmj"))
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap()
        .status;
    assert!(status.success());
    let map = out.join("caves.map");
    fails(
        &[&map],
        &dir.path().join("p.png"),
        &["caves.map", "the Tiled map"],
    );
    let mut bytes = fs::read(&map).unwrap();
    bytes[30] ^= 4;
    let bad = dir.path().join("bad.map");
    fs::write(&bad, bytes).unwrap();
    let output = Command::cargo_bin("slopegen")
        .unwrap()
        .arg("info")
        .arg(&bad)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr.contains("bad.map")
            && stderr.contains("not a valid packed map")
            && stderr.contains("damaged"),
        "{stderr}"
    );
}
