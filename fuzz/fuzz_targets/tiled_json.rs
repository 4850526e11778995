//! Any bytes as a Tiled JSON map (`fuzz.tmj`, when they hold `"layers"`) or tileset
//! (`fuzz.tsj`), beside the tilesets, images and collision shapes of the test levels it
//! may name: an error naming a file, or tables and packed maps that load; nothing written
//! outside the output folder.
#![no_main]

use libfuzzer_sys::fuzz_target;
use slope_fuzz::files::{self, Fixture};

fuzz_target!(|data: &[u8]| {
    let layers = data.windows(8).any(|w| w == b"\"layers\"");
    let name = if layers { "fuzz.tmj" } else { "fuzz.tsj" };
    let fixture = Fixture::new(&files::with(slope_fuzz::files::tiled_fixture(), name, data));
    fixture.generate(&mut slopegen::Builder::new(fixture.join(name)));
});
