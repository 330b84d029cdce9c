"""The engine's fast paths agree with `legal_actions`, the one source of truth: the check of
one action (`is_legal`, used by `apply`), the first-hit checks, the list `apply` reuses."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from test_properties import SETTINGS, any_action, states

from bot.product import variable
from rules import vijayanagara
from rules.vijayanagara import actions as A
from rules.vijayanagara.engine import is_legal

# random whole games each check plays; `CHAUPAL_WHOLE_GAMES=N .venv/bin/python -m pytest
# tests/test_rules_engine.py` plays N more of each
MORE_GAMES = int(variable("CHAUPAL_WHOLE_GAMES")[0] or "0")


def _neighbours(action: A.Action) -> list[A.Action]:
    """Near misses of a legal action: one more, one fewer, another space."""
    out: list[A.Action] = []
    if isinstance(action, A.Place | A.Remove | A.Move | A.Support):
        out += [action.model_copy(update={"count": action.count + d}) for d in (-1, 1)]
    if isinstance(action, A.Select | A.Place | A.Remove | A.Support):
        out.append(action.model_copy(update={"space": "delhi"}))
    if isinstance(action, A.Move):
        out.append(action.model_copy(update={"origin": action.dest, "dest": action.origin}))
    return out


def test_is_legal_agrees_with_the_list_over_whole_games() -> None:
    checked = 0
    for seed in range(3 + MORE_GAMES):
        r = random.Random(seed)
        state = vijayanagara.new_game(seed)
        while not state.game_over:
            legal = vijayanagara.legal_actions(state)
            fresh = state.clone()  # no list made for it: is_legal must work it out itself
            for a in legal:
                assert is_legal(fresh, a), vijayanagara.describe(state, a)
                for near in _neighbours(a):
                    assert is_legal(fresh, near) == (near in legal), vijayanagara.describe(
                        state, near
                    )
                checked += 1
            state = vijayanagara.apply(state, r.choice(legal))
    assert checked > 5_000


@SETTINGS
@given(states, any_action)
def test_is_legal_agrees_with_the_list_for_any_action(
    state: vijayanagara.GameState, action: A.Action
) -> None:
    assert is_legal(state, action) == (action in vijayanagara.legal_actions(state))


@SETTINGS
@given(states, st.randoms(use_true_random=False))
def test_apply_on_a_fresh_copy_accepts_what_is_listed(
    state: vijayanagara.GameState, r: random.Random
) -> None:
    # No list was made for the copy: apply checks the action on its own, same outcome.
    legal = vijayanagara.legal_actions(state)
    if not legal:
        return
    a = r.choice(legal)
    assert (
        vijayanagara.apply(state.clone(), a).model_dump()
        == vijayanagara.apply(state, a).model_dump()
    )


def test_a_changed_copy_is_checked_again() -> None:
    state = vijayanagara.new_game(1)
    f = vijayanagara.prompt(state).faction
    assert f is not None
    listed = vijayanagara.legal_actions(state)
    assert vijayanagara.Choose(option="limited") in listed
    poor = state.clone()  # the list made for `state` says nothing about this copy
    poor.resources[f] = 0
    try:
        vijayanagara.apply(poor, vijayanagara.Choose(option="limited"))
    except vijayanagara.IllegalAction as exc:
        assert "Limited" in str(exc) or "limited" in str(exc)
    else:
        raise AssertionError("Limited was accepted with no Resources")


def test_shared_command_probes_and_actions_stay_as_built_over_whole_games() -> None:
    """The Limited and idle checks (2.3.3, 2.3.5) ask shared probe frames, and the legal lists
    offer shared actions: playing never changes either."""
    from copy import deepcopy

    from rules.vijayanagara.command_base import command_probe
    from rules.vijayanagara.frames import CommandFrame
    from rules.vijayanagara.registry import COMMANDS

    def asked() -> list[CommandFrame]:  # as limited_commands and idle_commands ask
        return [
            probe
            for f, names in COMMANDS.items()
            for name in names
            for probe in (
                command_probe(name, f, limited=True, free=False, max_spaces=1),
                command_probe(name, f, max_spaces=None),
            )
        ]

    probes = asked()
    before = deepcopy(probes)
    seen: dict[int, tuple[A.Action, dict[str, object]]] = {}
    for seed in range(3):
        r = random.Random(seed)
        state = vijayanagara.new_game(seed)
        while not state.game_over:
            legal = vijayanagara.legal_actions(state)
            for a in legal:
                seen.setdefault(id(a), (a, A.action_to_json(a)))
            state = vijayanagara.apply(state, r.choice(legal))
    assert all(p is q for p, q in zip(asked(), probes, strict=True))  # the very frames asked
    assert probes == before
    assert all(A.action_to_json(a) == raw for a, raw in seen.values())


def test_a_step_leaves_the_state_it_came_from_as_it_was_over_whole_games() -> None:
    """A step shares what did not change with the state before (spaces, the card's Sequence of
    Play, the undo steps): nothing of that state changes, undo and trades included."""
    for seed in range(3):
        r = random.Random(seed)
        state = vijayanagara.new_game(seed)
        while not state.game_over:
            before = state.model_dump_json()
            legal = vijayanagara.legal_actions(state)
            choices: list[A.Action] = [*legal, A.Undo()] if vijayanagara.can_undo(state) else legal
            if r.random() < 0.05:
                choices = [
                    A.Give(
                        giver=vijayanagara.Faction.D, receiver=vijayanagara.Faction.B, resources=1
                    )
                ]
            try:
                after = vijayanagara.apply(state, r.choice(choices))
            except vijayanagara.IllegalAction:
                after = vijayanagara.apply(state, r.choice(legal))
            assert state.model_dump_json() == before
            state = after


def test_first_hit_checks_agree_with_the_lists_over_whole_games() -> None:
    """Whether a Command could begin (Turn's Limited option, 2.3.5, and the idle mark), whether
    a Command frame has a choice left, and whether a space holds a faction to Attack (3.2.4,
    3.3.4, 3.4.4) are asked at the first hit: each agrees with the list it stands for."""
    from rules.vijayanagara.attack import attackable, defenders
    from rules.vijayanagara.board import board
    from rules.vijayanagara.command_base import CommandHandler, command_probe
    from rules.vijayanagara.engine import HANDLERS, top
    from rules.vijayanagara.frames import CommandFrame
    from rules.vijayanagara.registry import COMMANDS

    checked = 0
    for seed in range(3 + MORE_GAMES):
        r = random.Random(seed)
        state = vijayanagara.new_game(seed)
        while not state.game_over:
            for f, names in COMMANDS.items():
                for name in names:
                    for probe in (
                        command_probe(name, f, limited=True, free=False, max_spaces=1),
                        command_probe(name, f, max_spaces=None),
                    ):
                        h = HANDLERS[probe.kind]
                        assert isinstance(h, CommandHandler)
                        listed = bool(h.command_actions(state, probe))
                        assert h.can_begin(state, probe) == listed, (name, f)
                        assert h.has_choice(state, probe) == listed, (name, f)
            for attacker in vijayanagara.Faction:
                for space in board().spaces:
                    assert attackable(state, attacker, space) == bool(
                        defenders(state, attacker, space)
                    )
            fr = top(state)
            h = HANDLERS[fr.kind] if fr is not None else None
            if isinstance(fr, CommandFrame) and isinstance(h, CommandHandler):
                assert h.has_choice(state, fr) == bool(h.command_actions(state, fr))
                checked += 1
            state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
    assert checked > 200


def test_decree_checks_agree_with_their_spaces_over_whole_games() -> None:
    """Whether Build (4.3.2, 4.4.2) and Compel (4.4.3) are offered is asked at the first hit:
    it agrees with the spaces they could select."""
    from rules.vijayanagara.decrees import build_spaces, compel_spaces, decree_possible

    for seed in range(4):
        r = random.Random(seed)
        state = vijayanagara.new_game(seed)
        while not state.game_over:
            for f in (vijayanagara.Faction.B, vijayanagara.Faction.V):
                assert decree_possible(state, f, "build") == bool(build_spaces(state, f))
            assert decree_possible(state, vijayanagara.Faction.V, "compel") == bool(
                compel_spaces(state)
            )
            state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
