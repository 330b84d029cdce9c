"""The greedy player of Successors: one phase ahead, from the seat's view alone.

Each decision is weighed by what it does to the seat's position before the next phase, in
half points (the game's score, l.66-68): the areas it holds alone and controls (their tax
for the revenue phases left), its upkeep against its income (l.5, l.14), and the threat of
rival units within reach. By the kind of decision:

- a home: its value and its neighbours' (the areas to take first), away from homes chosen;
- purchases: units while next turn's upkeep stays paid (income and treasury), levies to take
  the empty areas within reach, infantry and cavalry where rivals or rebels are near; on the
  last turn only levies that can still take an area; a fleet (in revenue, or offered by an
  event), when it has none, for a voyage to an area its units cannot march to within two
  turns;
- movement: moves.py;
- a battle (fight, decline, call): fought when the odds of winning it (odds.py) make it worth
  more than the units it costs, against rebels always (they always fight, Q13);
- retreats: all units out when the odds of holding fall low; a loss, an upkeep short, a
  mutiny: the least useful unit (the cheapest, a levy with others, far from value);
- at sea: a battle when its fleets are as many as the enemy's.

Steps aside (chits armed or played, alliances answered) are the fixed policy's
(policy.py), taken before the decision itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules.successors import State, View, board, combat, economy, engine
from rules.successors import state as st

from . import danger, moves, odds, policy
from .moves import DEFAULT, Params
from .reading import (
    CAV,
    EL,
    INF,
    LEVY,
    NO,
    battle_sides,
    distance,
    last_turn,
    leader_at,
    mine,
    prices,
    revenues_left,
    sea_routes,
    side,
    sides_fighting,
)

HOME_NEIGHBOURS = 0.5  # a home's neighbours' values, weighed against its own
HOME_SECOND = 0.2  # the areas two steps away
HOME_APART = 0.5  # each movement point from a home already chosen (up to 8)
TYPE_WORDS = ("levy", "inf", "cav", "el")

Ranker = Callable[[State, int, list[st.Action], Params], list[st.Action]]


def seat_of(s: State) -> int:
    mover = engine.to_move(s)
    if mover is None:
        raise ValueError("no seat decides now")
    return s.seats.index(mover)


# --- homes ----------------------------------------------------------------------------------


def home_score(s: State, area: int) -> float:
    m = s.parts.map
    near = set(m.adjacent[area])
    second = {b for a in near for b in m.adjacent[a]} - near - {area}
    score = m.value[area] + HOME_NEIGHBOURS * sum(m.value[a] for a in near)
    score += HOME_SECOND * sum(m.value[a] for a in second)
    for h in s.homes:
        if h != NO:
            score += HOME_APART * min(distance(s, area, h), 8)
    return score


def homes(s: State, seat: int, options: list[st.Action], params: Params) -> list[st.Action]:
    m = s.parts.map

    def key(a: st.Action) -> tuple[float, str]:
        assert isinstance(a, st.ChooseHome)
        return (-home_score(s, m.index[a.area]), a.area)

    return sorted(options, key=key)


# --- purchases ------------------------------------------------------------------------------


def targets_near(s: State, seat: int, area: int) -> int:
    """Empty areas within a levy's reach of `area` that the seat does not hold (on the last
    turn: does not occupy)."""
    n = 0
    last = last_turn(s)
    for dest in moves.reach(s, seat, area, s.parts.setup.land_mp):
        if board.unfriendly_here(s, dest, seat) or board.seat_units(s, dest, seat):
            continue
        if last and s.parts.map.value[dest] < 1:
            continue
        if s.control[dest] != seat or last:
            n += 1
    return n


def danger_near(s: State, seat: int, area: int) -> bool:
    for a in range(s.parts.map.land):
        if distance(s, a, area) <= 4 and board.unfriendly_here(s, a, seat):
            return True
    return False


def place_for(s: State, seat: int, options: list[st.Buy]) -> str:
    """Where to place: the area (home or leader) with the most areas to take near it."""
    m = s.parts.map
    home = m.ids[s.homes[seat]] if s.homes[seat] != NO else ""
    places = sorted({b.at for b in options})
    return max(places, key=lambda at: (targets_near(s, seat, m.index[at]), at == home, at))


def wanted(s: State, seat: int, area: int, mode: int) -> list[int]:
    """The types to buy, in order of preference: levies while empty areas near outnumber
    the units there to take them, fighting units where rivals or rebels are near."""
    here = sum(mine(s, area, seat))
    targets = targets_near(s, seat, area)
    if mode == economy.SETUP_BUY:
        return [LEVY] if here < max(targets, 2) else [INF, LEVY]
    fight = [CAV, INF] if danger_near(s, seat, area) else [INF]
    if here < targets:
        return [LEVY, *fight]
    return [*fight, LEVY]


def event_price(s: State) -> int:
    top = s.frames[-1]
    return top[4] if top[0] == "buy" and top[4] != NO else prices(s)[EL]


def buys(s: State, seat: int, options: list[st.Action], params: Params) -> list[st.Action]:
    """Greedy's purchase step first (Done when it buys no more), then the other units it
    could buy one at a time where it would place them."""
    mode = s.frames[-1][2]
    land = [a for a in options if isinstance(a, st.Buy) and a.piece != "fleet"]
    if not land and mode != economy.EVENT_FLEETS:
        return [st.Done()]
    money = s.money[seat]
    units = board.unit_count(s, seat)
    income = board.income(s, seat)
    reserve, kept = params.reserve, params.kept
    if mode == economy.SETUP_BUY:
        income, reserve, kept = s.parts.map.value[s.homes[seat]], 0, 0

    def affordable(price: int) -> bool:
        left = money - price
        return left >= max((units + 1) * s.parts.setup.upkeep - income + reserve, kept)

    if mode == economy.EVENT_FLEETS:  # fleets offered by an event, at its price
        price = event_price(s)
        fleet = fleet_wanted(s, seat, options, params, price)
        return [fleet, st.Done()] if fleet and affordable(price) else [st.Done()]
    if mode == economy.EVENT_ELEPHANTS:
        el = [b for b in land if b.piece == "el" and b.count == 1]
        return [el[0], st.Done()] if el and affordable(event_price(s)) else [st.Done(), *el]
    if mode == economy.REVENUE_BUY and engine.has_nothing(s, seat):
        return survival(land)
    if mode == economy.REVENUE_BUY and revenues_left(s, seat) == 0:
        return last_levies(s, seat, land)
    guard = leader_guard(s, seat, land, params) if mode == economy.REVENUE_BUY else None
    if guard is not None and affordable(prices(s)[TYPE_WORDS.index(guard.piece)]):
        return [guard, st.Done()]
    price = s.parts.setup.fleet_in_port
    fleet = fleet_wanted(s, seat, options, params, price) if mode == economy.REVENUE_BUY else None
    if fleet is not None and affordable(price):
        return [fleet, st.Done()]
    at = place_for(s, seat, land)
    area = s.parts.map.index[at]
    p = prices(s)
    singles = [st.Buy(TYPE_WORDS[k], at, 1) for k in wanted(s, seat, area, mode)]
    singles = [b for b in singles if b in land]
    best = [b for b in singles if affordable(p[TYPE_WORDS.index(b.piece)])]
    if best:
        return [best[0], st.Done(), *(b for b in singles if b != best[0])]
    return [st.Done(), *singles]


def survival(land: list[st.Buy]) -> list[st.Action]:
    """With no unit and no province, the end of the turn puts the seat out (Q32): every levy
    it can buy (with its leader, l.21; Q6), whatever the upkeep to come (a trial's Red, free
    and holding 3 Talents, bought none and went out)."""
    levies = sorted((b for b in land if b.piece == "levy"), key=lambda b: -b.count)
    return [*levies[:1], st.Done()] if levies else [*land[:1], st.Done()]


def leader_guard(s: State, seat: int, land: list[st.Buy], params: Params) -> st.Buy | None:
    """A fighting unit with the leader where a rival's blow next turn would likely capture
    him (danger.py; weighed only with a `leader_stake`): the trials' players struck leaders
    left with a levy or two."""
    at = leader_at(s, seat)
    if not params.leader_stake or at == NO:
        return None
    if danger.capture_chance(s, at, seat, mine(s, at, seat)) < danger.GUARD_AT:
        return None
    here = s.parts.map.ids[at]
    for kind in (INF, CAV, LEVY):
        b = st.Buy(TYPE_WORDS[kind], here, 1)
        if b in land:
            return b
    return None


def fleet_wanted(
    s: State, seat: int, options: list[st.Action], params: Params, price: int
) -> st.Buy | None:
    """A fleet at `price` in a port of its own where its units stand (l.19, l.21), when it
    has none and a voyage from there is worth it (`voyage_target`)."""
    if s.fleet_places[seat] or params.voyage <= 0:
        return None
    m = s.parts.map
    for b in options:
        if isinstance(b, st.Buy) and b.piece == "fleet" and b.count == 1:
            port = m.index[b.at]
            if port < m.land and voyage_target(s, seat, port, params, price) != NO:
                return b
    return None


def voyage_target(
    s: State, seat: int, port: int, params: Params = DEFAULT, price: int | None = None
) -> int:
    """The area a fleet bought in a port (at `price`: in port, l.19, unless an event offers
    it for less) would first carry one of the seat's units there to (moves.py): empty,
    beyond its units' march within two turns, out of any rival's reach, and worth more than
    the fleet's price and its upkeep to the end (l.14); or NO."""
    left = revenues_left(s, seat)
    if left < 2 or not board.seat_units(s, port, seat):
        return NO
    m = s.parts.map
    setup = s.parts.setup
    planner = moves.Planner(s, seat, params)
    cost = setup.fleet_in_port if price is None else price
    best, gain = NO, float(cost + setup.upkeep * left)
    for sea in sea_routes(s, seat, port, setup.fleet_mp):
        for target in m.coasts[sea - m.land]:
            if distance(s, port, target) > 2 * setup.land_mp:
                g = planner.landing(target)
                if g is not None and g > gain:
                    best, gain = target, g
    return best


def last_levies(s: State, seat: int, land: list[st.Buy]) -> list[st.Action]:
    """The last turn: a levy for each empty area still to take within its reach (each such
    area alone is worth twice its value, the levy its price)."""
    m = s.parts.map
    levies = [b for b in land if b.piece == "levy" and b.count == 1]
    for b in sorted(levies, key=lambda b: b.at):
        area = m.index[b.at]
        free = sum(moves.free_units(s, seat, area).values())
        if targets_near(s, seat, area) > free:
            return [b, st.Done()]
    return [st.Done(), *levies[:1]]


# --- losses ---------------------------------------------------------------------------------


def unit_keep(s: State, seat: int, a: st.Action) -> float:
    """How much the seat would rather keep a unit (or fleet) it may lose: its price (a
    fleet's in port), and the value of the area if it alone holds it there."""
    if not isinstance(a, st.Lose):
        return 99.0
    m = s.parts.map
    area = m.index[a.at]
    if "fleet" in a.piece:
        return float(s.parts.setup.fleet_in_port)
    kind = TYPE_WORDS.index(a.piece.split()[-1])
    keep = float(prices(s)[kind])
    if "merc" in a.piece.split():
        keep -= 0.5  # a mercenary deserts when left alone
    if area < m.land and sum(mine(s, area, seat)) <= 1:
        keep += 2 * m.value[area] + (3 if area == s.homes[seat] else 0)
    return keep


def losses(s: State, seat: int, options: list[st.Action], params: Params) -> list[st.Action]:
    return sorted(options, key=lambda a: (unit_keep(s, seat, a), str(a)))


def mutiny(s: State, seat: int, options: list[st.Action], params: Params) -> list[st.Action]:
    """EVEN 25: pay the price, or lose a unit worth less than it."""
    price = s.frames[-1][2]
    ranked = losses(s, seat, [a for a in options if isinstance(a, st.Lose)], params)
    pay = [a for a in options if isinstance(a, st.Pay)]
    if ranked and (not pay or unit_keep(s, seat, ranked[0]) < price):
        return [ranked[0], *pay]
    return [*pay, *ranked[:1]]


def defections(s: State, seat: int, options: list[st.Action], params: Params) -> list[st.Action]:
    """EVEN 44: the levy in the area worth most."""
    m = s.parts.map

    def key(a: st.Action) -> tuple[int, str]:
        return (-m.value[m.index[a.at]], a.at) if isinstance(a, st.Take) else (0, "")

    return sorted(options, key=key)


# --- battles --------------------------------------------------------------------------------


def fight_value(s: State, seat: int, at: str, against: str, params: Params) -> float:
    """What fighting is worth against declining: the area (alone, l.66, and its tax) and a
    captured leader (l.13) times the chance, less the units the seat stands to lose."""
    m = s.parts.map
    area = m.index[at]
    ours, theirs = battle_sides(s, area, seat, against)
    if not theirs.count:  # a leader alone: captured without a fight (Q21)
        return float(s.parts.setup.ransom) if ours.count else -5.0
    if not ours.count:
        return -5.0
    hits = s.parts.setup.hits
    out = odds.battle(ours, theirs, hits, hits[CAV])
    if out.win < params.fight_at:
        return -1.0
    p = prices(s)
    units = mine(s, area, seat)
    mean = sum(n * p[t] for t, n in enumerate(units)) / max(1, sum(units))
    v = m.value[area]
    gain = out.win * (2 * v + v * revenues_left(s, seat) * 0.5)
    if not (params.end_count and last_turn(s)):  # (then units weigh nothing, l.66-69)
        gain += params.kill_share * (theirs.count - out.defenders_left) * mean
        gain -= (ours.count - out.attackers_left) * mean
    if against != "white" and leader_at(s, s.seats.index(against)) == area:
        gain += out.win * s.parts.setup.ransom
    return gain


def battles(s: State, seat: int, options: list[st.Action], params: Params) -> list[st.Action]:
    """The combat phase: a battle against rebels first (they always fight), then the battles
    worth fighting, best first, then the declines."""
    forced = [
        a
        for a in options
        if isinstance(a, st.Fight)
        and a.against == "white"
        and st.Decline(a.at, a.against) not in options
    ]
    fights = [a for a in options if isinstance(a, st.Fight) and a not in forced]
    scored = sorted(
        ((fight_value(s, seat, a.at, a.against, params), a.at, a.against, a) for a in fights),
        key=lambda x: (-x[0], x[1], x[2]),
    )
    good = [x[3] for x in scored if x[0] > 0]
    rest = [x[3] for x in scored if x[0] <= 0]
    declines = [a for a in options if isinstance(a, st.Decline)]
    return [*forced, *good, *declines, *rest]


def calls(s: State, seat: int, options: list[st.Action], params: Params) -> list[st.Action]:
    """The other side declined: the seat calls the battle when it is worth it (Q13)."""
    fight = next(a for a in options if isinstance(a, st.Fight))
    decline = next(a for a in options if isinstance(a, st.Decline))
    if fight_value(s, seat, fight.at, fight.against, params) > 0:
        return [fight, decline]
    return [decline, fight]


def holding_chance(s: State, seat: int) -> float:
    """The chance that the seat's side holds the battle being fought: its allies' units
    with its own (a trial's called ally retreated on its own odds, leaving the caller's last
    unit to die)."""
    sides = sides_fighting(s, seat)
    if sides is None:
        return 1.0
    ours, theirs = sides
    if not ours.count:
        return 0.0
    if not theirs.count:
        return 1.0
    hits = s.parts.setup.hits
    return odds.battle(ours, theirs, hits, hits[CAV], pre=False).win


def retreats(s: State, seat: int, options: list[st.Action], params: Params) -> list[st.Action]:
    """Stand while the odds of holding hold up; else everything out to the safest place."""
    moving = [a for a in options if isinstance(a, st.Retreat)]
    b = s.battle
    if b is None or not moving:
        return [st.Stand(), *moving[:1]]
    ours = side(s, b.area, seat)
    m = s.parts.map
    led = params.leader_stake > 0 and leader_at(s, seat) == b.area

    def capture(to: str, units: moves.Counts) -> float:
        """With a stake on the leader retreating, his chance of capture where he goes."""
        if not led:
            return 0.0
        area = m.index[to]
        joined = moves.added(mine(s, area, seat), units)
        return danger.capture_chance(s, area, seat, joined)

    if not ours.count:  # only the leader is left: he goes, or he is captured (Q21)
        lead = [a for a in moving if a.piece == "leader"]
        lead.sort(key=lambda a: capture(a.to, (0, 0, 0, 0)))
        return [*lead, st.Stand()]

    def safety(to: str) -> tuple[float, int, int, str]:
        area = m.index[to]
        own = sum(mine(s, area, seat)) + (3 if s.control[area] == seat else 0)
        return (-capture(to, mine(s, b.area, seat)), own, m.value[area], to)

    best_to = max({a.to for a in moving}, key=safety)
    out = [
        st.Retreat(piece, best_to)
        for piece in ("all", *sorted({a.piece for a in moving} - {"all", "leader"}), "leader")
        if st.Retreat(piece, best_to) in moving
    ]
    if holding_chance(s, seat) >= params.retreat_below:
        return [st.Stand(), *out[:1]]
    return [*out[:1], st.Stand()]


# --- at sea and the rest --------------------------------------------------------------------


def sea_asks(s: State, seat: int, options: list[st.Action], params: Params) -> list[st.Action]:
    top = s.frames[-1]
    sea, other = top[2], top[3]
    ours, theirs = s.fleets[sea][seat], s.fleets[sea][other]
    fight = next(a for a in options if isinstance(a, st.Fight))
    decline = next(a for a in options if isinstance(a, st.Decline))
    return [fight, decline] if ours >= theirs and ours > 0 else [decline, fight]


def escapes(s: State, seat: int, options: list[st.Action], params: Params) -> list[st.Action]:
    m = s.parts.map

    def enemies(a: st.Action) -> tuple[int, str]:
        assert isinstance(a, st.Escape)
        return (len(combat.enemy_fleets(s, m.index[a.to], seat)), a.to)

    return sorted(options, key=enemies)


def movement(s: State, seat: int, options: list[st.Action], params: Params) -> list[st.Action]:
    return moves.candidates(s, seat, s.frames[-1][2], params)


def decide(s: State, params: Params = DEFAULT) -> st.Action:
    """Greedy's step in the decision on top: `ranked`'s first (a movement step found
    without ranking the others)."""
    if s.frames and s.frames[-1][0] == "move":
        a = moves.step(s, seat_of(s), s.frames[-1][2], params)
        if a in engine.legal(s):
            return a
    return ranked(s, params)[0]


RANKERS: dict[str, Ranker] = {
    "home": homes,
    "buy": buys,
    "lose": losses,
    "disband": losses,
    "fever": losses,
    "sea_loss": losses,
    "drown": losses,
    "battle_loss": losses,
    "mutiny": mutiny,
    "defect": defections,
    "move": movement,
    "sea_ask": sea_asks,
    "combat": battles,
    "call": calls,
    "retreat": retreats,
    "escape": escapes,
}


def ranked(s: State, params: Params = DEFAULT) -> list[st.Action]:
    """The steps greedy considers in the decision on top (the seat to move's), its choice
    first, each allowed now (from `s`: a view's state, or a whole state in a search's
    playout; nothing hidden from that seat is read)."""
    seat = seat_of(s)
    options = engine.legal(s)
    kind = s.frames[-1][0]
    ranker = RANKERS.get(kind)
    found = ranker(s, seat, options, params) if ranker is not None else []
    allowed = set(options)
    out = [a for a in found if a in allowed]
    return out or [fallback(options)]


def fallback(options: list[st.Action]) -> st.Action:
    """The safest step allowed, where a plan the rules do not allow after all was made."""
    for kind in (st.EndMove, st.Halt, st.Done, st.Stand, st.Decline):
        for a in options:
            if isinstance(a, kind):
                return a
    return options[0]


def step(s: State, rng: random.Random | None = None) -> st.Action:
    """The playouts' policy: greedy's decision, no step aside."""
    return decide(s)


def choose(view: View, rng: random.Random) -> st.Action:
    """Greedy's step from the seat's view: a step aside the policy takes first (answering
    an alliance, arming a chit, playing one), else the decision."""
    aside = policy.aside_of(view)
    if aside is not None:
        return aside
    return decide(view.state)


__all__ = ["INF", "RANKERS", "choose", "decide", "ranked", "step"]
