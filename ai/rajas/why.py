"""Why the Rajas of the Ganges AI plays as it does, in a player's words: the line at an AI's
turn's end (from the views where its turn began and ended) and the hint for the player on turn
(the greedy placement, what it gains, and the runner-up).

Greedy weighs a placement by the race (fame, and money, which moves the fame space to reach),
the dice on the statue, karma, upgrades, new workers, the boat and the tiles built: the words
say what changed among those and how far the seat is left from crossing."""

from __future__ import annotations

import random

from rules.rajas import BUILDINGS, COLOURS, GAME, State, notation
from rules.rajas import engine as rules

from ..budget import Budget
from ..players import Advice
from . import greedy


def count_of(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def gains(b: State, a: State, i: int) -> list[str]:
    """What seat i gained or spent between `b` and `a`, in the game's words."""
    out = []
    for n, what in (
        (a.fame[i] - b.fame[i], "fame"),
        (a.money[i] - b.money[i], "money"),
        (a.karma[i] - b.karma[i], "karma"),
    ):
        if n:
            out.append(f"{'gains' if n > 0 else 'spends'} {abs(n)} {what}")
    built = sum(1 for c in a.province[i] if c >= 0) - sum(1 for c in b.province[i] if c >= 0)
    if built > 0 or len(a.covered[i]) > len(b.covered[i]):
        out.append("builds a tile" if built <= 1 else f"builds {built} tiles")
    ups = [BUILDINGS[k] for k in range(4) if a.upgrades[i][k] > b.upgrades[i][k]]
    if ups:
        out.append(f"upgrades its {' and '.join(ups)}")
    out += _dice_changes(b.dice[i], a.dice[i])
    if a.boat[i] > b.boat[i]:
        out.append(f"sails {count_of(a.boat[i] - b.boat[i], 'river space')}")
    if a.workers[i] > b.workers[i]:
        out.append("gains a worker")
    return out


def _dice_changes(before: tuple[str, ...], after: tuple[str, ...]) -> list[str]:
    """The dice taken and given up, by colour (what the statue holds more or fewer of)."""
    taken: list[str] = []
    given: list[str] = []
    for colour in COLOURS:
        n = sum(d[0] == colour[0] for d in after) - sum(d[0] == colour[0] for d in before)
        words = f"{abs(n)} {colour} {'die' if abs(n) == 1 else 'dice'}"
        (taken if n > 0 else given).extend([words] if n else [])
    out = [f"takes {' and '.join(taken)}"] if taken else []
    return out + ([f"gives up {' and '.join(given)}"] if given else [])


def standing(s: State, i: int) -> str:
    g = rules.gap(s, i)
    return f"{g} past the money marker" if rules.crossed(s, i) else f"{g * -1} fame to cross"


def why_line(start: State, end: State, seat: str, level: str) -> str | None:
    """The line at an AI's turn's end."""
    if seat not in start.seats:
        return None
    if level == "random":
        return "_Why: the random AI picks any allowed step._"
    i = start.seats.index(seat)
    said = gains(start, end, i)
    if not said:
        return f"_Why: nothing better was open; it stays {standing(end, i)}._"
    return f"_Why: it {', '.join(said)}, the best one placement ahead; now {standing(end, i)}._"


def advise(view: State, seat: str, r: random.Random, budget: Budget) -> Advice:
    """The greedy placement for the player on turn, as one order, what it gains, and the
    runner-up first step."""
    if rules.to_move(view) != seat:
        raise ValueError(f"it is not {seat}'s turn")
    i = view.seats.index(seat)
    steps = greedy.plan(view)
    s, words = view, []
    for a in steps:
        words.append(notation.describe(s, a))
        s = GAME.apply(s, a)
    order = ", ".join(words)
    said = gains(view, s, i)
    what = ", ".join(said) if said else "nothing better is open"
    lines = [f"The computer (greedy) would play `{order}`: {what}; then {standing(s, i)}."]
    others = [a for _, a in greedy.ranked(view) if a != steps[0]]
    if others:
        lines.append(f"Runner-up: `{notation.describe(view, others[0])}`.")
    else:
        lines.append("Runner-up: none: it is the only step allowed.")
    return Advice(summary="\n".join(lines), order=order)
