//! `Tables::from_bytes` on any bytes whose last four are the CRC-32 of the others, so that
//! every mutation reaches the checks behind the checksum.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let bytes = slope_fuzz::with_checksum(data);
    if let Ok(tables) = slope_runtime::Tables::from_bytes(&bytes) {
        slope_fuzz::tables::check(&tables, data.len() as u64);
    }
});
