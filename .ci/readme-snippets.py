#!/usr/bin/env python3
"""Compiles the Rust snippets of README.md, each in a throwaway crate that depends on the
workspace's crates by path (slopegen as a build dependency without its command line, as the
README tells users; the runtime with its `agb_fixnum` feature and agb's fixed-point crate,
for the Game Boy Advance section), with the inputs the snippets name laid out beside it:
the default tiles in `tiles/`, the demo's Tiled level and the test levels (LDtk, collision
shapes) in `levels/`, the Game Boy Advance example's level in `level/`. Then `cargo check` on all of them at once, in `target/readme-snippets`.

How a ```rust block becomes a crate:
- lines `// build.rs` and `// src/...rs` split it into files; text before any such line is
  the crate's source;
- a part with `fn main` is the whole file; a build part without one is the body of
  build.rs's `main`; a source part without one is the body of a function returning
  `Result<(), Box<dyn Error>>` (so `?` works), with `use slope_runtime::*;`;
- a crate without a build part generates the default tiles (`Builder::new("tiles")`);
- what a snippet leaves to the reader (the game's input, a map, actors) comes from an HTML
  comment right before the block, invisible on the rendered page:
  `<!-- check: prelude ... -->` (statements before a fragment, or items after a whole
  file).

Usage: python3 .ci/readme-snippets.py [--keep]   (--keep leaves the crates in a temp folder)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BLOCK = re.compile(
    r"(?:<!-- check: prelude\n(?P<prelude>.*?)-->\s*\n)?```rust\n(?P<code>.*?)```", re.S
)
SECTION = re.compile(r"^// (build\.rs|src/\S+\.rs)\b.*$", re.M)


def sections(code):
    """[(file, text)]: the block split at its `// build.rs` and `// src/*.rs` lines."""
    out, file, start = [], "src/main.rs", 0
    for m in SECTION.finditer(code):
        if code[start:m.start()].strip():
            out.append((file, code[start:m.start()]))
        file, start = m.group(1), m.end()
    if code[start:].strip():
        out.append((file, code[start:]))
    return out


def indent(text, by="    "):
    return "".join(by + line if line.strip() else line for line in text.splitlines(True))


def crate(dir, name, code, prelude):
    os.makedirs(os.path.join(dir, "src"))
    build, source = None, None
    for file, text in sections(code):
        if file == "build.rs":
            build = text if "fn main" in text else f"fn main() {{\n{indent(text)}}}\n"
        else:
            source = text
    if build is None:
        build = 'fn main() {\n    slopegen::Builder::new("tiles").build();\n}\n'
    if source is None:
        source = "fn main() {}\n"
    elif "fn main" in source:
        source = source + "\n" + prelude
    else:
        source = (
            "#![allow(unused)]\n#[allow(unused_imports)]\nuse slope_runtime::*;\n\nfn main() {}\n\n"
            "fn snippet() -> Result<(), Box<dyn std::error::Error>> {\n"
            + indent(prelude) + indent(source) + "    Ok(())\n}\n"
        )
    with open(os.path.join(dir, "build.rs"), "w") as f:
        f.write(build)
    with open(os.path.join(dir, "src", "main.rs"), "w") as f:
        f.write(source)
    with open(os.path.join(dir, "Cargo.toml"), "w") as f:
        f.write(f"""[package]
name = "{name}"
version = "0.0.0"
edition = "2024"
publish = false

[build-dependencies]
slopegen = {{ path = "{ROOT}/slopegen", default-features = false }}

[dependencies]
slope-runtime = {{ path = "{ROOT}/slope-runtime", features = ["agb_fixnum"] }}
# the Game Boy Advance section's fixed-point numbers (agb re-exports them as agb::fixnum)
agb_fixnum = "0.25"
""")
    shutil.copytree(os.path.join(ROOT, "tiles"), os.path.join(dir, "tiles"))
    levels = os.path.join(dir, "levels")
    for source_dir in ["demo/levels", "slopegen/tests/data/ldtk", "slopegen/tests/data/shapes"]:
        shutil.copytree(
            os.path.join(ROOT, source_dir), levels, dirs_exist_ok=True,
            ignore=shutil.ignore_patterns("*.py", "expected"),
        )
    shutil.copytree(
        os.path.join(ROOT, "examples/gba/level"), os.path.join(dir, "level"),
        ignore=shutil.ignore_patterns("*.py"),
    )


def main():
    keep = "--keep" in sys.argv
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    blocks = [(m.group("code"), m.group("prelude") or "") for m in BLOCK.finditer(readme)]
    if not blocks:
        sys.exit("README.md has no ```rust blocks: nothing to check")
    work = tempfile.mkdtemp(prefix="readme-snippets-")
    names = []
    for i, (code, prelude) in enumerate(blocks, 1):
        name = f"snippet_{i}"
        names.append(name)
        crate(os.path.join(work, name), name, code, prelude)
    with open(os.path.join(work, "Cargo.toml"), "w") as f:
        f.write("[workspace]\nresolver = \"3\"\nmembers = [" + ", ".join(f'"{n}"' for n in names) + "]\n")
    env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(ROOT, "target", "readme-snippets"))
    result = subprocess.run(
        ["cargo", "check", "--quiet", "--workspace", "--manifest-path", os.path.join(work, "Cargo.toml")],
        env=env,
    )
    if keep or result.returncode != 0:
        print(f"the snippets' crates are in {work} (snippet_N is the README's N-th ```rust block)", file=sys.stderr)
    else:
        shutil.rmtree(work)
    if result.returncode != 0:
        sys.exit(f"a README snippet does not compile (cargo check exited with {result.returncode})")
    print(f"the README's {len(blocks)} Rust snippets compile")


if __name__ == "__main__":
    main()
