"""The public message a move owes the channel (one message per turn), for any game."""

from __future__ import annotations

from dataclasses import dataclass, field

from db import Announcement, GameRecord, TurnMessage
from rules.capabilities import narration_of, turns_of
from rules.dealing import commitment
from rules.errors import CLIP_CHARS
from rules.game import Seat
from rules.text import inert

from .ai_turns import TurnStarts, ai_header, turn_played_header, why_line
from .ai_users import ai_level, is_ai
from .games.entry import Registry
from .loading import AnyGame, public
from .table_texts import TableTexts
from .textlog import handed_back, hands_off, opening_cut, stage_openings, step_lines_end, told
from .words import every_dealt

PENDING = ""  # Move.revealed_at of a reveal a stored position waited for (no step made it)


@dataclass(frozen=True)
class Explained:
    """The why of an AI's turn of one step, as its worker said it with the step, and the
    position the step was played from; or (`aside`) of an AI seat's step aside out of its
    turn (an answer at once), told under the step's own lines."""

    start: object
    why: str | None
    aside: bool = False


@dataclass
class Move:
    """What a stored move did, as the announcement reads it."""

    before: object
    after: object
    new_lines: list[str]  # the log lines the move wrote
    earlier: list[str]  # the log before them (read only when a new stage opened)
    spoken: list[str]  # what the channel is told: each step's lines, or the step in words
    notes: list[str] = field(default_factory=list)
    revealed_at: str | None = None  # the step that revealed dice or a card, cutting the order
    revealed: str = "dice or a card"  # what it revealed, in the game's words
    unplayed: list[str] = field(default_factory=list)
    pressed: bool = False  # the unplayed order was a button's
    secret: bytes | None = None  # revealed once the game is over
    commitment: str = ""
    explained: Explained | None = None  # an AI's step's why, said by its worker
    addressed: list[Seat] = field(default_factory=list)  # seats a step was for (Turns.addressed)
    sender: int | None = None  # who sent the order
    taken_back: str | None = None  # an undo's line saying what it took back
    turn_end: object | None = None  # the first position past the turn (None: `after`)


@dataclass
class Telling:
    """A move being announced: its lines, where it leaves the turn, and the `Next:` line."""

    record: GameRecord
    g: AnyGame
    move: Move
    turn: TurnMessage | None  # the turn's message so far (None: unknown)
    start: object  # the position the turn began in (an AI's `why` line reads it)
    lines: list[str]  # what the channel is told of the steps
    said: list[str]  # what the sender must know about the order
    over: bool
    new_stage: bool
    turn_ended: bool
    waiting: int | None  # whose decision it is now
    ai_next: bool  # an AI decides next (nobody is asked)
    nxt: str | None  # the `Next:` line, or the final score
    mentions: list[int]  # whom the `Next:` line names, to decide now
    # a line for each person a step was for (TableTexts.told_by_name), first in the message
    # that pings them, so that nothing it holds stands between the lines told after it
    named: list[str]
    named_mentions: list[int]  # whom those lines ping

    @property
    def kept(self) -> str:
        return self.turn.body if self.turn is not None else ""


class Announcer:
    def __init__(self, texts: TableTexts, turn_starts: TurnStarts, registry: Registry) -> None:
        self.texts = texts
        self.turn_starts = turn_starts
        self.registry = registry  # for each game's AI's why line

    def announcement(
        self, record: GameRecord, move: Move, turn: TurnMessage | None
    ) -> Announcement:
        """The public message a move owes the channel. Inside a seat's turn it edits the
        turn's message (what happened so far, then the `Next:` line). A hand-off or a new
        stage closes that message with the step's lines and posts a new one, which pings
        whoever decides next: at a new stage it opens with a recap of what ended and the new
        stage's header, with the board; at the end, the score and the secret."""
        g = self.texts.rules_of(record)
        before, after = move.before, move.after
        start = self.turn_starts.note(g, record, before)
        over = g.result(after) is not None
        turn_before, turn_after = turns_of(g).turn(before), turns_of(g).turn(after)
        new_stage = turn_after[1] != turn_before[1]
        turn_ended = new_stage or over or turn_after != turn_before
        waiting = self.texts.waiting_for(record, after)
        # an AI's decision asks nobody (no `Next:` line, nobody pinged)
        ai_next = not over and is_ai(waiting)
        handoff = hands_off(g, before, after, ai_next)  # the log's rule too
        nxt, mentions = self._next_line(record, move, over, ai_next)
        deciding = None if over or ai_next else waiting  # (the `Next:` line names them)
        # an undo's one line says what it took back, not each undo step's own
        lines = (
            []
            if move.taken_back is not None
            else [f"• {x}" for x in move.spoken]
            + _aside_why(move)
            + self._run_why(record, g, move, start, turn_ended)
        )
        # the step's lines close the message before the one that names them, or open it
        above = handoff and opening_cut(g, lines) > 0
        named, named_mentions = self.texts.told_by_name(
            record, after, move.addressed, move.sender, deciding, above
        )
        telling = Telling(
            record=record,
            g=g,
            move=move,
            turn=turn,
            start=start,
            lines=lines,
            said=_said(move),
            over=over,
            new_stage=new_stage,
            turn_ended=turn_ended,
            waiting=waiting,
            ai_next=ai_next,
            nxt=nxt,
            mentions=mentions,
            named=named,
            named_mentions=named_mentions,
        )
        return self._handed_off(telling) if handoff else self._turn_goes_on(telling)

    def _next_line(
        self, record: GameRecord, move: Move, over: bool, ai_next: bool
    ) -> tuple[str | None, list[int]]:
        """The final score (with the secret revealed) at the end, else the `Next:` line and
        whom it pings; nothing when an AI decides next."""
        g = self.texts.rules_of(record)
        if over:
            nxt = self.texts.final_text(record, move.after)
            if move.secret is not None and g.info.deals:
                nxt += "\n" + reveal_text(self.texts, record, move.secret, move.commitment)
            return nxt, []
        if not ai_next:
            return self.texts.prompt_text(record, move.after)
        return None, []

    def _turn_goes_on(self, t: Telling) -> Announcement:
        """Inside a seat's turn: the turn's message edited, or carried on in a new one when
        it is full (or unknown), or when a step was for a person who must be told (an edit
        notifies nobody)."""
        g, kept, nxt = t.g, t.kept, t.nxt
        lines = t.lines + t.said
        header = ""
        if t.ai_next:
            header = ai_header(
                t.g, t.move.after, t.waiting, self.texts.strong, self.texts.ai_levels
            )
        # another seat decided inside the turn: the AI that decides now plays under its own
        # header, not on from that seat's lines
        handed = bool(header) and handed_back(g, t.move.before, t.move.after, t.ai_next)
        shown = [*lines, header] if handed else lines
        body = "\n".join(told(g, [*kept.split("\n"), *shown] if kept else shown))
        if t.turn is not None and not t.named and self.texts.front.fits(f"{body}\n{nxt or ''}"):
            return Announcement(text=_joined(body, nxt), edit=True, body=body)
        # the turn's message is full (or unknown): the turn goes on in a new message
        close, moved, opened = _carried(
            g, kept, lines, context=not t.named, known=t.turn is not None
        )
        if header and g.to_move(t.move.before) == g.to_move(t.move.after):
            moved.insert(0, header)  # the AI's own lines carried: its header above them
        elif header:
            opened.append(header)  # another's step: the AI plays after its lines
        if header and close and close.endswith(f"\n{header}"):  # the new message opens with it
            close = close.removesuffix(f"\n{header}")
        body = "\n".join(t.named + moved + opened)
        return Announcement(
            text=_joined(body, nxt), body=body, close_text=close, mentions=t.named_mentions
        )

    def _run_why(
        self, record: GameRecord, g: AnyGame, move: Move, start: object, turn_ended: bool
    ) -> list[str]:
        """An AI's run of decisions inside another seat's turn ends, the turn going on (an
        ally called to move in it): why, where its game's AI explains such runs."""
        explain = self.registry.run_explainer(g.info.id)
        seat = g.to_move(move.before)
        if explain is None or turn_ended or seat is None or g.to_move(move.after) == seat:
            return []
        user = self.texts.seat_user(record, seat)
        if turns_of(g).turn(move.before)[0] == seat or not is_ai(user):
            return []
        why = why_line(explain, g, start, move.after, seat, user, self.texts.ai_levels)
        return [why] if why else []

    def _why(self, t: Telling) -> list[str]:
        """An AI's turn ends: why, in a line (its worker's, when the turn was its one step);
        under the AI's name when another seat's step ended the turn (a retreat, an escape).
        A person's: what it changed, where the game sums a turn up."""
        g, move = t.g, t.move
        owner = turns_of(g).turn(move.before)[0]
        if not t.turn_ended or owner is None:
            return []
        owner_user = self.texts.seat_user(t.record, owner)
        end = move.after if move.turn_end is None else move.turn_end
        if not is_ai(owner_user):
            summary = narration_of(g).turn_summary(public(g, t.start), public(g, end), owner)
            return [summary] if summary else []
        said = move.explained
        if said is not None and said.start is t.start and not said.aside:
            why = said.why
        else:
            explain = self.registry.explainer(g.info.id)
            why = why_line(explain, g, t.start, end, owner, owner_user, self.texts.ai_levels)
        if not why:
            return []
        level = ai_level(owner_user, self.texts.ai_levels)
        if g.to_move(move.before) in (None, owner) or level is None:  # under its own lines
            return [why]
        return [turn_played_header(g, owner, level, self.texts.strong), why]

    def _handed_off(self, t: Telling) -> Announcement:
        """A hand-off, a new stage or the end: the step's lines up to a new stage close the
        turn's message; the rest opens the new one (with the stage's headline)."""
        g, record, move, kept, lines = t.g, t.record, t.move, t.kept, t.lines
        before, after = move.before, move.after
        opens = stage_openings(g, lines)
        cut = opens[-1] if opens else len(lines)  # the log's cut too (`opening_cut`)
        why = self._why(t)
        # the turn's why closes its steps' lines, before what they set going: a visit's end,
        # a stage the move opened (trials read Green's after the next game turn's first
        # lines, Brown's after the visit's end and the next visit's first player)
        at = step_lines_end(g, lines)
        lines[at:at] = why
        cut += len(why)
        if t.over:
            self.turn_starts.forget(record.id)
        closing, opening = lines[:cut], lines[cut:]
        closed = narration_of(g).closing  # the turn is over: nothing more joins its lines
        close_text: str | None = (
            "\n".join(closed(told(g, [x for x in [*kept.split("\n"), *closing] if x]))) or None
        )
        carried: list[str] = []
        if t.turn is None or close_text is None or not self.texts.front.fits(close_text):
            close_text, carried, opening = _carried(g, kept if t.turn is not None else "", lines)
            close_text = "\n".join(closed(close_text.split("\n"))) if close_text else None
        opening += t.said
        head: list[str] = []
        if t.new_stage:
            head = narration_of(g).headline(
                public(g, before), public(g, after), move.earlier + move.new_lines
            )
        if head:  # the headline says what the stage's opening line said
            stage_line = narration_of(g).stage_line
            opening = [x for x in opening if stage_line(x.removeprefix("• ")) != "opens"]
        if t.ai_next:
            opening.append(ai_header(g, after, t.waiting, self.texts.strong, self.texts.ai_levels))
        body = "\n".join(carried + t.named + head + told(g, opening))
        return Announcement(
            text=_joined(body, t.nxt),
            mentions=[*t.mentions, *(u for u in t.named_mentions if u not in t.mentions)],
            deciding=t.mentions,  # whom the `Next:` line names (the rest: a step for them)
            board=narration_of(g).board_moment(
                public(g, before), public(g, after)
            ),  # as the game names
            body=body,
            close_text=close_text,
        )


def _aside_why(move: Move) -> list[str]:
    """An AI seat's step aside out of its turn, explained: its why, under its lines."""
    said = move.explained
    return [said.why] if said is not None and said.aside and said.why else []


def _said(move: Move) -> list[str]:
    """What the sender must know about the order, in the message that goes out now: the
    notes, and the steps a reveal cut off."""
    said = [] if move.taken_back is None else [move.taken_back]
    said += [f"(note: {n})" for n in move.notes]
    if move.revealed_at == PENDING and move.unplayed:
        said.append(seen_first(move.revealed, move.unplayed, move.pressed))
    elif move.revealed_at is not None and move.revealed_at != PENDING:
        rest = "; ".join(inert(u, CLIP_CHARS) for u in move.unplayed)  # as they were typed
        them = "it" if len(move.unplayed) == 1 else "them"
        said.append(
            f"{move.revealed_at} revealed {move.revealed}, so the order ended there (a reveal "
            f"commits). Not played: `{rest}`: send {them} again now that it is seen, if you "
            "still mean to."
        )
    return said


def seen_first(revealed: str, unplayed: list[str], pressed: bool = False) -> str:
    """An order that came while a stored position waited for a reveal (typed, or `pressed`
    as a button, whose step was read on the position before it): not played."""
    first = f"{revealed[:1].upper()}{revealed[1:]} was revealed first, before any order (a reveal "
    if pressed:
        return (
            f"{first}commits). Not played: the button you pressed; choose again now that it "
            "is seen, if you still mean to."
        )
    rest = "; ".join(inert(u, CLIP_CHARS) for u in unplayed)  # as they were typed
    return (
        f"{first}commits). Not played: `{rest}`: send it again now that it is seen, if you "
        "still mean to."
    )


def _carried(
    g: AnyGame, kept: str, lines: list[str], *, context: bool = False, known: bool = False
) -> tuple[str | None, list[str], list[str]]:
    """A full turn's message goes on in a new one: what the full one is closed into (what it
    told, without its `Next:` line and buttons: the decision is the new message's), the run
    carried over from it, and the new lines, told. Its last lines that a later line may
    still change are told as the new lines leave them, as the log tells them
    (`_changed_tail`). With `context` (the same turn goes on), the last step line goes along
    too, so that what the next steps take back with it (a halt after its march) is taken
    back in the new message as in the log. A message `known` to hold its `Next:` line alone
    is closed into the first new line, the step that answered it, so that no old decision
    stays open above the new message."""
    old = kept.split("\n") if kept else []
    changed = _changed_tail(g, old, lines)
    if changed is not None:
        return changed
    if context and len(old) > 1 and lines and old[-1].startswith("• "):
        joint = told(g, [old[-1], *lines])
        return "\n".join(old[:-1]), joint[:1], joint[1:]
    new = told(g, lines)
    if known and not old and new:
        return new[0], [], new[1:]
    return "\n".join(old) or None, [], new


def _changed_tail(
    g: AnyGame, old: list[str], lines: list[str]
) -> tuple[str, list[str], list[str]] | None:
    """A full message's last lines that the game says a later line may still change
    (`Narration.unsettled`), told as the new lines leave them rather than split by the
    message's length: a run of the same event that the new lines continue moves whole into
    the new message, first (it came before all else there), so it is told once ("D loses 3
    Troops"; two forces told as one once both are over, with the line of the first going
    along while the second is on its way); a line the new ones take back (a halt, once its
    seat moves on) is no longer told, nor a new line the tail takes back ("ends its
    movement" after a march). None: the new lines leave the tail as it is. The tail may be
    the whole message (a march and its halt, closed to ping the one an offer is for) where
    its first line stays: the message closes with one line at least."""
    if len(old) < 2 or not lines:
        return None
    k = min(max(1, narration_of(g).unsettled(old)), len(old))
    found = _changed_tail_of(g, old, lines, k)
    if k == len(old) and (found is None or not found[0]):  # it would close with no line
        return _changed_tail_of(g, old, lines, k - 1)
    return found


def _changed_tail_of(
    g: AnyGame, old: list[str], lines: list[str], k: int
) -> tuple[str, list[str], list[str]] | None:
    """`_changed_tail` of the message's last `k` lines."""
    cut = opening_cut(g, lines)  # (what opens a new stage is the next message's, in the log)
    tail, merged, fresh = old[-k:], told(g, [*old[-k:], *lines[:cut]]), told(g, lines[:cut])
    same = 0
    while same < min(k, len(merged)) and merged[same] == tail[same]:
        same += 1
    if same == k and merged[k:] != fresh:  # the tail takes back some of the new lines
        return "\n".join(old), [], [*merged[k:], *told(g, lines[cut:])]
    same = _still_joined(g, merged, same)
    if same == k:
        return None
    # changed (joined, merged), taken back, or still to be joined from the `same`-th on
    rest = merged[same:]
    carried = rest[:1] if rest and rest[0] not in fresh else []  # a tail line
    return (
        "\n".join([*old[:-k], *tail[:same]]),
        carried,
        [*rest[len(carried) :], *told(g, lines[cut:])],
    )


def _still_joined(g: AnyGame, lines: list[str], i: int) -> int:
    """Where the lines that go along with the `i`-th begin: each line before it that the
    one after it may still change (two forces on one way, told as one once both are over)."""
    while 0 < i < len(lines) and narration_of(g).unsettled(lines[i - 1 : i + 1]) > 1:
        i -= 1
    return i


def commitment_text(texts: TableTexts, record: GameRecord, secret: bytes, dealt_from: int) -> str:
    """The line that posts a game's commitment when its secret begins to deal."""
    which = f"from step {dealt_from + 1} on " if dealt_from else ""
    g = texts.rules_of(record)
    return (
        f"Fairness: {every_dealt(g)} of game {record.id} {which}comes from a secret; its "
        f"commitment is `{commitment(secret, record.id, dealt_from)}`. The secret is revealed "
        f"when the game ends, and {texts.command(g.info.id, 'club verify')} then checks every "
        "outcome."
    )


def reveal_text(texts: TableTexts, record: GameRecord, secret: bytes, commitment: str) -> str:
    g = texts.rules_of(record)
    return (
        f"Fairness: the secret of game {record.id} was `{secret.hex()}` (its commitment "
        f"`{commitment}` was posted when it began to deal). "
        f"{texts.command(g.info.id, 'club verify')} checks {every_dealt(g)}; so does "
        "`python -m bot.table.verify` on the export."
    )


def _joined(body: str, nxt: str | None) -> str:
    """A message's text: what happened, then the `Next:` line when a person decides next."""
    if nxt is None:
        return body
    return f"{body}\n{nxt}" if body else nxt
