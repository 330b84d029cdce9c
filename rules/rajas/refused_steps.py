"""Why a step within a placement is refused (refusals.py says it of the placements): a
decision the placement does not ask now, or the one it asks answered against its rule (a
tile's cost and colour, a cell no road reaches, a die not on the statue, a river too short).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from . import choices, notation, payments, province
from .components import BUILDINGS, COLOURS, GOODS, PORTUGUESE
from .engine import CHAMBERS, stack_name
from .river import river_room
from .state import (
    KALI_HANDS,
    MAX_UPGRADES,
    NO,
    Action,
    Build,
    Buy,
    Chamber,
    Cover,
    Done,
    Enough,
    Goods,
    Pick,
    Place,
    Release,
    Reroll,
    Sail,
    State,
    Upgrade,
)

# the rule each pending decision answers (the text's headings)
RULES: Final = {
    "gain": "Dice",
    "upgrade": "The upgrades of the buildings",
    "sail": "IV. River action",
    "chamber": "Explanation of the earnings on the river",
    "buy": "I. Building action",
    "place_tile": "The province boards",
    "cover": "III. Master builder",
    "goods": "II. Market action",
    "reroll": "III. The outer terrace",
}
# what each step answers, and where such a decision comes from when none is pending
ANSWERS: Final[dict[type, tuple[tuple[str, ...], str]]] = {
    Buy: (("buy",), "a tile is bought after placing a worker at the quarry or the Master builder"),
    Build: (("place_tile",), "a tile is placed in your province once it is bought"),
    Cover: (("cover",), "the Master builder's chamber chooses the tile to cover"),
    Pick: (("gain",), "dice are taken when an action or a yield gives them"),
    Release: (("gain",), "a die is put back only when an action gives dice to a full statue"),
    Enough: (("gain",), "fewer dice are taken only when an action gives dice to a full statue"),
    Upgrade: (
        ("upgrade",),
        "an upgrade comes from Raja Man Singh, a river space, the fame track's space 5 or a "
        "special yield",
    ),
    Sail: (("sail",), "the boat sails after a worker is placed at the harbour"),
    Goods: (
        ("goods",),
        "goods of one kind are scored after a worker is placed on the goods market",
    ),
    Chamber: (
        ("chamber",),
        "a chamber is chosen this way when a river space's palace earning gives one; to use one "
        "now, place a worker on it with its die (`yogi with o3`)",
    ),
    Reroll: (("reroll",), "dice are rolled again after a worker is placed on the outer terrace"),
    Done: (("reroll",), "`done` ends the outer terrace's rerolls"),
}


def statue_text(s: State, i: int) -> str:
    """The seat's dice as a refusal names them, after a colon ("...to give up: your dice are
    b2 g2 (Dice)"; a trial read "(your dice: b2 g2) (Dice)" as odd)."""
    rolled = [d for d in s.dice[i] if d[1] != "0"]
    return f"your dice are {' '.join(rolled)}" if rolled else "it holds no rolled die"


def decision_problem(s: State, a: Action) -> str:
    """Why `a`, a step of a placement, is refused: not what the placement asks now, or that
    decision answered against its rule."""
    kind = s.pending[0][0] if s.pending else None
    if kind is None:
        where = ANSWERS.get(type(a), ((), "it is no step of a placement"))[1]
        return f"no placement is under way: {where}; now place a worker (Placing workers)"
    if kind not in ANSWERS.get(type(a), ((), ""))[0]:
        asked = notation.decision_text(s)
        if isinstance(a, Place):
            return (
                f"your placement is not over: first {asked} ({RULES[kind]}); the next worker "
                "is placed after"
            )
        return f"your placement asks you first to {asked} ({RULES[kind]})"
    said = _PROBLEMS[kind](s, a)
    return said or f"that is not allowed now ({RULES[kind]}: {notation.decision_text(s)})"


def _gain(s: State, a: Action) -> str | None:
    i, colour = s.turn, s.pending[0][2]
    full = len(s.dice[i]) >= KALI_HANDS
    if isinstance(a, Pick):
        if colour != NO and a.colour != colour:
            return f"this gain is of {COLOURS[colour]} dice, not {COLOURS[a.colour]} (Dice)"
        if not s.supply[a.colour]:
            return (
                f"the supply holds no {COLOURS[a.colour]} die (Placing workers: a colour "
                "temporarily unavailable cannot be taken)"
            )
        if full:
            return (
                f"your Kali statue holds {KALI_HANDS} dice, all its hands: put a die back "
                "first (`return <die>`) or take no more (`enough`) (Placing workers)"
            )
        return None
    if not full:
        return (
            "your statue has room for the dice taken: dice are put back, or fewer taken, only "
            "when it is full (Placing workers); take a die (`take <colour>`)"
        )
    if isinstance(a, Release) and a.die not in s.dice[i]:
        return f"your statue holds no {a.die} to put back: {statue_text(s, i)} (Dice)"
    return None


def _upgrade(s: State, a: Upgrade) -> str | None:
    i = s.turn
    if not 0 <= a.building < len(BUILDINGS):
        return None
    if s.upgrades[i][a.building] >= MAX_UPGRADES:
        return (
            f"your {BUILDINGS[a.building]} cube is in the last column already (4 fame a "
            "building) (The upgrades of the buildings)"
        )
    return None


def _sail(s: State, a: Sail) -> str | None:
    most, room = s.pending[0][1], river_room(s, s.turn)
    if a.spaces < 1:
        return "a boat sails at least 1 space (IV. River action)"
    if a.spaces > most:
        return (
            f"the die given sails at most {most} (IV. River action: a 1 advances exactly 1 "
            "unoccupied space, a 2 one or two, a 3 up to three)"
        )
    if a.spaces > room:
        return f"only {room} unoccupied river spaces lie ahead of your boat (IV. River action)"
    return None


def _chamber(s: State, a: Chamber) -> str | None:
    if not 2 <= a.number <= len(CHAMBERS):
        return (
            "a river space's palace earning is one of the chambers 2 to 6, the Dancer to the "
            "Portuguese (Explanation of the earnings on the river)"
        )
    i = s.turn
    if a.number == 5:
        return (
            "no tile of your province can be covered by a dearer top tile your dice can pay "
            "(III. Master builder)"
        )
    if a.number == 6 and river_room(s, i) < PORTUGUESE:
        return (
            f"the Portuguese advances exactly {PORTUGUESE} unoccupied river spaces and only "
            f"{river_room(s, i)} lie ahead of your boat (III. Portuguese)"
        )
    return None


def _buy(s: State, a: Buy) -> str | None:
    i, cell = s.turn, s.pending[0][2]
    if not 0 <= a.stack < len(s.tops):
        return None
    name, top = stack_name(a.stack), s.tops[a.stack]
    if top == NO:
        return f"the {name} stack is empty (I. Building action: the tiles on open display)"
    tile = s.tiles.tiles[top]
    colour = COLOURS[tile.colour]
    other = [d for d in a.dice if d[0] != colour[0]]
    if other:
        return f"the {name} is paid with {colour} dice, and {other[0]} is not {colour} (I. Building action)"
    if len(a.turned) > s.karma[i]:
        return f"turning {len(a.turned)} dice takes {len(a.turned)} karma and you have {s.karma[i]} (Karma)"
    try:
        payments.without(s.dice[i], a.dice)
    except ValueError:
        return (
            f"your Kali statue holds no {' '.join(a.dice)} to give up: {statue_text(s, i)} (Dice)"
        )
    old = s.tiles.tiles[s.province[i][cell] >> 2].cost if cell != NO else 0
    return _cost_problem(s, a, tile.cost, old, name)


def _cost_problem(s: State, a: Buy, cost: int, old: int, name: str) -> str | None:
    i, cell = s.turn, s.pending[0][2]
    colour = COLOURS[a.stack // 3]
    if cell != NO and cost <= old:
        return (
            f"the {name} costs {cost}, and the Master builder's new tile must cost more than "
            f"the {old} of the tile it covers (III. Master builder)"
        )
    need = cost - old
    worth = choices.paid_value(a.dice, a.turned)
    whole = payments.budgets(s.dice[i], s.karma[i])[a.stack // 3]
    karma = payments.karma_note(s.dice[i], a.stack // 3, whole)
    what = f"the difference of {need}" if cell != NO else f"{cost} in {colour}"
    if worth < need:
        given = (
            f"{' '.join(a.dice)} {'is' if len(a.dice) == 1 else 'are'} worth {worth}"
            if a.dice
            else "no die was given"
        )
        return (
            f"the {name} ({notation.tile_text(s, s.tops[a.stack])}) costs {what}; {given}, and "
            f"your {colour} dice are worth {whole} in all{karma} (I. Building action)"
        )
    if cell != NO and not province.can_cover(
        s.board, s.tiles, s.province[i], cell, s.tops[a.stack]
    ):
        return (
            f"laid over {notation.cell_name(s, cell)} the {name} would cut a tile off from the "
            "residence (III. Master builder: all tiles still need a connection)"
        )
    return (
        f"{' '.join(a.dice)} {'pays' if len(a.dice) == 1 else 'pay'} {worth} for {what}: a payment gives up no die and turns no "
        "die it does not need (I. Building action: you may overpay; our reading: with no "
        "die and no karma more than the cost needs)"
    )


def _build(s: State, a: Build) -> str | None:
    i, (_, tile_id, cover) = s.turn, s.pending[0]
    board, tiles, cells = s.board, s.tiles, s.province[i]
    if not 0 <= a.cell < len(cells) or not 0 <= a.rotation < 4:
        return None
    where = notation.cell_name(s, a.cell)
    if cover != NO:
        if a.cell != cover:
            return (
                f"the Master builder's tile goes on {notation.cell_name(s, cover)}, the tile "
                "it covers (III. Master builder)"
            )
        fits = province.covers(board, tiles, cells, cover, tile_id)
        return _turned(
            a,
            fits,
            ("the tile would cut a tile off from the residence", "it keeps every tile joined"),
            "III. Master builder",
        )
    if a.cell == board.residence:
        return f"{where} is your residence (The province boards)"
    if cells[a.cell] != NO:
        return (
            f"{where} holds a tile already: placed tiles cannot be relocated or built over, "
            "but by the Master builder (The province boards)"
        )
    need = dict(province.frontier(board, tiles, cells)).get(a.cell)
    if need is None:
        return (
            f"no road of your province reaches {where}: each new tile's road must connect to an "
            "existing road, so that it is joined to the residence (The province boards)"
        )
    fits = tuple(r for c, r in province.builds(board, tiles, cells, tile_id) if c == a.cell)
    if not fits:
        return f"no way of turning the tile joins its roads to the road at {where} (The province boards)"
    return _turned(
        a, fits, (f"the tile's roads meet no road at {where}", "they do"), "The province boards"
    )


def _turned(a: Build, fits: tuple[int, ...], said: tuple[str, str], rule: str) -> str:
    """A tile turned a way that does not fit: why, and the ways that do."""
    ways = " or ".join(map(turn_words, fits))
    return f"{turn_words(a.rotation)} {said[0]}; {ways} {said[1]} ({rule})"


def turn_words(rotation: int) -> str:
    return f"turned {90 * rotation}" if rotation else "unturned"


def _cover(s: State, a: Cover) -> str | None:
    i, cells = s.turn, s.province[s.turn]
    if not 0 <= a.cell < len(cells):
        return None
    where = notation.cell_name(s, a.cell)
    if cells[a.cell] == NO or a.cell == s.board.residence:
        return f"{where} holds no tile to cover (III. Master builder)"
    if any(c == a.cell for c, _ in s.covered[i]):
        return (
            f"{where} was covered once already: a tile is covered only once (III. Master builder)"
        )
    return (
        f"no top tile your dice can pay is dearer than the tile on {where} and keeps every "
        "tile joined to the residence (III. Master builder)"
    )


def _goods(s: State, a: Goods) -> str | None:
    if not 0 <= a.good < len(GOODS):
        return None
    held = province.markets(s.tiles, s.province[s.turn])
    if held[a.good]:
        return None
    have = [f"{GOODS[g]} {v}" for g, vs in enumerate(held) for v in vs]  # "silk 3, silk 3"
    said = f"your markets: {', '.join(have)}" if have else "your province has no market"
    return f"you have no {GOODS[a.good]} market ({said}) (II. Market action)"


def _reroll(s: State, a: Action) -> str | None:
    i = s.turn
    if isinstance(a, Reroll) and a.die not in s.dice[i]:
        return (
            f"your statue holds no {a.die} to roll again: {statue_text(s, i)} (III. The "
            "outer terrace: reroll as many of your dice as you want)"
        )
    return None


_PROBLEMS: Final[dict[str, Callable[[State, Any], str | None]]] = {
    "gain": _gain,
    "upgrade": _upgrade,
    "sail": _sail,
    "chamber": _chamber,
    "buy": _buy,
    "place_tile": _build,
    "cover": _cover,
    "goods": _goods,
    "reroll": _reroll,
}
