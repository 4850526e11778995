#!/usr/bin/env python3
"""Each crate's modules import one way: no two modules of slope-runtime/src or
slopegen/src use each other (directly or around a loop), and no module of slope-runtime
uses the crate root's re-exports (`crate::Name`): each names the module that defines what
it uses. A use is any path the compiler resolves, as written in code: `use` items (braces
expanded), and full paths inside code (`crate::tables::format::MAGIC`, `super::drop::x`).
Comments and doc comments are left out, as are test modules (`tests.rs`, `testing.rs`,
`#[cfg(test)] mod tests`).

    python3 .ci/imports.py          exits 1 and names the loop or the line"""
import collections
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
CRATES = [
    # (source folder, whether a module may use the crate root's re-exports)
    (os.path.join(ROOT, "slope-runtime", "src"), False),
    (os.path.join(ROOT, "slopegen", "src"), True),
]
KEYWORD_PATH = re.compile(r"\b(crate|super|self)((?:::\{[^;]*?\}|::[A-Za-z_][A-Za-z0-9_]*)+)")


def modules(src):
    found = {}
    for root, _, files in os.walk(src):
        for name in files:
            if not name.endswith(".rs") or name in ("tests.rs", "testing.rs"):
                continue
            path = os.path.relpath(os.path.join(root, name), src)
            module = path[:-3].replace(os.sep + "mod", "").replace(os.sep, "::")
            if module in ("lib", "main"):
                module = ""
            found[module] = path
    return found


def code_of(text):
    """The text without test modules, comments and string literals."""
    text = re.split(r"#\[cfg\((?:test|all\(test[^\]]*\))\)\]\s*(?:pub(?:\([a-z]+\))? )?mod tests \{", text)[0]
    text = re.sub(r"'(?:\\.|[^'\\\n])'", "' '", text)  # char literals ('"' among them)
    text = re.sub(r'\br(#*)".*?"\1', '""', text, flags=re.S)  # raw strings
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def expand(tail):
    """`::a::{b, c::{d, e}}` → ["a::b", "a::c::d", "a::c::e"] (braces may nest)."""
    tail = re.sub(r"\s+", "", tail).lstrip(":")
    if "{" not in tail:
        return [tail]
    head, inner = tail.split("{", 1)
    inner = inner[: inner.rfind("}")]
    parts, depth, start = [], 0, 0
    for i, c in enumerate(inner):
        depth += c == "{"
        depth -= c == "}"
        if c == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
    parts.append(inner[start:])
    return [head + p2 for p in parts if p for p2 in expand(p)]


def resolve(module, keyword, path):
    """The crate-relative path a `crate::`/`super::`/`self::` path names from `module`."""
    here = module.split("::") if module else []
    if keyword == "crate":
        return path
    base = here if keyword == "self" else here[:-1]
    parts = path.split("::")
    while parts and parts[0] == "super":
        base, parts = base[:-1], parts[1:]
    return "::".join(base + parts)


def check(src, root_allowed):
    found = modules(src)
    graph = collections.defaultdict(set)
    problems = []
    name = os.path.relpath(src, ROOT)
    for module, path in sorted(found.items()):
        with open(os.path.join(src, path), encoding="utf-8") as f:
            code = code_of(f.read())
        for m in KEYWORD_PATH.finditer(code):
            line = code.count("\n", 0, m.start()) + 1
            for tail in expand(m.group(2)):
                if not tail or tail == "self":
                    continue
                target = resolve(module, m.group(1), tail.removesuffix("::self"))
                parts = target.split("::")
                while parts and "::".join(parts) not in found:
                    parts.pop()
                if not parts:
                    if module and not root_allowed and m.group(1) == "crate":
                        problems.append(f"{name}/{path}:{line}: uses the crate root's re-export crate::{tail}")
                    continue
                used = "::".join(parts)
                # A module uses its own submodules (`mod` declarations), not the other way.
                if used != module and not used.startswith(module + "::" if module else "\0"):
                    graph[module].add(used)

    def loops(start):
        stack = [(start, [start])]
        while stack:
            node, trail = stack.pop()
            for nxt in sorted(graph.get(node, ())):
                if nxt == start:
                    yield trail + [start]
                elif nxt not in trail:
                    stack.append((nxt, trail + [nxt]))

    for module in sorted(graph):
        for loop in loops(module):
            problems.append(f"{name}: modules use each other: " + " -> ".join(loop))
            break
    return problems, len(found), sum(map(len, graph.values()))


def main():
    problems, summary = [], []
    for src, root_allowed in CRATES:
        found, modules_count, edges = check(src, root_allowed)
        problems += found
        summary.append(f"{os.path.relpath(src, ROOT)}: {modules_count} modules, {edges} uses between them")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print("imports run one way: " + "; ".join(summary))


main()
