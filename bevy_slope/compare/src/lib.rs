//! Rapier's kinematic character controller beside `bevy_slope`, on the example's level
//! (`bevy_slope/assets/level.tmx`): the same characters with the same rules, timed
//! ([`harness`]), counted under callgrind ([`harness::count`]) and put through small
//! behaviour scenarios ([`scenarios`]).
//!
//! - [`level`]: the level compiled by slopegen, and the static colliders a Rapier user
//!   builds from its tiles (full cells merged into boxes, slope cells as convex hulls of
//!   their solid pixels, the one-way ledge as a solid box).
//! - [`rules`]: walk, gravity, jump: the same numbers for every engine.
//! - [`plugin`], [`runtime`], [`rapier`]: the crowd in the plugin (a headless app,
//!   `run_schedule(FixedUpdate)`), in slope-runtime alone, and in Rapier
//!   (`KinematicCharacterController::move_shape`, one length unit per pixel).
//!
//! `cargo run --release -p slope-compare -- time` prints the timing tables;
//! `-- count ENGINE N FRAMES` runs one engine for callgrind; `-- behaviour` prints the
//! scenarios' facts; `bash compare/run.sh` does all of it.
#![deny(missing_docs)]

pub mod harness;
pub mod level;
pub mod plugin;
pub mod rapier;
pub mod report;
pub mod rules;
pub mod runtime;
pub mod scenarios;
