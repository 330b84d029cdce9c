"""Every example in docs/notation.md parses."""

from __future__ import annotations

import re
from pathlib import Path

from rules import vijayanagara

DOC = Path(__file__).resolve().parent.parent / "docs" / "notation.md"


def test_every_example_in_the_notation_doc_parses() -> None:
    examples = re.findall(r"\| `([^`]+)` \|\s*$", DOC.read_text(encoding="utf-8"), re.M)
    assert len(examples) > 30
    for example in examples:
        # `confirm` is the bot's answer to its own question, not a game step
        assert vijayanagara.parse(None, example.removesuffix("; confirm")), example


def test_the_engine_doc_example_runs() -> None:
    engine = (DOC.parent / "engine.md").read_text(encoding="utf-8")
    block = engine.split("```python\nfrom rules import vijayanagara\n", 1)[1].split("```", 1)[0]
    exec("from rules import vijayanagara\n" + block, {})  # the example a reader copies must work
