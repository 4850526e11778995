//! The `slopegen` command. See `slopegen --help`.

fn main() -> std::process::ExitCode {
    slopegen::cli::main()
}
