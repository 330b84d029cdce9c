"""The tables: every game on the Game protocol but Vijayanagara (which keeps bot.service),
served by one set of objects and one table of commands."""

from .commands import COMMANDS, Call, help_text, run_command
from .loading import TableError, table_games
from .service import TableService

__all__ = [
    "COMMANDS",
    "Call",
    "TableError",
    "TableService",
    "help_text",
    "run_command",
    "table_games",
]
