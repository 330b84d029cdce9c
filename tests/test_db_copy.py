"""Moving up: `chaupal-copy-db` (its main, run in this process) copies every game from a
SQLite file into PostgreSQL, and each replays there to the state it had; the bot carries on
from the copy."""

from __future__ import annotations

import asyncio
import contextlib
import io
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fakes import SEATS, FakeRenderer, Seeds
from table_helpers import choices, on_turn, run
from test_records import finished
from test_service import B_FIRST, current, play_random, seated

from bot.table import copy_db
from bot.table.registry import game
from bot.table.service import GameService
from db import GameRecord, ServerSettings
from db.copy import AnyGame, CopyError, copy_database
from rules import vijayanagara

DECK = Path(__file__).parent / "fixtures" / "small_deck.yaml"
D = SEATS[vijayanagara.Faction.D]


async def a_bots_sqlite_file(path: Path) -> dict[str, tuple[int, str]]:
    """Games in every state, a custom deck, a server's settings, an announcement and a direct
    message still owed; returns each open channel's (version, state JSON)."""
    svc = await GameService.open(str(path), FakeRenderer(), seed_source=Seeds())
    try:
        await seated(svc, B_FIRST, "playing")
        await play_random(svc, 20, seed=1, channel="playing")
        await seated(svc, 7, "aborted")
        assert (await svc.lobby.abort("aborted", D)).ok
        assert (
            await svc.lobby.create(
                "decked", D, seed=3, files={"deck": DECK.read_text()}, kind="vijayanagara"
            )
        ).ok
        await svc.store.put_server_settings(ServerSettings(guild_id="g", organisers="managers"))
        assert (await svc.club.pace("playing", D, 6, "pass", is_manager=True)).ok
        assert (await svc.club.pace("playing", D, 2)).buttons  # a proposal waiting for agreement
        await finished(svc, "finished", SEATS, 11)
        assert (
            await svc.club.me(D, time_zone="Asia/Kolkata", quiet="22-7", direct_messages=True)
        ).ok
        playing = await svc.store.latest_game("playing")
        assert playing is not None  # a "Your turn" Discord failed to send D, owed
        await svc.store.owe_direct(playing.id, playing.version, D, "Your turn in <#1>", 5.0)
        out = {}
        for ch in ("playing", "decked"):
            version, state = await current(svc, ch)
            out[ch] = (version, state.model_dump_json())
        return out
    finally:
        await svc.close()


@pytest.fixture(scope="module")
def made_once(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, tuple[int, str]]]:
    """A bot's SQLite file (a_bots_sqlite_file), made once for the tests that copy it."""
    path = tmp_path_factory.mktemp("bot") / "bot.sqlite3"
    before = asyncio.run(a_bots_sqlite_file(path))
    assert not path.with_name(path.name + "-wal").exists()  # the file is the whole database
    return path, before


@pytest.fixture
def bot_file(made_once: tuple[Path, dict[str, tuple[int, str]]], tmp_path: Path) -> Path:
    """A copy of the bot's SQLite file for one test, in its own folder."""
    path = tmp_path / "bot.sqlite3"
    shutil.copyfile(made_once[0], path)
    return path


async def test_every_game_is_copied_and_replays_to_the_same_state(
    made_once: tuple[Path, dict[str, tuple[int, str]]], bot_file: Path, postgres_url: str
) -> None:
    before = made_once[1]
    source = await GameService.open(str(bot_file), FakeRenderer(), seed_source=Seeds())
    owed_before = [
        (o.game_id, o.version, o.text) for o, _ in await source.outbox.owed(limit=10_000, grace=0)
    ]
    ids = {ch: (await source.store.latest_game(ch)).id for ch in ("playing", "aborted", "decked")}  # type: ignore[union-attr]
    waits = (await source.store.reminder(ids["playing"]), await source.store.pace(ids["playing"]))
    prefs = await source.store.user_prefs(D)
    records = await source.store.results()
    directs = await source.store.due_directs(10.0, lease=0)
    await source.close()

    report = await copy_database(bot_file, postgres_url, game)
    assert report.games == 4 and report.actions > 20

    svc = await GameService.open(postgres_url, FakeRenderer(), seed_source=Seeds())
    try:
        for ch, (version, state) in before.items():
            v, st = await current(svc, ch)
            assert (v, st.model_dump_json()) == (version, state)
        for ch, game_id in ids.items():  # the same ids: exports and fairness records hold
            assert (await svc.store.latest_game(ch)).id == game_id  # type: ignore[union-attr]
        assert (await svc.store.latest_game("aborted")).status == "aborted"  # type: ignore[union-attr]
        # the waits, paces and players' preferences
        assert waits[0] is not None and waits[1] is not None
        copied = (await svc.store.reminder(ids["playing"]), await svc.store.pace(ids["playing"]))
        assert copied == waits
        assert await svc.store.user_prefs(D) == prefs and prefs.direct_messages
        assert await svc.store.results() == records and len(records) == 1
        got = await svc.store.server_settings("g")
        assert got == ServerSettings(guild_id="g", organisers="managers")
        assert [
            (o.game_id, o.version, o.text) for o, _ in await svc.outbox.owed(limit=10_000, grace=0)
        ] == owed_before
        assert await svc.store.due_directs(10.0) == directs and len(directs) == 1
        # the bot carries on in PostgreSQL: moves, and new games get new ids
        await play_random(svc, 3, seed=2, channel="playing")
        await seated(svc, 5, "new")
        assert (await svc.store.latest_game("new")).id > max(ids.values())  # type: ignore[union-attr]
    finally:
        await svc.close()


async def test_the_copy_goes_only_into_an_empty_database(bot_file: Path, postgres_url: str) -> None:
    await copy_database(bot_file, postgres_url, game)
    with pytest.raises(CopyError, match="already has games"):
        await copy_database(bot_file, postgres_url, game)
    with pytest.raises(CopyError, match="no SQLite database"):
        await copy_database(bot_file.with_name("missing.sqlite3"), postgres_url, game)


def copy_command(argv: list[str]) -> tuple[int | str | None, str, str]:
    """`chaupal-copy-db ARGV` (bot.table.copy_db.main, what the command and `python -m
    bot.table.copy_db` run), in this process: its exit status, what it printed and what it
    said on stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            copy_db.main(argv)
        except SystemExit as stop:
            return stop.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


async def test_the_copy_command(bot_file: Path, postgres_url: str) -> None:
    code, out, err = await asyncio.to_thread(copy_command, [str(bot_file), postgres_url])
    assert code == 0, err
    assert "copied 4 game(s)" in out and "same state" in out
    code, _, err = await asyncio.to_thread(copy_command, [str(bot_file), postgres_url])
    assert code == 1 and "empty database" in err
    code, _, err = await asyncio.to_thread(copy_command, [str(bot_file), "mysql://x"])
    assert code == 2 and "postgresql://" in err


async def test_a_copy_that_lost_a_move_is_caught(
    bot_file: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import db.copy

    real = db.copy._rows

    def losing_the_last_action(*args: Any) -> Iterator[list[tuple[Any, ...]]]:
        for batch in real(*args):
            yield batch[:-1] if args[1] == "actions" else batch

    monkeypatch.setattr(db.copy, "_rows", losing_the_last_action)
    with pytest.raises(CopyError, match="differs after the copy"):
        await copy_database(bot_file, postgres_url, game)


async def games_of_every_kind(path: Path) -> int:
    """A Goat-Tiger game and a Taj Mahal game under way in a bot's SQLite file; returns how
    many steps their logs hold."""
    svc = await GameService.open(str(path), FakeRenderer(), seed_source=Seeds())
    try:
        for channel, kind, seat, players in (
            ("goats", "goat_tiger", "goats", (12,)),
            ("palaces", "taj_mahal", "blue", (12, 13)),
        ):
            assert (await run(svc, channel, 11, "create", kind, seat=seat)).ok
            for user in players:
                assert (await run(svc, channel, user, "join", kind)).ok
            assert (await run(svc, channel, 11, "start", kind)).ok
            for _ in range(3):
                turn = await on_turn(svc, channel)
                assert turn is not None
                offered = await choices(svc, channel, turn[1], kind)
                assert (await run(svc, channel, turn[1], "play", kind, order=offered[0])).ok
        return sum([len(await svc.store.actions(g.id)) for g in await every_game(svc)])
    finally:
        await svc.close()


async def every_game(svc: GameService) -> list[GameRecord]:
    return [g for ch in ("goats", "palaces") if (g := await svc.store.latest_game(ch))]


async def test_a_game_of_every_kind_is_copied_and_replayed_by_its_own_rules(
    tmp_path: Path, postgres_url: str
) -> None:
    steps = await games_of_every_kind(tmp_path / "bot.sqlite3")
    replayed: list[str] = []

    def rules_of_kind(kind: str) -> AnyGame:
        replayed.append(kind)
        return game(kind)

    report = await copy_database(tmp_path / "bot.sqlite3", postgres_url, rules_of_kind)
    assert report.games == 2 and report.actions == steps
    assert replayed == ["goat_tiger", "taj_mahal"]


async def test_a_game_of_another_kind_that_no_longer_replays_is_named(
    tmp_path: Path, postgres_url: str
) -> None:
    await games_of_every_kind(tmp_path / "bot.sqlite3")
    with sqlite3.connect(tmp_path / "bot.sqlite3") as db:
        (gid,) = db.execute("SELECT id FROM games WHERE kind = 'goat_tiger'").fetchone()
        db.execute(  # the Goats' first placement again, on the Tigers' turn: not legal
            "INSERT INTO actions (game_id, seq, action, faction, user_id, created_at) "
            "SELECT game_id, (SELECT MAX(seq) + 1 FROM actions WHERE game_id = ?), action, "
            "faction, user_id, created_at FROM actions WHERE game_id = ? ORDER BY seq LIMIT 1",
            (gid, gid),
        )
    with pytest.raises(CopyError, match=f"game {gid}: its log does not replay"):
        await copy_database(tmp_path / "bot.sqlite3", postgres_url, game)


async def test_the_copy_keeps_which_order_each_step_came_in(
    tmp_path: Path, postgres_url: str
) -> None:
    """A typed order of three steps, copied: one undo in PostgreSQL takes back all three."""
    path, b = tmp_path / "bot.sqlite3", SEATS[vijayanagara.Faction.B]
    svc = await GameService.open(str(path), FakeRenderer(), seed_source=Seeds())
    try:
        await seated(svc, B_FIRST, "orders")
        assert (await svc.moves.play("orders", b, "command; rally; place 1 amir in gujarat")).ok
        record = await svc.store.open_game("orders")
        assert record is not None
        moves = [a.move for a in await svc.store.actions(record.id)]
    finally:
        await svc.close()
    await copy_database(path, postgres_url, game)
    svc = await GameService.open(postgres_url, FakeRenderer(), seed_source=Seeds())
    try:
        assert [a.move for a in await svc.store.actions(record.id)] == moves
        undone = await svc.moves.undo("orders", b)
        assert undone.ok and "(3 steps)" in undone.public_text, undone.public_text
    finally:
        await svc.close()
