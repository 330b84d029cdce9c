"""The terminal client, driven by scripted lines."""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fakes import PNG, FakeRenderer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.table.ai_users import AI_USERS
from bot.table.registry import game, registry
from bot.terminal.local import after_shown, amain
from db import SQLiteStore
from rules import vijayanagara


@pytest.fixture
def new_db(tmp_path: Path, migrated_sqlite_bytes: bytes) -> Callable[[str], Path]:
    """A new database file of that name in tmp_path, as the store leaves one on its first open
    (copied from one migrated once per worker: the session finds it as a new one)."""

    def made(name: str) -> Path:
        path = tmp_path / name
        path.write_bytes(migrated_sqlite_bytes)
        return path

    return made


async def test_scripted_session(tmp_path: Path, new_db: Callable[[str], Path]) -> None:
    out = io.StringIO()
    boards = tmp_path / "boards"
    db = new_db("l.sqlite3")
    lines = ["status", "as D: pass", "frobnicate", "as B: command", "undo", "pass", "log 3", "quit"]
    await amain(
        ["--db", str(db), "--boards", str(boards), "--seed", "12"], lines, out, FakeRenderer()
    )
    text = out.getvalue()
    assert "The game begins" in text
    assert "it is not Delhi Sultanate's turn" in text  # B decides first on seed 12
    assert "not an order I can read" in text
    assert "Bahmani Kingdom takes back: command" in text
    pngs = list((boards / "l" / "game-1").glob("*.png"))  # each game its own folder
    assert pngs and all(p.read_bytes() == PNG for p in pngs)
    # a second session continues the same game
    out2 = io.StringIO()
    await amain(["--db", str(db), "--boards", str(boards)], ["status"], out2, FakeRenderer())
    assert "Continuing game 1" in out2.getvalue()
    # with the board to see at once (a trial continued its game and saw none)
    continued, _, typed = out2.getvalue().partition("The board in words:")
    assert "[board: " in continued and continued.count("Next:") == 1, continued
    assert typed.count("Game 1 is under way") == 1  # then the `status` typed


async def test_clear_as_in_a_shell_tidies_and_says_where_the_game_stands(
    tmp_path: Path, new_db: Callable[[str], Path]
) -> None:
    """Three trials typed `clear` to tidy the screen and read "not an order I can read"."""
    out = io.StringIO()
    args = ["--db", str(new_db("l.sqlite3")), "--boards", str(tmp_path / "b"), "--seed", "12"]
    await amain(args, ["clear", "quit"], out, FakeRenderer())
    text = out.getvalue()
    assert "not an order" not in text and "Game 1 is under way" in text


async def test_an_ambiguous_step_lists_its_readings(
    tmp_path: Path, new_db: Callable[[str], Path]
) -> None:
    out = io.StringIO()
    lines = ["command; rally; place 1 amir in ma", "quit"]
    await amain(
        ["--db", str(new_db("l.sqlite3")), "--boards", str(tmp_path / "b"), "--seed", "12"],
        lines,
        out,
        FakeRenderer(),
    )
    text = out.getvalue()
    assert "is ambiguous" in text
    for space in ("madhyadesh", "maharashtra"):
        assert f"!   place 1 amir in {space}" in text
    assert "!   place 1 amir in malwa" not in text  # not allowed: not offered


async def test_a_whole_game_in_the_terminal(tmp_path: Path, new_db: Callable[[str], Path]) -> None:
    """Lines are chosen from legal_actions of a shadow replay of what was sent."""
    seed = 9  # a short random game (182 steps)
    state = vijayanagara.new_game(seed)  # `--seed` plays exactly the rules' seeded game
    r = random.Random(seed)

    def lines() -> Iterator[str]:
        nonlocal state
        while not state.game_over:
            a = r.choice(vijayanagara.legal_actions(state))
            f = vijayanagara.prompt(state).faction
            text = vijayanagara.describe(state, a)
            if vijayanagara.idle_note(state, a):  # a Command that does nothing needs `confirm`
                text += "; confirm"
            state = vijayanagara.apply(state, a)
            yield f"as {f}: {text}"

    out = io.StringIO()
    args = ["--db", str(new_db("w.sqlite3")), "--boards", str(tmp_path / "b")]
    await amain([*args, "--seed", str(seed)], lines(), out, FakeRenderer())
    assert "The game is over" in out.getvalue()
    assert "! " not in out.getvalue()  # no refusals
    # the end says what the terminal offers: no button here
    assert "button" not in out.getvalue()
    assert "`new` starts another game; `export FILE` keeps this one." in out.getvalue()
    assert out.getvalue().count("`new` starts another game") == 1  # said once, not twice
    first_boards = sorted((tmp_path / "b" / "w" / "game-1").glob("*.png"))
    assert first_boards

    # Relaunching says the game is over instead of silently starting another one; an order
    # or `create` then says so too, with the result and how to start another ...
    again = io.StringIO()
    await amain(args, ["status", "as D: pass", "create", "new", "status"], again, FakeRenderer())
    text = again.getvalue()
    assert "The last game in this database:\nGame 1 is over, after" in text
    assert "finished" not in text  # said once, in the status's words
    assert text.index("Type `new`") < text.index("Game 2: boards go to")
    refused = text[text.index("Type `new`") : text.index("Game 2: boards go to")]
    assert refused.count("! Game 1 is over.") == 2  # `as D: pass`, then `create`
    assert len(re.findall(r"! 1\. .+ — \d+ VP", refused)) == 2  # the winner, with the score
    assert refused.count("! Start another with `new`.") == 2
    assert "There is no game" not in refused and "/vj" not in refused
    # ... and the new game's boards do not overwrite the old game's.
    assert sorted((tmp_path / "b" / "w" / "game-1").glob("*.png")) == first_boards
    assert list((tmp_path / "b" / "w" / "game-2").glob("*.png"))


QUIT_WORDS = ("quit", "exit", "q")


def run_lines(tmp_path: Path, lines: list[str], *extra: str, new_db: bytes | None = None) -> str:
    """The session's output; its database a new file, or `new_db` written first (a migrated
    empty one: the session finds it as a new one, without running the migrations again)."""
    out = io.StringIO()
    if new_db is not None:
        (tmp_path / "t.sqlite3").write_bytes(new_db)
    args = ["--db", str(tmp_path / "t.sqlite3"), "--boards", str(tmp_path / "b"), *extra]
    with contextlib.chdir(tmp_path):  # `export` without a file name writes here
        asyncio.run(amain(args, lines, out, FakeRenderer()))
    return out.getvalue()


def test_the_terminal_speaks_terminal_and_its_help_lists_abort(
    tmp_path: Path, migrated_sqlite_bytes: bytes
) -> None:
    text = run_lines(
        tmp_path,
        ["help", "status", "frobnicate", "join D", "card 999"],
        "--seed",
        "7",
        new_db=migrated_sqlite_bytes,
    )
    assert "/vj" not in text and "<@" not in text
    assert "abort" in text and "options" in text and "new" in text
    assert "./chaupal-local.sqlite3" in text  # the default paths are in the help
    assert not text.rstrip().endswith("you")


def test_help_lists_the_game_flag_that_plays_the_other_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        asyncio.run(amain(["--help"]))
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--game GAME" in help_text and "goat_tiger" in help_text and "taj_mahal" in help_text
    # a newcomer to any game reads that the command plays them all, and whose options follow
    for g in registry().games():
        assert g.info.title in help_text
    assert "Without --game it is Vijayanagara, whose seats, levels and options" in help_text


def test_help_of_a_chosen_game_is_that_games_own(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        asyncio.run(amain(["--game", "rajas", "--help"]))
    help_text = " ".join(capsys.readouterr().out.split())
    assert "Play Rajas of the Ganges in the terminal." in help_text
    assert "Without --game" not in help_text


def test_a_newcomer_reads_the_status_a_refusal_and_a_march_in_plain_words(
    tmp_path: Path,
    migrated_sqlite_bytes: bytes,
) -> None:
    text = run_lines(
        tmp_path,
        ["status", "command; march", "pass", "options"],
        "--seed",
        "3",
        new_db=migrated_sqlite_bytes,
    )
    assert "Game 1 is under way: 0 steps played so far." in text and "version" not in text
    assert "• D chooses a Command without a Decree (2.3.3)." in text  # a step in words
    refusal = next(line for line in text.split("\n") if "`pass` was refused" in line)
    assert refusal.count("Allowed") == 1 and ".)." not in refusal
    listed = text[text.index("All allowed steps:") :].split("\n")
    moves = [line for line in listed if line.startswith("• `move ")]
    assert 5 < len(moves) < 20  # a dozen groups, not a hundred moves
    assert "• `move 1-4 troop from delhi to punjab|rajput|malwa|jaunpur`" in moves


def test_a_line_the_turn_merged_more_into_is_printed_as_what_was_added() -> None:
    shown = "• D attacks.\n• D loses 1 Troop in Malwa.\nNext: D — remove 1 more"
    now = "• D attacks.\n• D loses 2 Troops in Malwa.\n• D Attack done (Malwa).\nNext: B"
    vijayanagara = game("vijayanagara")
    assert (
        after_shown(shown, now, vijayanagara)
        == "• D loses 1 Troop in Malwa.\n• D Attack done (Malwa).\nNext: B"
    )
    assert after_shown("• a\n• b", "• a\n• c", vijayanagara) == "• c"


def test_a_game_that_merges_no_lines_prints_a_changed_line_as_it_is_now() -> None:
    shown = "• a\n• D loses 1 Troop in Malwa."
    now = "• a\n• D loses 2 Troops in Malwa.\n• b"
    assert after_shown(shown, now, game("goat_tiger")) == "• D loses 2 Troops in Malwa.\n• b"


def test_abort_asks_for_confirmation(tmp_path: Path, migrated_sqlite_bytes: bytes) -> None:
    text = run_lines(
        tmp_path,
        ["abort", "no", "status", "abort", "yes", "status"],
        "--seed",
        "7",
        new_db=migrated_sqlite_bytes,
    )
    assert "Type `yes` to confirm" in text and "Not aborted." in text
    assert "Game 1 is under way" in text and "Game 1 was ended without a result" in text
    assert text.count("ended by") == 1


@pytest.mark.parametrize(
    "line",
    ["import /nonexistent.json", "import /tmp", "import", "export /", "log ²", "log x",
     "log " + "9" * 5000, "card ²", "place " + "9" * 5000 + " troop in delhi", "as Q: pass",
     "give B " + "9" * 40 + " resources", "x" * 200_000],
)  # fmt: skip
def test_bad_lines_get_a_message_and_the_loop_goes_on(
    tmp_path: Path, migrated_sqlite_bytes: bytes, line: str
) -> None:
    text = run_lines(tmp_path, [line, "status"], "--seed", "7", new_db=migrated_sqlite_bytes)
    assert "Traceback" not in text
    assert "\n! " in text  # refused with a message
    assert "Game 1 is under way" in text  # and the next line still ran
    assert len(text) < 20_000  # a huge line is never echoed back


def test_a_list_cut_in_a_refusal_can_be_seen_whole(
    tmp_path: Path, migrated_sqlite_bytes: bytes
) -> None:
    text = run_lines(
        tmp_path,
        ["command+decree; march", "frobnicate", "options"],
        "--seed",
        "7",
        new_db=migrated_sqlite_bytes,
    )
    assert "more choices (type `options` to see them all" in text
    assert "All allowed steps:" in text


def test_ctrl_c_at_the_prompt_does_not_end_the_session(
    tmp_path: Path, new_db: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers: Iterator[str | type[BaseException]] = iter([KeyboardInterrupt, "status", EOFError])

    def fake_input(prompt: str = "") -> str:
        a = next(answers)
        if isinstance(a, str):
            return a
        raise a

    monkeypatch.setattr("builtins.input", fake_input)
    out = io.StringIO()
    args = ["--db", str(new_db("c.sqlite3")), "--boards", str(tmp_path / "b"), "--seed", "7"]
    asyncio.run(amain(args, None, out, FakeRenderer()))
    text = out.getvalue()
    assert "Type `quit` to leave" in text and "Game 1 is under way" in text


LINE_WORDS = ["pass", "done", "status", "log", "card", "give", "import", "export", "abort",
              "as", "D:", "B", "select", "place", "troop", "delhi", "undo", "options", "new",
              "confirm", ";", "/tmp", "/nonexistent", "²", "٣", "-1", "99999999999999"]  # fmt: skip


# sessions fuzzed in the suite; `CHAUPAL_EXAMPLES=300 .venv/bin/python -m pytest
# tests/test_local.py -k fuzz` tries many more. A session costs a new game, a line little more
# than its answer: the suite's few sessions are long.
FUZZED_SESSIONS = int(os.environ.get("CHAUPAL_EXAMPLES") or "15")
FUZZED_LINES = 16  # at most, in a session


@settings(
    max_examples=FUZZED_SESSIONS,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    st.lists(
        st.one_of(
            st.text(max_size=40),
            st.lists(st.sampled_from(LINE_WORDS), max_size=6).map(" ".join),
            st.integers(min_value=-(10**60), max_value=10**60).map(lambda n: f"log {n}"),
        ),
        max_size=FUZZED_LINES,
    )
)
def test_fuzz_the_terminal_never_stops_or_shows_a_traceback(
    tmp_path_factory: pytest.TempPathFactory, migrated_sqlite_bytes: bytes, lines: list[str]
) -> None:
    tmp = tmp_path_factory.mktemp("fuzz")
    # a line whose first word is quit, exit or q ends the session (e.g. "Q 0")
    lines = [line for line in lines if (line.split() or [""])[0].lower() not in QUIT_WORDS]
    text = run_lines(tmp, [*lines, "card 1", "status"], "--seed", "7", new_db=migrated_sqlite_bytes)
    assert "Traceback" not in text and "could not be handled" not in text
    tail = text.rsplit("\n1. ", 1)[-1]  # after the card, the status: every line was read
    # (`abort` then `y` ends the game: its status says it "was ended without a result")
    assert re.search(r"^Game \d+ (is|was) ", tail, re.M), tail


async def test_the_terminal_leaves_no_announcement_owed(
    tmp_path: Path, new_db: Callable[[str], Path]
) -> None:
    """What the terminal shows is delivered: its outbox is empty after a session."""
    db = new_db("o.sqlite3")
    args = ["--db", str(db), "--boards", str(tmp_path / "b"), "--seed", "3"]
    await amain(args, ["pass", "status", "abort", "yes", "new"], io.StringIO(), FakeRenderer())
    store = await SQLiteStore.open(db)
    try:
        assert await store.owed_announcements(ignore_backoff=True, lease=0) == []
    finally:
        await store.close()


async def test_a_hint_played_after_the_game_moved_on_is_refused_in_players_words(
    tmp_path: Path, new_db: Callable[[str], Path]
) -> None:
    """`hint`, another step, then `hint play`: refused, and said without the table's
    versions ("belongs to an older position (version 492; ...)"): the game moved on since
    that hint, nothing was played, and `hint` asks again."""
    out = io.StringIO()
    args = ["--db", str(new_db("h.sqlite3")), "--boards", str(tmp_path / "b"), "--seed", "12"]
    lines = ["hint", "pass", "hint play"]
    await amain(
        [*args, "--think", "0.05", "--ai", "B:easy", "--ai", "V:easy"], lines, out, FakeRenderer()
    )
    refusal = out.getvalue().rstrip("\n").split("\n")[-1]
    assert refusal == (
        "! The game has moved on since that hint was made, so nothing was played: ask `hint` "
        "again for one from where it stands now."
    ), out.getvalue()[-1500:]


async def test_ai_seats_in_the_terminal_move_by_themselves_and_hint_answers(
    tmp_path: Path, new_db: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--ai B:easy --ai V:easy`: the person plays Delhi; the AIs' steps are printed as
    they are stored, `hint` suggests Delhi's whole turn and `hint play` plays it."""
    out = io.StringIO()
    db = new_db("ai.sqlite3")
    # the hint's search cut to the least the terminal allows (--think 0.05: a hint 0.1 s)
    args = ["--db", str(db), "--boards", str(tmp_path / "b"), "--seed", "12", "--think", "0.05"]
    lines = ["hint play", "hint", "hint play", "pass"]
    await amain([*args, "--ai", "B:easy", "--ai", "V:easy"], lines, out, FakeRenderer())
    text = out.getvalue()
    assert text.index("! There is no hint to play") < text.index("Suggested turn for Delhi")
    assert "Type `hint play` to play it whole" in text and "Press" not in text
    assert "✓ Played:" in text or "Delhi Sultanate" in text.split("Type `hint play`")[1]
    assert "\n! " not in text.split("Suggested turn")[1], text
    from db.backend import open_store

    store = await open_store(str(db))
    try:
        game = await store.latest_game("local")
        assert game is not None and game.seats["B"] < 0 and game.seats["V"] < 0
        stored = await store.actions(game.id)
        assert sum(a.faction in ("B", "V") for a in stored) >= 3  # both AIs took steps
    finally:
        await store.close()


async def test_play_one_faction_against_two_easy_ais_with_one_command(
    tmp_path: Path, new_db: Callable[[str], Path]
) -> None:
    """`--play V`: the person holds Vijayanagara, easy AIs the other two seats; the AIs move
    until it is the person's decision, and a second launch continues the same game."""
    out = io.StringIO()
    db = new_db("play.sqlite3")
    args = ["--db", str(db), "--boards", str(tmp_path / "b"), "--seed", "12"]
    await amain([*args, "--play", "V"], ["status", "pass"], out, FakeRenderer())
    text = out.getvalue()
    assert "\n! " not in text, text
    assert "Vijayanagara Empire Passes" in text
    assert "• D: Delhi Sultanate (AI, easy)" in text  # status says who holds each seat
    assert "• V: Vijayanagara Empire\n" in text  # the person at the terminal
    from db.backend import open_store

    store = await open_store(str(db))
    try:
        game = await store.latest_game("local")
        assert game is not None and game.seats["V"] == 1
        assert game.seats["D"] == game.seats["B"] == AI_USERS["easy"]
        stored = await store.actions(game.id)
        assert {a.faction for a in stored} >= {"D", "B", "V"}  # all three moved
    finally:
        await store.close()
    again = io.StringIO()  # the same command again: the same game goes on, as it was
    await amain([*args, "--play", "V"], ["quit"], again, FakeRenderer())
    assert "Continuing game 1" in again.getvalue()
    assert "seat a new game" not in again.getvalue()
    bare = io.StringIO()  # no seating asked: nothing to warn of
    await amain(args[:4], ["quit"], bare, FakeRenderer())
    assert "Continuing game 1" in bare.getvalue() and "seat a new game" not in bare.getvalue()
    other = io.StringIO()  # another faction asked for: a game under way keeps its seats
    await amain([*args, "--play", "D"], ["quit"], other, FakeRenderer())
    assert "Continuing game 1" in other.getvalue() and "seat a new game" in other.getvalue()


async def test_play_with_a_chosen_level_for_one_ai_seat(
    tmp_path: Path, new_db: Callable[[str], Path]
) -> None:
    out = io.StringIO()
    db = new_db("lvl.sqlite3")
    args = ["--db", str(db), "--boards", str(tmp_path / "b"), "--seed", "12"]
    await amain([*args, "--play", "D", "--ai", "V:hard"], [], out, FakeRenderer())
    from db.backend import open_store

    store = await open_store(str(db))
    try:
        game = await store.latest_game("local")
        assert game is not None and game.seats["D"] == 1
        assert game.seats["B"] == AI_USERS["easy"] and game.seats["V"] == AI_USERS["hard"]
    finally:
        await store.close()


@pytest.mark.parametrize(
    "argv", [["--play", "X"], ["--play", "D", "--ai", "D:easy"]], ids=["no-faction", "own-seat"]
)
def test_a_bad_play_option_is_refused_at_launch(
    tmp_path: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        asyncio.run(amain(["--db", str(tmp_path / "x.sqlite3"), *argv], []))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "D, B, V" in err or "you play that seat" in err


def test_a_bad_ai_seat_is_refused_at_launch(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as stop:
        asyncio.run(amain(["--db", str(tmp_path / "x.sqlite3"), "--ai", "B:grand"], []))
    assert stop.value.code == 2


async def test_help_and_status_say_which_seats_the_ais_hold(
    tmp_path: Path, new_db: Callable[[str], Path]
) -> None:
    """With two AI seats, `help` does not claim all three seats and `status` marks the AIs."""
    out = io.StringIO()
    args = ["--db", str(new_db("ai.sqlite3")), "--boards", str(tmp_path / "b"), "--seed", "12"]
    await amain(
        [*args, "--ai", "B:easy", "--ai", "V:hard"], ["help", "status"], out, FakeRenderer()
    )
    text = out.getvalue()
    assert "all three seats" not in text
    assert (
        "you hold D Delhi Sultanate; AIs hold B Bahmani Kingdom (AI, easy), "
        "V Vijayanagara Empire (AI, hard)." in text
    )
    assert (
        "• B: Bahmani Kingdom (AI, easy)" in text and "• V: Vijayanagara Empire (AI, hard)" in text
    )
    assert "• D: Delhi Sultanate\n" in text


async def test_help_says_all_three_seats_when_no_ai_plays(
    tmp_path: Path, new_db: Callable[[str], Path]
) -> None:
    out = io.StringIO()
    args = ["--db", str(new_db("p.sqlite3")), "--boards", str(tmp_path / "b"), "--seed", "12"]
    await amain(args, ["help"], out, FakeRenderer())
    assert "you hold all three seats (D Delhi Sultanate, B Bahmani Kingdom" in out.getvalue()


async def test_rules_and_options_explain_commands_and_decrees_in_the_terminal(
    tmp_path: Path,
    new_db: Callable[[str], Path],
) -> None:
    out = io.StringIO()
    args = ["--db", str(new_db("r.sqlite3")), "--boards", str(tmp_path / "b"), "--seed", "12"]
    lines = ["rules", "rules march", "rules zzz", "help", "command", "options"]
    await amain(args, lines, out, FakeRenderer())
    text = out.getvalue()
    assert "Rules topics (`rules TOPIC`): winning, delhi" in text
    assert "March (Command)" in text and "(3.2.2)" in text
    assert "! 'zzz' is not a topic" in text
    assert "rules [TOPIC]" in text
    # after `command` (Bahmani's), the allowed Commands are listed each with what it does
    assert "• `rally` — place Amirs or Rajas where you have a piece" in text
    assert "• `migrate` — move up to 3 Amirs or Rajas" in text
    # and the prompt itself says what each Command offered does
    assert "Control · `migrate` — move up to 3 Amirs" in text


async def test_each_board_has_its_alt_text_beside_it_and_names_the_ai_seats(
    tmp_path: Path,
    new_db: Callable[[str], Path],
) -> None:
    out = io.StringIO()
    boards = tmp_path / "b"
    args = ["--db", str(new_db("a.sqlite3")), "--boards", str(boards), "--seed", "12"]
    renderer = FakeRenderer()
    await amain([*args, "--ai", "B:easy"], ["board"], out, renderer)
    pngs = sorted((boards / "a" / "game-1").glob("*.png"))
    assert pngs
    for png in pngs:
        alt = png.with_suffix(".txt").read_text()
        assert alt.startswith("Vijayanagara board.") and "VP" in alt
    assert "[alt text:" not in out.getvalue()  # written quietly, beside each picture
    assert renderer.names[-1] == {
        vijayanagara.Faction.D: "you",
        vijayanagara.Faction.B: "the easy AI",
        vijayanagara.Faction.V: "you",
    }


@pytest.mark.usefixtures("ai_in_processes")  # Ctrl-C reaches the workers too
def test_ctrl_c_while_the_ais_play_returns_to_the_prompt_and_they_go_on_after(
    tmp_path: Path, new_db: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person at the terminal presses Ctrl-C while the AIs play: they stop after the step
    under way (stored whole), the prompt comes back, and the next line lets them go on."""
    import os
    import signal

    typed = iter(["status", "status"])

    def fake_input(prompt: str = "") -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    pressed: list[bool] = []

    async def pause(seconds: float) -> None:  # Ctrl-C during the AIs' first pause
        if not pressed:
            pressed.append(True)
            os.kill(os.getpid(), signal.SIGINT)
            await asyncio.sleep(0.01)  # the loop hears it

    monkeypatch.setattr("builtins.input", fake_input)
    out = io.StringIO()
    args = ["--db", str(new_db("c.sqlite3")), "--boards", str(tmp_path / "b"), "--seed", "12"]
    args += ["--ai", "B:easy", "--ai", "V:easy", "--ai-pause", "1"]
    asyncio.run(amain(args, None, out, FakeRenderer(), sleep=pause))
    text = out.getvalue()
    assert pressed and "(Ctrl-C) The AIs wait" in text, text[-2000:]
    waited = text.index("(Ctrl-C) The AIs wait")
    assert "Game 1 is under way" in text[waited:]  # the prompt came back and read a line
    assert "Next: Delhi Sultanate" in text[waited:]  # and the AIs went on to D's decision
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_the_prompt_edits_lines_and_recalls_them_with_the_arrow_keys() -> None:
    import readline

    from bot.terminal.terminal_io import HISTORY_LENGTH, line_editing

    assert line_editing()  # Python's readline: arrow keys edit and recall, no stray ^[[A
    assert readline.get_history_length() == HISTORY_LENGTH


def test_a_command_of_discord_or_of_another_game_is_refused_saying_where_it_belongs(
    tmp_path: Path,
    migrated_sqlite_bytes: bytes,
) -> None:
    lines = ["rematch", "club config", "ai B:easy", "hand", "leave B", "join B"]
    text = run_lines(tmp_path, lines, "--seed", "7", new_db=migrated_sqlite_bytes)
    assert "`rematch` is the bot's command on Discord (`/vj club rematch`), not the " \
        "terminal's; here `new` starts another game." in text  # fmt: skip
    assert "`config` is the bot's command on Discord (`/vj club config`)" in text
    assert "here AIs take seats when a game is made: `--ai SEAT:LEVEL`" in text
    assert "`hand` is a command of Successors and Taj Mahal, not of Vijayanagara." in text
    assert "not an order I can read" not in text
    assert "You leave Bahmani Kingdom." in text and "You sit as Bahmani Kingdom." in text


def test_the_ai_workers_start_with_every_game_imported() -> None:
    """A new worker thinks at once: the server it is forked from imported the games, even
    for a program whose main module names none of the bot's (here pytest's)."""
    from bot.table.ai_seats import worker_pool

    pool = worker_pool(2)
    try:
        loaded = (
            "sorted(m for m in ('ai.successors', 'rules.rajas') if m in __import__('sys').modules)"
        )
        assert pool.submit(eval, loaded).result() == ["ai.successors", "rules.rajas"]
    finally:
        pool.shutdown()


@pytest.mark.parametrize("kind", ["successors", "rajas"])
async def test_the_board_asked_for_is_told_in_words_where_no_picture_shows(
    tmp_path: Path, kind: str
) -> None:
    """A newcomer at the terminal opened the board files to see where anything stood: `board`
    prints the picture's words (its alt text) too; the boards a move writes stay quiet."""
    out = io.StringIO()
    args = ["--game", kind, "--seed", "3", "--db", str(tmp_path / "a.sqlite3")]
    await amain([*args, "--boards", str(tmp_path / "b")], ["board"], out, FakeRenderer())
    text = out.getvalue()
    pngs = sorted((tmp_path / "b" / "a" / "game-1").glob("board-*.png"))
    words = " ".join(pngs[-1].with_suffix(".txt").read_text().split())
    told = text.split("The board in words:\n")[1].split("\n>")[0]
    assert " ".join(told.split()) == words and text.count("The board in words:") == 1
