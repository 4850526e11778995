//! Puts each board's memory layout, as memory.x, where the linker (cortex-m-rt's link.x) finds it for the
//! binaries built for that board: the micro:bit (nRF51822, 16 KiB RAM) for the shipped
//! firmware and the size builds, QEMU's mps2-an385 (4 MiB RAM) for the benches. (The game,
//! `game/`, is a package of its own, with its own build.rs.)

use std::path::PathBuf;

/// (board, its memory.x, the binaries linked for it)
const BOARDS: [(&str, &[u8], &[&str]); 2] = [
    (
        "microbit",
        include_bytes!("memory-microbit.x"),
        &["firmware", "empty", "api", "api_base"],
    ),
    (
        "an385",
        include_bytes!("memory-an385.x"),
        &["bench", "maps", "profile"],
    ),
];

fn main() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for (board, memory, bins) in BOARDS {
        let dir = out.join(board);
        std::fs::create_dir_all(&dir).expect("OUT_DIR is writable");
        std::fs::write(dir.join("memory.x"), memory).expect("OUT_DIR is writable");
        for bin in bins {
            println!("cargo:rustc-link-arg-bin={bin}=-L{}", dir.display());
        }
    }
    println!("cargo:rerun-if-changed=memory-microbit.x");
    println!("cargo:rerun-if-changed=memory-an385.x");
}
