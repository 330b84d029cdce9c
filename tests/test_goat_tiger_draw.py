"""The Goat-Tiger game's draw, our addition to 5.5: the same position with the same side to
move for the third time, or QUIET_MOVES_TO_DRAW moves in a row without a capture or a
placement, ends the game drawn, both sides sharing first place. A win on the same move
stands; a capture or a placement starts the count again; the position 5.5 forbids stays
forbidden. The state keeps what the rule counts, so a stored game and a replay agree."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from fakes import FakeRenderer
from test_goat_tiger import position

from ai.budget import Budget
from ai.goat_tiger import PLAYERS, easy_player, hard_player
from ai.goat_tiger.search import DRAW, WIN, Search, evaluate, node_of
from bot.table.pipeline import action_json
from bot.table.table_texts import TableTexts
from bot.terminal.local import amain
from db import GameRecord, NewAction
from rules.capabilities import menus_of, narration_of, talk_of
from rules.goat_tiger import (
    GAME,
    GOATS,
    QUIET_MOVES_TO_DRAW,
    SEATS,
    TIGERS,
    Capture,
    GoatTigerAction,
    Move,
    Options,
    Place,
    State,
    apply,
    legal_actions,
    longest_game,
    new_game,
    parse,
)

NO_CLOCK = Budget(iterations=1000)
REPEATED = "Draw: the same position with Goats to move for the third time (our rule, added to 5.5)."
CAPPED = (
    f"Draw: {QUIET_MOVES_TO_DRAW} moves in a row without a capture or a placement "
    "(our rule, added to 5.5)."
)

# The Goats fill the sides and the base while a Tiger steps 4-10 and back; then the Goats
# step 9-3 and back while two Tigers step 10-11 and 5-6 and back: eight moves that bring the
# position back (5.5 forbids only the four-move return), twice.
PLACED = (2, 7, 8, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 9)
PLACEMENT = [o for i, p in enumerate(PLACED) for o in (f"place {p}", "10-4" if i % 2 else "4-10")]
ROUND = ["9-3", "10-11", "3-9", "5-6", "9-3", "11-10", "3-9", "6-5"]


def played(orders: list[str], st: State | None = None) -> State:
    st = st or new_game(Options())
    for order in orders:
        (a,) = parse(st, order, st.to_move)
        st = apply(st, a)
    return st


def test_the_same_position_a_third_time_with_the_same_side_to_move_is_a_draw() -> None:
    start = played(PLACEMENT)
    once = played(ROUND, start)
    assert once.key == start.key and once.seen_before == 1 and not once.over  # twice: play on
    st = played(ROUND[:-1], once)
    assert not st.over
    end = played(ROUND[-1:], st)
    assert end.key == start.key and end.drawn == "repetition" and end.winner is None
    assert GAME.to_move(end) is None and legal_actions(end) == []
    result = GAME.result(end)
    assert result is not None and result.places == (SEATS,) and result.text == REPEATED
    assert TableTexts.ranking_lines(GAME, result) == [  # type: ignore[arg-type]
        "1. Goats — 15 Goats left, a draw",
        "1. Tigers — 0 of 5 Goats captured, a draw",
    ]
    assert talk_of(GAME).status(end)[0] == REPEATED
    (a,) = parse(st, ROUND[-1], TIGERS)
    assert narration_of(GAME).narrate(st, a, end, TIGERS) == ["Tigers: 6-5"]  # the end tells it
    with pytest.raises(ValueError, match="the game is over"):
        apply(end, Move(origin=9, dest=3))


def test_a_move_that_would_draw_is_marked_among_the_moves_allowed() -> None:
    st = played(PLACEMENT + ROUND + ROUND[:-1])
    entries, _ = menus_of(GAME).grouped_choices(st, legal_actions(st))
    assert "`6-5` (a draw: the same position a third time, our rule)" in entries
    assert "`6-12`" in entries  # the others play on


def test_the_position_5_5_forbids_stays_forbidden() -> None:
    """Stepping straight back (a four-move return) is refused by 5.5's rule as before, not
    counted towards our draw."""
    st = played([*PLACEMENT, "9-3", "10-11", "3-9"])
    back = Move(origin=11, dest=10)
    assert back not in legal_actions(st)
    with pytest.raises(ValueError, match=r"the repetition rule, 5\.5"):
        apply(st, back)
    assert not st.over


def quiet_position(moves_before: int, *, to_move: str = GOATS) -> State:
    """A position after `moves_before` moves without a capture or a placement (each of a
    position that never comes back): the Goats step about the base, a Tiger on 1."""
    st = position(goats=(14, 20, 21, 22, 23, 19), tigers=(1,), to_move=to_move)
    return st.model_copy(update={"quiet": tuple(range(1, moves_before + 1))})


def test_the_cap_of_moves_without_a_capture_or_a_placement_draws() -> None:
    st = quiet_position(QUIET_MOVES_TO_DRAW - 2)
    st = apply(st, Move(origin=19, dest=13))
    assert not st.over and len(st.quiet) == QUIET_MOVES_TO_DRAW - 1
    near = "99 moves in a row without a capture or a placement: a draw at 100 (our rule"
    assert near in GAME.talk.prompt(st, TIGERS) and near in talk_of(GAME).status(st)[-1]
    assert near not in GAME.talk.prompt(quiet_position(80), GOATS)  # only in the last ten
    end = apply(st, Move(origin=1, dest=3))
    assert end.drawn == "quiet" and GAME.result(end).text == CAPPED  # type: ignore[union-attr]


def test_a_capture_or_a_placement_starts_the_count_again() -> None:
    capture = position(goats=(9, 20, 21, 22, 23, 14), tigers=(3,), to_move=TIGERS)
    capture = capture.model_copy(update={"quiet": tuple(range(1, QUIET_MOVES_TO_DRAW))})
    after = apply(capture, Capture(origin=3, over=9, dest=15))
    assert after.quiet == () and not after.over
    place = position(goats=(20, 21, 23), tigers=(1,), to_move=GOATS, in_hand=3)
    place = place.model_copy(update={"quiet": tuple(range(1, QUIET_MOVES_TO_DRAW))})
    after = apply(place, Place(point=22))
    assert after.quiet == () and not after.over
    step = apply(after, Move(origin=1, dest=3))
    assert step.quiet == (after.key,)


def test_a_win_on_the_move_that_reaches_the_cap_or_repeats_stands() -> None:
    trap = position(goats=(3, 4, 9, 14, 20, 23), tigers=(2,), to_move=GOATS)
    trap = trap.model_copy(update={"quiet": tuple(range(1, QUIET_MOVES_TO_DRAW))})
    end = apply(trap, Move(origin=9, dest=8))
    assert end.winner == GOATS and end.drawn is None
    trapped_before = end.key
    again = trap.model_copy(update={"quiet": (trapped_before, trapped_before)})
    end = apply(again, Move(origin=9, dest=8))
    assert end.winner == GOATS and end.drawn is None


def test_a_drawn_game_survives_a_restart_and_replays_the_same() -> None:
    orders = PLACEMENT + ROUND + ROUND
    end = played(orders)
    assert GAME.state_from_json(GAME.state_to_json(end)) == end
    assert played(orders) == end
    st = played(PLACEMENT + ROUND)
    stored = GAME.state_from_json(GAME.state_to_json(st))
    assert played(ROUND, stored).drawn == "repetition"


def test_a_game_stored_before_the_draw_rule_loads_and_counts_from_then_on() -> None:
    st = played([*PLACEMENT, "9-3"])
    text = re.sub(r'"quiet":\[[\d,]*\],', "", GAME.state_to_json(st))
    text = text.replace(',"drawn":null', "")
    assert "quiet" not in text and "drawn" not in text
    old = GAME.state_from_json(text)
    assert old.quiet == () and old.drawn is None and old.goats == st.goats
    assert apply(old, Move(origin=10, dest=11)).quiet == (old.key,)


# --- the AI knows the draw ---------------------------------------------------------------


def rules_value(st: State, depth: int, ply: int = 0) -> int:
    """Plain negamax on the rules (their win and their draw), with the search's own count
    below the depth: what the search must find."""
    if st.winner is not None:  # won by the side that has just moved
        return -(WIN - ply)
    if st.drawn is not None:
        return DRAW
    if depth == 0:
        return evaluate(node_of(st))
    return max(-rules_value(apply(st, a), depth - 1, ply + 1) for a in legal_actions(st))


@pytest.mark.parametrize("moves", range(3, 9))
def test_the_search_scores_repetitions_as_the_rules_do(moves: int) -> None:
    """In the positions before the third repetition, the search's value at depth 3 is the
    plain negamax of the rules: the draw where the rules draw, nowhere else."""
    st = played(PLACEMENT + ROUND + ROUND[:moves])
    found = Search(history=st.quiet).negamax(node_of(st), 3, -2 * WIN, 2 * WIN, 0)
    assert found == rules_value(st, 3)


def test_the_search_scores_the_cap_as_the_rules_do() -> None:
    for quiet in (QUIET_MOVES_TO_DRAW - 3, QUIET_MOVES_TO_DRAW - 2, QUIET_MOVES_TO_DRAW - 1):
        st = quiet_position(quiet)
        found = Search(history=st.quiet).negamax(node_of(st), 3, -2 * WIN, 2 * WIN, 0)
        assert found == rules_value(st, 3), quiet


def drawn_by(st: State, a: Move) -> State:
    """`st` with a history in which the position after `a` stood twice: `a` draws."""
    twice = apply(st, a).key
    return st.model_copy(update={"quiet": (twice, twice)})


@pytest.mark.parametrize(("captured", "drawing"), [(0, TIGERS), (2, GOATS)])
def test_the_side_behind_takes_a_draw_and_the_side_ahead_plays_on(
    captured: int, drawing: str
) -> None:
    """Without a capture the Tigers are behind (the strongest Goats win such games, the
    Tigers never do: docs/goat_tiger.md) and take a draw offered, the Goats play on; two
    Goats captured, the other way round."""
    goats = (2, 7, 8, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 9)[captured:]
    st = position(goats=goats, tigers=(1, 5, 10), to_move=TIGERS, captured=captured)
    draws = {TIGERS: Move(origin=10, dest=11), GOATS: Move(origin=9, dest=3)}
    for side, draw in draws.items():
        offered = drawn_by(st.model_copy(update={"to_move": side}), draw)
        played = hard_player(offered, side, random.Random(0), NO_CLOCK)
        assert (played == draw) == (side == drawing), (side, played)


def quiet_line(st: State, pick: random.Random, until: int) -> list[Move] | None:
    """Moves from `st` (every Goat placed), drawn by `pick`, to `until` moves in a row
    without a capture or a placement, none of which captures, leaves the Tigers a capture or
    ends the game (None: there are none)."""
    if len(st.quiet) >= until:
        return []
    steps = [a for a in legal_actions(st) if isinstance(a, Move)]
    for a in pick.sample(steps, len(steps)):
        after = apply(st, a)
        if after.over or any(isinstance(c, Capture) for c in legal_actions(after)):
            continue
        rest = quiet_line(after, pick, until)
        if rest is not None:
            return [a, *rest]
    return None


def near_the_cap(left: int, seed: int = 3) -> list[GoatTigerAction]:
    """The moves of a game in which every Goat is placed (PLACEMENT: a Tiger shuttles 4-10
    and back) and the pieces move about, nothing captured, until `left` moves before the
    cap."""
    st, moves = new_game(Options()), []
    for order in PLACEMENT:
        moves += parse(st, order, st.to_move)
        st = apply(st, moves[-1])
    line = quiet_line(st, random.Random(seed), QUIET_MOVES_TO_DRAW - left)
    assert line is not None
    return [*moves, *line]


@pytest.mark.parametrize(("goats", "tigers"), [(g, t) for g in PLAYERS for t in PLAYERS])
def test_two_ais_of_any_levels_end_a_game_within_the_rules_bound(goats: str, tigers: str) -> None:
    """Every pairing of levels, from a game 20 moves before the cap with nothing captured
    (whole games from the opening, a thousand, are bench/goat_tiger_ends.py): the game
    ends, won or drawn by our rule, within longest_game moves of the opening."""
    gens = {GOATS: random.Random(2 * 31), TIGERS: random.Random(2 * 31 + 1)}
    levels = {GOATS: goats, TIGERS: tigers}
    st = new_game(Options())
    for a in near_the_cap(20):
        st = apply(st, a)
    while not st.over and st.moves <= longest_game(st.options):
        st = apply(st, PLAYERS[levels[st.to_move]](st, st.to_move, gens[st.to_move], NO_CLOCK))
    assert st.over and st.moves <= longest_game(st.options), (goats, tigers, st.moves)
    assert (st.winner is None) == (st.drawn in ("repetition", "quiet")), (st.winner, st.drawn)


def test_easy_sees_a_draw_as_a_draw_too() -> None:
    st = position(goats=(14, 20, 21, 22, 23, 19), tigers=(1,), to_move=GOATS)
    step = Move(origin=19, dest=13)
    drawn = drawn_by(st, step)
    assert apply(drawn, step).drawn == "repetition"
    assert Search(history=drawn.quiet).negamax(node_of(apply(drawn, step)), 0, -WIN, WIN, 1) == DRAW
    assert easy_player(drawn, GOATS, random.Random(0), NO_CLOCK) in legal_actions(drawn)


async def test_the_terminal_tells_the_draw_and_its_reason_and_the_log_keeps_it(
    tmp_path: Path,
) -> None:
    out = io.StringIO()
    args = ["--db", str(tmp_path / "d.sqlite3"), "--boards", str(tmp_path / "b")]
    lines = [*PLACEMENT, *ROUND, *ROUND, "log 2", "rules draw"]
    await amain([*args, "--game", "goat_tiger"], lines, out, FakeRenderer())
    text = out.getvalue()
    assert f"• Tigers: 6-5\nThe game is over. {REPEATED}\n" in text
    assert text.count(REPEATED) == 2  # the end and the log; not the step's line too
    assert "1. Goats — 15 Goats left, a draw\n1. Tigers — 0 of 5 Goats captured, a draw" in text
    assert f"The last 2 lines of the log:\nTigers: 6-5\nThe game is over. {REPEATED}" in text
    assert "Our rule, added to 5.5 (the rulebook has no draw" in text


def stored(record: GameRecord, moves: list[GoatTigerAction]) -> list[NewAction]:
    """A Goat-Tiger game's moves from its opening as its log stores them, each by its seat."""
    st, log = new_game(Options()), []
    for a in moves:
        user = record.seats[st.to_move]
        log.append(NewAction(action=action_json(GAME, a), faction=st.to_move, user_id=user))
        st = apply(st, a)
    return log
