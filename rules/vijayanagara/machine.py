"""A generic state machine for a turn-based game: a stack of frames, each run by a handler
registered for its kind (RTT's call/goto/end). It knows nothing of any particular game.

A frame is either automatic (its handler runs it at once), waits for one side's decision (one
the rules force, the only legal one, is taken unasked: `forced`), or
waits for chance (a die roll, a card draw): a dealer supplies the outcome. A game makes one
`Machine`, registers a handler per frame kind, and gives the machine its dealer (`deal`: the
outcome of a chance node when the state carries its own seeded dealer, else None: the caller
supplies it). `take` is one step: the top frame's handler takes the action, then automatic
frames run until someone must decide again (or the game is over).

Undo (the end of this module): the steps since the last barrier are kept as the game records
them; an undo replays all but the last from the state at the barrier, which is kept in memory
(nothing is copied). A step that commits (a chance outcome, a hand-off to another side, the
end of the game) is a barrier: nobody undoes across it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, Self, TypeVar


class FrameLike(Protocol):
    @property
    def kind(self) -> str: ...


class StackState(Protocol):
    """What the machine reads and writes in a game's state."""

    game_over: bool
    reveals: int  # chance outcomes so far

    @property
    def frames(self) -> list[Any]: ...  # the game's frames (a protocol cannot name them)


S = TypeVar("S", bound=StackState)
F = TypeVar("F", bound=FrameLike)
A = TypeVar("A")  # an action
N = TypeVar("N")  # a chance node


class FrameHandler(Generic[S, F, A, N]):
    """How one kind of frame behaves: what the machine asks of it."""

    def chance(self, st: S, fr: F) -> N | None:
        """The chance outcome this frame waits for now, if any; `act` then takes it."""
        return None

    def is_auto(self, st: S, fr: F) -> bool:
        """True when the frame needs no decision now; `run` then advances it."""
        return False

    def run(self, st: S, fr: F) -> None:
        raise NotImplementedError(type(self).__name__)

    def forced(self, st: S, fr: F) -> A | None:
        """The one legal decision, when the rules leave nothing to choose: taken unasked
        (`take_forced`) instead of waiting for it. None: the decision is asked."""
        return None

    def take_forced(self, st: S, fr: F, action: A) -> None:
        """Take the forced decision, saying it was taken unasked, and why."""
        self.act(st, fr, action)

    def actions(self, st: S, fr: F) -> list[A]:
        """Every legal decision now, in the order they are offered."""
        raise NotImplementedError(type(self).__name__)

    def is_legal(self, st: S, fr: F, action: A) -> bool:
        """Whether `action` is in `actions` (a handler may check the one action faster)."""
        return action in self.actions(st, fr)

    def act(self, st: S, fr: F, action: A) -> None:
        raise NotImplementedError(type(self).__name__)


class Machine(Generic[S, F, A, N]):
    """One game's frame handlers and the loop that runs them."""

    def __init__(self, deal: Callable[[S, N], A | None]) -> None:
        self.handlers: dict[str, FrameHandler[S, F, A, N]] = {}
        # The kinds whose handler may wait for chance (overrides `chance`): only they are
        # asked, as `advance` asks the top frame on every turn of its loop.
        self._chancy: set[str] = set()
        self._deal = deal
        # The list legal_actions last produced, with its state: a step on that same state
        # checks membership in it instead of generating the list again. States are never
        # changed once made (a caller that edits one by hand edits a fresh copy).
        self._last_legal: tuple[S, list[A]] | None = None
        # Where the state `advance` last settled waits: its top frame, that frame's handler
        # and the chance node pending there, if any. The caller asks it next (who decides,
        # what is legal, a step on it), so it is not asked of the handler again.
        self._settled: tuple[S, F, FrameHandler[S, F, A, N], N | None] | None = None

    def register(self, kind: str, h: FrameHandler[S, F, A, N]) -> None:
        if kind in self.handlers:
            raise ValueError(f"two handlers for frame {kind!r}")
        self.handlers[kind] = h
        if type(h).chance is not FrameHandler.chance:
            self._chancy.add(kind)

    def top(self, st: S) -> F | None:
        frames: list[F] = st.frames
        return frames[-1] if frames else None

    def _top(self, st: S) -> tuple[F, FrameHandler[S, F, A, N]]:
        frames: list[F] = st.frames
        if not frames:
            raise RuntimeError("the frame stack is empty but the game is not over")
        fr = frames[-1]
        return fr, self.handlers[fr.kind]

    def finish(self, st: S, fr: F) -> None:
        """Remove this frame (wherever it is: a handler may have pushed frames above it)."""
        frames: list[F] = st.frames
        for i in range(len(frames) - 1, -1, -1):
            if frames[i] is fr:
                del frames[i]
                return
        raise RuntimeError(f"frame {fr.kind} is not on the stack")

    def advance(self, st: S) -> None:
        """Run automatic frames until a decision is pending or the game is over."""
        frames: list[F] = st.frames
        handlers, chancy = self.handlers, self._chancy
        for _ in range(100_000):
            if st.game_over:
                frames.clear()
                return
            if not frames:
                raise RuntimeError("the frame stack is empty but the game is not over")
            fr = frames[-1]
            kind = fr.kind
            h = handlers[kind]
            node = h.chance(st, fr) if kind in chancy else None
            if node is not None:
                outcome = self._deal(st, node)
                if outcome is None:
                    self._settled = (st, fr, h, node)
                    return  # the caller's dealer supplies the outcome
                h.act(st, fr, outcome)
                st.reveals += 1
                continue
            if not h.is_auto(st, fr):
                step = h.forced(st, fr)
                if step is None:
                    self._settled = (st, fr, h, None)
                    return
                h.take_forced(st, fr, step)
                continue
            h.run(st, fr)
        raise RuntimeError("the state machine did not settle")

    def pending(self, st: S) -> tuple[F, FrameHandler[S, F, A, N], N | None]:
        """The top frame of a game not over, its handler, and the chance node it waits for
        (None: a decision): kept from `advance` when it settled on this very state."""
        memo = self._settled
        if memo is not None and memo[0] is st:
            frames: list[F] = st.frames
            if frames and frames[-1] is memo[1]:  # a frame pushed by hand is asked anew
                return memo[1], memo[2], memo[3]
        fr, h = self._top(st)
        return fr, h, h.chance(st, fr) if fr.kind in self._chancy else None

    def chance(self, st: S) -> N | None:
        """The pending chance node, or None."""
        if st.game_over:
            return None
        return self.pending(st)[2]

    def legal_actions(self, st: S) -> list[A]:
        """Every legal next decision; none at a chance node or once the game is over."""
        if st.game_over:
            return []
        fr, h, node = self.pending(st)
        if node is not None:
            return []
        acts = h.actions(st, fr)
        self._last_legal = (st, acts)
        return list(acts)  # the caller may change its copy

    def is_legal(self, st: S, action: A) -> bool:
        """Whether `action` is one of `legal_actions(st)`, checked for this one action."""
        if st.game_over:
            return False
        fr, h, node = self.pending(st)
        return node is None and h.is_legal(st, fr, action)

    def listed(self, st: S, action: A) -> bool:
        """Whether `action` is in the list legal_actions last made, if made for `st` (the
        very objects first: a caller usually picks one of them)."""
        memo = self._last_legal
        if memo is None or memo[0] is not st:
            return False
        for a in memo[1]:
            if a is action:
                return True
        return action in memo[1]

    def take(self, st: S, action: A) -> None:
        """One step on `st` (the caller's fresh copy, the action already checked): the top
        frame takes the action, then automatic frames run."""
        fr, h = self._top(st)
        h.act(st, fr, action)
        self.advance(st)


# --- undo and barriers ----------------------------------------------------------------


class Undoable(Protocol):
    """What undo reads and writes in a game's state."""

    since_barrier: list[Any]  # the steps since the last barrier, as the game records them

    @property
    def barrier(self) -> Self | None:
        """The state at the last barrier: the state itself when no step was taken since, None
        when it is unknown (e.g. a state loaded without it)."""
        ...

    def keep_barrier(self, base: Self | None) -> None:
        """Remember `base` as the state at the barrier (in memory only)."""
        ...


U = TypeVar("U", bound=Undoable)


def set_barrier(st: Undoable) -> None:
    """Nobody undoes across this point: the state is its own barrier (nothing is copied)."""
    st.since_barrier = []
    st.keep_barrier(None)


def end_step(st: U, before: U, step: object, commits: bool) -> None:
    """After a step from `before` to `st`: a step that commits is a barrier; any other is
    kept, with the barrier `before` had, so that it can be taken back."""
    if commits:
        set_barrier(st)
    else:
        st.since_barrier = [*before.since_barrier, step]
        st.keep_barrier(before.barrier)


def can_undo(st: Undoable) -> bool:
    """Whether the last step can be taken back (a step since the barrier, the barrier known)."""
    return bool(st.since_barrier) and st.barrier is not None


def undo(st: U, start: Callable[[U], U], replay: Callable[[U, Any], U]) -> U | None:
    """The state before the last step: `start` copies the state at the barrier, `replay`
    takes each kept step but the last again. None when there is nothing to undo."""
    base = st.barrier
    if not st.since_barrier or base is None:
        return None
    new = start(base)
    for step in st.since_barrier[:-1]:
        new = replay(new, step)
    if new.since_barrier:
        new.keep_barrier(base)  # the original, not its copy
    else:
        set_barrier(new)
    return new
