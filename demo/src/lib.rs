//! The demo's level, its scripted actors and their drawings, over the default tiles' tables
//! that `build.rs` regenerates from `tiles/`.
//!
//! - [`scene`]: the level (a [`slope_runtime::TileMap`]), a lift, and actors that follow
//!   scripts, stepped one frame at a time through the runtime's public API.
//! - [`text`]: the level and its actors as characters, at full width or in 80 columns.
//! - [`recording`]: the scene as an animated GIF (`cargo run -p demo --example record`).

pub mod recording;
pub mod scene;
pub mod text;

/// The tables build.rs generated from `tiles/`.
pub mod tiles {
    include!(concat!(env!("OUT_DIR"), "/tiles.rs"));
}
