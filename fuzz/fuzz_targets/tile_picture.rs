//! A tile folder holding a default tile and a valid PNG of any size (up to 72 px a side),
//! colour type and bit depth as `fuzz.png`: an error naming the file (the wrong size, not
//! square), or tables that load; nothing written outside the output folder.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use slope_fuzz::files::{self, Fixture};
use slope_fuzz::pictures::Picture;

fn tiles() -> &'static [(String, Vec<u8>)] {
    static FILES: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    FILES.get_or_init(|| files::repository_files(&[("tiles/slope45.png", "tiles/slope45.png")]))
}

fuzz_target!(|picture: Picture| {
    let png = picture.encode(72);
    let fixture = Fixture::new(&files::with(tiles(), "tiles/fuzz.png", &png));
    fixture.generate(&mut slopegen::Builder::new(fixture.join("tiles")));
});
