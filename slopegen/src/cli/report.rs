//! How the command reports: clap's usage errors with a tip, slopegen's own errors styled as
//! clap styles its own (`error: ` in red and bold on a terminal only), and an exit code.

use std::io::{self, IsTerminal as _};
use std::process::ExitCode;

use clap::Parser as _;

use super::{Cli, folder_hint, run, with_default_command};

/// The `slopegen` command: parse the arguments (the tile folder's `build` is the default
/// command), run, report, exit.
pub fn main() -> ExitCode {
    let args = with_default_command(std::env::args_os());
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err) => {
            // clap's own message (usage errors, --help, --version), and its exit code.
            let _ = err.print();
            if err.use_stderr()
                && let Some(hint) = folder_hint(&args)
            {
                eprintln!("{}", note_line(&hint, use_color()));
            }
            return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2));
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let chain: Vec<String> = err.chain().map(ToString::to_string).collect();
            eprint!("{}", error_lines(&dedup_chain(&chain), use_color()));
            ExitCode::FAILURE
        }
    }
}

/// `slopegen dump … | head` closes the pipe early: not an error.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Our errors already print their source inline; drop causes the message repeats.
fn dedup_chain(chain: &[String]) -> Vec<&str> {
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
fn use_color() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    io::stderr().is_terminal() && !no_color && !dumb
}

/// The error as clap prints its own: `error: ` (red and bold in colour) before the first
/// line of the message, its further lines as they are (a list of problems is indented), then
/// each cause the message does not already hold, indented on a line of its own.
fn error_lines(chain: &[&str], color: bool) -> String {
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

/// A note after clap's message, styled as clap styles its tips (`tip:` in green).
fn note_line(note: &str, color: bool) -> String {
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
}
