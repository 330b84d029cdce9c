"""Where our map's areas and seas are drawn: render data of ours, like the map itself.

The magazine's map is not public; ours (rules/successors/data/map.yaml) is a reconstruction,
and so is this drawing of it: a schematic, each area a box placed roughly where it lies, the
whole turned about a third of a right angle clockwise so that the road from Macedonia (top
left) to India (bottom right) runs down the picture's diagonal: Europe and Anatolia at the top,
the Levant and Egypt down the left, Mesopotamia and Iran down the middle and the right, India
at the bottom. North points up and to the right.

`CENTRES` holds the centre of each land area's box, by the map's ids, in pixels of the map's
drawing (780 wide, `MAP_HEIGHT` tall); `SEAS` each sea's outline (drawn under the boxes: a
coastal area's box lies on its sea's edge), the top left corner of its name and the width of
its line of fleets; `PANEL` where the players' table goes, in the open sea. `BENDS` are
points a link passes through, where a straight line would run under or close by a third box,
cross another link, run alongside it or leave a box beside it: each border traced by eye
(tests/test_successors_render.py says how far apart). An owner's
map with areas or seas not listed here still draws: layout.py places those by their links.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

Point = tuple[int, int]

MAP_HEIGHT = 1245
# the players' table, in the open sea at the bottom left
PANEL: tuple[int, int, int, int] = (8, 998, 370, 1240)

CENTRES: Mapping[str, Point] = MappingProxyType(
    {
        # Europe and Anatolia
        "mac": (70, 50),
        "thr": (194, 49),
        "gre": (129, 148),
        "hel": (281, 158),
        "pap": (436, 162),
        "cap": (580, 188),
        "arm": (635, 284),
        "lyd": (205, 278),
        "phr": (334, 296),
        "car": (184, 389),
        "lyc": (306, 417),
        "cil": (444, 349),
        # the Levant, Egypt and Arabia
        "cyp": (144, 523),
        "syr": (399, 530),
        "pho": (278, 602),
        "cse": (280, 700),
        "egy": (157, 739),
        "cyr": (63, 835),
        "ara": (350, 802),
        # Mesopotamia and Iran
        "mes": (535, 453),
        "bab": (480, 660),
        "med": (670, 483),
        "hyr": (726, 385),
        "sus": (596, 680),
        "pth": (726, 654),
        "per": (596, 776),
        "ari": (711, 857),
        "kar": (467, 868),
        "dra": (593, 876),
        # the upper satrapies and India
        "ged": (466, 971),
        "arc": (585, 992),
        "bac": (713, 996),
        "pmd": (665, 1095),
        "sog": (722, 1192),
        "sin": (443, 1084),
        "nin": (520, 1192),
    }
)

SEAS: Mapping[str, tuple[tuple[Point, ...], Point, int]] = MappingProxyType(
    {
        "pon": (
            (
                (238, 0),
                (780, 0),
                (780, 190),
                (660, 190),
                (660, 155),
                (505, 155),
                (505, 140),
                (362, 140),
                (362, 115),
                (238, 115),
            ),
            (300, 22),
            150,
        ),
        "aeg": (
            (
                (0, 70),
                (250, 70),
                (250, 100),
                (212, 100),
                (212, 218),
                (156, 218),
                (156, 460),
                (0, 460),
            ),
            (8, 196),
            130,
        ),
        "cys": (
            ((70, 422), (372, 422), (372, 380), (460, 380), (460, 600), (70, 600)),
            (204, 482),
            140,
        ),
        "egs": (
            ((0, 600), (232, 600), (232, 745), (100, 745), (100, 805), (0, 805)),
            (6, 606),
            150,
        ),
        "red": (((200, 770), (305, 770), (305, 900), (200, 900)), (206, 792), 88),
        "gulf": (
            ((395, 695), (560, 695), (560, 826), (525, 826), (525, 840), (395, 840)),
            (405, 708),
            130,
        ),
        "ery": (
            (
                (305, 835),
                (418, 835),
                (418, 1125),
                (440, 1125),
                (440, 1245),
                (0, 1245),
                (0, 905),
                (305, 905),
            ),
            (14, 912),
            160,
        ),
    }
)

BENDS: Mapping[tuple[str, str], tuple[Point, ...]] = MappingProxyType(
    {
        ("car", "phr"): ((240, 348), (268, 348)),
        ("phr", "cap"): ((505, 226),),
        ("syr", "ara"): ((372, 650),),
        ("ara", "mes"): ((400, 700), (400, 598), (470, 598)),
        ("mes", "bab"): ((545, 560),),
        ("hyr", "pth"): ((752, 440), (752, 600)),
        ("med", "sus"): ((630, 560),),
        ("med", "per"): ((661, 600), (661, 745)),
        ("per", "kar"): ((535, 800),),
        ("ari", "arc"): ((672, 934), (640, 934)),
        ("bac", "sog"): ((768, 1040), (768, 1150)),
    }
)
