"""The bounded YAML reader for uploads: a refusal says what is wrong in its own words, whichever
libyaml does the parsing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

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


# every form a plain scalar resolves to, texts, and the forms the builder leaves to the loader
SCALARS = [
    *["1", "-2", "+3", "0x1F", "0o17", "017", "0b101", "1_000", "190:20:30", "-0x1"],
    *["2.5", "-.inf", ".NaN", "1e3", "6.8523015e+5", "0.", "685_230.15", "1:30.5"],
    *["yes", "No", "on", "OFF", "true", "tRue", "~", "null", "NULL", ""],
    *["2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10"],
    *["abc", "x y", "'q'", '"\\u0041"', "'<<'", "._", "=", "!!str 3", "!!binary aGk=", "&a 1"],
]
FORMS = [
    *[f"a: {s}\nb: [{s}]\n{s}: 1\n" for s in SCALARS],
    *["a: 1\na: 2", "<<: {a: 1}\nb: 2", "!!set {a, b}", "!!omap [a: 1]", "? [a]\n: 1"],
    *["a: &x 1\nb: *x", "--- 1\n--- 2", "", "? a\n", "a: |\n  x\n", "[{}, [], {a: []}]"],
]


@pytest.mark.parametrize("text", FORMS)
def test_the_data_built_from_the_events_is_the_safe_loaders(text: str) -> None:
    """Each form gives the data, or the error, PyYAML's safe loader gives (the builder reads
    the common forms, the loader the rest)."""

    def read(load: Callable[[str], object]) -> object:
        try:
            return ("data", repr(load(text)))  # repr: NaN equals itself, types are told apart
        except yaml.YAMLError as e:
            return ("error", str(e))

    assert read(safe_yaml.load_own) == read(lambda t: yaml.load(t, Loader=yaml.CSafeLoader))


def test_the_projects_own_files_read_as_the_safe_loader_reads_them() -> None:
    for path in sorted(Path(safe_yaml.__file__).parent.glob("*/data/*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert safe_yaml.load_own(text) == yaml.load(text, Loader=yaml.CSafeLoader), path
