"""Taj Mahal's state and actions: plain data, shared between copies (every field immutable).

Cards are kinds (indices into `Cards.kinds`): identical cards are interchangeable, so a hand,
the supply and the discard pile are sorted tuples of kinds. The drawing deck is a multiset
with no order: each draw is a chance step that picks a card uniformly from it, so the future of
the deck is held by the dealer's secret, never by the state (Preparation: shuffle the cards).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Final, Literal

from pydantic import Field

from .components import (
    ELEPHANT,
    GRAND_MOGUL,
    Board,
    Cards,
    board_from_text,
    cards_from_text,
    standard_board,
    standard_cards,
)

NO: Final = -1  # no seat, no tile, no colour
SUPPLY: Final = {3: 5, 4: 7, 5: 9}  # the card supply by number of players (Preparation)
HAND: Final = 6  # cards dealt to each player
VISITS: Final = 12

Phase = Literal["setup", "supply", "draw", "turn", "place", "take", "over"]
# a seat decides (the others: the dealer, or none)
DECIDING: Final = frozenset(("turn", "place", "take"))
CROWN: Final = 4  # a pending placement of the crown palace (court symbols are 0-3)


def _zero(n: int) -> bool:
    return n == 0


@dataclass(slots=True)
class State:
    seats: tuple[str, ...]
    board_file: str | None
    cards_file: str | None
    phase: Phase
    visit: int  # 0-11: the visit under way (the province with tile visit + 1)
    start: int  # the starting player of this visit (seat index)
    turn: int  # the seat deciding now, or the seat withdrawing
    # the board
    province_order: tuple[int, ...]  # province holding tile k + 1 (12 once set up)
    bonus_on: tuple[int, ...]  # per city: its bonus tile (index; len(bonus_tiles) = Taj Mahal)
    palace: tuple[int, ...]  # per city: the seat with a normal palace there, or NO
    crown_palace: tuple[int, ...]  # per city: the seat whose crown palace stands there, or NO
    crown_city: int  # the city where the crown is this visit, or NO (in the court)
    # the court of the Grand Moguls
    court: tuple[bool, bool, bool, bool]  # Vizier, General, Monk, Princess tiles there
    province_tile_in_court: bool
    # cards
    deck: tuple[int, ...]  # hidden: the drawing deck's cards (no order)
    discard: tuple[int, ...]
    supply: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]  # hidden: each seat's cards, special cards apart
    special_holder: tuple[int, ...]  # per special card (EFFECTS order): seat, or NO (table)
    # each seat
    scores: tuple[int, ...]
    influence: tuple[tuple[int, int, int, int], ...]  # oval tiles held, by kind
    province_tiles: tuple[tuple[int, ...], ...]  # tile numbers won
    commodity_tiles: tuple[tuple[int, ...], ...]  # commodity bonus tiles kept (tile index)
    # this visit
    active: tuple[bool, ...]  # not yet withdrawn
    played: tuple[tuple[int, ...], ...]  # cards played this visit (specials included)
    colour: tuple[int, ...]  # the colour each seat must play this visit (index), or NO
    # a withdrawal under way (seat `turn`)
    pending: tuple[int, ...] = ()  # placements still to make: court symbols, CROWN
    elephant_won: bool = False
    placed: bool = False  # a palace was placed in this withdrawal
    draws_due: int = 0  # cards the withdrawing player draws from the deck
    early: bool = False  # withdrew before playing a card
    # points from bonus tiles in this withdrawal, for the account of its points (Influence
    # points 1); written to JSON only while not 0, so a state between withdrawals reads as before
    bonus_points: Annotated[int, Field(exclude_if=_zero)] = 0
    # undo (in memory only, never stored or shown): the seat's steps since the last undo
    # barrier and the state at that barrier; the adapter (game.py) keeps them
    since_barrier: Annotated[tuple[Action, ...], Field(exclude=True)] = field(
        default=(), compare=False, repr=False
    )
    barrier: Annotated[State | None, Field(exclude=True)] = field(
        default=None, compare=False, repr=False
    )

    @property
    def board(self) -> Board:
        f = self.board_file
        return standard_board() if f is None else board_from_text(f)

    @property
    def cards(self) -> Cards:
        f = self.cards_file
        return standard_cards() if f is None else cards_from_text(f)

    @property
    def province(self) -> int:
        """The current province (the province with the current province figure)."""
        return self.province_order[self.visit]

    def in_court(self, force: int) -> bool:
        """Whether the prize of a force (0-5) is still in the court this visit, to be won by
        a withdrawal (Withdraw): its character tile, the crown (the Grand Mogul's) or the
        province tile (the Elephant's)."""
        if force == GRAND_MOGUL:
            return self.crown_city == NO
        if force == ELEPHANT:
            return self.province_tile_in_court
        return self.court[force]

    def clone(self) -> State:
        # a new object with each slot set: half the cost of calling the 31-argument __init__
        t = _new(State)
        t.seats = self.seats
        t.board_file = self.board_file
        t.cards_file = self.cards_file
        t.phase = self.phase
        t.visit = self.visit
        t.start = self.start
        t.turn = self.turn
        t.province_order = self.province_order
        t.bonus_on = self.bonus_on
        t.palace = self.palace
        t.crown_palace = self.crown_palace
        t.crown_city = self.crown_city
        t.court = self.court
        t.province_tile_in_court = self.province_tile_in_court
        t.deck = self.deck
        t.discard = self.discard
        t.supply = self.supply
        t.hands = self.hands
        t.special_holder = self.special_holder
        t.scores = self.scores
        t.influence = self.influence
        t.province_tiles = self.province_tiles
        t.commodity_tiles = self.commodity_tiles
        t.active = self.active
        t.played = self.played
        t.colour = self.colour
        t.pending = self.pending
        t.elephant_won = self.elephant_won
        t.placed = self.placed
        t.draws_due = self.draws_due
        t.early = self.early
        t.bonus_points = self.bonus_points
        t.since_barrier = ()  # a copy starts at a barrier of its own: the adapter sets them
        t.barrier = None
        return t


_new: Final = State.__new__  # object.__new__ in Python; the compiled class's own when compiled


# --- actions ------------------------------------------------------------------------------


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Setup:
    """Chance: the province tiles, the bonus tiles, the hands and the first supply."""

    provinces: tuple[int, ...]  # the province given tile 1, 2, ... 11
    bonus: tuple[int, ...]  # the tile on each fortress of Board.bonus_fortresses
    hands: tuple[tuple[int, ...], ...]
    supply: tuple[int, ...]
    kind: Literal["setup"] = "setup"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class LayOut:
    """Chance: a new card supply at the start of a visit."""

    cards: tuple[int, ...]
    kind: Literal["supply"] = "supply"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Draw:
    """Chance: the topmost card of the deck for a seat (None: no card is left anywhere)."""

    seat: str
    card: int | None
    kind: Literal["draw"] = "draw"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Play:
    """One coloured card, with one white or special card or nothing."""

    card: int
    extra: int | None = None
    kind: Literal["play"] = "play"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Withdraw:
    kind: Literal["withdraw"] = "withdraw"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Place:
    """A palace (or the crown palace) on a city of the current province."""

    city: int
    kind: Literal["place"] = "place"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Take:
    """The cards a withdrawing player takes from the supply."""

    cards: tuple[int, ...]
    kind: Literal["take"] = "take"


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; hashable, and quick to make
class Undo:
    """Takes back the seat's last step since the last deal or hand-off."""

    kind: Literal["undo"] = "undo"


Action = Setup | LayOut | Draw | Play | Withdraw | Place | Take | Undo
CHANCE_ACTIONS = (Setup, LayOut, Draw)
