"""The Goat-Tiger search judges a position at its depth without making that position's moves:
its judgement there is the rules' own end (a side left without a legal move, the repetition
rule of 5.5 included, has lost; our draw rule draws), else the count, in every phase of
random games and in a trap built for it."""

from __future__ import annotations

import random
from functools import cache

from test_goat_tiger_draw import PLACEMENT, ROUND, near_the_cap

from ai.goat_tiger.search import (
    DRAW,
    WIN,
    Search,
    evaluate,
    history_of,
    node_of,
    play,
    raw_of,
)
from rules.goat_tiger import (
    GOATS,
    TIGERS,
    Move,
    Options,
    State,
    apply,
    legal_actions,
    new_game,
    parse,
)
from rules.goat_tiger import GoatTigerAction as Action


@cache
def positions() -> tuple[State, ...]:
    """Every other position of two random games (placements, steps, captures, wins), the
    last round of a game drawn by repetition, and the last moves of one that reaches our cap."""
    out: list[State] = []
    for seed in range(2):
        r = random.Random(seed)
        st, game = new_game(Options()), []
        while not st.over:
            game.append(st)
            st = apply(st, r.choice(legal_actions(st)))
        out += [*game[-3::-2], game[-1]]  # the last, whose step ends the game
    for line, last in (([*PLACEMENT, *ROUND, *ROUND], len(ROUND)), (near_the_cap(1), 4)):
        st, played = new_game(Options()), []
        for step in line:
            played.append(st)
            st = apply(st, parse(st, step, st.to_move)[0] if isinstance(step, str) else step)
        out += played[-last:]
    return tuple(out)


def judged_at_the_depth(st: State, step: Action) -> int:
    """The search's judgement, at its depth, of the position `step` makes from `st`."""
    search = Search(history=history_of(st))
    child = play(node_of(st), raw_of(step))
    return search.negamax(child, 0, -2 * WIN, 2 * WIN, 1)


def as_the_rules_end_it(st: State, step: Action) -> int:
    after = apply(st, step)
    if after.winner is not None:  # the side to move there has lost
        return -(WIN - 1)
    if after.drawn is not None:
        return DRAW
    return evaluate(play(node_of(st), raw_of(step)))


def test_a_position_at_the_search_depth_is_judged_as_the_rules_end_it() -> None:
    ends = {"won": 0, "drawn": 0}
    for st in positions():
        for step in legal_actions(st):
            expected = as_the_rules_end_it(st, step)
            assert judged_at_the_depth(st, step) == expected, (st, step)
            ends["won"] += expected == -(WIN - 1)
            ends["drawn"] += expected == DRAW
    assert ends["won"] and ends["drawn"], ends  # the sample reaches both ends


def test_tigers_left_without_a_move_at_the_search_depth_have_lost() -> None:
    trap = State(
        options=Options(goats=6, tigers=1),
        goats=(3, 4, 9, 14, 20, 23),
        tigers=(2,),
        in_hand=0,
        captured=0,
        to_move=GOATS,
    )
    closing = Move(origin=9, dest=8)
    assert apply(trap, closing).winner == GOATS
    assert judged_at_the_depth(trap, closing) == -(WIN - 1)
    open_step = Move(origin=4, dest=10)
    assert apply(trap, open_step).to_move == TIGERS and not apply(trap, open_step).over
    assert judged_at_the_depth(trap, open_step) == as_the_rules_end_it(trap, open_step)
