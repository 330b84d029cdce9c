"""How Successors writes its places, seats and pieces: the map's names, the seats' colours,
the units' words ("inf", "merc cav", "red levy")."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from ..words import count_of, listed
from .components import TYPES
from .state import LEADER, MERC, WHITE, State

WORD_TITLES = {"levy": "Levy", "inf": "Inf", "cav": "Cav", "el": "EL"}
NOUNS = ("levy", "infantry", "cavalry", "elephant")
PLURALS = ("levies", "infantry", "cavalry", "elephants")


def area_name(s: State, area: int) -> str:
    return s.parts.map.names[area]


class _Titles(dict[str, str]):
    """Each seat's title, made once (a step writes one or two)."""

    def __missing__(self, name: str) -> str:
        self[name] = found = name.capitalize()
        return found


_TITLES: Final = _Titles()


def title(s: State, seat: int) -> str:
    """A seat as the table writes it: "Blue"."""
    return _TITLES[s.seats[seat]]


def side_title(s: State, seat: int) -> str:
    """A seat's title, or "the rebels" for white units."""
    return "the rebels" if seat < 0 or seat == WHITE else title(s, seat)


def does(who: str, verb: str) -> str:
    """A side and its verb (written for one) in agreement: "Red rolls", "the rebels roll",
    "Red and Blue win" (the rebels, or allies fighting together, are many)."""
    if who.lower() == "the rebels" or " and " in who:
        verb = {"has": "have", "is": "are"}.get(verb, verb.removesuffix("s"))
    return f"{who} {verb}"


def units_text(counts: Sequence[int], hired: Sequence[int] = ()) -> str:
    """Counts by type in words, and mercenaries' apart (l.24): "2 infantry and 1 cavalry",
    "1 levy and 2 mercenary infantry"; "no units" when none."""
    parts = [f"{n} {NOUNS[t] if n == 1 else PLURALS[t]}" for t, n in enumerate(counts) if n]
    parts += [
        f"{n} mercenary {NOUNS[t] if n == 1 else PLURALS[t]}" for t, n in enumerate(hired) if n
    ]
    if not parts:
        return "no units"
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def none_left(s: State, slot: int, wanted: Sequence[int], got: Sequence[int]) -> str | None:
    """Why fewer units came from a slot's pool than were wanted (F: units not in the pool
    are not received): "the rebels have no more cavalry"; None when all came."""
    lacking = listed([PLURALS[t] for t, n in enumerate(wanted) if got[t] < n], "or")
    if not lacking:
        return None
    if slot == WHITE:
        return f"the rebels have no more {lacking}"
    if slot > WHITE:  # mercenaries are white counters (F, rule 2.0)
        return f"no white {lacking} is left to hire"
    return f"{title(s, slot)} has no more {lacking} off the map"


def fewer_told(
    s: State, slot: int, wanted: Sequence[int], got: Sequence[int], source: str = "the card"
) -> str:
    """What a line giving fewer units than its card (or chit) says adds: " (the card says 2
    cavalry: the rebels have no more cavalry)"; "" when all came."""
    why = none_left(s, slot, wanted, got)
    return f" ({source} says {units_text(wanted)}: {why})" if why else ""


def unit_noun(kind: int, n: int = 1) -> str:
    return NOUNS[kind] if n == 1 else PLURALS[kind]


def piece_word(s: State, seat: int, c: int) -> str:
    """A unit code as the notation writes it for `seat`: its own "inf", its mercenaries'
    "merc inf", another seat's "red inf" (its mercenaries "red merc inf"), white "white inf"."""
    slot, kind = divmod(c, 4)
    word = TYPES[kind]
    if slot == seat:
        return word
    if slot == MERC + seat:
        return f"merc {word}"
    if slot == WHITE:
        return f"white {word}"
    if slot >= MERC:
        return f"{s.seats[slot - MERC]} merc {word}"
    return f"{s.seats[slot]} {word}"


def piece_code(s: State, seat: int, word: str) -> int | None:
    """The unit code a piece word names for `seat`; LEADER for "leader"; None when it names
    no unit."""
    if len(word) > 40:  # a word typed, not one the legal steps write: not kept
        return _piece_code.__wrapped__(s.seats, seat, word)
    return _piece_code(s.seats, seat, word)


@lru_cache(maxsize=4096)
def _piece_code(seats: tuple[str, ...], seat: int, word: str) -> int | None:
    if word == "leader":
        return LEADER
    parts = word.split()
    if not parts or parts[-1] not in TYPES:
        return None
    kind = TYPES.index(parts[-1])
    head = parts[:-1]
    slot = seat
    if head and head[0] in seats:
        slot = seats.index(head[0])
        head = head[1:]
    elif head and head[0] == "white":
        return WHITE * 4 + kind if len(head) == 1 else None
    if head == ["merc"]:
        return (MERC + slot) * 4 + kind
    return slot * 4 + kind if not head else None


def counted(n: int, noun: str) -> str:
    return count_of(n, noun)


def talents(n: int) -> str:
    return f"{n} Talent" + ("" if n == 1 else "s")
