"""The `greedy` level: weighs what withdrawing now would win against what one more play adds,
counting the cards it costs (cards are scarce: Game tactics).

Values are rough influence points: an influence tile is worth its palace (the province point,
connections and a fortress's bonus tile) and, as the second of a pair, a special card; the
crown a palace; the elephant the province tile's exact points. A card spent costs about a
point (it would score at the end or win later).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import cached_property

from rules.taj_mahal import (
    COURT,
    CROWN,
    ELEPHANT,
    GRAND_MOGUL,
    NO,
    Action,
    Board,
    Place,
    Play,
    State,
    Take,
    Tile,
    View,
    Withdraw,
    engine,
    scoring,
)

CARD_COST = 1.0
WHITE_COST = 1.2
PAIR_BONUS = 2.0  # the special card a pair of influence tiles brings
MIN_GAIN = 0.6  # play on only for at least this much more than withdrawing now
EARLY = 1.5  # what the card drawn by an early withdrawal is worth
FUTURE = 0.3  # a road from a palace into a province still to be visited


def choose(view: View, rng: random.Random) -> Action:
    return step(view.state, rng)


def step(s: State, rng: random.Random) -> Action:
    """Greedy's step for the seat to move in `s` (a view's state, or a full state in a
    search's playout: it reads nothing of the others' hands)."""
    w = s.turn
    if s.phase == "place":
        return Place(_best_city(s, w))
    if s.phase == "take":
        return _best_take(s, w)
    return _turn(s, w, rng)


def _tile_value(s: State, w: int, tile_id: int) -> float:
    board = s.board
    tile: Tile = board.tile(tile_id)
    if tile.kind == "points":
        return float(tile.value)
    if tile.kind == "card":
        return 1.5 * tile.value
    assert tile.commodity is not None
    return 1.0 + scoring.commodity_count(
        board, s.province_tiles[w], s.commodity_tiles[w], tile.commodity
    )


def _city_value(s: State, w: int, city: int, crown: bool, later: set[int]) -> float:
    """`city`'s worth to `w` for a palace (or the crown palace) now; `later` is the provinces
    still to be visited, whose palaces may connect to it."""
    board: Board = s.board
    palace, crown_palace = s.palace, s.crown_palace
    if crown:
        crown_palace = (*crown_palace[:city], w, *crown_palace[city + 1 :])
    else:
        palace = (*palace[:city], w, *palace[city + 1 :])
    value = float(scoring.palace_points(board, palace, crown_palace, w, s.province))
    if not crown and s.bonus_on[city] != NO:
        value += _tile_value(s, w, s.bonus_on[city])
    value += FUTURE * sum(1 for n in board.neighbours[city] if board.city_province[n] in later)
    return value


def _later(s: State) -> set[int]:
    return set(s.province_order[s.visit + 1 :])


def _best_city(s: State, w: int) -> int:
    crown = s.pending[0] == CROWN
    later = _later(s)
    return max(engine.placements(s), key=lambda c: (_city_value(s, w, c, crown, later), -c))


class _Worth:
    """What winning forces would bring `w` in `s`, against the others' `best` counts: it
    depends only on which forces a play would win, so each outcome is worked out once for all
    of a turn's plays (the search's playouts weigh many turns), and the palaces' points, which
    depend on the state alone, once for all outcomes."""

    def __init__(self, s: State, w: int, best: list[int]) -> None:
        self.s, self.w, self.best = s, w, best
        # the forces still to be won: the court's tiles, the crown, the province tile
        self.open = (
            *(k for k in COURT if s.court[k]),
            *((GRAND_MOGUL,) if s.crown_city == NO else ()),
            *((ELEPHANT,) if s.province_tile_in_court else ()),
        )
        self.known: dict[tuple[int, ...], float] = {}  # the forces won -> their points

    def of(self, mine: list[int]) -> float:
        """The points of the forces `mine` would win."""
        best = self.best
        won = tuple([k for k in self.open if mine[k] > best[k]])
        value = self.known.get(won)
        if value is None:
            value = self.known[won] = self._value(won)
        return value

    def _value(self, won: tuple[int, ...]) -> float:
        s, w = self.s, self.w
        tiles = [k for k in won if k in COURT]
        crown = GRAND_MOGUL in won
        elephant = ELEPHANT in won
        value = sum(1.0 + (PAIR_BONUS if s.influence[w][k] == 1 else 0.0) for k in tiles)
        value += self._palace_estimate(len(tiles) + (1 if crown else 0))
        if elephant:
            value += scoring.province_tile_points(
                s.board, s.visit + 1, s.province_tiles[w], s.commodity_tiles[w]
            )
        return value

    def _palace_estimate(self, palaces: int) -> float:
        """Points from placing `palaces` palaces now: the best cities' bonus tiles, and the
        province point with the best connection (counted once)."""
        if palaces == 0:
            return 0.0
        if self._cities is None:
            return 1.0
        best_connection, bonuses = self._cities
        return best_connection + sum(bonuses[: palaces - 1])

    @cached_property
    def _cities(self) -> tuple[float, tuple[float, ...]] | None:
        return _empty_cities(self.s, self.w)


def _empty_cities(s: State, w: int) -> tuple[float, tuple[float, ...]] | None:
    """The best empty city's value to `w` in the current province and its bonus tiles'
    values, best first (None: no city is empty). Kept for the next states with the same
    board and the same tiles of `w`'s: the turns of a visit, and the search's iterations
    passing the same positions, ask again."""
    key = (
        s.board_file,
        s.palace,
        s.crown_palace,
        s.bonus_on,
        s.province_order,
        s.visit,
        w,
        s.province_tiles[w],
        s.commodity_tiles[w],
    )
    if key in _KNOWN_CITIES:
        return _KNOWN_CITIES[key]
    if len(_KNOWN_CITIES) >= MAX_KNOWN:
        _KNOWN_CITIES.clear()
    cities = [c for c in s.board.cities_of[s.province] if s.palace[c] == NO]
    found = None
    if cities:
        later = _later(s)
        bonuses = (_tile_value(s, w, s.bonus_on[c]) for c in cities if s.bonus_on[c] != NO)
        found = (
            max(_city_value(s, w, c, False, later) for c in cities),
            tuple(sorted(bonuses, reverse=True)),
        )
    _KNOWN_CITIES[key] = found
    return found


MAX_KNOWN = 4_000  # positions kept (about 900 bytes each), forgotten all at once past it
_KNOWN_CITIES: dict[Hashable, tuple[float, tuple[float, ...]] | None] = {}


def _turn(s: State, w: int, rng: random.Random) -> Action:
    choice: Action = Withdraw()
    gain = MIN_GAIN
    for value, a in _plays_valued(s, w):
        if value > gain or (value == gain and rng.random() < 0.5):
            gain, choice = value, a
    return choice


def _plays_valued(s: State, w: int) -> list[tuple[float, Play]]:
    """Each play with what it adds over withdrawing now, less the cards it costs; withdrawing
    is worth MIN_GAIN on this scale (play on only for more)."""
    cards = s.cards
    mine = engine.symbol_counts(cards, s.played[w])
    best = [0] * 6
    for i, on in enumerate(s.active):
        if on and i != w:
            for j, n in enumerate(engine.symbol_counts(cards, s.played[i])):
                best[j] = max(best[j], n)
    worth = _Worth(s, w, best)
    now = worth.of(mine)
    if not s.played[w]:
        now += EARLY  # withdrawing before playing draws a card
    last_visit = s.visit == 11
    out = []
    kinds = cards.kinds
    for a in engine.plays(s):
        after = [m + n for m, n in zip(mine, kinds[a.card].counts, strict=True)]
        cost = 0.0 if last_visit else CARD_COST
        if a.extra is not None:
            kind = kinds[a.extra]
            after = [m + n for m, n in zip(after, kind.counts, strict=True)]
            if kind.effect == "points":
                cost -= 2.0
            elif kind.effect is None:
                cost += WHITE_COST
        out.append((worth.of(after) - cost - now, a))
    return out


def wins_nothing_more(s: State, w: int, a: Action) -> bool:
    """A play that wins nothing withdrawing now would not (a dominated step: withdrawing
    keeps the cards): the seat alone in the visit, where each symbol it shows wins its prize,
    the play adding symbols only to prizes it wins already or that are gone, and bringing no
    points (a trial saw `hard`, last in a visit, play cards that won it nothing more)."""
    if not isinstance(a, Play) or any(on for i, on in enumerate(s.active) if i != w):
        return False
    kinds = s.cards.kinds
    added = list(kinds[a.card].counts)
    if a.extra is not None:
        if kinds[a.extra].effect == "points":
            return False
        added = [m + n for m, n in zip(added, kinds[a.extra].counts, strict=True)]
    mine = engine.symbol_counts(s.cards, s.played[w])
    return all(mine[k] or not added[k] for k in _Worth(s, w, [0] * 6).open)


def ranked(view: View) -> list[tuple[float, Action]]:
    """Every step of the seat on turn with greedy's value of it, best first (ties in the
    engine's order): what `choose` picks from, for a hint's runner-up."""
    s = view.state
    w = s.turn
    out: list[tuple[float, Action]]
    if s.phase == "place":
        crown, later = s.pending[0] == CROWN, _later(s)
        out = [(_city_value(s, w, c, crown, later), Place(c)) for c in engine.placements(s)]
    elif s.phase == "take":
        out = [
            (sum(_card_value(s, w, k) for k in a.cards), a)
            for a in engine.legal(s)
            if isinstance(a, Take)
        ]
    else:
        out = [(MIN_GAIN, Withdraw()), *_plays_valued(s, w)]
    return sorted(out, key=lambda x: -x[0])


def _card_value(s: State, w: int, k: int) -> float:
    cards = s.cards
    kind = cards.kinds[k]
    value = float(sum(kind.counts))
    if kind.colour == "white":
        return value + 0.8
    hand = s.hands[w]
    same = sum(1 for h in hand if cards.kinds[h].colour == kind.colour)
    return value + 0.3 * same + (0.5 if kind.counts[ELEPHANT] or kind.counts[GRAND_MOGUL] else 0.0)


def _best_take(s: State, w: int) -> Take:
    value = {k: _card_value(s, w, k) for k in set(s.supply)}  # each card once, not per take
    return max(
        (a for a in engine.legal(s) if isinstance(a, Take)),
        key=lambda a: sum(value[k] for k in a.cards),
    )
