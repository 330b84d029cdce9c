"""Greedy's movement (l.25-32): which force to move where, one force at a time, planned anew
from the position at every step so that a step depends on the view alone; a force on its way
is weighed as when it set out (it never walks back over the route it keeps).

A plan is a force (units of one area, perhaps the leader) and the area it goes to along the
cheapest path it may take (l.26: rough areas cost 2; l.27: it stops on entering unfriendly
units; l.28: 4 MP with the leader for the units that began with him). Each plan is scored
one phase ahead, in half points:

- an area taken: its tax for each revenue phase left, more if a rival held it (what it loses),
  and twice its value if the force may still hold it alone at the end (l.66); its own home,
  where units are bought, more by what leaving it empty costs besides;
- a battle (with a rival or rebels): the area as above times the chance to win it, the units
  each side is expected to lose at their price, a captured leader's ransom (l.13);
- an area of its own left empty with rival units within reach: lost to them, however weak
  (its tax to come at the risk share; the home, where units are bought, at the tax share
  besides), and its value at the end if it was held alone;
- an area too far for this turn: a step towards it, at a discount;
- a voyage (l.29-31): one unit carried by a fleet of its own to an empty coastal area its land
  march cannot reach this turn (an island, a coast far off), taken as above.

The best plan with a gain is carried out step by step (take its units, march, halt; or take
the fleet, embark, sail, land, halt); none left, the movement ends.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from functools import cached_property

from rules.successors import State, board, combat, engine, movement, names
from rules.successors import state as st

from . import danger, odds
from .danger import GUARD_AT
from .reading import (
    CAV,
    EL,
    INF,
    LEVY,
    NO,
    distance,
    foe_side,
    foes,
    last_turn,
    leader_at,
    mine,
    prices,
    revenues_left,
    rivals_here,
    sea_routes,
    strength,
    trusted,
    within,
)

SINGLE = (LEVY, INF, EL, CAV)  # the unit sent alone to take an empty area, cheapest first
AFAR_BELOW = 2.0  # targets beyond reach are looked for when no plan in reach gains this
LATER = 0.5  # of the leader's capture the turn after that his refuge weighs (he moves first)
# the strength of one unit of each type (levy, inf, cav, el)
UNIT_STRENGTH = tuple(strength(tuple(int(k == t) for k in range(4))) for t in range(4))


@dataclass(frozen=True, slots=True)
class Params:
    """How greedy weighs a move (half points and shares); `hard` tries other settings."""

    min_gain: float = 0.25  # a plan must gain this much to be carried out
    min_win: float = 0.5  # a battle is sought only at this chance of winning or better
    tax_share: float = 0.8  # of an area's tax to come that taking it is counted for
    denial: float = 0.3  # of a rival's tax to come that taking its area counts besides
    kill_share: float = 0.5  # of a rival's units' worth that destroying them counts for
    risk: float = 0.5  # of an area's tax to come that leaving it threatened and empty costs
    guard: float = 0.5  # of the same that units standing against a threat there are worth
    home_guard: float = 3.0  # what leaving the home empty under threat costs besides
    afar: float = 0.4  # of a target's gain that a step towards it (out of reach) counts
    voyage: float = 1.0  # of a target's gain that a voyage taking it counts (0: never sails)
    reserve: int = 2  # Talents kept beyond next turn's upkeep, against events (l.11)
    # Talents kept in the treasury itself: the events are rolled before the income comes in
    # (l.4-5), so an income above the upkeep pays no event (a trial's AIs, 0 Talents after
    # every purchase, lost a unit to "The roller pays 2", l.11)
    kept: int = 0
    fight_at: float = 0.55  # the chance of winning at which a battle is fought
    retreat_below: float = 0.3  # the chance of winning below which a side retreats
    detach: float = 0.0  # a part of a stack attacks alone when it wins at this chance (0: never)
    leader_stake: float = 0.0  # what the leader's capture costs, weighed by its chance (danger.py)
    # a stack marches on a battle it wins only with another stack of its own that reaches
    # the same area in this movement (battles come after all movement, l.6-7)
    converge: bool = False
    # on the last turn only the end count matters (l.66-69): units lost or destroyed weigh
    # nothing and a lone unit seeks a battle too (a trial's AIs did not move in the last turn)
    end_count: bool = False


DEFAULT = Params()


@dataclass(frozen=True, slots=True)
class Plan:
    """A force from `src` (unit codes and counts, and the leader or not) to the end of
    `path` (the areas entered, in order), scored; `kind` says why, for the why line."""

    src: int
    units: tuple[tuple[int, int], ...]
    leader: bool
    path: tuple[int, ...]
    score: float
    kind: str
    target: int = NO
    fleet: int = NO  # a voyage: the place of the fleet that carries the units
    sea: tuple[int, ...] = ()  # a voyage: the seas it sails into, in order (it lands at `path`)

    @property
    def dest(self) -> int:
        return self.path[-1] if self.path else self.src


@dataclass
class Reading:
    """One seat's reading of the map for a movement step: computed once for the step."""

    s: State
    seat: int
    params: Params = DEFAULT
    left: int = field(init=False)
    last: bool = field(init=False)
    threats: dict[int, float] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.left = revenues_left(self.s, self.seat)  # in its own turn: the turns after
        self.last = last_turn(self.s)

    @cached_property
    def held(self) -> float:
        """The share of the game played: the later, the more an area held now is held at
        the end."""
        s = self.s
        return 1.0 if self.last else 0.1 + 0.5 * s.turn / s.parts.setup.turns

    @cached_property
    def rival_power(self) -> list[list[float]]:
        """Per rival seat, its strength in each land area."""
        s = self.s
        out = []
        for q in range(s.players):
            row = [0.0] * s.parts.map.land
            if q != self.seat and q not in s.out and not trusted(s, self.seat, q):
                for a in range(s.parts.map.land):
                    if board.seat_units(s, a, q):
                        row[a] = strength(mine(s, a, q))
            out.append(row)
        return out

    @cached_property
    def sea_power(self) -> list[dict[int, float]]:
        """Per rival seat, the strength its fleets could land in each area next turn: its
        units on the coasts where a fleet of its lies, one unit a fleet (l.31), the
        strongest first, to every coast of the seas the fleet reaches (l.29)."""
        s = self.s
        m = s.parts.map
        out: list[dict[int, float]] = []
        for q, row in enumerate(self.rival_power):
            landed: dict[int, float] = {}
            for place in s.fleet_places[q] if any(row) else ():  # a rival with units
                units: list[float] = []
                for a in movement.coasts_of(s, place):
                    for t, n in enumerate(mine(s, a, q)):
                        units += [UNIT_STRENGTH[t]] * n
                carried = sum(sorted(units, reverse=True)[: s.fleets[place][q]])
                routes = sea_routes(s, q, place, s.parts.setup.fleet_mp)
                for sea in routes:
                    for a in m.coasts[sea - m.land]:
                        landed[a] = max(landed.get(a, 0.0), carried)
            out.append(landed)
        return out

    def threat(self, area: int) -> float:
        """The most strength one rival has within 4 MP of the area, or may land there from
        its fleets (memoized)."""
        got = self.threats.get(area)
        if got is None:
            s = self.s
            got = 0.0
            near = within(s, area, 4)
            for row, landed in zip(self.rival_power, self.sea_power, strict=True):
                got = max(got, sum(row[a] for a in near) + landed.get(area, 0.0))
            self.threats[area] = got
        return got

    def take_gain(self, area: int) -> float:
        """What taking an empty area (or being left alone in it) is worth; the seat's own
        home, where its units are bought (l.21), retaken as its loss is weighed (a trial's
        AI never came back for the home a levy took)."""
        s = self.s
        v = s.parts.map.value[area]
        holder = s.control[area]
        gain = 0.0
        p = self.params
        if holder != self.seat:
            gain += p.tax_share * v * self.left
            if holder != NO:
                gain += p.denial * v * self.left
            if area == s.homes[self.seat] and self.left:  # (no purchase is left to make there)
                gain += p.home_guard
        return gain + 2 * v * self.held

    def guard_value(self, area: int, power: float) -> float:
        """What the seat's units of `power` (`strength`) standing in an area are worth against
        the rival threatening it most: a share of what holding it brings, up to that rival's
        strength."""
        th = self.threat(area)
        if th <= 0:
            return 0.0
        v = self.s.parts.map.value[area]
        held = self.params.guard * v * self.left + 2 * v * self.held
        return 0.5 * held * min(power, th) / max(th, 1.0)

    def leave_cost(self, area: int, before: tuple[int, ...], moving: tuple[int, ...]) -> float:
        """What moving `moving` of the seat's units `before` in an area costs: the guard
        they stand there when some stay (so that no unit leaves a guard to stand another
        as strong), all the area is worth to it when none does."""
        if sum(before) > sum(moving):
            power = strength(before)
            return self.guard_value(area, power) - self.guard_value(area, power - strength(moving))
        s = self.s
        v = s.parts.map.value[area]
        cost = 0.0
        if board.alone_in(s, area) == self.seat:
            cost += 2 * v * self.held
        if s.control[area] != self.seat:
            return cost
        threatened = self.threat(area) > 0
        if threatened:  # left empty, it falls to any rival unit within reach, however weak
            cost += self.params.risk * v * self.left
        if area == s.homes[self.seat] and self.left and (threatened or self.ally_near(area)):
            # and with the home, where units are bought (l.21); an ally's unit that walks in
            # holds it too (l.10: a trial's ally took an AI's home so)
            cost += self.params.home_guard + self.params.tax_share * v * self.left
        return cost

    def ally_near(self, area: int) -> bool:
        """Whether an ally of the seat has units within 4 MP of the area."""
        s = self.s
        allies = board.allies_of(s, self.seat)
        return bool(allies) and any(
            board.seat_units(s, a, k) for a in within(s, area, 4) for k in allies
        )


def reach(s: State, seat: int, src: int, mp: int) -> dict[int, tuple[int, ...]]:
    """The land areas a force from `src` with `mp` may end in, each with its cheapest path
    (the areas entered): rough areas cost 2 (l.26), unfriendly units stop it (l.27)."""
    m = s.parts.map
    best: dict[int, int] = {src: 0}
    paths: dict[int, tuple[int, ...]] = {src: ()}
    todo = [(0, src)]
    while todo:
        cost, a = heapq.heappop(todo)
        if cost > best[a] or (a != src and board.unfriendly_here(s, a, seat)):
            continue
        for b in m.adjacent[a]:
            c = cost + (s.parts.setup.rough_mp if m.rough[b] else 1)
            if c <= mp and c < best.get(b, 99):
                best[b] = c
                paths[b] = (*paths[a], b)
                heapq.heappush(todo, (c, b))
    del paths[src]
    return paths


def settled(s: State, seat: int, area: int) -> int:
    """The seat's units in an area besides the force under way (which stands where it is
    until it moves on)."""
    n = board.seat_units(s, area, seat)
    f = s.force
    if f is not None and not f.fleets and f.place == area:
        n -= sum(g[3] for g in f.groups)
    return n


def own_codes(seat: int) -> tuple[int, ...]:
    return movement.own_codes(seat)


def free_units(s: State, seat: int, area: int) -> dict[int, int]:
    """The seat's units in an area that may still move, by code (a force's own counted)."""
    out = {}
    for c in own_codes(seat):
        n = movement.available(s, area, c) + board.in_force(s.force, area, c)
        if n > 0:
            out[c] = n
    return out


Counts = tuple[int, int, int, int]  # units by type: levy, inf, cav, el


def added(a: Counts, b: Counts, sign: int = 1) -> Counts:
    """`a` with `b` added (`sign` -1: taken away), type by type."""
    return (a[0] + sign * b[0], a[1] + sign * b[1], a[2] + sign * b[2], a[3] + sign * b[3])


def by_type(units: dict[int, int]) -> tuple[int, int, int, int]:
    out = [0, 0, 0, 0]
    for c, n in units.items():
        out[c % 4] += n
    return (out[0], out[1], out[2], out[3])


def regroup_from(s: State, seat: int, at: int, mp: int, *, away: bool = False) -> Plan | None:
    """The leader's way from `at` to the nearest stack of his own, if one is in reach
    (`away`: another than the one at `at`, which a leader taken alone into a force must
    leave: it may not halt before it marched)."""
    paths = reach(s, seat, at, mp)
    safe = [
        (len(p), a)
        for a, p in paths.items()
        if board.seat_units(s, a, seat)
        and not board.unfriendly_here(s, a, seat)
        and not (away and a == at)
    ]
    if not safe:
        return None
    _, dest = min(safe)
    return Plan(at, (), True, paths[dest], 1.0, "regroup")


ALLYS_PROVINCE = -1.0  # what ending a move in an ally's province is worth: below any plan


class Planner:
    """The plans of one seat's movement step."""

    def __init__(self, s: State, seat: int, params: Params = DEFAULT) -> None:
        self.s = s
        self.seat = seat
        self.params = params
        self.r = Reading(s, seat, params)
        self.hits = s.parts.setup.hits
        self.risks: dict[tuple[int, Counts, bool, danger.Areas], float] = {}
        # on the last turn his capture costs its ransom alone (l.13): no turn is left to lose
        last = self.r.last and params.leader_stake
        self.stake = float(s.parts.setup.ransom) if last else params.leader_stake
        self.counting = self.r.last and params.end_count  # the end count alone matters

    # --- scoring -----------------------------------------------------------------------------

    def battle_gain(self, area: int, units: tuple[int, int, int, int], leader: bool) -> float:
        """A battle at `area` with `units` joining (and the leader): the area, the units
        lost on each side, a rival leader captured."""
        s, seat = self.s, self.seat
        here = mine(s, area, seat)
        total = added(here, units)
        bonus = leader or (leader_at(s, seat) == area and s.pinned[seat] < 2)
        ours = odds.Side(total, bonus)
        theirs = foe_side(s, area, seat)
        if not theirs.count:
            return self.r.take_gain(area)
        out = odds.battle(ours, theirs, self.hits, self.hits[CAV])
        if out.win < self.params.min_win:
            return -1.0
        p = prices(s)
        mean_ours = sum(n * p[t] for t, n in enumerate(total)) / max(1, sum(total))
        foe_units = foes(s, area, seat)
        mean_theirs = sum(n * p[t] for t, n in enumerate(foe_units)) / max(1, sum(foe_units))
        share = self.params.kill_share if rivals_here(s, area, seat) else 0.0
        gain = out.win * self.r.take_gain(area)
        if not self.counting:
            gain += share * mean_theirs * (theirs.count - out.defenders_left)
            gain -= mean_ours * (ours.count - out.attackers_left)
        for q in rivals_here(s, area, seat):
            if leader_at(s, q) == area:
                gain += out.win * s.parts.setup.ransom
        if leader and self.stake:
            gain -= self.stake * self.left_exposed(area, total, out)
        return gain

    def fought_anyway(self, area: int) -> float:
        """On the last turn, what the battle at `area` is worth with the seat's units already
        there alone: units joining them are worth what they add (a trial's AI sent a unit from
        each of 15 provinces, each weighed as if it won the battle alone, and emptied them).
        Before it, a battle is weighed whole for each force that joins: a bigger stack wins it
        with more left for the turns after, which its one phase ahead does not count (weighed
        by what each adds in every turn, hard won fewer games against greedy:
        docs/successors_ai.md)."""
        if not self.r.last or not settled(self.s, self.seat, area):
            return 0.0
        return max(0.0, self.battle_gain(area, (0, 0, 0, 0), False))

    def left_exposed(self, area: int, total: Counts, out: odds.Outcome) -> float:
        """The chance the leader is lost by joining a battle at `area`: beaten with his side
        (Q21), or captured there next turn with the units the battle leaves him, as many
        as it is expected to, of each type alike, against the blows of what the battle leaves
        (a trial's AIs counted the very stack they would beat, and never struck it)."""
        left = out.attackers_left / max(1, sum(total))
        a, b, c, d = (round(n * left) for n in total)
        return (1 - out.win) + out.win * self.risk(area, (a, b, c, d), beaten=True)

    def gain(self, dest: int, units: tuple[int, int, int, int], leader: bool) -> tuple[float, str]:
        s, seat = self.s, self.seat
        if board.unfriendly_here(s, dest, seat):
            kind = "battle" if rivals_here(s, dest, seat) else "revolt"
            return self.battle_gain(dest, units, leader) - self.fought_anyway(dest), kind
        if self.allys_province(dest):  # (a trial's AI ally took its partner's home and provinces)
            return ALLYS_PROVINCE, "guard"
        if settled(s, seat, dest) or any(
            board.seat_units(s, dest, k) for k in board.allies_of(s, seat)
        ):
            return self.guard_gain(dest, units), "guard"
        return self.r.take_gain(dest), "take"

    def allys_province(self, area: int) -> bool:
        """An ally's province where the seat has no units: entered, it falls to the seat
        (the ally with more units there, l.10), or its units spoil the ally's count (l.66)."""
        s, holder = self.s, self.s.control[area]
        return (
            holder not in (NO, self.seat)
            and board.allied(s, self.seat, holder)
            and not settled(s, self.seat, area)
        )

    def guard_gain(self, dest: int, units: tuple[int, int, int, int]) -> float:
        """Units joining its own stack where rivals threaten it."""
        s = self.s
        here = strength(mine(s, dest, self.seat)) if settled(s, self.seat, dest) else 0.0
        return self.r.guard_value(dest, here + strength(units)) - self.r.guard_value(dest, here)

    def risk(
        self, area: int, units: Counts, beaten: bool = False, gone: danger.Areas = danger.NONE
    ) -> float:
        """The chance the leader is captured next turn at `area` with `units` (memoized;
        `beaten`: after a battle won there; `gone`: areas the seat's units leave;
        danger.capture_chance)."""
        key = (area, units, beaten, gone)
        got = self.risks.get(key)
        if got is None:
            got = danger.capture_chance(self.s, area, self.seat, units, beaten, gone)
            self.risks[key] = got
        return got

    @cached_property
    def falling(self) -> danger.Areas:
        """The seat's areas whose units a rival likely beats next turn (danger.falling)."""
        return danger.falling(self.s, self.seat)

    def refuge(self, area: int, units: Counts) -> float:
        """The lone leader's capture at `area` with `units`, his refuge: this turn, or else
        the next at LATER's weight, behind the seat's screens that fall meanwhile. A refuge
        behind a screen the rival breaks is a trap the turn after (a trial's leader, sheltered
        in Phoenicia behind a lone levy, was cornered there by the person's army once it had
        beaten the levy)."""
        now = self.risk(area, units)
        return now + (1 - now) * LATER * self.risk(area, units, gone=self.falling)

    def spared(self, before: tuple[int, Counts], after: tuple[int, Counts]) -> float:
        """What the leader standing at `after` (an area, the units with him) rather than at
        `before` takes off the stake of his capture (negative: adds to it)."""
        stake = self.stake
        return stake * (self.risk(*before) - self.risk(*after)) if stake else 0.0

    def exposure(self, src: int, here: Counts, moving: Counts) -> float:
        """What `moving` leaving the leader's area adds to the stake of his capture."""
        return -self.spared((src, here), (src, added(here, moving, -1)))

    def sheltered(self, src: int, here: Counts, dest: int, moving: Counts) -> float:
        """What the leader going from `src` to `dest` with `moving` takes off the stake of his
        capture (the units he leaves behind are weighed by leave_cost)."""
        return self.spared((src, here), (dest, added(mine(self.s, dest, self.seat), moving)))

    def reinforced(self, dest: int, moving: Counts) -> float:
        """What `moving` joining the leader where he stands takes off the stake of his
        capture (a trial's leaders were left at home with a unit while stacks stood near)."""
        if leader_at(self.s, self.seat) != dest:
            return 0.0
        here = mine(self.s, dest, self.seat)
        return self.spared((dest, here), (dest, added(here, moving)))

    def safest_stack(
        self, at: int, mp: int, *, away: bool, behind: tuple[int, ...] = (), on: bool = False
    ) -> Plan | None:
        """The leader alone at `at`: to the stack of his own in reach where his capture is
        least likely, the nearest of those; likely captured where he is, or on his way (`on`),
        also to an area with none of his units where he is less likely captured (out of the
        rivals' reach, or where few could strike: a seeded game's leader, bound where a lone
        levy might take him, went on to a stack every blow would take), or staying in one
        (`away`: not to stay at `at`); never back over the areas `behind` him (a trial's
        leader went from Caria to Greater Phrygia and back)."""
        s, seat = self.s, self.seat
        ways = reach(s, seat, at, mp)
        if not away:
            ways[at] = ()
        fleeing = on or self.risk(at, mine(s, at, seat)) >= GUARD_AT
        found, walked = [], set(behind)
        for a, path in ways.items():
            if board.unfriendly_here(s, a, seat) or walked.intersection(path):
                continue
            alone = not settled(s, seat, a)
            if alone and not (fleeing or a == at):
                continue
            found.append((self.refuge(a, mine(s, a, seat)), alone, len(path), a, path))
        if not found:
            return None
        _, alone, _, _, path = min(found)
        return Plan(at, (), True, path, 1.0, "shelter" if alone else "regroup")

    # --- plans -------------------------------------------------------------------------------

    def mp(self, src: int, leader: bool) -> int:
        setup = self.s.parts.setup
        if leader:
            band = self.s.band and self.s.band[self.seat] == src
            return (setup.leader_mp if band else setup.land_mp) + self.s.boosts[0]
        return setup.land_mp

    def forces(
        self, src: int, free: dict[int, int], with_leader: bool
    ) -> list[tuple[dict[int, int], bool, str]]:
        """The forces greedy considers from an area: one unit alone (its own colour: a
        mercenary alone deserts), or every unit there (with the leader if he is free)."""
        out: list[tuple[dict[int, int], bool, str]] = []
        seat = self.seat
        for t in SINGLE:
            c = seat * 4 + t
            if free.get(c):
                out.append(({c: 1}, False, "one"))
                break
        if free and (sum(free.values()) > 1 or with_leader):
            out.append((dict(free), with_leader, "all"))
        return out

    def plans_from(self, src: int, fixed: dict[int, int] | None = None) -> list[Plan]:
        """Every plan from `src`; `fixed`: the force already formed there (its plans must
        keep it)."""
        s, seat = self.s, self.seat
        free = free_units(s, seat, src)
        leader_here = leader_at(s, seat) == src and movement.leader_free(s, seat)
        f = s.force
        if f is not None and f.leader != NO:
            leader_here = True
        out: list[Plan] = []
        here = mine(s, src, seat)
        considered = self.forces(src, free, leader_here)
        # an empty area is taken by one unit: the whole stack goes only to fight or guard (so
        # too where a unit of another kind was taken first, for a part's battle)
        single = any(how == "one" for _, _, how in considered)
        forces = [
            (units, leader, how)
            for units, leader, how in considered
            if fixed is None
            or (
                all(units.get(c, 0) >= n for c, n in fixed.items())
                and (leader or f is None or f.leader == NO)
            )
        ]
        if fixed and not forces:
            # a force formed otherwise than greedy forms them (a person's, asking for a
            # hint) goes as it is
            forces.append((dict(fixed), f is not None and f.leader != NO, "formed"))
        for units, leader, how in forces:
            counts = by_type(units)
            cost = self.departure_cost(src, here, units, leader)
            near = reach(s, seat, src, self.mp(src, leader))
            back = () if leader else self.sent_here_from(src)
            best = -99.0
            for dest, path in near.items():
                if dest in back:  # a swap: as if the unit sent here had stayed
                    continue
                quiet = not board.unfriendly_here(s, dest, seat) and not settled(s, seat, dest)
                if single and how == "all" and quiet:
                    continue
                g, kind = self.gain(dest, counts, leader)
                if how == "one" and kind == "battle" and not self.counting:
                    continue
                score = g - cost
                if leader and kind not in ("battle", "revolt"):  # (a battle weighs him itself)
                    score += self.sheltered(src, here, dest, counts)
                elif not leader:
                    score += self.reinforced(dest, counts)
                best = max(best, score)
                out.append(Plan(src, tuple(sorted(units.items())), leader, path, score, kind))
                if kind == "battle" and g < 0 and how == "all" and self.params.converge:
                    out += self.converging(src, units, leader, path, cost)
            if best < AFAR_BELOW:
                out += [p for p in self.afar(src, units, leader, cost, near) if p.dest not in back]
        if self.params.detach and (fixed is None or (f is not None and f.leader == NO)):
            out += self.detached(src, free, here, fixed)
        if self.params.leader_stake and leader_here and fixed is None and free:
            out += self.shelters(src, here)
        return out

    def departure_cost(self, src: int, here: Counts, units: dict[int, int], leader: bool) -> float:
        """What `units` (and the leader) leaving `src`, where the seat has `here`, cost there:
        the guard they stood or the area emptied, the mercenaries left to desert, and the
        leader left behind with fewer units (a trial's AI shipped its last levy away from its
        leader beside the units of the ally it was leaving, and lost him), or, elsewhere, with
        the screen they stood before him gone (`unscreened`)."""
        counts = by_type(units)
        cost = self.r.leave_cost(src, here, counts)
        if deserting := self.deserted(src, units, leader):
            cost = self.r.leave_cost(src, here, here) + deserting
        at = leader_at(self.s, self.seat)
        if at == src and not leader:
            cost += self.exposure(src, here, counts)
        elif at != src and counts == here:
            cost += self.unscreened(src)
        return cost

    def unscreened(self, src: int) -> float:
        """What the seat's last units leaving `src` add to the stake of the leader's capture
        elsewhere: a rival's march stops on entering them (l.27), so they screened the areas
        behind them (danger.py). A trial's leader fled to Persia behind his 2 levies in
        Susiana, which then marched off, one to him and one away: Blue's army in Babylonia
        reached him through Susiana and took him."""
        at = leader_at(self.s, self.seat)
        if not self.stake or at == NO or distance(self.s, src, at) > danger.REACH:
            return 0.0
        units = mine(self.s, at, self.seat)
        opened = self.risk(at, units, gone=frozenset((src,)))
        return self.stake * (opened - self.risk(at, units))

    def deserted(self, src: int, units: dict[int, int], leader: bool) -> float:
        """What the seat's mercenaries left at `src` are worth when the force takes the last of
        its own units there and its leader goes or is elsewhere: they desert at the phase's end
        (ours, facts 4.8), and the area is left as if empty (a trial's AI hired 2 infantry at
        its home, then marched its levies out)."""
        s, seat = self.s, self.seat
        row, own, hired = s.units[src], seat * 4, (st.MERC + seat) * 4
        own_left = sum(row[own : own + 4]) - sum(n for c, n in units.items() if c // 4 == seat)
        left = [row[hired + t] - units.get(hired + t, 0) for t in range(4)]
        if own_left > 0 or (leader_at(s, seat) == src and not leader) or not any(left):
            return 0.0
        return float(sum(n * price for n, price in zip(left, prices(s), strict=True)))

    def sent_here_from(self, src: int) -> set[int]:
        """The areas units of the seat's came to `src` from in this movement: sending others
        back there is a swap, as if those had stayed (two trials' AIs swapped levies between
        two of their areas, each walking 3 MP)."""
        s = self.s
        if not any(a == src and c // 4 in (self.seat, st.MERC + self.seat) for a, c, _ in s.moved):
            return set()
        found, todo = set[int](), [src]
        while todo:  # back along the land entries this turn's marches made
            at = todo.pop()
            for to, frm in s.entered:
                if to == at and frm not in found and frm != src:
                    found.add(frm)
                    todo.append(frm)
        return found

    def shelters(self, src: int, here: Counts) -> list[Plan]:
        """The leader alone from his stack at `src` to another stack of his own in reach, or
        out of the rivals' reach, where his capture is less likely, this turn and the next
        (`refuge`; his stack, left, loses his +1: l.39)."""
        s, seat = self.s, self.seat
        out = []
        for dest, path in reach(s, seat, src, self.mp(src, True)).items():
            if not board.unfriendly_here(s, dest, seat):
                there = mine(s, dest, seat)
                score = self.stake * (self.refuge(src, here) - self.refuge(dest, there))
                kind = "regroup" if settled(s, seat, dest) else "shelter"
                out.append(Plan(src, (), True, path, score, kind))
        return out

    def detached(
        self, src: int, free: dict[int, int], here: Counts, fixed: dict[int, int] | None
    ) -> list[Plan]:
        """Battles fought by a part of the stack at `src`, the rest left where it stands: for
        each unfriendly area in reach, the fewest units of its own colour, the strongest first,
        that win there at the `detach` chance, two at least (keeping `fixed`, the force
        already formed)."""
        s, seat = self.s, self.seat
        own = sorted(
            ((c, free[c]) for c in own_codes(seat)[:4] if free.get(c)),
            key=lambda cn: -UNIT_STRENGTH[cn[0] % 4],
        )
        total = sum(free.values())
        out: list[Plan] = []
        for dest, path in reach(s, seat, src, s.parts.setup.land_mp).items():
            if not board.unfriendly_here(s, dest, seat):
                continue
            part = self.least_winning(dest, own)
            if not 1 < sum(part.values()) < total:  # (a lone unit seeks no battle on its way)
                continue
            if fixed and any(part.get(c, 0) < n for c, n in fixed.items()):
                continue
            counts = by_type(part)
            g, kind = self.gain(dest, counts, False)
            score = g - self.r.leave_cost(src, here, counts)
            if leader_at(s, seat) == src:  # the leader stays, with fewer beside him
                score -= self.exposure(src, here, counts)
            out.append(Plan(src, tuple(sorted(part.items())), False, path, score, kind))
        return out

    def converging(
        self, src: int, units: dict[int, int], leader: bool, path: tuple[int, ...], cost: float
    ) -> list[Plan]:
        """The stack at `src` marching first on a battle it does not win alone, with the
        stack of its own elsewhere that reaches the same area in this movement and wins it
        with it (planned anew, that one then counts these units there). Hard's stacks struck
        a rival's main stack only once one of them alone outweighed it."""
        s, seat, dest = self.s, self.seat, path[-1]
        best: Plan | None = None
        for other in range(s.parts.map.land):
            free = free_units(s, seat, other) if other not in (src, dest) else {}
            with_him = leader_at(s, seat) == other and movement.leader_free(s, seat)
            if not free or dest not in reach(s, seat, other, self.mp(other, with_him)):
                continue
            counts = by_type(free)
            both = added(by_type(units), counts)
            g = self.battle_gain(dest, both, leader or with_him)
            score = g - cost - self.r.leave_cost(other, mine(s, other, seat), counts)
            if g >= 0 and score > (best.score if best else self.params.min_gain):
                best = Plan(src, tuple(sorted(units.items())), leader, path, score, "battle")
        return [best] if best is not None else []

    def least_winning(self, dest: int, own: list[tuple[int, int]]) -> dict[int, int]:
        """The fewest of `own` (codes and counts, the strongest first) that win a battle at
        `dest` at the `detach` chance, with the seat's units there; {} when all of them do
        not."""
        s, seat = self.s, self.seat
        there = mine(s, dest, seat)
        theirs = foe_side(s, dest, seat)
        part: dict[int, int] = {}
        counts = list(there)
        for c, n in own:
            for _ in range(n):
                part[c] = part.get(c, 0) + 1
                counts[c % 4] += 1
                ours = odds.Side((counts[0], counts[1], counts[2], counts[3]))
                if odds.battle(ours, theirs, self.hits, self.hits[CAV]).win >= self.params.detach:
                    return part
        return {}

    def afar(
        self,
        src: int,
        units: dict[int, int],
        leader: bool,
        cost: float,
        near: dict[int, tuple[int, ...]],
    ) -> list[Plan]:
        """A step towards an area worth taking that lies beyond this turn's reach."""
        s, seat = self.s, self.seat
        m = s.parts.map
        mp = self.mp(src, leader)
        best: Plan | None = None
        for target in range(m.land):
            d = distance(s, src, target)
            if d <= mp or d > 3 * mp or board.seat_units(s, target, seat):
                continue
            if board.unfriendly_here(s, target, seat) or self.allys_province(target):
                continue
            g = self.params.afar * self.r.take_gain(target) * mp / d
            if g - cost <= (best.score if best else self.params.min_gain):
                continue
            # no stop on the way in an ally's province (a trial's ally ended its move in one)
            stops = [a for a in near if not self.allys_province(a)]
            step = min(stops, key=lambda a: (distance(s, a, target), a), default=None)
            if step is None or distance(s, step, target) >= d:
                continue
            if board.unfriendly_here(s, step, seat):
                continue
            score = g - cost
            if leader:  # his capture where the step leaves him (a trial's leader roamed so)
                score += self.sheltered(src, mine(s, src, seat), step, by_type(units))
            if score > (best.score if best else self.params.min_gain):
                path = near[step]
                best = Plan(src, tuple(sorted(units.items())), leader, path, score, "afar", target)
        return [best] if best is not None else []

    def voyages(self) -> list[Plan]:
        """Every voyage of the seat's fleets that have not moved this phase (l.29-31)."""
        s, seat = self.s, self.seat
        mp = s.parts.setup.fleet_mp
        out: list[Plan] = []
        if self.params.voyage <= 0:
            return out
        for place in s.fleet_places[seat]:
            if movement.fleets_free(s, seat, place) > 0:
                out += self.voyages_from(place, mp, None)
        return out

    def voyages_from(
        self, place: int, mp: int, aboard: dict[int, int] | None, *, route: tuple[int, ...] = ()
    ) -> list[Plan]:
        """One unit of its own colour (the cheapest), embarked on a coast of the fleet's
        place, or the troops `aboard`, carried with `mp` to an empty area no march from
        the coasts where the voyage began reaches this turn and no rival can strike next turn
        (a lone unit landed far off is lost to the first rival near): a plan for each such
        area, by its shortest way. `route`: the places the fleet has sailed through (it
        sailed: its troops may land where it is; it goes back through none of them)."""
        s, seat = self.s, self.seat
        m = s.parts.map
        passed = set(route)
        routes = {
            sea: way for sea, way in sea_routes(s, seat, place, mp).items() if not passed & set(way)
        }
        if route and place >= m.land:
            routes[place] = ()
        starts: list[tuple[int, dict[int, int], float]] = []
        land_mp = s.parts.setup.land_mp
        # a voyage goes where no march from its first place's coasts goes (a trial saw one
        # sail on to a sea and back, to land where it could have landed at once)
        coasts = movement.coasts_of(s, route[0] if route else place)
        near = {b for a in coasts for b in (a, *reach(s, seat, a, land_mp))}
        if aboard is not None:
            starts.append((place, aboard, 0.0))
        else:
            for area in coasts:
                free = free_units(s, seat, area)
                unit = next((seat * 4 + t for t in SINGLE if free.get(seat * 4 + t)), None)
                if unit is not None:
                    cost = self.departure_cost(area, mine(s, area, seat), {unit: 1}, False)
                    starts.append((area, {unit: 1}, cost))
        best: dict[tuple[int, int], Plan] = {}
        for src, units, cost in starts:
            for sea, route in sorted(routes.items(), key=lambda x: (len(x[1]), x[0])):
                for target in m.coasts[sea - m.land]:
                    g = None if target in near or (src, target) in best else self.landing(target)
                    if g is None:
                        continue
                    score = g - cost
                    carried = tuple(sorted(units.items()))
                    best[(src, target)] = Plan(
                        src, carried, False, (target,), score, "voyage", NO, place, route
                    )
        return list(best.values())

    def landing(self, target: int) -> float | None:
        """What a unit carried by sea and landed alone in an area is worth: a land taking,
        where the area is empty and no rival can strike it next turn (a lone unit landed
        among rivals is theirs); None elsewhere."""
        if self.r.threat(target) > 0:
            return None
        g, kind = self.gain(target, (0, 0, 0, 0), False)
        return g * self.params.voyage if kind == "take" else None

    def regroup(self) -> Plan | None:
        """The leader alone where rivals may reach him: to the nearest stack of his own; with
        a stake on him, to the one where his capture is least likely, and only if less likely
        than where he stands (a trial's leader left Caria, safe, for a stack likely struck,
        and fled back the next turn)."""
        s, seat = self.s, self.seat
        at = leader_at(s, seat)
        if at == NO or not movement.leader_free(s, seat) or board.seat_units(s, at, seat):
            return None
        if self.r.threat(at) <= 0:
            return None
        if not self.params.leader_stake:
            return regroup_from(s, seat, at, self.mp(at, True))
        plan = self.safest_stack(at, self.mp(at, True), away=False)
        if plan is None or not plan.path:
            return None
        dest = plan.path[-1]
        return (
            plan if self.refuge(dest, mine(s, dest, seat)) < self.refuge(at, (0, 0, 0, 0)) else None
        )

    def ranked(self) -> list[Plan]:
        """Every plan of the seat now, best first (no force under way)."""
        s, seat = self.s, self.seat
        out: list[Plan] = []
        for area in range(s.parts.map.land):
            here = board.seat_units(s, area, seat) or leader_at(s, seat) == area
            if here and free_units(s, seat, area):
                out += self.plans_from(area)
        out += self.voyages()
        lone = self.regroup()
        if lone is not None:
            out.append(lone)
        first = self.endangered()  # the leader's shelter before his units leave it

        def urgent(p: Plan) -> bool:
            return first and p.leader and not p.units and p.score >= self.params.min_gain

        out.sort(key=lambda p: (not urgent(p), -p.score, p.src, p.path, p.sea))
        return out

    def endangered(self) -> bool:
        """The leader, free to move, is likely captured where he stands (danger.py)."""
        s, seat = self.s, self.seat
        at = leader_at(s, seat)
        if not self.params.leader_stake or at == NO or not movement.leader_free(s, seat):
            return False
        return self.risk(at, mine(s, at, seat)) >= GUARD_AT


# --- carrying a plan out ------------------------------------------------------------------------


def first_step(s: State, seat: int, plan: Plan) -> st.Action:
    """The plan's first step: take its units (own types first, then mercenaries, then the
    leader), then march its path; halt where it ends."""
    if plan.fleet != NO:
        return voyage_step(s, seat, plan)
    f = s.force
    have: dict[int, int] = {}
    if f is not None and not f.fleets:
        for c, _, _, n in f.groups:
            have[c] = have.get(c, 0) + n
    at = s.parts.map.ids[plan.src]
    for c, n in plan.units:
        if have.get(c, 0) < n:
            want = n - have.get(c, 0)  # a take is of one, or of all there (a part: by ones)
            if want != movement.available(s, plan.src, c):
                want = 1
            return st.Take(at, names.piece_word(s, seat, c), want)
    if plan.leader and (f is None or f.leader == NO):
        return st.Take(at, "leader", 1)
    place = f.place if f is not None else plan.src
    if place == plan.dest:
        return st.Halt()
    path = plan.path
    k = path.index(place) + 1 if place in path else 0
    return st.March(s.parts.map.ids[path[k]])


def voyage_step(s: State, seat: int, plan: Plan) -> st.Action:
    """A voyage's first step: take one fleet, embark its units, sail its way, land them,
    halt."""
    m = s.parts.map
    f = s.force
    if f is None:
        return st.TakeFleets(m.ids[plan.fleet], 1)
    aboard = movement.carried(f.groups)
    if not f.marched:
        for c, n in plan.units:
            if aboard.get(c, 0) < n:
                word = names.piece_word(s, seat, c)
                return st.Embark(m.ids[plan.src], word, n - aboard.get(c, 0))
    if plan.sea and f.place != plan.sea[-1]:
        k = plan.sea.index(f.place) + 1 if f.place in plan.sea else 0
        return st.Sail(m.ids[plan.sea[k]])
    if aboard:
        c, n = min(aboard.items())
        return st.Land(m.ids[plan.dest], names.piece_word(s, seat, c), n)
    return st.Halt()


def naval_plans(s: State, seat: int, params: Params = DEFAULT) -> list[Plan]:
    """The voyages of the naval force under way, planned anew from where it is: before its
    troops embark, every voyage of its fleets; with troops aboard, every landing within its
    MP left. None once they landed, or for a force greedy does not form (with the leader)."""
    f = s.force
    assert f is not None and f.fleets
    aboard = movement.carried(f.groups)
    if f.leader != NO or (f.marched and not aboard):
        return []
    mp = movement.mp_left(s, f) if not f.stopped else 0
    planner = Planner(s, seat, params)
    plans = planner.voyages_from(f.place, mp, aboard or None, route=f.route)
    plans.sort(key=lambda x: (-x.score, len(x.sea), x.path))
    return plans


def force_plans(s: State, seat: int, params: Params = DEFAULT) -> list[Plan]:
    """The plans for the force under way: before it marched, every plan from its area that
    keeps it; after, every end of its move from where it stands (staying among them)."""
    f = s.force
    assert f is not None
    p = Planner(s, seat, params)
    formed: dict[int, int] = {}
    for c, _, _, n in f.groups:
        formed[c] = formed.get(c, 0) + n
    if not formed:  # the leader alone: to a stack of his own, and no further (he takes nothing)
        mp, away = movement.mp_left(s, f), not f.marched
        if params.leader_stake:  # on to where he set out for: his capture least likely
            lone = p.safest_stack(f.place, mp, away=away, behind=f.route, on=f.marched)
        elif f.marched and settled(s, seat, f.place):
            return [Plan(f.place, (), True, (), 1.0, "regroup")]
        else:
            lone = regroup_from(s, seat, f.place, mp, away=away)
        return [lone] if lone is not None else []
    if not f.marched:
        plans = p.plans_from(f.place, formed)
        plans.sort(key=lambda x: (-x.score, x.path))
        return plans
    counts = by_type(formed)
    leader = f.leader != NO
    units = tuple(sorted(formed.items()))
    out = [Plan(f.place, units, leader, (), *p.gain(f.place, counts, leader))]
    here = mine(s, f.place, seat)
    # on the way, the force is weighed as when it set out: never back over its route (what it
    # left is left), a lone unit seeks no battle, and a target beyond reach is still sought
    near = {
        dest: path
        for dest, path in reach(s, seat, f.place, movement.mp_left(s, f)).items()
        if not set(path) & set(f.route)
    }
    one_unit = sum(counts) == 1 and not leader and not p.counting
    best = out[0].score
    for dest, path in near.items():
        g, kind = p.gain(dest, counts, leader)
        if leader and kind not in ("battle", "revolt"):  # (a battle weighs him itself)
            g += p.sheltered(f.place, here, dest, counts)
        if not (one_unit and kind == "battle"):
            out.append(Plan(f.place, units, leader, path, g, kind))
            best = max(best, g)
    if best < AFAR_BELOW:
        out += p.afar(f.place, formed, leader, 0.0, near)
    out.sort(key=lambda x: (-x.score, x.path))
    return out


def voyage_end(s: State, seat: int) -> list[st.Action]:
    """A naval force under way that no voyage of greedy's carries on (a person's, who asks
    for a hint; or one whose voyage has landed) is brought to its end as soon as the rules
    allow: halted; else its troops landed, all of a piece at once, where no unfriendly units
    stand and the area is worth most; else, not yet sailed, into its own port, or the first
    place it may enter."""
    options = engine.legal(s)
    ends: list[st.Action] = [a for a in options if isinstance(a, st.Halt | st.EndMove)]
    if ends:
        return ends[:1]
    m = s.parts.map

    def landing(a: st.Land) -> tuple[bool, int, int]:
        area = m.index[a.at]
        return (board.unfriendly_here(s, area, seat), -m.value[area], -a.count)

    def sailing(a: st.Sail) -> bool:
        return s.control[m.index[a.to]] != seat if m.index[a.to] < m.land else True

    lands = [a for a in options if isinstance(a, st.Land)]
    if lands:
        return [min(lands, key=landing)]
    sails = [a for a in options if isinstance(a, st.Sail)]
    return [min(sails, key=sailing)] if sails else []


def battles_beside(s: State, seat: int, caller: int) -> list[int]:
    """The battles the caller may fight in his combat phase (`combat.open_pairs`, l.35) that
    the seat's units may join (against rebels, or a player not allied with the seat too)
    without taking his province from him (l.10; Q12)."""
    return sorted(
        {
            area
            for area, q in combat.open_pairs(s, caller)
            if s.control[area] != caller and (q == st.WHITE or not board.allied(s, q, seat))
        }
    )


def ally_plan(s: State, seat: int, caller: int) -> Plan | None:
    """Called by an ally in his turn (l.32; Q12): the seat's stack, not its home's, that
    adds most units to one of his battles it can reach (`battles_beside`): its strongest
    units, fewer than his there, so that the area won is his (l.10; a trial's ally took the
    province it was called to help win), or its whole stack where his are too few for that;
    for the force under way, its way on to the nearest such battle. None: no battle of his
    is in reach (it ends its movement)."""
    targets = set(battles_beside(s, seat, caller))
    if not targets:
        return None
    f = s.force
    if f is not None:
        mp, sources = movement.mp_left(s, f), [f.place]
    else:  # (units at one of his battles fight in it where they stand)
        mp = s.parts.setup.land_mp
        sources = [a for a in s.occupied[seat] if a != s.homes[seat] and a not in targets]
    plans: list[Plan] = []
    for src in sources:
        free = free_units(s, seat, src)
        if f is not None and f.marched:
            free = {c: n for c, _, _, n in f.groups}
        if not free:
            continue
        paths = reach(s, seat, src, mp)
        if f is not None and f.marched and src in targets:
            paths[src] = ()
        for dest, path in paths.items():
            sent = _sent(s, seat, caller, dest, free)
            if f is not None and f.marched and sent != free:
                sent = {}  # on its way, the force goes whole where it keeps fewer than his
            if dest in targets and sent:
                units = tuple(sorted(sent.items()))
                plans.append(Plan(src, units, False, path, float(sum(sent.values())), "ally"))
    # the most units, then the shortest way (the first found of equals)
    return max(plans, key=lambda x: (x.score, -len(x.path)), default=None)


def _sent(s: State, seat: int, caller: int, dest: int, free: dict[int, int]) -> dict[int, int]:
    """The units the seat sends to its ally's battle at `dest`: the strongest, fewer than
    his there with its own; the whole stack where he has one unit or none and it none yet;
    none where its own there are enough already."""
    his, mine_there = board.seat_units(s, dest, caller), board.seat_units(s, dest, seat)
    room = his - mine_there - 1
    if room >= 1:
        return _strongest(free, room)
    return free if his <= 1 and not mine_there else {}


def _strongest(free: dict[int, int], room: int) -> dict[int, int]:
    """At most `room` of the units, the strongest types first."""
    out: dict[int, int] = {}
    for c in sorted(free, key=lambda c: (-UNIT_STRENGTH[c % 4], c)):
        n = min(free[c], room - sum(out.values()))
        if n > 0:
            out[c] = n
    return out


def ally_step(s: State, seat: int, caller: int) -> st.Action:
    """The seat's movement step when an ally called it: its way to his nearest battle,
    else the end of the force under way, else the end of its movement."""
    f = s.force
    if f is not None and f.fleets:
        return (voyage_end(s, seat) or [st.EndMove()])[0]
    plan = ally_plan(s, seat, caller)
    if plan is not None:
        return first_step(s, seat, plan)
    return st.Halt() if f is not None else st.EndMove()


def step(s: State, seat: int, caller: int, params: Params = DEFAULT) -> st.Action:
    """Greedy's movement step for the seat (`caller`: the phasing seat when it moves as an
    ally: `ally_step`): `candidates`' first, found without writing the others' steps."""
    f = s.force
    if caller != NO:
        return ally_step(s, seat, caller)
    if f is not None and f.fleets:
        return candidates(s, seat, caller, params)[0]
    if f is not None:
        plans = force_plans(s, seat, params)
        return first_step(s, seat, plans[0]) if plans else st.Halt()
    plans = Planner(s, seat, params).ranked()
    if plans and plans[0].score >= params.min_gain:
        return first_step(s, seat, plans[0])
    return st.EndMove()


def candidates(s: State, seat: int, caller: int, params: Params = DEFAULT) -> list[st.Action]:
    """The movement steps greedy would consider, its choice first: the first steps of its
    plans, best first, and the end of the move (or of the phase) last."""
    if caller != NO:
        first = ally_step(s, seat, caller)
        return [first] if isinstance(first, st.EndMove) else [first, st.EndMove()]
    f = s.force
    if f is not None and f.fleets:
        plans = naval_plans(s, seat, params)
        if plans:
            return [voyage_step(s, seat, plans[0])]
        return voyage_end(s, seat) or [st.EndMove()]
    out: list[st.Action] = []
    if f is not None:
        for plan in force_plans(s, seat, params):
            a = first_step(s, seat, plan)
            if a not in out:
                out.append(a)
        return out or [st.Halt()]
    for plan in Planner(s, seat, params).ranked():
        if plan.score < params.min_gain:
            break
        a = first_step(s, seat, plan)
        if a not in out:
            out.append(a)
    out.append(st.EndMove())
    return out
