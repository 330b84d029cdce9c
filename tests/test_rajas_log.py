"""Rajas of the Ganges' log: each effect on the step that caused it, named by its cause in the
rules' words (the special yields, each bonus of each track, each river space's earning, the
markets, karma, the Master builder, the end), every roll by its dice's colours, and a step that
earns nothing says so. Each rule by a position built for it, told step by step as the table
tells it."""

from __future__ import annotations

import pytest
from rajas_helpers import on_top, put, started, tile, with_dice

from rules.rajas import GAME, State
from rules.rajas.notation import parse
from rules.rajas.state import Roll

CROSS = tile("blue", 5, 1)  # roads N E S W, a fort


def _cells(s: State, seat: int = 0, **cells: int) -> State:
    grid = list(s.province[seat])
    for name, held in cells.items():
        grid[(int(name[1]) - 1) * 5 + "abcde".index(name[0])] = held
    return put(s, seat, province=tuple(grid))


def told(s: State, text: str, rolls: tuple[int, ...] = ()) -> list[str]:
    """The log of an order's steps as the table writes it, one line list a step, the chance
    steps it sets going dealt on the way (a stack's first tile left; rolls from `rolls`)."""
    lines: list[str] = []
    for part in (p for p in text.split(",") if p.strip()):
        for a in parse(s, part):
            s, lines = _step(s, a, GAME.to_move(s), lines)
            while GAME.chance(s) is not None:
                dealt = GAME.deal(s, lambda n: 0)
                if isinstance(dealt, Roll) and rolls:
                    dealt = Roll(rolls[: len(dealt.values)])
                s, lines = _step(s, dealt, None, lines)
    return lines


def _step(s: State, a: object, seat: str | None, lines: list[str]) -> tuple[State, list[str]]:
    after = GAME.apply(s, a)  # type: ignore[arg-type]
    return after, [*lines, "\n".join(GAME.narration.narrate(s, a, after, seat))]  # type: ignore[arg-type]


def _river(space: int, dice: str = "b1", **fields: object) -> State:
    """Red before a harbour worker with a 1 from the space before `space` (the money bonuses
    behind it)."""
    s = put(with_dice(started(2), 0, dice), 0, boat=space - 1, money_bonus=4)
    for name, value in fields.items():
        s = put(s, 0, **{name: value})
    return s


# --- Special yields: on the build that reached them ------------------------------------------


def test_a_special_yields_5_money_is_on_the_build_that_reached_it_before_its_upgrade() -> None:
    """Special yields: the tile at a1 joins the upgrade above it and the 5 money beside it; the
    money is taken with the build, the upgrade asked after."""
    s = on_top(_cells(with_dice(started(2), 0, "o4"), b1=CROSS * 4), tile("orange", 4, 1))
    lines = told(s, "quarry, buy orange snake with o4, build at a1 turned 270, upgrade fort")
    assert lines[2] == "The orange snake stack shows orange 3: roads N E, fort"  # at once
    assert lines[3] == (
        "Red: build at a1 turned 270: its mill at 2: 2 fame; the special yield west of a1: 5 "
        "money; the special yield north of a1: an upgrade of a building type (money 2→7, fame "
        "0→2)"
    )
    assert lines[4] == "Red: upgrade fort (forts built from now on score 3 fame)"


def test_a_special_yields_die_is_said_on_the_build_and_rolled_by_its_colour() -> None:
    s = _cells(
        with_dice(started(2), 0, "b4"), a1=CROSS * 4, a2=CROSS * 4, a3=CROSS * 4, b1=CROSS * 4
    )
    s = on_top(s, tile("blue", 4, 1))
    lines = told(s, "quarry, buy blue snake with b4, build at a4 turned 180, take green", (6,))
    assert (
        "the special yield south of a4: 5 money; the special yield west of a4: a die of any "
        "colour" in lines[3]
    )
    assert lines[4:] == ["Red: take green", "Red: rolls green 6"]


# --- Bonuses on the scoring tracks; Get new workers ------------------------------------------


def test_money_12_names_its_boat_move_and_the_river_space_earned() -> None:
    s = put(with_dice(started(2), 0, ""), 0, money=10)
    assert told(s, "outer terrace, done") == [
        "Red: outer terrace: 2 money; money 12: the boat to the next unoccupied river space, 1; "
        "river space 1: 3 money (money 10→15, boat to river space 1)",
        "Red: done",
    ]


def test_a_bonus_boat_move_to_the_final_space_says_it_holds_every_boat() -> None:
    """A trial read "the boat to the next unoccupied river space, 17" with another boat on
    17: the final space holds any number of boats."""
    final = started(2).board.final
    s = put(put(with_dice(started(2), 0, ""), 0, money=10, boat=final - 1), 1, boat=final)
    assert told(s, "outer terrace")[0].startswith(
        "Red: outer terrace: 2 money; money 12: the boat to the final river space, "
        f"{final}, where any number of boats rest; river space {final}: "
    )


def test_a_run_of_rerolls_is_told_in_one_line() -> None:
    """A trial read "Yellow: reroll b1", "Yellow: reroll g4"... four lines for one outer
    terrace, where the help says a run of the same steps is one."""
    lines = ["• Red: outer terrace: 2 money", "• Red: reroll b1", "• Red: reroll g4", "• Red: done"]
    merged = GAME.narration.merge_lines(lines)
    assert merged == ["• Red: outer terrace: 2 money", "• Red: reroll b1, g4", "• Red: done"]
    assert GAME.narration.merge_lines(["Red: reroll b1", "Yellow: reroll b2"]) == [
        "Red: reroll b1",
        "Yellow: reroll b2",
    ]
    taken = ["Red: take orange", "Red: take purple", "Red: rolls orange 4, purple 1"]
    assert GAME.narration.merge_lines(taken) == [
        "Red: take orange, purple",
        "Red: rolls orange 4, purple 1",
    ]
    assert GAME.narration.line_added("• Red: reroll b1", "• Red: reroll b1, g4") == (
        "• Red: reroll g4"
    )


def test_money_20_names_the_worker_and_money_33_its_two_dice() -> None:
    s = put(with_dice(started(2), 0, "o4"), 0, money=18, money_bonus=1)
    assert told(s, "raja man singh with o4")[0].startswith(
        "Red: raja man singh with o4: 3 money; money 20: a new worker (money 18→21, workers 3→4)"
    )
    s = put(put(with_dice(started(2), 0, ""), 0, money=31, money_bonus=1), 0, gained=("money",))
    assert told(s, "outer terrace")[0] == (
        "Red: outer terrace: 2 money; money 33: 2 dice of any colours (money 31→33)"
    )


def test_fame_5_upgrade_fame_15_worker_fame_24_karma_and_fame_31_boat_are_named() -> None:
    s = put(with_dice(started(2), 0, "g1"), 0, fame=3)
    assert (
        "2 fame, and the start of the next round; fame 5: an upgrade of a building type "
        "(the buildings of that type built from Red's next turn on score 1 fame more)"
        in told(s, "great mogul with g1")[0]
    )
    s = put(with_dice(started(2), 0, "g1"), 0, fame=13)
    assert "; fame 15: a new worker (fame 13→15, workers 3→4)" in told(s, "great mogul with g1")[0]
    s = put(with_dice(started(2), 0, "g1"), 0, fame=23, karma=2)
    assert (
        "; fame 24: 2 karma (karma is at most 3) (fame 23→25, karma 2→3)"
        in told(s, "great mogul with g1")[0]
    )
    s = put(with_dice(started(2), 0, "g1"), 0, fame=30, money_bonus=4)
    assert (
        "; fame 31: the boat to the next unoccupied river space, 1; river space 1: 3 money"
        in (told(s, "great mogul with g1")[0])
    )


def test_the_bridge_names_its_worker() -> None:
    lines = told(_river(9), "harbour with b1, chamber yogi, take blue", (2,))
    assert lines[0] == (
        "Red: harbour with b1: 1 unoccupied space, the boat to river space 9; past the bridge: "
        "a new worker; river space 9: a palace action of your choice (Dancer to Portuguese), "
        "with no die given (workers 3→4, boat to river space 9)"
    )
    assert lines[1] == "Red: chamber yogi: 2 karma (karma 1→3)"


# --- Explanation of the earnings on the river ----------------------------------------------


EARNINGS = {
    1: "3 money",
    2: "2 karma",
    3: "2 dice of any colours",
    4: "2 fame",
    5: "goods of one kind, up to 3 markets, with no die given",
    6: "an upgrade of a building type",
    7: "1 blue die a karma: 2 blue dice",
    8: "1 money a market: 0 money",
    10: "2 dice of any colours",
    11: "1 fame an upgrade done: 2 fame",
    12: "1 orange die a karma: 2 orange dice",
    13: "assorted goods, up to 3 markets: 0 money",
    14: "2 money an upgrade done: 4 money",
    15: "2 fame a karma: 4 fame",
    16: "8 money",
    17: "6 fame",
}


@pytest.mark.parametrize(("space", "words"), sorted(EARNINGS.items()))
def test_a_river_spaces_earning_is_said_in_words_on_the_step_that_reached_it(
    space: int, words: str
) -> None:
    s = _river(space, karma=2, upgrades=(1, 1, 0, 0))
    assert f"river space {space}: {words}" in told(s, "harbour with b1")[0]


def test_a_river_spaces_assorted_goods_name_the_markets_they_score() -> None:
    markets = _cells(started(2), b1=tile("blue", 4) * 4, d1=tile("blue", 5) * 4)
    s = _river(13, province=markets.province[0])
    assert (
        "river space 13: assorted goods, up to 3 markets, silk 2, tea 3: 5 money"
        in told(s, "harbour with b1")[0]
    )


def test_a_river_spaces_karma_dice_with_no_karma_say_there_is_none() -> None:
    assert (
        "river space 7: 1 blue die a karma, and no karma: no die"
        in told(_river(7, karma=0), "harbour with b1")[0]
    )


# --- II. Market action; a step that earns nothing ---------------------------------------------


def test_the_markets_name_what_they_score_and_say_when_there_is_none() -> None:
    s = _cells(started(2), b1=tile("blue", 4) * 4, d1=tile("blue", 5) * 4)  # silk 2, tea 3
    assert told(s, "assorted market")[0] == (
        "Red: assorted market: the best market of each good, silk 2, tea 3: 5 money (money 3→8)"
    )
    assert told(started(2), "assorted market")[0] == (
        "Red: assorted market: no market in the province to score: 0 money"
    )
    s = with_dice(s, 0, "p4")
    assert told(s, "goods market with p4, score tea")[1] == (
        "Red: score tea: tea, 3: 3 money (money 3→6)"
    )
    assert told(with_dice(started(2), 0, "p5"), "goods market with p5") == [
        "Red: goods market with p5: no market in the province to score"
    ]


def test_an_upgrade_or_a_die_with_nothing_left_to_take_says_so() -> None:
    s = put(with_dice(started(2), 0, "o4"), 0, upgrades=(2, 2, 2, 2))
    assert told(s, "raja man singh with o4")[0] == (
        "Red: raja man singh with o4: 3 money; every building type is at its highest: no "
        "upgrade (money 3→6)"
    )
    s = _river(7, dice="g1", karma=1).copy(supply=(0, 11, 12, 12))
    assert (
        "river space 7: 1 blue die a karma: 1 blue die; no blue die left in the supply"
        in (told(s, "harbour with g1")[0])
    )


# --- Karma; III. The Master builder; End of the game -----------------------------------------


def test_karma_says_which_die_it_turns_and_where_it_stops() -> None:
    s = put(with_dice(started(2), 0, "b6 b3"), 0, karma=2)
    assert told(s, "great mogul with karma b6")[0].startswith(
        "Red: great mogul with karma b6: karma turns b6 to 1; 2 fame"
    )
    assert (
        "Red: yogi with b3: 2 karma (karma is at most 3)" in told(s, "yogi with b3, take blue")[0]
    )


def test_the_master_builder_says_what_it_covers_and_that_no_yield_comes_again() -> None:
    s = with_dice(started(2), 0, "o5 b4")
    s = on_top(_cells(s, b1=tile("blue", 3) * 4), tile("blue", 7))
    lines = told(s, "master builder with o5, cover b1, buy blue cow with b4, build at b1")
    assert lines[-1] == (
        "Red: build at b1: laid over the blue 3 (Master builder: no special yield again); its "
        "temple at 2 and palace at 2: 4 fame (fame 0→4)"
    )


def test_the_markers_meeting_is_said_on_the_step_they_meet_not_when_the_placement_ends() -> None:
    """End of the game: the build's fame takes Red past; an upgrade it reached is asked
    after, and that step does not repeat it."""
    s = on_top(_cells(with_dice(started(2), 0, "o4"), b1=CROSS * 4), tile("orange", 4, 1))
    s = put(put(s, 0, fame=26), 0, money=63, money_bonus=4)  # 63 lies beside fame 29
    lines = told(s, "quarry, buy orange snake with o4, build at a1 turned 270, upgrade fort")
    assert lines[3].endswith(
        "\nRed's markers meet: the end of the game is triggered; Yellow may place one more "
        "worker before the game ends"
    )
    assert "meet" not in lines[4]
