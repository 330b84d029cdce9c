"""The terminal's `--seed` for every game, and a terminal started on a database whose game no
longer loads: it says which game and why, offers `abort` and `export`, and goes on."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import re
from pathlib import Path

import pytest
from fakes import FakeRenderer

from bot.table.registry import game, games, registry
from bot.table.service import GameService
from bot.terminal.local import CHANNEL, LOCAL_USER, amain
from db import SQLiteStore

DEALING = [g.info.id for g in games() if g.info.deals]
NOT_DEALING = [g.info.id for g in games() if not g.info.deals]
ALL = [g.info.id for g in games()]


def channel_of(kind: str) -> str:
    return CHANNEL if kind == "vijayanagara" else f"{CHANNEL}-{kind}"


def session(tmp_path: Path, kind: str, lines: list[str], *extra: str) -> str:
    out = io.StringIO()
    args = ["--game", kind, "--db", str(tmp_path / "t.sqlite3"), "--boards", str(tmp_path / "b")]
    with contextlib.chdir(tmp_path):  # `export` without a file name writes here
        asyncio.run(amain([*args, *extra], lines, out, FakeRenderer()))
    text = out.getvalue()
    assert "Traceback" not in text and "could not be handled" not in text, text
    return text


async def stored_games(path: Path) -> list[str]:
    store = await SQLiteStore.open(path)
    try:
        return [g.status for c in {channel_of(k) for k in ALL} if (g := await store.latest_game(c))]
    finally:
        await store.close()


@pytest.mark.parametrize("kind", DEALING)
def test_a_seeded_game_starts_in_the_terminal_and_says_it_is_not_fair_play(
    tmp_path: Path, kind: str
) -> None:
    play = game(kind).info.seats[0]
    text = session(tmp_path, kind, ["status"], "--play", play, "--seed", "3")
    assert "The game begins" in text and "Dealt by seed 3" in text and "not fair play" in text
    seeded = next(line for line in text.split("\n") if "Dealt by seed" in line)
    assert bool(re.search(r"\bdi(?:e|ce)\b", seeded)) == ("die" in game(kind).info.dealt), seeded
    again = session(tmp_path, kind, ["status"])  # the same database starts again
    assert "Continuing game 1" in again


@pytest.mark.parametrize("kind", DEALING)
def test_the_same_seed_gives_the_same_game_in_another_database(tmp_path: Path, kind: str) -> None:
    play = game(kind).info.seats[0]
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    first = session(tmp_path / "one", kind, ["status"], "--play", play, "--seed", "3")
    session(tmp_path / "two", kind, ["abort", "yes"], "--play", play)  # game 1 there
    second = session(tmp_path / "two", kind, ["new", "status"], "--play", play, "--seed", "3")
    assert "Game 2" in second  # the game it deals is the database's second

    def dealt(text: str) -> str:  # what the seed dealt, as the start and the status tell it
        after = text.split("Dealt by seed 3")[1].replace("Game 2", "Game 1")
        return "\n".join(line for line in after.split("\n") if not line.startswith("[board"))

    assert dealt(first) == dealt(second)


@pytest.mark.parametrize("kind", NOT_DEALING)
def test_a_seed_for_a_game_that_deals_nothing_is_refused_and_leaves_nothing(
    tmp_path: Path, kind: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        session(tmp_path, kind, ["status"], "--seed", "3")
    assert exit_.value.code == 2
    assert asyncio.run(stored_games(tmp_path / "t.sqlite3")) == []


@pytest.mark.parametrize("kind", ALL)
def test_the_help_says_which_games_take_a_seed(
    kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        asyncio.run(amain(["--game", kind, "--help"], [], io.StringIO(), FakeRenderer()))
    said = " ".join(capsys.readouterr().out.split())
    if game(kind).info.deals:
        assert "the same seed gives the same game" in said and "not fair play" in said
    else:
        assert "it deals nothing (no dice, no cards), so a seed is refused" in said


@pytest.mark.parametrize("kind", ALL)
def test_a_game_left_in_its_lobby_starts_when_the_terminal_comes_back(
    tmp_path: Path, kind: str
) -> None:
    """A game stored but never started (a seeded start that failed, as `--seed` of a game
    other than Vijayanagara once did) is started by the next session, seats already held
    kept: no "You already sit as" on the way."""
    g = game(kind)

    async def leave_in_lobby() -> None:
        svc = await GameService.open(str(tmp_path / "t.sqlite3"), FakeRenderer())
        try:
            seat = g.info.seats[0]
            seed = 3 if g.info.deals else None
            made = await svc.lobby.create(
                channel_of(kind), LOCAL_USER, kind=kind, seat=seat, seed=seed
            )
            assert made.ok
        finally:
            await svc.close()

    asyncio.run(leave_in_lobby())
    text = session(tmp_path, kind, ["status"])
    assert "The game begins" in text and "already sit" not in text
    assert ("Dealt by seed 3" in text) == g.info.deals


async def corrupt(path: Path, kind: str, what: str = "log") -> None:
    """The log's first entry once more at its end (it no longer applies), or the game's
    options cut short (not JSON)."""
    store = await SQLiteStore.open(path)
    try:
        record = await store.latest_game(channel_of(kind))
        assert record is not None
        entries = await store.actions(record.id)
        async with store._tx() as conn:  # the test plays the saboteur
            if what == "options":
                await conn.execute("UPDATE games SET options = '{' WHERE id = ?", record.id)
                return
            await conn.execute(
                "INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                record.id,
                len(entries) + 1,
                json.dumps(entries[0].action),
            )
    finally:
        await store.close()


@pytest.mark.parametrize("kind", ALL)
@pytest.mark.parametrize("what", ["log", "options"])
def test_a_game_that_no_longer_loads_is_named_and_aborted_in_the_terminal(
    tmp_path: Path, kind: str, what: str
) -> None:
    g = game(kind)
    play = g.info.seats[0]
    session(tmp_path, kind, ["quit"], "--play", play)
    if kind == "goat_tiger":  # a log with an entry to copy
        session(tmp_path, kind, ["place 7"])
    asyncio.run(corrupt(tmp_path / "t.sqlite3", kind, what))
    lines = ["status", "hint", "options", "undo", "export", "abort", "yes", "new", "status"]
    text = session(tmp_path, kind, lines)
    why = "step " if what == "log" else "its stored options are not JSON"
    assert f"Game 1 ({g.info.title}) cannot be loaded: {why}" in text
    assert "`abort` ends it without a result" in text and "`export FILE` saves its log" in text
    assert "/" + registry().command(g.info.id) not in text  # in the terminal's words
    assert "Game 1 ended by you without a result" in text
    assert "The game begins" in text.split("ended by you")[1]  # the next game plays


def test_the_terminal_program_shows_no_traceback_for_a_game_that_does_not_load(
    tmp_path: Path,
) -> None:
    """The real program (its own logging, on stderr): the person reads why the game is
    broken, in one line, and no traceback."""
    import subprocess
    import sys

    session(tmp_path, "taj_mahal", ["quit"], "--play", "blue")
    asyncio.run(corrupt(tmp_path / "t.sqlite3", "taj_mahal"))
    done = subprocess.run(
        [sys.executable, "-m", "bot.terminal.local", "--game", "taj_mahal", "--db", "t.sqlite3"],
        input="status\nquit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "cannot be loaded" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr, done.stderr


async def test_abort_is_confirmed_in_one_line_as_any_order_is(tmp_path: Path) -> None:
    """A trial typed `abort; confirm`, as `help` says an order is confirmed: it read "Not
    aborted" and "`abort` is not an order I can read". It ends the game at once, as
    `abort` and then `confirm` (or `yes`) does."""
    for typed in (["abort; confirm"], ["abort", "confirm"], ["abort yes"]):
        out = io.StringIO()
        db = tmp_path / f"{len(typed)}{typed[0][-1]}.sqlite3"
        args = ["--game", "taj_mahal", "--play", "blue", "--db", str(db)]
        await amain(
            [*args, "--boards", str(tmp_path / "b")], iter([*typed, "quit"]), out, FakeRenderer()
        )
        text = out.getvalue()
        assert "Game 1 ended by you without a result." in text, text[-600:]
        assert "Not aborted" not in text and "not an order I can read" not in text
