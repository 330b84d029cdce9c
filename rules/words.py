"""Counts in words, for every game and the bot: "1 point", "2 points", "1 VP", "3 VP", "1 die",
"2 dice", "3 of 40 futures", "all 5 futures", "16%". The one place a count meets its noun, so
no text says "1 points", "1 dice" or "in 1 of 1 future"."""

from __future__ import annotations

INVARIANT = frozenset({"VP", "Cavalry"})  # counted without an -s
IRREGULAR = {"die": "dice", "entry": "entries", "commodity": "commodities", "is": "are"}


def plural(noun: str) -> str:
    """The noun (written for one) for more than one: `point` → `points`, `die` → `dice`."""
    if noun in INVARIANT:
        return noun
    return IRREGULAR.get(noun, noun + "es" if noun.endswith(("s", "x", "ch", "sh")) else noun + "s")


def singular(key: str) -> str:
    """A word a player typed, for one, as rulebooks write plurals (Tributaries, Rajas,
    fleets): what a lookup by words tries after the word itself."""
    if key.endswith("ies"):
        return key[:-3] + "y"
    if key.endswith(("ches", "shes", "sses")):
        return key[:-2]
    return key[:-1] if key.endswith("s") and not key.endswith("ss") else key


def noun_for(n: int, noun: str) -> str:
    """The noun (written for one) as `n` of them are called, without the number: `the Goat
    on 5`, `the Goats on 5 and 7`."""
    return noun if n == 1 else plural(noun)


def count_of(n: int, noun: str) -> str:
    """`n` and the noun (written for one), plural unless one: `1 step`, `3 steps`, `2 VP`,
    `1,500 futures`, `2 dice`."""
    return f"{n:,} {noun_for(n, noun)}"


def scored(n: int, unit: str) -> str:
    """A score in a game's unit, given as the game names it (plural: "points", "VP"):
    `1 point`, `71 points`, `1 VP`."""
    return count_of(n, unit.removesuffix("s") if unit.endswith("s") else unit)


def share(part: int, whole: int, noun: str) -> str:
    """`part` of `whole` things: `3 of 40 futures`, `all 5 futures`, `both futures`, `the
    one future`, `none of 4 futures`."""
    if part == whole:
        return {1: f"the one {noun}", 2: f"both {plural(noun)}"}.get(
            whole, f"all {count_of(whole, noun)}"
        )
    if part == 0:
        return f"none of {count_of(whole, noun)}"
    return f"{part:,} of {count_of(whole, noun)}"


def percent(fraction: float) -> str:
    """A fraction as a whole percentage, as English writes it: `16%`."""
    return f"{round(100 * fraction)}%"


def a(noun: str) -> str:
    """The noun with its indefinite article: `a Raja`, `an Amir`, `an infantry`."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def listed(items: list[str], word: str = "and") -> str:
    """`a`, `a and b`, `a, b and c` (`word`: "or" for a choice)."""
    if not items:
        return ""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"
