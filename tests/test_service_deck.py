"""Another deck through the bot: a game created with another deck file plays with that deck."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakes import SEATS, FakeRenderer

from bot.table.service import GameService
from bot.terminal.local import amain
from rules import vijayanagara
from rules.vijayanagara.cards import deck_key

CH = "chan-deck"
FIXTURE = Path(__file__).parent / "fixtures" / "small_deck.yaml"


@pytest.fixture
async def svc(database_url: str) -> AsyncIterator[GameService]:
    """Each service test runs against each backend (conftest.database_url)."""
    s = await GameService.open(database_url, FakeRenderer())
    yield s
    await s.close()


async def test_a_game_created_with_a_deck_file_plays_its_cards(svc: GameService) -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    created = await svc.lobby.create(
        CH, SEATS[vijayanagara.Faction.D], seed=3, files={"deck": text}, kind="vijayanagara"
    )
    assert created.ok and "deck file" in created.text
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    assert (await svc.lobby.start(CH, SEATS[vijayanagara.Faction.D])).ok
    game = await svc.store.open_game(CH)
    assert game is not None
    state = await svc.loader.state_of(game)
    assert state.options.deck_hash == deck_key(text)
    assert text not in state.model_dump_json()  # the file is stored once, not in every state
    assert await svc.store.deck_text(deck_key(text)) == text
    custom = vijayanagara.cards.deck_for(state.options)
    assert state.current_card in custom.cards
    assert vijayanagara.cards_left(state) == 34
    # card lookups in this channel use the game's deck
    reply = await svc.views.card_in(CH, "Border Levies", kind="vijayanagara")
    assert reply.ok and "Border Levies" in reply.text


async def test_a_bad_deck_file_is_refused_with_the_card_and_field(svc: GameService) -> None:
    bad = FIXTURE.read_text(encoding="utf-8").replace(
        "faction: D\n        add: 2", "faction: Q\n        add: 2", 1
    )
    reply = await svc.lobby.create(
        CH, SEATS[vijayanagara.Faction.D], files={"deck": bad}, kind="vijayanagara"
    )
    assert not reply.ok
    assert "101" in reply.text and "faction" in reply.text
    assert await svc.store.open_game(CH) is None


async def test_the_terminal_client_takes_a_deck_file(tmp_path: Path) -> None:
    out = io.StringIO()
    await amain(
        [
            "--db",
            str(tmp_path / "t.sqlite3"),
            "--boards",
            str(tmp_path / "b"),
            "--seed",
            "2",
            "--deck",
            str(FIXTURE),
        ],
        lines=["status", "quit"],
        out=out,
        renderer=FakeRenderer(),
    )
    assert "deck file" in out.getvalue()
