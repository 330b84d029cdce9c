"""The worked examples of the Taj Mahal rules text, with the text's numbers."""

from __future__ import annotations

from taj_helpers import BOARD, arrange, finish_withdrawal, order, started, with_hands

from rules.taj_mahal import GAME
from rules.taj_mahal.components import Board, Tile
from rules.taj_mahal.scoring import palace_points
from rules.taj_mahal.state import NO

ANNA, BOB, CHRIS, DORIS = 0, 1, 2, 3


def test_example_anna_bob_chris_and_doris_withdraw_in_turn() -> None:
    """Withdraw (example): Anna withdraws with the elephant majority and takes the province
    tile; Bob takes the Vizier; Chris plays another card (no monk, no Grand Mogul) hoping Doris
    withdraws; Doris takes the Monk and the crown; then Chris, alone, takes the Princess and
    the General, which he tied with Doris while she was in the visit."""
    s = with_hands(
        started(4),
        ["yellow elephant", "white elephant", "yellow princess+elephant"],
        ["red vizier+general", "red vizier"],
        ["green general+princess", "green princess", "green princess"],
        ["violet general+monk", "violet princess+grand_mogul"],
    )
    s = arrange(s, bonus_on=tuple(NO for _ in s.bonus_on))  # no bonus tiles in this example
    for text in (
        "play yellow elephant with white elephant",
        "play red vizier+general",
        "play green general+princess",
        "play violet general+monk",
        "play yellow princess+elephant",
        "play red vizier",
        "play green princess",
        "play violet princess+grand_mogul",
    ):
        s = order(s, text)
    # Anna: 3 elephants against none
    s = finish_withdrawal(order(s, "withdraw"))
    assert s.province_tiles[ANNA] == (1,) and s.influence[ANNA] == (0, 0, 0, 0)
    assert s.scores[ANNA] == 1  # the number 1 province tile: one commodity
    # Bob: 2 viziers; his general ties Chris's and Doris's
    s = order(s, "withdraw")
    assert s.influence[BOB] == (1, 0, 0, 0) and s.phase == "place"
    s = finish_withdrawal(s)
    assert sum(1 for p in s.palace if p == BOB) == 1
    # Chris plays another card
    s = order(s, "play green princess")
    # Doris: the monk and the crown; her general still ties Chris's
    s = order(s, "withdraw")
    assert s.influence[DORIS] == (0, 0, 1, 0) and s.pending == (2, 4)
    s = finish_withdrawal(s)
    assert s.crown_city != NO and s.crown_palace[s.crown_city] == DORIS
    # Chris alone: the general and the princess, two palaces
    assert GAME.to_move(s) == GAME.info.seats[CHRIS]
    s = order(s, "withdraw")
    assert s.influence[CHRIS] == (0, 1, 0, 1)
    assert s.phase == "place"
    s = order(s, "palace " + BOARD.city_ids[next(a.city for a in GAME.legal_actions(s))])
    s = order(s, "palace " + BOARD.city_ids[next(a.city for a in GAME.legal_actions(s))])
    assert sum(1 for p in s.palace if p == CHRIS) == 2
    # the last player to withdraw takes the one card left
    (take,) = {len(a.cards) for a in GAME.legal_actions(s)}
    assert take == 1


def _example_board() -> Board:
    """The board of the palace example: provinces A-I, the cities the example names."""
    cities = {
        "A": ["A1", "A2", "A3", "A4"],
        "B": ["B1", "B2", "B3"],
        "C": ["C1", "C2", "C3"],
        "D": ["D1", "D2"],
        "E": ["E1", "E2"],
        "F": ["F1"],
        "G": ["G1"],
        "H": ["H1"],
        "I": ["I1", "I2"],
    }
    roads = [
        ("A1", "A2"), ("A2", "A3"), ("A3", "A4"), ("A4", "A1"),
        ("A4", "B1"), ("B1", "C1"), ("C1", "C3"), ("A2", "E1"),  # red's roads
        ("A1", "D1"), ("A3", "I1"),  # blue's
        ("A3", "B2"), ("B2", "H1"), ("H1", "I2"), ("I2", "G1"),  # brown's
        ("E1", "E2"), ("E2", "F1"),  # brown's E and F, cut off from A
        ("A1", "D2"), ("D2", "C2"), ("C2", "B3"),  # gray's chain
        ("D1", "D2"), ("I1", "I2"), ("B1", "B2"), ("C2", "C3"),
    ]  # fmt: skip
    names = [c for cs in cities.values() for c in cs]
    provs = list(cities)
    prov_of = tuple(provs.index(c[0]) for c in names)
    neighbours: list[list[int]] = [[] for _ in names]
    for a, b in roads:
        neighbours[names.index(a)].append(names.index(b))
        neighbours[names.index(b)].append(names.index(a))
    return Board(
        province_ids=tuple(provs),
        province_titles=tuple(provs),
        grid=tuple((0, 0) for _ in provs),
        city_ids=tuple(names),
        city_titles=tuple(names),
        city_province=prov_of,
        fortress=tuple(False for _ in names),
        xy=tuple((0, 0) for _ in names),
        roads=tuple((names.index(a), names.index(b)) for a, b in roads),
        neighbours=tuple(tuple(n) for n in neighbours),
        cities_of=tuple(
            tuple(i for i, p in enumerate(prov_of) if p == q) for q in range(len(provs))
        ),
        agra_province=0,
        agra_city=0,
        taj_mahal=Tile("points", 4),
        province_tiles=(),
        bonus_tiles=(),
        text_key="",
    )


def test_example_palace_connections_score_red_4_blue_3_brown_5_gray_0() -> None:
    """Influence points 3 (example): A is the current province. Red scores 1 for A, 2 for the
    A4 connection to B and C and 1 for the A2 connection to E; blue 1 for A and 1 each for the
    A1 connection to D and the A3 connection to I; brown 1 and 4 for the A3 connection to B,
    H, I and G (A3 holds two palaces: it connects for both); gray, with no palace in A, 0; had
    gray placed a palace on A1 it would score 4: A, D, C and B."""
    b = _example_board()
    red, blue, brown, gray = range(4)
    normal = {
        "A2": red, "A4": red, "B1": red, "C1": red, "C3": red, "E1": red,
        "A1": blue, "A3": blue, "D1": blue, "I1": blue,
        "B2": brown, "H1": brown, "I2": brown, "G1": brown, "E2": brown, "F1": brown,
        "D2": gray, "C2": gray, "B3": gray,
    }  # fmt: skip
    crown = {"A3": brown}  # the second palace on A3
    palace = tuple(normal.get(c, NO) for c in b.city_ids)
    crown_palace = tuple(crown.get(c, NO) for c in b.city_ids)
    a = 0
    scores = [palace_points(b, palace, crown_palace, seat, a) for seat in range(4)]
    assert scores == [1 + 2 + 1, 1 + 1 + 1, 1 + 4, 0]
    # the second palace in A (and in C) scores no extra point: red's C3 counts C once
    # brown's E and F are not connected to a brown palace in A
    if_gray = tuple(gray if c == "A1" else normal.get(c, NO) for c in b.city_ids)
    assert palace_points(b, if_gray, crown_palace, gray, a) == 1 + 3
