"""Invariants that hold after every step of every game (used by the playout tests)."""

from __future__ import annotations

from rules import vijayanagara
from rules.vijayanagara.forces import controller
from rules.vijayanagara.model import BASE, OWNER, STRUCTURES, TOTALS, Faction, GameState, Piece


def check(state: GameState) -> None:
    totals: dict[Piece, int] = {}
    for sp in state.spaces.values():
        for p, n in sp.pieces.items():
            assert n > 0, f"non-positive count {p} {n}"
            totals[BASE[p]] = totals.get(BASE[p], 0) + n
    for f, box in state.available.items():
        for p, n in box.items():
            assert n >= 0, f"negative Available {f} {p}"
            totals[p] = totals.get(p, 0) + n
    for f, slots in state.slots.items():
        unit = Piece.AMIR if f == Faction.B else Piece.RAJA
        totals[unit] = totals.get(unit, 0) + sum(slots.values())
    for p, n in TOTALS.items():
        assert totals.get(p, 0) == n, f"{p}: {totals.get(p, 0)} pieces, expected {n}"
    for f in vijayanagara.PLAYERS:
        assert 0 <= state.resources[f] <= 24, f"{f} resources {state.resources[f]}"
        assert state.cavalry[f] >= 0
    assert state.cavalry_pool >= 0
    assert state.cavalry_pool + sum(state.cavalry.values()) == 10
    for f in (Faction.B, Faction.V):
        assert 0 <= state.influence[f] <= 4
    board = vijayanagara.board()
    for sid, sp in state.spaces.items():
        assert sp.control == controller(state, sid), f"Control of {sid} is stale"
        if not board.is_province(sid):
            assert not sp.tributary and sp.control is None
            for p in sp.pieces:
                assert OWNER[p] in (Faction.D, Faction.M), f"{p} in {sid} (1.3.2, 1.3.3)"
        else:
            assert Piece.MONGOL not in sp.pieces
        for s in STRUCTURES:
            assert sp.pieces.get(s, 0) <= 1, f"two {s} in {sid} (1.4.4)"
        if sp.control == Faction.B:
            assert not sp.pieces.get(Piece.AMIR), f"Obedient Amir in Bahmani {sid} (1.4.5)"
        if sp.control == Faction.V:
            assert not sp.pieces.get(Piece.RAJA), f"Obedient Raja in Vijayanagara {sid} (1.4.5)"
    if not state.game_over:
        assert vijayanagara.legal_actions(state), "no legal action but the game is not over"
        assert vijayanagara.prompt(state).faction in vijayanagara.PLAYERS
