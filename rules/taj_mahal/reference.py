"""A short rules reference in our own words, by the text's headings."""

from __future__ import annotations

from .components import SYMBOL_TITLES, standard_cards

_TOPICS: dict[str, str] = {
    "overview": (
        "Overview: 12 visits, one per province, in the order of the province tiles; Agra's "
        "province is always the twelfth. In each visit players play cards for influence or "
        "withdraw; the most influence points at the end wins."
    ),
    "turn": (
        "Playing the game: on your turn play one coloured card, alone or with one white card or "
        "one special card, or withdraw. Your first coloured card of a visit fixes your colour "
        "for that visit (one played with the free colour change does not: the next does). "
        "Cards played stay on the table until you withdraw."
    ),
    "withdraw": (
        "Withdraw: compare your played cards with those of players still in the visit. More "
        "Viziers, Generals, Monks or Princesses than any other single player: take that "
        "influence tile and place a palace on a city of the province with no palace (a crown "
        "palace alone there leaves room for one). More Grand Moguls: the crown palace, on any "
        "city, even one holding another player's palace (a city with two palaces connects "
        "for both). More Elephants: the province tile."
    ),
    "points": (
        "Influence points: bonus tiles first (4 or 2 points, a card, or a commodity scoring 1 "
        "plus 1 per same commodity you hold; the Taj Mahal tile on Agra is 4 points, our "
        "reading: the text shows it only in a picture), then the province tile (1 per commodity plus "
        "matches), then palaces: 1 for the province (once, however many palaces you have "
        "there) and 1 per other province connected by roads through your own palaces."
    ),
    "supply": (
        "Finishing a withdrawal: discard your played cards (special cards return to your hand) "
        "and take two cards from the supply (the last player takes what is left). Withdrawing "
        "before playing any card also draws the top card of the deck. A hand has no limit."
    ),
    "visit end": (
        "Ending a visit: two equal influence tiles are traded for their special card, taken "
        "from the table or from whoever holds it. The "
        "starting player moves left, the court is refilled, the next province tile enters the "
        "court and a new supply is laid out (the discard pile is reshuffled when the deck runs "
        "out)."
    ),
    "special cards": (
        "The special cards: played like a white card, never alone, at most one per turn; they "
        "return to your hand. +1 Elephant, +1 Grand Mogul, +2 influence points at once, or a "
        "free colour change for the card played with it."
    ),
    "game end": (
        "Game end: after the twelfth visit each player scores 1 per special card, per white "
        "card and per card of the colour held most. The highest total wins."
    ),
}
TOPICS: tuple[str, ...] = tuple(_TOPICS)


def reference(topic: str) -> str:
    try:
        told = _TOPICS[topic]
    except KeyError:
        raise ValueError(f"no topic {topic!r}; the topics are: {', '.join(TOPICS)}") from None
    return f"{told} {_pairs()}" if topic in ("special cards", "visit end") else told


def _pairs() -> str:
    """Which two tiles win which special card (a trial had to infer it), as the cards read."""
    cards = standard_cards()
    won = [
        f"two {SYMBOL_TITLES[k]} tiles take the {cards.kinds[cards.special_of[k]].title} card"
        for k in range(4)
    ]
    return (
        f"At a visit's end {', '.join(won)}; a player holding it already discards the two "
        "tiles, with no further effect."
    )
