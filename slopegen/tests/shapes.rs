//! Tiled's collision shapes (a tile's objects in Tiled's tile collision editor): the level of
//! `data/shapes/` (drawn by `data/shapes/make.py`) through the `slopegen` binary, read back
//! through the runtime and compared pixel by pixel with an independent rasterization in exact
//! integer arithmetic of the documented rule (a pixel is solid when its centre is inside a
//! shape; a centre exactly on an edge in on a horizontal edge with the shape below it and on
//! any other edge with the shape to its right, out otherwise; ellipses strictly inside),
//! under every flip of Tiled; the tileset property `collision_from`; shapes that have no
//! inside.

#[allow(dead_code)] // the helpers of the command-line tests, of which these use the binary
#[path = "support/cli.rs"]
mod cli_support;
#[path = "support/editors.rs"]
mod editors;
use editors::{fails, generate, preview};
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use slope_runtime::{PackedMap, Rect, Tables, World};

const SHAPES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shapes");
const N: i64 = 16;
/// Coordinates are multiples of 1/8 px and pixel centres of 1/2: everything ×16 is a whole
/// number (half-widths too).
const K: i64 = 16;

fn data(name: &str) -> PathBuf {
    Path::new(SHAPES).join(name)
}

fn whole(v: &Value) -> i64 {
    let f = v.as_f64().unwrap() * K as f64;
    assert_eq!(f, f.round(), "the test data uses eighths of a pixel");
    f as i64
}

/// Whether the centre of pixel (c, r) (y down) of tile `tile` is inside one of its shapes
/// as `art.tsj` lists them; `None` for a tile without shapes.
fn oracle(tileset: &Value, tile: u64, c: i64, r: i64) -> Option<bool> {
    let t = tileset["tiles"]
        .as_array()?
        .iter()
        .find(|t| t["id"] == tile)?;
    let (px, py) = (c * K + K / 2, r * K + K / 2);
    let in_rect = |x: i64, y: i64, w: i64, h: i64| x <= px && px < x + w && y <= py && py < y + h;
    // centre (cx, cy) and radii (rx, ry), all ×K: strictly inside
    let in_ellipse = |cx: i64, cy: i64, rx: i64, ry: i64| {
        let (dx, dy) = (i128::from(px - cx), i128::from(py - cy));
        let (rx, ry) = (i128::from(rx), i128::from(ry));
        dx * dx * ry * ry + dy * dy * rx * rx < rx * rx * ry * ry
    };
    let mut inside = false;
    for o in t["objectgroup"]["objects"].as_array().unwrap() {
        let (x, y, w, h) = (
            whole(&o["x"]),
            whole(&o["y"]),
            whole(&o["width"]),
            whole(&o["height"]),
        );
        inside |= if let Some(points) = o["polygon"].as_array() {
            let pts: Vec<(i64, i64)> = points
                .iter()
                .map(|p| (x + whole(&p["x"]), y + whole(&p["y"])))
                .collect();
            // a crossing to the right of the centre, for each edge straddling its row
            let mut odd = false;
            for i in 0..pts.len() {
                let ((ax, ay), (bx, by)) = (pts[i], pts[(i + 1) % pts.len()]);
                if (ay > py) != (by > py) {
                    // px < ax + (py − ay)(bx − ax)/(by − ay)
                    let (lhs, rhs) = ((px - ax) * (by - ay), (py - ay) * (bx - ax));
                    if (by > ay && lhs < rhs) || (by < ay && lhs > rhs) {
                        odd = !odd;
                    }
                }
            }
            odd
        } else if o["ellipse"] == true {
            in_ellipse(x + w / 2, y + h / 2, w / 2, h / 2)
        } else if o["capsule"] == true {
            let r = w.min(h) / 2;
            if w >= h {
                in_rect(x + r, y, w - 2 * r, h)
                    || in_ellipse(x + r, y + r, r, r)
                    || in_ellipse(x + w - r, y + r, r, r)
            } else {
                in_rect(x, y + r, w, h - 2 * r)
                    || in_ellipse(x + r, y + r, r, r)
                    || in_ellipse(x + r, y + h - r, r, r)
            }
        } else {
            in_rect(x, y, w, h)
        };
    }
    Some(inside)
}

/// The art image's own rule: no transparency, so dark (luma < 128) is solid.
fn art_pixel(img: &image::RgbImage, tile: u64, c: i64, r: i64) -> bool {
    let (x, y) = ((tile % 3) as i64 * N + c, (tile / 3) as i64 * N + r);
    let [red, g, b] = img.get_pixel(x as u32, y as u32).0;
    (299 * u32::from(red) + 587 * u32::from(g) + 114 * u32::from(b)) / 1000 < 128
}

/// How a tile's pixel is decided, as the tileset's `collision_from` asks.
#[derive(Clone, Copy)]
enum From {
    ShapesWhereDrawn,
    Shapes,
    Image,
}

/// World pixel (x, y) (y up) of the map as Tiled draws it, each tile's pixels by `from`.
fn drawn(map: &Value, tileset: &Value, img: &image::RgbImage, from: From, x: i64, y: i64) -> bool {
    let (w, h) = (
        map["width"].as_i64().unwrap(),
        map["height"].as_i64().unwrap(),
    );
    let raw = map["layers"][0]["data"][((h - 1 - y / N) * w + x / N) as usize]
        .as_u64()
        .unwrap();
    let (fh, fv, fd) = (raw >> 31 & 1 == 1, raw >> 30 & 1 == 1, raw >> 29 & 1 == 1);
    let tile = (raw & 0x0FFF_FFFF) - 1;
    // Tiled: D (transpose) first, then H, then V; undo them in reverse, y down.
    let (c, r) = (x % N, N - 1 - y % N);
    let r = if fv { N - 1 - r } else { r };
    let c = if fh { N - 1 - c } else { c };
    let (c, r) = if fd { (r, c) } else { (c, r) };
    match (from, oracle(tileset, tile, c, r)) {
        (From::Image, _) | (From::ShapesWhereDrawn, None) => art_pixel(img, tile, c, r),
        (_, Some(inside)) => inside,
        (From::Shapes, None) => false,
    }
}

/// Generates `map` into a temp folder and checks every pixel of its packed map.
fn check_map(map: &Path, from: From) -> tempfile::TempDir {
    let out = generate(&[map]);
    let blob = fs::read(out.path().join("shapes.bin")).unwrap();
    let bytes = fs::read(out.path().join("shapes.map")).unwrap();
    let tables = Tables::from_bytes(&blob).unwrap();
    let packed = PackedMap::from_bytes(&bytes).unwrap();
    let world = World::new(tables, &packed);
    let json: Value =
        serde_json::from_str(&fs::read_to_string(data("shapes.tmj")).unwrap()).unwrap();
    let tileset: Value =
        serde_json::from_str(&fs::read_to_string(data("art.tsj")).unwrap()).unwrap();
    let img = image::open(data("art.png")).unwrap().to_rgb8();
    let (w, h) = (packed.width() as i64, packed.height() as i64);
    let mut solid = 0;
    for y in 0..h * N {
        for x in 0..w * N {
            let expected = drawn(&json, &tileset, &img, from, x, y);
            assert_eq!(
                world.hits(Rect::of_box(x as i32, y as i32, 1, 1)),
                expected,
                "pixel ({x}, {y})"
            );
            solid += usize::from(expected);
        }
    }
    assert!(solid > 0);
    out
}

/// Every tile with shapes is its shapes rasterized (each kind: rectangles with edges on
/// pixel centres, a ramp whose edge runs through pixel centres, a concave polygon, ellipses,
/// capsules), the tile without shapes its image; under the eight flip combinations; `.tmx`
/// with `.tsx` and `.tmj` with `.tsj` alike.
#[test]
fn tiles_with_shapes_are_their_shapes_rasterized() {
    let a = check_map(&data("shapes.tmx"), From::ShapesWhereDrawn);
    let b = check_map(&data("shapes.tmj"), From::ShapesWhereDrawn);
    for file in ["shapes.bin", "shapes.map", "shapes.rs"] {
        assert!(
            fs::read(a.path().join(file)).unwrap() == fs::read(b.path().join(file)).unwrap(),
            "{file}"
        );
    }
    // the tileset alone gives the same shapes
    let alone = generate(&[data("art.tsx")]);
    assert!(
        fs::read(alone.path().join("art.bin")).unwrap()
            == fs::read(a.path().join("shapes.bin")).unwrap()
    );
    // the oracle and the image rule disagree on every tile with shapes
    let tileset: Value =
        serde_json::from_str(&fs::read_to_string(data("art.tsj")).unwrap()).unwrap();
    let img = image::open(data("art.png")).unwrap().to_rgb8();
    for tile in 0..5 {
        assert!(
            (0..N).any(|c| (0..N)
                .any(|r| oracle(&tileset, tile, c, r) != Some(art_pixel(&img, tile, c, r)))),
            "tile {tile}"
        );
    }
}

/// The `\` ramp of `slope.tsj`: the triangle below-left of the diagonal from the tile's
/// top-left corner to its bottom-right one. The diagonal runs through the centres of the
/// pixels (c, c), and the polygon lies to its left: those centres are out. Drawn by hand,
/// rows from the top, `#` solid.
const BACKSLASH: [&str; 16] = [
    "................",
    "#...............",
    "##..............",
    "###.............",
    "####............",
    "#####...........",
    "######..........",
    "#######.........",
    "########........",
    "#########.......",
    "##########......",
    "###########.....",
    "############....",
    "#############...",
    "##############..",
    "###############.",
];

/// A centre exactly on a sloped edge is in where the polygon lies to the edge's right (the
/// `/` ramp of tile 1, checked above) and out where it lies to its left (the `\` ramp).
#[test]
fn a_centre_on_a_sloped_edge_is_out_when_the_polygon_lies_to_its_left() {
    let out = generate(&[data("slope.tmj")]);
    let blob = fs::read(out.path().join("slope.bin")).unwrap();
    let bytes = fs::read(out.path().join("slope.map")).unwrap();
    let tables = Tables::from_bytes(&blob).unwrap();
    let packed = PackedMap::from_bytes(&bytes).unwrap();
    let world = World::new(tables, &packed);
    for (r, row) in BACKSLASH.iter().enumerate() {
        for (c, pixel) in row.bytes().enumerate() {
            let (x, y) = (c as i32, (N - 1) as i32 - r as i32);
            assert_eq!(
                world.hits(Rect::of_box(x, y, 1, 1)),
                pixel == b'#',
                "column {c}, row {r} from the top"
            );
        }
    }
}

/// A copy of the shapes level with `from` replaced by `to` in `file`.
fn broken(file: &str, from: &str, to: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    for entry in fs::read_dir(SHAPES).unwrap() {
        let path = entry.unwrap().path();
        fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
    }
    let path = dir.path().join(file);
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from:?} not in {file}");
    fs::write(&path, text.replacen(from, to, 1)).unwrap();
    (dir, path)
}

/// Two tilesets on one image, `art` with collision shapes and `plain` without: each cell
/// gets its own tileset's tiles (shapes for `art`'s, the image for `plain`'s), whichever
/// tileset the map uses first.
#[test]
fn tilesets_sharing_an_image_keep_their_own_shapes() {
    let json: Value =
        serde_json::from_str(&fs::read_to_string(data("shapes.tmj")).unwrap()).unwrap();
    let tileset: Value =
        serde_json::from_str(&fs::read_to_string(data("art.tsj")).unwrap()).unwrap();
    let img = image::open(data("art.png")).unwrap().to_rgb8();
    for plain_first in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        for entry in fs::read_dir(SHAPES).unwrap() {
            let path = entry.unwrap().path();
            fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
        }
        let mut plain = tileset.clone();
        plain["name"] = "plain".into();
        plain.as_object_mut().unwrap().remove("tiles");
        fs::write(dir.path().join("plain.tsj"), plain.to_string()).unwrap();
        // every other cell from `plain` (gids 7 to 12), the same tile and flips
        let is_plain = |i: usize| i.is_multiple_of(2) == plain_first;
        let mut map = json.clone();
        map["tilesets"] = serde_json::json!([
            {"firstgid": 1, "source": "art.tsj"},
            {"firstgid": 7, "source": "plain.tsj"}
        ]);
        for (i, gid) in map["layers"][0]["data"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .enumerate()
        {
            if is_plain(i) {
                *gid = (gid.as_u64().unwrap() + 6).into();
            }
        }
        let path = dir.path().join("shapes.tmj");
        fs::write(&path, map.to_string()).unwrap();
        let out = generate(&[&path]);
        let blob = fs::read(out.path().join("shapes.bin")).unwrap();
        let bytes = fs::read(out.path().join("shapes.map")).unwrap();
        let tables = Tables::from_bytes(&blob).unwrap();
        let packed = PackedMap::from_bytes(&bytes).unwrap();
        let world = World::new(tables, &packed);
        let (w, h) = (packed.width() as i64, packed.height() as i64);
        for y in 0..h * N {
            for x in 0..w * N {
                let i = ((h - 1 - y / N) * w + x / N) as usize;
                let from = if is_plain(i) {
                    From::Image
                } else {
                    From::ShapesWhereDrawn
                };
                assert_eq!(
                    world.hits(Rect::of_box(x as i32, y as i32, 1, 1)),
                    drawn(&json, &tileset, &img, from, x, y),
                    "pixel ({x}, {y}), plain first: {plain_first}"
                );
            }
        }
    }
}

/// A `.tsj` polygon point without a number, or a `polygon` that is no list, is refused
/// naming the tile (not read as 0 or as no points).
#[test]
fn malformed_polygons_are_refused_naming_the_tile() {
    let (d, _) = broken(
        "art.tsj",
        "\"polygon\": [\n       {\n        \"x\": 0,\n        \"y\": 16\n       },",
        "\"polygon\": [\n       {\n        \"x\": \"0\",\n        \"y\": 16\n       },",
    );
    fails(
        &[d.path().join("shapes.tmj")],
        &[
            "art.tsj: tileset `art`: tile 1: its polygon's point 0 is {\"x\":\"0\",\"y\":16}; a point needs numbers `x` and `y`",
        ],
    );
    let (d, _) = broken(
        "art.tsj",
        "\"polygon\": [\n       {\n        \"x\": 0,\n        \"y\": 16\n       },",
        "\"polygon\": [\n       {\n        \"y\": 16\n       },",
    );
    fails(
        &[d.path().join("shapes.tmj")],
        &["tile 1: its polygon's point 0 is {\"y\":16}"],
    );
    let (d, _) = broken(
        "art.tsj",
        "\"polygon\": [\n       {\n        \"x\": 0,\n        \"y\": 16\n       },\n       {\n        \"x\": 16,\n        \"y\": 0\n       },\n       {\n        \"x\": 16,\n        \"y\": 16\n       }\n      ]",
        "\"polygon\": {\"x\": 16, \"y\": 0}",
    );
    fails(
        &[d.path().join("shapes.tmj")],
        &["tile 1: its polygon's `polygon` is {\"x\":16,\"y\":0}, not a list of points"],
    );
}

const NAME_ATTRIBUTES: &str =
    "name=\"art\" tilewidth=\"16\" tileheight=\"16\" tilecount=\"6\" columns=\"3\">";

/// The tileset property `collision_from`: `image` ignores the shapes, `shapes` makes a tile
/// without shapes empty; in `.tsx` and `.tsj`.
#[test]
fn the_tileset_property_collision_from_chooses() {
    for (value, from) in [("image", From::Image), ("shapes", From::Shapes)] {
        let (d, _) = broken(
            "art.tsx",
            NAME_ATTRIBUTES,
            &format!(
                "{NAME_ATTRIBUTES}\n <properties><property name=\"collision_from\" value=\"{value}\"/></properties>"
            ),
        );
        check_map(&d.path().join("shapes.tmx"), from);
        let (d, _) = broken(
            "art.tsj",
            "\"name\": \"art\",",
            &format!(
                "\"name\": \"art\", \"properties\": [{{\"name\": \"collision_from\", \"type\": \"string\", \"value\": \"{value}\"}}],"
            ),
        );
        check_map(&d.path().join("shapes.tmj"), from);
    }
}

/// A polyline (no inside) is refused naming its tileset and tile; so are a point, a rotated
/// shape and an unknown `collision_from`; every such tile at once.
#[test]
fn shapes_without_an_inside_are_refused_naming_the_tile() {
    let (d, tsx) = broken(
        "art.tsx",
        "<polygon points=\"0,0 12,0",
        "<polyline points=\"0,0 12,0",
    );
    fails(
        &[d.path().join("shapes.tmx")],
        &["art.tsx: tileset `art`: tile 2: its collision holds a polyline, which has no inside"],
    );
    fails(
        &[&tsx],
        &["art.tsx: tileset `art`: tile 2: its collision holds a polyline"],
    );
    let (d, _) = broken(
        "art.tsj",
        "\"polygon\": [\n       {\n        \"x\": 0,\n        \"y\": 0\n       },\n       {\n        \"x\": 12,",
        "\"polyline\": [\n       {\n        \"x\": 0,\n        \"y\": 0\n       },\n       {\n        \"x\": 12,",
    );
    fails(
        &[d.path().join("shapes.tmj")],
        &["art.tsj: tileset `art`: tile 2: its collision holds a polyline"],
    );
    // two tiles at once: a point and a rotated rectangle
    let (d, _) = broken(
        "art.tsx",
        "x=\"0\" y=\"0\"><polygon points=\"0,16",
        "x=\"0\" y=\"0\"><point/></object><object id=\"9\" x=\"0\" y=\"0\"><polygon points=\"0,16",
    );
    let text = fs::read_to_string(d.path().join("art.tsx")).unwrap();
    fs::write(
        d.path().join("art.tsx"),
        text.replacen(
            "x=\"0\" y=\"8\" width=\"16\"",
            "x=\"0\" y=\"8\" rotation=\"30\" width=\"16\"",
            1,
        ),
    )
    .unwrap();
    let err = fails(
        &[d.path().join("shapes.tmx")],
        &[
            "2 problems",
            "tileset `art`: tile 0: a collision shape rotated by 30°",
            "tileset `art`: tile 1: its collision holds a point, which has no inside",
        ],
    );
    assert_eq!(err.lines().count(), 3, "{err}");
    let (d, _) = broken(
        "art.tsx",
        NAME_ATTRIBUTES,
        &format!(
            "{NAME_ATTRIBUTES}\n <properties><property name=\"collision_from\" value=\"alpha\"/></properties>"
        ),
    );
    fails(
        &[d.path().join("shapes.tmx")],
        &["art.tsx: tileset `art`: its property `collision_from` is `alpha`; it may be `shapes`"],
    );
}

/// `slopegen preview` draws a map of such tiles as the runtime reads it: the rasterized
/// shapes.
#[test]
fn preview_draws_the_shapes() {
    const SOLID: [u8; 3] = [70, 70, 80];
    let img = preview(&[data("shapes.tmx")]);
    let json: Value =
        serde_json::from_str(&fs::read_to_string(data("shapes.tmj")).unwrap()).unwrap();
    let tileset: Value =
        serde_json::from_str(&fs::read_to_string(data("art.tsj")).unwrap()).unwrap();
    let art = image::open(data("art.png")).unwrap().to_rgb8();
    // the map at the top-left (the legend under it)
    let size = |cells: &str, px: &str| json[cells].as_i64().unwrap() * json[px].as_i64().unwrap();
    let (w, h) = (size("width", "tilewidth"), size("height", "tileheight"));
    assert!(i64::from(img.width()) >= w && i64::from(img.height()) > h);
    for y in 0..h {
        for x in 0..w {
            let solid = img.get_pixel(x as u32, (h - 1 - y) as u32).0 == SOLID;
            assert_eq!(
                solid,
                drawn(&json, &tileset, &art, From::ShapesWhereDrawn, x, y),
                "({x}, {y})"
            );
        }
    }
}
