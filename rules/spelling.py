"""Names a misspelt word may mean, for every game's refusals ("no place named 'karia' (did
you mean Caria or Aria?)")."""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher


def alike_names(said: str, names: Sequence[str]) -> list[int]:
    """The names (their indices) a misspelt word may mean, likest first: each as alike as the
    likest but for a tenth, at most 3 (a trial's `karia` was told only Aria, not the Caria it
    had marched beside). A word of a longer name counts (`ionai`: Lydia and Ionia)."""
    words: dict[str, list[int]] = {}
    for p, name in enumerate(names):
        for w in name.split():
            if len(w) > 3:
                words.setdefault(w, []).append(p)
    if not words:
        return []
    ratios = [(SequenceMatcher(None, said, w).ratio(), w) for w in words]
    best = max(ratios)[0]
    found: list[int] = []
    for ratio, w in sorted(ratios, reverse=True):
        if ratio >= max(0.6, best - 0.1):
            found += [p for p in words[w] if p not in found]
    return found[:3]
