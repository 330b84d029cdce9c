"""`undo` takes back what its sender sent, as they sent it: the last order whole (every step
one command, typed line or button press stored), or `undo N` single steps; never past a die
roll, a card draw or a hand-off, and the reply says where it stopped. Through the service on
both backends, discord.py with Discord faked at the wire, and the terminal."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_env import B, Env, running_bot
from fakes import SEATS, FakeRenderer, Seeds
from old_schema import postgresql_before, sqlite_before
from pg_server import PgServer

from bot.table.pipeline import typed_order
from bot.table.service import GameService
from bot.terminal.local import amain, text_command
from rules import vijayanagara
from rules.capabilities import turns_of
from rules.vijayanagara.game import GAME

CH = "undo"
D = SEATS[vijayanagara.Faction.D]
MARCH = "command; march; move 2 troop from delhi to malwa"  # Delhi's first turn, seed 7
RALLY = "command; rally; place 1 amir in gujarat; place 1 amir in gondwana"  # Bahmani's, 12


@pytest.fixture
async def svc(database_url: str) -> AsyncIterator[GameService]:
    # a game without a seed of its own is dealt by the secret of 12: Bahmani decides first
    s = await GameService.open(
        database_url, FakeRenderer(), seed_source=Seeds(12), guard_repeats=False
    )
    yield s
    await s.close()


async def seated(svc: GameService, seed: int | None = 7) -> None:
    """A game of three people, dealt by `seed` (7: Delhi decides first; None: the
    service's secret)."""
    assert (await svc.lobby.create(CH, D, seed=seed, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    assert (await svc.lobby.start(CH, D)).ok


async def played(svc: GameService, channel: str = CH) -> int:
    """How many steps stand, as the status counts them ("3 steps played")."""
    head = (await svc.views.status(channel)).text.split("\n", 1)[0]
    found = re.search(r"(\d+) steps? played", head)
    assert found is not None, head
    return int(found.group(1))


async def test_one_undo_takes_back_a_typed_order_of_several_steps_whole(
    svc: GameService,
) -> None:
    await seated(svc)
    assert (await svc.moves.play(CH, D, MARCH)).ok
    assert await played(svc) == 3
    undone = await svc.moves.undo(CH, D)
    assert undone.ok, undone.text
    assert await played(svc) == 0
    assert (
        "Delhi Sultanate takes back: command; march; move 2 troop from delhi to malwa (3 steps)"
        in undone.public_text
    ), undone.public_text
    assert "note" not in undone.public_text  # all of it: nothing stopped it
    assert undone.public_text.count("takes back") == 1  # the order's line, not each step's
    # the three undo steps are stored as one order
    record = await svc.store.open_game(CH)
    assert record is not None
    moves = [a.move for a in await svc.store.actions(record.id)]
    assert moves[-3:] == [moves[-3]] * 3 and moves[-4] != moves[-3]
    nothing = await svc.moves.undo(CH, D)
    assert not nothing.ok and "nothing to undo" in nothing.text


async def test_the_next_undo_takes_back_the_order_before(svc: GameService) -> None:
    await seated(svc)
    assert (await svc.moves.play(CH, D, MARCH)).ok
    assert (await svc.moves.play(CH, D, "move 1 troop from delhi to malwa")).ok
    first = await svc.moves.undo(CH, D)
    assert first.ok and await played(svc) == 3
    assert "takes back: move 1 troop from delhi to malwa\n" in first.public_text + "\n"
    assert (await svc.moves.undo(CH, D)).ok
    assert await played(svc) == 0


async def test_an_undo_by_someone_who_does_not_hold_the_seat_is_refused(
    svc: GameService,
) -> None:
    await seated(svc)
    assert (await svc.moves.play(CH, D, MARCH)).ok
    refused = await svc.moves.undo(CH, SEATS[vijayanagara.Faction.V])
    assert not refused.ok and "only Delhi Sultanate" in refused.text, refused.text
    assert await played(svc) == 3


async def test_a_step_chosen_with_a_button_is_an_order_of_its_own(svc: GameService) -> None:
    await seated(svc, None)
    before = await played(svc)
    reply = await svc.moves.play(CH, B, "command")
    for label in ("rally", "place 1 amir in gujarat"):
        button = next((b for b in reply.buttons if b.label == label), None)
        assert button is not None, [b.label for b in reply.buttons]
        reply = await svc.press(CH, B, button.custom_id)
        assert reply.ok, reply.text
    assert await played(svc) == before + 3
    undo = next(b for b in reply.buttons if b.label == "Undo")
    undone = await svc.press(CH, B, undo.custom_id)  # the Undo button: the last press alone
    assert undone.ok, undone.text
    assert await played(svc) == before + 2
    assert "Bahmani Kingdom takes back: place 1 amir in gujarat\n" in undone.public_text
    again = await svc.moves.undo(CH, B)  # the press of `rally`, alone
    assert again.ok and "Bahmani Kingdom takes back: rally\n" in again.public_text
    assert await played(svc) == before + 1


async def test_undo_n_out_of_its_bounds_is_refused_naming_them(svc: GameService) -> None:
    await seated(svc)
    assert (await svc.moves.play(CH, D, MARCH)).ok
    for n in (0, 51):
        refused = await svc.moves.undo(CH, D, steps=n)
        assert not refused.ok and "from 1 to 50" in refused.text, refused.text
    assert await played(svc) == 3


async def test_undo_n_stops_at_a_die_roll_and_says_so(migrated_sqlite_path: Path) -> None:
    """Random steps, each its own order, until a seat's step rolled dice and the same seat
    took one step more: `undo 3` takes back that one step and says why it stopped."""
    svc = await GameService.open(
        str(migrated_sqlite_path), FakeRenderer(), seed_source=Seeds(12), guard_repeats=False
    )
    try:
        await seated(svc, None)
        pick = random.Random(3)
        for _ in range(200):
            record = await svc.store.open_game(CH)
            assert record is not None
            state = await svc.loader.state_of(record)
            log = await svc.store.actions(record.id, after=max(0, record.actions - 3))
            undo = turns_of(GAME).undo(state)
            if undo is not None and [a.action.get("type") for a in log[-2:-1]] == ["roll"]:
                break
            seat = GAME.to_move(state)
            assert seat is not None
            order = typed_order(GAME, state, pick.choice(GAME.legal_actions(state)))
            assert (await svc.moves.play(CH, record.seats[seat], order)).ok
        else:
            pytest.fail("no step followed a die roll")
        before = await played(svc)
        undone = await svc.moves.undo(CH, record.seats[undo[0]], steps=3)
        assert undone.ok, undone.text
        assert (
            "(note: the undo stopped after 1 step of the 3 steps asked: steps cannot be taken "
            "back past a die roll, a card draw or a hand-off to another faction)"
        ) in undone.public_text, undone.public_text
        assert await played(svc) == before - 1
    finally:
        await svc.close()


OLD_GAME = """
INSERT INTO games (id, channel_id, seed, seats, status, version, creator)
    VALUES (1, 'undo', 7, '{"B": 202, "D": 101, "V": 303}', 'active', 3, 101);
INSERT INTO actions (game_id, seq, action, faction, user_id) VALUES
    (1, 1, '{"option": "command", "type": "choose"}', 'D', 101),
    (1, 2, '{"option": "march", "type": "choose"}', 'D', 101),
    (1, 3, '{"count": 2, "dest": "malwa", "origin": "delhi", "piece": "troop", "type": "move"}',
     'D', 101);
"""  # stored by the bot before migration 018: which order each step came in is not known


async def _old_steps_undone_one_by_one(database: str) -> None:
    svc = await GameService.open(database, FakeRenderer())
    try:
        undone = await svc.moves.undo(CH, D)
        assert undone.ok, undone.text
        lines = undone.public_text.split("\n")
        assert "Delhi Sultanate takes back: move 2 troop from delhi to malwa" in lines, lines
        undone = await svc.moves.undo(CH, D)
        assert undone.ok, undone.text
        assert "Delhi Sultanate takes back: march" in undone.public_text.split("\n")
    finally:
        await svc.close()


async def test_steps_stored_before_orders_were_kept_are_undone_one_by_one_on_sqlite(
    tmp_path: Path,
) -> None:
    await _old_steps_undone_one_by_one(sqlite_before(tmp_path / "old.sqlite3", 17, OLD_GAME))


async def test_steps_stored_before_orders_were_kept_are_undone_one_by_one_on_postgresql(
    pg_server: PgServer,
) -> None:
    await _old_steps_undone_one_by_one(await postgresql_before(pg_server, 17, OLD_GAME))


@pytest.fixture
async def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, migrated_sqlite_bytes: bytes):  # type: ignore[no-untyped-def]
    async with running_bot(
        tmp_path / "bot.sqlite3", monkeypatch, migrated=migrated_sqlite_bytes
    ) as e:
        yield e


async def test_slash_undo_with_steps_takes_back_that_many_then_the_rest_of_the_order(
    env: Env,
) -> None:
    await env.started()  # Bahmani decides first
    channel = str(env.fake_channel)
    before = await played(env.service, channel)
    await env.slash(B, "play", order=RALLY)
    assert await played(env.service, channel) == before + 4
    await env.slash(B, "undo", steps=2)
    assert await played(env.service, channel) == before + 2
    said = env.fake.visible[-1].content
    assert (
        "Bahmani Kingdom takes back: place 1 amir in gujarat; place 1 amir in gondwana "
        "(2 steps)" in said
    ), said
    await env.slash(B, "undo")  # what stands of the order: command; rally
    assert await played(env.service, channel) == before
    assert "takes back: command; rally (2 steps)" in env.fake.visible[-1].content


async def test_the_terminal_undo_takes_back_the_line_and_undo_n_single_steps(
    tmp_path: Path,
) -> None:
    lines = [
        f"as D: {MARCH}",
        "undo 1",
        "status",
        "undo",
        "status",
        "undo 0",
    ]
    out = io.StringIO()
    args = ["--seed", "7", "--db", str(tmp_path / "t.sqlite3"), "--boards", str(tmp_path / "b")]
    await amain(args, lines, out, FakeRenderer())
    text = out.getvalue()
    assert "Delhi Sultanate takes back: move 2 troop from delhi to malwa\n" in text, text
    assert "2 steps played" in text and "0 steps played" in text, text
    assert "takes back: command; march (2 steps)" in text, text
    assert "`undo 0`: steps is how many single steps to take back, from 1 to 50" in text, text


async def test_the_terminal_reads_undo_n_as_the_command_with_its_number(
    svc: GameService,
) -> None:
    await seated(svc)
    assert (await svc.moves.play(CH, D, MARCH)).ok
    assert (await text_command(svc, CH, D, "undo 2")).ok
    assert await played(svc) == 1
    refused = await text_command(svc, CH, D, "undo two")
    assert not refused.ok and "steps is a number from 1 to 50" in refused.text, refused.text


async def test_an_exported_game_imported_again_keeps_its_orders(svc: GameService) -> None:
    """A game dealt by its seed is exported with its deals written into the log, so its
    steps move to other places: each still names the first step of its order there."""
    await seated(svc)
    assert (await svc.moves.play(CH, D, MARCH)).ok
    exported = await svc.transfer.export(CH)
    assert exported.file is not None
    steps = [a for a in json.loads(exported.file.data)["actions"] if "faction" in a]
    moves = [a["move"] for a in steps if a["faction"] == "D"]
    assert len(moves) == 3 and len(set(moves)) == 1, steps
    assert (await svc.lobby.abort(CH, D)).ok
    assert (await svc.transfer.import_game("again", D, exported.file.data)).ok
    undone = await svc.moves.undo("again", D)
    assert undone.ok and "(3 steps)" in undone.public_text, undone.public_text
