"""Records of finished games: who won, each faction's wins, and a rating per player
and faction (the factions are asymmetric, so a player's Delhi and Vijayanagara are rated
apart). Pure: the records in, text and numbers out."""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from db import GameResult
from rules import vijayanagara

START_RATING = 1500.0
K_FACTOR = 32.0  # per game, shared out over the pairs a seat is in
FACTION_LETTERS = ("D", "B", "V")


def faction_name(letter: str) -> str:
    return vijayanagara.FACTION_NAMES[vijayanagara.Faction(letter)]


def elo(results: Sequence[GameResult]) -> dict[tuple[int, str], float]:
    """Ratings per (user, faction), oldest game first: each pair of seats held by different
    people is a match the better placed one won; one person holding several seats plays no
    match against themselves."""
    rating: defaultdict[tuple[int, str], float] = defaultdict(lambda: START_RATING)
    for game in results:
        seats = game.seats
        change: defaultdict[tuple[int, str], float] = defaultdict(float)
        for a in seats:
            rivals = [b for b in seats if b.user_id != a.user_id]
            if not rivals:
                continue
            ka = (a.user_id, a.faction)
            for b in rivals:
                expected = 1.0 / (1.0 + 10 ** ((rating[(b.user_id, b.faction)] - rating[ka]) / 400))
                won = 1.0 if a.place < b.place else 0.0
                change[ka] += K_FACTOR / len(rivals) * (won - expected)
        for key, delta in change.items():
            rating[key] += delta
    return dict(rating)


@dataclass(frozen=True)
class Record:
    games: int
    wins: int


def faction_wins(results: Sequence[GameResult]) -> dict[str, Record]:
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for game in results:
        for s in game.seats:
            games[s.faction] += 1
            wins[s.faction] += s.place == 1
    return {f: Record(games[f], wins[f]) for f in FACTION_LETTERS}


def user_record(results: Sequence[GameResult], user: int) -> dict[str, Record]:
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for game in results:
        for s in game.seats:
            if s.user_id == user:
                games[s.faction] += 1
                wins[s.faction] += s.place == 1
    return {f: Record(games[f], wins[f]) for f in FACTION_LETTERS if games[f]}


def stats_text(results: Sequence[GameResult], user: int, mention: Callable[[int], str]) -> str:
    ratings = elo(results)
    lines = [f"**Records** ({len(results)} finished game(s))", "Wins by faction:"]
    for f, r in faction_wins(results).items():
        lines.append(f"• {faction_name(f)}: {r.wins} of {r.games}")
    mine = user_record(results, user)
    if not mine:
        lines.append(f"{mention(user)} has no finished game yet.")
        return "\n".join(lines)
    total = sum(r.games for r in mine.values())
    won = sum(r.wins for r in mine.values())
    lines.append(f"{mention(user)}: {won} win(s) in {total} seat(s). Rating per faction (Elo):")
    for f, r in mine.items():
        lines.append(f"• {faction_name(f)}: {ratings[(user, f)]:.0f} ({r.wins} of {r.games} won)")
    return "\n".join(lines)


def history_text(results: Sequence[GameResult], mention: Callable[[int], str], whose: str) -> str:
    if not results:
        return f"No finished games {whose} yet."
    lines = [f"**Finished games {whose}** (newest first):"]
    for game in results:
        when = dt.datetime.fromtimestamp(game.finished_at, dt.UTC).strftime("%Y-%m-%d")
        seats = ", ".join(
            f"{s.place}. {faction_name(s.faction)} {mention(s.user_id)} {s.score} VP"
            for s in sorted(game.seats, key=lambda s: s.place)
        )
        lines.append(f"• Game {game.game_id} in <#{game.channel_id}>, {when}: {seats}")
    return "\n".join(lines)
