"""Every game the bot hosts, in one registry built once, at the first ask (the bot's start).
A game joins with its one entry in `ENTRIES`."""

from __future__ import annotations

import functools

from pydantic import BaseModel

from rules.game import Game

from .games import goat_tiger, rajas, successors, taj_mahal, vijayanagara
from .games.entry import Registry, build_registry

# every game the bot hosts, each by its registration (bot.table.games): a game joins here
ENTRIES = (vijayanagara.ENTRY, goat_tiger.ENTRY, taj_mahal.ENTRY, rajas.ENTRY, successors.ENTRY)


@functools.cache
def registry() -> Registry:
    return build_registry(*ENTRIES)


def hosted(games: Registry | None) -> Registry:
    """The games a table, a client or a tool is given; None: the bot's own."""
    return registry() if games is None else games


def game(gid: str) -> Game[object, object, object, BaseModel]:
    """The rules of the game with this id; a ValueError lists the ids there are."""
    return registry().game(gid)


def games() -> tuple[Game[object, object, object, BaseModel], ...]:
    """Every hosted game's rules, by id."""
    return registry().games()
