"""Rajas of the Ganges' rules as a pure state machine.

Rule headings are the text's (Setup; Game play; Placing workers and carrying out the
associated actions; I. Building action; The province boards; Special yields; The upgrades of
the buildings; II. Market action; III. Actions at the palace; IV. River action; Explanation of
the earnings on the river; Karma; Get new workers; Bonuses on the scoring tracks; End of a
round; End of the game). Every function takes a state and returns a new one; a refused action
raises ValueError naming the rule and what is allowed, and changes nothing.

What a placement sets going is a list of pending effects (`State.pending`), carried out in
order: one the seat must decide stops there (legal_actions lists the choices), a die roll, a
tile revealed or a yield tile drawn stops at a chance step, every other is carried out at once.
Effects (kind, number, detail):
  money n / fame n / karma n      move the marker or the cube (bonuses reached pushed first)
  gain n colour                   take n dice of the colour (NO: any), then roll them
  roll                            chance: the unrolled dice on the statue
  reveal stack                    chance: the new top of a stack
  yield                           chance: a white yield tile (Dancer)
  upgrade                         decide: a building type
  sail n                          decide: 1 to n unoccupied river spaces (the harbour)
  voyage n                        exactly n unoccupied river spaces, then the earning
  earn space                      the river space's earning
  chamber                         decide: a palace chamber 2 to 6 (a river earning)
  buy - cell                      decide: a top tile and its dice (cell: the one covered, or NO)
  place_tile tile cell            decide: where and how turned (cell: fixed when covering)
  cover                           decide: the cell the Master builder covers
  goods n                         decide: the good a scoring of one kind scores (n markets)
  reroll                          decide: dice to roll again (outer terrace)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..game import Below
from . import payments, province
from .components import (
    COLOURS,
    FAME_BONUSES,
    FAME_WORKER,
    LETTERS,
    MONEY_BONUSES,
    MONEY_WORKER,
    PORTUGUESE,
    STACKS,
    Board,
    Tile,
)
from .options import RajasOptions
from .state import (
    AREAS,
    ASSORTED,
    BALCONY,
    CHAMBER,
    HARBOUR,
    KALI_HANDS,
    MAX_GAINED,
    MAX_KARMA,
    MAX_UPGRADES,
    NO,
    OUTER,
    QUARRY,
    START_KARMA,
    START_MONEY,
    START_WORKERS,
    TERRACE,
    Action,
    Build,
    Buy,
    Chamber,
    Cover,
    Done,
    DrawYield,
    Effect,
    Enough,
    FirstPlayer,
    Goods,
    Pass,
    Pick,
    Place,
    Release,
    Reroll,
    Reveal,
    Roll,
    Sail,
    Setup,
    State,
    Upgrade,
)
from .state import GOODS as GOODS_AREA

CHANCES: Final = frozenset(("roll", "reveal", "yield"))
CHAMBERS: Final = (
    "Great Mogul",
    "Dancer",
    "Yogi",
    "Raja Man Singh",
    "Master builder",
    "Portuguese",
)


def _put(t: tuple[object, ...], i: int, v: object) -> tuple[object, ...]:
    return (*t[:i], v, *t[i + 1 :])


def new_state(options: RajasOptions, seats: tuple[str, ...]) -> State:
    """Setup, before any die is rolled or any stack mixed: the first chance step does that."""
    if not 2 <= len(seats) <= 4:
        raise ValueError(f"Rajas of the Ganges takes 2 to 4 players, not {len(seats)}")
    if len(set(seats)) != len(seats):
        raise ValueError("each seat is taken once")
    n = len(seats)
    s = State(
        seats=seats,
        board_file=options.board_file,
        tiles_file=options.tiles_file,
        phase="setup",
        round=1,
        start=0,
        turn=0,
        supply=(12,) * 4,
        tops=(NO,) * STACKS,
        stacks=(),
        yield_deck=(),
        yield_discard=(),
        spaces=((),) * len(AREAS),
        money=(0,) * n,
        fame=(0,) * n,
        karma=(START_KARMA,) * n,
        upgrades=((0, 0, 0, 0),) * n,
        dice=((),) * n,
        workers=(START_WORKERS,) * n,
        placed=(0,) * n,
        passed=(False,) * n,
        boat=(0,) * n,
        province=(),
        covered=((),) * n,
        gained=((),) * n,
        money_bonus=(0,) * n,
        mogul=NO,
        late_rolls=options.roll_when_needed,
    )
    board, tiles = s.board, s.tiles  # refuse bad files now, not at the first deal
    s.stacks = tuple(tuple(sorted(st)) for st in tiles.stacks)
    s.yield_deck = tuple(sorted(board.yield_tiles))
    s.province = (tuple(NO for _ in range(board.columns * board.rows)),) * n
    return s


# --- who decides, and chance -------------------------------------------------------------


def to_move(s: State) -> str | None:
    if s.phase != "play" or (s.pending and s.pending[0][0] in CHANCES):
        return None
    return s.seats[s.turn]


def chance(s: State) -> str | None:
    if s.phase == "setup":
        return "the starting dice and the top tile of each stack"
    if s.phase == "start":
        return "the starting player among those tied for the lowest roll"
    if s.phase != "play" or not s.pending or s.pending[0][0] not in CHANCES:
        return None
    kind, n, _ = s.pending[0]
    if kind == "roll":
        k = _unrolled(s.dice[s.turn])
        return f"the roll of {k} {'die' if k == 1 else 'dice'} for {s.seats[s.turn]}"
    if kind == "reveal":
        return f"the new top tile of the {stack_name(n)} stack"
    return "a white yield tile"


def stack_name(stack: int) -> str:
    return f"{COLOURS[stack // 3]} {('snake', 'cow', 'tiger')[stack % 3]}"


def _unrolled(dice: tuple[str, ...]) -> int:
    return sum(1 for d in dice if d[1] == "0")


def _tied(s: State) -> list[int]:
    totals = [sum(payments.value(d) for d in dice) for dice in s.dice]
    low = min(totals)
    return [i for i, t in enumerate(totals) if t == low]


def deal(s: State, below: Below) -> Action:
    if s.phase == "setup":
        dice = tuple(1 + below(6) for _ in range(4 * s.players))
        return Setup(dice, tuple(st[below(len(st))] if st else NO for st in s.stacks))
    if s.phase == "start":
        tied = _tied(s)
        return FirstPlayer(s.seats[tied[below(len(tied))]])
    if chance(s) is None:
        raise ValueError("nothing is to be dealt now")
    kind, n, _ = s.pending[0]
    if kind == "roll":
        return Roll(tuple(1 + below(6) for _ in range(_unrolled(s.dice[s.turn]))))
    if kind == "reveal":
        return Reveal(n, s.stacks[n][below(len(s.stacks[n]))])
    deck = s.yield_deck or s.yield_discard  # reshuffled when the stack runs out (Dancer)
    return DrawYield(deck[below(len(deck))])


# --- placing workers ----------------------------------------------------------------------


def capacity(s: State, area: int) -> int:
    return _capacities(s.board, s.players)[area]


_CAPACITIES: dict[tuple[str, int], tuple[int, ...]] = {}


def _capacities(board: Board, players: int) -> tuple[int, ...]:
    """The spaces of each area on the side of the board for this many players."""
    key = (board.text_key, players)
    known = _CAPACITIES.get(key)
    if known is None:
        side = board.sides[players]
        ones = (1,) * (len(AREAS) - TERRACE)
        known = _CAPACITIES[key] = (
            len(side.quarry),
            len(side.harbour),
            side.assorted_market,
            side.goods_market,
            side.outer_terrace,
            *ones,
        )
    return known


def money_cost(s: State, area: int) -> int:
    """The next free space's cost: quarry and harbour rows filled left to right."""
    side = s.board.sides[s.players]
    if area == QUARRY:
        return side.quarry[len(s.spaces[QUARRY])]
    if area == HARBOUR:
        return side.harbour[len(s.spaces[HARBOUR])]
    return 0


def river_target(s: State, i: int, n: int) -> int:
    """The river space `n` unoccupied spaces ahead of seat i's boat, or NO (IV. River action:
    other boats' spaces are skipped; the final space holds any number)."""
    final = s.board.final
    others = {b for j, b in enumerate(s.boat) if j != i and 0 < b < final}
    p, left = s.boat[i], n
    while left and p < final:
        p += 1
        if p not in others:
            left -= 1
    return p if left == 0 else NO


def river_room(s: State, i: int) -> int:
    """How many unoccupied spaces lie ahead of seat i's boat."""
    final = s.board.final
    others = {b for j, b in enumerate(s.boat) if j != i and 0 < b < final}
    return sum(1 for p in range(s.boat[i] + 1, final + 1) if p not in others)


def portuguese_open(s: State, i: int) -> bool:
    """Portuguese: exactly 6 unoccupied spaces, never from the last 6 spaces."""
    return s.boat[i] <= s.board.final - PORTUGUESE and river_target(s, i, PORTUGUESE) != NO


def _top_tiles(s: State) -> list[tuple[int, Tile]]:
    tiles = s.tiles.tiles
    return [(st, tiles[t]) for st, t in enumerate(s.tops) if t != NO]


def _can_quarry(s: State, i: int) -> bool:
    board, tiles, cells = s.board, s.tiles, s.province[i]
    for _, tile in _top_tiles(s):
        if payments.best_total(s.dice[i], tile.colour, s.karma[i]) >= tile.cost and any(
            province.builds(board, tiles, cells, tile)
        ):
            return True
    return False


def cover_cells(s: State, i: int, dice: tuple[str, ...], karma: int) -> list[int]:
    """Master builder: the cells whose tile may be covered with a dearer top tile paid for."""
    board, tiles, cells = s.board, s.tiles, s.province[i]
    out = []
    for cell, held in enumerate(cells):
        if held == NO or any(c == cell for c, _ in s.covered[i]):
            continue
        old = tiles.tiles[held >> 2]
        for st, tile in _top_tiles(s):
            if (
                tile.cost > old.cost
                and payments.best_total(dice, tile.colour, karma) >= tile.cost - old.cost
                and province.covers(board, tiles, cells, cell, s.tops[st])
            ):
                out.append(cell)
                break
    return out


def _chamber_open(s: State, i: int, number: int, dice: tuple[str, ...], karma: int) -> bool:
    if number == 5:
        return bool(cover_cells(s, i, dice, karma))
    if number == 6:
        return portuguese_open(s, i)
    return True


def place_options(s: State, i: int) -> list[Place]:
    """Every placement seat i may make now, with each way to pay for it."""
    out: list[Place] = []
    caps = _capacities(s.board, s.players)
    for a, workers in enumerate(s.spaces):
        if len(workers) < caps[a]:
            out += area_options(s, i, a)
    return out


def area_options(s: State, i: int, a: int) -> list[Place]:
    """The placements seat i may make on area `a` now, with each way to pay for it."""
    if a > HARBOUR:
        if len(s.spaces[a]) >= _capacities(s.board, s.players)[a]:
            return []
    elif len(s.spaces[a]) >= _capacities(s.board, s.players)[a] or s.money[i] < money_cost(s, a):
        return []
    name, dice, karma = AREAS[a], s.dice[i], s.karma[i]
    if a == QUARRY:
        return [Place(name)] if _can_quarry(s, i) else []
    if a == HARBOUR:
        return [_paid(name, p) for p in _river_dice(dice, karma)] if river_room(s, i) else []
    if a == ASSORTED:  # II. Market action: one worker a round with 3 or 4 players
        return [Place(name)] if s.players == 2 or i not in s.spaces[a] else []
    if a == GOODS_AREA:
        return [_paid(name, p) for p in _any_die(dice, karma)]
    if a == OUTER:
        return [Place(name)]
    if a < BALCONY:
        return [Place(name)] if s.supply[a - TERRACE] else []
    if a < CHAMBER:
        give, take = s.board.balconies[_balcony(s, a)]
        if not s.supply[take]:
            return []
        return [Place(name, (d,)) for d in payments.rolled(dice) if d[0] == LETTERS[give]]
    n = a - CHAMBER + 1
    out = []
    for p in payments.exact(dice, n, karma):
        rest = payments.without(dice, p[:1])
        if _chamber_open(s, i, n, rest, karma - len(p[1:])):
            out.append(_paid(name, p))
    return out


def _balcony(s: State, area: int) -> int:
    """The balcony whose die given is the area's colour."""
    give = area - BALCONY
    return next(k for k, (g, _) in enumerate(s.board.balconies) if g == give)


def _paid(area: str, p: tuple[str, ...]) -> Place:
    return Place(area, p[:1], p[1:])


def _river_dice(dice: tuple[str, ...], karma: int) -> list[tuple[str, ...]]:
    """IV. River action: a die showing 1, 2 or 3, turned by karma or not."""
    out: list[tuple[str, ...]] = []
    for d in payments.rolled(dice):
        if payments.value(d) <= 3:
            out.append((d,))
        elif karma:
            out.append((d, d))
    return out


def _any_die(dice: tuple[str, ...], karma: int) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for d in payments.rolled(dice):
        out.append((d,))
        if karma:
            out.append((d, d))
    return out


def paid_value(dice: tuple[str, ...], turned: tuple[str, ...]) -> int:
    """What dice given up are worth, those turned by karma at their opposite side."""
    return sum(payments.value(d) for d in dice) + sum(7 - 2 * payments.value(d) for d in turned)


# --- the decisions a pending effect asks for -----------------------------------------------


def buy_options(s: State, i: int, cell: int) -> list[Buy]:
    """The top tiles seat i may buy now, each with every least payment (I. Building action;
    Master builder: dearer than the tile covered, the difference paid)."""
    board, tiles, cells = s.board, s.tiles, s.province[i]
    old = tiles.tiles[cells[cell] >> 2].cost if cell != NO else 0
    out: list[Buy] = []
    for st, tile in _top_tiles(s):
        if cell == NO:
            if not any(province.builds(board, tiles, cells, tile)):
                continue
        elif tile.cost <= old or not province.covers(board, tiles, cells, cell, s.tops[st]):
            continue
        for given, turned in payments.totals(s.dice[i], tile.colour, tile.cost - old, s.karma[i]):
            out.append(Buy(st, given, turned))
    return out


def build_options(s: State, i: int, tile_id: int, cell: int) -> list[Build]:
    board, tiles, cells = s.board, s.tiles, s.province[i]
    if cell != NO:
        return [Build(cell, r) for r in province.covers(board, tiles, cells, cell, tile_id)]
    return [Build(c, r) for c, r in province.builds(board, tiles, cells, tiles.tiles[tile_id])]


def gain_options(s: State, i: int, n: int, colour: int) -> list[Pick | Release | Enough]:
    """Dice: taking n dice, at most 10 on the statue; a full statue may put dice back first,
    or take fewer; a colour the supply lacks cannot be taken."""
    room = KALI_HANDS - len(s.dice[i])
    colours = range(4) if colour == NO else (colour,)
    picks = [Pick(c) for c in colours if s.supply[c]]
    if not picks:
        return []
    if room > 0:
        return list(picks)
    return [*(Release(d) for d in payments.rolled(s.dice[i])), Enough()]


def upgrade_options(s: State, i: int) -> list[Upgrade]:
    return [Upgrade(b) for b in range(4) if s.upgrades[i][b] < MAX_UPGRADES]


def chamber_options(s: State, i: int) -> list[Chamber]:
    """A river space's palace earning: Dancer to Portuguese, each that can be carried out."""
    return [Chamber(n) for n in range(2, 7) if _chamber_open(s, i, n, s.dice[i], s.karma[i])]


def decisions(s: State) -> list[Action]:
    """The choices the pending effect at the head asks of the seat deciding."""
    kind, n, d = s.pending[0]
    i = s.turn
    if kind == "gain":
        return list(gain_options(s, i, n, d))
    if kind == "upgrade":
        return list(upgrade_options(s, i))
    if kind == "sail":
        return [Sail(k) for k in range(1, min(n, river_room(s, i)) + 1)]
    if kind == "chamber":
        return list(chamber_options(s, i))
    if kind == "buy":
        return list(buy_options(s, i, d))
    if kind == "place_tile":
        return list(build_options(s, i, n, d))
    if kind == "cover":
        return [Cover(c) for c in cover_cells(s, i, s.dice[i], s.karma[i])]
    if kind == "goods":
        return [Goods(g) for g in province.goods_held(s.tiles, s.province[i])]
    if kind == "reroll":
        return [*(Reroll(d) for d in payments.rolled(s.dice[i])), Done()]
    raise AssertionError(f"no decision for {kind}")


def legal(s: State) -> list[Action]:
    if s.memo is None:
        s.memo = tuple(_legal(s))
    return list(s.memo)


def _legal(s: State) -> list[Action]:
    if to_move(s) is None:
        return []
    if s.pending:
        return decisions(s)
    options: list[Action] = list(place_options(s, s.turn))
    return options or [Pass()]


# --- applying ------------------------------------------------------------------------------


class Refused(ValueError):
    """A step not among the legal ones: the game's adapter says why, in the rules' words
    (refusals.py)."""


def apply(s: State, a: Action) -> State:
    if isinstance(a, Setup | FirstPlayer | Roll | Reveal | DrawYield):
        return _apply_chance(s, a)
    if to_move(s) is None:
        raise ValueError(_why_waiting(s))
    if not _allowed(s, a):
        raise Refused(f"{a.kind} is not a legal step now")
    t = s.copy()
    if isinstance(a, Place):
        _place(t, a)
    elif isinstance(a, Pass):
        t.passed = _put(t.passed, t.turn, True)  # type: ignore[assignment]
    else:
        _decide(t, a)
    return _settle(t)


def _allowed(s: State, a: Action) -> bool:
    """Whether `a` is among the legal steps (those of its area alone, for a placement)."""
    if s.memo is not None:  # the very step listed is found at once, an equal one after
        return any(x is a for x in s.memo) or a in s.memo
    if s.pending:
        return a in decisions(s)
    if isinstance(a, Place):
        return a.area in AREAS and a in area_options(s, s.turn, AREAS.index(a.area))
    return isinstance(a, Pass) and not place_options(s, s.turn)


def _why_waiting(s: State) -> str:
    if s.phase == "over":
        return "the game is over"
    return f"no seat decides now: {chance(s)} must be dealt first"


def _place(t: State, a: Place) -> None:
    i, area = t.turn, AREAS.index(a.area)
    t.spaces = _put(t.spaces, area, (*t.spaces[area], i))  # type: ignore[assignment]
    t.placed = _put(t.placed, i, t.placed[i] + 1)  # type: ignore[assignment]
    t.money = _put(t.money, i, t.money[i] - money_cost_before(t, area))  # type: ignore[assignment]
    _give_up(t, i, a.dice, a.turned)
    t.pending = _area_effects(t, i, area, paid_value(a.dice, a.turned))


def money_cost_before(t: State, area: int) -> int:
    """The cost of the space just taken (the worker is already on it)."""
    side = t.board.sides[t.players]
    if area == QUARRY:
        return side.quarry[len(t.spaces[QUARRY]) - 1]
    if area == HARBOUR:
        return side.harbour[len(t.spaces[HARBOUR]) - 1]
    return 0


def _give_up(t: State, i: int, dice: tuple[str, ...], turned: tuple[str, ...]) -> None:
    """Dice go back to the general supply; karma spent on those turned (Karma)."""
    if not dice:
        return
    t.dice = _put(t.dice, i, payments.without(t.dice[i], dice))  # type: ignore[assignment]
    supply = list(t.supply)
    for d in dice:
        supply[payments.colour(d)] += 1
    t.supply = tuple(supply)
    t.karma = _put(t.karma, i, t.karma[i] - len(turned))  # type: ignore[assignment]


def _area_effects(t: State, i: int, area: int, die: int) -> tuple[Effect, ...]:
    if area == QUARRY:
        return (("buy", 0, NO),)
    if area == HARBOUR:
        return (("sail", die, 0),)
    if area == ASSORTED:
        return (("money", province.assorted(t.tiles, t.province[i]), 0),)
    if area == GOODS_AREA:
        return (("goods", die, 0),)
    if area == OUTER:
        return (("money", 2, 0), ("reroll", 0, 0))
    if area < BALCONY:
        return (("gain", 1, area - TERRACE),)
    if area < CHAMBER:
        return (("gain", 2, t.board.balconies[_balcony(t, area)][1]),)
    if area == CHAMBER:  # Great Mogul
        t.mogul = i
        return (("fame", 2, 0),)
    return _chamber_effects(area - CHAMBER + 1)


def _chamber_effects(number: int) -> tuple[Effect, ...]:
    """The chambers 2 to 6 (III. Actions at the palace), also a river space's palace earning."""
    return {
        2: (("gain", 2, NO), ("yield", 0, 0)),
        3: (("karma", 2, 0), ("gain", 1, NO)),
        4: (("upgrade", 0, 0), ("money", 3, 0)),
        5: (("cover", 0, 0),),
        6: (("voyage", PORTUGUESE, 0),),
    }[number]


def _decide(t: State, a: Action) -> None:
    i = t.turn
    kind, n, d = t.pending[0]
    rest = t.pending[1:]
    if isinstance(a, Pick):
        t.dice = _put(t.dice, i, tuple(sorted((*t.dice[i], LETTERS[a.colour] + "0"))))  # type: ignore[assignment]
        t.supply = _put(t.supply, a.colour, t.supply[a.colour] - 1)  # type: ignore[assignment]
        t.pending = ((kind, n - 1, d), *rest) if n > 1 else _then_roll(t, rest)
    elif isinstance(a, Release):
        _give_up(t, i, (a.die,), ())
    elif isinstance(a, Enough):
        t.pending = _then_roll(t, rest)
    elif isinstance(a, Upgrade):
        ups = list(t.upgrades[i])
        ups[a.building] += 1
        t.upgrades = _put(t.upgrades, i, tuple(ups))  # type: ignore[assignment]
        t.pending = rest
    elif isinstance(a, Sail):
        t.pending = (("voyage", a.spaces, 0), *rest)
    elif isinstance(a, Goods):
        money = province.one_kind(t.tiles, t.province[i], a.good, n)
        t.pending = (("money", money, 0), *rest)
    elif isinstance(a, Chamber):
        t.pending = (*_chamber_effects(a.number), *rest)
    elif isinstance(a, Cover):
        t.pending = (("buy", 0, a.cell), *rest)
    elif isinstance(a, Buy):
        _give_up(t, i, a.dice, a.turned)
        tile = t.tops[a.stack]
        t.tops = _put(t.tops, a.stack, NO)  # type: ignore[assignment]
        reveal: tuple[Effect, ...] = (("reveal", a.stack, 0),) if t.stacks[a.stack] else ()
        t.pending = (("place_tile", tile, d), *rest, *reveal)  # the new top is shown at the end
    elif isinstance(a, Build):
        t.pending = (*_build(t, i, n, d, a), *rest)
    elif isinstance(a, Reroll):
        dice = list(t.dice[i])
        dice.remove(a.die)
        t.dice = _put(t.dice, i, tuple(sorted((*dice, a.die[0] + "0"))))  # type: ignore[assignment]
    elif isinstance(a, Done):
        t.pending = _then_roll(t, rest)


def _then_roll(t: State, rest: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """Dice taken are rolled at once (Dice: roll it immediately); with the online convention,
    when a payment needs them or the placement ends."""
    if t.late_rolls:
        return rest
    return (("roll", 0, 0), *rest) if _unrolled(t.dice[t.turn]) else rest


def _build(t: State, i: int, tile_id: int, cover: int, a: Build) -> tuple[Effect, ...]:
    """The tile placed (or laid over `cover`), then its score: the markets' money, each
    building's fame by its upgrade, then the special yields reached (Special yields), none
    when covering (Master builder)."""
    tile = t.tiles.tiles[tile_id]
    cells = t.province[i]
    under = cells[a.cell] >> 2
    t.province = _put(t.province, i, _put(cells, a.cell, tile_id * 4 + a.rotation))  # type: ignore[assignment]
    effects: list[Effect] = []
    money = sum(v for _, v in tile.markets)
    if money:
        effects.append(("money", money, 0))
    fame = sum(2 + t.upgrades[i][b] for b in tile.buildings)
    if fame:
        effects.append(("fame", fame, 0))
    if cover != NO:
        t.covered = _put(t.covered, i, (*t.covered[i], (cover, under)))  # type: ignore[assignment]
        return tuple(effects)
    for kind, value in province.yields_reached(t.board, a.cell, tile.turned(a.rotation)):
        effects.append(
            {"die": ("gain", 1, NO), "money": ("money", value, 0)}.get(kind, ("upgrade", 0, 0))
        )
    return tuple(effects)


# --- carrying out effects --------------------------------------------------------------------


def _settle(t: State) -> State:
    """Carry out the pending effects until one asks for a decision or a chance step; with
    none left, the placement is over."""
    while t.pending:
        kind, n, d = t.pending[0]
        if kind in CHANCES:
            return t
        if kind == "buy" and t.late_rolls and _unrolled(t.dice[t.turn]):
            t.pending = (("roll", 0, 0), *t.pending)  # a payment needs the dice rolled
            return t
        if kind in _AUTO:
            rest = t.pending[1:]
            t.pending = (*_AUTO[kind](t, t.turn, n, d), *rest)
            continue
        options = decisions(t)
        if kind == "gain" and not options:  # no die of the colour left: take what was taken
            t.pending = _then_roll(t, t.pending[1:])
        elif kind == "gain" and d != NO and isinstance(options[0], Pick):
            _decide(t, options[0])  # a die of one colour with room for it: no choice
        elif (kind == "sail" and len(options) == 1) or (kind == "goods" and len(options) <= 1):
            if options:
                _decide(t, options[0])
            else:
                t.pending = t.pending[1:]
        elif not options:
            t.pending = t.pending[1:]  # nothing to choose: an upgrade with every cube at 4
        else:
            t.memo = tuple(options)  # the legal steps now: listed once
            return t
    if t.phase == "play":
        if t.late_rolls and _unrolled(t.dice[t.turn]):
            t.pending = (("roll", 0, 0),)  # the placement ends: its dice are rolled
            return t
        _end_placement(t)
    return t


def _money(t: State, i: int, n: int, _: int) -> tuple[Effect, ...]:
    """The money track: bonuses reached or crossed, by the bonus marker (Bonuses on the
    scoring tracks), and the worker on space 20 (Get new workers)."""
    before = t.money[i]
    after = min(before + n, t.board.money_spaces)
    t.money = _put(t.money, i, after)  # type: ignore[assignment]
    out: list[Effect] = []
    if after >= MONEY_WORKER:
        _worker(t, i, "money")
    k = t.money_bonus[i]
    while k < len(MONEY_BONUSES) and after >= MONEY_BONUSES[k][0]:
        out.append(("voyage", 1, 0) if MONEY_BONUSES[k][1] == "river" else ("gain", 2, NO))
        k += 1
    t.money_bonus = _put(t.money_bonus, i, k)  # type: ignore[assignment]
    return tuple(out)


def _fame(t: State, i: int, n: int, _: int) -> tuple[Effect, ...]:
    before = t.fame[i]
    after = min(before + n, t.board.fame_spaces)
    t.fame = _put(t.fame, i, after)  # type: ignore[assignment]
    if before < FAME_WORKER <= after:
        _worker(t, i, "fame")
    out: list[Effect] = []
    for space, bonus in sorted(FAME_BONUSES.items()):
        if before < space <= after:
            out.append(
                {"upgrade": ("upgrade", 0, 0), "karma": ("karma", 2, 0)}.get(
                    bonus, ("voyage", 1, 0)
                )
            )
    return tuple(out)


def _karma(t: State, i: int, n: int, _: int) -> tuple[Effect, ...]:
    t.karma = _put(t.karma, i, min(MAX_KARMA, t.karma[i] + n))  # type: ignore[assignment]
    return ()


def _worker(t: State, i: int, source: str) -> None:
    """Get new workers: at most 2 more, from whichever sources come first."""
    if source in t.gained[i] or len(t.gained[i]) >= MAX_GAINED:
        return
    t.gained = _put(t.gained, i, (*t.gained[i], source))  # type: ignore[assignment]
    t.workers = _put(t.workers, i, t.workers[i] + 1)  # type: ignore[assignment]


def _advance(t: State, i: int, n: int, _: int) -> tuple[Effect, ...]:
    """Move the boat exactly n unoccupied spaces (if it can), then take the space's earning;
    passing the bridge activates the river's worker."""
    target = river_target(t, i, n)
    if target == NO:
        return ()
    if t.boat[i] <= t.board.bridge_after < target:
        _worker(t, i, "river")
    t.boat = _put(t.boat, i, target)  # type: ignore[assignment]
    return (("earn", target, 0),)


def _earn(t: State, i: int, space: int, _: int) -> tuple[Effect, ...]:
    """Explanation of the earnings on the river."""
    sp = t.board.river[space - 1]
    tiles, cells, ups = t.tiles, t.province[i], sum(t.upgrades[i])
    e = sp.earn
    if e == "dice":
        return (("gain", 2, NO),)
    if e == "karma":
        return (("karma", 2, 0),)
    if e == "money":
        return (("money", sp.value, 0),)
    if e == "palace":
        return (("chamber", 0, 0),)
    if e == "karma_dice":
        return (("gain", t.karma[i], sp.value),) if t.karma[i] else ()
    if e == "fame":
        return (("fame", sp.value, 0),)
    if e == "upgrade":
        return (("upgrade", 0, 0),)
    if e == "money_per_market":
        return (("money", len(province.markets(tiles, cells)), 0),)
    if e == "assorted_market":
        return (("money", province.assorted(tiles, cells, 3), 0),)
    if e == "goods_market":
        return (("goods", sp.value, 0),)
    if e == "fame_per_upgrade":
        return (("fame", ups, 0),)
    if e == "money_per_upgrade":
        return (("money", 2 * ups, 0),)
    return (("fame", 2 * t.karma[i], 0),)  # fame_per_karma


_AUTO: Final[dict[str, Callable[[State, int, int, int], tuple[Effect, ...]]]] = {
    "money": _money,
    "fame": _fame,
    "karma": _karma,
    "voyage": _advance,
    "earn": _earn,
}


# --- chance outcomes ------------------------------------------------------------------------


def _apply_chance(s: State, a: Action) -> State:
    if chance(s) is None:
        raise ValueError(f"{a.kind} is a chance outcome, and nothing is to be dealt now")
    t = s.copy()
    if isinstance(a, Setup):
        _setup(t, a)
        return t
    if isinstance(a, FirstPlayer):
        if s.phase != "start" or a.seat not in s.seats or s.seats.index(a.seat) not in _tied(s):
            raise ValueError(f"{a.seat!r} is not among the seats tied for the lowest roll")
        _begin(t, s.seats.index(a.seat))
        return t
    if isinstance(a, Roll):
        _roll(t, a)
    elif isinstance(a, Reveal):
        _reveal(t, a)
    elif isinstance(a, DrawYield):
        _draw_yield(t, a)
    return _settle(t)


def _expect(s: State, kind: str, what: str) -> None:
    if s.phase != "play" or s.pending[0][0] != kind:
        raise ValueError(f"{what} is not what is dealt now: {chance(s)} is")


def _setup(t: State, a: Setup) -> None:
    """Setup: each seat rolls one die of each colour; the 12 stacks are mixed face up."""
    if t.phase != "setup":
        raise ValueError(f"the starting dice are dealt once, at the start: {chance(t)} is now")
    if len(a.dice) != 4 * t.players or any(not 1 <= v <= 6 for v in a.dice):
        raise ValueError(f"the starting dice are {4 * t.players} numbers from 1 to 6")
    if len(a.tops) != STACKS or any(
        top not in st for top, st in zip(a.tops, t.stacks, strict=True) if st
    ):
        raise ValueError("each stack's top tile is one of that stack's tiles")
    t.dice = tuple(
        tuple(sorted(LETTERS[c] + str(a.dice[4 * i + c]) for c in range(4)))
        for i in range(t.players)
    )
    t.supply = (12 - t.players,) * 4
    t.tops = a.tops
    t.stacks = tuple(_minus(st, top) for st, top in zip(t.stacks, a.tops, strict=True))
    tied = _tied(t)
    if len(tied) == 1:
        _begin(t, tied[0])
    else:
        t.phase = "start"


def _minus(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    out = list(items)
    out.remove(item)
    return tuple(out)


def _begin(t: State, first: int) -> None:
    """Setup: the lowest roll starts with 3 money, each next seat clockwise one more."""
    n = t.players
    t.money = tuple(START_MONEY + (i - first) % n for i in range(n))
    t.start = t.turn = first
    t.phase = "play"


def _roll(t: State, a: Roll) -> None:
    _expect(t, "roll", "a roll")
    i = t.turn
    dice = t.dice[i]
    k = _unrolled(dice)
    if len(a.values) != k or any(not 1 <= v <= 6 for v in a.values):
        raise ValueError(f"the roll is of {k} dice, each 1 to 6")
    fresh = [
        d[0] + str(v) for d, v in zip((d for d in dice if d[1] == "0"), a.values, strict=False)
    ]
    t.dice = _put(t.dice, i, tuple(sorted((*(d for d in dice if d[1] != "0"), *fresh))))  # type: ignore[assignment]
    t.pending = t.pending[1:]


def _reveal(t: State, a: Reveal) -> None:
    _expect(t, "reveal", "a tile revealed")
    st = t.pending[0][1]
    if a.stack != st or a.tile not in t.stacks[st]:
        raise ValueError(f"the new top of the {stack_name(st)} stack is one of its tiles")
    t.tops = _put(t.tops, st, a.tile)  # type: ignore[assignment]
    t.stacks = _put(t.stacks, st, _minus(t.stacks[st], a.tile))  # type: ignore[assignment]
    t.pending = t.pending[1:]


def _draw_yield(t: State, a: DrawYield) -> None:
    """Dancer: a white yield tile, then discarded; the discards reshuffled when none is left."""
    _expect(t, "yield", "a yield tile")
    deck, discard = (t.yield_deck, t.yield_discard) if t.yield_deck else (t.yield_discard, ())
    if a.tile not in deck:
        raise ValueError(f"no {a.tile} yield tile is left to draw")
    t.yield_deck = tuple(sorted(_minus_str(deck, a.tile)))
    t.yield_discard = tuple(sorted((*discard, a.tile)))
    effect: Effect = {
        "die": ("gain", 1, NO),
        "money": ("money", 3, 0),
        "upgrade": ("upgrade", 0, 0),
    }.get(a.tile, ("karma", 1, 0))
    t.pending = (effect, *t.pending[1:])


def _minus_str(items: tuple[str, ...], item: str) -> list[str]:
    out = list(items)
    out.remove(item)
    return out


# --- the end of a placement, a round and the game -----------------------------------------------


def crossed(s: State, i: int) -> bool:
    """Object of the game: the fame marker has reached or passed the money marker."""
    return s.fame[i] >= s.board.beside[s.money[i]]


def gap(s: State, i: int) -> int:
    """Fame points past the money marker (negative: still to cover) (End of the game)."""
    return s.fame[i] - s.board.beside[s.money[i]]


def _end_placement(t: State) -> None:
    i = t.turn
    n = t.players
    position = (i - t.start) % n
    if crossed(t, i) and i not in t.crossed:
        t.crossed = (*t.crossed, i)
        if t.last == NO:  # End of the game: the current stage is completed
            t.last = n - 1
    later = range(position + 1, n) if t.last != NO else range(position + 1, position + 1 + n)
    for k in later:
        j = (t.start + k) % n
        if t.placed[j] < t.workers[j] and not t.passed[j]:
            t.turn = j
            return
    if t.last != NO:
        t.phase = "over"
        return
    _end_round(t)


def _end_round(t: State) -> None:
    """End of a round: the Great Mogul's seat starts the next, else the next seat clockwise;
    every worker comes home."""
    t.start = t.mogul if t.mogul != NO else (t.start + 1) % t.players
    t.turn = t.start
    t.mogul = NO
    t.round += 1
    t.spaces = ((),) * len(AREAS)
    t.placed = (0,) * t.players
    t.passed = (False,) * t.players
