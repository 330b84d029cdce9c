"""What a search over Vijayanagara (ai.search) may assume of what no player can see.

Nothing is in a hand: the one secret is the future, the order of the deck's cards not yet
drawn and the dice to come (2.1: the players know the piles and how many cards of each kind
each holds, never an order). A view holds no dealer (rules.vijayanagara.game), so a sampled
state is the view with a dealer of its own: the unseen cards dealt into the piles' places
and shuffled within each pile, and a fresh seed for the dice (and any draw past that order).
With a dealer in the state the engine resolves chance itself, so the search's tree holds the
factions' steps alone (each open on the table): a roll's many outcomes do not split it, and
each future's luck is averaged in its node's values.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..capabilities.search import Search, chances
from ..game import Below, Seat
from .actions import Action
from .chance import unseen_order
from .model import PLAYERS, GameState
from .useful import useful_actions
from .victory import score

SEED_SPAN = 1 << 64  # the seeded dealer's whole state (rules.vijayanagara.rng)
SCALE = 3.0  # VP of lead that make a win about 3 times as likely as a loss


class VijayanagaraSearch(Search[GameState, Action, GameState]):
    """Deals the future anew: the unseen deck's order and a fresh seed for the dice."""

    def sample(self, view: GameState, seat: Seat | None, below: Below) -> GameState:
        if view.rng is not None or view.order:
            raise ValueError("this state holds its dealer's future: a search starts from a view")
        st = view.fork()
        st.order = unseen_order(view, below)
        st.rng = below(SEED_SPAN)
        return st

    def steps(self, state: GameState) -> list[Action]:
        """The legal steps that do something (a Command with no space chosen does not)."""
        return useful_actions(state)

    horizon = 36  # about four cards' steps (a card takes 8.6 steps on average)

    def evaluate(self, state: GameState) -> Mapping[Seat, float]:
        """Each faction's chance from its lead in victory points over the best other (5.0),
        on a logistic curve."""
        vp = score(state)
        return chances({str(f): vp[f] for f in PLAYERS}, SCALE)
