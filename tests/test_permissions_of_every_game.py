"""Who may abort a game, one rule for every game, in the lobby as in a running game
(docs/playing.md, "Permissions"): its creator, a member with Manage Server, or where the server
gave organising to a role, a member with that role. A seat gives no say over the game's end:
a seated player who is not its creator is refused, as is a stranger, and a refusal changes
nothing. Through the service's command table here; through Discord in
tests/test_discord_permissions.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakes import FakeRenderer

from bot.discord.front_end import DISCORD
from bot.table.commands import Call, Value, find
from bot.table.registry import game
from bot.table.reply import Reply
from bot.table.service import GameService

CH = "640"
GUILD = "9001"
ROLE = 9002
CREATOR, PLAYER, SECOND, MANAGER, ORGANISER, STRANGER = 61, 62, 63, 64, 65, 66
KINDS = ("goat_tiger", "taj_mahal", "vijayanagara")
# who is who on the server: (roles, Manage Server)
PEOPLE: dict[int, tuple[tuple[int, ...], bool]] = {
    CREATOR: ((), False),
    PLAYER: ((), False),
    MANAGER: ((), True),
    ORGANISER: ((ROLE,), False),
    STRANGER: ((), False),
}
MAY_ABORT = {  # the server's `organisers:` setting -> who may abort
    "anyone": {CREATOR, MANAGER},
    "role": {CREATOR, MANAGER, ORGANISER},
    "managers": {CREATOR, MANAGER},
}


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(
        str(tmp_path / "perm.sqlite3"), FakeRenderer(), clock=lambda: 1.0, front=DISCORD
    )
    yield s
    await s.close()


async def call(svc: GameService, user: int, name: str, kind: str, **args: Value) -> Reply:
    """`name` of the game's group, as Discord calls it on the server GUILD."""
    command = find(kind, name, club_command=name == "config")
    assert command is not None
    roles, manager = PEOPLE.get(user, ((), False))
    return await command.run(
        svc, Call(CH, user, kind, args, guild=GUILD, roles=roles, is_manager=manager)
    )


async def a_game(svc: GameService, kind: str, organisers: str, *, running: bool) -> None:
    """A game of `kind` created by CREATOR, PLAYER (and SECOND, where more are needed)
    seated; started when `running`; then the server's organisers set as told."""
    assert (await call(svc, MANAGER, "config", kind, organisers="anyone")).ok
    g = game(kind)
    seats = g.info.seats
    word = g.info.seat_word
    assert (await call(svc, CREATOR, "create", kind, seat=seats[0])).ok
    for user, seat in zip((PLAYER, SECOND), seats[1 : g.info.min_players], strict=False):
        assert (await call(svc, user, "join", kind, **{word: seat})).ok
    if running:
        r = await call(svc, CREATOR, "start", kind)
        assert r.ok, r.text
    # set once the game is there: its creator need not be an organiser to abort it
    config = {"organisers": organisers} | ({"role": ROLE} if organisers == "role" else {})
    assert (await call(svc, MANAGER, "config", kind, **config)).ok


@pytest.mark.parametrize("running", [False, True], ids=["lobby", "running"])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("organisers", list(MAY_ABORT))
async def test_who_may_abort_is_one_rule_for_every_game_in_the_lobby_and_running(
    service: GameService, kind: str, organisers: str, running: bool
) -> None:
    await a_game(service, kind, organisers, running=running)
    allowed = MAY_ABORT[organisers]
    for user in [u for u in PEOPLE if u not in allowed]:  # each refused, nothing changed
        before = await service.store.open_game(CH)
        r = await call(service, user, "abort", kind)
        assert not r.ok and r.ephemeral, (user, r.text)
        assert "You may not abort a game here" in r.text and "creator" in r.text
        after = await service.store.open_game(CH)
        assert before is not None and after is not None and after.version == before.version
    for user in sorted(allowed):  # each allowed, on a game of its own
        r = await call(service, user, "abort", kind)
        assert r.ok and f"ended by <@{user}> without a result" in r.text, (user, r.text)
        assert await service.store.open_game(CH) is None
        if user != max(allowed):
            await a_game(service, kind, organisers, running=running)


@pytest.mark.parametrize("kind", KINDS)
async def test_the_table_is_tended_by_its_seats_its_creator_and_managers_in_every_game(
    service: GameService, kind: str
) -> None:
    """Setting the pace and seating an AI: one rule, the same refusal."""
    await a_game(service, kind, "anyone", running=False)
    g = game(kind)
    free = g.info.seats[g.info.min_players :] or g.info.seats[1:2]
    level = "easy" if kind != "taj_mahal" else "greedy"
    for name, args in (
        ("pace", {"hours": 48}),
        ("ai", {g.info.seat_word: free[0], "level": level}),
    ):
        command = find(kind, name, club_command=name == "pace")
        assert command is not None
        refused = await command.run(service, Call(CH, STRANGER, kind, args))
        assert not refused.ok
        assert "Only the game's creator, a seated player or a member with Manage" in refused.text
        r = await command.run(service, Call(CH, PLAYER, kind, args))
        assert r.ok, (name, r.text)
