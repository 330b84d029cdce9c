"""The one search over the game core (ai.search: Information Set MCTS): it decides from a
seat's view alone, the same step for the same seed, scores each step for the seat that takes
it, stops within its budget, and plays any game with the search capability (the plain one for
a game that hides nothing)."""

from __future__ import annotations

import itertools
import random
import re

from counting_game import COUNTING, Count
from counting_game import State as Count_State
from taj_helpers import started

import ai.taj_mahal
import rules.goat_tiger
from ai.budget import Budget
from ai.search import Searcher, search, values
from ai.search.hint import SEARCH_SHARE, hint_text
from ai.taj_mahal import hard
from bot.table.ai_users import seat_levels
from rules.capabilities import Search, notation_of, search_of
from rules.game import Ranking
from rules.taj_mahal import GAME, Draw, State, Withdraw

SEED = 4


def counting(total: int) -> Count_State:
    return Count_State(target=10, total=total)


def test_a_game_that_hides_nothing_is_its_own_sample() -> None:
    g = rules.goat_tiger.GAME
    state = g.new_game(g.info.options(), g.info.seats)
    plain = search_of(g)
    assert type(plain) is Search
    assert plain.sample(g.view(state, "goats"), "goats", random.Random(0).randrange) is state


def test_the_search_takes_the_count_that_wins_at_once() -> None:
    found = search(COUNTING, counting(8), "first", random.Random(SEED), Budget(iterations=60))
    assert found.best == Count(by=2)
    assert found.ranked[0].value == 1.0  # the first place, for the seat that counted


def test_the_search_finds_the_count_that_wins_later_with_random_playouts() -> None:
    """From 5, counting 2 to 7 leaves the other seat no way to say 10 first."""
    found = search(COUNTING, counting(5), "first", random.Random(SEED), Budget(iterations=400))
    assert found.best == Count(by=2)


def test_each_step_is_scored_for_the_seat_that_takes_it() -> None:
    """From 7 every count loses: the other seat says 10 next. The root's values are the
    counting seat's (near nothing), not the winner's."""
    found = search(COUNTING, counting(7), "first", random.Random(SEED), Budget(iterations=300))
    assert all(c.value < 0.2 for c in found.ranked)
    assert sum(c.visits for c in found.ranked) == found.iterations == 300


def test_a_finished_game_is_worth_most_to_first_place_shared_by_a_tie() -> None:
    v = values(Ranking(places=(("blue", "orange"), ("brown",), ("gray",))))
    assert v["blue"] == v["orange"] > v["brown"] > v["gray"] == 0.0
    assert v["blue"] < 0.6  # a tie shares first place
    assert values(Ranking(places=(("blue",), ("orange",))))["blue"] == 1.0


def test_the_same_seed_gives_the_same_search() -> None:
    view = GAME.view(started(3, seed=3), "blue")
    first = search(GAME, view, "blue", random.Random(SEED), Budget(iterations=12))
    again = search(GAME, view, "blue", random.Random(SEED), Budget(iterations=12))
    assert first == again
    assert first.iterations == 12


def test_the_search_sees_only_the_view_every_hidden_part_changed_gives_the_same_step() -> None:
    """Another deal of the others' hands and of the deck, as likely as the real one: the hard
    AI, handed the seat's view, takes the same step with the same seed."""
    s = started(3, seed=6)
    other: State = search_of(GAME).sample(GAME.view(s, "blue"), "blue", random.Random(99).randrange)
    assert other.hands[1:] != s.hands[1:] and other.deck != s.deck
    assert other.hands[0] == s.hands[0]
    hard = ai.taj_mahal.PLAYERS["hard"]
    budget = Budget(iterations=10)
    step = hard(GAME.view(s, "blue"), "blue", random.Random(SEED), budget)
    assert hard(GAME.view(other, "blue"), "blue", random.Random(SEED), budget) == step
    assert step in GAME.legal_actions(s)


def test_a_budget_of_seconds_stops_the_search_on_the_callers_clock() -> None:
    ticks = itertools.count()
    budget = Budget(iterations=1000, seconds=5.0, clock=lambda: float(next(ticks)))
    found = search(GAME, GAME.view(started(3, seed=3), "blue"), "blue", random.Random(1), budget)
    assert 1 <= found.iterations <= 5


def test_a_seat_with_one_step_is_not_searched() -> None:
    found = search(COUNTING, counting(9), "first", random.Random(SEED), Budget(iterations=50))
    assert found.best == Count(by=1) and found.iterations == 0


def test_taj_mahal_offers_hard_at_the_table() -> None:
    assert seat_levels("taj_mahal") == ("greedy", "hard")


def test_the_hint_from_the_search_gives_its_step_why_and_the_runner_up_from_the_view() -> None:
    s = started(3, seed=6)
    view = GAME.view(s, "blue")
    advice = hard.advise(view, "blue", random.Random(SEED), Budget(iterations=30))
    first, second = advice.summary.split("\n")
    assert first.startswith(f"The computer (hard) would play `{advice.order}`: ")
    assert re.search(
        r"; in (\d+ of|all) 30 futures, about (\d+ points? (ahead of|behind)|level with) the "
        r"best other player \(its chance to win: \d+%\)\.$",
        first,
    )
    assert second.startswith("Runner-up: `") and "`" + advice.order + "`" not in second
    (step,) = notation_of(GAME).parse(view, advice.order, "blue")
    assert step in GAME.legal_actions(s)
    other = search_of(GAME).sample(view, "blue", random.Random(1).randrange)
    again = hard.advise(
        GAME.view(other, "blue"), "blue", random.Random(SEED), Budget(iterations=30)
    )
    assert again == advice


def test_a_hints_search_leaves_a_share_of_its_seconds_for_its_words() -> None:
    """A hint's budget is the whole hint's: with a clock that ticks a second a reading, 10
    seconds give the search 9 (SEARCH_SHARE), 8 futures, and the words the rest."""
    ticks = itertools.count()
    budget = Budget(iterations=1000, seconds=10.0, clock=lambda: float(next(ticks)))
    s = started(3, seed=6)
    advice = hard.advise(GAME.view(s, "blue"), "blue", random.Random(SEED), budget)
    assert SEARCH_SHARE == 0.9
    assert " of 8 futures" in advice.summary


def test_each_root_step_keeps_the_mean_measure_of_its_playouts_ends() -> None:
    """Measured by who said 10: from 8, counting 2 says it at once (1 every time); counting
    1 leaves 9, and the other seat then says 10 (0 every time)."""

    def said_ten(s: Count_State) -> dict[str, float]:
        return {seat: float(s.winner == seat) for seat in ("first", "second")}

    found = search(
        COUNTING, counting(8), "first", random.Random(SEED), Budget(iterations=40), points=said_ten
    )
    points = {c.action: c.points for c in found.ranked}
    assert points == {Count(by=2): 1.0, Count(by=1): 0.0}
    plain = search(COUNTING, counting(8), "first", random.Random(SEED), Budget(iterations=40))
    assert all(c.points is None for c in plain.ranked)


def test_a_chance_step_is_a_chance_node_branching_on_what_the_seat_sees_of_it() -> None:
    """Withdrawing before playing draws a card (Withdraw): the search deals it from each
    determinization's deck, so the step's node branches on the cards the seat draws."""
    s = started(3, seed=6)
    assert GAME.chance(GAME.apply(s, Withdraw())) is not None
    searcher = Searcher(GAME, "blue", random.Random(SEED))
    searcher.decide(GAME.view(s, "blue"), Budget(iterations=300))
    drawn = searcher.root.children[Withdraw()].children
    assert len(drawn) > 3
    assert all(isinstance(k, Draw) and k.seat == "blue" for k in drawn)
    withdrew = searcher.root.children[Withdraw()].visits  # the first added it, then played on
    assert sum(n.visits for n in drawn.values()) == withdrew - 1


def test_a_callers_candidates_are_the_only_steps_searched_at_the_root() -> None:
    """From 5, counting 2 wins; told to consider counting 1 alone, the search ranks that step
    and no other (one step: nothing to search)."""
    found = search(
        COUNTING,
        counting(5),
        "first",
        random.Random(SEED),
        Budget(iterations=40),
        candidates=[Count(by=1)],
    )
    assert [c.action for c in found.ranked] == [Count(by=1)]
    assert found.iterations == 0


def test_a_callers_evaluation_judges_the_playouts_at_the_horizon() -> None:
    """Taj Mahal's playouts stop after 40 steps, long before the end: the caller's evaluation,
    not the game's own, gives every step its value there."""
    view = GAME.view(started(3, seed=3), "blue")
    judged: list[State] = []

    def quarter(state: State) -> dict[str, float]:
        judged.append(state)
        return dict.fromkeys(state.seats, 0.25)

    found = search(
        GAME, view, "blue", random.Random(SEED), Budget(iterations=8), evaluation=quarter
    )
    assert len(judged) == 8
    assert all(c.value == 0.25 for c in found.ranked if c.visits)


def test_a_hint_with_no_runner_up_weighed_says_so_in_a_players_words() -> None:
    """A trial read "Runner-up: none weighed: of the 2 steps allowed, the others fall behind
    this one at a glance": one other step, and a word of the AI's own."""
    two = hint_text("end movement", "no move is worth more than standing", None, 2)
    assert two.endswith(
        "Runner-up: none worth weighing: of the 2 steps allowed, the other falls behind this "
        "one at a glance."
    )
    assert "the others fall behind" in hint_text("done", "it keeps its Talents", None, 5)
