"""What the table is told of the front end that shows it: how a command is named and how long
a message may be. The table knows neither Discord nor the terminal; each front end names a
command as its players type it, and only where a message has a limit does a turn's message
go on in a new one."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import FakeRenderer
from table_helpers import on_turn, run

from bot.discord.front_end import DISCORD, MESSAGE_LIMIT, split_text
from bot.table.commands import commands
from bot.table.front_end import NO_FRONT_END, FrontEnd
from bot.table.loading import broken
from bot.table.registry import games, registry
from bot.table.reply import Reply
from bot.table.service import GameService
from bot.terminal.front_end import TERMINAL, terminal_command
from bot.terminal.local import elsewhere, terminal_reads
from db import GameRecord

KINDS = [g.info.id for g in games()]
CH = "77"


def words_of(kind: str) -> list[str]:
    """Each command of the game as the one command table names it (`club verify`)."""
    return [("club " if c.club else "") + c.name for c in commands(kind) if c.terminal]


@pytest.mark.parametrize("kind", KINDS)
def test_the_terminal_names_each_command_as_it_reads_it_or_says_where_it_belongs(
    kind: str,
) -> None:
    for words in words_of(kind):
        named = terminal_command(kind, words)
        assert not named.startswith("/"), named
        assert terminal_reads(kind, named) or elsewhere(kind, named), (words, named)


def test_the_terminal_names_a_command_with_its_values_and_its_own_words() -> None:
    kind = "vijayanagara"
    assert terminal_command(kind, "club verify") == "verify"
    assert terminal_command(kind, "join faction:") == "join FACTION"
    assert terminal_command(kind, "club replay game:3") == "replay 3"
    assert terminal_command(kind, "play order: pass") == "pass"
    assert terminal_command(kind, "create") == "new"
    assert terminal_command(kind, "") == f"--game {kind}"


@pytest.mark.parametrize("kind", KINDS)
def test_discord_names_a_command_in_the_games_slash_group(kind: str) -> None:
    group = registry().command(kind)
    assert DISCORD.command(kind, "club verify") == f"/{group} club verify"
    assert DISCORD.command(kind, "") == f"/{group}"


def test_a_table_without_a_front_end_names_a_command_by_its_words() -> None:
    assert NO_FRONT_END.command("vijayanagara", "club verify") == "club verify"
    assert NO_FRONT_END.fits("x" * 100_000) and NO_FRONT_END.buttons() is None
    assert NO_FRONT_END.strong("Next:") == "Next:"


def test_discord_pings_a_person_and_shows_a_moment_in_each_readers_terms() -> None:
    assert DISCORD.mention(5) == "<@5>" and DISCORD.role(5) == "<@&5>"
    assert DISCORD.moment(3600.9) == "<t:3600:R>"
    assert NO_FRONT_END.mention(5) == "person 5" and NO_FRONT_END.role(5) == "#5"
    assert NO_FRONT_END.moment(3600.9) == "1970-01-01 01:00 UTC"
    assert TERMINAL.mention(5) == "you"


def test_a_broken_games_refusal_names_its_commands_as_each_front_end_does() -> None:
    record = GameRecord(
        id=4, channel_id=CH, seed=0, kind="no_such_game", status="active", version=1, creator=1
    )
    e = broken(record, "it is of a kind this bot does not know", registry())
    group = registry().command(
        games()[0].info.id
    )  # whose group reaches a game of a kind no longer known
    assert f"`/{group} abort` ends it" in e.told(DISCORD.command)
    assert "`abort` ends it" in e.told(terminal_command)
    assert "/" not in e.told(terminal_command).split("cannot be loaded")[1]


def test_discord_cuts_a_long_text_at_line_ends_into_messages_that_fit() -> None:
    lines = [f"• line {i} " + "x" * 80 for i in range(60)]
    chunks = split_text("\n".join(lines))
    assert len(chunks) > 1 and all(len(c) <= MESSAGE_LIMIT for c in chunks)
    assert "\n".join(chunks) == "\n".join(lines)  # cut only where a line ends


async def step_inside_a_turn(front: FrontEnd, folder: Path) -> Reply:
    """Vijayanagara's first decision: a step that keeps the turn (a command chosen)."""
    # seed 12: Bahmani decides first, on an event card
    svc = await GameService.open(
        str(folder / "f.sqlite3"), FakeRenderer(), front=front, seed_source=lambda: 12
    )
    try:
        kind = "vijayanagara"
        await run(svc, CH, 1, "create", kind)
        for faction, user in (("D", 1), ("B", 2), ("V", 3)):
            assert (await run(svc, CH, user, "join", kind, faction=faction)).ok
        assert (await run(svc, CH, 1, "start", kind)).ok
        found = await on_turn(svc, CH)
        assert found is not None
        return await run(svc, CH, found[1], "play", kind, order="command+decree")
    finally:
        await svc.close()


async def test_a_turn_goes_on_in_a_new_message_only_where_its_message_is_full(
    tmp_path: Path,
) -> None:
    unlimited = await step_inside_a_turn(TERMINAL, tmp_path / "t")
    assert unlimited.ok and unlimited.edit, unlimited.text
    on_discord = await step_inside_a_turn(DISCORD, tmp_path / "d")
    assert on_discord.ok and on_discord.edit and len(on_discord.text) <= MESSAGE_LIMIT
    tiny = await step_inside_a_turn(FrontEnd(message_limit=20), tmp_path / "s")
    assert tiny.ok and not tiny.edit  # the turn's message is full: a new one goes on


async def test_the_table_sets_words_off_as_its_front_end_does(tmp_path: Path) -> None:
    """Bold is Discord's markdown: the table asks its front end to set words off (the
    game's own lines, its headline, are the rules' words)."""
    plain = await step_inside_a_turn(NO_FRONT_END, tmp_path / "p")
    assert any(line.startswith("Next: ") for line in plain.text.split("\n")), plain.text
    on_discord = await step_inside_a_turn(DISCORD, tmp_path / "d")
    assert "**Next:**" in on_discord.text, on_discord.text


def test_a_channel_is_named_as_each_front_end_names_it() -> None:
    """The history names the channel a game was played in: a link on Discord, its name
    elsewhere; the table writes no channel mention of its own."""
    from bot.table.records import history_text
    from db.models import GameResult, SeatResult

    result = GameResult(
        game_id=7,
        channel_id="42",
        finished_at=0.0,
        kind="goat_tiger",
        seats=[SeatResult(user_id=1, faction="goats", place=1, score=15)],
    )
    said = history_text(registry(), [result], str, "here", channel=DISCORD.channel)
    assert "Game 7 in <#42>" in said
    assert "Game 7 in channel 42" in history_text(registry(), [result], str, "here")


def test_no_table_text_writes_a_discord_mention_link_or_timestamp() -> None:
    """A person, a role, a channel and a moment are named by the front end (`<@1>`, `<@&2>`,
    `<#3>`, `<t:4:R>` are Discord's): no module of the table writes one."""
    import re

    root = Path(__file__).resolve().parent.parent / "bot" / "table"
    found = [
        f"{path.name}:{n}"
        for path in sorted(root.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"<(@|@&|#|t:)\{", line)
    ]
    assert found == []
