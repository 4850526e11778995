//! What a path says about an input before it is read.

use std::path::Path;

/// The extension, lower-case.
pub(crate) fn extension(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase()
}
