//! Strategies shared by the unit tests: the default tiles and small random maps of them.

use proptest::prelude::*;

use crate::{Cell, GridMap, ShapeId, Solid, Tables, TileMap, Variant};

static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));

/// A 5×5 map: 80×80 px of the default tiles.
pub(crate) type Map = GridMap<5, 5>;

/// The default tiles (N = 16), validated once: the pixel oracles ask for them per pixel.
pub(crate) fn tables() -> Tables<'static> {
    static TABLES: std::sync::OnceLock<Tables<'static>> = std::sync::OnceLock::new();
    *TABLES.get_or_init(|| Tables::from_bytes(BLOB).expect("the test blob loads"))
}

/// Whether pixel (x, y) of `map` of the default tiles is solid, read from the shape's
/// pixels (one-way cells too): the pixel oracle the tests compare lookups with.
pub(crate) fn pixel(map: &Map, x: i32, y: i32) -> bool {
    let cell = map.cell(x.div_euclid(16), y.div_euclid(16));
    let (px, py) = (x.rem_euclid(16) as u8, y.rem_euclid(16) as u8);
    match cell.solid {
        Solid::Empty => false,
        Solid::Full => true,
        Solid::Shape(id, v) => tables().shape(id).is_some_and(|s| s.is_solid(v, px, py)),
    }
}

/// Any cell: mostly empty, else full or any shape in any variant, one-way or not.
pub(crate) fn cell() -> impl Strategy<Value = Cell> {
    let shapes = tables().shape_count();
    let solid = prop_oneof![
        1 => Just(Cell::FULL),
        3 => (0..shapes, any_variant()).prop_map(|(id, v)| Cell::shape(ShapeId::new(id), v)),
    ];
    prop_oneof![
        2 => Just(Cell::EMPTY),
        3 => (solid, prop::bool::weighted(0.3))
            .prop_map(|(c, one_way)| if one_way { c.one_way() } else { c }),
    ]
}

/// Any of the eight variants.
fn any_variant() -> impl Strategy<Value = Variant> {
    (0u8..8).prop_map(|v| Variant::from_index(v).expect("0..8 is a variant"))
}

/// A map of `cell()`s, solid or empty outside.
pub(crate) fn map() -> impl Strategy<Value = Map> {
    map_of(cell())
}

/// A map of the given cells, solid or empty outside.
pub(crate) fn map_of(cell: impl Strategy<Value = Cell>) -> impl Strategy<Value = Map> {
    (prop::collection::vec(cell, 25), any::<bool>()).prop_map(|(cells, walled)| {
        let mut map = Map::new(if walled { Cell::FULL } else { Cell::EMPTY });
        for (i, c) in cells.into_iter().enumerate() {
            map.set(i as i32 % 5, i as i32 / 5, c);
        }
        map
    })
}

/// Ground under open air: in each column of cells, blocks up to a random level, then a
/// block, nothing, or any shape (mostly standing upright, as drawn or mirrored; now and
/// then turned, which makes steep ramps or overhangs), then air, with now and then a
/// one-way top, and a one-way block floating right over it or a cell higher, or a solid
/// block two or three cells higher (a ceiling); solid or empty outside.
pub(crate) fn terrain() -> impl Strategy<Value = Map> {
    let shapes = tables().shape_count();
    let upright = prop_oneof![Just(Variant::Identity), Just(Variant::FlipX)];
    let variant = prop_oneof![4 => upright, 1 => any_variant()];
    let top = prop_oneof![
        Just(Cell::EMPTY),
        Just(Cell::FULL),
        (0..shapes, variant).prop_map(|(id, v)| Cell::shape(ShapeId::new(id), v)),
    ];
    let one_way = prop::bool::weighted(0.2);
    let floating = prop_oneof![
        8 => Just(None),
        2 => (1..3i32).prop_map(|above| Some((above, Cell::FULL.one_way()))),
        1 => (2..4i32).prop_map(|above| Some((above, Cell::FULL))),
    ];
    let column = (0..5i32, top, one_way, floating);
    (prop::collection::vec(column, 5), any::<bool>()).prop_map(|(columns, walled)| {
        let mut map = Map::new(if walled { Cell::FULL } else { Cell::EMPTY });
        for (tx, (level, top, one_way_top, floating)) in columns.into_iter().enumerate() {
            let tx = tx as i32;
            for ty in 0..level {
                map.set(tx, ty, Cell::FULL);
            }
            map.set(tx, level, if one_way_top { top.one_way() } else { top });
            if let Some((above, cell)) = floating {
                map.set(tx, level + above, cell);
            }
        }
        map
    })
}
