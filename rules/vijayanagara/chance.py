"""Chance nodes (OpenSpiel's): the dice of a battle and the card drawn from the deck.

The engine stops at a chance node and says what outcome it needs; a dealer supplies it as a
Roll or Draw action, which the log records like any step, so a replay needs the log alone.
A dealer is anything that gives uniform integers below n (`Below`): `sample` turns them into
an outcome, the same way for the bot's secret-keyed dealer (rules.vijayanagara.fairness) and for a seeded
one (rules.vijayanagara.rng). The deck's order does not exist until a card is drawn: the state holds only
what the players know of it (2.1), its piles and how many cards of each kind are in them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from . import rng
from .actions import Action, Draw, Roll, interned
from .cards import Deck, deck_for
from .model import GameState
from .words import count_of

Below = Callable[[int], int]  # a uniform integer in [0, n)
DIE_SIDES = 6


class ChanceNode(BaseModel):
    """What the pending chance outcome is: `dice` dice, or a card from the deck."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["dice", "draw"]
    dice: int = 0
    text: str


@lru_cache(maxsize=1 << 10)  # the same few nodes over and over (frozen: shared)
def dice_node(n: int, where: str) -> ChanceNode:
    """The node of a roll of n dice in a space (one shared frozen node per roll and space)."""
    return ChanceNode(kind="dice", dice=n, text=f"the roll of {n} dice in {where}")


DRAW_NODE = ChanceNode(kind="draw", text="the next card of the deck")


# --- the deck as the players know it (2.1) ----------------------------------------------


def initial_piles(deck: Deck) -> list[dict[str, int]]:
    """2.1: three stacks of six Events and two Mongol Invasions, the last of six Events and
    both Timurid Empire cards, and a Succession card in its known place between them."""
    zenith, rise, lords = deck.succession
    stack = {"event": 6, "mongol_invasion": 2}
    return [
        dict(stack),
        {str(zenith): 1},
        dict(stack),
        {str(rise): 1},
        dict(stack),
        {str(lords): 1},
        {"event": 6, "timurid": 2},
    ]


def _drawn(st: GameState) -> set[int]:
    out = set(st.discards)
    if st.current_card is not None:
        out.add(st.current_card)
    return out


def _pools(
    st: GameState, deck: Deck, pile: dict[str, int], drawn: set[int] | None = None
) -> list[tuple[str, int, list[int]]]:
    """(key, cards of it left in the pile, the cards it may be) for every key that can draw;
    `drawn`: the cards out of the deck, when the caller has them already."""
    if drawn is None:
        drawn = _drawn(st)
    out = []
    for key, n in pile.items():
        if n <= 0:
            continue
        if key.isdigit():
            pool = [int(key)] if int(key) in deck.cards and int(key) not in drawn else []
        else:
            pool = [c for c in deck.by_kind.get(key, ()) if c not in drawn]
        if pool:
            out.append((key, n, pool))
    return out


def _next_pile(st: GameState, deck: Deck) -> tuple[int, list[tuple[str, int, list[int]]]] | None:
    drawn = _drawn(st)
    i = _next_index(st, deck, drawn)
    return None if i is None else (i, _pools(st, deck, st.piles[i], drawn))


# Every draw asks whether a card can come, which pile it comes from and how many are left:
# these answer at the first card found, without listing the pools.


def _live(deck: Deck, key: str, drawn: set[int]) -> bool:
    """Whether a card of this key (a kind, or a card's number) may still be drawn."""
    if key.isdigit():
        card = int(key)
        return card in deck.cards and card not in drawn
    return not drawn.issuperset(deck.by_kind.get(key, ()))


def _next_index(st: GameState, deck: Deck, drawn: set[int]) -> int | None:
    """The pile the next card comes from (the first with a card left), or None."""
    for i, pile in enumerate(st.piles):
        for key, n in pile.items():
            if n > 0 and _live(deck, key, drawn):
                return i
    return None


def _key_of(deck: Deck, pile: dict[str, int], card: int, drawn: set[int]) -> str | None:
    """The key of this pile that may hold the card (the first, as _pools lists them)."""
    if card in drawn or card not in deck.cards:
        return None
    kind = deck.cards[card].kind
    for key, n in pile.items():
        if n > 0 and (int(key) == card if key.isdigit() else key == kind):
            return key
    return None


def cards_left(st: GameState) -> int:
    """How many cards are left in the deck (open information)."""
    deck = deck_for(st.options)
    drawn = _drawn(st)
    return sum(
        n for pile in st.piles for key, n in pile.items() if n > 0 and _live(deck, key, drawn)
    )


def deck_facts(st: GameState) -> str:
    """What the players know of the deck (2.1): how many cards are left, where the next
    Succession card lies, how many Timurid Empire cards are in the last stack. Never an order."""
    deck = deck_for(st.options)
    parts = [f"{cards_left(st)} left in the deck"]
    before = 0
    for pile in st.piles:
        pools = _pools(st, deck, pile)
        known = [int(k) for k, _, _ in pools if k.isdigit()]
        if known and deck.cards[known[0]].kind == "succession":
            title = deck.cards[known[0]].title
            parts.append(f"{title} comes after {before} more" if before else f"{title} is next")
            break
        timurid = sum(n for k, n, _ in pools if k == "timurid")
        if timurid:
            size = sum(n for _, n, _ in pools)
            # which ends the game, said (a trial's game ended at a card it was not warned of)
            ends = "it ends the game" if st.timurid_drawn else "the second ends the game"
            parts.append(
                f"{count_of(timurid, 'Timurid Empire card')} among the last {before + size}"
                f" ({ends}, 2.2)"
            )
            break
        before += sum(n for _, n, _ in pools)
    return "; ".join(parts)


def can_draw(st: GameState) -> bool:
    return _next_index(st, deck_for(st.options), _drawn(st)) is not None


def take_card(st: GameState, card: int) -> None:
    """Count a drawn card out of the pile it came from (call before it is the current card)."""
    deck = deck_for(st.options)
    drawn = _drawn(st)
    i = _next_index(st, deck, drawn)
    key = None if i is None else _key_of(deck, st.piles[i], card, drawn)
    if i is None or key is None:
        raise AssertionError(f"card {card} cannot be drawn now")
    # the piles are replaced, never changed in place: a forked state shares them
    piles = list(st.piles)
    pile = piles[i] = dict(piles[i])
    pile[key] -= 1
    if not any(n > 0 for n in pile.values()):
        del piles[i]
    st.piles = piles


def _shuffle(items: list[int], below: Below) -> None:
    for i in range(len(items) - 1, 0, -1):  # Fisher-Yates: every order as likely
        j = below(i + 1)
        items[i], items[j] = items[j], items[i]


def unseen_order(view: GameState, below: Below) -> list[int]:
    """The cards still to come, one order consistent with the piles (2.1): each kind's cards
    not yet drawn shuffled and dealt into that kind's places, pile by pile (the cards a
    shuffled deck would not reach stay out), each pile then shuffled; a Succession card in its
    known place."""
    deck = deck_for(view.options)
    drawn = _drawn(view)
    left: dict[str, list[int]] = {}
    for kind, cards in deck.by_kind.items():
        left[kind] = [c for c in cards if c not in drawn]
        _shuffle(left[kind], below)
    order: list[int] = []
    for pile in view.piles:
        stack: list[int] = []
        for key, n in pile.items():
            if n <= 0 or not _live(deck, key, drawn):
                continue
            if key.isdigit():
                stack.append(int(key))
            else:
                stack += left[key][:n]
                left[key] = left[key][n:]
        _shuffle(stack, below)
        order += stack
    return order


# --- outcomes ----------------------------------------------------------------------------


def why_not(st: GameState, node: ChanceNode, action: Action) -> str | None:
    """Why this outcome cannot resolve the node, or None when it can."""
    if node.kind == "dice":
        if not isinstance(action, Roll):
            return f"{node.text} is pending: it needs a roll of {node.dice} dice"
        if len(action.dice) != node.dice or not all(1 <= d <= DIE_SIDES for d in action.dice):
            return f"{node.text} needs {node.dice} values from 1 to {DIE_SIDES}, got {action.dice}"
        return None
    if not isinstance(action, Draw):
        return f"{node.text} is pending: it needs a card draw"
    deck = deck_for(st.options)
    drawn = _drawn(st)
    i = _next_index(st, deck, drawn)
    if i is None or _key_of(deck, st.piles[i], action.card, drawn) is None:
        return f"card {action.card} cannot come next from the deck as built in 2.1"
    return None


def sample(st: GameState, node: ChanceNode, below: Below) -> Action:
    """The outcome a dealer gives: each die uniform; a card uniform over the places left in
    the pile, then over the cards that place may hold (the same odds as a shuffled stack)."""
    if node.kind == "dice":
        return interned(Roll, dice=tuple(below(DIE_SIDES) + 1 for _ in range(node.dice)))
    found = _next_pile(st, deck_for(st.options))
    assert found is not None
    _, pools = found
    k = below(sum(n for _, n, _ in pools))
    for _, n, pool in pools:
        if k < n:
            return interned(Draw, card=pool[below(len(pool))])
        k -= n
    raise AssertionError("unreachable")


class SeededDealer:
    """The dealer of tests and benches: dice from a seeded generator, cards in the order it
    built at setup (2.1; rules.vijayanagara.setup.seeded_dealer). Same seed, same outcomes."""

    def __init__(self, state: int, order: list[int]) -> None:
        self.state = state
        self.order = list(order)

    def below(self, n: int) -> int:
        self.state, v = rng.below(self.state, n)
        return v

    def outcome(self, st: GameState, node: ChanceNode) -> Action:
        if node.kind == "draw" and self.order:
            return Draw(card=self.order.pop(0))
        return sample(st, node, self.below)


def seeded_outcome(st: GameState, node: ChanceNode) -> Action:
    """The outcome of the seeded dealer kept in the state (st.rng set); advances it."""
    assert st.rng is not None
    if node.kind == "draw" and st.order:
        # as SeededDealer.outcome: the next card of the order built at setup
        card, st.order = st.order[0], st.order[1:]
        return interned(Draw, card=card)
    dealer = SeededDealer(st.rng, [])  # dice (or a draw past the order): the generator only
    out = sample(st, node, dealer.below)
    st.rng = dealer.state
    return out
