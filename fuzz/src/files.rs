//! slopegen run on fuzzed files, as a game's `build.rs` runs it, and its promises checked:
//! an error whose message names a file of the input (or the input itself), or outputs that
//! the runtime loads; either way the inputs untouched, nothing written outside the output
//! folder, and nothing but the outputs left in it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use slope_runtime::{PackedMap, Tables, WidePackedMap, index_width};
use slopegen::Builder;

/// A temporary folder holding input files, and an output folder `out/` inside it.
pub struct Fixture {
    dir: tempfile::TempDir,
}

impl Fixture {
    /// A folder holding `files` (name, bytes); names may contain `/`.
    pub fn new(files: &[(&str, &[u8])]) -> Fixture {
        let dir = tempfile::Builder::new()
            .prefix("slope-fuzz-")
            .tempdir()
            .expect("a temporary folder");
        for (name, bytes) in files {
            let path = dir.path().join(name);
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).expect("a folder in the fixture");
            }
            fs::write(path, bytes).expect("a fixture file");
        }
        Fixture { dir }
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// `name` in the folder.
    pub fn join(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Runs `builder` (its input somewhere in the folder) into `out/` by
    /// [`Builder::try_build`], as a `build.rs` does (its `cargo:` lines go to standard
    /// output, which `run.sh` closes), and checks every promise of the outcome. Returns
    /// whether it generated.
    pub fn generate(&self, builder: &mut Builder) -> bool {
        let before = snapshot(self.path());
        let out = self.join("out");
        let result = builder.out_dir(&out).try_build();
        let after = snapshot(self.path());
        let (inputs_after, outputs): (BTreeMap<_, _>, BTreeMap<_, _>) =
            after.into_iter().partition(|(p, _)| !p.starts_with(&out));
        assert!(
            before == inputs_after,
            "the run changed, added or removed files outside its output folder"
        );
        match result {
            Err(e) => {
                let message = e.to_string();
                let root = self.path().to_string_lossy().into_owned();
                assert!(
                    message.contains(&root),
                    "an error that names no file of the input: {message}"
                );
                assert!(outputs.is_empty(), "a failed run left {:?}", outputs.keys());
                false
            }
            Ok(report) => {
                let written: BTreeSet<&PathBuf> = outputs.keys().collect();
                let promised: BTreeSet<&PathBuf> = report.outputs.iter().collect();
                assert_eq!(
                    written, promised,
                    "the output folder holds more than the outputs"
                );
                check_outputs(&outputs);
                true
            }
        }
    }
}

/// Every file under `dir` (links as what they point at), with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_owned()];
    while let Some(folder) = pending.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let bytes = fs::read(&path).unwrap_or_default();
                files.insert(path, bytes);
            }
        }
    }
    files
}

/// The blob loads, and every packed map loads and fits it.
fn check_outputs(outputs: &BTreeMap<PathBuf, Vec<u8>>) {
    let ext = |p: &Path, e: &str| p.extension().is_some_and(|x| x == e);
    let (_, blob) = outputs
        .iter()
        .find(|(p, _)| ext(p, "bin"))
        .expect("a run that generated wrote a blob");
    let tables = Tables::from_bytes(blob).expect("the blob slopegen wrote loads");
    crate::tables::check(&tables, blob.len() as u64);
    for (path, bytes) in outputs.iter().filter(|(p, _)| ext(p, "map")) {
        let fits = match index_width(bytes) {
            Some(2) => WidePackedMap::from_bytes(bytes).and_then(|m| m.check_tables(&tables)),
            _ => PackedMap::from_bytes(bytes).and_then(|m| m.check_tables(&tables)),
        };
        assert!(
            fits.is_ok(),
            "{}: the packed map slopegen wrote: {fits:?}",
            path.display()
        );
    }
    assert!(
        outputs.keys().any(|p| ext(p, "rs")),
        "a run that generated wrote no Rust module"
    );
}

/// Files of the repository (paths from its root), each named as it will be in a fixture:
/// `(name in the fixture, path in the repository)`. Read once per process.
pub fn repository_files(files: &[(&str, &str)]) -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    files
        .iter()
        .map(|(name, path)| {
            let bytes = fs::read(root.join(path))
                .unwrap_or_else(|e| panic!("{path}: a fixture file of the repository: {e}"));
            (name.to_string(), bytes)
        })
        .collect()
}

/// The default tiles (`tiles/*.png`), as `tiles/NAME.png` in a fixture.
pub fn default_tiles() -> Vec<(String, Vec<u8>)> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tiles");
    let mut tiles: Vec<(String, Vec<u8>)> = fs::read_dir(&folder)
        .expect("the default tiles")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .map(|p| {
            let name = format!(
                "tiles/{}",
                p.file_name().unwrap_or_default().to_string_lossy()
            );
            (name, fs::read(&p).expect("a default tile"))
        })
        .collect();
    tiles.sort();
    tiles
}

/// `files` and one more, as the `(name, bytes)` pairs [`Fixture::new`] takes.
pub fn with<'a>(
    files: &'a [(String, Vec<u8>)],
    name: &'a str,
    bytes: &'a [u8],
) -> Vec<(&'a str, &'a [u8])> {
    files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .chain([(name, bytes)])
        .collect()
}

/// The files a Tiled map or tileset of the tests may name: tilesets, their images and
/// collision shapes (`slopegen/tests/data/levels` and `shapes`, in one folder).
pub fn tiled_fixture() -> &'static [(String, Vec<u8>)] {
    static FILES: std::sync::OnceLock<Vec<(String, Vec<u8>)>> = std::sync::OnceLock::new();
    FILES.get_or_init(|| {
        let levels = "slopegen/tests/data/levels";
        let shapes = "slopegen/tests/data/shapes";
        let files: Vec<(String, String)> = [
            (levels, "slopes.tsx"),
            (levels, "slopes.png"),
            (levels, "blocks.png"),
            (shapes, "art.tsx"),
            (shapes, "art.tsj"),
            (shapes, "art.png"),
            (shapes, "slope.tsj"),
            (shapes, "slope.png"),
        ]
        .iter()
        .map(|(dir, name)| (name.to_string(), format!("{dir}/{name}")))
        .collect();
        let pairs: Vec<(&str, &str)> = files
            .iter()
            .map(|(n, p)| (n.as_str(), p.as_str()))
            .collect();
        repository_files(&pairs)
    })
}

/// The files an LDtk project of the tests may name (its tileset image, external levels),
/// and the default tiles under `tiles/` for a project whose IntGrid values name shapes.
pub fn ldtk_fixture() -> &'static [(String, Vec<u8>)] {
    static FILES: std::sync::OnceLock<Vec<(String, Vec<u8>)>> = std::sync::OnceLock::new();
    FILES.get_or_init(|| {
        let dir = "slopegen/tests/data/ldtk";
        let names = [
            "terrain.png",
            "worlds/Overworld_Level_0.ldtkl",
            "worlds/Overworld_Level_1.ldtkl",
            "worlds/Underworld_Level_0.ldtkl",
        ];
        let paths: Vec<String> = names.iter().map(|n| format!("{dir}/{n}")).collect();
        let pairs: Vec<(&str, &str)> = names
            .iter()
            .copied()
            .zip(paths.iter().map(String::as_str))
            .collect();
        let mut files = repository_files(&pairs);
        files.extend(default_tiles());
        files
    })
}
