"""The terminal client, driven by scripted lines."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

from fakes import PNG, FakeRenderer

import rules
from bot.local import amain
from bot.service import secret_for_seed
from rules.fairness import keyed_outcome


async def test_scripted_session(tmp_path: Path) -> None:
    out = io.StringIO()
    boards = tmp_path / "boards"
    db = tmp_path / "l.sqlite3"
    lines = ["status", "as D: pass", "frobnicate", "as B: command", "undo", "pass", "log 3", "quit"]
    await amain(
        ["--db", str(db), "--boards", str(boards), "--seed", "12"], lines, out, FakeRenderer()
    )
    text = out.getvalue()
    assert "The game begins" in text
    assert "it is not Delhi Sultanate's turn" in text  # B decides first on seed 12
    assert "not an order I can read" in text
    assert "takes back a step" in text
    assert list(boards.glob("*.png")) and all(p.read_bytes() == PNG for p in boards.glob("*.png"))
    # a second session continues the same game
    out2 = io.StringIO()
    await amain(["--db", str(db), "--boards", str(boards)], ["status"], out2, FakeRenderer())
    assert "Continuing game 1" in out2.getvalue()


async def test_a_whole_game_in_the_terminal(tmp_path: Path) -> None:
    """Lines are chosen from legal_actions of a shadow replay of what was sent."""
    seed = 4
    secret = secret_for_seed(seed)  # the service deals game 1 from it
    state = rules.new_game(None)
    seq = 1

    def deal() -> None:
        nonlocal state, seq
        while rules.chance(state) is not None:
            state = rules.apply(state, keyed_outcome(state, secret, 1, seq))
            seq += 1

    deal()
    r = random.Random(seed)

    def lines() -> Iterator[str]:
        nonlocal state, seq
        while not state.game_over:
            a = r.choice(rules.legal_actions(state))
            f = rules.prompt(state).faction
            text = rules.describe(state, a)
            state = rules.apply(state, a)
            seq += 1
            deal()
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
