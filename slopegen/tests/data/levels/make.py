#!/usr/bin/env python3
"""Draws the test levels: two sheets, a Tiled tileset and three maps (run from this folder).

slopes.png: 4×2 tiles of 16 px with margin 1 and spacing 2 (painted magenta, opaque, so a
wrong cut shows), drawn light green on transparency: the full block (tile 0) has no
transparent pixel of its own. blocks.png: 2 tiles, black on white, no alpha.
hills.tmx and hills.tmj are the same map (every flip combination, one-way tiles, full and
empty tiles, an external and an embedded tileset, named objects); caves.tmj is a second map
(Base64 + zlib) sharing the tileset.
"""
import base64, json, zlib
from PIL import Image

N, M, S = 16, 1, 2
GREEN, MAGENTA, CLEAR = (200, 255, 200, 255), (255, 0, 255, 255), (0, 0, 0, 0)

def slopes_tile(k, c, r):  # column c, row r (y down) inside tile k
    return {
        0: True,
        1: r >= 15 - c,
        2: False,
        3: r >= 10 or (c < 3 and r >= 2),
        4: r < 4,
        5: r >= 15 - c // 2,
        6: False,
        7: (c - 7.5) ** 2 + (r - 16) ** 2 <= 49,
    }[k]

img = Image.new("RGBA", (2 * M + 4 * N + 3 * S, 2 * M + 2 * N + S), MAGENTA)
for k in range(8):
    x0, y0 = M + (k % 4) * (N + S), M + (k // 4) * (N + S)
    for r in range(N):
        for c in range(N):
            img.putpixel((x0 + c, y0 + r), GREEN if slopes_tile(k, c, r) else CLEAR)
img.save("slopes.png")

blocks = Image.new("RGB", (2 * N, N), (255, 255, 255))
for r in range(N):
    for c in range(2 * N):
        if c < N or r >= 12:
            blocks.putpixel((c, r), (0, 0, 0))
blocks.save("blocks.png")

open("slopes.tsx", "w").write("""<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.0" name="slopes" tilewidth="16" tileheight="16" spacing="2" margin="1" tilecount="8" columns="4">
 <image source="slopes.png" width="72" height="36"/>
 <tile id="1"><properties><property name="name" value="ramp45"/></properties></tile>
 <tile id="3"><properties><property name="name" value="notch"/></properties></tile>
 <tile id="4"><properties><property name="one_way" type="bool" value="true"/></properties></tile>
 <tile id="5"><properties><property name="name" value="ramp22"/></properties></tile>
 <tile id="7"><properties><property name="name" value="bump"/></properties></tile>
</tileset>
""")

H, V, D = 0x80000000, 0x40000000, 0x20000000
FLAGS = [0, H, V, H | V, D, D | H, D | V, D | H | V]
FULL, RAMP, EMPTY, NOTCH, LEDGE, RAMP22, BUMP = 1, 2, 3, 4, 5, 6, 8
BLOCK, STEP = 9, 10
W, HH = 12, 8
ground = [[0] * W for _ in range(HH)]
ground[7] = [BLOCK] * W
ground[6] = [FULL | H, RAMP, RAMP | H, STEP, STEP | D, EMPTY, BUMP | V, RAMP22, RAMP22 | H | V, FULL, 0, BLOCK | D]
ground[5] = [NOTCH | f for f in FLAGS] + [0, LEDGE, LEDGE | H, 0]
ground[3] = [RAMP | f for f in FLAGS] + [0, 0, LEDGE | D | V, 0]
ground[1] = [0, 0, 0, BUMP | D, BUMP | D | H, 0, 0, NOTCH | D | H | V, 0, 0, 0, 0]
decor = [[0] * W for _ in range(HH)]
decor[0] = [BUMP] * W

def csv(rows):
    return ",\n".join(",".join(str(g) for g in row) for row in rows)

open("hills.tmx", "w").write(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.11.0" orientation="orthogonal" renderorder="right-down" width="{W}" height="{HH}" tilewidth="16" tileheight="16" infinite="0" nextlayerid="5" nextobjectid="5">
 <tileset firstgid="1" source="slopes.tsx"/>
 <tileset firstgid="9" name="blocks" tilewidth="16" tileheight="16" tilecount="2" columns="2">
  <image source="blocks.png" width="32" height="16"/>
 </tileset>
 <layer id="1" name="decor" width="{W}" height="{HH}">
  <data encoding="csv">
{csv(decor)}
</data>
 </layer>
 <layer id="2" name="ground" width="{W}" height="{HH}">
  <properties>
   <property name="collision" type="bool" value="true"/>
  </properties>
  <data encoding="csv">
{csv(ground)}
</data>
 </layer>
 <objectgroup id="3" name="things">
  <object id="1" name="spawn" x="24" y="100"><point/></object>
  <object id="2" name="lift" x="128" y="32" width="32" height="8"/>
  <object id="3" x="40" y="40"><point/></object>
  <object id="4" name="cloud" x="10" y="10" width="20" height="10"><ellipse/></object>
 </objectgroup>
</map>
""")

def props(**kw):
    out = []
    for k, v in kw.items():
        out.append({"name": k, "type": "bool" if isinstance(v, bool) else "string", "value": v})
    return out

tmj = {
    "compressionlevel": -1, "height": HH, "width": W, "infinite": False,
    "orientation": "orthogonal", "renderorder": "right-down", "tiledversion": "1.11.0",
    "tileheight": 16, "tilewidth": 16, "type": "map", "version": "1.10",
    "nextlayerid": 5, "nextobjectid": 5,
    "tilesets": [
        {"firstgid": 1, "source": "slopes.tsx"},
        {"firstgid": 9, "name": "blocks", "tilewidth": 16, "tileheight": 16, "tilecount": 2,
         "columns": 2, "margin": 0, "spacing": 0, "image": "blocks.png",
         "imagewidth": 32, "imageheight": 16},
    ],
    "layers": [
        {"id": 1, "name": "decor", "type": "tilelayer", "width": W, "height": HH, "x": 0, "y": 0,
         "opacity": 1, "visible": True, "data": [g for row in decor for g in row]},
        {"id": 2, "name": "ground", "type": "tilelayer", "width": W, "height": HH, "x": 0, "y": 0,
         "opacity": 1, "visible": True, "properties": props(collision=True),
         "data": [g for row in ground for g in row]},
        {"id": 3, "name": "things", "type": "objectgroup", "draworder": "topdown", "x": 0, "y": 0,
         "opacity": 1, "visible": True, "objects": [
             {"id": 1, "name": "spawn", "point": True, "x": 24, "y": 100, "width": 0, "height": 0, "rotation": 0, "type": "", "visible": True},
             {"id": 2, "name": "lift", "x": 128, "y": 32, "width": 32, "height": 8, "rotation": 0, "type": "", "visible": True},
             {"id": 3, "name": "", "point": True, "x": 40, "y": 40, "width": 0, "height": 0, "rotation": 0, "type": "", "visible": True},
             {"id": 4, "name": "cloud", "ellipse": True, "x": 10, "y": 10, "width": 20, "height": 10, "rotation": 0, "type": "", "visible": True},
         ]},
    ],
}
open("hills.tmj", "w").write(json.dumps(tmj, indent=1) + "\n")

CW, CH = 6, 4
caves = [
    [FULL, FULL, FULL | V, FULL, FULL, FULL],
    [FULL, RAMP | V, 0, 0, RAMP | H | V, FULL],
    [FULL, 0, 0, LEDGE, 0, FULL],
    [FULL, FULL, RAMP22, RAMP22 | H, FULL, FULL],
]
raw = b"".join(g.to_bytes(4, "little") for row in caves for g in row)
cj = {
    "height": CH, "width": CW, "infinite": False, "orientation": "orthogonal",
    "tileheight": 16, "tilewidth": 16, "type": "map", "version": "1.10",
    "tilesets": [{"firstgid": 1, "source": "slopes.tsx"}],
    "layers": [
        {"id": 1, "name": "collision", "type": "tilelayer", "width": CW, "height": CH,
         "encoding": "base64", "compression": "zlib",
         "data": base64.b64encode(zlib.compress(raw, 9)).decode()},
        {"id": 2, "name": "marks", "type": "objectgroup", "objects": [
            {"id": 1, "name": "exit", "point": True, "x": 72, "y": 40}]},
    ],
}
open("caves.tmj", "w").write(json.dumps(cj, indent=1) + "\n")
