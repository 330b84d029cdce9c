"""Game-specific code lives in its game: no module of bot/ or db/ imports a game's own package
(rules.vijayanagara, render.taj_mahal, ai.goat_tiger, ...), and none names a game's id but the
one place that names the bot's first game (db.models.FIRST_GAME: the kind of what was stored
before games had kinds, and the terminal's default), and each game's registration
(bot/table/games/<game>.py) ties its own parts. What a game adds to the table (its
tiebreak, its recap) the shared layers ask of it through rules.game."""

from __future__ import annotations

import ast
from pathlib import Path

from sources import syntax_tree

from bot.table.commands import find
from bot.table.registry import game, games
from db.models import FIRST_GAME
from rules.capabilities import tiebreak_of

ROOT = Path(__file__).resolve().parent.parent
SHARED = ("bot", "db")
GAME_LAYERS = ("rules", "render", "ai")
THE_DEFAULT = ("db/models.py", "FIRST_GAME")  # the one name of a game's id


def game_ids() -> set[str]:
    ids = {g.info.id for g in games()}
    assert len(ids) >= 3  # every game the project hosts
    return ids


REGISTRATIONS = "bot/table/games/"  # each game's registration: the one place that ties its parts


def shared_modules() -> list[tuple[str, ast.Module]]:
    """The shared layers' modules, less each game's registration (bot/table/games/<game>.py)."""
    return [
        (rel, syntax_tree(path))
        for package in SHARED
        for path in sorted((ROOT / package).rglob("*.py"))
        if not (rel := path.relative_to(ROOT).as_posix()).startswith(REGISTRATIONS)
    ]


def game_packages_imported(tree: ast.Module, ids: set[str]) -> list[str]:
    """The game packages a module imports: `rules.<game>[...]`, `from rules import <game>`."""
    found: list[str] = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        for name in names:
            parts = name.split(".")
            if len(parts) > 1 and parts[0] in GAME_LAYERS and parts[1] in ids:
                found.append(name)
    return found


def ids_named(tree: ast.Module, ids: set[str]) -> list[tuple[int, str | None]]:
    """Each string constant equal to a game's id, with the name it is assigned to."""
    assigned: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    assigned[id(node.value)] = target.id
    return [
        (node.lineno, assigned.get(id(node)))
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ids
    ]


def test_bot_and_db_import_no_games_own_package() -> None:
    ids = game_ids()
    imported = {
        rel: found for rel, tree in shared_modules() if (found := game_packages_imported(tree, ids))
    }
    assert imported == {}


def test_bot_and_db_name_a_game_only_as_the_first_game() -> None:
    ids = game_ids()
    named = {
        (rel, line, name)
        for rel, tree in shared_modules()
        for line, name in ids_named(tree, ids)
        if (rel, name) != THE_DEFAULT
    }
    assert named == set()
    assert FIRST_GAME in ids


def test_the_check_finds_a_game_imported_or_named() -> None:
    ids = {"vijayanagara", "goat_tiger"}
    tree = ast.parse(
        "from rules.vijayanagara.factions import Faction\n"
        "from rules import goat_tiger\n"
        "import render.vijayanagara\n"
        "from rules.game import game\n"
        "KIND = 'goat_tiger'\n"
        "if kind == 'vijayanagara': pass\n"
        "FORMAT = 'vijayanagara-game'\n"
    )
    assert game_packages_imported(tree, ids) == [
        "rules.vijayanagara.factions",
        "rules.vijayanagara.factions.Faction",
        "rules.goat_tiger",
        "render.vijayanagara",
    ]
    assert ids_named(tree, ids) == [(5, "KIND"), (6, None)]


def test_the_tiebreak_command_is_where_a_games_tiebreak_is_played() -> None:
    offering = {g.info.id: t.played_in for g in games() if (t := tiebreak_of(g)) is not None}
    assert offering == {"vijayanagara": "goat_tiger"}  # 5.0: Vijayanagara's ties, 5.5's game
    with_command = {g.info.id for g in games() if find(g.info.id, "tiebreak") is not None}
    assert with_command == set(offering.values())
    tiebreak = tiebreak_of(game("vijayanagara"))
    assert tiebreak is not None
    match = tiebreak.first_match(("D", "B", "V"), lambda n: 0)
    assert set(match.roles) == {"goats", "tigers"} and match.waiting == "D"
    assert {*match.roles.values(), match.waiting} == {"D", "B", "V"}
