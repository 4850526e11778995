#!/usr/bin/env python3
"""The runtime's imports run one way: no two modules of slope-runtime/src import each other
(directly or around a loop), and none imports from the crate root's re-exports (`use
crate::Name` or `use crate::{...}`): each names the module that defines what it uses.
Test modules (`tests.rs`, `#[cfg(test)] mod tests`, `testing.rs`) are left out.

    python3 .ci/imports.py          exits 1 and names the loop or the line"""
import collections
import os
import re
import sys

SRC = os.path.join(os.path.dirname(__file__), "..", "slope-runtime", "src")


def modules():
    found = {}
    for root, _, files in os.walk(SRC):
        for name in files:
            if not name.endswith(".rs") or name in ("tests.rs", "testing.rs"):
                continue
            path = os.path.relpath(os.path.join(root, name), SRC)
            module = path[:-3].replace(os.sep + "mod", "").replace(os.sep, "::")
            found["" if module == "lib" else module] = path
    return found


def main():
    found = modules()
    graph = collections.defaultdict(set)
    problems = []
    for module, path in sorted(found.items()):
        with open(os.path.join(SRC, path), encoding="utf-8") as f:
            text = re.split(r"#\[cfg\(test\)\]\s*mod tests \{", f.read())[0]
        for number, line in enumerate(text.splitlines(), 1):
            used = re.match(r"\s*(?:pub(?:\([a-z]+\))? )?use crate::(\{|[A-Za-z0-9_:]+)", line)
            if not used or module == "":
                continue
            target = used.group(1)
            if target == "{" or target[0].isupper() or "::" not in target and target not in found:
                problems.append(f"{path}:{number}: imports from the crate root: {line.strip()}")
                continue
            parts = target.split("::")
            while parts and "::".join(parts) not in found:
                parts.pop()
            if parts and "::".join(parts) != module:
                graph[module].add("::".join(parts))

    def loops(start):
        stack = [(start, [start])]
        while stack:
            node, trail = stack.pop()
            for nxt in graph.get(node, ()):
                if nxt == start:
                    yield trail + [start]
                elif nxt not in trail:
                    stack.append((nxt, trail + [nxt]))

    for module in sorted(graph):
        for loop in loops(module):
            problems.append("modules import each other: " + " -> ".join(loop))
            break
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"imports run one way: {len(found)} modules, {sum(map(len, graph.values()))} imports between them")


main()
