"""Why an AI played its turn so: one line at the turn's end, from the public positions where
it began and ended, in a player's words: what it changed that scores (the Mongol Invaders'
way to Delhi with the rule that makes it count), and the VP margin after it."""

from __future__ import annotations

from rules import vijayanagara
from rules.vijayanagara import FACTION_NAMES, Faction, GameState, count_of

from .evaluate import margin
from .knowledge import seen
from .turn_hint import placed_changes

MAX_CHANGES = 4  # board changes named in the line; the rest are counted by Province


def why_line(start: GameState, end: GameState, seat: str, level: str) -> str:
    faction = Faction(seat)
    before, after = seen(start), seen(end)
    changes = [(p, c.replace("your ", "")) for p, c in placed_changes(before, after, faction)]
    shown = "; ".join(c for _, c in changes[:MAX_CHANGES])
    if len(changes) > MAX_CHANGES:
        shown += _more(changes[MAX_CHANGES:])
    m = margin(after, faction)
    # the VP as they stand at the turn's end (a trial read a later `status` against them)
    own = vijayanagara.score(after)[faction]
    if m > 0:
        standing = f"now leads by {m} VP ({own} to {own - m})"
    elif m == 0:
        standing = f"now shares the lead at {own} VP"  # (not "level with": read as a rival)
    else:
        standing = f"now trails the leader by {-m} VP ({own} to {own - m})"
    return f"_Why: {shown or 'nothing that scores changed'}; {FACTION_NAMES[faction]} {standing}._"


def _more(rest: list[tuple[str | None, str]]) -> str:
    """The changes not named, counted, with the Provinces they are in."""
    places = list(dict.fromkeys(p for p, _ in rest if p is not None))
    where = f" in {_joined(places)}" if places else ""
    return f"; and {count_of(len(rest), 'more change')}{where}"


def _joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
