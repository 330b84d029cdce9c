"""What a search over Rajas of the Ganges (ai.search) may assume of what no seat sees.

The state is public: the dice to come and the tiles under the stacks' tops are not in it (each
stack below its top is a multiset, the white yield tiles too: state.py), so the one state a
view is consistent with is the view itself. What is unknown is chance alone, which the search
deals at each chance step from its own determinization (a roll, a stack's new top, a yield
tile: engine.deal).

A playout stops after `horizon` steps and each seat is judged by the race (Object of the game:
the fame marker reaching the money marker; End of the game: the ranking by how far it got
past): its gap to crossing against the best other seat's, on a logistic curve. Where steps are
compared over common futures, each seat's rolls and each stack's tiles have a stream of their
own, and a playout is judged only between placements, with the seat to place next (Placing
workers: the seats place in turn, one worker each).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..capabilities.search import Search, chances
from ..game import Below, Seat
from .engine import gap
from .state import Action, State

YIELDS = 9  # the white yield tiles' stream; a seat's rolls 1 + its index, a stack's 10 + its

SCALE = 3.0  # fame points of lead that make a win about 3 times as likely as a loss


class RajasSearch(Search[State, Action, State]):
    """The view is the state; a playout runs `horizon` steps and is judged by the race."""

    horizon = 12  # steps, chance steps included: about three placements

    def sample(self, view: State, seat: Seat | None, below: Below) -> State:
        """The view itself, as a new state (nothing is hidden to deal anew; the undo steps,
        kept in memory for the seat deciding, are not part of what it sees)."""
        if seat is not None and seat not in view.seats:
            raise ValueError(
                f"no seat {seat!r} in this game; the seats are {', '.join(view.seats)}"
            )
        return view.copy()

    def evaluate(self, state: State) -> Mapping[Seat, float]:
        """Each seat's chance from its lead in the race over the best other seat: the fame
        points its fame marker lies past its money marker (negative: short of it) less the
        best other seat's, on a logistic curve."""
        return chances({seat: gap(state, i) for i, seat in enumerate(state.seats)}, SCALE)

    def stream(self, state: State) -> int:
        """The rolling seat's stream, the stack's whose top is revealed, or the yield tiles'."""
        kind, n, _ = state.pending[0] if state.pending else ("", 0, None)
        if kind == "roll":
            return 1 + state.turn
        return 10 + n if kind == "reveal" else YIELDS

    def at_rest(self, state: State, seat: Seat) -> bool:
        """No placement under way, and `seat` to place next (or out of workers for the round):
        every step compared is judged after as many of its seat's placements, none half done
        (a worker placed, its action not yet taken)."""
        if state.pending:
            return False
        i = state.seats.index(seat)
        return state.turn == i or state.placed[i] >= state.workers[i] or state.passed[i]
