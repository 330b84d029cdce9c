"""Invariants that hold after every step of every game (used by the playout tests).

`check` runs after every step of thousands of games, so it reads each space once."""

from __future__ import annotations

from rules import vijayanagara
from rules.vijayanagara.forces import controller
from rules.vijayanagara.model import BASE, OWNER, STRUCTURES, TOTALS, Faction, GameState, Piece

# 1.3.2, 1.3.3: outside the Provinces only Delhi's and the Mongols' pieces
_OUTSIDE_PROVINCES = frozenset(p for p, f in OWNER.items() if f in (Faction.D, Faction.M))
# 1.4.5: the Obedient units that never stand in their own faction's Controlled Province
_NOT_OBEDIENT_UNDER: dict[Faction | None, Piece] = {Faction.B: Piece.AMIR, Faction.V: Piece.RAJA}


def check(state: GameState) -> None:
    provinces = vijayanagara.board().province_set
    totals = dict.fromkeys(TOTALS, 0)
    for sid, sp in state.spaces.items():
        pieces = sp.pieces
        for p, n in pieces.items():
            assert n > 0, f"non-positive count {p} {n}"
            assert n == 1 or p not in STRUCTURES, f"{n} {p} in {sid} (1.4.4)"
            totals[BASE[p]] += n
        assert sp.control == controller(state, sid), f"Control of {sid} is stale"
        if sid not in provinces:
            assert not sp.tributary and sp.control is None
            assert _OUTSIDE_PROVINCES.issuperset(pieces), f"{set(pieces)} in {sid} (1.3.2, 1.3.3)"
        else:
            assert Piece.MONGOL not in pieces
        unit = _NOT_OBEDIENT_UNDER.get(sp.control)
        assert unit is None or not pieces.get(unit), (
            f"Obedient {unit} in {sp.control} {sid} (1.4.5)"
        )
    for f, box in state.available.items():
        for p, n in box.items():
            assert n >= 0, f"negative Available {f} {p}"
            totals[p] += n
    for f, slots in state.slots.items():
        totals[Piece.AMIR if f == Faction.B else Piece.RAJA] += sum(slots.values())
    assert totals == TOTALS, f"pieces {totals}, expected {TOTALS}"
    for f in vijayanagara.PLAYERS:
        assert 0 <= state.resources[f] <= 24, f"{f} resources {state.resources[f]}"
        assert state.cavalry[f] >= 0
    assert state.cavalry_pool >= 0
    assert state.cavalry_pool + sum(state.cavalry.values()) == 10
    for f in (Faction.B, Faction.V):
        assert 0 <= state.influence[f] <= 4
    if not state.game_over:
        assert vijayanagara.legal_actions(state), "no legal action but the game is not over"
        assert vijayanagara.prompt(state).faction in vijayanagara.PLAYERS
