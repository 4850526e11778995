//! `slopegen`: PNG slope tiles in, packed collision tables out.
//!
//! The offline half of the toolkit. It reads every `*.png` in a tile folder (solid pixels
//! drawn dark on light, or opaque on transparent), checks them, and writes a *blob* that
//! [`slope_runtime`] serves in firmware: for every overlap of a box with any of the eight
//! variants of every shape, the eight offsets of the spec (`shared/spec/offsets.md`).
//!
//! ```text
//!   tiles/*.png ──read──▶ TileSet ──pack──▶ blob ──emit──▶ out/tiles.bin
//!   (image, once)         (Bitmap)          (format v1)    out/tiles.rs  (include_bytes!)
//!                                                 │
//!                          slope_runtime::Tables::from_bytes ◀── firmware, dump, tests
//! ```
//!
//! Modules, by pipeline stage: [`tile`] (one PNG → [`Bitmap`]), [`tileset`] (a folder),
//! [`surface`] (angles), [`pack`] (the blob), [`emit`] (the output files, published as one
//! atomic set under a lock on the output folder), [`builder`] (the
//! entry point, also for `build.rs`), [`dump`] (the CSV, read through the runtime).
//!
//! ```
//! # let tiles = concat!(env!("CARGO_MANIFEST_DIR"), "/../tiles");
//! # let out = tempfile::tempdir()?;
//! let report = slopegen::Builder::new(tiles).out_dir(out.path()).generate()?;
//! let blob = std::fs::read(out.path().join("tiles.bin"))?;
//! let tables = slope_runtime::Tables::from_bytes(&blob)?;
//! assert_eq!(usize::from(tables.shape_count()), report.shapes);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod bitmap;
pub mod builder;
pub mod dump;
pub mod emit;
mod error;
pub mod level;
pub mod levels;
pub mod pack;
pub mod preview;
mod publish;
pub mod sheet;
pub mod surface;
pub mod tile;
pub mod tileset;

pub use bitmap::Bitmap;
pub use builder::{Builder, Compiled, Report};
pub use dump::{CSV_HEADER, dump_csv};
pub use emit::{Emit, OutputFile};
pub use error::{Error, Result, escape};
pub use levels::{LevelMap, Levels, pack_map};
pub use pack::pack;
pub use sheet::{Sheet, SheetSpec, TileKind};
pub use surface::angles;
pub use tile::{Tile, constant_name, read_tile};
pub use tileset::TileSet;
