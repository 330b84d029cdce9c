"""Every move the Goat-Tiger game's texts give as an example (help, the rules at the table, the
notation's usage, the board's legend, docs/goat_tiger.md) is a step or a leap of the board: a
newcomer who types the example is not refused for a move no line allows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import render.goat_tiger.layout as layout
import rules.goat_tiger.notation as notation
import rules.goat_tiger.reference as reference
from bot.table.registry import game
from rules.capabilities import reference_of
from rules.goat_tiger.board import leaps, neighbours

ROOT = Path(__file__).resolve().parent.parent
STEP = re.compile(r"(?<![\w-])(\d{1,2})-(\d{1,2})(?![\w-])")
LEAP = re.compile(r"(?<![\w-])(\d{1,2})x(\d{1,2})(?![\w-])")


def examples(text: str) -> str:
    """The moves a text gives as examples: its backticked spans, and the rows of a table of
    the notation (a docstring's indented rows, a Markdown table's first cells)."""
    spans = re.findall(r"`([^`]+)`", text)
    rows = re.findall(r"^(?:    |\| `)(\d{1,2}[-x]\d{1,2})\b", text, flags=re.MULTILINE)
    return "\n".join(spans + rows)


def texts() -> dict[str, str]:
    g = game("goat_tiger")
    doc = (ROOT / "docs" / "goat_tiger.md").read_text()
    table = [line for line in doc.split("## Notation", 1)[1].split("\n") if line.startswith("| `")]
    strings = [v for v in vars(reference).values() if isinstance(v, str)]
    return {
        "help": examples("\n".join(reference_of(g).help_lines(lambda w: f"`{w}`"))),
        "rules": examples("\n".join(strings) + repr(getattr(reference, "TOPICS", ""))),
        "notation": examples((notation.__doc__ or "") + "\n" + notation.FORMS),
        "legend": Path(layout.__file__).read_text().split('how = "', 1)[1].split('"', 1)[0],
        "docs": examples("\n".join(table)),
    }


@pytest.mark.parametrize("where", ["help", "rules", "notation", "legend", "docs"])
def test_every_example_move_is_one_the_board_allows(where: str) -> None:
    steps, jumps = neighbours(), leaps()
    text = texts()[where]
    found = [(int(a), int(b), "step") for a, b in STEP.findall(text)]
    found += [(int(a), int(b), "leap") for a, b in LEAP.findall(text)]
    assert found, f"no example move in the {where} text"
    wrong = [
        f"{a}{'-' if kind == 'step' else 'x'}{b}"
        for a, b, kind in found
        if (b not in steps.get(a, ()) if kind == "step" else b not in {to for _, to in jumps[a]})
    ]
    assert not wrong, (where, wrong)
