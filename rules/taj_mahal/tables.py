"""Tables made once per set of cards, so that listing and applying steps builds nothing new.

Actions are immutable by use, so equal actions can be one shared object: listing the legal
steps then only picks objects out of a table (making them was most of its cost). The tables
hold values only (no state), so sharing them between games and threads is safe.
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import CITIES, COLOURS, EFFECTS, Cards, cards_from_text
from .state import Place, Play, Take

# Symbols packed into one int, 16 bits per symbol (a card shows at most 2 symbols and a game
# has at most 100 cards, so a count stays below bit 15, the field's guard bit).
FIELD = 16
ONES = sum(1 << (FIELD * i) for i in range(6))
GUARDS = ONES << (FIELD - 1)
BEATS = tuple(1 << (FIELD * k + FIELD - 1) for k in range(6))  # [symbol]: its guard bit
PLACES = tuple(Place(c) for c in range(CITIES))  # [city]: Place(city)


@dataclass(frozen=True, slots=True)
class Tables:
    cards: Cards
    plays: tuple[tuple[Play, ...], ...]  # [card][extra + 1]: Play(card, extra); [card][0]: alone
    pairs: dict[tuple[int, int], Take]  # (a, b): Take((a, b))
    singles: tuple[Take, ...]  # [a]: Take((a,))
    packed: tuple[int, ...]  # per kind: its symbols, packed (FIELD bits each)
    colour_of: tuple[int, ...]  # per kind: index in COLOURS, 4 white, 5 special
    change: int  # the kind of the free colour change card
    points: int  # the kind of the +2 influence points card
    coloured: frozenset[int]  # the coloured kinds


_TABLES: dict[str | None, Tables] = {}
KEPT = 8  # tables kept (owners' files are few; the oldest made is dropped first)


def tables(cards_file: str | None) -> Tables:
    """The tables of a game's cards file (None: the standard cards), made once while kept."""
    t = _TABLES.get(cards_file)
    if t is None:
        t = _make(cards_from_text(cards_file))
        while len(_TABLES) >= KEPT:
            _TABLES.pop(next(iter(_TABLES)), None)
        _TABLES[cards_file] = t
    return t


def _make(cards: Cards) -> Tables:
    n = len(cards.kinds)
    return Tables(
        cards=cards,
        plays=tuple((Play(card), *(Play(card, extra) for extra in range(n))) for card in range(n)),
        pairs={(a, b): Take((a, b)) for a in range(n) for b in range(n)},
        singles=tuple(Take((a,)) for a in range(n)),
        packed=tuple(sum(n << (FIELD * i) for i, n in enumerate(k.counts)) for k in cards.kinds),
        colour_of=cards.colour_of,
        change=cards.specials[EFFECTS.index("colour_change")],
        points=cards.specials[EFFECTS.index("points")],
        coloured=frozenset(k for k, c in enumerate(cards.colour_of) if c < len(COLOURS)),
    )
