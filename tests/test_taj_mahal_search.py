"""Taj Mahal's search capability deals the cards a seat cannot see anew: the others' hands
and the drawing deck, consistently with everything the seat's view shows (its hand, the
supply, the discard pile, the cards on the table, each hand's size, the deck's size)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from taj_helpers import CARDS, started

from rules.capabilities import search_of
from rules.taj_mahal import GAME, SEATS, Draw, Play, State, TajOptions, leads
from rules.taj_mahal.search import unseen

SEARCH = search_of(GAME)


def positions(seed: int, players: int, every: int = 7) -> list[State]:
    """Every `every`-th state of a random game, chance steps included, to the end."""
    rng = random.Random(seed)
    s = GAME.new_game(TajOptions(), SEATS[:players])
    out = [s]
    while GAME.result(s) is None:
        if GAME.to_move(s) is None:
            s = GAME.apply(s, GAME.deal(s, rng.randrange))
        else:
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        out.append(s)
    return [*out[::every], out[-1]]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_sampled_state_gives_back_the_seats_own_view(players: int) -> None:
    r = random.Random(players)
    checked = 0
    for s in positions(players, players):
        for seat in (*s.seats, None):
            view = GAME.view(s, seat)
            sampled = SEARCH.sample(view, seat, r.randrange)
            assert GAME.view(sampled, seat) == view
            checked += 1
    assert checked > 100


def test_the_sampled_hands_and_deck_hold_exactly_the_cards_out_of_sight() -> None:
    s = positions(11, 4, every=40)[2]
    assert s.phase != "over" and s.visit > 0
    view = GAME.view(s, "orange")
    sampled = SEARCH.sample(view, "orange", random.Random(1).randrange)
    hidden = [*sampled.deck, *(k for i, h in enumerate(sampled.hands) if i != 1 for k in h)]
    assert Counter(hidden) == Counter(unseen(view))
    assert sampled.hands[1] == s.hands[1]  # its own hand as it is


def test_over_many_samples_each_unseen_card_goes_to_each_place_as_often_as_its_size() -> None:
    """A card out of sight is in another's hand or the deck with the chance each holds of the
    unseen cards: nothing the view does not tell steers it."""
    s = started(3, seed=5)
    view = GAME.view(s, "blue")
    card = unseen(view)[0]
    copies = unseen(view).count(card)
    sizes = {"orange": len(s.hands[1]), "brown": len(s.hands[2]), "deck": len(s.deck)}
    total = sum(sizes.values())
    r = random.Random(3)
    found = Counter[str]()
    runs = 3000
    for _ in range(runs):
        t = SEARCH.sample(view, "blue", r.randrange)
        found["orange"] += t.hands[1].count(card)
        found["brown"] += t.hands[2].count(card)
        found["deck"] += t.deck.count(card)
    for place, size in sizes.items():
        expected = runs * copies * size / total
        assert abs(found[place] - expected) < 5 * expected**0.5 + 5, (place, found, expected)


def test_the_seats_own_hand_and_the_open_cards_are_never_dealt_to_another() -> None:
    s = started(3, seed=8)
    view = GAME.view(s, "brown")
    r = random.Random(2)
    for _ in range(200):
        t = SEARCH.sample(view, "brown", r.randrange)
        for kind, n in Counter(CARDS.deck).items():
            placed = sum(h.count(kind) for h in t.hands) + t.deck.count(kind)
            assert placed + t.supply.count(kind) + t.discard.count(kind) == n


def test_a_view_showing_more_cards_than_the_deck_holds_is_refused() -> None:
    s = started(3, seed=2)
    view = GAME.view(s, "blue")
    view.state.supply = view.state.supply + tuple(CARDS.deck)  # every card, and more
    with pytest.raises(ValueError, match="more copies of a card than the deck holds"):
        SEARCH.sample(view, "blue", random.Random(0).randrange)


def test_a_view_whose_sizes_do_not_add_up_is_refused() -> None:
    s = started(3, seed=2)
    view = GAME.view(s, "blue")
    view.deck_size += 1
    with pytest.raises(ValueError, match="cards out of sight"):
        SEARCH.sample(view, "blue", random.Random(0).randrange)


def test_a_sample_is_made_for_the_seat_whose_view_it_is() -> None:
    s = started(3, seed=2)
    with pytest.raises(ValueError, match="the view is blue's, not orange's"):
        SEARCH.sample(GAME.view(s, "blue"), "orange", random.Random(0).randrange)


def test_a_card_another_seat_draws_is_seen_as_a_card_drawn_and_a_play_as_it_is() -> None:
    s = started(3, seed=2)
    assert SEARCH.observed(s, Draw("orange", 3), "blue") == SEARCH.observed(
        s, Draw("orange", 9), "blue"
    )
    assert SEARCH.observed(s, Draw("orange", 3), "orange") != SEARCH.observed(
        s, Draw("orange", 9), "orange"
    )
    assert SEARCH.observed(s, Play(3), "blue") == Play(3)


def test_a_seats_lead_counts_its_hand_as_the_game_end_would_score_it() -> None:
    """Game end: 1 a card of the longest colour (and a white card, a special card): four
    green cards are 4 points, one yellow card 1, no card none."""
    green, yellow = [k for k in (34, 36, 42, 45)], 30
    assert {CARDS.kinds[k].colour for k in green} == {"green"}
    s = started(3, seed=2)
    s.scores, s.hands = (10, 15, 12), (tuple(green), (), (yellow,))
    assert leads(s) == {"blue": -1.0, "orange": 1.0, "brown": -2.0}


def test_at_the_end_a_lead_is_the_final_scores_hands_scored_already() -> None:
    s = started(3, seed=2)
    s.scores, s.phase = (10, 15, 12), "over"
    assert leads(s) == {"blue": -5.0, "orange": 3.0, "brown": -3.0}
