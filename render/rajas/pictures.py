"""Rajas of the Ganges' pictures as the registry calls them: the board of a view and its alt
text."""

from __future__ import annotations

from rules.rajas import State, count_of, engine

from ..pictures import Names, Pictures
from .board import board_png


def _name(seat: str, names: Names | None) -> str:
    """A seat as a sentence's subject: its colour, and its player in brackets where known
    ("Red (you)"), so the verb agrees with the seat whoever holds it."""
    player = (names or {}).get(seat)
    return seat.capitalize() + (f" ({player})" if player else "")


def alt_text(v: State, names: Names | None) -> str:
    """What the picture shows, for a screen reader: the round, who places, and each player's
    race, money, karma, dice and province in a sentence."""
    if v.phase in ("setup", "start"):
        return "The Rajas of the Ganges board, being set up."
    mover = engine.to_move(v)
    head = f"The Rajas of the Ganges board, round {v.round}"
    head += ", game over." if v.phase == "over" else "."
    if mover is not None:
        head += f" {_name(mover, names)} places."
    parts = [head]
    for i, seat in enumerate(v.seats):
        g = engine.gap(v, i)
        race = f"crossed, {g} past" if engine.crossed(v, i) else f"{-g} fame to cross"
        tiles = sum(1 for c in v.province[i] if c >= 0)
        dice = f"dice {' '.join(v.dice[i])}" if v.dice[i] else "no dice"
        parts.append(
            f"{_name(seat, names)}: fame {v.fame[i]}, money {v.money[i]} ({race}); karma "
            f"{v.karma[i]}; {count_of(tiles, 'tile')} built; boat at {v.boat[i]}; {dice}."
        )
    return " ".join(parts)


PICTURES: Pictures[State] = Pictures(lambda view, names: board_png(view), alt_text)
