"""Every benchmark under bench/ runs, on a tiny input, as `python bench/<script>` runs it,
prints its figures and adds them as one JSON line to the results file (bench/results.py): a
module moved, a signature changed or a name gone by a change elsewhere fails here, not the day
the figures are wanted. (The figures themselves are not judged: speed belongs to the benches,
never to the tests.) Each runs in a fork of one Python process that has the libraries the
benches share imported (tests/bench_forks.py), its own process as a command line gives it."""

from __future__ import annotations

import itertools
import json
import os
import re
import runpy
import select
import shlex
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
NUMBER = r"\d[\d,.]*"

# each script: its arguments for a tiny run (a second or two), and what its figures look like
TINY: dict[str, tuple[list[str], str]] = {
    "arena.py": (
        ["--ai", "random", "--vs", "random", "--games", "1", "--json"],
        rf'"decision_ms": \{{"p50": {NUMBER}',
    ),
    "channel.py": (["--games", "1", "--steps", "40"], rf"{NUMBER} public messages"),
    "engine.py": (["--games", "1", "--rounds", "1"], rf"games per CPU-second: {NUMBER}"),
    "log_as_announced.py": (
        ["--games", "1", "--kinds", "goat_tiger", "--every", "20"],
        rf"games whose log differs from the channel: {NUMBER}",
    ),
    "hint.py": (
        ["--positions", "1", "--seconds", "0.02", "--service", "1"],
        rf"wall: median {NUMBER} s",
    ),
    "memory.py": (
        ["--games", "4", "--moves", "1", "--draw-every", "2"],
        rf"4 active games +RSS +{NUMBER} MB +peak +{NUMBER} MB\nper game .*: -?{NUMBER} B\n"
        rf"of which freed but held by malloc: -?{NUMBER} MB\nobjects alive: {NUMBER}.*\n +{NUMBER} MB",
    ),
    "override_rate.py": (
        ["--games", "1", "--iterations", "3", "--decisions", "2"],
        rf"floor 1.0: easy's step overruled in {NUMBER} of 2",
    ),
    "playout.py": (["2", "1"], rf"seeds: 2, failures: 0, steps: {NUMBER}"),
    "playout_policy.py": (["--games", "1", "--steps", "6"], rf"D playouts +\({NUMBER} choices\)"),
    "render.py": (
        ["--games", "1", "--per-game", "2", "--rounds", "1"],
        rf"CPU per board: median {NUMBER} ms, p95 {NUMBER} ms.*\nPNG: median {NUMBER} KB",
    ),
    "search.py": (
        ["--positions", "1", "--seconds", "0.02"],
        rf"taj_mahal: iterations per CPU-second median {NUMBER}.*goat_tiger: iterations.*"
        rf"rajas: iterations per CPU-second median {NUMBER}",
    ),
    "seat_judgement.py": (
        ["--games", "1", "--judgement", '{"resource": 0.4}', "--steps", "6"],
        rf'"easy": {NUMBER}, "judgements": \[\{{"judgement"',
    ),
    "service.py": (
        ["--moves", "4", "--games", "2", "--rounds", "1"],
        rf"renderer: render.board\n.*any move \+ rendering its image +n={NUMBER} +median "
        rf"+{NUMBER} ms.*throughput: {NUMBER} moves/s",
    ),
    "service_steps.py": (
        ["--games", "1", "--steps", "2", "--kinds", "goat_tiger,rajas"],
        rf"goat_tiger +2 +{NUMBER} +{NUMBER}\nrajas +2 +{NUMBER}",
    ),
    "state_size.py": (
        ["--games", "1", "--service-games", "1", "--import-steps", "200,400"],
        rf"max {NUMBER} B.*{NUMBER} B stored.*import replay: {NUMBER} µs/step",
    ),
    "taj_mahal_arena.py": (["--games", "1"], rf"5 players, seat 5: {NUMBER}/1"),
    "goat_tiger_ends.py": (
        ["--games", "1", "--levels", "random,easy"],
        rf"Goats easy +v Tigers easy +: 1 games: Goats won {NUMBER}.*all: 4 games, 4 ended",
    ),
    "goat_tiger_arena.py": (
        ["--games", "1", "--seconds", "0.005", "--max-moves", "10"],
        rf"search against hard, seeds 1-1\n.*seat 2: {NUMBER}/1",
    ),
    "pace.py": (
        ["--steps", "1", "--hints", "1", "--think", "0.01", "--hint", "0.05"],
        rf"taj_mahal hints \(1\): CPU p50 {NUMBER} s, p95 {NUMBER} s, max {NUMBER} s; wall p50"
        rf".*goat_tiger steps \(1\): CPU p50 {NUMBER} s",
    ),
    "taj_mahal_engine.py": (["--games", "2", "--rounds", "1"], rf"games_per_cpu_second +{NUMBER}"),
    # against this tree's folder: its own figures and another tree's (the engine benches'
    # machinery, bench/engine_games.py, alone: taj_mahal_engine and successors_engine run it
    # without --against)
    "rajas_engine.py": (
        ["--games", "1", "--rounds", "1", "--against", str(ROOT)],
        rf"games_per_cpu_second +{NUMBER} +{NUMBER} +{NUMBER}",
    ),
    "board_render.py": (
        ["--game", "rajas", "--games", "1", "--every", "60"],
        rf"Rajas of the Ganges: boards {NUMBER}.*cpu ms +p50 {NUMBER} +p95 {NUMBER}",
    ),
    "rajas_arena.py": (["--games", "1", "--players", "2"], rf"2 players, seat 2: {NUMBER}/1"),
    "rajas_soak.py": (["--games", "1"], rf"steps {NUMBER}, every invariant"),
    "successors_engine.py": (["--games", "2"], rf"games_per_cpu_second +{NUMBER}"),
    "successors_soak.py": (["--games", "1"], rf"steps {NUMBER}, every invariant"),
    "successors_arena.py": (
        # hard at a budget of futures against greedy (the default levels' run is --balance's
        # path); seed 3: one of the shorter games (the search in every step of seat 2 is its
        # cost)
        [
            *("--ai", "hard", "--vs", "greedy", "--seats", "2"),
            *("--games", "1", "--iterations", "2", "--seed", "3"),
        ],
        rf"by seat:\n.*3 players, 2: {NUMBER}/1",
    ),
    "successors_weights.py": (
        ["--set", "risk=3.0", "--games", "1", "--seed", "6"],
        rf"risk=3.0: {NUMBER} of 1 \({NUMBER} %",
    ),
    "successors_render.py": (
        ["--games", "1", "--every", "300", "--rounds", "1"],
        rf"cpu ms +p50 {NUMBER}.*legible on a phone: {NUMBER} of {NUMBER}",
    ),
    "rajas_balance.py": (
        ["--games", "1", "--players", "2"],
        rf"rounds median {NUMBER}.*tiles built {NUMBER}.*turn order 2: {NUMBER}/1",
    ),
    "rajas_lines.py": (
        ["--games", "1", "--players", "2", "--lines", "money:1.25"],
        rf"money x1.25, 2 players: {NUMBER}/1 .*\n +assorted market a player a game: variant "
        rf"{NUMBER}",
    ),
    "timur_fit.py": (
        ["--plays", "1", "--steps", "4"],
        rf"Troops in Delhi: +[-+]{NUMBER}/ *[-+]{NUMBER}",
    ),
    "uploads.py": (
        ["--steps", "200,400", "--export-steps", "400", "--deck-chars", "1000"],
        rf"n= +400: +{NUMBER} s CPU.*parse of a 400-step export.*read and check",
    ),
}
# the benches' other ways to run, as tiny: another tree beside today's (`--against`: this
# same tree here, by its folder; a revision by git: test_against_a_revision_takes_its_tree_from_git), the Game protocol
# beside direct calls
MODES: dict[str, tuple[str, list[str], str]] = {
    "engine --protocol": (
        "engine.py",
        ["--games", "1", "--rounds", "1", "--protocol"],
        rf"steps per CPU-second +{NUMBER} +{NUMBER} +{NUMBER}",
    ),
    "engine --against": (
        "engine.py",
        ["--games", "1", "--rounds", "1", "--against", str(ROOT)],
        rf"games per CPU-second +{NUMBER} +{NUMBER} +{NUMBER}",
    ),
    "render --against": (
        "render.py",
        ["--games", "1", "--per-game", "1", "--rounds", "1", "--against", str(ROOT)],
        rf"PNG KB +{NUMBER} +{NUMBER} +{NUMBER}",
    ),
    "service --against": (
        "service.py",
        [
            "--moves",
            "4",
            "--games",
            "2",
            "--rounds",
            "1",
            "--fake-render",
            "--against",
            str(ROOT),
            "--repeat",
            "1",
        ],
        rf"moves/s, 2 games at once +{NUMBER} +{NUMBER} +{NUMBER}",
    ),
    "successors_arena --balance": (
        "successors_arena.py",
        # seed 6: a short game
        ["--balance", "--games", "1", "--players", "3", "--seed", "6"],
        rf"3 players, 1 games: median {NUMBER} game turns.*by home:",
    ),
}
HELPERS = {
    "revision.py",
    "arena_report.py",
    "results.py",
    "engine_games.py",
}  # imported by the benches, run by none
TOOLS = {"runs.py"}  # run on the results, not a bench (tests/test_bench_runs.py)


def scripts() -> list[str]:
    return sorted(p.name for p in BENCH.glob("*.py"))


def test_every_bench_script_has_a_tiny_run_here() -> None:
    assert set(scripts()) == set(TINY) | HELPERS | TOOLS


class Benches:
    """Runs a bench as `python bench/<script> ARGS` runs it, in a fork of a Python process
    that has the libraries the benches share imported (tests/bench_forks.py): a bench's own
    process, without Python's start and those imports each time."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.runs = itertools.count()
        self.server: subprocess.Popen[str] | None = None
        self.temporary = tmp / "temporary"  # the server's and the benches' temporary files
        self.temporary.mkdir()

    def start(self) -> subprocess.Popen[str]:
        if self.server is None:
            env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # as a person has it
            env["TMPDIR"] = str(self.temporary)
            self.server = subprocess.Popen(
                [sys.executable, str(ROOT / "tests" / "bench_forks.py")],
                cwd=ROOT,
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                start_new_session=True,
            )
            assert self.reply(self.server) == "ready"
        return self.server

    def reply(self, server: subprocess.Popen[str]) -> str:
        assert server.stdout is not None
        ready, _, _ = select.select([server.stdout], [], [], 120)
        if not ready:
            self.stop()
            pytest.fail("a bench ran longer than 120 s")
        return server.stdout.readline().strip()

    def run(self, script: str, args: list[str], results: Path) -> tuple[int, str, str]:
        """The bench's exit status, output and errors."""
        server = self.start()
        n = next(self.runs)
        out, err = self.tmp / f"{n}.out", self.tmp / f"{n}.err"
        env = {"CHAUPAL_BENCH_RESULTS": str(results)}
        request = {
            "script": script,
            "args": args,
            "env": env,
            "stdout": str(out),
            "stderr": str(err),
        }
        assert server.stdin is not None
        server.stdin.write(json.dumps(request) + "\n")
        server.stdin.flush()
        returncode = json.loads(self.reply(server))["returncode"]
        return returncode, out.read_text(encoding="utf-8"), err.read_text(encoding="utf-8")

    def stop(self) -> None:
        if self.server is not None:
            if self.server.poll() is None:
                os.killpg(self.server.pid, signal.SIGKILL)
            self.server.wait()
            self.server = None


@pytest.fixture(scope="module")
def benches(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Benches]:
    runner = Benches(tmp_path_factory.mktemp("bench_output"))
    yield runner
    if runner.server is not None and runner.server.stdin is not None:
        runner.server.stdin.close()  # it ends when its requests do
        runner.server.wait(timeout=60)
        assert not list(runner.temporary.iterdir()), "left behind by the server or a bench"
    runner.stop()


def runs_and_prints(
    benches: Benches, script: str, args: list[str], figures: str, results: Path
) -> None:
    returncode, stdout, stderr = benches.run(script, args, results)
    assert returncode == 0, stderr[-3000:]
    assert re.search(figures, stdout, re.DOTALL), stdout[-3000:]


def recorded(results: Path, script: str, args: list[str]) -> dict[str, object]:
    """The run's one line in the results file: the bench, its arguments (each one given,
    by its name), the command as typed, the commit, the machine, and figures."""
    (line,) = results.read_text(encoding="utf-8").splitlines()
    run = json.loads(line)
    assert run["bench"] == script.removesuffix(".py")
    assert run["command"] == shlex.join(["python", f"bench/{script}", *args])
    given = [a.removeprefix("--").replace("-", "_") for a in args if a.startswith("--")]
    assert {name for name in given if name not in ("json", "log")} <= set(run["args"]), run
    for option, value in itertools.pairwise(args):
        if option.startswith("--") and value.isdigit():
            name = option.removeprefix("--").replace("-", "_")
            assert run["args"][name] in (int(value), [int(value)], value), (name, run["args"])
    commit = run["commit"]
    assert commit is None or re.fullmatch(r"[0-9a-f]{40}", commit), commit
    assert run["cores"] == os.cpu_count() and isinstance(run["load"], float)
    assert run["figures"] and re.search(NUMBER, json.dumps(run["figures"])), run["figures"]
    if "--against" in args:  # the other tree's figures beside this one's, and which it was
        assert {"this", "other", "ratio"} <= set(run["figures"]), run["figures"]
        assert run["against_commit"] == commit  # this tree's
    return run


@pytest.mark.parametrize("script", sorted(TINY))
def test_every_bench_runs_on_a_tiny_input_prints_its_figures_and_records_them(
    script: str, benches: Benches, tmp_path: Path
) -> None:
    args, figures = TINY[script]
    runs_and_prints(benches, script, args, figures, tmp_path / "results.jsonl")
    recorded(tmp_path / "results.jsonl", script, args)


@pytest.mark.parametrize("mode", sorted(MODES))
def test_a_benchs_other_modes_run_and_record_too(
    mode: str, benches: Benches, tmp_path: Path
) -> None:
    script, args, figures = MODES[mode]
    runs_and_prints(benches, script, args, figures, tmp_path / "results.jsonl")
    recorded(tmp_path / "results.jsonl", script, args)


def test_against_a_revision_takes_its_tree_from_git_and_a_folder_as_it_is(tmp_path: Path) -> None:
    tree = runpy.run_path(str(BENCH / "revision.py"))["against_tree"]
    assert tree(str(ROOT), tmp_path, "rules", "render") == ROOT  # measured where it is
    assert not any(tmp_path.iterdir())
    if not (ROOT / ".git").exists():
        pytest.skip("--against takes a revision from git: this tree is not a checkout")
    assert tree("HEAD", tmp_path, "rules", "render") == tmp_path
    for package in ("rules", "render"):
        committed = subprocess.run(
            ["git", "-C", str(ROOT), "ls-tree", "-r", "--name-only", "HEAD", package],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        taken = sorted(
            str(f.relative_to(tmp_path)) for f in (tmp_path / package).rglob("*") if f.is_file()
        )
        assert taken == sorted(committed) and committed
    assert not (tmp_path / "bot").exists()


def test_an_arena_log_sums_up_and_a_summary_is_no_run(benches: Benches, tmp_path: Path) -> None:
    log, results = tmp_path / "arena.jsonl", tmp_path / "results.jsonl"
    args = ["--ai", "random", "--vs", "random", "--games", "2", "--log", str(log)]
    runs_and_prints(benches, "arena.py", args, r'"games": 2', results)
    runs_and_prints(benches, "arena.py", ["--summarize", str(log)], r'"games": 2, "seats"', results)
    recorded(results, "arena.py", args)  # the summary added no line


def test_a_taj_mahal_arena_at_a_budget_of_iterations_logs_each_game_and_sums_up(
    benches: Benches,
    tmp_path: Path,
) -> None:
    log, results = tmp_path / "taj.jsonl", tmp_path / "results.jsonl"
    args = ["--ai", "hard", "--vs", "greedy", "--players", "3", "--seats", "1", "--games", "1"]
    args += ["--iterations", "2", "--log", str(log)]
    runs_and_prints(benches, "taj_mahal_arena.py", args, "/1", results)
    two_logs = ["--summarize", str(log), str(log), "--json"]
    runs_and_prints(
        benches, "taj_mahal_arena.py", two_logs, r'"players": 3, "seat": 1, "games": 2', results
    )
    recorded(results, "taj_mahal_arena.py", args)


@pytest.mark.parametrize("script", sorted(HELPERS))
def test_a_bench_helper_loads(script: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCH))
    names = runpy.run_path(str(BENCH / script), run_name="loaded_by_the_tests")
    assert '__name__ == "__main__"' not in (BENCH / script).read_text()
    module = script.removesuffix(".py")
    users = [
        p.name
        for p in BENCH.glob("*.py")
        if f"{module} import" in (text := p.read_text()) or f"import {module}" in text
    ]
    assert users, f"no bench imports {script}"
    assert any(callable(v) for k, v in names.items() if not k.startswith("_"))
