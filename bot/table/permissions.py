"""Who may do what to a game, one rule each for every game, in the lobby and in a running
game alike (docs/playing.md, "Permissions"): organise games on a server (create, import,
abort), tend a game's table (pace, AI seats); and the server each game's channel is on."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from db import GameRecord, ServerSettings, Store

from .front_end import role_number
from .refusal import ServiceError

ORGANISERS = ("anyone", "role", "managers")


def may_tend(game: GameRecord, user: int, is_manager: bool, what: str) -> None:
    """ServiceError unless `user` may `what` (set the pace, seat an AI): a person seated in
    `game`, its creator, or a member with Manage Server; in the lobby as in a running game."""
    if not (is_manager or user == game.creator or user in game.seats.values()):
        raise ServiceError(
            f"Only the game's creator, a seated player or a member with Manage Server may {what}."
        )


class Permissions:
    def __init__(self, store: Store, role: Callable[[int], str] = role_number) -> None:
        """`role`: a server's role as the front end names it."""
        self.store = store
        self.role = role

    async def settings(self, guild: str | None) -> ServerSettings:
        if guild is None:  # the terminal client, direct messages
            return ServerSettings(guild_id="")
        return await self.store.server_settings(guild)

    async def may_organise(
        self,
        guild: str | None,
        roles: Sequence[int],
        is_manager: bool,
        what: str,
        *,
        anyone: bool = True,
        config: str,
    ) -> None:
        """ServiceError unless the caller may create, import or abort games here. Abort
        (`anyone=False`, through `may_abort`) is for the game's creator or an organiser
        other than "anyone". `config`: the command that changes it, as the front end names
        it."""
        if is_manager:
            return
        s = await self.settings(guild)
        if s.organisers == "anyone" and anyone:
            return
        if s.organisers == "role" and s.role_id in roles:
            return
        who = {
            "anyone": "its creator or a member with Manage Server",
            "role": f"members with the {self.role(s.role_id or 0)} role or Manage Server",
            "managers": "members with Manage Server",
        }[s.organisers]
        if what == "abort" and s.organisers != "anyone":
            who = "the game's creator or " + who
        raise ServiceError(
            f"You may not {what} a game here: that is for {who} "
            f"(a server manager can change it with {config})."
        )

    async def may_abort(
        self,
        game: GameRecord,
        user: int,
        guild: str | None,
        roles: Sequence[int],
        is_manager: bool,
        config: str,
    ) -> None:
        """ServiceError unless `user` may abort `game`: its creator, a member with Manage
        Server, or where the server's organisers are a role, a member with that role. A seat
        gives no say over the game's end, in the lobby or later."""
        if user != game.creator:
            await self.may_organise(guild, roles, is_manager, "abort", anyone=False, config=config)

    async def note_server(self, channel: str, guild: str | None) -> None:
        """Remember the server a game's channel is on (a player's history is per server)."""
        if guild is not None:
            await self.store.put_channel_server(channel, guild)

    def settings_text(self, s: ServerSettings) -> str:
        who = {
            "anyone": "anyone",
            "role": f"members with the {self.role(s.role_id or 0)} role",
            "managers": "nobody but server managers",
        }[s.organisers]
        return (
            f"On this server {who} may create and import games; a game's creator, "
            + ("" if s.organisers == "anyone" else f"{who}, ")
            + "and members with Manage Server may abort it."
        )
