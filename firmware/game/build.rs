//! Puts the micro:bit's memory layout (nRF51822, 16 KiB RAM), as memory.x, where the linker
//! (cortex-m-rt's link.x) finds it, and runs slopegen on the game's Tiled level,
//! `levels/game.tmx`, as a game's build.rs would (README, quick start): `game.bin` (the
//! tables), `game.map` (the packed map) and `game.rs` (both, and the map's named objects) in
//! OUT_DIR.

use std::path::PathBuf;

fn main() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("memory.x"), include_bytes!("../memory-microbit.x"))
        .expect("OUT_DIR is writable");
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed=../memory-microbit.x");
    // Its rerun-if-changed lines name the map, its tileset and its sheet.
    slopegen::Builder::new("levels/game.tmx").build();
}
