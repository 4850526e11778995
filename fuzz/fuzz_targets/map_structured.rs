//! A valid packed map of random cells (slopegen's `pack_map`, 1- or 2-byte indices), which
//! must load and read back cell for cell; then the same map with one change and its
//! checksum fixed: refused, or a map whose every cell answers.
#![no_main]

use std::path::PathBuf;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use slope_runtime::{Cell, ShapeId, TileMap, Variant};

#[derive(Debug, Arbitrary)]
struct Input {
    width: u8,
    height: u8,
    /// Cell codes, repeated to fill the map; with `spread`, most cells distinct (a palette
    /// past 256 entries: 2-byte indices).
    cells: Vec<u16>,
    spread: bool,
    outside: u16,
    tile_size: u8,
    edit: slope_fuzz::Edit,
}

fn cell(code: u16) -> Cell {
    let cell = match code & 3 {
        0 => Cell::EMPTY,
        1 => Cell::FULL,
        _ => Cell::shape(
            ShapeId::new(code >> 6),
            Variant::ALL[usize::from(code >> 3 & 7)],
        ),
    };
    if code & 4 != 0 { cell.one_way() } else { cell }
}

fuzz_target!(|input: Input| {
    let (w, h) = (
        u16::from(input.width % 48) + 1,
        u16::from(input.height % 24) + 1,
    );
    let count = usize::from(w) * usize::from(h);
    let cells: Vec<Cell> = (0..count)
        .map(|i| {
            let code = input
                .cells
                .get(i % input.cells.len().max(1))
                .copied()
                .unwrap_or(0);
            cell(if input.spread {
                code.wrapping_add((i as u16) << 6)
            } else {
                code
            })
        })
        .collect();
    let map = slopegen::Map {
        path: PathBuf::from("fuzz.tmx"),
        stem: "fuzz".into(),
        group: None,
        layer: "collision".into(),
        width: w,
        height: h,
        tile_size: 4 + input.tile_size % 61,
        cells,
        outside: cell(input.outside),
        objects: Vec::new(),
        art: Vec::new(),
        images: Vec::new(),
    };
    let bytes = slopegen::pack_map(&map);
    let tables = slope_fuzz::default_tables();
    slope_fuzz::maps::load_and_check(&bytes, &tables, 0).expect("a map slopegen packed loads");
    let check = |loaded: &dyn Fn(i32, i32) -> Cell| {
        for y in 0..h {
            for x in 0..w {
                assert_eq!(
                    loaded(i32::from(x), i32::from(y)),
                    map.cell(x, y),
                    "cell ({x}, {y})"
                );
            }
        }
    };
    match slope_runtime::index_width(&bytes) {
        Some(2) => {
            let m = slope_runtime::WidePackedMap::from_bytes(&bytes).expect("loads");
            check(&|x, y| m.cell(x, y));
        }
        _ => {
            let m = slope_runtime::PackedMap::from_bytes(&bytes).expect("loads");
            check(&|x, y| m.cell(x, y));
        }
    }

    let mut edited = bytes;
    input.edit.apply(&mut edited);
    let edited = slope_fuzz::with_checksum(&edited);
    let _ = slope_fuzz::maps::load_and_check(&edited, &tables, edited.len() as u64);
});
