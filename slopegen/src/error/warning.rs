//! [`Warning`]: what an input allows but probably does not mean. Reported beside a
//! successful run; [`Builder::strict`](crate::Builder::strict) (`--strict`) makes each one
//! an error.

use std::path::PathBuf;

use crate::error::text::shown;

/// Which rule decided a tile's solid pixels (it is decided once per image).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SolidRule {
    /// The image uses transparency (some pixel has alpha < 128): opaque pixels are solid.
    Opaque,
    /// The image has no transparency: dark pixels (luma < 128) are solid.
    Dark,
}

/// Something an input allows but probably does not mean, naming its file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Warning {
    /// A tile PNG whose every pixel reads as air: its shape is empty.
    #[error("{}: every pixel reads as air: {}", shown(.path), explain(*.rule))]
    EmptyTile {
        /// The PNG.
        path: PathBuf,
        /// The rule that read it.
        rule: SolidRule,
    },
}

/// Why a tile read by `rule` is empty, and what to change.
fn explain(rule: SolidRule) -> &'static str {
    match rule {
        SolidRule::Dark => {
            "it has no transparency, so solid is dark on light (luma below 128), and no pixel is dark; draw solid pixels dark, or make air transparent"
        }
        SolidRule::Opaque => {
            "it uses transparency, so solid is opaque (alpha 128 or more), and every pixel is transparent; draw solid pixels opaque"
        }
    }
}
