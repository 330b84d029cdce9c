"""Why a step is refused: the rule it breaks and what is allowed now, in the game's words."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from ..errors import excerpt
from ..words import count_of, listed
from . import aside, board, combat, economy, engine, movement
from .components import CAV, EL, INF, LEVY, TYPES
from .names import area_name, piece_code, talents, title, unit_noun, units_text
from .state import (
    ASIDE_ACTIONS,
    MERC,
    NO,
    POOL_FLEETS,
    WHITE,
    Action,
    Battle,
    Buy,
    Call,
    ChooseHome,
    Decline,
    Done,
    Drop,
    Embark,
    EndMove,
    Escape,
    Fight,
    Force,
    Halt,
    Land,
    Lose,
    March,
    Pay,
    Retreat,
    Sail,
    Stand,
    State,
    Take,
    TakeFleets,
)
from .view import View, view
from .wording import describe, place

MAX_LISTED = 8
MOVEMENT_STEPS = (March, Sail, Take, TakeFleets, Embark, Land, Drop, Halt, EndMove)


def allowed_text(s: State, actions: Sequence[Action], limit: int = MAX_LISTED) -> str:

    v = view(s, None)
    words = [f"`{describe(v, a)}`" for a in actions[:limit]]
    more = len(actions) - limit
    return ", ".join(words) + (f" and {more} more" if more > 0 else "")


YOU = re.compile(r"\b(?:you|your)\b")


def decision_text(s: State, *, told_others: bool = False) -> str:
    """What the seat deciding is asked now, in the rules' words: addressed to it, or
    (`told_others`) told of it to the other players ("move its force", not "your")."""
    said = _asked(s)
    return YOU.sub(lambda m: "its" if m[0] == "your" else "it", said) if told_others else said


def _mutiny_text(s: State, seat: int, price: int) -> str:
    """The mutiny's choice, or why paying is not among it (a trial was asked to "pay or
    lose a unit" with no pay offered)."""
    if s.money[seat] >= price:
        return f"pay {price} or lose a unit (the mutiny)"
    return f"lose a unit (the mutiny): paying {price} is more than your {talents(s.money[seat])}"


def asked_now(s: State) -> str:
    """What the seat deciding is asked, without the prompt's counsel after it (the upkeep,
    an example to type): a refusal says it before the steps allowed now."""
    return decision_text(s).split("; ", 1)[0]


def _asked(s: State) -> str:
    if not s.frames:
        return "nothing: the game is over"
    kind, a, b, c, _ = s.frames[-1]
    if kind == "move":
        return _move_text(s, a, b)
    texts = {
        "home": _home_text(s, a),
        "buy": _buy_text(s, b, c, s.frames[-1][4]),
        "lose": "choose a unit to lose" + (" from your leader's stack" if b != NO else " (l.11)"),
        "mutiny": _mutiny_text(s, a, b),
        "disband": "disband units until you can pay their upkeep of 1 a unit (l.14)",
        "fever": "choose a fleet in port to lose",
        "defect": "choose the levy that joins you",
        # what each answer leaves (a trial's decline stopped fleets it meant to sail on)
        "sea_ask": f"fight {_seat(s, c)}'s fleets in {area_name(s, b)} or decline (l.49); "
        "after one round your fleets left may sail on (l.51), declined they stay stopped "
        "there and may only land troops or halt (l.29)",
        "sea_loss": f"choose which of your fleets in {area_name(s, b)} sink (Q22)",
        "drown": f"choose the troops aboard that drown in {area_name(s, b)}",
        "combat": "choose the next battle and fight or decline it (l.35-36)",
        "call": f"call the battle against {_seat(s, c)} in {area_name(s, b)}, or decline (Q13)",
        "battle_loss": f"choose whose {unit_noun(c)} is lost (Q16)",
        "retreat": _retreat_text(s, a),
        "escape": f"choose the sea your fleet escapes to from {area_name(s, b)} (l.63)",
    }
    return texts.get(kind, kind)


def _shared_loss(s: State, legal: Sequence[Action]) -> str | None:
    """A hit the allies' side shares may fall on the ally's units (Q16): an example of each
    owner's, as typed (a trial found `lose 1 green inf at Syria` only in `options`); None
    where only the seat's own are allowed."""
    loses = [a for a in legal if isinstance(a, Lose)]
    theirs = [a for a in loses if a.piece.split()[0] in s.seats]
    yours = [a for a in loses if a not in theirs]
    if not theirs or not yours:
        return None
    v = view(s, None)
    return f"type `{describe(v, yours[0])}`, or your ally's: `{describe(v, theirs[0])}`"


MOVES = "3 MP, rough areas 2, your leader's band 4: l.26-28"
MOVES_LEADERLESS = "3 MP, rough areas 2: l.26"  # his band's 4 is not offered where he stays


def how_to(s: State) -> str:
    """What the seat deciding types, each example one of its own legal steps now (so it is
    always typeable), with the numbers the decision needs; "" when `options` says it all."""
    if not s.frames:
        return ""
    kind = s.frames[-1][0]
    if kind == "combat":
        return _battles_open(s)
    legal = engine.legal(s)
    v = view(s, None)

    def first(*types: type) -> str | None:
        a = next((a for a in legal if isinstance(a, types)), None)
        return None if a is None else f"`{describe(v, a)}`"

    if kind == "home":
        return f"type {first(ChooseHome)}, or another home allowed"
    if kind == "buy" and (buy := first(Buy)):
        return _buy_how(s, [a for a in legal if isinstance(a, Buy)], buy)
    if kind == "battle_loss" and (shared := _shared_loss(s, legal)):
        return shared
    if kind in ("lose", "disband", "battle_loss") and (lose := first(Lose)):
        return f"type {lose}, or another unit of yours"
    if kind == "retreat":
        return _retreat_how(s, [a for a in legal if isinstance(a, Retreat)], v)
    if kind == "move":
        return _move_how(s, legal, v)
    return ""


def _retreat_how(s: State, retreats: list[Retreat], v: View) -> str:
    """An example retreat (all that may go, where the side may go whole), and every area a
    retreat may go to (a trial was given one and guessed the others)."""
    whole = [a for a in retreats if a.piece == "all"]
    shown = f"`{describe(v, (whole or retreats)[0])}`" if retreats else None
    m = s.parts.map
    places = list(dict.fromkeys(m.names[m.index[a.to]] for a in retreats))
    said = f"type {shown} (a retreat may go to {listed(places, 'or')}), or " if shown else "type "
    return f"{said}`stand` (`stand to the end`: not asked again in this battle)"


def _buy_how(s: State, buys: list[Buy], buy: str) -> str:
    """The prices of what the seat may buy now, what it may not for want of an area with the
    unit's symbol (l.22), and an order of two kinds at one place where its money allows."""
    kind = s.frames[-1][2]
    if kind not in (economy.REVENUE_BUY, economy.SETUP_BUY):
        return f"type {buy}, then `done`"  # an event's purchase: its price is the event's
    setup = s.parts.setup
    words = [w for w in TYPES[:3] if any(a.piece == w for a in buys)]
    said = [f"{unit_noun(TYPES.index(w))} {setup.prices[TYPES.index(w)]}" for w in words]
    short = brief(s)
    out = [f"{', '.join(said)}{'' if short else ' (l.15-18)'}"] if said else []
    if any(a.piece == "fleet" for a in buys):
        out.append(
            f"a fleet {setup.fleet_in_port} in a port, {setup.fleet_at_sea} at sea"
            if short
            else f"a fleet {setup.fleet_in_port} in a port or {setup.fleet_at_sea} in a coastal sea (l.19)"
        )
    seat = s.frames[-1][1]
    barred = [unit_noun(k) for k in (INF, CAV) if k not in economy.symbols(s, seat)]
    if not economy.placement_areas(s, seat, setup=kind == economy.SETUP_BUY):
        out.append(
            "no land units now: neither your home nor your leader's area takes them (l.21; Q6)"
        )
    elif barred:
        out.append(f"{' and '.join(barred)} only with an area of its symbol (l.22)")
    spent = [unit_noun(k, 2) for k in (LEVY, INF, CAV) if not s.pool[seat][k]]
    if spent:  # the counter mix bounds what is bought: a kind gone says so, not silently
        out.append(f"no {' nor '.join(spent)} left in your pool (the counter mix)")
    left = _pool_left(s, seat, words)
    if left:  # (a trial learnt of it only from a refusal)
        out.append(left)
    return f"{'; '.join(out)}; type {buy}{_two_kinds(s, buys, words)}, then `done`"


def _pool_left(s: State, seat: int, words: list[str]) -> str:
    """Where the seat's pool, some of it on the map already, holds fewer of a kind on sale
    (`words`) than its Talents would buy, what it holds of each kind on sale (every kind,
    so that none seems gone when the Talents shrink: a trial read so), with the kinds it
    bounds (a trial read the whole list as a limit on what it could afford; another puzzled
    over "would buy more", a third read it twice): `left in your pool to buy (the counter
    mix): 9 levies, 9 infantry and 8 cavalry; of levies the pool, not your 12 Talents, is the
    limit` (a fourth puzzled over "fewer than your Talents would pay for"); else ""."""
    money, prices, mix = s.money[seat], s.parts.setup.prices, s.parts.setup.colour_mix
    kinds = [k for k in (LEVY, INF, CAV) if TYPES[k] in words and s.pool[seat][k]]
    bound = [k for k in kinds if s.pool[seat][k] < min(mix[k], money // prices[k])]
    if not bound:
        return ""
    held = listed([f"{(n := s.pool[seat][k])} {unit_noun(k, n)}" for k in kinds])
    fewer = listed([unit_noun(k, 2) for k in bound])
    return (
        f"left in your pool to buy (the counter mix): {held}; of {fewer} the pool, not your "
        f"{money} Talents, is the limit"
    )


def _two_kinds(s: State, buys: list[Buy], words: list[str]) -> str:
    """` (or `buy 1 levy 1 cav at Egypt`)` where two kinds may be bought at
    one place with the money the seat has."""
    money = s.money[s.frames[-1][1]]
    prices = s.parts.setup.prices
    for a, b in pairwise(words):
        if prices[TYPES.index(a)] + prices[TYPES.index(b)] > money:
            continue
        for x in buys:
            if x.piece == a and any(y.piece == b and y.at == x.at for y in buys):
                place = area_name(s, s.parts.map.index[x.at])
                return f" (or `buy 1 {a} 1 {b} at {place}`)"
    return ""


def _movable_by_area(legal: Sequence[Action]) -> dict[str, dict[str, int]]:
    """The most of each piece that may be taken in each area, in the order of the legal
    steps (a trial's example named a garrison's levy, not its main army)."""
    most: dict[str, dict[str, int]] = {}
    for a in legal:
        if isinstance(a, Take):
            here = most.setdefault(a.at, {})
            here[a.piece] = max(here.get(a.piece, 0), a.count)
    return most


def _move_how(s: State, legal: Sequence[Action], v: View) -> str:
    f = s.force
    if f is not None:
        said = [x for x in (_whither(v, legal, March), _whither(v, legal, Sail)) if x]
        lands = [a for a in legal if isinstance(a, Land)]
        if lands:
            landing = f"`{describe(v, lands[0])}`"
            said.append(landing + (" (or another landing)" if lands[1:] else ""))
        more = [next((a for a in legal if isinstance(a, k)), None) for k in (Drop, Halt)]
        said += [f"`{describe(v, a)}`" for a in more if a is not None]
        typed = "type " + _choices(said) if said else ""
        if not f.marched:  # nothing moved yet: undo (a command, named by each front end)
            return f"{typed}; undo calls the force off" if typed else "undo calls the force off"
        return typed
    out = []
    movable = _movable_by_area(legal)
    if movable:  # the area where most may move, the leader too: the main army, as a rule
        m = s.parts.map
        take_at, most = max(movable.items(), key=lambda kv: sum(kv[1].values()))
        pieces = " ".join(p if p == "leader" else f"{n} {p}" for p, n in most.items())
        at = m.index[take_at]  # never an island's: its units leave aboard fleets
        to = m.names[_quiet_neighbour(s, at)]
        led = any(isinstance(a, Take) and a.piece == "leader" for a in legal)
        mp = MOVES if led else MOVES_LEADERLESS  # (a trial read the first pieces' move as advice)
        out.append(
            f"`move {pieces} {m.names[at]} {to}` (the form, not advice: the pieces, their "
            f"area, each area entered; {mp})"
        )
    voyage = _voyage(s, legal)
    if voyage:
        out.append(f"a voyage, `{voyage}`")
    # an ally to call, named (a trial read only `end movement` while `call red` was allowed)
    out += [
        f"`{describe(v, a)}` (your ally moves in your turn, l.32)"
        for a in legal
        if isinstance(a, Call)
    ]
    return f"type {', '.join([*out, 'or `end movement`'])}" if out else "type `end movement`"


def _whither(v: View, legal: Sequence[Action], kind: type[March] | type[Sail]) -> str | None:
    """Every way the force may go with a step of `kind`, the first as typed: `march to
    Syria` (or to Cilicia or Arabia) (a trial read two marches shown as all there were)."""
    steps = [a for a in legal if isinstance(a, kind)]
    if not steps:
        return None
    first = f"`{describe(v, steps[0])}`"
    rest = [place(v.state, a.to) for a in steps[1:]]
    return f"{first} (or to {listed(rest, 'or')})" if rest else first


def _choices(said: list[str]) -> str:
    """`a`, `b` or `c`; where one of them lists places with its own "or", set apart: `march
    to Syria` (or to Arabia), or `halt`; three or more by semicolons."""
    if len(said) < 2 or not any(" or " in x for x in said):
        return listed(said, "or")
    if len(said) == 2:
        return f"{said[0]}, or {said[1]}"
    return f"{'; '.join(said[:-1])}; or {said[-1]}"


def _quiet_neighbour(s: State, at: int) -> int:
    """The example's destination: a neighbour of `at` the seat holds, else one no unfriendly
    unit stands in, else the first (an example is no advice: a trial read one into a rival's
    province as a hint)."""
    seat = s.frames[-1][1]
    near = s.parts.map.adjacent[at]
    quiet = [a for a in near if not board.unfriendly_here(s, a, seat)]
    held = [a for a in quiet if s.control[a] == seat]
    return (held or quiet or list(near))[0]


def _voyage(s: State, legal: Sequence[Action]) -> str:
    """A voyage the seat may order now, from the first place where it may take fleets: its
    fleets there into the first sea next to it (`movement.voyages`); from a port, with as many
    of its units there as they carry (l.31), ashore on another coast of that sea."""
    take = next((a for a in legal if isinstance(a, TakeFleets)), None)
    if take is None:
        return ""
    m = s.parts.map
    at = m.index[take.at]
    seas = movement.voyages(m, at)[0]
    if not seas:
        return ""
    seat = s.frames[-1][1]
    calm = [a.to for a in seas if not combat.enemy_fleets(s, m.index[a.to], seat)]
    sea = (calm or [seas[0].to])[0]  # where enemy fleets are, the fleets stop (l.29): no landing
    fleets = max(a.count for a in legal if isinstance(a, TakeFleets) and a.at == take.at)
    order = f"sail {count_of(fleets, 'fleet')}"
    aboard = max(
        (a for a in legal if isinstance(a, Take) and a.at == take.at and a.piece != "leader"),
        key=lambda a: a.count,
        default=None,
    )  # fleets at sea take none aboard here: troops board from a coast
    if aboard is not None:
        order += f" with {min(fleets, aboard.count)} {aboard.piece}"
    order += f" {m.names[at]} {m.names[m.index[sea]]}"
    shore = next((c for c in movement.coasts_of(s, m.index[sea]) if c != at), None)
    if aboard is not None and shore is not None and calm:
        order += f" land at {m.names[shore]}"
    return order


def _seat(s: State, k: int) -> str:
    return title(s, k) if 0 <= k < s.players else "the rebels"


def _home_text(s: State, seat: int) -> str:
    """The choice of a home, and who chooses after the seat: they move before it (a trial's
    home, chosen second, fell in game turn 1 to the last chooser's levies)."""
    later = s.choosing[s.choosing.index(seat) + 1 :] if seat in s.choosing else ()
    asked = "choose your home, not next to a home already chosen"
    if not later:
        return asked
    who = listed([title(s, k) for k in later])
    verb = "chooses" if len(later) == 1 else "choose"
    return (
        f"{asked}; {who} {verb} after you and move{'s' if len(later) == 1 else ''} before you "
        "in every game turn (the last to choose moves first): a home they can reach in game "
        "turn 1 needs units to hold it"
    )


def _buy_text(s: State, mode: int, left: int, price: int) -> str:
    each = f"at {talents(price)} each" if price else "free"
    seat = s.frames[-1][1]
    if mode == economy.EVENT_FLEETS:
        return f"buy up to {left} fleets {each} in your ports{_pool_short(s, seat, POOL_FLEETS, left)}, or done"
    if mode == economy.EVENT_ELEPHANTS:
        where = "in your elephant areas"
        return f"buy up to {left} elephants {each} {where}{_pool_short(s, seat, EL, left)}, or done"
    money = talents(s.money[seat])
    kept = (  # (a trial learnt at the end that the winner's kept Talents were 42 of its 98)
        "the Talents you keep pay the events rolled before your next revenue (l.11; Q7) "
        "and count half a point each at the end (l.68)"
    )
    if mode == economy.SETUP_BUY:  # (a play-test spent all 5, and lost a unit to turn 1's event)
        asked = f"spend your {money} on units in your home, or done"
        if brief(s):
            return f"{asked}; {_upkeep_said(s, seat, brief=True)}"
        return f"{asked}; {_upkeep_said(s, seat)}; {kept}"
    asked = f"buy units at your home or with your leader ({money}), or done"
    if brief(s):
        return f"{asked}; {_upkeep_said(s, seat, brief=True)}"
    return f"{asked}; {_upkeep_said(s, seat)}; {kept}"


def brief(s: State) -> bool:
    """Whether the purchases' counsel is told briefly: the rules it cites (upkeep, the kept
    Talents, the prices' lines) were told at the setup and the first purchases (game turn 2:
    none on turn 1, l.5), and at the purchases' first step; trials read the same paragraph
    every turn after, and at every step of one purchase."""
    top = s.frames[-1] if s.frames else None
    bought = (  # (an event's purchase counts down what is left in that number)
        top is not None
        and top[0] == "buy"
        and top[2] in (economy.REVENUE_BUY, economy.SETUP_BUY)
        and top[3] == engine.BOUGHT
    )
    return bought or s.turn > economy.FIRST_PURCHASES


def _pool_short(s: State, seat: int, counter: int, offered: int) -> str:
    """ " (your pool holds 1)" where the counters off the map of a kind (its index in the
    pool: a unit type, or POOL_FLEETS) are fewer than an event offers."""
    held = s.pool[seat][counter]
    return f" (your pool holds {held})" if held < offered else ""


def _upkeep_said(s: State, seat: int, brief: bool = False) -> str:
    """What a purchase costs at every revenue to come (l.14), against the seat's income
    (`brief`: the figures alone, the rule told before)."""
    n, income = board.unit_count(s, seat), board.income(s, seat)
    upkeep = talents(s.parts.setup.upkeep)
    owed, held = n * s.parts.setup.upkeep, income + s.money[seat]
    said = (
        f"{count_of(n, 'unit')}, upkeep {owed}, income {income}"
        if brief
        else f"upkeep {upkeep} a unit each turn (l.14): {count_of(n, 'unit')}, income {income}"
    )
    if owed > held:  # the newcomer's trap: bought more than the next revenue pays
        said += (
            f" (upkeep {owed} against {held} with your treasury: units are disbanded at your "
            "next revenue unless you hold more by then, Q4)"
        )
    return said


def _retreat_text(s: State, seat: int) -> str:
    """l.45: the defender retreats first, then the attacker, each where Q20 lets its side go
    (a trial saw one place offered and nothing why)."""
    b = s.battle
    # whose side it retreats as, said (a trial read the two wordings and no reason)
    attacker = b is not None and seat in combat.side_seats(s, b, 0)
    if attacker:
        where = "an adjacent area your side holds, or an empty one (as the attacker, Q20)"
    else:
        where = (
            "an adjacent area with no unfriendly units, not one an attacker came from (as the "
            "defender, Q20)"
        )
    alone = b is not None and not combat.side_units(s, b, 0 if attacker else 1)
    if alone and b is not None and s.leaders[seat] == b.area:
        return (
            f"retreat your leader, alone now, to {where}, or stand: he is captured when the "
            "battle ends (l.45; Q21)"
        )
    if b is None:
        return f"retreat units from the battle to {where}, or stand (l.45)"
    ours, theirs = (_side_words(s, b, k) for k in ((0, 1) if attacker else (1, 0)))
    return f"retreat units from the battle (your side's {ours} against {theirs}) to {where}, or stand (l.45)"


def _side_words(s: State, b: Battle, side: int) -> str:
    """A battle side's units left, in words ("2 infantry and 1 cavalry")."""
    return units_text(board.type_counts(s, b.area, b.defenders if side else b.attackers))


def _move_text(s: State, seat: int, caller: int) -> str:
    f = s.force
    ally = f" in {title(s, caller)}'s turn" if caller != NO else ""
    if f is None:
        last = s.turn >= s.parts.setup.turns  # the count comes after it: what scores, said
        end = "; the last game turn: a province scores where your units alone stand (l.66)"
        said = f"move a force{ally} (take pieces, or take fleets), or end movement{end if last else ''}"
        warned = _empty_home_warning(s, seat) + _allies_taking(s, seat)
        return said + warned + _leader_exposed(s, seat)
    left = movement.mp_left(s, f)
    where = area_name(s, f.place)
    legal = {type(a) for a in engine.legal(s)}
    steps = FLEET_STEPS if f.fleets else FORCE_STEPS
    verbs = listed([word for kind, word in steps if kind in legal], "or")
    what = "fleets" if f.fleets else "force"
    return f"move your {what} at {where} ({left} MP left): {verbs or 'no step left'}"


def _empty_home_warning(s: State, seat: int) -> str:
    """A home of the seat's left empty with unfriendly units two areas off or nearer: one
    of them entering takes it (Q3), and a home where unfriendly units stand takes no
    purchases (Q6)."""
    home = s.homes[seat]
    threat = home_threat(s, seat)
    if threat is None:
        return ""
    who, enemies = threat
    # a trial left its leader alone at home, read "empty", and lost him to one levy
    leader = (
        ", your leader with it (no unit: one entering captures him, Q21)"
        if s.leaders[seat] == home and enemies
        else ""
    )
    return (
        f"; your home {area_name(s, home)} stands empty with {who} near: one unit of another "
        f"player entering it takes it, an ally's too (Q3){leader}, and a home where unfriendly "
        "units stand takes no purchases (Q6)"
    )


def home_threat(s: State, seat: int) -> tuple[str, bool] | None:
    """Who may take the seat's home, held and left empty, in words, and whether they are
    enemies: other players' units that can march into it in one movement phase ("Red's
    units in Thrace"), else an ally's; None when it is not empty or nobody who moves can
    reach it (white units never move, Q28: a trial was warned of the invaders it marched
    against; another of units two areas off behind rebels they would stop at, l.27)."""
    home = s.homes[seat]
    if home == NO or s.control[home] != seat or board.seat_units(s, home, seat):
        return None
    others = [k for k in range(s.players) if k != seat and k not in s.out]
    allies = board.allies_of(s, seat)
    for group, enemies in (([k for k in others if k not in allies], True), (allies, False)):
        found = [
            f"{'' if enemies else 'your ally '}{title(s, k)}'s units in "
            f"{listed(sorted(area_name(s, a) for a in at))}"
            for k in group
            if (at := _within_a_march(s, home, k))
        ]
        if found:
            return listed(found), enemies
    return None


def _within_a_march(s: State, goal: int, k: int) -> list[int]:
    """The land areas from which some of seat k's units can march into `goal` in one
    movement phase: 3 MP, 4 with its leader (l.26, l.28), a rough area costing 2, and an
    area with units unfriendly to k stopping them on the way (l.27)."""
    m, setup = s.parts.map, s.parts.setup
    cost = movement.entry_cost(s, goal)
    found = []
    for b in {*m.adjacent[goal], *(b for a in m.adjacent[goal] for b in m.adjacent[a])}:
        if b == goal or not board.seat_units(s, b, k):
            continue
        mp = setup.leader_mp if s.leaders[k] == b else setup.land_mp
        if goal in m.adjacent[b] or any(
            goal in m.adjacent[a]
            and not board.unfriendly_here(s, a, k)
            and movement.entry_cost(s, a) + cost <= mp
            for a in m.adjacent[b]
        ):
            found.append(b)
    return found


def _leader_exposed(s: State, seat: int) -> str:
    """The seat's leader beside a rival's stack with more units than stand with him, or
    beside any with one unit or none by him (a trial's leader with one infantry was captured
    by a lone levy's 6, unwarned): a leader whose side has no unit left after a battle is
    captured (Q21)."""
    at = s.leaders[seat]
    if not 0 <= at < s.parts.map.land:
        return ""
    mine = board.seat_units(s, at, seat)
    rivals = [
        (b == at, board.seat_units(s, b, k), b, k)  # those in his own area first (a trial)
        for b in (at, *s.parts.map.adjacent[at])
        for k in range(s.players)
        if k != seat
        and k not in s.out
        and not board.allied(s, seat, k)
        and board.seat_units(s, b, k)
    ]
    here, n, b, k = max(rivals, default=(False, 0, NO, NO))
    if n == 0 or (n <= mine and mine > 1):
        return ""
    company = f"with {count_of(mine, 'unit')}" if mine else "alone"
    near = (
        f"with {title(s, k)}'s {n} there"
        if here
        else f"beside {title(s, k)}'s {n} in {area_name(s, b)}"
    )
    return (
        f"; your leader in {area_name(s, at)} stands {company} {near}: a leader whose side is "
        f"wiped out in a battle is captured, ransom {talents(s.parts.setup.ransom)} (Q21)"
    )


def _allies_taking(s: State, seat: int) -> str:
    """The seat's areas where an ally's units now outnumber its own: they go to the ally at
    this combat phase's end (l.10; Q3) unless more of the seat's come."""
    allies = board.allies_of(s, seat)
    if not allies:
        return ""
    lost = [
        f"{area_name(s, a)} ({title(s, k)})"
        for a in board.controls(s, seat)
        if (k := board.controller_by_units(s, a)) in allies
    ]
    if not lost:
        return ""
    return (
        f"; allied units outnumber yours in {listed(lost, 'and')}: an area goes to the most "
        "units at the combat phase's end (l.10; Q3)"
    )


# the steps of a naval force, of a land force under way, as the prompt names them
FLEET_STEPS: Final = ((Sail, "sail"), (Embark, "embark"), (Land, "land"), (Halt, "halt"))
FORCE_STEPS: Final = ((March, "march"), (Take, "take"), (Drop, "drop"), (Halt, "halt"))


def refusal(s: State, a: Action, seat: str | None = None) -> str:
    """The refusal of `a` in `s` (it is not legal): which rule, and what is allowed."""
    why = refusal_reason(s, a, seat)
    mover = engine.to_move(s)
    if isinstance(a, ASIDE_ACTIONS) or mover is None or engine.chance(s) is not None:
        return why
    if seat is not None and seat != mover:
        return why
    return f"{why}; allowed: {allowed_text(s, engine.legal(s))}"


def refusal_reason(s: State, a: Action, seat: str | None = None) -> str:
    """Why `a` is refused in `s`: the rule it breaks, or what the decision now is."""
    if isinstance(a, ASIDE_ACTIONS):
        why = aside.problem(s, a, engine.chance(s) is None)
        return why or "that step is allowed"
    if engine.chance(s) is not None:
        return f"waiting for {engine.chance(s)}"
    mover = engine.to_move(s)
    if mover is None:
        return "the game is over"
    if seat is not None and seat != mover:
        whose = title(s, s.seats.index(mover))
        return f"it is not your turn: {whose} must {decision_text(s, told_others=True)}"
    return _why(s, s.seats.index(mover), a) or decision_text(s)


def _why(s: State, seat: int, a: Action) -> str | None:
    kind = s.frames[-1][0]
    if isinstance(a, Buy) and kind != "buy":
        return _buy_when(s, seat)
    when = _when(a, kind)
    if when is not None and s.battle is not None and isinstance(a, Fight | Decline):
        where = area_name(s, s.battle.area)
        when = (
            f"the battle in {where} is being fought"
            if _place(s, a.at) == s.battle.area
            else f"the battle in {where} is under way: the next is chosen once it ends (l.35-36)"
        )
    if when is not None:
        return f"{when}; now: {asked_now(s)}"
    if kind == "move":
        return _move_why(s, seat, a)
    if isinstance(a, MOVEMENT_STEPS):
        return f"{_movement_when(s, seat)}; now: {asked_now(s)}"
    if kind == "home" and isinstance(a, ChooseHome):
        return _home_why(s, a)
    if kind == "retreat" and isinstance(a, Retreat):
        return _retreat_why(s, seat, a)
    if kind == "buy" and isinstance(a, Buy):
        return _buy_why(s, seat, a)
    if kind in ("lose", "disband") and isinstance(a, Lose):
        return "you have no such unit there"
    if kind == "battle_loss" and isinstance(a, Lose):
        return "the loss falls on the type the hit's priority gives (l.40-44)"
    if kind == "combat" and isinstance(a, Fight | Decline):
        return _combat_why(s, a)
    return None


def _combat_why(s: State, a: Fight | Decline) -> str:
    """Why a battle is not fought or declined as asked: rebels are always fought (Q13), or
    no battle is open there against that side."""
    if (
        isinstance(a, Decline)
        and a.against == "white"
        and Fight(a.at, a.against) in engine.legal(s)
    ):
        return f"rebels and invaders are always fought (Q13): `fight rebels at {area_name(s, _place(s, a.at))}`"
    return f"no battle is open there against that side (l.35; allies and truces fight none); {_battles_open(s)}"


def _when(a: Action, kind: str) -> str | None:
    """When a step of another decision than the one now comes, by its rule."""
    if isinstance(a, Call) and kind != "move":
        return "an ally is called in your movement phase (l.32)"
    if isinstance(a, Fight | Decline) and kind not in ("combat", "call", "sea_ask"):
        return "battles are chosen in the combat phase, after movement (l.35-36)"
    if isinstance(a, Retreat | Stand) and kind != "retreat":
        return "units retreat or stand after a round of a battle (l.45)"
    if isinstance(a, Escape) and kind != "escape":
        return "a fleet escapes to sea when its port is taken and it rolls 5-6 (l.61-63)"
    if isinstance(a, ChooseHome) and kind != "home":
        return "homes are chosen in the setup, before the first game turn"
    if isinstance(a, Done) and kind not in ("buy", "move"):
        return "`done` ends the purchases (l.5)"
    if isinstance(a, Pay) and kind != "mutiny":
        return "`pay` answers a mutiny, whose price is paid or a unit lost"
    if isinstance(a, Lose) and kind not in LOSING:
        return (
            "a unit is lost when a rule asks for one (an event not paid, upkeep, a battle's hits)"
        )
    return None


# the decisions that a loss answers
LOSING: Final = ("lose", "mutiny", "disband", "fever", "sea_loss", "drown", "battle_loss")


def _place(s: State, x: str) -> int:
    return s.parts.map.index.get(x, NO)


def _move_why(s: State, seat: int, a: Action) -> str | None:
    f = s.force
    m = s.parts.map
    if isinstance(a, March):
        if f is None or f.fleets:
            return _no_force_why(s, seat, _place(s, a.to))
        to = _place(s, a.to)
        if to == NO or to >= m.land:
            return f"no land area {excerpt(a.to)}"
        if to == f.place:
            return f"the force is in {area_name(s, to)} already"
        if to not in m.adjacent[f.place]:
            near = ", ".join(m.names[b] for b in m.adjacent[f.place])
            here = area_name(s, f.place)
            return f"{area_name(s, to)} does not border {here} ({here} borders {near})"
        cost = movement.entry_cost(s, to)
        terrain = " (rough, l.26)" if m.rough[to] else ""
        return f"entering {area_name(s, to)} costs {cost} MP{terrain}; the force has {movement.mp_left(s, f)} left (l.26, l.28)"
    if isinstance(a, Sail):
        if f is None or not f.fleets:
            return "fleets sail: take fleets first (`take 2 fleets at Egypt`)"
        to = _place(s, a.to)
        if f.stopped:
            return (
                "the fleets met enemy fleets and stopped (l.29): they may only land troops or halt"
            )
        if to == f.place:
            return f"the fleets are in {area_name(s, to)} already"
        if movement.mp_left(s, f) < 1:
            mp = s.parts.setup.fleet_mp
            return (
                f"the fleets have no movement point left ({mp} MP, l.29): land the troops or halt"
            )
        if to != NO and to < m.land and m.is_port(to) and s.control[to] != NO:
            return f"no fleet enters a port held by {title(s, s.control[to])} (l.30)"
        if to != NO and to < m.land and not m.is_port(to):
            return (
                f"{area_name(s, to)} has no port: fleets enter seas and ports (l.29); troops "
                f"aboard land on its coast from the sea beside it (`land 2 inf at {area_name(s, to)}`)"
            )
        return f"the fleets sail to a sea next to {area_name(s, f.place)} or a port on it, 1 MP each ({movement.mp_left(s, f)} left, l.29)"
    if isinstance(a, Take | TakeFleets):
        return _take_why(s, seat, a)
    if isinstance(a, Halt | EndMove) and f is not None and not f.marched:
        return "the force under way has not moved yet: move it first (or `undo` what it took)"
    if isinstance(a, Halt | EndMove) and f is not None and f.fleets:
        return "land the troops and the leader aboard before the fleets halt at sea (Q24)"
    if isinstance(a, Embark | Land) and f is None:
        return "troops embark on fleets under way: take fleets first"
    if isinstance(a, Embark | Land) and f is not None and f.fleets:
        coasts = movement.coasts_of(s, f.place)
        if _place(s, a.at) not in coasts:
            where = listed([area_name(s, c) for c in coasts], "or")
            # (a trial's one-line voyage meant its troops to board on the way)
            on_the_way = (
                f"; to board on the way, sail there first, then `embark` (`sail to ...`, "
                f"`embark {pieces_said(a.piece, a.count)} at {area_name(s, _place(s, a.at))}`)"
                if isinstance(a, Embark)
                else ""
            )
            return (
                "troops board and land where the fleets are, their port or a coast of their "
                f"sea: {where}{on_the_way}"
            )
    if isinstance(a, Done):
        money = s.money[seat]  # (trials typed `done` after they had ended by themselves)
        moving = bool(s.frames) and s.frames[-1][0] == "move"
        then = "; the movement ends with `end movement`" if moving else ""
        # (a trial's `done` after its setup purchases read "no purchases on turn 1" as wrong)
        over = (
            "game turn 1 has no purchases in its revenue (l.5): those made before it began are over"
            if s.phase == "play" and s.turn == 1
            else f"your purchases are already over (treasury {money})"
        )
        return f"{over}: `done` has nothing to end{then}"
    if isinstance(a, Call):
        return _call_why(s, seat, a)
    if f is None:
        return (
            "no force is under way: take pieces or fleets first, or `end movement`"
            if isinstance(a, Drop | Halt)
            else None
        )
    return _force_step_why(s, f, a)


def _no_force_why(s: State, seat: int, to: int) -> str:
    """A march with no land force under way: the seat's units next to where it goes whose
    move is over this phase, when there are; else how a force is named."""
    m = s.parts.map
    near = m.adjacent[to] if 0 <= to < m.land else ()
    by_area: dict[int, list[int]] = {}
    for area, code, n in s.moved:
        if area in near and code // 4 in (seat, MERC + seat):
            by_area.setdefault(area, [0, 0, 0, 0])[code % 4] += n
    if not by_area:
        return (
            "no land force is under way: name its pieces first (`move 2 inf Egypt Arabia Syria`, "
            "or `take 2 inf at Egypt` then `march to Arabia`)"
        )
    done = listed([f"{units_text(c)} in {area_name(s, a)}" for a, c in sorted(by_area.items())])
    return (
        f"no force is under way: your {done} moved this phase, and a unit moves once a phase, "
        "3 MP (rough areas 2) or 4 with its leader (l.26-28)"
    )


def _call_why(s: State, seat: int, a: Call) -> str:
    """Why an ally may not be called to move now (l.32; Q12)."""
    other = s.seats.index(a.ally) if a.ally in s.seats else NO
    if other in (NO, seat) or not board.allied(s, seat, other):
        who = title(s, other) if other != NO else excerpt(a.ally)
        return f"only an ally is called to move in your turn (l.32), and {who} is not yours"
    if s.force is not None:
        return "an ally is called between your forces' moves: halt the force under way first"
    if other in s.called:
        return f"{title(s, other)} has been called this turn already"
    return "an ally moves only in the turn of the player who calls it, not when it moves as one"


def _aboard(s: State, f: Force, piece: str) -> int:
    """How many of a piece the force carries (the leader: 1 or 0)."""
    if piece == "leader":
        return int(f.leader != NO)
    code = piece_code(s, f.seat, piece)
    return 0 if code is None else movement.carried(f.groups).get(code, 0)


def _force_step_why(s: State, f: Force, a: Action) -> str | None:
    """A step the force under way cannot take: what it carries, what it may do instead."""
    carries = (
        movement.marching(f.groups, f.leader != NO) if f.groups or f.leader != NO else "nothing"
    )
    if isinstance(a, Embark) and not f.fleets:
        return "troops embark on fleets: this force marches on land (halt it, then take fleets)"
    if isinstance(a, Embark):
        return _embark_why(s, f, a)
    if isinstance(a, Land) and not f.fleets:
        return "troops land from fleets: this force marches on land"
    if isinstance(a, Land):
        return None if _aboard(s, f, a.piece) >= a.count else f"the fleets carry {carries}"
    if isinstance(a, Drop) and f.fleets:
        if a.piece != "fleet":
            return "troops leave the fleets by landing (`land 1 inf at Syria`); a voyage drops only empty fleets"
        return "a voyage keeps a fleet for each unit aboard, and one at least (l.31)"
    if isinstance(a, Drop) and (f.leader == NO or not f.marched):
        return "only a force with its leader drops units on the way, once it has marched (Q10)"
    if isinstance(a, Drop):
        return f"the force holds {carries}: it drops only what it holds"
    return None


def _embark_why(s: State, f: Force, a: Embark) -> str:
    """Why troops do not board as asked: a fleet carries one unit (l.31), or there are not
    so many of that unit there whose move is not over."""
    room = movement.fleet_room(f)
    if a.count > room:
        fleets = count_of(f.fleets, "fleet")
        have = f"room for {room} more" if room else "no room left"
        landed = f", {f.landed} landed already" if f.landed else ""
        return f"a fleet carries one unit a move (l.31; Q24): {fleets}{landed}, {have}"
    at = _place(s, a.at)
    where = area_name(s, at) if at != NO else excerpt(a.at)
    if a.piece == "leader":
        return f"your leader is not at {where}, or his move is over"
    code = piece_code(s, f.seat, a.piece) if 0 <= at < len(s.units) else None
    there = s.units[at][code] if code is not None and code >= 0 else 0
    if not there:
        return f"you have no {a.piece} at {where}"
    free = most_allowed(s, Embark, a.at, a.piece)
    over = "moved in this phase: a unit moves once a phase (landed troops stay, Q24)"
    if not free:
        return f"your {a.piece} at {where} {over}"
    return f"only {free} {a.piece} of yours at {where} may board (the rest {over})"


def in_battle(s: State, seat: int, piece: str) -> int:
    """How many units of a piece (`inf`, `merc inf`) the seat has in the battle under way:
    what `retreat N inf` may move, a unit a step (l.45); 0 when none or no battle."""
    code = piece_code(s, seat, piece) if s.battle is not None else None
    return (
        s.units[s.battle.area][code]
        if s.battle is not None and code is not None and code >= 0
        else 0
    )


def most_allowed(s: State, kind: type[Take | Buy | Embark], at: str, piece: str) -> int:
    """The most units of a piece that a step of that kind (a taking, a purchase, a boarding)
    allows at a place now: 0 when none."""
    return max(
        (
            a.count
            for a in engine.legal(s)
            if isinstance(a, kind) and (a.at, a.piece) == (at, piece)
        ),
        default=0,
    )


def _take_why(s: State, seat: int, a: Take | TakeFleets) -> str:
    at = _place(s, a.at)
    if at == NO:
        return f"no place {excerpt(a.at)}"
    f = s.force
    if f is not None and f.place != at:
        under_way = f"a force is under way at {area_name(s, f.place)}: pieces join it there"
        if f.fleets and f.marched and Halt() not in engine.legal(s):  # laden at sea (Q24)
            return f"{under_way}; its troops aboard land before its fleets halt at sea (Q24)"
        return f"{under_way}, or halt it first"
    if isinstance(a, TakeFleets):
        return f"you have {movement.fleets_free(s, seat, at)} fleets at {area_name(s, at)} that may still move"
    if a.piece == "leader":
        if s.pinned[seat]:
            return "your leader may not move this turn (the event)"
        return "your leader is not there, or his move is over"
    free = most_allowed(s, Take, a.at, a.piece)
    have = f"only {free}" if free else "no"
    said = f"you have {have} {a.piece} at {area_name(s, at)} that may still move (a unit moves once a phase)"
    hired = most_allowed(s, Take, a.at, f"merc {a.piece}") if a.piece in TYPES else 0
    if hired:  # a person's own units are named bare, the mercenaries with their kind
        said += f"; your mercenaries there are named so: `take {hired} merc {a.piece} at {area_name(s, at)}`"
    return said


def _buy_why(s: State, seat: int, a: Buy) -> str:
    setup = s.parts.setup
    if a.piece not in (*TYPES, "fleet"):
        return f"no unit {excerpt(a.piece)}: levy, inf, cav or fleet"
    if a.piece == "el":
        return "elephants come only by the event table (l.20)"
    if s.turn == 1 and s.phase == "play":
        return "no purchases on turn 1 (l.5)"
    if a.piece != "fleet":
        kind = TYPES.index(a.piece)
        price, n = setup.prices[kind], max(1, a.count)
        if s.money[seat] < price * n:
            cost = (
                f"{unit_noun(kind)} costs {price}"
                if n == 1
                else f"{n} {unit_noun(kind, n)} cost {price * n}"
            )
            return f"{cost} and you have {s.money[seat]} (l.15-18)"
        if not economy.controls_symbol(s, seat, kind):
            return f"buying {unit_noun(kind)} needs an area with its symbol that you control (l.22; Q5)"
        if s.pool[seat][kind] < n:
            left = s.pool[seat][kind]
            if not left:
                return f"no {unit_noun(kind)} counter of your colour is left off the map"
            counters = f"{left} {unit_noun(kind)} counter{'s' if left > 1 else ''}"
            return f"only {counters} of your colour {'are' if left > 1 else 'is'} left off the map"
        places = ", ".join(area_name(s, p) for p in economy.placement_areas(s, seat)) or "none"
        return f"units are placed in your home or with your leader, where no unfriendly units are (l.21; Q6): {places}"
    ports, seas = economy.fleet_places(s, seat)
    where = ", ".join(area_name(s, p) for p in (*ports, *seas)) or "none"
    return f"a fleet costs 3 in a port you control, 5 in a sea next to your provinces (l.19, l.21): {where}"


def pieces_said(piece: str, count: int) -> str:
    """Pieces as an order names them: `leader`, `2 inf`."""
    return piece if piece == "leader" else f"{count} {piece}"


def _buy_when(s: State, seat: int) -> str:
    """A purchase typed outside the revenue phase: when purchases come (l.5)."""
    if s.phase == "setup":
        return (
            f"at the setup, a seat buys its units once it has chosen its home: {decision_text(s)}"
        )
    if s.phase == "play" and s.turn == 1:
        return f"no purchases on turn 1 (l.5): {decision_text(s)}"
    turn = next((f for f in reversed(s.frames) if f[0] == "player"), None)
    if turn is not None and turn[1] == seat and turn[2] > engine.PURCHASE_STAGE:
        # (a trial buying in its movement was told they come "after the event", as if ahead)
        last = s.turn == s.parts.setup.turns
        again = (
            "and this is the last game turn" if last else "the next come in your next player turn"
        )
        return f"your purchases are over for this game turn (l.5), {again}: {decision_text(s)}"
    return f"purchases come in your revenue phase, after the event (l.5): {decision_text(s)}"


def _movement_when(s: State, seat: int) -> str:
    """A movement step typed outside the movement phase: when movement comes (l.4-7)."""
    turn = next((f for f in reversed(s.frames) if f[0] == "player"), None)
    if turn is None:
        return "no movement in the setup: the game turns begin after it"
    stage = turn[2]
    if turn[1] != seat:  # another's player turn (a battle it called, a loss it takes)
        return f"you move in your own player turn, and this is {title(s, turn[1])}'s (l.1-3)"
    if any(f[0] == "move" and f[1] == seat for f in s.frames):  # paused: a battle at sea
        return (
            "your fleets stop where they meet enemy fleets (l.29): the battle there is answered"
            " first, then send this step, and your movement goes on"
        )
    top = s.frames[-1]
    if top[0] == "buy" and top[1] == seat and top[2] == economy.REVENUE_BUY:
        return "your movement comes once your purchases are over: `done` ends them (l.5-6)"
    if stage <= engine.MOVEMENT_STAGE:  # the player turn's stage still to come
        said = f"game turn {s.turn}'s movement comes after the event and the revenue phase (l.4-6)"
        # (a movement ends by itself once its last force has moved: an order for it is late)
        return said + ("; your last one is over" if s.turn > 1 else "")
    return "your movement is over (movement comes before combat, l.6-7)"


def _home_why(s: State, a: ChooseHome) -> str:
    m = s.parts.map
    at = _place(s, a.area)
    homes = ", ".join(m.names[h] for h in s.parts.homes)
    if at == NO or at not in s.parts.homes:
        said = area_name(s, at) if at != NO else excerpt(a.area)
        return f"{said} is not a home; the homes are {homes}"
    chosen = [h for h in s.homes if h != NO]
    if at in chosen:
        return f"{area_name(s, at)} is already a home"
    near = [area_name(s, h) for h in chosen if at in m.adjacent[h]]
    return f"{area_name(s, at)} borders {', '.join(near)}, a home already chosen: a home may not border another"


def _retreat_why(s: State, seat: int, a: Retreat) -> str:
    """Why units may not retreat there (l.45, l.60; Q20)."""
    b = s.battle
    assert b is not None
    m = s.parts.map
    to = _place(s, a.to)
    if to == NO or to >= m.land:
        return f"no land area {excerpt(a.to)}"
    if to == b.area:
        return f"the battle is in {area_name(s, to)}: a retreat goes to an adjacent area (l.45)"
    if to not in m.adjacent[b.area]:
        return f"{area_name(s, to)} does not border {area_name(s, b.area)}: a retreat goes to an adjacent area (l.45)"
    if board.unfriendly_here(s, to, seat):
        return f"{area_name(s, to)} holds unfriendly units: no retreat there (Q20)"
    attacker = seat in b.attackers or MERC + seat in b.attackers
    if attacker and s.control[to] != seat and any(s.units[to]):
        return f"the attacker retreats only to an area he controls or an empty one, and {area_name(s, to)} is neither (Q20)"
    if not attacker and (b.area, to) in s.entered:
        return f"an attacker entered {area_name(s, b.area)} from {area_name(s, to)} this turn: the defender may not retreat there (Q20)"
    if not combat.retreatable(s, seat):
        return "units landed from the sea this turn may not retreat (l.60)"
    return "retreat a unit type you have in the battle, `all`, or your leader (l.45)"


def _allied(s: State, at: int, slots: Sequence[int], seat: int) -> str:
    """The allies fighting beside `seat` on his side (l.32; Q12), in words: " and Green's 2
    cavalry", " and Green's leader alone"."""
    allies = sorted({board.slot_seat(x) for x in slots} - {seat})
    return "".join(
        f" and {title(s, k)}'s {_side(s, at, board.own_slots(k), s.leaders[k] == at, 'his')}"
        for k in allies
    )


def _side(s: State, at: int, slots: Sequence[int], leader: bool, whose: str) -> str:
    """A side of a battle in words (`whose`: "your" or "a"): "your 2 infantry", "your 2
    infantry with your leader", "your leader alone" (captured if it is fought: Q21)."""
    own, *hired = slots  # a seat's colour, then its mercenaries (l.24)
    units = units_text(board.type_counts(s, at, (own,)), board.type_counts(s, at, hired))
    mine = "your " if whose == "your" else ""
    if not leader:
        return f"{mine}{units}"
    return f"{whose} leader alone" if units == "no units" else f"{mine}{units} with {whose} leader"


def _invasion(s: State, at: int, seat: int, q: int) -> str:
    """What a battle against `q` where some of the attackers landed this turn is: a sea
    invasion (l.55-60), whose rules change the battle before it is fought."""
    invasion, double = combat.sea_invasion(s, at, combat.attacking_slots(s, at, seat, q))
    if not invasion:
        return ""
    slots = (WHITE,) if q == WHITE else board.own_slots(q)
    rolls = any(board.type_counts(s, at, slots))  # (a leader alone rolls no die)
    doubled = ", the defender rolling two dice a unit (l.59)" if double and rolls else ""
    return (
        f" (a sea invasion: no pre-battle rolls, l.58; the landed may not retreat, l.60{doubled})"
    )


def _battles_open(s: State) -> str:
    """The battles the phasing player may fight, each with both sides' units (l.35-36)."""
    fights = [a for a in engine.legal(s) if isinstance(a, Fight)]
    if not fights:
        return "type `fight red at Syria` or `decline red at Syria`"
    seat = s.seats.index(engine.to_move(s) or s.seats[0])
    v = view(s, None)
    said = []
    for a in fights:
        at = _place(s, a.at)
        other = (WHITE,) if a.against == "white" else board.own_slots(s.seats.index(a.against))
        mine = _side(s, at, board.own_slots(seat), s.leaders[seat] == at, "your")
        led = a.against != "white" and s.leaders[s.seats.index(a.against)] == at
        theirs = _side(s, at, other, led, "a")
        who = "the rebels" if a.against == "white" else a.against.capitalize()
        q = WHITE if a.against == "white" else s.seats.index(a.against)
        mine += _allied(s, at, combat.attacking_slots(s, at, seat, q), seat)
        if q != WHITE:
            theirs += _allied(s, at, combat.defending_slots(s, at, seat, q), q)
        said.append(
            f"{who} at {area_name(s, at)}, {mine} against {theirs}{_invasion(s, at, seat, q)}"
        )
    legal = engine.legal(s)  # rebels are always fought (Q13): no `decline rebels`
    first = next((a for a in fights if Decline(a.at, a.against) in legal), fights[0])
    decline = Decline(first.at, first.against)
    also = f" or `{describe(v, decline)}`" if decline in legal else ""
    rebels = next((a for a in fights if a.against == "white"), None)
    if rebels is not None and first.against != "white":  # (a trial found no example of it)
        also += f"; the rebels: `{describe(v, rebels)}` (always fought, Q13)"
    return f"open: {'; '.join(said)}; type `{describe(v, first)}`{also}"
