//! `Tables::from_bytes` on any bytes: an error, or tables whose every lookup answers and
//! agrees with the others.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(tables) = slope_runtime::Tables::from_bytes(data) {
        slope_fuzz::tables::check(&tables, data.len() as u64);
    }
});
