"""Every script under bench/ still loads against today's code: a module moved or renamed by a
change elsewhere breaks a benchmark nobody runs until the figures are wanted."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.mark.parametrize("script", sorted(p.name for p in BENCH.glob("*.py")))
def test_every_benchmark_script_loads(script: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Loaded as `python bench/<script>` loads it (its folder first on the path), short of
    running its main."""
    monkeypatch.syspath_prepend(str(BENCH))
    path = BENCH / script
    names = runpy.run_path(str(path), run_name="loaded_by_the_tests")
    if '__name__ == "__main__"' in path.read_text():
        assert callable(names.get("main")), f"bench/{script} runs no main()"
