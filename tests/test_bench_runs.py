"""The benches' recorded runs as data (bench/results.py, bench/runs.py): a run's line says what
ran and hides a password; two runs of the same arguments are compared figure by figure; a
docs table is remade from the latest runs, and a stale one is caught. (Each bench's own line:
tests/test_bench.py.)"""

from __future__ import annotations

import argparse
import enum
import importlib
import json
import math
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
A, B = "a" * 40, "b" * 40  # two commits


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[ModuleType, ModuleType]:
    """bench/results.py and bench/runs.py, writing to a results file of the test's own."""
    monkeypatch.syspath_prepend(str(BENCH))
    monkeypatch.setenv("CHAUPAL_BENCH_RESULTS", str(tmp_path / "results.jsonl"))
    return importlib.import_module("results"), importlib.import_module("runs")


def run(bench: str, commit: str, figures: dict[str, object], **args: object) -> dict[str, object]:
    command = " ".join(["python", f"bench/{bench}.py", *(f"--{k} {v}" for k, v in args.items())])
    return {
        "bench": bench,
        "args": args,
        "command": command,
        "commit": commit,
        "dirty": False,
        "cores": 2,
        "load": 0.1,
        "when": "2026-01-02T10:00:00+00:00",
        "figures": figures,
    }


def write(tmp_path: Path, *lines: dict[str, object]) -> None:
    with (tmp_path / "results.jsonl").open("a") as f:
        f.writelines(json.dumps(line) + "\n" for line in lines)


class Seat(enum.Enum):
    D = "D"


def test_a_runs_line_says_what_ran_and_leaves_out_a_password_and_the_output_options(
    bench: tuple[ModuleType, ModuleType], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    results, _ = bench
    url = "postgresql://bot:hunter2@db/chaupal"
    monkeypatch.setattr("sys.argv", ["bench/service.py", "--database", url, "--json"])
    args = argparse.Namespace(database=url, seat=Seat.D, path=tmp_path, json=True, worker=None)
    results.record(args, {"p50": 1.5, "ratio": math.nan, "by": {"D": 2}}, bench="service")
    (line,) = (tmp_path / "results.jsonl").read_text().splitlines()
    assert "hunter2" not in line
    got = json.loads(line)
    assert got["args"] == {
        "database": "postgresql://bot:***@db/chaupal",
        "seat": "D",
        "path": str(tmp_path),
    }
    assert (
        got["command"]
        == "python bench/service.py --database postgresql://bot:***@db/chaupal --json"
    )
    assert got["figures"] == {"p50": 1.5, "ratio": None, "by": {"D": 2}}  # JSON has no NaN
    assert {"commit", "dirty", "cores", "cpu", "python", "load", "when"} <= set(got)


def test_a_benchs_main_called_by_another_program_is_recorded_under_its_script_without_command(
    bench: tuple[ModuleType, ModuleType], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    results, _ = bench
    monkeypatch.setattr("sys.argv", ["-c"])  # as a test runner's worker has it
    results.record({"games": 1}, {"rate": 2.0})
    got = json.loads((tmp_path / "results.jsonl").read_text())
    assert (got["bench"], got["command"], got["args"]) == ("test_bench_runs", None, {"games": 1})


def test_a_run_against_another_tree_records_the_commit_of_the_revision_or_of_the_folder(
    bench: tuple[ModuleType, ModuleType], tmp_path: Path
) -> None:
    results, _ = bench
    if not (BENCH.parent / ".git").exists():
        pytest.skip("no commit to record: this tree is not a checkout")
    head = results.git("rev-parse", "HEAD")
    for against in ("HEAD", str(BENCH.parent), str(tmp_path)):  # a folder that is no checkout
        results.record({"against": against}, {"ratio": 1.0}, bench="engine")
    got = [json.loads(line) for line in (tmp_path / "results.jsonl").read_text().splitlines()]
    assert [run["against_commit"] for run in got] == [head, head, None]
    assert head is not None and len(head) == 40


def test_two_runs_of_the_same_arguments_are_compared_figure_by_figure(
    bench: tuple[ModuleType, ModuleType], tmp_path: Path
) -> None:
    _, runs = bench
    write(
        tmp_path,
        run("engine", A, {"this": {"rate": 100.0, "steps": 229}}, games=20),
        run("engine", A, {"this": {"rate": 50.0, "steps": 229}}, games=1),  # other arguments
        run("render", B, {"this": {"rate": 9.0}}, games=20),  # another bench
        run("engine", B, {"this": {"rate": 125.0, "steps": 229}}, games=20),
    )
    said = runs.compare("engine", [], None, None)
    assert "base: aaaaaaaaaa" in said and "head: bbbbbbbbbb" in said
    assert any(
        line.split() == ["this.rate", "100.0", "125.0", "1.250"] for line in said.splitlines()
    )
    # the latest run of other arguments has none before it; runs chosen by commit
    with pytest.raises(runs.Refused, match="no other run with the arguments"):
        runs.compare("engine", ["games=1"], None, None)
    assert "head: aaaaaaaaaa" in runs.compare("engine", ["games=20"], "b", "a")
    with pytest.raises(runs.Refused, match="no recorded run of engine with games=3"):
        runs.compare("engine", ["games=3"], None, None)


def test_a_docs_table_is_remade_from_the_latest_run_of_each_set_of_arguments(
    bench: tuple[ModuleType, ModuleType], tmp_path: Path
) -> None:
    _, runs = bench
    write(
        tmp_path,
        run("engine", A, {"this": {"rate": 100.0, "us": 29.04}}, games=20),
        run("engine", A, {"this": {"rate": 1.0, "us": 9}}, games=1),
        run("engine", B, {"this": {"rate": 1234.5, "us": 28.5}}, games=20),
    )
    doc = tmp_path / "doc.md"
    marked = "<!-- bench table: engine | this.rate (games per CPU-second), this.us -->\n"
    doc.write_text(f"# Speed\n\n{marked}| old |\n<!-- end of bench table -->\n\nAfter.\n")
    assert runs.docs([doc], check=True) == 1  # stale: nothing written
    assert "| old |" in doc.read_text()
    assert runs.docs([doc], check=False) == 0
    assert doc.read_text() == (
        f"# Speed\n\n{marked}"
        "| command | games per CPU-second | this.us | cores | day |\n|---|---|---|---|---|\n"
        "| `python bench/engine.py --games 1` | 1 | 9 | 2 | 2026-01-02 |\n"
        "| `python bench/engine.py --games 20` | 1,234 | 28.5 | 2 | 2026-01-02 |\n"
        "<!-- end of bench table -->\n\nAfter.\n"
    )
    assert A not in doc.read_text() and B not in doc.read_text()  # no doc names a commit
    assert runs.docs([doc], check=True) == 0


def test_a_table_of_no_run_or_no_such_figure_is_refused_and_changes_nothing(
    bench: tuple[ModuleType, ModuleType], tmp_path: Path
) -> None:
    _, runs = bench
    write(tmp_path, run("engine", A, {"rate": 1.0}, games=20))
    doc = tmp_path / "doc.md"
    text = "<!-- bench table: engine games=5 -->\n<!-- end of bench table -->\n"
    doc.write_text(text)
    with pytest.raises(runs.Refused, match="no recorded run of engine with games=5"):
        runs.docs([doc], check=False)
    with pytest.raises(runs.Refused, match="no figure speed"):
        runs.table("engine", [], [("speed", "speed")])
    assert doc.read_text() == text


def test_a_line_that_is_not_a_run_is_skipped_with_a_word(
    bench: tuple[ModuleType, ModuleType], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results, _ = bench
    (tmp_path / "results.jsonl").write_text('{"bench": "x"\n[1]\n')
    write(tmp_path, run("engine", A, {"rate": 1.0}, games=20))
    assert [r["bench"] for r in results.runs()] == ["engine"]
    err = capsys.readouterr().err
    assert "results.jsonl:1: not JSON" in err and "results.jsonl:2: not a bench's run" in err


def test_the_docs_tables_are_what_the_recorded_runs_give(
    bench: tuple[ModuleType, ModuleType], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table a document marks is remade by `python bench/runs.py docs`, never written by
    hand: each one is what bench/results.jsonl gives today."""
    _, runs = bench
    monkeypatch.delenv("CHAUPAL_BENCH_RESULTS")
    root = BENCH.parent
    assert runs.docs([root / "README.md", *sorted((root / "docs").glob("*.md"))], check=True) == 0


def test_the_benches_the_tests_import_leave_every_program_module_findable() -> None:
    """A worker process started after a test imported a bench gets the test's sys.path, and
    must find the program's packages by it: bench/render.py must never shadow `render`
    (what a new interpreter with that sys.path imports as `render` is what the path finder
    finds there first)."""
    root = str(BENCH.parent)
    imports = "import bench.arena, bench.seat_judgement, importlib.machinery, sys"
    found = "importlib.machinery.PathFinder.find_spec('render', sys.path).origin"
    origin = python(f"import sys; sys.path.append({root!r}); {imports}; print({found})")
    assert Path(origin.strip()) == BENCH.parent / "render" / "__init__.py", origin


def python(code: str) -> str:
    """What a fresh interpreter running `code` printed; it must succeed."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout
