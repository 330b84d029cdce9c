"""Plain records the store reads and writes (JSON text stays text: the store never parses
actions or states)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from rules.dealing import commitment, legacy_commitment
from rules.game import GameInfo
from rules.validation import means

Status = Literal["lobby", "active", "finished", "aborted"]
Organisers = Literal["anyone", "role", "managers"]

# What fits an SQLite INTEGER; Discord ids (snowflakes) and seeds are within it.
MAX_ID = 2**63 - 1
Id = Annotated[int, Field(ge=0, le=MAX_ID)]
# Who holds a seat or played a step: a Discord user, or an AI seat's reserved id (negative).
SeatUser = Annotated[int, Field(ge=-MAX_ID, le=MAX_ID)]
# Bounds of an import (a real game has a few thousand actions; the standard deck file is
# ~35,000 characters).
MAX_EXPORT_ACTIONS = 20_000
MAX_DECK_CHARS = 256_000


# The bot's first game, named once: the kind of every game stored, and every export written,
# before games had kinds (migration 013 gives old rows the same), and the terminal's game when
# none is named. Nothing else in db/ or bot/ names a game.
FIRST_GAME = "vijayanagara"


class GameRecord(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int
    channel_id: str
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    seats: dict[str, int] = Field(default_factory=dict)  # seat name -> Discord user id
    status: Status
    version: int
    creator: int
    actions: int = 0  # how many actions the log holds (the last seq)
    created_at: str = ""
    updated_at: str = ""
    kind: str = FIRST_GAME  # the game's id in the rules' registry (migration 013)


PLAYERS = "players"  # in a game's options: the seats it started with (a game of 3 to 5)


def seats_of(info: GameInfo[Any], record: GameRecord) -> tuple[str, ...]:
    """The seats a started game is played with, in turn order: those it started with (a seat
    left free since is still in the game), else all its seats or those taken."""
    started = str(record.options.get(PLAYERS) or "")
    if started:
        return tuple(s for s in info.seats if s in started.split(","))
    if info.min_players == len(info.seats):
        return info.seats
    return tuple(s for s in info.seats if s in record.seats)


class NewAction(BaseModel):
    """One action to append: its JSON text, the faction it was made for and who sent it;
    `move`, the seq of the first step of the order it came in (one append is one order: the
    store numbers it; None, as stored before migration 018: an order of its own)."""

    model_config = ConfigDict(frozen=True)

    action: dict[str, Any]
    faction: str | None = None
    user_id: int | None = None
    move: int | None = None


class StoredAction(NewAction):
    seq: int
    created_at: str = ""


class LogLines(BaseModel):
    """Lines of a game's text log (migration 009), from line `start` on: a move stores the
    lines it wrote, replacing any from `start` on (those an undo took back)."""

    model_config = ConfigDict(frozen=True)

    start: int = Field(ge=0)
    lines: list[str] = Field(default_factory=list)


class Snapshot(BaseModel):
    model_config = ConfigDict(frozen=True)

    seq: int  # the state after this many actions
    state: str  # GameState JSON


class Announcement(BaseModel):
    """A public message a stored change owes its channel (the outbox): written in the same
    transaction as the change, deleted once delivered."""

    model_config = ConfigDict(frozen=True)

    text: str
    mentions: list[int] = Field(default_factory=list)  # user ids to ping
    # Of those, the people the `Next:` line asks to decide now (the rest are pinged for a
    # step made for them): a transport tells them apart by this, never by the text.
    deciding: list[int] = Field(default_factory=list)
    board: bool = False  # attach the board picture
    # Edit the game's turn message instead of posting a new one (a step inside a turn).
    edit: bool = False
    # The turn message's text without its Next line, kept for the next step's edit; None for
    # an announcement outside the turns (the lobby, an abort).
    body: str | None = None
    # A new message first edits the previous turn message into this (and takes its buttons).
    close_text: str | None = None


class TurnMessage(BaseModel):
    """The game's current turn message (migration 005)."""

    model_config = ConfigDict(frozen=True)

    turn_version: int  # the version of the announcement that opened the turn
    body: str
    message_id: int | None = None  # the Discord message, once posted
    message_version: int | None = None  # the announcement that message was posted for
    # the game's newest public message, the only one that may carry buttons (migration 013)
    newest_id: int | None = None

    @property
    def posted(self) -> bool:
        """The turn's own message is out (not only an earlier turn's)."""
        return self.message_id is not None and self.message_version == self.turn_version

    @property
    def newest(self) -> int | None:
        """The game's newest public message (before migration 011: the turn message)."""
        return self.newest_id if self.newest_id is not None else self.message_id


class OwedAnnouncement(Announcement):
    game_id: int
    version: int  # the version the change produced
    channel_id: str
    attempts: int = 0
    created_at: str = ""


class DeckFile(BaseModel):
    """A custom deck file, stored once under the hash of its text."""

    model_config = ConfigDict(frozen=True)

    hash: str
    text: str


class ServerSettings(BaseModel):
    """Who may create, import and abort games on one server (docs/playing.md, "Permissions")."""

    model_config = ConfigDict(frozen=True)

    guild_id: str
    organisers: Organisers = "anyone"
    role_id: Id | None = None  # the role that may, when organisers == "role"


class GameSecret(BaseModel):
    """The secret that deals a game's chance outcomes (hex; '' for a game stored before chance
    entries), how many log entries came with an import (another secret dealt those), and
    whether the commitment posted for it names the game (migration 014: every game but those
    dealt from their start that began before it)."""

    model_config = ConfigDict(frozen=True)

    secret: str
    dealt_from: int = 0
    commitment_names_game: bool = True

    def commitment(self, game_id: int) -> str:
        """The commitment posted when this secret began to deal game `game_id`."""
        secret = bytes.fromhex(self.secret)
        if self.commitment_names_game or self.dealt_from:
            return commitment(secret, game_id, self.dealt_from)
        return legacy_commitment(secret)


# --- the export format: strict, so an upload is checked before anything uses it ---------

_STRICT = ConfigDict(strict=True, extra="forbid", frozen=True)
# An action is a small flat record (rules/vijayanagara/actions.py): a type, names, small numbers, and for a
# chance entry the dice it rolled (a short list of small numbers), or the hands it dealt (a
# list for each seat: Taj Mahal's deal), or a short list of short names (the dice a Rajas of
# the Ganges payment gives up: "o4").
SmallInt = Annotated[int, Field(ge=-1000, le=1000)]
SmallInts = Annotated[list[SmallInt], Field(max_length=64)]
ShortNames = Annotated[list[Annotated[str, Field(max_length=16)]], Field(max_length=64)]
ActionValue = (
    Annotated[str, Field(max_length=64)]
    | SmallInt
    | SmallInts
    | ShortNames
    | Annotated[list[SmallInts], Field(max_length=8)]
    | None
)


# A secret in hex: whole bytes, 1 to 64 of them (the bot's are 32).
HexSecret = Annotated[str, Field(pattern=r"^(?:[0-9a-f]{2}){1,64}$")]
Commitment = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]  # a SHA-256, in hex


class ExportedFairness(BaseModel):
    """Only in a finished game's export: the secret `verify` checks the chance entries with.
    Which entries it dealt is the log's to say (`SecretStart`); format 2 said it here, in
    `dealt_from`, which verify takes only with the commitment that binds it."""

    model_config = _STRICT

    game_id: Id
    secret: HexSecret
    dealt_from: Annotated[int, Field(ge=0, le=MAX_EXPORT_ACTIONS)] | None = None  # format 2


SECRET_STARTS = "secret_deals_from_here"  # the log entry where the game's secret began


class SecretStart(BaseModel):
    """Where the game's secret began to deal, as its log records it: after `at` steps (those
    came with an import, or from the seed of a game from before per-game secrets; 0 for a game
    dealt from its start), with the commitment posted then. In the export it is an entry of
    `actions`, {"secret_deals_from_here": "<commitment>"}, at that place (format 3)."""

    model_config = _STRICT

    at: Annotated[int, Field(ge=0, le=MAX_EXPORT_ACTIONS)]
    commitment: Commitment


def secret_entry(actions: list[Any]) -> tuple[list[Any], dict[str, object] | None]:
    """The log's entries without the one where the secret began to deal, and that one as a
    SecretStart's fields (None: there is none); ValueError for two, or a malformed one."""
    starts = [i for i, a in enumerate(actions) if isinstance(a, dict) and SECRET_STARTS in a]
    if not starts:
        return actions, None
    if len(starts) > 1:
        raise ValueError(
            f"entries {starts[0]} and {starts[1]} both say the secret began to deal there; "
            "a log has one such entry"
        )
    i = starts[0]
    entry = actions[i]
    if set(entry) != {SECRET_STARTS}:
        raise ValueError(f"entry {i} says where the secret began to deal and holds more")
    return [*actions[:i], *actions[i + 1 :]], {"at": i, "commitment": entry[SECRET_STARTS]}


# A seat by its name in its game ("D", "goats", "red"); a game's id ("vijayanagara").
SeatName = Annotated[
    str,
    Field(
        min_length=1,
        max_length=32,
        pattern=r"^[A-Za-z0-9_-]+$",
        json_schema_extra=means("a seat's name: letters, digits, - and _, at most 32"),
    ),
]
GameKind = Annotated[
    str,
    Field(
        min_length=1,
        max_length=32,
        pattern=r"^[a-z][a-z0-9_]*$",
        json_schema_extra=means(
            "a game's id: a lower-case letter, then lower-case letters, digits and _ (as "
            "taj_mahal), at most 32"
        ),
    ),
]
# An option's value: a switch, a small number, a name, or a component file's text.
OptionValue = bool | SmallInt | Annotated[str, Field(max_length=MAX_DECK_CHARS)] | None


class ExportedAction(BaseModel):
    model_config = _STRICT

    action: Annotated[dict[Annotated[str, Field(max_length=32)], ActionValue], Field(max_length=8)]
    faction: SeatName | None = None  # the seat that played it (None: a chance entry)
    user_id: SeatUser | None = None
    move: Id | None = None  # the seq of its order's first step (None: an order of its own)


class GameExport(BaseModel):
    """A whole game as portable JSON: the log with its chance entries is enough to rebuild it
    by replay. Nothing in it tells what comes next: no seed (format 1, which older versions
    wrote for games dealt by a seed, has one), and the secret only once the game is over. Every field is
    typed and bounded; unknown fields are refused."""

    model_config = _STRICT

    format: Literal["vijayanagara-game", "board-game"] = "vijayanagara-game"
    format_version: Literal[1, 2, 3] = 3
    game: GameKind = FIRST_GAME  # the game's id in the rules' registry
    seed: Id | None = None
    # the game's options, and each component file it was played with, by name, as text
    options: Annotated[
        dict[Annotated[str, Field(max_length=32)], OptionValue], Field(max_length=16)
    ] = Field(default_factory=dict)
    seats: Annotated[dict[SeatName, SeatUser], Field(max_length=8)] = Field(default_factory=dict)
    status: Status = "active"
    creator: Id = 0
    # the steps of the log; the entry where the secret began to deal is `dealer`
    actions: Annotated[list[ExportedAction], Field(max_length=MAX_EXPORT_ACTIONS)] = Field(
        default_factory=list
    )
    fairness: ExportedFairness | None = None
    dealer: SecretStart | None = None  # read from and written into `actions`, never on its own

    @model_validator(mode="before")
    @classmethod
    def _dealer_from_the_log(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        if "dealer" in data:
            raise ValueError("dealer: unknown field (the log says where its secret began)")
        actions = data.get("actions")
        if not isinstance(actions, list):
            return data
        steps, dealer = secret_entry(actions)
        return data if dealer is None else {**data, "actions": steps, "dealer": dealer}

    @model_validator(mode="after")
    def _formats_agree(self) -> GameExport:
        check_format(self)
        return self

    @model_serializer(mode="wrap")
    def _dealer_into_the_log(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        data.pop("dealer", None)
        if self.dealer is not None and isinstance(data.get("actions"), list):
            data["actions"].insert(self.dealer.at, {SECRET_STARTS: self.dealer.commitment})
        return data


def check_format(data: GameExport) -> None:
    """ValueError when the parts of an export belong to different formats: the log's entry
    where the secret began is format 3's, `fairness.dealt_from` format 2's."""
    if data.dealer is not None and data.format_version != 3:
        raise ValueError(
            f"format_version {data.format_version} has no entry where the secret began to "
            "deal (format 3 has)"
        )
    if data.dealer is not None and data.dealer.at > len(data.actions):
        raise ValueError("the entry where the secret began to deal is past the log")
    for seq, a in enumerate(data.actions, start=1):
        if a.move is not None and not 1 <= a.move <= seq:
            raise ValueError(
                f"actions.{seq - 1}.move: {a.move} is not the step of an order that began at or "
                f"before this one (1 to {seq})"
            )
    fairness = data.fairness
    if fairness is not None and fairness.dealt_from is not None and data.format_version != 2:
        raise ValueError(
            "fairness.dealt_from is format 2's; format 3 records in the log where the secret "
            "began to deal"
        )


# --- reminders (migration 007) ----------------------------------------------------------


class ReminderPlan(BaseModel):
    """What a stored move does to the game's reminder job: wait for `user_id` from `since`
    and remind them at `due_at` (seconds since the epoch, the service's clock); `user_id`
    None: no reminder (nobody's seat is on turn)."""

    model_config = ConfigDict(frozen=True)

    user_id: int | None
    since: float = 0.0
    due_at: float = 0.0


Deadline = Literal["nothing", "pass"]


class PaceProposal(BaseModel):
    """A stricter pace proposed for a running game (migration 012): it takes effect once
    every seated person is among `agreed`."""

    model_config = ConfigDict(frozen=True)

    seconds: Annotated[int, Field(gt=0)]
    deadline: Deadline = "nothing"
    agreed: tuple[int, ...] = ()


class Pace(BaseModel):
    """A game's pace (migration 007): seconds of waiting before each reminder, and what
    happens when the first wait runs out: nothing (reminders only) or the seat passes
    where the rules allow a Pass. `ai_seconds` (migration 010): seconds between two steps of
    the game's AI seats, None for the default. `proposal` (migration 012): a stricter pace
    waiting for the seated people's agreement."""

    model_config = ConfigDict(frozen=True)

    seconds: Annotated[int, Field(gt=0)]
    deadline: Deadline = "nothing"
    ai_seconds: Annotated[float, Field(gt=0)] | None = None
    proposal: PaceProposal | None = None


@dataclass(frozen=True)
class GameAtTurn:
    """A game with its pace (None: the default) and its turn message (None: none yet), read
    together in one snapshot: what a move reads before it plays; a move the bot makes on its
    own (Store.game_at_turn) reads the game's pending reminder job with them (None: none, or
    not read)."""

    game: GameRecord
    pace: Pace | None
    turn_message: TurnMessage | None
    reminder: Reminder | None = None


class Reminder(BaseModel):
    """A claimed reminder job: the game waits for `user_id` since `since`; `stage` counts the
    reminders already sent for this wait (0: none yet)."""

    model_config = ConfigDict(frozen=True)

    game_id: int
    channel_id: str
    version: int  # the game's version the wait began at
    user_id: int
    stage: int
    since: float
    due_at: float


class OwedDirect(BaseModel):
    """A claimed direct message Discord failed to deliver (migration 019): `text` owed to
    `user_id` for the game's announcement at `version`, after `attempts` failed sends."""

    model_config = ConfigDict(frozen=True)

    game_id: int
    user_id: int
    version: int
    text: str
    attempts: int
    due_at: float


class UserPrefs(BaseModel):
    """One player's reminder preferences (migration 008): their time zone (an IANA name),
    quiet hours in it (from `quiet_from` o'clock up to `quiet_to`; None: none), and whether
    turn notices and reminders also come as direct messages."""

    model_config = ConfigDict(frozen=True)

    user_id: int
    time_zone: Annotated[str, Field(max_length=64)] = "UTC"
    quiet_from: Annotated[int, Field(ge=0, le=23)] | None = None
    quiet_to: Annotated[int, Field(ge=0, le=23)] | None = None
    direct_messages: bool = False


class SeatResult(BaseModel):
    """One seat of a finished game (migration 008)."""

    model_config = ConfigDict(frozen=True)

    faction: Annotated[str, Field(min_length=1, max_length=32)]  # the seat's name
    user_id: int
    place: Annotated[int, Field(ge=1)]
    score: int


class GameResult(BaseModel):
    """The record of a finished game: each seat's place and score, newest first in lists."""

    model_config = ConfigDict(frozen=True)

    game_id: int
    channel_id: str = ""
    finished_at: float
    seats: list[SeatResult]
    kind: str = FIRST_GAME  # the game's id in the rules' registry


def group_results(rows: Sequence[Sequence[Any]]) -> list[GameResult]:
    """Rows (game, channel, finished_at, faction, user, place, score, kind), one game's
    together."""
    out: list[GameResult] = []
    for r in rows:
        seat = SeatResult(faction=r[3], user_id=r[4], place=r[5], score=r[6])
        if out and out[-1].game_id == r[0]:
            out[-1].seats.append(seat)
        else:
            out.append(
                GameResult(game_id=r[0], channel_id=r[1], finished_at=r[2], seats=[seat], kind=r[7])
            )
    return out
