"""Successors' chits played now: a play that could do nothing is refused, the chit kept, with
the chit's words and what would make it useful; the hand lists the chits its seat may play
and arm now, from the check that judges the plays (aside.options), and why not the others."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from fakes import FakeRenderer
from successors_helpers import (
    BLUE,
    GREEN,
    RED,
    controlled,
    fleets,
    holding,
    moving,
    order,
    put,
    random_playout,
    started,
)

from bot.terminal.local import amain
from rules.capabilities import talk_of, turns_of
from rules.errors import IllegalAction
from rules.successors import GAME, State
from rules.successors.notation import parse
from rules.successors.state import CAPTIVE, Arm, Play

FAIR_WINDS = '"In your movement phase one fleet move gets 2 more movement points"'


def refused(s: State, text: str) -> str:
    """The reason the order is refused to its seat (Blue), read from Blue's own view."""
    with pytest.raises(IllegalAction) as said:
        order(s, text, "blue")
    return said.value.reason


def hand(s: State, seat: str = "blue") -> str:
    return talk_of(GAME).private_summary(GAME.view(s, seat))


def test_fair_winds_with_no_fleet_is_refused_and_the_chit_kept() -> None:
    s = holding(moving(started(3)), BLUE, 10)
    assert refused(s, "play 10") == (
        f"chit 10 (Fair winds) would do nothing now ({FAIR_WINDS}): you have no "
        "fleet; play it when one of yours can move"
    )
    with pytest.raises(ValueError, match="you have no fleet"):
        GAME.apply(s, Play("blue", 10))


def test_fair_winds_once_every_fleet_has_sailed_is_refused_but_allowed_while_one_sails() -> None:
    s = holding(fleets(moving(started(3)), "egy", BLUE, 1), BLUE, 10)
    sailing = order(s, "take 1 fleets at Egypt, sail to Egyptian Sea")
    boosted = GAME.apply(sailing, Play("blue", 10))
    assert boosted.force is not None and boosted.force.bonus == 2
    anchored = order(sailing, "halt")
    assert refused(anchored, "play 10").endswith(
        "each of your fleets has moved in this movement phase; play it in a later one"
    )


def test_forced_march_whose_leader_cannot_set_out_is_refused() -> None:
    s = holding(put(moving(started(3)), "egy", BLUE, inf=1), BLUE, 1)
    marched = order(s, "move leader Egypt Arabia")
    assert refused(marched, "play 1").endswith(
        "your leader's move is over in this movement phase; play it in a later one before he "
        "sets out"
    )
    sailing = order(fleets(s, "egy", BLUE), "take 1 fleet at Egypt, embark leader at Egypt")
    assert refused(sailing, "play 1").endswith(
        "your leader sails with a fleet, not with a force on land; play it in a later movement "
        "phase"
    )
    captive = s.clone()
    captive.leaders = (CAPTIVE + RED, *s.leaders[1:])
    assert refused(captive, "play 1").endswith(
        "your leader is a captive; play it in a movement phase once he is free"
    )
    fever = s.clone()
    fever.pinned = (1, 0, 0)  # EVEN 43: the roller's leader may not move this turn
    fever.memo = None
    assert refused(fever, "play 1").endswith(
        "your leader may not move this turn (the event); play it in a later movement phase"
    )


def test_mercenaries_with_no_white_counter_of_theirs_left_are_refused() -> None:
    s = holding(started(3), BLUE, 2, 3)  # 2: 1 cavalry, 3: 2 infantry
    s.white_pool = (s.white_pool[0], s.white_pool[1], 0, s.white_pool[3])
    assert refused(s, "play 2").startswith(
        'chit 2 (Mercenaries) would do nothing now ("1 white cavalry joins you with '
        'your leader or in your home"): no white cavalry is left to hire; play it when some are'
    )
    assert order(s, "play 3", "blue").hands[BLUE] == (2,)


def test_a_cavalry_raid_on_a_player_with_no_talent_is_refused() -> None:
    s = controlled(holding(put(moving(started(3)), "egy", BLUE, cav=1), BLUE, 19), RED, "ara")
    s.money = (10, 0, 10)
    assert refused(s, "play 19") == (
        'chit 19 (Cavalry raid) would do nothing now ("One of your cavalry raids an '
        "area next to it that another player controls. Roll 1-2 he pays you 1, 3-4 he pays 2, "
        '5 he pays 3, 6 the raider is eliminated"): Red has no Talent to pay; play it when '
        "one has"
    )
    assert "; not now: Red has no Talent to pay; play it when one has." in hand(s)
    paying = controlled(s, GREEN, "cyr")  # Green's Cyrenaica, next to Egypt, pays
    assert refused(paying, "play 19 from Egypt to Arabia").endswith(
        "Red has no Talent to pay; play it when one has"
    )
    assert order(paying, "play 19", "blue").frames[-1][0] == "raid_dice"
    assert "play it now: `play 19 from Egypt to Cyrenaica`." in hand(paying)


def test_a_turn_order_armed_in_the_last_game_turn_is_refused() -> None:
    last = holding(started(3, turn=12), BLUE, 12)
    with pytest.raises(ValueError, match=r"would never be played .*: this is the last game turn"):
        GAME.apply(last, Arm("blue", 12, "turn"))
    assert "arm 12" not in hand(last)
    assert "arm it: `arm 12 for turn`" in hand(holding(started(3, turn=11), BLUE, 12))


def test_the_hand_lists_the_chits_its_seat_may_play_and_arm_now_and_why_not_the_others() -> None:
    """`hand` said "play it: `play 10` (in your movement phase)" with no fleet to move, and
    the same of every chit whatever the moment: a play it offered could be refused."""
    s = holding(moving(started(3)), BLUE, 5, 10, 15)
    mine = hand(s)
    assert (
        "chit 5, Hidden treasure: Gain 3 Talents; play it now: `play 5`; arm it: "
        "`arm 5 for short` or `arm 5 for revenue`." in mine
    )
    assert (
        "chit 10, Fair winds: In your movement phase one fleet move gets 2 more movement "
        "points; not now: you have no fleet; play it when one of yours can move." in mine
    )
    assert (
        "chit 15, Revolt fails: A revolt just rolled in one of your provinces does not happen; "
        "arm it: `arm 15 for revolt`." in mine
    )
    theirs = holding(fleets(moving(started(3), RED), "egy", BLUE, 1), BLUE, 10)
    assert "; not now: played in your own movement phase only." in hand(theirs)
    assert "play it now: `play 10`" in hand(
        holding(fleets(moving(started(3)), "egy", BLUE), BLUE, 10)
    )


def test_every_chit_play_and_order_the_hand_offers_is_allowed() -> None:
    """Through a random game, Blue holding every chit of the cup at times: each `play` and
    `arm` its hand offers is read and taken without a refusal."""
    offered: set[str] = set()

    def check(s: State) -> None:
        if GAME.chance(s) is not None or s.phase != "play" or BLUE in s.out:
            return
        if len(offered) > 400 or hash((s.turn, s.current, len(s.news))) % 7:
            return
        t = holding(s, BLUE, *s.cup)
        for typed in re.findall(r"`((?:play|arm) [^`]+)`", hand(t)):
            for a in parse(GAME.view(t, "blue"), typed, "blue"):
                GAME.apply(t, a)  # raises if refused
            offered.add(typed.split(" ")[0] + typed.split(" ")[1])

    random_playout(3, 4, check)
    assert len({o for o in offered if o.startswith("play")}) >= 5, offered


async def test_in_the_terminal_the_hand_offers_no_chit_play_that_would_be_refused(
    tmp_path: Path,
) -> None:
    """Seed 3: Blue draws Tax farmers and General levy before its first movement. `hand` said
    "play it: `play 11` (in your revenue phase)" in its movement; it says why not now and
    offers the standing orders allowed, and `play 11` is refused to Blue for that reason."""
    out = io.StringIO()
    args = ["--game", "successors", "--play", "blue", "--seed", "3"]
    args += ["--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]
    typed = ["home Egypt", "buy 3 levy 1 inf at Egypt", "hand", "play 11", "quit"]
    await amain(args, iter(typed), out, FakeRenderer())
    text = out.getvalue()
    assert (
        "chit 11, Tax farmers: In your revenue phase gain 2 Talents; not now: played in your own "
        "revenue phase only, while you buy (armed, it plays there by itself); arm it: `arm 11 for "
        "revenue`. | chit 14, General levy: At the start "
        "of a game turn receive 2 levies in your home; arm it: `arm 14 for turn`." in text
    )
    assert "! `play 11` was refused: played in your own revenue phase only, while you buy" in text
    assert "Blue plays chit" not in text


def test_a_spy_on_a_player_holding_no_chit_is_refused_alike_in_the_seats_view() -> None:
    """A Spy on an empty hand saw nothing and was spent; how many chits a hand holds is
    public, so the seat's own view lists the same plays the engine allows."""
    s = holding(holding(started(3), BLUE, 18), RED, 4)
    with pytest.raises(ValueError, match="Green holds no chit: your Spy would see nothing"):
        GAME.apply(s, Play("blue", 18, "", "green"))
    plays = [a for a in turns_of(GAME).steps_aside(s, "blue") if isinstance(a, Play)]
    seen = GAME.view(s, "blue").state
    assert [a for a in turns_of(GAME).steps_aside(seen, "blue") if isinstance(a, Play)] == plays
    assert Play("blue", 18, "", "red") in plays and Play("blue", 18, "", "green") not in plays
