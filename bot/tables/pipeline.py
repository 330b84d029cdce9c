"""The turn pipeline of the tables: read, check the actor, apply up to a chance step, deal it
from the game's secret, store the entries with their announcement in one transaction, then
announce. AI seats move through the same pipeline."""

from __future__ import annotations

import asyncio
import hashlib
import random
import time
from collections.abc import Awaitable, Callable, Sequence

import ai.games  # noqa: F401  (registers every game's players)
import render.games  # noqa: F401  (registers every game's board)
from ai.budget import Budget
from ai.registry import player
from db import Announcement, GameRecord, NewAction, Store
from db.models import GameResult, SeatResult
from render.registry import board_for
from rules.dealing import keyed_below
from rules.game import Ranking, Seat
from rules.table_log import chance_entry, step_entry

from ..reply import Button, Reply
from .loading import Table, TableError, TableGames
from .turns import Next, Said, turn_announcement

MAX_BUTTONS = 20  # legal actions shown as buttons on the public turn message
MAX_AI_STEPS = 400  # AI steps in a row one command plays (a game of AIs alone ends before)
CUSTOM_ID_PREFIX = "tb"
HAND = "hand"  # the My hand button's last part ("view" on messages of earlier versions)


class TurnPipeline:
    """Applies a seat's steps (or the dealer's) and stores them; `announce` turns a stored
    change into the public message it owes."""

    def __init__(
        self, store: Store, games: TableGames, clock: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self.games = games
        self.clock = clock
        # what follows a game's end (the next game of a tiebreak): set by the service
        self.after_finish: Callable[[Table, Ranking], Awaitable[list[Reply]]] | None = None

    async def secret(self, table: Table) -> bytes:
        return bytes.fromhex((await self.store.secret(table.id)).secret)

    def check_actor(self, table: Table, user: int) -> Seat:
        """The seat `user` plays now, or a refusal naming whose turn it is."""
        if table.record.status == "lobby":
            raise TableError(
                f"The {table.info.title} game has not started: `/{table.command} start` begins it."
            )
        if table.record.status != "active":
            raise TableError(f"The {table.info.title} game is over ({table.record.status}).")
        seat = table.seat_of(user)
        if seat is None:
            raise TableError(
                f"You have no seat in this {table.info.title} game: "
                f"`/{table.command} status` shows who plays."
            )
        now = table.to_move()
        if now is None:
            raise TableError("The game is over: nobody moves.")
        if now != seat and table.user_of(now) != user:
            raise TableError(f"It is not your turn: {table.who(now)} moves now.")
        return now

    async def play(
        self, table: Table, seat: Seat, user: int | None, actions: Sequence[object]
    ) -> list[Reply]:
        """Apply `actions` for `seat`, dealing chance steps as they come; stop at the first
        chance step (a reveal commits: what follows would have been chosen unseen). All or
        nothing: a refused step stores none."""
        if not actions:
            raise TableError("That order has no step.")
        g, state = table.game, table.state
        before = g.view(state, None)
        secret = await self.secret(table)
        entries: list[dict[str, object]] = []
        lines: list[str] = []
        left = 0
        for i, action in enumerate(actions):
            if g.to_move(state) != seat:
                left = len(actions) - i
                break
            legal = g.legal_actions(state)
            if action not in legal:
                raise TableError(f"`{g.describe(g.view(state, seat), action)}` is not legal now.")
            lines.append(f"{table.who(seat)}: {g.describe(g.view(state, None), action)}")
            state = g.apply(state, action)
            entries.append(step_entry(g, action))
            dealt = False
            while g.chance(state) is not None and g.result(state) is None:
                what = g.chance(state)
                seq = table.record.actions + len(entries) + 1
                outcome = g.deal(state, keyed_below(secret, table.id, seq))
                state = g.apply(state, outcome)
                entries.append(chance_entry(g, outcome))
                lines.append(f"Dealt: {what}.")
                dealt = True
            if dealt and i + 1 < len(actions):
                left = len(actions) - i - 1
                break
        after = g.view(state, None)
        news = g.headline(before, after)  # a new visit, round or card opens
        header = None
        if news:
            header = len(lines)
            lines.append(f"**{news}**")
        said = Said(seat, lines, header, board=news is not None or g.board_moment(before, after))
        receipt = (
            f"{left} step(s) of your order were not played: a deal came first, so choose them "
            "again now that it is seen."
            if left
            else None
        )
        out = [await self._store(table, user, entries, state, said, receipt)]
        ranking = g.result(state)
        if ranking is not None and self.after_finish is not None:
            out += await self.after_finish(table, ranking)
        return out

    async def deal_start(
        self, table: Table, state: object
    ) -> tuple[list[dict[str, object]], object]:
        """The chance steps a new game starts with (the first deal)."""
        g = table.game
        secret = await self.secret(table)
        entries: list[dict[str, object]] = []
        while g.chance(state) is not None:
            seq = len(entries) + 1
            outcome = g.deal(state, keyed_below(secret, table.id, seq))
            state = g.apply(state, outcome)
            entries.append(chance_entry(g, outcome))
        return entries, state

    async def _store(
        self,
        table: Table,
        user: int | None,
        entries: list[dict[str, object]],
        state: object,
        said: Said,
        receipt: str | None,
    ) -> Reply:
        g = table.game
        ranking = g.result(state)
        result = None
        if ranking is not None:
            result = GameResult(
                game_id=table.id,
                finished_at=self.clock(),
                seats=[
                    SeatResult(
                        faction=s,
                        user_id=table.record.seats[s],
                        place=place,
                        score=int(ranking.scores.get(s, ranking.scores.get(s.lower(), 0))),
                    )
                    for place, tied in enumerate(ranking.places, start=1)
                    for s in tied
                    if s in table.record.seats
                ],
            )
        announcement = await self.announcement(table, said, state)
        stored = await self.store.append_actions(
            table.id,
            table.record.version,
            [NewAction(action=e, faction=said.actor, user_id=user) for e in entries],
            status="finished" if ranking is not None else None,
            announcement=announcement,
            result=result,
        )
        return await self.reply(stored, announcement, receipt)

    async def announcement(self, table: Table, said: Said, state: object) -> Announcement:
        """What the change owes the channel, given the game's turn message so far."""
        turn = await self.store.turn_message(table.id)
        return turn_announcement(turn, said, self.next_of(table, state))

    async def reply(
        self, record: GameRecord, announcement: Announcement, receipt: str | None = None
    ) -> Reply:
        """The stored change's announcement as the adapters deliver it: with the board when
        the announcement says so, and the game's buttons (its newest message carries them)."""
        fresh = await self.games.load(record)
        image = None
        if announcement.board and fresh.replayed is not None:
            image = await asyncio.to_thread(board_for(record.kind), fresh.public_view())
        return Reply(
            text=announcement.text,
            image=image,
            mentions=list(announcement.mentions),
            buttons=self.buttons(fresh),
            version=record.version,
            announcement=(record.id, record.version),
            receipt=receipt,
            edit=announcement.edit,
            close_text=announcement.close_text,
        )

    def next_line(self, table: Table, state: object) -> str:
        return self.next_of(table, state).line

    def next_of(self, table: Table, state: object) -> Next:
        """Who decides after `state`, the channel's line saying so, and whom it pings."""
        g = table.game
        ranking = g.result(state)
        if ranking is not None:
            return Next(
                None,
                f"**Game over.** {ranking.text} The secret is revealed now: "
                f"`/{table.command} verify` checks every deal.",
                None,
            )
        seat = g.to_move(state)
        if seat is None:
            return Next(None, "", None)
        user = table.user_of(seat)
        person = user if user is not None and user >= 0 and seat not in table.ai else None
        return Next(seat, f"Next: {table.who(seat)}. {g.prompt(g.view(state, None), seat)}", person)

    def buttons(self, table: Table) -> list[Button]:
        """What the game's newest public message carries. A game that hides something from
        the public: the My hand button (each player's hand and steps come privately, to
        them alone). Else the steps of a person's turn, when they are few."""
        if table.replayed is None or table.record.status != "active":
            return []
        g, state = table.game, table.state
        if g.hidden(state, None):  # the steps would show a hand: each player's own view
            return [Button(label="My hand", custom_id=hand_button_id(table), style="primary")]
        seat = g.to_move(state)
        if seat is None or seat in table.ai or len(g.legal_actions(state)) > MAX_BUTTONS:
            return []
        return step_buttons(table, g.view(state, None), MAX_BUTTONS)

    # --- AI seats ----------------------------------------------------------------------------

    async def ai_step(self, table: Table, seat: Seat, level: str) -> object:
        """What the AI at `level` plays for `seat`, decided from the seat's view alone, with a
        generator seeded from the secret and the log position (a replay decides the same)."""
        choose = player(table.record.kind, level)
        view = table.game.view(table.state, seat)
        secret = await self.secret(table)
        seed = hashlib.sha256(secret + f"|ai|{table.record.actions}".encode()).digest()
        r = random.Random(int.from_bytes(seed[:8], "big"))
        return await asyncio.to_thread(choose, view, seat, r, Budget())


def button_id(table: Table, index: int) -> str:
    """tb:<game id>:<stored game>:<version>:<index of the legal action>"""
    return f"{CUSTOM_ID_PREFIX}:{table.record.kind}:{table.id}:{table.record.version}:{index}"


def hand_button_id(table: Table) -> str:
    """tb:<game id>:<stored game>:hand: the clicker's own hand, privately (any version)."""
    return f"{CUSTOM_ID_PREFIX}:{table.record.kind}:{table.id}:{HAND}"


def step_buttons(table: Table, view: object, limit: int) -> list[Button]:
    """The first `limit` legal steps of the seat to move as buttons, labelled from `view`
    (the public's on a public message, the player's own in a private answer); each id holds
    the game's version, so a press after the game moved on is refused."""
    g = table.game
    return [
        Button(label=g.describe(view, a)[:80], custom_id=button_id(table, i), style="primary")
        for i, a in enumerate(g.legal_actions(table.state)[:limit])
    ]
