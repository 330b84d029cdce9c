"""The terminal's databases and pictures: each database's board pictures in a folder of their
own (two databases both number their games from 1), a replay's picture in the replayed game's
folder under a name of its own, `import FILE` in a fresh session where nobody has moved yet,
and every answer about where a game is in the terminal's words, never Discord's."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from fakes import PNG, FakeRenderer

from bot.discord.front_end import DISCORD
from bot.table.service import GameService
from bot.terminal.front_end import terminal_table
from bot.terminal.local import amain
from bot.terminal.terminal_io import boards_folder

DISCORD_WORDS = re.compile(
    r"\bchannel\b|\bthreads?\b|\bserver\b|\bbuttons?\b|/(?:vj|gt|tm|rg)\b|\bslash\b", re.I
)


async def session(tmp_path: Path, db: str, lines: list[str], *args: str) -> str:
    out = io.StringIO()
    argv = ["--db", str(tmp_path / db), "--boards", str(tmp_path / "b"), *args]
    await amain(argv, lines, out, FakeRenderer())
    return out.getvalue()


def pictures(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.glob("*.png")}


async def test_two_databases_keep_their_pictures_apart(tmp_path: Path) -> None:
    one = await session(tmp_path, "one.sqlite3", ["pass"], "--seed", "7")
    two = await session(tmp_path, "two.sqlite3", ["status"], "--seed", "8")
    assert f"Game 1: boards go to {tmp_path / 'b' / 'one' / 'game-1'}." in one
    assert f"Game 1: boards go to {tmp_path / 'b' / 'two' / 'game-1'}." in two
    assert pictures(tmp_path / "b" / "one" / "game-1") and pictures(
        tmp_path / "b" / "two" / "game-1"
    )
    assert not (tmp_path / "b" / "game-1").exists()
    again = await session(tmp_path, "one.sqlite3", ["status"])  # the same database: its folder
    assert f"Continuing game 1 (boards in {tmp_path / 'b' / 'one' / 'game-1'})" in again


def test_a_database_of_the_same_name_elsewhere_gets_a_folder_of_its_own(tmp_path: Path) -> None:
    boards = tmp_path / "b"
    first = boards_folder(boards, str(tmp_path / "x" / "game.sqlite3"))
    other = boards_folder(boards, str(tmp_path / "y" / "game.sqlite3"))
    assert (first, other) == (boards / "game", boards / "game-2")
    assert boards_folder(boards, str(tmp_path / "x" / "game.sqlite3")) == first  # remembered
    assert boards_folder(boards, str(tmp_path / "y" / "game.sqlite3")) == other
    assert boards_folder(boards, ":memory:").name == "memory"  # a name a folder can take


async def test_a_replay_has_a_picture_of_its_own_beside_the_games_boards(tmp_path: Path) -> None:
    lines = ["pass", "pass", "abort", "yes", "replay 1 1", "replay 1 2", "replay 1 1"]
    text = await session(tmp_path, "r.sqlite3", lines, "--seed", "7")
    game_1 = tmp_path / "b" / "r" / "game-1"
    boards = {name for name in pictures(game_1) if name.startswith("board-")}
    assert boards  # the game's own pictures, as they were
    replays = {name for name in pictures(game_1) if name.startswith("replay-")}
    assert replays == {"replay-step-00001.png", "replay-step-00002.png"}
    assert f"[board: {game_1 / 'replay-step-00002.png'}]" in text
    assert all(png == PNG for png in pictures(game_1).values())


async def test_import_in_a_fresh_session_takes_the_place_of_the_game_nobody_moved_in(
    tmp_path: Path,
) -> None:
    export = tmp_path / "saved.json"
    await session(tmp_path, "a.sqlite3", ["pass", f"export {export}"], "--seed", "7")
    text = await session(tmp_path, "fresh.sqlite3", [f"import {export}", "status"])
    assert "Game 1 had no move yet: it is set aside for the import (aborted)." in text
    assert "Imported game 2" in text and "Game 2 is under way" in text
    assert "! " not in text, text


async def test_import_while_a_game_is_under_way_says_what_to_do_in_the_terminals_words(
    tmp_path: Path,
) -> None:
    export = tmp_path / "saved.json"
    await session(tmp_path, "a.sqlite3", ["pass", f"export {export}"], "--seed", "7")
    text = await session(tmp_path, "b.sqlite3", ["pass", f"import {export}"], "--seed", "7")
    assert (
        f"! Game 1 is in progress (1 step played): `abort` it (it asks for `yes`), then "
        f"`import {export}` again; `export FILE` first keeps it." in text
    )
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    text = await session(tmp_path, "c.sqlite3", [f"import {bad}", "status"])
    assert "\n! " in text  # refused before anything is set aside
    assert "set aside" not in text and "Game 1 is under way" in text


async def test_the_terminal_never_speaks_of_channels_threads_or_slash_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table's answers about where a game is, reached from the terminal: no game here,
    a game here already, another game's game; each in the terminal's words."""
    monkeypatch.chdir(tmp_path)  # where `export` writes its file
    other = await session(tmp_path, "w.sqlite3", ["abort", "yes"], "--game", "goat_tiger")
    assert "ended by you without a result" in other
    lines = ["abort", "yes", "status", "export", "verify", "board", "log", "hint", "replay 1"]
    lines += ["club pace", "new", "import nothing.json", "club rematch", "replay 9"]
    text = await session(tmp_path, "w.sqlite3", lines, "--seed", "7")
    assert "Game 1 in this database is a game of Aadu-Huli aata" in text
    assert "replay it in a terminal started with `--game goat_tiger`" in text
    found = sorted({m.group(0) for m in DISCORD_WORDS.finditer(text)})
    assert found == ["/vj"], [line for line in text.split("\n") if DISCORD_WORDS.search(line)]


async def test_the_table_names_the_place_of_a_game_in_each_front_ends_words(
    tmp_path: Path,
) -> None:
    """Where a game is played: "this channel" on Discord, where a thread holds another one;
    "this database" in the terminal, where nothing does."""
    export = tmp_path / "saved.json"
    await session(tmp_path, "a.sqlite3", ["pass", f"export {export}"], "--seed", "7")
    data = export.read_bytes()
    terminal = await terminal_table(str(tmp_path / "t.sqlite3"), FakeRenderer())
    discord = await GameService.open(str(tmp_path / "d.sqlite3"), FakeRenderer(), front=DISCORD)
    said: dict[str, list[str]] = {}
    try:
        for name, svc in (("terminal", terminal), ("discord", discord)):
            texts = [(await svc.transfer.export("c", kind="vijayanagara")).text]
            assert (await svc.lobby.create("c", 1, kind="vijayanagara")).ok
            texts.append((await svc.lobby.create("c", 1, kind="vijayanagara")).text)
            texts.append((await svc.transfer.import_game("c", 1, data, kind="vijayanagara")).text)
            said[name] = texts
    finally:
        await terminal.close()
        await discord.close()
    assert said["terminal"] == [
        "There is no game in this database to export.",
        "This database already has a game. Finish or abort it.",
        "This database already has a game: finish or abort it first, then import.",
    ]
    assert said["discord"] == [
        "There is no game in this channel to export.",
        "This channel already has a game. Finish or abort it, or open a thread.",
        "This channel already has a game: finish or abort it first, or open a thread, then import.",
    ]
