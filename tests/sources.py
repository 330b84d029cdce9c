"""The project's own source files, each parsed once per test process: several tests read the
imports or the names of every module, and parsing them all again costs about a second a test.
The trees are shared: a test reads them (ast.walk), never changes them."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.cache
def syntax_tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
