"""The allowed steps as a menu: each entry (option_groups) with what it does and its rule,
where its words alone do not say it: the options of a card's turn, the Event's sides and
options, every Command and Decree, the Mongols' Commands, Compromising Gifts, `done` and the
Cavalry steps. A step that names its pieces and spaces (`move 2 troop from delhi to malwa`)
says what it does in its own words."""

from __future__ import annotations

from .actions import Action, Charge, Choose, Done, Screen, Support
from .attack import support_note
from .board import board
from .cards import deck_for
from .engine import legal_actions
from .frames import CommandFrame, EventChooseFrame, EventFrame, PhaseFrame
from .joining import attack_rule
from .model import Faction, GameState
from .mongols import not_offered
from .option_groups import grouped_actions
from .reference import CAVALRY_STEPS
from .registry import BY_NAME, TITLE
from .sequence import PASS_INCOME
from .words import count_of

# The options of a card's turn (2.3.3-2.3.7), in the imperative of a menu.
TURN_OPTIONS: dict[str, str] = {
    "command+decree": "a Command in any number of spaces and a Decree, before or after it; "
    "Ineligible for the next card (2.3.3, 4.1)",
    "event": "carry out this card's Event, its unshaded or its shaded text; Ineligible for "
    "the next card unless it says Stay Eligible (2.3.4, 2.3.7)",
    "command": "a Command in any number of spaces, without a Decree; Ineligible for the "
    "next card (2.3.3)",
    "limited": "a Command in one space, without a Decree; you stay Eligible (2.3.5)",
}
OTHER_OPTIONS: dict[str, str] = {
    "gifts": "lose 1 Influence, gain 2 Resources and 2 Cavalry (2.4.2)",
    "decline": "keep your Influence; no Resources or Cavalry (2.4.2)",
    "skip": "take no free Limited Command (2.5.2)",
}
# What a `done` ends, by the kind of decision it is taken in.
DONE_ENDS: dict[str, str] = {
    "battle:att_cav": "use no more Cavalry in this battle (1.10)",
    "battle:def_cav": "use no more Cavalry in this battle (1.10)",
    "battle:support": "bring no more Units into the Attack",  # (`attack_rule`)
    "compel_space": "end the Compel in this Province (4.4.3)",
    "dec:campaign": "end the Campaign (4.2.2)",
    "dec:conspire": "end the Conspire (4.3.3)",
    "dec:demand-obedience": "end Demand Obedience (4.2.3)",
    "govern_space": "end the Govern in this space (3.2.3)",
    "lords": "buy no more Influence (2.5.3)",
}


def explained_entries(state: GameState) -> list[str]:
    """Each allowed step's entry, once, with what it does where its words do not say it."""
    out = []
    for text, action in grouped_actions(state, legal_actions(state)):
        why = explain(state, action)
        out.append(f"• {text} — {why}" if why else f"• {text}")
    return out


def explain(state: GameState, action: Action) -> str | None:
    """What the step does and its rule, or None where its own words say it."""
    fr = state.frames[-1] if state.frames else None
    if isinstance(action, Choose):
        return _option(state, fr, action.option)
    if isinstance(action, Done):
        if isinstance(fr, CommandFrame):  # before a space, its note says what it does
            where = ", ".join(board().name(s) for s in fr.selected)
            return f"end the {TITLE[fr.command]} (selected: {where})" if where else None
        if isinstance(fr, PhaseFrame) and fr.kind == "battle:support":
            return f"{DONE_ENDS[fr.kind]} ({attack_rule(fr.faction)})"
        return DONE_ENDS.get(fr.kind) if fr is not None else None
    if isinstance(action, Charge):
        return CAVALRY_STEPS["charge"]
    if isinstance(action, Screen):
        return CAVALRY_STEPS["screen"]
    if isinstance(action, Support):
        return support_note(state)
    return None


def _option(state: GameState, fr: object, option: str) -> str | None:
    kind = getattr(fr, "kind", None)
    if kind == "turn" and option in TURN_OPTIONS:
        return TURN_OPTIONS[option]
    if kind == "turn" and option == "pass":
        f = getattr(fr, "faction", None)
        gain = count_of(PASS_INCOME[f], "Resource") if isinstance(f, Faction) else "Resources"
        return f"gain {gain}; you stay Eligible (2.3.6)"
    if isinstance(fr, EventFrame) and option in ("unshaded", "shaded"):
        card = deck_for(state.options).cards[fr.card]
        side = card.unshaded if option == "unshaded" else card.shaded
        return f"\u201c{side.text}\u201d (2.3.4)" if side is not None else None
    if isinstance(fr, EventChooseFrame) and option.startswith("option-"):
        opt = fr.options[int(option.removeprefix("option-")) - 1]
        return f"\u201c{opt.text}\u201d" if "text" in opt.model_fields_set else None
    entry = BY_NAME.get(option)
    if entry is not None:
        return f"{entry.effect} ({entry.section}){_mongols_alone(state, kind)}"
    return OTHER_OPTIONS.get(option)


def _mongols_alone(state: GameState, kind: object) -> str:
    """Why a Mongol Invasion offers fewer Commands than the rules list (a trial offered
    `amass` alone looked for `attack`): what the others need (3.5)."""
    if kind != "mongol_invasion":
        return ""
    return not_offered({a.option for a in legal_actions(state) if isinstance(a, Choose)})
