"""Tables made once per cards file (and per board file), so that listing and applying steps
builds nothing new.

Actions are immutable by use, so equal actions can be one shared object: listing the legal
steps then only picks objects out of a table (making them was most of its cost). The tables
hold values only (no state; `Tables.held` fills in as holders are met), so sharing them
between games and threads is safe.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, TypeVar

from .components import CITIES, COLOURS, EFFECTS, Board, Cards, board_from_text, cards_from_text
from .state import NO, SUPPLY, Place, Play, Take

# Symbols packed into one int, 16 bits per symbol (a card shows at most 2 symbols and a game
# has at most 100 cards, so a count stays below bit 15, the field's guard bit).
FIELD: Final = 16
ONES: Final = sum(1 << (FIELD * i) for i in range(6))
GUARDS: Final = ONES << (FIELD - 1)
BEATS: Final = tuple(1 << (FIELD * k + FIELD - 1) for k in range(6))  # [symbol]: its guard bit
PLACES: Final = tuple(Place(c) for c in range(CITIES))  # [city]: Place(city)
WHITE_IDX: Final = 4  # colour indices after COLOURS (Cards.colour_of)
SPECIAL_IDX: Final = 5
LEAD: Final = 1  # Tables.role
WITH: Final = 2


@dataclass(frozen=True, slots=True)
class Tables:
    cards: Cards
    # [card][extra]: Play(card, extra); [card][NO] (the last): Play(card), the card alone
    plays: tuple[tuple[Play, ...], ...]
    takes: tuple[tuple[Take, ...], ...]  # [a][b]: Take((a, b))
    singles: tuple[Take, ...]  # [a]: Take((a,))
    packed: tuple[int, ...]  # per kind: its symbols, packed (FIELD bits each)
    colour_of: tuple[int, ...]  # per kind: index in COLOURS, 4 white, 5 special
    change: int  # the kind of the free colour change card
    points: int  # the kind of the +2 influence points card
    specials: tuple[int, ...]  # the kind of each special card, in EFFECTS order
    # [colour][kind]: LEAD when a seat whose colour this visit is `colour` may play the kind
    # as its coloured card, WITH for a white card (it goes with one), else 0; [NO] (the last):
    # no colour is set yet, so every coloured card is LEAD
    role: tuple[tuple[int, ...], ...]
    # [special_holder][seat]: the special cards the seat holds (State.special_holder's values
    # are few, so each is worked out once)
    held: dict[tuple[int, ...], tuple[tuple[int, ...], ...]]


K = TypeVar("K")
V = TypeVar("V")
# tables kept per kind of file (owners' files are few; the oldest made goes first)
KEPT: Final = 8
# Tables.held: a game's holders are at most 6 ** 4 (a seat or none per card)
HELD_KEPT: Final = 4096


class _Kept(dict[K, V]):
    """A table per file, made on first use while kept: a lookup is one dict access."""

    def __init__(self, make: Callable[[K], V], kept: int = KEPT) -> None:
        super().__init__()
        self.make = make
        self.kept = kept

    def __missing__(self, key: K) -> V:
        made = self.make(key)
        while len(self) >= self.kept:
            self.pop(next(iter(self)), None)
        self[key] = made
        return made


def _role(colour_of: tuple[int, ...], colour: int) -> tuple[int, ...]:
    """Tables.role[colour]: what each kind of card may do in a turn of a seat of `colour`."""
    lead = range(WHITE_IDX) if colour == NO else (colour,)
    return tuple(LEAD if c in lead else WITH if c == WHITE_IDX else 0 for c in colour_of)


def _held(specials: tuple[int, ...], holder: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Tables.held[holder]: per seat (of the most a game has), the special cards it holds."""
    return tuple(
        tuple(k for k, h in zip(specials, holder, strict=True) if h == seat)
        for seat in range(max(SUPPLY))
    )


def _make(cards_file: str | None) -> Tables:
    cards = cards_from_text(cards_file)
    n = len(cards.kinds)
    colour_of = cards.colour_of
    plays = tuple((*(Play(card, extra) for extra in range(n)), Play(card)) for card in range(n))
    return Tables(
        cards=cards,
        plays=plays,
        takes=tuple(tuple(Take((a, b)) for b in range(n)) for a in range(n)),
        singles=tuple(Take((a,)) for a in range(n)),
        packed=tuple(sum(n << (FIELD * i) for i, n in enumerate(k.counts)) for k in cards.kinds),
        colour_of=colour_of,
        change=cards.specials[EFFECTS.index("colour_change")],
        points=cards.specials[EFFECTS.index("points")],
        specials=cards.specials,
        role=tuple(_role(colour_of, colour) for colour in (*range(len(COLOURS)), NO)),
        held=_Kept(lambda holder: _held(cards.specials, holder), kept=HELD_KEPT),
    )


TABLES: Final[dict[str | None, Tables]] = _Kept(_make)  # [cards_file]: its tables
BOARDS: Final[dict[str | None, Board]] = _Kept(board_from_text)  # [board_file]: its board
assert NO == -1  # Tables.plays and Tables.role keep their NO entry last


def tables(cards_file: str | None) -> Tables:
    """The tables of a game's cards file (None: the standard cards), made once while kept."""
    return TABLES[cards_file]
