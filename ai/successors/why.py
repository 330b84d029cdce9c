"""Why the Successors AI plays as it does, in a player's words: the line at an AI's turn's
end (from the public views where its turn began and ended, so it tells nothing of a hand),
and why a step is worth taking from the seat's own view, which the hint (hard.advise) says.

Greedy weighs the areas a seat controls and holds alone, its upkeep against its income, and
the threat of rival units: the words name the areas taken and lost, the income and upkeep,
the treasury kept, and a battle's odds.
"""

from __future__ import annotations

from rules.capabilities import notation_of
from rules.successors import GAME, NO, State, View, board, components, engine, names, result
from rules.successors import state as st
from rules.words import count_of

from . import greedy, moves, odds
from .moves import DEFAULT, Params
from .reading import CAV, UNREACHED, battle_sides, distance, last_turn, mine

MAX_STEPS = 40  # steps a hint's order runs at most (a decision's: one force, or the purchases)


def _names(s: State, areas: list[int]) -> str:
    names = [s.parts.map.names[a] for a in areas]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _area(s: State, at: str) -> str:
    m = s.parts.map
    return m.names[m.index[at]] if at in m.index else at


def points(s: State, i: int) -> str:
    return result.points_text(result.half_points(s, i))


def gains(b: State, a: State, i: int) -> list[str]:
    """What seat i took, lost, bought and kept between `b` and `a`, in the game's words: each
    a clause of its own with its verb ("it takes Thrace", "its income is 12 (was 5)")."""
    out = []
    land = range(b.parts.map.land)
    took = [x for x in land if a.control[x] == i and b.control[x] != i]
    lost = [x for x in land if b.control[x] == i and a.control[x] != i]
    if took or lost:
        verbs = [f"takes {_names(a, took)}"] if took else []
        verbs += [f"loses {_names(a, lost)}"] if lost else []
        out.append(f"it {' and '.join(verbs)}")
    was, now = board.income(b, i), board.income(a, i)
    if now != was:
        out.append(f"its income is {now} (was {was})")
    units_b, units_a = board.unit_count(b, i), board.unit_count(a, i)
    if units_a != units_b:
        upkeep = units_a * a.parts.setup.upkeep
        out.append(f"it has {count_of(units_a, 'unit')} (was {units_b}), upkeep {upkeep}")
    return out + _captures(b, a, i)


def _captures(b: State, a: State, i: int) -> list[str]:
    """The leaders seat i captured, and its own if captured, between `b` and `a` (Q21)."""
    out = []
    ransom = a.parts.setup.ransom
    for k in range(a.players):
        if a.leaders[k] == st.CAPTIVE + i != b.leaders[k]:
            out.append(
                f"it captures {names.title(a, k)}'s leader (ransom {count_of(ransom, 'Talent')}, l.13)"
            )
    if a.leaders[i] >= st.CAPTIVE and b.leaders[i] != a.leaders[i]:
        out.append(f"its leader is {names.title(a, a.leaders[i] - st.CAPTIVE)}'s captive (Q21)")
    return out


def _moved(b: State, a: State, i: int) -> bool:
    """Whether seat i's units or leader stand elsewhere at `a` than at `b`."""
    land = range(b.parts.map.land)
    return b.leaders[i] != a.leaders[i] or any(mine(b, x, i) != mine(a, x, i) for x in land)


def why_line(start: View, end: View, seat: str, level: str) -> str | None:
    """The line at an AI's turn's end."""
    b, a = start.state, end.state
    if seat not in b.seats:
        return None
    if level == "random":
        return "_Why: the random AI picks any allowed step._"
    i = b.seats.index(seat)
    if i in a.out:  # its last unit and province gone: it played nothing to explain (Q32)
        return None
    said = gains(b, a, i)
    kept = f"keeps {count_of(a.money[i], 'Talent')}" if a.money[i] else "spends every Talent"
    # the turn named: the line follows its last step, which a reader took it to explain
    whole = f"_Why: {names.title(a, i)}'s turn as a whole:"
    if not said and not _moved(b, a, i):
        return (
            f"{whole} nothing was worth the move one phase ahead; it {kept}, {points(a, i)} now._"
        )
    if not said:  # (a trial read "nothing was worth the move" after seven marches)
        said = ["its forces move and take no area"]
    return f"{whole} {'; '.join(said)}; it {kept}: {points(a, i)} now, its best play looking one phase ahead._"


def called_why(start: View, end: View, seat: str, level: str) -> str | None:
    """The line at the end of an ally's move called in another seat's turn (l.32; Q12): the
    battles of his it joins (`moves.ally_plan`: its units fewer than his there, so that the
    area won is his, l.10), or why it joins none."""
    b, a = start.state, end.state
    if seat not in a.seats:
        return None
    i, caller = a.seats.index(seat), a.current
    if caller in (NO, i) or i not in a.called or not a.frames:
        return None
    if a.frames[-1][:2] != ("move", caller):  # (a retreat of its later in his turn: no)
        return None
    if level == "random":
        return "_Why: the random AI picks any allowed step._"
    who = f"{names.title(a, i)}, called by its ally {names.title(a, caller)},"
    joined = [
        x
        for x in moves.battles_beside(a, i, caller)
        if board.seat_units(a, x, i) > board.seat_units(b, x, i)
    ]
    if joined:
        said = [_joins(a, x, i, caller) for x in joined]
        return f"_Why: {who} {'; '.join(said)}._"
    if not _moved(b, a, i):
        ally = names.title(a, caller)  # named, not "his" (a trial could not tell whose)
        return (
            f"_Why: {who} ends its movement: none of {ally}'s battles is within its reach (it "
            f"joins none in {ally}'s own provinces, which its units would take from {ally}, "
            "l.10)._"
        )
    return f"_Why: {who} moves toward his battles: none was within its reach in this turn._"


def _joins(s: State, area: int, seat: int, caller: int) -> str:
    """How the seat joins its caller's battle: "joins Blue's battle in Arabia with 2
    infantry, fewer than Blue's 3 there, so that the area won is Blue's (l.10)"."""
    ours, his = board.seat_units(s, area, seat), board.seat_units(s, area, caller)
    where, ally = s.parts.map.names[area], names.title(s, caller)
    said = f"joins {ally}'s battle in {where} with {names.units_text(mine(s, area, seat))}"
    if ours < his:
        return f"{said}, fewer than {ally}'s {his} there, so that the area won is {ally}'s (l.10)"
    # the cost said when it comes (a trial learned it only as its province changed hands)
    won = (
        "stays with its controller, a tie of the allies' units (l.10; Q3)"  # (one beside one)
        if ours == his
        else f"goes to {names.title(s, seat)}, the ally with more units there (l.10)"
    )
    return f"{said}: {ally}'s {count_of(his, 'unit')} there could not win it alone; won, the area {won}"


# --- the hint -------------------------------------------------------------------------------


def _battle(s: State, seat: int, at: str, against: str) -> tuple[odds.Outcome, int]:
    """The battle's odds for the seat attacking there, and its units in it."""
    m = s.parts.map
    area = m.index[at]
    ours, theirs = battle_sides(s, area, seat, against)
    if not theirs.count:
        return odds.Outcome(1.0, float(ours.count), 0.0), ours.count
    hits = s.parts.setup.hits
    return odds.battle(ours, theirs, hits, hits[CAV]), ours.count


def _declined(s: State, seat: int, a: st.Decline, params: Params) -> str:
    """Why no battle: the odds are poor, or a likely win costs units worth more kept (on the
    last game turn, when they count for nothing, `_declined_at_the_end`)."""
    outcome, units = _battle(s, seat, a.at, a.against)
    chance = _percent(outcome.win)
    if outcome.win < 0.5:
        return f"no battle in {_area(s, a.at)}, where it would win only {chance} of the time"
    lost = round(units - outcome.attackers_left)
    if not lost:
        return (
            f"no battle in {_area(s, a.at)}, one it would win {chance} of the time at little "
            "cost: its units stay as they stand"
        )
    if last_turn(s) and params.end_count:  # units count for nothing at the end (l.66-68)
        return _declined_at_the_end(s, a, outcome.win, params)
    return (
        f"no battle in {_area(s, a.at)}: a win {chance} of the time would cost about "
        f"{lost} of its {count_of(units, 'unit')}, worth more kept"
    )


def _declined_at_the_end(s: State, a: st.Decline, win: float, params: Params) -> str:
    """Why no battle on the last game turn, when the units a win costs count for nothing:
    the odds under those it fights at, or nothing to score."""
    where = _area(s, a.at)
    if win < params.fight_at:
        return (
            f"no battle in {where}: a win {_percent(win)} of the time, under the "
            f"{_percent(params.fight_at)} it fights at"
        )
    said = f"no battle in {where}, one it would win {_percent(win)} of the time"
    if s.parts.map.value[s.parts.map.index[a.at]]:
        return f"{said}: its units stay as they stand"
    return f"{said}: {where} scores nothing at the end (worth 0, l.66)"


def reason(view: View, a: st.Action, params: Params) -> str:
    """Why a step is worth taking, in the player's words (from the seat's own view), as the
    plans greedy makes with `params` rank it: those that chose the step, so the reason is the
    plan the order shown carries out."""
    s = view.state
    if view.seat is None:
        return "the step allowed"
    i = s.seats.index(view.seat)
    if isinstance(a, st.Fight | st.Decline) and s.parts.map.index[a.at] >= s.parts.map.land:
        sea = s.parts.map.index[a.at]
        ours, theirs = s.fleets[sea][i], s.fleets[sea][s.seats.index(a.against)]
        verb = "a battle" if isinstance(a, st.Fight) else "no battle"
        return f"{verb} at sea: its {count_of(ours, 'fleet')} against {theirs}"
    if isinstance(a, st.Fight):
        chance = _percent(_battle(s, i, a.at, a.against)[0].win)
        forced = "rebels always fight (Q13): " if a.against == "white" else ""
        return f"{forced}a battle in {_area(s, a.at)} it wins {chance} of the time"
    if isinstance(a, st.Decline):
        return _declined(s, i, a, params)
    if isinstance(a, st.ChooseHome):
        return _home_reason(s, s.parts.map.index[a.area])
    if isinstance(a, st.Buy):
        return _bought(s, i, [a], params)
    if isinstance(a, st.Done):
        return _kept(s, i)
    if isinstance(a, st.Stand):
        return f"it fights on, winning {_holding(s, i)} of the time from here"
    if isinstance(a, st.Retreat):  # (a trial read the same odds for both and no reason)
        staying = f"staying, it would win {_holding(s, i)} of the time: what retreats is saved"
        return f"{'its leader goes' if a.piece == 'leader' else 'its units go'} to {_area(s, a.to)} ({staying})"
    if isinstance(a, st.EndMove):
        return "no move is worth more than standing"
    kind = s.frames[-1][0] if s.frames else ""
    if isinstance(a, st.Pay):
        price = count_of(s.frames[-1][2], "Talent")
        return f"it pays the mutineers {price} and keeps its units"
    if isinstance(a, st.Take) and kind == "defect":
        who = a.piece.split()[0].capitalize()
        return f"{who}'s levy in {_area(s, a.at)} ({_worth(s, s.parts.map.index[a.at])}) becomes its own"
    alone = engine.legal(s) == [a]  # its only choice: no comparison to tell
    if isinstance(a, st.Escape):
        if alone:
            return f"its fleet sails into {_area(s, a.to)}, the only sea it may (l.63)"
        return f"its fleet sails into {_area(s, a.to)}, where the fewest enemy fleets are"
    if isinstance(a, st.TakeFleets) or (s.force is not None and s.force.fleets):
        return _voyage_reason(s, i, a, params)
    if isinstance(a, st.Take | st.March | st.Halt):
        return _move_reason(s, i, a, params)
    if isinstance(a, st.Lose):
        if alone:
            return "its only unit" if board.unit_count(s, i) == 1 else "its only choice"
        first = greedy.ranked(s, params)[:1] == [a]
        return "the unit it can best spare" if first else "the unit it would spare next"
    return "the best step one phase ahead"


def order_reason(steps: list[tuple[View, st.Action]], params: Params) -> str:
    """Why an order (a decision's steps as `decision_steps` gives them), from the plan it
    carries out: a force's move is told at its last march (a voyage's at its landing), where
    that plan ends (greedy plans again at each step, so the plan its first step began may go
    elsewhere)."""
    marches = [(v, a) for v, a in steps if isinstance(a, st.March | st.Land)]
    buys = [a for _, a in steps if isinstance(a, st.Buy)]
    if buys and not marches:
        first = steps[0][0]
        seat = first.state.seats.index(first.seat) if first.seat is not None else NO
        return _bought(first.state, seat, buys, params)
    view, a = marches[-1] if marches else steps[0]
    return reason(view, a, params)


def _home_reason(s: State, area: int) -> str:
    """What greedy weighs in a home (its value, its neighbours' to take first, how far the
    homes chosen are), in words."""
    m = s.parts.map
    near = m.adjacent[area]
    said = f"{m.names[area]} is worth {m.value[area]} a turn"
    if near:
        more = sum(m.value[b] for b in near)
        said += f", its {count_of(len(near), 'neighbour')} {more} more to take first"
    apart = [distance(s, area, h) for h in s.homes if h != NO]
    if apart and min(apart) < UNREACHED:
        said += f", {count_of(min(apart), 'movement point')} from the nearest home chosen"
    return said


def _voyage_reason(s: State, i: int, a: st.Action, params: Params) -> str:
    """A step of a voyage greedy plans (`moves.voyage_step`), or of a naval force no voyage
    of greedy's carries on, brought to its end (`moves.voyage_end`)."""
    f = s.force
    plans = moves.naval_plans(s, i, params) if f else moves.Planner(s, i, params).voyages()
    m = s.parts.map
    for plan in plans:
        if moves.first_step(s, i, plan) == a:
            what = names.units_text(moves.by_type(dict(plan.units)))
            said = f"its fleet carries {what} to take {m.names[plan.dest]}"
            said += f" ({_worth(s, plan.dest)})"
            aboard = f is not None and f.groups
            return said if aboard else f"{said}, which no march reaches this turn"
    if f is None:
        return "the best step one phase ahead"
    head = "no voyage of the computer's goes on from here"
    if isinstance(a, st.Land):
        return f"{head}: its troops land in {_area(s, a.at)}, where they may stay"
    if isinstance(a, st.Sail):
        return f"{head}: the fleets sail to {_area(s, a.to)} to halt there"
    return f"{head}: the fleets halt in {m.names[f.place]}"


def _kept(s: State, i: int) -> str:
    """Why Talents are kept: for the upkeep and events to come, or on the last game turn,
    when none comes, for the count (l.68: half a point each)."""
    kept = f"it keeps {count_of(s.money[i], 'Talent')}"
    if last_turn(s):
        return f"{kept}, worth {result.points_text(s.money[i])} at the end (l.68)"
    return f"{kept} for upkeep and events"


def _worth(s: State, area: int) -> str:
    """An area's worth: its tax a turn, or on the last game turn, with no revenue to come,
    its value in the count where the seat's units alone hold it (l.66)."""
    value = s.parts.map.value[area]
    if last_turn(s):
        return f"worth {count_of(value, 'point')} at the end if held alone, l.66"
    return f"worth {value} a turn"


def _holding(s: State, i: int) -> str:
    """The seat's chance of winning the battle it is in, from here, in %."""
    return _percent(greedy.holding_chance(s, i))


def _percent(p: float) -> str:
    """A chance in whole %, a small one that is not none told apart from none: "under 1 %"
    (a lone levy's against a stack rounds to 0 but may still win)."""
    if 0 < p < 0.005:
        return "under 1 %"
    if 0.995 <= p < 1:
        return "over 99 %"
    return f"{round(100 * p)} %"


def _bought(s: State, seat: int, buys: list[st.Buy], params: Params) -> str:
    """Purchases in words, by place: "6 levies and 3 cavalry at Media, upkeep from next
    turn"; a fleet with the voyage it is bought for."""
    by_place: dict[str, list[int]] = {}
    for a in buys:
        counts = by_place.setdefault(a.at, [0] * 5)
        counts[4 if a.piece == "fleet" else components.TYPES.index(a.piece)] += a.count
    said = []
    for at, counts in by_place.items():
        units = [names.units_text(counts[:4])] if any(counts[:4]) else []
        fleets = [count_of(counts[4], "fleet")] if counts[4] else []
        port = s.parts.map.index[at]
        target = greedy.voyage_target(s, seat, port, params) if counts[4] and seat != NO else NO
        voyage = f", to carry a unit to {s.parts.map.names[target]}" if target != NO else ""
        said.append(f"{' and '.join(units + fleets)} at {_area(s, at)}{voyage}")
    upkeep = "no upkeep follows: the last game turn" if last_turn(s) else "upkeep from next turn"
    return f"{'; '.join(said)}, {upkeep}"


def _move_reason(s: State, i: int, a: st.Action, params: Params) -> str:
    planner = moves.Planner(s, i, params)
    plans = moves.force_plans(s, i, params) if s.force is not None else planner.ranked()
    for plan in plans:
        if moves.first_step(s, i, plan) != a:
            continue
        dest = s.parts.map.names[plan.dest]
        home = plan.dest == s.homes[i] and s.control[plan.dest] != i
        if home and plan.kind in ("battle", "take"):
            retakes = "a battle to retake" if plan.kind == "battle" else "it retakes"
            return f"{retakes} its home {dest}, where it buys its units (l.21)"
        if plan.kind == "battle":
            return f"a battle for {dest}"
        if plan.kind == "revolt":
            return f"it puts down the rebels in {dest}"
        if plan.kind == "afar":
            return f"on the way to {s.parts.map.names[plan.target]}"
        if plan.kind == "regroup":
            return f"its leader rejoins its troops in {dest}"
        if plan.kind == "shelter" and not plan.path:
            return f"its leader stays out of the rivals' reach in {dest}"
        if plan.kind == "shelter":
            return f"its leader goes out of the rivals' reach, to {dest}"
        if plan.kind == "guard" and planner.r.threat(plan.dest) > 0:
            return f"it holds {dest} against the rivals near"
        if plan.kind == "guard":
            return f"it joins its units in {dest}"
        verb = "keeps" if s.control[plan.dest] == i else "takes"
        return f"it {verb} {dest} ({_worth(s, plan.dest)})"
    return _unplanned_reason(s, a)


def _unplanned_reason(s: State, a: st.Action) -> str:
    """A movement step no plan of greedy's begins: the force under way, with nothing in
    reach worth more, halts, or (not yet marched, so not yet free to halt) marches on."""
    m = s.parts.map
    if isinstance(a, st.Halt) and s.force is not None:
        return f"nothing in reach is worth more: it halts in {m.names[s.force.place]}"
    if isinstance(a, st.March):
        marched = "a force halts only once it marched"
        return f"nothing in reach is worth more, and {marched}: on to {_area(s, a.to)}"
    return "the best move one phase ahead"


def order_text(steps: list[tuple[View, st.Action]], seat: str) -> str:
    """A decision's steps (`decision_steps`) as a person types them: a run of purchases at
    one place in one `buy`, a land force's taking, marching and halting in one `move`, a
    voyage in one `sail`; each such order only where it reads back to the same position,
    else step by step."""
    notation = notation_of(GAME)
    out: list[str] = []
    k = 0
    while k < len(steps):
        view = steps[k][0]
        run = _run_at(steps, k)
        said = _run_order(view.state, [a for _, a in run])
        if said is not None and _reads_back(view, said, seat, run):
            out.append(said)
            k += len(run)
            continue
        out.append(notation.describe(view, steps[k][1]))
        k += 1
    return ", ".join(out)


def _run_at(steps: list[tuple[View, st.Action]], k: int) -> list[tuple[View, st.Action]]:
    """The steps from `k` that one typed order may carry: purchases at one place, a land
    force's takes at one place, its marches and its halt, or a voyage: its fleets taken, its
    troops embarked, its sails, its landing and its halt."""
    first = steps[k][1]
    run = [steps[k]]
    for v, a in steps[k + 1 :]:
        if isinstance(first, st.Buy):
            if not (isinstance(a, st.Buy) and a.at == first.at):
                break
        elif isinstance(first, st.TakeFleets):
            if not isinstance(a, st.Embark | st.Sail | st.Land | st.Halt):
                break
        elif isinstance(first, st.Take) and v.state.force is not None and not v.state.force.fleets:
            marched = any(isinstance(b, st.March) for _, b in run)
            if isinstance(a, st.Take) and (marched or a.at != first.at):
                break
            if not isinstance(a, st.Take | st.March | st.Halt):
                break
        else:
            break
        run.append((v, a))
    return run


def _run_order(s: State, run: list[st.Action]) -> str | None:
    """The one order for a run of purchases or of a force's move (`_run_at`), or None."""
    m = s.parts.map
    first = run[0]
    counts: dict[str, int] = {}
    for a in run:
        if isinstance(a, st.Buy | st.Take):
            counts[a.piece] = counts.get(a.piece, 0) + a.count
    pieces = " ".join("leader" if p == "leader" else f"{n} {p}" for p, n in counts.items())
    if isinstance(first, st.Buy) and len(run) > 1:
        return f"buy {pieces} at {_area(s, first.at)}"
    path = [_area(s, a.to) for a in run if isinstance(a, st.March)]
    if isinstance(first, st.Take) and path and isinstance(run[-1], st.March | st.Halt):
        return f"move {pieces} {m.names[m.index[first.at]]} {' '.join(path)}"
    if isinstance(first, st.TakeFleets):
        return _voyage_order(s, first, run)
    return None


def _voyage_order(s: State, first: st.TakeFleets, run: list[st.Action]) -> str | None:
    """A voyage's steps as one `sail` order: the troops aboard land together where named."""
    m = s.parts.map
    seas = [_area(s, a.to) for a in run if isinstance(a, st.Sail)]
    landed = {a.at for a in run if isinstance(a, st.Land)}
    if not seas or len(landed) > 1:
        return None
    cargo = " ".join(
        "leader" if a.piece == "leader" else f"{a.count} {a.piece}"
        for a in run
        if isinstance(a, st.Embark)
    )
    fleets = count_of(first.count, "fleet")
    said = f"sail {fleets}{' with ' + cargo if cargo else ''} {m.names[m.index[first.at]]}"
    said += f" {' '.join(seas)}"
    return f"{said} land at {_area(s, landed.pop())}" if landed else said


def _reads_back(view: View, said: str, seat: str, run: list[tuple[View, st.Action]]) -> bool:
    """Whether an order, read from the view, leads where the run's steps lead (the units,
    the treasuries and what is to decide next alike); one the table refuses does not."""

    def end(actions: list[st.Action]) -> tuple[object, ...]:
        s = view.state
        for a in actions:
            s = engine.apply(s, a)
        return (s.units, s.money, s.pool, s.fleets, s.leaders, s.force, s.frames, s.moved)

    try:
        read = notation_of(GAME).parse(view, said, seat)
        return end(read) == end([a for _, a in run])
    except ValueError:  # the rules' refusals (engine.Refused among them)
        return False


def decision_steps(
    view: View, first: st.Action, params: Params = DEFAULT
) -> list[tuple[View, st.Action]]:
    """`first` and the rest of that decision as greedy goes on with `params` (one force's
    move, one purchase after another), each with the view it is written against: up to a
    roll, a draw, another seat's decision or the decision's end."""
    seat = view.seat
    out = [(view, first)]
    if seat is None:
        return out
    s = engine.apply(view.state, first)
    before = view.state
    while len(out) < MAX_STEPS and _goes_on(before, s, first, seat):
        a = greedy.decide(s, params)
        out.append((GAME.view(s, seat), a))
        before, s = s, engine.apply(s, a)
        first = a
    return out


def _goes_on(before: State, s: State, a: st.Action, seat: str) -> bool:
    if engine.to_move(s) != seat or isinstance(a, st.Done | st.EndMove | st.Halt | st.Stand):
        return False
    if before.force is not None and s.force is None:
        return False
    top = s.frames[-1][0] if s.frames else ""
    return top in ("move", "buy") and top == before.frames[-1][0]
