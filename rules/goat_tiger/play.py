"""Playing the Goat-Tiger game (5.5): who moves, the legal moves, a move's effect, the end.

Player One (the Goats) acts first. The Goats place a Goat from their supply on an empty point
while any is left, and only then move a Goat to the next point along a line. The Tigers move
a Tiger to the next point along a line, or leap along a line over a Goat to the empty point
beyond and capture it. A move may not bring back the position before the last round of
moves (the repetition rule). The Tigers win on their fifth capture; the side to move with no
legal move loses (5.5 says so of the Tigers; docs/goat_tiger.md of the Goats). Our addition to
5.5 ends a game that cannot: it is drawn when a position stands for the third time with the
same side to move, or after QUIET_MOVES_TO_DRAW moves in a row without a capture or a
placement (docs/goat_tiger.md says why).
"""

from __future__ import annotations

from typing import TypeVar

from ..errors import IllegalAction
from ..game import Below
from ..words import count_of
from .board import TIGER_START, leaps, neighbours
from .model import (
    CAPTURES_TO_WIN,
    GOATS,
    QUIET_MOVES_TO_DRAW,
    REPETITIONS_TO_DRAW,
    TIGERS,
    TITLES,
    Capture,
    Draw,
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
        # a capture or a placement: no earlier position can stand again
        quiet=() if isinstance(a, Place | Capture) else (*st.quiet, st.key),
        moves=st.moves + 1,
        winner=None,
        drawn=None,
    )


def legal_actions(st: State) -> list[GoatTigerAction]:
    """Every legal move of the side to move (none once the game is over): no move may bring
    back the position before the last round of moves (5.5)."""
    if st.over:
        return []
    if len(st.previous) < 3:  # no round of moves yet
        return _candidates(st)
    key, side, back = st.key, st.to_move, st.previous[0]
    return [a for a in _candidates(st) if key_after(key, side, a) != back]


def why_not(st: State, a: GoatTigerAction) -> str | None:
    """Why this move is not legal now, naming the rule (5.5) and the points it is about, or
    None when it is legal."""
    if st.over:
        return "the game is over: no more moves"
    if a in legal_actions(st):
        return None
    if isinstance(a, Place):
        return _why_not_place(st, a)
    if st.to_move == GOATS and isinstance(a, Capture):
        return "only a Tiger captures (5.5): the Goats place a Goat or move one"
    if st.to_move == GOATS and st.in_hand:
        return (
            f"a Goat moves only once all are placed (5.5): {_count(st.in_hand, 'Goat')} still "
            "in the supply, so place one"
        )
    own = st.goats if st.to_move == GOATS else st.tigers
    piece = TITLES[st.to_move][:-1]
    if a.origin not in own:
        said = f"no {piece} on point {a.origin}: the {TITLES[st.to_move]} are on {_points(own)}"
        return f"{said}. {captures_now(st)}" if isinstance(a, Capture) else said
    if a in _candidates(st):
        return (
            "that move would bring back the position before the last round of moves "
            "(the repetition rule, 5.5)"
        )
    if isinstance(a, Capture):
        return f"{_why_not_leap(st, a)}. {captures_now(st)}"
    return _why_not_step(st, a, piece)


def _why_not_place(st: State, a: Place) -> str:
    if st.to_move == TIGERS:
        return "the Tigers never place: they move a Tiger or capture (5.5)"
    if not st.in_hand:
        return "every Goat has been placed (5.5): move a Goat along a line instead"
    return f"point {a.point} is not empty: {_holder(st, a.point)} stands on it (5.5)"


def _why_not_leap(st: State, a: Capture) -> str:
    """Why a Tiger's capture from a.origin to a.dest is none (5.5: a leap along a line over
    a Goat on the next point to the empty point beyond)."""
    over = next((o for o, d in leaps()[a.origin] if d == a.dest), None)
    if over is None:
        ways = ", ".join(f"{d} (over {o})" for o, d in leaps()[a.origin])
        return (
            f"{a.origin} to {a.dest} is no leap: a Tiger leaps along a line over the next point "
            f"to the one beyond (5.5); from {a.origin} the leaps go to {ways}"
        )
    if a.over not in (over, a.origin):
        return f"a leap from {a.origin} to {a.dest} passes over {over}, not {a.over}"
    if over in st.tigers:
        return f"a Tiger never leaps over a Tiger, and a Tiger stands on {over} (5.5)"
    if over not in st.goats:
        return (
            f"a leap from {a.origin} to {a.dest} captures the Goat on {over}, but {over} is empty"
        )
    return f"the leap lands on {a.dest}, where {_holder(st, a.dest)} stands: it must be empty (5.5)"


def _why_not_step(st: State, a: Move, piece: str) -> str:
    steps = neighbours()[a.origin]
    if a.dest not in steps:
        said = f"{a.dest} is not next to {a.origin} along a line (5.5); from {a.origin} a {piece} "
        said += f"steps to {_points(steps)}"
        over = next((o for o, d in leaps()[a.origin] if d == a.dest), None)
        if over is not None and st.to_move == TIGERS:
            said += f", and leaps to {a.dest} only over a Goat on {over}"
        return said
    return f"point {a.dest} is not empty: {_holder(st, a.dest)} stands on it (5.5)"


def captures_now(st: State) -> str:
    """The Tigers' captures possible now, in a sentence."""
    found = [a for a in legal_actions(st) if isinstance(a, Capture)]
    if not found:
        return "No capture is possible now"
    ways = ", ".join(f"{a.origin}x{a.dest} (the Goat on {a.over})" for a in found)
    return f"The captures possible now: {ways}"


def _holder(st: State, point: int) -> str:
    return "a Tiger" if point in st.tigers else "a Goat" if point in st.goats else "nothing"


def _points(points: tuple[int, ...] | list[int]) -> str:
    ps = [str(p) for p in sorted(points)]
    if not ps:
        return "no point"
    return ps[0] if len(ps) == 1 else f"{', '.join(ps[:-1])} and {ps[-1]}"


_count = count_of  # the rules' one count


def apply(st: State, a: GoatTigerAction) -> State:
    """The position after a legal move; raises ValueError (saying why) on any other."""
    reason = why_not(st, a)
    if reason is not None:
        raise IllegalAction(reason)
    after = _after(st, a)
    winner: Side | None = None
    if after.captured >= CAPTURES_TO_WIN:
        winner = TIGERS
    elif not legal_actions(after):
        winner = other(after.to_move)  # the side to move is trapped
    if winner is not None:  # a win stands, on a move that also repeats or reaches the cap
        return after.model_copy(update={"winner": winner})
    drawn = draw_of(after)
    return after.model_copy(update={"drawn": drawn}) if drawn else after


def draw_of(st: State) -> Draw | None:
    """Whether our draw rule ends the game in this position (not won): the position stands
    for the third time, or the moves without a capture or a placement reach the cap."""
    if st.seen_before >= REPETITIONS_TO_DRAW - 1:
        return "repetition"
    if len(st.quiet) >= QUIET_MOVES_TO_DRAW:
        return "quiet"
    return None


def draw_of_move(st: State, a: GoatTigerAction) -> Draw | None:
    """The draw a legal move would bring (None when it brings none, or wins)."""
    return apply(st, a).drawn


OUR_RULE = "our rule, added to 5.5"


def draw_reason(drawn: Draw, to_move: Side) -> str:
    """Why a game is drawn (our rule, not the rulebook's), to go after "Draw: "."""
    if drawn == "repetition":
        return f"the same position with {TITLES[to_move]} to move for the third time ({OUR_RULE})"
    return f"{QUIET_MOVES_TO_DRAW} moves in a row without a capture or a placement ({OUR_RULE})"


def draw_text(drawn: Draw, to_move: Side) -> str:
    """Why a game is drawn, in a sentence."""
    return f"Draw: {draw_reason(drawn, to_move)}."


def end_text(st: State) -> str:
    """One line on how the game ended, in the rules' words (5.5), or our draw's."""
    if st.drawn is not None:
        return draw_text(st.drawn, st.to_move)
    if st.winner == TIGERS and st.captured >= CAPTURES_TO_WIN:
        return f"The Tigers win: {st.captured} Goats captured (5.5)."
    if st.winner == GOATS:
        return "The Goats win: the Tigers are trapped, with no move left (5.5)."
    if st.winner == TIGERS:
        return "The Tigers win: the Goats have no move left."
    return ""


def draw_count(st: State) -> str | None:
    """How near the cap on moves without a capture or a placement is, in words (starting with
    the count); None before the first such move."""
    if not st.quiet or st.over:
        return None
    return (
        f"{_count(len(st.quiet), 'move')} in a row without a capture or a placement: a draw "
        f"at {QUIET_MOVES_TO_DRAW} ({OUR_RULE})"
    )


DRAW_WARNING = 10  # moves before the cap at which the prompt says how near it is


def prompt(st: State) -> str:
    """What the side to move must decide, in a line (and how near the draw's cap is, when it
    is near)."""
    if st.over:
        return end_text(st)
    if st.to_move == GOATS:
        if st.in_hand:
            return f"Goats: place a Goat on an empty point ({st.in_hand} in the supply)."
        said = "Goats: move a Goat to the next point along a line."
    else:
        said = (
            f"Tigers: move a Tiger, or leap over a Goat to capture it "
            f"({st.captured} of {CAPTURES_TO_WIN} captured)."
        )
    near = draw_count(st)
    if near and len(st.quiet) >= QUIET_MOVES_TO_DRAW - DRAW_WARNING:
        said += f" {near}."
    return said


__all__ = [
    "apply",
    "draw_count",
    "draw_of",
    "draw_of_move",
    "draw_reason",
    "draw_sides",
    "draw_text",
    "end_text",
    "legal_actions",
    "new_game",
    "prompt",
    "why_not",
]
