"""Successors at the table: every step told in the game's words (rolls with their meaning,
events by title and effect, losses), prompts, status lines, a seat's own summary, the rules
reference by the summary's headings, `/sc card`."""

from __future__ import annotations

from pathlib import Path

from fakes import FakeRenderer, Seeds
from successors_helpers import at, controlled, holding, leader_at, moving, order, put, started
from test_successors_rules import contest

from bot.table.commands import Call, find
from bot.table.service import GameService
from rules.capabilities import narration_of, reference_of, talk_of
from rules.successors import GAME, State
from rules.successors.engine import frame
from rules.successors.state import Accept, Arm, Drop, EventRoll, Offer, Take

BLUE, RED = 0, 1


def told(before: State, a: object, seat: str | None) -> list[str]:
    after = GAME.apply(before, a)  # type: ignore[arg-type]
    return narration_of(GAME).narrate(GAME.view(before, None), a, GAME.view(after, None), seat)  # type: ignore[arg-type]


def test_an_event_roll_is_told_with_its_entry_its_title_and_its_effect() -> None:
    s = at(started(3), BLUE, 1, frame("event_roll", BLUE))
    said = told(s, EventRoll((1, 5, 4)), None)
    assert said[0] == (
        "Blue rolls 1 5 4 for the event: ODD 54, Persia revolts: Every unit in Persia turns white "
        "and Persia is in revolt. If nobody controls Persia, 2 white levies are placed there."
    )
    assert said[1] == "Persia revolts: 2 levies (white) and a Revolt marker"
    held = put(controlled(s, RED, "per"), "per", RED, levy=1)
    assert told(held, EventRoll((1, 5, 4)), None)[1] == (
        "Persia revolts: Red's 1 levy there turns white; a Revolt marker"
    )


def test_a_battles_dice_are_told_with_their_hits_and_losses() -> None:
    s = order(contest({"inf": 2}, {"inf": 1}), "fight red at Arabia")
    from rules.successors.state import Dice

    said = told(s, Dice((5, 1, 6)), None)
    assert said[:3] == [
        "Arabia, round 1: Blue rolls infantry 5 1: 1 hit (infantry hits on 5-6)",
        "Arabia, round 1: Red rolls infantry 6: 1 hit (infantry hits on 5-6)",
        "Blue loses 1 infantry in Arabia",
    ]
    assert "Blue wins the battle in Arabia" in said


def test_a_piece_taken_into_a_force_is_told_as_the_force_in_words() -> None:
    """Typed one step at a time, `take 2 inf at Egypt` tells what the force now is, in
    the game's words (no code word, the plural right)."""
    s = moving(put(started(3), "egy", BLUE, inf=2, levy=4))
    assert told(s, Take("egy", "inf", 2), "blue") == ["Blue readies a force at Egypt: 2 infantry"]
    s = order(s, "take 2 inf at Egypt")
    assert told(s, Take("egy", "levy", 4), "blue") == [
        "Blue readies a force at Egypt: 4 levies and 2 infantry"
    ]


def test_a_piece_left_or_taken_along_by_a_force_under_way_is_told_as_what_it_did() -> None:
    """A trial's `drop 1 inf` in Thrace, its leader with 2 infantry come from Macedonia, was
    told "Blue readies a force at Thrace: its leader with 1 infantry", a new force formed:
    it says what was left where, and what may march on; a piece taken along likewise."""
    s = moving(put(started(3), "mac", BLUE, inf=2))
    s = order(leader_at(s, BLUE, "mac"), "take 2 inf leader at Macedonia")
    s = order(s, "march to Thrace")
    assert told(s, Drop("inf", 1), "blue") == [
        "Blue leaves 1 infantry in Thrace; its leader with 1 infantry may march on (1 MP left)"
    ]
    s = order(put(s, "thr", BLUE, levy=1), "drop 1 inf")
    assert told(s, Take("thr", "levy", 1), "blue") == [
        "Blue takes 1 levy along in Thrace; its leader with 1 levy and 1 infantry may march on "
        "(1 MP left)"
    ]
    assert told(s, Drop("leader", 1), "blue") == [
        "Blue leaves its leader in Thrace; 1 infantry may march on (1 MP left)"
    ]


def test_prompts_say_who_decides_and_what() -> None:
    s = moving(put(started(3), "egy", BLUE, inf=2))
    talk = talk_of(GAME)
    assert talk.prompt(GAME.view(s, "blue"), "blue") == (
        "game turn 2: move a force (take pieces, or take fleets), or end movement; type `move "
        "2 inf leader Egypt Coele-Syria` (the form, not advice: the pieces, their area, each "
        "area entered; 3 MP, rough areas 2, your leader's band 4: l.26-28), or `end movement`"
    )
    assert talk.prompt(GAME.view(s, None), "red") == (
        "game turn 2: waiting for Blue to move a force (take pieces, or take fleets), or end movement"
    )
    s = order(s, "take 2 inf at Egypt")
    assert "your force at Egypt (3 MP left)" in talk.prompt(GAME.view(s, "blue"), "blue")


def test_status_lines_tell_each_seats_public_facts() -> None:
    lines = talk_of(GAME).status(GAME.view(holding(started(3), BLUE, 5), None))
    assert lines[0] == "game turn 2 of 12; order Blue, Red, Green"
    assert lines[1] == (
        "Blue: home Egypt, treasury 10, 1 province controlled (income 6), 0 units, 1 chit, "
        "leader in Egypt, "
        "5 points now (Egypt controlled, no units of its own alone there: no points (l.66))"
    )


def test_status_tells_each_alliance_and_the_game_turn_it_was_made_in() -> None:
    """An alliance accepted (l.32) is public, and so is how long it has stood."""
    s = GAME.apply(moving(started(3, turn=4)), Offer("green", "blue"))
    s = GAME.apply(s, Accept("blue", "green"))
    lines = talk_of(GAME).status(GAME.view(s, None))
    assert "alliances: Blue and Green (since game turn 4)" in lines, lines


def test_a_status_line_tells_which_provinces_score_those_held_alone() -> None:
    """l.66: a province scores when one's units alone occupy it; one controlled (l.10, Q3)
    without them counts nothing, so 5 provinces may be worth 0 points."""
    s = put(put(started(3, money=0), "egy", BLUE, levy=1), "ara", BLUE, levy=1)
    s = put(s, "syr", BLUE, levy=1)
    s = put(s, "syr", RED, levy=1)
    line = talk_of(GAME).status(GAME.view(s, None))[1]
    assert "1 province controlled (income 6)" in line
    assert line.endswith(  # a trial read 0 provinces and 3 points, unexplained
        "6 points now (2 provinces held alone, worth 6; Arabia not controlled until a combat "
        "phase ends (l.10))"
    ), line
    s = controlled(s, BLUE, "syr", "cil", "phr", "bab", "mes")  # a newcomer's trap: controlled
    line = talk_of(GAME).status(GAME.view(s, None))[1]
    assert line.endswith(
        "(2 provinces held alone, worth 6; Arabia not controlled until a combat phase ends "
        "(l.10); Greater Phrygia, Cilicia, Syria, Mesopotamia and 1 "
        "more controlled, no units of its own alone there: no points (l.66))"
    ), line


def test_a_seats_own_summary_holds_its_chits_and_orders_and_the_public_none() -> None:
    s = GAME.apply(holding(started(3), BLUE, 5, 15), Arm("blue", 15, "revolt"))
    mine = talk_of(GAME).private_summary(GAME.view(s, "blue"))
    assert mine.startswith(
        "Your chits: chit 5, Hidden treasure: Gain 3 Talents; play it now: `play 5`; arm it: "
        "`arm 5 for short` or `arm 5 for revenue`."
    )
    assert "chit 15, Revolt fails (armed for a revolt in your provinces)" in mine
    assert mine.endswith(
        "Your standing orders: chit 15 (Revolt fails) for a revolt in your provinces."
    )
    assert talk_of(GAME).private_summary(GAME.view(s, None)) == ""
    assert "chit" not in talk_of(GAME).private_summary(GAME.view(s, "red")).split(":")[1]


def test_the_rules_reference_follows_the_summarys_headings() -> None:
    ref = reference_of(GAME)
    topics = list(ref.rules_topics())
    assert topics[:1] == ["sequence"] and {
        "revenue",
        "movement",
        "combat",
        "sea",
        "invasion",
        "victory",
    } <= set(topics)
    assert "l.37" in ref.rules_reference("combat") and "l.59" in ref.rules_reference("sea invasion")


async def test_sc_card_looks_up_an_event_by_roll_or_title_and_a_chit_by_number(
    migrated_sqlite_path: Path,
) -> None:
    card = find("successors", "card")
    assert card is not None and card.params[0].complete == "lookup"
    svc = await GameService.open(str(migrated_sqlite_path), FakeRenderer(), seed_source=Seeds())
    try:
        found = await svc.autocomplete.card_choices("sc", "lamian", kind="successors")
        assert found == [("ODD 11 Lamian War", "ODD 11")]
        said = await card.run(svc, Call("sc", 1, "successors", {"number": found[0][1]}))
        assert said.ok and said.text.startswith("ODD 11, Lamian War: "), said.text
        chit = await card.run(svc, Call("sc", 1, "successors", {"number": "chit 19"}))
        assert chit.ok and chit.text.startswith("Chit 19, Cavalry raid: ")
        bad = await card.run(svc, Call("sc", 1, "successors", {"number": "ODD 77"}))
        assert not bad.ok and "`ODD 45`" in bad.text
    finally:
        await svc.close()


async def test_a_mistyped_step_aside_out_of_turn_is_refused_for_what_is_wrong_with_it(
    migrated_sqlite_path: Path,
) -> None:
    """Steps aside are taken at any time (Turns.acts_any_time): a seat not deciding is told
    what is wrong with its step aside, not that it is not its turn; a step of the turn sent
    out of turn is still told whose turn it is."""
    svc = await GameService.open(str(migrated_sqlite_path), FakeRenderer(), seed_source=Seeds())
    try:
        seats = {1: "blue", 2: "red", 3: "green"}
        assert (await svc.lobby.create("sc", 1, kind="successors", seat="blue")).ok
        for user in (2, 3):
            assert (await svc.lobby.join("sc", user, seats[user], kind="successors")).ok
        assert (await svc.lobby.start("sc", 1, kind="successors")).ok
        game = await svc.store.open_game("sc")
        assert game is not None
        deciding = GAME.to_move(await svc.loader.state_of(game))
        waiting = next(u for u, seat in seats.items() if seat != deciding)
        other = next(seat for u, seat in seats.items() if u != waiting)
        given = await svc.moves.play("sc", waiting, f"give 99 to {other}")
        assert not given.ok and "not your turn" not in given.text, given.text
        assert "treasury" in given.text or "Talent" in given.text, given.text
        step = await svc.moves.play("sc", waiting, "done")
        assert not step.ok and "not your turn. " in step.text and "must decide" in step.text, (
            step.text
        )
    finally:
        await svc.close()


def test_the_status_lists_alliance_offers_awaiting_an_answer() -> None:
    """A trial's offer was answered a turn later, and `status` showed no offer pending."""
    from rules.successors.state import Offer

    s = GAME.apply(started(3), Offer("blue", "red"))
    lines = talk_of(GAME).status(GAME.view(s, None))
    assert "alliance offers awaiting an answer: Blue to Red" in lines, lines
