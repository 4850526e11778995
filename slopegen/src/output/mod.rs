//! What leaves the generator: the output files published into a folder, and, for the
//! command line, pictures of a blob or a map and the offset contract's CSV, both read back
//! through `slope-runtime`; and a map's ground angles as the runtime reports them, for
//! those pictures and for editors.

pub(crate) mod dump;
pub(crate) mod ground_angles;
#[cfg(feature = "cli")]
pub(crate) mod preview;
pub(crate) mod publish;
