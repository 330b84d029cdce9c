"""A hint's suggested turn, kept for its "Play this turn" button.

A button's custom id holds at most 100 characters, and a whole turn is longer; so the button
names the game and version (vj:<game>:<version>:hint) and the order waits here, the latest per
user and channel (the one on that user's screen).
"""

from __future__ import annotations

from dataclasses import dataclass

from .order_entry import Latest

HINT = "hint"  # the custom id's last part of the "Play this turn" button


@dataclass(frozen=True)
class HintOrder:
    game_id: int
    version: int  # the game's version the hint was thought for
    order: str  # the whole suggested turn, in the notation
    faction: str  # the seat it is for (played as that seat)


class HintOrders(Latest[HintOrder]):
    """The suggested turn on each user's screen, the latest per user and channel."""
