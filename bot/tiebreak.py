"""Vijayanagara's Goat-Tiger tiebreak (5.0, 5.5) on the one service: the factions that ended a
game tied in both VP and Resources (they share first place in its record) play the Goat-Tiger
game in the same channel, sides drawn from the finished game's secret
(rules.vijayanagara.tiebreak); with three tied, two play first and the third plays the winner.
The winner of the tiebreak's last game takes first place in the record and the stats."""

from __future__ import annotations

from typing import TypedDict

from db import Announcement, GameRecord, Store
from rules.dealing import keyed_below
from rules.game import Below, Ranking
from rules.vijayanagara import tiebreak
from rules.vijayanagara.factions import FACTION_NAMES, Faction
from rules.vijayanagara.game import INFO as VIJAYANAGARA

from .ai_users import AI_USERS, is_ai, seat_levels
from .channel_games import ChannelLocks
from .loading import TIEBREAK, GameLoader, secret_for_seed
from .lobby import Lobby
from .pipeline import AfterGame, announced
from .refusal import ServiceError, answers
from .registry import game
from .reply import Reply

ROUNDS = 2  # three tied factions: a first game, then a final against the one who waited


class Link(TypedDict):
    """What a game of a tiebreak keeps of it (its options' TIEBREAK)."""

    of: int  # the Vijayanagara game whose tie it breaks
    round: int
    roles: dict[str, str]  # Goat-Tiger side -> faction
    waiting: str | None  # the faction who plays this game's winner
    users: dict[str, int]  # faction -> who played it in the Vijayanagara game


class Tiebreaks:
    def __init__(self, store: Store, locks: ChannelLocks, loader: GameLoader, lobby: Lobby) -> None:
        self.store = store
        self.locks = locks
        self.loader = loader
        self.lobby = lobby

    @answers(exists="This channel has a game running: a tiebreak waits for its end.")
    async def open(self, channel: str, user: int) -> Reply:
        """`tiebreak`: the tiebreak of the channel's last game, a finished Vijayanagara game
        whose record has a tie for first place; opened by one of the tied players."""
        async with self.locks(channel):
            if await self.store.open_game(channel) is not None:
                raise ServiceError("This channel has a game running: a tiebreak waits for its end.")
            record = await self.store.latest_game(channel)
            if record is None or record.kind != VIJAYANAGARA.id or record.status != "finished":
                raise ServiceError("The Goat-Tiger tiebreak follows a finished Vijayanagara game.")
            users, tied = await self._tie(record)
            if len(tied) < 2:
                raise ServiceError(f"Game {record.id} ended without a tie for first place.")
            if user not in {users[str(f)] for f in tied}:
                names = ", ".join(FACTION_NAMES[f] for f in tied)
                raise ServiceError(f"Only the tied players ({names}) open the tiebreak.")
            match = tiebreak.first_match(tied, await self._below(record, 0))
            opened = await self._create(channel, record.id, user, users, match, 1)
        return await self._started(channel, opened)

    async def finished(self, record: GameRecord, ranking: Ranking) -> AfterGame:
        """A game ended (the pipeline's `after_finish`): if it was a game of a tiebreak, the
        final opens (three tied), or the tie is broken in the Vijayanagara game's record."""
        link: Link | None = record.options.get(TIEBREAK)
        if not link or not ranking.winners or record.kind != tiebreak.GAME:
            return AfterGame()
        of = await self.store.get_game(int(link["of"]))
        if of.channel_id != record.channel_id or of.kind != VIJAYANAGARA.id:
            return AfterGame()  # not a game of this channel's tiebreak
        winner = Faction(link["roles"][ranking.winners[0]])
        users = {str(k): int(v) for k, v in link["users"].items()}
        round_ = int(link["round"])
        if link["waiting"] is not None and round_ < ROUNDS:
            waiting = Faction(link["waiting"])
            below = await self._below(of, round_)
            final = tiebreak.Match(tiebreak.draw_roles(winner, waiting, below))  # 5.5: sides anew
            line = (
                f"{FACTION_NAMES[winner]} wins the first game of the tiebreak and plays "
                f"{FACTION_NAMES[waiting]} for game {of.id}."
            )
            opened = await self._create(
                record.channel_id, of.id, record.creator, users, final, round_ + 1
            )
            return AfterGame(lines=[line], then=[await self._started(record.channel_id, opened)])
        _, tied = await self._tie(of)
        await self.store.break_tie(of.id, str(winner), [str(f) for f in tied])
        return AfterGame(
            lines=[
                f"{FACTION_NAMES[winner]} wins game {of.id} by the Goat-Tiger tiebreak: the "
                "record says so."
            ]
        )

    async def _tie(self, record: GameRecord) -> tuple[dict[str, int], tuple[Faction, ...]]:
        """Who played each faction of a finished game, and the factions its record has
        sharing first place (in the order D, B, V)."""
        found = [r for r in await self.store.results(channel_id=record.channel_id)]
        seats = [s for r in found if r.game_id == record.id for s in r.seats]
        first = {s.faction for s in seats if s.place == 1}
        return {s.faction: s.user_id for s in seats}, tuple(f for f in Faction if f in first)

    async def _below(self, record: GameRecord, round_: int) -> Below:
        """The tiebreak's dealer: the finished game's secret, past its log's last entry (a
        game dealt by its seed: the secret that seed stands for)."""
        secret = await self.loader.secret_of(record) or secret_for_seed(record.seed)
        return keyed_below(secret, record.id, record.actions + 1 + round_)

    async def _create(
        self,
        channel: str,
        of: int,
        creator: int,
        users: dict[str, int],
        match: tiebreak.Match,
        round_: int,
    ) -> Reply:
        """A game of the tiebreak in the lobby, its seats taken (an AI's faction by the
        Goat-Tiger game's strongest AI), with the announcement that opens it."""
        g = game(tiebreak.GAME)
        strongest = AI_USERS[seat_levels(tiebreak.GAME)[-1]]
        seats = {
            str(side): strongest if is_ai(users[str(f)]) else users[str(f)]
            for side, f in match.roles.items()
        }
        link: Link = {
            "of": of,
            "round": round_,
            "roles": {str(side): str(f) for side, f in match.roles.items()},
            "waiting": None if match.waiting is None else str(match.waiting),
            "users": users,
        }
        names = ", ".join(
            f"{FACTION_NAMES[f]} plays the {g.info.seat_titles[side]}"
            for side, f in match.roles.items()
        )
        waiting = f"; {FACTION_NAMES[match.waiting]} plays the winner" if match.waiting else ""
        text = f"Game {of} ended tied: the Goat-Tiger tiebreak (5.0, 5.5). {names}{waiting}."
        if round_ > 1:
            text = f"The final of game {of}'s Goat-Tiger tiebreak (5.0, 5.5). {names}."
        record = await self.store.create_game(
            channel,
            0,
            {**g.info.options().model_dump(mode="json"), TIEBREAK: link},
            creator,
            secret=self.loader.new_secret().hex(),
            seats=seats,
            announcement=lambda r: Announcement(text=text),
            kind=tiebreak.GAME,
        )
        return announced(record, text)

    async def _started(self, channel: str, opened: Reply) -> Reply:
        """The opened game started at once (its seats are taken): its start follows the
        opening."""
        assert opened.announcement is not None
        record = await self.store.get_game(opened.announcement[0])
        start = await self.lobby.start(channel, record.creator, kind=tiebreak.GAME)
        if start.ok:  # else someone started it meanwhile: their start stands
            opened.then.append(start)
        return opened
