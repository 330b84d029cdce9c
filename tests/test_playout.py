"""Issue 2: the generic random-playout test (200 seeds) and the replay property."""

from __future__ import annotations

import pytest
from playout import play

import rules

SEEDS = range(200)


@pytest.mark.parametrize("chunk", range(10))
def test_random_games_end_with_scores_and_keep_invariants(chunk: int) -> None:
    for seed in SEEDS[chunk::10]:
        state, _ = play(seed, trade_every=37 if seed % 4 == 0 else 0)
        assert state.game_over
        assert state.delhi_adjustment is not None
        assert rules.prompt(state).faction is None
        assert rules.legal_actions(state) == []
        scores = rules.score(state)
        assert set(scores) == set(rules.PLAYERS)
        assert rules.winner(state) in rules.PLAYERS


@pytest.mark.parametrize("seed", [3, 11])
def test_timurs_shadow_games_end(seed: int) -> None:
    state, _ = play(seed, rules.GameOptions(timurs_shadow=True))
    assert state.game_over


@pytest.mark.parametrize("seed", [0, 5])
def test_replay_of_a_games_actions_gives_the_same_state(seed: int) -> None:
    state, log = play(seed, trade_every=23)
    again = rules.replay(seed, None, log)
    assert again.model_dump() == state.model_dump()


def test_same_seed_same_game() -> None:
    a, _ = play(42)
    b, _ = play(42)
    assert a.model_dump_json() == b.model_dump_json()
