"""Adding a game touches no file in bot/ or db/ beyond registering it: the Goat-Tiger game is
imported only by its own registration (bot/table/games/goat_tiger.py) and the one line of the
registry that lists it (and by Vijayanagara's own tiebreak, which plays it), and no other
module of bot/ or db/ names it; the terminal plays it in one command."""

from __future__ import annotations

import ast
import io
from pathlib import Path

from fakes import FakeRenderer
from sources import syntax_tree

from bot.terminal.local import amain

ROOT = Path(__file__).resolve().parent.parent
OWN = ("rules/goat_tiger/", "render/goat_tiger/", "ai/goat_tiger/", "bot/table/games/goat_tiger.py")
REGISTRATIONS = {"bot/table/registry.py"}
VIJAYANAGARAS_TIEBREAK = {"rules/vijayanagara/tiebreak.py"}  # 5.0: Vijayanagara's ties go to it


def _modules() -> list[tuple[str, ast.Module]]:
    out = []
    for package in ("rules", "render", "ai", "bot", "db"):
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if not rel.startswith(OWN):
                out.append((rel, syntax_tree(path)))
    return out


def _imports_goat_tiger(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names = [node.module or ""] + [a.name for a in node.names]
            if any("goat_tiger" in n for n in names):
                return True
        if isinstance(node, ast.Import) and any("goat_tiger" in a.name for a in node.names):
            return True
    return False


def test_the_goat_tiger_game_is_touched_only_where_it_is_registered() -> None:
    importers = {rel for rel, tree in _modules() if _imports_goat_tiger(tree)}
    assert importers <= REGISTRATIONS | VIJAYANAGARAS_TIEBREAK
    assert importers >= REGISTRATIONS


def test_bot_and_db_name_no_game_but_vijayanagara() -> None:
    named = {
        rel
        for rel, tree in _modules()
        if rel.startswith(("bot/", "db/"))
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in ("goat_tiger", "taj_mahal")
    }
    assert named == set()


async def test_the_terminal_plays_goat_tiger_in_one_command(tmp_path: Path) -> None:
    out = io.StringIO()
    argv = ["--game", "goat_tiger", "--play", "tigers"]
    argv += ["--db", str(tmp_path / "t.sqlite3"), "--boards", str(tmp_path / "b")]
    await amain(
        argv, ["status", "board", "9-9", "undo", "rules winning", "quit"], out, FakeRenderer()
    )
    text = out.getvalue()
    assert "begins: Goats (AI, easy), Tigers." in text
    assert "Next: Tigers — " in text
    assert "`9-9` was refused: no Tiger on point 9: the Tigers are on 1, 4 and 5" in text
    assert list((tmp_path / "b" / "t" / "game-1").glob("board-*.png"))
    # a second session goes on with the same game
    out2 = io.StringIO()
    await amain(argv, ["status"], out2, FakeRenderer())
    assert "Continuing game 1" in out2.getvalue() and "under way" in out2.getvalue()
