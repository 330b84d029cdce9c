"""One game's search never delays another game's moves. The AI thinks in a pool of
at least two worker processes (AI_WORKERS), one search per game at a time; a search beyond
the pool waits for a free worker, and people's moves never wait for any of them."""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import sys
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

import pytest
from ai_gate import gated_think, log_lines, open_gate, until_started
from fakes import SEATS, FakeRenderer
from pydantic import ValidationError
from service_playout import play_random_orders, seat_and_start

from bot.discord.settings import Settings
from bot.table import ai_seats
from bot.table.ai_seats import default_workers
from bot.table.service import GameService
from rules import vijayanagara

# the pool and its worker processes are the point here
pytestmark = pytest.mark.usefixtures("ai_in_processes")

D = SEATS[vijayanagara.Faction.D]


def test_the_pool_has_a_worker_per_core_but_one_and_never_fewer_than_two() -> None:
    assert [default_workers(n) for n in (None, 0, 1, 2, 3, 8)][1:] == [2, 2, 2, 2, 7]
    assert default_workers() >= 2


def test_ai_workers_is_read_from_the_environment_and_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("AI_WORKERS", "3")
    assert Settings().ai_workers == 3
    monkeypatch.setenv("AI_WORKERS", "1")
    with pytest.raises(ValidationError, match="AI_WORKERS must be between 2 and 64, not 1"):
        Settings()
    monkeypatch.delenv("AI_WORKERS")
    assert Settings().ai_workers is None  # from the cores


async def test_the_facade_builds_the_ai_seats_with_the_pool_size_it_is_given(
    tmp_path: Path,
) -> None:
    svc = await GameService.open(str(tmp_path / "a.sqlite3"), FakeRenderer(), ai_workers=3)
    try:
        assert svc.ai.workers == 3
    finally:
        await svc.close()
    with pytest.raises(ValueError, match="the AI needs 2 to 64 worker processes, not 1"):
        await GameService.open(str(tmp_path / "b.sqlite3"), FakeRenderer(), ai_workers=1)


async def test_a_pool_given_to_the_ai_seats_stays_open_for_its_owner(tmp_path: Path) -> None:
    """The AI seats shut down the pool they made, never one they were given."""
    from concurrent.futures import ThreadPoolExecutor

    svc = await GameService.open(str(tmp_path / "a.sqlite3"), FakeRenderer())
    try:
        with ThreadPoolExecutor(max_workers=1) as pool:
            given = await GameService.open(
                str(tmp_path / "b.sqlite3"), FakeRenderer(), ai_executor=pool
            )
            await given.close()
            assert pool.submit(sum, [1, 2]).result() == 3
    finally:
        await svc.close()


@pytest.fixture
async def gated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[GameService]:
    """A service whose AI searches wait at the gate, with a pool of two workers."""
    monkeypatch.setattr(ai_seats, "think", partial(gated_think, tmp_path))
    svc = await GameService.open(str(tmp_path / "pool.sqlite3"), FakeRenderer(), ai_workers=2)
    svc.ai.think_seconds = 0.02
    yield svc
    open_gate(tmp_path)  # (a failed test leaves no worker waiting)
    await svc.close()


async def on_an_ai_turn(svc: GameService, channel: str) -> int:
    """A game of one person (D) and two easy AIs, played until an AI is on turn; its id."""
    assert (
        await svc.lobby.create(channel, D, seed=len(channel), ai="easy", kind="vijayanagara")
    ).ok
    assert (await svc.lobby.start(channel, D)).ok
    _, state = await play_random_orders(
        svc,
        channel,
        random.Random(1),
        stop=lambda st: vijayanagara.decider(st) != vijayanagara.Faction.D,
    )
    assert state is not None
    game = await svc.store.open_game(channel)
    assert game is not None
    return game.id


def game_of(line: str) -> int:
    """The game a `start <game id>:<actions>` line of the gate's log names."""
    return int(line.split()[1].split(":")[0])


async def test_two_games_ai_turns_think_at_once_and_a_third_waits_without_holding_up_people(
    gated: GameService, tmp_path: Path
) -> None:
    svc = gated
    games = [await on_an_ai_turn(svc, ch) for ch in ("g1", "g2", "g3")]
    await seat_and_start(svc, "people", 7)  # a game of people only
    moves = [asyncio.create_task(svc.ai.move(ch)) for ch in ("g1", "g2", "g3")]
    started = await until_started(tmp_path, 2)  # two workers busy together
    # meanwhile people play: a whole turn's worth of orders, none waiting for the AI
    replies, _ = await play_random_orders(
        svc, "people", random.Random(3), stop=lambda st: st.actions_taken >= 10
    )
    assert replies and all(r.ok for r in replies)
    assert log_lines(tmp_path) == started  # the third still waits for a free worker
    open_gate(tmp_path)
    done = await asyncio.gather(*moves)
    assert all(r is not None and r.ok for r in done)
    log = log_lines(tmp_path)
    assert log[2] == "open" and len(log) == 4
    assert {game_of(line) for line in log[:2] + log[3:]} == set(games)


async def test_one_game_never_has_two_searches_at_once(gated: GameService, tmp_path: Path) -> None:
    svc = gated
    first, second = await on_an_ai_turn(svc, "g1"), await on_an_ai_turn(svc, "g2")
    moves = [asyncio.create_task(svc.ai.move(ch)) for ch in ("g1", "g1", "g2")]
    started = await until_started(tmp_path, 2)  # both workers busy: g1 once, and g2
    assert sorted(game_of(line) for line in started) == [first, second]
    open_gate(tmp_path)
    await asyncio.gather(*moves)
    after = log_lines(tmp_path)[3:]  # g1's second call searched only after its first
    assert all(game_of(line) == first for line in after)


async def test_the_bot_starts_every_worker_before_a_hint_needs_one(tmp_path: Path) -> None:
    """A pool starts at its first call, seconds on a busy machine: the bot warms it at its
    start, so the first hint's 3 s are the search's."""
    svc = await GameService.open(str(tmp_path / "warm.sqlite3"), FakeRenderer(), ai_workers=2)
    try:
        before = {p.pid for p in multiprocessing.active_children()}
        await svc.ai.warm()
        started = {p.pid for p in multiprocessing.active_children()} - before
        assert len(started) == 2
    finally:
        await svc.close()


async def test_a_pool_a_killed_worker_broke_is_replaced_and_the_ai_moves(tmp_path: Path) -> None:
    """A worker process killed (by an out-of-memory killer, a person's kill) breaks its
    pool: the AI's next step is thought in a new pool, in the bot as in the terminal."""
    svc = await GameService.open(str(tmp_path / "kill.sqlite3"), FakeRenderer(), ai_workers=2)
    svc.ai.think_seconds = 0.02
    try:
        await on_an_ai_turn(svc, "g1")
        await svc.ai.warm()
        broken = svc.ai.executor
        assert isinstance(broken, ProcessPoolExecutor)
        worker = next(iter(broken._processes.values()))  # (no public list of its workers)
        worker.kill()
        worker.join()
        reply = await svc.ai.move("g1")
        assert reply is not None and reply.ok, reply
        assert svc.ai.executor is not broken
    finally:
        await svc.close()


def test_the_worker_server_imports_what_the_program_is_made_of_but_never_its_main() -> None:
    """Each worker runs the program's main module again: the server that forks them imports
    first the modules its functions come from, so a worker starts with a fork alone."""
    import types

    from bot.terminal import local

    script = types.ModuleType("__main__")  # a console script: `from ... import main`
    script.main = local.main  # type: ignore[attr-defined]
    script.sys = sys  # type: ignore[attr-defined]
    assert ai_seats.program_modules(script) == ["bot.terminal.local"]
    run_as_m = types.ModuleType("__main__")  # `python -m bot.terminal.local`
    run_as_m.__spec__ = local.__spec__
    run_as_m.amain = local.amain  # type: ignore[attr-defined]  # (its own, as __main__'s)
    run_as_m.hosted = local.hosted  # type: ignore[attr-defined]
    assert ai_seats.program_modules(run_as_m) == ["bot.table.registry"]
