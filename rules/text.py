"""Text that comes from a file a user gives (a board, a cards file, a deck): checked when the
file is loaded, so that what the bot later shows of it can never be more than words.

Such a text is one line of printable characters, bounded in length, with nothing a chat or
a terminal reads as more than a word: no line break, control character (a terminal's escape
sequences start with one), invisible formatting character (a right-to-left override, a
zero-width space) or unassigned code point; none of the characters markdown and mentions are
made of (MARKUP: `**bold**`, `` `code` ``, `> quote`, `# heading`, `@everyone`, `<@123>`,
`[link](...)`, `||spoiler||`), no link (`://`), and it does not start as a list item does
(`- `, `+ `, `1. `, `-# `). A text that passes is shown as it is, unescaped: it cannot open
a line, mark up the bot's own words or ping anyone.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated

from pydantic import AfterValidator, StringConstraints
from pydantic_core import PydanticCustomError

# characters markdown, a chat's mentions and its masked links are made of
MARKUP = "`*_~|<>@#\\[]"
LINK = "://"
_UNQUOTABLE = MARKUP.replace("_", "")
_MARKUP_NAMES = {
    "`": "a backtick",
    "*": "an asterisk",
    "_": "an underscore",
    "~": "a tilde",
    "|": "a bar",
    "<": "an angle bracket",
    ">": "an angle bracket",
    "@": "an at sign",
    "#": "a hash",
    "\\": "a backslash",
    "[": "a square bracket",
    "]": "a square bracket",
}
# what starts a list or small print at the start of a line: "- ", "+ ", "1. ", "1) ", "-# "
_LIST_MARKER = re.compile(r"[-+](\s|$)|-#|[0-9]+[.)](\s|$)")


_KINDS = {"Cc": "a control", "Cf": "an invisible formatting", "Zs": "a special space"}


def _named(c: str) -> str:
    name = unicodedata.name(c, "")
    return f"U+{ord(c):04X}" + (f" {name}" if name else "")


def text_problem(text: str) -> str | None:
    """Why `text` is not one line of plain printable text, or None when it is."""
    if text != text.strip() or not text:
        return "it starts or ends with a space, or is empty"
    for i, c in enumerate(text, start=1):
        if c in "\r\n\u2028\u2029\x85":
            return f"it holds a line break at character {i}: it is one line"
        if not c.isprintable():
            kind = _KINDS.get(unicodedata.category(c), "an unassigned or private")
            return f"it holds {kind} character ({_named(c)}) at character {i}"
        if c in MARKUP:
            return (
                f"it holds {_MARKUP_NAMES[c]} at character {i}, which the chat reads as markup "
                "(no backtick, asterisk, underscore, tilde, bar, angle bracket, at sign, hash, "
                "backslash or square bracket)"
            )
    if LINK in text:
        return "it holds a link (://)"
    if _LIST_MARKER.match(text):
        return "it starts as a list does (a dash, a plus or a number with a full stop)"
    return None


def quotable(text: str) -> bool:
    """Whether a message may quote `text` (something a user sent, an id of the rules'):
    printable, one line, no link and no markup but underscores (ids have them)."""
    return text.isprintable() and LINK not in text and not any(c in _UNQUOTABLE for c in text)


def _checked(text: str) -> str:
    problem = text_problem(text) if text else None  # an empty text is bounded by its type
    if problem is not None:
        raise PydanticCustomError("plain_text", "not plain text: {problem}", {"problem": problem})
    return text


def _plain(min_chars: int, max_chars: int) -> StringConstraints:
    return StringConstraints(min_length=min_chars, max_length=max_chars)


_PLAIN = AfterValidator(_checked)
# The texts the loaders read, by how long each may be: a name on the board or a card, a
# card's title, a card's flavor, a card side's or an option's text (the last two may be empty).
Name = Annotated[str, _plain(1, 40), _PLAIN]
Title = Annotated[str, _plain(1, 100), _PLAIN]
Flavor = Annotated[str, _plain(0, 1000), _PLAIN]
Prose = Annotated[str, _plain(0, 2000), _PLAIN]
