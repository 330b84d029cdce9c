"""Vijayanagara's shortcuts: `pass`, `event side:`, `command name:`, `decree name:`, `done`
and `give`, each read into the steps of its notation (2.3.3, 1.5.2)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.errors import excerpt
from rules.game import Seat, Step
from rules.vijayanagara import (
    Action,
    Choose,
    Done,
    GameState,
    Give,
    decider,
    describe,
    legal_actions,
)
from rules.vijayanagara.model import CAVALRY_TOKENS, FACTION_NAMES, MAX_RESOURCES, PLAYERS, Faction
from rules.vijayanagara.registry import COMMAND_NAMES, COMMANDS, DECREE_NAMES

from ..shortcuts import Args, Shortcut, ShortcutParam, Shortcuts

FACTION_PARAM = "D, B or V"
SHORTCUTS = (
    Shortcut("pass", "Pass (+3 Resources for Delhi, +1 others)"),
    Shortcut(
        "event",
        "Take the Event, or choose its side",
        (ShortcutParam("side", "unshaded or shaded", choices=("unshaded", "shaded")),),
        order_param="side",
    ),
    Shortcut(
        "command",
        "Choose a Command (or the Command option)",
        (ShortcutParam("name", ", ".join(COMMAND_NAMES), choices=tuple(COMMAND_NAMES)),),
        order_param="name",
    ),
    Shortcut(
        "decree",
        "Choose a Decree",
        (
            ShortcutParam(
                "name", ", ".join(DECREE_NAMES), required=True, choices=tuple(DECREE_NAMES)
            ),
        ),
        order_param="name",
    ),
    Shortcut("done", "Finish the current Command, Decree or step"),
    Shortcut(
        "give",
        "Give Resources and/or Cavalry (1.5.2)",
        (
            ShortcutParam("receiver", f"who receives: {FACTION_PARAM}", "seat", required=True),
            ShortcutParam("resources", "Resources to give", "number"),
            ShortcutParam("cavalry", "Cavalry tokens to give", "number"),
            ShortcutParam(
                "giver", f"who gives, if you hold several seats: {FACTION_PARAM}", "seat"
            ),
        ),
        seat_param="giver",
    ),
)


def _faction(text: str) -> Faction:
    t = text.strip().lower()
    for f in PLAYERS:
        name = FACTION_NAMES[f].lower()
        if t in (f.value.lower(), name) or (len(t) >= 3 and name.startswith(t)):
            return f
    for f in PLAYERS:
        if len(t) >= 2 and FACTION_NAMES[f].lower().split()[0].startswith(t):
            return f
    raise ValueError(
        f"{excerpt(text)} is not a faction: use D (Delhi Sultanate), B (Bahmani Kingdom) "
        "or V (Vijayanagara Empire)"
    )


def _count(what: str, value: str | int | None, high: int) -> int:
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise ValueError(f"{what} must be a whole number from 0 to {high}, not {excerpt(value)}.")
    return value


class VijayanagaraShortcuts(Shortcuts[Action, GameState]):
    def commands(self) -> Sequence[Shortcut]:
        return SHORTCUTS

    def read(
        self,
        view: GameState,
        seat: Seat | None,
        name: str,
        args: Args,
        given: list[Step[Action]],
    ) -> list[Step[Action]]:
        """The steps fitted to the decision pending: `/vj event side:` adds `event` where the
        Event is still to be chosen, `/vj command name:` adds `command` where the Command
        option is (2.3.3); `/vj give` is one trade (1.5.2)."""
        if name == "give":
            resources = _count("Resources to give", args.get("resources"), MAX_RESOURCES)
            cavalry = _count("Cavalry to give", args.get("cavalry"), CAVALRY_TOKENS)
            giver = args.get("giver")
            if giver is not None:
                g = _faction(str(giver))
            elif seat is not None:
                g = Faction(seat)
            else:
                raise ValueError("say which faction gives (giver:)")
            receiver = _faction(str(args.get("receiver") or ""))
            gift = Give(giver=g, receiver=receiver, resources=resources, cavalry=cavalry)
            return [Step("give", gift)]
        legal = legal_actions(view)
        option: Action = Done() if name == "done" else Choose(option=name)
        steps: list[Step[Action]]
        if name == "event":
            steps = ([Step("event", option)] if option in legal else []) + given
        elif name == "command":
            lead = option in legal and not (given and given[0].action in legal)
            steps = ([Step("command", option)] if lead else []) + given
        elif name == "decree":
            steps = given
        elif name in ("pass", "done"):
            steps = [Step(name, option)]
        else:
            raise ValueError(f"Unknown shortcut {excerpt(name)}.")
        if not steps:
            raise ValueError("Say which one.")
        return steps

    def choices(self, view: GameState, name: str) -> Sequence[str]:
        return _choices(view, name)


def _choices(state: GameState, name: str) -> Sequence[str]:
    """What `/vj event side:`, `/vj command name:` and `/vj decree name:` offer now."""
    legal = [describe(state, a) for a in legal_actions(state)]
    if name == "event":
        return ("unshaded", "shaded")
    if name == "command":
        pool = [d for d in legal if d in COMMAND_NAMES]
        deciding = decider(state)
        if not pool and "command" in legal and deciding is not None:
            return COMMANDS[deciding]  # `/vj command name:` plays `command; <name>`
        return pool
    if name == "decree":
        return [d for d in legal if d in DECREE_NAMES]
    return ()
