"""Who sits where in a new game of the terminal client (bot.terminal.local): the seat `--play`
names is the person's, whatever else is asked; AIs take the seats `--ai` names, then free seats until
the game has its fewest players (or `--players`); without `--play` the person takes those free
seats instead. A combination the game cannot be played with is refused before anything is
stored, with the free seats named."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from rules.game import GameInfo

from ..table.ai_users import seat_levels
from ..table.games.entry import Registry

Seating = dict[str, str | None]  # seat -> the AI's level, or None for the person's


def seating(
    info: GameInfo[BaseModel],
    play: str | None,
    ais: Sequence[tuple[str, str]],
    players: int | None = None,
    games: Registry | None = None,
) -> Seating:
    """The seats of a new game, in the game's order; ValueError says what cannot be."""
    asked: Seating = {}
    if play is not None:
        asked[play] = None
    for seat, level in ais:
        if seat in asked:
            whose = "you play that seat" if asked[seat] is None else "an AI holds it already"
            raise ValueError(
                f"--ai {seat}:{level}: {seat} is named twice ({whose}); {_free(info, asked, ais)}"
            )
        asked[seat] = level
    wanted = max(info.min_players, len(asked)) if players is None else players
    if not info.min_players <= wanted <= info.max_players:
        raise ValueError(
            f"--players {wanted}: {info.title} takes {info.min_players} to "
            f"{info.max_players} players"
        )
    if len(asked) > wanted:
        raise ValueError(
            f"--players {wanted}, but --play and --ai name {len(asked)} seats ({', '.join(asked)})"
        )
    fill = None if play is None else seat_levels(info.id, games)[0]  # the weakest level offered
    for seat in info.seats:
        if len(asked) >= wanted:
            break
        asked.setdefault(seat, fill)
    return {s: asked[s] for s in info.seats if s in asked}


def _free(info: GameInfo[BaseModel], asked: Seating, ais: Sequence[tuple[str, str]]) -> str:
    named = set(asked) | {s for s, _ in ais}
    free = [s for s in info.seats if s not in named]
    return f"free seats: {', '.join(free)}" if free else "no seat is free"


def ai_levels(seats: Seating) -> dict[str, str]:
    return {s: level for s, level in seats.items() if level is not None}


def people(seats: Seating) -> list[str]:
    return [s for s, level in seats.items() if level is None]
