"""Delhi Sultanate Commands: Conscript, March, Govern (3.2.1-3.2.3). Attack is in attack.py."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

from .actions import (
    DONE,
    Action,
    Done,
    Move,
    Place,
    Remove,
    Select,
    interned,
    interned_moves,
    interned_place,
    interned_select,
)
from .board import DELHI, board
from .command_base import CommandHandler
from .engine import DoneWhenOnlyDone, finish, handler, push
from .forces import count, log, place, remove
from .frames import CommandFrame, GovernSpaceFrame
from .model import Faction, GameState, Piece
from .registry import CONSCRIPT, GOVERN, MARCH
from .words import PIECE_NAME, count_of, pieces

P = Piece


@handler
class Conscript(CommandHandler):
    """3.2.1: Tributary Provinces, spaces with a Qasbah, and/or Delhi; 1 Resource each."""

    kind = "cmd:conscript"
    name = CONSCRIPT

    def limit(self, st: GameState, space: str) -> int:
        if space == DELHI:
            return 5
        sp = st.spaces[space]
        if sp.pieces.get(P.QASBAH):
            return 2
        if sp.tributary and space in board().province_set:
            return 1
        return 0

    def candidates(self, st: GameState, fr: CommandFrame) -> Iterator[str]:
        if not self.can_select_more(st, fr) or not st.available[Faction.D].get(P.TROOP):
            return iter(())
        limit = self.limit
        return (s for s in self.open_spaces(fr) if limit(st, s))

    def has_choice(self, st: GameState, fr: CommandFrame) -> bool:
        """A candidate, at the first hit (a Troop is Available): Delhi first, always one."""
        if not self.can_select_more(st, fr) or not st.available[Faction.D].get(P.TROOP):
            return False
        open_spaces = self.open_spaces(fr)
        if DELHI in open_spaces:
            return True
        limit = self.limit
        return any(limit(st, s) for s in open_spaces)

    def command_choices(self, st: GameState, fr: CommandFrame) -> Iterator[Action]:
        avail = st.available[Faction.D].get(P.TROOP, 0)
        return (
            interned_place(P.TROOP, n, s)
            for s in self.candidates(st, fr)
            for n in range(1, min(self.limit(st, s), avail) + 1)
        )

    def command_act(self, st: GameState, fr: CommandFrame, action: Action) -> None:
        assert isinstance(action, Place)
        self.pay(st, fr, action.space)
        n = place(st, action.space, P.TROOP, action.count)
        log(st, f"D Conscripts {count_of(n, 'Troop')} in {board().name(action.space)}.")

    def command_why(self, st: GameState, fr: CommandFrame, action: Action) -> str | None:
        if isinstance(action, Place) and action.space in board().spaces:
            if self.limit(st, action.space) == 0:
                return (
                    "Conscript selects Tributary Provinces, spaces with a Qasbah, or Delhi (3.2.1)"
                )
            if action.count > self.limit(st, action.space):
                return (
                    f"Conscript places at most {count_of(self.limit(st, action.space), 'Troop')} in "
                    f"{board().name(action.space)} (3.2.1)"
                )
        return None

    def hint(self) -> str:
        return "place Troops (5 in Delhi, 2 with a Qasbah, 1 in a Tributary)"


@handler
class March(CommandHandler):
    """3.2.2: move Troops and Governors from adjacent spaces into destinations."""

    kind = "cmd:march"
    name = MARCH

    def movable(self, st: GameState, fr: CommandFrame, space: str, piece: Piece) -> int:
        arrived = fr.arrived.get(space, {}).get(piece, 0)
        return count(st, space, piece) - arrived

    def command_choices(self, st: GameState, fr: CommandFrame) -> Iterator[Action]:
        return chain.from_iterable(self._moves(st, fr))

    def _moves(self, st: GameState, fr: CommandFrame) -> Iterator[tuple[Move, ...]]:
        """The moves by origin, destination and piece, a tuple at a time (cheaper to list)."""
        b = board()
        arrived = fr.arrived
        spaces = st.spaces
        dests = self.destinations(st, fr, b.space_ids)
        # Troops and Governors free to move from each space (3.1.2), worked out when a
        # destination first asks (a check for any move stops at the first).
        # Only the kinds with a Unit free to move are kept.
        movable: dict[str, tuple[tuple[Piece, int], ...]] = {}
        for dest in dests:
            for origin in b.neighbours[dest]:
                free = movable.get(origin)
                if free is None:
                    free = movable[origin] = _free(spaces[origin].pieces, arrived.get(origin))
                for piece, n in free:
                    yield interned_moves(piece, n, origin, dest)

    def can_begin(self, st: GameState, fr: CommandFrame) -> bool:
        if not self.can_select_more(st, fr):
            return False
        spaces = st.spaces
        adjacency = board().adjacency
        for dest in self.open_spaces(fr):
            for o in adjacency[dest]:
                here = spaces[o].pieces
                if here and (here.get(P.TROOP) or here.get(P.GOVERNOR)):
                    return True
        return False

    def command_act(self, st: GameState, fr: CommandFrame, action: Action) -> None:
        assert isinstance(action, Move)
        if action.dest not in fr.selected:
            self.pay(st, fr, action.dest)
        from .forces import move

        n = move(st, action.piece, action.count, action.origin, action.dest)
        arrived = fr.arrived.setdefault(action.dest, {})
        arrived[action.piece] = arrived.get(action.piece, 0) + n
        log(
            st,
            f"D Marches {pieces(n, action.piece)} {board().name(action.origin)} -> "
            f"{board().name(action.dest)}.",
        )

    def command_why(self, st: GameState, fr: CommandFrame, action: Action) -> str | None:
        if (
            isinstance(action, Move)
            and action.origin in board().spaces
            and action.dest in board().spaces
        ):
            if not board().adjacent(action.origin, action.dest):
                return (
                    f"{board().name(action.origin)} is not adjacent to {board().name(action.dest)}: "
                    "March moves Units from adjacent spaces (3.2.2)"
                )
            if action.piece not in (P.TROOP, P.GOVERNOR):
                return "March moves Troops and Governors (3.2.2)"
            if self.movable(st, fr, action.origin, action.piece) < action.count:
                return (
                    "each Unit moves at most once in a March (3.1.2), and only Units that are there"
                )
        return None

    def hint(self) -> str:
        return "move Troops/Governors from adjacent spaces into a destination"


def _free(here: dict[Piece, int], gone: dict[Piece, int] | None) -> tuple[tuple[Piece, int], ...]:
    """The Troops and Governors here that may still March (3.1.2), the kinds with none left out."""
    troops = here.get(P.TROOP, 0)
    governors = here.get(P.GOVERNOR, 0)
    if gone:
        troops -= gone.get(P.TROOP, 0)
        governors -= gone.get(P.GOVERNOR, 0)
    if troops > 0:
        return (
            ((P.TROOP, troops), (P.GOVERNOR, governors)) if governors > 0 else ((P.TROOP, troops),)
        )
    return ((P.GOVERNOR, governors),) if governors > 0 else ()


def governable(st: GameState, space: str) -> bool:
    """3.2.3: Tributaries, Sultanate Controlled Provinces, Mongol regions and Delhi."""
    sp = st.spaces[space]
    if board().is_province(space):
        return sp.tributary or sp.control == Faction.D
    return True


@handler
class Govern(CommandHandler):
    kind = "cmd:govern"
    name = GOVERN

    def candidates(self, st: GameState, fr: CommandFrame) -> Iterator[str]:
        if not self.can_select_more(st, fr):
            return iter(())
        gov_avail = st.available[Faction.D].get(P.GOVERNOR, 0) > 0
        spaces = st.spaces
        # a Governor to place, or one there
        return (
            s
            for s in self.open_spaces(fr)
            if (gov_avail or spaces[s].pieces.get(P.GOVERNOR)) and governable(st, s)
        )

    has_choice = CommandHandler.has_candidate

    def command_choices(self, st: GameState, fr: CommandFrame) -> Iterator[Action]:
        return (interned_select(s) for s in self.candidates(st, fr))

    def command_act(self, st: GameState, fr: CommandFrame, action: Action) -> None:
        assert isinstance(action, Select)
        self.pay(st, fr, action.space)
        if count(st, action.space, P.GOVERNOR):
            push(st, "govern_space", Faction.D, space=action.space, removed=0, qasbah=False)
        else:
            place(st, action.space, P.GOVERNOR, 1)
            log(st, f"D Governs in {board().name(action.space)}: places a Governor.")

    def command_why(self, st: GameState, fr: CommandFrame, action: Action) -> str | None:
        if (
            isinstance(action, Select)
            and action.space in board().spaces
            and not governable(st, action.space)
        ):
            return (
                "Govern selects Tributaries, Sultanate Controlled Provinces, Mongol "
                "Invasion Regions or Delhi (3.2.3)"
            )
        return None

    def hint(self) -> str:
        return "select a space to place a Governor, or to use the Governor there"


@handler
class GovernSpace(DoneWhenOnlyDone[GovernSpaceFrame]):
    """3.2.3 in a space with a Governor: place a Governor, OR remove up to two Obedient Units
    and/or place a Qasbah."""

    kind = "govern_space"

    def actions(self, st: GameState, fr: GovernSpaceFrame) -> list[Action]:
        space = fr.space
        out: list[Action] = []
        fresh = fr.removed == 0 and not fr.qasbah
        if fresh and st.available[Faction.D].get(P.GOVERNOR, 0):
            out.append(interned(Place, piece=P.GOVERNOR, count=1, space=space))
        if fr.removed < 2:
            for p in (P.AMIR, P.RAJA):
                if count(st, space, p):
                    out.append(interned(Remove, piece=p, count=1, space=space))
        if (
            not fr.qasbah
            and not count(st, space, P.QASBAH)
            and st.available[Faction.D].get(P.QASBAH, 0)
        ):
            out.append(interned(Place, piece=P.QASBAH, count=1, space=space))
        out.append(DONE)
        return out

    def act(self, st: GameState, fr: GovernSpaceFrame, action: Action) -> None:
        space = fr.space
        name = board().name(space)
        if isinstance(action, Done):
            finish(st, fr)
        elif isinstance(action, Place) and action.piece == P.GOVERNOR:
            place(st, space, P.GOVERNOR, 1)
            log(st, f"D Governs in {name}: places a Governor.")
            finish(st, fr)
        elif isinstance(action, Place):
            place(st, space, P.QASBAH, 1)
            fr.qasbah = True
            log(st, f"D Governs in {name}: places a Qasbah.")
        elif isinstance(action, Remove):
            remove(st, space, action.piece, 1)
            fr.removed += 1
            log(st, f"D Governs in {name}: removes an Obedient {PIECE_NAME[action.piece]}.")

    def prompt(self, st: GameState, fr: GovernSpaceFrame) -> str:
        """Only what is still possible in this space (3.2.3)."""
        d = fr
        acts = self.actions(st, fr)
        can: list[str] = []
        if interned(Place, piece=P.GOVERNOR, count=1, space=d.space) in acts:
            can.append("place a Governor (and stop there)")
        if any(isinstance(x, Remove) for x in acts):
            can.append(f"remove {count_of(2 - d.removed, 'more Obedient Unit')}")
        if interned(Place, piece=P.QASBAH, count=1, space=d.space) in acts:
            can.append("place a Qasbah")
        what = ", or ".join(can) + "; " if can else ""
        return f"Govern in {board().name(d.space)}: {what}done when finished (3.2.3)."

    def why(self, st: GameState, fr: GovernSpaceFrame, action: Action) -> str | None:
        d = fr
        space = d.space
        if isinstance(action, Remove):
            if action.piece not in (P.AMIR, P.RAJA):
                return "Govern removes only Obedient Amirs and Rajas (3.2.3)"
            if d.removed >= 2:
                return "Govern removes at most two Obedient Units in a space (3.2.3)"
            if action.count != 1:
                return "remove one Unit at a time: `remove 1 amir from <space>` (3.2.3)"
        if isinstance(action, Place) and action.piece == P.QASBAH:
            if count(st, space, P.QASBAH) or d.qasbah:
                return "a space holds at most one Qasbah (1.4.4)"
            if not st.available[Faction.D].get(P.QASBAH, 0):
                return "no Qasbah is Available (1.4.4)"
        if isinstance(action, Place) and action.piece == P.GOVERNOR:
            if d.removed or d.qasbah:
                return (
                    "Govern either places a Governor, OR removes Obedient Units and/or places "
                    "a Qasbah, not both (3.2.3)"
                )
            if not st.available[Faction.D].get(P.GOVERNOR, 0):
                return "no Governor is Available (3.2.3)"
        if isinstance(action, Remove | Place) and action.space != space:
            return f"this Govern acts in {board().name(space)} only (3.2.3)"
        return None
