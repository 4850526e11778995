//! The level: a small grid of cells that the page edits with a brush.

use slope_runtime::{Cell, GridMap, Tables, Variant};

use crate::tiles::CUSTOM;

/// Cells across.
pub const LEVEL_W: usize = 32;
/// Cells up.
pub const LEVEL_H: usize = 12;

/// The level's map; outside it everything is solid (the level is walled in).
pub type Map = GridMap<LEVEL_W, LEVEL_H>;

/// The level the page starts with, top row first, one character per cell:
/// `#` full, `/` `\` 45° up/down, `a` `b` 22.5° up (slope22_1, _2), `A` `B` the same
/// mirrored, `u` bump, `c` `C` the drawn tile and its mirror, `=` one-way full, `^` one-way
/// 45°, `v` `V` 45° ceilings, `.` air.
pub const START: [&str; LEVEL_H] = [
    "................................",
    "................................",
    "................................",
    "..v##V..........................",
    "................................",
    "....................^==.........",
    "................................",
    "..====..........................",
    "..................abBA..........",
    "........./\\.....ab####BA........",
    "....cC../##\\..ab########BA..u...",
    "################################",
];

/// What a click on the level places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// Air.
    Empty,
    /// Shape number `shape` (in the tables' order) in `variant`, one-way or not.
    Shape {
        /// The shape's index in the tables.
        shape: u16,
        /// Its variant.
        variant: Variant,
        /// Whether it holds actors only from above.
        one_way: bool,
    },
}

impl Brush {
    /// The cell it places.
    pub fn cell(self) -> Cell {
        match self {
            Brush::Empty => Cell::EMPTY,
            Brush::Shape {
                shape,
                variant,
                one_way,
            } => {
                let cell = Cell::shape(slope_runtime::ShapeId::new(shape), variant);
                if one_way { cell.one_way() } else { cell }
            }
        }
    }
}

/// The level of [`START`], with the shapes of `tables` (which must hold the default tiles
/// and [`CUSTOM`]).
pub fn start_map(tables: &Tables<'_>) -> Map {
    let mut map = Map::new(Cell::FULL);
    for (row, line) in START.iter().enumerate() {
        let ty = (LEVEL_H - 1 - row) as i32;
        for (tx, ch) in line.bytes().enumerate() {
            map.set(tx as i32, ty, cell_of(tables, ch));
        }
    }
    map
}

/// The cell a character of [`START`] stands for.
pub fn cell_of(tables: &Tables<'_>, ch: u8) -> Cell {
    let shape = |name: &str, v| {
        let id = tables.find(name).expect("a default tile or the drawn one");
        Cell::shape(id, v)
    };
    match ch {
        b'#' => Cell::FULL,
        b'/' => shape("slope45", Variant::Identity),
        b'\\' => shape("slope45", Variant::FlipX),
        b'a' => shape("slope22_1", Variant::Identity),
        b'b' => shape("slope22_2", Variant::Identity),
        b'A' => shape("slope22_1", Variant::FlipX),
        b'B' => shape("slope22_2", Variant::FlipX),
        b'u' => shape("bump", Variant::Identity),
        b'c' => shape(CUSTOM, Variant::Identity),
        b'C' => shape(CUSTOM, Variant::FlipX),
        b'=' => Cell::FULL.one_way(),
        b'^' => shape("slope45", Variant::Identity).one_way(),
        b'v' => shape("slope45", Variant::FlipY),
        b'V' => shape("slope45", Variant::FlipXY),
        _ => Cell::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::{build_blob, default_tiles, starting_tile, tables};
    use slope_runtime::{Solid, TileMap};

    #[test]
    fn the_start_level_is_a_full_grid_walled_in() {
        assert!(START.iter().all(|l| l.len() == LEVEL_W), "{START:?}");
        let blob = build_blob(&default_tiles(), &starting_tile(16));
        let tables = tables(&blob);
        let map = start_map(&tables);
        assert_eq!(map.cell(0, 0), Cell::FULL);
        assert_eq!(map.cell(-1, 5), Cell::FULL);
        assert_eq!(map.cell(3, 100), Cell::FULL);
        assert_eq!(map.cell(0, 1), Cell::EMPTY);
        let custom = tables.find(CUSTOM).unwrap();
        assert_eq!(map.cell(5, 1).solid, Solid::Shape(custom, Variant::FlipX));
        assert!(map.cell(3, 4).is_one_way());
    }

    #[test]
    fn brushes_place_their_cells() {
        assert_eq!(Brush::Empty.cell(), Cell::EMPTY);
        let b = Brush::Shape {
            shape: 3,
            variant: Variant::Rot90,
            one_way: true,
        };
        let cell = b.cell();
        assert!(cell.is_one_way());
        assert_eq!(
            cell.solid,
            Solid::Shape(slope_runtime::ShapeId::new(3), Variant::Rot90)
        );
    }
}
