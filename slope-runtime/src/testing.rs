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

/// The tile sizes of `sizes` that this build reads: all of them with the `any_tile_size`
/// feature, else those of 4, 8, 16 or 32 px.
pub(crate) fn read_sizes<const K: usize>(sizes: [u8; K]) -> Vec<u8> {
    sizes
        .into_iter()
        .filter(|&n| crate::tables::format::tile_size_read(n))
        .collect()
}

/// The default tiles redrawn at N = `n` (pixel (x, y) of each takes the default tile's
/// pixel nearest its centre): the same shapes under the same names and ids, for the
/// movement tests on tile sizes other than 16 (8, the Game Boy Advance's tiles; sizes
/// that are not a power of two; masks wider than two bytes). Built once per size.
pub(crate) fn tables_of_size(n: u8) -> Tables<'static> {
    redrawn(n).0
}

/// Whether pixel (x, y) of `map` of the default tiles redrawn at N = `n` is solid (one-way
/// cells too), read from the redrawn bitmaps themselves, not from the tables made of
/// them ([`tables_of_size`]): the pixel oracle of the lookups on other tile sizes.
pub(crate) fn redrawn_pixel(n: u8, map: &Map, x: i32, y: i32) -> bool {
    let size = i32::from(n);
    let cell = map.cell(x.div_euclid(size), y.div_euclid(size));
    let (px, py) = (x.rem_euclid(size), y.rem_euclid(size));
    match cell.solid {
        Solid::Empty => false,
        Solid::Full => true,
        Solid::Shape(id, v) => redrawn(n)
            .1
            .get(usize::from(id.index()))
            .is_some_and(|columns| variant_pixel(size, columns, v, px, py)),
    }
}

/// The redrawn tables of N = `n` and each shape's bitmap (its column masks), built once.
fn redrawn(n: u8) -> (Tables<'static>, &'static [Vec<u64>]) {
    type Built = Vec<(u8, Tables<'static>, &'static [Vec<u64>])>;
    static BUILT: std::sync::Mutex<Built> = std::sync::Mutex::new(Vec::new());
    let mut built = BUILT.lock().expect("no test panics holding the tables");
    if let Some(&(_, t, columns)) = built.iter().find(|(size, ..)| *size == n) {
        return (t, columns);
    }
    let default = tables();
    let source = |x: i32| ((2 * x + 1) * 8 / i32::from(n)) as u8;
    let shapes: Vec<(&str, Vec<u64>)> = (0..default.shape_count())
        .map(ShapeId::new)
        .map(|id| {
            let shape = default.shape(id).expect("a default shape");
            let columns = (0..i32::from(n))
                .map(|x| {
                    (0..i32::from(n))
                        .filter(|&y| shape.is_solid(Variant::Identity, source(x), source(y)))
                        .fold(0u64, |m, y| m | 1 << y)
                })
                .collect();
            (default.name(id).expect("a default shape's name"), columns)
        })
        .collect();
    let bytes: &'static [u8] = Vec::leak(blob_of(n, &shapes));
    let t = Tables::from_bytes(bytes).expect("a redrawn blob loads");
    let columns: &'static [Vec<u64>] = Vec::leak(shapes.into_iter().map(|(_, c)| c).collect());
    built.push((n, t, columns));
    (t, columns)
}

/// A valid blob of N = `n` holding `shapes` (sorted names, and bitmaps as column masks:
/// bit y of `columns[x]` is pixel (x, y), y up), each its own record, laid out as the
/// format describes; every angle 0 (a valid profile for any picture).
pub(crate) fn blob_of(n: u8, shapes: &[(&str, Vec<u64>)]) -> Vec<u8> {
    use crate::tables::format::{self, Blob, MAGIC, VERSION};
    let size = i32::from(n);
    let width = format::mask_bytes(n);
    let (mut names, mut indices, mut records, mut variant_columns) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (i, (name, columns)) in shapes.iter().enumerate() {
        names.push(u8::try_from(name.len()).expect("a short name"));
        names.extend_from_slice(name.as_bytes());
        indices.extend_from_slice(&u16::try_from(i).expect("few shapes").to_le_bytes());
        let rows: Vec<u64> = (0..size)
            .map(|y| (0..size).fold(0, |m, x| m | (columns[x as usize] >> y & 1) << x))
            .collect();
        for lines in [&columns[..], &rows[..]] {
            for level in 0..format::levels(n) {
                for at in lines.windows(1 << level) {
                    let mask = at.iter().fold(0u64, |m, l| m | l);
                    records.extend_from_slice(&mask.to_le_bytes()[..width]);
                }
            }
        }
        for variant in [
            Variant::Identity,
            Variant::FlipY,
            Variant::Rot90,
            Variant::Rot90FlipY,
        ] {
            for x in 0..size {
                let mask = (0..size)
                    .filter(|&y| variant_pixel(size, columns, variant, x, y))
                    .fold(0u64, |m, y| m | 1 << y);
                variant_columns.extend_from_slice(&mask.to_le_bytes()[..width]);
            }
        }
    }
    let angles = vec![0u8; 4 * usize::from(n) * shapes.len()];
    let blob = Blob {
        magic: MAGIC,
        version: VERSION,
        tile_size: n,
        names: &names,
        shapes: &indices,
        records: &records,
        angles: &angles,
        columns: &variant_columns,
        checksum: [0; 4],
    };
    let mut bytes = postcard::to_stdvec(&blob).expect("a Vec takes any blob");
    let body = bytes.len() - 4;
    let crc = crate::crc32(&bytes[..body]).to_le_bytes();
    bytes[body..].copy_from_slice(&crc);
    bytes
}

/// Pixel (x, y) of `variant` of the bitmap `columns` (bit y of `columns[x]`), by the
/// variants' definition (mirrors after the rotation).
pub(crate) fn variant_pixel(n: i32, columns: &[u64], variant: Variant, x: i32, y: i32) -> bool {
    let last = n - 1;
    let (mut x, mut y) = (x, y);
    if variant.flips_y() {
        y = last - y;
    }
    if variant.flips_x() {
        x = last - x;
    }
    if variant.rotated() {
        (x, y) = (last - y, x);
    }
    columns[x as usize] >> y & 1 == 1
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
