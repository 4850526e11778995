//! The demo level is a Tiled map (`levels/walk.tmx`): read back through the runtime, it is
//! exactly the level the demo was written for, drawn here in characters.

use demo::scene::Level;
use demo::walk;
use slope_runtime::{Cell, TileMap, Variant};

/// Top row first, one character per 16×16 cell: `#` full, `/` `\` 45° up/down, `a` `b`
/// 22.5° up (slope22_1, _2), `A` `B` the same mirrored, `u` bump, `=` one-way full, `^`
/// one-way 45°, `v` ceiling 45° (FY), `|` a steep 63° wall-slope (slope22_1 rotated), `.` air.
const LEVEL: [&str; 9] = [
    "##############################",
    "#.........v####v.............#",
    "#............................#",
    "#............................#",
    "#......====..................#",
    "#...................^==......#",
    "#......./\\.......ab##BA......#",
    "#....../##\\....ab######BA.u.|#",
    "##############################",
];

fn cell(ch: u8) -> Cell {
    let shape = |id, v| Cell::shape(id, v);
    match ch {
        b'#' => Cell::FULL,
        b'/' => shape(walk::SLOPE45, Variant::Identity),
        b'\\' => shape(walk::SLOPE45, Variant::FlipX),
        b'a' => shape(walk::SLOPE22_1, Variant::Identity),
        b'b' => shape(walk::SLOPE22_2, Variant::Identity),
        b'A' => shape(walk::SLOPE22_1, Variant::FlipX),
        b'B' => shape(walk::SLOPE22_2, Variant::FlipX),
        b'u' => shape(walk::BUMP, Variant::Identity),
        b'=' => Cell::FULL.one_way(),
        b'^' => shape(walk::SLOPE45_ONE_WAY, Variant::Identity).one_way(),
        b'v' => shape(walk::SLOPE45, Variant::FlipY),
        b'|' => shape(walk::SLOPE22_1, Variant::Rot90FlipX),
        _ => Cell::EMPTY,
    }
}

#[test]
fn the_tiled_map_is_the_level() {
    let tables = walk::TABLES;
    let map = walk::MAP;
    map.check_tables(&tables).unwrap();
    assert_eq!((walk::WIDTH, walk::HEIGHT), (30, 9));
    for (row, line) in LEVEL.iter().enumerate() {
        let ty = LEVEL.len() as i32 - 1 - row as i32;
        for (tx, ch) in line.bytes().enumerate() {
            assert_eq!(
                Level.cell(tx as i32, ty),
                cell(ch),
                "cell ({tx}, {ty}) `{}`",
                ch as char
            );
        }
    }
    for (tx, ty) in [(-1, 0), (30, 0), (0, -1), (0, 9), (i32::MIN, i32::MAX)] {
        assert_eq!(Level.cell(tx, ty), Cell::FULL);
    }
    // the one-way 45° tile is the same picture as the 45° one
    let (a, b) = (
        tables.shape(walk::SLOPE45).unwrap(),
        tables.shape(walk::SLOPE45_ONE_WAY).unwrap(),
    );
    for x in 0..16 {
        for y in 0..16 {
            assert_eq!(
                a.is_solid(Variant::Identity, x, y),
                b.is_solid(Variant::Identity, x, y)
            );
        }
    }
    // the named objects: the lift and the hero's start, in world pixels
    assert_eq!(
        (walk::LIFT.x0, walk::LIFT.y0, walk::LIFT.x1, walk::LIFT.y1),
        (392, 16, 415, 18)
    );
    assert_eq!(walk::HERO, (40, 16));
}
