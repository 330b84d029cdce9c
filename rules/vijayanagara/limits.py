"""A count over what is allowed names the limit ("at most 4 now: only 4 Troops Available
(1.4.3)"), never only "not a legal choice" or a rule without the number."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .actions import Action, Move, Place, Remove
from .board import board
from .model import BASE, OWNER, REBEL_OF, GameState, Piece
from .words import PIECE_NAME, count_of, plural


class Source(NamedTuple):
    """Where a step takes its pieces from: how many are there, in the rulebook's words."""

    have: int
    noun: str
    where: str  # "Available", "in Delhi"
    rule: str  # " (1.4.3)" or ""


def over_the_limit(
    st: GameState, legal: Sequence[Action], action: Action, why: str | None, procedure: str
) -> str | None:
    """The refusal of a step whose count is what is wrong (a smaller count of the same step
    is allowed, or its pieces are not there), naming the limit; else None. `why`: the
    decision's own reason, if it has one; `procedure`: its prompt, which states the
    procedure's limits."""
    count = getattr(action, "count", None)
    if not isinstance(count, int):
        return None
    same = [
        int(getattr(a, "count", 0))
        for a in legal
        if type(a) is type(action) and a.model_copy(update={"count": count}) == action
    ]
    most = max(same, default=0)
    if count <= most:
        return None
    parts = [f"at most {most} now"] if same else []
    src = source(st, action)
    if src is not None and src.have < count:
        what = f"only {count_of(src.have, src.noun)}" if src.have else f"no {plural(src.noun)}"
        parts.append(f"{what} {src.where}{src.rule}")
    elif not same:
        return None  # not a matter of count
    elif why is None:
        parts[-1] += f" ({procedure})"
    if why is not None:
        parts.append(why)
    return ": ".join(parts[:2]) + "".join(f"; {p}" for p in parts[2:])


def source(st: GameState, action: Action) -> Source | None:
    if isinstance(action, Place):
        piece = BASE[action.piece]
        n = st.available[OWNER[piece]].get(piece, 0)
        return Source(n, PIECE_NAME[piece], "Available", " (1.4.3)")
    if isinstance(action, Move):
        return _on(st, action.origin, action.piece)
    if isinstance(action, Remove):
        return _on(st, action.space, action.piece)
    return None


def _on(st: GameState, space: str, piece: Piece) -> Source | None:
    if space not in st.spaces:
        return None
    pieces = st.spaces[space].pieces
    n = pieces.get(piece, 0)
    rebels = REBEL_OF.get(piece)
    named = ""
    if not n and rebels is not None and pieces.get(rebels, 0):  # (a trial saw its 4 Rajas)
        k = pieces[rebels]
        named = f" ({count_of(k, PIECE_NAME[rebels])} there: name them `{rebels.value}`)"
    return Source(n, PIECE_NAME[piece], f"in {board().name(space)}", named)
