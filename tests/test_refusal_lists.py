"""What the table lists after a refused or unreadable step, for every game: the allowed steps
once, and of them those like the step typed (a misspelt word matched as a player means it)
rather than the first few; a step the game read and the rules forbid is refused by its rule,
never called unreadable; a word another game has as a command is this game's step where this
game reads it."""

from __future__ import annotations

import asyncio
import re

import pytest
from taj_helpers import started as taj_started
from terminal_sessions import answered

from rules.capabilities import notation_of
from rules.capabilities.menus import entries_like
from rules.errors import IllegalAction
from rules.taj_mahal import GAME as TAJ

PLACINGS = ["`quarry`", "`harbour with p1`", "`assorted market`", "`goods market with p1`"]
PLACINGS += ["`outer terrace`", "`terrace blue`", "`terrace green`", "`balcony blue with b2`"]
PLACINGS += ["`great mogul with p1`", "`dancer with b2`"]


@pytest.mark.parametrize(
    ("typed", "like"),
    [
        ("quary", ["`quarry`"]),
        ("harbor with o5", ["`harbour with p1`"]),
        ("terrace", ["`outer terrace`", "`terrace blue`", "`terrace green`"]),
        ("market", ["`assorted market`", "`goods market with p1`"]),
        ("great mogul with g4", ["`great mogul with p1`"]),
        ("mogal", ["`great mogul with p1`"]),
        ("portuguese with o5", []),
        ("xyzzy", []),
    ],
)
def test_the_entries_like_a_typed_step_are_those_sharing_its_words(
    typed: str, like: list[str]
) -> None:
    assert entries_like(PLACINGS, typed) == like


def test_a_close_entry_is_listed_not_every_entry_sharing_a_misspelt_word() -> None:
    places = [f"`place {n}`" for n in range(2, 12)]
    assert entries_like(places, "plase 2") == ["`place 2`"]


def test_a_count_tells_an_entry_apart_only_after_what_is_named() -> None:
    """A trial's `buy 4 inf at Egypt`, refused with 3 infantry left, was shown the cavalry
    purchases "like it", for their 4: the piece named tells first."""
    entries = [
        "`buy 1 levy at Egypt`",
        "`buy 1 inf at Egypt` to `buy 3 inf at Egypt` (any of 1-3)",
        "`buy 1 cav at Egypt` to `buy 4 cav at Egypt` (any of 1-4)",
        "`buy 1 fleet at Lydia and Ionia` to `buy 6 fleet at Lydia and Ionia` (any of 1-6)",
        "`done`",
    ]
    assert entries_like(entries, "buy 4 inf at Egypt") == [entries[1]]


def _refusals(kind: str, lines: list[str], seed: int | None) -> dict[str, str]:
    said = asyncio.run(answered(kind, lines, seed))
    return {line: next(t for t in text.splitlines() if t.startswith("! ")) for line, text in said}


def test_misspelt_rajas_words_list_the_steps_they_mean_not_the_first_eight() -> None:
    said = _refusals("rajas", ["quary", "terrace", "market", "great mogul with g4"], 3)
    assert said["quary"].endswith("Allowed now like it: `quarry`.")
    assert said["terrace"].endswith(
        "Allowed now like it: `outer terrace`, `terrace blue`, `terrace green`, "
        "`terrace orange`, `terrace purple`."
    )
    assert "Allowed now like it: `assorted market`, `goods market with p1`" in said["market"]
    assert "`harbour" not in said["market"] and "`quarry`" not in said["market"]
    assert said["great mogul with g4"].endswith("Allowed now like it: `great mogul with p1`.")
    for text in said.values():
        listed = re.findall(r"`[^`]+`", text.split(": ", 1)[1])
        assert len(listed) == len(set(listed)), text


def test_every_games_misspelt_step_lists_the_steps_like_it() -> None:
    vj = _refusals("vijayanagara", ["comand", "limitd"], 12)
    assert vj["comand"].endswith("Allowed now like it: `command+decree`, `command`.")
    assert vj["limitd"].endswith("Allowed now like it: `limited`.")
    goats = _refusals("goat_tiger", ["plase 2"], None)
    assert goats["plase 2"].endswith("Allowed now like it: `place 2`.")


def test_a_read_order_the_rules_forbid_is_refused_by_its_rule_in_every_game() -> None:
    goats = _refusals("goat_tiger", ["capture 3"], None)
    assert goats["capture 3"].startswith("! `capture 3` was refused: only a Tiger captures (5.5)")
    s = taj_started(3)
    waiting = next(seat for seat in s.seats if seat != TAJ.to_move(s))
    with pytest.raises(IllegalAction, match="it is not your turn"):
        notation_of(TAJ).parse(TAJ.view(s, waiting), "withdraw", waiting)


def test_a_rajas_pass_or_done_is_its_own_step_not_another_games_command() -> None:
    said = _refusals("rajas", ["pass", "done"], 3)
    assert said["pass"].startswith("! `pass` was refused: you may pass only when no space")
    assert said["done"].startswith("! `done` was refused: no placement is under way")
