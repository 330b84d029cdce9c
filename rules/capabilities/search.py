"""Search: what a search over the game core (ai.search) needs to know of a game's hidden
parts, and what it may use of the game's own judgement."""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from typing import Any, Generic, TypeVar, cast

from ..game import Below, Game, Seat

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")


class Search(Generic[S, A, V]):
    """The plain search capability, for a game whose view is its state and hides nothing (the
    Goat-Tiger game): the one state a view is consistent with is the view itself, every step
    is seen as it is, and the search plays random steps to the end of the game."""

    horizon: int | None = None  # steps a playout takes before `evaluate` judges it; None: the end

    def __init__(self, game: Game[S, A, V, Any]) -> None:
        self.game = game

    def sample(self, view: V, seat: Seat | None, below: Below) -> S:
        """A full state consistent with `view`, the view of `seat` (None: the public): what
        the view hides (other hands, the unseen deck) dealt anew from `below`, so that the
        state's view of `seat` is `view` again. Here, the view itself."""
        return cast(S, view)

    def steps(self, state: S) -> list[A]:
        """The steps a search considers for the seat to move: every legal step, here (a game
        may leave out those that do nothing, so long as one is left)."""
        return self.game.legal_actions(state)

    def observed(self, state: S, action: A, seat: Seat | None) -> Hashable:
        """What `seat` sees of `action` taken in `state` (a step, or a chance outcome): two
        actions it cannot tell apart give the same key (another's card drawn face down). Here,
        the action itself (its JSON where it cannot be hashed)."""
        return action if isinstance(action, Hashable) else self.game.action_to_json(action)

    def rollout(self, state: S, below: Below) -> A | None:
        """The step a playout takes for the seat to move (a quick policy); None: a random
        legal step."""
        return None

    def evaluate(self, state: S) -> Mapping[Seat, float] | None:
        """Each seat's chances in a game not yet over, from 0 (lost) to 1 (won), where a
        playout stops after `horizon` steps; None: play on to the end."""
        return None

    def stream(self, state: S) -> int:
        """Which of a future's chance streams (1 to 999) deals the chance step due in `state`,
        where the search compares steps over common futures (ai.search.common): steps that
        lead to the same kind of chance get the same outcome. Here, one stream for all."""
        return 1

    def at_rest(self, state: S, seat: Seat) -> bool:
        """Whether a playout for `seat`'s step, past the horizon, may be judged in `state`
        (ai.search.common): a game may wait for a point where the steps compared stand after
        the same share of the game. Here, anywhere."""
        return True


def chance(lead: float, scale: float) -> float:
    """A seat's chance from its lead over the best other seat, on a logistic curve: a lead of
    `scale` makes a win about e times as likely as a loss."""
    return 1 / (1 + math.exp(-lead / scale))


def chances(scores: Mapping[Seat, float], scale: float) -> dict[Seat, float]:
    """Each seat's `chance` from its score's lead over the best other seat's."""
    return {
        seat: chance(v - max(w for other, w in scores.items() if other != seat), scale)
        for seat, v in scores.items()
    }


def search_of(game: Game[S, A, V, Any]) -> Search[S, A, V]:
    """The game's own search capability (its `search` attribute), else the plain one."""
    own = getattr(game, "search", None)
    return own if isinstance(own, Search) else Search(game)
