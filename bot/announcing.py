"""The public message a move owes the channel (one message per faction turn)."""

from __future__ import annotations

import re

from db import (
    Announcement,
    GameRecord,
    TurnMessage,
)
from rules import vijayanagara

from .ai_turns import ai_header, turn_key, turn_owner, why_line
from .ai_users import is_ai
from .reply import MESSAGE_LIMIT
from .service_base import ServiceBase


class MoveAnnouncements(ServiceBase):
    def _move_announcement(
        self,
        game: GameRecord,
        before: vijayanagara.GameState,
        after: vijayanagara.GameState,
        new_lines: list[str],
        earlier: list[str],
        steps: list[str],
        notes: list[str],
        revealed_at: str | None = None,
        unplayed: list[str] | None = None,
        secret: bytes | None = None,
        *,
        turn: TurnMessage | None = None,
    ) -> Announcement:
        """The public message a move owes the channel. Inside a faction's turn it edits the
        turn's message (what happened so far, then the `Next:` line). A hand-off or a card
        reveal closes that message with the step's lines and posts a new one, which pings
        whoever decides next: at a card reveal it opens with a recap of the card that ended
        and the new card's header, with the board; at the end, the score and the secret.
        `new_lines`: the log lines the move wrote; `earlier`: the log before them (needed only
        at a card reveal, for the recap)."""
        actor = vijayanagara.decider(before)
        start = self.turn_starts.note(game.id, before)
        who = actor.value if actor else ""
        if actor is not None and vijayanagara.prompt(before).for_mongols:
            who = f"Mongols (decided by {actor.value})"
        lines = [f"• {line}" for line in new_lines] or [f"• {who}: {'; '.join(steps)}"]
        # what the sender must know about the order: in the message that goes out now
        said = [f"(note: {n})" for n in notes]
        if revealed_at is not None:
            rest = "; ".join(vijayanagara.clip(u) for u in unplayed or [])
            said.append(
                f"{revealed_at} revealed dice or a card, so the order ended there (a reveal "
                f"commits). Not played: `{rest}`."
            )
        new_card = after.current_card != before.current_card
        turn_ended = new_card or after.game_over or turn_key(after) != turn_key(before)
        # an AI's decision asks nobody: its turn goes on in the same message, and so does a
        # decision of its inside someone else's turn (no `Next:` line, nobody pinged)
        ai_next = not after.game_over and is_ai(self._waiting_for(game, after))
        if ai_next and not new_card:
            handoff = turn_ended
        else:
            handoff = after.game_over or vijayanagara.decider(after) != actor or new_card
        mentions: list[int] = []
        nxt: str | None = None
        if after.game_over:
            nxt = self._final_text(after)
            if secret is not None:
                nxt += "\n" + self._reveal_text(game, secret)
        elif not ai_next:
            nxt, mentions = self.prompt_text(game, after)
        kept = turn.body if turn is not None else ""
        if not handoff:
            lines += said
            body = "\n".join([kept, *lines]) if kept else "\n".join(lines)
            if turn is not None and len(body) + 1 + len(nxt or "") <= MESSAGE_LIMIT:
                return Announcement(text=_joined(body, nxt), edit=True, body=body)
            # the turn's message is full (or unknown): the turn goes on in a new message
            if ai_next:
                lines.insert(0, ai_header(after, self._waiting_for(game, after)))
            body = "\n".join(lines)
            return Announcement(text=_joined(body, nxt), body=body)
        # the step's lines up to a card reveal close the turn; the rest opens the new message
        cut = next((i for i, line in enumerate(lines) if self._is_card_line(line)), len(lines))
        owner = turn_owner(before)
        owner_user = self._seat_user(game, owner)
        if turn_ended and owner is not None and is_ai(owner_user):
            # an AI's turn ends: why it played so, in one line
            lines.insert(cut, why_line(start, after, owner, owner_user))
            cut += 1
        if after.game_over:
            self.turn_starts.forget(game.id)
        closing, opening = lines[:cut], lines[cut:]
        close_text: str | None = "\n".join(x for x in [kept, *closing] if x) or None
        if turn is None or close_text is None or len(close_text) > MESSAGE_LIMIT:
            close_text, opening = None, lines
        opening += said
        head: list[str] = []
        if new_card:
            head = self._card_edges(before, after, new_lines, earlier)
            opening = [line for line in opening if not self._is_card_line(line)]
        if ai_next:
            opening.append(ai_header(after, self._waiting_for(game, after)))
        body = "\n".join(head + opening)
        return Announcement(
            text=_joined(body, nxt),
            mentions=mentions,
            board=True,
            body=body,
            close_text=close_text,
        )

    @staticmethod
    def _is_card_line(line: str) -> bool:
        """A log line (as announced) that reveals a card."""
        return re.match(r"^• Card \d+: .+ \(\d+ left in the deck\)\.$", line) is not None

    @staticmethod
    def _card_edges(
        before: vijayanagara.GameState,
        after: vijayanagara.GameState,
        new: list[str],
        earlier: list[str],
    ) -> list[str]:
        """The recap of each card that ended during the step, then the new card's header."""
        ended = [before.current_card] if before.current_card is not None else []
        for line in new:
            m = re.match(r"^Card (\d+): ", line)
            if m is not None and int(m.group(1)) != after.current_card:
                ended.append(int(m.group(1)))
        out = []
        for number in ended:
            recap = vijayanagara.card_recap(vijayanagara.card_lines(earlier + new, number))
            if recap:
                out.append(f"_{recap}_")
        out.append(vijayanagara.card_header(after))
        return out


def _joined(body: str, nxt: str | None) -> str:
    """A message's text: what happened, then the `Next:` line when a person decides next."""
    if nxt is None:
        return body
    return f"{body}\n{nxt}" if body else nxt
