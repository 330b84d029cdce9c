"""Autocomplete, for every game: the legal next steps as an order is typed, a shortcut's
choices, the rules topics and the game's components. A seat whose choices would show what the
public does not see (a hand) gets them from its own view, and nobody else gets any."""

from __future__ import annotations

import re
from collections.abc import Sequence

from db import GameRecord
from rules.capabilities import notation_of, orders_of, reference_of
from rules.errors import clip
from rules.game import Seat, Step

from .channel_games import ChannelGames
from .loading import AnyGame, GameLoader
from .moves import ahead, walked
from .order_entry import Drafts, draft_value, read_entry, tagged
from .pipeline import CONFIRM
from .refusal import ServiceError
from .table_texts import TableTexts, each_kind_first, holds_private
from .words import count_of

MAX_TOPIC_CHARS = 40


class Autocomplete:
    def __init__(
        self, games: ChannelGames, loader: GameLoader, texts: TableTexts, drafts: Drafts
    ) -> None:
        self.games = games
        self.loader = loader
        self.texts = texts
        self.drafts = drafts

    async def _running(self, channel: str, kind: str | None) -> tuple[GameRecord, object] | None:
        """The channel's game in play and its state; None when there is nothing to suggest
        from (no game running, or its state cannot be read: the command itself says why)."""
        record = await self.loader.store.open_game(channel)
        if record is None or record.status != "active":
            return None
        if kind is not None and record.kind != kind:
            return None
        try:
            return record, await self.loader.state_of(record)
        except ServiceError:
            return None

    async def card_choices(
        self, channel: str, typed: str, limit: int = 25, *, kind: str
    ) -> list[tuple[str, str]]:
        """Autocomplete for a game's lookup (`/vj card`, `/sc card`): the components of this
        channel's game (its own files, if it was created with some) whose label contains what
        was typed, each with the key its lookup reads (`1`, `ODD 11`, `chit 5`)."""
        record = await self.games.shown_game(channel, kind, strict=False)
        g = self.games.registry.game(kind)
        options = await self.loader.options_of(record) if record is not None else g.info.options()
        t = typed.strip().lower()
        out = []
        for label, key in reference_of(g).lookup_names(options):
            if not t or t in label.lower():
                out.append((label, key))
        return out[:limit]

    def _seat_for(self, record: GameRecord, state: object, user: int) -> Seat | bool | None:
        """The view a user's suggestions are read from: the seat to move's own when the user
        holds it and it holds a hand; False when the user may see no suggestion (another
        seat's hand: they may still take steps aside, see `_aside`)."""
        g = self.loader.rules_of(record)
        now = g.to_move(state)
        if not holds_private(g, state, now):
            return None
        return now if now is not None and record.seats.get(now) == user else False

    async def legal_orders(
        self, channel: str, user: int, typed: str, limit: int = 25, *, kind: str | None = None
    ) -> list[tuple[str, str]]:
        """Autocomplete for `play order:`: (name, value) pairs. The names are the legal next
        steps (describe) filtered by what was typed; steps typed before the last ';' are applied
        first, so the choices continue the order, but never past a die roll or a card draw:
        the game holds no future, so a prefix that reaches one has no suggestions (a reveal
        commits). Beyond `limit` matches, each kind of step is offered before a second of any
        kind (`each_kind_first`). Each value carries the game's version (order_entry). When
        the order no longer fits a suggestion (100 characters), the first choice sends the
        steps typed so far as a draft, to be continued with another `play`."""
        found = await self._running(channel, kind)
        if found is None:
            return []
        record, state = found
        g = self.loader.rules_of(record)
        seat = self._seat_for(record, state, user)
        if seat is False:  # another seat decides: a step aside of the user's own, typed whole
            return self._aside(record, state, user, read_entry(typed).order)
        viewer = seat if isinstance(seat, str) else None
        head, _, last = read_entry(typed).order.rpartition(";")
        prefix = ""
        if head.strip():
            after = _after(g, state, viewer, head)
            if after is None:
                return []
            state, prefix = after, head.strip() + "; "
        view = g.view(state, viewer)
        words = last.strip().lower().split()
        matches: list[tuple[object, str, str]] = []
        cut = False  # a continuation did not fit in a suggestion
        for a in g.legal_actions(state):
            d = notation_of(g).describe(view, a)
            if all(w in d.lower() for w in words):
                value = tagged(record.version, prefix + d)
                if not self.texts.front.suggests(value):
                    cut = True
                else:
                    matches.append((a, prefix + d, value))
        shown = each_kind_first(matches, limit, lambda step: type(step[0]))
        out = [(name, value) for _, name, value in shown]
        whole = self._whole_order(record, state, reader(g, state), viewer, prefix, last)
        if record.seats.get(reader(g, state)) != user and not prefix:
            own = self._aside(record, state, user, last)  # a step of their own, first
            whole = own[0] if own else whole
        listed = {name.lower() for name, _ in out}  # the order as typed, first, unless listed
        if whole is not None and (prefix + " ".join(last.split())).lower() not in listed:
            out = [whole, *out[: limit - 1]]
        if cut and prefix:
            self.drafts.keep(user, channel, head.strip())
            steps_typed = len([p for p in re.split(r"[;\n]", head) if p.strip()])
            name = (
                f"Send the {count_of(steps_typed, 'step')} typed so far, then continue with "
                f"another {self.texts.front.command(g.info.id, 'play')}"
            )
            out = [(name, draft_value(record.version)), *out[: limit - 1]]
        return out

    def _aside(
        self, record: GameRecord, state: object, user: int, typed: str
    ) -> list[tuple[str, str]]:
        """While another seat decides: the order typed whole, when it reads as steps the
        user's own seat may take at any time (a gift, an alliance's offer or answer, a chit
        armed), read from that seat's own view; nothing else (the steps listed now are the
        deciding seat's)."""
        seat = self.texts.seat_aside(record, state, user)
        whole = None if seat is None else self._whole_order(record, state, seat, seat, "", typed)
        return [whole] if whole is not None else []

    def _whole_order(
        self,
        record: GameRecord,
        state: object,
        seat: Seat,
        viewer: Seat | None,
        prefix: str,
        typed: str,
    ) -> tuple[str, str] | None:
        """An order typed whole in the notation (`move 2 inf 1 cav Egypt Arabia Syria`), read for
        `seat` from `viewer`'s view, offered as it was typed with the steps it reads as (`→
        take 1 inf at Egypt; ...`) when they may be played, up to a reveal; None otherwise."""
        g = self.loader.rules_of(record)
        text = " ".join(typed.split())
        try:
            steps = orders_of(g).read_order(g.view(state, viewer), text, seat)
        except ValueError:
            return None
        value = tagged(record.version, prefix + text)
        if not steps or not self.texts.front.suggests(value):
            return None
        if not playable(g, state, steps):
            return None
        said = "; ".join(s.text for s in steps)
        name = f"{prefix}{text}" + ("" if said.lower() == text.lower() else f" → {said}")
        chars = self.texts.front.suggestion_chars
        return (clip(name, chars) if chars else name), value

    async def shortcut_choices(
        self, channel: str, name: str, typed: str, *, kind: str | None = None
    ) -> list[str]:
        """Autocomplete for a shortcut command's argument (Command or Decree names, sides)."""
        found = await self._running(channel, kind)
        if found is None:
            return []
        record, state = found
        g = self.loader.rules_of(record)
        pool = self.games.registry.shortcuts(g.info.id).choices(g.view(state, None), name)
        t = typed.strip().lower()
        return [p for p in pool if t in p][:25]

    def topic_choices(self, typed: str, limit: int = 25, *, kind: str) -> list[str]:
        """Autocomplete for `rules topic:`: the topics containing what was typed."""
        t = typed.strip().lower().replace(" ", "-")[:MAX_TOPIC_CHARS]
        topics = reference_of(self.games.registry.game(kind)).rules_topics()
        return [name for name in topics if t in name][:limit]


def playable(g: AnyGame, state: object, steps: Sequence[Step[object]]) -> bool:
    """Whether the steps may be played in order from `state`, up to a reveal (an order is
    played up to a die roll or a card draw: the rest waits until it is seen)."""
    _, played = walked(g, state, steps)
    return played


def reader(g: AnyGame, state: object) -> Seat:
    """The seat an order typed for a suggestion is read for: the seat to move (the
    suggestions are its steps, whoever reads them where nothing is hidden)."""
    return g.to_move(state) or ""


def _after(g: AnyGame, state: object, viewer: Seat | None, head: str) -> object | None:
    """The position the steps typed before an order's last `;` reach, read for the seat to
    move (`confirm` left out); None when they do not read or reach a reveal."""
    kept = "; ".join(
        p for p in (x.strip() for x in re.split(r"[;\n]", head)) if p and p.lower() != CONFIRM
    )
    try:
        steps = orders_of(g).read_order(g.view(state, viewer), kept, reader(g, state))
    except ValueError:
        return None
    return ahead(g, state, steps)
