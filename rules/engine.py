"""The state machine: a stack of frames, each run by a registered handler.

A frame is either automatic (its handler runs it at once) or waits for one faction's
decision. `apply` copies the state, lets the top frame's handler take the action, then runs
automatic frames until someone must decide again (or the game is over).

A frame may instead wait for chance (a die roll, a card draw: rules.chance). Nobody decides
there: a dealer supplies the outcome as a Roll or Draw action, and that reveal sets the undo
barrier. A state with a seeded dealer (tests, benches) resolves chance nodes by itself.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from .actions import CHANCE_ACTIONS, Action, Done, Give, Undo, action_from_json, action_to_json
from .chance import ChanceNode, seeded_outcome, why_not
from .errors import IllegalAction
from .model import CAVALRY_TOKENS, FACTION_NAMES, PLAYERS, Faction, Frame, GameState
from .words import count_of


class Prompt(BaseModel):
    """Who must decide now, what kind of decision, and a one-line text."""

    model_config = ConfigDict(frozen=True)

    faction: Faction | None  # None once the game is over
    kind: str
    text: str
    # The faction decides for the non-player Mongol Invaders (2.4.1, 3.5), not for itself.
    for_mongols: bool = False


class Handler:
    """How one kind of frame behaves. Subclasses register themselves with @handler."""

    kind: str = ""
    ends_with_done = False  # a frame players finish with `done` even when it ends by itself

    def is_auto(self, st: GameState, fr: Frame) -> bool:
        """True when the frame needs no decision now; `run` then advances it."""
        return False

    def run(self, st: GameState, fr: Frame) -> None:
        raise NotImplementedError(self.kind)

    def decider(self, st: GameState, fr: Frame) -> Faction | None:
        return fr.faction

    def actions(self, st: GameState, fr: Frame) -> list[Action]:
        return [Done()]

    def act(self, st: GameState, fr: Frame, action: Action) -> None:
        raise NotImplementedError(self.kind)

    def prompt(self, st: GameState, fr: Frame) -> str:
        return self.kind

    def for_mongols(self, st: GameState, fr: Frame) -> bool:
        """The decider chooses for the Mongol Invaders, not for itself."""
        return False

    def why(self, st: GameState, fr: Frame, action: Action) -> str | None:
        """A specific reason (with the rule) why this action is not legal, if known."""
        return None

    def chance(self, st: GameState, fr: Frame) -> ChanceNode | None:
        """The chance outcome this frame waits for now, if any; `act` then takes it."""
        return None


class DoneWhenOnlyDone(Handler):
    """A frame whose last choice is `done`: when nothing else is left, it ends by itself."""

    ends_with_done = True

    def is_auto(self, st: GameState, fr: Frame) -> bool:
        return len(self.actions(st, fr)) == 1

    def run(self, st: GameState, fr: Frame) -> None:
        finish(st, fr)


HANDLERS: dict[str, Handler] = {}


def handler(cls: type[Handler]) -> type[Handler]:
    HANDLERS[cls.kind] = cls()
    return cls


def push(st: GameState, kind: str, faction: Faction | None = None, **data: Any) -> Frame:
    if kind not in HANDLERS:
        raise KeyError(f"no handler for frame {kind!r}")
    fr = Frame(kind=kind, faction=faction, data=data)
    st.frames.append(fr)
    return fr


def finish(st: GameState, fr: Frame) -> None:
    """Remove this frame (wherever it is: a handler may have pushed frames above it)."""
    for i in range(len(st.frames) - 1, -1, -1):
        if st.frames[i] is fr:
            del st.frames[i]
            return
    raise RuntimeError(f"frame {fr.kind} is not on the stack")


def top(st: GameState) -> Frame | None:
    return st.frames[-1] if st.frames else None


def advance(st: GameState) -> None:
    """Run automatic frames until a decision is pending or the game is over."""
    for _ in range(100_000):
        if st.game_over:
            st.frames.clear()
            return
        fr = top(st)
        if fr is None:
            raise RuntimeError("the frame stack is empty but the game is not over")
        h = HANDLERS[fr.kind]
        node = h.chance(st, fr)
        if node is not None:
            if st.rng is None:
                return  # the caller's dealer supplies the outcome
            outcome = seeded_outcome(st, node)
            reason = why_not(st, node, outcome)
            if reason is not None:
                raise RuntimeError(f"the seeded dealer: {reason}")
            h.act(st, fr, outcome)
            st.reveals += 1
            continue
        if not h.is_auto(st, fr):
            return
        h.run(st, fr)
    raise RuntimeError("the state machine did not settle")


def chance(state: GameState) -> ChanceNode | None:
    """The pending chance node (a die roll, a card draw), or None."""
    if state.game_over:
        return None
    fr = top(state)
    assert fr is not None
    return HANDLERS[fr.kind].chance(state, fr)


def decider(state: GameState) -> Faction | None:
    """The faction that must decide now (prompt() without its text)."""
    if state.game_over:
        return None
    fr = top(state)
    assert fr is not None
    h = HANDLERS[fr.kind]
    return None if h.chance(state, fr) is not None else h.decider(state, fr)


def prompt(state: GameState) -> Prompt:
    if state.game_over:
        return Prompt(faction=None, kind="game_over", text="The game is over.")
    fr = top(state)
    assert fr is not None
    h = HANDLERS[fr.kind]
    node = h.chance(state, fr)
    if node is not None:
        return Prompt(faction=None, kind="chance", text=f"Waiting for {node.text}.")
    who = h.decider(state, fr)
    text = h.prompt(state, fr)
    if who is not None and not text.startswith(FACTION_NAMES[who]):
        text = f"{FACTION_NAMES[who]} decides — {text}"  # always name who decides
    return Prompt(faction=who, kind=fr.kind, text=text, for_mongols=h.for_mongols(state, fr))


def legal_actions(state: GameState) -> list[Action]:
    """Every legal next decision of the faction that prompt() names (not Give or Undo);
    none at a chance node, where no player decides."""
    if state.game_over:
        return []
    fr = top(state)
    assert fr is not None
    h = HANDLERS[fr.kind]
    return [] if h.chance(state, fr) is not None else h.actions(state, fr)


def can_undo(state: GameState) -> Faction | None:
    """The faction that may take back its last step now, or None."""
    if state.since_barrier and state.barrier is not None:
        return state.last_actor
    return None


def set_barrier(st: GameState) -> None:
    """Nobody undoes across this point: the state is its own barrier (nothing is copied)."""
    st.since_barrier = []
    st._barrier = None


def _next_step(st: GameState) -> None:
    """A step's clone starts its own log lines, after those of the state it came from."""
    st.log_at += len(st.log)
    st.log = []


def _give(state: GameState, g: Give) -> GameState:
    """1.5.2: Resources and Cavalry may be traded among factions at any time."""
    if state.game_over:
        raise IllegalAction("the game is over")
    if g.giver not in PLAYERS or g.receiver not in PLAYERS or g.giver == g.receiver:
        raise IllegalAction("a trade is between two different player factions (1.5.2)")
    if g.resources < 0 or g.cavalry < 0 or g.resources + g.cavalry == 0:
        raise IllegalAction("give a positive number of Resources and/or Cavalry (1.5.2)")
    if g.resources > state.resources[g.giver]:
        raise IllegalAction(
            f"{FACTION_NAMES[g.giver]} has only {state.resources[g.giver]} Resources to give"
        )
    if g.cavalry > state.cavalry[g.giver]:
        raise IllegalAction(
            f"{FACTION_NAMES[g.giver]} has only {state.cavalry[g.giver]} Cavalry to give"
        )
    if state.resources[g.receiver] + g.resources > 24:
        raise IllegalAction(
            f"{FACTION_NAMES[g.receiver]} can hold at most 24 Resources (1.8); "
            f"it has {state.resources[g.receiver]}"
        )
    st = state.clone()
    _next_step(st)
    st.resources[g.giver] -= g.resources
    st.resources[g.receiver] += g.resources
    st.cavalry[g.giver] -= g.cavalry
    st.cavalry[g.receiver] += g.cavalry
    parts = []
    if g.resources:
        parts.append(f"{count_of(g.resources, 'Resource')}")
    if g.cavalry:
        parts.append(f"{g.cavalry} Cavalry")
    st.log.append(f"{g.giver} gives {' and '.join(parts)} to {g.receiver} (1.5.2).")
    st.touched = []
    st.actions_taken += 1
    st.last_actor = g.giver
    advance(st)  # a frame may have nothing left to decide after the trade
    set_barrier(st)  # another faction's step: nobody undoes across it
    return st


def _undo(state: GameState) -> GameState:
    """Replay the steps since the barrier but the last, from the state at the barrier."""
    base = state.barrier
    if can_undo(state) is None or base is None:
        raise IllegalAction(
            "nothing to undo: steps cannot be taken back past a die roll, a card reveal "
            "or a hand-off to another faction"
        )
    if base.options is not state.options:  # e.g. a barrier stored without its options
        base = base.clone()
        base.options = state.options
    st = base.clone()
    for raw in state.since_barrier[:-1]:
        st = apply(st, action_from_json(raw))
    if st.since_barrier:
        st._barrier = base
    else:
        set_barrier(st)
    # the kept steps wrote the same lines as before; the undone step's lines are replaced
    _next_step(st)
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
    st = state.clone()
    _next_step(st)
    top_fr = st.frames[-1]
    HANDLERS[top_fr.kind].act(st, top_fr, action)
    st.reveals += 1
    advance(st)
    st.actions_taken += 1
    set_barrier(st)
    return st


def apply(state: GameState, action: Action) -> GameState:
    """A new state with the action applied; the old one is untouched. Raises IllegalAction."""
    if isinstance(action, CHANCE_ACTIONS) or chance(state) is not None:
        return _reveal(state, action)
    if isinstance(action, Undo):
        return _undo(state)
    if isinstance(action, Give):
        return _give(state, action)
    if state.game_over:
        raise IllegalAction("the game is over: no more actions")
    fr = top(state)
    assert fr is not None
    h = HANDLERS[fr.kind]
    legal = h.actions(state, fr)
    if action not in legal:
        reason = h.why(state, fr, action)
        if reason is None:
            from .notation import describe_all  # local: notation imports engine

            options = describe_all(state, legal)
            shown = ", ".join(options[:12]) + (" ..." if len(options) > 12 else "")
            reason = f"not a legal choice now ({h.prompt(state, fr)}). Allowed: {shown}"
        raise IllegalAction(reason)
    actor = h.decider(state, fr)
    st = state.clone()
    _next_step(st)
    st.touched = []
    top_fr = st.frames[-1]
    reveals_before = st.reveals
    HANDLERS[top_fr.kind].act(st, top_fr, action)
    advance(st)
    st.actions_taken += 1
    st.last_actor = actor
    _touch_turn(st, f"{actor}@{state.current_card}")
    after = decider(st)
    assert st.cavalry_pool + sum(st.cavalry.values()) == CAVALRY_TOKENS
    if st.reveals != reveals_before or after != actor or st.game_over:
        set_barrier(st)
    else:
        st.since_barrier = [*st.since_barrier, action_to_json(action)]
        st._barrier = state.barrier  # the state before this step, untouched by apply
    return st


def _touch_turn(st: GameState, turn: str) -> None:
    """Add the step's spaces to its turn's (a new faction or a new card starts a new turn)."""
    base = st.turn_touched if st.turn_of == turn else []
    st.turn_touched = base + [s for s in st.touched if s not in base]
    st.turn_of = turn
