"""Event steps as typed models (events-format.md), one class per step kind.

A deck file writes a step as a mapping with one key, the step's kind: `{place: {piece: raja,
count: 2, in: {...}}}`. `step_from_data` reads that form (pydantic, at the YAML and JSON
boundary: deck files, and the event frames of a stored state) into a model; `step_to_data`
writes it back (the event frames, typed in frames.py, hold these models and store them in
that form). The deck validation (event_data.py) checks the form first, with its own
messages, then builds these; the interpreter (events.py) runs them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, ClassVar, Literal, cast

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer

from ..text import Prose

FactionName = Literal["D", "B", "V"]
AnyFactionName = Literal["D", "B", "V", "M"]  # M: the Mongol Invaders, where a step allows it
DeccanName = Literal["B", "V"]
PieceName = Literal["troop", "governor", "qasbah", "amir", "fort", "raja", "temple", "mongol"]
StateName = Literal["obedient", "rebelling"]
Count = int | Literal["all"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Holding(_Model):
    """Which pieces: a faction's, a piece (Amirs and Rajas in either state unless told)."""

    faction: AnyFactionName | None = None
    piece: PieceName | None = None
    state: StateName | None = None


class Where(_Model):
    """The filters of a `where` (all must hold) and how many spaces it picks."""

    spaces: tuple[str, ...] | None = None
    city: str | None = None
    adjacent_to: str | None = None
    kind: Literal["province", "delhi", "mongol_region"] | None = None
    tributary: bool | None = None
    controlled_by: FactionName | None = None
    with_: Holding | None = Field(default=None, alias="with")
    without: Holding | None = None
    select: Count | None = None

    @property
    def picks(self) -> Count:
        """How many different spaces it picks (default 1)."""
        return 1 if self.select is None else self.select


class _Step(_Model):
    kind: ClassVar[str]
    by: FactionName | None = None  # the faction that makes this step's choices (2.3.4)


class Located(_Step):
    """A step that acts in the spaces its `in` picks (or, inside `each`, in that space)."""

    in_: Where | None = Field(default=None, alias="in")


class PlaceStep(Located):
    kind: ClassVar[str] = "place"
    piece: PieceName
    count: int
    state: StateName | None = None


class RemoveStep(Located):
    kind: ClassVar[str] = "remove"
    count: Count
    faction: AnyFactionName | None = None
    piece: PieceName | None = None
    state: StateName | None = None


class Placed(_Model):
    piece: PieceName
    state: StateName | None = None


class ReplaceStep(Located):
    kind: ClassVar[str] = "replace"
    remove: Holding
    place: Placed
    count: Count


class MoveStep(_Step):
    kind: ClassVar[str] = "move"
    count: Count
    from_: Where = Field(alias="from")
    to: Where
    piece: PieceName | None = None
    faction: AnyFactionName | None = None


class FlipStep(Located):
    kind: ClassVar[str] = "flip"
    faction: DeccanName
    to: StateName
    count: Count


class ResourcesStep(_Step):
    kind: ClassVar[str] = "resources"
    faction: FactionName
    add: int


class CavalryStep(_Step):
    kind: ClassVar[str] = "cavalry"
    faction: FactionName
    gain: int | None = None
    lose: int | None = None


class InfluenceStep(_Step):
    kind: ClassVar[str] = "influence"
    faction: DeccanName
    shift: int


class TributaryStep(Located):
    kind: ClassVar[str] = "tributary"
    set: bool


class FreeCommandStep(_Step):
    kind: ClassVar[str] = "free_command"
    faction: FactionName
    command: str  # a registry spelling (deck files write snake case)
    in_: Where | None = Field(default=None, alias="in")
    spaces: int = 1
    ignore_dynasty: bool = False


class FreeDecreeStep(_Step):
    kind: ClassVar[str] = "free_decree"
    faction: FactionName
    decree: str  # a registry spelling (deck files write snake case)


class EligibilityStep(_Step):
    kind: ClassVar[str] = "eligibility"
    faction: FactionName
    set: Literal["eligible", "ineligible"]


class Option(_Model):
    """One option of a `choose`."""

    text: Prose = ""
    effects: tuple[Nested, ...]


class ChooseStep(_Step):
    """`choose: [options]`: the deciding faction picks one (its body is the list)."""

    kind: ClassVar[str] = "choose"
    options: tuple[Option, ...]


class Threshold(_Model):
    faction: FactionName
    at_least: int


class Condition(_Model):
    """One of: the dynasty, or a faction's Influence, Provinces controlled or Resources."""

    dynasty: Literal["khalji", "tughlaq"] | None = None
    influence: Threshold | None = None
    controls: Threshold | None = None
    resources: Threshold | None = None


class IfStep(_Step):
    kind: ClassVar[str] = "if"
    condition: Condition
    then: tuple[Nested, ...]
    else_: tuple[Nested, ...] = Field(alias="else")


class EachStep(_Step):
    kind: ClassVar[str] = "each"
    in_: Where = Field(alias="in")
    do: tuple[Nested, ...]
    select: Count = 1
    # spaces an earlier pick of this `each` took (a continuation the interpreter queues)
    picked: tuple[str, ...] = Field(default=(), alias="_picked")


EventStep = Annotated[
    PlaceStep
    | RemoveStep
    | ReplaceStep
    | MoveStep
    | FlipStep
    | ResourcesStep
    | CavalryStep
    | InfluenceStep
    | TributaryStep
    | FreeCommandStep
    | FreeDecreeStep
    | EligibilityStep
    | ChooseStep
    | IfStep
    | EachStep,
    Field(union_mode="left_to_right"),
]

STEP_CLASSES: dict[str, type[_Step]] = {
    c.kind: c
    for c in (
        PlaceStep,
        RemoveStep,
        ReplaceStep,
        MoveStep,
        FlipStep,
        ResourcesStep,
        CavalryStep,
        InfluenceStep,
        TributaryStep,
        FreeCommandStep,
        FreeDecreeStep,
        EligibilityStep,
        ChooseStep,
        IfStep,
        EachStep,
    )
}


def _nested(value: object) -> object:
    """A step inside `then`, `else`, `do` or an option, in its deck-file form."""
    if isinstance(value, Mapping) and len(value) == 1 and next(iter(value)) in STEP_CLASSES:
        return step_from_data(value)
    return value  # a model already, or not a step (the union then says why)


# A step in its deck-file form `{kind: body}` (nested steps; the event frames' queue).
Nested = Annotated[EventStep, BeforeValidator(_nested), PlainSerializer(lambda s: step_to_data(s))]


def as_written(model: BaseModel) -> dict[str, object]:
    """A model's fields as a deck file writes them: by their deck names, only those given."""
    body: dict[str, object] = model.model_dump(mode="json", by_alias=True, exclude_unset=True)
    return body


# The event frames' typed fields, stored as the deck file writes them (as before they were
# typed): an `each` by its body, a `where`, an option of a `choose`.
WrittenEach = Annotated[EachStep, PlainSerializer(as_written)]
WrittenWhere = Annotated[Where, PlainSerializer(as_written)]
WrittenOption = Annotated[Option, PlainSerializer(as_written)]


def step_from_data(data: Mapping[str, object]) -> EventStep:
    """A step from its deck-file form `{kind: body}` (already checked: event_data.py)."""
    ((kind, body),) = data.items()
    if kind == "choose":
        body = {"options": body}
    # every class of STEP_CLASSES is a member of the EventStep union
    return cast(EventStep, STEP_CLASSES[kind].model_validate(body))


def step_to_data(step: EventStep) -> dict[str, object]:
    """The deck-file form of a step (what the event frames of a state hold)."""
    body = step_body(step)
    return {step.kind: body["options"] if isinstance(step, ChooseStep) else body}


def step_body(step: EventStep) -> dict[str, object]:
    """The fields of a step as a deck file writes them (a `choose` has just `options`)."""
    return as_written(step)


for _c in (Option, IfStep, EachStep, ChooseStep):
    _c.model_rebuild()
