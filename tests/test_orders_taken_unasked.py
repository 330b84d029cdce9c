"""An order typed whole through a decision the rules force (its one legal step), which the
table takes unasked: the typed step for it is taken as read while it is no longer legal
(`EndedByItself.taken_already`), as the order is walked for the hints and played; a step
still legal is a choice, and is played."""

from __future__ import annotations

from rules_helpers import B, P, blank, frame, put, run, turn

from bot.table.moves import walk
from rules import vijayanagara
from rules.capabilities import EndedByItself, orders_of
from rules.game import Step
from rules.vijayanagara.game import GAME


def _steps(s: vijayanagara.GameState, text: str) -> list[Step[object]]:
    return list(orders_of(GAME).read_order(s, text, "B"))


def _rebel_in_andhra_only() -> vijayanagara.GameState:
    s = blank()
    s.dynasty = "tughlaq"
    put(s, "andhra", P.AMIR, 2)
    put(s, "andhra", P.TROOP, 1)
    s.resources[B] = 5
    return turn(s, B)


def test_a_lone_advance_move_typed_after_advance_is_walked_through_not_refused() -> None:
    """3.5.2: one Invader in the Passes, its one move taken unasked after `advance`; the
    Mongols' order typed whole reaches their second Command."""
    s = blank()
    put(s, "mountain_passes", P.MONGOL, 1)
    put(s, "delhi", P.MONGOL, 11)  # none Available: Advance or Plunder, a real choice
    s = frame(s, "mongol_invasion", B, left=2)
    order = "advance; move 1 mongol from mountain passes to punjab"
    reached, refused = walk(GAME, s, _steps(s, order))
    assert refused is None and reached is not None
    assert "Mongols Advance unasked: 1 Invader Mountain Passes -> Punjab" in "\n".join(reached.log)
    assert "Mongol Command 2 of 2" in vijayanagara.prompt(reached).text


def test_a_step_taken_unasked_is_skipped_only_while_it_is_not_legal() -> None:
    """`select andhra` typed after a Limited Rebel took Andhra unasked (2.3.5) is taken as
    read; where the same step is legal (a Rebel free to select it) it is a choice: played."""
    s = run(_rebel_in_andhra_only(), "limited")
    (rebel,) = [a for a in vijayanagara.legal_actions(s) if vijayanagara.describe(s, a) == "rebel"]
    after = vijayanagara.apply(s, rebel)
    (select,) = _steps(after, "select andhra")
    legal_there = run(_rebel_in_andhra_only(), "command; rebel")
    ended = EndedByItself(GAME)
    ended.record(s, after, rebel)
    assert ended.taken_already(select, legal_there) is None
    said = ended.taken_already(select, after)
    assert said == (
        "B Limited Rebel selects Andhra unasked: the only step it can take, and it must act "
        "(2.3.5)."
    )


def test_3_3_4_a_lone_defender_is_targeted_unasked_and_a_typed_target_taken_as_read() -> None:
    """3.3.4: Delhi the only Faction Bahmani may target in Madhyadesh: the table targets it,
    says why, and `target D` typed in the order (as a trial did) is taken as read."""
    s = blank()
    s.dynasty = "tughlaq"
    put(s, "madhyadesh", P.AMIR, 1)
    put(s, "madhyadesh", P.TROOP, 1)
    put(s, "maharashtra", P.FORT, 1)
    put(s, "maharashtra", P.AMIR, 2)
    s = turn(s, B)
    s.resources[B] = 5
    selected = run(s, "command; attack; select madhyadesh")
    assert selected.log[-1] == (
        "Bahmani Kingdom attacks Delhi Sultanate in Madhyadesh, unasked: the only Faction it "
        "may target there (3.3.4)."
    )
    order = "command; attack; select madhyadesh; target D; support 1 amir from maharashtra"
    reached, refused = walk(GAME, s, _steps(s, order))
    assert refused is None and reached is not None
    assert "Attack in Madhyadesh" in vijayanagara.prompt(reached).text  # 1 more may join
