//! The motion half: actors moving through a map of shapes from the tables.
//!
//! - `rect`: boxes in world pixels;
//! - `map`: what is in each cell (`TileMap`, `GridMap`);
//! - `packed`: a level in flash (`PackedMap`), Tiled flip flags;
//! - `actor`: actors, their settings and contacts;
//! - `platform`: moving platforms;
//! - `world`: a map and its tables, and the box queries (hits, room, escape);
//! - `steps` and `movement`: one frame of an actor, pixel by pixel (`World::step`);
//! - `placement`: an actor's size and starting place between moves (`World::resize`,
//!   `World::place_on_ground`);
//! - `carry`: moving a platform with its riders (`Platforms`, `move_platform`);
//! - `scene`: actors and platforms held together and run frame by frame (`Scene`), kept in
//!   `bounded` vectors (fixed capacity, no atomics, no `unsafe`).
//!
//! Imports run one way: `rect` ← `actor`, `platform`, `map` ← `world` ← `movement`, `carry`,
//! `placement` ← `scene`.

pub mod actor;
mod bounded;
pub mod carry;
pub mod map;
pub mod movement;
pub mod packed;
pub mod placement;
pub mod platform;
pub mod rect;
pub mod scene;
pub(crate) mod steps;
pub mod world;
