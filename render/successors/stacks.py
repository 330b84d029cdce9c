"""What stands in each place of a view, as the picture writes it: runs of short words, one run
per side, each drawn on its side's colour.

A seat's run in a land area: its leader (★), its units by type (2L 3I 1C 1E: levy, infantry,
cavalry, elephant) and its fleets in the area's port (2F). Its mercenaries are a run of their
own (white, edged in its colour), the rebels and invaders another (white). A battle being
fought there opens the area's runs (⚔). At sea, a seat's run is its leader, its fleets and
the units they carry (its mercenaries aboard a run of their own).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.successors import MERC, NO, WHITE, State, View

LETTERS = ("L", "I", "C", "E")  # levy, infantry, cavalry, elephant
LEADER = "★"
BATTLE = "⚔"
Style = Literal["seat", "merc", "white", "battle", "more"]


@dataclass(frozen=True, slots=True)
class Run:
    style: Style
    seat: int  # the seat whose colour it takes, or NO
    words: tuple[str, ...]


def counts(row: tuple[int, ...], slot: int) -> tuple[str, ...]:
    return tuple(f"{row[slot * 4 + t]}{LETTERS[t]}" for t in range(4) if row[slot * 4 + t])


def area_runs(s: State, area: int) -> tuple[Run, ...]:
    """The runs of a land area, in the order drawn: a battle, then each seat in
    seat order (its colour, then its mercenaries), then the rebels and invaders."""
    out: list[Run] = []
    if s.battle is not None and s.battle.area == area:
        out.append(Run("battle", NO, (BATTLE,)))
    row, held = s.units[area], s.totals[area]
    port = s.fleets[area]
    for seat in range(s.players):
        words: tuple[str, ...] = (LEADER,) if s.leaders[seat] == area else ()
        if held[seat]:
            words += counts(row, seat)
        if port[seat]:
            words += (f"{port[seat]}F",)
        if words:
            out.append(Run("seat", seat, words))
        if held[MERC + seat]:
            out.append(Run("merc", seat, counts(row, MERC + seat)))
    if held[WHITE]:
        out.append(Run("white", NO, counts(row, WHITE)))
    return tuple(out)


def sea_runs(s: State, place: int) -> tuple[Run, ...]:
    """Each seat's leader, fleets and the units aboard them in a sea (its mercenaries aboard
    a run of their own, as on land)."""
    out: list[Run] = []
    force = s.force
    for seat in range(s.players):
        words: tuple[str, ...] = (LEADER,) if s.leaders[seat] == place else ()
        fleets = s.fleets[place][seat]
        if fleets:
            words += (f"{fleets}F",)
        aboard = [0] * 8  # the seat's own units by type, then its mercenaries'
        if force is not None and force.seat == seat and force.place == place and force.fleets:
            for code, _, _, n in force.groups:
                aboard[code % 4 + (4 if code // 4 >= MERC else 0)] += n
            words += counts(tuple(aboard), 0)
        if words:
            out.append(Run("seat", seat, words))
        if any(aboard[4:]):
            out.append(Run("merc", seat, counts(tuple(aboard), 1)))
    return tuple(out)


def runs(v: View) -> tuple[tuple[Run, ...], ...]:
    """Every place's runs: the land areas, then the seas."""
    s = v.state
    land = s.parts.map.land
    return tuple(area_runs(s, a) if a < land else sea_runs(s, a) for a in range(s.parts.map.areas))
