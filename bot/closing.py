"""The end of a game at the table: the VP-over-time chart of the whole game (its stored
actions replayed, 5.0's score read as each card came up), the rating changes the result makes
(bot.records), and the Rematch button."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from db import GameRecord, GameResult
from render.vijayanagara.vp_chart import vp_chart
from rules import vijayanagara

from .records import elo, faction_name
from .reply import Attachment, Button
from .service_base import CUSTOM_ID_PREFIX, ServiceBase

REMATCH = "rematch"  # the custom id's last part of the Rematch button
MAX_RESULTS = 10_000  # the finished games a rating is read from (as /vj club stats)
CHART_FILE = "vp-chart.png"


@dataclass(frozen=True)
class Closing:
    ratings: tuple[str, ...]  # one line per seat: its rating before -> after
    chart: Attachment | None
    button: Button


def states_of(
    start: vijayanagara.GameState, actions: Sequence[vijayanagara.Action]
) -> Iterator[vijayanagara.GameState]:
    """The game's successive states, from its setup through every stored action."""
    state = start
    yield state
    for action in actions:
        state = vijayanagara.apply(state, action)
        yield state


def chart_of(start: vijayanagara.GameState, actions: Sequence[vijayanagara.Action]) -> bytes:
    return vp_chart(vijayanagara.vp_by_card(states_of(start, actions)))


def rating_lines(
    oldest_first: Sequence[GameResult], game_id: int, mention: Callable[[int], str]
) -> list[str]:
    """Each seat's rating for its faction before and after game `game_id` (the last one)."""
    this = next((g for g in oldest_first if g.game_id == game_id), None)
    if this is None:
        return []
    before = elo([g for g in oldest_first if g.game_id != game_id])
    after = elo(oldest_first)
    out = []
    for seat in sorted(this.seats, key=lambda s: s.place):
        key = (seat.user_id, seat.faction)
        if key not in after:  # one person held every seat: no match, no rating
            continue
        old = before.get(key, 1500.0)
        new = after[key]
        out.append(
            f"{faction_name(seat.faction)} ({mention(seat.user_id)}): rating {old:.0f} → "
            f"{new:.0f} ({new - old:+.0f})"
        )
    return out


async def closing(svc: ServiceBase, game: GameRecord) -> Closing:
    """What the closing message adds to the final score: the chart, the ratings, Rematch."""
    button = Button(
        label="Rematch",
        custom_id=f"{CUSTOM_ID_PREFIX}:{game.id}:{game.version}:{REMATCH}",
        style="success",
    )
    start = await svc._fresh_state(game)
    actions = [vijayanagara.action_from_json(a.action) for a in await svc.store.actions(game.id)]
    chart = Attachment(CHART_FILE, await svc.off_loop(chart_of, start, actions))
    results = await svc.store.results(limit=MAX_RESULTS)
    lines = rating_lines(results[::-1], game.id, svc.mention)
    return Closing(tuple(lines), chart, button)
