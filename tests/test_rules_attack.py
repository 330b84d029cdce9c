"""Rulebook 3.2.4, 3.3.4, 3.4.4 (Attack), 1.10 (Cavalry: Charge, Screen, the Mongol Charge,
the pool) and the Bahmani-Vijayanagara Influence shift."""

from __future__ import annotations

import re

import pytest
from rules_helpers import (
    B,
    D,
    M,
    P,
    V,
    battle,
    blank,
    dice_rng,
    independent,
    legal_text,
    pieces,
    put,
    run,
    turn,
)

from rules import vijayanagara
from rules.vijayanagara.actions import Done
from rules.vijayanagara.attack import hits, mongol_charge
from rules.vijayanagara.flow import gain_cavalry
from rules.vijayanagara.forces import count
from rules.vijayanagara.menu import explained_entries
from rules.vijayanagara.model import Piece
from rules.vijayanagara.notation import Step, parse_order
from rules.vijayanagara.reading import fitted
from rules.vijayanagara.said import said


# -- hits (3.2.4): a hit per roll <= Units involved, 6 always misses, at most five ---------
def test_3_2_4_hits_are_rolls_at_most_the_units_involved() -> None:
    assert hits([1, 2, 3, 4], 3) == 3
    assert hits([4, 4, 5, 5], 3) == 0
    assert hits([1, None, 1, 2], 1) == 2  # a Screened die is gone


def test_3_2_4_six_always_misses_and_at_most_five_hits() -> None:
    assert hits([6, 6, 6, 6], 12) == 0
    assert hits([5, 5, 5, 5, 5, 5], 12) == 5


# -- the Mongol Charge (1.10, 3.5.3) --------------------------------------------------------
def test_1_10_mongol_charge_turns_a_miss_into_a_hit_first() -> None:
    assert mongol_charge([2, 4, 1], 3) == 1  # the 4 becomes a 3: a hit
    assert mongol_charge([6, 1, 1, 1], 5) == 0  # 6 -> 5 with five Units


def test_1_10_mongol_charge_else_a_two_becomes_a_one() -> None:
    assert mongol_charge([3, 2, 6, 6], 3) == 1
    assert mongol_charge([6, 6, 6], 2) is None
    assert mongol_charge([5, 5, 6], 2) is None  # nothing useful to do
    assert mongol_charge([1, 1], 4) is None


# -- Delhi Attack ---------------------------------------------------------------------------
def dice_logged(s: vijayanagara.GameState) -> tuple[list[int], list[int]]:
    """The last battle's dice, from the log line the engine writes after the roll."""
    line = [x for x in s.log if x.startswith("Dice in ")][-1]
    found = re.findall(r"rolls ((?:\d[✓✗] ?)+)", line)
    return ([int(v[0]) for v in found[0].split()], [int(v[0]) for v in found[1].split()])


def _d_attack_setup() -> vijayanagara.GameState:
    s = blank()
    s.resources[D] = 10
    s.cavalry[D] = 0
    s.cavalry_pool = 10
    return s


def test_3_2_4_delhi_targets_rebelling_units_or_a_lone_structure() -> None:
    s = _d_attack_setup()
    put(s, "andhra", P.RAJA, 2)  # Obedient only: not a target
    put(s, "andhra", P.TROOP, 3)
    put(s, "orissa", P.FORT)  # a Fort without Amirs
    put(s, "orissa", P.TROOP, 1)
    put(s, "gondwana", P.FORT)  # a Fort with an Obedient Amir: not a target
    put(s, "gondwana", P.AMIR)
    put(s, "gondwana", P.TROOP, 2)
    put(s, "punjab", P.MONGOL, 1)  # Mongols are always Rebelling
    s = run(turn(s, D), "command; attack")
    opts = legal_text(s)
    assert "select orissa" in opts and "select punjab" in opts
    assert "select andhra" not in opts and "select gondwana" not in opts


def test_3_2_4_defenders_set_rebelling_four_dice_vs_two_and_casualties() -> None:
    s = _d_attack_setup()
    put(s, "andhra", P.RAJA, 2)
    put(s, "andhra", P.REBEL_RAJA, 1)
    put(s, "andhra", P.TROOP, 3)
    s.rng = dice_rng((1, 3, 4, 6), (1, 5))
    s = run(turn(s, D), "command; attack; select andhra")
    assert dice_logged(s) == ([1, 3, 4, 6], [1, 5])
    # 3.2.4: all Rajas were set Rebelling; 3 Units: hits on the 1 and the 3; defender 1 hit
    assert pieces(s, "andhra") == {P.TROOP: 2, P.REBEL_RAJA: 1}
    assert s.resources[D] == 9


def test_3_2_4_support_beyond_five_units_is_said_to_add_no_hit() -> None:
    """A trial was offered a Raja's Support with 7 Units involved: a roll hits when it is at
    most the Units involved, up to five (3.2.4), so the Support adds no hit; the list says so
    (it may still take casualties)."""
    for here, noted in ((4, False), (5, True)):
        t = _d_attack_setup()
        independent(t, "gondwana")
        put(t, "gondwana", P.REBEL_AMIR, 2)
        put(t, "orissa", P.QASBAH)
        put(t, "orissa", P.TROOP, 3)
        put(t, "gondwana", P.TROOP, here)
        t = run(turn(t, D), "command; attack; select gondwana")
        more = (
            f"— joins the Attack (no hit more: the {here} Units involved already hit on 5 or "
            "less, 3.2.4; a Unit more is one more to choose casualties from)"
        )
        assert (more in "\n".join(explained_entries(t))) == noted


def test_3_2_4_three_dice_against_bahmani_with_a_fort() -> None:
    s = _d_attack_setup()
    independent(s, "andhra")
    put(s, "andhra", P.FORT)
    put(s, "andhra", P.REBEL_AMIR, 1)
    put(s, "andhra", P.TROOP, 3)
    s.rng = dice_rng((4, 4, 4), (6, 6))
    s = run(turn(s, D), "command; attack; select andhra")
    assert dice_logged(s) == ([4, 4, 4], [6, 6])
    assert pieces(s, "andhra") == {P.FORT: 1, P.REBEL_AMIR: 1, P.TROOP: 3}


def test_3_2_4_support_up_to_two_from_one_adjacent_qasbah_space() -> None:
    s = _d_attack_setup()
    independent(s, "gondwana")
    put(s, "gondwana", P.REBEL_AMIR, 2)
    put(s, "orissa", P.QASBAH)
    put(s, "orissa", P.TROOP, 3)
    put(s, "jaunpur", P.QASBAH)
    put(s, "jaunpur", P.TROOP, 3)
    s.rng = dice_rng((2, 2, 6, 6), (6, 6))
    s = run(turn(s, D), "command; attack; select gondwana")
    assert "support 3 troop from orissa" not in legal_text(s)
    # what a Support brings on (a trial's last Support rolled the dice, unexpected), in
    # `options` and in the prompt itself
    rolled = "once 2 Units have joined, the most that may, the dice are rolled at once (3.2.4)"
    assert f"— joins the Attack; {rolled}" in "\n".join(explained_entries(s))
    assert f"; {rolled}; done when ready." in vijayanagara.prompt(s).text
    s = run(s, "support 1 troop from orissa")
    assert not any("jaunpur" in t for t in legal_text(s))  # one adjacent space only
    s = run(s, "support 1 troop from orissa")
    assert dice_logged(s)[0] == [2, 2, 6, 6]  # a pure raid: two hits with two Units
    assert pieces(s, "gondwana") == {}  # Rebel Amirs removed; Independent Uncontrolled
    assert pieces(s, "orissa") == {P.QASBAH: 1, P.TROOP: 3}


def test_3_2_4_each_side_chooses_its_own_casualties() -> None:
    s = _d_attack_setup()
    independent(s, "andhra")
    put(s, "andhra", P.TROOP, 2)
    put(s, "andhra", P.GOVERNOR, 1)
    put(s, "andhra", P.REBEL_RAJA, 2)
    put(s, "andhra", P.TEMPLE)
    put(s, "karnataka", P.RAJA)
    s.rng = dice_rng((1, 6, 6, 6), (1, 6))
    s = run(turn(s, D), "command; attack; select andhra")
    assert vijayanagara.prompt(s).faction == D  # attacker casualties first
    assert set(legal_text(s)) == {"remove 1 governor from andhra", "remove 1 troop from andhra"}
    s = run(s, "remove 1 governor from andhra")
    assert vijayanagara.prompt(s).faction == V
    assert "remove 1 temple from andhra" in legal_text(s)
    s = run(s, "remove 1 temple from andhra")
    assert pieces(s, "andhra") == {P.TROOP: 2, P.REBEL_RAJA: 2}


def test_casualties_typed_as_one_count_are_removed_one_at_a_time() -> None:
    """A trial owing 4 casualties typed `remove 4 raja from karnataka` and was refused "at
    most 1 now": a count the decision takes one at a time reads as that many steps of one,
    each told as its own; more than are owed is refused as before."""
    s = _andhra_attacked({D: 0, B: 0, V: 0}, (1, 1, 6, 6), (6, 6), governor=1, temple=1)
    assert vijayanagara.prompt(s).faction == V
    assert "remove 1 rebel-raja from andhra" in legal_text(s)
    steps = [step.text for step in parse_order_steps(s, "remove 2 rebel-raja from andhra")]
    assert steps == ["remove 1 rebel-raja from andhra"] * 2
    with pytest.raises(ValueError, match="at most 1 now"):
        run(s, "remove 3 rebel-raja from andhra")
    s = run(s, "remove 2 rebel-raja from andhra")
    assert pieces(s, "andhra")[P.REBEL_RAJA] == 1 and pieces(s, "andhra")[P.TEMPLE] == 1


def parse_order_steps(s: vijayanagara.GameState, text: str) -> list[Step]:
    return fitted(s, parse_order(text, giver=V))


def test_3_1_2_units_attack_only_once_per_command() -> None:
    s = _d_attack_setup()
    independent(s, "gondwana", "orissa")
    put(s, "gondwana", P.REBEL_AMIR, 1)
    put(s, "orissa", P.QASBAH)
    put(s, "orissa", P.TROOP, 2)
    put(s, "orissa", P.REBEL_RAJA, 1)
    s.rng = dice_rng((6, 6, 6, 6), (6, 6))
    s = run(turn(s, D), "command; attack; select gondwana; support 2 troop from orissa")
    s = run(s, "select orissa")
    # the two Troops in Orissa already joined the Attack on Gondwana: none attack now
    line = [x for x in s.log if x.startswith("Dice in Orissa")][-1]
    assert "(no Units involved: no die can hit); V" in line


# -- Cavalry (1.10) -------------------------------------------------------------------------
def _andhra_attacked(
    cavalry: dict[vijayanagara.Faction, int],
    attacker: tuple[int, ...],
    defender: tuple[int, ...],
    governor: int = 0,
    temple: int = 0,
) -> vijayanagara.GameState:
    """Delhi's 2 Troops (and Governors) attack 3 Rebelling Rajas (and a Temple) in Andhra,
    with these Cavalry tokens and dice."""
    s = _d_attack_setup()
    s.cavalry = cavalry
    s.cavalry_pool = 10 - sum(cavalry.values())
    independent(s, "andhra")
    for piece, n in ((P.TROOP, 2), (P.GOVERNOR, governor), (P.REBEL_RAJA, 3), (P.TEMPLE, temple)):
        if n:
            put(s, "andhra", piece, n)
    s.rng = dice_rng(attacker, defender)
    return run(turn(s, D), "command; attack; select andhra")


def test_1_10_cavalry_not_spent_is_told() -> None:
    """A trial read an AI's header over nothing but "Hits scored": the Cavalry it kept."""
    s = _andhra_attacked({D: 1, B: 0, V: 0}, (3, 4, 6, 6), (2, 1))
    assert vijayanagara.prompt(s).faction == D and "done" in legal_text(s)
    s = run(s, "done")
    assert "D is done with Cavalry (1.10)." in s.log and s.cavalry[D] == 1


def test_1_10_a_charge_or_screen_that_changes_no_hit_is_asked_about_and_done_says_no_untruth() -> (
    None
):
    """A trial Charged a 6 to a 5, a miss still, lost the token, and read "V spends no
    Cavalry" at its `done`: a Charge or Screen that changes no hit is noted (the table asks
    to confirm it), and `done` says the side is done with Cavalry."""
    from rules.capabilities import menus_of
    from rules.vijayanagara.game import GAME

    s = _andhra_attacked({D: 2, B: 0, V: 0}, (3, 4, 6, 6), (5, 1))  # hits on 2 or less for D
    menus = menus_of(GAME)

    def note(step: str) -> str | None:
        return menus.note(s, vijayanagara.parse(s, step)[0])

    assert note("charge 3") == "die 3 shows a 6: it would stay a miss as a 5"
    assert note("charge 1") is None  # a 3 to a 2: now a hit
    assert note("screen 1") == "the opponent's die 1 shows a 5, a miss already"
    assert note("screen 2") is None  # a 1 hits the 2 Troops
    assert (
        menus.note_cost(s, vijayanagara.parse(s, "charge 3")[0]) == "spend a Cavalry token (1.10)"
    )
    s = run(s, "charge 1; done")
    assert "D is done with Cavalry (1.10)." in s.log and "spends no Cavalry" not in " ".join(s.log)


def test_1_10_charging_a_hit_towards_a_1_is_not_noted_while_the_opponent_could_screen() -> None:
    """A trial Charged a hit 3 to a 2 to a 1, out of reach of the defender's Screen, and was
    asked to confirm each as changing nothing; without a Screen to fear it is noted still."""
    from rules.capabilities import menus_of
    from rules.vijayanagara.game import GAME

    menus = menus_of(GAME)
    # 2 Troops and a Governor: hits on 3 or less
    s = _andhra_attacked({D: 2, B: 0, V: 1}, (1, 3, 6, 6), (5, 5), governor=1)
    charge = vijayanagara.parse(s, "charge 2")[0]
    assert menus.note(s, charge) is None  # a 3 -> 2 -> 1: V's token cannot Screen a 1
    s = _andhra_attacked({D: 1, B: 0, V: 1}, (1, 3, 6, 6), (5, 5), governor=1)
    assert menus.note(s, charge) == "die 2 shows a 3: it would stay a hit as a 2"  # no 2nd
    s = _andhra_attacked({D: 1, B: 0, V: 1}, (1, 2, 6, 6), (5, 5))  # hits on 2 or less
    assert menus.note(s, charge) is None  # a 2 to a 1: beyond V's Screen
    s = _andhra_attacked({D: 1, B: 0, V: 0}, (1, 2, 6, 6), (5, 5))
    assert menus.note(s, charge) == "die 2 shows a 2: it would stay a hit as a 1"


def test_3_2_4_a_hit_more_than_the_defender_can_lose_is_noted_unless_it_could_screen() -> None:
    """A trial was offered a Charge for a 4th hit against 3 pieces with no note: each side
    removes its pieces equal to the hits (3.2.4), so the hit removes nothing more. It is
    noted, unless the defender holds a token to Screen one of the hits afterwards (1.10)."""
    from rules.capabilities import menus_of
    from rules.vijayanagara.game import GAME

    menus = menus_of(GAME)
    for v_tokens, noted in ((0, True), (1, False)):
        s = _andhra_attacked({D: 1, B: 0, V: v_tokens}, (1, 1, 2, 3), (6, 6))  # 3 hits
        note = menus.note(s, vijayanagara.parse(s, "charge 4")[0])
        assert (note is not None) == noted, note
        assert (
            note
            == "die 4 would hit, but 3 hits already remove all 3 pieces the opponent could lose"
        ) == noted
        assert ("No Cavalry spend changes a casualty now." in vijayanagara.prompt(s).text) == noted


def test_1_10_a_screen_of_a_miss_the_defender_could_charge_into_a_hit_is_not_idle() -> None:
    """The attacker's Screen of the defender's miss is noted as idle only when the defender
    has no token to Charge that die into a hit after the attacker's Cavalry (1.10)."""
    from rules.capabilities import menus_of
    from rules.vijayanagara.game import GAME

    menus = menus_of(GAME)
    s = _andhra_attacked({D: 1, B: 0, V: 1}, (6, 6, 6, 6), (4, 6))  # V: 3 Rajas hit on 3
    assert menus.note(s, vijayanagara.parse(s, "screen 1")[0]) is None  # a 4 charged: 3
    s = _andhra_attacked({D: 1, B: 0, V: 0}, (6, 6, 6, 6), (4, 6))
    note = menus.note(s, vijayanagara.parse(s, "screen 1")[0])
    assert note == "the opponent's die 1 shows a 4, a miss already"


def test_1_10_a_screen_is_idle_when_the_hits_left_still_remove_every_piece_it_could_lose() -> None:
    """The defender's 2 hits against the attacker's 1 Troop: one Screen still leaves a hit
    that removes the Troop, two Screens save it (3.2.4; 1.10)."""
    from rules.capabilities import menus_of
    from rules.vijayanagara.game import GAME

    menus = menus_of(GAME)
    s = _d_attack_setup()
    independent(s, "andhra")
    put(s, "andhra", P.TROOP, 1)
    put(s, "andhra", P.REBEL_RAJA, 3)
    for tokens, noted in ((1, True), (2, False)):
        s.cavalry, s.cavalry_pool = {D: tokens, B: 0, V: 0}, 10 - tokens
        s.rng = dice_rng((6, 6, 6, 6), (2, 3))
        t = run(turn(s, D), "command; attack; select andhra")
        note = menus.note(t, vijayanagara.parse(t, "screen 1")[0])
        assert (note is not None) == noted, note
        if noted:
            assert note == (
                "the opponent's 2 hits remove the 1 piece you could lose, even with every "
                "Screen you could make"
            )


def test_1_10_the_ai_never_spends_a_cavalry_token_that_changes_no_hit() -> None:
    """A trial saw `hard` Screen a die that was a miss already: the steps the AIs choose
    among leave out a Charge or Screen that changes no hit (still legal for a person)."""
    s = _andhra_attacked({D: 2, B: 0, V: 0}, (3, 4, 6, 6), (5, 1))  # hits on 2 or less for D
    legal = [vijayanagara.describe(s, a) for a in vijayanagara.legal_actions(s)]
    useful = [vijayanagara.describe(s, a) for a in vijayanagara.useful_actions(s)]
    assert {"charge 3", "charge 4", "screen 1"} <= set(legal)
    assert set(useful) == {"charge 1", "done"}  # a 1 cannot be Screened


def test_1_10_charge_and_screen_return_tokens_to_the_pool() -> None:
    s = _andhra_attacked({D: 2, B: 0, V: 1}, (3, 1, 6, 6), (2, 1))
    assert vijayanagara.prompt(s).faction == D
    assert "charge 2" not in legal_text(s)  # a 1 cannot be lowered
    assert "screen 2" not in legal_text(s)  # a 1 cannot be Screened
    s = run(s, "charge 1; screen 1")
    # the attacker has no token left: now the defender may use its own
    assert vijayanagara.prompt(s).faction == V
    assert battle(s).att_dice == [2, 1, 6, 6]
    assert battle(s).def_dice == [None, 1]
    assert s.cavalry[D] == 0 and s.cavalry_pool == 9
    s = run(s, "screen 1")
    assert s.cavalry[V] == 0 and s.cavalry_pool == 10
    # D: 2 Units, its 1 hits (the 2 was Screened); V: 3 Units, its 1 hits
    assert pieces(s, "andhra") == {P.TROOP: 1, P.REBEL_RAJA: 2}


def test_1_10_same_die_charged_twice() -> None:
    s = _d_attack_setup()
    s.cavalry = {D: 2, B: 0, V: 0}
    s.cavalry_pool = 8
    independent(s, "andhra")
    put(s, "andhra", P.TROOP, 1)
    put(s, "andhra", P.REBEL_RAJA, 1)
    s.rng = dice_rng((3, 6, 6, 6), (6, 6))
    s = run(turn(s, D), "command; attack; select andhra; charge 1; charge 1")
    assert pieces(s, "andhra") == {P.TROOP: 1}


def test_1_10_cavalry_taken_from_another_faction_when_the_pool_is_empty() -> None:
    s = blank()
    s.cavalry = {D: 6, B: 0, V: 4}
    s.cavalry_pool = 0
    s = turn(s, B)
    gain_cavalry(s, B, 2)
    assert vijayanagara.prompt(s).kind == "cavalry_from"
    s = run(s, "cavalry from V; cavalry from D")
    assert s.cavalry == {D: 5, B: 2, V: 3}
    assert s.cavalry_pool == 0


def test_1_10_mongols_defending_charge_automatically() -> None:
    s = _d_attack_setup()
    put(s, "punjab", P.MONGOL, 3)
    put(s, "punjab", P.TROOP, 1)
    s.rng = dice_rng((6, 6, 6, 6), (4, 5))
    s = run(turn(s, D), "command; attack; select punjab")
    # the Mongol Charge turns the 4 into a 3: a hit with three Invaders
    assert pieces(s, "punjab") == {P.MONGOL: 3}


# -- Deccan Attacks ---------------------------------------------------------------------
def test_3_3_4_bahmani_attack_any_faction_with_a_piece_and_fort_support() -> None:
    s = blank()
    s.resources[B] = 5
    put(s, "andhra", P.RAJA, 1)  # Obedient, Tributary: still a target for the Deccan
    put(s, "andhra", P.TROOP, 1)
    put(s, "maharashtra", P.FORT)
    put(s, "maharashtra", P.AMIR, 3)
    s = run(turn(s, B), "command; attack; select andhra")
    assert set(legal_text(s)) == {"target D", "target V"}
    s = run(s, "target V")
    assert "support 2 amir from maharashtra" in legal_text(s)
    assert "support 3 amir from maharashtra" not in legal_text(s)
    # Bahmani's own Attack rule cited, not Delhi's (a trial read 3.2.4 at its Fort's support)
    assert "the dice are rolled at once (3.3.4); done when ready." in vijayanagara.prompt(s).text
    with pytest.raises(ValueError, match=r"already joined \(3\.3\.4\)"):
        run(s, "support 3 amir from maharashtra")


def test_a_done_with_joining_units_cites_the_attackers_own_attack_rule() -> None:
    """A trial read "brings no more Units into the Attack (3.2.4)", Delhi's rule, at
    Bahmani's Attack: the attacker's own (3.3.4 for Bahmani)."""
    s = blank()
    s.resources[B] = 5
    put(s, "andhra", P.RAJA, 1)
    put(s, "maharashtra", P.FORT)
    put(s, "maharashtra", P.AMIR, 3)
    s = run(turn(s, B), "command; attack; select andhra")  # (Vijayanagara the only target)
    assert "• `done` — bring no more Units into the Attack (3.3.4)" in explained_entries(s)
    assert said(s, Done()) == "B brings no more Units into the Attack (3.3.4)."


def test_3_4_4_vijayanagara_support_one_raja_from_temple_space() -> None:
    s = blank()
    s.resources[V] = 5
    put(s, "andhra", P.AMIR, 1)
    put(s, "karnataka", P.TEMPLE)
    put(s, "karnataka", P.RAJA, 3)
    s = run(turn(s, V), "command; attack")
    said = vijayanagara.prompt(s).text  # (a trial attacked a Province it had no Unit in)
    assert "No Unit of yours in " in said and "Andhra" in said
    assert said.endswith(": only Units joining from your Temple could hit there.")
    s = run(s, "select andhra")
    assert "support 1 raja from karnataka" in legal_text(s)
    assert "support 2 raja from karnataka" not in legal_text(s)
    assert "up to one Raja may join from one adjacent Province with a Temple (3.4.4)" in (
        vijayanagara.prompt(s).text
    )  # (a trial read "Units may join" and found one Raja a time)


def test_3_4_4_three_dice_against_a_fort() -> None:
    s = blank()
    s.resources[V] = 5
    put(s, "andhra", P.AMIR, 1)
    put(s, "andhra", P.FORT)
    put(s, "andhra", P.RAJA, 2)
    s.rng = dice_rng((6, 6, 6), (6, 6))
    s = run(turn(s, V), "command; attack; select andhra")
    assert dice_logged(s) == ([6, 6, 6], [6, 6])


@pytest.mark.parametrize(
    ("att", "dfn", "inf"),
    [((1, 1, 6, 6), (6, 6), {B: 2, V: 1}), ((6, 6, 6, 6), (1, 6), {B: 0, V: 3})],
)
def test_3_3_4_influence_shift_between_bahmani_and_vijayanagara(
    att: tuple[int, ...], dfn: tuple[int, ...], inf: dict[vijayanagara.Faction, int]
) -> None:
    s = blank()
    s.influence = {B: 1, V: 2}
    s.slots[B][2] = 0  # emptied slots: no refill decision in this test
    s.slots[V] = {1: 0, 2: 0, 3: 2, 4: 2}
    s.available[B][P.AMIR] += 2
    s.available[V][P.RAJA] += 4
    s.resources[B] = 5
    s.cavalry = {D: 2, B: 0, V: 0}
    s.cavalry_pool = 8
    put(s, "andhra", P.AMIR, 3)
    put(s, "andhra", P.RAJA, 3)
    s.rng = dice_rng(att, dfn)
    s = run(turn(s, B), "command; attack; select andhra")
    while vijayanagara.prompt(s).kind in ("battle", "refill"):
        s = vijayanagara.apply(s, vijayanagara.legal_actions(s)[0])
    assert {f: s.influence[f] for f in (B, V)} == inf


def test_3_3_4_no_influence_shift_on_equal_losses() -> None:
    s = blank()
    s.influence = {B: 1, V: 1}
    s.resources[B] = 5
    put(s, "andhra", P.AMIR, 3)
    put(s, "andhra", P.RAJA, 3)
    s.rng = dice_rng((1, 6, 6, 6), (1, 6))
    s = run(turn(s, B), "command; attack; select andhra")
    assert s.influence == {B: 1, V: 1}
    assert pieces(s, "andhra") == {P.AMIR: 2, P.RAJA: 2}


def test_3_2_4_attack_costs_one_resource_per_space_and_mongol_target() -> None:
    s = _d_attack_setup()
    put(s, "mountain_passes", P.MONGOL, 2)
    put(s, "mountain_passes", P.TROOP, 4)
    s.rng = dice_rng((1, 2, 6, 6), (6, 6))
    s = run(turn(s, D), "command; attack; select mountain_passes")
    assert pieces(s, "mountain_passes") == {P.TROOP: 4}
    assert s.resources[D] == 9
    assert M not in s.cavalry


def test_3_1_2_a_supporting_unit_lost_as_a_casualty_is_not_counted_again() -> None:
    """A Raja that joined an Attack from Tamilakam and was removed leaves Tamilakam's other
    Units free: a later Attack there this Command counts them, never fewer than none."""
    s = vijayanagara.new_game(14)
    for step in (
        "command+decree", "build", "place 1 temple in tamilakam", "attack", "select andhra",
        "support 1 raja from tamilakam", "screen 2", "screen 4", "remove 1 raja from tamilakam",
        "select rajput", "select tamilakam",
    ):  # fmt: skip
        (action,) = vijayanagara.parse(s, step)
        s = vijayanagara.apply(s, action)
    (dice,) = [line for line in s.log if line.startswith("Dice in Tamilakam")]
    found = re.search(r"V rolls [^(]*\((\d+) Units? involved|V rolls [^(]*\(no Units", dice)
    assert found is not None
    units = int(found.group(1) or 0)
    rajas = count(s, "tamilakam", Piece.RAJA)
    assert units == rajas >= 0


def test_3_2_4_every_battle_line_marks_each_die_and_states_its_hit_rule() -> None:
    import random

    lines = []
    for seed in range(3):
        r = random.Random(seed)
        s = vijayanagara.new_game(seed)
        log = vijayanagara.LogTail.of(s)
        while not s.game_over:
            s = vijayanagara.apply(s, r.choice(vijayanagara.legal_actions(s)))
            log.follow(s)
        lines += [x for x in log.lines if x.startswith("Dice in ")]
    assert len(lines) > 10
    side = re.compile(
        r"[DBVM] rolls ((?:\d[✓✗] ?)+) \((?:(\d+) Units? involved: hits on (\d) or less|no Units involved: no die can hit)"
    )
    for line in lines:
        sides = side.findall(line)
        assert len(sides) == 2, line
        for dice, units, limit in sides:
            for die in dice.split():
                hit = units != "" and int(die[0]) <= int(limit)
                assert die[1] == ("✓" if hit else "✗"), line
            if units and int(units) >= 5:
                assert "a 6 never hits" in line


def test_1_10_a_charge_names_the_die_and_its_value_apart() -> None:
    s = _d_attack_setup()
    put(s, "andhra", P.REBEL_RAJA, 1)
    put(s, "andhra", P.TROOP, 4)
    s.cavalry[D] = 2
    s.cavalry_pool = 8
    s.rng = dice_rng((6, 5, 6, 6), (6, 6))
    s = run(turn(s, D), "command; attack; select andhra")
    s = run(s, "charge 2")
    assert "D Charges: die 2 (a 5) becomes a 4, now a hit." in s.log
    s = run(s, "screen 1")
    assert "D Screens: the opponent's die 1 (a 6) is removed." in s.log


def test_3_1_2_an_attack_no_unit_could_hit_is_named_in_the_prompt_and_asked_about() -> None:
    """A trial's Fort had sent its Amirs to the Command's first Attack: a second Attack next
    to it could roll no hit, yet the prompt said the Fort's Units could join."""
    s = blank()
    s.resources[B] = 5
    put(s, "karnataka", P.FORT)
    put(s, "karnataka", P.AMIR, 2)
    put(s, "karnataka", P.RAJA, 1)
    put(s, "tamilakam", P.RAJA, 1)
    s.rng = dice_rng((6, 6, 6, 6), (6, 6))  # nobody hits: the Raja stays as a target
    s = run(turn(s, B), "command; attack; select karnataka")  # (V, the only target)
    assert legal_text(s) == ["select tamilakam", "done"]
    said = vijayanagara.prompt(s).text
    assert "No Unit of yours could hit in Tamilakam: none is there or free to join" in said
    assert "only Units joining from your Fort" not in said
    select = vijayanagara.parse(s, "select tamilakam")[0]
    note = vijayanagara.idle_note(s, select)
    assert note is not None and note.startswith("no Unit of yours could hit in Tamilakam")
    assert select in vijayanagara.legal_actions(s)  # legal still: 3.3.4 lets it select there


def test_1_10_the_list_of_steps_marks_a_cavalry_step_that_changes_no_hit() -> None:
    """A trial was offered `charge 3|4` with die 3 a hit already: the list of steps marks
    each Charge or Screen that changes no hit, as the table asks about it."""
    from rules.capabilities import menus_of
    from rules.vijayanagara.game import GAME

    s = _andhra_attacked({D: 2, B: 0, V: 0}, (1, 1, 2, 3), (5, 1))  # hits on 2 or less for D
    entries, _ = menus_of(GAME).grouped_choices(s, vijayanagara.legal_actions(s))
    assert entries == [
        "`charge 3` (die 3 shows a 2: it would stay a hit as a 1)",
        "`charge 4` (die 4 would hit, but 3 hits already remove all 3 pieces the opponent could lose)",
        "`screen 1` (the opponent's die 1 shows a 5, a miss already)",
        "`done`",
    ]
