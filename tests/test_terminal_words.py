"""The terminal speaks each game's words, over every game's help and whole games printed as a
person sees them: no Discord words (buttons, Manage Server, "only you see it", a channel), no dice in a
game without dice, "1 point" and never "1 points", one spelling of colour (a card keeps the name
the rules give it), and the AI levels each game really offers, in its help, on its command line
and in its doc."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from fakes import FakeRenderer
from terminal_sessions import Played, played_in_the_run

from bot.table.ai_users import TEST_LEVELS, seat_levels
from bot.table.commands import commands, help_lines
from bot.table.registry import game, games, registry
from bot.table.words import count_of, dealt, dealt_count, every_dealt, undo_limit
from bot.terminal.local import amain, help_text, terminal_text

ROOT = Path(__file__).resolve().parent.parent
KINDS = [g.info.id for g in games()]
DISCORD = re.compile(
    r"\bbuttons?\b|Manage Server|only you see|\(only you\)|`?public:|/(?:vj|gt|tm)\b|\bpings?\b"
    r"|\bslash\b|\bthread\b|\bchannel\b",
    re.IGNORECASE,
)
NOUNS = (
    "points|steps|cards|seats|hours|games|lines|moves|wins|captures|players|palaces|tiles"
    "|symbols|goats|tigers|rolls|draws|turns|visits|futures|deals|spaces|VPs"
)
ONE_MANY = re.compile(rf"(?<![\d.,-])\b1 (?:[A-Za-z]+ )?(?:{NOUNS})\b", re.IGNORECASE)
COLOR = re.compile(r"\bcolor", re.IGNORECASE)
CARD_NAMES = ("Free color change",)  # the rules' own names are kept


@pytest.fixture
def whole_games(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Played]:
    """What a whole game of a kind said, on Discord and in the terminal."""
    return lambda kind: played_in_the_run(tmp_path_factory, kind)


@pytest.fixture
def printed(whole_games: Callable[[str], Played]) -> Callable[[str], str]:
    """The terminal's output of a whole game, less the lines typed."""
    return lambda kind: typed_left_out(whole_games(kind)[1])


def typed_left_out(terminal: str) -> str:
    return "\n".join(line for line in terminal.split("\n") if not line.startswith("> "))


def help_of(kind: str) -> str:
    g = game(kind)
    return terminal_text(help_text(kind, f"you hold {g.info.seats[0]}."))


@pytest.mark.parametrize("kind", KINDS)
def test_the_terminal_says_nothing_of_discord(printed: Callable[[str], str], kind: str) -> None:
    for text in (help_of(kind), printed(kind)):
        found = sorted({m.group(0) for m in DISCORD.finditer(text)})
        assert not found, (found, [line for line in text.split("\n") if DISCORD.search(line)])


@pytest.mark.parametrize("kind", KINDS)
def test_a_game_without_dice_never_speaks_of_dice(printed: Callable[[str], str], kind: str) -> None:
    g = game(kind)
    texts = [help_of(kind), printed(kind), *(what for _, what in help_lines(kind))]
    if "die" in dealt(g):
        assert any(re.search(r"\bdi(?:e|ce)\b", t) for t in texts)  # the test can see them
        return
    for text in texts:
        assert not re.search(r"\bdi(?:e|ce)\b", text, re.IGNORECASE), text


@pytest.mark.parametrize("kind", KINDS)
def test_one_is_counted_as_one(
    whole_games: Callable[[str], Played], printed: Callable[[str], str], kind: str
) -> None:
    discord, _ = whole_games(kind)
    for text in (help_of(kind), printed(kind), *discord):
        assert not ONE_MANY.search(text), ONE_MANY.search(text)


@pytest.mark.parametrize("kind", KINDS)
def test_colour_is_spelt_one_way(
    whole_games: Callable[[str], Played], printed: Callable[[str], str], kind: str
) -> None:
    discord, _ = whole_games(kind)
    for text in (help_of(kind), printed(kind), *discord):
        for name in CARD_NAMES:
            text = text.replace(name, "")
        assert not COLOR.search(text), text


def test_counts_and_what_each_game_deals_in_its_words() -> None:
    assert count_of(1, "point") == "1 point" and count_of(2, "point") == "2 points"
    vj, tm, gt = game("vijayanagara"), game("taj_mahal"), game("goat_tiger")
    assert every_dealt(vj) == "every die and card" and every_dealt(tm) == "every card"
    assert dealt_count(vj, 17) == "17 dice rolls and card draws"
    assert dealt_count(tm, 1) == "1 card draw" and dealt_count(tm, 3) == "3 card draws"
    assert undo_limit(gt) == "a hand-off to another side"
    assert undo_limit(tm) == "a card draw or a hand-off to another seat"
    assert undo_limit(vj) == "a die roll, a card draw or a hand-off to another faction"
    undo = {k: next(c.help for c in commands(k) if c.name == "undo") for k in KINDS}
    assert "die" not in undo["goat_tiger"] and "card" not in undo["goat_tiger"]
    verify = next(c for c in commands("goat_tiger") if c.name == "verify")
    assert "nothing to check" in verify.help and "every" not in verify.help


@pytest.mark.parametrize("kind", KINDS)
def test_the_ai_levels_offered_are_the_same_in_help_command_line_and_doc(
    kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    offered = seat_levels(kind)
    level = "levels" if len(offered) > 1 else "level"
    assert f"({level} {', '.join(offered)})" in help_of(kind).replace("\n", " ")
    with pytest.raises(SystemExit):
        asyncio.run(amain(["--game", kind, "--help"]))
    usage = " ".join(capsys.readouterr().out.split())
    assert f"at a level of {', '.join(offered)}" in usage
    doc = ROOT / "docs" / ("playing.md" if kind == "vijayanagara" else f"{kind}.md")
    text = " ".join(doc.read_text(encoding="utf-8").split())
    for level in offered:
        assert f"`{level}`" in text, (doc.name, level)
    for level in set(registry().levels(kind)) & set(
        TEST_LEVELS
    ):  # named, then said to be for tests
        at = text.find(f"`{level}`")  # where the doc first names it
        assert at < 0 or "tests and benches only" in text[at : at + 80], (doc.name, level)
        with pytest.raises(SystemExit):  # and the command line says why it is refused
            asyncio.run(amain(["--game", kind, "--ai", f"{game(kind).info.seats[0]}:{level}"]))
        assert "plays only in tests and benches" in capsys.readouterr().err


def test_a_score_of_one_is_one_point_wherever_a_result_is_told() -> None:
    from bot.table.table_texts import TableTexts
    from rules.game import Ranking
    from rules.words import scored

    assert scored(1, "points") == "1 point" and scored(71, "points") == "71 points"
    assert scored(1, "VP") == "1 VP" and scored(31, "VP") == "31 VP"
    tm, vj = game("taj_mahal"), game("vijayanagara")
    lines = TableTexts.ranking_lines(tm, Ranking((("blue",), ("gray",)), {"blue": 2, "gray": 1}))
    assert lines == ["1. Blue — 2 points", "2. Gray — 1 point"]
    lines = TableTexts.ranking_lines(vj, Ranking((("D",),), {"D": 1}))
    assert lines[0].endswith("— 1 VP")


@pytest.mark.parametrize("kind", KINDS)
def test_a_game_that_deals_nothing_shows_no_commitment(
    printed: Callable[[str], str], kind: str
) -> None:
    """`verify` in a game without chance (the Goat-Tiger game) says there is nothing to check,
    before the end as after it, and shows no commitment to a secret that deals nothing."""
    text = printed(kind)
    assert ("ommitment" in text) == game(kind).info.deals


@pytest.mark.parametrize("kind", KINDS)
def test_help_shows_how_each_games_orders_are_written(kind: str) -> None:
    """A newcomer's `help` shows the game's own orders, e.g. Taj Mahal's `play red vizier`
    and the Goat-Tiger game's `place 7`, as the game reads them."""
    g = game(kind)
    orders = [line for line in help_of(kind).split("\n") if "Orders" in line]
    assert orders, "no line on how an order is written"
    examples = re.findall(r"`([^`]+)`", orders[0])
    assert examples, orders[0]
    verbs = {c.name for c in commands(kind)} | {
        s.name for s in registry().shortcuts(g.info.id).commands()
    }
    words = {e.split()[0].lower() for e in examples}
    assert words - verbs or words & {"play", "place"}, (words, "only the table's commands")


def test_a_share_a_count_and_a_chance_in_plain_english() -> None:
    from rules.words import count_of as counted
    from rules.words import noun_for, percent, share

    assert counted(1, "die") == "1 die" and counted(2, "die") == "2 dice"
    assert counted(3, "entry") == "3 entries" and noun_for(2, "Goat") == "Goats"
    assert share(1, 1, "future") == "the one future" and share(2, 2, "future") == "both futures"
    assert (
        share(40, 40, "future") == "all 40 futures" and share(3, 40, "future") == "3 of 40 futures"
    )
    assert share(0, 4, "future") == "none of 4 futures" and percent(0.163) == "16%"


def test_a_hint_that_played_every_future_says_so() -> None:
    from taj_helpers import started

    from ai.search import Choice
    from ai.taj_mahal.hard import judged
    from rules.taj_mahal import GAME as TM

    s = started(3)
    view = TM.view(s, TM.to_move(s))
    step = TM.legal_actions(s)[0]
    said = judged(view, Choice(step, visits=1, value=0.163, points=0.0), futures=1)
    assert "in the one future" in said and "1 of 1" not in said, said
    assert said.endswith("(its chance to win: 16%)") and " % " not in said, said


def test_join_names_the_seats_of_the_fewest_players_then_those_more_players_add() -> None:
    """A trial read "yellow" among the seats of a game of three: the help line says which
    seats come only with more players."""
    assert "take a seat: blue, red, green (yellow with more players)" in help_of("successors")
    assert "take a faction: D, B, V\n" in help_of("vijayanagara") + "\n"


async def test_help_in_a_game_under_way_leaves_out_the_commands_that_seat_it(
    tmp_path: Path,
) -> None:
    """A trial read `join`, `leave` and `start` in the help of a game whose seats were set
    and which was under way."""
    assert "\n  join " in help_text("successors", "you hold blue.")  # a game still seated
    out = io.StringIO()
    args = ["--game", "successors", "--play", "blue", "--seed", "3"]
    args += ["--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]
    await amain(args, iter(["help", "quit"]), out, FakeRenderer())
    shown = out.getvalue()
    assert "\n  undo " in shown and "\n  hint " in shown
    assert not re.search(r"\n  (join|leave|start)\b", shown), shown
