"""Records of finished games: who won, each seat's wins, and a rating per player and seat
(the sides of a game are asymmetric, so a player's Delhi and Vijayanagara are rated apart).
Pure: the records in, text and numbers out."""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from db import GameResult, SeatResult
from rules.capabilities import talk_of

from .ai_users import is_ai
from .front_end import as_written, channel_name
from .games.entry import Registry
from .words import count_of, scored

START_RATING = 1500.0
K_FACTOR = 32.0  # per game, shared out over the pairs a seat is in


def seat_name(games: Registry, kind: str, seat: str) -> str:
    """A seat as its game names it ("Delhi Sultanate"); a game no longer hosted: its name."""
    if not games.hosts(kind):
        return seat
    return str(games.game(kind).info.seat_titles.get(seat, seat))


def elo(results: Sequence[GameResult]) -> dict[tuple[int, str], float]:
    """Ratings per (user, faction), oldest game first: each pair of seats held by different
    players is a match the better placed one won (a place both hold: a draw, half a win
    each); one person holding several seats plays no match against themselves, but an AI
    plays each seat for that seat alone, so its seats are rivals like anyone's."""
    rating: defaultdict[tuple[int, str], float] = defaultdict(lambda: START_RATING)
    for result in results:
        seats = result.seats
        change: defaultdict[tuple[int, str], float] = defaultdict(float)
        for a in seats:
            rivals = rivals_of(a, seats)
            if not rivals:
                continue
            ka = (a.user_id, a.faction)
            for b in rivals:
                expected = 1.0 / (1.0 + 10 ** ((rating[(b.user_id, b.faction)] - rating[ka]) / 400))
                won = 1.0 if a.place < b.place else 0.5 if a.place == b.place else 0.0
                change[ka] += K_FACTOR / len(rivals) * (won - expected)
        for key, delta in change.items():
            rating[key] += delta
    return dict(rating)


def rivals_of(seat: SeatResult, seats: Sequence[SeatResult]) -> list[SeatResult]:
    """The seats of a game that `seat` is rated against: every other player's (`elo`)."""
    return [
        b
        for b in seats
        if b.faction != seat.faction and (b.user_id != seat.user_id or is_ai(seat.user_id))
    ]


@dataclass(frozen=True)
class Record:
    games: int
    wins: int  # first place alone
    shared: int = 0  # first place shared with another seat: a tie left standing, or a draw

    def said(self, verb: str = "") -> str:
        """`3 of 10` (`won`), and the first places shared when there are any."""
        shared = f", and {count_of(self.shared, 'first place')} shared" if self.shared else ""
        return f"{self.wins} of {self.games}{f' {verb}' if verb else ''}{shared}"


def _firsts(result: GameResult) -> int:
    return sum(1 for s in result.seats if s.place == 1)


def faction_wins(results: Sequence[GameResult], seats: Sequence[str]) -> dict[str, Record]:
    return _records(results, seats, lambda s: True)


def user_record(
    results: Sequence[GameResult], user: int, seats: Sequence[str]
) -> dict[str, Record]:
    found = _records(results, seats, lambda s: s.user_id == user)
    return {f: r for f, r in found.items() if r.games}


def _records(
    results: Sequence[GameResult], seats: Sequence[str], counted: Callable[[SeatResult], bool]
) -> dict[str, Record]:
    """Each seat's games, wins and shared first places, of the seats `counted`."""
    played: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    shared: Counter[str] = Counter()
    for result in results:
        alone = _firsts(result) == 1
        for s in filter(counted, result.seats):
            played[s.faction] += 1
            wins[s.faction] += s.place == 1 and alone
            shared[s.faction] += s.place == 1 and not alone
    return {f: Record(played[f], wins[f], shared[f]) for f in seats}


def stats_text(
    games: Registry,
    kind: str,
    results: Sequence[GameResult],
    user: int,
    mention: Callable[[int], str],
    strong: Callable[[str], str] = as_written,
) -> str:
    """A game's records (`results` are of that kind): wins per seat, the user's own (the
    heading set off with `strong`)."""
    seats = games.game(kind).info.seats
    ratings = elo(results)
    lines = [f"{strong('Records')} ({count_of(len(results), 'finished game')})", "Wins by seat:"]
    for f, r in faction_wins(results, seats).items():
        lines.append(f"• {seat_name(games, kind, f)}: {r.said()}")
    mine = user_record(results, user, seats)
    if not mine:
        lines.append(f"{mention(user)} has no finished game yet.")
        return "\n".join(lines)
    total = sum(r.games for r in mine.values())
    won = sum(r.wins for r in mine.values())
    shared = sum(r.shared for r in mine.values())
    also = f" and {count_of(shared, 'first place')} shared" if shared else ""
    lines.append(
        f"{mention(user)}: {count_of(won, 'win')}{also} in {count_of(total, 'seat')}. "
        "Rating per seat (Elo):"
    )
    for f, r in mine.items():
        lines.append(f"• {seat_name(games, kind, f)}: {ratings[(user, f)]:.0f} ({r.said('won')})")
    return "\n".join(lines)


def history_text(
    games: Registry,
    results: Sequence[GameResult],
    mention: Callable[[int], str],
    whose: str,
    strong: Callable[[str], str] = as_written,
    channel: Callable[[str], str] = channel_name,
) -> str:
    if not results:
        return f"No finished games {whose} yet."
    lines = [f"{strong(f'Finished games {whose}')} (newest first):"]
    for result in results:
        when = dt.datetime.fromtimestamp(result.finished_at, dt.UTC).strftime("%Y-%m-%d")
        places = Counter(s.place for s in result.seats)  # a place held twice: a tie or a draw
        seats = ", ".join(
            f"{s.place}. {seat_name(games, result.kind, s.faction)} {mention(s.user_id)} "
            + _score_text(games, result.kind, s, shared=places[s.place] > 1)
            for s in sorted(result.seats, key=lambda s: s.place)
        )
        lines.append(f"• Game {result.game_id} in {channel(result.channel_id)}, {when}: {seats}")
    return "\n".join(lines)


def _score_text(games: Registry, kind: str, seat: SeatResult, shared: bool) -> str:
    """A seat's score as its game says it (what decided the game, where the count alone
    would not), else `31 VP`; `shared`: another seat holds the same place."""
    if not games.hosts(kind):
        return scored(seat.score, "points")
    g = games.game(kind)
    said = talk_of(g).score_text(seat.faction, seat.place, seat.score, shared)
    return said or scored(seat.score, g.info.score_name)
