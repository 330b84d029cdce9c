"""Plain game-tree search for the Goat-Tiger game (perfect information, no chance).

Negamax with alpha-beta pruning, a transposition table and iterative deepening over a
compact position (two bitmasks and three counts, as rules.goat_tiger.position_key packs
them). A won or lost end scores WIN less the moves to it, so the search prefers the quickest
win and the slowest loss: once it sees a forced win within its depth it plays a move that
keeps it, and each later turn finds the win one round nearer. Our draw rule (a position the
third time with the same side to move, or the cap on moves without a capture or a placement)
ends a line with DRAW, the score of an even game: positions below the depth are judged by a
cheap count (captures, the Tigers' freedom, Goats in reach of a leap) measured from the count
of an even game, so a side that is behind takes a draw and a side that is ahead avoids one.

A position's worth depends on the positions before it (the repetitions) and on the moves
since the last capture or placement (the cap): the transposition table keys a position with
the three positions before it (5.5's rule), its count of quiet moves when the cap is within
HORIZON moves, and the positions that stood twice already (one more and it is a draw). A
position that stood once can come back twice only through two cycles of at least six moves
(five moves cannot bring one back: 5.5 forbids the four-move cycle), so the table is exact to
six moves deep; deeper, a result may rarely be taken from a line with other repetitions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from rules.goat_tiger import (
    CAPTURES_TO_WIN,
    QUIET_MOVES_TO_DRAW,
    REPETITIONS_TO_DRAW,
    TIGERS,
    Capture,
    Move,
    Place,
    State,
    leaps,
    neighbours,
)
from rules.goat_tiger import GoatTigerAction as Action

WIN = 1_000_000
MATE_SPAN = 10_000  # scores beyond WIN - MATE_SPAN are forced ends
DRAW = 0  # an even game: neither a win nor a loss
HORIZON = 16  # the deepest search whose table entries are exact for the cap
# The Tigers' count (evaluate) of an even game, which a draw is worth: measured in games of
# the strongest level against itself (docs/goat_tiger.md).
EVEN = 1000
_NEIGH: tuple[tuple[int, ...], ...] = tuple(neighbours().get(p, ()) for p in range(24))
_LEAPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(leaps().get(p, ()) for p in range(24))
_ALL = sum(1 << p for p in range(1, 24))
_NEIGH_MASK: tuple[int, ...] = tuple(sum(1 << d for d in ds) for ds in _NEIGH)
_LEAP_BITS = tuple(tuple((1 << o, 1 << d) for o, d in ls) for ls in _LEAPS)  # over, onto

# A move in the search: (origin, over, dest); origin 0 for a placement, over 0 for a step.
Raw = tuple[int, int, int]


class Node(NamedTuple):
    """A position as the search holds it (a tuple: made at every move searched, several
    times cheaper than a frozen dataclass)."""

    goats: int  # bit p: a Goat on point p
    tigers: int
    in_hand: int
    captured: int
    tigers_move: bool
    previous: tuple[int, ...]  # position keys, oldest first (the repetition rule)
    quiet: int  # moves since the last capture or placement (our draw rule's cap)
    key: int  # position_key: made once, read at every look-up


def node_of(st: State) -> Node:
    return Node(
        goats=sum(1 << p for p in st.goats),
        tigers=sum(1 << p for p in st.tigers),
        in_hand=st.in_hand,
        captured=st.captured,
        tigers_move=st.to_move == TIGERS,
        previous=st.previous,
        quiet=len(st.quiet),
        key=st.key,
    )


def history_of(st: State) -> tuple[int, ...]:
    """The positions since the last capture or placement, this one last: what our draw
    rule's repetitions count."""
    return (*st.quiet, st.key)


def action_of(raw: Raw) -> Action:
    origin, over, dest = raw
    if origin == 0:
        return Place(point=dest)
    if over:
        return Capture(origin=origin, over=over, dest=dest)
    return Move(origin=origin, dest=dest)


def raw_of(a: Action) -> Raw:
    if isinstance(a, Place):
        return (0, 0, a.point)
    if isinstance(a, Capture):
        return (a.origin, a.over, a.dest)
    return (a.origin, 0, a.dest)


# the points of each byte of a mask, ascending (a mask of points 1-23 is three bytes)
_BYTE_POINTS = tuple(
    tuple(tuple(p + 8 * i for p in range(8) if b >> p & 1) for b in range(256)) for i in range(3)
)


def _points(mask: int) -> tuple[int, ...]:
    low, middle, high = _BYTE_POINTS
    return low[mask & 0xFF] + middle[mask >> 8 & 0xFF] + high[mask >> 16]


def candidates(n: Node) -> list[Raw]:
    """The moves of the side to move, captures first (before the repetition rule)."""
    goats = n.goats
    empty = _ALL & ~(goats | n.tigers)
    if not n.tigers_move:
        if n.in_hand:
            return [(0, 0, p) for p in _points(empty)]
        return [(g, 0, d) for g in _points(goats) for d in _points(_NEIGH_MASK[g] & empty)]
    caps: list[Raw] = []
    steps: list[Raw] = []
    for t in _points(n.tigers):
        for o, d in _LEAPS[t]:
            if goats >> o & 1 and empty >> d & 1:
                caps.append((t, o, d))
        steps += [(t, 0, d) for d in _points(_NEIGH_MASK[t] & empty)]
    return caps + steps


def play(n: Node, m: Raw) -> Node:
    origin, over, dest = m
    goats, tigers, in_hand, captured, tigers_move, previous, quiet, key = n
    previous = (*previous, key)[-3:]
    key ^= 1 << 58  # the other side to move (key_after, made here in the same stroke)
    if not tigers_move:
        if origin == 0:
            in_hand -= 1
            key = (key | 1 << dest) - (1 << 48)  # one Goat fewer in the supply
            quiet = 0  # a placement resets our draw rule's count
        else:
            goats &= ~(1 << origin)
            key ^= 1 << origin | 1 << dest
            quiet += 1
        goats |= 1 << dest
    else:
        tigers = tigers & ~(1 << origin) | 1 << dest
        key ^= 1 << origin + 24 | 1 << dest + 24
        if over:
            goats &= ~(1 << over)
            captured += 1
            key = (key ^ 1 << over) + (1 << 53)
            quiet = 0  # and so does a capture
        else:
            quiet += 1
    return _node(Node, (goats, tigers, in_hand, captured, not tigers_move, previous, quiet, key))


_node = tuple.__new__  # Node's own constructor, without its keyword handling


def key_after(n: Node, m: Raw) -> int:
    """The key of the position `m` makes, from `n`'s key alone (rules.goat_tiger.key_after)."""
    origin, over, dest = m
    key = n.key ^ 1 << 58  # the other side to move
    if not n.tigers_move:
        if origin == 0:
            return (key | 1 << dest) - (1 << 48)  # one Goat fewer in the supply
        return key ^ (1 << origin | 1 << dest)
    key ^= 1 << origin + 24 | 1 << dest + 24
    return (key ^ 1 << over) + (1 << 53) if over else key


def legal_moves(n: Node) -> list[Raw]:
    """The legal moves (the repetition rule of 5.5 applied), captures first, without making
    their positions: a search makes only those it searches."""
    found = candidates(n)
    if len(n.previous) < 3:
        return found
    banned = n.previous[0]
    if not _may_make(n.key ^ 1 << 58, banned):
        return found
    return [m for m in found if key_after(n, m) != banned]


def _may_make(key: int, banned: int) -> bool:
    """Whether a move may make the position `banned` from `key` (the side already switched,
    as key_after has it): a step changes two points, a placement adds a Goat and takes one
    from the supply, a capture moves a Tiger, takes a Goat and counts it (key_after)."""
    return (
        (key ^ banned).bit_count() == 2
        or ((banned + (1 << 48)) ^ key).bit_count() == 1
        or ((banned - (1 << 53)) ^ key).bit_count() == 3
    )


def moves(n: Node) -> list[tuple[Raw, Node]]:
    """The legal moves and the positions they make."""
    return [(m, play(n, m)) for m in legal_moves(n)]


def lost(n: Node) -> bool:
    """Whether the side to move has lost: the fifth Goat captured, or no legal move."""
    return n.captured >= CAPTURES_TO_WIN or not legal_moves(n)


def evaluate(n: Node) -> int:
    """The position below the search's depth, for the side to move."""
    empty = _ALL & ~(n.goats | n.tigers)
    return _score(n, *_tiger_moves(n.goats, n.tigers, empty))


def _score(n: Node, free: int, reach: int) -> int:
    """evaluate's count, from the Tigers' steps (`free`) and leaps (`reach`)."""
    tigers = 1000 * n.captured + 20 * free + 150 * reach - EVEN
    return tigers if n.tigers_move else -tigers


def _tiger_moves(goats: int, tigers: int, empty: int) -> tuple[int, int]:
    """The Tigers' steps to an empty point and their leaps over a Goat (captures)."""
    free = reach = 0
    for t in _points(tigers):
        free += (_NEIGH_MASK[t] & empty).bit_count()
        for over, onto in _LEAP_BITS[t]:
            if goats & over and empty & onto:
                reach += 1
    return free, reach


def _leaf(n: Node, seen: Counter[int], ply: int) -> int:
    """negamax at depth 0, without making the moves: a loss if the side to move has no
    legal move, a draw by our rule, else evaluate. Two moves never make the same position,
    so the repetition rule bans at most one: with two or more there is a legal move."""
    empty = _ALL & ~(n.goats | n.tigers)
    free, reach = _tiger_moves(n.goats, n.tigers, empty)
    if n.tigers_move:
        count = free + reach
    elif n.in_hand:
        count = empty.bit_count()
    else:
        count = sum((_NEIGH_MASK[g] & empty).bit_count() for g in _points(n.goats))
    if count == 0 or (count == 1 and len(n.previous) >= 3 and not legal_moves(n)):
        return -(WIN - ply)  # the side to move is trapped
    if seen[n.key] + 1 >= REPETITIONS_TO_DRAW or n.quiet >= QUIET_MOVES_TO_DRAW:
        return DRAW
    return _score(n, free, reach)


class OutOfTime(Exception):
    pass


@dataclass
class Result:
    move: Raw
    score: int  # for the side to move
    depth: int  # the deepest search completed
    nodes: int

    @property
    def forced(self) -> str | None:
        """ "win" or "loss" when the search proved the end within its depth."""
        if self.score > WIN - MATE_SPAN:
            return "win"
        if self.score < -WIN + MATE_SPAN:
            return "loss"
        return None


# Nodes between two looks at the budget: a few milliseconds of search in pure Python, so a
# search stops within that of its seconds (every 1024 nodes overshot a 20 ms budget threefold).
CHECK_EVERY = 128


TableKey = tuple[int, tuple[int, ...], int, frozenset[int]]
_MATERIAL = 0x3FF << 48  # a key's Goats in the supply and captured


class Search:
    def __init__(
        self, out_of_time: Callable[[int], bool] = lambda nodes: False, history: Sequence[int] = ()
    ) -> None:
        """`history`: the positions since the last capture or placement, the root last
        (history_of); each position the search enters is counted on top of them."""
        self.table: dict[TableKey, tuple[int, int, int, Raw | None]] = {}
        self.nodes = 0
        self.out_of_time = out_of_time
        self.seen: Counter[int] = Counter(history)
        self.twice = frozenset(k for k, c in self.seen.items() if c >= REPETITIONS_TO_DRAW - 1)

    def enter(self, n: Node) -> bool:
        """Count the position once more; whether our draw rule ends the game there (not won:
        the caller has looked for a win first)."""
        count = self.seen[n.key] + 1
        self.seen[n.key] = count
        if count == REPETITIONS_TO_DRAW - 1:
            self.twice = self.twice | {n.key}
        return count >= REPETITIONS_TO_DRAW or n.quiet >= QUIET_MOVES_TO_DRAW

    def leave(self, n: Node) -> None:
        count = self.seen[n.key] - 1
        self.seen[n.key] = count
        if count == REPETITIONS_TO_DRAW - 2:
            self.twice = self.twice - {n.key}

    def key(self, n: Node) -> TableKey:
        """What a position's worth depends on (the module's docstring says why)."""
        near_cap = n.quiet if n.quiet > QUIET_MOVES_TO_DRAW - HORIZON else -1
        twice = self.twice
        if twice:  # only those of the same material can stand again
            twice = frozenset(k for k in twice if k & _MATERIAL == n.key & _MATERIAL)
        return (n.key, n.previous, near_cap, twice)

    def negamax(self, n: Node, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0 and self.out_of_time(self.nodes):
            raise OutOfTime
        if n.captured >= CAPTURES_TO_WIN:  # the Tigers have just made their fifth capture
            return -(WIN - ply)
        if depth == 0:
            return _leaf(n, self.seen, ply)
        legal = legal_moves(n)
        if not legal:  # the side to move is trapped
            return -(WIN - ply)
        drawn = self.enter(n)
        try:
            if drawn:
                return DRAW
            return self._searched(n, legal, depth, alpha, beta, ply)
        finally:
            self.leave(n)

    def _searched(
        self, n: Node, legal: list[Raw], depth: int, alpha: int, beta: int, ply: int
    ) -> int:
        tkey = self.key(n)
        entry = self.table.get(tkey)
        first: Raw | None = None
        if entry is not None:
            e_depth, e_value, e_flag, first = entry
            if e_depth >= depth:
                value = _from_table(e_value, ply)
                if e_flag == 0 or (e_flag < 0 and value <= alpha) or (e_flag > 0 and value >= beta):
                    return value
        if first is not None:
            legal.sort(key=lambda m: m != first)
        alpha0 = alpha
        best = -2 * WIN
        best_move: Raw | None = None
        for m in legal:
            value = -self.negamax(play(n, m), depth - 1, -beta, -alpha, ply + 1)
            if value > best:
                best, best_move = value, m
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        flag = 1 if best >= beta else (-1 if best <= alpha0 else 0)
        self.table[tkey] = (depth, _to_table(best, ply), flag, best_move)
        return best

    def root(self, n: Node, depth: int, order: list[tuple[Raw, Node]]) -> tuple[Raw, int]:
        """The best move at this depth and its score (ties: the first in `order`)."""
        alpha, beta = -2 * WIN, 2 * WIN
        best: tuple[Raw, int] | None = None
        for m, child in order:
            value = -self.negamax(child, depth - 1, -beta, -alpha, 1)
            if best is None or value > best[1]:
                best = (m, value)
                alpha = max(alpha, value)
        assert best is not None
        return best


def _to_table(value: int, ply: int) -> int:
    """A forced end's score as seen from the node (so that it holds at any ply)."""
    if value > WIN - MATE_SPAN:
        return value + ply
    if value < -WIN + MATE_SPAN:
        return value - ply
    return value


def _from_table(value: int, ply: int) -> int:
    if value > WIN - MATE_SPAN:
        return value - ply
    if value < -WIN + MATE_SPAN:
        return value + ply
    return value


def best_move(
    n: Node,
    max_depth: int,
    order: Callable[[list[tuple[Raw, Node]]], list[tuple[Raw, Node]]] = lambda ms: ms,
    out_of_time: Callable[[int], bool] = lambda nodes: False,
    before: Sequence[int] = (),
) -> Result:
    """Iterative deepening to `max_depth` plies (fewer if `out_of_time` says so, after depth
    1): the move of the deepest completed search, and its score. `before`: the positions
    since the last capture or placement before `n` (a State's `quiet`)."""
    if max_depth > HORIZON:
        raise ValueError(f"the search looks at most {HORIZON} moves ahead, not {max_depth}")
    children = order(moves(n))
    if not children:
        raise ValueError("no legal move: the game is over")
    # depth 1 always completes: there is always a move to play
    search = Search(history=(*before, n.key))
    found: Result | None = None
    for depth in range(1, max_depth + 1):
        if found is not None:  # the last best first: with equal scores it stays
            last = found.move
            children.sort(key=lambda mc: mc[0] != last)
        try:
            m, score = search.root(n, depth, children)
        except OutOfTime:
            break
        found = Result(m, score, depth, search.nodes)
        if found.forced is not None:
            break  # a proven end: deeper search cannot change it
        if depth == 1:
            search.out_of_time = out_of_time
    assert found is not None
    found.nodes = search.nodes
    return found
