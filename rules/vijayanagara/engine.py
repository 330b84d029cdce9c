"""Vijayanagara on the generic state machine (rules.vijayanagara.machine): its frame handlers, its
dealer, `apply` with trades (1.5.2), and the prompt. Undo and its barriers are the
machine's (rules.vijayanagara.machine): this module says what commits (a reveal, a hand-off to another
faction, the game's end) and how a step is recorded (its action's JSON).

A frame is either automatic (its handler runs it at once) or waits for one faction's
decision. `apply` copies the state, lets the top frame's handler take the action, then runs
automatic frames until someone must decide again (or the game is over).

A frame may instead wait for chance (a die roll, a card draw: rules.vijayanagara.chance). Nobody decides
there: a dealer supplies the outcome as a Roll or Draw action, and that reveal sets the undo
barrier. A state with a seeded dealer (tests, benches) resolves chance nodes by itself.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar, cast, get_args

from pydantic import BaseModel, ConfigDict

from ..errors import IllegalAction
from . import machine
from .actions import (
    CHANCE_ACTIONS,
    DONE,
    Action,
    Give,
    Undo,
    action_from_json,
    step_record,
)
from .chance import ChanceNode, seeded_outcome, why_not
from .forces import check_cavalry, log
from .frames import AnyFrame, TypedFrame, frame_class, next_id
from .limits import over_the_limit
from .machine import FrameHandler, Machine
from .model import FACTION_NAMES, Faction, GameState
from .notation import describe_all
from .trade import give

FR = TypeVar("FR", bound=AnyFrame)


class Prompt(BaseModel):
    """Who must decide now, what kind of decision, and a one-line text."""

    model_config = ConfigDict(frozen=True)

    faction: Faction | None  # None once the game is over
    kind: str
    text: str
    # The faction decides for the non-player Mongol Invaders (2.4.1, 3.5), not for itself.
    for_mongols: bool = False


class TypedHandler(FrameHandler[GameState, FR, Action, ChanceNode], Generic[FR]):
    """How one kind of frame behaves. Subclasses register themselves with @handler."""

    kind: str = ""
    ends_with_done = False  # a frame players finish with `done` even when it ends by itself
    # A frame that is one phase of the frame below it (a battle's): prompts name that
    # frame's kind, and only that frame's end counts for a trailing `done` (rules.vijayanagara.closing).
    phase_of: str | None = None

    def decider(self, st: GameState, fr: FR) -> Faction | None:
        return fr.faction

    def actions(self, st: GameState, fr: FR) -> list[Action]:
        return [DONE]

    def only_done(self, st: GameState, fr: FR) -> bool:
        """Whether `done` is the only choice left (a handler may answer at the first hit)."""
        return len(self.actions(st, fr)) == 1

    def prompt(self, st: GameState, fr: FR) -> str:
        return self.kind

    def for_mongols(self, st: GameState, fr: FR) -> bool:
        """The decider chooses for the Mongol Invaders, not for itself."""
        return False

    def why(self, st: GameState, fr: FR, action: Action) -> str | None:
        """A specific reason (with the rule) why this action is not legal, if known."""
        return None

    def forced_why(self, st: GameState, fr: FR, action: Action) -> str | None:
        """When `action` is the only legal step and the rules force it, the log line saying
        what is taken unasked and why (with the rule); None: it is asked (the default)."""
        return None

    def forced(self, st: GameState, fr: FR) -> Action | None:
        if type(self).forced_why is TypedHandler.forced_why:
            return None  # a handler that asks every decision, even a lone one
        acts = self.actions(st, fr)  # legal_actions' own list: the one source of truth
        if len(acts) != 1 or self.forced_why(st, fr, acts[0]) is None:
            return None
        return acts[0]

    def take_forced(self, st: GameState, fr: FR, action: Action) -> None:
        why = self.forced_why(st, fr, action)
        assert why is not None
        st.took_unasked(action, why)
        self.act_unasked(st, fr, action, why)

    def act_unasked(self, st: GameState, fr: FR, action: Action, why: str) -> None:
        """The forced step carried out, its line said first (a handler whose own line is
        the why says it once)."""
        log(st, why)
        self.act(st, fr, action)

    def ended_why(self, st: GameState, fr: FR) -> tuple[str, str] | None:
        """Why this frame, left with nothing to do by the step just taken (`is_auto`), ends
        by itself, if known: what it is ("Delhi Sultanate's Limited Conscript") and the rule
        that ends it."""
        return None


class DoneWhenOnlyDone(TypedHandler[FR]):
    """A frame whose last choice is `done`: when nothing else is left, it ends by itself."""

    ends_with_done = True

    def is_auto(self, st: GameState, fr: FR) -> bool:
        return self.only_done(st, fr)

    def run(self, st: GameState, fr: FR) -> None:
        finish(st, fr)


def _deal(st: GameState, node: ChanceNode) -> Action | None:
    """The seeded dealer kept in the state, if any (tests, benches); None: the caller's."""
    if st.rng is None:
        return None
    outcome = seeded_outcome(st, node)
    reason = why_not(st, node, outcome)
    if reason is not None:
        raise RuntimeError(f"the seeded dealer: {reason}")
    return outcome


# The machine dispatches by kind: each handler takes its own frame class.
MACHINE: Machine[GameState, Any, Action, ChanceNode] = Machine(_deal)
HANDLERS: dict[str, TypedHandler[Any]] = {}  # MACHINE's handlers, with their game methods


def handler(cls: type[TypedHandler[FR]]) -> type[TypedHandler[FR]]:
    HANDLERS[cls.kind] = h = cls()
    MACHINE.register(cls.kind, h)
    return cls


def push_frame(st: GameState, fr: TypedFrame) -> None:
    """Put a typed frame on the stack, with an id no other frame there has."""
    if fr.kind not in HANDLERS:
        raise KeyError(f"no handler for frame {fr.kind!r}")
    fr.id = next_id(st.frames)
    st.frames.append(fr)


def push(st: GameState, kind: str, faction: Faction | None = None, **data: Any) -> AnyFrame:
    """Put a frame of this kind on the stack; `data` are its fields."""
    if kind not in HANDLERS:
        raise KeyError(f"no handler for frame {kind!r}")
    cls = frame_class(kind)
    assert cls is not None  # every kind with a handler has its class
    typed = cls(kind, faction, **data)
    push_frame(st, typed)
    return typed


finish = MACHINE.finish
top = MACHINE.top
advance = MACHINE.advance
chance = MACHINE.chance
legal_actions = MACHINE.legal_actions
is_legal = MACHINE.is_legal


def _pending(state: GameState) -> tuple[AnyFrame, TypedHandler[Any], ChanceNode | None]:
    """The top frame, its handler (with its game methods) and the chance node it waits for."""
    # the machine's handler is the very object in HANDLERS (see `handler`)
    return cast("tuple[AnyFrame, TypedHandler[Any], ChanceNode | None]", MACHINE.pending(state))


def pending_frame(state: GameState) -> tuple[AnyFrame, TypedHandler[Any]] | None:
    """The frame a decision is pending in, and its handler; None at a chance node or once the
    game is over."""
    if state.game_over:
        return None
    fr, h, node = _pending(state)
    return None if node is not None else (fr, h)


def decider(state: GameState) -> Faction | None:
    """The faction that must decide now (prompt() without its text)."""
    if state.game_over:
        return None
    fr, h, node = _pending(state)
    return None if node is not None else h.decider(state, fr)


def prompt(state: GameState) -> Prompt:
    if state.game_over:
        return Prompt(faction=None, kind="game_over", text="The game is over.")
    fr, h, node = _pending(state)
    if node is not None:
        return Prompt(faction=None, kind="chance", text=f"Waiting for {node.text}.")
    who = h.decider(state, fr)
    text = h.prompt(state, fr)
    if who is not None and not text.startswith(FACTION_NAMES[who]):
        text = f"{FACTION_NAMES[who]} decides — {text}"  # always name who decides
    kind = h.phase_of or fr.kind
    return Prompt(faction=who, kind=kind, text=text, for_mongols=h.for_mongols(state, fr))


def can_undo(state: GameState) -> Faction | None:
    """The faction that may take back its last step now, or None."""
    return state.last_actor if machine.can_undo(state) else None


set_barrier = machine.set_barrier


def begin_step(st: GameState) -> None:
    """A step's clone starts its own log lines, after those of the state it came from."""
    st.log_at += len(st.log)
    st.log = []


def _undo(state: GameState) -> GameState:
    """Replay the steps since the barrier but the last, from the state at the barrier."""

    def start(base: GameState) -> GameState:
        st = base.clone()
        st.options = state.options  # e.g. a barrier stored without its options
        return st

    def replay(st: GameState, raw: dict[str, Any]) -> GameState:
        return apply(st, action_from_json(raw))

    st = machine.undo(state, start, replay) if state.last_actor is not None else None
    if st is None:
        raise IllegalAction(
            "nothing to undo: steps cannot be taken back past a die roll, a card reveal "
            "or a hand-off to another faction"
        )
    # the kept steps wrote the same lines as before; the undone step's lines are replaced
    begin_step(st)
    st.log.append(f"{state.last_actor} takes back a step.")
    return st


def _reveal(state: GameState, action: Action) -> GameState:
    """A chance outcome for the pending chance node: it commits, so it sets the barrier."""
    node = chance(state)
    if node is None:
        raise IllegalAction("no die roll or card draw is pending, so there is no outcome to take")
    if not isinstance(action, CHANCE_ACTIONS):
        raise IllegalAction(f"{node.text} is pending: chance decides it, not a player")
    reason = why_not(state, node, action)
    if reason is not None:
        raise IllegalAction(reason)
    st = state.fork(step=True)
    MACHINE.take(st, action)
    st.reveals += 1
    st.actions_taken += 1
    set_barrier(st)
    return st


# The classes of a player's step: neither a chance outcome nor a meta action (trade, undo),
# told apart by one lookup on every step.
_STEP_CLASSES: frozenset[type] = frozenset(get_args(get_args(Action)[0])) - {
    *CHANCE_ACTIONS,
    Give,
    Undo,
}


def apply(state: GameState, action: Action) -> GameState:
    """A new state with the action applied; the old one is untouched. Raises IllegalAction."""
    pending = None if state.game_over else _pending(state)
    if type(action) in _STEP_CLASSES and pending is not None and pending[2] is None:
        return _step(state, action, pending)
    if isinstance(action, CHANCE_ACTIONS) or (pending is not None and pending[2] is not None):
        return _reveal(state, action)
    if isinstance(action, Undo):
        return _undo(state)
    if isinstance(action, Give):
        return give(state, action, advance)
    if pending is None:
        raise IllegalAction("the game is over: no more actions")
    return _step(state, action, pending)


def _step(
    state: GameState,
    action: Action,
    pending: tuple[AnyFrame, TypedHandler[Any], ChanceNode | None],
) -> GameState:
    """A player's step at the decision pending in `state`."""
    fr, h, _ = pending
    if not MACHINE.listed(state, action) and not h.is_legal(state, fr, action):
        legal = h.actions(state, fr)
        why = h.why(state, fr, action)
        reason = over_the_limit(state, legal, action, why, h.prompt(state, fr)) or why
        if reason is None:
            options = describe_all(state, legal)
            shown = ", ".join(options[:12]) + (" ..." if len(options) > 12 else "")
            raise IllegalAction(f"not a choice now — {h.prompt(state, fr)}", shown)
        raise IllegalAction(reason)
    actor = h.decider(state, fr)
    st = state.fork(step=True)
    st.touched = []
    reveals_before = st.reveals
    MACHINE.take(st, action)
    st.actions_taken += 1
    st.last_actor = actor
    _touch_turn(st, f"{actor}@{state.current_card}")
    if st.game_over:
        after = None
    else:  # decider(st), asked of the frame `take` settled on
        fr, h, node = _pending(st)
        after = None if node is not None else h.decider(st, fr)
    check_cavalry(st)
    commits = st.reveals != reveals_before or after != actor or st.game_over
    machine.end_step(st, state, None if commits else step_record(action), commits)
    return st


def _touch_turn(st: GameState, turn: str) -> None:
    """Add the step's spaces to its turn's (a new faction or a new card starts a new turn)."""
    if st.turn_of != turn:
        st.turn_touched = list(st.touched)
        st.turn_of = turn
    elif st.touched:
        base = st.turn_touched  # shared with the state before: replaced, never changed
        new = [s for s in st.touched if s not in base]
        if new:
            st.turn_touched = base + new
