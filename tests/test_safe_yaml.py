"""The bounded YAML reader for uploads: a refusal says what is wrong in its own words, whichever
libyaml does the parsing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import yaml
from yaml.error import Mark

from rules import safe_yaml
from rules.errors import DataError


def load(text: str) -> object:
    return safe_yaml.load_bounded(text, what="deck", max_chars=100_000, max_depth=8, max_nodes=1000)


def test_a_depth_bomb_is_refused_as_too_deep() -> None:
    with pytest.raises(DataError, match=r"^deck: nested deeper than 8 levels$"):
        load("[" * 5000 + "]" * 5000)


def test_libyamls_own_nesting_limit_is_said_as_this_readers_refusal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """libyaml 0.2.6 stops at its own depth (1000) while it scans ahead of the events."""

    def refusing(text: str, Loader: object) -> Iterator[yaml.Event]:
        mark = Mark("<unicode string>", 1006, 0, 1006, None, None)
        raise yaml.scanner.ScannerError("while scanning", mark, safe_yaml.LIBYAML_DEPTH_LIMIT, mark)
        yield  # a generator, as yaml.parse is

    monkeypatch.setattr(safe_yaml.yaml, "parse", refusing)
    with pytest.raises(DataError, match=r"^deck: nested deeper than 8 levels$"):
        load("[[[]]]")


def test_a_syntax_error_says_where() -> None:
    said = r"^deck: not valid YAML \(line 3, column 1\): did not find expected"
    with pytest.raises(DataError, match=said):
        load("a: 1\nb: [2\n")
