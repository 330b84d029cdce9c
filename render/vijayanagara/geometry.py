"""All the geometry of the board image, in one data module.

Coordinates are pixels of the map area (x right, y down), before any scaling. The shapes are
this project's stylised drawing of the reconstructed map (rules/vijayanagara/data/map.yaml, 1.3): two spaces
share a border exactly when the map says they are adjacent, and non-adjacent spaces never touch.

- Delhi (1.3.3) is a large circle; the spaces around it share arcs of that circle.
- The Vindhya Range is a small impassable region (not a space) with Jaunpur to its north,
  Gondwana east, Madhyadesh south and Malwa west: so Malwa-Gondwana and Madhyadesh-Jaunpur do
  not touch (1.3.5).
- Gondwana, Orissa, Andhra and Madhyadesh meet at one point, the Warangal corner: Gondwana-Andhra
  and Madhyadesh-Orissa are adjacent through that corner only (1.3.5).
- The top arc of Delhi's circle faces the Himalaya (land outside the map), which keeps Punjab and
  Jaunpur apart.

tests/test_render_geometry.py checks all of this against rules.vijayanagara.board().
"""

from __future__ import annotations

import math

Point = tuple[int, int]

# Portrait, to fill a phone screen: the map on top, the panel below it.
MAP_W = 1000  # map area, pixels
MAP_H = 1100
PANEL_H = 610  # the panel below the map
WIDTH = MAP_W  # the whole image
HEIGHT = MAP_H + PANEL_H

PHONE_WIDTH = 390  # px: how wide a phone shows the board


def on_phone(px: float) -> float:
    """How large `px` pixels of the board show on a phone."""
    return px * PHONE_WIDTH / WIDTH


Box = tuple[int, int, int, int]  # left, top, right, bottom
# Boxes drawn in the sea: the Deccan Influence tracks (1.9) in the Bay of Bengal, the key in
# the Arabian Sea.
INFLUENCE_BOX: Box = (716, 800, 990, 1090)
KEY_BOX: Box = (8, 598, 236, 1092)

DELHI_CENTER: Point = (450, 250)
DELHI_RADIUS = 88


def circle_point(deg: int) -> Point:
    """The point of Delhi's circle at `deg` degrees (0 = east, 90 = south: y grows down)."""
    a = math.radians(deg)
    cx, cy = DELHI_CENTER
    return (round(cx + DELHI_RADIUS * math.cos(a)), round(cy + DELHI_RADIUS * math.sin(a)))


def arc(start: int, end: int, step: int = 5) -> list[Point]:
    """Points of Delhi's circle from `start` to `end` degrees inclusive, either direction.

    Angles are multiples of `step`, so two spaces sharing an arc share the same points."""
    sign = 1 if end >= start else -1
    return [circle_point(d % 360) for d in range(start, end + sign, sign * step)]


# Named corners where three or more regions meet, and the Cities on them (map.yaml `cities`).
O1: Point = (40, 88)  # Mountain Passes, north-west corner
T1: Point = (200, 78)  # Mountain Passes | Punjab | the north
MPS: Point = (232, 248)  # Mountain Passes | Punjab | Sindh
MS: Point = (32, 270)  # Mountain Passes | Sindh, west edge
MULTAN: Point = (275, 300)  # Punjab | Sindh | Rajput
SGR: Point = (240, 440)  # Sindh | Gujarat | Rajput
SG: Point = (160, 458)  # Sindh | Gujarat, coast
CHITTOR: Point = (360, 450)  # Rajput | Gujarat | Malwa
CAMBAY: Point = (335, 565)  # Gujarat | Malwa | Maharashtra
GM: Point = (285, 595)  # Gujarat | Maharashtra, coast
DEVAGIRI: Point = (470, 600)  # Malwa | Madhyadesh | Maharashtra
VNW: Point = (470, 445)  # Vindhya Range corners
VNE: Point = (625, 432)
VSE: Point = (635, 492)
VSW: Point = (462, 502)
G1: Point = (738, 396)  # Jaunpur | Gondwana | Orissa
LAKHNAUTI: Point = (810, 378)  # on the Jaunpur | Orissa border
E1: Point = (915, 345)  # Jaunpur | Orissa, east coast
WARANGAL: Point = (670, 585)  # the four-way corner
OA: Point = (770, 640)  # Orissa | Andhra, coast
GULBARGA: Point = (500, 705)  # Madhyadesh | Maharashtra | Andhra
RAICHUR: Point = (475, 800)  # Maharashtra | Andhra | Karnataka
GOA: Point = (385, 778)  # on the Maharashtra | Karnataka border
KM: Point = (345, 760)  # Maharashtra | Karnataka, coast
HAMPI: Point = (505, 850)  # on the Andhra | Karnataka border
AKT: Point = (525, 918)  # Andhra | Karnataka | Tamilakam
KANCHI: Point = (585, 905)  # on the Andhra | Tamilakam border
AT: Point = (640, 890)  # Andhra | Tamilakam, coast
MADURAI: Point = (488, 945)  # on the Karnataka | Tamilakam border
TK: Point = (455, 965)  # Karnataka | Tamilakam, coast

# Borders between two regions, as polylines from one named corner to another.
_MP_PUNJAB = [T1, (215, 165), MPS]
_MP_SINDH = [MS, (130, 262), MPS]
_PUNJAB_RAJPUT = [MULTAN, (330, 255), circle_point(200)]
_SINDH_RAJPUT = [MULTAN, (252, 375), SGR]
_RAJPUT_MALWA = [circle_point(125), (392, 395), CHITTOR]
_RAJPUT_GUJARAT = [SGR, (300, 462), CHITTOR]
_GUJARAT_MALWA = [CHITTOR, (355, 510), CAMBAY]
_MALWA_MAHA = [CAMBAY, (400, 590), DEVAGIRI]
_MALWA_MADHYA = [DEVAGIRI, (465, 550), VSW]
_MALWA_JAUNPUR = [VNW, (490, 385), circle_point(50)]
_GONDWANA_ORISSA = [G1, (762, 488), WARANGAL]
_GONDWANA_MADHYA = [VSE, (655, 540), WARANGAL]
_ORISSA_ANDHRA = [WARANGAL, (722, 615), OA]
_MADHYA_MAHA = [DEVAGIRI, (478, 655), GULBARGA]
_MADHYA_ANDHRA = [GULBARGA, (590, 655), WARANGAL]
_MAHA_ANDHRA = [GULBARGA, (485, 760), RAICHUR]
_MAHA_KARNATAKA = [RAICHUR, (420, 790), GOA, KM]
_ANDHRA_KARNATAKA = [RAICHUR, HAMPI, AKT]
_KARNATAKA_TAMIL = [AKT, MADURAI, TK]
_ANDHRA_TAMIL = [AKT, KANCHI, AT]

# Coasts and outer edges.
_MP_WEST = [MS, (25, 180), O1]
_PUNJAB_NORTH = [T1, (330, 88), (392, 125), circle_point(245)]
_JAUNPUR_NORTH = [circle_point(295), (525, 125), (660, 110), (800, 150), (885, 230), E1]
_SINDH_COAST = [SG, (100, 440), (62, 390), (42, 320), MS]
_GUJARAT_COAST = [GM, (245, 585), (175, 565), (115, 520), (125, 478), SG]
_ORISSA_COAST = [E1, (930, 420), (890, 500), (830, 570), OA]
_ANDHRA_COAST = [OA, (715, 730), (675, 810), AT]
_TAMIL_COAST = [AT, (625, 960), (575, 1030), (525, 1075), (490, 1040), TK]
_KARNATAKA_COAST = [TK, (415, 895), (375, 820), KM]
_MAHA_COAST = [KM, (310, 680), GM]


def _ring(*parts: list[Point]) -> list[Point]:
    """Join polylines end to start into one closed ring (repeated joints dropped)."""
    out: list[Point] = []
    for part in parts:
        for p in part:
            if not out or out[-1] != p:
                out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def _rev(part: list[Point]) -> list[Point]:
    return list(reversed(part))


# Each space's outline (a closed ring; Delhi's is its circle).
POLYGONS: dict[str, list[Point]] = {
    "mountain_passes": _ring([O1, T1], _MP_PUNJAB, _rev(_MP_SINDH), _MP_WEST),
    "punjab": _ring(
        _PUNJAB_NORTH, arc(245, 200), _rev(_PUNJAB_RAJPUT), [MULTAN, MPS], _rev(_MP_PUNJAB)
    ),
    "delhi": arc(0, 355),
    "sindh": _ring(_MP_SINDH, [MPS, MULTAN], _SINDH_RAJPUT, [SGR, SG], _SINDH_COAST),
    "rajput": _ring(
        _PUNJAB_RAJPUT, arc(200, 125), _RAJPUT_MALWA, _rev(_RAJPUT_GUJARAT), _rev(_SINDH_RAJPUT)
    ),
    "gujarat": _ring(_RAJPUT_GUJARAT, _GUJARAT_MALWA, [CAMBAY, GM], _GUJARAT_COAST, [SG, SGR]),
    "malwa": _ring(
        arc(50, 125),
        _RAJPUT_MALWA,
        _GUJARAT_MALWA,
        _MALWA_MAHA,
        _MALWA_MADHYA,
        [VSW, VNW],
        _MALWA_JAUNPUR,
    ),
    "jaunpur": _ring(_JAUNPUR_NORTH, [E1, LAKHNAUTI, G1, VNE, VNW], _MALWA_JAUNPUR, arc(50, -65)),
    "gondwana": _ring([VNE, G1], _GONDWANA_ORISSA, _rev(_GONDWANA_MADHYA)),
    "madhyadesh": _ring(
        [VSW, VSE], _GONDWANA_MADHYA, _rev(_MADHYA_ANDHRA), _rev(_MADHYA_MAHA), _MALWA_MADHYA
    ),
    "orissa": _ring(
        [G1, LAKHNAUTI, E1], _ORISSA_COAST, _rev(_ORISSA_ANDHRA), _rev(_GONDWANA_ORISSA)
    ),
    "maharashtra": _ring(
        _MALWA_MAHA, _MADHYA_MAHA, _MAHA_ANDHRA, _MAHA_KARNATAKA, _MAHA_COAST, [GM, CAMBAY]
    ),
    "andhra": _ring(
        _ORISSA_ANDHRA,
        _ANDHRA_COAST,
        _rev(_ANDHRA_TAMIL),
        _rev(_ANDHRA_KARNATAKA),
        _rev(_MAHA_ANDHRA),
        _MADHYA_ANDHRA,
    ),
    "karnataka": _ring(
        _ANDHRA_KARNATAKA, _KARNATAKA_TAMIL, _KARNATAKA_COAST, _rev(_MAHA_KARNATAKA)
    ),
    "tamilakam": _ring(_ANDHRA_TAMIL, _TAMIL_COAST, _rev(_KARNATAKA_TAMIL)),
}

# The Vindhya Range (hatched, impassable, not a space).
VINDHYA: list[Point] = [VNW, VNE, VSE, VSW]

# Land beyond the map (the Himalaya and the lands west and east), drawn muted.
BEYOND: list[Point] = _ring(
    [(0, 0), (MAP_W, 0), (MAP_W, 430), (930, 420)],
    _rev(_JAUNPUR_NORTH),
    arc(295, 245),
    _rev(_PUNJAB_NORTH),
    [T1, O1],
    _rev(_MP_WEST),
    [MS, (0, 300)],
)

# Where each space's name goes (centre of the text), and the centre of its pieces.
LABELS: dict[str, Point] = {
    "mountain_passes": (118, 125),
    "punjab": (296, 118),
    "delhi": (450, 190),
    "sindh": (140, 300),
    "rajput": (305, 332),
    "gujarat": (222, 490),
    "malwa": (438, 378),
    "jaunpur": (660, 165),
    "gondwana": (698, 441),
    "madhyadesh": (556, 522),
    "orissa": (838, 410),
    "maharashtra": (392, 622),
    "andhra": (640, 690),
    "karnataka": (432, 828),
    "tamilakam": (562, 946),
}
PIECES: dict[str, Point] = {
    "mountain_passes": (128, 200),
    "punjab": (300, 190),
    "delhi": (450, 262),
    "sindh": (150, 380),
    "rajput": (308, 412),
    "gujarat": (232, 535),
    "malwa": (412, 495),
    "jaunpur": (690, 290),
    "gondwana": (698, 528),
    "madhyadesh": (565, 600),
    "orissa": (835, 500),
    "maharashtra": (400, 700),
    "andhra": (628, 790),
    "karnataka": (458, 905),
    "tamilakam": (560, 1000),
}
# Widest row of pieces each space can hold comfortably (pixels).
PIECES_WIDTH: dict[str, int] = {
    "mountain_passes": 150,
    "punjab": 150,
    "delhi": 150,
    "sindh": 170,
    "rajput": 120,
    "gujarat": 190,
    "malwa": 95,
    "jaunpur": 300,
    "gondwana": 110,
    "madhyadesh": 160,
    "orissa": 120,
    "maharashtra": 150,
    "andhra": 165,
    "karnataka": 100,
    "tamilakam": 110,
}

# Cities (map.yaml `cities`): a dot where the spaces in `touches` meet, and where its label goes
# relative to the dot (dx, dy of the label's centre).
CITIES: dict[str, Point] = {
    "multan": MULTAN,
    "chittor": CHITTOR,
    "cambay": CAMBAY,
    "chanderi": circle_point(50),
    "lakhnauti": LAKHNAUTI,
    "devagiri": DEVAGIRI,
    "warangal": WARANGAL,
    "gulbarga": GULBARGA,
    "raichur": RAICHUR,
    "hampi": HAMPI,
    "goa": GOA,
    "madurai": MADURAI,
    "kanchi": KANCHI,
}
CITY_LABEL_OFFSET: dict[str, Point] = {
    "multan": (-38, 12),
    "chittor": (-36, -10),
    "cambay": (-40, 0),
    "chanderi": (44, 4),
    "lakhnauti": (0, -14),
    "devagiri": (-4, -15),
    "warangal": (44, -2),
    "gulbarga": (-46, 8),
    "raichur": (-32, -13),
    "hampi": (34, 0),
    "goa": (-14, -14),
    "madurai": (-36, 10),
    "kanchi": (18, 14),
}
