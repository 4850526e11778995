//! A [`Map`] as the bytes of a packed map (the format of `slope_runtime::PackedMap`).

use std::collections::BTreeMap;

use slope_runtime::{MAP_HEADER_LEN, MAP_MAGIC, MAP_VERSION};

use crate::model::map::Map;

/// The packed map's bytes (the format of `slope_runtime::PackedMap`): palette in order of
/// first use from the bottom-left cell, 1 byte per cell up to 256 distinct cells, else 2.
pub fn pack_map(map: &Map) -> Vec<u8> {
    let mut palette: Vec<u32> = Vec::new();
    let mut slot: BTreeMap<u32, u16> = BTreeMap::new();
    let indices: Vec<u16> = map
        .cells
        .iter()
        .map(|&c| {
            let code = slope_runtime::cell_code(c);
            *slot.entry(code).or_insert_with(|| {
                palette.push(code);
                (palette.len() - 1) as u16
            })
        })
        .collect();
    let wide = palette.len() > 256;
    let mut b = Vec::with_capacity(MAP_HEADER_LEN + 4 * palette.len() + indices.len() * 2 + 4);
    b.extend(MAP_MAGIC);
    b.extend([MAP_VERSION, if wide { 2 } else { 1 }, map.tile_size, 0]);
    b.extend(map.width.to_le_bytes());
    b.extend(map.height.to_le_bytes());
    b.extend((palette.len() as u16).to_le_bytes());
    b.extend([0, 0]);
    b.extend(slope_runtime::cell_code(map.outside).to_le_bytes());
    for code in &palette {
        b.extend(code.to_le_bytes());
    }
    for &i in &indices {
        if wide {
            b.extend(i.to_le_bytes());
        } else {
            b.push(i as u8);
        }
    }
    let crc = slope_runtime::crc32(&b);
    b.extend(crc.to_le_bytes());
    b
}
