//! `data/level.map` is the benchmark level packed by `slopegen`, cell for cell.

use std::path::PathBuf;

use slope_bench::{LEVEL_MAP, TILES, build_level};
use slope_runtime::{Cell, PackedMap, Tables, TileMap};
use slopegen::{Map, pack_map};

/// The level's cells, bottom row first, packed as the generator packs a map.
fn packed() -> Vec<u8> {
    let tables = Tables::from_bytes(TILES).unwrap();
    let level = build_level(&tables);
    let (w, h) = (slope_bench::level::W, slope_bench::level::H);
    let cells = (0..h as i32)
        .flat_map(|y| (0..w as i32).map(move |x| (x, y)))
        .map(|(x, y)| level.cell(x, y))
        .collect();
    let map = Map {
        path: PathBuf::from("level.map"),
        stem: "level".into(),
        group: None,
        layer: "collision".into(),
        width: w as u16,
        height: h as u16,
        tile_size: tables.tile_size(),
        cells,
        outside: Cell::FULL,
        objects: Vec::new(),
        art: Vec::new(),
        images: Vec::new(),
    };
    pack_map(&map)
}

#[test]
fn the_packed_level_is_the_level() {
    let fresh = packed();
    if std::env::var_os("SLOPEGEN_BLESS").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/level.map");
        std::fs::write(path, &fresh).unwrap();
        return;
    }
    assert!(
        fresh == LEVEL_MAP,
        "bench/data/level.map is stale: run SLOPEGEN_BLESS=1 cargo test -p slope-bench"
    );
    // And it reads back as the level, every cell and outside.
    let tables = Tables::from_bytes(TILES).unwrap();
    let level = build_level(&tables);
    let map = PackedMap::from_bytes(LEVEL_MAP).unwrap();
    map.check_tables(&tables).unwrap();
    for y in -2..slope_bench::level::H as i32 + 2 {
        for x in -2..slope_bench::level::W as i32 + 2 {
            assert_eq!(map.cell(x, y), level.cell(x, y), "cell ({x}, {y})");
        }
    }
}
