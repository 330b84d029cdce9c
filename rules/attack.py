"""Attack (3.2.4, 3.3.4, 3.4.4), the Mongol battles (3.5.3, 2.6) and Cavalry (1.10).

A battle is one frame that walks through its phases: defender, support, dice, the
attacker's Cavalry, the defender's Cavalry (the defender decides, even off-turn), hits,
casualties (each side chooses its own), and the Bahmani-Vijayanagara Influence shift.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .actions import (
    Action,
    Charge,
    Done,
    Remove,
    Roll,
    Screen,
    Select,
    Support,
    Target,
    interned_select,
)
from .board import DELHI, board
from .chance import ChanceNode, dice_node
from .command_base import CommandHandler
from .engine import Handler, finish, handler, push
from .flow import change_influence
from .forces import count, log, lose_cavalry, remove, set_all
from .model import (
    FACTION_NAMES,
    OWNER,
    PIECES_OF,
    STRUCTURE_OF,
    UNIT_KINDS,
    Faction,
    Frame,
    GameState,
    Piece,
)
from .words import PIECE_NAME, a, count_of, pieces

P = Piece
MAX_HITS = 5
# Units that may join from one adjacent space, and the Structure that lets them (3.2.4 ...)
SUPPORT: dict[Faction, tuple[Piece, int]] = {
    Faction.D: (P.QASBAH, 2),
    Faction.B: (P.FORT, 2),
    Faction.V: (P.TEMPLE, 1),
}


def defenders(st: GameState, attacker: Faction, space: str) -> list[Faction]:
    """Who may be targeted in this space by this attacker."""
    sp = st.spaces[space]
    out: list[Faction] = []
    if attacker == Faction.D:
        # 3.2.4: a Rebelling Unit, or a Structure with none of that Faction's Units
        for f in (Faction.B, Faction.V, Faction.M):
            rebels = sum(
                sp.pieces.get(p, 0)
                for p in UNIT_KINDS[f]
                if p in (P.REBEL_AMIR, P.REBEL_RAJA, P.MONGOL)
            )
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


@handler
class AttackCommand(CommandHandler):
    kind = "cmd:attack"
    name = "attack"

    def candidates(self, st: GameState, fr: Frame) -> Iterator[str]:
        assert fr.faction is not None
        if not self.can_select_more(st, fr):
            return iter(())
        return (
            s for s in board().spaces if self.space_ok(st, fr, s) and defenders(st, fr.faction, s)
        )

    def command_choices(self, st: GameState, fr: Frame) -> Iterator[Action]:
        return (interned_select(s) for s in self.candidates(st, fr))

    def command_act(self, st: GameState, fr: Frame, action: Action) -> None:
        assert isinstance(action, Select) and fr.faction is not None
        self.pay(st, fr, action.space)
        log(st, f"{fr.faction} Attacks in {board().name(action.space)}.")
        start_battle(st, fr.faction, action.space, parent=len(st.frames) - 1)

    def command_why(self, st: GameState, fr: Frame, action: Action) -> str | None:
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


def start_battle(
    st: GameState,
    attacker: Faction,
    space: str,
    *,
    parent: int | None = None,
    defender: Faction | None = None,
    consequences: bool = True,
) -> Frame:
    return push(
        st,
        "battle",
        attacker,
        space=space,
        parent=parent,
        defender=defender,
        phase="target",
        support_from=None,
        support={},
        involved={},
        att_dice=[],
        def_dice=[],
        att_removed=0,
        def_removed=0,
        consequences=consequences,
    )


def _used(st: GameState, fr: Frame) -> dict[str, dict[str, int]]:
    parent = fr.data["parent"]
    if parent is None:
        local: dict[str, dict[str, int]] = fr.data.setdefault("used_local", {})
        return local
    used: dict[str, dict[str, int]] = st.frames[parent].data.setdefault("used", {})
    return used


def _free_units(st: GameState, fr: Frame, space: str, piece: Piece) -> int:
    """Units not yet involved in an attack this Command (3.1.2); reads, never writes."""
    parent = fr.data["parent"]
    used = (
        fr.data.get("used_local", {}) if parent is None else st.frames[parent].data.get("used", {})
    )
    return count(st, space, piece) - int(used.get(space, {}).get(piece.value, 0))


def _mark_used(st: GameState, fr: Frame, space: str, piece: Piece, n: int) -> None:
    used = _used(st, fr).setdefault(space, {})
    used[piece.value] = used.get(piece.value, 0) + n
    inv = fr.data["involved"].setdefault(space, {})
    inv[piece.value] = inv.get(piece.value, 0) + n


def _att_units(fr: Frame) -> int:
    return sum(n for by_piece in fr.data["involved"].values() for n in by_piece.values())


@handler
class Battle(Handler):
    kind = "battle"

    # -- who decides -----------------------------------------------------------------
    def decider(self, st: GameState, fr: Frame) -> Faction | None:
        phase = fr.data["phase"]
        if phase in ("def_cav", "def_cas"):
            return Faction(fr.data["defender"])
        return fr.faction

    # -- automatic phases -------------------------------------------------------------
    def is_auto(self, st: GameState, fr: Frame) -> bool:
        phase = fr.data["phase"]
        if phase in ("resolve", "end"):
            return True
        if phase == "target":
            return fr.data["defender"] is not None or len(self._targets(st, fr)) <= 1
        if phase == "support":
            return len(self._support_actions(st, fr)) == 0
        if phase == "att_cav":
            return fr.faction == Faction.M or not self._cav_actions(st, fr, attacker=True)
        if phase == "def_cav":
            return fr.data["defender"] == Faction.M or not self._cav_actions(st, fr, attacker=False)
        if phase in ("att_cas", "def_cas"):
            return self._casualty_auto(st, fr)
        return False

    def run(self, st: GameState, fr: Frame) -> None:
        d = fr.data
        phase = d["phase"]
        if phase == "target":
            targets = self._targets(st, fr)
            if d["defender"] is None and not targets:
                d["phase"] = "end"
                return
            self._set_target(st, fr, Faction(d["defender"] or targets[0]))
        elif phase == "support":
            d["phase"] = "roll"
        elif phase == "att_cav":
            if fr.faction == Faction.M:
                self._mongol_charge(st, fr, d["att_dice"], _att_units(fr))
            d["phase"] = "def_cav"
        elif phase == "def_cav":
            if d["defender"] == Faction.M:
                self._mongol_charge(st, fr, d["def_dice"], self._def_units(st, fr))
            d["phase"] = "resolve"
        elif phase == "resolve":
            self._resolve(st, fr)
        elif phase in ("att_cas", "def_cas"):
            self._auto_casualties(st, fr)
        elif phase == "end":
            self._end(st, fr)

    # -- target ---------------------------------------------------------------------
    def _targets(self, st: GameState, fr: Frame) -> list[Faction]:
        assert fr.faction is not None
        return defenders(st, fr.faction, fr.data["space"])

    def _set_target(self, st: GameState, fr: Frame, defender: Faction) -> None:
        d = fr.data
        space = d["space"]
        d["defender"] = defender.value
        if fr.faction == Faction.D and defender in (Faction.B, Faction.V):
            set_all(st, space, defender, rebelling=True)  # 3.2.4: set all to Rebelling
        assert fr.faction is not None
        for piece in UNIT_KINDS[fr.faction]:
            n = (
                _free_units(st, fr, space, piece)
                if fr.faction != Faction.M
                else count(st, space, piece)
            )
            if n:
                _mark_used(st, fr, space, piece, n)
        d["phase"] = "support" if fr.faction in SUPPORT else "roll"
        log(
            st,
            f"{FACTION_NAMES[Faction(fr.faction)]} attacks {FACTION_NAMES[defender]} in {board().name(space)}.",
        )

    # -- support --------------------------------------------------------------------
    def _support_actions(self, st: GameState, fr: Frame) -> list[Action]:
        assert fr.faction is not None
        d = fr.data
        structure, cap = SUPPORT[fr.faction]
        joined = sum(d["support"].values())
        if joined >= cap:
            return []
        space = d["space"]
        origins = [d["support_from"]] if d["support_from"] else sorted(board().adjacency[space])
        out: list[Action] = []
        for origin in origins:
            if not count(st, origin, structure):
                continue
            if fr.faction != Faction.D and not board().is_province(origin):
                continue
            for piece in UNIT_KINDS[fr.faction]:
                free = _free_units(st, fr, origin, piece)
                for k in range(1, min(free, cap - joined) + 1):
                    out.append(Support(piece=piece, count=k, space=origin))
        return out

    # -- dice -----------------------------------------------------------------------
    def chance(self, st: GameState, fr: Frame) -> ChanceNode | None:
        if fr.data["phase"] != "roll":
            return None
        return dice_node(self._attack_dice(st, fr) + 2, board().name(fr.data["space"]))

    def _attack_dice(self, st: GameState, fr: Frame) -> int:
        space = fr.data["space"]
        defender = Faction(fr.data["defender"])
        if fr.faction == Faction.M and space == DELHI:
            return 3  # 3.5.3
        if (
            defender == Faction.B
            and fr.faction in (Faction.D, Faction.V)
            and count(st, space, P.FORT)
        ):
            return 3  # 3.2.4, 3.4.4
        return 4

    def _roll(self, st: GameState, fr: Frame, roll: Roll) -> None:
        """The dice, attacker's then defender's two (a chance outcome)."""
        d = fr.data
        space = d["space"]
        defender = Faction(d["defender"])
        n_att = self._attack_dice(st, fr)
        att: list[int | None] = list(roll.dice[:n_att])
        dfn: list[int | None] = list(roll.dice[n_att:])
        d["att_dice"] = att
        d["def_dice"] = dfn
        d["phase"] = "att_cav"
        log(
            st,
            f"Dice in {board().name(space)}: {fr.faction} rolls {_fmt(att)} "
            f"({count_of(_att_units(fr), 'Unit')} involved); {defender} rolls {_fmt(dfn)} "
            f"({count_of(self._def_units(st, fr), 'Unit')} involved).",
        )

    def _def_units(self, st: GameState, fr: Frame) -> int:
        return st.spaces[fr.data["space"]].units_of(Faction(fr.data["defender"]))

    def _mongol_charge(self, st: GameState, fr: Frame, dice: list[int | None], units: int) -> None:
        i = mongol_charge(dice, units)
        if i is not None:
            value = dice[i]
            assert value is not None
            dice[i] = value - 1
            log(st, f"The Mongol Cavalry token Charges: a {value} becomes {value - 1} (1.10).")

    # -- cavalry --------------------------------------------------------------------
    def _cav_actions(self, st: GameState, fr: Frame, attacker: bool) -> list[Action]:
        d = fr.data
        who = fr.faction if attacker else Faction(d["defender"])
        assert who is not None
        if who == Faction.M or st.cavalry.get(who, 0) <= 0:
            return []
        own = d["att_dice"] if attacker else d["def_dice"]
        other = d["def_dice"] if attacker else d["att_dice"]
        out: list[Action] = []
        out += [Charge(die=i + 1) for i, v in enumerate(own) if v is not None and v > 1]
        out += [Screen(die=i + 1) for i, v in enumerate(other) if v is not None and v != 1]
        return out

    # -- resolution -----------------------------------------------------------------
    def _resolve(self, st: GameState, fr: Frame) -> None:
        d = fr.data
        att_hits = hits(d["att_dice"], _att_units(fr))
        def_hits = hits(d["def_dice"], self._def_units(st, fr))
        d["att_hits"] = att_hits
        d["def_hits"] = def_hits
        d["att_owed"] = def_hits  # the attacker removes pieces equal to the defender's hits
        d["def_owed"] = att_hits
        log(st, f"Hits scored: {fr.faction} {att_hits}, {d['defender']} {def_hits}.")
        d["phase"] = "att_cas"

    def _casualty_options(self, st: GameState, fr: Frame) -> dict[str, dict[Piece, int]]:
        d = fr.data
        if d["phase"] == "att_cas":
            out: dict[str, dict[Piece, int]] = {}
            for space, by_piece in d["involved"].items():
                for pv, n in by_piece.items():
                    n = min(n, count(st, space, Piece(pv)))
                    if n > 0:
                        out.setdefault(space, {})[Piece(pv)] = n
            return out
        defender = Faction(d["defender"])
        space = d["space"]
        here = {p: count(st, space, p) for p in PIECES_OF[defender] if count(st, space, p)}
        return {space: here} if here else {}

    def _owed(self, fr: Frame) -> int:
        return int(fr.data["att_owed"] if fr.data["phase"] == "att_cas" else fr.data["def_owed"])

    def _casualty_auto(self, st: GameState, fr: Frame) -> bool:
        opts = self._casualty_options(st, fr)
        total = sum(n for by in opts.values() for n in by.values())
        kinds = sum(len(by) for by in opts.values())
        return self._owed(fr) <= 0 or total <= self._owed(fr) or kinds <= 1

    def _auto_casualties(self, st: GameState, fr: Frame) -> None:
        owed = self._owed(fr)
        for space, by in self._casualty_options(st, fr).items():
            for piece, n in by.items():
                k = min(owed, n)
                if k > 0:
                    self._lose(st, fr, space, piece, k)
                    owed -= k
        self._next_casualty_phase(fr)

    def _lose(self, st: GameState, fr: Frame, space: str, piece: Piece, n: int) -> None:
        d = fr.data
        removed = remove(st, space, piece, n)
        if d["phase"] == "att_cas":
            d["att_owed"] -= removed
            d["att_removed"] += removed
            # the casualties were involved Units: gone, they no longer count as used (3.1.2)
            for counted in (d["involved"].get(space, {}), _used(st, fr).get(space, {})):
                if piece.value in counted:
                    counted[piece.value] = max(0, counted[piece.value] - removed)
        else:
            d["def_owed"] -= removed
            d["def_removed"] += removed
        log(st, f"{OWNER[piece]} loses {pieces(removed, piece)} in {board().name(space)}.")

    def _next_casualty_phase(self, fr: Frame) -> None:
        fr.data["phase"] = "def_cas" if fr.data["phase"] == "att_cas" else "end"

    def _end(self, st: GameState, fr: Frame) -> None:
        d = fr.data
        finish(st, fr)
        if d["defender"] is None:
            return
        pair = {fr.faction, Faction(d["defender"])}
        if pair == {Faction.B, Faction.V}:
            # 3.3.4 / 3.4.4: the side that loses fewer pieces gains Influence
            att, dfn = fr.faction, Faction(d["defender"])
            assert att is not None
            if d["att_removed"] != d["def_removed"]:
                winner, loser = (att, dfn) if d["att_removed"] < d["def_removed"] else (dfn, att)
                change_influence(st, loser, -1)
                change_influence(st, winner, +1)
        if fr.faction == Faction.M:
            st.frames[-1].data["battle_result"] = {"att": d["att_removed"], "def": d["def_removed"]}

    # -- decisions --------------------------------------------------------------------
    def actions(self, st: GameState, fr: Frame) -> list[Action]:
        phase = fr.data["phase"]
        if phase == "target":
            return [Target(faction=f) for f in self._targets(st, fr)]
        if phase == "support":
            return [*self._support_actions(st, fr), Done()]
        if phase == "att_cav":
            return [*self._cav_actions(st, fr, attacker=True), Done()]
        if phase == "def_cav":
            return [*self._cav_actions(st, fr, attacker=False), Done()]
        if phase in ("att_cas", "def_cas"):
            return [
                Remove(piece=p, count=1, space=s)
                for s, by in sorted(self._casualty_options(st, fr).items())
                for p in sorted(by)
            ]
        return []

    def act(self, st: GameState, fr: Frame, action: Action) -> None:
        d = fr.data
        phase = d["phase"]
        if isinstance(action, Roll):
            self._roll(st, fr, action)
        elif isinstance(action, Target):
            self._set_target(st, fr, action.faction)
        elif isinstance(action, Support):
            d["support_from"] = action.space
            d["support"][action.piece.value] = (
                d["support"].get(action.piece.value, 0) + action.count
            )
            _mark_used(st, fr, action.space, action.piece, action.count)
            log(
                st,
                f"{pieces(action.count, action.piece)} join the Attack from {board().name(action.space)}.",
            )
        elif isinstance(action, Done):
            d["phase"] = {"support": "roll", "att_cav": "def_cav", "def_cav": "resolve"}[phase]
        elif isinstance(action, Charge | Screen):
            attacker = phase == "att_cav"
            who = fr.faction if attacker else Faction(d["defender"])
            assert who is not None
            own = d["att_dice"] if attacker else d["def_dice"]
            other = d["def_dice"] if attacker else d["att_dice"]
            lose_cavalry(st, who, 1)
            if isinstance(action, Charge):
                own[action.die - 1] -= 1
                log(st, f"{who} Charges: its die {action.die} becomes {own[action.die - 1]}.")
            else:
                log(
                    st,
                    f"{who} Screens the opponent's die {action.die} (a {other[action.die - 1]}).",
                )
                other[action.die - 1] = None
        elif isinstance(action, Remove):
            self._lose(st, fr, action.space, action.piece, 1)
            if self._owed(fr) <= 0 or not self._casualty_options(st, fr):
                self._next_casualty_phase(fr)

    def why(self, st: GameState, fr: Frame, action: Action) -> str | None:
        """The rule and the limit behind a refused battle step."""
        d = fr.data
        phase = d["phase"]
        if isinstance(action, Charge | Screen):
            return self._why_cavalry(st, fr, action)
        if isinstance(action, Support):
            if phase != "support":
                return "Units join an Attack only before the dice are rolled (3.2.4)"
            assert fr.faction is not None
            structure, cap = SUPPORT[fr.faction]
            joined = sum(d["support"].values())
            if action.count > cap - joined:
                return (
                    f"at most {count_of(cap, 'Unit')} may join from a space with "
                    f"{a(PIECE_NAME[structure])}, and {joined} already joined (3.2.4)"
                )
            if d["support_from"] and action.space != d["support_from"]:
                return f"Units join from one adjacent space only: {board().name(d['support_from'])} (3.2.4)"
            return (
                f"Units join only from an adjacent space with your {PIECE_NAME[structure]} "
                "and free Units there (3.2.4)"
            )
        return None

    def _why_cavalry(self, st: GameState, fr: Frame, action: Charge | Screen) -> str | None:
        d = fr.data
        if d["phase"] not in ("att_cav", "def_cav"):
            return "Cavalry is used after the dice are rolled, the attacker first (1.10)"
        attacker = d["phase"] == "att_cav"
        who = fr.faction if attacker else Faction(d["defender"])
        assert who is not None
        if st.cavalry.get(who, 0) <= 0:
            return f"{FACTION_NAMES[who]} has no Cavalry token left (1.10)"
        own = d["att_dice"] if attacker else d["def_dice"]
        other = d["def_dice"] if attacker else d["att_dice"]
        dice = own if isinstance(action, Charge) else other
        if not 1 <= action.die <= len(dice) or dice[action.die - 1] is None:
            live = [str(i + 1) for i, v in enumerate(dice) if v is not None]
            return f"there is no die {action.die} to use; the dice are numbered {', '.join(live) or 'none'} (1.10)"
        value = dice[action.die - 1]
        if isinstance(action, Screen):
            return f"die {action.die} shows 1, and a Screen cannot remove a 1 (1.10)"
        return f"die {action.die} shows {value}: a Charge lowers a die by one, never below 1 (1.10)"

    def prompt(self, st: GameState, fr: Frame) -> str:
        d = fr.data
        phase = d["phase"]
        where = board().name(d["space"])
        if phase == "target":
            return f"Attack in {where}: choose the defending faction."
        if phase == "support":
            return f"Attack in {where}: Units may join from one adjacent space with your Structure; done when ready."
        if phase in ("att_cav", "def_cav"):
            me = "attacker" if phase == "att_cav" else "defender"
            # what Charge and Screen do (1.10) is in `/vj help`, not on every battle message
            return (
                f"Attack in {where}: as the {me}, Cavalry (charge N, screen N) or done. "
                f"Attacker dice {_fmt(d['att_dice'])}, defender dice {_fmt(d['def_dice'])}."
            )
        if phase in ("att_cas", "def_cas"):
            return f"Attack in {where}: remove {self._owed(fr)} of your pieces as casualties."
        return f"Attack in {where}"


def _fmt(dice: list[Any]) -> str:
    return "[" + " ".join("-" if v is None else str(v) for v in dice) + "]"
