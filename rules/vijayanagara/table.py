"""What Vijayanagara offers at the table beyond its moves: its event cards to look up, and
its own lines of the table's help."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..errors import excerpt
from .actions import Action, Charge, Screen
from .cards import GameOptions, deck_for, find_cards
from .engine import legal_actions
from .model import FACTION_NAMES, GameState
from .notation import describe
from .reference import CAVALRY_STEPS
from .registry import BY_NAME, summary

MAX_QUERY_CHARS = 100  # a card number or title looked up


def card_names(options: GameOptions) -> list[tuple[str, str]]:
    """Every card of the game's deck (its own deck file, if it was created with one)."""
    deck = deck_for(options)
    return [(f"{n}. {deck.cards[n].title}", str(n)) for n in sorted(deck.cards)]


def card_text(options: GameOptions, query: str) -> str:
    """A card by number or the start of its title: order, Eligibility, its Event's sides."""
    q = query.strip()
    if len(q) > MAX_QUERY_CHARS:
        raise ValueError(
            f"That is too long for a card number or title (at most {MAX_QUERY_CHARS} characters)."
        )
    deck = deck_for(options)
    found = find_cards(q, deck)
    if not found:
        numbers = deck.cards
        raise ValueError(
            f"No card matches {excerpt(q)}. Try a number ({min(numbers)}-"
            f"{max(numbers)}) or the start of a title."
        )
    c = found[0]
    lines = [f"**{c.number}. {c.title}** ({c.kind.replace('_', ' ')})"]
    if c.order:
        lines.append(
            "Order: "
            + " ".join(f.value for f in c.order)
            + (" — Stay Eligible" if c.stay_eligible else "")
        )
    if c.kind == "mongol_invasion" and c.faction is not None:
        lines.append(
            f"{FACTION_NAMES[c.faction]} runs the Mongol Invaders: it chooses their two "
            "Mongol Commands and may accept Compromising Gifts (2.4)."
        )
    if c.flavor:
        lines.append(f"_{c.flavor}_")
    if c.unshaded:
        lines.append(f"Unshaded: {c.unshaded}")
    if c.shaded:
        lines.append(f"Shaded: {c.shaded}")
    return "\n".join(lines)


def help_lines(named: Callable[[str], str]) -> list[str]:
    """The game's lines of the table's help, each command as `named` writes it."""
    example = named("play order: command; march; move 2 troop from delhi to malwa; done")
    return [
        "Shortcuts: `pass`, `event side:`, `command name:`, `decree name:`, `done`, `give`. "
        f"Orders are in docs/notation.md, e.g. {example}.",
        f"Commands (3.0) — {summary('command')}.",
        f"Decrees (4.0) — {summary('decree')}.",
        f"In a battle, after the dice: `charge N` — {CAVALRY_STEPS['charge']}; `screen N` — "
        f"{CAVALRY_STEPS['screen']}; `done` when finished.",
        "The channel: one message per faction turn, edited as the turn goes on; a new "
        "message pings whoever decides next (if that is someone else); each card opens "
        "with its header and the board, and a one-line recap of the card before. "
        f"{named('status')} and {named('board')} answer only you unless `public:` is set.",
    ]


def cavalry_offered(legal: Sequence[Action]) -> list[tuple[str, str]]:
    """`charge` and `screen`, where the steps allow them, each with what it does (1.10)."""
    kinds = (("charge", Charge), ("screen", Screen))
    return [(s, CAVALRY_STEPS[s]) for s, kind in kinds if any(isinstance(a, kind) for a in legal)]


def effects_lines(state: GameState) -> list[str]:
    """For a prompt that offers Commands or Decrees: one line, each with its effect; where a
    battle offers Cavalry, what `charge N` and `screen N` do, one line each."""
    legal = legal_actions(state)
    named = [
        f"`{name}` — {entry.effect}"
        for action in legal
        if (entry := BY_NAME.get(name := describe(state, action))) is not None
    ]
    lines = ["_" + " · ".join(named) + "_"] if named else []
    return lines + [f"_`{step} N` — {what}_" for step, what in cavalry_offered(legal)]
