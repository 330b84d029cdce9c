"""A pydantic validation error said in the rules' words: which field of what was given, what
it holds, and what is allowed there (read from the model's JSON schema), for every game's
actions and options and every loader.

pydantic names a union's members in its error locations ("constrained-str", "Play", "place")
and reports every member's complaint; the member a person meant is the one whose tag the
input carries (its `kind` or `type`), else the one of the input's own type. A JSON schema
field may carry `"means"` (`Field(json_schema_extra=means("a point of the board"))`): what a
value of it is, in the rules' words.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel, JsonValue, ValidationError
from pydantic_core import to_json

from .errors import DataError
from .text import inert, shown

Schema = Mapping[str, Any]
MAX_ALLOWED = 8  # values listed of what is allowed
MAX_SAID = 300  # characters of a file's problem said
M = TypeVar("M", bound=BaseModel)


def means(what: str) -> dict[str, JsonValue]:
    """A field's `json_schema_extra`: what a value of it is ("a point of the board")."""
    return {"means": what}


@dataclass(frozen=True, slots=True)
class Problem:
    """The first problem of a validation: where in the input (field names and list
    positions), and what is wrong there and what is allowed."""

    where: tuple[str | int, ...]
    said: str

    @property
    def field(self) -> str:
        """The path written out: "cards[2].symbols[0]" ("" for the input itself); a key the
        input gave is repeated inert (rules.text), whatever it holds."""
        out = ""
        for part in self.where:
            if isinstance(part, int):
                out += f"[{part}]"
            else:
                out += f".{inert(part)}" if out else inert(part)
        return out

    def __str__(self) -> str:
        return f"{self.field}: {self.said}" if self.where else self.said


def validated(model: type[M], data: object, what: str) -> M:
    """`data` (a component file's document) read as `model` (`read_strictly`); else a
    DataError naming the file (`what`), the field and what is wrong there."""
    read = read_strictly(model, data)
    if isinstance(read, Problem):
        raise DataError(f"{what}: {read.field or 'document'}: {read.said[:MAX_SAID]}")
    return read


def read_strictly(model: type[M], data: object) -> M | Problem:
    """`data` (a file's document, as YAML reads it) read as `model` the way every loader
    reads a file: as JSON would hold it, and strictly, so a value is of the type its field
    takes and is never converted (`true` or "2" is no number, 1 is no `true`); else the
    first problem. A value JSON has not (a date, binary data, a set, an infinite number) is a
    problem of its own."""
    try:
        doc = data if _is_json(data) else _as_json(data, ())
    except _NotJson as e:
        return e.problem
    try:
        return model.model_validate_json(to_json(doc), strict=True)
    except ValidationError as exc:
        return first_problem(exc, doc, _schema(model))


class _NotJson(ValueError):
    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


_JSON_KEYS = {True: "true", False: "false", None: "null"}


def _is_json(data: object) -> bool:
    """Whether `data` is already as JSON holds it (the common file: no copy, no path kept)."""
    if isinstance(data, dict):
        return type(data) is dict and all(type(k) is str and _is_json(v) for k, v in data.items())
    if isinstance(data, list):
        return type(data) is list and all(_is_json(v) for v in data)
    if isinstance(data, float):
        return math.isfinite(data)
    return data is None or isinstance(data, str | int)


def _as_json(data: object, where: tuple[str | int, ...]) -> object:
    """`data` as JSON holds it: a mapping's keys as text (1 as "1", `true` as "true")."""
    if isinstance(data, Mapping):
        out: dict[str, object] = {}
        for k, v in data.items():
            key = _JSON_KEYS[k] if k is None or isinstance(k, bool) else k
            if not isinstance(key, str | int | float):
                raise _NotJson(Problem(where, f"a key is {_kind_of(key)}, not text"))
            out[str(key)] = _as_json(v, (*where, str(key)))
        return out
    if isinstance(data, list | tuple):
        return [_as_json(v, (*where, i)) for i, v in enumerate(data)]
    if data is None or isinstance(data, str | int | bool):
        return data
    if isinstance(data, float) and math.isfinite(data):
        return data
    raise _NotJson(Problem(where, f"{_kind_of(data)} is none of the values a file holds"))


def _kind_of(value: object) -> str:
    """What YAML read a value as, when JSON has no such value."""
    if isinstance(value, float):
        return f"the number {value}"
    if type(value).__name__ in ("date", "datetime"):  # as YAML reads 2024-01-02
        return f"a date ({str(value)[:19]}; write it in quotes for text)"
    if isinstance(value, bytes):
        return "binary data"
    return "a set" if isinstance(value, set | frozenset) else f"a {type(value).__name__}"


@cache
def _schema(model: type[BaseModel]) -> Schema:
    return model.model_json_schema()


def first_problem(error: ValidationError, data: object, schema: Schema | None = None) -> Problem:
    """The problem a person is told first: in the union member their input meant, a wrong
    value before a wrong type, in the order pydantic found them."""
    errors = [_Located.of(e, data) for e in error.errors(include_url=False)]
    # a member whose tag the input does not carry (its `kind` is another) is not meant
    untagged = {e.members for e in errors if e.type == "literal_error" and _is_tag(e)}
    meant = [e for e in errors if not any(e.members[: len(m)] == m for m in untagged if m)]
    if not meant:
        return _wrong_tag(errors)
    chosen = min(meant, key=lambda e: (e.type.endswith("_type"), len(e.members)))
    route = chosen.route
    if chosen.type.endswith("_type") and route and str(route[-1]) in chosen.members:
        route = route[:-1]  # of no member's type: what the union as a whole allows
    return Problem(chosen.where, _said(chosen, _node(schema, route), schema))


@dataclass(frozen=True, slots=True)
class _Located:
    type: str
    where: tuple[str | int, ...]  # the path in the input
    members: tuple[str, ...]  # the union members the location passed through
    route: tuple[str | int, ...]  # the whole location, members included
    value: object
    msg: str
    ctx: Mapping[str, Any]

    @classmethod
    def of(cls, e: Mapping[str, Any], data: object) -> _Located:
        where: list[str | int] = []
        members: list[str] = []
        here = data
        for part in e["loc"]:
            if data is None:  # no input to follow: the location as pydantic gives it
                where.append(part)
            elif isinstance(here, Mapping) and part in here:
                here = here[part]
                where.append(part)
            elif isinstance(here, Sequence) and not isinstance(here, str) and isinstance(part, int):
                here = here[part] if 0 <= part < len(here) else None
                where.append(part)
            elif e["type"] in ("missing", "extra_forbidden", "unexpected_keyword_argument") and (
                part == e["loc"][-1]
            ):
                where.append(part)  # a field the input lacks, or one it should not have
            else:
                members.append(str(part))
        ctx = e.get("ctx") or {}
        if e["type"] in ("union_tag_invalid", "union_tag_not_found"):  # the member's field
            where.append(str(ctx.get("discriminator", "")).strip("'"))
        return cls(
            e["type"], tuple(where), tuple(members), tuple(e["loc"]), e.get("input"), e["msg"], ctx
        )


def _is_tag(e: _Located) -> bool:
    """A literal error where a single value is allowed: the field that names a member."""
    expected = str(e.ctx.get("expected", ""))
    return bool(e.where) and expected.count("'") == 2 and " or " not in expected


def _wrong_tag(errors: list[_Located]) -> Problem:
    tags = [e for e in errors if e.type == "literal_error" and _is_tag(e)]
    first = tags[0]
    allowed = [str(e.ctx["expected"]) for e in tags]
    listed = ", ".join(allowed[:-1]) + f" or {allowed[-1]}" if len(allowed) > 1 else allowed[0]
    return Problem(first.where, f"{shown(first.value)} is none of {listed}")


def _said(e: _Located, node: Schema | None, schema: Schema | None) -> str:
    what = node.get("means") if node else None
    allowed = allowed_text(node, schema) if node else None
    if e.type == "missing":
        said = ", ".join(x for x in (what, allowed) if x)
        return f"missing: {said}" if said else "missing"
    if e.type in ("extra_forbidden", "unexpected_keyword_argument"):
        return "not a field here" + _fields(e, schema)
    if e.type == "union_tag_invalid":
        return f"{shown(e.ctx.get('tag'))} is none of {e.ctx.get('expected_tags', '')}"
    if e.type == "union_tag_not_found":
        tags = sorted(_tags(schema))
        return "missing" + (f": one of {', '.join(map(repr, tags))}" if tags else "")
    if not e.type.endswith(_WORDED):  # a check of the model's own: its message says it
        return e.msg.removeprefix("Value error, ")
    if allowed is None:
        allowed = _from_ctx(e)
    head = f"{shown(e.value)} is not {what}" if what else f"{shown(e.value)} is not allowed"
    if allowed and allowed != what:
        return f"{head}: {allowed}"
    return head if what else f"{head} ({e.msg})"


# the errors said here as "<value> is not <what is allowed>"; any other keeps its message
_WORDED = (
    "_type",
    "_parsing",
    "_from_float",
    "than",
    "than_equal",
    "literal_error",
    "enum",
    "_too_long",
    "_too_short",
    "pattern_mismatch",
    "multiple_of",
    "finite_number",
)


def _tags(schema: Schema | None) -> list[str]:
    return list((schema or {}).get("discriminator", {}).get("mapping", {}))


def _from_ctx(e: _Located) -> str | None:
    c = e.ctx
    for key, word in (
        ("ge", "at least"),
        ("gt", "more than"),
        ("le", "at most"),
        ("lt", "less than"),
    ):
        if key in c:
            return f"{word} {c[key]}"
    if "expected" in c:
        return f"one of {c['expected']}"
    if "max_length" in c:
        return f"at most {c['max_length']} long"
    return None


def _fields(e: _Located, schema: Schema | None) -> str:
    parent = _node(schema, e.route[:-1])
    names = sorted((parent or {}).get("properties", {}))
    return f" (its fields: {', '.join(names)})" if names else ""


def _resolve(schema: Schema | None, node: Schema) -> Schema:
    ref = node.get("$ref")
    if schema is None or not isinstance(ref, str) or not ref.startswith("#/$defs/"):
        return node
    found = schema.get("$defs", {}).get(ref.removeprefix("#/$defs/"))
    return found if isinstance(found, Mapping) else node


_JSON_TYPES = {
    "int": "integer",
    "str": "string",
    "bool": "boolean",
    "list": "array",
    "dict": "object",
    "none": "null",
    "float": "number",
}


def _member(schema: Schema | None, node: Schema, part: str | int) -> Schema | None:
    """The member of a union `node` that pydantic's location element `part` names."""
    mapping = node.get("discriminator", {}).get("mapping", {})
    if part in mapping:
        return _resolve(schema, {"$ref": mapping[part]})
    members = [_resolve(schema, m) for m in node.get("anyOf", node.get("oneOf", []))]
    for m in members:
        if m.get("title") == part:
            return m
    kind = str(part).split("[")[0].removeprefix("constrained-")
    for m in members:
        if m.get("type") == _JSON_TYPES.get(kind):
            return m
    return None


def _node(schema: Schema | None, route: Sequence[str | int]) -> Schema | None:
    """The schema of the field at pydantic's location `route` (members included)."""
    if schema is None:
        return None
    node: Schema | None = _resolve(schema, schema)
    for i, part in enumerate(route):
        if node is None:
            return None
        node = _resolve(schema, node)
        props = node.get("properties", {})
        if part == "[key]":  # a mapping's key: its parent said what keys are
            continue
        if route[i + 1 : i + 2] == ("[key]",) and "propertyNames" in node:
            node = node["propertyNames"]
        elif isinstance(part, str) and part in props:
            node = props[part]
        elif isinstance(part, int) and "items" in node:
            node = node["items"]
        elif isinstance(part, int) and "prefixItems" in node:
            items = node["prefixItems"]
            node = items[part] if 0 <= part < len(items) else None
        elif "additionalProperties" in node and isinstance(node["additionalProperties"], Mapping):
            node = node["additionalProperties"]
        else:
            node = _member(schema, node, part)
    return None if node is None else _resolve(schema, node)


def member_for(schema: Schema, data: Mapping[str, Any]) -> Schema:
    """The member of a union `schema` whose tag `data` carries (its `kind`, its `type`):
    by the discriminator's mapping, else by a member's constant field; the schema itself
    when it is no union."""
    mapping = schema.get("discriminator", {}).get("mapping", {})
    key = schema.get("discriminator", {}).get("propertyName")
    if key in data and data[key] in mapping:
        return _resolve(schema, {"$ref": mapping[data[key]]})
    for m in schema.get("anyOf", schema.get("oneOf", [])):
        member = _resolve(schema, m)
        props = member.get("properties", {})
        if any("const" in p and data.get(k) == p["const"] for k, p in props.items()):
            return member
    return schema


def value_problem(schema: Schema, data: Mapping[str, Any], field: str) -> Problem:
    """That the value of `field` in `data` is not one its schema allows, and what is."""
    node = member_for(schema, data).get("properties", {}).get(field)
    node = None if node is None else _resolve(schema, node)
    what = node.get("means") if node else None
    allowed = allowed_text(node, schema) if node else None
    head = f"{shown(data[field])} is not {what or 'allowed'}"
    return Problem((field,), f"{head}: {allowed}" if allowed else head)


def allowed_text(node: Schema, schema: Schema | None = None) -> str | None:
    """What a field allows, in words: "a whole number from 1 to 23", "one of 'red' or
    'blue'", "true or false"; None when the schema says nothing one can put in words."""
    node = _resolve(schema, node)
    if "const" in node:
        return repr(node["const"])
    if "enum" in node:
        values = [repr(v) for v in node["enum"][:MAX_ALLOWED]]
        more = ", ..." if len(node["enum"]) > MAX_ALLOWED else ""
        return "one of " + ", ".join(values) + more
    members = node.get("anyOf", node.get("oneOf"))
    if members:
        said = [allowed_text(m, schema) for m in members]
        return " or ".join(s for s in said if s) or None
    kind = node.get("type")
    if kind in ("integer", "number"):
        low, high = node.get("minimum"), node.get("maximum")
        noun = "a whole number" if kind == "integer" else "a number"
        if low is not None and high is not None:
            return f"{noun} from {low} to {high}"
        if low is not None or high is not None:
            return f"{noun} of at least {low}" if low is not None else f"{noun} of at most {high}"
        return noun
    if kind == "boolean":
        return "true or false"
    if kind == "null":
        return "null"
    if kind == "string":
        if "pattern" in node:  # the rule is the pattern's, which its `means` says in words
            return str(node.get("means") or f"text of the form {node['pattern']}")
        most = node.get("maxLength")
        return "text" + (f" of at most {most} characters" if most is not None else "")
    if kind == "array":
        inner = allowed_text(node["items"], schema) if "items" in node else None
        most = node.get("maxItems")
        return (
            "a list"
            + (f" of at most {most}" if most is not None else "")
            + (f" (each {inner})" if inner else "")
        )
    if kind == "object":
        names = sorted(node.get("properties", {}))
        return "a mapping" + (f" with the fields {', '.join(names)}" if names else "")
    return None
