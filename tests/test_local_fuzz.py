"""No traceback reaches a person at the terminal, in any game: bounded samples of lines (the
words each game reads, its seats, commands of other games and of Discord, junk) and of command
lines (seats, AI levels, player counts), each answered with a message, and the session goes on
(or the launch is refused with a usage error before anything is stored)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
from pathlib import Path

import pytest
from fakes import FakeRenderer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules.games  # noqa: F401  (registers every game)
from bot.ai_users import seat_levels
from bot.commands import commands
from bot.local import QUIT_WORDS, amain
from rules.game import games

KINDS = [g.info.id for g in games()]
INFO = {g.info.id: g.info for g in games()}


def words(kind: str) -> list[str]:
    g = INFO[kind]
    table = sorted({c.name for k in KINDS for c in commands(k)})
    return [*table, *g.seats, "club", "as", ":", ";", "confirm", "play", "withdraw", "place",
            "7", "1x9", "red", "vizier", "pass", "-1", "²", "99999999999999", "/tmp", "yes"]  # fmt: skip


def session(tmp: Path, kind: str, argv: list[str], lines: list[str]) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    args = ["--game", kind, "--db", str(tmp / "f.sqlite3"), "--boards", str(tmp / "b"), *argv]
    with contextlib.chdir(tmp), contextlib.redirect_stderr(err):
        try:
            asyncio.run(amain(args, lines, out, FakeRenderer()))
        except SystemExit as stop:
            assert stop.code == 2, stop.code  # a usage error, said on stderr
            assert not (tmp / "f.sqlite3").exists()  # refused before anything is stored
    return out.getvalue(), err.getvalue()


@pytest.mark.parametrize("kind", KINDS)
def test_fuzz_lines_of_every_game_never_show_a_traceback(
    tmp_path_factory: pytest.TempPathFactory, kind: str
) -> None:
    @settings(
        max_examples=15,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(
        st.lists(
            st.one_of(
                st.text(max_size=30),
                st.lists(st.sampled_from(words(kind)), max_size=5).map(" ".join),
            ),
            max_size=6,
        )
    )
    def run(lines: list[str]) -> None:
        lines = [x for x in lines if (x.split() or [""])[0].lower() not in QUIT_WORDS]
        out, err = session(tmp_path_factory.mktemp("fuzz"), kind, [], [*lines, "status"])
        assert "Traceback" not in out + err and "could not be handled" not in out
        assert out.rstrip().split("\n")[-1], out  # the last line (status) was answered

    run()


@pytest.mark.parametrize("kind", KINDS)
def test_fuzz_command_lines_of_every_game_are_played_or_refused_plainly(
    tmp_path_factory: pytest.TempPathFactory, kind: str
) -> None:
    info = INFO[kind]
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
        max_examples=20,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(play, st.lists(option, max_size=4).map(lambda xs: [a for x in xs for a in x]))
    def run(mine: list[str], argv: list[str]) -> None:
        argv = [*mine, *argv]
        out, err = session(tmp_path_factory.mktemp("argv"), kind, argv, ["status"])
        assert "Traceback" not in out + err
        assert out or "error:" in err, (argv, err)
        if out:  # launched, with the person in the seat played
            begins = next(line for line in out.split("\n") if "The game begins" in line)
            title = re.escape(INFO[kind].seat_titles[mine[1]])
            assert re.search(rf"\b{title}(?! \(AI)[,.]", begins), begins

    run()
