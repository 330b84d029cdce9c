"""The end of a game at the table: the chart of the whole game where its game draws one (its
stored actions replayed; Vijayanagara's VP card by card, 5.0), the rating changes the result
makes (bot.table.records), and the Rematch button."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from db import GameRecord, GameResult, SeatResult, Store
from rules.capabilities import StoredSteps, with_later
from rules.words import listed

from .games.entry import Registry
from .loading import AnyGame, GameLoader, public
from .records import START_RATING, elo, rivals_of
from .reply import Attachment, Button
from .table_texts import custom_id, seat_title
from .workers import Workers

REMATCH = "rematch"  # the custom id's last part of the Rematch button
MAX_RESULTS = 10_000  # the finished games a rating is read from (as /vj club stats)
CHART_FILE = "score-chart.png"


@dataclass(frozen=True)
class Closing:
    ratings: tuple[str, ...]  # one line per seat: its rating before -> after
    chart: Attachment | None
    button: Button


def views_of(g: AnyGame, start: object, actions: Sequence[object]) -> list[object]:
    """The public view of every position of the game, from its setup on."""
    state, steps = start, StoredSteps(g)
    out = [public(g, state)]
    for action, later in with_later(actions):
        after = steps.take(state, action, later)
        if after is not None:  # else stored before the rules took it unasked: no position
            state = after
            out.append(public(g, state))
    return out


def rating_lines(
    g: AnyGame,
    oldest_first: Sequence[GameResult],
    game_id: int,
    mention: Callable[[int], str],
) -> list[str]:
    """Each seat's rating for its seat before and after game `game_id` (the last one), with
    the seats it was matched against there: the change is theirs alone, so a seat that
    finished behind the winner does not read as having won as much."""
    this = next((r for r in oldest_first if r.game_id == game_id), None)
    if this is None:
        return []
    before = elo([r for r in oldest_first if r.game_id != game_id])
    after = elo(oldest_first)
    out = []
    for seat in sorted(this.seats, key=lambda s: s.place):
        key = (seat.user_id, seat.faction)
        if key not in after:  # one person held every seat: no match, no rating
            continue
        old = round(before.get(key, START_RATING))
        new = round(after[key])
        title = seat_title(g, seat.faction)
        out.append(
            f"{title} ({mention(seat.user_id)}): rating as {title} {old} → {new} "
            f"({new - old:+d}): {_matches(g, seat, this.seats)}"
        )
    return out


def _matches(g: AnyGame, seat: SeatResult, seats: Sequence[SeatResult]) -> str:
    """Whom a seat was rated against, by how it finished against each: `ahead of Red,
    behind Green`; a seat of the same person, no rival, is said to be left out."""
    rivals = rivals_of(seat, seats)
    groups = (
        ("ahead of", [b for b in rivals if b.place > seat.place]),
        ("level with", [b for b in rivals if b.place == seat.place]),
        ("behind", [b for b in rivals if b.place < seat.place]),
    )
    said = [f"{how} {listed([seat_title(g, b.faction) for b in of])}" for how, of in groups if of]
    own = [seat_title(g, b.faction) for b in seats if b not in rivals and b is not seat]
    if own:
        said.append(f"not against {listed(own)}, the same player's")
    return ", ".join(said)


class Closings:
    def __init__(
        self,
        store: Store,
        loader: GameLoader,
        workers: Workers,
        mention: Callable[[int], str],
        rematch_line: str | None = "A rematch: the button below.",
        *,
        registry: Registry,
    ) -> None:
        self.store = store
        self.registry = registry  # the games hosted, with their pictures
        self.loader = loader
        self.workers = workers
        self.mention = mention
        # what the closing message offers next (None: the front end says it its own way)
        self.rematch_line = rematch_line

    async def closing(self, record: GameRecord) -> Closing:
        """What the closing message adds to the final score: the chart, the ratings,
        Rematch."""
        g = self.loader.rules_of(record)
        button = Button(label="Rematch", custom_id=custom_id(record, REMATCH), style="success")
        chart = None
        draw = self.registry.pictures(g.info.id).chart
        if draw is not None:
            start = await self.loader.fresh_state(record)
            actions = [
                g.action_from_json(json.dumps(a.action))
                for a in await self.store.actions(record.id)
            ]
            views = await self.workers.run(views_of, g, start, actions)
            chart = Attachment(CHART_FILE, await self.workers.run(draw, views))
        results = await self.store.results(limit=MAX_RESULTS, kind=g.info.id)
        lines = rating_lines(g, results[::-1], record.id, self.mention)
        return Closing(tuple(lines), chart, button)
