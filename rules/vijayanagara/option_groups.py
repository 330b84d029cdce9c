"""The legal steps as a player reads them: steps that differ only in a count or in the space
(die, faction) they end at are one entry ("`move 1-4 troop from delhi to punjab|rajput`",
"`screen 1|2`"), so a March's hundred moves read as a dozen lines, and every combination an
entry stands for is legal."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, Charge, Go, Move, Place, Remove, Screen, Select, Support, Target
from .command_base import no_space_note
from .model import GameState
from .notation import describe
from .notes import idle_note

# the steps whose last word is their one choice: a space (`... in SPACE`, `... to SPACE`), a
# die (`charge N`) or a faction (`target B`)
LAST_WORD_CHOSEN = (Move, Place, Remove, Support, Select, Go, Charge, Screen, Target)


def grouped(state: GameState, legal: Sequence[Action]) -> list[str]:
    """Each entry in the notation, in backticks, a step that would do nothing marked (2.3.3).
    First the steps that differ only in their count are joined (`move 1-4 troop from delhi to
    punjab`), then those that differ only in their last word, where their counts agree
    (`... to punjab|malwa`): every combination an entry stands for is legal."""
    return [text for text, _ in grouped_actions(state, legal)]


def grouped_actions(state: GameState, legal: Sequence[Action]) -> list[tuple[str, Action]]:
    """`grouped`'s entries, each with the first step it stands for."""
    counted: dict[tuple[str, str], list[int]] = {}  # (text before, after the count) -> counts
    first: dict[tuple[str, str], Action] = {}  # the first step of each
    notes: dict[str, str] = {}  # a step's text -> why it would do nothing
    chosen_last: set[str] = set()  # the texts whose last word is their choice
    for action in legal:
        text = describe(state, action)
        if note := idle_note(state, action) or no_space_note(state, action):
            notes[text] = note
        if isinstance(action, LAST_WORD_CHOSEN):
            chosen_last.add(text)
        n = getattr(action, "count", None)
        if isinstance(n, int) and f" {n} " in text:
            before, _, after = text.partition(f" {n} ")
            key = (before, after)
            counted.setdefault(key, []).append(n)
        else:
            key = (text, "")
            counted.setdefault(key, [])
        first.setdefault(key, action)
    entries: dict[str, list[str]] = {}  # an entry (but its last word) -> the last words
    stands_for: dict[str, Action] = {}
    noted: dict[str, str] = {}  # an entry -> why its step would do nothing
    for (before, after), ns in counted.items():
        one = f"{before} {ns[0]} {after}" if ns else before  # a step the entry stands for
        shown = f"{before} {_range(ns)} {after}" if ns else before
        if one in chosen_last and one not in notes:
            head, _, last = shown.rpartition(" ")
            entries.setdefault(head, []).append(last)
        else:
            head = shown
            entries[shown] = []
            if one in notes:
                noted[shown] = notes[one]
        stands_for.setdefault(head, first[(before, after)])
    out = []
    for head, lasts in entries.items():
        text = f"`{head} {'|'.join(lasts)}`" if lasts else f"`{head}`"
        out.append((f"{text} ({noted[head]})" if head in noted else text, stands_for[head]))
    return out


def key_for(entries: Sequence[str]) -> str | None:
    """What the entries' ranges and choices mean, read from the first range shown (a trial
    read a key of `1-4` above ranges of 1-2 and 1-5); None when they have neither."""
    ranges = [w for e in entries for w in e.strip("`").split() if w[:1].isdigit() and "-" in w]
    choices = any("|" in e for e in entries)
    if not ranges:
        return "`a|b` stands for one of them" if choices else None
    low, high = ranges[0].split("-", 1)
    said = f"`{low}-{high}` stands for any number from {low} to {high}"
    return f"{said}, `a|b` for one of them" if choices else said


def _range(ns: list[int]) -> str:
    """`2`, `1-4` (a run), or `1|3` (counts with a gap)."""
    ns = sorted(set(ns))
    if len(ns) == 1:
        return str(ns[0])
    if ns == list(range(ns[0], ns[-1] + 1)):
        return f"{ns[0]}-{ns[-1]}"
    return "|".join(map(str, ns))
