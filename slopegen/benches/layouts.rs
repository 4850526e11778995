//! Our packed layout (range-OR line masks, `slope_runtime::format`) against the design
//! write-up's dense layout (8 × `i8` per (x, y, w, h) per shape: N⁴ × 8 bytes), in one run:
//!
//! - `lookup/*`: the same fixed pseudo-random queries (shape, variant, x, y, w, h over the
//!   default tiles, all eight variants) answered by [`Shape::offsets`], by indexing a dense
//!   table, and for one direction by [`Shape::distance`] and by one dense entry;
//! - bytes (printed once to stderr): blob bytes per shape vs dense bytes per shape, at N = 16
//!   (the default tiles) and N = 32 (a synthesised set);
//! - `generate/*`: [`slopegen::pack`] of the default set vs building the dense tables of the
//!   same set by brute force with the spec's reference;
//! - `dedup/*`: all of `pack` on 65,535 distinct tiles, the most a set holds (the search
//!   for duplicate bitmaps is one hash-map lookup per tile, so this stays under a second).
//!
//! The dense tables are built here from the literal reference (`tests/support/reference.rs`),
//! and every entry of every (shape, variant) table is checked against the packed lookup
//! before anything is timed, so both layouts answer the same questions identically.
//!
//! ```text
//! cargo bench -p slopegen --bench layouts            # measure
//! cargo bench -p slopegen --bench layouts -- --test  # CI smoke: every benchmark once
//! ```

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, Throughput};
use slope_runtime::{Direction, Overlap, Shape, ShapeId, Tables, Variant, format};
use slopegen::{Bitmap, Tile, TileSet, pack};

// `skip` keeps `cargo fmt` from reformatting the shared reference through this path.
#[rustfmt::skip]
#[path = "../tests/support/reference.rs"]
mod reference;

use reference::{RefOffsets, RefTile, variant_pixel};

/// The default tile folder of the workspace.
const TILES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tiles");

/// Queries per timed iteration (criterion reports time per iteration and elements/s).
const QUERIES: usize = 4096;

/// The eight offsets in the spec's CSV order, as the dense table stores them.
type Entry = [i8; 8];

/// The write-up's layout for one (shape, variant): an entry per (x, y, w, h), x-major.
struct Dense {
    n: usize,
    entries: Vec<Entry>,
}

impl Dense {
    /// Every overlap of `variant` (0..=7) of `bitmap`, by brute force with the reference.
    fn build(bitmap: &Bitmap, variant: u8) -> Dense {
        let n = usize::from(bitmap.size());
        let base = |x: usize, y: usize| bitmap.get(x as u8, y as u8);
        let tile = RefTile::new(n, |x, y| variant_pixel(&base, n, variant, x, y));
        let side = n as i32;
        let mut entries = Vec::with_capacity(n.pow(4));
        for x in 0..side {
            for y in 0..side {
                for w in 0..side {
                    for h in 0..side {
                        entries.push(entry(tile.offsets(x, y, w, h)));
                    }
                }
            }
        }
        Dense { n, entries }
    }

    /// The fastest dense lookup: one index computation, one 8-byte load.
    #[inline]
    fn get(&self, o: Overlap) -> Entry {
        let n = self.n;
        let i = ((usize::from(o.x) * n + usize::from(o.y)) * n + usize::from(o.w)) * n
            + usize::from(o.h);
        self.entries[i]
    }

    /// What [`Shape::distance`] answers for `Direction::Down`, read from the entry.
    #[inline]
    fn distance_down(&self, o: Overlap) -> (bool, u8) {
        let e = self.get(o);
        let colliding = e[3] != 0; // free_up
        // colliding: free_down (≤ 0); free: colliding_bottom (≤ 0). Picked by index, not by
        // a branch: the queries collide about half the time, at random.
        let d = e[2 + 4 * usize::from(!colliding)];
        (colliding, d.unsigned_abs())
    }

    fn bytes(&self) -> usize {
        self.entries.len() * size_of::<Entry>()
    }
}

fn entry(r: RefOffsets) -> Entry {
    [
        r.free_left,
        r.free_right,
        r.free_down,
        r.free_up,
        r.colliding_left,
        r.colliding_right,
        r.colliding_bottom,
        r.colliding_top,
    ]
    .map(|v| i8::try_from(v).expect("offsets fit an i8 for N ≤ 64"))
}

/// One lookup: which shape, which variant, which overlap.
#[derive(Clone, Copy, Debug)]
struct Query {
    shape: usize,
    variant: Variant,
    overlap: Overlap,
}

impl Query {
    /// Index of its (shape, variant) dense table.
    fn table(&self) -> usize {
        self.shape * 8 + usize::from(self.variant.index())
    }
}

/// A fixed sequence: xorshift64 from a constant seed, every field uniform in its range.
fn queries(shapes: usize, n: u8, count: usize) -> Vec<Query> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let n = u64::from(n);
    let field = |r: u64, shift: u32| ((r >> shift) % n) as u8;
    (0..count)
        .map(|_| {
            let r = next();
            let variant = Variant::from_index((r % 8) as u8).expect("index < 8");
            Query {
                shape: (next() % shapes as u64) as usize,
                variant,
                overlap: Overlap::new(field(r, 8), field(r, 16), field(r, 24), field(r, 32)),
            }
        })
        .collect()
}

/// The packed shapes of a blob, by id.
fn shapes<'a>(tables: &Tables<'a>) -> Vec<Shape<'a>> {
    (0..tables.shape_count())
        .map(|i| tables.shape(ShapeId::new(i)).expect("id in range"))
        .collect()
}

/// Every (shape, variant) dense table of `set`, shape-major.
fn dense_all_variants(set: &TileSet) -> Vec<Dense> {
    set.tiles
        .iter()
        .flat_map(|t| (0..8).map(|v| Dense::build(&t.bitmap, v)))
        .collect()
}

/// The dense tables the write-up actually caches: base shapes only.
fn dense_base_only(set: &TileSet) -> Vec<Dense> {
    set.tiles
        .iter()
        .map(|t| Dense::build(&t.bitmap, 0))
        .collect()
}

/// Every entry of every dense table equals the packed lookup (offsets and one distance).
fn check_same_answers(shapes: &[Shape<'_>], dense: &[Dense]) {
    for (s, shape) in shapes.iter().enumerate() {
        for variant in Variant::ALL {
            let table = &dense[s * 8 + usize::from(variant.index())];
            let n = shape.tile_size();
            for x in 0..n {
                for y in 0..n {
                    for w in 0..n {
                        for h in 0..n {
                            let o = Overlap::new(x, y, w, h);
                            assert_eq!(
                                shape.offsets(variant, o).to_array(),
                                table.get(o),
                                "shape {s} {variant} {o:?}"
                            );
                            assert_eq!(
                                shape.distance(variant, o, Direction::Down),
                                table.distance_down(o),
                                "shape {s} {variant} {o:?} down"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// A few 32×32 shapes, packed as the generator would pack PNGs of them.
fn synthetic_32() -> TileSet {
    type Solid = fn(u8, u8) -> bool;
    let shapes: [(&str, Solid); 6] = [
        ("full", |_, _| true),
        ("half", |_, y| y < 16),
        ("slope45", |x, y| y <= x),
        ("slope22_1", |x, y| y <= x / 2),
        ("slope22_2", |x, y| y <= 16 + x / 2),
        ("bump", |x, y| {
            let (dx, dy) = (i32::from(x) - 16, i32::from(y));
            dx * dx + dy * dy <= 15 * 15
        }),
    ];
    let tiles = shapes
        .iter()
        .map(|&(name, solid)| Tile {
            name: name.into(),
            constant: slopegen::constant_name(name),
            path: format!("{name}.png").into(),
            bitmap: Bitmap::from_fn(32, solid),
        })
        .collect();
    TileSet::from_tiles(Path::new("synthetic32"), tiles).expect("a valid tile set")
}

fn kib(bytes: usize) -> String {
    format!("{:.1} KiB", bytes as f64 / 1024.0)
}

/// One line of the bytes table.
fn bytes_line(label: &str, set: &TileSet, blob: &[u8]) -> String {
    let tables = Tables::from_bytes(blob).expect("pack writes valid blobs");
    let n = usize::from(set.tile_size);
    let shapes = usize::from(tables.shape_count());
    let per_shape = blob.len() as f64 / shapes as f64;
    let record = format::record_len(set.tile_size)
        + format::variant_columns_len(set.tile_size)
        + format::ANGLE_PROFILES * n;
    let dense = n.pow(4) * size_of::<Entry>();
    format!(
        "  {label}: N={n}, {shapes} shapes ({} records): blob {} B = {per_shape:.0} B/shape \
         (record {} B masks + {} B variant columns + {} B angles = {record} B); dense {dense} \
         B = {} per shape (×8 variants: {}); dense/packed per shape = {:.0}×",
        tables.record_count(),
        blob.len(),
        format::record_len(set.tile_size),
        format::variant_columns_len(set.tile_size),
        format::ANGLE_PROFILES * n,
        kib(dense),
        kib(dense * 8),
        dense as f64 / per_shape,
    )
}

fn bench_lookup(c: &mut Criterion, shapes: &[Shape<'_>], dense: &[Dense], queries: &[Query]) {
    let mut group = c.benchmark_group("lookup");
    group.throughput(Throughput::Elements(queries.len() as u64));
    group.bench_function("packed_offsets", |b| {
        b.iter(|| {
            for q in black_box(queries) {
                black_box(shapes[q.shape].offsets(q.variant, q.overlap));
            }
        })
    });
    group.bench_function("dense_offsets", |b| {
        b.iter(|| {
            for q in black_box(queries) {
                black_box(dense[q.table()].get(q.overlap));
            }
        })
    });
    group.bench_function("packed_distance_down", |b| {
        b.iter(|| {
            for q in black_box(queries) {
                black_box(shapes[q.shape].distance(q.variant, q.overlap, Direction::Down));
            }
        })
    });
    group.bench_function("dense_distance_down", |b| {
        b.iter(|| {
            for q in black_box(queries) {
                black_box(dense[q.table()].distance_down(q.overlap));
            }
        })
    });
    group.finish();
}

fn bench_generate(c: &mut Criterion, set: &TileSet) {
    let mut group = c.benchmark_group("generate");
    group.bench_function("pack", |b| b.iter(|| pack(black_box(set))));
    // Hundreds of milliseconds per run: few samples, same iteration count in each.
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("dense_brute_force_base_only", |b| {
        b.iter(|| dense_base_only(black_box(set)))
    });
    group.finish();
}

/// `count` distinct 16×16 tiles, as a set of that size would hold at worst (no duplicate to
/// stop a scan early).
fn distinct_set(count: usize) -> TileSet {
    let tiles = (0..count)
        .map(|i| {
            let k = (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            Tile {
                name: format!("t{i:05}"),
                constant: format!("T{i:05}"),
                path: format!("t{i:05}.png").into(),
                // the last column holds the index (distinct bitmaps, and a comparison must
                // read every column to tell two apart), the others a hash of it
                bitmap: Bitmap::from_fn(16, |x, y| {
                    let word = if x == 15 { i as u64 } else { k >> (x * 3) };
                    word >> y & 1 == 1
                }),
            }
        })
        .collect();
    TileSet::from_tiles(Path::new("distinct"), tiles).expect("a valid tile set")
}

fn bench_dedup(c: &mut Criterion) {
    let full = distinct_set(65_535);
    let mut group = c.benchmark_group("dedup");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("pack_65535", |b| b.iter(|| pack(black_box(&full))));
    group.finish();
}

fn main() {
    let set = TileSet::read(Path::new(TILES)).expect("the default tiles");
    let blob = pack(&set);
    let tables = Tables::from_bytes(&blob).expect("pack writes valid blobs");
    let shapes = shapes(&tables);

    let started = Instant::now();
    let dense = dense_all_variants(&set);
    let dense_secs = started.elapsed().as_secs_f64();
    let dense_bytes: usize = dense.iter().map(Dense::bytes).sum();
    check_same_answers(&shapes, &dense);
    let queries = queries(shapes.len(), set.tile_size, QUERIES);

    let set32 = synthetic_32();
    let blob32 = pack(&set32);
    eprintln!(
        "layouts: packed range-OR masks vs the write-up's dense table (8 × i8 per overlap)\n\
         bytes:\n{}\n{}\n\
         lookup: {QUERIES} fixed xorshift queries over {} shapes × 8 variants, x/y/w/h uniform in \
         0..{}; dense = one table per (shape, variant), {} tables, {} in all (built by brute \
         force in {dense_secs:.2} s; every entry checked equal to the packed lookup)\n\
         generate: `pack` of the default set (PNGs already decoded) vs brute-force dense \
         tables of the BASE shapes only ({} tables, as the write-up caches; all 8 variants \
         would take 8× as long)",
        bytes_line("default tiles", &set, &blob),
        bytes_line("synthetic   ", &set32, &blob32),
        shapes.len(),
        set.tile_size,
        dense.len(),
        kib(dense_bytes),
        set.tiles.len(),
    );

    let mut c = Criterion::default().configure_from_args();
    bench_lookup(&mut c, &shapes, &dense, &queries);
    bench_generate(&mut c, &set);
    bench_dedup(&mut c);
    c.final_summary();
}
