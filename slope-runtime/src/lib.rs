//! Slope collision for 2D tile platformers, served from `slopegen`'s packed tables.
//!
//! `#![no_std]`, no allocation, no floats, no panics: the same answers on a Cortex-M0, in
//! wasm and on a desktop.
//!
//! # The model
//!
//! A tile is an N×N bitmap (N from 4 to 64). The offline generator `slopegen` reads tiles
//! drawn as PNGs and writes a *blob*; firmware embeds it (`include_bytes!`) and loads it with
//! [`Tables::from_bytes`], which validates everything once. Each shape can be placed in eight
//! [`Variant`]s (mirrored, flipped, rotated), which share its data. For any *overlap* of a box
//! with a tile ([`Overlap`]: a position and a 0-based size, in tile pixels, y up), a lookup
//! answers the eight [`Offsets`]: how far to move up, down, left or right to get free of the
//! solid pixels, or, when free, how far the box can move before it touches them.
//!
//! ```text
//!   y                               overlap (4, 8, 2, 3): a 3×4 box `b`
//!  15 . . . . . . . . . . . . . . . #
//!     . . . . . . . . . . . . . . # #    colliding_top    =  7 (room above)
//!     . . . . . . . . . . . . . # # #    colliding_right  =  1 (column 8 is solid at row 8)
//!     . . . . . . . . . . . . # # # #    colliding_bottom = -1 (one step down, it rests)
//!  11 . . . . b b b . . . . # # # # #    colliding_left   = -6 (nothing left; it exits the tile)
//!     . . . . b b b . . . # # # # # #
//!     . . . . b b b . . # # # # # # #    free_* = 0: the box is not inside the slope
//!   8 . . . . b b b . # # # # # # # #
//!     . . . . . . . # # # # # # # # #    slope45: column x is solid in rows 0..=x
//!   6 . . . . . . # # # # # # # # # #
//!     …
//!   0 # # # # # # # # # # # # # # # #
//!     0       4       8             15 x
//! ```
//!
//! A record stores each shape as range-OR line masks (see [`format`]): any box's answer is
//! two mask loads and a few word operations, never a loop over its pixels, and a 16×16
//! shape costs under 300 bytes instead of the 512 KiB of a dense offset table.
//!
//! # Example
//!
//! ```
//! use slope_runtime::{Overlap, Tables, Variant};
//! # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
//! // In a game: `include!(concat!(env!("OUT_DIR"), "/tiles.rs"));` and `tables()?`.
//!
//! let tables = Tables::from_bytes(BLOB)?;
//! let slope = tables.shape_by_name("slope45").expect("a default tile");
//! let o = slope.offsets(Variant::Identity, Overlap::new(4, 8, 2, 3));
//! assert_eq!([o.colliding_top, o.colliding_right, o.colliding_bottom, o.colliding_left], [7, 1, -1, -6]);
//! # Ok::<(), slope_runtime::Error>(())
//! ```
//!
//! The offsets' exact definitions are in the project's `shared/spec/offsets.md`; every value
//! is checked against a brute-force implementation of it in the tests.
//!
//! # Moving actors
//!
//! A [`World`] is a [`TileMap`] (the game's: what is in cell `(tx, ty)` — empty, full, or a
//! shape in one of its variants, possibly one-way; or the ready [`GridMap`]) plus the tables.
//! An [`Actor`] is a box of whole pixels with a sub-pixel remainder and a fixed-point
//! velocity (1/256 px per frame). Each frame the game sets the velocity and calls
//! [`World::step`]; the actor then moves **one pixel at a time**, x and y steps interleaved
//! in the ratio of the speeds, and every step asks the tables about the cells along the
//! box's leading edge only:
//!
//! ```text
//!            ceiling ─▶ ######        moving up into it: slide sideways along a sloped
//!                       ##            ceiling, or around a corner (corner correction)
//!        ┌──┐
//!        │  │ ─▶ step right: the pixel column ahead is free ─▶ take it, then stick to
//!        │  │    ground up to wall height − 1 below (walking down a slope)
//!        └──┘ ▟  blocked, but a rise < wall height ─▶ step up onto it (walking up)
//!    ▁▁▁▁▁▁▁▃▅█  blocked by ≥ wall height ─▶ a wall: stop, `pushing_right`
//! ```
//!
//! One-way cells meet only the actor's feet and only from above; [`Actor::drop_through`]
//! ignores the row it stands on until it has left it. [`ActorSettings`] holds every
//! option with its default (wall height 4, sticking, ceiling slide, corner correction 4,
//! equal speed on slopes, whole-box or centre feet).
//!
//! ```
//! use slope_runtime::{Actor, Cell, GridMap, Tables, Variant, World, SUBPIXEL};
//! # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
//! let tables = Tables::from_bytes(BLOB)?;
//! let slope = tables.find("slope45").expect("a default tile");
//! let mut map: GridMap<6, 4> = GridMap::new(Cell::FULL);
//! for tx in 0..6 {
//!     map.set(tx, 0, Cell::FULL);
//! }
//! map.set(3, 1, Cell::shape(slope, Variant::Identity)); // a 45° ramp up to the right
//! map.set(4, 1, Cell::FULL);
//! let world = World::new(tables, &map);
//!
//! let mut hero = Actor::new(8, 16, 8, 12);
//! for _frame in 0..60 {
//!     hero.vx = SUBPIXEL;       // input: 1 px per frame to the right
//!     hero.vy -= SUBPIXEL / 4;  // gravity
//!     world.step(&mut hero);    // the pixel sweep
//! }
//! // it walked up the ramp and stands on the block behind it
//! assert_eq!((hero.x, hero.y), (68, 32));
//! assert!(hero.contacts.on_ground());
//! # Ok::<(), slope_runtime::Error>(())
//! ```
#![cfg_attr(not(test), no_std)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]

mod motion;
mod tables;
#[cfg(test)]
mod testing;

pub use motion::actor::{
    Actor, ActorSettings, Contacts, Feet, MAX_POSITION, MAX_SIZE, MAX_SPEED, SUBPIXEL,
};
pub use motion::carry::move_platform;
pub use motion::map::{Cell, GridMap, Solid, TileMap};
pub use motion::movement::MAX_MOVE;
pub use motion::packed::{
    MAP_HEADER_LEN, MAP_MAGIC, MAP_VERSION, MAX_MAP_CELLS, MapError, PackedMap, WidePackedMap,
    cell_code, index_width,
};
pub use motion::platform::Platform;
pub use motion::rect::Rect;
pub use motion::world::World;
pub use tables::crc::crc32;
pub use tables::error::Error;
pub use tables::format;
pub use tables::geometry::{Direction, Offsets, Overlap, Variant};
pub use tables::shape::{LocalBox, Shape, Surface};
pub use tables::{ShapeId, Tables};
