//! Every value the runtime serves, compared with the spec's brute force: every overlap of
//! every variant of every shape, for the default tiles, hand-made bitmaps that are not
//! heightmaps, and sets of other sizes, generated from PNG files end to end.

mod support;

use std::path::Path;

use slope_runtime::{Direction, Offsets, Overlap, Shape, Tables, Variant};
use slopegen::{Bitmap, Builder, Tile, TileSet};
use support::reference::{RefOffsets, RefTile, variant_pixel};

/// The default tiles (`tiles/` in the package, the repository's `tiles/`).
const TILES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tiles");
/// Their blob (the repository's `slope-runtime/tests/data/tiles.bin`).
const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin");

fn as_ref(o: Offsets) -> RefOffsets {
    RefOffsets {
        free_left: o.free_left.into(),
        free_right: o.free_right.into(),
        free_down: o.free_down.into(),
        free_up: o.free_up.into(),
        colliding_left: o.colliding_left.into(),
        colliding_right: o.colliding_right.into(),
        colliding_bottom: o.colliding_bottom.into(),
        colliding_top: o.colliding_top.into(),
    }
}

/// Which overlaps to check: all of them, or every `step`-th by a fixed pseudo-random walk.
#[derive(Clone, Copy)]
enum Coverage {
    Every,
    Sampled(usize),
}

/// Compares all eight values of every overlap of every variant of `shape` with the spec.
fn check_shape(name: &str, shape: &Shape<'_>, base: &Bitmap, coverage: Coverage) {
    let n = usize::from(base.size());
    let pixel = |x: usize, y: usize| base.get(x as u8, y as u8);
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |m: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % m as u64) as u8
    };
    for variant in Variant::ALL {
        let tile = RefTile::new(n, |x, y| variant_pixel(&pixel, n, variant.index(), x, y));
        let check = |x: u8, y: u8, w: u8, h: u8| {
            let overlap = Overlap::new(x, y, w, h);
            let got = as_ref(shape.offsets(variant, overlap));
            let want = tile.offsets(x.into(), y.into(), w.into(), h.into());
            assert_eq!(got, want, "{name} {variant} overlap ({x}, {y}, {w}, {h})");
            // the one-direction lookup answers the same, sign aside
            let colliding = want.free_up != 0;
            let one_way = [
                (Direction::Up, want.free_up.max(want.colliding_top)),
                (Direction::Down, -want.free_down.min(want.colliding_bottom)),
                (Direction::Left, -want.free_left.min(want.colliding_left)),
                (Direction::Right, want.free_right.max(want.colliding_right)),
            ];
            for (dir, magnitude) in one_way {
                let (c, d) = shape.distance(variant, overlap, dir);
                assert_eq!(
                    (c, i32::from(d)),
                    (colliding, magnitude),
                    "{name} {variant} {dir:?} ({x}, {y}, {w}, {h})"
                );
            }
        };
        match coverage {
            Coverage::Every => {
                for x in 0..n as u8 {
                    for y in 0..n as u8 {
                        for w in 0..n as u8 {
                            for h in 0..n as u8 {
                                check(x, y, w, h);
                            }
                        }
                    }
                }
            }
            Coverage::Sampled(count) => {
                for _ in 0..count {
                    check(next(n), next(n), next(n), next(n));
                }
            }
        }
    }
}

/// Heights and angles of every column of every variant. Heights come from the variant's own
/// pixels; angles from its profile, where the X-mirrored variants read their partner's
/// profile backwards and negated (as the format stores them).
fn check_surfaces(name: &str, shape: &Shape<'_>, base: &Bitmap) {
    let n = base.size();
    for variant in Variant::ALL {
        let picture = base.variant(variant);
        let partner = Variant::from_parts(variant.rotated(), false, variant.flips_y());
        let mut angles = slopegen::angles(&base.variant(partner).heights());
        if variant.flips_x() {
            angles.reverse();
            angles.iter_mut().for_each(|a| *a = a.wrapping_neg());
        }
        for x in 0..n {
            let want_height = (0..n).rev().find(|&y| picture.get(x, y)).map(|y| y + 1);
            let got = shape.surface(variant, x);
            assert_eq!(
                got.map(|s| s.height),
                want_height,
                "{name} {variant} column {x}"
            );
            if let Some(surface) = got {
                assert_eq!(
                    surface.angle,
                    angles[usize::from(x)],
                    "{name} {variant} column {x} angle"
                );
            }
        }
    }
}

fn check_set(set: &TileSet, coverage: Coverage) {
    let blob = slopegen::pack(set);
    let tables = Tables::from_bytes(&blob).expect("a generated blob loads");
    assert_eq!(usize::from(tables.shape_count()), set.tiles.len());
    for tile in &set.tiles {
        let shape = tables
            .shape_by_name(&tile.name)
            .expect("every tile is in the blob");
        check_shape(&tile.name, &shape, &tile.bitmap, coverage);
        check_surfaces(&tile.name, &shape, &tile.bitmap);
    }
}

fn tile(name: &str, bitmap: Bitmap) -> Tile {
    Tile {
        name: name.into(),
        constant: slopegen::constant_name(name),
        path: format!("{name}.png").into(),
        bitmap,
    }
}

fn heightmap(heights: &[u8]) -> Bitmap {
    Bitmap::from_fn(heights.len() as u8, |x, y| y < heights[usize::from(x)])
}

/// Deterministic noise: pixel solid with probability `percent`/100.
fn noise(n: u8, seed: u64, percent: u64) -> Bitmap {
    Bitmap::from_fn(n, |x, y| {
        let mut h = seed ^ (u64::from(x) << 32 | u64::from(y)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 31;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 29;
        h % 100 < percent
    })
}

/// Shapes that are not heightmaps, scaled to `n`.
fn hand_made(n: u8) -> Vec<Tile> {
    let q = n / 4;
    let mid = i32::from(n) / 2;
    vec![
        tile("empty", Bitmap::from_fn(n, |_, _| false)),
        tile(
            "single_pixel",
            Bitmap::from_fn(n, |x, y| x == q && y == n - 1 - q),
        ),
        tile(
            "floating_bar",
            Bitmap::from_fn(n, |_, y| (2 * q..2 * q + q / 2 + 1).contains(&y)),
        ),
        tile(
            "overhang",
            Bitmap::from_fn(n, |x, y| y >= n - q || (x < q && y >= q)),
        ),
        tile(
            "ring",
            Bitmap::from_fn(n, |x, y| {
                let (dx, dy) = (
                    2 * i32::from(x) + 1 - 2 * mid,
                    2 * i32::from(y) + 1 - 2 * mid,
                );
                let r2 = dx * dx + dy * dy;
                let outer = i32::from(n) - 1;
                let inner = i32::from(n) / 2;
                r2 <= outer * outer && r2 >= inner * inner
            }),
        ),
        tile("noise_sparse", noise(n, 1, 15)),
        tile("noise_dense", noise(n, 2, 60)),
    ]
}

/// Writes the tiles as PNG files (black on white) into a fresh folder.
fn write_pngs(dir: &Path, tiles: &[Tile]) {
    for t in tiles {
        let n = u32::from(t.bitmap.size());
        let img = image::GrayImage::from_fn(n, n, |x, row| {
            let y = (n - 1 - row) as u8;
            image::Luma([if t.bitmap.get(x as u8, y) { 0 } else { 255 }])
        });
        img.save(dir.join(format!("{}.png", t.name))).unwrap();
    }
}

/// PNG files → Builder → blob on disk → runtime, then every overlap against the spec.
fn check_png_round_trip(tiles: Vec<Tile>, coverage: Coverage) {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("set");
    let out = dir.path().join("out");
    std::fs::create_dir(&src).unwrap();
    write_pngs(&src, &tiles);
    Builder::new(&src).out_dir(&out).generate().unwrap();
    let blob = std::fs::read(out.join("set.bin")).unwrap();
    let tables = Tables::from_bytes(&blob).unwrap();
    assert_eq!(usize::from(tables.shape_count()), tiles.len());
    for t in &tiles {
        let shape = tables.shape_by_name(&t.name).unwrap();
        check_shape(&t.name, &shape, &t.bitmap, coverage);
        check_surfaces(&t.name, &shape, &t.bitmap);
    }
}

#[test]
fn default_tiles_are_the_designed_heightmaps() {
    let set = TileSet::read(Path::new(TILES)).unwrap();
    let expect: &[(&str, Vec<u8>)] = &[
        ("bump", vec![1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1]),
        ("full", vec![16; 16]),
        ("slope11_1", (1..=4).flat_map(|h| [h; 4]).collect()),
        ("slope11_2", (5..=8).flat_map(|h| [h; 4]).collect()),
        ("slope11_3", (9..=12).flat_map(|h| [h; 4]).collect()),
        ("slope11_4", (13..=16).flat_map(|h| [h; 4]).collect()),
        (
            "slope15_1",
            vec![1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6],
        ),
        (
            "slope15_2",
            vec![6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11],
        ),
        (
            "slope15_3",
            vec![
                11, 12, 12, 12, 13, 13, 13, 14, 14, 14, 15, 15, 15, 16, 16, 16,
            ],
        ),
        ("slope22_1", (1..=8).flat_map(|h| [h; 2]).collect()),
        ("slope22_2", (9..=16).flat_map(|h| [h; 2]).collect()),
        ("slope45", (1..=16).collect()),
    ];
    let names: Vec<&str> = set.tiles.iter().map(|t| t.name.as_str()).collect();
    let want: Vec<&str> = expect.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, want);
    for (t, (_, heights)) in set.tiles.iter().zip(expect) {
        assert_eq!(&t.bitmap, &heightmap(heights), "{}", t.name);
    }
}

#[test]
fn default_tiles_every_overlap_every_variant() {
    let set = TileSet::read(Path::new(TILES)).unwrap();
    check_set(&set, Coverage::Every);
}

#[test]
fn spec_worked_examples() {
    let blob = std::fs::read(GOLDEN).unwrap();
    let tables = Tables::from_bytes(&blob).unwrap();
    let slope = tables.shape_by_name("slope45").unwrap();
    let o = slope.offsets(Variant::Identity, Overlap::new(4, 0, 0, 0));
    assert_eq!(
        [o.free_up, o.free_down, o.free_right, o.free_left],
        [5, -1, 12, -5]
    );
    assert_eq!(
        [
            o.colliding_bottom,
            o.colliding_top,
            o.colliding_left,
            o.colliding_right
        ],
        [5, -1, 12, -5]
    );
    let o = slope.offsets(Variant::Identity, Overlap::new(4, 8, 2, 3));
    assert_eq!([o.free_up, o.free_down, o.free_right, o.free_left], [0; 4]);
    assert_eq!(
        [
            o.colliding_top,
            o.colliding_bottom,
            o.colliding_right,
            o.colliding_left
        ],
        [7, -1, 1, -6]
    );
}

#[test]
fn hand_made_shapes_n16() {
    let set = TileSet::from_tiles(Path::new("hand"), hand_made(16)).unwrap();
    check_set(&set, Coverage::Every);
}

#[test]
fn n8_set_from_pngs() {
    let mut tiles = hand_made(8);
    tiles.push(tile("slope", heightmap(&[1, 2, 3, 4, 5, 6, 7, 8])));
    tiles.push(tile("steps", heightmap(&[1, 1, 1, 1, 5, 5, 8, 8])));
    tiles.extend((0..8).map(|s| tile(&format!("noise{s}"), noise(8, 100 + s, 45))));
    check_png_round_trip(tiles, Coverage::Every);
}

#[test]
fn n32_set_from_pngs() {
    let slope22: Vec<u8> = (1..=16).flat_map(|h| [h; 2]).collect();
    let tiles = vec![
        tile("slope22", heightmap(&slope22)),
        tile("ring", hand_made(32).swap_remove(4).bitmap),
        tile("noise", noise(32, 7, 30)),
    ];
    check_png_round_trip(tiles, Coverage::Every);
}

#[test]
fn odd_and_extreme_sizes_sampled() {
    for n in [4u8, 5, 13, 63, 64] {
        let mut tiles = hand_made(n);
        tiles.push(tile("slope", Bitmap::from_fn(n, |x, y| y <= x)));
        tiles.push(tile("full", Bitmap::from_fn(n, |_, _| true)));
        let set = TileSet::from_tiles(Path::new("sizes"), tiles).unwrap();
        check_set(&set, Coverage::Sampled(if n <= 5 { 4000 } else { 6000 }));
    }
}

#[test]
fn golden_blob_matches_a_fresh_generation() {
    // The runtime's doc examples and tests embed this file; regenerate it with
    // `cargo run -p slopegen -- tiles -o slope-runtime/tests/data` when the format changes.
    let set = TileSet::read(Path::new(TILES)).unwrap();
    let fresh = slopegen::pack(&set);
    let golden = std::fs::read(GOLDEN).unwrap();
    assert!(
        fresh == golden,
        "tests/data/tiles.bin is stale: regenerate it"
    );
    assert_eq!(slopegen::pack(&set), fresh, "packing is deterministic");
}

#[test]
fn table_size_is_pinned() {
    // 16×16: 216 B of masks + 128 B of variant columns + 64 B of angles + name and index
    // ≈ 420 B per shape (budget 512 B).
    let set = TileSet::read(Path::new(TILES)).unwrap();
    let blob = slopegen::pack(&set);
    assert_eq!(slope_runtime::format::record_len(16), 216);
    assert_eq!(slope_runtime::format::variant_columns_len(16), 128);
    assert_eq!(blob.len(), 5050, "default blob size changed");
    assert!(blob.len() / set.tiles.len() <= 512);

    // 32×32: 1080 B of masks + 512 B of variant columns + 128 B of angles per shape
    // (budget 4 KiB).
    let tiles: Vec<Tile> = (0..8)
        .map(|s| tile(&format!("noise{s}"), noise(32, s, 40)))
        .collect();
    let set = TileSet::from_tiles(Path::new("n32"), tiles).unwrap();
    let blob = slopegen::pack(&set);
    assert_eq!(slope_runtime::format::record_len(32), 1080);
    assert_eq!(blob.len() / 8, 1731);
    assert!(blob.len() / 8 <= 4096);
}

#[test]
fn identical_bitmaps_share_a_record() {
    let a = heightmap(&[1, 2, 3, 4, 5, 6, 7, 8]);
    let tiles = vec![
        tile("grass45", a.clone()),
        tile("stone45", a),
        tile("full", Bitmap::from_fn(8, |_, _| true)),
    ];
    let set = TileSet::from_tiles(Path::new("shared"), tiles).unwrap();
    let blob = slopegen::pack(&set);
    let tables = Tables::from_bytes(&blob).unwrap();
    assert_eq!((tables.shape_count(), tables.record_count()), (3, 2));
}
