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
//! The lookups visit pseudo-random cells inside the map. Measured on x86-64 (release, this
//! commit): 28.0 instructions per loop iteration with `grid`, 58.1 with `packed`; the loop's
//! own work (random coordinates, a checksum of the cell) is the same in both, so a packed
//! lookup costs about 30 instructions more than an array one (it reads the map's size, the
//! index byte and the 4-byte palette entry, each behind a bounds check, where the array's
//! size is a constant and its cell one aligned word). The target is the firmware movement
//! bench, where lookups are a part of each step; this measures the lookup alone.

use std::hint::black_box;

use slope_runtime::{
    Cell, GridMap, MAP_MAGIC, MAP_VERSION, PackedMap, ShapeId, TileMap, Variant, cell_code, crc32,
};

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

/// The packed map's bytes (the format of `slope_runtime::PackedMap`).
fn packed_bytes(cells: &[Cell]) -> Vec<u8> {
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
    b.extend((W as u16).to_le_bytes());
    b.extend((H as u16).to_le_bytes());
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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("packed", String::as_str);
    let count: u32 = args
        .get(2)
        .and_then(|c| c.parse().ok())
        .unwrap_or(1_000_000);
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
