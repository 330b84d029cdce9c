"""The Taj Mahal AI says why, in a player's words: each AI turn ends with a line naming the
forces it won or leads, its points and who could still outbid (read from the public views);
a hint gives the step, why, and the runner-up with its why (from the seat's own view)."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from itertools import takewhile
from pathlib import Path

import pytest
from fakes import FakeRenderer
from taj_helpers import arrange, order, started, with_hands

from ai.budget import Budget
from ai.taj_mahal import greedy, hard, why
from bot.terminal import local
from bot.terminal.local import amain
from rules.capabilities import narration_of, notation_of, turns_of
from rules.taj_mahal import GAME, NO, SEATS, State, TajOptions, View

RAW = re.compile(r"evaluation|\d+\.\d|and \d+ more")


def public(s: State) -> View:
    return GAME.view(s, None)


def told(s: State, text: str) -> tuple[State, list[str]]:
    """The seat to move writes `text`: the position after it, and its public lines."""
    seat = GAME.to_move(s)
    assert seat is not None
    (a,) = notation_of(GAME).parse(GAME.view(s, seat), text, seat)
    t = GAME.apply(s, a)
    return t, narration_of(GAME).narrate(public(s), a, public(t), seat)


def turn_ended(s: State, lines: list[str] | None = None) -> State:
    """The seat to move plays its first allowed steps, with the cards they draw dealt, to
    its turn's end (its withdrawal finished: its palaces placed, its cards taken), where an
    AI's why is said; each step's public lines added to `lines`."""
    seat, visit = GAME.to_move(s), s.visit
    said: list[str] = [] if lines is None else lines
    while (GAME.chance(s) is not None or GAME.to_move(s) == seat) and s.visit == visit:
        if GAME.chance(s) is not None:
            step = GAME.deal(s, random.Random(0).randrange)
            after = GAME.apply(s, step)
            said += narration_of(GAME).narrate(public(s), step, public(after), None)
            s = after
            continue
        first = GAME.legal_actions(s)[0]
        s, steps = told(s, notation_of(GAME).describe(GAME.view(s, seat), first))
        said += steps
    return s


def test_a_withdrawal_says_what_it_won_its_points_and_who_could_outbid() -> None:
    s = with_hands(started(3), ["red vizier", "red general"], ["yellow monk"], ["green monk"])
    s = order(order(order(s, "play red vizier"), "play yellow monk"), "play green monk")
    start = s
    s = turn_ended(order(s, "withdraw"))  # its palace, the card it draws, then its cards
    line = why.why_line(GAME.view(start, None), GAME.view(s, None), "blue", "greedy")
    points = s.scores[0] - start.scores[0]
    assert line == (
        f"_Why: withdraws: wins the Vizier, {points} point{'s' if points != 1 else ''}, before "
        "Orange and Brown can outbid._"
    )


def test_a_play_says_what_it_leads_against_what_withdrawing_would_have_won() -> None:
    s = with_hands(started(3), ["red vizier", "red general"], ["yellow vizier"], ["green monk"])
    s = order(order(order(s, "play red vizier"), "play yellow vizier"), "play green monk")
    start = s
    s = order(s, "play red general")
    line = why.why_line(GAME.view(start, None), GAME.view(s, None), "blue", "greedy")
    assert line == "_Why: plays on: now leads the General; withdrawing would have won nothing._"


def test_a_hint_names_the_step_why_and_the_runner_up() -> None:
    s = started(3)
    advice = hard.advise(GAME.view(s, "blue"), "blue", random.Random(0), Budget(iterations=6))
    first, second = advice.summary.split("\n")
    assert first.startswith(f"The computer (hard) would play `{advice.order}`: ")
    assert second.startswith("Runner-up: `") and advice.order not in second.split("`")[1:2]
    assert not RAW.search(advice.summary)


def test_over_whole_games_every_ai_turn_has_a_why_in_words_and_hints_a_runner_up() -> None:
    rng = random.Random(8)
    for players in (3, 4, 5):
        s = GAME.new_game(TajOptions(), SEATS[:players])
        start: State | None = None
        whys = 0
        while GAME.result(s) is None:
            if GAME.chance(s):
                s = GAME.apply(s, GAME.deal(s, rng.randrange))
                continue
            seat = GAME.to_move(s)
            assert seat is not None
            if start is None:
                start = s
            view = GAME.view(s, seat)
            if rng.random() < 0.05:
                advice = hard.advise(view, seat, rng, Budget(iterations=3))
                assert "Runner-up: " in advice.summary and not RAW.search(advice.summary)
            a = greedy.choose(view, rng)
            s = GAME.apply(s, a)
            while GAME.chance(s) and GAME.result(s) is None:
                s = GAME.apply(s, GAME.deal(s, rng.randrange))
            if turns_of(GAME).turn(s) != turns_of(GAME).turn(start) or GAME.result(s) is not None:
                line = why.why_line(GAME.view(start, None), GAME.view(s, None), seat, "greedy")
                assert line and line.startswith("_Why: ") and not RAW.search(line), line
                whys += 1
                start = None
        assert whys > 12 * players


def taj_mahal_vs_ai(tmp_path: Path) -> list[str]:
    return [
        "--game", "taj_mahal", "--play", "blue",
        "--db", str(tmp_path / "t.sqlite3"), "--boards", str(tmp_path / "b"),
    ]  # fmt: skip


HINTED = re.compile(r"would play `([^`]+)`")
STEP = re.compile(r"^• (\w+): (withdraw|play|palace|crown|take)\b")
POINTS = re.compile(r"^• (\w+) scores (no points|\d+ points?) for this withdrawal")
WHY_POINTS = re.compile(r"^Why: withdraws: wins .*?, (\d+ points?), (before|as the last)")
VISIT_END = re.compile(r"^• Visit \d+ \(.+\) ends\.$")


async def test_a_whole_game_in_the_terminal_tells_each_withdrawals_points_and_each_ai_turns_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Blue plays the hints to the game's end against the computer: every withdrawal is
    followed by its points line, every AI turn ends with its why."""
    # each hint's search cut to the least a worker gives it (the terminal gives it seconds,
    # `--think` times HINT_PER_THINK)
    monkeypatch.setattr(local, "HINT_PER_THINK", 0.0)
    out = io.StringIO()

    def lines() -> Iterator[str]:
        for _ in range(400):
            if "The game is over" in out.getvalue():
                return
            yield "hint"
            hinted = HINTED.findall(out.getvalue())
            assert hinted, out.getvalue()[-500:]
            yield hinted[-1]

    await amain(taj_mahal_vs_ai(tmp_path), lines(), out, FakeRenderer())
    text = out.getvalue()
    assert "The game is over" in text, text[-800:]
    shown = [line for line in text.split("\n") if line.startswith("• ")]
    waiting: dict[str, int] = {}
    withdrawals = 0
    for i, line in enumerate(shown):
        step = STEP.match(line)
        if step and step.group(2) == "withdraw":
            assert step.group(1) not in waiting, f"a withdrawal without its points: {line}"
            waiting[step.group(1)] = i
            withdrawals += 1
        points = POINTS.match(line)
        if points:
            waiting.pop(points.group(1))
    assert not waiting and withdrawals == 36
    assert_why_lines_close_their_steps_before_the_visits_end(text)
    assert_why_lines_count_the_points_their_withdrawal_scored(text)
    assert text.count("Why: withdraws") >= 20  # the two AIs' withdrawals, each with its why
    assert "Game end: each hand scores" in text and "before the hands + hand" in text
    assert text.count("Runner-up: ") >= text.count("would play `") >= 24  # each hint has one


def assert_why_lines_close_their_steps_before_the_visits_end(text: str) -> None:
    """An AI's why closes its own steps' lines, before the visit's end they set going (a
    trial read Brown's under the standings and the next visit's first player)."""
    lines = text.split("\n")
    closing = 0
    for i, line in enumerate(lines):
        if not line.startswith("Why: "):
            continue
        since = list(takewhile(lambda x: x.startswith(("• ", "[board: ")), lines[i - 1 :: -1]))
        assert not any(VISIT_END.match(x) for x in since), lines[max(0, i - 8) : i + 1]
        closing += bool(VISIT_END.match(lines[i + 1]))
    assert closing >= 3  # the AIs' last withdrawals in a visit


def assert_why_lines_count_the_points_their_withdrawal_scored(text: str) -> None:
    """A withdrawal's why says the points its points line says (a trial read "8 points"
    under "Orange scores 6 points", the +2 influence points card counted in)."""
    lines = text.split("\n")
    checked = 0
    for i, line in enumerate(lines):
        said = WHY_POINTS.match(line)
        if said is None:
            continue
        scored = next(m for x in lines[i::-1] if (m := POINTS.match(x)))
        assert scored.group(2) == said.group(1), (line, scored.group(0))
        checked += 1
    assert checked >= 12


def test_the_last_in_a_visit_playing_then_withdrawing_in_one_turn_names_what_it_won() -> None:
    """Alone in the visit a player plays on and withdraws in the same turn: the why counts
    the cards played on, read from what the withdrawal left on the table."""
    s = with_hands(started(3), ["red vizier", "red general"], [], [])
    s = arrange(s, active=(True, False, False))
    start = s
    s = order(s, "play red vizier")
    assert GAME.to_move(s) == "blue"  # alone, it plays on
    s = turn_ended(order(s, "withdraw"))
    line = why.why_line(GAME.view(start, None), GAME.view(s, None), "blue", "greedy")
    assert line is not None and line.startswith("_Why: withdraws: wins the Vizier, ")
    assert line.endswith("as the last in the visit._")


def test_the_hint_says_a_lead_in_whole_points_as_a_player_would() -> None:
    assert hard.lead(0.4) == "about level with the best other player"
    assert hard.lead(1.2) == "about 1 point ahead of the best other player"
    assert hard.lead(-12.6) == "about 13 points behind the best other player"


def test_a_play_that_leads_nothing_names_the_force_of_the_card_played() -> None:
    """A trial read "contests the Vizier" for an Elephant played: the force named is the
    played card's, where it is open."""
    s = with_hands(
        started(3), ["red vizier", "red elephant"], ["yellow vizier"], ["green elephant"]
    )
    s = order(order(order(s, "play red vizier"), "play yellow vizier"), "play green elephant")
    start = s
    s = order(s, "play red elephant")
    line = why.why_line(GAME.view(start, None), GAME.view(s, None), "blue", "greedy")
    assert line == (
        "_Why: plays on: ties for the Elephant (1 against Brown's 1); withdrawing would have "
        "won nothing._"
    )


def test_a_play_behind_its_rival_closes_on_the_force_rather_than_contesting_it() -> None:
    """A trial read "contests the Elephant (1 against Blue's 2)" as odd for a force behind."""
    s = with_hands(
        started(3),
        ["red vizier", "red elephant"],
        ["yellow vizier"],
        ["green elephant", "white elephant"],
    )
    s = order(order(s, "play red vizier"), "play yellow vizier")
    s = order(s, "play green elephant with white elephant")
    start = s
    s = order(s, "play red elephant")
    line = why.why_line(GAME.view(start, None), GAME.view(s, None), "blue", "greedy")
    assert line == (
        "_Why: plays on: closes on the Elephant (1 against Brown's 2); withdrawing would have "
        "won nothing._"
    )


def test_the_force_contested_names_every_rival_at_the_top() -> None:
    """A trial's why read "ties for the General (1 against Orange's 1)" where it held one
    General too: each rival with the count to beat is named."""
    s = with_hands(started(3), ["red general"], ["yellow general"], ["green general"])
    for text in ("play red general", "play yellow general", "play green general"):
        s = order(s, text)
    margin, force = why.contested(s, 2)
    assert margin == 0 and force == "the General (1 against Blue's and Orange's 1)"


def test_the_plus_2_card_played_before_a_withdrawal_in_one_turn_is_counted_apart() -> None:
    """Alone in the visit, the AI plays the +2 influence points card, then withdraws: the
    card scored when played (The special cards), so the why says the withdrawal's points as
    its points line does, and the card's 2 apart (a trial read the why's 8 points under
    "Orange scores 6 points")."""
    s = with_hands(started(3), ["red vizier", "red general"], [], [])
    s = arrange(s, active=(True, False, False), special_holder=(NO, NO, 0, NO))
    start, lines = s, []
    for text in ("play red vizier with special points", "withdraw"):
        s, said = told(s, text)
        lines += said
    s = turn_ended(s, lines)
    scored = next(x for x in lines if x.startswith("Blue scores "))
    points = re.match(r"Blue scores (\d+ points?) for this withdrawal", scored)
    assert points is not None and s.scores[0] - start.scores[0] > int(points[1].split()[0])
    line = why.why_line(GAME.view(start, None), GAME.view(s, None), "blue", "greedy")
    assert line == (
        f"_Why: withdraws: wins the Vizier, {points[1]}, as the last in the visit; and the "
        "+2 influence points card it played first scored 2 points at once._"
    )
