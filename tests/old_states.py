"""States stored before frames were typed (frames as {kind, faction, data}): a few taken
mid-March, mid-Migrate and mid-battle, each with how the engine of then went on from it.

python tests/old_states.py REV [OUT]   rewrites tests/fixtures/old_states.json (or OUT) with
revision REV's rules/ (taken with `git archive`; 1b24170 is the last one with untyped frames)
python tests/old_states.py --reword    re-words its recorded prompts with this tree's rules
(every step and count must be the same: a change of play fails, a change of words does not;
a state's steps end where play was changed on purpose: a forced step now taken unasked)
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "old_states.json"
STEPS = 40  # steps recorded after each state


def _wanted(fr: dict[str, object]) -> str | None:
    """Which kind of old frame this state shows, if one we want."""
    data = fr.get("data")
    assert isinstance(data, dict)
    kind = fr["kind"]
    if kind == "battle" and data.get("parent") is not None:
        return f"battle:{data['phase']}"
    if kind in ("cmd:march", "cmd:migrate") and data.get("arrived"):
        return str(kind)
    return None


def collect() -> list[dict[str, object]]:
    """With the `rules` on sys.path: states and what followed each."""
    from rules import vijayanagara

    out: list[dict[str, object]] = []
    seen: set[str] = set()
    for seed in range(40):
        r = random.Random(seed)
        state = vijayanagara.new_game(seed)
        while not state.game_over and len(seen) < 8:
            raw = json.loads(state.model_dump_json())
            what = _wanted(raw["frames"][-1])
            if what is not None and what not in seen and vijayanagara.can_undo(state) is not None:
                seen.add(what)
                out.append({"what": what, "seed": seed, "state": raw, "then": follow(state, seed)})
            state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
    return out


def follow(state: object, seed: int, n: int = STEPS) -> list[tuple[str, int, str]]:
    """(prompt, legal count, action) for the next `n` steps of a random playout from `state`."""
    from rules import vijayanagara

    assert isinstance(state, vijayanagara.GameState)
    r = random.Random(seed + 1000)
    steps = []
    for _ in range(n):
        if state.game_over:
            break
        legal = vijayanagara.legal_actions(state)
        action = r.choice(legal)
        steps.append(
            (vijayanagara.prompt(state).text, len(legal), vijayanagara.describe(state, action))
        )
        state = vijayanagara.apply(state, action)
    return steps


def reword(fixture: Path, load: Callable[[dict[str, Any]], object]) -> int:
    """The fixture's recorded prompts re-worded by this tree's rules, each state `load`ed;
    how many states' prompts changed. Fails where a step or a count differs."""
    data = json.loads(fixture.read_text(encoding="utf-8"))
    changed = 0
    for old in data:
        now = [list(step) for step in follow(load(old), int(old["seed"]), len(old["then"]))]
        if [s[1:] for s in now] != [s[1:] for s in old["then"]]:
            raise SystemExit(f"{fixture.name}: {old['what']} plays differently, not re-worded")
        changed += now != old["then"]
        old["then"] = now
    fixture.write_text(json.dumps(data) + "\n", encoding="utf-8")
    return changed


def recorder_main(
    collect: Callable[[], list[dict[str, object]]],
    fixture: Path,
    script: str,
    label: Callable[[dict[str, object]], object],
) -> None:
    """The command line of a fixture recorder. `script REV [OUT]` runs `collect` with
    revision REV's rules/ (taken with `git archive`) in a worker process, `script --worker
    DIR`, and writes what it collected to OUT (the fixture unless told); each state is shown
    by its `label`."""
    if len(sys.argv) == 3 and sys.argv[1] == "--worker":
        sys.path.insert(0, sys.argv[2])
        from rules import vijayanagara

        assert vijayanagara.__file__.startswith(sys.argv[2]), (
            vijayanagara.__file__
        )  # the rules of then
        print(json.dumps(collect()))
        return
    rev = sys.argv[1]
    out_path = Path(sys.argv[2]) if len(sys.argv) > 2 else fixture
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "rev.tar"
        with archive.open("wb") as f:
            subprocess.run(["git", "-C", str(REPO), "archive", rev, "rules"], stdout=f, check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(tmp, filter="data")
        cmd = [sys.executable, script, "--worker", tmp]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=tmp)
    out_path.write_text(out.stdout, encoding="utf-8")
    found = [label(s) for s in json.loads(out.stdout)]
    print(f"{out_path}: {len(found)} states: {found}")


def load(old: dict[str, Any]) -> object:
    from rules import vijayanagara

    return vijayanagara.GameState.model_validate(old["state"])


if __name__ == "__main__" and sys.argv[1:] == ["--reword"]:
    print(f"{FIXTURE.name}: {reword(FIXTURE, load)} re-worded")
elif __name__ == "__main__":
    recorder_main(collect, FIXTURE, __file__, lambda s: s["what"])
