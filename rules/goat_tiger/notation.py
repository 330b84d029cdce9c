"""The Goat-Tiger notation (docs/goat_tiger.md): what players type and the log prints.

    place 7      the Goats place a Goat on point 7
    8-9          a Goat or a Tiger moves from point 8 to point 9
    1x9          a Tiger leaps from point 1 over the Goat on 3 to point 9, capturing it

Points are the numbers 1-23 of the board. The reader forgives what a person types: a leading
`goat` or `tiger` (checked against the seat), `x` written `:`, spaces anywhere, and the words
of a sentence ("move 4 to 10", "from 4 to 10", "place a goat on 7", "jump from 1 over 3 to 9",
"tiger 1 captures 3"). It reads what is meant, not whether the rules allow it: a readable
move the rules forbid is refused when it is played, naming the rule (play.why_not).
"""

from __future__ import annotations

import re

from ..errors import IllegalAction, InvalidOrder, clip
from ..text import inert, quoted
from .board import POINTS, leaps
from .model import GOATS, TIGERS, TITLES, Capture, Move, Place, Side, State
from .play import GoatTigerAction, captures_now, legal_actions

MAX_TEXT = 60  # longer than any way of writing a move: refused before it is read
MAX_TOKENS = 12  # words and signs: "move the tiger from point 15 over 9 to point 3" is 11
_TOKEN = re.compile(r"\d+|[a-z]+|[-x:>→]")
_WHO: dict[str, Side] = {"goat": GOATS, "goats": GOATS, "tiger": TIGERS, "tigers": TIGERS}
# The words of a move, by what they mean: a placement, a capture, a step; the rest only join.
_PLACE_WORDS = frozenset({"place", "p", "put", "drop", "add", "new"})
_CAPTURE_WORDS = frozenset(
    {"x", ":", "capture", "captures", "jump", "jumps", "leap", "leaps", "take", "takes"}
)
_MOVE_WORDS = frozenset({"-", ">", "→", "move", "moves", "m", "step", "steps", "go", "goes"})
_OVER_WORDS = frozenset({"over"})
_FILLER = frozenset(
    {"a", "the", "from", "to", "on", "onto", "at", "in", "into", "point", "points", "pt", "and"}
)
FORMS = (
    "write `place 7` to place a Goat, `8-9` (or `move 8 to 9`) to move a piece, `1x9` (or "
    "`jump 1 over 3 to 9`) for a Tiger's capture; points are 1-23"
)


def describe(a: GoatTigerAction) -> str:
    if isinstance(a, Place):
        return f"place {a.point}"
    if isinstance(a, Capture):
        return f"{a.origin}x{a.dest}"
    return f"{a.origin}-{a.dest}"


def _tokens(text: str) -> list[str]:
    body = text.strip().lower().replace("->", ">")
    tokens = _TOKEN.findall(body)
    rest = _TOKEN.sub(" ", body).replace(",", " ").replace(".", " ").strip()
    if rest:
        raise InvalidOrder(f"cannot read {quoted(rest, 20)} in {quoted(text.strip(), 60)}: {FORMS}")
    if len(tokens) > MAX_TOKENS:
        raise InvalidOrder(f"a move is a few words, not {len(tokens)}: {FORMS}")
    return tokens


class _Read:
    """What a move's words say: the side named, what it does, and its points in order."""

    def __init__(self) -> None:
        self.who: Side | None = None
        self.kind: str | None = None  # "place", "capture" or "move"
        self.points: list[int] = []
        self.over: int | None = None  # a point named after `over`


def _read(text: str) -> _Read:
    out = _Read()
    after_over = False
    kinds: set[str] = set()
    for t in _tokens(text):
        if t.isdigit():
            n = int(t) if len(t) <= 3 else 10**3
            if not POINTS[0] <= n <= POINTS[-1]:
                raise InvalidOrder(f"the points are numbered 1 to 23, not {inert(t, 8)}")
            if after_over:
                out.over, after_over = n, False
            else:
                out.points.append(n)
        elif t in _WHO:
            if out.who is not None and out.who != _WHO[t]:
                raise InvalidOrder(
                    f"{quoted(text.strip(), 60)} names both the Goats and the Tigers"
                )
            out.who = _WHO[t]
        elif t in _OVER_WORDS:
            kinds.add("capture")
            after_over = True
        elif t in _CAPTURE_WORDS:
            kinds.add("capture")
        elif t in _PLACE_WORDS:
            kinds.add("place")
        elif t in _MOVE_WORDS:
            kinds.add("move")
        elif t not in _FILLER:
            raise InvalidOrder(
                f"cannot read {quoted(t, 20)} in {quoted(text.strip(), 60)}: {FORMS}"
            )
    if "place" in kinds and len(kinds) > 1:
        said = " and ".join(sorted(kinds))
        raise InvalidOrder(f"{quoted(text.strip(), 60)} says both {said}: {FORMS}")
    out.kind = next((k for k in ("capture", "place", "move") if k in kinds), None)
    if not out.points and out.over is None:
        what = f"the {TITLES[out.who]} " if out.who else ""
        raise InvalidOrder(f"{what}{out.kind or 'move'} where? No point is named: {FORMS}")
    return out


def parse(st: State, text: str, seat: str) -> list[GoatTigerAction]:
    """The move `seat` means by `text`. Unreadable text is an InvalidOrder; a move of the
    other side, or out of turn, an IllegalAction; whether the rules allow the move read is
    checked when it is played (play.apply names the rule)."""
    try:
        if len(text) > MAX_TEXT:
            raise InvalidOrder(f"a move is at most {MAX_TEXT} characters, not {len(text)}")
        r = _read(text)
        mine = TITLES.get(seat, seat)
        if r.who is not None and r.who != seat:
            raise IllegalAction(f"you play the {mine}, not the {TITLES[r.who]}")
        if not st.over and seat != st.to_move:
            raise IllegalAction(f"it is the {TITLES[st.to_move]}' turn, not the {mine}'")
        return [_meant(st, r, text)]
    except InvalidOrder as e:
        raise e.at(1, 1, clip(text.strip())) from None


def _meant(st: State, r: _Read, text: str) -> GoatTigerAction:
    points = r.points
    if r.over is not None:  # "jump 1 over 3 to 9"
        if len(points) != 2:
            raise InvalidOrder(f"a leap names where it starts and lands: {FORMS}")
        return Capture(origin=points[0], over=r.over, dest=points[1])
    if len(points) == 3 and r.kind in (None, "capture"):  # "1x3x9": from, over, to
        return Capture(origin=points[0], over=points[1], dest=points[2])
    if len(points) == 1:
        return _one_point(st, r, points[0])
    if len(points) != 2:
        raise InvalidOrder(f"{quoted(text.strip(), 60)} names {len(points)} points: {FORMS}")
    origin, dest = points
    if r.kind == "place":
        raise InvalidOrder(f"a Goat is placed on one point, not two: {FORMS}")
    over = _between(origin, dest)
    if r.kind == "capture" or (over in st.goats and st.to_move == TIGERS):
        # a leap over a Goat written as a step ("1-9") is the capture it can only mean; a
        # leap that is none keeps its start as `over`, for play.why_not to say why
        return Capture(origin=origin, over=over or origin, dest=dest)
    return Move(origin=origin, dest=dest)


def _one_point(st: State, r: _Read, point: int) -> GoatTigerAction:
    """One point named: a placement, or the only move of the side that lands there (or the
    only capture of the Goat on it, for "capture 9")."""
    if r.kind == "place" or (r.kind is None and st.to_move == GOATS and st.in_hand):
        return Place(point=point)
    found: list[GoatTigerAction] = []
    for a in legal_actions(st):
        if isinstance(a, Capture) and r.kind == "capture":
            hit = point in (a.over, a.dest)
        else:
            hit = isinstance(a, Move | Capture) and r.kind != "capture" and a.dest == point
        if hit:
            found.append(a)
    if len(found) == 1:
        return found[0]
    if found:
        ways = ", ".join(f"`{describe(a)}`" for a in found)
        raise InvalidOrder(f"which one? Point {point} is reached by {ways}")
    # read, but no move the rules allow is meant: refused by the rule, not as unreadable
    if r.kind == "capture" and st.to_move == GOATS:
        raise IllegalAction("only a Tiger captures (5.5): the Goats place a Goat or move one")
    if r.kind == "capture":
        raise IllegalAction(
            f"no Tiger can capture on point {point} now (5.5: a Tiger captures by leaping over "
            f"a Goat along a line to the empty point beyond). {captures_now(st)}"
        )
    raise IllegalAction(
        f"no move of the {TITLES[st.to_move]} reaches point {point} (5.5: a piece moves along "
        f"a line to an empty point next to it); name where it starts, e.g. `{_example(st)}`"
    )


def _example(st: State) -> str:
    legal = legal_actions(st)
    return describe(legal[0]) if legal else "8-9"


def _between(origin: int, dest: int) -> int | None:
    """The point a leap from origin to dest passes over, or None when it is no leap."""
    return next((o for o, d in leaps()[origin] if d == dest), None)
