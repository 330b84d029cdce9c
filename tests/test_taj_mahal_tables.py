"""Taj Mahal's listing of steps, checked against the rules read plainly: the majorities of
Withdraw for any cards played, and every choice of cards from the supply (Finishing a
withdrawal), whatever the counts: a sample of cases in the suite, as many as you like with
`CHAUPAL_EXAMPLES=300 .venv/bin/python -m pytest tests/test_taj_mahal_tables.py`."""

from __future__ import annotations

import os
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st
from taj_helpers import CARDS, arrange, started

from rules.taj_mahal import GAME, State
from rules.taj_mahal.components import COURT, ELEPHANT, GRAND_MOGUL, SYMBOLS
from rules.taj_mahal.engine import majorities
from rules.taj_mahal.state import NO, Take

COLOURED_OR_WHITE = [k for k, c in enumerate(CARDS.colour_of) if c <= 4]
EXAMPLES = int(os.environ.get("CHAUPAL_EXAMPLES") or "60")
SUPPLY_KINDS = st.lists(st.sampled_from(COLOURED_OR_WHITE), min_size=1, max_size=9)


def plain_counts(played: tuple[int, ...]) -> list[int]:
    return [sum(CARDS.kinds[k].counts[i] for k in played) for i in range(len(SYMBOLS))]


def plain_majorities(s: State, w: int) -> tuple[list[int], bool, bool]:
    """Withdraw, read plainly: more of a symbol than each other player still in the visit."""
    mine = plain_counts(s.played[w])
    others = [plain_counts(p) for i, p in enumerate(s.played) if i != w and s.active[i]]
    beats = [all(m > o[i] for o in others) and m > 0 for i, m in enumerate(mine)]
    won = [k for k in COURT if s.court[k] and beats[k]]
    crown = s.crown_city == NO and beats[GRAND_MOGUL]
    return won, crown, s.province_tile_in_court and beats[ELEPHANT]


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(COLOURED_OR_WHITE), max_size=40), min_size=4, max_size=4),
    st.lists(st.booleans(), min_size=3, max_size=3),
)
def test_withdraw_majority_is_more_of_a_symbol_than_each_other_player_still_in(
    played: list[list[int]], active: list[bool]
) -> None:
    s = arrange(started(4), played=tuple(tuple(p) for p in played), active=(True, *active))
    assert majorities(s, 0) == plain_majorities(s, 0)


def test_withdraw_majority_holds_for_the_largest_counts_a_cards_file_allows() -> None:
    """A hundred cards of two symbols each (more than a game holds) are compared exactly."""
    double = max(COLOURED_OR_WHITE, key=lambda k: sum(CARDS.kinds[k].counts))
    for played in (
        ((double,) * 100, (double,) * 99, (double,) * 100),  # a tie is no majority
        ((double,) * 100, (double,) * 99, ()),
        ((double,) * 100, (), ()),
    ):
        s = arrange(started(3), played=played)
        assert majorities(s, 0) == plain_majorities(s, 0)
    assert majorities(s, 0) != ([], False, False)


@settings(max_examples=EXAMPLES, deadline=None)
@given(SUPPLY_KINDS)
def test_finishing_a_withdrawal_offers_every_choice_of_two_supply_cards_once(
    supply: list[int],
) -> None:
    s = arrange(started(3), phase="take", supply=tuple(sorted(supply)))
    n = min(2, len(supply))
    expected = [Take(c) for c in sorted(set(combinations(sorted(supply), n)))]
    assert GAME.legal_actions(s) == expected


def test_the_special_cards_topic_says_which_two_tiles_take_which_card() -> None:
    """A trial had to infer which pair of tiles takes which special card, and lost its +1
    Elephant three times to others' trades without seeing it coming."""
    from rules.taj_mahal.reference import reference

    for topic in ("special cards", "visit end"):
        told = reference(topic)
        assert "two General tiles take the +1 Elephant card" in told, told
        assert "two Princess tiles take the +1 Grand Mogul card" in told, told
        assert "discards the two tiles" in told, told
