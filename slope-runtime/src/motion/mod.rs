//! The motion half: actors moving through a map of shapes, from the tables.
//!
//! - `rect`: boxes in world pixels; `path`: a displacement as single pixels, and velocities
//!   to whole pixels (shared by actors' steps and platforms' moves);
//! - `actor`: actors and their settings; `contacts`: what a move ran into;
//! - `world`: a map, its tables and platforms, and the box queries (hits, room, escape),
//!   one verb per family;
//! - `step`: one frame of an actor (`World::step`): its pixel path, ground and slopes,
//!   walls and ceilings, drops, contacts, and the whole-frame shortcuts;
//! - `platform`: moving platforms, carrying riders, pushing and crushing actors;
//! - `place`: an actor's size and place between frames (`World::resize`,
//!   `World::place_on_ground`, `World::unstick`);
//! - `scene`: actors and platforms held together and run frame by frame (`Scene`).
//!
//! Imports run one way: `rect` ← `contacts` ← `actor`, `path`, `platform` (the type) ←
//! `world` ← `step`, `platform::carry`, `platform::push`, `place` ← `scene` (a platform
//! carries its riders through `World::carried_pixel`, the step's entry for one pixel, and
//! imports nothing of `step`); the map (`crate::map`),
//! the tables and the units (`crate::units`) come from outside. `.ci/imports.py` checks
//! that no two modules import each other.

pub mod actor;
pub mod contacts;
pub(crate) mod path;
pub mod place;
pub mod platform;
pub mod rect;
pub mod scene;
pub mod step;
pub mod world;
