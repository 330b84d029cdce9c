"""Autocomplete: the choices offered while a command is typed."""

from __future__ import annotations

from db import GameRecord
from rules import vijayanagara
from rules.vijayanagara import reference
from rules.vijayanagara.reference import MAX_TOPIC_CHARS
from rules.vijayanagara.registry import COMMAND_NAMES, COMMANDS, DECREE_NAMES
from rules.vijayanagara.words import count_of

from .order_entry import (
    CHOICE_LIMIT,
    draft_value,
    read_entry,
    tagged,
)
from .service_base import (
    CONFIRM,
    ServiceBase,
    ServiceError,
    ahead,
)


class Autocomplete(ServiceBase):
    async def _running(self, channel: str) -> tuple[GameRecord, vijayanagara.GameState] | None:
        """The channel's game in play and its state; None when there is nothing to suggest
        from (no game running, or its state cannot be read: the command itself says why)."""
        game = await self.store.open_game(channel)
        if game is None or game.status != "active":
            return None
        try:
            return game, await self.state_of(game)
        except ServiceError:
            return None

    async def card_choices(
        self, channel: str, typed: str, limit: int = 25
    ) -> list[tuple[str, int]]:
        """Autocomplete for `/vj card`: the cards of this channel's game (its own deck file, if
        it was created with one) whose number and title contain what was typed."""
        deck = await self.channel_deck(channel)
        t = typed.strip().lower()
        out = []
        for n in sorted(deck.cards):
            c = deck.cards[n]
            label = f"{n}. {c.title}"
            if not t or t in label.lower():
                out.append((label[:100], n))
        return out[:limit]

    async def legal_orders(
        self, channel: str, user: int, typed: str, limit: int = 25
    ) -> list[tuple[str, str]]:
        """Autocomplete for `/vj play order:`: (name, value) pairs. The names are the legal next
        steps (describe) filtered by what was typed; steps typed before the last ';' are applied
        first, so the choices continue the order, but never past a die roll or a card draw:
        the game holds no future, so a prefix that reaches one has no suggestions (a reveal
        commits). Each value carries the game's version (order_entry). When the order no
        longer fits a suggestion (100 characters), the first choice sends the steps typed so
        far as a draft, to be continued with another `/vj play`."""
        found = await self._running(channel)
        if found is None:
            return []
        game, state = found
        head, _, last = read_entry(typed).order.rpartition(";")
        prefix = ""
        if head.strip():
            try:
                spans = [s for s in vijayanagara.split_order(head) if s.text.lower() != CONFIRM]
                steps = vijayanagara.parse_steps(spans)
            except vijayanagara.RulesError:
                return []
            after = ahead(state, [s.action for s in steps])
            if after is None:
                return []
            state, prefix = after, head.strip() + "; "
        words = last.strip().lower().split()
        out: list[tuple[str, str]] = []
        cut = False  # a continuation did not fit in a suggestion
        for a in vijayanagara.legal_actions(state):
            d = vijayanagara.describe(state, a)
            if all(w in d.lower() for w in words):
                value = tagged(game.version, prefix + d)
                if len(value) > CHOICE_LIMIT:
                    cut = True
                elif len(out) < limit:
                    out.append((prefix + d, value))
        if cut and prefix:
            self._drafts.keep(user, channel, head.strip())
            name = (
                f"Send the {count_of(len(vijayanagara.split_order(head)), 'step')} typed so far, then "
                "continue with another /vj play"
            )
            out = [(name, draft_value(game.version)), *out[: limit - 1]]
        return out

    async def shortcut_choices(self, channel: str, name: str, typed: str) -> list[str]:
        """Autocomplete for the shortcut commands' argument (command or decree names, sides)."""
        found = await self._running(channel)
        if found is None:
            return []
        _, state = found
        legal = [vijayanagara.describe(state, a) for a in vijayanagara.legal_actions(state)]
        pool: list[str] | tuple[str, ...]
        if name == "event":
            pool = ["unshaded", "shaded"]
        elif name == "command":
            pool = [d for d in legal if d in COMMAND_NAMES]
            decider = vijayanagara.decider(state)
            if not pool and "command" in legal and decider is not None:
                pool = COMMANDS[decider]  # `/vj command name:` plays `command; <name>`
        else:
            pool = [d for d in legal if d in DECREE_NAMES]
        t = typed.strip().lower()
        return [p for p in pool if t in p][:25]

    @staticmethod
    def topic_choices(typed: str, limit: int = 25) -> list[str]:
        """Autocomplete for `/vj rules topic:`: the topics containing what was typed."""
        t = typed.strip().lower().replace(" ", "-")[:MAX_TOPIC_CHARS]
        return [name for name in reference.topics() if t in name][:limit]
