"""Typed frames: one class per kind of pending procedure, every field named and typed.

Slotted dataclasses on the engine's hot path (a copy is a few dict and list copies); pydantic
reads and writes them at the JSON boundary as a union told apart by `kind`. Kinds without a
class of their own yet are the generic `model.Frame` (`data`: its fields by name).

States stored before frames were typed hold every frame as `{kind, faction, data: {...}}`,
with a battle's parent as a stack index; `upgrade_frames` turns them into these classes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import Discriminator, Tag

from .model import Faction, Frame, Piece

# Units by space and kind: Units that arrived, were involved, or are used (3.1.2).
Units = dict[str, dict[Piece, int]]


def _copy_units(units: Units) -> Units:
    return {space: dict(by_kind) for space, by_kind in units.items()}


@dataclass(slots=True)
class CommandFrame:
    """A Command in progress (3.1); kind is "cmd:<command>"."""

    kind: str
    faction: Faction | None
    id: int = 0  # unique on the stack: a battle names the Attack it belongs to by it
    limited: bool = False  # a Limited Command (2.3.5)
    free: bool = False  # costs no Resources (3.1.3)
    max: int | None = None  # at most this many spaces
    allowed: list[str] | None = None  # an Event's spaces (2.3.4)
    ignore_dynasty: bool = False  # an Event's Rebel during the Khalji Dynasty
    must_select: bool = False  # may not end before selecting a space
    selected: list[str] = field(default_factory=list)
    arrived: Units = field(default_factory=dict)  # March, Migrate: by destination (3.1.2)
    shifted: bool = False  # Migrate's Influence shift taken (3.3.2, 3.4.2)
    used: Units = field(default_factory=dict)  # Attack: Units already involved (3.1.2)

    @property
    def command(self) -> str:
        return self.kind.removeprefix("cmd:")

    def copy(self) -> CommandFrame:
        return CommandFrame(
            self.kind,
            self.faction,
            self.id,
            self.limited,
            self.free,
            self.max,
            None if self.allowed is None else list(self.allowed),
            self.ignore_dynasty,
            self.must_select,
            list(self.selected),
            _copy_units(self.arrived),
            self.shifted,
            _copy_units(self.used),
        )


BattlePhase = Literal[
    "target", "support", "roll", "att_cav", "def_cav", "resolve", "att_cas", "def_cas", "end"
]


@dataclass(slots=True)
class BattleFrame:
    """One battle (3.2.4, 3.3.4, 3.4.4, 3.5.3): the attacker is `faction`."""

    kind: str  # "battle"
    faction: Faction | None
    space: str
    id: int = 0
    parent: int | None = None  # the id of the Attack Command it belongs to, if any
    defender: Faction | None = None
    support_from: str | None = None
    support: dict[Piece, int] = field(default_factory=dict)
    involved: Units = field(default_factory=dict)  # the attacker's Units in the battle
    used_local: Units = field(default_factory=dict)  # `used` of a battle without a Command
    att_dice: list[int | None] = field(default_factory=list)
    def_dice: list[int | None] = field(default_factory=list)
    att_hits: int = 0
    def_hits: int = 0
    att_owed: int = 0  # casualties each side still removes
    def_owed: int = 0
    att_removed: int = 0
    def_removed: int = 0

    def copy(self) -> BattleFrame:
        return BattleFrame(
            self.kind,
            self.faction,
            self.space,
            self.id,
            self.parent,
            self.defender,
            self.support_from,
            dict(self.support),
            _copy_units(self.involved),
            _copy_units(self.used_local),
            list(self.att_dice),
            list(self.def_dice),
            self.att_hits,
            self.def_hits,
            self.att_owed,
            self.def_owed,
            self.att_removed,
            self.def_removed,
        )


@dataclass(slots=True)
class PhaseFrame:
    """The current phase of a battle; kind is "battle:<phase>", faction the attacker."""

    kind: str
    faction: Faction | None
    id: int = 0
    battle: int = 0  # the id of its BattleFrame

    @property
    def phase(self) -> str:
        return self.kind.removeprefix("battle:")

    def copy(self) -> PhaseFrame:
        return PhaseFrame(self.kind, self.faction, self.id, self.battle)


TypedFrame = CommandFrame | BattleFrame | PhaseFrame
AnyFrame = TypedFrame | Frame


def _tag(value: object) -> str:
    kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
    if not isinstance(kind, str):
        return "frame"
    if kind.startswith("cmd:"):
        return "command"
    if kind.startswith("battle:"):
        return "phase"
    return "battle" if kind == "battle" else "frame"


# The frames field of the state: the class by kind.
FrameField = Annotated[
    Annotated[CommandFrame, Tag("command")]
    | Annotated[BattleFrame, Tag("battle")]
    | Annotated[PhaseFrame, Tag("phase")]
    | Annotated[Frame, Tag("frame")],
    Discriminator(_tag),
]


def next_id(frames: list[AnyFrame]) -> int:
    """An id no frame on the stack has."""
    return 1 + max((fr.id for fr in frames if not isinstance(fr, Frame)), default=0)


def upgrade_frames(frames: object) -> object:
    """Old stored frames ({kind, faction, data}) as the typed classes' fields. A battle's
    phase becomes a frame above it, and its parent, once a stack index, the id of that
    frame."""
    if not isinstance(frames, list):
        return frames
    out: list[object] = []
    for i, raw in enumerate(frames):
        tag = _tag(raw)
        if not (isinstance(raw, dict) and isinstance(raw.get("data"), dict)) or tag == "frame":
            out.append(raw)
            continue
        cls = CommandFrame if tag == "command" else BattleFrame
        known = set(cls.__dataclass_fields__)
        flat = {k: v for k, v in raw["data"].items() if k in known}
        flat |= {"kind": raw.get("kind"), "faction": raw.get("faction"), "id": i + 1}
        out.append(flat)
        if tag == "battle":
            parent = flat.get("parent")
            flat["parent"] = parent + 1 if isinstance(parent, int) and 0 <= parent < i else None
            phase = raw["data"].get("phase", "target")
            # a phase frame's id: above any index-based id of this stack
            phase_id = len(frames) + 1 + i
            out.append(
                {
                    "kind": f"battle:{phase}",
                    "faction": flat["faction"],
                    "id": phase_id,
                    "battle": i + 1,
                }
            )
    return out
