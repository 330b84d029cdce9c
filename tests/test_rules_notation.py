"""The order notation: every action round-trips through describe and parse; space names;
errors that say what was expected; an illegal action leaves the state unchanged."""

from __future__ import annotations

import pytest
from rules_helpers import B, D, M, P, V, blank, put, run, turn

from bot.table.registry import game
from rules import vijayanagara
from rules.capabilities import orders_of
from rules.vijayanagara.actions import (
    CavalryFrom,
    Charge,
    Choose,
    Done,
    Drop,
    Gain,
    Give,
    Go,
    Move,
    Place,
    Remove,
    Replace,
    Screen,
    Select,
    Shift,
    Slot,
    Support,
    Take,
    Target,
    Undo,
)

EXAMPLES: list[vijayanagara.Action] = [
    *(
        Choose(option=o)
        for o in (
            "pass",
            "command+decree",
            "command",
            "limited",
            "event",
            "march",
            "collect-tribute",
            "demand-obedience",
            "amass",
            "plunder",
            "gifts",
            "decline",
            "skip",
        )
    ),
    Select(space="mountain_passes"),
    Place(piece=P.TROOP, count=5, space="delhi"),
    Place(piece=P.REBEL_AMIR, count=1, space="gujarat"),
    Remove(piece=P.RAJA, count=1, space="andhra"),
    Move(piece=P.MONGOL, count=2, origin="mountain_passes", dest="punjab"),
    Move(piece=P.REBEL_RAJA, count=1, origin="karnataka", dest="tamilakam"),
    Replace(old=P.GOVERNOR, new=P.AMIR, space="malwa"),
    Replace(old=P.REBEL_RAJA, new=P.REBEL_AMIR, space="andhra"),
    Replace(old=P.GOVERNOR, new=None, space="rajput"),
    Support(piece=P.TROOP, count=2, space="orissa"),
    Target(faction=V),
    Target(faction=M),
    Charge(die=3),
    Screen(die=1),
    Take(piece=P.GOVERNOR, count=1),
    Drop(piece=P.TROOP, count=3),
    Go(space="jaunpur"),
    Gain(resources=2, cavalry=1),
    Shift(faction=B, delta=1),
    Shift(faction=V, delta=-1),
    Slot(piece=P.RAJA),
    Slot(piece=P.REBEL_AMIR, space="gujarat"),
    CavalryFrom(faction=D),
    Done(),
    Give(giver=D, receiver=B, resources=2, cavalry=1),
    Give(giver=V, receiver=D, resources=3),
    Undo(),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: a.type)
def test_notation_round_trip_every_action_type(action: vijayanagara.Action) -> None:
    text = vijayanagara.describe(None, action)
    assert vijayanagara.parse(None, text) == [action]


def test_notation_round_trip_every_legal_action_in_real_positions() -> None:
    s = vijayanagara.new_game(5)
    seen = 0
    for _ in range(60):
        if s.game_over:
            break
        acts = vijayanagara.legal_actions(s)
        for a in acts:
            assert vijayanagara.parse(s, vijayanagara.describe(s, a)) == [a]
            seen += 1
        s = vijayanagara.apply(s, acts[len(acts) // 2])
    assert seen > 100


def test_notation_spaces_by_id_name_and_unique_prefix() -> None:
    for text in (
        "select mountain_passes",
        "select Mountain Passes",
        "select mount",
        "select MOUNTAIN",
    ):
        assert vijayanagara.parse(None, text) == [Select(space="mountain_passes")]
    assert vijayanagara.parse(None, "select tam") == [Select(space="tamilakam")]
    assert vijayanagara.parse(None, "select Rajput Kingdoms") == [Select(space="rajput")]
    assert vijayanagara.parse(None, "move 2 troop from delhi to rajput kingdoms") == [
        Move(piece=P.TROOP, count=2, origin="delhi", dest="rajput")
    ]


def test_notation_ambiguous_prefix_lists_the_matches() -> None:
    with pytest.raises(vijayanagara.AmbiguousOrder) as err:
        vijayanagara.parse(None, "select ma")
    for name in ("madhyadesh", "maharashtra", "malwa"):
        assert name in str(err.value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("place 2 troop", "a space"),
        ("charge x", "a number"),
        ("place 2 elephant in delhi", "a piece"),
        ("frobnicate delhi", "unknown order"),
        ("select atlantis", "unknown space"),
        ("target Q", "not a faction"),
        ("", "empty"),
    ],
)
def test_notation_malformed_text_says_what_was_expected(text: str, expected: str) -> None:
    with pytest.raises(vijayanagara.InvalidOrder, match=expected):
        vijayanagara.parse(None, text)


def test_a_misspelt_space_is_refused_with_the_space_it_may_mean() -> None:
    """A trial typed `orisa` and read the fifteen spaces, unhelped (Successors' refusals
    guessed already): the likest spaces are named first."""
    with pytest.raises(vijayanagara.InvalidOrder, match=r"'orisa' \(did you mean orissa\?\)"):
        vijayanagara.parse(None, "move 2 amir from madhyadesh to orisa")
    with pytest.raises(vijayanagara.InvalidOrder, match=r"did you mean mountain_passes\?"):
        vijayanagara.parse(None, "select mountin")  # (the id, as the list names it)


def test_notation_several_steps_in_one_order() -> None:
    assert vijayanagara.parse(None, "command; conscript\nplace 5 troop in delhi") == [
        Choose(option="command"),
        Choose(option="conscript"),
        Place(piece=P.TROOP, count=5, space="delhi"),
    ]


def test_illegal_action_raises_and_leaves_the_state_unchanged() -> None:
    s = blank()
    put(s, "delhi", P.TROOP, 2)
    s.resources[D] = 5
    s = run(turn(s, D), "command; conscript")
    before = s.model_dump()
    with pytest.raises(vijayanagara.IllegalAction, match=r"3\.2\.1"):
        vijayanagara.apply(s, Place(piece=P.TROOP, count=6, space="delhi"))
    with pytest.raises(vijayanagara.IllegalAction):
        vijayanagara.apply(s, Move(piece=P.TROOP, count=1, origin="delhi", dest="punjab"))
    with pytest.raises(vijayanagara.IllegalAction):
        vijayanagara.apply(s, Give(giver=B, receiver=V, cavalry=1))
    assert s.model_dump() == before


@pytest.mark.parametrize(
    "text", ["event shaded", "event: shaded", "shaded event", "the event, shaded"]
)
def test_the_event_and_its_side_in_one_step_are_the_two_steps(text: str) -> None:
    state = vijayanagara.new_game(seed=7)
    assert vijayanagara.parse(state, text) == [Choose(option="event"), Choose(option="shaded")]
    after = state
    for action in vijayanagara.parse(state, text):
        after = vijayanagara.apply(after, action)
    assert after.log[-1].startswith("Event ") and after.log[-1].endswith(" done.")


def test_command_and_its_name_read_as_the_option_then_the_command_where_the_option_is_open() -> (
    None
):
    state = vijayanagara.new_game(seed=7)  # Delhi chooses its option (2.3.3)
    assert vijayanagara.parse(state, "command march") == [
        Choose(option="command"),
        Choose(option="march"),
    ]
    # within the Command and Decree option, `command` names March's kind, not an option (4.1)
    assert vijayanagara.parse(state, "command+decree; command march") == [
        Choose(option="command+decree"),
        Choose(option="march"),
    ]
    assert vijayanagara.parse(state, "cd; decree collect tribute; command conscript") == [
        Choose(option="command+decree"),
        Choose(option="collect-tribute"),
        Choose(option="conscript"),
    ]
    assert vijayanagara.parse(state, "limited command conscript") == [
        Choose(option="limited"),
        Choose(option="conscript"),
    ]


def test_a_natural_order_reads_the_same_through_the_game_protocol() -> None:
    g = game("vijayanagara")
    state = vijayanagara.new_game(seed=7)
    steps = orders_of(g).read_order(state, "command+decree march", "D")
    assert [s.action for s in steps] == [Choose(option="command+decree"), Choose(option="march")]
    assert [s.text for s in orders_of(g).read_order(state, "event shaded", "D")] == [
        "event",
        "shaded",
    ]


def test_words_that_name_no_choice_are_still_refused_whole() -> None:
    with pytest.raises(vijayanagara.InvalidOrder, match="unknown order 'event sideways'"):
        vijayanagara.parse(None, "event sideways")
