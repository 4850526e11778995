//! A fixed workload for instruction counts under callgrind: one actor walking along 22°
//! slopes, or a loop of table lookups. Run it twice, with the count and with 0, and
//! subtract: the difference is the cost of the work alone (start-up, blob validation and
//! setup are the same in both runs).
//!
//! ```text
//! cargo build --release -p slope-runtime --example callgrind_walk
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out target/release/examples/callgrind_walk walk 1000
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/cg0.out target/release/examples/callgrind_walk walk 0
//! # instructions per pixel step = (Ir of the first − Ir of the second) / printed pixel steps
//! # the same with `offsets N` / `distance N` (N lookups, cycling 4096 fixed queries)
//! # and `load N` (N validations of the blob)
//! ```
//!
//! Modes:
//! - `walk FRAMES` (default 1000): an 8×14 actor walks at 1.5 px per frame under gravity
//!   over a row of 22° hills (every column is on a slope), turning around at the level's
//!   walls. Prints the frames and the pixel steps (Σ |Δx| + |Δy| per frame).
//! - `offsets COUNT`: `Shape::offsets` (all eight offsets) on fixed pseudo-random queries
//!   (shape, variant, overlap) of the default tiles.
//! - `distance COUNT`: `Shape::distance` (one direction) on the same queries.
//! - `load COUNT`: `Tables::from_bytes` of the default tiles' blob (every check of the
//!   blob, what a game pays once at start-up).

use std::hint::black_box;

use slope_runtime::{
    Actor, Cell, Direction, GridMap, Overlap, SUBPIXEL, Shape, ShapeId, Tables, Variant, World,
};

/// The default tiles (N = 16).
static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));

/// Queries generated for the lookup modes (cycled through).
const QUERIES: usize = 4096;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("walk", String::as_str);
    let count: u64 = args.get(2).map_or(1000, |s| s.parse().expect("a count"));
    let tables = Tables::from_bytes(BLOB).expect("the default tiles");
    match mode {
        "walk" => walk(tables, count),
        "offsets" | "distance" => lookups(&tables, mode == "offsets", count),
        "load" => load(count),
        other => panic!("unknown mode {other:?}: walk | offsets | distance | load"),
    }
}

fn load(count: u64) {
    let loaded = (0..count)
        .filter(|_| Tables::from_bytes(black_box(BLOB)).is_ok())
        .count();
    println!("load: {count} validations, {loaded} accepted");
}

fn walk(tables: Tables<'_>, frames: u64) {
    let up = [
        tables.find("slope22_1").expect("a default tile"),
        tables.find("slope22_2").expect("a default tile"),
    ];
    // Row 0 a floor; row 1: flat, then up-up-down-down hills of 22° pieces, then flat.
    let mut map: GridMap<64, 4> = GridMap::new(Cell::FULL);
    for tx in 0..64 {
        map.set(tx, 0, Cell::FULL);
    }
    for tx in 1..61 {
        let cell = match (tx - 1) % 4 {
            0 => Cell::shape(up[0], Variant::Identity),
            1 => Cell::shape(up[1], Variant::Identity),
            2 => Cell::shape(up[1], Variant::FlipX),
            _ => Cell::shape(up[0], Variant::FlipX),
        };
        map.set(tx, 1, cell);
    }
    let world = World::new(tables, &map);
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
    println!(
        "walk: {frames} frames, {steps} pixel steps, at ({}, {})",
        actor.x, actor.y
    );
}

/// One lookup: which shape, which variant, which overlap, which direction.
#[derive(Clone, Copy)]
struct Query {
    shape: usize,
    variant: Variant,
    overlap: Overlap,
    dir: Direction,
}

fn lookups(tables: &Tables<'_>, all_eight: bool, count: u64) {
    let shapes: Vec<Shape<'_>> = (0..tables.shape_count())
        .map(|i| tables.shape(ShapeId::new(i)).expect("id in range"))
        .collect();
    let n = u64::from(tables.tile_size());
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let queries: Vec<Query> = (0..QUERIES)
        .map(|_| {
            let r = next();
            let field = |shift: u32| ((r >> shift) % n) as u8;
            Query {
                shape: (next() % shapes.len() as u64) as usize,
                variant: Variant::from_index((r % 8) as u8).expect("index < 8"),
                overlap: Overlap::new(field(8), field(16), field(24), field(32)),
                dir: Direction::ALL[((r >> 40) % 4) as usize],
            }
        })
        .collect();
    let queries = black_box(queries);
    let mut sum = 0u64;
    for i in 0..count {
        let q = queries[(i % QUERIES as u64) as usize];
        let shape = &shapes[q.shape];
        if all_eight {
            let o = black_box(shape.offsets(q.variant, q.overlap));
            sum += u64::from(o.colliding_top as u8);
        } else {
            let (colliding, d) = black_box(shape.distance(q.variant, q.overlap, q.dir));
            sum += u64::from(d) + u64::from(colliding);
        }
    }
    let what = if all_eight { "offsets" } else { "distance" };
    println!("{what}: {count} lookups, checksum {sum}");
}
