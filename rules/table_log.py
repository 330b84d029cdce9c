"""A game's log on the Game protocol, as stored: one entry per line of the log, in order.

An entry is a seat's step (`{"step": action}`), a chance outcome (`{"chance": action}`) or an
undo that takes back the latest standing step (`{"undo": seat}`). Replaying the entries gives
the state and the standing steps; `verify` checks every chance entry against the secret that
dealt it (rules.dealing), once the game is over and its secret revealed. Pure: the bot reads
the entries from its store and calls these.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, TypeAdapter

from .dealing import keyed_below
from .game import Game, Seat

Entry = Mapping[str, Any]
AnyGame = Game[Any, Any, Any, Any]
MAX_PROBLEMS = 10
_JSON: TypeAdapter[Any] = TypeAdapter(Any)


def step_entry(game: AnyGame, action: object) -> dict[str, Any]:
    return {"step": _JSON.validate_json(game.action_to_json(action))}


def chance_entry(game: AnyGame, action: object) -> dict[str, Any]:
    return {"chance": _JSON.validate_json(game.action_to_json(action))}


def undo_entry(seat: Seat) -> dict[str, Any]:
    return {"undo": seat}


@dataclass(frozen=True)
class Standing:
    """A step still in the game: who took it (None: chance), the state before it, the action
    and whether undo stops at it."""

    seat: Seat | None
    before: object
    action: object
    barrier: bool


@dataclass(frozen=True)
class Replayed:
    state: object
    standing: tuple[Standing, ...]


class LogError(ValueError):
    """A stored log that does not replay (a bug or a damaged file, never a player's doing)."""


def _action(game: AnyGame, entry: Entry, key: str) -> object:
    return game.action_from_json(_JSON.dump_json(entry[key]).decode())


def replay(
    game: AnyGame, initial: object, entries: Sequence[Entry], after: Replayed | None = None
) -> Replayed:
    """The state after `entries`, from `initial` (game.new_game of the stored options), or
    from `after` (what the entries before these replayed to)."""
    state = initial if after is None else after.state
    standing: list[Standing] = [] if after is None else list(after.standing)
    for n, entry in enumerate(entries, start=1):
        try:
            if "undo" in entry:
                if not standing or standing[-1].barrier:
                    raise LogError(f"entry {n}: an undo with nothing to take back")
                state = standing.pop().before
                continue
            key = "chance" if "chance" in entry else "step"
            action = _action(game, entry, key)
            seat = None if key == "chance" else game.to_move(state)
            barrier = key == "chance" or game.undo_barrier(state, action)
            after = game.apply(state, action)
        except (KeyError, ValueError) as e:
            raise LogError(f"entry {n} does not replay: {e}") from e
        standing.append(Standing(seat, state, action, barrier))
        state = after
    return Replayed(state, tuple(standing))


def can_undo(replayed: Replayed, seat: Seat) -> bool:
    """Whether `seat` may take back the latest standing step: its own, and not a barrier."""
    if not replayed.standing:
        return False
    last = replayed.standing[-1]
    return last.seat == seat and not last.barrier


class Verification(BaseModel):
    checked: int
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(
    game: AnyGame, initial: object, entries: Sequence[Entry], secret: bytes, game_id: int
) -> Verification:
    """Replay `entries` and compare each chance entry (log position `seq`, counted from 1)
    with what the secret deals there. Which entries are deals is the game's to say, not the
    entries' labels: a deal where none is pending, or a seat's step where one is, does not
    replay."""
    state = initial
    stack: list[object] = []
    checked = 0
    problems: list[str] = []
    for seq, entry in enumerate(entries, start=1):
        try:
            if "undo" in entry:
                state = stack.pop()
                continue
            pending = game.chance(state)
            if ("chance" in entry) != (pending is not None):
                what = f"{pending} is pending, not a seat's step" if pending else "no deal is due"
                problems.append(f"step {seq} does not replay: {what}")
                break
            if "chance" in entry:
                got = _action(game, entry, "chance")
                expected = game.deal(state, keyed_below(secret, game_id, seq))
                checked += 1
                if got != expected:
                    view = game.view(state, None)
                    problems.append(
                        f"step {seq}: the log has `{game.describe(view, got)}` but the secret "
                        f"gives `{game.describe(view, expected)}`"
                    )
                    if len(problems) >= MAX_PROBLEMS:
                        break
                stack.clear()
                state = game.apply(state, got)
                continue
            action = _action(game, entry, "step")
            stack.append(state)
            state = game.apply(state, action)
        except (KeyError, IndexError, ValueError) as e:
            problems.append(f"step {seq} does not replay: {e}")
            break
    return Verification(checked=checked, problems=problems)
