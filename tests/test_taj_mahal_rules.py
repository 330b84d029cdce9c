"""Taj Mahal's rules, one test per rule (the rules text's headings cited), and its worked
examples with the text's numbers."""

from __future__ import annotations

import pytest
from taj_helpers import (
    BOARD,
    CARDS,
    arrange,
    card,
    city,
    finish_withdrawal,
    first,
    order,
    province,
    settle,
    started,
    with_hands,
)

from rules.capabilities import turns_of
from rules.taj_mahal import GAME, SEATS, State, TajOptions, scoring
from rules.taj_mahal.components import EFFECTS, GENERAL, MONK, PRINCESS, VIZIER
from rules.taj_mahal.engine import majorities
from rules.taj_mahal.state import NO, Draw, LayOut, Place, Play, Take, Undo, Withdraw

BLUE, ORANGE, BROWN, GRAY = 0, 1, 2, 3


def special(effect: str) -> int:
    return CARDS.specials[EFFECTS.index(effect)]


def in_province(s: State, name: str) -> State:
    """`s` with the current visit in province `name` (its province tile number unchanged)."""
    order_ = list(s.province_order)
    p = province(name)
    i = order_.index(p)
    order_[i], order_[s.visit] = order_[s.visit], order_[i]
    return arrange(s, province_order=tuple(order_))


# --- Preparation ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "supply"), [(3, 5), (4, 7), (5, 9)])
def test_preparation_deals_six_cards_each_and_the_supply_by_players(
    players: int, supply: int
) -> None:
    s = GAME.new_game(TajOptions(), SEATS[:players])
    assert GAME.to_move(s) is None and GAME.chance(s) is not None  # the deal is a chance step
    s = started(players)
    assert [len(h) for h in s.hands] == [6] * players
    assert len(s.supply) == supply
    assert len(s.deck) == 96 - 6 * players - supply
    assert GAME.to_move(s) == SEATS[0]  # the first seat starts (the lobby chose the order)


def test_preparation_agra_is_twelfth_with_the_taj_mahal_tile_and_bonus_tiles_on_fortresses() -> (
    None
):
    s = started()
    assert s.province_order[11] == BOARD.agra_province
    assert sorted(s.province_order) == list(range(12))
    assert s.bonus_on[BOARD.agra_city] == len(BOARD.bonus_tiles)
    forts = BOARD.bonus_fortresses
    assert sorted(s.bonus_on[c] for c in forts) == list(range(15))
    assert all(s.bonus_on[c] == NO for c in range(49) if not BOARD.fortress[c])
    # the number 1 province tile and one of each influence tile and the crown are in the court
    assert s.visit == 0 and s.province_tile_in_court
    assert s.court == (True, True, True, True) and s.crown_city == NO
    assert s.special_holder == (NO, NO, NO, NO)  # the special cards lie beside the board


def test_preparation_refuses_two_players_and_six() -> None:
    with pytest.raises(ValueError, match="3 to 5 players"):
        GAME.new_game(TajOptions(), SEATS[:2])


# --- Playing the game -------------------------------------------------------------------------


def test_playing_the_first_card_of_a_visit_may_be_any_colour_then_that_colour() -> None:
    s = with_hands(
        started(3), ["red vizier", "green monk", "red general"], ["yellow monk"], ["violet monk"]
    )
    assert {CARDS.kinds[a.card].colour for a in GAME.legal_actions(s) if isinstance(a, Play)} == {
        "red",
        "green",
    }
    s = order(s, "play green monk")
    s = order(order(s, "play yellow monk"), "play violet monk")
    assert [a for a in GAME.legal_actions(s) if isinstance(a, Play)] == []  # no green left
    with pytest.raises(ValueError, match="you are bound to green this visit"):
        order(s, "play red vizier")


def test_playing_different_players_may_play_the_same_colour() -> None:
    s = with_hands(started(3), ["red vizier"], ["red monk"], ["red general"])
    s = order(order(order(s, "play red vizier"), "play red monk"), "play red general")
    assert s.colour == (0, 0, 0)


def test_playing_a_white_or_special_card_only_with_a_coloured_card_and_one_at_most() -> None:
    s = with_hands(
        started(3), ["red vizier", "white elephant", "white monk"], ["red monk"], ["red general"]
    )
    s = arrange(s, special_holder=(BLUE, NO, NO, NO))
    with pytest.raises(ValueError, match="coloured card"):
        GAME.apply(s, Play(card("white elephant")))
    with pytest.raises(ValueError, match="only one coloured"):
        GAME.apply(s, Play(card("red vizier"), card("red vizier")))
    plays = [a for a in GAME.legal_actions(s) if isinstance(a, Play)]
    assert {a.extra for a in plays} == {
        None,
        card("white elephant"),
        card("white monk"),
        special("elephant"),
    }
    with pytest.raises(ValueError, match="at most two cards a turn"):
        order(s, "play red vizier with white elephant with white monk")


def test_playing_cards_stay_played_and_the_turn_passes_clockwise() -> None:
    s = with_hands(started(3), ["red vizier", "red monk"], ["red monk"], ["red general"])
    s = order(s, "play red vizier")
    assert s.played[BLUE] == (card("red vizier"),) and GAME.to_move(s) == SEATS[1]


# --- Withdraw ---------------------------------------------------------------------------------


def test_withdraw_majority_takes_the_influence_tile_and_a_palace_on_an_empty_city() -> None:
    s = with_hands(started(3), ["red vizier+monk"], ["yellow monk"], ["green general"])
    s = order(order(order(s, "play red vizier+monk"), "play yellow monk"), "play green general")
    s = in_province(s, "kashmir")
    s = order(s, "withdraw")
    assert s.influence[BLUE] == (1, 0, 0, 0) and s.court == (False, True, True, True)
    assert s.phase == "place"
    assert sorted(a.city for a in GAME.legal_actions(s)) == sorted(
        BOARD.cities_of[province("kashmir")]
    )
    s = order(s, "palace baramulla")
    assert s.palace[city("baramulla")] == BLUE


def test_withdraw_the_same_or_fewer_symbols_win_nothing() -> None:
    s = with_hands(started(3), ["red vizier"], ["yellow vizier"], ["green general"])
    s = order(order(order(s, "play red vizier"), "play yellow vizier"), "play green general")
    assert majorities(s, BLUE) == ([], False, False)


def test_withdraw_several_majorities_take_every_tile_and_a_palace_each() -> None:
    s = with_hands(
        started(3),
        ["red vizier+monk", "red general+princess"],
        ["yellow elephant"],
        ["green elephant"],
    )
    s = in_province(s, "kashmir")
    s = order(
        order(order(s, "play red vizier+monk"), "play yellow elephant"), "play green elephant"
    )
    s = order(s, "play red general+princess")
    s = finish_withdrawal(order(s, "withdraw"))  # orange: elephants tied, nothing
    s = finish_withdrawal(order(s, "withdraw"))  # brown: alone with 1 elephant? blue has 0
    assert s.province_tiles[BROWN] == (1,)
    s = order(order(s, "withdraw"), "palace baramulla")
    s = order(order(s, "palace jammu"), "palace anantnag")
    # the fourth palace on the last empty city: nothing else is offered
    assert [a.city for a in GAME.legal_actions(s)] == [city("srinagar")]


def test_undo_takes_back_a_withdrawal_step_by_step_never_past_a_hand_off() -> None:
    s = with_hands(
        started(3),
        ["red vizier+monk", "red general+princess"],
        ["yellow elephant"],
        ["green elephant"],
    )
    s = in_province(s, "kashmir")
    before_play = s
    s = order(s, "play red vizier+monk")
    assert turns_of(GAME).undo(s) is None  # the turn passed to orange: a hand-off commits
    s = order(order(s, "play yellow elephant"), "play green elephant")
    s = order(s, "play red general+princess")
    s = finish_withdrawal(order(s, "withdraw"))
    s = finish_withdrawal(order(s, "withdraw"))
    turn = s
    placing = order(order(s, "withdraw"), "palace baramulla")
    assert turns_of(GAME).undo(placing) == ("blue", Undo())
    one_back = GAME.apply(placing, Undo())
    assert one_back.palace[city("baramulla")] == NO and one_back.phase == "place"
    two_back = GAME.apply(one_back, Undo())
    assert (
        two_back == turn and turns_of(GAME).undo(two_back) is None
    )  # back to before the withdrawal
    assert GAME.state_to_json(two_back) == GAME.state_to_json(turn)
    assert before_play != turn
    with pytest.raises(ValueError, match="nothing to undo"):
        GAME.apply(two_back, Undo())


def test_withdraw_compares_only_with_players_still_in_the_visit() -> None:
    # Finishing a withdrawal: discarded cards have no further influence on the province
    s = with_hands(
        started(3), ["red vizier"], ["yellow vizier+general", "yellow monk"], ["green monk"]
    )
    s = order(order(order(s, "play red vizier"), "play yellow vizier+general"), "play green monk")
    s = finish_withdrawal(order(s, "withdraw"))  # blue: 1 vizier against 1: nothing
    assert s.influence[BLUE] == (0, 0, 0, 0)
    s = order(s, "play yellow monk")
    s = finish_withdrawal(order(s, "withdraw"))  # brown: 1 monk against 1: nothing
    assert s.influence[BROWN] == (0, 0, 0, 0)
    assert majorities(s, ORANGE)[0] == [VIZIER, GENERAL, MONK]  # alone now


def test_withdraw_grand_mogul_crown_palace_on_any_city_even_beside_a_palace() -> None:
    s = with_hands(started(3), ["red vizier+grand_mogul"], ["yellow monk"], ["green general"])
    s = in_province(s, "kashmir")
    s = order(
        order(order(s, "play red vizier+grand_mogul"), "play yellow monk"), "play green general"
    )
    s = order(s, "withdraw")
    assert s.pending == (VIZIER, 4)
    s = order(s, "palace jammu")
    # "he may place it on a city that already has a palace" -- his own too (docs/taj_mahal.md)
    assert city("jammu") in [a.city for a in GAME.legal_actions(s)]
    s = order(s, "crown jammu")
    assert s.palace[city("jammu")] == BLUE and s.crown_palace[city("jammu")] == BLUE
    assert s.crown_city == city("jammu")


def test_withdraw_crown_palace_on_a_fortress_leaves_the_bonus_tile_for_a_normal_palace() -> None:
    s = with_hands(started(3), ["red grand_mogul"], ["yellow monk"], ["green general"])
    s = in_province(s, "kashmir")
    fort = city("srinagar")
    tile = s.bonus_on[fort]
    s = order(order(order(s, "play red grand_mogul"), "play yellow monk"), "play green general")
    s = finish_withdrawal(order(order(s, "withdraw"), "crown srinagar"))
    assert s.bonus_on[fort] == tile and s.crown_palace[fort] == BLUE
    assert s.scores[BLUE] == 1  # the palace point only: no bonus tile
    # orange wins the monk and may place a normal palace beside the crown palace
    s = order(s, "withdraw")
    assert fort in [a.city for a in GAME.legal_actions(s)]
    s = GAME.apply(s, Place(fort))
    assert s.palace[fort] == ORANGE and s.bonus_on[fort] == NO


def test_withdraw_elephant_majority_takes_the_province_tile() -> None:
    s = with_hands(started(3), ["red elephant"], ["yellow monk"], ["green general"])
    s = order(order(order(s, "play red elephant"), "play yellow monk"), "play green general")
    s = finish_withdrawal(order(s, "withdraw"))
    assert s.province_tiles[BLUE] == (1,) and not s.province_tile_in_court
    assert majorities(s, ORANGE)[2] is False  # the tile is gone


# --- Influence points ---------------------------------------------------------------------


def _palace_on(s: State, fortress: str, tile_kind: dict[str, object]) -> State:
    """Blue wins the vizier in the fortress's province, with the given tile on it."""
    p = BOARD.city_province[city(fortress)]
    s = in_province(
        with_hands(s, ["red vizier"], ["yellow monk"], ["green general"]), BOARD.province_ids[p]
    )
    tiles = BOARD.bonus_tiles
    idx = next(
        i for i, t in enumerate(tiles) if all(getattr(t, k) == v for k, v in tile_kind.items())
    )
    s = arrange(
        s, bonus_on=tuple(idx if c == city(fortress) else b for c, b in enumerate(s.bonus_on))
    )
    s = order(order(order(s, "play red vizier"), "play yellow monk"), "play green general")
    return order(order(s, "withdraw"), f"palace {fortress}")


@pytest.mark.parametrize("value", [4, 2])
def test_points_bonus_tiles_of_4_and_2_points(value: int) -> None:
    s = _palace_on(started(3), "srinagar", {"kind": "points", "value": value})
    assert s.scores[BLUE] == value + 1  # and 1 for the palace


def test_points_card_bonus_tile_draws_the_top_card_of_the_deck() -> None:
    s = _palace_on(started(3), "srinagar", {"kind": "card"})
    assert GAME.chance(s) is not None and s.phase == "draw"
    hand = len(s.hands[BLUE])
    s = settle(s)
    assert len(s.hands[BLUE]) == hand + 1 and s.phase == "take"


def test_points_the_taj_mahal_tile_gives_its_data_field() -> None:
    s = with_hands(started(3), ["red vizier"], ["yellow monk"], ["green general"])
    s = arrange(s, visit=11)
    assert s.province == BOARD.agra_province
    s = order(order(order(s, "play red vizier"), "play yellow monk"), "play green general")
    s = order(order(s, "withdraw"), "palace agra")
    assert BOARD.taj_mahal.kind == "points" and BOARD.taj_mahal.value == 4
    assert s.scores[BLUE] == 4 + 1  # the tile, and 1 for the palace


def test_points_example_two_tea_tiles_score_7_and_the_province_tile_8_in_the_ninth_visit() -> None:
    """Influence points 1 and 2: with tea twice from earlier visits, two tea bonus tiles won in
    one visit score 3 then 4 (the first scores again): 7; the ninth visit's province tile
    scores 8; 15 in all (and 1 for the palaces)."""
    tea = [i for i, t in enumerate(BOARD.bonus_tiles) if t.commodity == "tea"]
    jewels = next(i for i, t in enumerate(BOARD.bonus_tiles) if t.commodity == "jewels")
    spices = next(i for i, t in enumerate(BOARD.bonus_tiles) if t.commodity == "spices")
    assert BOARD.province_tiles[9 - 1] == ("spices", "jewels")
    s = in_province(arrange(started(3), visit=8), "ajmer")
    s = arrange(
        s,
        # earlier: tiles 3 (spices, jewels), 5 (tea, jewels), 7 (tea, spices); jewels, spices
        province_tiles=((3, 5, 7), (), ()),
        commodity_tiles=((jewels, spices), (), ()),
        bonus_on=tuple(
            tea[0] if c == city("ajmer") else tea[1] if c == city("jodhpur") else b
            for c, b in enumerate(s.bonus_on)
        ),
    )
    s = with_hands(
        s,
        ["green vizier+elephant", "green general+elephant"],
        ["yellow monk"] * 2,
        ["violet princess"] * 2,
    )
    blue = ["green vizier+elephant", "green general+elephant"]
    for _ in range(2):
        s = order(
            order(order(s, f"play {blue.pop(0)}"), "play yellow monk"), "play violet princess"
        )
    s = order(order(s, "withdraw"), "palace ajmer")
    assert s.scores[BLUE] == 1 + 1 + 1
    s = order(s, "palace jodhpur")  # the second tea tile: 4; then tile 9 and the palaces
    assert s.province_tiles[BLUE] == (3, 5, 7, 9)
    # tile 9: 1 + 1, and 3 spices and 3 jewels held before (the tea tiles do not match): 8
    assert scoring.province_tile_points(BOARD, 9, (3, 5, 7), (jewels, spices, *tea)) == 8
    assert s.scores[BLUE] == (3 + 4) + 8 + 1  # 15, and 1 for the palaces


def test_points_province_tile_1_is_worth_1_and_others_2_before_matches() -> None:
    assert scoring.province_tile_points(BOARD, 1, (), ()) == 1
    assert all(scoring.province_tile_points(BOARD, n, (), ()) == 2 for n in range(2, 13))


def test_points_palaces_score_1_for_the_province_however_many_are_placed() -> None:
    s = with_hands(started(3), ["red vizier+monk"], ["yellow general"], ["green general"])
    s = in_province(s, "kashmir")
    s = order(order(order(s, "play red vizier+monk"), "play yellow general"), "play green general")
    s = order(order(order(s, "withdraw"), "palace baramulla"), "palace anantnag")
    assert s.scores[BLUE] == 1


def test_points_palaces_connect_along_roads_through_own_palaces() -> None:
    s = with_hands(started(3), ["red vizier"], ["yellow general"], ["green general"])
    s = in_province(s, "lahore")
    # a Lahore city with a road into Kashmir, and from there a road on into another province
    lahore = province("lahore")
    x, k, beyond = next(
        (c, n, m)
        for c in BOARD.cities_of[lahore]
        for n in BOARD.neighbours[c]
        for m in BOARD.neighbours[n]
        if BOARD.city_province[n] != lahore
        and BOARD.city_province[m] not in (lahore, BOARD.city_province[n])
    )
    palace = [NO] * 49
    palace[k] = BLUE
    s = arrange(s, palace=tuple(palace), bonus_on=tuple(NO for _ in s.bonus_on))
    s = order(order(order(s, "play red vizier"), "play yellow general"), "play green general")
    won = finish_withdrawal(order(order(s, "withdraw"), f"palace {BOARD.city_ids[x]}"))
    assert won.scores[BLUE] == 1 + 1  # Lahore, and Kashmir through the road
    palace[beyond] = BLUE
    won = finish_withdrawal(
        order(order(arrange(s, palace=tuple(palace)), "withdraw"), f"palace {BOARD.city_ids[x]}")
    )
    assert won.scores[BLUE] == 1 + 2
    palace[k] = ORANGE  # another player's palace interrupts
    won = finish_withdrawal(
        order(order(arrange(s, palace=tuple(palace)), "withdraw"), f"palace {BOARD.city_ids[x]}")
    )
    assert won.scores[BLUE] == 1


# --- Finishing a withdrawal -----------------------------------------------------------------


def test_finishing_discards_played_cards_but_special_cards_return_to_the_hand() -> None:
    s = with_hands(started(3), ["red vizier", "red monk"], ["yellow monk"], ["green general"])
    s = arrange(s, special_holder=(NO, NO, BLUE, NO), bonus_on=tuple(NO for _ in s.bonus_on))
    s = order(s, "play red vizier with special points")
    assert s.scores[BLUE] == 2  # The special cards: +2 influence points at once
    s = order(order(s, "play yellow monk"), "play green general")
    assert GAME.view(s, SEATS[0]).hand_sizes[BLUE] == 1  # the special card is on the table
    discard = len(s.discard)
    s = finish_withdrawal(order(s, "withdraw"))
    assert len(s.discard) == discard + 1 and card("red vizier") in s.discard
    assert s.special_holder[EFFECTS.index("points")] == BLUE
    assert GAME.view(s, SEATS[0]).hand_sizes[BLUE] == 1 + 1 + 2  # red monk, special, 2 taken


def test_finishing_each_withdrawing_player_takes_two_and_the_last_the_one_left() -> None:
    s = started(3)
    sizes = []
    for _ in range(3):
        s = order(s, "withdraw")  # early: draw one, take two
        s = settle(s)
        assert s.phase == "take"
        sizes.append(len(GAME.legal_actions(s)[0].cards))
        s = first(s)
    assert sizes == [2, 2, 1]


def test_finishing_an_early_withdrawal_draws_the_top_card_then_takes_two() -> None:
    s = started(3)
    hand = len(s.hands[BLUE])
    s = order(s, "withdraw")
    assert s.phase == "draw" and GAME.chance(s) is not None
    s = settle(s)
    assert len(s.hands[BLUE]) == hand + 1
    s = first(s)
    assert len(s.hands[BLUE]) == hand + 3 and s.scores[BLUE] == 0 and s.palace == started(3).palace


def test_finishing_no_draw_after_playing_a_card() -> None:
    s = with_hands(started(3), ["red vizier"], ["yellow monk"], ["green general"])
    s = order(order(order(s, "play red vizier"), "play yellow monk"), "play green general")
    s = order(s, "withdraw")
    assert s.phase == "place"  # the vizier, no draw
    s = order(s, f"palace {BOARD.city_ids[BOARD.cities_of[s.province][1]]}")
    assert s.phase == "take" or s.phase == "draw"  # a card bonus tile could draw


def test_the_last_player_alone_plays_as_many_turns_as_he_wants() -> None:
    s = with_hands(started(3), [], [], ["green general", "green monk", "green vizier"])
    s = finish_withdrawal(settle(order(s, "withdraw")))
    s = finish_withdrawal(settle(order(s, "withdraw")))
    assert GAME.to_move(s) == SEATS[2]
    s = order(s, "play green general")
    assert GAME.to_move(s) == SEATS[2] and s.phase == "turn"
    s = order(s, "play green monk")
    assert GAME.to_move(s) == SEATS[2]


def test_a_player_without_a_playable_card_may_only_withdraw() -> None:
    s = with_hands(started(3), ["white elephant"], [], [])
    assert GAME.legal_actions(s) == [Withdraw()]


# --- Ending a visit -----------------------------------------------------------------------


def _end_visit(s: State) -> State:
    """Everyone withdraws (first choices) until the next visit's supply is laid out."""
    visit = s.visit
    while s.visit == visit and s.phase != "over":
        s = first(s) if s.phase != "turn" else settle(order(s, "withdraw"))
    return s


def test_visit_end_two_equal_influence_tiles_become_the_special_card() -> None:
    s = with_hands(started(3), ["red monk"], ["yellow general"], ["green general"])
    s = arrange(s, influence=((0, 0, 1, 0), (0, 0, 0, 0), (0, 0, 0, 0)))
    s = order(order(order(s, "play red monk"), "play yellow general"), "play green general")
    s = _end_visit(s)
    monk_card = CARDS.special_of[MONK]
    assert s.influence[BLUE] == (0, 0, 0, 0)
    assert s.special_holder[CARDS.specials.index(monk_card)] == BLUE


def test_visit_end_the_special_card_is_taken_from_the_player_holding_it() -> None:
    s = with_hands(started(3), ["red princess"], ["yellow general"], ["green general"])
    held = CARDS.specials.index(CARDS.special_of[PRINCESS])
    holder = [NO] * 4
    holder[held] = ORANGE
    s = arrange(
        s, influence=((0, 0, 0, 1), (0, 0, 0, 0), (0, 0, 0, 0)), special_holder=tuple(holder)
    )
    s = order(order(order(s, "play red princess"), "play yellow general"), "play green general")
    s = _end_visit(s)
    assert s.special_holder[held] == BLUE


def test_visit_end_a_pair_for_a_special_card_already_held_is_returned_and_the_card_kept() -> None:
    s = with_hands(started(3), ["red princess"], ["yellow general"], ["green general"])
    held = CARDS.specials.index(CARDS.special_of[PRINCESS])
    holder = [NO] * 4
    holder[held] = BLUE
    s = arrange(
        s, influence=((0, 0, 0, 1), (0, 0, 0, 0), (0, 0, 0, 0)), special_holder=tuple(holder)
    )
    s = order(order(order(s, "play red princess"), "play yellow general"), "play green general")
    s = _end_visit(s)
    assert s.special_holder[held] == BLUE and s.influence[BLUE] == (0, 0, 0, 0)


def test_visit_end_the_next_visit_starts_left_in_the_next_province_with_a_full_court() -> None:
    s = with_hands(started(3), ["red vizier+grand_mogul"], ["yellow general"], ["green general"])
    s = order(
        order(order(s, "play red vizier+grand_mogul"), "play yellow general"), "play green general"
    )
    first_province = s.province
    forts = [c for c in BOARD.cities_of[first_province] if BOARD.fortress[c]]
    s = _end_visit(s)
    assert s.visit == 1 and s.province == s.province_order[1] != first_province
    assert s.court == (True, True, True, True) and s.crown_city == NO and s.province_tile_in_court
    assert all(s.bonus_on[c] == NO for c in forts)  # bonus tiles not won leave the game
    assert (
        len(s.supply) == 5
    )  # a new supply was laid out and GAME.to_move(s) == SEATS[1]  # the starting player moved left


def test_visit_end_a_province_tile_nobody_won_leaves_the_game() -> None:
    s = started(3)
    s = _end_visit(s)
    assert all(1 not in tiles for tiles in s.province_tiles) and s.province_tile_in_court


def test_visit_end_the_deck_is_reshuffled_when_a_card_is_needed_and_it_is_empty() -> None:
    """ "When the drawing deck is exhausted, shuffle the discard pile": read as when a card must
    be drawn from an empty deck, so cards discarded after the last draw join the new deck."""
    s = started(3)
    s = arrange(
        s,
        deck=(card("red vizier"),),
        discard=(card("green monk"), card("white elephant")),
        phase="supply",
        supply=(),
    )
    a = GAME.deal(s, lambda n: 0)
    assert isinstance(a, LayOut) and sorted(a.cards) == sorted(
        [card("red vizier"), card("green monk"), card("white elephant")]
    )
    t = GAME.apply(s, a)
    assert t.deck == () and t.discard == ()
    # the deck's last card comes before any card of the reshuffled pile
    five = [
        card(c) for c in ("green monk", "white elephant", "yellow monk", "violet monk", "red monk")
    ]
    s = arrange(s, discard=tuple(sorted(five)))
    with pytest.raises(ValueError, match="before a reshuffle"):
        GAME.apply(s, LayOut(tuple(sorted(five))))


def test_visit_end_with_no_card_left_anywhere_the_supply_is_short() -> None:
    s = arrange(started(3), deck=(), discard=(), phase="supply", supply=())
    assert GAME.deal(s, lambda n: 0) == LayOut(())
    d = arrange(started(3), deck=(), discard=(), phase="draw")
    assert GAME.deal(d, lambda n: 0) == Draw(SEATS[0], None)


# --- The special cards ----------------------------------------------------------------------


def test_special_elephant_and_grand_mogul_count_like_white_cards() -> None:
    s = with_hands(
        started(3),
        ["red vizier", "red monk"],
        ["yellow elephant", "yellow monk"],
        ["green general"],
    )
    s = arrange(s, special_holder=(BLUE, BLUE, NO, NO))
    s = order(s, "play red vizier with special elephant")
    s = order(order(s, "play yellow elephant"), "play green general")
    s = order(s, "play red monk with special mogul")
    won, crown, elephant = majorities(s, BLUE)
    assert won == [VIZIER, MONK] and crown and not elephant  # 1 elephant each: a tie


def test_special_a_card_is_played_at_most_once_per_visit_it_stays_on_the_table() -> None:
    s = with_hands(
        started(3),
        ["red vizier", "red monk"],
        ["yellow monk", "yellow monk"],
        ["green general", "green monk"],
    )
    s = arrange(s, special_holder=(NO, NO, BLUE, NO))
    s = order(
        order(order(s, "play red vizier with special points"), "play yellow monk"),
        "play green general",
    )
    assert special("points") not in {a.extra for a in GAME.legal_actions(s) if isinstance(a, Play)}


def test_special_colour_change_on_the_first_turn_the_second_card_sets_the_colour() -> None:
    """ "When a player plays this special card in his first turn of a visit, the card color of
    his second colored card ... is used for the rest of the visit.\""""
    s = with_hands(
        started(3),
        ["red vizier", "green monk", "green general", "red monk"],
        ["yellow monk"] * 3,
        ["violet monk"] * 3,
    )
    s = arrange(s, special_holder=(NO, NO, NO, BLUE))
    s = order(s, "play red vizier with special change")
    assert s.colour[BLUE] == NO
    s = order(order(s, "play yellow monk"), "play violet monk")
    s = order(s, "play green monk")
    assert s.colour[BLUE] == 2  # green
    s = order(order(s, "play yellow monk"), "play violet monk")
    assert {CARDS.kinds[a.card].colour for a in GAME.legal_actions(s) if isinstance(a, Play)} == {
        "green"
    }


def test_special_colour_change_later_frees_one_card_only() -> None:
    s = with_hands(
        started(3),
        ["red vizier", "green monk", "red monk"],
        ["yellow monk"] * 3,
        ["violet monk"] * 3,
    )
    s = arrange(s, special_holder=(NO, NO, NO, BLUE))
    s = order(order(order(s, "play red vizier"), "play yellow monk"), "play violet monk")
    s = order(s, "play green monk with special change")
    assert s.colour[BLUE] == 0  # still red
    s = order(order(s, "play yellow monk"), "play violet monk")
    with pytest.raises(ValueError):
        order(s, "play green monk")


# --- Game end -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "specials", "points"),
    [
        # the text's three examples: special +1, white +2, longest colour +3 = 6; 1+1+2 = 4;
        # 1+0+5 = 6
        (
            ["white elephant", "white monk", "red vizier", "red monk", "red general", "green monk"],
            1,
            6,
        ),
        (["white elephant", "yellow vizier", "yellow monk", "violet monk", "violet general"], 1, 4),
        (
            [
                "green vizier",
                "green monk",
                "green general",
                "green princess",
                "green elephant",
                "red monk",
            ],
            1,
            6,
        ),
    ],
)
def test_game_end_hands_score_specials_whites_and_the_longest_colour(
    hand: list[str], specials: int, points: int
) -> None:
    assert scoring.hand_points(CARDS, [card(c) for c in hand], specials) == points


def test_game_end_after_the_twelfth_visit_in_agra_the_highest_total_wins() -> None:
    s = with_hands(started(3), ["white elephant", "white monk"], ["red vizier"], [])
    s = arrange(s, visit=11, scores=(10, 12, 11), special_holder=(BLUE, NO, NO, NO))
    assert s.province == BOARD.agra_province
    s = _end_visit(s)
    assert s.phase == "over"
    result = GAME.result(s)
    assert result is not None
    # blue: 10 + 1 special + 2 white + cards taken; the others likewise from their hands
    assert result.scores[SEATS[0]] >= 13 and result.winners == (
        max(result.scores, key=lambda k: result.scores[k]),
    )


def test_game_end_equal_totals_share_the_win() -> None:
    from rules.taj_mahal import ranking

    s = arrange(started(3), phase="over", scores=(20, 20, 9))
    r = ranking(s)
    assert r.places == ((SEATS[0], SEATS[1]), (SEATS[2],)) and "share" in r.text


def test_take_refuses_cards_not_in_the_supply() -> None:
    s = settle(order(started(3), "withdraw"))
    assert s.phase == "take"
    missing = next(k for k in range(len(CARDS.kinds) - 4) if k not in s.supply)
    with pytest.raises(ValueError, match="not in the supply"):
        GAME.apply(s, Take((missing, s.supply[0])))
    with pytest.raises(ValueError, match="take 2 cards"):
        GAME.apply(s, Take((s.supply[0],)))


def test_points_an_owners_taj_mahal_tile_showing_a_commodity_counts_for_the_province_tile() -> None:
    import yaml_text

    from rules.taj_mahal.components import standard_texts

    data = yaml_text.load(standard_texts()[0])
    data["taj_mahal_tile"] = {"kind": "commodity", "commodity": "rice"}
    s = GAME.new_game(TajOptions(board_file=yaml_text.dump(data)), SEATS[:3])
    s = settle(s)
    s = arrange(
        s, visit=11, bonus_on=tuple(NO if b != len(BOARD.bonus_tiles) else b for b in s.bonus_on)
    )
    s = with_hands(s, ["green vizier+elephant"], ["yellow monk"], ["violet princess"])
    s = order(
        order(order(s, "play green vizier+elephant"), "play yellow monk"), "play violet princess"
    )
    s = order(order(s, "withdraw"), "palace agra")
    # the rice tile: 1; province tile 12 (rice, jewels): 2 + 1 rice; the palace: 1
    assert s.board.province_tiles[11] == ("rice", "jewels")
    assert s.scores[BLUE] == 1 + 3 + 1
