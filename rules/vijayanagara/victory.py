"""Victory (5.0-5.3)."""

from __future__ import annotations

from .board import board
from .forces import controlled, structures_on_map
from .model import PLAYERS, Faction, GameState, Piece


def score(state: GameState) -> dict[Faction, int]:
    """Victory points now; once Timur's invasion is over, with the Delhi adjustment (5.1)."""
    tributary = sum(board().prosperity(s) for s in board().provinces if state.spaces[s].tributary)
    out = {
        Faction.D: tributary + (state.delhi_adjustment or 0),
        Faction.B: sum(board().prosperity(s) for s in controlled(state, Faction.B))
        + structures_on_map(state, Piece.FORT)
        + state.influence[Faction.B],
        Faction.V: sum(board().prosperity(s) for s in controlled(state, Faction.V))
        + structures_on_map(state, Piece.TEMPLE)
        + state.influence[Faction.V],
    }
    return out


def ranking(state: GameState) -> list[Faction]:
    """Factions best first: most victory points, ties broken by Resources (5.0)."""
    s = score(state)
    return sorted(PLAYERS, key=lambda f: (-s[f], -state.resources[f], PLAYERS.index(f)))


def winner(state: GameState) -> Faction:
    return ranking(state)[0]
