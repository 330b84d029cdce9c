"""Decrees (4.0): Collect Tribute, Campaign, Demand Obedience; Trade, Build, Conspire;
Tax, Build, Compel - with the Influence bonuses of 1.9.1 and 1.9.2."""

from __future__ import annotations

from functools import cache

from .actions import (
    DONE,
    Action,
    Done,
    Drop,
    Go,
    Move,
    Place,
    Remove,
    Replace,
    Select,
    Take,
    interned,
    interned_select,
)
from .board import DELHI, board
from .engine import DoneWhenOnlyDone, TypedHandler, finish, handler, push
from .flow import gain_cavalry
from .forces import (
    add_resources,
    cavalry_total,
    controlled,
    count,
    flip,
    log,
    move,
    place,
    provinces_with,
    remove,
    resources_cut,
    set_tributary,
    structures_on_map,
)
from .frames import CampaignFrame, CompelSpaceFrame, ConspireFrame, PlainFrame
from .model import (
    FACTION_NAMES,
    MAX_RESOURCES,
    OWNER,
    REBEL_OF,
    STRUCTURE_OF,
    Faction,
    GameState,
    Piece,
)
from .registry import (
    BUILD,
    CAMPAIGN,
    COLLECT_TRIBUTE,
    COMPEL,
    CONSPIRE,
    DEMAND_OBEDIENCE,
    TAX,
    TRADE,
)
from .words import PIECE_NAME, a, count_of, pieces, plural

P = Piece


def start_decree(st: GameState, faction: Faction, name: str, **extra: object) -> None:
    push(st, f"dec:{name}", faction, **extra)


def decree_possible(st: GameState, faction: Faction, name: str) -> bool:
    """Whether choosing this Decree can do anything that its procedure requires."""
    if name == BUILD:
        return _can_build(st, faction)
    if name == COMPEL:
        # compel_spaces is not empty exactly when a Province holds a Vijayanagara piece
        return any(st.spaces[s].faction_count(Faction.V) for s in board().provinces)
    return True


NO_PROVINCE = "no province qualifies, does nothing"
NOTHING_TO_MOVE = "no Troops or Governors to move, does nothing"
NOTHING_TO_GAIN = "it would gain nothing, does nothing"


def idle_decree(st: GameState, faction: Faction, name: str) -> str | None:
    """Why choosing this Decree now would do nothing, or None. It stays legal: 4.1 lets the
    Command & Decree option take any of the faction's Decrees."""
    if name == DEMAND_OBEDIENCE:
        return None if obedience_spaces(st) else NO_PROVINCE
    if name == CONSPIRE:
        return None if _conspire_targets(st) else NO_PROVINCE
    if name == CAMPAIGN:
        return None if _campaign_origins(st, provinces_only=False) else NOTHING_TO_MOVE
    gain = {
        COLLECT_TRIBUTE: lambda: _tributary_prosperity(st) // 2,
        TRADE: lambda: len(provinces_with(st, Faction.B)),
        TAX: lambda: (
            sum(board().prosperity(s) for s in controlled(st, Faction.V))
            + structures_on_map(st, P.TEMPLE)
        ),
    }.get(name)
    if gain is None:  # Build and Compel are offered only where they can be done
        return None
    resources = min(MAX_RESOURCES, st.resources[faction] + gain()) != st.resources[faction]
    # Collect Tribute and Trade gain Cavalry: from the pool, else from another faction (1.10)
    cavalry = name != TAX and cavalry_total(st) > st.cavalry[faction]
    return None if resources or cavalry else NOTHING_TO_GAIN


def _tributary_prosperity(st: GameState) -> int:
    return sum(board().prosperity(s) for s in board().provinces if st.spaces[s].tributary)


def obedience_spaces(st: GameState) -> list[str]:
    """4.2.3: the Sultanate Controlled Provinces with a Governor."""
    return [s for s in controlled(st, Faction.D) if count(st, s, P.GOVERNOR)]


def _campaign_origins(st: GameState, *, provinces_only: bool) -> list[str]:
    """4.2.2: the spaces a Campaign may start from (Troops or Governors there); 2.5.1 and
    2.5.2: only Delhi and Provinces."""
    spaces = st.spaces
    return [
        s
        for s in board().space_ids
        if (spaces[s].pieces.get(P.TROOP) or spaces[s].pieces.get(P.GOVERNOR))
        and (not provinces_only or s == DELHI or board().is_province(s))
    ]


def _can_build(st: GameState, faction: Faction) -> bool:
    """Whether build_spaces is not empty, at the first hit."""
    structure = STRUCTURE_OF[faction]
    if not st.available[faction].get(structure):
        return False
    spaces = st.spaces
    for s in board().provinces:
        sp = spaces[s]
        if sp.pieces and not sp.pieces.get(structure) and sp.units_of(faction):
            return True
    return False


class AutoDecree(TypedHandler[PlainFrame]):
    def is_auto(self, st: GameState, fr: PlainFrame) -> bool:
        return True

    def run(self, st: GameState, fr: PlainFrame) -> None:
        finish(st, fr)
        self.execute(st, fr)

    def execute(self, st: GameState, fr: PlainFrame) -> None:
        raise NotImplementedError


@handler
class CollectTribute(AutoDecree):
    """4.2.1: half the Tributary Prosperity (rounded down), and two Cavalry."""

    kind = "dec:collect-tribute"

    def execute(self, st: GameState, fr: PlainFrame) -> None:
        total = _tributary_prosperity(st)
        got = add_resources(st, Faction.D, total // 2)
        cut = resources_cut(total // 2, got, shown=False)
        log(
            st,
            f"D Collects Tribute: +{count_of(got, 'Resource')} (Tributary Prosperity {total}"
            f"{'; ' + cut if cut else ''}).",
        )
        gain_cavalry(st, Faction.D, 2)


@handler
class Trade(AutoDecree):
    """4.3.1: Resources = Provinces with a Bahmani piece; 1 Cavalry, 2 at Influence 1-2,
    3 at Influence 3-4 (1.9.1)."""

    kind = "dec:trade"

    def execute(self, st: GameState, fr: PlainFrame) -> None:
        n = len(provinces_with(st, Faction.B))
        got = add_resources(st, Faction.B, n)
        inf = st.influence[Faction.B]
        cav = 1 if inf == 0 else 2 if inf <= 2 else 3
        cut = resources_cut(n, got, shown=False)
        log(
            st,
            f"B Trades: +{count_of(got, 'Resource')} ({count_of(n, 'Province')} with a Bahmani "
            f"piece{'; ' + cut if cut else ''}).",
        )
        gain_cavalry(st, Faction.B, cav)


@handler
class Tax(AutoDecree):
    """4.4.1: the Prosperity of Vijayanagara Controlled Provinces plus Temples on the map."""

    kind = "dec:tax"

    def execute(self, st: GameState, fr: PlainFrame) -> None:
        prosperity = sum(board().prosperity(s) for s in controlled(st, Faction.V))
        temples = structures_on_map(st, P.TEMPLE)
        got = add_resources(st, Faction.V, prosperity + temples)
        cut = resources_cut(prosperity + temples, got, shown=False)
        log(
            st,
            f"V Taxes: +{count_of(got, 'Resource')} (Prosperity {prosperity}, Temples {temples}"
            f"{'; ' + cut if cut else ''}).",
        )


BUILD_RULE: dict[Faction, str] = {Faction.B: "4.3.2", Faction.V: "4.4.2"}  # each its own Build


def build_spaces(st: GameState, faction: Faction) -> list[str]:
    """4.3.2 / 4.4.2: a Province with an Amir (Raja) and no Fort (Temple) of its own yet."""
    structure = STRUCTURE_OF[faction]
    if not st.available[faction].get(structure):
        return []
    return [
        s
        for s in board().provinces
        if st.spaces[s].units_of(faction) and not count(st, s, structure)
    ]


@handler
class Build(TypedHandler[PlainFrame]):
    kind = "dec:build"

    def actions(self, st: GameState, fr: PlainFrame) -> list[Action]:
        assert fr.faction is not None
        structure = STRUCTURE_OF[fr.faction]
        return [
            interned(Place, piece=structure, count=1, space=s) for s in build_spaces(st, fr.faction)
        ]

    def is_auto(self, st: GameState, fr: PlainFrame) -> bool:
        return not self.actions(st, fr)

    def run(self, st: GameState, fr: PlainFrame) -> None:
        finish(st, fr)

    def forced_why(self, st: GameState, fr: PlainFrame, action: Action) -> str | None:
        assert isinstance(action, Place) and fr.faction is not None
        return (
            f"{fr.faction} Builds in {board().name(action.space)} unasked: the only Province "
            f"with its Unit and no {action.piece.value.title()} ({BUILD_RULE[fr.faction]})."
        )

    def act(self, st: GameState, fr: PlainFrame, action: Action) -> None:
        assert isinstance(action, Place)
        place(st, action.space, action.piece, 1)
        log(
            st,
            f"{fr.faction} Builds {a(PIECE_NAME[action.piece])} in {board().name(action.space)}.",
        )
        finish(st, fr)

    def prompt(self, st: GameState, fr: PlainFrame) -> str:
        assert fr.faction is not None
        what = STRUCTURE_OF[fr.faction].value.title()
        return f"Build: place {a(what)} in one Province with your Unit ({BUILD_RULE[fr.faction]})."

    def why(self, st: GameState, fr: PlainFrame, action: Action) -> str | None:
        return "Build places your Structure in one Province that contains your Unit and none yet (1.4.4)"


@handler
class DemandObedience(DoneWhenOnlyDone[PlainFrame]):
    """4.2.3: in Sultanate Controlled Provinces with a Governor: Tributary, flip Rebels to
    Obedient, gain their Prosperity."""

    kind = "dec:demand-obedience"

    def actions(self, st: GameState, fr: PlainFrame) -> list[Action]:
        return [*(interned_select(s) for s in obedience_spaces(st)), DONE]

    def act(self, st: GameState, fr: PlainFrame, action: Action) -> None:
        if isinstance(action, Done):
            finish(st, fr)
            return
        assert isinstance(action, Select)
        set_tributary(st, action.space, True)
        asked = board().prosperity(action.space)
        got = add_resources(st, Faction.D, asked)
        cut = resources_cut(asked, got)
        log(
            st,
            f"D Demands Obedience in {board().name(action.space)}: Tributary again, "
            f"+{count_of(got, 'Resource')}{f' ({cut})' if cut else ''}.",
        )

    def prompt(self, st: GameState, fr: PlainFrame) -> str:
        return "Demand Obedience: select Sultanate Controlled Provinces with a Governor, then done (4.2.3)."


@cache
def _takes(piece: Piece, most: int) -> tuple[Take, ...]:
    """Taking 1 to `most` of this piece along a Campaign (shared actions, built once)."""
    return tuple(interned(Take, piece=piece, count=k) for k in range(1, most + 1))


@cache
def _drops(piece: Piece, most: int) -> tuple[Drop, ...]:
    """Dropping 1 to `most` of this piece off along a Campaign (shared actions, built once)."""
    return tuple(interned(Drop, piece=piece, count=k) for k in range(1, most + 1))


@handler
class Campaign(TypedHandler[CampaignFrame]):
    """4.2.2: Troops and Governors from one origin to one destination up to three spaces
    away, picking up and dropping off along the way."""

    kind = "dec:campaign"

    def _allowed(self, fr: CampaignFrame, space: str) -> bool:
        if fr.provinces_only:  # 2.5.1 / 2.5.2: only Delhi and Provinces
            return space == DELHI or board().is_province(space)
        return True

    def _takeable(self, st: GameState, fr: CampaignFrame, piece: Piece) -> int:
        assert fr.at is not None
        carried = fr.carried.get(piece, 0)
        dropped = fr.dropped.get(fr.at, {}).get(piece, 0)
        return count(st, fr.at, piece) - carried - dropped

    def actions(self, st: GameState, fr: CampaignFrame) -> list[Action]:
        d = fr
        out: list[Action] = []
        if d.at is None:
            origins = _campaign_origins(st, provinces_only=fr.provinces_only)
            return [*(interned_select(s) for s in origins), DONE]
        for piece in (P.TROOP, P.GOVERNOR):
            out += _takes(piece, self._takeable(st, fr, piece))
        for piece in (P.TROOP, P.GOVERNOR):
            if d.steps > 0:
                out += _drops(piece, d.carried.get(piece, 0))
        if d.steps < 3 and any(d.carried.values()):
            out += [interned(Go, space=s) for s in board().neighbours[d.at] if self._allowed(fr, s)]
        return [*out, DONE]

    def forced_why(self, st: GameState, fr: CampaignFrame, action: Action) -> str | None:
        """Only `done` left: nothing carried and nothing to take (4.2.2)."""
        if fr.at is None:
            return "D Campaign ends unasked: no origin has Troops or Governors (4.2.2)."
        return (
            "D Campaign is not asked to go on: it carries nothing and has nothing to take in "
            f"{board().name(fr.at)} (4.2.2)."
        )

    def act(self, st: GameState, fr: CampaignFrame, action: Action) -> None:
        d = fr
        if isinstance(action, Done):
            if d.at is not None and d.steps > 0:
                log(st, f"D Campaign ends in {board().name(d.at)}.")
            finish(st, fr)
        elif isinstance(action, Select):
            d.at = d.origin = action.space
            d.steps = 0
            d.carried = {}
            d.dropped = {}
            d.taken_here = {}
            log(st, f"D Campaigns from {board().name(action.space)}.")
        elif isinstance(action, Take):
            d.carried[action.piece] = d.carried.get(action.piece, 0) + action.count
            d.taken_here[action.piece] = d.taken_here.get(action.piece, 0) + action.count
        elif isinstance(action, Drop):
            assert d.at is not None
            d.carried[action.piece] -= action.count
            at = d.dropped.setdefault(d.at, {})
            at[action.piece] = at.get(action.piece, 0) + action.count
            log(st, f"D drops {pieces(action.count, action.piece)} in {board().name(d.at)}.")
        elif isinstance(action, Go):
            assert d.at is not None
            for p, n in d.carried.items():
                if n:
                    move(st, p, n, d.at, action.space)
            d.at = action.space
            d.steps += 1
            d.taken_here = {}
            group = ", ".join(pieces(n, p) for p, n in d.carried.items() if n)
            log(st, f"D Campaign moves {group} to {board().name(action.space)}.")

    def why(self, st: GameState, fr: CampaignFrame, action: Action) -> str | None:
        d = fr
        if d.at is None:
            if isinstance(action, Select) and not self._allowed(fr, action.space):
                return "this Campaign may use only Delhi and the Provinces (2.5.1, 2.5.2)"
            return "Campaign first selects an origin with Troops or Governors (4.2.2)"
        if isinstance(action, Go):
            if d.steps >= 3:
                return "a Campaign goes at most three spaces (4.2.2)"
            if not sum(d.carried.values()):
                return "take Troops or Governors before you go (4.2.2)"
            if action.space not in board().adjacency[d.at]:
                return f"Campaign goes to a space adjacent to {board().name(d.at)} (4.2.2)"
            if not self._allowed(fr, action.space):
                return "this Campaign may use only Delhi and the Provinces (2.5.1, 2.5.2)"
        if isinstance(action, Take):
            left = self._takeable(st, fr, action.piece)
            return (
                f"only {count_of(left, PIECE_NAME[action.piece])} here can be taken "
                "(pieces dropped here stay) (4.2.2)"
            )
        if isinstance(action, Drop):
            if d.steps == 0:
                return "pieces are dropped along the way, not in the origin (4.2.2)"
            carried = d.carried.get(action.piece, 0)
            return (
                f"the Campaign carries only {count_of(carried, PIECE_NAME[action.piece])} (4.2.2)"
            )
        return None

    def prompt(self, st: GameState, fr: CampaignFrame) -> str:
        d = fr
        if d.at is None:
            return "Campaign: select the origin space (4.2.2), or done to skip."
        carried = ", ".join(pieces(n, p) for p, n in d.carried.items() if n) or "nothing"
        return (
            f"Campaign at {board().name(d.at)} (step {d.steps}/3, carrying {carried}): "
            "take, drop, go to an adjacent space, or done to end here."
        )


def futile_drop(st: GameState, action: Action) -> str | None:
    """Why a Campaign's Drop now puts down pieces that have not moved, or None (not one)."""
    fr = None if st.game_over or not st.frames else st.frames[-1]
    if not isinstance(fr, CampaignFrame) or not isinstance(action, Drop):
        return None
    came = fr.carried.get(action.piece, 0) - fr.taken_here.get(action.piece, 0)
    if action.count <= came:
        return None
    name = PIECE_NAME[action.piece]
    if came == 0:
        return f"the {plural(name)} were taken here: they have not moved (4.2.2)"
    return f"only {count_of(came, name)} came here: the rest were taken here (4.2.2)"


def _conspire_targets(st: GameState) -> list[tuple[str, Piece]]:
    influential = st.influence[Faction.B] >= 2
    with_b = set(provinces_with(st, Faction.B))
    out: list[tuple[str, Piece]] = []
    for s in board().provinces:
        near = s in with_b or (influential and any(n in with_b for n in board().adjacency[s]))
        if not near:
            continue
        kinds = [P.GOVERNOR, P.RAJA, P.REBEL_RAJA] if influential else [P.GOVERNOR]
        if not influential and s not in with_b:
            continue
        out += [(s, k) for k in kinds if count(st, s, k)]
    return out


@handler
class Conspire(DoneWhenOnlyDone[ConspireFrame]):
    """4.3.3: in up to two Provinces, replace a Governor (or, Influential, a Raja) with an Amir."""

    kind = "dec:conspire"

    def actions(self, st: GameState, fr: ConspireFrame) -> list[Action]:
        done = fr.spaces
        out: list[Action] = []
        if len(done) < 2:
            amir = st.available[Faction.B].get(P.AMIR, 0) > 0
            for s, old in _conspire_targets(st):
                if s in done:
                    continue
                news: list[Piece | None] = []
                if amir:
                    news += [P.REBEL_AMIR] if old == P.REBEL_RAJA else [P.AMIR, P.REBEL_AMIR]
                news.append(None)  # 1.4.6: a replace may simply remove
                out += [interned(Replace, old=old, new=n, space=s) for n in news]
        return [*out, DONE]

    def act(self, st: GameState, fr: ConspireFrame, action: Action) -> None:
        if isinstance(action, Done):
            finish(st, fr)
            return
        assert isinstance(action, Replace)
        fr.spaces.append(action.space)
        remove(st, action.space, action.old, 1)
        if action.new is not None:
            place(st, action.space, action.new, 1)
        new = f"replaced with {pieces(1, action.new)}" if action.new else "removed (1.4.6)"
        log(
            st,
            f"B Conspires in {board().name(action.space)}: {pieces(1, action.old)} {new}.",
        )

    def why(self, st: GameState, fr: ConspireFrame, action: Action) -> str | None:
        if not isinstance(action, Replace):
            return None
        if len(fr.spaces) >= 2:
            return "Conspire acts in up to two Provinces, and it has in two (4.3.3)"
        if action.space in fr.spaces:
            where = board().name(action.space)
            return f"Conspire acts in two different Provinces, and it has in {where} (4.3.3)"
        return None

    def prompt(self, st: GameState, fr: ConspireFrame) -> str:
        return (
            "Conspire: replace a Governor (Influence 2+: or a Raja, also next to your pieces) "
            "with an Amir, in up to two different Provinces (4.3.3), or remove it (`with "
            "nothing`: a replace need not be taken in full, 1.4.6); done when finished."
        )


def compel_spaces(st: GameState) -> list[str]:
    """4.4.3: a Province with or adjacent to a Vijayanagara piece."""
    with_v = set(provinces_with(st, Faction.V))
    return [
        s
        for s in board().provinces
        if s in with_v or any(n in with_v for n in board().adjacency[s])
    ]


@handler
class Compel(TypedHandler[PlainFrame]):
    kind = "dec:compel"

    def actions(self, st: GameState, fr: PlainFrame) -> list[Action]:
        return [interned_select(s) for s in compel_spaces(st)]

    def is_auto(self, st: GameState, fr: PlainFrame) -> bool:
        return not self.actions(st, fr)

    def run(self, st: GameState, fr: PlainFrame) -> None:
        finish(st, fr)

    def act(self, st: GameState, fr: PlainFrame, action: Action) -> None:
        assert isinstance(action, Select)
        finish(st, fr)
        influential = st.influence[Faction.V] >= 2
        log(st, f"V Compels in {board().name(action.space)}.")
        push(
            st,
            "compel_space",
            Faction.V,
            space=action.space,
            placed=0,
            moved=0,
            origin=None,
            removed=not influential,
            removed_delhi=False,
        )
        if influential:
            gain_cavalry(st, Faction.V, 1)  # 1.9.2

    def prompt(self, st: GameState, fr: PlainFrame) -> str:
        return "Compel: select one Province with or adjacent to a Vijayanagara piece (4.4.3)."


@handler
class CompelSpace(TypedHandler[CompelSpaceFrame]):
    kind = "compel_space"

    def actions(self, st: GameState, fr: CompelSpaceFrame) -> list[Action]:
        d = fr
        space = d.space
        out: list[Action] = []
        room = 2 - d.placed - d.moved
        if room > 0 and d.placed < 2:
            avail = st.available[Faction.V].get(P.RAJA, 0)
            out += [
                interned(Place, piece=P.RAJA, count=k, space=space)
                for k in range(1, min(room, avail) + 1)
            ]
        if room > 0:
            origins = [d.origin] if d.origin else sorted(board().adjacency[space])
            for o in origins:
                if not board().is_province(o):
                    continue
                for p in (P.RAJA, P.REBEL_RAJA):
                    n = count(st, o, p)
                    out += [
                        Move(piece=p, count=k, origin=o, dest=space)
                        for k in range(1, min(room, n) + 1)
                    ]
        if not d.removed:
            for p in (P.TROOP, P.GOVERNOR, P.AMIR, P.REBEL_AMIR):
                if count(st, space, p):
                    out.append(interned(Remove, piece=p, count=1, space=space))
        return [*out, DONE]

    def is_auto(self, st: GameState, fr: CompelSpaceFrame) -> bool:
        return len(self.actions(st, fr)) == 1

    def run(self, st: GameState, fr: CompelSpaceFrame) -> None:
        self._end(st, fr)

    def _end(self, st: GameState, fr: CompelSpaceFrame) -> None:
        d = fr
        if d.removed_delhi:
            # 1.9.2 / 4.4.3: removing a Sultanate Unit flips the Rajas just placed or moved
            n = min(d.placed + d.moved, count(st, d.space, P.RAJA))
            flip(st, d.space, P.RAJA, n)
        finish(st, fr)

    def act(self, st: GameState, fr: CompelSpaceFrame, action: Action) -> None:
        d = fr
        space = d.space
        if isinstance(action, Done):
            self._end(st, fr)
        elif isinstance(action, Place):
            n = place(st, space, P.RAJA, action.count)
            d.placed += n
            log(st, f"V places {count_of(n, 'Raja')} in {board().name(space)}.")
        elif isinstance(action, Move):
            n = move(st, action.piece, action.count, action.origin, space)
            d.moved += n
            d.origin = action.origin
            log(
                st,
                f"V moves {count_of(n, 'Raja')} {board().name(action.origin)} -> {board().name(space)}.",
            )
        elif isinstance(action, Remove):
            remove(st, space, action.piece, 1)
            d.removed = True
            d.removed_delhi = OWNER[action.piece] == Faction.D
            # by the piece's name, as every other line (a trial read "a rebel-amir")
            log(st, f"V removes {a(PIECE_NAME[action.piece])} from {board().name(space)}.")

    def why(self, st: GameState, fr: CompelSpaceFrame, action: Action) -> str | None:
        d = fr
        space = d.space
        room = 2 - d.placed - d.moved
        if isinstance(action, Place | Move):
            if action.piece not in (P.RAJA, P.REBEL_RAJA):
                return "Compel places or moves in Rajas only (4.4.3)"
            if (action.dest if isinstance(action, Move) else action.space) != space:
                return f"this Compel acts in {board().name(space)} only (4.4.3)"
            if action.count > room:
                return (
                    f"Compel brings at most two Rajas in, placed or moved; {room} more now (4.4.3)"
                )
            if isinstance(action, Place):
                avail = st.available[Faction.V].get(P.RAJA, 0)
                return f"only {count_of(avail, 'Raja')} Available (4.4.3)"
            if d.origin and action.origin != d.origin:
                return f"Rajas move in from one adjacent Province: {board().name(d.origin)} (4.4.3)"
            return "Rajas move in from an adjacent Province that has them (4.4.3)"
        if isinstance(action, Remove):
            if d.removed:
                return "Compel removes one piece, and only with Influence 2 or more (4.4.3)"
            return "Compel removes a Troop, Governor or Amir from its Province (4.4.3)"
        return None

    def prompt(self, st: GameState, fr: CompelSpaceFrame) -> str:
        return (
            f"Compel in {board().name(fr.space)}: place up to two Rajas or move them in "
            "from one adjacent Province (Influence 2+: also remove a Troop, Governor or Amir); done when finished."
        )


_ = (REBEL_OF, FACTION_NAMES)
