"""TableService: every command of the tables (the games on the Game protocol other than
Vijayanagara), transport-free. It joins a few objects with explicit collaborators: the games
loaded and cached (TableGames), the turn pipeline (TurnPipeline), the lobby (TableLobby); the
reading commands are here. Everything public is made from the public view; a seat's own view
goes only into answers for that seat alone (ephemeral)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Any

import render.games  # noqa: F401  (registers every game's board)
from ai.registry import levels
from db import Announcement, GameRecord, NewAction, OwedAnnouncement, Store
from render.registry import board_for
from rules.table_log import can_undo, undo_entry, verify

from ..reply import Attachment, Button, Reply
from .loading import FILES, Table, TableError, TableGames, options_json, table_game
from .lobby import TableLobby
from .pipeline import CUSTOM_ID_PREFIX, HAND, MAX_AI_STEPS, TurnPipeline, step_buttons
from .tiebreak import Tiebreaks
from .turns import Said

MAX_ORDER_CHARS = 500
MAX_LOG_LINES = 40
MAX_CHOICES = 25  # Discord's autocomplete limit
MAX_HAND_BUTTONS = 25  # Discord's limit on one message: five rows of five


class TableService:
    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.games = TableGames(store)
        self.pipeline = TurnPipeline(store, self.games, clock)
        self.lobby = TableLobby(store, self.games, self.pipeline, clock=clock)
        self.tiebreaks = Tiebreaks(store, self.games, self.lobby)
        self.pipeline.after_finish = self.tiebreaks.finished
        self._locks: dict[str, asyncio.Lock] = {}

    async def _locked(self, channel: str, work: Callable[[], Awaitable[Any]]) -> Any:
        lock = self._locks.setdefault(channel, asyncio.Lock())
        async with lock:
            return await work()

    # --- the lobby ------------------------------------------------------------------------

    async def create(
        self,
        channel: str,
        user: int,
        kind: str,
        options: str | None = None,
        seat: str | None = None,
        *,
        files: Mapping[str, bytes] | None = None,
    ) -> list[Reply]:
        """A new game; `files`: the game's component files uploaded, by name."""
        return [
            await self._locked(
                channel, lambda: self.lobby.create(channel, user, kind, options, seat, files)
            )
        ]

    async def join(
        self, channel: str, user: int, kind: str, seat: str | None = None
    ) -> list[Reply]:
        async def work() -> Reply:
            return await self.lobby.join(await self.games.require(channel, kind), user, seat)

        return [await self._locked(channel, work)]

    async def leave(self, channel: str, user: int, kind: str) -> list[Reply]:
        async def work() -> Reply:
            return await self.lobby.leave(await self.games.require(channel, kind), user)

        return [await self._locked(channel, work)]

    async def ai(
        self,
        channel: str,
        user: int,
        kind: str,
        seat: str,
        level: str | None = None,
        *,
        manager: bool = False,
    ) -> list[Reply]:
        """The computer takes a seat; `manager`: the caller has Manage Server."""

        async def work() -> Reply:
            table = await self.games.require(channel, kind)
            return await self.lobby.ai(table, user, seat, level, manager=manager)

        return [await self._locked(channel, work)]

    async def start(self, channel: str, user: int, kind: str) -> list[Reply]:
        async def work() -> list[Reply]:
            return await self.lobby.start(await self.games.require(channel, kind), user)

        result: list[Reply] = await self._locked(channel, work)
        return result

    async def tiebreak(self, channel: str, user: int) -> list[Reply]:
        """The Goat-Tiger tiebreak of the channel's last Vijayanagara game, if it ended tied."""
        result: list[Reply] = await self._locked(
            channel, lambda: self.tiebreaks.open(channel, user)
        )
        return result

    # --- moves ----------------------------------------------------------------------------

    async def ai_turns(self, channel: str) -> AsyncIterator[Reply]:
        """The AI seats' steps while one is to move, each stored and given to the caller
        before the next is played (so each is delivered in turn, as a person's would be)."""
        for _ in range(MAX_AI_STEPS):

            async def work() -> list[Reply]:
                table = await self.games.open(channel)
                if table is None or table.record.status != "active":
                    return []
                seat = table.to_move()
                if seat is None or seat not in table.ai:
                    return []
                action = await self.pipeline.ai_step(table, seat, table.ai[seat])
                return await self.pipeline.play(table, seat, table.user_of(seat), [action])

            replies: list[Reply] = await self._locked(channel, work)
            if not replies:
                return
            for reply in replies:
                yield reply

    async def play(self, channel: str, user: int, kind: str, order: str) -> list[Reply]:
        if len(order) > MAX_ORDER_CHARS:
            raise TableError(f"An order is at most {MAX_ORDER_CHARS} characters.")

        async def work() -> list[Reply]:
            table = await self.games.require(channel, kind)
            seat = self.pipeline.check_actor(table, user)
            view = table.game.view(table.state, seat)
            try:
                actions = table.game.parse(view, order, seat)
            except ValueError as e:
                raise TableError(str(e)) from None
            return await self.pipeline.play(table, seat, user, actions)

        result: list[Reply] = await self._locked(channel, work)
        return result

    async def press(self, channel: str, user: int, custom_id: str) -> list[Reply]:
        """A click on a turn message's button: tb:<game>:<stored game>:<version>:<index>."""
        parts = custom_id[:100].split(":")
        if len(parts) == 4 and parts[0] == CUSTOM_ID_PREFIX and parts[3] in (HAND, "view"):
            return [await self.hand(channel, user, parts[1])]
        if (
            len(parts) != 5
            or parts[0] != CUSTOM_ID_PREFIX
            or not all(p.isdigit() for p in parts[2:])
        ):
            raise TableError("That button is not one of mine.")
        kind, game_id, version, index = parts[1], int(parts[2]), int(parts[3]), int(parts[4])

        async def work() -> list[Reply]:
            table = await self.games.require(channel, kind)
            if table.id != game_id or table.record.version != version:
                raise TableError(
                    "That button belongs to an earlier turn: the game has moved on "
                    f"(`/{table.command} status`)."
                )
            seat = self.pipeline.check_actor(table, user)
            legal = table.game.legal_actions(table.state)
            if index >= len(legal):
                raise TableError("That button is not one of this turn's.")
            return await self.pipeline.play(table, seat, user, [legal[index]])

        result: list[Reply] = await self._locked(channel, work)
        return result

    async def undo(self, channel: str, user: int, kind: str) -> list[Reply]:
        async def work() -> list[Reply]:
            table = await self.games.require(channel, kind)
            if table.record.status != "active" or table.replayed is None:
                raise TableError("Only a running game's steps can be taken back.")
            seat = table.seat_of(user)
            if seat is None or not can_undo(table.replayed, seat):
                raise TableError(
                    "Nothing of yours to undo: steps cannot be taken back past a deal or once "
                    "another seat is to move."
                )
            last = table.replayed.standing[-1]
            described = table.game.describe(table.game.view(last.before, None), last.action)
            said = Said(seat, [f"{table.who(seat)} takes back `{described}`."])
            announcement = await self.pipeline.announcement(table, said, last.before)
            record = await self.store.append_actions(
                table.id,
                table.record.version,
                [NewAction(action=undo_entry(seat), faction=seat, user_id=user)],
                announcement=announcement,
            )
            return [await self.pipeline.reply(record, announcement)]

        result: list[Reply] = await self._locked(channel, work)
        return result

    async def abort(self, channel: str, user: int, kind: str) -> list[Reply]:
        """End the game without a result: its creator, or in the lobby any seated player."""

        async def work() -> list[Reply]:
            table = await self.games.require(channel, kind)
            lobby = table.record.status == "lobby"
            if user != table.record.creator and not (lobby and table.seat_of(user)):
                raise TableError("Only the game's creator ends a started game.")
            text = f"<@{user}> ends {table.info.title} game {table.id}, without a result."
            record = await self.store.update_game(
                table.id,
                table.record.version,
                status="aborted",
                announcement=Announcement(text=text),
            )
            key = (record.id, record.version)
            return [Reply(text=text, version=record.version, announcement=key)]

        result: list[Reply] = await self._locked(channel, work)
        return result

    async def delivered(self, key: tuple[int, int]) -> None:
        """The announcement went out: it leaves the outbox."""
        await self.store.announcement_delivered(*key)

    # --- the outbox and the newest message's buttons (bot.outbox.OtherGames) ---------------

    async def owed_reply(self, owed: OwedAnnouncement, game: GameRecord, current: bool) -> Reply:
        """An announcement still owed, to deliver now. One the game has moved past keeps its
        text but pings nobody and shows no board or buttons (a newer one does)."""
        reply = await self.pipeline.reply(game, owed) if current else None
        return Reply(
            text=owed.text,
            image=None if reply is None else reply.image,
            mentions=list(owed.mentions) if current else [],
            buttons=[] if reply is None else reply.buttons,
            version=owed.version,
            announcement=(owed.game_id, owed.version),
            edit=owed.edit,
            close_text=owed.close_text,
        )

    async def buttons_now(self, game: GameRecord) -> list[Button]:
        return self.pipeline.buttons(await self.games.load(game))

    # --- reading ---------------------------------------------------------------------------

    async def _any(self, channel: str, kind: str) -> Table:
        """The channel's open game of `kind`, else its latest one of that kind."""
        try:
            return await self.games.require(channel, kind)
        except TableError:
            latest = await self.games.latest(channel)
            if latest is None or latest.record.kind != kind:
                raise
            return latest

    async def status(self, channel: str, user: int, kind: str) -> Reply:
        table = await self._any(channel, kind)
        info = table.info
        lines = [f"**{info.title}**, game {table.id} ({table.record.status})."]
        for seat in info.seats:
            if seat in table.record.seats:
                lines.append(f"- {table.who(seat)}")
            elif table.record.status == "lobby":
                lines.append(f"- {table.title_of(seat)}: free")
        if table.replayed is not None:
            lines.append(self.pipeline.next_line(table, table.state))
        return Reply(text="\n".join(lines))

    async def board(self, channel: str, user: int, kind: str) -> Reply:
        table = await self._any(channel, kind)
        draw = board_for(table.record.kind)
        image = await asyncio.to_thread(draw, table.public_view())
        return Reply(text=f"{table.info.title}, game {table.id}.", image=image)

    async def log(self, channel: str, user: int, kind: str, last: int = 20) -> Reply:
        table = await self._any(channel, kind)
        lines = self.public_log(table)
        n = max(1, min(last, MAX_LOG_LINES))
        shown = lines[-n:]
        head = f"The last {len(shown)} of {len(lines)} steps:" if lines else "No steps yet."
        return Reply(text="\n".join([head, *shown]), ephemeral=True)

    def public_log(self, table: Table) -> list[str]:
        """The standing steps in the public's words (a deal says what was dealt, not what)."""
        if table.replayed is None:
            return []
        g = table.game
        out = []
        for n, step in enumerate(table.replayed.standing, start=1):
            if step.seat is None:
                out.append(f"{n}. Dealt: {g.chance(step.before)}.")
            else:
                said = g.describe(g.view(step.before, None), step.action)
                out.append(f"{n}. {table.title_of(step.seat)}: {said}")
        return out

    async def export(self, channel: str, user: int, kind: str) -> Reply:
        """A finished game: its whole log and the secret (verify reads it). A running one: only
        what the public sees (its log in words and its public view)."""
        table = await self._any(channel, kind)
        data: dict[str, Any] = {
            "format": "table-game",
            "game": table.record.kind,
            "id": table.id,
            "status": table.record.status,
            # as stored, with the component files' texts in place of their hashes
            "options": {
                **{k: v for k, v in table.record.options.items() if k != FILES},
                **options_json(table.options, table.ai),
            },
            "seats": table.record.seats,
        }
        if table.record.status in ("finished", "aborted"):
            data["log"] = list(table.entries)
            data["secret"] = (await self.store.secret(table.id)).secret
        elif table.replayed is not None:
            data["public_log"] = self.public_log(table)
            data["public_view"] = json.loads(table.game.view_to_json(table.public_view()))
        text = json.dumps(data, indent=1, sort_keys=True)
        return Reply(
            text=f"{table.info.title}, game {table.id}: exported.",
            file=Attachment(f"{table.record.kind}-{table.id}.json", text.encode()),
            ephemeral=True,
        )

    async def verify(self, channel: str, user: int, kind: str) -> Reply:
        table = await self._any(channel, kind)
        if table.record.status not in ("finished", "aborted"):
            raise TableError("The secret is revealed only once the game is over.")
        secret = bytes.fromhex((await self.store.secret(table.id)).secret)
        checked = verify(table.game, table.initial, table.entries, secret, table.id)
        if checked.ok and not checked.checked:
            return Reply(
                text=f"Game {table.id}: its log holds no deal, so there is nothing to check.",
                ephemeral=True,
            )
        if checked.ok:
            return Reply(
                text=f"Game {table.id}: all {checked.checked} deal(s) are the ones the secret "
                "gives (its commitment was posted at the start).",
                ephemeral=True,
            )
        return Reply(text="\n".join(["Verification failed:", *checked.problems]), ephemeral=True)

    async def hand(self, channel: str, user: int, kind: str) -> Reply:
        """For the caller alone: what its seat alone sees (its hand, card by card, written by
        the game from the seat's own view), what it must decide, and on its turn its steps
        as buttons (their ids hold the game's version: a stale press is refused)."""
        table = await self.games.require(channel, kind)
        seat = table.seat_of(user)
        if seat is None:
            raise TableError("You hold no seat in this game: there is no hand of yours to show.")
        if table.replayed is None:
            raise TableError(
                f"The game has not started: the hands are dealt at `/{table.command} start`."
            )
        g = table.game
        view = g.view(table.state, seat)
        mine = g.private_summary(view) or (
            f"Nothing of {table.info.title} is hidden: `/{table.command} board` shows it all."
        )
        lines = [
            f"**{table.title_of(seat)}**, for you alone:",
            mine,
            f"Now: {g.prompt(view, seat)}",
        ]
        buttons: list[Button] = []
        if g.to_move(table.state) == seat:
            n = len(g.legal_actions(table.state))
            buttons = step_buttons(table, view, MAX_HAND_BUTTONS)
            lines.append(
                f"Your steps: press one, or type it with `/{table.command} play`"
                + (
                    f" (the buttons show {MAX_HAND_BUTTONS} of {n}; as you type, "
                    "the choices follow)."
                    if n > MAX_HAND_BUTTONS
                    else "."
                )
            )
        return Reply(
            text="\n".join(lines), buttons=buttons, ephemeral=True, version=table.record.version
        )

    async def hint(self, channel: str, user: int, kind: str) -> Reply:
        """An AI's suggestion for the caller's seat on turn, for the caller alone."""
        table = await self.games.require(channel, kind)
        seat = self.pipeline.check_actor(table, user)
        level = levels(table.record.kind)[-1]
        action = await self.pipeline.ai_step(table, seat, level)
        view = table.game.view(table.state, seat)
        return Reply(
            text=f"The computer ({level}) would play `{table.game.describe(view, action)}`.",
            ephemeral=True,
        )

    def rules(self, kind: str, topic: str | None = None) -> Reply:
        g = table_game(kind)
        topics = list(g.rules_topics())
        if not topic:
            return Reply(
                text=f"{g.info.title}: the topics are {', '.join(topics)} "
                f"(`/{g.info.command} rules topic:`).",
                ephemeral=True,
            )
        try:
            return Reply(text=g.rules_reference(topic[:60]), ephemeral=True)
        except ValueError as e:
            raise TableError(str(e)) from None

    async def choices(self, channel: str, user: int, kind: str, typed: str) -> list[str]:
        """Autocomplete of /play: the caller's legal steps, from the caller's own view; none
        for anybody else (their choices would tell what the public must not see)."""
        table = await self.games.open(channel)
        if table is None or table.record.kind != kind or table.replayed is None:
            return []
        seat = table.seat_of(user)
        if seat is None or table.to_move() != seat:
            return []
        g = table.game
        view = g.view(table.state, seat)
        typed = typed[:MAX_ORDER_CHARS].strip().lower()
        said = [g.describe(view, a) for a in g.legal_actions(table.state)]
        return [s for s in said if s.lower().startswith(typed)][:MAX_CHOICES]

    def topics(self, kind: str, typed: str) -> list[str]:
        return [t for t in table_game(kind).rules_topics() if t.startswith(typed.lower())][
            :MAX_CHOICES
        ]

    def seat_choices(self, kind: str, typed: str) -> list[tuple[str, str]]:
        g = table_game(kind)
        return [
            (str(g.info.seat_titles[s]), s)
            for s in g.info.seats
            if str(g.info.seat_titles[s]).lower().startswith(typed.lower())
        ][:MAX_CHOICES]
