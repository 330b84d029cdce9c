"""The tables in the terminal: what a hint prints is typed as it is printed (Taj Mahal's
steps start with `play`, a command's name too); a new session numbers its pictures on from
the last one, overwriting none."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

from bot.local import amain

HINTED = re.compile(r"would play `([^`]+)`")


def taj_mahal(tmp_path: Path) -> list[str]:
    return [
        "--game", "taj_mahal", "--play", "blue", "--level", "random",
        "--db", str(tmp_path / "t.sqlite3"), "--boards", str(tmp_path / "b"),
    ]  # fmt: skip


async def test_a_hint_is_played_by_typing_it_as_it_is_printed(tmp_path: Path) -> None:
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

    await amain(taj_mahal(tmp_path), lines(), out)
    text = out.getvalue()
    assert typed and typed[-1].startswith("play "), typed
    for step in typed:  # each typed step was played by the player ("you"), none refused
        assert f"Blue (you): {step}" in text
    assert "not a colour" not in text and "is not" not in text


async def test_a_new_session_numbers_its_pictures_on(tmp_path: Path) -> None:
    argv = taj_mahal(tmp_path)
    await amain(argv, ["board"], io.StringIO())
    first = sorted(p.name for p in (tmp_path / "b").glob("taj_mahal-*.png"))
    out = io.StringIO()
    await amain(argv, ["board", "board"], out)
    after = sorted(p.name for p in (tmp_path / "b").glob("taj_mahal-*.png"))
    assert first and len(after) == len(first) + 2  # none overwritten
    assert after[: len(first)] == first


async def test_a_mistyped_step_that_starts_with_play_gets_the_games_own_refusal(
    tmp_path: Path,
) -> None:
    out = io.StringIO()
    await amain(taj_mahal(tmp_path), ["play red vizer"], out)  # Blue starts the first visit
    assert "'vizer' is not a symbol" in out.getvalue()
