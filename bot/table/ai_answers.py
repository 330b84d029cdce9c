"""AI seats' answers at once, for every game: right after a stored step (a person's order,
an AI's step), each AI seat its game's answerer has a step aside for (ai.players.Answerer:
an offer addressed to it) takes it, stored as that seat's own step and announced after the
step's own message (`Reply.then`), as a person at the table answers, its why under it. The
answerer is a fixed policy, cheap: asked under the channel's lock, never in the AI's worker
processes.

Stored, then announced: an answer that fails to be stored is logged, the step before it
stays stored and announced, and the AI answers at its next decision instead.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from db import GameAtTurn
from rules.capabilities import notation_of
from rules.game import Seat, Step

from .ai_users import ai_level
from .announcing import Explained
from .loading import public
from .parts import SharedParts
from .pipeline import AfterFinish
from .reply import Reply

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Answer:
    """An AI seat's step aside, at once: the seat, its AI user, the step and why."""

    seat: Seat
    user: int
    action: object
    why: str


class AiAnswers:
    def __init__(self, shared: SharedParts, after_finish: AfterFinish | None = None) -> None:
        """`after_finish`: what follows a game's end (a tiebreak's next game)."""
        self.shared = shared
        self.after_finish = after_finish

    async def answered(self, channel: str, kind: str, reply: Reply) -> Reply:
        """`reply`, announcing a change just stored in `channel`'s game of `kind`, with the AI
        seats' answers to it announced after it. Each seat answers once: an answer that would
        bring another from a seat that answered already ends there (it waits for that seat's
        decision)."""
        if reply.announcement is None or reply.version is None:
            return reply
        if self.shared.registry.answerer(kind) is None:
            return reply  # a game whose AI seats answer nothing at once: not even read again
        version, answered = reply.version, set[Seat]()
        while True:
            try:
                said = await self._answer(channel, version, answered)
            except Exception:  # the change stays stored and announced; the AI answers later
                log.exception("channel %s: an AI seat's answer was not stored", channel)
                return reply
            if said is None or said.version is None:
                return reply
            reply.then.append(said)
            version = said.version

    async def _answer(self, channel: str, version: int, answered: set[Seat]) -> Reply | None:
        """The first AI seat's answer to the game at `version`, stored; None when none
        answers, or when the game moved on meanwhile (that change is answered after it)."""
        async with self.shared.locks(channel):
            now = await self.shared.store.open_game_at_turn(channel)
            if now is None or now.game.version != version or now.game.status != "active":
                return None
            state = await self.shared.loader.state_of(now.game)
            answer = self._first(now, state, answered)
            if answer is None:
                return None
            answered.add(answer.seat)
            g = self.shared.loader.rules_of(now.game)
            step = notation_of(g).describe(public(g, state), answer.action)
            why = Explained(state, answer.why, aside=True)
            outcome = await self.shared.pipeline.apply_and_store(
                now.game,
                state,
                answer.user,
                [Step(step, answer.action)],
                None,
                read=now,
                explained=why,
            )
        said = await self.shared.pipeline.moved_reply(outcome, self.after_finish)
        # the AI seat's own: not for the order's sender
        said.receipt, said.told, said.told_after = None, [], {}
        return said

    def _first(self, now: GameAtTurn, state: object, answered: set[Seat]) -> Answer | None:
        """The first AI seat (in seat order) not yet `answered` with a step aside to take at
        once, never on a position that waits for dice or a card (a reveal comes first)."""
        g = self.shared.loader.rules_of(now.game)
        gid = g.info.id
        answer = self.shared.registry.answerer(gid)
        if answer is None or g.chance(state) is not None:
            return None
        levels = self.shared.registry.levels(gid)
        for seat in g.info.seats:
            user = now.game.seats.get(seat)
            level = ai_level(user, levels)
            if seat in answered or user is None or level is None:
                continue
            got = answer(g.view(state, seat), seat, level)
            if got is not None:
                return Answer(seat, user, got.step, got.why)
        return None
