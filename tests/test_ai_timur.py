"""5.1 in the AI's judgement: Delhi's end-of-game adjustment as it stands mid-game."""

from __future__ import annotations

import random

import pytest

from ai.vijayanagara.evaluate import projected_score
from ai.vijayanagara.timur import expected_adjustment
from rules import vijayanagara
from rules.vijayanagara import TIMUR_ROUTE, Faction, GameState, Piece


def on_route(
    state: GameState, invaders: tuple[int, int, int], troops: tuple[int, int, int]
) -> None:
    """Put exactly these Mongol Invaders and Sultanate Troops (no Governors) on Timur's route."""
    for space, m, t in zip(TIMUR_ROUTE, invaders, troops, strict=True):
        pieces = state.spaces[space].pieces
        for piece in (Piece.MONGOL, *vijayanagara.UNIT_KINDS[Faction.D]):
            pieces.pop(piece, None)
        if m:
            pieces[Piece.MONGOL] = m
        if t:
            pieces[Piece.TROOP] = t


def mid_game(seed: int = 5) -> GameState:
    state = vijayanagara.new_game(seed)
    r = random.Random(seed)
    for _ in range(60):
        state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
    assert not state.game_over
    return state


def test_once_timur_has_come_the_adjustment_is_the_games_own() -> None:
    state = vijayanagara.new_game(2)
    r = random.Random(2)
    while not state.game_over:
        state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
    assert state.delhi_adjustment is not None
    assert expected_adjustment(state) == state.delhi_adjustment
    assert projected_score(state) == {f: float(v) for f, v in vijayanagara.score(state).items()}


def test_no_invaders_to_come_means_the_full_three_points() -> None:
    state = mid_game()
    on_route(state, (0, 0, 0), (0, 0, 0))
    state.available[Faction.M][Piece.MONGOL] = 0
    assert expected_adjustment(state) == 3.0


def test_a_few_invaders_cost_at_most_one_point_each() -> None:
    state = mid_game()
    state.available[Faction.M][Piece.MONGOL] = 0
    on_route(state, (0, 2, 0), (0, 0, 0))
    assert expected_adjustment(state) >= 1.0


@pytest.mark.parametrize("invaders", [4, 8, 12])
def test_more_units_in_timurs_way_never_lower_it_and_it_stays_within_three(invaders: int) -> None:
    state = mid_game()
    state.timurid_drawn = 1
    seen = []
    for troops in range(0, 25, 3):
        on_route(state, (invaders, 0, 0), (0, 0, troops))
        seen.append(expected_adjustment(state))
    assert seen == sorted(seen)
    assert seen[0] == max(-3.0, 3.0 - invaders)  # undefended, every Invader is left in Delhi
    assert seen[-1] == 3.0
    assert all(-3.0 <= v <= 3.0 for v in seen)


def test_before_the_first_timurid_card_half_the_available_invaders_count() -> None:
    state = mid_game()
    on_route(state, (4, 0, 0), (0, 0, 12))
    state.available[Faction.M][Piece.MONGOL] = 8
    state.timurid_drawn = 0
    coming = expected_adjustment(state)
    state.timurid_drawn = 1  # 2.6: they came, or will not any more
    assert coming < expected_adjustment(state)


def test_the_projection_changes_only_delhis_points() -> None:
    state = mid_game()
    now, projected = vijayanagara.score(state), projected_score(state)
    assert projected[Faction.D] == now[Faction.D] + expected_adjustment(state)
    assert all(projected[f] == now[f] for f in (Faction.B, Faction.V))
