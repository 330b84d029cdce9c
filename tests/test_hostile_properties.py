"""Hostile input, as a property: any bytes, any YAML or JSON document, as a deck file or an import, is
either accepted or refused with a short message; nothing else ever comes out of the service."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml_text
from fakes import FakeRenderer
from hostile import MAX_MESSAGE_CHARS, export_doc, export_of_gives, small_deck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.table.reply import Reply
from bot.table.service import GameService
from bot.table.verify import check

# examples of each property in the suite; `CHAUPAL_EXAMPLES=500 .venv/bin/python -m pytest
# tests/test_hostile_properties.py` tries many more
EXAMPLES = int(os.environ.get("CHAUPAL_EXAMPLES") or "30")
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.sampled_from(["D", "B", "V", "M", "all", "troop", "delhi", "choose", "give", "raja"]),
)
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.one_of(st.text(max_size=12), st.sampled_from(["type", "count"])), inner, max_size=4
        ),
    ),
    max_leaves=25,
)


def deck_text(doc: object) -> str:
    return yaml_text.dump(doc, allow_unicode=True)


@st.composite
def broken_decks(draw: st.DrawFn) -> str:
    """The test deck with one field of one card replaced by something random."""
    deck = small_deck()
    section = draw(st.sampled_from(["cards", "mongol_invasion_cards", "succession_cards"]))
    card = draw(st.sampled_from(deck[section]))
    field = draw(st.sampled_from([*card.keys(), "unknown"]))
    value = draw(st.text(max_size=40) if field in ("title", "flavor") else documents)
    if field in ("unshaded", "shaded") and draw(st.booleans()):
        card[field]["effects"] = [value] if draw(st.booleans()) else value
    else:
        card[field] = value
    return deck_text(deck)


deck_uploads = st.one_of(
    st.binary(max_size=3000),
    st.text(max_size=3000),
    documents.map(deck_text),
    documents.map(json.dumps),
    broken_decks(),
)

action_types = st.sampled_from(
    ["choose", "select", "place", "move", "give", "undo", "done", "charge", "slot", "shift"]
)


@st.composite
def broken_exports(draw: st.DrawFn) -> bytes:
    """A valid export header with one field replaced, or a log of random actions."""
    base = json.loads(export_doc())
    if draw(st.booleans()):
        key = draw(st.sampled_from([*base.keys(), "extra"]))
        base[key] = draw(documents)
    else:
        base["status"] = "active"
        base["actions"] = draw(
            st.lists(
                st.fixed_dictionaries(
                    {"action": st.dictionaries(st.text(max_size=8), scalars, max_size=4)}
                ).map(lambda a: {"action": {"type": "give", **a["action"]}})
                | st.builds(
                    lambda t, extra: {"action": {"type": t, **extra}},
                    action_types,
                    st.dictionaries(
                        st.sampled_from(
                            ["option", "space", "piece", "count", "giver", "receiver", "resources"]
                        ),
                        scalars,
                        max_size=3,
                    ),
                ),
                max_size=6,
            )
        )
    return json.dumps(base).encode()


import_uploads = st.one_of(
    st.binary(max_size=3000),
    st.text(max_size=3000),
    documents.map(lambda d: json.dumps(d).encode()),
    broken_exports(),
    st.integers(0, 40).map(export_of_gives),  # valid ones too
)


@pytest.fixture
def run(tmp_path: Path) -> Iterator[tuple[GameService, Callable[[Any], Reply]]]:
    loop = asyncio.new_event_loop()
    svc = loop.run_until_complete(GameService.open(str(tmp_path / "p.sqlite3"), FakeRenderer()))

    def call(coro: Any) -> Reply:
        reply = loop.run_until_complete(coro)
        assert isinstance(reply, Reply)
        assert len(reply.text) < MAX_MESSAGE_CHARS
        return reply

    try:
        yield svc, call
    finally:
        loop.run_until_complete(svc.close())
        loop.close()


def test_any_deck_upload_is_accepted_or_refused(
    run: tuple[GameService, Callable[[Any], Reply]],
) -> None:
    svc, call = run
    channels = (f"deck-{i}" for i in itertools.count())

    @SETTINGS
    @given(upload=deck_uploads)
    def check(upload: bytes | str) -> None:
        channel = next(channels)
        reply = call(svc.lobby.create(channel, 1, files={"deck": upload}, kind="vijayanagara"))
        if not reply.ok:
            assert call(svc.views.status(channel)).ok is False  # nothing was stored

    check()


def test_any_import_upload_is_accepted_or_refused(
    run: tuple[GameService, Callable[[Any], Reply]],
) -> None:
    svc, call = run
    channels = (f"import-{i}" for i in itertools.count())

    @SETTINGS
    @given(upload=import_uploads)
    def check(upload: bytes | str) -> None:
        channel = next(channels)
        reply = call(svc.transfer.import_game(channel, 1, upload))
        if not reply.ok:
            assert call(svc.views.status(channel)).ok is False  # nothing was stored

    check()


FINISHED = {
    "format_version": 3,
    "status": "aborted",
    "fairness": {"game_id": 1, "secret": "ab" * 32},
}


@st.composite
def verify_uploads(draw: st.DrawFn) -> bytes:
    """A finished game's export (format 3) or a table game's, with one part replaced by
    something random, or a random log of entries of every kind."""
    if draw(st.booleans()):
        doc: dict[str, Any] = {**json.loads(export_doc()), **FINISHED}
        log = [{"secret_deals_from_here": "0" * 64}, {"action": {"type": "draw", "card": 1}}]
    else:
        doc = {
            "format": "table-game",
            "game": draw(st.sampled_from(["taj_mahal", "goat_tiger", "x"])),
            "id": 1,
            "status": "finished",
            "options": {},
            "seats": {"goats": 1, "tigers": 2},
            "secret": "ab" * 32,
        }
        log = [{"chance": {}}, {"step": {"move": "a1"}}, {"undo": "goats"}]
    key = "actions" if "actions" in doc else "log"
    doc[key] = draw(st.lists(st.sampled_from(log) | documents, max_size=6))
    if draw(st.booleans()):
        doc[draw(st.sampled_from([*doc.keys(), "extra"]))] = draw(documents)
    return json.dumps(doc).encode()


@SETTINGS
@given(upload=st.one_of(import_uploads, verify_uploads()))
def test_any_file_given_to_verify_gets_a_status_and_a_line(upload: bytes | str) -> None:
    raw = upload.encode() if isinstance(upload, str) else upload
    status, message = check(raw)
    assert status in (0, 1, 2)
    assert "could not be checked" not in message, message  # no exception reached the end
    if status == 2:
        assert "\n" not in message and len(message) < MAX_MESSAGE_CHARS, message
