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
from tileset import N, NAMES, top, write_level, write_sheet, write_tsx  # noqa: E402

write_sheet("tiles.png")
write_tsx("tiles.tsx", NAMES, 4, 3)

# The collision layer in tools/tileset.py's legend (LEGEND), rows top first.
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

write_level("level.tmx", LEVEL, f"""\
  <object id="1" name="hero" x="24" y="{top(8)}"><point/></object>
  <object id="2" name="lift" x="{26 * N}" y="{top(8) - 6}" width="32" height="6"/>
  <object id="3" name="lift_top" x="{26 * N}" y="{top(4)}"><point/></object>
  <object id="4" name="enemy_valley" x="{18 * N}" y="{top(7)}" width="{4 * N}" height="{N}"/>
  <object id="5" name="enemy_plateau" x="{28 * N}" y="{top(3)}" width="{4 * N}" height="{N}"/>""", 7)
