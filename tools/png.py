"""The PNG writer of the repository's level and test-data generators (`make.py` scripts),
with Python's standard library only: 8-bit indexed, RGB or RGBA, no interlacing, each row
unfiltered, compressed at level 9, so that the same pixels always give the same bytes.

Import it from a script with
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "<up>/tools"))
"""
import struct
import zlib

INDEXED, RGB, RGBA = 3, 2, 6


def _chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _write(path, width, height, colour_type, rows, extra=b""):
    raw = b"".join(b"\0" + row for row in rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)))
        f.write(extra)
        f.write(_chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(_chunk(b"IEND", b""))


def indexed(path, pixels, width, height, palette):
    """`pixels[y][x]` indexes `palette`, a list of (r, g, b); index 0 is transparent."""
    extra = _chunk(b"PLTE", b"".join(bytes(c) for c in palette))
    extra += _chunk(b"tRNS", b"\0" + b"\xff" * (len(palette) - 1))
    rows = (bytes(pixels[y][x] for x in range(width)) for y in range(height))
    _write(path, width, height, INDEXED, rows, extra)


def direct(path, width, height, pixel, colour_type):
    """`pixel(x, y)` (y down) gives (r, g, b) for RGB or (r, g, b, a) for RGBA."""
    rows = (b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    _write(path, width, height, colour_type, rows)
