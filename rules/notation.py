"""The order notation (docs/notation.md): one line per order, steps separated by ';'.

`describe` prints an action as text; `parse` reads it back, so that
parse(state, describe(state, a)) == [a]. Space names match case-insensitively by id, by name,
or by a unique prefix of either.
"""

from __future__ import annotations

import re

from .actions import (
    Action,
    CavalryFrom,
    Charge,
    Choose,
    Done,
    Draw,
    Drop,
    Gain,
    Give,
    Go,
    Move,
    Place,
    Remove,
    Replace,
    Roll,
    Screen,
    Select,
    Shift,
    Slot,
    Support,
    Take,
    Target,
    Undo,
)
from .actions import (
    Take as _Take,
)
from .board import board
from .errors import AmbiguousOrder, InvalidOrder, clip
from .model import Faction, GameState, Piece
from .registry import SPELLINGS

FILLER = {"in", "from", "to", "into", "the", "a", "an", "of", "at"}
MAX_NUMBER = 99  # no count, die, amount or shift in this game comes near it
MAX_ORDER_CHARS = 4000  # about a hundred steps: more than any turn needs


def _number_word(step: str, w: str, signed: bool) -> int | None:
    """The number in one word (ASCII digits only), bounded; None when it is not a number."""
    if not re.fullmatch(r"[+-]?[0-9]+" if signed else r"[0-9]+", w):
        return None
    digits = w.lstrip("+-").lstrip("0")  # never int() of a long string (Python's limit)
    if len(digits) > 2 or int(digits or "0") > MAX_NUMBER:
        raise InvalidOrder(
            f"in {clip(step)!r}: {clip(w, 12)!r} is too large; numbers in an order "
            f"go up to {MAX_NUMBER}"
        )
    n = int(digits or "0")
    return -n if w.startswith("-") else n


PIECE_WORDS: dict[str, Piece] = {}
for _p in Piece:
    PIECE_WORDS[_p.value] = _p
    PIECE_WORDS[_p.value + "s"] = _p
_ALIASES = {
    "troop": Piece.TROOP,
    "troops": Piece.TROOP,
    "governor": Piece.GOVERNOR,
    "governors": Piece.GOVERNOR,
    "obedient-amir": Piece.AMIR,
    "obedient-amirs": Piece.AMIR,
    "rebelling-amir": Piece.REBEL_AMIR,
    "rebelling-amirs": Piece.REBEL_AMIR,
    "obedient-raja": Piece.RAJA,
    "obedient-rajas": Piece.RAJA,
    "rebelling-raja": Piece.REBEL_RAJA,
    "rebelling-rajas": Piece.REBEL_RAJA,
    "invader": Piece.MONGOL,
    "invaders": Piece.MONGOL,
    "mongol-invader": Piece.MONGOL,
    "mongol-invaders": Piece.MONGOL,
}
PIECE_WORDS.update(_ALIASES)

# Named options (Choose): Sequence of Play options, Event sides, Mongol Commands and the
# like; the Commands and Decrees (with their aliases) come from the registry.
OPTIONS: dict[str, str] = {
    o: o
    for o in (
        "event",
        "command",
        "command+decree",
        "limited",
        "pass",
        "unshaded",
        "shaded",
        "amass",
        "advance",
        "plunder",
        "gifts",
        "decline",
        "skip",
    )
}
OPTIONS.update(SPELLINGS)
OPTIONS.update(
    {
        "cd": "command+decree",
        "command-decree": "command+decree",
        "command-and-decree": "command+decree",
        "command-only": "command",
        "limited-command": "limited",
        "attack-and-plunder": "plunder",
        "compromising-gifts": "gifts",
    }
)
VERBS = {
    "select", "place", "remove", "move", "replace", "support", "target", "charge", "screen",
    "take", "drop", "go", "gain", "shift", "slot", "cavalry", "done", "give", "undo",
}  # fmt: skip


def describe(state: GameState | None, action: Action) -> str:
    """The action in the order notation."""
    a = action
    if isinstance(a, Choose):
        return a.option
    if isinstance(a, Select):
        return f"select {a.space}"
    if isinstance(a, Place):
        return f"place {a.count} {a.piece.value} in {a.space}"
    if isinstance(a, Remove):
        return f"remove {a.count} {a.piece.value} from {a.space}"
    if isinstance(a, Move):
        return f"move {a.count} {a.piece.value} from {a.origin} to {a.dest}"
    if isinstance(a, Replace):
        new = a.new.value if a.new is not None else "nothing"
        return f"replace {a.old.value} with {new} in {a.space}"
    if isinstance(a, Support):
        return f"support {a.count} {a.piece.value} from {a.space}"
    if isinstance(a, Target):
        return f"target {a.faction.value}"
    if isinstance(a, Charge):
        return f"charge {a.die}"
    if isinstance(a, Screen):
        return f"screen {a.die}"
    if isinstance(a, Take):
        return f"take {a.count} {a.piece.value}"
    if isinstance(a, Drop):
        return f"drop {a.count} {a.piece.value}"
    if isinstance(a, Go):
        return f"go {a.space}"
    if isinstance(a, Gain):
        return f"gain {a.resources} resources {a.cavalry} cavalry"
    if isinstance(a, Shift):
        return f"shift {a.faction.value} {a.delta:+d}"
    if isinstance(a, Slot):
        return f"slot {a.piece.value} from {a.space or 'available'}"
    if isinstance(a, CavalryFrom):
        return f"cavalry from {a.faction.value}"
    if isinstance(a, Done):
        return "done"
    if isinstance(a, Give):
        parts = []
        if a.resources:
            parts.append(f"{a.resources} resources")
        if a.cavalry:
            parts.append(f"{a.cavalry} cavalry")
        return f"give {' '.join(parts)} from {a.giver.value} to {a.receiver.value}"
    if isinstance(a, Undo):
        return "undo"
    if isinstance(a, Roll):
        return "roll " + " ".join(str(d) for d in a.dice)
    if isinstance(a, Draw):
        return f"draw {a.card}"
    raise TypeError(f"unknown action {a!r}")


def describe_all(state: GameState | None, actions: list[Action]) -> list[str]:
    return [describe(state, a) for a in actions]


# -- parsing ------------------------------------------------------------------------------


def _norm(text: str) -> str:
    return re.sub(r"[\s_]+", " ", text.strip().lower())


def resolve_space(word: str) -> str:
    """A space id from an id, a name, or a unique prefix of either (case-insensitive)."""
    w = _norm(word).replace(" ", "_")
    spaces = board().spaces
    if w in spaces:
        return w
    by_name = {s.name.lower().replace(" ", "_"): s.id for s in spaces.values()}
    if w in by_name:
        return by_name[w]
    matches = sorted(
        {
            s.id
            for s in spaces.values()
            if s.id.startswith(w) or s.name.lower().replace(" ", "_").startswith(w)
        }
    )
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise AmbiguousOrder(
            f"{clip(word, 24)!r} matches several spaces: {', '.join(matches)}; type more of the name"
        )
    raise InvalidOrder(f"unknown space {clip(word, 24)!r}; spaces are: {', '.join(spaces)}")


class _Tokens:
    def __init__(self, step: str, text: str) -> None:
        self.step = step
        self.items = [t for t in _norm(text).split(" ") if t]
        self.i = 0

    def fail(self, expected: str) -> InvalidOrder:
        got = clip(self.items[self.i], 24) if self.i < len(self.items) else "end of step"
        return InvalidOrder(f"in {clip(self.step)!r}: expected {expected}, got {got!r}")

    def skip_filler(self) -> None:
        while self.i < len(self.items) and self.items[self.i] in FILLER:
            self.i += 1

    def peek(self) -> str | None:
        self.skip_filler()
        return self.items[self.i] if self.i < len(self.items) else None

    def word(self, expected: str) -> str:
        w = self.peek()
        if w is None:
            raise self.fail(expected)
        self.i += 1
        return w

    def number(self, default: int | None = None, signed: bool = False) -> int:
        w = self.peek()
        n = None if w is None else _number_word(self.step, w, signed)
        if n is not None:
            self.i += 1
            return n
        if default is not None:
            return default
        raise self.fail("a number")

    def piece(self) -> Piece:
        w = self.peek()
        if w is None:
            raise self.fail(
                "a piece (troop, governor, qasbah, amir, rebel-amir, fort, raja, rebel-raja, temple, mongol)"
            )
        # two-word forms: "rebelling amir", "obedient raja", "mongol invaders"
        if self.i + 1 < len(self.items):
            two = f"{w}-{self.items[self.i + 1]}"
            if two in PIECE_WORDS:
                self.i += 2
                return PIECE_WORDS[two]
        if w in PIECE_WORDS:
            self.i += 1
            return PIECE_WORDS[w]
        raise self.fail(
            "a piece (troop, governor, qasbah, amir, rebel-amir, fort, raja, rebel-raja, temple, mongol)"
        )

    def space(self) -> str:
        self.skip_filler()
        if self.i >= len(self.items):
            raise self.fail("a space")
        # longest match first: names have at most two words
        if self.i + 1 < len(self.items):
            two = f"{self.items[self.i]} {self.items[self.i + 1]}"
            try:
                found = resolve_space(two)
            except InvalidOrder:
                found = None
            if found is not None and (
                found == two.replace(" ", "_") or board().name(found).lower() == two
            ):
                self.i += 2
                return found
        w = self.items[self.i]
        self.i += 1
        return resolve_space(w)

    def faction(self) -> Faction:
        w = self.word("a faction (D, B or V)").upper()
        names = {"DELHI": "D", "BAHMANI": "B", "VIJAYANAGARA": "V", "MONGOL": "M", "MONGOLS": "M"}
        w = names.get(w, w)
        try:
            return Faction(w)
        except ValueError:
            raise InvalidOrder(
                f"in {clip(self.step)!r}: {clip(w, 24)!r} is not a faction (D, B, V)"
            ) from None

    def amounts(self) -> tuple[int, int]:
        """`<n> resources <m> cavalry`, either part optional, in any order."""
        res, cav = 0, 0
        while re.fullmatch(r"[0-9]+", self.peek() or ""):
            n = self.number()
            kind = self.word("resources or cavalry")
            if kind.startswith("res"):
                res = n
            elif kind.startswith("cav"):
                cav = n
            else:
                raise self.fail("resources or cavalry")
        return res, cav

    def end(self) -> None:
        self.skip_filler()
        if self.i < len(self.items):
            rest = clip(" ".join(self.items[self.i :]), 24)
            raise InvalidOrder(f"in {clip(self.step)!r}: unexpected {rest!r}")


GIVE_FORM = "give 2 resources 1 cavalry from D to B"


def _give(t: _Tokens, giver: Faction | None) -> Give:
    """1.5.2 trades, in any natural order: `give 2 resources from D to B`, `give B 2
    resources` (the receiver; the giver is `giver`), `give B 2 resources from D`, `give 2
    resources to B`, `give 2 resources D B` (giver, then receiver)."""
    res = cav = 0
    marked: dict[str, Faction] = {}
    bare: list[Faction] = []
    while t.i < len(t.items):
        w = t.items[t.i]
        if w in ("from", "to"):
            t.i += 1
            marked[w] = t.faction()
        elif w in FILLER or w == "and":
            t.i += 1
        elif (n := _number_word(t.step, w, signed=False)) is not None:
            kind = t.items[t.i + 1] if t.i + 1 < len(t.items) else ""
            if kind.startswith("res"):
                res += n
            elif kind.startswith("cav"):
                cav += n
            else:
                t.i += 1
                raise t.fail("resources or cavalry after a number")
            t.i += 2
        else:
            bare.append(t.faction())
    if len(bare) > 2 or len(bare) + len(marked) > 2:
        raise InvalidOrder(f"in {clip(t.step)!r}: name two factions at most; write {GIVE_FORM!r}")
    receiver = marked.get("to")
    if len(bare) == 2:
        giver, receiver = bare
    elif bare and receiver is None:
        receiver = bare[0]
    elif bare:
        marked.setdefault("from", bare[0])
    giver = marked.get("from", giver)
    if receiver is None or giver is None:
        raise InvalidOrder(f"in {clip(t.step)!r}: say who gives to whom, e.g. {GIVE_FORM!r}")
    if res + cav == 0:
        raise InvalidOrder(f"in {clip(t.step)!r}: say how much, e.g. {GIVE_FORM!r}")
    return Give(giver=giver, receiver=receiver, resources=res, cavalry=cav)


def parse_step(step: str, giver: Faction | None = None) -> Action:
    t = _Tokens(step, step)
    if not t.items:
        raise InvalidOrder("empty step")
    head = t.items[0]
    joined = "-".join(t.items)
    if head not in VERBS or joined in OPTIONS:
        if joined in OPTIONS:
            return Choose(option=OPTIONS[joined])
        if re.fullmatch(r"option-?[0-9]{1,2}", joined):
            return Choose(option="option-" + str(int(re.sub(r"[^0-9]", "", joined))))
        raise InvalidOrder(
            f"unknown order {clip(step)!r}: a step starts with an option (e.g. pass, event, "
            f"command+decree, march) or a verb ({', '.join(sorted(VERBS))})"
        )
    t.i = 1
    a: Action
    if head == "done":
        a = Done()
    elif head == "undo":
        a = Undo()
    elif head == "select":
        a = Select(space=t.space())
    elif head == "place":
        n = t.number(1)
        a = Place(count=n, piece=t.piece(), space=t.space())
    elif head == "remove":
        n = t.number(1)
        a = Remove(count=n, piece=t.piece(), space=t.space())
    elif head == "move":
        n = t.number(1)
        p = t.piece()
        a = Move(count=n, piece=p, origin=t.space(), dest=t.space())
    elif head == "replace":
        old = t.piece()
        if t.peek() == "with":
            t.i += 1
        if t.peek() in ("nothing", "none"):
            t.i += 1
            new: Piece | None = None
        else:
            new = t.piece()
        a = Replace(old=old, new=new, space=t.space())
    elif head == "support":
        n = t.number(1)
        a = Support(count=n, piece=t.piece(), space=t.space())
    elif head == "target":
        a = Target(faction=t.faction())
    elif head in ("charge", "screen"):
        die = t.number()
        a = Charge(die=die) if head == "charge" else Screen(die=die)
    elif head in ("take", "drop"):
        n = t.number(1)
        p = t.piece()
        a = _Take(count=n, piece=p) if head == "take" else Drop(count=n, piece=p)
    elif head == "go":
        a = Go(space=t.space())
    elif head == "gain":
        res, cav = t.amounts()
        a = Gain(resources=res, cavalry=cav)
    elif head == "shift":
        f = t.faction()
        a = Shift(faction=f, delta=t.number(signed=True))
    elif head == "slot":
        p = t.piece()
        if t.peek() == "available":
            t.i += 1
            a = Slot(piece=p)
        else:
            a = Slot(piece=p, space=t.space())
    elif head == "cavalry":
        a = CavalryFrom(faction=t.faction())
    elif head == "give":
        a = _give(t, giver)
    else:  # pragma: no cover - VERBS and the branches above agree
        raise InvalidOrder(f"unknown verb {head!r}")
    t.end()
    return a


def parse(state: GameState | None, text: str, *, giver: Faction | None = None) -> list[Action]:
    """An order line (steps separated by ';' or new lines) into actions. `giver` is who gives
    in a `give` step that does not say it (the faction the order is sent as)."""
    if len(text) > MAX_ORDER_CHARS:
        raise InvalidOrder(
            f"the order is {len(text)} characters long; at most {MAX_ORDER_CHARS} are read"
        )
    steps = [s.strip() for s in re.split(r"[;\n]", text) if s.strip()]
    if not steps:
        raise InvalidOrder("empty order: type a step such as 'pass' or 'march'")
    return [parse_step(s, giver) for s in steps]
