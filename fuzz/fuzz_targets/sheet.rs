//! A sprite sheet: a valid PNG of any size (up to 256 px a side), colour type and depth,
//! cut with any tile size, margin and spacing: an error naming the sheet, or tables that
//! load; nothing written outside the output folder.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use slope_fuzz::files::Fixture;
use slope_fuzz::pictures::Picture;

#[derive(Debug, Arbitrary)]
struct Input {
    picture: Picture,
    tile_size: u8,
    margin: u8,
    spacing: u8,
}

fuzz_target!(|input: Input| {
    let png = input.picture.encode(256);
    let fixture = Fixture::new(&[("sheet.png", &png)]);
    fixture.generate(
        slopegen::Builder::new(fixture.join("sheet.png"))
            .tile_size(u32::from(input.tile_size % 72))
            .margin(u32::from(input.margin % 12))
            .spacing(u32::from(input.spacing % 12)),
    );
});
