"""Rulebook 1.5.2 (trading), 1.8 (Resources), 2.3 (Sequence of Play), 2.7 (Dynasty),
3.1.1 and the Timur's Shadow option."""

from __future__ import annotations

import pytest
from rules_helpers import (
    B,
    D,
    P,
    V,
    blank,
    event_card,
    force_next_card,
    legal_text,
    on_card,
    put,
    run,
    turn,
)

from rules import vijayanagara
from rules.vijayanagara.model import GameOptions


def test_2_3_2_first_eligible_faction_in_card_order_acts_first() -> None:
    s = on_card(vijayanagara.new_game(1).clone(), event_card((V, D, B)))
    assert vijayanagara.prompt(s).faction == V
    s = vijayanagara.new_game(1).clone()
    s.eligible[V] = False  # Ineligible factions are skipped
    s = on_card(s, event_card((V, D, B)))
    assert vijayanagara.prompt(s).faction == D


def test_2_3_3_each_forked_option_once_per_card() -> None:
    s = on_card(vijayanagara.new_game(1).clone(), event_card((D, B, V)))
    assert "command+decree" in legal_text(s)
    s = run(s, "command+decree; conscript; done; collect-tribute")
    assert vijayanagara.prompt(s).faction == B
    opts = legal_text(s)
    assert "command+decree" not in opts and "command" in opts
    with pytest.raises(vijayanagara.IllegalAction):
        vijayanagara.apply(s, vijayanagara.Choose(option="command+decree"))
    s = run(s, "command; rally; done")
    assert vijayanagara.prompt(s).faction == V
    assert set(legal_text(s)) <= {"limited", "pass"}
    assert "pass" in legal_text(s)


def test_2_3_5_limited_command_is_one_space_and_stays_eligible() -> None:
    s = on_card(vijayanagara.new_game(1).clone(), event_card((V, D, B)))
    before = s.resources[V]
    s = run(s, "limited; rally; place 2 raja in karnataka")
    # one space only: the Command ended on its own after one selection
    assert vijayanagara.prompt(s).faction == D
    assert s.resources[V] == before - 1
    s = run(s, "command+decree; conscript; done; collect-tribute")
    s = run(s, "command; rally; done")
    # 2.3.7: fork takers Ineligible, Limited Command stays Eligible
    assert s.eligible == {D: False, B: False, V: True}


@pytest.mark.parametrize("faction", [D, B, V])
def test_2_3_5_no_limited_command_at_no_resources_is_said_in_the_prompt_and_refusal(
    faction: vijayanagara.Faction,
) -> None:
    s = vijayanagara.new_game(1).clone()
    s.resources[faction] = 0
    s = turn(s, faction)
    assert "limited" not in legal_text(s)
    why = "no Command can select a space now, and"
    assert vijayanagara.prompt(s).text.endswith(" (no limited: no Resources).")
    with pytest.raises(vijayanagara.IllegalAction, match=f"{why} .* so no Limited Command"):
        vijayanagara.apply(s, vijayanagara.Choose(option="limited"))


@pytest.mark.parametrize(("faction", "income"), [(D, 3), (B, 1), (V, 1)])
def test_2_3_6_pass_income(faction: vijayanagara.Faction, income: int) -> None:
    s = turn(vijayanagara.new_game(1).clone(), faction)
    before = s.resources[faction]
    s = run(s, "pass")
    assert s.resources[faction] == before + income


def test_1_8_resources_never_above_24() -> None:
    s = vijayanagara.new_game(1).clone()
    s.resources[D] = 23
    s = run(turn(s, D), "pass")
    assert s.resources[D] == 24


def test_2_3_6_and_2_3_7_pass_stays_eligible_and_eligibility_resets() -> None:
    s = vijayanagara.new_game(1).clone()
    s.eligible[B] = False
    s = on_card(s, event_card((D, B, V)))
    s = run(s, "pass")  # D
    assert vijayanagara.prompt(s).faction == V  # B is Ineligible: skipped
    s = run(s, "command; rally; done")
    assert s.eligible == {D: True, B: True, V: False}


def test_2_3_8_next_card_revealed_after_the_last_faction() -> None:
    s = vijayanagara.new_game(1).clone()
    force_next_card(s, event_card((B, V, D)))
    first = event_card((D, B, V))
    s = on_card(s, first)
    s = run(s, "pass; pass; pass")
    assert s.current_card == event_card((B, V, D))
    assert s.discards[-1] == first
    assert vijayanagara.prompt(s).faction == B


def test_1_5_2_give_resources_and_cavalry_at_any_time() -> None:
    s = vijayanagara.new_game(1)
    t = run(s, "give 2 resources 1 cavalry from D to B")
    assert t.resources[D] == s.resources[D] - 2 and t.resources[B] == s.resources[B] + 2
    assert t.cavalry[D] == 1 and t.cavalry[B] == 1
    assert vijayanagara.prompt(t) == vijayanagara.prompt(s)  # it is nobody's turn-step
    with pytest.raises(vijayanagara.IllegalAction):
        run(s, "give 1 cavalry from B to V")  # B has none
    with pytest.raises(vijayanagara.IllegalAction):
        run(s, "give 13 resources from D to V")


def test_2_7_1_no_rebel_during_khalji_dynasty() -> None:
    s = blank()
    put(s, "maharashtra", P.AMIR, 3)
    s.resources[B] = 5
    s = turn(s, B)
    assert "rebel" not in [
        vijayanagara.describe(s, a) for a in vijayanagara.legal_actions(run(s, "limited"))
    ]
    with pytest.raises(vijayanagara.IllegalAction, match=r"2\.7"):
        run(s, "command; rebel; select maharashtra")


def test_2_7_2_rebel_allowed_during_tughlaq_dynasty() -> None:
    s = blank()
    put(s, "maharashtra", P.AMIR, 3)
    s.dynasty = "tughlaq"
    s.resources[B] = 5
    s = run(turn(s, B), "command; rebel; select maharashtra")
    assert not s.spaces["maharashtra"].tributary
    assert s.spaces["maharashtra"].control == B
    assert s.spaces["maharashtra"].pieces == {P.REBEL_AMIR: 3}
    assert s.resources[B] == 4


def test_3_1_1_timurs_shadow_one_space_per_command_after_first_timurid() -> None:
    opts = GameOptions(timurs_shadow=True)
    s = vijayanagara.new_game(1, opts).clone()
    s.timurid_drawn = 1
    s = run(turn(s, D), "command; conscript; place 1 troop in delhi")
    assert s.spaces["delhi"].pieces[P.TROOP] == 5
    assert vijayanagara.prompt(s).kind != "cmd:conscript"  # the Command is over after one space
    # before the first Timurid card, or without the option: any number of spaces
    for o, drawn in ((opts, 0), (GameOptions(), 1)):
        t = vijayanagara.new_game(1, o).clone()
        t.timurid_drawn = drawn
        t = run(turn(t, D), "command; conscript; place 1 troop in delhi; place 1 troop in sindh")
        assert t.spaces["sindh"].pieces[P.TROOP] == 2


def _finish_card(s: vijayanagara.GameState, card: int) -> vijayanagara.GameState:
    """Others Pass; the Event's own decisions take the first legal choice."""
    for _ in range(200):
        if s.current_card != card:
            return s
        if vijayanagara.prompt(s).kind == "turn":
            s = run(s, "pass")
        else:
            s = vijayanagara.apply(s, vijayanagara.legal_actions(s)[0])
    raise AssertionError("the card did not end")


@pytest.mark.parametrize("side", ["unshaded", "shaded"])
@pytest.mark.parametrize("card", [9, 16, 17, 1, 3])
def test_2_3_4_and_2_3_7_stay_eligible_events(card: int, side: str) -> None:
    from rules.vijayanagara.cards import deck_for

    stay = deck_for(GameOptions()).cards[card].stay_eligible
    s = on_card(vijayanagara.new_game(1).clone(), card)
    f = vijayanagara.prompt(s).faction
    assert f is not None
    s = _finish_card(run(s, f"event; {side}"), card)
    assert s.eligible[f] == stay


def test_2_3_5_limited_with_one_command_open_takes_it_unasked() -> None:
    """With no piece on the map, Vijayanagara's only Limited Command is Rally (only in
    Karnataka): the table takes it and says so, then asks how many Rajas."""
    s = blank()
    s.resources[V] = 5
    s = run(turn(s, V), "limited")
    assert "V's Limited Command is Rally, unasked: the only one open (2.3.5)." in s.log
    assert set(legal_text(s)) == {"place 1 raja in karnataka", "place 2 raja in karnataka"}
