"""Hostile uploads, imports and numbers are refused cheaply and clearly, the event loop
keeps running, other games are untouched, and seats and games follow the server's permissions."""

from __future__ import annotations

import io
import json
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import yaml
import yaml_text
from fakes import SEATS, STRANGER, FakeRenderer
from hostile import (
    FIXTURE,
    MAX_MESSAGE_CHARS,
    alias_bomb,
    depth_bomb,
    export_doc,
    export_of_gives,
    nested_choose_deck,
    refused_quickly,
    responsive,
    rss_bytes,
    small_deck,
    watched,
)
from test_service import give

from bot.discord.front_end import DISCORD
from bot.table.service import MAX_DECK_BYTES, MAX_IMPORT_BYTES, GameService
from bot.table.verify import check
from bot.table.verify import main as verify_main
from bot.terminal.local import amain, text_command
from db import SQLiteStore
from db.models import MAX_EXPORT_ACTIONS
from rules import vijayanagara
from rules.vijayanagara.cards import PARSED_DECKS, deck_key
from rules.vijayanagara.game import Vijayanagara

D, B, V = (
    SEATS[vijayanagara.Faction.D],
    SEATS[vijayanagara.Faction.B],
    SEATS[vijayanagara.Faction.V],
)
CH = "chan-hostile"
OTHER = "chan-other"
GUILD = "guild-1"
ROLE = 555


class Bystander:
    """A game in progress in another channel, which no hostile upload may change."""

    def __init__(self, svc: GameService) -> None:
        self.svc = svc
        self.before: tuple[int, str] | None = None

    async def snapshot(self) -> tuple[int, str]:
        game = await self.svc.store.open_game(OTHER)
        assert game is not None
        export = await self.svc.store.export_game(game.id)
        return game.version, export.model_dump_json()

    async def setup(self) -> None:
        assert (await self.svc.lobby.create(OTHER, D, seed=5, kind="vijayanagara")).ok
        for f, uid in SEATS.items():
            assert (await self.svc.lobby.join(OTHER, uid, f.value)).ok
        assert (await self.svc.lobby.start(OTHER, D)).ok
        assert (await self.svc.moves.play(OTHER, B, "pass")).ok
        self.before = await self.snapshot()

    async def unchanged(self) -> None:
        assert await self.snapshot() == self.before
        assert (await self.svc.views.status(OTHER)).ok


@pytest.fixture
async def svc(migrated_sqlite_path: Path) -> AsyncIterator[GameService]:
    s = await GameService.open(str(migrated_sqlite_path), FakeRenderer(), front=DISCORD)
    yield s
    await s.close()


@pytest.fixture
async def other(svc: GameService) -> Bystander:
    b = Bystander(svc)
    await b.setup()
    return b


# --- 1. deck files that crashed the process ------------------------------------------------


async def test_a_depth_bomb_deck_is_refused_without_crashing(
    svc: GameService, other: Bystander
) -> None:
    before = rss_bytes()
    reply = await refused_quickly(
        svc.lobby.create(CH, D, files={"deck": depth_bomb()}, kind="vijayanagara")
    )
    assert "nested deeper than" in reply.text
    assert rss_bytes() - before < 50_000_000
    assert await svc.store.open_game(CH) is None
    await other.unchanged()


async def test_a_depth_bomb_inside_an_import_is_refused(svc: GameService, other: Bystander) -> None:
    raw = export_doc(options={"timurs_shadow": False, "deck": depth_bomb(20_000)})
    reply = await refused_quickly(svc.transfer.import_game(CH, D, raw))
    assert "nested deeper than" in reply.text
    json_bomb = b'{"seed": 1, "actions": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"
    await refused_quickly(svc.transfer.import_game(CH, D, json_bomb))
    assert await svc.store.open_game(CH) is None
    await other.unchanged()


# --- 2. and 3. aliases: memory and time bombs ------------------------------------------


async def test_an_alias_bomb_deck_is_refused_before_it_expands(
    svc: GameService, other: Bystander
) -> None:
    before = rss_bytes()
    reply = await refused_quickly(
        svc.lobby.create(CH, D, files={"deck": alias_bomb(9)}, kind="vijayanagara")
    )
    assert "aliases" in reply.text
    assert rss_bytes() - before < 50_000_000
    await other.unchanged()


async def test_a_deck_nesting_choose_through_aliases_is_refused_at_once(
    svc: GameService, other: Bystander
) -> None:
    reply = await refused_quickly(
        svc.lobby.create(CH, D, files={"deck": nested_choose_deck(9)}, kind="vijayanagara")
    )
    assert "aliases" in reply.text
    await other.unchanged()


async def test_a_deck_with_nested_choose_written_out_is_checked_off_the_event_loop(
    svc: GameService,
) -> None:
    # the same nesting written out in full (no aliases) is a legal deck; its check costs
    # what its size says, and runs in a worker thread
    doc = small_deck()
    effects: list[object] = [{"resources": {"faction": "D", "add": 1}}]
    for _ in range(6):
        opt = {"text": "x", "effects": effects}
        effects = [{"choose": [opt, dict(opt)]}]
    doc["cards"][0]["unshaded"]["effects"] = effects

    class NoAliases(yaml.SafeDumper):
        def ignore_aliases(self, data: object) -> bool:
            return True

    text = yaml.dump(doc, Dumper=NoAliases)
    assert len(text) < MAX_DECK_BYTES
    async with watched() as w:
        reply = await svc.lobby.create(CH, D, files={"deck": text}, kind="vijayanagara")
    assert reply.ok, reply.text
    responsive(w)


async def test_unvalidated_values_never_reach_a_message_whole(svc: GameService) -> None:
    doc = small_deck()
    doc["cards"][0]["title"] = "T" * 100_000
    doc["cards"][1]["unshaded"]["effects"] = [{"resources": {"faction": "Q" * 100_000, "add": 1}}]
    doc["cards"][2]["unshaded"]["effects"] = [{"teleport" * 10_000: 1}]
    for i in range(3):
        broken = small_deck()
        broken["cards"][i] = doc["cards"][i]
        text = yaml_text.dump(broken)[: MAX_DECK_BYTES - 10]
        reply = await refused_quickly(
            svc.lobby.create(CH, D, files={"deck": text}, kind="vijayanagara")
        )
        assert "TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT" not in reply.text
        assert "QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ" not in reply.text


async def test_a_deck_file_over_the_size_limit_is_refused_unread(svc: GameService) -> None:
    huge = b"cards: []\n" + b"#" * MAX_DECK_BYTES
    reply = await refused_quickly(
        svc.lobby.create(CH, D, files={"deck": huge}, kind="vijayanagara")
    )
    assert "too large" in reply.text and str(MAX_DECK_BYTES) in reply.text
    reply = await refused_quickly(
        svc.lobby.create(CH, D, files={"deck": b"\xff\xfe not utf-8"}, kind="vijayanagara")
    )
    assert "UTF-8" in reply.text


# --- 4. import replay ------------------------------------------------------------------------


async def test_a_70000_step_export_is_refused_quickly(svc: GameService, other: Bystander) -> None:
    raw = export_of_gives(70_000)
    before = rss_bytes()
    reply = await refused_quickly(svc.transfer.import_game(CH, D, raw))
    assert rss_bytes() - before < 50_000_000
    assert "too large" in reply.text
    # 70,000 short steps fit in the size limit: the step limit refuses them before any replay
    steps = ",".join(['{"action":{"type":"undo"}}'] * 70_000)
    raw = f'{{"seed":1,"actions":[{steps}]}}'.encode()
    assert len(raw) < MAX_IMPORT_BYTES
    reply = await refused_quickly(svc.transfer.import_game(CH, D, raw))
    assert str(MAX_EXPORT_ACTIONS) in reply.text
    await other.unchanged()


async def test_an_export_over_the_step_limit_is_refused_with_the_limit(
    svc: GameService, other: Bystander
) -> None:
    raw = export_of_gives(MAX_EXPORT_ACTIONS + 1)
    assert len(raw) < MAX_IMPORT_BYTES
    reply = await refused_quickly(svc.transfer.import_game(CH, D, raw))
    assert str(MAX_EXPORT_ACTIONS) in reply.text
    assert await svc.store.open_game(CH) is None
    await other.unchanged()


async def test_a_long_import_replays_off_the_event_loop(
    svc: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # which thread applies each step: the replay belongs in a worker thread, never on the loop
    # (checked by where it runs, not by timing it, which a loaded machine makes flaky); every
    # import replays there whatever its length, so a few hundred steps show it
    threads: list[int] = []
    apply = Vijayanagara.apply

    def recorded(
        self: Vijayanagara, state: vijayanagara.GameState, action: vijayanagara.Action
    ) -> vijayanagara.GameState:
        threads.append(threading.get_ident())
        return apply(self, state, action)

    monkeypatch.setattr(Vijayanagara, "apply", recorded)
    reply = await svc.transfer.import_game(CH, D, export_of_gives(300))
    assert reply.ok, reply.text
    assert len(threads) >= 300
    assert threading.get_ident() not in threads


def test_a_trade_does_not_copy_the_whole_log_into_the_state() -> None:
    # the state used to hold the whole log and a copy of itself for undo, so a log of n
    # trades cost O(n**2) to replay and to store; now its size does not grow with the log
    state = vijayanagara.new_game(1)
    log = vijayanagara.LogTail.of(state)
    sizes = []
    for i in range(400):
        giver, receiver = (vijayanagara.Faction.D, vijayanagara.Faction.B)[
            :: 1 if i % 2 == 0 else -1
        ]
        state = vijayanagara.apply(
            state, vijayanagara.Give(giver=giver, receiver=receiver, resources=1)
        )
        log.follow(state)
        if i in (9, 399):
            sizes.append(len(state.model_dump_json()))
    assert sizes[1] <= sizes[0] + 100
    assert len(log.lines) > 400 and log.end == state.log_at + len(state.log)


def test_undo_after_a_barrier_restores_the_log_of_that_moment() -> None:
    state = vijayanagara.new_game(1)
    state = vijayanagara.apply(state, vijayanagara.Give(giver="D", receiver="B", resources=1))
    log = vijayanagara.LogTail.of(state)
    before = list(log.lines)
    legal = vijayanagara.legal_actions(state)
    after = vijayanagara.apply(state, legal[0])
    log.follow(after)
    if vijayanagara.can_undo(after) is not None:
        back = vijayanagara.apply(after, vijayanagara.Undo())
        log.follow(back)
        assert log.lines == [*before, f"{after.last_actor} takes back a step."]
        assert back.options == state.options


# --- 5. custom decks stored once, parsed decks bounded -------------------------------------


async def test_a_deck_is_stored_once_and_not_in_any_state(svc: GameService) -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    assert (await svc.lobby.create(CH, D, seed=3, files={"deck": text}, kind="vijayanagara")).ok
    assert (
        await svc.lobby.create(
            "chan-two", D, seed=4, files={"deck": text.encode()}, kind="vijayanagara"
        )
    ).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    assert (await svc.lobby.start(CH, D)).ok
    game = await svc.store.open_game(CH)
    assert game is not None and game.options["deck_hash"] == deck_key(text)
    assert "deck" not in game.options  # the text is stored once, by its hash
    snap = await svc.store.latest_snapshot(game.id)
    assert snap is not None and "Border Levies" not in snap.state
    assert len(snap.state) < 100_000
    # the export carries the text, and imports again
    exported = await svc.transfer.export(CH)
    assert exported.file is not None
    data = json.loads(exported.file.data)
    assert data["options"]["deck"] == text
    imported = await svc.transfer.import_game("chan-three", D, exported.file.data)
    assert imported.ok, imported.text
    assert (await svc.views.card_in("chan-three", "Border Levies", kind="vijayanagara")).ok


def test_the_parsed_deck_cache_is_bounded() -> None:
    base = FIXTURE.read_text(encoding="utf-8")
    before = rss_bytes()
    for i in range(PARSED_DECKS + 4):  # past the bound: the oldest go
        vijayanagara.cards.deck_from_text(base + f"\n# variant {i}\n" + "#" * 100_000 + "\n")
    assert len(vijayanagara.cards._parsed) <= PARSED_DECKS
    assert rss_bytes() - before < 100_000_000


async def test_a_game_whose_deck_was_forgotten_by_the_cache_still_plays(
    svc: GameService,
) -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    assert (await svc.lobby.create(CH, D, seed=3, files={"deck": text}, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    assert (await svc.lobby.start(CH, D)).ok
    svc.loader.forget(1)
    vijayanagara.cards._parsed.clear()
    status = await svc.views.status(CH)
    assert status.ok, status.text


# --- 6. numbers out of range -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"seed": 2**64}, "seed"),
        ({"seed": -1}, "seed"),
        ({"seed": True}, "seed"),
        ({"seats": {"D": 2**64}}, "seats"),
        ({"creator": 10**30}, "creator"),
        ({"format_version": 999}, "format_version"),
        ({"extra": 1}, "extra"),
        ({"seats": {"Q": 1}}, "seats"),
        ({"actions": [{"action": {"type": "give", "resources": 10**40}}]}, "Step 1 (give)"),
        ({"actions": [{"action": {"type": "give", "x": [1, [2, [3]]]}}]}, "Step 1 (give)"),
        ({"options": {"deck": "cards: [}"}}, "deck"),
        ({"options": {"deck": "cards: []"}}, "deck"),
        ({"options": {"timurs_shadow": "yes"}}, "timurs_shadow"),
    ],
)
async def test_an_import_with_a_bad_value_is_refused_and_stores_nothing(
    svc: GameService, other: Bystander, changes: dict[str, object], expected: str
) -> None:
    reply = await refused_quickly(svc.transfer.import_game(CH, D, export_doc(**changes)))
    assert expected in reply.text
    assert await svc.store.latest_game(CH) is None
    await other.unchanged()


async def test_numbers_from_users_are_range_checked_with_a_message(
    svc: GameService, other: Bystander
) -> None:
    reply = await svc.lobby.create(CH, D, seed=2**64, kind="vijayanagara")
    assert not reply.ok and "seed" in reply.text.lower()
    reply = await svc.lobby.create(CH, D, seed=-5, kind="vijayanagara")
    assert not reply.ok and "seed" in reply.text.lower()
    reply = await svc.views.log_lines(OTHER, 10**30)
    assert not reply.ok and "from 1 to 200" in reply.text
    reply = await text_command(svc, OTHER, D, "log " + "9" * 4000)  # within the line limit
    assert not reply.ok and "from 1 to 200" in reply.text and len(reply.text) < 300
    reply = await give(svc, OTHER, D, "B", 2**70, 0)
    assert not reply.ok and "from 0 to 24" in reply.text
    reply = await give(svc, OTHER, D, "B", 0, -1)
    assert not reply.ok and "from 0 to 10" in reply.text
    reply = await text_command(svc, OTHER, D, "give B " + "9" * 5000 + " resources")
    assert not reply.ok and len(reply.text) < MAX_MESSAGE_CHARS
    reply = await svc.press(OTHER, D, "vj:" + "9" * 5000 + ":1:a0")
    assert not reply.ok
    reply = await svc.views.card_in(OTHER, "9" * 5000, kind="vijayanagara")
    assert not reply.ok and len(reply.text) < MAX_MESSAGE_CHARS
    reply = await svc.views.card_in(
        OTHER, "²", kind="vijayanagara"
    )  # a digit to str.isdigit, not to int()
    assert not reply.ok and "No card matches" in reply.text
    await other.unchanged()


HUGE = b"9" * 5000  # more digits than Python turns into an int by default


@pytest.mark.parametrize(
    "raw",
    [
        export_doc(creator=123456789).replace(b"123456789", HUGE),
        export_doc(seed=123456789).replace(b"123456789", b"-" + HUGE),
        export_doc(seats={"D": 123456789}).replace(b"123456789", HUGE),
        export_of_gives(2).replace(b'"resources":1', b'"resources":' + HUGE, 1),
        export_of_gives(2).replace(b'"resources":1', b'"resources":1.' + HUGE, 1),
        export_of_gives(2).replace(b'"resources":1', b'"resources":1e999999', 1),
        export_of_gives(2).replace(b'"resources":1', b'"resources":NaN', 1),
        export_doc(status="active", actions=[]).replace(b"[]", b"[" * 200 + b"]" * 200),
    ],
)
async def test_an_import_with_a_huge_number_or_deep_nesting_is_refused(
    svc: GameService, other: Bystander, raw: bytes
) -> None:
    reply = await refused_quickly(svc.transfer.import_game(CH, D, raw))
    assert "number" in reply.text or "NaN" in reply.text or "nested deeper" in reply.text
    assert await svc.store.latest_game(CH) is None
    await other.unchanged()


@pytest.mark.parametrize(
    "raw",
    [
        export_doc(creator=123456789).replace(b"123456789", HUGE),
        export_of_gives(2).replace(b'"resources":1', b'"resources":' + HUGE, 1),
        b'{"actions": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
        b'{"fairness": ' + b'{"a": ' * 50_000 + b"1" + b"}" * 50_001,
    ],
)
def test_verify_refuses_a_huge_number_or_deep_nesting_in_one_line(
    raw: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, message = check(raw)
    assert status == 2 and "\n" not in message and len(message) < 300, message
    path = tmp_path / "export.json"
    path.write_bytes(raw)
    assert verify_main([str(path)]) == 2
    assert capsys.readouterr().out.count("\n") == 1


def test_verify_says_in_one_line_that_a_file_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in (tmp_path / "missing.json", tmp_path):
        assert verify_main([str(path)]) == 2
        out = capsys.readouterr().out
        assert out.startswith("cannot read") and out.count("\n") == 1, out


def test_deck_numbers_are_range_checked() -> None:
    huge = "1" + "0" * 5000  # more digits than Python turns into an int by default
    for number, count in ((huge, "1"), (str(2**70), "1"), ("5", str(2**70)), ("5", huge)):
        doc = small_deck()
        doc["cards"][0]["number"] = 123456781
        doc["cards"][0]["unshaded"]["effects"] = [
            {"place": {"piece": "troop", "count": 123456782, "in": {"spaces": ["delhi"]}}}
        ]
        text = yaml_text.dump(doc).replace("123456781", number).replace("123456782", count)
        with pytest.raises(vijayanagara.DataError) as err:
            vijayanagara.cards.load_deck_text(text)
        assert len(str(err.value)) < 500


async def test_the_terminal_client_refuses_a_seed_out_of_range(tmp_path: Path) -> None:
    out = io.StringIO()
    with pytest.raises(SystemExit) as ex:
        await amain(
            ["--db", str(tmp_path / "t.sqlite3"), "--seed", "9223372036854775808"],
            lines=["quit"],
            out=out,
            renderer=FakeRenderer(),
        )
    assert ex.value.code == 2  # argparse's usage error, not a traceback


# --- 7. permissions -----------------------------------------------------------------------------


async def test_an_import_seats_only_the_importer_and_what_they_claim(svc: GameService) -> None:
    raw = export_doc(seats={"D": D, "B": B, "V": V}, status="lobby")
    reply = await svc.transfer.import_game(CH, STRANGER, raw)
    assert reply.ok, reply.text
    game = await svc.store.open_game(CH)
    assert game is not None and game.seats == {} and game.creator == STRANGER
    assert "Free seats: D, B, V" in reply.text
    assert f"<@{D}>" not in reply.text and not reply.mentions

    raw = export_doc(seats={"D": D, "B": B, "V": V}, status="lobby")
    reply = await svc.transfer.import_game("chan-b", D, raw, claim="V")
    assert reply.ok, reply.text
    game = await svc.store.open_game("chan-b")
    assert game is not None and game.seats == {"D": D, "V": D}
    assert (await svc.lobby.join("chan-b", B, "B")).ok


async def test_an_imported_game_in_progress_keeps_free_seats_open(svc: GameService) -> None:
    assert (await svc.lobby.create(OTHER, D, seed=5, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(OTHER, uid, f.value)).ok
    assert (await svc.lobby.start(OTHER, D)).ok
    assert (await svc.moves.play(OTHER, B, "pass")).ok
    exported = await svc.transfer.export(OTHER)
    assert exported.file is not None
    reply = await svc.transfer.import_game(CH, B, exported.file.data)
    assert reply.ok, reply.text
    game = await svc.store.open_game(CH)
    assert game is not None and game.status == "active" and game.seats == {"B": B}
    assert (await svc.lobby.join(CH, D, "D")).ok


async def test_only_a_seated_player_or_the_creator_starts(svc: GameService) -> None:
    assert (await svc.lobby.create(CH, STRANGER, seed=1, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    reply = await svc.lobby.start(CH, 4242)
    assert not reply.ok and "seated player or the game's creator" in reply.text
    assert (await svc.lobby.start(CH, STRANGER)).ok


async def test_the_server_decides_who_creates_imports_and_aborts(svc: GameService) -> None:
    # only a manager may change the setting
    reply = await svc.lobby.configure(GUILD, D, is_manager=False, organisers="managers")
    assert not reply.ok and "Manage Server" in reply.text
    reply = await svc.lobby.configure(GUILD, D, is_manager=True, organisers="role")
    assert not reply.ok and "role" in reply.text
    reply = await svc.lobby.configure(GUILD, D, is_manager=True, organisers="role", role_id=2**64)
    assert not reply.ok
    reply = await svc.lobby.configure(GUILD, D, is_manager=True, organisers="sometimes")
    assert not reply.ok and "anyone, role, managers" in reply.text
    assert (
        await svc.lobby.configure(GUILD, D, is_manager=True, organisers="role", role_id=ROLE)
    ).ok
    shown = await svc.lobby.configure(GUILD, STRANGER, is_manager=False)
    assert shown.ok and f"<@&{ROLE}>" in shown.text

    # without the role: no create, no import; with it (or Manage Server): yes
    reply = await svc.lobby.create(CH, STRANGER, guild=GUILD, roles=[1, 2], kind="vijayanagara")
    assert not reply.ok and f"<@&{ROLE}>" in reply.text
    reply = await svc.transfer.import_game(CH, STRANGER, export_doc(), guild=GUILD)
    assert not reply.ok and await svc.store.latest_game(CH) is None
    assert (await svc.lobby.create(CH, STRANGER, guild=GUILD, roles=[ROLE], kind="vijayanagara")).ok
    # another server keeps the default: anyone
    assert (
        await svc.lobby.create("chan-elsewhere", STRANGER, guild="guild-2", kind="vijayanagara")
    ).ok

    # abort: the creator, a holder of the role, or a manager; nobody else
    reply = await svc.lobby.abort(CH, D, guild=GUILD, roles=[])
    assert not reply.ok and "creator" in reply.text
    assert (await svc.lobby.abort(CH, D, guild=GUILD, roles=[ROLE])).ok

    assert (await svc.lobby.configure(GUILD, D, is_manager=True, organisers="managers")).ok
    assert not (
        await svc.lobby.create(CH, STRANGER, guild=GUILD, roles=[ROLE], kind="vijayanagara")
    ).ok
    assert (
        await svc.lobby.create(CH, STRANGER, guild=GUILD, is_manager=True, kind="vijayanagara")
    ).ok
    assert (await svc.lobby.abort(CH, STRANGER, guild=GUILD)).ok  # its creator


# --- 8. errors are not swallowed -----------------------------------------------------------------


async def test_a_failing_card_lookup_is_not_hidden(
    svc: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(
        prefix: str, deck: vijayanagara.Deck | None = None
    ) -> list[vijayanagara.cards.CardInfo]:
        raise RuntimeError("the card index is broken")

    monkeypatch.setattr("rules.vijayanagara.table.find_cards", broken)
    with pytest.raises(RuntimeError):
        await svc.views.card_in(CH, "5", kind="vijayanagara")


# --- the time limit on work off the event loop -------------------------------------------------


async def test_a_check_past_the_time_limit_is_refused_and_nothing_stored(
    svc: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from rules.vijayanagara.table_setup import VijayanagaraFiles

    finish = threading.Event()

    real = VijayanagaraFiles.with_files

    def slow(
        self: VijayanagaraFiles, options: vijayanagara.GameOptions, files: object
    ) -> vijayanagara.GameOptions:
        finish.wait(60)  # past the limit: until the test lets the thread end
        return options

    svc.workers.seconds = 0.1
    monkeypatch.setattr(VijayanagaraFiles, "with_files", slow)
    async with watched() as w:
        reply = await svc.lobby.create(
            CH, D, files={"deck": FIXTURE.read_text(encoding="utf-8")}, kind="vijayanagara"
        )
    assert not reply.ok and "longer than" in reply.text
    responsive(w)
    assert await svc.store.open_game(CH) is None
    # the slot is held until the thread really ends, then free again
    finish.set()
    svc.workers.seconds = 5.0
    monkeypatch.setattr(VijayanagaraFiles, "with_files", real)
    assert (
        await svc.lobby.create(
            CH, D, files={"deck": FIXTURE.read_text(encoding="utf-8")}, kind="vijayanagara"
        )
    ).ok


async def test_long_words_are_quoted_only_in_part(svc: GameService, other: Bystander) -> None:
    word = "Z" * 100_000
    for reply in (
        await svc.lobby.join(OTHER, STRANGER, word),
        await text_command(svc, OTHER, STRANGER, word),
        await svc.views.card_in(OTHER, word, kind="vijayanagara"),
    ):
        assert not reply.ok and len(reply.text) < MAX_MESSAGE_CHARS
    await other.unchanged()


async def test_the_terminal_client_refuses_a_missing_or_huge_deck_file(tmp_path: Path) -> None:
    args = ["--db", str(tmp_path / "t.sqlite3"), "--boards", str(tmp_path / "b")]
    with pytest.raises(SystemExit) as ex:
        await amain([*args, "--deck", str(tmp_path / "nope.yaml")], ["quit"], io.StringIO())
    assert ex.value.code == 2
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (MAX_DECK_BYTES * 4))
    out = io.StringIO()
    with pytest.raises(SystemExit):
        await amain([*args, "--deck", str(big)], ["quit"], out, FakeRenderer())
    assert "too large" in out.getvalue()


async def test_a_game_whose_deck_row_is_gone_answers_with_a_message(svc: GameService) -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    assert (await svc.lobby.create(CH, D, seed=3, files={"deck": text}, kind="vijayanagara")).ok
    for f, uid in SEATS.items():
        assert (await svc.lobby.join(CH, uid, f.value)).ok
    assert (await svc.lobby.start(CH, D)).ok
    store = svc.store
    assert isinstance(store, SQLiteStore)
    await store._conn.execute("DELETE FROM decks")
    svc.loader.forget(1)
    for reply in (
        await svc.views.status(CH),
        await svc.views.board(CH),
        await svc.transfer.export(CH),
        await svc.views.card_in(CH, "1", kind="vijayanagara"),
        await svc.moves.play(CH, B, "pass"),
    ):
        assert not reply.ok and "deck file" in reply.text, reply.text
