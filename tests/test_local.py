"""The terminal client, driven by scripted lines."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

from fakes import PNG, FakeRenderer

import rules
from bot.local import amain


async def test_scripted_session(tmp_path: Path) -> None:
    out = io.StringIO()
    boards = tmp_path / "boards"
    db = tmp_path / "l.sqlite3"
    lines = ["status", "as D: pass", "frobnicate", "as B: command", "undo", "pass", "log 3", "quit"]
    await amain(
        ["--db", str(db), "--boards", str(boards), "--seed", "1"], lines, out, FakeRenderer()
    )
    text = out.getvalue()
    assert "The game begins" in text
    assert "it is not Delhi Sultanate's turn" in text  # B decides first on seed 1
    assert "not an order I can read" in text
    assert "takes back a step" in text
    pngs = list((boards / "game-1").glob("*.png"))  # each game its own folder
    assert pngs and all(p.read_bytes() == PNG for p in pngs)
    # a second session continues the same game
    out2 = io.StringIO()
    await amain(["--db", str(db), "--boards", str(boards)], ["status"], out2, FakeRenderer())
    assert "Continuing game 1" in out2.getvalue()


async def test_a_whole_game_in_the_terminal(tmp_path: Path) -> None:
    """Lines are chosen from legal_actions of a shadow replay of what was sent."""
    seed = 4
    state = rules.new_game(seed)
    r = random.Random(seed)

    def lines() -> Iterator[str]:
        nonlocal state
        while not state.game_over:
            a = r.choice(rules.legal_actions(state))
            f = rules.prompt(state).faction
            text = rules.describe(state, a)
            if rules.idle_note(state, a):  # a Command that does nothing needs `confirm`
                text += "; confirm"
            state = rules.apply(state, a)
            yield f"as {f}: {text}"

    out = io.StringIO()
    await amain(
        ["--db", str(tmp_path / "w.sqlite3"), "--boards", str(tmp_path / "b"), "--seed", str(seed)],
        lines(),
        out,
        FakeRenderer(),
    )
    assert "The game is over" in out.getvalue()
    assert "! " not in out.getvalue()  # no refusals
