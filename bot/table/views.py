"""Reading a game, for every game: status, board, log, options, a seat's own hand, the rules
reference, the game's components to look up, and help."""

from __future__ import annotations

import logging

from db import GameRecord
from rules.capabilities import menus_of, notation_of, reference_of, talk_of, turns_of
from rules.game import Seat

from .loading import AnyGame, public
from .lobby import check_range
from .log_reading import LogReplays, told_log
from .parts import SharedParts
from .refusal import ServiceError, answers
from .reply import NotesShown, Reply
from .table_texts import holds_private, seat_title
from .words import count_of

log = logging.getLogger(__name__)

MAX_LOG_LINES = 200
MAX_TOPIC_CHARS = 60
LISTED_IN_A_LINE = 6  # allowed steps listed in one line; more are listed one a line


class Views:
    def __init__(self, shared: SharedParts) -> None:
        self.shared = shared
        self.replays = LogReplays()  # the log read again goes on from its last replay

    @answers()
    async def status(
        self, channel: str, *, public_: bool = False, kind: str | None = None, user: int = 0
    ) -> Reply:
        """Seats, the public facts, and whose decision it is: to the asker alone (with the
        buttons), or `public_` for the channel (without: only the newest message of a game has
        buttons)."""
        record = await self.shared.games.shown_game(channel, kind)
        if record is None:
            return Reply.error(
                self.shared.texts.front.placed("There is no game in {here}. ")
                + f"Start one with {self.shared.games.create_hint(kind)}."
            )
        g = self.shared.loader.rules_of(record)
        seats = "\n".join(
            f"• {'' if seat_title(g, s).lower() == s.lower() else f'{s}: '}"
            f"{self.shared.texts.who(record, s)}"
            for s in g.info.seats
            if s in record.seats
            or record.status == "lobby"
            or len(g.info.seats) == g.info.min_players
        )
        if record.status == "lobby":
            head = (
                f"Game {record.id} of {g.info.title} is waiting for its players: "
                f"{self.shared.texts.command(g.info.id, 'join')} takes a seat."
            )
            return Reply(text=f"{head}\n{seats}", version=record.version, ephemeral=not public_)
        state = await self.shared.loader.state_of(record)
        view = public(g, state)
        steps = turns_of(g).played(state)
        played = "" if steps is None else count_of(steps, "step")  # undone steps not counted
        head = {
            "active": f"Game {record.id} is under way"
            + (f": {played} played so far." if played else "."),
            "finished": f"Game {record.id} is over" + (f", after {played}." if played else "."),
        }.get(
            record.status,
            f"Game {record.id} was ended without a result"
            + (f", after {played}." if played else "."),
        )
        facts = "".join(f"\n• {line}" for line in talk_of(g).status(view))
        if g.result(state) is not None:
            nxt = self.shared.texts.final_text(record, state)
        elif record.status != "active":  # ended without a result: nobody decides
            nxt = ""
        else:
            nxt, _ = self.shared.texts.prompt_text(record, state)
            undo = turns_of(g).undo(state)
            if undo is not None:
                nxt += f"\n{self.shared.texts.who(record, undo[0])} may undo its last order."
        return Reply(
            text=f"{head}\n{seats}{facts}" + (f"\n{nxt}" if nxt else ""),
            buttons=[]
            if record.status != "active" or public_
            else self.shared.texts.buttons_for(record, state),
            version=record.version,
            ephemeral=not public_,
        )

    @answers()
    async def board(self, channel: str, *, public_: bool = False, kind: str | None = None) -> Reply:
        """The board picture and whose decision it is: to the asker alone, or `public_`."""
        record = await self.shared.games.shown_game(channel, kind)
        if record is None or record.status == "lobby":
            return Reply.error("There is no board yet: create and start a game first.")
        g = self.shared.loader.rules_of(record)
        state = await self.shared.loader.state_of(record)
        nxt = (
            self.shared.texts.final_text(record, state)
            if g.result(state) is not None
            else self.shared.texts.prompt_text(record, state)[0]
        )
        image = await self.shared.pipeline.render(record, state)
        if image is None:
            nxt += "\n(The board picture could not be drawn; the error is logged.)"
        return Reply(text=nxt, image=image, version=record.version, ephemeral=not public_)

    @answers()
    async def log_lines(self, channel: str, lines: int = 20, *, kind: str | None = None) -> Reply:
        record = await self.shared.games.shown_game(channel, kind)
        if record is None or record.status == "lobby":
            return Reply.error("There is no game log yet.")
        n = check_range("The number of log lines", lines, 1, MAX_LOG_LINES)
        shown = await told_log(self.shared.loader, record, n, self.replays)
        ended = await self._result_line(record)
        shown = [*shown, *ended][-n:]
        if not shown:  # the setup told nothing (the start's headline said it)
            return Reply(text="Nothing has been played yet: the log is empty.", ephemeral=True)
        body = "\n".join(shown)
        head = "The last line" if len(shown) == 1 else f"The last {len(shown)} lines"
        return Reply(text=f"{head} of the log:\n{body}", ephemeral=True)

    async def _result_line(self, record: GameRecord) -> list[str]:
        """The end message's first line, as the channel told it after the last step's lines
        (`The game is over.` and the result); none while the game goes on."""
        if record.status != "finished":
            return []
        g = self.shared.loader.rules_of(record)
        ranking = g.result(await self.shared.loader.state_of(record))
        return [] if ranking is None else [self.shared.texts.over_line(ranking)]

    @answers()
    async def options(self, channel: str, user: int = 0, *, kind: str | None = None) -> Reply:
        """Every legal next step, uncut (the lists in messages are cut); a seat that holds
        what the public does not see (a hand) reads them from its own view, alone."""
        record = await self.shared.loader.store.open_game(channel)
        if record is None or record.status != "active":
            return Reply.error("There is no game in progress, so no decision is pending.")
        self.shared.games.check_kind(record, kind)
        g = self.shared.loader.rules_of(record)
        state = await self.shared.loader.state_of(record)
        seat = g.to_move(state)
        if holds_private(g, state, seat) and record.seats.get(seat or "") != user:
            return Reply.error(
                f"The choices of {self.shared.texts.who(record, seat or '')} show their hand: only they "
                "see them."
            )
        view = g.view(state, seat) if seat is not None else public(g, state)
        entries, key = menus_of(g).grouped_choices(view, g.legal_actions(state))
        head = self.shared.texts.prompt_text(record, state)[0].split("\n")[0]  # effects are below
        keyed = f"\n({key}.)" if key else ""
        explained = menus_of(g).explained_choices(view)  # each entry once, with what it does
        if explained:
            listed = "All allowed steps:" + "".join(f"\n{line}" for line in explained) + keyed
        elif len(entries) > LISTED_IN_A_LINE:
            listed = "All allowed steps:" + "".join(f"\n• {e}" for e in entries) + keyed
        else:
            listed = f"All allowed steps: {', '.join(entries) or 'none'}.{keyed}"
        aside = self._aside_kinds(g, record, state, user)
        return Reply(text=f"{head}\n{listed}{aside}", ephemeral=True)

    def _aside_kinds(self, g: AnyGame, record: GameRecord, state: object, user: int) -> str:
        """The kinds of step the caller's seat may take though the decision is not its own
        (a gift, an offer: Turns.steps_aside, read from its own view), as a line after the
        decision's: a trial read "All allowed steps" and did not know them allowed."""
        hand = self.shared.texts.command(g.info.id, "hand")
        for seat in self.shared.texts.user_seats(record, user):
            said = aside_kinds(g, state, seat)
            if said:
                return f"\n{said} ({hand} lists each step)."
        return ""

    @answers()
    async def hand(self, channel: str, user: int, *, kind: str | None = None) -> Reply:
        """What the caller's seat alone sees (its hand), and its choices when it is on turn:
        for the caller alone."""
        record = await self.shared.games.active_game(channel, kind)
        g = self.shared.loader.rules_of(record)
        held = self.shared.texts.user_seats(record, user)
        if not held:
            raise ServiceError("You hold no seat in this game: there is no hand of yours to show.")
        state = await self.shared.loader.state_of(record)
        now = g.to_move(state)
        seat = now if now in held else self.shared.texts.seat_aside(record, state, user) or held[0]
        view = g.view(state, seat)
        private = talk_of(g).private_summary(view)
        kept, shown = await self.since_last_look(record, held)
        lines = [
            *kept,
            self.shared.texts.strong(f"Your view ({self.shared.texts.who(record, seat)})"),
            *([private] if private else []),
        ]
        lines.append(talk_of(g).prompt(view, seat))
        buttons = []
        if now == seat:  # told as `options` tells them: a purchase's counts as their range
            entries, key = menus_of(g).grouped_choices(view, g.legal_actions(state))
            lines.append("You may play: " + ", ".join(entries) + (f" ({key}.)" if key else ""))
            # (a trial read the decision's steps alone as all it might do)
            lines += [f"{said}." for said in [aside_kinds(g, state, seat)] if said]
            buttons = self.shared.texts.private_buttons(record, state, seat)
        elif seat == self.shared.texts.seat_aside(record, state, user):
            buttons = self.shared.texts.aside_buttons(record, state, seat)
            if buttons:
                lines.append("Meanwhile you may: " + ", ".join(f"`{b.label}`" for b in buttons))
        image = await self.shared.pipeline.render_view(record, view)
        return Reply(
            text="\n".join(lines), image=image, buttons=buttons, ephemeral=True, notes_shown=shown
        )

    async def since_last_look(
        self, record: GameRecord, seats: list[Seat]
    ) -> tuple[list[str], list[NotesShown]]:
        """What moves showed these seats alone while others played (a chit drawn as a game
        turn began), kept for their player since they last looked, to be said first; and
        what of it the reply shows, to go once the reply reached them (Reply.notes_shown: a
        look that never arrived removes nothing). A store that fails here leaves the hand to
        be shown without them."""
        g = self.shared.loader.rules_of(record)
        out: list[str] = []
        shown: list[NotesShown] = []
        for seat in seats if g.info.private else ():  # (only such games keep any)
            try:
                kept = await self.shared.loader.store.seat_notes(record.id, seat)
            except Exception:
                log.exception("game %s: the lines kept for %s unreadable", record.id, seat)
                continue
            if kept:
                whose = f" ({seat_title(g, seat)})" if len(seats) > 1 else ""
                out.append(self.shared.texts.strong(f"Since your last look{whose}:"))
                out += [f"• {line}" for _, line in kept]
                shown.append(NotesShown(record.id, seat, kept[-1][0]))
        return out, shown

    def rules_topic(self, topic: str | None, *, kind: str) -> Reply:
        """`rules topic:`: a few lines on one topic, citing the rule sections; without a
        topic, the list of topics."""
        g = self.shared.registry.game(kind)
        if topic is None or not topic.strip():
            return Reply(
                text=f"{self.shared.texts.strong('Rules topics')} "
                f"({self.shared.texts.command(kind, 'rules topic:')}): "
                + ", ".join(reference_of(g).rules_topics()),
                ephemeral=True,
            )
        try:
            return Reply(
                text=reference_of(g).rules_reference(topic[:MAX_TOPIC_CHARS]), ephemeral=True
            )
        except ValueError as e:
            return Reply.error(f"{e}.")

    @answers()
    async def card_in(self, channel: str, query: str, *, kind: str) -> Reply:
        """A component of the channel's game looked up (Vijayanagara: an event card)."""
        record = await self.shared.games.shown_game(channel, kind, strict=False)
        g = self.shared.registry.game(kind)
        options = (
            await self.shared.loader.options_of(record) if record is not None else g.info.options()
        )
        try:
            return Reply(text=reference_of(g).lookup(options, query))
        except ValueError as e:
            return Reply.error(str(e))

    def help(self, commands: list[tuple[str, str]], *, kind: str) -> Reply:
        g = self.shared.registry.game(kind)
        lines = [
            f"{self.shared.texts.strong(g.info.title)} — play by chat for {_players(g)}. "
            f"Commands ({self.shared.texts.command(kind, '...')}):"
        ]
        lines += [f"• `{name}` — {what}" for name, what in commands]
        lines += reference_of(g).help_lines(lambda words: self.shared.texts.command(kind, words))
        return Reply(text="\n".join(lines), ephemeral=True)


def _players(g: AnyGame) -> str:
    lo, hi = g.info.min_players, g.info.max_players
    names = {2: "two", 3: "three", 4: "four", 5: "five"}
    if lo == hi:
        return names.get(lo, str(lo))
    return f"{names.get(lo, str(lo))} to {names.get(hi, str(hi))}"


def aside_kinds(g: AnyGame, state: object, seat: Seat) -> str:
    """The kinds of step `seat` may take though the decision is not its own (a gift, an
    offer: Turns.steps_aside, read from its own view): "Also at any time, whoever decides:
    `give`, `offer`"; "" when it has none."""
    steps = turns_of(g).steps_aside(state, seat)
    if not steps:
        return ""
    view = g.view(state, seat)
    words = dict.fromkeys(notation_of(g).describe(view, a).split()[0] for a in steps)
    return "Also at any time, whoever decides: " + ", ".join(f"`{w}`" for w in words)
