"""Positions of Rajas of the Ganges built for the tests, through the public rules."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from rules.rajas import GAME, SEATS, Action, RajasOptions, State
from rules.rajas.components import COLOURS, DICE_PER_COLOUR, LETTERS, standard_tiles
from rules.rajas.notation import parse
from rules.rajas.state import AREAS, KALI_HANDS, MAX_KARMA, NO, START_WORKERS, Roll, Setup

TILES = standard_tiles()


def started(players: int = 2, first: int = 0) -> State:
    """A game just set up: seat `first` rolled four 1s (it starts), the others four 6s; the
    first tile of each stack on top."""
    s = GAME.new_game(RajasOptions(), SEATS[:players])
    dice = tuple(v for i in range(players) for v in ([1] * 4 if i == first else [6] * 4))
    return GAME.apply(s, Setup(dice, tuple(st[0] for st in s.stacks)))


def with_dice(s: State, seat: int, dice: str) -> State:
    """Seat's statue holding `dice` ("o4 o5 b1"); the supply holds the rest of the 48."""
    statues = list(s.dice)
    statues[seat] = tuple(sorted(dice.split()))
    supply = tuple(12 - sum(d[0] == LETTERS[c] for st in statues for d in st) for c in range(4))
    return s.copy(dice=tuple(statues), supply=supply)


def put(s: State, seat: int, **fields: object) -> State:
    """Per-seat fields set for one seat: put(s, 0, money=10, fame=3)."""
    changes = {}
    for name, v in fields.items():
        t = list(getattr(s, name))
        t[seat] = v
        changes[name] = tuple(t)
    return s.copy(**changes)


def tile(colour: str, cost: int, nth: int = 0) -> int:
    """A standard tile by its colour and cost."""
    found = [
        k for k, t in enumerate(TILES.tiles) if t.colour == COLOURS.index(colour) and t.cost == cost
    ]
    return found[nth]


def on_top(s: State, tile_id: int) -> State:
    """Tile `tile_id` made the top of its stack (the old top goes under it)."""
    t = TILES.tiles[tile_id]
    stack = t.colour * 3 + t.back
    if s.tops[stack] == tile_id:
        return s
    below = list(s.stacks[stack])
    below.remove(tile_id)
    below.append(s.tops[stack])
    stacks = list(s.stacks)
    stacks[stack] = tuple(sorted(below))
    tops = list(s.tops)
    tops[stack] = tile_id
    return s.copy(stacks=tuple(stacks), tops=tuple(tops))


def order(s: State, text: str, rolls: tuple[int, ...] = ()) -> State:
    """A person's steps (as orders sent one after another where a chance step comes between
    them), a stack's new top shown on the way being the first tile left in it, and any roll
    set going at the end with `rolls` (repeated as needed)."""
    for k, part in enumerate(p for p in text.split(",") if p.strip()):
        if k and GAME.chance(s) is not None:
            s = dealt(s, rolls)
        for a in parse(s, part):
            s = GAME.apply(s, a)
    if GAME.chance(s) is not None and rolls:
        s = dealt(s, rolls)
    return s


def dealt(s: State, rolls: tuple[int, ...]) -> State:
    """The chance step pending dealt: a roll with `rolls`, else the first outcome."""
    first = GAME.deal(s, lambda n: 0)
    if isinstance(first, Roll) and rolls:
        first = Roll(rolls[: len(first.values)])
    return GAME.apply(s, first)


def decisions_every(
    steps: int, games: tuple[tuple[int, int], ...], pick: Callable[[State, random.Random], Action]
) -> tuple[State, ...]:
    """Every `steps`-th position where a seat decides, from whole games of (players, seed),
    each step chosen by `pick` (reached through the game's own steps, so each carries its undo
    steps)."""
    out: list[State] = []
    for players, seed in games:
        rng = random.Random(seed)
        s = GAME.new_game(RajasOptions(), SEATS[:players])
        n = 0
        while GAME.result(s) is None:
            if GAME.chance(s) is not None:
                s = GAME.apply(s, GAME.deal(s, rng.randrange))
                continue
            n += 1
            if n % steps == 0:
                out.append(s)
            s = GAME.apply(s, pick(s, rng))
    return tuple(out)


def random_playout(
    players: int,
    seed: int,
    check: Callable[[State], None] | None = None,
    options: RajasOptions | None = None,
) -> State:
    rng = random.Random(seed)
    s = GAME.new_game(options or RajasOptions(), SEATS[:players])
    steps = 0
    while GAME.result(s) is None:
        if GAME.chance(s) is not None:
            a = GAME.deal(s, rng.randrange)
        else:
            a = rng.choice(GAME.legal_actions(s))
        s = GAME.apply(s, a)
        steps += 1
        assert steps < 5_000, "a game that does not end"
        if check is not None:
            check(s)
    return s


def invariants(s: State) -> None:
    board = s.board
    # dice conserved: supply + statues = 48, 12 of each colour
    for c, letter in enumerate(LETTERS):
        held = sum(d[0] == letter for st in s.dice for d in st)
        assert s.supply[c] + held == DICE_PER_COLOUR, f"{letter} dice: {s.supply[c]} + {held}"
    assert all(len(st) <= KALI_HANDS for st in s.dice)
    # money and fame within their tracks; karma 0 to 3; upgrades 0 to 2
    assert all(0 <= m <= board.money_spaces for m in s.money)
    assert all(0 <= f <= board.fame_spaces for f in s.fame)
    assert all(0 <= k <= MAX_KARMA for k in s.karma)
    assert all(0 <= u <= 2 for ups in s.upgrades for u in ups)
    # tiles conserved: stacks, tops, provinces, under covers, and one being placed
    tiles = Counter(t for st in s.stacks for t in st) + Counter(t for t in s.tops if t != NO)
    tiles += Counter(h >> 2 for cells in s.province for h in cells if h != NO)
    tiles += Counter(t for cov in s.covered for _, t in cov)
    tiles += Counter(n for kind, n, _ in s.pending if kind == "place_tile")
    assert tiles == Counter(range(len(TILES.tiles)))
    # workers conserved: 3 and those gained (at most 2); placed ones on the board
    for i in range(s.players):
        assert s.workers[i] == START_WORKERS + len(s.gained[i]) <= START_WORKERS + 2
        assert sum(w.count(i) for w in s.spaces) == s.placed[i] <= s.workers[i]
    assert sum(len(w) for w in s.spaces) <= sum(s.workers)
    assert all(len(w) <= 8 for w in s.spaces) and len(s.spaces) == len(AREAS)
    # one boat a river space, but the start and the final
    sailing = [b for b in s.boat if 0 < b < board.final]
    assert len(sailing) == len(set(sailing))
    assert len(s.yield_deck) + len(s.yield_discard) == len(board.yield_tiles)
