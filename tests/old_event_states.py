"""States stored while an Event was in progress, before its frames were typed (every event
frame as {kind, faction, data}, its steps in their deck-file form): each waits for a choice in
an Event (a side, an option, a space, pieces, a move, or a free Command's or Decree's choice
above the Event), for several cards of the standard deck
and of a custom deck (tests/fixtures/small_deck.yaml), with how the engine of then went on.

python tests/old_event_states.py REV [OUT]   rewrites tests/fixtures/old_event_states.json (or
OUT) with revision REV's rules/ (taken with `git archive`; 1b24170 is the last one with untyped
frames; 8765c38 the last with untyped Event frames beside typed others: MIXED)
python tests/old_event_states.py --reword   re-words both fixtures' prompts (old_states.py)
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from old_states import follow, recorder_main, reword

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "old_event_states.json"
MIXED = Path(__file__).resolve().parent / "fixtures" / "mixed_event_states.json"
DECK = Path(__file__).resolve().parent / "fixtures" / "small_deck.yaml"
KINDS = ("event", "event_choose", "event_pick", "event_pieces", "event_move")
PER_KIND = 3  # states kept per deck and frame kind, each from another card


def _what(frames: list[dict[str, object]]) -> str:
    """The top frame's kind, or "within_event" for another frame above an event's."""
    kind = str(frames[-1]["kind"])
    if kind not in KINDS and any(fr["kind"] == "event" for fr in frames):
        return "within_event"
    return kind


def collect() -> list[dict[str, object]]:
    """With the `rules` of then on sys.path: states and what followed each."""
    from rules import vijayanagara
    from rules.vijayanagara.cards import with_deck

    out: list[dict[str, object]] = []
    decks = {"standard": None, "custom": DECK.read_text(encoding="utf-8")}
    for deck, text in decks.items():
        options = (
            vijayanagara.GameOptions()
            if text is None
            else with_deck(vijayanagara.GameOptions(), text)
        )
        seen: set[tuple[str, int]] = set()
        for seed in range(60):
            r = random.Random(seed)
            state = vijayanagara.new_game(seed, options)
            while not state.game_over:
                raw = json.loads(state.model_dump_json())
                kind = _what(raw["frames"])
                card = state.current_card
                taken = sum(k == kind for k, _ in seen)
                if (
                    kind in (*KINDS, "within_event")
                    and (kind, card) not in seen
                    and taken < PER_KIND
                    and vijayanagara.can_undo(state) is not None
                ):
                    seen.add((kind, card))
                    out.append(
                        {
                            "what": kind,
                            "deck": deck,
                            "card": card,
                            "seed": seed,
                            "state": raw,
                            "then": follow(state, seed),
                        }
                    )
                state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
    return out


def load(old: dict[str, Any]) -> object:
    """A recorded state as the bot loads it: a custom deck's file attached."""
    from rules import vijayanagara
    from rules.vijayanagara.cards import with_deck

    state = vijayanagara.GameState.model_validate(old["state"])
    if old["deck"] == "custom":  # the deck file is stored apart
        state.options = with_deck(state.options, DECK.read_text(encoding="utf-8"))
    return state


if __name__ == "__main__" and sys.argv[1:] == ["--reword"]:
    for fixture in (FIXTURE, MIXED):
        print(f"{fixture.name}: {reword(fixture, load)} re-worded")
elif __name__ == "__main__":
    recorder_main(collect, FIXTURE, __file__, lambda s: (s["deck"], s["what"], s["card"]))
