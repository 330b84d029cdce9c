"""Every text that comes from a file a user gives (the names on an owner's board and cards, a
deck's titles, flavors and card texts) is one line of plain printable text, bounded, and
checked when the file is loaded, with a message naming the field (rules/text.py): a title
with a line break would put a line of its own into every message of the game, and break
every board picture."""

from __future__ import annotations

import copy
import json
from collections.abc import AsyncIterator, Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml_text
from fakes import FakeRenderer
from hostile import FIXTURE
from table_helpers import run

from bot.discord.front_end import DISCORD
from bot.table.registry import game, games
from bot.table.service import GameService
from rules.capabilities import files_of
from rules.rajas.components import standard_texts as rajas_texts
from rules.taj_mahal.components import standard_texts
from rules.text import text_problem

BOARD, CARDS = standard_texts()
SUCCESSORS = {
    name: resources.files("rules.successors").joinpath(f"data/{name}.yaml").read_text("utf-8")
    for name in ("map", "events", "chits", "setup")
}
STANDARD_DECK = resources.files("rules.vijayanagara").joinpath("data/deck.yaml").read_text("utf-8")
DECK = FIXTURE.read_text(encoding="utf-8")  # a small deck: each case reads a whole file

# Each game's component files: the standard text and where in it a text a person reads stands.
Path_ = tuple[str | int, ...]
TEXT_FIELDS: dict[tuple[str, str], tuple[str, tuple[Path_, ...]]] = {
    ("taj_mahal", "board"): (BOARD, (("provinces", 0, "title"), ("cities", 3, "title"))),
    ("taj_mahal", "cards"): (CARDS, (("special_cards", 1, "title"),)),
    ("successors", "map"): (SUCCESSORS["map"], (("areas", 3, "name"), ("seas", 1, "name"))),
    ("successors", "events"): (
        SUCCESSORS["events"],
        (("events", 0, "title"), ("events", 5, "text")),
    ),
    ("successors", "chits"): (SUCCESSORS["chits"], (("chits", 0, "name"), ("chits", 4, "text"))),
    ("successors", "setup"): (SUCCESSORS["setup"], (("homes", 0, "leader"), ("homes", 2, "block"))),
    ("vijayanagara", "deck"): (
        DECK,
        (
            ("cards", 0, "title"),
            ("cards", 0, "flavor"),
            ("cards", 0, "unshaded", "text"),
            ("cards", 4, "unshaded", "effects", 0, "choose", 1, "text"),
            ("mongol_invasion_cards", 0, "title"),
            ("succession_cards", 0, "title"),
            ("timurid_cards", 1, "title"),
        ),
    ),
}

# Files no person reads a text of: every field a number, a word of a fixed list or a pattern
# (Rajas of the Ganges' board and tiles: colours, sides, yields, costs), refused otherwise.
NO_TEXTS = {("rajas", "board"), ("rajas", "tiles")}

PLACEHOLDER = "PLACEHOLDER-OF-A-TEXT"
HOSTILE = [
    "Kabul\n**Orange wins the game**",
    "Kabul\r\nOrange wins",
    "Kabul\u2028Orange wins",
    "Ka\u202ebul",  # a right-to-left override
    "Ka\u200bbul",  # a zero-width space
    "Ka\u2066bul",  # an isolate
    "\x1b[2JKabul",  # a terminal's escape sequence
    "Kabul\x07",
    "@everyone Kabul",
    "Kabul <@123456>",
    "# Orange wins",
    "> Orange wins",
    "**Kabul**",
    "Kabul `x`",
    "||Kabul||",
    "[Kabul](https://example.com)",
    "Kabul https://example.com",
    "- Orange wins",
    "1. Orange — 99 points",
    "K" * 2001,
]


def _set(doc: Any, path: Path_, value: str) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


def _loader(kind: str, name: str) -> Callable[[str], object]:
    """The file read as a game given it reads it (create, import)."""
    g = game(kind)
    return lambda text: files_of(g).with_files(g.info.options(), {name: text})


def test_every_component_file_of_every_game_has_its_texts_listed_here() -> None:
    assert {(g.info.id, name) for g in games() for name in files_of(g).file_names()} == (
        set(TEXT_FIELDS) | NO_TEXTS
    )


@pytest.mark.parametrize("file", sorted(NO_TEXTS), ids="-".join)
def test_a_file_without_texts_refuses_a_text_where_a_word_of_its_list_goes(
    file: tuple[str, str],
) -> None:
    kind, name = file
    text = dict(zip(("board", "tiles"), rajas_texts(), strict=True))[name]
    changed = text.replace("orange", "Kabul\n**Orange wins**", 1)
    assert changed != text
    with pytest.raises(ValueError):
        _loader(kind, name)(changed)


@pytest.mark.parametrize("file", sorted(TEXT_FIELDS), ids="-".join)
def test_the_standard_files_texts_are_plain(file: tuple[str, str]) -> None:
    text, fields = TEXT_FIELDS[file]
    doc = yaml_text.load(text)
    for path in fields:
        value: Any = doc
        for key in path:
            value = value[key]
        assert isinstance(value, str) and text_problem(value) is None, (path, value)
    _loader(*file)(text)


def test_the_standard_deck_is_plain_text() -> None:
    _loader("vijayanagara", "deck")(STANDARD_DECK)


@pytest.mark.parametrize("file", sorted(TEXT_FIELDS), ids="-".join)
def test_a_text_that_is_not_one_plain_line_is_refused_naming_the_field(
    file: tuple[str, str],
) -> None:
    """Every hostile text in the first field, and the first in every field (a file is read
    whole for each, so not every pair)."""
    text, fields = TEXT_FIELDS[file]
    load = _loader(*file)
    standard = yaml_text.load(text)
    pairs = [(fields[0], bad) for bad in HOSTILE] + [(path, HOSTILE[0]) for path in fields[1:]]
    marked: dict[Path_, str] = {}  # the file with a placeholder at each path, written once
    for path in fields:
        doc = copy.deepcopy(standard)
        _set(doc, path, PLACEHOLDER)
        marked[path] = yaml_text.dump(doc, sort_keys=False)
    for path, bad in pairs:
        # a JSON string is a YAML double-quoted scalar: every character escaped as written
        edited = marked[path].replace(PLACEHOLDER, json.dumps(bad), 1)
        with pytest.raises(ValueError) as refused:
            load(edited)
        said = str(refused.value)
        field = str(path[-1])
        assert field in said and ("plain text" in said or "at most" in said), (path, bad, said)
        assert said.isprintable() and len(said) < 400, said  # one line, bounded
        assert not any(c in said for c in "*@<#`>"), said  # what it was given is not echoed


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ("Kabul\nOrange wins", "line break at character 6"),
        ("Ka\u202ebul", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("Ka\u200bbul", "U+200B ZERO WIDTH SPACE"),
        ("\x1b[31mKabul", "control character (U+001B)"),
        ("Kabul @everyone", "an at sign at character 7"),
        ("1. Kabul", "as a list does"),
    ],
)
def test_the_refusal_says_what_is_wrong_where(bad: str, why: str) -> None:
    doc = yaml_text.load(BOARD)
    doc["cities"][3]["title"] = bad
    with pytest.raises(ValueError) as refused:
        _loader("taj_mahal", "board")(yaml_text.dump(doc, sort_keys=False))
    assert "board file: cities[3].title: not plain text" in str(refused.value)
    assert why in str(refused.value)


def test_plain_titles_of_every_script_and_the_cards_own_signs_are_taken() -> None:
    for fine in ("Fatehpur Sikri", "Dār al-Sulṭāna", "दिल्ली", "ಹಂಪಿ", "+1 Elephant", "Kabul (old)"):
        assert text_problem(fine) is None, fine


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(str(tmp_path / "texts.sqlite3"), FakeRenderer(), front=DISCORD)
    yield s
    await s.close()


async def test_an_owners_board_with_a_line_break_in_a_title_makes_no_game(
    service: GameService,
) -> None:
    doc = yaml_text.load(BOARD)
    doc["provinces"][0]["title"] = "Kabul\n**Orange wins the game**"
    board = yaml_text.dump(doc, sort_keys=False).encode()
    r = await run(service, "641", 51, "create", "taj_mahal", seat="blue", board=board)
    assert not r.ok and "provinces[0].title" in r.text and "line break" in r.text, r.text
    assert "Orange wins" not in r.text
    assert await service.store.latest_game("641") is None
