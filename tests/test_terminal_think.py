"""The terminal's `--think SECONDS`: how long a hard AI thinks over a step (a hint over a
turn, twice as long), within its bounds; without it, the table's own budgets."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from fakes import FakeRenderer

from bot.table.ai_seats import HINT_SECONDS, THINK_SECONDS
from bot.table.games.entry import Registry
from bot.table.renderer import Renderer
from bot.table.service import GameService
from bot.terminal import local
from bot.terminal.front_end import terminal_table

# the AI thinks in threads: this file tests what the table says of its steps, not its processes


def budgets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *extra: str) -> tuple[float, float]:
    """The AI's (step, hint) seconds of the table a session with `extra` arguments played on."""
    opened: list[GameService] = []

    async def recorded(
        database: str,
        renderer: Renderer | None = None,
        games: Registry | None = None,
        ai_seconds: tuple[float, float] = (THINK_SECONDS, HINT_SECONDS),
    ) -> GameService:
        service = await terminal_table(database, renderer, games, ai_seconds)
        opened.append(service)
        return service

    monkeypatch.setattr(local, "terminal_table", recorded)
    args = ["--game", "goat_tiger", "--db", str(tmp_path / "t.sqlite3")]
    args += ["--boards", str(tmp_path / "b"), *extra]
    asyncio.run(local.amain(args, ["quit"], io.StringIO(), FakeRenderer()))
    (service,) = opened
    return service.ai.think_seconds, service.ai.hint_seconds


def test_think_sets_a_hard_ais_step_and_a_hints_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert budgets(tmp_path, monkeypatch, "--think", "0.25") == (0.25, 0.5)


def test_without_think_the_tables_budgets_hold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert budgets(tmp_path, monkeypatch) == (THINK_SECONDS, HINT_SECONDS)


@pytest.mark.parametrize("value", ["0", "0.01", "61", "nan", "-1", "soon"])
def test_a_think_out_of_bounds_is_refused_saying_the_bounds(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        asyncio.run(local.amain(["--game", "goat_tiger", "--think", value], [], io.StringIO()))
    assert stop.value.code == 2
    assert "argument --think: a hard AI thinks 0.05 to 60 seconds over a step" in (
        capsys.readouterr().err
    )
