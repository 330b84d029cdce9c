"""Ctrl-C in the terminal, as a person presses it: the real program on a pseudo-terminal with
its real worker processes, SIGINT sent to its whole process group as a terminal sends it. At
every moment it leaves a working game: a line typed is cancelled, a hint or an AI's step in
thought is given up, the AIs stop after the step under way, the worker pool lives on (its
workers ignore the terminal's SIGINT), and a hint and the AIs' steps work after it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from terminal_pty import Terminal

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="a pseudo-terminal and /proc (Linux)"
)

CANCELLED = "(Ctrl-C) Type `quit` to leave; the game is kept."
AIS_WAIT = "(Ctrl-C) The AIs wait: they go on after your next line (`status`)."
HINTED = "Type `hint play` to play it whole"  # a hint came
BROKEN = ("Traceback", "KeyboardInterrupt", "could not be handled", "BrokenProcessPool")
# a hard AI's step thinks this long (CPU seconds) and a hint twice as long (`--think`): long
# enough for a poll to see a worker at work (`thinking_held` then holds it for the Ctrl-C),
# short for the thoughts let run to their end
THINK = ("--think", "0.3")


def working(t: Terminal) -> None:
    """Nothing the session printed says it broke."""
    found = [word for word in BROKEN if word in t.text]
    assert not found, (found, t.tail())


def until_red(t: Terminal) -> None:
    """Lines until the game waits for Red (the AI's turn played out)."""
    for _ in range(5):
        if "Next: Red" in t.line("status"):
            return
    raise AssertionError(t.tail())


def ctrl_c_whichever_thread_it_reaches(t: Terminal) -> None:
    """Linux hands a signal sent to the process to any of its threads: one reaching a thread
    but the main one (the database's, the pool's) cancels the line at once all the same,
    though the main thread waits in readline for a key."""
    t.type("assorted mar")
    t.until("assorted mar")
    t.ctrl_c_to_a_thread()
    assert CANCELLED in t.prompt()
    t.ctrl_c_to_a_thread()  # at once, again
    assert CANCELLED in t.prompt()
    assert "Next: Red" in t.line("status")  # the half-typed line was not sent


def test_ctrl_c_at_every_moment_of_a_rajas_session_leaves_a_working_game(tmp_path: Path) -> None:
    with Terminal(tmp_path, "--game", "rajas", "--play", "red", "--seed", "3", *THINK) as t:
        t.until("New game of Rajas")  # while the game is made and its first board drawn
        t.ctrl_c()
        t.prompt()
        t.ctrl_c()  # at the prompt, before any AI has moved
        assert CANCELLED in t.prompt()
        t.type("assorted mar")  # a line half typed: cancelled, not sent
        t.until("assorted mar")
        t.ctrl_c()
        assert CANCELLED in t.prompt()
        ctrl_c_whichever_thread_it_reaches(t)
        t.type("options\r")  # while a line's answer is written
        t.until("All allowed steps")
        t.ctrl_c()
        t.prompt()
        t.type("assorted market\r")  # an order, and Ctrl-C at once: cancelled or played
        t.ctrl_c()
        t.prompt()
        if "Red: assorted market" not in t.line("log 20"):
            t.line("assorted market")
        until_red(t)
        t.ctrl_c()  # at the idle prompt after an AI's turn
        assert CANCELLED in t.prompt()
        t.type("hint\r")  # during a hint's thought: given up
        with t.thinking_held():
            t.ctrl_c()
            assert "The hint was stopped before it was ready; `hint` asks again." in t.prompt()
        assert HINTED in t.line("hint")  # a hint works after it
        t.type("hint play\r")  # the AI's turn, interrupted once it began
        t.until(r"Yellow \(the greedy AI\) plays:")
        t.ctrl_c()
        t.prompt()
        until_red(t)  # and it goes on after the next line
        assert "Type `yes` to confirm" in t.line("abort")
        t.ctrl_c()  # at the question: the game is kept
        assert CANCELLED in t.prompt()
        assert "Not aborted." in t.line("status")
        working(t)
        assert t.quit() == 0


def test_ctrl_c_while_an_ai_thinks_gives_up_its_step_and_the_game_goes_on(tmp_path: Path) -> None:
    """A hard Tigers' step thinks its `--think` seconds of CPU in a worker: Ctrl-C while it
    thinks (its worker held, so that it cannot end first) gives it up, nothing is stored,
    and the next line lets the AI play, its step under its header again (the header printed
    before the Ctrl-C stood above the terminal's own lines). A worker killed after that
    leaves a broken pool, which the next hint replaces."""
    args = ("--game", "goat_tiger", "--play", "goats", "--ai", "tigers:hard", *THINK)
    with Terminal(tmp_path, *args) as t:
        t.prompt()
        t.type("place 7\r")
        with t.thinking_held():
            t.ctrl_c()
            said = t.prompt()
        assert AIS_WAIT in said and "• Tigers:" not in said  # nothing stored
        said = t.line("status")  # its step was not played; the next line lets it play
        assert "Next: Tigers" in said and "Why:" in said.split("Next: Tigers")[1]
        assert "Tigers (the hard AI) plays:\n• Tigers" in said.split("Next: Tigers")[1], said
        t.kill_worker()
        assert HINTED in t.line("hint")  # a new pool answers
        working(t)
        assert t.quit() == 0


def test_a_line_typed_while_an_ai_thinks_waits_for_the_prompt_unechoed_amid_its_lines(
    tmp_path: Path,
) -> None:
    """A trial typed its next order while an AI played: the terminal echoed it amid the AI's
    lines. Keys typed while the program works are kept, not echoed, and the next prompt
    reads them (readline shows them there, as typed); the echo is back once it ends."""
    args = ("--game", "goat_tiger", "--play", "goats", "--ai", "tigers:hard", *THINK)
    with Terminal(tmp_path, *args) as t:
        t.prompt()
        t.type("place 7\r")
        with t.thinking_held():
            t.type("status\r")
        said = t.until(r"\n> status\n")  # read at the prompt, after the Tigers' step
        assert "• Tigers:" in said and "status" not in said.removesuffix("> status\n"), said
        assert "Next: Goats" in t.prompt()  # its answer
        working(t)
        assert t.quit() == 0
