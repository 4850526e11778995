#!/usr/bin/env python3
"""Draws the LDtk test projects (run from this folder; Python 3, no other package).

terrain.png: a collision tileset of 4×2 tiles of 16 px with padding 1 and spacing 2 (the
padding painted opaque magenta, so a wrong cut shows), drawn light green on transparency.
Its tiles are named by enum tags (`ramp45`, `notch`, `lump`), by custom data (`ramp22`) or
not at all (`terrain_7`); tile 4 is one-way by its enum tag, tile 7 by its custom data.

world.ldtk: one world, two levels (`Hills`, `Caves`), four layers: `Entities`,
`collision` (a tile layer: every flip of the asymmetric tiles), `auto` (an auto-layer whose
stored tiles are flipped too) and `terrain` (an IntGrid layer whose values name shapes of
the tileset, with variant suffixes). Entities: a point, a sized one, fields of each simple
kind, two of one kind.
worlds.ldtk: the multi-world form, levels saved in their own files (`worlds/*.ldtkl`), two
worlds that both have a `Level_0`.
grid.ldtk: an IntGrid collision layer without a tileset, whose values name the shapes of
the default tile folder.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../tools"))
import png  # noqa: E402  (the repository's PNG writer)

N, PAD, SP = 16, 1, 2
GREEN, MAGENTA, CLEAR = (200, 255, 200, 255), (255, 0, 255, 255), (0, 0, 0, 0)


def terrain_tile(k, c, r):  # column c, row r (y down) inside tile k
    return {
        0: True,
        1: r >= 15 - c,
        2: False,
        3: r >= 10 or (c < 3 and r >= 2),
        4: r < 4,
        5: r >= 15 - c // 2,
        6: (c - 4) ** 2 + (r - 11) ** 2 <= 20 or (r >= 14 and c < 12),
        7: (c >= 8 and r >= 6) or r >= 12,
    }[k]


COLS, ROWS = 4, 2
TW, TH = 2 * PAD + COLS * N + (COLS - 1) * SP, 2 * PAD + ROWS * N + (ROWS - 1) * SP


def terrain_pixel(x, y):
    for k in range(COLS * ROWS):
        x0, y0 = PAD + (k % COLS) * (N + SP), PAD + (k // COLS) * (N + SP)
        if x0 <= x < x0 + N and y0 <= y < y0 + N:
            return GREEN if terrain_tile(k, x - x0, y - y0) else CLEAR
    return MAGENTA if x < PAD or y < PAD or x >= TW - PAD or y >= TH - PAD else CLEAR


png.direct("terrain.png", TW, TH, terrain_pixel, png.RGBA)


def src(t):
    return [PAD + (t % COLS) * (N + SP), PAD + (t // COLS) * (N + SP)]


def tile(cx, cy, t, f=0, rule=None):
    d = [cy * 1000 + cx] if rule is None else [rule, cy * 1000 + cx]
    return {"px": [cx * N, cy * N], "src": src(t), "f": f, "t": t, "d": d, "a": 1}


FULL, RAMP, EMPTY, NOTCH, LEDGE, RAMP22, LUMP, STEP = range(8)
TILESET_UID, ENUM_UID = 10, 20
ENTITIES_UID, COLLISION_UID, AUTO_UID, TERRAIN_UID = 1, 2, 3, 4
terrain_tileset = {
    "__cWid": COLS, "__cHei": ROWS, "identifier": "terrain", "uid": TILESET_UID,
    "relPath": "terrain.png", "embedAtlas": None, "pxWid": TW, "pxHei": TH,
    "tileGridSize": N, "spacing": SP, "padding": PAD, "tags": [],
    "tagsSourceEnumUid": ENUM_UID,
    "enumTags": [
        {"enumValueId": "ramp45", "tileIds": [RAMP]},
        {"enumValueId": "notch", "tileIds": [NOTCH]},
        {"enumValueId": "one_way", "tileIds": [LEDGE]},
        {"enumValueId": "lump", "tileIds": [LUMP]},
    ],
    "customData": [
        {"tileId": RAMP22, "data": "ramp22"},
        {"tileId": LUMP, "data": "{\"hp\": 3}"},
        {"tileId": STEP, "data": " one_way\n"},
    ],
    "savedSelections": [], "cachedPixelData": None,
}
enums = [
    {"identifier": "Collision", "uid": ENUM_UID, "values": [
        {"id": v, "tileRect": None, "color": 0} for v in ["ramp45", "notch", "one_way", "lump"]
    ], "iconTilesetUid": None, "externalRelPath": None, "externalFileChecksum": None, "tags": []},
    {"identifier": "DoorKind", "uid": 21, "values": [
        {"id": v, "tileRect": None, "color": 0} for v in ["Open", "Locked"]
    ], "iconTilesetUid": None, "externalRelPath": None, "externalFileChecksum": None, "tags": []},
]
INTGRID = [(1, "full"), (2, "ramp45"), (3, "ramp45_fx"), (4, "one_way"), (5, "notch_fy"),
           (6, "ramp22_FXY"), (7, "lump_f90")]
layer_defs = [
    {"__type": "Entities", "identifier": "Entities", "type": "Entities", "uid": ENTITIES_UID,
     "gridSize": N, "intGridValues": [], "tilesetDefUid": None, "autoSourceLayerDefUid": None},
    {"__type": "Tiles", "identifier": "collision", "type": "Tiles", "uid": COLLISION_UID,
     "gridSize": N, "intGridValues": [], "tilesetDefUid": TILESET_UID,
     "autoSourceLayerDefUid": None},
    {"__type": "AutoLayer", "identifier": "auto", "type": "AutoLayer", "uid": AUTO_UID,
     "gridSize": N, "intGridValues": [], "tilesetDefUid": TILESET_UID,
     "autoSourceLayerDefUid": TERRAIN_UID},
    {"__type": "IntGrid", "identifier": "terrain", "type": "IntGrid", "uid": TERRAIN_UID,
     "gridSize": N, "tilesetDefUid": TILESET_UID, "autoSourceLayerDefUid": None,
     "intGridValues": [{"value": v, "identifier": i, "color": "#808080", "tile": None,
                        "groupUid": 0} for v, i in INTGRID]},
]


def entity_def(ident, uid, w, h, px, py, resizable, fields):
    return {"identifier": ident, "uid": uid, "width": w, "height": h, "pivotX": px,
            "pivotY": py, "resizableX": resizable, "resizableY": resizable, "tags": [],
            "fieldDefs": [{"identifier": f, "__type": t, "uid": uid * 10 + i}
                          for i, (f, t) in enumerate(fields)]}


entity_defs = [
    entity_def("Player", 100, 16, 24, 0.5, 1, False, []),
    entity_def("Platform", 101, 32, 8, 0, 0, True, [("speed", "Int"), ("looping", "Bool")]),
    entity_def("Door", 102, 16, 32, 0.5, 1, False,
               [("target", "String"), ("kind", "LocalEnum.DoorKind"), ("weight", "Float"),
                ("keys", "Array<Int>"), ("note", "String")]),
    entity_def("Coin", 103, 8, 8, 0.5, 0.5, False, []),
    entity_def("Exit", 104, 16, 16, 0, 1, False, []),
]


def field(ident, kind, value):
    return {"__identifier": ident, "__type": kind, "__value": value, "__tile": None,
            "defUid": 0, "realEditorValues": []}


def entity(ident, uid, px, py, w, h, pivot, fields=(), level_h=0):
    return {"__identifier": ident, "__grid": [px // N, py // N], "__pivot": list(pivot),
            "__tags": [], "__tile": None, "__smartColor": "#FF0000", "iid": f"e-{ident}-{px}-{py}",
            "width": w, "height": h, "defUid": uid, "px": [px, py],
            "fieldInstances": list(fields), "__worldX": px, "__worldY": py}


def layer(ident, kind, uid, cw, ch, level_uid, grid=(), auto=(), csv=None, entities=(),
          tileset=TILESET_UID):
    uses_tiles = kind in ("Tiles", "AutoLayer") or (kind == "IntGrid" and tileset is not None)
    return {
        "__identifier": ident, "__type": kind, "__cWid": cw, "__cHei": ch, "__gridSize": N,
        "__opacity": 1, "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0,
        "__tilesetDefUid": tileset if uses_tiles else None,
        "__tilesetRelPath": "terrain.png" if uses_tiles else None,
        "iid": f"layer-{ident}-{level_uid}", "levelId": level_uid, "layerDefUid": uid,
        "pxOffsetX": 0, "pxOffsetY": 0, "visible": True, "optionalRules": [],
        "intGridCsv": csv if csv is not None else [], "autoLayerTiles": list(auto),
        "seed": 1234, "overrideTilesetUid": None, "gridTiles": list(grid),
        "entityInstances": list(entities),
    }


def level(ident, uid, cw, ch, wx, wy, layers, external=None):
    return {
        "identifier": ident, "iid": f"level-{uid}", "uid": uid, "worldX": wx, "worldY": wy,
        "worldDepth": 0, "pxWid": cw * N, "pxHei": ch * N, "__bgColor": "#40465B",
        "bgColor": None, "useAutoIdentifier": False, "bgRelPath": None, "bgPos": None,
        "bgPivotX": 0.5, "bgPivotY": 0.5, "__smartColor": "#ADADB5", "__bgPos": None,
        "externalRelPath": external, "fieldInstances": [], "layerInstances": layers,
        "__neighbours": [],
    }


def project(levels=(), worlds=(), multi=False, external=False, layers=layer_defs):
    return {
        "__header__": {"fileType": "LDtk Project JSON", "app": "LDtk", "doc": "",
                       "schema": "", "appAuthor": "", "appVersion": "1.5.3", "url": ""},
        "iid": "project", "jsonVersion": "1.5.3", "appBuildId": 473703,
        "nextUid": 1000, "identifierStyle": "Free", "toc": [], "worldLayout": None if multi else "Free",
        "worldGridWidth": None if multi else 256, "worldGridHeight": None if multi else 256,
        "defaultLevelWidth": None if multi else 256, "defaultLevelHeight": None if multi else 256,
        "defaultPivotX": 0, "defaultPivotY": 0, "defaultGridSize": N,
        "defaultEntityWidth": 16, "defaultEntityHeight": 16, "bgColor": "#40465B",
        "defaultLevelBgColor": "#696A79", "minifyJson": False, "externalLevels": external,
        "exportTiled": False, "simplifiedExport": False, "imageExportMode": "None",
        "exportLevelBg": True, "pngFilePattern": None, "backupOnSave": False,
        "backupLimit": 10, "backupRelPath": None, "levelNamePattern": "Level_%idx",
        "tutorialDesc": None, "customCommands": [],
        "flags": ["MultiWorlds"] if multi else [],
        "defs": {"layers": layers, "entities": entity_defs, "tilesets": [terrain_tileset],
                 "enums": enums, "externalEnums": [], "levelFields": []},
        "levels": list(levels), "worlds": list(worlds), "dummyWorldIid": "world",
    }


def dump(path, value):
    with open(path, "w") as f:
        f.write(json.dumps(value, indent="\t") + "\n")


# ---- world.ldtk -------------------------------------------------------------------------
W, H = 12, 8
hills_tiles = [tile(x, 7, FULL) for x in range(W)]
hills_tiles += [tile(x, 6, t, f) for x, (t, f) in enumerate(
    [(FULL, 1), (RAMP, 0), (RAMP, 1), (RAMP, 2), (RAMP, 3), (EMPTY, 0), (RAMP22, 0),
     (RAMP22, 3), (LEDGE, 0), (STEP, 0), (STEP, 2)])]
hills_tiles += [tile(x, 4, NOTCH, f) for x, f in enumerate(range(4))]
hills_tiles += [tile(x + 4, 4, LUMP, f) for x, f in enumerate(range(4))]
hills_tiles += [tile(9, 2, LEDGE, 1), tile(10, 2, RAMP, 2), tile(2, 1, LUMP, 3)]
hills_terrain = [0] * (W * H)
for x in range(W):
    hills_terrain[7 * W + x] = 1
for x, v in enumerate([2, 3, 4, 5, 6, 7, 0, 1]):
    hills_terrain[5 * W + x + 2] = v
hills_entities = [
    entity("Player", 100, 24, 100, 16, 24, (0.5, 1)),
    entity("Platform", 101, 128, 32, 32, 8, (0, 0),
           [field("speed", "Int", 2), field("looping", "Bool", True)]),
    entity("Door", 102, 168, 112, 16, 32, (0.5, 1),
           [field("target", "String", "Caves \"deep\""),
            field("kind", "LocalEnum.DoorKind", "Locked"), field("weight", "Float", 1.5),
            field("keys", "Array<Int>", [1, 2]), field("note", "String", None)]),
    entity("Coin", 103, 52, 60, 8, 8, (0.5, 0.5)),
    entity("Coin", 103, 76, 60, 8, 8, (0.5, 0.5)),
]
C_W, C_H = 6, 4
caves_auto = [tile(x, 3, FULL, 0, rule=7) for x in range(C_W)]
caves_auto += [tile(0, y, FULL, 0, rule=7) for y in range(3)]
caves_auto += [tile(5, y, FULL, 0, rule=7) for y in range(3)]
caves_auto += [tile(1, 2, RAMP, 0, rule=8), tile(4, 2, RAMP, 1, rule=8),
               tile(1, 0, RAMP, 2, rule=9), tile(4, 0, RAMP, 3, rule=9),
               tile(2, 1, LEDGE, 0, rule=9), tile(3, 1, NOTCH, 3, rule=9)]
caves_collision = [tile(x, 3, FULL) for x in range(C_W)] + [tile(2, 2, LUMP, 2)]
caves_terrain = [1] * C_W + [1, 0, 0, 0, 0, 1] + [1, 4, 0, 0, 4, 1] + [1] * C_W
caves_entities = [entity("Exit", 104, 72, 40, 16, 16, (0, 1))]

dump("world.ldtk", project(levels=[
    level("Hills", 50, W, H, 0, 0, [
        layer("Entities", "Entities", ENTITIES_UID, W, H, 50, entities=hills_entities),
        layer("collision", "Tiles", COLLISION_UID, W, H, 50, grid=hills_tiles),
        layer("auto", "AutoLayer", AUTO_UID, W, H, 50),
        layer("terrain", "IntGrid", TERRAIN_UID, W, H, 50, csv=hills_terrain),
    ]),
    level("Caves", 51, C_W, C_H, 256, 0, [
        layer("Entities", "Entities", ENTITIES_UID, C_W, C_H, 51, entities=caves_entities),
        layer("collision", "Tiles", COLLISION_UID, C_W, C_H, 51, grid=caves_collision),
        layer("auto", "AutoLayer", AUTO_UID, C_W, C_H, 51, auto=caves_auto),
        layer("terrain", "IntGrid", TERRAIN_UID, C_W, C_H, 51, csv=caves_terrain),
    ]),
]))

# ---- worlds.ldtk: two worlds, levels in their own files ----------------------------------
import os

os.makedirs("worlds", exist_ok=True)
small = [layer_defs[1]]


def small_level(ident, uid, world, tiles, cw=4, ch=3):
    lv = level(ident, uid, cw, ch, 0, 0, [layer("collision", "Tiles", COLLISION_UID, cw, ch,
                                                 uid, grid=tiles)])
    rel = f"worlds/{world}_{ident}.ldtkl"
    dump(rel, lv)
    stub = dict(lv, layerInstances=None, externalRelPath=rel)
    return stub


worlds = [
    {"identifier": "Overworld", "iid": "w1", "worldLayout": "LinearHorizontal",
     "worldGridWidth": 256, "worldGridHeight": 256, "defaultLevelWidth": 64,
     "defaultLevelHeight": 48, "levels": [
         small_level("Level_0", 60, "Overworld",
                     [tile(x, 2, FULL) for x in range(4)] + [tile(1, 1, RAMP, 1)]),
         small_level("Level_1", 61, "Overworld",
                     [tile(x, 2, FULL) for x in range(4)] + [tile(2, 1, NOTCH, 2)]),
     ]},
    {"identifier": "Underworld", "iid": "w2", "worldLayout": "Free",
     "worldGridWidth": 256, "worldGridHeight": 256, "defaultLevelWidth": 64,
     "defaultLevelHeight": 48, "levels": [
         small_level("Level_0", 62, "Underworld",
                     [tile(x, 0, FULL) for x in range(4)] + [tile(3, 1, LUMP, 3)]),
     ]},
]
dump("worlds.ldtk", project(worlds=worlds, multi=True, external=True, layers=small))

# ---- grid.ldtk: IntGrid values naming the default tiles ----------------------------------
GRID = [(1, "full"), (2, "slope45"), (3, "slope45_fx"), (4, "one_way"), (5, "slope22_1_fy"),
        (6, "bump_fxy"), (7, "slope22_2")]
grid_def = {"__type": "IntGrid", "identifier": "collision", "type": "IntGrid", "uid": 5,
            "gridSize": N, "tilesetDefUid": None, "autoSourceLayerDefUid": None,
            "intGridValues": [{"value": v, "identifier": i, "color": "#808080", "tile": None,
                               "groupUid": 0} for v, i in GRID]}
G_W, G_H = 8, 4
grid_csv = [0] * (G_W * G_H)
grid_csv[3 * G_W:] = [1] * G_W
grid_csv[2 * G_W:3 * G_W] = [2, 3, 0, 5, 6, 7, 1, 1]
grid_csv[1 * G_W + 3] = 4
dump("grid.ldtk", project(levels=[
    level("Field", 70, G_W, G_H, 0, 0, [
        layer("collision", "IntGrid", 5, G_W, G_H, 70, csv=grid_csv, tileset=None)]),
], layers=[grid_def]))
