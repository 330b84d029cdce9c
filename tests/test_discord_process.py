"""The bot as a process: stop signals, a refused token, logs without secrets."""

from __future__ import annotations

import io
import json
import logging
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from discord_env import B, D, bot_command, running_bot
from discord_fake import BOT_TOKEN, FakeDiscord

from bot.discord.log_redaction import configure_logging, redact

LAUNCHER = Path(__file__).parent / "fake_discord_bot.py"
WAIT = 90  # seconds a process may take to end at the most: a loaded machine; it ends sooner


@pytest.fixture(autouse=True)
def root_logging_restored() -> Iterator[None]:
    """`main()` and `configure_logging` replace the root logger's handlers: put pytest's back."""
    root = logging.getLogger()
    saved = (list(root.handlers), root.level)
    yield
    for h in list(root.handlers):
        root.removeHandler(h)
    for h in saved[0]:
        root.addHandler(h)
    root.setLevel(saved[1])


def launch(tmp_path: Path, token: str, script: str = "") -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "DISCORD_TOKEN": token,
        "CHAUPAL_DB": str(tmp_path / "proc.sqlite3"),
        "LOG_LEVEL": "INFO",
        "FAKE_SCRIPT": script,
    }
    return subprocess.Popen(
        [sys.executable, str(LAUNCHER)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for(proc: subprocess.Popen[str], said: str) -> None:
    """Until the process prints the line `said`."""
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.strip() == said, line + (proc.stderr.read() if proc.stderr else "")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_finishes_the_reply_in_flight_and_closes_cleanly(
    tmp_path: Path, sig: signal.Signals
) -> None:
    proc = launch(tmp_path, BOT_TOKEN, script="create")
    wait_for(proc, "READY")
    wait_for(proc, "IN FLIGHT")  # /vj create is being answered: its first Discord call is held
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=WAIT)
    assert proc.returncode == 0, err
    assert "closed the database" in err
    posted = [json.loads(line)["content"] for line in out.splitlines() if line.startswith("{")]
    assert any("New game of Vijayanagara" in p for p in posted), (posted, err)
    assert "Traceback" not in err


def test_a_refused_token_is_one_clear_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, err = bot_command(
        FakeDiscord(),
        monkeypatch,
        DISCORD_TOKEN="not-the-right-token",
        CHAUPAL_DB=str(tmp_path / "proc.sqlite3"),
        LOG_LEVEL="INFO",
    )
    assert status == 2
    assert "Traceback" not in err
    assert "Discord refused the bot token" in err
    assert "not-the-right-token" not in err + capsys.readouterr().out


async def test_debug_logs_never_show_interaction_tokens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stream = io.StringIO()
    configure_logging("DEBUG", stream)  # as main() does; the fixture restores pytest's
    async with running_bot(tmp_path / "log.sqlite3", monkeypatch) as env:
        await env.started()
        await env.slash(B, "pass")
        env.fake.autocomplete(D, "play", "order", "pa")
        await env.fake.settle()
        tokens = [i.token for i in env.fake.interactions.values()]
    text = stream.getvalue()
    assert "/webhooks/" in text and "INTERACTION_CREATE" in text  # the DEBUG lines are there
    assert tokens and not any(t in text for t in tokens)
    assert BOT_TOKEN not in text


def test_redact_masks_tokens_in_urls_payloads_and_headers() -> None:
    line = (
        "POST https://discord.com/api/v10/webhooks/123/abc.DEF-ghi_9/messages/@original "
        "{'token': 'aW50ZXJhY3Rpb24', 'id': '1'} Authorization: Bot MTIzNDU2Nzg5MDEyMzQ1Njc4.x"
    )
    out = redact(line)
    assert "abc.DEF-ghi_9" not in out and "aW50ZXJhY3Rpb24" not in out
    assert "MTIzNDU2Nzg5MDEyMzQ1Njc4" not in out
    assert "/webhooks/123/[redacted]" in out


def test_settings_come_from_the_environment_and_hide_the_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.discord.settings import MissingToken, Settings

    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    with pytest.raises(MissingToken, match="DISCORD_TOKEN is not set"):
        Settings().token()
    monkeypatch.setenv("DISCORD_TOKEN", "sekrit-token")
    monkeypatch.setenv("CHAUPAL_DB", "/tmp/x.sqlite3")
    s = Settings()
    assert s.token() == "sekrit-token" and s.chaupal_db == "/tmp/x.sqlite3"
    assert "sekrit" not in repr(s) and "sekrit" not in str(s.model_dump())


def test_a_missing_token_is_one_clear_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.discord.main import main

    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    with pytest.raises(SystemExit) as e:
        main()
    assert e.value.code == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err


def test_a_missing_token_is_said_before_discord_the_games_or_the_storage_load() -> None:
    """A command refused at once (a script, a container's restart loop) answers without the
    second of imports a running bot needs: in a fresh interpreter, none of them is loaded."""
    code = (
        "import sys\nfrom bot.discord.main import main\ntry:\n    main()\n"
        "except SystemExit as e:\n    print(e.code, sorted({m.split('.')[0] for m in sys.modules}"
        " & {'discord', 'PIL', 'rules', 'render', 'ai', 'db', 'aiosqlite', 'asyncpg'}))"
    )
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        cwd=LAUNCHER.parent.parent,
        timeout=WAIT,
    )
    assert done.stdout.split("\n")[0] == "2 []", done.stdout + done.stderr
    assert done.stderr.startswith("error: DISCORD_TOKEN is not set"), done.stderr


async def test_buttons_work_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "restart.sqlite3"
    async with running_bot(db, monkeypatch) as env:
        start = await env.started()
    async with running_bot(db, monkeypatch, env.fake) as env2:
        version, _ = await env2.state()
        await env2.click(B, start, start.custom_ids[0])
        assert (await env2.state())[0] == version + 1


def test_database_url_chooses_the_backend_and_hides_its_password(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.discord.settings import Settings

    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("CHAUPAL_DB", "/tmp/x.sqlite3")
    assert Settings().database() == "/tmp/x.sqlite3"  # the embedded default still works
    monkeypatch.setenv("DATABASE_URL", "postgresql://vj:hunter2@db:5432/vj")
    s = Settings()
    assert s.database() == "postgresql://vj:hunter2@db:5432/vj"
    assert s.database_for_log() == "postgresql://vj:***@db:5432/vj"
    assert "hunter2" not in repr(s) and "hunter2" not in str(s.model_dump())


async def test_an_unknown_database_url_is_refused_clearly() -> None:
    from db import StorageError, open_store

    with pytest.raises(StorageError, match="unknown database URL scheme in 'mysql'"):
        await open_store("mysql://x@y/z")


@pytest.mark.parametrize(
    ("count", "ids", "error"),
    [
        ("2", "0,2", "shard 2 does not exist with SHARD_COUNT=2"),
        (None, "0", "SHARD_IDS needs SHARD_COUNT"),
        ("2", "zero", "SHARD_IDS must be shard numbers"),
        ("0", None, "SHARD_COUNT must be between 1 and 1024"),
    ],
)
def test_bad_shard_settings_are_one_clear_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    count: str | None,
    ids: str | None,
    error: str,
) -> None:
    from bot.discord.main import main

    monkeypatch.setenv("DISCORD_TOKEN", "sekrit-token")
    for name, value in (("SHARD_COUNT", count), ("SHARD_IDS", ids)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as e:
        main()
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert error in err and "sekrit" not in err


async def test_shard_settings_split_the_servers_between_processes(tmp_path: Path) -> None:
    from bot.discord.discord_client import ChaupalBot, ShardedChaupalBot
    from bot.discord.main import build
    from bot.discord.settings import Settings

    db = str(tmp_path / "s.sqlite3")
    service, bot = await build(Settings(chaupal_db=db, shard_count=4, shard_ids="3, 1"))
    assert isinstance(bot, ShardedChaupalBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    # other processes share the database: at start it leaves their fresh announcements alone
    assert bot.startup_grace > 0
    await service.close()
    service, bot = await build(Settings(chaupal_db=db, shard_count=2))  # all in one
    assert isinstance(bot, ShardedChaupalBot) and bot.shard_ids == [0, 1]
    await service.close()
    service, bot = await build(Settings(chaupal_db=db))
    assert type(bot) is ChaupalBot  # unsharded, as before
    assert bot.startup_grace == 0  # alone: what is owed at start, the previous run left
    await service.close()


def test_an_unreachable_database_is_one_clear_line_without_its_password(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from bot.discord.main import main

    monkeypatch.setenv("DISCORD_TOKEN", "sekrit-token")
    monkeypatch.delenv("SHARD_COUNT", raising=False)
    monkeypatch.delenv("SHARD_IDS", raising=False)
    url = f"postgresql://vj:hunter2@/vj?host={tmp_path / 'no-server-here'}"
    monkeypatch.setenv("DATABASE_URL", url)
    with pytest.raises(SystemExit) as e:
        main()
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "cannot connect to PostgreSQL at postgresql://vj:***@/vj" in err
    assert "hunter2" not in err and "sekrit" not in err and "Traceback" not in err


async def test_a_sharded_bot_connects_each_shard_and_plays_on_the_servers_shard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SHARD_COUNT=2 in one process: two gateway connections, each identified as its shard;
    the server's events arrive on its own shard (server id >> 22 % 2) and a game is played."""
    from discord_fake import GUILD

    from bot.discord.discord_client import ShardedChaupalBot

    paced: list[tuple[int | None, bool]] = []

    async def before_identify(self: object, shard_id: int | None, *, initial: bool = False) -> None:
        paced.append((shard_id, initial))  # discord.py waits 5 s before all but the first

    monkeypatch.setattr(ShardedChaupalBot, "before_identify_hook", before_identify)
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, shard_count=2) as env:
        await env.fake.until(lambda: sum(g.identified.is_set() for g in env.fake.gateways) == 2)
        assert sorted(g.shard for g in env.fake.gateways) == [(0, 2), (1, 2)]
        assert sorted(paced) == [(0, True), (1, False)]
        serving = env.fake.gateway
        assert serving is not None and serving.shard == ((GUILD >> 22) % 2, 2)
        await env.started()
        before, _ = await env.state()
        await env.slash(B, "play", order="pass")
        after, _ = await env.state()
        assert after == before + 1
        assert any("pass" in m.content.lower() for m in env.fake.visible[-2:])


async def test_a_process_running_other_shards_does_not_answer_this_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SHARD_IDS splits the servers between processes: a process without this server's shard
    never sees its commands (another process, on the same database, answers them)."""
    from discord_fake import GUILD

    other = 1 - (GUILD >> 22) % 2
    async with running_bot(
        tmp_path / "bot.sqlite3", monkeypatch, shard_count=2, shard_ids=str(other)
    ) as env:
        (gateway,) = env.fake.gateways
        assert gateway.shard == (other, 2) and env.bot.shard_ids == [other]
        inter = env.fake.slash(D, "create")
        await env.fake.settle()
        assert inter.response is None  # not this process's server
        assert await env.service.store.open_game(str(env.fake_channel)) is None
