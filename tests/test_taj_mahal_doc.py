"""docs/taj_mahal.md stays true: its notation examples read, and the tests it names exist."""

from __future__ import annotations

import re
from pathlib import Path

from taj_helpers import CARDS

from rules.taj_mahal.notation import read_card

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "taj_mahal.md").read_text(encoding="utf-8")


def test_every_card_in_the_notation_examples_reads() -> None:
    section = DOC.split("## Notation", 1)[1].split("\n## ", 1)[0]
    examples = re.findall(r"`((?:play|take) [^`]+)`", section)
    assert len(examples) >= 4
    for example in examples:
        body = example.split(" ", 1)[1]
        for part in re.split(r"\s+with\s+|\s*,\s*", body):
            read_card(CARDS, part)


def test_every_test_the_doc_names_exists() -> None:
    names = set(re.findall(r"`(test_[a-z0-9_]+)`", DOC))
    assert names
    source = "\n".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("test_taj_mahal_*.py")
    )
    for name in names:
        assert f"def {name}(" in source, name
