"""Standing rules on the pieces and tracks: placing, removing, moving, flipping, Control,
Resources, Cavalry and Influence. Every change goes through here, so Control (1.7) and the
Rebelling rule (1.4.5) are recomputed after each one.
"""

from __future__ import annotations

from ..errors import IllegalAction
from .board import board
from .model import (
    BASE,
    CAVALRY_TOKENS,
    MAX_INFLUENCE,
    MAX_RESOURCES,
    OBEDIENT_OF,
    OWNER,
    PLAYERS,
    REBEL_OF,
    SLOT_LEVELS,
    STRUCTURES,
    UNITS_PER_SLOT,
    Faction,
    GameState,
    Piece,
    SpaceState,
)


def count(st: GameState, space: str, *kinds: Piece) -> int:
    if len(kinds) == 1:
        return st.spaces[space].pieces.get(kinds[0], 0)
    return st.spaces[space].count(*kinds)


def may_enter(faction: Faction, space: str) -> bool:
    """Only Mongol Invaders and Delhi pieces in Delhi and the Mongol regions (1.3.2, 1.3.3)."""
    if board().is_province(space):
        return faction != Faction.M
    return faction in (Faction.D, Faction.M)


def room_for(st: GameState, space: str, piece: Piece) -> int:
    """How many of this piece the space can still take (1.4.4 stacking, 1.3.2, 1.3.3)."""
    if not may_enter(OWNER[piece], space):
        return 0
    if piece in STRUCTURES:
        return 0 if count(st, space, piece) else 1
    return 1_000


def log(st: GameState, text: str) -> None:
    st.log.append(text)


def touch(st: GameState, *spaces: str) -> None:
    for s in spaces:
        if s not in st.touched:
            st.touched.append(s)


def _add(st: GameState, space: str, piece: Piece, n: int) -> None:
    pieces = st.own_space(space).pieces
    value = pieces.get(piece, 0) + n
    if value < 0:
        raise IllegalAction(f"there are not {-n} {piece} in {board().name(space)}")
    if value:
        pieces[piece] = value
    else:
        pieces.pop(piece, None)


def place(st: GameState, space: str, piece: Piece, n: int = 1) -> int:
    """Place up to n pieces from Available (1.4.6); returns how many were placed."""
    n = min(n, st.available[OWNER[piece]].get(BASE[piece], 0), room_for(st, space, piece))
    if n <= 0:
        return 0
    st.own_available()[OWNER[piece]][BASE[piece]] -= n
    _add(st, space, piece, n)
    touch(st, space)
    refresh(st, space)
    return n


def remove(st: GameState, space: str, piece: Piece, n: int = 1) -> int:
    """Return up to n pieces to Available (1.4.3); returns how many were removed."""
    n = min(n, count(st, space, piece))
    if n <= 0:
        return 0
    _add(st, space, piece, -n)
    box = st.own_available()[OWNER[piece]]
    box[BASE[piece]] = box.get(BASE[piece], 0) + n
    touch(st, space)
    refresh(st, space)
    return n


def move(
    st: GameState, piece: Piece, n: int, origin: str, dest: str, as_piece: Piece | None = None
) -> int:
    n = min(n, count(st, origin, piece))
    if n <= 0:
        return 0
    _add(st, origin, piece, -n)
    _add(st, dest, as_piece or piece, n)
    touch(st, origin, dest)
    refresh(st, origin, dest)
    return n


def flip(st: GameState, space: str, piece: Piece, n: int) -> int:
    """Flip up to n Amirs/Rajas of kind `piece` to the other state."""
    other = REBEL_OF.get(piece) or OBEDIENT_OF.get(piece)
    if other is None:
        return 0
    n = min(n, count(st, space, piece))
    if n <= 0:
        return 0
    _add(st, space, piece, -n)
    _add(st, space, other, n)
    touch(st, space)
    refresh(st, space)
    return n


def set_all(st: GameState, space: str, faction: Faction, rebelling: bool) -> None:
    for obedient, rebel in ((Piece.AMIR, Piece.REBEL_AMIR), (Piece.RAJA, Piece.REBEL_RAJA)):
        if OWNER[obedient] != faction:
            continue
        src = obedient if rebelling else rebel
        n = count(st, space, src)
        if n:
            flip(st, space, src, n)


def set_tributary(st: GameState, space: str, tributary: bool) -> None:
    """Place or remove a Tributary marker (1.6): placing one makes every Rebel Obedient."""
    sp = st.own_space(space)
    sp.tributary = tributary
    if tributary:
        for rebel, obedient in ((Piece.REBEL_AMIR, Piece.AMIR), (Piece.REBEL_RAJA, Piece.RAJA)):
            n = sp.pieces.pop(rebel, 0)
            if n:
                sp.pieces[obedient] = sp.pieces.get(obedient, 0) + n
    touch(st, space)
    refresh(st, space)


def controller(st: GameState, space: str) -> Faction | None:
    """1.7: the faction whose pieces outnumber all opposing pieces combined."""
    if not board().is_province(space):
        return None
    return _control(st.spaces[space])


def _control(sp: SpaceState) -> Faction | None:
    """1.7 in a Province."""
    pieces = sp.pieces
    if not pieces or sp.tributary:
        return None
    totals = dict.fromkeys(PLAYERS, 0)
    total = 0
    for p, n in pieces.items():
        total += n
        owner = OWNER[p]
        if owner is not Faction.M:
            totals[owner] += n
    for f, n in totals.items():
        if n * 2 > total:
            return f
    return None


# The Obedient kind that turns Rebelling in its own faction's Controlled Province (1.4.5).
_OBEDIENT_HOME: dict[Faction | None, Piece] = {Faction.B: Piece.AMIR, Faction.V: Piece.RAJA}


def refresh(st: GameState, *changed: str) -> None:
    """Recompute Control (1.7) and flip Amirs/Rajas in their own Provinces (1.4.5): in the
    spaces that changed (a Province's Control depends on that Province alone), or in every
    Province when none is named."""
    spaces = st.spaces
    provinces = board().province_set
    for space in changed or board().provinces:
        if space not in provinces:
            continue
        sp = spaces[space]
        control = _control(sp)
        if sp.control == control and _OBEDIENT_HOME.get(control) not in sp.pieces:
            continue  # unchanged: a forked state keeps sharing this space
        sp = st.own_space(space)
        sp.control = control
        if sp.control == Faction.B and sp.pieces.get(Piece.AMIR):
            sp.pieces[Piece.REBEL_AMIR] = sp.pieces.get(Piece.REBEL_AMIR, 0) + sp.pieces.pop(
                Piece.AMIR
            )
        if sp.control == Faction.V and sp.pieces.get(Piece.RAJA):
            sp.pieces[Piece.REBEL_RAJA] = sp.pieces.get(Piece.REBEL_RAJA, 0) + sp.pieces.pop(
                Piece.RAJA
            )


def add_resources(st: GameState, faction: Faction, n: int) -> int:
    """Change Resources within 0..24 (1.8); returns the actual change."""
    before = st.resources[faction]
    st.own_resources()[faction] = max(0, min(MAX_RESOURCES, before + n))
    return st.resources[faction] - before


def resources_cut(asked: int, got: int, *, shown: bool = True) -> str:
    """What the bounds of the Resources track (0 to 24, 1.8) took from a change, for its log
    line: "" when the whole change was made, else "capped at 24" (with the change asked for,
    "+9 capped at 24", unless the line shows it another way) or "only 1 to lose"."""
    if got == asked:
        return ""
    if asked > got:
        return f"{asked:+d} capped at {MAX_RESOURCES}" if shown else f"capped at {MAX_RESOURCES}"
    return f"{asked:+d}, only {-got} to lose" if shown else f"only {-got} to lose"


def cavalry_total(st: GameState) -> int:
    return st.cavalry_pool + sum(st.cavalry.values())


def check_cavalry(st: GameState) -> None:
    """1.10: the ten Cavalry tokens are all somewhere, always (checked after every step)."""
    assert st.cavalry_pool + sum(st.cavalry.values()) == CAVALRY_TOKENS


def gain_cavalry_from_pool(st: GameState, faction: Faction, n: int) -> int:
    """Take up to n tokens from the pool; returns how many are still owed (1.10)."""
    take = min(n, st.cavalry_pool)
    st.cavalry_pool -= take
    st.own_cavalry()[faction] += take
    return n - take


def take_cavalry(st: GameState, faction: Faction, source: Faction) -> bool:
    if st.cavalry[source] <= 0 or source == faction:
        return False
    cavalry = st.own_cavalry()
    cavalry[source] -= 1
    cavalry[faction] += 1
    return True


def lose_cavalry(st: GameState, faction: Faction, n: int) -> int:
    n = min(n, st.cavalry[faction])
    st.own_cavalry()[faction] -= n
    st.cavalry_pool += n
    assert cavalry_total(st) == CAVALRY_TOKENS
    return n


def shift_influence(st: GameState, faction: Faction, delta: int) -> tuple[int, list[int]]:
    """Move an Influence marker (1.9). Returns the actual shift and the emptied slots now
    below the marker that must be refilled (the faction decides from where)."""
    before = st.influence[faction]
    after = max(0, min(MAX_INFLUENCE, before + delta))
    st.own_influence()[faction] = after
    slots = st.slots[faction]
    unit = Piece.AMIR if faction == Faction.B else Piece.RAJA
    for level in SLOT_LEVELS[faction]:
        if after >= level and slots.get(level, 0):
            box = st.own_available()[faction]
            box[unit] = box.get(unit, 0) + slots[level]
            slots = st.own_slots()[faction]
            slots[level] = 0
    refill = [
        lv
        for lv in SLOT_LEVELS[faction]
        if after < lv <= before and slots.get(lv, 0) < UNITS_PER_SLOT
    ]
    return after - before, refill


def faction_units_on_map(st: GameState, faction: Faction) -> dict[str, dict[Piece, int]]:
    out: dict[str, dict[Piece, int]] = {}
    for space, sp in st.spaces.items():
        for p, n in sp.pieces.items():
            if OWNER[p] == faction and p not in STRUCTURES and n:
                out.setdefault(space, {})[p] = n
    return out


def provinces_with(st: GameState, faction: Faction) -> list[str]:
    return [s for s in board().provinces if st.spaces[s].faction_count(faction)]


def controlled(st: GameState, faction: Faction) -> list[str]:
    return [s for s in board().provinces if st.spaces[s].control == faction]


def structures_on_map(st: GameState, piece: Piece) -> int:
    return sum(sp.pieces.get(piece, 0) for sp in st.spaces.values())
