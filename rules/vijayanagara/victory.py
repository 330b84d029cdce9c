"""Victory (5.0-5.3)."""

from __future__ import annotations

from .board import board
from .model import FACTION_NAMES, PLAYERS, Faction, GameState, Piece
from .words import count_of


def score(state: GameState) -> dict[Faction, int]:
    """Victory points now; once Timur's invasion is over, with the Delhi adjustment (5.1)."""
    spaces = state.spaces
    bahmani_seat, vijaya_seat = Faction.B, Faction.V  # (locals: the AI scores every candidate)
    tributary = bahmani = vijaya = 0
    for s, prosperity in board().province_prosperity:  # each to whoever it counts for
        sp = spaces[s]
        if sp.tributary:
            tributary += prosperity
        control = sp.control
        if control == bahmani_seat:
            bahmani += prosperity
        elif control == vijaya_seat:
            vijaya += prosperity
    fort, temple = Piece.FORT, Piece.TEMPLE
    forts = temples = 0
    for sp in spaces.values():  # one pass for both kinds of structure that score
        pieces = sp.pieces
        if pieces:
            forts += pieces.get(fort, 0)
            temples += pieces.get(temple, 0)
    return {
        Faction.D: tributary + (state.delhi_adjustment or 0),
        bahmani_seat: bahmani + forts + state.influence[bahmani_seat],
        vijaya_seat: vijaya + temples + state.influence[vijaya_seat],
    }


def ranking(state: GameState) -> list[Faction]:
    """Factions best first: most victory points, ties broken by Resources (5.0)."""
    s = score(state)
    return sorted(PLAYERS, key=lambda f: (-s[f], -state.resources[f], PLAYERS.index(f)))


def winner(state: GameState) -> Faction:
    return ranking(state)[0]


def places(state: GameState) -> tuple[tuple[str, ...], ...]:
    """The factions best first (5.0): most victory points, then most Resources; factions
    equal in both share a place (the optional Goat-Tiger game may break it: rules.vijayanagara.tiebreak)."""
    vp = score(state)

    def key(f: Faction) -> tuple[int, int]:
        return (-vp[f], -state.resources[f])

    out: list[tuple[str, ...]] = []
    for k in sorted({key(f) for f in PLAYERS}):
        out.append(tuple(str(f) for f in PLAYERS if key(f) == k))
    return tuple(out)


def result_text(state: GameState) -> str:
    """The result in words a spectator reads (5.0): the winner with its VP and how far ahead
    of the next; a tie in VP broken by Resources, said so; a tie in both, said as a tie."""
    vp, cash = score(state), state.resources
    first = [Faction(f) for f in places(state)[0]]
    best = first[0]
    if len(first) > 1:
        names = " and ".join(FACTION_NAMES[f] for f in first)
        return f"{names} tie with {vp[best]} VP and {count_of(cash[best], 'Resource')} each"
    others = [f for f in PLAYERS if f != best]
    level = [f for f in others if vp[f] == vp[best]]
    name = FACTION_NAMES[best]
    if level:
        tied = " and ".join(FACTION_NAMES[f] for f in level)
        most = max(cash[f] for f in level)
        return (
            f"{name} wins the tie at {vp[best]} VP with {tied} on Resources, "
            f"{cash[best]} to {most} (5.0)"
        )
    second = max(vp[f] for f in others)
    behind = " and ".join(FACTION_NAMES[f] for f in others if vp[f] == second)
    return f"{name} wins with {vp[best]} VP, {vp[best] - second} ahead of {behind}"
