//! A tile folder holding a default tile and any bytes as `fuzz.png`, built as `build.rs`
//! builds it: an error naming the file, or tables that load; nothing written outside the
//! output folder.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use slope_fuzz::files::{self, Fixture};

fn tiles() -> &'static [(String, Vec<u8>)] {
    static FILES: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    FILES.get_or_init(|| files::repository_files(&[("tiles/slope45.png", "tiles/slope45.png")]))
}

fuzz_target!(|data: &[u8]| {
    let fixture = Fixture::new(&files::with(tiles(), "tiles/fuzz.png", data));
    fixture.generate(&mut slopegen::Builder::new(fixture.join("tiles")));
});
