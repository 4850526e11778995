//! The packed map loader on any bytes whose last four are the CRC-32 of the others, so
//! that every mutation reaches the checks behind the checksum.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let tables = slope_fuzz::default_tables();
    let bytes = slope_fuzz::with_checksum(data);
    let _ = slope_fuzz::maps::load_and_check(&bytes, &tables, data.len() as u64);
});
