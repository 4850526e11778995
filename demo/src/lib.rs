//! The demo's level, its scripted actors and their drawings. `build.rs` regenerates the
//! level from its Tiled map, `levels/walk.tmx` (with its tileset and sheet), and the default
//! tiles' tables from `tiles/`.
//!
//! - [`scene`]: the level (a [`slope_runtime::TileMap`]), a lift, and actors that follow
//!   scripts, stepped one frame at a time through the runtime's public API.
//! - [`text`]: the level and its actors as characters, at full width or in 80 columns.
//! - [`recording`]: the scene as an animated GIF (`cargo run -p demo --example record`).

pub mod recording;
pub mod scene;
pub mod text;

/// The tables build.rs generated from `tiles/` (every default shape, for the listing).
pub mod tiles {
    include!(concat!(env!("OUT_DIR"), "/tiles.rs"));
}

/// The level build.rs generated from the Tiled map `levels/walk.tmx`: its tables (the
/// shapes its sheet holds), `map()` and its named objects (`LIFT`, `HERO`).
pub mod walk {
    include!(concat!(env!("OUT_DIR"), "/walk.rs"));
}
