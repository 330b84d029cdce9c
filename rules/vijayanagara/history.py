"""Victory points card by card, for the chart at the end of a game (5.0)."""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict

from .model import PLAYERS, Faction, GameState
from .victory import score


class VpPoint(BaseModel):
    """The score when a card was revealed (`card` None: the final score)."""

    model_config = ConfigDict(frozen=True)

    card: int | None
    vp: dict[Faction, int]


def vp_by_card(states: Iterable[GameState]) -> list[VpPoint]:
    """One point per card revealed, scored as the card came up, then the final score: read
    from the successive states of a game (a replay gives them)."""
    out: list[VpPoint] = []
    seen: int | None = None
    last: GameState | None = None
    for st in states:
        last = st
        if st.current_card is not None and st.current_card != seen:
            seen = st.current_card
            out.append(VpPoint(card=seen, vp={f: score(st)[f] for f in PLAYERS}))
    if last is not None and last.game_over:
        out.append(VpPoint(card=None, vp={f: score(last)[f] for f in PLAYERS}))
    return out
