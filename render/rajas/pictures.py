"""Rajas of the Ganges' pictures as the registry calls them: the board of a view and its alt
text."""

from __future__ import annotations

from rules.rajas import (
    NO,
    State,
    count_of,
    engine,
    explain,
    notation,
    province,
    race_words,
    ranking,
)

from ..pictures import Names, Pictures
from .board import board_png


def _name(seat: str, names: Names | None) -> str:
    """The seat's colour, and who holds it where the table knows: `Red (Asha)`."""
    held = (names or {}).get(seat)
    return f"{seat.capitalize()} ({held})" if held else seat.capitalize()


def alt_text(v: State, names: Names | None) -> str:
    """What the picture shows, for a screen reader and the terminal's `board`: the round and
    who places (at the end, who won and why, in the words the table's result uses), each
    player's race, money, karma, dice and province in a sentence; then what a player plans
    with (a trial could not without the picture): each province's tiles with their roads,
    the quarry's top tiles and the river's earnings. A Discord attachment's description
    takes its first 1,024 characters: the figures come first."""
    if v.phase in ("setup", "start"):
        return "The Rajas of the Ganges board, being set up."
    mover = engine.to_move(v)
    head = f"The Rajas of the Ganges board, round {v.round}."
    if v.phase == "over":
        head = f"The Rajas of the Ganges board, game over after round {v.round}: {ranking(v).text}."
    elif mover is not None:
        head += f" {_name(mover, names)} to place."
    parts = [head]
    for i, seat in enumerate(v.seats):
        g, crossed = engine.gap(v, i), engine.crossed(v, i)
        if v.phase == "over":
            race = race_words(crossed, g)
        else:
            race = (
                f"markers crossed, {g} past"
                if crossed
                else f"{count_of(-g, 'fame space')} to cross"
            )
        tiles = sum(1 for c in v.province[i] if c >= 0)
        dice = f"dice {' '.join(v.dice[i])}" if v.dice[i] else "no dice"
        parts.append(
            f"{_name(seat, names)}: fame {v.fame[i]}, money {v.money[i]} ({race}); karma "
            f"{v.karma[i]}; {count_of(tiles, 'tile')} built; boat at river space {v.boat[i]}; "
            f"{dice}."
        )
    parts += [_province(v, i, names) for i in range(len(v.seats))]
    return " ".join([*parts, _quarry(v), _river(v)])


def _province(v: State, i: int, names: Names | None) -> str:
    """A province's tiles by cell, each with its roads as turned and what it holds."""
    built = []
    for cell, held in enumerate(v.province[i]):
        if held == NO:
            continue
        roads = province.roads_at(v.board, v.tiles, v.province[i], cell)
        sides = " ".join(side for k, side in enumerate("NESW") if roads >> k & 1)
        holds = notation.tile_holds(v, held >> 2)
        built.append(f"{notation.cell_name(v, cell)} roads {sides}{', ' * bool(holds)}{holds}")
    said = "; ".join(built) if built else "no tile yet"
    player = (names or {}).get(v.seats[i])  # "Red's province (Asha's)", not "Red (Asha)'s"
    whose = "" if not player else " (yours)" if player == "you" else f" ({player}'s)"
    return f"{v.seats[i].capitalize()}'s province{whose}: {said}."


def _quarry(v: State) -> str:
    tops = [
        f"{engine.stack_name(k)} {notation.priced_tile(v, t)} ({len(v.stacks[k]) + 1} left)"
        for k, t in enumerate(v.tops)
        if t != NO
    ]
    return f"Quarry top tiles: {'; '.join(tops)}." if tops else "The quarry is empty."


def _river(v: State) -> str:
    """Each river space's earning, as the options word it (without a player's "now")."""
    spaces = [f"{k} ({explain.earning_kind(v, k)})" for k in range(1, len(v.board.river) + 1)]
    return f"River spaces: {'; '.join(spaces)}."


PICTURES: Pictures[State] = Pictures(lambda view, names: board_png(view), alt_text)
