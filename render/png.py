"""Palette images as PNG bytes, written here rather than by Pillow: every game's board.

A board's PNG is one IHDR, PLTE, IDAT and IEND: each row unfiltered (palette indices do not
gain from PNG's filters), the rows deflated in one call of the standard zlib. Pillow deflates
the same rows one call per row (about a millisecond more for a Vijayanagara board, and a
quarter of Taj Mahal's time). `Rows` is the image put together with each row's leading filter
byte already in place, so that its bytes are the rows to deflate as they are.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


class Rows:
    """A palette image of `size` on `palette` (flat RGB values, at most 256 colours), put
    together by pasting palette images (mode P, on the same palette) into it."""

    def __init__(self, size: tuple[int, int], palette: list[int]) -> None:
        self.size = size
        self._img = Image.new("P", (size[0] + 1, size[1]))  # column 0: filter type 0, none
        self._palette = bytes(palette or [0, 0, 0])

    def paste(self, img: Image.Image, xy: tuple[int, int], mask: Image.Image | None = None) -> None:
        """Image.paste (a mask of mode "1": copied where it is set)."""
        self._img.paste(img, (xy[0] + 1, xy[1]), mask)

    def encode(self, level: int = 3) -> bytes:
        """The PNG (8-bit palette, no interlace); `level`: zlib's."""
        w, h = self.size
        header = struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)
        return b"".join(
            (
                SIGNATURE,
                _chunk(b"IHDR", header),
                _chunk(b"PLTE", self._palette),
                _chunk(b"IDAT", zlib.compress(self._img.tobytes(), level)),
                _chunk(b"IEND", b""),
            )
        )


def encode(img: Image.Image, level: int = 3) -> bytes:
    """`img` (mode P) as an 8-bit palette PNG; `level`: zlib's."""
    if img.mode != "P":
        raise ValueError(f"a palette image (mode P) is needed, not {img.mode}")
    rows = Rows(img.size, img.getpalette() or [])
    rows.paste(img, (0, 0))
    return rows.encode(level)
