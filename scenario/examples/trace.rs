//! Prints the scenario's trace on the host: `cargo run -p slope-scenario --example trace`.

fn main() {
    let mut text = String::new();
    if slope_scenario::write_trace(&mut text).is_err() {
        eprintln!("trace: formatting failed");
        std::process::exit(1);
    }
    print!("{text}");
}
