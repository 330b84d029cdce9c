"""Successors' orders as a person types them: steps, whole moves, voyages and purchases, area
names by name, id or start, and refusals that name the rule and what is allowed."""

from __future__ import annotations

import pytest
from successors_helpers import (
    BLUE,
    RED,
    area,
    at,
    fleets,
    holding,
    leader_at,
    moving,
    order,
    put,
    started,
    units,
)

from rules.errors import AmbiguousName, IllegalAction, InvalidOrder
from rules.successors import GAME, State
from rules.successors.engine import frame
from rules.successors.notation import parse, read_place, words_of
from rules.successors.state import (
    Arm,
    Buy,
    Disarm,
    Embark,
    Give,
    Halt,
    Land,
    March,
    Offer,
    Play,
    Retreat,
    Sail,
    Take,
    TakeFleets,
)
from rules.successors.view import view
from rules.successors.wording import describe


def read(s: State, text: str, seat: str = "blue") -> list[object]:
    return list(parse(view(s, seat), text, seat))


def test_a_whole_move_is_taken_marched_and_halted() -> None:
    s = moving(put(started(3), "egy", BLUE, inf=2, cav=1))
    assert read(s, "move 2 inf 1 cav leader Egypt Arabia Babylonia") == [
        Take("egy", "inf", 2),
        Take("egy", "cav", 1),
        Take("egy", "leader", 1),
        March("ara"),
        March("bab"),
        Halt(),
    ]


def test_a_move_of_other_pieces_halts_the_force_that_moved_elsewhere_first() -> None:
    """A trial's fleets landed their troops and lay at sea; its `move` of other pieces was
    refused until it typed `halt`. The force that moved halts first, where it may; one still
    laden at sea may not, and one where the move begins is not halted unasked."""
    s = fleets(put(started(3), "egy", BLUE, inf=1, levy=1), "egy", BLUE, 1)
    s = order(moving(s), "take 1 fleet at Egypt, embark 1 inf at Egypt, sail to Egyptian Sea")
    with pytest.raises(IllegalAction, match=r"land before its fleets halt at sea \(Q24\)"):
        read(s, "move 1 levy Egypt Arabia")
    s = order(s, "land 1 inf at Cyrenaica")
    assert read(s, "move 1 levy Egypt Arabia") == [
        Halt(),
        Take("egy", "levy", 1),
        March("ara"),
        Halt(),
    ]
    s = order(moving(put(started(3), "egy", BLUE, inf=2)), "take 1 inf at Egypt, march to Arabia")
    assert read(s, "move 1 inf Egypt Coele-Syria")[0] == Halt()
    assert read(s, "move 1 inf Arabia Mesopotamia") == [March("mes")]  # on: its MP spent


def test_purchases_and_a_voyage_with_its_landing() -> None:
    s = at(started(3), BLUE, 2, frame("buy", BLUE, 0))
    one, inf = Buy("levy", "egy", 1), Buy("inf", "egy", 1)
    assert read(s, "buy 2 levy 1 inf at egypt") == [one, one, inf]  # 2 levies: one by one
    assert read(s, "buy 7 levy at egypt") == [Buy("levy", "egy", 5), one, one]  # 5 at most
    s = moving(fleets(put(started(3), "egy", BLUE, inf=2), "egy", BLUE, 2))
    assert read(s, "sail 2 fleets with 2 inf Egypt Egyptian Sea land at Cyrenaica") == [
        TakeFleets("egy", 2),
        Embark("egy", "inf", 2),
        Sail("egs"),
        Land("cyr", "inf", 2),
        Halt(),
    ]


def test_a_voyage_from_a_sea_boards_its_troops_from_the_coast_where_they_stand() -> None:
    """Written as from a port, the troops of a fleet at sea boarded "at Cyprian Sea" and were
    refused with the movement's prompt; they board from Cyprus, the one coast holding them."""
    s = moving(fleets(put(started(3), "cyp", BLUE, inf=1), "cys", BLUE))
    assert read(s, "sail 1 fleet with 1 inf Cyprian Sea Egyptian Sea land at Egypt")[:4] == [
        TakeFleets("cys", 1),
        Embark("cyp", "inf", 1),
        Sail("egs"),
        Land("egy", "inf", 1),
    ]
    two = put(s, "syr", BLUE, inf=1)  # read, but which coast? (a trial was told "unreadable")
    with pytest.raises(
        AmbiguousName, match=r"the inf may board from Cyprus or Syria: take the fleets"
    ):
        read(two, "sail 1 fleet with 1 inf Cyprian Sea Egyptian Sea")
    with pytest.raises(IllegalAction) as refused:
        read(s, "take 1 fleet at Cyprian Sea, embark 1 inf at Egypt")
    assert refused.value.reason.startswith(
        "troops board and land where the fleets are, their port or a "
        "coast of their sea: Caria, Lycia and Pamphylia, Cilicia, Cyprus, Syria or Phoenicia; "
        "to board on the way, sail there first, then `embark` (`sail to ...`, `embark 1 inf "
        "at Egypt`)"
    )


def test_a_voyage_boards_its_troops_where_it_first_passes_them() -> None:
    """A trial's fleets in Cyprian Sea were to take 2 infantry and the leader aboard from
    Cyrenaica, on the next sea, in one line: the order was refused as boarding at the start."""
    s = put(fleets(started(3), "cys", BLUE, 2), "cyr", BLUE, inf=2)
    s = moving(leader_at(s, BLUE, "cyr"))
    assert read(
        s, "sail 2 fleets with 2 inf leader Cyprian Sea Egyptian Sea land at Phoenicia"
    ) == [
        TakeFleets("cys", 2),
        Sail("egs"),
        Embark("cyr", "inf", 2),
        Embark("cyr", "leader", 1),
        Land("pho", "inf", 2),
        Land("pho", "leader", 1),
        Halt(),
    ]
    with pytest.raises(IllegalAction) as never:  # the voyage passes no coast of theirs
        read(s, "sail 2 fleets with 2 inf Cyprian Sea Aegean Sea")
    assert never.value.reason == (
        "2 inf: none may board where this voyage passes (Cyprian Sea and Aegean Sea): troops "
        "board from the fleets' port or a coast of their sea (l.31); yours stand at Cyrenaica: "
        "sail to a sea on their coast, then `embark 2 inf at Cyrenaica`"
    )
    with pytest.raises(IllegalAction) as port:  # from a port: as boarding there
        read(fleets(s, "egy", BLUE), "sail 1 fleet with 1 cav Egypt Egyptian Sea")
    assert port.value.reason == "embark 1 cav at Egypt: you have no cav at Egypt"


def test_places_by_name_id_or_start() -> None:
    s = started(3)
    assert read_place(s, words_of("lydia and ionia caria"), 0) == (area(s, "lyd"), 3)
    assert read_place(s, words_of("lyd"), 0) == (area(s, "lyd"), 1)  # the id
    assert read_place(s, words_of("Greater"), 0) == (area(s, "phr"), 1)
    assert read_place(s, words_of("coele-syria"), 0) == (area(s, "cse"), 2)
    assert read_place(s, words_of("aegean-sea"), 0) == (area(s, "aeg"), 2)
    with pytest.raises(
        ValueError, match="names several places: Paphlagonia, Parthia, Paropamisadae"
    ):
        read_place(s, words_of("pa"), 0)
    with pytest.raises(ValueError, match="no place named 'atlantis'"):
        read_place(s, words_of("atlantis"), 0)


def test_steps_aside_are_read_for_the_seat_that_sends_them() -> None:
    s = holding(moving(put(started(3), "ara", BLUE, cav=1), RED), BLUE, 5, 7, 15, 19)
    s = GAME.apply(s, Arm("blue", 15, "revolt"))
    assert read(s, "give 3 to red") == [Give("blue", "red", 3)]
    assert read(s, "offer green") == [Offer("blue", "green")]
    assert read(s, "play 5") == [Play("blue", 5)]
    assert read(s, "disarm 15") == [Disarm("blue", 15)]
    assert read(s, "play 19 from Arabia to Babylonia") == [Play("blue", 19, "ara", "bab")]
    assert read(s, "arm 7 for battle at Egypt") == [Arm("blue", 7, "battle", "egy")]


def test_every_kind_of_step_reads_back_as_written() -> None:
    s = holding(holding(put(started(3), "ara", BLUE, cav=1), BLUE, 13, 15, 18, 19), RED, 4)
    s = GAME.apply(s, Arm("blue", 15, "revolt"))
    v = view(s, "blue")
    for a in (
        Arm("blue", 13, "turn", "", "red"),
        Arm("blue", 15, "revolt"),
        Disarm("blue", 15),
        Play("blue", 18, "", "red"),
        Play("blue", 19, "ara", "bab"),
        Give("blue", "green", 2),
        Offer("blue", "red"),
    ):
        text = describe(v, a)
        assert parse(v, text, "blue") == [a], text


def test_a_march_too_far_is_refused_with_the_mp_left() -> None:
    s = order(moving(put(started(3), "egy", BLUE, inf=1)), "take 1 inf at Egypt, march to Arabia")
    with pytest.raises(
        ValueError,
        match=r"costs 2 MP \(rough, l.26\); the force has 1 left \(l.26, l.28\)\. Allowed: `march to Syria`, `march to Egypt`",
    ):
        read(s, "march to Coele-Syria")
    with pytest.raises(
        ValueError,
        match="Media does not border Egypt \\(Egypt borders Coele-Syria, Arabia, Cyrenaica\\)",
    ):
        order(moving(put(started(3), "egy", BLUE, inf=1)), "take 1 inf at Egypt, march to Media")


def test_a_step_out_of_turn_names_whose_decision_it_is() -> None:
    s = moving(put(started(3), "egy", BLUE, inf=1))
    with pytest.raises(ValueError, match="it is not your turn: Blue must move a force"):
        read(s, "take 1 inf at Egypt", "red")


def test_a_battles_loss_names_the_choice_and_unknown_words_name_the_steps() -> None:
    s = moving(put(started(3), "egy", BLUE, inf=1))
    with pytest.raises(ValueError, match="'conquer' is not a step of Successors; steps begin with"):
        read(s, "conquer Persia")
    with pytest.raises(InvalidOrder, match="no place named 'atlantis'") as e:
        read(s, "take 1 inf at Egypt, march to Atlantis")
    assert e.value.where == "Step 2 (`march to Atlantis`)"


def test_an_order_ends_at_a_roll() -> None:
    s = moving(fleets(fleets(started(3), "egy", BLUE, 1), "egs", RED, 1))
    with pytest.raises(ValueError, match="the steps before it bring the dice of the sea battle"):
        read(
            s,
            "take 1 fleet at Egypt, sail to Egyptian Sea, fight red at Egyptian Sea, sail to Aegean Sea",
        )


def test_a_leader_joins_by_name_and_units_of_a_colour_are_named_in_losses() -> None:
    s = moving(leader_at(put(started(3), "egy", BLUE, inf=1), BLUE, "egy"))
    assert read(s, "take leader at egypt") == [Take("egy", "leader", 1)]
    s = put(at(s, BLUE, 5, frame("combat", BLUE)), "egy", BLUE, levy=0)
    assert units(s, "egy", BLUE)[1] == 1


def test_a_leaders_retreat_after_his_last_units_took_him_along_is_not_needed() -> None:
    """A trial typed `retreat all to Cyrenaica; retreat leader to Cyrenaica`: the first
    took the leader along with his units (l.45), and the second was told "not played"
    past the roll that followed, as if he had stayed. It is read as not needed."""
    from test_successors_rules import contest

    from rules.successors.notation import finished_by, typed_closes

    s = order(leader_at(contest({"inf": 3}, {"inf": 1}), RED, "ara"), "fight red at Arabia")
    s = GAME.apply(s, GAME.deal(s, lambda n: 0))  # every die a 1: no hit
    both = "retreat all to Mesopotamia, retreat leader to Mesopotamia"
    assert read(s, both, "red") == [Retreat("all", "mes"), Retreat("leader", "mes")]
    after = GAME.apply(s, Retreat("all", "mes"))
    assert after.leaders[RED] == after.parts.map.index["mes"]  # he went with them
    assert finished_by(s, after, Retreat("all", "mes")) == ("leader's retreat",)
    assert typed_closes("retreat leader to Mesopotamia") == "leader's retreat"  # past a roll


def test_units_retreated_one_by_one_leave_the_leader_where_the_order_sends_him() -> None:
    """A trial sent 1 infantry and 1 cavalry to Mesopotamia, 1 infantry and its leader to
    Susiana: the leader went with the last unit and the order's own step was not needed. A
    leader left alone by units retreated one by one retreats where his seat says (l.45);
    `retreat all` takes him along."""
    from test_successors_rules import contest

    s = order(leader_at(contest({"inf": 3}, {"inf": 1}), RED, "ara"), "fight red at Arabia")
    s = GAME.apply(s, GAME.deal(s, lambda n: 0))  # every die a 1: no hit
    assert Retreat("all", "mes") in GAME.legal_actions(s)  # 1 infantry and the leader
    s = GAME.apply(s, Retreat("inf", "mes"))
    assert s.leaders[RED] == s.parts.map.index["ara"]  # still his seat's to send
    assert "retreat your leader, alone now, to " in GAME.talk.prompt(GAME.view(s, "red"), "red")
    assert Retreat("leader", "bab") in GAME.legal_actions(s)
    s = GAME.apply(s, Retreat("leader", "bab"))
    assert s.leaders[RED] == s.parts.map.index["bab"]


def test_a_battle_the_defenders_left_whole_is_won_though_the_attackers_leader_stands_there() -> (
    None
):
    """The leader left alone is his own seat's to send: the winning side's leader is not
    asked to retreat from the battle it won (l.45)."""
    from test_successors_rules import contest

    s = order(leader_at(contest({"inf": 3}, {"inf": 1}), BLUE, "ara"), "fight red at Arabia")
    s = GAME.apply(s, GAME.deal(s, lambda n: 0))  # every die a 1: no hit
    s = GAME.apply(s, Retreat("inf", "mes"))
    assert s.battle is None and "Blue wins the battle in Arabia" in s.news, s.news
