"""Which frames a step closed, so that an order's trailing `done` for a frame that already
ended by itself (a Rally that used the last Amirs, a Cavalry phase with no token left) is
recognised as redundant instead of refused (docs/notation.md: "finish with done"), and a later
step of the same order that the closed frame would have taken is told why it ended
(`why_ended`).

A frame takes a `done` when players finish it that way (a Command, even a Limited one) or when
`Done` was one of its choices just before the step; each such frame that a step ended without
an explicit `done` leaves one credit that a later `done` of the same order may use up.
"""

from __future__ import annotations

from ..errors import IllegalAction
from .actions import Action, Done
from .engine import HANDLERS, TypedHandler, pending_frame
from .model import Faction, GameState


def _signature(st: GameState) -> list[tuple[str, Faction | None]]:
    return [(fr.kind, fr.faction) for fr in st.frames]


def closed_frames(before: GameState, after: GameState) -> list[int]:
    """Indexes (in `before.frames`) of the frames that are gone in `after`: everything above
    the longest common bottom of the two stacks."""
    old, new = _signature(before), _signature(after)
    common = 0
    while common < min(len(old), len(new)) and old[common] == new[common]:
        common += 1
    return list(range(common, len(old)))


def done_credits(before: GameState, after: GameState, action: Action) -> int:
    """How many frames that offered `done` this step ended by themselves."""
    if before.game_over:
        return 0
    credits = 0
    for i in closed_frames(before, after):
        fr = before.frames[i]
        h = HANDLERS[fr.kind]
        if h.phase_of is not None:
            continue  # a phase's end is not its frame's: the frame below counts, if it ends
        if h.ends_with_done or (
            type(h).actions is not TypedHandler.actions and Done() in h.actions(before, fr)
        ):
            credits += 1
    if isinstance(action, Done):
        credits -= 1  # the explicit done closed one of them itself
    return max(0, credits)


MAX_AUTO_RUNS = 10_000  # frames run by themselves after one step (the engine settles far sooner)


def why_ended(state: GameState, action: Action) -> tuple[str, str] | None:
    """What ended with `action` by itself, and the rule that ended it (a Limited Command after
    its one space, 2.3.5); None when nothing did, or no handler gives a reason. The step is
    taken on a copy and the frames it leaves with nothing to do are closed one by one, as the
    engine closes them, each asked first why it ends (`ended_why`): the outermost reason is
    the one that ended the most. Frames pushed on the way (a battle's next phase, a new
    card's) run too but are not asked."""
    found = pending_frame(state)
    if found is None:
        return None
    st = state.fork(step=True)
    try:
        found[1].act(st, st.frames[-1], action)
    except IllegalAction:
        return None
    there = {id(fr) for fr in st.frames}
    reason = None
    for _ in range(MAX_AUTO_RUNS):
        found = pending_frame(st) if st.frames else None
        if found is None or not found[1].is_auto(st, found[0]):
            break  # a decision or a die roll or card: what ended has ended
        fr, h = found
        if id(fr) in there:
            reason = h.ended_why(st, fr) or reason
        h.run(st, fr)
    return reason
