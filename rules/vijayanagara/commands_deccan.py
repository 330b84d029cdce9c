"""Bahmani and Vijayanagara Commands: Rally, Migrate, Rebel (3.3.1-3.3.3, 3.4.1-3.4.3)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain

from .actions import (
    Action,
    Move,
    Place,
    Select,
    Shift,
    interned,
    interned_moves,
    interned_place,
    interned_select,
)
from .board import KARNATAKA, MAHARASHTRA, board
from .command_base import CommandHandler
from .engine import handler
from .flow import change_influence
from .forces import count, flip, log, move, place, set_tributary
from .frames import CommandFrame
from .model import (
    FACTION_NAMES,
    OBEDIENT_OF,
    PIECES_OF,
    REBEL_OF,
    UNIT_KINDS,
    Faction,
    GameState,
    Piece,
)
from .registry import MIGRATE, RALLY, REBEL
from .words import pieces

P = Piece
HOME = {Faction.B: MAHARASHTRA, Faction.V: KARNATAKA}
UNIT = {Faction.B: P.AMIR, Faction.V: P.RAJA}


def other(f: Faction) -> Faction:
    return Faction.V if f == Faction.B else Faction.B


@handler
class Rally(CommandHandler):
    """3.3.1 / 3.4.1."""

    kind = "cmd:rally"
    name = RALLY

    def limit(self, st: GameState, f: Faction, space: str) -> int:
        sp = st.spaces[space]
        n = 1
        if space == HOME[f]:
            n += 1
        if f == Faction.V and sp.pieces.get(P.TEMPLE):
            n += 1
        if sp.control == f:
            n += 1
        return n

    def candidates(self, st: GameState, fr: CommandFrame) -> Iterator[str]:
        f = fr.faction
        assert f is not None
        if not self.can_select_more(st, fr) or not st.available[f].get(UNIT[f]):
            return iter(())
        return self._candidates(st, f, self.open_spaces(fr))

    @staticmethod
    def _candidates(st: GameState, f: Faction, open_spaces: Sequence[str]) -> Iterator[str]:
        """Provinces with one of the faction's pieces, or its home (3.3.1, 3.4.1)."""
        home = HOME[f]
        kinds = PIECES_OF[f]
        spaces = st.spaces
        for s in open_spaces:
            if s == home:
                yield s
                continue
            here = spaces[s].pieces
            if here:
                for k in kinds:
                    if here.get(k):
                        yield s
                        break

    def has_choice(self, st: GameState, fr: CommandFrame) -> bool:
        """A candidate, at the first hit (a Unit is Available): the home Province first."""
        f = fr.faction
        assert f is not None
        if not self.can_select_more(st, fr) or not st.available[f].get(UNIT[f]):
            return False
        open_spaces = self.open_spaces(fr)
        if HOME[f] in open_spaces:
            return True
        return next(self._candidates(st, f, open_spaces), None) is not None

    def command_choices(self, st: GameState, fr: CommandFrame) -> Iterator[Action]:
        f = fr.faction
        assert f is not None
        avail = st.available[f].get(UNIT[f], 0)
        return (
            interned_place(UNIT[f], n, s)
            for s in self.candidates(st, fr)
            for n in range(1, min(self.limit(st, f, s), avail) + 1)
        )

    def command_act(self, st: GameState, fr: CommandFrame, action: Action) -> None:
        assert isinstance(action, Place) and fr.faction is not None
        self.pay(st, fr, action.space)
        n = place(st, action.space, action.piece, action.count)  # Rebelling if Controlled (1.4.6)
        log(st, f"{fr.faction} Rallies {pieces(n, action.piece)} in {board().name(action.space)}.")

    def command_why(self, st: GameState, fr: CommandFrame, action: Action) -> str | None:
        f = fr.faction
        if isinstance(action, Place) and f in HOME and action.space in board().spaces:
            home = board().name(HOME[f])
            if not board().is_province(action.space):
                return "Rally selects Provinces only (3.1.1)"
            if not st.spaces[action.space].faction_count(f) and action.space != HOME[f]:
                return f"Rally selects Provinces with one of your pieces, or {home} (3.3.1, 3.4.1)"
            lim = self.limit(st, f, action.space)
            if action.count > lim:
                return f"Rally places at most {lim} in {board().name(action.space)} (3.3.1, 3.4.1)"
        return None

    def hint(self) -> str:
        return "place Units in a Province"


@handler
class Migrate(CommandHandler):
    """3.3.2 / 3.4.2: up to three Units from adjacent Provinces into each destination."""

    kind = "cmd:migrate"
    name = MIGRATE

    def _arrived(self, fr: CommandFrame, space: str) -> int:
        return sum(fr.arrived.get(space, {}).values())

    def movable(self, st: GameState, fr: CommandFrame, space: str, piece: Piece) -> int:
        # Units that arrived this Command may not move again (3.1.2), whatever their state now.
        arrived = self._arrived(fr, space)
        assert fr.faction is not None
        kinds = UNIT_KINDS[fr.faction]
        total = sum(count(st, space, k) for k in kinds)
        free_total = max(0, total - arrived)
        return min(count(st, space, piece), free_total)

    @staticmethod
    def _free(
        st: GameState, arrived: dict[str, dict[Piece, int]], origin: str, kinds: tuple[Piece, ...]
    ) -> tuple[tuple[Piece, int], ...]:
        here = st.spaces[origin].pieces
        if not here:
            return ()
        obedient, rebelling = kinds  # each Deccan faction's two Unit kinds
        a, b = here.get(obedient, 0), here.get(rebelling, 0)
        if not a and not b:
            return ()
        gone = arrived.get(origin)
        free = max(0, a + b - sum(gone.values())) if gone else a + b
        # only the kinds with a Unit free to move
        a, b = min(a, free), min(b, free)
        if a > 0:
            return ((obedient, a), (rebelling, b)) if b > 0 else ((obedient, a),)
        return ((rebelling, b),) if b > 0 else ()

    def command_choices(self, st: GameState, fr: CommandFrame) -> Iterator[Action]:
        return chain.from_iterable(self._choices(st, fr))

    def _choices(self, st: GameState, fr: CommandFrame) -> Iterator[tuple[Action, ...]]:
        """The moves by origin, destination and piece, a tuple at a time (cheaper to list),
        then the Influence shift."""
        f = fr.faction
        assert f is not None
        b = board()
        kinds = UNIT_KINDS[f]
        arrived = fr.arrived
        # Units free to move from each Province (3.1.2), by kind, worked out when a
        # destination first asks (a check for any move stops at the first).
        origins_of = b.province_neighbours
        dests = self.destinations(st, fr, b.provinces)
        movable: dict[str, tuple[tuple[Piece, int], ...]] = {}
        for dest in dests:
            came = arrived.get(dest)
            room = 3 - sum(came.values()) if came else 3
            if room <= 0:
                continue
            for origin in origins_of[dest]:
                units = movable.get(origin)
                if units is None:
                    units = movable[origin] = self._free(st, arrived, origin, kinds)
                for piece, free in units:
                    yield interned_moves(piece, min(room, free), origin, dest)
        if self._can_shift(st, fr):
            yield (interned(Shift, faction=f, delta=1),)

    def can_begin(self, st: GameState, fr: CommandFrame) -> bool:
        f = fr.faction
        assert f is not None
        if not self.can_select_more(st, fr):
            return False
        b = board()
        provinces = b.province_set
        adjacency = b.adjacency
        spaces = st.spaces
        kinds = UNIT_KINDS[f]
        for dest in self.open_spaces(fr):
            for o in adjacency[dest]:
                here = spaces[o].pieces
                if here and o in provinces:
                    for k in kinds:
                        if here.get(k):
                            return True
        return False

    def _can_shift(self, st: GameState, fr: CommandFrame) -> bool:
        f = fr.faction
        assert f is not None
        if fr.shifted or st.resources[f] < 1:
            return False
        return any(st.spaces[s].faction_count(other(f)) for s in fr.selected)

    def command_act(self, st: GameState, fr: CommandFrame, action: Action) -> None:
        f = fr.faction
        assert f is not None
        if isinstance(action, Shift):
            # Even a free Migrate pays 1 Resource for the shift (3.1.3, 3.3.2, 3.4.2).
            st.own_resources()[f] -= 1
            fr.shifted = True
            log(st, f"{f} spends 1 Resource to shift Influence (Migrate).")
            change_influence(st, f, +1)
            change_influence(st, other(f), -1)
            return
        assert isinstance(action, Move)
        if action.dest not in fr.selected:
            self.pay(st, fr, action.dest)
        dest = st.spaces[action.dest]
        piece = action.piece
        if dest.tributary:
            piece = OBEDIENT_OF.get(piece, piece)  # Obedient entering a Tributary
        elif dest.control == f:
            piece = REBEL_OF.get(piece, piece)  # Rebelling entering its own Province
        n = move(st, action.piece, action.count, action.origin, action.dest, as_piece=piece)
        arrived = fr.arrived.setdefault(action.dest, {})
        arrived[piece] = arrived.get(piece, 0) + n
        log(
            st,
            f"{f} Migrates {pieces(n, action.piece)} {board().name(action.origin)} -> "
            f"{board().name(action.dest)}.",
        )

    def command_why(self, st: GameState, fr: CommandFrame, action: Action) -> str | None:
        if (
            isinstance(action, Move)
            and action.origin in board().spaces
            and action.dest in board().spaces
        ):
            if not (board().is_province(action.origin) and board().is_province(action.dest)):
                return "Migrate moves Units between Provinces only (3.1.1)"
            if not board().adjacent(action.origin, action.dest):
                return "Migrate moves Units from adjacent Provinces (3.3.2, 3.4.2)"
            if action.count + self._arrived(fr, action.dest) > 3:
                return "Migrate moves at most three Units into each destination (3.3.2, 3.4.2)"
        if isinstance(action, Shift):
            return (
                "the Migrate Influence shift needs a destination with an opposing Deccan piece "
                "and 1 Resource, once per Migrate (3.3.2, 3.4.2)"
            )
        return None

    def hint(self) -> str:
        return "move up to 3 Units from adjacent Provinces into a destination"


def rebel_ok(st: GameState, f: Faction, space: str) -> bool:
    """3.3.3 / 3.4.3: a Tributary Province where this faction's pieces are in the majority."""
    sp = st.spaces[space]
    if not (sp.tributary and space in board().province_set):
        return False
    mine = sp.faction_count(f)
    return mine > 0 and mine * 2 > sum(sp.pieces.values())


@handler
class Rebel(CommandHandler):
    kind = "cmd:rebel"
    name = REBEL

    def _dynasty_ok(self, st: GameState, fr: CommandFrame) -> bool:
        return st.dynasty == "tughlaq" or fr.ignore_dynasty

    def candidates(self, st: GameState, fr: CommandFrame) -> Iterator[str]:
        f = fr.faction
        assert f is not None
        if not self.can_select_more(st, fr) or not self._dynasty_ok(st, fr):
            return iter(())
        return (s for s in self.open_spaces(fr) if rebel_ok(st, f, s))

    has_choice = CommandHandler.has_candidate

    def command_choices(self, st: GameState, fr: CommandFrame) -> Iterator[Action]:
        return (interned_select(s) for s in self.candidates(st, fr))

    def command_act(self, st: GameState, fr: CommandFrame, action: Action) -> None:
        assert isinstance(action, Select) and fr.faction is not None
        self.pay(st, fr, action.space)
        unit = UNIT[fr.faction]
        flip(st, action.space, unit, count(st, action.space, unit))
        set_tributary(st, action.space, False)
        log(
            st,
            f"{FACTION_NAMES[fr.faction]} Rebels in {board().name(action.space)}: the Tributary "
            f"marker is removed; Control: {st.spaces[action.space].control or 'none'}.",
        )

    def command_why(self, st: GameState, fr: CommandFrame, action: Action) -> str | None:
        if not self._dynasty_ok(st, fr):
            return "Rebel is not available during the Khalji Dynasty (2.7.1)"
        if isinstance(action, Select):
            return (
                "Rebel selects Tributary Provinces where your pieces outnumber all others "
                "combined (3.3.3, 3.4.3)"
            )
        return None

    def hint(self) -> str:
        return "select a Tributary Province where you are in the majority"
