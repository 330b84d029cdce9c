"""What a search over Taj Mahal (ai.search) may assume of the cards a seat cannot see.

A seat sees its own hand, the supply, the discard pile and the cards played this visit; the
rest of the deck's cards (Preparation: the cards, shuffled) are in the others' hands and the
drawing deck, in any order: the view tells how many each hand holds and how many the deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping

from ..capabilities.search import Search, chance
from ..game import Below, Seat
from .scoring import hand_points
from .state import Action, Draw, Setup, State
from .view import View

SCALE = 5.0  # points of lead that make a win about 3 times as likely as a loss


def unseen(view: View) -> list[int]:
    """The deck's cards `view` does not show, sorted: each kind as often as the deck holds it
    less the copies in sight (the viewer's hand, the supply, the discard pile, the cards on
    the table; special cards are apart from the deck)."""
    s = view.state
    cards = s.cards
    left = Counter(cards.deck)
    specials = set(cards.specials)
    shown = [*view.hand, *s.supply, *s.discard, *(k for p in s.played for k in p)]
    if s.phase == "over":  # the hands are shown at the end
        shown = [*s.supply, *s.discard, *(k for h in s.hands for k in h)]
        shown += [k for p in s.played for k in p]
    for k in shown:
        if k not in specials:
            left[k] -= 1
    if any(n < 0 for n in left.values()):
        raise ValueError("the view shows more copies of a card than the deck holds")
    return sorted(left.elements())


def hidden_hand_size(view: View, i: int) -> int:
    """How many cards seat `i` holds apart from its special cards (the view's hand sizes
    count those, which are on the table for all to see: The special cards)."""
    s = view.state
    specials = s.cards.specials
    held = sum(
        1 for e, h in enumerate(s.special_holder) if h == i and specials[e] not in s.played[i]
    )
    return view.hand_sizes[i] - held


class TajMahalSearch(Search[State, Action, View]):
    """Deals the cards a seat cannot see anew: the others' hands, each of its size, and the
    drawing deck from what is left, every arrangement as likely (the deck has no order: each
    draw picks a card of it at random, `engine.deal`)."""

    def sample(self, view: View, seat: Seat | None, below: Below) -> State:
        if view.seat != seat:
            raise ValueError(f"the view is {view.seat or 'the public'}'s, not {seat}'s")
        s = view.state
        pool = unseen(view)
        over = s.phase == "over"  # the hands are shown at the end
        others = [i for i, name in enumerate(s.seats) if name != seat and not over]
        sizes = {i: hidden_hand_size(view, i) for i in others}
        if len(pool) != view.deck_size + sum(sizes.values()):
            raise ValueError(
                f"the view has {view.deck_size + sum(sizes.values())} cards out of sight (the "
                f"others' hands and the deck), but {len(pool)} of the deck's cards are not shown"
            )
        for i in range(len(pool) - 1, 0, -1):  # every order as likely
            j = below(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        t = s.clone()
        hands = list(s.hands)
        for i in others:
            hands[i] = tuple(sorted(pool[: sizes[i]]))
            pool = pool[sizes[i] :]
        t.hands = tuple(hands)
        t.deck = tuple(sorted(pool))
        return t

    def observed(self, state: State, action: Action, seat: Seat | None) -> Hashable:
        """A card drawn by another seat is seen as a card drawn; the setup's hands as the
        seat's own; every step of play is open on the table."""
        if isinstance(action, Draw) and action.seat != seat:
            return ("draw", action.seat)
        if isinstance(action, Setup):
            mine = tuple(
                h if name == seat else () for name, h in zip(state.seats, action.hands, strict=True)
            )
            return Setup(action.provinces, action.bonus, mine, action.supply)
        return action

    horizon = 40  # about three visits of three players (the whole game is about 175 steps)

    def evaluate(self, state: State) -> Mapping[Seat, float]:
        """Each seat's chance from its lead over the best other seat (`leads`), on a
        logistic curve."""
        return {seat: chance(lead, SCALE) for seat, lead in leads(state).items()}


def leads(state: State) -> dict[Seat, float]:
    """Each seat's lead in points over the best other seat (negative when behind): its
    points, with what its hand would score if the game ended now (Game end; at the end they
    are scored already)."""
    cards = state.cards
    points = list(state.scores)
    if state.phase != "over":
        points = [
            p + hand_points(cards, state.hands[i], state.special_holder.count(i))
            for i, p in enumerate(points)
        ]
    return {
        seat: float(points[i] - max(p for j, p in enumerate(points) if j != i))
        for i, seat in enumerate(state.seats)
    }
