"""No traceback reaches a person in the terminal, for any line or command-line option of any
game: a bounded, derandomized sample (hypothesis) of lines made of each game's own words and of
arbitrary text, and of command lines made of the program's options with good and bad values.
The client never dies: after the sampled lines it still answers `status`; a command line it
refuses ends with argparse's usage error (exit status 2), never an exception."""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
from pathlib import Path

import pytest
from fakes import FakeRenderer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.table.ai_users import seat_levels
from bot.table.registry import game, games, registry
from bot.terminal import local
from bot.terminal.local import amain, terminal_commands
from rules.capabilities import files_of, notation_of
from rules.game import player_options

# the AI thinks in threads: this file tests what the table says of its steps, not its processes

ALL = [g.info.id for g in games()]
QUIT_WORDS = {"quit", "exit", "q"}
COMMON_WORDS = ["as", ":", ";", "confirm", "club", "hint", "play", "abort", "yes", "no", "new",
                "import", "export", "help", "allowed", "/nonexistent/x", "/tmp", "-1", "0",
                "99999999999999", "10" * 40, "²", "٣", "\x1b[2J", "‮", "\t", "```"]  # fmt: skip


# examples in the suite (sessions of each game; command lines); `CHAUPAL_EXAMPLES=100
# .venv/bin/python -m pytest tests/test_terminal_fuzz.py` tries that many of each. A session
# costs a new game, a line little more than its answer: the suite's few sessions are long.
MORE = int(os.environ.get("CHAUPAL_EXAMPLES") or "0")
SESSIONS = MORE or 5
LINES = 16  # at most, in a session
COMMAND_LINES = MORE or 15


def words_of(kind: str) -> list[str]:
    """What a player of `kind` types: its commands, seats, and the words of its first orders."""
    g = game(kind)
    state = g.new_game(g.info.options(), g.info.seats_for(g.info.min_players))
    orders: list[str] = []
    seat = g.to_move(state)
    if seat is not None:
        view = g.view(state, seat)
        orders = [notation_of(g).describe(view, a) for a in g.legal_actions(state)[:30]]
    said = {w for o in orders for w in o.replace(";", " ; ").split()}
    commands = {c.name for c in terminal_commands(kind)} | {
        s.name for s in registry().shortcuts(g.info.id).commands()
    }
    return sorted(said | commands | set(orders) | set(g.info.seats) | set(COMMON_WORDS))


def line_strategy(kind: str) -> st.SearchStrategy[list[str]]:
    words = words_of(kind)
    return st.lists(
        st.one_of(
            st.text(max_size=30),
            st.lists(st.sampled_from(words), min_size=1, max_size=6).map(" ".join),
            st.builds(
                lambda s, o: f"as {s}: {o}",
                st.sampled_from(words),
                st.one_of(st.sampled_from(words), st.text(max_size=12)),
            ),
        ),
        max_size=LINES,
    )


def run(tmp: Path, argv: list[str], lines: list[str], new_db: bytes | None = None) -> str:
    """The session's output; its database a new file, or `new_db` written first (a migrated
    empty one: the session finds it as a new one, without running the migrations again)."""
    out = io.StringIO()
    if new_db is not None:
        (tmp / "f.sqlite3").write_bytes(new_db)
    args = ["--db", str(tmp / "f.sqlite3"), "--boards", str(tmp / "b"), *argv]
    with contextlib.chdir(tmp):  # `export` without a file name writes here
        asyncio.run(amain(args, lines, out, FakeRenderer(), sleep=_no_sleep))
    return out.getvalue()


async def _no_sleep(seconds: float) -> None:
    return None


@pytest.fixture(autouse=True)
def quick_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint's or an AI's search cut to a few ms of a worker's time (a person waits seconds)."""
    monkeypatch.setattr(local, "THINK_SECONDS", 0.01)  # --think's default
    monkeypatch.setattr(local, "HINT_PER_THINK", 2.0)


def fuzzed_lines(kind: str) -> object:
    @settings(
        max_examples=SESSIONS,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(lines=line_strategy(kind))
    def check(
        tmp_path_factory: pytest.TempPathFactory, migrated_sqlite_bytes: bytes, lines: list[str]
    ) -> None:
        tmp = tmp_path_factory.mktemp("lines")
        lines = [x for x in lines if (x.split() or [""])[0].lower() not in QUIT_WORDS]
        text = run(tmp, ["--game", kind], [*lines, "help"], migrated_sqlite_bytes)
        assert "Traceback" not in text and "could not be handled" not in text, text
        # every line was read: the last one's answer closes the session
        assert text.rfind("Terminal client for") > text.rfind("\n! "), text

    return check


test_fuzz_the_terminal_lines_of_vijayanagara = fuzzed_lines("vijayanagara")
test_fuzz_the_terminal_lines_of_taj_mahal = fuzzed_lines("taj_mahal")
test_fuzz_the_terminal_lines_of_goat_tiger = fuzzed_lines("goat_tiger")
test_fuzz_the_terminal_lines_of_rajas = fuzzed_lines("rajas")
test_fuzz_the_terminal_lines_of_successors = fuzzed_lines("successors")


def test_every_game_is_fuzzed() -> None:
    fuzzed = {n.removeprefix("test_fuzz_the_terminal_lines_of_") for n in globals()}
    assert set(ALL) <= fuzzed


def option_strategy() -> st.SearchStrategy[list[str]]:
    """A command line: a game (or a wrong one), then options with good and bad values."""

    def for_game(kind: str) -> st.SearchStrategy[list[str]]:
        g = game(kind)
        seats = [*g.info.seats, "nobody", ""]
        levels = [*seat_levels(kind), "random", "x"]
        names = [*player_options(g.info.options), *files_of(g).file_names(), "nonsense"]
        flag = st.one_of(
            st.tuples(st.just("--seed"), st.sampled_from(["0", "3", "-1", "x", "9" * 30])),
            st.tuples(st.just("--play"), st.sampled_from(seats)),
            st.builds(
                lambda s, lv: ("--ai", f"{s}:{lv}"), st.sampled_from(seats), st.sampled_from(levels)
            ),
            st.builds(
                lambda n, v: ("--options", f"{n}={v}"),
                st.sampled_from(names),
                st.sampled_from(["1", "true", "16", "-5", "x", ""]),
            ),
            st.builds(lambda n: ("--file", f"{n}=/nonexistent/{n}.yaml"), st.sampled_from(names)),
            st.tuples(st.just("--ai-pause"), st.sampled_from(["0", "2", "-1", "nan", "1e9"])),
            st.tuples(st.just("--game"), st.sampled_from([*ALL, "chess"])),
            st.tuples(st.sampled_from(["--bogus", "--help-me", "-x"])),
        )
        return st.lists(flag, max_size=4).map(
            lambda fs: ["--game", kind, *[part for f in fs for part in f]]
        )

    return st.sampled_from(ALL).flatmap(for_game)


@settings(
    max_examples=COMMAND_LINES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(argv=option_strategy())
def test_fuzz_the_terminal_command_line_never_shows_a_traceback(
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
    migrated_sqlite_bytes: bytes,
    argv: list[str],
) -> None:
    tmp = tmp_path_factory.mktemp("argv")
    try:
        text = run(tmp, argv, ["status"], migrated_sqlite_bytes)
    except SystemExit as e:  # a refused command line: argparse's usage error, or a refused file
        assert e.code == 2, argv
        text = ""
    err = capsys.readouterr().err
    assert "Traceback" not in text + err and "could not be handled" not in text, (argv, text, err)


def test_an_order_as_a_seat_left_out_of_this_game_says_who_plays(tmp_path: Path) -> None:
    """Found by the fuzz: `as teal: ...` in a game of three (Taj Mahal seats five) failed."""
    text = run(tmp_path, ["--game", "taj_mahal"], ["as teal: withdraw", "AS TE:0"])
    assert text.count("! Teal is not in this game: it is played by Blue, Orange, Brown.") == 2
