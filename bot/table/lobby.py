"""The lobby, for every game: create a game (its options and component files), join and leave
by seat, start it once enough seats are taken, abort it; the server's permissions."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from pydantic import BaseModel, ValidationError

from db import (
    Announcement,
    DeckFile,
    GameRecord,
    LogLines,
    ReminderPlan,
    ServerSettings,
    Snapshot,
)
from db.models import FIRST_GAME, MAX_ID, PLAYERS
from rules.capabilities import files_of, narration_of, reference_of, seeding_of, turns_of
from rules.errors import DataError, clip, excerpt
from rules.game import component_files, player_options
from rules.text import quoted
from rules.validation import first_problem

from .ai_turns import ai_header
from .ai_users import ai_name, ai_user, is_ai, seat_level
from .announcing import commitment_text, reveal_text
from .loading import (
    SEED_DEALS,
    AnyGame,
    options_json,
    public,
)
from .moves import seat_named
from .parts import SharedParts
from .permissions import ORGANISERS
from .pipeline import announced
from .refusal import ServiceError, answers
from .reply import Reply
from .table_texts import seat_title
from .textlog import LogTail, follow_opening, stage_openings, told
from .words import every_dealt

MAX_FILE_BYTES = 200_000  # a component file a group brings (a deck file is far smaller)
MAX_OPTIONS_CHARS = 2_000
MAX_OPTION_PAIRS = 20
OptionValues = Mapping[str, str | int | bool | None]


def check_range(what: str, value: int, low: int, high: int) -> int:
    """A number from a user, refused with a message when outside low..high."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ServiceError(
            f"{what} must be a whole number from {low} to {high}, not {excerpt(value)}."
        )
    return value


def upload_text(raw: bytes | str, what: str, limit: int) -> str:
    """The text of an uploaded file: at most `limit` bytes of UTF-8."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise ServiceError(f"That {what} is too large: {size} bytes; at most {limit} bytes.")
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ServiceError(f"That {what} is not UTF-8 text (a bad byte at {e.start}).") from e


def parse_options(g: AnyGame, given: OptionValues | str | None) -> BaseModel:
    """The game's options from typed values, or from `name=value` pairs (space-separated)."""
    model: type[BaseModel] = g.info.options
    if given is None or (isinstance(given, str) and not given.strip()):
        return model()
    if isinstance(given, str):
        if len(given) > MAX_OPTIONS_CHARS:
            raise ServiceError(f"Options are at most {MAX_OPTIONS_CHARS} characters.")
        pairs: dict[str, str | int | bool | None] = {}
        for part in given.split()[: MAX_OPTION_PAIRS + 1]:
            name, eq, value = part.partition("=")
            if not eq or not name:
                raise ServiceError(f"Options are `name=value` pairs, not {excerpt(part)}.")
            pairs[name.strip().lower()] = _value(value)
        given = pairs
    if len(given) > MAX_OPTION_PAIRS:
        raise ServiceError(f"At most {MAX_OPTION_PAIRS} options.")
    mine = player_options(model)
    files = component_files(model)
    for name in given:
        if name in files:
            raise ServiceError(
                f"{name} is a file: give it as the file `{files[name].name}` (an upload; the "
                f"terminal's --file {files[name].name}=PATH), not as an option."
            )
        if name not in mine:
            known = ", ".join(mine) or "none"
            raise ServiceError(
                f"No option {excerpt(name)} in {g.info.title}; its options: {known}."
            )
    try:  # strictly, as every path reads options: `true` is no number, 1 no truth
        return model.model_validate(dict(given), strict=True)
    except ValidationError as e:
        problem = first_problem(e, dict(given), model.model_json_schema())
        raise ServiceError(f"Option {problem}.") from None


def _value(v: str) -> str | int | bool | None:
    low = v.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "null":
        return None
    if low.lstrip("-").isdigit() and len(low) <= 18:
        return int(low)
    return v


NUMBERS = {3: "three", 4: "four", 5: "five", 6: "six"}


class Lobby:
    def __init__(self, shared: SharedParts) -> None:
        self.shared = shared

    @answers(exists="{Here} already has a game. Finish or abort it{or_beside}.")
    async def create(
        self,
        channel: str,
        user: int,
        *,
        kind: str,
        options: OptionValues | str | None = None,
        files: Mapping[str, bytes | str] | None = None,
        seed: int | None = None,
        seat: str | None = None,
        ai: str | None = None,
        guild: str | None = None,
        roles: Sequence[int] = (),
        is_manager: bool = False,
    ) -> Reply:
        """Open a game of `kind`; `ai`: a level, whose AIs take every seat but the creator's
        (`seat`, the first when left out), stored with the game; `files` are component files of the game's (Vijayanagara:
        another deck file, docs/events-format.md), as uploaded; `seat`: the creator's.
        `guild`, `roles` and `is_manager` describe the caller for the server's permissions.

        Its chance steps are dealt from a fresh random secret (committed at the start,
        revealed at the end), or from the service's `seed_source` (tests: a fixed secret).
        A game created with an explicit `seed` (tests, benches, the terminal's `--seed`) is
        dealt by the seed inside its state: repeatable, not fair play."""
        try:
            g = self.shared.registry.game(kind)
        except ValueError as e:
            raise ServiceError(str(e)) from e
        async with self.shared.locks(channel):
            config = self.shared.texts.command(g.info.id, "club config")
            await self.shared.permissions.may_organise(
                guild, roles, is_manager, "create", config=config
            )
            await self.shared.permissions.note_server(channel, guild)
            secret = self._secret_for(g, seed)
            chosen, texts = await self._chosen_options(g, options, files)
            await self.can_set_up(g, chosen, seed)  # before anything is stored
            keys = files_of(g).file_keys(chosen)
            stored_files = [DeckFile(hash=keys[name], text=texts[name]) for name in keys]
            variant = reference_of(g).options_text(chosen)
            seats, filled = self._first_seats(g, user, seat, ai)
            announcement = new_game_announcement(g, variant, filled, self.shared.texts.command)
            stored = options_json(g, chosen)
            if seed is not None:  # so it is never taken for a game from before secrets
                stored[SEED_DEALS] = True
            record = await self.shared.store.create_game(
                channel,
                seed or 0,  # a secret deals the game, unless a seed was given
                stored,
                user,
                deck=stored_files[0] if stored_files else None,
                files=stored_files[1:],
                secret=secret.hex(),
                seats=seats or None,
                announcement=announcement,  # stored with the game: a crash leaves neither
                kind=kind,
            )
            return announced(record, announcement(record).text)

    def _secret_for(self, g: AnyGame, seed: int | None) -> bytes:
        """A fresh secret to deal the game from; none for a game dealt by an explicit seed
        (refused for a game that deals nothing)."""
        if seed is None:
            return self.shared.loader.new_secret()
        check_range("The seed", seed, 0, MAX_ID)
        if not g.info.deals:
            raise ServiceError(
                f"{g.info.title} deals nothing (no dice, no cards): a seed would change "
                "nothing. Leave it out."
            )
        return b""

    async def _chosen_options(
        self,
        g: AnyGame,
        options: OptionValues | str | None,
        files: Mapping[str, bytes | str] | None,
    ) -> tuple[BaseModel, dict[str, str]]:
        """The game's options as chosen, with the component files uploaded (each read and
        checked), and those files' texts."""
        chosen = parse_options(g, options)
        texts = {
            name: upload_text(raw, f"{name} file", MAX_FILE_BYTES)
            for name, raw in (files or {}).items()
        }
        unknown = sorted(set(texts) - set(files_of(g).file_names()))
        if unknown:
            takes = ", ".join(files_of(g).file_names()) or "none"
            raise ServiceError(
                f"{g.info.title} takes no {quoted(unknown[0])} file; the files it takes: {takes}."
            )
        if texts:
            try:
                chosen = await self.shared.workers.run(files_of(g).with_files, chosen, texts)
            except (DataError, ValueError) as exc:
                raise ServiceError(f"That file cannot be used: {exc}") from exc
        return chosen, texts

    def _first_seats(
        self, g: AnyGame, user: int, seat: str | None, ai: str | None
    ) -> tuple[dict[str, int], str]:
        """The seats a new game opens with (the creator's, and AIs of level `ai` in the
        others), and what the announcement says of them."""
        seats = {seat_named_in(g, seat): user} if seat else {}
        if ai is None:
            return seats, ""
        try:
            level = seat_level(g.info.id, ai, self.shared.registry)
        except ValueError as e:
            raise ServiceError(f"{e}.") from e
        mine = seat_named_in(g, seat) if seat else g.info.seats[0]
        seats = {s: ai_user(level) for s in g.info.seats[: g.info.max_players]}
        seats[mine] = user
        ais = [_title(g, s) for s in g.info.seats if s in seats and s != mine]
        named = self.shared.texts.command
        filled = (
            f" {self.shared.texts.mention(user)} sits as {_title(g, mine)}; {ai_name(level)} "
            f"plays {' and '.join(ais) or 'no seat'}. {named(g.info.id, 'start')} begins "
            f"the game; anyone may still take an AI's seat with {named(g.info.id, 'join')}."
        )
        return seats, filled

    async def can_set_up(self, g: AnyGame, options: BaseModel, seed: int | None) -> None:
        """Refused unless the game can be set up with these options (and seed) for every number
        of players it takes: a game that cannot start is never stored."""
        try:
            for players in range(g.info.min_players, g.info.max_players + 1):
                seats = g.info.seats_for(players)
                if seed is None:
                    await self.shared.workers.run(g.new_game, options, seats)
                else:
                    await self.shared.workers.run(seeding_of(g).new_seeded, options, seats, seed)
        except Exception as e:  # whatever the reason, refused here rather than stored
            why = clip(str(e).strip().split("\n", 1)[0] or type(e).__name__, 300)
            raise ServiceError(f"{g.info.title} cannot be set up so: {why}") from e

    @answers(retry="join")
    async def join(
        self, channel: str, user: int, faction: str | None = None, *, kind: str | None = None
    ) -> Reply:
        async with self.shared.locks(channel):
            record = await self.shared.games.open_game(channel, kind)
            g = self.shared.loader.rules_of(record)
            named = self.shared.texts.command
            free = [s for s in g.info.seats if s not in record.seats]
            if faction is None:  # the seat an AI holds for them, else the first free one
                held = [
                    s
                    for s, uid in (await self.shared.store.seat_holds(record.id)).items()
                    if uid == user and is_ai(record.seats.get(s))
                ]
                if not held and not free:
                    raise ServiceError("Every seat is taken.")
                f = held[0] if held else free[0]
            else:
                f = seat_named(g, faction)
                holder = record.seats.get(f)
                name = _title(g, f)
                free_txt = "Free seats: " + (", ".join(free) or "none") + "."
                if holder == user:
                    raise ServiceError(f"You already sit as {name}.")
                if holder is not None and not is_ai(holder):
                    raise ServiceError(
                        f"{name} is taken by {self.shared.texts.mention(holder)}. Only they can let it "
                        f"go ({named(g.info.id, 'leave')}, or {named(g.info.id, 'ai')} for an AI), or a "
                        "member with Manage Server can give it to someone else "
                        f"({named(g.info.id, 'club seat')}). {free_txt}"
                    )
                held_for = (await self.shared.store.seat_holds(record.id)).get(f)
                if holder is not None and held_for is not None and held_for != user:
                    ai = self.shared.texts.mention(holder)
                    raise ServiceError(
                        f"{ai[:1].upper()}{ai[1:]} holds {name} for "
                        f"{self.shared.texts.mention(held_for)}, who alone takes it back with "
                        f"{named(g.info.id, 'join')} (or lets it go with {named(g.info.id, 'leave')}); a "
                        "member with Manage Server can give it to someone else "
                        f"({named(g.info.id, 'club seat')}). {free_txt}"
                    )
                if record.status == "active":
                    playing = turns_of(g).players(await self.shared.loader.state_of(record))
                    if f not in playing:
                        raise ServiceError(
                            f"{name} is not in this game: it is played by "
                            f"{', '.join(_title(g, s) for s in playing)}."
                        )
            seats = {**record.seats, f: user}
            left = [s for s in g.info.seats if s not in seats]
            if record.status == "lobby":
                ready = len(seats) >= g.info.min_players
                tail = (f" Free seats: {', '.join(left)}." if left else "") + (
                    f" Enough seats are taken: {named(g.info.id, 'start')}." if ready else ""
                )
            else:
                tail = ""
            text = f"{self.shared.texts.mention(user)} sits as {_title(g, f)}.{tail}"
            record = await self.store_seats(record, seats, text)
            return announced(record, text)

    @answers(retry="leave")
    async def leave(
        self, channel: str, user: int, faction: str | None = None, *, kind: str | None = None
    ) -> Reply:
        async with self.shared.locks(channel):
            record = await self.shared.games.open_game(channel, kind)
            g = self.shared.loader.rules_of(record)
            mine = self.shared.texts.user_seats(record, user)
            # the seats an AI holds for them: leaving lets anyone take those
            held = [
                s
                for s, uid in (await self.shared.store.seat_holds(record.id)).items()
                if uid == user and is_ai(record.seats.get(s))
            ]
            if faction is not None:
                f = seat_named(g, faction)
                if f not in mine and f not in held:
                    raise ServiceError(f"You do not sit as {_title(g, f)}.")
                mine = [f] if f in mine else []
                held = [f] if f in held else []
            if not mine and not held:
                raise ServiceError("You have no seat in this game.")
            for s in held:
                await self.shared.store.put_seat_hold(record.id, s, None)
            join = self.shared.texts.command(g.info.id, "join")
            released = ", ".join(_title(g, s) for s in held)
            released_text = (
                f" The AI keeps playing {released}; anyone may take it with {join}." if held else ""
            )
            if not mine:  # no seat changes hands: nothing to store but the holds
                return Reply(
                    text=f"{self.shared.texts.mention(user)} lets go of the seat the AI holds for them."
                    + released_text,
                    version=record.version,
                )
            seats = {k: v for k, v in record.seats.items() if k not in mine}
            names = ", ".join(_title(g, s) for s in mine)
            extra = (
                f" Anyone may take the free seat with {join}." if record.status == "active" else ""
            )
            text = f"{self.shared.texts.mention(user)} leaves {names}.{extra}{released_text}"
            record = await self.store_seats(record, seats, text)
            return announced(record, text)

    async def store_seats(self, record: GameRecord, seats: dict[str, int], text: str) -> GameRecord:
        """Store the game's new seats with the message that announces them (and, mid-game, the
        wait of whoever now holds the seat on turn)."""
        return await self.shared.store.update_game(
            record.id,
            record.version,
            seats=seats,
            announcement=Announcement(text=text),
            reminder=await self.seat_change_plan(record, seats),
        )

    async def seat_change_plan(
        self, record: GameRecord, seats: dict[str, int]
    ) -> ReminderPlan | None:
        """When seats change in a running game and the seat on turn changes hands, the wait
        starts anew for its new holder (or ends, for a free seat); None: the job stands."""
        if record.status != "active":
            return None
        state = await self.shared.loader.state_of(record)
        now = self.shared.texts.waiting_for(record.model_copy(update={"seats": seats}), state)
        if now == self.shared.texts.waiting_for(record, state):
            return None
        return await self.shared.reminders.plan(record, now)

    @answers(retry="start")
    async def start(self, channel: str, user: int, *, kind: str | None = None) -> Reply:
        async with self.shared.locks(channel):
            record = await self.shared.games.open_game(channel, kind)
            g = self.shared.loader.rules_of(record)
            self._check_startable(record, user)
            record = await self._played_with(record, g)
            if await self.shared.loader.pre_secret(record):  # stored before per-game secrets
                record = await self.shared.store.adopt_secret(
                    record.id, record.version, secret=self.shared.loader.new_secret().hex(), log=[]
                )
                self.shared.loader.forget(record.id)
            state = await self.shared.loader.fresh_state(record)
            lines = LogTail(0, [])
            view = public(g, state)
            follow_opening(g, lines, view)
            state, dealt = await self.shared.pipeline.deal(record, state, 1, lines)
            after = public(g, state)
            seats = ", ".join(
                self.shared.texts.who(record, s) for s in g.info.seats if s in record.seats
            )
            body = "\n".join(
                [
                    f"The game begins: {seats}.",
                    *([fair] if (fair := await self.commitment_text(record)) else []),
                    *opening_told(g, view, after, lines.lines),
                ]
            )
            waiting = self.shared.texts.waiting_for(record, state)
            mentions: list[int] = []
            if is_ai(waiting):  # an AI's decision asks nobody: its turn opens here
                body += "\n" + ai_header(
                    g, state, waiting, self.shared.texts.strong, self.shared.texts.ai_levels
                )
                text = body
            else:
                nxt, mentions = self.shared.texts.prompt_text(record, state)
                text = f"{body}\n{nxt}"
            record = await self.shared.store.append_actions(
                record.id,
                record.version,
                dealt,
                snapshot=Snapshot(seq=len(dealt), state=g.state_to_json(state)),
                log=LogLines(start=lines.start, lines=lines.lines),
                status="active",
                announcement=Announcement(
                    text=text, mentions=mentions, deciding=mentions, board=True, body=body
                ),
                reminder=await self.shared.reminders.plan(record, waiting),
            )
            self.shared.loader.remember(record, state, len(dealt), lines.end)
        return announced(
            record,
            text,
            mentions=mentions,
            deciding=mentions,  # the `Next:` line's
            image=await self.shared.pipeline.render(record, state),
            buttons=self.shared.texts.buttons_for(record, state),
        )

    async def _played_with(self, record: GameRecord, g: AnyGame) -> GameRecord:
        """A game played with fewer than all its seats keeps which (those taken)."""
        if g.info.min_players >= len(g.info.seats):
            return record
        players = ",".join(s for s in g.info.seats if s in record.seats)
        return await self.shared.store.update_game(
            record.id, record.version, options={**record.options, PLAYERS: players}
        )

    def _check_startable(self, record: GameRecord, user: int) -> None:
        """Refused unless the game waits in its lobby, the user is seated in it or created
        it, and enough seats are taken (which are free, and how to join)."""
        g = self.shared.loader.rules_of(record)
        join = self.shared.texts.command(g.info.id, "join")
        if record.status == "active":
            raise ServiceError("The game has already started.")
        if user != record.creator and not self.shared.texts.user_seats(record, user):
            raise ServiceError(
                f"Only a seated player or the game's creator may start it. Take a seat with {join}."
            )
        taken = len([s for s in g.info.seats if s in record.seats])
        self.shared.loader.readable(record)  # before its options are stored again
        if taken < g.info.min_players:
            missing = [s for s in g.info.seats if s not in record.seats]
            n, word = len(g.info.seats), g.info.seat_word
            need = (
                (f"both {word}s" if n == 2 else f"all {NUMBERS.get(n, str(n))} {word}s")
                if g.info.min_players == n
                else f"at least {g.info.min_players} {word}s"
            ) + " seated"
            raise ServiceError(
                f"A game starts only with {need}. Free: "
                + ", ".join(f"{s} ({_title(g, s)})" for s in missing)
                + f". Join with {join}."
            )

    async def commitment_text(self, record: GameRecord) -> str:
        secret = await self.shared.loader.secret_of(record)
        g = self.shared.loader.rules_of(record)
        if not g.info.deals:
            return ""  # nothing dealt: nothing to commit to
        if secret is None and record.options.get(SEED_DEALS):
            return (
                f"Dealt by seed {record.seed}: the same seed deals {every_dealt(g)} the same "
                "way in every game, so whoever knows it knows what comes. For tests and "
                "teaching, not fair play."
            )
        if secret is None:
            return ""
        return commitment_text(
            self.shared.texts, record, secret, self.shared.loader.dealt_from(record)
        )

    @answers()
    async def abort(
        self,
        channel: str,
        user: int,
        *,
        is_manager: bool = False,
        guild: str | None = None,
        roles: Sequence[int] = (),
        kind: str | None = None,
    ) -> Reply:
        async with self.shared.locks(channel):
            record = await self.shared.games.open_game(channel, kind)
            g = self.shared.loader.known_rules(record) or self.shared.registry.game(
                kind or FIRST_GAME
            )  # a kind no longer known
            await self.shared.permissions.may_abort(
                record,
                user,
                guild,
                roles,
                is_manager,
                self.shared.texts.command(g.info.id, "club config"),
            )
            text = f"Game {record.id} ended by {self.shared.texts.mention(user)} without a result."
            secret = await self.shared.loader.secret_of(record)
            # no future left to guard: dice and cards may be checked
            if secret is not None and g.info.id == record.kind and g.info.deals:
                text += "\n" + reveal_text(
                    self.shared.texts, record, secret, self.shared.loader.commitment(record, secret)
                )
            record = await self.shared.store.update_game(
                record.id, record.version, status="aborted", announcement=Announcement(text=text)
            )
            self.shared.loader.forget(record.id)
        return announced(record, text)

    @answers()
    async def configure(
        self,
        guild: str | None,
        user: int,
        *,
        is_manager: bool,
        organisers: str | None = None,
        role_id: int | None = None,
    ) -> Reply:
        """Show or set who may create, import and abort games on this server."""
        if guild is None:
            return Reply.error("Permissions are set per server; there is no server here.")
        if organisers is None:
            s = await self.shared.store.server_settings(guild)
            return Reply(text=self.shared.permissions.settings_text(s), ephemeral=True)
        if not is_manager:
            return Reply.error("Only a member with Manage Server may change these settings.")
        if organisers not in ORGANISERS:
            raise ServiceError(
                f"Unknown setting {excerpt(organisers)}: use one of {', '.join(ORGANISERS)}."
            )
        if organisers == "role":
            if role_id is None:
                raise ServiceError("Name the role that may create, import and abort games.")
            check_range("The role id", role_id, 0, MAX_ID)
        s = ServerSettings.model_validate(
            {
                "guild_id": guild,
                "organisers": organisers,
                "role_id": role_id if organisers == "role" else None,
            }
        )
        await self.shared.store.put_server_settings(s)
        return Reply(text="Saved. " + self.shared.permissions.settings_text(s))


def new_game_announcement(
    g: AnyGame, variant: str, filled: str, named: Callable[[str, str], str]
) -> Callable[[GameRecord], Announcement]:
    """What the channel is told of a new game, once it has its number: who sits where (AIs
    filled in), or how to take a seat and start (each command as `named` names it)."""

    def announcement(record: GameRecord) -> Announcement:
        if filled:
            return Announcement(
                text=f"New game of {g.info.title}{variant} (game {record.id}).{filled}"
            )
        return Announcement(
            text=f"New game of {g.info.title}{variant} (game {record.id}). Take a seat "
            f"with {named(g.info.id, 'join')} (one person may hold several), then "
            f"{named(g.info.id, 'start')}."
        )

    return announcement


def _title(g: AnyGame, seat: str) -> str:
    return seat_title(g, seat)


def seat_named_in(g: AnyGame, text: str) -> str:
    t = text.strip().lower()
    for s in g.info.seats:
        if t in (s.lower(), _title(g, s).lower()):
            return s
    raise ServiceError(
        f"{excerpt(text)} is not a seat of {g.info.title}: {', '.join(g.info.seats)}"
    )


def opening_told(g: AnyGame, view: object, after: object, lines: list[str]) -> list[str]:
    """What the game's start tells the channel: the first stage's headline (or its opening
    line, where the setup opened it already: a game dealt by its seed), then the lines written
    after it (a Mongol Command the rules took unasked at the first card, which a trial's
    player never saw)."""
    head = narration_of(g).headline(view, after, lines)
    openings = stage_openings(g, lines)
    if not openings:
        return head
    return [*head, *(f"• {x}" for x in told(g, lines[openings[-1] + (1 if head else 0) :]))]
