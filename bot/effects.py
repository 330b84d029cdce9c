"""Each Command's and Decree's one-line effect beside its name, where the bot offers them
(autocomplete choices, the list of allowed steps); the lines come from the rules' registry,
so the menus and the rules reference say the same."""

from __future__ import annotations

from rules import vijayanagara
from rules.vijayanagara.registry import BY_NAME

CHOICE_CHARS = 100  # Discord's limit for an autocomplete choice's name


def effect_of(name: str) -> str | None:
    """The effect of the Command or Decree called `name` in the notation, else None."""
    entry = BY_NAME.get(name)
    return entry.effect if entry is not None else None


def with_effect(name: str, limit: int = CHOICE_CHARS) -> str:
    """`march — move Troops and Governors into adjacent spaces`, cut to `limit`."""
    effect = effect_of(name)
    text = f"{name} — {effect}" if effect else name
    return text if len(text) <= limit else text[: limit - 1] + "…"


def offered_effects(state: vijayanagara.GameState) -> list[str]:
    """The Commands and Decrees allowed now, each with its effect and rule section."""
    out = []
    for action in vijayanagara.legal_actions(state):
        name = vijayanagara.describe(state, action)
        entry = BY_NAME.get(name)
        if entry is not None:
            out.append(f"• `{name}` — {entry.effect} ({entry.section})")
    return out


def effects_line(state: vijayanagara.GameState) -> str | None:
    """One line for a prompt that offers Commands or Decrees: each with its effect."""
    named = [
        f"`{name}` — {entry.effect}"
        for action in vijayanagara.legal_actions(state)
        if (entry := BY_NAME.get(name := vijayanagara.describe(state, action))) is not None
    ]
    return "_" + " · ".join(named) + "_" if named else None
