//! Names and paths as messages and comments may show them.

use std::path::Path;

/// A path as it may be printed: see [`escape`].
pub(crate) fn shown(path: &Path) -> String {
    escape(&path.to_string_lossy())
}

/// A name as it may be printed on a terminal or in a comment: control characters, bidi
/// overrides and other invisible characters are written as escapes (`\n`, `\u{202e}`), so a
/// name can neither split a message in two nor reorder or restyle what follows it.
pub fn escape(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if needs_escape(c) {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// Control characters and everything Rust's debug formatting would not print as is
/// (format characters such as bidi overrides, unassigned and private-use code points...).
pub(crate) fn needs_escape(c: char) -> bool {
    c.is_control() || (!matches!(c, '\\' | '"' | '\'') && c.escape_debug().nth(1).is_some())
}

/// What a directory entry is, in words: `a folder`, `a FIFO`…
pub(crate) fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a folder";
    }
    if t.is_symlink() {
        return "a symbolic link";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if t.is_file() {
        "a file"
    } else {
        "not a regular file"
    }
}
