"""The tile art the Game Boy Advance and Bevy examples share (eleven 16×16 tiles: soil,
grass, stone, a one-way ledge, 45°, 26.6° and 14° slopes, in 16 colours, air transparent)
and the Tiled tileset writer every level script uses. Python 3, no packages.
"""
import png

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


def write_sheet(path, columns=4, rows=3):
    """The eleven tiles (NAMES, in order) in a `columns`-wide indexed PNG."""
    sheet = [[0] * (columns * N) for _ in range(rows * N)]
    for i, name in enumerate(NAMES):
        for y, row in enumerate(tile(name)):
            for x, p in enumerate(row):
                sheet[(i // columns) * N + y][(i % columns) * N + x] = p
    png.indexed(path, sheet, columns * N, rows * N, PALETTE)


def write_tsx(path, names, columns, rows, n=16, one_way=("ledge",)):
    """A Tiled tileset of `tiles.png` (`columns`×`rows` tiles of `n` px): each tile named by
    a `name` property, those in `one_way` marked `one_way`."""
    props = "".join(
        f' <tile id="{i}"><properties><property name="name" value="{name}"/>'
        + ('<property name="one_way" type="bool" value="true"/>' if name in one_way else "")
        + "</properties></tile>\n"
        for i, name in enumerate(names)
    )
    with open(path, "w") as f:
        f.write(f"""<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.0" name="tiles" tilewidth="{n}" tileheight="{n}" tilecount="{columns * rows}" columns="{columns}">
 <image source="tiles.png" width="{columns * n}" height="{rows * n}"/>
{props}</tileset>
""")


# The level scripts' legend: . air, # soil, g grass, s stone, = one-way ledge; / \ 45°;
# a b (rising) B A (falling) 26.6° (1 in 2); 1 2 3 4 14° (1 in 4) rising.
H = 0x80000000  # Tiled's horizontal flip flag
GID = {name: i + 1 for i, name in enumerate(NAMES)}
LEGEND = {
    ".": 0, "#": GID["soil"], "g": GID["grass"], "s": GID["stone"], "=": GID["ledge"],
    "/": GID["slope45"], "\\": GID["slope45"] | H,
    "a": GID["slope26_1"], "b": GID["slope26_2"], "B": GID["slope26_2"] | H,
    "A": GID["slope26_1"] | H,
    "1": GID["slope14_1"], "2": GID["slope14_2"], "3": GID["slope14_3"], "4": GID["slope14_4"],
}


def top(row):
    """Tiled's y (down) of the top edge of a row of cells."""
    return row * N


def write_level(path, level, objects, next_object_id, legend=LEGEND):
    """A Tiled map of `tiles.tsx`: the collision layer drawn in `legend`'s characters
    (global tile ids; rows top first), and `objects`, the object group's XML lines."""
    width, height = len(level[0]), len(level)
    assert all(len(row) == width for row in level), [len(r) for r in level]
    rows = ",\n".join(",".join(str(legend[c]) for c in row) for row in level)
    with open(path, "w") as f:
        f.write(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.11.0" orientation="orthogonal" renderorder="right-down" width="{width}" height="{height}" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="{next_object_id}">
 <tileset firstgid="1" source="tiles.tsx"/>
 <layer id="1" name="collision" width="{width}" height="{height}">
  <data encoding="csv">
{rows}
</data>
 </layer>
 <objectgroup id="2" name="actors">
{objects}
 </objectgroup>
</map>
""")
