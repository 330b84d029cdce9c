"""An order read against the decision pending: a kind word (`command` in `command march`,
`event` in `event shaded`) is a step where the game offers it at that point of the order, and
only a word where it does not (`command+decree; command march` is March as the Command of the
Command and Decree option, 2.3.3, 4.1)."""

from __future__ import annotations

from ..errors import RulesError
from .actions import Action
from .engine import apply, chance, legal_actions
from .model import Faction, GameState
from .notation import Step, parse_order


def fitted(state: GameState | None, steps: list[Step]) -> list[Step]:
    """The steps with each kind word kept where it is legal at its point of the order (the
    steps before it played on a copy) and dropped where it is not but the step it names is.
    Where the order cannot be followed (a refusal, a die or a card), the rest is kept as
    written, so that the refusal names what was typed."""
    if state is None or not any(s.kind_word for s in steps):
        return steps
    out: list[Step] = []
    now: GameState | None = state
    for k, step in enumerate(steps):
        if now is not None and step.kind_word and k + 1 < len(steps):
            legal = legal_actions(now)
            if step.action not in legal and steps[k + 1].action in legal:
                continue
        out.append(step)
        now = _after(now, step.action)
    return [Step(n, s.span, s.action, s.kind_word) for n, s in enumerate(out, start=1)]


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
