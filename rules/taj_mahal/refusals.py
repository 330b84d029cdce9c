"""Why a step that reads well is not allowed now, naming the rule that forbids it (the rules
text's headings) and what the seat may do instead. Read from the seat's own view: a reason
names the seat's own cards and what lies open on the table, never another hand."""

from __future__ import annotations

from .components import COLOURS, SYMBOL_TITLES, WHITE, Cards
from .engine import apply
from .names import card_name
from .state import CROWN, NO, Action, Place, Play, State, Take, Withdraw


def why_not(s: State, action: Action) -> str:
    """The rule that forbids `action` for the seat to move in `s`, in a sentence."""
    if s.phase == "turn" and isinstance(action, Play):
        return _play(s, action)
    if s.phase == "place" and isinstance(action, Place):
        return _place(s, action.city)
    if s.phase == "take" and isinstance(action, Take):
        return _take(s, action)
    if isinstance(action, (Play, Withdraw, Place, Take)):
        return wrong_phase(s, action.kind)
    try:
        apply(s, action)
    except ValueError as e:
        return str(e)
    return "that step is not allowed now"


def wrong_phase(s: State, kind: str) -> str:
    """A step of another part of a turn: where the seat stands in it (Playing the game;
    Withdraw; Finishing a withdrawal)."""
    if s.phase == "turn":
        return (
            "palaces are placed and supply cards taken only after you withdraw: play a card or "
            "withdraw now (Playing the game)"
        )
    if s.phase == "place":
        what = pending_text(s)
        if kind == "take":
            return f"first place your palaces: {what} now, then take from the supply (Withdraw)"
        return f"you have withdrawn from this visit: place {what} now (Withdraw)"
    if s.phase == "take":
        if kind == "place":
            return "your palaces are placed: take from the supply now (Finishing a withdrawal)"
        return (
            "you have withdrawn from this visit: take from the supply now (Finishing a withdrawal)"
        )
    return "nothing is yours to decide now"


def pending_text(s: State) -> str:
    kind = s.pending[0] if s.pending else NO
    if kind == CROWN:
        return "the crown palace"
    return f"a palace for the {SYMBOL_TITLES[kind]}" if kind != NO else "a palace"


def _play(s: State, a: Play) -> str:
    cards = s.cards
    w = s.turn
    kind = cards.kinds[a.card]
    hand = s.hands[w]
    if kind.effect is None and a.card not in hand:  # (a trial was told only "never alone")
        return not_held(cards, hand, a.card)
    if kind.colour not in COLOURS:
        what = "a special card" if kind.effect is not None else "a white card"
        return (
            f"{what} is played only with a coloured card, never alone: play a coloured card "
            f"first, then `with {card_name(cards, a.card)}` (Playing the game)"
        )
    need = s.colour[w]
    change = next((k for k in cards.specials if cards.kinds[k].effect == "colour_change"), NO)
    if need != NO and kind.colour != COLOURS[need] and a.extra != change:
        return (
            f"you are bound to {COLOURS[need]} this visit ({bound_how(s, w)}): play a "
            f"{COLOURS[need]} card, or another colour only with the free colour change card "
            "(Playing the game)"
        )
    if a.extra is None:
        return "that play is not allowed now"
    extra = cards.kinds[a.extra]
    if extra.colour in COLOURS:
        return (
            "only one coloured card is played a turn; the second card is a white card or a "
            "special card (Playing the game)"
        )
    if extra.effect is None:
        rest = list(hand)
        rest.remove(a.card)
        return not_held(cards, tuple(rest), a.extra)
    e = cards.specials.index(a.extra)
    holder = s.special_holder[e]
    if holder == w:
        return (
            f"you played {extra.title} already this visit: each special card once a visit, "
            "and it comes back to your hand when you withdraw (The special cards)"
        )
    pair = SYMBOL_TITLES[cards.special_of.index(a.extra)]
    where = "lies beside the board" if holder == NO else f"is {s.seats[holder].capitalize()}'s"
    return (
        f"the special card {extra.title} {where}: it is won with two {pair} tiles at a "
        "visit's end (The special cards)"
    )


def bound_how(s: State, w: int) -> str:
    """How the seat's colour was set this visit: its first coloured card (or, after the free
    colour change card, its second)."""
    cards = s.cards
    first = next((k for k in s.played[w] if cards.kinds[k].colour in COLOURS), NO)
    need = COLOURS[s.colour[w]]
    if first != NO and cards.kinds[first].colour == need:
        return f"you opened it with {need}"
    return f"your coloured card after the free colour change was {need}"


def not_held(cards: Cards, hand: tuple[int, ...], k: int) -> str:
    colour = cards.kinds[k].colour
    same = sorted({card_name(cards, c) for c in hand if cards.kinds[c].colour == colour})
    if not same:
        return f"you hold no {colour} card"
    noun = "white cards" if colour == WHITE else f"{colour} cards"
    return f"you hold no {card_name(cards, k)}: your {noun} are {', '.join(same)}"


def _place(s: State, city: int) -> str:
    board = s.board
    province = s.province_order[s.visit]
    title = board.province_titles[province]
    where = board.city_titles[city]
    crown = bool(s.pending) and s.pending[0] == CROWN
    if board.city_province[city] != province:
        return f"{where} is not in {title}: palaces go only on cities of the current province (Withdraw)"
    taken = s.crown_palace if crown else s.palace
    owner = taken[city]
    free = [board.city_word(c) for c in board.cities_of[province] if taken[c] == NO]
    what = "the crown palace" if crown else "a palace"
    return (
        f"{where} holds {s.seats[owner].capitalize()}'s palace already: {what} goes on an "
        f"empty city of {title} (Withdraw): {', '.join(free)}"
    )


def _take(s: State, a: Take) -> str:
    cards = s.cards
    n = min(2, len(s.supply))
    if len(a.cards) != n:
        if n == 2:
            return (
                f"a withdrawing player takes two cards from the supply, not {len(a.cards)} "
                "(Finishing a withdrawal)"
            )
        return "the last to withdraw takes the one card left in the supply (Finishing a withdrawal)"
    rest = list(s.supply)
    for c in a.cards:
        if c not in rest:
            held = ", ".join(card_name(cards, k) for k in sorted(set(s.supply)))
            return f"the supply holds no {'other ' if c in s.supply else ''}{card_name(cards, c)}: it holds {held}"
        rest.remove(c)
    return "those cards cannot be taken now"
