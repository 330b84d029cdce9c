"""A game's text log: a stretch of it as a move writes it (the lines each step wrote, from
where the game says they begin; an undo takes lines back, or at the log's end), and its lines
as a reader is told them, the same in the announcements and in the log a player reads."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel

from rules.capabilities import narration_of, turns_of
from rules.game import Game, Seat


@dataclass
class LogTail:
    """`lines`, from line `start` of the whole log on."""

    start: int = 0
    lines: list[str] = field(default_factory=list)

    @property
    def end(self) -> int:
        """How many lines the whole log has, up to the end of this stretch."""
        return self.start + len(self.lines)

    def follow(self, position: int | None, lines: Sequence[str]) -> None:
        """Take in the lines a step wrote: from `position` of the whole log (an undo first
        drops what it takes back, which may reach before this stretch), or at the end."""
        if position is None:
            self.lines.extend(lines)
            return
        if position > self.end:
            raise ValueError(f"log lines {self.end}-{position} are missing: a step was skipped")
        if position < self.start:
            self.start, self.lines = position, []
        del self.lines[position - self.start :]
        self.lines.extend(lines)


def follow_step(
    g: Game[object, object, object, BaseModel],
    text: LogTail,
    before: object,
    action: object,
    after: object,
    seat: Seat | None,
) -> None:
    """Take in the lines one step wrote, from the public views before and after it (`seat`
    None: a chance step)."""
    tail = narration_of(g).log_tail(after)
    if tail is not None:
        text.follow(*tail)
    else:
        text.follow(None, narration_of(g).narrate(before, action, after, seat))


def follow_said_step(
    g: Game[object, object, object, BaseModel],
    text: LogTail,
    before: object,
    action: object,
    after: object,
    seat: Seat,
) -> list[str]:
    """`follow_step` and `step_said` of a seat's step, its narration made once: the lines
    taken in, and what the channel is told of it."""
    said = narration_of(g).narrate(before, action, after, seat)
    tail = narration_of(g).log_tail(after)
    if tail is not None:
        text.follow(*tail)
    else:
        text.follow(None, said)
    return said


def opening_said(g: Game[object, object, object, BaseModel], view: object) -> list[str]:
    """The lines a game's setup wrote, for a game that keeps its own text log; none for any
    other game, whose opening its headline tells (nothing was played: no step to narrate)."""
    tail = narration_of(g).log_tail(view)
    return [] if tail is None else list(tail[1])


def follow_opening(g: Game[object, object, object, BaseModel], text: LogTail, view: object) -> None:
    """Take in the lines a game's setup wrote (`opening_said`)."""
    tail = narration_of(g).log_tail(view)
    if tail is not None:
        text.follow(*tail)


def told(g: Game[object, object, object, BaseModel], lines: Sequence[str]) -> list[str]:
    """Lines as a reader is told them: each run of the same event in a row told once, the
    counts added up ("D loses 3 Troops in Malwa."), by the game's own rule. Every message
    and the log a player reads are told through this, so they say the same lines."""
    return narration_of(g).merge_lines(list(lines))


def step_said(
    g: Game[object, object, object, BaseModel],
    before: object,
    action: object,
    after: object,
    seat: Seat | None,
) -> list[str]:
    """What the channel is told of one step, from the public views before and after it: a
    seat's step in its log lines, or in words where it wrote none; a chance step in the lines
    it wrote (as `follow_step` takes them in)."""
    if seat is not None:
        return narration_of(g).narrate(before, action, after, seat)
    tail = narration_of(g).log_tail(after)
    return (
        list(tail[1]) if tail is not None else narration_of(g).narrate(before, action, after, None)
    )


def hands_off(
    g: Game[object, object, object, BaseModel], before: object, after: object, ai_next: bool
) -> bool:
    """Whether a move (a seat's steps and the chance steps they dealt) from `before` to
    `after` closes the message it is told in, so that what comes next opens another: at a
    new stage, at the game's end, or when the decision passes to another seat; but an AI's
    decision (`ai_next`: an AI decides in `after`) asks nobody, so its turn, and a decision of
    its inside someone else's turn, go on in the same message until the turn ends. The one
    rule the announcements and the log a player reads are told by."""
    over = g.result(after) is not None
    turn_before, turn_after = turns_of(g).turn(before), turns_of(g).turn(after)
    new_stage = turn_after[1] != turn_before[1]
    if ai_next and not over and not new_stage:
        return turn_after != turn_before  # the turn ended
    return over or new_stage or g.to_move(after) != g.to_move(before)


def handed_back(
    g: Game[object, object, object, BaseModel], before: object, after: object, ai_next: bool
) -> bool:
    """Whether a move that does not hand off (`hands_off`) leaves the decision to an AI
    after another seat decided inside the turn (a retreat, a person's casualties): the AI
    plays on under its own header, not on from that seat's lines, so no run of lines is
    told once across it. A move of no seat's (a reveal) hands nothing back. The one rule the
    announcements and the log a player reads are told by."""
    decider = g.to_move(before)
    return ai_next and decider is not None and decider != g.to_move(after)


@dataclass(frozen=True)
class ToldStep:
    seat: Seat | None  # who took the step; None: a chance step
    lines: list[str]  # what the channel was told of it (`step_said`)
    closes: bool = False  # its message closes after it (`hands_off`, on the move it ends)
    # an AI's header follows it in its message (`handed_back`), or the why of an AI seat's
    # answer at once that it ends
    handed_back: bool = False


def told_messages(
    g: Game[object, object, object, BaseModel], steps: Sequence[ToldStep]
) -> list[list[str]]:
    """Steps in a row told as the channel tells them, message by message: a message holds
    the moves (a seat's step and the chance steps it dealt) up to one that hands off
    (`hands_off`); that move's lines up to a new stage's opening line close it, the rest
    open the next (as `opening_cut` says); each message merges what it holds through
    `told`, apart on either side of a move that hands the decision back to an AI inside the
    turn (`handed_back`: its header stands between), or of an AI seat's answer at once (its
    why stands between)."""
    out: list[list[str]] = []
    done: list[str] = []  # the message's lines before the last AI's header, merged
    held: list[str] = []
    move: list[str] = []
    for step in steps:
        if step.seat is not None:  # a move begins
            held, move = held + move, []
        move += step.lines
        if step.closes:
            cut = opening_cut(g, move)
            out.append(narration_of(g).closing(done + told(g, held + move[:cut])))
            done, held, move = [], move[cut:], []
        elif step.handed_back:
            done, held, move = done + told(g, held + move), [], []
    return [*out, done + told(g, held + move)]


def opening_cut(g: Game[object, object, object, BaseModel], lines: Sequence[str]) -> int:
    """Where a move that hands off is cut: its lines before the last new stage's opening
    line (a bullet before it or not) close the message; the rest open the next one. A stage
    that opened and ended within the move (a Timurid card's Invaders, then the next card)
    stays with the lines before it: its lines never follow the header of the stage after."""
    opening = stage_openings(g, lines)
    return opening[-1] if opening else len(lines)


def step_lines_end(g: Game[object, object, object, BaseModel], lines: Sequence[str]) -> int:
    """Where the lines of a move's own steps end (an AI's why closes them): at the first
    line that opens a new stage or begins a stage's end (`Narration.stage_line`: a visit's
    end), a bullet before it or not."""
    stage_line = narration_of(g).stage_line
    found = (i for i, line in enumerate(lines) if stage_line(line.removeprefix("• ")))
    return next(found, len(lines))


def stage_openings(g: Game[object, object, object, BaseModel], lines: Sequence[str]) -> list[int]:
    """Where each new stage a move opens begins among its lines (a bullet before it or not)."""
    stage_line = narration_of(g).stage_line
    return [i for i, line in enumerate(lines) if stage_line(line.removeprefix("• ")) == "opens"]
