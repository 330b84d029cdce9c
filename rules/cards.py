"""The card list (2.3-2.6), loaded from the project's deck.yaml and validated at load.

Issue scope: number, title, faction order, Stay Eligible, flavor and both texts. The event
effects are kept as data for the interpreter (events-format.md).
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import DataError
from .model import Faction, GameOptions

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

CardKind = Literal["event", "mongol_invasion", "succession", "timurid"]


class EventSide(BaseModel):
    model_config = ConfigDict(frozen=True)

    text: str
    effects: tuple[Any, ...] = ()


class Card(BaseModel):
    model_config = ConfigDict(frozen=True)

    number: int
    title: str
    kind: CardKind
    flavor: str = ""
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
        return sorted(n for n, c in self.cards.items() if c.kind == kind)


def _fail(where: str, msg: str) -> DataError:
    return DataError(f"deck: {where}: {msg}")


_EVENT_FIELDS = {"number", "title", "order", "stay_eligible", "flavor", "unshaded", "shaded"}


def _card(raw: Any, kind: CardKind, where: str) -> Card:
    if not isinstance(raw, dict):
        raise _fail(where, "expected a mapping")
    label = f"card {raw.get('number', '?')} ({raw.get('title', '?')})"
    allowed = {
        "event": _EVENT_FIELDS,
        "mongol_invasion": {"number", "title", "faction", "flavor"},
        "succession": {"number", "title", "flavor"},
        "timurid": {"number", "title", "flavor"},
    }[kind]
    unknown = set(raw) - allowed
    if unknown:
        raise _fail(label, f"unknown field(s) {sorted(unknown)}; allowed: {sorted(allowed)}")
    for req in ("number", "title"):
        if req not in raw:
            raise _fail(label, f"missing field {req!r}")
    try:
        card = Card.model_validate({**raw, "kind": kind})
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        raise _fail(label, f"field {field!r}: {err['msg']}") from exc
    if kind == "event":
        if sorted(card.order) != sorted(("D", "B", "V")):
            raise _fail(label, "field 'order' must list D, B and V once each (2.3.2)")
        if card.unshaded is None or card.shaded is None:
            raise _fail(label, "an Event card needs both 'unshaded' and 'shaded' (2.3.4)")
        from .event_data import validate_side  # the steps of events-format.md

        validate_side(label, "unshaded", card.unshaded.effects)
        validate_side(label, "shaded", card.shaded.effects)
    if kind == "mongol_invasion" and card.faction not in (Faction.B, Faction.V):
        raise _fail(label, "field 'faction' must be B or V (2.4.1)")
    return card


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
        raise _fail("document", f"unknown section(s) {sorted(unknown)}")
    cards: dict[int, Card] = {}
    ordered: dict[CardKind, list[int]] = {k: [] for k in sections.values()}
    for section, kind in sections.items():
        raw_list = data.get(section)
        if not isinstance(raw_list, list):
            raise _fail(section, "missing or not a list")
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
    try:
        data = yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise DataError(f"deck: not valid YAML: {exc}") from exc
    return parse_deck(data)


@cache
def standard_deck() -> Deck:
    """The project's own deck, loaded once from the package data."""
    text = resources.files("rules").joinpath("data/deck.yaml").read_text(encoding="utf-8")
    return load_deck_text(text)


@cache
def _deck_from_text(text: str) -> Deck:
    return load_deck_text(text)


def deck_for(options: GameOptions | None) -> Deck:
    """The deck a game plays with: its custom deck text (GameOptions.deck), else the standard."""
    if options is None or options.deck is None:
        return standard_deck()
    return _deck_from_text(options.deck)


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
    if re.fullmatch(r"[0-9]{1,6}", p):
        return [card_info(int(p), d)] if int(p) in d.cards else []
    return [card_info(n, d) for n in sorted(d.cards) if d.cards[n].title.lower().startswith(p)]
