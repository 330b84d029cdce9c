"""Vijayanagara rules: the whole game as a pure, deterministic state machine.

Public surface (docs/engine.md): new_game, prompt, legal_actions, apply, parse, describe,
score, replay, plus undo support and the data loaders; chance (the pending die roll or card
draw, whose outcome a dealer supplies as a Roll or Draw action) and rules.vijayanagara.fairness (the
secret-keyed dealer and its verification).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import DataError, IllegalAction, InvalidOrder, RulesError, clip
from . import (  # noqa: F401  (registers the frame handlers)
    attack,
    commands_deccan,
    commands_delhi,
    decrees,
    events,
    flow,
    mongols,
    sequence,
    succession,
)
from .actions import (
    Action,
    CavalryFrom,
    Charge,
    Choose,
    Done,
    Draw,
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
    action_from_json,
    action_to_json,
)
from .board import Board, board
from .cards import Card, Deck, deck_for, standard_deck
from .chance import Below, ChanceNode, SeededDealer, cards_left, deck_facts, sample
from .changes import board_changes, turn_changes
from .command_base import no_space_note
from .engine import (
    Prompt,
    advance,
    can_undo,
    chance,
    decider,
    legal_actions,
    prompt,
    push,
    set_barrier,
)
from .engine import apply as apply
from .history import VpPoint, vp_by_card
from .model import (
    FACTION_NAMES,
    MAX_INFLUENCE,
    MAX_RESOURCES,
    OWNER,
    PLAYERS,
    SLOT_LEVELS,
    UNIT_KINDS,
    UNITS_PER_SLOT,
    Faction,
    GameOptions,
    GameState,
    Piece,
)
from .mongols import TIMUR_ROUTE
from .notation import (
    MAX_ORDER_CHARS,
    AmbiguousOrder,
    Span,
    Step,
    describe,
    parse_order,
    parse_steps,
    split_order,
)
from .notes import idle_note
from .reading import parse
from .recap import card_header, card_lines, card_recap, line_added, merged_lines
from .said import said
from .setup import initial_state, seeded_dealer
from .textlog import LogTail
from .useful import useful_actions
from .victory import places, ranking, result_text, score, winner
from .words import count_of, pieces


def new_game(seed: int | None, options: GameOptions | None = None) -> GameState:
    """Setup (2.1) and the first card revealed (2.2).

    With a seed, a seeded dealer in the state resolves every chance node, so the same seed and
    actions give the same game (tests, benches). With None, the game holds no future: it stops
    at each chance node (the first card draw at once) for the caller to supply the outcome."""
    st = initial_state(seed, options)
    push(st, "game")
    advance(st)
    set_barrier(st)
    return st


def replay(seed: int | None, options: GameOptions | None, actions: Iterable[Action]) -> GameState:
    """Fold apply over a log of actions (with its chance entries when seed is None)."""
    return replay_with_log(seed, options, actions)[0]


def replay_with_log(
    seed: int | None, options: GameOptions | None, actions: Iterable[Action]
) -> tuple[GameState, list[str]]:
    """As `replay`, with the whole text log of the game (a state holds only its last step's)."""
    st = new_game(seed, options)
    text = LogTail.of(st)
    for a in actions:
        st = apply(st, a)
        text.follow(st)
    return st, text.lines


def undo(state: GameState) -> GameState:
    return apply(state, Undo())


__all__ = [
    "FACTION_NAMES",
    "MAX_INFLUENCE",
    "MAX_ORDER_CHARS",
    "MAX_RESOURCES",
    "OWNER",
    "PLAYERS",
    "SLOT_LEVELS",
    "TIMUR_ROUTE",
    "UNITS_PER_SLOT",
    "UNIT_KINDS",
    "Action",
    "AmbiguousOrder",
    "Below",
    "Board",
    "Card",
    "CavalryFrom",
    "ChanceNode",
    "Charge",
    "Choose",
    "DataError",
    "Deck",
    "Done",
    "Draw",
    "Drop",
    "Faction",
    "Gain",
    "GameOptions",
    "GameState",
    "Give",
    "Go",
    "IllegalAction",
    "InvalidOrder",
    "LogTail",
    "Move",
    "Piece",
    "Place",
    "Prompt",
    "Remove",
    "Replace",
    "Roll",
    "RulesError",
    "Screen",
    "SeededDealer",
    "Select",
    "Shift",
    "Slot",
    "Span",
    "Step",
    "Support",
    "Take",
    "Target",
    "Undo",
    "VpPoint",
    "action_from_json",
    "action_to_json",
    "apply",
    "board",
    "board_changes",
    "can_undo",
    "card_header",
    "card_lines",
    "card_recap",
    "cards_left",
    "chance",
    "clip",
    "count_of",
    "decider",
    "deck_facts",
    "deck_for",
    "describe",
    "idle_note",
    "legal_actions",
    "line_added",
    "merged_lines",
    "new_game",
    "no_space_note",
    "parse",
    "parse_order",
    "parse_steps",
    "pieces",
    "places",
    "prompt",
    "ranking",
    "replay",
    "replay_with_log",
    "result_text",
    "said",
    "sample",
    "score",
    "seeded_dealer",
    "set_barrier",
    "split_order",
    "standard_deck",
    "turn_changes",
    "undo",
    "useful_actions",
    "vp_by_card",
    "winner",
]
