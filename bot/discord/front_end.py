"""What the table is told of Discord when the bot builds it: a command is named as a slash
command of the game's group (`/vj club verify`), words are set off in bold, a person is pinged,
a moment is a timestamp each reader sees in their own terms; a message holds at most
MESSAGE_LIMIT characters (a longer text is cut at line ends into several) and MAX_BUTTONS
buttons, and the other limits below are Discord's."""

from __future__ import annotations

from ..table.front_end import FrontEnd
from ..table.registry import games

MESSAGE_LIMIT = 1900  # Discord allows 2000 characters; keep a margin
MAX_BUTTONS = 25  # on one message: five rows of five
MENU_OPTIONS = 25  # in a select menu
MENU_LABEL_CHARS = 100  # of a select menu option's label
CHOICE_CHARS = 100  # of an autocomplete choice's name and value
MAX_ALT_CHARS = 1000  # a board's alt text (Discord takes 1024 characters for a description)


def slash_command(kind: str, words: str) -> str:
    """`/vj club verify`: the command `words` in the game's slash group (a stored game of a
    kind this bot no longer knows: the first game's group, which reaches it to abort it)."""
    known = next((g for g in games() if g.info.id == kind), games()[0])
    return f"/{known.info.command} {words}".rstrip()


def bold(text: str) -> str:
    return f"**{text}**"


def relative_time(when: float) -> str:
    """A Discord timestamp each reader sees in their own terms ('3 hours ago')."""
    return f"<t:{int(when)}:R>"


def user_mention(user_id: int) -> str:
    return f"<@{user_id}>"


def role_mention(role_id: int) -> str:
    return f"<@&{role_id}>"


def split_text(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """The text cut at line ends into messages of at most `limit` characters: a long turn
    becomes a few messages, not one per line."""
    out: list[str] = []
    cur = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if cur:
                out.append(cur)
                cur = ""
            out.append(line[:limit])
            line = line[limit:]
        if cur and len(cur) + 1 + len(line) > limit:
            out.append(cur)
            cur = line
        else:
            cur = f"{cur}\n{line}" if cur else line
    if cur or not out:
        out.append(cur)
    return out


DISCORD = FrontEnd(
    command=slash_command,
    strong=bold,
    mention=user_mention,
    moment=relative_time,
    role=role_mention,
    message_limit=MESSAGE_LIMIT,
    max_buttons=MAX_BUTTONS,
    suggestion_chars=CHOICE_CHARS,
)
