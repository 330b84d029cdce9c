"""The benches' recorded runs (bench/results.py writes them): listed, two of them compared, and
the docs' tables remade from the latest ones.

    python bench/runs.py list [BENCH]
    python bench/runs.py compare BENCH [NAME=VALUE ...] [--base REV] [--head REV]
    python bench/runs.py table BENCH [NAME=VALUE ...] [--figures KEY,KEY ...]
    python bench/runs.py docs FILE [FILE ...] [--check]

NAME=VALUE keeps the runs whose argument NAME has that value (`games=2000`, `against=None`).
A figure is named by its path in the run's figures, dots between the levels
(`this.games_per_cpu_second`; `games.0.steps` for the first of a list).

`compare` sets the latest run of BENCH (or the latest of commit `--head`) beside the run before
it with the same arguments (or the latest of commit `--base` with them): every figure of
both, and their ratio, head over base.

`table` prints a Markdown table of the latest run of each set of arguments: its command, the
figures asked for (all, by default), the machine's cores and the day. `docs` remakes every
such table a document marks, in place:

    <!-- bench table: rajas_engine games=2000 | this.games_per_cpu_second (games per CPU-second) -->
    | (remade here) |
    <!-- end of bench table -->

and with `--check` changes nothing, and exits 1 when a table is not what its runs give.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from results import git, results_file, runs

Run = dict[str, object]
TABLE = re.compile(
    r"^(?P<open><!-- bench table: (?P<spec>[^\n]*?) -->\n)(?P<body>.*?)"
    r"^(?P<close><!-- end of bench table -->)$",
    re.S | re.M,
)


class Refused(ValueError):
    """What was asked matches no run, or is not understood."""


def flat(value: object, prefix: str = "") -> dict[str, object]:
    """The figures as one level, keyed by their paths."""
    if isinstance(value, dict):
        items: Iterable[tuple[object, object]] = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return {prefix: value}
    out: dict[str, object] = {}
    for k, v in items:
        out |= flat(v, f"{prefix}.{k}" if prefix else str(k))
    return out


def number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def shown(value: object) -> str:
    x = number(value)
    if x is None:
        return "" if value is None else str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if abs(x) >= 1000:
        return f"{x:,.0f}"
    return f"{x:.1f}" if abs(x) >= 10 else f"{x:.3g}"


def matches(run: Run, bench: str, where: Sequence[str]) -> bool:
    if run["bench"] != bench:
        return False
    args = run["args"]
    assert isinstance(args, dict)
    for condition in where:
        name, _, value = condition.partition("=")
        if name not in args or value not in (str(args[name]), json.dumps(args[name])):
            return False
    return True


def chosen(bench: str, where: Sequence[str], path: Path | None = None) -> list[Run]:
    for condition in where:
        if "=" not in condition:
            raise Refused(f"{condition!r}: a condition is NAME=VALUE, as games=2000")
    found = [r for r in runs(path) if matches(r, bench, where)]
    if not found:
        raise Refused(f"no recorded run of {bench}" + (f" with {' '.join(where)}" if where else ""))
    return found


def args_key(run: Run) -> str:
    return json.dumps(run["args"], sort_keys=True)


def of_commit(found: list[Run], rev: str) -> list[Run]:
    full = git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}") or rev
    return [r for r in found if str(r.get("commit") or "").startswith(full)]


def pair(found: list[Run], base: str | None, head: str | None) -> tuple[Run, Run]:
    """The two runs `compare` sets side by side: (base, head)."""
    heads = of_commit(found, head) if head else found
    if not heads:
        raise Refused(f"no run of commit {head}")
    last = heads[-1]
    same = [r for r in found if args_key(r) == args_key(last) and r is not last]
    if base:
        same = of_commit(same, base)
    else:
        same = [r for r in same if found.index(r) < found.index(last)]
    if not same:
        raise Refused(
            "no other run with the arguments of the latest"
            + (f" of commit {base}" if base else "")
            + f": {last['command']}"
        )
    return same[-1], last


def described(run: Run) -> str:
    commit = str(run.get("commit") or "no commit")[:10] + (" (changed)" if run.get("dirty") else "")
    return f"{commit}, {run['when']}, {run['cores']} cores, load {run['load']}"


def compare(bench: str, where: Sequence[str], base: str | None, head: str | None) -> str:
    old, new = pair(chosen(bench, where), base, head)
    a, b = flat(old["figures"]), flat(new["figures"])
    lines = [str(new["command"]), f"  base: {described(old)}", f"  head: {described(new)}"]
    width = max(len(k) for k in a | b)
    lines.append(f"{'':{width}}  {'base':>12}  {'head':>12}  {'head/base':>9}")
    for key in dict.fromkeys([*a, *b]):
        x, y = number(a.get(key)), number(b.get(key))
        ratio = f"{y / x:9.3f}" if x and y is not None else ""
        lines.append(f"{key:{width}}  {shown(a.get(key)):>12}  {shown(b.get(key)):>12}  {ratio}")
    return "\n".join(lines)


def parse_figures(text: str) -> list[tuple[str, str]]:
    """`key (Label), key`: each figure's path and its column's heading."""
    out = []
    for item in re.finditer(r"\s*([\w.]+)\s*(?:\(([^)]*)\))?\s*(?:,|$)", text):
        if item.group(1):
            out.append((item.group(1), (item.group(2) or item.group(1)).strip()))
    return out


def table(
    bench: str, where: Sequence[str], figures: list[tuple[str, str]], path: Path | None = None
) -> str:
    """The latest run of each set of arguments, a row each, as a Markdown table."""
    latest: dict[str, Run] = {}
    for run in chosen(bench, where, path):
        latest[args_key(run)] = run
    rows = sorted(latest.values(), key=lambda r: str(r["command"]))
    if not figures:
        keys = dict.fromkeys(
            k for r in rows for k, v in flat(r["figures"]).items() if number(v) is not None
        )
        figures = [(k, k) for k in keys]
    missing = [k for k, _ in figures if all(k not in flat(r["figures"]) for r in rows)]
    if missing:
        raise Refused(f"{bench}'s runs have no figure {', '.join(missing)}")
    head = ["command", *(label for _, label in figures), "cores", "day"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        values = flat(r["figures"])
        cells = [f"`{r['command']}`", *(shown(values.get(k)) for k, _ in figures)]
        out.append("| " + " | ".join([*cells, str(r["cores"]), str(r["when"])[:10]]) + " |")
    return "\n".join(out) + "\n"


def remade(text: str, path: Path | None = None) -> str:
    """The document with every marked table remade from the runs."""

    def one(m: re.Match[str]) -> str:
        spec, _, figures = m.group("spec").partition("|")
        bench, *where = spec.split()
        return (
            m.group("open") + table(bench, where, parse_figures(figures), path) + m.group("close")
        )

    return TABLE.sub(one, text)


def docs(files: Sequence[Path], check: bool) -> int:
    stale = []
    for f in files:
        text = f.read_text(encoding="utf-8")
        new = remade(text)
        if new != text:
            stale.append(f)
            if not check:
                f.write_text(new, encoding="utf-8")
    verb = "not what their runs give" if check else "remade"
    for f in stale:
        print(f"{f}: tables {verb}")
    return 1 if check and stale else 0


def listed(bench: str | None) -> str:
    return "\n".join(
        f"{r['when']}  {r['bench']:<18} {str(r.get('commit') or '-')[:10]}"
        f"{'+' if r.get('dirty') else ' '} {r['command']}"
        for r in runs()
        if bench is None or r["bench"] == bench
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = p.add_subparsers(dest="what", required=True)
    sub.add_parser("list").add_argument("bench", nargs="?")
    c = sub.add_parser("compare")
    c.add_argument("bench")
    c.add_argument("where", nargs="*", metavar="NAME=VALUE")
    c.add_argument("--base", metavar="REV")
    c.add_argument("--head", metavar="REV")
    t = sub.add_parser("table")
    t.add_argument("bench")
    t.add_argument("where", nargs="*", metavar="NAME=VALUE")
    t.add_argument("--figures", default="", help="KEY (Label), KEY ...: the columns")
    d = sub.add_parser("docs")
    d.add_argument("files", nargs="+", type=Path)
    d.add_argument("--check", action="store_true")
    args = p.parse_args(argv)
    try:
        if args.what == "list":
            print(listed(args.bench))
        elif args.what == "compare":
            print(compare(args.bench, args.where, args.base, args.head))
        elif args.what == "table":
            print(table(args.bench, args.where, parse_figures(args.figures)), end="")
        else:
            return docs(args.files, args.check)
    except (Refused, OSError) as e:
        print(f"error: {e} (results: {results_file()})", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
