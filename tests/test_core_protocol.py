"""The game core stays narrow: what a game is (rules.game.Game) in at most 15 members, and
everything else a game may offer a small capability (rules.capabilities) of at most 12, each
with a plain behaviour a game takes as it is or overrides."""

from __future__ import annotations

import inspect
import re
from typing import Any

import pytest

import rules.capabilities as capabilities
from bot.table.registry import games
from rules.game import Game
from rules.successors import GAME as SUCCESSORS  # its rules, not yet registered at the table

CAPABILITIES = [
    getattr(capabilities, name)
    for name in capabilities.__all__
    if inspect.isclass(getattr(capabilities, name)) and not name.startswith("Tiebreak")
]
ACCESSORS = {
    name.removesuffix("_of"): getattr(capabilities, name)
    for name in capabilities.__all__
    if name.endswith("_of") and name != "tiebreak_of"
}


def members(cls: type) -> set[str]:
    """The public names a class declares (methods, attributes), not those of its bases."""
    own = set(vars(cls)) | set(getattr(cls, "__annotations__", {}))
    return {n for n in own if not n.startswith("_")}


def test_the_core_protocol_has_at_most_15_members() -> None:
    core = members(Game)
    assert len(core) <= 15, sorted(core)
    assert {"info", "new_game", "legal_actions", "apply", "view", "result"} <= core


@pytest.mark.parametrize("cls", CAPABILITIES, ids=lambda c: c.__name__)
def test_each_capability_has_at_most_12_members(cls: type) -> None:
    assert len(members(cls)) <= 12, sorted(members(cls))


@pytest.mark.parametrize("cls", CAPABILITIES, ids=lambda c: c.__name__)
def test_no_capability_repeats_a_member_of_the_core_or_of_another(cls: type) -> None:
    others = set().union(*(members(c) for c in CAPABILITIES if c is not cls)) | members(Game)
    assert members(cls) - {"game"} & others == set()


@pytest.mark.parametrize("g", (*games(), SUCCESSORS), ids=lambda g: g.info.id)
@pytest.mark.parametrize("accessor", ACCESSORS, ids=str)
def test_a_game_offers_a_capability_as_its_own_attribute_or_gets_the_plain_one(
    g: Game[Any, Any, Any, Any], accessor: str
) -> None:
    found = ACCESSORS[accessor](g)
    own = getattr(g, accessor, None)
    assert (
        found is own if own is not None else type(found).__module__.startswith("rules.capabilities")
    )
    assert found.game is g  # built with the game it speaks for


def test_a_game_of_the_core_alone_is_played_by_the_plain_capabilities() -> None:
    """A game that writes the core alone (and its rules reference): its steps written and
    read as their JSON, told by seat, listed one per entry; nothing to look up, no undo."""
    from counting_game import COUNTING, Count

    g = COUNTING
    state = g.new_game(g.info.options(), g.info.seats)
    view = g.view(state, None)
    notation = capabilities.notation_of(g)
    step = Count(by=2)
    written = notation.describe(view, step)
    assert notation.parse(view, written, "first") == [step]
    with pytest.raises(ValueError, match="is not a step of Counting"):
        notation.parse(view, "count two", "first")
    assert capabilities.narration_of(g).narrate(view, step, view, "first") == [f"First: {written}"]
    assert capabilities.menus_of(g).grouped_choices(view, [step]) == ([f"`{written}`"], None)
    assert capabilities.turns_of(g).undo(state) is None
    plain = capabilities.Reference(g)  # (the game writes its own: topics to read at the table)
    assert plain.rules_topics() == ()
    with pytest.raises(ValueError, match="has no topic"):
        plain.rules_reference("setup")
    with pytest.raises(ValueError, match=r"has no topic 'setup' \(topics: play, target\)"):
        capabilities.reference_of(g).rules_reference("setup")
    assert capabilities.deadlines_of(g).timeout_action(state) is None


def test_nothing_in_the_rules_is_named_after_discord_or_writes_its_commands() -> None:
    """The rules know no chat: no name, comment or text of rules/ mentions Discord or its
    slash commands; a text that names a command of the table asks the front end for it."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "rules"
    found = [
        f"{path.relative_to(root)}:{n}: {line.strip()}"
        for path in sorted(root.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"discord|\bslash|`/[a-z]{2,3} ", line, re.IGNORECASE)
    ]
    assert found == []
