"""Successors as a newcomer meets it at the table, with only the README, the help and what the
game says: the words they type (the summary's names of the units, `retreat all`), the prompts
that tell what to type, refusals that name the rule, the dice told with what they hit on, the
rules found by a player's words. Each on a position built for it."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from fakes import FakeRenderer
from successors_helpers import (
    BLUE,
    GREEN,
    RED,
    allied,
    area,
    at,
    controlled,
    deal,
    fleets,
    holding,
    leader_at,
    moving,
    order,
    put,
    random_playout,
    started,
    units,
)
from test_successors_readings import allied_defenders
from test_successors_rules import begun, contest

from bot.terminal.local import amain
from rules.capabilities import menus_of, narration_of, notation_of, orders_of, reference_of, talk_of
from rules.errors import AmbiguousName, IllegalAction, InvalidOrder
from rules.successors import GAME, State, Successors, SuccessorsOptions, economy
from rules.successors.chits import chit_of
from rules.successors.economy import EVENT_ELEPHANTS, REVENUE_BUY
from rules.successors.engine import OPTIONS, frame
from rules.successors.notation import parse
from rules.successors.result import ranking
from rules.successors.state import (
    CAPTIVE,
    MERC,
    NO,
    REVOLT,
    WHITE,
    Accept,
    Arm,
    Buy,
    Dice,
    Done,
    Embark,
    EndMove,
    EventRoll,
    Fight,
    Give,
    Halt,
    Land,
    Lose,
    March,
    Offer,
    Retreat,
    Sail,
    Take,
    Undo,
)
from rules.successors.view import view


def read(s: State, text: str, seat: str = "blue") -> list[object]:
    return list(parse(view(s, seat), text, seat))


def told(before: State, a: object, seat: str | None = None) -> list[str]:
    after = GAME.apply(before, a)  # type: ignore[arg-type]
    return narration_of(GAME).narrate(GAME.view(before, None), a, GAME.view(after, None), seat)  # type: ignore[arg-type]


def prompt(s: State, seat: str = "blue") -> str:
    return talk_of(GAME).prompt(GAME.view(s, None), seat)


def buying(s: State, seat: int = BLUE) -> State:
    return at(s, seat, 3, frame("buy", seat, 0, 0))


def test_a_newcomer_names_the_units_as_the_summary_does_singular_or_plural() -> None:
    s = buying(started(3, money=20))
    assert read(s, "buy 2 levies 1 infantry at Egypt") == read(s, "buy 2 levy 1 inf at Egypt")
    assert read(s, "buy 1 infantries at Egypt") == [Buy("inf", "egy", 1)]
    s = moving(put(started(3), "egy", BLUE, inf=2, cav=1))
    assert read(s, "move 2 infantry 1 cavalry leader Egypt Coele-Syria") == read(
        s, "move 2 inf 1 cav leader Egypt Coele-Syria"
    )


def test_a_purchase_that_names_no_place_goes_to_the_one_place_it_may() -> None:
    s = buying(started(3, money=20))
    assert read(s, "buy 2 levies") == read(s, "buy 2 levy at Egypt")
    assert units(order(s, "buy 2 levies"), "egy", BLUE) == (2, 0, 0, 0)
    with pytest.raises(AmbiguousName) as two:
        read(s, "buy 1 fleet")
    assert str(two.value) == (
        "the units may be placed at Egypt, Egyptian Sea or Red Sea (l.21): name the place, "
        "as `buy 1 fleet at Egypt`"
    )
    assert two.value.candidates == tuple(Buy("fleet", at, 1) for at in ("egy", "egs", "red"))


async def test_a_purchase_that_may_go_to_two_places_is_ambiguous_not_unreadable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial's `buy 3 cav` with two places to put them was "not an order I can read"."""
    s = buying(started(3, money=20))
    text = await at_the_terminal(s, ["buy 1 fleet"], tmp_path, monkeypatch)
    asked = text.split("! `buy 1 fleet` is ambiguous: the units may be placed at Egypt, ", 1)[1]
    assert "\n!   buy 1 fleet at Egyptian Sea\n!   buy 1 fleet at Red Sea\n" in asked, asked
    assert "not an order I can read" not in text, text


def test_the_options_tell_a_purchase_as_the_range_of_counts_it_allows() -> None:
    s = buying(started(3, money=3))
    entries, _ = menus_of(GAME).grouped_choices(GAME.view(s, "blue"), GAME.legal_actions(s))
    assert "`buy 1 levy at Egypt` to `buy 3 levy at Egypt` (any of 1-3)" in entries
    assert not any(e.startswith("`buy 3 levy") for e in entries)  # told once
    assert units(order(s, "buy 2 levy at Egypt"), "egy", BLUE) == (2, 0, 0, 0)  # one between


def test_retreat_all_is_read_when_one_unit_and_the_leader_may_go() -> None:
    s = order(contest({"inf": 3}, {"inf": 1}), "fight red at Arabia")
    s = leader_at(s, RED, "ara")
    s = deal(s, 1, 1, 1, 1)
    assert GAME.to_move(s) == "red" and s.frames[-1][0] == "retreat"
    assert read(s, "retreat all to Mesopotamia", "red") == [Retreat("all", "mes")]


def test_a_battle_whose_defenders_all_retreated_is_won_without_asking_the_attacker() -> None:
    """Two trials were asked to withdraw or stand from a battle their foes had left whole
    (l.45: the attacker's retreat comes after the defender's, and nobody is left to fight)."""
    s = deal(order(contest({"inf": 3}, {"inf": 1}), "fight red at Arabia"), 1, 1, 1, 1)
    asked = prompt(s, "red")
    assert (  # whose side's rule, said (a trial read two wordings and no reason)
        "to an adjacent area with no unfriendly units, not one an attacker came from (as the "
        "defender, Q20)" in asked
    )
    s = order(s, "retreat all to Mesopotamia", "red")
    assert s.battle is None and "Blue wins the battle in Arabia" in s.news, s.news
    both = order(
        deal(order(contest({"inf": 2}, {"inf": 2}), "fight red at Arabia"), 1, 1, 1, 1),
        "stand",
        "red",
    )
    assert "to an adjacent area your side holds, or an empty one (as the attacker, Q20)" in prompt(
        both
    )


def test_a_second_revolt_where_one_goes_on_says_its_marker_stays() -> None:
    s = at(started(3), BLUE, 1, frame("event_roll", BLUE))
    first = deal(s, 2, 6, 5)  # EVEN 65: Hyrcania revolts, 2 white levies
    assert "Hyrcania revolts: 2 levies (white) and a Revolt marker" in first.news
    again = deal(at(first, BLUE, 1, frame("event_roll", BLUE)), 2, 6, 5)
    assert "Hyrcania revolts again: 2 levies (white); its Revolt marker stays" in again.news
    assert units(again, "hyr", 4) == (4, 0, 0, 0)  # the white units: 4 levies


def test_move_all_takes_every_unit_there_and_the_leader() -> None:
    s = moving(put(started(3), "egy", BLUE, inf=2, levy=3))
    taken = [a for a in read(s, "move all Egypt Cyrenaica") if isinstance(a, Take)]
    assert {(a.piece, a.count) for a in taken} == {("inf", 2), ("levy", 3), ("leader", 1)}


def test_a_step_refused_by_a_rule_is_told_apart_from_one_not_read() -> None:
    s = moving(put(started(3, money=2), "egy", BLUE, inf=1))
    with pytest.raises(
        IllegalAction, match="you have 2 Talents to give: at most 2: `give 2 to red`"
    ) as refused:
        read(s, "give 9 to red")
    assert "Allowed" not in refused.value.reason  # the table lists the allowed steps once
    with pytest.raises(InvalidOrder, match="'conquer' is not a step of Successors"):
        read(s, "conquer Persia")


def test_a_march_past_the_area_where_the_force_stopped_says_it_stopped() -> None:
    s = put(moving(put(started(3), "egy", BLUE, inf=1)), "ara", RED, inf=1)
    with pytest.raises(IllegalAction) as refused:
        read(s, "move 1 inf Egypt Arabia Babylonia")
    reason = refused.value.reason
    assert reason.startswith("march to Babylonia: the force's move is over")
    assert (
        "(nothing of the order was played; as read, the step before this one ended so: Blue meets unfriendly units in Arabia and stops (l.27))"
        in reason
    )
    assert refused.value.where == "`move 1 inf Egypt Arabia Babylonia`"


def test_units_on_an_island_leave_aboard_fleets_and_are_never_taken_into_a_land_force() -> None:
    """Cyprus borders no land: a land force taken there could go nowhere, and its move frame,
    with no step left, was dropped with the force still under way (an ally's move then
    crashed the phasing player's, found by the soak). Its units board a fleet at its sea."""
    s = moving(put(started(3), "cyp", BLUE, inf=1))
    assert not any(isinstance(a, Take) and a.at == "cyp" for a in GAME.legal_actions(s))
    assert "Cyprus" not in prompt(s)
    with pytest.raises(IllegalAction):
        read(s, "take 1 inf at Cyprus")
    from successors_helpers import fleets

    afloat = order(fleets(s, "cys", BLUE), "take 1 fleets at Cyprian Sea, embark 1 inf at Cyprus")
    assert afloat.force is not None and afloat.force.groups


def test_a_move_typed_before_or_after_the_movement_phase_says_when_movement_comes() -> None:
    """A player whose force moved all its units saw the turn go on; a move typed at the next
    turn's purchases was told its movement was over, when it had not yet begun."""
    s = put(started(3), "egy", BLUE, inf=1)
    refused = {}
    combat = at(s, BLUE, 5, frame("combat", BLUE))
    for when, position in (("purchases", buying(s)), ("combat", combat)):
        with pytest.raises(ValueError) as caught:
            GAME.apply(position, Take("egy", "inf", 1))
        refused[when] = str(caught.value)
    # a trial's `end movement`, typed after its movement had ended by itself; another trial
    # read "your last one is over" there as its movement being over: purchases end first
    assert refused["purchases"].startswith(
        "your movement comes once your purchases are over: `done` ends them (l.5-6); now: buy units"
    )
    assert "movement is over" in refused["combat"]


async def test_the_hand_in_the_terminal_writes_the_seats_view_apart_from_the_games_boards(
    tmp_path: Path,
) -> None:
    """`hand` drew the seat's own view into board-00000.png, a name that reads as the game's
    first board: it is your-view.png, told as "your view"."""
    out = io.StringIO()
    args = ["--game", "successors", "--play", "blue", "--seed", "5", "--db"]
    args += [str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]
    await amain(args, iter(["hand", "quit"]), out, FakeRenderer())
    text = out.getvalue()
    assert "[your view: " in text and "your-view.png]" in text, text[-1500:]
    assert "board-00000.png" not in text


def test_the_home_prompt_says_what_to_type_without_the_docs_code_words() -> None:
    s = deal(GAME.new_game(GAME.info.options(), ("blue", "red", "green")), 6, 3, 5)
    seat = GAME.to_move(s)
    assert seat == "blue"
    said = prompt(s, seat)
    assert "type `home Macedonia`, or another home allowed" in said
    assert "F:" not in said and "ours" not in said
    s = order(s, "home Macedonia", seat)
    nxt = order(s, "done", seat)
    other = GAME.to_move(nxt)
    assert other is not None and other != seat
    with pytest.raises(IllegalAction, match="Thrace borders Macedonia, a home already chosen"):
        read(nxt, "home Thrace", other)
    with pytest.raises(IllegalAction, match="Greece is not a home; the homes are Macedonia"):
        read(nxt, "home Greece", other)


def test_the_purchase_prompt_prices_what_may_be_bought_and_names_what_needs_its_symbol() -> None:
    said = prompt(buying(started(3)))  # Egypt alone: an infantry area, a port
    assert "levy 1, infantry 2 (l.15-18); a fleet 3 in a port or 5 in a coastal sea (l.19)" in said
    assert "cavalry only with an area of its symbol (l.22)" in said
    assert "type `buy 1 levy at Egypt` (or `buy 1 levy 1 inf at Egypt`), then `done`" in said
    assert "infantry only" not in said
    assert "upkeep 1 Talent a unit each turn (l.14): 0 units, income 6" in said
    event = at(started(3), BLUE, 1, frame("buy", BLUE, 2, 2, 3))  # a rajah's gift: elephants
    said = prompt(holding_elephant_area(event))
    assert "buy up to 2 elephants at 3 Talents each in your elephant areas" in said
    assert "levy 1" not in said


def test_the_purchase_prompt_after_the_first_purchases_gives_the_figures_not_the_rules_again() -> (
    None
):
    """A trial read the same paragraph (upkeep's rule, the kept Talents, the prices' lines)
    at every purchase: after the first purchases (game turn 2) the prompt gives the figures."""
    said = prompt(buying(put(started(3, turn=3, money=5), "egy", BLUE, levy=3)))
    assert said == (
        "game turn 3: buy units at your home or with your leader (5 Talents), or done; "
        "3 units, upkeep 3, income 6; levy 1, infantry 2; a fleet 3 in a port, 5 at sea; "
        "cavalry only with an area of its symbol (l.22); type `buy 1 levy at Egypt` (or `buy 1 "
        "levy 1 inf at Egypt`), then `done`"
    ), said
    broke = buying(put(started(3, turn=3, money=0), "egy", BLUE, levy=7))
    assert "7 units, upkeep 7, income 6 (upkeep 7 against 6 with your treasury: units are " in (
        prompt(broke)
    )


def test_the_purchase_prompt_says_why_no_land_unit_is_offered() -> None:
    from successors_helpers import controlled

    s = put(leader_at(started(3), BLUE, "syr"), "syr", RED, levy=2)  # the leader among Red's
    s = put(controlled(s, RED, "egy"), "egy", RED, levy=1)  # its home taken
    s = controlled(s, BLUE, "cyr")  # a coast: a fleet may be bought at sea
    said = prompt(buying(s))
    assert "no land units now: neither your home nor your leader's area takes them" in said
    assert "levy 1" not in said and "type `buy 1 fleet at" in said


def holding_elephant_area(s: State) -> State:
    from successors_helpers import controlled

    return controlled(s, BLUE, "nin")


@pytest.mark.parametrize(
    ("troops", "voyage"),
    [
        ({"levy": 2}, "sail 1 fleet with 1 levy Egypt Egyptian Sea land at Phoenicia"),
        ({}, "sail 1 fleet Egypt Egyptian Sea"),
    ],
)
def test_the_voyage_in_the_movement_prompt_is_one_the_seat_may_type(
    troops: dict[str, int], voyage: str
) -> None:
    """It once offered `sail 2 fleets with 2 inf` to a seat with one fleet and no infantry."""
    from successors_helpers import fleets

    s = moving(fleets(put(started(3), "egy", BLUE, **troops), "egy", BLUE, 1))
    assert f"a voyage, `{voyage}`" in prompt(s)
    assert read(s, voyage)
    at_sea = moving(fleets(started(3), "egs", BLUE, 2))
    assert "a voyage, `sail 2 fleets Egyptian Sea Aegean Sea`" in prompt(at_sea)
    assert read(at_sea, "sail 2 fleets Egyptian Sea Aegean Sea")


def test_a_purchase_out_of_the_revenue_phase_names_when_purchases_come() -> None:
    """A trial's purchase typed in its movement was told purchases come "after the event",
    as if they were ahead: they are over for the game turn."""
    s = moving(put(started(3), "egy", BLUE, inf=1))
    over = r"your purchases are over for this game turn \(l.5\), the next come in your next"
    with pytest.raises(IllegalAction, match=over):
        read(s, "buy 1 levy at Egypt")
    last = moving(put(started(3, turn=12), "egy", BLUE, inf=1))
    with pytest.raises(IllegalAction, match=r"game turn \(l.5\), and this is the last game turn"):
        read(last, "buy 1 levy at Egypt")
    with pytest.raises(IllegalAction, match=r"no purchases on turn 1 \(l.5\)"):
        read(moving(put(started(3, turn=1), "egy", BLUE, inf=1)), "buy 1 levy at Egypt")


def test_a_retreat_where_the_attacker_came_from_is_refused_naming_the_reading() -> None:
    s = put(moving(put(started(3), "egy", BLUE, inf=3)), "ara", RED, inf=2)
    s = order(s, "move 3 inf Egypt Arabia, end movement, fight red at Arabia")
    s = deal(s, 1, 1, 1, 1, 1)
    assert GAME.to_move(s) == "red"
    with pytest.raises(IllegalAction, match="an attacker entered Arabia from Egypt this turn"):
        read(s, "retreat all to Egypt", "red")
    assert "`retreat all to Syria`" in prompt(s, "red")


def test_the_combat_prompt_names_each_open_battle_with_both_sides() -> None:
    s = leader_at(contest({"inf": 2, "levy": 1}, {"cav": 1}), BLUE, "ara")
    said = prompt(s)
    assert "Red at Arabia, your 1 levy and 2 infantry with your leader against 1 cavalry" in said
    assert "`fight red at Arabia` or `decline red at Arabia`" in said


def test_a_leader_alone_in_an_open_battle_is_named_so_on_either_side() -> None:
    alone = leader_at(contest({}, {"levy": 1}), BLUE, "ara")
    assert "Red at Arabia, your leader alone against 1 levy" in prompt(alone)
    theirs = leader_at(contest({"inf": 1}, {}), RED, "ara")
    assert "Red at Arabia, your 1 infantry against a leader alone" in prompt(theirs)


def test_battle_dice_are_told_by_the_units_that_rolled_them_and_what_they_hit_on() -> None:
    s = leader_at(contest({"inf": 1, "levy": 2}, {"levy": 1}), BLUE, "ara")
    s = order(s, "fight red at Arabia")
    said = told(s, Dice((4, 5, 6, 6)))
    assert said[0] == (
        "Arabia, round 1: Blue rolls infantry 4+1, levies 5 6: 2 hits (infantry hits on 5-6, "
        "levy on 6; +1: the leader's on his best unit, set before the roll (l.39; Q19))"
    )
    assert said[1] == "Arabia, round 1: Red rolls levy 6: 1 hit (levy hits on 6)"


def test_a_levy_defending_against_a_landing_is_told_as_one_levy_rolling_two_dice() -> None:
    """One levy defending against troops all landing rolls two dice (l.59): "Red rolls
    levies 2 6" read as two levies. The units are named by their count, not their dice."""
    s = fleets(put(put(started(3), "egy", BLUE, inf=2), "cyr", RED, levy=1), "egy", BLUE, 2)
    s = order(moving(s), "sail 2 fleets with 2 inf Egypt Egyptian Sea land at Cyrenaica")
    s = order(order(s, "end movement"), "fight red at Cyrenaica")
    assert told(s, Dice((1, 1, 2, 6)))[1] == (
        "Cyrenaica, round 1: Red rolls levy 2 6: 1 hit (levy hits on 6; two dice a unit "
        "against troops all landing (l.59))"
    )


def test_a_mercenary_lost_for_want_of_upkeep_is_told_as_a_mercenary() -> None:
    s = put(put(started(3), "egy", BLUE, inf=1), "egy", MERC + BLUE, inf=1)
    s = order(at(s, BLUE, 3, frame("disband", BLUE)), "lose merc inf at Egypt")
    assert "Blue loses 1 mercenary infantry in Egypt (Q4: disbanded for want of upkeep)" in s.news


def test_undo_names_the_step_it_took_back_not_the_step_before() -> None:
    s = moving(put(started(3), "egy", BLUE, inf=2))
    s = order(s, "take 2 inf at Egypt, march to Cyrenaica")
    (said,) = told(s, Undo(), "blue")
    assert said.startswith("Blue takes back its last step: Blue marches 2 infantry")
    assert "readies" not in said


def test_a_purchase_taken_back_tells_the_treasury_it_gives_back_not_the_one_it_left() -> None:
    """ "Blue takes back its last step: Blue buys 1 infantry for 2 Talents at Lydia and Ionia
    (treasury 0)": the treasury the purchase left, false once it is taken back."""
    s = order(buying(started(3, money=10)), "buy 1 inf at Egypt")
    assert told(s, Undo(), "blue") == [
        "Blue takes back its last step: Blue buys 1 infantry for 2 Talents at Egypt (treasury "
        "back to 10)"
    ]


def test_the_rules_are_found_by_a_players_words() -> None:
    ref = reference_of(GAME)
    assert ref.rules_reference("homes").startswith("Setup")
    assert ref.rules_reference("fleets").startswith("Sea (l.49-53)")
    assert ref.rules_reference("retreat").startswith("Combat")
    assert ref.rules_reference("moves").startswith("Movement")
    with pytest.raises(ValueError, match="the closest: combat"):
        ref.rules_reference("retret")
    for name in ref.rules_topics():
        text = ref.rules_reference(name)
        assert "(F" not in text and "(ours" not in text, text  # the docs' code words


def test_a_chit_in_hand_says_how_it_is_played() -> None:
    s = holding(holding(holding(moving(started(3)), BLUE, 2, 18), RED, 4), GREEN, 5)
    mine = talk_of(GAME).private_summary(GAME.view(s, "blue"))
    assert "play it now: `play 18 on red` or `play 18 on green`." in mine
    assert "play it now: `play 2 at Egypt`; arm it: `arm 2 for attacked`." in mine


def test_the_chits_held_are_said_in_a_line_beside_the_prompt_and_none_says_nothing() -> None:
    s = holding(holding(moving(started(3)), BLUE, 2, 18), RED, 4)
    (arm,) = read(s, "arm 2 for attacked")
    armed = GAME.apply(s, arm)  # type: ignore[arg-type]
    line = talk_of(GAME).hand_line(GAME.view(armed, "blue"))
    two, eighteen = (chit_of(s, n).name for n in (2, 18))
    assert (
        line == f"Your chits: chit 2, {two} (armed for an attack where your leader or your home "
        f"is); chit 18, {eighteen}."
    )
    assert talk_of(GAME).hand_line(GAME.view(s, "green")) == ""


def test_a_truce_in_hand_and_armed_without_its_player_shows_the_order_with_one() -> None:
    s = holding(moving(started(3)), BLUE, 13)
    mine = talk_of(GAME).private_summary(GAME.view(s, "blue"))
    assert "arm it: `arm 13 for turn on red` or `arm 13 for turn on green`." in mine
    with pytest.raises(IllegalAction, match="a truce names the player it is with: `arm 13 for"):
        read(s, "arm 13 for turn")
    assert read(s, "arm 13 for turn against red")


def test_a_chit_played_without_its_place_goes_to_the_one_place_it_may_or_lists_them() -> None:
    """`play 3` (Mercenaries) was refused for want of `at Macedonia` where only Macedonia
    could take them; a purchase naming no place goes to the one place it may. Where the
    leader is away from home, the refusal names both."""
    s = holding(moving(started(3)), BLUE, 2)  # the leader at home: one place
    assert read(s, "play 2") == read(s, "play 2 at Egypt")
    away = leader_at(s, BLUE, "ara")
    with pytest.raises(IllegalAction, match="`play 2 at Arabia` or `play 2 at Egypt`"):
        read(away, "play 2")


def test_an_alliance_offer_says_how_it_is_answered() -> None:
    s = moving(started(3))
    after = GAME.apply(s, read(s, "offer red")[0])  # type: ignore[arg-type]
    assert after.news[-1].startswith(
        "Blue offers an alliance to Red (l.32): Red answers `accept blue` or `refuse blue`, at "
        "any time; "
    )


def test_an_alliance_offered_and_made_says_an_allys_lone_levy_takes_an_empty_province() -> None:
    """A trial's ally took the person's empty provinces with lone levies (l.10 allows it):
    nothing at the offer or the acceptance had said an ally may."""
    s = moving(started(3))
    offered = GAME.apply(s, read(s, "offer red")[0])  # type: ignore[arg-type]
    accepted = GAME.apply(offered, read(offered, "accept blue", "red")[0])  # type: ignore[arg-type]
    warning = "a lone levy of your ally's takes one you left empty (l.10)"
    assert offered.news[-1].endswith(warning), offered.news
    assert accepted.news[-1].startswith("Red and Blue are allies (l.32): "), accepted.news
    assert accepted.news[-1].endswith(warning), accepted.news


def test_a_player_turn_opens_a_new_stage_so_an_ais_why_ends_its_own_turn() -> None:
    stage_line = narration_of(GAME).stage_line
    assert stage_line("Game turn 3 of 12: Blue's player turn; Events (l.4)") == "opens"
    assert stage_line("Game turn 4 of 12 begins; order: Blue, Red, Green") == "opens"
    assert stage_line("Blue's Revenue (l.5)") is None
    assert stage_line("Blue draws a chit (1 held)") is None


def test_a_fleet_sent_into_a_coast_without_a_port_is_told_to_land_there() -> None:
    s = moving(fleets(put(started(3), "egy", BLUE, inf=1), "egy", BLUE, 1))
    with pytest.raises(IllegalAction, match=r"Cyrenaica has no port: .*`land 2 inf at Cyrenaica`"):
        read(s, "sail 1 fleet with 1 inf Egypt Egyptian Sea Cyrenaica")


async def test_in_the_terminal_a_chit_a_gift_and_a_standing_order_are_the_games_steps(
    tmp_path: Path,
) -> None:
    """`play 7`, `give 1 to red` and `arm N for attacked` typed at the terminal are Successors'
    steps (not the terminal's `play ORDER`, nor another game's `give`); arming answers its
    sender alone, with no empty line; the chit Blue draws inside an AI's move is told to it, from
    the AI's reply, and `hand` after it does not say it again."""
    out = io.StringIO()
    lines = ["home Egypt", "buy 3 levy 1 inf at Egypt", "hand"]

    def typed() -> Iterator[str]:
        yield from lines
        held = re.search(r"Your chits: chit (\d+)", out.getvalue())
        assert held is not None, out.getvalue()[-1500:]
        yield from (f"arm {held[1]} for attacked", "play 7", "give 1 to red", "quit")

    # seed 20: Blue draws a chit as its first turn begins, inside the AIs' last move
    args = ["--game", "successors", "--play", "blue", "--seed", "20"]
    args += ["--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]
    await amain(args, typed(), out, FakeRenderer())
    text = out.getvalue()
    assert (
        "(to you alone) Your standing orders: chit " in text
        and "for an attack where your leader or your home is." in text
    )
    drawn = re.search(r"^• Blue draws a chit \(1 held\)$", text, re.M)
    assert drawn is not None  # as Blue's turn begins, inside the AI's last move
    assert re.search(r"^\(to you alone\) You draw chit \d+, ", text[drawn.end() :], re.M)
    assert "Since your last look" not in text  # `hand` does not say again what was printed
    assert "\n> \n(to you alone)" not in text  # no empty line before the answer
    assert "you hold no chit 7" in text and "is not a step of Successors" not in text
    assert "is a command of Vijayanagara" not in text
    assert re.search(r"`give 1 to red` was refused: .*Talent", text) or "gives 1 Talent" in text


def test_the_first_example_a_prompt_gives_is_a_step_its_seat_may_type_now() -> None:
    """A bounded sample: one random game of 3; at each decision the prompt's first example
    (`type ...`) reads as steps the seat may take (none for a battle's `fight`, read too)."""
    checked: set[str] = set()

    def check(s: State) -> None:
        seat = GAME.to_move(s)
        if seat is None or GAME.chance(s) is not None:
            return
        said = prompt(s, seat)
        example = re.search(r"type `([^`]+)`", said)
        if example is None:
            return
        checked.add(s.frames[-1][0])
        steps = read(s, example[1], seat)
        assert steps and steps[0] in GAME.legal_actions(s), (said, steps)

    random_playout(3, 1, check)  # (a seed whose game meets every kind of decision below)
    assert {"home", "buy", "move", "combat", "retreat", "lose", "disband"} <= checked, checked


def test_the_end_tells_each_seats_count_province_by_province_and_talent() -> None:
    s = put(put(started(3), "syr", BLUE, inf=2), "egy", RED, levy=1)
    text = ranking(s).text
    assert text == (
        "Red wins with 11 points. The count (l.66-68): Red 1 province held alone worth 6 + 10 "
        "Talents worth 5 points = 11 points; Blue 1 province held alone worth 3 + 10 Talents "
        "worth 5 points = 8 points; Green 0 provinces held alone worth 0 + 10 Talents worth 5 "
        "points = 5 points"
    )


def test_the_end_tells_who_was_out_of_the_game_and_why_they_have_no_points() -> None:
    """A trial saw Red, out in the last turn with 2 Talents shown the turn before, end at 0
    points ranked above Green, out earlier: nothing said why."""
    s = replace(started(4), out=(2, 1))  # Green out, then Red
    text = ranking(s).text
    assert text.endswith(
        "; out of the game (Q32), with no points, the last out placed first: Red, Green"
    )
    assert ranking(s).places[2:] == (("red",), ("green",))


def test_a_player_retreating_from_a_button_reads_how_many_units_each_one_moves() -> None:
    """Bob, defending Arabia with 2 levies and 1 infantry, is offered his retreats as buttons:
    each label says what it moves ("retreat 1 levy to Mesopotamia", "retreat all to ..."),
    never a bare "retreat levy", and each label typed plays the step it names."""
    s = order(contest({"inf": 3}, {"levy": 2, "inf": 1}), "fight red at Arabia")
    s = deal(s, *[1] * 6)
    assert GAME.to_move(s) == "red" and s.frames[-1][0] == "retreat"
    legal = GAME.legal_actions(s)
    labels = [notation_of(GAME).describe(GAME.view(s, "red"), a) for a in legal]
    assert "retreat 1 levy to Mesopotamia" in labels, labels
    assert "retreat 1 inf to Mesopotamia" in labels and "retreat all to Mesopotamia" in labels
    assert not any(re.match(r"retreat (levy|inf|cav) ", x) for x in labels), labels
    for label, a in zip(labels, legal, strict=True):
        assert read(s, label, "red") == [a], label
    assert read(s, "retreat 2 levy to Mesopotamia", "red") == [Retreat("levy", "mes")] * 2


def test_a_player_losing_a_unit_to_an_unpaid_event_reads_from_each_button_that_it_is_one() -> None:
    """Bob cannot pay an event and loses a unit: his buttons say "lose 1 levy at Arabia",
    which he may also type; two, when one is owed, is refused at the second."""
    s = at(put(started(3), "ara", RED, levy=2, inf=1), RED, 1, frame("lose", RED, NO, 0, 1))
    legal = GAME.legal_actions(s)
    labels = [notation_of(GAME).describe(GAME.view(s, "red"), a) for a in legal]
    assert "lose 1 levy at Arabia" in labels and "lose 1 inf at Arabia" in labels, labels
    for label, a in zip(labels, legal, strict=True):
        assert read(s, label, "red") == [a], label
    with pytest.raises(IllegalAction, match=r"^lose 1 levy at Arabia: a unit is lost when a rule"):
        read(s, "lose 2 levy at Arabia", "red")


def refused(s: State, text: str) -> str:
    with pytest.raises(IllegalAction) as refusal:
        read(s, text)
    return refusal.value.reason.split(". Allowed")[0]


def test_an_event_owed_by_a_seat_with_no_unit_says_it_has_none_to_lose() -> None:
    """A trial read "Blue owes 1 Talent for the event and has nothing to pay (treasury 0)",
    a sentence with no ending: elsewhere it went on "it must lose a unit"."""
    s = replace(started(3, money=0), news=())
    economy.charge(s, BLUE, 1, "the event")
    assert s.news[-1] == (
        "Blue owes 1 Talent for the event and has nothing to pay (treasury 0): it has no unit "
        "to lose (l.11)"
    )


def test_a_refusal_says_what_is_asked_now_without_the_prompts_counsel() -> None:
    """A trial's needless `stand`, in its purchases, was refused with the whole purchase
    prompt (the upkeep, the events the Talents pay) before a long list: hard to scan."""
    s = at(started(3), BLUE, 3, ("buy", BLUE, REVENUE_BUY, NO, NO))
    assert refused(s, "stand") == (
        "units retreat or stand after a round of a battle (l.45); now: buy units at "
        "your home or with your leader (10 Talents), or done"
    )


def test_a_step_typed_at_the_wrong_moment_says_when_it_comes_or_what_stops_it() -> None:
    """Found by typing each kind of order at random moments of random games: many were
    refused with only the prompt of the decision now ("fight red at Syria: move a force..."),
    "buy 2 inf" with "name where the units are placed: none now", a retreat to the battle's
    own area with "Media does not border Media", a drop by a force with no leader with "the
    force is 2 infantry: it drops only what it carries"."""
    move = moving(put(started(3), "egy", BLUE, inf=2))
    assert refused(move, "fight red at Syria").startswith(
        "battles are chosen in the combat phase, after movement (l.35-36); now: move a force"
    )
    assert refused(move, "stand").startswith("units retreat or stand after a round")
    assert refused(move, "done") == (  # (trials typed it after they ended by themselves)
        "your purchases are already over (treasury 10): `done` has nothing to end; the "
        "movement ends with `end movement`"
    )
    first = moving(put(started(3, turn=1), "egy", BLUE, inf=2))  # no purchases (l.5)
    assert refused(first, "done") == (
        "game turn 1 has no purchases in its revenue (l.5): those made before it began are "
        "over: `done` has nothing to end; the movement ends with `end movement`"
    )
    assert refused(move, "buy 2 inf").startswith("your purchases are over for this game turn (l.5)")
    assert refused(move, "pay").startswith("`pay` answers a mutiny")
    assert refused(move, "call red") == (
        "only an ally is called to move in your turn (l.32), and Red is not yours"
    )
    assert refused(move, "take 2 inf at Egypt, march to Arabia, land 1 inf at Arabia") == (
        "troops land from fleets: this force marches on land"
    )
    assert refused(move, "take 2 inf at Egypt, halt") == (
        "the force under way has not moved yet: move it first (or `undo` what it took)"
    )
    assert refused(move, "take 2 inf at Egypt, march to Arabia, drop 1 inf") == (
        "only a force with its leader drops units on the way, once it has marched (Q10)"
    )
    assert refused(move, "take 2 inf at Egypt, march to Egypt") == ("the force is in Egypt already")
    battle = order(contest({"inf": 2}, {"inf": 2}), "fight red at Arabia")
    battle = deal(battle, 1, 1, 1, 1)  # no hits: Red retreats or stands, then Blue
    battle = order(battle, "stand", "red")
    assert refused(contest({"inf": 1}, {"inf": 1}), "decline green at Arabia") == (
        "no battle is open there against that side (l.35; allies "
        "and truces fight none); open: Red at Arabia, your 1 infantry against 1 infantry; "
        "type `fight red at Arabia` or `decline red at Arabia`"
    )
    assert refused(allied_defenders(), "decline yellow at Arabia").endswith(
        "open: Red at Arabia, your 3 infantry against 1 infantry and Green's 1 cavalry; Green "
        "at Arabia, your 3 infantry against 1 cavalry and Red's 1 infantry; type `fight red at "
        "Arabia` or `decline red at Arabia`"
    )
    assert refused(contest({"inf": 1}, {"inf": 1}), "done").startswith(
        "`done` ends the purchases (l.5); now: choose the next battle"
    )
    assert refused(battle, "retreat all to Arabia") == (
        "the battle is in Arabia: a retreat goes to an adjacent area (l.45)"
    )


def test_more_units_than_may_move_or_be_bought_are_refused_as_typed_with_how_many_may() -> None:
    """`take 2 inf at Syria` with one infantry there was read as two steps of one and refused
    at the second with "take 1 inf at Syria: you have no inf at Syria that may still move";
    `buy 2 inf` with 3 Talents as "buy 1 inf at Egypt: infantry costs 2 and you have 1". The
    order is refused as typed, with what it needs and what there is."""
    s = moving(put(started(3), "syr", BLUE, inf=1))
    assert refused(s, "take 2 inf at Syria") == (
        "you have only 1 inf at Syria that may still move (a unit moves once a phase)"
    )
    assert refused(s, "move 2 inf Syria Arabia").startswith("you have only 1")
    s = buying(started(3, money=3))
    assert refused(s, "buy 2 inf") == "2 infantry cost 4 and you have 3 (l.15-18)"
    assert refused(s, "buy 7 levy at Egypt") == ("7 levies cost 7 and you have 3 (l.15-18)")
    assert read(s, "buy 3 levy at Egypt") == [Buy("levy", "egy", 3)]
    rich = buying(started(3, money=12))
    assert read(rich, "buy 2 inf at Egypt") == [Buy("inf", "egy", 1)] * 2  # a step buys 1 or 5


def test_a_march_past_where_the_forces_movement_points_ran_out_says_they_are_spent() -> None:
    """Finding: `move 1 levy Macedonia Thrace Hellespontine Phrygia Greater Phrygia` (Thrace
    is rough: 2 MP of 3) was refused with "no land force is under way: name its pieces
    first", and step by step the force halted without a word. Now its halt is told, and a
    later march names the units whose move is over."""
    s = moving(put(started(3), "mac", BLUE, levy=1))
    assert refused(s, "move 1 levy Macedonia Thrace Hellespontine Phrygia Greater Phrygia") == (
        "march to Greater Phrygia: the force's move is over (nothing of the order was played; "
        "as read, the step before this one ended so: "
        "Blue's force halts in Hellespontine Phrygia, its movement points spent: Thrace 2 "
        "(rough) and Hellespontine Phrygia 1 (l.26-28))"
    )
    s = order(s, "move 1 levy Macedonia Thrace Hellespontine Phrygia")
    assert s.news[-1] == (
        "Blue's force halts in Hellespontine Phrygia, its movement points spent: Thrace 2 "
        "(rough) and Hellespontine Phrygia 1 (l.26-28)"  # (a trial worked the sum out itself)
    )
    assert refused(s, "march to Greater Phrygia") == (
        "no force is under way: your 1 levy in Hellespontine Phrygia "
        "moved this phase, and a unit moves once a phase, 3 MP (rough areas 2) or 4 with its "
        "leader (l.26-28)"
    )


def test_declining_a_battle_against_rebels_says_rebels_are_always_fought() -> None:
    """Finding: `decline white at Greece` was refused with "no battle is open there against
    that player", while the prompt listed that battle."""
    s = put(put(started(3), "gre", BLUE, inf=2), "gre", WHITE, levy=1)
    s = at(s, BLUE, 5, frame("combat", BLUE))
    assert refused(s, "decline white at Greece") == (
        "rebels and invaders are always fought (Q13): `fight rebels at Greece`"
    )
    assert refused(s, "fight red at Greece").startswith(
        "no battle is open there against that side (l.35; allies and "
        "truces fight none); open: the rebels at Greece, your 2 infantry against 1 levy"
    )


def test_troops_that_cannot_board_are_told_whether_room_units_or_their_move_is_lacking() -> None:
    """Finding: `sail 1 fleet with 2 levy ...` on one fleet, and `... with 1 inf` with no
    infantry there, were both refused "no levy of yours at Macedonia may board (its move may
    be over)"."""
    s = moving(fleets(put(started(3), "egy", BLUE, levy=2), "egy", BLUE, 2))
    assert refused(s, "sail 1 fleet with 2 levy Egypt Egyptian Sea land at Cyrenaica") == (
        "embark 2 levy at Egypt: a fleet carries one unit a move (l.31; Q24): 1 fleet, room for 1 more"
    )
    assert refused(s, "sail 1 fleet with 1 inf Egypt Egyptian Sea land at Cyrenaica") == (
        "embark 1 inf at Egypt: you have no inf at Egypt"
    )
    s = order(s, "sail 1 fleet with 1 levy Egypt Egyptian Sea land at Cyrenaica")
    assert refused(
        s, "take 1 fleet at Egypt, sail to Egyptian Sea, embark 1 levy at Cyrenaica"
    ) == (
        "your levy at Cyrenaica moved in this phase: a unit moves "
        "once a phase (landed troops stay, Q24)"
    )


def test_an_order_buying_two_kinds_it_cannot_pay_for_is_refused_with_the_price_of_both() -> None:
    """Finding: `buy 1 cav 1 inf` with 4 Talents was refused "infantry costs 2 and you have
    1": the 1 was what the cavalry would have left."""
    s = buying(controlled(started(3, money=4), BLUE, "cyr"))
    assert refused(s, "buy 1 cav 1 inf at Egypt") == (
        "1 cavalry and 1 infantry cost 5 and you have 4 (l.15-18)"
    )
    assert read(s, "buy 1 cav 1 levy at Egypt") == [Buy("cav", "egy", 1), Buy("levy", "egy", 1)]


def test_some_units_of_a_side_retreat_as_a_step_a_unit() -> None:
    """Finding: `retreat 2 levy to Thrace` was "not an order I can read": l.45 lets the
    defender send some or all of its units."""
    s = order(contest({"inf": 3}, {"inf": 3}), "fight red at Arabia")
    s = deal(s, 1, 1, 1, 1, 1, 1)
    assert read(s, "retreat 2 inf to Mesopotamia", "red") == [Retreat("inf", "mes")] * 2
    assert refused_to(s, "retreat 4 inf to Mesopotamia", "red") == ("you have 3 inf in Arabia")


def refused_to(s: State, text: str, seat: str) -> str:
    with pytest.raises(IllegalAction) as refusal:
        read(s, text, seat)
    return refusal.value.reason.split(". Allowed")[0]


def test_a_voyage_order_sails_its_fleets_on_after_the_landing_when_told_where() -> None:
    """Finding: after `sail 1 fleet with 1 levy ... land at Lydia` the fleet halted at sea
    with 4 MP left, and could not be brought back to port. The order names the way on after
    the landing (`then ...`); without it the fleets halt where they landed the troops."""
    s = moving(fleets(put(started(3), "egy", BLUE, levy=1), "egy", BLUE))
    voyage = "sail 1 fleet with 1 levy Egypt Egyptian Sea land at Cyrenaica"
    assert read(s, voyage)[-2:] == [Land("cyr", "levy", 1), Halt()]
    assert read(s, voyage + " then Egypt")[-3:] == [Land("cyr", "levy", 1), Sail("egy"), Halt()]
    after = order(s, voyage + " then Egypt")
    assert after.fleets[area(after, "egy")][BLUE] == 1 and units(after, "cyr", BLUE)[0] == 1


def test_a_units_name_mistyped_after_its_count_is_named_with_the_unit_meant() -> None:
    """Finding: `move 1 levi Macedonia Thrace` was "not an order I can read: name what
    moves", as if no unit had been named."""
    s = moving(put(started(3), "egy", BLUE, levy=2))
    with pytest.raises(InvalidOrder) as refusal:
        read(s, "move 1 levi Egypt Arabia")
    assert str(refusal.value).startswith(
        "'levi' is not a unit (`levy`?): levy, inf, cav, el, fleet or leader"
    )


def test_an_event_or_chit_giving_fewer_units_than_it_says_tells_why() -> None:
    """ODD 61 "Thrace is invaded, 2 white cavalry" with one white cavalry left was told
    "Thrace is invaded: 1 cavalry (white) and an Invasion marker", as if the card said so.
    Every line that gives fewer units than its card or chit says why."""
    s = at(started(3), BLUE, 1, frame("event_roll", BLUE)).clone()
    s.white_pool = (12, 10, 1, 4)
    thrace = deal(s, 1, 6, 1)  # ODD 61
    assert thrace.news[1] == (
        "Thrace is invaded: 1 cavalry (white) and an Invasion marker (the card says 2 "
        "cavalry: the rebels have no more cavalry)"
    )
    s = controlled(s, BLUE, "cap")  # a cavalry area (EVEN 45 needs one)
    s.pool = ((12, 12, 0, 4, 6), *s.pool[1:])
    remounts = deal(s, 4, 4, 5)  # EVEN 45: 1 cavalry at home
    assert remounts.news[1] == (
        "Blue receives no units in Egypt (the card says 1 cavalry: Blue has no more cavalry "
        "off the map)"
    )
    s = put(started(3), "per", BLUE, levy=2).clone()
    s.white_pool = (1, 10, 8, 4)
    persia = deal(at(s, BLUE, 1, frame("event_roll", BLUE)), 1, 5, 4)  # ODD 54, nobody's
    none_left = s.clone()
    none_left.white_pool = (0, 10, 8, 4)  # (a trial read "turns white (no units; ...)")
    gone = deal(at(none_left, BLUE, 1, frame("event_roll", BLUE)), 1, 5, 4)
    assert gone.news[1].startswith(
        "Persia revolts: Blue's 2 levies there are taken off the map (the rebels have no more "
        "levies); a Revolt marker"
    )
    assert persia.news[1] == (
        "Persia revolts: Blue's 2 levies there turn white, but 1 levy is taken off the map (the "
        "rebels have no more levies); a Revolt marker (the card says 2 levies: the rebels have "
        "no more levies)"
    )
    s = holding(moving(started(3)), BLUE, 3).clone()  # chit 3: 2 white infantry
    s.white_pool = (12, 1, 8, 4)
    hired = order(s, "play 3 at Egypt")
    assert hired.news[-1] == (
        "Blue hires 1 infantry as mercenaries in Egypt (the chit says 2 infantry: no white "
        "infantry is left to hire)"
    )


def each_decision() -> dict[str, State]:
    """A position for each kind of decision (engine.OPTIONS), built for it."""
    ships = fleets(fleets(put(started(3), "egy", BLUE, inf=1, cav=1), "egy", BLUE, 2), "egs", BLUE)
    at_sea = order(
        moving(fleets(ships, "egs", RED, 2)),
        "take 2 fleets at Egypt, embark 1 inf 1 cav at Egypt, sail to Egyptian Sea",
    )
    sunk = order(
        deal(order(at_sea, "fight red at Egyptian Sea"), 1, 1, 1, 6, 6),
        "lose moving fleet at Egyptian Sea",
    )
    taken = begun(
        at(
            controlled(fleets(put(started(3), "pho", BLUE, inf=1), "pho", RED, 1), RED, "pho"),
            BLUE,
            5,
        )
    )
    hit = order(
        put(contest({"cav": 1}, {"inf": 2, "cav": 1}), "ara", MERC + RED, cav=1),
        "fight red at Arabia",
    )
    troops = put(put(started(3), "ara", BLUE, levy=2, inf=1), "ara", RED, levy=1)
    return {
        "home": deal(GAME.new_game(GAME.info.options(), ("blue", "red", "green")), 5, 3, 1),
        "buy": buying(started(3)),
        "lose": at(troops, BLUE, 1, frame("lose", BLUE, NO, 0, 1)),
        "mutiny": at(troops, BLUE, 1, frame("mutiny", BLUE, 2)),
        "disband": at(troops, BLUE, 3, frame("disband", BLUE)),
        "fever": at(fleets(started(3), "egy", BLUE, 2), BLUE, 1, frame("fever", BLUE, 1)),
        "defect": at(troops, BLUE, 1, frame("defect", BLUE)),
        "move": moving(troops),
        "sea_ask": at_sea,
        "sea_loss": order(sunk, "lose cav at Egyptian Sea"),
        "drown": sunk,
        "combat": contest({"inf": 1}, {"inf": 1}),
        "call": order(contest({"inf": 1}, {"inf": 1}), "decline red at Arabia"),
        "battle_loss": deal(hit, 6, 1, 1),
        "retreat": deal(order(contest({"inf": 3}, {"inf": 1}), "fight red at Arabia"), 1, 1, 1, 1),
        "escape": deal(taken, 6),
    }


def test_every_kind_of_decision_prompts_with_an_order_its_seat_may_type_now() -> None:
    """The fleet's escape ("choose the sea your fleet escapes to from Egypt (l.63)") said
    nothing of what to type (`escape to Egyptian Sea`); nor did a mutiny, a sea battle asked
    or a battle called. Each kind of decision's prompt gives an order allowed now."""
    positions = each_decision()
    assert set(positions) == set(OPTIONS)  # a new kind of decision is added here
    for kind, s in positions.items():
        seat = GAME.to_move(s)
        assert seat is not None and s.frames[-1][0] == kind, (kind, s.frames[-1:])
        said = prompt(s, seat)
        example = re.search(r"type `([^`]+)`", said)
        assert example is not None, said
        assert read(s, example[1], seat)[0] in GAME.legal_actions(s), said


def test_a_leader_alone_with_a_rivals_units_is_warned_and_his_fight_asked_to_confirm() -> None:
    """A trial's leader marched alone into Babylonia, where a Blue levy stood: the prompt
    warned of a stack in a neighbouring area, and `fight blue at Babylonia` was played at
    once; he was captured before a die was rolled (Q21)."""
    s = leader_at(moving(put(started(3), "ara", RED, levy=1)), BLUE, "ara")
    assert "your leader in Arabia stands alone with Red's 1 there: a leader whose side" in (
        prompt(s)
    ), prompt(s)
    s = leader_at(contest({}, {"levy": 1}), BLUE, "ara")
    note = menus_of(GAME).note(GAME.view(s, None), Fight("ara", "red"))
    assert note == (
        "Blue's leader stands alone in Arabia: with no unit of his side he is captured at "
        "once, ransom 5 Talents (Q21)"
    )
    guarded = leader_at(contest({"inf": 1}, {"levy": 1}), BLUE, "ara")
    assert menus_of(GAME).note(GAME.view(guarded, None), Fight("ara", "red")) is None


def test_a_sea_battle_asked_and_a_mutiny_say_what_each_answer_leaves() -> None:
    """A trial declined a sea battle and found its fleets stopped for the turn; another was
    asked to "pay or lose a unit" with no pay offered (1 Talent, a mutiny of 2)."""
    positions = each_decision()
    assert prompt(positions["sea_ask"]).startswith(
        "game turn 2: fight Red's fleets in Egyptian Sea or decline (l.49); after one round your "
        "fleets left may sail on (l.51), declined they stay stopped there and may only land "
        "troops or halt (l.29)"
    ), prompt(positions["sea_ask"])
    mutiny = positions["mutiny"]
    assert prompt(mutiny).startswith("game turn 2: pay 2 or lose a unit (the mutiny)")
    poor = mutiny.clone()
    poor.money = (1, *mutiny.money[1:])
    assert prompt(poor).startswith(
        "game turn 2: lose a unit (the mutiny): paying 2 is more than your 1 Talent"
    ), prompt(poor)


async def test_the_hand_tells_a_purchase_as_the_range_of_counts_it_allows(tmp_path: Path) -> None:
    """`hand` listed `buy 1 levy at Egypt`, `buy 5 levy at Egypt` as if 2 to 4 could not be
    bought, where `options` says "any of 1-5"; it tells them as `options` does."""
    out = io.StringIO()
    args = ["--game", "successors", "--play", "blue", "--seed", "7"]
    args += ["--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]
    await amain(args, iter(["home Egypt", "hand", "quit"]), out, FakeRenderer())
    (listed,) = re.findall(r"^You may play: .*$", out.getvalue(), re.M)
    assert "`buy 1 levy at Egypt` to `buy 5 levy at Egypt` (any of 1-5)" in listed, listed
    assert "`buy 5 levy at Egypt`," not in listed


async def at_the_terminal(
    s: State, lines: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> str:
    """What the terminal prints for Blue's `lines` (then `quit`) in a game begun at `s`."""
    monkeypatch.setattr(Successors, "new_game", lambda *_: s.clone())
    out = io.StringIO()
    args = ["--game", "successors", "--play", "blue", "--seed", "7"]
    args += ["--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]
    await amain(args, iter([*lines, "quit"]), out, FakeRenderer())
    return out.getvalue()


@pytest.mark.parametrize(
    ("then", "told"),
    [
        ("", "• Blue's force halts in Coele-Syria, 1 MP unused\n"),
        ("; end movement", "• Game turn 2 of 12: Red's player turn; Events (l.4)"),
    ],
)
async def test_a_move_after_purchases_that_ran_out_of_talents_is_played_to_its_end(
    then: str, told: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial's `buy 1 levy at Phoenicia; move 1 levy Phoenicia Coele-Syria` spent its last
    Talent, and the halt the move implies was taken for a `done` of the purchases that had
    ended by themselves: "Step 2 (`move ...`) was not needed", its force left standing; and
    another's `buy 2 cav at Cappadocia; move ...; end movement` had its `end movement` taken
    so, its movement going on. A step ended by itself is closed only by the finishing step
    of its kind (`done` for purchases), and one a longer step implies closes what it began."""
    s = buying(put(started(3, money=1), "ara", BLUE, levy=1))
    order = "buy 1 levy at Egypt; move 1 levy Arabia Coele-Syria" + then
    text = await at_the_terminal(s, [order], tmp_path, monkeypatch)
    assert told in text, text
    assert "was not needed" not in text, text


async def test_end_movement_after_a_halt_that_ended_the_movement_is_taken_quietly_not_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial's `move 2 inf leader Phoenicia Syria; take 2 fleets at Phoenicia; sail to
    Cyprian Sea; halt; end movement` was refused whole at its last step ("your movement is
    over"): the halt of the last force had ended the movement, as a last purchase ends the
    purchases, and a `done` after those is taken quietly."""
    s = put(put(started(3), "ara", BLUE, inf=2), "syr", RED, inf=1)
    s = moving(fleets(leader_at(s, BLUE, "ara"), "pho", BLUE, 2))
    order = "move 2 inf leader Arabia Syria; take 2 fleets at Phoenicia; sail to Cyprian Sea; "
    text = await at_the_terminal(s, [order + "halt; end movement"], tmp_path, monkeypatch)
    assert "was not needed" not in text  # a last step closing what ended: taken quietly
    assert "was refused" not in text, text
    assert "choose the next battle and fight or decline it" in text, text


async def test_end_movement_past_the_roll_its_last_halt_brought_is_not_to_send_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial's order ending `...; move ...; end movement` was cut at the next player's
    event roll, which the last move's halt brought on by ending the movement, and told
    "Not played: `end movement`: send it again now that it is seen": it was not needed."""
    s = moving(leader_at(put(started(3), "ara", BLUE, inf=2), BLUE, "ara"))
    order = "move 2 inf leader Arabia Coele-Syria; end movement"
    text = await at_the_terminal(s, [order], tmp_path, monkeypatch)
    assert "was not needed" not in text  # a last step closing what ended: taken quietly
    assert "send it again" not in text, text


async def test_the_hand_on_turn_names_the_steps_aside_beside_the_decisions_steps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial read `hand`'s "You may play:" (its purchases) as all it might do and missed
    the chits it could arm: the kinds of step aside follow, as `options` gives them."""
    s = holding(buying(started(3)), BLUE, 8)
    text = await at_the_terminal(s, ["hand"], tmp_path, monkeypatch)
    played = text.index("\nYou may play: `buy 1 levy at Egypt`")
    aside = text.index("\nAlso at any time, whoever decides: `give`, `offer`, `arm`.\n")
    assert aside > played, text


async def test_a_refused_step_aside_is_followed_by_the_steps_aside_allowed_not_the_decisions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial's `give 1 to green` in turn 10 was refused, then told "Allowed now: `take 1 inf
    at Armenia`, `take 1 levy at Syria`...", the movement's steps: a step aside refused or
    not read is followed by the steps aside allowed now (those like it), and its reason
    does not say the step again ("`give 9 to red` was refused: give 9 to red: ...")."""
    s = moving(put(started(3, money=2), "egy", BLUE, inf=1))
    text = await at_the_terminal(s, ["give 9 to red", "give 1 to zed"], tmp_path, monkeypatch)
    refused = [line for line in text.splitlines() if line.startswith("! ")]
    assert refused == [
        "! `give 9 to red` was refused: you have 2 Talents to give: at most 2: `give 2 to red` "
        "(l.12). Steps aside allowed now like it: `give 1 to red` to `give 2 to red` (any of 1-2).",
        "! `give 1 to zed` is not an order I can read: a player's colour is named here (blue, "
        "red, green, yellow). Steps aside allowed now like it: `give 1 to red` to `give 2 to red` "
        "(any of 1-2), `give 1 to green` to `give 2 to green` (any of 1-2).",
    ], refused
    late = s.clone()
    late.turn = 9
    text = await at_the_terminal(late, ["give 1 to red"], tmp_path / "late", monkeypatch)
    refused = [line for line in text.splitlines() if line.startswith("! ")]
    assert refused == [
        "! `give 1 to red` was refused: money is exchanged freely through turn 8 only (l.12); "
        "this is turn 9. Steps aside allowed now: `offer red`, `offer green`."
    ], refused


async def test_an_offer_to_a_colour_misspelt_is_like_the_offers_allowed_whatever_its_fillers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`offer alliance to zed` was listed the decision's steps: the words the reader skips
    after the verb (`alliance`, `to`) counted against `offer red`."""
    s = moving(put(started(3, turn=3, money=2), "egy", BLUE, inf=1))
    orders = ["offer alliance to zed", "offer an alliance to gren"]
    text = await at_the_terminal(s, orders, tmp_path, monkeypatch)
    refused = [line.split(". ", 1)[1] for line in text.splitlines() if line.startswith("! ")]
    assert refused == [
        "Steps aside allowed now like it: `offer red`, `offer green`.",
        "Steps aside allowed now like it: `offer green`.",
    ], refused


def test_the_movement_prompt_names_an_ally_to_call() -> None:
    """A trial's prompt said only "type `end movement`" while `call red` was allowed (l.32)."""
    s = moving(allied(started(3), BLUE, RED))
    assert "`call red` (your ally moves in your turn, l.32), or `end movement`" in prompt(s)
    assert "call" not in prompt(moving(started(3)))


def test_a_prompt_offers_only_what_the_rules_allow_now() -> None:
    """Findings: under Fever the movement prompt still gave "your leader's band 4"; a force
    not yet moved was offered "drop, or halt" (refused: it has not moved); the combat prompt
    offered `decline white` (rebels are always fought, Q13)."""
    s = moving(put(started(3), "egy", BLUE, inf=2))
    assert "your leader's band 4" in prompt(s)
    fever = s.clone()
    fever.pinned = (1, 0, 0)  # EVEN 43: the roller's leader may not move this turn
    fever.memo = None
    assert "3 MP, rough areas 2: l.26)" in prompt(fever), prompt(fever)
    assert "band 4" not in prompt(fever)
    taken = order(s, "take 2 inf at Egypt")
    assert "(3 MP left): march or take;" in prompt(taken), prompt(taken)
    rebels = at(put(put(started(3), "gre", BLUE, inf=2), "gre", WHITE, levy=1), BLUE, 5)
    rebels = at(rebels, BLUE, 5, frame("combat", BLUE))
    assert "type `fight rebels at Greece`" in prompt(rebels)
    assert "decline rebels" not in prompt(rebels), prompt(rebels)
    twice = at(put(put(rebels, "mac", BLUE, inf=1), "mac", WHITE, levy=1), BLUE, 5)
    twice = at(twice, BLUE, 5, frame("combat", BLUE))
    assert prompt(twice).count("`fight rebels at") == 1, prompt(twice)  # one example, not two


def test_the_combat_prompt_shows_how_to_fight_rebels_beside_a_rivals_battle() -> None:
    """A trial, shown `fight green at Carmania` alone while rebels were listed first, guessed
    how to fight them: the rebels' battle has its example too, in the table's word."""
    s = put(put(started(3), "gre", BLUE, inf=2), "gre", WHITE, levy=1)
    s = put(put(s, "syr", BLUE, inf=1), "syr", RED, levy=1)
    s = at(s, BLUE, 5, frame("combat", BLUE))
    told = prompt(s)
    assert "type `fight red at Syria` or `decline red at Syria`" in told, told
    assert "; the rebels: `fight rebels at Greece` (always fought, Q13)" in told, told
    assert order(s, "fight rebels at Greece").battle is not None


def test_an_events_fleets_beyond_the_counters_left_are_told_so() -> None:
    """An event offers up to 2 fleets: where 1 counter is left off the map, the prompt
    says so."""
    s = started(3)
    for _ in range(5):
        s = fleets(s, "egs", BLUE)
    s = at(s, BLUE, 0, ("buy", BLUE, 1, 2, 2))  # economy.EVENT_FLEETS, 2 at 2 each
    assert "buy up to 2 fleets at 2 Talents each in your ports (your pool holds 1)" in prompt(s)


def test_the_voyage_a_prompt_offers_lands_only_where_no_enemy_fleet_stops_it() -> None:
    """Where a sea next to the port holds an enemy fleet, the fleets stop there (l.29): the
    voyage offered goes by another sea, or where every one has them lands nobody, as such
    an order could not."""
    s = moving(fleets(put(started(3), "egy", BLUE, inf=1), "egy", BLUE))
    assert "`sail 1 fleet with 1 inf Egypt Egyptian Sea land at " in prompt(s)
    one = moving(fleets(s, "egs", RED))
    assert "`sail 1 fleet with 1 inf Egypt Red Sea land at Arabia`" in prompt(one), prompt(one)
    both = moving(fleets(one, "red", RED))
    assert "`sail 1 fleet with 1 inf Egypt Egyptian Sea`," in prompt(both), prompt(both)


def test_a_voyage_stopped_by_enemy_fleets_says_its_movement_goes_on_after_the_answer() -> None:
    """A voyage order into a sea with enemy fleets stops there (l.29): its landing was
    refused with "your movement is over", in the middle of the movement; then with "now:
    fight ...", which a trial read as the position now, beside the steps allowed now; then
    with "your movement goes on once this is answered", which a trial read as a riddle."""
    s = moving(fleets(fleets(put(started(3), "egy", BLUE, inf=1), "egy", BLUE), "egs", RED))
    assert refused(s, "sail 1 fleet with 1 inf Egypt Egyptian Sea land at Cyrenaica") == (
        "land 1 inf at Cyrenaica: your fleets stop where they meet enemy fleets (l.29): the "
        "battle there is answered first, then send this step, and your movement goes on; at "
        "that step: "
        "fight Red's fleets in Egyptian Sea or decline (l.49) (nothing of the order was played; as read, the step before this one ended so: "
        "Blue meets enemy fleets in Egyptian Sea and stops (l.29))"
    )


def test_a_march_and_a_battles_sides_name_mercenaries_apart() -> None:
    """Finding: "marches its leader with 1 levy, 2 infantry..." and the combat prompt's
    "your 1 levy, 2 infantry" lumped a seat's mercenaries with its own units (l.24)."""
    s = put(put(started(3), "egy", BLUE, levy=1), "egy", MERC + BLUE, inf=2)
    s = order(moving(s), "take all at Egypt, march to Arabia")
    assert s.news == (
        "Blue marches its leader with 1 levy and 2 mercenary infantry from Egypt to Arabia",
    )
    s = at(put(order(s, "halt"), "ara", RED, inf=1), BLUE, 5, frame("combat", BLUE))
    assert "your 1 levy and 2 mercenary infantry with your leader against 1 infantry" in prompt(s)


def test_all_is_read_where_it_names_every_unit_and_refused_plainly_elsewhere() -> None:
    """`take all at Egypt` was read as a unit called "all" ("you have no all at Egypt"), as
    were `embark all` and `buy all`; `move all` and `retreat all` were read."""
    s = moving(fleets(put(started(3), "egy", BLUE, inf=1, levy=1), "egy", BLUE, 2))
    assert read(s, "take all at Egypt") == [
        Take("egy", "levy", 1),
        Take("egy", "inf", 1),
        Take("egy", "leader", 1),
    ]
    voyage = read(s, "take 2 fleets at Egypt, embark 1 inf 1 levy at Egypt, sail to Egyptian Sea")
    assert read(
        s,
        "take 2 fleets at Egypt, embark 1 inf 1 levy at Egypt, sail to Egyptian Sea, "
        "land all at Cyrenaica",
    )[len(voyage) :] == [
        Land("cyr", "levy", 1),
        Land("cyr", "inf", 1),
    ]
    for text in ("take 2 fleets at Egypt, embark all at Egypt", "buy all at Egypt"):
        with pytest.raises(InvalidOrder, match="name the units here, with their count: `all`"):
            read(s, text)


def test_fleets_that_landed_troops_without_sailing_may_halt() -> None:
    """Finding: troops boarded at one coast of the fleet's sea and landed at another; the
    fleet had not sailed, so `halt` and `end movement` were refused ("has not moved yet")
    and only a sail or `undo` was left."""
    s = put(put(started(3), "pho", BLUE, levy=1), "cyr", RED, levy=0)
    s = moving(fleets(s, "egs", BLUE))
    s = order(s, "take 1 fleet at Egyptian Sea, embark 1 levy at Phoenicia, land 1 levy at Egypt")
    assert Halt() in GAME.legal_actions(s)
    s = order(s, "halt")
    assert s.force is None and units(s, "egy", BLUE)[0] == 1


def test_a_force_not_yet_moved_is_told_how_to_call_it_off() -> None:
    """Finding: a force taken where its only march led into a big enemy stack: `halt` and
    `end movement` were refused, and `options` never said that `undo` calls it off."""
    s = order(moving(put(started(3), "egy", BLUE, inf=1)), "take 1 inf at Egypt")
    assert prompt(s).endswith("; undo calls the force off"), prompt(s)


def choosing_homes() -> State:
    """A new game of 3 at its first choice of a home (the rolls for the order dealt)."""
    s = GAME.new_game(GAME.info.options(), GAME.info.seats_for(3))
    while s.frames[-1][0] != "home":  # (equal rolls are rolled again)
        s = GAME.apply(s, GAME.deal(s, random.Random(len(s.frames)).randrange))
    return s


def test_done_at_the_setup_with_no_unit_bought_is_asked_about_first() -> None:
    """Finding: `done` at the setup with the 5 Talents unspent went through, and Egypt
    stood empty when Red marched in on turn 1."""
    s = choosing_homes()
    seat = GAME.to_move(s)
    assert seat is not None
    s = order(s, "home Egypt", seat)
    note = menus_of(GAME).note(GAME.view(s, None), Done())
    assert note == (
        f"{seat.capitalize()} would keep its 5 Talents and buy no unit: Egypt stands empty when "
        "game turn 1 begins, before it may buy again (l.5)"
    )
    assert menus_of(GAME).note(GAME.view(order(s, "buy 1 levy", seat), None), Done()) is None


def test_retreats_and_purchases_over_are_told_as_typed() -> None:
    """Findings: `retreat 2 levy to Arabia` out of a battle was refused quoting "retreat 1
    levy to Arabia"; `options` listed only `retreat 1 inf` of three; `done` after the
    purchases ended by themselves said only "`done` ends the purchases"; `lose 1 mercenary
    inf` was not read; `buy 2 levy` before choosing a home named the revenue phase."""
    s = moving(put(started(3), "egy", BLUE, inf=3))
    assert refused(s, "retreat 2 inf to Arabia").startswith(
        "units retreat or stand after a round of a battle (l.45)"
    )
    battle = deal(order(contest({"inf": 3}, {"inf": 3}), "fight red at Arabia"), *[1] * 6)
    listed, _ = menus_of(GAME).grouped_choices(GAME.view(battle, "red"), GAME.legal_actions(battle))
    assert "`retreat 1 inf to Mesopotamia` to `retreat 3 inf to Mesopotamia` (any of 1-3)" in (
        listed
    ), listed
    hired = put(started(3), "egy", MERC + BLUE, inf=1)
    hired = at(hired, BLUE, 1, ("lose", BLUE, NO, 0, 1))
    assert read(hired, "lose 1 mercenary inf at Egypt") == read(hired, "lose 1 merc inf at Egypt")
    setup = choosing_homes()
    mover = GAME.to_move(setup)
    assert mover is not None
    assert refused_to(setup, "buy 2 levy", mover).startswith(
        "at the setup, a seat buys its units once it has chosen its home"
    )


def test_rebels_beaten_in_a_marked_area_tell_who_holds_it_now() -> None:
    """Finding: "The marker in Persia is removed (Q27)" and no word of Persia's holder,
    while the map framed it in Yellow's colour."""
    s = put(put(started(3), "ara", BLUE, inf=3), "ara", WHITE, levy=1)
    s = s.clone()
    s.markers = tuple(REVOLT if a == area(s, "ara") else m for a, m in enumerate(s.markers))
    s = at(s, BLUE, 5, frame("combat", BLUE))
    said: list[str] = []
    s = order(s, "fight white at Arabia")
    while GAME.chance(s) is not None:  # every die a 6
        s = GAME.apply(s, GAME.deal(s, lambda n: n - 1))
        said += s.news
    assert "The marker in Arabia is removed: Blue holds it (Q27)" in said, said


def test_a_captured_leader_and_a_seat_before_its_home_are_told_in_the_games_words() -> None:
    """Findings: "Green's leader is captured by Red" where Red had nothing left there read as
    a slip (Q21: his side's units gone, he is captured); a later one read "his side's units
    gone" of a leader who stood alone; the status before the homes gave
    every seat "treasury 0", while each has 5 Talents to spend with its home. A later trial:
    the ransom came by itself at the revenue, and the `ransom` order was found nowhere."""
    s = order(leader_at(contest({"inf": 1}, {}), RED, "ara"), "fight red at Arabia")
    assert (
        "Red's leader, with no unit of his side left beside him (alone, or his units lost), is "
        "captured by Blue (Q21): ransom 5 Talents "
        "(l.13), paid by Red's revenue when the upkeep leaves it, or sooner with `ransom` (Q21)"
        in s.news
    ), s.news
    lines = talk_of(GAME).status(GAME.view(choosing_homes(), None))
    assert any(line.endswith(": no home yet (5 Talents to spend there)") for line in lines), lines


async def test_quitting_the_terminal_says_the_game_is_kept_and_how_to_go_on(
    tmp_path: Path,
) -> None:
    out = io.StringIO()
    args = ["--game", "successors", "--play", "blue", "--seed", "1"]
    args += ["--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]
    await amain(args, iter(["home Macedonia", "quit"]), out, FakeRenderer())
    assert "Game 1 is kept: the same command goes on with it from here." in out.getvalue()


def test_a_player_who_loses_the_last_unit_and_province_is_warned_before_it_is_out() -> None:
    """Red, its home Macedonia taken, loses its last levy in Arabia in Blue's turn, which
    ends there: the table says at once that Red, whose turn begins, is out at its end unless
    it has a unit or a province again by then (Q32); Red's status line says so until then;
    the warning is told once."""
    s = put(controlled(contest({"inf": 3}, {"levy": 1}), BLUE, "mac"), "ara", RED, levy=0)
    before = order(s, "fight red at Arabia")
    s = GAME.apply(before, Dice((6, 6, 6, 1)))
    assert units(s, "ara", RED) == (0, 0, 0, 0) and s.current == RED
    warned = (
        "Red has no unit and no province left: it is out at the end of this player turn "
        "unless its events or purchases bring it a unit (Q32)"
    )
    assert told(before, Dice((6, 6, 6, 1))).count(warned) == 1
    status = talk_of(GAME).status(GAME.view(s, None))
    assert "Red: has no unit and no province left: it is out at the end of this" in "\n".join(
        status
    )
    assert GAME.chance(s) is not None and warned not in told(s, EventRoll((1, 1, 1)))


def test_a_seat_that_can_buy_nothing_is_warned_only_of_its_events_and_told_why() -> None:
    """A trial's Blue, its home Egypt held by Red and its leader Red's captive, was warned
    it was out "unless its events or purchases bring it a unit": no purchase could."""
    s = controlled(started(3), RED, "egy")
    s = replace(s, leaders=(CAPTIVE + RED, *s.leaders[1:]), current=RED)
    assert (
        talk_of(GAME)
        .status(GAME.view(s, None))[1]
        .startswith(
            "Blue: has no unit and no province left: it is out at the end of its player turn in "
            "game turn 3 unless its events bring it a unit (Q32); it can buy none: units are placed at "
            "home or with the leader (l.21): Red holds Egypt and its leader is Red's captive"
        )
    )
    broke = replace(s, money=(0, *s.money[1:]))
    assert (
        "it can buy none: its treasury is empty and no province pays it tax (l.5)"
        in (talk_of(GAME).status(GAME.view(broke, None))[1])
    )


def test_the_movement_prompts_example_goes_to_an_area_of_the_seats_own() -> None:
    """A trial read the example `move 1 levy Mesopotamia Cappadocia`, into a rival's
    province, as advice: the example goes where the seat holds, or no unfriendly unit is."""
    s = put(put(started(3), "egy", BLUE, inf=2), "cse", RED, levy=1)
    s = moving(controlled(s, BLUE, "cyr"))
    assert "type `move 2 inf leader Egypt Cyrenaica` (the form, not advice" in prompt(s)


def test_the_movement_prompts_example_moves_the_main_army_not_the_first_garrison() -> None:
    """A trial's example named a lone levy of the first area on the map, not its army of
    five: the example takes the pieces of the area where most may move."""
    s = put(put(started(3), "mac", BLUE, levy=1), "syr", BLUE, inf=3, cav=2)
    said = prompt(moving(s))
    assert "type `move 3 inf 2 cav Syria " in said, said


def test_the_end_tells_one_seat_out_of_the_game_without_an_order_of_those_out() -> None:
    """A trial read "the last out placed first: Blue" with Blue alone out."""
    text = ranking(replace(started(3), out=(0,))).text
    assert text.endswith("; out of the game (Q32), with no points: Blue"), text


def test_a_gift_to_a_seat_still_to_choose_its_home_is_refused_and_nothing_is_lost() -> None:
    """Green, its home chosen with Talents left, types `give 3 to red` while Red has still to
    choose: Red's Talents come with its home (F), which would have set them to 5 and lost
    the gift; the gift is refused and Green keeps its Talents."""
    s = deal(GAME.new_game(GAME.info.options(), ("blue", "red", "green")), 1, 2, 6)
    s = order(order(s, "home Egypt", "green"), "buy 1 levy at Egypt, done", "green")
    assert GAME.to_move(s) == "red" and s.money[2] == 4
    with pytest.raises(IllegalAction, match="Red has no home yet: its Talents come with its home"):
        order(s, "give 3 to red", "green")
    s = order(s, "home Macedonia", "red")
    assert order(s, "give 3 to red", "green").money[1:] == (8, 1)
    with pytest.raises(ValueError, match="give at least 1 Talent"):  # a step not typed
        GAME.apply(s, Give("green", "red", 0))


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("give -3 to red", "'-3' is not a count: counts and amounts are whole numbers, 1 or more"),
        ("buy -2 levy at Egypt", "'-2' is not a count"),
        ("give 3.5 to red", "'3.5' is not a count"),
        ("give 0 to red", "'0' is not a count: counts and amounts are whole numbers, 1 or more"),
        ("buy 0 levy at Egypt", "'0' is not a count"),
    ],
)
def test_a_signed_broken_or_zero_amount_is_refused_not_read_as_another(
    typed: str, said: str
) -> None:
    s = buying(started(3, money=20))
    with pytest.raises((IllegalAction, InvalidOrder), match=re.escape(said)):
        read(s, typed)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        (
            "move 2 inf Egypt Arabia Sirya",
            "no place named 'sirya' on the map (did you mean Syria or Coele-Syria?)",
        ),
        (  # a trial's `karia` was told only Aria, far from the Caria it marched beside
            "move 2 inf Egypt Karia",
            "no place named 'karia' on the map (did you mean Aria or Caria?)",
        ),
        (
            "move 2 inf Egypt Ionai",
            "no place named 'ionai' on the map (did you mean Lydia and Ionia?)",
        ),
        (
            "move 2 inf Egypt Cyrenaika",
            "no place named 'cyrenaika' on the map (did you mean Cyrenaica?)",
        ),
        ("move 2 inf Egypt xyz", "no place named 'xyz' on the map"),
        ("take 1 inf at", "a place is missing here: name the area"),
    ],
)
def test_a_misspelt_or_missing_place_anywhere_in_an_order_is_named_with_a_guess(
    typed: str, said: str
) -> None:
    """`home Egipt` was answered with `home Egypt`, but a path's `Sirya` with no guess, and
    `lose 1 levy` with "a place is named here"."""
    s = moving(put(started(3), "egy", BLUE, inf=2))
    with pytest.raises(InvalidOrder) as refused:
        read(s, typed)
    assert str(refused.value).endswith(said), str(refused.value)


@pytest.mark.parametrize(
    "typed",
    [
        "move 1 inf Egypt Arabia Karia",
        "buy 1 levy at Egypt; move 1 inf Egypt Karia",
        "sail 1 fleet with 1 inf Egypt Egyptian Sea land at Karia",
        "sail 1 fleet Egypt Egyptian Sea land at Cyrenaica then Karia",
    ],
)
def test_a_misspelt_place_is_told_before_the_phase_refuses_its_step(typed: str) -> None:
    """A trial's move typed during its purchases, with a misspelt area, was refused for the
    phase alone; typed again after `done`, it was refused for the name: a step's places are
    read before any part of it is played."""
    s = buying(fleets(put(started(3, money=5), "egy", BLUE, inf=2), "egy", BLUE))
    with pytest.raises(InvalidOrder, match="no place named 'karia' on the map"):
        read(s, typed)


def test_purchases_that_end_with_nothing_more_to_buy_are_told_so() -> None:
    """A trial spent every Talent, the game moved on by itself, and `done` was refused: the
    purchases' end is told when it comes; a player who stops by choice says `done` as before."""
    s = order(buying(started(3, money=2)), "buy 1 inf at Egypt")
    assert s.news[-1] == "Blue can buy nothing more (0 Talents left): its purchases are over"
    assert GAME.to_move(s) == "blue" and s.frames[-1][0] == "move"
    s = order(buying(started(3, money=5)), "buy 1 inf at Egypt, done")
    assert not any("buy nothing more" in line for line in s.news), s.news


def test_a_kind_of_unit_gone_from_the_pool_is_named_in_the_purchase_prompt() -> None:
    """A trial saw infantry drop out of the price list with no word why: the counter mix
    bounds what is bought, and the prompt says which kind is gone."""
    s = buying(started(3, money=20))
    assert "your pool" not in prompt(s)
    pool = list(s.pool)
    pool[BLUE] = (pool[BLUE][0], 0, *pool[BLUE][2:])
    s.pool = tuple(pool)
    assert "no infantry left in your pool (the counter mix)" in prompt(s), prompt(s)


def test_a_kind_the_pool_holds_fewer_of_than_the_money_buys_is_told_in_the_prompt() -> None:
    """A trial learnt that 1 infantry counter was left only when `buy 4 inf` was refused."""
    s = buying(controlled(started(3, money=20), BLUE, "cap"))  # a cavalry area: both on sale
    pool = list(s.pool)
    pool[BLUE] = (pool[BLUE][0], 1, 2, *pool[BLUE][3:])
    s.pool = tuple(pool)
    said = prompt(s)
    left = (  # (trials read "…, fewer of some than your Talents buy" as awkward, and
        # "your pool holds …: your 20 Talents could pay for more … than it holds" twice)
        "left in your pool to buy (the counter mix): 12 levies, 1 infantry and 2 cavalry; of "
        "infantry and cavalry the pool, not your 20 Talents, is the limit"
    )
    assert left in said, said
    # with Talents enough for 2 cavalry, not more, the cavalry still shows (a trial read a
    # kind gone from the list as gone from the pool)
    poorer = s.clone()
    poorer.money = (6, *s.money[1:])
    assert "12 levies, 1 infantry and 2 cavalry" in prompt(poorer), prompt(poorer)


@pytest.mark.parametrize(
    "typed", ["move 2 inf 2 merc Egypt Arabia", "move 2 mercenaries Egypt Arabia"]
)
def test_mercenaries_named_without_their_kind_are_told_how_they_are_named(typed: str) -> None:
    """A trial typed `2 merc` and read "'merc' is not a unit (`merc`?)"."""
    s = moving(put(put(started(3), "egy", BLUE, inf=2), "egy", MERC + BLUE, inf=2))
    with pytest.raises(InvalidOrder, match="mercenaries are named with their kind: `2 merc inf`"):
        read(s, typed)


def test_a_spy_played_without_naming_a_player_says_how_to_name_one() -> None:
    """A trial typed `play 18` and read "no seat '' in this game"."""
    s = holding(holding(holding(started(3), BLUE, 18), RED, 4), GREEN, 5)
    with pytest.raises(
        IllegalAction,
        match="name the player whose chits you see: `play 18 on red` or `play 18 on green`",
    ):
        read(s, "play 18")


def test_the_purchase_prompt_warns_when_upkeep_outgrows_income_and_treasury() -> None:
    """A trial bought 3 units at Greater Phrygia (income 2) and lost one at its first revenue."""
    s = put(buying(started(3, money=0)), "egy", BLUE, levy=8)
    assert "(upkeep 8 against 6 with your treasury: units are disbanded" in prompt(s), prompt(s)
    s = put(buying(started(3, money=2)), "egy", BLUE, levy=8)
    assert "against" not in prompt(s)


async def test_a_misread_give_at_the_terminal_is_answered_by_successors_not_another_game(
    tmp_path: Path,
) -> None:
    """`give -1 to green` read "`give` is a command of Vijayanagara, not of Successors": a
    step of Successors whose words do not read is answered by the game's own refusal."""
    out = io.StringIO()
    args = ["--game", "successors", "--play", "blue", "--seed", "5"]
    args += ["--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]
    await amain(args, iter(["give -1 to green", "give 1", "quit"]), out, FakeRenderer())
    text = out.getvalue()
    assert "is a command of Vijayanagara" not in text
    assert "'-1' is not a count: counts and amounts are whole numbers, 1 or more" in text
    assert "`give 1` is not an order I can read: a player's colour is named here" in text


def test_the_last_turns_movement_prompt_says_what_scores_at_the_count() -> None:
    """A trial left four controlled provinces empty in the last turn and lost their points."""
    s = put(started(3, turn=12), "egy", BLUE, inf=1)
    assert "the last game turn: a province scores where your units alone stand (l.66)" in prompt(
        moving(s)
    )
    assert "the last game turn" not in prompt(moving(put(started(3, turn=11), "egy", BLUE, inf=1)))


def test_a_seat_with_nothing_left_and_nothing_to_bring_it_a_unit_is_told_so() -> None:
    """A trial was told "out at the end of this player turn unless it has one again" in its
    revenue, home taken and leader captive: nothing could bring one, and it went out with no
    decision. The warning says what may still help, or that nothing can."""
    s = controlled(started(3, money=5), RED, "egy")
    s.leaders = (CAPTIVE + RED, *s.leaders[1:])
    s = at(s, BLUE, 2)  # its revenue done: its purchases next, and nowhere to place a unit
    line = next(x for x in talk_of(GAME).status(GAME.view(s, None)) if x.startswith("Blue:"))
    assert "out at the end of this player turn: nothing is left to bring it one (Q32)" in line
    free = at(controlled(started(3, money=5), BLUE, "mac"), RED, 2)  # its leader free at home
    line = next(x for x in talk_of(GAME).status(GAME.view(free, None)) if x.startswith("Red:"))
    assert "out at the end of this player turn unless it buys units (Q32)" in line, line
    # its purchases under way (a trial's Red, told "nothing is left to bring it one" as its
    # revenue ended, bought 4 levies at its home next)
    under_way = buying(controlled(started(3, money=5), BLUE, "mac"), RED)
    line = next(x for x in talk_of(GAME).status(GAME.view(under_way, None)) if x.startswith("Red:"))
    assert "out at the end of this player turn unless it buys units (Q32)" in line, line


def test_units_stopped_by_unfriendly_units_do_not_sail_on_from_there() -> None:
    """A trial marched 2 cavalry and its leader into Syria, where red units stopped them
    (l.27), then took a fleet of the Cyprian Sea, embarked a cavalry at Syria and landed it in
    Lycia: a unit moves once a phase, and one stopped by unfriendly units stays."""
    s = put(put(started(3), "egy", BLUE, cav=2), "syr", RED, levy=1)
    s = order(
        moving(leader_at(fleets(s, "cys", BLUE), BLUE, "egy")),
        "move 2 cav leader Egypt Arabia Syria",
    )
    s = order(s, "take 1 fleet at Cyprian Sea")
    assert not [a for a in GAME.legal_actions(s) if type(a).__name__ == "Embark"]
    assert refused(s, "embark 1 cav at Syria") == (
        "your cav at Syria moved in this phase: a unit moves once a phase (landed troops stay, Q24)"
    )
    assert refused(s, "embark leader at Syria").startswith("your leader")


def test_the_purchases_listed_go_up_to_what_one_order_buys() -> None:
    """With 8 Talents a trial read `buy 1 levy at Syria` to `buy 5 levy at Syria` (any of
    1-5), typed `buy 6 levy at Syria` expecting a refusal, and bought 6: a step buys at most
    5, an order as many as the treasury and the pool allow."""
    s = buying(started(3, money=8))
    listed = menus_of(GAME).grouped_choices(GAME.view(s, "blue"), GAME.legal_actions(s))[0]
    assert "`buy 1 levy at Egypt` to `buy 8 levy at Egypt` (any of 1-8)" in listed, listed
    assert "`buy 1 inf at Egypt` to `buy 4 inf at Egypt` (any of 1-4)" in listed, listed
    assert sum(a.count for a in read(s, "buy 8 levy at Egypt")) == 8  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="9 levies cost 9 and you have 8"):
        read(s, "buy 9 levy at Egypt")


def test_a_battle_asked_for_while_one_is_fought_is_told_so_and_rebels_always_fight() -> None:
    """A trial's Susiana battle against rebels began by itself after its other battle, and
    `fight rebels at Susiana` in its retreat was refused "battles are chosen in the combat
    phase, after movement", though the combat phase it was."""
    s = put(put(started(3), "sus", BLUE, inf=1, cav=3), "sus", WHITE, levy=4)
    s = at(put(s, "per", BLUE, inf=1), BLUE, 5, frame("combat", BLUE))
    s = put(s, "per", GREEN, levy=1)
    fight = read(s, "fight rebels at Susiana")[0]
    assert told(s, fight)[0] == "Blue attacks the rebels in Susiana: white units always fight (Q13)"
    s = GAME.apply(s, fight)  # type: ignore[arg-type]
    while GAME.chance(s) is not None:  # every die a 1: no hits, and Blue is asked to retreat
        s = GAME.apply(s, GAME.deal(s, lambda n: 0))
    assert s.frames[-1][0] == "retreat"
    assert refused(s, "fight rebels at Susiana").startswith(
        "the battle in Susiana is being fought; now: retreat"
    )
    assert refused(s, "fight green at Persia").startswith(
        "the battle in Susiana is under way: the next is chosen once it ends (l.35-36)"
    )


async def test_done_after_the_purchases_ended_by_themselves_is_taken_quietly_not_refused(
    tmp_path: Path,
) -> None:
    """The setup prompt says "type `buy 1 levy at Egypt` ..., then `done`"; a trial typed
    `buy 2 inf 1 levy at Egypt; done`, spending its 5 Talents, and read "Step 2 (`done`) was
    refused, so nothing was played: it is not your turn": its purchases had ended."""
    out = io.StringIO()
    args = ["--game", "successors", "--play", "blue", "--seed", "20"]
    args += ["--db", str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]
    await amain(
        args, iter(["home Egypt", "buy 2 inf 1 levy at Egypt; done", "quit"]), out, FakeRenderer()
    )
    text = out.getvalue()
    assert "Blue buys 2 infantry and 1 levy for 5 Talents at Egypt" in text, text[-2000:]
    assert "was not needed" not in text  # taken quietly: trial 58 read it after every purchase
    assert "was refused" not in text


def test_the_movement_prompt_warns_of_a_home_left_empty_with_enemies_near() -> None:
    """A trial left its home empty on turn 1 and a lone green levy took it (Q3): the biggest
    trap it met."""
    s = controlled(put(started(3), "ara", RED, levy=1), BLUE, "egy")
    warned = (
        "your home Egypt stands empty with Red's units in Arabia near: one unit of another player entering "
        "it takes it, an ally's too (Q3)"
    )
    assert warned in prompt(moving(s)), prompt(moving(s))
    # a later trial left its leader there alone, read "empty", and lost him to one levy
    leader = "(Q3), your leader with it (no unit: one entering captures him, Q21), and a home"
    assert leader in prompt(moving(s)), prompt(moving(s))
    assert leader not in prompt(moving(leader_at(s, BLUE, "syr")))
    assert warned not in prompt(moving(put(s, "egy", BLUE, levy=1)))
    assert warned not in prompt(moving(controlled(started(3), BLUE, "egy")))  # nobody near


def test_the_empty_home_warning_counts_only_units_that_can_march_into_it() -> None:
    """l.26-27: Red's levy in Syria reaches Egypt through rough Arabia (2 + 1 MP); with
    rebels in Arabia it would stop there (a trial was warned of units so stopped)."""
    s = controlled(put(started(3), "syr", RED, levy=1), BLUE, "egy")
    warned = "your home Egypt stands empty with Red's units in Syria near"
    assert warned in prompt(moving(s)), prompt(moving(s))
    assert warned not in prompt(moving(put(s, "ara", WHITE, levy=1)))


def test_the_purchase_prompt_says_the_talents_kept_pay_the_events_to_come() -> None:
    """A trial spent every Talent as the hint advised, then Pirates and a Famine, rolled
    before its next revenue, cost it units (l.11): nothing had said events are paid from what
    is kept."""
    said = prompt(buying(started(3, money=8)))
    assert "the Talents you keep pay the events rolled before your next revenue (l.11; Q7)" in said


def test_the_purchase_prompt_says_what_the_talents_kept_count_at_the_end() -> None:
    """A trial learnt only from the final count that kept Talents are half a point each:
    the winner's 84 Talents were 42 of its 98 points (l.68)."""
    said = prompt(buying(started(3, money=8)))
    assert "and count half a point each at the end (l.68)" in said, said


def test_the_setup_purchase_prompt_says_the_talents_kept_pay_the_events_to_come() -> None:
    """A play-test spent its 5 Talents at the setup and lost a unit to turn 1's event, paid
    before its first revenue: the setup's purchases say what kept Talents do, as later ones."""
    s = GAME.new_game(SuccessorsOptions(), ("blue", "red", "green"))
    dice = random.Random(1)
    while s.frames[-1][0] != "buy":  # the rolls for the homes (ties rolled again), a home
        chance = GAME.chance(s) is not None
        s = GAME.apply(s, GAME.deal(s, dice.randrange) if chance else GAME.legal_actions(s)[0])
    seat = GAME.to_move(s)
    assert seat is not None
    said = talk_of(GAME).prompt(GAME.view(s, seat), seat)
    assert said.startswith("setup: spend your 5 Talents on units in your home"), said
    assert "the Talents you keep pay the events rolled before your next revenue (l.11; Q7)" in said
    # a trial read the whole paragraph again at every step of one purchase: told once
    s = GAME.apply(s, next(a for a in GAME.legal_actions(s) if isinstance(a, Buy)))
    again = talk_of(GAME).prompt(GAME.view(s, seat), seat)
    assert again.startswith("setup: spend your 4 Talents on units in your home, or done; 1 unit, ")
    assert "(l.11; Q7)" not in again and "(l.15-18)" not in again, again


def test_the_choice_of_a_home_tells_who_chooses_after_and_moves_before() -> None:
    """A trial chose its home second and lost it in game turn 1 to the last chooser's three
    levies, who moved first (the last to choose moves first): the prompt says so."""
    s = GAME.new_game(SuccessorsOptions(), ("blue", "red", "green"))
    dice = random.Random(1)
    while GAME.chance(s) is not None:  # the rolls for the homes (ties rolled again)
        s = GAME.apply(s, GAME.deal(s, dice.randrange))
    first, second, third = (s.seats[k] for k in s.choosing)
    said = talk_of(GAME).prompt(GAME.view(s, first), first)
    assert (
        f"choose your home, not next to a home already chosen; {second.title()} and "
        f"{third.title()} choose after you and move before you in every game turn (the last "
        "to choose moves first): a home they can reach in game turn 1 needs units to hold it"
    ) in said, said
    s = GAME.apply(GAME.apply(s, GAME.legal_actions(s)[0]), Done())
    said = talk_of(GAME).prompt(GAME.view(s, second), second)
    assert f"; {third.title()} chooses after you and moves before you" in said, said
    s = GAME.apply(GAME.apply(s, GAME.legal_actions(s)[0]), Done())
    said = talk_of(GAME).prompt(GAME.view(s, third), third)
    assert "choose your home, not next to a home already chosen; type" in said, said


def test_a_purchase_tells_its_counsel_at_its_first_step_only() -> None:
    s = buying(started(3, money=8))
    assert "(l.11; Q7)" in prompt(s) and "(l.15-18)" in prompt(s)
    s = GAME.apply(s, next(a for a in GAME.legal_actions(s) if isinstance(a, Buy)))
    later = prompt(s)
    assert "(l.11; Q7)" not in later and "(l.15-18)" not in later, later
    assert "upkeep" in later and "income" in later


def test_mercenaries_taken_as_the_players_own_kind_are_told_how_they_are_named() -> None:
    """A trial played Mercenaries (2 infantry at home), typed `move 2 inf Greater Phrygia
    Lydia and Ionia` and read "you have no inf at Greater Phrygia that may still move (a unit
    moves once a phase)": they had not moved; they are named `merc inf`."""
    s = moving(put(started(3), "egy", MERC + BLUE, inf=2))
    assert refused(s, "move 2 inf Egypt Arabia") == (
        "you have no inf at Egypt that may still move (a unit moves once "
        "a phase); your mercenaries there are named so: `take 2 merc inf at Egypt`"
    )


def test_a_move_that_leaves_mercenaries_alone_is_asked_about_before_they_desert() -> None:
    """A trial typed `move 2 merc inf Greater Phrygia Lydia and Ionia; end movement` and read
    "Blue's mercenaries in Lydia and Ionia desert (alone)": nothing had said they would. The
    table asks once, the same order with `; confirm` plays it (as for a step that does
    nothing)."""
    s = moving(put(put(started(3), "egy", MERC + BLUE, inf=2), "egy", BLUE, levy=1))
    s = leader_at(s, BLUE, "cyr")
    note = menus_of(GAME).note
    steps = read(s, "move 2 merc inf Egypt Arabia")
    for a in steps[:-1]:
        s = GAME.apply(s, a)  # type: ignore[arg-type]
    asked = note(GAME.view(s, None), steps[-1])  # type: ignore[arg-type]
    assert asked == (
        "Blue's mercenaries in Arabia would be left with none of its units nor its leader: so "
        "left, mercenaries desert at the end of the phase (our reading)"
    ), asked
    s = GAME.apply(s, steps[-1])  # type: ignore[arg-type]
    assert note(GAME.view(s, None), EndMove()) == (
        "Blue's mercenaries would be left with none of its units nor its leader: so left, "
        "mercenaries desert at the end of the phase (our reading)"
    )
    guarded = moving(put(put(started(3), "egy", MERC + BLUE, inf=2), "egy", BLUE, levy=1))
    assert note(GAME.view(guarded, None), EndMove()) is None  # with a unit of its own


def test_several_units_disbanded_in_one_step_are_lost_one_by_one() -> None:
    """A trial short of upkeep typed `lose 2 levy at Cilicia` and read "a loss is taken one
    unit at a time (l.40)", a battle's rule, then had to type the loss twice."""
    s = put(put(started(3, money=0), "cil", BLUE, levy=3), "egy", BLUE, inf=1)
    s = at(s, BLUE, 3, frame("disband", BLUE))
    assert read(s, "lose 2 levy at Cilicia") == [Lose("levy", "cil"), Lose("levy", "cil")]
    s = order(s, "lose 2 levy at Cilicia")
    assert units(s, "cil", BLUE) == (1, 0, 0, 0)


def test_the_movement_prompt_warns_where_an_allys_units_outnumber_the_players_own() -> None:
    """A trial's ally walked single units into its thinly held provinces and took them (l.10);
    the empty-home warning it had read before the alliance never spoke of an ally."""
    s = controlled(put(put(started(3), "ara", BLUE, levy=1), "ara", GREEN, levy=2), BLUE, "ara")
    s = GAME.apply(GAME.apply(s, Offer("blue", "green")), Accept("green", "blue"))
    said = prompt(moving(s))
    assert (
        "allied units outnumber yours in Arabia (Green): an area goes to the most units at the combat phase's end (l.10; Q3)"
        in said
    ), said
    home = controlled(put(s, "ara", BLUE, levy=1), BLUE, "egy")  # level in Arabia; home empty
    said = prompt(moving(home))
    assert "outnumber" not in said
    assert "your home Egypt stands empty with your ally Green's units in Arabia near" in said, said


def test_the_movement_prompt_warns_of_a_leader_beside_a_stronger_rival_stack() -> None:
    """A trial left its leader with 2 cavalry beside Yellow's 11 units; pre-battle rolls
    killed both and he was captured, with no Talents for his ransom: nothing had warned."""
    s = leader_at(put(put(started(3), "ara", BLUE, cav=2), "syr", RED, inf=5), BLUE, "ara")
    warned = (
        "your leader in Arabia stands with 2 units beside Red's 5 in Syria: a leader whose "
        "side is wiped out in a battle is captured, ransom 5 Talents (Q21)"
    )
    assert warned in prompt(moving(s)), prompt(moving(s))
    assert "your leader in" not in prompt(moving(put(s, "ara", BLUE, inf=3)))
    alone = leader_at(put(started(3), "syr", RED, inf=1), BLUE, "ara")
    assert "your leader in Arabia stands alone beside Red's 1 in Syria" in prompt(moving(alone))
    escort = leader_at(put(alone, "ara", BLUE, inf=1), BLUE, "ara")  # one hit captures him
    assert "your leader in Arabia stands with 1 unit beside Red's 1 in Syria" in prompt(
        moving(escort)
    )


def test_done_after_an_events_purchases_ended_is_noted_not_spent_on_the_revenues() -> None:
    """An event let a trial buy 2 elephants; `buy 2 el at South India; done` ended the event's
    purchases with the second, and the `done` then closed its revenue's purchases, with 89
    Talents unspent. A `done` is needless when the decision it would close has ended."""
    s = controlled(put(started(3, money=20), "sin", BLUE, levy=1), BLUE, "sin")
    s = at(s, BLUE, 1, frame("buy", BLUE, EVENT_ELEPHANTS, 2, 0))
    steps = read(s, "buy 2 el at South India; done")
    assert steps == [Buy("el", "sin", 2), Done()], steps
    after = GAME.apply(s, steps[0])  # type: ignore[arg-type]
    assert after.frames[-1][:3] == ("buy", BLUE, REVENUE_BUY), after.frames[-1]
    assert orders_of(GAME).finished_by(s, after, steps[0]) == ("purchases",)  # `done` noted


def test_an_events_purchases_declined_are_named_apart_from_the_revenues_that_follow() -> None:
    """A trial read "Red is done buying (treasury 2)" under the Mahouts event and above Red's
    revenue line, and could not tell which purchases it ended: an event's are named (l.4-5)."""
    s = controlled(put(started(3, money=20), "sin", BLUE, levy=1), BLUE, "sin")
    s = at(s, BLUE, 1, frame("buy", BLUE, EVENT_ELEPHANTS, 2, 0))
    assert "Blue is done buying the event's elephants (treasury 20)" in told(s, Done(), "blue")


def test_step_by_step_landing_and_boarding_read_as_the_one_line_voyage_does() -> None:
    """`sail ... land at Babylonia` worked in one line, but the step `land at Caria` was
    refused "name what lands", and `embark 1 inf` wanted its place though only one coast
    held infantry."""
    s = moving(fleets(put(started(3), "cyr", BLUE, inf=1), "egs", BLUE))
    s = order(s, "take 1 fleet at Egyptian Sea")
    assert read(s, "embark 1 inf") == [Embark("cyr", "inf", 1)]
    s = order(s, "embark 1 inf")
    assert read(s, "land at Egypt") == [Land("egy", "inf", 1)]


def test_an_order_past_a_roll_is_refused_as_such_not_as_unreadable() -> None:
    """`fight green at Mesopotamia; fight red at Susiana` read "is not an order I can read:
    the order goes past the pre-battle rolls": it read well; it went past dice."""
    s = put(put(started(3), "ara", BLUE, cav=2), "ara", RED, inf=1)
    s = at(put(put(s, "per", BLUE, inf=1), "per", GREEN, levy=1), BLUE, 5, frame("combat", BLUE))
    with pytest.raises(IllegalAction, match="the steps before it bring the pre-battle rolls"):
        read(s, "fight red at Arabia; fight green at Persia")


def test_a_standing_order_kept_armed_through_a_battle_says_so_in_the_hand() -> None:
    """A trial armed Panic among the elephants for a battle where the enemy had none: nothing
    told it, and its hand still said "armed for your next battle"; it could not tell whether
    the chit was spent."""
    s = GAME.apply(holding(started(3), BLUE, 8), Arm("blue", 8, "battle"))
    mine = talk_of(GAME).private_summary(GAME.view(s, "blue"))
    assert (
        "chit 8 (Panic among the elephants) for your next battle, kept armed through battles "
        "with no enemy elephant or no pre-battle rolls"
    ) in mine, mine


def test_the_retreats_listed_count_only_the_units_that_may_retreat() -> None:
    """A trial's attack on Macedonia, part landed from the sea and part overland, listed
    `retreat 1 inf to Thrace` to `retreat 3 inf to Thrace` (any of 1-3), though the two
    landed infantry may not retreat (l.60)."""
    s = put(put(started(3), "egy", BLUE, inf=3), "cyr", RED, inf=3)
    s = order(
        moving(fleets(s, "egy", BLUE, 2)),
        "sail 2 fleets with 2 inf Egypt Egyptian Sea land at Cyrenaica",
    )
    s = order(order(s, "move 1 inf Egypt Cyrenaica"), "end movement")
    s = order(s, "fight red at Cyrenaica")
    while GAME.chance(s) is not None or GAME.to_move(s) == "red":
        s = GAME.apply(
            s, GAME.deal(s, lambda n: 0) if GAME.chance(s) else GAME.legal_actions(s)[-1]
        )
    assert s.frames[-1][0] == "retreat" and GAME.to_move(s) == "blue", s.frames[-1]
    listed = menus_of(GAME).grouped_choices(GAME.view(s, "blue"), GAME.legal_actions(s))[0]
    assert "`retreat 1 inf to Egypt`" in listed and not any("to `retreat" in x for x in listed), (
        listed
    )


def test_the_battles_open_say_which_is_a_sea_invasion_before_it_is_fought() -> None:
    """A trial's cavalry marched overland into Macedonia beside infantry landed there: the
    battle began "no pre-battle rolls in a sea invasion (l.58)", which nothing had said."""
    s = put(put(started(3), "egy", BLUE, inf=2, cav=2), "cyr", RED, inf=3)
    s = order(
        moving(fleets(s, "egy", BLUE, 2)),
        "sail 2 fleets with 2 inf Egypt Egyptian Sea land at Cyrenaica",
    )
    s = order(order(s, "move 2 cav Egypt Cyrenaica"), "end movement")
    assert (
        "(a sea invasion: no pre-battle rolls, l.58; the landed may not retreat, l.60)" in prompt(s)
    )


def test_a_sea_invasion_of_a_leader_alone_says_no_double_dice() -> None:
    """A trial's landing against a leader standing alone was told "the defender rolling two
    dice a unit" (l.59): a leader alone rolls no die; against units it is said."""
    from successors_helpers import leader_at

    def landed(red: dict[str, int]) -> State:
        s = leader_at(put(put(started(3), "egy", BLUE, inf=2), "cyr", RED, **red), RED, "cyr")
        s = order(
            moving(fleets(s, "egy", BLUE, 1)),
            "sail 1 fleet with 1 inf Egypt Egyptian Sea land at Cyrenaica",
        )
        return order(s, "end movement")

    assert "rolling two dice a unit" not in prompt(landed({}))
    assert "the defender rolling two dice a unit (l.59)" in prompt(landed({"inf": 1}))


def test_an_area_is_looked_up_with_its_neighbours_as_a_card_is() -> None:
    """Which provinces touch which appeared only in the picture: `board` in words did not
    say, and a trial took Persia for Babylonia's neighbour. `card Egypt` tells an area."""
    ref = reference_of(GAME)
    egypt = ref.lookup(SuccessorsOptions(), "Egypt")
    assert egypt == (
        "Egypt: worth 6, open, a port, its symbol infantry (Q5); borders Coele-Syria, Arabia "
        "and Cyrenaica; on Egyptian Sea and Red Sea"
    ), egypt
    assert ref.lookup(SuccessorsOptions(), "per").startswith("Persia: worth 4, rough")
    assert ref.lookup(SuccessorsOptions(), "aegean").startswith("Aegean Sea, a sea: next to")
    assert ("Egypt", "Egypt") in ref.lookup_names(SuccessorsOptions())


def test_a_forces_prompt_names_every_area_it_may_march_to() -> None:
    """A trial's force at Cilicia was shown two marches, read as all there were (Syria was
    left out); the prompt gives the first as typed and names the others."""
    s = order(moving(put(started(3), "cil", BLUE, inf=2)), "take 2 inf at Cilicia")
    said = prompt(s)
    assert (
        "type `march to Lycia and Pamphylia` (or to Greater Phrygia, Cappadocia or Syria)" in said
    )
    marched = order(s, "march to Syria")
    assert "`march to Cilicia` (or to Phoenicia, Arabia or Mesopotamia), or `halt`" in prompt(
        marched
    )


def test_a_move_order_beside_a_readied_force_marches_only_what_it_names() -> None:
    """A trial readied its leader, marched, took the march back with `undo` (the leader stayed
    readied), then typed `move 3 inf 1 cav Syria Arabia`: its leader marched too, unasked. A
    `move` names a whole force: pieces the readied force holds count among those named, one it
    holds unnamed is told, and a force readied elsewhere moves or is called off first."""
    s = moving(leader_at(put(started(3), "syr", BLUE, inf=3, cav=1), BLUE, "syr"))
    readied = order(s, "take leader at Syria")
    with pytest.raises(InvalidOrder, match="your force readied at Syria holds your leader too"):
        read(readied, "move 3 inf 1 cav Syria Arabia")
    assert read(readied, "move leader 3 inf 1 cav Syria Arabia") == [
        Take("syr", "inf", 3),
        Take("syr", "cav", 1),
        March("ara"),
        Halt(),
    ]
    elsewhere = order(put(s, "cil", BLUE, inf=1), "take 1 inf at Cilicia")
    with pytest.raises(InvalidOrder, match=r"your force readied at Cilicia \(1 infantry\)"):
        read(elsewhere, "move 3 inf Syria Arabia")


async def test_a_done_typed_while_another_seat_decides_inside_your_turn_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial's `...; done` after a step that let another faction decide inside its own
    Command was told "not needed: what you were doing had ended"; its Command came back open,
    and the `done` was needed after all. Declining a battle lets Red call it (Q13): Blue's
    combat goes on after Red's answer."""
    s = contest({"inf": 1}, {"inf": 1})
    text = await at_the_terminal(s, ["decline red at Arabia; done"], tmp_path, monkeypatch)
    assert (
        "Step 2 (`done`) was not needed now: Red (AI, greedy) decides, and it closes nothing of "
        "theirs; if your own decision comes back to you still open, send it again."
    ) in text, text[-1500:]
    assert "what you were doing had ended" not in text


def test_a_march_that_leaves_the_home_empty_with_enemies_near_is_asked_about() -> None:
    """A trial marched all four of its units out of Egypt on game turn 1 (one order, the
    movement over with it: no prompt warned) and a lone levy took its home and revenue."""
    s = moving(put(put(started(3), "egy", BLUE, inf=2), "cyr", RED, levy=1))
    s = leader_at(s, BLUE, "ara")
    note = menus_of(GAME).note

    def notes(typed: str) -> list[str | None]:
        at, out = s, []
        for a in read(s, typed):
            out.append(note(GAME.view(at, None), a))  # type: ignore[arg-type]
            at = GAME.apply(at, a)  # type: ignore[arg-type]
        return out

    assert notes("move 2 inf Egypt Arabia") == [  # asked at the march
        None,
        "Blue's home Egypt would be left empty with Red's units in Cyrenaica near: one unit of another player "
        "entering takes it, an ally's too (Q3), and with it the home's revenue; a home where "
        "unfriendly units stand takes no purchases (Q6)",
        None,
    ]
    assert notes("move 1 inf Egypt Arabia") == [None] * 3  # 1 infantry stays at home


def test_white_units_near_an_emptied_home_raise_no_warning() -> None:
    """A trial marching its whole army from Macedonia against the invaders in Thrace was
    stopped by "left empty with enemies near": white units never move (Q28), so they
    take no home; the warning names the player's units that could."""
    s = moving(put(put(started(3), "egy", BLUE, inf=2), "cyr", WHITE, levy=1))
    s = leader_at(s, BLUE, "ara")
    note = menus_of(GAME).note
    march = read(s, "move 2 inf Egypt Arabia")
    assert note(GAME.view(s, None), march[0]) is None  # type: ignore[arg-type]
    after = GAME.apply(s, march[0])  # type: ignore[arg-type]
    assert note(GAME.view(after, None), march[1]) is None  # type: ignore[arg-type]
