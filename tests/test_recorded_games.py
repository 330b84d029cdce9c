"""Recorded games (tests/recorded.py): the engine plays them exactly as it did when they were
recorded: the same legal actions offered, the same actions, prompts and final game."""

from __future__ import annotations

import json

import pytest
from recorded import FIXTURE, Record, record

RECORDS: list[Record] = json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_the_recorded_games_cover_trades_undos_and_timurs_shadow() -> None:
    texts = [text for rec in RECORDS for _, text in rec["steps"]]
    assert len(RECORDS) >= 12
    assert any(t == "undo" for t in texts) and any(t.startswith("give ") for t in texts)
    assert any(rec["timurs_shadow"] for rec in RECORDS)


@pytest.mark.parametrize("rec", RECORDS, ids=lambda rec: f"seed{rec['seed']}")
def test_a_recorded_game_replays_the_same(rec: Record) -> None:
    again = record(rec)
    for i, (now, then) in enumerate(zip(again["steps"], rec["steps"], strict=False)):
        assert list(now) == list(then), f"step {i}"
    assert len(again["steps"]) == len(rec["steps"])
    assert again["prompts"] == rec["prompts"]
    assert again["final"] == rec["final"]
