"""Successors as the other players at the table read it: what a seat that is not deciding is
told of another's decision (in its hand, in a refusal), and the examples a decision offers,
each one a step the seat may really type."""

from __future__ import annotations

import re

import pytest
from successors_helpers import BLUE, GREEN, RED, at, holding, moving, order, put, started
from test_successors_hidden import turn_begins

from rules.capabilities import notation_of, talk_of, turns_of
from rules.capabilities.turns import Turns
from rules.successors import GAME, State
from rules.successors.aside import options
from rules.successors.engine import frame
from rules.successors.state import Arm


def waiting_line(s: State, seat: str) -> str:
    return talk_of(GAME).prompt(GAME.view(s, seat), seat)


def test_a_player_looking_at_their_hand_while_another_moves_a_force_reads_whose_force() -> None:
    """Bob opens his hand while Alice's force marches: he reads that Blue moves its force, not
    "waiting for Blue to your force at Egypt"."""
    s = order(moving(put(started(3), "egy", BLUE, inf=2)), "take 2 inf at Egypt")
    said = waiting_line(s, "red")
    assert said == (
        "game turn 2: waiting for Blue to move its force at Egypt (3 MP left): march or take"
    ), said
    assert "move your force at Egypt (3 MP left)" in waiting_line(s, "blue")


def test_a_player_looking_at_their_hand_during_anothers_setup_reads_its_talents_not_theirs() -> (
    None
):
    """Cara opens her hand while Red spends its Talents at the start: the Talents and the home
    are Red's ("its"), never "your"."""
    s = at(started(3, turn=1, money=4), RED, 0, frame("buy", RED, 0, 0))
    said = waiting_line(s, "green")
    assert "your" not in said and "you " not in said, said


def test_a_step_typed_out_of_turn_is_refused_with_the_deciders_decision_in_its_words() -> None:
    """Cara types a march while Alice's force is on the way: the refusal says what Blue must
    do, in Blue's words ("its force"), not as if it were addressed to Blue."""
    s = order(moving(put(started(3), "egy", BLUE, inf=2)), "take 2 inf at Egypt")
    with pytest.raises(ValueError) as refused:
        order(s, "march to Arabia", "green")
    assert "Blue must move its force at Egypt" in str(refused.value), refused.value
    assert "your force" not in str(refused.value)


def test_a_new_player_moving_a_force_of_levies_is_shown_a_drop_of_levies() -> None:
    """Cara, new to the game, takes 2 levies and reads what she may type: every example is a
    step she may play then (no `drop 1 inf` of infantry she lacks, no drop at all before her
    leader's band has marched, Q10; a drop of a levy once it has)."""
    s = order(moving(put(started(3), "egy", BLUE, levy=3)), "take 2 levy at Egypt")
    said = waiting_line(s, "blue")
    assert "`drop 1 inf`" not in said, said
    examples = re.findall(r"`([^`]+)`", said.split("; type ", 1)[1])
    assert examples, said
    for typed in examples:
        order(s, typed)  # each one plays
    led = order(order(s, "take leader at Egypt"), "march to Arabia")  # (l.28, Q10: his band)
    said = waiting_line(led, "blue")
    assert "`drop 1 levy`" in said and "`halt`" in said, said


def test_the_others_read_a_standing_order_fired_with_its_moment_in_words_not_a_code() -> None:
    """Cara armed General levy for the turn's start; as the game turn begins Alice and Bob
    read when it answered ("armed for the start of a game turn"), not the keyword typed to
    arm it ("(turn)")."""
    s = holding(started(3), GREEN, 14)
    s = GAME.apply(s, Arm("green", 14, "turn"))
    said = [x for x in turn_begins(s).news if "plays chit 14" in x]
    assert said == [
        "Green plays chit 14 (General levy), a standing order armed for the start of a game turn"
    ], said


@pytest.mark.parametrize(
    ("money", "said"),
    [
        (0, "your treasury is empty: you have no Talent to give (l.12)"),
        (3, "you have 3 Talents to give: at most 3: `give 3 to red` (l.12)"),
        (1, "you have 1 Talent to give: `give 1 to red` (l.12)"),
    ],
)
def test_a_gift_beyond_the_treasury_is_refused_with_what_the_giver_holds(
    money: int, said: str
) -> None:
    """Cara gives Bob more than her treasury holds: the refusal says what she has (and that
    she has nothing when her treasury is empty), not "give 1 to 0 Talents", nor "give 1 to 3"
    (read as a gift of 1 to a third player)."""
    s = at(started(3, money=money), BLUE, 4, frame("move", BLUE))
    with pytest.raises(ValueError) as refused:
        order(s, "give 5 to red", "green")
    assert said in str(refused.value), refused.value


def test_a_chit_armed_already_is_not_offered_armed_again_for_the_same_moment() -> None:
    """Cara armed Hidden treasure for her revenue: her hand offers to arm it for the other
    moment (want of money) or to disarm it, not the standing order she has already."""
    s = GAME.apply(holding(started(3), GREEN, 5), Arm("green", 5, "revenue"))
    offered = [notation_of(GAME).describe(GAME.view(s, "green"), a) for a in options(s, GREEN)]
    assert "arm 5 for revenue" not in offered, offered
    assert "arm 5 for short" in offered and "disarm 5" in offered, offered


def test_a_player_reading_their_standing_orders_in_their_hand_reads_each_moment_in_words() -> None:
    """Cara armed General levy for the turn's start and Revolt fails for a revolt: her hand
    says when each answers as the table does ("for the start of a game turn"), in her own
    words ("your provinces"), never the keyword she typed to arm it ("for turn")."""
    s = GAME.apply(holding(started(3), GREEN, 14, 15), Arm("green", 14, "turn"))
    s = GAME.apply(s, Arm("green", 15, "revolt"))
    mine = talk_of(GAME).private_summary(GAME.view(s, "green"))
    orders = mine.split("Your standing orders: ", 1)[1]
    assert orders == (
        "chit 14 (General levy) for the start of a game turn, kept armed through game turns "
        "that start with an enemy holding your home; "
        "chit 15 (Revolt fails) for a revolt in your provinces."
    ), orders
    assert "(armed for the start of a game turn)" in mine, mine


def test_a_player_given_talents_or_whose_alliance_ends_has_nothing_to_answer() -> None:
    """Cara is offered an alliance: that asks her answer. Once she has answered, Alice's gift
    to her or the alliance broken with her is news for her, nothing to answer (l.12, l.32);
    a game that does not tell them apart keeps pointing every seat to its hand."""
    turns = turns_of(GAME)
    s = at(started(3), BLUE, 4, frame("move", BLUE))
    offered = order(s, "offer green", "blue")
    assert turns.awaits_answer(offered, "green") and not turns.awaits_answer(offered, "red")
    allied = order(offered, "accept blue", "green")
    for news in (order(allied, "give 1 to green", "blue"), order(allied, "break with green")):
        assert not turns.awaits_answer(news, "green")
    assert Turns(GAME).awaits_answer(allied, "green")  # (the plain turns: today's pointer)
