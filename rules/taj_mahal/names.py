"""How Taj Mahal's cards are named in the notation (docs/taj_mahal.md): a coloured or white
card is its colour and its symbols joined by "+", a special card "special" and its id."""

from __future__ import annotations

from .components import Cards

SYMBOL_WORDS = ("vizier", "general", "monk", "princess", "mogul", "elephant")


def card_name(cards: Cards, k: int) -> str:
    kind = cards.kinds[k]
    if kind.effect is not None:
        return f"special {kind.name}"
    return f"{kind.colour} {symbols_text(cards, k)}"


def cards_text(cards: Cards, ks: tuple[int, ...]) -> str:
    return ", ".join(card_name(cards, k) for k in ks) if ks else "no cards"


def symbols_text(cards: Cards, k: int) -> str:
    """A card's symbols, as the notation writes them after its colour."""
    kind = cards.kinds[k]
    return "+".join(SYMBOL_WORDS[n] for n, c in enumerate(kind.counts) for _ in range(c))
