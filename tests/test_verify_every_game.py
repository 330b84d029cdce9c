"""`python -m bot.table.verify` on the exports of games other than Vijayanagara (here Taj Mahal's,
format "board-game"): every deal of the log is checked, which entries are deals is the game's
to say, the commitment names the game, and whatever the file holds, the answer is an exit
status and one line (never a traceback)."""

from __future__ import annotations

import asyncio
import copy
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fakes import FakeRenderer
from table_helpers import run

from bot.table.registry import registry
from bot.table.service import GameService
from bot.table.verify import check
from bot.table.words import EVENTS, dealt_count
from rules.dealing import commitment

Doc = dict[str, Any]
CH = "500"
ALICE = 11
TM = "taj_mahal"


@pytest.fixture(scope="module")
def ended_taj_mahal(tmp_path_factory: pytest.TempPathFactory) -> Doc:
    """A Taj Mahal game of three seats, started (its first deal made) and aborted: its
    export."""

    async def export(path: Path) -> Doc:
        s = await GameService.open(str(path), FakeRenderer())
        try:
            await run(s, CH, ALICE, "create", TM, seat="blue")
            await run(s, CH, ALICE, "ai", TM, seat="orange", level="greedy")
            await run(s, CH, ALICE, "ai", TM, seat="brown", level="greedy")
            assert (await run(s, CH, ALICE, "start", TM)).ok
            await run(s, CH, ALICE, "abort", TM)
            e = await run(s, CH, ALICE, "export", TM)
            assert e.file is not None, e.text
            doc: Doc = json.loads(e.file.data)
        finally:
            await s.close()
        return doc

    doc = asyncio.run(export(tmp_path_factory.mktemp("verify") / "v.sqlite3"))
    assert doc["format"] == "board-game" and doc["game"] == TM
    assert any(_is_deal(entry) for entry in doc["actions"])
    return doc


@pytest.fixture
def doc(ended_taj_mahal: Doc) -> Doc:
    return copy.deepcopy(ended_taj_mahal)


def dumps(doc: Doc) -> bytes:
    return json.dumps(doc).encode()


def _is_deal(entry: Any) -> bool:
    return isinstance(entry, dict) and "action" in entry and entry.get("faction") is None


def _first_deal(doc: Doc) -> int:
    return next(i for i, entry in enumerate(doc["actions"]) if _is_deal(entry))


def test_the_commitment_names_the_game_and_an_older_one_is_still_taken(doc: Doc) -> None:
    game_id = doc["fairness"]["game_id"]
    secret = bytes.fromhex(doc["fairness"]["secret"])
    bound = commitment(secret, game_id, 0)
    status, said = check(dumps(doc), bound)
    assert status == 0 and bound in said, said
    # a game that began before commitments named the game posted the secret's hash alone
    old = hashlib.sha256(secret).hexdigest()
    status, said = check(dumps(doc), old)
    assert status == 0 and "from before commitments named their game" in said, said
    # the commitment posted for another game is not this one's
    status, said = check(dumps(doc), commitment(secret, game_id + 1, 0))
    assert status == 1 and "not the game that was posted for" in said, said
    # under another number: the commitment its log records is not the one its secret gives
    other = {**doc, "fairness": {**doc["fairness"], "game_id": game_id + 1}}
    status, said = check(dumps(other))
    assert status == 1 and "the log was changed" in said, said


def test_which_entries_are_deals_is_the_games_to_say(doc: Doc) -> None:
    """A deal labelled as a seat's step is still the deal the game waits for there: checked
    against the secret all the same."""
    dealt = _first_deal(doc)
    doc["actions"][dealt].update(faction="blue", user_id=ALICE)
    status, said = check(dumps(doc))
    assert status == 0 and " from the secret" in said, said
    doc["actions"][dealt]["action"]["hands"][0][0] += 1  # another outcome than the secret's
    assert check(dumps(doc))[0] == 1


def _not_dealt_here(doc: Doc) -> None:
    """The log says nothing of where its secret began to deal."""
    doc["actions"] = [e for e in doc["actions"] if "secret_deals_from_here" not in e]


CASES: list[tuple[str, Callable[[Doc], object], int, str]] = [
    (
        "no deal after the secret began",
        lambda d: d.update(actions=[e for e in d["actions"] if not _is_deal(e)]),
        2,
        "nothing to check",
    ),
    ("no start of the secret's deals", _not_dealt_here, 2, "does not say where"),
    ("an odd-length secret", lambda d: d["fairness"].update(secret="abc"), 2, "secret"),
    ("no secret", lambda d: d.update(fairness=None), 2, "no secret"),
    ("a secret too long", lambda d: d["fairness"].update(secret="ab" * 65), 2, "secret"),
    ("a negative number", lambda d: d["fairness"].update(game_id=-3), 2, "game_id"),
    ("a huge number", lambda d: d["fairness"].update(game_id=10**400), 2, "characters long"),
    ("deep options", lambda d: d.update(options=json.loads("[" * 200 + "]" * 200)), 2, ""),
    (
        "an entry of two kinds",
        lambda d: d["actions"].append({"action": {}, "secret_deals_from_here": "ab" * 32}),
        2,
        "one such entry",
    ),
    ("an entry of no kind", lambda d: d["actions"].append({}), 2, "action"),
    ("an entry not an object", lambda d: d["actions"].append([1, 2]), 2, "actions.1"),
    ("an unknown game", lambda d: d.update(game="chess"), 2, "chess"),
    (
        "Vijayanagara's",
        lambda d: d.update(game="vijayanagara"),
        2,
        "options.players: not an option of Vijayanagara",
    ),
    (
        "a deal where none is due",
        lambda d: d["actions"].insert(_first_deal(d) + 1, d["actions"][_first_deal(d)]),
        1,
        "does not replay",
    ),
    (
        "an undo of nothing",
        lambda d: d["actions"].insert(1, {"action": {"kind": "undo"}, "faction": "blue"}),
        1,
        "nothing to undo",
    ),
    ("a malformed deal", lambda d: d["actions"][_first_deal(d)].update(action={}), 1, ""),
]


@pytest.mark.parametrize(("what", "change", "status", "said"), CASES, ids=[c[0] for c in CASES])
def test_a_hostile_export_gets_a_status_and_one_line(
    doc: Doc,
    what: str,
    change: Callable[[Doc], object],
    status: int,
    said: str,
) -> None:
    change(doc)
    got, message = check(dumps(doc))
    assert (got, said in message) == (status, True), (what, message)
    assert "could not be checked" not in message
    if status == 2:
        assert "\n" not in message and len(message) < 400, message


@pytest.mark.parametrize("kind", [g.info.id for g in registry().games() if g.info.deals])
async def test_verify_names_what_each_game_deals_and_nothing_else(
    tmp_path: Path, kind: str
) -> None:
    """An ended game's export, checked: the outcomes counted are the game's own kinds
    (GameInfo.dealt: Rajas of the Ganges' dice and tiles, Taj Mahal's cards), never another
    game's."""
    g = registry().game(kind)
    s = await GameService.open(str(tmp_path / "v.sqlite3"), FakeRenderer())
    try:
        level = registry().levels(kind)[1]  # the first the table offers
        assert (await s.lobby.create(CH, ALICE, kind=kind, seat=g.info.seats[0], ai=level)).ok
        assert (await s.lobby.start(CH, ALICE)).ok
        await s.lobby.abort(CH, ALICE)
        e = await s.transfer.export(CH)
        assert e.file is not None, e.text
        status, said = check(e.file.data)
        verified = await s.transfer.verify(CH)
    finally:
        await s.close()
    assert status == 0, said
    for noun, (one, many) in EVENTS.items():
        dealt = noun in g.info.dealt
        for text in (said, verified.text):
            assert dealt or (one not in text and many not in text), (kind, text)
    for text in (said, verified.text):
        assert dealt_count(g, 1) in text or dealt_count(g, 2)[2:] in text, (kind, text)
