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
