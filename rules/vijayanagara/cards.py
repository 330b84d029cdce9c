"""The card list (2.3-2.6), loaded from the project's deck.yaml and validated at load.

Each card has its number, title, faction order, Stay Eligible, flavor and both texts. The event
effects are checked once when the deck is loaded (event_data.py, with messages naming the card,
side and step) and kept as typed steps (event_steps.py), which the interpreter runs.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from functools import cache, cached_property
from importlib import resources
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from ..errors import DataError, excerpt, excerpts
from ..game import SetByGame
from ..safe_yaml import load_bounded
from ..text import Flavor, Prose, Title, text_problem
from ..validation import Problem, read_strictly
from .event_data import validate_side
from .event_steps import Nested
from .factions import Faction

# Bounds of a deck file a user uploads (the standard deck is ~35,000 characters, 14 levels deep).
DECK_MAX_CHARS = 256_000
DECK_MAX_DEPTH = 32
DECK_MAX_NODES = 50_000
MAX_CARDS_PER_SECTION = 200
MAX_CARD_NUMBER = 999
PARSED_DECKS = 16  # parsed custom decks kept in memory (least recently used dropped)

CardKind = Literal["event", "mongol_invasion", "succession", "timurid"]


class EventSide(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    text: Prose
    effects: tuple[Nested, ...] = ()  # written (and dumped) as the deck file writes them


class Card(BaseModel):
    model_config = ConfigDict(frozen=True)

    number: int = Field(ge=1, le=MAX_CARD_NUMBER)
    title: Title
    kind: CardKind
    flavor: Flavor = ""
    order: tuple[Faction, ...] = ()  # event cards: faction order left to right (2.3.2)
    stay_eligible: bool = False
    unshaded: EventSide | None = None
    shaded: EventSide | None = None
    faction: Faction | None = None  # Mongol Invasion cards: who runs the Mongols (2.4)


class Deck(BaseModel):
    model_config = ConfigDict(frozen=True)

    cards: dict[int, Card]
    succession: tuple[int, int, int]  # Zenith, Rise of the Rebel Sultans, Lords of the Deccan
    timurid: tuple[int, int]

    def of_kind(self, kind: CardKind) -> list[int]:
        return list(self.by_kind.get(kind, ()))

    @cached_property
    def by_kind(self) -> dict[str, tuple[int, ...]]:
        """The card numbers of each kind, in order (computed once: every draw asks)."""
        out: dict[str, list[int]] = {}
        for n in sorted(self.cards):
            out.setdefault(self.cards[n].kind, []).append(n)
        return {k: tuple(v) for k, v in out.items()}


def _fail(where: str, msg: str) -> DataError:
    return DataError(f"deck: {where}: {msg}")


_EVENT_FIELDS = {"number", "title", "order", "stay_eligible", "flavor", "unshaded", "shaded"}


def _card(raw: Any, kind: CardKind, where: str) -> Card:
    if not isinstance(raw, dict):
        raise _fail(where, "expected a mapping")
    if not all(isinstance(k, str) for k in raw):
        raise _fail(where, "every field name must be text")
    # Only bounded excerpts of unvalidated values go into a label or a message.
    title = raw.get("title", "?")
    if isinstance(title, str):  # a title that is not plain text is not echoed
        title = excerpt(title).strip("'") if not text_problem(title[:40]) else "?"
    else:
        title = excerpt(title)
    label = f"card {excerpt(raw.get('number', '?'))} ({title})"
    allowed = {
        "event": _EVENT_FIELDS,
        "mongol_invasion": {"number", "title", "faction", "flavor"},
        "succession": {"number", "title", "flavor"},
        "timurid": {"number", "title", "flavor"},
    }[kind]
    unknown = set(raw) - allowed
    if unknown:
        raise _fail(label, f"unknown field(s) {excerpts(unknown)}; allowed: {sorted(allowed)}")
    for req in ("number", "title"):
        if req not in raw:
            raise _fail(label, f"missing field {req!r}")
    # every field but the effects read strictly, as every loader reads a file (a number is
    # no `true`); the effects, checked step by step (event_data.py), are typed after
    sides = {
        s: {**b, "effects": []} for s in ("unshaded", "shaded") if isinstance(b := raw.get(s), dict)
    }
    problem = read_strictly(Card, {**raw, **sides, "kind": kind})
    if isinstance(problem, Problem):
        raise _fail(label, f"field '{problem.field}': {problem.said}")
    if kind == "event":
        raw = {**raw, **_typed_sides(raw, label)}
    card = Card.model_validate({**raw, "kind": kind})
    if kind == "event":
        if sorted(card.order) != sorted(("D", "B", "V")):
            raise _fail(label, "field 'order' must list D, B and V once each (2.3.2)")
        if card.unshaded is None or card.shaded is None:
            raise _fail(label, "an Event card needs both 'unshaded' and 'shaded' (2.3.4)")
    if kind == "mongol_invasion" and card.faction not in (Faction.B, Faction.V):
        raise _fail(label, "field 'faction' must be B or V (2.4.1)")
    return card


def _typed_sides(raw: dict[str, Any], label: str) -> dict[str, object]:
    """Each side with its effects read into typed steps, once, at load (events-format.md:
    checked first, so that a mistake names the card, the side and the step)."""
    out: dict[str, object] = {}
    for side in ("unshaded", "shaded"):
        body = raw.get(side)
        if isinstance(body, dict) and "effects" in body:
            out[side] = {**body, "effects": validate_side(label, side, body["effects"])}
    return out


def parse_deck(data: Any) -> Deck:
    """Validate a deck document (the structure of deck.yaml) and build the Deck."""
    if not isinstance(data, dict):
        raise _fail("document", "expected a mapping")
    sections: dict[str, CardKind] = {
        "cards": "event",
        "mongol_invasion_cards": "mongol_invasion",
        "succession_cards": "succession",
        "timurid_cards": "timurid",
    }
    unknown = set(data) - set(sections)
    if unknown:
        raise _fail("document", f"unknown section(s) {excerpts(unknown)}")
    cards: dict[int, Card] = {}
    ordered: dict[CardKind, list[int]] = {k: [] for k in sections.values()}
    for section, kind in sections.items():
        raw_list = data.get(section)
        if not isinstance(raw_list, list):
            raise _fail(section, "missing or not a list")
        if len(raw_list) > MAX_CARDS_PER_SECTION:
            raise _fail(section, f"more than {MAX_CARDS_PER_SECTION} cards")
        for i, raw in enumerate(raw_list):
            card = _card(raw, kind, f"{section}[{i}]")
            if card.number in cards:
                raise _fail(f"{section}[{i}]", f"duplicate card number {card.number}")
            cards[card.number] = card
            ordered[kind].append(card.number)
    need: dict[CardKind, int] = {"event": 24, "mongol_invasion": 6, "succession": 3, "timurid": 2}
    for kind, n in need.items():
        have = len(ordered[kind])
        if have < n:
            raise _fail(kind, f"needs at least {n} cards to build the deck (2.1), has {have}")
    if len(ordered["succession"]) != 3 or len(ordered["timurid"]) != 2:
        raise _fail("document", "needs exactly 3 Succession and 2 Timurid Empire cards")
    s = ordered["succession"]
    t = ordered["timurid"]
    return Deck(cards=cards, succession=(s[0], s[1], s[2]), timurid=(t[0], t[1]))


def load_deck_text(text: str) -> Deck:
    """Read and validate a deck file; cost linear in its size, DataError when it is bad."""
    data = load_bounded(
        text,
        what="deck",
        max_chars=DECK_MAX_CHARS,
        max_depth=DECK_MAX_DEPTH,
        max_nodes=DECK_MAX_NODES,
    )
    return parse_deck(data)


def deck_key(text: str) -> str:
    """The content hash a deck file is stored and found by."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def standard_deck_text() -> str:
    """The project's own deck file, for an owner to start theirs from."""
    data = resources.files("rules.vijayanagara").joinpath("data/deck.yaml")
    return data.read_text(encoding="utf-8")


@cache
def standard_deck() -> Deck:
    """The project's own deck, loaded once from the package data."""
    return load_deck_text(standard_deck_text())


_parsed: OrderedDict[str, Deck] = OrderedDict()
_parsed_lock = threading.Lock()  # decks are parsed in worker threads


def deck_from_text(text: str) -> Deck:
    """A custom deck, parsed once while it stays among the PARSED_DECKS most recently used."""
    key = deck_key(text)
    with _parsed_lock:
        deck = _parsed.get(key)
        if deck is not None:
            _parsed.move_to_end(key)
            return deck
    deck = load_deck_text(text)
    with _parsed_lock:
        _parsed[key] = deck
        while len(_parsed) > PARSED_DECKS:
            _parsed.popitem(last=False)
    return deck


class GameOptions(BaseModel):
    """What a group agrees before the game. None of them changes the standard setup."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    timurs_shadow: bool = Field(
        default=False, description="The Timur's Shadow variant"
    )  # after 5.5
    # A custom deck file (events-format.md) by the hash of its text; None: the standard deck.
    # The text is stored once, apart from the states; the parsed Deck rides along in memory
    # only (with_deck), so no state or snapshot carries the file.
    deck_hash: Annotated[str | None, SetByGame()] = None
    _deck: Deck | None = PrivateAttr(default=None)


def with_deck(options: GameOptions, text: str) -> GameOptions:
    """Options that play with the deck file `text` (parsed and validated here)."""
    new = options.model_copy(update={"deck_hash": deck_key(text)})
    new._deck = deck_from_text(text)
    return new


def deck_for(options: GameOptions | None) -> Deck:
    """The deck a game plays with: its custom deck (attached by with_deck), else the standard."""
    if options is None or options.deck_hash is None:
        return standard_deck()
    if options._deck is None:
        raise DataError(f"deck: the game's deck file {options.deck_hash[:12]} is not loaded")
    return options._deck


class CardInfo(BaseModel):
    """What the bot shows about a card."""

    model_config = ConfigDict(frozen=True)

    number: int
    title: str
    kind: CardKind
    order: tuple[Faction, ...]
    stay_eligible: bool
    flavor: str
    unshaded: str | None
    shaded: str | None
    faction: Faction | None = None  # Mongol Invasion cards: who runs the Mongols (2.4)


def card_info(number: int, deck: Deck | None = None) -> CardInfo:
    """Number, title, faction order, Stay Eligible, flavor and both texts of one card."""
    d = deck or standard_deck()
    if number not in d.cards:
        raise KeyError(f"no card {number} in the deck")
    c = d.cards[number]
    return CardInfo(
        number=c.number,
        title=c.title,
        kind=c.kind,
        order=c.order,
        faction=c.faction,
        stay_eligible=c.stay_eligible,
        flavor=c.flavor,
        unshaded=c.unshaded.text if c.unshaded else None,
        shaded=c.shaded.text if c.shaded else None,
    )


def find_cards(prefix: str, deck: Deck | None = None) -> list[CardInfo]:
    """Cards whose title starts with the prefix (case-insensitive), or whose number it is."""
    d = deck or standard_deck()
    p = prefix.strip().lower()
    if re.fullmatch(r"[0-9]+", p):
        n = int(p) if len(p) <= 6 else -1  # no card has a longer number
        return [card_info(n, d)] if n in d.cards else []
    return [card_info(n, d) for n in sorted(d.cards) if d.cards[n].title.lower().startswith(p)]
