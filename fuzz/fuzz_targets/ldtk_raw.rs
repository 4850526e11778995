//! Any bytes as an LDtk project (`fuzz.ldtk`), beside the tileset image and external level
//! files of the test projects and, for a project whose IntGrid values name shapes (`slope`
//! in it), the default tiles: an error naming a file, or tables and packed maps that load;
//! nothing written outside the output folder.
#![no_main]

use libfuzzer_sys::fuzz_target;
use slope_fuzz::files::{self, Fixture};

fuzz_target!(|data: &[u8]| {
    let fixture = Fixture::new(&files::with(files::ldtk_fixture(), "fuzz.ldtk", data));
    let mut builder = slopegen::Builder::new(fixture.join("fuzz.ldtk"));
    if data.windows(5).any(|w| w == b"slope") {
        builder.tile_folder(fixture.join("tiles"));
    }
    fixture.generate(&mut builder);
});
