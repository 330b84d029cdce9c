"""Hidden hands stay hidden; the notation reads what it writes; states and actions store."""

from __future__ import annotations

import random

import pytest
from taj_helpers import CARDS, arrange, card, order, settle, started, with_hands

from rules.capabilities import notation_of, talk_of
from rules.taj_mahal import GAME, SEATS, State, TajOptions
from rules.taj_mahal.notation import hand_text
from rules.taj_mahal.state import Action, Draw, Setup
from rules.taj_mahal.view import hand_size

NORMAL_KINDS = [k for k, kind in enumerate(CARDS.kinds) if kind.effect is None]


def _states(players: int, seed: int, every: int = 1) -> list[State]:
    """The states of one random game (every `every`-th)."""
    rng = random.Random(seed)
    s = GAME.new_game(TajOptions(), SEATS[:players])
    out = [s]
    while GAME.result(s) is None:
        s = GAME.apply(
            s, GAME.deal(s, rng.randrange) if GAME.chance(s) else rng.choice(GAME.legal_actions(s))
        )
        out.append(s)
    return [*out[::every], s]


def _other_hands(s: State, keep: str | None, rng: random.Random) -> State:
    """`s` with every hand but `keep`'s, and the deck, replaced by other cards of equal size."""
    t = s.clone()
    t.hands = tuple(
        h if seat == keep else tuple(sorted(rng.choice(NORMAL_KINDS) for _ in h))
        for seat, h in zip(s.seats, s.hands, strict=True)
    )
    t.deck = tuple(sorted(rng.choice(NORMAL_KINDS) for _ in s.deck))
    return t


def test_a_seats_view_holds_its_own_hand_only_and_the_public_view_none() -> None:
    for s in _states(4, 1, every=7):
        if s.phase == "over":
            continue
        for seat in (None, *s.seats):
            v = GAME.view(s, seat)
            assert v.state.deck == ()
            for other, hand in zip(s.seats, v.state.hands, strict=True):
                assert hand == (s.hands[s.seats.index(other)] if other == seat else ())
            assert v.hand_sizes == tuple(hand_size(s, i) for i in range(len(s.seats)))
            assert v.deck_size == len(s.deck)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_nothing_a_seat_sees_depends_on_the_cards_of_another_seat(players: int) -> None:
    """Views, prompts and the description of every next step, for the public and each seat,
    are the same whatever the other seats hold and whatever the deck holds."""
    rng = random.Random(players)
    for s in _states(players, players, every=5):
        if s.phase == "over":
            continue  # the end scoring shows every hand
        for seat in (None, *s.seats):
            t = _other_hands(s, seat, rng)
            v, w = GAME.view(s, seat), GAME.view(t, seat)
            assert notation_of(GAME).view_to_json(v) == notation_of(GAME).view_to_json(w)
            for prompted in s.seats:
                assert talk_of(GAME).prompt(v, prompted) == talk_of(GAME).prompt(w, prompted)
            steps: list[Action] = GAME.legal_actions(s) if GAME.to_move(s) == seat else []
            if GAME.chance(s) is not None:
                steps = [GAME.deal(s, rng.randrange)]
            for a in steps:
                assert notation_of(GAME).describe(v, a) == notation_of(GAME).describe(w, a)
            assert talk_of(GAME).private_summary(v) == talk_of(GAME).private_summary(w)


def test_a_drawn_card_is_named_to_its_drawer_only() -> None:
    s = started(3)
    a = Draw(SEATS[0], card("red vizier"))
    assert notation_of(GAME).describe(GAME.view(s, SEATS[0]), a) == "blue draws red vizier"
    for seat in (None, SEATS[1], SEATS[2]):
        assert notation_of(GAME).describe(GAME.view(s, seat), a) == "blue draws a card"


def test_the_setup_deal_names_a_seats_own_hand_only() -> None:
    s = GAME.new_game(TajOptions(), SEATS[:3])
    a = GAME.deal(s, random.Random(5).randrange)
    assert isinstance(a, Setup)
    public = notation_of(GAME).describe(GAME.view(s, None), a)
    assert "hand" not in public
    mine = notation_of(GAME).describe(GAME.view(s, SEATS[1]), a)
    assert mine.startswith(public) and mine[len(public) :].startswith("; your hand: ")


def test_the_hands_are_shown_once_the_game_is_over() -> None:
    s = _states(3, 9)[-1]
    assert GAME.view(s, None).state.hands == s.hands


@pytest.mark.parametrize("players", [3, 4, 5])
def test_notation_every_legal_step_reads_back_from_its_description(players: int) -> None:
    for s in _states(players, 10 + players, every=3):
        seat = GAME.to_move(s)
        if seat is None:
            continue
        v = GAME.view(s, seat)
        for a in GAME.legal_actions(s):
            text = notation_of(GAME).describe(v, a)
            assert notation_of(GAME).parse(v, text, seat) == [a]
            assert "_" not in text, text  # cities by the map's names (a trial read ids)


def test_notation_short_forms_and_names() -> None:
    s = with_hands(started(3), ["yellow vizier+elephant", "white elephant"], [], [])
    v = GAME.view(s, SEATS[0])
    want = notation_of(GAME).parse(v, "play yellow vizier+elephant with white elephant", SEATS[0])
    assert notation_of(GAME).parse(v, "p y v+e with w e", SEATS[0]) == want
    assert (
        notation_of(GAME).parse(v, "PLAY yellow elephant+vizier & white elephant", SEATS[0]) == want
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("play blue vizier", "'blue' is not a colour"),
        ("play red wizard", "'wizard' is not a symbol"),
        ("play red vizier+vizier+vizier", "there is no card red"),
        ("play red monk", "you hold no red card"),
        ("play white elephant", "coloured card"),
        ("dance", "write 'play <card>'"),
        ("x" * 201, "at most 200 characters"),
    ],
)
def test_notation_refusals_say_what_was_wrong(text: str, message: str) -> None:
    s = with_hands(started(3), ["yellow vizier+elephant", "white elephant"], ["green monk"], [])
    with pytest.raises(ValueError, match=message):
        notation_of(GAME).parse(GAME.view(s, SEATS[0]), text, SEATS[0])


def test_notation_refuses_a_seat_out_of_turn() -> None:
    s = started(3)
    with pytest.raises(ValueError, match="not your turn"):
        notation_of(GAME).parse(GAME.view(s, SEATS[1]), "withdraw", SEATS[1])


def test_notation_a_city_outside_the_province_is_refused_with_the_choices() -> None:
    s = with_hands(started(3), ["red vizier"], ["yellow monk"], ["green monk"])
    s = order(order(order(s, "play red vizier"), "play yellow monk"), "play green monk")
    s = order(s, "withdraw")
    with pytest.raises(ValueError, match="is not a city of"):
        notation_of(GAME).parse(GAME.view(s, SEATS[0]), "palace atlantis", SEATS[0])


def test_refused_actions_change_nothing() -> None:
    s = with_hands(started(3), ["red vizier"], [], [])
    before = GAME.state_to_json(s)
    with pytest.raises(ValueError):
        GAME.apply(s, GAME.legal_actions(with_hands(s, ["green monk"], [], []))[0])
    assert GAME.state_to_json(s) == before


def test_storage_states_actions_and_views_round_trip_through_json() -> None:
    for s in _states(4, 21, every=11):
        assert GAME.state_from_json(GAME.state_to_json(s)) == s
        for a in GAME.legal_actions(s):
            assert GAME.action_from_json(GAME.action_to_json(a)) == a
        notation_of(GAME).view_to_json(GAME.view(s, None))


def test_undo_barrier_at_chance_and_at_a_hand_off() -> None:
    s = GAME.new_game(TajOptions(), SEATS[:3])
    a = GAME.deal(s, random.Random(1).randrange)
    assert GAME.undo_barrier(s, a)
    s = with_hands(GAME.apply(s, a), ["red vizier"], ["yellow monk"], ["green monk"])
    play = GAME.legal_actions(s)[0]
    assert GAME.undo_barrier(s, play)  # the turn passes to orange
    s = order(order(order(s, "play red vizier"), "play yellow monk"), "play green monk")
    assert not GAME.undo_barrier(s, GAME.legal_actions(s)[-1])  # withdraw: blue places next


def test_the_visit_header_names_province_court_and_supply_and_no_hand() -> None:
    from rules.taj_mahal.notation import card_name, visit_header

    s = started(3)
    v = GAME.view(s, None)
    text = visit_header(v)
    province = s.board.province_titles[s.province]
    assert text.startswith(f"Visit 1 of 12: {province}. Court: Vizier, General, Monk, Princess,")
    assert "province tile 1 (tea)" in text and "Blue starts" in text
    assert all(card_name(CARDS, k) in text for k in s.supply)
    rng = random.Random(3)
    assert visit_header(GAME.view(_other_hands(s, None, rng), None)) == text


def test_a_seats_private_summary_writes_out_its_whole_hand_and_the_public_has_none() -> None:
    """Preparation: hands are kept secret. The summary a seat alone is shown names every card
    it holds, grouped by colour, with its symbols; the public view's summary is empty."""
    s = with_hands(
        started(3),
        ["red general+elephant", "red general+elephant", "green monk", "white elephant"],
        ["yellow general"],
        ["violet princess"],
    )
    seat = s.seats[0]
    text = talk_of(GAME).private_summary(GAME.view(s, seat))
    assert "Your hand (4 cards):" in text
    assert "- Red: general+elephant ×2" in text
    assert "- Green: monk" in text and "- White: elephant" in text
    assert "Symbols in hand: 2 general, 1 monk, 3 elephant." in text
    assert "any colour will do" in text
    assert talk_of(GAME).private_summary(GAME.view(s, None)) == ""


def test_once_a_tile_is_won_the_prompt_says_what_the_court_still_holds() -> None:
    """A trial played for a General won earlier in the visit (only the visit's first line
    had named the court): once a withdrawal took a tile, the prompt lists what is left."""
    s = with_hands(
        started(3), ["red general", "red monk"], ["yellow vizier", "yellow monk"], ["violet monk"]
    )
    talk = talk_of(GAME)
    first = talk.prompt(GAME.view(s, SEATS[0]), SEATS[0])
    assert "still in the court" not in first, first
    s = order(order(order(s, "play red general"), "play yellow vizier"), "play violet monk")
    s = order(s, "withdraw")  # Blue wins the General
    while GAME.to_move(s) != SEATS[1]:
        s = settle(s) if GAME.chance(s) else GAME.apply(s, GAME.legal_actions(s)[0])
    said = talk.prompt(GAME.view(s, SEATS[1]), SEATS[1])
    assert "; still in the court: Vizier, Monk, Princess, the crown, province tile 1" in said, said


def test_status_counts_each_players_goods_on_its_province_and_bonus_tiles() -> None:
    """A trial kept in mind whose goods were whose to judge what a province was worth to a
    rival (each occurrence earns a point when a tile of those goods is won)."""
    from rules.taj_mahal.notation import status_lines

    s = started(3)
    board = s.board
    rice = next(t for t in range(len(board.bonus_tiles)) if board.tile(t).commodity == "rice")
    tile = next(k + 1 for k, goods in enumerate(board.province_tiles) if "rice" in goods)
    s = arrange(s, province_tiles=((tile,), (), ()), commodity_tiles=((rice,), (), ()))
    lines = status_lines(GAME.view(s, None))
    goods = board.province_tiles[tile - 1]
    rice_n = goods.count("rice") + 1
    assert f"goods rice {rice_n}" in lines[1] and "goods none" in lines[2]


def test_a_seat_left_no_card_of_its_colour_is_told_privately_that_only_withdraw_is_left() -> None:
    """A trial played its only violet card, and the next prompt still read "play a violet
    card ... or withdraw": the public prompt cannot say what a hand lacks, so the seat's own
    hand line says it (white and special cards go only with a coloured one)."""
    s = with_hands(
        started(3), ["red vizier", "white elephant"], ["red monk", "green monk"], ["red general"]
    )
    s = order(order(order(s, "play red vizier"), "play red monk"), "play red general")
    blue, orange = (GAME.view(s, seat) for seat in s.seats[:2])
    assert GAME.to_move(s) == s.seats[0]
    line = "Your hand: White: elephant. You hold no red card: only `withdraw` is left this visit."
    assert talk_of(GAME).hand_line(blue) == line
    assert "This visit you play red cards. You hold no red card: only `withdraw`" in hand_text(blue)
    assert "withdraw" not in talk_of(GAME).hand_line(orange)  # not its turn
    s = order(s, "withdraw")
    assert "withdraw" not in talk_of(GAME).hand_line(GAME.view(s, s.seats[0]))  # placing
    assert hand_text(GAME.view(s, s.seats[0])).count("only `withdraw`") == 0
