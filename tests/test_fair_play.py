"""Fair play through the service: a reveal commits the order up to it, nothing past an
uncommitted reveal is ever shown, exports hold no future, and every outcome is verifiable."""

from __future__ import annotations

import asyncio
import copy
import hashlib
import io
import json
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from fakes import SEATS, FakeRenderer, Seeds, seeds_of

from bot.table.service import GameService
from bot.table.verify import check
from bot.terminal.local import amain
from db import NewAction, Snapshot
from rules import vijayanagara
from rules.vijayanagara.cards import deck_for
from rules.vijayanagara.fairness import commitment

CH = "fair"
D, B, V = (
    SEATS[vijayanagara.Faction.D],
    SEATS[vijayanagara.Faction.B],
    SEATS[vijayanagara.Faction.V],
)
B_FIRST = 12  # this seed's secret draws an Event card with the order B, V, D first
JUNK = "give 99 resources from D to B"  # well formed, never legal
CHANCE = ("roll", "draw")


@pytest.fixture
async def svc(migrated_sqlite_path: Path) -> AsyncIterator[GameService]:
    # orders typed one after another by a program: no double-submit guard
    s = await GameService.open(
        str(migrated_sqlite_path), FakeRenderer(), guard_repeats=False, seed_source=Seeds()
    )
    yield s
    await s.close()


def order_for(st: vijayanagara.GameState, a: vijayanagara.Action) -> str:
    """The step as a player types it (a Command on no space is played only when confirmed)."""
    return vijayanagara.describe(st, a) + ("; confirm" if vijayanagara.idle_note(st, a) else "")


async def seated(svc: GameService, seed: int) -> str:
    """A started game dealt by the fixed secret of `seed` (as a bot game, with a commitment)."""
    seeds_of(svc).next = seed
    assert (await svc.lobby.create(CH, D, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    started = await svc.lobby.start(CH, D)
    assert started.ok, started.text
    return started.text


async def state(svc: GameService) -> tuple[int, vijayanagara.GameState]:
    game = await svc.store.open_game(CH) or await svc.store.latest_game(CH)
    assert game is not None
    return game.id, await svc.loader.state_of(game)


async def log_of(
    svc: GameService, game_id: int, known: list[vijayanagara.Action] | None = None
) -> list[vijayanagara.Action]:
    """The game's log; given the log as read before (`known`), only the steps stored since
    are read (a whole game reads its log after every order)."""
    before = known or []
    stored = await svc.store.actions(game_id, after=len(before))  # seq counts from 1
    return [*before, *(vijayanagara.action_from_json(a.action) for a in stored)]


def steps_of(export: dict[str, Any]) -> list[dict[str, Any]]:
    """An export's log without its entry where the secret began to deal."""
    return [a for a in export["actions"] if "action" in a]


def decider_seat(st: vijayanagara.GameState) -> int:
    f = vijayanagara.prompt(st).faction
    assert f is not None
    return SEATS[f]


def is_chance(a: vijayanagara.Action) -> bool:
    return isinstance(a, vijayanagara.Roll | vijayanagara.Draw)


async def test_the_start_posts_a_commitment_and_deals_the_first_card(svc: GameService) -> None:
    text = await seated(svc, B_FIRST)
    gid, st = await state(svc)
    m = re.search(r"commitment is `([0-9a-f]{64})`", text)
    assert m is not None and f"game {gid}" in text
    secret = await svc.loader.secret_of(await svc.store.get_game(gid))
    assert secret is not None and secret.hex() not in text
    assert (await log_of(svc, gid)) == [vijayanagara.Draw(card=st.current_card or 0)]
    verify_now = await svc.transfer.verify(CH)
    assert verify_now.ok and m.group(1) in verify_now.text and secret.hex() not in verify_now.text


async def test_pass_as_the_last_eligible_faction_commits_at_the_card_draw(
    svc: GameService,
) -> None:
    # `pass; pass` in one order: the first pass ends the card and reveals the next one.
    await seated(svc, B_FIRST)
    assert (await svc.moves.play(CH, B, "pass")).ok
    assert (await svc.moves.play(CH, V, "pass")).ok
    gid, before = await state(svc)
    n = len(await log_of(svc, gid))
    reply = await svc.moves.play(CH, D, "pass; pass")
    assert reply.ok and not reply.ephemeral, reply.text
    assert "Not played: `pass`" in reply.text and "a reveal commits" in reply.text
    log = await log_of(svc, gid)
    assert log[n] == vijayanagara.Choose(option="pass") and all(is_chance(a) for a in log[n + 1 :])
    assert log[n + 1 :], "the next card was drawn and stored with the pass"
    _, after = await state(svc)
    assert after.current_card != before.current_card
    assert f"**Card {after.current_card} · " in reply.text  # the reveal is shown to everyone
    # resubmitting the same prefix rolls nothing again: the state moved on
    again = await svc.moves.play(CH, D, "pass")
    _, now = await state(svc)
    if not again.ok:
        assert len(await log_of(svc, gid)) == len(log)
        assert now.current_card == after.current_card


async def test_autocomplete_never_looks_past_a_card_draw(svc: GameService) -> None:
    await seated(svc, B_FIRST)
    assert "pass; pass" in [
        name for name, _ in await svc.autocomplete.legal_orders(CH, B, "pass; pa")
    ]
    gid, _ = await state(svc)
    n = len(await log_of(svc, gid))
    # the third pass ends the card: what follows would be the next card's decisions
    assert await svc.autocomplete.legal_orders(CH, B, "pass; pass; pass; ") == []
    assert len(await log_of(svc, gid)) == n  # nothing was drawn or stored


def _kinds(reply_text: str) -> set[str]:
    out = set()
    if re.search(r"Dice in [^:]+: [DBV] ", reply_text):
        out.add("attack dice")
    if "Mongols Attack and Plunder" in reply_text and "Dice in" in reply_text:
        out.add("plunder dice")
    if "Timur attacks" in reply_text and "Dice in" in reply_text:
        out.add("timur dice")
    for kind, word in (
        ("succession card", r"Card \d+(:| ·) (The Zenith|Rise of|Lords of)"),
        ("timurid card", r"Card \d+(:| ·) Timurid"),
        ("event card", r"Card \d+(:| ·) "),
    ):
        if re.search(word, reply_text):
            out.add(kind)
    return out


async def test_a_reveal_commits_the_order_up_to_it_in_a_whole_game(svc: GameService) -> None:
    """Every order is a random legal step plus an illegal one. A step that reveals dice or a
    card is stored with its outcomes and the rest is not played; any other is refused whole,
    with nothing stored and nothing past it described. At the end the secret is revealed and
    every outcome verifies."""
    await seated(svc, 4)
    gid, st = await state(svc)
    r = random.Random(4)
    seen: set[str] = set()
    log = await log_of(svc, gid)  # read again after each order: the log the next one meets
    for _ in range(6000):
        if st.game_over:
            break
        a = r.choice(vijayanagara.legal_actions(st))
        step, seat = vijayanagara.describe(st, a), decider_seat(st)
        if vijayanagara.idle_note(st, a):  # a Command on no space is played only when confirmed
            step += "; confirm"
        n = len(log)
        reply = await svc.moves.play(CH, seat, f"{step}; {JUNK}")
        log = await log_of(svc, gid, log)
        if reply.ok:
            assert log[n] == a and log[n + 1 :] and all(is_chance(x) for x in log[n + 1 :])
            assert f"Not played: `{JUNK}`" in reply.text and not reply.ephemeral
            seen |= _kinds(reply.public_text)
        else:
            assert reply.ephemeral and len(log) == n, reply.text
            assert "rolls" not in reply.text and "left in the deck" not in reply.text
            plain = await svc.moves.play(CH, seat, step)
            assert plain.ok, plain.text
            log = await log_of(svc, gid, log)
            assert log[n:] == [a]  # the same step alone reveals nothing either
        _, st = await state(svc)
    assert st.game_over
    assert log == await log_of(svc, gid)  # the log read a step at a time is the stored one
    assert {"attack dice", "plunder dice", "timur dice", "succession card", "timurid card"} <= seen
    end = reply.text
    secret = await svc.loader.secret_of(await svc.store.get_game(gid))
    assert secret is not None and secret.hex() in end
    verified = await svc.transfer.verify(CH)
    assert verified.ok and "follow from the secret" in verified.text
    # the finished game's export carries the secret, and the command line checks it
    exp = await svc.transfer.export(CH)
    assert exp.file is not None
    status, message = check(exp.file.data)
    assert status == 0, message
    data = json.loads(exp.file.data)
    i = next(i for i, x in enumerate(steps_of(data)) if x["action"]["type"] == "roll")
    dice = steps_of(data)[i]["action"]["dice"]
    dice[0] = dice[0] % 6 + 1
    status, message = check(json.dumps(data).encode())
    assert status == 1 and f"step {i + 1}" in message


def _ints(value: object) -> set[int]:
    """Every integer in a JSON document, also those written inside strings."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, str):
        return {int(x) for x in re.findall(r"\d+", value)}
    if isinstance(value, dict):
        return set().union(*(_ints(k) | _ints(v) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(_ints(v) for v in value)) if value else set()
    return set()


async def test_a_mid_game_export_holds_no_future(svc: GameService, tmp_path: Path) -> None:
    await seated(svc, 9)
    gid, st = await state(svc)
    r = random.Random(9)
    for _ in range(60):
        a = r.choice(vijayanagara.legal_actions(st))
        assert (await svc.moves.play(CH, decider_seat(st), order_for(st, a))).ok
        _, st = await state(svc)
    exp = await svc.transfer.export(CH)
    assert exp.file is not None
    data = json.loads(exp.file.data)
    assert data["seed"] is None and data["fairness"] is None
    secret = await svc.loader.secret_of(await svc.store.get_game(gid))
    assert secret is not None and secret.hex() not in exp.file.data.decode()
    drawn = {st.current_card, *st.discards}
    # the live game's future: play on and collect the cards it draws
    n = len(await log_of(svc, gid))
    while True:
        _, st = await state(svc)
        if st.game_over or vijayanagara.cards_left(st) < 8:
            break
        a = r.choice(vijayanagara.legal_actions(st))
        assert (await svc.moves.play(CH, decider_seat(st), order_for(st, a))).ok
    future = [x.card for x in (await log_of(svc, gid))[n:] if isinstance(x, vijayanagara.Draw)]
    assert len(future) >= 5
    ints = _ints(data)
    assert ints
    for k in ints:
        seeded = [c for c in vijayanagara.new_game(k).order if c not in drawn]
        assert seeded[: len(future)] != future, k
    # the export still imports (with a fresh secret) and replays to the same state
    other = await GameService.open(
        str(tmp_path / "other.sqlite3"), FakeRenderer(), seed_source=Seeds()
    )
    try:
        imp = await other.transfer.import_game("elsewhere", D, exp.file.data)
        assert imp.ok, imp.text
        game = await other.store.open_game("elsewhere")
        assert game is not None
        mid = vijayanagara.replay(
            None, vijayanagara.GameOptions(), (await log_of(svc, gid))[: len(steps_of(data))]
        )
        assert (await other.loader.state_of(game)).model_dump_json() == mid.model_dump_json()
        fresh = await other.store.secret(game.id)
        assert fresh.secret and fresh.secret != secret.hex()
        assert fresh.dealt_from == len(steps_of(data))
    finally:
        await other.close()


def test_the_deck_order_is_nowhere_in_a_bot_game_state() -> None:
    s = vijayanagara.new_game(None)
    dumped = s.model_dump()
    assert dumped["rng"] is None and dumped["order"] == [] and dumped["seed"] is None
    assert "deck" not in dumped
    assert sum(n for pile in s.piles for n in pile.values()) == 35
    assert len(deck_for(s.options).cards) >= 35


async def test_status_shows_what_the_deck_build_makes_known(svc: GameService) -> None:
    await seated(svc, B_FIRST)
    text = (await svc.views.status(CH)).text
    assert (
        "34 left in the deck" in text and "Zenith of the Delhi Sultanate comes after 7 more" in text
    )


def _chance_types(export: dict[str, Any]) -> list[str]:
    return [a["action"]["type"] for a in steps_of(export) if a["action"]["type"] in CHANCE]


async def _game_from_before_secrets(
    svc: GameService, seed: int, steps: int
) -> list[vijayanagara.Action]:
    """A running game as the bot stored it before per-game secrets: no secret, its seed deals
    (no chance entries in its log), a snapshot carrying the seed's dealer."""
    game = await svc.store.create_game(CH, seed, {}, creator=D, kind="vijayanagara")
    seats = {f.value: uid for f, uid in SEATS.items()}
    game = await svc.store.update_game(game.id, game.version, seats=seats, status="active")
    st, r = vijayanagara.new_game(seed), random.Random(seed)
    played: list[vijayanagara.Action] = []
    barrier: tuple[int, vijayanagara.GameState] | None = None
    while len(played) < steps:
        played.append(r.choice(vijayanagara.legal_actions(st)))
        st = vijayanagara.apply(st, played[-1])
        if not st.since_barrier:
            barrier = (len(played), st)
    assert barrier is not None
    entries = [NewAction(action=vijayanagara.action_to_json(a)) for a in played]
    game = await svc.store.append_actions(game.id, game.version, entries[: barrier[0]])
    await svc.store.append_actions(
        game.id,
        game.version,
        entries[barrier[0] :],
        snapshot=Snapshot(seq=barrier[0], state=barrier[1].model_dump_json()),
    )
    return played


async def test_a_game_from_before_secrets_exports_no_seed_and_takes_a_secret_at_its_next_move(
    svc: GameService, migrated_sqlite_path: Path
) -> None:
    played = await _game_from_before_secrets(svc, 5, 40)
    gid, st = await state(svc)
    assert (await svc.store.secret(gid)).secret == ""
    # its export while it runs: the seed's outcomes so far as chance entries, no seed
    exp = json.loads((await svc.transfer.export(CH)).file.data)  # type: ignore[union-attr]
    assert exp["seed"] is None and exp["format_version"] == 2 and exp["fairness"] is None
    assert "draw" in _chance_types(exp) and len(exp["actions"]) > len(played)
    written = [vijayanagara.action_from_json(a["action"]) for a in exp["actions"]]
    same = {"seed", "rng", "order", "actions_taken", "log", "log_at"}
    assert vijayanagara.replay(None, None, written).model_dump(exclude=same) == st.model_dump(
        exclude=same
    )
    # a refused order changes nothing: no secret yet, the same version
    version = (await svc.store.get_game(gid)).version
    refused = await svc.moves.play(CH, decider_seat(st), JUNK)
    assert not refused.ok and (await svc.store.secret(gid)).secret == ""
    assert (await svc.store.get_game(gid)).version == version
    # its next move gives it a secret, from the entry after the log written out
    a = random.Random(6).choice(vijayanagara.legal_actions(st))
    moved = await svc.moves.play(CH, decider_seat(st), order_for(st, a))
    assert moved.ok, moved.text
    dealing = await svc.store.secret(gid)
    assert dealing.secret and dealing.dealt_from == len(written)
    secret = bytes.fromhex(dealing.secret)
    bound = commitment(secret, gid, len(written))
    assert f"commitment is `{bound}`" in moved.public_text and dealing.secret not in moved.text
    log = await log_of(svc, gid)
    assert log[: len(written)] == written and log[len(written)] == a
    # the game goes on from its log alone, also after a restart (no seeded snapshot is left)
    again = await GameService.open(str(migrated_sqlite_path), FakeRenderer(), seed_source=Seeds())
    try:
        loaded = await again.loader.state_of(await again.store.get_game(gid))
        assert loaded.rng is None and loaded.order == []
        assert loaded.model_dump_json() == (await state(svc))[1].model_dump_json()
    finally:
        await again.close()
    r = random.Random(7)
    for _ in range(80):
        _, st = await state(svc)
        a = r.choice(vijayanagara.legal_actions(st))
        assert (await svc.moves.play(CH, decider_seat(st), order_for(st, a))).ok
    log = await log_of(svc, gid)
    assert any(is_chance(x) for x in log[len(written) :])
    # once it is over, what the secret dealt verifies, in the bot and from the export
    assert (await svc.lobby.abort(CH, D)).ok
    verified = await svc.transfer.verify(CH)
    assert verified.ok and "follow from the secret" in verified.text, verified.text
    assert bound in verified.text
    ended = (await svc.transfer.export(CH)).file.data  # type: ignore[union-attr]
    status, message = check(ended, bound)
    assert status == 0 and f"steps 1-{len(written)} came from elsewhere" in message, message


async def test_a_lobby_from_before_secrets_takes_a_secret_as_it_starts(svc: GameService) -> None:
    game = await svc.store.create_game(CH, 5, {}, creator=D, kind="vijayanagara")
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    started = await svc.lobby.start(CH, D)
    assert started.ok, started.text
    dealing = await svc.store.secret(game.id)
    assert dealing.secret and dealing.dealt_from == 0
    assert commitment(bytes.fromhex(dealing.secret), game.id, 0) in started.text
    _, st = await state(svc)
    assert await log_of(svc, game.id) == [vijayanagara.Draw(card=st.current_card or 0)]


async def test_a_game_created_with_a_seed_exports_its_outcomes_not_its_seed(
    svc: GameService,
) -> None:
    # A seed given on purpose (tests, teaching) deals the game to its end: the same seed, the
    # same game. Its export while it runs writes the outcomes so far, never the seed.
    assert (await svc.lobby.create(CH, D, seed=5, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    assert (await svc.lobby.start(CH, D)).ok
    gid, st = await state(svc)
    r = random.Random(5)
    for _ in range(30):
        a = r.choice(vijayanagara.legal_actions(st))
        assert (await svc.moves.play(CH, decider_seat(st), order_for(st, a))).ok
        _, st = await state(svc)
    players = await log_of(svc, gid)
    assert not any(is_chance(a) for a in players)
    assert vijayanagara.replay(5, None, players).model_dump_json() == st.model_dump_json()
    exp = json.loads((await svc.transfer.export(CH)).file.data)  # type: ignore[union-attr]
    assert exp["seed"] is None and exp["format_version"] == 2 and "draw" in _chance_types(exp)
    written = [vijayanagara.action_from_json(a["action"]) for a in exp["actions"]]
    same = {"seed", "rng", "order", "actions_taken", "log", "log_at"}
    assert vijayanagara.replay(None, None, written).model_dump(exclude=same) == st.model_dump(
        exclude=same
    )
    assert not (await svc.transfer.verify(CH)).ok


def test_the_terminal_exports_a_seeded_game_without_its_seed(tmp_path: Path) -> None:
    out = io.StringIO()
    args = ["--db", str(tmp_path / "t.sqlite3"), "--boards", str(tmp_path / "b"), "--seed", "7"]
    lines = ["pass", "pass", f"export {tmp_path / 'game.json'}"]
    asyncio.run(amain(args, lines, out, FakeRenderer()))
    exp = json.loads((tmp_path / "game.json").read_text())
    assert exp["seed"] is None and exp["format_version"] == 2, out.getvalue()
    assert exp["actions"][0]["action"]["type"] == "draw"


def _path_to_dice(st: vijayanagara.GameState, depth: int = 3) -> list[vijayanagara.Action] | None:
    """Steps of the faction deciding now, the last of which rolls dice (a search of the
    legal steps; the game holds no future, so the search stops at the roll)."""
    me = vijayanagara.decider(st)
    if depth == 0 or me is None:
        return None
    for a in vijayanagara.useful_actions(st):
        nxt = vijayanagara.apply(st, a)
        node = vijayanagara.chance(nxt)
        if node is not None:
            if node.kind == "dice":
                return [a]
            continue
        if vijayanagara.decider(nxt) == me:
            rest = _path_to_dice(nxt, depth - 1)
            if rest is not None:
                return [a, *rest]
    return None


async def test_an_attack_order_commits_its_steps_and_the_dice_not_the_rest(
    svc: GameService,
) -> None:
    # `cd; attack; select gujarat; pass` in one order, wherever an Attack first rolls dice.
    await seated(svc, B_FIRST)
    gid, st = await state(svc)
    r = random.Random(1)
    path = _path_to_dice(st)
    while path is None or len(path) < 2:
        a = r.choice(vijayanagara.useful_actions(st))
        assert (await svc.moves.play(CH, decider_seat(st), order_for(st, a))).ok
        _, st = await state(svc)
        path = _path_to_dice(st)
    texts, seat = [], decider_seat(st)
    shadow = st
    for a in path:
        texts.append(vijayanagara.describe(shadow, a))
        shadow = vijayanagara.apply(shadow, a)
    n = len(await log_of(svc, gid))
    # the same order cut before the roll and then refused: nothing rolled, nothing stored
    refused = await svc.moves.play(CH, seat, "; ".join([*texts[:-1], "pass"]))
    assert not refused.ok and "nothing was played" in refused.text
    assert "Dice" not in refused.text and "rolls" not in refused.text
    assert len(await log_of(svc, gid)) == n
    # the whole order: committed exactly up to the roll, which everyone sees
    reply = await svc.moves.play(CH, seat, "; ".join([*texts, "pass"]))
    assert reply.ok and not reply.ephemeral, reply.text
    assert "Not played: `pass`" in reply.text and "rolls" in reply.public_text
    log = await log_of(svc, gid)
    assert log[n : n + len(path)] == path
    assert isinstance(log[n + len(path)], vijayanagara.Roll) and len(log) == n + len(path) + 1
    # resubmitting the same steps rolls nothing again
    again = await svc.moves.play(CH, seat, "; ".join(texts))
    assert not again.ok and len(await log_of(svc, gid)) == len(log)


async def test_a_seeded_export_imports_without_its_seed(svc: GameService) -> None:
    """A format-1 export carries the seed that dealt it, which tells its whole future (and an
    uploader may choose it): the import writes the outcomes so far into the log as chance
    entries and drops the seed, so a fresh secret deals the rest."""
    seed = 31
    state_ = vijayanagara.new_game(seed)
    r = random.Random(seed)
    played: list[vijayanagara.Action] = []
    while len(played) < 40:
        a = r.choice(vijayanagara.legal_actions(state_))
        played.append(a)
        state_ = vijayanagara.apply(state_, a)
    export = {
        "format_version": 1,
        "seed": seed,
        "seats": {"D": D},
        "creator": D,
        "actions": [{"action": vijayanagara.action_to_json(a), "faction": None} for a in played],
    }
    reply = await svc.transfer.import_game(CH, D, json.dumps(export).encode())
    assert reply.ok, reply.text
    gid, imported = await state(svc)
    assert imported.seed is None and imported.rng is None and imported.order == []
    # the same game (but the dealer, the chance entries counted, and the last step's log
    # lines: a chance entry writes its own); the same whole log
    same = {"seed", "rng", "order", "actions_taken", "log", "log_at"}
    assert imported.model_dump(exclude=same) == state_.model_dump(exclude=same)
    assert await svc.store.log_lines(gid) == vijayanagara.replay_with_log(seed, None, played)[1]
    secret = await svc.store.secret(gid)
    log = await log_of(svc, gid)
    assert secret.secret and secret.dealt_from == len(log) > len(played)
    assert any(is_chance(x) for x in log)
    exp = json.loads((await svc.transfer.export(CH)).file.data)  # type: ignore[union-attr]
    assert exp["seed"] is None and exp["format_version"] == 3
    assert exp["actions"][len(log)] == {"secret_deals_from_here": secret.commitment(gid)}


async def test_an_aborted_game_reveals_its_secret_and_verifies(svc: GameService) -> None:
    await seated(svc, B_FIRST)
    r = random.Random(3)
    for _ in range(30):
        _, st = await state(svc)
        a = r.choice(vijayanagara.legal_actions(st))
        assert (await svc.moves.play(CH, decider_seat(st), order_for(st, a))).ok
    gid, _ = await state(svc)
    secret = (await svc.store.secret(gid)).secret
    ended = await svc.lobby.abort(CH, D)
    assert ended.ok and secret in ended.text  # no future left to guard
    verified = await svc.transfer.verify(CH)
    assert verified.ok and "follow from the secret" in verified.text, verified.text
    exp = json.loads((await svc.transfer.export(CH)).file.data)  # type: ignore[union-attr]
    assert exp["fairness"]["secret"] == secret


async def _ended_export(svc: GameService, channel: str, seed: int, steps: int) -> dict[str, Any]:
    """The export of a game dealt by the fixed secret of `seed`, played `steps` random steps
    and aborted (so its secret is revealed)."""
    seeds_of(svc).next = seed
    assert (await svc.lobby.create(channel, D, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(channel, uid, f.value)).ok
    assert (await svc.lobby.start(channel, D)).ok
    r = random.Random(seed)
    for _ in range(steps):
        game = await svc.store.open_game(channel)
        assert game is not None
        st = await svc.loader.state_of(game)
        a = r.choice(vijayanagara.legal_actions(st))
        assert (await svc.moves.play(channel, decider_seat(st), order_for(st, a))).ok
    assert (await svc.lobby.abort(channel, D)).ok
    exported: dict[str, Any] = json.loads((await svc.transfer.export(channel)).file.data)  # type: ignore[union-attr]
    return exported


def _played_once(tmp_path_factory: pytest.TempPathFactory, *games: tuple[str, int, int]) -> Any:
    """`_ended_export` of each game (channel, seed, steps), played in turn on a new table."""

    async def ended() -> list[dict[str, Any]]:
        path = tmp_path_factory.mktemp("fair") / "ended.sqlite3"
        svc = await GameService.open(
            str(path), FakeRenderer(), guard_repeats=False, seed_source=Seeds()
        )
        try:
            return [await _ended_export(svc, *game) for game in games]
        finally:
            await svc.close()

    return asyncio.run(ended())


@pytest.fixture(scope="module")
def ended_exports(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], ...]:
    """Games 1 and 2 of a table, played once for the module's tests (each reads them only)."""
    one, two = _played_once(tmp_path_factory, ("one", 4, 40), ("two", 9, 40))
    return one, two


@pytest.fixture(scope="module")
def short_ended_export(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A game of 12 steps, played once for the module's tests that change a copy."""
    one: dict[str, Any] = _played_once(tmp_path_factory, ("one", 4, 12))[0]
    return one


SECRET_ENTRY = "secret_deals_from_here"


def dumps(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc).encode()


def test_verify_checks_what_the_log_needs_not_what_the_export_claims(
    ended_exports: tuple[dict[str, Any], ...],
) -> None:
    one, two = ended_exports
    gid = one["fairness"]["game_id"]
    secret = bytes.fromhex(one["fairness"]["secret"])
    # posted when game 1 started, and recorded in its log where its secret began: the first
    committed = commitment(secret, gid, 0)
    assert committed != hashlib.sha256(secret).hexdigest()  # it names the game
    assert one["actions"][0] == {SECRET_ENTRY: committed}
    assert check(dumps(one), committed)[0] == 0
    status, message = check(dumps(one))  # nothing said to come from elsewhere: all checked
    assert status == 0 and committed in message, message

    def grafted(at: int) -> bytes:
        """Game 2's steps under game 1's secret, the log saying its secret began after `at`
        of them (with the commitment that secret gives there: the graft is consistent)."""
        steps = steps_of(two)
        log = [*steps[:at], {SECRET_ENTRY: commitment(secret, gid, at)}, *steps[at:]]
        return dumps({**two, "actions": log, "fairness": one["fairness"]})

    # another game's log under game 1's secret, saying none of it was dealt here
    n = len(steps_of(two))
    status, message = check(grafted(n))
    assert status == 2 and "--commitment" in message and "\n" not in message, message
    status, message = check(grafted(n), committed)
    assert status == 1 and "not the game" in message
    # all but its last chance entry from elsewhere: not taken at its word without the
    # commitment, refused with it
    last = max(i for i, a in enumerate(steps_of(two)) if a["action"]["type"] in CHANCE)
    status, message = check(grafted(last))
    assert status == 2 and f"steps 1-{last} came from elsewhere" in message, message
    assert check(grafted(last), committed)[0] == 1
    # dealt from its start: every chance entry is checked, and another game's are not these
    status, message = check(grafted(0))
    assert status == 1 and "DOES NOT VERIFY" in message
    # the log's entry moved, its commitment kept: the secret gives another there
    steps = steps_of(one)
    moved = {**one, "actions": [*steps[:5], {SECRET_ENTRY: committed}, *steps[5:]]}
    status, message = check(dumps(moved))
    assert status == 1 and "the log was changed" in message, message
    # game 1's own log under another game's number
    renumbered = {**one, "fairness": {**one["fairness"], "game_id": gid + 1}}
    assert check(dumps(renumbered))[0] == 1
    assert check(dumps(renumbered), committed)[0] == 1
    # a log that does not say where its secret began: nothing to hold it to
    unsaid = {**one, "actions": steps}
    status, message = check(dumps(unsaid))
    assert status == 2 and "does not say where its secret began" in message, message


def test_a_format_2_export_is_checked_as_its_commitment_binds_it(
    ended_exports: tuple[dict[str, Any], ...],
) -> None:
    """Format 2 said in `fairness.dealt_from` how many steps came from elsewhere, a claim of
    the export; its games dealt from their start posted the secret's hash alone."""
    one = ended_exports[0]
    secret = bytes.fromhex(one["fairness"]["secret"])
    old = hashlib.sha256(secret).hexdigest()

    def format_2(dealt_from: int) -> bytes:
        fairness = {**one["fairness"], "dealt_from": dealt_from}
        return dumps({**one, "format_version": 2, "actions": steps_of(one), "fairness": fairness})

    status, message = check(format_2(0), old)
    assert status == 0 and "from before commitments named their game" in message, message
    assert check(format_2(0))[0] == 0
    last = max(i for i, a in enumerate(steps_of(one)) if a["action"]["type"] in CHANCE)
    assert check(format_2(last))[0] == 2  # a claim: only a commitment could bind it
    assert check(format_2(last), old)[0] == 1
    # the parts of one format only
    mixed = {**one, "fairness": {**one["fairness"], "dealt_from": 0}}
    status, message = check(dumps(mixed))
    assert status == 2 and "format 2's" in message, message
    in_2 = {**one, "format_version": 2}
    status, message = check(dumps(in_2))
    assert status == 2 and "format 3 has" in message, message


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["actions"].insert(3, dict(d["actions"][0])),  # two entries
        lambda d: d["actions"][0].update({"action": {"type": "done"}}),  # a malformed one
        lambda d: d["actions"].__setitem__(0, {SECRET_ENTRY: "ab" * 40}),  # not a SHA-256
        lambda d: d.update({"dealer": {"at": 0, "commitment": "0" * 64}}),  # beside the log
        lambda d: d["fairness"].update({"secret": "abc"}),  # odd hex
        lambda d: d["fairness"].update({"secret": ""}),
        lambda d: d["fairness"].update({"secret": "ab" * 65}),
        lambda d: d["fairness"].update({"game_id": -1}),
        lambda d: d["fairness"].update({"game_id": 10**30}),
        lambda d: d.update({"fairness": [1, 2]}),
        lambda d: d.update({"actions": {"a": 1}}),
        lambda d: d["actions"].append([1, 2, 3]),
        lambda d: d["actions"].append({"action": {"type": "roll", "dice": [9, 9]}}),
        lambda d: d["actions"].insert(1, {"action": {"type": "undo"}}),
        lambda d: d["actions"].insert(1, {"action": {"type": "draw", "card": 99999}}),
        lambda d: d.update({"format_version": 4}),
    ],
)
def test_verify_answers_a_hostile_export_in_one_line(
    short_ended_export: dict[str, Any], change: Any
) -> None:
    one = copy.deepcopy(short_ended_export)
    change(one)
    status, message = check(dumps(one))
    assert status in (1, 2), message
    assert "could not be checked" not in message  # refused for what it is, not by accident
    assert status == 1 or ("\n" not in message and len(message) < 400), message
