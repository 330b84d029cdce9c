"""In the bot, AI seats play through the same path as people (stored, announced,
reminder jobs as their turns), a person takes a seat back, a restart resumes an AI's turn,
and a hint is private to the player on turn."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from fakes import SEATS, STRANGER, FakeRenderer, Seeds, seeds_of

from bot.table.ai_seats import AI_USERS, AiSeats, worker_pool
from bot.table.service import GameService
from rules import vijayanagara

# the pool and its worker processes are the point here
pytestmark = pytest.mark.usefixtures("ai_in_processes")

CH = "chan-ai"
D, B, V = (
    SEATS[vijayanagara.Faction.D],
    SEATS[vijayanagara.Faction.B],
    SEATS[vijayanagara.Faction.V],
)
SEED = 12


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    """A real worker process, shared by the module's services (each test's service would
    otherwise start one)."""
    with worker_pool(1) as p:
        yield p


async def open_service(url: str, clock: Clock, pool: ProcessPoolExecutor) -> GameService:
    s = await GameService.open(
        url, FakeRenderer(), clock=clock, ai_executor=pool, seed_source=Seeds(SEED)
    )
    s.ai.think_seconds = 0.02  # a small budget for the hard level
    return s


@pytest.fixture
async def svc(database_url: str, pool: ProcessPoolExecutor) -> AsyncIterator[GameService]:
    s = await open_service(database_url, Clock(), pool)
    yield s
    await s.close()


async def state(svc: GameService) -> tuple[int, vijayanagara.GameState]:
    game = await svc.store.open_game(CH) or await svc.store.latest_game(CH)
    assert game is not None
    return game.version, await svc.loader.state_of(game)


async def one_person_two_ais(svc: GameService) -> None:
    r = await svc.lobby.create(CH, D, ai="easy", seat="D", kind="vijayanagara")
    assert r.ok, r.text
    assert "sits as Delhi Sultanate; the easy AI plays Bahmani Kingdom and Vijayanagara" in r.text
    assert r.text.startswith("New game of Vijayanagara")
    assert (await svc.lobby.start(CH, D)).ok


async def test_one_person_and_two_ai_seats_play_a_whole_game(
    tmp_path: Path, pool: ProcessPoolExecutor
) -> None:
    """One backend is enough here (the store is the same code path as any move)."""
    svc = await open_service(str(tmp_path / "whole.sqlite3"), Clock(), pool)
    try:
        await play_a_whole_game(svc)
    finally:
        await svc.close()


async def play_a_whole_game(svc: GameService) -> None:
    await one_person_two_ais(svc)
    r = random.Random(5)
    ai_steps = 0
    for _ in range(5000):
        version, st = await state(svc)
        if st.game_over:
            break
        seat = vijayanagara.prompt(st).faction
        # what the terminal asks before it lets the AIs play: whether an AI's step is due
        assert await svc.ai.due(await svc.store.open_game(CH)) == (seat != vijayanagara.Faction.D)
        if seat == vijayanagara.Faction.D:
            a = r.choice(vijayanagara.legal_actions(st))
            order = vijayanagara.describe(st, a) + (
                "; confirm" if vijayanagara.idle_note(st, a) else ""
            )
            reply = await svc.moves.play(CH, D, order, expected_version=version)
        else:
            reply = await svc.ai.move(CH)
            assert reply is not None
            ai_steps += 1
            assert reply.announcement is not None  # owed to the channel like a person's
            assert not any(u < 0 for u in reply.mentions)  # an AI is never pinged
        assert reply.ok, reply.text
    else:
        raise AssertionError("the game did not end")
    game = await svc.store.latest_game(CH)
    assert game is not None and game.status == "finished"
    assert not await svc.ai.due(game) and not await svc.ai.due(None)
    assert ai_steps > 50
    stored = await svc.store.actions(game.id)
    assert {a.user_id for a in stored if a.faction in ("B", "V")} == {AI_USERS["easy"]}


async def test_an_ai_turn_is_a_job_due_at_its_pace_and_a_restart_resumes_it(
    database_url: str, pool: ProcessPoolExecutor
) -> None:
    clock = Clock()
    svc = await open_service(database_url, clock, pool)
    assert (await svc.lobby.create(CH, D, kind="vijayanagara")).ok
    for f in vijayanagara.PLAYERS:
        assert (await svc.ai.seat(CH, D, f.value, "easy", pace=5)).ok
    # all three seats AI: a spectators' game, slowed to the all-AI pace
    assert "a step every 20 s" in (await svc.ai.seat(CH, D, "B", "hard")).text
    assert (await svc.lobby.start(CH, D)).ok
    version, _ = await state(svc)
    job = await svc.store.reminder(1)
    assert job is not None and job.user_id < 0 and job.due_at == clock.now + 20
    await svc.close()  # the bot stops before the AI moved

    clock.now += 3600
    svc = await open_service(database_url, clock, pool)
    try:
        assert await svc.club.due_reminders() == []  # nothing to post: the AI moves instead
        task = svc.ai.moving[1]
        await task
        after, _ = await state(svc)
        assert after > version
        stored = await svc.store.actions(1)
        assert stored[-1].user_id in AI_USERS.values() or stored[-1].faction is None
        job = await svc.store.reminder(1)
        assert job is not None and job.due_at > clock.now  # the next step, one pace later
    finally:
        await svc.close()


async def test_who_may_seat_an_ai_and_a_person_takes_the_seat_back(svc: GameService) -> None:
    assert (await svc.lobby.create(CH, D, kind="vijayanagara")).ok
    assert (await svc.lobby.join(CH, B, "B")).ok
    refused = await svc.ai.seat(CH, STRANGER, "V", "hard")
    assert not refused.ok and "creator, a seated player" in refused.text
    assert (await svc.ai.seat(CH, STRANGER, "V", "easy", is_manager=True)).ok
    r = await svc.ai.seat(CH, B, "V", "hard")
    assert r.ok and "Vijayanagara Empire is played by the hard AI (was the easy AI)" in r.text
    bad = await svc.ai.seat(CH, B, "V", "grandmaster")
    assert not bad.ok and "'grandmaster' is not an AI level: choose easy or hard" in bad.text
    slow = await svc.ai.seat(CH, B, "V", "easy", pace=0.1)
    assert not slow.ok and "1 to 600 seconds" in slow.text
    assert (await svc.ai.seat(CH, B, "D", "easy")).ok  # the creator's free seat
    back = await svc.lobby.join(CH, V, "V")
    assert back.ok, back.text
    game = await svc.store.open_game(CH)
    assert game is not None and game.seats == {"D": AI_USERS["easy"], "B": B, "V": V}
    taken = await svc.lobby.join(CH, D, "B")
    assert not taken.ok and "taken" in taken.text  # a person's seat is not taken that way


async def test_a_hint_is_private_and_only_for_the_player_on_turn(svc: GameService) -> None:
    await _seated_and_started(svc)
    svc.ai.hint_seconds = 0.05
    _, st = await state(svc)
    on_turn = SEATS[vijayanagara.decider(st) or vijayanagara.Faction.D]
    other = next(u for u in SEATS.values() if u != on_turn)
    refused = await svc.ai.hint(CH, other)
    assert not refused.ok and "whose decision it is" in refused.text
    h = await svc.ai.hint(CH, on_turn)
    assert h.ok and h.ephemeral and h.announcement is None
    assert (
        f"Suggested turn for {vijayanagara.FACTION_NAMES[vijayanagara.decider(st) or vijayanagara.Faction.D]}"
        in h.text
    )
    assert "Play this turn" in h.text and [b.label for b in h.buttons] == ["Play this turn"]
    _, again = await state(svc)
    assert again.actions_taken == st.actions_taken  # a hint changes nothing


async def _seated_and_started(svc: GameService) -> None:
    """A seeded game with a person in every seat, started."""
    seeds_of(svc).next = SEED
    assert (await svc.lobby.create(CH, D, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    assert (await svc.lobby.start(CH, D)).ok


async def test_a_hints_whole_turn_is_legal_and_played_by_one_press(svc: GameService) -> None:
    """The hint proposes every step up to the next hand-off; one press of Play this turn
    plays them all, as one order, and the seat's decision is over."""
    await _seated_and_started(svc)
    svc.ai.hint_seconds = 0.3
    version, st = await state(svc)
    seat = vijayanagara.decider(st)
    assert seat is not None
    h = await svc.ai.hint(CH, SEATS[seat])
    order = h.text.split("`")[1]  # the suggested turn, as the summary's first line gives it
    # legal as a whole: each step is allowed where it comes, and it ends at a hand-off
    after = st.clone()
    for action in vijayanagara.parse(after, order, giver=seat):
        assert action in vijayanagara.legal_actions(after), (order, action)
        after = vijayanagara.apply(after, action)
    assert (
        after.game_over
        or vijayanagara.chance(after) is not None
        or vijayanagara.decider(after) != seat
    )
    played = await svc.press(CH, SEATS[seat], h.buttons[0].custom_id)
    assert played.ok, played.text
    now, st2 = await state(svc)
    assert now == version + 1  # one order, stored as one change
    assert st2.actions_taken >= after.actions_taken  # every step of it (then any dealt chance)
    again = await svc.press(CH, SEATS[seat], h.buttons[0].custom_id)
    assert not again.ok  # one press, once: the hint is spent and the game has moved


async def test_a_hint_is_refused_once_the_game_has_moved(svc: GameService) -> None:
    await _seated_and_started(svc)
    svc.ai.hint_seconds = 0.05
    _, st = await state(svc)
    seat = vijayanagara.decider(st)
    assert seat is not None
    h = await svc.ai.hint(CH, SEATS[seat])
    assert (await svc.moves.play(CH, SEATS[seat], "pass")).ok  # the player moves another way
    moved, _ = await state(svc)
    refused = await svc.press(CH, SEATS[seat], h.buttons[0].custom_id)
    assert not refused.ok and "moved on since that hint was made" in refused.text, refused.text
    assert (
        "again for one from where it stands now" in refused.text and "version" not in refused.text
    )
    assert (await state(svc))[0] == moved  # the refused press changed nothing


async def test_an_ai_seats_pace_is_kept_with_the_game_across_a_restart(
    database_url: str, pool: ProcessPoolExecutor
) -> None:
    """`/vj ai pace:` is stored with the game (migration 010): after a restart the AI's next
    step is still due at that pace, and setting the people's pace keeps it."""
    clock = Clock()
    svc = await open_service(database_url, clock, pool)
    assert (await svc.lobby.create(CH, D, kind="vijayanagara")).ok
    assert (await svc.lobby.join(CH, D, "D")).ok
    assert (await svc.ai.seat(CH, D, "B", "easy", pace=7)).ok
    assert "a step every 9 s" in (await svc.ai.seat(CH, D, "V", "easy", pace=9)).text
    await svc.close()

    svc = await open_service(database_url, clock, pool)
    try:
        assert (await svc.club.pace(CH, D, hours=2)).ok  # the people's pace: the AI's stays
        assert (await svc.lobby.start(CH, D)).ok  # B (an AI) decides first on this deal
        job = await svc.store.reminder(1)
        assert job is not None and job.user_id < 0 and job.due_at == clock.now + 9
        stored = await svc.store.pace(1)
        assert stored is not None and stored.ai_seconds == 9 and stored.seconds == 7200
    finally:
        await svc.close()


async def test_the_service_facade_builds_and_wires_the_ai_seats(tmp_path: Path) -> None:
    svc = await GameService.open(str(tmp_path / "a.sqlite3"), FakeRenderer(), seed_source=Seeds())
    try:
        assert isinstance(svc.ai, AiSeats) and svc.ai.shared.pipeline is svc.pipeline
        assert svc.reminders.ai_pace == svc.ai.pace.pace_of  # an AI's turn comes at its pace
        assert svc.club.start_ai == svc.ai.start  # a due AI turn is the AI seats' to play
    finally:
        await svc.close()
