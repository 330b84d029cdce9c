"""Vijayanagara's Goat-Tiger tiebreak (5.0, 5.5) at the tables: factions that ended a game
tied in both VP and Resources (they share first place in its record) play the Goat-Tiger game
in the same channel, sides drawn from the finished game's secret (rules.vijayanagara.tiebreak); the
winner of the last game of the tiebreak takes first place in the record and the stats."""

from __future__ import annotations

from typing import Any

from ai.registry import levels
from db import Announcement, Store
from rules.dealing import keyed_below
from rules.game import Ranking
from rules.vijayanagara import tiebreak
from rules.vijayanagara.factions import FACTION_NAMES, Faction

from ..reply import Reply
from .loading import VIJAYANAGARA, Table, TableError, TableGames, options_json, table_game
from .lobby import TableLobby

ROUNDS = 2  # three tied factions: a first game, then a final against the one who waited


class Tiebreaks:
    def __init__(self, store: Store, games: TableGames, lobby: TableLobby) -> None:
        self.store = store
        self.games = games
        self.lobby = lobby

    async def open(self, channel: str, user: int) -> list[Reply]:
        """The tiebreak of the channel's last Vijayanagara game, when it ended tied."""
        if await self.store.open_game(channel) is not None:
            raise TableError("This channel has a game running: a tiebreak waits for its end.")
        record = await self.store.latest_game(channel)
        if record is None or record.kind != VIJAYANAGARA or record.status != "finished":
            raise TableError("The Goat-Tiger tiebreak follows a finished Vijayanagara game.")
        found = [r for r in await self.store.results(channel_id=channel) if r.game_id == record.id]
        seats = {s.faction: s.user_id for r in found for s in r.seats}
        tied = tuple(Faction(s.faction) for r in found for s in r.seats if s.place == 1)
        if len(tied) < 2:
            raise TableError(f"Game {record.id} ended without a tie for first place.")
        tied = tuple(f for f in Faction if f in tied)  # D, B, V order
        if user not in {seats[str(f)] for f in tied}:
            names = ", ".join(FACTION_NAMES[f] for f in tied)
            raise TableError(f"Only the tied players ({names}) open the tiebreak.")
        secret = bytes.fromhex((await self.store.secret(record.id)).secret or "00")
        below = keyed_below(secret, record.id, record.actions + 1)  # past the log's last entry
        match = tiebreak.first_match(tied, below)
        return await self._play(channel, record.id, record.creator, seats, match, 1)

    async def _play(
        self,
        channel: str,
        of: int,
        creator: int,
        users: dict[str, int],
        match: tiebreak.Match,
        round_: int,
    ) -> list[Reply]:
        g = table_game(tiebreak.GAME)
        seats: dict[str, int] = {str(side): users[str(f)] for side, f in match.roles.items()}
        ai: dict[str, str] = {s: levels(tiebreak.GAME)[-1] for s, uid in seats.items() if uid < 0}
        options = options_json(g.info.options(), ai)
        options["tiebreak"] = {
            "of": of,
            "round": round_,
            "roles": {side: str(f) for side, f in match.roles.items()},
            "waiting": None if match.waiting is None else str(match.waiting),
            "users": users,
        }
        names = ", ".join(
            f"{FACTION_NAMES[f]} plays the {g.info.seat_titles[s]}" for s, f in match.roles.items()
        )
        text = f"Game {of} ended tied: the Goat-Tiger tiebreak (5.0, 5.5). {names}" + (
            f"; {FACTION_NAMES[match.waiting]} plays the winner." if match.waiting else "."
        )
        secret = bytes(32)  # the Goat-Tiger game deals nothing: its secret is never used
        record = await self.store.create_game(
            channel,
            0,
            options,
            creator,
            secret=secret.hex(),
            seats=seats,
            kind=tiebreak.GAME,
            announcement=lambda r: Announcement(text=text),
        )
        opened = Reply(text=text, version=record.version, announcement=(record.id, record.version))
        table = await self.games.load(record)
        return [opened, *await self.lobby.start(table, creator)]

    async def finished(self, table: Table, ranking: Ranking) -> list[Reply]:
        """A game of the tables ended: if it was a game of a tiebreak, the next game or the
        tie broken in the record."""
        info: dict[str, Any] | None = table.record.options.get("tiebreak")
        if not info or not ranking.winners:
            return []
        winner = Faction(info["roles"][ranking.winners[0]])
        of = int(info["of"])
        users = {str(k): int(v) for k, v in dict(info["users"]).items()}
        if info.get("waiting") and int(info["round"]) < ROUNDS:
            previous = tiebreak.Match(
                roles={k: Faction(v) for k, v in info["roles"].items()},
                waiting=Faction(info["waiting"]),
            )
            secret = bytes.fromhex((await self.store.secret(of)).secret or "00")
            of_record = await self.store.get_game(of)
            below = keyed_below(secret, of, of_record.actions + 1 + int(info["round"]))
            final = tiebreak.next_match(previous, winner, below)
            if final is not None:
                return await self._play(
                    table.record.channel_id, of, table.record.creator, users, final, 2
                )
        tied = [f for f in users if f != str(winner)]
        await self.store.break_tie(of, str(winner), [str(winner), *tied])
        text = f"{FACTION_NAMES[winner]} wins game {of} by the Goat-Tiger tiebreak: the record says so."
        return [Reply(text=text)]
