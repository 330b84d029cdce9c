"""Why a move, in a player's words: the hint (the suggestion and the runner-up) and the line
that ends an AI's turn.

A move is said by what it does on the board (5.5): the Goat it captures and the count, the
Goats it leaves open to a leap or shields, the moves it leaves the Tigers, a trap. Then what
the search sees ahead: a win or a loss it can prove, else the line it expects and the Goats
captured along it, and a draw by our rule it ends in. No evaluation numbers: only what a
player can check on the board.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from rules.goat_tiger import (
    CAPTURES_TO_WIN,
    GOATS,
    TIGERS,
    TITLES,
    Capture,
    Place,
    State,
    apply,
    describe,
    draw_reason,
    leaps,
    legal_actions,
    neighbours,
)
from rules.goat_tiger import GoatTigerAction as Action
from rules.words import count_of, listed, noun_for

from ..budget import Budget
from ..players import Advice
from . import search

EASY_DEPTH, HARD_DEPTH, HINT_DEPTH = 2, 4, 6  # moves ahead, as ai.goat_tiger's levels look
DEPTHS = {"easy": EASY_DEPTH, "hard": HARD_DEPTH}


@dataclass(frozen=True)
class Judged:
    """A move as the search weighs it: its score for the side moving (search.WIN scale), the
    line it expects after it (the move first), and the draw (our rule) that line ends in."""

    action: Action
    score: int
    line: tuple[Action, ...]
    depth: int
    draw: str | None = None  # why the expected line ends drawn (draw_reason)


def _judged(st: State, a: Action, score: int, line: tuple[Action, ...], depth: int) -> Judged:
    """The judgement, with the draw its line ends in when the search scores it a draw."""
    end = st
    for step in line:
        end = apply(end, step)
    drawn = end.drawn if score == search.DRAW else None
    return Judged(a, score, line, depth, None if drawn is None else draw_reason(drawn, end.to_move))


def _points(ps: list[int]) -> str:
    return listed([str(p) for p in sorted(ps)])


def open_goats(st: State) -> list[int]:
    """The Goats a Tiger could leap now if it were the Tigers' turn (5.5: over a Goat on the
    next point to the empty point beyond)."""
    empty = set(range(1, 24)) - set(st.goats) - set(st.tigers)
    goats = set(st.goats)
    return sorted({o for t in st.tigers for o, d in leaps()[t] if o in goats and d in empty})


def tiger_steps(st: State) -> int:
    """How many steps the Tigers have to empty points (a trap leaves none, and no leap)."""
    taken = set(st.goats) | set(st.tigers)
    return sum(1 for t in st.tigers for d in neighbours()[t] if d not in taken)


def effects(before: State, a: Action, after: State) -> list[str]:
    """What the move does on the board, in the rules' words."""
    out: list[str] = []
    if isinstance(a, Capture):
        out.append(f"captures the Goat on {a.over} ({after.captured} of {CAPTURES_TO_WIN})")
    if after.drawn is not None:
        return [f"draws the game: {draw_reason(after.drawn, after.to_move)}"]
    if after.winner == GOATS:
        return ["traps the Tigers: they have no move left (5.5)"]
    if after.winner == TIGERS:
        return out or ["leaves the Goats without a move"]
    was, now = set(open_goats(before)), open_goats(after)
    if before.to_move == TIGERS:
        if now:
            out.append(f"threatens the {noun_for(len(now), 'Goat')} on {_points(now)}")
        elif not out:
            out.append(f"gives the Tigers {count_of(tiger_steps(after), 'step')} to empty points")
        return out
    shielded = sorted(was - set(now) - ({a.origin} if not isinstance(a, Place) else set()))
    if shielded:
        out.append(f"shields the {noun_for(len(shielded), 'Goat')} on {_points(shielded)}")
    if now:
        out.append(f"leaves the {noun_for(len(now), 'Goat')} on {_points(now)} open to a leap")
    else:
        out.append("leaves no Goat open to a leap")
    steps = tiger_steps(after)
    if steps <= 3:
        out.append(f"the Tigers have {count_of(steps, 'step')} left")
    return out


def ahead(j: Judged, side: str) -> str:
    """What the search sees after the move: a proven end, else the expected line."""
    plies = search.WIN - abs(j.score)
    if j.score > search.WIN - search.MATE_SPAN:
        return f"the {TITLES[side]} win by force within {count_of(plies, 'move')} (both sides')"
    if j.score < -search.WIN + search.MATE_SPAN:
        return (
            f"the {TITLES[side]} lose by force within {count_of(plies, 'move')} whatever they "
            "do; this holds out longest"
        )
    captures = sum(1 for a in j.line if isinstance(a, Capture))
    line = ", ".join(describe(a) for a in j.line)
    if j.draw is not None:
        return f"looking {count_of(j.depth, 'move')} ahead it expects {line}, then a draw: {j.draw}"
    taken = count_of(captures, "Goat") if captures else "no Goat"
    return f"looking {count_of(j.depth, 'move')} ahead it expects {line} ({taken} captured)"


def outlook(j: Judged, side: str) -> str:
    """`ahead` as the table reads it after an AI's move: the end or the Goats it expects to
    fall, never the replies it expects (a trial read them as a hint the game does not give
    the side against it)."""
    if abs(j.score) > search.WIN - search.MATE_SPAN:
        return ahead(j, side)
    within = f"looking {count_of(j.depth, 'move')} ahead (both sides')"
    if j.draw is not None:
        return f"{within} it expects a draw: {j.draw}"
    captures = sum(1 for a in j.line if isinstance(a, Capture))
    fall = f"{count_of(captures, 'more Goat')} captured" if captures else "no more Goat captured"
    return f"{within} it expects {fall}"


def ranked(st: State, depth: int, out_of_time: Callable[[int], bool] | None = None) -> list[Judged]:
    """The two best moves, best first, each with its exact score at `depth` (or the deepest
    depth completed before `out_of_time`; the first always is) and its expected line."""
    root = search.node_of(st)
    history = search.history_of(st)
    children = search.moves(root)
    if not children:
        raise ValueError("no legal move: the game is over")
    found: list[Judged] = []
    spent = 0  # positions searched at the depths before
    for d in range(min(2, depth), depth + 1, 2):
        # the first depth always completes (a hint needs one), the deeper ones within time
        s = search.Search(
            _counted(out_of_time, spent) if found else lambda n: False, history=history
        )
        try:
            top = _top_two(s, children, d)
        except search.OutOfTime:
            break
        spent += s.nodes
        found = [
            _judged(st, search.action_of(m), v, tuple(_line(s, m, child, d)), d)
            for m, v, child in top
        ]
        if found[0].score > search.WIN - search.MATE_SPAN:
            break  # a proven win: deeper search cannot change it
    return found


def _counted(out_of_time: Callable[[int], bool] | None, spent: int) -> Callable[[int], bool]:
    """`out_of_time` counting the positions searched before too."""
    if out_of_time is None:
        return lambda n: False
    return lambda n: out_of_time(spent + n)


def _top_two(
    s: search.Search, children: list[tuple[search.Raw, search.Node]], depth: int
) -> list[tuple[search.Raw, int, search.Node]]:
    """Exact scores for the best two (alpha is the second best so far: any move that beats
    it is searched in full)."""
    top: list[tuple[search.Raw, int, search.Node]] = []
    for m, child in children:
        alpha = top[1][1] if len(top) == 2 else -2 * search.WIN
        value = -s.negamax(child, depth - 1, -2 * search.WIN, -alpha, 1)
        if len(top) < 2 or value > alpha:
            top = sorted([*top, (m, value, child)], key=lambda t: -t[1])[:2]
    return top


def _line(s: search.Search, first: search.Raw, child: search.Node, depth: int) -> list[Action]:
    """The move and the replies the search's table holds as best after it (each position
    counted as the search counted it on the way, for our draw rule's repetitions)."""
    out = [search.action_of(first)]
    node = child
    entered: list[search.Node] = []
    for _ in range(depth - 1):
        if search.lost(node):
            break  # the game is won there
        entered.append(node)
        if s.enter(node):
            break  # drawn there
        entry = s.table.get(s.key(node))
        if entry is None or entry[3] is None:
            break
        out.append(search.action_of(entry[3]))
        node = search.play(node, entry[3])
    for n in reversed(entered):
        s.leave(n)
    return out


def _move_text(st: State, j: Judged) -> str:
    return f"`{describe(j.action)}` — {'; '.join(effects(st, j.action, apply(st, j.action)))}"


def advise(view: State, seat: str, r: random.Random, budget: Budget) -> Advice:
    """The hint: the suggested move and why, and the runner-up and how it compares."""
    if view.over or view.to_move != seat:
        raise ValueError(f"the {TITLES.get(seat, seat)} do not move now")
    timer = budget.timer()
    best, *rest = ranked(view, HINT_DEPTH, lambda nodes: timer(nodes // 1000))
    lines = [
        f"Suggested move for the {TITLES[seat]}: {_move_text(view, best)}.",
        f"Why: {ahead(best, seat)}.",
    ]
    if rest:
        runner = rest[0]
        same = " The search rates the two alike." if runner.score == best.score else ""
        lines.append(f"Runner-up: {_move_text(view, runner)}; {ahead(runner, seat)}.{same}")
    else:
        lines.append("It is the only legal move.")
    return Advice(summary="\n".join(lines), order=describe(best.action))


def judge(st: State, a: Action, depth: int) -> Judged:
    """One move weighed as the search at `depth` weighs it, with the line it expects."""
    m = search.raw_of(a)
    child = search.play(search.node_of(st), m)
    s = search.Search(history=search.history_of(st))
    value = -s.negamax(child, depth - 1, -2 * search.WIN, 2 * search.WIN, 1)
    return _judged(st, a, value, tuple(_line(s, m, child, depth)), depth)


def why_line(start: State, end: State, seat: str, level: str) -> str | None:
    """One line at an AI's turn's end: what its move did, and what it saw ahead."""
    legal = legal_actions(start)
    played = next((a for a in legal if apply(start, a).key == end.key), None)
    if played is None:
        return None
    said = "; ".join(effects(start, played, end))
    if end.over:
        return f"_Why: it {said}._"
    if level not in DEPTHS:
        return (
            f"_Why: a move chosen at random among {count_of(len(legal), 'legal move')}; it {said}._"
        )
    return f"_Why: it {said}; {outlook(judge(start, played, DEPTHS[level]), seat)}._"


def why_of_step(view: State, action: Action, seat: str, level: str) -> str | None:
    """`why_line` of the turn that is this one move from `view` (every Goat-Tiger turn is one,
    and a view is the whole position), for the AI's worker to say with its move: the search
    it runs stays off the table's event loop."""
    return why_line(view, apply(view, action), seat, level)
