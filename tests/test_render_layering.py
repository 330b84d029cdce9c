"""Layering: render/ reads the game through the public `rules` package only, and
rules/ stays pure: no Pillow, no discord, nothing else of ours."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

from first_board import first_board
from sources import syntax_tree

ROOT = Path(__file__).resolve().parent.parent
OURS = {"rules", "render", "db", "bot"}


def statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of `body` and of the blocks inside it (functions, classes, branches,
    loops, handlers, cases). An import is a statement: this finds each one ast.walk finds,
    without visiting the expressions, which are most of a tree's nodes."""
    for node in body:
        yield node
        for block in ("body", "orelse", "finalbody"):
            yield from statements(getattr(node, block, []))
        for part in [*getattr(node, "handlers", []), *getattr(node, "cases", [])]:
            yield from statements(part.body)


def imported_modules(path: Path) -> set[str]:
    """Full dotted names of the absolute imports of one file (`from x import y` gives x)."""
    out: set[str] = set()
    for node in statements(syntax_tree(path).body):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
    return out


def test_imported_modules_sees_private_rules_modules(tmp_path: Path) -> None:
    """The check below would catch the imports render/ used to have."""
    f = tmp_path / "m.py"
    f.write_text(
        "import rules\nfrom rules.vijayanagara.model import Piece\nimport rules.vijayanagara.cards as c\n"
    )
    assert imported_modules(f) == {"rules", "rules.vijayanagara.model", "rules.vijayanagara.cards"}


def allowed_rules_package(path: Path) -> str:
    """The public rules package a file of render/ may import: a game's pictures in
    render/<game>/ read rules.<game>; Vijayanagara's (render/ itself) read `rules`."""
    rel = path.relative_to(ROOT / "render").parts
    return f"rules.{rel[0]}" if len(rel) > 1 else "rules"


def test_render_uses_only_the_public_rules_package() -> None:
    for path in (ROOT / "render").rglob("*.py"):
        ours = {m for m in imported_modules(path) if m.split(".")[0] in OURS}
        allowed = allowed_rules_package(path)
        assert ours <= {allowed, "render"} and not any(m.startswith("render.") for m in ours), (
            f"{path.name} imports {sorted(ours)}: only `{allowed}` (the package) is allowed"
        )


def test_every_name_render_takes_from_rules_is_exported() -> None:
    for path in (ROOT / "render").rglob("*.py"):
        for node in statements(syntax_tree(path).body):
            if isinstance(node, ast.ImportFrom) and node.module == allowed_rules_package(path):
                public = importlib.import_module(node.module).__all__
                for alias in node.names:
                    assert alias.name in public, f"{path.name}: {node.module}.{alias.name}"


def test_rules_imports_no_pil_no_discord_and_nothing_else_of_ours() -> None:
    banned = {"PIL", "discord"} | (OURS - {"rules"})
    for path in (ROOT / "rules").rglob("*.py"):
        tops = {m.split(".")[0] for m in imported_modules(path)}
        assert not tops & banned, f"{path.relative_to(ROOT)} imports {sorted(tops & banned)}"


def test_importing_rules_loads_no_pil_and_no_discord() -> None:
    """At run time too, not only in the source text (a subprocess: a clean interpreter)."""
    assert first_board().loaded == []
