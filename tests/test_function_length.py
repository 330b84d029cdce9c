"""Functions short enough to read at once: none in bot/ or db/ over MAX_LINES lines (its
`def` line to its last, decorators left out), so each step of the table has a name."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from sources import ROOT, syntax_tree

MAX_LINES = 60
CHECKED = ("bot", "db")
# Over the limit for now, each named so that it is split, not forgotten. An entry that is
# no longer over fails.
KNOWN_LONG: set[str] = set()

Function = ast.FunctionDef | ast.AsyncFunctionDef


def functions(node: ast.AST, prefix: str = "") -> Iterator[tuple[str, Function]]:
    """Every function under `node`, nested ones too, by its qualified name."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + child.name, child
            yield from functions(child, f"{prefix}{child.name}.")
        elif isinstance(child, ast.ClassDef):
            yield from functions(child, f"{prefix}{child.name}.")
        else:
            yield from functions(child, prefix)


def lengths() -> dict[str, int]:
    out: dict[str, int] = {}
    for package in CHECKED:
        for path in sorted((ROOT / package).rglob("*.py")):
            where = Path(path).relative_to(ROOT).as_posix()
            for name, f in functions(syntax_tree(path)):
                assert f.end_lineno is not None
                out[f"{where}:{name}"] = f.end_lineno - f.lineno + 1
    return out


def test_no_function_in_bot_or_db_is_over_60_lines() -> None:
    over = {name: n for name, n in lengths().items() if n > MAX_LINES}
    assert set(over) - KNOWN_LONG == set(), f"split these by what each part does: {over}"


def test_each_function_known_to_be_long_still_is() -> None:
    """An entry of KNOWN_LONG that was split is taken off the list."""
    found = lengths()
    assert {name for name in KNOWN_LONG if found.get(name, 0) <= MAX_LINES} == set()


def test_the_length_counts_nested_functions_and_methods() -> None:
    tree = ast.parse("class A:\n    def f(self):\n        def g():\n            pass\n")
    assert [name for name, _ in functions(tree)] == ["A.f", "A.f.g"]
