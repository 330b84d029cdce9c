"""A step read from its words as it is meant, whether or not the rules allow it now: the table
then refuses a step read but not allowed with the rule that forbids it (refusals.py), and
says it cannot read only a text that names no step (an InvalidOrder saying what a step is).

The words are the notation's (notation.py): a placement names its area and the dice it pays
(`great mogul with g4`, `harbour with karma p5`); the later steps start with their verb
(`buy orange cow with o4 o5`, `build at b3 turned 90`, `take orange`, `sail 2`). A part of an
area's name that names one area alone is that area (`mogul with p1`, `raja with o4`); a bare
word that answers the question pending is its step (`yogi` when a river space's palace
earning asks for a chamber, `temple` for an upgrade, `tea` for goods of one kind, `orange`
for a die to take).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from ..errors import IllegalAction, InvalidOrder, clip
from .components import BACKS, BUILDINGS, COLOURS, GOODS
from .engine import CHAMBERS
from .state import (
    AREAS,
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

CHAMBER_NAMES: Final = tuple(c.lower() for c in CHAMBERS)
_AREA_WORDS: Final = {tuple(a.split("_")): a for a in AREAS}
_CHAMBER_WORDS: Final = {tuple(c.split()): n for n, c in enumerate(CHAMBER_NAMES, start=1)}
_CELL: Final = re.compile(r"^([a-z])([0-9]{1,2})$")
_NUMBER: Final = re.compile(r"^[0-9]{1,2}$")
_DEGREES: Final = {"90": 1, "180": 2, "270": 3}
_ALIASES: Final = {"spice": "spices"}
# the verbs a step after a placement starts with, in the order the notation lists the steps
# (one string: a Vijayanagara Decree's name is spelt as a word by its registry alone)
VERBS: Final = tuple(
    "buy build cover take return upgrade sail score chamber reroll enough done pass".split()  # noqa: SIM905
)
_CELL_VERBS: Final = VERBS[1:3]  # the verbs naming a cell of the province
WHAT_A_STEP_IS: Final = (
    "a placement names its area (quarry, harbour, assorted market, goods market, outer "
    "terrace, terrace <colour>, balcony <colour>, or a chamber: great mogul, dancer, yogi, "
    "raja man singh, master builder, portuguese) and the dice it pays; a later step starts "
    "with its verb (" + ", ".join(VERBS) + ")"
)
A_DIE: Final = "a die is its colour's letter (b, g, o, p) and its number 1 to 6, as `o5`"

Words = tuple[str, ...]


def read_step(s: State, head: Words, dice: Words, turned: Words) -> Action:
    """The step `head` (the words but the dice), `dice` and `turned` (those of them after
    `karma`) mean; InvalidOrder when they name none."""
    head = tuple(_ALIASES.get(w, w) for w in head)
    if not head:
        if dice:
            raise InvalidOrder(f"dice alone are no step: {WHAT_A_STEP_IS}")
        raise InvalidOrder(f"no step is named: {WHAT_A_STEP_IS}")
    answer = _answer(s, head, dice)
    if answer is not None:
        return answer
    area = _area(head)
    if area is not None:
        return Place(area, dice, turned)
    verb = reader(s, head[0])
    if verb is None:
        raise InvalidOrder(f"no step starts with {_quoted(head[0])}: {WHAT_A_STEP_IS}")
    return verb(head[1:], dice, turned)


def read_ahead(s: State, head: Words, dice: Words, turned: Words) -> Action:
    """A step of an order after a roll or a tile revealed, read by its words alone (the
    question it will answer is not yet known): a bare word that answers a question is that
    answer (`temple`, `tea`, `orange`), any other as `read_step` reads it."""
    if len(head) == 1 and not dice:
        word = _ALIASES.get(head[0], head[0])
        if word in BUILDINGS:
            return Upgrade(BUILDINGS.index(word))
        if word in GOODS:
            return Goods(GOODS.index(word))
        if word in COLOURS:
            return Pick(COLOURS.index(word))
    return read_step(s, head, dice, turned)


def _quoted(words: str) -> str:
    """Typed words quoted back when they are letters and digits alone (never markup)."""
    plain = all(w.isalnum() and w.isascii() for w in words.split())
    return f"`{clip(words, 20)}`" if plain and words else "that word"


def _answer(s: State, head: Words, dice: Words) -> Action | None:
    """A bare word answering the pending question: a chamber, a building, a good, a colour."""
    if not s.pending or dice:
        return None
    kind = s.pending[0][0]
    if kind == "chamber" and head in _CHAMBER_WORDS:
        return Chamber(_CHAMBER_WORDS[head])
    if len(head) != 1:
        return None
    word = head[0]
    if kind == "upgrade" and word in BUILDINGS:
        return Upgrade(BUILDINGS.index(word))
    if kind == "goods" and word in GOODS:
        return Goods(GOODS.index(word))
    if kind == "gain" and word in COLOURS:
        return Pick(COLOURS.index(word))
    return None


def _area(head: Words) -> str | None:
    """The area named by `head` whole, or by a part of its name that names it alone; None
    when it names no area; InvalidOrder when it names an area and more words, or several."""
    for size in (3, 2, 1):
        area = _AREA_WORDS.get(head[:size])
        if area is not None:
            if len(head) > size:
                raise InvalidOrder(_after_area(area, head[size:]))
            return area
    named = [a for words, a in _AREA_WORDS.items() if words[0] == head[0] and len(words) == 2]
    if len(named) > 1 and len(head) > 1:  # a terrace or a balcony of no colour
        raise InvalidOrder(
            f"{_quoted(head[1])} is no colour: a {head[0]} is named with its colour, blue, "
            "green, orange or purple"
        )
    holding = [a for words, a in _AREA_WORDS.items() if set(head) <= set(words)]
    if len(holding) == 1:
        return holding[0]
    if holding:  # the table lists those allowed: not named here too
        raise InvalidOrder(
            f"{_quoted(' '.join(head))} is a part of the names of {len(holding)} areas: "
            "name one whole"
        )
    return None


def _after_area(area: str, rest: Words) -> str:
    name = area.replace("_", " ")
    word = rest[0]
    if re.fullmatch(r"[a-z][0-9]+", word):
        return f"{_quoted(word)} after `{name}` is no die: {A_DIE}"
    return (
        f"{_quoted(word)} after `{name}` is not read: a placement names its area, then the "
        f"dice it pays (`karma` before a die turned with karma); {A_DIE}"
    )


def _no_words(name: str, rest: Words, dice: Words) -> None:
    if rest or dice:
        extra = rest[0] if rest else dice[0]
        raise InvalidOrder(f"`{name}` is a step of one word, not followed by {_quoted(extra)}")


def _colour(word: str, what: str) -> int:
    if word not in COLOURS:
        raise InvalidOrder(f"{_quoted(word)} is no colour: {what} is blue, green, orange or purple")
    return COLOURS.index(word)


def _buy(rest: Words, dice: Words, turned: Words) -> Action:
    if len(rest) != 2:
        raise InvalidOrder(
            "a tile is bought by its stack, its colour and back, then the dice paid: "
            "`buy orange cow with o4 o5` (backs: snake, cow, tiger)"
        )
    colour = _colour(rest[0], "a tile's colour")
    if rest[1] not in BACKS:
        raise InvalidOrder(f"{_quoted(rest[1])} is no back: a stack's back is snake, cow or tiger")
    return Buy(colour * 3 + BACKS.index(rest[1]), dice, turned)


def _cell(rest: Words, dice: Words, verb: str) -> tuple[int, int, Words]:
    """The cell named (a column letter and a row; one that reads as a die too, `b2`, comes
    with the dice), as (column, row), and the words after it."""
    named = bool(rest) and _CELL.match(rest[0]) is not None
    if named and not dice:
        word, after = rest[0], rest[1:]
    elif len(dice) == 1 and not named:
        word, after = dice[0], rest
    else:
        raise InvalidOrder(
            f"`{verb}` names a cell of your province, a column letter and a row: `{verb} b3`"
        )
    m = _CELL.match(word)
    assert m is not None
    return "abcdefghijklmnopqrstuvwxyz".index(m.group(1)), int(m.group(2)) - 1, after


def cell_index(s: State, column: int, row: int, word: str) -> int:
    """The cell at (column, row) of the province board; IllegalAction when it lies off it."""
    board = s.board
    if not (0 <= column < board.columns and 0 <= row < board.rows):
        last = f"{'abcdefghi'[board.columns - 1]}{board.rows}"
        raise IllegalAction(
            f"{word} lies outside your province: its cells are a1 to {last}, columns a to "
            f"{'abcdefghi'[board.columns - 1]} and rows 1 to {board.rows} (The province boards)"
        )
    return row * board.columns + column


def _where(s: State, verb: str) -> Callable[[Words, Words, Words], Action]:
    def read(rest: Words, dice: Words, turned: Words) -> Action:
        column, row, after = _cell(rest, dice, verb)
        cell = cell_index(s, column, row, f"{'abcdefghijklmnopqrstuvwxyz'[column]}{row + 1}")
        if verb == "cover":
            _no_words("cover <cell>", after, ())
            return Cover(cell)
        if len(after) > 1 or (after and after[0] not in _DEGREES):
            raise InvalidOrder(
                "a tile is turned clockwise by 90, 180 or 270 degrees: `build at b3 turned 90`"
            )
        return Build(cell, _DEGREES[after[0]] if after else 0)

    return read


def _take(rest: Words, dice: Words, turned: Words) -> Action:
    if len(rest) != 1 or dice:
        raise InvalidOrder("a die is taken by its colour: `take orange`")
    return Pick(_colour(rest[0], "a die's colour"))


def _one_die(verb: str, make: Callable[[str], Action]) -> Callable[[Words, Words, Words], Action]:
    def read(rest: Words, dice: Words, turned: Words) -> Action:
        if rest or len(dice) != 1 or turned:
            raise InvalidOrder(f"`{verb}` names one die of your statue: `{verb} g1`; {A_DIE}")
        return make(dice[0])

    return read


def _named(verb: str, names: tuple[str, ...], make: Callable[[int], Action]) -> Reader:
    def read(rest: Words, dice: Words, turned: Words) -> Action:
        if len(rest) != 1 or dice or rest[0] not in names:
            raise InvalidOrder(f"`{verb}` names one of {', '.join(names)}: `{verb} {names[0]}`")
        return make(names.index(rest[0]))

    return read


def _sail(rest: Words, dice: Words, turned: Words) -> Action:
    if len(rest) != 1 or dice or not _NUMBER.match(rest[0]):
        raise InvalidOrder("`sail` names how many unoccupied river spaces: `sail 2`")
    return Sail(int(rest[0]))


def _chamber(rest: Words, dice: Words, turned: Words) -> Action:
    number = _CHAMBER_WORDS.get(rest)
    if number is None:
        found = [n for words, n in _CHAMBER_WORDS.items() if rest and set(rest) <= set(words)]
        if len(found) != 1 or dice:
            raise InvalidOrder(
                "`chamber` names a chamber of the palace: " + ", ".join(CHAMBER_NAMES[1:])
            )
        number = found[0]
    return Chamber(number)


def _word(name: str, step: Action) -> Reader:
    def read(rest: Words, dice: Words, turned: Words) -> Action:
        _no_words(name, rest, dice)
        return step

    return read


Reader = Callable[[Words, Words, Words], Action]
_VERB_READERS: dict[str, Reader] = {
    "buy": _buy,
    "take": _take,
    "return": _one_die("return", Release),
    "reroll": _one_die("reroll", Reroll),
    "upgrade": _named("upgrade", BUILDINGS, Upgrade),
    "score": _named("score", GOODS, Goods),
    "sail": _sail,
    "chamber": _chamber,
    "enough": _word("enough", Enough()),
    "done": _word("done", Done()),
    "pass": _word("pass", Pass()),
}


def reader(s: State, verb: str) -> Reader | None:
    """The reader of the words after `verb` (build and cover read their cell on `s`'s board)."""
    if verb in _CELL_VERBS:
        return _where(s, verb)
    return _VERB_READERS.get(verb)
