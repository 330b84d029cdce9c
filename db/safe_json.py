"""A JSON reader for what users send: bounded in depth and in the length of every number.

Python turns a number of more than 4,300 digits into a ValueError (and a longer one costs time
quadratic in its length), and a deeply nested document exhausts the recursion limit. So every
number's text is measured before it is converted, nesting is counted as it opens, and NaN and
Infinity (not JSON) are refused. The parser is the standard library's pure-Python scanner, so
a worker thread running it lets the event loop run between bytecodes (the C scanner or
pydantic's parser would hold the interpreter for the whole file).
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import math
from collections.abc import Callable
from typing import Any

MAX_DIGITS = 100  # characters of one number: any id, seed or count fits in 20
MAX_DEPTH = 64  # the export format nests 5 levels


class JsonError(ValueError):
    """Not JSON, or JSON beyond the bounds; the message says what and where (short)."""


_Scanner = Callable[[str, int], tuple[Any, int]]
_py_make_scanner: Callable[[json.JSONDecoder], _Scanner] = json.scanner.py_make_scanner  # type: ignore[attr-defined]
_Parse = Callable[..., tuple[Any, int]]
_parse_object: _Parse = json.decoder.JSONObject  # type: ignore[attr-defined]
_parse_array: _Parse = json.decoder.JSONArray  # type: ignore[attr-defined]


class _TooDeep(Exception):
    pass


class _BoundedDecoder(json.JSONDecoder):
    """The pure-Python scanner with counted nesting and measured numbers."""

    scan_once: _Scanner

    def __init__(self, max_depth: int, max_digits: int) -> None:
        super().__init__(
            parse_int=self._int, parse_float=self._float, parse_constant=self._constant
        )
        self.max_depth, self.max_digits, self.depth = max_depth, max_digits, 0
        self.parse_object = self._nested(_parse_object)
        self.parse_array = self._nested(_parse_array)
        self.scan_once = _py_make_scanner(self)

    def _nested(self, parse: _Parse) -> _Parse:
        def counted(*args: Any) -> tuple[Any, int]:
            self.depth += 1
            try:
                if self.depth > self.max_depth:
                    raise _TooDeep
                return parse(*args)
            finally:
                self.depth -= 1

        return counted

    def _measured(self, text: str) -> str:
        if len(text) > self.max_digits:
            raise JsonError(
                f"a number {len(text):,} characters long ({text[:12]}...); at most "
                f"{self.max_digits}"
            )
        return text

    def _int(self, text: str) -> int:
        return int(self._measured(text))

    def _float(self, text: str) -> float:
        value = float(self._measured(text))
        if not math.isfinite(value):
            raise JsonError(f"the number {text} is out of range")
        return value

    @staticmethod
    def _constant(name: str) -> float:
        raise JsonError(f"{name} is not a JSON number")


def load_json(
    raw: bytes | str, *, max_depth: int = MAX_DEPTH, max_digits: int = MAX_DIGITS
) -> object:
    """The JSON document in `raw` (UTF-8 when bytes); JsonError when it is not UTF-8 or JSON,
    nests deeper than `max_depth`, or has a number longer than `max_digits` characters."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        return _BoundedDecoder(max_depth, max_digits).decode(text)
    except UnicodeDecodeError as e:
        raise JsonError(f"not UTF-8 text (a bad byte at {e.start})") from e
    except json.JSONDecodeError as e:
        raise JsonError(f"not JSON: {e.msg} (line {e.lineno}, column {e.colno})") from e
    except (_TooDeep, RecursionError) as e:
        raise JsonError(f"nested deeper than {max_depth} levels") from e
