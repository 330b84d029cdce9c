"""Rajas of the Ganges, rule by rule: a test per section of the rules text, named after it,
with the text's examples (Rajesh's orange 9, Leila's special yields, Rajesh's markets)."""

from __future__ import annotations

import pytest
from rajas_helpers import dealt, on_top, order, put, started, tile, with_dice

from rules.errors import InvalidOrder
from rules.rajas import GAME, SEATS, RajasOptions, State
from rules.rajas.engine import legal
from rules.rajas.notation import describe, parse
from rules.rajas.reference import topic
from rules.rajas.state import (
    NO,
    Build,
    Buy,
    Done,
    DrawYield,
    Enough,
    FirstPlayer,
    Pass,
    Pick,
    Place,
    Release,
    Reroll,
    Roll,
    Setup,
    Undo,
    Upgrade,
)

A4, B1, C2 = 15, 1, 7  # cells of the 5 x 4 province: a4 bottom left, b1 beside the residence


def _cells(s: State, seat: int, **cells: int) -> State:
    grid = list(s.province[seat])
    for name, held in cells.items():
        grid[(int(name[1]) - 1) * 5 + "abcde".index(name[0])] = held
    return put(s, seat, province=tuple(grid))


# --- Setup ----------------------------------------------------------------------------------


def test_setup_lowest_roll_starts_with_3_money_each_next_seat_one_more() -> None:
    s = started(4, first=2)
    assert (s.start, s.turn, s.money) == (2, 2, (5, 6, 3, 4))
    assert s.supply == (8, 8, 8, 8) and all(len(d) == 4 for d in s.dice)
    assert s.workers == (3,) * 4 and s.karma == (1,) * 4 and s.fame == (0,) * 4
    assert s.boat == (0,) * 4 and all(t != NO for t in s.tops)


def test_setup_a_tie_for_the_lowest_roll_is_drawn_among_the_tied() -> None:
    s = GAME.new_game(RajasOptions(), ("red", "yellow", "white"))
    s = GAME.apply(s, Setup((1, 2, 3, 4, 4, 3, 2, 1, 6, 6, 6, 6), tuple(st[0] for st in s.stacks)))
    assert GAME.chance(s) is not None and GAME.to_move(s) is None
    dealt = GAME.deal(s, lambda n: n - 1)
    assert dealt == FirstPlayer("yellow")
    with pytest.raises(ValueError, match="not among the seats tied"):
        GAME.apply(s, FirstPlayer("white"))
    s = GAME.apply(s, dealt)
    assert s.start == 1 and s.money == (5, 3, 4)  # the last to place starts with most


# --- Placing workers; Dice; Karma -----------------------------------------------------------


def test_rajesh_building_action_pays_1_money_and_2_orange_dice_for_the_orange_9() -> None:
    """I. Building action, the example: 1 money, two orange dice, the orange 9 joined to a road."""
    s = on_top(with_dice(started(2), 0, "o4 o5 b1"), tile("orange", 9))
    orange = s.supply[2]
    s = order(s, "quarry, buy orange cow with o4 o5")
    assert GAME.chance(s) == "the new top tile of the orange cow stack"  # face up at once
    s = order(dealt(s, ()), "build at b1")
    orange9 = s.tiles.tiles[tile("orange", 9)]
    assert s.province[0][B1] == tile("orange", 9) * 4
    assert s.dice[0] == ("b1",) and s.supply[2] == orange + 2  # both back in the supply
    assert s.money[0] == 3 - 1 + sum(v for _, v in orange9.markets)


def test_building_action_overpay_blue_3_and_5_for_the_blue_7_but_no_die_not_needed() -> None:
    s = on_top(with_dice(started(2), 0, "b3 b5 b2"), tile("blue", 7))
    s = order(s, "quarry")
    buys = [a for a in legal(s) if isinstance(a, Buy) and a.stack == 1]
    assert Buy(1, ("b3", "b5")) in buys
    assert all(len(a.dice) < 3 for a in buys)  # b2 b3 b5 would give up a die not needed
    assert Buy(1, ("b2", "b3"), ("b2",)) in buys  # karma turns the 2 to a 5: 8


def test_a_tile_overpaid_where_a_cheaper_payment_is_allowed_is_asked_about() -> None:
    """A trial paid p6 p6 for a tile costing 10 and could not take it back (the next tile is
    turned up at once): a payment worth more than another allowed now, with no more karma, is
    asked about before it is played (`; confirm` plays it)."""
    s = order(on_top(with_dice(started(2), 0, "b2 b5 b6 b6"), tile("blue", 7)), "quarry")
    menus = GAME.menus
    assert menus.note(s, Buy(1, ("b2", "b5"))) is None  # 7: no waste
    assert menus.note(s, Buy(1, ("b6", "b6"))) == (
        "it pays 12 in dice where `buy blue cow with b2 b5` pays 7, and a tile bought is not "
        "taken back (the next of its stack is turned up)"
    )
    assert menus.note(s, Place("quarry")) is None


def test_province_boards_a_tile_joins_an_existing_road() -> None:
    """The province boards: the first tile touches one of the residence's 3 roads."""
    s = on_top(with_dice(started(2), 0, "b4"), tile("blue", 4, 1))
    s = dealt(order(s, "quarry, buy blue snake with b4"), ())
    cells = {a.cell for a in legal(s) if isinstance(a, Build)}
    assert cells == {1, 3, 7}  # b1, d1, c2: beside the residence's W, E and S roads
    with pytest.raises(ValueError, match="no road of your province reaches a4"):
        order(s, "build at a4")


def test_special_yields_leila_reaches_the_die_and_5_money_of_the_corner() -> None:
    """Special yields, the example: a tile in the bottom left corner reaching both yields."""
    cross = tile("blue", 5, 1)  # NESW
    s = with_dice(started(2), 0, "b4")
    s = _cells(s, 0, a1=cross * 4, a2=cross * 4, a3=cross * 4, b1=cross * 4)
    s = on_top(s, tile("blue", 4, 1))  # roads N E S: turned 180, S W N
    s = order(s, "quarry, buy blue snake with b4, build at a4 turned 180")
    assert s.money[0] == 3 - 1 + 5 and s.fame[0] == 2
    assert [type(a) for a in legal(s)] == [Pick] * 4  # any 1 die from the supply
    s = order(s, "take green", rolls=(6,))
    assert "g6" in s.dice[0]


def test_upgrades_count_for_buildings_added_later() -> None:
    """The upgrades of the buildings: Raja Man Singh's upgrade, then a temple scores 3."""
    s = with_dice(started(2), 0, "o4 b4")
    s = order(s, "raja man singh with o4, upgrade temple")
    assert s.upgrades[0] == (1, 0, 0, 0) and s.money[0] == 6
    s = on_top(put(s, 1, placed=3).copy(turn=0), tile("blue", 3))  # blue 3: a temple
    s = order(s, "quarry, buy blue snake with b4, build at b1")
    assert s.fame[0] == 3


def _rajesh_markets(s: State) -> State:
    """Rajesh's province: a silk market and three tea markets (II. Market action)."""
    return _cells(
        s,
        0,
        b1=tile("blue", 4) * 4,  # silk 2
        d1=tile("blue", 5) * 4,  # tea 3
        c2=tile("green", 4) * 4,  # tea 2
        c3=tile("orange", 8) * 4,  # a temple and tea 2
    )


def test_market_assorted_goods_rajesh_scores_silk_and_the_best_tea_for_5() -> None:
    s = _rajesh_markets(started(2))
    assert order(s, "assorted market").money[0] == 3 + 5


def test_market_one_kind_rajesh_gives_up_a_4_for_all_3_teas_for_7() -> None:
    s = _rajesh_markets(with_dice(started(2), 0, "p4"))
    s = order(s, "goods market with p4, score tea")
    assert s.money[0] == 3 + 7 and s.dice[0] == ()


def test_market_of_a_good_not_held_names_each_market_held() -> None:
    """A trial read "your markets: silk 3 3": each market named with its good."""
    s = _rajesh_markets(with_dice(started(2), 0, "p4"))
    with pytest.raises(ValueError, match=r"no spices market \(your markets: silk 2, tea 3, tea 2"):
        order(s, "goods market with p4, score spices")


def test_market_one_worker_on_assorted_goods_a_round_with_3_or_4_players() -> None:
    three = started(3).copy(spaces=((), (), (0,), *((),) * 16))
    assert Place("assorted_market") not in legal(three)
    two = started(2).copy(spaces=((), (), (0,), *((),) * 16))
    assert Place("assorted_market") in legal(two)


def test_market_goods_of_one_kind_takes_a_players_workers_in_turn_with_3_or_4_players() -> None:
    """A trial doubted a seat's two goods markets in a round: the one-worker limit is the
    assorted market's alone (II. Market action), and `rules market` says so."""
    three = with_dice(started(3), 0, "p4").copy(spaces=((), (), (), (0,), *((),) * 15))
    assert any(a.area == "goods_market" for a in legal(three) if isinstance(a, Place))
    assert "no such limit" in topic("market")


# --- III. Actions at the palace -------------------------------------------------------------


def test_outer_terrace_takes_2_money_and_rerolls_chosen_dice() -> None:
    s = with_dice(started(2), 0, "o1 b6")
    s = order(s, "outer terrace, reroll o1, done", rolls=(5,))
    assert s.money[0] == 5 and s.dice[0] == ("b6", "o5")


def test_terrace_takes_a_die_of_its_colour_while_the_supply_has_one() -> None:
    s = order(with_dice(started(2), 0, ""), "terrace green", rolls=(2,))
    assert s.dice[0] == ("g2",)
    empty = with_dice(started(2), 1, " ".join(["g1"] * 10)).copy(supply=(12, 0, 12, 12))
    assert Place("terrace_green") not in legal(empty)  # Dice: a colour the supply lacks


def test_balcony_gives_1_die_for_2_of_another_colour() -> None:
    s = order(with_dice(started(2), 0, "o3"), "balcony orange with o3", rolls=(1, 6))
    assert s.dice[0] == ("p1", "p6")


def test_great_mogul_takes_a_1_for_2_fame_and_the_next_round_start() -> None:
    s = with_dice(started(2), 0, "b6")
    s = order(s, "great mogul with karma b6")  # Karma: the 6 turned to a 1
    assert s.fame[0] == 2 and s.karma[0] == 0 and s.dice[0] == ()
    s = put(put(s, 0, placed=3), 1, placed=3)
    s = order(put(s, 1, placed=2), "outer terrace, done")
    assert s.round == 2 and s.start == 0  # End of a round: the Great Mogul's seat starts


def test_end_of_a_round_without_the_great_mogul_passes_the_start_clockwise() -> None:
    s = put(put(started(3), 0, placed=3), 1, placed=3)
    s = order(put(s, 2, placed=2).copy(turn=2), "outer terrace, done")
    assert (s.round, s.start, s.turn, s.placed) == (2, 1, 1, (0, 0, 0))


def test_each_round_is_headed_by_who_starts_why_and_the_order_of_placing() -> None:
    """A trial had to work out the rotation that decided who took the assorted market."""
    new = GAME.new_game(RajasOptions(), ("red", "yellow", "white"))
    s = GAME.apply(
        new, Setup((4, 4, 4, 4, 1, 1, 1, 1, 6, 6, 6, 6), tuple(t[0] for t in new.stacks))
    )
    assert GAME.narration.headline(new, s, []) == [
        "**Round 1.** Yellow starts (the lowest total of the starting dice, 4; so it has 3 "
        "money, each next seat 1 more); order: Yellow, White, Red."
    ]
    # a trial's Red and White tied at 11 and read no word of how White came to start
    tied = GAME.apply(
        new, Setup((4, 4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1), tuple(t[0] for t in new.stacks))
    )
    drawn = GAME.apply(tied, FirstPlayer("white"))
    assert GAME.narration.headline(new, drawn, [])[0].startswith(
        "**Round 1.** White starts (the lowest total of the starting dice, 4, drawn by lot "
        "among Yellow and White; so it has 3 money, each next seat 1 more)"
    )
    assert "The lowest total of those dice starts (a tie, which the text" in topic("setup")
    b = put(put(started(3), 0, placed=3), 1, placed=3).copy(turn=2)
    a = order(put(b, 2, placed=2), "outer terrace, done")
    assert GAME.narration.headline(b, a, []) == [
        "**Round 2.** Yellow starts (the next seat clockwise); order: Yellow, White, Red."
    ]
    mogul = put(b, 2, placed=2).copy(mogul=0)
    a = order(mogul, "outer terrace, done")
    assert GAME.narration.headline(mogul, a, [])[0].startswith(
        "**Round 2.** Red starts (it took the Great Mogul last round); order: Red, Yellow"
    )


def test_dancer_takes_any_2_dice_and_a_white_yield_tile() -> None:
    s = order(
        with_dice(started(2), 0, "g2"), "dancer with g2, take orange, take blue", rolls=(3, 4)
    )
    assert s.dice[0] == ("b3", "o4")
    assert GAME.chance(s) == "a white yield tile"
    s = GAME.apply(s, DrawYield("money"))
    assert s.money[0] == 6 and s.yield_discard == ("money",) and len(s.yield_deck) == 7


def test_yogi_gives_2_karma_at_most_3_and_a_die_of_choice() -> None:
    s = order(with_dice(started(2), 0, "b3"), "yogi with b3, take purple", rolls=(1,))
    assert s.karma[0] == 3 and s.dice[0] == ("p1",)


def test_master_builder_covers_a_tile_with_a_dearer_one_paying_the_difference() -> None:
    s = with_dice(started(2), 0, "o5 b4")
    s = on_top(_cells(s, 0, b1=tile("blue", 3) * 4), tile("blue", 7))  # 3 -> 7: 4 to pay
    s = order(s, "master builder with o5, cover b1, buy blue cow with b4, build at b1")
    assert s.province[0][B1] >> 2 == tile("blue", 7) and s.covered[0] == ((B1, tile("blue", 3)),)
    assert s.fame[0] == 4 and s.money[0] == 3  # two buildings; no special yield again
    s = with_dice(s, 0, "o5 b6 b6")
    assert not [a for a in legal(s) if isinstance(a, Place) and a.area == "master_builder"]


def test_master_builder_not_offered_without_a_tile_to_cover() -> None:
    s = with_dice(started(2), 0, "o5 b6 b6")
    assert not [a for a in legal(s) if isinstance(a, Place) and a.area == "master_builder"]


def test_portuguese_sails_exactly_6_unoccupied_spaces_never_from_the_last_6() -> None:
    s = put(with_dice(started(2), 0, "g6"), 1, boat=3)
    s = order(s, "portuguese with g6")
    assert s.boat[0] == 7  # space 3 skipped; space 7's earning: karma dice in blue
    final = s.board.final
    late = put(with_dice(started(2), 0, "g6"), 0, boat=final - 5)
    assert not [a for a in legal(late) if isinstance(a, Place) and a.area == "portuguese"]


# --- IV. River action -------------------------------------------------------------------------


def test_harbour_first_worker_free_a_die_showing_3_sails_up_to_3_skipping_boats() -> None:
    s = put(with_dice(started(2), 0, "b3"), 1, boat=1)
    s = order(s, "harbour with b3")
    assert s.money[0] == 3 and s.pending[0][0] == "sail"
    s = order(s, "sail 3")
    assert s.boat[0] == 4  # space 1 skipped: spaces 2, 3, 4; fame 2 there
    assert s.fame[0] == 2


def test_harbour_needs_a_1_2_or_3_and_karma_can_make_one() -> None:
    s = with_dice(started(2), 0, "o5")
    harbour = [a for a in legal(s) if isinstance(a, Place) and a.area == "harbour"]
    assert harbour == [Place("harbour", ("o5",), ("o5",))]
    s = order(s, "harbour with karma o5, sail 2")
    assert s.boat[0] == 2 and s.karma[0] == 0 + 2  # space 2 gives 2 karma


def test_river_final_space_is_shared_and_ends_river_actions() -> None:
    final = started(2).board.final
    s = put(put(with_dice(started(2), 0, "b1"), 1, boat=final), 0, boat=final - 1)
    s = order(s, "harbour with b1")
    assert s.boat == (final, final)
    s = with_dice(s.copy(turn=0, pending=()), 0, "b1")
    assert not [a for a in legal(s) if isinstance(a, Place) and a.area == "harbour"]


# --- Get new workers; Bonuses on the scoring tracks -----------------------------------------


def test_new_workers_from_fame_15_money_20_and_the_bridge_at_most_2() -> None:
    s = with_dice(started(2), 0, "b4")
    s = put(put(s, 0, fame=14, money=19), 0, upgrades=(0, 0, 0, 0))
    s = order(s, "raja man singh with b4, upgrade fort")  # money 19 -> 22: a worker
    assert s.workers[0] == 4 and s.gained[0] == ("money",)
    s = put(s, 0, boat=s.board.bridge_after)
    s = with_dice(s.copy(turn=0), 0, "g1")
    s = order(s, "harbour with g1")  # past the bridge: the second, and last
    assert s.workers[0] == 5 and s.gained[0] == ("money", "river")


def test_fame_bonus_5_gives_an_upgrade_and_24_two_karma() -> None:
    s = put(with_dice(started(2), 0, "g1"), 0, fame=3, karma=0)
    s = order(s, "great mogul with g1, upgrade mill")
    assert s.fame[0] == 5 and s.upgrades[0] == (0, 0, 0, 1)
    s = put(with_dice(started(2), 0, "g1"), 0, fame=23, karma=0)
    assert order(s, "great mogul with g1").karma[0] == 2


def test_money_bonus_marker_gives_each_bonus_once_in_order() -> None:
    s = put(with_dice(started(2), 0, ""), 0, money=10)
    s = order(s, "outer terrace, done")  # 12: the boat to the next unoccupied space
    assert s.boat[0] == 1 and s.money[0] == 12 + 3 and s.money_bonus[0] == 1
    s = put(s, 0, money=9).copy(turn=0)
    s = order(s, "outer terrace, done")  # 11: the marker waits on 33
    assert s.boat[0] == 1 and s.money_bonus[0] == 1


def test_kali_statue_holds_10_dice_put_some_back_or_take_fewer() -> None:
    s = with_dice(started(2), 0, "b1 b2 b3 b4 b5 b6 g1 g2 g3 g4")
    s = order(s, "terrace orange")
    assert set(legal(s)) == {Release(d) for d in s.dice[0]} | {Enough()}
    s = order(s, "return b1", rolls=(4,))
    assert len(s.dice[0]) == 10 and "o4" in s.dice[0] and "b1" not in s.dice[0]


def test_karma_cannot_turn_a_die_without_karma() -> None:
    s = put(with_dice(started(2), 0, "b6"), 0, karma=0)
    with pytest.raises(ValueError, match=r"turning a die takes 1 karma and you have 0 \(Karma\)"):
        order(s, "great mogul with karma b6")


# --- End of the game --------------------------------------------------------------------------


def test_end_of_the_game_the_stage_is_completed_by_the_later_seats() -> None:
    """Red starts; Yellow triggers the end; White, sitting before the starting player, places
    once more; Red does not."""
    s = put(started(3, first=0), 0, placed=1).copy(turn=1)
    s = put(put(put(with_dice(s, 1, "g1"), 1, fame=30), 1, money=65), 1, money_bonus=4)
    s = order(s, "great mogul with g1")  # fame 32 >= 28 beside money 65: crossed
    assert s.crossed == (1,) and s.phase == "play" and s.turn == 2
    s = order(s, "outer terrace, done")
    assert s.phase == "over" and s.placed == (1, 1, 1)
    result = GAME.result(s)
    assert result is not None and result.winners == ("yellow",)
    assert result.places[1:] == (("white",), ("red",))  # White 2 money nearer crossing


def test_end_of_the_game_example_rajesh_and_leila_both_2_past_rajesh_first() -> None:
    """End of the game, the example: Rajesh money 65 fame 30, then Leila money 52 fame 37."""
    s = started(2)
    s = put(put(put(with_dice(s, 0, ""), 0, money=63), 0, fame=30), 0, money_bonus=4)  # Rajesh
    s = order(s, "outer terrace, done")  # money 65
    assert (s.money[0], s.fame[0], s.crossed) == (65, 30, (0,))
    s = put(put(put(with_dice(s, 1, "b1"), 1, money=52), 1, fame=35), 1, money_bonus=4)  # Leila
    s = order(s, "great mogul with b1")  # fame 37
    assert (s.money[1], s.fame[1], s.phase) == (52, 37, "over")
    result = GAME.result(s)
    assert result is not None
    assert result.places == (("red",), ("yellow",)) and result.scores == {"red": 2, "yellow": 2}
    assert result.text == "Red wins: as far past as Yellow, and crossed first (2 fame points past)"


# --- Notation, JSON, undo ----------------------------------------------------------------------


def test_karma_written_after_its_die_is_refused_with_the_order_as_meant() -> None:
    """A trial typed `yogi with g4 karma`: read as `yogi with g4`, the karma dropped unsaid."""
    s = with_dice(started(2), 0, "g4 b3")
    with pytest.raises(InvalidOrder, match=r"before the die it turns: `yogi with karma g4`"):
        parse(s, "yogi with g4 karma")
    with pytest.raises(InvalidOrder, match=r"before the die it turns, as `harbour with karma"):
        parse(s, "yogi karma")
    assert parse(s, "yogi with karma g4") == [Place("yogi", ("g4",), ("g4",))]


def test_an_order_past_a_tile_revealed_is_read_by_its_words_for_the_table_to_leave_unplayed() -> (
    None
):
    """Setup: the stacks lie face up, so a purchase reveals the stack's new top and the order
    ends there (a reveal commits); the steps after it are read by their words alone (a bare
    word as the answer it gives), never against a position not yet seen, for the table to
    tell them unplayed. Words that name no step there are still unreadable, by their step."""
    s = on_top(with_dice(started(2), 0, "o4 o5 b1"), tile("orange", 9))
    steps = parse(s, "quarry, buy orange cow with o4 o5, build at b1 turned 90, temple")
    assert steps[2:] == [Build(1, 1), Upgrade(0)]
    played = GAME.apply(GAME.apply(s, steps[0]), steps[1])
    assert GAME.chance(played) == "the new top tile of the orange cow stack"
    with pytest.raises(InvalidOrder, match=r"no step starts with `frobnicate`") as e:
        parse(s, "quarry, buy orange cow with o4 o5, frobnicate")
    assert e.value.where == "Step 3 (`frobnicate`)"


def test_a_refused_step_names_the_rule_and_what_is_allowed() -> None:
    s = with_dice(started(2), 0, "b2")
    with pytest.raises(ValueError, match=r"exactly 1 .*b2 shows 2 \(III\. The chambers\)"):
        GAME.apply(s, Place("great_mogul", ("b2",)))
    s = order(s, "outer terrace")
    with pytest.raises(
        ValueError, match=r"roll again.*The outer terrace.*Allowed: `reroll b2`, `done`"
    ):
        GAME.apply(s, Place("quarry"))


def test_undo_takes_back_a_step_of_the_placement_never_a_roll() -> None:
    s = with_dice(started(2), 0, "o1 b6")
    placed = GAME.apply(s, Place("outer_terrace"))
    marked = GAME.apply(placed, Reroll("o1"))
    assert GAME.turns.undo(marked) == ("red", Undo())
    back = GAME.apply(marked, Undo())
    assert back == placed and GAME.apply(back, Undo()) == s
    rolled = GAME.apply(GAME.apply(marked, Done()), Roll((3,)))
    assert rolled.turn == 1 and GAME.turns.undo(rolled) is None
    with pytest.raises(ValueError, match="nothing to undo"):
        GAME.apply(rolled, Undo())


def test_states_and_actions_round_trip_through_json() -> None:
    s = order(with_dice(started(3), 0, "o3"), "balcony orange with o3")
    assert GAME.state_from_json(GAME.state_to_json(s)) == s
    for a in legal(with_dice(started(2), 0, "o3 b1 g6")):
        assert GAME.action_from_json(GAME.action_to_json(a)) == a


# --- Explanation of the earnings on the river -----------------------------------------------


def _sail_to(space: int, **fields: object) -> State:
    """Red's harbour worker with a 1 from the space before `space` (the money bonuses behind)."""
    s = put(with_dice(started(2), 0, "b1"), 0, boat=space - 1, money_bonus=4)
    for name, value in fields.items():
        s = put(s, 0, **{name: value})
    return order(s, "harbour with b1")


def test_river_earnings_money_fame_and_karma_by_what_the_player_has() -> None:
    assert _sail_to(16).money[0] == 3 + 8
    assert _sail_to(4).fame[0] == 2
    assert _sail_to(11, upgrades=(1, 1, 0, 0)).fame[0] == 2  # 1 fame per upgrade
    assert _sail_to(14, upgrades=(1, 1, 0, 0)).money[0] == 3 + 4  # 2 money per upgrade
    assert _sail_to(15, karma=2).fame[0] == 4  # 2 fame per karma
    markets = _rajesh_markets(started(2)).province[0]
    assert _sail_to(8, province=markets).money[0] == 3 + 4  # 1 money per market
    assert _sail_to(13, province=markets).money[0] == 3 + 5  # assorted goods


def test_river_earning_karma_dice_one_die_of_its_colour_per_karma() -> None:
    s = _sail_to(7, karma=2)  # blue
    assert s.dice[0] == ("b0", "b0") and GAME.chance(s) == "the roll of 2 dice for red"
    assert _sail_to(7, karma=0).turn == 1  # no karma, no die: the placement is over


def test_river_earning_palace_any_chamber_2_to_6_without_a_die_or_a_free_space() -> None:
    s = _sail_to(9)
    assert s.workers[0] == 4  # past the bridge: a new worker
    assert [describe(s, a) for a in legal(s)] == [
        "chamber dancer",
        "chamber yogi",
        "chamber raja man singh",
        "chamber portuguese",
    ]  # no tile to cover: no Master builder
    s = order(s, "chamber raja man singh, upgrade fort")
    assert s.money[0] == 6 and s.upgrades[0] == (0, 0, 1, 0)


def test_fame_bonus_31_moves_the_boat_and_money_33_gives_two_dice() -> None:
    s = put(with_dice(started(2), 0, "g1"), 0, fame=30, money_bonus=4)
    s = order(s, "great mogul with g1")
    assert s.boat[0] == 1 and s.money[0] == 3 + 3  # the next space, and its earning
    s = put(with_dice(started(2), 0, ""), 0, money=31, money_bonus=1)
    s = order(s, "outer terrace")  # 33: two dice first, then the rerolls
    assert s.money_bonus[0] == 2 and "take 2 dice" in GAME.talk.prompt(s, "red")


# --- Game play: placement order; the table talk ---------------------------------------------


def test_game_play_seats_place_in_turn_skipping_those_without_workers() -> None:
    s = put(started(3), 1, placed=3)
    s = order(s, "outer terrace, done")
    assert s.turn == 2  # yellow has placed all its workers
    s = order(s, "outer terrace, done")
    assert s.turn == 0


def test_a_player_with_no_usable_space_passes_for_the_round() -> None:
    s = with_dice(started(4), 0, "").copy(spaces=tuple((9,) * 8 for _ in range(19)))
    assert legal(s) == [Pass()] and "`pass`" in GAME.talk.prompt(s, "red")
    s = GAME.apply(s, Pass())
    assert s.passed[0] and s.turn == 1


def test_the_table_is_told_each_step_and_the_position() -> None:
    s = with_dice(started(2), 0, "b4")
    after = order(s, "raja man singh with b4, upgrade temple")
    lines = GAME.narration.narrate(s, Place("raja_man_singh", ("b4",)), after, "red")
    assert lines[0].startswith("Red: raja man singh with b4")
    status = GAME.talk.status(after)
    assert status[0] == "round 1, Red starts"
    assert status[1].startswith("Red: money 6, fame 0 (") and (
        "buildings built now score temple 3, palace 2, fort 2, mill 2" in status[1]
    )
    # in the unit the end's ranking reads (a trial read "26 to cross", then "24 apart")
    assert " fame spaces to cross)" in status[1]
    assert "the nearest to crossing first" in GAME.reference.rules_reference("end")
    assert GAME.talk.prompt(after, "red") == "round 1: waiting for Yellow"
    assert "IV. River action" in GAME.reference.rules_reference("river")
    # what trials could not tell: dice of 4-6 at the harbour, the tracks' pace, the cover's
    # price, the Dancer's tile drawn
    assert "a 4, 5 or 6 only turned by karma" in GAME.reference.rules_reference("river")
    assert "13 money spaces lie beside 7 fame" in GAME.reference.rules_reference("overview")
    palace = GAME.reference.rules_reference("palace")
    assert "paying the difference" in palace and "drawn face down" in palace
    with pytest.raises(ValueError, match="the topics are"):
        GAME.reference.rules_reference("chess")


def test_setup_three_players_cover_tiles_close_two_quarry_spaces() -> None:
    s = on_top(with_dice(started(3), 0, "b4"), tile("blue", 4, 1))
    s = s.copy(spaces=((1, 2, 1, 2, 1), *((),) * 18))
    assert Place("quarry") in legal(s) and s.board.sides[3].quarry[5] == 3
    assert Place("quarry") not in legal(s.copy(spaces=((1, 2) * 3, *((),) * 18)))


def test_dancer_yield_tiles_are_reshuffled_when_none_is_left() -> None:
    s = with_dice(started(2), 0, "g2")
    s = s.copy(yield_deck=(), yield_discard=("die", "karma", "money", "upgrade") * 2)
    s = order(s, "dancer with g2, take blue, take blue", rolls=(1, 1))
    s = GAME.apply(s, GAME.deal(s, lambda n: 0))
    assert len(s.yield_deck) == 7 and len(s.yield_discard) == 1


def test_upgrades_stop_at_the_last_column() -> None:
    s = put(with_dice(started(2), 0, "o4"), 0, upgrades=(2, 2, 2, 2))
    s = order(s, "raja man singh with o4")  # no upgrade left: the 3 money alone
    assert s.money[0] == 6 and s.turn == 1


def test_master_builder_takes_only_a_dearer_tile() -> None:
    s = with_dice(started(2), 0, "o5 b6 b6")
    s = _cells(s, 0, b1=tile("blue", 7) * 4)
    s = on_top(s, tile("blue", 3))
    s = order(s, "master builder with o5, cover b1")
    assert all(s.tiles.tiles[s.tops[a.stack]].cost > 7 for a in legal(s) if isinstance(a, Buy))


def test_the_status_near_the_end_says_who_places_last_and_ends_the_game_by_crossing() -> None:
    """A trial crossed as the last to place in a round and took the sudden end for a slip;
    neither `status` nor `rules end` had said so."""
    s = with_dice(started(2), 1, "g1")
    assert GAME.talk.status(s)[0] == "round 1, Red starts"  # far from crossing: not said
    near = put(s, 1, fame=27, money=65, money_bonus=4)
    assert GAME.talk.status(near)[0] == (
        "round 1, Red starts; once a player's markers meet, the players after it place until "
        "the turn comes back to Red, then the game ends; if Yellow's meet, it ends at once "
        "(nobody with a worker left places after Yellow)"
    )
    # Yellow's workers all placed: Red's crossing too ends the game at once (End of the game:
    # those after the crossing seat with a worker left place once more), not at the round's end
    spent = put(near, 1, placed=near.workers[1])
    assert (
        "; if Red's or Yellow's meet, it ends at once (nobody with a worker left places after "
        "Red or Yellow)" in (GAME.talk.status(spent)[0])
    )
    ended = order(put(near, 0, placed=3).copy(turn=1), "great mogul with g1")
    assert GAME.talk.status(ended)[0] == "round 1, Red starts"  # over: the result says the rest
    three = put(with_dice(started(3), 1, "g1"), 1, fame=27, money=65, money_bonus=4)
    three = order(put(three, 0, placed=3).copy(turn=1), "great mogul with g1")  # White places
    assert GAME.talk.status(three)[0] == (
        "round 1, Red starts; the end is triggered: the game ends before the turn comes back to Red"
    )
    end = GAME.reference.rules_reference("end")
    assert "or one after whom nobody has a worker left, ends the game at once" in end


def test_the_table_is_told_when_the_end_is_triggered_and_the_result() -> None:
    s = put(with_dice(started(2), 1, "g1"), 1, fame=27, money=65, money_bonus=4)
    s = put(s, 0, placed=3).copy(turn=1)
    after = order(s, "great mogul with g1")
    lines = GAME.narration.narrate(s, Place("great_mogul", ("g1",)), after, "yellow")
    assert lines[1:] == [  # Red, next and the starting player, places no more (a trial)
        "Yellow's markers meet: the end of the game is triggered; Red started this round, so "
        "nobody places after Yellow in it: the game ends"
    ]
    # Red starting a round of three, Yellow's markers meet with White's workers all placed
    three = put(with_dice(started(3), 1, "g1"), 1, fame=27, money=65, money_bonus=4)
    three = put(put(three, 0, placed=3), 2, placed=3).copy(turn=1)
    lines = GAME.narration.narrate(
        three, Place("great_mogul", ("g1",)), order(three, "great mogul with g1"), "yellow"
    )
    assert lines[1:] == [
        "Yellow's markers meet: the end of the game is triggered; White, placing after Yellow "
        "in this round, has no worker left: the game ends"
    ]
    result = GAME.result(after)  # told by the table's end message, once
    assert result is not None and result.text == (  # 29 beside 65: 28
        "Yellow wins: the only player whose markers crossed (1 fame point past)"
    )


def test_the_table_is_told_each_chance_step_in_words() -> None:
    s = with_dice(started(2), 0, "g2")
    s = order(s, "dancer with g2, take blue, take orange")
    rolled = GAME.apply(s, Roll((4, 6)))
    told = GAME.narration.narrate(s, Roll((4, 6)), rolled, None)
    assert told == ["Red: rolls blue 4, orange 6"]  # each die by its colour
    drawn = GAME.apply(rolled, DrawYield("money"))
    told = GAME.narration.narrate(rolled, DrawYield("money"), drawn, None)
    assert told == ["Red: draws the yield tile money: 3 money (money 3→6)"]
    s = on_top(with_dice(started(2), 0, "o4 o5"), tile("orange", 9))
    s = order(s, "quarry, buy orange cow with o4 o5")
    shown = GAME.deal(s, lambda n: 0)
    assert GAME.narration.narrate(s, shown, GAME.apply(s, shown), None)[0].startswith(
        "The orange cow stack shows orange "
    )


# --- The online convention (an option): dice rolled when needed -----------------------------


def _late(s: State) -> State:
    return s.copy(late_rolls=True)


def test_late_rolls_dice_taken_stay_unrolled_and_undoable_until_the_placement_ends() -> None:
    s = _late(with_dice(started(2), 0, "g2"))
    s = GAME.apply(s, Place("dancer", ("g2",)))
    picked = GAME.apply(s, Pick(2))
    assert picked.dice[0] == ("o0",) and GAME.chance(picked) is None
    assert GAME.apply(picked, Undo()) == s  # no roll yet: the step is taken back
    s = GAME.apply(GAME.apply(picked, Pick(0)), DrawYield("karma"))
    assert s.dice[0] == ("b0", "o0") and GAME.chance(s) == "the roll of 2 dice for red"
    s = GAME.apply(s, Roll((5, 2)))
    assert s.dice[0] == ("b5", "o2") and s.turn == 1


def test_late_rolls_a_payment_rolls_the_dice_it_needs_first() -> None:
    s = _late(with_dice(started(2), 0, "o0 o0"))
    s = s.copy(pending=(("upgrade", 0, 0), ("buy", 0, NO)))
    s = GAME.apply(s, GAME.legal_actions(s)[0])
    assert GAME.chance(s) == "the roll of 2 dice for red"
    s = GAME.apply(s, Roll((4, 5)))
    assert s.dice[0] == ("o4", "o5") and any(isinstance(a, Buy) for a in legal(s))


def test_late_rolls_is_an_option_of_the_game() -> None:
    s = GAME.new_game(RajasOptions(roll_when_needed=True), ("red", "yellow"))
    assert s.late_rolls and not GAME.new_game(RajasOptions(), ("red", "yellow")).late_rolls


@pytest.mark.parametrize("players", [2, 4])
def test_late_rolls_random_games_end(players: int) -> None:
    import random

    rng = random.Random(players)
    s = GAME.new_game(RajasOptions(roll_when_needed=True), SEATS[:players])
    for _ in range(3_000):
        if GAME.result(s) is not None:
            break
        chance = GAME.chance(s) is not None
        s = GAME.apply(s, GAME.deal(s, rng.randrange) if chance else rng.choice(legal(s)))
    assert GAME.result(s) is not None


def test_river_earnings_dice_one_kind_scoring_and_an_upgrade() -> None:
    assert "take 2 dice" in GAME.talk.prompt(_sail_to(3), "red")  # space 3: any 2 dice
    markets = _rajesh_markets(started(2)).province[0]
    s = _sail_to(5, province=markets)  # space 5: up to 3 markets of one kind, no die
    assert order(s, "score tea").money[0] == 3 + 7
    assert order(_sail_to(6), "upgrade palace").upgrades[0] == (0, 1, 0, 0)


def test_building_action_needs_a_tile_you_can_pay_for() -> None:
    """I. Building action: no die of a top tile's colour worth its cost, no quarry."""
    s = with_dice(started(2), 0, "b1 g1 o1 p1")
    assert Place("quarry") not in legal(put(s, 0, karma=0))
    assert Place("quarry") in legal(on_top(put(s, 0, karma=1), tile("blue", 3)))  # b1 -> b6


def test_two_upgrades_in_a_row_say_which_scores_from_the_next_turn() -> None:
    """A trial asked twice to "upgrade a building type" could not tell which upgrade was
    fame space 5's, the one that scores from the next turn on (Bonuses on the scoring
    tracks); another read "it scores at once" and saw its mill already built score nothing:
    an upgrade counts for the buildings added after it (Upgrades)."""
    from rules.rajas import causes
    from rules.rajas.notation import decision_text

    s = started(2)
    later = s.copy(pending=(("upgrade", 1, causes.FAME_UPGRADE), ("upgrade", 1, causes.edge(0, 0))))
    assert decision_text(later) == (
        "upgrade a building type (fame space 5's): the buildings of that type built from your "
        "next turn on score 1 fame more; those already built score nothing more"
    )
    assert decision_text(later.copy(pending=later.pending[1:])) == (
        "upgrade a building type: the buildings of that type built from now on score 1 fame "
        "more; those already built score nothing more"
    )


def test_every_text_that_tells_an_upgrade_says_it_in_the_same_words() -> None:
    """A trial read "it scores at once" at the prompt, "each mill built later" in `options`
    and "from your next turn on" at fame 5: three wordings, one of them false (the mill built
    scored nothing: Upgrades). The prompt, `options`, the log and `rules` say one thing."""
    from rules.rajas import causes
    from rules.rajas.explain import explained_entries
    from rules.rajas.notation import decision_text

    s = with_dice(started(2), 0, "b4")
    s = order(s, "raja man singh with b4")  # an upgrade asked: it counts at once
    now = "built from now on score"
    assert f"the buildings of that type {now} 1 fame more" in decision_text(s)
    assert f"• `upgrade mill` — mills {now} 3 fame (now 2)" in explained_entries(s)
    after = order(s, "upgrade mill")
    (line,) = GAME.narration.narrate(s, Upgrade(3), after, "red")
    assert line.endswith(f"(mills {now} 3 fame)"), line
    assert f"the buildings of that type {now} 1 fame more" in GAME.reference.rules_reference(
        "quarry"
    )
    later = "built from your next turn on score 1 fame more"
    fame_5 = s.copy(pending=(("upgrade", 1, causes.FAME_UPGRADE),))
    assert later in decision_text(fame_5)
    assert later in GAME.reference.rules_reference("bonuses")


def test_rules_palace_names_each_balconys_exchange_as_the_board_has_it() -> None:
    """A trial could not tell from `rules palace` which colour a balcony gives."""
    from rules.rajas import COLOURS

    palace = GAME.reference.rules_reference("palace")
    for give, take in started(2).board.balconies:
        assert f"{COLOURS[give]} for {COLOURS[take]}" in palace


def test_a_stacks_last_tile_bought_says_the_stack_is_empty() -> None:
    """No reveal follows the last tile of a stack: a trial could not tell it was gone."""
    s = with_dice(on_top(started(2), tile("orange", 9)), 0, "o4 o5 o6")
    stack = s.tiles.tiles[tile("orange", 9)].colour * 3 + s.tiles.tiles[tile("orange", 9)].back
    stacks = list(s.stacks)
    stacks[stack] = ()
    s = order(s.copy(stacks=tuple(stacks)), "quarry")
    said = GAME.narration.narrate(s, parse(s, "buy orange cow with o4 o5")[0], s, "red")
    assert any("the last tile of its stack: the orange cow is empty" in line for line in said)


def test_the_outer_terrace_with_no_die_held_asks_only_for_done() -> None:
    from rules.rajas.notation import decision_text

    s = started(2).copy(pending=(("reroll", 0, -1),))
    assert decision_text(s.copy(dice=((), ()))) == "no die to roll again: type `done`"
    assert decision_text(with_dice(s, 0, "b3")) == "choose dice to roll again, then `done`"


def test_a_sail_typed_after_the_one_way_to_sail_is_taken_as_read() -> None:
    """A trial's `harbour with g1; sail 1` was refused at its `sail 1`: a 1 sails one way,
    taken at once, so the typed sail is read as that one, not refused; a sail typed where
    none was taken is still the rules' to refuse."""
    s = with_dice(started(2), 0, "g1 b3")
    assert parse(s, "harbour with g1; sail 1") == parse(s, "harbour with g1")
    assert order(s, "harbour with g1; sail 1").boat[0] == 1
    with pytest.raises(ValueError):
        order(s, "great mogul with g1; sail 1")


def test_a_new_round_carries_the_board_though_its_first_seat_placed_last() -> None:
    """A trial's round 2 began with Red, who had ended round 1, and no board: the seat did
    not change, though the round did."""
    s = with_dice(started(2, first=1), 0, "b4")  # Yellow starts round 1
    s = put(put(s, 1, placed=s.workers[1]), 0, placed=s.workers[0] - 1).copy(turn=0)
    after = order(s, "raja man singh with b4, upgrade temple")
    assert (after.round, after.turn) == (2, 0)  # Red, the next seat clockwise, starts
    assert GAME.narration.board_moment(GAME.view(s, None), GAME.view(after, None))


def test_a_bonus_voyage_from_the_rivers_end_says_why_the_boat_stays() -> None:
    """A trial read "no unoccupied river space ahead: the boat stays" at its fame 31 bonus as
    a bonus lost for nothing: its boat was at the river's end (Bonuses on the scoring
    tracks: the next unoccupied river space)."""
    s = with_dice(started(2), 0, "b4")
    final = s.board.final
    s = put(s, 0, money=10).copy(boat=(final, 0))  # money 12's bonus is reached
    after = order(s, "raja man singh with b4, upgrade temple")
    (line,) = GAME.narration.narrate(s, Place("raja_man_singh", ("b4",)), after, "red")
    assert f"money 12: the boat is at the river's end, space {final}: it stays" in line, line


def test_rules_quarry_names_the_stacks_by_their_backs_cheapest_first() -> None:
    """A trial met `snake`, `cow` and `tiger` in the orders and the picture with no word of
    what they were: the backs of the stacks (Setup), told in the order of their costs."""
    from itertools import pairwise

    from rules.rajas import BACKS

    said = GAME.reference.rules_reference("quarry")
    assert "snake, cow and tiger, the cheapest to the dearest" in said
    tiles = started(2).tiles.tiles
    costs = [sorted(t.cost for t in tiles if t.back == b) for b in range(len(BACKS))]
    assert all(a[-1] < b[0] for a, b in pairwise(costs)), costs


def test_money_12_moves_a_boat_far_up_the_river_to_the_next_unoccupied_space() -> None:
    """Bonuses on the scoring tracks: money 12 moves the boat to the next unoccupied river
    space wherever it is (a trial wondered at it far up the river); a boat is skipped (IV.
    River action)."""
    s = put(put(with_dice(started(2), 0, "b4"), 0, money=10, boat=10), 1, boat=11)
    after = order(s, "raja man singh with b4")
    assert after.boat == (12, 11) and after.money_bonus[0] == 1


def test_the_palace_earning_of_river_space_9_may_be_the_portuguese() -> None:
    """Explanation of the earnings on the river: any of the palace actions 2 - 6, the
    Portuguese too, while 6 unoccupied spaces lie ahead (III. Portuguese: not from the last
    6 spaces), with no die given."""
    s = order(put(with_dice(started(2), 0, "g1"), 0, boat=8), "harbour with g1")
    assert s.boat[0] == 9 and s.pending[0][0] == "chamber"
    assert "chamber portuguese" in [describe(s, a) for a in legal(s)]
    assert order(s, "chamber portuguese").boat[0] == 15
