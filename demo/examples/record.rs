//! Records the demo level as an animated GIF: four actors of different sizes, with box and
//! centre feet, running over slopes, jumping into a sloped ceiling, dropping through a
//! one-way platform and riding a lift, for 10 seconds.
//!
//! ```text
//! cargo run -p demo --example record -- docs/walk.gif
//! ```
//!
//! Drawn: the tiles' solid pixels as the runtime reads them (one-way ones in green), the lift
//! (orange), each actor's box, and in white the solid pixels right under an actor's feet
//! while it stands. The same bytes on every run and machine.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use demo::{recording, walk};

const USAGE: &str = "\
Records the demo level as an animated GIF (10 s, looping).

Usage: cargo run -p demo --example record -- <OUT.gif>

Arguments:
  <OUT.gif>  the file to write (replaced atomically)

Options:
  -h, --help  print this help";

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
enum Command {
    Help,
    Record(PathBuf),
}

fn parse(args: &[String]) -> Result<Command, String> {
    match args {
        [a] if a == "-h" || a == "--help" => Ok(Command::Help),
        [path] if !path.starts_with('-') => Ok(Command::Record(PathBuf::from(path))),
        [] => Err("expected the GIF to write".to_string()),
        [a] => Err(format!("unknown option `{a}`")),
        _ => Err("expected one argument, the GIF to write".to_string()),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = match parse(&args) {
        Ok(Command::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Command::Record(path)) => path,
        Err(e) => {
            eprintln!("record: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let bytes = match recording::gif(walk::TABLES) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("record: encoding the GIF failed: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = write_atomically(&out, &bytes) {
        eprintln!("record: cannot write {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    eprintln!("record: wrote {} ({} bytes)", out.display(), bytes.len());
    ExitCode::SUCCESS
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`: readers
/// see the old file or the new one, never half of it.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("not a file name"))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    let result = written.and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_command_line_takes_one_path_or_help() {
        assert_eq!(parse(&args(&["--help"])), Ok(Command::Help));
        assert_eq!(
            parse(&args(&["docs/walk.gif"])),
            Ok(Command::Record(PathBuf::from("docs/walk.gif")))
        );
        assert!(parse(&args(&[])).is_err());
        assert!(parse(&args(&["--out"])).unwrap_err().contains("--out"));
        assert!(parse(&args(&["a.gif", "b.gif"])).is_err());
    }

    #[test]
    fn writing_replaces_the_file_whole_and_leaves_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("record-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("walk.gif");
        std::fs::write(&path, b"old and longer").unwrap();
        write_atomically(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        // into a folder that does not exist: an error, nothing left behind
        assert!(write_atomically(&dir.join("missing/walk.gif"), b"new").is_err());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
