//! The packed map's loader, fuzzed like the tables' loader: any bytes, damaged maps and
//! crafted maps behind a valid checksum are refused with an error or accepted, never a
//! panic; whatever is accepted answers every lookup (inside and outside) without panicking
//! and with the cells it was built from.
//!
//! The map is encoded here by hand from the FORMAT section of `slope_runtime::PackedMap`'s
//! module (the generator's encoder is tested against the runtime in slopegen's tests).

use proptest::prelude::*;
use proptest::test_runner::Config;
use slope_runtime::{
    Cell, MAP_MAGIC, MapError, PackedMap, ShapeId, TileMap, Variant, WidePackedMap, cell_code,
    crc32, index_width,
};

/// The header fields and contents of a map, encoded by `encode` (any values, also invalid).
#[derive(Clone, Debug)]
struct Fields {
    version: u8,
    index_width: u8,
    tile_size: u8,
    reserved: [u8; 3],
    width: u16,
    height: u16,
    outside: u32,
    palette: Vec<u32>,
    cells: Vec<u16>,
}

impl Fields {
    fn encode(&self) -> Vec<u8> {
        let mut b = MAP_MAGIC.to_vec();
        b.extend([
            self.version,
            self.index_width,
            self.tile_size,
            self.reserved[0],
        ]);
        b.extend(self.width.to_le_bytes());
        b.extend(self.height.to_le_bytes());
        b.extend((self.palette.len() as u16).to_le_bytes());
        b.extend([self.reserved[1], self.reserved[2]]);
        b.extend(self.outside.to_le_bytes());
        for p in &self.palette {
            b.extend(p.to_le_bytes());
        }
        for &c in &self.cells {
            if self.index_width == 2 {
                b.extend(c.to_le_bytes());
            } else {
                b.push(c as u8);
            }
        }
        let crc = crc32(&b);
        b.extend(crc.to_le_bytes());
        b
    }
}

fn any_cell() -> impl Strategy<Value = Cell> {
    prop_oneof![
        Just(Cell::EMPTY),
        Just(Cell::FULL),
        (any::<u16>(), 0u8..8)
            .prop_map(|(id, v)| Cell::shape(ShapeId::new(id), Variant::from_index(v).unwrap())),
    ]
    .prop_flat_map(|c| prop_oneof![Just(c), Just(c.one_way())])
}

/// A valid map: its fields, and the cells it holds (rows bottom first).
fn valid_map() -> impl Strategy<Value = (Fields, Vec<Cell>)> {
    (
        1u16..12,
        1u16..12,
        prop::collection::vec(any_cell(), 1..300),
        any_cell(),
        4u8..=64,
    )
        .prop_flat_map(|(w, h, palette, outside, n)| {
            let len = palette.len();
            let count = usize::from(w) * usize::from(h);
            (
                Just((w, h, palette, outside, n)),
                prop::collection::vec(0..len, count),
            )
        })
        .prop_map(|((w, h, palette, outside, n), idx)| {
            let cells = idx.iter().map(|&i| palette[i]).collect();
            let fields = Fields {
                version: 1,
                index_width: if palette.len() > 256 { 2 } else { 1 },
                tile_size: n,
                reserved: [0; 3],
                width: w,
                height: h,
                outside: cell_code(outside),
                palette: palette.iter().map(|&c| cell_code(c)).collect(),
                cells: idx.iter().map(|&i| i as u16).collect(),
            };
            (fields, cells)
        })
}

/// Loads `bytes` as the type its header asks for; every lookup of an accepted map.
fn load(bytes: &[u8]) -> Result<u64, MapError> {
    match index_width(bytes) {
        Some(2) => WidePackedMap::from_bytes(bytes)
            .map(|m| read_all(&m, m.width(), m.height()) + m.palette().count() as u64),
        _ => PackedMap::from_bytes(bytes)
            .map(|m| read_all(&m, m.width(), m.height()) + m.palette().count() as u64),
    }
}

/// Every lookup of an accepted map, inside and around it; must not panic.
fn read_all(map: &impl TileMap, w: u32, h: u32) -> u64 {
    let mut sum = 0u64;
    let (w, h) = (w as i32, h as i32);
    for y in [-1, 0, h - 1, h, i32::MIN, i32::MAX] {
        for x in [-1, 0, w - 1, w, i32::MIN, i32::MAX] {
            sum += u64::from(cell_code(map.cell(x, y)));
        }
    }
    for y in 0..h.min(64) {
        for x in 0..w.min(64) {
            sum += u64::from(cell_code(map.cell(x, y)));
        }
    }
    sum
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// What was encoded comes back, cell by cell, and the outside too.
    #[test]
    fn valid_maps_round_trip((fields, cells) in valid_map()) {
        let bytes = fields.encode();
        let w = i32::from(fields.width);
        let check = |get: &dyn Fn(i32, i32) -> Cell, outside: Cell| {
            for (i, cell) in cells.iter().enumerate() {
                let (x, y) = (i as i32 % w, i as i32 / w);
                assert_eq!(get(x, y), *cell);
            }
            assert_eq!(get(-1, 0), outside);
            assert_eq!(cell_code(outside), fields.outside);
        };
        if fields.index_width == 2 {
            prop_assert!(PackedMap::from_bytes(&bytes).is_err());
            let map = WidePackedMap::from_bytes(&bytes).unwrap();
            check(&|x, y| map.cell(x, y), map.outside());
        } else {
            prop_assert!(WidePackedMap::from_bytes(&bytes).is_err());
            let map = PackedMap::from_bytes(&bytes).unwrap();
            check(&|x, y| map.cell(x, y), map.outside());
        }
        load(&bytes).unwrap();
    }

    /// Any bytes at all: an error or a map, never a panic.
    #[test]
    fn any_bytes_never_panic(mut bytes in prop::collection::vec(any::<u8>(), 0..200), magic in any::<bool>()) {
        if magic && bytes.len() >= 8 {
            bytes[..8].copy_from_slice(&MAP_MAGIC);
        }
        let _ = load(&bytes);
    }

    /// Raw damage to a valid map: the checksum refuses it.
    #[test]
    fn damaged_maps_are_refused((fields, _) in valid_map(), at in any::<prop::sample::Index>(), bit in 0u8..8) {
        let mut bytes = fields.encode();
        let i = at.index(bytes.len());
        bytes[i] ^= 1 << bit;
        prop_assert!(load(&bytes).is_err());
        prop_assert!(load(&bytes[..i]).is_err());
    }

    /// Crafted fields behind a valid checksum: refused exactly when a rule is broken.
    #[test]
    fn crafted_maps_meet_the_checks(
        (mut f, _) in valid_map(),
        edit in 0u8..9,
        value in any::<u32>(),
    ) {
        match edit {
            0 => f.version = value as u8,
            1 => f.index_width = value as u8,
            2 => f.tile_size = value as u8,
            3 => f.reserved[(value % 3) as usize] = (value >> 8) as u8,
            4 => f.outside = value,
            5 => { let i = value as usize % f.palette.len(); f.palette[i] = value; }
            6 => { let i = value as usize % f.cells.len(); f.cells[i] = (value >> 8) as u16; }
            7 => f.width = (value as u16).wrapping_add(f.width),
            _ => f.palette.clear(),
        }
        let bytes = f.encode();
        let valid_code = |c: u32| match c & 3 {
            0 | 1 => c & !4 & !3 == 0,
            2 => c & 0xFFC0 == 0,
            _ => false,
        };
        let limit = if f.index_width == 1 { 256 } else { usize::from(u16::MAX) };
        let ok = f.version == 1
            && (f.index_width == 1 || f.index_width == 2)
            && (4..=64).contains(&f.tile_size)
            && f.reserved == [0; 3]
            && !f.palette.is_empty()
            && f.palette.len() <= limit
            && usize::from(f.width) * usize::from(f.height) == f.cells.len()
            && valid_code(f.outside)
            && f.palette.iter().all(|&c| valid_code(c))
            && f.cells.iter().all(|&c| {
                let c = if f.index_width == 1 { c & 0xFF } else { c };
                usize::from(c) < f.palette.len()
            });
        match load(&bytes) {
            Ok(_) => prop_assert!(ok, "accepted {f:?}"),
            Err(e) => prop_assert!(!ok, "refused ({e}) {f:?}"),
        }
    }
}

#[test]
fn errors_read_as_sentences() {
    assert_eq!(
        PackedMap::from_bytes(b"not a map at all, no").unwrap_err(),
        MapError::BadMagic
    );
    let e = MapError::IndexOutOfRange {
        x: 3,
        y: 4,
        index: 9,
    };
    assert_eq!(
        e.to_string(),
        "cell (3, 4) uses palette entry 9, past the palette's end"
    );
}
