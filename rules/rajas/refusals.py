"""Why a step is refused: the rule it breaks and what is allowed now, in the game's words."""

from __future__ import annotations

from ..text import shown
from . import choices, engine, notation
from .state import AREAS, ASSORTED, Action, Pass, Place, State

MAX_LISTED = 8


def refusal(s: State, a: Action) -> str:
    allowed = engine.legal(s)
    said = notation.allowed_text(s, allowed, MAX_LISTED)
    if s.pending:
        kind = s.pending[0][0]
        return f"{notation.decision_text(s)} first ({_rule(kind)}); allowed: {said}"
    if isinstance(a, Pass):
        return (
            f"you may pass only when no space is left that you can pay for and use; allowed: {said}"
        )
    if isinstance(a, Place) and a.area in AREAS:
        return f"{_place_problem(s, a)}; allowed: {said}"
    if isinstance(a, Place):
        areas = ", ".join(notation.AREA_TITLES)
        return f"the board has no area {shown(a.area)} (its areas: {areas})"
    return f"a worker is placed first (Placing workers); allowed: {said}"


def _rule(kind: str) -> str:
    return {
        "gain": "Dice",
        "upgrade": "The upgrades of the buildings",
        "sail": "IV. River action",
        "chamber": "Explanation of the earnings on the river",
        "buy": "I. Building action",
        "place_tile": "The province boards",
        "cover": "Master builder",
        "goods": "II. Market action",
        "reroll": "The outer terrace",
    }.get(kind, "Placing workers")


def _place_problem(s: State, a: Place) -> str:
    i, area = s.turn, AREAS.index(a.area)
    name = notation.AREA_TITLES[area]
    if len(s.spaces[area]) >= choices.capacity(s, area):
        return f"every space of the {name} is taken (on each action space there may be only one worker)"
    cost = choices.money_cost(s, area)
    if s.money[i] < cost:
        return f"the next space of the {name} costs {cost} money and you have {s.money[i]} (Pay money for an action)"
    if len(a.turned) > s.karma[i]:
        return f"turning {len(a.turned)} dice takes {len(a.turned)} karma and you have {s.karma[i]} (Karma)"
    for d in a.dice:
        if d not in s.dice[i] or d[1] == "0":
            return f"your Kali statue holds no rolled {d} to give up (Dice)"
    if area == ASSORTED and i in s.spaces[area] and s.players > 2:
        return "one worker a round on the assorted goods market in the 3- and 4-player game (II. Market action)"
    return f"the {name} cannot be used that way now ({notation.area_rule(area)})"
