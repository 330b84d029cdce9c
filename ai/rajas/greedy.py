"""The greedy player of Rajas of the Ganges: one placement ahead.

Each step a seat may take is followed through the rest of its placement (every later choice
of the same placement taken at its best, to a few steps), and the position it reaches is
weighed for the seat: the race (fame gained, and money, which moves the fame space to reach),
the dice on the statue by colour and number (one not yet rolled counts as its average),
karma, upgrades, new workers, the boat, and the tiles built. The position is public, so the
view is the state; the chance steps (rolls, tiles revealed) are not looked through: a die to
come counts at its average, a stack's next tile not at all (the tile bought is followed to
where it is placed as if its stack showed none).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from rules.rajas import GAME, Action, State
from rules.rajas import engine as rules

DEPTH: Final = 4  # steps of one placement followed
WIDTH: Final = 40  # choices followed at each later step (the rest weighed where they stand)
AVERAGE_DIE: Final = 3.5
_CHANCES: Final = rules.CHANCES


@dataclass(frozen=True, slots=True)
class Weights:
    """What a position is worth to a seat, in fame points."""

    fame: float  # a fame point (the race's own measure: 1)
    crossing: float  # a fame space the money has moved the crossing by (1 too)
    money: float  # a money point, besides what it moves on the race
    die: float  # a die on the statue
    pip: float  # each point of its number
    karma: float
    upgrade: float
    worker: float  # a worker gained (more when the game is young)
    river: float  # a river space
    tile: float  # a tile built
    market: float  # a market's value (scored again by later market actions)


WEIGHTS: Final = Weights(
    fame=1.0,
    crossing=1.0,
    money=0.15,
    die=0.8,
    pip=0.3,
    karma=1.2,
    upgrade=1.2,
    worker=5.0,
    river=0.6,
    tile=2.5,
    market=0.6,
)


def dice_value(dice: tuple[str, ...], w: Weights) -> float:
    """A statue's worth: each die its own and its number's (one not yet rolled at its
    average)."""
    total = 0.0
    for d in dice:
        n = AVERAGE_DIE if d[1] == "0" else int(d[1])
        total += w.die + w.pip * n
    return total


@lru_cache(maxsize=4096)
def _dice_worth(dice: tuple[str, ...]) -> float:
    """`dice_value` by the default weights, remembered (a statue is weighed at every position
    followed, and statues repeat)."""
    return dice_value(dice, WEIGHTS)


def evaluate(s: State, i: int, w: Weights = WEIGHTS) -> float:
    """The position's worth to seat i, in fame points."""
    if s.phase == "over":
        ranked = GAME.result(s)
        if ranked is not None and s.seats[i] in ranked.winners:
            return 1_000.0 + rules.gap(s, i)
    board, money = s.board, s.money[i]
    beside = board.beside[money]
    if s.fame[i] >= beside:  # `rules.crossed`, and its `gap`, written out (no call)
        return 500.0 + (s.fame[i] - beside)
    # the remembered figures looked up here first (no call when found)
    tiles, cells = s.tiles, s.province[i]
    known = _BUILT.get(cells)
    if known is not None and known[0] is tiles:
        built, markets = known[1], known[2]
    else:
        built, markets = province_built(s, cells)
    place = board.place
    # the fame spaces the money has moved the crossing by (the tracks run in opposite
    # directions), where the tracks lie beside each other, not rounded to a space
    moved = place[0] - place[money]
    young = 1.0 - (s.fame[i] + moved) / 60
    if not young > 0.0:  # max(0.0, young), with no call
        young = 0.0
    return (
        w.fame * s.fame[i]
        + w.crossing * moved
        + w.money * s.money[i]
        + (_dice_worth(s.dice[i]) if w is WEIGHTS else dice_value(s.dice[i], w))
        + w.karma * s.karma[i]
        + w.upgrade * sum(s.upgrades[i])
        + w.worker * young * (s.workers[i] - 3)
        + w.river * s.boat[i]
        + w.tile * built
        + w.market * markets
    )


# a province's tiles built and their markets' values, by its cells (the tiles they were read
# from kept with each, so another tile set is never read by these): a province is weighed at
# every position followed, and changes only where a tile is built
_BUILT: Final[dict[tuple[int, ...], tuple[object, int, int]]] = {}
_BUILT_MAX: Final = 4096


def province_built(s: State, cells: tuple[int, ...]) -> tuple[int, int]:
    """The tiles built in a province of `s` (its cells, tile * 4 + rotation or NO) and the sum
    of their markets' values."""
    tiles = s.tiles
    known = _BUILT.get(cells)
    if known is not None and known[0] is tiles:
        return known[1], known[2]
    built = [tiles.tiles[c >> 2] for c in cells if c >= 0]
    markets = sum(v for t in built for _, v in t.markets)
    if len(_BUILT) >= _BUILT_MAX:
        _BUILT.clear()
    _BUILT[cells] = (tiles, len(built), markets)
    return len(built), markets


def _follow(s: State, seat: str, i: int, depth: int, w: Weights) -> float:
    """The best the seat reaches from `s` within its placement (its later choices taken at
    their best), weighed."""
    pending = s.pending
    if pending and pending[0][0] == "reveal":  # the stack's next tile not looked at
        s = s.clone()  # `copy(pending=...)` with no dict of changes
        pending = s.pending = pending[1:]
    # `rules.to_move(s) != seat` written out (no call): asked of every position followed
    if (
        depth >= DEPTH
        or not pending
        or s.phase != "play"
        or pending[0][0] in _CHANCES
        or s.seats[s.turn] != seat
    ):
        return evaluate(s, i, w)
    # the engine's apply, not the game's (a listed step is never refused), in a plain loop
    apply, deeper = rules.apply, depth + 1
    best = None
    for a in rules.legal(s)[:WIDTH]:
        v = _follow(apply(s, a), seat, i, deeper, w)
        if best is None or v > best:
            best = v
    if best is None:
        raise ValueError("a seat decides with no step listed")
    return best


def ranked(s: State, w: Weights = WEIGHTS) -> list[tuple[float, Action]]:
    """Every step the seat on turn may take, with its worth by `w`, best first (ties in the
    rules' order)."""
    seat = rules.to_move(s)
    if seat is None:
        raise ValueError("no seat decides now")
    i = s.seats.index(seat)
    legal = rules.legal(s)
    apply = rules.apply
    scored = [(_follow(apply(s, a), seat, i, 1, w), k, a) for k, a in enumerate(legal)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(v, a) for v, _, a in scored]


def choose(s: State, r: random.Random, w: Weights = WEIGHTS) -> Action:
    """The best step by `w`; among steps worth the same, one drawn with `r`."""
    options = ranked(s, w)
    best = options[0][0]
    tied = [a for v, a in options if v >= best - 1e-9]
    return tied[0] if len(tied) == 1 else r.choice(tied)


def plan(s: State) -> list[Action]:
    """The steps of the seat's placement as greedy would take them, up to the first chance
    step or the placement's end (so they can be sent as one order)."""
    seat = rules.to_move(s)
    steps: list[Action] = []
    while seat is not None and rules.to_move(s) == seat and len(steps) < 8:
        a = choose(s, random.Random(0))
        steps.append(a)
        s = GAME.apply(s, a)
        if not s.pending:
            break
    return steps
