"""Rajas of the Ganges: when what a step sets going happens, by the text (Bonuses on the
scoring tracks: the upgrade of fame space 5 counts from the next turn on; Setup: the stacks lie
face up, so a stack's next tile shows as soon as its top is taken; Special yields and the
bonuses: what asks nothing is taken in the step that reached it)."""

from __future__ import annotations

from rajas_helpers import dealt, on_top, order, put, started, tile, with_dice

from rules.rajas import GAME, State, causes
from rules.rajas.engine import legal
from rules.rajas.explain import explained_entries
from rules.rajas.state import Buy, Reveal, Upgrade

A1, B2 = 0, 6
GREEN_SNAKE = 3  # the stack of green tiles with a snake on their backs


def _cells(s: State, **cells: int) -> State:
    grid = list(s.province[0])
    for name, held in cells.items():
        grid[(int(name[1]) - 1) * 5 + "abcde".index(name[0])] = held
    return put(s, 0, province=tuple(grid))


def _road_to_a1() -> State:
    """Red's road from the residence down to c2, west along b2 to a2 and up to the empty a1
    (c2 a bend W-N, b2 a straight E-W, a2 a bend N-E); fame 3, money 8, its boat on river
    space 8 (the next is 9, the palace earning, past the bridge), the green 3 palace on top of
    the green snake stack and the orange 8 palace-and-fort on the orange cow's."""
    s = with_dice(started(2), 0, "g3 o4 g1")
    s = _cells(
        s,
        c2=tile("blue", 5) * 4 + 3,  # tea 3, roads N E turned 270: W N
        b2=tile("blue", 4) * 4 + 1,  # silk 2, roads N S turned 90: E W
        a2=tile("blue", 3) * 4,  # a temple, roads N E
    )
    s = put(put(put(put(s, 0, fame=3), 0, money=8), 0, boat=8), 0, karma=0)
    return on_top(on_top(s, tile("green", 3)), tile("orange", 8, 1))


def _built_at_a1(reveal: int) -> State:
    """The quarry: the green 3 palace bought, `reveal` shown as the stack's new top, and the
    tile built at a1 turned 180 (roads S W): its palace is 2 fame (fame 3 to 5: the upgrade of
    fame space 5), the special yield west of a1 is 5 money (money 7 to 12: the boat to the next
    river space, 9, the palace earning)."""
    s = order(_road_to_a1(), "quarry, buy green snake with g3")
    s = GAME.apply(s, Reveal(GREEN_SNAKE, reveal))
    return order(s, "build at a1 turned 180")


def test_a_stacks_next_tile_shows_as_soon_as_its_top_is_taken() -> None:
    """Setup: the 12 stacks lie face up, well visible to everybody."""
    s = order(_road_to_a1(), "quarry, buy green snake with g3")
    assert GAME.chance(s) == "the new top tile of the green snake stack"
    assert GAME.to_move(s) is None and s.pending[1][0] == "place_tile"  # before it is placed
    s = dealt(s, ())
    assert s.tops[GREEN_SNAKE] != -1 and GAME.to_move(s) == "red"


def test_a_tile_shown_after_a_purchase_is_offered_to_the_master_builder_of_that_placement() -> None:
    """Master builder: any tile of the supply, the stack's new top among them."""
    green5 = tile("green", 5, 1)  # roads N E S W, a mill
    s = _built_at_a1(reveal=green5)
    s = order(s, "upgrade temple, chamber master builder, cover b2")  # blue 4 at b2
    assert Buy(GREEN_SNAKE, ("g1",)) in legal(s)  # 5 over 4: a green 1 pays the difference
    s = order(s, "buy green snake with g1, build at b2")
    assert s.province[0][B2] >> 2 == green5


def test_the_upgrade_of_fame_5_counts_from_the_next_turn_on() -> None:
    """Bonuses on the scoring tracks, space 5: the palace upgraded there scores 2 on a tile the
    Master builder lays later in the same placement (a river space's palace earning reached by
    the money bonus of space 12), 3 from the next turn on."""
    s = _built_at_a1(reveal=tile("green", 4))
    assert (s.fame[0], s.money[0], s.boat[0]) == (5, 12, 9)
    s = order(s, "upgrade palace")
    assert s.upgrades[0] == (0, 1, 0, 0) and s.upgrade_next_turn == 1
    s = order(s, "chamber master builder, cover b2, buy orange cow with o4, build at b2")
    assert s.fame[0] == 5 + 2 + 2  # the palace at 2, the fort at 2
    assert s.turn == 1 and s.upgrade_next_turn == -1  # the placement is over
    s = with_dice(put(s, 1, placed=3).copy(turn=0), 0, "b4")
    s = order(on_top(s, tile("blue", 4, 1)), "quarry, buy blue snake with b4, build at b1")
    assert s.fame[0] == 9 + 3  # the blue 4 palace, at 3 from this turn on


def test_what_asks_nothing_comes_in_the_step_but_an_earning_waits_for_a_choice_it_counts() -> None:
    """The order of what one step sets going (docs/rajas.md's readings): the special yield's
    5 money and the boat's move of money space 12 come with the build; river space 11 (1 fame
    an upgrade done) waits for the upgrade of fame space 5, asked before it, and counts it."""
    s = put(_road_to_a1(), 0, boat=10)
    s = order(s, "quarry, buy green snake with g3")
    s = order(GAME.apply(s, Reveal(GREEN_SNAKE, tile("green", 4))), "build at a1 turned 180")
    assert (s.money[0], s.boat[0], s.fame[0]) == (12, 11, 5)
    assert s.pending[0] == ("upgrade", 0, causes.FAME_UPGRADE)
    s = order(s, "upgrade palace")
    assert s.fame[0] == 5 + 1 and s.turn == 1


def test_options_and_the_log_say_the_upgrade_of_fame_5_counts_from_the_next_turn_on() -> None:
    """The upgrade of fame space 5 in words: `options` says what it is worth from the seat's
    next turn on, and what a tile built later in the placement earns without it; the log says
    from whose turn on it counts."""
    s = _built_at_a1(reveal=tile("green", 4))
    said = [line for line in explained_entries(s) if line.startswith("• `upgrade palace`")]
    assert said == [
        "• `upgrade palace` — palaces built from your next turn on score 3 fame (now 2)"
    ]
    upgraded = order(s, "upgrade palace")
    (line,) = GAME.narration.narrate(s, Upgrade(1), upgraded, "red")
    assert line.endswith("(palaces built from Red's next turn on score 3 fame)"), line
    s = order(upgraded, "chamber master builder, cover b2, buy orange cow with o4")
    s = dealt(s, ())
    said = [line for line in explained_entries(s) if line.startswith("• `build at b2`")]
    assert said and said[0].endswith(
        "earns 4 fame (its palace's upgrade of fame 5 counts from your next turn on)"
    ), said


def test_the_status_says_what_a_building_built_now_scores_the_fame_5_upgrade_not_yet() -> None:
    """The status gives each type's value as what a building built now scores, not those
    built (Upgrades): within the placement that took fame 5's upgrade, the value before it
    (Bonuses on the scoring tracks: from the next turn on)."""
    upgraded = order(_built_at_a1(reveal=tile("green", 4)), "upgrade palace")
    assert upgraded.pending  # the palace earning of river space 9 still asked
    red = GAME.talk.status(upgraded)[1]
    assert "buildings built now score temple 2, palace 2, fort 2, mill 2" in red, red
    later = order(upgraded, "chamber yogi, take blue")
    assert "palace 3" in GAME.talk.status(dealt(later, ()))[1]
