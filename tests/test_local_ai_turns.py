"""AI turns in the terminal client: one block per AI turn (its steps, then why), no `Next:`
line for an AI's decision, and `--ai-pause` between two AI steps (the sleep injected: no
real waiting in tests)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import cast

import pytest
from fakes import FakeRenderer

from bot.table.ai_users import ai_user
from bot.table.reply import Reply
from bot.table.service import GameService
from bot.terminal.front_end import terminal_table
from bot.terminal.local import CHANNEL, DEFAULT_GAME, LocalClient, amain

# the AI thinks in threads: this file tests what the table says of its steps, not its processes

AI_NAMES = ("Bahmani Kingdom", "Vijayanagara Empire")


async def test_each_ai_turn_is_one_block_ending_with_why_and_pauses_between_steps(
    tmp_path: Path,
) -> None:
    out = io.StringIO()
    pauses: list[float] = []

    async def sleep(seconds: float) -> None:
        pauses.append(seconds)

    # seed 13: since forced steps are taken unasked, seed 12's third AI turn holds a person's
    # decision (Delhi defends in it)
    args = ["--db", str(tmp_path / "ai.sqlite3"), "--boards", str(tmp_path / "b"), "--seed", "13"]
    args += ["--ai", "B:easy", "--ai", "V:easy", "--ai-pause", "1.5"]
    await amain(args, ["pass", "pass"], out, FakeRenderer(), sleep=sleep)
    lines = out.getvalue().split("\n")
    assert not any(f"Next: {name}" in line for line in lines for name in AI_NAMES)
    assert not any("Next: Mongols (decided by B" in line for line in lines)
    headers = [i for i, line in enumerate(lines) if line.endswith("(the easy AI) plays:")]
    whys = [i for i, line in enumerate(lines) if line.startswith("Why: ")]
    assert len(headers) >= 3 and len(whys) >= 3
    # a block: the AI's header, its steps as bullet lines (another AI's inside its turn under
    # that AI's header, then its own again, or the other's turn ended by its step under
    # "has played its turn"), its why; nothing asked in between
    for h in headers:
        end = next(i for i in whys if i > h)
        block = lines[h + 1 : end]
        assert block and all(
            x.startswith(("• ", "[board: "))
            or x.endswith(("(the easy AI) plays:", "(the easy AI) has played its turn:"))
            for x in block
        ), block
    ai_steps = sum(
        1 for line in lines if line.startswith(("• B", "• V", "• Mongols (decided by B)"))
    )
    assert pauses and set(pauses) == {1.5} and len(pauses) <= ai_steps


async def test_no_pause_by_default(tmp_path: Path) -> None:
    pauses: list[float] = []

    async def sleep(seconds: float) -> None:
        pauses.append(seconds)

    args = ["--db", str(tmp_path / "ai.sqlite3"), "--boards", str(tmp_path / "b"), "--seed", "12"]
    await amain([*args, "--ai", "B:easy"], ["pass"], io.StringIO(), FakeRenderer(), sleep=sleep)
    assert pauses == []


@pytest.mark.parametrize("pause", ["-1", "61", "nan", "soon"])
def test_a_bad_ai_pause_is_refused_at_launch(tmp_path: Path, pause: str) -> None:
    with pytest.raises(SystemExit) as stop:
        asyncio.run(amain(["--db", str(tmp_path / "x.sqlite3"), "--ai-pause", pause], []))
    assert stop.value.code == 2


async def test_the_ais_are_asked_only_when_the_game_waits_for_one(tmp_path: Path) -> None:
    """Every seat a person's: no line asks the AIs for a step (a person is always on turn);
    a game continued on an AI's turn (an AI seated in the database meanwhile) starts it."""
    service = await terminal_table(str(tmp_path / "g.sqlite3"), FakeRenderer())
    out = io.StringIO()
    client = LocalClient(service, tmp_path / "b", out, CHANNEL, DEFAULT_GAME)
    asked: list[str] = []
    move = service.ai.move

    async def counted(channel: str) -> Reply | None:
        asked.append(channel)
        return await move(channel)

    service.ai.move = counted  # type: ignore[method-assign]
    try:
        await client.begin(12)
        await client.run(["status", "as D: pass", "options", "as B: pass"])
        assert asked == []
        record = await service.store.open_game(CHANNEL)
        assert record is not None
        seat = service.loader.rules_of(record).to_move(await service.loader.state_of(record))
        assert seat is not None
        ai = ai_user("easy")
        await service.store.update_game(record.id, record.version, seats={**record.seats, seat: ai})
        await client.run(["status"])
        assert asked
        moved = [a for a in await service.store.actions(record.id) if a.user_id == ai]
        assert moved and moved[0].faction == seat  # the AI on turn played
    finally:
        await service.close()


def test_an_ai_turn_in_a_message_of_its_own_after_a_held_line_prints_each_line_once() -> None:
    """While the AIs play on, a turn message's last line waits for the next step; a new
    message that does not close the last one (no closing text) prints that line first, and
    its own lines once each."""
    out = io.StringIO()
    client = LocalClient(cast(GameService, None), Path("unused"), out, kind="successors")
    client.holding = True
    for k, (text, edit) in enumerate(
        [
            ("Red plays:\n• Red buys 1 levy", False),
            ("Red plays:\n• Red buys 2 levies", True),
            ("Blue plays:\n• Blue buys 1 levy", False),
            ("Blue plays:\n• Blue buys 1 levy\n• Blue is done", True),
        ]
    ):
        client.show(Reply(text=text, announcement=(1, k + 1), edit=edit))
    client.holding = False
    client.release()
    assert out.getvalue().split("\n")[:-1] == [
        "Red plays:",
        "• Red buys 2 levies",
        "Blue plays:",
        "• Blue buys 1 levy",
        "• Blue is done",
    ]


async def test_a_persons_turn_ends_with_what_it_changed_as_an_ais_ends_with_why(
    tmp_path: Path,
) -> None:
    """A trial's own Migrate took Control unsaid (only AI turns had a line): a person's turn
    ends with what it changed that scores and where the Faction stands."""
    out = io.StringIO()
    args = ["--db", str(tmp_path / "p.sqlite3"), "--boards", str(tmp_path / "b"), "--seed", "3"]
    args += ["--ai", "D:easy", "--ai", "B:easy"]
    await amain(args, ["pass"], out, FakeRenderer())
    lines = out.getvalue().split("\n")
    passed = next(i for i, line in enumerate(lines) if "Vijayanagara Empire Passes" in line)
    assert lines[passed + 1] == (
        "Vijayanagara Empire's turn: Resources 7 -> 8; Vijayanagara Empire now trails the "
        "leader by 18 VP (0 to 18; Delhi +3 at the end as the Invaders stand, 5.1)."
    )
