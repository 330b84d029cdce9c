"""A player turn told as a game report: the engine writes a line for each step (what a
person who types one step at a time is told), and a message joins each run of the same news
into one line, as a report says it: a seat's purchases at one place ("Red buys 4 levies for 4
Talents at Media"), a force's march along its path and why it stopped, the units one side
loses in one place, the provinces a seat takes. Forming a force, halting it and ending the
purchases are not news once the line they lead to says it. `line_added` says, for a reader
who saw a line, what a longer one added to it."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cache

from ..words import listed, plural
from .names import NOUNS, PLURALS, does

_SEAT = r"(?P<who>[A-Z]\w*)"
BUY = re.compile(
    _SEAT + r" buys (?P<what>\d.*?) for (?P<cost>\d+) Talents? at (?P<at>.+) "
    r"\(treasury (?P<left>\d+)\)$"
)
LOSS = re.compile(
    r"(?P<who>The rebels|[A-Z]\w*) loses? (?P<what>\d.*?) in (?P<at>[^()]+?)"
    r"(?P<why> \(.+\))?$"
)
FORCE = re.compile(_SEAT + r" readies a force at (?P<at>.+?): (?P<what>.+)$")
MARCH = re.compile(
    _SEAT + r" (?P<verb>marches|sails) (?P<what>.+?) from (?P<frm>.+?)"
    r"(?: through (?P<via>.+?))? to (?P<to>.+?)(?: and lands (?P<landed>\d.*? in .+?))?"
    r"(?P<stop>, where it meets .+ and stops \(l\.\d+\))?$"
)
MARCH_ON = re.compile(_SEAT + r" (?P<verb>marches|sails) on from (?P<frm>.+?) to (?P<to>.+)$")
STOP = re.compile(
    _SEAT + r" meets (?P<whom>unfriendly units|enemy fleets) in (?P<at>.+) and stops "
    r"\((?P<rule>l\.27|l\.29)\)$"
)
EMBARK = re.compile(_SEAT + r" embarks (?P<what>\d.*?) at (?P<at>.+)$")
LANDED = r"(?P<what>\d.*?) in (?P<at>[^()]+?)(?P<invasion> \(a sea invasion\))?"
LAND = re.compile(_SEAT + r" lands " + LANDED + "$")
HALT = re.compile(
    _SEAT
    + r"'s force halts in (?P<at>.+?)(?:, its movement points spent(?:: .+?)? \(l\.26-28\)|, \d+ MP unused)?$"
)
MOVE_END = re.compile(_SEAT + r" ends its movement$")
NO_MOVE = re.compile(_SEAT + r" does not move \(l\.25-32\)$")
BUY_END = re.compile(_SEAT + r" is done buying(?: the event's \w+)? \(treasury \d+\)$")
CONTROL = re.compile(_SEAT + r" takes control of (?P<at>.+) \(l\.10\)$")
RETREAT = re.compile(_SEAT + r" retreats (?P<what>\d.*?) from (?P<frm>.+) to (?P<to>.+)$")
LEADER_WITH = re.compile(_SEAT + r"'s leader goes with them$")
REVENUE = re.compile(_SEAT + r"'s Revenue \(l\.5\)$")
COLLECT = re.compile(_SEAT + r" collects (?P<n>\d+) Talents? from its provinces \(treasury \d+\)$")
UPKEEP = re.compile(_SEAT + r" pays (?P<n>\d+) Talents? for its units' upkeep \(treasury \d+\)$")
REVENUE_TOLD = re.compile(
    _SEAT + r"'s revenue \(l\.5\): (?P<n>\d+) Talents? from its provinces"
    r"(?:, (?P<u>\d+) Talents? of upkeep)? \(treasury (?P<left>\d+)\)$"
)

# a side's dice of a round that hit nothing; rounds of a battle where no side hit, told as one
ROLLED = re.compile(
    r"(?P<at>[^,]+), round (?P<n>\d+): (?P<who>.+?) (?P<verb>rolls?) (?P<dice>.+): 0 hits "
    r"\((?P<how>.+)\)$"
)
QUIET = re.compile(
    r"(?P<at>[^,]+), rounds? (?P<first>\d+)(?:-(?P<last>\d+))?: no hits \((?P<rolls>.+); "
    r"(?P<how>[^;]+)\)$"
)
_SINGULAR = {p: n for n, p in zip(NOUNS, PLURALS, strict=True)} | {"fleets": "fleet"}
_NOUNS = frozenset((*NOUNS, "fleet"))


# --- counts of units in words ------------------------------------------------------------------


def _counts(text: str) -> dict[str, int] | None:
    """ "4 levies, 1 cavalry and 1 infantry" by noun (written for one), in their order; None
    when the text is not such a list."""
    out: dict[str, int] = {}
    for item in re.split(r", | and ", text):
        m = re.fullmatch(r"(\d+) ((?:mercenary )?)(\w+)", item)
        if m is None:
            return None
        noun = _SINGULAR.get(m[3], m[3])
        if noun not in _NOUNS:
            return None
        key = m[2] + noun
        out[key] = out.get(key, 0) + int(m[1])
    return out


def _units(counts: dict[str, int]) -> str:
    return listed([f"{n} {_noun(k, n)}" for k, n in counts.items() if n])


def _noun(key: str, n: int) -> str:
    if n == 1:
        return key
    *head, last = key.split()
    word = dict(zip(NOUNS, PLURALS, strict=True)).get(last) or plural(last)
    return " ".join([*head, word])


def _sum(a: dict[str, int], b: dict[str, int], sign: int = 1) -> dict[str, int]:
    out = dict(a)
    for k, n in b.items():
        out[k] = out.get(k, 0) + sign * n
    return out


# --- places in a list ---------------------------------------------------------------------------


@cache
def _standard_names() -> frozenset[str]:
    from .components import standard_parts

    return frozenset(standard_parts().map.names)


def _places(text: str, known: frozenset[str]) -> list[str] | None:
    """A list of places as `listed` wrote it ("A, B and C"; a name may hold "and": "Lydia
    and Ionia"), read back with the names it may hold; None when it reads two ways."""
    if text in known:
        return [text]
    pieces = text.split(", ")
    last = pieces.pop()
    cuts = [m.start() for m in re.finditer(" and ", last)]
    fits = [c for c in cuts if last[:c] in known and last[c + 5 :] in known]
    if len(fits) == 1 or (not fits and len(cuts) == 1):
        c = (fits or cuts)[0]
        return [*pieces, last[:c], last[c + 5 :]]
    if not cuts and not pieces:
        return [last]
    return None


# --- a march ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class March:
    """A force's move told whole: who, "marches" or "sails", the force, its path, the troops
    it landed and where ("1 levy in Cyprus"; a voyage, told as its `sail` order is typed), and
    why it stopped where it did ("" when it halted by choice or goes on)."""

    who: str
    verb: str
    what: str
    path: tuple[str, ...]
    stop: str = ""
    landed: str = ""

    def told(self) -> str:
        via = f" through {listed(list(self.path[1:-1]))}" if len(self.path) > 2 else ""
        head = f"{self.who} {self.verb} {self.what} from {self.path[0]}{via}"
        landed = f" and lands {self.landed}" if self.landed else ""
        return f"{head} to {self.path[-1]}{landed}{self.stop}"


def _march(line: str, known: frozenset[str]) -> March | None:
    """A force's move told from its start (a step of one going on is `MARCH_ON`)."""
    m = MARCH.fullmatch(line)
    if m is None or m["what"] == "on":
        return None
    via = _places(m["via"], known) if m["via"] else []
    if via is None:
        return None
    path = (m["frm"], *via, m["to"])
    return March(m["who"], m["verb"], m["what"], path, m["stop"] or "", m["landed"] or "")


# --- joining two lines --------------------------------------------------------------------------

DROP = ""  # the later line is not news after the earlier one
UNSAID = "\0"  # neither is news: the earlier line goes, the later is told after what is left


def _joined(before: str, line: str, known: frozenset[str]) -> str | None:
    """The one line `before` and `line` are told as (DROP: `before` alone), or None when
    they are told apart."""
    for join in (
        _join_buys,
        _join_losses,
        _join_control,
        _join_retreat,
        _join_revenue,
        _join_round,
    ):
        said = join(before, line)
        if said is not None:
            return said
    return _join_movement(before, line, known)


def _join_round(before: str, line: str) -> str | None:
    """Both sides' dice of a round that hit nothing, as one line (a trial's battle stood to
    its end read as a wall of "0 hits"): "Egypt, round 3: no hits (Red rolls levy 5, Blue
    rolls levy 4; levy hits on 6)"."""
    a, b = ROLLED.fullmatch(before), ROLLED.fullmatch(line)
    if not (a and b) or (a["at"], a["n"]) != (b["at"], b["n"]) or a["who"] == b["who"]:
        return None
    if ";" in a["how"] + b["how"]:  # a +1's or two dice's note: each side's line says its own
        return None
    how = _hits_of_both(a["how"], b["how"])
    rolls = f"{a['who']} {a['verb']} {a['dice']}, {b['who']} {b['verb']} {b['dice']}"
    return f"{a['at']}, round {a['n']}: no hits ({rolls}; {how})"


def _hits_of_both(a: str, b: str) -> str:
    """Both sides' "levy hits on 6, infantry on 5-6", each type once (a trial read "elephant
    hits on 5-6, levy on 6, levy hits on 6")."""
    pairs = [
        tuple(part.replace(" hits on ", " on ").split(" on ", 1))
        for part in f"{a}, {b}".split(", ")
    ]
    kinds = list(dict.fromkeys(pairs))
    return ", ".join(f"{t} {'hits ' if k == 0 else ''}on {on}" for k, (t, on) in enumerate(kinds))


def _join_rounds(before: str, line: str, known: frozenset[str] = frozenset()) -> str | None:
    """Rounds of one battle in a row where no side hit, told as one ("Egypt, rounds 3-4: no
    hits (3: Red rolls levy 5, Blue rolls levy 4; 4: ...; levy hits on 6)")."""
    a, b = QUIET.fullmatch(before), QUIET.fullmatch(line)
    if not (a and b) or a["at"] != b["at"] or a["how"] != b["how"] or b["last"]:
        return None
    last = int(a["last"] or a["first"])
    if int(b["first"]) != last + 1:
        return None
    earlier = a["rolls"] if a["last"] else f"{a['first']}: {a['rolls']}"
    rolls = f"{earlier}; {b['first']}: {b['rolls']}"
    return f"{a['at']}, rounds {a['first']}-{b['first']}: no hits ({rolls}; {a['how']})"


def _join_buys(before: str, line: str) -> str | None:
    a, b = BUY.fullmatch(before), BUY.fullmatch(line)
    if not (a and b) or (a["who"], a["at"]) != (b["who"], b["at"]):
        return None
    x, y = _counts(a["what"]), _counts(b["what"])
    if x is None or y is None:
        return None
    cost = int(a["cost"]) + int(b["cost"])
    return _buy_line(a["who"], _sum(x, y), cost, a["at"], b["left"])


def _buy_line(who: str, counts: dict[str, int], cost: int, at: str, left: str) -> str:
    return f"{who} buys {_units(counts)} for {_talents(cost)} at {at} (treasury {left})"


def _join_losses(before: str, line: str) -> str | None:
    a, b = LOSS.fullmatch(before), LOSS.fullmatch(line)
    if not (a and b) or (a["who"], a["at"], a["why"]) != (b["who"], b["at"], b["why"]):
        return None
    x, y = _counts(a["what"]), _counts(b["what"])
    if x is None or y is None or "fleet" in x or "fleet" in y:
        return None
    return _loss_line(a["who"], _sum(x, y), a["at"], a["why"])


def _loss_line(who: str, counts: dict[str, int], at: str, why: str | None) -> str:
    return f"{does(who, 'loses')} {_units(counts)} in {at}{why or ''}"


def _join_control(before: str, line: str) -> str | None:
    a, b = CONTROL.fullmatch(before), CONTROL.fullmatch(line)
    if not (a and b) or a["who"] != b["who"]:
        return None
    known = _standard_names() | {b["at"]}
    held = _places(a["at"], known)
    if held is None:
        return None
    return f"{a['who']} takes control of {listed([*held, b['at']])} (l.10)"


def _join_voyage(before: str, line: str, known: frozenset[str]) -> str | None:
    """A voyage told as its `sail` order is typed: the troops embarking where the fleets
    are (one line for a place), told by the sail that follows, and its first landing told
    with it ("Green sails 1 fleet with 1 levy from Greece through Aegean Sea to Cyprian Sea
    and lands 1 levy in Cyprus"); a landing ends the line (the fleets sail on in another)."""
    force, embark = FORCE.fullmatch(before), EMBARK.fullmatch(line)
    if force and embark:
        return line if force.group("who", "at") == embark.group("who", "at") else None
    if (embarked := EMBARK.fullmatch(before)) is not None:
        if embark is not None and embark.group("who", "at") == embarked.group("who", "at"):
            x, y = _counts(embarked["what"]), _counts(embark["what"])
            if x is None or y is None:
                return None
            return _embark_line(embark["who"], _sum(x, y), embark["at"])
        force = FORCE.fullmatch(line)  # the force as it now is, those aboard with it
        if force is not None:
            return line if force.group("who", "at") == embarked.group("who", "at") else None
        v = _march(line, known)
        if v is None or v.verb != "sails" or " with " not in v.what:
            return None
        return line if (v.who, v.path[0]) == embarked.group("who", "at") else None
    land = LAND.fullmatch(line)
    if land is None:
        return None
    if (landed := LAND.fullmatch(before)) is not None:
        return _landing_joined(landed, land) if landed["who"] == land["who"] else None
    v = _march(before, known)
    if v is None or v.verb != "sails" or " with " not in v.what or v.stop or v.who != land["who"]:
        return None
    if not v.landed:
        return replace(v, landed=line.removeprefix(f"{v.who} lands ")).told()
    first = re.fullmatch(LANDED, v.landed)
    joined = _landing_joined(first, land) if first is not None else None
    return replace(v, landed=joined.removeprefix(f"{v.who} lands ")).told() if joined else None


def _landing_joined(a: re.Match[str], b: re.Match[str]) -> str | None:
    """Two landings in one place (the same sea invasion or none) told as one."""
    if a.group("at", "invasion") != b.group("at", "invasion"):
        return None
    x, y = _counts(a["what"]), _counts(b["what"])
    if x is None or y is None:
        return None
    return _landing_line(b["who"], _sum(x, y), b["at"], b["invasion"])


def _landing_line(who: str, counts: dict[str, int], at: str, invasion: str | None) -> str:
    return f"{who} lands {_units(counts)} in {at}{invasion or ''}"


def _embark_line(who: str, counts: dict[str, int], at: str) -> str:
    return f"{who} embarks {_units(counts)} at {at}"


def _join_movement(before: str, line: str, known: frozenset[str]) -> str | None:
    said = _join_voyage(before, line, known)
    if said is not None:
        return said
    force = FORCE.fullmatch(before)
    if force is not None:
        h = MOVE_END.fullmatch(line) or NO_MOVE.fullmatch(line)
        if h is not None and h["who"] == force["who"]:
            return UNSAID + line  # a force that never set out: neither is news
        b = _march(line, known)
        if b is not None and (b.who, b.path[0]) == (force["who"], force["at"]):
            return line  # the march tells the force it set out with
        on = MARCH_ON.fullmatch(line)
        if on is not None and (on["who"], on["frm"]) == (force["who"], force["at"]):
            return March(on["who"], on["verb"], force["what"], (on["frm"], on["to"])).told()
        later = FORCE.fullmatch(line)
        same = later is not None and (later["who"], later["at"]) == (force["who"], force["at"])
        return line if same else None  # the force as it now is
    if (e := MOVE_END.fullmatch(line)) and before.startswith((f"{e['who']} ", f"{e['who']}'s ")):
        return DROP  # its moves told it
    a = _march(before, known)
    if a is None or a.stop or a.landed:
        return None
    m = STOP.fullmatch(line)
    if m is not None and (m["who"], m["at"]) == (a.who, a.path[-1]):
        return replace(a, stop=f", where it meets {m['whom']} and stops ({m['rule']})").told()
    on = MARCH_ON.fullmatch(line)
    if on is None or (on["who"], on["verb"], on["frm"]) != (a.who, a.verb, a.path[-1]):
        return None
    return replace(a, path=(*a.path, on["to"])).told()


def _join_forces(before: str, line: str, known: frozenset[str]) -> str | None:
    """Two forces without a leader that went the same way (and, if stopped at its end, by
    the same enemy), told as one: "Green marches 5 cavalry from Media through Persia to
    Susiana". Only once the second's move is over: `merged_lines` asks when a stopped one
    comes (it goes no further), else when a line follows it that does not go on with it."""
    a, b = _march(before, known), _march(line, known)
    if a is None or b is None or "leader" in a.what + b.what:
        return None
    if (a.who, a.verb, a.path, a.stop) != (b.who, b.verb, b.path, b.stop):
        return None
    x, y = _counts(a.what), _counts(b.what)
    if x is None or y is None:
        return None
    return replace(a, what=_units(_sum(x, y))).told()


def _join_retreat(before: str, line: str) -> str | None:
    """A side's retreats to one place in a line, its leader with them."""
    r, w = RETREAT.fullmatch(before), LEADER_WITH.fullmatch(line)
    more = RETREAT.fullmatch(line)
    if (
        r is not None
        and more is not None
        and r.group("who", "frm", "to") == more.group("who", "frm", "to")
    ):
        x, y = _counts(r["what"]), _counts(more["what"])
        if x is None or y is None:
            return None
        return f"{r['who']} retreats {_units(_sum(x, y))} from {r['frm']} to {r['to']}"
    if r is None or w is None or r["who"] != w["who"]:
        return None
    return f"{r['who']} retreats its leader with {r['what']} from {r['frm']} to {r['to']}"


def _join_revenue(before: str, line: str) -> str | None:
    """The revenue phase in a line: "Green's revenue (l.5): 6 Talents from its provinces,
    5 Talents of upkeep (treasury 5)"."""
    head, got = REVENUE.fullmatch(before), COLLECT.fullmatch(line)
    if head and got and head["who"] == got["who"]:
        left = line.rsplit("(treasury ", 1)[1]
        return f"{head['who']}'s revenue (l.5): {_talents(int(got['n']))} from its provinces (treasury {left}"
    told, paid = REVENUE_TOLD.fullmatch(before), UPKEEP.fullmatch(line)
    if told and paid and told["who"] == paid["who"] and told["u"] is None:
        left = line.rsplit("(treasury ", 1)[1]
        return (
            f"{told['who']}'s revenue (l.5): {_talents(int(told['n']))} from its provinces, "
            f"{_talents(int(paid['n']))} of upkeep (treasury {left}"
        )
    return None


def _talents(n: int) -> str:
    return f"{n} Talent" + ("" if n == 1 else "s")


def merged_lines(lines: Iterable[str]) -> list[str]:
    """The lines told as a report: each run of the same news joined into one line."""
    out: list[str] = []
    listed_lines = list(lines)
    known = _standard_names() | frozenset(_single_places(listed_lines))
    for line in listed_lines:
        if out and _same_seat(out[-1], line):  # its own next step's line
            _settle_ends(out, known)
        said = _bulleted(_joined, out[-1], line, known) if out else None
        if said is not None and UNSAID in said:
            out.pop()
            said = _bulleted(_joined, out[-1], line, known) if out else None
        if said is None:
            out.append(line)
            _join_forces_at(out, len(out) - 2, known)  # a line follows: that force moved
        elif said != DROP:
            out[-1] = said
            if len(out) > 1 and (rounds := _bulleted(_join_rounds, out[-2], out[-1], known)):
                out[-2:] = [rounds]
        last = _march(out[-1].removeprefix(BULLET), known) if out else None
        if last is not None and last.stop:  # a stopped force goes no further
            _join_forces_at(out, len(out) - 1, known)
    return out


def _join_forces_at(out: list[str], k: int, known: frozenset[str]) -> None:
    """The march at `out[k]` joined to the one before it, where they are told as one."""
    if k >= 1 and (two := _bulleted(_join_forces, out[k - 1], out[k], known)):
        out[k - 1 : k + 1] = [two]


def closing(lines: list[str]) -> list[str]:
    """A message's lines as it closes, its turn over: the last two forces that went the same
    way told as one (the later one's move is over now, as a following line would say)."""
    out = list(lines)
    _join_forces_at(out, len(out) - 1, _standard_names() | frozenset(_single_places(out)))
    return out


def unsettled(lines: list[str]) -> int:
    """How many of a message's last lines a later line may still change: the last (more of
    the same merges into it), and the one before it where that is a march, or a force that
    has not set out, and the last its halt, or a purchase and the last the end of purchases
    (no news once a line follows: `_settle_ends`), or where that is a march without a leader
    and the last a force forming where it began, or marching on its way (two such forces,
    stopped by the same enemy or not at all, are told as one once both are over:
    `_join_forces`)."""
    if len(lines) < 2:
        return len(lines)
    a, b = lines[-2], lines[-1]
    mark = BULLET if a.startswith(BULLET) else ""
    if not b.startswith(mark):
        return 1
    known = _standard_names() | frozenset(_single_places([a, b]))
    last = b.removeprefix(mark)
    quiet, rolled = QUIET.fullmatch(a.removeprefix(mark)), ROLLED.fullmatch(last)
    if quiet and rolled and quiet["at"] == rolled["at"]:  # its round may join them
        return 2
    if (end := BUY_END.fullmatch(last)) is not None:  # no news after a purchase of its own
        bought = BUY.fullmatch(a.removeprefix(mark))
        return 2 if bought is not None and bought["who"] == end["who"] else 1
    halt = HALT.fullmatch(last)
    force = FORCE.fullmatch(a.removeprefix(mark))
    if halt is not None and force is not None:  # a force that never set out: no news
        return 2 if halt.group("who", "at") == force.group("who", "at") else 1
    done = _march(a.removeprefix(mark), known)
    if done is None:
        return 1
    if halt is not None:  # (a force stopped by the enemy halts without a line)
        return 2 if (halt["who"], halt["at"]) == (done.who, done.path[-1]) else 1
    if "leader" in done.what or _counts(done.what) is None:  # never joined: `_join_forces`
        return 1
    force = FORCE.fullmatch(last)
    if force is not None:
        return 2 if (force["who"], force["at"]) == (done.who, done.path[0]) else 1
    going = _march(last, known)
    same_way = going is not None and going.path == done.path[: len(going.path)]
    if going is None or not same_way or going.stop or "leader" in going.what:
        return 1
    return 2 if (going.who, going.verb) == (done.who, done.verb) else 1


def _same_seat(a: str, b: str) -> bool:
    """Whether two lines, both a step's (bare or both items), begin with the same seat."""
    mark = BULLET if a.startswith(BULLET) else ""
    if not b.startswith(mark) or (not mark and b.startswith(BULLET)):
        return False
    who = re.match(r"[A-Z]\w*", a.removeprefix(mark))
    return who is not None and re.match(rf"{who[0]}\b", b.removeprefix(mark)) is not None


def _settle_ends(out: list[str], known: frozenset[str]) -> None:
    """A step that ends something (the last line, told so to whoever typed it: `halt`,
    `done`) once more follows: a halt is no news after the march it ends, nor is a force
    that never set out; the end of purchases is none after a purchase."""
    if len(out) < 2:
        return
    mark = BULLET if out[-1].startswith(BULLET) else ""
    if not out[-2].startswith(mark):
        return
    before = out[-2].removeprefix(mark)
    if (done := BUY_END.fullmatch(out[-1].removeprefix(mark))) is not None:
        bought = BUY.fullmatch(before)
        if bought is not None and bought["who"] == done["who"]:
            out.pop()
        return
    halt = HALT.fullmatch(out[-1].removeprefix(mark))
    if halt is None:
        return
    a, force = _march(before, known), FORCE.fullmatch(before)
    if a is not None and not a.stop and (a.who, a.path[-1]) == (halt["who"], halt["at"]):
        out.pop()
    elif force is not None and (force["who"], force["at"]) == (halt["who"], halt["at"]):
        del out[-2:]


BULLET = "• "  # a message's lines may come as a list's items


def _bulleted(
    join: Callable[[str, str, frozenset[str]], str | None],
    a: str,
    b: str,
    known: frozenset[str],
) -> str | None:
    """`join` of two lines both bare or both items of a list; the result an item too."""
    mark = BULLET if a.startswith(BULLET) else ""
    if not b.startswith(mark) or (not mark and b.startswith(BULLET)):
        return None
    said = join(a.removeprefix(mark), b.removeprefix(mark), known)
    return said if not said else mark + said


def _single_places(lines: list[str]) -> Iterable[str]:
    """The places the lines name one at a time (a march's ends), so that a list of them
    read back splits at the right "and"."""
    for line in lines:
        m = MARCH_ON.fullmatch(line.removeprefix(BULLET)) or MARCH.fullmatch(
            line.removeprefix(BULLET)
        )
        if m is not None and not m["frm"].endswith(" through"):
            yield m["frm"]
            yield m["to"]


# --- what a longer line added -------------------------------------------------------------------


def line_added(shown: str, merged: str) -> str | None:
    """For a reader who saw `shown`, what `merged` (the line it became) added, as a line of
    its own; None when `merged` is not `shown` with more of the same."""
    return _bulleted(lambda a, b, _: _added(a, b), shown, merged, frozenset())


def _added(shown: str, merged: str) -> str | None:
    for added in (
        _rounds_added,
        _buys_added,
        _losses_added,
        _embarks_added,
        _landings_added,
        _march_added,
        _control_added,
        _phase_added,
    ):
        said = added(shown, merged)
        if said is not None:
            return said
    return None


def _rounds_added(shown: str, merged: str) -> str | None:
    """The round a battle's rounds without hits gained, as its own line."""
    a, b = QUIET.fullmatch(shown), QUIET.fullmatch(merged)
    if not (a and b and b["last"]) or a["at"] != b["at"] or a["first"] != b["first"]:
        return None
    rolls = b["rolls"].rsplit(f"; {b['last']}: ", 1)[-1]
    return f"{b['at']}, round {b['last']}: no hits ({rolls}; {b['how']})"


def _phase_added(shown: str, merged: str) -> str | None:
    """What a phase's line gained: its end, a leader going along, its revenue's parts."""
    if (r := RETREAT.fullmatch(shown)) and merged.startswith(f"{r['who']} retreats its leader"):
        return f"{r['who']}'s leader goes with them"
    told = REVENUE_TOLD.fullmatch(merged)
    if told is None:
        return None
    left = f"(treasury {told['left']})"
    if REVENUE.fullmatch(shown):
        return f"{told['who']} collects {_talents(int(told['n']))} from its provinces {left}"
    if told["u"] is not None and REVENUE_TOLD.fullmatch(shown):
        return f"{told['who']} pays {_talents(int(told['u']))} for its units' upkeep {left}"
    return None


def _diff(
    pattern: re.Pattern[str], shown: str, merged: str, keys: tuple[str, ...]
) -> tuple[re.Match[str], re.Match[str], dict[str, int]] | None:
    a, b = pattern.fullmatch(shown), pattern.fullmatch(merged)
    if not (a and b) or any(a[k] != b[k] for k in keys):
        return None
    x, y = _counts(a["what"]), _counts(b["what"])
    if x is None or y is None:
        return None
    more = {k: n for k, n in _sum(y, x, -1).items() if n}
    if not more or any(n < 0 for n in more.values()):
        return None
    return a, b, more


def _buys_added(shown: str, merged: str) -> str | None:
    found = _diff(BUY, shown, merged, ("who", "at"))
    if found is None:
        return None
    a, b, more = found
    return _buy_line(a["who"], more, int(b["cost"]) - int(a["cost"]), a["at"], b["left"])


def _losses_added(shown: str, merged: str) -> str | None:
    found = _diff(LOSS, shown, merged, ("who", "at", "why"))
    if found is None:
        return None
    a, _, more = found
    return _loss_line(a["who"], more, a["at"], a["why"])


def _embarks_added(shown: str, merged: str) -> str | None:
    force, embark = FORCE.fullmatch(shown), EMBARK.fullmatch(merged)
    if force and embark:
        return merged if force.group("who", "at") == embark.group("who", "at") else None
    found = _diff(EMBARK, shown, merged, ("who", "at"))
    if found is None:
        return None
    a, _, more = found
    return _embark_line(a["who"], more, a["at"])


def _landed_added(who: str, shown: str, merged: str) -> str | None:
    """What a voyage's landing gained: all of it (`shown` empty), or the units added."""
    if not shown:
        return f"{who} lands {merged}"
    return _landings_added(f"{who} lands {shown}", f"{who} lands {merged}")


def _landings_added(shown: str, merged: str) -> str | None:
    found = _diff(LAND, shown, merged, ("who", "at", "invasion"))
    if found is None:
        return None
    a, _, more = found
    return _landing_line(a["who"], more, a["at"], a["invasion"])


def _march_added(shown: str, merged: str) -> str | None:
    known = _standard_names()
    b = _march(merged, known)
    if b is None:
        return None
    force = FORCE.fullmatch(shown) or EMBARK.fullmatch(shown)  # the march tells it
    if force is not None:
        return merged if (force["who"], force["at"]) == (b.who, b.path[0]) else None
    a = _march(shown, known)
    if a is None or (a.who, a.verb, a.what) != (b.who, b.verb, b.what):
        return _forces_added(a, b)
    if b.path[: len(a.path)] != a.path:
        return None
    if len(b.path) > len(a.path):
        return replace(b, what="on", path=b.path[len(a.path) - 1 :], landed="").told()
    if b.landed and b.landed != a.landed:
        return _landed_added(b.who, a.landed, b.landed)
    if b.stop and not a.stop:
        m = re.fullmatch(r", where it meets (.+) and stops (\(.+\))", b.stop)
        return f"{b.who} meets {m[1]} in {b.path[-1]} and stops {m[2]}" if m else None
    return None


def _forces_added(a: March | None, b: March) -> str | None:
    """A second force's line joined to the first's (`_join_forces`): the second alone."""
    if a is None or (a.who, a.verb, a.path, a.stop) != (b.who, b.verb, b.path, b.stop):
        return None
    x, y = _counts(a.what), _counts(b.what)
    if x is None or y is None:
        return None
    more = {k: n for k, n in _sum(y, x, -1).items() if n}
    if not more or any(n < 0 for n in more.values()):
        return None
    return replace(b, what=_units(more)).told()


def _control_added(shown: str, merged: str) -> str | None:
    a, b = CONTROL.fullmatch(shown), CONTROL.fullmatch(merged)
    if not (a and b) or a["who"] != b["who"]:
        return None
    known = _standard_names()
    old, new = _places(a["at"], known), _places(b["at"], known)
    if old is None or new is None or new[: len(old)] != old or len(new) == len(old):
        return None
    return f"{a['who']} takes control of {listed(new[len(old) :])} (l.10)"
