"""Random games that take the Event often: invariants after every step, every game ends,
and every event decision round-trips through the notation and has a prompt."""

from __future__ import annotations

import random

import pytest
from fixtures.events_helpers import in_event
from invariants import check

from rules import vijayanagara

EVENT = vijayanagara.Choose(option="event")


@pytest.mark.parametrize("seed", [11, 12, 13, 14, 15, 16])
def test_random_games_with_events_end(seed: int) -> None:
    s = vijayanagara.new_game(seed)
    r = random.Random(seed)
    events = 0
    for _ in range(20_000):
        if s.game_over:
            break
        acts = vijayanagara.legal_actions(s)
        assert acts
        if in_event(s):
            p = vijayanagara.prompt(s)
            assert p.faction in vijayanagara.PLAYERS
            if p.kind.startswith("event"):
                title = vijayanagara.standard_deck().cards[s.current_card or 0].title
                assert f"Event {title}" in p.text, p.text
            for a in acts:
                assert vijayanagara.parse(s, vijayanagara.describe(s, a)) == [a]
            again = vijayanagara.GameState.model_validate_json(s.model_dump_json())
            assert vijayanagara.legal_actions(again) == acts  # a half-done Event survives a restart
        a = EVENT if EVENT in acts and r.random() < 0.8 else r.choice(acts)
        events += a == EVENT
        s = vijayanagara.apply(s, a)
        check(s)
    assert s.game_over
    assert events >= 5


def test_event_side_prompt_quotes_both_texts() -> None:
    s = vijayanagara.new_game(2)
    while True:
        acts = vijayanagara.legal_actions(s)
        if EVENT in acts:
            break
        s = vijayanagara.apply(s, acts[-1])  # pass until an Event card is up
    who = vijayanagara.prompt(s).faction
    s = vijayanagara.apply(s, EVENT)
    p = vijayanagara.prompt(s)
    card = vijayanagara.standard_deck().cards[s.current_card or 0]
    assert p.faction == who and p.kind == "event"
    assert card.unshaded is not None and card.unshaded.text in p.text
    assert card.shaded is not None and card.shaded.text in p.text
    assert vijayanagara.legal_actions(s) == [
        vijayanagara.Choose(option="unshaded"),
        vijayanagara.Choose(option="shaded"),
    ]
