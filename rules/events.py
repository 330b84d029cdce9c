"""Event cards (2.3.4): the interpreter of events-format.md. See issue 3."""

from __future__ import annotations

from .model import Faction, GameState

READY = False


def start_event(st: GameState, faction: Faction) -> None:
    raise NotImplementedError("the event interpreter is not in this build yet")
