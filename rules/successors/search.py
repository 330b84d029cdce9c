"""What a search over Successors (ai.search) may assume of what a seat cannot see.

A seat sees its own chits and standing orders; the other seats' chits and the cup are the
chits it does not hold, in any arrangement: the view tells how many each hand holds. A sample
deals those anew, each arrangement as likely, and gives the other seats no standing order
(nothing in a view tells of one). A playout is judged after `horizon` steps by each seat's
score as the game would count it now (l.66-68) and its income to come, on a logistic curve.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from ..capabilities.search import Search, chances
from ..game import Below, Seat
from . import board
from .result import half_points
from .state import Action, Arm, Disarm, DrawChit, State
from .view import View

SCALE = 8.0  # half points of lead that make a win about e times as likely as a loss


def unseen(view: View) -> list[int]:
    """The chits `view` does not show: every chit but the viewer's own."""
    s = view.state
    mine = set(view.hand)
    return sorted(c.number for c in s.parts.chits.chits if c.number not in mine)


class SuccessorsSearch(Search[State, Action, View]):
    horizon = 60  # about two player turns

    def sample(self, view: View, seat: Seat | None, below: Below) -> State:
        if view.seat != seat:
            raise ValueError(f"the view is {view.seat or 'the public'}'s, not {seat}'s")
        s = view.state
        pool = unseen(view)
        over = s.phase == "over"
        others = [i for i, name in enumerate(s.seats) if name != seat and not over]
        sizes = {i: view.hand_sizes[i] for i in others}
        if len(pool) != view.cup_size + sum(sizes.values()):
            raise ValueError(
                f"the view has {view.cup_size + sum(sizes.values())} chits out of sight, "
                f"but {len(pool)} chits are not the viewer's"
            )
        for i in range(len(pool) - 1, 0, -1):
            j = below(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        t = s.clone()
        hands = list(s.hands)
        for i in others:
            hands[i] = tuple(sorted(pool[: sizes[i]]))
            pool = pool[sizes[i] :]
        t.hands = tuple(hands)
        t.cup = tuple(sorted(pool))
        return t

    def observed(self, state: State, action: Action, seat: Seat | None) -> Hashable:
        """A chit another seat draws is seen as a chit drawn; another's standing order is not
        seen at all."""
        if isinstance(action, DrawChit) and action.seat != seat:
            return ("draw", action.seat)
        if isinstance(action, Arm | Disarm) and action.seat != seat:
            return ("aside", action.seat)
        return action

    def evaluate(self, state: State) -> Mapping[Seat, float]:
        """Each seat's lead over the best other seat in half points: its score now and twice
        its income to come (the tax of a turn), on a logistic curve."""
        scores = {
            seat: float(half_points(state, i) + 2 * board.income(state, i))
            if i not in state.out
            else -100.0
            for i, seat in enumerate(state.seats)
        }
        return chances(scores, SCALE)

    def stream(self, state: State) -> int:
        """A seat's event rolls and draws its own stream; battles one; the rest another."""
        if not state.frames:
            return 1
        kind, a, *_ = state.frames[-1]
        if kind in ("event_roll", "draw"):
            return 1 + a + (10 if kind == "draw" else 0)
        return 30 if kind in ("battle_dice", "sea_dice") else 40
