"""Rajas of the Ganges' pictures as the registry calls them: the board of a view and its alt
text."""

from __future__ import annotations

from rules.rajas import State, count_of, engine, race_words, ranking

from ..pictures import Names, Pictures
from .board import board_png


def _name(seat: str, names: Names | None) -> str:
    """The seat's colour, and who holds it where the table knows: `Red (Asha)`."""
    held = (names or {}).get(seat)
    return f"{seat.capitalize()} ({held})" if held else seat.capitalize()


def alt_text(v: State, names: Names | None) -> str:
    """What the picture shows, for a screen reader: the round and who places (at the end, who
    won and why, in the words the table's result uses), and each player's race, money, karma,
    dice and province in a sentence."""
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
            race = f"markers crossed, {g} past" if crossed else f"{g * -1} fame to cross"
        tiles = sum(1 for c in v.province[i] if c >= 0)
        dice = f"dice {' '.join(v.dice[i])}" if v.dice[i] else "no dice"
        parts.append(
            f"{_name(seat, names)}: fame {v.fame[i]}, money {v.money[i]} ({race}); karma "
            f"{v.karma[i]}; {count_of(tiles, 'tile')} built; boat at river space {v.boat[i]}; "
            f"{dice}."
        )
    return " ".join(parts)


PICTURES: Pictures[State] = Pictures(lambda view, names: board_png(view), alt_text)
