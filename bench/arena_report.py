"""What an arena of AI against AI reports: each tested seat's wins with a 95 % Wilson
interval, and the tested level's decision times, as text or as JSON (bench/taj_mahal_arena.py,
bench/rajas_arena.py, bench/rajas_balance.py)."""

from __future__ import annotations

import json
import math


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of `wins` in `n` games."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(centre - half, 3), round(centre + half, 3)


def seat_row(players: int, seat: int, games: int, wins: int, shared: int) -> dict[str, object]:
    """One tested seat's record (`seat` from 0)."""
    low, high = wilson(wins, games)
    return {
        "players": players,
        "seat": seat + 1,
        "games": games,
        "wins": wins,
        "shared": shared,
        "rate": round(wins / games, 3),
        "interval95": [low, high],
    }


def report(
    ai: str, vs: str, seeds: range, rows: list[dict[str, object]], times: list[float], as_json: bool
) -> dict[str, object]:
    """Print the arena's rows and the tested level's decision times (CPU ms); those figures."""
    times = sorted(times)
    wins = sum(int(str(r["wins"])) for r in rows)
    games = sum(int(str(r["games"])) for r in rows)
    out = {
        "ai": ai,
        "vs": vs,
        "seeds": [seeds[0], seeds[-1]],
        "seats": rows,
        "overall": round(wins / games, 3),
        "decision_ms": {
            "p50": round(times[len(times) // 2], 3),
            "p95": round(times[int(len(times) * 0.95)], 3),
            "max": round(times[-1], 3),
        },
    }
    if as_json:
        print(json.dumps(out))
        return out
    print(f"{ai} against {vs}, seeds {seeds[0]}-{seeds[-1]}")
    for r in rows:
        low, high = r["interval95"]  # type: ignore[misc]
        print(
            f"  {r['players']} players, seat {r['seat']}: {r['wins']}/{r['games']} "
            f"({float(str(r['rate'])):.0%}, 95% {low:.0%}-{high:.0%}, shared {r['shared']})"
        )
    print(f"  overall {out['overall']:.1%}; decision CPU ms {out['decision_ms']}")
    return out
