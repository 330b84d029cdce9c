"""No refusal of a game's loaders or imports repeats, of a list of hostile keys and values,
a control or formatting character, markup or a mention it was given (rules.text.inert is the
one way a user's text comes back), and every loader reads its numbers strictly. The loaders
are those the registry knows (each game's component files, read as `create` and `import`
read them) and every part of an export, said to Discord and to the terminal: a new game's
files and imports are covered by its registration alone."""

from __future__ import annotations

import copy
import functools
import io
import json
import re
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import yaml_text
from fakes import FakeRenderer
from hostile import HOSTILE_TEXTS, MARK, assert_inert
from test_import_checks import decisions_of, played

from bot.discord.front_end import DISCORD
from bot.table.front_end import FrontEnd
from bot.table.registry import game, games
from bot.table.service import GameService
from bot.terminal.front_end import TERMINAL
from bot.terminal.local import amain
from rules.capabilities import files_of
from rules.game import player_options

KINDS = [g.info.id for g in games()]
FILES = [(g.info.id, name) for g in games() for name in files_of(g).file_names()]
Where = tuple[str | int, ...]


def _positions(doc: object, where: Where = ()) -> Iterator[tuple[Where, object]]:
    """Every mapping and every value of a document, with where it stands: each mapping's
    fields, and the first item of each list (the others are of its kind)."""
    yield where, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _positions(v, (*where, k))
    elif isinstance(doc, list) and doc:
        yield from _positions(doc[0], (*where, 0))


def _at(doc: Any, where: Where) -> Any:
    for part in where:
        doc = doc[part]
    return doc


def _copied_to(doc: Any, where: Where) -> tuple[Any, Any]:
    """A copy of `doc` that shares all but the containers on the way to `where` (the
    document itself is never changed), and the copy of the container at `where`."""
    out = inner = copy.copy(doc)
    for part in where:
        inner[part] = copy.copy(inner[part])
        inner = inner[part]
    return out, inner


def _set(doc: Any, where: Where, value: object) -> Any:
    if not where:
        return value
    out, parent = _copied_to(doc, where[:-1])
    parent[where[-1]] = value
    return out


def _with_key(doc: Any, where: Where, key: str) -> Any:
    out, mapping = _copied_to(doc, where)
    mapping[key] = 1
    return out


def _loader(kind: str, name: str) -> Callable[[str], object]:
    """The file read as `create` and `import` read it."""
    g = game(kind)
    return lambda text: files_of(g).with_files(g.info.options(), {name: text})


def _text(doc: object) -> str:
    """A document as a file gives it: in JSON, which YAML reads (quicker to write than YAML),
    each character YAML takes only escaped written as its escape; in YAML where a key is
    longer than YAML takes in JSON's form (1,024 characters)."""
    text = json.dumps(doc, ensure_ascii=False)
    if re.search(r'"[^"]{1000,}":', text):
        return yaml_text.dump(doc)
    return re.sub(
        r"[^\n\t -~\u00a0-\u2027\u202a-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]", _escaped, text
    )


def _escaped(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


def _refused(load: Callable[[str], object], doc: object) -> str:
    with pytest.raises(ValueError) as refused:
        load(_text(doc))
    return str(refused.value)


@functools.cache
def _standard(kind: str, name: str) -> Any:
    """The game's own file, read once a process (read only: each change copies what it
    changes, `_copied_to`)."""
    return yaml_text.load(files_of(game(kind)).standard_text(name))


def _file_with_key(kind: str, name: str, key: str) -> str:
    """The game's own file given `key` as its last one: its text, then the key's line (the
    file is a mapping at the top, its lines not indented)."""
    return files_of(game(kind)).standard_text(name) + yaml_text.dump({key: 1})


@pytest.mark.parametrize("file", FILES, ids="-".join)
def test_a_key_added_to_a_files_text_is_its_last_key(file: tuple[str, str]) -> None:
    """What the tests through the table give (`_file_with_key`), read as the file it is."""
    read = yaml_text.load(_file_with_key(*file, HOSTILE_TEXTS[0]))
    expected = _with_key(_standard(*file), (), HOSTILE_TEXTS[0])
    assert read == expected and list(read) == list(expected)


@pytest.mark.parametrize("file", FILES, ids="-".join)
def test_a_hostile_key_or_value_anywhere_in_a_file_is_refused_inert(file: tuple[str, str]) -> None:
    """Each mapping of the file given a hostile key and each value replaced by a hostile
    text, the list taken in turn until every place and every text has been tried (a text
    as a key where a mapping's turn comes, as a value elsewhere)."""
    load, doc = _loader(*file), _standard(*file)
    places = [(w, isinstance(v, dict)) for w, v in _positions(doc) if not isinstance(v, list)]
    for i in range(max(len(places), len(HOSTILE_TEXTS))):
        (where, mapping), hostile = places[i % len(places)], HOSTILE_TEXTS[i % len(HOSTILE_TEXTS)]
        changed = _with_key(doc, where, hostile) if mapping else _set(doc, where, hostile)
        assert_inert(_refused(load, changed), hostile)


@pytest.mark.parametrize("file", FILES, ids="-".join)
def test_every_number_and_truth_of_a_file_is_read_strictly(file: tuple[str, str]) -> None:
    """A number given as `true`, as text or as a decimal, and a truth given as 1 or as
    text, are refused naming the field: YAML's types are not converted."""
    load, doc = _loader(*file), _standard(*file)
    for where, value in _positions(doc):
        if isinstance(value, bool):
            wrong: list[object] = [1, "true"]
        elif isinstance(value, int):
            wrong = [value == 1, str(value), float(value)]
        else:
            continue
        for bad in wrong:
            said = _refused(load, _set(doc, where, bad))
            assert str(where[-1]) in said, (where, bad, said)


@pytest.mark.parametrize("file", FILES, ids="-".join)
def test_a_short_wrong_text_is_never_said_to_be_too_long(file: tuple[str, str]) -> None:
    """Every text of the file given two letters no field takes: refused with its rule, not
    with a length the value keeps (`'NX' is not allowed: text of at most 4 characters`)."""
    load, doc = _loader(*file), _standard(*file)
    for where, value in _positions(doc):
        if not isinstance(value, str):
            continue
        try:
            load(_text(_set(doc, where, "Zq")))
        except ValueError as e:
            for most in re.findall(r"at most (\d+) characters", str(e)):
                assert int(most) < 2, (where, str(e))


@pytest.mark.parametrize("kind", KINDS)
def test_a_file_of_a_hostile_name_is_refused_inert(kind: str) -> None:
    """Whether the game takes files or none."""
    g = game(kind)
    for name in HOSTILE_TEXTS:
        with pytest.raises(ValueError) as refused:
            files_of(g).with_files(g.info.options(), {name: "x: 1"})
        assert_inert(str(refused.value), name)


# --- through the table, as Discord and the terminal say it ---------------------------------


@pytest_asyncio.fixture(
    params=[DISCORD, TERMINAL], ids=["discord", "terminal"], scope="module", loop_scope="module"
)
async def svc(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[GameService]:
    """A service of each front, shared by the tests of the module: each refusal it gives
    stores nothing (each test checks), so the next test finds it as new."""
    front: FrontEnd = request.param
    folder = tmp_path_factory.mktemp("hostile")
    s = await GameService.open(str(folder / "hostile.sqlite3"), FakeRenderer(), front=front)
    yield s
    await s.close()


def _export_changes(kind: str, hostile: str) -> list[tuple[str, Callable[[Any], None]]]:
    """Each part of an export given `hostile`: as a key of the document, of its options, of
    its seats and of a step; as the game it names, its seats it started with, an option's
    value, a component file's key, a step's seat and a step's every value."""
    base = _played(kind)
    step = decisions_of(base)[0]
    out: list[tuple[str, Callable[[Any], None]]] = [
        ("a key", lambda d: d.update({hostile: 1})),
        ("an option", lambda d: d["options"].update({hostile: 1})),
        ("a seat", lambda d: d["seats"].update({hostile: 1})),
        ("a step's key", lambda d: d["actions"][step]["action"].update({hostile: 1})),
        ("the game", lambda d: d.update(game=hostile)),
        ("the players", lambda d: d["options"].update(players=hostile)),
        ("a step's seat", lambda d: d["actions"][step].update(faction=hostile)),
        ("a seat's name", lambda d: d["actions"][step].update(faction="__" + MARK + "__")),
    ]
    for option in player_options(game(kind).info.options):
        out.append((option, lambda d, o=option: d["options"].update({o: hostile})))
    for name in files_of(game(kind)).file_names():
        text = yaml_text.dump({hostile: 1})
        out.append((f"the {name} file", lambda d, n=name, t=text: d["options"].update({n: t})))
    for field in base["actions"][step]["action"]:
        out.append((field, lambda d, f=field: d["actions"][step]["action"].update({f: hostile})))
    return out


@functools.cache
def _played(kind: str) -> Any:
    """`played`, once a process (read only: each change is made to a copy)."""
    return played(kind)


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("kind", KINDS)
async def test_no_part_of_an_export_comes_back_from_an_import_as_it_was_given(
    svc: GameService, kind: str
) -> None:
    base = _played(kind)
    parts = len(_export_changes(kind, ""))
    for i in range(max(parts, len(HOSTILE_TEXTS))):  # every part and every text, in turn
        hostile = HOSTILE_TEXTS[i % len(HOSTILE_TEXTS)]
        what, change = _export_changes(kind, hostile)[i % parts]
        doc = copy.deepcopy(base)
        change(doc)
        reply = await svc.transfer.import_game(str(i), 71, json.dumps(doc).encode())
        assert not reply.ok, (what, hostile, reply.text)
        assert_inert(reply.text, hostile)


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("file", FILES, ids="-".join)
async def test_a_hostile_file_given_to_create_is_refused_inert(
    svc: GameService, file: tuple[str, str]
) -> None:
    kind, name = file
    for i, hostile in enumerate(HOSTILE_TEXTS[:: len(HOSTILE_TEXTS) // 4]):
        text = _file_with_key(kind, name, hostile)
        reply = await svc.lobby.create(str(i), 71, kind=kind, files={name: text.encode()})
        assert not reply.ok and await svc.store.open_game(str(i)) is None, reply.text
        assert_inert(reply.text, hostile)
    reply = await svc.lobby.create("x", 71, kind=kind, files={HOSTILE_TEXTS[0]: b"x: 1"})
    assert not reply.ok
    assert_inert(reply.text, HOSTILE_TEXTS[0])


@pytest.mark.parametrize("file", FILES, ids="-".join)
async def test_the_terminal_prints_no_escape_a_file_given_at_launch_holds(
    tmp_path: Path, file: tuple[str, str]
) -> None:
    """The terminal's own output, for a component file given with `--file` whose key would
    clear the screen and set the window's title."""
    kind, name = file
    hostile = HOSTILE_TEXTS[0]
    given = tmp_path / f"{name}.yaml"
    given.write_text(_file_with_key(kind, name, hostile))
    seat = game(kind).info.seats[0]
    argv = ["--game", kind, "--play", seat, "--boards", str(tmp_path / "b")]
    argv += ["--db", str(tmp_path / "a.sqlite3"), "--file", f"{name}={given}"]
    out = io.StringIO()
    with pytest.raises(SystemExit):
        await amain(argv, [], out, FakeRenderer())
    assert "That file cannot be used" in out.getvalue(), out.getvalue()
    assert_inert(out.getvalue(), hostile)


@pytest.mark.parametrize("kind", KINDS)
async def test_the_terminal_prints_no_escape_an_export_holds(tmp_path: Path, kind: str) -> None:
    """The terminal's own output, for an export imported whose options hold a key that would
    clear the screen and set the window's title."""
    hostile = HOSTILE_TEXTS[0]
    doc = played(kind)
    doc["options"][hostile] = 1
    export = tmp_path / "export.json"
    export.write_text(json.dumps(doc))
    out = io.StringIO()
    argv = ["--game", kind, "--db", str(tmp_path / "b.sqlite3"), "--boards", str(tmp_path)]
    await amain(argv, [f"import {export}", "quit"], out, FakeRenderer())
    assert f"not an option of {game(kind).info.title}" in out.getvalue(), out.getvalue()
    assert_inert(out.getvalue(), hostile)
