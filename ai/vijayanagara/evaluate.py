"""A hand-written evaluation of a position for one faction (the `easy` AI's judgement).

Victory points decide the game (5.0), so the VP margin dominates; Resources, Control,
Influence, pieces on the map and threats to them are what turn into points later.
"""

from __future__ import annotations

from dataclasses import dataclass

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import OWNER, UNIT_KINDS, Faction, GameState, Piece

from .timur import expected_adjustment

UNIT_PIECES = frozenset(p for kinds in UNIT_KINDS.values() for p in kinds)


@dataclass(frozen=True)
class Judgement:
    """Weights in victory points: how much each thing is worth now toward points at the end."""

    margin: float = 1.0  # 5.0: points ahead of the best rival (negative when behind)
    own_points: float = 0.25  # points count even while a rival leads
    resource: float = 0.12  # 1.8: Resources pay for Commands
    cavalry: float = 0.2  # 1.10: Cavalry turns battles
    control: float = 0.4  # 1.6: a controlled Province (Tributary ones for Delhi)
    unit: float = 0.12  # units on the map hold and take Provinces
    structure: float = 0.5  # 1.4.4: Qasbahs, Forts and Temples
    influence: float = 0.5  # 1.9: Influence is points and Succession strength for the Deccan
    threat: float = 0.08  # rival units next to a space where ours are outnumbered
    projected: bool = False  # Delhi's end-of-game adjustment (5.1) counted as it stands


EASY = Judgement()  # every faction's judgement in `easy`


def margin(state: GameState, seat: Faction) -> int:
    """Points ahead of the best rival (5.0); ties broken the rules' way are not counted."""
    s = vijayanagara.score(state)
    return s[seat] - max(v for f, v in s.items() if f != seat)


def win_share(state: GameState, seat: Faction) -> float:
    """1 when the seat is first in `vijayanagara.ranking` (5.0 with its tie-breaks), else 0."""
    return 1.0 if vijayanagara.ranking(state)[0] == seat else 0.0


def projected_score(state: GameState) -> dict[Faction, float]:
    """Victory points now, Delhi's with its end-of-game adjustment as it stands (ai.vijayanagara.timur)."""
    s: dict[Faction, float] = {f: float(v) for f, v in vijayanagara.score(state).items()}
    if state.delhi_adjustment is None:
        s[Faction.D] += expected_adjustment(state)
    return s


def evaluate(state: GameState, seat: Faction, judgement: Judgement = EASY) -> float:
    """The position's worth to the seat, weighed by the judgement."""
    j = judgement
    s = projected_score(state) if j.projected else vijayanagara.score(state)
    value = (
        j.margin * (s[seat] - max(v for f, v in s.items() if f != seat)) + j.own_points * s[seat]
    )
    value += j.resource * state.resources[seat] + j.cavalry * state.cavalry[seat]
    if seat in state.influence:
        value += j.influence * state.influence[seat]
    return value + _map_value(state, seat, j)


# what a piece is to each seat: its own unit, its own structure, a rival's unit (or nothing)
_OWN_UNIT, _OWN_STRUCTURE, _RIVAL_UNIT = 1, 2, 3
_ROLE: dict[Faction, dict[Piece, int]] = {
    seat: {
        p: (_OWN_UNIT if p in UNIT_PIECES else _OWN_STRUCTURE)
        if owner == seat
        else (_RIVAL_UNIT if p in UNIT_PIECES else 0)
        for p, owner in OWNER.items()
    }
    for seat in Faction
}


def _map_value(state: GameState, seat: Faction, j: Judgement) -> float:
    # one table lookup per piece, the sums in the same order as ever (same floats: what an
    # empty space or an unthreatened one would add is 0.0, so it is left out)
    adjacency = vijayanagara.board().adjacency
    role = _ROLE[seat]
    structure, unit, control = j.structure, j.unit, j.control
    delhi = seat == Faction.D
    held: list[tuple[str, int]] = []  # each space with the seat's units, in the state's order
    rival_units: dict[str, int] = {}
    value = 0.0
    for sid, sp in state.spaces.items():
        pieces = sp.pieces
        if pieces:
            mine = rivals = 0
            for piece, n in pieces.items():
                r = role[piece]
                if r == _OWN_UNIT:
                    mine += n
                elif r == _RIVAL_UNIT:
                    rivals += n
                elif r == _OWN_STRUCTURE:
                    value += structure * n
            if rivals:
                rival_units[sid] = rivals
            if mine:
                held.append((sid, mine))
                value += unit * mine
        if sp.tributary if delhi else sp.control == seat:
            value += control
    threat = j.threat
    for sid, mine in held:
        near = rival_units.get(sid, 0)
        for other in adjacency[sid]:
            near += rival_units.get(other, 0)
        if near > mine:
            value -= threat * (near - mine)
    return value
