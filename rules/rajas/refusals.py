"""Why a step read but not allowed is refused: the rule that forbids it, in the rules' words
(the text's headings), and what the seat has instead, for every kind of step (each area and
its payment; each decision of a placement: refused_steps.py).

Worked out only when a step is refused (the engine refuses cheaply, then the adapter asks
here), so it costs a game played nothing. The steps allowed are listed by the caller once,
never here: `refusal` gives the reason, `allowed` the list for a caller that shows none.
"""

from __future__ import annotations

from ..text import shown
from . import choices, engine, notation, payments, province
from .components import COLOURS, LETTERS, PORTUGUESE
from .refused_steps import decision_problem, statue_text
from .river import river_room
from .state import (
    AREAS,
    ASSORTED,
    BALCONY,
    CHAMBER,
    GOODS,
    HARBOUR,
    NO,
    QUARRY,
    TERRACE,
    Action,
    Chamber,
    Pass,
    Place,
    State,
)

MAX_LISTED = 8
ONE_WORKER = "on each action space there may be only one worker (Placing workers)"


def refusal(s: State, a: Action) -> str:
    """The reason `a` is not allowed for the seat deciding in `s`, naming the rule."""
    if s.pending:
        return decision_problem(s, a)
    if isinstance(a, Pass):
        return (
            "you may pass only when no space is left that you can pay for and use (Placing "
            "workers; our reading: a seat with a worker left and a space it can use places it)"
        )
    if isinstance(a, Place):
        if a.area not in AREAS:
            return f"the board has no area {shown(a.area)} (its areas: {', '.join(AREA_NAMES)})"
        return _place_problem(s, a)
    return decision_problem(s, a)


def not_now(s: State) -> list[str]:
    """The placements the seat deciding could pay for (a space free, the money, a die of the
    number or colour it takes held) that the rules refuse now, each with the refusal's
    reason: `options` lists them apart (a trial wondered why the Master builder, a die for it
    held, was left out); at a river space's palace earning, the chambers refused."""
    if s.phase != "play" or engine.to_move(s) is None:
        return []
    if s.pending:
        return _chambers_not_now(s) if s.pending[0][0] == "chamber" else []
    i = s.turn
    offered = {a.area for a in engine.legal(s) if isinstance(a, Place)}
    out = []
    for area, key in enumerate(AREAS):
        name = title(area)
        if key in offered or _taken(s, i, area, name) or _money_short(s, i, area, name):
            continue
        takes_die = bool(die_rule(s, area)[0])
        paid = [d for d in s.dice[i] if takes_die and _die_wrong(s, area, d, False) is None]
        if takes_die and not paid:
            continue
        a = Place(key, tuple(paid[:1]))
        why = _area_problem(s, i, area, a, name)
        if why:
            out.append(f"`{notation.describe(s, a)}` — {why}")
    return out


def _chambers_not_now(s: State) -> list[str]:
    """A river space's palace earning: each chamber, the Dancer to the Portuguese, that the
    rules refuse now, with the refusal's reason (Explanation of the earnings on the river)."""
    offered = engine.legal(s)
    steps = [Chamber(n) for n in range(2, len(engine.CHAMBERS) + 1)]
    refused = [a for a in steps if a not in offered]
    return [f"`{notation.describe(s, a)}` — {decision_problem(s, a)}" for a in refused]


def allowed(s: State) -> str:
    """The first steps allowed now, in the notation (for a caller that lists none)."""
    return notation.allowed_text(s, engine.legal(s), MAX_LISTED)


AREA_NAMES = notation.AREA_TITLES


def title(area: int) -> str:
    """An area as a sentence names it: `the quarry`, `the blue terrace`, `the Great Mogul's
    chamber`."""
    if area >= CHAMBER:
        name = engine.CHAMBERS[area - CHAMBER]
        return f"{'' if name.startswith('Raja') else 'the '}{name}'s chamber"
    if area >= BALCONY:
        return f"the {COLOURS[area - BALCONY]} balcony"
    if area >= TERRACE:
        return f"the {COLOURS[area - TERRACE]} terrace"
    return _TITLES[area]


_TITLES: tuple[str, ...] = ("the quarry", "the harbour", "the assorted market")
_TITLES += ("the goods market", "the outer terrace")


def _place_problem(s: State, a: Place) -> str:
    i, area = s.turn, AREAS.index(a.area)
    name = title(area)
    return (  # the first that applies, in the order the text's placement goes
        _taken(s, i, area, name)
        or _money_short(s, i, area, name)
        or _payment_problem(s, i, area, a, name)
        or _area_problem(s, i, area, a, name)
        or f"{name} cannot be used that way now ({notation.area_rule(area)})"
    )


def _seat_names(s: State, i: int, seats: tuple[int, ...]) -> str:
    named = ["you" if j == i else s.seats[j].capitalize() for j in seats]
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"


def _taken(s: State, i: int, area: int, name: str) -> str | None:
    held = s.spaces[area]
    room = choices.capacity(s, area)
    if len(held) >= room:
        if room == 1:
            return f"{name} is taken, by {_seat_names(s, i, held)}: {ONE_WORKER}"
        return (
            f"every space of {name} is taken ({room} of {room}, by {_seat_names(s, i, held)}): "
            f"{ONE_WORKER}"
        )
    if area == ASSORTED and i in held and s.players > 2:
        return (
            "you have a worker on the assorted market already: in the 3- and 4-player game "
            "each player places one worker a round there (II. Market action); the goods "
            "market is still open to you"
        )
    return None


def _money_short(s: State, i: int, area: int, name: str) -> str | None:
    cost = choices.money_cost(s, area)
    if s.money[i] >= cost:
        return None
    return (
        f"the next space of {name} costs {cost} money and you have {s.money[i]} (Pay money "
        "for an action: a marker on 0 can pay for nothing)"
    )


def die_rule(s: State, area: int) -> tuple[str, str]:
    """The die an area takes, in the rules' words, and the rule's heading ("" for an area
    that takes none)."""
    if area == HARBOUR:
        return "a die showing 1, 2 or 3 (a 4, 5 or 6 turned with karma)", "IV. River action"
    if area == GOODS:
        return "any one die", "II. Market action: goods of one kind"
    if BALCONY <= area < CHAMBER:
        give, take = area - BALCONY, choices.balcony_takes(s.board)[area - BALCONY]
        return f"a {COLOURS[give]} die, for 2 {COLOURS[take]} dice", "III. The balconies"
    if area >= CHAMBER:
        n = area - CHAMBER + 1
        return f"a die showing exactly {n} (a {7 - n} turned with karma)", "III. The chambers"
    return "", ""


def _payment_problem(s: State, i: int, area: int, a: Place, name: str) -> str | None:
    rule, heading = die_rule(s, area)
    if not rule:
        if not a.dice:
            return None
        then = (
            ": the dice for a tile are given with the next step, `buy <tile> with <dice>` "
            "(I. Building action)"
            if area == QUARRY
            else f" ({notation.area_rule(area)})"
        )
        return f"{name} takes no die{then}"
    if len(a.dice) != 1:
        given = "no die was given" if not a.dice else f"{len(a.dice)} dice were given"
        return f"{name} takes {rule}, and {given} ({heading})"
    d = a.dice[0]
    wrong = _die_wrong(s, area, d, bool(a.turned))
    if wrong:
        return f"{name} takes {rule}, and {wrong} ({heading})"
    if len(a.turned) > s.karma[i]:
        return f"turning a die takes 1 karma and you have {s.karma[i]} (Karma)"
    if d not in s.dice[i]:
        return f"your Kali statue holds no {d} to give up: {statue_text(s, i)} (Dice)"
    return None


def _die_wrong(s: State, area: int, d: str, turned: bool) -> str | None:
    """What is wrong with die `d` (turned with karma or not) for the area's rule, or None."""
    number = int(d[1])
    shows = 7 - number if turned else number
    said = f"{d} turned with karma shows {shows}" if turned else f"{d} shows {shows}"
    if area == HARBOUR and shows > 3:
        return said
    if area >= CHAMBER and shows != area - CHAMBER + 1:
        return said
    if BALCONY <= area < CHAMBER and d[0] != LETTERS[area - BALCONY]:
        return f"{d} is {COLOURS[LETTERS.index(d[0])]}"
    return None


def _area_problem(s: State, i: int, area: int, a: Place, name: str) -> str | None:
    if area == QUARRY:
        return _quarry_problem(s, i)
    if area == HARBOUR:
        return _river_problem(s, i, 1, "the harbour")
    if TERRACE <= area < BALCONY and not s.supply[area - TERRACE]:
        return _supply_empty(area - TERRACE)
    if BALCONY <= area < CHAMBER:
        take = choices.balcony_takes(s.board)[area - BALCONY]
        return None if s.supply[take] else _supply_empty(take)
    if area == CHAMBER + 4:
        return _master_builder_problem(s, i, a)
    if area == CHAMBER + 5:
        return _river_problem(s, i, PORTUGUESE, "the Portuguese")
    return None


def _supply_empty(colour: int) -> str:
    return (
        f"the supply holds no {COLOURS[colour]} die (Placing workers: a colour temporarily "
        "unavailable in the supply cannot be taken)"
    )


def _quarry_problem(s: State, i: int) -> str | None:
    board, tiles = s.board, s.tiles
    if not province.frontier(board, tiles, s.province[i]):
        return (
            "your province has no open road end left: every new tile must join a road "
            "to your residence (The province boards)"
        )
    budgets = payments.budgets(s.dice[i], s.karma[i])
    cheapest: dict[int, int] = {}
    for t in s.tops:
        if t != NO:
            tile = tiles.tiles[t]
            cheapest[tile.colour] = min(tile.cost, cheapest.get(tile.colour, tile.cost))
    parts = [
        f"{COLOURS[c]} {cost} (your {COLOURS[c]} dice are worth {budgets[c]}"
        f"{payments.karma_note(s.dice[i], c, budgets[c])})"
        for c, cost in sorted(cheapest.items())
    ]
    return (
        "no top tile is within your dice (I. Building action: dice of the tile's colour worth "
        "at least its cost): the cheapest of each colour is " + ", ".join(parts)
    )


def _river_problem(s: State, i: int, need: int, what: str) -> str | None:
    if s.boat[i] >= s.board.final:
        return (
            "your boat is on the final river space: from there you can no longer use the "
            "river action (IV. River action)"
        )
    room = river_room(s, i)
    if room >= need:
        return None
    if need == PORTUGUESE:
        return (
            f"the Portuguese advances exactly {PORTUGUESE} unoccupied river spaces and only "
            f"{room} lie ahead of your boat (III. Portuguese: not from the last 6 spaces)"
        )
    return f"no unoccupied river space lies ahead of your boat for {what} (IV. River action)"


def _master_builder_problem(s: State, i: int, a: Place) -> str | None:
    if all(c == NO for c in s.province[i]):
        return "your province has no tile to cover (III. Master builder)"
    rest = payments.without(s.dice[i], a.dice)
    if choices.cover_cells(s, i, rest, s.karma[i] - len(a.turned)):
        return None
    return (
        f"no tile of your province can be covered by a dearer top tile that the dice left "
        f"once {a.dice[0]} is given can pay, keeping every tile joined to the residence "
        "(III. Master builder: you cannot use it without matching tiles or dice)"
    )
