"""Computer players for any seat: `random`, `easy` and `hard` (docs/playing.md, "AI seats").

Pure like rules/: no I/O, no clocks of its own (a `Budget` may carry the caller's clock), no
global random (the caller passes a seeded `random.Random`). An AI sees only what a player at
the table sees (ai.vijayanagara.knowledge): never the order of the deck, the dealer's generator or the
future dice.
"""

from __future__ import annotations

from ..budget import Budget
from .play import LEVELS, Hint, Level, decide, hint, level_of

__all__ = ["LEVELS", "Budget", "Hint", "Level", "decide", "hint", "level_of"]
