"""Provable fairness: chance outcomes that follow from a secret the players cannot see.

The bot keeps one random secret per game and deals every chance outcome from
HMAC-SHA256(secret, "<game id>|<seq>|<block>"), seq being the outcome's place in the action
log. At the start it publishes the commitment; at the end it reveals the secret, and `verify`
checks that each chance entry of the log is the one the secret gives, so nobody (the bot's
host included) chose the dice or the cards after the game began.

The commitment binds the secret to the game: it is the SHA-256 of "<game id>|<dealt from>|"
and the secret, <dealt from> being the number of log entries that came from elsewhere (an
import, or a game dealt by a seed before it had a secret; 0 for a game dealt from its start),
so an export cannot claim another game's number, or that more of its log came from elsewhere,
without changing the commitment. The log records where the secret began to deal (an export's
entry for it, db.models.SecretStart), and every chance entry after it is checked. Games dealt
from their start that began before commitments named the game posted the secret's SHA-256
alone (`legacy_commitment`); their number is bound only through the outcomes it keys.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from ..dealing import SECRET_BYTES, commitment, keyed_below, legacy_commitment
from .actions import Action
from .chance import sample

__all__ = [
    "SECRET_BYTES",
    "Verification",
    "commitment",
    "keyed_below",
    "keyed_outcome",
    "legacy_commitment",
    "verify",
]
from ..errors import RulesError
from .engine import apply, chance
from .model import GameOptions, GameState
from .notation import describe


def keyed_outcome(state: GameState, secret: bytes, game_id: int, seq: int) -> Action:
    """The outcome of the pending chance node when it is entry `seq` of the log."""
    node = chance(state)
    if node is None:
        raise ValueError("no chance node is pending")
    return sample(state, node, keyed_below(secret, game_id, seq))


class Verification(BaseModel):
    model_config = ConfigDict(frozen=True)

    checked: int  # chance entries compared with the secret
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


MAX_PROBLEMS = 10


def verify(
    secret: bytes,
    game_id: int,
    options: GameOptions | None,
    log: Sequence[Action],
    dealt_from: int = 0,
) -> Verification:
    """Replay the log and compare every chance entry after `dealt_from` (the entries before
    it came from elsewhere, which the commitment records) with the outcome the secret gives at
    its place. `checked` counts them: a log with none after `dealt_from` proves nothing."""
    from . import new_game  # the package's entry point; it imports this module's neighbours

    state = new_game(None, options)
    checked = 0
    problems: list[str] = []
    if not 0 <= dealt_from <= len(log):
        return Verification(
            checked=0, problems=[f"the secret deals from step {dealt_from + 1}, past the log"]
        )
    for seq, action in enumerate(log, start=1):
        if chance(state) is not None and seq > dealt_from:
            expected = keyed_outcome(state, secret, game_id, seq)
            checked += 1
            if expected != action:
                problems.append(
                    f"step {seq}: the log has `{describe(state, action)}` but the secret "
                    f"gives `{describe(state, expected)}`"
                )
                if len(problems) >= MAX_PROBLEMS:
                    break
        try:
            state = apply(state, action)
        except RulesError as e:
            problems.append(f"step {seq} (`{describe(state, action)}`) does not replay: {e}")
            break
    return Verification(checked=checked, problems=problems)
