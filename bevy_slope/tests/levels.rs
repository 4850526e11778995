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
    for _ in 0..2000 {
        if app.world().contains_resource::<ActiveLevel>() {
            break;
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let level = app.world().resource::<ActiveLevel>();
    assert_eq!(level.name, "Caves");
    assert_eq!((level.map.width(), level.map.height()), (6, 4));
    assert_eq!(level.object("Exit"), Some(&ObjectValue::Point(72, 24)));
}

#[test]
fn the_picture_is_the_collision_pixel_for_pixel() {
    let path = support::example_assets().join("level.tmx");
    let (file, _) = bevy_slope::LevelLoader::compile(&path).expect("the example's level compiles");
    let tables = slope_runtime::Tables::from_bytes(&file.blob).expect("tables");
    let level = file.level(None).expect("a level");
    let image = bevy_slope::picture(&level.map, &tables);
    let size = level.map.size_px();
    assert_eq!((image.width(), image.height()), (size.x, size.y));
    let data = image.data.as_ref().expect("pixels");
    // The oracle: the runtime's box query on each pixel, in the map with its one-way cells
    // made solid (`hits` counts one-way cells as air; the picture draws them).
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
    let world = slope_runtime::World::new(tables, &solid_map);
    let (mut solid, mut one_way) = (0, 0);
    for y in 0..size.y as i32 {
        for x in 0..size.x as i32 {
            let row = size.y as i32 - 1 - y;
            let alpha = data[((row * size.x as i32 + x) * 4 + 3) as usize];
            let shown = world.hits(slope_runtime::Rect {
                x0: x,
                y0: y,
                x1: x,
                y1: y,
            });
            assert_eq!(alpha != 0, shown, "pixel ({x}, {y})");
            solid += usize::from(shown);
            one_way += usize::from(shown && level.map.cell(x / 16, y / 16).one_way);
        }
    }
    assert!(
        solid > 10_000 && one_way > 0,
        "{solid} solid pixels, {one_way} one-way"
    );
}
