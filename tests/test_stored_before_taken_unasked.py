"""A game stored before the rules took a decision unasked (a lone Mongol Command, 2.4.1) holds
that decision as a stored step of its own, right after the step that now takes it: replayed
with today's rules it is skipped, so the game is not lost. Its database is copied, its log
and replay shown, it is exported, imported and verified, and it loads as it was played."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from fakes import FakeRenderer, Seeds
from test_service import B_FIRST, D, play_random, seated

from bot.table.registry import game
from bot.table.service import GameService
from db.copy import copy_database
from rules import vijayanagara
from rules.capabilities import StoredSteps, orders_of, with_later

CH = "old-game"
G = game("vijayanagara")


def taken_unasked(rows: list[tuple[int, str]]) -> tuple[int, vijayanagara.Action] | None:
    """The first stored step (seq, action JSON) that took a decision unasked, with it."""
    state = vijayanagara.new_game(None)
    for seq, raw in rows:
        action = G.action_from_json(raw)
        after = G.apply(state, action)
        unasked = orders_of(G).taken_unasked(after)
        if unasked:
            return seq, unasked[0][0]
        state = after
    return None


async def a_played_game(path: Path) -> tuple[int, int, vijayanagara.Action]:
    """A bot game dealt by a secret, played with random orders until one of its steps took a
    decision unasked and a step more, then aborted (an ended game: its replay, its secret):
    the game's id, that step's seq and the decision it took."""
    svc = await GameService.open(str(path), FakeRenderer(), seed_source=Seeds())
    try:
        await seated(svc, B_FIRST, CH)
        for k in range(100):
            await play_random(svc, 1, seed=k, channel=CH)
            record = await svc.store.latest_game(CH)
            assert record is not None
            rows = [(a.seq, json.dumps(a.action)) for a in await svc.store.actions(record.id)]
            found = taken_unasked(rows)
            if found is not None and found[0] < len(rows):
                assert (await svc.lobby.abort(CH, D)).ok
                return record.id, *found
        raise AssertionError("no decision was taken unasked")
    finally:
        await svc.close()


def cut_short(path: Path, game_id: int, after: int) -> None:
    """The game's log ends before its first deal after step `after` (a deal is keyed by its
    place in the log, which the inserted step moves), its text log and snapshots with it."""
    with closing(sqlite3.connect(path)) as db, db:
        deal = db.execute(
            "SELECT min(seq) FROM actions WHERE game_id = ? AND seq > ? AND faction IS NULL",
            (game_id, after),
        ).fetchone()[0]
        if deal is not None:
            db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, deal))
        rows = db.execute(
            "SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        state = vijayanagara.replay(None, None, [G.action_from_json(a) for _, a in rows])
        told = state.log_at + len(state.log)
        db.execute("DELETE FROM log_lines WHERE game_id = ? AND n >= ?", (game_id, told))
        db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq >= ?", (game_id, after))


def stored_before(path: Path, game_id: int, after: int, decision: vijayanagara.Action) -> None:
    """The game as stored before the rules took `decision` unasked: a step of its own right
    after step `after`, played by the seat that plays the next one (later steps move on)."""
    with closing(sqlite3.connect(path)) as db, db:
        later = db.execute(
            "SELECT seq, action, faction, user_id, created_at, move FROM actions "
            "WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after),
        ).fetchall()
        db.execute("DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, after))
        _, _, faction, user, created, move = later[0]
        forced = (after + 1, G.action_to_json(decision), faction, user, created, move)
        moved = [
            (s + 1, a, f, u, c, m + 1 if m is not None and m > after else m)
            for s, a, f, u, c, m in later
        ]
        db.executemany(
            "INSERT INTO actions (game_id, seq, action, faction, user_id, created_at, move) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(game_id, *row) for row in [forced, *moved]],
        )


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, int]:
    """The game as played (its log cut short before a deal) and as stored before: the same
    file with the decision taken unasked as a step of its own; and the game's id."""
    folder = tmp_path_factory.mktemp("stored-before")
    played, before = folder / "played.sqlite3", folder / "before.sqlite3"
    game_id, seq, decision = asyncio.run(a_played_game(played))
    cut_short(played, game_id, seq)
    shutil.copyfile(played, before)
    stored_before(before, game_id, seq, decision)
    return played, before, game_id


def copied(path: Path, tmp_path: Path) -> str:
    out = tmp_path / path.name
    shutil.copyfile(path, out)
    return str(out)


async def test_a_game_stored_before_a_decision_was_taken_unasked_is_copied_to_postgresql(
    games: tuple[Path, Path, int], tmp_path: Path, postgres_url: str
) -> None:
    report = await copy_database(copied(games[1], tmp_path), postgres_url, game)
    assert report.games == 1


async def test_a_game_stored_before_a_decision_was_taken_unasked_loads_as_played(
    games: tuple[Path, Path, int], tmp_path: Path
) -> None:
    states = []
    for path in games[:2]:
        svc = await GameService.open(copied(path, tmp_path), FakeRenderer(), seed_source=Seeds())
        try:
            states.append(await svc.loader.state_of(await svc.store.get_game(games[2])))
        finally:
            await svc.close()
    assert states[1].model_dump_json() == states[0].model_dump_json()


async def shown(path: str, game_id: int) -> tuple[str, list[str]]:
    """The game's log and its replay's lines (what they told, its step count aside)."""
    svc = await GameService.open(path, FakeRenderer(), seed_source=Seeds())
    try:
        log = await svc.views.log_lines(CH, 60)
        replay = await svc.club.replay(CH, game_id)
        assert log.ok and replay.ok, (log.text, replay.text)
        return log.text, replay.text.split("\n")[1:]
    finally:
        await svc.close()


async def test_a_game_stored_before_a_decision_was_taken_unasked_shows_its_log_and_replay(
    games: tuple[Path, Path, int], tmp_path: Path
) -> None:
    played, before, game_id = games
    as_played = await shown(copied(played, tmp_path), game_id)
    assert await shown(copied(before, tmp_path), game_id) == as_played


async def test_a_game_stored_before_a_decision_was_taken_unasked_exports_imports_verifies(
    games: tuple[Path, Path, int], tmp_path: Path
) -> None:
    svc = await GameService.open(copied(games[1], tmp_path), FakeRenderer(), seed_source=Seeds())
    try:
        verified = await svc.transfer.verify(CH)
        assert verified.ok and "follow from the secret" in verified.text, verified.text
        exported = await svc.transfer.export(CH)
        assert exported.file is not None, exported.text
        played = await svc.loader.state_of(await svc.store.get_game(games[2]))
        imported = await svc.transfer.import_game("elsewhere", D, exported.file.data)
        assert imported.ok, imported.text
        record = await svc.store.open_game("elsewhere")
        assert record is not None
        state = await svc.loader.state_of(record)
        assert state.model_dump_json() == played.model_dump_json()
    finally:
        await svc.close()


def a_log_with_a_plunder_space_taken_unasked() -> tuple[list[vijayanagara.Action], int]:
    """A seeded game's first steps, played at random, and the index of the step after which
    the Mongols' only Plunder space is taken unasked (3.5.3), no longer legal after it."""
    r, state = random.Random(2), vijayanagara.new_game(2)
    log: list[vijayanagara.Action] = []
    taken = None
    while taken is None or len(log) < taken + 10:
        action = r.choice(vijayanagara.legal_actions(state))
        after = vijayanagara.apply(state, action)
        unasked = orders_of(G).taken_unasked(after)
        if taken is None and unasked and not legal(after, unasked[0][0]):
            taken = len(log)
        log.append(action)
        state = after
    return log, taken


def replayed(log: list[vijayanagara.Action]) -> tuple[vijayanagara.GameState, list[int]]:
    """The state the stored steps replay to, and the steps skipped."""
    state, steps, skipped = vijayanagara.new_game(2), StoredSteps(G), []
    for i, (action, later) in enumerate(with_later(log)):
        after = steps.take(state, action, later)
        if after is None:
            skipped.append(i)
        state = state if after is None else after
    return state, skipped


def test_a_decision_stored_before_it_was_taken_unasked_is_skipped_and_nothing_else() -> None:
    log, taken = a_log_with_a_plunder_space_taken_unasked()
    state = vijayanagara.new_game(2)
    for action in log[: taken + 1]:
        state = vijayanagara.apply(state, action)
    forced = state.unasked[0][0]
    with pytest.raises(ValueError):  # no longer legal once taken
        vijayanagara.apply(state, forced)
    played, skipped = replayed(log)
    assert skipped == []  # a log stored since: every step played
    stored, skipped = replayed([*log[: taken + 1], forced, *log[taken + 1 :]])
    assert skipped == [taken + 1]
    assert stored.model_dump_json() == played.model_dump_json()
    # not legal, and not taken unasked by the step before it: refused as ever
    assert not legal(vijayanagara.new_game(2), forced)
    with pytest.raises(ValueError):
        replayed([forced, *log])


def legal(state: vijayanagara.GameState, action: vijayanagara.Action) -> bool:
    return action in vijayanagara.legal_actions(state)
