"""Taj Mahal in the terminal: what a hint prints is typed as it is printed (Taj Mahal's steps
start with `play`, a command's name too); a new session keeps the pictures of the last one
and adds its own; a mistyped step gets the game's own refusal."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from fakes import FakeRenderer

from bot.terminal import local
from bot.terminal.local import amain

# the AI thinks in threads: this file tests what the table says of its steps, not its processes

HINTED = re.compile(r"would play `([^`]+)`")


def taj_mahal(tmp_path: Path) -> list[str]:
    return [
        "--game", "taj_mahal", "--play", "blue",
        "--db", str(tmp_path / "t.sqlite3"), "--boards", str(tmp_path / "b"),
    ]  # fmt: skip


async def test_a_hint_is_played_by_typing_it_as_it_is_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the hint's search cut to 50 ms of a worker's time (the terminal gives it seconds)
    monkeypatch.setattr(local, "HINT_PER_THINK", 0.05 / local.THINK_SECONDS)
    out = io.StringIO()
    typed: list[str] = []

    def lines() -> Iterator[str]:
        """Ask for a hint, then type what it says, until a `play ...` step was typed."""
        for _ in range(60):
            yield "hint"
            hinted = HINTED.findall(out.getvalue())
            assert hinted, out.getvalue()[-500:]
            typed.append(hinted[-1])
            yield hinted[-1]
            if hinted[-1].startswith("play "):
                return

    await amain(taj_mahal(tmp_path), lines(), out, FakeRenderer())
    text = out.getvalue()
    assert typed and typed[-1].startswith("play "), typed
    for step in typed:  # each typed step was played by the player, none refused
        assert f"• Blue: {step}" in text
    assert "not a colour" not in text and "! " not in text


async def test_a_new_session_keeps_the_pictures_of_the_last_and_adds_its_own(
    tmp_path: Path,
) -> None:
    argv = taj_mahal(tmp_path)
    await amain(argv, ["board"], io.StringIO(), FakeRenderer())
    pictures = tmp_path / "b" / "t" / "game-1"
    first = {p.name: p.read_bytes() for p in pictures.glob("board-*.png")}
    assert first
    out = io.StringIO()
    await amain(argv, ["board", "withdraw", "board"], out, FakeRenderer())
    assert "Continuing game 1" in out.getvalue()
    after = {p.name: p.read_bytes() for p in pictures.glob("board-*.png")}
    assert {k: after[k] for k in first} == first  # none lost, none changed
    assert len(after) > len(first)  # the later position's picture beside them


async def test_a_mistyped_step_that_starts_with_play_gets_the_games_own_refusal(
    tmp_path: Path,
) -> None:
    out = io.StringIO()
    await amain(taj_mahal(tmp_path), ["play red vizer"], out, FakeRenderer())
    assert "'vizer' is not a symbol" in out.getvalue()  # Blue starts the first visit


async def test_a_card_drawn_from_the_deck_is_shown_to_the_player_and_counted_for_the_table(
    tmp_path: Path,
) -> None:
    out = io.StringIO()
    await amain(taj_mahal(tmp_path), ["withdraw"], out, FakeRenderer())  # before playing
    text = out.getvalue()
    assert re.search(r"^• Blue draws a card from the deck \(\d+ cards left in it\)$", text, re.M)
    assert re.search(r"^\(to you alone\) You drew \w+ [\w+]+ from the deck\.$", text, re.M)
    assert "• Blue scores no points for this withdrawal (total 0)." in text


async def test_the_players_hand_is_said_under_the_prompt_that_asks_it_once_each_change(
    tmp_path: Path,
) -> None:
    """A trial read the colour its prompt asked for, not its cards: when the decision is
    the keyboard's, its hand follows in a line for it alone, said again only once changed."""
    out = io.StringIO()
    argv = [*taj_mahal(tmp_path), "--seed", "5"]
    await amain(argv, ["status", "withdraw"], out, FakeRenderer())
    lines = out.getvalue().split("\n")
    hands = [i for i, line in enumerate(lines) if line.startswith("(to you alone) Your hand: ")]

    assert len(hands) == 2, lines  # the start; not again after `status`; once it drew a card
    first, second = (lines[i] for i in hands)
    assert first.endswith("Violet: princess; White: elephant.")
    assert second.replace("vizier+general, ", "") == first  # the card it drew, added
    for i in hands:  # under the prompt that asks Blue (its board line between)
        asking = [line for line in lines[:i] if line.startswith("Next: ")][-1]
        assert asking.startswith("Next: Blue — ")


ALLOWED = re.compile(r"Allowed now(?: like it)?: `([^`]+)`")


async def test_a_new_decision_after_the_persons_own_step_is_said_whole(tmp_path: Path) -> None:
    """A trial's `play red vizier` was followed, after the AIs' turns, by "play a red card or
    withdraw (as above)", with nothing above: a prompt is shortened only when it is said again
    with no line typed since (an AI's step aside in between), never for the next decision."""
    out = io.StringIO()
    typed_at: list[int] = []

    def lines() -> Iterator[str]:
        """A card of the colour asked typed straight away, from the hand the prompt shows;
        any other decision's first step allowed, read from a refusal."""
        for _ in range(30):
            text = out.getvalue()
            asked = re.match(r"Blue — [^:]*: play an? (\w+) card", text.split("\nNext: ")[-1])
            mine = text[text.rfind("Your hand: ") + len("Your hand: ") :].split("\n")[0]
            hand = dict(re.findall(r"(\w+): ([\w+]+)", mine))
            colour = asked.group(1) if asked else ""
            coloured = (c for c in hand if c in ("Red", "Yellow", "Green", "Violet"))
            colour = next(coloured, "") if colour == "coloured" else colour.capitalize()
            typed_at.append(len(text))
            if colour in hand:
                yield f"play {colour.lower()} {hand[colour]}"
            else:
                yield "?"
                typed_at.append(len(out.getvalue()))
                yield ALLOWED.findall(out.getvalue())[-1]

    await amain([*taj_mahal(tmp_path), "--seed", "1"], lines(), out, FakeRenderer())
    text = out.getvalue()
    assert text.count("• Blue: ") >= 6, text[-800:]
    asked = [(m.start(), m.group(0)) for m in re.finditer(r"\nNext: Blue — [^\n]*", text)]
    assert any(  # the trial's case came: the same words asked again after a typed line
        a == b and any(i < k < j for k in typed_at) for (i, a), (j, b) in pairwise(asked)
    )
    for said in re.finditer(r"\nNext: (\w+) — .*\(as above\)\n", text):
        whole = text.rfind(f"\nNext: {said.group(1)} — ", 0, said.start())
        assert not any(whole < k < said.start() for k in typed_at), text[whole : said.end()]
