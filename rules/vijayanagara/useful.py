"""The legal steps that do something: what a computer player and a hint choose among. A
Command that no space qualifies for, a Decree that would gain or change nothing, a `done`
that ends a Command before it selected a space, an Attack where no Unit could hit, a Charge or
Screen that changes no casualty and a Campaign's Drop of pieces taken where it stands stay legal
(2.3.3 allows a Command in zero spaces; 3.2.4-3.4.4 an Attack wherever a target is; 4.1 any
of the faction's Decrees; 1.10 any Cavalry token; 4.2.2 pick-ups and drops anywhere along the
way), but they only spend the option, the Resources or the token, or undo a step."""

from __future__ import annotations

from .actions import Action, Charge, Done, Drop, Screen
from .attack import futile_attack
from .command_base import idle_notes
from .engine import legal_actions, top
from .frames import CommandFrame
from .model import GameState
from .notes import futile_step
from .registry import ATTACK

CHOICES = ("choose_command", "command_decree")  # the decisions that choose a Command or Decree


def useful_actions(state: GameState) -> list[Action]:
    """The legal steps but those `idle_note`, `no_space_note` or `futile_step` marks; all
    of them where every one is marked. (The AIs ask at every step of their playouts: the
    decision is looked at once, and the notes are made only where a Command or Decree is
    chosen, a Cavalry token may be spent or a Campaign may drop pieces.)"""
    legal: list[Action] = legal_actions(state)
    fr = None if state.game_over else top(state)
    if isinstance(fr, CommandFrame):
        useful: list[Action] = (
            legal if fr.selected else [a for a in legal if not isinstance(a, Done)]
        )
        if fr.command == ATTACK:
            useful = [a for a in useful if futile_attack(state, a) is None]
    elif fr is not None and fr.kind in CHOICES:
        notes = idle_notes(state, legal)
        useful = [a for a, note in zip(legal, notes, strict=True) if note is None]
    elif any(isinstance(a, Charge | Screen | Drop) for a in legal):
        useful = [a for a in legal if futile_step(state, a) is None]
    else:
        return legal
    return useful or legal
