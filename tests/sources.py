"""The project's own source files, parsed once per test process: several tests read the
imports or the names of every module, and parsing them all again costs about a second a test.
The trees are shared: a test reads them (ast.walk), never changes them."""

from __future__ import annotations

import ast
import functools
import gc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "render", "db", "bot", "ai")


@functools.cache
def _trees() -> dict[Path, ast.Module]:
    trees = {
        path: ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
    }
    # about 250,000 nodes, alive from now on: out of the collector's sight, or every full
    # collection of the rest of the run would walk them all again
    gc.collect()
    gc.freeze()
    return trees


def syntax_tree(path: Path) -> ast.Module:
    tree = _trees().get(path.resolve())
    if tree is None:  # not in the packages: parsed for this caller alone
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return tree
