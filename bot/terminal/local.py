"""The terminal client: play a whole game of any game without Discord, through the same
GameService and the same command table as Discord (`--game`; Vijayanagara by default).

It holds every seat no AI plays (`--play D`: AIs in the others; `--ai` for chosen seats),
reads one line at a time, and never stops on a bad line: only `quit`, end of input (Ctrl-D)
or a finished game's `quit` end it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import re
import sys
import textwrap
from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import TextIO

from db import GameNotFound, GameRecord
from db.models import FIRST_GAME, MAX_ID
from rules.capabilities import files_of, narration_of, orders_of, reference_of, talk_of
from rules.errors import IllegalAction, MisreadStep, excerpt
from rules.game import player_options
from rules.text import inert, quoted
from rules.words import count_of, listed, noun_for

from ..product import PRODUCT, by_old_name, default_file, notice, renamed_file
from ..table.ai_seats import HINT_SECONDS, THINK_SECONDS
from ..table.ai_turns import ai_header
from ..table.ai_users import ai_level, ai_user, seat_level, seat_levels
from ..table.closing import CHART_FILE
from ..table.commands import AnyGame, Call, Command, Value, commands
from ..table.games.entry import Registry
from ..table.loading import SEED_DEALS, public
from ..table.lobby import MAX_FILE_BYTES
from ..table.moves import MAX_ORDER_CHARS
from ..table.refusal import ServiceError
from ..table.registry import hosted
from ..table.renderer import Renderer, alt_of
from ..table.reply import Reply, SeatNote
from ..table.service import MAX_IMPORT_BYTES, GameService
from ..table.table_texts import seat_label
from .front_end import TERMINAL, terminal_table
from .terminal_io import (
    CtrlC,
    TypedAhead,
    after_shown,
    boards_folder,
    line_editing,
    read_capped,
)
from .terminal_seats import Seating, ai_levels, seating

log = logging.getLogger(__name__)

LOCAL_USER = 1
CHANNEL = "local"
DEFAULT_DB = "./chaupal-local.sqlite3"
OLD_DEFAULT_DB = "./vijayanagara-local.sqlite3"  # the default before the name Chaupal
DEFAULT_GAME = FIRST_GAME  # the terminal plays the bot's first game unless told
DEFAULT_BOARDS = "./boards"
YES = {"yes", "y", "confirm"}  # (a trial answered as `...; confirm` confirms an order)
NO = {"no", "n"}
WORDS_WIDTH = 100  # the board's words wrapped for a terminal
NEXT = "Next: "  # how the line naming who decides next begins
YOUR_VIEW = "your-view.png"  # the picture of the keyboard's seat's own view (`hand`)
MAX_AI_PAUSE = 60.0  # seconds between two AI steps shown (--ai-pause)
MIN_THINK, MAX_THINK = 0.05, 60.0  # a hard AI's seconds over a step (--think)
HINT_PER_THINK = HINT_SECONDS / THINK_SECONDS  # a hint thinks over a whole turn: longer
MAX_LINE_CHARS = MAX_ORDER_CHARS + 100  # a text command line, checked before it is read
# the terminal's own lines, beside the command table's
HELP_WIDTH = 92  # the help's paragraphs, wrapped
TERMINAL_LINES = (
    ("hint", "the computer's suggestion for your next order, with why"),
    ("hint play", "play the last hint whole, in one order (refused once anything has moved)"),
    ("export [FILE]", "save the whole game as JSON (default: <game>-game-N.json)"),
    ("import FILE", "load an exported game (in place of a new game nobody has moved in yet)"),
    ("abort", "end the game without a result (asks for confirmation; `abort; confirm` does not)"),
    ("new", "start a new game once the last one is over or aborted"),
    ("watch", "once your seats are out of the game (eliminated), let the AIs play it to its end"),
    ("help", "this text"),
    ("clear", "wipe the screen, then show where the game stands"),
    ("quit", "leave (also Ctrl-D); the game stays in the database for next time"),
)
OWN_WORDS = {
    "hint",
    "export",
    "import",
    "abort",
    "resign",
    "new",
    "create",
    "help",
    "clear",
    "quit",
    "watch",
}
QUIT_WORDS = {"quit", "exit", "q"}


def help_text(kind: str, seats: str, games: Registry | None = None, started: bool = False) -> str:
    """What the terminal reads: an order, the table's commands it takes (those that seat a
    game left out once it has `started`: a trial read `join` and `start` in a game under
    way), its own lines."""
    g = hosted(games).game(kind)
    lines = [
        f"Terminal client for {g.info.title}: {seats}",
        "Type an order in the game's notation, steps separated by ';' (or `play ORDER`);",
        f"`as {g.info.seats[0]}: ORDER` plays it as that seat (refused unless it is that seat's",
        "decision); `...; confirm` plays an order the game asked you to confirm.",
        "Other lines:",
    ]
    for c in terminal_commands(kind, games):
        if c.name in ("play", "help", "export", "import", "abort", "create") or (
            started and c.lobby
        ):
            continue
        words = " ".join(
            (p.name.upper() if p.required else f"[{p.name.upper()}]")
            for p in c.params
            if p.kind not in ("file", "user", "role", "bool")  # what the terminal reads
        )
        name = f"{c.name} {words}".strip()
        lines.append(f"  {name:<18} {c.local or c.help}")
    lines += [f"  {name:<18} {what}" for name, what in TERMINAL_LINES]
    lines += [
        line
        for line in reference_of(g).help_lines(lambda words: f"`{TERMINAL.command(kind, words)}`")
        if not line.startswith("The channel:")
    ]  # Discord's
    levels = seat_levels(kind, games)
    more = " (`--players N` for more)" if g.info.min_players < g.info.max_players else ""
    lines += textwrap.wrap(
        f"AI seats: start with `--play {g.info.seats[0]}` to play that seat against AIs, and "
        f"`--ai SEAT:LEVEL` ({noun_for(len(levels), 'level')} {', '.join(levels)}) for "
        f"chosen seats; AIs fill the free seats up to {g.info.min_players} players{more}. "
        "They move by themselves whenever it is their decision: each AI turn is one block of "
        "short lines (a run of the same steps in one line) ending with why it played so; "
        "`--ai-pause 2` shows each AI step as it comes, 2 s apart.",
        HELP_WIDTH,
    )
    lines += [
        f"Defaults: database {DEFAULT_DB} (--db), boards {DEFAULT_BOARDS}/DATABASE/game-N/ "
        "(--boards; DATABASE: the database file's name, so each database has its own)."
    ]
    return "\n".join(lines)


@cache
def terminal_commands(kind: str, games: Registry | None = None) -> tuple[Command, ...]:
    """The commands of the table the terminal reads (a game's shortcuts are typed as orders;
    what needs a server, reminders, or the terminal does its own way, is left out). A `club`
    command is typed by its name alone too: the terminal has no subgroups."""
    left_out = {"config", "seat", "me", "history", "stats", "rematch", "ai", "hint"}
    return tuple(c for c in commands(kind, games) if c.terminal and c.name not in left_out)


def terminal_command(
    kind: str, name: str, *, club: bool = False, games: Registry | None = None
) -> Command | None:
    """The command a line names: `verify` or `club verify`, `status`..., None if the terminal
    does not read it."""
    table = terminal_commands(kind, games)
    found = next((c for c in table if c.name == name and c.club == club), None)
    if found is None and not club:
        found = next((c for c in table if c.name == name), None)
    return found


def terminal_reads(kind: str, line: str, games: Registry | None = None) -> bool:
    """Whether the terminal takes the command a line starts with: one of its own lines, one of
    the table's, or a shortcut of the game's (typed as an order). Anything else is read as an
    order, which the game itself judges."""
    words = line.strip().lower().split()
    if not words:
        return False
    if words[0] in OWN_WORDS | QUIT_WORDS or re.match(r"^as\s+\w+\s*:", line.strip(), re.I):
        return True
    if words[0] == "club":
        return (
            len(words) > 1 and terminal_command(kind, words[1], club=True, games=games) is not None
        )
    shortcut = words[0] in {s.name for s in hosted(games).shortcuts(kind).commands()}
    return shortcut or terminal_command(kind, words[0], games=games) is not None


# what the terminal offers instead of a command of the bot on Discord
INSTEAD = {
    "rematch": "`new` starts another game",
    "ai": "AIs take seats when a game is made: `--ai SEAT:LEVEL`, then `new`",
    "seat": "every seat no AI holds is yours: `join SEAT`",
    "me": "the terminal sends no reminders",
    "config": "the terminal has no server to set up",
    "tiebreak": "a tied game's tiebreak is played on Discord",
}


def elsewhere(kind: str, line: str, games: Registry | None = None) -> str | None:
    """Why the terminal does not take a command it does not read but the bot has (a server's,
    or another game's), with what it offers instead; None for any other line (an order)."""
    words = line.strip().lower().split()
    if not words or terminal_reads(kind, line, games) or words == ["club"]:
        return None
    name = words[1] if words[0] == "club" else words[0]
    table = hosted(games)
    g = table.game(kind)
    found = next((c for c in commands(kind, games) if c.name == name), None)
    if found is not None:
        slash = f"/{table.command(kind)} {'club ' if found.club else ''}{name}"
        instead = f"; here {INSTEAD[name]}" if name in INSTEAD else ""
        return f"`{name}` is the bot's command on Discord (`{slash}`), not the terminal's{instead}."
    others = [
        x.info.title
        for x in table.games()
        if any(c.name == name for c in commands(x.info.id, games))
    ]
    if others:
        return f"`{name}` is a command of {' and '.join(others)}, not of {g.info.title}."
    return None


# The service speaks Discord; the terminal has its own words for the same commands.
_TERMINAL_WORDS: list[tuple[str, str | Callable[[re.Match[str]], str]]] = [
    (r"`/\w+ create`, or `/\w+ club rematch` for the same players", "`new`"),  # seats yours
    (r"`new`, or `rematch` for the same players", "`new`"),
    (r"`/\w+ create`", "`new`"),
    (r"`/\w+ play order: ?([^`]*)`", r"`\1`"),
    (  # an export of another game: the terminal that imports it
        r'\(`"game": "(\w+)"` in the file\): import it with `/\w+ import`',
        r'(`"game": "\1"` in the file): import it in a terminal started with `--game \1`',
    ),
    (
        r'\(`"game": "(\w+)"` in the file\): import it with `import FILE`',
        r'(`"game": "\1"` in the file): import it in a terminal started with `--game \1`',
    ),
    (r"`/\w+ import[^`]*`", "`import FILE`"),
    (r"`/\w+ export[^`]*`", "`export FILE`"),
    (r"`/\w+ play` autocomplete", "`options`"),
    (r"`play` autocomplete", "`options`"),
    (r"`(\w+) (\w+):`", lambda m: f"`{m.group(1)} {m.group(2).upper()}`"),  # `event SIDE`
    (r"use the newest message or `play`", "look at `status`"),
    (r"Press \*\*Play this turn\*\*", "Type `hint play`"),
    (r"Press Play this turn", "Type `hint play`"),
    (r"A rematch: the button below\.", ""),  # the terminal says what it offers instead
    # the service names the player ("<@1> leaves"): here "you", with its verb
    (r"\b([Yy]ou) (?:has)\b", r"\1 have"),
    (r"\b([Yy]ou) (?:is)\b", r"\1 are"),
    (r"\b([Yy]ou) (?:was)\b", r"\1 were"),
    (
        r"\b([Yy]ou) (leave|join|sit|take|give|play|hold|win|start|claim|keep|end|ask|agree"
        r"|propose|set|import|create|move|choose|draw|withdraw|place|spend|lose|gain)s\b",
        r"\1 \2",
    ),
    (r"\b([Yy]ou) passes\b", r"\1 pass"),
    (r"(?m)^you\b", "You"),
]


_SLASH = re.compile(r"`/(\w+) (?:(club) )?(\w+)([^`]*)`")
_GROUP = re.compile(r"/(\w+) (?:club )?(\w+)")


def terminal_text(text: str, games: Registry | None = None) -> str:
    """A service reply in terminal words: no Discord commands (a text stored or written with
    one: a game's rules text), no markdown bold."""
    table = hosted(games)
    text = re.sub(r"^_(.*)_$", r"\1", text.replace("**", ""), flags=re.MULTILINE)
    for pattern, repl in _TERMINAL_WORDS:
        text = re.sub(pattern, repl, text)
    text = _SLASH.sub(lambda m: _as_typed(m, table), text)
    groups = {table.command(g.info.id) for g in table.games()}
    return _GROUP.sub(lambda m: m.group(2) if m.group(1) in groups else m.group(0), text)


def _as_typed(m: re.Match[str], games: Registry) -> str:
    """`/vj club replay game:3` as the terminal reads it: `replay 3` (a value left out: its
    name, `join FACTION`)."""
    group, _club, name, rest = m.groups()
    if games.by_command(group) is None:
        return m.group(0)
    values = [v or p.upper() for p, v in re.findall(r"(\w+):(\S*)", rest)]
    return "`" + " ".join([name, *values]) + "`"


def seat_in(g: AnyGame, text: str, flag: str) -> str:
    """A seat of the game by its name (case aside), or the command line's error."""
    found = next((s for s in g.info.seats if s.lower() == text.strip().lower()), None)
    if found is None:
        raise argparse.ArgumentTypeError(
            f"{quoted(text, 40)}: {flag} takes a seat of {g.info.title}: " + ", ".join(g.info.seats)
        )
    return found


def ai_arg(g: AnyGame, text: str, games: Registry | None = None) -> tuple[str, str]:
    """`--ai B:hard`: a seat and an AI level."""
    seat, _, level = text.partition(":")
    try:
        return seat_in(g, seat, "--ai"), seat_level(g.info.id, level, games)
    except ValueError as e:  # the seat is right, the level not
        raise argparse.ArgumentTypeError(f"{quoted(text, 40)}: {e}") from None
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"{quoted(text, 40)}: give SEAT:LEVEL, SEAT one of {', '.join(g.info.seats)} and "
            f"LEVEL one of {', '.join(seat_levels(g.info.id, games))} (as {g.info.seats[-1]}:"
            f"{seat_levels(g.info.id, games)[-1]})"
        ) from None


def players_arg(g: AnyGame, text: str) -> int:
    """`--players N`: a number of players the game takes."""
    low, high = g.info.min_players, g.info.max_players
    if not (text.isascii() and text.isdigit() and low <= int(text[:3]) <= high):
        raise argparse.ArgumentTypeError(
            f"{quoted(text, 40)}: {g.info.title} takes {low} to {high} players"
        )
    return int(text)


def seconds_arg(low: float, high: float, refusal: str) -> Callable[[str], float]:
    """An option's seconds, `low` to `high`; else `refusal`, the range at its `{}`."""

    def parsed(text: str) -> float:
        try:
            value = float(text[:20])
        except ValueError:
            value = -1.0
        if not low <= value <= high:  # (also refuses nan)
            raise argparse.ArgumentTypeError(refusal.format(f"{low:g} to {high:g}"))
        return value

    return parsed


pause_arg = seconds_arg(0.0, MAX_AI_PAUSE, "a pause is {} seconds")  # --ai-pause
think_arg = seconds_arg(MIN_THINK, MAX_THINK, "a hard AI thinks {} seconds over a step")


def _first_words(decision: str, most: int = 60) -> str:
    """A prompt's decision told short: up to its first `;`, its brackets left out ("move a
    force, or end movement"; a trial's "play a green card" had lost its "or withdraw"), cut
    at a word within `most` characters."""
    head = re.sub(r" \([^()]*\)", "", decision.split("; ", 1)[0])
    return head if len(head) <= most else head[:most].rsplit(" ", 1)[0] + "…"


def seed_arg(text: str) -> int:
    """`--seed`: a whole number the database can hold (0 to 2**63-1)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 19 or int(text) > MAX_ID:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {MAX_ID}")
    return int(text)


def read_args(c: Command, rest: str) -> dict[str, Value] | str:
    """A command's parameters from the rest of its line, in order (the last takes what is
    left); a number read as one. The refusal's text when the line does not fit."""
    params = [p for p in c.params if p.kind not in ("file", "user", "role", "bool")]
    values = rest.split(None, max(len(params) - 1, 0)) if rest else []
    if len(values) > len(params):
        return f"`{c.name}` takes {len(params)} word(s) at most here."
    out: dict[str, Value] = {}
    for p, v in zip(params, values, strict=False):
        if p.kind in ("number", "decimal"):
            ok = v.isascii() and v.replace(".", "", p.kind == "decimal").isdigit() and len(v) <= 12
            if not ok:
                low, high = p.low, p.high
                bounds = (
                    f" from {low:g} to {high:g}" if low is not None and high is not None else ""
                )
                return (
                    f"`{c.name} {p.name.upper()}`: {p.name} is a number{bounds}, not {excerpt(v)}."
                )
            out[p.name] = float(v) if p.kind == "decimal" else int(v)
        else:
            out[p.name] = v
    return out


async def text_command(
    service: GameService,
    channel: str,
    user: int,
    line: str,
    *,
    is_manager: bool = False,
    kind: str = DEFAULT_GAME,
    games: Registry | None = None,
) -> Reply:
    """`join D`, `as D: march; ...`, `play pass`, `status`, `club pace 12`...: a command of the
    table the terminal reads, or an order (`play` it, `as SEAT:` it, or a trade as typed).
    Unknown commands are refused."""
    if len(line) > MAX_LINE_CHARS:
        return Reply.error(
            f"That line is {len(line)} characters long; at most {MAX_LINE_CHARS} are read."
        )
    text = line.strip()
    m = re.match(r"^as\s+(\w+)\s*:\s*(.*)$", text, re.IGNORECASE | re.DOTALL)
    if m:
        return await service.moves.play(channel, user, m.group(2), as_faction=m.group(1), kind=kind)
    name, _, rest = text.partition(" ")
    name, rest = name.lower(), rest.strip()
    club = name == "club"
    if club:
        name, _, rest = rest.partition(" ")
        name, rest = name.lower(), rest.strip()
    if name == "allowed":
        name = "options"
    found = terminal_command(kind, name, club=club, games=games)
    shortcuts = {s.name for s in hosted(games).shortcuts(kind).commands()}
    if found is None and not club and name in shortcuts:
        return await service.moves.play(channel, user, text, kind=kind)  # typed as an order
    if found is None:
        known = ", ".join(c.name for c in terminal_commands(kind, games))
        return Reply.error(
            f"Unknown command {excerpt(text.split(' ')[0] if not club else ('club ' + name).strip())}. "
            f"Commands: {known}; or an order as `play <order>` / `as SEAT: <order>`."
        )
    args = {"order": rest} if found.name == "play" else read_args(found, rest)
    if isinstance(args, str):
        return Reply.error(args)
    call = Call(channel, user, kind, args, is_manager=is_manager)
    return await found.run(service, call)


class LocalClient:
    def __init__(
        self,
        service: GameService,
        boards: Path,
        out: TextIO,
        channel: str = CHANNEL,
        kind: str = DEFAULT_GAME,
        *,
        seating: Seating | None = None,
        ai_pause: float = 0.0,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        games: Registry | None = None,
    ) -> None:
        """`seating`: --play, --ai and --players: who sits where in a new game; `ai_pause`:
        --ai-pause, seconds between two AI steps shown, to follow them; `sleep`: tests pass
        their own; `games`: the games hosted (the service's)."""
        self.service = service
        self.boards = boards
        self.out = out
        self.kind = kind
        self.games = hosted(games)
        self.game = self.games.game(kind)
        self.channel = channel
        self.game_id = 0
        self.confirming_abort = False
        self.over_said = 0  # the finished game whose end was announced
        self.out_said = 0  # the game whose AIs wait, your seats out of it, as was told at length
        self.watching = 0  # the game the AIs play on though your seats are out of it (`watch`)
        self.seed: int | None = None
        self.options: dict[str, str | int | bool | None] = {}  # --options, for a new game
        self.files: dict[str, bytes] = {}  # --file and --deck, for a new game
        self.turn_text = ""  # the turn message as printed so far (an edit repeats it)
        # while the AIs play on without a pause: the turn message's last lines a step may
        # still change (merge more of the same into them), printed once the next shows they
        # stay as they are
        self.held: tuple[str, str] | None = None  # (the lines as printed, the message then)
        self.holding = False
        self.seating: Seating = {} if seating is None else seating
        self.ai_pause = ai_pause
        self.sleep = sleep
        self.hint_button: str | None = None  # the last hint's "Play this turn"
        self.stop_asked = False  # Ctrl-C came while a line was worked on
        self.last_next = ""  # the last `Next:` line printed
        self.hand_said: tuple[int, str] = (0, "")  # the last hand line printed, of its game

    def ask_stop(self) -> None:
        """Ctrl-C while a line is worked on (called in the signal handler): the AIs stop
        after the step under way, and a thought in a worker (an AI's step, a hint) is given
        up, on the event loop."""
        self.stop_asked = True
        with contextlib.suppress(RuntimeError):  # no event loop running: nothing thinks
            loop = asyncio.get_running_loop()
            loop.call_soon_threadsafe(self.service.ai.stop_thinking, self.channel)

    def say(self, text: str) -> None:
        self.release()
        print(text, file=self.out)

    def release(self) -> None:
        """Print the turn message's lines held back, as they stand."""
        if self.held is not None:
            (line, message), self.held = self.held, None
            print(line, file=self.out)
            self.turn_text = message

    async def emit(self, reply: Reply) -> None:
        """Show a reply; an announcement shown here is delivered (the terminal is the channel)."""
        self.show(reply)
        await self.shown(reply)
        for more in reply.then:  # another game's announcements, after this one
            await self._track_game()
            await self.emit(more)

    async def shown(self, reply: Reply) -> None:
        """The reply reached the player (printed): an announcement leaves the outbox, and
        what it showed the keyboard's seats alone was printed with it, so the next `hand`
        does not say it again; a hand's kept lines, printed, go (Reply.notes_shown)."""
        await self.service.outbox.notes_seen(reply)
        if reply.announcement is None:
            return
        await self.service.outbox.delivered(reply.announcement)
        game_id = reply.announcement[0]
        for note in self._keyboards(reply):
            kept = await self.service.store.seat_notes(game_id, note.seat)
            if kept:
                await self.service.store.seat_notes_seen(game_id, note.seat, kept[-1][0])

    @staticmethod
    def _keyboards(reply: Reply) -> list[SeatNote]:
        """What a stored change showed the keyboard's seats alone, other than the seat it
        played (that is in `told`)."""
        return [note for note in reply.seat_notes if note.user == LOCAL_USER]

    def show(self, reply: Reply) -> None:
        prefix = "! " if not reply.ok else ""
        text = reply.text
        if reply.announcement is not None:
            # the terminal is the channel, printed once: a turn's edit and the closing of a
            # turn repeat what was shown; only their new lines are printed
            if reply.edit or reply.close_text is not None:
                self.held = None  # (the reply says that line again, as it stands now)
            else:
                self.release()  # (a message of its own: the last one's line before it)
            if reply.edit:
                text = after_shown(self.turn_text, reply.text, self.game)
            elif reply.close_text is not None:
                # (a run the closing moved out goes on in the new message: what was added)
                text = after_shown(self.turn_text, reply.close_text + "\n" + reply.text, self.game)
            self.turn_text = reply.text
            text, held = self._hold_last(reply, text.strip("\n"), prefix)
        else:  # an answer to the keyboard (its prompt said whole: a line was typed), or a
            held = None  # message of no stored change
        shown = terminal_text(text.strip("\n"), self.games)
        lines = shown.split("\n") if shown else []  # (an AI's step aside: no line)
        # what the move showed your seats alone (a card drawn; an AI's move dealt it) goes
        # with the lines of its steps: not under the `Next:` line or the AI's header after
        # them, where it would read as a step of that AI's turn
        steps = next((i + 1 for i in reversed(range(len(lines))) if lines[i].startswith("• ")), 0)
        told = [*reply.told, *(x for note in self._keyboards(reply) for x in note.lines)]
        # (a card's face right under the public line of its draw, where the move says it)
        under = {
            line: _told_under(lines[:steps], reply.told_after.get(line), steps - 1) for line in told
        }
        for i in range(-1, len(lines)):
            if i >= 0:
                self.say(f"{prefix}{self._next_said(lines[i])}")
            for line in told:
                if under[line] == i:
                    self.say(f"(to you alone) {line}")
        if reply.menu is not None:  # the terminal has no menu: the choices, to type
            for label, _ in reply.menu.options:
                self.say(f"{prefix}  {terminal_text(label, self.games)}")
        if reply.image is not None:
            png = self.picture_path(reply)
            self._write(png, reply.image, "your view" if png.name == YOUR_VIEW else "board")
            alt = alt_of(reply.image)
            if alt is not None:  # beside the picture, for a screen reader
                self._write(png.with_suffix(".txt"), alt.encode(), "alt text", quiet=True)
            if alt and reply.announcement is None and png.name != YOUR_VIEW:
                # the board asked for: its words here, where a picture cannot be shown
                self.say("The board in words:")
                for line in alt.split("\n"):
                    self.say(
                        textwrap.fill(
                            line, WORDS_WIDTH, initial_indent="  ", subsequent_indent="  "
                        )
                    )
        if reply.file is not None and reply.file.filename == CHART_FILE:
            self._write(self.game_boards() / CHART_FILE, reply.file.data, "chart")
        elif reply.file is not None:
            self._write(Path(reply.file.filename), reply.file.data, "saved")
        self.held = held

    def _next_said(self, line: str) -> str:
        """A `Next:` line as printed: said again word for word with no line typed since (the
        same decision: a step aside of another seat's came in between, an AI's answer at
        once), its head and the decision's first words alone, "as above" (a trial read one
        long purchase prompt three times over; another, told only "the same decision", could
        not tell which; a third read a retreat prompt twice around two AIs' answers)."""
        if not line.startswith(NEXT):
            return line
        if line == self.last_next:
            _, who, decision = line.split(": ", 2)
            return f"{NEXT}{who}: {_first_words(decision)} (as above)"
        self.last_next = line
        return line

    def _hold_last(
        self, reply: Reply, text: str, prefix: str
    ) -> tuple[str, tuple[str, str] | None]:
        """While the AIs play on (`holding`), the last new lines of the turn message that a
        later step may still change wait for it: a step merges more of the same into the
        last (a purchase, a march's next area), or joins the last two (two forces that went
        the same way, once the second's move is over), so an AI's turn is printed as the
        channel's message reads, not step by step. Held only where those lines are new as
        they stand and nothing follows them in this reply."""
        lines = text.split("\n")
        message = reply.text.split("\n")
        after = reply.told or self._keyboards(reply) or reply.menu or reply.image or reply.file
        if not self.holding or after or not lines[-1] or lines[-1] != message[-1]:
            return text, None
        k = min(narration_of(self.game).unsettled(message), len(lines))
        while lines[-k:] != message[-k:]:
            k -= 1
        self.turn_text = "\n".join(message[:-k])
        kept = "\n".join(f"{prefix}{terminal_text(line, self.games)}" for line in message[-k:])
        return "\n".join(lines[:-k]), (kept, reply.text)

    def game_boards(self, game_id: int | None = None) -> Path:
        """Each game's boards in a folder of its own (the current game's unless `game_id`),
        so no game overwrites another's."""
        return self.boards / f"game-{self.game_id if game_id is None else game_id}"

    def picture_path(self, reply: Reply) -> Path:
        """Where a reply's picture goes: the game's board at the version it shows; a replay's
        in the replayed game's folder, named by its step (no replay overwrites a board, nor
        a replay of another step); a seat's own view (its hand) apart from the boards, the
        latest in place of the one before."""
        if reply.picture_of is not None:
            game_id, step = reply.picture_of
            return self.game_boards(game_id) / f"replay-step-{step:05d}.png"
        if reply.version is None and reply.ephemeral:
            return self.game_boards() / YOUR_VIEW
        return self.game_boards() / f"board-{reply.version or 0:05d}.png"

    def _write(self, path: Path, data: bytes, what: str = "board", *, quiet: bool = False) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        except OSError as e:
            self.say(f"! Could not write {what} {quoted(str(path), 60)}: {e.strerror or e}.")
            return
        if not quiet:
            self.say(f"[{what}: {path}]")

    @property
    def ai_seats(self) -> dict[str, str]:
        """The seats a new game gives to AIs, with their levels."""
        return ai_levels(self.seating)

    def seats_asked(self) -> dict[str, int]:
        """Who a new game seats where: the seating asked for, else every seat of the fewest
        players the game takes, all yours."""
        info = self.game.info
        chosen = self.seating or {s: None for s in info.seats[: info.min_players]}
        return {s: LOCAL_USER if lvl is None else ai_user(lvl) for s, lvl in chosen.items()}

    async def _track_game(self) -> None:
        game = await self.service.store.latest_game(self.channel)
        self.game_id = game.id if game is not None else 0

    async def begin(
        self,
        seed: int | None,
        options: dict[str, str | int | bool | None] | None = None,
        files: dict[str, bytes] | None = None,
    ) -> None:
        self.seed, self.options, self.files = seed, dict(options or {}), dict(files or {})
        game = await self.service.store.open_game(self.channel)
        if game is not None and game.status == "active":
            self.game_id = game.id
            self.say(f"Continuing game {game.id} (boards in {self.game_boards()}).")
            if self.seating and game.seats != self.seats_asked():  # it keeps its seats
                self.say("--play and --ai seat a new game: `abort` this one, then `new`.")
            if seed is not None and not (game.options.get(SEED_DEALS) and game.seed == seed):
                self.say(f"--seed {seed} deals a new game: `abort` this one, then `new`.")
            await self.emit(await self.service.views.status(self.channel, kind=self.kind))
            await self._board_alone()  # (a trial continued its game with no board to see)
            turn = await self.service.outbox.turn_message(game.id)
            if turn is not None:  # (printed before: a step of the turn prints only its lines)
                self.turn_text = turn.body
            return
        last = await self.service.store.latest_game(self.channel)
        if game is None and last is not None:
            self.game_id = last.id
            self.say("The last game in this database:")  # its status says how it ended
            await self.emit(await self.service.views.status(self.channel, kind=self.kind))
            self.say("Type `new` to start a new game, `import FILE` to load one, or `quit`.")
            return
        await self.new_game()

    async def _board_alone(self) -> None:
        """The board as `board` gives it, its picture and words without the `Next:` line the
        status said just before."""
        board = await self.service.views.board(self.channel, kind=self.kind)
        if board.ok and board.image is not None:
            self.show(replace(board, text=""))

    async def new_game(self) -> None:
        game = await self.service.store.open_game(self.channel)
        if game is None:
            created = await self.service.lobby.create(
                self.channel,
                LOCAL_USER,
                kind=self.kind,
                options=self.options or None,
                files=self.files or None,
                seed=self.seed,
            )
            if not created.ok:
                await self.emit(created)
                if self.files or self.seed is not None:  # refused at launch: a usage error
                    raise SystemExit(2)
                return
            self.say(created.text.split(" Take a seat")[0])  # the seats are all yours here
            await self.shown(created)
            self.seed = None  # --seed is for the first new game only
        elif game.status == "active":
            self.say(f"! Game {game.id} is still in progress: `abort` it first.")
            return
        held = game.seats if game is not None else {}  # a game left in its lobby
        for seat, holder in self.seats_asked().items():
            if held.get(seat) == holder:
                continue
            # not shown: the start says who sits where
            level = self.ai_seats.get(seat)
            if level is None:
                seated = await self.service.lobby.join(
                    self.channel, LOCAL_USER, seat, kind=self.kind
                )
            else:
                seated = await self.service.ai.seat(
                    self.channel, LOCAL_USER, seat, level, kind=self.kind
                )
            if not seated.ok:
                await self.emit(seated)
            await self.shown(seated)
        await self._track_game()
        self.say(f"Game {self.game_id}: boards go to {self.game_boards()}.")
        await self.emit(await self.service.lobby.start(self.channel, LOCAL_USER, kind=self.kind))

    async def line(self, line: str) -> bool:
        """Handle one input line; False to stop."""
        text = line.strip()
        if self.confirming_abort:
            self.confirming_abort = False
            if text.lower() in YES:
                await self._abort()
                return True
            self.say("Not aborted.")
            if text.lower() in NO:
                return True
        if not text or text.startswith("#"):
            return True
        word = text.split()[0].lower()
        rest = text[len(word) :].strip()
        if word in QUIT_WORDS:
            await self._kept()
            return False
        if word == "help":
            await self._help()
        elif word == "clear" and not rest:
            await self._clear()
        elif word == "export":
            await self._export(rest)
        elif word == "import":
            await self._import(rest)
        elif word.rstrip(";") in ("abort", "resign"):  # (`abort; confirm` too)
            await self._ask_abort(rest.lstrip("; ").lower() in YES)
        elif word == "new":
            await self.new_game()
        elif word == "watch":
            await self._watch()
        elif word == "hint" and rest.lower() == "play":
            await self._play_hint()
        elif word == "hint":
            hint = await self.service.ai.hint(self.channel, LOCAL_USER, kind=self.kind)
            self.hint_button = hint.buttons[0].custom_id if hint.ok and hint.buttons else None
            await self.emit(hint)
        elif word == "create":
            await self._create()
        elif (other := await self._other_games_replay(text)) is not None:
            self.say(f"! {other}")
        elif (away := elsewhere(self.kind, text, self.games)) is not None and not (
            await self.reads_as_order(text)
        ):
            self.say(f"! {away}")
        elif re.match(r"^as\s+\w+\s*:", text, re.IGNORECASE) or (
            word in self.command_words() and not await self.is_own_step(word, text)
        ):
            await self.emit(await self._command(text))
        else:
            await self.emit(
                await self.service.moves.play(self.channel, LOCAL_USER, text, kind=self.kind)
            )
        return True

    async def _other_games_replay(self, text: str) -> str | None:
        """`replay N` of a game of this database that another game's terminal plays (each
        game of the database has its own games): which game it is and how to replay it;
        None for any other line."""
        words = text.lower().split()
        if words[:1] == ["club"]:
            words = words[1:]
        if len(words) < 2 or words[0] != "replay" or not words[1].isdigit() or len(words[1]) > 15:
            return None
        try:
            game = await self.service.store.get_game(int(words[1]))
        except GameNotFound:
            return None
        known = self.games.hosts(game.kind)
        if game.channel_id == self.channel or not known or game.kind == self.kind:
            return None  # (the table says why it cannot)
        title = self.games.game(game.kind).info.title
        return (
            f"Game {game.id} in this database is a game of {title}: replay it in a terminal "
            f"started with `--game {game.kind}`."
        )

    async def _clear(self) -> None:
        """A shell's `clear` (trials typed it to tidy the screen, and it was read as an order):
        the screen wiped where it is a terminal, then where the game stands."""
        self.release()
        if self.out.isatty():
            self.out.write("\033[2J\033[H")
        await self.emit(await self.service.views.status(self.channel, kind=self.kind))

    async def _help(self) -> None:
        record = await self.service.store.open_game(self.channel)
        started = record is not None and record.status == "active"
        text = help_text(self.kind, await self.seats_text(), self.games, started)
        self.say(terminal_text(text, self.games))

    async def _command(self, text: str) -> Reply:
        """A command of the table the terminal reads, typed by the one at the keyboard."""
        return await text_command(
            self.service,
            self.channel,
            LOCAL_USER,
            text,
            is_manager=True,
            kind=self.kind,
            games=self.games,
        )

    def command_words(self) -> set[str]:
        """The first words of the table's commands the terminal reads (`club pace` as `club`)."""
        words = {c.name for c in terminal_commands(self.kind, self.games)} | {"club", "allowed"}
        return words - OWN_WORDS

    async def reads_as_order(self, text: str) -> bool:
        """Whether the game played reads `text` as an order of its own, allowed now or
        refused by a rule: then a word another game has as a command (Vijayanagara's `pass`
        and `done`) is this game's step, played as one."""
        record = await self.service.store.open_game(self.channel)
        if record is None or record.status != "active":
            return False
        g = self.service.loader.rules_of(record)
        state = await self.service.loader.state_of(record)
        seat = g.to_move(state)
        try:
            orders_of(g).read_order(g.view(state, seat), text, seat or "")
        except (IllegalAction, MisreadStep):  # a step of its own, refused or misread
            return True
        except ValueError:
            return False
        return True

    async def is_own_step(self, word: str, text: str) -> bool:
        """Whether the player's own steps start with `word` (Taj Mahal's `play red vizier`),
        or the game reads the whole line as a step of its own (Successors' `play 5`, a chit
        played at any time, allowed or refused by a rule): then the line is that step, not
        the terminal's `play ORDER`."""
        if word != "play":
            return False
        said = await self.service.autocomplete.legal_orders(
            self.channel, LOCAL_USER, f"{word} ", kind=self.kind
        )
        if any(name.startswith(f"{word} ") for name, _ in said):
            return True
        return await self.reads_as_order(text)

    async def _create(self) -> None:
        """`create` is Discord's word: here a game starts with `new`; when the last game is
        over, say so, with its result."""
        game = await self.service.store.open_game(self.channel)
        if game is not None:
            self.say(f"! Game {game.id} is still in progress: `abort` it first.")
            return
        said = await self.service.games.no_game_text(self.channel, self.kind)
        for line in terminal_text(said, self.games).split("\n"):
            self.say(f"! {line}")

    async def seats_text(self) -> str:
        """Who holds which seat: the game's seats, else those `--ai` gives a new game."""
        g = self.game
        record = await self.service.store.latest_game(self.channel)
        ai: dict[str, str] = dict(self.ai_seats)
        held = list(self.seats_asked())
        if record is not None and record.seats:
            levels = self.games.levels(self.kind)
            ai = {s: lvl for s in g.info.seats if (lvl := ai_level(record.seats.get(s), levels))}
            held = [s for s in g.info.seats if s in record.seats]
        names = {s: seat_label(g, s) for s in g.info.seats}
        mine = [names[s] for s in held if s not in ai]
        if not ai:
            words = {2: "both", 3: "all three", 4: "all four", 5: "all five"}
            every = words.get(len(mine), f"all {len(mine)}")
            return f"you hold {every} seats ({', '.join(mine)})."
        ais = ", ".join(f"{names[s]} (AI, {lvl})" for s, lvl in ai.items())
        if not mine:
            return f"AIs hold every seat: {ais}; you watch."
        return f"you hold {' and '.join(mine)}; AIs hold {ais}."

    async def _play_hint(self) -> None:
        """`hint play`: the last hint's whole turn, as its button plays it on Discord."""
        if self.hint_button is None:
            self.say("! There is no hint to play: ask for one with `hint`.")
            return
        button, self.hint_button = self.hint_button, None
        await self.emit(await self.service.press(self.channel, LOCAL_USER, button))

    async def _ask_abort(self, confirmed: bool = False) -> None:
        """`abort` asks first; `abort; confirm` (as any order is confirmed) or `abort yes`
        does not."""
        game = await self.service.store.open_game(self.channel)
        if game is None:
            self.say("! There is no game in progress to abort.")
            return
        if confirmed:
            await self._abort()
            return
        self.confirming_abort = True
        self.say(f"End game {game.id} without a result? Type `yes` to confirm.")

    async def _abort(self) -> None:
        await self.emit(await self.service.lobby.abort(self.channel, LOCAL_USER, is_manager=True))
        self.say("Type `new` to start a new game, or `quit`.")

    async def _export(self, rest: str) -> None:
        reply = await self.service.transfer.export(self.channel, kind=self.kind)
        if reply.file is None or not rest:
            await self.emit(reply)
            return
        self._write(Path(rest), reply.file.data, "saved")

    async def _import(self, rest: str) -> None:
        if not rest:
            self.say("! Say which file: `import FILE` (a game saved with `export`).")
            return
        path = Path(rest)
        try:
            if not path.is_file():
                what = "is a folder" if path.is_dir() else "does not exist"
                self.say(f"! {quoted(rest, 60)} {what}: give the path of an exported game.")
                return
            if path.stat().st_size > MAX_IMPORT_BYTES:
                self.say(f"! {quoted(rest, 60)} is larger than an exported game can be.")
                return
            data = read_capped(path, MAX_IMPORT_BYTES)
        except OSError as e:
            self.say(f"! Could not read {quoted(rest, 60)}: {e.strerror or e}.")
            return
        if await self._room_for_import(rest, data):
            reply = await self.service.transfer.import_game(
                self.channel, LOCAL_USER, data, kind=self.kind
            )
            await self._track_game()
            await self.emit(reply)

    async def _room_for_import(self, name: str, data: bytes) -> bool:
        """Whether an import can go in now: no game in progress, or the one this terminal
        started where nobody has moved yet, set aside (aborted) once the file is known to
        load. Else what to do, in the terminal's words."""
        game = await self.service.store.open_game(self.channel)
        if game is None:
            return True
        played = sum(a.faction is not None for a in await self.service.store.actions(game.id))
        if played:
            self.say(
                f"! Game {game.id} is in progress ({count_of(played, 'step')} played): `abort` it (it asks for "
                f"`yes`), then `import {inert(name, 300)}` again; `export FILE` first keeps it."
            )
            return False
        checked = await self.service.transfer.check_import(data, kind=self.kind)
        if not checked.ok:
            await self.emit(checked)
            return False
        aborted = await self.service.lobby.abort(self.channel, LOCAL_USER, is_manager=True)
        if not aborted.ok:
            await self.emit(aborted)
            return False
        await self.shown(aborted)  # (said in a line of its own)
        self.say(f"Game {game.id} had no move yet: it is set aside for the import (aborted).")
        return True

    async def ai_moves(self) -> None:
        """The AI seats take their steps until a person's decision (or the game's end): an AI's
        turn is one block of short lines and its why, `ai_pause` seconds between two steps.
        Ctrl-C stops them after the step under way (each step is stored whole), or gives up
        the step in thought."""
        first = True
        self.holding = self.ai_pause <= 0  # (with a pause, each step is shown as it comes)
        try:
            while not self.stop_asked:
                reply = await self.service.ai.move(self.channel)
                if reply is None:
                    break
                if self.ai_pause > 0 and not first:
                    await self.sleep(self.ai_pause)
                first = False
                await self.emit(reply)
                if await self._ais_wait(await self.service.store.open_game(self.channel)):
                    return
        finally:
            self.holding = False
            self.release()
        if self.stop_asked and await self._ai_on_turn():
            await self._header_again(await self.service.store.open_game(self.channel))
            self.say("(Ctrl-C) The AIs wait: they go on after your next line (`status`).")

    async def _ais_wait(self, game: GameRecord | None) -> bool:
        """Whether the AIs wait though it is their decision: every seat of yours is out of
        the game (eliminated) and you have not asked to `watch` the rest; what happens now
        is told, at length the first time, so that the rest of the game is not played out
        at once without a word to you."""
        if game is None or self.watching == game.id:
            return False
        seats = await self._seats_out(game)
        if not seats:
            return False
        self.release()  # (the lines held back, as they stand, before the header is let go)
        await self._header_again(game)
        if self.out_said == game.id:
            self.say(f"The AIs wait to play the rest of game {game.id}: `watch`, or `quit`.")
            return True
        self.out_said = game.id
        self.say(
            f"{listed(seats)} {'is' if len(seats) == 1 else 'are'} out of game {game.id}: you "
            "have no decision left in it, and the AIs play the rest by themselves. Type `watch` "
            "to see them play it to its end and its result, or `quit` to stop here: the game "
            "stays in the database, and starting the terminal on it again goes on from here "
            "(`export FILE` also saves it as a file)."
        )
        return True

    async def _seats_out(self, game: GameRecord | None) -> list[str]:
        """Your seats in `game`, when every one of them is out of it while it goes on."""
        if game is None or game.status != "active":
            return []
        mine = [s for s, user in game.seats.items() if user == LOCAL_USER]
        try:
            g = self.service.loader.rules_of(game)
            out = talk_of(g).out(public(g, await self.service.loader.state_of(game)))
        except ServiceError:  # a game that does not load: its commands say why
            return []
        return [seat_label(g, s) for s in mine] if mine and set(mine) <= set(out) else []

    async def _header_again(self, game: GameRecord | None) -> None:
        """The AIs stop with an AI's decision due: the header the turn message ends with is
        printed again above that AI's next step, not left above the terminal's own lines."""
        if game is None:
            return
        g = self.service.loader.rules_of(game)
        state = await self.service.loader.state_of(game)
        texts = self.service.texts
        header = ai_header(g, state, texts.waiting_for(game, state), texts.strong, texts.ai_levels)
        shown = self.turn_text.split("\n")
        if header and shown[-1] == header:
            self.turn_text = "\n".join(shown[:-1])

    async def _kept(self) -> None:
        """`quit` with a game under way: that it is kept, and how to go on with it."""
        game = await self.service.store.open_game(self.channel)
        if game is not None and game.status == "active":
            self.say(f"Game {game.id} is kept: the same command goes on with it from here.")

    async def _watch(self) -> None:
        """`watch`: the AIs play the rest of a game every seat of yours is out of."""
        game = await self.service.store.open_game(self.channel)
        if game is None or game.status != "active":
            self.say("! There is no game in progress to watch.")
        elif not await self._seats_out(game):
            self.say(
                f"! You still play in game {game.id}; the AIs play by themselves whenever it is "
                "their decision."
            )
        else:
            self.watching = game.id
            self.say(f"The AIs play the rest of game {game.id} (Ctrl-C stops them).")

    async def _ai_on_turn(self) -> bool:
        """Whether the game in progress waits for an AI seat."""
        game = await self.service.store.open_game(self.channel)
        return await self.service.ai.due(game, reveal=False)

    async def _after_line(self) -> GameRecord | None:
        """The AIs' steps, where the channel's game waits for one; its latest game after
        them (the only one that can be open)."""
        game = await self.service.store.latest_game(self.channel)
        if not await self.service.ai.due(game):  # most lines leave a person on turn
            return game
        if not await self._ais_wait(game):
            await self.ai_moves()
        return await self.service.store.latest_game(self.channel)

    async def _your_hand(self, game: GameRecord | None) -> None:
        """In a game of hidden hands, what you hold in a line under the prompt that asks you
        (a trial read the colour to play, not its cards, and typed `hand` each turn): said
        when the decision is yours and the line changed since it was last said."""
        if game is None or game.status != "active":
            return
        try:
            g = self.service.loader.rules_of(game)
            if not g.info.private:
                return
            state = await self.service.loader.state_of(game)
        except ServiceError:  # a game that does not load: its commands say why
            return
        seat = g.to_move(state)
        if seat is None or game.seats.get(seat) != LOCAL_USER:
            return
        line = talk_of(g).hand_line(g.view(state, seat))
        if line and (game.id, line) != self.hand_said:
            self.hand_said = (game.id, line)
            self.say(f"(to you alone) {line}")

    async def run(self, lines: Iterable[str]) -> None:
        await self._your_hand(await self._after_line())  # a game continued on an AI's turn
        for line in lines:
            self.stop_asked = False
            self.last_next = ""  # a decision after a typed line is a new one: said whole
            try:
                if not await self.line(line):
                    break
                game = await self._after_line()
                await self._your_hand(game)
            except Exception as e:  # the loop survives every line; the game is in the database
                log.debug("line %r failed", line[:200], exc_info=True)
                self.say(f"! That line could not be handled ({type(e).__name__}).")
                game = await self.service.store.latest_game(self.channel)
            if game is not None and game.status == "finished" and self.over_said != game.id:
                self.over_said = game.id
                self.say("`new` starts another game; `export FILE` keeps this one.")


def _stdin_lines(out: TextIO, keys: CtrlC, typed: TypedAhead) -> Iterator[str]:
    """The person's lines, edited and recalled with the arrow keys (readline, where Python has
    it); Ctrl-C cancels the line being typed, Ctrl-D leaves. Between two prompts the keys
    typed are not echoed: they wait for the next prompt (`typed`)."""
    line_editing()
    try:
        while True:
            typed.on()
            try:
                line = keys.read_line("> ")
            except EOFError:
                print(file=out)  # the shell's prompt on a line of its own
                return
            except KeyboardInterrupt:
                print("\n(Ctrl-C) Type `quit` to leave; the game is kept.", file=out)
                continue
            typed.off()
            yield line
    finally:
        typed.on()


def split_game(argv: list[str]) -> tuple[str | None, list[str]]:
    """The `--game ID` of a command line (None when none is given) and the rest."""
    rest: list[str] = []
    kind: str | None = None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--game" and i + 1 < len(argv):
            kind, i = argv[i + 1], i + 2
            continue
        if a.startswith("--game="):
            kind = a.split("=", 1)[1]
        else:
            rest.append(a)
        i += 1
    return kind, rest


def option_arg(text: str) -> tuple[str, str | int | bool | None]:
    """`--options NAME=VALUE`: one of the game's options."""
    name, eq, value = text.partition("=")
    if not eq or not name.strip():
        raise argparse.ArgumentTypeError(f"{quoted(text, 40)}: give NAME=VALUE")
    low = value.strip().lower()
    typed: str | int | bool | None = value
    if low in ("true", "false"):
        typed = low == "true"
    elif low.lstrip("-").isdigit() and len(low) <= 12:
        typed = int(low)
    return name.strip().lower(), typed


def file_arg(text: str) -> tuple[str, Path]:
    """`--file NAME=PATH`: one of the game's component files."""
    name, eq, path = text.partition("=")
    if not eq or not name.strip() or not path.strip():
        raise argparse.ArgumentTypeError(f"{quoted(text, 40)}: give NAME=PATH, as cards=my.yaml")
    return name.strip().lower(), Path(path.strip())


def parser(
    g: AnyGame, games: Registry | None = None, *, chosen: bool = True
) -> argparse.ArgumentParser:
    """The command line of game `g`; `chosen` False: no `--game` was given, and the help says
    that `g` is the default, whose seats and options it lists, among the games hosted."""
    about = f"Play {g.info.title} in the terminal."
    if not chosen:
        titles = ", ".join(x.info.title for x in hosted(games).games())
        about = (
            f"Play the games of {PRODUCT} in the terminal: {titles}. Without --game it is "
            f"{g.info.title}, whose seats, levels and options are listed here; `--game ID "
            "--help` lists another's."
        )
    p = argparse.ArgumentParser(prog="chaupal-local", description=about)
    p.add_argument(
        "--game",
        metavar="GAME",
        help="the game to play: "
        + ", ".join(x.info.id for x in hosted(games).games())
        + f" (default {DEFAULT_GAME}; `--game ID --help` lists its own seats and levels)",
    )
    p.add_argument("--db", default=None, help=f"SQLite file (default {DEFAULT_DB})")
    p.add_argument(
        "--boards",
        default=DEFAULT_BOARDS,
        help=f"folder for the board images (default {DEFAULT_BOARDS}): a folder per database, "
        f"named after its file ({Path(DEFAULT_DB).stem} for {DEFAULT_DB}), and in it one per game "
        "(game-1, game-2...)",
    )
    p.add_argument(
        "--seed",
        type=seed_arg,
        default=None,
        help="a fixed seed for a new game: the seed then deals its dice and cards, so the "
        "same seed gives the same game (for tests and teaching, not fair play: without a "
        "seed a secret deals them)"
        if g.info.deals
        else f"not for {g.info.title}: it deals nothing (no dice, no cards), so a seed is refused",
    )
    _seating_arguments(p, g, games)
    _new_game_arguments(p, g)
    return p


def _seating_arguments(
    p: argparse.ArgumentParser, g: AnyGame, games: Registry | None = None
) -> None:
    """Who plays a new game: your seat, the AIs' seats and levels, how many, and how fast
    the AIs' steps are shown."""
    seats, levels = ", ".join(g.info.seats), ", ".join(seat_levels(g.info.id, games))
    p.add_argument(
        "--play",
        type=lambda t: seat_in(g, t, "--play"),
        default=None,
        metavar="SEAT",
        help=f"play this seat ({seats}) in a new game; AIs take the seats --ai names, then "
        f"free seats up to the game's {g.info.min_players} players (or --players)",
    )
    p.add_argument(
        "--ai",
        type=lambda t: ai_arg(g, t, games),
        action="append",
        default=[],
        metavar="SEAT:LEVEL",
        help=f"an AI plays this seat in a new game, at a level of {levels}",
    )
    if g.info.min_players < g.info.max_players:
        p.add_argument(
            "--players",
            type=lambda t: players_arg(g, t),
            default=None,
            metavar="N",
            help=f"how many play a new game ({g.info.min_players} to {g.info.max_players}; "
            f"default {g.info.min_players}): seats --play and --ai leave free go to AIs "
            "(or to you, without --play)",
        )
    p.add_argument(
        "--ai-pause",
        type=pause_arg,
        default=0.0,
        metavar="SECONDS",
        help="show each AI step as it comes, this long apart, to follow them (0 to "
        f"{MAX_AI_PAUSE:g}; default 0: an AI's turn is printed whole, a run of the same steps in "
        "one line)",
    )
    p.add_argument(
        "--think",
        type=think_arg,
        default=THINK_SECONDS,
        metavar="SECONDS",
        help=f"how long a hard AI thinks over a step, in seconds of CPU ({MIN_THINK:g} to "
        f"{MAX_THINK:g}; default {THINK_SECONDS:g}): longer plays stronger, shorter answers "
        f"sooner; a hint, over your whole turn, {HINT_PER_THINK:g} times as long",
    )


def _new_game_arguments(p: argparse.ArgumentParser, g: AnyGame) -> None:
    """A new game's options and component files of your own."""
    p.add_argument(
        "--options",
        type=option_arg,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an option of a new game: " + (", ".join(player_options(g.info.options)) or "none"),
    )
    p.add_argument(
        "--file",
        type=file_arg,
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="a component file of your own for a new game: "
        + (", ".join(files_of(g).file_names()) or "none"),
    )
    if "timurs_shadow" in g.info.options.model_fields:
        p.add_argument("--timurs-shadow", action="store_true", help="the Timur's Shadow variant")
    if "deck" in files_of(g).file_names():
        p.add_argument("--deck", type=Path, default=None, help="another deck file for a new game")


def _options_and_files(
    args: argparse.Namespace, p: argparse.ArgumentParser
) -> tuple[dict[str, str | int | bool | None], dict[str, bytes]]:
    """The game's options and its files' contents from the command line; a file that cannot
    be read ends the program with the parser's error."""
    options: dict[str, str | int | bool | None] = dict(args.options)
    if getattr(args, "timurs_shadow", False):
        options["timurs_shadow"] = True
    paths: dict[str, Path] = dict(args.file)
    if getattr(args, "deck", None) is not None:
        paths["deck"] = args.deck
    files: dict[str, bytes] = {}
    for name, path in paths.items():
        try:
            files[name] = read_capped(path, MAX_FILE_BYTES)
        except OSError as e:
            p.error(f"cannot read the {name} file {path}: {e.strerror or e}")
    return options, files


async def amain(
    argv: list[str] | None = None,
    lines: Iterable[str] | None = None,
    out: TextIO | None = None,
    renderer: Renderer | None = None,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    games: Registry | None = None,
) -> None:
    """The terminal client, on the command line `argv`, reading `lines` (None: a person at
    the keyboard), for the games hosted (`games`; None: the bot's)."""
    table = hosted(games)
    named, rest = split_game(sys.argv[1:] if argv is None else argv)
    kind = named or DEFAULT_GAME
    try:
        g = table.game(kind)
    except ValueError as e:
        parser(table.game(DEFAULT_GAME), table, chosen=False).error(str(e))
    p = parser(g, table, chosen=named is not None)
    args = p.parse_args(rest)
    stream = out or sys.stdout
    players = getattr(args, "players", None)
    try:
        seats = seating(g.info, args.play, args.ai, players, table)
    except ValueError as e:
        p.error(str(e))
    asked = args.play is not None or bool(args.ai) or players is not None
    options, files = _options_and_files(args, p)
    db = args.db or default_file(DEFAULT_DB, OLD_DEFAULT_DB)
    if args.db is None and db == OLD_DEFAULT_DB:
        notice(renamed_file(OLD_DEFAULT_DB, DEFAULT_DB))
    try:
        service = await terminal_table(
            db, renderer, table, (args.think, args.think * HINT_PER_THINK)
        )
    except Exception as e:  # e.g. a folder or a file that is not SQLite: no traceback
        p.error(f"cannot open the database {db}: {e}")
    client = LocalClient(
        service,
        boards_folder(Path(args.boards), db),
        stream,
        CHANNEL if kind == DEFAULT_GAME else f"{CHANNEL}-{kind}",
        kind,
        seating=seats if asked else None,  # none asked: a game under way is not warned
        ai_pause=args.ai_pause,
        sleep=sleep,
        games=table,
    )
    try:
        await _session(client, lines, lambda: client.begin(args.seed, options, files))
    finally:
        await service.close()


async def _session(
    client: LocalClient, lines: Iterable[str] | None, begin: Callable[[], Awaitable[None]]
) -> None:
    """The game begun (`begin`), then played by `lines`, or by a person at the terminal
    (None): Ctrl-C is theirs for the whole session, and the keys they type between two
    prompts wait for the next one, unechoed."""
    keys = CtrlC(client.ask_stop)
    stdin = -1
    if lines is None:
        keys.hear()
        with contextlib.suppress(AttributeError, OSError, ValueError):  # no stdin of its own
            stdin = sys.stdin.fileno()
    typed = TypedAhead(stdin)
    try:
        typed.off()  # (until the first prompt)
        await begin()
        await client.run(_stdin_lines(client.out, keys, typed) if lines is None else lines)
    finally:
        typed.on()
        if lines is None:
            keys.close()


def _told_under(lines: list[str], start: str | None, otherwise: int) -> int:
    """The index of the last of `lines` that tells `start` ("• Blue draws a chit"), else
    `otherwise`."""
    if start is not None:
        for i in reversed(range(len(lines))):
            if lines[i].removeprefix("• ").startswith(start):
                return i
    return otherwise


class OneLine(logging.Formatter):
    """A log record in one line, without its traceback: the terminal is a person's, who is
    told what failed in the game's words; the traceback is for a developer's own logging."""

    def format(self, record: logging.LogRecord) -> str:
        return f"({record.levelname.lower()}: {record.getMessage().splitlines()[0][:300]})"


def log_to_terminal() -> None:
    """Only errors reach the terminal, a line each (`OneLine`)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLine())
    logging.basicConfig(level=logging.ERROR, handlers=[handler], force=True)


def main(argv: list[str] | None = None) -> None:
    log_to_terminal()
    try:
        asyncio.run(amain(argv))
    except KeyboardInterrupt:
        print("\nInterrupted; every stored move is kept.", file=sys.stderr)
        raise SystemExit(130) from None


main_by_old_name = by_old_name("vijayanagara-local", main)

if __name__ == "__main__":
    main()
