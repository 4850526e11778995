//! Shared test helpers.
pub mod reference;
