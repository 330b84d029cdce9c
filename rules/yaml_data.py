"""Python data built from YAML's events in the same pass that reads them, as PyYAML's safe
loader builds it, without its tree of nodes: the common forms (mappings, sequences, texts and
the plain scalars the safe loader resolves: numbers, truths, nulls, dates) here, by the safe
loader's own resolvers and constructors; any other form (a tag, a merge key, a collection as a
key, an anchor, a second document) raises `Unusual`, and the caller has PyYAML's loader read the
text, so the data is the same either way."""

from __future__ import annotations

from typing import Any

import yaml

_FastLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVERS = _FastLoader.yaml_implicit_resolvers
_ANY_START = _RESOLVERS.get(None, [])
_CONSTRUCTORS = _FastLoader.yaml_constructors
_CONSTRUCTOR = yaml.constructor.SafeConstructor()  # its scalar constructors keep no state
_STR = "tag:yaml.org,2002:str"
_NO_KEY = object()


class Unusual(Exception):
    """A form the builder leaves to PyYAML's loader."""


class DataBuilder:
    """Takes a document's events in order; `data` is the document once they are all taken."""

    def __init__(self) -> None:
        self._open: list[list[Any]] = []  # each open collection, [it, key awaiting a value]
        self._documents = 0
        self.data: object = None

    def take(self, event: yaml.Event) -> None:
        kind = type(event)
        if isinstance(event, yaml.ScalarEvent):
            self._add(_scalar(event))
        elif isinstance(event, yaml.CollectionStartEvent):
            if event.tag is not None or event.anchor is not None or self._awaits_key():
                raise Unusual
            collection: Any = {} if kind is yaml.MappingStartEvent else []
            self._add(collection)
            self._open.append([collection, _NO_KEY])
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            self._open.pop()
        elif kind is yaml.DocumentStartEvent:
            self._documents += 1
            if self._documents > 1:
                raise Unusual  # the loader's refusal of a second document
        elif kind is yaml.AliasEvent:
            raise Unusual

    def _awaits_key(self) -> bool:
        if not self._open:
            return False
        collection, key = self._open[-1]
        return isinstance(collection, dict) and key is _NO_KEY

    def _add(self, value: object) -> None:
        if not self._open:
            self.data = value
            return
        top = self._open[-1]
        if isinstance(top[0], list):
            top[0].append(value)
        elif top[1] is _NO_KEY:
            top[1] = value
        else:
            top[0][top[1]] = value  # a key given twice keeps its last value, as the loader's
            top[1] = _NO_KEY


def _scalar(event: yaml.ScalarEvent) -> object:
    if event.tag is not None or event.anchor is not None:
        raise Unusual
    value: str = event.value
    if not event.implicit[0]:
        return value  # quoted, or a block: a text
    for resolvers in (_RESOLVERS.get(value[:1], ()), _ANY_START):
        for tag, pattern in resolvers:
            if pattern.match(value):
                make = _CONSTRUCTORS.get(tag)
                if make is None or tag == _STR:
                    raise Unusual  # a merge key `<<`, a value key `=`: the loader's reading
                return make(_CONSTRUCTOR, yaml.ScalarNode(tag, value))
    return value
