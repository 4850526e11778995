//! One of the test LDtk projects with up to three edits (a field changed, removed or given
//! the wrong type): an error naming a file, or tables and packed maps that load; nothing
//! written outside the output folder.
#![no_main]

use std::sync::OnceLock;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use slope_fuzz::files::{self, Fixture};
use slope_fuzz::json::Edit;

#[derive(Debug, Arbitrary)]
struct Input {
    project: u8,
    edits: Vec<Edit>,
}

/// The test projects, parsed, and whether each names shapes of a tile folder.
fn projects() -> &'static [(Value, bool)] {
    static PROJECTS: OnceLock<Vec<(Value, bool)>> = OnceLock::new();
    PROJECTS.get_or_init(|| {
        let dir = "slopegen/tests/data/ldtk";
        ["world.ldtk", "worlds.ldtk", "grid.ldtk"]
            .iter()
            .map(|name| {
                let path = format!("{dir}/{name}");
                let files = files::repository_files(&[(name, path.as_str())]);
                let doc = serde_json::from_slice(&files[0].1).expect("a test project is JSON");
                (doc, *name == "grid.ldtk")
            })
            .collect()
    })
}

fuzz_target!(|input: Input| {
    let (project, grid) = &projects()[usize::from(input.project) % projects().len()];
    let mut doc = project.clone();
    for edit in input.edits.iter().take(3) {
        edit.apply(&mut doc);
    }
    let bytes = serde_json::to_vec(&doc).expect("a JSON value serializes");
    let fixture = Fixture::new(&files::with(files::ldtk_fixture(), "fuzz.ldtk", &bytes));
    let mut builder = slopegen::Builder::new(fixture.join("fuzz.ldtk"));
    if *grid {
        builder.tile_folder(fixture.join("tiles"));
    }
    fixture.generate(&mut builder);
});
