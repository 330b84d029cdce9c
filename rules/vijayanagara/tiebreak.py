"""Vijayanagara's optional second tiebreaker (5.0): factions still tied in both victory points
and Resources at the end play Aadu-Huli aata, the Goat-Tiger game (5.5), for the win.

Pure: which factions are tied, and how the seats of a Goat-Tiger game are drawn from the
game's dealer (a `Below`), "randomly" as 5.5 says. The Goat-Tiger game is for two: when all
three factions are tied, the draw picks two to play first and the third plays the winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..capabilities.tiebreak import TiebreakMatch
from ..game import Below, Seat
from ..goat_tiger import INFO, Side, draw_sides
from .model import Faction, GameState
from .victory import places


def tied_for_first(state: GameState) -> tuple[Faction, ...]:
    """The factions sharing first place in both victory points and Resources (5.0) at the
    end of a game, in the order D, B, V; empty when the game is not over or one wins."""
    if not state.game_over:
        return ()
    first = places(state)[0]
    return tuple(Faction(s) for s in first) if len(first) > 1 else ()


@dataclass(frozen=True, slots=True)
class Match:
    """One Goat-Tiger game of the tiebreak: who plays which side, and who waits to play the
    winner (when three are tied)."""

    roles: dict[Side, Faction]  # goats (Player One) and tigers (Player Two)
    waiting: Faction | None = None


def draw_roles(a: Faction, b: Faction, below: Below) -> dict[Side, Faction]:
    """5.5: decide randomly who is Player One (the Goats) and who is Player Two (the Tigers)."""
    return draw_sides(a, b, below)


def first_match(tied: tuple[Faction, ...], below: Below) -> Match:
    """The first Goat-Tiger game among the tied factions (two or three of them)."""
    if len(tied) == 2:
        return Match(draw_roles(tied[0], tied[1], below))
    if len(tied) != 3:
        raise ValueError(f"a tiebreak is between two or three factions, not {len(tied)}")
    rest = list(tied)
    waiting = rest.pop(below(3))  # the one who plays the first game's winner
    return Match(draw_roles(rest[0], rest[1], below), waiting)


def next_match(previous: Match, winner: Faction, below: Below) -> Match | None:
    """After a game of the tiebreak: the final against the waiting faction, or None when the
    winner of the game has won the tiebreak."""
    if previous.waiting is None:
        return None
    return Match(draw_roles(winner, previous.waiting, below))


GAME: str = INFO.id  # the game the tiebreak plays, by its id in the registry


def _seats(match: Match) -> TiebreakMatch:
    waiting = None if match.waiting is None else str(match.waiting)
    return TiebreakMatch({str(s): str(f) for s, f in match.roles.items()}, waiting)


@dataclass(frozen=True, slots=True)
class GoatTigerTiebreak:
    """Vijayanagara's ties for first place played off in the Goat-Tiger game (5.0, 5.5):
    the capability the table asks for (rules.capabilities.Tiebreak)."""

    played_in: str = GAME
    name: str = "Goat-Tiger tiebreak"
    rule: str = "5.0, 5.5"

    def first_match(self, tied: Sequence[Seat], below: Below) -> TiebreakMatch:
        return _seats(first_match(tuple(Faction(f) for f in tied), below))

    def final(self, winner: Seat, waiting: Seat, below: Below) -> TiebreakMatch:
        return _seats(Match(draw_roles(Faction(winner), Faction(waiting), below)))


GOAT_TIGER_TIEBREAK = GoatTigerTiebreak()
