"""Owners' component files of a game (Taj Mahal's cards and board, docs/taj_mahal.md):
uploaded with `create` (Discord attachments, the terminal's --file), bounded in size, checked
by the game's loader before the game exists (a bad file is refused there, with the loader's
message, and no game is left in the lobby), stored once by hash, and played and exported."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from discord_env import Env, running_bot
from discord_fake import CHANNEL
from fakes import FakeRenderer
from table_helpers import open_game, run

from bot.table.registry import game, games
from bot.table.reply import Reply
from bot.table.service import GameService
from bot.table.verify import check
from bot.terminal.local import amain
from rules.game import player_options
from rules.taj_mahal import State
from rules.taj_mahal.components import MAX_CHARS, standard_texts

CH = "640"
ALICE = 51
TM = "taj_mahal"
BOARD, CARDS = standard_texts()
OWN_CARDS = CARDS + "# an owner's copy of the cards\n"
BAD_CARDS = CARDS.replace("  - {colour: red, symbols: [vizier, general], count: 1}\n", "", 1)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(
        str(tmp_path / "files.sqlite3"),
        FakeRenderer(),
        clock=lambda: 1000.0,
        ai_executor=ThreadPoolExecutor(1),
    )
    yield s
    await s.close()


async def create(s: GameService, files: dict[str, bytes]) -> Reply:
    """`/tm create` with these uploads, Alice seated as Blue."""
    return await run(s, CH, ALICE, "create", TM, seat="blue", **files)


async def test_an_owners_cards_file_is_checked_at_create_stored_once_and_played(
    service: GameService,
) -> None:
    r = await create(service, {"cards": OWN_CARDS.encode()})
    assert r.ok, r.text
    assert "with the owner's cards file" in r.text
    record = await service.store.open_game(CH)
    assert record is not None
    assert "cards_file" not in record.options  # the record keeps its hash only
    (key,) = record.options["files"].values()
    assert await service.store.deck_text(key) == OWN_CARDS
    for seat in ("orange", "brown"):
        assert (await run(service, CH, ALICE, "ai", TM, seat=seat, level="greedy")).ok
    start = await run(service, CH, ALICE, "start", TM)
    assert start.ok, start.text
    found = await open_game(service, CH)
    assert found is not None
    assert isinstance(found[1], State) and found[1].cards_file == OWN_CARDS
    await run(service, CH, ALICE, "abort", TM)
    e = await run(service, CH, ALICE, "export", TM)
    assert e.file is not None, e.text
    assert json.loads(e.file.data)["options"]["cards"] == OWN_CARDS
    assert check(e.file.data)[0] == 0  # its deals verify, replayed with the owner's cards


@pytest.mark.parametrize(
    ("files", "said"),
    [
        ({"cards": BAD_CARDS.encode()}, "That file cannot be used: cards file: cards:"),
        ({"cards": b"x" * (MAX_CHARS + 1)}, f"at most {MAX_CHARS:,}"),
        ({"cards": b"\xff\xfe"}, "is not UTF-8 text"),
        ({"board": CARDS.encode()}, "That file cannot be used: board file:"),
    ],
)
async def test_a_bad_file_is_refused_at_create_and_no_game_is_left(
    service: GameService, files: dict[str, bytes], said: str
) -> None:
    r = await create(service, files)
    assert not r.ok and said in r.text, r.text
    assert await service.store.open_game(CH) is None


async def test_a_file_the_game_does_not_take_is_refused_naming_those_it_takes(
    service: GameService,
) -> None:
    r = await service.lobby.create(CH, ALICE, kind=TM, seat="blue", files={"deck": CARDS.encode()})
    assert not r.ok and "takes no 'deck' file; the files it takes: board, cards" in r.text, r.text
    assert await service.store.open_game(CH) is None


async def test_a_file_typed_as_an_option_is_refused_with_the_way_to_give_it(
    service: GameService,
) -> None:
    r = await service.lobby.create(CH, ALICE, kind=TM, seat="blue", options="cards_file=nonsense")
    assert not r.ok and "cards_file is a file: give it as the file `cards`" in r.text, r.text
    assert await service.store.open_game(CH) is None


async def test_an_option_the_game_sets_itself_is_not_a_players(service: GameService) -> None:
    r = await service.lobby.create(CH, ALICE, kind="vijayanagara", options="deck_hash=abc")
    assert (
        not r.ok and "No option 'deck_hash' in Vijayanagara; its options: timurs_shadow" in r.text
    )
    assert await service.store.open_game(CH) is None


@pytest.fixture
async def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Env]:
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch) as e:
        yield e


async def test_tm_create_takes_the_files_as_attachments(env: Env) -> None:
    tm = next(c for c in env.fake.commands if c["name"] == "tm")
    create_ = next(c for c in tm["options"] if c["name"] == "create")
    uploads = {o["name"] for o in create_["options"] if o["type"] == 11}
    assert uploads == {"cards", "board"}
    gt = next(c for c in env.fake.commands if c["name"] == "gt")
    gt_create = next(c for c in gt["options"] if c["name"] == "create")
    assert all(o["type"] != 11 for o in gt_create["options"])  # it has no component file
    env.fake.slash(
        ALICE, "create", group="tm", attachments={"cards": ("cards.yaml", BAD_CARDS.encode(), 0)}
    )
    await env.fake.settle()
    assert "21 red cards are needed" in env.fake.private_to(ALICE)[-1].content
    env.fake.slash(
        ALICE,
        "create",
        group="tm",
        attachments={"cards": ("big.yaml", b"#" * (MAX_CHARS + 1), 0)},
    )
    await env.fake.settle()
    assert f"at most {MAX_CHARS:,}" in env.fake.private_to(ALICE)[-1].content
    assert await env.service.store.open_game(str(CHANNEL)) is None
    env.fake.slash(
        ALICE,
        "create",
        group="tm",
        attachments={
            "cards": ("cards.yaml", OWN_CARDS.encode(), 0),
            "board": ("board.yaml", BOARD.encode(), 0),
        },
    )
    await env.fake.settle()
    assert "with the owner's board and cards files" in env.fake.visible[-1].content


async def test_the_terminal_takes_a_file_flag(tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text(OWN_CARDS)
    (tmp_path / "bad.yaml").write_text(BAD_CARDS)
    base = ["--game", "taj_mahal", "--play", "blue", "--boards", str(tmp_path / "b")]
    out = io.StringIO()
    argv = [*base, "--db", str(tmp_path / "bad.sqlite3"), "--file", f"cards={tmp_path}/bad.yaml"]
    with pytest.raises(SystemExit):  # a file given at launch that is refused: a usage error
        await amain(argv, [], out, FakeRenderer())
    assert "21 red cards are needed" in out.getvalue()
    out = io.StringIO()
    argv = [*base, "--db", str(tmp_path / "t.sqlite3"), "--file", f"cards={tmp_path}/cards.yaml"]
    await amain(argv, ["status"], out, FakeRenderer())
    assert "with the owner's cards file" in out.getvalue() and "begins" in out.getvalue()
    with pytest.raises(SystemExit):
        await amain([*base, "--file", "deck=x.yaml"], [], io.StringIO(), FakeRenderer())


@pytest.mark.parametrize("kind", [g.info.id for g in games()])
async def test_a_typed_option_is_read_strictly_and_refused_in_the_rules_words(
    service: GameService, kind: str
) -> None:
    """`true` is no number and 1 no truth, whatever the path: a typed option of the wrong
    kind is refused naming the option and what it takes; a changed option is announced with
    its value."""
    model = game(kind).info.options
    for i, name in enumerate(player_options(model)):
        default = model.model_fields[name].default
        wrong = "1" if isinstance(default, bool) else "true"
        r = await service.lobby.create(f"{kind}-{i}", ALICE, kind=kind, options=f"{name}={wrong}")
        assert not r.ok and r.text.startswith(f"Option {name}: {wrong} is not"), r.text
        assert "Input should" not in r.text, r.text
    r = await service.lobby.create("gt", ALICE, kind="goat_tiger", options="goats=10")
    assert r.ok and "with 10 goats" in r.text, r.text
