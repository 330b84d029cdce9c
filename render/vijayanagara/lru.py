"""A least-recently-used cache bounded by the bytes of what it holds."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from PIL import Image

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def pixel_bytes(im: Image.Image) -> int:
    """The bytes Pillow keeps for an image's pixels: four a pixel for an image of several
    bands (RGB is kept as RGBX), one for L, P and 1."""
    return im.width * im.height * (4 if len(im.getbands()) > 1 else 1)


class LRU(Generic[K, V]):
    """Keeps the values used last while their total size (`size_of`) fits in `max_bytes`.

    A value larger than the whole bound is returned but not kept. Not locked: the caller
    serialises (render draws one board at a time)."""

    def __init__(self, max_bytes: int, size_of: Callable[[V], int]) -> None:
        self.max_bytes = max_bytes
        self._size_of = size_of
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    def get_or_make(self, key: K, make: Callable[[K], V]) -> V:
        hit = self._items.get(key)
        if hit is not None:
            self._items.move_to_end(key)
            return hit[0]
        value = make(key)
        size = self._size_of(value)
        if size <= self.max_bytes:
            self._items[key] = (value, size)
            self.bytes += size
            while self.bytes > self.max_bytes:
                _, (_, freed) = self._items.popitem(last=False)
                self.bytes -= freed
        return value

    def items(self) -> list[tuple[K, V]]:
        """What it holds, least recently used first (does not count as a use)."""
        return [(k, v) for k, (v, _) in self._items.items()]

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0
