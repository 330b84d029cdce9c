"""Export, import and verification of a whole game, for every game."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Sequence

from db import (
    ENDED_STATUSES,
    Announcement,
    DeckFile,
    GameExport,
    GameRecord,
    LogLines,
    StorageError,
)
from db.export import ExportError, parse_export
from db.models import FIRST_GAME, MAX_EXPORT_ACTIONS, PLAYERS
from rules.capabilities import narration_of, turns_of
from rules.dealing import Verification, verify

from .announcing import commitment_text
from .exports import ExportRefused, Replayed, checked_by_rules, replay_export
from .front_end import NO_FRONT_END, FrontEnd, as_written
from .games.entry import Registry
from .loading import FILES, SEED_DEALS, options_json
from .lobby import upload_text
from .moves import seat_named
from .parts import SharedParts
from .pipeline import announced
from .refusal import ServiceError, answers
from .reply import Attachment, Reply
from .words import AnyGame, count_of, dealt_count, every_dealt, reveals

log = logging.getLogger(__name__)

MAX_IMPORT_BYTES = 4_000_000
IMPORT_BESIDE = "{Here} already has a game: finish or abort it first{or_beside}, then import."


def read_export(
    raw: bytes | str, games: Registry, kind: str | None = None, front: FrontEnd = NO_FRONT_END
) -> Replayed:
    """Parse, validate and replay an upload (in a worker thread) of a game among `games`;
    `kind`: the game whose group it was given to, which it must be an export of; `front`:
    the front end that shows what is said of it."""
    try:
        data = parse_export(raw, first=checked_by_rules(games, kind, front.command))
        return replay_export(data, games, front.strong)
    except ExportError as e:
        raise ServiceError(
            f"That is not an exported game ({e}). An export is JSON with format_version 1, "
            f"2 or 3 and at most {MAX_EXPORT_ACTIONS} steps."
        ) from e
    except ExportRefused as e:
        raise ServiceError(str(e)) from e


class Transfer:
    def __init__(self, shared: SharedParts) -> None:
        self.shared = shared

    @answers()
    async def export(self, channel: str, *, kind: str | None = None) -> Reply:
        """The game as a file: a running game's log holds what was dealt, never what will be
        (no seed, no secret); an ended game's also its secret. A game of hidden hands (its
        deals tell them) only once it is over."""
        record = await self.shared.games.shown_game(channel, kind)
        if record is None:
            return Reply.error(
                self.shared.texts.front.placed("There is no game in {here} to export.")
            )
        g = self.shared.loader.rules_of(record)
        if record.status == "active" and g.info.private:  # its deals hold every hand
            return Reply.error(
                f"Game {record.id} keeps its players' hands secret while it runs, and its log "
                f"holds every card dealt: it is exported once it is over "
                f"({self.shared.texts.command(g.info.id, 'export')} then)."
            )
        try:
            data = await self.shared.store.export_game(record.id)
            if data.seed is not None:
                # dealt by its seed, which tells every card and die to come: the outcomes so
                # far go into the log as chance entries, and the seed stays here
                data = (await self.shared.workers.run(_replayed, data, self.shared.registry)).data
        except (StorageError, ServiceError, ExportRefused) as e:
            log.error("export of game %s failed: %s", record.id, e)
            return Reply.error(f"Game {record.id} cannot be exported: {str(e).rstrip('.')}.")
        body = data.model_dump_json(indent=1).encode()
        return Reply(
            text=f"Game {record.id}: {count_of(len(data.actions), 'step')}. Import it with "
            f"{self.shared.texts.command(g.info.id, 'import')}.",
            file=Attachment(f"{record.kind.replace('_', '-')}-game-{record.id}.json", body),
        )

    @answers()
    async def verify(self, channel: str, *, kind: str | None = None) -> Reply:
        """Once the game is over, check every chance entry of its log against the revealed
        secret; before that, show the commitment."""
        record = await self.shared.games.shown_game(channel, kind)
        if record is None:
            return Reply.error(
                self.shared.texts.front.placed("There is no game in {here} to verify.")
            )
        secret = await self.shared.loader.secret_of(record)
        if secret is None:
            why = (
                "is dealt by the seed it was created with (repeatable, not fair play)"
                if record.options.get(SEED_DEALS)
                else "was started before dice and cards were dealt from a secret, and has "
                "not moved since"
            )
            return Reply.error(f"Game {record.id} {why}, so there is no commitment to check.")
        g = self.shared.loader.rules_of(record)
        if not g.info.deals:  # nothing to commit to, before the end or after
            return Reply(
                text=f"Game {record.id}'s log holds no deal: {g.info.title} deals nothing by "
                "chance, so there is nothing its secret dealt to check."
            )
        if record.status not in ENDED_STATUSES:
            return Reply(
                text=f"Game {record.id} is {record.status}: its secret stays hidden until the "
                f"game is over. Commitment ({self.shared.loader.bound_to(record)}): "
                f"`{self.shared.loader.commitment(record, secret)}`."
            )
        stored = await self.shared.store.actions(record.id)
        log_ = [g.action_from_json(json.dumps(a.action)) for a in stored]
        dealt_from = self.shared.loader.dealt_from(record)
        nothing = Reply(
            text=f"{every_dealt(g).capitalize()} of game {record.id} was dealt before its secret began to "
            "deal (with its import, or by its seed before the game had a secret): there is "
            "nothing its secret dealt to check."
            if dealt_from
            else f"Game {record.id}'s log holds no deal{_none_of(g)}: there is nothing its secret "
            "dealt to check."
        )
        if dealt_from >= len(log_):
            return nothing
        initial = await self.shared.loader.fresh_state(record)
        result = await self.shared.workers.run(
            verify, g, initial, log_, secret, record.id, dealt_from
        )
        if result.ok and result.checked == 0:
            return nothing
        return Reply(
            text=verification_text(
                g,
                record.id,
                self.shared.loader.commitment(record, secret),
                secret,
                result,
                self.shared.texts.strong,
            )
        )

    @answers()
    async def check_import(self, raw: bytes | str, *, kind: str | None = None) -> Reply:
        """Whether `raw` is an export `import_game` would load (its size, its format, its
        replay), before anything is set aside for it: which game it is, or the refusal the
        import would give. Nothing is stored."""
        upload_text(raw, "game export", MAX_IMPORT_BYTES)
        replayed = await self.shared.workers.run(
            read_export, raw, self.shared.registry, kind, self.shared.texts.front
        )
        steps = count_of(len(replayed.data.actions), "step")
        return Reply(text=f"An export of {replayed.game.info.title}: {steps}.", ephemeral=True)

    @answers(exists=IMPORT_BESIDE)
    async def import_game(
        self,
        channel: str,
        user: int,
        raw: bytes | str,
        *,
        claim: str | None = None,
        guild: str | None = None,
        roles: Sequence[int] = (),
        is_manager: bool = False,
        kind: str | None = None,
    ) -> Reply:
        """Load an exported game (of the game `kind`, when a game's group took it). The
        importer keeps the seats that were theirs and takes the ones they `claim` (e.g. "D
        B"); every other seat is free for `join`: nobody is seated (or pinged) without their
        consent. Nothing is stored on a refusal."""
        async with self.shared.locks(channel):
            config = self.shared.texts.command(kind or FIRST_GAME, "club config")
            await self.shared.permissions.may_organise(
                guild, roles, is_manager, "import", config=config
            )
            await self.shared.permissions.note_server(channel, guild)
            upload_text(raw, "game export", MAX_IMPORT_BYTES)  # size (and UTF-8) first
            if await self.shared.store.open_game(channel) is not None:
                raise ServiceError(self.shared.texts.front.placed(IMPORT_BESIDE))
            replayed = await self.shared.workers.run(
                read_export, raw, self.shared.registry, kind, self.shared.texts.front
            )
            state = replayed.state
            seats = imported_seats(replayed, channel, user, claim)
            status = imported_status(replayed, seats)
            secret = self.shared.loader.new_secret().hex()  # deals what comes next
            announcement = self._import_announcement(replayed, status, seats, secret)
            record = await self._store_import(
                channel, replayed, user, seats, status, secret, announcement
            )
            text = announcement(record).text
        if status == "lobby":
            return announced(record, text)
        return announced(
            record,
            text,
            image=await self.shared.pipeline.render(record, state),
            buttons=self.shared.texts.buttons_for(record, state) if status == "active" else [],
        )

    async def _store_import(
        self,
        channel: str,
        replayed: Replayed,
        user: int,
        seats: dict[str, int],
        status: str,
        secret: str,
        announcement: Callable[[GameRecord], Announcement],
    ) -> GameRecord:
        """Store the imported game with its files, options, announcement and first wait."""
        g, state = replayed.game, replayed.state
        data = replayed.data.model_copy(update={"status": status, "creator": user, "seats": seats})
        stored_options, files = imported_files(replayed)
        seat_now = None if status != "active" else g.to_move(state)
        waiting = None if seat_now is None else seats.get(seat_now)
        # the game, its announcement and its first wait go in one transaction: a crash
        # leaves all of them or none (never a game that blocks the channel unannounced)
        record = await self.shared.store.import_game(
            channel,
            data.model_copy(update={"fairness": None, "dealer": None}),
            snapshot=replayed.snapshot,
            log=LogLines(start=0, lines=replayed.log),
            files=files,
            options=stored_options,
            secret=secret,
            announcement=announcement,
            reminder=self.shared.reminders.first_plan(waiting),
        )
        self.shared.loader.remember(record, state, replayed.snapshot.seq, len(replayed.log))
        return record

    def _import_announcement(
        self, replayed: Replayed, status: str, seats: dict[str, int], secret: str
    ) -> Callable[[GameRecord], Announcement]:
        """What the channel is told of the imported game, once it has its number: the steps
        replayed, the free seats, the commitment to what is dealt next, and who decides."""
        g, data, state = replayed.game, replayed.data, replayed.state
        over = g.result(state) is not None
        free = [s for s in turns_of(g).players(state) if s not in seats]
        seats_text = (
            f" Free seats: {', '.join(free)} ({self.shared.texts.command(g.info.id, 'join')})."
            if free
            else " All seats are yours."
        )

        def announcement(record: GameRecord) -> Announcement:
            if status == "lobby":
                return Announcement(text=f"Imported game {record.id} (not started).{seats_text}")
            nxt = (
                self.shared.texts.final_text(record, state)
                if over
                else self.shared.texts.prompt_text(record, state)[0]
            )
            fairness = (
                ""
                if over or not g.info.deals
                else commitment_text(
                    self.shared.texts, record, bytes.fromhex(secret), len(data.actions)
                )
            )
            head = narration_of(g).headline(
                g.view(g.new_game(replayed.options, turns_of(g).players(state)), None),
                g.view(state, None),
                replayed.log,
            )
            body = "\n".join(
                [
                    f"Imported game {record.id}: {count_of(len(data.actions), 'step')} "
                    f"replayed.{seats_text}",
                    *([fairness] if fairness else []),
                    *([replayed.secret_note] if replayed.secret_note else []),
                    *head[-1:],
                ]
            )
            return Announcement(text=f"{body}\n{nxt}", board=True, body=body)

        return announcement


def imported_seats(
    replayed: Replayed, channel: str, user: int, claim: str | None
) -> dict[str, int]:
    """The importer's seats: those that were theirs in the export, and those they claim."""
    g, data = replayed.game, replayed.data
    claimed = {seat_named(g, t) for t in re.split(r"[\s,]+", claim or "") if t.strip()}
    return {s: u for s, u in data.seats.items() if u == user} | dict.fromkeys(claimed, user)


def imported_status(replayed: Replayed, seats: dict[str, int]) -> str:
    """Finished when the export ended; in the lobby when nothing was played and it was not
    started or too few seats are taken; else active."""
    g, data, state = replayed.game, replayed.data, replayed.state
    if g.result(state) is not None:
        return "finished"
    if not data.actions and (data.status == "lobby" or len(seats) < g.info.min_players):
        return "lobby"
    return "active"


def imported_files(replayed: Replayed) -> tuple[dict[str, object], list[DeckFile]]:
    """The options to store (the seats it was read with) and the game's own files it brought."""
    g, data = replayed.game, replayed.data
    stored_options = options_json(g, replayed.options)
    if PLAYERS in data.options:  # the seats it was read with, not the text it gave
        stored_options[PLAYERS] = ",".join(turns_of(g).players(replayed.state))
    keys = dict(stored_options.get(FILES) or {})  # type: ignore[call-overload]
    files = [
        DeckFile(hash=str(keys[name]), text=str(data.options[name]))
        for name in keys
        if isinstance(data.options.get(name), str)
    ]
    return stored_options, files


def _replayed(data: GameExport, games: Registry) -> Replayed:
    return replay_export(data, games)


def _none_of(g: AnyGame) -> str:
    """` (no die roll, no card draw)`, or nothing for a game that deals nothing."""
    return f" ({', '.join(f'no {r}' for r in reveals(g))})" if reveals(g) else ""


def verification_text(
    g: AnyGame,
    game_id: int,
    committed: str,
    secret: bytes,
    result: Verification,
    strong: Callable[[str], str] = as_written,
) -> str:
    head = f"Game {game_id}, secret `{secret.hex()}`, commitment `{committed}`: "
    if result.ok:
        n = result.checked
        said = f"all {dealt_count(g, n)} follow" if n != 1 else f"its {dealt_count(g, n)} follows"
        return head + f"{said} from the secret."
    return head + strong("does not verify") + ":\n" + "\n".join(f"• {p}" for p in result.problems)
