"""The import graph: no circles among the modules of rules/, render/, ai/ and db/, and rules/
pure for every game.

Every import counts, wherever it stands: at the top of a module, under `if TYPE_CHECKING:`
(a type is a dependency of meaning: the module cannot be read without the other) and inside
a function (a dependency put off, not removed). `from pkg import name` is an arrow to
`pkg.name` when that is a module, else to `pkg`. Importing a submodule is not counted as
importing its package's __init__ (which Python runs first), or every package would be a
circle with its own modules.
"""

from __future__ import annotations

import ast
import functools
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sources import nodes, syntax_tree

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("rules", "render", "ai", "db", "bot")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(packages: tuple[str, ...]) -> dict[str, Path]:
    return {module_name(p): p for pkg in packages for p in sorted((ROOT / pkg).rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of `known` that the module `name` (at `path`) imports, anywhere in it."""
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in nodes(path, ast.Import, ast.ImportFrom):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")[: None if is_package else -1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            subs = [f"{module}.{a.name}" for a in node.names if f"{module}.{a.name}" in known]
            targets = subs + ([module] if len(subs) < len(node.names) else [])
        out.update(t for t in targets if t in known and t != name)
    return out


@functools.cache  # parsing every module once per test process
def graph(packages: tuple[str, ...]) -> dict[str, set[str]]:
    mods = modules(packages)
    return {m: imports_of(m, p, set(mods)) for m, p in mods.items()}


def circles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def describe(g: dict[str, set[str]], circle: list[str]) -> str:
    inside = set(circle)
    return "; ".join(f"{m} -> {', '.join(sorted(g[m] & inside))}" for m in circle)


def test_the_check_sees_type_checking_and_function_level_imports(tmp_path: Path) -> None:
    """Both kinds of import the rules package once hid its circles behind are arrows."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n"
    )
    (pkg / "b.py").write_text("def f():\n    from . import a\n")
    (pkg / "c.py").write_text("from pkg import a\n")
    names = {"pkg", "pkg.a", "pkg.b", "pkg.c"}
    g = {
        n: imports_of(n, tmp_path / (n.replace(".", "/") + ".py"), names)
        for n in ("pkg.a", "pkg.b", "pkg.c")
    }
    assert g == {"pkg.a": {"pkg.b"}, "pkg.b": {"pkg.a"}, "pkg.c": {"pkg.a"}}
    assert circles({**g, "pkg": set()}) == [["pkg.a", "pkg.b"]]


@pytest.mark.parametrize("package", CHECKED)
def test_no_import_circles(package: str) -> None:
    g = graph(CHECKED)
    found = [c for c in circles(g) if c[0].split(".")[0] == package]
    assert not found, "import circles: " + " | ".join(describe(g, c) for c in found)


# --- rules/ is pure, for every game ------------------------------------------------------

# What rules/ may import beyond itself: the standard library's pure parts, pydantic, and yaml
# for the bounded loader of its own data files (read through importlib.resources). No clock,
# no global random, no files, sockets or processes, no discord, no database, no pictures.
ALLOWED_IN_RULES = {
    "__future__",
    "ast",  # a compiled module's written field types, read from its source (field_types)
    "bisect",
    "collections",
    "dataclasses",
    "difflib",  # the rules topics nearest a word that finds none (get_close_matches)
    "enum",
    "functools",
    "hashlib",  # a deck file's key, and the dealer's keyed stream (rules.vijayanagara.fairness)
    "hmac",
    "importlib",  # importlib.resources: the package's own data files
    "itertools",
    "math",
    "operator",
    "pydantic",
    "pydantic_core",  # pydantic's own core: an error of a type of our own (rules.text)
    "re",
    "string",
    "threading",  # a lock around the parsed-deck cache
    "types",  # ModuleType, the type of the module field_types reads
    "typing",
    "unicodedata",  # a character's category and name: a file's texts (rules.text)
    "yaml",
}


def test_rules_imports_only_pure_libraries_for_every_game() -> None:
    for path in sorted((ROOT / "rules").rglob("*.py")):
        for node in nodes(path, ast.Import, ast.ImportFrom):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for n in names:
                top = n.split(".")[0]
                assert top == "rules" or top in ALLOWED_IN_RULES, (
                    f"{path.relative_to(ROOT)} imports {n}: rules/ is pure (no I/O, clock, "
                    "random, discord or database); allowed: " + ", ".join(sorted(ALLOWED_IN_RULES))
                )
        if "importlib" in path.read_text(encoding="utf-8"):
            assert "importlib import resources" in path.read_text(encoding="utf-8"), path


@functools.cache  # one clean interpreter for both checks, once per test process
def loaded_in_a_clean_interpreter() -> tuple[str, str]:
    """In a fresh interpreter: the modules of pictures, storage, Discord, the AI and the bot
    loaded once the rules of every registered game are imported and a game of each is made;
    then the Discord modules loaded once the terminal client and the table's tools are
    imported too. Each a line of names, empty when none."""
    from bot.table.registry import games

    classes = sorted((type(g).__module__, type(g).__name__) for g in games())
    code = (
        f"import importlib, sys; classes = {classes!r}; "
        "gs = [getattr(importlib.import_module(m), c)() for m, c in classes]; "
        "[x.new_game(x.info.options(), x.info.seats_for(x.info.min_players)) for x in gs]; "
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'PIL', 'discord', 'render', 'ai', 'db', 'bot', 'sqlite3', 'aiosqlite', 'asyncpg'}))); "
        "import bot.terminal.local, bot.table.service, bot.table.copy_db, bot.table.verify; "
        "print(','.join(sorted(m for m in sys.modules "
        "if m.split('.')[0] == 'discord' or m.startswith('bot.discord'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    rules_only, table_and_terminal = out.stdout.split("\n")[:2]
    return rules_only, table_and_terminal


def test_every_game_loads_without_pictures_storage_or_discord() -> None:
    """At run time too: the rules of every registered game, in a clean interpreter."""
    assert loaded_in_a_clean_interpreter()[0] == ""


# --- bot/ in three rooms -----------------------------------------------------------------

# The table (bot/table/) knows neither front end; the terminal (bot/terminal/) knows no Discord.
FORBIDDEN_IN_ROOM = {
    "bot.table": ("discord", "bot.discord", "bot.terminal"),
    "bot.terminal": ("discord", "bot.discord"),
}


def absolute_imports(name: str, path: Path) -> set[str]:
    """Every module the module `name` (at `path`) names in an import, relative ones resolved."""
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in nodes(path, ast.Import, ast.ImportFrom):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = name.split(".")[: None if is_package else -1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, *([module] if module else [])])
            out.update([module, *(f"{module}.{a.name}" for a in node.names)])
    return out


def within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def test_the_check_resolves_relative_imports_across_rooms(tmp_path: Path) -> None:
    path = tmp_path / "service.py"
    path.write_text("from ..discord.client import Bot\nfrom .reply import Reply\n")
    found = absolute_imports("bot.table.service", path)
    assert any(within(m, "bot.discord") for m in found)
    assert "bot.table.reply" in found


@pytest.mark.parametrize("room", sorted(FORBIDDEN_IN_ROOM))
def test_each_room_of_bot_imports_only_what_it_may(room: str) -> None:
    found = [
        f"{name} imports {m}"
        for name, path in modules(("bot",)).items()
        if within(name, room)
        for m in sorted(absolute_imports(name, path))
        if any(within(m, f) for f in FORBIDDEN_IN_ROOM[room])
    ]
    assert not found, "; ".join(found)


def test_the_table_and_the_terminal_run_without_discord() -> None:
    """At run time too: the terminal client and the table's tools load no Discord module."""
    assert loaded_in_a_clean_interpreter()[1] == ""


# --- the table names no Discord limit ---------------------------------------------------

DISCORD_LIMITS = ROOT / "bot" / "discord" / "front_end.py"
# a line that ties Discord to a size ("Discord allows 2000 characters", "Discord's limit")
LIMIT_WORDS = re.compile(
    r"Discord[^\n.;]{0,40}?\b(?:limits?|allows|takes|caps|at most|characters)\b", re.IGNORECASE
)


def discord_limit_names() -> set[str]:
    """The limits Discord's front end gives the table (its module-level numbers), and the
    splitting of a long text."""
    tree = syntax_tree(DISCORD_LIMITS)
    names = {
        t.id
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
        for t in node.targets
        if isinstance(t, ast.Name) and isinstance(node.value.value, int)
    }
    return names | {"split_text"}


def limits_named(text: str, names: set[str]) -> list[str]:
    found = [n for n in sorted(names) if re.search(rf"\b{n}\b", text)]
    return found + [m.group(0) for m in LIMIT_WORDS.finditer(text)]


def test_the_check_finds_a_discord_limit_named_in_the_table() -> None:
    names = discord_limit_names()
    assert {"MESSAGE_LIMIT", "MAX_BUTTONS", "split_text"} <= names
    assert limits_named("from .reply import MESSAGE_LIMIT", names) == ["MESSAGE_LIMIT"]
    assert limits_named("X = 1900  # Discord allows 2000 characters", names)
    assert limits_named("N = 25  # Discord's limit of options in a select menu", names)
    assert not limits_named("no Discord user has one; a limit of our own", names)


def test_the_table_names_no_discord_limit() -> None:
    """Discord's limits (a message's length, buttons, menus, autocomplete, alt text) are
    Discord's front end's; the table is told what it needs when it is built."""
    names = discord_limit_names()
    found = [
        f"{path.relative_to(ROOT)}: {hit}"
        for path in sorted((ROOT / "bot" / "table").rglob("*.py"))
        for hit in limits_named(path.read_text(encoding="utf-8"), names)
    ]
    assert not found, found
