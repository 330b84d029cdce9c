"""The `greedy` level: weighs what withdrawing now would win against what one more play adds,
counting the cards it costs (cards are scarce: Game tactics).

Values are rough influence points: an influence tile is worth its palace (the province point,
connections and a fortress's bonus tile) and, as the second of a pair, a special card; the
crown a palace; the elephant the province tile's exact points. A card spent costs about a
point (it would score at the end or win later).
"""

from __future__ import annotations

import random

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


def _city_value(s: State, w: int, city: int, crown: bool) -> float:
    board: Board = s.board
    palace, crown_palace = list(s.palace), list(s.crown_palace)
    (crown_palace if crown else palace)[city] = w
    value = float(scoring.palace_points(board, tuple(palace), tuple(crown_palace), w, s.province))
    if not crown and s.bonus_on[city] != NO:
        value += _tile_value(s, w, s.bonus_on[city])
    # roads into provinces still to be visited: palaces there may connect later
    later = set(s.province_order[s.visit + 1 :])
    value += FUTURE * sum(1 for n in board.neighbours[city] if board.city_province[n] in later)
    return value


def _best_city(s: State, w: int) -> int:
    crown = s.pending[0] == CROWN
    return max(engine.placements(s), key=lambda c: (_city_value(s, w, c, crown), -c))


def _palace_estimate(s: State, w: int, palaces: int) -> float:
    """Points from placing `palaces` palaces now: the best cities' bonus tiles, and the
    province point with the best connection (counted once)."""
    if palaces == 0:
        return 0.0
    cities = [c for c in s.board.cities_of[s.province] if s.palace[c] == NO]
    if not cities:
        return 1.0
    values = sorted((_city_value(s, w, c, False) for c in cities), reverse=True)
    best_connection = values[0]
    bonus = sum(
        sorted(
            (_tile_value(s, w, s.bonus_on[c]) for c in cities if s.bonus_on[c] != NO),
            reverse=True,
        )[: palaces - 1]
    )
    return best_connection + bonus


def _wins_value(s: State, w: int, mine: list[int], best: list[int]) -> float:
    won = [k for k in COURT if s.court[k] and mine[k] > best[k]]
    crown = s.crown_city == NO and mine[GRAND_MOGUL] > best[GRAND_MOGUL]
    elephant = s.province_tile_in_court and mine[ELEPHANT] > best[ELEPHANT]
    value = sum(1.0 + (PAIR_BONUS if s.influence[w][k] == 1 else 0.0) for k in won)
    value += _palace_estimate(s, w, len(won) + (1 if crown else 0))
    if elephant:
        value += scoring.province_tile_points(
            s.board, s.visit + 1, s.province_tiles[w], s.commodity_tiles[w]
        )
    return value


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
    now = _wins_value(s, w, mine, best)
    if not s.played[w]:
        now += EARLY  # withdrawing before playing draws a card
    last_visit = s.visit == 11
    out = []
    for a in engine.plays(s):
        after = list(mine)
        for k in (a.card,) if a.extra is None else (a.card, a.extra):
            for j, n in enumerate(cards.kinds[k].counts):
                after[j] += n
        cost = 0.0 if last_visit else CARD_COST
        if a.extra is not None:
            kind = cards.kinds[a.extra]
            if kind.effect == "points":
                cost -= 2.0
            elif kind.effect is None:
                cost += WHITE_COST
        out.append((_wins_value(s, w, after, best) - cost - now, a))
    return out


def ranked(view: View) -> list[tuple[float, Action]]:
    """Every step of the seat on turn with greedy's value of it, best first (ties in the
    engine's order): what `choose` picks from, for a hint's runner-up."""
    s = view.state
    w = s.turn
    out: list[tuple[float, Action]]
    if s.phase == "place":
        crown = s.pending[0] == CROWN
        out = [(_city_value(s, w, c, crown), Place(c)) for c in engine.placements(s)]
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
    return max(
        (a for a in engine.legal(s) if isinstance(a, Take)),
        key=lambda a: sum(_card_value(s, w, k) for k in a.cards),
    )
