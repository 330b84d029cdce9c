"""What the table says about a game, for any game: who sits where, whose decision it is, the
steps allowed now (with a note on those that would do nothing), the buttons of a turn, the
result. Read through the Game protocol from the position the channel sees."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Literal, TypeVar

from db import GameRecord
from rules.capabilities import menus_of, notation_of, talk_of, turns_of
from rules.errors import clip
from rules.game import Ranking, Seat
from rules.text import inert
from rules.words import count_of, scored

from .ai_users import ai_level, ai_name, is_ai, with_ai_names
from .front_end import NO_FRONT_END, FrontEnd
from .loading import AnyGame, public
from .reply import Button, SeatNote

BUTTON_LIMIT = 20  # legal actions shown as buttons when there are at most this many
SHOWN_OPTIONS = 8  # legal steps listed in an error message
MAX_NAME_CHARS = 32  # a player's name on the board (Discord's display names are this long)
CUSTOM_ID_PREFIX = "vj"
HAND = "hand"  # the My hand button's last part: the presser's own hand, for them alone

Names = dict[Seat, str]
_T = TypeVar("_T")
# what a player was shown for a position that may be gone when they use it (stale_text)
Stale = Literal["button", "suggestion", "menu", "hint"]


def custom_id(record: GameRecord, what: str) -> str:
    """vj:<game>:<version>:<what>: a button of one position of one game."""
    return f"{CUSTOM_ID_PREFIX}:{record.id}:{record.version}:{what}"


def hand_id(record: GameRecord) -> str:
    """vj:<game>:hand: the My hand button, of the game and not of a position (its press
    answers whatever the version), so a step nobody else sees (a chit armed) changes no
    public button."""
    return f"{CUSTOM_ID_PREFIX}:{record.id}:{HAND}"


def seat_title(g: AnyGame, seat: Seat) -> str:
    """How players read a seat: its title, or, for a name that is no seat of the game (a
    stored game's, an export's), the name made inert."""
    return str(g.info.seat_titles.get(seat) or inert(seat))


def seat_notes_for(
    g: AnyGame, record: GameRecord, lines: Mapping[Seat, Sequence[str]]
) -> list[SeatNote]:
    """What a move showed each seat alone, addressed to the seat's player (a seat nobody
    holds has nobody to tell)."""
    return [
        SeatNote(record.seats[seat], seat, seat_title(g, seat), tuple(said))
        for seat, said in lines.items()
        if seat in record.seats and said
    ]


def seat_label(g: AnyGame, seat: Seat) -> str:
    """A seat as typed and as titled ("D Delhi Sultanate"); once where they are one word
    ("Blue")."""
    title = seat_title(g, seat)
    return title if title.lower() == seat.lower() else f"{seat} {title}"


def holds_private(g: AnyGame, state: object, seat: Seat | None) -> bool:
    """Whether `seat` sees what the public does not (a hand): then its choices, which would
    tell it, are shown to it alone."""
    if seat is None:
        return False
    return bool(set(g.hidden(state, None)) - set(g.hidden(state, seat)))


class TableTexts:
    def __init__(
        self,
        rules_of: Callable[[GameRecord], AnyGame],
        *,
        see_all_hint: str = "{options} lists them all",
        name_players: bool = True,
        display_name: Callable[[int], str | None] = lambda uid: None,
        front: FrontEnd = NO_FRONT_END,
        ai_levels: Iterable[str] = (),
    ) -> None:
        """`rules_of`: the rules of a stored game (the loader's, from the games hosted);
        `display_name`: a person's display name for the board, where the adapter knows it;
        `front`: how the front end that shows the texts names a command and a person;
        `ai_levels`: the AI levels of the games hosted, by name."""
        self.rules_of = rules_of
        self.front = front
        self.ai_levels = tuple(ai_levels)  # the levels of the table's games, by name
        self.mention = with_ai_names(front.mention, self.ai_levels)  # named, never pinged
        self.see_all_hint = see_all_hint  # how a cut list of choices can be seen whole
        self.name_players = name_players  # False where one person holds every seat
        self.display_name = display_name

    def command(self, kind: str, words: str) -> str:
        """The command `words` of the game `kind` as the front end names it, as typed
        (`/vj club verify` on Discord, `verify` in the terminal)."""
        return f"`{self.front.command(kind, words)}`"

    def strong(self, text: str) -> str:
        """A few words set off as the front end sets them off (bold on Discord)."""
        return self.front.strong(text)

    # --- seats ------------------------------------------------------------------------------

    @staticmethod
    def seat_user(record: GameRecord, seat: Seat | None) -> int | None:
        return None if seat is None else record.seats.get(seat)

    def seat_aside(self, record: GameRecord, state: object, user: int) -> Seat | None:
        """The first seat `user` holds that may take steps while another decides
        (Turns.acts_any_time): whose steps aside their hand, its buttons and autocomplete
        offer. None when they hold no such seat."""
        g = self.rules_of(record)
        acting = turns_of(g).acts_any_time
        return next((s for s in self.user_seats(record, user) if acting(state, s)), None)

    def waiting_for(self, record: GameRecord, state: object) -> int | None:
        """The person whose decision it is (None: the game is over or their seat is free)."""
        return self.seat_user(record, self.rules_of(record).to_move(state))

    def user_seats(self, record: GameRecord, user: int) -> list[Seat]:
        g = self.rules_of(record)
        return [s for s in g.info.seats if record.seats.get(s) == user]

    def who(self, record: GameRecord, seat: Seat) -> str:
        g = self.rules_of(record)
        uid = record.seats.get(seat)
        level = ai_level(uid, self.ai_levels)
        title = seat_title(g, seat)
        if level is not None and not self.name_players:  # one person holds the other seats
            return f"{title} (AI, {level})"
        if uid is not None and not self.name_players:
            return title
        held = self.mention(uid) if uid is not None else "nobody (free seat)"
        return f"{title} ({held})"

    def board_names(self, record: GameRecord | None) -> Names:
        """The players' names by seat for a board and its alt text: an AI seat by its AI's
        name, a person by their display name where the adapter knows it."""
        out: Names = {}
        if record is None:
            return out
        for seat, uid in record.seats.items():
            level = ai_level(uid, self.ai_levels)
            name = ai_name(level) if level is not None else self.display_name(uid)
            if name:
                out[seat] = clip(name, MAX_NAME_CHARS)
        return out

    # --- the decision now -----------------------------------------------------------------------

    def option(self, g: AnyGame, view: object, action: object) -> str:
        text = f"`{notation_of(g).describe(view, action)}`"
        note = menus_of(g).note(view, action)
        return f"{text} ({note})" if note else text

    def options(self, record: GameRecord, state: object, limit: int | None = SHOWN_OPTIONS) -> str:
        """The legal next steps as the game groups them, the first `limit` entries, a step
        that would do nothing marked."""
        return self.listing(record, state, limit)[0]

    def listing(
        self,
        record: GameRecord,
        state: object,
        limit: int | None = SHOWN_OPTIONS,
        typed: str | None = None,
        aside_of: Seat | None = None,
    ) -> tuple[str, bool]:
        """`options`; with `typed` (a step refused or not read), only the entries like it
        (the game's `Menus.like`) when some are: the entries shown, and whether they are
        those like it. With `aside_of`, that seat's steps aside (Turns.steps_aside) instead,
        read from its own view (they may name its hand: for its player alone)."""
        g = self.rules_of(record)
        actions: Sequence[object]
        if aside_of is None:
            view, actions = public(g, state), g.legal_actions(state)
            see_all = self.see_all_hint.format(options=self.command(g.info.id, "options"))
        else:
            view, actions = g.view(state, aside_of), turns_of(g).steps_aside(state, aside_of)
            see_all = f"{self.command(g.info.id, 'hand')} lists them all"
        menus = menus_of(g)
        opts, _ = menus.grouped_choices(view, actions)
        like = menus.like(view, opts, typed) if typed else []
        listed_now = (like or opts)[:limit]
        shown = ", ".join(listed_now)
        # the key of the entries shown (a trial read one for `1-3` beside a `1` and an `a|b`)
        asides = [key] if (key := menus.key(listed_now)) is not None else []
        if limit is not None and len(like or opts) > limit:
            left = len(like or opts) - limit
            shown += (
                f" and {left} more like it" if like else f" and {count_of(left, 'more choice')}"
            )
            asides.insert(0, see_all)
        return shown + (f" ({'; '.join(asides)})" if asides else ""), bool(like)

    def allowed(
        self,
        record: GameRecord,
        state: object,
        limit: int = SHOWN_OPTIONS,
        typed: str | None = None,
    ) -> str:
        """The steps allowed now, listed once; with `typed` (a step refused or not read),
        only those like it when some are."""
        shown, like = self.listing(record, state, limit, typed)
        if not shown:
            return "No decision is pending."
        return f"Allowed now{' like it' if like else ''}: {shown}."

    def asides_allowed(
        self, record: GameRecord, state: object, seat: Seat, typed: str | None = None
    ) -> str:
        """After a step aside refused (a gift, an offer): the steps aside `seat` may take now,
        those like `typed` when some are, not the decision's steps, which are another
        matter (for its player alone: they may name its hand)."""
        g = self.rules_of(record)
        shown, like = self.listing(record, state, typed=typed, aside_of=seat)
        now = g.to_move(state)
        whose = f" {seat_title(g, now)} decides now." if now not in (None, seat) else ""
        if not shown:
            return f"{seat_title(g, seat)} has no step aside to take now.{whose}"
        return f"Steps aside allowed now{' like it' if like else ''}: {shown}.{whose}"

    def offers(self, record: GameRecord, state: object) -> str | None:
        """The lines of a prompt whose choices the game explains: each with what it does."""
        g = self.rules_of(record)
        lines = menus_of(g).offers(public(g, state))
        return "\n".join(lines) if lines else None

    def prompt_text(self, record: GameRecord, state: object) -> tuple[str, list[int]]:
        """`**Next:** <who> — <the decision>`: the player (pinged), the seat, or the side it
        decides for; the how-to is in the game's help."""
        g = self.rules_of(record)
        seat = g.to_move(state)
        view = public(g, state)
        if seat is None:
            ranking = g.result(state)
            return (ranking.text if ranking is not None else g.chance(state) or ""), []
        uid = self.seat_user(record, seat)
        mentions = [uid] if uid is not None and not is_ai(uid) else []
        title = seat_title(g, seat)
        text, sep = talk_of(g).prompt(view, seat), " — "
        if text.startswith(f"{title} decides — "):
            text = text.removeprefix(f"{title} decides — ")
        elif text.startswith((f"{title} ", f"{title},")):  # named once: "Delhi Sultanate on
            text, sep = text.removeprefix(title), ""  # card 11 ...", "..., Event The ..."
        side = talk_of(g).acting_as(view)
        who = f"{side} (decided by {seat})" if side else title
        if uid is None:
            who += f" (free seat: {self.command(g.info.id, 'join')})"
        elif self.name_players:
            who += f" {self.mention(uid)}"
        offers = self.offers(record, state)
        tail = f"\n{offers}" if offers else ""
        return f"{self.strong('Next:')} {who}{sep}{text}{tail}", mentions

    def told_by_name(
        self,
        record: GameRecord,
        state: object,
        seats: Iterable[Seat],
        sender: int | None,
        deciding: int | None = None,
        above: bool = False,
    ) -> tuple[list[str], list[int]]:
        """A line naming each seat a step was for though the decision was not its own (an
        offer, a gift: Turns.addressed), with whom it pings: its player, unless an AI, the
        sender, the person `deciding` next (the `Next:` line names them), or nobody is named
        where one person holds every seat. `state` is the position after the steps: where
        one asks the seat's answer (Turns.awaits_answer), its hand is pointed to; else the
        step is news for it. The step is told in the same message below the line, or
        `above` it in the message before."""
        if not self.name_players:
            return [], []
        g = self.rules_of(record)
        lines: list[str] = []
        users: list[int] = []
        for seat in seats:
            uid = self.seat_user(record, seat)
            if uid is None or is_ai(uid) or uid in (sender, deciding) or uid in users:
                continue
            said = self._for_you(g, state, seat, "above" if above else "below")
            lines.append(f"{self.strong(seat_title(g, seat))} {self.mention(uid)}: {said}")
            users.append(uid)
        return lines, users

    def _for_you(self, g: AnyGame, state: object, seat: Seat, where: str) -> str:
        """What a step made for `seat` is to it: an answer asked (where the hand offers the
        answers, it is pointed to), or news to read; the step told `where` it is."""
        if not turns_of(g).awaits_answer(state, seat):
            return f"a step {where} is for you to read (nothing to answer)."
        answer = f" ({self.strong('My hand')} offers what you may do meanwhile)"
        return f"a step {where} is for you{answer if g.info.private else ''}."

    def buttons_for(self, record: GameRecord, state: object) -> list[Button]:
        g = self.rules_of(record)
        if g.result(state) is not None:
            return []
        if g.info.private:  # the steps would tell a hand: each player's come to them alone
            return [Button(label="My hand", custom_id=hand_id(record), style="primary")]
        if is_ai(self.waiting_for(record, state)):
            return []  # nobody presses for an AI: it plays by itself
        out: list[Button] = []
        legal = g.legal_actions(state)
        view = public(g, state)
        if len(legal) <= BUTTON_LIMIT and not holds_private(g, state, g.to_move(state)):
            for i, a in enumerate(legal):
                label = notation_of(g).describe(view, a)
                note = menus_of(g).note(view, a)
                label += f" ({note})" if note else ""
                out.append(
                    Button(
                        label=label if len(label) <= 80 else label[:77] + "...",
                        custom_id=custom_id(record, f"a{i}"),
                        style="primary" if i == 0 else "secondary",
                    )
                )
        if turns_of(g).undo(state) is not None:
            out.append(Button(label="Undo", custom_id=custom_id(record, "undo"), style="danger"))
        return out

    def private_buttons(self, record: GameRecord, state: object, seat: Seat) -> list[Button]:
        """The seat's legal steps as buttons (as many as a message holds, each kind of step
        among them: see `each_kind_first`), and Undo when its last step may be taken back, in
        a reply to it alone (they may show its hand); the same ids as a turn message's, so a
        press is checked the same way."""
        g = self.rules_of(record)
        view = g.view(state, seat)
        undo = turns_of(g).undo(state)
        undo_button = (
            [Button(label="Undo", custom_id=custom_id(record, "undo"), style="danger")]
            if undo is not None and undo[0] == seat
            else []
        )
        room = self.front.buttons(len(undo_button))
        legal = list(enumerate(g.legal_actions(state)))
        shown = each_kind_first(legal, room, lambda step: type(step[1]))
        return [
            *(
                Button(
                    label=clip(notation_of(g).describe(view, a), 80),
                    custom_id=custom_id(record, f"a{i}"),
                    style="primary" if i == 0 else "secondary",
                )
                for i, a in shown
            ),
            *undo_button,
        ]

    def aside_buttons(self, record: GameRecord, state: object, seat: Seat) -> list[Button]:
        """While another seat decides: the steps `seat` may take now all the same (an offer's
        answer, a gift: Turns.steps_aside) as buttons, each kind first, in a reply to it
        alone; a press is checked against the same list (`o<i>`)."""
        g = self.rules_of(record)
        view = g.view(state, seat)
        steps = list(enumerate(turns_of(g).steps_aside(state, seat)))
        shown = each_kind_first(steps, self.front.buttons(), lambda step: type(step[1]))
        return [
            Button(
                label=clip(notation_of(g).describe(view, a), 80),
                custom_id=custom_id(record, f"o{i}"),
                style="secondary",
            )
            for i, a in shown
        ]

    # --- the end ----------------------------------------------------------------------------

    @staticmethod
    def ranking_lines(g: AnyGame, ranking: Ranking) -> list[str]:
        """`1. Vijayanagara Empire — 31 VP`, one line a seat, the winner first (tied seats
        share a place)."""
        out = []
        place = 1
        for tied in ranking.places:
            for seat in tied:
                score = ranking.scores.get(seat)
                said = (
                    None
                    if score is None
                    else talk_of(g).score_text(seat, place, score, shared=len(tied) > 1)
                )
                shown = (
                    f" — {said or scored(score, g.info.score_name)}" if score is not None else ""
                )
                out.append(f"{place}. {seat_title(g, seat)}{shown}")
            place += len(tied)
        return out

    def final_text(self, record: GameRecord, state: object) -> str:
        """The end message: `The game is over.` with the result's text, then the places."""
        g = self.rules_of(record)
        ranking = g.result(state)
        lines = self.ranking_lines(g, ranking) if ranking is not None else []
        return f"{self.over_line(ranking, self.strong)}\n" + "\n".join(lines)

    @staticmethod
    def over_line(ranking: Ranking | None, strong: Callable[[str], str] = str) -> str:
        """`The game is over.` and the result's text: the end message's first line."""
        why = f" {ranking.text}" if ranking is not None and ranking.text else ""
        return f"{strong('The game is over.')}{why}"

    def stale_text(self, kind: str, what: Stale = "button") -> str:
        """A button, suggestion, menu or hint made before the game's last move, refused
        (nothing was played), in players' words, with what to use instead."""
        instead = (
            f"ask {self.command(kind, 'hint')} again for one from where it stands now"
            if what == "hint"
            else f"use the newest message or {self.command(kind, 'play')}"
        )
        return (
            f"The game has moved on since that {what} was made, so nothing was played: {instead}."
        )


def each_kind_first(items: list[_T], limit: int | None, kind: Callable[[_T], object]) -> list[_T]:
    """At most `limit` of `items`, in their order. When there are more, every kind of item
    gets a place before any kind gets a second: a long run of one kind (a force's 32 ways
    to drop units) leaves room for the others (its marches, halt, end movement)."""
    if limit is None or len(items) <= limit:
        return list(items)
    by_kind: dict[object, list[int]] = {}
    for i, item in enumerate(items):
        by_kind.setdefault(kind(item), []).append(i)
    chosen: list[int] = []
    for rank in range(len(items)):
        chosen += [at[rank] for at in by_kind.values() if rank < len(at)]
        if len(chosen) >= limit:
            break
    return [items[i] for i in sorted(chosen[:limit])]
