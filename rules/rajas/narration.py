"""What a step did, for the table's line of it (reference.narrate): everything it did, each
effect on the step that caused it, named by its cause in the rules' words (engine.explain
records them one by one); the setup's dice; the markers meeting. "Red: build at a1 turned
270: its mill at 2: 2 fame; the special yield west of a1: 5 money; money 12: the boat to the
next unoccupied river space, 1; river space 1: 3 money; the special yield north of a1: an
upgrade of a building type (money 7→15, fame 0→2, boat to river space 1)"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..words import count_of, listed
from . import causes, engine, notation, province
from .components import (
    BUILDINGS,
    COLOURS,
    FAME_BONUSES,
    FAME_WORKER,
    GOODS,
    LETTERS,
    MONEY_BONUSES,
    MONEY_WORKER,
    SIDES,
    Tile,
)
from .river import river_room
from .state import (
    AREAS,
    CHAMBER,
    HARBOUR,
    MAX_KARMA,
    NO,
    Action,
    Build,
    Buy,
    Chamber,
    DrawYield,
    Effect,
    Enough,
    Goods,
    Pass,
    Place,
    Sail,
    State,
)
from .upgrade_words import counts_from, upgrade_does


def _whose(s: State, i: int) -> str:
    return f"{s.seats[i].capitalize()}'s"


SIDE_WORDS = dict(zip(SIDES, ("north", "east", "south", "west"), strict=True))


def setup_line(a: State) -> str:
    """Setup: each seat's four dice, one of each colour, and their total (the lowest starts)."""
    rolled = "; ".join(
        f"{seat.capitalize()} {_dice_words(a.dice[k])} ({sum(int(d[1]) for d in a.dice[k])})"
        for k, seat in enumerate(a.seats)
    )
    return f"The starting dice are rolled: {rolled}. The stacks are mixed, each top face up"


def _dice_words(dice: Sequence[str]) -> str:
    return ", ".join(f"{COLOURS[LETTERS.index(d[0])]} {d[1]}" for d in dice)


def meeting(b: State, a: State) -> list[str]:
    """End of the game: said on the step where a seat's fame marker reaches its money marker
    (the engine counts it when the placement ends; the markers only close in between)."""
    return [
        f"{a.seats[i].capitalize()}'s markers meet: the end of the game is triggered; "
        f"{_last_placements(a, i)}"
        for i in range(a.players)
        if i not in b.crossed and not engine.crossed(b, i) and engine.crossed(a, i)
    ]


def _last_placements(s: State, i: int) -> str:
    """Who still places before the end: the seats after seat i in this stage, up to the
    starting player, with a worker left (End of the game; a trial, its workers left, took
    the sudden end for a slip)."""
    later = engine.later_in_stage(s, i)
    still = [s.seats[j].capitalize() for j in engine.placing_after(s, i)]
    if still:
        return f"{listed(still, 'and')} may place one more worker before the game ends"
    who = s.seats[i].capitalize()
    if not later:  # (a trial read "nobody ... has a worker left" as a miscount of workers)
        start = s.seats[s.start].capitalize()
        return f"{start} started this round, so nobody places after {who} in it: the game ends"
    done = listed([s.seats[j].capitalize() for j in later], "and")
    have = "has" if len(later) == 1 else "have"
    return f"{done}, placing after {who} in this round, {have} no worker left: the game ends"


# --- what a step did, effect by effect ------------------------------------------------------


@dataclass
class _Told:
    """What the words of a step's effects read besides the records: the step's own cause (an
    effect of it is not named again), the tile placed, the good scored."""

    own: int
    tile: Tile | None
    good: int


def effects_said(b: State, action: Action) -> list[str]:
    """What `action` did, in order, each effect by its cause (engine.explain)."""
    said = _step_said(b, action)
    placing = isinstance(action, Build) and b.pending and b.pending[0][0] == "place_tile"
    told = _Told(
        _own_cause(b, action),
        b.tiles.tiles[b.pending[0][1]] if placing else None,
        action.good if isinstance(action, Goods) else NO,
    )
    prev = b
    for tag, effect, extra, now in engine.explain(b, action):
        if tag == "did":
            said += _did(prev, effect, extra, now, told)
        elif tag == "chose" and isinstance(extra, Goods):
            told.good = extra.good
        elif tag == "none":
            said.append(_nothing(effect))
        prev = now
    return said + _asked(b, action)


def _own_cause(s: State, action: Action) -> int:
    """The cause code of what the step itself gives (said by the step's own words)."""
    if isinstance(action, Place):
        return causes.area(AREAS.index(action.area))
    if isinstance(action, Chamber):
        return causes.area(CHAMBER + action.number - 1)
    if isinstance(action, DrawYield):
        return causes.YIELD_TILE
    if isinstance(action, Sail):
        return causes.area(HARBOUR)
    return causes.NONE


def _step_said(s: State, action: Action) -> list[str]:
    """What the step itself costs or does before its effects: a space's money, karma turning
    dice, a tile laid over another, a turn given up."""
    said = []
    if isinstance(action, Place) and action.area in ("quarry", "harbour"):
        cost = engine.money_cost_before(_placed(s, action), AREAS.index(action.area))
        if cost:
            said.append(f"the space costs {cost} money")
    if isinstance(action, Place | Buy) and action.turned:
        k = len(action.turned)
        turned = ", ".join(f"{d} to {7 - int(d[1])}" for d in action.turned)
        said.append(f"karma turns {turned}" + (f" ({k} karma)" if k > 1 else ""))
    if isinstance(action, Build) and s.pending and s.pending[0][2] != NO:
        under = s.tiles.tiles[s.province[s.turn][action.cell] >> 2]
        said.append(
            f"laid over the {COLOURS[under.colour]} {under.cost} "
            "(Master builder: no special yield again)"
        )
    if isinstance(action, Buy) and not s.stacks[action.stack]:  # (no reveal follows to say it)
        said.append(f"the last tile of its stack: the {engine.stack_name(action.stack)} is empty")
    if isinstance(action, Enough):
        said.append("no more dice taken")
    if isinstance(action, Pass):
        said.append("no space is left that it can pay for and use: no more workers this round")
    return said


def _placed(s: State, action: Place) -> State:
    """`s` with the worker on its space (what money_cost_before reads)."""
    area = AREAS.index(action.area)
    spaces = list(s.spaces)
    spaces[area] += (s.turn,)
    return s.copy(spaces=tuple(spaces))


def _asked(s: State, action: Action) -> list[str]:
    """What the step gives that waits for a choice: a special yield's die or upgrade (its
    money is said when taken), a yield tile's."""
    if isinstance(action, Build) and s.pending and s.pending[0][2] == NO:
        tile = s.tiles.tiles[s.pending[0][1]]
        reached = province.yields_reached(s.board, action.cell, tile.turned(action.rotation))
        return [
            f"{_edge_words(s, action.cell, side)}: {_ASKED[kind]}"
            for side, kind, _ in reached
            if kind != "money"
        ]
    if isinstance(action, DrawYield) and action.tile in _ASKED:
        return [_ASKED[action.tile]]
    return []


_ASKED = {"die": "a die of any colour", "upgrade": "an upgrade of a building type"}


def _edge_words(s: State, cell: int, side: int) -> str:
    return f"the special yield {SIDE_WORDS[SIDES[side]]} of {notation.cell_name(s, cell)}"


def _nothing(effect: Effect) -> str:
    """An effect with nothing to take, said (a placement that earns nothing says so)."""
    kind, _, d = effect
    if kind == "gain":
        return f"no {COLOURS[d]} die left in the supply" if d != NO else "no die left to take"
    if kind == "upgrade":
        return "every building type is at its highest: no upgrade"
    if kind == "goods":
        return "no market in the province to score"
    if kind == "sail":
        return "no unoccupied river space ahead"
    return "no palace action can be carried out"


def _did(prev: State, effect: Effect, more: Any, now: State, told: _Told) -> list[str]:
    """An effect carried out, by its cause, with what it reached on the tracks."""
    kind, n, d = effect
    i = prev.turn
    if kind == "earn":
        return [f"river space {n}: {_earning(prev, n, more)}"]
    if kind == "voyage":
        return _voyage(prev, now, effect, told)
    said: list[str] = []
    reached = {"money": now.money, "fame": now.fame, "karma": now.karma}[kind][i]
    had = {"money": prev.money, "fame": prev.fame, "karma": prev.karma}[kind][i]
    stopped = ""  # where the track or the karma path ends
    if reached - had < n:
        stopped = (
            f"karma is at most {MAX_KARMA}"
            if kind == "karma"
            else (f"the {kind} track ends at {reached}")
        )
    what = f"{n} {kind}" + (f" ({stopped})" if stopped else "")
    if d == causes.area(CHAMBER):  # III. Great Mogul
        what += ", and the start of the next round"
    if kind == "money" and told.good != NO:
        said.append(f"{_goods_words(prev, told.good)}: {what}")
    elif not causes.RIVER <= d < causes.EDGE:
        said.append(_named(_why(prev, kind, d, told), what))
    elif stopped:  # a river space's, said with its earning: where it stopped
        said.append(stopped)
    return said + _track_bonuses(prev, now, kind)


def _named(why: str, what: str) -> str:
    return f"{why}: {what}" if why else what


def _why(s: State, kind: str, d: int, told: _Told) -> str:
    """An effect's cause in words: none when the step itself is its cause (its words say it),
    with the markets or buildings it scored."""
    tile = told.tile
    if d == causes.TILE and tile is not None and kind == "money":
        return "its markets, " + " and ".join(f"{GOODS[g]} {v}" for g, v in tile.markets)
    if d == causes.TILE and tile is not None:
        ups, later = s.upgrades[s.turn], s.upgrade_next_turn
        return "its " + " and ".join(
            f"{BUILDINGS[k]} at {2 + ups[k] - (k == later)}"
            + (
                f" (its upgrade of fame 5 counts {counts_from(True, _whose(s, s.turn))})"
                if k == later
                else ""
            )
            for k in tile.buildings
        )
    if d == _ASSORTED:
        best = _best_markets(s)
        return (
            f"the best market of each good{best}" if best else "no market in the province to score"
        )
    return "" if d == told.own else _cause(s, d)


def _best_markets(s: State) -> str:
    """Assorted goods: the best market of each good held (", silk 2, tea 3"), or ""."""
    held = province.markets(s.tiles, s.province[s.turn])
    return "".join(f", {GOODS[g]} {vs[0]}" for g, vs in enumerate(held) if vs)


_ASSORTED = causes.area(AREAS.index("assorted_market"))


def _goods_words(s: State, good: int) -> str:
    """Goods of one kind: the good and the markets of it scored."""
    held = province.markets(s.tiles, s.province[s.turn])[good]
    return f"{GOODS[good]}, " + " and ".join(map(str, held)) if held else GOODS[good]


def _track_bonuses(prev: State, now: State, kind: str) -> list[str]:
    """A marker's move: the workers and the bonuses that ask a choice it reached (those that
    ask none are said when carried out)."""
    i, said = prev.turn, []
    if kind == "money":
        for k in range(prev.money_bonus[i], now.money_bonus[i]):
            space, bonus = MONEY_BONUSES[k]
            if bonus == "dice":
                said.append(f"money {space}: 2 dice of any colours")
        if "money" in now.gained[i] and "money" not in prev.gained[i]:
            said.append(f"money {MONEY_WORKER}: a new worker")
    elif kind == "fame":
        for space in causes.FAME_SPACES:
            if prev.fame[i] < space <= now.fame[i] and FAME_BONUSES[space] == "upgrade":
                does = upgrade_does(True, whose=_whose(prev, i))
                said.append(f"fame {space}: an upgrade of a building type ({does})")
        if "fame" in now.gained[i] and "fame" not in prev.gained[i]:
            said.append(f"fame {FAME_WORKER}: a new worker")
    return said


def _boat_stays(s: State, i: int, n: int) -> str:
    """Why seat i's boat does not move `n` unoccupied spaces: at the river's end, or too few
    spaces ahead hold no boat (a trial read "no unoccupied river space ahead: the boat stays"
    as a bonus lost for nothing)."""
    at = s.boat[i]
    if at == s.board.final:
        return f"the boat is at the river's end, space {at}: it stays"
    room = count_of(river_room(s, i), "unoccupied river space")
    return (
        f"the boat at river space {at} has {room} ahead, not {n} (boats hold the others): it stays"
    )


def _voyage(prev: State, now: State, effect: Effect, told: _Told) -> list[str]:
    """A boat's move: where to, past the bridge."""
    _, n, d = effect
    i = prev.turn
    why = "" if d == told.own else _cause(prev, d)
    if now.boat[i] == prev.boat[i]:
        said = [_named(why, _boat_stays(prev, i, n))]
    elif now.boat[i] == now.board.final:  # it holds every boat (a trial read "unoccupied")
        lead = "the boat" if n == 1 and d != told.own else f"{count_of(n, 'space')}, the boat"
        to = f"the final river space, {now.boat[i]}, where any number of boats rest"
        said = [_named(why, f"{lead} to {to}")]
    elif n == 1 and d != told.own:
        said = [_named(why, f"the boat to the next unoccupied river space, {now.boat[i]}")]
    else:
        said = [
            _named(why, f"{count_of(n, 'unoccupied space')}, the boat to river space {now.boat[i]}")
        ]
    if "river" in now.gained[i] and "river" not in prev.gained[i]:
        said.append("past the bridge: a new worker")
    return said


def _cause(s: State, d: int) -> str:
    """The cause of an effect, from its code (causes.py)."""
    if causes.AREA <= d < causes.TILE:
        area = d - causes.AREA
        return f"the {engine.CHAMBERS[area - CHAMBER]}" if area >= CHAMBER else _AREA_WORDS[area]
    if d == causes.YIELD_TILE:
        return "the yield tile"
    if causes.FAME_BONUS <= d < causes.MONEY_BONUS:
        return f"fame {causes.FAME_SPACES[d - causes.FAME_BONUS]}"
    if causes.MONEY_BONUS <= d < causes.RIVER:
        return f"money {causes.MONEY_SPACES[d - causes.MONEY_BONUS]}"
    if causes.RIVER <= d < causes.EDGE:
        return f"river space {d - causes.RIVER}"
    if d >= causes.EDGE:
        return _edge_words(s, (d - causes.EDGE) // 4, (d - causes.EDGE) % 4)
    return "the tile" if d == causes.TILE else ""


_AREA_WORDS = (
    "the quarry",
    "the harbour",
    "assorted goods",
    "goods of one kind",
    "the outer terrace",
)


def _earning(s: State, space: int, more: Any) -> str:
    """A river space's earning in words, with what it gives now (Explanation of the earnings
    on the river)."""
    sp = s.board.river[space - 1]
    i, e = s.turn, sp.earn
    amount = more[0][1] if more else 0
    if e == "karma_dice":
        colour = COLOURS[sp.value]
        given = f"{s.karma[i]} {colour} {'die' if s.karma[i] == 1 else 'dice'}"
        if not s.karma[i]:
            return f"1 {colour} die a karma, and no karma: no die"
        return f"1 {colour} die a karma: {given}"
    words = {
        "dice": "2 dice of any colours",
        "karma": f"{amount} karma",
        "money": f"{amount} money",
        "palace": "a palace action of your choice (Dancer to Portuguese), with no die given",
        "fame": f"{amount} fame",
        "upgrade": "an upgrade of a building type",
        "money_per_market": f"1 money a market: {amount} money",
        "assorted_market": f"assorted goods, up to 3 markets{_best_markets(s)}: {amount} money",
        "goods_market": f"goods of one kind, up to {sp.value} markets, with no die given",
        "fame_per_upgrade": f"1 fame an upgrade done: {amount} fame",
        "money_per_upgrade": f"2 money an upgrade done: {amount} money",
        "fame_per_karma": f"2 fame a karma: {amount} fame",
    }
    return words[e]
