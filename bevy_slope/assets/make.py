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
import png  # noqa: E402  (the repository's PNG writer)

N = 16
# (r, g, b); index 0 is air (transparent), the sky is the ROM's backdrop colour
PALETTE = [
    (0, 0, 0),  # 0 air
    (58, 36, 22),  # 1 dark soil
    (120, 78, 44),  # 2 soil
    (160, 110, 64),  # 3 soil speck
    (30, 96, 40),  # 4 dark grass
    (70, 160, 60),  # 5 grass
    (150, 210, 90),  # 6 grass light
    (110, 110, 120),  # 7 stone
    (70, 70, 80),  # 8 stone dark
    (170, 170, 180),  # 9 stone light
    (140, 90, 40),  # 10 wood
    (90, 56, 24),  # 11 wood dark
]

NAMES = [
    "soil", "grass", "slope45", "slope26_1", "slope26_2", "slope14_1", "slope14_2",
    "slope14_3", "slope14_4", "ledge", "stone",
]


def soil(x, y):
    return 3 if (x * 7 + y * 13) % 11 == 0 else (1 if (x * 3 + y * 5) % 17 == 0 else 2)


def column_tile(heights):
    """A slope: column x is solid from the bottom for heights[x] px, grass on top."""
    px = [[0] * N for _ in range(N)]
    for x, h in enumerate(heights):
        for y in range(N - h, N):
            depth = y - (N - h)
            px[y][x] = 6 if depth == 0 else 5 if depth == 1 else 4 if depth == 2 else soil(x, y)
    return px


def tile(name):
    if name == "soil":
        return [[soil(x, y) for x in range(N)] for y in range(N)]
    if name == "grass":
        return column_tile([N] * N)
    if name == "stone":
        return [[8 if x % 8 == 7 or y % 8 == 7 else 9 if (x + y) % 8 == 0 else 7
                 for x in range(N)] for y in range(N)]
    if name == "ledge":
        return [[(11 if y in (0, 4) or x % 8 == 0 else 10) if y < 5 else 0
                 for x in range(N)] for y in range(N)]
    if name == "slope45":
        return column_tile([x + 1 for x in range(N)])
    if name.startswith("slope26_"):
        k = int(name[-1]) - 1
        return column_tile([8 * k + (x + 2) // 2 for x in range(N)])
    if name.startswith("slope14_"):
        k = int(name[-1]) - 1
        return column_tile([4 * k + (x + 4) // 4 for x in range(N)])
    raise ValueError(name)


COLUMNS, ROWS = 4, 3
sheet = [[0] * (COLUMNS * N) for _ in range(ROWS * N)]
for i, name in enumerate(NAMES):
    for y, row in enumerate(tile(name)):
        for x, p in enumerate(row):
            sheet[(i // COLUMNS) * N + y][(i % COLUMNS) * N + x] = p
png.indexed("tiles.png", sheet, COLUMNS * N, ROWS * N, PALETTE)

props = "".join(
    f' <tile id="{i}"><properties><property name="name" value="{n}"/>'
    + ('<property name="one_way" type="bool" value="true"/>' if n == "ledge" else "")
    + "</properties></tile>\n"
    for i, n in enumerate(NAMES)
)
with open("tiles.tsx", "w") as f:
    f.write(f"""<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.0" name="tiles" tilewidth="16" tileheight="16" tilecount="{COLUMNS * ROWS}" columns="{COLUMNS}">
 <image source="tiles.png" width="{COLUMNS * N}" height="{ROWS * N}"/>
{props}</tileset>
""")

# . air, # soil, g grass, s stone, = one-way ledge; / \ 45°; a b (rising) B A (falling)
# 26.6° (1 in 2); 1 2 3 4 14° (1 in 4) rising
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
assert all(len(row) == 48 for row in LEVEL), [len(r) for r in LEVEL]
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
<map version="1.10" tiledversion="1.11.0" orientation="orthogonal" renderorder="right-down" width="{W}" height="{HH}" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="11">
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
  <object id="4" name="platform" x="{32 * N + 2}" y="{top(6) - 6}" width="32" height="6"/>
  <object id="5" name="platform_end" x="{40 * N - 2}" y="{top(6)}"><point/></object>
  <object id="6" name="enemy_valley" x="{18 * N}" y="{top(7)}" width="{4 * N}" height="{N}"/>
  <object id="7" name="enemy_pit" x="{32 * N}" y="{top(8)}" width="{5 * N}" height="{N}"/>
  <object id="8" name="enemy_plateau" x="{42 * N}" y="{top(5)}" width="{6 * N}" height="{N}"/>
 </objectgroup>
</map>
""")
