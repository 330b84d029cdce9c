"""The Goat-Tiger computer explains itself in a player's words: a hint names the suggestion,
why, and the runner-up; an AI's turn ends with a why line. Nothing of the search's own
numbers reaches the player."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fakes import FakeRenderer
from table_helpers import run

from ai.budget import Budget
from ai.goat_tiger.why import advise, why_line
from bot.table.registry import registry
from bot.table.service import GameService
from rules.goat_tiger import (
    GOATS,
    TIGERS,
    Capture,
    Move,
    Options,
    State,
    apply,
    legal_actions,
    new_game,
)

NO_CLOCK = Budget(iterations=5)  # a search stops after 5,000 positions
RAW_NUMBERS = re.compile(r"(?<!\d)[+-]\d|\d\.\d|evaluation|score")  # not 4-10


def position(
    goats: tuple[int, ...], tigers: tuple[int, ...], to_move: str, *, captured: int = 0
) -> State:
    options = Options(goats=max(6, len(goats) + captured), tigers=len(tigers))
    return State(
        options=options,
        goats=goats,
        tigers=tigers,
        in_hand=options.goats - len(goats) - captured,
        captured=captured,
        to_move=to_move,  # type: ignore[arg-type]
    )


def test_the_goat_tiger_game_has_its_own_hint_and_why() -> None:
    assert registry().adviser("goat_tiger") is advise
    assert registry().explainer("goat_tiger") is why_line


def test_a_hint_names_the_suggestion_why_and_the_runner_up_in_a_players_words() -> None:
    st = position(goats=(9, 20, 21), tigers=(3, 4), to_move=TIGERS, captured=1)
    found = advise(st, TIGERS, random.Random(0), NO_CLOCK)
    first, why, runner = found.summary.split("\n")
    assert found.order == "3x15"
    assert first == "Suggested move for the Tigers: `3x15` — captures the Goat on 9 (2 of 5)."
    assert why.startswith("Why: looking ") and "3x15" in why and "Goat captured" in why
    assert runner.startswith("Runner-up: `") and "—" in runner
    assert not RAW_NUMBERS.search(found.summary), found.summary


def test_a_hint_out_of_time_still_judges_its_moves_two_ahead() -> None:
    st = new_game(Options())
    ticks = iter(range(10**6))  # a clock one second a reading: the budget is spent at once
    budget = Budget(iterations=1000, seconds=0.5, clock=lambda: float(next(ticks)))
    found = advise(st, GOATS, random.Random(0), budget)
    assert "looking 2 moves ahead it expects place" in found.summary
    assert "Runner-up: `place" in found.summary


def test_a_win_the_search_proves_is_said_as_one() -> None:
    st = position(goats=(9, 20, 21), tigers=(3,), to_move=TIGERS, captured=4)
    found = advise(st, TIGERS, random.Random(0), NO_CLOCK)
    assert "the Tigers win by force within 1 move" in found.summary


def test_the_goats_hint_says_which_goats_it_leaves_open_or_shields() -> None:
    st = position(goats=(9, 20, 21, 22, 23), tigers=(3,), to_move=GOATS)
    found = advise(st, GOATS, random.Random(0), NO_CLOCK)
    assert "shields the Goat on 9" in found.summary or "open to a leap" in found.summary
    assert "Runner-up" in found.summary


def test_a_hint_with_one_legal_move_says_so() -> None:
    tigers = (13, 18, 22)
    goats = tuple(p for p in range(1, 24) if p not in {6, 19, 23, *tigers})
    st = State(options=Options(goats=17), goats=goats, tigers=tigers, to_move=TIGERS)
    found = advise(st, TIGERS, random.Random(0), NO_CLOCK)
    assert "Runner-up" in found.summary or "the only legal move" in found.summary


@pytest.mark.parametrize("level", ["random", "easy", "hard"])
def test_an_ai_turn_ends_with_what_its_move_did(level: str) -> None:
    st = position(goats=(9, 20, 21), tigers=(3, 4), to_move=TIGERS, captured=1)
    end = apply(st, Capture(origin=3, over=9, dest=15))
    line = why_line(st, end, TIGERS, level)
    assert line is not None and line.startswith("_Why: ") and line.endswith("._")
    assert "captures the Goat on 9 (2 of 5)" in line
    assert ("at random among" in line) == (level == "random")
    # what it expects, never the replies (a trial read the line as a hint for the Goats)
    assert ("ahead (both sides') it expects" in line) == (level != "random")
    assert "3x15" not in line and "expects 3" not in line
    assert not RAW_NUMBERS.search(line), line


def test_a_trap_is_named_in_the_why() -> None:
    st = position(goats=(3, 4, 9, 14, 20, 23), tigers=(2,), to_move=GOATS)
    end = apply(st, Move(origin=9, dest=8))
    assert (
        why_line(st, end, GOATS, "hard")
        == "_Why: it traps the Tigers: they have no move left (5.5)._"
    )


def test_every_move_of_a_game_has_a_why_without_numbers_of_the_search() -> None:
    """A random game's moves explained as `easy` explains them, every fifth as `hard`."""
    st = new_game(Options())
    r = random.Random(5)
    while not st.over and st.moves < 40:
        a = r.choice(legal_actions(st))
        end = apply(st, a)
        line = why_line(st, end, st.to_move, "hard" if st.moves % 5 == 4 else "easy")
        assert line is not None and line.startswith("_Why: it ") and not RAW_NUMBERS.search(line)
        st = end


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(
        str(tmp_path / "t.sqlite3"),
        FakeRenderer(),
        clock=lambda: 1000.0,
        ai_executor=ThreadPoolExecutor(1),
    )
    s.ai.think_seconds = 0.02
    s.ai.hint_seconds = 0.05
    yield s
    await s.close()


async def test_through_the_table_an_ai_turn_says_why_and_a_hint_names_the_runner_up(
    service: GameService,
) -> None:
    ch, alice = "800", 31
    await run(service, ch, alice, "create", "goat_tiger", seat="tigers")
    await run(service, ch, alice, "ai", "goat_tiger", side="goats", level="easy")
    await run(service, ch, alice, "start", "goat_tiger")
    moved = await service.ai.move(ch)
    assert moved is not None and "_Why: it " in moved.public_text
    h = await run(service, ch, alice, "hint", "goat_tiger")
    assert "Suggested move for the Tigers" in h.text and "Runner-up: `" in h.text
    assert not RAW_NUMBERS.search(h.text.split("\n", 1)[1]), h.text


async def test_an_ai_move_brings_its_why_from_its_worker_and_the_table_searches_none(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The why of an AI's move is worked out where it thought the move (its search runs
    there), and is the line the game's why gives for that turn: the table, whose event loop
    serves every channel, does not search again."""
    ch, alice = "801", 32
    await run(service, ch, alice, "create", "goat_tiger", seat="tigers")
    await run(service, ch, alice, "ai", "goat_tiger", side="goats", level="hard")
    await run(service, ch, alice, "start", "goat_tiger")
    game = await service.store.open_game(ch)
    assert game is not None
    start = await service.loader.state_of(game)

    def searched_again(*args: object) -> str:
        raise AssertionError("the why was searched again on the table's event loop")

    monkeypatch.setattr(service.registry, "explainer", lambda gid: searched_again)
    moved = await service.ai.move(ch)
    assert moved is not None
    game = await service.store.open_game(ch)
    assert game is not None
    end = await service.loader.state_of(game)
    said = why_line(start, end, GOATS, "hard")
    assert said is not None and said.startswith("_Why: it ") and said in moved.public_text
