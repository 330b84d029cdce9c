"""bench/successors_arena.py's summaries of logged games: a run stopped by the clock is
reported at a size fixed before it began, each pairing's first games by seed."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bench.successors_arena import first_games, main

GREEDY_FIRST = ["greedy", "random", "random"]
GREEDY_SECOND = ["random", "greedy", "random"]


def game(levels: list[str], seed: int, winner: int) -> dict[str, object]:
    return {
        "players": 3,
        "levels": levels,
        "seed": seed,
        "winner": winner,
        "scores": [0, 0, 0],
        "homes": ["macedonia", "egypt", "syria"],
        "order": [1, 2, 3],
        "turns": 12,
        "decisions": 300,
        "decision_ms": [[1.0, 2.0], [1.0], [3.0]],
    }


def test_each_pairing_keeps_its_first_games_by_seed_whatever_the_logs_order() -> None:
    games = [game(GREEDY_FIRST, s, 0) for s in range(10, 15)]
    games += [game(GREEDY_SECOND, s, 1) for s in range(10, 13)]
    random.Random(4).shuffle(games)
    kept = first_games(games, 2)
    assert sorted((g["levels"][0], g["seed"]) for g in kept) == [  # type: ignore[index]
        ("greedy", 10),
        ("greedy", 11),
        ("random", 10),
        ("random", 11),
    ]


def test_a_pairing_with_fewer_games_than_asked_is_refused_by_name() -> None:
    games = [game(GREEDY_FIRST, s, 0) for s in range(3)] + [game(GREEDY_SECOND, 0, 1)]
    with pytest.raises(SystemExit, match=r"'random', 'greedy', 'random'\): 1 games"):
        first_games(games, 2)


def test_a_summary_of_the_first_games_reports_those_alone_and_is_recorded_as_a_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    log, results = tmp_path / "seat1.jsonl", tmp_path / "results.jsonl"
    monkeypatch.setenv("CHAUPAL_BENCH_RESULTS", str(results))
    games = [game(GREEDY_FIRST, s, 0 if s < 3 else 2) for s in range(5)]
    log.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    main(["--summarize", str(log), "--json"])  # the whole log: a summary, no run
    assert json.loads(capsys.readouterr().out)["games"] == 5 and not results.exists()
    main(["--summarize", str(log), "--first", "3", "--json"])
    figures = json.loads(capsys.readouterr().out)
    assert figures["seeds"] == [0, 2] and figures["games"] == 3
    assert [(r["key"], r["wins"], r["games"]) for r in figures["seats"]] == [(1, 3, 3)]
    (line,) = results.read_text(encoding="utf-8").splitlines()
    assert json.loads(line)["figures"] == figures
