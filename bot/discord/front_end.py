"""What the table is told of Discord when the bot builds it: a command is named as a slash
command of the game's group (`/vj club verify`), words are set off in bold, a person is pinged,
a moment is a timestamp each reader sees in their own terms; a message holds at most
MESSAGE_LIMIT characters (a longer text is cut at line ends into several) and MAX_BUTTONS
buttons, and the other limits below are Discord's."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..table.front_end import FrontEnd
from ..table.games.entry import Registry
from ..table.registry import registry

MESSAGE_LIMIT = 1900  # Discord allows 2000 characters; keep a margin
MAX_BUTTONS = 25  # on one message: five rows of five
MENU_OPTIONS = 25  # in a select menu
MENU_LABEL_CHARS = 100  # of a select menu option's label
CHOICE_CHARS = 100  # of an autocomplete choice's name and value
MAX_ALT_CHARS = 1024  # a board's alt text: Discord takes 1024 characters for a description


@dataclass(frozen=True)
class SlashCommands:
    """`/vj club verify`: the command `words` in the game's slash group, the word its
    registration gives (a stored game of a kind no longer hosted: the first game's group,
    which reaches it to abort it)."""

    games: Registry

    def __call__(self, kind: str, words: str) -> str:
        known = kind if self.games.hosts(kind) else self.games.games()[0].info.id
        return f"/{self.games.command(known)} {words}".rstrip()


def bold(text: str) -> str:
    return f"**{text}**"


def relative_time(when: float) -> str:
    """A Discord timestamp each reader sees in their own terms ('3 hours ago')."""
    return f"<t:{int(when)}:R>"


def user_mention(user_id: int) -> str:
    return f"<@{user_id}>"


def role_mention(role_id: int) -> str:
    return f"<@&{role_id}>"


def channel_mention(channel_id: str) -> str:
    return f"<#{channel_id}>"


def alt_within(alt: str, limit: int = MAX_ALT_CHARS) -> str:
    """A picture's alt text as Discord takes it: whole when it fits, else cut after the last
    whole sentence that fits, with "…" (a screen reader then reads no half word or half
    sentence, as a crowded map's long description would end)."""
    if len(alt) <= limit:
        return alt
    head = alt[: limit - 1]
    end = head.rfind(". ")
    return (head[: end + 1] if end > 0 else head) + "…"


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


def discord_front(games: Registry) -> FrontEnd:
    """Discord, as the table is told of it, for a table hosting `games`."""
    return replace(DISCORD, command=SlashCommands(games))


DISCORD = FrontEnd(  # for the bot's own games
    command=SlashCommands(registry()),
    strong=bold,
    mention=user_mention,
    moment=relative_time,
    role=role_mention,
    channel=channel_mention,
    beside="open a thread",  # (a game's own thread: `create thread:True`)
    message_limit=MESSAGE_LIMIT,
    max_buttons=MAX_BUTTONS,
    suggestion_chars=CHOICE_CHARS,
)
