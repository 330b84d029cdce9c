"""The games registry, Vijayanagara behind the Game protocol, and its optional tiebreak."""

from __future__ import annotations

import random

import pytest

import render.vijayanagara
from bot.table.games import vijayanagara as vijayanagara_entry
from bot.table.games.entry import build_registry
from bot.table.registry import game, games, registry
from rules import vijayanagara
from rules.goat_tiger import GOATS, TIGERS
from rules.vijayanagara.game import GAME as VJ
from rules.vijayanagara.game import places
from rules.vijayanagara.tiebreak import Match, draw_roles, first_match, next_match, tied_for_first

D, B, V = vijayanagara.Faction.D, vijayanagara.Faction.B, vijayanagara.Faction.V


def test_every_game_is_registered_once_by_id() -> None:
    ids = ["goat_tiger", "rajas", "successors", "taj_mahal", "vijayanagara"]
    assert [g.info.id for g in games()] == ids
    assert game("vijayanagara") is VJ
    with pytest.raises(ValueError, match="the games are: goat_tiger, rajas, successors, taj_m"):
        game("chess")
    with pytest.raises(ValueError, match="two games have the id 'vijayanagara'"):
        build_registry(vijayanagara_entry.ENTRY, vijayanagara_entry.ENTRY)


def test_boards_and_players_are_found_by_game_id() -> None:
    start = vijayanagara.new_game(5)
    board = registry().pictures("vijayanagara").board
    assert board(start, None) == render.vijayanagara.board(start, None)
    with pytest.raises(ValueError, match="no game 'chess'; the games are"):
        registry().pictures("chess")
    assert registry().levels("vijayanagara") == ("random", "easy", "hard")
    assert registry().levels("goat_tiger") == ("random", "easy", "hard")
    with pytest.raises(ValueError, match="choose one of random, easy, hard"):
        registry().player("goat_tiger", "grandmaster")


def protocol_game(seed: int) -> tuple[list[vijayanagara.GameState], list[vijayanagara.Action]]:
    pick, dealer = random.Random(seed), random.Random(99 + seed)
    st = VJ.new_game(vijayanagara.GameOptions(), ("D", "B", "V"))
    states, actions = [st], []
    while VJ.result(st) is None:
        a = (
            VJ.deal(st, dealer.randrange)
            if VJ.chance(st) is not None
            else pick.choice(VJ.legal_actions(st))
        )
        st = VJ.apply(st, a)
        states.append(st)
        actions.append(a)
    return states, actions


def test_vijayanagara_starts_waiting_for_the_first_card() -> None:
    st = VJ.new_game(vijayanagara.GameOptions(), ("D", "B", "V"))
    assert VJ.chance(st) == "the next card of the deck" and VJ.to_move(st) is None
    assert st.rng is None and st.order == []  # the state holds no future
    draw = VJ.deal(st, random.Random(1).randrange)
    assert isinstance(draw, vijayanagara.Draw) and VJ.undo_barrier(st, draw)
    with pytest.raises(ValueError, match="all three seats"):
        VJ.new_game(vijayanagara.GameOptions(), ("D", "B"))


def test_the_protocol_plays_the_very_game_of_direct_calls() -> None:
    states, actions = protocol_game(3)
    direct = vijayanagara.new_game(None)
    for a, st in zip(actions, states[1:], strict=True):
        direct = vijayanagara.apply(direct, a)
        assert direct.model_dump_json() == st.model_dump_json()


def test_undo_stops_where_the_engine_stops_it() -> None:
    states, actions = protocol_game(4)
    for st, a in zip(states[:400], actions[:400], strict=False):
        after = vijayanagara.apply(st, a)
        assert VJ.undo_barrier(st, a) == (vijayanagara.can_undo(after) is None)


def test_a_seeded_states_view_drops_the_dealer() -> None:
    st = vijayanagara.new_game(5)
    assert st.rng is not None and st.order
    hidden = VJ.hidden(st, None)
    assert hidden == {"/rng": st.rng, "/order": st.order}
    for seat in (None, "D", "B", "V"):
        view = VJ.view(st, seat)
        assert view.rng is None and view.order == []
    assert st.rng is not None and st.order  # the state itself is untouched


def tied_end(resources_too: bool) -> vijayanagara.GameState:
    """A finished game with Delhi and Bahmani made equal in VP, ahead of Vijayanagara (Delhi's
    end adjustment of 5.1 and Bahmani's Influence of 5.2 moved), and in Resources or not."""
    states, _ = protocol_game(0)
    st = states[-1].clone()
    vp = vijayanagara.score(st)
    top = max(vp.values()) + 1
    st.delhi_adjustment = (st.delhi_adjustment or 0) + top - vp[D]
    st.influence = {**st.influence, B: st.influence[B] + top - vp[B]}
    st.resources = {**st.resources, D: 5, B: 5 if resources_too else 6}
    assert vijayanagara.score(st)[D] == vijayanagara.score(st)[B] == top > vijayanagara.score(st)[V]
    return st


def test_a_tie_in_vp_is_broken_by_resources() -> None:
    st = tied_end(resources_too=False)
    assert places(st)[:2] == (("B",), ("D",))
    assert tied_for_first(st) == ()
    result = VJ.result(st)
    assert result is not None and result.winners == ("B",) and "wins" in result.text


def test_a_tie_in_vp_and_resources_shares_first_place_and_goes_to_the_goat_tiger_game() -> None:
    st = tied_end(resources_too=True)
    result = VJ.result(st)
    assert result is not None and result.winners == ("D", "B") and " tie " in result.text
    assert tied_for_first(st) == (D, B)
    assert first_match((D, B), lambda n: 0) == Match({GOATS: D, TIGERS: B})
    assert first_match((D, B), lambda n: 1) == Match({GOATS: B, TIGERS: D})


def test_a_running_game_has_no_tiebreak() -> None:
    assert tied_for_first(vijayanagara.new_game(None)) == ()


def test_three_tied_factions_draw_who_waits_for_the_winner() -> None:
    draws = iter([1, 0])  # B waits; D plays the Goats
    match = first_match((D, B, V), lambda n: next(draws))
    assert match == Match({GOATS: D, TIGERS: V}, waiting=B)
    final = next_match(match, V, lambda n: 1)
    assert final == Match({GOATS: B, TIGERS: V})
    assert next_match(final, B, lambda n: 0) is None
    assert draw_roles(D, V, lambda n: 0) == {GOATS: D, TIGERS: V}
    with pytest.raises(ValueError):
        first_match((D,), lambda n: 0)


def test_successors_protocol_plays_the_very_game_of_its_engine_and_undo_stops_at_chance() -> None:
    """Successors, not yet registered at the table (its pictures and players come later):
    the Game protocol plays the same game as the engine's own calls, and every chance step
    and hand-off is an undo barrier."""
    from rules.successors import GAME as SC
    from rules.successors import engine

    pick, dealer = random.Random(5), random.Random(105)
    st = direct = SC.new_game(SC.info.options(), SC.info.seats_for(4))
    for _ in range(400):
        if SC.result(st) is not None:
            break
        chance = SC.chance(st) is not None
        a = SC.deal(st, dealer.randrange) if chance else pick.choice(SC.legal_actions(st))
        if chance or SC.to_move(SC.apply(st, a)) != SC.to_move(st):
            assert SC.undo_barrier(st, a)
        st, direct = SC.apply(st, a), engine.apply(direct, a)
        assert SC.state_to_json(st) == SC.state_to_json(direct)
