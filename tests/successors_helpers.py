"""Successors positions built for the tests, random playouts, and the invariants every state
keeps (the soak bench checks them after every step of 10,000 games)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from importlib import resources
from typing import TYPE_CHECKING

from rules.successors import GAME, State
from rules.successors.aside import options as aside_options
from rules.successors.engine import frame
from rules.successors.state import CAPTIVE, MERC, NO, NO_MARKER, WHITE, Action, row_totals

if TYPE_CHECKING:
    from ai.successors.moves import Params

SEATS = GAME.info.seats
BLUE, RED, GREEN, YELLOW = range(4)  # the seats' indices, in the order of SEATS


def mixes_on_map(s: State) -> list[list[int]]:
    """Each slot's units of each type on the map and aboard the moving fleets (one pass)."""
    columns = [sum(c) for c in zip(*s.units, strict=True)]
    out = [columns[i : i + 4] for i in range(0, len(columns), 4)]
    f = s.force
    if f is not None and f.fleets:
        for c, _, _, n in f.groups:
            out[c // 4][c % 4] += n
    return out


def invariants(s: State) -> None:
    """The counter mix conserved (map, troops aboard, pool; an eliminated seat's all in its
    pool), the chits conserved (cup and hands), treasuries never below 0, control consistent
    with the markers and the seats, each alliance's game turn kept, at most one place for
    each leader."""
    p = s.parts
    n = s.players
    colour, white = p.setup.colour_mix, p.setup.white_mix
    mixes = mixes_on_map(s)
    fleets_of = [sum(c) for c in zip(*s.fleets, strict=True)]
    for seat in range(n):
        on = mixes[seat]
        for t in range(4):
            assert on[t] + s.pool[seat][t] == colour[t], (seat, t, on, s.pool[seat])
        fleets = fleets_of[seat]
        assert fleets + s.pool[seat][4] == colour[4], (seat, fleets, s.pool[seat])
        if seat in s.out:
            assert not any(on) and not fleets and s.leaders[seat] == NO and not s.hands[seat]
        assert s.money[seat] >= 0, (seat, s.money[seat])
    whites = [0, 0, 0, 0]
    for slot in (WHITE, *range(MERC, MERC + n)):
        for t, k in enumerate(mixes[slot]):
            whites[t] += k
    for t in range(4):
        assert whites[t] + s.white_pool[t] == white[t], (t, whites, s.white_pool)
    assert min(map(min, s.units)) >= 0
    assert s.totals == tuple(row_totals(row) for row in s.units)
    assert sorted(x[:2] for x in s.allied_since) == list(s.alliances), s.allied_since
    chits = sorted([*s.cup, *(c for h in s.hands for c in h)])
    assert chits == [c.number for c in p.chits.chits], chits
    for seat in range(n):
        held = set(s.hands[seat])
        assert all(o[0] in held for o in s.orders[seat]), (s.orders[seat], held)
    m = p.map
    for area in range(m.land):
        if s.markers[area] != NO_MARKER:
            assert s.control[area] == NO, area
        if sum(s.units[area][WHITE * 4 : WHITE * 4 + 4]):
            assert s.markers[area] != NO_MARKER or s.battle is not None, area
        holder = s.control[area]
        assert holder == NO or holder not in s.out, (area, holder)
    for seat, at in enumerate(s.leaders):
        if at >= CAPTIVE:
            assert at - CAPTIVE not in s.out and at - CAPTIVE != seat
        elif at >= m.land:
            f = s.force
            assert f is not None and f.seat == seat and f.leader != NO and f.place == at
        elif at == NO:
            assert seat in s.out or s.phase == "setup"
    f = s.force
    if f is not None and f.fleets:  # one unit a fleet, but while its owner chooses who drowns
        assert sum(g[3] for g in f.groups) <= f.fleets or s.frames[-1][0] == "drown"


class ControlCheck:
    """Control consistent with the units (l.10; Q3), checked at each player turn's start:
    every unmarked area that one seat's units alone occupy is that seat's, unless units of
    that seat arrived there since the last player turn began (control changes only at a
    combat phase's end: a chit's levies or mercenaries may come after it)."""

    def __init__(self) -> None:
        self.last: tuple[tuple[int, ...], ...] = ()
        self.arrived: set[tuple[int, int]] = set()

    def __call__(self, s: State) -> None:
        now = tuple(t[9:13] for t in s.totals)
        if self.last:
            for area, (was, got) in enumerate(zip(self.last, now, strict=True)):
                if was != got:
                    self.arrived.update((area, k) for k in range(4) if got[k] > was[k])
        self.last = now
        if not turn_begins(s):
            return
        for area in range(s.parts.map.land):
            if s.markers[area] != NO_MARKER:
                continue
            seats = [k for k in range(s.players) if now[area][k]]
            if len(seats) == 1 and (area, seats[0]) not in self.arrived:
                assert s.control[area] == seats[0], (area, seats, s.control[area])
        self.arrived.clear()


def turn_begins(s: State) -> bool:
    return (
        bool(s.frames)
        and s.frames[-1][0] == "event_roll"
        and (len(s.frames) > 1 and s.frames[-2][:3] == frame("player", s.current, 1)[:3])
    )


def random_playout(
    players: int,
    seed: int,
    check: Callable[[State], None] | None = None,
    aside_rate: float = 0.0,
) -> State:
    """A whole game, every decision uniform among the legal steps, every chance step dealt
    from the seed's stream; with `aside_rate`, before a step a random seat takes a random
    step aside that often (gifts, alliances, chits played or armed)."""
    pick, dealer = random.Random(seed), random.Random(10_000 + seed)
    s = GAME.new_game(GAME.info.options(), SEATS[:players])
    steps = 0
    while GAME.result(s) is None:
        steps += 1
        if steps > 20_000:
            raise AssertionError(f"seed {seed}: no end after 20,000 steps")
        a: Action
        if GAME.chance(s) is not None:
            a = GAME.deal(s, dealer.randrange)
        else:
            if aside_rate and pick.random() < aside_rate:
                seat = pick.randrange(players)
                steps_aside = aside_options(s, seat)
                if steps_aside:
                    s = GAME.apply(s, pick.choice(steps_aside))
                    if check:
                        check(s)
                    continue
            legal = GAME.legal_actions(s)
            assert legal, f"seed {seed}: a dead end at {s.frames[-1]}"
            a = pick.choice(legal)
        s = GAME.apply(s, a)
        if check:
            check(s)
    return s


def states_of(actions: Iterable[Action], s: State) -> list[State]:
    out = [s]
    for a in actions:
        s = GAME.apply(s, a)
        out.append(s)
    return out


# --- positions built for a rule -----------------------------------------------------------

HOMES = ("egy", "mac", "bab", "phr")  # blue, red, green, yellow


def area(s: State, x: str) -> int:
    return s.parts.map.index[x]


def started(players: int = 3, turn: int = 2, money: int = 10) -> State:
    """A game past setup: each seat's home (Egypt, Macedonia, Babylonia, Greater Phrygia)
    controlled, its leader there, `money` in each treasury, the order blue, red, green
    (, yellow), nothing pending."""
    s = GAME.new_game(GAME.info.options(), SEATS[:players]).clone()
    s.phase = "play"
    s.turn = turn
    s.base_order = s.order = tuple(range(players))
    s.current = 0
    s.frames = ()
    homes = tuple(area(s, h) for h in HOMES[:players])
    s.homes = s.leaders = homes
    control = list(s.control)
    for seat, h in enumerate(homes):
        control[h] = seat
    s.control = tuple(control)
    s.money = (money,) * players
    s.rolls = tuple((6 - k,) for k in range(players))
    s.choosing = tuple(reversed(range(players)))
    return s


def put(s: State, where: str, seat: int, **units: int) -> State:
    """Units from the seat's pool (slot `seat`, or WHITE, or MERC + seat) into an area:
    put(s, "syr", 0, inf=2, cav=1)."""
    from rules.successors import board
    from rules.successors.components import TYPES

    t = s.clone()
    for word, n in units.items():
        got = board.place(t, area(t, where), seat, TYPES.index(word), n)
        assert got == n, f"the pool has {got} {word}, not {n}"
    return t


def fleets(s: State, where: str, seat: int, n: int = 1) -> State:
    from rules.successors import board

    t = s.clone()
    for _ in range(n):
        assert board.place_fleet(t, area(t, where), seat)
    return t


def allied(s: State, a: int, b: int) -> State:
    """The seats allied (l.32) from this game turn on."""
    t = s.clone()
    pair = (min(a, b), max(a, b))
    t.alliances = tuple(sorted({*t.alliances, pair}))
    t.allied_since = (*t.allied_since, (*pair, t.turn))
    return t


def controlled(s: State, seat: int, *where: str) -> State:
    t = s.clone()
    control = list(t.control)
    for x in where:
        control[area(t, x)] = seat
    t.control = tuple(control)
    return t


def leader_at(s: State, seat: int, where: str) -> State:
    t = s.clone()
    leaders = list(t.leaders)
    leaders[seat] = area(t, where)
    t.leaders = tuple(leaders)
    return t


def holding(s: State, seat: int, *chits: int) -> State:
    """Seat holds these chits (out of the cup)."""
    t = s.clone()
    hands = list(t.hands)
    hands[seat] = tuple(sorted((*hands[seat], *chits)))
    t.hands = tuple(hands)
    t.cup = tuple(c for c in t.cup if c not in chits)
    return t


def at(s: State, seat: int, stage: int, decision: tuple[object, ...] | None = None) -> State:
    """The seat's player turn at `stage` (engine.PLAYER_STAGES), with a decision frame on top
    where given: at(s, 0, 4, ("move", 0, NO, NO, NO))."""
    from rules.successors import movement

    t = s.clone()
    t.current = seat
    t.frames = (frame("player", seat, stage),)
    if decision is not None:
        t.frames = (*t.frames, decision)  # type: ignore[assignment]
        if decision[0] == "move":
            movement.start(t, seat)
    t.memo = None
    return t


def moving(s: State, seat: int = 0) -> State:
    """The seat's movement phase, nothing moved yet."""
    return at(s, seat, 4, ("move", seat, NO, NO, NO))


def moved_with(s: State, weights: Params, seat: int = 0) -> State:
    """The seat's movement phase played to its end by greedy's plans with `weights`."""
    from ai.successors import moves

    while GAME.to_move(s) == s.seats[seat] and s.frames[-1][0] == "move":
        s = GAME.apply(s, moves.step(s, seat, NO, weights))
    return s


def order(s: State, text: str, seat: str | None = None) -> State:
    """A person's order, read from the seat's own view and played step by step."""
    from rules.successors.notation import parse
    from rules.successors.view import view

    who = seat or GAME.to_move(s)
    assert who is not None
    for a in parse(view(s, who), text, who):
        s = GAME.apply(s, a)
    return s


def deal(s: State, *values: int) -> State:
    """The pending chance step dealt with these numbers (dice, or a chit)."""
    from rules.successors.state import Dice, DrawChit, EventRoll, HomeRoll

    kind = s.frames[-1][0]
    a: Action
    if kind == "event_roll":
        a = EventRoll((values[0], values[1], values[2]))
    elif kind == "home_roll":
        a = HomeRoll(tuple(values))
    elif kind == "draw":
        a = DrawChit(s.seats[s.frames[-1][1]], values[0])
    else:
        a = Dice(tuple(values))
    return GAME.apply(s, a)


def units(s: State, where: str, slot: int) -> tuple[int, int, int, int]:
    row = s.units[area(s, where)]
    return (row[slot * 4], row[slot * 4 + 1], row[slot * 4 + 2], row[slot * 4 + 3])


SHORTEST_TURNS = 9  # the shortest game a setup file may give (money is given through turn 8, l.12)


def short_setup_text() -> str:
    """The standard setup with the shortest game: the same rules in fewer game turns."""
    text = resources.files("rules.successors").joinpath("data/setup.yaml").read_text("utf-8")
    short = re.sub(r"^turns: \d+$", f"turns: {SHORTEST_TURNS}", text, count=1, flags=re.M)
    assert short != text
    return short
