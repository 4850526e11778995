//! LDtk projects end to end: the test projects of `data/ldtk/` (drawn by `data/ldtk/make.py`)
//! through the `slopegen` binary, read back through the runtime and compared pixel by pixel
//! with the levels rendered here, independently, from the project's JSON (each tile's
//! position, source rectangle and flip bits) and the tileset image; IntGrid layers from the
//! spec's definition of the variants; entities' coordinates; every bad input naming its
//! place.
//!
//! `data/ldtk/expected/` holds the modules of `world.ldtk` and `worlds.ldtk` with their data
//! inlined, pinned (regenerate with `SLOPEGEN_BLESS=1 cargo test -p slopegen --test ldtk`)
//! and compiled into this test against the real runtime.

#[allow(dead_code)] // the helpers of the command-line tests, of which these use the binary
#[path = "support/cli.rs"]
mod cli_support;
#[path = "support/editors.rs"]
mod editors;
use cli_support::{file_names, slopegen};
use editors::{fails, generate, preview};
use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use slope_runtime::{Cell, PackedMap, Rect, Tables, TileMap, Variant, World};

/// `world.ldtk --emit rust`: two levels, entities.
mod world {
    include!("data/ldtk/expected/world.rs");
}

/// `worlds.ldtk --emit rust`: two worlds, levels in their own files.
mod worlds {
    include!("data/ldtk/expected/worlds.rs");
}

const LDTK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ldtk");
const TILES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tiles");
const N: usize = 16;

fn data(name: &str) -> PathBuf {
    Path::new(LDTK).join(name)
}

// ---------------------------------------------------------------------------------------
// The independent rendering
// ---------------------------------------------------------------------------------------

/// An image's solid pixels (y down) by the generator's documented rule, decided once for the
/// whole image: opaque (alpha ≥ 128) if it has any transparent pixel, else dark (luma < 128).
struct Solid {
    pixels: image::GrayImage,
}

impl Solid {
    fn read(path: &Path) -> Solid {
        let img = image::open(path).unwrap().to_rgba8();
        let alpha = img.pixels().any(|p| p.0[3] < 128);
        let pixels = image::GrayImage::from_fn(img.width(), img.height(), |x, y| {
            let [r, g, b, a] = img.get_pixel(x, y).0;
            let luma = (299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)) / 1000;
            image::Luma([u8::from(if alpha { a >= 128 } else { luma < 128 })])
        });
        Solid { pixels }
    }

    fn get(&self, x: usize, y: usize) -> bool {
        self.pixels.get_pixel(x as u32, y as u32).0[0] == 1
    }
}

/// A level's collision as the test draws it: `pixel(x, y)` (y up from the level's bottom)
/// gives `(solid, one_way)`.
struct Drawn {
    width: usize,
    height: usize,
    pixel: Box<dyn Fn(usize, usize) -> (bool, bool)>,
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

/// Level `name` of the project (in world `world`, if given), its layers loaded from its
/// own file where the project keeps them apart.
fn level_json(project: &Path, world: Option<&str>, name: &str) -> Value {
    let p = json(project);
    let levels = match world {
        Some(w) => p["worlds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["identifier"] == w)
            .unwrap()["levels"]
            .clone(),
        None => p["levels"].clone(),
    };
    let level = levels
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["identifier"] == name)
        .unwrap()
        .clone();
    match level["externalRelPath"].as_str() {
        Some(rel) => json(&project.parent().unwrap().join(rel)),
        None => level,
    }
}

fn layer_json<'a>(level: &'a Value, name: &str) -> &'a Value {
    level["layerInstances"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["__identifier"] == name)
        .unwrap()
}

/// The tile-layer rendering: each stored tile's source pixels, mirrored by its flip bits
/// (bit 0 left-right, bit 1 top-bottom) as LDtk draws it; one-way tiles from the tileset's
/// `one_way` enum tag or custom data.
fn draw_tiles(project: &Path, world: Option<&str>, level: &str, layer: &str) -> Drawn {
    let p = json(project);
    let ts = &p["defs"]["tilesets"][0];
    let image = Solid::read(
        &project
            .parent()
            .unwrap()
            .join(ts["relPath"].as_str().unwrap()),
    );
    let mut one_way: Vec<u64> = Vec::new();
    for tag in ts["enumTags"].as_array().unwrap() {
        if tag["enumValueId"] == "one_way" {
            one_way.extend(
                tag["tileIds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t.as_u64().unwrap()),
            );
        }
    }
    for d in ts["customData"].as_array().unwrap() {
        if d["data"].as_str().unwrap().trim() == "one_way" {
            one_way.push(d["tileId"].as_u64().unwrap());
        }
    }
    let lv = level_json(project, world, level);
    let l = layer_json(&lv, layer);
    let (w, h) = (
        l["__cWid"].as_u64().unwrap() as usize,
        l["__cHei"].as_u64().unwrap() as usize,
    );
    let key = if l["__type"] == "Tiles" {
        "gridTiles"
    } else {
        "autoLayerTiles"
    };
    // cell (x, y from the top) → (src x, src y, flips, one-way)
    let mut cells = vec![None; w * h];
    for t in l[key].as_array().unwrap() {
        let (px, py) = (
            t["px"][0].as_u64().unwrap() as usize,
            t["px"][1].as_u64().unwrap() as usize,
        );
        let cell = (py / N) * w + px / N;
        assert!(cells[cell].is_none(), "the test data has one tile per cell");
        cells[cell] = Some((
            t["src"][0].as_u64().unwrap() as usize,
            t["src"][1].as_u64().unwrap() as usize,
            t["f"].as_u64().unwrap(),
            one_way.contains(&t["t"].as_u64().unwrap()),
        ));
    }
    Drawn {
        width: w,
        height: h,
        pixel: Box::new(move |x, y| {
            let y_down = h * N - 1 - y;
            let Some((sx, sy, f, ow)) = cells[(y_down / N) * w + x / N] else {
                return (false, false);
            };
            let (c, r) = (x % N, y_down % N);
            let c = if f & 1 != 0 { N - 1 - c } else { c };
            let r = if f & 2 != 0 { N - 1 - r } else { r };
            (image.get(sx + c, sy + r), ow)
        }),
    }
}

/// A base bitmap's pixel (x, y up) seen through `variant`, by the spec's definition: rotate
/// 90° clockwise, then mirror left-right, then top-bottom.
fn through(variant: Variant, base: &dyn Fn(usize, usize) -> bool, x: usize, y: usize) -> bool {
    let y = if variant.flips_y() { N - 1 - y } else { y };
    let x = if variant.flips_x() { N - 1 - x } else { x };
    let (x, y) = if variant.rotated() {
        (N - 1 - y, x)
    } else {
        (x, y)
    };
    base(x, y)
}

/// A shape's pixel (x, y up) by its name.
type ShapePixel = dyn Fn(&str, usize, usize) -> bool;

/// The IntGrid rendering: each value's identifier as the test reads it (`full`, `one_way`,
/// else a shape name and an optional variant suffix), drawn by `shape(name, x, y)` (y up).
fn draw_intgrid(project: &Path, level: &str, layer: &str, shape: Box<ShapePixel>) -> Drawn {
    let p = json(project);
    let lv = level_json(project, None, level);
    let l = layer_json(&lv, layer);
    let def = p["defs"]["layers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["uid"] == l["layerDefUid"])
        .unwrap();
    let names: Vec<(u64, String)> = def["intGridValues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["value"].as_u64().unwrap(),
                v["identifier"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let (w, h) = (
        l["__cWid"].as_u64().unwrap() as usize,
        l["__cHei"].as_u64().unwrap() as usize,
    );
    let csv: Vec<u64> = l["intGridCsv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    Drawn {
        width: w,
        height: h,
        pixel: Box::new(move |x, y| {
            let y_down = h * N - 1 - y;
            let value = csv[(y_down / N) * w + x / N];
            if value == 0 {
                return (false, false);
            }
            let name = &names.iter().find(|(v, _)| *v == value).unwrap().1;
            match name.as_str() {
                "full" => return (true, false),
                "one_way" => return (true, true),
                _ => {}
            }
            let (base, variant) = match name.rsplit_once('_') {
                Some((b, s)) => match (0..8)
                    .filter_map(Variant::from_index)
                    .find(|v| v.name().eq_ignore_ascii_case(s))
                {
                    Some(v) => (b.to_owned(), v),
                    None => (name.clone(), Variant::Identity),
                },
                None => (name.clone(), Variant::Identity),
            };
            let (cx, cy) = (x % N, (h * N - 1 - y_down) % N);
            (
                through(variant, &|bx, by| shape(&base, bx, by), cx, cy),
                false,
            )
        }),
    }
}

/// Every pixel of a packed map against the drawing: `World::hits` on a 1×1 box (one-way
/// cells count as air for `hits`), each cell's one-way flag.
fn check_pixels(blob: &[u8], map_bytes: &[u8], drawn: &Drawn) -> usize {
    let tables = Tables::from_bytes(blob).unwrap();
    let packed = PackedMap::from_bytes(map_bytes).unwrap();
    packed.check_tables(&tables).unwrap();
    assert_eq!(
        (packed.width() as usize, packed.height() as usize),
        (drawn.width, drawn.height)
    );
    let world = World::new(tables, &packed);
    let mut solid = 0;
    for y in 0..drawn.height * N {
        for x in 0..drawn.width * N {
            let (pixel, one_way) = (drawn.pixel)(x, y);
            let hit = world.hits(Rect::of_box(x as i32, y as i32, 1, 1));
            assert_eq!(hit, pixel && !one_way, "pixel ({x}, {y})");
            solid += usize::from(hit);
            let cell = packed.cell((x / N) as i32, (y / N) as i32);
            if pixel {
                assert_eq!(cell.is_one_way(), one_way, "cell of ({x}, {y})");
            }
        }
    }
    assert!(solid > 0);
    solid
}

fn read(dir: &Path, name: &str) -> Vec<u8> {
    fs::read(dir.join(name)).unwrap()
}

// ---------------------------------------------------------------------------------------
// Projects
// ---------------------------------------------------------------------------------------

/// Pins `PROJECT --emit rust` into `expected/NAME` (compiled into this test above).
fn pinned(project: &str, name: &str) {
    let path = data(project);
    let out = generate(&[path.as_os_str(), "--emit".as_ref(), "rust".as_ref()]);
    let stem = project.trim_end_matches(".ldtk");
    let now = read(out.path(), &format!("{stem}.rs"));
    let expected = data("expected").join(name);
    if std::env::var_os("SLOPEGEN_BLESS").is_some() {
        fs::create_dir_all(data("expected")).unwrap();
        fs::write(&expected, &now).unwrap();
    }
    assert!(
        fs::read(&expected).unwrap() == now,
        "{name} differs from tests/data/ldtk/expected (SLOPEGEN_BLESS=1 to regenerate)"
    );
}

#[test]
fn pinned_modules_are_what_the_generator_writes() {
    pinned("world.ldtk", "world.rs");
    pinned("worlds.ldtk", "worlds.rs");
}

/// A tile layer drawn with every flip state of asymmetric tiles: every pixel of both levels
/// as LDtk draws them, from the pinned module compiled here and from the files written.
#[test]
fn tile_layers_match_the_tileset_drawn_with_ldtk_flips_pixel_by_pixel() {
    let project = data("world.ldtk");
    let hills = draw_tiles(&project, None, "Hills", "collision");
    let caves = draw_tiles(&project, None, "Caves", "collision");
    check_pixels(world::blob(), world::hills::map_bytes(), &hills);
    check_pixels(world::blob(), world::caves::map_bytes(), &caves);
    // the test data holds the four flip states of two asymmetric tiles, as variants
    let map = world::hills::MAP;
    for (f, variant) in [
        Variant::Identity,
        Variant::FlipX,
        Variant::FlipY,
        Variant::FlipXY,
    ]
    .into_iter()
    .enumerate()
    {
        assert_eq!(
            map.cell(f as i32, 3),
            Cell::shape(world::NOTCH, variant),
            "f = {f}"
        );
        assert_eq!(
            map.cell(4 + f as i32, 3),
            Cell::shape(world::LUMP, variant),
            "f = {f}"
        );
    }
    // names: enum tags, one-word custom data, else `<tileset>_<index>`; no shape for the full
    // and empty tiles
    let tables = world::TABLES;
    let names: Vec<&str> = tables.ids().map(|(_, n)| n).collect();
    assert_eq!(
        names,
        [
            "lump",
            "notch",
            "ramp22",
            "ramp45",
            "terrain_4",
            "terrain_7"
        ]
    );
    // one-way by enum tag (tile 4) and by custom data (tile 7)
    assert_eq!(
        map.cell(8, 1),
        Cell::shape(world::TERRAIN_4, Variant::Identity).one_way()
    );
    assert_eq!(
        map.cell(9, 1),
        Cell::shape(world::TERRAIN_7, Variant::Identity).one_way()
    );
    assert_eq!(map.cell(0, 1), Cell::FULL);
    assert_eq!(map.cell(5, 1), Cell::EMPTY);
    // the files written are the module's data
    let out = generate(&[project.as_os_str()]);
    assert_eq!(
        file_names(out.path()),
        [
            "world.Caves.map",
            "world.Hills.map",
            "world.bin",
            "world.rs"
        ]
    );
    let blob = read(out.path(), "world.bin");
    check_pixels(&blob, &read(out.path(), "world.Hills.map"), &hills);
    check_pixels(&blob, &read(out.path(), "world.Caves.map"), &caves);
}

/// An auto-layer: the tiles LDtk stored for its rules, flips included.
#[test]
fn an_auto_layer_reads_its_stored_tiles() {
    let project = data("world.ldtk");
    let out = generate(&[project.as_os_str(), "--layer".as_ref(), "auto".as_ref()]);
    let blob = read(out.path(), "world.bin");
    let caves = draw_tiles(&project, None, "Caves", "auto");
    check_pixels(&blob, &read(out.path(), "world.Caves.map"), &caves);
    // Hills' auto-layer is empty: an empty map, walled in
    let bytes = read(out.path(), "world.Hills.map");
    let hills = PackedMap::from_bytes(&bytes).unwrap();
    assert_eq!((hills.width(), hills.height()), (12, 8));
    assert!((0..12).all(|x| (0..8).all(|y| hills.cell(x, y) == Cell::EMPTY)));
    assert_eq!(hills.outside(), Cell::FULL);
}

/// An IntGrid layer whose values name tiles of its tileset, with variant suffixes (flips and
/// a rotation), `full` and `one_way`.
#[test]
fn an_intgrid_layer_names_shapes_of_its_tileset() {
    let project = data("world.ldtk");
    let out = generate(&[project.as_os_str(), "--layer".as_ref(), "terrain".as_ref()]);
    let image = std::rc::Rc::new(Solid::read(&data("terrain.png")));
    let shape = move |name: &str, x: usize, y: usize| {
        let id = match name {
            "ramp45" => 1,
            "notch" => 3,
            "ramp22" => 5,
            "lump" => 6,
            other => panic!("{other}"),
        };
        let (sx, sy) = (1 + (id % 4) * (N + 2), 1 + (id / 4) * (N + 2));
        image.get(sx + x, sy + N - 1 - y)
    };
    let blob = read(out.path(), "world.bin");
    for level in ["Hills", "Caves"] {
        let drawn = draw_intgrid(&project, level, "terrain", Box::new(shape.clone()));
        let file = format!("world.{level}.map");
        check_pixels(&blob, &read(out.path(), &file), &drawn);
    }
    let bytes = read(out.path(), "world.Hills.map");
    let hills = PackedMap::from_bytes(&bytes).unwrap();
    let tables = Tables::from_bytes(&blob).unwrap();
    let lump = tables.find("lump").unwrap();
    assert_eq!(hills.cell(7, 2), Cell::shape(lump, Variant::Rot90));
    assert_eq!(hills.cell(4, 2), Cell::FULL.one_way());
}

/// An IntGrid layer without a tileset, whose values name the shapes of the tile folder given
/// alongside: `slopegen grid.ldtk tiles -o out`.
#[test]
fn an_intgrid_layer_names_shapes_of_a_tile_folder() {
    let project = data("grid.ldtk");
    let out = generate(&[project.as_os_str(), TILES.as_ref()]);
    assert_eq!(file_names(out.path()), ["grid.bin", "grid.map", "grid.rs"]);
    let pngs: Vec<(String, Solid)> = ["slope45", "slope22_1", "slope22_2", "bump"]
        .iter()
        .map(|n| {
            (
                n.to_string(),
                Solid::read(&Path::new(TILES).join(format!("{n}.png"))),
            )
        })
        .collect();
    let shape = move |name: &str, x: usize, y: usize| {
        let s = &pngs.iter().find(|(n, _)| n == name).unwrap().1;
        s.get(x, N - 1 - y)
    };
    let drawn = draw_intgrid(&project, "Field", "collision", Box::new(shape));
    check_pixels(
        &read(out.path(), "grid.bin"),
        &read(out.path(), "grid.map"),
        &drawn,
    );
    // the blob holds the folder's twelve shapes; the single level's items are at the top
    let rs = String::from_utf8(read(out.path(), "grid.rs")).unwrap();
    assert!(
        rs.contains("pub mod field {") && rs.contains("pub use self::field::*;"),
        "{rs}"
    );
    assert_eq!(
        Tables::from_bytes(&read(out.path(), "grid.bin"))
            .unwrap()
            .shape_count(),
        12
    );
}

/// Two worlds, each level in its own `.ldtkl` file, both worlds with a `Level_0`: a module
/// per world holding a module per level, a map file per level.
#[test]
fn several_worlds_and_separate_level_files() {
    let project = data("worlds.ldtk");
    for (world, level, bytes) in [
        (
            "Overworld",
            "Level_0",
            worlds::overworld::level_0::map_bytes(),
        ),
        (
            "Overworld",
            "Level_1",
            worlds::overworld::level_1::map_bytes(),
        ),
        (
            "Underworld",
            "Level_0",
            worlds::underworld::level_0::map_bytes(),
        ),
    ] {
        let drawn = draw_tiles(&project, Some(world), level, "collision");
        check_pixels(worlds::blob(), bytes, &drawn);
    }
    assert_eq!(
        (
            worlds::underworld::level_0::WIDTH,
            worlds::underworld::level_0::HEIGHT
        ),
        (4, 3)
    );
    let out = generate(&[project.as_os_str()]);
    assert_eq!(
        file_names(out.path()),
        [
            "worlds.Overworld.Level_0.map",
            "worlds.Overworld.Level_1.map",
            "worlds.Underworld.Level_0.map",
            "worlds.bin",
            "worlds.rs"
        ]
    );
}

/// Entities: the pivot in the packed map's pixels, y up from its bottom edge; a resizable one's
/// rectangle; int, bool, string and enum fields; several of one kind numbered.
#[test]
fn entities_become_constants_in_the_levels_pixels() {
    // `Player` at (24, 100) in LDtk's pixels (y down) of a 128-px-high level
    assert_eq!(world::hills::PLAYER, (24, 28));
    // `Platform`, resizable, 32×8 from its top-left pivot (128, 32)
    assert_eq!(world::hills::PLATFORM, (128, 96));
    assert_eq!(
        world::hills::PLATFORM_RECT,
        Rect {
            x0: 128,
            y0: 88,
            x1: 159,
            y1: 95
        }
    );
    assert_eq!(world::hills::PLATFORM_SPEED, 2);
    const { assert!(world::hills::PLATFORM_LOOPING) };
    assert_eq!(world::hills::DOOR, (168, 16));
    assert_eq!(world::hills::DOOR_TARGET, "Caves \"deep\"");
    assert_eq!(world::hills::DOOR_KIND, "Locked");
    assert_eq!(
        (world::hills::COIN_0, world::hills::COIN_1),
        ((52, 68), (76, 68))
    );
    assert_eq!(world::caves::EXIT, (72, 24));
    // null fields, floats and arrays give no constant
    let rs = fs::read_to_string(data("expected/world.rs")).unwrap();
    assert!(!rs.contains("DOOR_NOTE") && !rs.contains("DOOR_WEIGHT") && !rs.contains("DOOR_KEYS"));
    // a non-resizable entity has no rectangle
    assert!(!rs.contains("PLAYER_RECT"));
}

/// Entities are measured in the packed map's pixels: from the collision layer's left and
/// bottom edges, the entity layer's offset from it applied (LDtk's `__pxTotalOffsetX/Y`,
/// which the cells ignore). Worked out by hand below.
#[test]
fn entities_are_measured_from_the_packed_maps_bottom_edge_with_layer_offsets() {
    let (_d, p) = broken("world.ldtk", |p| {
        let collision = layer_mut(p, "Hills", "collision");
        collision["__pxTotalOffsetX"] = 4.into();
        collision["__pxTotalOffsetY"] = (-8).into();
        let entities = layer_mut(p, "Hills", "Entities");
        entities["__pxTotalOffsetX"] = 10.into();
        entities["__pxTotalOffsetY"] = 6.into();
        // `Platform`, resizable, 32×8 px at (128, 32): its pivot now its bottom centre
        entities["entityInstances"][1]["__pivot"] = serde_json::json!([0.5, 1]);
    });
    let out = generate(&[&p]);
    let rs = String::from_utf8(read(out.path(), "world.rs")).unwrap();
    // The collision layer is 8 cells of 16 px high: its bottom edge is at y = 128 (y down).
    // The entities lie (10 - 4, 6 - (-8)) = (6, 14) px from it, in LDtk's pixels.
    // `Player` at (24, 100): (24 + 6, 128 - (100 + 14)) = (30, 14).
    assert!(
        rs.contains("pub const PLAYER: (i32, i32) = (30, 14);"),
        "{rs}"
    );
    // `Platform` at (128, 32): pivot (128 + 6, 128 - (32 + 14)) = (134, 82); its rectangle
    // 16 px left of the pivot, its bottom at the pivot: x 118 to 149, y 82 to 89.
    assert!(
        rs.contains("pub const PLATFORM: (i32, i32) = (134, 82);"),
        "{rs}"
    );
    assert!(
        rs.contains(
            "pub const PLATFORM_RECT: ::slope_runtime::Rect = ::slope_runtime::Rect { x0: 118, y0: 82, x1: 149, y1: 89 };"
        ),
        "{rs}"
    );
    // level `Caves`, without offsets: `Exit` at (72, 40) of a 64-px-high layer
    assert!(
        rs.contains("pub const EXIT: (i32, i32) = (72, 24);"),
        "{rs}"
    );
}

// ---------------------------------------------------------------------------------------
// Bad input: each names the file, the level, the layer and the cell where they apply
// ---------------------------------------------------------------------------------------

/// A copy of the test projects with `edit` applied to the JSON of `file`.
fn broken(file: &str, edit: impl FnOnce(&mut Value)) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["", "worlds"] {
        fs::create_dir_all(dir.path().join(sub)).unwrap();
        for entry in fs::read_dir(data(sub)).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                fs::copy(&path, dir.path().join(sub).join(path.file_name().unwrap())).unwrap();
            }
        }
    }
    let path = dir.path().join(file);
    let mut value = json(&path);
    edit(&mut value);
    fs::write(&path, serde_json::to_string_pretty(&value).unwrap()).unwrap();
    (dir, path)
}

fn level_mut<'a>(p: &'a mut Value, level: &str) -> &'a mut Value {
    p["levels"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|l| l["identifier"] == level)
        .unwrap()
}

fn layer_mut<'a>(p: &'a mut Value, level: &str, layer: &str) -> &'a mut Value {
    level_mut(p, level)["layerInstances"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|l| l["__identifier"] == layer)
        .unwrap()
}

#[test]
fn no_collision_layer_lists_the_layers_of_every_level() {
    let (_d, p) = broken("world.ldtk", |p| {
        for level in ["Hills", "Caves"] {
            layer_mut(p, level, "collision")["__identifier"] = "solid".into();
        }
    });
    let err = fails(
        &[&p],
        &[
            "2 problems",
            "world.ldtk: level `Hills`: no collision layer",
            "world.ldtk: level `Caves`: no collision layer",
            "`Entities` (entities), `solid` (tiles), `auto` (auto-layer), `terrain` (IntGrid)",
        ],
    );
    assert_eq!(err.lines().count(), 3, "{err}");
    let project = data("world.ldtk");
    fails(
        &[project.as_os_str(), "--layer".as_ref(), "nope".as_ref()],
        &[
            "world.ldtk: level `Hills`: no layer named `nope`",
            "`collision` (tiles)",
        ],
    );
    fails(
        &[project.as_os_str(), "--layer".as_ref(), "Entities".as_ref()],
        &["level `Caves`: layer `Entities` is an entities layer"],
    );
}

#[test]
fn bad_tiles_name_the_level_layer_and_cell() {
    // every problem of the project in one run: three cells of two levels, an entity
    let (_d, p) = broken("world.ldtk", |p| {
        layer_mut(p, "Hills", "Entities")["entityInstances"][0]["__identifier"] = "Width".into();
        let tiles = layer_mut(p, "Hills", "collision")["gridTiles"]
            .as_array_mut()
            .unwrap();
        let mut twin = tiles[0].clone();
        twin["t"] = 3.into();
        tiles.push(twin); // a second tile in cell (0, 7)
        tiles[1]["t"] = 99.into(); // cell (1, 7)
        let caves = layer_mut(p, "Caves", "collision")["gridTiles"]
            .as_array_mut()
            .unwrap();
        caves[0]["px"] = serde_json::json!([4, 48]); // off the grid, cell (0, 3)
    });
    let err = fails(
        &[&p],
        &[
            "4 problems",
            "world.ldtk: level `Hills`, layer `collision`: cell (0, 7): several tiles in one cell",
            "world.ldtk: level `Hills`, layer `collision`: cell (1, 7): tile id 99 is outside tileset `terrain`, which has 8 tiles",
            "world.ldtk: level `Caves`, layer `collision`: cell (0, 3): a tile at (4, 48) px, off the 16-px grid",
            "world.ldtk: level `Hills`, layer `Entities`: entity `Width`: the constant `WIDTH` is taken",
        ],
    );
    assert_eq!(err.lines().count(), 5, "{err}");
}

#[test]
fn bad_tilesets_are_named() {
    let (_d, p) = broken("world.ldtk", |p| {
        p["defs"]["tilesets"][0]["relPath"] = "gone.png".into();
    });
    fails(
        &[&p],
        &["world.ldtk", "terrain", "gone.png", "does not exist"],
    );
    let (_d, p) = broken("world.ldtk", |p| {
        p["defs"]["tilesets"][0]["tileGridSize"] = 8.into();
    });
    fails(
        &[&p],
        &[
            "level `Hills`, layer `collision`",
            "tileset `terrain` has 8×8 px tiles",
            "grid of 16 px",
        ],
    );
    let (_d, p) = broken("world.ldtk", |p| {
        p["defs"]["tilesets"][0]["relPath"] = Value::Null;
        p["defs"]["tilesets"][0]["embedAtlas"] = "LdtkIcons".into();
    });
    fails(
        &[&p],
        &[
            "level `Hills`, layer `collision`",
            "tileset `terrain` has no image of its own",
        ],
    );
    // a tile named twice: by an enum tag and by its custom data
    let (_d, p) = broken("world.ldtk", |p| {
        p["defs"]["tilesets"][0]["customData"][0]["tileId"] = 1.into();
    });
    fails(
        &[&p],
        &["world.ldtk: tileset `terrain`, tile 1: two names (`ramp22`, `ramp45`)"],
    );
    // LDtk counts a partial last column as a tile: with spacing 3, tiles 3 and 7 lie partly
    // outside the 72-px image, and the level uses them
    let (_d, p) = broken("world.ldtk", |p| {
        p["defs"]["tilesets"][0]["spacing"] = 3.into();
    });
    fails(
        &[&p],
        &[
            "level `Hills`, layer `collision`: cell (",
            "tile 3 of tileset `terrain`, which lies partly outside its image",
            "terrain.png",
        ],
    );
}

/// `terrain.png` of the test projects, its canvas grown by `right` and `bottom` transparent
/// pixels, written over the copy in `dir`.
fn grow_terrain(dir: &Path, right: u32, bottom: u32) {
    let old = image::open(data("terrain.png")).unwrap().to_rgba8();
    let mut grown = image::RgbaImage::new(old.width() + right, old.height() + bottom);
    image::imageops::overlay(&mut grown, &old, 0, 0);
    grown.save(dir.join("terrain.png")).unwrap();
}

/// Tilesets as LDtk counts their tiles, `ceil((size - 2·padding) / (tile + spacing))` each
/// way: trailing spacing, or a partial last row, are valid and change nothing; only a tile
/// used that lies partly outside the image is an error.
#[test]
fn tilesets_count_their_tiles_as_ldtk_does() {
    let reference = generate(&[data("world.ldtk")]);
    let same = |p: &Path| {
        let out = generate(&[p]);
        for file in ["world.bin", "world.Hills.map", "world.Caves.map"] {
            assert!(
                read(out.path(), file) == read(reference.path(), file),
                "{file}"
            );
        }
    };
    // trailing spacing after the last column and row (74×38 px: still 4×2 tiles)
    let (d, p) = broken("world.ldtk", |_| {});
    grow_terrain(d.path(), 2, 2);
    same(&p);
    // a partial last row (72×46 px: 4×3 tiles, the third row partial)
    let (d, p) = broken("world.ldtk", |_| {});
    grow_terrain(d.path(), 0, 10);
    same(&p);
    // its tiles used: by a tile layer, by an IntGrid value
    let (d, p) = broken("world.ldtk", |p| {
        layer_mut(p, "Hills", "collision")["gridTiles"][1]["t"] = 9.into();
        p["defs"]["layers"][3]["intGridValues"][1]["identifier"] = "terrain_10".into();
    });
    grow_terrain(d.path(), 0, 10);
    fails(
        &[&p],
        &[
            "level `Hills`, layer `collision`: cell (1, 7): tile 9 of tileset `terrain`, which lies partly outside its image",
            "a collision tile must be whole",
        ],
    );
    fails(
        &[p.as_os_str(), "--layer".as_ref(), "terrain".as_ref()],
        &[
            "level `Hills`, layer `terrain`: cell (2, 5): IntGrid value 2 `terrain_10` names tile 10 of tileset `terrain`, which lies partly outside its image",
        ],
    );
}

#[test]
fn bad_intgrid_values_name_the_value_and_the_first_cell() {
    let (_d, p) = broken("world.ldtk", |p| {
        let values = p["defs"]["layers"][3]["intGridValues"]
            .as_array_mut()
            .unwrap();
        values[1]["identifier"] = "ramp99".into(); // value 2
        values[2]["identifier"] = "ramp45_fz".into(); // value 3
        values[3]["identifier"] = Value::Null; // value 4
    });
    let err = fails(
        &[p.as_os_str(), "--layer".as_ref(), "terrain".as_ref()],
        &[
            "level `Hills`, layer `terrain`: cell (2, 5): IntGrid value 2 `ramp99` names no shape of tileset `terrain` (its shapes: `ramp45`, `notch`, `terrain_4`, `ramp22`, `lump`, `terrain_7`)",
            "level `Hills`, layer `terrain`: cell (3, 5): IntGrid value 3 `ramp45_fz`",
            "level `Hills`, layer `terrain`: cell (4, 5): IntGrid value 4 has no identifier",
            "level `Caves`, layer `terrain`: cell (1, 2): IntGrid value 4 has no identifier",
        ],
    );
    assert_eq!(err.lines().count(), 5, "{err}");
    // without a tileset or a tile folder, no name can be found
    fails(
        &[data("grid.ldtk")],
        &[
            "grid.ldtk: level `Field`, layer `collision`: cell (0, 2): IntGrid value 2 `slope45` names no shape of no tileset",
        ],
    );
    // a tile folder serves IntGrid layers only
    fails(
        &[data("world.ldtk").as_os_str(), TILES.as_ref()],
        &["level `Hills`, layer `collision`: a tile folder names the shapes of IntGrid values"],
    );
    fails(
        &[data("grid.ldtk"), data("world.ldtk")],
        &["world.ldtk: not a folder: beside an LDtk project, give the tile folder"],
    );
}

/// An IntGrid value that names a tile without a solid pixel would leave its cells empty
/// unnoticed: it is an error naming the value.
#[test]
fn an_intgrid_value_naming_an_empty_tile_is_named() {
    let (_d, p) = broken("world.ldtk", |p| {
        p["defs"]["layers"][3]["intGridValues"][1]["identifier"] = "terrain_2".into();
    });
    let err = fails(
        &[p.as_os_str(), "--layer".as_ref(), "terrain".as_ref()],
        &[
            "level `Hills`, layer `terrain`: cell (2, 5): IntGrid value 2 `terrain_2` names tile 2 of tileset `terrain` (`terrain_2`), which has no solid pixel",
        ],
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// An IntGrid layer's grid and the tile folder's tiles need one size.
#[test]
fn a_tile_folder_of_another_size_is_named() {
    let (_d, p) = broken("grid.ldtk", |p| {
        layer_mut(p, "Field", "collision")["__gridSize"] = 8.into();
    });
    let err = fails(
        &[p.as_os_str(), TILES.as_ref()],
        &[
            "grid.ldtk: level `Field`, layer `collision`: a grid of 8 px, but the tile folder's tiles are 16 px",
        ],
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn bad_levels_and_files_are_named() {
    let (_d, p) = broken("worlds.ldtk", |p| {
        p["worlds"][1]["levels"][0]["externalRelPath"] = "worlds/gone.ldtkl".into();
    });
    fails(
        &[&p],
        &[
            "worlds.ldtk: level `Level_0`: its file cannot be read",
            "gone.ldtkl",
            "does not exist",
        ],
    );
    let (d, p) = broken("worlds.ldtk", |_| {});
    fs::write(
        d.path().join("worlds/Overworld_Level_1.ldtkl"),
        "{\n\"identifier\": }",
    )
    .unwrap();
    fails(
        &[&p],
        &[
            "level `Level_1`",
            "Overworld_Level_1.ldtkl: line 2: not a valid LDtk level",
        ],
    );
    let (d, p) = broken("world.ldtk", |_| {});
    fs::write(&p, "{\n  \"defs\": [\n").unwrap();
    fails(&[&p], &["world.ldtk: line 3: not a valid LDtk project"]);
    drop(d);
    // levels that share one blob share one tile size
    let (_d, p) = broken("world.ldtk", |p| {
        let l = layer_mut(p, "Caves", "collision");
        l["__gridSize"] = 8.into();
        l["gridTiles"] = serde_json::json!([]);
    });
    fails(
        &[&p],
        &["level `Caves`, layer `collision`: a grid of 8 px, but level `Hills` has 16 px"],
    );
    fails(
        &[data("gone.ldtk")],
        &["gone.ldtk: LDtk project file does not exist"],
    );
}

/// Level and world identifiers name the output files: one that cannot be part of a file
/// name is refused, naming the level.
#[test]
fn identifiers_that_cannot_name_files_are_refused() {
    let (_d, p) = broken("world.ldtk", |p| {
        level_mut(p, "Caves")["identifier"] = "../Caves".into();
    });
    let err = fails(
        &[&p],
        &[
            "world.ldtk: level `../Caves`: its identifier `../Caves` holds `/`, which cannot be in a file name; rename it in LDtk",
        ],
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let (_d, p) = broken("worlds.ldtk", |p| {
        p["worlds"][1]["identifier"] = "Under:world".into();
    });
    fails(
        &[&p],
        &["worlds.ldtk: level `Level_0`: its world's identifier `Under:world` holds `:`"],
    );
}

#[test]
fn entities_that_cannot_be_constants_are_named() {
    let (_d, p) = broken("world.ldtk", |p| {
        let entities = layer_mut(p, "Hills", "Entities")["entityInstances"]
            .as_array_mut()
            .unwrap();
        entities[0]["__identifier"] = "ramp45".into();
        entities[3]["__identifier"] = "Width".into();
        entities[4]["__identifier"] = "Platform_speed".into();
    });
    let err = fails(
        &[&p],
        &[
            "level `Hills`, layer `Entities`: entity `ramp45`: `ramp45` and shape `ramp45` both become the constant `RAMP45`",
            "entity `Width`: the constant `WIDTH` is taken by the map's own items (its size and `MAP`)",
            "entity `Platform_speed`: `Platform_speed` and `Platform_speed` both become the constant `PLATFORM_SPEED`",
        ],
    );
    assert_eq!(err.lines().count(), 4, "{err}");
}

/// Sizes and positions come from the JSON as any 64-bit integers: values whose arithmetic
/// would overflow are errors naming their place, never a crash.
#[test]
fn hostile_sizes_are_errors_not_crashes() {
    let (_d, p) = broken("world.ldtk", |p| {
        let l = layer_mut(p, "Hills", "collision");
        l["__cWid"] = i64::MIN.div_euclid(2).into();
        l["__cHei"] = 4.into();
    });
    let err = fails(
        &[&p],
        &[
            "level `Hills`, layer `collision`: -4611686018427387904×4 cells; the runtime's limits are 1 to 65535 cells a side",
        ],
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // a refused level's entities are not measured against its size
    let (_d, p) = broken("world.ldtk", |p| {
        layer_mut(p, "Hills", "collision")["__cHei"] = (1_i64 << 62).into();
    });
    let err = fails(
        &[&p],
        &["level `Hills`, layer `collision`: 12×4611686018427387904 cells"],
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn hostile_entity_positions_are_errors_not_crashes() {
    let (_d, p) = broken("world.ldtk", |p| {
        let layer = layer_mut(p, "Hills", "Entities");
        layer["__pxTotalOffsetX"] = 1.into();
        let entities = layer["entityInstances"].as_array_mut().unwrap();
        entities[0]["px"] = serde_json::json!([i64::MAX, 0]); // x + 1 overflows
        entities[1]["__pivot"] = serde_json::json!([0, 1e19]); // the rectangle's top
        entities[2]["px"] = serde_json::json!([i64::MIN, 0]); // |x| overflows
        entities[3]["px"] = serde_json::json!([0, i64::MIN]); // 128 - y overflows
    });
    let err = fails(
        &[&p],
        &[
            "4 problems",
            "level `Hills`, layer `Entities`: entity `Player`: it lies at (?, 128) px in the packed map (y up from its bottom edge), beyond the runtime's positions, -2^30 to 2^30 (1073741824) each way",
            "entity `Platform`: a pivot of (0, 10000000000000000000); LDtk's pivots are 0 to 1 each way",
            "entity `Door`: it lies at (-9223372036854775807, 128) px",
            "entity `Coin_0`: it lies at (1, ?) px",
        ],
    );
    assert_eq!(err.lines().count(), 5, "{err}");
    // the collision layer's offset, against the entity layer's
    let (_d, p) = broken("world.ldtk", |p| {
        layer_mut(p, "Hills", "collision")["__pxTotalOffsetX"] = i64::MIN.into();
    });
    let err = fails(
        &[&p],
        &["5 problems", "entity `Player`: it lies at (?, 28) px"],
    );
    assert_eq!(err.lines().count(), 6, "{err}");
}

/// A resizable entity's rectangle: its pivot within LDtk's 0 to 1, and every corner within
/// the runtime's positions, not only its pivot.
#[test]
fn entity_rectangles_are_checked_whole() {
    let (_d, p) = broken("world.ldtk", |p| {
        let entities = layer_mut(p, "Hills", "Entities")["entityInstances"]
            .as_array_mut()
            .unwrap();
        entities[1]["px"] = serde_json::json!([1_i64 << 30, 32]);
    });
    fails(
        &[&p],
        &[
            "level `Hills`, layer `Entities`: entity `Platform`: its rectangle of 32×8 px at (1073741824, 88) px in the packed map",
            "-2^30 to 2^30",
        ],
    );
    let (_d, p) = broken("world.ldtk", |p| {
        let entities = layer_mut(p, "Hills", "Entities")["entityInstances"]
            .as_array_mut()
            .unwrap();
        entities[1]["__pivot"] = serde_json::json!([1.5, 0]);
    });
    fails(
        &[&p],
        &["entity `Platform`: a pivot of (1.5, 0); LDtk's pivots are 0 to 1 each way"],
    );
    let (_d, p) = broken("world.ldtk", |p| {
        let entities = layer_mut(p, "Hills", "Entities")["entityInstances"]
            .as_array_mut()
            .unwrap();
        entities[1]["width"] = 0.into();
    });
    fails(
        &[&p],
        &[
            "entity `Platform`: a size of 0×8 px; a resizable entity's rectangle needs 1 to 65535 px each way",
        ],
    );
}

// ---------------------------------------------------------------------------------------
// Preview
// ---------------------------------------------------------------------------------------

/// `slopegen preview world.ldtk` draws a level's collision (the first, or `--level NAME`),
/// pixel for pixel the drawing of its tiles.
#[test]
fn preview_draws_ldtk_levels() {
    const SOLID: [u8; 3] = [70, 70, 80];
    const ONE_WAY: [u8; 3] = [40, 170, 70];
    let project = data("world.ldtk");
    for (level, more) in [("Hills", vec![]), ("Caves", vec!["--level", "Caves"])] {
        let mut args = vec![project.as_os_str()];
        args.extend(more.iter().map(OsStr::new));
        let img = preview(&args);
        let drawn = draw_tiles(&project, None, level, "collision");
        // the map at the top-left, the legend under it
        assert!(img.width() as usize >= drawn.width * N, "{level}");
        assert!(img.height() as usize > drawn.height * N, "{level}");
        for y in 0..drawn.height * N {
            for x in 0..drawn.width * N {
                let colour = img.get_pixel(x as u32, (drawn.height * N - 1 - y) as u32).0;
                if colour == [220, 40, 40] {
                    continue; // an entity's mark
                }
                let expected = match (drawn.pixel)(x, y) {
                    (true, false) => Some(SOLID),
                    (true, true) => Some(ONE_WAY),
                    _ => None,
                };
                match expected {
                    Some(c) => assert_eq!(colour, c, "{level} ({x}, {y})"),
                    None => assert!(colour != SOLID && colour != ONE_WAY, "{level} ({x}, {y})"),
                }
            }
        }
    }
    // in a project of several worlds, WORLD/LEVEL
    let worlds = data("worlds.ldtk");
    let img = preview(&[
        worlds.as_os_str(),
        "--level".as_ref(),
        "Underworld/Level_0".as_ref(),
    ]);
    let drawn = draw_tiles(&worlds, Some("Underworld"), "Level_0", "collision");
    assert!(img.width() >= 4 * 16 && img.height() > 3 * 16);
    assert_eq!((drawn.width, drawn.height), (4, 3));
    for y in 0..drawn.height * N {
        for x in 0..drawn.width * N {
            let colour = img.get_pixel(x as u32, (drawn.height * N - 1 - y) as u32).0;
            assert_eq!(colour == SOLID, (drawn.pixel)(x, y).0, "({x}, {y})");
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let output = slopegen()
        .arg("preview")
        .arg(&project)
        .args(["--level", "Moon", "-o"])
        .arg(dir.path().join("x.png"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr.contains("no level named `Moon`") && stderr.contains("`Hills`, `Caves`"),
        "{stderr}"
    );
}

/// A build script can match the problems: each names its level, layer and cell as fields.
#[test]
fn problems_are_matchable_with_their_places() {
    use slopegen::{Builder, Error, MapError};
    let err = Builder::new(data("world.ldtk"))
        .layer("nope")
        .compile()
        .unwrap_err();
    let levels: Vec<&str> = err
        .errors()
        .iter()
        .map(|e| match e {
            Error::Map(MapError::NoLevelLayer {
                level,
                layer: Some(layer),
                layers,
                ..
            }) => {
                assert_eq!(layer, "nope");
                assert!(layers.contains(&("terrain".to_owned(), "IntGrid")));
                level.as_str()
            }
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(levels, ["Hills", "Caves"]);
    let (_d, p) = broken("world.ldtk", |p| {
        layer_mut(p, "Caves", "collision")["gridTiles"][0]["t"] = 99.into();
    });
    match Builder::new(&p).compile() {
        Err(Error::Map(MapError::LevelCell {
            level, layer, x, y, ..
        })) => assert_eq!(
            (level.as_str(), layer.as_str(), x, y),
            ("Caves", "collision", 0, 3)
        ),
        other => panic!("{other:?}"),
    }
}
