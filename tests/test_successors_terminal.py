"""Successors in the terminal: a whole game against two greedy AIs, typed as a person types it
(each step one of those `options` lists, a seeded choice; the game dealt by a seed), to the
victory count; the chits a
seat draws are named to it alone; the rules by the summary's headings and the hand answer."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fakes import FakeRenderer
from successors_helpers import at, put, short_setup_text, started

from bot.terminal import local
from bot.terminal.local import amain
from rules.game import Below
from rules.successors import State, Successors, engine
from rules.successors.state import EventRoll

LINES = 4000  # typed at most: a game that has not ended by then is a dead end
ALLOWED = "All allowed steps:"
ASIDE = "\nAlso at any time, whoever decides: "
CONFIRM = "send the same order with `; confirm` at its end"
OUT = "you have no decision left in it"


def short_setup(tmp_path: Path) -> Path:
    """The standard setup with the shortest game, as a file."""
    path = tmp_path / "setup.yaml"
    path.write_text(short_setup_text(), encoding="utf-8")
    return path


def argv(tmp_path: Path) -> list[str]:
    return [
        "--game", "successors", "--play", "blue", "--file", f"setup={short_setup(tmp_path)}",
        "--seed", "5",
        "--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b"),
    ]  # fmt: skip


async def test_a_whole_game_against_two_ais_is_typed_to_its_victory_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(local, "HINT_PER_THINK", 0.05 / local.THINK_SECONDS)
    out = io.StringIO()
    pick = random.Random(8)
    typed: list[str] = []

    def lines() -> Iterator[str]:
        yield from ("rules chits", "hand", "hint", "status")
        last = ""
        for _ in range(LINES):
            if "The game is over" in out.getvalue():
                yield "status"
                return
            if OUT in out.getvalue():  # the person is out: the AIs play the rest
                yield "watch"
                continue
            start = len(out.getvalue())
            yield "options"
            said = out.getvalue()[start:]
            assert ALLOWED in said, said[-500:]
            decision = said[said.rfind(ALLOWED) :].split(ASIDE)[0]  # (the steps aside: below)
            step = pick.choice(re.findall(r"`([^`]+)`", decision))
            typed.append(step)
            start = len(out.getvalue())
            yield f"again: {step}" if step == last else step  # twice on purpose: one levy more
            last = step
            if CONFIRM in out.getvalue()[start:]:  # asked about (a home left empty): played
                yield f"{step}; confirm"

    await amain(argv(tmp_path), lines(), out, FakeRenderer())
    text = out.getvalue()
    assert "The game is over." in text, text[-1500:]
    ranking = re.findall(r"^\d\. (Blue|Red|Green) — [\d.]+ points?$", text, re.M)
    assert sorted(ranking[:3]) == ["Blue", "Green", "Red"]  # the end, then `status`
    # the last game turn reached (told in an AI's block where the person is out by then)
    assert re.search(r"^(• )?Game turn 9 of 9\b|game turn 9: ", text, re.M | re.I), text[-800:]
    played = text.split("The game is over.")[0]
    assert len(typed) > 20 and "\n! " not in re.sub(r"\n! [^\n]*" + re.escape(CONFIRM), "", played)
    assert "Rules topics" not in text and "Chits (the errata; Q31)" in text  # `rules chits`
    assert "Your chits: none" in text  # `hand`, before any was drawn
    for told in re.findall(r"^\(to you alone\) (.*)$", text, re.M):
        # Blue's own draws, its chits not armed as its turn begins, and those it holds
        # beside a prompt that asks it, to Blue alone
        said = ("You draw chit ", "Not armed, so it does nothing", "Your chits: chit ")
        assert told.startswith(said), told
    # a chit drawn is told right under the line of its draw: after the lines the step went
    # on with (the revenue), a trial read it late; under an AI's header, as that AI's step
    drawn = re.findall(r"^(.*)\n\(to you alone\) You draw chit ", text, re.M)
    assert drawn and all(above.startswith("• Blue draws a chit (") for above in drawn), drawn
    for drawer in re.findall(r"^• (Red|Green) draws a chit", text, re.M):
        assert f"{drawer} draws chit" not in text  # another seat's chit is never named
    assert_why_lines_keep_their_turns_treasury(text)
    assert_why_lines_under_their_ais_header(text)
    assert_why_lines_before_the_next_game_turn(text)
    assert "\n\n" not in text  # an AI arming a chit (a step with no public line) prints none
    after = text.split("The game is over.", 1)[1]
    assert "\n! " not in after and "Game 1 is over." in after, after[-800:]  # `status`


def assert_why_lines_keep_their_turns_treasury(text: str) -> None:
    """An AI's why line says the Talents it kept as its turn ended: its treasury as last
    told in that turn, not a later one (the next turn's revenue, which the engine may run
    into before anyone decides)."""
    treasury: dict[str, int] = {}
    checked, mover = 0, ""
    for line in text.split("\n"):
        told = re.match(r"^• (Red|Green|Blue)\b.*\(treasury (\d+)\)$", line)
        if told:
            treasury[told[1]] = int(told[2])
        for who, n in re.findall(r"(Red|Green|Blue)'s(?: treasury)? (\d+)[,)]", line):
            treasury[who] = int(n)  # a raid names both treasuries it tells
        if (turn := re.match(r"^• Game turn \d+ of \d+: (\w+)'s player turn", line)) is not None:
            mover = turn[1]
        why = re.match(r"^Why: .*it (keeps (\d+) Talents?|spends every Talent)", line)
        if why and mover in treasury:
            assert int(why[2] or 0) == treasury[mover], (mover, treasury[mover], line)
            checked += 1
    assert checked > 5


def assert_why_lines_before_the_next_game_turn(text: str) -> None:
    """An AI's why line closes its turn before the next game turn's lines begin (a trial
    read Green's under "Game turn 7 of 12 begins" and Yellow's chit)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if not line.startswith("Why: "):
            continue
        since = []
        for x in reversed(lines[:i]):
            if not x.startswith(("• ", "[board: ")):
                break
            since.append(x)
        around = lines[max(0, i - 6) : i + 1]
        assert not any(re.match(r"^• Game turn \d+ of \d+ begins", x) for x in since), around


ANSWER_AT_ONCE = r"• \w+ (offers an alliance|accepts|refuses|will end its alliance)"


def assert_why_lines_under_their_ais_header(text: str) -> None:
    """Above each why line, past its turn's lines of steps and boards, stands the header of
    the AI whose turn it explains, not a person's decision (a `Next:` line and the steps
    that answered it) nor another AI's header; an AI's answer at once (an alliance offered,
    answered or ended) has its why right under its own line, which names it."""
    mover, lines = "", text.split("\n")
    for i, line in enumerate(lines):
        if (turn := re.match(r"^• Game turn \d+ of \d+: (\w+)'s player turn", line)) is not None:
            mover = turn[1]
        if not line.startswith("Why: ") or re.match(ANSWER_AT_ONCE, lines[i - 1]):
            continue
        above = next(
            x
            for k, x in reversed(list(enumerate(lines[:i])))
            if not x.startswith(("• ", "[board: ")) and not re.match(ANSWER_AT_ONCE, lines[k - 1])
        )
        header = re.fullmatch(r"(\w+) \(the \w+ AI\) (?:plays|has played its turn):", above)
        assert header is not None, lines[max(0, i - 8) : i + 1]
        assert header[1] == mover or not mover, (mover, lines[max(0, i - 8) : i + 1])


# Seed 7, Blue at Egypt: Green's attack takes Egypt, Blue's fleet escapes to sea, and Blue,
# with no province left, cannot pay its upkeep: losing the fleet eliminates it (Q32)
BLUE_ESCAPES = [
    "home Egypt",
    "buy 1 fleet at Egypt",
    "buy 1 inf at Egypt",
    "escape to Egyptian Sea",
]
BLUE_IS_OUT = [*BLUE_ESCAPES, "lose 1 fleet at Egyptian Sea"]


def seed_7(tmp_path: Path) -> list[str]:
    args = ["--game", "successors", "--play", "blue", "--seed", "7"]
    return [*args, "--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]


async def test_an_ais_why_after_a_persons_step_that_ended_its_turn_is_under_the_ais_name(
    tmp_path: Path,
) -> None:
    """Seed 7: Green's attack takes Egypt, and Blue's fleet there escapes to sea, Blue's
    step, which ends Green's turn. Green's why was printed right under Blue's escape, as if
    it explained it; it is told under Green's name."""
    out = io.StringIO()
    await amain(seed_7(tmp_path), iter(BLUE_ESCAPES), out, FakeRenderer())
    lines = out.getvalue().split("\n")
    escape = lines.index("• Blue's fleet escapes from Egypt to Egyptian Sea")
    assert lines[escape + 1] == "Green (the greedy AI) has played its turn:", lines[escape:]
    assert lines[escape + 2].startswith("Why: Green's turn as a whole: it takes Syria, Phoenicia")
    assert_why_lines_under_their_ais_header(out.getvalue())


def red_asks_blue_to_pay_for_its_event(state: State, below: Below) -> object:
    """Red's event in game turn 2 is Funeral games (every player pays 1, EVEN 24); every other
    die rolls its lowest."""
    if state.frames[-1][0] == "event_roll" and (state.turn, state.current) == (2, 1):
        return EventRoll((2, 2, 4))
    return engine.deal(state, lambda n: 0)


async def test_an_ai_that_plays_on_after_your_decision_in_its_turn_is_told_under_its_header(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Red's event has Blue, with no Talent to pay, choose a unit to lose; then Red's turn
    goes on. Red's steps were printed right under Blue's loss, as if they were Blue's, and
    its why under them; they come under Red's header again."""
    built = put(started(3), "egy", 0, levy=1, inf=1)
    built.money = (0, 10, 10)
    built = at(built, 1, 0)
    engine.run(built)
    monkeypatch.setattr(Successors, "new_game", lambda *_: built.clone())
    monkeypatch.setattr(Successors, "deal", staticmethod(red_asks_blue_to_pay_for_its_event))
    args = ["--game", "successors", "--play", "blue"]
    args += ["--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]
    out = io.StringIO()
    await amain(args, iter(["lose 1 levy at Egypt"]), out, FakeRenderer())
    lines = out.getvalue().split("\n")
    lost = lines.index("• Blue loses 1 levy in Egypt (l.11: an event not paid for)")
    red = next(i for i, x in enumerate(lines) if x.startswith("• Red buys "))
    assert "Red (the greedy AI) plays:" in lines[lost:red], lines[lost : red + 1]
    assert_why_lines_under_their_ais_header(out.getvalue())


async def test_a_seat_out_of_the_game_is_told_so_before_the_ais_play_on(tmp_path: Path) -> None:
    """Blue is eliminated in game turn 1: the terminal played the AIs' other eleven game turns
    at once, some 280 lines, without a word. It says Blue is out and what happens now; the
    AIs wait (the game kept as it stands) until `watch`, then play it to its end, also after
    the terminal is started again."""
    out = io.StringIO()
    await amain(seed_7(tmp_path), iter([*BLUE_IS_OUT, "status"]), out, FakeRenderer())
    after = out.getvalue().split("eliminated (Q32)\n", 1)[1]
    assert "Blue is out of game 1: you have no decision left in it, and the AIs play " in after
    assert "Type `watch` to see them play it to its end and its result, or `quit` " in after
    assert "• Red buys" not in after and "The game is over" not in after  # they wait
    assert after.rstrip("\n").endswith(
        "The AIs wait to play the rest of game 1: `watch`, or `quit`."
    )
    again = io.StringIO()
    await amain(seed_7(tmp_path), iter(["watch"]), again, FakeRenderer())
    watched = again.getvalue().split("The AIs play the rest of game 1 (Ctrl-C stops them).\n")[1]
    assert watched.startswith("Red (the greedy AI) plays:\n"), watched[:300]  # its block again
    assert "The game is over." in watched and "3. Blue — 0 points" in watched


async def test_watch_is_refused_while_your_seat_still_plays(tmp_path: Path) -> None:
    out = io.StringIO()
    await amain(seed_7(tmp_path), iter(["watch"]), out, FakeRenderer())
    assert (
        out.getvalue()
        .rstrip("\n")
        .endswith(
            "! You still play in game 1; the AIs play by themselves whenever it is their decision."
        )
    )


async def test_a_turn_continued_after_a_restart_prints_only_what_the_next_order_adds(
    tmp_path: Path,
) -> None:
    """Blue quits mid-turn and starts the terminal again with the same command: its next
    purchase printed the whole turn so far once more (the event, the revenue, "buys 2
    infantry" for the one bought), and it was told its --seed would deal a new game. Only the
    new line is printed; the status says where the game stands; another seed is told."""
    args = ["--game", "successors", "--play", "blue", "--seed", "7"]
    args += ["--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]
    first = ["home Egypt", "buy 1 levy 2 inf at Egypt"]
    first += ["move 2 inf leader Egypt Coele-Syria Phoenicia", "end movement", "buy 1 inf at Egypt"]
    await amain(args, iter([*first, "quit"]), io.StringIO(), FakeRenderer())
    out = io.StringIO()
    await amain(args, iter(["buy 1 inf at Egypt", "quit"]), out, FakeRenderer())
    after = out.getvalue().split("Blue may undo its last order.\n", 1)[1]
    assert re.findall(r"^• .*$", after, re.M) == [
        "• Blue buys 1 infantry for 2 Talents at Egypt (treasury 7)"
    ], after
    assert "deals a new game" not in out.getvalue()  # the same command, the same seed
    other = io.StringIO()
    await amain([*args[:5], "8", *args[6:]], iter(["quit"]), other, FakeRenderer())
    assert "--seed 8 deals a new game: `abort` this one, then `new`." in other.getvalue()


async def test_options_names_the_steps_aside_a_seat_may_take_besides_the_decision(
    tmp_path: Path,
) -> None:
    """A trial read "All allowed steps" (a purchase, `done`) and did not know that `give`
    and `offer` were allowed too: the steps aside follow the decision's, by kind."""
    out = io.StringIO()
    await amain(argv(tmp_path), iter(["home Macedonia", "options", "quit"]), out, FakeRenderer())
    listed = out.getvalue().split(ALLOWED, 1)[1]
    assert f"{ASIDE}`give`, `offer` (`hand` lists each step)." in listed, listed[:800]


async def test_a_seat_out_of_the_game_is_told_so_when_it_steps_aside(tmp_path: Path) -> None:
    """A trial, out of the game, typed `give 1 to red` and read "it is not your turn", as if
    it would have its turn again: it is told it is out (Q32)."""
    out = io.StringIO()
    await amain(seed_7(tmp_path), iter([*BLUE_IS_OUT, "give 1 to red"]), out, FakeRenderer())
    after = out.getvalue().split("eliminated (Q32)\n", 1)[1]
    assert "give 1 to red" in after and "Blue has been eliminated (Q32)" in after, after[-600:]
    assert "not your turn" not in after


async def test_a_seat_choosing_its_home_sees_the_homes_and_units_chosen_before_it(
    tmp_path: Path,
) -> None:
    """A trial chose its home with only a picture of the map before an AI's home and levies:
    at the setup each hand-off to the next seat to choose carries the board."""
    out = io.StringIO()
    await amain(argv(tmp_path), iter(["quit"]), out, FakeRenderer())
    lines = out.getvalue().split("\n")
    asked = next(i for i, line in enumerate(lines) if line.startswith("Next: Blue — setup:"))
    assert lines[asked + 1].startswith("[board: "), lines[asked - 3 : asked + 2]
    assert "board-00005.png" not in lines[asked + 1]  # after the AI's choice, not before it


async def test_a_gift_to_an_ai_tells_the_giver_alone_that_it_is_kept_and_sways_nothing(
    tmp_path: Path,
) -> None:
    """A trial gave an AI a Talent and was told nothing of what the AI makes of it (it keeps
    it, gives nothing back, and answers alliances by the standings alone)."""
    out = io.StringIO()
    order = ["home Macedonia", "give 1 to red", "quit"]
    await amain(argv(tmp_path), iter(order), out, FakeRenderer())
    after = out.getvalue().split("• Blue gives 1 Talent to Red (l.12)\n", 1)[1]
    assert after.startswith(
        "(to you alone) Red is an AI: it keeps a gift and gives nothing back, and a gift sways "
        "none of its answers; it allies only against the player standing first (`rules "
        "alliances`).\n"
    ), after[:400]
