"""The picture in words, for a screen reader: what the map shows, most needed first (the turn,
the players, every area and sea where something stands, then control and markers elsewhere).
Units are written as the orders write them (levy, inf, cav, el, fleets)."""

from __future__ import annotations

from rules.successors import CAPTIVE, INVASION, NO, REVOLT, View, count_of

from ..pictures import Names
from . import stacks
from .board import colours, labels, scores, title_of
from .stacks import Run

WORDS = {"L": "levy", "I": "inf", "C": "cav", "E": "el", "F": "fleet"}
MARKED = {REVOLT: "in revolt", INVASION: "invaded"}


def _word(word: str) -> str:
    """A run's word as the orders write it: "2I" is "2 inf", "★" the leader."""
    if word == stacks.LEADER:
        return "leader"
    n, letter = int(word[:-1]), word[-1]
    return count_of(n, "fleet") if letter == "F" else f"{n} {WORDS[letter]}"


def _words(r: Run) -> list[str]:
    """A seat's run in words; its mercenaries' named apart ("2 mercenary inf"), as the
    picture draws them apart (white, edged in its colour)."""
    if r.style != "merc":
        return [_word(w) for w in r.words]
    return [_word(w).replace(" ", " mercenary ", 1) for w in r.words]


def alt_text(v: View, names: Names | None) -> str:
    s = v.state
    who = colours(v)
    parts = [f"Successors map. {title_of(v, names)}."]
    if s.order and s.phase == "play":
        parts.append("Order: " + ", ".join(who[k] for k in s.order) + ".")
    parts.append(f"Chits in the cup: {v.cup_size}.")
    half = scores(s)
    label = labels(v, names)
    parts += [_player(v, seat, label[seat], who, half[seat]) for seat in range(s.players)]
    parts += _areas(v, who)
    return " ".join(parts)


def _player(v: View, seat: int, label: str, who: list[str], half: int) -> str:
    """A seat's paragraph: its colour and player, then its figures, naming others by colour."""
    s = v.state
    if seat in s.out:
        return f"{label}: eliminated."
    words = [
        count_of(s.money[seat], "Talent"),
        count_of(v.hand_sizes[seat], "chit"),
        f"{half / 2:g} points",
    ]
    if s.homes[seat] != NO:
        words.append(f"home {s.parts.map.names[s.homes[seat]]}")
    at = s.leaders[seat]
    if at >= CAPTIVE:
        words.append(f"leader held by {who[at - CAPTIVE]}")
    elif at == NO:  # (the treasury comes with the home: status says it the same way)
        words.append(f"no home yet ({s.parts.setup.start_money} Talents to spend there)")
    allies = [b if a == seat else a for a, b in s.alliances if seat in (a, b)]
    if allies:
        words.append("allied with " + ", ".join(who[k] for k in allies))
    return f"{label}: {', '.join(words)}."


def _areas(v: View, who: list[str]) -> list[str]:
    """Each player's areas (with its units there, where no one else stands), then the areas
    where others stand or nobody rules, the marked ones, and the seas."""
    s = v.state
    m = s.parts.map
    runs = stacks.runs(v)
    held: list[list[str]] = [[] for _ in s.seats]
    shared: list[str] = []
    seas: list[str] = []
    marked: dict[int, list[str]] = {REVOLT: [], INVASION: []}
    for place, here in enumerate(runs):
        sides = [r for r in here if r.style != "battle"]
        battle = ", a battle" if len(sides) < len(here) else ""
        if place >= m.land:
            if sides:
                seas.append(f"{m.names[place]} ({_sides(sides, who)})")
            continue
        name = m.names[place] + battle
        owner = s.control[place]
        if s.markers[place] in marked:
            marked[s.markers[place]].append(f"{name} ({_sides(sides, who, '') or 'empty'})")
        elif owner != NO and all(r.seat == owner and r.style != "white" for r in sides):
            mine = ", ".join(w for r in sides for w in _words(r))
            held[owner].append(f"{name} ({mine})" if mine else name)
        elif sides:
            ruled = f", {who[owner]}'s" if owner != NO else ""
            shared.append(f"{m.names[place]}{ruled}{battle} ({_sides(sides, who)})")
    out = [f"{who[k]} controls {', '.join(areas)}." for k, areas in enumerate(held) if areas]
    if shared:
        out.append(f"Elsewhere: {'; '.join(shared)}.")
    for marker, said in MARKED.items():
        if marked[marker]:
            out.append(f"{said.capitalize()}: {'; '.join(marked[marker])}.")
    if seas:
        out.append(f"At sea: {'; '.join(seas)}.")
    return out


def _sides(sides: list[Run], who: list[str], white: str = "rebels ") -> str:
    """Each side's units; the white ones after `white` (nothing where a marker says who)."""
    out = []
    for r in sides:
        words = ", ".join(_word(w) for w in r.words)
        if r.style == "white":
            out.append(f"{white}{words}")
        elif r.style == "merc":
            out.append(f"{who[r.seat]}'s mercenaries {words}")
        else:
            out.append(f"{who[r.seat]} {words}")
    return "; ".join(out)
