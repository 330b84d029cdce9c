"""Taj Mahal's rules as a pure state machine: setup, visits, turns, withdrawals, the end.

Rule headings are the text's (Preparation; Playing the game; Withdraw; Influence points;
Finishing a withdrawal; Ending a visit; The special cards; Game end). Every function takes a
state and returns a new one; a refused action raises ValueError and changes nothing.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterable
from itertools import combinations
from typing import Any, Final, TypeVar

from ..game import Below
from ..words import count_of
from .components import (
    COURT,
    ELEPHANT,
    GRAND_MOGUL,
    INFLUENCE_PER_KIND,
    Cards,
)
from .options import TajOptions
from .scoring import (
    commodity_tile_points,
    hand_points,
    palace_points,
    province_tile_points,
)
from .state import (
    CROWN,
    DECIDING,
    HAND,
    NO,
    SUPPLY,
    VISITS,
    Action,
    Draw,
    LayOut,
    Place,
    Play,
    Setup,
    State,
    Take,
    Withdraw,
)
from .tables import (
    BEATS,
    BOARDS,
    GUARDS,
    LEAD,
    ONES,
    PLACES,
    SPECIAL_IDX,
    TABLES,
    WHITE_IDX,
    Tables,
)

T = TypeVar("T")


def new_state(options: TajOptions, seats: tuple[str, ...]) -> State:
    """Preparation, before anything is shuffled: the first chance step deals the rest."""
    if len(seats) not in SUPPLY:
        raise ValueError(f"Taj Mahal takes 3 to 5 players, not {len(seats)}")
    if len(set(seats)) != len(seats):
        raise ValueError("each seat is taken once")
    s = State(
        seats=seats,
        board_file=options.board_file,
        cards_file=options.cards_file,
        phase="setup",
        visit=0,
        start=0,
        turn=0,
        province_order=(),
        bonus_on=(),
        palace=(),
        crown_palace=(),
        crown_city=NO,
        court=(True, True, True, True),
        province_tile_in_court=True,
        deck=(),
        discard=(),
        supply=(),
        hands=tuple(() for _ in seats),
        special_holder=(NO, NO, NO, NO),
        scores=tuple(0 for _ in seats),
        influence=tuple((0, 0, 0, 0) for _ in seats),
        province_tiles=tuple(() for _ in seats),
        commodity_tiles=tuple(() for _ in seats),
        active=tuple(True for _ in seats),
        played=tuple(() for _ in seats),
        colour=tuple(NO for _ in seats),
    )
    board, cards = s.board, s.cards  # refuse bad files now, not at the first deal
    s.palace = s.crown_palace = tuple(NO for _ in board.city_ids)
    s.deck = tuple(sorted(cards.deck))
    return s


# --- chance -------------------------------------------------------------------------------


def chance(state: State) -> str | None:
    if state.phase in DECIDING:
        return None
    if state.phase == "setup":
        return "the province tiles, the bonus tiles, the hands and the first card supply"
    if state.phase == "supply":
        return f"the card supply of visit {state.visit + 1}"
    if state.phase == "draw":
        return f"the top card of the drawing deck for {state.seats[state.turn]}"
    return None


class _Deck:
    """The drawing deck and discard pile while cards are drawn (reshuffle included)."""

    __slots__ = ("deck", "discard")

    def __init__(self, s: State) -> None:
        self.deck = list(s.deck)
        self.discard = s.discard  # unchanged (not copied) unless the deck runs out

    def _refill(self) -> bool:
        # Ending a visit: "When the drawing deck is exhausted, shuffle the discard pile" -- done
        # when a card is needed and the deck is empty (docs/taj_mahal.md).
        if not self.deck and self.discard:
            self.deck, self.discard = list(self.discard), ()
        return bool(self.deck)

    def take(self, card: int) -> None:
        if not self._refill():
            raise ValueError("no card is left to draw: the deck and the discard pile are empty")
        try:
            self.deck.remove(card)
        except ValueError:
            raise ValueError(f"card {card} is not in the drawing deck") from None

    def store(self, s: State) -> None:
        s.deck, s.discard = tuple(self.deck), self.discard

    def deal_many(self, n: int, below: Below) -> tuple[int, ...]:
        out = []
        for _ in range(n):
            if not self._refill():
                break
            out.append(self.deck.pop(below(len(self.deck))))
        return tuple(sorted(out))

    def take_many(self, cards: tuple[int, ...], n: int, what: str) -> None:
        available = len(self.deck) + len(self.discard)
        if len(cards) != min(n, available):
            raise ValueError(f"{what}: {min(n, available)} cards are drawn, not {len(cards)}")
        if len(cards) <= len(self.deck):  # the deck alone: no reshuffle on the way
            deck = self.deck
            for c in cards:
                try:
                    deck.remove(c)
                except ValueError:
                    raise ValueError(f"card {c} is not in the drawing deck") from None
            return
        rest = list(cards)
        if len(rest) > len(self.deck):  # the whole deck, then the reshuffled discard pile
            for c in self.deck:
                if c not in rest:
                    raise ValueError(f"{what}: the deck's last cards are drawn before a reshuffle")
                rest.remove(c)
            self.deck = []
        for c in rest:
            self.take(c)


def _shuffled(items: list[int], below: Below) -> tuple[int, ...]:
    for i in range(len(items) - 1, 0, -1):
        j = below(i + 1)
        items[i], items[j] = items[j], items[i]
    return tuple(items)


def deal(state: State, below: Below) -> Action:
    if state.phase == "setup":
        board = state.board
        others = [p for p in range(len(board.province_ids)) if p != board.agra_province]
        provinces = _shuffled(others, below)
        bonus = _shuffled(list(range(len(board.bonus_tiles))), below)
        d = _Deck(state)
        hands = tuple(d.deal_many(HAND, below) for _ in state.seats)
        return Setup(provinces, bonus, hands, d.deal_many(SUPPLY[len(state.seats)], below))
    if state.phase == "supply":
        return LayOut(_Deck(state).deal_many(SUPPLY[len(state.seats)], below))
    if state.phase == "draw":
        pile = state.deck or state.discard  # the discard pile is reshuffled once the deck is out
        return Draw(state.seats[state.turn], pile[below(len(pile))] if pile else None)
    raise ValueError("no chance step is pending")


# --- legal actions ------------------------------------------------------------------------


def to_move(state: State) -> str | None:
    if state.phase in DECIDING:
        return state.seats[state.turn]
    return None


def specials_in_hand(s: State, seat: int) -> tuple[int, ...]:
    """The special cards `seat` may play now (held, and not on the table this visit)."""
    played = s.played[seat]
    holder = s.special_holder
    return tuple(
        k
        for e, k in enumerate(TABLES[s.cards_file].specials)
        if holder[e] == seat and k not in played
    )


WITHDRAW: Final = Withdraw()
# the seats after `turn`, clockwise, `turn` itself last: AFTER[players][turn]
AFTER: Final = {
    n: tuple(tuple((t + i) % n for i in range(1, n + 1)) for t in range(n)) for n in SUPPLY
}


def legal(state: State) -> list[Action]:
    phase = state.phase
    if phase == "turn":
        out = _plays(state)
        out.append(WITHDRAW)
        return out
    if phase == "place":
        return [PLACES[c] for c in placements(state)]
    if phase == "take":
        return _takes(TABLES[state.cards_file], state.supply)
    return []


def plays(s: State) -> list[Play]:
    """Playing the game: one coloured card (the visit's colour after the first), with one
    white card or one special card or nothing; the colour change card frees the colour."""
    return [a for a in _plays(s) if isinstance(a, Play)]


def _plays(s: State) -> list[Action]:
    w = s.turn
    t = TABLES[s.cards_file]
    hand = s.hands[w]
    role = t.role[s.colour[w]]  # per kind: LEAD (may be played now), WITH (white) or 0
    allowed: list[int] = []  # the coloured cards that may be played, each kind once
    extras = [NO]  # the cards that may go with one: t.plays[card][NO] is the card alone
    last = NO
    for k in hand:  # sorted: equal cards side by side
        if k != last:
            last = k
            r = role[k]
            if r:
                if r == LEAD:
                    allowed.append(k)
                else:
                    extras.append(k)
    change = False
    holder = s.special_holder
    if w in holder:
        played = s.played[w]
        for k in t.held[holder][w]:
            if k not in played:
                if k == t.change:
                    change = True
                else:
                    extras.append(k)
    rows = t.plays
    out: list[Action] = []
    for k in allowed:  # each coloured card alone, then with each extra card in turn
        row = rows[k]
        for e in extras:
            out.append(row[e])
    if change:  # the colour change card goes with a card of any colour
        k = t.change
        coloured = t.role[NO]
        last = NO
        for c in hand:
            if c != last:
                last = c
                if coloured[c] == LEAD:
                    out.append(rows[c][k])
    return out


def _takes(t: Tables, supply: tuple[int, ...]) -> list[Action]:
    """Finishing a withdrawal: every choice of two cards from the supply (or what is left),
    each once, in sorted order."""
    if len(supply) < 2:
        return [t.singles[supply[0]] if supply else Take(())]
    pairs: Iterable[tuple[int, int]] = combinations(supply, 2)  # sorted, as the supply is
    if len(set(supply)) < len(supply):  # equal cards make equal pairs
        pairs = sorted(set(pairs))
    rows = t.takes
    return [rows[a][b] for a, b in pairs]


def placements(s: State) -> list[int]:
    """Withdraw: a palace goes on an empty city of the current province; the crown palace on
    any city of it (beside a palace already there)."""
    taken = s.crown_palace if s.pending[0] == CROWN else s.palace
    cities = BOARDS[s.board_file].cities_of[s.province_order[s.visit]]
    return [c for c in cities if taken[c] == NO]


# --- applying -----------------------------------------------------------------------------


def apply(s: State, a: Action) -> State:
    step = STEPS[s.phase].get(type(a))
    if step is None:
        raise ValueError(f"{_describe_kind(a)} is not possible now: {_expected(s)}")
    return step(s, a)


def _lay_out(s: State, a: LayOut) -> State:
    t = s.clone()
    d = _Deck(t)
    d.take_many(a.cards, SUPPLY[len(s.seats)], "the card supply")
    d.store(t)
    t.supply = tuple(sorted(a.cards))
    t.phase = "turn"
    t.turn = t.start
    return t


def _draw(s: State, a: Draw) -> State:
    if a.seat != s.seats[s.turn]:
        raise ValueError(f"the card is drawn for {s.seats[s.turn]}, not {a.seat}")
    t = s.clone()
    d = _Deck(t)
    if a.card is None:
        if d.deck or d.discard:
            raise ValueError("a card is left to draw")
    else:
        d.take(a.card)
        t.hands = _add(t.hands, t.turn, (a.card,))
    d.store(t)
    t.draws_due -= 1
    return _continue(t)


def _describe_kind(a: Action) -> str:
    return {
        "setup": "the setup deal",
        "supply": "a card supply",
        "draw": "a card draw",
        "play": "playing cards",
        "withdraw": "withdrawing",
        "place": "placing a palace",
        "take": "taking cards from the supply",
        "undo": "undo",
    }[a.kind]


def _expected(s: State) -> str:
    who = s.seats[s.turn] if s.seats else ""
    return {
        "setup": "the game is being set up",
        "supply": "the card supply is being laid out",
        "draw": f"a card is being drawn for {who}",
        "turn": f"{who} plays cards or withdraws",
        "place": f"{who} places a palace",
        "take": f"{who} takes cards from the supply",
        "over": "the game is over",
    }[s.phase]


def _add(
    rows: tuple[tuple[int, ...], ...], i: int, cards: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return (*rows[:i], tuple(sorted(rows[i] + cards)), *rows[i + 1 :])


def _set(row: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    out = list(row)
    out[i] = value
    return tuple(out)


def _setup(s: State, a: Setup) -> State:
    board = s.board
    others = sorted(p for p in range(len(board.province_ids)) if p != board.agra_province)
    if sorted(a.provinces) != others:
        raise ValueError("the province tiles 1-11 go on the 11 provinces other than Agra's")
    forts = board.bonus_fortresses
    if sorted(a.bonus) != list(range(len(board.bonus_tiles))) or len(a.bonus) != len(forts):
        raise ValueError("each square bonus tile goes on one fortress other than Agra")
    if len(a.hands) != len(s.seats):
        raise ValueError(f"{len(s.seats)} hands are dealt, not {len(a.hands)}")
    t = s.clone()
    d = _Deck(t)
    for h in a.hands:
        d.take_many(h, HAND, "a starting hand")
    d.take_many(a.supply, SUPPLY[len(s.seats)], "the card supply")
    d.store(t)
    t.province_order = (*a.provinces, board.agra_province)
    bonus_on = [NO] * len(board.city_ids)
    for city, tile in zip(forts, a.bonus, strict=True):
        bonus_on[city] = tile
    bonus_on[board.agra_city] = len(board.bonus_tiles)  # the Taj Mahal tile
    t.bonus_on = tuple(bonus_on)
    t.hands = tuple(tuple(sorted(h)) for h in a.hands)
    t.supply = tuple(sorted(a.supply))
    t.phase = "turn"
    t.turn = t.start
    return t


def _play(s: State, a: Play) -> State:
    tab = TABLES[s.cards_file]
    colour_of = tab.colour_of
    w = s.turn
    card, extra = a.card, a.extra
    if not 0 <= card < len(colour_of) or colour_of[card] >= WHITE_IDX:
        raise ValueError("the first card played in a turn is a coloured card")
    hands = s.hands
    hand = hands[w]
    try:
        i = hand.index(card)
    except ValueError:
        raise ValueError("that coloured card is not in your hand") from None
    change = tab.change
    need = s.colour[w]
    if need != NO and colour_of[card] != need and extra != change:
        raise ValueError(
            f"this visit you play {('red', 'yellow', 'green', 'violet')[need]} cards "
            "(or another colour with the free colour change card)"
        )
    hand = hand[:i] + hand[i + 1 :]
    scores = s.scores
    if extra is None:
        played = (*s.played[w], card)
    else:
        if not 0 <= extra < len(colour_of):
            raise ValueError("the second card is a white card or a special card")
        kind = colour_of[extra]
        if kind == WHITE_IDX:
            try:
                i = hand.index(extra)
            except ValueError:
                raise ValueError("that white card is not in your hand") from None
            hand = hand[:i] + hand[i + 1 :]
        elif kind == SPECIAL_IDX:
            if extra not in tab.held[s.special_holder][w] or extra in s.played[w]:
                raise ValueError("you do not hold that special card (or played it this visit)")
            if extra == tab.points:
                scores = _set(scores, w, scores[w] + 2)  # The special cards: +2 at once
        else:
            raise ValueError("only one coloured card is played per turn")
        played = (*s.played[w], card, extra)
    t = s.clone()
    t.scores = scores
    rows = list(hands)
    rows[w] = hand
    t.hands = tuple(rows)
    rows = list(s.played)
    rows[w] = played
    t.played = tuple(rows)
    if need == NO and extra != change:
        t.colour = _set(s.colour, w, colour_of[card])
    active = s.active
    for j in AFTER[len(active)][w]:  # the player on turn is still in the visit: one is found
        if active[j]:
            t.turn = j
            break
    return t


def symbol_counts(cards: Cards, played: tuple[int, ...]) -> list[int]:
    counts = [0] * 6
    kinds = cards.kinds
    for k in played:
        for i, n in enumerate(kinds[k].counts):
            counts[i] += n
    return counts


def majorities(s: State, w: int) -> tuple[list[int], bool, bool]:
    """Withdraw: what `w` has more of than any other single player still in the visit (at
    least one symbol): the court symbols whose tile is in the court, the Grand Mogul while the
    crown is there, the Elephant while the province tile is there."""
    beats = _beats(s, w)
    if not beats:
        return [], False, False
    court = s.court
    won = [k for k in COURT if court[k] and beats & BEATS[k]]
    crown = s.crown_city == NO and beats & BEATS[GRAND_MOGUL] != 0
    elephant = s.province_tile_in_court and beats & BEATS[ELEPHANT] != 0
    return won, crown, elephant


def _beats(s: State, w: int) -> int:
    """The symbols `w`'s played cards show more of than each other player still in the visit
    does, as guard bits (tables.BEATS).

    With packed counts, each field of (m | GUARDS) - o - ONES keeps its guard bit exactly when
    m > o, for all six symbols in one subtraction (no field borrows)."""
    played = s.played
    mine = played[w]
    if not mine:
        return 0
    packed = TABLES[s.cards_file].packed
    m = GUARDS  # | the counts: no count reaches a guard bit
    for k in mine:
        m += packed[k]
    beats = (m - ONES) & GUARDS  # more than none
    active = s.active
    for i, p in enumerate(played):
        if p and active[i] and i != w:
            o = ONES
            for k in p:
                o += packed[k]
            beats &= m - o
    return beats


def _withdraw(s: State, a: Withdraw) -> State:
    w = s.turn
    beats = _beats(s, w)
    t = s.clone()
    t.active = _set(s.active, w, False)
    t.placed = False
    t.bonus_points = 0
    if beats:
        court = s.court
        won = []
        for k in COURT:
            if court[k] and beats & BEATS[k]:
                won.append(k)
        if won:
            rest = list(court)
            held = list(s.influence[w])
            for k in won:
                rest[k] = False
                held[k] += 1
            t.court = (rest[0], rest[1], rest[2], rest[3])
            t.influence = _set(s.influence, w, (held[0], held[1], held[2], held[3]))
        if s.crown_city == NO and beats & BEATS[GRAND_MOGUL]:
            won.append(CROWN)
        t.pending = tuple(won)
        if s.province_tile_in_court and beats & BEATS[ELEPHANT]:
            t.elephant_won = True
            t.province_tile_in_court = False
        else:
            t.elephant_won = False
    else:
        t.pending = ()
        t.elephant_won = False
    if s.played[w]:
        t.early = False
        t.draws_due = 0
    else:  # withdrawing before playing: draw the top card
        t.early = True
        t.draws_due = 1
    return _continue(t)


def _place(s: State, a: Place) -> State:
    city = a.city
    board = BOARDS[s.board_file]
    province = s.province_order[s.visit]
    crown = s.pending[0] == CROWN
    taken = s.crown_palace if crown else s.palace
    city_province = board.city_province
    if not 0 <= city < len(city_province) or city_province[city] != province or taken[city] != NO:
        raise ValueError(
            ("the crown palace" if crown else "a palace")
            + " cannot go there: it goes on "
            + ("any city" if crown else "an empty city")
            + f" of {board.province_titles[province]}"
        )
    t = s.clone()
    w = s.turn
    t.pending = s.pending[1:]
    t.placed = True
    if crown:
        t.crown_palace = _set(taken, city, w)
        t.crown_city = city
        return _continue(t)  # the crown palace takes no bonus tile
    t.palace = _set(taken, city, w)
    tile_id = s.bonus_on[city]
    if tile_id != NO:
        t.bonus_on = _set(s.bonus_on, city, NO)
        tile = board.tile(tile_id)
        if tile.kind == "points":
            t.scores = _set(s.scores, w, s.scores[w] + tile.value)
            t.bonus_points = s.bonus_points + tile.value
        elif tile.kind == "card":
            t.draws_due += tile.value
        else:
            assert tile.commodity is not None
            pts = commodity_tile_points(
                board, s.province_tiles[w], s.commodity_tiles[w], tile.commodity
            )
            t.scores = _set(s.scores, w, s.scores[w] + pts)
            t.bonus_points = s.bonus_points + pts
            t.commodity_tiles = _set(s.commodity_tiles, w, (*s.commodity_tiles[w], tile_id))
    return _continue(t)


def _continue(t: State) -> State:
    """The rest of a withdrawal: draws, placements, then the province tile and palaces are
    scored (Influence points, in that order), the played cards discarded (special cards back
    to the hand), and the supply offered."""
    if t.draws_due > 0:
        t.phase = "draw"
        return t
    if t.pending:
        t.phase = "place"
        return t
    w = t.turn
    if t.elephant_won:
        board = BOARDS[t.board_file]
        tile = t.visit + 1
        pts = province_tile_points(board, tile, t.province_tiles[w], t.commodity_tiles[w])
        t.scores = _set(t.scores, w, t.scores[w] + pts)
        t.province_tiles = _set(t.province_tiles, w, (*t.province_tiles[w], tile))
        t.elephant_won = False
    if t.placed:
        board = BOARDS[t.board_file]
        pts = palace_points(board, t.palace, t.crown_palace, w, t.province_order[t.visit])
        t.scores = _set(t.scores, w, t.scores[w] + pts)
        t.placed = False
    played = t.played[w]
    if played:
        discard = list(t.discard)  # sorted: each card goes in at its place
        if w in t.special_holder:  # special cards go back to the hand
            colour_of = TABLES[t.cards_file].colour_of
            for k in played:
                if colour_of[k] != SPECIAL_IDX:
                    insort(discard, k)
        else:
            for k in played:
                insort(discard, k)
        t.discard = tuple(discard)
        rows = list(t.played)
        rows[w] = ()
        t.played = tuple(rows)
    t.early = False
    if t.supply:
        t.phase = "take"
        return t
    _next_turn(t)
    return t


def _take(s: State, a: Take) -> State:
    chosen = a.cards
    supply = s.supply
    n = min(2, len(supply))
    if len(chosen) != n:
        raise ValueError(f"take {count_of(n, 'card')} from the supply")
    rest = list(supply)
    try:
        for c in chosen:
            rest.remove(c)
    except ValueError:
        raise ValueError("those cards are not in the supply") from None
    t = s.clone()
    t.supply = tuple(rest)
    w = s.turn
    rows = list(s.hands)
    rows[w] = tuple(sorted(rows[w] + chosen))
    t.hands = tuple(rows)
    _next_turn(t)
    return t


def _next_turn(t: State) -> None:
    """Play goes clockwise among the players still in the visit (a player alone plays on);
    when all have withdrawn the visit ends."""
    t.bonus_points = 0  # the withdrawal is over
    active = t.active
    for j in AFTER[len(active)][t.turn]:
        if active[j]:
            t.turn = j
            t.phase = "turn"
            return
    _end_visit(t)


def _end_visit(t: State) -> None:
    board, cards = BOARDS[t.board_file], TABLES[t.cards_file].cards
    bonus_on = list(t.bonus_on)
    for c in board.cities_of[t.province_order[t.visit]]:
        bonus_on[c] = NO  # bonus tiles not won leave the game
    t.bonus_on = tuple(bonus_on)
    t.province_tile_in_court = False  # a province tile not won leaves the game
    if t.supply:
        t.discard = tuple(sorted(t.discard + t.supply))
        t.supply = ()
    # pairs of equal influence tiles become the special card (Ending a visit; The special cards)
    influence = t.influence
    if any(n >= 2 for held in influence for n in held):
        holder = list(t.special_holder)
        rows = list(influence)
        for i, held in enumerate(rows):
            for k in COURT:
                if held[k] >= 2:
                    row = list(held)
                    row[k] -= 2
                    held = rows[i] = (row[0], row[1], row[2], row[3])
                    holder[cards.specials.index(cards.special_of[k])] = i
        t.special_holder = tuple(holder)
        t.influence = influence = tuple(rows)
    if t.visit == VISITS - 1:
        _game_end(t)
        return
    n = len(t.seats)
    t.visit += 1
    t.start = (t.start + 1) % n
    t.turn = t.start
    out = [0, 0, 0, 0]  # tiles out of the court, by kind
    for held in influence:
        out[0] += held[0]
        out[1] += held[1]
        out[2] += held[2]
        out[3] += held[3]
    t.court = (
        out[0] < INFLUENCE_PER_KIND,
        out[1] < INFLUENCE_PER_KIND,
        out[2] < INFLUENCE_PER_KIND,
        out[3] < INFLUENCE_PER_KIND,
    )
    t.crown_city = NO
    t.province_tile_in_court = True
    t.active = (True,) * n
    t.played = ((),) * n
    t.colour = (NO,) * n
    t.phase = "supply"


def _game_end(t: State) -> None:
    cards = t.cards
    t.scores = tuple(
        score + hand_points(cards, t.hands[i], t.special_holder.count(i))
        for i, score in enumerate(t.scores)
    )
    t.phase = "over"
    t.crown_city = NO


# apply's steps, by phase and by the action's class (each class is taken in one phase)
STEPS: Final[dict[str, dict[type, Callable[[State, Any], State]]]] = {
    "setup": {Setup: _setup},
    "supply": {LayOut: _lay_out},
    "draw": {Draw: _draw},
    "turn": {Play: _play, Withdraw: _withdraw},
    "place": {Place: _place},
    "take": {Take: _take},
    "over": {},
}
