#!/usr/bin/env python3
"""Draws the game firmware's level as a Tiled map (run from this folder; Python 3, no packages).

tiles.png: five 16×16 tiles in one sheet, solid opaque on transparent air: a block, a 45°
slope, a 26.6° slope in two tiles and a one-way ledge. tiles.tsx names each tile and marks
the ledge `one_way`. game.tmx is the level below, 24×8 cells (384×128 px), with the lift,
the height it rises to and the area the actors drop in from as named objects.
../build.rs runs slopegen on game.tmx on every build of the game firmware; ../src/bin/game.rs
plays on it. Open game.tmx in Tiled to edit it, or change this script and run it again.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
import png  # noqa: E402  (the repository's PNG writer)
from tileset import write_tsx  # noqa: E402  (the shared Tiled tileset writer)

N = 16
NAMES = ["block", "slope45", "slope26_1", "slope26_2", "ledge"]


def column_tile(heights):
    """A slope: column x is solid from the bottom for heights[x] px."""
    return [[1 if y >= N - heights[x] else 0 for x in range(N)] for y in range(N)]


def tile(name):
    if name == "block":
        return [[1] * N for _ in range(N)]
    if name == "slope45":
        return column_tile([x + 1 for x in range(N)])
    if name.startswith("slope26_"):
        k = int(name[-1]) - 1
        return column_tile([8 * k + (x + 2) // 2 for x in range(N)])
    if name == "ledge":
        return [[1 if y < 4 else 0 for _ in range(N)] for y in range(N)]
    raise ValueError(name)


sheet = [[0] * (len(NAMES) * N) for _ in range(N)]
for i, name in enumerate(NAMES):
    for y, row in enumerate(tile(name)):
        for x, p in enumerate(row):
            sheet[y][i * N + x] = p
# index 0 transparent air, 1 an opaque solid
png.indexed("tiles.png", sheet, len(NAMES) * N, N, [(255, 255, 255), (60, 60, 60)])

write_tsx("tiles.tsx", NAMES, len(NAMES), 1)

# . air, # block, = one-way ledge; / \ 45°; a b (rising) B A (falling) 26.6° (1 in 2).
# The lift runs in the two columns left of the plateau, from the floor to its top.
LEVEL = [
    "........................",
    "........................",
    "........................",
    "......=====.........####",
    "....................####",
    "..........abBA......####",
    "..../\\...ab####BA...####",
    "########################",
]
assert all(len(row) == 24 for row in LEVEL), [len(r) for r in LEVEL]
H = 0x80000000
gid = {n: i + 1 for i, n in enumerate(NAMES)}
CELLS = {
    ".": 0, "#": gid["block"], "=": gid["ledge"],
    "/": gid["slope45"], "\\": gid["slope45"] | H,
    "a": gid["slope26_1"], "b": gid["slope26_2"], "B": gid["slope26_2"] | H,
    "A": gid["slope26_1"] | H,
}
W, HH = len(LEVEL[0]), len(LEVEL)
rows = ",\n".join(",".join(str(CELLS[c]) for c in row) for row in LEVEL)


def top(row):
    """Tiled's y (down) of the top edge of a row of cells."""
    return row * N


with open("game.tmx", "w") as f:
    f.write(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.11.0" orientation="orthogonal" renderorder="right-down" width="{W}" height="{HH}" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="4">
 <tileset firstgid="1" source="tiles.tsx"/>
 <layer id="1" name="collision" width="{W}" height="{HH}">
  <properties><property name="collision" type="bool" value="true"/></properties>
  <data encoding="csv">
{rows}
</data>
 </layer>
 <objectgroup id="2" name="objects">
  <object id="1" name="lift" x="{18 * N}" y="{top(7) - 6}" width="32" height="6"/>
  <object id="2" name="lift_top" x="{18 * N}" y="{top(3)}"><point/></object>
  <object id="3" name="drop_zone" x="{N}" y="{top(0)}" width="{W * N - 2 * N}" height="{2 * N}"/>
 </objectgroup>
</map>
""")
