"""Victory (l.66-69; Q33): the count after the last game turn and its tie-break."""

from __future__ import annotations

from ..game import Ranking
from . import board
from .state import NO, State


def held_alone(s: State) -> list[int]:
    """Per seat, the value of the unmarked areas its units alone occupy (l.66-67; its own
    mercenaries do not spoil it, an ally's units do)."""
    value = s.parts.map.value
    out = [0] * s.players
    for a in range(s.parts.map.land):
        seat = board.alone_in(s, a)
        if seat != NO:
            out[seat] += value[a]
    return out


def half_points(s: State, seat: int) -> int:
    """A seat's score in half points: twice the value of the areas it holds alone, plus one
    per Talent (l.68: each worth half a point)."""
    return 2 * held_alone(s)[seat] + s.money[seat]


def points_number(half: int) -> str:
    """Half points as points: "3.5", "12"."""
    whole, rest = divmod(half, 2)
    return f"{whole}{'.5' if rest else ''}"


def points_text(half: int) -> str:
    return f"{points_number(half)} point{'' if half == 2 else 's'}"


def last_order(s: State) -> list[int]:
    """The last game turn's order (l.69: the earlier mover wins a tie), the eliminated after
    it, the last eliminated first."""
    alive = [k for k in s.order if k not in s.out]
    alive += [k for k in s.base_order if k not in alive and k not in s.out]
    alive += [k for k in range(s.players) if k not in alive and k not in s.out]
    return alive + list(reversed(s.out))


def ranking(s: State) -> Ranking:
    order = last_order(s)
    held = held_alone(s)
    scores = {s.seats[k]: 2 * held[k] + s.money[k] if k not in s.out else 0 for k in order}
    alive = [k for k in order if k not in s.out]
    ranked = sorted(alive, key=lambda k: (-scores[s.seats[k]], alive.index(k)))
    places = tuple((s.seats[k],) for k in ranked) + tuple(
        (s.seats[k],) for k in order if k in s.out
    )
    best = ranked[0]
    tied = [k for k in ranked if scores[s.seats[k]] == scores[s.seats[best]]]
    how = points_text(scores[s.seats[best]])
    text = f"{s.seats[best].capitalize()} wins with {how}"
    if len(tied) > 1:
        text += f", tied with {', '.join(s.seats[k].capitalize() for k in tied[1:])} but earlier in the last turn's order (l.69)"
    counts = "; ".join(_count(s, k, held[k]) for k in ranked)
    text += f". The count (l.66-68): {counts}"
    if s.out:  # their money went with them (Q32): placed after the rest, the last out first
        gone = ", ".join(s.seats[k].capitalize() for k in reversed(s.out))
        first = ", the last out placed first" if len(s.out) > 1 else ""
        text += f"; out of the game (Q32), with no points{first}: {gone}"
    return Ranking(places=places, scores=scores, text=text)


def _count(s: State, seat: int, held: int) -> str:
    """A seat's points as the victory count makes them: the provinces its units alone hold
    (l.66), unmarked (l.67), and its Talents at half a point (l.68)."""
    alone = sum(1 for a in range(s.parts.map.land) if board.alone_in(s, a) == seat)
    areas = f"{alone} province{'' if alone == 1 else 's'} held alone worth {held}"
    money = s.money[seat]
    talents = f"{money} Talent{'' if money == 1 else 's'} worth {points_text(money)}"
    return f"{s.seats[seat].capitalize()} {areas} + {talents} = {points_text(2 * held + money)}"
