//! The promises of a packed map that `PackedMap::from_bytes` (or `WidePackedMap`'s)
//! accepted: every cell answers, inside and outside, with a cell of its palette or the
//! outside cell; the checks against tables answer; and a world over it moves an actor.

use slope_runtime::{
    Actor, Cell, MapError, PackedMap, SUBPIXEL, Tables, TileMap, WidePackedMap, World, cell_code,
    index_width,
};

use crate::mover::Rng;

/// Cells read one by one per map, at most; the rest are sampled.
const CELL_BUDGET: u64 = 1 << 16;

/// Loads `bytes` as the index width its header declares, and checks an accepted map.
pub fn load_and_check(bytes: &[u8], tables: &Tables<'_>, seed: u64) -> Result<(), MapError> {
    // The two map types share no trait but `TileMap`: the same checks, written once.
    macro_rules! load {
        ($map:ty, $width:literal) => {{
            let map = <$map>::from_bytes(bytes)?;
            assert_eq!(map.index_width(), $width);
            let palette = map.palette();
            check(
                &map,
                map.width(),
                map.height(),
                map.outside(),
                palette,
                tables,
                seed,
            );
            let _ = map.check_tables(tables);
        }};
    }
    if index_width(bytes) == Some(2) {
        load!(WidePackedMap, 2);
    } else {
        load!(PackedMap, 1);
    }
    Ok(())
}

fn check<M: TileMap>(
    map: &M,
    width: u32,
    height: u32,
    outside: Cell,
    palette: impl Iterator<Item = Cell>,
    tables: &Tables<'_>,
    seed: u64,
) {
    assert!(width >= 1 && height >= 1);
    assert!(u64::from(width) * u64::from(height) <= u64::from(slope_runtime::MAX_MAP_CELLS));
    let palette: Vec<Cell> = palette.collect();
    assert!(!palette.is_empty());
    for &cell in palette.iter().chain([&outside]) {
        // every cell the map can answer has a code that says the same cell
        let code = cell_code(cell);
        assert_eq!(
            code & !0xffff_003f,
            0,
            "{cell:?} has a code with stray bits"
        );
    }
    let in_palette = |c: Cell| palette.contains(&c);
    let (w, h) = (width as i32, height as i32);
    let cells = u64::from(width) * u64::from(height);
    let mut rng = Rng::new(seed);
    if cells <= CELL_BUDGET {
        for ty in 0..h {
            for tx in 0..w {
                assert!(
                    in_palette(map.cell(tx, ty)),
                    "cell ({tx}, {ty}) is not in the palette"
                );
            }
        }
    } else {
        for _ in 0..CELL_BUDGET {
            let (tx, ty) = (rng.range(0, w), rng.range(0, h));
            assert!(
                in_palette(map.cell(tx, ty)),
                "cell ({tx}, {ty}) is not in the palette"
            );
        }
    }
    for (tx, ty) in [
        (-1, 0),
        (0, -1),
        (w, 0),
        (0, h),
        (i32::MIN, i32::MIN),
        (i32::MAX, i32::MAX),
        (w - 1, i32::MAX),
    ] {
        assert_eq!(
            map.cell(tx, ty),
            outside,
            "cell ({tx}, {ty}) outside the map"
        );
    }

    // A world over it (with tables of another size, or unknown shapes: air, never a panic).
    let world = World::new(*tables, map);
    let n = i32::from(tables.tile_size());
    for _ in 0..4 {
        let mut a = Actor::new(
            rng.range(-n, w.saturating_mul(n).saturating_add(n)),
            rng.range(-n, h.saturating_mul(n).saturating_add(n)),
            rng.range(1, 40) as u16,
            rng.range(1, 40) as u16,
        );
        for _ in 0..8 {
            a.vx = rng.range(-8 * SUBPIXEL, 8 * SUBPIXEL);
            a.vy = rng.range(-8 * SUBPIXEL, 8 * SUBPIXEL);
            world.step(&mut a);
        }
        let _ = world.touching(&a);
        let _ = world.ground_angle(&a);
    }
}
