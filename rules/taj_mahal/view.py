"""What a seat, or the public, may see of a Taj Mahal state: the one gate of hidden cards.

A view holds a copy of the state with every hand emptied except the viewer's own and the
drawing deck emptied (its size kept), plus each seat's hand size. Everything else is open on
the table: played cards, the supply, the discard pile, tiles, palaces, who holds which special
card. Once the game is over the hands are shown, as the end scoring counts them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import State


@dataclass(slots=True)
class View:
    seat: str | None  # whose view (None: the public)
    state: State  # hidden parts removed
    hand_sizes: tuple[int, ...]  # each seat's cards in hand, special cards included
    deck_size: int

    @property
    def hand(self) -> tuple[int, ...]:
        """The viewer's own cards (special cards apart); () for the public."""
        if self.seat is None:
            return ()
        return self.state.hands[self.state.seats.index(self.seat)]


def hand_size(s: State, i: int) -> int:
    played = s.played[i]
    specials = sum(
        1 for e, h in enumerate(s.special_holder) if h == i and s.cards.specials[e] not in played
    )
    return len(s.hands[i]) + specials


def view(s: State, seat: str | None) -> View:
    if seat is not None and seat not in s.seats:
        raise ValueError(f"no seat {seat!r} in this game; the seats are {', '.join(s.seats)}")
    t = s.clone()
    if s.phase != "over":
        t.hands = tuple(h if name == seat else () for name, h in zip(s.seats, s.hands, strict=True))
    t.deck = ()
    sizes = tuple(hand_size(s, i) for i in range(len(s.seats)))
    return View(seat, t, sizes, len(s.deck))
