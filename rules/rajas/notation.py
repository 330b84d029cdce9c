"""Rajas of the Ganges' notation: each step in words a person can type, and orders read back.

A placement is written with its payment: `great mogul with o1`, `harbour with karma p5` (the
purple 5 turned to a 2 with karma), `quarry`. The steps after it: `buy orange cow with o4 o5`,
`build at b3 turned 90`, `take orange`, `return g1`, `enough`, `upgrade temple`, `sail 2`,
`score tea`, `chamber yogi`, `cover b2`, `reroll o3`, `done`, `pass`. An order may hold several
steps joined by commas (`dancer with g2, take orange, take blue`); each is read against the
position the steps before it leave, up to a roll or a reveal (a stack's new top after `buy`).

A text is read by its words: the dice (a colour's letter and a number) and the word `karma`
before a die are taken as a payment in any order; "with", "at", "turned" and "the" may be left
out. So parse(state, describe(state, a)) == [a] for every legal step a. A text that is none of
the legal steps is read as the step it means (reading.py), which the rules then refuse with
their reason; only a text that names no step is refused as unreadable.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from ..capabilities.notation import MAX_ORDER_CHARS
from ..errors import IllegalAction, InvalidOrder, excerpt
from ..words import count_of
from . import causes, engine, reading
from .components import BUILDINGS, COLOURS, GOODS
from .state import (
    AREAS,
    Action,
    Build,
    Buy,
    Chamber,
    Cover,
    Done,
    DrawYield,
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
    Undo,
    Upgrade,
)
from .upgrade_words import ALREADY_BUILT, upgrade_does

AREA_TITLES: Final = tuple(a.replace("_", " ") for a in AREAS)
_RULES: Final = {
    0: "I. Building action: a tile you can pay for and place",
    1: "IV. River action: a die showing 1, 2 or 3 and room on the river",
    2: "II. Market action",
    3: "II. Market action: give up any one die",
    4: "III. The outer terrace",
}
_FILLER: Final = frozenset(("with", "at", "turned", "the", "a", "to", "0"))
_DIE: Final = re.compile(r"^[bgop][1-6]$")
MAX_STEPS = 12


def area_rule(area: int) -> str:
    if area in _RULES:
        return _RULES[area]
    if area < 9:
        return "III. The terrace: a die of that colour in the supply"
    if area < 13:
        return "III. The balconies: a die of the colour given, and two of the other in the supply"
    return (
        f"III. The chambers: {engine.CHAMBERS[area - 13]} takes a die showing exactly {area - 12}"
    )


def cell_name(s: State, cell: int) -> str:
    columns = s.board.columns
    return f"{'abcdefghi'[cell % columns]}{cell // columns + 1}"


def _dice_text(dice: Sequence[str], turned: Sequence[str]) -> str:
    left = list(turned)
    words = []
    for d in dice:
        if d in left:
            left.remove(d)
            words.append(f"karma {d}")
        else:
            words.append(d)
    return " ".join(words)


def _with(dice: Sequence[str], turned: Sequence[str]) -> str:
    return f" with {_dice_text(dice, turned)}" if dice else ""


def describe(s: State, a: Action) -> str:
    """The step in the notation (the chance outcomes too, in words)."""
    if isinstance(a, Place):
        return f"{a.area.replace('_', ' ')}{_with(a.dice, a.turned)}"
    if isinstance(a, Buy):
        return f"buy {engine.stack_name(a.stack)}{_with(a.dice, a.turned)}"
    if isinstance(a, Build):
        turn = f" turned {90 * a.rotation}" if a.rotation else ""
        return f"build at {cell_name(s, a.cell)}{turn}"
    if isinstance(a, Cover):
        return f"cover {cell_name(s, a.cell)}"
    if isinstance(a, Pick):
        return f"take {COLOURS[a.colour]}"
    if isinstance(a, Release):
        return f"return {a.die}"
    if isinstance(a, Upgrade):
        return f"upgrade {BUILDINGS[a.building]}"
    if isinstance(a, Sail):
        return f"sail {a.spaces}"
    if isinstance(a, Goods):
        return f"score {GOODS[a.good]}"
    if isinstance(a, Chamber):
        return f"chamber {engine.CHAMBERS[a.number - 1].lower()}"
    if isinstance(a, Reroll):
        return f"reroll {a.die}"
    if isinstance(a, Enough | Done | Pass | Undo):
        return a.kind
    return _chance_text(s, a)


def _chance_text(s: State, a: Action) -> str:
    if isinstance(a, Setup):
        return "the starting dice are rolled and the stacks mixed"
    if isinstance(a, FirstPlayer):
        return f"{a.seat} starts"
    if isinstance(a, Roll):  # each die by its colour (the statue's unrolled dice, in order)
        unrolled = [d for d in s.dice[s.turn] if d[1] == "0"]
        if len(unrolled) != len(a.values):
            return "rolls " + " ".join(str(v) for v in a.values)
        colour = {c[0]: c for c in COLOURS}  # a die's letter is its colour's initial
        return "rolls " + ", ".join(
            f"{colour[d[0]]} {v}" for d, v in zip(unrolled, a.values, strict=True)
        )
    if isinstance(a, Reveal):
        return f"the {engine.stack_name(a.stack)} stack shows {tile_text(s, a.tile)}"
    if isinstance(a, DrawYield):
        return f"draws the yield tile {a.tile}"
    raise ValueError(f"no step {excerpt(a)}")


def tile_text(s: State, tile_id: int) -> str:
    """A tile as a person reads it: `orange 9: roads N E S, fort, tea 3`."""
    return f"{COLOURS[s.tiles.tiles[tile_id].colour]} {priced_tile(s, tile_id)}"


def priced_tile(s: State, tile_id: int) -> str:
    """A tile where its colour is said already (its stack's name): `9: roads N E S, fort`."""
    t = s.tiles.tiles[tile_id]
    roads = " ".join(side for k, side in enumerate("NESW") if t.roads >> k & 1)
    return f"{t.cost}: roads {roads}, {tile_holds(s, tile_id)}"


def tile_holds(s: State, tile_id: int) -> str:
    """A tile's buildings and markets: `fort, tea 3`."""
    t = s.tiles.tiles[tile_id]
    parts = [BUILDINGS[b] for b in t.buildings] + [f"{GOODS[g]} {v}" for g, v in t.markets]
    return ", ".join(parts)


def _key(text: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """A text by its words: the other words in order, the dice given and those turned."""
    words = text.lower().replace("harbor", "harbour").replace(",", " ").split()
    head: list[str] = []
    dice: list[str] = []
    turned: list[str] = []
    karma = False
    for w in words:
        if _DIE.match(w):
            dice.append(w)
            if karma:
                turned.append(w)
            karma = False
        elif w == "karma":
            karma = True
        elif w not in _FILLER:
            head.append(w)
    return tuple(head), tuple(sorted(dice)), tuple(sorted(turned))


def read_step(s: State, text: str) -> tuple[Action, bool]:
    """One step read against what the seat deciding may do now: the step it means, and
    whether it is allowed (a step read but not allowed is the table's to refuse, with its
    rule). InvalidOrder when the text names no step."""
    if text.strip().lower() == "undo":
        return Undo(), True
    _karma_placed(text)
    options = engine.legal(s)
    head, dice, turned = wanted = _key(text)
    for a in options:
        if _key(describe(s, a)) == wanted:
            return a, True
    meant = reading.read_step(s, head, dice, turned)
    if isinstance(meant, Build) and s.pending and s.pending[0][0] == "place_tile":
        meant = _same_turn(s, meant, options)
    return meant, meant in options


def _karma_placed(text: str) -> None:
    """InvalidOrder where `karma` follows the die it was meant to turn (a trial's `yogi with
    g4 karma` was read as `yogi with g4`, the karma dropped unsaid)."""
    words = text.split()
    last = max((k for k, w in enumerate(words) if w.lower() == "karma"), default=-1)
    if last < 0 or any(_DIE.match(w.lower()) for w in words[last + 1 :]):
        return
    before = [k for k, w in enumerate(words[:last]) if _DIE.match(w.lower())]
    if not before:
        raise InvalidOrder("`karma` comes before the die it turns, as `harbour with karma p5`")
    meant = [*words[: before[-1]], "karma", words[before[-1]], *words[before[-1] + 1 : last]]
    raise InvalidOrder(f"`karma` comes before the die it turns: `{' '.join(meant)}`")


def _same_turn(s: State, a: Build, options: Sequence[Action]) -> Build:
    """A tile turned a way that lays its roads as another way listed does (a straight road
    turned 180 lies as it did unturned): the way listed."""
    tile = s.tiles.tiles[s.pending[0][1]]
    for b in options:
        if (
            isinstance(b, Build)
            and b.cell == a.cell
            and tile.turned(b.rotation) == tile.turned(a.rotation)
        ):
            return b
    return a


def parse(s: State, text: str) -> list[Action]:
    """An order: steps joined by commas, each read against the position before it, up to a
    chance step; those after it are read by their words alone (`read_ahead`), for the table
    to play the order up to the chance step and tell the rest as not played (a reveal
    commits: the rest is sent again once the roll or the tile is seen). A step read but not
    allowed ends it (`apply` refuses it with its rule); a step that names nothing is an
    InvalidOrder naming the step."""
    if len(text) > MAX_ORDER_CHARS:
        raise InvalidOrder(f"an order is at most {MAX_ORDER_CHARS:,} characters")
    parts = [p.strip() for p in re.split(r"[,;]", text) if p.strip()]
    if not parts:
        raise InvalidOrder("an order names a step: `options` lists them")
    if len(parts) > MAX_STEPS:
        raise InvalidOrder(f"an order is at most {MAX_STEPS} steps")
    out: list[Action] = []
    sailed = False  # the step before sailed by itself (one way to sail: no choice asked)
    for k, part in enumerate(parts):
        if k and engine.chance(s) is not None:
            return out + _read_ahead(s, parts, k)
        if engine.to_move(s) is None and k:
            raise IllegalAction("the game is over").at(k + 1, len(parts), part, s)
        if sailed and _key(part)[0][:1] == ("sail",) and not _sail_asked(s):
            continue  # (a trial's `harbour with g1; sail 1` was refused for its done sail)
        try:
            a, allowed = read_step(s, part)
        except (InvalidOrder, IllegalAction) as e:
            raise e.at(k + 1, len(parts), part, s) from None
        out.append(a)
        if isinstance(a, Undo) or not allowed:
            break
        seat, boat = s.turn, s.boat[s.turn]
        s = engine.apply(s, a)
        sailed = not isinstance(a, Sail) and s.boat[seat] != boat
    return out


def _sail_asked(s: State) -> bool:
    return any(isinstance(a, Sail) for a in engine.legal(s))


def _read_ahead(s: State, parts: Sequence[str], first: int) -> list[Action]:
    """The steps of an order after its chance step (from `first` on), read by their words
    alone: the position they would be taken in is not seen before the roll or the tile is."""
    out: list[Action] = []
    for k in range(first, len(parts)):
        try:
            out.append(reading.read_ahead(s, *_key(parts[k])))
        except (InvalidOrder, IllegalAction) as e:
            raise e.at(k + 1, len(parts), parts[k], s) from None
    return out


def allowed_text(s: State, actions: Sequence[Action], limit: int) -> str:
    words = [f"`{describe(s, a)}`" for a in actions[:limit]]
    more = len(actions) - limit
    return ", ".join(words) + (f" and {more} more" if more > 0 else "")


def decision_text(s: State) -> str:
    """What the seat deciding is asked now, in the rules' words."""
    if not s.pending:
        return "place a worker"
    kind, n, d = s.pending[0]
    if kind == "gain":  # only here is `d` a colour (elsewhere a cell or nothing)
        return f"take {count_of(n, 'die')}" + (f" ({COLOURS[d]})" if d >= 0 else "")
    if kind == "reroll" and not s.dice[s.turn]:  # (a trial was asked to choose among none)
        return "no die to roll again: type `done`"
    if kind == "upgrade":  # (a trial, asked twice in a row, could not tell which was which)
        fame_5 = d == causes.FAME_UPGRADE
        whose = " (fame space 5's)" if fame_5 else ""
        return f"upgrade a building type{whose}: {upgrade_does(fame_5)}; {ALREADY_BUILT}"
    return {
        "sail": f"sail 1 to {n} spaces",
        "chamber": "choose a chamber of the palace",
        "buy": "buy a top tile" + (" dearer than the one covered" if d >= 0 else ""),
        "place_tile": "place the tile in your province",
        "cover": "choose the tile to cover",
        "goods": f"score up to {n} markets of one good",
        "reroll": "choose dice to roll again, then `done`",
    }.get(kind, kind)
