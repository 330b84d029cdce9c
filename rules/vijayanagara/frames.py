"""Typed frames: one class per kind of pending procedure, every field named and typed.

Slotted dataclasses on the engine's hot path (a copy is a few dict and list copies; a frame
whose fields never change once push_frame has numbered it is shared by the copy of a state
instead); pydantic reads and writes them at the JSON boundary as a union told apart by
`kind`. The Event's frames hold typed event steps (event_steps.py), stored in their
deck-file form.

States stored before frames were typed hold a frame as `{kind, faction, data: {...}}`, with
a battle's parent as a stack index; `upgrade_frames` turns them into these classes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal, NamedTuple

from pydantic import Discriminator, Tag

from .event_steps import FactionName, Nested, WrittenEach, WrittenOption, WrittenWhere
from .factions import Faction, Piece

# Units by space and kind: Units that arrived, were involved, or are used (3.1.2).
Units = dict[str, dict[Piece, int]]


def _copy_units(units: Units) -> Units:
    return {space: dict(by_kind) for space, by_kind in units.items()} if units else {}


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
        return self  # never changed once on the stack: a forked state shares it


@dataclass(slots=True)
class PlainFrame:
    """A frame that holds nothing but who it is for: the game, a card, a turn, a Mongol
    Advance, a free Limited Command's choice, a Decree carried out at once."""

    kind: str
    faction: Faction | None
    id: int = 0

    def copy(self) -> PlainFrame:
        return self  # never changed once on the stack: a forked state shares it


@dataclass(slots=True)
class ChooseCommandFrame:
    """Which Command: for a Command alone, or a Limited Command (2.3.3, 2.3.5)."""

    kind: str
    faction: Faction | None
    id: int = 0
    mode: Literal["alone", "limited"] = "alone"

    def copy(self) -> ChooseCommandFrame:
        return self  # never changed once on the stack: a forked state shares it


@dataclass(slots=True)
class CommandDecreeFrame:
    """A Command and a Decree, in either order (4.1): which of them are chosen."""

    kind: str
    faction: Faction | None
    id: int = 0
    command: bool = False
    decree: bool = False

    def copy(self) -> CommandDecreeFrame:
        return CommandDecreeFrame(self.kind, self.faction, self.id, self.command, self.decree)


@dataclass(slots=True)
class CavalryFromFrame:
    """Cavalry tokens still owed while the pool is empty (1.10)."""

    kind: str
    faction: Faction | None
    id: int = 0
    owed: int = 0

    def copy(self) -> CavalryFromFrame:
        return CavalryFromFrame(self.kind, self.faction, self.id, self.owed)


@dataclass(slots=True)
class RefillFrame:
    """Emptied Influence slots to refill (1.9)."""

    kind: str
    faction: Faction | None
    id: int = 0
    levels: list[int] = field(default_factory=list)
    need: int = 0

    def copy(self) -> RefillFrame:
        return RefillFrame(self.kind, self.faction, self.id, list(self.levels), self.need)


@dataclass(slots=True)
class GovernSpaceFrame:
    """Govern in a space with a Governor (3.2.3)."""

    kind: str
    faction: Faction | None
    id: int = 0
    space: str = ""
    removed: int = 0  # Obedient Units removed
    qasbah: bool = False  # a Qasbah placed

    def copy(self) -> GovernSpaceFrame:
        return GovernSpaceFrame(
            self.kind, self.faction, self.id, self.space, self.removed, self.qasbah
        )


@dataclass(slots=True)
class CampaignFrame:
    """Campaign (4.2.2): where the carried Units are, what was taken and dropped, and what of
    the carried was taken where they stand (not moved yet: not dropped there)."""

    kind: str
    faction: Faction | None
    id: int = 0
    provinces_only: bool = False  # 2.5.1, 2.5.2: only Delhi and the Provinces
    origin: str | None = None
    at: str | None = None  # None until the origin is selected
    steps: int = 0
    carried: dict[Piece, int] = field(default_factory=dict)
    dropped: Units = field(default_factory=dict)
    taken_here: dict[Piece, int] = field(default_factory=dict)

    def copy(self) -> CampaignFrame:
        return CampaignFrame(
            self.kind,
            self.faction,
            self.id,
            self.provinces_only,
            self.origin,
            self.at,
            self.steps,
            dict(self.carried),
            _copy_units(self.dropped),
            dict(self.taken_here),
        )


@dataclass(slots=True)
class ConspireFrame:
    """Conspire (4.3.3): the Provinces done so far."""

    kind: str
    faction: Faction | None
    id: int = 0
    spaces: list[str] = field(default_factory=list)

    def copy(self) -> ConspireFrame:
        return ConspireFrame(self.kind, self.faction, self.id, list(self.spaces))


@dataclass(slots=True)
class CompelSpaceFrame:
    """Compel in one Province (4.4.3)."""

    kind: str
    faction: Faction | None
    id: int = 0
    space: str = ""
    placed: int = 0
    moved: int = 0
    origin: str | None = None  # where the moved Rajas came from
    removed: bool = False  # the piece to remove was removed (or none is due)
    removed_delhi: bool = False  # that piece was the Sultanate's

    def copy(self) -> CompelSpaceFrame:
        return CompelSpaceFrame(
            self.kind,
            self.faction,
            self.id,
            self.space,
            self.placed,
            self.moved,
            self.origin,
            self.removed,
            self.removed_delhi,
        )


@dataclass(slots=True)
class MongolInvasionFrame:
    """A Mongol Invasion card (2.4): Mongol Commands left, then Compromising Gifts."""

    kind: str
    faction: Faction | None
    id: int = 0
    left: int = 2

    def copy(self) -> MongolInvasionFrame:
        return MongolInvasionFrame(self.kind, self.faction, self.id, self.left)


@dataclass(slots=True)
class PlunderFrame:
    """Attack and Plunder (3.5.3): the space, once selected."""

    kind: str
    faction: Faction | None
    id: int = 0
    space: str | None = None
    stage: Literal["select", "after", "return"] = "select"  # "return": the Troops are removed

    def copy(self) -> PlunderFrame:
        return PlunderFrame(self.kind, self.faction, self.id, self.space, self.stage)


@dataclass(slots=True)
class RemoveTroopsFrame:
    """Troops the Sultanate still removes after a Plunder (3.5.3)."""

    kind: str
    faction: Faction | None
    id: int = 0
    owed: int = 0

    def copy(self) -> RemoveTroopsFrame:
        return RemoveTroopsFrame(self.kind, self.faction, self.id, self.owed)


@dataclass(slots=True)
class TimurFrame:
    """Timur invades Delhi (2.6): the step, and what this step did."""

    kind: str
    faction: Faction | None
    id: int = 0
    step: int = 0
    fought: bool = False
    plundered: bool = False

    def copy(self) -> TimurFrame:
        return TimurFrame(self.kind, self.faction, self.id, self.step, self.fought, self.plundered)


@dataclass(slots=True)
class SuccessionFrame:
    """A Succession card (2.5): which one, and its step."""

    kind: str
    faction: Faction | None
    id: int = 0
    which: str = ""
    step: int = 0

    def copy(self) -> SuccessionFrame:
        return SuccessionFrame(self.kind, self.faction, self.id, self.which, self.step)


@dataclass(slots=True)
class GainChoiceFrame:
    """Gain this many in any combination of Resources and Cavalry (2.5.2)."""

    kind: str
    faction: Faction | None
    id: int = 0
    total: int = 0

    def copy(self) -> GainChoiceFrame:
        return GainChoiceFrame(self.kind, self.faction, self.id, self.total)


@dataclass(slots=True)
class LordsFrame:
    """Lords of the Deccan (2.5.3): Influence bought so far."""

    kind: str
    faction: Faction | None
    id: int = 0
    times: int = 0

    def copy(self) -> LordsFrame:
        return LordsFrame(self.kind, self.faction, self.id, self.times)


class Queued(NamedTuple):
    """A step of an Event still to run (stored as [step, here, by])."""

    step: Nested
    here: str | None  # the space an `each` picked for it
    by: FactionName | None  # the faction a `by:` named to decide its choices (2.3.4)


SideName = Literal["unshaded", "shaded"]


@dataclass(slots=True)
class EventFrame:
    """An Event in progress (2.3.4): its card, the side chosen, and the steps still to run
    (the steps are never changed in place, so a copy shares them)."""

    kind: str  # "event"
    faction: Faction | None
    card: int
    id: int = 0
    side: SideName | None = None
    todo: list[Queued] = field(default_factory=list)

    def copy(self) -> EventFrame:
        return EventFrame(self.kind, self.faction, self.card, self.id, self.side, list(self.todo))


@dataclass(slots=True)
class EventChooseFrame:
    """A `choose` step: its options, and where and for whom its steps then run."""

    kind: str  # "event_choose"
    faction: Faction | None
    options: tuple[WrittenOption, ...]
    id: int = 0
    here: str | None = None
    by: FactionName | None = None

    def copy(self) -> EventChooseFrame:
        return EventChooseFrame(self.kind, self.faction, self.options, self.id, self.here, self.by)


@dataclass(slots=True)
class EventPickFrame:
    """An `each` (or a located step): the spaces still to select, and those selected."""

    kind: str  # "event_pick"
    faction: Faction | None
    step: WrittenEach
    id: int = 0
    here: str | None = None
    by: FactionName | None = None
    left: int = 0
    picked: list[str] = field(default_factory=list)
    all: bool = False  # `select: all`: every space that qualifies, without asking

    def copy(self) -> EventPickFrame:
        return EventPickFrame(
            self.kind,
            self.faction,
            self.step,
            self.id,
            self.here,
            self.by,
            self.left,
            list(self.picked),
            self.all,
        )


@dataclass(slots=True)
class EventPiecesFrame:
    """A remove or replace with a real choice of pieces (1.4.6): which kinds, how many."""

    kind: str  # "event_pieces"
    faction: Faction | None
    op: Literal["remove", "replace"]
    here: str
    id: int = 0
    kinds: list[Piece] = field(default_factory=list)
    new: Piece | None = None  # what a replace places
    left: int = 0

    def copy(self) -> EventPiecesFrame:
        return EventPiecesFrame(
            self.kind,
            self.faction,
            self.op,
            self.here,
            self.id,
            list(self.kinds),
            self.new,
            self.left,
        )


@dataclass(slots=True)
class EventMoveFrame:
    """A `move`: where from and to, which kinds, how many; the origin and destination once
    selected."""

    kind: str  # "event_move"
    faction: Faction | None
    from_: WrittenWhere
    to: WrittenWhere
    id: int = 0
    kinds: list[Piece] = field(default_factory=list)
    left: int = 0
    origin: str | None = None
    dest: str | None = None

    def copy(self) -> EventMoveFrame:
        return EventMoveFrame(
            self.kind,
            self.faction,
            self.from_,
            self.to,
            self.id,
            list(self.kinds),
            self.left,
            self.origin,
            self.dest,
        )


TypedFrame = (
    CommandFrame
    | BattleFrame
    | PhaseFrame
    | PlainFrame
    | ChooseCommandFrame
    | CommandDecreeFrame
    | CavalryFromFrame
    | RefillFrame
    | GovernSpaceFrame
    | CampaignFrame
    | ConspireFrame
    | CompelSpaceFrame
    | MongolInvasionFrame
    | PlunderFrame
    | RemoveTroopsFrame
    | TimurFrame
    | SuccessionFrame
    | GainChoiceFrame
    | LordsFrame
    | EventFrame
    | EventChooseFrame
    | EventPickFrame
    | EventPiecesFrame
    | EventMoveFrame
)
AnyFrame = TypedFrame  # the name the engine's modules use

# The class of each kind.
KINDS: dict[str, type[TypedFrame]] = {
    "battle": BattleFrame,
    "game": PlainFrame,
    "card": PlainFrame,
    "turn": PlainFrame,
    "mongol_advance": PlainFrame,
    "free_limited": PlainFrame,
    "choose_command": ChooseCommandFrame,
    "command_decree": CommandDecreeFrame,
    "cavalry_from": CavalryFromFrame,
    "refill": RefillFrame,
    "govern_space": GovernSpaceFrame,
    "dec:campaign": CampaignFrame,
    "dec:conspire": ConspireFrame,
    "compel_space": CompelSpaceFrame,
    "mongol_invasion": MongolInvasionFrame,
    "plunder": PlunderFrame,
    "remove_troops": RemoveTroopsFrame,
    "timur": TimurFrame,
    "succession": SuccessionFrame,
    "gain_choice": GainChoiceFrame,
    "lords": LordsFrame,
    "event": EventFrame,
    "event_choose": EventChooseFrame,
    "event_pick": EventPickFrame,
    "event_pieces": EventPiecesFrame,
    "event_move": EventMoveFrame,
}
PREFIXES: dict[str, type[TypedFrame]] = {
    "cmd:": CommandFrame,
    "battle:": PhaseFrame,
    "dec:": PlainFrame,
}


def frame_class(kind: str) -> type[TypedFrame] | None:
    """The class of this kind of frame, or None (no such kind)."""
    cls = KINDS.get(kind)
    if cls is None:
        prefix = kind[: kind.find(":") + 1]
        cls = PREFIXES.get(prefix) if prefix else None
    return cls


def _tag(value: object) -> str:
    kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
    cls = frame_class(kind) if isinstance(kind, str) else None
    return "unknown kind" if cls is None else cls.__name__  # unknown: not a valid tag


# The frames field of the state: the class by kind.
FrameField = Annotated[
    Annotated[CommandFrame, Tag("CommandFrame")]
    | Annotated[BattleFrame, Tag("BattleFrame")]
    | Annotated[PhaseFrame, Tag("PhaseFrame")]
    | Annotated[PlainFrame, Tag("PlainFrame")]
    | Annotated[ChooseCommandFrame, Tag("ChooseCommandFrame")]
    | Annotated[CommandDecreeFrame, Tag("CommandDecreeFrame")]
    | Annotated[CavalryFromFrame, Tag("CavalryFromFrame")]
    | Annotated[RefillFrame, Tag("RefillFrame")]
    | Annotated[GovernSpaceFrame, Tag("GovernSpaceFrame")]
    | Annotated[CampaignFrame, Tag("CampaignFrame")]
    | Annotated[ConspireFrame, Tag("ConspireFrame")]
    | Annotated[CompelSpaceFrame, Tag("CompelSpaceFrame")]
    | Annotated[MongolInvasionFrame, Tag("MongolInvasionFrame")]
    | Annotated[PlunderFrame, Tag("PlunderFrame")]
    | Annotated[RemoveTroopsFrame, Tag("RemoveTroopsFrame")]
    | Annotated[TimurFrame, Tag("TimurFrame")]
    | Annotated[SuccessionFrame, Tag("SuccessionFrame")]
    | Annotated[GainChoiceFrame, Tag("GainChoiceFrame")]
    | Annotated[LordsFrame, Tag("LordsFrame")]
    | Annotated[EventFrame, Tag("EventFrame")]
    | Annotated[EventChooseFrame, Tag("EventChooseFrame")]
    | Annotated[EventPickFrame, Tag("EventPickFrame")]
    | Annotated[EventPiecesFrame, Tag("EventPiecesFrame")]
    | Annotated[EventMoveFrame, Tag("EventMoveFrame")],
    Discriminator(_tag),
]


def next_id(frames: list[TypedFrame]) -> int:
    """An id no frame on the stack has: ids grow up the stack (each frame gets one more
    than the frame below it), so the top one holds the largest."""
    return frames[-1].id + 1 if frames else 1


# Fields renamed since their frames were stored untyped: kind -> {old name: new name}.
RENAMED = {"event_move": {"frm": "from_"}}


def upgrade_frames(frames: object) -> object:
    """Stored frames of the old form ({kind, faction, data}) as the typed classes' fields. A
    battle's phase becomes a frame above it, and its parent, once a stack index, the id of
    that frame. A stack with any such frame is numbered anew by position, so ids grow up
    the stack (the references of typed frames stored beside them follow: stacks stored
    while the Event's frames alone were of the old form)."""
    if not isinstance(frames, list) or not any(_is_old(raw) for raw in frames):
        return frames
    out: list[dict[str, object]] = []
    at_index: list[int] = []  # the new id of each old frame, by its stack index
    new_id: dict[object, int] = {}  # the new id of each typed frame, by its stored id
    typed: list[dict[str, object]] = []  # typed frames as stored, with their new ids
    for raw in frames:
        at_index.append(len(out) + 1)
        if not isinstance(raw, dict):
            return frames  # not a stack of frames: validation says why
        if not _is_old(raw):
            new_id[raw.get("id")] = at_index[-1]
            flat = {**raw, "id": at_index[-1]}
            typed.append(flat)
            out.append(flat)
            continue
        kind = raw["kind"]
        cls = frame_class(kind)
        assert cls is not None  # _is_old
        renamed = RENAMED.get(kind, {})
        known = set(cls.__dataclass_fields__)
        flat = {renamed.get(k, k): v for k, v in raw["data"].items()}
        flat = {k: v for k, v in flat.items() if k in known}
        flat |= {"kind": kind, "faction": raw.get("faction"), "id": at_index[-1]}
        out.append(flat)
        if cls is BattleFrame:
            parent = flat.get("parent")
            below = isinstance(parent, int) and 0 <= parent < len(at_index) - 1
            flat["parent"] = at_index[parent] if isinstance(parent, int) and below else None
            phase = raw["data"].get("phase", "target")
            out.append(
                {
                    "kind": f"battle:{phase}",
                    "faction": flat["faction"],
                    "id": len(out) + 1,
                    "battle": at_index[-1],
                }
            )
    for flat in typed:  # a battle names its Attack, a phase its battle, by id
        for ref in ("parent", "battle"):
            if flat.get(ref) is not None:
                flat[ref] = new_id.get(flat[ref], flat[ref])
    return out


def _is_old(raw: object) -> bool:
    """A frame stored in the old form, of a kind known now."""
    if not isinstance(raw, dict) or not isinstance(raw.get("data"), dict):
        return False
    kind = raw.get("kind")
    return isinstance(kind, str) and frame_class(kind) is not None
