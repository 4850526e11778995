#!/usr/bin/env python3
"""Draws the example's level as a Tiled map (run from this folder; Python 3, no packages).

tiles.png: eleven 16×16 tiles in one 4-column sheet, 16 colours, air transparent. slopegen
reads their collision from the pixels (opaque is solid); agb draws the same sheet as the
background, so what the player sees is what collides. tiles.tsx names each tile and marks
the ledge `one_way`. level.tmx is the level below, 32×10 cells (512×160 px, a 64×32-tile
GBA background), with the hero, the lift, where the lift stops and two enemies' patrol
areas as named objects. Open level.tmx in Tiled to edit it (only flips, no rotations: the
GBA's backgrounds cannot rotate a tile).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools"))
from tileset import N, NAMES, write_sheet, write_tsx  # noqa: E402  (the shared tile art)

write_sheet("tiles.png")
write_tsx("tiles.tsx", NAMES, 4, 3)

# . air, # soil, g grass, s stone, = one-way ledge; / \ 45°; a b (rising) B A (falling)
# 26.6° (1 in 2); 1 2 3 4 14° (1 in 4) rising
LEVEL = [
    "................................",
    "................................",
    "................................",
    "................................",
    "...........======...........gggg",
    "............................ssss",
    "............abBA............ssss",
    "..../\\....ab####BA....1234..ssss",
    "gggg##gggg########gggg####ggssss",
    "############################ssss",
]
assert all(len(row) == 32 for row in LEVEL), [len(r) for r in LEVEL]
H = 0x80000000
gid = {n: i + 1 for i, n in enumerate(NAMES)}
CELLS = {
    ".": 0, "#": gid["soil"], "g": gid["grass"], "s": gid["stone"], "=": gid["ledge"],
    "/": gid["slope45"], "\\": gid["slope45"] | H,
    "a": gid["slope26_1"], "b": gid["slope26_2"], "B": gid["slope26_2"] | H,
    "A": gid["slope26_1"] | H,
    "1": gid["slope14_1"], "2": gid["slope14_2"], "3": gid["slope14_3"], "4": gid["slope14_4"],
}
W, HH = len(LEVEL[0]), len(LEVEL)
rows = ",\n".join(",".join(str(CELLS[c]) for c in row) for row in LEVEL)


def top(row):
    """Tiled's y (down) of the top edge of a row of cells."""
    return row * N


with open("level.tmx", "w") as f:
    f.write(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.11.0" orientation="orthogonal" renderorder="right-down" width="{W}" height="{HH}" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="7">
 <tileset firstgid="1" source="tiles.tsx"/>
 <layer id="1" name="collision" width="{W}" height="{HH}">
  <data encoding="csv">
{rows}
</data>
 </layer>
 <objectgroup id="2" name="actors">
  <object id="1" name="hero" x="24" y="{top(8)}"><point/></object>
  <object id="2" name="lift" x="{26 * N}" y="{top(8) - 6}" width="32" height="6"/>
  <object id="3" name="lift_top" x="{26 * N}" y="{top(4)}"><point/></object>
  <object id="4" name="enemy_valley" x="{18 * N}" y="{top(7)}" width="{4 * N}" height="{N}"/>
  <object id="5" name="enemy_plateau" x="{28 * N}" y="{top(3)}" width="{4 * N}" height="{N}"/>
 </objectgroup>
</map>
""")
