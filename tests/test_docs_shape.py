"""The docs say what is, briefly: no page over 300 lines (the AI's strength 200, Rajas' 250,
the README 250), no line naming a commit (the history of runs is git's and the benches'
results'), and each page for players or maintainers saying so in its first lines."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [ROOT / "README.md", *DOCS]
MOST_LINES = {"README.md": 250, "ai_strength.md": 200, "rajas.md": 250}
# a word of 7 to 40 hexadecimal digits with a letter and a digit in it, as git abbreviates
COMMIT = re.compile(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b")
READERS = {  # a page, and the word its first paragraph names its reader by
    "playing.md": "players",
    "games.md": "maintainers",
    "engine.md": "maintainers",
    "operations.md": "hosts the bot",
    "successors.md": "maintainers",
    "successors_picture.md": "maintainers",
}


def test_no_page_is_longer_than_its_reader_reads() -> None:
    long = {
        p.name: n
        for p in PAGES
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES.get(p.name, 300)
    }
    assert long == {}


def test_no_page_names_a_commit() -> None:
    named = [
        f"{p.name}:{i}: {m.group()}"
        for p in PAGES
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        for m in COMMIT.finditer(line)
    ]
    assert named == []


def test_a_page_for_players_or_maintainers_says_whom_it_is_for_at_once() -> None:
    """Its first paragraph after the title begins with "For" and names its reader."""
    unsaid = []
    for name, reader in READERS.items():
        text = (ROOT / "docs" / name).read_text(encoding="utf-8")
        first = text.split("\n\n")[1].replace("\n", " ")
        if not (first.startswith("For ") and reader in first):
            unsaid.append(name)
    assert unsaid == []
