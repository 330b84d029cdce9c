"""The README's set-up is what CI runs, and its terminal example works as written."""

from __future__ import annotations

import io
import re
from pathlib import Path

from fakes import FakeRenderer

from bot.local import amain

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _setup_commands() -> list[str]:
    section = README.split("## Set-up (two commands)", 1)[1].split("\n## ", 1)[0]
    return [b.strip() for b in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_the_readme_has_two_set_up_commands_in_a_virtual_environment() -> None:
    run_bot, run_tests = _setup_commands()
    for command in (run_bot, run_tests):  # PEP 668: never system-wide; each one sets up
        assert command.startswith("python3 -m venv .venv && .venv/bin/python -m pip install")
        assert "\n" not in command
    assert run_bot.endswith("DISCORD_TOKEN=... .venv/bin/vijayanagara-bot")
    assert run_tests.endswith(".venv/bin/python -m pytest")


def test_ci_runs_exactly_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    setup = ("#", "set ", "cd ", "trap ")  # the shell's options and the report at the end
    steps = [line for line in ci if line and not line.startswith(setup)]
    assert steps == [_setup_commands()[1]]


async def test_the_readme_terminal_example_works_as_written(tmp_path: Path) -> None:
    section = README.split("## Terminal client", 1)[1].split("\n## ", 1)[0]
    block = re.findall(r"```sh\n(.*?)```", section, re.S)[0].splitlines()
    launch = block[0].split("#")[0].split()
    assert launch[0].endswith("vijayanagara-local")
    lines = [line.removeprefix("> ") for line in block[1:]]
    out = io.StringIO()
    args = [*launch[1:], "--db", str(tmp_path / "r.sqlite3"), "--boards", str(tmp_path / "b")]
    await amain(args, lines, out, FakeRenderer())
    text = out.getvalue()
    assert "\n! " not in text and not text.startswith("! "), text  # nothing refused
    assert "takes back a step" in text and "gives 2 Resources to B" in text


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
    assert "docker compose up" in README and "python -m db.copy" in README
