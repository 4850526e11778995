//! Regenerates the default tiles' tables into OUT_DIR, for host and firmware builds alike.

fn main() {
    let tiles = concat!(env!("CARGO_MANIFEST_DIR"), "/../tiles");
    slopegen::Builder::new(tiles).build();
}
