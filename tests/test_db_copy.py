"""Moving up: `python -m bot.table.copy_db` copies every game from a SQLite file into
PostgreSQL, and each replays there to the state it had; the bot carries on from the copy."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fakes import SEATS, FakeRenderer, Seeds
from table_helpers import choices, on_turn, run
from test_records import finished
from test_service import B_FIRST, current, play_random, seated

from bot.table.registry import game
from bot.table.service import GameService
from db import GameRecord, ServerSettings
from db.copy import AnyGame, CopyError, copy_database
from rules import vijayanagara

ROOT = Path(__file__).resolve().parent.parent
DECK = Path(__file__).parent / "fixtures" / "small_deck.yaml"
D = SEATS[vijayanagara.Faction.D]


async def a_bots_sqlite_file(path: Path) -> dict[str, tuple[int, str]]:
    """Games in every state, a custom deck, a server's settings and an announcement still
    owed; returns each open channel's (version, state JSON)."""
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
        out = {}
        for ch in ("playing", "decked"):
            version, state = await current(svc, ch)
            out[ch] = (version, state.model_dump_json())
        return out
    finally:
        await svc.close()


async def test_every_game_is_copied_and_replays_to_the_same_state(
    tmp_path: Path, postgres_url: str
) -> None:
    before = await a_bots_sqlite_file(tmp_path / "bot.sqlite3")
    source = await GameService.open(
        str(tmp_path / "bot.sqlite3"), FakeRenderer(), seed_source=Seeds()
    )
    owed_before = [
        (o.game_id, o.version, o.text) for o, _ in await source.outbox.owed(limit=10_000, grace=0)
    ]
    ids = {ch: (await source.store.latest_game(ch)).id for ch in ("playing", "aborted", "decked")}  # type: ignore[union-attr]
    waits = (await source.store.reminder(ids["playing"]), await source.store.pace(ids["playing"]))
    prefs = await source.store.user_prefs(D)
    records = await source.store.results()
    await source.close()

    report = await copy_database(tmp_path / "bot.sqlite3", postgres_url, game)
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
        # the bot carries on in PostgreSQL: moves, and new games get new ids
        await play_random(svc, 3, seed=2, channel="playing")
        await seated(svc, 5, "new")
        assert (await svc.store.latest_game("new")).id > max(ids.values())  # type: ignore[union-attr]
    finally:
        await svc.close()


async def test_the_copy_goes_only_into_an_empty_database(tmp_path: Path, postgres_url: str) -> None:
    await a_bots_sqlite_file(tmp_path / "bot.sqlite3")
    await copy_database(tmp_path / "bot.sqlite3", postgres_url, game)
    with pytest.raises(CopyError, match="already has games"):
        await copy_database(tmp_path / "bot.sqlite3", postgres_url, game)
    with pytest.raises(CopyError, match="no SQLite database"):
        await copy_database(tmp_path / "missing.sqlite3", postgres_url, game)


async def test_the_copy_command(tmp_path: Path, postgres_url: str) -> None:
    await a_bots_sqlite_file(tmp_path / "bot.sqlite3")
    done = subprocess.run(
        [sys.executable, "-m", "bot.table.copy_db", str(tmp_path / "bot.sqlite3"), postgres_url],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "copied 4 game(s)" in done.stdout and "same state" in done.stdout
    again = subprocess.run(
        [sys.executable, "-m", "bot.table.copy_db", str(tmp_path / "bot.sqlite3"), postgres_url],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert again.returncode == 1 and "empty database" in again.stderr
    wrong = subprocess.run(
        [sys.executable, "-m", "bot.table.copy_db", str(tmp_path / "bot.sqlite3"), "mysql://x"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert wrong.returncode == 2 and "postgresql://" in wrong.stderr


async def test_a_copy_that_lost_a_move_is_caught(
    tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import db.copy

    real = db.copy._rows

    def losing_the_last_action(*args: Any) -> Iterator[list[tuple[Any, ...]]]:
        for batch in real(*args):
            yield batch[:-1] if args[1] == "actions" else batch

    monkeypatch.setattr(db.copy, "_rows", losing_the_last_action)
    await a_bots_sqlite_file(tmp_path / "bot.sqlite3")
    with pytest.raises(CopyError, match="differs after the copy"):
        await copy_database(tmp_path / "bot.sqlite3", postgres_url, game)


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
