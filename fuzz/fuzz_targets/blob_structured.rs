//! A valid blob from random bitmaps of any tile size (slopegen's `pack`), which must load
//! and read back as those bitmaps; then the same blob with one change and its checksum
//! fixed: refused, or tables whose lookups agree with one another.
#![no_main]

use std::path::{Path, PathBuf};

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use slope_runtime::{ShapeId, Tables, Variant};
use slopegen::{Bitmap, Tile, TileSet};

#[derive(Debug, Arbitrary)]
struct Input {
    tile_size: u8,
    /// Each shape's pixels, repeated to fill the tile (one bit per pixel).
    shapes: Vec<Vec<u8>>,
    edit: slope_fuzz::Edit,
}

fuzz_target!(|input: Input| {
    let n = 4 + input.tile_size % 61;
    let tiles: Vec<Tile> = input
        .shapes
        .iter()
        .take(6)
        .enumerate()
        .map(|(i, bits)| {
            let name = format!("shape{i}");
            let bitmap = Bitmap::from_fn(n, |x, y| {
                let at = usize::from(y) * usize::from(n) + usize::from(x);
                !bits.is_empty() && bits[at / 8 % bits.len()] >> (at % 8) & 1 != 0
            });
            Tile {
                constant: slopegen::constant_name(&name),
                path: PathBuf::from(format!("{name}.png")),
                name,
                bitmap,
            }
        })
        .collect();
    if tiles.is_empty() {
        return;
    }
    let set =
        TileSet::from_tiles(Path::new("shapes"), tiles).expect("well-named tiles of one size");
    let blob = slopegen::pack(&set);

    let tables = Tables::from_bytes(&blob).expect("a blob slopegen packed loads");
    for (id, tile) in set.tiles.iter().enumerate() {
        let shape = tables
            .shape(ShapeId::new(id as u16))
            .expect("every shape packed");
        assert_eq!(
            tables.name(ShapeId::new(id as u16)),
            Some(tile.name.as_str())
        );
        for y in 0..n {
            for x in 0..n {
                assert_eq!(
                    shape.is_solid(Variant::Identity, x, y),
                    tile.bitmap.get(x, y),
                    "{}: pixel ({x}, {y}) does not read back as packed",
                    tile.name
                );
            }
        }
    }
    slope_fuzz::tables::check(&tables, u64::from(n));

    let mut edited = blob.clone();
    input.edit.apply(&mut edited);
    let edited = slope_fuzz::with_checksum(&edited);
    if let Ok(tables) = Tables::from_bytes(&edited) {
        slope_fuzz::tables::check(&tables, edited.len() as u64);
    }
});
