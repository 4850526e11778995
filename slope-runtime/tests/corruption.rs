//! Corrupted and crafted blobs: loading must return `Err`, never panic, and whatever it
//! accepts must then serve every accessor without panicking.
//!
//! The blob is re-encoded here by hand (a tiny encoder following `format`'s FORMAT section,
//! checked byte for byte against the golden blob and against postcard), so crafted blobs
//! can carry a *valid* checksum and reach the content checks behind the CRC.

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::Config;
use slope_runtime::format::{self, Blob, MAGIC, VERSION};
use slope_runtime::{BlobError, Direction, Offsets, Overlap, ShapeId, Tables, Variant, crc32};

static GOLDEN: &[u8] = include_bytes!("data/tiles.bin");

// ---------------------------------------------------------------------------------------
// The encoder
// ---------------------------------------------------------------------------------------

/// Appends `v` as an unsigned LEB128 varint (postcard's integer encoding).
fn push_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let low = (v & 0x7F) as u8;
        v >>= 7;
        if v == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

/// A blob body under construction; `seal` appends the CRC-32 of everything so far.
#[derive(Default)]
struct Enc(Vec<u8>);

impl Enc {
    fn raw(mut self, bytes: &[u8]) -> Enc {
        self.0.extend_from_slice(bytes);
        self
    }

    fn varint(mut self, v: u64) -> Enc {
        push_varint(&mut self.0, v);
        self
    }

    fn byte(mut self, b: u8) -> Enc {
        self.0.push(b);
        self
    }

    fn bytes(self, bytes: &[u8]) -> Enc {
        self.varint(bytes.len() as u64).raw(bytes)
    }

    fn seal(mut self) -> Vec<u8> {
        let crc = crc32(&self.0);
        self.0.extend_from_slice(&crc.to_le_bytes());
        self.0
    }
}

/// The blob's fields, owned, so tests can edit them and re-encode with a valid checksum.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Fields {
    magic: [u8; 8],
    version: u16,
    tile_size: u8,
    names: Vec<u8>,
    shapes: Vec<u8>,
    records: Vec<u8>,
    angles: Vec<u8>,
    columns: Vec<u8>,
}

impl Fields {
    fn of(blob: &Blob<'_>) -> Fields {
        Fields {
            magic: blob.magic,
            version: blob.version,
            tile_size: blob.tile_size,
            names: blob.names.to_vec(),
            shapes: blob.shapes.to_vec(),
            records: blob.records.to_vec(),
            angles: blob.angles.to_vec(),
            columns: blob.columns.to_vec(),
        }
    }

    fn golden() -> Fields {
        Fields::of(&Blob::decode(GOLDEN).expect("the golden blob decodes"))
    }

    /// Everything up to (not including) the `names` field.
    fn head(&self) -> Enc {
        Enc::default()
            .raw(&self.magic)
            .varint(u64::from(self.version))
            .byte(self.tile_size)
    }

    fn encode(&self) -> Vec<u8> {
        self.head()
            .bytes(&self.names)
            .bytes(&self.shapes)
            .bytes(&self.records)
            .bytes(&self.angles)
            .bytes(&self.columns)
            .seal()
    }

    fn field_mut(&mut self, which: u8) -> &mut Vec<u8> {
        match which % 5 {
            0 => &mut self.names,
            1 => &mut self.shapes,
            2 => &mut self.records,
            3 => &mut self.angles,
            _ => &mut self.columns,
        }
    }

    fn shape_index(&self, shape: usize) -> usize {
        usize::from(u16::from_le_bytes([
            self.shapes[2 * shape],
            self.shapes[2 * shape + 1],
        ]))
    }

    fn record(&self, index: usize) -> &[u8] {
        let len = format::record_len(self.tile_size);
        &self.records[index * len..(index + 1) * len]
    }

    fn record_mut(&mut self, index: usize) -> &mut [u8] {
        let len = format::record_len(self.tile_size);
        &mut self.records[index * len..(index + 1) * len]
    }
}

/// Length-prefixed names, as the `names` field stores them.
fn names_field<S: AsRef<[u8]>>(names: &[S]) -> Vec<u8> {
    let mut out = Vec::new();
    for name in names {
        let name = name.as_ref();
        out.push(u8::try_from(name.len()).expect("a name fits one length byte"));
        out.extend_from_slice(name);
    }
    out
}

/// `u16` LE record indices, as the `shapes` field stores them.
fn shapes_field(indices: &[u16]) -> Vec<u8> {
    indices.iter().flat_map(|i| i.to_le_bytes()).collect()
}

fn low_bits(n: u8) -> u64 {
    1u64.checked_shl(u32::from(n)).map_or(u64::MAX, |b| b - 1)
}

/// Index of mask `i` of `level` in table `table` (0 columns, 1 rows), counted in masks.
fn slot(n: u8, table: usize, level: u32, i: usize) -> usize {
    let n_ = usize::from(n);
    let before: usize = (0..level).map(|j| n_ - (1 << j) + 1).sum();
    table * format::table_masks(n) + before + i
}

fn read_mask(n: u8, record: &[u8], table: usize, level: u32, i: usize) -> u64 {
    let bytes = format::mask_bytes(n);
    let at = slot(n, table, level, i) * bytes;
    record[at..at + bytes]
        .iter()
        .rev()
        .fold(0, |m, &b| m << 8 | u64::from(b))
}

fn write_mask(n: u8, record: &mut [u8], table: usize, level: u32, i: usize, mask: u64) {
    let bytes = format::mask_bytes(n);
    let at = slot(n, table, level, i) * bytes;
    record[at..at + bytes].copy_from_slice(&mask.to_le_bytes()[..bytes]);
}

/// A record from explicit level-0 lines (`columns[x]` bit y, `rows[y]` bit x), which need
/// not agree with each other: the range-OR levels are built from them as given.
fn record_from_lines(n: u8, columns: &[u64], rows: &[u64]) -> Vec<u8> {
    let mut out = vec![0; format::record_len(n)];
    for (table, lines) in [columns, rows].into_iter().enumerate() {
        for level in 0..format::levels(n) {
            let width = 1usize << level;
            for i in 0..=usize::from(n) - width {
                let mask = lines[i..i + width].iter().fold(0, |m, l| m | l);
                write_mask(n, &mut out, table, level, i, mask);
            }
        }
    }
    out
}

/// The rows of a bitmap given by its columns.
fn transpose(n: u8, columns: &[u64]) -> Vec<u64> {
    (0..n)
        .map(|y| (0..n).fold(0, |row, x| row | (columns[usize::from(x)] >> y & 1) << x))
        .collect()
}

/// A valid record for the bitmap `columns[x]` (bit y = pixel (x, y) solid).
fn record(n: u8, columns: &[u64]) -> Vec<u8> {
    record_from_lines(n, columns, &transpose(n, columns))
}

/// The bitmap stored in a record's level-0 column masks.
fn columns_of(n: u8, record: &[u8]) -> Vec<u64> {
    (0..usize::from(n))
        .map(|x| read_mask(n, record, 0, 0, x))
        .collect()
}

/// A valid blob of tile size `n` from bitmaps, angle profiles and (name, record) shapes.
fn build(n: u8, records: &[(Vec<u64>, Vec<u8>)], shapes: &[(&str, u16)]) -> Fields {
    let names: Vec<&str> = shapes.iter().map(|s| s.0).collect();
    let indices: Vec<u16> = shapes.iter().map(|s| s.1).collect();
    Fields {
        magic: MAGIC,
        version: VERSION,
        tile_size: n,
        names: names_field(&names),
        shapes: shapes_field(&indices),
        records: records.iter().flat_map(|(c, _)| record(n, c)).collect(),
        angles: records.iter().flat_map(|(_, a)| a.clone()).collect(),
        columns: records
            .iter()
            .flat_map(|(c, _)| variant_columns(n, c))
            .collect(),
    }
}

/// The four stored variants (`none`, `FY`, `F90`, `F90Y`), in wire order.
const STORED_VARIANTS: [Variant; 4] = [
    Variant::Identity,
    Variant::FlipY,
    Variant::Rot90,
    Variant::Rot90FlipY,
];

/// The variant columns of a bitmap (`columns[x]`, bit y = pixel (x, y) solid) by the
/// spec's definition of the variants: per stored variant, N masks of `ceil(N/8)` bytes.
fn variant_columns(n: u8, columns: &[u64]) -> Vec<u8> {
    let width = format::mask_bytes(n);
    STORED_VARIANTS
        .iter()
        .flat_map(|&v| {
            (0..i32::from(n)).flat_map(move |x| {
                let mask = (0..i32::from(n))
                    .filter(|&y| variant_solid(n, columns, v, x, y))
                    .fold(0u64, |m, y| m | 1 << y);
                mask.to_le_bytes().into_iter().take(width)
            })
        })
        .collect()
}

/// Heights of the four stored profiles (`none`, `FY`, `F90`, `F90Y`) of a bitmap, by the
/// spec's definition of the variants.
fn profile_heights(n: u8, columns: &[u64]) -> [Vec<u8>; 4] {
    [
        Variant::Identity,
        Variant::FlipY,
        Variant::Rot90,
        Variant::Rot90FlipY,
    ]
    .map(|v| {
        (0..i32::from(n))
            .map(|x| {
                (0..i32::from(n))
                    .filter(|&y| variant_solid(n, columns, v, x, y))
                    .map(|y| y as u8 + 1)
                    .max()
                    .unwrap_or(0)
            })
            .collect()
    })
}

/// Whether a height profile has two rising risers, and two falling ones (what the FORMAT
/// section asks of a rising or a falling angle).
fn ramps_of(heights: &[u8]) -> (bool, bool) {
    let up = heights.windows(2).filter(|w| w[1] > w[0]).count();
    let down = heights.windows(2).filter(|w| w[1] < w[0]).count();
    (up >= 2, down >= 2)
}

/// Whether `angle` may stand in a profile with these ramps.
fn angle_possible(angle: u8, (rising, falling): (bool, bool)) -> bool {
    match angle {
        0 => true,
        1..=63 => rising,
        193..=255 => falling,
        _ => false,
    }
}

/// `wanted` (4·N angle bytes), with every byte the FORMAT section rules out for this
/// bitmap set to 0 (flat).
fn plausible_angles(n: u8, columns: &[u64], wanted: &[u8]) -> Vec<u8> {
    let profiles = profile_heights(n, columns);
    wanted
        .chunks(usize::from(n))
        .zip(&profiles)
        .flat_map(|(angles, heights)| {
            let ramps = ramps_of(heights);
            angles
                .iter()
                .map(move |&a| if angle_possible(a, ramps) { a } else { 0 })
        })
        .collect()
}

/// `count` distinct names, in sorted order.
fn sorted_names(count: usize) -> Vec<String> {
    (0..count).map(|i| format!("s{i:05}")).collect()
}

/// A mirror of `format::Blob` for postcard, to cross-check the encoder and the framing.
#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq, Eq)]
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

// ---------------------------------------------------------------------------------------
// The checks every input goes through
// ---------------------------------------------------------------------------------------

/// The overlap coordinates to try on a tile of size `n`, including out-of-range ones.
fn coords(n: u8) -> [u8; 6] {
    [0, 1, n / 2, n - 1, n, 255]
}

/// Calls every accessor of accepted tables, and checks what validation promises: every
/// shape id below the count has a shape and a name, and the answers are well-formed.
fn exercise(t: &Tables<'_>) {
    let n = t.tile_size();
    assert!((format::MIN_TILE_SIZE..=format::MAX_TILE_SIZE).contains(&n));
    let count = t.shape_count();
    let _ = t.record_count();
    let ids: Vec<(ShapeId, &str)> = t.ids().collect();
    assert_eq!(ids.len(), usize::from(count), "one name per shape");
    for (i, &(id, name)) in ids.iter().enumerate() {
        assert_eq!(usize::from(id.index()), i);
        assert_eq!(t.name(id), Some(name));
        let found = t.find(name).expect("every listed name is found");
        assert_eq!(t.name(found), Some(name));
        assert!(t.shape_by_name(name).is_some());
    }
    for bad in [count, count.saturating_add(1), u16::MAX] {
        assert!(t.shape(ShapeId::new(bad)).is_none());
        assert!(t.name(ShapeId::new(bad)).is_none());
    }
    let _ = t.find("");
    let _ = t.find("no such shape \u{1F600}");
    for id in 0..count {
        let shape = t
            .shape(ShapeId::new(id))
            .expect("every shape id has a shape");
        assert_eq!(shape.tile_size(), n);
        for v in Variant::ALL {
            let c = coords(n);
            for &x in &c {
                for &y in &c {
                    for &w in &c[..4] {
                        for &h in &c[..4] {
                            check_lookup(&shape, v, Overlap::new(x, y, w, h));
                        }
                    }
                    check_lookup(&shape, v, Overlap::new(x, y, 255, 255));
                    let _ = shape.is_solid(v, x, y);
                }
            }
            for column in (0..=n).chain([255]) {
                if let Some(s) = shape.surface(v, column) {
                    assert!(column < n);
                    assert!((1..=n).contains(&s.height), "{s:?}");
                }
            }
        }
    }
}

/// One overlap: `offsets`, `distance` and `is_colliding` agree with each other.
fn check_lookup(shape: &slope_runtime::Shape<'_>, v: Variant, o: Overlap) {
    let off = shape.offsets(v, o);
    let colliding = shape.is_colliding(v, o);
    assert_eq!(off.is_colliding(), colliding, "{v:?} {o:?} {off:?}");
    if !colliding {
        let free = [off.free_up, off.free_down, off.free_left, off.free_right];
        assert_eq!(free, [0; 4]);
    }
    assert!(off.free_up >= 0 && off.free_right >= 0);
    assert!(off.free_down <= 0 && off.free_left <= 0);
    for dir in Direction::ALL {
        let (c, d) = shape.distance(v, o, dir);
        assert_eq!(c, colliding);
        let signed = i16::from(d);
        let expect = match (colliding, dir) {
            (true, Direction::Up) => off.free_up,
            (true, Direction::Down) => -off.free_down,
            (true, Direction::Left) => -off.free_left,
            (true, Direction::Right) => off.free_right,
            (false, Direction::Up) => off.colliding_top,
            (false, Direction::Down) => -off.colliding_bottom,
            (false, Direction::Left) => -off.colliding_left,
            (false, Direction::Right) => off.colliding_right,
        };
        assert_eq!(signed, i16::from(expect), "{v:?} {o:?} {dir:?}");
    }
}

/// postcard's view of the framing: the fields, if `bytes` is exactly one `Wire`.
fn postcard_frame(bytes: &[u8]) -> Option<Wire<'_>> {
    let (wire, rest) = postcard::take_from_bytes::<Wire<'_>>(bytes).ok()?;
    rest.is_empty().then_some(wire)
}

/// Loads `bytes`: never panics; `Blob::decode` agrees with postcard about the framing;
/// accepted tables serve every accessor; every error displays. Returns the result.
fn check_bytes(bytes: &[u8]) -> Result<(), BlobError> {
    let decoded = Blob::decode(bytes);
    let framed = postcard_frame(bytes).filter(|w| {
        w.magic == MAGIC
            && w.version == VERSION
            && u32::from_le_bytes(w.checksum) == crc32(&bytes[..bytes.len() - 4])
    });
    match (&decoded, &framed) {
        (Ok(b), Some(w)) => {
            assert_eq!(
                (b.magic, b.version, b.tile_size, b.checksum),
                (w.magic, w.version, w.tile_size, w.checksum)
            );
            assert_eq!(
                (b.names, b.shapes, b.records, b.angles, b.columns),
                (w.names, w.shapes, w.records, w.angles, w.columns)
            );
        }
        (Err(_), None) => {}
        _ => panic!("Blob::decode and postcard disagree: {decoded:?} vs {framed:?}"),
    }
    let result = Tables::from_bytes(bytes);
    if decoded.is_err() {
        assert_eq!(result.as_ref().err(), decoded.as_ref().err());
    }
    match result {
        Ok(t) => {
            exercise(&t);
            Ok(())
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            Err(e)
        }
    }
}

fn load_err(f: &Fields) -> BlobError {
    Tables::from_bytes(&f.encode()).expect_err("the crafted blob must be refused")
}

// ---------------------------------------------------------------------------------------
// The encoder reproduces the golden blob
// ---------------------------------------------------------------------------------------

#[test]
fn encoder_reproduces_the_golden_blob() {
    let blob = Blob::decode(GOLDEN).unwrap();
    let fields = Fields::of(&blob);
    assert_eq!(fields.encode(), GOLDEN);
    assert_eq!(blob.checksum, GOLDEN[GOLDEN.len() - 4..]);
    // ... and agrees with postcard itself.
    let wire = Wire {
        magic: blob.magic,
        version: blob.version,
        tile_size: blob.tile_size,
        names: blob.names,
        shapes: blob.shapes,
        records: blob.records,
        angles: blob.angles,
        columns: blob.columns,
        checksum: blob.checksum,
    };
    assert_eq!(postcard::to_stdvec(&wire).unwrap(), GOLDEN);
    assert_eq!(postcard_frame(GOLDEN), Some(wire));

    let t = Tables::from_bytes(GOLDEN).unwrap();
    assert_eq!(
        (t.tile_size(), t.shape_count(), t.record_count()),
        (16, 12, 12)
    );
    exercise(&t);
}

#[test]
fn record_builder_reproduces_the_golden_records() {
    let g = Fields::golden();
    let n = g.tile_size;
    let t = Tables::from_bytes(GOLDEN).unwrap();
    for shape in 0..12 {
        let r = g.shape_index(shape);
        let columns = columns_of(n, g.record(r));
        assert_eq!(record(n, &columns), g.record(r), "record {r}");
        // the level-0 columns are the bitmap the lookups see
        let s = t.shape(ShapeId::new(shape as u16)).unwrap();
        for x in 0..n {
            for y in 0..n {
                let solid = columns[usize::from(x)] >> y & 1 == 1;
                assert_eq!(s.is_solid(Variant::Identity, x, y), solid);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// 1. Truncations and single-byte changes of the golden blob
// ---------------------------------------------------------------------------------------

#[test]
fn every_strict_prefix_is_truncated() {
    for len in 0..GOLDEN.len() {
        assert_eq!(
            check_bytes(&GOLDEN[..len]),
            Err(BlobError::Truncated),
            "prefix of {len} bytes"
        );
    }
}

#[test]
fn every_single_byte_change_is_refused() {
    let mut bytes = GOLDEN.to_vec();
    let crc_at = GOLDEN.len() - 4;
    let mut count = 0;
    for at in 0..GOLDEN.len() {
        for xor in [0x01u8, 0x80, 0xFF, 0x10] {
            bytes[at] ^= xor;
            let result = check_bytes(&bytes);
            assert!(result.is_err(), "byte {at} ^ {xor:#04x} was accepted");
            if at < 8 {
                assert_eq!(result, Err(BlobError::BadMagic), "byte {at}");
            }
            if at >= crc_at {
                assert!(
                    matches!(result, Err(BlobError::ChecksumMismatch { .. })),
                    "byte {at}: {result:?}"
                );
            }
            bytes[at] ^= xor;
            count += 1;
        }
    }
    assert_eq!(bytes, GOLDEN);
    assert_eq!(count, GOLDEN.len() * 4);
}

#[test]
fn a_damaged_body_reports_both_checksums() {
    let mut bytes = GOLDEN.to_vec();
    let at = bytes.len() - 100; // inside `columns`
    bytes[at] ^= 0x40;
    let stored = u32::from_le_bytes(GOLDEN[GOLDEN.len() - 4..].try_into().unwrap());
    let computed = crc32(&bytes[..bytes.len() - 4]);
    assert_eq!(
        Tables::from_bytes(&bytes).unwrap_err(),
        BlobError::ChecksumMismatch { stored, computed }
    );
}

// ---------------------------------------------------------------------------------------
// 2. Crafted blobs with a valid checksum
// ---------------------------------------------------------------------------------------

#[test]
fn wrong_magic() {
    for magic in [*b"SLOPEGEM", *b"slopegen", [0; 8], *b"\x89PNG\r\n\x1a\n"] {
        let f = Fields {
            magic,
            ..Fields::golden()
        };
        assert_eq!(Blob::decode(&f.encode()), Err(BlobError::BadMagic));
        assert_eq!(load_err(&f), BlobError::BadMagic);
    }
}

#[test]
fn unsupported_versions() {
    for found in [0u16, 1, 3, 127, 128, 0xFFFF] {
        let f = Fields {
            version: found,
            ..Fields::golden()
        };
        assert_eq!(
            Blob::decode(&f.encode()),
            Err(BlobError::UnsupportedVersion { found })
        );
        assert_eq!(load_err(&f), BlobError::UnsupportedVersion { found });
    }
}

#[test]
fn bad_tile_sizes() {
    for size in [0u8, 1, 3, 65, 128, 255] {
        let f = Fields {
            tile_size: size,
            ..Fields::golden()
        };
        // framing is fine; the tile size is a content check
        assert!(Blob::decode(&f.encode()).is_ok());
        assert_eq!(load_err(&f), BlobError::BadTileSize { size });
    }
}

#[test]
fn the_golden_tables_under_other_valid_tile_sizes_are_bad_lengths() {
    // N = 16's records do not fit any other N's record length and angle count.
    for size in (4..=64).filter(|&s| s != 16) {
        let f = Fields {
            tile_size: size,
            ..Fields::golden()
        };
        assert!(
            matches!(load_err(&f), BlobError::BadLength { .. }),
            "tile size {size}"
        );
    }
}

#[test]
fn shapes_of_odd_length() {
    let mut f = Fields::golden();
    f.shapes.push(0);
    assert_eq!(load_err(&f), BlobError::BadLength { field: "shapes" });
    f.shapes.truncate(1);
    assert_eq!(load_err(&f), BlobError::BadLength { field: "shapes" });
}

#[test]
fn records_not_a_multiple_of_the_record_length() {
    let g = Fields::golden();
    for delta in [-215i32, -1, 1, 100] {
        let mut f = g.clone();
        let len = (f.records.len() as i32 + delta) as usize;
        f.records.resize(len, 0);
        assert_eq!(load_err(&f), BlobError::BadLength { field: "records" });
    }
    // a partial record and no whole one
    let f = Fields {
        records: vec![0; 100],
        ..g
    };
    assert_eq!(load_err(&f), BlobError::BadLength { field: "records" });
}

#[test]
fn angles_of_the_wrong_length() {
    let g = Fields::golden();
    for len in [
        0usize,
        1,
        g.angles.len() - 64,
        g.angles.len() - 1,
        g.angles.len() + 1,
        g.angles.len() + 64,
    ] {
        let f = Fields {
            angles: vec![0; len],
            ..g.clone()
        };
        assert_eq!(
            load_err(&f),
            BlobError::BadLength { field: "angles" },
            "{len}"
        );
    }
    // one record fewer, angles unchanged
    let mut f = g.clone();
    f.records.truncate(f.records.len() - format::record_len(16));
    assert_eq!(load_err(&f), BlobError::BadLength { field: "angles" });
}

#[test]
fn record_index_out_of_range() {
    let g = Fields::golden();
    for (shape, index) in [(0u16, 12u16), (3, 12), (11, 13), (5, 0xFFFF), (7, 0x0100)] {
        let mut f = g.clone();
        let at = usize::from(shape) * 2;
        f.shapes[at..at + 2].copy_from_slice(&index.to_le_bytes());
        assert_eq!(
            load_err(&f),
            BlobError::IndexOutOfRange {
                shape,
                index,
                records: 12
            }
        );
    }
    // shapes but no records at all
    let f = build(4, &[], &[("a", 0)]);
    assert_eq!(
        load_err(&f),
        BlobError::IndexOutOfRange {
            shape: 0,
            index: 0,
            records: 0
        }
    );
}

#[test]
fn bad_names() {
    let g = Fields::golden();
    let t = Tables::from_bytes(GOLDEN).unwrap();
    let names: Vec<Vec<u8>> = t.ids().map(|(_, n)| n.as_bytes().to_vec()).collect();
    assert_eq!(names.len(), 12);
    let with = |edit: &dyn Fn(&mut Vec<Vec<u8>>)| {
        let mut list = names.clone();
        edit(&mut list);
        Fields {
            names: names_field(&list),
            ..g.clone()
        }
    };
    // not UTF-8
    for (shape, bad) in [
        (0u16, &b"\xFF\xFEmp"[..]),
        (5, &b"slope\xC3"[..]),
        (11, &b"\xED\xA0\x80"[..]), // a surrogate
        (2, &b"ab\xC0\x80"[..]),    // overlong NUL
    ] {
        let f = with(&|l| l[usize::from(shape)] = bad.to_vec());
        assert_eq!(load_err(&f), BlobError::BadName { shape }, "{bad:?}");
    }
    // empty
    for shape in [0u16, 4, 11] {
        let f = with(&|l| l[usize::from(shape)].clear());
        assert_eq!(load_err(&f), BlobError::BadName { shape });
    }
    // fewer names than shapes
    let f = with(&|l| {
        l.pop();
    });
    assert_eq!(load_err(&f), BlobError::BadName { shape: 11 });
    let f = Fields {
        names: Vec::new(),
        ..g.clone()
    };
    assert_eq!(load_err(&f), BlobError::BadName { shape: 0 });
    // more names than shapes
    let f = with(&|l| l.push(b"extra".to_vec()));
    assert_eq!(load_err(&f), BlobError::BadName { shape: 12 });
    // a stray byte after the last name
    let mut f = g.clone();
    f.names.push(0);
    assert_eq!(load_err(&f), BlobError::BadName { shape: 12 });
    // the last name's length runs past the field
    let mut f = g.clone();
    let last = f.names.len() - 1 - names[11].len();
    f.names[last] += 1;
    assert_eq!(load_err(&f), BlobError::BadName { shape: 11 });
    // zero shapes but a name
    let f = build(16, &[], &[]);
    let f = Fields {
        names: names_field(&["lonely"]),
        ..f
    };
    assert_eq!(load_err(&f), BlobError::BadName { shape: 0 });
}

/// Two records of tile size `n`: an empty one and a 45° slope.
fn two_records(n: u8) -> Vec<(Vec<u64>, Vec<u8>)> {
    let slope: Vec<u64> = (0..n).map(|x| low_bits(x + 1)).collect();
    let angles = plausible_angles(n, &slope, &vec![32; 4 * usize::from(n)]);
    vec![
        (vec![0; usize::from(n)], vec![0; 4 * usize::from(n)]),
        (slope, angles),
    ]
}

#[test]
fn mask_bits_outside_the_tile() {
    // Tile sizes whose masks have spare bits: 4 (1 byte), 12 (2 bytes), 61 (8 bytes).
    for n in [4u8, 12, 61] {
        let recs = two_records(n);
        let ok = build(n, &recs, &[("empty", 0), ("slope", 1)]);
        assert!(Tables::from_bytes(&ok.encode()).is_ok(), "n = {n}");
        let columns = &recs[1].0;
        let rows = transpose(n, columns);
        let outside = 1u64 << n;
        for x in [0usize, usize::from(n) - 1] {
            // a column reaching above the tile (levels consistent, so only the bound trips)
            let mut c = columns.clone();
            c[x] |= outside;
            let mut f = ok.clone();
            f.record_mut(1)
                .copy_from_slice(&record_from_lines(n, &c, &rows));
            assert_eq!(
                load_err(&f),
                BlobError::BadRecord { record: 1 },
                "n={n} column {x}"
            );
            // a row reaching right of the tile
            let mut r = rows.clone();
            r[x] |= outside << 1;
            let mut f = ok.clone();
            f.record_mut(1)
                .copy_from_slice(&record_from_lines(n, columns, &r));
            assert_eq!(
                load_err(&f),
                BlobError::BadRecord { record: 1 },
                "n={n} row {x}"
            );
        }
        // a stray bit in a higher level only
        let mut f = ok.clone();
        let top = format::levels(n) - 1;
        let m = read_mask(n, f.record(0), 1, top, 0);
        write_mask(n, f.record_mut(0), 1, top, 0, m | outside);
        assert_eq!(
            load_err(&f),
            BlobError::BadRecord { record: 0 },
            "n={n} top level"
        );
    }
    // N = 64 uses every bit: all-ones masks are in range.
    let full = vec![u64::MAX; 64];
    let f = build(64, &[(full, vec![0; 256])], &[("full", 0)]);
    let bytes = f.encode();
    let t = Tables::from_bytes(&bytes).unwrap();
    assert!(
        t.shape(ShapeId::new(0))
            .unwrap()
            .is_solid(Variant::Rot90, 63, 63)
    );
}

#[test]
fn levels_that_are_not_the_or_of_the_level_below() {
    for n in [4u8, 16, 33, 64] {
        let recs = two_records(n);
        let ok = build(n, &recs, &[("empty", 0), ("slope", 1)]);
        assert!(Tables::from_bytes(&ok.encode()).is_ok());
        for table in 0..2 {
            for level in 1..format::levels(n) {
                let last = usize::from(n) - (1 << level);
                for i in [0, last / 2, last] {
                    for record in 0..2 {
                        let m = read_mask(n, ok.record(record), table, level, i);
                        // a bit added (inside the tile) and a bit removed
                        for edited in [m | 1 << (n - 1) | 1, m & !(m & m.wrapping_neg())] {
                            if edited == m {
                                continue;
                            }
                            let mut f = ok.clone();
                            write_mask(n, f.record_mut(record), table, level, i, edited);
                            assert_eq!(
                                load_err(&f),
                                BlobError::BadRecord {
                                    record: record as u16
                                },
                                "n={n} table={table} level={level} i={i}"
                            );
                        }
                    }
                }
            }
        }
    }
    // A level-0 change that the level-1 mask above it exposes: flip, in column 0, a bit
    // that column 1 lacks, so `col[0] | col[1]` changes.
    let g = Fields::golden();
    for r in 0..12 {
        let col1 = read_mask(16, g.record(r), 0, 0, 1);
        let Some(bit) = (0..16).find(|b| col1 >> b & 1 == 0) else {
            continue;
        };
        let mut f = g.clone();
        let m = read_mask(16, f.record(r), 0, 0, 0);
        write_mask(16, f.record_mut(r), 0, 0, 0, m ^ 1 << bit);
        assert_eq!(
            load_err(&f),
            BlobError::BadRecord { record: r as u16 },
            "record {r}"
        );
    }
}

/// A record whose row table is not the transpose of its column table: every level is the
/// OR of the one below and every bit is inside the tile, but the two tables describe
/// different bitmaps. Lookups mix both tables (`is_solid`/up/down read columns,
/// left/right read rows), so the answers contradict each other.
#[test]
fn rows_that_disagree_with_columns_are_refused() {
    let mut f = Fields::golden();
    let t = Tables::from_bytes(GOLDEN).unwrap();
    let id = t.find("slope45").unwrap();
    let r = f.shape_index(usize::from(id.index()));
    // slope45: column x is solid in rows 0..=x. Clear pixel (8, 4) in the level-0 column
    // mask only: columns 7 and 9 are solid at row 4, so no level-1 mask changes.
    let m = read_mask(16, f.record(r), 0, 0, 8);
    assert_eq!(m, 0x01FF);
    write_mask(16, f.record_mut(r), 0, 0, 8, m & !(1 << 4));
    let bytes = f.encode();
    let result = Tables::from_bytes(&bytes);
    if let Ok(t) = &result {
        // What the accepted blob answers: pixel (8, 4) is empty, yet a 1-px box on the
        // solid pixel (7, 4) cannot get free by moving right one step into it.
        let s = t.shape(id).unwrap();
        assert!(!s.is_solid(Variant::Identity, 8, 4));
        let o = s.offsets(Variant::Identity, Overlap::new(7, 4, 0, 0));
        assert_eq!(
            o.free_right, 9,
            "reads the rows table, where (8, 4) is solid"
        );
    }
    assert_eq!(
        result.map(|_| ()),
        Err(BlobError::BadRecord { record: r as u16 })
    );
}

/// The height lookups read the variant columns, the offsets the records: a variant column
/// that disagrees with its record by one pixel, anywhere, is refused, so the two always
/// describe the same picture.
#[test]
fn variant_columns_that_disagree_with_the_record_are_refused() {
    let g = Fields::golden();
    let len = format::variant_columns_len(g.tile_size);
    for at in 0..g.columns.len() {
        for bit in 0..8 {
            let mut f = g.clone();
            f.columns[at] ^= 1 << bit;
            let expected = BlobError::BadRecord {
                record: (at / len) as u16,
            };
            assert_eq!(load_err(&f), expected, "byte {at} bit {bit}");
        }
    }
}

/// Tiles of 9 to 15 px store a column in two bytes: a bit at or past N in a variant column
/// is refused, as in the records.
#[test]
fn variant_column_bits_past_the_tile_are_refused() {
    let n = 12u8;
    let slope: Vec<u64> = (0..u64::from(n)).map(|x| (2u64 << x) - 1).collect();
    let angles = plausible_angles(n, &slope, &vec![0; 4 * usize::from(n)]);
    let good = build(n, &[(slope, angles)], &[("slope", 0)]);
    assert_eq!(check_bytes(&good.encode()), Ok(()));
    for column in 0..4 * usize::from(n) {
        for bit in 12..16 {
            let mut f = good.clone();
            f.columns[2 * column + 1] |= 1 << (bit - 8);
            assert_eq!(
                load_err(&f),
                BlobError::BadRecord { record: 0 },
                "column {column} bit {bit}"
            );
        }
    }
}

#[test]
fn trailing_bytes() {
    for extra in [&[0u8][..], &[0xFF], &[0, 0, 0, 0], &GOLDEN[..16]] {
        let mut bytes = GOLDEN.to_vec();
        bytes.extend_from_slice(extra);
        assert_eq!(check_bytes(&bytes), Err(BlobError::TrailingBytes));
    }
    // a checksum that covers the extra byte too does not help
    let mut body = GOLDEN[..GOLDEN.len() - 4].to_vec();
    body.push(0);
    let crc = crc32(&body);
    let mut bytes = GOLDEN.to_vec();
    bytes.push(0);
    let n = bytes.len();
    bytes[n - 5..n - 1].copy_from_slice(&crc.to_le_bytes());
    assert!(check_bytes(&bytes).is_err());
}

#[test]
fn overlong_and_oversized_varints() {
    let g = Fields::golden();
    let tail = |e: Enc| {
        e.bytes(&g.names)
            .bytes(&g.shapes)
            .bytes(&g.records)
            .bytes(&g.angles)
            .bytes(&g.columns)
            .seal()
    };
    let head = || Enc::default().raw(&MAGIC);
    // version: more than 3 bytes, or more than 16 bits
    for version in [
        &[0x81u8, 0x80, 0x80, 0x00][..],
        &[0x81, 0x80, 0x80, 0x80, 0x80, 0x80],
        &[0xFF, 0xFF, 0x04],
        &[0x81, 0x80, 0x7F],
    ] {
        let bytes = tail(head().raw(version).byte(16));
        assert_eq!(
            check_bytes(&bytes),
            Err(BlobError::BadVarint),
            "{version:x?}"
        );
    }
    // a byte-string length: more than 10 bytes, or more than 64 bits
    let mut eleven = vec![0x80u8; 10];
    eleven.push(0x00);
    let mut too_big = vec![0xFFu8; 9];
    too_big.push(0x02);
    for len in [eleven, too_big, vec![0x80; 10]] {
        let e = head().varint(u64::from(VERSION)).byte(16).raw(&len);
        let bytes = e.raw(&g.names).seal();
        assert_eq!(check_bytes(&bytes), Err(BlobError::BadVarint), "{len:x?}");
        // in a later field too
        let e = head()
            .varint(u64::from(VERSION))
            .byte(16)
            .bytes(&g.names)
            .bytes(&g.shapes)
            .raw(&len);
        assert_eq!(check_bytes(&e.seal()), Err(BlobError::BadVarint));
    }
    // the largest lengths that are well-formed varints are merely truncated
    let mut max = vec![0xFFu8; 9];
    max.push(0x01);
    let bytes = head().varint(u64::from(VERSION)).byte(16).raw(&max).seal();
    assert_eq!(check_bytes(&bytes), Err(BlobError::Truncated));
    // Non-minimal but in-range encodings are accepted, as postcard accepts them.
    let bytes = tail(head().raw(&[0x82, 0x80, 0x00]).byte(16));
    assert_eq!(check_bytes(&bytes), Ok(()));
    let bytes = head()
        .varint(u64::from(VERSION))
        .byte(16)
        .raw(&[g.names.len() as u8 | 0x80, 0x80, 0x00])
        .raw(&g.names)
        .bytes(&g.shapes)
        .bytes(&g.records)
        .bytes(&g.angles)
        .bytes(&g.columns)
        .seal();
    assert_eq!(check_bytes(&bytes), Ok(()));
}

#[test]
fn zero_shapes_and_zero_records() {
    for n in [4u8, 16, 64] {
        let f = build(n, &[], &[]);
        let bytes = f.encode();
        assert_eq!(check_bytes(&bytes), Ok(()));
        let t = Tables::from_bytes(&bytes).unwrap();
        assert_eq!(
            (t.tile_size(), t.shape_count(), t.record_count()),
            (n, 0, 0)
        );
        assert!(t.shape(ShapeId::new(0)).is_none());
        assert!(t.name(ShapeId::new(0)).is_none());
        assert_eq!(t.ids().count(), 0);
        assert_eq!(t.find("slope45"), None);
    }
    // records no shape uses are fine too
    let f = build(8, &two_records(8), &[]);
    let bytes = f.encode();
    let t = Tables::from_bytes(&bytes).unwrap();
    assert_eq!((t.shape_count(), t.record_count()), (0, 2));
}

/// One 4×4 empty record with its angles.
fn empty_record() -> (Vec<u64>, Vec<u8>) {
    (vec![0u64; 4], vec![0u8; 16])
}

/// 65535 shapes is the most the `u16` ids can name, and passes every length check.
#[test]
fn the_most_shapes_load() {
    let f = Fields {
        names: names_field(&sorted_names(65535)),
        shapes: shapes_field(&[0; 65535]),
        ..build(4, &[empty_record()], &[])
    };
    let bytes = f.encode();
    let t = Tables::from_bytes(&bytes).unwrap();
    assert_eq!(t.shape_count(), 65535);
    assert_eq!(t.ids().count(), 65535);
    assert_eq!(t.name(ShapeId::new(65534)), Some("s65534"));
    assert!(t.shape(ShapeId::new(65534)).is_some());
    assert!(t.shape(ShapeId::new(65535)).is_none());
    assert_eq!(t.find("s00000"), Some(ShapeId::new(0)));
}

/// One shape fewer than the maximum loads (and the index check visits the last shape).
#[test]
fn many_shapes_load() {
    let mut indices = vec![0u16; 65534];
    indices[65533] = 1;
    let f = Fields {
        names: names_field(&sorted_names(65534)),
        shapes: shapes_field(&indices),
        ..build(4, &[empty_record()], &[])
    };
    assert_eq!(
        load_err(&f),
        BlobError::IndexOutOfRange {
            shape: 65533,
            index: 1,
            records: 1
        }
    );
    let f = Fields {
        shapes: shapes_field(&[0; 65534]),
        ..f
    };
    let bytes = f.encode();
    let t = Tables::from_bytes(&bytes).unwrap();
    assert_eq!(t.ids().count(), 65534);
    assert!(t.shape(ShapeId::new(65533)).is_some());
}

/// 65536 shapes or records do not fit the `u16` ids.
#[test]
fn too_many_shapes_or_records() {
    let f = Fields {
        names: names_field(&vec!["a"; 65536]),
        shapes: shapes_field(&vec![0; 65536]),
        ..build(4, &[empty_record()], &[])
    };
    assert_eq!(load_err(&f), BlobError::BadLength { field: "shapes" });
    let f = Fields {
        records: vec![0; 65536 * format::record_len(4)],
        angles: vec![0; 65536 * 16],
        columns: vec![0; 65536 * format::variant_columns_len(4)],
        ..build(4, &[], &[])
    };
    assert_eq!(load_err(&f), BlobError::BadLength { field: "records" });
}

#[test]
fn tiny_all_solid_tile() {
    // N = 4: one record, every pixel solid: flat in every profile, so every angle is 0 (the
    // random blobs below check which profile each variant reads).
    let angles = vec![0u8; 16];
    let f = build(4, &[(vec![0xF; 4], angles)], &[("full", 0)]);
    let bytes = f.encode();
    // by hand: 8 masks per table (4 + 3 + 1), one byte each, all 0x0F; 4 columns of each
    // of the 4 stored variants, all 0x0F too
    assert_eq!(f.records, vec![0x0F; 16]);
    assert_eq!(f.columns, vec![0x0F; 16]);
    assert_eq!(
        bytes.len(),
        8 + 1 + 1 + (1 + 5) + (1 + 2) + (1 + 16) + (1 + 16) + (1 + 16) + 4
    );
    assert_eq!(check_bytes(&bytes), Ok(()));
    let t = Tables::from_bytes(&bytes).unwrap();
    assert_eq!(
        (t.tile_size(), t.shape_count(), t.record_count()),
        (4, 1, 1)
    );
    assert_eq!(t.find("full"), Some(ShapeId::new(0)));
    let s = t.shape_by_name("full").unwrap();

    // Spec, overlap (0,0,0,0) on a full tile: colliding; up: rows 1..=3 are solid, k = 4
    // leaves the tile (U = 4); down: D = 1; right: R = 4; left: L = 1.
    let o = s.offsets(Variant::Identity, Overlap::new(0, 0, 0, 0));
    assert_eq!(
        o,
        Offsets {
            free_left: -1,
            free_right: 4,
            free_down: -1,
            free_up: 4,
            colliding_left: 4,
            colliding_right: -1,
            colliding_bottom: 4,
            colliding_top: -1,
        }
    );
    assert_eq!(o.free_up, 4);
    // Every overlap of a full tile collides and can only get free by leaving the tile, so
    // each free_* is the exit distance, in every variant: U = N-y, D = y+h+1, R = N-x,
    // L = x+w+1.
    for v in Variant::ALL {
        for x in 0..4u8 {
            for y in 0..4u8 {
                for w in 0..4u8 {
                    for h in 0..4u8 {
                        let o = s.offsets(v, Overlap::new(x, y, w, h));
                        let (x, y, w, h) = (x as i8, y as i8, w as i8, h as i8);
                        assert_eq!(
                            [o.free_up, o.free_down, o.free_right, o.free_left],
                            [4 - y, -(y + h + 1), 4 - x, -(x + w + 1)],
                            "{v:?} ({x},{y},{w},{h})"
                        );
                        assert_eq!(
                            [o.colliding_bottom, o.colliding_top],
                            [o.free_up, o.free_down]
                        );
                        assert_eq!(
                            [o.colliding_left, o.colliding_right],
                            [o.free_right, o.free_left]
                        );
                    }
                }
            }
            assert!(s.is_solid(v, x, 3));
            // every column is 4 high; angles come from the stored profiles
            let top = s.surface(v, x).unwrap();
            assert_eq!(top.height, 4);
            assert_eq!(top.angle, 0, "{v:?} column {x}");
        }
        assert!(!s.is_solid(v, 4, 0) && !s.is_solid(v, 0, 4));
        assert_eq!(s.surface(v, 4), None);
    }
    // Out-of-range fields are clamped to N-1 = 3: (255,255,255,255) is (3,3,3,3).
    let o = s.offsets(Variant::Identity, Overlap::new(255, 255, 255, 255));
    assert_eq!(
        [o.free_up, o.free_down, o.free_right, o.free_left],
        [1, -7, 1, -7]
    );
    exercise(&t);
}

// ---------------------------------------------------------------------------------------
// 2b. Contents the generator cannot write, behind a valid checksum
// ---------------------------------------------------------------------------------------

/// The names of the golden blob, split.
fn golden_names() -> Vec<Vec<u8>> {
    split_names(&Fields::golden().names).unwrap()
}

#[test]
fn two_shapes_with_one_name_are_refused() {
    let names = golden_names();
    let bump = names.iter().position(|n| n == b"bump").unwrap();
    let mut twice = names.clone();
    twice[bump + 1] = b"bump".to_vec();
    let f = Fields {
        names: names_field(&twice),
        ..Fields::golden()
    };
    assert_eq!(
        load_err(&f),
        BlobError::UnsortedName {
            shape: bump as u16 + 1
        }
    );
    // Out of order (so `find` could miss a name) is refused too.
    let mut swapped = names.clone();
    swapped.swap(0, 1);
    let f = Fields {
        names: names_field(&swapped),
        ..Fields::golden()
    };
    assert_eq!(load_err(&f), BlobError::UnsortedName { shape: 1 });
}

#[test]
fn names_with_control_characters_are_refused() {
    for bad in [&b"a\nb"[..], b"\x1b[31m", b"tab\t"] {
        let mut names = golden_names();
        names[3] = bad.to_vec();
        let f = Fields {
            names: names_field(&names),
            ..Fields::golden()
        };
        assert_eq!(load_err(&f), BlobError::BadName { shape: 3 }, "{bad:?}");
    }
}

#[test]
fn angles_the_generator_cannot_write_are_refused() {
    // Every angle byte 64 (straight up): a floor would stop an actor.
    let mut f = Fields::golden();
    f.angles.iter_mut().for_each(|a| *a = 64);
    assert!(matches!(load_err(&f), BlobError::BadAngle { .. }));
    // The flat `full` tile with a 45° angle in one column of its top profile.
    let g = Fields::golden();
    let full = golden_names().iter().position(|n| n == b"full").unwrap();
    let record = g.shape_index(full);
    for (angle, column) in [(32u8, 0usize), (224, 5), (128, 15), (65, 3), (192, 8)] {
        let mut f = Fields::golden();
        f.angles[record * 4 * 16 + column] = angle;
        assert_eq!(
            load_err(&f),
            BlobError::BadAngle {
                record: record as u16
            },
            "angle {angle}"
        );
    }
    // Every single angle byte, set to each edge of the ranges: refused exactly when the
    // FORMAT section says.
    let values = [
        0u8, 1, 31, 32, 33, 63, 64, 65, 127, 128, 191, 192, 193, 224, 255,
    ];
    let mut refused = 0;
    for at in 0..g.angles.len() {
        for value in values {
            let mut f = Fields::golden();
            f.angles[at] = value;
            let expected = expected_errors(&f);
            match Tables::from_bytes(&f.encode()) {
                Ok(_) => assert!(expected.is_empty(), "byte {at} = {value}: {expected:?}"),
                Err(e) => {
                    assert!(expected.contains(&e), "byte {at} = {value}: {e:?}");
                    refused += 1;
                }
            }
        }
    }
    assert!(refused > g.angles.len() * 4, "{refused}");
}

/// A damaged length is damage, said so by the checksum, not "bytes after the checksum"
/// (which stays the report for an intact blob with bytes added) nor a malformed varint
/// where it shifts a later length onto other bytes; one that sends a field past the end
/// says "truncated or damaged".
#[test]
fn a_damaged_length_is_reported_as_damage() {
    let names_len = 8 + 1 + 1;
    let mut damage = 0;
    for delta in 1u8..=50 {
        let mut bytes = GOLDEN.to_vec();
        bytes[names_len] -= delta;
        match check_bytes(&bytes) {
            Err(BlobError::ChecksumMismatch { .. }) => damage += 1,
            Err(BlobError::Truncated) => {}
            other => panic!("names length - {delta}: {other:?}"),
        }
    }
    assert!(
        damage >= 40,
        "{damage} of 50 damaged lengths reported as damage"
    );
    let mut bytes = GOLDEN.to_vec();
    bytes.push(0);
    assert_eq!(check_bytes(&bytes), Err(BlobError::TrailingBytes));
}

// ---------------------------------------------------------------------------------------
// 3. Random mutations
// ---------------------------------------------------------------------------------------

/// One edit of a byte string.
#[derive(Clone, Debug)]
enum Mutation {
    FlipBit(Index, u8),
    Overwrite(Index, u8),
    Insert(Index, u8),
    Delete(Index),
    Truncate(Index),
    Append(Vec<u8>),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<Index>(), 0u8..8).prop_map(|(i, b)| Mutation::FlipBit(i, b)),
        4 => (any::<Index>(), any::<u8>()).prop_map(|(i, v)| Mutation::Overwrite(i, v)),
        2 => (any::<Index>(), any::<u8>()).prop_map(|(i, v)| Mutation::Insert(i, v)),
        2 => any::<Index>().prop_map(Mutation::Delete),
        1 => any::<Index>().prop_map(Mutation::Truncate),
        1 => prop::collection::vec(any::<u8>(), 1..8).prop_map(Mutation::Append),
    ]
}

fn apply(bytes: &mut Vec<u8>, m: &Mutation) {
    let len = bytes.len();
    match m {
        Mutation::FlipBit(i, bit) if len > 0 => bytes[i.index(len)] ^= 1 << bit,
        Mutation::Overwrite(i, v) if len > 0 => bytes[i.index(len)] = *v,
        Mutation::Insert(i, v) => bytes.insert(i.index(len + 1), *v),
        Mutation::Delete(i) if len > 0 => {
            bytes.remove(i.index(len));
        }
        Mutation::Truncate(i) => bytes.truncate(i.index(len + 1)),
        Mutation::Append(extra) => bytes.extend_from_slice(extra),
        _ => {}
    }
}

/// One edit of the decoded fields, re-encoded afterwards with a valid checksum.
#[derive(Clone, Debug)]
enum Edit {
    Magic(Index, u8),
    Version(u16),
    TileSize(u8),
    /// A byte mutation of names (0), shapes (1), records (2), angles (3) or columns (4).
    Field(u8, Mutation),
    /// Point a shape at another record index (maybe out of range).
    ShapeIndex(Index, u16),
    /// Flip one bit of one mask of one record.
    RecordBit(Index, Index, u8),
    /// Flip one pixel of one record and rebuild it consistently (stays valid).
    Pixel(Index, u8, u8),
    /// Replace one name with arbitrary bytes.
    Name(Index, Vec<u8>),
    /// Give a shape the name of the shape before it.
    RepeatName(Index),
    /// Set one angle byte.
    Angle(Index, u8),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        1 => (any::<Index>(), any::<u8>()).prop_map(|(i, v)| Edit::Magic(i, v)),
        1 => prop_oneof![Just(0u16), Just(1), Just(3), any::<u16>()].prop_map(Edit::Version),
        2 => prop_oneof![0u8..8, 60u8..70, any::<u8>(), Just(16)].prop_map(Edit::TileSize),
        8 => (0u8..5, mutation()).prop_map(|(f, m)| Edit::Field(f, m)),
        3 => (any::<Index>(), prop_oneof![0u16..14, any::<u16>()])
            .prop_map(|(i, v)| Edit::ShapeIndex(i, v)),
        6 => (any::<Index>(), any::<Index>(), 0u8..8)
            .prop_map(|(r, at, b)| Edit::RecordBit(r, at, b)),
        4 => (any::<Index>(), 0u8..16, 0u8..16).prop_map(|(r, x, y)| Edit::Pixel(r, x, y)),
        2 => (any::<Index>(), prop::collection::vec(any::<u8>(), 0..6))
            .prop_map(|(i, name)| Edit::Name(i, name)),
        2 => any::<Index>().prop_map(Edit::RepeatName),
        4 => (any::<Index>(), prop_oneof![any::<u8>(), Just(64), Just(32), Just(224)])
            .prop_map(|(i, v)| Edit::Angle(i, v)),
    ]
}

/// Splits the names field into names, if it is well-formed.
fn split_names(mut rest: &[u8]) -> Option<Vec<Vec<u8>>> {
    let mut out = Vec::new();
    while let Some((&len, tail)) = rest.split_first() {
        let (name, tail) = tail.split_at_checked(usize::from(len))?;
        out.push(name.to_vec());
        rest = tail;
    }
    Some(out)
}

fn apply_edit(f: &mut Fields, e: &Edit) {
    let rl = format::record_len(f.tile_size);
    let records_ok = rl > 0 && !f.records.is_empty() && f.records.len() % rl == 0;
    match e {
        Edit::Magic(i, v) => f.magic[i.index(8)] = *v,
        Edit::Version(v) => f.version = *v,
        Edit::TileSize(n) => f.tile_size = *n,
        Edit::Field(which, m) => apply(f.field_mut(*which), m),
        Edit::ShapeIndex(i, v) if f.shapes.len() >= 2 => {
            let at = i.index(f.shapes.len() / 2) * 2;
            f.shapes[at..at + 2].copy_from_slice(&v.to_le_bytes());
        }
        Edit::RecordBit(r, at, bit) if records_ok => {
            let rec = f.record_mut(r.index(f.records.len() / rl));
            rec[at.index(rl)] ^= 1 << bit;
        }
        Edit::Pixel(r, x, y) if records_ok && (4..=64).contains(&f.tile_size) => {
            let n = f.tile_size;
            let r = r.index(f.records.len() / rl);
            let mut columns = columns_of(n, f.record(r));
            columns[usize::from(x % n)] ^= 1 << (y % n);
            let rebuilt = record(n, &columns);
            f.record_mut(r).copy_from_slice(&rebuilt);
            let len = format::variant_columns_len(n);
            if let Some(stored) = f.columns.get_mut(r * len..(r + 1) * len) {
                stored.copy_from_slice(&variant_columns(n, &columns));
            }
        }
        Edit::Name(i, name) => {
            if let Some(mut names) = split_names(&f.names).filter(|n| !n.is_empty()) {
                let at = i.index(names.len());
                names[at] = name.clone();
                f.names = names_field(&names);
            }
        }
        Edit::RepeatName(i) => {
            if let Some(mut names) = split_names(&f.names).filter(|n| n.len() >= 2) {
                let at = 1 + i.index(names.len() - 1);
                names[at] = names[at - 1].clone();
                f.names = names_field(&names);
            }
        }
        Edit::Angle(i, v) if !f.angles.is_empty() => {
            let at = i.index(f.angles.len());
            f.angles[at] = *v;
        }
        _ => {}
    }
}

/// Every error a content check could report for these fields (framing is valid by
/// construction), from an independent reading of the FORMAT section. Empty: valid.
///
/// Records are checked as documented: bits inside the tile, each level the OR of the one
/// below, and the rows table the transpose of the columns table.
fn expected_errors(f: &Fields) -> Vec<BlobError> {
    if f.magic != MAGIC {
        return vec![BlobError::BadMagic];
    }
    if f.version != VERSION {
        return vec![BlobError::UnsupportedVersion { found: f.version }];
    }
    let n = f.tile_size;
    if !(4..=64).contains(&n) {
        return vec![BlobError::BadTileSize { size: n }];
    }
    let rl = format::record_len(n);
    let shape_count = f.shapes.len() / 2;
    let record_count = f.records.len() / rl;
    let mut lengths = Vec::new();
    if f.shapes.len() % 2 != 0 || shape_count > usize::from(u16::MAX) {
        lengths.push(BlobError::BadLength { field: "shapes" });
    }
    if f.records.len() % rl != 0 || record_count > usize::from(u16::MAX) {
        lengths.push(BlobError::BadLength { field: "records" });
    }
    if f.records.len() % rl == 0 && f.angles.len() != record_count * 4 * usize::from(n) {
        lengths.push(BlobError::BadLength { field: "angles" });
    }
    let cl = format::variant_columns_len(n);
    if f.records.len() % rl == 0 && f.columns.len() != record_count * cl {
        lengths.push(BlobError::BadLength { field: "columns" });
    }
    if !lengths.is_empty() {
        return lengths;
    }
    let mut errors = Vec::new();
    // names
    let mut rest = &f.names[..];
    let mut previous: &[u8] = &[];
    let mut names_ok = true;
    for shape in 0..shape_count {
        let bad = BlobError::BadName {
            shape: shape as u16,
        };
        let Some((&len, tail)) = rest.split_first() else {
            errors.push(bad);
            names_ok = false;
            break;
        };
        match tail.split_at_checked(usize::from(len)) {
            Some((name, tail))
                if !name.is_empty()
                    && std::str::from_utf8(name)
                        .is_ok_and(|s| !s.chars().any(char::is_control)) =>
            {
                // distinct and sorted: each name after the one before, byte-wise
                if shape > 0 && name <= previous {
                    errors.push(BlobError::UnsortedName {
                        shape: shape as u16,
                    });
                    names_ok = false;
                    break;
                }
                previous = name;
                rest = tail;
            }
            _ => {
                errors.push(bad);
                names_ok = false;
                break;
            }
        }
    }
    if names_ok && !rest.is_empty() {
        errors.push(BlobError::BadName {
            shape: shape_count as u16,
        });
    }
    // indices
    for shape in 0..shape_count {
        let index = f.shape_index(shape);
        if index >= record_count {
            errors.push(BlobError::IndexOutOfRange {
                shape: shape as u16,
                index: index as u16,
                records: record_count as u16,
            });
        }
    }
    // records
    for r in 0..record_count {
        let rec = f.record(r);
        let ok = (0..2).all(|table| {
            (0..format::levels(n)).all(|level| {
                let width = 1usize << level;
                (0..=usize::from(n) - width).all(|i| {
                    let m = read_mask(n, rec, table, level, i);
                    let below = level == 0
                        || m == read_mask(n, rec, table, level - 1, i)
                            | read_mask(n, rec, table, level - 1, i + width / 2);
                    m & !low_bits(n) == 0 && below
                })
            })
        });
        let transposed = (0..usize::from(n)).all(|x| {
            (0..usize::from(n)).all(|y| {
                let by_column = read_mask(n, rec, 0, 0, x) >> y & 1;
                let by_row = read_mask(n, rec, 1, 0, y) >> x & 1;
                by_column == by_row
            })
        });
        // the variant columns: the record's picture turned as each stored variant
        let turned = f.columns[r * cl..(r + 1) * cl] == variant_columns(n, &columns_of(n, rec));
        if !ok || !transposed || !turned {
            errors.push(BlobError::BadRecord { record: r as u16 });
        }
        // angles: each one possible for its profile's ramps
        let profiles = profile_heights(n, &columns_of(n, rec));
        let angles = &f.angles[r * 4 * usize::from(n)..][..4 * usize::from(n)];
        let possible = angles
            .chunks(usize::from(n))
            .zip(&profiles)
            .all(|(a, h)| a.iter().all(|&a| angle_possible(a, ramps_of(h))));
        if !possible {
            errors.push(BlobError::BadAngle { record: r as u16 });
        }
    }
    errors
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config(1024))]

    /// Raw damage to the golden bytes: the checksum (or the framing) refuses all of it.
    #[test]
    fn raw_mutations_are_refused(muts in prop::collection::vec(mutation(), 1..6)) {
        let mut bytes = GOLDEN.to_vec();
        for m in &muts {
            apply(&mut bytes, m);
        }
        let result = check_bytes(&bytes);
        if bytes != GOLDEN {
            prop_assert!(result.is_err(), "damaged blob accepted: {muts:?}");
        }
    }
}

proptest! {
    #![proptest_config(config(768))]

    /// Damage behind a valid checksum: the content checks decide, and they decide exactly
    /// as the FORMAT section says (an error from `expected_errors`, or Ok when it is empty).
    #[test]
    fn reencoded_mutations_meet_the_content_checks(edits in prop::collection::vec(edit(), 1..5)) {
        let mut f = Fields::golden();
        for e in &edits {
            apply_edit(&mut f, e);
        }
        let bytes = f.encode();
        let result = check_bytes(&bytes);
        let expected = expected_errors(&f);
        match result {
            Ok(()) => prop_assert!(expected.is_empty(), "accepted, expected {expected:?}"),
            Err(e) => prop_assert!(expected.contains(&e), "got {e:?}, expected one of {expected:?}"),
        }
    }
}

/// A random valid blob: tile size, bitmaps with their angle profiles, shapes (name, record).
type Random = (u8, Vec<(Vec<u64>, Vec<u8>)>, Vec<(String, u16)>);

fn column(n: u8) -> impl Strategy<Value = u64> {
    let all = low_bits(n);
    prop_oneof![
        any::<u64>().prop_map(move |c| c & all),
        (0..=n).prop_map(low_bits), // a floor of height h
        (0..=n).prop_map(move |h| all & !low_bits(n - h)), // a ceiling
        Just(0),
        Just(all),
    ]
}

fn random_blob() -> impl Strategy<Value = Random> {
    (4u8..=64).prop_flat_map(|n| {
        let bitmap = prop::collection::vec(column(n), usize::from(n));
        let angles = prop::collection::vec(any::<u8>(), 4 * usize::from(n));
        let records = prop::collection::vec((bitmap, angles), 0..4);
        let shapes = prop::collection::vec(("\\PC{1,8}", any::<u16>()), 0..6);
        (Just(n), records, shapes).prop_map(|(n, mut records, mut shapes)| {
            if records.is_empty() {
                shapes.clear();
            }
            // As the generator writes them: names distinct and sorted, angles possible.
            shapes.sort_by(|a, b| a.0.cmp(&b.0));
            shapes.dedup_by(|a, b| a.0 == b.0);
            for (columns, angles) in &mut records {
                *angles = plausible_angles(n, columns, angles);
            }
            for s in &mut shapes {
                s.1 %= records.len().max(1) as u16;
            }
            (n, records, shapes)
        })
    })
}

/// Pixel (x, y) of `variant`, by the spec's definition from the base bitmap.
fn variant_solid(n: u8, columns: &[u64], v: Variant, x: i32, y: i32) -> bool {
    let last = i32::from(n) - 1;
    let (mut x, mut y) = (x, y);
    if v.flips_y() {
        y = last - y;
    }
    if v.flips_x() {
        x = last - x;
    }
    if v.rotated() {
        (x, y) = (last - y, x);
    }
    columns[x as usize] >> y & 1 == 1
}

/// The spec's offsets, computed pixel-range by pixel-range from a prefix-sum grid.
struct Brute {
    n: i32,
    sum: Vec<u32>,
}

impl Brute {
    fn new(n: u8, columns: &[u64], v: Variant) -> Brute {
        let n_ = usize::from(n);
        let mut sum = vec![0u32; (n_ + 1) * (n_ + 1)];
        for y in 0..n_ {
            for x in 0..n_ {
                let p = u32::from(variant_solid(n, columns, v, x as i32, y as i32));
                sum[(y + 1) * (n_ + 1) + x + 1] =
                    p + sum[y * (n_ + 1) + x + 1] + sum[(y + 1) * (n_ + 1) + x]
                        - sum[y * (n_ + 1) + x];
            }
        }
        Brute {
            n: i32::from(n),
            sum,
        }
    }

    fn hit(&self, x0: i32, x1: i32, y0: i32, y1: i32) -> bool {
        let (x0, x1) = (x0.max(0), x1.min(self.n - 1));
        let (y0, y1) = (y0.max(0), y1.min(self.n - 1));
        if x0 > x1 || y0 > y1 {
            return false;
        }
        let w = (self.n + 1) as usize;
        let at = |x: i32, y: i32| self.sum[y as usize * w + x as usize];
        at(x1 + 1, y1 + 1) + at(x0, y0) > at(x0, y1 + 1) + at(x1 + 1, y0)
    }

    fn offsets(&self, o: Overlap) -> Offsets {
        let (x, y, w, h) = (
            i32::from(o.x),
            i32::from(o.y),
            i32::from(o.w),
            i32::from(o.h),
        );
        let n = self.n;
        let up = |k: i32| self.hit(x, x + w, y + k, y + h + k);
        let down = |k: i32| self.hit(x, x + w, y - k, y + h - k);
        let right = |k: i32| self.hit(x + k, x + w + k, y, y + h);
        let left = |k: i32| self.hit(x - k, x + w - k, y, y + h);
        let (u, d, r, l) = (n - y, y + h + 1, n - x, x + w + 1);
        let free = |f: &dyn Fn(i32) -> bool, exit: i32| (1..=exit).find(|&k| !f(k)).unwrap();
        let touch =
            |f: &dyn Fn(i32) -> bool, exit: i32| (1..=exit).find(|&k| f(k)).unwrap_or(exit) - 1;
        if self.hit(x, x + w, y, y + h) {
            let (fu, fd, fr, fl) = (
                free(&up, u),
                -free(&down, d),
                free(&right, r),
                -free(&left, l),
            );
            let c = |v: i32| v as i8;
            Offsets {
                free_left: c(fl),
                free_right: c(fr),
                free_down: c(fd),
                free_up: c(fu),
                colliding_left: c(fr),
                colliding_right: c(fl),
                colliding_bottom: c(fu),
                colliding_top: c(fd),
            }
        } else {
            Offsets {
                colliding_top: touch(&up, u) as i8,
                colliding_bottom: -touch(&down, d) as i8,
                colliding_right: touch(&right, r) as i8,
                colliding_left: -touch(&left, l) as i8,
                ..Offsets::default()
            }
        }
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// Valid blobs built from random bitmaps load, and answer as the bitmaps say.
    #[test]
    fn random_valid_blobs_load_and_answer(
        (n, records, shapes) in random_blob(),
        overlaps in prop::collection::vec(any::<[u8; 4]>(), 6),
    ) {
        let list: Vec<(&str, u16)> = shapes.iter().map(|(s, i)| (s.as_str(), *i)).collect();
        let f = build(n, &records, &list);
        let bytes = f.encode();
        prop_assert_eq!(check_bytes(&bytes), Ok(()));
        let t = Tables::from_bytes(&bytes).unwrap();
        prop_assert_eq!(usize::from(t.shape_count()), shapes.len());
        prop_assert_eq!(usize::from(t.record_count()), records.len());
        let names: Vec<&str> = t.ids().map(|(_, name)| name).collect();
        prop_assert_eq!(names, shapes.iter().map(|s| s.0.as_str()).collect::<Vec<_>>());
        // each record once, through the first shape that uses it
        let mut seen = vec![false; records.len()];
        for (id, (_, r)) in shapes.iter().enumerate() {
            let r = usize::from(*r);
            if std::mem::replace(&mut seen[r], true) {
                continue;
            }
            let s = t.shape(ShapeId::new(id as u16)).unwrap();
            let (columns, angles) = &records[r];
            for v in Variant::ALL {
                for x in 0..n {
                    let mut top = 0;
                    for y in 0..n {
                        let solid = variant_solid(n, columns, v, i32::from(x), i32::from(y));
                        prop_assert_eq!(s.is_solid(v, x, y), solid, "{:?} ({}, {})", v, x, y);
                        if solid {
                            top = y + 1;
                        }
                    }
                    let surface = s.surface(v, x);
                    prop_assert_eq!(surface.map(|s| s.height), (top > 0).then_some(top));
                    if let Some(surface) = surface {
                        let profile = usize::from(v.rotated()) * 2 + usize::from(v.flips_y());
                        let n_ = usize::from(n);
                        let angle = if v.flips_x() {
                            angles[profile * n_ + n_ - 1 - usize::from(x)].wrapping_neg()
                        } else {
                            angles[profile * n_ + usize::from(x)]
                        };
                        prop_assert_eq!(surface.angle, angle);
                    }
                }
                let brute = Brute::new(n, columns, v);
                for &[x, y, w, h] in &overlaps {
                    let o = Overlap::new(x % n, y % n, w % n, h % n);
                    prop_assert_eq!(s.offsets(v, o), brute.offsets(o), "{:?} {:?}", v, o);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// 4. Error messages
// ---------------------------------------------------------------------------------------

#[test]
fn error_messages_are_lowercase_first() {
    let all = [
        BlobError::Truncated,
        BlobError::BadMagic,
        BlobError::UnsupportedVersion { found: 2 },
        BlobError::BadVarint,
        BlobError::TrailingBytes,
        BlobError::ChecksumMismatch {
            stored: 1,
            computed: 0xDEAD_BEEF,
        },
        BlobError::BadTileSize { size: 3 },
        BlobError::BadLength { field: "records" },
        BlobError::IndexOutOfRange {
            shape: 1,
            index: 12,
            records: 12,
        },
        BlobError::BadName { shape: 0 },
        BlobError::BadRecord { record: 7 },
        BlobError::UnsortedName { shape: 4 },
        BlobError::BadAngle { record: 2 },
    ];
    for e in all {
        let text = e.to_string();
        let first = text
            .chars()
            .next()
            .unwrap_or_else(|| panic!("{e:?}: empty message"));
        assert!(first.is_lowercase(), "{e:?}: {text:?}");
        assert!(!text.ends_with(['.', '\n', ' ']), "{e:?}: {text:?}");
        assert_eq!(text.trim(), text, "{e:?}");
        let as_error: &dyn std::error::Error = &e;
        assert_eq!(as_error.to_string(), text);
    }
    // the values are in the messages
    assert!(
        BlobError::UnsupportedVersion { found: 2 }
            .to_string()
            .contains('2')
    );
    assert!(
        BlobError::BadTileSize { size: 65 }
            .to_string()
            .contains("65")
    );
    assert!(
        BlobError::BadLength { field: "angles" }
            .to_string()
            .contains("angles")
    );
    assert!(
        BlobError::ChecksumMismatch {
            stored: 0x1234_5678,
            computed: 0x9ABC_DEF0
        }
        .to_string()
        .contains("0x12345678")
    );
}
