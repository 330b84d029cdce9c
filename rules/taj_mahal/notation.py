"""Taj Mahal's notation (docs/taj_mahal.md): how actions are written and read.

    play red vizier+elephant             one coloured card
    play red vizier with white elephant  ... and a white card
    play green monk with special change  ... and a special card (by its id)
    withdraw
    palace agra      crown mathura       a palace, the crown palace (city id or name)
    take red vizier, white elephant      cards from the supply

A card is its colour and its symbols joined by "+" (vizier, general, monk, princess, mogul,
elephant; v, g, m, p, gm, e for short); a special card is "special" and its id. Identical
cards are interchangeable, so a card's name is all the notation needs.
"""

from __future__ import annotations

import re

from rules.words import count_of

from ..errors import IllegalAction, InvalidOrder
from . import refusals
from .components import (
    COLOURS,
    COMMODITIES,
    ELEPHANT,
    GRAND_MOGUL,
    SYMBOL_TITLES,
    SYMBOLS,
    WHITE,
    Cards,
)
from .engine import WITHDRAW, legal, to_move
from .names import SYMBOL_WORDS, card_name, cards_text, symbols_text
from .scoring import commodity_count, hand_points
from .state import (
    CROWN,
    NO,
    VISITS,
    Action,
    Draw,
    LayOut,
    Place,
    Play,
    Setup,
    State,
    Take,
    Undo,
    Withdraw,
)
from .view import View

MAX_TEXT = 200
_SYMBOL_ALIASES = {
    **{w: i for i, w in enumerate(SYMBOL_WORDS)},
    **{s: i for i, s in enumerate(SYMBOLS)},
    "v": 0,
    "viz": 0,
    "g": 1,
    "gen": 1,
    "m": 2,
    "p": 3,
    "gm": 4,
    "grand-mogul": 4,
    "e": 5,
    "el": 5,
}
_COLOUR_ALIASES = {
    **{c: c for c in (*COLOURS, WHITE)},
    "r": "red",
    "y": "yellow",
    "gr": "green",
    "vi": "violet",
    "purple": "violet",
    "w": "white",
}


def describe(v: View, a: Action) -> str:
    s = v.state
    cards, board = s.cards, s.board
    if isinstance(a, Play):
        text = f"play {card_name(cards, a.card)}"
        return text if a.extra is None else f"{text} with {card_name(cards, a.extra)}"
    if isinstance(a, Withdraw):
        return "withdraw"
    if isinstance(a, Undo):
        return "undo"
    if isinstance(a, Place):
        word = "crown" if s.pending and s.pending[0] == CROWN else "palace"
        return f"{word} {board.city_word(a.city)}"  # (a trial read `dera_ghazi_khan`)
    if isinstance(a, Take):
        return f"take {cards_text(cards, a.cards)}"
    if isinstance(a, LayOut):
        return f"card supply: {cards_text(cards, a.cards)}"
    if isinstance(a, Draw):
        if a.card is None:
            return f"{a.seat}: no card is left to draw"
        if v.seat == a.seat:
            return f"{a.seat} draws {card_name(cards, a.card)}"
        return f"{a.seat} draws a card"
    assert isinstance(a, Setup)
    order = ", ".join(
        f"{n} {board.province_ids[p]}" for n, p in enumerate((*a.provinces,), start=1)
    )
    forts = board.bonus_fortresses
    tiles = ", ".join(
        f"{board.city_ids[c]} {_tile_name(s, t)}" for c, t in zip(forts, a.bonus, strict=True)
    )
    text = (
        f"province tiles: {order}; bonus tiles: {tiles}; card supply: {cards_text(cards, a.supply)}"
    )
    if v.seat is not None and v.seat in s.seats:
        text += f"; your hand: {cards_text(cards, a.hands[s.seats.index(v.seat)])}"
    return text


def _tile_name(s: State, t: int) -> str:
    board = s.board
    tile = board.tile(t)
    if tile.kind == "commodity":
        return str(tile.commodity)
    if tile.kind == "card":
        return f"+{tile.value} card"
    return f"+{count_of(tile.value, 'point')}"


def _specials_held(v: View) -> list[int]:
    """The special cards the viewer holds and has not played this visit."""
    s = v.state
    i = s.seats.index(v.seat) if v.seat is not None else NO
    return [
        k
        for e, k in enumerate(s.cards.specials)
        if s.special_holder[e] == i and k not in s.played[i]
    ]


def _hand_groups(v: View) -> list[str]:
    """The viewer's cards by colour, with their symbols ("Red: general ×2, monk"), then its
    special cards as an order plays them."""
    cards = v.state.cards
    out = []
    for colour in (*COLOURS, WHITE):
        held = [k for k in v.hand if cards.kinds[k].colour == colour]
        if held:
            names = [
                symbols_text(cards, k) + (f" ×{held.count(k)}" if held.count(k) > 1 else "")
                for k in sorted(set(held))
            ]
            out.append(f"{colour.capitalize()}: {', '.join(names)}")
    specials = _specials_held(v)
    if specials:
        said = [f"{cards.kinds[k].title} (`special {cards.kinds[k].name}`)" for k in specials]
        out.append(f"Special: {', '.join(said)}")
    return out


def hand_line(v: View) -> str:
    """The viewer's hand in one line, said beside its prompt where it alone reads it ("Your
    hand: Red: general ×2, monk; White: elephant"); "" for the public view."""
    if v.seat is None:
        return ""
    groups = _hand_groups(v)
    line = f"Your hand: {'; '.join(groups)}." if groups else "Your hand is empty."
    return line + _nothing_to_play(v)


def _nothing_to_play(v: View) -> str:
    """Said when the viewer's turn in a visit leaves it only `withdraw`: no card of the
    colour it plays this visit (white and special cards go only with a coloured one, Playing
    the game); the public prompt cannot say it (the hand is hidden)."""
    s = v.state
    if s.phase != "turn" or to_move(s) != v.seat or legal(s) != [WITHDRAW]:
        return ""
    need = s.colour[s.turn]
    what = "coloured card" if need == NO else f"{COLOURS[need]} card"
    return f" You hold no {what}: only `withdraw` is left this visit."


def hand_text(v: View) -> str:
    """The viewer's own hand, for it alone (Preparation: hands are kept secret): every card,
    grouped by colour with its symbols, the special cards it may play, the symbols in all,
    the colour it must play this visit (Playing the game) and what the cards would score
    held to the end (Game end). "" for the public view."""
    if v.seat is None:
        return ""
    s = v.state
    cards = s.cards
    i = s.seats.index(v.seat)
    hand = v.hand
    specials = _specials_held(v)
    lines = [f"Your hand ({count_of(len(hand) + len(specials), 'card')}):"]
    lines += [f"- {group}" for group in _hand_groups(v)]
    if len(lines) == 1:
        lines = ["Your hand is empty."]
    else:
        counts = [sum(cards.kinds[k].counts[n] for k in hand) for n in range(len(SYMBOLS))]
        tally = [f"{c} {SYMBOL_WORDS[n]}" for n, c in enumerate(counts) if c]
        lines.append(f"Symbols in hand: {', '.join(tally) or 'none'}.")
    if s.phase in ("turn", "place", "draw", "take") and s.active[i]:
        need = s.colour[i]
        lines.append(
            "This visit you have not played a coloured card yet: any colour will do."
            if need == NO
            else f"This visit you play {COLOURS[need]} cards."
        )
        lines[-1] += _nothing_to_play(v)
    worth = hand_points(cards, hand, s.special_holder.count(i))
    lines.append(f"Held to the game's end these cards score {worth} (Game end).")
    return "\n".join(lines)


def status_lines(v: View) -> list[str]:
    """The open facts of the table, a line each: the visit, then each seat's points, cards in
    hand, palaces, influence tiles, province tiles and special cards (Influence points;
    Ending a visit), then the deck."""
    s = v.state
    if not s.province_order:
        return ["Taj Mahal: the game is being set up."]
    cards, board = s.cards, s.board
    out = [
        f"Visit {min(s.visit, VISITS - 1) + 1} of {VISITS}: "
        f"{board.province_titles[s.province_order[min(s.visit, VISITS - 1)]]}"
    ]
    for i, seat in enumerate(s.seats):
        palaces = sum(1 for p in s.palace if p == i) + sum(1 for p in s.crown_palace if p == i)
        tiles = [f"{n} {SYMBOL_WORDS[k].capitalize()}" for k, n in enumerate(s.influence[i]) if n]
        specials = [
            cards.kinds[cards.specials[e]].title
            for e, holder in enumerate(s.special_holder)
            if holder == i
        ]
        parts = [
            count_of(s.scores[i], "point"),
            _count(v.hand_sizes[i], "card") + " in hand",
            _count(palaces, "palace"),
            "influence " + (", ".join(tiles) if tiles else "none"),
            _count(len(s.province_tiles[i]), "province tile"),
            "goods " + (", ".join(_goods(s, i)) or "none"),
        ]
        if specials:
            parts.append("special " + ", ".join(specials))
        withdrawn = "" if s.active[i] or s.phase == "over" else " (withdrawn this visit)"
        out.append(f"{seat.capitalize()}: {', '.join(parts)}{withdrawn}")
    out.append(f"Drawing deck: {_count(v.deck_size, 'card')}; discard pile: {len(s.discard)}")
    return out


_count = count_of


def _goods(s: State, seat: int) -> list[str]:
    """A seat's goods on its province and bonus tiles, each counted (each occurrence earns a
    point when a province tile of it is won, Influence points 2): a trial kept them in mind."""
    board, won, kept = s.board, s.province_tiles[seat], s.commodity_tiles[seat]
    counts = [(c, commodity_count(board, won, kept, c)) for c in COMMODITIES]
    return [f"{c} {n}" for c, n in counts if n]


def court_words(s: State) -> list[str]:
    """What the court still holds this visit, to be won by a withdrawal (Withdraw)."""
    return [prize_words(s, k, article="") for k in range(6) if s.in_court(k)]


def prize_words(s: State, force: int, article: str = "the ") -> str:
    """A force's prize in the court this visit: its character tile (`article` before its
    title), the crown, or the province tile with its goods."""
    if force == GRAND_MOGUL:
        return "the crown"
    if force == ELEPHANT:
        goods = " and ".join(s.board.province_tiles[s.visit])
        return f"province tile {s.visit + 1} ({goods})"
    return f"{article}{SYMBOL_TITLES[force]}"


def visit_header(v: View) -> str:
    """The line that opens a visit in the channel: the province, what the court holds and
    the supply (all open on the table)."""
    s = v.state
    if not s.province_order:
        return "Taj Mahal: the game is being set up"
    board, cards = s.board, s.cards
    court = court_words(s)
    starter = s.seats[s.start].capitalize()
    return (
        f"Visit {s.visit + 1} of 12: {board.province_titles[s.province]}. "
        f"Court: {', '.join(court) or 'empty'}. Supply: {cards_text(cards, s.supply)}. "
        f"{starter} starts."
    )


# --- reading ------------------------------------------------------------------------------


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,]+", text.strip().lower()) if w]


def read_card(cards: Cards, text: str) -> int:
    """The kind named by `text` ("red vizier+elephant", "white e", "special points")."""
    words = _words(text.replace("+", " "))
    if not words:
        raise InvalidOrder("name a card: its colour and symbols, e.g. red vizier+elephant")
    if words[0] == "special":
        name = "-".join(words[1:])
        for k, kind in enumerate(cards.kinds):
            if kind.effect is not None and name in (kind.name, kind.effect):
                return k
        names = ", ".join(k.name for k in cards.kinds if k.effect is not None)
        raise InvalidOrder(f"no special card {name!r}; the special cards are {names}")
    colour = _COLOUR_ALIASES.get(words[0])
    if colour is None:
        raise InvalidOrder(
            f"{words[0]!r} is not a colour: a card is red, yellow, green, violet or white "
            "(or 'special' and its id)"
        )
    counts = [0] * 6
    for w in words[1:]:
        i = _SYMBOL_ALIASES.get(w)
        if i is None and (w in _COLOUR_ALIASES or w == "special"):
            raise InvalidOrder(
                f"{w!r} starts a second card: join two cards with 'with' (play red vizier "
                "with white elephant)"
            )
        if i is None:
            raise InvalidOrder(f"{w!r} is not a symbol: {', '.join(SYMBOL_WORDS)}")
        counts[i] += 1
    for k, kind in enumerate(cards.kinds):
        if kind.colour == colour and list(kind.counts) == counts:
            return k
    raise InvalidOrder(f"there is no card {colour} {'+'.join(w for w in words[1:])}")


def _city(s: State, name: str) -> int:
    board = s.board
    key = name.strip().lower().replace(" ", "_")
    cities = board.cities_of[s.province]
    for c in cities:
        if key in (board.city_ids[c], board.city_titles[c].lower().replace(" ", "_")):
            return c
    found = [c for c in cities if board.city_ids[c].startswith(key)] if key else []
    if len(found) == 1:
        return found[0]
    # the cities still open to this palace (a trial was listed those already taken)
    allowed = legal(s)
    names = ", ".join(board.city_word(c) for c in cities if Place(c) in allowed)
    for c, (cid, title) in enumerate(zip(board.city_ids, board.city_titles, strict=True)):
        if key in (cid, title.lower().replace(" ", "_")):  # a city elsewhere: the rule says no
            raise IllegalAction(f"{refusals.why_not(s, Place(c))}: {names}", _usage(s))
    raise InvalidOrder(f"{name!r} is not a city of {board.province_titles[s.province]}: {names}")


def parse(v: View, text: str, seat: str) -> list[Action]:
    if len(text) > MAX_TEXT:
        raise InvalidOrder(f"an order is at most {MAX_TEXT} characters")
    s = v.state
    if to_move(s) != seat:
        who = to_move(s)
        raise IllegalAction(
            "the game is over"
            if s.phase == "over"
            else f"it is not your turn (waiting for {who or 'the deal'})"
        )
    cards = s.cards
    words = _words(text)
    if not words:
        raise InvalidOrder(_usage(s))
    verb, rest = words[0], text.strip()[len(words[0]) :].strip()
    if verb == "undo" and not rest:
        return [Undo()]  # whether anything may be taken back is the game's to say
    action: Action
    kind = _VERBS.get(verb)
    if kind is not None and kind not in _PHASE_VERBS.get(s.phase, ()):
        # a step of another part of the turn, read as written: refused by the rule
        raise IllegalAction(refusals.wrong_phase(s, kind), _usage(s))
    if s.phase == "turn" and verb in ("withdraw", "w") and not rest:
        action = Withdraw()
    elif s.phase == "turn" and verb in ("play", "p"):
        parts = re.split(r"\s+(?:with|and|&)\s+|\s*;\s*", rest.lower())
        if any(_words(p)[:1] and _words(p)[0] in _STEP_WORDS for p in parts[1:]):
            raise IllegalAction(  # (a trial's `play yellow princess; play yellow elephant`)
                "one play a turn: one coloured card, with one white card or one special card "
                "(Playing the game); send the next play when your turn comes again",
                _usage(s),
            )
        if not rest:
            raise InvalidOrder(
                "name the card: play red vizier, or play red vizier with white elephant"
            )
        if len(parts) > 2:
            raise IllegalAction(
                "at most two cards a turn: one coloured card, with one white card or one special "
                "card (Playing the game)",
                _usage(s),
            )
        first = read_card(cards, parts[0])
        action = Play(first, read_card(cards, parts[1]) if len(parts) == 2 else None)
    elif s.phase == "place":
        if verb == "crown" and s.pending[0] != CROWN:  # (a trial's crown became a palace)
            raise IllegalAction(
                f"the crown is not yours to place: this is {refusals.pending_text(s)} (Withdraw)",
                _usage(s),
            )
        name = rest if verb in ("palace", "crown") else text
        action = Place(_city(s, name))
    elif s.phase == "take" and verb == "take":
        parts = [p for p in re.split(r"\s*[,;]\s*|\s+and\s+", rest.lower()) if p]
        action = Take(tuple(sorted(read_card(cards, p) for p in parts)))
    else:
        raise InvalidOrder(_usage(s))
    if action in legal(s):
        return [action]
    raise IllegalAction(refusals.why_not(s, action), _usage(s))


_VERBS = {"play": "play", "p": "play", "withdraw": "withdraw", "w": "withdraw", "take": "take"}
_VERBS |= {"palace": "place", "crown": "place"}
_STEP_WORDS = frozenset(_VERBS) - {"w"}  # a step's first word, not a card's ("w e": white)
_PHASE_VERBS = {"turn": ("play", "withdraw"), "place": ("place",), "take": ("take",)}


def _usage(s: State) -> str:
    if s.phase == "turn":
        return "write 'play <card>' (and 'with <white or special card>') or 'withdraw'"
    if s.phase == "place":
        board = s.board
        word = "crown" if s.pending[0] == CROWN else "palace"
        return f"write '{word} <city>': a city of {board.province_titles[s.province]}"
    if s.phase == "take":
        n = min(2, len(s.supply))
        return f"write 'take <card>, <card>': {count_of(n, 'card')} from the supply"
    return "nothing to decide now"
