"""The one registry of Commands and Decrees: the notation, deck files, help and the docs all
follow it, and old spellings still read."""

from __future__ import annotations

import ast
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml_text
from fakes import SEATS, FakeRenderer, Seeds, seeds_of
from sources import nodes

from bot.table.commands import help_reply
from bot.table.service import GameService
from rules import vijayanagara
from rules.errors import DataError
from rules.vijayanagara.cards import load_deck_text
from rules.vijayanagara.registry import COMMANDS, DECREES, ENTRIES, entry, name_of

DOCS = Path(__file__).parent.parent / "docs"


def test_each_command_and_decree_has_one_name_read_from_every_spelling() -> None:
    for e in ENTRIES:
        for spelling in (e.name, e.deck_name, *e.aliases):
            assert vijayanagara.parse(None, spelling) == [vijayanagara.Choose(option=e.name)], (
                spelling
            )
            assert name_of(spelling) == e.name
        assert vijayanagara.describe(None, vijayanagara.Choose(option=e.name)) == e.name


def test_the_old_deck_spelling_reads_as_the_notation_name() -> None:
    assert vijayanagara.parse(None, "collect_tribute; demand_obedience") == [
        vijayanagara.Choose(option="collect-tribute"),
        vijayanagara.Choose(option="demand-obedience"),
    ]
    assert entry("collect_tribute") is entry("collect-tribute")
    assert entry("dragon") is None


def test_each_faction_keeps_its_rulebook_order() -> None:
    D, B, V = vijayanagara.Faction.D, vijayanagara.Faction.B, vijayanagara.Faction.V
    assert COMMANDS[D] == ("conscript", "march", "govern", "attack")
    assert COMMANDS[B] == COMMANDS[V] == ("rally", "migrate", "rebel", "attack")
    assert DECREES[D] == ("collect-tribute", "campaign", "demand-obedience")
    assert DECREES[B] == ("trade", "build", "conspire")
    assert DECREES[V] == ("tax", "build", "compel")


def _deck_with_free_decree(decree: str) -> str:
    text = (
        resources.files("rules.vijayanagara").joinpath("data/deck.yaml").read_text(encoding="utf-8")
    )
    doc: dict[str, Any] = yaml_text.load(text)
    card = next(c for c in doc["cards"] if c["number"] == 15)
    card["shaded"]["effects"][0]["free_decree"]["decree"] = decree
    return yaml_text.dump(doc)


@pytest.mark.parametrize("spelling", ["collect_tribute", "collect-tribute"])
def test_a_deck_file_names_a_decree_in_either_spelling(spelling: str) -> None:
    load_deck_text(_deck_with_free_decree(spelling))


def test_a_deck_file_does_not_take_the_notations_shorthands() -> None:
    with pytest.raises(DataError) as err:
        load_deck_text(_deck_with_free_decree("tribute"))
    assert "unknown Decree 'tribute' for D" in str(err.value)


def test_a_deck_file_with_another_factions_decree_lists_the_deck_spellings() -> None:
    with pytest.raises(DataError) as err:
        load_deck_text(_deck_with_free_decree("trade"))
    assert (
        "unknown Decree 'trade' for D; expected one of "
        "['collect_tribute', 'campaign', 'demand_obedience']" in str(err.value)
    )


def test_the_docs_name_every_command_and_decree_with_its_rule_section() -> None:
    notation = (DOCS / "notation.md").read_text(encoding="utf-8")
    for e in ENTRIES:
        if vijayanagara.Faction.M in e.factions:  # the Mongol Commands' table: name, then section
            assert f"| `{e.name}`" in notation and f"| {e.section} " in notation, e.name
        else:
            assert f"| {e.title} ({e.section}) |" in notation, e.name
    events = (DOCS / "events-format.md").read_text(encoding="utf-8")
    m = re.search(r"Command names: (.*?)\. Decree names:\s+(.*?)\.\n", events, re.S)
    assert m is not None
    players = [e for e in ENTRIES if vijayanagara.Faction.M not in e.factions]
    assert m.group(1).split(", ") == [e.deck_name for e in players if e.kind == "command"]
    listed = " ".join(m.group(2).split()).split(", ")
    assert sorted(listed) == sorted(e.deck_name for e in ENTRIES if e.kind == "decree")


async def test_help_and_the_shortcut_choices_follow_the_registry(database_url: str) -> None:
    svc = await GameService.open(database_url, FakeRenderer(), seed_source=Seeds())
    try:
        text = help_reply(svc, kind="vijayanagara").text
        for f in vijayanagara.PLAYERS:
            assert f"{f.value}: {', '.join(COMMANDS[f])}" in text
            assert f"{f.value}: {', '.join(DECREES[f])}" in text
        seeds_of(svc).next = 12
        assert (
            await svc.lobby.create("reg", SEATS[vijayanagara.Faction.D], kind="vijayanagara")
        ).ok
        for f, uid in SEATS.items():
            assert (await svc.lobby.join("reg", uid, f.value)).ok
        assert (await svc.lobby.start("reg", SEATS[vijayanagara.Faction.D])).ok
        game = await svc.store.open_game("reg")
        assert game is not None
        decider = vijayanagara.decider(await svc.loader.state_of(game))
        assert decider is not None
        # at the Sequence of Play, `/vj command name:` offers the faction's Commands
        assert await svc.autocomplete.shortcut_choices("reg", "command", "") == list(
            COMMANDS[decider]
        )
        assert await svc.autocomplete.shortcut_choices("reg", "decree", "") == []
    finally:
        await svc.close()


def _frame_kind_strings(path: Path) -> set[int]:
    """The ids of string constants that name a frame kind (a stored tag, not a Command's
    name, though the Attack and Plunder frame's kind reads the same): `kind = ...` in a
    handler, the kind pushed by `push(st, kind, ...)`, the keys of frames.KINDS."""
    out: set[int] = set()
    for node in nodes(path, ast.Assign, ast.AnnAssign, ast.Call):
        match node:
            case ast.Assign(targets=[ast.Name(id="kind")], value=value):
                out.add(id(value))
            case ast.AnnAssign(target=ast.Name(id="KINDS"), value=ast.Dict(keys=keys)):
                out |= {id(k) for k in keys if k is not None}
            case ast.Call(func=ast.Name(id="push"), args=[_, kind, *_]):
                out.add(id(kind))
    return out


def test_no_module_spells_a_command_or_decree_name_but_the_registry() -> None:
    """Vijayanagara's command and Decree names; another game's own words may coincide (a Tax
    in Successors is its own rule's)."""
    spellings = {s for e in ENTRIES for s in (e.name, e.deck_name, *e.aliases)}
    root = Path(__file__).parent.parent
    other_games = {"goat_tiger", "rajas", "successors", "taj_mahal"}
    found = []
    for package in ("rules", "ai", "bot", "render", "db"):
        for path in sorted((root / package).rglob("*.py")):
            if path.name == "registry.py" and package == "rules":
                continue
            if path.relative_to(root / package).parts[0] in other_games:
                continue
            kinds = _frame_kind_strings(path)
            found += [
                f"{path.relative_to(root)}:{node.lineno} {node.value!r}"
                for node in nodes(path, ast.Constant)
                if node.value in spellings and id(node) not in kinds
            ]
    assert found == []
