"""The factions and the kinds of piece (1.4): the words every other module of the rules names.

A module of its own, below the state (rules.vijayanagara.model), the frames and the deck, so that those can
all name a faction or a piece without importing one another.
"""

from __future__ import annotations

from enum import StrEnum


class Faction(StrEnum):
    D = "D"  # Delhi Sultanate
    B = "B"  # Bahmani Kingdom
    V = "V"  # Vijayanagara Empire
    M = "M"  # Mongol Invaders (non-player)


PLAYERS: tuple[Faction, ...] = (Faction.D, Faction.B, Faction.V)
DECCAN: tuple[Faction, ...] = (Faction.B, Faction.V)

FACTION_NAMES: dict[Faction, str] = {
    Faction.D: "Delhi Sultanate",
    Faction.B: "Bahmani Kingdom",
    Faction.V: "Vijayanagara Empire",
    Faction.M: "Mongol Invaders",
}


class Piece(StrEnum):
    """A piece on the map. Amirs and Rajas carry their state (1.4.5) in the kind."""

    TROOP = "troop"
    GOVERNOR = "governor"
    QASBAH = "qasbah"
    AMIR = "amir"  # Obedient Amir
    REBEL_AMIR = "rebel-amir"  # Rebelling Amir
    FORT = "fort"
    RAJA = "raja"  # Obedient Raja
    REBEL_RAJA = "rebel-raja"  # Rebelling Raja
    TEMPLE = "temple"
    MONGOL = "mongol"  # always Rebelling (1.4.5)
