"""How Successors writes each step: the notation's words (notation.py reads them back), and
each chance outcome in words (a chit drawn named only in its drawer's view)."""

from __future__ import annotations

from ..errors import excerpt
from .chits import chit_text
from .components import event_key
from .events import read_roll
from .state import (
    Accept,
    Action,
    Arm,
    Break,
    Buy,
    Call,
    ChooseHome,
    Decline,
    Dice,
    Disarm,
    Done,
    DrawChit,
    Drop,
    Embark,
    EndMove,
    Escape,
    EventRoll,
    Fight,
    Give,
    Halt,
    HomeRoll,
    Land,
    Lose,
    March,
    Offer,
    Pay,
    Play,
    Ransom,
    Refuse,
    Retreat,
    Sail,
    Stand,
    State,
    Take,
    TakeFleets,
    Undo,
)
from .view import View


def place(s: State, x: str) -> str:
    """A place's name from its id."""
    m = s.parts.map
    i = m.index.get(x)
    return m.names[i] if i is not None else x


def describe(v: View, a: Action) -> str:
    """The step in the notation; a chance outcome in words (a chit drawn named only in the
    view of its drawer)."""
    s = v.state
    text = _describe_step(s, a)
    if text is not None:
        return text
    return _describe_chance(v, a)


def _count(n: int, piece: str) -> str:
    return f"{n} {piece}"


def _describe_step(s: State, a: Action) -> str | None:
    if isinstance(a, ChooseHome):
        return f"home {place(s, a.area)}"
    if isinstance(a, Buy):
        return f"buy {a.count} {a.piece} at {place(s, a.at)}"
    if isinstance(a, Lose):
        what = a.piece if a.piece == "moving fleet" else _count(1, a.piece)
        return f"lose {what} at {place(s, a.at)}"  # one unit at a time (l.40)
    if isinstance(a, Take):
        if a.piece == "leader":
            return f"take leader at {place(s, a.at)}"
        return f"take {_count(a.count, a.piece)} at {place(s, a.at)}"
    if isinstance(a, TakeFleets):
        return f"take {a.count} fleet{'s' if a.count > 1 else ''} at {place(s, a.at)}"
    if isinstance(a, Drop):
        if a.piece == "leader":
            return "drop leader"
        if a.piece == "fleet":
            return f"drop {a.count} fleet{'s' if a.count > 1 else ''}"
        return f"drop {_count(a.count, a.piece)}"
    if isinstance(a, March):
        return f"march to {place(s, a.to)}"
    if isinstance(a, Sail):
        return f"sail to {place(s, a.to)}"
    if isinstance(a, Embark | Land):
        verb = "embark" if isinstance(a, Embark) else "land"
        what = "leader" if a.piece == "leader" else _count(a.count, a.piece)
        return f"{verb} {what} at {place(s, a.at)}"
    if isinstance(a, Fight | Decline):  # white units are the table's rebels (`white` reads too)
        who = "rebels" if a.against == "white" else a.against
        return f"{a.kind} {who} at {place(s, a.at)}"
    if isinstance(a, Retreat):
        what = a.piece if a.piece in ("all", "leader") else _count(1, a.piece)
        return f"retreat {what} to {place(s, a.to)}"  # one unit at a time, or all (l.45)
    if isinstance(a, Escape):
        return f"escape to {place(s, a.to)}"
    if isinstance(a, Call):
        return f"call {a.ally}"
    if isinstance(a, EndMove):
        return "end movement"
    if isinstance(a, Stand) and a.to_the_end:
        return "stand to the end"
    if isinstance(a, Done | Pay | Halt | Stand | Undo):
        return a.kind
    return _describe_aside(s, a)


def _describe_aside(s: State, a: Action) -> str | None:
    if isinstance(a, Give):
        return f"give {a.amount} to {a.to}"
    if isinstance(a, Offer | Accept | Refuse):
        return f"{a.kind} {a.to}"
    if isinstance(a, Break):
        return f"break with {a.to}"
    if isinstance(a, Ransom):
        return "ransom"
    if isinstance(a, Play):
        return f"play {a.chit}" + _targets(s, a.chit, a.at, a.to)
    if isinstance(a, Arm):
        at = f" at {place(s, a.at)}" if a.at else ""
        on = f" on {a.to}" if a.to else ""
        return f"arm {a.chit} for {a.when}{at}{on}"
    if isinstance(a, Disarm):
        return f"disarm {a.chit}"
    return None


def _targets(s: State, chit: int, at: str, to: str) -> str:
    kind = s.parts.chits.of(chit).kind if 1 <= chit <= len(s.parts.chits.chits) else ""
    if kind == "raid":  # (a step still being typed may name neither)
        return (f" from {place(s, at)}" if at else "") + (f" to {place(s, to)}" if to else "")
    out = f" at {place(s, at)}" if at else ""
    return out + (f" on {to}" if to else "")


def _describe_chance(v: View, a: Action) -> str:
    if isinstance(a, HomeRoll):
        return "rolls " + " ".join(map(str, a.dice))
    if isinstance(a, EventRoll):
        return f"rolls {' '.join(map(str, a.dice))} ({event_key(read_roll(a.dice))})"
    if isinstance(a, Dice):
        return "rolls " + " ".join(map(str, a.values))
    if isinstance(a, DrawChit):
        if v.seat == a.seat:
            return f"{a.seat} draws {chit_text(v.state, a.chit)}"
        return f"{a.seat} draws a chit"
    raise ValueError(f"no step {excerpt(a)}")
