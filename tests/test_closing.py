"""The end of a game at the table: the closing message gives the final VP and ranking, the
VP-over-time chart of the whole game, the rating changes, and a Rematch button that works."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakes import PNG, SEATS, FakeRenderer, Seeds, seeds_of
from PIL import Image
from test_reminders import Clock
from test_service import current

from bot.discord.front_end import DISCORD
from bot.table.ai_users import ai_user, with_ai_names
from bot.table.closing import CHART_FILE, rating_lines
from bot.table.reply import Attachment, Reply
from bot.table.service import GameService
from bot.terminal.local import LocalClient
from db import GameResult, SeatResult, ServerSettings
from rules import vijayanagara
from rules.vijayanagara.game import GAME

F = vijayanagara.Faction
D, B, V = SEATS[F.D], SEATS[F.B], SEATS[F.V]
CH = "closing"


@pytest.fixture
async def svc(database_url: str) -> AsyncIterator[GameService]:
    s = await GameService.open(
        database_url, FakeRenderer(), clock=Clock(), seed_source=Seeds(), front=DISCORD
    )
    yield s
    await s.close()


# The tests that play a whole game first run on SQLite only: the database calls of a game's
# end run on both backends elsewhere (the game finished: test_service's whole game of orders;
# its result: test_records; the rematch stored: test_new_game_crash; a server's settings:
# test_db).
AFTER_A_WHOLE_GAME = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


async def play_to_the_end(svc: GameService, seed: int) -> Reply:
    """A whole game of random legal orders; the reply to the order that ended it."""
    seeds_of(svc).next = seed
    assert (await svc.lobby.create(CH, D, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    assert (await svc.lobby.start(CH, D)).ok
    for _ in range(5000):
        version, st = await current(svc, CH)
        a = vijayanagara.legal_actions(st)[seed % len(vijayanagara.legal_actions(st))]
        order = vijayanagara.describe(st, a) + (
            "; confirm" if vijayanagara.idle_note(st, a) else ""
        )
        f = vijayanagara.prompt(st).faction
        assert f is not None
        r = await svc.moves.play(CH, SEATS[f], order, expected_version=version)
        assert r.ok, r.text
        if (await current(svc, CH))[1].game_over:
            return r
    raise AssertionError("the game did not end")


@AFTER_A_WHOLE_GAME
async def test_the_closing_message_has_the_ranking_the_chart_the_ratings_and_a_rematch(
    svc: GameService,
) -> None:
    r = await play_to_the_end(svc, 11)
    _, st = await current(svc, CH)
    scores = vijayanagara.score(st)
    first = vijayanagara.ranking(st)[0]
    assert "**The game is over.**" in r.text
    assert f"1. {vijayanagara.FACTION_NAMES[first]} — {scores[first]} VP" in r.text
    # the chart: a PNG of the whole game
    assert r.file is not None and r.file.filename == CHART_FILE
    chart = Image.open(io.BytesIO(r.file.data))
    assert chart.format == "PNG" and chart.width >= 390
    # the ratings: every seat from 1500, the winner up
    name = vijayanagara.FACTION_NAMES[first]
    assert r.text.count(" 1500 → ") == 3
    assert f"{name} (<@{SEATS[first]}>): rating as {name} 1500 → 15" in r.text
    # the rematch: one press, the seats rotated
    (rematch,) = [b for b in r.buttons if b.label == "Rematch"]
    again = await svc.press(CH, D, rematch.custom_id)
    assert again.ok and "Rematch of game 1: game 2" in again.text, again.text
    game = await svc.store.open_game(CH)
    assert game is not None and game.seats == {"B": D, "V": B, "D": V}


@AFTER_A_WHOLE_GAME
async def test_the_rematch_button_keeps_the_servers_permissions(svc: GameService) -> None:
    """Where only managers may create games, a player's press of Rematch is refused."""
    r = await play_to_the_end(svc, 11)
    await svc.store.put_server_settings(ServerSettings(guild_id="g", organisers="managers"))
    (rematch,) = [b for b in r.buttons if b.label == "Rematch"]
    refused = await svc.press(CH, D, rematch.custom_id, guild="g")
    assert not refused.ok and "You may not create a game here" in refused.text
    assert await svc.store.open_game(CH) is None
    allowed = await svc.press(CH, D, rematch.custom_id, guild="g", is_manager=True)
    assert allowed.ok, allowed.text


def test_rating_lines_say_each_seats_change_and_skip_a_game_with_one_person() -> None:
    game = GameResult(
        game_id=2,
        finished_at=1.0,
        seats=[
            SeatResult(faction="D", user_id=1, place=1, score=20),
            SeatResult(faction="B", user_id=2, place=2, score=10),
            SeatResult(faction="V", user_id=3, place=3, score=5),
        ],
    )
    lines = rating_lines(GAME, [game], 2, lambda u: f"P{u}")
    assert lines[0] == (
        "Delhi Sultanate (P1): rating as Delhi Sultanate 1500 → 1516 (+16): ahead of "
        "Bahmani Kingdom and Vijayanagara Empire"
    )
    assert lines[-1].startswith(
        "Vijayanagara Empire (P3): rating as Vijayanagara Empire 1500 → 1484 (-16): behind"
    )
    alone = game.model_copy(
        update={"seats": [s.model_copy(update={"user_id": 1}) for s in game.seats]}
    )
    assert rating_lines(GAME, [alone], 2, str) == []


def test_two_seats_of_one_ai_level_are_rated_against_each_other_and_each_line_says_whom() -> None:
    """Two greedy AIs and a person: the AI that finished second read "+16" like the winner,
    as the AI's seats played no match against each other (one user id). An AI plays each
    seat for that seat alone: second place is a win over the third and a loss to the first,
    and each line says so; a person's own seats still play no match."""
    ai = ai_user("easy")
    game = GameResult(
        game_id=2,
        finished_at=1.0,
        seats=[
            SeatResult(faction="D", user_id=ai, place=1, score=20),
            SeatResult(faction="B", user_id=ai, place=2, score=10),
            SeatResult(faction="V", user_id=1, place=3, score=5),
        ],
    )
    named = with_ai_names(lambda u: f"P{u}", ["easy"])
    assert rating_lines(GAME, [game], 2, named) == [
        "Delhi Sultanate (the easy AI): rating as Delhi Sultanate 1500 → 1516 (+16): ahead of "
        "Bahmani Kingdom and Vijayanagara Empire",
        "Bahmani Kingdom (the easy AI): rating as Bahmani Kingdom 1500 → 1500 (+0): ahead of "
        "Vijayanagara Empire, behind Delhi Sultanate",
        "Vijayanagara Empire (P1): rating as Vijayanagara Empire 1500 → 1484 (-16): behind "
        "Delhi Sultanate and Bahmani Kingdom",
    ]
    hotseat = game.model_copy(
        update={"seats": [s.model_copy(update={"user_id": 1}) for s in game.seats[1:]]}
    )
    hotseat.seats.insert(0, game.seats[0])
    assert rating_lines(GAME, [hotseat], 2, named)[1] == (
        "Bahmani Kingdom (P1): rating as Bahmani Kingdom 1500 → 1484 (-16): behind Delhi "
        "Sultanate, not against Vijayanagara Empire, the same player's"
    )


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # it stores nothing
async def test_the_terminal_keeps_the_chart_with_the_games_boards(
    svc: GameService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    client = LocalClient(svc, tmp_path / "b", out)
    client.game_id = 4
    client.show(Reply(text="The game is over.", file=Attachment(CHART_FILE, PNG)))
    assert (tmp_path / "b" / "game-4" / CHART_FILE).read_bytes() == PNG
    assert not (tmp_path / CHART_FILE).exists()  # not in the working folder
    assert f"[chart: {tmp_path / 'b' / 'game-4' / CHART_FILE}]" in out.getvalue()
