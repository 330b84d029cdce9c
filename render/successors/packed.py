"""A picture of at most 16 colours as a 4-bit palette PNG: two pixels a byte, so half the
bytes render.png deflates for an 8-bit picture (the deflate is most of a picture's cost)."""

from __future__ import annotations

import struct
import zlib

from PIL import Image

from ..png import SIGNATURE

COLOURS = 16


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def encode(img: Image.Image, palette: list[int], level: int = 1) -> bytes:
    """`img` (mode P, every index below 16) with `palette` (flat RGB) as a PNG of bit depth
    4; `level`: zlib's. Each row is led by two pixels of index 0 before packing, which make
    its filter byte 0 (none)."""
    if img.mode != "P" or len(palette) > 3 * COLOURS:
        raise ValueError("a palette image of at most 16 colours is needed")
    w, h = img.size
    wide = Image.new("P", (w + 2, h), 0)
    wide.paste(img, (2, 0))
    rows = wide.tobytes("raw", "P;4")
    header = struct.pack(">IIBBBBB", w, h, 4, 3, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(palette)),
            _chunk(b"IDAT", zlib.compress(rows, level)),
            _chunk(b"IEND", b""),
        )
    )
