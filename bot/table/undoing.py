"""What `undo` takes back: the sender's last order whole (every step stored from one command,
typed line or button press), or a number of single steps, never past what the rules let no
undo go past (a reveal, a hand-off), told in the game's words."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from db import Store, StoredAction
from rules.capabilities import notation_of, turns_of
from rules.errors import clip
from rules.game import Seat, Step
from rules.words import count_of

from .loading import AnyGame, public
from .table_texts import seat_title
from .words import undo_limit

MAX_UNDO_STEPS = 50  # `undo N`: single steps taken back at once, at most
FIRST_WINDOW = 200  # log entries read back first to find the last order (doubled as needed)
TAKEN_BACK_CHARS = 400  # the steps named in the announcement, at most


@dataclass(frozen=True)
class Undoing:
    """The undo steps to store as one order, what they take back in words (oldest first),
    and the note when the rules stopped them before all that was asked."""

    steps: list[Step[object]]
    seat: Seat
    described: list[str]
    stopped: str | None


def order_of(row: StoredAction) -> int:
    """The order a stored step came in (a step stored before orders were kept: its own)."""
    return row.move if row.move is not None else row.seq


def standing(
    g: AnyGame, rows: Sequence[StoredAction], whole: bool, n: int
) -> tuple[list[StoredAction], bool]:
    """The seats' steps still standing at the end of `rows` (those no undo took back),
    newest first: the last order's (`whole`), else the last `n`; and whether that is told
    before the first of `rows` (else an earlier row may belong to them)."""
    out: list[StoredAction] = []
    pending = 0  # undos seen, each taking back the newest step before it still standing
    for row in reversed(rows):
        if row.faction is None:
            continue  # a deal: no undo goes past it, nor takes it back
        if turns_of(g).undoes(g.action_from_json(json.dumps(row.action))):
            pending += 1
        elif pending:
            pending -= 1
        elif whole and out and order_of(row) != order_of(out[0]):
            return out, True
        else:
            out.append(row)
            if not whole and len(out) == n:
                return out, True
    return out, False


async def steps_standing(
    store: Store, g: AnyGame, game_id: int, logged: int, whole: bool, n: int
) -> list[StoredAction]:
    """`standing` of the game's log, read from its end back as far as it takes."""
    window = FIRST_WINDOW
    while True:
        after = max(0, logged - window)
        found, told = standing(g, await store.actions(game_id, after=after), whole, n)
        if told or after == 0:
            return found
        window *= 2


def taking_back(
    g: AnyGame, state: object, rows: Sequence[StoredAction], asked: str
) -> Undoing | None:
    """The undo steps that take back `rows` (newest first) from `state`, one by one as the
    rules allow: the same seat's, stopping where no undo goes past. None when nothing may be
    taken back now. `asked`: what was asked, for the note when it stops early."""
    first = turns_of(g).undo(state)
    if first is None:
        return None
    seat, cur = first[0], state
    steps: list[Step[object]] = []
    described: list[str] = []
    for row in rows:
        undo = turns_of(g).undo(cur)
        if undo is None or undo[0] != seat:
            break
        cur = g.apply(cur, undo[1])
        steps.append(Step("undo", undo[1]))
        action = g.action_from_json(json.dumps(row.action))
        described.append(notation_of(g).describe(public(g, cur), action))
    if not steps:  # the log and the rules disagree: take back the step the rules name
        steps = [Step("undo", first[1])]
    stopped = (
        None
        if len(steps) >= len(rows)
        else (
            f"the undo stopped after {count_of(len(steps), 'step')} of {asked}: steps cannot be taken "
            f"back past {undo_limit(g)}"
        )
    )
    return Undoing(steps, seat, described[::-1], stopped)


def taken_back_line(g: AnyGame, undoing: Undoing) -> str:
    """What the announcement says was taken back: `Blue takes back: take 2 inf at egypt;
    march to syria (2 steps)`."""
    n = len(undoing.steps)
    said = clip("; ".join(undoing.described), TAKEN_BACK_CHARS) or "its last step"
    return f"{seat_title(g, undoing.seat)} takes back: {said}" + (
        f" ({count_of(n, 'step')})" if n > 1 else ""
    )
