#!/usr/bin/env python3
"""Draws the collision-shape test level (run from this folder; Python 3, no other package).

art.png: 6 art tiles of 16 px, light with a dark pattern and no transparency, so their
image rule (dark is solid) gives other bitmaps than their shapes do. art.tsx and art.tsj
are one tileset: tiles 0 to 4 carry collision shapes drawn in Tiled's tile collision editor
(rectangles with edges on pixel centres, a ramp whose edge runs through pixel centres, a
concave polygon, ellipses, capsules; coordinates in eighths of a pixel), tile 5 none.
shapes.tmx and shapes.tmj are one map using every tile under every flip combination.

slope.png, slope.tsj and slope.tmj: one light tile (no dark pixel) whose collision is a `\`
ramp, the triangle below-left of the diagonal from the tile's top-left corner to its
bottom-right one, which runs through the centres of the pixels (c, c); a map of that tile.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../tools"))
import png  # noqa: E402  (the repository's PNG writer)

N = 16
COLS, ROWS = 3, 2


def art(x, y):
    k = (y // N) * COLS + x // N
    c, r = x % N, y % N
    dark = (c * 7 + r * 3 + k) % 5 == 0 or (k == 5 and c < 5 and r > 3)
    return (20, 30, 40) if dark else (210, 230, 190)


png.direct("art.png", COLS * N, ROWS * N, art, png.RGB)

# Each tile's collision objects: (kind, x, y, extra); polygon points relative to (x, y).
SHAPES = {
    0: [("rect", 0, 8, (16, 8)), ("rect", 2.5, 3.5, (4, 2.25))],
    1: [("polygon", 0, 0, [(0, 16), (16, 0), (16, 16)])],
    2: [("polygon", 2, 1, [(0, 0), (12, 0), (12, 14), (6, 14), (6, 6.5), (3.125, 6.5),
                           (3.125, 9), (0, 9)])],
    3: [("ellipse", 1, 4, (14, 9)), ("ellipse", 5.5, 0.5, (5, 5))],
    4: [("capsule", 0.5, 10, (15, 5)), ("capsule", 6, 0, (4, 9.5))],
}


def fmt(v):
    return ("%g" % v)


def tsx_object(i, kind, x, y, extra):
    if kind == "polygon":
        pts = " ".join(f"{fmt(px)},{fmt(py)}" for px, py in extra)
        return f'   <object id="{i}" x="{fmt(x)}" y="{fmt(y)}"><polygon points="{pts}"/></object>'
    w, h = extra
    inner = {"rect": "", "ellipse": "<ellipse/>", "capsule": "<capsule/>"}[kind]
    body = f">{inner}</object>" if inner else "/>"
    return f'   <object id="{i}" x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}"{body}'


tiles = []
for t, objs in SHAPES.items():
    lines = [tsx_object(i + 1, *o) for i, o in enumerate(objs)]
    tiles.append(f' <tile id="{t}">\n  <objectgroup draworder="index" id="2">\n'
                 + "\n".join(lines) + "\n  </objectgroup>\n </tile>")
open("art.tsx", "w").write(f"""<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.0" name="art" tilewidth="16" tileheight="16" tilecount="6" columns="3">
 <image source="art.png" width="48" height="32"/>
{chr(10).join(tiles)}
</tileset>
""")


def json_object(i, kind, x, y, extra):
    o = {"id": i, "name": "", "type": "", "rotation": 0, "visible": True, "x": x, "y": y}
    if kind == "polygon":
        o.update(width=0, height=0, polygon=[{"x": px, "y": py} for px, py in extra])
    else:
        o.update(width=extra[0], height=extra[1])
        if kind != "rect":
            o[kind] = True
    return o


tsj = {
    "name": "art", "tilewidth": 16, "tileheight": 16, "tilecount": 6, "columns": 3,
    "image": "art.png", "imagewidth": 48, "imageheight": 32, "margin": 0, "spacing": 0,
    "type": "tileset", "version": "1.10", "tiledversion": "1.11.0",
    "tiles": [{"id": t, "objectgroup": {"draworder": "index", "id": 2, "name": "", "opacity": 1,
                                         "type": "objectgroup", "visible": True, "x": 0, "y": 0,
                                         "objects": [json_object(i + 1, *o)
                                                     for i, o in enumerate(objs)]}}
              for t, objs in SHAPES.items()],
}
open("art.tsj", "w").write(json.dumps(tsj, indent=1) + "\n")

H, V, D = 0x80000000, 0x40000000, 0x20000000
FLAGS = [0, H, V, H | V, D, D | H, D | V, D | H | V]
W, HH = 8, 6
rows = [[(t + 1) | f for f in FLAGS] for t in range(6)]


def csv(rows):
    return ",\n".join(",".join(str(g) for g in row) for row in rows)


for ext, ts in [("tmx", "art.tsx"), ("tmj", "art.tsj")]:
    if ext == "tmx":
        open("shapes.tmx", "w").write(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.11.0" orientation="orthogonal" renderorder="right-down" width="{W}" height="{HH}" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" source="{ts}"/>
 <layer id="1" name="collision" width="{W}" height="{HH}">
  <data encoding="csv">
{csv(rows)}
</data>
 </layer>
</map>
""")
    else:
        tmj = {
            "width": W, "height": HH, "tilewidth": 16, "tileheight": 16, "infinite": False,
            "orientation": "orthogonal", "renderorder": "right-down", "type": "map",
            "version": "1.10", "tiledversion": "1.11.0",
            "tilesets": [{"firstgid": 1, "source": ts}],
            "layers": [{"id": 1, "name": "collision", "type": "tilelayer", "width": W,
                        "height": HH, "x": 0, "y": 0, "opacity": 1, "visible": True,
                        "data": [g for row in rows for g in row]}],
        }
        open("shapes.tmj", "w").write(json.dumps(tmj, indent=1) + "\n")


# The `\` ramp: its sloped edge runs through pixel centres, with the polygon to its left.
png.direct("slope.png", N, N, lambda x, y: (210, 230, 190), png.RGB)
slope_tsj = {
    "name": "slope", "tilewidth": 16, "tileheight": 16, "tilecount": 1, "columns": 1,
    "image": "slope.png", "imagewidth": 16, "imageheight": 16, "margin": 0, "spacing": 0,
    "type": "tileset", "version": "1.10", "tiledversion": "1.11.0",
    "tiles": [{"id": 0, "objectgroup": {"draworder": "index", "id": 2, "name": "", "opacity": 1,
                                         "type": "objectgroup", "visible": True, "x": 0, "y": 0,
                                         "objects": [json_object(1, "polygon", 0, 0,
                                                                 [(0, 0), (16, 16), (0, 16)])]}}],
}
open("slope.tsj", "w").write(json.dumps(slope_tsj, indent=1) + "\n")
slope_tmj = {
    "width": 1, "height": 1, "tilewidth": 16, "tileheight": 16, "infinite": False,
    "orientation": "orthogonal", "renderorder": "right-down", "type": "map",
    "version": "1.10", "tiledversion": "1.11.0",
    "tilesets": [{"firstgid": 1, "source": "slope.tsj"}],
    "layers": [{"id": 1, "name": "collision", "type": "tilelayer", "width": 1, "height": 1,
                "x": 0, "y": 0, "opacity": 1, "visible": True, "data": [1]}],
}
open("slope.tmj", "w").write(json.dumps(slope_tmj, indent=1) + "\n")
