"""Rajas of the Ganges' rules as a pure state machine.

Rule headings are the text's (Setup; Game play; Placing workers and carrying out the
associated actions; I. Building action; The province boards; Special yields; The upgrades of
the buildings; II. Market action; III. Actions at the palace; IV. River action; Explanation of
the earnings on the river; Karma; Get new workers; Bonuses on the scoring tracks; End of a
round; End of the game). Every function takes a state and returns a new one; a refused action
raises ValueError naming the rule and what is allowed, and changes nothing.

What a placement sets going is a list of pending effects (`State.pending`): those that ask
nothing are carried out at once, before the decisions ahead of them (`_settle`); one the seat
must decide stops there (legal_actions lists the choices), a die roll, a tile revealed or a
yield tile drawn stops at a chance step. Effects (kind, number, detail); `why` is the effect's
cause (causes.py):
  money n why / fame n why        move the marker (the bonuses and workers it reaches follow)
  karma n why                     move the cube
  gain n colour                   take n dice of the colour (NO: any), then roll them
  roll                            chance: the unrolled dice on the statue
  reveal stack                    chance: the new top of a stack
  yield                           chance: a white yield tile (Dancer)
  upgrade - why                   decide: a building type
  sail n                          decide: 1 to n unoccupied river spaces (the harbour)
  voyage n why                    exactly n unoccupied river spaces, then the earning
  earn space                      the river space's earning
  chamber                         decide: a palace chamber 2 to 6 (a river earning)
  buy - cell                      decide: a top tile and its dice (cell: the one covered, or NO)
  place_tile tile cell            decide: where and how turned (cell: fixed when covering)
  cover                           decide: the cell the Master builder covers
  goods n why                     decide: the good a scoring of one kind scores (n markets)
  reroll                          decide: dice to roll again (outer terrace)
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Final

from ..game import Below
from ..words import count_of
from . import causes, payments, province
from .choices import ASKS, area_options, decisions, place_options
from .components import COLOURS, LETTERS, STACKS
from .effects import AUTO, FIXED_EFFECTS, area_effects, build_tile, chamber_effects, give_up, put
from .options import RajasOptions
from .state import (
    AREAS,
    HARBOUR,
    KALI_HANDS,
    NO,
    QUARRY,
    START_KARMA,
    START_MONEY,
    START_WORKERS,
    Action,
    Build,
    Buy,
    Chamber,
    Cover,
    Done,
    DrawYield,
    Effect,
    Enough,
    FirstPlayer,
    Goods,
    Pass,
    Pick,
    Place,
    Release,
    Reroll,
    Reveal,
    Roll,
    Sail,
    Setup,
    State,
    Undo,
    Upgrade,
)

CHANCES: Final = frozenset(("roll", "reveal", "yield"))
_PICKS: Final = tuple(Pick(c) for c in range(len(COLOURS)))
_CHANCE_STEPS: Final = frozenset((Setup, FirstPlayer, Roll, Reveal, DrawYield))
AREA_INDEX: Final = {name: a for a, name in enumerate(AREAS)}
CHAMBERS: Final = (
    "Great Mogul",
    "Dancer",
    "Yogi",
    "Raja Man Singh",
    "Master builder",
    "Portuguese",
)


def new_state(options: RajasOptions, seats: tuple[str, ...]) -> State:
    """Setup, before any die is rolled or any stack mixed: the first chance step does that."""
    if not 2 <= len(seats) <= 4:
        raise ValueError(f"Rajas of the Ganges takes 2 to 4 players, not {len(seats)}")
    if len(set(seats)) != len(seats):
        raise ValueError("each seat is taken once")
    n = len(seats)
    s = State(
        seats=seats,
        board_file=options.board_file,
        tiles_file=options.tiles_file,
        phase="setup",
        round=1,
        start=0,
        turn=0,
        supply=(12,) * 4,
        tops=(NO,) * STACKS,
        stacks=(),
        yield_deck=(),
        yield_discard=(),
        spaces=((),) * len(AREAS),
        money=(0,) * n,
        fame=(0,) * n,
        karma=(START_KARMA,) * n,
        upgrades=((0, 0, 0, 0),) * n,
        dice=((),) * n,
        workers=(START_WORKERS,) * n,
        placed=(0,) * n,
        passed=(False,) * n,
        boat=(0,) * n,
        province=(),
        covered=((),) * n,
        gained=((),) * n,
        money_bonus=(0,) * n,
        mogul=NO,
        late_rolls=options.roll_when_needed,
    )
    board, tiles = s.board, s.tiles  # read (a bad file refused) as the state is made
    s.stacks = tuple(tuple(sorted(st)) for st in tiles.stacks)
    s.yield_deck = tuple(sorted(board.yield_tiles))
    s.province = (tuple(NO for _ in range(board.columns * board.rows)),) * n
    return s


# --- who decides, and chance -------------------------------------------------------------


def to_move(state: State) -> str | None:
    if state.phase != "play" or (state.pending and state.pending[0][0] in CHANCES):
        return None
    return state.seats[state.turn]


def _dealing(s: State) -> bool:
    """Whether a chance step is to be dealt now (what `chance` describes)."""
    if s.phase == "play":
        return bool(s.pending) and s.pending[0][0] in CHANCES
    return s.phase != "over"


def chance(state: State) -> str | None:
    if state.phase == "play":  # the common case first: asked before every step
        if not state.pending or state.pending[0][0] not in CHANCES:
            return None
    elif state.phase == "setup":
        return "the starting dice and the top tile of each stack"
    elif state.phase == "start":
        return "the starting player among those tied for the lowest roll"
    else:
        return None
    kind, n, _ = state.pending[0]
    if kind == "roll":
        return _roll_text("".join(state.dice[state.turn]).count("0"), state.seats[state.turn])
    if kind == "reveal":
        return f"the new top tile of the {stack_name(n)} stack"
    return "a white yield tile"


@lru_cache(maxsize=256)
def _roll_text(k: int, seat: str) -> str:
    """`chance` of a roll (remembered: asked before every roll of the random games)."""
    return f"the roll of {count_of(k, 'die')} for {seat}"


def stack_name(stack: int) -> str:
    return f"{COLOURS[stack // 3]} {('snake', 'cow', 'tiger')[stack % 3]}"


_UNROLLED_OF: Final = tuple(letter + "0" for letter in LETTERS)  # by colour
_UNROLLED: Final = frozenset(_UNROLLED_OF)
# the unrolled dice of a statue are counted as "".join(dice).count("0"), written out where a
# roll is described and dealt: a die is its colour's letter and its number, so a "0" is an
# unrolled die's; no call of ours, and in C (twice as quick as counting die by die)
_IS_UNROLLED: Final = _UNROLLED.__contains__
_SHOWING: Final = {letter + "0": tuple(letter + str(v) for v in range(7)) for letter in LETTERS}


_ROLLS_OF_ONE: Final = tuple(Roll((v,)) for v in range(1, 7))
_ROLLS_OF_TWO: Final = tuple(Roll((v, w)) for v in range(1, 7) for w in range(1, 7))


def lowest_rolls(s: State) -> list[int]:
    """The seats tied for the lowest total of the starting dice (Setup: the lowest starts)."""
    totals = [sum(payments.value(d) for d in dice) for dice in s.dice]
    low = min(totals)
    return [i for i, t in enumerate(totals) if t == low]


def deal(state: State, below: Below) -> Action:
    if state.phase != "play":
        return _deal_start(state, below)
    kind, n, _ = state.pending[0] if state.pending else _NOTHING
    if kind == "roll":  # the most common by far; a loop, as a comprehension is a call
        k = "".join(state.dice[state.turn]).count("0")
        if k == 1:  # the rolls of one and two dice made once, shared (an action is never
            return _ROLLS_OF_ONE[below(6)]  # changed): 9 rolls in 10
        if k == 2:
            first = below(6)
            return _ROLLS_OF_TWO[6 * first + below(6)]
        values = []
        for _ in range(k):
            values.append(1 + below(6))
        return Roll(tuple(values))
    if kind == "reveal":
        return Reveal(n, state.stacks[n][below(len(state.stacks[n]))])
    if kind != "yield":
        raise ValueError("nothing is to be dealt now")
    deck = state.yield_deck or state.yield_discard  # reshuffled when the stack runs out (Dancer)
    return DrawYield(deck[below(len(deck))])


_NOTHING: Final[Effect] = ("", 0, 0)  # no pending effect: nothing to deal


def _deal_start(state: State, below: Below) -> Action:
    if state.phase == "setup":
        dice = tuple(1 + below(6) for _ in range(4 * state.players))
        return Setup(dice, tuple(st[below(len(st))] if st else NO for st in state.stacks))
    if state.phase == "start":
        tied = lowest_rolls(state)
        return FirstPlayer(state.seats[tied[below(len(tied))]])
    raise ValueError("nothing is to be dealt now")


def legal(state: State) -> list[Action]:
    memo = state.memo
    if memo is None:  # listed once; `to_move` written out (no call)
        if state.phase != "play":
            memo = ()
        elif state.pending:
            memo = () if state.pending[0][0] in CHANCES else decisions(state)
        else:
            memo = place_options(state, state.turn) or _PASS_ONLY
        state.memo = memo  # the listing itself (a new list, never changed): each caller a copy
    return list(memo)


_PASS_ONLY = (Pass(),)


# --- applying ------------------------------------------------------------------------------


class Refused(ValueError):
    """A step not among the legal ones: the game's adapter says why, in the rules' words
    (refusals.py, which reads the steps through this module)."""


def apply(state: State, action: Action) -> State:
    """A step carried out (Refused when not legal), an undo taken back, and the seat's steps
    since the last barrier kept for undo."""
    kind = type(action)
    # the very step among those listed (then a seat decides, and the step is legal): found
    # by identity in a plain loop (quicker than `any` on these short lists, and no call); a
    # chance step is never listed
    for listed in state.memo or ():
        if listed is action:
            break
    else:
        if kind is Roll:  # the most common chance step by far: carried out with no call
            pending = state.pending  # (_apply_chance's test written out)
            if pending and pending[0][0] == "roll" and state.phase == "play":
                t = state.clone()
                _roll(t, action)  # type: ignore[arg-type]
                return _settle(t)
        if kind in _CHANCE_STEPS:
            return _apply_chance(state, action)
        if kind is Undo:
            return _undo(state)
        if to_move(state) is None:
            if _reveal_waits(state) and kind not in _CHANCE_STEPS:
                return apply(_revealed_late(state), action)
            raise ValueError(_why_waiting(state))
        if not _allowed(state, action):
            raise Refused(f"{action.kind} is not a legal step now")
    t = state.clone()
    if kind is Place:
        _place(t, action)  # type: ignore[arg-type]
    elif kind is Pass:
        t.passed = put(t.passed, t.turn, True)  # type: ignore[assignment]
    else:
        _DECIDE[kind](t, action)
    _settle(t)
    # a seat's step after which the same seat goes on deciding may be taken back: the next
    # decision is then listed already (`_settle`), and `state` was a seat's (no chance step)
    if t.memo is not None or _reveal_waits(t):  # (a log stored before the reveal came at
        # once may take back the purchase while it waits: `_revealed_late`)
        t.since_barrier = state.since_barrier + (action,)  # noqa: RUF005 (quicker)
        t.barrier = state.barrier if state.since_barrier else state
    return t


def _undo(s: State) -> State:
    """The state before the seat's last step: the steps since the barrier but the last, carried
    out again from the state at the barrier (never past a chance step or a placement's end)."""
    base = s.barrier
    if not s.since_barrier or base is None or to_move(base) is None:
        raise ValueError(
            "nothing to undo: steps cannot be taken back past a roll, a tile revealed or "
            "the end of your placement"
        )
    for action in s.since_barrier[:-1]:
        base = apply(base, action)
    return base


def _allowed(s: State, a: Action) -> bool:
    """Whether `a` is among the legal steps (those of its area alone, for a placement)."""
    if s.memo is not None:
        return a in s.memo
    if s.pending:
        return a in decisions(s)
    if isinstance(a, Place):
        return a.area in AREA_INDEX and a in area_options(s, s.turn, AREA_INDEX[a.area])
    return isinstance(a, Pass) and not place_options(s, s.turn)


def _reveal_waits(s: State) -> bool:
    return s.phase == "play" and bool(s.pending) and s.pending[0][0] == "reveal"


def _revealed_late(s: State) -> State:
    """A log stored before a stack's new top was shown at once (the rule the Setup gives: the
    stacks lie face up) shows it when the placement ends: a seat's step where that log has
    one, while the reveal waits, is such a log's. The reveal waits where that log dealt it, at
    the end of the placement, and its entry later in the log is taken there: the game replays
    as it was played (a table never sends a step while a reveal waits: nobody decides)."""
    k = next(k for k, (kind, _, _) in enumerate(s.pending) if kind != "reveal")
    t = s.clone()
    t.pending = (*s.pending[k:], *s.pending[:k])
    t.since_barrier, t.barrier = s.since_barrier, s.barrier  # its undo as that log had it
    return t


def _why_waiting(s: State) -> str:
    if s.phase == "over":
        return "the game is over"
    return f"no seat decides now: {chance(s)} must be dealt first"


def _place(t: State, a: Place) -> None:
    i, area = t.turn, AREA_INDEX[a.area]
    spaces, placed = list(t.spaces), list(t.placed)
    spaces[area] += (i,)
    placed[i] += 1
    t.spaces, t.placed = tuple(spaces), tuple(placed)
    if area <= HARBOUR:  # the spaces with a cost in money
        t.money = put(t.money, i, t.money[i] - money_cost_before(t, area))  # type: ignore[assignment]
    if a.dice:
        give_up(t, i, a.dice, a.turned)
    t.pending = FIXED_EFFECTS[area] or area_effects(t, i, area, a)


def money_cost_before(t: State, area: int) -> int:
    """The cost of the space just taken (the worker is already on it)."""
    if area > HARBOUR:
        return 0
    side = t.board.sides[t.players]
    if area == QUARRY:
        return side.quarry[len(t.spaces[QUARRY]) - 1]
    return side.harbour[len(t.spaces[HARBOUR]) - 1]


def _decide(t: State, a: Action) -> None:
    _DECIDE[type(a)](t, a)


def _pick(t: State, a: Pick) -> None:
    i, (kind, n, d), rest = t.turn, t.pending[0], t.pending[1:]
    dice, supply, statue = list(t.dice), list(t.supply), list(t.dice[i])
    insort(statue, _UNROLLED_OF[a.colour])  # into its sorted place: twice as quick as sorting
    dice[i] = tuple(statue)
    supply[a.colour] -= 1
    t.dice, t.supply = tuple(dice), tuple(supply)
    if n > 1:
        t.pending = ((kind, n - 1, d),) + rest  # noqa: RUF005 (joined in C: quicker)
    else:  # `_then_roll` written out: the die just taken is unrolled
        t.pending = rest if t.late_rolls else (_ROLL,) + rest  # noqa: RUF005


def _release(t: State, a: Release) -> None:
    give_up(t, t.turn, (a.die,), ())


def _enough(t: State, a: Enough) -> None:
    t.pending = _then_roll(t, t.pending[1:])


def _upgrade(t: State, a: Upgrade) -> None:
    i = t.turn
    ups = list(t.upgrades[i])
    ups[a.building] += 1
    t.upgrades = put(t.upgrades, i, tuple(ups))  # type: ignore[assignment]
    if t.pending[0][2] == causes.FAME_UPGRADE:  # counts from the next turn on
        t.upgrade_next_turn = a.building
    t.pending = t.pending[1:]


_HARBOUR: Final = causes.area(HARBOUR)


def _sail(t: State, a: Sail) -> None:
    t.pending = (("voyage", a.spaces, _HARBOUR), *t.pending[1:])


def _goods(t: State, a: Goods) -> None:
    _, most, why = t.pending[0]
    money = province.one_kind(t.tiles, t.province[t.turn], a.good, most)
    t.pending = (("money", money, why), *t.pending[1:])


def _chamber(t: State, a: Chamber) -> None:
    t.pending = chamber_effects(a.number) + t.pending[1:]


def _cover(t: State, a: Cover) -> None:
    t.pending = (("buy", 0, a.cell), *t.pending[1:])


def _buy(t: State, a: Buy) -> None:
    """The top tile taken: the stack's next tile is shown at once (Setup: the stacks lie face
    up), before the tile is placed and scored, so the placement's later steps see it."""
    give_up(t, t.turn, a.dice, a.turned)
    tile = t.tops[a.stack]
    t.tops = put(t.tops, a.stack, NO)  # type: ignore[assignment]
    place = ("place_tile", tile, t.pending[0][2])
    if t.stacks[a.stack]:
        t.pending = (("reveal", a.stack, 0), place, *t.pending[1:])
    else:
        t.pending = (place, *t.pending[1:])


def _build(t: State, a: Build) -> None:
    _, n, d = t.pending[0]
    t.pending = build_tile(t, t.turn, n, d, a) + t.pending[1:]


def _reroll(t: State, a: Reroll) -> None:
    i = t.turn
    dice = list(t.dice[i])
    dice.remove(a.die)
    insort(dice, a.die[0] + "0")
    t.dice = put(t.dice, i, tuple(dice))  # type: ignore[assignment]


def _done(t: State, a: Done) -> None:
    t.pending = _then_roll(t, t.pending[1:])


# what each decision does, by its type (the pending effect at the head asked for it)
_DECIDE: Final[dict[type, Callable[[State, Any], None]]] = {
    Pick: _pick,
    Release: _release,
    Enough: _enough,
    Upgrade: _upgrade,
    Sail: _sail,
    Goods: _goods,
    Chamber: _chamber,
    Cover: _cover,
    Buy: _buy,
    Build: _build,
    Reroll: _reroll,
    Done: _done,
}


_ROLL: Final[Effect] = ("roll", 0, 0)


def _then_roll(t: State, rest: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """Dice taken are rolled at once (Dice: roll it immediately); with the online convention,
    when a payment needs them or the placement ends."""
    if t.late_rolls:
        return rest
    return rest if _UNROLLED.isdisjoint(t.dice[t.turn]) else (("roll", 0, 0), *rest)


# --- carrying out effects --------------------------------------------------------------------


def _settle(t: State) -> State:
    """Carry out the pending effects until one asks for a decision or a chance step; with
    none left, the placement is over. An effect that asks nothing is carried out before the
    decisions ahead of it (its consequences take its place), so a step's every such effect
    is carried out in the step: unless it is a boat's move or a river space's earning behind
    a decision that may change what it counts (`_first_free`)."""
    pending = t.pending  # read again after each step that may change it
    trace = t.trace
    if trace is not None:
        trace.append(("start", _NOTHING, pending, _snapshot(t)))
    while pending:
        kind, n, d = pending[0]
        if kind in AUTO:  # none of them changes the pending effects; tuples joined in C
            more = AUTO[kind](t, t.turn, n, d)
            pending = t.pending = more + pending[1:] if more else pending[1:]
            if trace is not None:
                trace.append(("did", (kind, n, d), more, _snapshot(t)))
            continue
        if kind in CHANCES:  # what asks nothing behind a chance step was carried out before
            return t
        if len(pending) > 1:
            k = _first_free(t, pending)
            if k:
                done = pending[k]
                more = AUTO[done[0]](t, t.turn, done[1], done[2])
                pending = t.pending = pending[:k] + more + pending[k + 1 :]
                if trace is not None:
                    trace.append(("did", done, more, _snapshot(t)))
                continue
        if kind == "buy" and t.late_rolls and not _UNROLLED.isdisjoint(t.dice[t.turn]):
            t.pending = (_ROLL, *pending)  # a payment needs the dice rolled
            return t
        if kind == "gain" and d != NO and t.supply[d] and len(t.dice[t.turn]) < KALI_HANDS:
            _pick(t, _PICKS[d])  # a die of one colour with room for it: no choice
            if trace is not None:
                trace.append(("chose", pending[0], _PICKS[d], _snapshot(t)))
            pending = t.pending
            continue
        options = ASKS[kind](t, t.turn, n, d)  # `decisions`, the head already read
        if len(options) > 1 or (options and kind != "sail" and kind != "goods"):
            t.memo = options  # the legal steps now: listed once (the most common case first)
            return t
        if options:  # one way to sail or to score goods: no choice
            _decide(t, options[0])
            if trace is not None:
                trace.append(("chose", pending[0], options[0], _snapshot(t)))
        else:
            if kind == "gain":  # no die of the colour left: take what was taken
                t.pending = _then_roll(t, pending[1:])
            else:  # nothing to choose: an upgrade with every cube at 4, no market to score
                t.pending = pending[1:]
            if trace is not None:
                trace.append(("none", pending[0], (), _snapshot(t)))
        pending = t.pending
    if t.phase == "play":
        if t.late_rolls and not _UNROLLED.isdisjoint(t.dice[t.turn]):
            t.pending = (_ROLL,)  # the placement ends: its dice are rolled
            return t
        _end_placement(t)
    return t


def _snapshot(t: State) -> State:
    """The state as it stands now, for a trace (explain)."""
    snap = t.clone()
    snap.trace = None
    return snap


def explain(state: State, action: Action) -> list[tuple[str, Effect, Any, State]]:
    """What `apply` does with `action`, effect by effect, in order (what the table is told):
    ("start", -, the effects the step sets going, the state then), then for each effect
    carried out ("did", the effect, the effects it set going, the state after it), for a
    choice that had one way ("chose", the effect, the step taken, the state after) and for
    one with nothing to take ("none", the effect, (), the state after)."""
    s = state.clone()
    s.memo, s.since_barrier, s.barrier = state.memo, state.since_barrier, state.barrier
    trace: list[tuple[str, Effect, Any, State]] = []
    s.trace = trace
    apply(s, action)
    return trace


# What a decision or chance step waiting may change that a boat's move or a river space's
# earning counts: the boats (the Portuguese of a palace earning), karma (a payment, the Yogi,
# a yield tile), the province (the Master builder) and the upgrades.
BOATS, KARMA, TILES, UPGRADES = 1, 2, 4, 8
_CHANGES: Final = {
    "chamber": BOATS | KARMA | TILES | UPGRADES,
    "cover": KARMA | TILES,
    "buy": KARMA | TILES,
    "place_tile": TILES,
    "upgrade": UPGRADES,
    "yield": KARMA | UPGRADES,
    "sail": BOATS,
}
_EARNING_COUNTS: Final = {  # what a river space's earning counts (by its kind)
    "karma_dice": KARMA,
    "fame_per_karma": KARMA,
    "money_per_market": TILES,
    "assorted_market": TILES,
    "fame_per_upgrade": UPGRADES,
    "money_per_upgrade": UPGRADES,
}


def _first_free(t: State, pending: tuple[Effect, ...]) -> int:
    """The first effect behind the head that asks nothing and may be carried out before the
    decisions ahead of it, or 0 (the head, a decision or chance step, is pending): any but a
    boat's move or an earning that counts what one of them may change."""
    changes = _CHANGES.get(pending[0][0], 0)
    for k in range(1, len(pending)):
        kind, n, _ = pending[k]
        if kind in AUTO:
            if kind == "voyage":
                counts = BOATS
            elif kind == "earn":
                counts = _EARNING_COUNTS.get(t.board.river[n - 1].earn, 0)
            else:
                return k
            if not counts & changes:
                return k
        else:
            changes |= _CHANGES.get(kind, 0)
    return 0


# --- chance outcomes ------------------------------------------------------------------------


def _apply_chance(s: State, a: Action) -> State:
    """A chance outcome: what the pending effect deals (a roll, a reveal, a yield tile, each
    carried out by its own function), or the starting dice and the starting player."""
    dealt = _DEALT.get(type(a))
    if dealt is None:
        return _apply_start(s, a)
    kind, what, carry_out = dealt
    pending = s.pending
    if s.phase != "play" or not pending or pending[0][0] != kind:
        if not _dealing(s):
            raise ValueError(f"{a.kind} is a chance outcome, and nothing is to be dealt now")
        raise ValueError(f"{what} is not what is dealt now: {chance(s)} is")
    t = s.clone()
    carry_out(t, a)
    return _settle(t)


def _apply_start(s: State, a: Action) -> State:
    """Setup's chance outcomes: the starting dice and tops, then the starting player."""
    if not _dealing(s):
        raise ValueError(f"{a.kind} is a chance outcome, and nothing is to be dealt now")
    t = s.clone()
    if isinstance(a, Setup):
        _setup(t, a)
    elif isinstance(a, FirstPlayer):
        if (
            s.phase != "start"
            or a.seat not in s.seats
            or s.seats.index(a.seat) not in lowest_rolls(s)
        ):
            raise ValueError(f"{a.seat!r} is not among the seats tied for the lowest roll")
        _begin(t, s.seats.index(a.seat))
    return t


def _setup(t: State, a: Setup) -> None:
    """Setup: each seat rolls one die of each colour; the 12 stacks are mixed face up."""
    if t.phase != "setup":
        raise ValueError(f"the starting dice are dealt once, at the start: {chance(t)} is now")
    if len(a.dice) != 4 * t.players or any(not 1 <= v <= 6 for v in a.dice):
        raise ValueError(f"the starting dice are {4 * t.players} numbers from 1 to 6")
    if len(a.tops) != STACKS or any(
        top not in st for top, st in zip(a.tops, t.stacks, strict=True) if st
    ):
        raise ValueError("each stack's top tile is one of that stack's tiles")
    t.dice = tuple(
        tuple(sorted(LETTERS[c] + str(a.dice[4 * i + c]) for c in range(4)))
        for i in range(t.players)
    )
    t.supply = (12 - t.players,) * 4
    t.tops = a.tops
    t.stacks = tuple(_minus(st, top) for st, top in zip(t.stacks, a.tops, strict=True))
    tied = lowest_rolls(t)
    if len(tied) == 1:
        _begin(t, tied[0])
    else:
        t.phase = "start"


def _minus(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    out = list(items)
    out.remove(item)
    return tuple(out)


def _begin(t: State, first: int) -> None:
    """Setup: the lowest roll starts with 3 money, each next seat clockwise one more."""
    n = t.players
    t.money = tuple(START_MONEY + (i - first) % n for i in range(n))
    t.start = t.turn = first
    t.phase = "play"


def _roll(t: State, a: Roll) -> None:
    """The unrolled dice rolled (a roll is what is dealt: the caller has seen to it)."""
    i, values, showing = t.turn, a.values, _SHOWING
    dice = t.dice[i]
    # one loop over the statue, each unrolled die given the next number in its order; the
    # unrolled dice counted on the way, not first (a roll is a step in five)
    rolled = []
    k = 0
    try:
        for d in dice:
            if d in showing:
                rolled.append(showing[d][values[k]])
                k += 1
            else:
                rolled.append(d)
    except IndexError:
        k = -1
    if k != len(values) or not _FACES.issuperset(values):
        raise ValueError(f"the roll is of {sum(map(_IS_UNROLLED, dice))} dice, each 1 to 6")
    rolled.sort()
    statues = list(t.dice)
    statues[i] = tuple(rolled)
    t.dice = tuple(statues)
    t.pending = t.pending[1:]


_FACES: Final = frozenset(range(1, 7))


def _reveal(t: State, a: Reveal) -> None:
    """The new top of a stack (the caller has seen that a reveal is dealt)."""
    st = t.pending[0][1]
    if a.stack != st or a.tile not in t.stacks[st]:
        raise ValueError(f"the new top of the {stack_name(st)} stack is one of its tiles")
    t.tops = put(t.tops, st, a.tile)  # type: ignore[assignment]
    t.stacks = put(t.stacks, st, _minus(t.stacks[st], a.tile))  # type: ignore[assignment]
    t.pending = t.pending[1:]


def _draw_yield(t: State, a: DrawYield) -> None:
    """Dancer: a white yield tile, then discarded; the discards reshuffled when none is left
    (the caller has seen that a yield tile is dealt)."""
    deck, discard = (t.yield_deck, t.yield_discard) if t.yield_deck else (t.yield_discard, ())
    if a.tile not in deck:
        raise ValueError(f"no {a.tile} yield tile is left to draw")
    t.yield_deck = tuple(sorted(_minus_str(deck, a.tile)))
    t.yield_discard = tuple(sorted((*discard, a.tile)))
    t.pending = (_YIELDS[a.tile], *t.pending[1:])


# what a white yield tile gives (Dancer), the tile its cause
_YIELDS: Final[dict[str, Effect]] = {
    "die": ("gain", 1, NO),
    "money": ("money", 3, causes.YIELD_TILE),
    "upgrade": ("upgrade", 0, causes.YIELD_TILE),
    "karma": ("karma", 1, causes.YIELD_TILE),
}


# what a roll, a reveal and a yield tile deal: the pending effect each answers, its words in
# a refusal, and what it does (the caller has seen that it is what is dealt)
_DEALT: Final[dict[type, tuple[str, str, Callable[[State, Any], None]]]] = {
    Roll: ("roll", "a roll", _roll),
    Reveal: ("reveal", "a tile revealed", _reveal),
    DrawYield: ("yield", "a yield tile", _draw_yield),
}


def _minus_str(items: tuple[str, ...], item: str) -> list[str]:
    out = list(items)
    out.remove(item)
    return out


# --- the end of a placement, a round and the game -----------------------------------------------


def crossed(s: State, i: int) -> bool:
    """Object of the game: the fame marker has reached or passed the money marker."""
    return s.fame[i] >= s.board.beside[s.money[i]]


def gap(s: State, i: int) -> int:
    """Fame points past the money marker (negative: still to cover) (End of the game)."""
    return s.fame[i] - s.board.beside[s.money[i]]


def later_in_stage(s: State, i: int) -> tuple[int, ...]:
    """The seats after seat i in this stage, up to the starting player: those who place once
    more when i's markers meet (End of the game)."""
    return _LATER[s.players][s.start][i]


def placing_after(s: State, i: int) -> tuple[int, ...]:
    """The seats after seat i in this stage with a worker left: those who place once more
    when i's markers meet, the game ending at once if none (End of the game)."""
    later = _LATER[s.players][s.start][i]
    return tuple(j for j in later if s.placed[j] < s.workers[j] and not s.passed[j])


def _end_placement(t: State) -> None:
    i = t.turn
    t.upgrade_next_turn = NO  # an upgrade of fame space 5 counts from now on
    n = len(t.seats)
    if i not in t.crossed and t.fame[i] >= t.board.beside[t.money[i]]:  # `crossed`
        t.crossed = (*t.crossed, i)
        if t.last == NO:  # End of the game: the current stage is completed
            t.last = n - 1
    placed, workers, passed = t.placed, t.workers, t.passed
    for j in _AROUND[n][i] if t.last == NO else _LATER[n][t.start][i]:
        if placed[j] < workers[j] and not passed[j]:
            t.turn = j
            return
    if t.last != NO:
        t.phase = "over"
        return
    _end_round(t)


# by players and seat: every seat after it clockwise, itself last (Placing workers); once the
# end is triggered, by starting seat too: those after it in the stage, which then ends
_LATER: Final = tuple(
    tuple(
        tuple(tuple((s + k) % n for k in range((i - s) % n + 1, n)) for i in range(n))
        for s in range(n)
    )
    for n in range(5)
)
_AROUND: Final = tuple(
    tuple(tuple((i + k) % n for k in range(1, n + 1)) for i in range(n)) for n in range(5)
)


def _end_round(t: State) -> None:
    """End of a round: the Great Mogul's seat starts the next, else the next seat clockwise;
    every worker comes home."""
    t.start = t.mogul if t.mogul != NO else (t.start + 1) % t.players
    t.turn = t.start
    t.mogul = NO
    t.round += 1
    t.spaces = ((),) * len(AREAS)
    t.placed = (0,) * t.players
    t.passed = (False,) * t.players
