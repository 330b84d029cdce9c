"""The product's name, Chaupal, and the names it had while it hosted Vijayanagara alone: a
command, an environment variable or a default database file under its old name keeps working,
and says its new name in one line on standard error."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

PRODUCT = "Chaupal"
# each command's old name, and its name now (pyproject.toml installs both)
OLD_COMMANDS = {
    "vijayanagara-bot": "chaupal-bot",
    "vijayanagara-local": "chaupal-local",
    "vijayanagara-copy-db": "chaupal-copy-db",
}
# each environment variable's name now, and its old name, read when the new one is not set
OLD_VARIABLES = {
    "CHAUPAL_DB": "VIJAYANAGARA_DB",
    "CHAUPAL_MYPYC": "VJ_MYPYC",
    "CHAUPAL_WHOLE_GAMES": "VJ_WHOLE_GAMES",
}


def notice(line: str) -> None:
    """One line on standard error, beside the command's own output."""
    print(f"notice: {line}", file=sys.stderr)


def renamed_command(old: str) -> str:
    return f"`{old}` is now `{OLD_COMMANDS[old]}`; the old name still works"


def by_old_name(old: str, main: Callable[[], None]) -> Callable[[], None]:
    """The command `main` installed under its old name: the same, after a notice."""

    def run() -> None:
        notice(renamed_command(old))
        main()

    run.__doc__ = f"`{old}`: {renamed_command(old)}."
    return run


def renamed_variable(new: str, *, read: bool) -> str:
    """What to say of an old variable set: read in the new one's place, or left aside."""
    old = OLD_VARIABLES[new]
    if read:
        return f"{old} is now {new}; {old} is read while {new} is not set"
    return f"{old} is now {new}; {old} is left aside since {new} is set"


def variable(new: str, environ: Mapping[str, str] | None = None) -> tuple[str | None, str | None]:
    """The value of the environment variable `new`, else of its old name; and the notice owed
    when the old name is set (None when it is not)."""
    env = os.environ if environ is None else environ
    old = OLD_VARIABLES[new]
    if old not in env:
        return env.get(new), None
    return env.get(new, env[old]), renamed_variable(new, read=new not in env)


def default_file(new: str, old: str) -> str:
    """A default file whose name changed: the old one while it is there and the new one is
    not (a database made before the name changed opens as it is), else the new one."""
    return old if Path(old).exists() and not Path(new).exists() else new


def renamed_file(old: str, new: str) -> str:
    return (
        f"opened {old}, the default file's name before {PRODUCT}; the default is now {new} "
        "(to move to it, stop, then rename the file)"
    )
