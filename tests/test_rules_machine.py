"""The seam for a second game: rules.vijayanagara.machine runs any game's frames and imports nothing of
Vijayanagara. A tiny Nim with a die (take 1-3 counters; a roll of 6 adds one) runs on it."""

from __future__ import annotations

import ast
import random
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from rules.vijayanagara import machine
from rules.vijayanagara.machine import FrameHandler, Machine, can_undo, end_step, set_barrier, undo


def test_the_machine_imports_nothing_of_the_game() -> None:
    tree = ast.parse(Path(machine.__file__).read_text(encoding="utf-8"))
    imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
    }
    assert imported <= {"__future__", "collections.abc", "typing"}, imported


@dataclass
class NimFrame:
    kind: str
    player: int
    rolled: bool = False  # this turn's die, if one is due, was rolled


@dataclass
class Nim:
    counters: int
    dice: list[int]  # the seeded dealer's rolls, or empty: the caller supplies them
    frames: list[NimFrame] = field(default_factory=list)
    game_over: bool = False
    reveals: int = 0
    winner: int | None = None
    since_barrier: list[int] = field(default_factory=list)  # takes since the last barrier
    base: Nim | None = None  # the state at the barrier, when steps were taken since

    @property
    def barrier(self) -> Nim | None:
        return self if not self.since_barrier else self.base

    def keep_barrier(self, base: Nim | None) -> None:
        self.base = base

    def copy(self) -> Nim:
        frames = [NimFrame(f.kind, f.player, f.rolled) for f in self.frames]
        return replace(self, dice=list(self.dice), frames=frames)


ROLL = 10  # a die outcome is dealt as ROLL + the value


class Turn(FrameHandler[Nim, NimFrame, int, str]):
    def chance(self, st: Nim, fr: NimFrame) -> str | None:
        """A turn that starts on a multiple of five rolls a die first: a 6 adds a counter."""
        return "a die" if st.counters % 5 == 0 and st.counters and not fr.rolled else None

    def actions(self, st: Nim, fr: NimFrame) -> list[int]:
        return [n for n in (1, 2, 3) if n <= st.counters]

    def is_legal(self, st: Nim, fr: NimFrame, action: int) -> bool:
        return 1 <= action <= min(3, st.counters)

    def is_auto(self, st: Nim, fr: NimFrame) -> bool:
        return st.counters == 0

    def run(self, st: Nim, fr: NimFrame) -> None:
        st.winner = 1 - fr.player  # the player who took the last counter
        st.game_over = True

    def act(self, st: Nim, fr: NimFrame, action: int) -> None:
        if action >= ROLL:
            st.counters += action == ROLL + 6
            fr.rolled = True
            return
        st.counters -= action
        st.frames[-1] = NimFrame("turn", 1 - fr.player)


def _deal(st: Nim, node: str) -> int | None:
    return ROLL + st.dice.pop(0) if st.dice else None


def nim() -> Machine[Nim, NimFrame, int, str]:
    m: Machine[Nim, NimFrame, int, str] = Machine(_deal)
    m.register("turn", Turn())
    return m


def test_a_second_game_plays_to_its_end_on_the_machine() -> None:
    m = nim()
    r = random.Random(1)
    st = Nim(counters=10, dice=[6] * 10)
    st.frames.append(NimFrame("turn", 0))
    m.advance(st)  # 10 is a multiple of 5: the seeded dealer rolls at once
    assert st.reveals == 1 and st.counters == 11
    for _ in range(100):
        if st.game_over:
            break
        legal = m.legal_actions(st)
        assert legal and all(m.is_legal(st, a) for a in legal)
        assert not m.is_legal(st, 4)
        a = r.choice(legal)
        assert m.listed(st, a)
        m.take(st, a)
    assert st.game_over and st.frames == [] and st.winner in (0, 1)
    assert m.legal_actions(st) == []


def test_without_a_dealer_the_machine_stops_at_chance() -> None:
    m = nim()
    st = Nim(counters=5, dice=[])
    st.frames.append(NimFrame("turn", 0))
    m.advance(st)
    assert m.chance(st) == "a die"
    assert m.legal_actions(st) == [] and not m.is_legal(st, 1)


def test_a_kind_registers_once() -> None:
    m = nim()
    with pytest.raises(ValueError, match="two handlers"):
        m.register("turn", Turn())


def _step(m: Machine[Nim, NimFrame, int, str], st: Nim, take: int) -> Nim:
    """One player's take on a copy; a roll on the way or the game's end is a barrier."""
    new = st.copy()
    reveals = new.reveals
    m.take(new, take)
    end_step(new, st, take, commits=new.reveals != reveals or new.game_over)
    return new


def test_undo_replays_from_the_barrier_and_never_crosses_a_roll() -> None:
    m = nim()
    st = Nim(counters=9, dice=[1, 1])
    st.frames.append(NimFrame("turn", 0))
    m.advance(st)
    set_barrier(st)
    assert not can_undo(st) and undo(st, Nim.copy, lambda s, t: _step(m, s, t)) is None
    s1 = _step(m, st, 2)  # 7 left
    s2 = _step(m, s1, 1)  # 6 left
    assert can_undo(s2) and s2.since_barrier == [2, 1] and s2.barrier is st
    back = undo(s2, Nim.copy, lambda s, t: _step(m, s, t))
    assert back is not None and back.counters == s1.counters == 7
    assert back.frames == s1.frames and back.since_barrier == [2] and back.barrier is st
    again = undo(back, Nim.copy, lambda s, t: _step(m, s, t))
    assert again is not None and again.counters == 9 and not can_undo(again)
    s3 = _step(m, s2, 1)  # 5 left: the next turn rolls a die first, which commits
    assert s3.reveals == st.reveals + 1 and not can_undo(s3)
    assert undo(s3, Nim.copy, lambda s, t: _step(m, s, t)) is None
    assert st.counters == 9 and s2.counters == 6  # undo changed no state it was given
