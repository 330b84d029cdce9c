"""A game stored waiting for a chance step that nothing deals any more (stored by rules that
dealt it later: a Rajas purchase stored before the stack's new top was shown) is not stuck: the
table deals it from the game's secret, stores it with its announcement, and pings whoever
decides next; an order that came meanwhile is not played on the position its sender has not
seen, and is asked for again."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fakes import FakeRenderer, Seeds

from bot.discord.front_end import DISCORD
from bot.table.ai_users import AI_USERS
from bot.table.service import GameService
from db import NewAction
from rules.rajas import GAME, RajasOptions
from rules.rajas.notation import describe

CH = "chan-pending"
RED, YELLOW = 501, 502
FIXTURE = Path(__file__).parent / "fixtures" / "rajas_log_revealed_late.json"
STORED = json.loads(FIXTURE.read_text())
BUY = 18  # the log up to yellow's quarry purchase, before the tile bought is placed
SHOWN = "the new top tile of the orange snake stack"


THINKING = ThreadPoolExecutor(1)  # the AI thinks in a thread: no process for a random level


async def opened(url: str) -> GameService:
    return await GameService.open(url, FakeRenderer(), seed_source=Seeds(3), ai_executor=THINKING)


@pytest.fixture
async def svc(database_url: str) -> AsyncIterator[GameService]:
    s = await opened(database_url)
    yield s
    await s.close()


async def stored_after_the_purchase(svc: GameService, yellow: int = YELLOW) -> int:
    """The game as the earlier version stored it right after the purchase: the log up to it,
    each seat's step under its seat, and a reminder for the buyer (whose step it was)."""
    seats = {"red": RED, "yellow": yellow}
    game = await svc.store.create_game(
        CH, 0, {}, RED, secret=bytes(32).hex(), seats=seats, kind="rajas"
    )
    game = await svc.store.update_game(game.id, game.version, status="active")
    s, entries = GAME.new_game(RajasOptions(), ("red", "yellow")), []
    for raw in STORED["log"][:BUY]:
        seat = GAME.to_move(s)
        user = None if seat is None else seats[seat]
        entries.append(NewAction(action=raw, faction=seat, user_id=user))
        s = GAME.apply(s, GAME.action_from_json(json.dumps(raw)))
    assert GAME.chance(s) == SHOWN and GAME.to_move(s) is None
    plan = await svc.reminders.plan(game, yellow)
    await svc.store.append_actions(game.id, game.version, entries, reminder=plan)
    return game.id


def the_tile_placed(state: object) -> str:
    """The placement the earlier version stored next, as typed on the revealed position."""
    action = GAME.action_from_json(json.dumps(STORED["log"][BUY]))
    return describe(GAME.view(state, None), action)  # type: ignore[arg-type]


async def test_an_order_to_a_game_stored_before_its_reveal_gets_the_reveal_and_is_asked_again(
    svc: GameService,
) -> None:
    game_id = await stored_after_the_purchase(svc)
    before = await svc.store.get_game(game_id)
    reply = await svc.moves.play(CH, YELLOW, "end")
    assert reply.ok and reply.announcement == (game_id, before.version + 1)
    assert "The orange snake stack shows orange 6" in reply.text  # what was revealed
    assert f"{SHOWN[0].upper()}{SHOWN[1:]} was revealed first" in reply.text
    assert "Not played: `end`: send it again now that it is seen" in (reply.text)
    assert "Not played: `end`" in (reply.receipt or "")  # not "Played" to its sender
    assert reply.mentions == [YELLOW]  # the decision is theirs again, now on what they see
    stored = await svc.store.actions(game_id)
    assert len(stored) == BUY + 1 and stored[-1].faction is None  # the reveal alone
    assert stored[-1].action["kind"] == "reveal"
    owed = await svc.store.owed_announcements(10, 0.0, ignore_backoff=True)
    assert [o.text for o in owed if o.version == before.version + 1] == [reply.text]
    # the game plays on from the revealed position
    record = await svc.store.get_game(game_id)
    state = await svc.loader.state_of(record)
    assert GAME.chance(state) is None and GAME.to_move(state) == "yellow"  # type: ignore[arg-type]
    played = await svc.moves.play(CH, YELLOW, the_tile_placed(state))
    assert played.ok and "✓ Played" in (played.receipt or "")
    assert len(await svc.store.actions(game_id)) == BUY + 2


async def test_a_game_stored_before_its_reveal_loads_after_a_restart_and_its_ai_deals_it(
    database_url: str,
) -> None:
    yellow = AI_USERS["random"]
    svc = await opened(database_url)
    try:
        game_id = await stored_after_the_purchase(svc, yellow)
    finally:
        await svc.close()
    svc = await opened(database_url)  # a restart: the game loads from the database
    try:
        reply = await svc.ai.move(CH)  # the AI seat's job comes due: the reveal first
        assert reply is not None and "The orange snake stack shows" in reply.text
        assert SHOWN in reply.text and "Not played" not in reply.text
        stored = await svc.store.actions(game_id)
        assert len(stored) == BUY + 1 and stored[-1].action["kind"] == "reveal"
        job = await svc.store.reminder(game_id)
        assert job is not None and job.user_id == yellow  # its step is the next job
        later = await svc.ai.move(CH)
        assert later is not None and len(await svc.store.actions(game_id)) > BUY + 1
    finally:
        await svc.close()


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def test_a_reminder_due_on_a_game_stored_before_its_reveal_deals_it_instead(
    database_url: str,
) -> None:
    """Nobody writes after a restart: the buyer's reminder comes due, and the reveal goes
    out (through the outbox, pinging the buyer) instead of a reminder of a wait nobody can
    end."""
    clock = Clock()
    svc = await GameService.open(database_url, FakeRenderer(), seed_source=Seeds(3), clock=clock)
    try:
        game_id = await stored_after_the_purchase(svc)
        clock.now += 7 * 24 * 3600
        assert await svc.club.due_reminders() == []
        stored = await svc.store.actions(game_id)
        assert len(stored) == BUY + 1 and stored[-1].action["kind"] == "reveal"
        owed = await svc.outbox.owed(ignore_backoff=True)
        assert len(owed) == 1 and "The orange snake stack shows" in owed[0][1].text
        assert owed[0][1].mentions == [YELLOW]
        job = await svc.store.reminder(game_id)
        assert job is not None and job.user_id == YELLOW and job.due_at > clock.now
    finally:
        await svc.close()


@pytest.mark.parametrize(
    ("pressed", "told"),
    [
        ("a0", "Not played: the button you pressed; choose again now that it is seen"),
        ("undo", "Not played: `/rg undo`: send it again now that it is seen"),
        (None, "Not played: `/rg undo`: send it again now that it is seen"),  # typed
    ],
)
async def test_a_button_or_undo_before_a_stored_reveal_is_told_as_discord_names_it(
    migrated_sqlite_path: Path, pressed: str | None, told: str
) -> None:
    svc = await GameService.open(
        str(migrated_sqlite_path),
        FakeRenderer(),
        seed_source=Seeds(3),
        ai_executor=THINKING,
        front=DISCORD,
    )
    try:
        game_id = await stored_after_the_purchase(svc)
        version = (await svc.store.get_game(game_id)).version
        reply = await (
            svc.moves.undo(CH, YELLOW)
            if pressed is None
            else svc.moves.press(CH, YELLOW, f"vj:{game_id}:{version}:{pressed}")
        )
        assert reply.ok and reply.announcement == (game_id, version + 1)  # the reveal alone
        assert told in reply.text and told in (reply.receipt or "")
        assert "`the button you pressed`" not in reply.text and "`undo`" not in reply.text
    finally:
        await svc.close()
