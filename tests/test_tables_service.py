"""The tables: a game on the Game protocol (here the Goat-Tiger game, and Taj Mahal for hidden
hands) through the service on a real SQLite file: lobby, turns, refusals, undo, AI seats,
what the public sees, export and verify."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bot.tables import Call, TableService, run_command
from bot.tables.commands import COMMANDS

from db import SQLiteStore

CH = "500"
ALICE, BOB, CAROL = 11, 12, 13


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    store = await SQLiteStore.open(tmp_path / "tables.sqlite3")
    yield TableService(store, clock=lambda: 1000.0)
    await store.close()


async def run(s: TableService, user: int, name: str, kind: str = "goat_tiger", **args: object):  # type: ignore[no-untyped-def]
    return await run_command(s, name, Call(CH, user, kind, args))  # type: ignore[arg-type]


async def test_a_whole_goat_tiger_game_between_two_people(service: TableService) -> None:
    (r,) = await run(service, ALICE, "create", seat="goats")
    assert r.ok and r.announcement is not None
    (r,) = await run(service, BOB, "join")
    assert "Tigers" in r.text
    (r,) = await run(service, ALICE, "start")
    assert r.ok and "SHA-256" in r.text and r.mentions == [ALICE]
    assert r.buttons  # the Goats' first placements are few enough... or not
    moves = 0
    while True:
        table = await service.games.open(CH)
        if table is None:
            break
        seat = table.to_move()
        user = table.user_of(seat)  # type: ignore[arg-type]
        choices = await service.choices(CH, user, "goat_tiger", "")  # type: ignore[arg-type]
        assert choices
        assert await service.choices(CH, ALICE + BOB - user, "goat_tiger", "") == []  # type: ignore[operator]
        (r,) = await run(service, user, "play", order=choices[-1])  # type: ignore[arg-type]
        assert r.ok, r.text
        moves += 1
        assert moves < 500
    record = await service.store.latest_game(CH)
    assert record is not None and record.status == "finished" and record.kind == "goat_tiger"
    assert "Game over" in r.text
    (res,) = await service.store.results(channel_id=CH)
    assert {s.faction for s in res.seats} == {"goats", "tigers"} or len(res.seats) == 2
    (v,) = await run(service, ALICE, "verify")
    assert "holds no deal, so there is nothing to check" in v.text  # the game deals nothing
    (e,) = await run(service, ALICE, "export")
    data = json.loads(e.file.data)  # type: ignore[union-attr]
    assert data["game"] == "goat_tiger" and len(data["log"]) == moves
    from bot.verify import check

    status, said = check(e.file.data)  # type: ignore[union-attr]
    assert status == 2 and "holds no deal" in said, said  # nothing to prove: not "verified"


async def test_refusals_change_nothing(service: TableService) -> None:
    await run(service, ALICE, "create", seat="goats")
    (r,) = await run(service, ALICE, "join")
    assert not r.ok and "already" in r.text
    (r,) = await run(service, CAROL, "join", seat="goats")
    assert not r.ok and "taken" in r.text
    (r,) = await run(service, CAROL, "join", seat="lions")
    assert not r.ok and "No seat" in r.text
    (r,) = await run(service, ALICE, "start")
    assert not r.ok and "2 to 2" in r.text
    (r,) = await run(service, CAROL, "create")
    assert not r.ok and "has a game" in r.text
    (r,) = await run(service, CAROL, "create", kind="taj_mahal")
    assert not r.ok
    (r,) = await run(service, ALICE, "status", kind="taj_mahal")
    assert (not r.ok and "not Taj Mahal" in r.text) or "Goat" in r.text
    await run(service, BOB, "join")
    before = await service.store.get_game((await service.store.open_game(CH)).id)  # type: ignore[union-attr]
    (r,) = await run(service, BOB, "ai", seat="goats")
    assert not r.ok and f"Goats is <@{ALICE}>'s seat" in r.text and "Manage Server" in r.text
    await run(service, ALICE, "start")
    (r,) = await run(service, BOB, "play", order="a1")
    assert not r.ok and "not your turn" in r.text
    (r,) = await run(service, ALICE, "play", order="nonsense here")
    assert not r.ok
    (r,) = await run(service, ALICE, "play", order="x" * 600)
    assert not r.ok and "at most" in r.text
    (r,) = await run(service, ALICE, "undo")
    assert not r.ok and "Nothing" in r.text
    (r,) = await run(service, CAROL, "hint")
    assert not r.ok and "no seat" in r.text
    after = await service.store.get_game(before.id)
    assert after.version == before.version + 1  # only the start was stored


async def test_an_old_button_is_refused(service: TableService) -> None:
    await run(service, ALICE, "create", seat="goats")
    await run(service, BOB, "join")
    (r,) = await run(service, ALICE, "start")
    table = await service.games.open(CH)
    assert table is not None
    choices = await service.choices(CH, ALICE, "goat_tiger", "")
    await run(service, ALICE, "play", order=choices[0])
    with pytest.raises(ValueError, match="earlier turn"):
        await service.press(
            CH,
            ALICE,
            r.buttons[0].custom_id
            if r.buttons
            else f"tb:goat_tiger:{table.id}:{table.record.version}:0",
        )


async def test_a_person_against_the_computer(service: TableService) -> None:
    await run(service, ALICE, "create", seat="tigers")
    (r,) = await run(service, ALICE, "ai", seat="goats", level="random")
    assert r.ok
    replies = await run(service, ALICE, "start")
    assert len(replies) == 2  # the start, then the Goats' (AI) first placement
    assert replies[1].mentions == [ALICE]
    (h,) = await run(service, ALICE, "hint")
    assert h.ephemeral and "would play" in h.text


async def test_taj_mahal_hands_stay_hidden_from_the_public(service: TableService) -> None:
    await run(service, ALICE, "create", kind="taj_mahal", seat=None)
    table = await service.games.open(CH)
    assert table is not None
    seats = table.info.seats
    await run(service, ALICE, "join", kind="taj_mahal", seat=seats[0])
    await run(service, BOB, "join", kind="taj_mahal", seat=seats[1])
    await run(service, ALICE, "ai", kind="taj_mahal", seat=seats[2])
    replies = await run(service, ALICE, "start", kind="taj_mahal")
    assert all(r.ok for r in replies), replies[0].text
    table = await service.games.open(CH)
    assert table is not None
    g = table.game
    hidden = g.hidden(table.state, None)
    assert hidden  # hands are dealt
    (e,) = await run(service, ALICE, "export", kind="taj_mahal")
    exported = e.file.data.decode()  # type: ignore[union-attr]
    assert "secret" not in json.loads(exported)
    assert "public_view" in json.loads(exported)
    for r in replies:  # legal actions of a hidden hand never go on a public message
        assert [b.label for b in r.buttons] in ([], ["My hand"])
        assert "Your hand" not in r.text
    (b,) = await run(service, ALICE, "board", kind="taj_mahal")
    assert b.image


def test_every_command_has_a_description() -> None:
    assert {c.name for c in COMMANDS} >= {
        "create", "join", "leave", "start", "play", "undo", "status", "board", "log",
        "export", "hint", "rules", "ai", "hand", "verify",
    }  # fmt: skip
    assert all(c.description for c in COMMANDS)


async def test_the_creator_ends_a_game_without_a_result(service: TableService) -> None:
    await run(service, ALICE, "create", seat="goats")
    await run(service, BOB, "join")
    await run(service, ALICE, "start")
    (r,) = await run(service, BOB, "abort")
    assert not r.ok and "creator" in r.text
    (r,) = await run(service, ALICE, "abort")
    assert r.ok and "without a result" in r.text
    assert await service.store.open_game(CH) is None
    (r,) = await run(service, BOB, "create")  # the channel is free again
    assert r.ok


async def test_an_ended_games_export_verifies_and_a_changed_deal_does_not(
    service: TableService,
) -> None:
    from bot.verify import check

    await run(service, ALICE, "create", kind="taj_mahal")
    table = await service.games.open(CH)
    assert table is not None
    first, second, third = table.info.seats[:3]
    await run(service, ALICE, "join", kind="taj_mahal", seat=first)
    await run(service, ALICE, "ai", kind="taj_mahal", seat=second, level=None)
    await run(service, ALICE, "ai", kind="taj_mahal", seat=third, level=None)
    replies = await run(service, ALICE, "start", kind="taj_mahal")
    posted = replies[0].text.split(") is `")[1].split("`")[0]
    assert f"the SHA-256 of `{table.id}|0|` and the secret" in replies[0].text
    (e,) = await run(service, ALICE, "export", kind="taj_mahal")
    assert b"secret" not in e.file.data  # type: ignore[union-attr]  (the game runs)
    assert check(e.file.data)[0] == 2  # type: ignore[union-attr]
    await run(service, ALICE, "abort", kind="taj_mahal")
    (e,) = await run(service, ALICE, "export", kind="taj_mahal")
    raw = e.file.data  # type: ignore[union-attr]
    status, said = check(raw, posted)
    assert status == 0 and "deal(s) follow from the secret" in said, said
    assert check(raw, "0" * 64)[0] == 1
    data = json.loads(raw)
    dealt = next(i for i, entry in enumerate(data["log"]) if "chance" in entry)
    others = [entry for entry in data["log"] if "chance" in entry and entry != data["log"][dealt]]
    if others:  # another deal's outcome put in its place
        data["log"][dealt] = others[0]
        assert check(json.dumps(data, indent=1).encode())[0] == 1


async def test_a_player_sees_their_hand_only_in_answers_to_them_and_plays_from_it(
    service: TableService,
) -> None:
    """Taj Mahal (Preparation: hands are kept secret): `hand` (or the My hand button, or
    `view`) answers the caller alone with every card of their hand, what they must decide,
    and on their turn their steps as buttons that play them; a stale press is refused."""
    await run(service, ALICE, "create", kind="taj_mahal", seat="blue")
    await run(service, BOB, "join", kind="taj_mahal", seat="orange")
    await run(service, CAROL, "join", kind="taj_mahal", seat="brown")
    (start,) = await run(service, ALICE, "start", kind="taj_mahal")
    assert [b.label for b in start.buttons] == ["My hand"]
    table = await service.games.open(CH)
    assert table is not None and table.to_move() == "blue"
    g = table.game
    mine = g.view(table.state, "blue")
    (h,) = await run(service, ALICE, "hand", kind="taj_mahal")
    assert h.ephemeral and h.text.startswith("**Blue**, for you alone:")
    assert g.private_summary(mine) in h.text and "Your hand (6 cards):" in h.text
    for k in set(mine.hand):  # every card, by its symbols, under its colour
        kind = mine.state.cards.kinds[k]
        symbols = "+".join(
            w for w, n in zip(("vizier", "general", "monk", "princess", "mogul", "elephant"),
                              kind.counts, strict=True) for _ in range(n)
        )  # fmt: skip
        assert f"- {kind.colour.capitalize()}: " in h.text and symbols in h.text
    assert g.private_summary(mine) not in start.text
    legal = g.legal_actions(table.state)
    assert [b.label for b in h.buttons] == [g.describe(mine, a) for a in legal][:25]
    assert all(b.custom_id.startswith(f"tb:taj_mahal:{table.id}:{table.record.version}:")
               for b in h.buttons)  # fmt: skip
    # the press plays the step; the same press again, or any button of that answer, is stale
    pressed = next(b for b in h.buttons if b.label.startswith("play "))
    (played,) = await service.press(CH, ALICE, pressed.custom_id)
    assert played.announcement is not None and f"Blue (<@{ALICE}>): {pressed.label}" in (
        played.close_text or played.text
    )
    with pytest.raises(ValueError, match="earlier turn"):
        await service.press(CH, ALICE, h.buttons[-1].custom_id)
    # out of turn: the hand, that it waits, and no button; the My hand button and `view` too
    (h2,) = await service.press(CH, ALICE, start.buttons[0].custom_id)
    assert h2.ephemeral and "Your hand" in h2.text and h2.buttons == []
    assert "waiting for Orange" in h2.text
    (v,) = await run(service, BOB, "view", kind="taj_mahal")
    assert v.ephemeral and "**Orange**, for you alone:" in v.text and v.buttons
    (r,) = await run(service, 99, "hand", kind="taj_mahal")
    assert not r.ok and "no seat" in r.text


async def test_a_game_with_nothing_hidden_keeps_its_steps_on_the_public_message(
    service: TableService,
) -> None:
    await run(service, ALICE, "create", seat="goats")
    await run(service, BOB, "join")
    (start,) = await run(service, ALICE, "start")
    assert start.buttons and all(b.label != "My hand" for b in start.buttons)
    (h,) = await run(service, ALICE, "hand")
    assert h.ephemeral and "Nothing of" in h.text and "is hidden" in h.text
