"""A seeded game of every game, and what a stored game that no longer loads does to its
channel, through the service on both backends.

A game that deals is dealt by `--seed` (`create seed=`): the same seed deals the same game,
whatever the game's number, and the start says that is not fair play. A game that deals
nothing refuses a seed. A game that cannot be set up is refused before anything is stored.
A stored game that does not load (a log entry that no longer applies or is not JSON, a kind
no longer registered) is named with why by every command in its channel, `abort` still ends
it, and every other channel's game goes on. Every game on SQLite, one on PostgreSQL, which
stores the same rows (what a game's rules add does not depend on the backend)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from fakes import FakeRenderer, Seeds

from bot.table.loading import BrokenGame
from bot.table.registry import game, games
from bot.table.service import GameService
from db import GameRecord
from rules.capabilities import menus_of, notation_of, seeding_of

CH, OTHER = "700", "701"
ALICE = 31
DEALING = [g.info.id for g in games() if g.info.deals]
NOT_DEALING = [g.info.id for g in games() if not g.info.deals]
ALL = [g.info.id for g in games()]


async def open_service(url: str) -> GameService:
    s = await GameService.open(
        url,
        FakeRenderer(),
        clock=lambda: 1000.0,
        ai_executor=ThreadPoolExecutor(1),
        seed_source=Seeds(5),
    )
    s.ai.think_seconds = 0.02
    s.ai.hint_seconds = 0.05
    return s


@pytest.fixture
async def svc(database_url: str) -> AsyncIterator[GameService]:
    s = await open_service(database_url)
    yield s
    await s.close()


async def started(svc: GameService, channel: str, kind: str, seed: int | None = None) -> GameRecord:
    """A game of `kind` in `channel`, every seat of its fewest players Alice's, started."""
    g = game(kind)
    seats = g.info.seats[: g.info.min_players]
    created = await svc.lobby.create(channel, ALICE, kind=kind, seed=seed, seat=seats[0])
    assert created.ok, created.text
    for seat in seats[1:]:
        assert (await svc.lobby.join(channel, ALICE, seat, kind=kind)).ok
    begun = await svc.lobby.start(channel, ALICE, kind=kind)
    assert begun.ok, begun.text
    record = await svc.store.open_game(channel)
    assert record is not None
    return record


# --- seeds -----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", DEALING)
async def test_the_same_seed_deals_the_same_game_at_any_game_number(
    svc: GameService, kind: str
) -> None:
    g = game(kind)
    first = await started(svc, CH, kind, seed=3)
    assert (await svc.lobby.abort(CH, ALICE)).ok
    second = await started(svc, CH, kind, seed=3)  # another game number, the same seed
    assert second.id != first.id
    states = [g.state_to_json(await svc.loader.state_of(r)) for r in (first, second)]
    assert states[0] == states[1]
    other = await started(svc, OTHER, kind, seed=4)
    assert g.state_to_json(await svc.loader.state_of(other)) != states[0]


@pytest.mark.parametrize("kind", DEALING)
async def test_a_seeded_start_says_it_is_not_fair_play_and_verify_says_why(
    svc: GameService, kind: str
) -> None:
    g = game(kind)
    seats = g.info.seats[: g.info.min_players]
    assert (await svc.lobby.create(CH, ALICE, kind=kind, seed=3, seat=seats[0])).ok
    for seat in seats[1:]:
        assert (await svc.lobby.join(CH, ALICE, seat, kind=kind)).ok
    begun = await svc.lobby.start(CH, ALICE, kind=kind)
    assert "Dealt by seed 3" in begun.text and "not fair play" in begun.text
    assert "commitment" not in begun.text
    verified = await svc.transfer.verify(CH, kind=kind)
    assert "dealt by the seed it was created with" in verified.text


@pytest.mark.parametrize("kind", DEALING)
async def test_a_seeded_games_steps_are_dealt_and_it_exports_once_it_may(
    svc: GameService, kind: str
) -> None:
    """Played on from the start, a seeded game deals what each step calls for; its export
    (once the game allows one) holds the deals, never the seed, and imports again."""
    record = await started(svc, CH, kind, seed=3)
    g = game(kind)
    last = ""
    for _ in range(6):
        state = await svc.loader.state_of(record)
        seat = g.to_move(state)
        if seat is None:
            break
        view = g.view(state, seat)
        order = notation_of(g).describe(view, g.legal_actions(state)[0])
        order = f"{order}; confirm" if menus_of(g).note(view, g.legal_actions(state)[0]) else order
        typed, last = (f"again: {order}" if order == last else order), order  # one more on purpose
        reply = await svc.moves.play(
            CH,
            ALICE,
            typed,
            kind=kind,
            as_faction=seat,
        )
        assert reply.ok, reply.text
        record = await svc.store.open_game(CH) or record
    assert (await svc.lobby.abort(CH, ALICE)).ok  # an ended game of hidden hands exports too
    exported = await svc.transfer.export(CH, kind=kind)
    assert exported.ok and exported.file is not None, exported.text
    assert b'"seed": null' in exported.file.data or b'"seed":null' in exported.file.data
    imported = await svc.transfer.import_game(OTHER, ALICE, exported.file.data)
    assert imported.ok, imported.text


@pytest.mark.parametrize("kind", NOT_DEALING)
async def test_a_seed_for_a_game_that_deals_nothing_is_refused_and_nothing_stored(
    svc: GameService, kind: str
) -> None:
    refused = await svc.lobby.create(CH, ALICE, kind=kind, seed=3)
    assert not refused.ok
    assert "deals nothing" in refused.text and "Leave it out" in refused.text
    assert await svc.store.latest_game(CH) is None


# every game on SQLite; on PostgreSQL, which stores the same rows, one game
ON_BOTH_BACKENDS = [("sqlite", kind) for kind in ALL] + [("postgresql", ALL[0])]


@pytest.mark.parametrize(("database_url", "kind"), ON_BOTH_BACKENDS, indirect=["database_url"])
@pytest.mark.parametrize("seeded", [False, True])
@pytest.mark.parametrize("error", [ValueError, KeyError])  # the game's refusal, or a bug's
async def test_a_game_that_cannot_be_set_up_is_refused_before_anything_is_stored(
    svc: GameService,
    kind: str,
    seeded: bool,
    error: type[Exception],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = game(kind)
    if seeded and not g.info.deals:
        pytest.skip("a game that deals nothing takes no seed")

    def cannot(*args: object) -> object:
        raise error("these options leave no room for the pieces")

    if seeded:
        monkeypatch.setattr(type(seeding_of(g)), "new_seeded", cannot)
    else:
        monkeypatch.setattr(type(g), "new_game", cannot)
    refused = await svc.lobby.create(CH, ALICE, kind=kind, seed=3 if seeded else None)
    assert not refused.ok
    assert "cannot be set up" in refused.text and "no room for the pieces" in refused.text
    assert await svc.store.latest_game(CH) is None


# --- a stored game that does not load ----------------------------------------------------------


async def append_entry(svc: GameService, game_id: int, text: str) -> None:
    """A log entry written behind the service's back (the log is append-only: a new last
    entry), as a bad copy, a hand edit or an older version of the code might leave it."""
    seq = len(await svc.store.actions(game_id)) + 1
    async with svc.store._tx() as conn:  # the test plays the saboteur
        await conn.execute(
            "INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)", game_id, seq, text
        )


async def first_entry_again(svc: GameService, record: GameRecord) -> None:
    """The log's first entry once more at its end: a deal when none is due, or a step whose
    place is taken: an entry that no longer applies."""
    import json

    first = (await svc.store.actions(record.id))[0]
    await append_entry(svc, record.id, json.dumps(first.action))


async def not_json(svc: GameService, record: GameRecord) -> None:
    await append_entry(svc, record.id, '{"kind": "place", "point": ')


async def unknown_kind(svc: GameService, record: GameRecord) -> None:
    async with svc.store._tx() as conn:
        await conn.execute("UPDATE games SET kind = ? WHERE id = ?", "chaturanga", record.id)


async def options_not_json(svc: GameService, record: GameRecord) -> None:
    async with svc.store._tx() as conn:
        await conn.execute("UPDATE games SET options = ? WHERE id = ?", '{"players": ', record.id)


Corruption = Callable[[GameService, GameRecord], object]
CORRUPTIONS: dict[str, Corruption] = {
    "an entry that no longer applies": first_entry_again,
    "an entry that is not JSON": not_json,
    "a kind no longer registered": unknown_kind,
    "options that are not JSON": options_not_json,
}


async def a_step(svc: GameService, channel: str, kind: str) -> None:
    """One step of the person on turn, so the log holds a player's entry too."""
    record = await svc.store.open_game(channel)
    assert record is not None
    g = game(kind)
    state = await svc.loader.state_of(record)
    seat = g.to_move(state)
    assert seat is not None
    action = g.legal_actions(state)[0]
    view = g.view(state, seat)
    order = notation_of(g).describe(view, action) + (
        "; confirm" if menus_of(g).note(view, action) else ""
    )
    assert (await svc.moves.play(channel, ALICE, order, kind=kind, as_faction=seat)).ok


# every game with every corruption on SQLite; on PostgreSQL every corruption of one game
NOT_LOADING = [("sqlite", kind, c) for kind in ALL for c in CORRUPTIONS] + [
    ("postgresql", ALL[0], c) for c in CORRUPTIONS
]


@pytest.mark.parametrize(
    ("database_url", "kind", "corruption"), NOT_LOADING, indirect=["database_url"]
)
async def test_a_game_that_does_not_load_is_named_with_why_and_can_be_aborted(
    database_url: str, kind: str, corruption: str
) -> None:
    svc = await open_service(database_url)
    try:
        record = await started(svc, CH, kind)
        await a_step(svc, CH, kind)
        other = await started(svc, OTHER, kind)
        await CORRUPTIONS[corruption](svc, record)
    finally:
        await svc.close()
    svc = await open_service(database_url)  # as the next start of the bot or the terminal
    try:
        record = await svc.store.get_game(record.id)
        with pytest.raises(BrokenGame):
            await svc.loader.state_of(record)
        said = f"Game {record.id} ("
        for reply in (
            await svc.views.status(CH, kind=kind),
            await svc.views.board(CH, kind=kind),
            await svc.moves.play(CH, ALICE, "anything", kind=kind),
            await svc.ai.hint(CH, ALICE, kind=kind),
            await svc.views.options(CH, ALICE, kind=kind),
            await svc.moves.undo(CH, ALICE, kind=kind),
        ):
            assert not reply.ok
            assert said in reply.text and "cannot be loaded" in reply.text, reply.text
            assert "abort` ends it" in reply.text and "export` saves" in reply.text
        assert await svc.ai.move(CH) is None  # no AI moves it, and nothing fails
        exported = await svc.transfer.export(CH, kind=kind)
        assert exported.text and "Traceback" not in exported.text
        # every other channel's game goes on
        assert (await svc.views.status(OTHER, kind=kind)).ok
        await a_step(svc, OTHER, kind)
        aborted = await svc.lobby.abort(CH, ALICE, kind=kind)
        assert aborted.ok and f"Game {record.id} ended" in aborted.text, aborted.text
        assert (await svc.store.get_game(record.id)).status == "aborted"
        again = await svc.lobby.create(CH, ALICE, kind=kind)
        assert again.ok, again.text
        assert (await svc.store.get_game(other.id)).status == "active"
    finally:
        await svc.close()


async def test_a_broken_game_does_not_stop_another_games_deadline(database_url: str) -> None:
    """The reminders' round plays every game's due deadline; one game that no longer loads is
    reminded as it stands and leaves the others' rounds alone."""
    now = [1000.0]
    svc = await GameService.open(
        database_url, FakeRenderer(), clock=lambda: now[0], seed_source=Seeds(12)
    )
    try:
        broken = await started(svc, CH, "vijayanagara")
        other = await started(svc, OTHER, "vijayanagara")
        for channel in (CH, OTHER):
            assert (await svc.club.pace(channel, ALICE, 24, "pass", is_manager=True)).ok
        await first_entry_again(svc, broken)
        svc.loader.forget(broken.id)
        other = await svc.store.get_game(other.id)
        now[0] += 25 * 3600
        due = await svc.club.due_reminders()
        assert [d.job.game_id for d in due] == [broken.id]  # reminded, not played
        assert (await svc.store.get_game(other.id)).version == other.version + 1  # it passed
    finally:
        await svc.close()


@pytest.mark.parametrize(("database_url", "kind"), ON_BOTH_BACKENDS, indirect=["database_url"])
async def test_a_broken_games_owed_announcement_goes_out_and_every_other_too(
    database_url: str, kind: str
) -> None:
    """The outbox: what a game that no longer loads still owes goes out as text (no board, no
    buttons), and it holds up no other channel's announcements."""
    svc = await open_service(database_url)
    try:
        broken = await started(svc, CH, kind)
        await a_step(svc, CH, kind)
        await started(svc, OTHER, kind)
        await first_entry_again(svc, broken)
        svc.loader.forget(broken.id)
        owed = await svc.outbox.owed(ignore_backoff=True)
        channels = {o.channel_id for o, _ in owed}
        assert channels == {CH, OTHER}
        last = [reply for o, reply in owed if o.game_id == broken.id][-1]
        assert last.image is None and last.buttons == []
    finally:
        await svc.close()
