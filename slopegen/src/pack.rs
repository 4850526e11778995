//! Packing a tile set into a blob (the layout is documented in `slope_runtime::format`).

use slope_runtime::Variant;
use slope_runtime::format::{self, Blob, MAGIC, VERSION};

use crate::{Bitmap, TileSet, angles};

/// The profiles stored per record, in wire order; the X-mirrored variants are derived.
const ANGLE_VARIANTS: [Variant; format::ANGLE_PROFILES] = [
    Variant::Identity,
    Variant::FlipY,
    Variant::Rot90,
    Variant::Rot90FlipY,
];

/// Encodes `set` as a blob. Deterministic: the same tiles give the same bytes.
///
/// ```
/// use slopegen::{Bitmap, Tile, TileSet, pack};
/// use std::path::Path;
///
/// let slope = Bitmap::from_fn(16, |x, y| y <= x);
/// let tile = Tile { name: "slope45".into(), constant: "SLOPE45".into(), path: "slope45.png".into(), bitmap: slope };
/// let set = TileSet::from_tiles(Path::new("tiles"), vec![tile])?;
/// let blob = pack(&set);
/// let tables = slope_runtime::Tables::from_bytes(&blob).unwrap();
/// assert_eq!(tables.find("slope45").map(|id| id.index()), Some(0));
/// # Ok::<(), slopegen::Error>(())
/// ```
pub fn pack(set: &TileSet) -> Vec<u8> {
    let n = set.tile_size;
    let mut records: Vec<&Bitmap> = Vec::new();
    let mut shapes = Vec::with_capacity(set.tiles.len() * 2);
    for tile in &set.tiles {
        let index = match records.iter().position(|r| **r == tile.bitmap) {
            Some(i) => i,
            None => {
                records.push(&tile.bitmap);
                records.len() - 1
            }
        };
        let index = u16::try_from(index).expect("TileSet holds at most 65535 tiles");
        shapes.extend_from_slice(&index.to_le_bytes());
    }
    let mut names = Vec::new();
    for tile in &set.tiles {
        let len = u8::try_from(tile.name.len()).expect("names are checked to fit 255 bytes");
        names.push(len);
        names.extend_from_slice(tile.name.as_bytes());
    }
    let record_bytes: Vec<u8> = records.iter().flat_map(|b| record(b)).collect();
    let angle_bytes: Vec<u8> = records.iter().flat_map(|b| angle_profiles(b)).collect();
    let blob = Blob {
        magic: MAGIC,
        version: VERSION,
        tile_size: n,
        names: &names,
        shapes: &shapes,
        records: &record_bytes,
        angles: &angle_bytes,
        checksum: [0; 4],
    };
    let mut bytes = postcard::to_stdvec(&blob).expect("serializing to a Vec cannot fail");
    let body = bytes.len() - 4;
    let crc = slope_runtime::crc32(&bytes[..body]);
    bytes[body..].copy_from_slice(&crc.to_le_bytes());
    bytes
}

/// The range-OR tables of one bitmap: columns, then rows; level by level.
pub fn record(bitmap: &Bitmap) -> Vec<u8> {
    let n = bitmap.size();
    let width = format::mask_bytes(n);
    let mut out = Vec::with_capacity(format::record_len(n));
    for lines in [bitmap.columns().to_vec(), bitmap.rows()] {
        for level in 0..format::levels(n) {
            let span = 1usize << level;
            for start in 0..=lines.len() - span {
                let mask = lines[start..start + span].iter().fold(0u64, |m, l| m | l);
                out.extend_from_slice(&mask.to_le_bytes()[..width]);
            }
        }
    }
    debug_assert_eq!(out.len(), format::record_len(n));
    out
}

/// The four stored angle profiles of one bitmap.
fn angle_profiles(bitmap: &Bitmap) -> Vec<u8> {
    ANGLE_VARIANTS
        .iter()
        .flat_map(|&v| angles(&bitmap.variant(v).heights()))
        .collect()
}
