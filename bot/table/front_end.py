"""What the table needs to know of the front end that shows its texts, given when the table is
built: how a command, a person, a moment, a server role and the place of a game are named in
a text, how words are set off, and how much one message holds. The table knows no front end: Discord gives its own
(bot.discord.front_end), the terminal its own (bot.terminal.front_end), and a table built
without one (tests, tools) writes plain words: a command by its words, no markup, no limit."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


class CommandNaming(Protocol):
    def __call__(self, kind: str, words: str) -> str:
        """The command `words` of the game `kind` as a person types it in this front end:
        `words` as the one command table names them (`join`, `club verify`, `rules topic:`,
        `play order: pass`; empty: the game's commands as a whole)."""
        ...


def by_words(kind: str, words: str) -> str:
    """A command by its words alone (`club verify`): what a table without a front end says."""
    return words or kind


def as_written(text: str) -> str:
    """A text as it is, without emphasis."""
    return text


def utc_time(when: float) -> str:
    """A moment (seconds since the epoch) in UTC, to the minute."""
    return dt.datetime.fromtimestamp(when, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def role_number(role_id: int) -> str:
    """A server's role by its number."""
    return f"#{role_id}"


def person_number(user_id: int) -> str:
    """A person by their number."""
    return f"person {user_id}"


def channel_name(channel_id: str) -> str:
    """A channel by its id."""
    return f"channel {channel_id}"


@dataclass(frozen=True)
class FrontEnd:
    command: CommandNaming = by_words
    strong: Callable[[str], str] = as_written  # a few words set off (Discord: bold)
    mention: Callable[[int], str] = person_number  # a person named (Discord: pinged)
    moment: Callable[[float], str] = utc_time  # a moment, as each reader reads it
    role: Callable[[int], str] = role_number  # a server's role, named
    channel: Callable[[str], str] = channel_name  # a channel, named (Discord: a link to it)
    # where games are played, one at a time (Discord: a channel or thread; the terminal: its
    # database), and how a second game starts beside one under way (None: it cannot)
    place: str = "channel"
    beside: str | None = None
    message_limit: int | None = None  # the characters one message holds (None: any number)
    max_buttons: int | None = None  # the buttons one message holds (None: any number)
    # the characters of an autocomplete suggestion's name and value (None: any number)
    suggestion_chars: int | None = None

    def placed(self, text: str) -> str:
        """`text` with the place of its game in this front end's words: {here} ("this
        channel"), {Here} ("This channel") and {or_beside} (", or open a thread": how a
        second game starts beside one under way; nothing where it cannot)."""
        here = f"this {self.place}"
        beside = f", or {self.beside}" if self.beside else ""
        return text.format(here=here, Here=here[:1].upper() + here[1:], or_beside=beside)

    def fits(self, text: str) -> bool:
        """Whether `text` goes out as one message."""
        return self.message_limit is None or len(text) <= self.message_limit

    def suggests(self, value: str) -> bool:
        """Whether `value` fits an autocomplete suggestion."""
        return self.suggestion_chars is None or len(value) <= self.suggestion_chars

    def buttons(self, first: int = 0) -> int | None:
        """How many more buttons a message holds once it has `first` (None: any number)."""
        return None if self.max_buttons is None else max(0, self.max_buttons - first)


NO_FRONT_END = FrontEnd()
