"""The one error-mapping decorator of the service: refusals become the user's Reply."""

from __future__ import annotations

from types import SimpleNamespace

from bot.discord.front_end import DISCORD
from bot.table.refusal import ServiceError, answers
from bot.table.reminders import ReminderError
from bot.table.reply import Reply
from db import GameExists, StaleAction


@answers(stale="The game changed meanwhile; try `/vj join` again.", exists="Finish that one first.")
async def refusing(error: Exception | None) -> Reply:
    if error is not None:
        raise error
    return Reply(text="done")


async def test_a_refusal_becomes_an_error_reply_with_its_own_words() -> None:
    reply = await refusing(ServiceError("You already sit as Delhi Sultanate."))
    assert not reply.ok and reply.text.endswith("You already sit as Delhi Sultanate.")
    reminder = await refusing(ReminderError("Unknown time zone 'Mars/Olympus'."))
    assert not reminder.ok and "Mars/Olympus" in reminder.text


async def test_a_game_changed_meanwhile_says_what_to_try_again() -> None:
    reply = await refusing(StaleAction(7, 3, 4))
    assert not reply.ok and "try `/vj join` again" in reply.text


class _Lobby:
    """A table part as the service builds one: its front end in `shared.texts.front`."""

    def __init__(self) -> None:
        self.shared = SimpleNamespace(texts=SimpleNamespace(front=DISCORD))

    @answers(retry="join")
    async def join(self, *, kind: str | None = None) -> Reply:
        raise StaleAction(7, 3, 4)


async def test_the_command_to_try_again_is_named_as_the_front_end_types_it_for_the_game() -> None:
    reply = await _Lobby().join(kind="goat_tiger")
    assert not reply.ok and "try `/gt join` again" in reply.text
    bare = await _Lobby().join()  # a call that names no game: the command by its words
    assert not bare.ok and "try `join` again" in bare.text


async def test_another_game_taking_the_channel_says_what_to_do() -> None:
    reply = await refusing(GameExists("chan"))
    assert not reply.ok and reply.text == "Finish that one first."


async def test_an_answer_passes_through_and_other_errors_are_not_hidden() -> None:
    assert (await refusing(None)).text == "done"
    try:
        await refusing(KeyError("a bug"))
    except KeyError:
        pass
    else:
        raise AssertionError("a bug must not become a refusal")
