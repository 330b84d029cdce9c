"""Steps and filters of events-format.md that the standard deck uses little or not at all,
checked on a custom deck (the small fixture deck with card 101 rewritten)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml_text
from fixtures.events_helpers import B, D, V, at, event, independent, n, play, put

from rules import vijayanagara
from rules.vijayanagara.cards import with_deck

FIXTURE = Path(__file__).parent / "fixtures" / "small_deck.yaml"


def with_card(unshaded: list[Any], shaded: list[Any] | None = None) -> vijayanagara.GameOptions:
    doc = yaml_text.load(FIXTURE.read_text(encoding="utf-8"))
    card = doc["cards"][0]
    assert card["number"] == 101
    card["order"] = ["D", "B", "V"]
    card["unshaded"] = {"text": "Test unshaded.", "effects": unshaded}
    card["shaded"] = {"text": "Test shaded.", "effects": shaded or []}
    return with_deck(vijayanagara.GameOptions(), yaml_text.dump(doc))


def test_flip_all_rebelling_in_one_province() -> None:
    opts = with_card(
        [
            {
                "flip": {
                    "faction": "B",
                    "to": "rebelling",
                    "count": "all",
                    "in": {"with": {"piece": "amir", "state": "obedient"}},
                }
            }
        ]
    )
    s = at(101, D, options=opts)
    put(s, "gujarat", amir=2, troop=1)
    put(s, "malwa", amir=1)
    s = event(s, "unshaded", "select gujarat")
    assert n(s, "gujarat", "rebel_amir") == 2 and n(s, "gujarat", "amir") == 0
    assert n(s, "malwa", "amir") == 1


def test_move_with_mixed_states_asks_which() -> None:
    opts = with_card(
        [
            {
                "move": {
                    "piece": "amir",
                    "count": 2,
                    "from": {"spaces": ["maharashtra"]},
                    "to": {"adjacent_to": "maharashtra", "kind": "province"},
                }
            }
        ]
    )
    s = at(101, D, options=opts)
    put(s, "maharashtra", amir=2, rebel_amir=2)
    s = play(s, "event", "unshaded")  # one origin: picked by itself
    assert vijayanagara.prompt(s).kind == "event_move"
    assert vijayanagara.Select(space="andhra") in vijayanagara.legal_actions(s)
    assert vijayanagara.Select(space="delhi") not in vijayanagara.legal_actions(s)  # 1.3.3
    s = play(s, "select andhra", "move 1 rebel-amir from maharashtra to andhra")
    s = play(s, "move 1 amir from maharashtra to andhra")
    assert n(s, "andhra", "rebel_amir") + n(s, "andhra", "amir") == 2
    assert n(s, "maharashtra", "amir") == 1 and n(s, "maharashtra", "rebel_amir") == 1


def test_each_select_two_then_conditions() -> None:
    opts = with_card(
        [
            {
                "each": {
                    "in": {"controlled_by": "V"},
                    "select": 2,
                    "do": [{"place": {"piece": "temple", "count": 1}}],
                }
            },
            {
                "if": {
                    "condition": {"controls": {"faction": "V", "at_least": 3}},
                    "then": [{"resources": {"faction": "V", "add": 5}}],
                    "else": [{"resources": {"faction": "V", "add": -5}}],
                }
            },
            {
                "if": {
                    "condition": {"influence": {"faction": "V", "at_least": 1}},
                    "then": [{"cavalry": {"faction": "V", "gain": 1}}],
                    "else": [],
                }
            },
            {
                "if": {
                    "condition": {"resources": {"faction": "D", "at_least": 20}},
                    "then": [{"resources": {"faction": "D", "add": 1}}],
                    "else": [{"resources": {"faction": "D", "add": -1}}],
                }
            },
        ]
    )
    s = at(101, D, options=opts)
    independent(s, "karnataka", "tamilakam", "andhra")
    put(s, "karnataka", raja=1)
    put(s, "tamilakam", raja=1)
    put(s, "andhra", raja=1)
    s.influence[V] = 1
    s = play(s, "event", "unshaded", "select karnataka")
    assert vijayanagara.prompt(s).kind == "event_pick"
    assert vijayanagara.Select(space="karnataka") not in vijayanagara.legal_actions(s)
    s = play(s, "select andhra")
    assert n(s, "karnataka", "temple") == 1 and n(s, "andhra", "temple") == 1
    assert n(s, "tamilakam", "temple") == 0
    assert s.resources[V] == 12 and s.cavalry[V] == 1 and s.resources[D] == 11


def test_remove_a_whole_faction_and_eligible_step() -> None:
    opts = with_card(
        [
            {"remove": {"faction": "B", "count": "all", "in": {"spaces": ["maharashtra"]}}},
            {"eligibility": {"faction": "D", "set": "eligible"}},
        ]
    )
    s = at(101, D, options=opts)
    put(s, "maharashtra", amir=2, rebel_amir=1, fort=1, troop=1)
    s = event(s, "unshaded")
    assert s.spaces["maharashtra"].faction_count(B) == 0 and n(s, "maharashtra", "troop") == 1
    while s.current_card == 101:
        s = play(s, "pass")
    assert s.eligible[D]  # the event's `eligibility` step overrides 2.3.7


def test_structures_never_break_stacking() -> None:
    opts = with_card(
        [{"place": {"piece": "fort", "count": 1, "in": {"spaces": ["maharashtra", "andhra"]}}}]
    )
    s = at(101, D, options=opts)
    put(s, "maharashtra", fort=1)
    s = event(s, "unshaded")  # only Andhra has room (1.4.4): no choice left
    assert n(s, "maharashtra", "fort") == 1 and n(s, "andhra", "fort") == 1


def test_a_side_that_does_nothing_may_be_chosen() -> None:
    opts = with_card([{"remove": {"piece": "temple", "count": 1, "in": {"kind": "province"}}}])
    s = at(101, D, options=opts)
    before = s.model_copy()
    s = event(s, "unshaded")
    assert s.spaces == before.spaces and vijayanagara.prompt(s).faction == B


def test_a_where_asked_of_one_space_agrees_with_the_whole_map_filtered() -> None:
    """A located step asks its `in` of the one space it acts in (2.3.4): the same answer as
    filtering the whole map, for every `where` of the standard deck, over whole games."""
    import random

    from rules.vijayanagara.board import board
    from rules.vijayanagara.cards import deck_for
    from rules.vijayanagara.event_steps import EachStep, EventStep, Located, Where
    from rules.vijayanagara.event_where import spaces_where

    wheres: list[Where] = []

    def collect(step: EventStep) -> None:
        if isinstance(step, Located | EachStep) and step.in_ is not None:
            wheres.append(step.in_)
        for inner in getattr(step, "do", ()):
            collect(inner)

    for card in deck_for(None).cards.values():
        for side in (card.unshaded, card.shaded):
            for step in side.effects if side is not None else ():
                collect(step)  # typed when the deck loads
    assert len(wheres) > 20
    for seed in range(2):
        r = random.Random(seed)
        state = vijayanagara.new_game(seed)
        while not state.game_over:
            if r.random() < 0.2:
                for where in wheres:
                    everywhere = spaces_where(state, where)
                    for space in board().spaces:
                        expected = [space] if space in everywhere else []
                        assert spaces_where(state, where, space) == expected
            state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
