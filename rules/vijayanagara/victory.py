"""Victory (5.0-5.3)."""

from __future__ import annotations

from .board import board
from .forces import structures_on_map
from .model import PLAYERS, Faction, GameState, Piece


def score(state: GameState) -> dict[Faction, int]:
    """Victory points now; once Timur's invasion is over, with the Delhi adjustment (5.1)."""
    b = board()
    spaces = state.spaces
    tributary = bahmani = vijaya = 0
    for s in b.provinces:  # one pass: each Province's Prosperity to whoever it counts for
        sp = spaces[s]
        if sp.tributary:
            tributary += b.prosperity(s)
        if sp.control == Faction.B:
            bahmani += b.prosperity(s)
        elif sp.control == Faction.V:
            vijaya += b.prosperity(s)
    return {
        Faction.D: tributary + (state.delhi_adjustment or 0),
        Faction.B: bahmani + structures_on_map(state, Piece.FORT) + state.influence[Faction.B],
        Faction.V: vijaya + structures_on_map(state, Piece.TEMPLE) + state.influence[Faction.V],
    }


def ranking(state: GameState) -> list[Faction]:
    """Factions best first: most victory points, ties broken by Resources (5.0)."""
    s = score(state)
    return sorted(PLAYERS, key=lambda f: (-s[f], -state.resources[f], PLAYERS.index(f)))


def winner(state: GameState) -> Faction:
    return ranking(state)[0]
