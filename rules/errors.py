"""Errors the rules raise. All are ValueErrors; a rejected action never changes the state."""


class RulesError(ValueError):
    """Base of every error the rules package raises about an order or an action."""


class InvalidOrder(RulesError):
    """Malformed order text: says where and what was expected."""


class AmbiguousOrder(InvalidOrder):
    """A name that matches several spaces or words: lists them."""


class IllegalAction(RulesError):
    """Well formed, but not allowed now: says which rule."""


class DataError(ValueError):
    """A map or deck file that does not validate: names the bad id or field."""


EXCERPT_CHARS = 40


CLIP_CHARS = 60


def clip(text: str, limit: int = CLIP_CHARS) -> str:
    """At most `limit` characters of what a player typed, for quoting it in a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def excerpt(value: object) -> str:
    """A short, bounded description of a value for an error message: never the whole of
    something a user sent (a huge string or number, a deep structure)."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return str(value) if -(10**12) < value < 10**12 else "a very large number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value[:EXCERPT_CHARS]) + ("..." if len(value) > EXCERPT_CHARS else "")
    if isinstance(value, dict):
        return f"a mapping of {len(value)} entr{'y' if len(value) == 1 else 'ies'}"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)} item{'' if len(value) == 1 else 's'}"
    return f"a {type(value).__name__}"


def excerpts(values: object, limit: int = 8) -> str:
    """Several values, each bounded, at most `limit` of them."""
    items = list(values) if isinstance(values, set | frozenset | list | tuple) else [values]
    shown = ", ".join(sorted(excerpt(v) for v in items[:limit]))
    return f"[{shown}{', ...' if len(items) > limit else ''}]"
