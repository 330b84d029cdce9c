"""Mongol Invasion cards (2.4), the Mongol Commands (3.5) and the Timurid cards (2.6)."""

from __future__ import annotations

from collections.abc import Collection

from .actions import (
    Action,
    Choose,
    Move,
    Remove,
    Select,
    interned,
    interned_choose,
    interned_moves,
    interned_select,
)
from .attack import start_battle
from .board import DELHI, MOUNTAIN_PASSES, PUNJAB, board
from .engine import TypedHandler, finish, handler, push
from .flow import change_influence, gain_cavalry
from .forces import add_resources, count, log, move, place, remove, resources_cut
from .frames import MongolInvasionFrame, PlainFrame, PlunderFrame, RemoveTroopsFrame, TimurFrame
from .model import FACTION_NAMES, UNIT_KINDS, Faction, GameState, Piece
from .registry import ADVANCE, AMASS, MONGOL_NEEDS, PLUNDER, TITLE
from .words import count_of, pieces

P = Piece
TIMUR_ROUTE = (MOUNTAIN_PASSES, PUNJAB, DELHI)  # 2.6: where Timur's invasion fights, in order


def mongols(st: GameState, space: str) -> int:
    return count(st, space, P.MONGOL)


@handler
class MongolInvasion(TypedHandler[MongolInvasionFrame]):
    """2.4.1 Strategic Assistance: two Mongol Commands; 2.4.2 Compromising Gifts."""

    kind = "mongol_invasion"

    def for_mongols(self, st: GameState, fr: MongolInvasionFrame) -> bool:
        return bool(fr.left > 0)  # Compromising Gifts (2.4.2) is the faction's own

    def _commands(self, st: GameState) -> list[str]:
        out = []
        if st.available[Faction.M].get(P.MONGOL, 0) >= 1:
            out.append(AMASS)
        if mongols(st, MOUNTAIN_PASSES) or mongols(st, PUNJAB):
            out.append(ADVANCE)
        if any(sp.pieces.get(P.MONGOL) for sp in st.spaces.values()):
            out.append(PLUNDER)
        return out

    def actions(self, st: GameState, fr: MongolInvasionFrame) -> list[Action]:
        assert fr.faction is not None
        if fr.left > 0:
            return [interned_choose(c) for c in self._commands(st)]
        if st.influence[fr.faction] >= 1:
            return [interned_choose("gifts"), interned_choose("decline")]
        return []

    def is_auto(self, st: GameState, fr: MongolInvasionFrame) -> bool:
        return not self.actions(st, fr)

    def run(self, st: GameState, fr: MongolInvasionFrame) -> None:
        if fr.left > 0:
            fr.left = 0
            log(st, "No Mongol Command is possible (3.5).")
        else:
            finish(st, fr)
            log(
                st,
                f"{fr.faction} cannot accept Compromising Gifts: its Influence is 0, and the "
                "Influence is what pays for them (2.4.2).",
            )

    def forced_why(self, st: GameState, fr: MongolInvasionFrame, action: Action) -> str | None:
        if fr.left <= 0:
            return None  # Compromising Gifts: accept or decline, a choice
        assert isinstance(action, Choose)
        n = 3 - fr.left
        return (
            f"Mongol Command {n} of 2 is {TITLE[action.option]}, unasked: the only one possible "
            f"(2.4.1){not_offered([action.option])}."
        )

    def act(self, st: GameState, fr: MongolInvasionFrame, action: Action) -> None:
        assert isinstance(action, Choose) and fr.faction is not None
        opt = action.option
        if opt in ("gifts", "decline"):
            finish(st, fr)
            if opt == "gifts":
                log(st, f"{fr.faction} accepts Compromising Gifts (2.4.2).")
                change_influence(st, fr.faction, -1)
                got = add_resources(st, fr.faction, 2)
                cut = resources_cut(2, got)
                log(
                    st,
                    f"{fr.faction} gains {count_of(got, 'Resource')}{f' ({cut})' if cut else ''}.",
                )
                gain_cavalry(st, fr.faction, 2)
            else:
                log(st, f"{fr.faction} declines Compromising Gifts.")
            return
        fr.left -= 1
        if opt == AMASS:
            amass(st)
        elif opt == ADVANCE:
            push(st, "mongol_advance", fr.faction)
        elif opt == PLUNDER:
            push(st, "plunder", fr.faction, space=None, stage="select")

    def prompt(self, st: GameState, fr: MongolInvasionFrame) -> str:
        assert fr.faction is not None
        if fr.left > 0:
            n = 3 - fr.left
            offered = self._commands(st)
            # the engine names who decides for the Mongols (Prompt.for_mongols)
            head = f"Mongol Invasion: choose Mongol Command {n} of 2 ({', '.join(offered)}) (2.4.1)"
            return f"{head}{not_offered(offered)}."
        return "Compromising Gifts: lose 1 Influence to gain 2 Resources and 2 Cavalry? (2.4.2)"


def not_offered(offered: Collection[str]) -> str:
    """What the Mongol Commands not `offered` need (3.5), told after the ones that are (a
    trial offered `amass` alone looked for `attack`); "" when all are."""
    missing = [
        f"{name} needs {needs}" for name, needs in MONGOL_NEEDS.items() if name not in offered
    ]
    return f"; not offered now: {'; '.join(missing)}" if missing else ""


def amass(st: GameState) -> None:
    """3.5.1: three Invaders into Mountain Passes; beyond four spill to Punjab, then Delhi."""
    n = place(st, MOUNTAIN_PASSES, P.MONGOL, 3)
    over = mongols(st, MOUNTAIN_PASSES) - 4
    if over > 0:
        move(st, P.MONGOL, over, MOUNTAIN_PASSES, PUNJAB)
    over2 = mongols(st, PUNJAB) - 4
    if over2 > 0:
        move(st, P.MONGOL, over2, PUNJAB, DELHI)
    spill = "".join(
        f"; {k} beyond four in {where} {'moves' if k == 1 else 'move'} on to {to}"
        for k, where, to in ((over, "the Passes", "Punjab"), (over2, "Punjab", "Delhi"))
        if k > 0
    )
    log(
        st,
        f"Mongols Amass: {n} placed in the Mountain Passes{spill} (3.5.1; Passes "
        f"{mongols(st, MOUNTAIN_PASSES)}, Punjab {mongols(st, PUNJAB)}, Delhi {mongols(st, DELHI)}).",
    )


@handler
class MongolAdvance(TypedHandler[PlainFrame]):
    """3.5.2: move one or more Invaders Passes -> Punjab, or Punjab -> Delhi."""

    kind = "mongol_advance"

    def for_mongols(self, st: GameState, fr: PlainFrame) -> bool:
        return True

    def actions(self, st: GameState, fr: PlainFrame) -> list[Action]:
        out: list[Action] = []
        for origin, dest in ((MOUNTAIN_PASSES, PUNJAB), (PUNJAB, DELHI)):
            out += interned_moves(P.MONGOL, mongols(st, origin), origin, dest)
        return out

    def forced_why(self, st: GameState, fr: PlainFrame, action: Action) -> str | None:
        assert isinstance(action, Move)
        return (
            f"Mongols Advance unasked: {count_of(action.count, 'Invader')} "
            f"{board().name(action.origin)} -> {board().name(action.dest)} is the only move (3.5.2)."
        )

    def act(self, st: GameState, fr: PlainFrame, action: Action) -> None:
        assert isinstance(action, Move)
        move(st, P.MONGOL, action.count, action.origin, action.dest)
        log(
            st,
            f"Mongols Advance: {count_of(action.count, 'Invader')} {board().name(action.origin)} -> {board().name(action.dest)}.",
        )
        finish(st, fr)

    def prompt(self, st: GameState, fr: PlainFrame) -> str:
        return "Mongol Advance: move Invaders from the Mountain Passes to Punjab, or Punjab to Delhi (3.5.2)."


TROOPS_PER_INVADER = {PUNJAB: 1, DELHI: 2}  # the Troops a Plunder there costs (3.5.3)


@handler
class Plunder(TypedHandler[PlunderFrame]):
    """3.5.3 Attack and Plunder, with its consequences by space."""

    kind = "plunder"

    def for_mongols(self, st: GameState, fr: PlunderFrame) -> bool:
        return True

    def actions(self, st: GameState, fr: PlunderFrame) -> list[Action]:
        if fr.stage == "select":
            spaces = st.spaces
            return [interned_select(s) for s in board().spaces if spaces[s].pieces.get(P.MONGOL)]
        return []

    def decider(self, st: GameState, fr: PlunderFrame) -> Faction | None:
        return fr.faction

    def is_auto(self, st: GameState, fr: PlunderFrame) -> bool:
        return fr.stage != "select"

    def forced_why(self, st: GameState, fr: PlunderFrame, action: Action) -> str | None:
        # one space with Invaders: taken unasked, as a lone defender is
        assert isinstance(action, Select)
        where = board().name(action.space)
        return (
            f"Mongols Attack and Plunder in {where} (the only space with Mongol Invaders, 3.5.3)."
        )

    def act_unasked(self, st: GameState, fr: PlunderFrame, action: Action, why: str) -> None:
        assert isinstance(action, Select)
        self._select(st, fr, action.space, why)  # the why is the Attack's own line

    def act(self, st: GameState, fr: PlunderFrame, action: Action) -> None:
        assert isinstance(action, Select)
        self._select(
            st, fr, action.space, f"Mongols Attack and Plunder in {board().name(action.space)}."
        )

    def _select(self, st: GameState, fr: PlunderFrame, space: str, line: str) -> None:
        fr.space = space
        fr.stage = "after"
        log(st, line)
        if st.spaces[space].faction_count(Faction.D):
            start_battle(st, Faction.M, space, defender=Faction.D)

    def prompt(self, st: GameState, fr: PlunderFrame) -> str:
        return "Attack and Plunder: select a space with Mongol Invaders (3.5.3)."

    def run(self, st: GameState, fr: PlunderFrame) -> None:
        """The consequences by space, then, once the Sultanate has removed its Troops,
        "finally" the Invaders beyond three go back (3.5.3)."""
        space = fr.space
        assert space is not None
        n = mongols(st, space)
        if fr.stage == "after":
            if n:
                plunder_resources(st, n)
            fr.stage = "return"
            troops = n * TROOPS_PER_INVADER.get(space, 0)
            if troops:
                push(st, "remove_troops", Faction.D, owed=troops)
                return
        finish(st, fr)
        over = n - 3
        if over > 0:
            remove(st, space, P.MONGOL, over)
            back = "returns" if over == 1 else "return"
            log(st, f"{count_of(over, 'Mongol Invader')} beyond three {back} to Available (3.5.3).")


def plunder_resources(st: GameState, n: int) -> None:
    """Reduce Sultanate Resources by 1 per Invader, down to a minimum of 3 (3.5.3)."""
    before = st.resources[Faction.D]
    after = max(min(3, before), before - n)
    st.own_resources()[Faction.D] = after
    floor = f" ({-n:+d} stops at 3, 3.5.3)" if after > before - n else ""
    if after < before:
        log(st, f"Plunder: Delhi Resources {before} -> {after}{floor}.")
    else:
        log(st, f"Plunder: Delhi Resources stay at {before} (Plunder takes none below 3, 3.5.3).")


@handler
class RemoveTroops(TypedHandler[RemoveTroopsFrame]):
    """3.5.3: the Sultanate removes Troops from Provinces of its choice."""

    kind = "remove_troops"

    def _spaces(self, st: GameState) -> list[str]:
        spaces = st.spaces
        return [s for s in board().provinces if spaces[s].pieces.get(P.TROOP)]

    def actions(self, st: GameState, fr: RemoveTroopsFrame) -> list[Action]:
        return [interned(Remove, piece=P.TROOP, count=1, space=s) for s in self._spaces(st)]

    def is_auto(self, st: GameState, fr: RemoveTroopsFrame) -> bool:
        spaces = self._spaces(st)
        total = sum(count(st, s, P.TROOP) for s in spaces)
        return fr.owed <= 0 or len(spaces) <= 1 or total <= fr.owed

    def run(self, st: GameState, fr: RemoveTroopsFrame) -> None:
        for s in self._spaces(st):
            k = remove(st, s, P.TROOP, fr.owed)
            fr.owed -= k
            if k:
                log(st, f"Plunder: D removes {count_of(k, 'Troop')} from {board().name(s)}.")
        _none_left(st, fr)
        finish(st, fr)

    def act(self, st: GameState, fr: RemoveTroopsFrame, action: Action) -> None:
        assert isinstance(action, Remove)
        remove(st, action.space, P.TROOP, 1)
        log(st, f"Plunder: D removes a Troop from {board().name(action.space)}.")
        fr.owed -= 1
        if fr.owed <= 0 or not self._spaces(st):
            _none_left(st, fr)
            finish(st, fr)

    def prompt(self, st: GameState, fr: RemoveTroopsFrame) -> str:
        return (
            f"Plunder: remove {count_of(fr.owed, 'Troop')} from Provinces of your choice (3.5.3)."
        )


def _none_left(st: GameState, fr: RemoveTroopsFrame) -> None:
    """Troops owed that no Province holds are said so (3.5.3 "if possible"): a trial counted
    the Troops removed against the Invaders left and found them short."""
    if fr.owed > 0:
        log(
            st,
            f"Plunder: no Troop left in the Provinces: {count_of(fr.owed, 'more Troop')} owed "
            "cannot be removed (3.5.3: if possible).",
        )


def first_timurid(st: GameState) -> None:
    """2.6: half the Available Invaders (rounded down) into the Mountain Passes."""
    n = st.available[Faction.M].get(P.MONGOL, 0) // 2
    placed = place(st, MOUNTAIN_PASSES, P.MONGOL, n)
    enter = "enters" if placed == 1 else "enter"
    log(st, f"Timurid Empire: {pieces(placed, P.MONGOL)} {enter} the Mountain Passes (2.6).")


@handler
class Timur(TypedHandler[TimurFrame]):
    """2.6 Timur Invades Delhi: Attack in the Passes, Punjab, then Delhi until one side is gone."""

    kind = "timur"

    def is_auto(self, st: GameState, fr: TimurFrame) -> bool:
        return True

    def run(self, st: GameState, fr: TimurFrame) -> None:
        d = fr
        step = d.step
        if step < 2:
            space, dest = TIMUR_ROUTE[step], TIMUR_ROUTE[step + 1]
            if not d.fought:
                d.fought = True
                if mongols(st, space) and st.spaces[space].faction_count(Faction.D):
                    log(st, f"Timur attacks in {board().name(space)}.")
                    start_battle(st, Faction.M, space, defender=Faction.D)
                return
            for p in (P.MONGOL, *UNIT_KINDS[Faction.D]):
                n = count(st, space, p)
                if n:
                    move(st, p, n, space, dest)
            log(
                st,
                f"The survivors move from {board().name(space)} to {board().name(dest)} "
                f"(2.6 step {step + 1}: Timur's way is the Passes, Punjab, Delhi).",
            )
            d.step += 1
            d.fought = False
            return
        # Delhi: attack until no Invaders or no Sultanate Units remain (resource loss only)
        if d.fought:
            n = mongols(st, DELHI)
            if n:
                plunder_resources(st, n)
            d.fought = False
            d.plundered = True
        if mongols(st, DELHI) and st.spaces[DELHI].units_of(Faction.D):
            d.fought = True
            log(st, _timur_in_delhi(mongols(st, DELHI), again=d.plundered))
            start_battle(st, Faction.M, DELHI, defender=Faction.D)
            return
        if not d.plundered and mongols(st, DELHI):
            # 2.6 step 3: the Mongols Attack in Delhi at least once; 3.5.3: the Resource
            # consequence applies even when no Sultanate Unit was there to fight.
            plunder_resources(st, mongols(st, DELHI))
        finish(st, fr)
        end_game(st)


def _timur_in_delhi(invaders: int, again: bool) -> str:
    """Timur's attack in Delhi; a second one says why none beyond three went back (a trial
    expected 3.5.3's return: `rules timur` gives the reading)."""
    if not again:
        return "Timur attacks in Delhi."
    return (
        f"Timur attacks in Delhi again with {count_of(invaders, 'Invader')} (2.6 step 3: until "
        "one side is gone there; no Invader beyond three goes back during Timur's invasion)."
    )


def delhi_adjustment(st: GameState) -> int:
    """5.1: 3 less the Mongol Invaders in Delhi, -3 at the least (final once Timur is over)."""
    return max(-3, 3 - mongols(st, DELHI))


def end_game(st: GameState) -> None:
    """5.0-5.1: the Delhi adjustment, then the final scores."""
    from .victory import score, winner

    left = mongols(st, DELHI)
    st.delhi_adjustment = delhi_adjustment(st)
    st.game_over = True
    scores = score(st)
    log(
        st,
        f"Timur's invasion is over: {count_of(left, 'Invader')} in Delhi, Delhi adjustment "
        f"{st.delhi_adjustment:+d} (5.1). Final score: "
        + ", ".join(f"{FACTION_NAMES[f]} {v}" for f, v in scores.items())
        + f". Winner: {FACTION_NAMES[winner(st)]}.",
    )
