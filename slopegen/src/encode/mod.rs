//! The model as bytes: the tables blob, each packed map, and the Rust module that embeds
//! them. Pure functions of the model: nothing here touches the disk.

pub(crate) mod blob;
pub(crate) mod map;
pub(crate) mod rust;
pub(crate) mod surface;
