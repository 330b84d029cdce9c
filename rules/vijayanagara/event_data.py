"""Validation of event effect steps (events-format.md).

Every card's effects are checked when a deck is loaded, so that a mistake in a deck file is a
`DataError` naming the card, the side and the field, never a crash in the middle of a game.
"""

from __future__ import annotations

from typing import Any, get_args

from pydantic import BaseModel, TypeAdapter, ValidationError

from ..errors import DataError, excerpt, excerpts
from ..text import Prose
from .board import board
from .event_steps import (
    STEP_CLASSES,
    AnyFactionName,
    Condition,
    EventStep,
    PieceName,
    StateName,
    Threshold,
    Where,
    step_from_data,
)
from .registry import BY_NAME, COMMANDS, DECREES, Entry, entry

MAX_COUNT = 99  # a count, gain or select in a step
MAX_AMOUNT = 99  # the size of a Resources change, an Influence shift, a threshold

PIECES: tuple[str, ...] = get_args(PieceName)
PIECE_OWNER = {
    "troop": "D",
    "governor": "D",
    "qasbah": "D",
    "amir": "B",
    "fort": "B",
    "raja": "V",
    "temple": "V",
    "mongol": "M",
}
FACTIONS: tuple[str, ...] = get_args(AnyFactionName)
STATES: tuple[str, ...] = get_args(StateName)
# the deck-file spelling of each faction's Commands and Decrees (the registry's snake case)
COMMANDS_OF = {f.value: tuple(BY_NAME[n].deck_name for n in COMMANDS[f]) for f in COMMANDS}
DECREES_OF = {f.value: tuple(BY_NAME[n].deck_name for n in DECREES[f]) for f in DECREES}
PROSE: TypeAdapter[str] = TypeAdapter(Prose)
INTERNAL = {"_picked"}  # fields the interpreter adds, never written in a deck file


def _fields(model: type[BaseModel]) -> tuple[set[str], set[str]]:
    """A model's fields as a deck file names them: (required, optional)."""
    named = {(f.alias or n): f.is_required() for n, f in model.model_fields.items()}
    return {n for n, r in named.items() if r}, {n for n, r in named.items() if not r} - INTERNAL


WHERE_FIELDS = _fields(Where)[1]
KINDS: tuple[str, ...] = get_args(get_args(Where.model_fields["kind"].annotation)[0])

# step name -> (required fields, optional fields), from the typed steps (event_steps.py)
STEP_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    name: (set(), set()) if name == "choose" else _fields(model)  # a list, checked apart
    for name, model in STEP_CLASSES.items()
}
STEP_NAMES = tuple(STEP_FIELDS)
CONDITIONS: dict[str, set[str] | None] = {
    name: None if name == "dynasty" else set(Threshold.model_fields)
    for name in Condition.model_fields
}


def _named(value: object) -> Entry | None:
    """The Command or Decree a deck file names, in its snake case or the notation's spelling."""
    found = entry(value) if isinstance(value, str) else None
    return found if found is not None and value in (found.name, found.deck_name) else None


class _Check:
    def __init__(self, label: str) -> None:
        self.label = label

    def fail(self, path: str, msg: str) -> DataError:
        return DataError(f"deck: {self.label}: field {path!r}: {msg}")

    # -- small values -------------------------------------------------------------------
    def faction(self, path: str, value: Any, allowed: tuple[str, ...] = FACTIONS) -> str:
        if value not in allowed:
            raise self.fail(
                path, f"unknown faction {excerpt(value)}; expected one of {list(allowed)}"
            )
        return str(value)

    def piece(self, path: str, value: Any) -> str:
        if value not in PIECES:
            raise self.fail(path, f"unknown piece {excerpt(value)}; expected one of {list(PIECES)}")
        return str(value)

    def count(self, path: str, value: Any, allow_all: bool = True) -> None:
        if allow_all and value == "all":
            return
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_COUNT:
            what = f"a number from 1 to {MAX_COUNT}" + (" or 'all'" if allow_all else "")
            raise self.fail(path, f"expected {what}, got {excerpt(value)}")

    def space(self, path: str, value: Any) -> None:
        if not isinstance(value, str) or value not in board().spaces:
            raise self.fail(path, f"unknown space {excerpt(value)}")

    def state(self, path: str, value: Any, piece: str | None) -> None:
        if value not in STATES:
            raise self.fail(path, f"unknown state {excerpt(value)}; expected obedient or rebelling")
        if piece is not None and piece not in ("amir", "raja"):
            raise self.fail(path, "only Amirs and Rajas are Obedient or Rebelling (1.4.5)")

    def mapping(self, path: str, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected a mapping, got {excerpt(value)}")
        return value

    # -- where ----------------------------------------------------------------------------
    def where(self, path: str, value: Any) -> None:
        w = self.mapping(path, value)
        unknown = set(w) - WHERE_FIELDS
        if unknown:
            raise self.fail(
                path, f"unknown filter(s) {excerpts(unknown)}; allowed: {sorted(WHERE_FIELDS)}"
            )
        if not w:
            raise self.fail(path, "an empty where: give at least one filter")
        if "spaces" in w:
            if not isinstance(w["spaces"], list) or not w["spaces"]:
                raise self.fail(f"{path}.spaces", "expected a non-empty list of space ids")
            for i, s in enumerate(w["spaces"]):
                self.space(f"{path}.spaces[{i}]", s)
        if "city" in w and (not isinstance(w["city"], str) or w["city"] not in board().cities):
            raise self.fail(f"{path}.city", f"unknown City {excerpt(w['city'])}")
        if "adjacent_to" in w:
            self.space(f"{path}.adjacent_to", w["adjacent_to"])
        if "kind" in w and w["kind"] not in KINDS:
            raise self.fail(
                f"{path}.kind", f"unknown kind {excerpt(w['kind'])}; expected one of {list(KINDS)}"
            )
        if "tributary" in w and not isinstance(w["tributary"], bool):
            raise self.fail(f"{path}.tributary", "expected true or false")
        if "controlled_by" in w:
            self.faction(f"{path}.controlled_by", w["controlled_by"], ("D", "B", "V"))
        for key in ("with", "without"):
            if key in w:
                self.holding(f"{path}.{key}", w[key], key == "with")
        if "select" in w:
            self.count(f"{path}.select", w["select"])

    def holding(self, path: str, value: Any, with_state: bool) -> None:
        h = self.mapping(path, value)
        allowed = {"faction", "piece", "state"} if with_state else {"faction", "piece"}
        unknown = set(h) - allowed
        if unknown:
            raise self.fail(
                path, f"unknown field(s) {excerpts(unknown)}; allowed: {sorted(allowed)}"
            )
        if "faction" not in h and "piece" not in h:
            raise self.fail(path, "needs a faction or a piece")
        if "faction" in h:
            self.faction(f"{path}.faction", h["faction"])
        piece = self.piece(f"{path}.piece", h["piece"]) if "piece" in h else None
        if "state" in h:
            self.state(f"{path}.state", h["state"], piece)

    # -- steps ----------------------------------------------------------------------------
    def steps(self, path: str, value: Any, in_each: bool) -> list[Any] | tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise self.fail(path, f"expected a list of steps, got {excerpt(value)}")
        for i, step in enumerate(value):
            self.step(f"{path}[{i}]", step, in_each)
        return value

    def step(self, path: str, value: Any, in_each: bool) -> None:
        if not isinstance(value, dict) or len(value) != 1:
            raise self.fail(path, "a step is a mapping with exactly one key (the step name)")
        ((name, body),) = value.items()
        if name not in STEP_FIELDS:
            raise self.fail(
                path, f"unknown step {excerpt(name)}; expected one of {list(STEP_NAMES)}"
            )
        p = f"{path}.{name}"
        if name == "choose":
            self.choose(p, body, in_each)
            return
        fields = self.mapping(p, body)
        required, optional = STEP_FIELDS[name]
        unknown = set(fields) - required - optional
        if unknown:
            raise self.fail(
                p, f"unknown field(s) {excerpts(unknown)}; allowed: {sorted(required | optional)}"
            )
        missing = required - set(fields)
        if missing:
            raise self.fail(p, f"missing field(s) {sorted(missing)}")
        if "by" in fields:
            self.faction(f"{p}.by", fields["by"], ("D", "B", "V"))
        getattr(self, "s_" + name)(p, fields, in_each)

    def located(self, p: str, f: dict[str, Any], key: str, in_each: bool) -> None:
        if key in f:
            self.where(f"{p}.{key}", f[key])
        elif not in_each:
            raise self.fail(
                p, f"missing field {excerpt(key)} (only steps inside 'each' may leave it out)"
            )

    def s_place(self, p: str, f: dict[str, Any], in_each: bool) -> None:
        piece = self.piece(f"{p}.piece", f["piece"])
        self.count(f"{p}.count", f["count"], allow_all=False)
        if "state" in f:
            self.state(f"{p}.state", f["state"], piece)
        self.located(p, f, "in", in_each)
        spaces = f.get("in", {}).get("spaces") if isinstance(f.get("in"), dict) else None
        on_map = [x for x in spaces or [] if board().is_province(x)]
        if PIECE_OWNER[piece] in ("B", "V") and spaces and not on_map:
            raise self.fail(
                f"{p}.in.spaces",
                "Bahmani and Vijayanagara pieces never go to Delhi or the Mongol regions "
                "(1.3.2, 1.3.3)",
            )

    def _what(self, p: str, f: dict[str, Any]) -> str | None:
        if ("faction" in f) == ("piece" in f):
            raise self.fail(p, "give exactly one of 'faction' or 'piece'")
        if "faction" in f:
            self.faction(f"{p}.faction", f["faction"])
            return None
        return self.piece(f"{p}.piece", f["piece"])

    def s_remove(self, p: str, f: dict[str, Any], in_each: bool) -> None:
        piece = self._what(p, f)
        self.count(f"{p}.count", f["count"])
        if "state" in f:
            self.state(f"{p}.state", f["state"], piece)
        self.located(p, f, "in", in_each)

    def s_replace(self, p: str, f: dict[str, Any], in_each: bool) -> None:
        rem = self.mapping(f"{p}.remove", f["remove"])
        unknown = set(rem) - {"faction", "piece", "state"}
        if unknown:
            raise self.fail(f"{p}.remove", f"unknown field(s) {excerpts(unknown)}")
        piece = self._what(f"{p}.remove", rem)
        if "state" in rem:
            self.state(f"{p}.remove.state", rem["state"], piece)
        pl = self.mapping(f"{p}.place", f["place"])
        unknown = set(pl) - {"piece", "state"}
        if unknown or "piece" not in pl:
            raise self.fail(f"{p}.place", "expected {piece, state (optional)}")
        new = self.piece(f"{p}.place.piece", pl["piece"])
        if "state" in pl:
            self.state(f"{p}.place.state", pl["state"], new)
        self.count(f"{p}.count", f["count"])
        self.located(p, f, "in", in_each)

    def s_move(self, p: str, f: dict[str, Any], in_each: bool) -> None:
        piece = self._what(p, f)
        if piece in ("qasbah", "fort", "temple"):
            raise self.fail(f"{p}.piece", "only Units move (1.4.1)")
        self.count(f"{p}.count", f["count"])
        self.where(f"{p}.from", f["from"])
        self.where(f"{p}.to", f["to"])

    def s_flip(self, p: str, f: dict[str, Any], in_each: bool) -> None:
        self.faction(f"{p}.faction", f["faction"], ("B", "V"))
        if f["to"] not in STATES:
            raise self.fail(f"{p}.to", f"expected obedient or rebelling, got {excerpt(f['to'])}")
        self.count(f"{p}.count", f["count"])
        self.located(p, f, "in", in_each)

    def _int(self, path: str, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_AMOUNT:
            raise self.fail(
                path,
                f"expected a whole number from -{MAX_AMOUNT} to {MAX_AMOUNT}, got {excerpt(value)}",
            )

    def s_resources(self, p: str, f: dict[str, Any], in_each: bool) -> None:
        self.faction(f"{p}.faction", f["faction"], ("D", "B", "V"))
        self._int(f"{p}.add", f["add"])

    def s_cavalry(self, p: str, f: dict[str, Any], in_each: bool) -> None:
        self.faction(f"{p}.faction", f["faction"], ("D", "B", "V"))
        if ("gain" in f) == ("lose" in f):
            raise self.fail(p, "give exactly one of 'gain' or 'lose'")
        key = "gain" if "gain" in f else "lose"
        self.count(f"{p}.{key}", f[key], allow_all=False)

    def s_influence(self, p: str, f: dict[str, Any], in_each: bool) -> None:
        self.faction(f"{p}.faction", f["faction"], ("B", "V"))
        self._int(f"{p}.shift", f["shift"])

    def s_tributary(self, p: str, f: dict[str, Any], in_each: bool) -> None:
        if not isinstance(f["set"], bool):
            raise self.fail(f"{p}.set", "expected true or false")
        self.located(p, f, "in", in_each)

    def s_free_command(self, p: str, f: dict[str, Any], in_each: bool) -> None:
        fac = self.faction(f"{p}.faction", f["faction"], ("D", "B", "V"))
        named = _named(f["command"])
        if named is None or named.deck_name not in COMMANDS_OF[fac]:
            raise self.fail(
                f"{p}.command",
                f"unknown Command {excerpt(f['command'])} for {fac}; expected one of {list(COMMANDS_OF[fac])}",
            )
        if "in" in f:
            self.where(f"{p}.in", f["in"])
        if "spaces" in f:
            self.count(f"{p}.spaces", f["spaces"], allow_all=False)
        if "ignore_dynasty" in f and not isinstance(f["ignore_dynasty"], bool):
            raise self.fail(f"{p}.ignore_dynasty", "expected true or false")

    def s_free_decree(self, p: str, f: dict[str, Any], in_each: bool) -> None:
        fac = self.faction(f"{p}.faction", f["faction"], ("D", "B", "V"))
        named = _named(f["decree"])
        if named is None or named.deck_name not in DECREES_OF[fac]:
            raise self.fail(
                f"{p}.decree",
                f"unknown Decree {excerpt(f['decree'])} for {fac}; expected one of {list(DECREES_OF[fac])}",
            )

    def s_eligibility(self, p: str, f: dict[str, Any], in_each: bool) -> None:
        self.faction(f"{p}.faction", f["faction"], ("D", "B", "V"))
        if f["set"] not in ("eligible", "ineligible"):
            raise self.fail(f"{p}.set", f"expected eligible or ineligible, got {excerpt(f['set'])}")

    def choose(self, p: str, body: Any, in_each: bool) -> None:
        if not isinstance(body, list) or len(body) < 2:
            raise self.fail(p, "expected a list of at least two options {text, effects}")
        for i, opt in enumerate(body):
            o = self.mapping(f"{p}[{i}]", opt)
            if set(o) - {"text", "effects"} or "effects" not in o:
                raise self.fail(f"{p}[{i}]", "an option is {text, effects}")
            try:
                PROSE.validate_python(o.get("text", ""))
            except ValidationError as e:
                raise self.fail(f"{p}[{i}].text", e.errors()[0]["msg"]) from None
            self.steps(f"{p}[{i}].effects", o["effects"], in_each)

    def s_if(self, p: str, f: dict[str, Any], in_each: bool) -> None:
        cond = self.mapping(f"{p}.condition", f["condition"])
        if len(cond) != 1:
            raise self.fail(f"{p}.condition", "a condition is a mapping with one key")
        ((key, val),) = cond.items()
        if key not in CONDITIONS:
            raise self.fail(
                f"{p}.condition",
                f"unknown condition {excerpt(key)}; expected one of {list(CONDITIONS)}",
            )
        if key == "dynasty":
            if val not in ("khalji", "tughlaq"):
                raise self.fail(
                    f"{p}.condition.dynasty", f"expected khalji or tughlaq, got {excerpt(val)}"
                )
        else:
            c = self.mapping(f"{p}.condition.{key}", val)
            if set(c) != CONDITIONS[key]:
                raise self.fail(
                    f"{p}.condition.{key}", f"expected fields {sorted(CONDITIONS[key] or ())}"
                )
            allowed = ("B", "V") if key == "influence" else ("D", "B", "V")
            self.faction(f"{p}.condition.{key}.faction", c["faction"], allowed)
            self._int(f"{p}.condition.{key}.at_least", c["at_least"])
        self.steps(f"{p}.then", f["then"], in_each)
        self.steps(f"{p}.else", f["else"], in_each)

    def s_each(self, p: str, f: dict[str, Any], in_each: bool) -> None:
        self.where(f"{p}.in", f["in"])
        if "select" in f:
            self.count(f"{p}.select", f["select"])
        self.steps(f"{p}.do", f["do"], True)


def validate_side(label: str, side: str, effects: object) -> tuple[EventStep, ...]:
    """One side's effects (a list in deck-file form) as typed steps; DataError when they do
    not follow events-format.md (checked first, for messages that name the card, side and field)."""
    check = _Check(label)
    out = []
    for i, step in enumerate(check.steps(f"{side}.effects", effects, False)):
        try:
            out.append(step_from_data(step))
        except ValidationError as e:  # the checks above let nothing through that fails here
            raise check.fail(f"{side}.effects[{i}]", f"not a step: {e.errors()[0]['msg']}") from e
    return tuple(out)
