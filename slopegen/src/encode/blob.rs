//! Packing a tile set into a blob (the layout is documented in `slope_runtime::format`).

use std::collections::HashMap;

use slope_runtime::format::{self, Blob, MAGIC, STORED_VARIANTS, VERSION};

use crate::encode::surface::angles;
use crate::model::bitmap::Bitmap;
use crate::model::tileset::TileSet;

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
    let (records, indices) = distinct_bitmaps(set);
    let shapes: Vec<u8> = indices.iter().flat_map(|i| i.to_le_bytes()).collect();
    let mut names = Vec::new();
    for tile in &set.tiles {
        let len = u8::try_from(tile.name.len()).expect("names are checked to fit 255 bytes");
        names.push(len);
        names.extend_from_slice(tile.name.as_bytes());
    }
    let record_bytes: Vec<u8> = records.iter().flat_map(|b| record(b)).collect();
    let angle_bytes: Vec<u8> = records.iter().flat_map(|b| angle_profiles(b)).collect();
    let column_bytes: Vec<u8> = records.iter().flat_map(|b| variant_columns(b)).collect();
    encode(&Blob {
        magic: MAGIC,
        version: VERSION,
        tile_size: n,
        names: &names,
        shapes: &shapes,
        records: &record_bytes,
        angles: &angle_bytes,
        columns: &column_bytes,
        checksum: [0; 4],
    })
}

/// [`Blob`]'s fields in wire order, for postcard. The runtime has no serde (nothing a build
/// script enables can change how it compiles into firmware), so the generator keeps this
/// mirror; the tests below prove the runtime decodes it field for field.
#[derive(serde::Serialize)]
struct Wire<'a> {
    magic: [u8; 8],
    version: u16,
    tile_size: u8,
    names: &'a [u8],
    shapes: &'a [u8],
    records: &'a [u8],
    angles: &'a [u8],
    columns: &'a [u8],
    checksum: [u8; 4],
}

/// Writes `blob` as [`Blob::decode`] reads it: postcard's encoding of its fields, then the
/// CRC-32 of every byte before the checksum (`blob.checksum` is ignored).
fn encode(blob: &Blob<'_>) -> Vec<u8> {
    // Every field named: a field added to the format does not compile until written here.
    let Blob {
        magic,
        version,
        tile_size,
        names,
        shapes,
        records,
        angles,
        columns,
        checksum: _,
    } = *blob;
    let wire = Wire {
        magic,
        version,
        tile_size,
        names,
        shapes,
        records,
        angles,
        columns,
        checksum: [0; 4],
    };
    let mut bytes = postcard::to_stdvec(&wire).expect("serializing to a Vec cannot fail");
    let body = bytes.len() - 4;
    let crc = slope_runtime::crc32(&bytes[..body]);
    bytes[body..].copy_from_slice(&crc.to_le_bytes());
    bytes
}

/// The distinct bitmaps of `set` in order of first use, and each tile's index among them.
/// Linear: one hash-map lookup per tile.
pub fn distinct_bitmaps(set: &TileSet) -> (Vec<&Bitmap>, Vec<u16>) {
    let mut records: Vec<&Bitmap> = Vec::new();
    let mut seen: HashMap<&Bitmap, u16> = HashMap::with_capacity(set.tiles.len());
    let indices = set
        .tiles
        .iter()
        .map(|tile| {
            *seen.entry(&tile.bitmap).or_insert_with(|| {
                records.push(&tile.bitmap);
                u16::try_from(records.len() - 1).expect("TileSet holds at most 65535 tiles")
            })
        })
        .collect();
    (records, indices)
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

/// The column masks of the four stored variants of one bitmap, in wire order.
fn variant_columns(bitmap: &Bitmap) -> Vec<u8> {
    let width = format::mask_bytes(bitmap.size());
    STORED_VARIANTS
        .iter()
        .flat_map(|&v| bitmap.variant(v).columns().to_vec())
        .flat_map(|mask| mask.to_le_bytes().into_iter().take(width))
        .collect()
}

/// The four stored angle profiles of one bitmap.
fn angle_profiles(bitmap: &Bitmap) -> Vec<u8> {
    STORED_VARIANTS
        .iter()
        .flat_map(|&v| angles(&bitmap.variant(v).heights()))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn distinct_bitmaps_index_each_tile_by_first_use() {
        use crate::model::bitmap::Bitmap;
        use crate::model::tileset::{Tile, TileSet};
        let tile = |name: &str, h: u8| Tile {
            name: name.into(),
            constant: name.to_uppercase(),
            path: format!("{name}.png").into(),
            bitmap: Bitmap::from_fn(4, |_, y| y < h),
        };
        let set = TileSet::from_tiles("t".as_ref(), vec![tile("a", 1), tile("b", 2), tile("c", 1)])
            .expect("a valid set");
        let (records, indices) = super::distinct_bitmaps(&set);
        assert_eq!((records.len(), indices), (2, vec![0, 1, 0]));
    }

    use super::*;
    use crate::model::tileset::Tile;
    use proptest::prelude::*;

    /// A bitmap: random pixels, or a random height profile (ramps of any steepness).
    fn bitmap() -> impl Strategy<Value = Bitmap> {
        (4u8..=64).prop_flat_map(|n| {
            let noise = prop::collection::vec(any::<u64>(), usize::from(n)).prop_map(move |cols| {
                Bitmap::from_fn(n, |x, y| cols[usize::from(x)] >> y & 1 == 1)
            });
            let heights = prop::collection::vec(0..=n, usize::from(n))
                .prop_map(move |h| Bitmap::from_fn(n, |x, y| y < h[usize::from(x)]));
            let ramp = (1u8..=8, 1u8..=8, any::<bool>()).prop_map(move |(rise, run, down)| {
                Bitmap::from_fn(n, |x, y| {
                    let h = u32::from(x / run) * u32::from(rise);
                    let h = if down {
                        u32::from(n).saturating_sub(h)
                    } else {
                        h + 1
                    };
                    u32::from(y) < h
                })
            });
            prop_oneof![noise, heights, ramp]
        })
    }

    /// A blob whose fields all differ in length and contents, two of them longer than one
    /// varint byte can count.
    fn distinct_fields(checksum: [u8; 4]) -> Blob<'static> {
        Blob {
            magic: MAGIC,
            version: VERSION,
            tile_size: 7,
            names: &[1, b'a'],
            shapes: &[2; 130],
            records: &[3; 300],
            angles: &[4; 28],
            columns: &[5; 56],
            checksum,
        }
    }

    /// The encoder and the runtime's decoder agree field by field: written in another
    /// order, or with another length encoding, the fields would not decode back.
    #[test]
    fn the_runtime_decodes_every_field_as_encoded() {
        let bytes = encode(&distinct_fields([0xEE; 4]));
        let crc = slope_runtime::crc32(&bytes[..bytes.len() - 4]).to_le_bytes();
        assert_eq!(Blob::decode(&bytes), Ok(distinct_fields(crc)));
    }

    /// The bytes themselves, as the format documents them (postcard's encoding).
    #[test]
    fn the_encoding_is_the_documented_one() {
        let bytes = encode(&distinct_fields([0; 4]));
        let mut expected = b"SLOPEGEN".to_vec();
        expected.extend([VERSION as u8, 7]);
        expected.extend([2, 1, b'a']);
        expected.extend([130, 1]);
        expected.extend([2; 130]);
        expected.extend([172, 2]);
        expected.extend([3; 300]);
        expected.extend([28]);
        expected.extend([4; 28]);
        expected.extend([56]);
        expected.extend([5; 56]);
        let crc = slope_runtime::crc32(&expected);
        expected.extend(crc.to_le_bytes());
        assert_eq!(bytes, expected);
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

        /// Whatever the tiles, the runtime's validation accepts what `pack` writes: its
        /// checks (names, angles…) describe exactly what the generator can produce.
        #[test]
        fn every_packed_set_loads(bitmaps in prop::collection::vec(bitmap(), 1..6)) {
            let n = bitmaps[0].size();
            let tiles = bitmaps
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    // all of one size: resample the others into N×N
                    let bitmap = Bitmap::from_fn(n, |x, y| b.get(x % b.size(), y % b.size()));
                    Tile {
                        name: format!("t{i}"),
                        constant: format!("T{i}"),
                        path: format!("t{i}.png").into(),
                        bitmap,
                    }
                })
                .collect();
            let set = TileSet::from_tiles("t".as_ref(), tiles).unwrap();
            let blob = pack(&set);
            prop_assert!(slope_runtime::Tables::from_bytes(&blob).is_ok(), "{:?}", slope_runtime::Tables::from_bytes(&blob).err());
        }
    }
}
