"""The Goat-Tiger game (rulebook 5.5) on the reconstructed 23-point board."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from ai.budget import Budget
from ai.goat_tiger import easy_player, hard_player, random_player
from ai.goat_tiger.search import CHECK_EVERY, action_of, best_move, moves, node_of
from rules.goat_tiger import (
    GAME,
    GOATS,
    LAYOUT,
    LINES,
    POINTS,
    TIGERS,
    Capture,
    Move,
    Options,
    Place,
    State,
    apply,
    describe,
    key_after,
    legal_actions,
    neighbours,
    new_game,
    parse,
)

NO_CLOCK = Budget(iterations=1000)


def position(
    goats: tuple[int, ...],
    tigers: tuple[int, ...],
    to_move: str,
    *,
    in_hand: int = 0,
    captured: int = 0,
    previous: tuple[int, ...] = (),
) -> State:
    """A position of a handicap game sized to the pieces given (5.5's last paragraph)."""
    options = Options(goats=len(goats) + in_hand + captured, tigers=len(tigers))
    return State(
        options=options,
        goats=goats,
        tigers=tigers,
        in_hand=in_hand,
        captured=captured,
        to_move=to_move,  # type: ignore[arg-type]
        previous=previous,
    )


# --- the board ---------------------------------------------------------------------------


def test_the_board_has_23_points_on_its_lines_and_is_symmetric() -> None:
    assert tuple(range(1, 24)) == POINTS
    assert {p for line in LINES for p in line} == set(POINTS)
    mirror = {p: q for p in POINTS for q in POINTS if LAYOUT[q] == (-LAYOUT[p][0], LAYOUT[p][1])}
    assert len(mirror) == 23
    near = neighbours()
    for p in POINTS:
        assert {mirror[n] for n in near[p]} == set(near[mirror[p]])
    assert sum(len(n) for n in near.values()) // 2 == 38


def test_setup_puts_the_tigers_on_the_marked_points_and_the_goats_act_first() -> None:
    st = new_game(Options())
    assert st.tigers == (1, 4, 5) and st.goats == () and st.in_hand == 15
    assert st.to_move == GOATS
    assert {a for a in legal_actions(st)} == {Place(point=p) for p in POINTS} - {
        Place(point=p) for p in (1, 4, 5)
    }


def test_a_handicap_game_has_fewer_tigers_or_goats() -> None:
    st = new_game(Options(tigers=2, goats=12))
    assert st.tigers == (1, 4) and st.in_hand == 12
    with pytest.raises(ValueError):
        Options(goats=5)
    with pytest.raises(ValueError):
        Options(tigers=4)


# --- moves -------------------------------------------------------------------------------


def test_goats_move_only_once_all_are_placed() -> None:
    st = apply(new_game(Options()), Place(point=2))
    st = apply(st, Move(origin=4, dest=10))
    with pytest.raises(ValueError, match="once all are placed"):
        apply(st, Move(origin=2, dest=8))


def test_a_tiger_leaps_along_a_line_over_a_goat_to_the_empty_point_beyond() -> None:
    st = position(goats=(9, 20, 21, 22, 23, 14), tigers=(3,), to_move=TIGERS)
    assert Capture(origin=3, over=9, dest=15) in legal_actions(st)
    after = apply(st, Capture(origin=3, over=9, dest=15))
    assert after.goats == (14, 20, 21, 22, 23) and after.tigers == (15,) and after.captured == 1
    assert after.to_move == GOATS


def test_no_leap_onto_a_piece_off_a_line_or_over_a_tiger() -> None:
    st = position(goats=(9, 15, 2, 20, 21, 22), tigers=(3, 4), to_move=TIGERS)
    legal = legal_actions(st)
    assert Capture(origin=3, over=9, dest=15) not in legal  # 15 is taken
    assert not any(isinstance(a, Capture) and a.over == 4 for a in legal)  # a Tiger
    with pytest.raises(ValueError, match="3 to 8 is no leap"):
        apply(st, Capture(origin=3, over=2, dest=8))  # 3, 2, 8 are not on one line


def test_a_move_may_not_bring_back_the_position_before_the_last_round() -> None:
    """Both sides step away and one steps back: the other may not step back too (5.5)."""
    st = position(goats=(14, 20, 21, 22, 23, 19), tigers=(1,), to_move=GOATS)
    start = st
    for a in (Move(origin=19, dest=13), Move(origin=1, dest=3), Move(origin=13, dest=19)):
        st = apply(st, a)
    back = Move(origin=3, dest=1)
    assert back not in legal_actions(st)
    with pytest.raises(ValueError, match="repetition rule"):
        apply(st, back)
    assert start.key == st.previous[0]
    # one round later the same move is fine again: only the last round counts
    st = apply(st, Move(origin=3, dest=4))
    st = apply(st, Move(origin=19, dest=13))
    assert Move(origin=4, dest=1) in legal_actions(st)


def test_the_repetition_rule_weighs_each_move_by_the_position_it_makes() -> None:
    """Over random games, the key each move is judged by (a place, a step or a capture) is
    the key of the position it makes, and no legal move makes the position before the last
    round of moves (5.5)."""
    rng = random.Random(7)
    for _ in range(6):
        st = new_game(Options())
        while not st.over:
            back = st.previous[0] if len(st.previous) == 3 else None
            for a in legal_actions(st):
                after = apply(st, a).key
                assert after == key_after(st.key, st.to_move, a) and after != back
            st = apply(st, rng.choice(legal_actions(st)))


def test_the_tigers_win_on_their_fifth_capture() -> None:
    st = position(goats=(9, 20, 21), tigers=(3,), to_move=TIGERS, captured=4)
    end = apply(st, Capture(origin=3, over=9, dest=15))
    assert end.winner == TIGERS and legal_actions(end) == []
    result = GAME.result(end)
    assert result is not None and result.winners == (TIGERS,) and "5 Goats" in result.text


def test_the_goats_win_by_trapping_the_tigers() -> None:
    st = position(goats=(3, 4, 9, 14, 20, 23), tigers=(2,), to_move=GOATS)
    end = apply(st, Move(origin=9, dest=8))
    assert end.winner == GOATS and GAME.to_move(end) is None
    assert "trapped" in GAME.result(end).text  # type: ignore[union-attr]


def test_goats_with_no_move_lose() -> None:
    """Not in 5.5: the side to move without a legal move loses, as the Tigers do. On this
    board only the repetition rule can leave the Goats so: three Tigers enclose at most two
    empty points, and a Goat can step into any other."""
    tigers = (13, 18, 22)
    st = position(
        goats=tuple(p for p in POINTS if p not in {6, 19, 23, *tigers}),
        tigers=tigers,
        to_move=TIGERS,
    )
    for a in (Move(origin=22, dest=23), Move(origin=7, dest=6), Move(origin=23, dest=22)):
        st = apply(st, a)
    assert st.to_move == GOATS and legal_actions(st) == [] and st.winner == TIGERS
    assert GAME.result(st).text == "The Tigers win: the Goats have no move left."  # type: ignore[union-attr]


# --- notation and JSON -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "seat", "expected"),
    [
        ("place 7", GOATS, Place(point=7)),
        ("P7", GOATS, Place(point=7)),
        ("goat place 7", GOATS, Place(point=7)),
        ("tiger 3-2", TIGERS, Move(origin=3, dest=2)),
        ("3 - 2", TIGERS, Move(origin=3, dest=2)),
        ("3x15", TIGERS, Capture(origin=3, over=9, dest=15)),
        ("Tigers 3:15", TIGERS, Capture(origin=3, over=9, dest=15)),
    ],
)
def test_the_notation_reads_what_players_type(text: str, seat: str, expected: object) -> None:
    st = position(goats=(9, 20, 21, 22, 23, 14), tigers=(3,), to_move=seat, in_hand=1)
    assert parse(st, text, seat) == [expected]


@pytest.mark.parametrize(
    ("text", "seat", "message"),
    [
        ("move the goat", GOATS, "No point is named"),
        ("fly 3 to 9", TIGERS, "cannot read 'fly'"),
        ("place 24", GOATS, "numbered 1 to 23"),
        ("tiger 3-9", GOATS, "you play the Goats"),
        ("3-9", GOATS, "Tigers' turn"),
        ("x" * 61, TIGERS, "at most 60"),
    ],
)
def test_the_notation_refuses_with_what_was_wrong(text: str, seat: str, message: str) -> None:
    st = position(goats=(9, 20, 21, 22, 23, 14), tigers=(3,), to_move=TIGERS)
    with pytest.raises(ValueError, match=message):
        parse(st, text, seat)


def test_every_move_is_written_as_the_notation_says() -> None:
    assert describe(Place(point=7)) == "place 7"
    assert describe(Move(origin=7, dest=8)) == "7-8"
    assert describe(Capture(origin=1, over=3, dest=9)) == "1x9"


def test_a_stored_state_that_breaks_the_rules_is_refused() -> None:
    good = GAME.state_to_json(new_game(Options()))
    assert GAME.state_from_json(good) == new_game(Options())
    for bad in (
        good.replace('"tigers":[1,4,5]', '"tigers":[1,4,4]'),
        good.replace('"in_hand":15', '"in_hand":14'),
        good.replace('"tigers":[1,4,5]', '"tigers":[1,4,99]'),
    ):
        with pytest.raises(ValueError):
            GAME.state_from_json(bad)


# --- the AI --------------------------------------------------------------------------------


def won_within(st: State, side: str, plies: int) -> bool:
    """Plain minimax on the rules: `side` forces a win within `plies` moves."""
    if st.over or plies == 0:  # a draw (our rule) is no win
        return st.winner == side
    results = (won_within(apply(st, a), side, plies - 1) for a in legal_actions(st))
    return any(results) if st.to_move == side else all(results)


@cache
def late_positions() -> tuple[State, ...]:
    """Positions near the end of random games (three or more Goats captured, or every Goat
    placed), where forced wins are short enough to check by plain minimax."""
    out = []
    for seed in range(12):
        r = random.Random(seed)
        st = new_game(Options())
        while not st.over:
            if st.captured >= 3 or (st.in_hand == 0 and st.moves % 3 == 0):
                out.append(st)
            st = apply(st, r.choice(legal_actions(st)))
    return tuple(out)


def test_the_search_knows_the_rules() -> None:
    """Its moves are the legal moves, the repetition rule included, in every position."""
    for st in late_positions():
        assert {action_of(m) for m, _ in moves(node_of(st))} == set(legal_actions(st))


def test_the_search_takes_a_win_in_one() -> None:
    capture = position(goats=(9, 20, 21), tigers=(3,), to_move=TIGERS, captured=4)
    trap = position(goats=(3, 4, 9, 14, 20, 23), tigers=(2,), to_move=GOATS)
    for player in (easy_player, hard_player):
        assert player(capture, TIGERS, random.Random(0), NO_CLOCK) == Capture(
            origin=3, over=9, dest=15
        )
        assert player(trap, GOATS, random.Random(0), NO_CLOCK) == Move(origin=9, dest=8)


def test_the_search_never_lets_a_won_position_go() -> None:
    """From every sampled position its side can win within three moves, `hard` plays a
    move after which it still wins within two (checked by plain minimax on the rules). In
    random games only the Tigers get such positions (the Goats' trap within three moves never
    comes: test_the_search_takes_a_win_in_one builds one), so only theirs are searched."""
    sample = (st for st in late_positions() if st.to_move == TIGERS and won_within(st, TIGERS, 3))
    won = list(itertools.islice(sample, 24))  # a bounded sample: minimax is the cost here
    assert len(won) == 24
    for i, st in enumerate(won):
        a = hard_player(st, st.to_move, random.Random(i), NO_CLOCK)
        assert won_within(apply(st, a), st.to_move, 2), (st, a)


def test_the_ai_players_refuse_when_their_seat_does_not_move() -> None:
    st = new_game(Options())
    for player in (random_player, easy_player, hard_player):
        with pytest.raises(ValueError):
            player(st, TIGERS, random.Random(0), NO_CLOCK)


def test_the_search_stops_when_its_budget_is_spent_and_still_moves() -> None:
    st = new_game(Options())
    found = best_move(node_of(st), 8, out_of_time=lambda nodes: nodes >= 2000)
    assert 1 <= found.depth < 8 and action_of(found.move) in legal_actions(st)
    clock = iter(range(1000))  # a clock that moves one second per reading
    budget = Budget(iterations=1000, seconds=2.0, clock=lambda: float(next(clock)))
    assert hard_player(st, GOATS, random.Random(0), budget) in legal_actions(st)


def test_a_timed_search_looks_at_its_budget_every_few_milliseconds_of_work() -> None:
    """After the first depth, every CHECK_EVERY nodes (about 8 ms): a 20 ms budget is kept to
    within that, where a look every 1024 nodes overshot it threefold."""
    looked: list[int] = []

    def out_of_time(nodes: int) -> bool:
        looked.append(nodes)
        return len(looked) == 5

    found = best_move(node_of(new_game(Options())), 8, out_of_time=out_of_time)
    assert len(looked) == 5 and found.nodes == looked[-1]
    assert [b - a for a, b in itertools.pairwise(looked)] == [CHECK_EVERY] * 4
