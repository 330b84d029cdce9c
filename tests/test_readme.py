"""The README gets a newcomer playing: its try-it-now command works as written, its set-up is
what CI runs, its command table lists every slash command with an example, it stays short, and
every link in it and in docs/ leads to a file of the repository. The examples moved to docs/
(the terminal session, the compose file's set-up) work as written there."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from fakes import FakeRenderer

from bot.discord.discord_commands import GameGroups
from bot.product import PRODUCT
from bot.table.commands import commands, kinds
from bot.table.registry import game, registry
from bot.table.service import GameService
from bot.terminal import local
from bot.terminal.local import amain
from rules.vijayanagara.game import GAME as VIJAYANAGARA

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = ROOT / "docs"
VENV = "python3 -m venv --without-pip .venv && python3 -m pip --python .venv install -q --no-compile pip && .venv/bin/python -m pip install -q --no-compile -e "
SETUP = VENV + ". && "  # the game and the bot: no test tools or linters
TEST_SETUP = VENV + "'.[test]' && "  # and what the suite needs


def _section(text: str, heading: str) -> str:
    return text.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0]


def _blocks(section: str, kind: str = "sh") -> list[str]:
    return [b.strip() for b in re.findall(rf"```{kind}\n(.*?)```", section, re.S)]


def _setup_commands() -> list[str]:
    return _blocks(_section(README, "## Set-up (two commands)"))


def test_the_readme_is_read_in_five_minutes() -> None:
    assert len(README.splitlines()) <= 250
    assert README.index("## Try it now") < README.index("## Set-up (two commands)")


def test_the_readme_opens_with_every_game_alike() -> None:
    """The product's name, then a bullet for each game the bot hosts: its name, its group and
    how many play, in one form for all."""
    assert README.startswith(f"# {PRODUCT}\n")
    intro = README.split("\n## ", 1)[0]
    bullets = re.findall(r"^- (.*(?:\n  .*)*)", intro, re.M)
    games = registry().games()
    assert len(bullets) == len(games), bullets
    for g in games:
        lo, hi = g.info.min_players, g.info.max_players
        players = f"{lo} players" if lo == hi else f"{lo} to {hi} players"
        (bullet,) = [b for b in bullets if f"(`/{registry().command(g.info.id)}`; " in b]
        assert g.info.title.split(" (")[0] in bullet and players in bullet, bullet


def test_the_readme_has_two_set_up_commands_in_a_virtual_environment() -> None:
    run_bot, run_tests = _setup_commands()
    # PEP 668: never system-wide; each one sets up, installing what it needs
    for command, setup in ((run_bot, SETUP), (run_tests, TEST_SETUP)):
        assert command.startswith(setup)
        assert "\n" not in command
    assert run_bot.endswith("DISCORD_TOKEN=... .venv/bin/chaupal-bot")
    assert run_tests.endswith(".venv/bin/python -m pytest")


def test_ci_runs_exactly_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    setup = ("#", "set ", "cd ", "trap ")  # the shell's options and the report at the end
    steps = [line for line in ci if line and not line.startswith(setup)]
    assert steps == [_setup_commands()[1]]


async def test_the_try_it_now_command_plays_against_two_ais_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One command from a fresh clone: set up, then the terminal client against two AIs; the
    lines the README suggests are all accepted (a fixed seed, so the test is repeatable)."""

    # `hint` searches for 50 ms of a worker's time, not the 3 s a person waits for
    monkeypatch.setattr(local, "HINT_PER_THINK", 0.05 / local.THINK_SECONDS)
    section = _section(README, "## Try it now")
    command = _blocks(section)[0]
    assert command.startswith(SETUP) and "\n" not in command
    launch = command.removeprefix(SETUP).split()
    assert launch[0] == ".venv/bin/chaupal-local" and "--play" in launch
    (session,) = _blocks(section, "text")
    lines = [re.split(r"\s{2,}", line.removeprefix("> "))[0] for line in session.splitlines()]
    assert lines[-1] == "quit"
    out = io.StringIO()
    monkeypatch.chdir(tmp_path)  # the database and the boards where the README says
    await amain([*launch[1:], "--seed", "7"], lines, out, FakeRenderer())
    text = out.getvalue()
    assert "\n! " not in text and not text.startswith("! "), text  # nothing refused
    assert "Suggested turn for Delhi Sultanate:" in text and "Delhi Sultanate Passes" in text
    assert "How each Faction wins" in text  # `rules winning`
    assert "Bahmani Kingdom" in text and "Vijayanagara Empire" in text
    (boards,) = re.findall(r"board picture at every hand-off into `([^`]+)`", section)
    assert list((tmp_path / boards).glob("*.png"))  # the boards it says it writes


async def test_the_try_it_now_section_starts_every_game_with_you_in_the_seat_you_play(
    tmp_path: Path,
) -> None:
    """Each of the other games' lines, as written: the seat `--play` names is the person's,
    AIs hold the rest, as many players as the line asks for (its comment says how many)."""
    from bot.terminal.local import LOCAL_USER
    from db.backend import open_store

    section = _section(README, "## Try it now")
    launches = [line.split("#")[0].split() for line in _blocks(section)[1].splitlines()]
    shown = {launch[launch.index("--game") + 1] for launch in launches}
    assert shown == set(kinds()) - {"vijayanagara"}  # the first block plays Vijayanagara
    for i, launch in enumerate(launches):
        assert launch[0] == ".venv/bin/chaupal-local"
        db = tmp_path / f"g{i}.sqlite3"
        out = io.StringIO()
        args = [*launch[1:], "--db", str(db), "--boards", str(tmp_path / "b")]
        await amain(args, ["status", "quit"], out, FakeRenderer())
        assert "\n! " not in out.getvalue(), out.getvalue()
        kind, seat = launch[launch.index("--game") + 1], launch[launch.index("--play") + 1]
        store = await open_store(str(db))
        try:
            record = await store.latest_game(f"local-{kind}")
            assert record is not None and record.seats[seat] == LOCAL_USER
            players = int(launch[launch.index("--players") + 1]) if "--players" in launch else 0
            assert len(record.seats) == max(players, game(kind).info.min_players)
            assert sum(user < 0 for user in record.seats.values()) == len(record.seats) - 1
        finally:
            await store.close()


async def test_the_terminal_example_in_the_playing_doc_works_as_written(tmp_path: Path) -> None:
    section = _section((DOCS / "playing.md").read_text(encoding="utf-8"), "## Terminal client")
    block = _blocks(section)[0].splitlines()
    launch = block[0].split("#")[0].split()
    assert launch[0].endswith("chaupal-local")
    lines = [line.removeprefix("> ") for line in block[1:]]
    out = io.StringIO()
    args = [*launch[1:], "--db", str(tmp_path / "r.sqlite3"), "--boards", str(tmp_path / "b")]
    await amain(args, lines, out, FakeRenderer())
    text = out.getvalue()
    assert "\n! " not in text and not text.startswith("! "), text  # nothing refused
    assert "takes back: " in text and "gives 2 Resources to B" in text


async def test_the_readme_lists_every_slash_command_with_an_example(tmp_path: Path) -> None:
    """Each /vj command and /vj club command has a row: its options in the first cell (a
    required one as `name:`, an optional one as `[name]`) and a use of it as the example."""
    rows: dict[str, tuple[str, str]] = {}
    for first, example in re.findall(r"^\| (`/vj [^|]*) \| `([^`]*)` \|", README, re.M):
        for usage in re.findall(r"`(/vj [^`]*)`", first):
            name = re.match(r"/vj (club \w+|\w+)", usage)
            assert name is not None, usage
            rows[name.group(1)] = (usage, example)
    service = await GameService.open(str(tmp_path / "c.sqlite3"))
    try:
        group = GameGroups(service.registry).group(VIJAYANAGARA)
        commands = [c for c in group.walk_commands() if not hasattr(c, "commands")]
    finally:
        await service.close()
    assert len(commands) > 25
    for command in commands:
        name = command.qualified_name.removeprefix("vj ")
        assert name in rows, f"/vj {name} has no row in the README's command tables"
        usage, example = rows[name]
        for param in getattr(command, "parameters", []):
            shown = f"{param.name}:" if param.required else f"[{param.name}]"
            assert shown in usage, f"/vj {name}: option {param.name} not in {usage!r}"
        if name not in ("resign",):  # one row shows `/vj abort` / `/vj resign`, one example
            assert example.startswith(f"/vj {name}"), (name, example)


def test_the_games_doc_names_every_command_of_every_games_group() -> None:
    """docs/games.md's table covers each game's group, built from the one command table."""
    table = _section((DOCS / "games.md").read_text(encoding="utf-8"), "## Commands")
    named = set(re.findall(r"`((?:club )?[a-z_]+)", table))
    for kind in kinds():
        for c in commands(kind):
            name = ("club " if c.club else "") + c.name
            assert name in named, f"/{registry().command(kind)} {name} is not in docs/games.md"


def test_every_link_in_the_readme_and_docs_leads_to_a_file() -> None:
    for doc in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        text = doc.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if target.startswith(("http://", "https://")):
                continue
            assert (doc.parent / target).exists(), f"{doc.name} links to missing {target}"


def test_the_compose_file_runs_postgresql_and_two_bots_splitting_the_shards() -> None:
    import yaml

    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert services["db"]["image"].startswith("postgres:")
    bots = [s for name, s in services.items() if name.startswith("bot-")]
    assert len(bots) == 2
    envs = [b["environment"] for b in bots]
    assert all(
        e["DATABASE_URL"].startswith("postgresql://") and "@db:" in e["DATABASE_URL"] for e in envs
    )
    count = {int(e["SHARD_COUNT"]) for e in envs}
    assert count == {2}
    assert sorted(int(i) for e in envs for i in e["SHARD_IDS"].split(",")) == [0, 1]
    operations = (DOCS / "operations.md").read_text(encoding="utf-8")
    assert "docker compose up" in operations and "python -m bot.table.copy_db" in operations
