//! How the command reports: clap's usage errors with a tip, slopegen's own errors and
//! warnings styled as clap styles its own (`error: ` in red and bold, `warning: ` in yellow,
//! on a terminal only).

use std::io::{self, IsTerminal as _};

/// `slopegen dump … | head` closes the pipe early: not an error.
pub(super) fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Our errors already print their source inline; drop causes the message repeats.
pub(super) fn dedup_chain(chain: &[String]) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for msg in chain {
        if !out.last().is_some_and(|prev| prev.ends_with(msg.as_str())) {
            out.push(msg);
        }
    }
    out
}

/// Whether stderr gets colours, as clap decides for its own messages: only on a terminal,
/// and not when `NO_COLOR` is set (to anything but the empty string) or `TERM` is `dumb`.
pub(super) fn use_color() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    io::stderr().is_terminal() && !no_color && !dumb
}

/// The error as clap prints its own: `error: ` (red and bold in colour) before the first
/// line of the message, its further lines as they are (a list of problems is indented), then
/// each cause the message does not already hold, indented on a line of its own.
pub(super) fn error_lines(chain: &[&str], color: bool) -> String {
    let style = clap::builder::styling::AnsiColor::Red.on_default().bold();
    let mut out = if color {
        format!("{style}error:{style:#} ")
    } else {
        "error: ".to_owned()
    };
    for (i, msg) in chain.iter().enumerate() {
        if i > 0 {
            out.push_str("  ");
        }
        out.push_str(msg.trim_end());
        out.push('\n');
    }
    out
}

/// A warning, styled as clap styles its own (`warning:` in yellow and bold).
pub(super) fn warning_line(message: &str, color: bool) -> String {
    let style = clap::builder::styling::AnsiColor::Yellow
        .on_default()
        .bold();
    if color {
        format!("{style}warning:{style:#} {message}")
    } else {
        format!("warning: {message}")
    }
}

/// A note after clap's message, styled as clap styles its tips (`tip:` in green).
pub(super) fn note_line(note: &str, color: bool) -> String {
    let style = clap::builder::styling::AnsiColor::Green.on_default();
    if color {
        format!("\n{style}tip:{style:#} {note}")
    } else {
        format!("\ntip: {note}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_prefix_then_causes_on_their_own_lines() {
        let chain = ["tiles/a.png: cannot read: denied", "denied"];
        assert_eq!(
            error_lines(&dedup_chain(&chain.map(String::from)), false),
            "error: tiles/a.png: cannot read: denied\n"
        );
        assert_eq!(
            error_lines(&["writing the CSV to stdout", "disk full"], false),
            "error: writing the CSV to stdout\n  disk full\n"
        );
        assert_eq!(
            error_lines(&["tiles: 2 problems:\n  a.png: x\n  b.png: y"], false),
            "error: tiles: 2 problems:\n  a.png: x\n  b.png: y\n"
        );
        let red = error_lines(&["tiles/a.png: bad"], true);
        assert_eq!(red, "\u{1b}[1m\u{1b}[31merror:\u{1b}[0m tiles/a.png: bad\n");
    }

    #[test]
    fn warnings_are_styled_as_clap_styles_its_own() {
        assert_eq!(
            warning_line("tiles/x.png: empty", false),
            "warning: tiles/x.png: empty"
        );
        assert_eq!(
            warning_line("tiles/x.png: empty", true),
            "\u{1b}[1m\u{1b}[33mwarning:\u{1b}[0m tiles/x.png: empty"
        );
    }
}
