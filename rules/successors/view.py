"""What a seat, or the public, may see of a Successors state: the one gate of hidden chits.

A view holds a copy of the state with the hidden parts of every other seat removed (their
chits, each shown as `UNSEEN` so a hand's size stays public; their standing orders, what
their Spies showed them) and the cup emptied, plus the count of each hand and of the cup: everything else (the map, the treasuries, the alliances,
the battle under way, the chits once played) is open on the table. Once the game is over the
hands and the standing orders are shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from .state import State

UNSEEN: Final = 0  # a chit another seat holds, as a view shows it (chits are numbered from 1)


@dataclass(slots=True)
class View:
    seat: str | None  # whose view (None: the public)
    state: State  # hidden parts removed
    hand_sizes: tuple[int, ...]  # each seat's chits held, armed or not
    cup_size: int

    @property
    def hand(self) -> tuple[int, ...]:
        """The viewer's own chits; () for the public."""
        if self.seat is None:
            return ()
        return self.state.hands[self.state.seats.index(self.seat)]


def view(s: State, seat: str | None) -> View:
    if seat is not None and seat not in s.seats:
        raise ValueError(f"no seat {seat!r} in this game; the seats are {', '.join(s.seats)}")
    t = s.clone()
    if s.phase != "over":
        mine = [name == seat for name in s.seats]
        t.hands = tuple(h if m else (UNSEEN,) * len(h) for h, m in zip(s.hands, mine, strict=True))
        t.orders = tuple(o if m else () for o, m in zip(s.orders, mine, strict=True))
        t.spied = tuple(x if m else () for x, m in zip(s.spied, mine, strict=True))
    t.cup = ()
    return View(seat, t, tuple(len(h) for h in s.hands), len(s.cup))


def hidden(s: State, seat: str | None) -> Mapping[str, object]:
    """JSON pointers into the state of what `seat`'s view does not show: every other seat's
    chits, standing orders and spied hands while the game runs, and the cup."""
    out: dict[str, object] = {}
    if s.phase != "over":
        for i, name in enumerate(s.seats):
            if name == seat:
                continue
            if s.hands[i]:
                out[f"/hands/{i}"] = list(s.hands[i])
            if s.orders[i]:
                out[f"/orders/{i}"] = [list(o) for o in s.orders[i]]
            if s.spied[i]:
                out[f"/spied/{i}"] = [[k, list(c)] for k, c in s.spied[i]]
    if s.cup:
        out["/cup"] = list(s.cup)
    return out
