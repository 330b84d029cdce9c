"""`python -m bot.verify` on the tables' exports: every deal of the log is checked, which
entries are deals is the game's to say, the commitment names the game, and whatever the file
holds, the answer is an exit status and one line (never a traceback)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from bot.tables import TableService
from test_tables_service import ALICE, run, service  # noqa: F401  (the fixture)

from bot.verify import check
from rules.dealing import commitment

Doc = dict[str, Any]


async def ended_taj_mahal(service: TableService) -> Doc:  # noqa: F811
    """A Taj Mahal game of three seats, started (its first deal made) and aborted."""
    await run(service, ALICE, "create", kind="taj_mahal")
    table = await service.games.open("500")
    assert table is not None
    first, second, third = table.info.seats[:3]
    await run(service, ALICE, "join", kind="taj_mahal", seat=first)
    await run(service, ALICE, "ai", kind="taj_mahal", seat=second, level=None)
    await run(service, ALICE, "ai", kind="taj_mahal", seat=third, level=None)
    await run(service, ALICE, "start", kind="taj_mahal")
    await run(service, ALICE, "abort", kind="taj_mahal")
    (e,) = await run(service, ALICE, "export", kind="taj_mahal")
    doc: Doc = json.loads(e.file.data)  # type: ignore[union-attr]
    assert any("chance" in entry for entry in doc["log"])
    return doc


def dumps(doc: Doc) -> bytes:
    return json.dumps(doc).encode()


async def test_the_commitment_names_the_game_and_an_older_one_is_still_taken(
    service: TableService,  # noqa: F811
) -> None:
    doc = await ended_taj_mahal(service)
    secret = bytes.fromhex(doc["secret"])
    bound = commitment(secret, doc["id"], 0)
    status, said = check(dumps(doc), bound)
    assert status == 0 and bound in said, said
    # a game that began before commitments named the game posted the secret's hash alone
    old = hashlib.sha256(secret).hexdigest()
    status, said = check(dumps(doc), old)
    assert status == 0 and "from before commitments named their game" in said, said
    # under another number: the deals keyed by it are not these, and the commitment differs
    other = {**doc, "id": doc["id"] + 1}
    assert check(dumps(other))[0] == 1
    status, said = check(dumps(other), bound)
    assert status == 1 and "not the game" in said, said


def _first_deal(doc: Doc) -> int:
    return next(i for i, entry in enumerate(doc["log"]) if "chance" in entry)


def _as_step(doc: Doc, i: int) -> None:
    """The deal at `i` made a seat's step (labelled so: the game says what is a deal)."""
    doc["log"][i] = {"step": doc["log"][i]["chance"]}


CASES: list[tuple[str, Callable[[Doc], None], int, str]] = [
    ("an empty log", lambda d: d.update({"log": []}), 2, "nothing to check"),
    ("an odd-length secret", lambda d: d.update({"secret": "abc"}), 2, "secret"),
    ("no secret", lambda d: d.update({"secret": ""}), 2, "secret"),
    ("a secret too long", lambda d: d.update({"secret": "ab" * 65}), 2, "secret"),
    ("a negative number", lambda d: d.update({"id": -3}), 2, "id"),
    ("a huge number", lambda d: d.update({"id": 10**400}), 2, "characters long"),
    ("deep options", lambda d: d.update({"options": json.loads("[" * 200 + "]" * 200)}), 2, ""),
    ("an entry of two kinds", lambda d: d["log"].append({"undo": "a", "step": {}}), 2, "one of"),
    ("an entry of no kind", lambda d: d["log"].append({}), 2, "one of"),
    ("an entry not an object", lambda d: d["log"].append([1, 2]), 2, "log.1"),
    ("an unknown game", lambda d: d.update({"game": "chess"}), 2, "chess"),
    ("Vijayanagara", lambda d: d.update({"game": "vijayanagara"}), 2, "/vj"),
    (
        "a deal where none is due",
        lambda d: d["log"].insert(_first_deal(d) + 1, d["log"][_first_deal(d)]),
        1,
        "no deal is due",
    ),
    ("a step where a deal is due", lambda d: _as_step(d, _first_deal(d)), 1, "not a seat's step"),
    ("an undo of nothing", lambda d: d["log"].insert(0, {"undo": "x"}), 1, "does not replay"),
    ("a malformed deal", lambda d: d["log"][_first_deal(d)].update({"chance": {}}), 1, ""),
]


@pytest.mark.parametrize(("what", "change", "status", "said"), CASES, ids=[c[0] for c in CASES])
async def test_a_hostile_table_export_gets_a_status_and_one_line(
    service: TableService,  # noqa: F811
    what: str,
    change: Callable[[Doc], None],
    status: int,
    said: str,
) -> None:
    doc = await ended_taj_mahal(service)
    change(doc)
    got, message = check(dumps(doc))
    assert (got, said in message) == (status, True), (what, message)
    assert "could not be checked" not in message
    if status == 2:
        assert "\n" not in message and len(message) < 400, message
