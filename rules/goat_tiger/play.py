"""Playing the Goat-Tiger game (5.5): who moves, the legal moves, a move's effect, the end.

Player One (the Goats) acts first. The Goats place a Goat from their supply on an empty point
while any is left, and only then move a Goat to the next point along a line. The Tigers move
a Tiger to the next point along a line, or leap along a line over a Goat to the empty point
beyond and capture it. A move may not bring back the position before the last round of
moves (the repetition rule). The Tigers win on their fifth capture; the side to move with no
legal move loses (5.5 says so of the Tigers; docs/goat_tiger.md of the Goats).
"""

from __future__ import annotations

from typing import TypeVar

from ..game import Below
from .board import TIGER_START, leaps, neighbours
from .model import (
    CAPTURES_TO_WIN,
    GOATS,
    TIGERS,
    TITLES,
    Capture,
    Move,
    Options,
    Place,
    Side,
    State,
    key_after,
    other,
)

GoatTigerAction = Place | Move | Capture
P = TypeVar("P")


def draw_sides(a: P, b: P, below: Below) -> dict[Side, P]:
    """5.5: decide randomly who is Player One (the Goats) and who is Player Two (the Tigers),
    from the game's dealer."""
    first, second = (a, b) if below(2) == 0 else (b, a)
    return {GOATS: first, TIGERS: second}


def new_game(options: Options) -> State:
    """5.5 Setup: the Tigers on the marked points, every Goat in the supply, Goats to act."""
    return State(
        options=options,
        tigers=TIGER_START[: options.tigers],
        in_hand=options.goats,
        to_move=GOATS,
    )


def _candidates(st: State) -> list[GoatTigerAction]:
    """The moves of the side to move, before the repetition rule."""
    taken = set(st.goats) | set(st.tigers)
    near = neighbours()
    if st.to_move == GOATS:
        if st.in_hand:
            return [Place(point=p) for p in range(1, 24) if p not in taken]
        return [Move(origin=g, dest=d) for g in st.goats for d in near[g] if d not in taken]
    out: list[GoatTigerAction] = []
    goats = set(st.goats)
    for t in st.tigers:
        out.extend(Move(origin=t, dest=d) for d in near[t] if d not in taken)
        out.extend(
            Capture(origin=t, over=o, dest=d)
            for o, d in leaps()[t]
            if o in goats and d not in taken
        )
    return out


def _after(st: State, a: GoatTigerAction) -> State:
    """The position after a move (not yet checked against the repetition rule)."""
    goats, tigers = set(st.goats), set(st.tigers)
    in_hand, captured = st.in_hand, st.captured
    if isinstance(a, Place):
        goats.add(a.point)
        in_hand -= 1
    elif st.to_move == GOATS:
        goats.remove(a.origin)
        goats.add(a.dest)
    else:
        tigers.remove(a.origin)
        tigers.add(a.dest)
        if isinstance(a, Capture):
            goats.remove(a.over)
            captured += 1
    return State.model_construct(
        options=st.options,
        goats=tuple(sorted(goats)),
        tigers=tuple(sorted(tigers)),
        in_hand=in_hand,
        captured=captured,
        to_move=other(st.to_move),
        previous=(*st.previous, st.key)[-3:],
        moves=st.moves + 1,
        winner=None,
    )


def legal_actions(st: State) -> list[GoatTigerAction]:
    """Every legal move of the side to move (none once the game is over): no move may bring
    back the position before the last round of moves (5.5)."""
    if st.winner is not None:
        return []
    if len(st.previous) < 3:  # no round of moves yet
        return _candidates(st)
    key, side, back = st.key, st.to_move, st.previous[0]
    return [a for a in _candidates(st) if key_after(key, side, a) != back]


def why_not(st: State, a: GoatTigerAction) -> str | None:
    """Why this move is not legal now (with the rule), or None when it is."""
    side = TITLES[st.to_move]
    if st.winner is not None:
        return "the game is over: no more moves"
    if a in legal_actions(st):
        return None
    if isinstance(a, Place):
        if st.to_move == TIGERS:
            return "the Tigers never place: they move or capture (5.5)"
        if not st.in_hand:
            return "every Goat has been placed: move a Goat instead (5.5)"
        return f"point {a.point} is not empty"
    if st.to_move == GOATS and st.in_hand:
        return f"a Goat moves only once all are placed; {st.in_hand} still in the supply (5.5)"
    if isinstance(a, Capture) and st.to_move == GOATS:
        return "only a Tiger captures (5.5)"
    own = st.goats if st.to_move == GOATS else st.tigers
    if a.origin not in own:
        return f"no {side[:-1]} on point {a.origin}"
    if a in _candidates(st):
        return (
            "that move would bring back the position before the last round of moves "
            "(the repetition rule, 5.5)"
        )
    if isinstance(a, Capture):
        return (
            f"a Tiger leaps along a line over a Goat on the next point to the empty point "
            f"beyond: {a.origin} over {a.over} to {a.dest} is not such a leap (5.5)"
        )
    return f"{a.origin} to {a.dest} is not a step along a line to an empty point (5.5)"


def apply(st: State, a: GoatTigerAction) -> State:
    """The position after a legal move; raises ValueError (saying why) on any other."""
    reason = why_not(st, a)
    if reason is not None:
        raise ValueError(reason)
    after = _after(st, a)
    winner: Side | None = None
    if after.captured >= CAPTURES_TO_WIN:
        winner = TIGERS
    elif not legal_actions(after):
        winner = other(after.to_move)  # the side to move is trapped
    return after.model_copy(update={"winner": winner}) if winner else after


def end_text(st: State) -> str:
    """One line on how the game ended."""
    if st.winner == TIGERS and st.captured >= CAPTURES_TO_WIN:
        return f"The Tigers win: {st.captured} Goats captured."
    if st.winner == GOATS:
        return "The Goats win: the Tigers are trapped, with no move left."
    if st.winner == TIGERS:
        return "The Tigers win: the Goats have no move left."
    return ""


def prompt(st: State) -> str:
    """What the side to move must decide, in a line."""
    if st.winner is not None:
        return end_text(st)
    if st.to_move == GOATS:
        if st.in_hand:
            return f"Goats: place a Goat on an empty point ({st.in_hand} in the supply)."
        return "Goats: move a Goat to the next point along a line."
    return (
        f"Tigers: move a Tiger, or leap over a Goat to capture it "
        f"({st.captured} of {CAPTURES_TO_WIN} captured)."
    )


__all__ = [
    "apply",
    "draw_sides",
    "end_text",
    "legal_actions",
    "new_game",
    "prompt",
    "why_not",
]
