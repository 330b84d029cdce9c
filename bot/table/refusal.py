"""Refusals: what a user is told when nothing was changed, and the one mapping of every kind
of refusal to the reply they get."""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec

from db import GameExists, StaleAction

from .reminders import ReminderError
from .reply import Menu, Reply

_P = ParamSpec("_P")


class ServiceError(Exception):
    """A refusal with a message for the user; nothing was changed. `menu`: what the user
    may pick instead (e.g. the steps an ambiguous one could have meant)."""

    def __init__(self, message: str, menu: Menu | None = None) -> None:
        super().__init__(message)
        self.menu = menu


def answers(
    stale: str = "The game changed meanwhile; try again.",
    exists: str = "This channel already has a game.",
) -> Callable[[Callable[_P, Coroutine[Any, Any, Reply]]], Callable[_P, Coroutine[Any, Any, Reply]]]:
    """The one mapping of refusals to the user's Reply: a ServiceError or ReminderError says
    what was wrong; a StaleAction (the game changed between reading and storing) says
    `stale`; GameExists (another game took the channel meanwhile) says `exists`. Nothing was
    stored in any case."""

    def wrap(
        method: Callable[_P, Coroutine[Any, Any, Reply]],
    ) -> Callable[_P, Coroutine[Any, Any, Reply]]:
        @functools.wraps(method)
        async def replying(*args: _P.args, **kwargs: _P.kwargs) -> Reply:
            try:
                return await method(*args, **kwargs)
            except ServiceError as e:
                reply = Reply.error(str(e))
                reply.menu = e.menu
                return reply
            except ReminderError as e:
                return Reply.error(str(e))
            except StaleAction:
                return Reply.error(stale)
            except GameExists:
                return Reply.error(exists)

        return replying

    return wrap
