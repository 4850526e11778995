//! The movement benchmark's world, shared by the host bench
//! (`slope-runtime/benches/movement.rs`) and the firmware bench (`firmware/bench.sh`): `no_std`,
//! no heap, so both run exactly the same actors.
//!
//! - [`level`]: a slope-heavy 64×16-tile level of the default shapes (N = 16) in several
//!   variants: rolling hills of slope22/15/11 pieces, 45s, bumps, a steep (rotated) ramp,
//!   sloped ceilings, walls and one-way platforms.
//! - [`crowd`]: two deterministic crowds ([`MIXED`], [`LARGE`]) that walk back and forth
//!   (turning around when pushing a wall) under gravity, with occasional jumps, each actor
//!   driven by a [`Brain`].
//! - Two baseline engines that move a [`Body`] with the same rules as
//!   [`World::step`](slope_runtime::World::step) (see [`rules`]): [`Naive`], which tests
//!   every pixel of the leading edge against per-cell bitmaps stored as `bool`s, and
//!   [`Bitmask`], which tests a whole strip of a cell (a row or a column segment) with one
//!   AND of bit-packed masks.
//!
//! Both baselines produce the runtime's trajectories and contacts exactly; the host bench
//! and the firmware bench check that before they measure anything.
#![no_std]
#![deny(missing_docs)]

pub mod bitmask;
pub mod crowd;
pub mod level;
pub mod naive;
pub mod rules;

pub use bitmask::Bitmask;
pub use crowd::{
    Brain, CHECKSUM_START, Crowd, Driven, LARGE, MIXED, Mob, SPEEDS, Sense, Walker, checksum,
    frame, spawn,
};
pub use level::{LEVEL_MAP, Level, TILES, build_level};
pub use naive::Naive;
pub use rules::{Body, Probe};

/// Frames run before the measured ones (the crowds fall from their spawn and spread out).
pub const WARM_FRAMES: u32 = 120;
/// Frames measured after the warm-up.
pub const FRAMES: u32 = 60;
