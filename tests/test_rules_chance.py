"""Chance nodes (dice, card draws): nobody picks them, a dealer supplies them, the deck's order
does not exist before a draw (2.1), and the secret-keyed dealer is checkable."""

from __future__ import annotations

import random

import pytest
from playout import play

from rules import vijayanagara
from rules.vijayanagara.cards import deck_for
from rules.vijayanagara.chance import DRAW_NODE, take_card
from rules.vijayanagara.fairness import commitment, keyed_below, keyed_outcome, verify

SECRET = bytes(range(32))


def fresh() -> vijayanagara.GameState:
    return vijayanagara.new_game(None)


def test_a_game_without_a_dealer_waits_for_the_first_card() -> None:
    s = fresh()
    node = vijayanagara.chance(s)
    assert node is not None and node.kind == "draw"
    assert vijayanagara.prompt(s).faction is None and vijayanagara.prompt(s).kind == "chance"
    assert vijayanagara.legal_actions(s) == []  # no player picks a chance outcome
    assert s.rng is None and s.order == [] and s.seed is None  # no future in the state


def test_only_a_chance_outcome_resolves_a_chance_node() -> None:
    s = fresh()
    for action in (
        vijayanagara.Choose(option="pass"),
        vijayanagara.Give(giver="D", receiver="B", resources=1),
    ):
        with pytest.raises(vijayanagara.IllegalAction, match="chance decides it"):
            vijayanagara.apply(s, action)
    zenith = deck_for(s.options).succession[0]
    with pytest.raises(vijayanagara.IllegalAction, match="cannot come next"):
        vijayanagara.apply(
            s, vijayanagara.Draw(card=zenith)
        )  # its place is after the first stack (2.1)
    with pytest.raises(vijayanagara.IllegalAction, match="needs a card draw"):
        vijayanagara.apply(s, vijayanagara.Roll(dice=(1, 2)))
    t = vijayanagara.apply(s, keyed_outcome(s, SECRET, 1, 1))
    assert vijayanagara.chance(t) is None and vijayanagara.prompt(t).faction in vijayanagara.PLAYERS
    with pytest.raises(vijayanagara.IllegalAction, match="no die roll or card draw is pending"):
        vijayanagara.apply(t, vijayanagara.Roll(dice=(1, 2, 3, 4, 5, 6)))


def _draw_all(s: vijayanagara.GameState, below: vijayanagara.Below) -> list[int]:
    """Every card the dealer would draw from here, one after the other."""
    s = s.clone()
    out: list[int] = []
    while vijayanagara.cards_left(s):
        d = vijayanagara.sample(s, DRAW_NODE, below)
        assert isinstance(d, vijayanagara.Draw)
        if s.current_card is not None:
            s.discards.append(s.current_card)
        take_card(s, d.card)
        s.current_card = d.card
        out.append(d.card)
    return out


@pytest.mark.parametrize("game_id", [1, 2, 3, 99])
def test_2_1_cards_dealt_from_the_piles_keep_the_deck_construction(game_id: int) -> None:
    s = fresh()
    deck = deck_for(s.options)
    full = _draw_all(s, keyed_below(SECRET, game_id, 1))
    assert len(full) == 35 and len(set(full)) == 35
    zenith, rise, lords = deck.succession
    assert (full[8], full[17], full[26]) == (zenith, rise, lords)
    for i, stack in enumerate([full[0:8], full[9:17], full[18:26], full[27:35]]):
        kinds = [deck.cards[n].kind for n in stack]
        assert kinds.count("event") == 6
        if i < 3:
            assert kinds.count("mongol_invasion") == 2
        else:
            assert kinds.count("timurid") == 2


def test_the_dice_of_a_battle_are_a_chance_node() -> None:
    _, log = play(3)
    rolls = [a for a in log if isinstance(a, vijayanagara.Roll)]
    assert rolls and all(len(r.dice) in (5, 6) for r in rolls)
    assert all(1 <= d <= 6 for r in rolls for d in r.dice)


def test_a_keyed_dealer_is_uniform_enough_and_keyed_on_the_place_in_the_log() -> None:
    counts = [0] * 6
    for seq in range(3000):
        counts[keyed_below(SECRET, 1, seq)(6)] += 1
    assert all(400 < c < 600 for c in counts), counts
    assert keyed_below(SECRET, 1, 5)(1 << 40) != keyed_below(SECRET, 2, 5)(1 << 40)
    assert keyed_below(SECRET, 1, 5)(1 << 40) == keyed_below(SECRET, 1, 5)(1 << 40)


def _dealt_game(seed: int) -> list[vijayanagara.Action]:
    """A random game whose chance entries come from SECRET (game 7), as the bot deals them."""
    r = random.Random(seed)
    s = fresh()
    log: list[vijayanagara.Action] = []
    while not s.game_over:
        if vijayanagara.chance(s) is not None:
            a = keyed_outcome(s, SECRET, 7, len(log) + 1)
        else:
            a = r.choice(vijayanagara.legal_actions(s))
        s = vijayanagara.apply(s, a)
        log.append(a)
    return log


def test_a_finished_game_verifies_and_one_altered_chance_entry_does_not() -> None:
    log = _dealt_game(5)
    ok = verify(SECRET, 7, None, log)
    assert ok.ok and ok.checked == sum(
        isinstance(a, vijayanagara.Roll | vijayanagara.Draw) for a in log
    )
    i = next(i for i, a in enumerate(log) if isinstance(a, vijayanagara.Roll))
    roll = log[i]
    assert isinstance(roll, vijayanagara.Roll)
    altered = vijayanagara.Roll(dice=(roll.dice[0] % 6 + 1, *roll.dice[1:]))
    bad = verify(SECRET, 7, None, [*log[:i], altered, *log[i + 1 :]])
    assert not bad.ok and f"step {i + 1}" in bad.problems[0]
    assert not verify(bytes(32), 7, None, log).ok  # another secret
    assert not verify(SECRET, 8, None, log).ok  # another game
    assert len(commitment(SECRET, 7, 0)) == 64


def test_undo_never_takes_back_a_dealt_outcome() -> None:
    _, log = play(3)
    s = fresh()
    for a in log:
        s = vijayanagara.apply(s, a)
        if isinstance(a, vijayanagara.Roll | vijayanagara.Draw):
            assert vijayanagara.can_undo(s) is None
            reason = "chance decides it" if vijayanagara.chance(s) else "nothing to undo"
            with pytest.raises(vijayanagara.IllegalAction, match=reason):
                vijayanagara.undo(s)
        if s.game_over:
            break


def test_the_decks_first_hit_checks_agree_with_its_pools_over_whole_games() -> None:
    """Whether a card can be drawn, which cards may come next (2.1) and how many are left are
    worked out without listing the piles' pools: each agrees with the pools."""
    from rules.vijayanagara.chance import _next_pile, _pools, can_draw, cards_left, why_not

    deck = deck_for(None)
    checked = 0
    for seed in range(4):
        r = random.Random(seed)
        state = vijayanagara.new_game(seed)
        while not state.game_over:
            found = _next_pile(state, deck)
            assert can_draw(state) == (found is not None)
            pools = [_pools(state, deck, pile) for pile in state.piles]
            assert cards_left(state) == sum(n for pile in pools for _, n, _ in pile)
            if found is not None and vijayanagara.chance(state) is None:  # between steps
                may_come = {c for _, _, pool in found[1] for c in pool}
                for card in deck.cards:
                    allowed = why_not(state, DRAW_NODE, vijayanagara.Draw(card=card)) is None
                    assert allowed == (card in may_come), card
                checked += 1
            state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
    assert checked > 500
