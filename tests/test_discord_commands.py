"""The /vj commands through the real discord.py library: the tree Discord is given, servers
only, autocomplete from the game's own data, orders that cannot apply twice."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord_env import B, D, Env, V, running_bot
from discord_fake import CHANNEL
from fakes import STRANGER

from bot.table.closing import CHART_FILE
from db import GameResult, NewAction, SeatResult
from rules import vijayanagara
from rules.vijayanagara.cards import deck_for, with_deck

FIXTURES = Path(__file__).parent / "fixtures"
EXPECTED = {
    "create", "join", "leave", "start", "play", "pass", "event", "command", "decree", "done",
    "undo", "give", "board", "status", "log", "card", "help", "export", "import", "abort",
    "rules", "ai", "hint", "options", "club",
}  # fmt: skip
CLUB = {
    "pace",
    "me",
    "rematch",
    "seat",
    "history",
    "stats",
    "replay",
    "verify",
    "config",
}  # /vj club (a subgroup: Discord allows 25 per group)


@pytest.fixture
async def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, migrated_sqlite_bytes: bytes):  # type: ignore[no-untyped-def]
    db = tmp_path / "bot.sqlite3"
    async with running_bot(db, monkeypatch, migrated=migrated_sqlite_bytes) as e:
        yield e


def told(env: Env, user: int) -> str:
    return "\n".join(m.content for m in env.fake.private_to(user))


async def test_the_synced_group_is_for_servers_only(env: Env) -> None:
    (vj,) = [
        c for c in env.fake.commands if c["name"] == "vj"
    ]  # (every game has a group: /gt, /tm)
    assert {c["name"] for c in vj["options"]} == EXPECTED
    assert all(c["description"] for c in vj["options"])
    (club,) = [c for c in vj["options"] if c["name"] == "club"]
    assert club["type"] == 2 and {c["name"] for c in club["options"]} == CLUB
    assert len(vj["options"]) <= 25
    assert vj.get("contexts") == [0] or vj.get("dm_permission") is False
    assert not env.bot.intents.message_content and not env.bot.intents.members


async def test_two_clients_of_one_process_share_the_groups_and_answer_each_from_its_own_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The slash groups are built once for the games hosted, whatever the client: a command
    answers through the table of the client it came to (its database), never another's."""
    async with (
        running_bot(tmp_path / "one.sqlite3", monkeypatch) as one,
        running_bot(tmp_path / "two.sqlite3", monkeypatch) as two,
    ):
        assert one.bot.groups == two.bot.groups
        assert all(one.bot.groups[k] is two.bot.groups[k] for k in one.bot.groups)
        await one.started()  # B decides first
        assert await two.service.store.latest_game(str(CHANNEL)) is None
        await two.slash(V, "create")
        await two.slash(D, "join", faction="D")
        one_game = await one.service.store.open_game(str(CHANNEL))
        two_game = await two.service.store.open_game(str(CHANNEL))
        assert one_game is not None and one_game.creator == D and one_game.status == "active"
        assert two_game is not None and two_game.creator == V and two_game.seats == {"D": D}
        # a completion too: the game running in one's table, none in two's
        asked = [env.fake.autocomplete(B, "play", "order", "pa") for env in (one, two)]
        await one.fake.settle()
        await two.fake.settle()
        assert asked[0].choices and asked[0].choices[0]["name"] == "pass"
        assert asked[1].choices == []


async def test_vj_in_a_direct_message_is_refused(env: Env) -> None:
    inter = env.fake.slash(D, "create", guild=False)
    await env.fake.settle()
    assert "server" in told(env, D)
    assert inter.response == 4
    assert await env.service.store.open_game(str(CHANNEL)) is None


async def test_errors_are_private_and_say_why(env: Env) -> None:
    await env.started()
    await env.slash(D, "play", order="pass")  # B's turn
    assert "not your turn" in told(env, D)
    await env.slash(STRANGER, "join", faction="D")
    assert "taken" in told(env, STRANGER)
    public = [m.content for m in env.fake.visible]
    assert not any("not your turn" in c for c in public)


async def test_a_double_submitted_order_is_played_once(env: Env) -> None:
    await env.started()
    # B holds V's seat too (V decides after B in this game), so a second `pass` is legal
    await env.slash(V, "leave")
    await env.slash(B, "join", faction="V")
    await env.slash(B, "pass")
    version, state = await env.state()
    assert vijayanagara.prompt(state).faction == vijayanagara.Faction.V
    await env.slash(B, "play", order="pass")
    assert (await env.state())[0] == version  # refused
    assert "again: pass" in told(env, B)
    await env.slash(B, "play", order="again: pass")
    assert (await env.state())[0] == version + 1


async def test_a_suggestion_picked_after_the_game_moved_on_is_refused(env: Env) -> None:
    await env.started()
    inter = env.fake.autocomplete(B, "play", "order", "pa")
    await env.fake.settle()
    assert inter.choices is not None
    (choice,) = inter.choices
    assert choice["name"] == "pass" and choice["value"].startswith("[v")
    await env.slash(B, "pass")  # the game moves on
    version, _ = await env.state()
    await env.slash(B, "play", order=choice["value"])
    assert (await env.state())[0] == version
    assert "moved on since" in told(env, B)


async def test_a_suggestion_is_played_when_current(env: Env) -> None:
    await env.started()
    inter = env.fake.autocomplete(B, "play", "order", "pa")
    await env.fake.settle()
    assert inter.choices is not None
    version, _ = await env.state()
    await env.slash(B, "play", order=inter.choices[0]["value"])
    assert (await env.state())[0] == version + 1


async def test_an_order_past_100_characters_can_be_sent_in_parts(env: Env) -> None:
    await env.started()
    version, state = await env.state()
    steps: list[str] = []
    while len("; ".join(steps)) <= 100:  # B's own legal steps, past what a suggestion holds
        legal = [
            a
            for a in vijayanagara.legal_actions(state)
            if vijayanagara.describe(state, a) != "pass"
        ]
        action = legal[0]
        steps.append(vijayanagara.describe(state, action))
        state = vijayanagara.apply(state, action)
        assert vijayanagara.prompt(state).faction == vijayanagara.Faction.B, steps
    inter = env.fake.autocomplete(B, "play", "order", "; ".join(steps) + "; ")
    await env.fake.settle()
    assert inter.choices, "a long order still gets a suggestion"
    first = inter.choices[0]
    assert first["name"].startswith(f"Send the {len(steps)} steps typed so far")
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in inter.choices)
    await env.slash(B, "play", order=first["value"])
    after, now = await env.state()
    assert after == version + 1, told(env, B)
    assert now.actions_taken == state.actions_taken


async def test_card_autocomplete_offers_the_games_own_deck(env: Env) -> None:
    deck = (FIXTURES / "small_deck.yaml").read_bytes()
    env.fake.slash(D, "create", attachments={"deck": ("deck.yaml", deck, 0.0)})
    await env.fake.settle()
    assert any("own deck" in m.content for m in env.fake.visible), told(env, D)
    inter = env.fake.autocomplete(D, "card", "number", "")
    await env.fake.settle()
    assert inter.choices is not None
    titles = {c["name"] for c in inter.choices}
    standard = vijayanagara.standard_deck().cards
    own = deck_for(with_deck(vijayanagara.GameOptions(), deck.decode())).cards
    assert titles == {f"{n}. {c.title}"[:100] for n, c in sorted(own.items())[:25]}
    assert titles != {f"{n}. {c.title}"[:100] for n, c in sorted(standard.items())[:25]}


async def test_abort_needs_the_creator_or_manage_server(env: Env) -> None:
    await env.started()
    await env.slash(B, "abort")
    assert "Manage Server" in told(env, B)
    env.fake.slash(STRANGER, "abort", manage_guild=True)
    await env.fake.settle()
    assert "ended" in env.fake.visible[-1].content
    assert await env.service.store.open_game(str(CHANNEL)) is None


async def test_export_then_import_in_another_channel(env: Env) -> None:
    await env.started()
    await env.slash(B, "export")
    exported = await env.service.transfer.export(str(CHANNEL))
    assert exported.file is not None and env.fake.visible[-1].files == [exported.file.filename]
    env.fake.slash(
        D, "import", channel=777, attachments={"file": ("g.json", exported.file.data, 0.0)}
    )
    await env.fake.settle()
    assert "Imported" in env.fake.visible[-1].content
    env.fake.slash(D, "import", channel=778, attachments={"file": ("g.json", b"nope", 0.0)})
    await env.fake.settle()
    assert "not an exported" in told(env, D)


async def test_a_button_on_an_old_message_is_refused_privately(env: Env) -> None:
    start = await env.started()
    first = start.custom_ids[0]
    await env.click(B, start, first)
    version, _ = await env.state()
    await env.click(B, start, first)  # the same click again: an older position
    assert (await env.state())[0] == version
    assert "moved on since" in told(env, B)


async def test_verify_shows_the_commitment_while_the_game_runs(env: Env) -> None:
    start = await env.started()
    await env.slash(V, "club verify")
    text = env.fake.visible[-1].content
    game = await env.service.store.open_game(str(CHANNEL))
    assert game is not None
    posted = (await env.service.store.secret(game.id)).commitment(game.id)
    assert f"Commitment (SHA-256 of `{game.id}|0|` and the secret): `{posted}`" in text, text
    assert f"commitment is `{posted}`" in start.content  # the one posted at the start
    assert "stays hidden until the game is over" in text


async def test_options_lists_every_allowed_step_privately(env: Env) -> None:
    await env.started()
    _, state = await env.state()
    await env.slash(B, "options")
    text = "\n".join(m.content for m in env.fake.private_to(B))
    assert all(vijayanagara.describe(state, a) in text for a in vijayanagara.legal_actions(state))
    assert not any("All allowed steps" in m.content for m in env.fake.visible)


async def test_an_ambiguous_step_offers_its_readings_in_a_select_menu(env: Env) -> None:
    """`ma` matches three spaces: the sender alone is asked, with a menu of the whole
    orders it could mean that are allowed there; the pick plays that order."""
    start = await env.started()
    version, _ = await env.state()
    await env.slash(B, "play", order="command; rally; place 1 amir in ma")
    assert (await env.state())[0] == version  # nothing played yet
    question = next(m for m in env.fake.private_to(B) if m.custom_ids)
    assert "is ambiguous" in question.content and "pick one below" in question.content
    (menu,) = [c for row in question.components for c in row["components"]]
    assert menu["type"] == 3
    labels = [o["label"] for o in menu["options"]]
    # Malwa matches too, but a Rally there is not allowed after `command; rally`
    assert labels == [f"place 1 amir in {s}" for s in ("madhyadesh", "maharashtra")]
    await env.select(B, question, menu["custom_id"], [menu["options"][1]["value"]])
    assert (await env.state())[0] > version
    assert "B Rallies 1 Amir in Maharashtra" in env.fake.messages[start.id].content + "\n".join(
        m.content for m in env.fake.visible
    )
    # the menu was used: picking again finds nothing to play
    await env.select(B, question, menu["custom_id"], [menu["options"][0]["value"]])
    assert "no longer have" in told(env, B) or "moved on since" in told(env, B)


async def test_rules_answers_a_topic_privately_with_its_sections(env: Env) -> None:
    inter = env.fake.autocomplete(D, "rules", "topic", "dem")
    await env.fake.settle()
    assert [c["value"] for c in inter.choices or []] == ["demand-obedience"]
    await env.slash(D, "rules", topic="demand-obedience")
    text = told(env, D)
    assert "Demand Obedience (Decree)" in text and "(4.2." in text
    assert all("Demand" not in m.content for m in env.fake.visible)  # nothing public
    await env.slash(D, "rules", topic="nonsense")
    assert "'nonsense' is not a topic; the topics are: winning" in told(env, D)
    await env.slash(D, "rules")
    assert "Rules topics" in told(env, D) and "battle" in told(env, D)
    await env.slash(D, "help")
    assert "`rules` — the rules at the table" in told(env, D)


async def test_command_and_decree_choices_say_what_each_does(env: Env) -> None:
    await env.started()  # B decides first
    version, _ = await env.state()
    inter = env.fake.autocomplete(B, "command", "name", "")
    await env.fake.settle()
    names = {c["value"]: c["name"] for c in inter.choices or []}
    assert names, "the Commands of the faction on turn are offered"
    for value, name in names.items():
        assert name.startswith(f"{value} — ") and len(name) <= 100
    assert (await env.state())[0] == version  # choices change nothing
    await env.slash(B, "command")
    turn = env.fake.visible[-1].content
    assert "Choose a Command" in turn and "`rally` — place Amirs or Rajas" in turn


async def test_a_board_names_the_players_and_carries_its_alt_text(env: Env) -> None:
    await env.started()
    names = env.renderer.names or {}
    assert set(names) == {vijayanagara.Faction.D, vijayanagara.Faction.B, vijayanagara.Faction.V}
    assert all(names.values()) and "<@" not in " ".join(names.values())  # names, not pings
    described = [
        a["description"]
        for r in env.fake.requests
        if isinstance(r.body, dict)
        for a in (r.body.get("attachments") or [])
        if a.get("filename") == "board.png" and a.get("description")
    ]
    assert described, "the board image goes with its alt text"
    alt = described[-1]
    assert alt.startswith("Vijayanagara board.") and "VP" in alt and "Card" in alt
    assert names[vijayanagara.Faction.B] in alt  # whose turn it is, by name (B acts first)


async def test_the_last_order_posts_the_chart_the_ratings_and_a_rematch_button(env: Env) -> None:
    """A game played to its last order through the service; that order through Discord."""
    await env.started()
    seats = {vijayanagara.Faction.D: D, vijayanagara.Faction.B: B, vijayanagara.Faction.V: V}
    channel = str(CHANNEL)
    for i in range(5000):
        version, st = await env.state()
        legal = vijayanagara.legal_actions(st)
        a = legal[11 % len(legal)]
        order = vijayanagara.describe(st, a) + (
            "; confirm" if vijayanagara.idle_note(st, a) else ""
        )
        f = vijayanagara.prompt(st).faction
        assert f is not None, i
        if vijayanagara.apply(st, a).game_over:
            await env.slash(seats[f], "play", order=order)
            break
        r = await env.service.moves.play(channel, seats[f], order, expected_version=version)
        assert r.ok, r.text
    await env.fake.settle()
    game = await env.service.store.latest_game(channel)
    assert game is not None and game.status == "finished"
    last = next(m for m in reversed(env.fake.visible) if "The game is over" in m.content)
    assert CHART_FILE in last.files
    assert "rating as " in last.content and " 1500 → " in last.content
    ids = [c["custom_id"] for row in last.components for c in row["components"]]
    rematch = next(i for i in ids if i.endswith(":rematch"))
    await env.click(D, last, rematch)
    assert "Rematch of game 1: game 2" in env.fake.visible[-1].content


async def test_a_game_stored_before_its_server_was_noted_counts_on_the_server_discord_names(
    env: Env,
) -> None:
    """Games stored before migration 012 have no server of record: `/vj club history user:`
    and `/vj club stats` ask Discord which server their channel is on (the channel here; an
    unknown one, gone from Discord, counts on no server)."""
    store = env.service.store
    for channel in (str(CHANNEL), "42"):  # 42: a channel Discord no longer knows
        game = await store.create_game(
            channel, 0, {}, creator=D, seats={"D": D, "B": B, "V": V}, kind="vijayanagara"
        )
        game = await store.update_game(game.id, game.version, status="active")
        result = GameResult(
            game_id=game.id,
            finished_at=100.0 + game.id,
            seats=[
                SeatResult(faction="D", user_id=D, place=1, score=30),
                SeatResult(faction="B", user_id=B, place=2, score=20),
                SeatResult(faction="V", user_id=V, place=3, score=10),
            ],
        )
        await store.append_actions(
            game.id,
            game.version,
            [NewAction(action={"type": "done"})],
            status="finished",
            result=result,
        )
    assert await store.unplaced_channels() == [str(CHANNEL), "42"]
    await env.slash(B, "club stats", users={"user": D})
    text = told(env, B)
    assert "(1 finished game)" in text and "1 win in 1 seat" in text, text
    assert await store.unplaced_channels() == ["42"]
