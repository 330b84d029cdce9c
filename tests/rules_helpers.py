"""Helpers for the rulebook tests (tests/test_rules_*.py): build positions, drive the engine
through parse/apply, and find rng states that roll chosen dice."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from invariants import check

from rules import vijayanagara
from rules.vijayanagara import rng
from rules.vijayanagara.cards import deck_for
from rules.vijayanagara.engine import push, set_barrier
from rules.vijayanagara.forces import refresh
from rules.vijayanagara.frames import BattleFrame
from rules.vijayanagara.model import BASE, OWNER, CardState, Faction, GameState, Piece

D, B, V, M = Faction.D, Faction.B, Faction.V, Faction.M
P = Piece


def blank(seed: int = 1) -> GameState:
    """A new game with every piece back in its holding box, all Provinces Tributary."""
    s = vijayanagara.new_game(seed).clone()
    for sp in s.spaces.values():
        for p, n in sp.pieces.items():
            box = s.available[OWNER[p]]
            box[BASE[p]] = box.get(BASE[p], 0) + n
        sp.pieces = {}
    refresh(s)
    return s


def force_next_card(s: GameState, card: int) -> None:
    """Make `card` the next card drawn (a known pile of one in front, the seeded dealer's
    order starting with it), bypassing 2.1 (set-up only)."""
    s.order = [card] + [n for n in s.order if n != card]
    s.piles.insert(0, {str(card): 1})


def put(s: GameState, space: str, piece: Piece, n: int = 1) -> None:
    """Move n pieces from Available to the space, bypassing every rule (set-up only)."""
    box = s.available[OWNER[piece]]
    assert box.get(BASE[piece], 0) >= n, f"not enough {piece} Available"
    box[BASE[piece]] -= n
    s.spaces[space].pieces[piece] = s.spaces[space].pieces.get(piece, 0) + n
    refresh(s)


def independent(s: GameState, *spaces: str) -> None:
    for sp in spaces:
        s.spaces[sp].tributary = False
    refresh(s)


def event_card(order: Sequence[Faction] | None = None, stay: bool = False) -> int:
    deck = deck_for(vijayanagara.GameOptions())
    for n, c in sorted(deck.cards.items()):
        if c.kind != "event" or c.stay_eligible != stay:
            continue
        if order is None or tuple(c.order) == tuple(order):
            return n
    raise LookupError(order)


def on_card(s: GameState, card: int | None = None) -> GameState:
    """Start the Sequence of Play on an Event card (every faction Eligible unless set)."""
    s.frames = s.frames[:1]
    s.current_card = card if card is not None else event_card((D, B, V))
    s.card = CardState()
    push(s, "card")
    vijayanagara.advance(s)
    set_barrier(s)
    return s


def turn(s: GameState, faction: Faction, card: int | None = None) -> GameState:
    """Only this faction's turn on an Event card (it acts, then the next card is drawn)."""
    s.frames = s.frames[:1]
    s.current_card = card if card is not None else event_card((D, B, V))
    s.card = CardState(acted=[faction])
    push(s, "turn", faction)
    vijayanagara.advance(s)
    set_barrier(s)
    return s


def frame(s: GameState, kind: str, faction: Faction | None = None, **data: object) -> GameState:
    """Run an engine frame on its own above the root game frame."""
    s.frames = s.frames[:1]
    s.current_card = event_card((D, B, V))
    push(s, kind, faction, **data)
    vijayanagara.advance(s)
    set_barrier(s)
    return s


def run(s: GameState, text: str) -> GameState:
    """Apply each step of an order, checking the standing invariants after each one."""
    for a in vijayanagara.parse(s, text):
        s = vijayanagara.apply(s, a)
        check(s)
    return s


def legal_text(s: GameState) -> list[str]:
    return [vijayanagara.describe(s, a) for a in vijayanagara.legal_actions(s)]


def pieces(s: GameState, space: str) -> dict[Piece, int]:
    return dict(s.spaces[space].pieces)


def battle(s: GameState) -> BattleFrame:
    """The battle in progress (its phase is the frame above it)."""
    return next(fr for fr in reversed(s.frames) if isinstance(fr, BattleFrame))


@cache
def dice_rng(att: tuple[int | None, ...], dfn: tuple[int | None, ...]) -> int:
    """An rng state whose next rolls are these attacker then defender dice (None: any)."""
    want = att + dfn
    for start in range(5_000_000):
        state = start
        for w in want:
            state, v = rng.below(state, 6)
            if w is not None and v + 1 != w:
                break
        else:
            return start
    raise LookupError((att, dfn))
