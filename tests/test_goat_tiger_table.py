"""What the table is told in the Goat-Tiger game (5.5): orders read as a person writes them,
refusals that name the rule and the points, a capture's line with the count, and a result
that says why it was won, wherever it is shown (closing message, status, records)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fakes import FakeRenderer
from hypothesis import given, settings
from hypothesis import strategies as hs
from table_helpers import on_turn, run
from test_goat_tiger import position
from test_goat_tiger_draw import near_the_cap, stored

from bot.discord.front_end import DISCORD
from bot.table.ai_users import is_ai
from bot.table.records import history_text
from bot.table.registry import registry
from bot.table.service import GameService
from bot.table.table_texts import TableTexts
from db import GameResult, SeatResult
from rules.capabilities import narration_of, notation_of, talk_of
from rules.errors import IllegalAction, InvalidOrder
from rules.goat_tiger import (
    GAME,
    GOATS,
    POINTS,
    TIGERS,
    Capture,
    Move,
    Options,
    Place,
    State,
    apply,
    legal_actions,
    new_game,
    parse,
)

CH = "700"
ALICE, BOB = 21, 22
GT = "goat_tiger"


# A middle game: Tigers on 4, 15 and 19; Goats on 9, 10, 16 and 20 (a Tiger on 15 leaps over
# 9 to 3 and over 16 to 17; 4 over 10 to 16 is blocked by the Goat there).
MIDDLE = position(goats=(9, 10, 16, 20), tigers=(4, 15, 19), to_move=TIGERS, in_hand=5)


# --- orders as a person writes them ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("move 4 to 10", Move(origin=4, dest=10)),
        ("from 4 to 10", Move(origin=4, dest=10)),
        ("4 to 10", Move(origin=4, dest=10)),
        ("4 10", Move(origin=4, dest=10)),
        ("Tiger 4 -> 10", Move(origin=4, dest=10)),
        ("move tiger from point 4 to point 10", Move(origin=4, dest=10)),
        ("jump 1 over 3 to 9", Capture(origin=1, over=3, dest=9)),
        ("1 x 9", Capture(origin=1, over=3, dest=9)),
        ("1x3x9", Capture(origin=1, over=3, dest=9)),
        ("tiger 1 captures 9", Capture(origin=1, over=3, dest=9)),
        ("capture 9", Capture(origin=1, over=3, dest=9)),  # the only capture landing there
        ("tiger 4 takes 2", Capture(origin=4, over=3, dest=2)),
        ("move the tiger from point 1 over 3 to point 9", Capture(origin=1, over=3, dest=9)),
        ("1-9", Capture(origin=1, over=3, dest=9)),  # a leap over a Goat: the capture it means
    ],
)
def test_the_tigers_orders_read_as_a_person_writes_them(text: str, expected: object) -> None:
    st = position(goats=(3, 20, 21, 22, 23), tigers=(1, 4), to_move=TIGERS, in_hand=1)
    assert parse(st, text, TIGERS) == [expected]


def test_a_point_that_two_captures_could_mean_asks_which() -> None:
    st = position(goats=(3, 20, 21, 22, 23), tigers=(1, 4), to_move=TIGERS, in_hand=1)
    with pytest.raises(InvalidOrder, match=r"which one.*`1x9`, `4x2`"):
        parse(st, "capture 3", TIGERS)


@pytest.mark.parametrize(
    "text", ["place 7", "p7", "put a goat on 7", "place goat at point 7", "goat 7", "7"]
)
def test_the_goats_placement_reads_as_a_person_writes_it(text: str) -> None:
    assert parse(new_game(Options()), text, GOATS) == [Place(point=7)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fly 4 to 10", "cannot read 'fly'"),
        ("move 4 to 10 please", "cannot read 'please'"),
        ("4 % 10", "cannot read '%'"),
        ("move", "No point is named"),
        ("place 4 10", "says both move and place|on one point, not two"),
        ("4 10 16 22", "names 4 points"),
        ("move 99 to 10", "numbered 1 to 23, not 99"),
        ("move " + "9" * 50, "numbered 1 to 23"),
        ("1 2 3 4 5 6 7 8 9 10 11 12 13", "a few words"),
        ("4" * 61, "at most 60 characters"),
    ],
)
def test_text_that_is_no_move_is_refused_with_the_forms_a_move_takes(
    text: str, message: str
) -> None:
    with pytest.raises(InvalidOrder, match=message):
        parse(MIDDLE, text, TIGERS)


@given(hs.text(max_size=80))
@settings(max_examples=300, deadline=None)
def test_any_text_is_read_as_one_move_or_refused_with_a_reason(text: str) -> None:
    try:
        actions = parse(MIDDLE, text, TIGERS)
    except ValueError as e:
        assert str(e)
    else:
        assert len(actions) == 1


# --- refusals that name the rule and the points ----------------------------------------------


def _why(st: State, text: str, seat: str = TIGERS) -> str:
    (a,) = parse(st, text, seat)
    with pytest.raises(IllegalAction) as e:
        apply(st, a)
    return str(e.value)


def test_a_capture_that_is_no_leap_names_the_leaps_from_its_point() -> None:
    said = _why(MIDDLE, "15x13")
    assert "15 to 13 is no leap" in said
    assert "from 15 the leaps go to 3 (over 9), 17 (over 16)" in said
    assert "The captures possible now: 15x3 (the Goat on 9), 15x17 (the Goat on 16)" in said


def test_a_leap_that_cannot_capture_says_why_and_which_captures_there_are() -> None:
    assert "lands on 16, where a Goat stands" in _why(MIDDLE, "4x16")
    assert "captures the Goat on 13, but 13 is empty" in _why(MIDDLE, "19x7")
    assert "passes over 9, not 10" in _why(MIDDLE, "jump 15 over 10 to 3")
    assert "no Tiger on point 9: the Tigers are on 4, 15 and 19" in _why(MIDDLE, "9x21")


def test_a_step_that_is_none_names_where_the_piece_may_step() -> None:
    said = _why(MIDDLE, "move 4 to 12")
    assert "12 is not next to 4 along a line" in said and "steps to 1, 3, 5 and 10" in said
    assert "point 16 is not empty: a Goat stands on it" in _why(MIDDLE, "15-16")


def test_the_goats_refusals_name_their_rule() -> None:
    st = position(goats=(9,), tigers=(1, 4, 5), to_move=GOATS, in_hand=14)
    assert "a Goat moves only once all are placed" in _why(st, "9-10", GOATS)
    assert "point 4 is not empty: a Tiger stands on it" in _why(st, "place 4", GOATS)
    assert "only a Tiger captures" in _why(st, "9x21", GOATS)
    assert "the Tigers never place" in _why(MIDDLE, "place 7")


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(
        str(tmp_path / "t.sqlite3"),
        FakeRenderer(),
        front=DISCORD,
        clock=lambda: 1000.0,
        ai_executor=ThreadPoolExecutor(1),
    )
    s.ai.hint_seconds = 0.05
    yield s
    await s.close()


async def _started(service: GameService) -> None:
    await run(service, CH, ALICE, "create", GT, seat="goats")
    await run(service, CH, BOB, "join", GT)
    await run(service, CH, ALICE, "start", GT)


async def test_a_readable_move_the_rules_forbid_is_refused_by_its_rule_not_as_unreadable(
    service: GameService,
) -> None:
    await _started(service)
    assert (await run(service, CH, ALICE, "play", GT, order="place 2")).ok
    r = await run(service, CH, BOB, "play", GT, order="15x13")
    assert not r.ok and "`15x13` was refused: no Tiger on point 15" in r.text
    assert "not an order I can read" not in r.text and "Allowed now: `1-3`" in r.text
    r = await run(service, CH, BOB, "play", GT, order="capture")
    assert not r.ok and r.text.startswith("`capture` is not an order I can read: capture where?")
    r = await run(service, CH, BOB, "play", GT, order="move 4 to 10")
    assert r.ok, r.text
    assert "Tigers: 4-10" in (r.close_text or "") + r.text


async def test_an_order_for_the_other_side_or_out_of_turn_is_refused_by_its_rule(
    service: GameService,
) -> None:
    await _started(service)
    r = await run(service, CH, ALICE, "play", GT, order="tiger 4-10")
    assert not r.ok and "`tiger 4-10` was refused: you play the Goats, not the Tigers" in r.text
    r = await run(service, CH, BOB, "play", GT, order="4-10")
    assert not r.ok and f"`4-10`: it is not your turn. Goats (<@{ALICE}>) must decide" in r.text
    assert "not an order I can read" not in r.text and "place a Goat" in r.text


# --- what a move and the end say -------------------------------------------------------------


def test_a_capture_says_which_goat_and_the_count_in_its_own_line() -> None:
    st = position(goats=(9, 20, 21), tigers=(3,), to_move=TIGERS, in_hand=2, captured=1)
    a = Capture(origin=3, over=9, dest=15)
    lines = narration_of(GAME).narrate(st, a, apply(st, a), TIGERS)
    assert lines == ["Tigers: 3x15, captures the Goat on 9: 2 of 5"]
    step = Move(origin=3, dest=4)
    assert narration_of(GAME).narrate(st, step, apply(st, step), TIGERS) == ["Tigers: 3-4"]


def _ended_by_captures() -> State:
    st = position(goats=(9, 20, 21), tigers=(3,), to_move=TIGERS, captured=4)
    return apply(st, Capture(origin=3, over=9, dest=15))


def _ended_by_a_trap() -> State:
    st = position(goats=(3, 4, 9, 14, 20, 23), tigers=(2,), to_move=GOATS)
    return apply(st, Move(origin=9, dest=8))


def _ended_with_the_goats_stuck() -> State:
    tigers = (13, 18, 22)
    st = position(
        goats=tuple(p for p in POINTS if p not in {6, 19, 23, *tigers}),
        tigers=tigers,
        to_move=TIGERS,
    )
    for a in (Move(origin=22, dest=23), Move(origin=7, dest=6), Move(origin=23, dest=22)):
        st = apply(st, a)
    return st


@pytest.mark.parametrize(
    ("end", "why", "lines"),
    [
        (
            _ended_by_captures,
            "The Tigers win: 5 Goats captured (5.5).",
            ["1. Tigers — 5 of 5 Goats captured", "2. Goats — 2 Goats left"],
        ),
        (
            _ended_by_a_trap,
            "The Goats win: the Tigers are trapped, with no move left (5.5).",
            [
                "1. Goats — trapped the Tigers, with 6 Goats left",
                "2. Tigers — 0 of 5 Goats captured",
            ],
        ),
        (
            _ended_with_the_goats_stuck,
            "The Tigers win: the Goats have no move left.",
            [
                "1. Tigers — 0 of 5 Goats captured, and the Goats had no move left",
                "2. Goats — 17 Goats left",
            ],
        ),
    ],
)
def test_every_way_the_game_ends_is_said_with_its_reason(
    end: object, why: str, lines: list[str]
) -> None:
    st = end()  # type: ignore[operator]
    ranking = GAME.result(st)
    assert ranking is not None and ranking.text == why
    assert TableTexts.ranking_lines(GAME, ranking) == lines  # type: ignore[arg-type]
    assert talk_of(GAME).status(st)[0] == why
    # the records keep places and scores: the history says the same from them
    result = GameResult(
        game_id=1,
        finished_at=0.0,
        kind=GT,
        seats=[
            SeatResult(faction=s, user_id=i, place=p, score=ranking.scores[s])
            for p, tied in enumerate(ranking.places, start=1)
            for i, s in enumerate(tied)
        ],
    )
    history = history_text(registry(), [result], lambda u: "someone", "here")
    for line in lines:
        place, rest = line.split(". ", 1)
        seat, said = rest.split(" — ")
        assert f"{place}. {seat} someone {said}" in history


async def test_the_closing_message_and_status_say_why_the_game_was_won(
    service: GameService,
) -> None:
    await _started(service)
    record = await service.store.open_game(CH)
    assert record is not None
    r = None
    st = await service.loader.state_of(record)
    while not st.over:  # type: ignore[attr-defined]
        legal = legal_actions(st)  # type: ignore[arg-type]
        a = next((x for x in legal if isinstance(x, Capture)), legal[-1])
        user = ALICE if st.to_move == GOATS else BOB  # type: ignore[attr-defined]
        r = await run(service, CH, user, "play", GT, order=notation_of(GAME).describe(st, a))  # type: ignore[arg-type]
        assert r.ok, r.text
        st = apply(st, a)  # type: ignore[arg-type]
    assert r is not None
    ranking = GAME.result(st)  # type: ignore[arg-type]
    assert ranking is not None
    assert f"**The game is over.** {ranking.text}" in r.text
    assert " points" not in r.text
    status = await run(service, CH, ALICE, "status", GT)
    assert ranking.text in status.text
    after = await run(service, CH, ALICE, "play", GT, order="place 7")
    assert f"is over. {ranking.text}" in after.text and "Goats captured" in after.text
    history = await run(service, CH, ALICE, "history", GT, club=True)
    assert "Goats captured" in history.text and " points" not in history.text


async def test_a_person_playing_the_hints_against_a_shuffling_ai_ends_by_the_rule(
    service: GameService,
) -> None:
    """A person plays every Goats' turn by `hint` and its Play button (the terminal's `hint
    play` presses it) against the hard AI's Tigers, who have nothing to capture and shuffle
    their Tigers about: the game ends within the ten moves left before the cap, drawn by our
    rule, said with its reason. It starts from a position built for it: every Goat placed,
    the pieces moved about without a capture until ten moves before the cap."""
    service.ai.think_seconds = 0.02  # the hard AI's steps cut short
    await run(service, CH, ALICE, "create", GT, seat="goats")
    assert (await run(service, CH, ALICE, "ai", GT, side="tigers", level="hard")).ok
    assert (await run(service, CH, ALICE, "start", GT)).ok
    record = await service.store.open_game(CH)
    assert record is not None
    await service.store.append_actions(record.id, record.version, stored(record, near_the_cap(10)))
    replies = []
    while (turn := await on_turn(service, CH)) is not None:
        assert len(replies) < 10, "past the cap"
        if is_ai(turn[1]):
            moved = await service.ai.move(CH)
            assert moved is not None
            replies.append(moved)
            continue
        hint = await run(service, CH, ALICE, "hint", GT)
        assert hint.ok and hint.buttons, hint.text
        replies.append(await service.press(CH, ALICE, hint.buttons[0].custom_id))
        assert replies[-1].ok, replies[-1].text
    end = replies[-1].public_text
    assert "(our rule, added to 5.5)" in end and "Draw: " in end, end
    assert "1. Goats" in end and "1. Tigers" in end and "2. " not in end, end
