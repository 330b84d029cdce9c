"""Logs stored before a stack's new top was shown at once (Setup: the stacks lie face up) still
replay: in them the reveal's entry comes when the placement ends, after the tile bought was
placed, and the game replays as it was played, to the same markers and result."""

from __future__ import annotations

import json
from pathlib import Path

from rules.rajas import GAME, RajasOptions, State
from rules.rajas.state import Action, Reveal, Undo

FIXTURE = Path(__file__).parent / "fixtures" / "rajas_log_revealed_late.json"
STORED = json.loads(FIXTURE.read_text())
LOG: list[Action] = [GAME.action_from_json(json.dumps(a)) for a in STORED["log"]]
BUILD = 18  # the first tile placed: the log's entry after its purchase, before its reveal


def replayed(log: list[Action]) -> State:
    s = GAME.new_game(RajasOptions(), tuple(STORED["seats"]))
    for a in log:
        s = GAME.apply(s, a)
    return s


def test_a_log_with_late_reveals_replays_to_the_same_markers_and_result() -> None:
    assert isinstance(LOG[BUILD + 1], Reveal) and STORED["log"][BUILD]["kind"] == "place_tile"
    s = replayed(LOG)
    assert list(s.fame) == STORED["fame"] and list(s.money) == STORED["money"]
    assert GAME.result(s) is not None


def test_a_game_stored_after_the_tile_was_placed_waits_for_its_reveal() -> None:
    """Stored mid-placement, before the placement's end dealt the reveal: the reveal is what
    the game waits for, and its entry is taken there."""
    s = replayed(LOG[: BUILD + 1])
    assert GAME.chance(s) == "the new top tile of the orange snake stack"
    assert GAME.to_move(s) is None and GAME.legal_actions(s) == []
    after = GAME.apply(s, LOG[BUILD + 1])
    assert after.tops[6] == 36 and GAME.to_move(after) is not None


def test_a_game_stored_after_the_purchase_shows_the_new_top_before_the_tile_is_placed() -> None:
    """Stored right after the purchase: today's rule goes on from there (the reveal is dealt
    at once, then the tile is placed)."""
    s = replayed(LOG[:BUILD])
    assert GAME.chance(s) == "the new top tile of the orange snake stack"
    shown = GAME.apply(s, GAME.deal(s, lambda n: 0))
    assert shown.tops[6] != -1 and LOG[BUILD] in GAME.legal_actions(shown)


def test_a_purchase_taken_back_before_its_late_reveal_replays() -> None:
    """Those rules let a seat take back a tile placed and a purchase before the reveal came:
    its log replays to the same markers, each undo taking back the step before it."""
    undone = STORED["undone"]
    log = [GAME.action_from_json(json.dumps(a)) for a in undone["log"]]
    taken_back = [undone["log"][k - 1]["kind"] for k, a in enumerate(log) if isinstance(a, Undo)]
    assert taken_back == ["place_tile", "buy", "place_tile", "undo"]
    s = replayed(log)
    assert list(s.fame) == undone["fame"] and list(s.money) == undone["money"]
