"""Records of finished games: history, stats with a rating per faction, and the
board at any step of a finished game; on both backends."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from fakes import PNG, SEATS, STRANGER, FakeRenderer, Seeds, seeds_of
from test_reminders import Clock
from test_service import current, play_random

from bot.table.records import START_RATING, Record, elo, faction_wins
from bot.table.service import GameService
from db import GameResult, SeatResult
from rules import vijayanagara

F = vijayanagara.Faction
D, B, V = SEATS[F.D], SEATS[F.B], SEATS[F.V]


@pytest.fixture
async def svc(database_url: str) -> AsyncIterator[GameService]:
    s = await GameService.open(database_url, FakeRenderer(), clock=Clock(), seed_source=Seeds())
    yield s
    await s.close()


async def started(
    svc: GameService, channel: str, seating: dict[F, int], seed: int, guild: str | None = None
) -> None:
    """A Vijayanagara game of `seed` created, joined by `seating` and started in `channel`."""
    seeds_of(svc).next = seed
    assert (await svc.lobby.create(channel, seating[F.D], guild=guild, kind="vijayanagara")).ok
    for f, uid in seating.items():
        assert (await svc.lobby.join(channel, uid, f.value)).ok
    assert (await svc.lobby.start(channel, seating[F.D])).ok


async def finished(
    svc: GameService, channel: str, seating: dict[F, int], seed: int, guild: str | None = None
) -> None:
    """A whole game played to its end with random legal orders (on server `guild`)."""
    await started(svc, channel, seating, seed, guild)
    for _ in range(5000):
        version, st = await current(svc, channel)
        if st.game_over:
            return
        legal = vijayanagara.legal_actions(st)
        a = legal[seed % len(legal)]
        order = vijayanagara.describe(st, a) + (
            "; confirm" if vijayanagara.idle_note(st, a) else ""
        )
        f = vijayanagara.prompt(st).faction
        assert f is not None
        r = await svc.moves.play(channel, seating[f], order, expected_version=version)
        assert r.ok, r.text
    raise AssertionError("the game did not end")


ROTATED = {F.D: B, F.B: V, F.V: D}
# seeds whose games `finished` plays short (about 90 steps each; most seeds take 150 to 300):
# every check below reads a finished game, none its length
SHORT_GAME, OTHER_SHORT_GAME = 9, 14


async def test_finished_games_keep_their_records_histories_replays_and_stats(
    svc: GameService,
) -> None:
    """Three whole games, each played once, read by every check of a finished game's record
    (a game's record, the histories per channel, player and server, the replay, the stats)."""
    await finished(svc, "c1", SEATS, SHORT_GAME, guild="g1")
    await finished(svc, "c2", ROTATED, SHORT_GAME, guild="g2")
    await a_finished_game_keeps_its_record_and_the_history_lists_it(svc)
    await a_players_history_lists_only_the_games_of_the_server_asked_in(svc)
    await replay_shows_the_board_at_any_step_of_a_finished_game(svc)
    await finished(svc, "c3", SEATS, OTHER_SHORT_GAME)
    await stats_after_several_games_count_wins_and_rate_each_faction(svc)


async def a_finished_game_keeps_its_record_and_the_history_lists_it(svc: GameService) -> None:
    [here] = await svc.store.results(channel_id="c1")
    assert {s.faction: s.user_id for s in here.seats} == {"D": D, "B": B, "V": V}
    assert sorted(s.place for s in here.seats) == [1, 2, 3]
    game = await svc.store.latest_game("c1")
    assert game is not None and here.game_id == game.id
    _, st = await current(svc, "c1")
    assert {s.faction: s.score for s in here.seats} == {
        f.value: v for f, v in vijayanagara.score(st).items() if f in vijayanagara.PLAYERS
    }
    text = (await svc.club.history("c1")).text
    assert f"Game {game.id}" in text and "c2" not in text
    mine = (await svc.club.history("c1", D)).text
    assert mine.count("• Game") == 2  # D played in both channels
    assert "No finished games" in (await svc.club.history("c1", STRANGER)).text
    assert "No finished games" in (await svc.club.history("elsewhere")).text


async def a_players_history_lists_only_the_games_of_the_server_asked_in(svc: GameService) -> None:
    here = await svc.store.latest_game("c1")
    there = await svc.store.latest_game("c2")
    assert here is not None and there is not None
    mine = (await svc.club.history("c1", D, guild="g1")).text
    assert "on this server" in mine and mine.count("• Game") == 1
    assert f"Game {here.id} in channel c1" in mine
    assert f"Game {there.id}" not in mine and "c2" not in mine  # another server's game
    theirs = (await svc.club.history("c9", D, guild="g2")).text
    assert theirs.count("• Game") == 1 and f"Game {there.id} in channel c2" in theirs
    assert "No finished games" in (await svc.club.history("c9", D, guild="g3")).text


async def replay_shows_the_board_at_any_step_of_a_finished_game(svc: GameService) -> None:
    game = await svc.store.latest_game("c1")
    assert game is not None
    first = await svc.club.replay("c1", game.id, 0)
    assert first.ok and first.image == PNG and f"step 0 of {game.actions}" in first.text
    middle = await svc.club.replay("c1", game.id, game.actions // 2)
    assert middle.ok and f"step {game.actions // 2} of" in middle.text
    last = await svc.club.replay("c1", game.id)
    assert last.ok and "The game is over" in last.text
    too_far = await svc.club.replay("c1", game.id, game.actions + 1)
    assert not too_far.ok and f"from 0 to {game.actions}" in too_far.text
    elsewhere = await svc.club.replay("c2", game.id, 1)
    assert not elsewhere.ok and "not played in this channel" in elsewhere.text
    missing = await svc.club.replay("c1", game.id + 100, 1)
    assert not missing.ok and "There is no game" in missing.text


async def stats_after_several_games_count_wins_and_rate_each_faction(svc: GameService) -> None:
    results = await svc.store.results(limit=100, newest_first=False)
    assert len(results) == 3
    text = (await svc.club.stats(D, kind="vijayanagara")).text
    assert "3 finished games" in text
    winners = [next(s for s in g.seats if s.place == 1) for g in results]
    for letter in "DBV":
        won = sum(w.faction == letter for w in winners)
        played = sum(1 for g in results for s in g.seats if s.faction == letter)
        assert f"{vijayanagara.FACTION_NAMES[F(letter)]}: {won} of {played}" in text
    ratings = elo(results)
    for letter in {s.faction for g in results for s in g.seats if s.user_id == D}:
        assert f"{ratings[(D, letter)]:.0f}" in text
    assert "no finished game" in (await svc.club.stats(STRANGER, kind="vijayanagara")).text


async def test_an_aborted_game_has_no_result(svc: GameService) -> None:
    await started(svc, "c", SEATS, 3)
    assert (await svc.lobby.abort("c", D)).ok
    assert await svc.store.results() == []


def test_the_rating_moves_points_from_loser_to_winner_per_faction() -> None:
    game = GameResult(
        game_id=1,
        finished_at=0,
        seats=[
            SeatResult(faction="V", user_id=1, place=1, score=30),
            SeatResult(faction="D", user_id=2, place=2, score=20),
            SeatResult(faction="B", user_id=3, place=3, score=10),
        ],
    )
    r = elo([game])
    assert r[(1, "V")] > START_RATING > r[(3, "B")]
    assert r[(2, "D")] == pytest.approx(START_RATING)
    assert sum(r.values()) == pytest.approx(3 * START_RATING)
    assert (1, "D") not in r  # rated per faction: user 1 has no Delhi rating yet
    solo = GameResult(
        game_id=2,
        finished_at=1,
        seats=[SeatResult(faction=f, user_id=9, place=i + 1, score=0) for i, f in enumerate("DBV")],
    )
    assert elo([solo]) == {}  # one person in every seat plays no match


def test_a_shared_place_is_a_draw_in_the_rating_and_no_win_in_the_records() -> None:
    """Two seats sharing first place (a drawn Goat-Tiger game, a Vijayanagara tie left
    standing) each score half a win against the other, and the records count a shared
    first place apart from the wins."""
    drawn = GameResult(
        game_id=1,
        finished_at=0,
        seats=[
            SeatResult(faction="goats", user_id=1, place=1, score=15),
            SeatResult(faction="tigers", user_id=2, place=1, score=0),
        ],
    )
    assert elo([drawn]) == {(1, "goats"): START_RATING, (2, "tigers"): START_RATING}
    found = faction_wins([drawn], ["goats", "tigers"])
    assert found["goats"] == Record(games=1, wins=0, shared=1)
    assert found["goats"].said() == "0 of 1, and 1 first place shared"


async def test_a_running_game_cannot_be_replayed(svc: GameService) -> None:
    await started(svc, "c", SEATS, 3)
    await play_random(svc, 5, seed=1, channel="c")
    game = await svc.store.open_game("c")
    assert game is not None
    r = await svc.club.replay("c", game.id, 1)
    assert not r.ok and "only a game that is over" in r.text
