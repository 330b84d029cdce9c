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
from collections.abc import Mapping, Sequence
from typing import Annotated

from pydantic import AfterValidator, StringConstraints
from pydantic_core import PydanticCustomError

from .words import count_of

# characters markdown, a chat's mentions and its masked links are made of
MARKUP = "`*_~|<>@#\\[]"
LINK = "://"
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


_MARKUP_CHAR = re.compile("[" + re.escape(MARKUP) + "]")


def text_problem(text: str) -> str | None:
    """Why `text` is not one line of plain printable text, or None when it is."""
    if text != text.strip() or not text:
        return "it starts or ends with a space, or is empty"
    # a line break is no printable character: a text that passes both holds neither
    if not text.isprintable() or _MARKUP_CHAR.search(text):
        return _first_odd_character(text)
    if LINK in text:
        return "it holds a link (://)"
    if _LIST_MARKER.match(text):
        return "it starts as a list does (a dash, a plus or a number with a full stop)"
    return None


def _first_odd_character(text: str) -> str | None:
    """What the first line break, unprintable or markup character of `text` is, and where."""
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
    return None


QUOTED_CHARS = 40  # characters of a user's text a message repeats


def _inside_word(text: str, i: int) -> bool:
    """Whether the character at `i` stands between two letters or digits (an id's `_`)."""
    return 0 < i < len(text) - 1 and text[i - 1].isalnum() and text[i + 1].isalnum()


def _code(c: str) -> str:
    n = ord(c)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}"


def inert(text: str, limit: int = QUOTED_CHARS) -> str:
    """`text`, something a user gave (a value, a key, a label, a file's name, an order), as a
    message may repeat it whatever it holds: its first `limit` characters (cut with "…"),
    each character a chat or a terminal reads as more than a letter written as its code, as
    Python and YAML write it (`\\x1b`, `\\u202e`, `\\x2a`): a control or invisible
    formatting character, a line break, a special space, the characters markdown and mentions
    are made of (an underscore but inside a word, as ids have it) and the colon of a link.
    What comes out is one line of printable characters that marks up nothing, pings nobody
    and moves no terminal's cursor; a plain text comes out as it is. The one function every
    refusal repeats a user's text through."""
    cut = text if len(text) <= limit else text[: max(limit - 1, 0)]
    out = []
    for i, c in enumerate(cut):
        code = (
            not c.isprintable()
            or (c in MARKUP and not (c == "_" and _inside_word(cut, i)))
            or (c == ":" and cut.startswith("//", i + 1))
        )
        out.append(_code(c) if code else c)
    return "".join(out) + ("…" if len(cut) < len(text) else "")


def quoted(text: str, limit: int = QUOTED_CHARS) -> str:
    """`text` made inert (`inert`) and set in quotes, as Python writes a text: `'NX'`."""
    body = inert(text, limit)
    if "'" in body and '"' not in body:
        return f'"{body}"'
    return "'" + body.replace("'", "\\'") + "'"


def shown(value: object) -> str:
    """A value a user gave as a message repeats it: short, on one line, in JSON's words (a
    text through `quoted`; a structure by its size, never whole)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if -(10**15) < value < 10**15:
            return str(value)
        if value.bit_length() > 13_000:  # past what Python writes out (4,300 digits)
            return "a number of thousands of digits"
        return f"a {len(str(abs(value)))}-digit number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return quoted(value)
    if isinstance(value, Mapping):
        return f"a mapping of {count_of(len(value), 'entry')}"
    if isinstance(value, Sequence):
        return f"a list of {count_of(len(value), 'item')}"
    return f"a {type(value).__name__}"


def quotable(text: str) -> bool:
    """Whether a message may repeat `text` as it is (something a user sent, an id of the
    rules'): `inert` leaves it unchanged."""
    return inert(text, len(text)) == text


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
