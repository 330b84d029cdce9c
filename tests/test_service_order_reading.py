"""The service reads an order once: ambiguous steps come back with a menu of what they could
mean, and the shortcuts build their steps as actions."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakes import SEATS, FakeRenderer, Seeds

from bot.table.service import GameService
from rules import vijayanagara

CH = "reading"
D, B, V = (
    SEATS[vijayanagara.Faction.D],
    SEATS[vijayanagara.Faction.B],
    SEATS[vijayanagara.Faction.V],
)


@pytest.fixture
async def svc(migrated_sqlite_path: Path) -> AsyncIterator[GameService]:
    """On a SQLite file only: reading an order is the service's, and an order's database
    calls are those test_service checks on both backends."""
    # B decides first, on card 23
    s = await GameService.open(str(migrated_sqlite_path), FakeRenderer(), seed_source=Seeds(12))
    assert (await s.lobby.create(CH, D, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await s.lobby.join(CH, uid, f.value)).ok
    assert (await s.lobby.start(CH, D)).ok
    yield s
    await s.close()


async def log_of(svc: GameService) -> list[str]:
    game = await svc.store.open_game(CH)
    assert game is not None
    return await svc.store.log_lines(game.id)


async def test_an_ambiguous_step_names_its_step_and_offers_whole_orders(svc: GameService) -> None:
    reply = await svc.moves.play(CH, B, "command; rally; place 1 amir in ma; done")
    assert not reply.ok
    assert reply.text.startswith("Step 3 (`place 1 amir in ma`) is ambiguous")
    assert reply.menu is not None
    # only the readings allowed after `command; rally` (not Malwa)
    assert [label for label, _ in reply.menu.options] == [
        f"place 1 amir in {s}" for s in ("madhyadesh", "maharashtra")
    ]
    picked = await svc.press(CH, B, reply.menu.custom_id, ["1"])
    assert picked.ok, picked.text
    assert picked.receipt is not None and "`place 1 amir in maharashtra`; `done`" in picked.receipt
    assert "B Rallies 1 Amir in Maharashtra." in await log_of(svc)


async def test_when_the_steps_before_are_refused_every_reading_is_offered(
    svc: GameService,
) -> None:
    # March is not a Bahmani Command: the position after it cannot be seen, so nothing is
    # filtered (playing a pick then says why it is refused)
    reply = await svc.moves.play(CH, B, "march; select ma")
    assert not reply.ok and reply.menu is not None
    assert len(reply.menu.options) == 3


async def test_at_the_first_step_only_readings_allowed_now_are_offered(svc: GameService) -> None:
    reply = await svc.moves.play(CH, B, "select ma")  # no space is selected at the Sequence of Play
    assert not reply.ok and "is ambiguous" in reply.text
    assert reply.menu is None and "pick one below" not in reply.text


async def test_a_menu_of_an_older_position_plays_nothing(svc: GameService) -> None:
    reply = await svc.moves.play(CH, B, "command; rally; place 1 amir in ma")
    assert reply.menu is not None
    assert (await svc.moves.play(CH, B, "pass")).ok
    stale = await svc.press(CH, B, reply.menu.custom_id, ["0"])
    assert not stale.ok and "moved on since" in stale.text
    again = await svc.press(CH, B, reply.menu.custom_id, ["0"])
    assert not again.ok and "no longer have" in again.text


async def test_a_bad_pick_is_refused(svc: GameService) -> None:
    reply = await svc.moves.play(CH, B, "command; rally; place 1 amir in ma")
    assert reply.menu is not None
    bad = await svc.press(CH, B, reply.menu.custom_id, ["7"])
    assert not bad.ok and "not one of the menu's" in bad.text


async def test_the_command_shortcut_adds_the_command_option_when_needed(svc: GameService) -> None:
    reply = await svc.moves.shortcut(CH, B, "command", arg="rally")
    assert reply.ok, reply.text
    assert reply.receipt == "✓ Played: `command`; `rally`"
    reply = await svc.moves.shortcut(CH, B, "done")
    assert reply.ok, reply.text


async def test_a_shortcut_without_a_choice_says_what_is_allowed(svc: GameService) -> None:
    reply = await svc.moves.shortcut(CH, B, "decree")
    assert not reply.ok and reply.text.startswith("Say which one. Allowed now:")
    unknown = await svc.moves.shortcut(CH, B, "frobnicate")
    assert not unknown.ok and "Unknown shortcut" in unknown.text
