"""The board picture's alt text: what a screen reader says in its place, and the terminal's
board in words (a Discord attachment's description takes its first 1,024 characters, cut
after a whole sentence: the figures and Control first, then each space's pieces)."""

from __future__ import annotations

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import (
    FACTION_NAMES,
    PLAYERS,
    Faction,
    GameState,
    count_of,
    deck_for,
    pieces,
    result_text,
)


def alt_text(state: GameState, names: dict[Faction, str] | None = None) -> str:
    """Who leads and by how much (5.0) (at the end, the result as the table says it), each
    Faction's VP and Resources, the card, whose turn it is, and the Provinces each Faction
    Controls."""
    names = names or {}
    scores = vijayanagara.score(state)
    order = vijayanagara.ranking(state)
    lead = order[0]
    gap = scores[lead] - scores[order[1]]
    if state.game_over:
        said = f"Game over: {result_text(state)}."
    elif gap:
        said = f"{FACTION_NAMES[lead]} leads by {gap} VP."
    else:
        said = f"{FACTION_NAMES[lead]} and {FACTION_NAMES[order[1]]} are tied on VP."
    parts = [
        f"Vijayanagara board. {said}",
        " ".join(
            f"{FACTION_NAMES[f]}{_player(names, f)}: {scores[f]} VP, "
            f"{count_of(state.resources[f], 'Resource')}."
            for f in PLAYERS
        ),
    ]
    if state.current_card is not None:
        card = deck_for(state.options).cards.get(state.current_card)
        title = f" {card.title}" if card else ""
        parts.append(
            f"Card {state.current_card}{title}; {vijayanagara.cards_left(state)} left in the deck."
        )
    if not state.game_over:
        p = vijayanagara.prompt(state)
        if p.faction is not None:
            parts.append(f"To act: {FACTION_NAMES[p.faction]}{_player(names, p.faction)}.")
    board = vijayanagara.board()
    for f in PLAYERS:
        held = [board.name(s) for s in board.provinces if state.spaces[s].control == f]
        if held:
            parts.append(f"{FACTION_NAMES[f]} Controls {', '.join(held)}.")
    tributaries = sum(1 for s in board.provinces if state.spaces[s].tributary)
    parts.append(f"{tributaries} Tributary Provinces.")
    return " ".join([*parts, *_spaces(state)])


def _spaces(state: GameState) -> list[str]:
    """Each space's pieces, in the map's order (a trial's board in words named no piece)."""
    board = vijayanagara.board()
    out = []
    for s in board.space_ids:
        held = state.spaces[s].pieces
        if held:
            said = ", ".join(pieces(n, p) for p, n in held.items() if n)
            out.append(f"{board.name(s)}: {said}.")
    return out


def _player(names: dict[Faction, str], f: Faction) -> str:
    return f" ({names[f]})" if f in names else ""
