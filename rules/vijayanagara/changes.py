"""What a turn changed that scores (5.0), in the rulebook's words, from the positions where it
began and ended: each Faction's VP and Influence, Control, Tributaries and Structures, the
Resources, and the Mongol Invaders on their way to Delhi. The table tells it at the end of a
person's turn; the AI's why line and hint say the same of theirs."""

from __future__ import annotations

from .board import board
from .model import FACTION_NAMES, Faction, GameState, Piece
from .mongols import delhi_adjustment
from .victory import score
from .words import count_of

MAX_TOLD = 8  # changes named in a turn's line; the rest (Provinces') are counted by Province
STRUCTURES = (Piece.QASBAH, Piece.FORT, Piece.TEMPLE)
Placed = tuple[str | None, str]  # a change, with the Province it happens in (None: a track)

# Where the Invaders stand on their way to Delhi (1.3.2), and why it counts there.
INVADER_SPACES = (
    ("mountain_passes", "the Mountain Passes", "an Advance moves them on to Punjab, 3.5.2"),
    (
        "punjab",
        "Punjab",
        "next to Delhi; a Plunder there also costs Delhi a Troop for each, 3.5.3",
    ),
    ("delhi", "Delhi", "each one left there at the game's end costs Delhi 1 VP, 5.1"),
)


def board_changes(before: GameState, after: GameState, seat: Faction) -> list[str]:
    """`placed_changes` without their Provinces."""
    return [text for _, text in placed_changes(before, after, seat)]


def placed_changes(before: GameState, after: GameState, seat: Faction) -> list[Placed]:
    """What changed that scores, each with the Province it happens in: the tracks first (the
    seat's own VP, Influence, Resources and Cavalry, "your"; the rivals' VP and Influence,
    Delhi's Resources, the Invaders), then the Provinces, whose details a line may count
    rather than name (a trial's line hid its Resources and a rival's VP behind them)."""
    own, rivals = _scores_changed(before, after, seat)
    out = own
    for what, b, a in (
        ("Resources", before.resources[seat], after.resources[seat]),
        ("Cavalry", before.cavalry.get(seat, 0), after.cavalry.get(seat, 0)),
    ):
        if a != b:
            out.append((None, f"your {what} {b} -> {a}"))
    out += rivals
    delhi_b, delhi_a = before.resources[Faction.D], after.resources[Faction.D]
    if seat != Faction.D and delhi_a != delhi_b:
        out.append((None, f"Delhi's Resources {delhi_b} -> {delhi_a}"))
    for space, name, why in INVADER_SPACES:
        b = before.spaces[space].pieces.get(Piece.MONGOL, 0)
        a = after.spaces[space].pieces.get(Piece.MONGOL, 0)
        if a != b:
            out.append((None, f"Mongol Invaders in {name} {b} -> {a} ({why})"))
    return out + _provinces_changed(before, after)


def _provinces_changed(before: GameState, after: GameState) -> list[Placed]:
    """Tributaries, Control (1.7) and Structures that changed, Province by Province."""
    out: list[Placed] = []
    provinces = board()
    for s in provinces.provinces:
        b_sp, a_sp = before.spaces[s], after.spaces[s]
        name = provinces.name(s)
        # a Tributary is never Controlled (1.7): a Province freed and taken is one change
        controlled = b_sp.control != a_sp.control and not a_sp.tributary
        if controlled:
            freed = " (Independent now)" if b_sp.tributary else ""
            out.append((name, _control_change(name, b_sp.control, a_sp.control) + freed))
        elif b_sp.tributary != a_sp.tributary:
            out.append((name, f"{name} becomes {'Tributary' if a_sp.tributary else 'Independent'}"))
        for piece in STRUCTURES:
            d = a_sp.pieces.get(piece, 0) - b_sp.pieces.get(piece, 0)
            if d:
                what = piece.value.title()
                out.append(
                    (name, f"{what} built in {name}" if d > 0 else f"{what} removed from {name}")
                )
    return out


def _scores_changed(
    before: GameState, after: GameState, seat: Faction
) -> tuple[list[Placed], list[Placed]]:
    """Each Faction's VP and Deccan Influence that changed (5.1-5.3, 1.9): the seat's own,
    and the rivals' (a trial read "nothing that scores changed" when an Event cost a rival a
    VP)."""
    own: list[Placed] = []
    rivals: list[Placed] = []
    vp_b, vp_a = score(before), score(after)
    for f in vp_b:
        told = own if f == seat else rivals
        whose = "your" if f == seat else f"{FACTION_NAMES[f]}'s"
        if vp_a[f] != vp_b[f]:
            told.append((None, f"{whose} VP {vp_b[f]} -> {vp_a[f]}"))
        was, now = before.influence.get(f), after.influence.get(f)
        if was != now:
            told.append((None, f"{whose} Influence {was} -> {now}"))
    return own, rivals


def _control_change(name: str, was: Faction | None, now: Faction | None) -> str:
    """A Province's Control changing (1.7), in words."""
    if now is None:
        assert was is not None
        return f"no one controls {name} now ({FACTION_NAMES[was]} loses its Control)"
    if was is None:
        return f"{FACTION_NAMES[now]} takes Control of {name}"
    return f"{FACTION_NAMES[now]} takes Control of {name} from {FACTION_NAMES[was]}"


def turn_changes(before: GameState, after: GameState, seat: Faction) -> str:
    """A turn's changes in a line, the seat's own unnamed ("VP 3 -> 5"; it is the seat's
    line): the first MAX_TOLD, then the rest counted with their Provinces; and the seat's
    standing at the turn's end."""
    changes = [(p, c.replace("your ", "")) for p, c in placed_changes(before, after, seat)]
    groups = _alike(changes)
    shown = "; ".join(_told(places, text) for places, text in groups[:MAX_TOLD])
    rest: list[Placed] = []
    for places, text in groups[MAX_TOLD:]:
        rest += [(p, text) for p in places] if places else [(None, text)]
    if rest:
        shown += _more(rest)
    return (
        f"{shown or 'nothing that scores changed'}; {FACTION_NAMES[seat]} {standing(after, seat)}"
    )


def standing(state: GameState, seat: Faction) -> str:
    """The seat's VP against the best rival's as they stand (5.0; the tie-breaks aside)."""
    vp = score(state)
    own = vp[seat]
    best = max(v for f, v in vp.items() if f != seat)
    m = own - best
    to_come = _delhi_to_come(state, seat == Faction.D or vp[Faction.D] == best)
    if m == 0:  # (not "level with": read as a rival)
        return f"now shares the lead at {own} VP" + (f" ({to_come})" if to_come else "")
    counts = "; ".join(x for x in (f"{own} to {best}", to_come) if x)
    if m > 0:
        return f"now leads by {m} VP ({counts})"
    return f"now trails the leader by {-m} VP ({counts})"


def _delhi_to_come(state: GameState, compared: bool) -> str:
    """When Delhi's VP is `compared`, its end adjustment as the Invaders in Delhi stand
    (5.1), not yet in the VP (a trial read Delhi's bare VP as its score)."""
    if state.delhi_adjustment is not None or not compared:
        return ""
    return f"Delhi {delhi_adjustment(state):+d} at the end as the Invaders stand, 5.1"


HOLE = "\0"  # where a change's Province stands in its words, for changes alike


def _alike(changes: list[Placed]) -> list[tuple[list[str], str]]:
    """Changes in a row that differ only in their Province, as one: its Provinces and its
    words with a HOLE for them (a trial's line named "takes Control of" five times)."""
    out: list[tuple[list[str], str]] = []
    for place, text in changes:
        words = text.replace(place, HOLE) if place and text.count(place) == 1 else text
        if place and HOLE in words and out and out[-1][1] == words:
            out[-1][0].append(place)
        else:
            out.append(([place] if place and HOLE in words else [], words))
    return out


def _told(places: list[str], words: str) -> str:
    return words.replace(HOLE, _joined(places)) if places else words


def _more(rest: list[Placed]) -> str:
    """The changes not named, counted, with the Provinces they are in."""
    places = list(dict.fromkeys(p for p, _ in rest if p is not None))
    where = f" in {_joined(places)}" if places else ""
    return f"; and {count_of(len(rest), 'more change')}{where}"


def _joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
