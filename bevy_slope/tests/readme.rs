//! The READMEs' Bevy snippet is `examples/quickstart.rs`, which CI builds: each README
//! must show it as it is.

use std::path::Path;

fn quickstart() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(root.join("examples/quickstart.rs")).expect("example");
    let code: Vec<&str> = source.lines().filter(|l| !l.starts_with("//!")).collect();
    code.join("\n").trim().to_owned()
}

fn check(readme: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join(readme)).expect("readme");
    let snippet = quickstart();
    assert!(
        text.contains(&format!("```rust,no_run\n{snippet}\n```")),
        "{readme} does not show examples/quickstart.rs as it is; copy it (without its //! lines) into its ```rust,no_run block"
    );
}

#[test]
fn the_plugins_readme_shows_the_quickstart_example() {
    check("README.md");
}

#[test]
fn the_repositorys_readme_shows_the_quickstart_example() {
    check("../README.md");
}
