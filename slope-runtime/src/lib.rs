//! Slope collision for 2D tile platformers: actors moved pixel by pixel over slopes, one-way
//! cells and moving platforms, answered from the packed tables that `slopegen` generates
//! from tiles drawn as PNGs.
//!
//! `#![no_std]`, no allocation, no floats, no panics: the same answers, bit for bit, on a
//! Cortex-M0, in wasm and on a desktop.
//!
//! # Each frame
//!
//! Load the tables once, describe the level as a [`TileMap`] (here the ready [`GridMap`]),
//! then each frame set an [`Actor`]'s velocity, call [`World::step`], and read the
//! [`Contacts`] it returns:
//!
//! ```
//! use slope_runtime::{Actor, Cell, GridMap, Tables, Variant, World, SUBPIXEL};
//! # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
//! // In a game: `tiles::TABLES`, from the module slopegen generated (next section).
//! let tables = Tables::from_bytes(BLOB)?; // validates the blob once
//! let slope45 = tables.find("slope45").expect("a default tile");
//!
//! // 6×4 cells of 16 px, y up, solid outside: a floor, a 45° ramp, a block behind it.
//! let mut map: GridMap<6, 4> = GridMap::new(Cell::FULL);
//! for tx in 0..6 {
//!     map.set(tx, 0, Cell::FULL);
//! }
//! map.set(3, 1, Cell::shape(slope45, Variant::Identity));
//! map.set(4, 1, Cell::FULL);
//! let world = World::new(tables, &map);
//!
//! let mut hero = Actor::new(8, 16, 8, 12); // bottom-left pixel (8, 16), 8×12 px
//! for frame in 0..60 {
//!     hero.vx = SUBPIXEL; // input: 1 px per frame to the right (velocities in 1/256 px)
//!     hero.vy -= SUBPIXEL / 4; // gravity
//!     let contacts = world.step(&mut hero); // the pixel sweep
//!     if frame == 39 {
//!         // half-way up the ramp
//!         assert!(contacts.on_ground());
//!         // the slope under its feet, asked when wanted: a byte angle, 32 = 45°
//!         assert_eq!(world.ground_angle(&hero), 32);
//!     }
//! }
//! // it walked up the ramp and stands on the block behind it
//! assert_eq!((hero.x, hero.y), (68, 32));
//! assert!(hero.contacts.on_ground());
//! # Ok::<(), slope_runtime::BlobError>(())
//! ```
//!
//! Jumping is setting `vy` while [`Contacts::on_ground`]; dropping through a one-way cell (or
//! a one-way platform) is [`Actor::drop_through`] while [`Contacts::on_one_way`]. Landing or
//! hitting a ceiling zeroes `vy`, hitting a wall zeroes `vx`. Between frames,
//! [`Actor::place`] teleports an actor (forgetting its sub-pixel remainder,
//! [`Actor::remainder`]), [`World::place_on_ground`] spawns one on the ground below a point,
//! and [`World::resize`] changes its size (crouching, standing up) where there is room.
//!
//! # A scene
//!
//! A [`Scene`] holds a game's actors and moving platforms (in fixed-capacity collections:
//! no allocation; adding past capacity is an error), names them by ids, and runs a frame in
//! order: every platform moves by its velocity first (carrying its riders, pushing actors
//! out of its way, crushing those that cannot give way), then every actor steps. Each
//! frame's events can be read from it:
//!
//! ```
//! use slope_runtime::{Actor, Cell, Event, GridMap, Platform, Scene, Tables, SUBPIXEL};
//! # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
//! let tables = Tables::from_bytes(BLOB)?;
//! // 16×8 cells of 16 px, solid outside: a room with its floor at y = 0.
//! let map: GridMap<16, 8> = GridMap::new(Cell::FULL);
//! let mut scene: Scene<'_, _, 8, 4> = Scene::new(tables, map); // up to 8 actors, 4 platforms
//! let hero = scene.add_actor(Actor::new(40, 24, 8, 14))?; // standing on the lift
//! let crab = scene.add_actor(Actor::new(200, 0, 12, 8))?; // on the floor
//! // a lift rising 0.5 px per frame (velocities in 1/256 px per frame)
//! let lift = Platform::new(32, 16, 32, 8).with_velocity(0, SUBPIXEL / 2);
//! let lift = scene.add_platform(lift)?;
//!
//! let mut crab_hit_the_wall = false;
//! for frame in 0..60 {
//!     for (id, actor) in scene.actors_mut() {
//!         actor.vy -= SUBPIXEL / 4; // gravity
//!         if id == crab {
//!             actor.vx = 2 * SUBPIXEL; // walks right
//!         }
//!     }
//!     if frame == 40 {
//!         if let Some(a) = scene.actor_mut(hero) {
//!             a.vy = 4 * SUBPIXEL; // jumps off the rising lift
//!         }
//!     }
//!     scene.update(); // the lift moves (carrying the hero), then both actors step
//!     for (id, event) in scene.events() {
//!         crab_hit_the_wall |= (id, event) == (crab, Event::HitWall);
//!     }
//!     if frame == 40 {
//!         assert!(scene.events_of(hero).contains(Event::LeftGround));
//!     }
//! }
//! assert_eq!(scene.platform(lift).map(|p| p.y), Some(46)); // 30 px in 60 frames
//! assert!(crab_hit_the_wall); // the room's right wall, at x = 256
//! assert_eq!(scene.actor(crab).map(|a| a.x), Some(244));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`World`], [`Platforms`] and [`move_platform`] stay available for games that keep their
//! own collections.
//!
//! # Getting the tables
//!
//! A game's build script generates the blob and a module that embeds it, validated at
//! compile time against the blob beside it:
//!
//! ```toml
//! [build-dependencies]
//! slopegen = { version = "0.1", default-features = false } # without the command line
//! [dependencies]
//! slope-runtime = "0.1"
//! ```
//!
//! ```rust,ignore
//! // build.rs: writes $OUT_DIR/tiles.bin and tiles.rs from the PNGs in tiles/
//! fn main() {
//!     slopegen::Builder::new("tiles").build();
//! }
//! ```
//!
//! ```rust,ignore
//! // src/main.rs
//! mod tiles {
//!     include!(concat!(env!("OUT_DIR"), "/tiles.rs"));
//! }
//! let tables = tiles::TABLES; // Tables::from_bytes(tiles::blob()), run by the compiler
//! let slope45 = tiles::SLOPE45; // a ShapeId per tile, named after its file
//! ```
//!
//! `TABLES` is a `const` item: [`Tables::from_bytes`] is a `const fn`, so the compiler
//! validates the blob, a damaged or mismatched file is a compile error naming it and the
//! fix, and the game links none of the validation code (4.3 KB on a Cortex-M0).
//!
//! A level drawn in Tiled goes the same way: `Builder::new("level1.tmx")` adds a
//! `level1::MAP`, a [`PackedMap`] (a byte per cell, kept in flash) validated the same way
//! and checked against the tables, with the map's size and its named points and rectangles
//! as constants.
//!
//! # Tables and offsets
//!
//! A tile is an N×N bitmap (N from 4 to 64); each shape can be placed in eight [`Variant`]s
//! (mirrored, flipped, rotated), which share its record. [`Tables::from_bytes`] checks a blob
//! once; its lookups cannot fail after that. For any *overlap* of a box with a tile
//! ([`Overlap`]: a position and a 0-based size, in tile pixels, y up), a [`Shape`] answers
//! the eight [`Offsets`]: how far to move up, down, left or right to get free of the solid
//! pixels, or, when free, how far the box can move before it touches them. The
//! [offset contract](crate::spec) defines every value; the tests compare each one with a
//! brute force of it.
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
//! ```
//! use slope_runtime::{Overlap, Tables, Variant};
//! # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
//! let tables = Tables::from_bytes(BLOB)?;
//! let slope = tables.shape_by_name("slope45").expect("a default tile");
//! let o = slope.offsets(Variant::Identity, Overlap::new(4, 8, 2, 3));
//! assert_eq!([o.colliding_top, o.colliding_right, o.colliding_bottom, o.colliding_left], [7, 1, -1, -6]);
//! # Ok::<(), slope_runtime::BlobError>(())
//! ```
//!
//! A record stores a shape as range-OR line masks (see [`format`]): any box's answer is two
//! mask loads and a few word operations, never a loop over its pixels. Beside it, the blob
//! keeps the columns of four variants as they stand, which the movers' height lookups
//! read. A 16×16 shape with all eight variants costs about 420 bytes instead of the 512 KiB
//! of a dense offset table.
//!
//! # Moving actors
//!
//! A [`World`] is a [`TileMap`] (the game's own, or a [`GridMap`] or [`PackedMap`]: what is
//! in cell `(tx, ty)`, empty, full or a shape in one of its variants, possibly one-way) plus
//! the tables. An [`Actor`] is a box of whole pixels with a sub-pixel remainder and a
//! fixed-point velocity ([`SUBPIXEL`] units per pixel). [`World::step`] moves it **one pixel
//! at a time**, x and y steps interleaved in the ratio of the speeds, and every step asks
//! the tables about the cells along the box's leading edge only (the whole box for centre
//! feet, whose shape depends on the ground under their centre):
//!
//! ```text
//!            ceiling ─▶ ######        moving up into it: slide sideways along a sloped
//!                       ##            ceiling (ceiling slide), or around the corner of
//!                                     a block (corner correction)
//!        ┌──┐
//!        │  │ ─▶ step right: the pixel column ahead is free ─▶ take it, then stick to
//!        │  │    ground up to wall height − 1 below (walking down a slope)
//!        └──┘ ▟  blocked, but a rise < wall height ─▶ step up onto it (walking up)
//!    ▁▁▁▁▁▁▁▃▅█  blocked by ≥ wall height ─▶ a wall: stop, `pushing_right`
//! ```
//!
//! One-way cells meet only the actor's feet and only from above. [`ActorSettings`] holds
//! every option with its default: wall height 4, sticking to slopes, ceiling slide, corner
//! correction 4, equal speed on slopes, whole-box or centre feet ([`Feet`]). The returned
//! [`Contacts`] say what the motion ran into, as Godot's `is_on_floor()`, `is_on_wall()`
//! and `is_on_ceiling()` do: the ground it ends on (and which cell or platform), a wall or
//! a ceiling that stopped a step, a crushing platform. No wall or ceiling is probed after
//! the move, only the ground under the feet; [`World::touching`] asks what touches the
//! actor where it stands, when a game wants to know. An actor's own motion never embeds it, so no step checks for that: after a change
//! of the map under an actor, [`World::unstick`] frees it.
//!
//! Moving platforms are [`Platform`] boxes, solid or one-way, moved by whole pixels or by a
//! sub-pixel velocity. Each frame, move them first with [`Platforms`] (or
//! [`move_platform`]): riders are carried, actors in the way pushed, an actor that cannot
//! give way reported [`Contacts::crushed`]. Then step the actors in
//! [`World::with_platforms`]: [`Contacts::ground_platform`] says which platform holds an
//! actor, an actor that jumps or walks off a moving platform keeps its momentum, and
//! [`Actor::drop_through`] drops through a one-way platform as through one-way cells. A
//! [`Scene`] does all of that for the actors and platforms it holds.
//!
//! # Cargo features
//!
//! An actor's settings are values that every step reads, so a game links every rule a
//! setting can select, whether its actors use it or not. The two largest are features, on
//! by default, and so is reading tiles of every size the format allows; a game that needs
//! none of them leaves them out:
//!
//! ```toml
//! [dependencies]
//! slope-runtime = { version = "0.1", default-features = false }
//! ```
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `centre_feet` | on | `Feet::Centre`: actors that stand on the surface under their centre |
//! | `equal_slope_speed` | on | `ActorSettings::equal_slope_speed`: walking speed along a slope equal to the flat speed, from the [ground angle](World::ground_angle) |
//! | `any_tile_size` | on | tables of every tile size from 4 to 64 px; without it, 4, 8, 16 or 32 px only (pixels map to tiles by a shift, every line mask fits a word: no division and no 64-bit arithmetic, which are library calls on ARMv6-M), and [`Tables::from_bytes`] refuses other sizes with [`BlobError::TileSizeNeedsFeature`] (the module slopegen generates for such tiles names the feature) |
//! | `agb_fixnum` | off | `slope_runtime::fixnum`: velocities as agb's `Num<i32, 8>` (adds `agb_fixnum`, MPL-2.0) |
//!
//! Without the first three, the repository's Cortex-M0 game (a Tiled level of 16-px tiles
//! with slopes, a one-way ledge and a lift, 8 actors with box feet) links 17,908 bytes of
//! the runtime's code instead of 31,272 (`bash firmware/bench.sh`, which checks that it
//! plays the same either way). Box-feet actors move exactly alike with or without them.
//! Without `equal_slope_speed`, [`World::ground_angle`] is still there for a game that asks.
//!
//! # No panics
//!
//! Every lookup and every move is total: a blob or a packed map is validated once when it
//! is loaded (by the compiler, for the module slopegen generates), and nothing after that
//! can fail. The crate denies `unwrap`, `expect`, `panic!` and slice indexing in its code
//! (the loaders' `const` byte reads index behind a bounds test, as `get` is not `const`),
//! and the repository's firmware check proves that no panic path survives in a Cortex-M0
//! release build of every public function.
//!
//! # On the Game Boy Advance
//!
//! The GBA runs code from the cartridge ROM through a 16-bit bus with wait states. Linking
//! the step's hottest functions in IWRAM instead (a copy of agb's linker script with one
//! block added) took the repository's GBA example from a median 7,571 to 5,336 cycles a
//! frame; building it in ARM state (`armv4t-none-eabi`), where that code needs far fewer
//! instructions, took the median from 4,805 to 3,452 cycles. Its `examples/gba/README.md`
//! ("Hot code in IWRAM, in ARM state") gives the script, the list of functions and the
//! build, and `examples/gba/test.sh` checks them.
//!
//! # Limits and cost
//!
//! Every call does a bounded amount of work. The limits that bound it are enforced by
//! clamping, never by failing:
//!
//! | limit | value | clamps |
//! |---|---|---|
//! | [`MAX_SPEED`] | 64 px per frame (`64 · SUBPIXEL`) | each velocity component, at each [`World::step`] and [`Platforms::advance`] |
//! | [`MAX_MOVE`] | 64 px | each component of [`World::move_by`], [`Platforms::move_by`] and [`move_platform`], and the `limit` of [`World::room`] and [`World::escape`] |
//! | [`MAX_SIZE`] | 64 px | each side of an [`Actor`]'s box |
//! | [`MAX_REACH`] | 64 px | the wall height and the corner correction in effect ([`ActorSettings`]) |
//! | [`MAX_POSITION`] | 2^30 px | an actor's `x` and `y`: the edge of the world |
//! | [`MAX_SPAWN_DROP`] | 1024 px | how far [`World::place_on_ground`] looks for ground below its point |
//!
//! So one call moves an actor by at most 128 pixel steps, and each step asks about at most
//! the cells one box covers (17×17 on the smallest, 4-px tiles). On a desktop (release
//! build), one [`World::step`] or [`World::move_by`] of an actor at every limit at once
//! (centre feet, the most demanding) takes at most about 0.6 ms on the worst maps tried
//! (`cargo run --release -p slope-runtime --example worst_case`); actors of ordinary size
//! and speed take microseconds. A platform's move ([`Platforms`],
//! [`move_platform`]) costs about that per actor it pushes or carries, and each query in a
//! world with platforms also looks at every platform; a [`Scene::update`] is every
//! platform's move and every actor's step. The box queries
//! [`World::hits`], [`World::room`], [`World::escape`] and [`World::cell_distance`] take
//! any [`Rect`]: their cost grows with the cells it covers (and sweeps, for `room` and
//! `escape`, at most [`MAX_MOVE`] px). [`World::resize`] costs a few box queries of the new
//! box and [`World::place_on_ground`] a strip test of the box's width per pixel it looks
//! down (at most about 1,050) and a look at the ground found; [`World::touching`] a few
//! strip tests; [`World::unstick`] four searches of at most the actor's larger side plus a
//! tile. With centre feet, whose queries test whole boxes one distance at a time, each of
//! those strip tests is a box query, and each sideways or upward search up to 64 of them.
//!
//! The edge of the world holds like a wall (though no contact reports it: no pixel is
//! refused there): a move stops at ±[`MAX_POSITION`], and a frame
//! whose climbs, slides or escapes would carry an actor past it is refused (the actor stays
//! where it was that frame), as is a platform's push past it (the actor cannot give way).
//! No actor ends inside a solid pixel or a platform because of the edge.
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

mod bytes;
#[cfg(feature = "agb_fixnum")]
pub mod fixnum;
mod map;
mod motion;
/// What every offset value means: the contract the generator, this crate and the tests
/// answer to (also in the package, `docs/offsets.md`).
///
#[doc = include_str!("../docs/offsets.md")]
///
/// # The worked examples, checked
///
/// ```
/// use slope_runtime::{Overlap, Tables, Variant};
/// # static BLOB: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiles.bin"));
/// let tables = Tables::from_bytes(BLOB)?;
/// let slope45 = tables.shape_by_name("slope45").expect("a default tile");
///
/// let o = slope45.offsets(Variant::Identity, Overlap::new(4, 0, 0, 0));
/// assert!(o.is_colliding());
/// assert_eq!((o.free_up, o.free_down, o.free_right, o.free_left), (5, -1, 12, -5));
/// assert_eq!((o.colliding_bottom, o.colliding_top), (5, -1));
/// assert_eq!((o.colliding_left, o.colliding_right), (12, -5));
///
/// let o = slope45.offsets(Variant::Identity, Overlap::new(4, 8, 2, 3));
/// assert!(!o.is_colliding());
/// assert_eq!((o.free_up, o.free_down, o.free_right, o.free_left), (0, 0, 0, 0));
/// assert_eq!((o.colliding_top, o.colliding_bottom), (7, -1));
/// assert_eq!((o.colliding_right, o.colliding_left), (1, -6));
/// # Ok::<(), slope_runtime::BlobError>(())
/// ```
pub mod spec {}
mod tables;
#[cfg(test)]
mod testing;
pub mod units;

pub use map::error::MapError;
pub use map::format::{MAP_HEADER_LEN, MAP_MAGIC, MAP_VERSION, MAX_MAP_CELLS};
pub use map::packed::{PackedMap, WidePackedMap, cell_code, index_width};
pub use map::{Cell, GridMap, Solid, TileMap};
pub use motion::actor::{Actor, ActorSettings, Feet};
pub use motion::contacts::Contacts;
pub use motion::place::NoRoom;
pub use motion::platform::Platform;
pub use motion::platform::carry::{Platforms, move_platform};
pub use motion::rect::Rect;
pub use motion::scene::{ActorId, Event, Events, Full, PlatformId, Scene};
pub use motion::world::World;
pub use tables::crc::crc32;
pub use tables::error::BlobError;
pub use tables::format;
pub use tables::geometry::{Direction, Offsets, Overlap, Variant};
pub use tables::shape::{LocalBox, Shape, Surface};
pub use tables::{ShapeId, Tables};
pub use units::{MAX_MOVE, MAX_POSITION, MAX_REACH, MAX_SIZE, MAX_SPAWN_DROP, MAX_SPEED, SUBPIXEL};
