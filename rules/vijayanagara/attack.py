"""Attack (3.2.4, 3.3.4, 3.4.4), the Mongol battles (3.5.3, 2.6) and Cavalry (1.10).

A battle is a frame with its current phase as a frame of its own above it: defender,
support, dice, the attacker's Cavalry, the defender's Cavalry (the defender decides, even
off-turn), hits, casualties (each side chooses its own), and the end, with the
Bahmani-Vijayanagara Influence shift.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import get_args

from .actions import (
    DONE,
    Action,
    Charge,
    Done,
    Remove,
    Roll,
    Screen,
    Select,
    Support,
    Target,
    interned,
    interned_select,
)
from .board import DELHI, board
from .chance import ChanceNode, dice_node
from .command_base import CommandHandler
from .engine import HANDLERS, TypedHandler, finish, handler, push_frame
from .flow import change_influence
from .forces import count, log, lose_cavalry, remove, set_all
from .frames import BattleFrame, BattlePhase, CommandFrame, PhaseFrame, Units
from .joining import SUPPORT, attack_rule, joining_rule
from .model import (
    FACTION_NAMES,
    OWNER,
    PIECES_OF,
    STRUCTURE_OF,
    UNIT_KINDS,
    Faction,
    GameState,
    Piece,
)
from .registry import ATTACK
from .words import PIECE_NAME, a, count_of, does, pieces

P = Piece
MAX_HITS = 5


# Each faction's Rebelling Unit (1.4.5): what Delhi may Attack (3.2.4).
_REBELS: dict[Faction, Piece] = {
    Faction.B: P.REBEL_AMIR,
    Faction.V: P.REBEL_RAJA,
    Faction.M: P.MONGOL,
}


def defenders(st: GameState, attacker: Faction, space: str) -> list[Faction]:
    """Who may be targeted in this space by this attacker."""
    sp = st.spaces[space]
    out: list[Faction] = []
    if not sp.pieces:
        return out
    if attacker == Faction.D:
        # 3.2.4: a Rebelling Unit, or a Structure with none of that Faction's Units
        for f in (Faction.B, Faction.V, Faction.M):
            rebels = sp.pieces.get(_REBELS[f], 0)
            lone = f in STRUCTURE_OF and sp.pieces.get(STRUCTURE_OF[f], 0) and not sp.units_of(f)
            if rebels or lone:
                out.append(f)
    elif attacker == Faction.M:
        if sp.faction_count(Faction.D):
            out.append(Faction.D)
    else:
        # 3.3.4 / 3.4.4: any Faction with at least one piece present
        for f in (Faction.D, Faction.B, Faction.V):
            if f != attacker and sp.faction_count(f):
                out.append(f)
    return out


# The pieces whose presence lets each attacker target someone (as `defenders` says); for
# Delhi also a Structure with none of its faction's Units (3.2.4).
_TARGET_PIECES: dict[Faction, tuple[Piece, ...]] = {
    Faction.D: tuple(_REBELS.values()),
    Faction.M: PIECES_OF[Faction.D],
    Faction.B: PIECES_OF[Faction.D] + PIECES_OF[Faction.V],
    Faction.V: PIECES_OF[Faction.D] + PIECES_OF[Faction.B],
}
_LONE_STRUCTURES: tuple[tuple[Piece, tuple[Piece, ...]], ...] = tuple(
    (STRUCTURE_OF[f], UNIT_KINDS[f]) for f in (Faction.B, Faction.V)
)


_TARGET_SETS = {f: frozenset(kinds) for f, kinds in _TARGET_PIECES.items()}


def attackable(st: GameState, attacker: Faction, space: str) -> bool:
    """Whether `defenders` names anyone here, at the first hit."""
    return _attackable(st.spaces[space].pieces, attacker)


def _attackable(pieces: dict[Piece, int], attacker: Faction) -> bool:
    if not pieces:
        return False
    if not pieces.keys().isdisjoint(_TARGET_SETS[attacker]):
        for p in _TARGET_PIECES[attacker]:
            if pieces.get(p):
                return True
    if attacker == Faction.D:
        for structure, units in _LONE_STRUCTURES:
            if pieces.get(structure) and not any(pieces.get(u) for u in units):
                return True
    return False


def hits(dice: list[int | None], units: int) -> int:
    """A hit for each roll <= the Units involved; 6 always misses; at most five."""
    return min(MAX_HITS, sum(1 for d in dice if d is not None and d <= units and d <= 5))


def mongol_charge(dice: list[int | None], units: int) -> int | None:
    """1.10 / 3.5.3: the Mongol token converts a miss into a hit if possible, else a 2 into 1."""
    for i, d in enumerate(dice):
        if d is not None and d > 1 and not _hit(d, units) and _hit(d - 1, units):
            return i
    for i, d in enumerate(dice):
        if d == 2:
            return i
    return None


def _hit(d: int, units: int) -> bool:
    return d <= units and d <= 5


def hit_rule(units: int) -> str:
    """The hit rule of one side (3.2.4): a roll hits when it is at most the Units involved,
    and a 6 never hits."""
    if units <= 0:
        return "no Units involved: no die can hit"
    if units >= 5:
        return f"{count_of(units, 'Unit')} involved: hits on 5 or less, a 6 never hits"
    return f"{count_of(units, 'Unit')} involved: hits on {units} or less"


def marked(dice: list[int | None], units: int) -> str:
    """Each die with a tick when it hits and a cross when it misses ("1✓ 3✓ 6✗"); a die a
    Screen removed is a dash."""
    return " ".join("–" if d is None else f"{d}{'✓' if _hit(d, units) else '✗'}" for d in dice)


def _now(before: int, after: int, units: int) -> str:
    """What a Charge changed: ", now a hit" when a miss became a hit."""
    return ", now a hit" if _hit(after, units) and not _hit(before, units) else ""


def a_die(value: int | None) -> str:
    """A die's value with its article, so it is not read as the die's number: "a 4", "an 8"."""
    return "no die" if value is None else f"a {value}"


@handler
class AttackCommand(CommandHandler):
    kind = "cmd:attack"
    name = ATTACK

    def candidates(self, st: GameState, fr: CommandFrame) -> Iterator[str]:
        assert fr.faction is not None
        if not self.can_select_more(st, fr):
            return iter(())
        f = fr.faction
        spaces = st.spaces
        return (s for s in self.open_spaces(fr) if _attackable(spaces[s].pieces, f))

    def command_choices(self, st: GameState, fr: CommandFrame) -> Iterator[Action]:
        return map(interned_select, self.candidates(st, fr))

    has_choice = CommandHandler.has_candidate

    def command_act(self, st: GameState, fr: CommandFrame, action: Action) -> None:
        assert isinstance(action, Select) and fr.faction is not None
        self.pay(st, fr, action.space)
        log(st, f"{fr.faction} Attacks in {board().name(action.space)}.")
        start_battle(st, fr.faction, action.space, parent=fr.id)

    def command_why(self, st: GameState, fr: CommandFrame, action: Action) -> str | None:
        if isinstance(action, Select) and action.space in board().spaces:
            if fr.faction != Faction.D and not board().is_province(action.space):
                return "the Deccan factions select only Provinces (3.1.1)"
            if fr.faction == Faction.D:
                return (
                    "Delhi Attacks spaces with Rebelling Units, or an opposing Structure "
                    "without Units of its Faction (3.2.4)"
                )
            return "Attack selects Provinces containing opposing pieces (3.3.4, 3.4.4)"
        return None

    def hint(self) -> str:
        return "select a space to Attack"

    def prompt(self, st: GameState, fr: CommandFrame) -> str:
        """The Command's prompt, with the spaces open to it where the faction has no Unit
        free: only Units joining could roll a hit there (a trial attacked one unwarned), or
        none could (a trial's Fort had sent its Amirs to an earlier Attack, 3.1.2)."""
        assert fr.faction is not None
        empty = [s for s in self.candidates(st, fr) if not _free_here(st, fr, s)]
        if not empty:
            return super().prompt(st, fr)
        joins = {s: _can_join(st, fr, s) for s in empty}
        joinable = [board().name(s) for s in empty if joins[s]]
        hopeless = [board().name(s) for s in empty if not joins[s]]
        said = [super().prompt(st, fr)]
        if joinable:
            structure = PIECE_NAME[SUPPORT[fr.faction].structure]
            said.append(
                f"No Unit of yours in {', '.join(joinable)}: only Units joining from your "
                f"{structure} could hit there."
            )
        if hopeless:
            said.append(f"No Unit of yours could hit in {', '.join(hopeless)}: {NONE_FREE}.")
        return " ".join(said)


NONE_FREE = "none is there or free to join from next door (a Unit attacks once a Command, 3.1.2)"


def _free_here(st: GameState, fr: CommandFrame, space: str) -> bool:
    """Whether the faction has a Unit in `space` not yet involved in this Command's Attacks."""
    assert fr.faction is not None
    return any(_free(st, fr.used, space, k) for k in UNIT_KINDS[fr.faction])


def _can_join(st: GameState, fr: CommandFrame, space: str) -> bool:
    """Whether free Units could join an Attack on `space` from a space next to it."""
    assert fr.faction is not None
    faction = fr.faction
    return any(
        _sends(st, faction, origin) and _free_here(st, fr, origin)
        for origin in board().neighbours[space]
    )


def _sends(st: GameState, faction: Faction, origin: str) -> bool:
    """Whether Units may join an Attack from `origin`: it holds the faction's Structure, and
    is a Province for the Deccan factions (3.2.4, 3.3.4, 3.4.4)."""
    j = SUPPORT.get(faction)
    if j is None or not st.spaces[origin].pieces.get(j.structure):
        return False
    return faction == Faction.D or origin in board().province_set


def futile_attack(st: GameState, action: Action) -> str | None:
    """Why selecting a space to Attack would roll dice that cannot hit (no Unit there or
    able to join is free: 3.1.2), or None."""
    fr = None if st.game_over or not st.frames else st.frames[-1]
    if not isinstance(fr, CommandFrame) or fr.command != ATTACK or not isinstance(action, Select):
        return None
    if action.space not in board().spaces or _free_here(st, fr, action.space):
        return None
    if _can_join(st, fr, action.space):
        return None
    return f"no Unit of yours could hit in {board().name(action.space)}: {NONE_FREE}"


def start_battle(
    st: GameState,
    attacker: Faction,
    space: str,
    *,
    parent: int | None = None,
    defender: Faction | None = None,
) -> BattleFrame:
    fr = BattleFrame("battle", attacker, space, parent=parent, defender=defender)
    push_frame(st, fr)
    push_frame(st, PhaseFrame("battle:target", attacker, battle=fr.id))
    return fr


def _used(st: GameState, fr: BattleFrame) -> Units:
    """Units already involved in an attack this Command (3.1.2): the Attack's, by its id."""
    if fr.parent is None:
        return fr.used_local
    for parent in st.frames:
        if isinstance(parent, CommandFrame) and parent.id == fr.parent:
            return parent.used
    raise RuntimeError(f"the Attack of battle in {fr.space} is not on the stack")


def _free_units(st: GameState, fr: BattleFrame, space: str, piece: Piece) -> int:
    return _free(st, _used(st, fr), space, piece)


def _free(st: GameState, used: Units, space: str, piece: Piece) -> int:
    """Units not yet involved in an attack this Command (3.1.2)."""
    return count(st, space, piece) - used.get(space, {}).get(piece, 0)


def _mark_used(st: GameState, fr: BattleFrame, space: str, piece: Piece, n: int) -> None:
    used = _used(st, fr).setdefault(space, {})
    used[piece] = used.get(piece, 0) + n
    inv = fr.involved.setdefault(space, {})
    inv[piece] = inv.get(piece, 0) + n


def _att_units(fr: BattleFrame) -> int:
    return sum(n for by_piece in fr.involved.values() for n in by_piece.values())


# -- the battle and its phases ------------------------------------------------------------
# A battle is a BattleFrame (what the battle is and what happened so far) with its current
# phase as a frame above it: the defender (target), support, the dice (roll), each side's
# Cavalry, the hits (resolve), each side's casualties, the end. A phase frame names its
# battle by id; moving on replaces it with the next phase's frame.


def _battle(st: GameState, fr: PhaseFrame) -> BattleFrame:
    frames = st.frames
    # Usually the frame just below its phase (ids are unique on the stack).
    if len(frames) >= 2:
        b = frames[-2]
        if isinstance(b, BattleFrame) and b.id == fr.battle:
            return b
    for b in reversed(frames):
        if isinstance(b, BattleFrame) and b.id == fr.battle:
            return b
    raise RuntimeError(f"the battle of phase {fr.kind} is not on the stack")


def _phase_of(st: GameState, b: BattleFrame) -> PhaseFrame | None:
    for fr in reversed(st.frames):
        if isinstance(fr, PhaseFrame) and fr.battle == b.id:
            return fr
    return None


def _goto(st: GameState, fr: PhaseFrame, phase: BattlePhase) -> None:
    """End this phase and begin the next one."""
    frames = st.frames
    nxt = PhaseFrame(_PHASE_KIND[phase], fr.faction, battle=fr.battle)
    if frames[-1] is fr:  # the usual case: replaced in place, with the id push_frame gives
        nxt.id = frames[-2].id + 1 if len(frames) > 1 else 1
        frames[-1] = nxt
        return
    finish(st, fr)
    push_frame(st, nxt)


_PHASE_KIND: dict[str, str] = {p: f"battle:{p}" for p in get_args(BattlePhase)}


def _defender(b: BattleFrame) -> Faction:
    assert b.defender is not None
    return b.defender


def _targets(st: GameState, b: BattleFrame) -> list[Faction]:
    assert b.faction is not None
    return defenders(st, b.faction, b.space)


def _attacks(b: BattleFrame, defender: Faction) -> str:
    """ "Bahmani Kingdom attacks Delhi Sultanate in Malwa"."""
    assert b.faction is not None
    attacker = does(FACTION_NAMES[b.faction], "attacks")
    return f"{attacker} {FACTION_NAMES[defender]} in {board().name(b.space)}"


def _def_units(st: GameState, b: BattleFrame) -> int:
    return st.spaces[b.space].units_of(_defender(b))


def _mongol_charge(st: GameState, dice: list[int | None], units: int) -> None:
    i = mongol_charge(dice, units)
    if i is not None:
        value = dice[i]
        assert value is not None
        dice[i] = value - 1
        now = _now(value, value - 1, units)
        # (a trial, running the Mongols, saw a 2 that hit lowered unasked: the rule's own)
        why = "" if now else "; no miss it could turn, it lowers a 2, 3.5.3"
        log(
            st,
            f"The Mongol Cavalry token Charges: die {i + 1} ({a_die(value)}) becomes "
            f"{a_die(value - 1)}{now} (1.10{why}).",
        )


@handler
class Battle(TypedHandler[BattleFrame]):
    """The battle itself: its phase frame above it decides; the choices are the phase's."""

    kind = "battle"

    def actions(self, st: GameState, fr: BattleFrame) -> list[Action]:
        phase = _phase_of(st, fr)
        return [] if phase is None else HANDLERS[phase.kind].actions(st, phase)


class Phase(TypedHandler[PhaseFrame]):
    """A phase of a battle: the prompt's kind is the battle's, and only the battle's end
    counts as a frame closing for a trailing `done` (rules.vijayanagara.closing)."""

    phase_of = "battle"
    attacker = True  # whose phase: the attacker's, or the defender's

    def decider(self, st: GameState, fr: PhaseFrame) -> Faction | None:
        return fr.faction if self.attacker else _defender(_battle(st, fr))

    def actions(self, st: GameState, fr: PhaseFrame) -> list[Action]:
        return []

    def why(self, st: GameState, fr: PhaseFrame, action: Action) -> str | None:
        """The rule and the limit behind a refused battle step."""
        b = _battle(st, fr)
        if isinstance(action, Charge | Screen):
            return _why_cavalry(st, b, fr.phase, action)
        if isinstance(action, Support):  # each Faction's Attack rule (3.2.4, 3.3.4, 3.4.4)
            j = SUPPORT.get(b.faction) if b.faction is not None else None
            rule = attack_rule(b.faction)
            if fr.phase != "support" or j is None:
                return f"Units join an Attack only before the dice are rolled ({rule})"
            joined = sum(b.support.values())
            if action.count > j.most - joined:
                return (
                    f"at most {count_of(j.most, 'Unit')} may join from a space with "
                    f"{a(PIECE_NAME[j.structure])}, and {joined} already joined ({rule})"
                )
            if b.support_from and action.space != b.support_from:
                where = board().name(b.support_from)
                return f"Units join from one adjacent space only: {where} ({rule})"
            return (
                f"Units join only from an adjacent space with your {PIECE_NAME[j.structure]} "
                f"and free Units there ({rule})"
            )
        return None

    def prompt(self, st: GameState, fr: PhaseFrame) -> str:
        return f"Attack in {board().name(_battle(st, fr).space)}"


@handler
class TargetPhase(Phase):
    """Choose the defender, when more than one faction may be attacked there; a lone one is
    taken unasked, said so (the Mongols' is always Delhi: said plainly)."""

    kind = "battle:target"

    def is_auto(self, st: GameState, fr: PhaseFrame) -> bool:
        b = _battle(st, fr)
        targets = _targets(st, b)
        return (
            b.defender is not None or not targets or (len(targets) == 1 and b.faction == Faction.M)
        )

    def forced_why(self, st: GameState, fr: PhaseFrame, action: Action) -> str | None:
        assert isinstance(action, Target)
        b = _battle(st, fr)
        return (
            f"{_attacks(b, action.faction)}, unasked: the only Faction it may target there "
            f"({attack_rule(b.faction)})."
        )

    def act_unasked(self, st: GameState, fr: PhaseFrame, action: Action, why: str) -> None:
        assert isinstance(action, Target)
        self._set_target(st, fr, action.faction, why)  # its line is the attack's own

    def run(self, st: GameState, fr: PhaseFrame) -> None:
        b = _battle(st, fr)
        targets = _targets(st, b)
        if b.defender is None and not targets:
            _goto(st, fr, "end")
            return
        self._set_target(st, fr, b.defender or targets[0])

    def actions(self, st: GameState, fr: PhaseFrame) -> list[Action]:
        return [Target(faction=f) for f in _targets(st, _battle(st, fr))]

    def act(self, st: GameState, fr: PhaseFrame, action: Action) -> None:
        assert isinstance(action, Target)
        self._set_target(st, fr, action.faction)

    def _set_target(
        self, st: GameState, fr: PhaseFrame, defender: Faction, line: str | None = None
    ) -> None:
        b = _battle(st, fr)
        space = b.space
        b.defender = defender
        if b.faction == Faction.D and defender in (Faction.B, Faction.V):
            set_all(st, space, defender, rebelling=True)  # 3.2.4: set all to Rebelling
        assert b.faction is not None
        for piece in UNIT_KINDS[b.faction]:
            n = (
                _free_units(st, b, space, piece)
                if b.faction != Faction.M
                else count(st, space, piece)
            )
            if n:
                _mark_used(st, b, space, piece, n)
        log(st, line or f"{_attacks(b, defender)}.")
        _goto(st, fr, "support" if b.faction in SUPPORT else "roll")

    def prompt(self, st: GameState, fr: PhaseFrame) -> str:
        return f"Attack in {board().name(_battle(st, fr).space)}: choose the defending faction."


@handler
class SupportPhase(Phase):
    """Units joining from one adjacent space with the attacker's Structure (3.2.4, 3.3.4)."""

    kind = "battle:support"

    def _support_actions(self, st: GameState, b: BattleFrame) -> list[Action]:
        assert b.faction is not None
        j = SUPPORT[b.faction]
        joined = sum(b.support.values())
        if joined >= j.most:
            return []
        origins = [b.support_from] if b.support_from else board().neighbours[b.space]
        out: list[Action] = []
        for origin in origins:
            if not _sends(st, b.faction, origin):
                continue
            for piece in UNIT_KINDS[b.faction]:
                free = _free_units(st, b, origin, piece)
                for k in range(1, min(free, j.most - joined) + 1):
                    out.append(Support(piece=piece, count=k, space=origin))
        return out

    def is_auto(self, st: GameState, fr: PhaseFrame) -> bool:
        return not self._support_actions(st, _battle(st, fr))

    def run(self, st: GameState, fr: PhaseFrame) -> None:
        _goto(st, fr, "roll")

    def actions(self, st: GameState, fr: PhaseFrame) -> list[Action]:
        return [*self._support_actions(st, _battle(st, fr)), DONE]

    def act(self, st: GameState, fr: PhaseFrame, action: Action) -> None:
        if isinstance(action, Done):
            _goto(st, fr, "roll")
            return
        assert isinstance(action, Support)
        b = _battle(st, fr)
        b.support_from = action.space
        b.support[action.piece] = b.support.get(action.piece, 0) + action.count
        _mark_used(st, b, action.space, action.piece, action.count)
        log(
            st,
            f"{pieces(action.count, action.piece)} {'joins' if action.count == 1 else 'join'} the Attack "
            f"from {board().name(action.space)}.",
        )

    def prompt(self, st: GameState, fr: PhaseFrame) -> str:
        b = _battle(st, fr)
        assert b.faction is not None
        rule, rolled = joining_rule(b.faction), _rolled_at_once(b.faction)
        return f"Attack in {board().name(b.space)}: {rule}; {rolled}; done when ready."


def futile_cavalry(st: GameState, action: Action) -> str | None:
    """Why a Charge or Screen now would change no casualty, or None (not one, or it may change one)."""
    fr = None if st.game_over or not st.frames else st.frames[-1]
    handler = HANDLERS.get(fr.kind) if isinstance(fr, PhaseFrame) else None
    if not isinstance(handler, CavalryPhase) or not isinstance(action, Charge | Screen):
        return None
    assert isinstance(fr, PhaseFrame)
    return handler.futile(st, fr, action)


def support_note(st: GameState) -> str:
    """What a Support step brings on, said once for every count (the options group them):
    the dice, at once, once the most that may have joined (a trial's `support 1 raja ...;
    done` rolled on the Support, unexpected)."""
    fr = st.frames[-1]
    assert isinstance(fr, PhaseFrame) and fr.phase == "support"
    b = _battle(st, fr)
    assert b.faction is not None
    units = _att_units(b)
    more = (
        f" (no hit more: the {count_of(units, 'Unit')} involved already hit on 5 or less, "
        "3.2.4; a Unit more is one more to choose casualties from)"
        if units >= 5
        else ""
    )
    return f"joins the Attack{more}; {_rolled_at_once(b.faction)}"


def _rolled_at_once(faction: Faction) -> str:
    j = SUPPORT[faction]
    have = "has" if j.most == 1 else "have"
    joined = f"once {count_of(j.most, 'Unit')} {have} joined, the most that may"
    return f"{joined}, the dice are rolled at once ({j.rule})"


def _attack_dice(st: GameState, b: BattleFrame) -> int:
    defender = _defender(b)
    if b.faction == Faction.M and b.space == DELHI:
        return 3  # 3.5.3
    if defender == Faction.B and b.faction in (Faction.D, Faction.V) and count(st, b.space, P.FORT):
        return 3  # 3.2.4, 3.4.4
    return 4


@handler
class RollPhase(Phase):
    """The dice, attacker's then defender's two: a chance outcome."""

    kind = "battle:roll"

    def chance(self, st: GameState, fr: PhaseFrame) -> ChanceNode | None:
        b = _battle(st, fr)
        return dice_node(_attack_dice(st, b) + 2, board().name(b.space))

    def act(self, st: GameState, fr: PhaseFrame, action: Action) -> None:
        assert isinstance(action, Roll)
        b = _battle(st, fr)
        n_att = _attack_dice(st, b)
        b.att_dice = list(action.dice[:n_att])
        b.def_dice = list(action.dice[n_att:])
        att_units, def_units = _att_units(b), _def_units(st, b)
        log(
            st,
            f"Dice in {board().name(b.space)}: {b.faction} rolls {marked(b.att_dice, att_units)} "
            f"({hit_rule(att_units)}); {b.defender} rolls {marked(b.def_dice, def_units)} "
            f"({hit_rule(def_units)}).",
        )
        _goto(st, fr, "att_cav")


class CavalryPhase(Phase):
    """Cavalry (1.10): Charge one's own die, or Screen the opponent's; the attacker first."""

    then: BattlePhase = "def_cav"

    def _who(self, b: BattleFrame) -> Faction:
        who = b.faction if self.attacker else b.defender
        assert who is not None
        return who

    def _dice(self, b: BattleFrame) -> tuple[list[int | None], list[int | None]]:
        """One's own dice and the opponent's."""
        return (b.att_dice, b.def_dice) if self.attacker else (b.def_dice, b.att_dice)

    def _cav_dice(self, st: GameState, b: BattleFrame) -> tuple[list[int], list[int]]:
        """The dice (numbered from 1) one may Charge, one's own above 1, and Screen, the
        opponent's but a 1; none without a Cavalry token (1.10)."""
        who = self._who(b)
        if who == Faction.M or st.cavalry.get(who, 0) <= 0:
            return [], []
        own, other = self._dice(b)
        return (
            [i + 1 for i, v in enumerate(own) if v is not None and v > 1],
            [i + 1 for i, v in enumerate(other) if v is not None and v != 1],
        )

    def _cav_actions(self, st: GameState, b: BattleFrame) -> list[Action]:
        charge, screen = self._cav_dice(st, b)
        out: list[Action] = [interned(Charge, die=d) for d in charge]
        out += [interned(Screen, die=d) for d in screen]
        return out

    def is_auto(self, st: GameState, fr: PhaseFrame) -> bool:
        b = _battle(st, fr)
        if self._who(b) == Faction.M:
            return True
        charge, screen = self._cav_dice(st, b)  # no actions built: most battles have none
        return not charge and not screen

    def run(self, st: GameState, fr: PhaseFrame) -> None:
        b = _battle(st, fr)
        if self._who(b) == Faction.M:
            own, _ = self._dice(b)
            units = _att_units(b) if self.attacker else _def_units(st, b)
            _mongol_charge(st, own, units)
        _goto(st, fr, self.then)

    def actions(self, st: GameState, fr: PhaseFrame) -> list[Action]:
        return [*self._cav_actions(st, _battle(st, fr)), DONE]

    def futile(self, st: GameState, fr: PhaseFrame, action: Charge | Screen) -> str | None:
        """Why a Charge or Screen changes no casualty, or None (1.10; 3.2.4): the table asks
        a person to confirm it (a trial Charged a 6 to a 5, a miss still, and lost the token;
        another Charged a 4th hit against 3 Troops). What the defender may still do after the
        attacker's Cavalry is counted: a hit more is kept against its Screens, and a miss of
        its it could Charge into a hit may be Screened."""
        b = _battle(st, fr)
        if isinstance(action, Charge):
            return self._futile_charge(st, b, action.die)
        return self._futile_screen(st, b, action.die)

    def _units(self, st: GameState, b: BattleFrame) -> tuple[int, int]:
        """The Units involved of one's own side and of the opponent's."""
        att, dfd = _att_units(b), _def_units(st, b)
        return (att, dfd) if self.attacker else (dfd, att)

    def _answer(self, st: GameState, b: BattleFrame) -> tuple[int, int]:
        """The Charges and the Screens the opponent may still make once this side is done:
        the defender's tokens after the attacker's (the Mongols' one token only Charges,
        3.5.3); none after the defender's."""
        if not self.attacker:
            return 0, 0
        if _defender(b) == Faction.M:
            return 1, 0
        tokens = st.cavalry.get(_defender(b), 0)
        return tokens, tokens

    def _futile_charge(self, st: GameState, b: BattleFrame, die: int) -> str | None:
        own, _ = self._dice(b)
        units, _ = self._units(st, b)
        value = own[die - 1]
        if value is None:
            return None
        if _hit(value, units) == _hit(value - 1, units):
            if _hit(value, units) and self._charges_beyond_screens(st, b, value):
                return None  # on the way to a 1, which no Screen removes (1.10)
            stays = "a hit" if _hit(value, units) else "a miss"
            return f"die {die} shows {a_die(value)}: it would stay {stays} as {a_die(value - 1)}"
        scored, exposed = hits(own, units), _exposed(st, b, not self.attacker)
        _, screens = self._answer(st, b)
        if scored - screens < exposed:
            return None
        even = ", even if the defender Screens" if screens else ""
        hits_now = does(count_of(scored, "hit"), "already removes")
        return (
            f"die {die} would hit, but {hits_now} {_every(exposed)} the opponent could lose{even}"
        )

    def _charges_beyond_screens(self, st: GameState, b: BattleFrame, value: int) -> bool:
        """Whether this side's tokens can Charge a die of `value` down to a 1, out of the
        reach of the Screens the opponent may still make (1.10)."""
        own_tokens = st.cavalry.get(self._who(b), 0)
        return self._answer(st, b)[1] > 0 and own_tokens >= value - 1

    def _futile_screen(self, st: GameState, b: BattleFrame, die: int) -> str | None:
        _, other = self._dice(b)
        _, units = self._units(st, b)
        value = other[die - 1]
        if value is None:
            return None
        if not _hit(value, units):
            charges = min(self._answer(st, b)[0], value - 1)
            if any(_hit(value - k, units) for k in range(1, charges + 1)):
                return None  # the defender could still Charge it into a hit
            return f"the opponent's die {die} shows {a_die(value)}, a miss already"
        scored, exposed = hits(other, units), _exposed(st, b, self.attacker)
        screenable = sum(1 for d in other if d is not None and d > 1 and _hit(d, units))
        if scored - min(st.cavalry.get(self._who(b), 0), screenable) < exposed:
            return None
        return (
            f"the opponent's {does(count_of(scored, 'hit'), 'removes')} {_every(exposed)} you "
            "could lose, even with every Screen you could make"
        )

    def act(self, st: GameState, fr: PhaseFrame, action: Action) -> None:
        b = _battle(st, fr)
        who = self._who(b)
        if isinstance(action, Done):  # (told: an AI's step read as a header and no line)
            log(st, f"{who} is done with Cavalry (1.10).")
            _goto(st, fr, self.then)
            return
        assert isinstance(action, Charge | Screen)
        own, other = self._dice(b)
        lose_cavalry(st, who, 1)
        if isinstance(action, Charge):
            value = own[action.die - 1]
            assert value is not None
            own[action.die - 1] = value - 1
            own_units = _att_units(b) if self.attacker else _def_units(st, b)
            log(
                st,
                f"{who} Charges: die {action.die} ({a_die(value)}) becomes {a_die(value - 1)}"
                f"{_now(value, value - 1, own_units)}.",
            )
        else:
            value = other[action.die - 1]
            assert value is not None
            other_units = _def_units(st, b) if self.attacker else _att_units(b)
            hit = _hit(value, other_units)
            log(
                st,
                f"{who} Screens: the opponent's die {action.die} ({a_die(value)}) is removed"
                f"{', one hit fewer' if hit else ''}.",
            )
            other[action.die - 1] = None

    def prompt(self, st: GameState, fr: PhaseFrame) -> str:
        b = _battle(st, fr)
        me = "attacker" if self.attacker else "defender"
        # what Charge and Screen do (1.10) is in the table's help, not on every battle message
        steps = self._cav_actions(st, b)
        idle = all(self.futile(st, fr, a) for a in steps if isinstance(a, Charge | Screen))
        return (
            f"Attack in {board().name(b.space)}: as the {me}, Cavalry (charge N, screen N) or "
            f"done. Attacker dice {marked(b.att_dice, _att_units(b))}, defender dice "
            f"{marked(b.def_dice, _def_units(st, b))} (✓ hits, ✗ misses)."
            + (" No Cavalry spend changes a casualty now." if steps and idle else "")
        )


@handler
class AttackerCavalry(CavalryPhase):
    kind = "battle:att_cav"


@handler
class DefenderCavalry(CavalryPhase):
    """The defender decides here, even off-turn."""

    kind = "battle:def_cav"
    attacker = False
    then = "resolve"


def _why_cavalry(st: GameState, b: BattleFrame, phase: str, action: Charge | Screen) -> str:
    if phase not in ("att_cav", "def_cav"):
        return "Cavalry is used after the dice are rolled, the attacker first (1.10)"
    attacker = phase == "att_cav"
    who = b.faction if attacker else b.defender
    assert who is not None
    if st.cavalry.get(who, 0) <= 0:
        return f"{FACTION_NAMES[who]} has no Cavalry token left (1.10)"
    own, other = (b.att_dice, b.def_dice) if attacker else (b.def_dice, b.att_dice)
    dice = own if isinstance(action, Charge) else other
    if not 1 <= action.die <= len(dice) or dice[action.die - 1] is None:
        live = [str(i + 1) for i, v in enumerate(dice) if v is not None]
        return f"there is no die {action.die} to use; the dice are numbered {', '.join(live) or 'none'} (1.10)"
    value = dice[action.die - 1]
    if isinstance(action, Screen):
        return f"die {action.die} shows 1, and a Screen cannot remove a 1 (1.10)"
    return f"die {action.die} shows {value}: a Charge lowers a die by one, never below 1 (1.10)"


def _every(pieces: int) -> str:
    """Pieces counted as all there are: "all 3 pieces", "the 1 piece"."""
    return f"{'the' if pieces == 1 else 'all'} {count_of(pieces, 'piece')}"


def _casualty_options(st: GameState, b: BattleFrame, attacker: bool) -> dict[str, dict[Piece, int]]:
    """The pieces a side may lose, by space: the attacker its involved Units, the defender
    its pieces in the space (3.2.4)."""
    if attacker:
        out: dict[str, dict[Piece, int]] = {}
        for space, by_piece in b.involved.items():
            for p, n in by_piece.items():
                n = min(n, count(st, space, p))
                if n > 0:
                    out.setdefault(space, {})[p] = n
        return out
    there = st.spaces[b.space].pieces
    here = {p: n for p in PIECES_OF[_defender(b)] if (n := there.get(p, 0))}
    return {b.space: here} if here else {}


def _exposed(st: GameState, b: BattleFrame, attacker: bool) -> int:
    """How many pieces a side could lose as casualties."""
    return sum(n for by in _casualty_options(st, b, attacker).values() for n in by.values())


@handler
class ResolvePhase(Phase):
    """The hits each side scores, and so the casualties each side owes."""

    kind = "battle:resolve"

    def is_auto(self, st: GameState, fr: PhaseFrame) -> bool:
        return True

    def run(self, st: GameState, fr: PhaseFrame) -> None:
        b = _battle(st, fr)
        b.att_hits = hits(b.att_dice, _att_units(b))
        b.def_hits = hits(b.def_dice, _def_units(st, b))
        b.att_owed = b.def_hits  # the attacker removes pieces equal to the defender's hits
        b.def_owed = b.att_hits
        log(st, f"Hits scored: {b.faction} {b.att_hits}, {b.defender} {b.def_hits}.")
        _goto(st, fr, "att_cas")


class Casualties(Phase):
    """Each side removes its own casualties, the attacker first (the attacker from its
    involved Units); it chooses only when it has a choice."""

    then: BattlePhase = "def_cas"

    def _owed(self, b: BattleFrame) -> int:
        return b.att_owed if self.attacker else b.def_owed

    def _options(self, st: GameState, b: BattleFrame) -> dict[str, dict[Piece, int]]:
        return _casualty_options(st, b, self.attacker)

    def is_auto(self, st: GameState, fr: PhaseFrame) -> bool:
        b = _battle(st, fr)
        opts = self._options(st, b)
        total = sum(n for by in opts.values() for n in by.values())
        kinds = sum(len(by) for by in opts.values())
        return self._owed(b) <= 0 or total <= self._owed(b) or kinds <= 1

    def run(self, st: GameState, fr: PhaseFrame) -> None:
        b = _battle(st, fr)
        owed = self._owed(b)
        for space, by in self._options(st, b).items():
            for piece, n in by.items():
                k = min(owed, n)
                if k > 0:
                    self._lose(st, b, space, piece, k)
                    owed -= k
        _goto(st, fr, self.then)

    def actions(self, st: GameState, fr: PhaseFrame) -> list[Action]:
        return [
            interned(Remove, piece=p, count=1, space=s)
            for s, by in sorted(self._options(st, _battle(st, fr)).items())
            for p in sorted(by)
        ]

    def act(self, st: GameState, fr: PhaseFrame, action: Action) -> None:
        assert isinstance(action, Remove)
        b = _battle(st, fr)
        self._lose(st, b, action.space, action.piece, 1)
        if self._owed(b) <= 0 or not self._options(st, b):
            _goto(st, fr, self.then)

    def _lose(self, st: GameState, b: BattleFrame, space: str, piece: Piece, n: int) -> None:
        removed = remove(st, space, piece, n)
        if self.attacker:
            b.att_owed -= removed
            b.att_removed += removed
            # the casualties were involved Units: gone, they no longer count as used (3.1.2)
            for counted in (b.involved.get(space, {}), _used(st, b).get(space, {})):
                if piece in counted:
                    counted[piece] = max(0, counted[piece] - removed)
        else:
            b.def_owed -= removed
            b.def_removed += removed
        log(st, f"{OWNER[piece]} loses {pieces(removed, piece)} in {board().name(space)}.")

    def prompt(self, st: GameState, fr: PhaseFrame) -> str:
        b = _battle(st, fr)
        return f"Attack in {board().name(b.space)}: remove {self._owed(b)} of your pieces as casualties."


@handler
class AttackerCasualties(Casualties):
    kind = "battle:att_cas"


@handler
class DefenderCasualties(Casualties):
    kind = "battle:def_cas"
    attacker = False
    then = "end"


@handler
class EndPhase(Phase):
    """The battle is over: between the Deccan factions, the side that lost fewer pieces
    gains Influence (3.3.4, 3.4.4)."""

    kind = "battle:end"

    def is_auto(self, st: GameState, fr: PhaseFrame) -> bool:
        return True

    def run(self, st: GameState, fr: PhaseFrame) -> None:
        b = _battle(st, fr)
        finish(st, fr)
        finish(st, b)
        if b.defender is None:
            return
        if {b.faction, b.defender} == {Faction.B, Faction.V}:
            att, dfn = b.faction, b.defender
            assert att is not None
            if b.att_removed != b.def_removed:
                winner, loser = (att, dfn) if b.att_removed < b.def_removed else (dfn, att)
                change_influence(st, loser, -1)
                change_influence(st, winner, +1)
