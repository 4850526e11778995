//! `slopegen`: slope tiles drawn as PNGs in, packed collision tables out.
//!
//! The offline half of the toolkit, called from a game's `build.rs` or as the `slopegen`
//! command. Add it as a build dependency without its command line:
//!
//! ```toml
//! [build-dependencies]
//! slopegen = { version = "0.1", default-features = false }
//! [dependencies]
//! slope-runtime = "0.1"
//! ```
//!
//! and generate the tables in `build.rs`, one line:
//!
//! ```no_run
//! // build.rs
//! fn main() {
//!     // $OUT_DIR/tiles.bin and $OUT_DIR/tiles.rs, `cargo:rerun-if-changed` for every
//!     // file read; a bad tile is a cargo error naming the file, not a panic.
//!     slopegen::Builder::new("tiles").build();
//! }
//! ```
//!
//! The game then embeds the generated module, whose `const` items validate the blob (and
//! each map) when the game compiles: a damaged or mismatched file is a compile error that
//! names it and the fix, and the game links no validation code.
//!
//! ```ignore
//! mod tiles {
//!     include!(concat!(env!("OUT_DIR"), "/tiles.rs"));
//! }
//! let tables = tiles::TABLES; // slope_runtime::Tables<'static>
//! ```
//!
//! The same run, with the outputs in a folder of your choice and the blob read back through
//! the runtime:
//!
//! ```
//! # let tiles = concat!(env!("CARGO_MANIFEST_DIR"), "/tiles");
//! # let out = tempfile::tempdir()?;
//! let report = slopegen::Builder::new(tiles).out_dir(out.path()).generate()?;
//! let blob = std::fs::read(out.path().join("tiles.bin"))?;
//! let tables = slope_runtime::Tables::from_bytes(&blob)?;
//! assert_eq!(usize::from(tables.shape_count()), report.shapes);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Inputs
//!
//! [`Builder::new`] takes a folder of square PNG tiles (solid pixels dark on light, or
//! opaque on transparent), one sprite sheet ([`Builder::tile_size`], [`Builder::margin`],
//! [`Builder::spacing`]), a Tiled tileset (`.tsx`, `.tsj`), Tiled maps (`.tmx`, `.tmj`;
//! more with [`Builder::map`]), whose collision layer becomes a packed map beside the blob,
//! or an LDtk project (`.ldtk`), each of whose levels does. Tiles with collision shapes drawn
//! in Tiled are those shapes rasterized.
//! Every problem in the input is reported at once, each naming its file and tile
//! ([`Error`]).
//!
//! # Outputs
//!
//! `NAME.bin` (the blob: every overlap of a box with each of the eight variants of every
//! shape, and its eight offsets; the contract is
//! [`slope_runtime::spec`]), one `NAME.map` per Tiled map, and `NAME.rs`, a module with
//! `tables()`, a constant per shape and, per map, `map()` and its named objects. They are
//! reproducible byte for byte, plain files each replaced atomically, `NAME.rs` last
//! ([`Emit`] chooses which to write). In memory: [`Builder::compile`] gives the [`Compiled`] tile set, blob and maps;
//! [`pack`] packs a [`TileSet`] made in code (for an editor, say); [`dump_csv`] writes
//! every offset of a blob as CSV; [`ground_angles`] reads a map's surfaces through the
//! runtime, the angle [`slope_runtime::World::ground_angle`] reports at each pixel.
//!
//! ```text
//!   PNG tiles, sheet,  ──read──▶ TileSet ──pack──▶ blob ──emit──▶ OUT/NAME.bin
//!   tileset or maps              (Bitmap)          (+ maps)       OUT/NAME.map, OUT/NAME.rs
//!                                                    │
//!                          slope_runtime::Tables::from_bytes ◀── firmware, dump, tests
//! ```
#![deny(missing_docs)]
// The first example is a whole build.rs, `fn main` included.
#![allow(clippy::needless_doctest_main)]

// The pipeline, in the order data flows through it: inputs read files into the model, the
// encoders turn the model into bytes, the outputs publish them. `builder` drives it.
mod builder;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod cli;
mod encode;
mod error;
mod inputs;
mod model;
mod output;

pub use builder::{Builder, Compiled, Report};
pub use encode::blob::pack;
pub use encode::map::pack_map;
pub use encode::rust::{Emit, OutputFile};
pub use encode::surface::angles;
pub use error::map::MapError;
pub use error::warning::{SolidRule, Warning};
pub use error::{Error, Result};
pub use inputs::png::read_tile;
pub use model::bitmap::Bitmap;
pub use model::map::{Map, Object, ObjectValue, TileArt};
pub use model::tileset::{Tile, TileSet, constant_name};
pub use output::dump::{CSV_HEADER, dump_csv};
pub use output::ground_angles::{GroundAngle, angle_colour, ground_angles};
