"""Counts in the table's own words: "1 hour", "3 hours" (the games' own nouns are counted by
their rules, e.g. rules.vijayanagara.words)."""

from __future__ import annotations


def count_of(n: int, noun: str) -> str:
    """`n` and the noun, plural unless one (nouns that take an -s)."""
    return f"{n} {noun}" + ("" if n == 1 else "s")
