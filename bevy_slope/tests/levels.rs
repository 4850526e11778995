//! Levels as Bevy data: an LDtk project's levels chosen by name, their entities and fields
//! as `LevelObject` children, the picture pixel for pixel the collision.

mod support;

use std::path::Path;

use bevy::prelude::*;
use bevy_slope::{ActiveLevel, LevelObject, SlopeLevel};
use slope_runtime::TileMap;
use slopegen::ObjectValue;

fn ldtk_folder() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../slopegen/tests/data/ldtk")
}

fn objects(app: &mut App) -> Vec<(LevelObject, Transform)> {
    let world = app.world_mut();
    let mut q = world.query::<(&LevelObject, &Transform)>();
    q.iter(world).map(|(o, t)| (o.clone(), *t)).collect()
}

fn object<'a>(
    objects: &'a [(LevelObject, Transform)],
    constant: &str,
) -> &'a (LevelObject, Transform) {
    objects
        .iter()
        .find(|(o, _)| o.0.constant == constant)
        .unwrap_or_else(|| panic!("no object {constant}"))
}

#[test]
fn an_ldtk_project_gives_its_first_level_and_its_entities() {
    let mut app = support::headless_app(&ldtk_folder(), false);
    support::load_level(&mut app, "world.ldtk");
    app.update(); // the objects' commands
    let level = app.world().resource::<ActiveLevel>();
    assert_eq!(level.name, "Hills");
    assert_eq!(
        (level.map.width(), level.map.height(), level.map.tile_size()),
        (12, 8, 16)
    );
    assert_eq!(level.object("Player"), Some(&ObjectValue::Point(24, 28)));

    let objects = objects(&mut app);
    let (player, at) = object(&objects, "PLAYER");
    assert_eq!(player.0.value, ObjectValue::Point(24, 28));
    assert_eq!(at.translation, Vec3::new(24.0, 28.0, 0.0));
    let (rect, at) = object(&objects, "PLATFORM_RECT");
    assert_eq!(
        rect.0.value,
        ObjectValue::Rect {
            x: 128,
            y: 88,
            width: 32,
            height: 8
        }
    );
    assert_eq!(at.translation, Vec3::new(144.0, 92.0, 0.0)); // its centre
    assert_eq!(
        object(&objects, "PLATFORM_SPEED").0.0.value,
        ObjectValue::Int(2)
    );
    assert_eq!(
        object(&objects, "PLATFORM_LOOPING").0.0.value,
        ObjectValue::Bool(true)
    );
    assert_eq!(
        object(&objects, "DOOR_KIND").0.0.value,
        ObjectValue::Text("Locked".into())
    );

    // Every object is a child of the level entity.
    let world = app.world_mut();
    let level_entity = world
        .query_filtered::<Entity, With<SlopeLevel>>()
        .single(world)
        .expect("one level");
    let mut parents = world.query_filtered::<&ChildOf, With<LevelObject>>();
    assert!(parents.iter(world).all(|p| p.parent() == level_entity));
}

#[test]
fn a_level_is_chosen_by_name() {
    let mut app = support::headless_app(&ldtk_folder(), false);
    let handle = app.world().resource::<AssetServer>().load("world.ldtk");
    app.world_mut().spawn(SlopeLevel::named(handle, "Caves"));
    support::wait_for_level(&mut app);
    let level = app.world().resource::<ActiveLevel>();
    assert_eq!(level.name, "Caves");
    assert_eq!((level.map.width(), level.map.height()), (6, 4));
    assert_eq!(level.object("Exit"), Some(&ObjectValue::Point(72, 24)));
}

/// How slopegen reads a tile picture's solid pixels: opaque ones where the image uses
/// transparency, else dark ones (its README's rule).
#[derive(Clone, Copy, Debug)]
enum Rule {
    Opaque,
    Dark,
}

impl Rule {
    fn of(image: &image::RgbaImage) -> Rule {
        if image.pixels().any(|p| p.0[3] < 128) {
            Rule::Opaque
        } else {
            Rule::Dark
        }
    }

    fn solid(self, [r, g, b, a]: [u8; 4]) -> bool {
        match self {
            Rule::Opaque => a >= 128,
            Rule::Dark => {
                (299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)) / 1000 < 128
            }
        }
    }
}

/// The picture of `level` shows a solid-looking pixel (by its image's rule) exactly where the runtime's box query finds one
/// (one-way cells made solid: `hits` counts them as air, the picture draws them); the
/// number of solid and one-way pixels.
fn assert_picture_is_collision(
    file: &bevy_slope::LevelFile,
    level: &bevy_slope::LevelData,
) -> (usize, usize) {
    let tables = slope_runtime::Tables::from_bytes(&file.blob).expect("tables");
    let image = bevy_slope::picture(&level.map, &level.art, &level.pictures, &tables);
    let size = level.map.size_px();
    assert_eq!((image.width(), image.height()), (size.x, size.y));
    let data = image.data.as_ref().expect("pixels");
    let mut solid_map = level.map.clone();
    for ty in 0..i32::from(level.map.height()) {
        for tx in 0..i32::from(level.map.width()) {
            let cell = level.map.cell(tx, ty);
            solid_map.set(
                tx,
                ty,
                slope_runtime::Cell {
                    one_way: false,
                    ..cell
                },
            );
        }
    }
    let n = i32::from(level.map.tile_size());
    let rules: Vec<Rule> = level.pictures.iter().map(|p| Rule::of(&p.pixels)).collect();
    let world = slope_runtime::World::new(tables, &solid_map);
    let (mut solid, mut one_way) = (0, 0);
    for y in 0..size.y as i32 {
        for x in 0..size.x as i32 {
            let row = size.y as i32 - 1 - y;
            let at = ((row * size.x as i32 + x) * 4) as usize;
            let rgba: [u8; 4] = data[at..at + 4].try_into().expect("4 bytes");
            let index = ((y / n) * i32::from(level.map.width()) + x / n) as usize;
            let rule = match level.art.get(index).copied().flatten() {
                Some(art) => rules[usize::from(art.image)],
                None => Rule::Opaque, // drawn from the collision: air is transparent
            };
            let pixel = slope_runtime::Rect {
                x0: x,
                y0: y,
                x1: x,
                y1: y,
            };
            let shown = world.hits(pixel);
            assert_eq!(rule.solid(rgba), shown, "{}: pixel ({x}, {y})", level.name);
            solid += usize::from(shown);
            one_way += usize::from(shown && level.map.cell(x / n, y / n).one_way);
        }
    }
    (solid, one_way)
}

#[test]
fn the_picture_is_the_collision_pixel_for_pixel() {
    let path = support::example_assets().join("level.tmx");
    let settings = bevy_slope::LevelSettings::default();
    let (file, _) = bevy_slope::LevelLoader::compile(&path, &settings, &support::example_assets())
        .expect("the example's level compiles");
    let level = file.level(None).expect("a level");
    assert!(
        !level.art.is_empty() && level.pictures.len() == 1,
        "drawn from its tileset"
    );
    let (solid, one_way) = assert_picture_is_collision(&file, level);
    assert!(
        solid > 10_000 && one_way > 0,
        "{solid} solid pixels, {one_way} one-way"
    );
}

#[test]
fn ldtk_levels_are_drawn_from_their_tilesets_or_their_collision() {
    // grid.ldtk's IntGrid values name the default tiles' shapes.
    let tiles = bevy_slope::LevelSettings {
        tile_folder: Some("../../../tiles".into()),
        ..Default::default()
    };
    for (project, settings, drawn) in [
        ("world.ldtk", bevy_slope::LevelSettings::default(), true),
        ("grid.ldtk", tiles, false),
    ] {
        let path = ldtk_folder().join(project);
        let (file, _) = bevy_slope::LevelLoader::compile(&path, &settings, &ldtk_folder())
            .unwrap_or_else(|e| panic!("{project}: {e}"));
        for level in &file.levels {
            assert_eq!(!level.art.is_empty(), drawn, "{project} {}", level.name);
            let (solid, _) = assert_picture_is_collision(&file, level);
            assert!(solid > 0, "{project} {}", level.name);
        }
    }
}

#[test]
fn settings_reach_slopegen_through_the_asset_server() {
    let mut app = support::headless_app(&ldtk_folder(), false);
    let handle = app
        .world()
        .resource::<AssetServer>()
        .load_builder()
        .with_settings(|s: &mut bevy_slope::LevelSettings| {
            s.tile_folder = Some("../../../tiles".into());
        })
        .load("grid.ldtk");
    app.world_mut().spawn(SlopeLevel::new(handle));
    support::wait_for_level(&mut app);
    let level = app.world().resource::<ActiveLevel>();
    assert_eq!(level.name, "Field");
    assert!(
        level.art.is_empty(),
        "an IntGrid layer has no tile pictures"
    );
}

#[test]
fn flipped_and_rotated_tiles_of_a_spaced_sheet_are_drawn_as_they_collide() {
    // hills.tmx: a sheet with a margin and spacing, tiles flipped and rotated (Tiled's
    // diagonal flag) in its collision layer, one-way tiles.
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../slopegen/tests/data/levels");
    let settings = bevy_slope::LevelSettings::default();
    let (file, _) = bevy_slope::LevelLoader::compile(&folder.join("hills.tmx"), &settings, &folder)
        .expect("hills.tmx compiles");
    let level = file.level(None).expect("a level");
    let rotated = level
        .art
        .iter()
        .flatten()
        .filter(|a| a.variant.rotated())
        .count();
    assert!(rotated > 0, "the test needs rotated tiles");
    let (solid, one_way) = assert_picture_is_collision(&file, level);
    assert!(solid > 0 && one_way > 0, "{solid} solid, {one_way} one-way");
}

#[test]
fn changing_the_level_name_switches_the_level_and_its_objects() {
    let mut app = support::headless_app(&ldtk_folder(), false);
    support::load_level(&mut app, "world.ldtk");
    app.update();
    let hills = objects(&mut app).len();
    assert_eq!(app.world().resource::<ActiveLevel>().name, "Hills");
    let world = app.world_mut();
    let mut levels = world.query::<&mut SlopeLevel>();
    levels.single_mut(world).expect("one level").level = Some("Caves".into());
    let events = support::wait_for_level_event(&mut app, std::time::Duration::from_secs(5));
    assert_eq!(
        events,
        [bevy_slope::LevelEvent::Loaded {
            name: "Caves".into()
        }]
    );
    app.update();
    assert_eq!(app.world().resource::<ActiveLevel>().name, "Caves");
    let caves = objects(&mut app);
    assert!(caves.iter().any(|(o, _)| o.0.name == "Exit"));
    assert!(
        !caves.iter().any(|(o, _)| o.0.name == "Player"),
        "the old level's objects are gone"
    );
    assert_ne!(caves.len(), hills);
}
