"""A command a text names works where it is named. Every backticked command in what the bot
says (a whole game of every registered game through the service as Discord shows it, and the
same through the terminal, with the help texts and the lines a newcomer tries) and in the docs
(README.md, docs/*.md) is checked against the front end it is shown in: a slash command
against its game's group (subgroup and options), a terminal line against what the terminal
reads, a command-line flag against the terminal's options."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest
from terminal_sessions import Played, played_in_the_run

from bot.table.commands import Command, commands
from bot.table.registry import game, games, registry
from bot.terminal.local import OWN_WORDS, QUIT_WORDS, parser, terminal_reads

ROOT = Path(__file__).resolve().parent.parent
KINDS = [g.info.id for g in games()]
SPAN = re.compile(r"`([^`\n]+)`")


# the words a backticked text starts with when it names a command of a game, in any front end
# (a word that is a command of another game only is an order here: Rajas of the Ganges' `done`)
@cache
def command_words(kind: str) -> frozenset[str]:
    return frozenset({c.name for c in commands(kind)} | {"club"} | OWN_WORDS | QUIT_WORDS)


def spans(text: str) -> list[str]:
    return [s.strip() for s in SPAN.findall(text)]


def slash_problem(span: str) -> str | None:
    """What is wrong with a slash command as written (`/vj club pace hours:12`), if anything."""
    m = re.match(r"^/(\w+)(?: (club))?(?: (\w+))?(?=\s|$)(.*)$", span)
    if m is None:
        return None
    group, club, name, rest = m.groups()
    kind = registry().by_command(group)
    if kind is None:  # a path (`/data`), or a group no game has (`/vx status`)
        return f"no game's group is /{group}" if name is not None else None
    if name is None:
        return None
    found = next((c for c in commands(kind) if c.name == name and c.club == bool(club)), None)
    if found is None:
        return f"/{group}{' club' if club else ''} has no command {name}"
    return _option_problem(found, rest, f"/{group} {name}")


def _option_problem(c: Command, rest: str, where: str) -> str | None:
    known = {p.name for p in c.params}
    given = re.findall(r"(?:^|\s)\[?(\w+)(?::|\])", rest.split(" order:")[0])
    unknown = [name for name in given if name not in known]
    return f"{where} has no option {unknown[0]}" if unknown else None


@cache
def flags(kind: str) -> frozenset[str]:
    return frozenset(o for a in parser(game(kind))._actions for o in a.option_strings)


def terminal_problem(kinds: list[str], span: str) -> str | None:
    """What is wrong with a line the terminal names (for any of `kinds`), if anything."""
    if span.startswith("/"):
        return "a Discord command in the terminal"
    if span.startswith("--"):
        flag = span.split()[0].split("=")[0]
        return None if any(flag in flags(k) for k in kinds) else f"no flag {flag}"
    first = span.split()[0].lower()
    named = any(first in command_words(k) for k in kinds)
    if not named or any(terminal_reads(k, span) for k in kinds):
        return None
    return "the terminal does not read it"


@pytest.fixture(scope="module")
def said(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Played]:
    """Per game: what the service said as Discord shows it, and the terminal's output."""
    return {kind: played_in_the_run(tmp_path_factory, kind) for kind in KINDS}


@pytest.mark.parametrize("kind", KINDS)
def test_every_slash_command_the_service_names_is_in_its_group(
    said: dict[str, Played], kind: str
) -> None:
    discord, _ = said[kind]
    assert any("game is over" in text.lower() for text in discord)  # a whole game
    problems = {
        (span, problem)
        for text in discord
        for span in spans(text)
        if (problem := slash_problem(span)) is not None
    }
    assert not problems, sorted(problems)


@pytest.mark.parametrize("kind", KINDS)
def test_a_command_named_on_discord_is_named_with_its_group(
    said: dict[str, Played], kind: str
) -> None:
    """On Discord a command is typed `/vj status`: a bare `status` names nothing one can type
    (a game's steps and shortcuts are orders, and the help's list says `/vj ...` once)."""
    discord, _ = said[kind]
    g = game(kind)
    bare = (
        {c.name for c in commands(kind)}
        - {s.name for s in registry().shortcuts(g.info.id).commands()}
        - {"play"}
    )
    problems = {
        (span, line)
        for text in discord
        for line in text.split("\n")
        if not re.match(r"^• `[\w ]+` — ", line)  # the help's list, under "Commands (`/vj ...`)"
        for span in spans(line)
        if span.split()[0].lower() in bare
    }
    assert not problems, sorted(problems)


@pytest.mark.parametrize("kind", KINDS)
def test_every_command_the_terminal_names_is_one_it_reads(
    said: dict[str, Played], kind: str
) -> None:
    _, terminal = said[kind]
    assert "game is over" in terminal.lower()  # a whole game
    printed = "\n".join(line for line in terminal.split("\n") if not line.startswith("> "))
    problems = {
        (span, problem)
        for span in spans(printed)
        if (problem := terminal_problem([kind], span)) is not None
    }
    assert not problems, sorted(problems)


def answers(terminal: str, line: str) -> list[str]:
    """What the terminal printed after each time `line` was typed."""
    return [block.split("\n> ", 1)[0] for block in terminal.split(f"\n> {line}\n")[1:]]


@pytest.mark.parametrize("kind", KINDS)
def test_the_terminal_reads_verify_as_its_closing_message_names_it(
    said: dict[str, Played], kind: str
) -> None:
    _, terminal = said[kind]
    assert ("`verify`" in terminal) == game(kind).info.deals  # named where there is a deal
    for answer in answers(terminal, "verify"):
        assert not answer.startswith("! "), answer
    last = answers(terminal, "verify")[-1]  # once the game is over: the check itself
    assert "follow from the secret" in last or "nothing its secret dealt to check" in last, last
    assert last == answers(terminal, "club verify")[-1]
    assert terminal_reads(kind, "verify") and terminal_reads(kind, "club verify")
    assert not terminal_reads(kind, "rematch")  # a server's: not the terminal's


def test_a_server_command_is_not_read_by_the_terminal() -> None:
    for kind in KINDS:
        assert terminal_reads(kind, "verify") and terminal_reads(kind, "club verify")
        assert not terminal_reads(kind, "rematch")  # a server's: not the terminal's


DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# the sections that show the terminal, and the games whose terminal they show
TERMINAL_SECTIONS = {
    "README.md": [("## Try it now", KINDS)],
    "playing.md": [("## Terminal client", ["vijayanagara"])],
    "games.md": [("## The terminal", KINDS)],
}


def _section(text: str, heading: str) -> str:
    return text.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_slash_command_a_doc_shows_is_in_its_group(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    problems = {(s, p) for s in spans(text) if (p := slash_problem(s)) is not None}
    assert not problems, sorted(problems)


@pytest.mark.parametrize("doc", [d for d in DOCS if d.name in TERMINAL_SECTIONS], ids=str)
def test_every_terminal_line_a_doc_shows_is_one_the_terminal_reads(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    problems = set()
    for heading, kinds in TERMINAL_SECTIONS[doc.name]:
        section = _section(text, heading)
        typed = [line.removeprefix("> ") for line in section.split("\n") if line.startswith("> ")]
        typed = [re.split(r"\s{2,}", line)[0] for line in typed]  # a session's comment
        shown = [s for s in spans(section) if not s.startswith("/")]  # "as `/vj hint`"
        for span in [*shown, *typed]:
            if (problem := terminal_problem(kinds, span)) is not None:
                problems.add((heading, span, problem))
    assert not problems, sorted(problems)


# --- the table names a command only through its front end --------------------------------

TABLE = ROOT / "bot" / "table"


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module and of its classes and functions."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _texts(tree: ast.AST) -> list[str]:
    """Every text a module writes (an f-string's values as `{}`), its docstrings aside."""
    docs = _docstrings(tree)
    parts = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            out.append(
                "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            )
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs | parts
        ):
            out.append(node.value)
    return out


def slash_texts(source: str) -> list[str]:
    """The texts of a module that write a slash command themselves (`/{command} join`,
    `/vj club pace`) instead of naming it through the front end (TableTexts.command)."""
    groups = "|".join(re.escape(registry().command(g.info.id)) for g in games())
    slash = re.compile(rf"(?:^|[\s`(\"'])/(?:\{{|(?:{groups})\b)")
    return [t for t in _texts(ast.parse(source)) if slash.search(t)]


def test_the_check_finds_a_table_text_that_writes_a_slash_command() -> None:
    source = (
        "def f(g, c):\n"
        '    """A docstring may show `/vj join`."""\n'
        '    a = f"Take it with `/{g.info.command} join`."\n'
        '    b = "Set it with `/vj club pace`."\n'
        '    return a, b, f"{c}/{g}", c.command(g.info.id, "join")\n'
    )
    assert slash_texts(source) == ["Take it with `/{} join`.", "Set it with `/vj club pace`."]


def test_no_table_text_writes_a_slash_command() -> None:
    """The table names a command through the front end that shows it (Discord: `/vj join`,
    the terminal: `join`), never as a slash command of its own making."""
    found = {
        f"{path.relative_to(ROOT)}: {text!r}"
        for path in sorted(TABLE.rglob("*.py"))
        for text in slash_texts(path.read_text(encoding="utf-8"))
    }
    assert not found, sorted(found)
