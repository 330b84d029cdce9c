"""Helpers for the tests of games other than Vijayanagara on the one service: a command of
the one command table run as Discord and the terminal run it, the open game's state and who
is on turn, the steps autocomplete offers."""

from __future__ import annotations

from bot.table.commands import Call, Value, find
from bot.table.registry import registry
from bot.table.reply import Reply
from bot.table.service import GameService
from db import GameRecord


async def run(
    svc: GameService,
    channel: str,
    user: int,
    name: str,
    kind: str,
    *,
    club: bool = False,
    manager: bool = False,
    **args: Value,
) -> Reply:
    """The command `name` of the game's group (`club`: of its club subgroup), as called."""
    command = find(kind, name, club_command=club)
    assert command is not None, f"/{registry().command(kind)} has no command {name}"
    call = Call(channel, user, kind, {k: v for k, v in args.items() if v is not None})
    if manager:
        call = Call(channel, user, kind, call.args, is_manager=True)
    return await command.run(svc, call)


async def open_game(svc: GameService, channel: str) -> tuple[GameRecord, object] | None:
    """The channel's open game and its state, or None."""
    record = await svc.store.open_game(channel)
    if record is None:
        return None
    return record, await svc.loader.state_of(record)


async def on_turn(svc: GameService, channel: str) -> tuple[str, int] | None:
    """The seat that decides now in the channel's running game and who holds it, or None."""
    found = await open_game(svc, channel)
    if found is None or found[0].status != "active":
        return None
    record, state = found
    seat = svc.loader.rules_of(record).to_move(state)
    if seat is None:
        return None
    return seat, record.seats[seat]


async def choices(svc: GameService, channel: str, user: int, kind: str) -> list[str]:
    """The steps `play`'s autocomplete offers `user` now (as Discord sends them: each tagged
    with the game's version)."""
    return [value for _, value in await svc.autocomplete.legal_orders(channel, user, "", kind=kind)]
