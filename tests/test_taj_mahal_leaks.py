"""A hand never leaks: whole Taj Mahal games played through the one service, every reply
checked against the cards of the hands it was not for. A public reply (a message, the log,
the status) may name no card that only another seat holds, and the export of the running game
is refused (its deals hold every hand); a private reply to one player, no card only the others
hold; the autocomplete offered to a player, none either. A card taken from the supply was
taken in the open (the supply lies face up), so it is no secret: what is secret is what was
dealt or drawn face down.

The log is read every LOG_EVERY stored steps (its 20 lines reach back further): its lines are
the announcements' (test_log_as_announced), each checked at its own state, and a read checks
again the lines its window holds, whose names a later draw may make secret (a line that named
a card face down in the deck).

One whole game of three players always; CHAUPAL_WHOLE_GAMES=N plays N more of each player
count (each game's every reply checked: about 3 CPU-seconds a game of three, 6 of five):
`CHAUPAL_WHOLE_GAMES=3 .venv/bin/python -m pytest tests/test_taj_mahal_leaks.py`."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakes import FakeRenderer
from table_helpers import choices, on_turn, open_game, run

from bot.product import variable
from bot.table.reply import Reply
from bot.table.service import GameService
from rules.capabilities import talk_of
from rules.taj_mahal import SEATS, State
from rules.taj_mahal.notation import card_name

CH = "700"
USERS = (21, 22, 23, 24, 25)
TM = "taj_mahal"
WHOLE_GAMES = int(variable("CHAUPAL_WHOLE_GAMES")[0] or "0")
LOG_EVERY = 3  # states between two reads of the log (CHAUPAL_WHOLE_GAMES: each state)
# (players, seed) of each game: one always, N more of each player count on demand
GAMES = [(3, 1), *((n, seed) for seed in range(100, 100 + WHOLE_GAMES) for n in (3, 4, 5))]


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(
        str(tmp_path / "leaks.sqlite3"), FakeRenderer(), clock=lambda: 1000.0, seed_source=lambda: 3
    )  # a fixed secret: the same deals each run
    yield s
    await s.close()


def _shown(state: State, opened: set[int]) -> set[int]:
    """Card kinds anyone may see or has seen: the supply, the cards played, the discard pile,
    now or before (`opened`: a kind the log once named, which another copy may share)."""
    out = set(state.supply) | set(state.discard) | opened
    for cards in state.played:
        out |= set(cards)
    return out


def secrets_for(state: State, seat: str | None, opened: set[int]) -> dict[str, re.Pattern[str]]:
    """The names of the cards `seat` (None: the public) may not see: in another seat's hand,
    of a kind not also shown in the open."""
    shown = _shown(state, opened)
    out: dict[str, re.Pattern[str]] = {}
    for name, hand in zip(state.seats, state.hands, strict=True):
        if name == seat:
            continue
        for k in set(hand) - shown:
            text = card_name(state.cards, k)
            out[text] = re.compile(r"(?<![\w+])" + re.escape(text) + r"(?![\w+])", re.I)
    for name, hand in zip(
        state.seats, state.hands, strict=True
    ):  # one's own cards are not secret to oneself
        if name == seat:
            for k in hand:
                out.pop(card_name(state.cards, k), None)
    return out


def leaked(text: str, secrets: dict[str, re.Pattern[str]]) -> list[str]:
    return [name for name, pattern in secrets.items() if pattern.search(text)]


def reply_text(r: Reply) -> str:
    parts = [r.public_text]
    if r.file is not None:
        parts.append(r.file.data.decode("utf-8", "replace"))
    parts += [b.label for b in r.buttons]
    return "\n".join(parts)


async def state_now(service: GameService) -> State | None:
    found = await open_game(service, CH)
    return found[1] if found is not None and isinstance(found[1], State) else None


@pytest.mark.parametrize(("players", "seed"), GAMES)
async def test_no_public_or_private_reply_shows_a_hand_it_was_not_for(
    service: GameService, players: int, seed: int
) -> None:
    pick = random.Random(seed)
    users = USERS[:players]
    assert (await run(service, CH, users[0], "create", TM)).ok
    by_user = dict(zip(users, SEATS[:players], strict=True))
    for user, seat in by_user.items():
        r = await run(service, CH, user, "join", TM, seat=seat)
        assert r.ok, r.text
    checked = 0
    log_every = 1 if WHOLE_GAMES else LOG_EVERY
    told: list[str] = []  # the drawn cards named to their drawers
    opened: set[int] = set()  # card kinds that lay in the open at some time (the log names them)
    offers: dict[int, list[str]] = {}  # what autocomplete offered each player after the last reply

    read_at = -1  # the version of the game the public replies and autocomplete were read at
    states = 0  # the states read so far

    async def check(replies: list[Reply], asker: int) -> None:
        nonlocal checked, read_at, states
        found = await open_game(service, CH)
        state = found[1] if found is not None and isinstance(found[1], State) else None
        if found is None or state is None or state.phase == "over":
            return  # over: the hands are scored in the open
        opened.update(_shown(state, set()))
        for r in replies:
            secrets = secrets_for(state, by_user[asker] if r.ephemeral else None, opened)
            assert not leaked(reply_text(r), secrets), (r.ephemeral, reply_text(r)[:300])
            checked += bool(secrets)  # a check with secrets to keep
            # the sender's receipt and what a draw showed their seat: their own cards only
            own = "\n".join([r.receipt or "", *r.told])
            assert not leaked(own, secrets_for(state, by_user[asker], opened)), own[:300]
            told.extend(r.told)
        if found[0].version == read_at:
            return  # a reply that stored nothing (`hand`): the last check read this state
        read_at, states = found[0].version, states + 1
        for name in ("status", "log", "export"):  # what anyone may ask for, while it runs
            if name == "log" and (states - 1) % log_every:
                continue  # the first state's log, then every LOG_EVERY-th state's
            pub = await run(service, CH, users[-1], name, TM)
            text = reply_text(pub)
            if name == "export":  # its deals would tell every hand
                assert pub.file is None and "once it is over" in pub.text, text[:300]
            mine = by_user[users[-1]] if pub.ephemeral else None
            assert not leaked(text, secrets_for(state, mine, opened)), (name, text[:300])
        for user in users:  # the autocomplete offered to each player
            offers[user] = await choices(service, CH, user, TM)
            offered = "\n".join(offers[user])
            assert not leaked(offered, secrets_for(state, by_user[user], opened)), offered[:300]

    await check([await run(service, CH, users[0], "start", TM)], users[0])
    for _ in range(400):
        state = await state_now(service)
        turn = await on_turn(service, CH)
        if state is None or state.phase == "over" or turn is None:
            break
        _, user = turn
        opened.update(_shown(state, set()))  # in the open before this move takes from it
        offered = offers[user]  # offered at this state (a reply checked last offered it)
        assert offered
        await check([await run(service, CH, user, "play", TM, order=pick.choice(offered))], user)
        if pick.random() < 0.2:
            await check([await run(service, CH, user, "hand", TM)], user)
    assert checked > 20
    assert told and all(t.startswith("You drew ") for t in told)  # each draw, to its drawer
    # the check can see a leak: a card only another seat holds is found by its name
    state = await state_now(service)
    if state is not None and state.phase != "over":
        secrets = secrets_for(state, None, set())
        assert all(leaked(f"they hold {name}.", secrets) == [name] for name in secrets)


def test_the_public_prompt_tells_nothing_of_the_hand_of_the_seat_on_turn() -> None:
    """A public line may not say that the player on turn has no card to play: that is read
    from its hand, which only its own view holds."""
    from rules.taj_mahal import GAME

    pick = random.Random(9)
    st = GAME.new_game(GAME.info.options(), GAME.info.seats_for(3))
    said: set[str] = set()
    while GAME.result(st) is None:
        seat = GAME.to_move(st)
        if seat is None:
            st = GAME.apply(st, GAME.deal(st, pick.randrange))
            continue
        public = talk_of(GAME).prompt(GAME.view(st, None), seat)
        own = talk_of(GAME).prompt(GAME.view(st, seat), seat)
        assert "no card you may play" not in public
        said.add(own)
        st = GAME.apply(st, pick.choice(GAME.legal_actions(st)))
    assert any("no card you may play" in line for line in said)  # the seat itself is told
