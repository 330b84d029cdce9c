"""Small frames shared by many procedures: Cavalry owed when the pool is empty (1.10),
refilling emptied Influence slots (1.9), and giving out Cavalry and Influence safely."""

from __future__ import annotations

from .actions import Action, CavalryFrom, Slot, interned
from .board import board
from .engine import TypedHandler, finish, handler, push
from .forces import faction_units_on_map, gain_cavalry_from_pool, log, shift_influence, take_cavalry
from .frames import CavalryFromFrame, RefillFrame
from .model import CAVALRY_TOKENS as ALL_TOKENS
from .model import FACTION_NAMES, PLAYERS, UNITS_PER_SLOT, Faction, GameState, Piece
from .words import PIECE_NAME, a, count_of, pieces


def gain_cavalry(st: GameState, faction: Faction, n: int, *, told: bool = False) -> None:
    """Gain n Cavalry tokens (1.10): from the pool, else from another faction of the
    gainer's choosing. `told`: the caller's line named the n Cavalry already (a trial read
    "gains 1 Resource and 2 Cavalry", then "gains 2 Cavalry"): said again only if short."""
    if n <= 0:
        return
    owed = gain_cavalry_from_pool(st, faction, n)
    got = n - owed
    others = any(st.cavalry[f] for f in PLAYERS if f != faction)
    if owed and not others:  # every token is the gainer's already (1.10)
        said = f"gains {got} Cavalry (of {n}: it" if got else "gains no Cavalry (it"
        log(st, f"{faction} {said} holds all {ALL_TOKENS} tokens, 1.10).")
    elif got and not told:
        log(st, f"{faction} gains {got} Cavalry.")
    if owed and others:
        push(st, "cavalry_from", faction, owed=owed)


@handler
class CavalryFromHandler(TypedHandler[CavalryFromFrame]):
    kind = "cavalry_from"

    def _sources(self, st: GameState, fr: CavalryFromFrame) -> list[Faction]:
        return [f for f in PLAYERS if f != fr.faction and st.cavalry[f] > 0]

    def is_auto(self, st: GameState, fr: CavalryFromFrame) -> bool:
        return len(self._sources(st, fr)) <= 1 or fr.owed <= 0

    def run(self, st: GameState, fr: CavalryFromFrame) -> None:
        sources = self._sources(st, fr)
        if sources and fr.owed > 0:
            self._take(st, fr, sources[0])
        else:
            finish(st, fr)

    def _take(self, st: GameState, fr: CavalryFromFrame, source: Faction) -> None:
        assert fr.faction is not None
        take_cavalry(st, fr.faction, source)
        log(st, f"{fr.faction} takes a Cavalry token from {source} (the pool is empty, 1.10).")
        fr.owed -= 1
        if fr.owed > 0 and not self._sources(st, fr):
            log(
                st,
                f"{fr.faction} takes no more ({fr.owed} owed): it holds all {ALL_TOKENS} "
                "Cavalry tokens (1.10).",
            )
        if fr.owed <= 0 or not self._sources(st, fr):
            finish(st, fr)

    def actions(self, st: GameState, fr: CavalryFromFrame) -> list[Action]:
        return [interned(CavalryFrom, faction=f) for f in self._sources(st, fr)]

    def act(self, st: GameState, fr: CavalryFromFrame, action: Action) -> None:
        assert isinstance(action, CavalryFrom)
        self._take(st, fr, action.faction)

    def prompt(self, st: GameState, fr: CavalryFromFrame) -> str:
        return f"The Cavalry pool is empty: take {count_of(fr.owed, 'token')} from which faction (1.10)?"


def change_influence(st: GameState, faction: Faction, delta: int) -> int:
    """Shift Influence (1.9); the Units the marker moves on or past go to Available, told (a
    trial worked them out from the picture); emptied slots now above the marker are refilled
    by the faction."""
    unit = Piece.AMIR if faction == Faction.B else Piece.RAJA
    held = st.available[faction].get(unit, 0)
    moved, refill = shift_influence(st, faction, delta)
    now = st.influence[faction]
    bound = f"{delta:+d} {'capped at' if delta > 0 else 'stops at'} {now}, the track's end"
    if moved:
        cut = f" ({bound}, 1.9)" if moved != delta else ""
        log(st, f"{FACTION_NAMES[faction]} Influence {now - moved} -> {now}{cut}.")
    elif delta:  # (a trial read a shift made and then "stays at": once, as it was made)
        log(st, f"{FACTION_NAMES[faction]} Influence stays at {now} ({bound}, 1.9).")
    if freed := st.available[faction].get(unit, 0) - held:
        log(
            st,
            f"{faction} places {pieces(freed, unit)} from its Influence track in Available (1.9).",
        )
    if refill:
        need = sum(UNITS_PER_SLOT - st.slots[faction].get(lv, 0) for lv in refill)
        push(st, "refill", faction, levels=refill, need=need)
    return moved


@handler
class RefillHandler(TypedHandler[RefillFrame]):
    """1.9: place Amirs/Rajas in emptied slots from Available or from anywhere on the map."""

    kind = "refill"

    def _unit(self, fr: RefillFrame) -> Piece:
        return Piece.AMIR if fr.faction == Faction.B else Piece.RAJA

    def actions(self, st: GameState, fr: RefillFrame) -> list[Action]:
        assert fr.faction is not None
        out: list[Action] = []
        unit = self._unit(fr)
        if st.available[fr.faction].get(unit, 0):
            out.append(interned(Slot, piece=unit))
        for space, units in sorted(faction_units_on_map(st, fr.faction).items()):
            for p in sorted(units):
                out.append(interned(Slot, piece=p, space=space))
        return out

    def is_auto(self, st: GameState, fr: RefillFrame) -> bool:
        acts = self.actions(st, fr)
        return fr.need <= 0 or not acts or all(a.space is None for a in acts if isinstance(a, Slot))

    def run(self, st: GameState, fr: RefillFrame) -> None:
        assert fr.faction is not None
        acts = self.actions(st, fr)
        if fr.need > 0 and acts:
            self.act(st, fr, acts[0])
        else:
            finish(st, fr)

    def act(self, st: GameState, fr: RefillFrame, action: Action) -> None:
        assert isinstance(action, Slot) and fr.faction is not None
        unit = self._unit(fr)
        if action.space is None:
            st.own_available()[fr.faction][unit] -= 1
            src = "Available"
        else:
            from .forces import _add, refresh, touch

            _add(st, action.space, action.piece, -1)
            touch(st, action.space)
            refresh(st)
            src = board().name(action.space)
        for lv in fr.levels:
            if st.slots[fr.faction].get(lv, 0) < UNITS_PER_SLOT:
                slots = st.own_slots()[fr.faction]
                slots[lv] = slots.get(lv, 0) + 1
                break
        fr.need -= 1
        log(
            st,
            f"{fr.faction} returns {a(PIECE_NAME[unit])} from {src} to its Influence track (1.9).",
        )
        if fr.need <= 0:
            finish(st, fr)

    def prompt(self, st: GameState, fr: RefillFrame) -> str:
        assert fr.faction is not None
        unit = self._unit(fr)
        # from where they may come now (a trial typed `slot raja from available` with none)
        where = (
            "from Available or from the map"
            if st.available[fr.faction].get(unit, 0)
            else f"from the map (no {PIECE_NAME[unit]} Available)"
        )
        return (
            f"Influence fell below an emptied slot: return {count_of(fr.need, PIECE_NAME[unit])} "
            f"to the track {where} (1.9)."
        )
