"""The one search (ai.search) over Vijayanagara: a sampled future is consistent with what the
table knows (2.1: the piles and how many cards of each kind they hold, never an order), the
search decides from that alone, and as an arena contender it takes legal steps."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rules.vijayanagara as vijayanagara
from ai.budget import Budget
from ai.vijayanagara import ismcts, random_ai
from bench.arena import Match, play
from rules.capabilities import search_of
from rules.vijayanagara import GameState, cards_left, deck_for
from rules.vijayanagara.game import GAME

SEARCH = search_of(GAME)


def positions(seed: int, steps: int, every: int) -> list[GameState]:
    """Every `every`-th state of a game of random steps dealt by the seed's dealer."""
    r = random.Random(seed)
    st = vijayanagara.new_game(seed)
    out = []
    for k in range(steps):
        if st.game_over:
            break
        if k % every == 0:
            out.append(st)
        st = vijayanagara.apply(st, random_ai.choose(st, r))
    return out


def test_a_sampled_future_gives_back_the_view_it_was_dealt_from() -> None:
    r = random.Random(1)
    checked = 0
    for st in positions(3, 300, 15):
        view = GAME.view(st, None)
        sampled = SEARCH.sample(view, "D", r.randrange)
        assert sampled.rng is not None and len(sampled.order) == cards_left(view)
        assert GAME.view(sampled, "D") == view
        checked += 1
    assert checked >= 10


def test_the_sampled_order_fills_each_pile_with_cards_of_its_kinds_not_yet_drawn() -> None:
    """2.1: each pile holds so many cards of each kind, a Succession card in its place."""
    st = positions(5, 120, 120)[-1]
    view = GAME.view(st, None)
    order = SEARCH.sample(view, "B", random.Random(2).randrange).order
    deck = deck_for(view.options)
    assert not set(order) & {*view.discards, view.current_card}
    assert len(set(order)) == len(order)
    rest = list(order)
    for pile in view.piles:
        size = sum(pile.values())
        stack, rest = rest[:size], rest[size:]
        kinds = Counter(str(c) if str(c) in pile else deck.cards[c].kind for c in stack)
        assert kinds == Counter({k: n for k, n in pile.items() if n > 0})
    assert rest == []


def test_over_samples_the_cards_to_come_vary() -> None:
    view = GAME.view(vijayanagara.new_game(7), None)
    r = random.Random(3)
    futures = [SEARCH.sample(view, "V", r.randrange) for _ in range(20)]
    assert len({f.order[0] for f in futures}) > 5
    assert len({f.rng for f in futures}) == 20
    # 2.1 deals 24 of the 36 Events and 6 of the 8 Mongol Invasions: which ones varies too
    assert len({frozenset(f.order) for f in futures}) == 20


def test_a_state_that_holds_its_dealer_is_no_view_to_search_from() -> None:
    with pytest.raises(ValueError, match="dealer"):
        SEARCH.sample(vijayanagara.new_game(7), "D", random.Random(0).randrange)


def test_the_search_sees_only_the_table_another_future_gives_the_same_step() -> None:
    """The same position with another dealer (another deck order, other dice): the search,
    with the same seed, takes the same step."""
    st = positions(11, 60, 60)[-1]
    other = SEARCH.sample(GAME.view(st, None), "D", random.Random(9).randrange)
    assert other.order != st.order and other.rng != st.rng
    budget = Budget(iterations=6)
    step = ismcts.choose(st, random.Random(4), budget)
    assert ismcts.choose(other, random.Random(4), budget) == step
    assert step in vijayanagara.legal_actions(st)


def test_the_search_takes_legal_steps_at_a_tiny_budget() -> None:
    r = random.Random(5)
    budget = Budget(iterations=2)
    taken = 0
    for st in positions(13, 200, 20):
        step = ismcts.choose(st, r, budget)
        assert step in vijayanagara.useful_actions(st)
        taken += 1
    assert taken >= 5


def test_the_arena_plays_the_search_as_a_contender() -> None:
    """A whole game against `random`, the search at 1 iteration a decision."""
    game = play(Match(0, 21, vijayanagara.Faction.V, "search", "random", 1, None))
    assert game.ai == "search" and game.seat == "V" and game.decision_ms
