"""Every card of deck.yaml, each side: the Event executed through legal_actions/apply from a
position where it matters, checked against the card's text (2.3.4)."""

from __future__ import annotations

from fixtures.events_helpers import B, D, V, at, end_card, event, independent, n, play, put

from bot.table.moves import walk
from rules import vijayanagara
from rules.capabilities import orders_of
from rules.vijayanagara.engine import top
from rules.vijayanagara.frames import CommandFrame
from rules.vijayanagara.game import GAME
from rules.vijayanagara.model import Faction


def res(s: vijayanagara.GameState) -> tuple[int, int, int]:
    return s.resources[D], s.resources[B], s.resources[V]


def cav(s: vijayanagara.GameState, f: Faction) -> int:
    return s.cavalry[f]


# 1 Capital Relocated ---------------------------------------------------------------------------
def test_01_unshaded_bahmani_places_amirs_touching_devagiri() -> None:
    s = play(at(1, D), "event", "unshaded")
    p = vijayanagara.prompt(s)
    assert p.faction == B and "Devagiri" in p.text  # 'by: B' decides; the card text is quoted
    assert {a.space for a in vijayanagara.legal_actions(s)} == {
        "malwa",
        "madhyadesh",
        "maharashtra",
    }  # type: ignore[union-attr]
    s = play(s, "select maharashtra")
    assert n(s, "maharashtra", "amir") == 3 and res(s)[0] == 9


def test_01_shaded_troops_to_maharashtra_and_qasbah() -> None:
    s = at(1)
    put(s, "delhi", troop=4)
    s = event(s, "shaded")
    assert n(s, "delhi", "troop") == 1 and n(s, "maharashtra", "troop") == 3
    assert n(s, "maharashtra", "qasbah") == 1


# 2 Uprising in Daulatabad ----------------------------------------------------------------------
def test_02_unshaded_khalji_removes_troops_places_amirs() -> None:
    s = at(2)
    put(s, "maharashtra", troop=3)
    s = event(s, "unshaded")
    assert n(s, "maharashtra", "troop") == 1 and n(s, "maharashtra", "amir") == 2


def test_02_unshaded_tughlaq_free_rebel_in_maharashtra() -> None:
    s = at(2, dynasty="tughlaq")
    put(s, "maharashtra", troop=2, amir=2)
    s = event(s, "unshaded", "select maharashtra")
    assert n(s, "maharashtra", "troop") == 0 and not s.spaces["maharashtra"].tributary
    assert s.spaces["maharashtra"].control == B and n(s, "maharashtra", "rebel_amir") == 2
    assert res(s)[1] == 6  # free (3.1.3)


def test_02_shaded_free_march_then_free_govern() -> None:
    s = at(2, D)
    put(s, "gujarat", troop=2)
    s = play(s, "event", "shaded")
    fr = top(s)
    assert isinstance(fr, CommandFrame) and fr.kind == "cmd:march" and fr.free
    assert sorted(fr.allowed or []) == ["madhyadesh", "maharashtra", "malwa"]
    s = play(s, "move 2 troop from gujarat to malwa")
    assert vijayanagara.prompt(s).kind == "event_choose"
    s = play(s, "option-2", "select malwa")
    assert n(s, "malwa", "troop") == 2 and n(s, "malwa", "governor") == 1
    assert res(s)[0] == 12


# 3 Kakatiya Empire Extinguished ----------------------------------------------------------------
def test_03_unshaded_rajas_in_karnataka_and_influence() -> None:
    s = event(at(3), "unshaded")
    assert n(s, "karnataka", "raja") == 2 and s.influence[V] == 1


def test_03_shaded_rajas_out_governor_and_troop_in() -> None:
    s = at(3)
    put(s, "andhra", raja=3)
    s = event(s, "shaded", "select andhra")
    assert n(s, "andhra", "raja") == 1
    assert n(s, "andhra", "governor") == 1 and n(s, "andhra", "troop") == 1


# 4 The Hare and the Hounds ---------------------------------------------------------------------
def test_04_unshaded_temple_and_rajas_touching_hampi() -> None:
    s = event(at(4), "unshaded", "select karnataka")
    assert n(s, "karnataka", "temple") == 1 and n(s, "karnataka", "raja") == 2


def test_04_unshaded_a_temple_the_province_has_already_is_said_not_placed() -> None:
    """The Event does what it can (2.3.4): the Rajas alone, the Temple left out and why."""
    s = at(4)
    put(s, "karnataka", temple=1)
    s = event(s, "unshaded", "select karnataka")
    assert n(s, "karnataka", "temple") == 1 and n(s, "karnataka", "raja") == 2
    assert "Event: 1 Temple not placed in Karnataka: it has one already, one of each " in (
        " ".join(s.log)
    )


def test_04_unshaded_rajas_short_of_the_available_are_said_not_placed() -> None:
    s = at(4)
    put(s, "tamilakam", raja=s.available[V][vijayanagara.Piece.RAJA] - 1)
    s = event(s, "unshaded", "select karnataka")
    assert n(s, "karnataka", "raja") == 1
    assert "Event: 1 Raja not placed in Karnataka: only 1 of 2 Available (1.4.3)." in s.log


def test_04_shaded_troops_in_each_province_touching_hampi() -> None:
    s = event(at(4), "shaded")
    assert n(s, "karnataka", "troop") == 2 and n(s, "andhra", "troop") == 2


# 5 The Raichur Doab ----------------------------------------------------------------------------
def test_05_unshaded_rajas_then_free_vijayanagara_attack_there() -> None:
    s = at(5, B)
    put(s, "andhra", amir=2)
    s = event(s, "unshaded", "select andhra", done=False)
    assert n(s, "andhra", "raja") == 2
    fr = top(s)
    assert isinstance(fr, CommandFrame) and fr.kind == "cmd:attack" and fr.faction == V
    assert fr.free and fr.allowed == ["andhra"]
    assert vijayanagara.prompt(s).faction == V


def test_05_shaded_amirs_then_free_bahmani_attack_there() -> None:
    s = at(5, V)
    put(s, "karnataka", raja=2)
    s = event(s, "shaded", "select karnataka", done=False)
    assert n(s, "karnataka", "amir") == 2
    fr = top(s)
    assert isinstance(fr, CommandFrame) and fr.kind == "cmd:attack" and fr.faction == B
    assert fr.free and fr.allowed == ["karnataka"]


# 6 A New Calculus ------------------------------------------------------------------------------
def test_06_unshaded_khalji_deccan_gains() -> None:
    s = event(at(6), "unshaded")
    assert res(s) == (12, 8, 9)


def test_06_unshaded_tughlaq_delhi_chooses_a_tributary_to_free() -> None:
    s = play(at(6, V, dynasty="tughlaq"), "event", "unshaded")
    assert vijayanagara.prompt(s).faction == D  # 'Delhi chooses' (by: D)
    s = play(s, "select andhra")
    assert not s.spaces["andhra"].tributary and s.spaces["karnataka"].tributary
    assert res(s) == (12, 6, 7)


def test_06_shaded_delhi_gains_and_punjab_troops() -> None:
    s = event(at(6), "shaded")
    assert res(s)[0] == 15 and cav(s, D) == 3 and n(s, "punjab", "troop") == 2


# 7 Musunuri Nayakas ----------------------------------------------------------------------------
def test_07_unshaded_troops_out_rebelling_rajas_in() -> None:
    s = at(7)
    put(s, "andhra", troop=3)
    s = event(s, "unshaded", "select andhra")
    assert n(s, "andhra", "troop") == 1 and n(s, "andhra", "rebel_raja") == 2


def test_07_shaded_replace_rajas_with_amirs() -> None:
    s = at(7)
    put(s, "andhra", raja=2)
    s = event(s, "shaded", "replace raja with amir in andhra", "replace raja with amir in andhra")
    assert n(s, "andhra", "raja") == 0 and n(s, "andhra", "amir") == 2


def test_07_shaded_replace_may_simply_remove() -> None:
    s = at(7)
    put(s, "andhra", raja=2)
    s = event(
        s, "shaded", "replace raja with amir in andhra", "replace raja with nothing in andhra"
    )
    assert n(s, "andhra", "raja") == 0 and n(s, "andhra", "amir") == 1  # 1.4.6


# 8 The Turquoise Throne ------------------------------------------------------------------------
def test_08_unshaded_bahmani_up_vijayanagara_down() -> None:
    s = at(8)
    s.influence[V] = 1
    s.slots[V][1] = 0
    s.available[V][vijayanagara.Piece.RAJA] += 2
    s = event(s, "unshaded")
    assert s.influence[B] == 1 and s.influence[V] == 0 and s.slots[V][1] == 2  # 1.9 refill
    assert res(s)[1] == 8


def test_08_shaded_vijayanagara_up_bahmani_down() -> None:
    s = at(8)
    s.influence[B] = 1
    s = event(s, "shaded")
    assert s.influence[V] == 1 and s.influence[B] == 0 and res(s)[2] == 9


# 9 Diamond Mines of Golconda (Stay Eligible) ---------------------------------------------------
def test_09_unshaded_choose_and_stay_eligible() -> None:
    s = play(at(9), "event", "unshaded")
    assert vijayanagara.prompt(s).kind == "event_choose"
    assert "Bahmani gains 3 Resources" in vijayanagara.prompt(s).text
    s = play(s, "option-2")
    assert res(s)[2] == 10 and n(s, "andhra", "raja") == 1
    s = end_card(s)
    assert s.eligible[B]  # 2.3.4 Stay Eligible: B took the forked option but stays Eligible


def test_09_unshaded_option_1() -> None:
    s = event(at(9), "unshaded", "option-1")
    assert res(s)[1] == 9 and n(s, "andhra", "amir") == 1


def test_09_shaded_delhi_gains_and_troop() -> None:
    s = event(at(9), "shaded")
    assert res(s)[0] == 15 and n(s, "andhra", "troop") == 1


# 10 Fall of Devagiri ---------------------------------------------------------------------------
def test_10_unshaded_vijayanagara_places_rajas_delhi_loses() -> None:
    s = play(at(10, D), "event", "unshaded")
    assert vijayanagara.prompt(s).faction == V
    s = play(s, "select madhyadesh")
    assert n(s, "madhyadesh", "raja") == 2 and res(s)[0] == 9


def test_10_shaded_delhi_gains() -> None:
    s = event(at(10), "shaded")
    assert res(s)[0] == 16 and cav(s, D) == 3


# 11 Alauddin's Market Reforms -----------------------------------------------------------------
def test_11_unshaded_amirs_in_a_tributary() -> None:
    s = at(11)
    independent(s, "malwa")
    s = play(s, "event", "unshaded")
    spaces = {a.space for a in vijayanagara.legal_actions(s)}  # type: ignore[union-attr]
    assert "malwa" not in spaces and "gujarat" in spaces and "delhi" not in spaces
    s = play(s, "select gujarat")
    assert n(s, "gujarat", "amir") == 2 and res(s)[0] == 9


def test_11_shaded_khalji_bonus() -> None:
    s = event(at(11), "shaded")
    assert res(s)[0] == 16 and cav(s, D) == 4
    s = event(at(11, dynasty="tughlaq"), "shaded")
    assert res(s)[0] == 14


# 12 The New Muslims ----------------------------------------------------------------------------
def test_12_unshaded_mongol_in_delhi_troops_removed() -> None:
    s = at(12)
    put(s, "malwa", troop=3)
    put(s, "gujarat", troop=2)
    s = event(s, "unshaded", "select malwa")
    assert n(s, "delhi", "mongol") == 1 and n(s, "malwa", "troop") == 1
    assert n(s, "gujarat", "troop") == 2


def test_12_shaded_remove_mongols_from_one_space() -> None:
    s = at(12)
    put(s, "punjab", mongol=3)
    put(s, "delhi", mongol=1)
    s = event(s, "shaded", "select punjab")
    assert n(s, "punjab", "mongol") == 1 and n(s, "delhi", "mongol") == 1 and res(s)[0] == 14


# 13 Siri Fort ----------------------------------------------------------------------------------
def test_13_unshaded_mongols_in_punjab() -> None:
    s = event(at(13), "unshaded")
    assert n(s, "punjab", "mongol") == 2 and res(s)[0] == 10


def test_13_shaded_troops_in_delhi() -> None:
    s = event(at(13), "shaded")
    assert n(s, "delhi", "troop") == 3 and cav(s, D) == 4


# 14 Chittor, 1303 ------------------------------------------------------------------------------
def test_14_unshaded_troops_removed_near_chittor() -> None:
    s = at(14)
    put(s, "rajput", troop=4)
    s = event(s, "unshaded")
    assert n(s, "rajput", "troop") == 1 and cav(s, D) == 1 and s.cavalry_pool == 9


def test_14_shaded_governor_troops_and_khalji_bonus() -> None:
    s = event(at(14), "shaded")
    assert n(s, "rajput", "governor") == 1 and n(s, "rajput", "troop") == 2
    assert res(s)[0] == 14


# 15 Malik Kafur --------------------------------------------------------------------------------
def test_15_unshaded_governor_removed_delhi_ineligible() -> None:
    s = at(15, B)
    put(s, "malwa", governor=1)
    put(s, "andhra", governor=1)
    s = event(s, "unshaded", "select andhra")
    assert n(s, "andhra", "governor") == 0 and n(s, "malwa", "governor") == 1
    s = end_card(s)
    assert not s.eligible[D]


def test_15_unshaded_the_lone_governor_is_removed_unasked_and_a_typed_removal_taken_as_read() -> (
    None
):
    """2.3.4: one Governor on the map: the Event selects its Province and removes it unasked,
    saying why; `remove 1 governor from malwa` typed after `unshaded` (as a trial did, refused
    then) is taken as read."""
    s = at(15, B)
    put(s, "malwa", governor=1)
    done = event(s, "unshaded")
    assert n(done, "malwa", "governor") == 0
    assert done.log[-4:-2] == [
        "B selects Malwa for the Event unasked: the only space where it can act (2.3.4).",
        "Event: 1 Governor removed from Malwa unasked: the only piece the Event can remove "
        "there (2.3.4).",
    ]
    steps = orders_of(GAME).read_order(s, "event; unshaded; remove 1 governor from malwa", "B")
    reached, refused = walk(GAME, s, steps)
    assert refused is None and reached is not None
    assert n(reached, "malwa", "governor") == 0


def test_15_shaded_free_campaign_then_free_attack() -> None:
    s = at(15)
    put(s, "delhi", troop=2)
    put(s, "gujarat", rebel_amir=1)
    independent(s, "gujarat")
    s = play(s, "event", "shaded", "select delhi", "take 2 troop", "go malwa", "done")
    assert n(s, "malwa", "troop") == 2 and res(s)[0] == 12
    fr = top(s)
    assert isinstance(fr, CommandFrame) and fr.kind == "cmd:attack" and fr.free and fr.max == 1


# 16 Hoysalas of Dwarasamudra (Stay Eligible) ---------------------------------------------------
def test_16_unshaded_rajas_and_stay_eligible() -> None:
    s = event(at(16), "unshaded")
    assert n(s, "karnataka", "raja") == 1 and n(s, "tamilakam", "raja") == 1 and res(s)[2] == 8
    assert end_card(s).eligible[V]


def test_16_shaded_resources() -> None:
    s = event(at(16), "shaded")
    assert res(s) == (14, 6, 5)


# 17 Token Currency (Stay Eligible) -------------------------------------------------------------
def test_17_unshaded_resources() -> None:
    s = event(at(17), "unshaded")
    assert res(s) == (8, 7, 8)


def test_17_shaded_delhi_gains_and_stays_eligible() -> None:
    s = event(at(17), "shaded")
    assert res(s)[0] == 15 and end_card(s).eligible[D]


# 18 Fall of Kampili ----------------------------------------------------------------------------
def test_18_unshaded_troop_out_rajas_and_amir_in() -> None:
    s = at(18)
    put(s, "andhra", troop=2)
    s = event(s, "unshaded", "select andhra")
    assert n(s, "andhra", "troop") == 1 and n(s, "andhra", "raja") == 2
    assert n(s, "andhra", "amir") == 1


def test_18_shaded_rajas_removed_influence_down() -> None:
    s = at(18)
    put(s, "karnataka", raja=3)
    s.influence[V] = 2
    s.slots[V][1] = s.slots[V][2] = 0
    s.available[V][vijayanagara.Piece.RAJA] += 4
    s = play(s, "event", "shaded")
    # Influence 2 -> 1 empties slot 2's place: refill from Available or the map (1.9)
    assert vijayanagara.prompt(s).kind == "refill"
    s = play(s, "slot raja from available", "slot raja from karnataka")
    assert n(s, "karnataka", "raja") == 0 and s.influence[V] == 1 and s.slots[V][2] == 2


# 19 Vidyaranya of Sringeri (Stay Eligible) -----------------------------------------------------
def test_19_unshaded_influence_and_resource() -> None:
    s = event(at(19), "unshaded")
    assert s.influence[V] == 1 and res(s)[2] == 8 and end_card(s).eligible[V]


def test_19_shaded_vijayanagara_loses() -> None:
    s = event(at(19), "shaded")
    assert res(s)[2] == 4


# 20 Madurai Sultanate --------------------------------------------------------------------------
def test_20_unshaded_khalji_troops_replaced_by_rebelling_amirs() -> None:
    s = at(20)
    put(s, "tamilakam", troop=2)
    r = "replace troop with rebel-amir in tamilakam"
    s = event(s, "unshaded", r, r)
    assert n(s, "tamilakam", "troop") == 0 and n(s, "tamilakam", "rebel_amir") == 2
    assert s.spaces["tamilakam"].tributary


def test_20_unshaded_tughlaq_also_independent() -> None:
    s = at(20, dynasty="tughlaq")
    put(s, "tamilakam", troop=2)
    r = "replace troop with rebel-amir in tamilakam"
    s = event(s, "unshaded", "select tamilakam", r, r)
    assert not s.spaces["tamilakam"].tributary and s.spaces["tamilakam"].control == B


def test_20_shaded_amir_out_troops_in() -> None:
    s = at(20)
    put(s, "karnataka", amir=1)
    s = event(s, "shaded", "select karnataka")
    assert n(s, "karnataka", "amir") == 0 and n(s, "karnataka", "troop") == 2


# 21 Rana Hammir of Mewar -----------------------------------------------------------------------
def test_21_unshaded_troops_and_resources() -> None:
    s = at(21)
    put(s, "rajput", troop=3)
    s = event(s, "unshaded")
    assert n(s, "rajput", "troop") == 1 and res(s)[0] == 10 and s.spaces["rajput"].tributary
    s = at(21, dynasty="tughlaq")
    put(s, "rajput", troop=3)
    s = event(s, "unshaded")
    assert not s.spaces["rajput"].tributary and s.spaces["rajput"].control == D


def test_21_shaded_tributary_again_rebels_obedient() -> None:
    s = at(21)
    independent(s, "rajput")
    put(s, "rajput", rebel_raja=1)
    s = event(s, "shaded")
    assert s.spaces["rajput"].tributary and n(s, "rajput", "raja") == 1  # 1.6
    assert n(s, "rajput", "troop") == 2 and s.spaces["rajput"].control is None


# 22 Ibn Battuta (Stay Eligible) ----------------------------------------------------------------
def test_22_unshaded_delhi_loses_bahmani_cavalry() -> None:
    s = event(at(22), "unshaded")
    assert res(s)[0] == 10 and cav(s, B) == 1 and end_card(s).eligible[B]


def test_22_shaded_delhi_gains() -> None:
    s = event(at(22), "shaded")
    assert res(s)[0] == 14 and cav(s, D) == 3


def test_22_unshaded_empty_pool_takes_from_a_faction() -> None:
    s = at(22)
    s.cavalry = {D: 6, B: 0, V: 4}
    s.cavalry_pool = 0
    s = play(s, "event", "unshaded")
    assert vijayanagara.prompt(s).faction == B  # 1.10: the gainer picks the source
    s = play(s, "cavalry from V")
    assert cav(s, B) == 1 and cav(s, V) == 3


# 23 Bahman Shah at Gulbarga --------------------------------------------------------------------
def test_23_unshaded_fort_and_amir() -> None:
    s = event(at(23), "unshaded", "select maharashtra")
    assert n(s, "maharashtra", "fort") == 1 and n(s, "maharashtra", "amir") == 1
    assert res(s)[1] == 8


def test_23_shaded_remove_amirs_choosing_which() -> None:
    s = at(23)
    put(s, "maharashtra", amir=1, rebel_amir=2)
    s = play(s, "event", "shaded")
    assert vijayanagara.prompt(s).kind == "event_pieces"  # Obedient or Rebelling: a real choice
    s = play(s, "remove 1 rebel-amir from maharashtra", "remove 1 amir from maharashtra")
    assert n(s, "maharashtra", "amir") == 0 and n(s, "maharashtra", "rebel_amir") == 1
    assert res(s)[0] == 14


# 24 Ilyas Shah of Bengal -----------------------------------------------------------------------
def test_24_unshaded_khalji_and_tughlaq() -> None:
    assert res(event(at(24), "unshaded"))[0] == 9
    s = at(24, dynasty="tughlaq")
    put(s, "jaunpur", governor=1)
    s = event(s, "unshaded")  # Orissa is the only Province without a Governor
    assert not s.spaces["orissa"].tributary and s.spaces["jaunpur"].tributary


def test_24_shaded_troops_touching_lakhnauti() -> None:
    s = event(at(24), "shaded")
    assert n(s, "jaunpur", "troop") == 2 and n(s, "orissa", "troop") == 2 and cav(s, D) == 3


# 25 Firuz Shah's Canals (Stay Eligible) --------------------------------------------------------
def test_25_unshaded_deccan_gains() -> None:
    s = event(at(25), "unshaded")
    assert res(s) == (12, 8, 9) and end_card(s).eligible[D]


def test_25_shaded_delhi_gains() -> None:
    assert res(event(at(25), "shaded"))[0] == 16


# 26 Jizya on the Brahmins (Stay Eligible) ------------------------------------------------------
def test_26_unshaded_rajas_in_two_tributaries_chosen_by_vijayanagara() -> None:
    s = at(26, D)
    independent(s, "andhra")
    s = play(s, "event", "unshaded")
    assert vijayanagara.prompt(s).faction == V
    assert "andhra" not in {a.space for a in vijayanagara.legal_actions(s)}  # type: ignore[union-attr]
    s = play(s, "select karnataka")
    assert vijayanagara.prompt(s).faction == V
    assert "karnataka" not in {a.space for a in vijayanagara.legal_actions(s)}  # type: ignore[union-attr]
    s = play(s, "select tamilakam")
    assert n(s, "karnataka", "raja") == 1 and n(s, "tamilakam", "raja") == 1
    assert end_card(s).eligible[D]


def test_26_shaded_delhi_gains() -> None:
    assert res(event(at(26), "shaded"))[0] == 15


# 27 Reddis of Kondavidu ------------------------------------------------------------------------
def test_27_unshaded_choose_then_troop_removed() -> None:
    s = at(27)
    put(s, "andhra", troop=2)
    s = event(s, "unshaded", "option-2")
    assert n(s, "andhra", "amir") == 2 and n(s, "andhra", "troop") == 1


def test_27_shaded_raja_and_amir_removed() -> None:
    s = at(27)
    put(s, "andhra", raja=2, amir=2)
    s = event(s, "shaded")
    assert n(s, "andhra", "raja") == 1 and n(s, "andhra", "amir") == 1 and res(s)[0] == 14


# 28 Eastern Gangas of Orissa -------------------------------------------------------------------
def test_28_unshaded_independent_then_raja_controls() -> None:
    s = event(at(28), "unshaded")
    assert not s.spaces["orissa"].tributary and s.spaces["orissa"].control == V
    assert n(s, "orissa", "rebel_raja") == 1  # 1.4.5


def test_28_shaded_tributary_troops_cavalry() -> None:
    s = at(28)
    independent(s, "orissa")
    put(s, "orissa", rebel_raja=1)
    s = event(s, "shaded")
    assert s.spaces["orissa"].tributary and n(s, "orissa", "raja") == 1
    assert n(s, "orissa", "troop") == 2 and cav(s, D) == 3


# 29 Horses from Hormuz (Stay Eligible) ---------------------------------------------------------
def test_29_unshaded_choose_who_gains_cavalry() -> None:
    s = event(at(29), "unshaded", "option-2")
    assert cav(s, V) == 2 and cav(s, B) == 0 and end_card(s).eligible[B]


def test_29_shaded_delhi_cavalry() -> None:
    assert cav(event(at(29), "shaded"), D) == 4


# 30 Guns at Kauthal ----------------------------------------------------------------------------
def test_30_unshaded_cavalry_then_free_attack_touching_raichur() -> None:
    s = at(30)
    put(s, "andhra", amir=3, raja=1)
    s = event(s, "unshaded", done=False)
    assert cav(s, B) == 2
    fr = top(s)
    assert isinstance(fr, CommandFrame) and fr.kind == "cmd:attack" and fr.faction == B and fr.free
    assert sorted(fr.allowed or []) == ["andhra", "karnataka", "maharashtra"]
    assert vijayanagara.Select(space="andhra") in vijayanagara.legal_actions(s)


def test_30_shaded_bahmani_loses_vijayanagara_gains() -> None:
    s = at(30)
    s.cavalry[B], s.cavalry_pool = 1, 7
    s = event(s, "shaded")
    assert cav(s, B) == 0 and cav(s, V) == 2 and s.cavalry_pool == 6


# 31 Madhura Vijayam ----------------------------------------------------------------------------
def test_31_unshaded_amirs_and_troop_out_rajas_in() -> None:
    s = at(31)
    put(s, "andhra", amir=3, troop=1)
    s = event(s, "unshaded", "select andhra")
    assert n(s, "andhra", "amir") == 1 and n(s, "andhra", "troop") == 0
    assert n(s, "andhra", "raja") == 2


def test_31_shaded_rajas_out_of_tamilakam() -> None:
    s = at(31)
    put(s, "tamilakam", raja=3)
    s = event(s, "shaded")
    assert n(s, "tamilakam", "raja") == 1 and res(s)[2] == 5


# 32 Port of Cambay (Stay Eligible) -------------------------------------------------------------
def test_32_unshaded_resources_and_amir() -> None:
    s = play(at(32, D), "event", "unshaded")
    assert (
        vijayanagara.prompt(s).faction == B
    )  # 'Bahmani ... places': B decides the details (2.3.4)
    s = play(s, "select gujarat")
    assert res(s)[1] == 8 and n(s, "gujarat", "amir") == 1 and end_card(s).eligible[D]


def test_32_shaded_delhi_gains_troop_in_gujarat() -> None:
    s = event(at(32), "shaded")
    assert res(s)[0] == 15 and n(s, "gujarat", "troop") == 1


# 33 Ghazi Malik, Warden of the Marches ---------------------------------------------------------
def test_33_unshaded_troops_to_the_mountain_passes() -> None:
    s = at(33)
    put(s, "malwa", troop=4)
    put(s, "gujarat", troop=1)
    s = event(s, "unshaded", "select malwa")
    assert n(s, "malwa", "troop") == 1 and n(s, "mountain_passes", "troop") == 3
    assert res(s)[0] == 11


def test_33_shaded_governor_troops_touching_multan_mongols_removed() -> None:
    s = at(33)
    put(s, "punjab", mongol=3)
    s = event(s, "shaded", "select punjab")
    assert n(s, "punjab", "governor") == 1 and n(s, "punjab", "troop") == 2
    assert n(s, "punjab", "mongol") == 1


# 34 The Chagatai Ulus --------------------------------------------------------------------------
def test_34_unshaded_mongols_arrive() -> None:
    s = event(at(34), "unshaded")
    assert n(s, "mountain_passes", "mongol") == 1 and n(s, "punjab", "mongol") == 2


def test_34_shaded_mongols_removed() -> None:
    s = at(34)
    put(s, "mountain_passes", mongol=3)
    put(s, "punjab", mongol=2)
    s = event(s, "shaded")
    assert n(s, "mountain_passes", "mongol") == 1 and n(s, "punjab", "mongol") == 1
    assert res(s)[0] == 13


# 35 Two Sultans in Delhi -----------------------------------------------------------------------
def test_35_unshaded_khalji_delhi_loses_and_ineligible() -> None:
    s = event(at(35), "unshaded")
    assert res(s)[0] == 9
    assert not end_card(s).eligible[D]


def test_35_unshaded_tughlaq_tributary_removed_touching_chanderi() -> None:
    s = play(at(35, dynasty="tughlaq"), "event", "unshaded")
    assert {a.space for a in vijayanagara.legal_actions(s)} == {"malwa", "jaunpur"}  # type: ignore[union-attr]
    s = play(s, "select jaunpur")
    assert not s.spaces["jaunpur"].tributary and res(s)[0] == 10
    s = end_card(s)
    assert s.eligible[D] and not s.eligible[B]  # only the Khalji text makes Delhi Ineligible


def test_35_shaded_free_govern_in_two_spaces() -> None:
    s = at(35)
    s = event(s, "shaded", "select malwa", "select jaunpur")
    assert n(s, "malwa", "governor") == 1 and n(s, "jaunpur", "governor") == 1
    assert res(s)[0] == 12


# 36 Goa Changes Hands --------------------------------------------------------------------------
def test_36_unshaded_amir_replaced_by_raja() -> None:
    s = at(36)
    put(s, "maharashtra", amir=1)
    s = event(s, "unshaded", "replace amir with raja in maharashtra")
    assert n(s, "maharashtra", "amir") == 0 and n(s, "maharashtra", "raja") == 1
    assert cav(s, V) == 2


def test_36_shaded_raja_replaced_by_amir() -> None:
    s = at(36)
    put(s, "karnataka", raja=1)
    s = event(s, "shaded", "replace raja with amir in karnataka")
    assert n(s, "karnataka", "raja") == 0 and n(s, "karnataka", "amir") == 1
    assert cav(s, B) == 2
