"""The Goat-Tiger notation (docs/goat_tiger.md): what players type and the log prints.

    place 7      the Goats place a Goat on point 7
    7-8          a Goat or a Tiger moves from point 7 to point 8
    1x9          a Tiger leaps from point 1 over the Goat on 3 to point 9, capturing it

Points are the numbers 1-23 of the board. A leading `goat` or `tiger` is read and checked;
`x` may be written `:`, and `p 7` or `place7` are `place 7`; spaces around `-` and `x` are fine.
"""

from __future__ import annotations

import re

from .board import leaps
from .model import GOATS, TIGERS, Capture, Move, Place, Side, State
from .play import GoatTigerAction, legal_actions, why_not

MAX_TEXT = 40  # longer than any move: refused before it is read
_MOVE = re.compile(r"(\d{1,2})\s*([-x])\s*(\d{1,2})")
_PLACE = re.compile(r"(?:place|p)\s*(\d{1,2})")
_WHO: dict[str, Side] = {"goat": GOATS, "goats": GOATS, "tiger": TIGERS, "tigers": TIGERS}


def describe(a: GoatTigerAction) -> str:
    if isinstance(a, Place):
        return f"place {a.point}"
    if isinstance(a, Capture):
        return f"{a.origin}x{a.dest}"
    return f"{a.origin}-{a.dest}"


def _read(text: str) -> tuple[Side | None, str, tuple[int, ...]]:
    """(the side named, if any; "place", "-" or "x"; the points)."""
    words = text.strip().lower().replace(":", "x").split(None, 1)
    who = _WHO.get(words[0]) if words else None
    body = words[1] if who is not None and len(words) > 1 else text.strip().lower()
    if who is not None and len(words) == 1:
        raise ValueError(f"{words[0]} what? Write e.g. `place 7`, `7-8` or `1x9`")
    body = body.replace(":", "x")
    m = _PLACE.fullmatch(body)
    if m:
        return who, "place", (int(m[1]),)
    m = _MOVE.fullmatch(body)
    if m:
        return who, m[2], (int(m[1]), int(m[3]))
    raise ValueError(
        f"cannot read {text.strip()[:MAX_TEXT]!r}: write `place 7` to place a Goat, `7-8` to "
        f"move a piece, `1x9` for a Tiger's capture (points 1-23)"
    )


def parse(st: State, text: str, seat: str) -> list[GoatTigerAction]:
    """The move `seat` means by `text`, checked against the legal moves now."""
    if len(text) > MAX_TEXT:
        raise ValueError(f"a move is at most {MAX_TEXT} characters, not {len(text)}")
    who, how, points = _read(text)
    if any(not 1 <= p <= 23 for p in points):
        raise ValueError(f"the points are numbered 1 to 23, not {', '.join(map(str, points))}")
    if who is not None and who != seat:
        raise ValueError(f"you play the {seat.title()}, not the {who.title()}")
    if st.winner is None and seat != st.to_move:
        raise ValueError(f"it is the {st.to_move.title()}' turn, not the {seat.title()}'")
    a: GoatTigerAction
    if how == "place":
        a = Place(point=points[0])
    elif how == "-":
        a = Move(origin=points[0], dest=points[1])
    else:
        found: list[GoatTigerAction] = [
            c for c in legal_actions(st) if isinstance(c, Capture) and (c.origin, c.dest) == points
        ]
        if found:
            return found
        a = Capture(origin=points[0], over=_between(*points), dest=points[1])
    reason = why_not(st, a)
    if reason is not None:
        raise ValueError(reason)
    return [a]


def _between(origin: int, dest: int) -> int:
    """The point a leap from origin to dest passes over (origin itself when there is none,
    so that the move is refused with the rule)."""
    return next((o for o, d in leaps()[origin] if d == dest), origin)
