#!/usr/bin/env python3
"""Draws the Bevy example's level as a Tiled map (run from this folder; Python 3, no packages).

tiles.png: eleven 16×16 tiles in one 4-column sheet, air transparent; slopegen reads their
collision from the pixels (opaque is solid). tiles.tsx names each tile and marks the ledge
`one_way`. level.tmx is the level below, 48×12 cells (768×192 px): slopes of 45°, 26.6° and
14° both ways, a one-way ledge over a pit, a lift up a tower, a platform moving across the
pit, and named objects: the hero, the lift and where it stops, the moving platform and
where it turns, three enemies' patrol areas. Open level.tmx in Tiled to edit it; the
running example reloads it when saved.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../tools"))
from tileset import N, NAMES, top, write_level, write_sheet, write_tsx  # noqa: E402

write_sheet("tiles.png")
write_tsx("tiles.tsx", NAMES, 4, 3)

# The collision layer in tools/tileset.py's legend (LEGEND), rows top first.
LEVEL = [
    "................................................",
    "................................................",
    "................................................",
    "................................................",
    "...........======...........gggg................",
    "............................ssss................",
    "............abBA............ssss..........gggggg",
    "..../\\....ab####BA....1234..ssss..........######",
    "gggg##gggg########gggg####ggssss../\\.=====######",
    "############################ssssgg##gggg########",
    "############################ssss################",
    "############################ssss################",
]

write_level("level.tmx", LEVEL, f"""\
  <object id="1" name="hero" x="24" y="{top(8)}"><point/></object>
  <object id="2" name="lift" x="{26 * N}" y="{top(8) - 6}" width="32" height="6"/>
  <object id="3" name="lift_top" x="{26 * N}" y="{top(4)}"><point/></object>
  <object id="4" name="platform" x="{32 * N + 2}" y="{top(6) - 6}" width="32" height="6"/>
  <object id="5" name="platform_end" x="{40 * N - 2}" y="{top(6)}"><point/></object>
  <object id="6" name="enemy_valley" x="{18 * N}" y="{top(7)}" width="{4 * N}" height="{N}"/>
  <object id="7" name="enemy_pit" x="{32 * N}" y="{top(8)}" width="{5 * N}" height="{N}"/>
  <object id="8" name="enemy_plateau" x="{42 * N}" y="{top(5)}" width="{6 * N}" height="{N}"/>""", 11)
