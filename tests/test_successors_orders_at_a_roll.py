"""A Successors order that goes past a roll, typed at the terminal: played up to the step
that brings the roll, the rest told as not played, to send again once the roll is seen (a
reveal commits), as in the other games; a trial's `fight green at Mesopotamia; fight red at
Susiana` was refused whole. And the purchases' end is said when it opens a game turn."""

from __future__ import annotations

import asyncio

from terminal_sessions import answered

# seed 3: Green, Blue, then Red choose homes; Red, the last, moves first in every game turn
SETUP = ["home Macedonia", "buy 5 levy at Macedonia", "home Egypt", "buy 2 inf at Egypt; done"]
PAST_THE_ROLL = "home Babylonia; buy 2 inf at Babylonia; done; move 1 inf Babylonia Susiana"


def _printed(last: str) -> str:
    said = asyncio.run(answered("successors", [*SETUP, last], 3))
    return said[-1][1]


def test_an_order_past_a_roll_is_played_up_to_it_and_the_rest_told_as_not_played() -> None:
    text = _printed(PAST_THE_ROLL)
    assert "• Red chooses Babylonia as its home" in text
    assert "• Red buys 2 infantry for 4 Talents at Babylonia (treasury 1)" in text
    assert "Red rolls" in text  # the event roll the `done` brought, dealt
    assert (
        "Step 3 (`done`) revealed the event roll of three dice for Red, so the order ended "
        "there (a reveal commits). Not played: `move 1 inf Babylonia Susiana`: send it again "
        "now that it is seen, if you still mean to."
    ) in text
    assert "! " not in text  # nothing refused
    assert "marches" not in text


def test_the_purchases_end_is_said_before_the_game_turn_it_opens() -> None:
    lines = _printed("home Babylonia; buy 2 inf at Babylonia; done").splitlines()
    done = lines.index("• Red is done buying (treasury 1)")
    assert lines[done + 1] == "• Game turn 1 of 12 begins; order: Red, Blue, Green"


def test_a_step_is_numbered_as_typed_though_it_reads_as_several() -> None:
    """A trial's `buy 3 levy 1 inf at Egypt; done` was told "Step 5 (`done`) was not
    needed": the purchase of two kinds reads as several steps, and was counted so."""
    order = "buy 3 levy 1 inf at Egypt; done; end movement"  # (a last `done` is said nothing of)
    said = asyncio.run(answered("successors", [*SETUP[:3], order], 3))
    assert (
        "(note: Step 2 (`done`) was not needed: that had already ended by itself.)" in (said[-1][1])
    ), said[-1][1]


def test_a_done_past_purchases_that_ended_by_themselves_at_a_roll_is_not_needed() -> None:
    """A trial's last setup purchase, `buy 2 inf 1 levy at Egypt; done`, spent every Talent:
    the purchases ended, the game turn began and its event roll came; the table said "Step 1
    (`buy 1 levy at Egypt`) revealed the event roll ... Not played: `done`", a step never
    typed so and a `done` there was no need to send again."""
    text = _printed("home Babylonia; buy 2 inf 1 levy at Babylonia; done")
    assert "was not needed" not in text  # a last `done`: taken quietly
    assert "Not played" not in text and "`buy 1 levy at Babylonia`" not in text


def test_a_step_read_as_several_is_named_as_typed_where_its_roll_ends_the_order() -> None:
    text = _printed("home Babylonia; buy 2 inf 1 levy at Babylonia; move 1 inf Babylonia Susiana")
    assert (
        "Step 2 (`buy 2 inf 1 levy at Babylonia`) revealed the event roll of three dice for "
        "Red, so the order ended there (a reveal commits). Not played: `move 1 inf Babylonia "
        "Susiana`"
    ) in text, text
