"""Slim state: the text log out of the state (a table of its own), undo without a
copy of the state inside it, sparse snapshots; and games stored before still load."""

from __future__ import annotations

import gzip
import json
import random
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakes import SEATS, FakeRenderer
from hostile import export_of_gives
from playout import play
from service_playout import play_random_orders, play_to_the_end, seat_and_start

from bot.table.pipeline import SNAPSHOT_STEPS, typed_order
from bot.table.registry import game
from bot.table.service import GameService
from db.copy import copy_database
from db.sqlite import SQLiteStore
from rules import vijayanagara
from rules.vijayanagara.game import GAME

FIXTURES = Path(__file__).parent / "fixtures"
STATE_LIMIT = 8 * 1024  # bytes of a state's JSON, at every step
GAME_LIMIT = 150 * 1024  # bytes a finished game stores, all its rows
D = SEATS[vijayanagara.Faction.D]


@pytest.fixture
async def svc(database_url: str) -> AsyncIterator[GameService]:
    s = await GameService.open(database_url, FakeRenderer(), seed_source=lambda: 5)
    yield s
    await s.close()


def test_the_state_json_stays_under_8_kb_at_every_step_of_long_random_games() -> None:
    longest = 0
    for seed in range(4):
        _, actions = play(seed, trade_every=7)  # trades make the log long
        state = vijayanagara.new_game(None)
        for action in actions:
            state = vijayanagara.apply(state, action)
            assert len(state.model_dump_json()) <= STATE_LIMIT
        longest = max(longest, len(actions))
    assert longest > 250


# What a whole game leaves stored is the service's to choose, the same on either backend: on
# SQLite only. The calls it reads through (stored_bytes, log_lines, latest_snapshot) are
# test_db's on both backends, and a whole game of orders is test_service's on both.
@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_a_finished_game_stores_at_most_150_kb_and_its_whole_log(
    svc: GameService,
) -> None:
    gid = (await play_to_the_end(svc, "slim", 11)).id
    assert await svc.store.stored_bytes(gid) <= GAME_LIMIT
    # the log table holds the game's whole text log, as a replay of its actions writes it
    game = await svc.store.get_game(gid)
    actions = [vijayanagara.action_from_json(a.action) for a in await svc.store.actions(gid)]
    dealt_by_seed = not (await svc.store.secret(gid)).secret
    seed = game.seed if dealt_by_seed else None
    _, whole = vijayanagara.replay_with_log(seed, await svc.loader.options_of(game), actions)
    assert await svc.store.log_lines(gid) == whole
    # a few snapshots, each at an undo barrier, not one per hand-off
    seqs = []
    at_most = game.actions
    while (snap := await svc.store.latest_snapshot(gid, at_most=at_most)) is not None:
        assert not vijayanagara.GameState.model_validate_json(snap.state).since_barrier
        seqs.append(snap.seq)
        at_most = snap.seq - 1
    assert len(seqs) <= game.actions // SNAPSHOT_STEPS + 2


async def test_undo_works_after_a_restart_from_the_snapshot_and_the_actions(
    database_url: str,
) -> None:
    first = await GameService.open(database_url, FakeRenderer(), seed_source=lambda: 5)
    channel = "restart"
    await seat_and_start(first, channel, 3)
    # play until the faction on turn could take its step back
    _, state = await play_random_orders(
        first,
        channel,
        random.Random(2),
        stop=lambda state: vijayanagara.can_undo(state) is not None,
    )
    assert state is not None
    await first.close()
    again = await GameService.open(database_url, FakeRenderer(), seed_source=lambda: 5)
    try:
        undoer = vijayanagara.can_undo(state)
        assert undoer is not None
        reply = await again.moves.undo(channel, SEATS[undoer])
        assert reply.ok, reply.text
        log = await again.views.log_lines(channel, 1)
        assert log.text.endswith(f"{undoer} takes back a step.")
        game = await again.store.open_game(channel)
        assert game is not None
        back = await again.loader.state_of(game)
        assert vijayanagara.can_undo(back) is None or back.actions_taken < state.actions_taken
    finally:
        await again.close()


async def test_an_import_stores_its_whole_log(svc: GameService) -> None:
    reply = await svc.transfer.import_game("imported", D, export_of_gives(120))
    assert reply.ok, reply.text
    game = await svc.store.open_game("imported")
    assert game is not None
    lines = await svc.store.log_lines(game.id)
    assert len(lines) > 120 and lines[-1].endswith("(1.5.2).")
    state = await svc.loader.state_of(game)
    assert state.log_at + len(state.log) == len(lines)


# --- games stored before the slim state -----------------------------------------------


def legacy_file(tmp_path: Path) -> Path:
    """The fixture: a game stored by the code before the slim state (SQLite at migration 008),
    mid-turn, its snapshots holding the whole log and a JSON copy of the state for undo. Its
    lone Mongol Command, stored as step 28, is taken unasked since (2.4.1): that step is gone,
    and the later steps, snapshots and lines are as the rules now play them."""
    path = tmp_path / "legacy.sqlite3"
    with gzip.open(FIXTURES / "legacy_game_008.sqlite.gz") as src, path.open("wb") as out:
        shutil.copyfileobj(src, out)
    return path


@pytest.fixture(params=["sqlite", "postgresql"])
async def legacy_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    path = legacy_file(tmp_path)
    if request.param == "sqlite":
        yield str(path)
    else:
        url = await request.getfixturevalue("pg_server").fresh_database()
        await copy_database(path, url, game)  # moving up to PostgreSQL takes them along
        yield url


async def test_a_game_stored_before_loads_shows_its_log_and_undoes(legacy_url: str) -> None:
    expected = json.loads((FIXTURES / "legacy_game_008.json").read_text())
    svc = await GameService.open(legacy_url, FakeRenderer(), seed_source=lambda: 7)
    try:
        channel = "legacy-channel"
        game = await svc.store.open_game(channel)
        assert game is not None and game.actions == expected["actions"]
        assert await svc.store.log_length(game.id) == 0  # its log is still in its states
        state = await svc.loader.state_of(game)
        assert await svc.store.log_lines(game.id) == expected["log"]  # moved out, once
        shown = await svc.views.log_lines(channel, 5)
        # as the channel told it: the log's lines, and a step that wrote none in words
        said = "D picks up 1 Troop in Tamilakam for the Campaign (4.2.2)."
        assert shown.text.endswith("\n".join([*expected["log"][-4:-1], said, expected["log"][-1]]))
        # undo through the barrier its snapshot carries as JSON, as that code undid it
        faction = vijayanagara.can_undo(state)
        assert faction is not None
        reply = await svc.moves.undo(channel, SEATS[faction])
        assert reply.ok, reply.text
        game = await svc.store.open_game(channel)
        assert game is not None
        assert await svc.store.log_lines(game.id) == expected["log_after_undo"]
        back = await svc.loader.state_of(game)
        dumped = json.loads(back.model_dump_json())
        # the old code's state, as this code reads it (its frames became typed frames)
        old = json.loads(
            vijayanagara.GameState.model_validate(
                expected["state_after_undo"]
                | {k: v for k, v in dumped.items() if k not in expected["state_after_undo"]}
            ).model_dump_json()
        )
        # but dealt from now on by a secret its undo took (its seed's outcomes written into its
        # log as chance entries): no dealer in the state, and the chance entries counted
        dealer = {"seed", "rng", "order", "actions_taken"}
        kept = [k for k in expected["state_after_undo"] if k not in dealer]
        assert {k: dumped[k] for k in kept} == {k: old[k] for k in kept}
        assert dumped["rng"] is None and (await svc.store.secret(game.id)).secret
        # and it goes on: the next step appends to the moved log
        action = vijayanagara.legal_actions(back)[0]
        decider = vijayanagara.decider(back)
        assert decider is not None
        order = typed_order(GAME, back, action)
        assert (await svc.moves.play(channel, SEATS[decider], order)).ok
        game = await svc.store.open_game(channel)
        assert game is not None
        lines = await svc.store.log_lines(game.id)
        assert lines[: len(expected["log_after_undo"])] == expected["log_after_undo"]
        after = await svc.loader.state_of(game)
        assert len(lines) == after.log_at + len(after.log) >= len(expected["log_after_undo"])
    finally:
        await svc.close()


async def test_a_game_stored_before_migrates_its_schema(tmp_path: Path) -> None:
    store = await SQLiteStore.open(legacy_file(tmp_path))
    try:
        assert int(await store.pragma("user_version")) >= 9
    finally:
        await store.close()


async def test_a_custom_deck_is_named_by_its_hash_in_the_stored_states(svc: GameService) -> None:
    text = (FIXTURES / "small_deck.yaml").read_text()
    assert (
        await svc.lobby.create("decked", D, seed=3, files={"deck": text}, kind="vijayanagara")
    ).ok
    for f, uid in SEATS.items():
        await svc.lobby.join("decked", uid, f.value)
    assert (await svc.lobby.start("decked", D)).ok
    game = await svc.store.open_game("decked")
    assert game is not None
    snap = await svc.store.latest_snapshot(game.id)
    assert snap is not None and len(snap.state) <= STATE_LIMIT
    stored = vijayanagara.GameState.model_validate_json(snap.state)
    assert stored.options.deck_hash is not None and stored.options.deck_hash in snap.state
    titles = [line.split("title:", 1)[1].strip() for line in text.splitlines() if "title:" in line]
    # at most the card in play is named (its reveal line); the deck itself is not there
    assert len(titles) > 2 and sum(t in snap.state for t in titles) <= 1
