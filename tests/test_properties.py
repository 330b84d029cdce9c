"""Properties: listed actions apply; unlisted ones are refused with the state
unchanged; parse(describe(a)) == [a]; undo goes back exactly one step."""

from __future__ import annotations

import os
import random
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import vijayanagara
from rules.vijayanagara import actions as A
from rules.vijayanagara.model import Faction, Piece

SPACES = sorted(vijayanagara.board().spaces)


CHECKPOINT = 25  # steps between two states kept of each random game


@cache
def _random_game(seed: int) -> tuple[list[vijayanagara.GameState], list[A.Action]]:
    """A random game of `seed`, played once to its end: every CHECKPOINT-th state (a few kept
    alive, not hundreds) and every step."""
    r = random.Random(seed)
    state, kept, steps = vijayanagara.new_game(seed), [], []
    while True:
        if len(steps) % CHECKPOINT == 0:
            kept.append(state)
        if state.game_over:
            return kept, steps
        steps.append(r.choice(vijayanagara.legal_actions(state)))
        state = vijayanagara.apply(state, steps[-1])


def midgame(seed: int, steps: int) -> vijayanagara.GameState:
    """The state after `steps` random steps of the game of `seed` (its end, if sooner)."""
    kept, played = _random_game(seed)
    steps = min(steps, len(played))
    state = kept[steps // CHECKPOINT]
    for a in played[steps - steps % CHECKPOINT : steps]:
        state = vijayanagara.apply(state, a)
    return state


states = st.builds(midgame, st.integers(0, 30), st.integers(0, 250))

any_action = st.one_of(
    st.builds(A.Choose, option=st.sampled_from(sorted(vijayanagara.notation.OPTIONS.values()))),
    st.builds(A.Select, space=st.sampled_from(SPACES)),
    st.builds(
        A.Place,
        piece=st.sampled_from(list(Piece)),
        count=st.integers(1, 6),
        space=st.sampled_from(SPACES),
    ),
    st.builds(
        A.Remove,
        piece=st.sampled_from(list(Piece)),
        count=st.integers(1, 3),
        space=st.sampled_from(SPACES),
    ),
    st.builds(
        A.Move,
        piece=st.sampled_from(list(Piece)),
        count=st.integers(1, 4),
        origin=st.sampled_from(SPACES),
        dest=st.sampled_from(SPACES),
    ),
    st.builds(A.Target, faction=st.sampled_from(list(Faction))),
    st.builds(A.Charge, die=st.integers(1, 4)),
    st.builds(A.Screen, die=st.integers(1, 4)),
    st.builds(
        A.Support,
        piece=st.sampled_from(list(Piece)),
        count=st.integers(1, 2),
        space=st.sampled_from(SPACES),
    ),
    st.builds(A.Go, space=st.sampled_from(SPACES)),
    st.builds(A.Gain, resources=st.integers(0, 3), cavalry=st.integers(0, 3)),
    st.builds(
        A.Shift, faction=st.sampled_from([Faction.B, Faction.V]), delta=st.sampled_from([-1, 1])
    ),
    st.just(A.Done()),
)

# examples of each property in the suite; `CHAUPAL_EXAMPLES=500 .venv/bin/python -m pytest
# tests/test_properties.py tests/test_rules_engine.py` tries many more
EXAMPLES = int(os.environ.get("CHAUPAL_EXAMPLES") or "30")
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))


@SETTINGS
@given(states, st.randoms(use_true_random=False))
def test_every_listed_action_applies(state: vijayanagara.GameState, r: random.Random) -> None:
    acts = vijayanagara.legal_actions(state)
    for a in r.sample(acts, min(8, len(acts))):
        new = vijayanagara.apply(state, a)
        assert new is not state


@SETTINGS
@given(states, any_action)
def test_unlisted_actions_are_refused_and_change_nothing(
    state: vijayanagara.GameState, action: A.Action
) -> None:
    if action in vijayanagara.legal_actions(state):
        return
    before = state.model_dump_json()
    try:
        vijayanagara.apply(state, action)
    except vijayanagara.IllegalAction as exc:
        assert str(exc)
    else:
        raise AssertionError(f"{action} was accepted but is not listed")
    assert state.model_dump_json() == before


@SETTINGS
@given(states)
def test_parse_describe_round_trip(state: vijayanagara.GameState) -> None:
    for a in vijayanagara.legal_actions(state):
        text = vijayanagara.describe(state, a)
        assert vijayanagara.parse(state, text) == [a], text


@SETTINGS
@given(states, st.randoms(use_true_random=False))
def test_undo_takes_back_exactly_the_last_step(
    state: vijayanagara.GameState, r: random.Random
) -> None:
    if state.game_over:
        return
    a = r.choice(vijayanagara.legal_actions(state))
    new = vijayanagara.apply(state, a)
    if vijayanagara.can_undo(new) is None:
        return
    back = vijayanagara.undo(new)
    keep = {"log", "log_at", "since_barrier", "actions_taken", "touched", "last_actor"}
    assert back.model_dump(exclude=keep) == state.model_dump(exclude=keep)


def test_meta_actions_round_trip() -> None:
    state = vijayanagara.new_game(0)
    for a in (
        A.Give(giver=Faction.D, receiver=Faction.B, resources=2, cavalry=1),
        A.Give(giver=Faction.V, receiver=Faction.D, cavalry=1),
        A.Undo(),
        A.Slot(piece=Piece.AMIR),
        A.Slot(piece=Piece.REBEL_RAJA, space="karnataka"),
        A.CavalryFrom(faction=Faction.B),
        A.Replace(old=Piece.GOVERNOR, new=None, space="malwa"),
        A.Replace(old=Piece.REBEL_RAJA, new=Piece.REBEL_AMIR, space="andhra"),
        A.Take(piece=Piece.TROOP, count=3),
        A.Drop(piece=Piece.GOVERNOR, count=1),
    ):
        assert vijayanagara.parse(state, vijayanagara.describe(state, a)) == [a]


@SETTINGS
@given(states)
def test_listing_actions_and_prompting_do_not_touch_the_state(
    state: vijayanagara.GameState,
) -> None:
    before = state.model_dump_json()
    vijayanagara.legal_actions(state)
    vijayanagara.prompt(state)
    assert state.model_dump_json() == before
