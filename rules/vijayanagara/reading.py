"""An order read against the decision pending: a kind word (`command` in `command march`,
`event` in `event shaded`) is a step where the game offers it at that point of the order, and
only a word where it does not (`command+decree; command march` is March as the Command of the
Command and Decree option, 2.3.3, 4.1)."""

from __future__ import annotations

from ..errors import RulesError
from .actions import Action
from .engine import apply, chance, legal_actions
from .model import REBEL_OF, Faction, GameState
from .notation import Step, describe, parse_order


def fitted(state: GameState | None, steps: list[Step]) -> list[Step]:
    """The steps with each kind word kept where it is legal at its point of the order (the
    steps before it played on a copy) and dropped where it is not but the step it names is;
    a count the decision takes one at a time (casualties: `remove 4 raja from karnataka`)
    read as that many steps of one, where each is legal in turn. Where the order cannot be
    followed (a refusal, a die or a card), the rest is kept as written, so that the refusal
    names what was typed."""
    if state is None:
        return steps
    out: list[list[Step]] = []
    now: GameState | None = state
    for k, step in enumerate(steps):
        legal = legal_actions(now) if now is not None else []  # listed once for the step
        named = steps[k + 1].action if step.kind_word and k + 1 < len(steps) else None
        if named is not None and step.action not in legal and named in legal:
            continue  # a kind word the decision does not offer, naming the step after it
        step = _rebelling(now, step, legal)
        ones, reached = _one_at_a_time(now, step, legal)
        out.append(ones or [step])
        now = reached if ones else _after(now, step.action)
    return [
        Step(n, s.span, s.action, s.kind_word, s.said)
        for n, read in enumerate(out, start=1)
        for s in read
    ]


def _rebelling(state: GameState | None, step: Step, legal: list[Action]) -> Step:
    """A step naming Rajas or Amirs where only its Rebelling form is allowed, read as that
    form (a trial typed `move 3 raja from karnataka ...` for the Rebelling Rajas there, and
    learnt `rebel-raja` only from the refusal); as typed otherwise."""
    piece = getattr(step.action, "piece", None)
    if state is None or piece not in REBEL_OF:
        return step
    rebel = step.action.model_copy(update={"piece": REBEL_OF[piece]})
    if step.action in legal or not _allowed(rebel, legal):
        return step
    return Step(step.number, step.span, rebel, step.kind_word, describe(state, rebel))


def _allowed(action: Action, legal: list[Action]) -> bool:
    """`action` allowed, or its count taken one at a time (casualties)."""
    one = action.model_copy(update={"count": 1}) if getattr(action, "count", 0) > 1 else action
    return action in legal or one in legal


def _one_at_a_time(
    state: GameState | None, step: Step, legal: list[Action]
) -> tuple[list[Step], GameState | None]:
    """`step`'s count as that many steps of one, when the decision offers only one at a
    time (`legal`: its steps) and each is legal in turn (a trial's `remove 4 raja` was
    refused "at most 1 now"), and the position they reach; ([], None) otherwise."""
    count = getattr(step.action, "count", None)
    if state is None or not isinstance(count, int) or count < 2:
        return [], None
    one = step.action.model_copy(update={"count": 1})
    if step.action in legal or one not in legal:
        return [], None
    out: list[Step] = []
    now: GameState | None = state
    for _ in range(count):
        if now is None or one not in legal_actions(now):
            return [], None
        out.append(Step(step.number, step.span, one, said=describe(now, one)))
        now = _after(now, one)
    return out, now


def _after(state: GameState | None, action: Action) -> GameState | None:
    """The state after one step, or None once the order cannot be followed further."""
    if state is None or chance(state) is not None:
        return None
    try:
        after = apply(state, action)
    except RulesError:
        return None
    return after if chance(after) is None else None


def parse(state: GameState | None, text: str, *, giver: Faction | None = None) -> list[Action]:
    """An order line (steps separated by ';' or new lines) into actions, its kind words
    fitted to `state`'s decision (no state: every kind word is a step)."""
    return [s.action for s in fitted(state, parse_order(text, giver=giver))]
