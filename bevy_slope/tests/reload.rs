//! Hot reload: saving the level changes the running game (new map, no actor embedded);
//! a truncated or invalid save leaves the old level running and reports slopegen's error.

mod support;

use std::path::Path;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy_slope::{ActiveLevel, LevelEvent, SlopeActor};
use slope_runtime::{Cell, Rect, TileMap};
use support::Role;

/// How long a save may take to reach the game before the test gives up.
const PATIENCE: Duration = Duration::from_secs(10);

fn copy_assets(to: &Path) {
    for entry in std::fs::read_dir(support::example_assets()).expect("assets") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), to.join(entry.file_name())).expect("copy");
    }
}

/// The level's CSV rows with `row` (Tiled's, top first) replaced.
fn with_row(tmx: &str, row: usize, cells: &str) -> String {
    let start = tmx.find("<data encoding=\"csv\">\n").expect("csv data") + 22;
    let mut lines: Vec<String> = tmx[start..].lines().map(str::to_owned).collect();
    let last = lines[row].ends_with(',');
    lines[row] = format!("{cells}{}", if last { "," } else { "" });
    format!("{}{}\n", &tmx[..start], lines.join("\n"))
}

fn hero(app: &mut App) -> SlopeActor {
    let world = app.world_mut();
    let mut q = world.query::<(&Role, &SlopeActor)>();
    q.iter(world)
        .find(|(r, _)| **r == Role::Hero)
        .map(|(_, a)| *a)
        .expect("a hero")
}

/// Every actor but the hero.
fn others(app: &mut App) -> Vec<SlopeActor> {
    let world = app.world_mut();
    let mut q = world.query::<(&Role, &SlopeActor)>();
    q.iter(world)
        .filter(|(r, _)| **r != Role::Hero)
        .map(|(_, a)| *a)
        .collect()
}

fn embedded(app: &App, actor: &SlopeActor) -> bool {
    let (x0, y0, x1, y1) = actor.bounds();
    let level = app.world().resource::<ActiveLevel>();
    level.with_world(&[], |w| w.hits(Rect { x0, y0, x1, y1 }))
}

/// Updates the app until the level reloads (a save may reach it half-written first);
/// every event read.
fn expect_reload(app: &mut App) -> Vec<LevelEvent> {
    let events = support::wait_for_level_event_where(app, PATIENCE, |e| {
        matches!(e, LevelEvent::Reloaded { .. })
    });
    assert!(
        events
            .iter()
            .any(|e| matches!(e, LevelEvent::Reloaded { .. })),
        "no reload: {events:?}"
    );
    events
}

fn expect_failure(app: &mut App, what: &str, needles: &[&str]) {
    let events = support::wait_for_level_event_where(
        app,
        PATIENCE,
        |e| matches!(e, LevelEvent::Failed { message, .. } if needles.iter().all(|n| message.contains(n))),
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, LevelEvent::Reloaded { .. })),
        "{what}: a bad save was put in play: {events:?}"
    );
    let Some(LevelEvent::Failed { path, message }) = events.last() else {
        panic!("{what}: expected a failed load, got {events:?}");
    };
    println!("{what}: {message}");
    assert!(
        !message.contains("asset loader"),
        "{what}: slopegen's message alone: {message}"
    );
    assert_eq!(path, "level.tmx", "{what}");
    for needle in needles {
        assert!(
            message.contains(needle),
            "{what}: {message:?} lacks {needle:?}"
        );
    }
}

#[test]
fn saving_the_level_reloads_it_and_bad_saves_keep_the_old_one() {
    let folder = tempfile::tempdir().expect("temp dir");
    copy_assets(folder.path());
    let level_path = folder.path().join("level.tmx");
    let original = std::fs::read_to_string(&level_path).expect("level");

    let mut app = support::headless_app(folder.path(), true);
    // Steps run only when the test says: the frames that wait for a save run none.
    app.insert_resource(Time::<Fixed>::from_seconds(3600.0));
    support::load_level(&mut app, "level.tmx");
    support::spawn_cast(&mut app);
    for _ in 0..30 {
        // Step 50 of the script holds nothing: the hero stands still.
        support::step(&mut app, 50);
    }
    let before = hero(&mut app);
    assert!(before.contacts.on_ground() && !embedded(&app, &before));
    let (tx, ty) = (before.x / 16, before.y / 16);
    let others_before = others(&mut app);

    // A block of soil where the hero stands (Tiled's rows are top first: 12 rows).
    let row = 11 - ty as usize;
    let mut cells: Vec<&str> = original
        .lines()
        .skip_while(|l| !l.contains("<data"))
        .nth(1 + row)
        .expect("row")
        .trim_end_matches(',')
        .split(',')
        .collect();
    for x in tx..=(before.x + 9) / 16 {
        cells[x as usize] = "1";
    }
    let walled = with_row(&original, row, &cells.join(","));
    let saved = Instant::now();
    std::fs::write(&level_path, &walled).expect("save");
    let events = expect_reload(&mut app);
    let latency = saved.elapsed();
    let reloaded = events.iter().find_map(|e| match e {
        LevelEvent::Reloaded { freed, stuck, .. } => Some((*freed, *stuck)),
        _ => None,
    });
    assert_eq!(reloaded, Some((1, 0)), "{events:?}");
    println!("a save reached the game in {} ms", latency.as_millis());
    assert!(latency < Duration::from_secs(2), "reload took {latency:?}");
    assert_ne!(
        app.world().resource::<ActiveLevel>().map.cell(tx, ty),
        Cell::EMPTY
    );
    let after = hero(&mut app);
    assert!(
        !embedded(&app, &after),
        "the hero is embedded in the new block"
    );
    assert_ne!((after.x, after.y), (before.x, before.y));
    let others_after = others(&mut app);
    assert_eq!(
        others_after, others_before,
        "actors the change missed stay where they are"
    );
    let walled_map = app.world().resource::<ActiveLevel>().map.clone();

    // Half a file, as an editor's save caught midway.
    std::fs::write(&level_path, &walled[..walled.len() / 2]).expect("truncate");
    expect_failure(&mut app, "a truncated save", &["level.tmx"]);
    assert_eq!(app.world().resource::<ActiveLevel>().map, walled_map);

    // A cell naming a tile the tileset lacks.
    let broken = with_row(&walled, 0, &format!("99{}", ",0".repeat(47)));
    std::fs::write(&level_path, broken).expect("break");
    expect_failure(&mut app, "an unknown tile", &["level.tmx", "collision"]);
    assert_eq!(app.world().resource::<ActiveLevel>().map, walled_map);
    for step in 0..10 {
        support::step(&mut app, step);
    }

    // Saved right again: the original level is back, and the game goes on.
    std::fs::write(&level_path, &original).expect("restore");
    expect_reload(&mut app);
    assert_eq!(
        app.world().resource::<ActiveLevel>().map.cell(tx, ty),
        Cell::EMPTY
    );
    let hero_now = hero(&mut app);
    assert!(!embedded(&app, &hero_now));
}

#[test]
fn saving_a_tileset_image_reloads_the_level() {
    let folder = tempfile::tempdir().expect("temp dir");
    copy_assets(folder.path());
    let mut app = support::headless_app(folder.path(), true);
    app.insert_resource(Time::<Fixed>::from_seconds(3600.0));
    support::load_level(&mut app, "level.tmx");
    let before = app.world().resource::<ActiveLevel>().clone();

    // The ledge (tile 9: column 1, row 2 of the 4-column sheet) painted solid to its bottom.
    let sheet = folder.path().join("tiles.png");
    let mut pixels = image::open(&sheet).expect("sheet").to_rgba8();
    for y in 32..48 {
        for x in 16..32 {
            pixels.put_pixel(x, y, image::Rgba([140, 90, 40, 255]));
        }
    }
    pixels.save(&sheet).expect("save the sheet");
    expect_reload(&mut app);
    let after = app.world().resource::<ActiveLevel>();
    assert_ne!(after.map, before.map, "the ledge's cells are blocks now");
    assert_ne!(*after.pictures[0].pixels, *before.pictures[0].pixels);
}
