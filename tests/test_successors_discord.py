"""Successors through the real discord.py library (its HTTP layer faked): the chits stay
hidden. One game is played twice, the same person's orders and the same dice, with every
chit the computer's seats draw dealt anew in the second; up to the first chit played, every
payload the bot sends (messages, edits, its private answers to the person, buttons), every
ping and every board picture is the same, and so is what Alice is sent by direct message
(she asked for them): her own chits drawn in the computer's moves. Whoever must decide is
pinged at each hand-off.

The computer's steps are taken the way the client's AI loop takes them (`AiSeats.move`, then
the client's delivery), one at a time; its steps aside (a chit armed) included."""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from discord_env import Env, SlowRenderer, running_bot
from discord_fake import CHANNEL, FakeDiscord
from discord_limits import within_discords_limits
from table_helpers import open_game

from bot.table.pipeline import typed_order
from bot.table.registry import registry
from db import Pace
from rules.capabilities import notation_of
from rules.successors import GAME, State, Successors, chits, engine
from rules.successors.state import TRIGGERS, DrawChit, EventRoll

# the AI thinks in threads: this file tests what the table says of its steps, not its processes

ALICE = 21  # blue; red and green are the computer's
NEVER = 10**6  # seconds: the AI loop never finds a turn due; the test takes the steps
LAST_TURN = 1  # game turns played at most (the first chit played ends the comparison sooner)
EMBASSIES = EventRoll((2, 3, 6))  # EVEN 36: every player draws a chit, the roller first
# the chits the computer's seats are dealt: none played at once, so the hands differ for longer
# before a chit is played; each armed as a standing order (Ambush, Panic among the elephants,
# Good omens; Seize the initiative, Truce, General levy; Revolt fails) or held (Fair winds,
# Spy), so the two games differ in the steps aside stored too
HELD = frozenset((7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18))
PLAYED = re.compile(r" plays chit \d+")
SNOWFLAKE = re.compile(r"\d{15,}")
Below = Callable[[int], int]


def public_key(s: State) -> bytes:
    """What everyone sees of the state: the same in both games while nothing public differs."""
    return hashlib.sha256(notation_of(GAME).view_to_json(GAME.view(s, None)).encode()).digest()


@dataclass
class Dealer:
    """Deals both games: every event roll EVEN 36 (every player draws a chit), each other die
    from what everyone sees when it is rolled (so the same dice in both games, whatever steps
    aside were stored between); each chit Blue draws as it drew it in the first game; every
    other seat's chit from `stream`'s own choice of the cup."""

    stream: str
    blues: dict[bytes, int] = field(default_factory=dict)  # Blue's draws in the first game
    first: bool = True
    drawn: dict[str, list[int]] = field(default_factory=dict)  # each seat's draws here
    blue_at: dict[bytes, int] = field(default_factory=dict)  # Blue's draws here, by position

    def deal(self, state: State, below: Below) -> object:
        key = public_key(state)
        kind, at = state.frames[-1][:2]
        if kind == "event_roll":
            return EMBASSIES
        if kind != "draw":
            dice = random.Random(key)
            return engine.deal(state, lambda n: dice.randrange(n))
        seat = state.seats[at]
        cup = list(state.cup)
        if seat == "blue" and self.blues.get(key) in cup:
            chit = self.blues[key]
        else:
            kept = set(self.blues.values()) if seat != "blue" else set()
            allowed = [c for c in cup if c not in kept and (seat == "blue" or c in HELD)]
            chit = random.Random(self.stream.encode() + key).choice(allowed)
        if seat == "blue" and self.first:
            self.blues[key] = chit
        if seat == "blue":
            self.blue_at[key] = chit
        self.drawn.setdefault(seat, []).append(chit)
        return DrawChit(seat, chit)


@dataclass
class Played:
    transcript: list[str]  # each request the bot sent, its ids made alike
    pictures: list[str]  # each board drawn, by its hash
    pings: list[tuple[int, int]]  # (user, index of the request that made the message)
    drawn: dict[str, list[int]]
    window: int  # requests before the first chit played (all of them when none was)
    handoffs: int  # times the decision came to Alice
    armed: int  # chits Alice armed out of turn
    direct: list[str]  # what Alice was sent by direct message


def armable(s: State) -> str | None:
    """An order arming one of Blue's chits not yet armed, for its first moment; None when it
    holds none (Truce, which names a rival, left out)."""
    armed = {o[0] for o in s.orders[0]}
    for number in s.hands[0]:
        kind = chits.chit_of(s, number).kind
        if number not in armed and kind in chits.ARMED_FOR and kind != "truce":
            return f"arm {number} for {TRIGGERS[chits.ARMED_FOR[kind][0]]}"
    return None


async def play(tmp: Path, monkeypatch: pytest.MonkeyPatch, dealer: Dealer) -> Played:
    """One game, dealt by `dealer`, with the real board pictures (kept by their hashes)."""
    pictures: list[str] = []

    def draw(_: SlowRenderer, kind: str, view: object, names: object = None) -> bytes:
        png = registry().pictures(kind).board(view, names)  # type: ignore[arg-type]
        pictures.append(hashlib.sha256(png).hexdigest())
        return png

    monkeypatch.setattr(Successors, "deal", staticmethod(dealer.deal))
    monkeypatch.setattr(SlowRenderer, "__call__", draw)
    fake = FakeDiscord()
    async with running_bot(tmp / "bot.sqlite3", monkeypatch, fake) as env:
        handoffs, shown, armed = await _game(env, fake, pictures)
    within_discords_limits(fake)
    return _played(fake, pictures[:shown], dealer, handoffs, armed)


async def _game(env: Env, fake: FakeDiscord, pictures: list[str]) -> tuple[int, int, int]:
    """Alice's game up to the first chit played (or LAST_TURN): how many times the decision
    came to her, how many pictures were drawn before that chit, and how many chits she armed
    while another seat decided (each answered to her alone, the channel left as it was)."""

    async def sc(user: int, command: str, **options: object) -> None:
        fake.slash(user, command, group="sc", **options)  # type: ignore[arg-type]
        await fake.settle()

    await sc(ALICE, "club me", direct_messages=True)
    await sc(ALICE, "create", seat="blue")
    await sc(ALICE, "ai", seat="red", level="greedy")
    await sc(ALICE, "ai", seat="green", level="greedy")
    record = await env.service.store.open_game(str(CHANNEL))
    assert record is not None
    await env.service.store.set_pace(record.id, Pace(seconds=24 * 3600, ai_seconds=NEVER))
    await sc(ALICE, "start")
    pick, handoffs, was, shown, last, armed = random.Random(6), 0, None, 0, "", 0
    for _ in range(2000):
        found = await open_game(env.service, str(CHANNEL))
        assert found is not None
        s = found[1]
        assert isinstance(s, State)
        if any(PLAYED.search(json.dumps(r.body)) for r in fake.requests if r.body):
            return handoffs, shown, armed
        shown = len(pictures)
        if s.phase == "over" or s.turn > LAST_TURN:
            return handoffs, shown, armed
        mover = GAME.to_move(s)
        if mover == "blue" and was != "blue":
            handoffs += 1
            pinged = fake.pings(ALICE)
            in_channel = [m for m in fake.visible if m.channel_id == CHANNEL]  # (not her DMs)
            assert pinged and pinged[-1] is in_channel[-1], "a hand-off to Alice not pinged"
        was = mover
        if mover != "blue" and (arm := armable(s)) is not None:
            seen = [(m.id, m.content, m.custom_ids) for m in fake.visible]
            sent = len(fake.requests)
            await sc(ALICE, "play", order=arm)  # a step aside, out of turn
            assert arm.split()[1] in fake.private_to(ALICE)[-1].content
            assert [(m.id, m.content, m.custom_ids) for m in fake.visible] == seen
            to_channel = [
                f"{r.method} {r.path}" for r in fake.requests[sent:] if "/channels/" in r.path
            ]
            assert not to_channel, to_channel  # not even an edit showing the same
            armed += 1
            continue
        if mover != "blue":
            reply = await env.service.ai.move(str(CHANNEL))
            assert reply is not None and env.service.ai.deliver is not None
            await env.service.ai.deliver(reply, str(CHANNEL))
            await fake.settle()
            last = ""
            continue
        step = typed_order(registry().game("successors"), s, pick.choice(GAME.legal_actions(s)))
        await sc(ALICE, "play", order=f"again: {step}" if step == last else step)
        last = step
        after = await env.service.store.open_game(str(CHANNEL))
        answer = fake.private_to(ALICE)[-1].content
        assert after is not None and after.version > found[0].version, (step, answer)
        if pick.random() < 0.1:
            await sc(ALICE, pick.choice(("hand", "status", "board", "log")))
    raise AssertionError("the game turn did not end")


def _played(
    fake: FakeDiscord, pictures: list[str], dealer: Dealer, handoffs: int, armed: int
) -> Played:
    transcript = [
        SNOWFLAKE.sub("#", f"{r.method} {r.path} {json.dumps(r.body, sort_keys=True)} {r.files}")
        for r in fake.requests
    ]
    window = next((i for i, t in enumerate(transcript) if PLAYED.search(t)), len(transcript))
    made = {m.id: i for i, m in enumerate(fake.messages.values())}
    pings = [(uid, made[mid]) for uid, mid in fake.notified]
    direct = [m.content for m in fake.direct_to(ALICE)]
    return Played(transcript, pictures, pings, dealer.drawn, window, handoffs, armed, direct)


async def test_nothing_public_differs_with_the_chits_the_other_seats_hold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first_dealer = Dealer("first")
    first = await play(tmp_path / "a", monkeypatch, first_dealer)
    blue_draws = first_dealer.drawn.get("blue", [])
    second_dealer = Dealer("second", blues=first_dealer.blues, first=False)
    second = await play(tmp_path / "b", monkeypatch, second_dealer)
    # the test deals what it should: some chits drawn by the computer's seats, and not the same
    others = [(s, d) for s, d in first.drawn.items() if s != "blue"]
    assert others and any(second.drawn.get(s) != d for s, d in others), (first.drawn, second.drawn)
    # Blue drew the same chit wherever both games reached the same public position (past the
    # first chit played they may part ways)
    same = [k for k in second_dealer.blue_at if k in first_dealer.blues]
    assert same and all(second_dealer.blue_at[k] == first_dealer.blues[k] for k in same)
    window = min(first.window, second.window)
    assert window > 50 and first.handoffs > 1 and first.armed > 0
    assert first.transcript[:window] == second.transcript[:window]
    shown = min(len(first.pictures), len(second.pictures))
    assert shown and first.pictures[:shown] == second.pictures[:shown]
    assert [p for p in first.pings if p[1] < window] == [p for p in second.pings if p[1] < window]
    # the chits Blue drew in the computer's moves reached Alice alone, by direct message
    told = [int(n) for d in first.direct for n in re.findall(r"You draw chit (\d+)", d)]
    assert told and set(told) <= set(blue_draws), (told, blue_draws)


# --- what another seat's move showed a seat alone -----------------------------------------

PEOPLE = {"blue": ALICE, "red": 22, "green": 23}  # Alice asked for direct messages; Bob did not
GREEN_ENDS_THE_TURN = "end movement"  # the game turn's last step: the next one begins


@dataclass
class Drawn:
    """Each seat's chit in the game turn Green's step begins; every die the lowest, the event
    roll EVEN 36 (every player draws a chit, Blue, who rolls, first)."""

    chits: dict[str, int]

    def deal(self, state: State, below: Below) -> object:
        kind, at = state.frames[-1][:2]
        if kind == "event_roll":
            return EMBASSIES
        if kind == "draw":
            return DrawChit(state.seats[at], self.chits[state.seats[at]])
        return engine.deal(state, lambda n: 0)


def green_moves_last(players: int = 3) -> State:
    """Game turn 2, Green's movement, the last player's last phase with a decision."""
    from successors_helpers import at, started

    from rules.successors.engine import frame

    return at(started(players), 2, 4, frame("move", 2))


@dataclass
class Seen:
    public: list[str]  # what the channel and Cara saw, each request with its ids made alike
    pictures: list[str]
    pings: list[tuple[int, int]]
    direct: dict[int, list[str]]  # each person's direct messages
    hands: dict[int, list[str]]  # each person's two looks at their hand, one after the other


async def green_deals_blue_a_chit(
    tmp: Path, monkeypatch: pytest.MonkeyPatch, drawn: Drawn, *, dms_fail: bool = False
) -> Seen:
    """Three people at a position built for it: Green's step begins a game turn, whose event
    deals each seat a chit; then each person looks at their hand twice. `dms_fail`: Discord
    refuses every direct message (Alice closed hers)."""
    pictures: list[str] = []

    def draw(_: SlowRenderer, kind: str, view: object, names: object = None) -> bytes:
        png = registry().pictures(kind).board(view, names)  # type: ignore[arg-type]
        pictures.append(hashlib.sha256(png).hexdigest())
        return png

    built = green_moves_last()
    monkeypatch.setattr(Successors, "new_game", lambda *_: built.clone())
    monkeypatch.setattr(Successors, "deal", staticmethod(drawn.deal))
    monkeypatch.setattr(SlowRenderer, "__call__", draw)
    fake = FakeDiscord()

    async def sc(user: int, command: str, **options: object) -> None:
        fake.slash(user, command, group="sc", **options)  # type: ignore[arg-type]
        await fake.settle()

    async with running_bot(tmp / "bot.sqlite3", monkeypatch, fake):
        await sc(ALICE, "club me", direct_messages=True)
        await sc(ALICE, "create", seat="blue")
        await sc(PEOPLE["red"], "join", seat="red")
        await sc(PEOPLE["green"], "join", seat="green")
        await sc(ALICE, "start")
        sent = len(fake.requests)
        if dms_fail:
            fake.fail("POST", "/users/@me/channels", 403, times=10)
        await sc(PEOPLE["green"], "play", order=GREEN_ENDS_THE_TURN)
        moved = fake.requests[sent:]
        hands: dict[int, list[str]] = {}
        for user in PEOPLE.values():
            for _ in range(2):
                await sc(user, "hand")
                hands.setdefault(user, []).append(fake.private_to(user)[-1].content)
    within_discords_limits(fake)
    dms = set(fake.dm_channels.values())
    public = [
        SNOWFLAKE.sub("#", f"{r.method} {r.path} {json.dumps(r.body, sort_keys=True)} {r.files}")
        for r in moved
        if r.path != "/users/@me/channels" and not any(f"/channels/{d}/" in r.path for d in dms)
    ]
    made = {m.id: i for i, m in enumerate(fake.messages.values())}
    return Seen(
        public,
        pictures,
        [(uid, made[mid]) for uid, mid in fake.notified],
        {u: [m.content for m in fake.direct_to(u)] for u in PEOPLE.values()},
        hands,
    )


async def test_a_chit_dealt_in_another_players_move_reaches_its_player_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Green's last step begins a game turn whose event deals every seat a chit: Blue's reaches
    Alice by direct message (she asked for them) and Red's does not reach Bob that way (he did
    not); each one's next look at their hand says it first, once; Cara sees only her own; and
    nothing the channel (or Cara) is sent, no ping and no picture differs with what Blue and Red
    drew (the same game dealt them other chits)."""
    blue = chits.chit_of(green_moves_last(), 15)
    red = chits.chit_of(green_moves_last(), 7)
    seen = await green_deals_blue_a_chit(
        tmp_path / "a", monkeypatch, Drawn({"blue": 15, "red": 7, "green": 9})
    )
    other = await green_deals_blue_a_chit(
        tmp_path / "b", monkeypatch, Drawn({"blue": 12, "red": 8, "green": 9})
    )
    [dm] = seen.direct[ALICE]  # her chit, then her turn now (she asked for that too)
    chit, turn = dm.split("\nYour turn in ")
    assert chit.startswith("For your eyes only, as Blue in <#")
    assert f"You draw chit 15, {blue.name}" in chit and "chit 7" not in dm
    assert seen.direct[PEOPLE["red"]] == [] and seen.direct[PEOPLE["green"]] == []
    assert "chit 15" not in turn and blue.name not in turn
    first, again = seen.hands[ALICE]
    assert first.startswith("**Since your last look:**\n• You draw chit 15, ")
    assert "Since your last look" not in again
    first, again = seen.hands[PEOPLE["red"]]
    assert first.startswith(f"**Since your last look:**\n• You draw chit 7, {red.name}")
    assert "Since your last look" not in again
    assert not any("Since your last look" in h for h in seen.hands[PEOPLE["green"]])
    shown = "\n".join(seen.public)
    assert "You draw chit 9" in shown  # Cara's own, in her receipt
    assert blue.name not in shown and red.name not in shown and "chit 15" not in shown
    assert seen.public == other.public and seen.pictures == other.pictures
    assert seen.pings == other.pings
    assert other.direct[ALICE] != seen.direct[ALICE]  # (the two games dealt Blue apart)


async def test_a_direct_message_refused_changes_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice's direct messages refused: the channel is sent the same, pings the same, and her
    hand still says her chit first."""
    dealt = {"blue": 15, "red": 7, "green": 9}
    seen = await green_deals_blue_a_chit(tmp_path / "a", monkeypatch, Drawn(dealt))
    refused = await green_deals_blue_a_chit(
        tmp_path / "b", monkeypatch, Drawn(dealt), dms_fail=True
    )
    assert refused.direct[ALICE] == [] and seen.direct[ALICE]
    assert refused.public == seen.public and refused.pings == seen.pings
    assert refused.hands == seen.hands
    assert refused.hands[ALICE][0].startswith("**Since your last look:**\n• You draw chit 15")
