"""Export, import and verification of a whole game."""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

import pydantic

from db import (
    ENDED_STATUSES,
    Announcement,
    DeckFile,
    GameExport,
    GameRecord,
    LogLines,
    Snapshot,
    StorageError,
)
from db.export import ExportError, game_options, parse_export
from db.models import MAX_EXPORT_ACTIONS, ExportedAction
from rules import vijayanagara
from rules.errors import excerpt
from rules.vijayanagara.fairness import SECRET_BYTES, Verification, verify
from rules.vijayanagara.words import count_of

from .reply import Attachment, Reply
from .service_base import (
    FACTIONS,
    MAX_IMPORT_BYTES,
    SEED_DEALS,
    ServiceBase,
    ServiceError,
    answers,
    commitment_text,
    faction_of,
    upload_text,
)

log = logging.getLogger(__name__)


@dataclass
class Replayed:
    """An uploaded game, replayed: its data, its final state and text log, and the snapshot
    to store (its last state at an undo barrier, which a loaded state must start from)."""

    data: GameExport
    state: vijayanagara.GameState
    log: list[str]
    snapshot: Snapshot


class Transfer(ServiceBase):
    async def export(self, channel: str) -> Reply:
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        if game is None:
            return Reply.error("There is no game in this channel to export.")
        try:
            data = await self.store.export_game(game.id)
            if data.seed is not None:
                # dealt by its seed, which tells every card and die to come: the outcomes so
                # far go into the log as chance entries, and the seed stays here
                data = (await self.off_loop(self.check_export, data)).data
        except (StorageError, ServiceError) as e:
            log.error("export of game %s failed: %s", game.id, e)
            return Reply.error(f"Game {game.id} cannot be exported: {str(e).rstrip('.')}.")
        body = data.model_dump_json(indent=1).encode()
        return Reply(
            text=f"Game {game.id}: {count_of(len(data.actions), 'step')}. Import it with `/vj import`.",
            file=Attachment(f"vijayanagara-game-{game.id}.json", body),
        )

    @answers()
    async def verify(self, channel: str) -> Reply:
        """`/vj club verify`: once the game is over, check every chance entry of its log against
        the revealed secret; before that, show the commitment."""
        game = await self.store.open_game(channel) or await self.store.latest_game(channel)
        if game is None:
            return Reply.error("There is no game in this channel to verify.")
        secret = await self.secret_of(game)
        if secret is None:
            why = (
                "is dealt by the seed it was created with (repeatable, not fair play)"
                if game.options.get(SEED_DEALS)
                else "was started before dice and cards were dealt from a secret, and has "
                "not moved since"
            )
            return Reply.error(f"Game {game.id} {why}, so there is no commitment to check.")
        if game.status not in ENDED_STATUSES:
            return Reply(
                text=f"Game {game.id} is {game.status}: its secret stays hidden until the game "
                f"is over. Commitment ({self._bound_to(game)}): "
                f"`{self._commitment(game, secret)}`."
            )
        stored = await self.store.actions(game.id)
        log_ = [vijayanagara.action_from_json(a.action) for a in stored]
        dealt_from = (await self.store.secret(game.id)).dealt_from
        nothing = Reply(
            text=f"Every die and card of game {game.id} was dealt before its secret began to "
            "deal (with its import, or by its seed before the game had a secret): there is "
            "nothing its secret dealt to check."
        )
        if dealt_from >= len(log_):
            return nothing
        options = await self.options_of(game)
        result = await self.off_loop(verify, secret, game.id, options, log_, dealt_from)
        if result.ok and result.checked == 0:
            return nothing
        return Reply(
            text=verification_text(game.id, self._commitment(game, secret), secret, result)
        )

    def _bound_to(self, game: GameRecord) -> str:
        """What the commitment is the hash of (vijayanagara.fairness)."""
        if game.id in self._unbound:  # posted before commitments named their game
            return "SHA-256 of the secret"
        return f"SHA-256 of `{game.id}|{self._dealt_from.get(game.id, 0)}|` and the secret"

    def check_export(self, data: GameExport) -> Replayed:
        """Replay an exported game; ServiceError naming the first step that does not replay.
        Cost linear in the number of actions (bounded by the export model).

        Format 2 replays from its log alone (its chance entries). A format-1 export was dealt
        by its seed, which tells its whole future (and which the uploader may have chosen):
        its seed's outcomes so far are written into the log as chance entries and the seed is
        dropped, so a fresh secret deals what comes next, as for any imported game."""
        try:
            options = game_options(data)
        except vijayanagara.DataError as e:
            raise ServiceError(f"The game's deck file cannot be used: {e}") from e
        seeded = None if data.seed is None else vijayanagara.seeded_dealer(data.seed, options)
        state = vijayanagara.new_game(None, options)
        log: list[ExportedAction] = []
        text = vijayanagara.LogTail.of(state)
        barrier = (0, state)

        def stepped(new: vijayanagara.GameState) -> None:
            nonlocal state, barrier
            state = new
            text.follow(state)
            if not state.since_barrier:
                barrier = (len(log), state)

        def deal() -> None:
            while seeded is not None and (node := vijayanagara.chance(state)) is not None:
                outcome = seeded.outcome(state, node)
                log.append(
                    ExportedAction.model_validate({"action": vijayanagara.action_to_json(outcome)})
                )
                stepped(vijayanagara.apply(state, outcome))

        deal()
        for i, ex in enumerate(data.actions, start=1):
            try:
                action = vijayanagara.action_from_json(ex.action)
            except pydantic.ValidationError as e:
                kind = excerpt(ex.action.get("type"))
                raise ServiceError(f"Step {i} (type {kind}) is not an action I know.") from e
            try:
                new = vijayanagara.apply(state, action)
            except vijayanagara.RulesError as e:
                raise ServiceError(
                    f"The log does not replay: step {i} (`{vijayanagara.describe(state, action)}`) "
                    f"is refused: {str(e)[:300]}"
                ) from e
            log.append(ex)
            stepped(new)
            deal()
        node = vijayanagara.chance(state)
        if node is not None:
            raise ServiceError(f"The log stops before {node.text}: it was cut short.")
        if seeded is not None:
            data = data.model_copy(update={"seed": None, "format_version": 2, "actions": log})
        seq, at = barrier
        return Replayed(data, state, text.lines, Snapshot(seq=seq, state=at.model_dump_json()))

    def _read_export(self, raw: bytes | str) -> Replayed:
        """Parse, validate and replay an upload (in a worker thread)."""
        try:
            data = parse_export(raw)
        except ExportError as e:
            raise ServiceError(
                f"That is not an exported Vijayanagara game ({e}). An export is JSON with "
                f"format_version 1, 2 or 3 and at most {MAX_EXPORT_ACTIONS} steps."
            ) from e
        return self.check_export(data)

    @answers(
        exists="This channel already has a game: finish or `/vj abort` it first, or import in a new thread."
    )
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
    ) -> Reply:
        """Load an exported game. The importer keeps the seats that were theirs and takes the
        ones they `claim` (e.g. "D B"); every other seat is free for `/vj join`: nobody is
        seated (or pinged) without their consent. Nothing is stored on a refusal."""
        async with self._lock(channel):
            await self._may_organise(guild, roles, is_manager, "import")
            await self._note_server(channel, guild)
            claimed = {faction_of(t).value for t in re.split(r"[\s,]+", claim or "") if t}
            upload_text(raw, "game export", MAX_IMPORT_BYTES)  # size (and UTF-8) first
            if await self.store.open_game(channel) is not None:
                raise ServiceError(
                    "This channel already has a game: finish or `/vj abort` it first, or "
                    "import in a new thread."
                )
            replayed = await self.off_loop(self._read_export, raw)
            data, state = replayed.data, replayed.state
            seats = {f: u for f, u in data.seats.items() if u == user} | dict.fromkeys(
                claimed, user
            )
            if state.game_over:
                status = "finished"
            elif not data.actions and (data.status == "lobby" or len(seats) < 3):
                status = "lobby"
            else:
                status = "active"
            data = data.model_copy(update={"status": status, "creator": user, "seats": seats})
            deck = (
                None
                if data.options.deck is None or state.options.deck_hash is None
                else DeckFile(hash=state.options.deck_hash, text=data.options.deck)
            )
            free = [f.value for f in FACTIONS if f.value not in seats]
            seats_text = (
                f" Free seats: {', '.join(free)} (`/vj join`)." if free else " All seats are yours."
            )

            def announcement(game: GameRecord) -> Announcement:
                if status == "lobby":
                    return Announcement(text=f"Imported game {game.id} (not started).{seats_text}")
                nxt = (
                    self._final_text(state) if state.game_over else self.prompt_text(game, state)[0]
                )
                fairness = (
                    ""
                    if state.game_over
                    else commitment_text(game.id, bytes.fromhex(secret), len(data.actions))
                )
                body = (
                    f"Imported game {game.id}: {count_of(len(data.actions), 'step')} replayed."
                    f"{seats_text}\n{fairness}{vijayanagara.card_header(state)}"
                )
                return Announcement(text=f"{body}\n{nxt}", board=True, body=body)

            # a fresh secret deals what comes next (check_export dropped any seed)
            secret = secrets.token_hex(SECRET_BYTES)
            decider = None if status != "active" else vijayanagara.decider(state)
            waiting = None if decider is None else seats.get(decider.value)
            # the game, its announcement and its first wait go in one transaction: a crash
            # leaves all of them or none (never a game that blocks the channel unannounced)
            game = await self.store.import_game(
                channel,
                data.model_copy(update={"fairness": None, "dealer": None}),
                snapshot=replayed.snapshot,
                log=LogLines(start=0, lines=replayed.log),
                deck=deck,
                secret=secret,
                announcement=announcement,
                reminder=self.reminders.first_plan(waiting),
            )
            self._remember(game, state, replayed.snapshot.seq)
            text = announcement(game).text
        if status == "lobby":
            return self._announced(game, text)
        return self._announced(
            game,
            text,
            image=await self._render(state, None),
            buttons=self.buttons_for(game, state) if status == "active" else [],
        )


def verification_text(game_id: int, committed: str, secret: bytes, result: Verification) -> str:
    head = f"Game {game_id}, secret `{secret.hex()}`, commitment `{committed}`: "
    if result.ok:
        return head + f"all {result.checked} dice rolls and card draws follow from the secret."
    return head + "**does not verify**:\n" + "\n".join(f"• {p}" for p in result.problems)
