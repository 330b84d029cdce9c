"""A game's tiebreak on the one service (rules.capabilities.Tiebreak: Vijayanagara's Goat-Tiger
tiebreak, 5.0, 5.5): the seats that ended a game sharing first place in its record play the
game that breaks the tie in the same channel, sides drawn from the finished game's secret by
the tied game's rules; with three tied, two play first and the third plays the winner. The
winner of the tiebreak's last game takes first place in the record and the stats.

A drawn game (the Goat-Tiger game's draw, our addition to its rules) breaks no tie: the
tiebreak is optional (5.0), so the tie stands among the seats it has not separated. A drawn
first game of three leaves all three tied (the final is not played); a drawn final leaves its
two players tied, and the first game's loser second."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from db import Announcement, GameRecord
from rules.capabilities import Tiebreak, TiebreakMatch, tiebreak_of
from rules.dealing import keyed_below
from rules.game import Below, Ranking, Seat

from .ai_users import ai_user, is_ai, seat_levels
from .loading import TIEBREAK, AnyGame, secret_for_seed
from .lobby import Lobby
from .parts import SharedParts
from .pipeline import AfterGame, announced
from .refusal import ServiceError, answers
from .reply import Reply
from .words import one_of

ROUNDS = 2  # three tied factions: a first game, then a final against the one who waited


class Link(TypedDict):
    """What a game of a tiebreak keeps of it (its options' TIEBREAK)."""

    of: int  # the game whose tie it breaks
    round: int
    roles: dict[str, str]  # a seat of the game played -> the tied seat playing it
    waiting: str | None  # the tied seat who plays this game's winner
    users: dict[str, int]  # tied game's seat -> who played it there


def tied_rules(g: AnyGame | None) -> tuple[AnyGame, Tiebreak] | None:
    """The rules of a stored game (None: a kind not known) and its tiebreak; None for a game
    whose ties stand."""
    t = tiebreak_of(g)
    return None if g is None or t is None else (g, t)


def _follows(hosted: Sequence[AnyGame]) -> str:
    """Which finished game a tiebreak follows, for a channel whose last game is none."""
    offered = [(g, t) for g in hosted if (t := tiebreak_of(g)) is not None]
    said = " or ".join(f"The {t.name} follows a finished {g.info.title} game" for g, t in offered)
    return f"{said or 'No game here has a tiebreak'}."


class Tiebreaks:
    def __init__(self, shared: SharedParts, lobby: Lobby) -> None:
        self.shared = shared
        self.lobby = lobby

    @answers(exists="{Here} has a game running: a tiebreak waits for its end.")
    async def open(self, channel: str, user: int) -> Reply:
        """`tiebreak`: the tiebreak of the channel's last game, a finished game offering one
        whose record has a tie for first place; opened by one of the tied players."""
        async with self.shared.locks(channel):
            if await self.shared.store.open_game(channel) is not None:
                raise ServiceError(
                    self.shared.texts.front.placed(
                        "{Here} has a game running: a tiebreak waits for its end."
                    )
                )
            record = await self.shared.store.latest_game(channel)
            found = tied_rules(None if record is None else self.shared.loader.known_rules(record))
            if record is None or found is None or record.status != "finished":
                raise ServiceError(_follows(self.shared.registry.games()))
            g, t = found
            users, tied = await self._tie(g, record)
            if len(tied) < 2:
                raise ServiceError(f"Game {record.id} ended without a tie for first place.")
            if user not in {users[f] for f in tied}:
                names = ", ".join(g.info.seat_titles[f] for f in tied)
                raise ServiceError(f"Only the tied players ({names}) open the tiebreak.")
            match = t.first_match(tied, await self._below(record, 0))
            opened = await self._create(channel, (g, t), record.id, user, users, match, 1)
        return await self._started(channel, opened)

    async def finished(self, record: GameRecord, ranking: Ranking) -> AfterGame:
        """A game ended (the moves' and the AI seats' `after_finish`): if it was a game of a
        tiebreak, the final opens (three tied), or the tie is broken in the tied game's
        record."""
        link: Link | None = record.options.get(TIEBREAK)
        if not link or not ranking.winners:
            return AfterGame()
        of = await self.shared.store.get_game(int(link["of"]))
        found = tied_rules(self.shared.loader.known_rules(of))
        if of.channel_id != record.channel_id or found is None or found[1].played_in != record.kind:
            return AfterGame()  # not a game of this channel's tiebreak
        g, t = found
        if len(ranking.winners) > 1:  # a draw
            return AfterGame(lines=[await self._drawn(g, t, of, link)])
        winner = link["roles"][ranking.winners[0]]
        users = {str(k): int(v) for k, v in link["users"].items()}
        round_ = int(link["round"])
        title = g.info.seat_titles
        if link["waiting"] is not None and round_ < ROUNDS:
            waiting = link["waiting"]
            final = t.final(winner, waiting, await self._below(of, round_))  # 5.5: sides anew
            line = (
                f"{title[winner]} wins the first game of the tiebreak and plays "
                f"{title[waiting]} for game {of.id}."
            )
            opened = await self._create(
                record.channel_id, found, of.id, record.creator, users, final, round_ + 1
            )
            return AfterGame(lines=[line], then=[await self._started(record.channel_id, opened)])
        _, tied = await self._tie(g, of)
        await self.shared.store.break_tie(of.id, winner, list(tied))
        return AfterGame(
            lines=[f"{title[winner]} wins game {of.id} by the {t.name}: the record says so."]
        )

    async def _drawn(self, g: AnyGame, t: Tiebreak, of: GameRecord, link: Link) -> str:
        """A drawn game of the tiebreak: the tie stands among the seats not separated (5.0
        makes the tiebreak optional); in a final, the first game's loser drops to second."""
        _, tied = await self._tie(g, of)
        playing = [f for f in tied if f in link["roles"].values()]
        beaten = [f for f in tied if f not in playing and f != link["waiting"]]
        if beaten:  # the final: its players were not separated, the first game's loser was
            await self.shared.store.break_tie(of.id, playing[0], [playing[0], *beaten])
        stay = [f for f in tied if f not in beaten]
        names = g.info.seat_titles
        game = "The final" if beaten else "The first game" if link["waiting"] else "The game"
        said = (
            f"{game} of the {t.name} is drawn: a draw breaks no tie, and the tiebreak is "
            f"optional ({t.rule}), so {one_of([names[f] for f in stay], 'and')} stay tied for "
            f"first place in game {of.id}"
        )
        if beaten:
            return f"{said}; {one_of([names[f] for f in beaten], 'and')}, beaten in the first game, is second."
        return f"{said}{' (the final is not played)' if link['waiting'] else ''}."

    async def _tie(self, g: AnyGame, record: GameRecord) -> tuple[dict[str, int], tuple[Seat, ...]]:
        """Who played each seat of a finished game, and the seats its record has sharing
        first place (in turn order)."""
        found = [r for r in await self.shared.store.results(channel_id=record.channel_id)]
        seats = [s for r in found if r.game_id == record.id for s in r.seats]
        first = {s.faction for s in seats if s.place == 1}
        return {s.faction: s.user_id for s in seats}, tuple(f for f in g.info.seats if f in first)

    async def _below(self, record: GameRecord, round_: int) -> Below:
        """The tiebreak's dealer: the finished game's secret, past its log's last entry (a
        game dealt by its seed: the secret that seed stands for)."""
        secret = await self.shared.loader.secret_of(record) or secret_for_seed(record.seed)
        return keyed_below(secret, record.id, record.actions + 1 + round_)

    async def _create(
        self,
        channel: str,
        tied: tuple[AnyGame, Tiebreak],
        of: int,
        creator: int,
        users: dict[str, int],
        match: TiebreakMatch,
        round_: int,
    ) -> Reply:
        """A game of the tiebreak in the lobby, its seats taken (an AI's seat by the played
        game's strongest AI), with the announcement that opens it."""
        (h, t), g = tied, self.shared.registry.game(tied[1].played_in)
        strongest = ai_user(seat_levels(g.info.id, self.shared.registry)[-1])
        seats = {
            side: strongest if is_ai(users[f]) else users[f] for side, f in match.roles.items()
        }
        link: Link = {
            "of": of,
            "round": round_,
            "roles": dict(match.roles),
            "waiting": match.waiting,
            "users": users,
        }
        title = h.info.seat_titles
        names = ", ".join(
            f"{title[f]} plays the {g.info.seat_titles[side]}" for side, f in match.roles.items()
        )
        waiting = f"; {title[match.waiting]} plays the winner" if match.waiting else ""
        text = f"Game {of} ended tied: the {t.name} ({t.rule}). {names}{waiting}."
        if round_ > 1:
            text = f"The final of game {of}'s {t.name} ({t.rule}). {names}."
        record = await self.shared.store.create_game(
            channel,
            0,
            {**g.info.options().model_dump(mode="json"), TIEBREAK: link},
            creator,
            secret=self.shared.loader.new_secret().hex(),
            seats=seats,
            announcement=lambda r: Announcement(text=text),
            kind=g.info.id,
        )
        return announced(record, text)

    async def _started(self, channel: str, opened: Reply) -> Reply:
        """The opened game started at once (its seats are taken): its start follows the
        opening."""
        assert opened.announcement is not None
        record = await self.shared.store.get_game(opened.announcement[0])
        start = await self.lobby.start(channel, record.creator, kind=record.kind)
        if start.ok:  # else someone started it meanwhile: their start stands
            opened.then.append(start)
        return opened
