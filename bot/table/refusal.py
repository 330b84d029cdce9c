"""Refusals: what a user is told when nothing was changed, and the one mapping of every kind
of refusal to the reply they get."""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec

from db import GameExists, StaleAction

from .front_end import NO_FRONT_END, CommandNaming, FrontEnd, by_words
from .reminders import ReminderError
from .reply import Menu, Reply

_P = ParamSpec("_P")


class ServiceError(Exception):
    """A refusal with a message for the user; nothing was changed. `menu`: what the user
    may pick instead (e.g. the steps an ambiguous one could have meant)."""

    def __init__(self, message: str, menu: Menu | None = None) -> None:
        super().__init__(message)
        self.menu = menu

    def told(self, named: CommandNaming) -> str:
        """The refusal as a front end that names a command with `named` shows it."""
        del named  # a plain refusal names its commands as it was given them
        return str(self)


def front_of(part: object) -> FrontEnd:
    """The front end the table part `part` was built for (its `shared.texts.front`), else
    none: plain words."""
    front = getattr(getattr(getattr(part, "shared", None), "texts", None), "front", None)
    return front if isinstance(front, FrontEnd) else NO_FRONT_END


def naming_of(part: object) -> CommandNaming:
    """How the table part `part` names a command: as the front end it was built for does,
    else by the command's words."""
    return front_of(part).command


def answers(
    stale: str = "The game changed meanwhile; try again.",
    exists: str = "{Here} already has a game.",
    retry: str | None = None,
) -> Callable[[Callable[_P, Coroutine[Any, Any, Reply]]], Callable[_P, Coroutine[Any, Any, Reply]]]:
    """The one mapping of refusals to the user's Reply: a ServiceError or ReminderError says
    what was wrong; a StaleAction (the game changed between reading and storing) says
    `stale` (or, given the words of the command to `retry`, to try it again, named as the
    front end types it for the game of the call's `kind`); GameExists (another game took the
    channel meanwhile) says `exists`, its place in the front end's words (FrontEnd.placed).
    Nothing was stored in any case."""

    def wrap(
        method: Callable[_P, Coroutine[Any, Any, Reply]],
    ) -> Callable[_P, Coroutine[Any, Any, Reply]]:
        @functools.wraps(method)
        async def replying(*args: _P.args, **kwargs: _P.kwargs) -> Reply:
            try:
                return await method(*args, **kwargs)
            except ServiceError as e:
                reply = Reply.error(e.told(naming_of(args[0]) if args else by_words))
                reply.menu = e.menu
                return reply
            except ReminderError as e:
                return Reply.error(str(e))
            except StaleAction:
                return Reply.error(stale if retry is None else _try_again(args, kwargs, retry))
            except GameExists:
                return Reply.error((front_of(args[0]) if args else NO_FRONT_END).placed(exists))

        return replying

    return wrap


def _try_again(args: tuple[object, ...], kwargs: dict[str, object], words: str) -> str:
    """The stale reply, naming the command to try again as the front end types it for the
    call's game (by its words alone when the call names none)."""
    kind = kwargs.get("kind")
    if args and isinstance(kind, str):
        words = naming_of(args[0])(kind, words)
    return f"The game changed meanwhile; try `{words}` again."
