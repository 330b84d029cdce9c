"""Event cards (2.3.4): the interpreter of events-format.md.

The steps are typed models (event_steps.py), held by the typed event frames (frames.py). The
`event` frame holds the queue of steps still to run (`Queued`: the step, `here` the space an
`each` picked, `by` the faction a `by:` named). Automatic steps run at once; a step with a real choice pushes a decision frame for the deciding faction (2.3.4:
the executing faction, or the faction the step names), which puts the chosen work back at the
front of the queue. Free Commands and Decrees push the real Command and Decree frames (3.1.3).

Interpretation of 2.3.4 ('as much of the Event as possible'): a `where` offers only the spaces
in which its step would change something; when there is none, the step does nothing, and when
there is exactly as many as it picks, they are taken without asking. A replace may always
simply remove (1.4.6). Both sides are always offered, even one that would do nothing.
"""

from __future__ import annotations

from .actions import Action, Choose, Move, Remove, Replace, Select
from .board import board
from .cards import Card, deck_for, standard_deck
from .command_base import start_command
from .decrees import start_decree
from .engine import FR, TypedHandler, finish, handler, push_frame
from .event_steps import (
    CavalryStep,
    ChooseStep,
    Condition,
    Count,
    EachStep,
    EligibilityStep,
    EventStep,
    FactionName,
    FlipStep,
    FreeCommandStep,
    FreeDecreeStep,
    Holding,
    IfStep,
    InfluenceStep,
    Located,
    MoveStep,
    PlaceStep,
    RemoveStep,
    ReplaceStep,
    ResourcesStep,
    TributaryStep,
    step_body,
    step_from_data,
)
from .event_where import kinds_of, placed_kind, spaces_where
from .flow import change_influence, gain_cavalry
from .forces import (
    add_resources,
    controlled,
    count,
    flip,
    log,
    lose_cavalry,
    may_enter,
    move,
    place,
    remove,
    resources_cut,
    room_for,
    set_tributary,
)
from .frames import (
    EventChooseFrame,
    EventFrame,
    EventMoveFrame,
    EventPickFrame,
    EventPiecesFrame,
    Queued,
    SideName,
)
from .model import BASE, FACTION_NAMES, OWNER, STRUCTURES, Faction, GameState, Piece
from .registry import TITLE, name_of
from .words import count_of, pieces, plural

standard_deck()  # the standard deck is validated when the rules are imported (cheap)

SIDES: tuple[SideName, ...] = ("unshaded", "shaded")


def start_event(st: GameState, faction: Faction) -> None:
    """2.3.4: the faction executes the current card's Event; first it picks a side."""
    card = _card(st)
    if card.stay_eligible and faction not in st.card.stay_eligible:
        st.own_card().stay_eligible.append(faction)  # 2.3.4, 2.3.7
    log(st, f"{FACTION_NAMES[faction]} executes the Event {card.title}.")
    push_frame(st, EventFrame("event", faction, card.number))


def _card(st: GameState) -> Card:
    assert st.current_card is not None
    return deck_for(st.options).cards[st.current_card]


def _event_frame(st: GameState) -> EventFrame:
    for fr in reversed(st.frames):
        if isinstance(fr, EventFrame):
            return fr
    raise RuntimeError("no event in progress")


def _queue_front(st: GameState, items: list[Queued]) -> None:
    ev = _event_frame(st)
    ev.todo = items + ev.todo


def _decider(st: GameState, by: str | None) -> Faction:
    if by is not None:
        return Faction(by)
    ev = _event_frame(st)
    assert ev.faction is not None
    return ev.faction


def _side_text(st: GameState) -> str:
    ev = _event_frame(st)
    card = _card(st)
    side = ev.side
    text = getattr(card, side).text if side else ""
    return f"{card.title} ({side}): \u201c{text}\u201d"


# -- what a step could do in one space ------------------------------------------------------


def can_act(st: GameState, step: EventStep, here: str) -> bool:
    """Whether the step (with `here` as its space) would change anything there."""
    if isinstance(step, Located) and step.in_ is not None and not spaces_where(st, step.in_, here):
        return False
    match step:
        case PlaceStep():
            kind = placed_kind(step.piece, step.state)
            return st.available[OWNER[kind]].get(BASE[kind], 0) > 0 and room_for(st, here, kind) > 0
        case RemoveStep():
            return count(st, here, *_remove_kinds(step)) > 0
        case ReplaceStep():
            return count(st, here, *_remove_kinds(step.remove)) > 0
        case FlipStep():
            return count(st, here, *_flip_kinds(step)) > 0
        case TributaryStep():
            return board().is_province(here) and st.spaces[here].tributary != step.set
        case EachStep():
            return any(can_act(st, s, here) for s in step.do)
    return True


def _remove_kinds(f: RemoveStep | MoveStep | Holding) -> list[Piece]:
    state = None if isinstance(f, MoveStep) else f.state
    return kinds_of(f.piece, f.faction, state)


def _flip_kinds(f: FlipStep) -> list[Piece]:
    unit = "amir" if f.faction == "B" else "raja"
    other = "obedient" if f.to == "rebelling" else "rebelling"
    return kinds_of(unit, None, other)


def _condition(st: GameState, cond: Condition) -> bool:
    if cond.dynasty is not None:
        return bool(st.dynasty == cond.dynasty)
    if cond.influence is not None:
        return st.influence[Faction(cond.influence.faction)] >= cond.influence.at_least
    if cond.controls is not None:
        return len(controlled(st, Faction(cond.controls.faction))) >= cond.controls.at_least
    assert cond.resources is not None
    return st.resources[Faction(cond.resources.faction)] >= cond.resources.at_least


def _left(n: Count) -> int:
    return 1_000 if n == "all" else n


# -- running one step -----------------------------------------------------------------------


def run_step(st: GameState, item: Queued) -> None:
    step, here = item.step, item.here
    by = step.by or item.by
    if isinstance(step, Located) and here is None:
        run_step(st, Queued(_as_each(step), None, by))
        return
    _run(st, step, here, by)


# The `each` of each located step run so far, by the step's id (the step kept beside it, so
# the id is never another's): steps are frozen, so one conversion serves every run.
_EACH_OF: dict[int, tuple[EventStep, EventStep]] = {}


def _as_each(step: EventStep) -> EventStep:
    """A located step picks its space(s) like an `each` over that one step."""
    known = _EACH_OF.get(id(step))
    if known is not None and known[0] is step:
        return known[1]
    assert isinstance(step, Located) and step.in_ is not None
    body = step_body(step)
    where = body.pop("in")
    each = step_from_data(
        {"each": {"in": where, "select": step.in_.picks, "do": [{step.kind: body}]}}
    )
    if len(_EACH_OF) >= 4096:  # decks loaded over a long run: bounded all the same
        _EACH_OF.clear()
    _EACH_OF[id(step)] = (step, each)
    return each


def _why_short(st: GameState, here: str, kind: Piece, asked: int) -> str | None:
    """Why a place step would place fewer pieces than its text asks (the Event does what it
    can, 2.3.4; a trial saw a Temple left out unsaid), or None: the space and the reason."""
    where = board().name(here)
    if not room_for(st, here, kind):
        if kind in STRUCTURES:
            return f"{where}: it has one already, one of each Structure a Province (1.4.4)"
        return f"{where}: {FACTION_NAMES[OWNER[kind]]} pieces may not enter it (1.3.2, 1.3.3)"
    stock = st.available[OWNER[kind]].get(BASE[kind], 0)
    if stock >= asked:
        return None
    return f"{where}: {f'only {stock} of {asked}' if stock else 'none'} Available (1.4.3)"


def _run(st: GameState, step: EventStep, here: str | None, by: FactionName | None) -> None:
    """One step of events-format.md; each does as much as it can (2.3.4)."""
    match step:
        case PlaceStep():
            assert here is not None
            kind = placed_kind(step.piece, step.state)
            short = _why_short(st, here, kind, step.count)
            n = place(st, here, kind, step.count)
            if n:
                log(st, f"Event: {pieces(n, kind)} placed in {board().name(here)}.")
            if short:
                log(st, f"Event: {pieces(step.count - n, kind)} not placed in {short}.")
        case RemoveStep():
            assert here is not None
            push_frame(
                st,
                EventPiecesFrame(
                    "event_pieces",
                    _decider(st, by),
                    "remove",
                    here,
                    kinds=_remove_kinds(step),
                    left=_left(step.count),
                ),
            )
        case ReplaceStep():
            assert here is not None
            new = placed_kind(step.place.piece, step.place.state)
            push_frame(
                st,
                EventPiecesFrame(
                    "event_pieces",
                    _decider(st, by),
                    "replace",
                    here,
                    kinds=_remove_kinds(step.remove),
                    new=new,
                    left=_left(step.count),
                ),
            )
        case FlipStep():
            assert here is not None
            left = _left(step.count)
            done = 0
            for k in _flip_kinds(step):
                done += flip(st, here, k, left - done)
            if done:
                log(
                    st,
                    f"Event: {count_of(done, step.faction + ' unit')} flipped to {step.to} in {board().name(here)}.",
                )
        case TributaryStep():
            assert here is not None
            if not board().is_province(here) or st.spaces[here].tributary == step.set:
                return
            set_tributary(st, here, step.set)  # 1.6; Control is recomputed (1.7)
            what = "placed in" if step.set else "removed from"
            log(st, f"Event: Tributary marker {what} {board().name(here)}.")
        case MoveStep():
            push_frame(
                st,
                EventMoveFrame(
                    "event_move",
                    _decider(st, by),
                    step.from_,
                    step.to,
                    kinds=_remove_kinds(step),
                    left=_left(step.count),
                ),
            )
        case ResourcesStep():
            fac = Faction(step.faction)
            got = add_resources(st, fac, step.add)  # 1.8: kept within 0..24
            cut = resources_cut(step.add, got)
            log(st, f"Event: {fac} Resources {got:+d}{f' ({cut})' if cut else ''}.")
        case CavalryStep():
            fac = Faction(step.faction)
            if step.gain is not None:
                gain_cavalry(st, fac, step.gain)  # 1.10
            else:
                assert step.lose is not None
                n = lose_cavalry(st, fac, step.lose)
                log(st, f"Event: {fac} returns {n} Cavalry to the pool.")
        case InfluenceStep():
            change_influence(st, Faction(step.faction), step.shift)  # 1.9
        case FreeCommandStep():
            allowed = None
            if step.in_ is not None or here is not None:
                allowed = spaces_where(st, step.in_, here)
            start_command(
                st,
                Faction(step.faction),
                name_of(step.command),
                free=True,  # 3.1.3
                max_spaces=step.spaces,
                allowed=allowed,
                ignore_dynasty=step.ignore_dynasty,
            )
        case FreeDecreeStep():
            name = name_of(step.decree)
            log(st, f"{step.faction} Decrees (free): {TITLE[name]}.")
            start_decree(st, Faction(step.faction), name)
        case EligibilityStep():
            fac = Faction(step.faction)
            st.own_next_eligibility()[fac] = step.set == "eligible"
            log(st, f"Event: {FACTION_NAMES[fac]} will be {step.set.title()} for the next card.")
        case ChooseStep():
            push_frame(
                st,
                EventChooseFrame("event_choose", _decider(st, by), step.options, here=here, by=by),
            )
        case IfStep():
            branch = step.then if _condition(st, step.condition) else step.else_
            _queue_front(st, [Queued(s, here, by) for s in branch])
        case EachStep():
            push_frame(
                st,
                EventPickFrame(
                    "event_pick",
                    _decider(st, by),
                    step,
                    here=here,
                    by=by,
                    left=_left(step.select),
                    picked=list(step.picked),
                    all=step.select == "all",
                ),
            )


def _counted(count: int | str, piece: str | None, faction: str | None) -> str:
    """ "2 Rajas", "all Troops", "1 Bahmani Kingdom piece": a step's pieces in words."""
    if piece is not None:
        noun = pieces(1, Piece(piece)).removeprefix("1 ")
    elif faction is not None:
        noun = f"{FACTION_NAMES[Faction(faction)]} piece"
    else:
        noun = "piece"
    return f"all {plural(noun)}" if count == "all" else count_of(int(count), noun)


def summary(step: EventStep) -> str:
    """A few words for a step, for prompts: 'place 2 Rajas', 'free attack (V)'."""
    match step:
        case PlaceStep() | RemoveStep():
            faction = None if isinstance(step, PlaceStep) else step.faction
            return f"{step.kind} {_counted(step.count, step.piece, faction)}"
        case FlipStep():
            return f"flip {_counted(step.count, None, step.faction)}"
        case ReplaceStep():
            old = _counted(step.count, step.remove.piece, step.remove.faction)
            return f"replace {old} with {_counted(1, step.place.piece, None).removeprefix('1 ')}"
        case TributaryStep():
            return "place a Tributary marker" if step.set else "remove the Tributary marker"
        case FreeCommandStep():
            return f"free {step.command} ({step.faction})"
        case FreeDecreeStep():
            return f"free {step.decree.replace('_', ' ')} ({step.faction})"
    return step.kind


# -- frames -----------------------------------------------------------------------------------


class EventHandler(TypedHandler[FR]):
    def prompt_ask(self, st: GameState, fr: FR) -> str:
        return "decide"

    def prompt(self, st: GameState, fr: FR) -> str:
        who = self.decider(st, fr)
        name = FACTION_NAMES[who] if who else "Nobody"
        return f"{name}, Event {_side_text(st)} \u2014 {self.prompt_ask(st, fr)} (2.3.4)."

    def is_auto(self, st: GameState, fr: FR) -> bool:
        acts = self.actions(st, fr)
        return len(acts) <= 1

    def run(self, st: GameState, fr: FR) -> None:
        acts = self.actions(st, fr)
        if acts:
            self.act(st, fr, acts[0])
        else:
            finish(st, fr)


@handler
class RunEvent(EventHandler[EventFrame]):
    """The Event in progress: pick a side, then run its steps in order (2.3.4)."""

    kind = "event"

    def actions(self, st: GameState, fr: EventFrame) -> list[Action]:
        if fr.side is None:
            return [Choose(option=s) for s in SIDES]
        return []

    def is_auto(self, st: GameState, fr: EventFrame) -> bool:
        return fr.side is not None

    def run(self, st: GameState, fr: EventFrame) -> None:
        if not fr.todo:
            log(st, f"Event {_card(st).title} done.")
            finish(st, fr)
            return
        item, *fr.todo = fr.todo
        run_step(st, item)

    def act(self, st: GameState, fr: EventFrame, action: Action) -> None:
        assert isinstance(action, Choose)
        card = _card(st)
        side = card.unshaded if action.option == "unshaded" else card.shaded
        assert side is not None
        fr.side = "unshaded" if action.option == "unshaded" else "shaded"
        fr.todo = [Queued(s, None, None) for s in side.effects]
        log(st, f"{fr.faction} chooses the {fr.side} text: {side.text}")

    def prompt(self, st: GameState, fr: EventFrame) -> str:
        card = _card(st)
        assert card.unshaded is not None and card.shaded is not None
        who = FACTION_NAMES[fr.faction] if fr.faction else "?"
        return (
            f"{who} executes the Event {card.title}: choose unshaded \u201c{card.unshaded.text}\u201d "
            f"or shaded \u201c{card.shaded.text}\u201d (2.3.4)."
        )


@handler
class EventChoose(EventHandler[EventChooseFrame]):
    """A `choose` step: the chooser picks option-1, option-2, ..."""

    kind = "event_choose"

    def actions(self, st: GameState, fr: EventChooseFrame) -> list[Action]:
        return [Choose(option=f"option-{i + 1}") for i in range(len(fr.options))]

    def is_auto(self, st: GameState, fr: EventChooseFrame) -> bool:
        return False

    def act(self, st: GameState, fr: EventChooseFrame, action: Action) -> None:
        assert isinstance(action, Choose)
        opt = fr.options[int(action.option.split("-")[1]) - 1]
        finish(st, fr)
        text = opt.text if "text" in opt.model_fields_set else action.option
        log(st, f"{fr.faction} chooses: {text}")
        _queue_front(st, [Queued(s, fr.here, fr.by) for s in opt.effects])

    def prompt_ask(self, st: GameState, fr: EventChooseFrame) -> str:
        opts = "; ".join(f"option-{i + 1}: \u201c{o.text}\u201d" for i, o in enumerate(fr.options))
        return f"choose one: {opts}"


@handler
class EventPick(EventHandler[EventPickFrame]):
    """An `each` (or a located step): select the space(s) where the steps act."""

    kind = "event_pick"

    def _candidates(self, st: GameState, fr: EventPickFrame) -> list[str]:
        each = fr.step
        spaces = spaces_where(st, each.in_, fr.here)
        return [s for s in spaces if s not in fr.picked and any(can_act(st, x, s) for x in each.do)]

    def actions(self, st: GameState, fr: EventPickFrame) -> list[Action]:
        if fr.left <= 0:
            return []
        return [Select(space=s) for s in self._candidates(st, fr)]

    def is_auto(self, st: GameState, fr: EventPickFrame) -> bool:
        n = len(self._candidates(st, fr))  # a lone space left to select: taken unasked
        return fr.all or (n <= fr.left and not (n == 1 and fr.left >= 1))

    def forced_why(self, st: GameState, fr: EventPickFrame, action: Action) -> str | None:
        assert isinstance(action, Select)
        return (
            f"{fr.faction} selects {board().name(action.space)} for the Event unasked: the "
            "only space where it can act (2.3.4)."
        )

    def act_unasked(self, st: GameState, fr: EventPickFrame, action: Action, why: str) -> None:
        assert isinstance(action, Select)
        self._select(st, fr, action.space, why)

    def run(self, st: GameState, fr: EventPickFrame) -> None:
        cands = self._candidates(st, fr)[: max(0, fr.left)]
        finish(st, fr)
        _queue_front(st, [Queued(x, s, fr.by) for s in cands for x in fr.step.do])

    def act(self, st: GameState, fr: EventPickFrame, action: Action) -> None:
        assert isinstance(action, Select)
        self._select(st, fr, action.space)

    def _select(
        self, st: GameState, fr: EventPickFrame, space: str, said: str | None = None
    ) -> None:
        finish(st, fr)
        log(st, said or f"{fr.faction} selects {board().name(space)} for the Event.")
        each = fr.step
        items = [Queued(x, space, fr.by) for x in each.do]
        if fr.left > 1:
            # the next pick comes after these steps; the spaces picked so far stay excluded
            more = each.model_copy(update={"select": fr.left - 1, "picked": (*fr.picked, space)})
            items.append(Queued(more, fr.here, fr.by))
        _queue_front(st, items)

    def prompt_ask(self, st: GameState, fr: EventPickFrame) -> str:
        n = fr.left
        what = "; ".join(summary(x) for x in fr.step.do)
        where = "a space" if n == 1 else f"{n} more spaces"
        return f"select {where} to {what}: {', '.join(self._candidates(st, fr))}"


@handler
class EventPieces(EventHandler[EventPiecesFrame]):
    """Which pieces a remove or replace takes when there is a real choice (1.4.6)."""

    kind = "event_pieces"

    def _present(self, st: GameState, fr: EventPiecesFrame) -> list[Piece]:
        return [k for k in fr.kinds if count(st, fr.here, k)]

    def _new_ok(self, st: GameState, fr: EventPiecesFrame) -> bool:
        p = fr.new
        if p is None:
            return False
        return st.available[OWNER[p]].get(BASE[p], 0) > 0 and room_for(st, fr.here, p) > 0

    def actions(self, st: GameState, fr: EventPiecesFrame) -> list[Action]:
        if fr.left <= 0:
            return []
        out: list[Action] = []
        for k in self._present(st, fr):
            if fr.op == "remove":
                out.append(Remove(piece=k, count=1, space=fr.here))
            else:
                if self._new_ok(st, fr):
                    out.append(Replace(old=k, new=fr.new, space=fr.here))
                out.append(Replace(old=k, new=None, space=fr.here))  # 1.4.6
        return out

    def is_auto(self, st: GameState, fr: EventPiecesFrame) -> bool:
        present = self._present(st, fr)
        if fr.left <= 0 or not present:
            return True
        if fr.op == "remove":  # one piece of one kind to remove: taken unasked
            total = count(st, fr.here, *present)
            lone = len(present) == 1 and fr.left == 1
            return not lone and (len(present) == 1 or total <= fr.left)
        return len(present) == 1 and not self._new_ok(st, fr)

    def forced_why(self, st: GameState, fr: EventPiecesFrame, action: Action) -> str | None:
        if not isinstance(action, Remove):
            return None
        return (
            f"{_removed(action)[:-1]} unasked: the only piece the Event can remove there (2.3.4)."
        )

    def act_unasked(self, st: GameState, fr: EventPiecesFrame, action: Action, why: str) -> None:
        self._take(st, fr, action, why)  # its line is the removal's own

    def run(self, st: GameState, fr: EventPiecesFrame) -> None:
        finish(st, fr)
        for k in self._present(st, fr):
            n = remove(st, fr.here, k, fr.left)
            fr.left -= n
            if n:
                log(st, f"Event: {pieces(n, k)} removed from {board().name(fr.here)}.")

    def act(self, st: GameState, fr: EventPiecesFrame, action: Action) -> None:
        self._take(st, fr, action)

    def _take(
        self, st: GameState, fr: EventPiecesFrame, action: Action, said: str | None = None
    ) -> None:
        if isinstance(action, Remove):
            remove(st, action.space, action.piece, 1)
            log(st, said or _removed(action))
        else:
            assert isinstance(action, Replace)
            remove(st, action.space, action.old, 1)
            if action.new is not None:
                place(st, action.space, action.new, 1)
            new = pieces(1, action.new) if action.new else "nothing (1.4.6)"
            where = board().name(action.space)
            log(st, f"Event: {pieces(1, action.old)} replaced with {new} in {where}.")
        fr.left -= 1
        if fr.left <= 0 or not self._present(st, fr):
            finish(st, fr)

    def prompt_ask(self, st: GameState, fr: EventPiecesFrame) -> str:
        where = board().name(fr.here)
        if fr.op == "remove":
            return f"remove {count_of(fr.left, 'more piece')} from {where}: which?"
        return f"replace {count_of(fr.left, 'more piece')} in {where} (or simply remove, 1.4.6): which?"


def _removed(action: Remove) -> str:
    """ "Event: 1 Governor removed from Malwa."."""
    return f"Event: {pieces(1, action.piece)} removed from {board().name(action.space)}."


@handler
class EventMove(EventHandler[EventMoveFrame]):
    """A `move`: one origin, one destination, then which pieces (1.3.2, 1.3.3 hold)."""

    kind = "event_move"

    def _dests(self, st: GameState, fr: EventMoveFrame, origin: str) -> list[str]:
        owners = {OWNER[k] for k in fr.kinds}
        return [
            s
            for s in spaces_where(st, fr.to, None)
            if s != origin and all(may_enter(o, s) for o in owners)
        ]

    def _origins(self, st: GameState, fr: EventMoveFrame) -> list[str]:
        return [
            s
            for s in spaces_where(st, fr.from_, None)
            if count(st, s, *fr.kinds) and self._dests(st, fr, s)
        ]

    def actions(self, st: GameState, fr: EventMoveFrame) -> list[Action]:
        if fr.left <= 0:
            return []
        if fr.origin is None:
            return [Select(space=s) for s in self._origins(st, fr)]
        if fr.dest is None:
            return [Select(space=s) for s in self._dests(st, fr, fr.origin)]
        present = [k for k in fr.kinds if count(st, fr.origin, k)]
        return [Move(piece=k, count=1, origin=fr.origin, dest=fr.dest) for k in present]

    def is_auto(self, st: GameState, fr: EventMoveFrame) -> bool:
        acts = self.actions(st, fr)
        if len(acts) <= 1 or fr.origin is None or fr.dest is None:
            return len(acts) <= 1
        present = [k for k in fr.kinds if count(st, fr.origin, k)]
        return count(st, fr.origin, *present) <= fr.left

    def run(self, st: GameState, fr: EventMoveFrame) -> None:
        acts = self.actions(st, fr)
        if not acts:
            finish(st, fr)
            return
        if fr.origin is None or fr.dest is None:
            self.act(st, fr, acts[0])
            return
        finish(st, fr)
        for k in fr.kinds:
            n = move(st, k, fr.left, fr.origin, fr.dest)
            fr.left -= n
            if n:
                self._log(st, k, n, fr.origin, fr.dest)

    def _log(self, st: GameState, k: Piece, n: int, origin: str, dest: str) -> None:
        b = board()
        log(st, f"Event: {pieces(n, k)} moved from {b.name(origin)} to {b.name(dest)}.")

    def act(self, st: GameState, fr: EventMoveFrame, action: Action) -> None:
        if isinstance(action, Select):
            if fr.origin is None:
                fr.origin = action.space
            else:
                fr.dest = action.space
            return
        assert isinstance(action, Move) and fr.origin is not None
        move(st, action.piece, 1, action.origin, action.dest)
        self._log(st, action.piece, 1, action.origin, action.dest)
        fr.left -= 1
        if fr.left <= 0 or not count(st, fr.origin, *fr.kinds):
            finish(st, fr)

    def prompt_ask(self, st: GameState, fr: EventMoveFrame) -> str:
        if fr.origin is None:
            return "select the space to move from"
        if fr.dest is None:
            return f"select the space to move to from {board().name(fr.origin)}"
        return f"move {count_of(fr.left, 'more piece')}: which?"
