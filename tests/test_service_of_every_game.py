"""Games on the Game protocol through the one service (here the Goat-Tiger game, and Taj Mahal
for hidden hands) on a real SQLite file: lobby, turns, refusals, undo, AI seats, what the
public sees, a player's hand, export and verify."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fakes import FakeRenderer
from table_helpers import choices, on_turn, open_game, run

from bot.discord.front_end import DISCORD
from bot.table.commands import commands, find
from bot.table.moves import MAX_ORDER_CHARS
from bot.table.registry import game
from bot.table.service import GameService
from bot.table.verify import check
from rules.capabilities import notation_of, talk_of, turns_of
from rules.taj_mahal import View

CH = "500"
ALICE, BOB, CAROL = 11, 12, 13
GT, TM = "goat_tiger", "taj_mahal"


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(
        str(tmp_path / "tables.sqlite3"),
        FakeRenderer(),
        clock=lambda: 1000.0,
        ai_executor=ThreadPoolExecutor(1),
        front=DISCORD,  # what it says is checked as Discord shows it
    )
    s.ai.think_seconds = 0.02
    s.ai.hint_seconds = 0.05  # a hint's search: enough for a legal suggestion, not a good one
    yield s
    await s.close()


async def test_a_whole_goat_tiger_game_between_two_people(service: GameService) -> None:
    r = await run(service, CH, ALICE, "create", GT, seat="goats")
    assert r.ok and r.announcement is not None
    r = await run(service, CH, BOB, "join", GT)
    assert "Tigers" in r.text
    r = await run(service, CH, ALICE, "start", GT)
    assert r.ok and "The game begins" in r.text and r.mentions == [ALICE]
    assert "commitment" not in r.text  # nothing is dealt: no secret to commit to
    assert r.buttons  # the Goats' first placements are few enough... or not
    moves = 0
    while (turn := await on_turn(service, CH)) is not None:
        _, user = turn
        offered = await choices(service, CH, user, GT)
        assert offered
        # nothing is hidden: the other player is offered the same steps, but may not play them
        assert await choices(service, CH, ALICE + BOB - user, GT) == offered
        r = await run(service, CH, user, "play", GT, order=offered[-1])
        assert r.ok, r.text
        moves += 1
        assert moves < 500
    record = await service.store.latest_game(CH)
    assert record is not None and record.status == "finished" and record.kind == GT
    assert "The game is over" in r.text
    (res,) = await service.store.results(channel_id=CH)
    assert {s.faction for s in res.seats} == {"goats", "tigers"}
    v = await run(service, CH, ALICE, "verify", GT, club=True)
    assert "log holds no deal" in v.text and "nothing its secret dealt to check" in v.text
    e = await run(service, CH, ALICE, "export", GT)
    assert e.file is not None
    data = json.loads(e.file.data)
    assert data["game"] == GT and data["format"] == "board-game"
    assert len([a for a in data["actions"] if "secret_deals_from_here" not in a]) == moves
    status, said = check(e.file.data)
    assert status == 2 and "nothing to check" in said, said  # nothing to prove: not "verified"


async def test_refusals_change_nothing(service: GameService) -> None:
    await run(service, CH, ALICE, "create", GT, seat="goats")
    r = await run(service, CH, ALICE, "join", GT, side="goats")
    assert not r.ok and "already" in r.text
    r = await run(service, CH, CAROL, "join", GT, side="goats")
    assert not r.ok and "taken" in r.text
    r = await run(service, CH, CAROL, "join", GT, side="lions")
    assert not r.ok and "not a side" in r.text
    r = await run(service, CH, ALICE, "start", GT)
    assert not r.ok and "both sides seated" in r.text
    r = await run(service, CH, CAROL, "create", GT)
    assert not r.ok and "already has a game" in r.text
    r = await run(service, CH, CAROL, "create", TM)
    assert not r.ok
    r = await run(service, CH, ALICE, "status", TM)
    assert not r.ok and "use `/gt`, not `/tm`" in r.text
    await run(service, CH, BOB, "join", GT)
    before = await service.store.open_game(CH)
    assert before is not None
    r = await run(service, CH, BOB, "ai", GT, side="goats", level="easy")
    assert not r.ok and f"Goats is <@{ALICE}>'s seat" in r.text and "Manage Server" in r.text
    await run(service, CH, ALICE, "start", GT)
    r = await run(service, CH, BOB, "play", GT, order="place 1")
    assert not r.ok and f"it is not your turn. Goats (<@{ALICE}>) must decide" in r.text
    r = await run(service, CH, ALICE, "play", GT, order="nonsense here")
    assert not r.ok
    r = await run(service, CH, ALICE, "play", GT, order="x" * (MAX_ORDER_CHARS + 1))
    assert not r.ok and f"at most {MAX_ORDER_CHARS}" in r.text
    r = await run(service, CH, ALICE, "undo", GT)
    assert not r.ok and "`/gt undo`: nothing to undo" in r.text  # as it is typed on Discord
    r = await run(service, CH, CAROL, "hint", GT)
    assert not r.ok and "A hint is for the player whose decision it is now" in r.text
    after = await service.store.get_game(before.id)
    assert after.version == before.version + 1  # only the start was stored


async def test_an_old_button_is_refused(service: GameService) -> None:
    await run(service, CH, ALICE, "create", GT, seat="goats")
    await run(service, CH, BOB, "join", GT)
    r = await run(service, CH, ALICE, "start", GT)
    assert r.buttons
    offered = await choices(service, CH, ALICE, GT)
    assert (await run(service, CH, ALICE, "play", GT, order=offered[0])).ok
    stale = await service.press(CH, ALICE, r.buttons[0].custom_id)
    assert not stale.ok and "moved on since" in stale.text and "nothing was played" in stale.text


async def test_a_person_against_the_computer(service: GameService) -> None:
    await run(service, CH, ALICE, "create", GT, seat="tigers")
    r = await run(service, CH, ALICE, "ai", GT, side="goats", level="easy")
    assert r.ok, r.text
    start = await run(service, CH, ALICE, "start", GT)
    assert start.ok and start.mentions == []  # the Goats (the AI) move first: nobody pinged
    moved = await service.ai.move(CH)  # the Goats' (AI) first placement
    assert moved is not None and moved.mentions == [ALICE]
    h = await run(service, CH, ALICE, "hint", GT)
    assert h.ephemeral and h.buttons and h.buttons[0].label == "Play this turn"


async def test_taj_mahal_hands_stay_hidden_from_the_public(service: GameService) -> None:
    await run(service, CH, ALICE, "create", TM)
    await run(service, CH, ALICE, "join", TM, seat="blue")
    await run(service, CH, BOB, "join", TM, seat="orange")
    await run(service, CH, ALICE, "ai", TM, seat="brown", level="greedy")
    start = await run(service, CH, ALICE, "start", TM)
    assert start.ok, start.text
    found = await open_game(service, CH)
    assert found is not None
    _, state = found
    g = game(TM)
    assert g.hidden(state, None)  # hands are dealt
    e = await run(service, CH, ALICE, "export", TM)  # its deals would tell every hand
    assert not e.ok and e.file is None and "hands secret while it runs" in e.text
    # legal actions of a hidden hand never go on a public message
    assert [b.label for b in start.buttons] in ([], ["My hand"])
    assert "Your hand" not in start.text
    b = await run(service, CH, ALICE, "board", TM)
    assert b.image
    status = await run(service, CH, BOB, "status", TM)
    assert "Visit 1 of 12" in status.text and "Blue: 0 points, 6 cards in hand" in status.text
    assert "Your hand" not in status.text


def test_every_command_has_a_description() -> None:
    for kind in (GT, TM):
        names = {c.name for c in commands(kind)}
        assert names >= {
            "create", "join", "leave", "start", "play", "undo", "status", "board", "log",
            "export", "hint", "rules", "ai", "verify",
        }  # fmt: skip
        assert all(c.description and c.help for c in commands(kind))
    assert find(TM, "hand") is not None  # a game of hidden hands has one; the other none
    assert find(GT, "hand") is None


async def test_the_creator_ends_a_game_without_a_result(service: GameService) -> None:
    await run(service, CH, ALICE, "create", GT, seat="goats")
    await run(service, CH, BOB, "join", GT)
    await run(service, CH, ALICE, "start", GT)
    r = await run(service, CH, BOB, "abort", GT)
    assert not r.ok and "Manage Server" in r.text
    r = await run(service, CH, ALICE, "abort", GT)
    assert r.ok and "without a result" in r.text
    assert await service.store.open_game(CH) is None
    r = await run(service, CH, BOB, "create", GT)  # the channel is free again
    assert r.ok


async def test_an_ended_games_export_verifies_and_a_changed_deal_does_not(
    service: GameService,
) -> None:
    await run(service, CH, ALICE, "create", TM, seat="blue")
    await run(service, CH, ALICE, "ai", TM, seat="orange", level="greedy")
    await run(service, CH, ALICE, "ai", TM, seat="brown", level="greedy")
    start = await run(service, CH, ALICE, "start", TM)
    record = await service.store.open_game(CH)
    assert record is not None
    posted = start.text.split("commitment is `")[1].split("`")[0]
    v = await run(service, CH, ALICE, "verify", TM, club=True)  # the game runs: no secret
    assert f"SHA-256 of `{record.id}|0|` and the secret" in v.text and posted in v.text
    await run(service, CH, ALICE, "abort", TM)
    e = await run(service, CH, ALICE, "export", TM)
    assert e.file is not None
    raw = e.file.data
    status, said = check(raw, posted)
    assert status == 0 and " from the secret" in said, said
    assert check(raw, "0" * 64)[0] == 1
    data = json.loads(raw)
    dealt = [i for i, a in enumerate(data["actions"]) if "action" in a and a["faction"] is None]
    assert dealt
    first = data["actions"][dealt[0]]
    others = [data["actions"][i] for i in dealt[1:] if data["actions"][i] != first]
    if others:  # another deal's outcome put in its place
        data["actions"][dealt[0]] = others[0]
        assert check(json.dumps(data, indent=1).encode())[0] == 1


async def test_a_player_sees_their_hand_only_in_answers_to_them_and_plays_from_it(
    service: GameService,
) -> None:
    """Taj Mahal (Preparation: hands are kept secret): `hand` (or the My hand button) answers
    the caller alone with every card of their hand, what they must decide, and on their turn
    their steps as buttons that play them; a stale press is refused."""
    await run(service, CH, ALICE, "create", TM, seat="blue")
    await run(service, CH, ALICE, "join", TM, seat="blue")
    await run(service, CH, BOB, "join", TM, seat="orange")
    await run(service, CH, CAROL, "join", TM, seat="brown")
    start = await run(service, CH, ALICE, "start", TM)
    assert [b.label for b in start.buttons] == ["My hand"]
    found = await open_game(service, CH)
    assert found is not None
    record, state = found
    g = game(TM)
    assert g.to_move(state) == "blue"
    mine = g.view(state, "blue")
    assert isinstance(mine, View)
    h = await run(service, CH, ALICE, "hand", TM)
    assert h.ephemeral and h.text.startswith(f"**Your view (Blue (<@{ALICE}>))**")
    assert talk_of(g).private_summary(mine) in h.text and "Your hand (6 cards):" in h.text
    for k in set(mine.hand):  # every card, by its symbols, under its colour
        kind = mine.state.cards.kinds[k]
        symbols = "+".join(
            w for w, n in zip(("vizier", "general", "monk", "princess", "mogul", "elephant"),
                              kind.counts, strict=True) for _ in range(n)
        )  # fmt: skip
        assert f"- {kind.colour.capitalize()}: " in h.text and symbols in h.text
    assert talk_of(g).private_summary(mine) not in start.text
    legal = g.legal_actions(state)
    assert [b.label for b in h.buttons] == [notation_of(g).describe(mine, a) for a in legal][:25]
    assert all(b.custom_id.startswith(f"vj:{record.id}:{record.version}:") for b in h.buttons)
    # the press plays the step; the same press again, or any button of that answer, is stale
    pressed = next(b for b in h.buttons if b.label.startswith("play "))
    played = await service.press(CH, ALICE, pressed.custom_id)
    assert played.announcement is not None and f"• Blue: {pressed.label}" in played.public_text
    stale = await service.press(CH, ALICE, h.buttons[-1].custom_id)
    assert not stale.ok and "moved on since" in stale.text
    # out of turn: the hand, that it waits, and no button; the My hand button too
    h2 = await service.press(CH, ALICE, start.buttons[0].custom_id)
    assert h2.ephemeral and "Your hand" in h2.text and h2.buttons == []
    assert "waiting for Orange" in h2.text
    v = await run(service, CH, BOB, "hand", TM)
    assert v.ephemeral and f"**Your view (Orange (<@{BOB}>))**" in v.text and v.buttons
    r = await run(service, CH, 99, "hand", TM)
    assert not r.ok and "no seat" in r.text


async def test_a_game_with_nothing_hidden_keeps_its_steps_on_the_public_message(
    service: GameService,
) -> None:
    await run(service, CH, ALICE, "create", GT, seat="goats")
    await run(service, CH, BOB, "join", GT)
    start = await run(service, CH, ALICE, "start", GT)
    assert start.buttons and all(b.label != "My hand" for b in start.buttons)
    assert find(GT, "hand") is None  # nothing of it is hidden: no hand to show


async def test_a_taj_mahal_player_takes_back_a_withdrawals_steps_and_never_a_deal(
    service: GameService,
) -> None:
    """Undo on the one service for a game whose state keeps no history: a palace placed in a
    withdrawal is taken back (by the command, or typed as an order), the state is as before
    it, and what was dealt stays dealt."""
    g = game(TM)
    assert (await service.lobby.create(CH, ALICE, kind=TM, seat="blue")).ok
    await run(service, CH, BOB, "join", TM, seat="orange")
    await run(service, CH, CAROL, "join", TM, seat="brown")
    assert (await run(service, CH, ALICE, "start", TM)).ok
    undone = 0
    for _ in range(400):
        turn = await on_turn(service, CH)
        if turn is None or undone >= 2:
            break
        _, user = turn
        found = await open_game(service, CH)
        assert found is not None
        before = g.state_to_json(found[1])
        offered = await choices(service, CH, user, TM)
        plays = [o for o in offered if "play" in o]
        r = await run(service, CH, user, "play", TM, order=(plays or offered)[0])
        assert r.ok, r.text
        found = await open_game(service, CH)
        assert found is not None
        if turns_of(g).undo(found[1]) is None:
            refused = await run(service, CH, user, "undo", TM)
            assert not refused.ok and "nothing to undo" in refused.text
            continue
        if undone == 0:
            back = await run(service, CH, user, "undo", TM)
        else:
            back = await run(service, CH, user, "play", TM, order="undo")
        assert back.ok, back.text
        assert "✓ Played: `/tm undo`" in (back.receipt or ""), back.receipt  # as typed on Discord
        undone += 1
        found = await open_game(service, CH)
        assert found is not None and g.state_to_json(found[1]) == before
        assert await choices(service, CH, user, TM)  # the seat decides again
    assert undone == 2


async def test_an_aborted_games_status_asks_nobody_to_decide(service: GameService) -> None:
    await run(service, CH, ALICE, "create", GT, seat="goats")
    await run(service, CH, BOB, "join", GT)
    assert (await run(service, CH, ALICE, "start", GT)).ok
    assert (await run(service, CH, ALICE, "abort", GT)).ok
    status = await service.views.status(CH, kind=GT)
    assert "was ended without a result" in status.text
    assert "Next:" not in status.text and not status.buttons, status.text
