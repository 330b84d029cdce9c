"""Component files parsed once while recently used: an owner's board, cards or tiles file is
read (bounded, checked) the first time a game needs it and kept, by the hash of its text,
among the few most recently used; every game of a group that brought it shares it. The
standard file of each kind ships in its game's package and is parsed once."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Generic, TypeVar

T = TypeVar("T")


def text_key(text: str) -> str:
    """The key of a component file: the hash of its text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ParsedFiles(Generic[T]):
    """At most `size` parsed files of one kind, the least recently used dropped first; safe to
    share between threads (a worker thread loads a game while the event loop reads another)."""

    def __init__(self, load: Callable[[str], T], size: int) -> None:
        self.load = load
        self.size = size
        self._parsed: OrderedDict[str, T] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, text: str) -> T:
        """The file `text` parsed (a ValueError from its loader says what is wrong)."""
        key = text_key(text)
        with self._lock:
            if key in self._parsed:
                self._parsed.move_to_end(key)
                return self._parsed[key]
        made = self.load(text)  # outside the lock: parsing may take a while
        with self._lock:
            self._parsed[key] = made
            while len(self._parsed) > self.size:
                self._parsed.popitem(last=False)
        return made


class ComponentFile(Generic[T]):
    """One kind of a game's component files: the standard one, `data/<name>` in the game's
    package, and those an owner brings (`size` of them kept while recently used)."""

    def __init__(self, package: str, name: str, load: Callable[[str], T], size: int) -> None:
        self.package = package
        self.name = name
        self.load = load
        self._owners = ParsedFiles(load, size)
        self.standard = cache(self._standard)

    def text(self) -> str:
        """The standard file's text (for owners to start their own from)."""
        data = resources.files(self.package).joinpath(f"data/{self.name}")
        return data.read_text(encoding="utf-8")

    def _standard(self) -> T:
        return self.load(self.text())

    def from_text(self, text: str | None) -> T:
        """The standard file (None) or an owner's, parsed once while recently used."""
        return self.standard() if text is None else self._owners.get(text)
