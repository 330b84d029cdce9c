"""What an upgrade does, worded once for every text that tells it (the prompt, `options`, the
log, the rules reference): the buildings of its type added after it score 1 fame more, those
already in the province nothing (The upgrades of the buildings); fame space 5's from the
seat's next turn on (Bonuses on the scoring tracks)."""

from __future__ import annotations

from typing import Final

ALREADY_BUILT: Final = "those already built score nothing more"


def counts_from(fame_5: bool, whose: str = "your") -> str:
    """When an upgrade starts to count: at once, or fame space 5's from the next turn on."""
    return f"from {whose} next turn on" if fame_5 else "from now on"


def upgrade_does(
    fame_5: bool, building: str | None = None, fame: int | None = None, whose: str = "your"
) -> str:
    """`mills built from now on score 3 fame`; with no building named, `the buildings of that
    type built from now on score 1 fame more`."""
    kind = f"{building}s" if building else "the buildings of that type"
    worth = "1 fame more" if fame is None else f"{fame} fame"
    return f"{kind} built {counts_from(fame_5, whose)} score {worth}"
