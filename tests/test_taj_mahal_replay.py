"""Same actions, same games: 60 seeded random games of Taj Mahal, played as the engine bench
plays them, digest to the number recorded when the engine was rewritten for speed.

The digest covers every legal step listed (in order), every step taken, the state and the
public view at each visit's start and the final state, all as the Game protocol writes them to
JSON. A change to the rules, to the order of the legal steps or to the stored JSON changes it:
such a change is deliberate, and then the number is recorded anew with a reason.
"""

from __future__ import annotations

import hashlib
import random

from rules.capabilities import notation_of
from rules.taj_mahal import GAME, TajOptions

GAMES = 60
# recorded on the engine before its speed rewrite (tajfast), and unchanged by it
DIGEST = "344869c285bd57c2a5ccab0ddc50b95cbbe3df591b0dfa04b089f149c7f4dc2d"


def _digest(games: int) -> str:
    h = hashlib.sha256()
    for k in range(games):
        rng = random.Random(k)
        s = GAME.new_game(TajOptions(), GAME.info.seats_for(3 + k % 3))
        while GAME.result(s) is None:
            if GAME.chance(s) is not None:
                a = GAME.deal(s, rng.randrange)
            else:
                legal = GAME.legal_actions(s)
                for x in legal:
                    h.update(GAME.action_to_json(x).encode())
                a = rng.choice(legal)
            h.update(GAME.action_to_json(a).encode())
            s = GAME.apply(s, a)
            if s.phase == "supply":
                h.update(GAME.state_to_json(s).encode())
                h.update(notation_of(GAME).view_to_json(GAME.view(s, None)).encode())
        h.update(GAME.state_to_json(s).encode())
    return h.hexdigest()


def test_the_same_seeded_games_replay_to_the_same_steps_states_and_json() -> None:
    assert _digest(GAMES) == DIGEST
