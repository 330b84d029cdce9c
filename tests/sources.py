"""The project's own source files, parsed once per test process: several tests read the
imports or the names of every module, and parsing them all again costs about a second a test.
The trees are shared: a test reads them (ast.walk, `nodes`), never changes them."""

from __future__ import annotations

import ast
import functools
import gc
from collections import defaultdict
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "render", "db", "bot", "ai")
Node = TypeVar("Node", bound=ast.AST)


@functools.cache
def _trees() -> dict[Path, ast.Module]:
    # no collection while they are made (each would walk the nodes parsed so far, all alive:
    # two thirds of the parsing's CPU), and none after: about 400,000 nodes, alive from now
    # on, go out of the collector's sight at once, or every full collection of the rest of
    # the run would walk them all again
    gc.disable()
    try:
        trees = {
            path: ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for package in PACKAGES
            for path in (ROOT / package).rglob("*.py")
        }
    finally:
        gc.enable()
    gc.freeze()
    return trees


def syntax_tree(path: Path) -> ast.Module:
    tree = _trees().get(path.resolve())
    if tree is None:  # not in the packages: parsed for this caller alone
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return tree


@functools.cache
def _nodes_by_type(path: Path) -> dict[type[ast.AST], list[ast.AST]]:
    by_type: dict[type[ast.AST], list[ast.AST]] = defaultdict(list)
    for node in ast.walk(syntax_tree(path)):
        by_type[type(node)].append(node)
    return by_type


def nodes(path: Path, *types: type[Node]) -> list[Node]:
    """The nodes of the module at `path` of the given concrete types (`ast.Import`, not
    `ast.stmt`), each type's in ast.walk's order. Each module is walked once per process:
    a test walking every module for the few kinds of node it reads costs about a second."""
    by_type = _nodes_by_type(path.resolve())
    return [n for t in types for n in by_type.get(t, ())]  # type: ignore[misc]
