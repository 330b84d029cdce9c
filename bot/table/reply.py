"""What the service answers: plain data, no transport (the adapters turn it into messages)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ButtonStyle = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True)
class Button:
    label: str
    custom_id: str
    style: ButtonStyle = "secondary"


@dataclass(frozen=True)
class Menu:
    """A select menu: one of `options` (label, value) is picked."""

    custom_id: str
    placeholder: str
    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes


@dataclass(frozen=True)
class SeatNote:
    """What a stored change showed one seat alone while another seat played (a chit drawn
    for it as a game turn began), for that seat's player's eyes only: sent to them privately
    where they asked for that, and kept for their next look at their hand."""

    user: int  # the seat's player
    seat: str
    title: str  # the seat as the table names it
    lines: tuple[str, ...]


@dataclass(frozen=True)
class NotesShown:
    """A reply shows the lines kept for a seat up to number `through` (its player's look at
    their hand): they are removed only once the reply reached them."""

    game_id: int
    seat: str
    through: int


@dataclass
class Reply:
    text: str
    image: bytes | None = None  # the board, PNG
    file: Attachment | None = None  # e.g. an exported game
    mentions: list[int] = field(default_factory=list)
    # Of those, whom the `Next:` line asks to decide now (told "your turn" where they asked
    # for direct messages); the rest are pinged for a step made for them.
    deciding: list[int] = field(default_factory=list)
    ephemeral: bool = False
    buttons: list[Button] = field(default_factory=list)
    menu: Menu | None = None  # e.g. the steps an ambiguous step could have meant
    ok: bool = True
    version: int | None = None  # the game's version after this reply, when there is a game
    # The picture shows game N after S log entries (a replay), not the game's latest.
    picture_of: tuple[int, int] | None = None
    # A public reply about a stored change is owed to the channel (the outbox, keyed by game id
    # and version) until the adapter confirms it went out.
    announcement: tuple[int, int] | None = None
    # What the sender alone is told when the public message goes out separately.
    receipt: str | None = None
    # What the move showed the sender's seat alone (the face of a card it drew); in the receipt
    told: list[str] = field(default_factory=list)
    # of those and the seat notes' lines, each that follows a public line of the move (the draw
    # of the card it shows): the start of that line
    told_after: dict[str, str] = field(default_factory=dict)
    # What it showed each other seat a person holds alone: never in the channel (SeatNote)
    seat_notes: list[SeatNote] = field(default_factory=list)
    # The kept lines this reply shows its reader (their hand): removed once it reaches them
    notes_shown: list[NotesShown] = field(default_factory=list)
    # The announcement edits the game's turn message instead of posting a new one; a new one
    # first edits the previous turn message into `close_text` and takes its buttons.
    edit: bool = False
    close_text: str | None = None
    # Announcements of another game stored by the same change, posted after this one (the
    # next game of a tiebreak, opened by the end of the last).
    then: list[Reply] = field(default_factory=list)

    @property
    def public_text(self) -> str:
        """All this reply puts before the channel: the closed turn's final text, then the
        message posted or edited now."""
        return f"{self.close_text}\n{self.text}" if self.close_text else self.text

    @classmethod
    def error(cls, text: str) -> Reply:
        return cls(text=text, ephemeral=True, ok=False)
