"""The one table of commands, for every game: the Discord adapter builds each game's slash
group from it (`/vj`, `/gt`, `/tm`, with a `club` subgroup), the terminal client reads its
lines with it, and the help text lists it. A command is written once for every game; a game
adds its own shortcuts (bot.table.shortcuts.Shortcut, declared by its registration) and,
where it has them, a lookup and a hand.

Each command names its parameters (their kind says how Discord asks for them and how the
terminal reads them) and how it answers: a change (stored with its announcement, posted in
the channel), or a read (to the caller alone, or to the channel)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Literal, cast

from annotated_types import Ge, Le
from pydantic import BaseModel

from rules.capabilities import Tiebreak, deadlines_of, files_of, tiebreak_of
from rules.game import Game, player_options

from .ai_users import seat_levels
from .games.entry import Registry
from .registry import hosted
from .reply import Reply
from .shortcuts import Shortcuts
from .undoing import MAX_UNDO_STEPS
from .words import every_dealt, undo_limit

if TYPE_CHECKING:  # the service answers the commands; it does not build them
    from .service import GameService

AnyGame = Game[object, object, object, BaseModel]
Kind = Literal["text", "number", "decimal", "bool", "seat", "level", "file", "user", "role"]
Complete = Literal["order", "topic", "lookup", "shortcut"]
Answer = Literal["change", "private", "public", "public_if_asked"]


@dataclass(frozen=True)
class Param:
    name: str
    description: str
    kind: Kind = "text"
    required: bool = False
    complete: Complete | None = None
    choices: tuple[str, ...] = ()  # fixed choices (Discord offers them as a list)
    low: float | None = None  # a number's bounds
    high: float | None = None
    max_length: int | None = None  # a text's


Value = str | int | float | bool | bytes | None
MAX_OPTION_TEXT = 100  # a game's text option, as typed


@dataclass(frozen=True)
class Call:
    """One use of a command: where, by whom, in which game's group, with which arguments
    (a file's bytes, a user's or role's id), and what the caller may do on the server."""

    channel: str
    user: int
    kind: str
    args: Mapping[str, Value] = field(default_factory=dict)
    guild: str | None = None
    roles: tuple[int, ...] = ()
    is_manager: bool = False

    def text(self, name: str) -> str | None:
        v = self.args.get(name)
        return None if v is None else str(v)

    def number(self, name: str) -> int | None:
        v = self.args.get(name)
        return v if isinstance(v, int) and not isinstance(v, bool) else None


Run = Callable[["GameService", Call], Awaitable[Reply]]


@dataclass(frozen=True)
class Command:
    name: str
    description: str  # the command in a few words (a front end cuts it to what it shows)
    help: str  # the help text's line
    run: Run
    params: tuple[Param, ...] = ()
    answer: Answer = "private"
    club: bool = False  # in the `club` subgroup
    terminal: bool = True  # the terminal reads it (a shortcut there is typed as an order)
    local: str = ""  # the terminal's help line, where `help` speaks of Discord
    lobby: bool = False  # seats a game before it starts: the terminal's help drops it after


def _seat(g: AnyGame) -> str:
    """The seats a game of the fewest players has, then those more players add (a trial read
    "yellow" among the seats of a game of three)."""
    least = g.info.seats_for(g.info.min_players)
    more = [s for s in g.info.seats if s not in least]
    extra = f" ({', '.join(more)} with more players)" if more else ""
    return ", ".join(least) + extra


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _create_params(g: AnyGame) -> tuple[Param, ...]:
    """The game's own options (switches and numbers) and files, then what every game has."""
    out: list[Param] = []
    fields = g.info.options.model_fields
    for name in player_options(g.info.options):
        f = fields[name]
        about = f.description or name.replace("_", " ").capitalize()
        if f.annotation is bool:
            out.append(Param(name, about, "bool"))
        elif f.annotation is int:
            low = next((m.ge for m in f.metadata if isinstance(m, Ge) and _is_int(m.ge)), None)
            high = next((m.le for m in f.metadata if isinstance(m, Le) and _is_int(m.le)), None)
            out.append(
                Param(
                    name,
                    about if low is None or high is None else f"{about} ({low}-{high})",
                    "number",
                    low=None if low is None else float(cast(int, low)),
                    high=None if high is None else float(cast(int, high)),
                )
            )
        else:
            out.append(Param(name, about, max_length=MAX_OPTION_TEXT))
    for name in files_of(g).file_names():
        out.append(Param(name, f"Your own {name} file, instead of the project's", "file"))
    out += [
        Param(
            "thread", "Open a thread for the game and play there (its first message pinned)", "bool"
        ),
        Param("ai", "Fill the free seats with AIs of this level (you sit as `seat`)", "level"),
        Param(
            "seat", f"Your seat when ai: fills the others ({g.info.seats[0]} when left out)", "seat"
        ),
    ]
    return tuple(out)


async def _create(s: GameService, c: Call) -> Reply:
    g = s.registry.game(c.kind)
    options: dict[str, str | int | bool | None] = {
        name: v
        for name in player_options(g.info.options)
        if isinstance(v := c.args.get(name), (str, int, bool))
    }
    files = {
        name: v
        for name in files_of(g).file_names()
        if isinstance(v := c.args.get(name), (bytes, str))
    }
    return await s.lobby.create(
        c.channel,
        c.user,
        kind=c.kind,
        options=options or None,
        files=files or None,
        seat=c.text("seat"),
        ai=c.text("ai"),
        guild=c.guild,
        roles=c.roles,
        is_manager=c.is_manager,
    )


async def _import(s: GameService, c: Call) -> Reply:
    raw = c.args.get("file")
    if not isinstance(raw, (bytes, str)):
        return Reply.error("Attach the exported game's JSON file (file:).")
    return await s.transfer.import_game(
        c.channel,
        c.user,
        raw,
        claim=c.text("claim"),
        guild=c.guild,
        roles=list(c.roles),
        is_manager=c.is_manager,
        kind=c.kind,
    )


def _log(s: GameService, c: Call) -> Awaitable[Reply]:
    lines = c.number("lines")
    return s.views.log_lines(c.channel, 20 if lines is None else lines, kind=c.kind)


async def _rules(s: GameService, c: Call) -> Reply:
    return s.views.rules_topic(c.text("topic"), kind=c.kind)


async def _help(s: GameService, c: Call) -> Reply:
    return help_reply(s, c.kind)


def help_reply(s: GameService, kind: str) -> Reply:
    """The game's commands, from this table, and the game's own lines."""
    return s.views.help(help_lines(kind, s.registry), kind=kind)


def _seat_named(s: GameService, c: Call) -> str:
    """The seat named by a command's seat parameter (named in the game's words)."""
    return c.text(s.registry.game(c.kind).info.seat_word) or ""


def _ai(s: GameService, c: Call) -> Awaitable[Reply]:
    pace = c.args.get("pace")
    return s.ai.seat(
        c.channel,
        c.user,
        _seat_named(s, c),
        c.text("level") or "",
        pace=float(pace) if isinstance(pace, (int, float)) and not isinstance(pace, bool) else None,
        is_manager=c.is_manager,
        kind=c.kind,
    )


def _seat_param(g: AnyGame, description: str, required: bool = False) -> Param:
    """A seat, named in the game's words (`faction:` for Vijayanagara, `side:` for the
    Goat-Tiger game)."""
    return Param(g.info.seat_word, description, "seat", required=required)


def _ai_params(g: AnyGame, games: Registry) -> tuple[Param, ...]:
    """The seat an AI plays, how strong (the levels its registration in `games` gives), and
    how fast."""
    return (
        _seat_param(g, f"The {g.info.seat_word} the AI plays", required=True),
        Param("level", "How strong: " + ", ".join(seat_levels(g.info.id, games)), "level", True),
        Param(
            "pace",
            "Seconds between two of its steps (default 4)",
            "decimal",
            low=1,
            high=600,
        ),
    )


def _pace_params(g: AnyGame) -> tuple[Param, ...]:
    """The hours a game waits, and what its deadline does (where the seat may pass)."""
    return (
        Param(
            "hours",
            "1 to 336 (two weeks); leave both out to see the pace",
            "number",
            low=1,
            high=336,
        ),
        *(
            (
                Param(
                    "deadline",
                    "When the first wait runs out: nothing, or the seat passes",
                    choices=("nothing", "pass"),
                ),
            )
            if deadlines_of(g).passes_at_deadline
            else ()
        ),
    )


def common(g: AnyGame, games: Registry) -> list[Command]:
    """The commands every game's group has."""
    return [*_seating(g, games), *_playing(g), *_looking(g), *_keeping(g)]


def _seating(g: AnyGame, games: Registry) -> list[Command]:
    """Opening a game, taking and leaving seats, AIs in them, and the start."""
    title = g.info.title
    seats = _seat(g)
    return [
        Command(
            "create",
            "Open a new game in this channel or thread",
            f"open a new game of {title} in this channel (options, your own files; ai: fills "
            "the other seats with AIs, seat: yours; thread: plays in a new thread)",
            _create,
            _create_params(g),
            answer="change",
        ),
        Command(
            "join",
            "Take a seat (one person may hold several)",
            f"take a {g.info.seat_word}: {seats}",
            lambda s, c: s.lobby.join(c.channel, c.user, _seat_named(s, c) or None, kind=c.kind),
            (
                _seat_param(
                    g,
                    f"The {g.info.seat_word} to play ({', '.join(g.info.seats)}); the first free "
                    "one if left out",
                ),
            ),
            answer="change",
            lobby=True,
        ),
        Command(
            "leave",
            "Give up your seat, or all of them",
            "give up your seat, or all of them (a free seat can be taken by anyone with join)",
            lambda s, c: s.lobby.leave(c.channel, c.user, _seat_named(s, c) or None, kind=c.kind),
            (_seat_param(g, f"Only this {g.info.seat_word} (default: all of yours)"),),
            answer="change",
            lobby=True,
        ),
        Command(
            "start",
            f"Start the game ({_players(g)} seats taken)",
            f"start the game once {_players(g)} seats are taken",
            lambda s, c: s.lobby.start(c.channel, c.user, kind=c.kind),
            answer="change",
            lobby=True,
        ),
        Command(
            "ai",
            "Let an AI play a seat (a person takes it back)",
            "an AI plays a seat (seat, level, pace: seconds a step); a person's seat at their "
            "request, by Manage Server, or once the game stalled on them; join takes it back",
            _ai,
            _ai_params(g, games),
            answer="change",
        ),
    ]


def _playing(g: AnyGame) -> list[Command]:
    """Playing: the computer's suggestion, an order, an undo."""
    return [
        Command(
            "hint",
            "The computer's suggestion (only you see)",
            "the computer's suggestion for your next order, with a button that plays it (only you)",
            lambda s, c: s.ai.hint(c.channel, c.user, kind=c.kind),
        ),
        Command(
            "play",
            "Send an order; steps separated by ';'",
            "send an order in the game's notation, steps separated by ';'",
            lambda s, c: s.moves.play(c.channel, c.user, c.text("order") or "", kind=c.kind),
            (
                Param(
                    "order",
                    "the steps (choices follow your typing)",
                    required=True,
                    complete="order",
                ),
            ),
            answer="change",
        ),
        Command(
            "undo",
            "Take back your last order (or a number of steps)",
            f"take back your last order whole, or `steps` single steps (not past {undo_limit(g)})",
            lambda s, c: s.moves.undo(c.channel, c.user, kind=c.kind, steps=c.number("steps")),
            (
                Param(
                    "steps",
                    f"How many single steps (1 to {MAX_UNDO_STEPS}; default: your last order)",
                    "number",
                    low=1,
                    high=MAX_UNDO_STEPS,
                ),
            ),
            answer="change",
        ),
    ]


def _looking(g: AnyGame) -> list[Command]:
    """Looking at the game: the board, the status, the choices, the log, the rules, help."""
    return [
        Command(
            "board",
            "Show the board (only to you, unless public)",
            "the board picture (only you see it; public: posts it)",
            lambda s, c: s.views.board(c.channel, public_=bool(c.args.get("public")), kind=c.kind),
            (Param("public", "Post it in the channel for everyone", "bool"),),
            answer="public_if_asked",
            local="the board picture, written to the boards folder",
        ),
        Command(
            "status",
            "Seats, score, whose turn (only to you, unless public)",
            "who sits where, the score, whose decision it is (only you see it; public: posts it)",
            lambda s, c: s.views.status(c.channel, public_=bool(c.args.get("public")), kind=c.kind),
            (Param("public", "Post it in the channel for everyone", "bool"),),
            answer="public_if_asked",
            local="who sits where, the score, whose decision it is",
        ),
        Command(
            "options",
            "Every step allowed now (only you see)",
            "every step allowed now, the whole list (only you see it)",
            lambda s, c: s.views.options(c.channel, c.user, kind=c.kind),
            local="every step allowed now, the whole list",
        ),
        Command(
            "log",
            "The last lines of the game log (only you see)",
            "the last lines of the game log",
            _log,
            (Param("lines", "How many lines (default 20)", "number", low=1, high=200),),
        ),
        Command(
            "rules",
            "The rules at the table (only you see it)",
            "the rules at the table, a topic at a time (only you see it)",
            _rules,
            (Param("topic", "A topic (pick one)", complete="topic"),),
            local="the rules at the table, a topic at a time",
        ),
        Command("help", "How to play with this bot", "this list", _help),
    ]


def _keeping(g: AnyGame) -> list[Command]:
    """Keeping games: export, import, and abort."""
    return [
        Command(
            "export",
            "Download the whole game as JSON",
            "the whole game as a JSON file (its secret only once the game is over)",
            lambda s, c: s.transfer.export(c.channel, kind=c.kind),
            answer="public",
        ),
        Command(
            "import",
            "Load an exported game into this channel",
            "load an exported game here; you keep your seats from it and may claim others",
            _import,
            (
                Param("file", "A JSON file made by export", "file", required=True),
                Param(
                    "claim",
                    f"Seats you take besides your own, e.g. '{g.info.seats[0]}'",
                    max_length=20,
                ),
            ),
            answer="change",
        ),
        Command(
            "abort",
            "End the game without a result",
            "end the game without a result (its creator, a member with Manage Server, or the server's "
            "organiser role)",
            lambda s, c: s.lobby.abort(
                c.channel,
                c.user,
                is_manager=c.is_manager,
                guild=c.guild,
                roles=c.roles,
                kind=c.kind,
            ),
            answer="change",
        ),
    ]


def club(g: AnyGame) -> list[Command]:
    """The `club` subgroup: games played over days, and the records."""
    return [*_club_waits(g), *_club_seating(g), *_club_records(g), *_club_server(g)]


def _club_waits(g: AnyGame) -> list[Command]:
    """How long a game waits for a decision, and each player's hours and messages."""
    return [
        Command(
            "pace",
            "Hours the game waits before reminding whoever is on turn",
            "hours the game waits before reminding whoever is on turn (default 24), then a "
            "notice, then one stall notice"
            + ("; deadline: pass makes the seat pass" if deadlines_of(g).passes_at_deadline else "")
            + "; stricter in a running game once every seated player agrees, or by Manage Server",
            lambda s, c: s.club.pace(
                c.channel, c.user, c.number("hours"), c.text("deadline"), is_manager=c.is_manager
            ),
            _pace_params(g),
            answer="change",
            club=True,
            local="hours the game waits for a decision before it reminds (the bot reminds on "
            "Discord; the terminal keeps the setting)",
        ),
        Command(
            "me",
            "Your time zone, quiet hours and direct messages (your turns, what you alone draw)",
            "your time zone, quiet hours (no reminders then) and direct messages for your turns "
            "and for what others' moves show you alone (a card drawn for you)",
            lambda s, c: s.club.me(
                c.user,
                time_zone=c.text("time_zone"),
                quiet=c.text("quiet"),
                direct_messages=_flag(c.args.get("direct_messages")),
            ),
            (
                Param(
                    "time_zone",
                    "An IANA name: Europe/Paris, America/New_York, Asia/Kolkata, UTC",
                    max_length=64,
                ),
                Param(
                    "quiet",
                    "Hours without reminders in your time zone, as 22-7; or off",
                    max_length=16,
                ),
                Param(
                    "direct_messages",
                    "Also tell me by direct message when it is my turn, and what I alone drew",
                    "bool",
                ),
            ),
            answer="change",
            club=True,
        ),
    ]


def _club_seating(g: AnyGame) -> list[Command]:
    """Who plays next: a rematch, a substitute."""
    return [
        Command(
            "rematch",
            "A new game with the same people",
            "a new game with the same people after one is over (seating: rotate, same, choose)",
            lambda s, c: s.club.rematch(
                c.channel,
                c.user,
                seating=c.text("seating") or "rotate",
                guild=c.guild,
                roles=c.roles,
                is_manager=c.is_manager,
            ),
            (
                Param(
                    "seating",
                    "rotate (each player plays the next seat), same, or choose (everyone joins again)",
                    choices=("rotate", "same", "choose"),
                ),
            ),
            answer="change",
            club=True,
        ),
        Command(
            "seat",
            "Give a seat to a substitute (Manage Server)",
            "give a seat to a substitute (Manage Server only)",
            lambda s, c: s.club.seat(
                c.channel,
                c.user,
                _seat_named(s, c),
                c.number("user") or 0,
                is_manager=c.is_manager,
            ),
            (
                _seat_param(g, f"The {g.info.seat_word} to move", required=True),
                Param("user", "Who takes it over", "user", required=True),
            ),
            answer="change",
            club=True,
        ),
    ]


def _club_records(g: AnyGame) -> list[Command]:
    """The records: finished games, wins and ratings, replays, the dealt chance checked."""
    return [
        Command(
            "history",
            "Finished games here, or a player's",
            "the finished games of this channel, or of a player on this server",
            lambda s, c: s.club.history(c.channel, c.number("user"), guild=c.guild),
            (Param("user", "A player: their finished games on this server", "user"),),
            club=True,
        ),
        Command(
            "stats",
            "Wins per seat and a rating per player",
            "wins per seat, and a player's wins and rating (Elo) per seat, on this server",
            lambda s, c: s.club.stats(c.number("user") or c.user, guild=c.guild, kind=c.kind),
            (Param("user", "Whose record (yours when left out)", "user"),),
            club=True,
        ),
        Command(
            "replay",
            "The board at any step of a finished game",
            "the board at any step of a finished game of this channel",
            lambda s, c: s.club.replay(c.channel, c.number("game") or 0, c.number("step")),
            (
                Param("game", "The game's number (see history)", "number", True, low=1, high=2**53),
                Param(
                    "step",
                    "How many log entries in (the end if left out)",
                    "number",
                    low=0,
                    high=100_000,
                ),
            ),
            club=True,
            local="the board at any step of a finished game of this database",
        ),
        Command(
            "verify",
            f"Check {every_dealt(g)} against the game's secret"
            if g.info.deals
            else "This game deals nothing by chance: nothing to check",
            f"check that {every_dealt(g)} followed from the secret committed at the start"
            if g.info.deals
            else "says there is nothing to check: this game deals nothing by chance",
            lambda s, c: s.transfer.verify(c.channel, kind=c.kind),
            answer="public",
            club=True,
        ),
    ]


def _club_server(g: AnyGame) -> list[Command]:
    """The server's settings: who may create, import and abort games."""
    return [
        Command(
            "config",
            "Who may create, import and abort games on this server",
            "who may create, import and abort games on this server (Manage Server only)",
            lambda s, c: s.lobby.configure(
                c.guild,
                c.user,
                is_manager=c.is_manager,
                organisers=c.text("organisers"),
                role_id=c.number("role"),
            ),
            (
                Param(
                    "organisers",
                    "anyone, a role, or only members with Manage Server (leave out to see)",
                    choices=("anyone", "role", "managers"),
                ),
                Param("role", "The role, when organisers is 'role'", "role"),
            ),
            answer="change",
            club=True,
        ),
    ]


def own(g: AnyGame, games: Registry) -> list[Command]:
    """What a game adds: its hand (a game of hidden hands), its lookup, its shortcuts (its
    registration's, in `games`), and for a game that breaks another's ties (the Goat-Tiger
    game, Vijayanagara's), the tiebreak."""
    out: list[Command] = [_tiebreak(h, t) for h, t in tiebreaks_in(g, games)]
    if g.info.private:
        out.append(
            Command(
                "hand",
                "Your hand and your choices (only you see)",
                "your hand, and your choices when it is your turn, with buttons (only you)",
                lambda s, c: s.views.hand(c.channel, c.user, kind=c.kind),
                local="your hand, and your choices when it is your turn",
            )
        )
    if g.info.lookup:
        out.append(
            Command(
                "card",
                f"Look up an {g.info.lookup}" + (" (only you see it)" if g.info.private else ""),
                f"look up an {g.info.lookup} by number or title"
                + (
                    " (only you see it: what you read may be what you hold)"
                    if g.info.private
                    else ""
                ),
                lambda s, c: s.views.card_in(c.channel, c.text("number") or "", kind=c.kind),
                (
                    Param(
                        "number",
                        "Its number, or type part of its title",
                        required=True,
                        complete="lookup",
                    ),
                ),
                # a hand's game: a reader's lookup posted for all would hint at what they hold
                answer="private" if g.info.private else "public",
                local=f"look up an {g.info.lookup} by number or title",
            )
        )
    return out + _shortcut_commands(games.shortcuts(g.info.id))


def _shortcut_commands(shortcuts: Shortcuts[object, object]) -> list[Command]:
    """The game's shortcuts, each a command that plays an order."""
    out: list[Command] = []
    for sc in shortcuts.commands():
        params = tuple(
            Param(
                p.name,
                p.description,
                "seat" if p.kind == "seat" else "number" if p.kind == "number" else "text",
                p.required,
                complete="shortcut" if p.choices and len(p.choices) > 2 else None,
                choices=p.choices if 0 < len(p.choices) <= 2 else (),
            )
            for p in sc.params
        )
        out.append(
            Command(
                sc.name,
                sc.description,
                sc.description[:1].lower() + sc.description[1:],
                _shortcut(sc.name),
                params,
                answer="change",
                terminal=False,
            )
        )
    return out


def tiebreaks_in(g: AnyGame, games: Registry) -> list[tuple[AnyGame, Tiebreak]]:
    """The games in `games` whose ties `g` breaks, with their tiebreaks
    (rules.capabilities.Tiebreak)."""
    return [
        (h, t)
        for h in games.games()
        if (t := tiebreak_of(h)) is not None and t.played_in == g.info.id
    ]


def _tiebreak(h: AnyGame, t: Tiebreak) -> Command:
    return Command(
        "tiebreak",
        f"Play off the last {h.info.title} game's tie for first ({t.rule})",
        f"the {t.name} of this channel's last {h.info.title} game, when it ended tied for "
        "first (a tied player opens it)",
        lambda s, c: s.tiebreaks.open(c.channel, c.user),
        answer="change",
        terminal=False,  # the terminal keeps each game in a channel of its own
    )


def _shortcut(name: str) -> Run:
    def run(s: GameService, c: Call) -> Awaitable[Reply]:
        args: dict[str, str | int | None] = {
            k: v for k, v in c.args.items() if isinstance(v, (str, int)) and not isinstance(v, bool)
        }
        return s.moves.shortcut(c.channel, c.user, name, args=args, kind=c.kind)

    return run


@cache
def commands(kind: str, games: Registry | None = None) -> tuple[Command, ...]:
    """Every command of a game's group among `games` (None: the bot's), in the order help
    lists them (built once per game and registry, and each line asks)."""
    table = hosted(games)
    g = table.game(kind)
    return (*common(g, table), *own(g, table), *club(g))


def help_lines(kind: str, games: Registry | None = None) -> list[tuple[str, str]]:
    return [(("club " if c.club else "") + c.name, c.help) for c in commands(kind, games)]


def find(
    kind: str, name: str, *, club_command: bool = False, games: Registry | None = None
) -> Command | None:
    table = commands(kind, games)
    return next((c for c in table if c.name == name and c.club == club_command), None)


def kinds(games: Registry | None = None) -> list[str]:
    return [g.info.id for g in hosted(games).games()]


def _players(g: AnyGame) -> str:
    if g.info.min_players == len(g.info.seats):
        return "all its"
    return f"at least {g.info.min_players}"


def _flag(v: Value) -> bool | None:
    return v if isinstance(v, bool) else None
