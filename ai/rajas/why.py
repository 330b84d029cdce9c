"""Why the Rajas of the Ganges AI plays as it does, in a player's words: the line at an AI's
turn's end (from the views where its turn began and ended), and what a step gains and how far
it leaves the seat from crossing, which the hint (ai.rajas.hard) says too.

Greedy weighs a placement by the race (fame, and money, which moves the fame space to reach),
the dice on the statue, karma, upgrades, new workers, the boat and the tiles built: the words
say what changed among those and how far the seat is left from crossing."""

from __future__ import annotations

from rules.rajas import BUILDINGS, COLOURS, State
from rules.rajas import engine as rules
from rules.words import noun_for


def gains(b: State, a: State, i: int) -> list[str]:
    """What seat i gained or spent between `b` and `a`, in the game's words."""
    out = []
    for was, now, what in (
        (b.fame[i], a.fame[i], "fame"),
        (b.money[i], a.money[i], "money"),
        (b.karma[i], a.karma[i], "karma"),
    ):
        if now != was:  # in all, from where it was (a trial read the net gain of a build
            verb = "gains" if now > was else "spends"  # after its quarry's cost as unsaid)
            out.append(f"{verb} {abs(now - was)} {what} in all ({what} {was}→{now})")
    built = sum(1 for c in a.province[i] if c >= 0) - sum(1 for c in b.province[i] if c >= 0)
    if built > 0 or len(a.covered[i]) > len(b.covered[i]):
        out.append("builds a tile" if built <= 1 else f"builds {built} tiles")
    ups = [BUILDINGS[k] for k in range(4) if a.upgrades[i][k] > b.upgrades[i][k]]
    if ups:
        out.append(f"upgrades its {' and '.join(ups)}")
    out += _dice_changes(b.dice[i], a.dice[i])
    if a.boat[i] > b.boat[i]:  # where, as the log's line says (its count skips boats)
        out.append(f"sails to river space {a.boat[i]}")
    if a.workers[i] > b.workers[i]:
        out.append("gains a worker")
    return out


def _dice_changes(before: tuple[str, ...], after: tuple[str, ...]) -> list[str]:
    """What the statue holds more or fewer of, by colour: a count in all ("ends with 1 more
    blue die" where it gave up a blue die and took two: a trial read "takes 1 blue die")."""
    said: list[str] = []
    for colour in COLOURS:
        n = sum(d[0] == colour[0] for d in after) - sum(d[0] == colour[0] for d in before)
        if n:
            more = "more" if n > 0 else "fewer"
            said.append(f"{abs(n)} {more} {colour} {noun_for(abs(n), 'die')}")
    return [f"ends with {' and '.join(said)}"] if said else []


def standing(s: State, i: int, whose: str = "its") -> str:
    """How far seat i is from crossing, its ("its"; a hint to the seat's player: "your")."""
    g = rules.gap(s, i)
    # (a trial read "61 fame to cross" as jargon)
    if rules.crossed(s, i):  # met exactly: as the result says it (a hint read "0 past")
        crossed = f"crossed, fame {g} past money" if g else "met"
        return f"{whose} markers have {crossed}"
    return f"{whose} fame and money markers are {g * -1} fame spaces from crossing"


def why_line(start: State, end: State, seat: str, level: str) -> str | None:
    """The line at an AI's turn's end."""
    if seat not in start.seats:
        return None
    if level == "random":
        return "_Why: the random AI picks any allowed step._"
    i = start.seats.index(seat)
    said = gains(start, end, i)
    if not said:
        return f"_Why: nothing better was open; {standing(end, i)}._"
    return (
        f"_Why: it {', '.join(said)}, its best placement looking one placement ahead; now "
        f"{standing(end, i)}._"
    )
