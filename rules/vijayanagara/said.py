"""A step in words, for a reader of the table where the step itself wrote no log line (an
option of the card chosen, a Mongol Command, Units picked up on a Campaign, a `done`): what
was decided, in the rulebook's words, never the notation."""

from __future__ import annotations

from .actions import (
    Action,
    CavalryFrom,
    Charge,
    Choose,
    Done,
    Drop,
    Gain,
    Give,
    Go,
    Move,
    Place,
    Remove,
    Replace,
    Roll,
    Screen,
    Select,
    Shift,
    Slot,
    Support,
    Take,
    Target,
    Undo,
)
from .board import board
from .engine import decider
from .factions import FACTION_NAMES
from .frames import CampaignFrame, CompelSpaceFrame, GovernSpaceFrame, PhaseFrame
from .joining import attack_rule
from .model import GameState
from .registry import BY_NAME
from .sequence import OPT_CMD_DECREE, OPT_COMMAND, OPT_EVENT, OPT_LIMITED, OPT_PASS
from .words import PIECE_NAME, a, count_of, pieces

# The options of a card's turn (2.3.3-2.3.6).
OPTIONS: dict[str, str] = {
    OPT_CMD_DECREE: "chooses a Command and a Decree, in either order (2.3.3, 4.1)",
    OPT_COMMAND: "chooses a Command without a Decree (2.3.3)",
    OPT_EVENT: "chooses the Event (2.3.4)",
    OPT_LIMITED: "chooses a Limited Command: a Command in one space (2.3.5)",
    OPT_PASS: "passes (2.3.6)",
}

# What a `done` ends, by the kind of frame it is taken in (where that ending writes no line
# of its own), and the rule.
ENDS: dict[str, tuple[str, str]] = {
    "battle:att_cav": ("uses no more Cavalry in this battle", "1.10"),
    "battle:def_cav": ("uses no more Cavalry in this battle", "1.10"),
    "battle:support": ("brings no more Units into the Attack", ""),  # (`attack_rule`)
    "compel_space": ("ends the Compel", "4.4.3"),
    "dec:campaign": ("ends the Campaign", "4.2.2"),
    "dec:conspire": ("ends the Conspire", "4.3.3"),
    "govern_space": ("ends the Govern", "3.2.3"),
    "lords": ("is done shifting Influence", "2.5.3"),
}


def said(state: GameState, action: Action) -> str:
    """One line for `action` taken in `state` by whoever decides there: "B chooses Advance
    for the Mongols (3.5.2).", "D picks up 2 Troops in Andhra for the Campaign (4.2.2)."."""
    actor = decider(state)
    who = actor.value if actor is not None else "The table"
    fr = state.frames[-1]
    name = board().name
    match action:
        case Choose(option=option):
            if fr.kind == "turn" and option in OPTIONS:
                return f"{who} {OPTIONS[option]}."
            entry = BY_NAME.get(option)
            if entry is not None and fr.kind == "mongol_invasion":
                return f"{who} chooses {entry.title} for the Mongols ({entry.section})."
            if entry is not None:
                return f"{who} chooses {entry.title}."
            return f"{who} chooses {option.replace('-', ' ')}."
        case Done():
            ends, section = ENDS.get(fr.kind, ("is done", ""))
            if isinstance(fr, PhaseFrame) and fr.kind == "battle:support":
                section = attack_rule(fr.faction)
            if isinstance(fr, GovernSpaceFrame | CompelSpaceFrame) and fr.space:
                ends += f" in {name(fr.space)}"
            return f"{who} {ends}" + (f" ({section})." if section else ".")
        case Select(space=space):
            entry = BY_NAME.get(fr.kind.partition(":")[2])
            why = f" for {entry.title}" if entry is not None else ""
            return f"{who} selects {name(space)}{why}."
        case Take(piece=piece, count=n):
            at = f" in {name(fr.at)}" if isinstance(fr, CampaignFrame) and fr.at else ""
            return f"{who} picks up {pieces(n, piece)}{at} for the Campaign (4.2.2)."
        case Drop(piece=piece, count=n):
            at = f" in {name(fr.at)}" if isinstance(fr, CampaignFrame) and fr.at else ""
            return f"{who} drops {pieces(n, piece)}{at}."
        case Go(space=space):
            return f"{who} takes the Campaign on to {name(space)} (4.2.2)."
        case Place(piece=piece, count=n, space=space):
            return f"{who} places {pieces(n, piece)} in {name(space)}."
        case Remove(piece=piece, count=n, space=space):
            return f"{who} removes {pieces(n, piece)} from {name(space)}."
        case Move(piece=piece, count=n, origin=origin, dest=dest):
            return f"{who} moves {pieces(n, piece)} from {name(origin)} to {name(dest)}."
        case Replace(old=old, new=new, space=space):
            instead = f"with {a(PIECE_NAME[new])}" if new is not None else "with nothing"
            return f"{who} replaces {a(PIECE_NAME[old])} {instead} in {name(space)}."
        case Support(piece=piece, count=n, space=space):
            return f"{who} brings {pieces(n, piece)} from {name(space)} into the Attack."
        case Target(faction=f):
            return f"{who} attacks {FACTION_NAMES[f]}."
        case Charge(die=die):
            return f"{who} Charges, lowering its die {die} by one (1.10)."
        case Screen(die=die):
            return f"{who} Screens, removing the opponent's die {die} (1.10)."
        case Gain(resources=r, cavalry=c):
            return f"{who} takes {count_of(r, 'Resource')} and {c} Cavalry."
        case Shift(faction=f, delta=d):
            return f"{who} shifts {FACTION_NAMES[f]} Influence by {d:+d}."
        case Slot(piece=piece, space=space):
            source = name(space) if space is not None else "Available"
            return f"{who} puts {a(PIECE_NAME[piece])} from {source} on its Influence track (1.9)."
        case CavalryFrom(faction=f):
            return f"{who} takes a Cavalry token from the {FACTION_NAMES[f]} (1.10)."
        case Give() | Undo() | Roll() | _:
            return f"{who} plays a step."
