"""The generic random-playout test (a sample of seeds; `python bench/playout.py 10000` plays
10,000 with the same checks) and the replay property."""

from __future__ import annotations

import pytest
from playout import check_ended, play

from rules import vijayanagara

SEEDS = range(20)  # the sample; bench/playout.py plays thousands with the same checks


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_end_with_scores_and_keep_invariants(chunk: int) -> None:
    for seed in SEEDS[chunk::4]:
        state, _ = play(seed, trade_every=37 if seed % 4 == 0 else 0)
        check_ended(state)


@pytest.mark.parametrize("seed", [3, 11])
def test_timurs_shadow_games_end(seed: int) -> None:
    state, _ = play(seed, vijayanagara.GameOptions(timurs_shadow=True))
    assert state.game_over


@pytest.mark.parametrize("seed", [0, 5])
def test_replay_of_a_games_actions_gives_the_same_state(seed: int) -> None:
    state, log = play(seed, trade_every=23)
    assert any(isinstance(a, vijayanagara.Roll) for a in log) and any(
        isinstance(a, vijayanagara.Draw) for a in log
    )
    again = vijayanagara.replay(None, None, log)  # the log alone, with its chance entries
    assert again.model_dump() == state.model_dump()


@pytest.mark.parametrize("seed", [0, 7])
def test_a_seeded_state_deals_what_its_seeded_dealer_deals(seed: int) -> None:
    state, log = play(seed)
    players = [a for a in log if not isinstance(a, vijayanagara.Roll | vijayanagara.Draw)]
    self_dealt, self_dealt_log = vijayanagara.replay_with_log(seed, None, players)
    _, dealt_log = vijayanagara.replay_with_log(None, None, log)
    assert self_dealt_log == dealt_log and self_dealt.spaces == state.spaces


def test_same_seed_same_game() -> None:
    a, _ = play(42)
    b, _ = play(42)
    assert a.model_dump_json() == b.model_dump_json()


@pytest.mark.parametrize("seed", [364, 748])
def test_a_trade_after_choosing_limited_leaves_no_dead_end(seed: int) -> None:
    # These seeds give away the last Resource right after choosing a Limited Command (1.5.2).
    state, _ = play(seed, trade_every=37)
    assert state.game_over


def test_giving_away_the_last_resource_after_limited_ends_the_limited_command() -> None:
    state = vijayanagara.new_game(1)
    f = vijayanagara.prompt(state).faction
    assert f is not None
    state = vijayanagara.apply(state, vijayanagara.Choose(option="limited"))
    assert vijayanagara.prompt(state).kind == "choose_command"
    other = next(x for x in vijayanagara.PLAYERS if x != f)
    state = vijayanagara.apply(
        state, vijayanagara.Give(giver=f, receiver=other, resources=state.resources[f])
    )
    assert (
        vijayanagara.prompt(state).faction != f
        or vijayanagara.prompt(state).kind != "choose_command"
    )
    assert vijayanagara.legal_actions(state)
