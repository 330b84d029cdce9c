"""Who sits where in the terminal, for every registered game: the seat `--play` names is always
the person's; AIs take only the seats `--ai` names, then free seats up to the game's fewest
players (or `--players`); a seat named twice, or a count the game cannot be played with, is
refused at launch, before the database exists, naming the free seats."""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import re
from itertools import combinations
from pathlib import Path

import pytest
from fakes import FakeRenderer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from bot.table.ai_users import AI_USERS, seat_levels
from bot.table.registry import games
from bot.terminal.local import LOCAL_USER, amain
from bot.terminal.terminal_seats import ai_levels, people, seating
from db.backend import open_store
from rules.game import GameInfo

KINDS = [g.info.id for g in games()]


def _info(kind: str) -> GameInfo[BaseModel]:
    return next(g.info for g in games() if g.info.id == kind)


@pytest.mark.parametrize("kind", KINDS)
def test_the_seat_played_is_the_persons_whatever_ai_seats_are_asked(kind: str) -> None:
    info = next(g.info for g in games() if g.info.id == kind)
    top = seat_levels(kind)[-1]
    for play in info.seats:
        others = [s for s in info.seats if s != play]
        for n in range(len(others) + 1):
            for chosen in combinations(others, n):
                seats = seating(info, play, [(s, top) for s in chosen])
                assert people(seats) == [play], (play, chosen, seats)
                ais = ai_levels(seats)
                assert all(ais[s] == top for s in chosen)  # each asked for, at its level
                filled = [s for s in ais if s not in chosen]  # the rest only up to the minimum
                assert len(seats) == max(info.min_players, 1 + n), (play, chosen, seats)
                assert all(ais[s] == seat_levels(kind)[0] for s in filled)


@pytest.mark.parametrize("kind", KINDS)
def test_without_play_the_person_takes_the_seats_no_ai_was_given(kind: str) -> None:
    info = next(g.info for g in games() if g.info.id == kind)
    level = seat_levels(kind)[0]
    seats = seating(info, None, [(info.seats[-1], level)])
    assert ai_levels(seats) == {info.seats[-1]: level}
    assert people(seats) == list(info.seats[: info.min_players - 1])
    assert seating(info, None, []) == {s: None for s in info.seats[: info.min_players]}


def test_taj_mahal_plays_with_as_many_as_players_asks() -> None:
    info = next(g.info for g in games() if g.info.id == "taj_mahal")
    five = seating(info, "blue", [], 5)
    assert people(five) == ["blue"] and len(ai_levels(five)) == 4
    four = seating(info, "gray", [("teal", "greedy")], 4)
    assert people(four) == ["gray"] and list(ai_levels(four)) == ["blue", "orange", "teal"]
    with pytest.raises(ValueError, match=r"--players 3, but --play and --ai name 4 seats"):
        seating(info, "blue", [("orange", "greedy"), ("brown", "greedy"), ("gray", "greedy")], 3)


@pytest.mark.parametrize("kind", KINDS)
def test_a_seat_given_twice_is_refused_naming_the_free_seats(kind: str) -> None:
    info = next(g.info for g in games() if g.info.id == kind)
    level = seat_levels(kind)[0]
    first, last = info.seats[0], info.seats[-1]
    cases = [
        (first, [(first, level)], "you play that seat"),
        (None, [(last, level), (last, level)], "an AI holds it already"),
        (first, [(last, level), (first, level)], "you play that seat"),
    ]
    for play, ais, why in cases:
        with pytest.raises(ValueError, match=why) as refused:
            seating(info, play, ais)
        named = {play, *(s for s, _ in ais)}
        free = ", ".join(s for s in info.seats if s not in named)
        said = str(refused.value)
        assert f"free seats: {free}" in said if free else "no seat is free" in said, said


@pytest.mark.parametrize(
    ("kind", "argv", "said"),
    [
        ("taj_mahal", ["--play", "blue", "--ai", "blue:greedy"], "free seats: orange, brown"),
        ("taj_mahal", ["--ai", "gray:greedy", "--ai", "gray:greedy"], "named twice"),
        ("taj_mahal", ["--players", "6"], "takes 3 to 5 players"),
        ("taj_mahal", ["--players", "3", "--play", "blue", *["--ai", "gray:greedy"] * 1,
                       "--ai", "teal:greedy", "--ai", "brown:greedy"], "name 4 seats"),
        ("goat_tiger", ["--play", "goats", "--ai", "goats:easy"], "free seats: tigers"),
        ("vijayanagara", ["--ai", "B:easy", "--ai", "B:hard"], "free seats: D, V"),
    ],
)  # fmt: skip
def test_a_refused_seating_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, argv: list[str], said: str
) -> None:
    db = tmp_path / "x.sqlite3"
    with pytest.raises(SystemExit) as stop:
        asyncio.run(amain(["--game", kind, "--db", str(db), *argv], []))
    assert stop.value.code == 2
    assert said in capsys.readouterr().err
    assert not db.exists()


@pytest.mark.parametrize("kind", KINDS)
async def test_a_new_game_seats_the_person_and_the_ai_asked_for(tmp_path: Path, kind: str) -> None:
    """`--play FIRST --ai LAST:LEVEL`, end to end: the stored seats and the start's words."""
    info = next(g.info for g in games() if g.info.id == kind)
    first, last = info.seats[0], info.seats[-1]
    level = seat_levels(kind)[0]  # the quickest: the AIs play until the person's decision
    db = tmp_path / "s.sqlite3"
    out = io.StringIO()
    argv = ["--game", kind, "--db", str(db), "--boards", str(tmp_path / "b")]
    await amain([*argv, "--play", first, "--ai", f"{last}:{level}"], ["quit"], out, FakeRenderer())
    store = await open_store(str(db))
    try:
        record = await store.latest_game("local" if kind == "vijayanagara" else f"local-{kind}")
        assert record is not None
        assert record.seats[first] == LOCAL_USER and record.seats[last] == AI_USERS[level]
        assert len(record.seats) == max(info.min_players, 2)
    finally:
        await store.close()
    begins = next(line for line in out.getvalue().split("\n") if "game begins" in line)
    assert "(AI" not in begins.split(",")[0], begins  # the person's seat, named first


def launch(tmp: Path, kind: str, argv: list[str], lines: list[str]) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    args = ["--game", kind, "--db", str(tmp / "f.sqlite3"), "--boards", str(tmp / "b"), *argv]
    with contextlib.chdir(tmp), contextlib.redirect_stderr(err):
        try:
            asyncio.run(amain(args, lines, out, FakeRenderer()))
        except SystemExit as stop:
            assert stop.code == 2, stop.code  # a usage error, said on stderr
            assert not (tmp / "f.sqlite3").exists()  # refused before anything is stored
    return out.getvalue(), err.getvalue()


# seatings fuzzed of each game in the suite; `CHAUPAL_EXAMPLES=100 .venv/bin/python -m pytest
# tests/test_local_seating.py -k fuzz` tries that many
SEATINGS = int(os.environ.get("CHAUPAL_EXAMPLES") or "10")


@pytest.mark.parametrize("kind", KINDS)
def test_fuzz_a_seating_of_every_game_seats_the_person_or_is_refused_plainly(
    tmp_path_factory: pytest.TempPathFactory, kind: str
) -> None:
    info = _info(kind)
    seat = st.sampled_from([*info.seats, "nobody", ""])
    # the quickest level and refused ones: a person always plays (`--play` first), so the AIs
    # stop at the person's decision (a game of AIs alone might not end)
    level = st.sampled_from([seat_levels(kind)[0], "random", "grand", ""])
    option = st.one_of(
        st.tuples(st.just("--ai"), st.tuples(seat, level).map(":".join)).map(list),
        st.tuples(st.just("--players"), st.sampled_from(["0", "2", "3", "4", "5", "6", "x"])).map(
            list
        ),
    )
    play = st.sampled_from([*info.seats, "nobody"]).map(lambda s: ["--play", s])

    @settings(
        max_examples=SEATINGS,
        derandomize=True,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(play, st.lists(option, max_size=4).map(lambda xs: [a for x in xs for a in x]))
    def run(mine: list[str], argv: list[str]) -> None:
        argv = [*mine, *argv]
        out, err = launch(tmp_path_factory.mktemp("argv"), kind, argv, ["status"])
        assert "Traceback" not in out + err
        assert out or "error:" in err, (argv, err)
        if out:  # launched, with the person in the seat played
            begins = next(line for line in out.split("\n") if "The game begins" in line)
            title = re.escape(_info(kind).seat_titles[mine[1]])
            assert re.search(rf"\b{title}(?! \(AI)[,.]", begins), begins

    run()
