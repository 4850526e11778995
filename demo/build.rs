//! Regenerates the default tiles' tables into OUT_DIR on every change to `tiles/`, and the
//! demo level from its Tiled map (`levels/walk.tmx`, its tileset and sheet): the path from
//! the editor to a running actor, built on every build.

fn main() {
    slopegen::Builder::new("../tiles").build();
    slopegen::Builder::new("levels/walk.tmx").build();
}
