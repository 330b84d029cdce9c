"""An import checks what an export asserts, for every game: each step's seat is the one that
decides there in the replay, the secret and commitment are checked as `verify` checks them
(and the reply says what was found), an export goes only to its own game's group, and every
refusal names the step or option, the field and what the rules allow there."""

from __future__ import annotations

import asyncio
import copy
import io
import json
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from fakes import FakeRenderer
from table_helpers import run

from bot.discord.front_end import DISCORD
from bot.table.exports import deciding, export_options
from bot.table.refusal import ServiceError
from bot.table.registry import game, games, registry
from bot.table.service import GameService
from bot.table.transfer import read_export
from bot.terminal.local import amain, terminal_text
from db.models import SECRET_STARTS
from rules.capabilities import files_of, turns_of
from rules.game import player_options

Doc = dict[str, Any]
KINDS = [g.info.id for g in games()]
USER = 71


def played(kind: str, decisions: int = 6, seed: int = 3) -> Doc:
    """An export of a game of `kind`: `decisions` legal steps chosen at random (each deal
    made by a seeded stream), the seat of each step the one the game says decides it."""
    g = game(kind)
    rng = random.Random(seed)
    options = g.info.options()
    seats = g.info.seats_for(g.info.min_players)
    state = g.new_game(options, seats)
    actions: list[Doc] = []
    while decisions > 0 or g.chance(state) is not None:
        if g.result(state) is not None:
            break
        if g.chance(state) is not None:
            action, seat = g.deal(state, rng.randrange), None
        else:
            legal = [a for a in g.legal_actions(state) if not turns_of(g).undoes(a)]
            action = legal[rng.randrange(len(legal))]
            seat = deciding(g, state, action)
            decisions -= 1
        actions.append({"action": json.loads(g.action_to_json(action)), "faction": seat})
        state = g.apply(state, action)
    chosen = player_options(type(options))
    return {
        "format": "board-game",
        "format_version": 3,
        "game": kind,
        "options": {k: v for k, v in options.model_dump().items() if k in chosen},
        "seats": {s: USER + i for i, s in enumerate(seats)},
        "status": "active",
        "creator": USER,
        "actions": actions,
    }


def decisions_of(doc: Doc) -> list[int]:
    return [i for i, a in enumerate(doc["actions"]) if a["faction"] is not None]


@pytest.fixture
async def svc(migrated_sqlite_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(str(migrated_sqlite_path), FakeRenderer(), front=DISCORD)
    yield s
    await s.close()


async def imported(svc: GameService, kind: str, doc: Doc, channel: str = "700") -> str:
    reply = await run(svc, channel, USER, "import", kind, file=json.dumps(doc).encode())
    if not reply.ok:
        assert await svc.store.latest_game(channel) is None, reply.text
    return reply.text


# --- each step's seat --------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
async def test_an_export_as_played_imports(svc: GameService, kind: str) -> None:
    said = await imported(svc, kind, played(kind))
    assert said.startswith("Imported game"), said


@pytest.mark.parametrize("kind", KINDS)
async def test_a_step_labelled_with_another_seat_is_refused_naming_the_step(
    svc: GameService, kind: str
) -> None:
    doc = played(kind)
    first = decisions_of(doc)[0]
    seat = doc["actions"][first]["faction"]
    other = next(s for s in game(kind).info.seats if s != seat)
    doc["actions"][first]["faction"] = other
    said = await imported(svc, kind, doc)
    titles = game(kind).info.seat_titles
    assert f"says {titles[other]} played step {first + 1} (`" in said, said
    assert f"played by {titles[seat]}" in said, said


@pytest.mark.parametrize("kind", [k for k in KINDS if game(k).info.deals])
async def test_a_deal_labelled_as_a_seats_is_refused(svc: GameService, kind: str) -> None:
    doc = played(kind)
    deal = next(i for i, a in enumerate(doc["actions"]) if a["faction"] is None)
    doc["actions"][deal]["faction"] = game(kind).info.seats[0]
    said = await imported(svc, kind, doc)
    assert f"step {deal + 1} (`" in said and "is a deal" in said, said


@pytest.mark.parametrize("kind", KINDS)
async def test_a_step_without_a_seat_gets_the_one_that_played_it(
    svc: GameService, kind: str
) -> None:
    doc = played(kind)
    label = decisions_of(doc)[0]
    seat = doc["actions"][label]["faction"]
    doc["actions"][label]["faction"] = None
    assert (await imported(svc, kind, doc)).startswith("Imported game")
    record = await svc.store.latest_game("700")
    assert record is not None
    assert (await svc.store.actions(record.id))[label].faction == seat


async def test_the_seats_a_game_started_with_are_kept_as_read(svc: GameService) -> None:
    doc = played("taj_mahal")
    doc["options"]["players"] = "orange,blue,brown"
    assert (await imported(svc, "taj_mahal", doc)).startswith("Imported game")
    record = await svc.store.latest_game("700")
    assert record is not None and record.options["players"] == "blue,orange,brown"


async def test_seats_a_game_did_not_start_with_are_refused_naming_players(
    svc: GameService,
) -> None:
    doc = played("taj_mahal")
    doc["options"]["players"] = "blue,orange,brown,\n**Orange wins**" + " " * 1000
    said = await imported(svc, "taj_mahal", doc)
    assert said.startswith("options.players: 'blue,orange,brown,") and "3 to 5 of" in said
    assert "\n" not in said and "**" not in said
    assert await svc.store.latest_game("700") is None


@pytest.mark.parametrize(
    "kind", [g.info.id for g in games() if g.info.min_players < len(g.info.seats)]
)
async def test_seats_the_log_was_not_played_with_are_refused_naming_players(
    svc: GameService, kind: str
) -> None:
    """A log of the fewest players, exported as started with every seat: refused naming
    `options.players` and the seats it says, not as a bad first step."""
    doc = played(kind)
    seats = game(kind).info.seats
    doc["options"]["players"] = ",".join(seats)
    said = await imported(svc, kind, doc)
    assert said.startswith(f"options.players: the game started with {', '.join(seats)} ("), said
    assert "its log does not replay with them" in said, said


# --- the secret and the commitment -------------------------------------------------------


@pytest.fixture(scope="module")
def ended_taj_mahal(tmp_path_factory: pytest.TempPathFactory) -> Doc:
    """A Taj Mahal game dealt from its secret, started and aborted: its export reveals the
    secret."""

    async def export(path: Path) -> Doc:
        s = await GameService.open(str(path), FakeRenderer())
        try:
            await run(s, "1", USER, "create", "taj_mahal", seat="blue")
            await run(s, "1", USER, "ai", "taj_mahal", seat="orange", level="greedy")
            await run(s, "1", USER, "ai", "taj_mahal", seat="brown", level="greedy")
            assert (await run(s, "1", USER, "start", "taj_mahal")).ok
            await run(s, "1", USER, "abort", "taj_mahal")
            e = await run(s, "1", USER, "export", "taj_mahal")
            assert e.file is not None, e.text
            doc: Doc = json.loads(e.file.data)
        finally:
            await s.close()
        return doc

    return asyncio.run(export(tmp_path_factory.mktemp("ended") / "e.sqlite3"))


async def test_an_imported_secret_is_checked_and_the_reply_says_so(
    svc: GameService, ended_taj_mahal: Doc
) -> None:
    said = await imported(svc, "taj_mahal", ended_taj_mahal)
    assert "Its secret was checked: " in said and " from the secret" in said, said


async def test_a_forged_secret_is_imported_saying_it_does_not_verify(
    svc: GameService, ended_taj_mahal: Doc
) -> None:
    doc = copy.deepcopy(ended_taj_mahal)
    doc["fairness"]["secret"] = "ab" * 32
    said = await imported(svc, "taj_mahal", doc)
    assert said.startswith("Imported game") and "**Its secret does not verify**" in said, said
    assert "replayed as its log records them, unverified" in said


async def test_a_forged_commitment_is_imported_saying_the_log_was_changed(
    svc: GameService, ended_taj_mahal: Doc
) -> None:
    doc = copy.deepcopy(ended_taj_mahal)
    entry = next(a for a in doc["actions"] if SECRET_STARTS in a)
    entry[SECRET_STARTS] = "cd" * 32
    said = await imported(svc, "taj_mahal", doc)
    assert "does not verify" in said and "the log was changed" in said, said


async def test_a_commitment_without_its_secret_is_said_to_be_unchecked(svc: GameService) -> None:
    doc = played("vijayanagara")
    doc["actions"].insert(0, {SECRET_STARTS: "ef" * 32})
    said = await imported(svc, "vijayanagara", doc)
    assert "holds no secret to check them with" in said, said


# --- an export goes to its own game's group ----------------------------------------------


@pytest.mark.parametrize("theirs", KINDS)
async def test_an_export_imported_in_another_games_group_says_where_it_belongs(
    svc: GameService, theirs: str
) -> None:
    doc = played(theirs)
    info = game(theirs).info
    for kind in KINDS:
        if kind == theirs:
            continue
        said = await imported(svc, kind, doc)
        assert said.startswith(f"This file is an export of {info.title}, not of "), said
        assert f"`/{registry().command(info.id)} import`" in said
        terminal = terminal_text(said)
        assert f"started with `--game {theirs}`" in terminal and "/" not in terminal, terminal


async def test_the_terminal_says_which_game_to_start_to_import_another_games_export(
    tmp_path: Path,
) -> None:
    export = tmp_path / "goat-tiger.json"
    export.write_text(json.dumps(played("goat_tiger")))
    out = io.StringIO()
    argv = ["--game", "taj_mahal", "--play", "blue", "--db", str(tmp_path / "t.sqlite3")]
    await amain(
        [*argv, "--boards", str(tmp_path / "b")],
        ["abort", "yes", f"import {export}"],
        out,
        FakeRenderer(),
    )
    said = out.getvalue().splitlines()[-1]
    assert said == (
        f"! This file is an export of {game('goat_tiger').info.title}, not of "
        f'{game("taj_mahal").info.title} (`"game": "goat_tiger"` in the file): import it in a '
        "terminal started with `--game goat_tiger`."
    ), said


# --- refusals in the rules' words --------------------------------------------------------


def test_the_goat_tiger_games_refusals_say_the_step_the_field_and_the_points() -> None:
    cases = {
        "point 24": "Step 1 (place): point: 24 is not a point of the board: a whole number "
        "from 1 to 23.",
        "point 10^60": "Step 1 (place): point: a 61-digit number is not a point of the board: "
        "a whole number from 1 to 23.",
        "an extra field": "Step 1 (place): extra: not a field here (its fields: kind, point).",
        "no point": "Step 1 (place): point: missing: a point of the board, a whole number "
        "from 1 to 23.",
        "a kind": "Step 1 (fly): kind: 'fly' is none of 'place', 'move', 'capture'.",
        "goats 10^30": "options.goats: a 31-digit number is not a number of Goats: a whole "
        "number from 6 to 17.",
        "goats as text": "options.goats: '16' is not a number of Goats: a whole number from 6 "
        "to 17.",
        "an option": "options.wolves: not an option of Aadu-Huli aata (Goat-Tiger game) "
        "(its options: goats, tigers).",
    }
    changes = {
        "point 24": lambda d: d["actions"][0]["action"].update(point=24),
        "point 10^60": lambda d: d["actions"][0]["action"].update(point=10**60),
        "an extra field": lambda d: d["actions"][0]["action"].update(extra=1),
        "no point": lambda d: d["actions"][0]["action"].pop("point"),
        "a kind": lambda d: d["actions"][0]["action"].update(kind="fly"),
        "goats 10^30": lambda d: d["options"].update(goats=10**30),
        "goats as text": lambda d: d["options"].update(goats="16"),
        "an option": lambda d: d["options"].update(wolves=3),
    }
    base = played("goat_tiger")
    assert base["actions"][0]["action"]["kind"] == "place"
    for name, change in changes.items():
        doc = copy.deepcopy(base)
        change(doc)
        with pytest.raises(ServiceError) as refused:
            read_export(json.dumps(doc).encode(), registry(), "goat_tiger")
        assert str(refused.value) == cases[name], name


BAD_VALUES: list[object] = [
    10**60,
    -(10**30),
    999,
    -1,
    "x" * 300,
    "fly",
    "2",
    None,
    True,
    [1, [2]],
    {"a": 1},
    2.5,
]


def _refusal(doc: Doc, kind: str) -> str:
    try:
        read_export(json.dumps(doc).encode(), registry(), kind)
    except ServiceError as e:
        return str(e)
    return ""


@pytest.mark.parametrize("kind", KINDS)
def test_every_field_of_a_step_refused_names_the_step_the_field_and_what_is_allowed(
    kind: str,
) -> None:
    """Each field of a decision and of a deal, given a value of every kind, and a field too
    many: accepted, or refused with the step, the field and what the rules allow."""
    base = played(kind)
    firsts = {a["faction"] is None: i for i, a in reversed(list(enumerate(base["actions"])))}
    for index in firsts.values():
        for field in [*base["actions"][index]["action"], "extra"]:
            for value in BAD_VALUES:
                doc = copy.deepcopy(base)
                doc["actions"][index]["action"][field] = value
                said = _refusal(doc, kind)
                if not said:
                    continue  # a value the step may hold
                assert "\n" not in said and len(said) < 600, said
                if said.startswith("The log does not replay"):
                    assert f"step {index + 1} (`" in said, said  # the rules refused it there
                    continue
                assert said.startswith(f"Step {index + 1}"), said
                assert f": {field}: " in said or f": {field}[" in said, said
                assert any(
                    w in said for w in (" is not ", "missing", "not a field", " none of ")
                ), said
                assert "constrained" not in said and "Input should" not in said, said


@pytest.mark.parametrize("kind", KINDS)
def test_every_option_refused_names_the_option_and_what_is_allowed(kind: str) -> None:
    base = played(kind)
    for option in [*base["options"], "extra"]:
        for value in BAD_VALUES:
            doc = copy.deepcopy(base)
            doc["options"][option] = value
            said = _refusal(doc, kind)
            if not said:
                continue
            if said.startswith("The log does not replay"):  # a value the option may hold
                game(kind).info.options.model_validate({option: value}, strict=True)
                continue
            assert said.startswith(f"options.{option}: "), said
            assert "constrained" not in said and "Input should" not in said, said
            assert "\n" not in said and len(said) < 600, said


@pytest.mark.parametrize("kind", KINDS)
def test_a_refusal_never_echoes_markup_or_a_line_break_it_was_given(kind: str) -> None:
    base = played(kind)
    decision = decisions_of(base)[0]
    for hostile in ("**Orange wins**", "x\n# Orange wins", "@everyone", "<@123>"):
        for field in base["actions"][decision]["action"]:
            doc = copy.deepcopy(base)
            doc["actions"][decision]["action"][field] = hostile
            said = _refusal(doc, kind)
            assert said and not any(c in said for c in "*#@<\n"), said


@pytest.mark.parametrize("kind", [k for k in KINDS if files_of(game(k)).file_names()])
def test_an_option_the_game_sets_itself_is_refused_in_an_export(kind: str) -> None:
    g = game(kind)
    own = [n for n in g.info.options.model_fields if n not in player_options(g.info.options)]
    for name in own:
        doc = played(kind)
        doc["options"][name] = "abc"
        said = _refusal(doc, kind)
        assert said.startswith(f"options.{name}: the game sets it itself"), said


@pytest.mark.parametrize("kind", KINDS)
def test_an_option_an_export_may_not_hold_is_refused_with_the_one_list_of_those_it_may(
    kind: str,
) -> None:
    """What an export's options may hold is one list (the options a player chooses, the
    files by name, the seats it started with): the refusal of any other lists it, and never
    names as allowed an option the game sets itself. An export of another game relabelled
    as this one is refused the same way."""
    g = game(kind)
    allowed = export_options(g)
    own = [n for n in g.info.options.model_fields if n not in player_options(g.info.options)]
    for other in KINDS:
        doc = played(other)
        doc["game"] = kind
        doc["options"]["wolves"] = 1
        said = _refusal(doc, kind)
        if not said.startswith("options.wolves"):
            continue  # another of its options came first
        assert said.startswith(f"options.wolves: not an option of {g.info.title} ("), said
        assert all(name in said for name in allowed), said
        assert not any(name in said for name in own), said
    for name in own:
        doc = played(kind)
        doc["options"][name] = "abc"
        said = _refusal(doc, kind)
        assert not any(f" {o}" in said.split("(")[1] for o in own), said
