"""Taj Mahal's board as a PNG, drawn from a view (never from the full state).

The map (provinces, roads, cities, fortresses, names) is drawn once per board file and kept;
each picture copies it and adds what changes: palaces and crown palaces by player colour,
bonus tiles still on fortresses, the current province, the court, the supply and the scores.
Sized for a phone: 780 px wide, shown at 390 px; names and figures are 18 px or more (the
legend 15 px). The map is kept as a palette image, so a picture is flat colours: small and
quick to encode.
"""

from __future__ import annotations

import io
from functools import lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from rules.taj_mahal import NO, SYMBOL_TITLES, Board, Cards, View

WIDTH = 780
SCALE = 1.95  # board units (400 x 300) to pixels
TOP = 44
MAP_H = round(300 * SCALE)
PANEL_TOP = TOP + MAP_H
HEIGHT = PANEL_TOP + 280

BACKGROUND = (246, 239, 224)
INK = (40, 34, 28)
ROAD = (150, 128, 100)
PROVINCE_TINTS = ((236, 226, 200), (226, 232, 210))
CURRENT = (200, 60, 40)
SEAT_COLOURS = {
    "blue": (47, 111, 208),
    "orange": (240, 138, 36),
    "brown": (125, 80, 40),
    "gray": (120, 120, 120),
    "teal": (21, 158, 146),
}
CARD_COLOURS = {
    "red": (210, 58, 58),
    "yellow": (230, 194, 41),
    "green": (60, 154, 60),
    "violet": (138, 79, 191),
    "white": (250, 250, 250),
    "special": (230, 200, 120),
}
COMMODITY_COLOURS = {
    "rice": (250, 250, 235),
    "tea": (90, 160, 70),
    "spices": (200, 90, 40),
    "jewels": (60, 110, 200),
}
SYMBOL_LETTERS = ("V", "G", "M", "P", "K", "E")  # K: the Grand Mogul (the crown)


@lru_cache(maxsize=8)
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = resources.files("render").joinpath(f"fonts/{name}")
    with resources.as_file(path) as p:
        return ImageFont.truetype(str(p), size)


def _px(x: int, y: int) -> tuple[int, int]:
    return round(x * SCALE), TOP + round(y * SCALE)


@lru_cache(maxsize=8)
def _base(board: Board) -> Image.Image:
    """The map: provinces, roads, cities (fortresses as squares), names."""
    img = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    d = ImageDraw.Draw(img)
    cell = 100 * SCALE
    for p, (col, row) in enumerate(board.grid):
        x0, y0 = col * cell, TOP + row * cell
        d.rectangle(
            (x0, y0, x0 + cell - 1, y0 + cell - 1),
            fill=PROVINCE_TINTS[(col + row) % 2],
            outline=(200, 185, 160),
        )
        d.text((x0 + 6, y0 + 4), board.province_titles[p], font=_font(18, True), fill=INK)
    for a, b in board.roads:
        d.line((*_px(*board.xy[a]), *_px(*board.xy[b])), fill=ROAD, width=3)
    for c, (x, y) in enumerate(board.xy):
        cx, cy = _px(x, y)
        r = 10
        shape = d.rectangle if board.fortress[c] else d.ellipse
        shape((cx - r, cy - r, cx + r, cy + r), fill=(255, 252, 245), outline=INK, width=2)
        label = board.city_titles[c]
        w = d.textlength(label, font=_font(18))
        d.text((cx - w / 2, cy + r + 1), label, font=_font(18), fill=(90, 80, 70))
    # a palette image: what each picture adds takes the few colours left, and a flat picture
    # of at most 256 colours encodes small and fast
    return img.quantize(colors=200, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _tile_text(board: Board, tile_id: int) -> str:
    tile = board.tile(tile_id)
    if tile.kind == "points":
        return f"+{tile.value}"
    if tile.kind == "card":
        return "C"
    return (tile.commodity or "?")[0].upper()


def _card_label(cards: Cards, k: int) -> str:
    kind = cards.kinds[k]
    if kind.effect is not None:
        return kind.name[:6]
    return "".join(SYMBOL_LETTERS[i] * n for i, n in enumerate(kind.counts))


def picture(v: View) -> Image.Image:
    s = v.state
    board = s.board
    img = _base(board).copy()
    d = ImageDraw.Draw(img)
    small, bold = _font(18), _font(18, True)
    big = _font(22, True)
    seat_colour = [SEAT_COLOURS.get(name, INK) for name in s.seats]
    # the header: visit, province, deck
    if s.province_order:
        p = s.province
        title = f"Visit {s.visit + 1} of 12: {board.province_titles[p]}"
        if s.phase == "over":
            title = "Game over"
        col, row = board.grid[p]
        cell = 100 * SCALE
        x0, y0 = col * cell, TOP + row * cell
        if s.phase != "over":
            d.rectangle((x0 + 1, y0 + 1, x0 + cell - 2, y0 + cell - 2), outline=CURRENT, width=5)
        # visit numbers of the provinces still to come
        for i in range(s.visit + 1, len(s.province_order)):
            q = s.province_order[i]
            qc, qr = board.grid[q]
            d.text((qc * cell + cell - 30, TOP + qr * cell + 4), str(i + 1), font=bold, fill=ROAD)
    else:
        title = "Setting up"
    d.text((10, 10), title, font=big, fill=INK)
    d.text((WIDTH - 230, 12), f"deck {v.deck_size}  discard {len(s.discard)}", font=small, fill=INK)
    # bonus tiles still on fortresses, and palaces
    for c, tile in enumerate(s.bonus_on):
        cx, cy = _px(*board.xy[c])
        if tile != NO:
            d.rectangle((cx - 9, cy - 9, cx + 9, cy + 9), fill=(250, 220, 120))
            text = _tile_text(board, tile)
            w = d.textlength(text, font=_font(14, True))
            d.text((cx - w / 2, cy - 8), text, font=_font(14, True), fill=INK)
        if s.palace and s.palace[c] != NO:
            d.rectangle(
                (cx - 9, cy - 9, cx + 9, cy + 9), fill=seat_colour[s.palace[c]], outline=INK
            )
        if s.crown_palace and s.crown_palace[c] != NO:
            x = cx + 12
            d.rectangle(
                (x, cy - 20, x + 14, cy - 6), fill=seat_colour[s.crown_palace[c]], outline=INK
            )
            d.polygon(
                [
                    (x, cy - 20),
                    (x + 3, cy - 26),
                    (x + 7, cy - 21),
                    (x + 11, cy - 26),
                    (x + 14, cy - 20),
                ],
                fill=(230, 180, 30) if c == s.crown_city else (180, 160, 120),
            )
    _panel(d, v, seat_colour)
    return img


def _panel(d: ImageDraw.ImageDraw, v: View, seat_colour: list[tuple[int, int, int]]) -> None:
    s = v.state
    board, cards = s.board, s.cards
    small, bold = _font(18), _font(18, True)
    y = PANEL_TOP + 6
    # the court
    d.text((10, y), "Court:", font=bold, fill=INK)
    x = 80.0
    for k in range(4):
        on = s.court[k]
        d.text(
            (x, y),
            SYMBOL_TITLES[k],
            font=bold if on else small,
            fill=INK if on else (180, 170, 150),
        )
        x += d.textlength(SYMBOL_TITLES[k], font=bold) + 10
    crown_here = s.crown_city == NO and s.phase != "over"
    d.text(
        (x, y),
        "crown",
        font=bold if crown_here else small,
        fill=INK if crown_here else (180, 170, 150),
    )
    x += 70
    if s.province_order and s.province_tile_in_court:
        goods = board.province_tiles[s.visit]
        d.text((x, y), f"tile {s.visit + 1}:", font=bold, fill=INK)
        x += 64
        for g in goods:
            d.ellipse((x, y + 1, x + 16, y + 17), fill=COMMODITY_COLOURS[g], outline=INK)
            x += 20
    # the supply
    y += 30
    d.text((10, y), "Supply:", font=bold, fill=INK)
    x = 90.0
    for k in s.supply:
        label = _card_label(cards, k)
        w = max(34, d.textlength(label, font=bold) + 10)
        d.rectangle(
            (x, y - 1, x + w, y + 23), fill=CARD_COLOURS[cards.kinds[k].colour], outline=INK
        )
        d.text((x + 5, y + 1), label, font=bold, fill=INK)
        x += w + 5
    if not s.supply:
        d.text((x, y), "empty", font=small, fill=INK)
    legend = (
        "Cards: V G M P K E = Vizier, General, Monk, Princess, Grand Mogul, Elephant",
        "Fortress tiles: +4 / +2 points, C a card, R T S J rice, tea, spices, jewels",
    )
    for i, line in enumerate(legend):
        d.text((10, y + 28 + 18 * i), line, font=_font(15), fill=INK)
    # the players: score, cards in hand, influence tiles (* a special card), cards played
    y += 70
    mover = s.seats[s.turn] if s.phase in ("turn", "place", "take") else None
    for i, name in enumerate(s.seats):
        d.rectangle((10, y + 2, 26, y + 20), fill=seat_colour[i], outline=INK)
        marker = ">" if name == mover else ""
        d.text((32, y), f"{name.capitalize()}{marker}", font=bold, fill=INK)
        gone = not s.active[i] and s.phase not in ("over", "setup", "supply")
        d.text((125, y), f"{s.scores[i]}", font=bold, fill=INK)
        d.text((170, y), f"{v.hand_sizes[i]}c", font=small, fill=(140, 130, 120) if gone else INK)
        held = "".join(SYMBOL_LETTERS[k] * n for k, n in enumerate(s.influence[i]))
        held += "*" * sum(1 for h in s.special_holder if h == i)
        held += f" {len(s.province_tiles[i])}p" if s.province_tiles[i] else ""
        d.text((220, y), held, font=small, fill=INK)
        x = 330.0
        for k in s.played[i]:
            label = _card_label(cards, k)
            w = d.textlength(label, font=bold) + 8
            colour = CARD_COLOURS[cards.kinds[k].colour]
            d.rectangle((x, y, x + w, y + 22), fill=colour, outline=INK)
            d.text((x + 4, y + 1), label, font=bold, fill=INK)
            x += w + 4
            if x > WIDTH - 40:
                break
        y += 28


def board_png(v: View) -> bytes:
    """The picture as PNG bytes."""
    buf = io.BytesIO()
    picture(v).save(buf, format="PNG", compress_level=3)
    return buf.getvalue()
