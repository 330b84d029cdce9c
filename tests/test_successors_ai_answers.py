"""Successors: an alliance offered to an AI seat is answered at once, as a person at the table
answers it, not at the AI's next decision a turn later: the answer is stored as the AI seat's
own step right after the step before it (the offer, or any step stored after it), before any
other, and announced after it. Alice (Blue) and Bob (Red) are people, Green the greedy AI, in
Alice's movement (unless a test says otherwise). Through the real discord.py library with its
HTTP layer faked at the wire, and at the terminal."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from discord_env import Env, running_bot
from discord_fake import CHANNEL, FakeDiscord
from discord_limits import within_discords_limits
from fakes import FakeRenderer
from successors_helpers import BLUE, GREEN, RED, allied, at, controlled, put, started
from test_successors_discord_asides import sc, started_and_an_ai_steps

from ai.successors import choose, why
from bot.table.ai_users import ai_user
from bot.terminal.local import amain
from db import GameRecord, NewAction
from rules.successors import GAME, State, Successors
from rules.successors import state as st
from rules.successors.engine import frame

ALICE, BOB = 21, 22
GREEDY = ai_user("greedy")
ALLIES = "• Green and Blue are allies (l.32)"  # Green accepted Blue's offer


def blues_movement(*, red_leads: bool) -> State:
    """Blue's movement, game turn 2. Green accepts an alliance only against a third seat
    standing first (policy.py): Red, when `red_leads` (40 Talents); else Blue stands first
    (the earliest of the seats standing level), and Green refuses."""
    s = at(started(3), BLUE, 4, frame("move", BLUE))
    if red_leads:
        s.money = tuple(40 if seat == RED else m for seat, m in enumerate(s.money))
    return s


async def seated(fake: FakeDiscord) -> None:
    """Alice opens the game as Blue, Bob joins as Red, the greedy AI takes Green; it starts."""
    await sc(fake, ALICE, "create", seat="blue")
    await sc(fake, BOB, "join", seat="red")
    await sc(fake, ALICE, "ai", seat="green", level="greedy")
    await sc(fake, ALICE, "start")


Logged = list[tuple[str | None, int | None, str]]  # (seat, user, kind) of each step


async def logged(env: Env) -> Logged:
    """The game's stored steps: who played each (seat, user) and what."""
    game = await env.service.store.open_game(str(CHANNEL))
    assert game is not None
    steps = await env.service.store.actions(game.id)
    return [(a.faction, a.user_id, str(a.action.get("kind", ""))) for a in steps]


async def offers_waiting(env: Env) -> tuple[tuple[int, int], ...]:
    """The alliances offered and not answered yet: (offering seat, seat offered to)."""
    game = await env.service.store.open_game(str(CHANNEL))
    assert game is not None
    state = await env.service.loader.state_of(game)
    assert isinstance(state, State)
    return state.offers


async def at_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, built: State, orders: list[str]
) -> str:
    """`chaupal-local --game successors --play blue` from `built`, the orders typed: what
    it printed."""
    monkeypatch.setattr(Successors, "new_game", lambda *_: built.clone())
    out = io.StringIO()
    args = ["--game", "successors", "--play", "blue", "--seed", "3"]
    args += ["--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]
    await amain(args, iter(orders), out, FakeRenderer())
    return out.getvalue()


def channel_text(fake: FakeDiscord) -> str:
    return "\n".join(m.content for m in fake.visible if m.channel_id == CHANNEL)


async def sent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user: int, order: str, *, red_leads: bool
) -> tuple[FakeDiscord, Logged, tuple[tuple[int, int], ...]]:
    """A bot at Blue's movement (`blues_movement`), seated, after `user` sent `order`: what
    Discord shows, the steps logged and the alliances offered and not answered yet."""
    built = blues_movement(red_leads=red_leads)
    monkeypatch.setattr(Successors, "new_game", lambda *_: built.clone())
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake) as env:
        await seated(fake)
        await sc(fake, user, "play", order=order)
        return fake, await logged(env), await offers_waiting(env)


async def test_an_alliance_offered_to_an_ai_that_accepts_is_answered_right_after_the_offer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Red leads: Alice offers Green an alliance in her movement, and Green accepts at once:
    its acceptance is the step stored right after her offer, the greedy AI's own, and the
    channel reads it under the offer; Alice's receipt stays her own."""
    fake, steps, _ = await sent(tmp_path, monkeypatch, ALICE, "offer green", red_leads=True)
    assert steps[-2:] == [("blue", ALICE, "offer"), ("green", GREEDY, "accept")], steps
    text = channel_text(fake)
    offered = text.index("• Blue offers an alliance to Green (l.32)")
    assert text.index(ALLIES) > offered, text
    after = text[text.index(ALLIES) :]
    assert (
        "_Why Green accepts: an alliance against Red, who stands first (points now plus income: Red "
        in after
    )
    assert fake.private_to(ALICE)[-1].content == "✓ Played: `offer green`"
    within_discords_limits(fake)


async def test_an_alliance_offered_to_an_ai_that_refuses_is_refused_at_once_pinging_the_offerer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Blue stands first: Bob offers Green an alliance while Alice moves, and Green refuses at
    once, the step stored right after his offer; the refusal comes in the message after the
    one with his offer and pings Bob as news for him, as any step for him does, while Alice
    still decides: the ping first, then the refusal and its why below it."""
    fake, steps, _ = await sent(tmp_path, monkeypatch, BOB, "offer green", red_leads=False)
    assert steps[-2:] == [("red", BOB, "offer"), ("green", GREEDY, "refuse")], steps
    offered, told = fake.visible[-2:]
    assert "• Red offers an alliance to Green (l.32)" in offered.content, offered.content
    assert told.content.startswith(  # why, in the policy's words (a trial read no reason)
        f"**Red** <@{BOB}>: a step below is for you to read (nothing to answer).\n"
        "• Green refuses Red's alliance\n_Why Green refuses: it allies only against a player standing ahead "
        "of both (points now plus income: Blue 5 points + 6 income, Green 5 points + 6 "
        "income, Red 5 points + 5 income)._\n"
    ), told.content  # (a trial saw the score alone and could not tell who "stands first")
    assert f"**Next:** Blue <@{ALICE}>" in told.content and fake.pings(BOB) == [told]
    within_discords_limits(fake)


async def test_an_alliance_offered_to_a_person_waits_for_them_while_the_ai_answers_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice offers an alliance to Bob and to Green in one order: Green answers its own at
    once; nobody answers Bob's for him, which waits for him."""
    order = "offer red; offer green"
    fake, steps, waiting = await sent(tmp_path, monkeypatch, ALICE, order, red_leads=True)
    assert steps[-3:] == [
        ("blue", ALICE, "offer"),
        ("blue", ALICE, "offer"),
        ("green", GREEDY, "accept"),
    ], steps
    assert waiting == ((BLUE, RED),)
    assert "Red refuses" not in channel_text(fake) and "Red and Blue" not in channel_text(fake)


async def test_an_answer_that_fails_to_be_stored_leaves_the_offer_and_comes_after_the_next_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Storing Green's answer fails once (the database refuses it): Alice's offer stays stored
    and announced, with her receipt, and the offer still waits; Green answers after the next
    step stored (here Alice's next order)."""
    built = blues_movement(red_leads=True)
    monkeypatch.setattr(Successors, "new_game", lambda *_: built.clone())
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake) as env:
        await seated(fake)
        store = env.service.store
        append = store.append_actions
        refused: list[list[NewAction]] = []

        async def failing_once(
            game_id: int, version: int, new: list[NewAction], **kw: Any
        ) -> GameRecord:
            if not refused and any(a.user_id == GREEDY for a in new):
                refused.append(new)
                raise OSError("disk full")
            return await append(game_id, version, new, **kw)

        monkeypatch.setattr(store, "append_actions", failing_once)
        await sc(fake, ALICE, "play", order="offer green")
        after_offer = await logged(env)
        waiting = await offers_waiting(env)
        text = channel_text(fake)
        receipt = fake.private_to(ALICE)[-1].content
        await sc(fake, ALICE, "play", order="offer red")
        after_next = await logged(env)
    assert refused and after_offer[-1] == ("blue", ALICE, "offer"), (refused, after_offer)
    assert "• Blue offers an alliance to Green (l.32)" in text and ALLIES not in text, text
    assert receipt == "✓ Played: `offer green`" and waiting == ((BLUE, GREEN),)
    assert after_next[-2:] == [("blue", ALICE, "offer"), ("green", GREEDY, "accept")]
    within_discords_limits(fake)


async def test_an_offer_waiting_for_an_ai_is_answered_right_after_another_ais_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice's offer to Red waits (Red and Green are the greedy AI; as a failed store leaves
    it): Green's step, the next one stored, brings Red's refusal right after it, stored as
    Red's own step and delivered after Green's, pinging Alice."""
    built = at(started(3), GREEN, 4, frame("move", GREEN))
    built.offers = ((BLUE, RED),)
    monkeypatch.setattr(Successors, "new_game", lambda *_: built.clone())
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake) as env:
        await sc(fake, ALICE, "create", seat="blue")
        for seat in ("red", "green"):
            await sc(fake, ALICE, "ai", seat=seat, level="greedy")
        await started_and_an_ai_steps(env, fake)
        steps = await logged(env)
    played = [s for s in steps if s[0] is not None]  # (not the dice or chits Green's dealt)
    first = next(i for i, s in enumerate(played) if s[0] == "green")
    assert played[first + 1] == ("red", GREEDY, "refuse"), steps  # (Green may offer after it)
    assert "• Red refuses Blue's alliance" in channel_text(fake)
    assert "Red refuses Blue's alliance" in fake.pings(ALICE)[-1].content
    within_discords_limits(fake)


async def test_at_the_terminal_an_ai_answers_an_alliance_right_after_the_offer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`chaupal-local --game successors`: you (Blue) offer Green an alliance while Red leads;
    Green's acceptance is printed right under your offer and its `Next:` line, before you
    type anything else."""
    built = blues_movement(red_leads=True)
    lines = (await at_the_terminal(tmp_path, monkeypatch, built, ["offer green", "quit"])).split(
        "\n"
    )
    offered = next(i for i, line in enumerate(lines) if line.startswith("• Blue offers"))
    assert lines[offered + 1].startswith("Next: Blue — "), lines[offered:]
    assert lines[offered + 2].startswith(ALLIES), lines[offered:]


def blue_calls_green(*, green_at: str) -> State:
    """Blue's movement, game turn 2, Green its ally: Blue's 1 infantry beside Red's 2 in
    Arabia, Green's 2 infantry in `green_at`."""
    s = put(put(started(3), "ara", BLUE, inf=1), "ara", RED, inf=2)
    s = allied(put(s, green_at, GREEN, inf=2), BLUE, GREEN)
    return at(s, BLUE, 4, frame("move", BLUE))


@pytest.mark.parametrize(
    ("green_at", "why"),
    [
        (
            "syr",
            "Why: Green, called by its ally Blue, joins Blue's battle in Arabia with 2 infantry: "
            "Blue's 1 unit there could not win it alone; won, the area goes to Green, the ally "
            "with more units there (l.10).",
        ),
        (
            "sog",
            "Why: Green, called by its ally Blue, ends its movement: none of Blue's battles is "
            "within its reach (it joins none in Blue's own provinces, which its units would "
            "take from Blue, l.10).",
        ),
    ],
)
async def test_an_ai_ally_called_to_move_says_why_it_joins_a_battle_or_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, green_at: str, why: str
) -> None:
    """A trial called its AI ally, which ended its movement at once with no word of why (l.32;
    Q12): the ally's move in the caller's turn ends with its why, as an AI's turn does."""
    built = blue_calls_green(green_at=green_at)
    lines = (await at_the_terminal(tmp_path, monkeypatch, built, ["call green", "quit"])).split(
        "\n"
    )
    ended = next(i for i, line in enumerate(lines) if "Green ends its movement" in line)
    assert lines[ended + 1] == why, lines[ended - 3 :]
    assert lines[ended + 2].startswith("Next: Blue — "), lines[ended:]


async def test_an_undo_after_an_ais_answer_at_once_is_told_that_a_step_aside_stops_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial's `undo` right after its AI ally ended their alliance at once was told that
    nothing is taken back past "a hand-off to another seat", which it had not seen: a step
    aside, anyone's, is named among what no undo goes past."""
    s = put(controlled(started(3), GREEN, "syr"), "ara", BLUE, levy=1)
    built = at(allied(s, BLUE, GREEN), BLUE, 4, frame("move", BLUE))
    text = await at_the_terminal(
        tmp_path, monkeypatch, built, ["move 1 levy Arabia Syria", "undo", "board", "quit"]
    )
    assert "• Green will end its alliance with Blue" in text, text
    # the same decision after the AI's answer: said once in full (a trial read it thrice)
    # (its first words kept: a trial told "the same decision as above" could not tell which)
    assert "\nNext: Blue — game turn 2: move a force, or end movement (as above)\n" in text, text
    # once before; and in full for `board`, asked by the keyboard
    assert text.count("Next: Blue — game turn 2: move a force (take pieces") == 3, text
    assert (
        "! `undo`: nothing to undo (steps cannot be taken back past a die roll, a chit dealt, "
        "anyone's step aside (a gift, a ransom, a chit, an alliance offered, answered or "
        "ended) or a hand-off to another seat)."
    ) in text, text


def test_a_called_allys_why_is_said_once_at_its_moves_end_not_at_a_later_step_of_his_turn() -> None:
    """The why of a called ally's move follows its movement's end; a step of its later in
    its ally's turn (a retreat in his combat) is not explained as that move again."""
    s = GAME.apply(blue_calls_green(green_at="syr"), st.Call("green"))
    start = s
    while GAME.to_move(s) == "green":
        s = GAME.apply(s, choose("greedy", GAME.view(s, "green"), random.Random(0)))
    said = why.called_why(GAME.view(start, None), GAME.view(s, None), "green", "greedy")
    assert said is not None and said.startswith("_Why: Green, called by its ally Blue, joins Blue")
    s = GAME.apply(s, st.EndMove())  # Blue's combat
    assert s.frames[-1][0] == "combat"
    assert why.called_why(GAME.view(start, None), GAME.view(s, None), "green", "greedy") is None


def test_a_called_allys_why_says_a_tie_of_units_leaves_the_area_with_its_controller() -> None:
    """A trial read "won, the area goes to Green, the ally with more units there" for as many
    units as its own: a tie leaves the area with its controller (l.10; Q3)."""
    s = put(put(started(3), "ara", BLUE, inf=1), "ara", RED, inf=2)
    s = allied(put(s, "syr", GREEN, inf=1), BLUE, GREEN)
    s = GAME.apply(at(s, BLUE, 4, frame("move", BLUE)), st.Call("green"))
    start = s
    while GAME.to_move(s) == "green":
        s = GAME.apply(s, choose("greedy", GAME.view(s, "green"), random.Random(0)))
    said = why.called_why(GAME.view(start, None), GAME.view(s, None), "green", "greedy")
    assert said == (
        "_Why: Green, called by its ally Blue, joins Blue's battle in Arabia with 1 infantry: "
        "Blue's 1 unit there could not win it alone; won, the area stays with its controller, "
        "a tie of the allies' units (l.10; Q3)._"
    )
