//! The benchmark level and the tables it is drawn with.

use slope_runtime::{Cell, GridMap, Shape, ShapeId, Solid, Tables, TileMap, Variant};

/// The default tiles (N = 16), as generated from `tiles/`.
pub static TILES: &[u8] = include_bytes!("../../slope-runtime/tests/data/tiles.bin");

/// Level width, tiles.
pub const W: usize = 64;
/// Level height, tiles.
pub const H: usize = 16;
/// The level's map; outside it everything is solid.
pub type Level = GridMap<W, H>;

/// The same level as a packed map in flash (`slope_runtime::PackedMap`: a byte per cell and
/// a palette), as `slopegen` packs it; `tests/level_map.rs` checks it against
/// [`build_level`] (`SLOPEGEN_BLESS=1 cargo test -p slope-bench` rewrites it).
pub static LEVEL_MAP: &[u8] = include_bytes!("../data/level.map");

/// The level, top row first. Legend in [`legend`].
const LEVEL: [&str; H] = [
    r"...............................................................#",
    r"...............................................................#",
    r"...............................................................#",
    r"...............................................................#",
    r"...............................................................#",
    r"...............................................................#",
    r"...............................................................#",
    r"...............................................................#",
    r"...............................................................#",
    r"...........................#............................pq#QP..#",
    r".........##..====.......#..#...................................#",
    r"...........................#.................=====......=====..#",
    r"..=====....................#.........v####w....................#",
    r"............../#\...==.....#.../##\.................t#IHGF.....#",
    r"..ab##BAo.cde####EDC..fghi##../####\.......ooab#BA.s#######\...#",
    r"################################################################",
];

/// A level character's shape and variant (`.` empty, `#` full, `=` one-way full).
fn legend(c: u8) -> (&'static str, Variant) {
    use Variant::*;
    match c {
        b'/' => ("slope45", Identity),
        b'\\' => ("slope45", FlipX),
        b'v' => ("slope45", FlipY),  // ceiling end, lowering to the right
        b'w' => ("slope45", FlipXY), // ceiling end, rising to the right
        b'a' => ("slope22_1", Identity),
        b'b' => ("slope22_2", Identity),
        b'A' => ("slope22_1", FlipX),
        b'B' => ("slope22_2", FlipX),
        b'p' => ("slope22_1", FlipY), // 22° ceiling, lowering
        b'q' => ("slope22_2", FlipY),
        b'P' => ("slope22_1", FlipXY), // 22° ceiling, rising
        b'Q' => ("slope22_2", FlipXY),
        b's' => ("slope22_1", Rot90FlipX), // steep (2 px per column) ramp, lower half
        b't' => ("slope22_2", Rot90FlipX), // … and its upper half
        b'c' => ("slope15_1", Identity),
        b'd' => ("slope15_2", Identity),
        b'e' => ("slope15_3", Identity),
        b'C' => ("slope15_1", FlipX),
        b'D' => ("slope15_2", FlipX),
        b'E' => ("slope15_3", FlipX),
        b'f' => ("slope11_1", Identity),
        b'g' => ("slope11_2", Identity),
        b'h' => ("slope11_3", Identity),
        b'i' => ("slope11_4", Identity),
        b'F' => ("slope11_1", FlipX),
        b'G' => ("slope11_2", FlipX),
        b'H' => ("slope11_3", FlipX),
        b'I' => ("slope11_4", FlipX),
        b'o' => ("bump", Identity),
        other => panic!("no legend for {:?}", char::from(other)),
    }
}

/// The level as a map over `tables` (the default tiles: every shape of the legend).
///
/// # Panics
///
/// If `tables` lacks a shape of the legend.
pub fn build_level(tables: &Tables<'_>) -> Level {
    let mut rows = [[Cell::EMPTY; W]; H];
    for (row, text) in rows.iter_mut().zip(LEVEL) {
        assert_eq!(text.len(), W, "{text}");
        for (cell, &c) in row.iter_mut().zip(text.as_bytes()) {
            *cell = match c {
                b'.' => Cell::EMPTY,
                b'#' => Cell::FULL,
                b'=' => Cell::FULL.one_way(),
                c => {
                    let (name, variant) = legend(c);
                    let id = tables.find(name).expect("a default tile");
                    Cell::shape(id, variant)
                }
            };
        }
    }
    GridMap::from_rows_top_first(rows, Cell::FULL)
}

/// Tile size of the baselines' bitmaps (the default tiles).
pub(crate) const N: i32 = 16;
/// log2(N): pixel to tile.
pub(crate) const N_LOG2: u32 = N.trailing_zeros();
/// A cell's kind with this bit set is a one-way cell.
pub(crate) const ONE_WAY: u16 = 1 << 15;
/// The kind of empty cells.
pub(crate) const EMPTY_KIND: u16 = 0;
/// The kind of full cells (and of everything outside the level).
pub(crate) const FULL_KIND: u16 = 1;
/// Kinds a baseline holds bitmaps for: empty, full and up to 38 (shape, variant) pairs.
pub const MAX_KINDS: usize = 40;

/// The level as kind indices (plus the [`ONE_WAY`] bit), one per cell, row `ty` at
/// `ty · W`, and the number of kinds used. Kind 0 is empty, 1 full, then each (shape,
/// variant) used, numbered in order of first appearance; `add(kind, shape, variant)` is
/// called once for each of those.
///
/// # Panics
///
/// If the tables' tile size is not [`N`], if a one-way cell is not a full block (the
/// baselines' one-way rule needs the cell's pixels to be its box), if the level is not
/// solid outside, or if it uses more than [`MAX_KINDS`] kinds.
pub(crate) fn classify(
    tables: &Tables<'_>,
    level: &Level,
    mut add: impl FnMut(usize, Shape<'_>, Variant),
) -> ([u16; W * H], usize) {
    assert_eq!(i32::from(tables.tile_size()), N);
    assert_eq!(level.outside(), Cell::FULL);
    let mut kinds = [(ShapeId::new(0), Variant::Identity); MAX_KINDS];
    let mut used = 2;
    let mut cells = [EMPTY_KIND; W * H];
    for (i, kind_of) in cells.iter_mut().enumerate() {
        let (tx, ty) = ((i % W) as i32, (i / W) as i32);
        let cell = level.cell(tx, ty);
        let kind = match cell.solid {
            Solid::Empty => EMPTY_KIND,
            Solid::Full => FULL_KIND,
            Solid::Shape(id, variant) => {
                let at = kinds[2..used].iter().position(|&k| k == (id, variant));
                let at = at.map_or_else(
                    || {
                        assert!(used < MAX_KINDS, "more than {MAX_KINDS} kinds");
                        let shape = tables.shape(id).expect("a shape of the blob");
                        kinds[used] = (id, variant);
                        add(used, shape, variant);
                        used += 1;
                        used - 1
                    },
                    |at| at + 2,
                );
                at as u16
            }
        };
        if cell.one_way {
            assert_eq!(cell.solid, Solid::Full, "one-way cells are full blocks");
        }
        *kind_of = kind | if cell.one_way { ONE_WAY } else { 0 };
    }
    (cells, used)
}

/// Whether a one-way cell at tile (tx, ty) meets the feet of a box coming from `from`: it
/// does unless `from`'s bottom row was already inside it (one-way cells are full blocks).
#[inline]
pub(crate) fn one_way_meets(tx: i32, ty: i32, from: &slope_runtime::Rect) -> bool {
    let (cx, cy) = (tx * N, ty * N);
    !(from.x1 >= cx && from.x0 < cx + N && from.y0 >= cy && from.y0 < cy + N)
}
