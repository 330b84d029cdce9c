"""Dependencies point inward: db/ imports at most rules/ (it currently needs none of it), and
nothing but bot/ itself imports bot/."""

from __future__ import annotations

import ast
from pathlib import Path

from sources import nodes

ROOT = Path(__file__).resolve().parent.parent
OURS = {"rules", "render", "db", "bot"}


def imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in nodes(path, ast.Import, ast.ImportFrom):
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
    return out


def test_db_imports_only_rules_of_ours() -> None:
    for path in (ROOT / "db").rglob("*.py"):
        assert imports(path) & OURS <= {"rules", "db"}, path


def test_nothing_imports_bot() -> None:
    for pkg in ("rules", "render", "db"):
        for path in (ROOT / pkg).rglob("*.py"):
            assert "bot" not in imports(path), path


def test_service_is_transport_free() -> None:
    for name in ("table/service.py", "table/reply.py", "table/renderer.py", "terminal/local.py"):
        assert "discord" not in imports(ROOT / "bot" / name), name
