//! The `slopegen` command. See `slopegen --help`.

use std::io;
use std::process::ExitCode;

use clap::Parser as _;

mod cli;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // One line: the error and its causes, like `slopegen: error: tiles/a.png: …`.
            let chain: Vec<String> = err.chain().map(ToString::to_string).collect();
            eprintln!("slopegen: error: {}", dedup_chain(&chain).join(": "));
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
