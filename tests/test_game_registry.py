"""One registration per game, checked when the registry is built: a game comes with its
pictures and its players, typed by its own view, or the bot does not start."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fakes import FakeRenderer

import ai.goat_tiger
import render.goat_tiger
import rules.goat_tiger
from ai.budget import Budget
from bot.discord.discord_client import ChaupalBot
from bot.table.games import goat_tiger, rajas, successors, taj_mahal, vijayanagara
from bot.table.games.entry import GameEntry, Players, build_registry
from bot.table.registry import ENTRIES, registry
from bot.table.service import GameService
from db import open_store
from rules.capabilities import notation_of

ROOT = Path(__file__).resolve().parent.parent
GOAT_TIGER = rules.goat_tiger.GAME


def entry(**change: Any) -> GameEntry[Any, Any, Any, Any]:
    """The Goat-Tiger game's registration with some of its parts changed."""
    parts: dict[str, Any] = {
        "rules": GOAT_TIGER,
        "command": "gt",
        "pictures": render.goat_tiger.PICTURES,
        "players": Players(levels=ai.goat_tiger.PLAYERS),
    }
    return GameEntry(**(parts | change))


def test_the_registry_holds_each_game_with_its_pictures_and_players() -> None:
    built = registry()
    assert registry() is built  # built once
    ids = ["goat_tiger", "rajas", "successors", "taj_mahal", "vijayanagara"]
    assert [g.info.id for g in built.games()] == ids
    for e in (vijayanagara.ENTRY, goat_tiger.ENTRY, taj_mahal.ENTRY, rajas.ENTRY, successors.ENTRY):
        gid = e.rules.info.id
        assert built.game(gid) is e.rules and built.pictures(gid) is e.pictures
        assert built.players(gid) == e.players.levels


def test_a_game_without_pictures_is_refused_when_the_registry_is_built() -> None:
    with pytest.raises(ValueError, match=r"^goat_tiger: no pictures \(its board and alt text"):
        build_registry(vijayanagara.ENTRY, entry(pictures=None))


@pytest.mark.parametrize("players", [None, Players(levels={})])
def test_a_game_without_players_is_refused_when_the_registry_is_built(players: object) -> None:
    with pytest.raises(ValueError, match=r"^goat_tiger: no computer players \(at least one level"):
        build_registry(entry(players=players))


def test_an_ai_level_that_could_never_be_chosen_is_refused() -> None:
    """A seat's level is asked for in lower case (`hard`, ` Hard ` read so)."""
    levels = {"Hard": ai.goat_tiger.PLAYERS["hard"]}
    with pytest.raises(
        ValueError, match="goat_tiger: an AI level is a lower-case word, not 'Hard'"
    ):
        build_registry(entry(players=Players(levels=levels)))


def test_no_games_is_refused() -> None:
    with pytest.raises(ValueError, match="no games to host"):
        build_registry()


def test_a_game_without_its_own_hint_has_its_strongest_players_step_described() -> None:
    built = build_registry(entry())
    state = GOAT_TIGER.new_game(rules.goat_tiger.Options(), rules.goat_tiger.SEATS)
    seat = GOAT_TIGER.to_move(state)
    assert seat is not None
    advise = built.adviser("goat_tiger")
    advice = advise(GOAT_TIGER.view(state, seat), seat, random.Random(3), Budget(iterations=2))
    assert advice.summary == f"The computer (hard) would play `{advice.order}`."
    [step] = notation_of(GOAT_TIGER).parse(GOAT_TIGER.view(state, seat), advice.order, seat)
    assert step in GOAT_TIGER.legal_actions(state)
    assert built.explainer("goat_tiger") is None
    assert registry().adviser("goat_tiger") is goat_tiger.ENTRY.players.adviser


MISMATCHES = """
from __future__ import annotations

import ai.goat_tiger
from ai.taj_mahal import why
from ai.vijayanagara import players
from bot.table.games.entry import GameEntry, Players
from render.taj_mahal import PICTURES as TAJ_MAHAL
from render.vijayanagara.pictures import PICTURES as BOARD
from rules.vijayanagara.game import GAME

VJ = players.PLAYERS
RIGHT = GameEntry(rules=GAME, command="vj", pictures=BOARD, players=Players(levels=VJ))
PICTURES = GameEntry(rules=GAME, command="vj", pictures=TAJ_MAHAL, players=Players(levels=VJ))
PLAYERS = GameEntry(rules=GAME, command="vj", pictures=BOARD, players=Players(levels=ai.goat_tiger.PLAYERS))
HINT = GameEntry(rules=GAME, command="vj", pictures=BOARD, players=Players(levels=VJ, adviser=why.advise))
WHY = GameEntry(rules=GAME, command="vj", pictures=BOARD, players=Players(levels=VJ, explainer=why.why_line))
"""


def test_mypy_refuses_pictures_or_players_of_another_view_than_the_rules_give(
    tmp_path: Path,
) -> None:
    """Vijayanagara's rules with Taj Mahal's pictures, hint or why line, or with the
    Goat-Tiger players: each line refused by the type check (`mypy --strict`), the right
    one passed. Reads the project's mypy cache where a run left one. Needs mypy, which the
    contributors' install has (`.[dev]`); the README's test install leaves it out."""
    pytest.importorskip("mypy", reason="mypy is a contributor's tool: pip install -e '.[dev]'")
    source = tmp_path / "entries.py"
    source.write_text(MISMATCHES, encoding="utf-8")
    mypy = [sys.executable, "-m", "mypy", "--strict", "--no-error-summary"]
    out = subprocess.run(
        [*mypy, "--cache-dir", str(ROOT / ".mypy_cache"), str(source)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    lines = source.read_text(encoding="utf-8").splitlines()
    refused = {lines[int(e.split(":")[1]) - 1].split(" =")[0] for e in out.stdout.splitlines()}
    assert refused == {"PICTURES", "PLAYERS", "HINT", "WHY"}, out.stdout


async def test_a_table_refuses_a_game_its_registry_lacks_and_names_the_games_it_has(
    tmp_path: Path,
) -> None:
    hosted = build_registry(vijayanagara.ENTRY, goat_tiger.ENTRY)
    svc = await GameService.open(str(tmp_path / "bot.sqlite3"), FakeRenderer(), registry=hosted)
    try:
        refused = await svc.lobby.create("c1", 1, kind="taj_mahal")
        assert not refused.ok
        assert "'taj_mahal'" in refused.text and "goat_tiger, vijayanagara" in refused.text
        assert await svc.store.open_game("c1") is None  # nothing was stored
        assert (await svc.lobby.create("c1", 1, kind="goat_tiger")).ok
    finally:
        await svc.close()


async def test_the_discord_client_offers_a_group_for_each_game_its_table_hosts(
    tmp_path: Path,
) -> None:
    hosted = build_registry(vijayanagara.ENTRY, goat_tiger.ENTRY)
    store = await open_store(str(tmp_path / "bot.sqlite3"))
    bot = ChaupalBot(
        lambda chat: GameService(store, FakeRenderer(), registry=hosted, chat=chat), sync=False
    )
    try:
        assert sorted(bot.groups) == ["goat_tiger", "vijayanagara"]
        assert bot.tree.get_command("tm") is None and bot.tree.get_command("vj") is not None
    finally:
        await bot.service.close()


def test_every_players_level_and_hint_goes_to_a_worker_process_with_the_call() -> None:
    """An AI seat thinks in the worker processes, which get the player with the call: every
    level and hint of every hosted game (and of a game written on the core alone) pickles,
    and thinks the same once unpickled."""
    import pickle

    from counting_game import ENTRY as COUNTING

    built = build_registry(*ENTRIES, COUNTING)
    for g in built.games():
        gid = g.info.id
        for level in built.levels(gid):
            assert pickle.loads(pickle.dumps(built.player(gid, level))) is not None
        assert pickle.loads(pickle.dumps(built.adviser(gid))) is not None
    hint = pickle.loads(pickle.dumps(built.adviser("counting")))
    view = COUNTING.rules.new_game(COUNTING.rules.info.options(), ("first", "second"))
    advice = hint(view, "first", random.Random(0), Budget())
    assert advice.order in ('{"by":1}', '{"by":2}')


def test_two_games_whose_commands_go_under_one_word_are_refused_at_start() -> None:
    with pytest.raises(ValueError, match="another game's commands go under 'vj'"):
        build_registry(vijayanagara.ENTRY, entry(command="vj"))
    with pytest.raises(ValueError, match="a command word is a short lower-case word"):
        build_registry(entry(command="Goat Tiger"))
