//! `PackedMap::from_bytes` (or `WidePackedMap`'s, as the header says) on any bytes: an
//! error, or a map whose every cell answers.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let tables = slope_fuzz::default_tables();
    let _ = slope_fuzz::maps::load_and_check(data, &tables, data.len() as u64);
});
