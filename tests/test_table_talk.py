"""What a player reads when the service answers: the allowed steps grouped so a March's
hundred moves read as a dozen entries (each one legal), a refusal that lists them once, a
status in a player's words, Charge and Screen explained where a battle offers them."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakes import SEATS, FakeRenderer
from service_playout import play_random_orders, seat_and_start
from table_helpers import open_game

from bot.discord.front_end import DISCORD
from bot.table.service import GameService
from rules import vijayanagara

CH = "talk"
D = SEATS[vijayanagara.Faction.D]


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(str(tmp_path / "t.sqlite3"), FakeRenderer(), front=DISCORD)
    yield s
    await s.close()


async def state_of(svc: GameService) -> vijayanagara.GameState:
    game = await svc.store.open_game(CH) or await svc.store.latest_game(CH)
    assert game is not None
    return await svc.loader.state_of(game)


def expanded(entry: str) -> list[str]:
    """Every step an entry stands for: `1-4` any number from 1 to 4, `a|b` either."""
    choices = []
    for word in entry.split():
        if m := re.fullmatch(r"(\d+)-(\d+)", word):
            choices.append([str(n) for n in range(int(m[1]), int(m[2]) + 1)])
        else:
            choices.append(word.split("|"))
    return [" ".join(c) for c in itertools.product(*choices)]


async def test_a_march_lists_its_moves_grouped_and_every_step_listed_is_legal(
    svc: GameService,
) -> None:
    await seat_and_start(svc, CH, 3)
    assert (await svc.moves.play(CH, D, "command; march")).ok
    state = await state_of(svc)
    legal = {vijayanagara.describe(state, a) for a in vijayanagara.legal_actions(state)}
    text = (await svc.views.options(CH)).text
    entries = re.findall(r"^• `([^`]+)`", text, re.MULTILINE)
    assert len(legal) > 90 and len(entries) < 20  # a dozen lines, not a hundred
    assert "`1-4` stands for any number from 1 to 4, `a|b` for one of them" in text
    steps = [step for e in entries for step in expanded(e)]
    assert sorted(steps) == sorted(legal)  # each listed step is legal, and each legal one listed
    assert "`move 1-4 troop from delhi to punjab|rajput|malwa|jaunpur`" in text


async def test_the_options_menu_lists_each_step_once_with_what_it_does(svc: GameService) -> None:
    await seat_and_start(svc, CH, 3)
    first = (await svc.views.options(CH)).text
    assert "• `command+decree` — a Command in any number of spaces and a Decree" in first
    assert "• `pass` — gain 3 Resources; you stay Eligible (2.3.6)" in first
    assert first.count("`event`") == 1
    assert (await svc.moves.play(CH, D, "command+decree")).ok
    text = (await svc.views.options(CH)).text
    for name in ("conscript", "march", "govern", "attack", "collect-tribute", "campaign"):
        assert text.count(f"`{name}`") == 1, text  # listed once, with its effect
    assert "• `conscript` — place Troops: 5 in Delhi" in text and "(3.2.1)" in text


async def test_an_illegal_pass_is_refused_listing_the_allowed_steps_once(
    svc: GameService,
) -> None:
    await seat_and_start(svc, CH, 3)
    assert (await svc.moves.play(CH, D, "command; march")).ok
    reply = await svc.moves.play(CH, D, "pass")
    assert not reply.ok
    assert reply.text.startswith("`pass` was refused: not a choice now — Delhi Sultanate March:")
    assert reply.text.count("Allowed") == 1 and "Allowed now: `move 1-4 troop" in reply.text
    assert ".)" not in reply.text and ".." not in reply.text
    assert "and 5 more choices (`/vj options` lists them all; `1-4` stands for" in reply.text


async def test_one_choice_left_unlisted_is_one_more_choice(svc: GameService) -> None:
    await seat_and_start(svc, CH, 3)
    assert (await svc.moves.play(CH, D, "command; march")).ok
    found = await open_game(svc, CH)
    assert found is not None
    record, state = found
    whole, _ = svc.texts.listing(record, state, limit=None)
    entries = whole.count("`, `") + 1
    shown, _ = svc.texts.listing(record, state, limit=entries - 1)
    assert " and 1 more choice (" in shown, shown


async def test_the_status_says_where_the_game_stands_in_a_players_words(
    svc: GameService,
) -> None:
    assert (await svc.lobby.create(CH, D, seed=3, kind="vijayanagara")).ok
    lobby = (await svc.views.status(CH)).text
    assert lobby.startswith(
        "Game 1 of Vijayanagara is waiting for its players: `/vj join` takes a seat."
    )
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    assert (await svc.lobby.start(CH, D)).ok
    assert (await svc.moves.play(CH, D, "command; march")).ok
    text = (await svc.views.status(CH)).text
    assert text.startswith("Game 1 is under way: 2 steps played so far.\n")
    assert "version" not in text and "• Delhi Sultanate: 12 Resources, 2 Cavalry" in text
    assert "; the Khalji Dynasty rules (2.7)." in text
    assert (await svc.lobby.abort(CH, D)).ok
    assert (await svc.views.status(CH)).text.startswith(
        "Game 1 was ended without a result, after 2 steps."
    )


async def test_a_defender_offered_cavalry_is_told_what_charge_and_screen_do(
    svc: GameService,
) -> None:
    """Seed 5, random orders: Delhi's first decision in a battle is its Cavalry as the
    defender; the prompt says what `charge N` and `screen N` do, one line each (1.10)."""
    await seat_and_start(svc, CH, 5)

    def cavalry(state: vijayanagara.GameState) -> bool:
        return any(isinstance(a, vijayanagara.Screen) for a in vijayanagara.legal_actions(state))

    replies, state = await play_random_orders(svc, CH, random.Random(5), cavalry)
    assert state is not None and "as the defender" in vijayanagara.prompt(state).text
    for text in (replies[-1].text, (await svc.views.status(CH)).text):
        lines = text.split("\n")
        at = next(i for i, line in enumerate(lines) if "as the defender, Cavalry" in line)
        assert lines[at + 1].startswith("_`charge N` — spend a Cavalry token to lower your")
        assert lines[at + 2].startswith("_`screen N` — spend a Cavalry token to take the")
    options = (await svc.views.options(CH)).text
    # (a step that changes no hit says so before its effect)
    charge = r"• `charge [\d|]+`(?: \([^)]*\))? — spend a Cavalry token to lower your own die"
    assert re.search(charge, options), options
    assert re.search(r"• `screen \d[|\d]*`", options), options  # the dice (one entry but noted)


def test_the_key_of_the_grouped_steps_reads_the_first_range_they_show() -> None:
    """A trial read "`1-4` stands for any number from 1 to 4" above ranges of 1-2 and 1-5."""
    from rules.vijayanagara.option_groups import key_for

    assert key_for(["`place 1-2 raja in karnataka`", "`done`"]) == (
        "`1-2` stands for any number from 1 to 2"
    )
    assert key_for(["`select andhra|karnataka`"]) == "`a|b` stands for one of them"
    assert key_for(["`move 1-5 raja from andhra to karnataka|orissa`"]) == (
        "`1-5` stands for any number from 1 to 5, `a|b` for one of them"
    )
    assert key_for(["`done`"]) is None
