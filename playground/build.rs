//! Regenerates the default tiles' tables into OUT_DIR on every change to `tiles/`.

fn main() {
    slopegen::Builder::new("../tiles").build();
}
