"""Successors' notation: each step in words a person can type, and orders read back.

A step: `home Egypt`, `buy 1 inf at Egypt`, `done`, `take 2 inf at Egypt`, `take leader at
Egypt`, `take 2 fleets at Egypt`, `drop 1 inf`, `march to Syria`, `sail to Aegean Sea`,
`embark 1 inf at Egypt`, `land 1 inf at Syria`, `halt`, `end movement`, `call red`,
`fight red at Egypt`, `decline red at Egypt`, `retreat 1 inf to Syria`, `retreat all to Syria`, `stand`, `lose 1 inf
at Egypt`, `pay`, `escape to Red Sea`; aside, at any time: `give 3 to red`, `offer red`,
`accept red`, `refuse red`, `break with red`, `ransom`, `play 5`, `play 2 at Egypt`,
`play 18 on red`, `play 19 from Syria to Arabia`, `arm 15 for revolt`, `arm 7 for battle at
Egypt`, `arm 13 for turn on red`, `disarm 15`, `undo`.

Whole orders, read into those steps: `buy 2 levy 1 cav at Egypt`; `move 2 inf 1 cav leader
Egypt Arabia Babylonia` (the pieces taken in the first area, marched along the path, halted);
`sail 2 fleets with 2 inf Egypt Egyptian Sea Cyprian Sea land at Syria` (the troops boarding
at the port the fleets leave, landing where named); `march Syria Mesopotamia`; several steps
joined by commas. Each step is read against the position the steps before it leave, up to a
roll or a draw.

A place is written by its name on the map, its id (`egy`), or the start of its name when
only one name starts so (`lydia`, `north`); words are read in any case, hyphens as spaces.
So parse(view, describe(view, a)) == [a] for every legal step a.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from difflib import get_close_matches
from typing import Final

from ..capabilities.notation import MAX_ORDER_CHARS
from ..errors import (
    AmbiguousName,
    IllegalAction,
    InvalidOrder,
    MisreadStep,
    NotYourTurn,
    RulesError,
    excerpt,
)
from ..spelling import alike_names
from ..words import count_of, listed
from . import aside, economy, engine, movement
from .components import TYPES
from .economy import MAX_BOUGHT
from .names import piece_word, unit_noun
from .refusals import (
    allowed_text,
    in_battle,
    most_allowed,
    pieces_said,
    refusal,
    refusal_reason,
)
from .state import (
    ASIDE_ACTIONS,
    NO,
    POOL_FLEETS,
    TRIGGERS,
    Accept,
    Action,
    Arm,
    Break,
    Buy,
    Call,
    ChooseHome,
    Decline,
    Disarm,
    Done,
    Drop,
    Embark,
    EndMove,
    Escape,
    Fight,
    Give,
    Halt,
    Land,
    Lose,
    March,
    Offer,
    Pay,
    Play,
    Ransom,
    Refuse,
    Retreat,
    Sail,
    Stand,
    State,
    Take,
    TakeFleets,
    Undo,
)
from .view import View
from .wording import describe as describe  # the words parse reads back
from .wording import place as place

MAX_STEPS: Final = 40
_FILLER: Final = frozenset(("the", "a", "an"))
# every name the summary gives a piece ("Infantry (Inf)", "Elephant (EL)", l.15-20), singular
# or plural, read as the notation's word for it
_PIECE_NAMES: Final = {
    **{w: "levy" for w in ("levy", "levies", "levys")},
    **{w: "inf" for w in ("inf", "infs", "infantry", "infantries")},
    **{w: "cav" for w in ("cav", "cavs", "cavalry", "cavalries")},
    **{w: "el" for w in ("el", "els", "elephant", "elephants")},
    **{w: "fleet" for w in ("fleet", "fleets")},
    **{w: "leader" for w in ("leader", "leaders")},
    **{w: "merc" for w in ("mercenary", "mercenaries", "mercs")},
}


class OrderError(InvalidOrder):
    """An order that cannot be read: says what was expected."""


class StepRefused(IllegalAction):
    """A step read that the rules refuse now: the rule, and what the steps before it did."""


# --- reading ----------------------------------------------------------------------------------


def words_of(text: str) -> list[str]:
    """A step's words, lower case, a hyphen joining a name's words read as a space
    (`Coele-Syria`); a signed or broken number refused (`-3` is not 3)."""
    for token in text.split():
        if re.fullmatch(r"[-+\u2212]\d+(?:[.,]\d*)?|\d+[.]\d*|0+", token):
            raise OrderError(
                f"{excerpt(token)} is not a count: counts and amounts are whole numbers, 1 or more"
            )
    return [w for w in re.sub(r"[-_]", " ", text.lower()).split() if w not in _FILLER]


def _norm(name: str) -> str:
    return " ".join(re.sub(r"[-_]", " ", name.lower()).split())


def read_place(s: State, ws: list[str], i: int, land_only: bool = False) -> tuple[int, int]:
    """The place named at words[i:], the longest name matching first: (place, next i). An id,
    a whole name, or the start of exactly one name."""
    m = s.parts.map
    limit = m.land if land_only else m.areas
    names = [_norm(n) for n in m.names[:limit]]
    for k in range(min(len(ws) - i, 5), 0, -1):
        said = " ".join(ws[i : i + k])
        if k == 1 and said in m.index and m.index[said] < limit:
            return m.index[said], i + 1
        if said in names:
            return names.index(said), i + k
    if i >= len(ws):
        raise OrderError("a place is missing here: name the area")
    said = ws[i]
    found = [p for p, n in enumerate(names) if n.startswith(said)]
    for k in range(2, min(len(ws) - i, 5) + 1):  # "lydia and": longer starts of a name
        longer = " ".join(ws[i : i + k])
        more = [p for p, n in enumerate(names) if n.startswith(longer)]
        if len(more) == 1:
            return more[0], i + k
    if len(found) == 1:
        return found[0], i + 1
    if found:
        shown = ", ".join(m.names[p] for p in found[:6])
        raise OrderError(f"{excerpt(said)} names several places: {shown}")
    alike = listed([m.names[p] for p in alike_names(said, names)], "or")
    guess = f" (did you mean {alike}?)" if alike else ""
    raise OrderError(f"no place named {excerpt(said)} on the map{guess}")


def _piece(ws: list[str], i: int) -> tuple[str, int] | None:
    """A piece word at words[i:]: "inf", "merc inf", "red inf", "red merc inf", "leader",
    "fleet"; None when none is there."""
    if i >= len(ws):
        return None
    w = _PIECE_NAMES.get(ws[i], ws[i])
    if w in (*TYPES, "leader", "fleet", "all"):
        return w, i + 1
    if w in ("merc", "white", *engine.SEATS) and i + 1 < len(ws):
        rest = _piece(ws, i + 1)
        if (rest is not None and rest[0] in TYPES) or (rest and rest[0].startswith("merc ")):
            return f"{w} {rest[0]}", rest[1]
    return None


def _pieces(ws: list[str], i: int, every: bool = False) -> tuple[list[tuple[int, str]], int]:
    """Counted pieces at words[i:]: "2 inf 1 cav leader" -> [(2, "inf"), (1, "cav"),
    (1, "leader")]; "all" too where the order reads it (`every`)."""
    out: list[tuple[int, str]] = []
    while i < len(ws):
        n = 1
        j = i
        if ws[j].isdigit():
            n = int(ws[j])
            j += 1
        got = _piece(ws, j)
        if got is None:
            if j > i and j < len(ws):  # a count, then no unit: a unit's name mistyped
                raise OrderError(_not_a_unit(ws[j]))
            break
        if got[0] == "all" and not every:
            raise OrderError(
                "name the units here, with their count: `all` is read in `move all`, "
                "`take all`, `land all` and `retreat all`"
            )
        out.append((n, got[0]))
        i = got[1]
    return out, i


def _not_a_unit(word: str) -> str:
    """A word where a unit is named: the unit it is closest to, and the units' names;
    mercenaries named without their kind, how they are named."""
    if _PIECE_NAMES.get(word, word) == "merc":
        return "mercenaries are named with their kind: `2 merc inf`, `merc cav`, `merc levy`"
    close = get_close_matches(word, list(_PIECE_NAMES), n=1, cutoff=0.6)
    meant = f" (`{_PIECE_NAMES[close[0]]}`?)" if close else ""
    return f"{excerpt(word)} is not a unit{meant}: levy, inf, cav, el, fleet or leader"


def _seat(ws: list[str], i: int) -> tuple[str, int]:
    if i < len(ws) and ws[i] in engine.SEATS:
        return ws[i], i + 1
    if i < len(ws) and ws[i] == "white":
        return "white", i + 1
    raise OrderError(f"a player's colour is named here ({', '.join(engine.SEATS)})")


def _skip(ws: list[str], i: int, *fillers: str) -> int:
    while i < len(ws) and ws[i] in fillers:
        i += 1
    return i


# the steps of a force under way (a step after its move ended is refused as such)
FORCE_STEPS: Final = (March, Sail, Embark, Land, Halt, Drop)
# the steps that finish what a seat is doing, which an order may always end with
FINISHING: Final = (Done, EndMove, Halt, Stand)


def finishes(a: Action) -> bool:
    """A step that finishes what its seat is doing: `done`, `end movement`, `halt`, `stand`,
    or its leader's retreat (which `retreat all` takes along, l.45)."""
    return isinstance(a, FINISHING) or (isinstance(a, Retreat) and a.piece == "leader")


def closes(a: Action) -> str:
    """What a finishing step closes, as `finished_by` names what ended by itself."""
    if isinstance(a, Done):
        return PURCHASES
    if isinstance(a, EndMove | Halt):
        return MOVEMENT
    return STAND if isinstance(a, Stand) else LEADERS_RETREAT


# what a finishing step closes (`closes`), and what a step ended by itself (`finished_by`)
PURCHASES: Final = "purchases"
MOVEMENT: Final = "movement"
STAND: Final = "stand"
LEADERS_RETREAT: Final = "leader's retreat"


def finished_by(before: State, after: State, a: Action) -> tuple[str, ...]:
    """What `a` ended by itself that a finishing step typed after it would close: its
    seat's purchases or movement (the last Talent spent, the last force moved), so that a
    `done` or `end movement` typed after it is noted rather than refused, or its leader's
    retreat, when `retreat all` took him along (a trial's `retreat leader`
    after it was told "not played" past the roll that followed, the leader gone already).
    A halt closes its force, and may end the movement too (its last force: a trial's `end
    movement` after it was refused, and its whole order with it)."""
    if (finishes(a) and not isinstance(a, Halt)) or isinstance(a, Undo) or not before.frames:
        return ()
    if isinstance(a, Retreat):
        seat = before.frames[-1][1]
        return (LEADERS_RETREAT,) if after.leaders[seat] != before.leaders[seat] else ()
    decision = before.frames[-1][:3]  # its kind, seat and mode (an event's purchases, or the
    if decision[0] not in ("buy", "move"):  # revenue's; a move of its own, or as an ally)
        return ()
    if any(f[:3] == decision for f in after.frames):
        return ()
    return (PURCHASES,) if decision[0] == "buy" else (MOVEMENT,)


# a reader's place in an order: its position, steps read, what they ended, and whether the
# last ended the force
Mark = tuple[State, int, tuple[str, ...], bool]


class Reader:
    """Reads one order against a position, step by step; each step is applied to a copy of
    the position (what a seat sees), so the next is read against what it leaves."""

    def __init__(self, v: View, seat: str) -> None:
        self.v = v
        self.s = v.state
        self.seat = seat
        self.out: list[Action] = []
        self.ended_force = False  # the last step ended the force under way
        self.needless: list[str] = []  # what the steps read ended by themselves (`finished_by`)
        self.last = False  # reading the order's last step
        self.first = 0  # the first of the steps read from the typed step being read

    def add(self, a: Action) -> None:
        self.out.append(a)
        if len(self.out) > MAX_STEPS:
            raise OrderError(f"an order is at most {MAX_STEPS} steps")
        if isinstance(a, Undo) or self._closes_nothing(a):
            return
        if engine.chance(self.s) is not None:
            rolled = engine.chance(self.s)  # read, but no step is read past a roll or a draw
            raise StepRefused(
                f"{self._which(a)}the steps before it bring {rolled}, which come first: "
                "send the order up to them, then this step once they are rolled",
                None,
            )
        mover = engine.to_move(self.s)
        if not isinstance(a, ASIDE_ACTIONS) and mover is not None and mover != self.seat:
            raise NotYourTurn(refusal(self.s, a, self.seat))
        try:
            after = engine.apply(self.s, a)
        except engine.Refused:
            before = self.s.news[1:] if len(self.out) > 1 else ()
            why = (
                "the force's move is over"
                if before and self.ended_force and isinstance(a, FORCE_STEPS)
                else refusal_reason(self.s, a, self.seat)
            )
            if len(self.out) > 1:  # read after steps of the order, none of them played
                why = why.replace("; now: ", "; at that step: ", 1)
            # (a trial could not parse "the step before it, not played: ...")
            did = (
                f" (nothing of the order was played; as read, the step before this one ended so: "
                f"{'; '.join(before)})"
                if before
                else ""
            )
            allowed = allowed_text(self.s, engine.legal(self.s)) if engine.legal(self.s) else None
            raise StepRefused(f"{self._which(a)}{why}{did}", allowed, a) from None
        self.ended_force = self.s.force is not None and after.force is None
        self.needless += finished_by(self.s, after, a)
        self.s = after

    def _which(self, a: Action) -> str:
        """The step refused, named before its reason where the typed step read as several and
        it is not their first (`march to Media` of a `move`); the table quotes the typed step."""
        return "" if len(self.out) - 1 == self.first else f"{describe(self.v, a)}: "

    def _closes_nothing(self, a: Action) -> bool:
        """A finishing step kept as read but not played, as the table notes it: one that
        the steps before it made needless, or the order's last once the decision has passed
        to another seat (what it would close is over)."""
        if not finishes(a):
            return False
        if closes(a) in self.needless:
            self.needless.remove(closes(a))
            return True
        earlier = any(not isinstance(x, Undo) for x in self.out[:-1])
        return self.last and earlier and engine.to_move(self.s) != self.seat

    def id(self, p: int) -> str:
        return self.s.parts.map.ids[p]

    def mark(self) -> Mark:
        """Where the reading stands, to come back to (`back_to`)."""
        return self.s, len(self.out), tuple(self.needless), self.ended_force

    def back_to(self, mark: Mark) -> None:
        """The steps read since `mark` taken back."""
        self.s, n, needless, self.ended_force = mark
        del self.out[n:]
        self.needless = list(needless)


def parse(v: View, text: str, seat: str) -> list[Action]:
    """An order: steps joined by commas, each read against the position the steps before it
    leave. Raises ValueError naming the step and what was expected, or why it is refused
    (a step after one that brings a roll or a draw too: `read_to_reveal` reads up to it)."""
    return _read_parts(v, text, seat, to_reveal=False)[0]


def read_to_reveal(v: View, text: str, seat: str) -> tuple[list[Action], list[str], list[int]]:
    """An order's steps up to the end of the one that brings a roll or a draw, the steps
    typed after it, as typed (read against the position they are taken in, which is not seen
    before the reveal: the table plays the order up to it and tells the rest as not played),
    and the typed step each step read was read from (from 1). Raises as `parse`."""
    return _read_parts(v, text, seat, to_reveal=True)


def typed_steps(text: str) -> list[str]:
    """An order's steps as typed, in order (what `read_to_reveal` numbers from 1)."""
    return [p.strip() for p in re.split(r"[,;]", text) if p.strip()]


def typed_closes(text: str) -> str | None:
    """What a step typed closes if it reads as one that finishes (`done`, `end movement`,
    `halt`, `stand`), as `closes` names it; None if not: its words alone tell, whatever the
    position it would be read against."""
    try:
        ws = words_of(text)
    except OrderError:
        return None
    if ws[:1] == ["end"] and all(w in END_WORDS for w in ws[1:]):  # as `_end` reads it
        return MOVEMENT
    if ws[:1] == ["stand"] and (ws[1:] == [] or ws[1:] in TO_THE_END):  # as `_stand` does
        return STAND
    if ws[:2] == ["retreat", "leader"]:
        return LEADERS_RETREAT
    return {"done": PURCHASES, "halt": MOVEMENT}.get(" ".join(ws))


def _read_parts(
    v: View, text: str, seat: str, *, to_reveal: bool
) -> tuple[list[Action], list[str], list[int]]:
    if len(text) > MAX_ORDER_CHARS:
        raise InvalidOrder(f"an order is at most {MAX_ORDER_CHARS:,} characters")
    parts = typed_steps(text)
    if not parts:
        raise InvalidOrder("an order names a step, as `move 2 inf Egypt Arabia Syria`")
    r = Reader(v, seat)
    numbers: list[int] = []
    for k, part in enumerate(parts):
        numbers += [k] * (len(r.out) - len(numbers))  # the steps typed step k read as
        if to_reveal and r.out and engine.chance(r.s) is not None:
            return r.out, parts[k:], numbers
        at, r.last, r.first = r.s, k == len(parts) - 1, len(r.out)
        try:
            _read(r, words_of(part))
        except (IllegalAction, InvalidOrder) as e:
            raise _misread(e, part).at(k + 1, len(parts), part.strip(), at) from None
        except ValueError as e:  # a place or a word the map or the files do not have
            raise _misread(OrderError(str(e)), part).at(
                k + 1, len(parts), part.strip(), at
            ) from None
    return r.out, [], numbers + [len(parts)] * (len(r.out) - len(numbers))


def _misread(e: RulesError, part: str) -> RulesError:
    """An unreadable step whose first word is one of the game's steps, said so (MisreadStep)."""
    first = (part.split() or [""])[0].lower()
    return MisreadStep(str(e)) if isinstance(e, OrderError) and first in _VERBS else e


def _read(r: Reader, ws: list[str]) -> None:
    if not ws:
        raise OrderError("an empty step")
    verb = ws[0]
    reader = _VERBS.get(verb)
    if reader is None:
        raise OrderError(
            f"{excerpt(verb)} is not a step of Successors; steps begin with: {', '.join(sorted(_VERBS))}"
        )
    reader(r, ws)


def _end_of(ws: list[str], i: int, what: str) -> None:
    if i < len(ws):
        raise OrderError(f"{excerpt(' '.join(ws[i:]))} is not understood after {what}")


def _home(r: Reader, ws: list[str]) -> None:
    p, i = read_place(r.s, ws, 1, land_only=True)
    _end_of(ws, i, "the home")
    r.add(ChooseHome(r.id(p)))


def _buy(r: Reader, ws: list[str]) -> None:
    pieces, i = _pieces(ws, 1)
    i = _skip(ws, i, "at", "in")
    if not pieces:
        raise OrderError("name what is bought: `buy 2 levy 1 cav at Egypt`")
    if i >= len(ws):
        p = _only_place(r, pieces)
    else:
        p, i = read_place(r.s, ws, i)
        _end_of(ws, i, "the place")
    _check_price_of_all(r, pieces, r.id(p))
    for n, piece in pieces:
        _buy_all(r, piece, r.id(p), n)


def _check_price_of_all(r: Reader, pieces: list[tuple[int, str]], at: str) -> None:
    """An order buying units of several kinds is refused whole when the treasury does not
    pay for them all (l.15-18): their price and the treasury, not the last kind's price
    against what the first left."""
    s = r.s
    if len(pieces) < 2 or any(_unit_price(s, piece, at) is None for _, piece in pieces):
        return
    cost = sum(n * (_unit_price(s, piece, at) or 0) for n, piece in pieces)
    seat = s.frames[-1][1]
    if cost <= s.money[seat]:
        return
    what = listed([_units_word(n, piece) for n, piece in pieces])
    why = f"{what} cost {cost} and you have {s.money[seat]} (l.15-18)"
    raise StepRefused(why, None)


def _units_word(n: int, piece: str) -> str:
    return count_of(n, "fleet") if piece == "fleet" else f"{n} {unit_noun(TYPES.index(piece), n)}"


def _unit_price(s: State, piece: str, at: str) -> int | None:
    """What a unit of a kind costs at a place in the purchase under way; None outside a
    purchase, or for no such unit or place (the step then says why)."""
    top = s.frames[-1] if s.frames else None
    if top is None or top[0] != "buy" or piece not in (*TYPES, "fleet"):
        return None
    if at not in s.parts.map.index:
        return None
    return economy.buy_price(s, top[2], top[4], Buy(piece, at, 1))


def _buy_all(r: Reader, piece: str, at: str, n: int) -> None:
    """`n` units of a kind bought at a place: as many in a step as one buys (one, or as many
    as may be, at most 5), else one by one; more than may be bought, as typed (refused with
    why: the price of them all, the counters left)."""
    if n > MAX_BOUGHT and not _within_means(r, piece, at, n):
        r.add(Buy(piece, at, n))
        return
    while n > 0:
        k = min(n, MAX_BOUGHT)
        if k > most_allowed(r.s, Buy, at, piece):
            r.add(Buy(piece, at, n))
            return
        whole = Buy(piece, at, k)
        for step in [whole] if k == 1 or whole in engine.legal(r.s) else [Buy(piece, at, 1)] * k:
            r.add(step)
        n -= k


def _within_means(r: Reader, piece: str, at: str, n: int) -> bool:
    """Whether the treasury pays for `n` units of a kind at a place in the purchase under way
    and its counters off the map are enough (what steps of at most 5 cannot tell ahead);
    outside a purchase, or of no such unit or place, the step says why."""
    s = r.s
    each = _unit_price(s, piece, at)
    if each is None:
        return True
    seat = s.frames[-1][1]
    pool = s.pool[seat][POOL_FLEETS if piece == "fleet" else TYPES.index(piece)]
    return n * each <= s.money[seat] and n <= pool


def _only_place(r: Reader, pieces: list[tuple[int, str]]) -> int:
    """Where a purchase that names no place goes: the one place its first units may go now
    (the home at setup); else it is ambiguous, the places named (each a whole step to pick
    where one kind is bought)."""
    m = r.s.parts.map
    n, piece = pieces[0]
    legal = [a for a in engine.legal(r.s) if isinstance(a, Buy) and a.piece == piece]
    places = list(dict.fromkeys(a.at for a in legal))
    if len(places) == 1:
        return m.index[places[0]]
    if not places:  # none now: why, by the rules (the phase, the price, the symbol...)
        why = refusal_reason(r.s, Buy(piece, "", n), r.seat)
        now = engine.legal(r.s)
        raise StepRefused(why, allowed_text(r.s, now) if now else None)
    names = [m.names[m.index[x]] for x in places]
    ambiguous = AmbiguousName(
        f"the units may be placed at {listed(names, 'or')} (l.21): name the place, as "
        f"`buy {' '.join(f'{k} {kind}' for k, kind in pieces)} at {names[0]}`",
        tuple(names),
    )
    if len(pieces) == 1:  # the step each place makes, to pick
        ambiguous.candidates = tuple(Buy(piece, x, n) for x in places)
    raise ambiguous


def _simple(
    kind: type[Done | Pay | Halt | Undo | Ransom],
) -> Callable[[Reader, list[str]], None]:
    def read(r: Reader, ws: list[str]) -> None:
        _end_of(ws, 1, ws[0])
        if kind is Ransom:
            r.add(Ransom(r.seat))
        else:
            r.add(kind())  # type: ignore[call-arg]

    return read


TO_THE_END = (["to", "the", "end"], ["to", "end"], ["fast"])  # `stand to the end` as typed


def _stand(r: Reader, ws: list[str]) -> None:
    """`stand`: no retreat this round; `stand to the end`: nor in this battle's later rounds."""
    end = ws[1:] in TO_THE_END
    if not end:
        _end_of(ws, 1, ws[0])
    r.add(Stand(to_the_end=True) if end else Stand())


END_WORDS = ("movement", "move", "moving")  # `end movement` as it may be typed


def _end(r: Reader, ws: list[str]) -> None:
    _end_of(ws, _skip(ws, 1, *END_WORDS), "end")
    r.add(EndMove())


def _lose(r: Reader, ws: list[str]) -> None:
    """`lose 2 levy at Cilicia`: a step a unit (each loss is taken one at a time), as many
    as the count, each read against what the one before it leaves."""
    i, n = 1, 1
    if len(ws) > 1 and ws[1].isdigit():
        n, i = int(ws[1]), 2
        if n > MAX_STEPS:
            raise OrderError(f"an order is at most {MAX_STEPS} steps")
    if ws[i : i + 2] == ["moving", "fleet"]:
        piece, i = "moving fleet", i + 2
    else:
        got = _piece(ws, i)
        if got is None:
            raise OrderError("name the unit lost: `lose 1 inf at Egypt`")
        piece, i = got
    p, i = read_place(r.s, ws, _skip(ws, i, "at", "in"))
    _end_of(ws, i, "the place")
    for _ in range(n):
        r.add(Lose(piece, r.id(p)))


def _take(r: Reader, ws: list[str]) -> None:
    pieces, i = _pieces(ws, 1, every=True)
    p, i = read_place(r.s, ws, _skip(ws, i, "at", "in", "from"))
    _end_of(ws, i, "the place")
    if not pieces:
        raise OrderError("name what is taken: `take 2 inf at Egypt`")
    for n, piece in pieces:
        if piece == "fleet":
            r.add(TakeFleets(r.id(p), n))
        elif piece == "all":  # as `move all`: every unit there that may move, and the leader
            _take_all(r, r.id(p))
        elif piece == "leader":
            r.add(Take(r.id(p), "leader", 1))
        else:
            _take_pieces(r, r.id(p), piece, n)


def _take_pieces(r: Reader, at: str, piece: str, n: int) -> None:
    """`n` of a piece taken: in one step where one takes them (all there, or one), else one
    by one; more than may move, as typed (refused with how many may)."""
    whole = Take(at, piece, n)
    if n == 1 or whole in engine.legal(r.s) or n > most_allowed(r.s, Take, at, piece):
        r.add(whole)
        return
    for _ in range(n):
        r.add(Take(at, piece, 1))


def _take_all(r: Reader, at: str) -> None:
    """`move all Egypt Arabia`, `take all at Egypt`: every unit there that may still move,
    and the leader."""
    takes = [a for a in engine.legal(r.s) if isinstance(a, Take) and a.at == at]
    most: dict[str, Take] = {}
    for a in takes:
        if a.piece not in most or a.count > most[a.piece].count:
            most[a.piece] = a
    if not most:
        raise OrderError(
            f"nothing of yours at {r.s.parts.map.names[r.s.parts.map.index[at]]} may move now"
        )
    for a in sorted(most.values(), key=lambda a: a.piece == "leader"):
        r.add(a)


def _drop(r: Reader, ws: list[str]) -> None:
    pieces, i = _pieces(ws, 1)
    _end_of(ws, i, "the pieces")
    if not pieces:
        raise OrderError("name what is dropped: `drop 1 inf`")
    for n, piece in pieces:
        r.add(Drop(piece, 1 if piece == "leader" else n))


def _path(r: Reader, ws: list[str], i: int, sea: bool) -> tuple[list[int], int]:
    """The places of a path, read before any step of it is played (a trial's misspelt
    area was not told while the move was refused for the phase)."""
    places: list[int] = []
    while i < len(ws) and ws[i] not in ("land", "with", "carrying"):
        i = _skip(ws, i, "to", "then", "and")
        if i >= len(ws):
            break
        p, i = read_place(r.s, ws, i, land_only=not sea)
        places.append(p)
    return places, i


def _go(r: Reader, path: list[int], sea: bool) -> None:
    """Marches or sails along a path read."""
    for p in path:
        r.add(Sail(r.id(p)) if sea else March(r.id(p)))


def _march(r: Reader, ws: list[str]) -> None:
    path, i = _path(r, ws, 1, sea=False)
    _end_of(ws, i, "the path")
    _go(r, path, sea=False)


def _move(r: Reader, ws: list[str]) -> None:
    """`move 2 inf 1 cav leader Egypt Arabia Babylonia`: taken in the first area, marched
    along the path, halted. A force that moved elsewhere halts first, where it may."""
    pieces, i = _pieces(ws, 1, every=True)
    if not pieces:
        raise OrderError("name what moves: `move 2 inf 1 cav Egypt Arabia Syria`")
    i = _skip(ws, i, "from")
    p, i = read_place(r.s, ws, i, land_only=True)
    path, i = _path(r, ws, i, sea=False)
    _end_of(ws, i, "the path")
    f = r.s.force
    if f is not None and f.marched and f.place != p and Halt() in engine.legal(r.s):
        r.add(Halt())  # (a trial's force at sea was left under way, the new one refused)
    for n, piece in _not_yet_taken(r, p, pieces):
        if piece == "all":
            _take_all(r, r.id(p))
        else:
            _take_pieces(r, r.id(p), piece, 1 if piece == "leader" else n)
    _go(r, path, sea=False)
    if r.s.force is not None:
        r.add(Halt())


def _not_yet_taken(r: Reader, at: int, pieces: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """`move` names a whole force: where one is readied at its area (a trial's `undo` took
    back a march and left his leader readied), or under way there (it marches on), the
    pieces it holds are counted among those named and the rest taken; one holding a piece
    the order does not name, or readied elsewhere, is not marched along unasked."""
    f = r.s.force
    if f is None or f.fleets or (f.leader == NO and not f.groups):
        return pieces
    where = r.s.parts.map.names[f.place]
    if f.place != at:
        raise OrderError(
            f"your force readied at {where} ({movement.force_words(f)}) moves first, or is "
            "called off: `move` forms a new force once it is (undo calls it off)"
        )
    held = {"leader": int(f.leader != NO)}
    for code, _, _, n in f.groups:
        word = piece_word(r.s, f.seat, code)
        held[word] = held.get(word, 0) + n
    if any(piece == "all" for _, piece in pieces):
        return pieces
    rest = []
    for n, piece in pieces:
        kept = min(n, held.get(piece, 0))
        held[piece] = held.get(piece, 0) - kept
        if n > kept:
            rest.append((n - kept, piece))
    unnamed = [("your leader" if w == "leader" else f"{n} {w}") for w, n in held.items() if n]
    if unnamed:
        raise OrderError(
            f"your force {'under way' if f.marched else 'readied'} at {where} holds "
            f"{listed(unnamed)} too, which the order does not name: name every piece it "
            f"moves, or {'halt' if f.marched else 'undo'} it first"
        )
    return rest


def _sail(r: Reader, ws: list[str]) -> None:
    """`sail to Aegean Sea` (a step), or a voyage: `sail 2 fleets with 2 inf Egypt Egyptian
    Sea Cyprian Sea land at Syria`, the fleets halting after the landing, or sailing on
    first (`... land at Syria then Cyprian Sea Egypt`). The troops named board where the
    voyage first passes them: at its start, or on the way (a trial's fleets at sea were to
    pick up troops on a coast of the next sea)."""
    pieces, i = _pieces(ws, 1)
    fleets = [n for n, piece in pieces if piece == "fleet"]
    if not fleets:
        voyage, i = _voyage(r, ws, 1)
        _end_of(ws, i, "the voyage")
        _sail_on(r, voyage)
        return
    cargo: list[tuple[int, str]] = []
    i = _skip(ws, i, "from")
    if i < len(ws) and ws[i] in ("with", "carrying"):
        cargo, i = _pieces(ws, i + 1)
    i = _skip(ws, i, "from")
    p, i = read_place(r.s, ws, i)
    voyage, i = _voyage(r, ws, i)
    _end_of(ws, i, "the voyage")
    r.add(TakeFleets(r.id(p), fleets[0]))
    start = r.mark()
    _sail_on(r, voyage, _board(r, cargo), (start, p))


def _board(r: Reader, cargo: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """The troops named that may board where the fleets are now, embarked from the one
    coast where they may (several: the order must name it); the rest, to board further on."""
    rest = []
    for n, piece in cargo:
        coasts = sorted(
            {a.at for a in engine.legal(r.s) if isinstance(a, Embark) and a.piece == piece}
        )
        if len(coasts) > 1:  # read, but which coast? (a trial was told it was unreadable)
            names = listed([place(r.s, at) for at in coasts], "or")
            raise AmbiguousName(
                f"the {piece} may board from {names}: take the fleets, then name it "
                f"(`embark 1 {piece} at {place(r.s, coasts[0])}`)",
                tuple(place(r.s, at) for at in coasts),
            )
        if coasts:
            r.add(Embark(coasts[0], piece, 1 if piece == "leader" else n))
        else:
            rest.append((n, piece))
    return rest


# a voyage read: the seas sailed, where all aboard land (None: nowhere), the seas after it
Voyage = tuple[list[int], int | None, list[int]]


def _voyage(r: Reader, ws: list[str], i: int) -> tuple[Voyage, int]:
    """The places of a voyage, read before any step of it is played: its path, then
    `land at Syria`, and the path the fleets sail on after (`then Cyprian Sea Egypt`)."""
    path, i = _path(r, ws, i, sea=True)
    if i >= len(ws) or ws[i] != "land":
        return (path, None, []), i
    p, i = read_place(r.s, ws, _skip(ws, i + 1, "all", "at", "in"), land_only=True)
    onward, i = _path(r, ws, i, sea=True)
    return (path, p, onward), i


def _sail_on(
    r: Reader,
    voyage: Voyage,
    waiting: Sequence[tuple[int, str]] = (),
    start: tuple[Mark, int] | None = None,
) -> None:
    """Sails a voyage read, the troops `waiting` boarding where it first passes them (none:
    refused as boarding at its `start`, the fleets taken at a place); everything aboard
    lands where it says, and the fleets sail on and halt where they are."""
    path, landing, onward = voyage
    for p in path:
        r.add(Sail(r.id(p)))
        if waiting:
            waiting = _board(r, waiting)
    if waiting and start is not None:
        _never_boarded(r, waiting[0], *start, path)
    if landing is None:
        return
    _land_all(r, landing)
    _go(r, onward, sea=True)
    if r.s.force is not None and r.s.force.fleets and engine.legal(r.s).count(Halt()):
        r.add(Halt())


def _never_boarded(
    r: Reader, troops: tuple[int, str], start: Mark, at: int, path: list[int]
) -> None:
    """Troops named for a voyage that may board nowhere it passes: from a port, refused as
    boarding there (the rule says why: none there, or their move over); from a sea, where
    the voyage passes and where such troops of the seat's stand."""
    r.back_to(start)
    n, piece = troops
    if at < r.s.parts.map.land:
        r.add(Embark(r.id(at), piece, 1 if piece == "leader" else n))
    said = pieces_said(piece, n)
    passed = listed([r.s.parts.map.names[p] for p in (at, *path)])
    stand = [r.s.parts.map.names[a] for a in _standing(r.s, r.s.seats.index(r.seat), piece)]
    where = (
        f"yours stand at {listed(stand, 'and')}: sail to a sea on their coast, then "
        f"`embark {said} at {stand[0]}`"
        if stand
        else f"you have no {piece} on the map"
    )
    raise StepRefused(
        f"{said}: none may board where this voyage passes ({passed}): troops board from the "
        f"fleets' port or a coast of their sea (l.31); {where}",
        None,
    )


def _standing(s: State, seat: int, piece: str) -> list[int]:
    """The land areas where the seat's pieces so named stand (`leader`: where he is)."""
    if piece == "leader":
        return [s.leaders[seat]] if 0 <= s.leaders[seat] < s.parts.map.land else []
    code = movement.OWN_CODE[seat].get(piece)
    return [a for a in s.occupied[seat] if code is not None and s.units[a][code]]


def _land_all(r: Reader, p: int) -> None:
    """Every unit aboard the fleets under way, and the leader, landed at `p`."""
    f = r.s.force
    if f is None:
        raise OrderError("no fleet is under way to land from")
    for c, _, _, n in list(_merged_groups(f.groups)):
        r.add(Land(r.id(p), piece_word(r.s, f.seat, c), n))
    if f.leader != NO:
        r.add(Land(r.id(p), "leader", 1))


def _merged_groups(groups: Sequence[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    totals: dict[int, int] = {}
    for c, _, _, n in groups:
        totals[c] = totals.get(c, 0) + n
    return [(c, 0, 0, n) for c, n in sorted(totals.items())]


def _embark_land(r: Reader, ws: list[str]) -> None:
    """`embark 2 inf at Egypt`, `land 2 inf at Syria`; `land at Syria` lands all aboard, as
    a voyage's `... land at Syria` does; an embarking naming no place boards where the
    only such units the fleets may take stand."""
    pieces, i = _pieces(ws, 1, every=ws[0] == "land")
    if ws[0] == "embark" and pieces and i >= len(ws):
        ws = [*ws, "at", _only_coast(r, pieces)]
    p, i = read_place(r.s, ws, _skip(ws, i, "at", "in", "from"), land_only=True)
    _end_of(ws, i, "the place")
    if not pieces and ws[0] == "land":
        pieces = [(0, "all")]
    if not pieces:
        raise OrderError(f"name what {ws[0]}s: `{ws[0]} 2 inf at Egypt`")
    if [piece for _, piece in pieces] == ["all"]:  # `land all at Syria`: all aboard
        _land_all(r, p)
        return
    kind = Embark if ws[0] == "embark" else Land
    for n, piece in pieces:
        r.add(kind(r.id(p), piece, 1 if piece == "leader" else n))


def _only_coast(r: Reader, pieces: list[tuple[int, str]]) -> str:
    """The one place the fleets under way may take the named pieces aboard from (its id);
    else say where they may."""
    wanted = {piece for _, piece in pieces}
    places = sorted(
        {a.at for a in engine.legal(r.s) if isinstance(a, Embark) and a.piece in wanted}
    )
    if len(places) == 1:
        return places[0]
    said = " or ".join(f"`at {place(r.s, x)}`" for x in places)
    raise OrderError(f"name where they board: {said or 'nowhere now'}")


def _call(r: Reader, ws: list[str]) -> None:
    who, i = _seat(ws, _skip(ws, 1, "on", "ally"))
    _end_of(ws, i, "the ally")
    r.add(Call(who))


def _fight(r: Reader, ws: list[str]) -> None:
    """`fight red at Egypt`; `fight at Egypt` when one opponent is there; `fight red` when
    one area holds red."""
    i = _skip(ws, 1, "against", "with")
    who = None
    if i < len(ws) and ws[i] in (*engine.SEATS, "white", "rebels"):
        who, i = ("white" if ws[i] == "rebels" else ws[i]), i + 1
    at = None
    i = _skip(ws, i, "at", "in")
    if i < len(ws):
        p, i = read_place(r.s, ws, i)
        at = r.id(p)
    _end_of(ws, i, "the battle")
    kind = Fight if ws[0] in ("fight", "attack") else Decline
    options = [
        a
        for a in engine.legal(r.s)
        if isinstance(a, kind) and (who is None or a.against == who) and (at is None or a.at == at)
    ]
    if len(options) == 1:
        r.add(options[0])
    elif who is not None and at is not None:
        r.add(kind(at, who))
    else:
        said = ", ".join(f"`{describe(r.v, a)}`" for a in options[:8]) or "none now"
        raise OrderError(f"name the battle: the player and the area (allowed: {said})")


def _retreat(r: Reader, ws: list[str]) -> None:
    """Some or all of a side's units retreat (l.45): `retreat 2 inf to Syria` is a step a
    unit, `retreat all to Syria` every piece that may go."""
    counted = len(ws) > 1 and ws[1].isdigit()
    got = _piece(ws, 2 if counted else 1)
    if got is None or (counted and got[0] in ("all", "leader", "fleet")):
        raise OrderError("name what retreats: `retreat 1 inf to Syria`, `retreat all to Syria`")
    piece, i = got
    p, i = read_place(r.s, ws, _skip(ws, i, "to", "into"), land_only=True)
    _end_of(ws, i, "the area")
    n = int(ws[1]) if counted else 1
    if not 1 <= n <= MAX_STEPS:
        raise OrderError(f"a retreat names 1 to {MAX_STEPS} units, or `all`")
    _check_retreating(r, piece, n, p)
    for _ in range(n):
        r.add(_retreat_of(r, piece, r.id(p)))


def _check_retreating(r: Reader, piece: str, n: int, to: int) -> None:
    """More units of a kind than the seat has in the battle: refused as typed, with how
    many there are (step by step, the last would be refused as another seat's turn)."""
    s = r.s
    if n == 1:
        return
    first = Retreat(piece, s.parts.map.ids[to])
    if first not in engine.legal(s):  # as typed, not as its first step of one unit
        now = engine.legal(s)
        why = refusal_reason(s, first, r.seat)
        raise StepRefused(why, allowed_text(s, now) if now else None)
    battle = s.battle
    assert battle is not None  # a retreat is allowed in a battle only
    there = in_battle(s, s.seats.index(r.seat), piece)
    if n > there:
        where = s.parts.map.names[battle.area]
        raise StepRefused(f"you have {there} {piece} in {where}", None)


def _retreat_of(r: Reader, piece: str, to: str) -> Retreat:
    """`retreat all`: every piece that may go (the leader with his units), also where that
    is one unit and no leader, or the leader alone."""
    whole = Retreat(piece, to)
    if piece != "all" or whole in engine.legal(r.s):
        return whole
    there = [a for a in engine.legal(r.s) if isinstance(a, Retreat) and a.to == to]
    units = [a for a in there if a.piece != "leader"]
    return units[0] if len(units) == 1 else there[0] if len(there) == 1 else whole


def _escape(r: Reader, ws: list[str]) -> None:
    p, i = read_place(r.s, ws, _skip(ws, 1, "to", "into"))
    _end_of(ws, i, "the sea")
    r.add(Escape(r.id(p)))


# the words the reader skips after a verb (`offer alliance to red`, `give 3 talents to red`)
_DIPLOMACY_WORDS: Final = ("alliance", "an", "with", "to", "from", "of")
_TALENTS: Final = ("talents", "talent", "t")
_GIFT_WORDS: Final = (*_TALENTS, "to")
_SKIPPED_AFTER: Final = {  # those the steps as written (`give 1 to red`, `offer red`) lack
    "give": _TALENTS,
    **{verb: _DIPLOMACY_WORDS for verb in ("offer", "accept", "refuse", "break")},
}


def bare_step(text: str) -> str:
    """A typed step without the words the reader skips after its verb, as the table compares
    it with the steps allowed (`offer alliance to zed` is like `offer red`: its words
    `alliance` and `to` counted against it)."""
    ws = text.lower().split()
    skipped = _SKIPPED_AFTER.get(ws[0], ()) if ws else ()
    return " ".join([ws[0], *(w for w in ws[1:] if w not in skipped)]) if skipped else text


def _give(r: Reader, ws: list[str]) -> None:
    if len(ws) < 2 or not ws[1].isdigit():
        raise OrderError("say how much: `give 3 to red`")
    n = int(ws[1][:6])
    i = _skip(ws, 2, *_GIFT_WORDS)
    who, i = _seat(ws, i)
    _end_of(ws, i, "the player")
    r.add(Give(r.seat, who, n))


def _diplomacy(r: Reader, ws: list[str]) -> None:
    i = _skip(ws, 1, *_DIPLOMACY_WORDS)
    who, i = _seat(ws, i)
    _end_of(ws, _skip(ws, i, "alliance"), "the player")
    kind = {"offer": Offer, "accept": Accept, "refuse": Refuse, "break": Break}[ws[0]]
    r.add(kind(r.seat, who))


def _chit_number(ws: list[str]) -> int:
    if len(ws) < 2 or not ws[1].isdigit():
        raise OrderError(f"name the chit by its number: `{ws[0]} 5`")
    return int(ws[1][:4])


def _play(r: Reader, ws: list[str]) -> None:
    n = _chit_number(ws)
    at = to = ""
    i = 2
    while i < len(ws):
        w = ws[i]
        if w in ("at", "in", "from"):
            p, i = read_place(r.s, ws, i + 1)
            at = r.id(p)
        elif w == "to":
            p, i = read_place(r.s, ws, i + 1)
            to = r.id(p)
        elif w in ("on", "against"):
            to, i = _seat(ws, i + 1)
        else:
            raise OrderError(f"{excerpt(w)} is not understood in a chit's play")
    r.add(_play_named(r, Play(r.seat, n, at, to)))


def _play_named(r: Reader, typed: Play) -> Play:
    """A chit's play naming no place (or player) where only one is allowed: that one, as a
    purchase's place (`play 3` is `play 3 at Macedonia` where its mercenaries may join only
    there); where several are, the play as typed, refused with them."""
    if (typed.at and typed.to) or r.seat not in r.s.seats:
        return typed
    fits = [
        a
        for a in aside.options(r.s, r.s.seats.index(r.seat))
        if isinstance(a, Play)
        and a.chit == typed.chit
        and typed.at in ("", a.at)
        and typed.to in ("", a.to)
    ]
    return fits[0] if len(fits) == 1 else typed


def _arm(r: Reader, ws: list[str]) -> None:
    n = _chit_number(ws)
    i = _skip(ws, 2, "for", "on", "when")
    if i >= len(ws) or ws[i] not in TRIGGERS:
        raise OrderError(f"name the moment: {', '.join(TRIGGERS)}")
    when = ws[i]
    at = to = ""
    i += 1
    while i < len(ws):
        if ws[i] in ("at", "in"):
            p, i = read_place(r.s, ws, i + 1, land_only=True)
            at = r.id(p)
        elif ws[i] in ("on", "against", "with"):
            to, i = _seat(ws, i + 1)
        else:
            raise OrderError(f"{excerpt(ws[i])} is not understood in a standing order")
    r.add(Arm(r.seat, n, when, at, to))


def _disarm(r: Reader, ws: list[str]) -> None:
    n = _chit_number(ws)
    _end_of(ws, 2, "the chit")
    r.add(Disarm(r.seat, n))


_VERBS = {
    "home": _home,
    "choose": _home,
    "buy": _buy,
    "done": _simple(Done),
    "pay": _simple(Pay),
    "halt": _simple(Halt),
    "stand": _stand,
    "undo": _simple(Undo),
    "ransom": _simple(Ransom),
    "end": _end,
    "lose": _lose,
    "take": _take,
    "drop": _drop,
    "march": _march,
    "move": _move,
    "sail": _sail,
    "embark": _embark_land,
    "land": _embark_land,
    "call": _call,
    "fight": _fight,
    "attack": _fight,
    "decline": _fight,
    "retreat": _retreat,
    "escape": _escape,
    "give": _give,
    "offer": _diplomacy,
    "accept": _diplomacy,
    "refuse": _diplomacy,
    "break": _diplomacy,
    "play": _play,
    "arm": _arm,
    "disarm": _disarm,
}
