"""The allowed steps as a menu (`options`): every entry once, each named choice (an option of
the card's turn, an Event's side or option, a Command, a Decree, a Mongol Command, Compromising
Gifts, `done`, Charge and Screen) with what it does and its rule."""

from __future__ import annotations

import random
import re
from collections import Counter

from bot.table.registry import game
from rules import vijayanagara
from rules.capabilities import menus_of
from rules.vijayanagara.menu import explained_entries

G = game("vijayanagara")
EXPLAINED = re.compile(r"^• `([^`]+)`(?: \((?:[^()]|\([^()]*\))*\))?(?: — (.+))?$")


def test_the_first_menu_explains_each_option_of_the_turn() -> None:
    state = vijayanagara.new_game(seed=7)
    lines = menus_of(G).explained_choices(state)
    assert lines == [
        "• `command+decree` — a Command in any number of spaces and a Decree, before or after "
        "it; Ineligible for the next card (2.3.3, 4.1)",
        "• `event` — carry out this card's Event, its unshaded or its shaded text; Ineligible "
        "for the next card unless it says Stay Eligible (2.3.4, 2.3.7)",
        "• `command` — a Command in any number of spaces, without a Decree; Ineligible for the "
        "next card (2.3.3)",
        "• `limited` — a Command in one space, without a Decree; you stay Eligible (2.3.5)",
        "• `pass` — gain 3 Resources; you stay Eligible (2.3.6)",
    ]


def test_the_event_menu_gives_each_sides_text() -> None:
    state = vijayanagara.new_game(seed=7)
    state = vijayanagara.apply(state, vijayanagara.parse(None, "event")[0])
    card = vijayanagara.standard_deck().cards[11]
    assert card.unshaded is not None
    assert f"• `unshaded` — \u201c{card.unshaded.text}\u201d (2.3.4)" in menus_of(
        G
    ).explained_choices(state)


def _named(action: vijayanagara.Action) -> bool:
    """A step whose words do not say what it does: a choice by name, `done`, a Cavalry step."""
    kinds = (vijayanagara.Choose, vijayanagara.Charge, vijayanagara.Screen, vijayanagara.Done)
    return isinstance(action, kinds)


def test_every_menu_of_random_games_lists_each_entry_once_and_explains_each_named_choice() -> None:
    for seed in range(3):  # a bounded sample: about a thousand menus
        r = random.Random(seed)
        state = vijayanagara.new_game(seed)
        while not state.game_over:
            legal = vijayanagara.legal_actions(state)
            lines = explained_entries(state)
            entries = [m[1] for line in lines if (m := EXPLAINED.match(line))]
            assert len(entries) == len(lines), lines  # each line is one entry
            assert not [e for e, n in Counter(entries).items() if n > 1], lines
            named = {vijayanagara.describe(state, a) for a in legal if _named(a)}
            for line in lines:
                m = EXPLAINED.match(line)
                assert m is not None
                noted = line.startswith(f"• `{m[1]}` (")  # a step that does nothing says so
                assert m[1] not in named or m[2] or noted, line
            state = vijayanagara.apply(state, r.choice(legal))
