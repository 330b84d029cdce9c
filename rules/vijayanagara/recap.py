"""What a reader of the channel needs at a card's edges: the header of a card just revealed
(2.3.1-2.3.2: its number, title, faction order, the deck, who is Eligible) and a one-line
recap of a card that ended, read from the game log this package writes."""

from __future__ import annotations

import re
from typing import NamedTuple

from .cards import deck_for
from .chance import deck_facts
from .model import FACTION_NAMES, PLAYERS, GameState
from .words import PIECE_NAME, count_of

_LETTER = {name: f.value for f, name in FACTION_NAMES.items()}
_NAMES = "|".join(re.escape(n) for n in _LETTER if n)
_CARD = re.compile(r"^Card (\d+): (.+) \(\d+ left in the deck\)\.$")
_PASS = re.compile(rf"^({_NAMES}) Passes")
_EVENT = re.compile(rf"^({_NAMES}) executes the Event")
_SIDE = re.compile(r"^([DBV]) chooses the (unshaded|shaded) text")
_DECREE = re.compile(r"^([DBV]) Decrees: (.+)\.$")
_COMMAND = re.compile(r"^([DBV]) begins an? (Limited )?(.+) Command\.$")
_ATTACK = re.compile(rf"^({_NAMES}) attacks? (?:{_NAMES}) in (.+)\.$")
_LOSS = re.compile(r"^([DBVM]) loses (.+) in (.+)\.$")
_DONE = re.compile(r"^([DBV]) (.+) done \((.+)\)\.$")
_MONGOLS = re.compile(r"^Mongols (Amass|Advance|Attack and Plunder)")
_SHIFT = re.compile(r"^([DBV]) spends \d+ Resources? to shift ([BV]) Influence ([+-]\d+)")
SHIFTED = "shifted"  # a faction's Influence shifts (2.5.3), summed per track in a recap
RECAP_LIMIT = 300  # characters: one line
IDLE = "(no space selected)"  # a Command that ended without a space ("no spaces"), in a recap


def card_header(st: GameState) -> str:
    """The current card as a heading: number, title, faction order, deck, Eligibility."""
    if st.current_card is None:
        return ""
    card = deck_for(st.options).cards[st.current_card]
    parts = [f"**Card {st.current_card} · {card.title}**"]
    if card.order:
        parts.append("order " + " ".join(f.value for f in card.order))
    parts.append(deck_facts(st))
    if card.kind == "timurid":
        nth = (
            "the second: the game ends once it is carried out"
            if st.timurid_drawn > 1
            else "the first"
        )
        parts.append(f"{nth} (2.2)")
    if card.kind == "event":
        eligible = [f.value for f in PLAYERS if st.eligible[f]]
        ineligible = [f.value for f in PLAYERS if not st.eligible[f]]
        shown = "Eligible: " + (", ".join(eligible) or "nobody")
        if ineligible:
            shown += f" ({', '.join(ineligible)} Ineligible)"
        parts.append(shown)
    return " · ".join(parts)


def card_lines(log: list[str], number: int) -> list[str]:
    """The log lines of the last time card `number` was in play (its reveal line first)."""
    start = None
    for i in range(len(log) - 1, -1, -1):
        m = _CARD.match(log[i])
        if m is not None and int(m.group(1)) == number:
            start = i
            break
    if start is None:
        return []
    end = start + 1
    while end < len(log) and _CARD.match(log[end]) is None:
        end += 1
    return log[start:end]


def card_recap(lines: list[str]) -> str:
    """One line for a card that ended: "Card 4 · V Attack + Trade · D passed · B attacked
    Malwa: D lost 1 Troop". Built from the card's log lines (see `card_lines`)."""
    if not lines or (head := _CARD.match(lines[0])) is None:
        return ""
    doings: dict[str, list[str]] = {}
    order: list[str] = []
    battles: dict[str, list[str]] = {}  # per attacker: "Space" or "Space (who lost what)"
    fought: dict[str, dict[str, int]] = {}  # the losses of the battle being read: who, noun, n
    shifts: dict[str, dict[str, int]] = {}  # per shifting faction: each track's net shift

    def say(who: str, what: str) -> None:
        if who not in doings:
            doings[who] = []
            order.append(who)
        if what not in doings[who]:
            doings[who].append(what)

    for line in lines[1:]:
        if m := _PASS.match(line):
            say(_who(m.group(1)), "passed")
        elif m := _EVENT.match(line):
            say(_who(m.group(1)), "Event")
        elif m := _SIDE.match(line):
            doings[m.group(1)] = [
                f"Event ({m.group(2)})" if d == "Event" else d for d in doings.get(m.group(1), [])
            ]
        elif m := _DECREE.match(line):
            say(m.group(1), m.group(2))
        elif m := _COMMAND.match(line):
            say(m.group(1), (m.group(2) or "") + m.group(3))
        elif m := _ATTACK.match(line):
            who = _who(m.group(1))
            say(who, "attacked")
            fought = {}
            battles.setdefault(who, []).append(m.group(2))
            battles[who].append("")  # filled with the losses below
            battle = battles[who]
        elif (m := _LOSS.match(line)) and battles:
            n, noun = _counted(m.group(2))
            lost = fought.setdefault(_who(m.group(1)), {})
            lost[noun] = lost.get(noun, 0) + n  # casualties removed one by one add up
            battle[-1] = ", ".join(
                f"{who} lost " + ", ".join(count_of(k, noun) for noun, k in by.items())
                for who, by in fought.items()
            )
        elif m := _MONGOLS.match(line):
            say("Mongols", m.group(1))
        elif m := _SHIFT.match(line):
            say(m.group(1), SHIFTED)
            net = shifts.setdefault(m.group(1), {})
            net[m.group(2)] = net.get(m.group(2), 0) + int(m.group(3))
        elif (m := _DONE.match(line)) and m.group(3) == "no spaces":
            say(m.group(1), f"{m.group(2)} {IDLE}")
    for who, found in battles.items():
        where = [f"{found[i]} ({found[i + 1] or 'no losses'})" for i in range(0, len(found), 2)]
        doings[who] = [
            "attacked " + ", ".join(where) if d == "attacked" else d for d in doings[who]
        ]
    for who, by in shifts.items():
        said = "shifted " + ", ".join(f"{track} Influence {n:+d}" for track, n in by.items())
        doings[who] = [said if d == SHIFTED else d for d in doings[who]]
    parts = [f"Card {head.group(1)}"]
    for who in order:
        parts.append(f"{who} " + " + ".join(_merge(doings[who])))
    if not order:  # a Mongol Invasion, Succession or Timurid card, or nobody acted
        parts = [f"Card {head.group(1)} {head.group(2)}", _first_effect(lines[1:])]
    text = " · ".join(parts)
    return text if len(text) <= RECAP_LIMIT else text[: RECAP_LIMIT - 1] + "…"


_CITED = re.compile(r"\s*\(\d(?:\.\d+)*\)\.?$")


def _first_effect(lines: list[str]) -> str:
    """The first thing a card did, without its rule citation; or that nobody acted."""
    for line in lines:
        if not line.startswith("Eligibility adjusted"):
            return _CITED.sub("", line).removesuffix(".")
    return "no Faction acted"


def _counted(text: str) -> tuple[int, str]:
    """ "2 Troops" -> (2, "Troop"), as `count_of` wrote it."""
    n, _, noun = text.partition(" ")
    k = int(n)
    return k, noun if k == 1 else noun.removesuffix("s")


def _who(name: str) -> str:
    """A faction's letter from its name or letter; the Mongols by name."""
    letter = _LETTER.get(name, name)
    return "Mongols" if letter == "M" else letter


def _merge(doings: list[str]) -> list[str]:
    """Drop a Command's bare name when its battles or "(no space selected)" say more."""
    out = []
    for d in doings:
        bare = d.removeprefix("Limited ")
        if bare == "Attack" and any(o.startswith("attacked ") for o in doings):
            continue
        if any(o != d and o.startswith(f"{d} {IDLE}") for o in doings):
            continue
        out.append(d)
    return out


# A line that counts pieces: what comes before the count, the count ("a" is one), the piece
# and the rest ("D loses 2 Troops in Malwa.", "V returns a Raja from Available ...").
_NOUNS = sorted({*PIECE_NAME.values(), "Invader"}, key=len, reverse=True)
_COUNTED = re.compile(
    r"^(?P<head>(?:.*? )?)(?P<n>\d+|an?) (?P<noun>"
    + "|".join(re.escape(n) + "s?" for n in _NOUNS)
    + r")(?P<tail>(?![A-Za-z]).*)$"
)


class _Counted(NamedTuple):
    head: str  # what comes before the count
    n: int
    noun: str  # the piece, as for one
    tail: str
    article: bool  # the count was written "a" / "an"

    def same_event(self, other: _Counted) -> bool:
        return (self.head, self.noun, _agreeing(self.tail, 2)) == (
            other.head,
            other.noun,
            _agreeing(other.tail, 2),
        )

    def told(self, n: int) -> str:
        return f"{self.head}{count_of(n, self.noun)}{_agreeing(self.tail, n)}"


# The verbs a counted line may go on with, as for one and for many ("1 Amir joins the
# Attack", "2 Amirs join the Attack"): a merged count keeps its verb in agreement.
_VERBS = {"joins": "join", "returns": "return", "moves": "move", "enters": "enter"}
_SINGULAR = {many: one for one, many in _VERBS.items()}


def _agreeing(tail: str, n: int) -> str:
    """The tail with its first word, a verb, agreeing with a count of n."""
    first, sep, rest = tail.removeprefix(" ").partition(" ")
    if not tail.startswith(" ") or first not in (*_VERBS, *_SINGULAR):
        return tail
    verb = (_SINGULAR.get(first, first)) if n == 1 else _VERBS.get(first, first)
    return f" {verb}{sep}{rest}"


def _counted_line(line: str) -> _Counted | None:
    m = _COUNTED.match(line)
    if m is None:
        return None
    article = m["n"] in ("a", "an")
    noun = m["noun"] if m["noun"] in _NOUNS else m["noun"].removesuffix("s")
    return _Counted(m["head"], 1 if article else int(m["n"]), noun, m["tail"], article)


def merged_lines(lines: list[str]) -> list[str]:
    """The lines with each run of the same counted event in a row told once, the counts
    added up, as the recap adds up a battle's losses: "D loses 1 Troop in Malwa." twice is
    "D loses 2 Troops in Malwa."."""
    out: list[str] = []
    for line in lines:
        a = _counted_line(out[-1]) if out else None
        b = _counted_line(line)
        if a is not None and b is not None and a.same_event(b):
            out[-1] = a.told(a.n + b.n)
        else:
            out.append(line)
    return out


def line_added(shown: str, merged: str) -> str | None:
    """When `merged` is `shown` with more of the same counted event joined in, the line for
    what was added alone ("D loses 1 Troop in Malwa."), for a reader who saw `shown`; else
    None."""
    a, b = _counted_line(shown), _counted_line(merged)
    if a is None or b is None or not a.same_event(b) or b.n <= a.n:
        return None
    if b.n - a.n == 1 and a.article:
        return shown  # "a Raja" again, as it was said
    return a.told(b.n - a.n)
