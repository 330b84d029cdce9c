"""YAML readers: `load_bounded` for files users upload (bounded in size, depth and node count,
no aliases), `load_own` for the project's own files.

PyYAML's C composer recurses without limit (a file of nested brackets crashes the process) and
aliases let a few hundred bytes expand to gigabytes. So the event stream is checked as it comes,
and only a stream that passes becomes Python data: built from the same events in the same pass
(`yaml_data.DataBuilder`, several times quicker than composing and constructing a node tree), or
by PyYAML's loader for a form the builder leaves to it. libyaml's parser, which yields that
stream, keeps its nesting on a heap stack (no recursion, cost linear in the text), so the check
runs at C speed; PyYAML's pure-Python parser, also iterative, stands in where libyaml is absent.
"""

from __future__ import annotations

import yaml

from .errors import DataError
from .text import inert
from .yaml_data import DataBuilder, Unusual

_FastLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# libyaml 0.2.6 and later refuse a nesting depth of their own (1000, far past every limit here)
# while scanning ahead of the events counted below: the same refusal, said in this reader's words
LIBYAML_DEPTH_LIMIT = "exceeded maximum nesting depth"
# each event's own class (both parsers make them so, no subclass), checked by identity
_OPEN = frozenset((yaml.MappingStartEvent, yaml.SequenceStartEvent))
_CLOSE = frozenset((yaml.MappingEndEvent, yaml.SequenceEndEvent))
_NODES = _OPEN | {yaml.ScalarEvent, yaml.AliasEvent}


def load_own(text: str) -> object:
    """A document the project ships or a test writes (trusted, so unbounded): libyaml's events
    built into data as they come (`DataBuilder`), else libyaml's safe loader."""
    built = DataBuilder()
    try:
        for event in yaml.parse(text, Loader=_FastLoader):
            built.take(event)
    except Unusual:
        return yaml.load(text, Loader=_FastLoader)
    return built.data


def load_bounded(text: str, *, what: str, max_chars: int, max_depth: int, max_nodes: int) -> object:
    """The document in `text`; DataError (a short message) when it is too large, too deep,
    has too many nodes, uses anchors or aliases, or is not YAML."""
    if len(text) > max_chars:
        raise DataError(
            f"{what}: the file is too large ({len(text)} characters; at most {max_chars})"
        )
    depth = nodes = 0
    built: DataBuilder | None = DataBuilder()  # None: a form it leaves to PyYAML's loader
    try:
        for event in yaml.parse(text, Loader=_FastLoader):
            kind = type(event)
            if kind in _NODES:
                if kind is yaml.AliasEvent or getattr(event, "anchor", None) is not None:
                    raise DataError(f"{what}: anchors and aliases (& and *) are not allowed")
                nodes += 1
                if nodes > max_nodes:
                    raise DataError(f"{what}: more than {max_nodes} values")
                if kind in _OPEN:
                    depth += 1
                    if depth > max_depth:
                        raise DataError(f"{what}: nested deeper than {max_depth} levels")
            elif kind in _CLOSE:
                depth -= 1
            if built is not None:
                try:
                    built.take(event)
                except Unusual:
                    built = None
        return built.data if built is not None else yaml.load(text, Loader=_FastLoader)
    except DataError:
        raise
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow (a control)
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        raise DataError(
            f"{what}: not valid YAML: character {exc.position + 1} is U+{ord(char):04X}: "
            f"{exc.reason}"
        ) from exc
    except UnicodeEncodeError as exc:  # a lone surrogate, which no text holds
        raise DataError(
            f"{what}: character {exc.start + 1} is U+{ord(exc.object[exc.start]):04X}, half "
            "of a pair of UTF-16 code units, which is no character"
        ) from exc
    except yaml.YAMLError as exc:
        if LIBYAML_DEPTH_LIMIT in str(exc):
            raise DataError(f"{what}: nested deeper than {max_depth} levels") from exc
        mark = exc.problem_mark if isinstance(exc, yaml.MarkedYAMLError) else None
        problem = exc.problem if isinstance(exc, yaml.MarkedYAMLError) else None
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        # the parser's words quote what the file holds ("found character '\\x1b'"): inert
        said = inert(str(problem or exc), 200)
        raise DataError(f"{what}: not valid YAML{where}: {said}") from exc
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise DataError(f"{what}: a value cannot be read: {inert(str(exc), 200)}") from exc
