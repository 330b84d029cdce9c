"""The dealer every game shares: chance outcomes from a per-game secret (rules.vijayanagara.fairness tells
why). `keyed_below(secret, game_id, seq)` is the uniform stream of the chance entry at log
position `seq` of game `game_id`: HMAC-SHA256(secret, "<game id>|<seq>|<block>"). A game on
the Game protocol draws its outcome with `Game.deal(state, keyed_below(...))`."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from pydantic import BaseModel

from .capabilities import StoredSteps, notation_of, with_later
from .game import Below, Game

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
Opt = TypeVar("Opt", bound=BaseModel)

SECRET_BYTES = 32
_U64 = 1 << 64


def commitment(secret: bytes, game_id: int, dealt_from: int) -> str:
    """What the bot posts when the secret starts to deal game `game_id`, in hex: the SHA-256
    of "<game id>|<dealt from>|" and the secret, so it names the game and the number of log
    entries that came from elsewhere (0: it deals from the first). Another game's number, or
    another first dealt entry, gives another commitment."""
    return hashlib.sha256(f"{game_id}|{dealt_from}|".encode() + secret).hexdigest()


def legacy_commitment(secret: bytes) -> str:
    """The commitment a game dealt from its first entry posted before commitments named the
    game: the secret's SHA-256 alone. It binds no game number; the outcomes keyed by it do."""
    return hashlib.sha256(secret).hexdigest()


def keyed_below(secret: bytes, game_id: int, seq: int) -> Below:
    """Uniform integers below n for the chance entry at `seq`: 64-bit words of the HMAC
    stream, with rejection sampling so no value is favoured."""
    words: list[int] = []
    block = 0

    def word() -> int:
        nonlocal block
        if not words:
            mac = hmac.new(secret, f"{game_id}|{seq}|{block}".encode(), hashlib.sha256).digest()
            words.extend(int.from_bytes(mac[i : i + 8], "big") for i in range(0, 32, 8))
            block += 1
        return words.pop(0)

    def below(n: int) -> int:
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _U64 - (_U64 % n)
        while True:
            v = word()
            if v < limit:
                return v % n

    return below


def seeded_below(seed: int, seq: int) -> Below:
    """Uniform integers below n for the chance entry at `seq` of a game dealt by a seed (tests,
    teaching): the seed's own stream, the same whatever the game's number, so the same seed
    deals the same outcomes in every game of a kind. Whoever knows the seed knows every die
    and card to come: repeatable, never fair play."""
    return keyed_below(hashlib.sha256(f"dealt-by-seed|{seed}".encode()).digest(), 0, seq)


MAX_PROBLEMS = 10


@dataclass(frozen=True, slots=True)
class Verification:
    """What `verify` found: how many chance entries it compared with the secret, and each
    one that differs (or the step where the log stopped replaying)."""

    checked: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(
    game: Game[S, A, V, Opt],
    initial: S,
    log: Sequence[A],
    secret: bytes,
    game_id: int,
    dealt_from: int = 0,
) -> Verification:
    """Replay `log` from `initial` and compare every chance entry after the first
    `dealt_from` (those came from elsewhere, as the commitment records) with the outcome the
    secret gives at its place (log position `seq`, counted from 1). What is checked follows
    from the log itself: wherever the game stops at a chance step, the next entry is one."""
    state, steps = initial, StoredSteps(game)
    checked = 0
    problems: list[str] = []
    if not 0 <= dealt_from <= len(log):
        return Verification(0, (f"the secret deals from step {dealt_from + 1}, past the log",))
    for seq, (action, later) in enumerate(with_later(log), start=1):
        try:
            if game.chance(state) is not None and seq > dealt_from:
                expected = game.deal(state, keyed_below(secret, game_id, seq))
                checked += 1
                if expected != action:
                    view, describe = game.view(state, None), notation_of(game).describe
                    problems.append(
                        f"step {seq}: the log has `{describe(view, action)}` but the "
                        f"secret gives `{describe(view, expected)}`"
                    )
                    if len(problems) >= MAX_PROBLEMS:
                        break
            state = steps.replayed(state, action, later)  # (one taken unasked since: skipped)
        except ValueError as e:
            problems.append(f"step {seq} does not replay: {e}")
            break
    return Verification(checked, tuple(problems))
