#!/usr/bin/env python3
"""Draws the demo level as a Tiled map (run from this folder; needs Pillow).

tiles.png: the default tiles of ../../tiles/ in one sheet, 4 per row, black on white, then
a one-way copy of `full` and of `slope45` (tiles 12 and 13; 14 and 15 are left empty).
tiles.tsx names each tile after its PNG and marks the copies `one_way`. walk.tmx is the
level below (the one the demo ran on before it was a Tiled map), with its lift and the
hero's start as named objects. Open walk.tmx in Tiled to edit the level.
"""
import glob, os, sys
from PIL import Image

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../tools"))
from tileset import write_level  # noqa: E402  (the shared Tiled map writer)

LEVEL = [
    "##############################",
    "#.........v####v.............#",
    "#............................#",
    "#............................#",
    "#......====..................#",
    "#...................^==......#",
    "#......./\\.......ab##BA......#",
    "#....../##\\....ab######BA.u.|#",
    "##############################",
]
N = 16
names = [os.path.basename(p)[:-4] for p in sorted(glob.glob("../../tiles/*.png"))]
sheet = Image.new("L", (4 * N, 4 * N), 255)
for i, name in enumerate(names + ["full", "slope45"]):
    sheet.paste(Image.open(f"../../tiles/{name}.png").convert("L"), ((i % 4) * N, (i // 4) * N))
sheet.save("tiles.png")

tiles = "".join(
    f'  <tile id="{i}"><properties><property name="name" value="{n}"/></properties></tile>\n'
    for i, n in enumerate(names)
)
tiles += ' <tile id="12"><properties><property name="one_way" type="bool" value="true"/></properties></tile>\n'
tiles += (' <tile id="13"><properties><property name="name" value="slope45_one_way"/>'
          '<property name="one_way" type="bool" value="true"/></properties></tile>\n')
open("tiles.tsx", "w").write(f"""<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.0" name="tiles" tilewidth="16" tileheight="16" tilecount="16" columns="4">
 <image source="tiles.png" width="64" height="64"/>
{tiles}</tileset>
""")

H, V, D = 0x80000000, 0x40000000, 0x20000000
gid = {n: i + 1 for i, n in enumerate(names)}
CELLS = {
    "#": gid["full"], "/": gid["slope45"], "\\": gid["slope45"] | H,
    "a": gid["slope22_1"], "b": gid["slope22_2"], "A": gid["slope22_1"] | H, "B": gid["slope22_2"] | H,
    "u": gid["bump"], "=": 13, "^": 14, "v": gid["slope45"] | V,
    "|": gid["slope22_1"] | D,  # Tiled's D alone is the runtime's F90X
    ".": 0,
}
HH = len(LEVEL)
write_level("walk.tmx", LEVEL, f"""\
  <object id="1" name="lift" x="392" y="{HH * N - 16 - 3}" width="24" height="3"/>
  <object id="2" name="hero" x="40" y="{HH * N - 16}"><point/></object>""", 3, CELLS)
