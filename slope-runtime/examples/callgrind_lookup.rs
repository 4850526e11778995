//! Instruction counts of one cell lookup: [`PackedMap`] (a byte per cell and a palette, in
//! flash) against [`GridMap`] (a word per cell, in RAM), on the same 64×64 map of mixed
//! cells. Run each mode with a count and with 0 under callgrind and subtract:
//!
//! ```text
//! cargo build --release -p slope-runtime --example callgrind_lookup
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/a.out target/release/examples/callgrind_lookup packed 1000000
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/b.out target/release/examples/callgrind_lookup packed 0
//! # instructions per lookup = (Ir of a − Ir of b) / 1000000; the same with `grid`
//! ```
//!
//! `walk-grid FRAMES` and `walk-packed FRAMES` run `callgrind_walk`'s walk (an actor on 22°
//! hills, every frame on a slope) over the same cells in either map: the lookup's cost in a
//! whole step. Measured on x86-64 (release, this commit, 1000 frames against 0): 3,480
//! instructions per frame on `GridMap`, 3,802 on `PackedMap` (+9.2%).
//!
//! The lookups visit pseudo-random cells inside the map. Measured on x86-64 (release, this
//! commit): 28.0 instructions per loop iteration with `grid`, 51.1 with `packed`; the loop's
//! own work (random coordinates, a checksum of the cell) is the same in both, so a packed
//! lookup costs about 23 instructions more than an array one (it reads the map's size, the
//! index byte and the 4-byte palette entry, each behind a bounds check, where the array's
//! size is a constant and its cell one aligned word). The target is the firmware movement
//! bench, where lookups are a part of each step; this measures the lookup alone.

use std::hint::black_box;

use slope_runtime::{
    Actor, Cell, GridMap, MAP_MAGIC, MAP_VERSION, PackedMap, SUBPIXEL, ShapeId, Tables, TileMap,
    Variant, World, cell_code, crc32,
};

/// The default tiles (N = 16).
static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));

const W: usize = 64;
const H: usize = 64;

/// A xorshift generator: the same cells and lookups on every run.
struct Rng(u32);

impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
}

fn cells() -> Vec<Cell> {
    let mut rng = Rng(0x1234_5678);
    (0..W * H)
        .map(|_| match rng.next() % 8 {
            0..=3 => Cell::EMPTY,
            4 | 5 => Cell::FULL,
            6 => Cell::FULL.one_way(),
            _ => Cell::shape(
                ShapeId::new((rng.next() % 12) as u16),
                Variant::from_index((rng.next() % 8) as u8).unwrap_or_default(),
            ),
        })
        .collect()
}

/// The packed map's bytes (the format of `slope_runtime::PackedMap`), `w` cells a row.
fn packed_bytes(cells: &[Cell]) -> Vec<u8> {
    packed_bytes_of(cells, W as u16, H as u16)
}

fn packed_bytes_of(cells: &[Cell], w: u16, h: u16) -> Vec<u8> {
    let mut palette: Vec<u32> = Vec::new();
    let indices: Vec<u8> = cells
        .iter()
        .map(|&c| {
            let code = cell_code(c);
            let i = palette.iter().position(|&p| p == code).unwrap_or_else(|| {
                palette.push(code);
                palette.len() - 1
            });
            i as u8
        })
        .collect();
    assert!(palette.len() <= 256);
    let mut b = MAP_MAGIC.to_vec();
    b.extend([MAP_VERSION, 1, 16, 0]);
    b.extend(w.to_le_bytes());
    b.extend(h.to_le_bytes());
    b.extend((palette.len() as u16).to_le_bytes());
    b.extend([0, 0]);
    b.extend(cell_code(Cell::FULL).to_le_bytes());
    for p in palette {
        b.extend(p.to_le_bytes());
    }
    b.extend(indices);
    let crc = crc32(&b);
    b.extend(crc.to_le_bytes());
    b
}

#[inline(never)]
fn lookups(map: &impl TileMap, count: u32) -> u32 {
    let mut rng = Rng(0x9E37_79B9);
    let mut sum = 0u32;
    for _ in 0..count {
        let r = rng.next();
        let tx = (r & 0x3F) as i32;
        let ty = (r >> 8 & 0x3F) as i32;
        sum = sum.wrapping_add(cell_code(black_box(map).cell(tx, ty)));
    }
    sum
}

/// The walk of `callgrind_walk` (an 8×14 actor over 22° hills, 1.5 px per frame) on a
/// `GridMap` or on the same cells in a `PackedMap`; returns the pixel steps.
fn walk(packed: bool, frames: u32) -> u64 {
    let tables = Tables::from_bytes(BLOB).expect("the default tiles");
    let up = [
        tables.find("slope22_1").expect("a default tile"),
        tables.find("slope22_2").expect("a default tile"),
    ];
    let mut grid: GridMap<64, 4> = GridMap::new(Cell::FULL);
    for tx in 0..64 {
        grid.set(tx, 0, Cell::FULL);
    }
    for tx in 1..61 {
        let cell = match (tx - 1) % 4 {
            0 => Cell::shape(up[0], Variant::Identity),
            1 => Cell::shape(up[1], Variant::Identity),
            2 => Cell::shape(up[1], Variant::FlipX),
            _ => Cell::shape(up[0], Variant::FlipX),
        };
        grid.set(tx, 1, cell);
    }
    let cells: Vec<Cell> = (0..4)
        .flat_map(|y| (0..64).map(move |x| (x, y)))
        .map(|(x, y)| grid.cell(x, y))
        .collect();
    let bytes = packed_bytes_of(&cells, 64, 4);
    let map = PackedMap::from_bytes(&bytes).expect("a valid map");
    if packed {
        run_walk(&World::new(tables, &map), frames)
    } else {
        run_walk(&World::new(tables, &grid), frames)
    }
}

fn run_walk<M: TileMap>(world: &World<'_, M>, frames: u32) -> u64 {
    let mut actor = Actor::new(2, 16, 8, 14);
    let mut dir = 1;
    let mut steps = 0u64;
    for _ in 0..frames {
        let c = actor.contacts;
        if (dir > 0 && c.pushing_right()) || (dir < 0 && c.pushing_left()) {
            dir = -dir;
        }
        actor.vx = dir * 3 * SUBPIXEL / 2;
        actor.vy = (actor.vy - SUBPIXEL / 4).max(-6 * SUBPIXEL);
        let (x, y) = (actor.x, actor.y);
        world.step(black_box(&mut actor));
        steps += u64::from(actor.x.abs_diff(x) + actor.y.abs_diff(y));
    }
    steps
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("packed", String::as_str);
    let count: u32 = args
        .get(2)
        .and_then(|c| c.parse().ok())
        .unwrap_or(1_000_000);
    if let Some(kind) = mode.strip_prefix("walk-") {
        let steps = walk(kind == "packed", count);
        println!("{mode}: {count} frames, {steps} pixel steps");
        return;
    }
    let cells = cells();
    let mut grid: Box<GridMap<W, H>> = Box::new(GridMap::new(Cell::FULL));
    for (i, &c) in cells.iter().enumerate() {
        grid.set((i % W) as i32, (i / W) as i32, c);
    }
    let bytes = packed_bytes(&cells);
    let packed = PackedMap::from_bytes(&bytes).expect("a valid map");
    for y in -1..=H as i32 {
        for x in -1..=W as i32 {
            assert_eq!(packed.cell(x, y), grid.cell(x, y));
        }
    }
    let sum = match mode {
        "grid" => lookups(&*grid, count),
        _ => lookups(&packed, count),
    };
    println!("{mode}: {count} lookups, checksum {sum}");
}
