"""The terminal client: play a whole game without Discord, through the same GameService.

It holds every seat no AI plays (`--play D`: easy AIs in the other two; `--ai` for chosen
seats), reads one line at a time, and never stops on a bad line: only `quit`, end of input
(Ctrl-D) or a finished game's `quit` end it.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import sys
from collections.abc import Awaitable, Callable, Iterable, Iterator
from pathlib import Path
from typing import TextIO

from ai.vijayanagara import Level
from db.models import MAX_ID
from rules import vijayanagara
from rules.errors import excerpt

from .ai_users import AI_USERS, SEAT_LEVELS, ai_level, seat_level
from .closing import CHART_FILE
from .renderer import Renderer, alt_of
from .reply import Reply
from .service import COMMANDS, MAX_DECK_BYTES, MAX_IMPORT_BYTES, GameService
from .service_base import MAX_LOG_LINES
from .tables.loading import table_games
from .tables.terminal import amain as play_table
from .tables.terminal import split_game
from .terminal_io import after_shown, read_capped

log = logging.getLogger(__name__)

LOCAL_USER = 1
CHANNEL = "local"
DEFAULT_DB = "./vijayanagara-local.sqlite3"
DEFAULT_BOARDS = "./boards"
COMMAND_WORDS = {
    "status", "board", "log", "undo", "give", "card", "join", "leave", "start", "play",
    "options", "allowed", "verify", "rules",
}  # fmt: skip
YES = {"yes", "y"}
NO = {"no", "n"}
MAX_AI_PAUSE = 60.0  # seconds between two AI steps shown (--ai-pause)
MAX_LINE_CHARS = (
    vijayanagara.MAX_ORDER_CHARS + 100
)  # a text command line, checked before it is read

HELP = f"""Terminal client: {{seats}}
Type an order in the notation (docs/notation.md), steps separated by ';':
  pass
  command; march; move 2 troop from delhi to malwa; done
  as D: command; march; ...     the same, refused unless it is Delhi's decision
  ...; confirm                  play an order the game asked you to confirm
Other lines:
  status             seats, Resources, Cavalry, VP, the card, whose decision it is
  options            every step allowed now (refusals show only the first few); steps
                     that differ in a count or a space are one line: `move 1-4 troop from
                     delhi to malwa|jaunpur` is any count 1 to 4, into either space
  hint               the hard AI's suggestion for your whole turn, beside the runner-up
                     and Pass, with what it changes on the board
  hint play          play the last hint's whole turn (refused once anything has moved)
  board              write the board picture (to the game's folder of boards)
  log [n]            the last n lines of the game log (1-200, default 20)
  card N|TITLE       a card's text
  rules [TOPIC]      the rules at the table: how each faction wins, every Command and
                     Decree, battles, the end (`rules` alone lists the topics)
  undo               take back the last step (not past a die roll, card reveal or hand-off)
  give B 2 resources trade Resources and/or Cavalry (1.5.2); `as D: give B 2 resources`,
                     `give 2 resources 1 cavalry from D to B` work too
  export [FILE]      save the whole game as JSON (default: vijayanagara-game-N.json)
  import FILE        load an exported game (only when no game is in progress)
  abort              end the game without a result (asks for confirmation)
  new                start a new game once the last one is over or aborted
  help               this text
  quit               leave (also Ctrl-D); the game stays in the database for next time
AI seats: start with `--play D` to play Delhi against easy AIs in the other two seats, or
`--ai B:hard --ai V:easy` (levels easy, hard) for chosen seats: a new game seats them, and
they move by themselves whenever it is their decision: each AI turn is one block of short
lines ending with why it played so; `--ai-pause 2` waits 2 s between two AI steps.
Defaults: database {DEFAULT_DB} (--db), boards {DEFAULT_BOARDS}/game-N/ (--boards)."""

# The service speaks Discord; the terminal has its own words for the same commands.
_TERMINAL_WORDS: list[tuple[str, str]] = [
    (r"`/vj create`, or `/vj club rematch` for the same players", "`new`"),  # all seats yours
    (r"`/vj create`", "`new`"),
    (r"`/vj join faction:[^`]*`", "`join D`"),
    (r"`/vj play order: ?([^`]*)`", r"`\1`"),
    (r"`/vj import[^`]*`", "`import FILE`"),
    (r"`/vj export[^`]*`", "`export FILE`"),
    (r"`/vj play` autocomplete", "`options`"),
    (r"`/vj club (verify|config)[^`]*`", r"`\1`"),
    (r"`/vj (\w+)[^`]*`", r"`\1`"),
    (r"/vj (\w+)", r"\1"),
    (r"[Ff]inish or `abort` it, or open a thread", "finish it or `abort` it"),
    (r"[Ff]inish or `abort` it first, or import in a new thread", "finish it or `abort` it first"),
    (r"in this channel", "in this database"),
    (r"This channel", "This database"),
    (r"Use the newest message or `play`", "Look at `status`"),
    (r"Press \*\*Play this turn\*\*", "Type `hint play`"),
    (r"Press Play this turn", "Type `hint play`"),
    (r"; a rematch: the button below\.", "."),  # the terminal says what it offers instead
]


def terminal_text(text: str) -> str:
    """A service reply in terminal words: no Discord commands, no markdown bold."""
    text = re.sub(r"^_(.*)_$", r"\1", text.replace("**", ""), flags=re.MULTILINE)
    for pattern, repl in _TERMINAL_WORDS:
        text = re.sub(pattern, repl, text)
    return text


def ai_arg(text: str) -> tuple[vijayanagara.Faction, Level]:
    """`--ai B:hard`: a faction letter and an AI level."""
    faction, _, level = text.partition(":")
    f = next((x for x in vijayanagara.PLAYERS if x.value == faction.strip().upper()), None)
    try:
        if f is None:
            raise ValueError(faction)
        return f, seat_level(level)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r}: give FACTION:LEVEL, FACTION one of D, B, V and LEVEL one of "
            + ", ".join(SEAT_LEVELS)
            + " (as B:hard)"
        ) from None


def faction_arg(text: str) -> vijayanagara.Faction:
    """`--play D`: one faction letter."""
    f = next((x for x in vijayanagara.PLAYERS if x.value == text.strip().upper()), None)
    if f is None:
        raise argparse.ArgumentTypeError(f"{text[:40]!r}: give one of D, B, V (as D)")
    return f


def seats_for_ai(
    play: vijayanagara.Faction | None, levels: list[tuple[vijayanagara.Faction, Level]]
) -> dict[vijayanagara.Faction, Level]:
    """The AI seats of a new game: with `--play F`, every seat but F (easy unless an `--ai`
    names its level); an `--ai` for the seat you play is a contradiction, refused."""
    seats: dict[vijayanagara.Faction, Level] = {
        f: "easy" for f in vijayanagara.PLAYERS if play is not None and f != play
    }
    for f, level in levels:
        if f == play:
            raise ValueError(f"--play {f.value} and --ai {f.value}:{level}: you play that seat")
        seats[f] = level
    return seats


def pause_arg(text: str) -> float:
    """`--ai-pause`: seconds, 0 to MAX_AI_PAUSE."""
    try:
        value = float(text[:20])
    except ValueError:
        value = -1.0
    if not 0 <= value <= MAX_AI_PAUSE:  # (also refuses nan)
        raise argparse.ArgumentTypeError(f"a pause is 0 to {MAX_AI_PAUSE:g} seconds")
    return value


def seed_arg(text: str) -> int:
    """`--seed`: a whole number the database can hold (0 to 2**63-1)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 19 or int(text) > MAX_ID:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {MAX_ID}")
    return int(text)


async def text_command(
    service: GameService, channel: str, user: int, line: str, *, is_manager: bool = False
) -> Reply:
    """`join D`, `as D: march; ...`, `play pass`, `status`... Unknown commands are refused."""
    if len(line) > MAX_LINE_CHARS:
        return Reply.error(
            f"That line is {len(line)} characters long; at most {MAX_LINE_CHARS} are read."
        )
    text = line.strip()
    m = re.match(r"^as\s+(\w+)\s*:\s*(.*)$", text, re.IGNORECASE | re.DOTALL)
    if m:
        return await service.play(channel, user, m.group(2), as_faction=m.group(1))
    name, _, rest = text.partition(" ")
    name, rest = name.lower(), rest.strip()
    if name == "create":
        return await service.create(channel, user, timurs_shadow="timur" in rest.lower())
    if name == "join":
        return await service.join(channel, user, rest or None)
    if name == "leave":
        return await service.leave(channel, user, rest or None)
    if name == "start":
        return await service.start(channel, user)
    if name == "play":
        return await service.play(channel, user, rest)
    if name == "undo":
        return await service.undo(channel, user)
    if name == "give":
        return await service.play(channel, user, text)
    if name == "status":
        return await service.status(channel)
    if name == "board":
        return await service.board(channel)
    if name == "log":
        if rest and not (rest.isascii() and rest.isdigit() and len(rest) <= 6):
            return Reply.error(
                f"`log N`: N is a number of lines from 1 to {MAX_LOG_LINES}, not {excerpt(rest)}."
            )
        return await service.log_lines(channel, int(rest) if rest else 20)
    if name in ("options", "allowed"):
        return await service.options(channel)
    if name == "card":
        return await service.card_in(channel, rest)
    if name == "rules":
        return service.rules_topic(rest or None)
    if name == "export":
        return await service.export(channel)
    if name == "verify":
        return await service.verify(channel)
    if name == "club":  # `club pace 12`, `club pace`
        sub, _, arg = rest.partition(" ")
        if sub.lower() == "pace" and (not arg or (arg.isascii() and arg.isdigit())):
            return await service.pace(channel, user, int(arg[:6]) if arg else None)
        return Reply.error(
            "`club pace` or `club pace HOURS` (1 to 336); the other `club` commands on Discord."
        )
    if name in ("abort", "resign"):
        return await service.abort(channel, user, is_manager=is_manager)
    if name == "help":
        return service.help()
    return Reply.error(
        f"Unknown command {excerpt(name)}. Commands: {', '.join(COMMANDS)}; or an order as "
        "`play <order>` / `as D: <order>`."
    )


class LocalClient:
    def __init__(
        self, service: GameService, boards: Path, out: TextIO, channel: str = CHANNEL
    ) -> None:
        self.service = service
        self.boards = boards
        self.out = out
        self.channel = channel
        self.game_id = 0
        self.confirming_abort = False
        self.over_said = 0  # the finished game whose end was announced
        self.seed: int | None = None
        self.timurs_shadow = False
        self.deck: bytes | None = None
        self.turn_text = ""  # the turn message as last shown (an edit repeats it)
        self.ai_seats: dict[vijayanagara.Faction, Level] = {}  # --ai: seats a new game gives to AIs
        self.ai_pause = 0.0  # --ai-pause: seconds between two AI steps shown, to follow them
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep  # tests pass their own
        self.hint_button: str | None = None  # the last hint's "Play this turn"

    def say(self, text: str) -> None:
        print(text, file=self.out)

    async def emit(self, reply: Reply) -> None:
        """Show a reply; an announcement shown here is delivered (the terminal is the channel)."""
        self.show(reply)
        await self.shown(reply)

    async def shown(self, reply: Reply) -> None:
        """The reply's announcement reached the player: it leaves the outbox."""
        if reply.announcement is not None:
            await self.service.delivered(reply.announcement)

    def show(self, reply: Reply) -> None:
        prefix = "! " if not reply.ok else ""
        text = reply.text
        if reply.announcement is not None:
            # the terminal is the channel, printed once: a turn's edit and the closing of a
            # turn repeat what was shown; only their new lines are printed
            if reply.edit:
                text = after_shown(self.turn_text, reply.text)
            elif reply.close_text is not None:
                text = after_shown(self.turn_text, reply.close_text) + "\n" + reply.text
            self.turn_text = reply.text
        for line in terminal_text(text.strip("\n")).split("\n"):
            self.say(f"{prefix}{line}")
        if reply.menu is not None:  # the terminal has no menu: the choices, to type
            for label, _ in reply.menu.options:
                self.say(f"{prefix}  {terminal_text(label)}")
        if reply.image is not None:
            png = self.game_boards() / f"board-{reply.version or 0:05d}.png"
            self._write(png, reply.image)
            alt = alt_of(reply.image)
            if alt is not None:  # beside the picture, for a screen reader
                self._write(png.with_suffix(".txt"), alt.encode(), "alt text", quiet=True)
        if reply.file is not None and reply.file.filename == CHART_FILE:
            self._write(self.game_boards() / CHART_FILE, reply.file.data, "chart")
        elif reply.file is not None:
            self._write(Path(reply.file.filename), reply.file.data, "saved")

    def game_boards(self) -> Path:
        """Each game's boards in a folder of its own, so no game overwrites another's."""
        return self.boards / f"game-{self.game_id}"

    def _write(self, path: Path, data: bytes, what: str = "board", *, quiet: bool = False) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        except OSError as e:
            self.say(f"! Could not write {what} {vijayanagara.clip(str(path))}: {e.strerror or e}.")
            return
        if not quiet:
            self.say(f"[{what}: {path}]")

    def seats_asked(self) -> dict[str, int]:
        """Who a new game seats where: the AIs of --play and --ai, you in every other seat."""
        return {
            f.value: AI_USERS[self.ai_seats[f]] if f in self.ai_seats else LOCAL_USER
            for f in vijayanagara.PLAYERS
        }

    async def _track_game(self) -> None:
        game = await self.service.store.latest_game(self.channel)
        self.game_id = game.id if game is not None else 0

    async def begin(self, seed: int | None, timurs_shadow: bool, deck: bytes | None = None) -> None:
        self.seed, self.timurs_shadow, self.deck = seed, timurs_shadow, deck
        game = await self.service.store.open_game(self.channel)
        if game is not None and game.status == "active":
            self.game_id = game.id
            self.say(f"Continuing game {game.id} (boards in {self.game_boards()}).")
            if game.seats != self.seats_asked():  # a game under way keeps its seats
                self.say("--play and --ai seat a new game: `abort` this one, then `new`.")
            await self.emit(await self.service.status(self.channel))
            return
        last = await self.service.store.latest_game(self.channel)
        if game is None and last is not None:
            self.game_id = last.id
            self.say(f"Game {last.id} in this database is {last.status}:")
            await self.emit(await self.service.status(self.channel))
            self.say("Type `new` to start a new game, `import FILE` to load one, or `quit`.")
            return
        await self.new_game()

    async def new_game(self) -> None:
        game = await self.service.store.open_game(self.channel)
        if game is None:
            created = await self.service.create(
                self.channel,
                LOCAL_USER,
                timurs_shadow=self.timurs_shadow,
                seed=self.seed,
                deck=self.deck,
            )
            if not created.ok:
                await self.emit(created)
                if self.deck is not None:  # a deck file given at launch is refused: usage error
                    raise SystemExit(2)
                return
            self.say(created.text.split(" Take a seat")[0])  # the seats are all yours here
            await self.shown(created)
            self.seed = None  # --seed is for the first new game only
        elif game.status == "active":
            self.say(f"! Game {game.id} is still in progress: `abort` it first.")
            return
        for f in vijayanagara.PLAYERS:
            # not shown: the start says who sits where
            level = self.ai_seats.get(f)
            if level is None:
                seated = await self.service.join(self.channel, LOCAL_USER, f.value)
            else:
                seated = await self.service.ai.seat(self.channel, LOCAL_USER, f.value, level)
            await self.shown(seated)
        await self._track_game()
        self.say(f"Game {self.game_id}: boards go to {self.game_boards()}.")
        await self.emit(await self.service.start(self.channel, LOCAL_USER))

    async def line(self, line: str) -> bool:
        """Handle one input line; False to stop."""
        text = line.strip()
        if self.confirming_abort:
            self.confirming_abort = False
            if text.lower() in YES:
                await self.emit(await self.service.abort(self.channel, LOCAL_USER, is_manager=True))
                self.say("Type `new` to start a new game, or `quit`.")
                return True
            self.say("Not aborted.")
            if text.lower() in NO:
                return True
        if not text or text.startswith("#"):
            return True
        word = text.split()[0].lower()
        rest = text[len(word) :].strip()
        if word in ("quit", "exit", "q"):
            return False
        if word == "help":
            self.say(HELP.format(seats=await self.seats_text()))
        elif word == "export":
            await self._export(rest)
        elif word == "import":
            await self._import(rest)
        elif word in ("abort", "resign"):
            await self._ask_abort()
        elif word == "new":
            await self.new_game()
        elif word == "hint" and rest.lower() == "play":
            await self._play_hint()
        elif word == "hint":
            hint = await self.service.ai.hint(self.channel, LOCAL_USER)
            self.hint_button = hint.buttons[0].custom_id if hint.ok and hint.buttons else None
            await self.emit(hint)
        elif word == "create":
            await self._create()
        elif re.match(r"^as\s+\w+\s*:", text, re.IGNORECASE) or word in COMMAND_WORDS:
            await self.emit(
                await text_command(self.service, self.channel, LOCAL_USER, text, is_manager=True)
            )
        else:
            await self.emit(await self.service.play(self.channel, LOCAL_USER, text))
        return True

    async def _create(self) -> None:
        """`create` is Discord's word: here a game starts with `new`; when the last game is
        over, say so, with its result."""
        game = await self.service.store.open_game(self.channel)
        if game is not None:
            self.say(f"! Game {game.id} is still in progress: `abort` it first.")
            return
        for line in terminal_text(await self.service.no_game_text(self.channel)).split("\n"):
            self.say(f"! {line}")

    async def seats_text(self) -> str:
        """Who holds which seat: the game's seats, else those `--ai` gives a new game."""
        game = await self.service.store.latest_game(self.channel)
        ai: dict[vijayanagara.Faction, str] = dict(self.ai_seats)
        if game is not None and game.seats:
            ai = {
                f: lvl for f in vijayanagara.PLAYERS if (lvl := ai_level(game.seats.get(f.value)))
            }
        names = {f: f"{f.value} {vijayanagara.FACTION_NAMES[f]}" for f in vijayanagara.PLAYERS}
        mine = [names[f] for f in vijayanagara.PLAYERS if f not in ai]
        if not ai:
            return f"you hold all three seats ({', '.join(mine)})."
        ais = ", ".join(f"{names[f]} (AI, {lvl})" for f, lvl in ai.items())
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

    async def _ask_abort(self) -> None:
        game = await self.service.store.open_game(self.channel)
        if game is None:
            self.say("! There is no game in progress to abort.")
            return
        self.confirming_abort = True
        self.say(f"End game {game.id} without a result? Type `yes` to confirm.")

    async def _export(self, rest: str) -> None:
        reply = await self.service.export(self.channel)
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
                self.say(f"! {vijayanagara.clip(rest)} {what}: give the path of an exported game.")
                return
            if path.stat().st_size > MAX_IMPORT_BYTES:
                self.say(f"! {vijayanagara.clip(rest)} is larger than an exported game can be.")
                return
            data = read_capped(path, MAX_IMPORT_BYTES)
        except OSError as e:
            self.say(f"! Could not read {vijayanagara.clip(rest)}: {e.strerror or e}.")
            return
        reply = await self.service.import_game(self.channel, LOCAL_USER, data)
        await self._track_game()
        await self.emit(reply)

    async def ai_moves(self) -> None:
        """The AI seats take their steps until a person's decision (or the game's end): an AI's
        turn is one block of short lines and its why, `ai_pause` seconds between two steps."""
        first = True
        while True:
            reply = await self.service.ai.move(self.channel)
            if reply is None:
                return
            if self.ai_pause > 0 and not first:
                await self.sleep(self.ai_pause)
            first = False
            await self.emit(reply)

    async def run(self, lines: Iterable[str]) -> None:
        await self.ai_moves()  # a game continued on an AI's turn
        for line in lines:
            try:
                if not await self.line(line):
                    break
                await self.ai_moves()
            except Exception as e:  # the loop survives every line; the game is in the database
                log.debug("line %r failed", line[:200], exc_info=True)
                self.say(f"! That line could not be handled ({type(e).__name__}).")
            game = await self.service.store.latest_game(self.channel)
            if game is not None and game.status == "finished" and self.over_said != game.id:
                self.over_said = game.id
                self.say("`new` starts another game; `export FILE` keeps this one.")


def _stdin_lines(out: TextIO) -> Iterator[str]:
    while True:
        try:
            yield input("> ")
        except EOFError:
            return
        except KeyboardInterrupt:
            print("\n(Ctrl-C) Type `quit` to leave; the game is kept.", file=out)


async def amain(
    argv: list[str] | None = None,
    lines: Iterable[str] | None = None,
    out: TextIO | None = None,
    renderer: Renderer | None = None,
    sleep: Callable[[float], Awaitable[None]] | None = None,
) -> None:
    kind, rest = split_game(sys.argv[1:] if argv is None else argv)  # another game: bot.tables
    if kind not in (None, "vijayanagara"):
        return await play_table(str(kind), rest, lines, out)
    argv = rest
    p = argparse.ArgumentParser(prog="vijayanagara-local", description="Play in the terminal.")
    others = ", ".join(g.info.id for g in table_games())
    p.add_argument(
        "--game",
        metavar="GAME",
        help=f"play another game instead of Vijayanagara: {others} (`--game ID --help` lists "
        "its own options)",
    )
    p.add_argument("--db", default=DEFAULT_DB, help=f"SQLite file (default {DEFAULT_DB})")
    p.add_argument(
        "--boards",
        default=DEFAULT_BOARDS,
        help=f"folder for the board images, one subfolder per game (default {DEFAULT_BOARDS})",
    )
    p.add_argument(
        "--seed",
        type=seed_arg,
        default=None,
        help="a fixed seed for a new game: the seed then deals its dice and cards, so the "
        "same seed gives the same game (for tests and teaching, not fair play: without a "
        "seed a secret deals them)",
    )
    p.add_argument("--timurs-shadow", action="store_true", help="the Timur's Shadow variant")
    p.add_argument(
        "--play",
        type=faction_arg,
        default=None,
        metavar="FACTION",
        help="play this faction (D, B or V) in a new game; easy AIs play the other two "
        "(an --ai sets another level for a seat)",
    )
    p.add_argument(
        "--ai",
        type=ai_arg,
        action="append",
        default=[],
        metavar="FACTION:LEVEL",
        help="an AI plays this seat in a new game, e.g. --ai B:hard --ai V:easy",
    )
    p.add_argument(
        "--ai-pause",
        type=pause_arg,
        default=0.0,
        metavar="SECONDS",
        help=f"wait this long between two AI steps shown, to follow them (0 to {MAX_AI_PAUSE:g}; "
        "default 0)",
    )
    p.add_argument(
        "--deck", type=Path, default=None, help="another deck file (YAML) for a new game"
    )
    args = p.parse_args(argv)
    stream = out or sys.stdout
    try:
        ai_seats = seats_for_ai(args.play, args.ai)
    except ValueError as e:
        p.error(str(e))
    try:
        deck = read_capped(args.deck, MAX_DECK_BYTES) if args.deck is not None else None
    except OSError as e:
        p.error(f"cannot read the deck file {args.deck}: {e.strerror or e}")
    try:
        service = await GameService.open(
            args.db,
            renderer,
            mention_fn=lambda uid: "you",
            see_all_hint="type `options` to see them all",
            name_players=False,
            guard_repeats=False,
        )
    except Exception as e:  # e.g. a folder or a file that is not SQLite: no traceback
        p.error(f"cannot open the database {args.db}: {e}")
    service.display_name = lambda uid: "you"  # the board names the player to act
    client = LocalClient(service, Path(args.boards), stream)
    client.ai_seats = ai_seats
    client.ai_pause = args.ai_pause
    if sleep is not None:
        client.sleep = sleep
    try:
        await client.begin(args.seed, args.timurs_shadow, deck)
        await client.run(_stdin_lines(stream) if lines is None else lines)
    finally:
        await service.close()


def main(argv: list[str] | None = None) -> None:
    try:
        asyncio.run(amain(argv))
    except KeyboardInterrupt:
        print("\nInterrupted; every stored move is kept.", file=sys.stderr)
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
