//! What leaves the generator: the output files published into a folder, and, for the
//! command line, pictures of a blob or a map and the offset contract's CSV, both read back
//! through `slope-runtime`.

pub(crate) mod dump;
#[cfg(feature = "cli")]
pub(crate) mod preview;
pub(crate) mod publish;
