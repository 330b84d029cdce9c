"""The `where` filters of events-format.md: which spaces an event step may pick."""

from __future__ import annotations

from functools import cache

from .board import board
from .event_steps import Holding, Where
from .model import OWNER, PIECES_OF, Faction, GameState, Piece

P = Piece


def kinds_of(piece: str | None, faction: str | None, state: str | None = None) -> list[Piece]:
    """The map pieces an event names: 'amir' covers Obedient and Rebelling Amirs (1.4.5)
    unless a state is given; a faction covers all its pieces."""
    return list(_kinds_of(piece, faction, state))


@cache
def _kinds_of(piece: str | None, faction: str | None, state: str | None) -> tuple[Piece, ...]:
    """kinds_of, worked out once for each way an event names pieces (steps ask per space)."""
    if piece is not None:
        if piece == "amir":
            out = [P.AMIR, P.REBEL_AMIR]
        elif piece == "raja":
            out = [P.RAJA, P.REBEL_RAJA]
        else:
            out = [Piece(piece)]
    else:
        assert faction is not None
        out = list(PIECES_OF[Faction(faction)])
    if state == "obedient":
        out = [k for k in out if k not in (P.REBEL_AMIR, P.REBEL_RAJA)]
    elif state == "rebelling":
        out = [k for k in out if k not in (P.AMIR, P.RAJA)]
    return tuple(out)


def placed_kind(piece: str, state: str | None) -> Piece:
    """The piece as it goes on the map: Amirs and Rajas Obedient unless told (1.4.6)."""
    if state == "rebelling":
        if piece == "amir":
            return P.REBEL_AMIR
        if piece == "raja":
            return P.REBEL_RAJA
    return Piece(piece)


def _holds(st: GameState, space: str, spec: Holding) -> bool:
    return st.spaces[space].count(*_held_kinds(spec.piece, spec.faction, spec.state)) > 0


@cache
def _held_kinds(piece: str | None, faction: str | None, state: str | None) -> tuple[Piece, ...]:
    """The kinds a `with`/`without` filter counts (a piece of a faction: that faction's)."""
    kinds = _kinds_of(piece, faction, state)
    if piece is not None and faction is not None:
        kinds = tuple(k for k in kinds if OWNER[k] == Faction(faction))
    return kinds


def matches(st: GameState, space: str, where: Where) -> bool:
    """Whether one space passes every filter of the where."""
    b = board()
    if where.spaces is not None and space not in where.spaces:
        return False
    if where.city is not None and space not in b.cities[where.city].touches:
        return False
    if where.adjacent_to is not None and not b.adjacent(space, where.adjacent_to):
        return False
    if where.kind is not None and b.spaces[space].kind != where.kind:
        return False
    sp = st.spaces[space]
    if where.tributary is not None and (
        sp.tributary != where.tributary or not b.is_province(space)
    ):
        return False
    if where.controlled_by is not None and sp.control != Faction(where.controlled_by):
        return False
    if where.with_ is not None and not _holds(st, space, where.with_):
        return False
    return not (where.without is not None and _holds(st, space, where.without))


def spaces_where(st: GameState, where: Where | None, here: str | None = None) -> list[str]:
    """Every space that passes the filters, in map order; `here` is the space an `each` picked
    (the inner steps act there and carry no `in`)."""
    if where is None:
        return [] if here is None else [here]
    if here is not None:
        return [here] if here in board().spaces and matches(st, here, where) else []
    return [s for s in board().spaces if matches(st, s, where)]
