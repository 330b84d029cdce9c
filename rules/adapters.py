"""A pydantic TypeAdapter built at its first use, not at import.

Building the adapter of a whole game's state or of its union of actions takes tens of
milliseconds; every process that imports the games would pay for all of them, while most use a
few (a terminal session plays one game; `--help` and the AI's workers none). The adapter's own
`defer_build` is refused for a dataclass or a model, which are what the games' states are.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from pydantic import TypeAdapter

T = TypeVar("T")


class LazyAdapter(Generic[T]):
    """The adapter `build` makes, made once, at the first call that needs it."""

    def __init__(self, build: Callable[[], TypeAdapter[T]]) -> None:
        self._build = build

    @functools.cached_property
    def adapter(self) -> TypeAdapter[T]:
        return self._build()

    def validate_json(self, data: str | bytes) -> T:
        return self.adapter.validate_json(data)

    def validate_python(self, data: object) -> T:
        return self.adapter.validate_python(data)

    def dump_json(self, value: T) -> bytes:
        return self.adapter.dump_json(value)

    def json_schema(self) -> dict[str, Any]:
        return self.adapter.json_schema()
