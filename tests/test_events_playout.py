"""Random games that take the Event often: invariants after every step, every game ends,
and every event decision round-trips through the notation and has a prompt."""

from __future__ import annotations

import random

import pytest
from fixtures.events_helpers import in_event
from invariants import check

import rules

EVENT = rules.Choose(option="event")


@pytest.mark.parametrize("seed", [11, 12, 13, 14, 15, 16])
def test_random_games_with_events_end(seed: int) -> None:
    s = rules.new_game(seed)
    r = random.Random(seed)
    events = 0
    for _ in range(20_000):
        if s.game_over:
            break
        acts = rules.legal_actions(s)
        assert acts
        if in_event(s):
            p = rules.prompt(s)
            assert p.faction in rules.PLAYERS
            if p.kind.startswith("event"):
                title = rules.standard_deck().cards[s.current_card or 0].title
                assert f"Event {title}" in p.text, p.text
            for a in acts:
                assert rules.parse(s, rules.describe(s, a)) == [a]
            again = rules.GameState.model_validate_json(s.model_dump_json())
            assert rules.legal_actions(again) == acts  # a half-done Event survives a restart
        a = EVENT if EVENT in acts and r.random() < 0.8 else r.choice(acts)
        events += a == EVENT
        s = rules.apply(s, a)
        check(s)
    assert s.game_over
    assert events >= 5


def test_event_side_prompt_quotes_both_texts() -> None:
    s = rules.new_game(2)
    while True:
        acts = rules.legal_actions(s)
        if EVENT in acts:
            break
        s = rules.apply(s, acts[-1])  # pass until an Event card is up
    who = rules.prompt(s).faction
    s = rules.apply(s, EVENT)
    p = rules.prompt(s)
    card = rules.standard_deck().cards[s.current_card or 0]
    assert p.faction == who and p.kind == "event"
    assert card.unshaded is not None and card.unshaded.text in p.text
    assert card.shaded is not None and card.shaded.text in p.text
    assert rules.legal_actions(s) == [
        rules.Choose(option="unshaded"),
        rules.Choose(option="shaded"),
    ]
