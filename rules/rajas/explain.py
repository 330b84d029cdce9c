"""What each allowed step does and gets, for `options` (a line a step): a placement's cost
and the money or dice left after it, what its action gives where it goes (the river space a
boat reaches and its earning, the dice a balcony gives, the money a market scores); a tile's
contents and what its payment leaves; what a tile earns on the cell it is built on (its
markets, its buildings at their upgrade, the special yields its roads reach); what an upgrade
makes a building worth. Worked out only when asked, from the view (the state is public).
"""

from __future__ import annotations

import re
from typing import Final

from ..words import a as with_article
from . import causes, choices, engine, notation, payments, province
from .components import BUILDINGS, COLOURS, GOODS, PORTUGUESE
from .river import river_room, river_target
from .state import (
    AREAS,
    ASSORTED,
    BALCONY,
    CHAMBER,
    HARBOUR,
    MAX_GAINED,
    MAX_KARMA,
    NO,
    OUTER,
    QUARRY,
    TERRACE,
    Action,
    Build,
    Buy,
    Chamber,
    Cover,
    Done,
    Enough,
    Goods,
    Pass,
    Pick,
    Place,
    Release,
    Reroll,
    Sail,
    State,
    Upgrade,
)
from .state import (
    GOODS as GOODS_AREA,
)
from .upgrade_words import counts_from, upgrade_does

CHAMBER_GAINS = {
    2: "2 dice of your choice and a white yield tile drawn face down (a die, 3 money, an "
    "upgrade or a karma)",
    3: "2 karma and 1 die of your choice",
    4: "3 money at once, then an upgrade of your choice",  # what asks no choice first
}


def explained_entries(s: State) -> list[str]:
    """Each allowed step, a line: `• `step` — what it does and gets`; steps that differ only
    in the die given share one line (a trial's list held nine goods markets each "0 money:
    you have no market"), in the order of the first: `• `goods market with b1` (or g1, o1)
    — gives up the die; 0 money: you have no market`."""
    groups: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
    for a in engine.legal(s):
        step, said = notation.describe(s, a), does(s, a)
        given = _DIE_GIVEN.fullmatch(step)
        key, die = (step, said), ""
        if given is not None and f"gives up {given[2]}" in said:
            die = given[2]
            key = (given[1], said.replace(f"gives up {die}", "gives up the die", 1))
        groups.setdefault(key, []).append((step, said, die))
    out = []
    for (_, shared), steps in groups.items():
        first, said, _ = steps[0]
        if len(steps) == 1:
            out.append(f"• `{first}` — {said}")
        else:
            out.append(f"• `{first}` (or {', '.join(d for _, _, d in steps[1:])}) — {shared}")
    return out


# a step that gives up a die: its words before the die, and the die ("goods market with b1")
_DIE_GIVEN: Final = re.compile(r"(.* with (?:karma )?)([a-z]\d)")


def does(s: State, a: Action) -> str:
    """What step `a` of the seat deciding does and gets, in a few words."""
    i = s.turn
    if isinstance(a, Place):
        return _placement(s, i, a)
    if isinstance(a, Buy):
        return _buy(s, i, a)
    if isinstance(a, Build):
        return _build(s, i, a)
    if isinstance(a, Sail):
        return _reaches(s, i, a.spaces)
    if isinstance(a, Upgrade):
        return upgrade_text(s, i, a.building)
    if isinstance(a, Chamber):
        return _chamber(s, i, a.number)
    return _other(s, i, a)


def _other(s: State, i: int, a: Action) -> str:
    if isinstance(a, Cover):
        held = s.province[i][a.cell] >> 2
        return f"lays a dearer top tile over the {notation.tile_text(s, held)}"
    if isinstance(a, Pick):
        return f"takes {with_article(COLOURS[a.colour])} die ({s.supply[a.colour]} in the supply)"
    if isinstance(a, Release):
        return f"puts {a.die} back in the supply, to make room"
    if isinstance(a, Enough):
        return "takes no more dice (your statue is full)"
    if isinstance(a, Goods):
        most = s.pending[0][1]
        return f"{province.one_kind(s.tiles, s.province[i], a.good, most)} money from your best {GOODS[a.good]} markets (up to {most})"
    if isinstance(a, Reroll):
        return f"rolls {a.die} again (after `done`)"
    if isinstance(a, Done):
        return "ends the rerolls; the dice marked are rolled"
    if isinstance(a, Pass):
        return "places no more workers this round (no space is left that you can use)"
    return ""


def _placement(s: State, i: int, a: Place) -> str:
    area = AREAS.index(a.area)
    parts = []
    cost = choices.money_cost(s, area)
    if cost:
        parts.append(f"pays {cost} money ({s.money[i] - cost} left)")
    if a.dice:
        d = a.dice[0]
        if a.turned:
            left = s.karma[i] - len(a.turned)
            parts.append(f"gives up {d} turned to {7 - int(d[1])} with karma ({left} karma left)")
        else:
            parts.append(f"gives up {d}")
    parts.append(_area_gets(s, i, area, choices.paid_value(a.dice, a.turned), a))
    return "; ".join(p for p in parts if p)


def _area_gets(s: State, i: int, area: int, value: int, a: Place) -> str:
    if area == QUARRY:
        return _quarry(s, i)
    if area == HARBOUR:
        return _sails(s, i, value)
    if area == ASSORTED:
        money = province.assorted(s.tiles, s.province[i])
        return (
            f"{money} money from your best market of each good"
            if money
            else "0 money: you have no market"
        )
    if area == GOODS_AREA:
        return _one_kind(s, i, value)
    if area == OUTER:
        return "2 money, then roll again any of your dice you choose"
    if area < BALCONY:
        colour = COLOURS[area - TERRACE]
        return f"takes {with_article(colour)} die ({s.supply[area - TERRACE]} in the supply)"
    if area < CHAMBER:
        take = choices.balcony_takes(s.board)[area - BALCONY]
        return f"takes 2 {COLOURS[take]} dice"
    return _chamber(s, i, area - CHAMBER + 1, a)


def _chamber(s: State, i: int, number: int, a: Place | None = None) -> str:
    if number == 1:
        return "2 fame, and you start the next round"
    if number == 3:
        karma = min(MAX_KARMA, s.karma[i] - (len(a.turned) if a else 0) + 2)
        return f"2 karma (to {karma}) and 1 die of your choice"
    if number == 5:
        rest = payments.without(s.dice[i], a.dice) if a else s.dice[i]
        karma = s.karma[i] - (len(a.turned) if a else 0)
        cells = choices.cover_cells(s, i, rest, karma)
        where = ", ".join(notation.cell_name(s, c) for c in cells)
        return f"lays a dearer top tile over a tile of your province (one of {where})"
    if number == 6:
        return f"sails exactly {PORTUGUESE}: {_reaches(s, i, PORTUGUESE)}"
    return CHAMBER_GAINS[number]


def _quarry(s: State, i: int) -> str:
    budgets = payments.budgets(s.dice[i], s.karma[i])
    within = [  # what each tile holds (a trial bought one it had not seen since it changed)
        f"the {engine.stack_name(st)} ({notation.priced_tile(s, t)})"
        for st, t in enumerate(s.tops)
        if t != NO and s.tiles.tiles[t].cost <= budgets[s.tiles.tiles[t].colour]
    ]
    return "then buy and build a top tile your dice can pay: " + ", ".join(within)


def _sails(s: State, i: int, value: int) -> str:
    most = min(value, river_room(s, i))
    ways = [f"{k} to {_reaches(s, i, k)}" for k in range(1, most + 1)]
    return ("sails " if most == 1 else f"sails up to {most}: ") + ", ".join(ways)


def _reaches(s: State, i: int, spaces: int) -> str:
    """The river space a boat reaches `spaces` unoccupied spaces ahead, and its earning."""
    target = river_target(s, i, spaces)
    if target == NO:
        return "no space that far"
    said = f"river space {target} ({earning(s, i, target)})"
    gained = s.gained[i]
    new_worker = "river" not in gained and len(gained) < MAX_GAINED
    if new_worker and s.boat[i] <= s.board.bridge_after < target:
        said += ", past the bridge: a worker"
    return said


def earning(s: State, i: int, space: int) -> str:
    """A river space's earning for seat i, in words, with what it comes to now (Explanation
    of the earnings on the river)."""
    now = _earning_now(s, i, space)
    kind = earning_kind(s, space)
    return kind if now is None else f"{kind}: {now} now"


def earning_kind(s: State, space: int) -> str:
    """A river space's earning, in words, whoever sails there (Explanation of the earnings
    on the river)."""
    sp = s.board.river[space - 1]
    e, v = sp.earn, sp.value
    if e == "karma_dice":  # (its value is a colour)
        return f"{with_article(COLOURS[v])} die per karma"
    return {
        "goods_market": f"goods of one kind, up to {v} markets",
        "money_per_market": "1 money per market",
        "assorted_market": "assorted goods, up to 3 markets",
        "dice": "2 dice of any colours",
        "karma": "2 karma",
        "money": f"{v} money",
        "palace": "a palace action of your choice, the Dancer to the Portuguese, free",
        "fame": f"{v} fame",
        "upgrade": "an upgrade",
        "fame_per_upgrade": "1 fame per upgrade",
        "money_per_upgrade": "2 money per upgrade",
    }.get(e, "2 fame per karma")


def _earning_now(s: State, i: int, space: int) -> str | None:
    """What a river space's earning comes to for seat i now, where it depends on the seat."""
    sp = s.board.river[space - 1]
    e, v = sp.earn, sp.value
    cells, ups, karma = s.province[i], sum(s.upgrades[i]), s.karma[i]
    if e == "goods_market":
        best = max(province.one_kind(s.tiles, cells, g, v) for g in range(len(GOODS)))
        return f"{best} money"
    if e == "money_per_market":
        return str(sum(map(len, province.markets(s.tiles, cells))))
    if e == "assorted_market":
        return f"{province.assorted(s.tiles, cells, 3)} money"
    return {
        "karma_dice": str(karma),
        "fame_per_upgrade": str(ups),
        "money_per_upgrade": str(2 * ups),
        "fame_per_karma": str(2 * karma),
    }.get(e)


def _one_kind(s: State, i: int, most: int) -> str:
    best = [(province.one_kind(s.tiles, s.province[i], g, most), g) for g in range(len(GOODS))]
    money, g = max(best)
    if not money:
        return "0 money: you have no market"
    return f"up to {most} markets of one good: {money} money at best ({GOODS[g]})"


def _buy(s: State, i: int, a: Buy) -> str:
    t = s.tops[a.stack]
    tile = s.tiles.tiles[t]
    cell = s.pending[0][2]
    old = s.tiles.tiles[s.province[i][cell] >> 2].cost if cell != NO else 0
    need, worth = tile.cost - old, choices.paid_value(a.dice, a.turned)
    over = f", {worth - need} over" if worth > need else ""
    colour = COLOURS[tile.colour]
    rest = [d for d in payments.without(s.dice[i], a.dice) if d[0] == colour[0]]
    left = f"leaves {' '.join(rest)}" if rest else f"leaves no {colour} die"
    karma = f"; {s.karma[i] - len(a.turned)} karma left" if a.turned else ""
    return f"{notation.tile_text(s, t)}; pays {worth} for {need}{over}; {left}{karma}"


def _build(s: State, i: int, a: Build) -> str:
    _, tile_id, cover = s.pending[0]
    tile = s.tiles.tiles[tile_id]
    gets = []
    money = sum(v for _, v in tile.markets)
    if money:
        gets.append(f"{money} money")
    later = s.upgrade_next_turn  # the upgrade of fame 5 counts from the next turn on
    fame = sum(2 + s.upgrades[i][b] - (b == later) for b in tile.buildings)
    if fame:
        gets.append(f"{fame} fame")
    if later in tile.buildings:
        gets[-1] += f" (its {BUILDINGS[later]}'s upgrade of fame 5 counts {counts_from(True)})"
    if cover == NO:
        for _, kind, value in province.yields_reached(s.board, a.cell, tile.turned(a.rotation)):
            gets.append(_YIELDS.get(kind, f"{value} money").format(value=value))
    roads = " ".join(side for k, side in enumerate("NESW") if tile.turned(a.rotation) >> k & 1)
    earns = ", ".join(gets) if gets else "nothing"
    return f"roads {roads} there; earns {earns}"


_YIELDS = {"die": "a die of your choice (special yield)", "upgrade": "an upgrade (special yield)"}
_YIELDS["money"] = "{value} money (special yield)"


def upgrade_text(s: State, i: int, building: int) -> str:
    """What an upgrade makes a building type worth (The upgrades of the buildings): that of
    fame space 5 from the seat's next turn on (Bonuses on the scoring tracks)."""
    now = 2 + s.upgrades[i][building] - (building == s.upgrade_next_turn)
    after = 2 + s.upgrades[i][building] + 1
    fame_5 = bool(s.pending) and s.pending[0][2] == causes.FAME_UPGRADE
    return f"{upgrade_does(fame_5, BUILDINGS[building], after)} (now {now})"
