"""An install made before the name Chaupal goes on as it is. Its database, as the code before
the name wrote it, opens under the bot's settings and the terminal's defaults and plays on, on
SQLite and on PostgreSQL; the old environment variable is read in the new one's place; the old
commands run the new ones. Each of these says the new name in one line. (The installed
commands themselves: tests/test_image.py.)

The fixtures were written by the code of the main branch at eb5e110, the last before the name:
through its GameService, a game of each kind a few steps in (channels c-vj, c-tm, c-gt, c-rg),
a finished Goat-Tiger game (c-done) and a pace; through its terminal client (`--seed 7`, two
Passes), a Vijayanagara game waiting for the Vijayanagara Empire (channel local). The SQLite
file whole; on PostgreSQL the same games played again, its rows as pg_dump wrote them, put
back on the schema of that code's migrations (old_schema.py)."""

from __future__ import annotations

import gzip
import io
import shutil
import sys
from pathlib import Path

import pytest
from fakes import FakeRenderer
from old_schema import postgresql_before
from pg_server import PgServer
from table_helpers import choices, on_turn, run

from bot.discord.main import build, main
from bot.discord.settings import Settings
from bot.product import renamed_command, variable
from bot.table.copy_db import main_by_old_name
from bot.terminal.local import amain
from db import open_store

FIXTURES = Path(__file__).parent / "fixtures"
BEFORE = 15  # the last migration of the code that wrote the fixtures
GAMES = {"c-vj": "vijayanagara", "c-tm": "taj_mahal", "c-gt": "goat_tiger", "c-rg": "rajas"}
ANA = 101  # a player of every game in the fixtures


def old_sqlite(path: Path) -> Path:
    with gzip.open(FIXTURES / "before_the_name.sqlite3.gz") as src, path.open("wb") as out:
        shutil.copyfileobj(src, out)
    return path


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder the bot runs in, with none of its database settings in the environment."""
    monkeypatch.chdir(tmp_path)
    for name in ("CHAUPAL_DB", "VIJAYANAGARA_DB", "DATABASE_URL", "DISCORD_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


async def plays_on(settings: Settings) -> None:
    """The bot started on `settings`: each game of the old database takes a step more from
    the seat on turn, and the finished one is in the records."""
    service, _ = await build(settings, FakeRenderer())
    try:
        for channel, kind in GAMES.items():
            record = await service.store.open_game(channel)
            assert record is not None and (record.kind, record.status) == (kind, "active")
            turn = await on_turn(service, channel)
            assert turn is not None
            offered = await choices(service, channel, turn[1], kind)
            for order in offered:  # (a step that would do nothing is asked about, not played)
                reply = await run(service, channel, turn[1], "play", kind, order=order)
                if reply.ok or "confirm" not in reply.text:
                    break
            assert reply.ok, reply.text
            after = await service.store.open_game(channel)
            assert after is not None and after.version == record.version + 1
        history = await run(service, "c-done", ANA, "history", "goat_tiger", club=True)
        assert "Game 5 in <#c-done>" in history.text, history.text
    finally:
        await service.close()


async def test_the_bot_opens_the_database_of_its_old_default_name_and_plays_on(
    folder: Path,
) -> None:
    old_sqlite(folder / "vijayanagara.sqlite3")
    settings = Settings()
    assert settings.database() == "./vijayanagara.sqlite3"
    (said,) = settings.notices()
    assert "./vijayanagara.sqlite3" in said and "./chaupal.sqlite3" in said
    await plays_on(settings)
    assert not (folder / "chaupal.sqlite3").exists()


def test_the_new_default_file_once_there_is_the_one_opened(folder: Path) -> None:
    assert Settings().database() == "./chaupal.sqlite3"  # neither: the new one is made
    (folder / "vijayanagara.sqlite3").touch()
    (folder / "chaupal.sqlite3").touch()
    settings = Settings()
    assert settings.database() == "./chaupal.sqlite3" and settings.notices() == []


def test_the_old_variable_is_read_in_the_new_ones_place_with_one_line(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("VIJAYANAGARA_DB", "/srv/games.sqlite3")
    assert Settings().database() == "/srv/games.sqlite3"
    with pytest.raises(SystemExit):
        main()  # no token: the notice, then the error, once each
    notice, error = capsys.readouterr().err.splitlines()
    assert notice.startswith("notice: VIJAYANAGARA_DB is now CHAUPAL_DB; VIJAYANAGARA_DB is read")
    assert error.startswith("error: DISCORD_TOKEN is not set")
    monkeypatch.setenv("CHAUPAL_DB", "/srv/chaupal.sqlite3")
    settings = Settings()
    assert settings.database() == "/srv/chaupal.sqlite3"
    assert settings.notices() == [
        "VIJAYANAGARA_DB is now CHAUPAL_DB; VIJAYANAGARA_DB is left aside since CHAUPAL_DB is set"
    ]


def test_a_variable_of_the_tests_and_the_build_is_read_under_its_old_name_too() -> None:
    assert variable("CHAUPAL_WHOLE_GAMES", {}) == (None, None)
    assert variable("CHAUPAL_WHOLE_GAMES", {"CHAUPAL_WHOLE_GAMES": "3"}) == ("3", None)
    value, said = variable("CHAUPAL_WHOLE_GAMES", {"VJ_WHOLE_GAMES": "2"})
    assert value == "2" and said is not None and "VJ_WHOLE_GAMES is now CHAUPAL_WHOLE_GAMES" in said
    both = {"VJ_WHOLE_GAMES": "2", "CHAUPAL_WHOLE_GAMES": "3"}
    assert variable("CHAUPAL_WHOLE_GAMES", both)[0] == "3"


async def test_a_postgresql_database_written_before_the_name_plays_on(
    folder: Path, pg_server: PgServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = gzip.decompress((FIXTURES / "before_the_name_postgresql_rows.sql.gz").read_bytes())
    url = await postgresql_before(pg_server, BEFORE, rows.decode())
    monkeypatch.setenv("DATABASE_URL", url)
    settings = Settings()
    assert settings.database() == url and settings.notices() == []
    await plays_on(settings)


async def test_the_terminal_goes_on_with_its_game_in_its_old_default_file(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = old_sqlite(folder / "vijayanagara-local.sqlite3")
    before = await actions_in_the_terminals_game(old)
    out = io.StringIO()
    await amain(["--boards", str(folder / "b")], ["pass", "quit"], out, FakeRenderer())
    assert "Vijayanagara Empire Passes" in out.getvalue(), out.getvalue()
    (said,) = capsys.readouterr().err.splitlines()
    assert (
        said.startswith("notice: opened ./vijayanagara-local.sqlite3") and "chaupal-local" in said
    )
    assert not (folder / "chaupal-local.sqlite3").exists()
    assert await actions_in_the_terminals_game(old) == before + 1


async def actions_in_the_terminals_game(database: Path) -> int:
    store = await open_store(str(database))
    try:
        game = await store.latest_game("local")
        assert game is not None and game.status == "active"
        return game.actions
    finally:
        await store.close()


def test_an_old_command_says_its_new_name_once_and_runs_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["vijayanagara-copy-db", "--help"])
    with pytest.raises(SystemExit) as e:
        main_by_old_name()
    assert e.value.code == 0
    said = capsys.readouterr()
    assert said.err == f"notice: {renamed_command('vijayanagara-copy-db')}\n"
    assert said.out.startswith("usage: chaupal-copy-db")
