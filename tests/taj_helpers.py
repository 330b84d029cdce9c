"""Helpers for the Taj Mahal tests: a started game, arranged situations, orders by text."""

from __future__ import annotations

import random
from collections.abc import Callable

from rules.capabilities import notation_of
from rules.taj_mahal import GAME, SEATS, State, TajOptions
from rules.taj_mahal.components import standard_board, standard_cards
from rules.taj_mahal.notation import read_card
from rules.taj_mahal.state import Action

CARDS = standard_cards()
BOARD = standard_board()


def card(text: str) -> int:
    return read_card(CARDS, text)


def city(name: str) -> int:
    return BOARD.city_ids.index(name)


def province(name: str) -> int:
    return BOARD.province_ids.index(name)


def started(players: int = 4, seed: int = 1) -> State:
    s = GAME.new_game(TajOptions(), SEATS[:players])
    return GAME.apply(s, GAME.deal(s, random.Random(seed).randrange))


def arrange(s: State, **fields: object) -> State:
    """A copy of `s` with some fields set (a situation a test needs)."""
    t = s.clone()
    for name, value in fields.items():
        setattr(t, name, value)
    return t


def with_hands(s: State, *hands: list[str]) -> State:
    return arrange(s, hands=tuple(tuple(sorted(card(c) for c in h)) for h in hands))


def order(s: State, text: str) -> State:
    """The seat to move writes `text`; read through its own view, applied."""
    seat = GAME.to_move(s)
    assert seat is not None, "no seat to move"
    (a,) = notation_of(GAME).parse(GAME.view(s, seat), text, seat)
    return GAME.apply(s, a)


def settle(s: State, seed: int = 0) -> State:
    """Deal every pending chance step."""
    rng = random.Random(seed)
    while GAME.chance(s) is not None:
        s = GAME.apply(s, GAME.deal(s, rng.randrange))
    return s


def first(s: State) -> State:
    """The seat to move takes its first legal step (places, takes: the details do not matter)."""
    return settle(GAME.apply(s, GAME.legal_actions(s)[0]))


def finish_withdrawal(s: State) -> State:
    """Place palaces and take cards with the first choices until the next turn."""
    seat = GAME.to_move(s)
    while s.phase in ("place", "take", "draw") and (s.phase == "draw" or GAME.to_move(s) == seat):
        s = first(s)
    return s


def random_game(players: int, seed: int) -> tuple[State, list[Action]]:
    rng = random.Random(seed)
    s = GAME.new_game(TajOptions(), SEATS[:players])
    log: list[Action] = []
    while GAME.result(s) is None:
        a = GAME.deal(s, rng.randrange) if GAME.chance(s) else rng.choice(GAME.legal_actions(s))
        log.append(a)
        s = GAME.apply(s, a)
    return s, log


def seeded_game(
    players: int, seed: int, decide: Callable[[State, str, random.Random], Action]
) -> State:
    """A whole game as the arenas play it: dealt by `random.Random(seed)`, each seat with its
    own generator (seed * 31 + its place), `decide(state, seat, generator)` taking its steps."""
    dealer = random.Random(seed)
    seats = GAME.info.seats_for(players)
    gens = {seat: random.Random(seed * 31 + i) for i, seat in enumerate(seats)}
    s = GAME.new_game(TajOptions(), seats)
    while GAME.result(s) is None:
        seat = GAME.to_move(s)
        if seat is None:
            s = GAME.apply(s, GAME.deal(s, dealer.randrange))
        else:
            s = GAME.apply(s, decide(s, seat, gens[seat]))
    return s
