"""The panel below the map: whose turn, the card and eligibility, the factions.

Top: title and Dynasty (2.7); the prompt, or the final result once the game is over (5.0).
Left column: the current card (2.3: number, title, faction order, Stay Eligible) and the deck;
the eligibility track and the forked options taken (2.3.3); the Mongols' Available box and the
Cavalry pool (1.10). Right column: per faction Victory Points (5.0), Resources (1.8), Cavalry
(1.10) and Available pieces (1.4). The Influence tracks and the key are drawn in the sea.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import (
    FACTION_NAMES,
    MAX_RESOURCES,
    PLAYERS,
    Card,
    Faction,
    GameState,
    Piece,
    deck_for,
)

from . import fastdraw, sprites, text, theme
from . import geometry as g

PAD = 22
W = g.WIDTH
COL = (W - 3 * PAD) // 2  # width of each column
LEFT = PAD
RIGHT = 2 * PAD + COL
FORK_NAMES: dict[str, str] = {
    "command_decree": "Command + Decree",
    "event_or_command": "Event or Command",
}
AVAILABLE_ORDER: dict[Faction, tuple[Piece, ...]] = {
    Faction.D: (Piece.TROOP, Piece.GOVERNOR, Piece.QASBAH),
    Faction.B: (Piece.AMIR, Piece.FORT),
    Faction.V: (Piece.RAJA, Piece.TEMPLE),
    Faction.M: (Piece.MONGOL,),
}
KIND_NAMES: dict[str, str] = {
    "mongol_invasion": "MONGOL INVASION",
    "succession": "SUCCESSION",
    "timurid": "TIMURID EMPIRE",
}


def _section(d: ImageDraw.ImageDraw, x: int, y: int, w: int, title: str) -> int:
    d.text((x, y), title, font=theme.bold(14), fill=theme.MUTED, anchor="lt")
    tw = int(d.textlength(title, font=theme.bold(14)))
    d.line((x + tw + 10, y + 8, x + w, y + 8), fill=theme.PANEL_LINE, width=1)
    return y + 24


def _chip(d: ImageDraw.ImageDraw, x: int, y: int, f: Faction, size: int = 26) -> None:
    """A faction's letter on its colour."""
    d.rounded_rectangle(
        (x, y, x + size, y + size), radius=5, fill=theme.FACTION[f], outline=theme.INK, width=1
    )
    d.text(
        (x + size / 2, y + size / 2 + 1),
        f.value,
        font=theme.bold(int(size * 0.62)),
        fill=theme.ON_FACTION[f],
        anchor="mm",
    )


def _tag(
    d: ImageDraw.ImageDraw,
    x: int,
    y: int,
    label: str,
    fill: theme.RGB,
    ink: theme.RGB,
    size: int = 13,
) -> int:
    """A small rounded tag; returns its right edge."""
    font = theme.bold(size)
    tw = int(d.textlength(label, font=font))
    d.rounded_rectangle((x, y, x + tw + 14, y + size + 10), radius=6, fill=fill)
    d.text((x + 7, y + (size + 10) / 2 + 1), label, font=font, fill=ink, anchor="lm")
    return x + tw + 14


STRIP_H = 100  # the scoreboard strip, readable at phone width:
STRIP_TYPE = 28  # at 390 px wide (0.39 of the board), 11 px type; the VP 17 px


def _scoreboard(d: ImageDraw.ImageDraw, state: GameState) -> int:
    """One cell per Faction: its VP large, how far it leads or trails the best rival (5.0),
    and its Resources (1.8, the tie-break)."""
    scores = vijayanagara.score(state)
    cell = (W - 2 * PAD - 2 * 12) // 3
    for i, f in enumerate(PLAYERS):
        x = PAD + i * (cell + 12)
        box = (x, 14, x + cell, 14 + STRIP_H - 8)
        d.rounded_rectangle(box, radius=10, fill=theme.WHITE, outline=theme.FACTION[f], width=4)
        d.rectangle((x + 4, 18, x + 16, 14 + STRIP_H - 12), fill=theme.FACTION[f])
        d.text((x + 28, 22), theme.SHORT[f], font=theme.bold(26), fill=theme.INK, anchor="lt")
        d.text(
            (x + cell - 14, 16), f"{scores[f]}", font=theme.bold(46), fill=theme.INK, anchor="rt"
        )
        d.text((x + 28, 64), _lead(scores, f), font=theme.bold(24), fill=theme.MUTED, anchor="lt")
        d.text(
            (x + cell - 14, 64),
            f"{state.resources[f]} Res",
            font=theme.bold(24),
            fill=theme.MUTED,
            anchor="rt",
        )
    return 14 + STRIP_H


def _lead(scores: dict[Faction, int], f: Faction) -> str:
    """ "+3 lead", "2 behind", "tied": the VP margin to the best rival (5.0)."""
    gap = scores[f] - max(v for k, v in scores.items() if k != f)
    return f"+{gap} lead" if gap > 0 else ("tied" if gap == 0 else f"{-gap} behind")


def _turn(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    state: GameState,
    y: int,
    names: dict[Faction, str],
) -> int:
    if state.game_over:
        return _final(d, state, y)
    p = vijayanagara.prompt(state)
    colour = theme.FACTION[p.faction] if p.faction is not None else theme.MUTED
    d.rounded_rectangle(
        (PAD, y, W - PAD, y + 90), radius=10, fill=theme.WHITE, outline=colour, width=3
    )
    d.rectangle((PAD + 3, y + 3, PAD + 12, y + 87), fill=colour)
    who = FACTION_NAMES[p.faction] if p.faction is not None else "Nobody"
    player = names.get(p.faction) if p.faction is not None else None
    dyn = f"{state.dynasty.upper()} DYNASTY"  # 2.7
    right = W - PAD - 14 - int(d.textlength(dyn, font=theme.bold(15))) - 14
    _tag(d, right, y + 12, dyn, (120, 40, 40), theme.WHITE, 15)
    head = f"{who} ({player}) to act" if player else f"{who} to act"
    head = text.fit(d, head, theme.bold(30), right - PAD - 34)
    d.text((PAD + 24, y + 10), head, font=theme.bold(30), fill=theme.INK, anchor="lt")
    body = text.shorten_prompt(p.text, who)
    lines = text.wrap(d, body, theme.sans(19), W - 2 * PAD - 40, 2)
    for i, line in enumerate(lines):
        d.text((PAD + 24, y + 46 + i * 21), line, font=theme.sans(19), fill=theme.INK, anchor="lt")
    del img
    return y + 100


def _final(d: ImageDraw.ImageDraw, state: GameState, y: int) -> int:
    """Game over: the final scores, best first (5.0)."""
    scores = vijayanagara.score(state)
    order = vijayanagara.ranking(state)
    d.rounded_rectangle(
        (PAD, y, W - PAD, y + 84), radius=10, fill=(60, 30, 30), outline=theme.GOLD, width=3
    )
    d.text((PAD + 16, y + 10), "GAME OVER", font=theme.serif(22), fill=theme.GOLD, anchor="lt")
    d.text(
        (W - PAD - 16, y + 13),
        f"{FACTION_NAMES[order[0]]} wins",
        font=theme.bold(16),
        fill=theme.WHITE,
        anchor="rt",
    )
    x = PAD + 16
    for i, f in enumerate(order):
        _chip(d, x, y + 46, f, 28)
        label = f"{i + 1}. {scores[f]} VP"
        d.text((x + 36, y + 60), label, font=theme.bold(17), fill=theme.WHITE, anchor="lm")
        x += 160
    if state.delhi_adjustment is not None:  # 5.1, already in Delhi's score
        d.text(
            (W - PAD - 16, y + 60),
            f"Delhi adjustment (5.1): {state.delhi_adjustment:+d}",
            font=theme.sans(14),
            fill=(236, 220, 190),
            anchor="rm",
        )
    return y + 98


def _card(d: ImageDraw.ImageDraw, state: GameState, y: int) -> int:
    x0, x1 = LEFT, LEFT + COL  # the left column
    y = _section(d, x0, y, COL, "CURRENT CARD")
    deck = deck_for(state.options)
    card: Card | None = deck.cards.get(state.current_card) if state.current_card else None
    box = (x0, y, x1 - 120, y + 86)
    d.rounded_rectangle(box, radius=8, fill=(252, 248, 238), outline=theme.BORDER, width=2)
    if card is None:
        d.text((x0 + 14, y + 30), "No card", font=theme.bold(18), fill=theme.MUTED)
    else:
        d.text(
            (x0 + 14, y + 10), f"{card.number}", font=theme.serif(26), fill=theme.INK, anchor="lt"
        )
        nx = x0 + 14 + int(d.textlength(f"{card.number}", font=theme.serif(26))) + 10
        room = box[2] - nx - 10
        size = next(
            (n for n in (19, 17, 15) if d.textlength(card.title, font=theme.bold(n)) <= room), 0
        )
        if size:
            d.text((nx, y + 24), card.title, font=theme.bold(size), fill=theme.INK, anchor="lm")
        else:  # a long title takes two lines rather than being cut
            for i, line in enumerate(text.wrap(d, card.title, theme.bold(14), room, 2)):
                d.text(
                    (nx, y + 15 + 17 * i), line, font=theme.bold(14), fill=theme.INK, anchor="lm"
                )
        x = x0 + 14
        if card.kind == "event":
            for f in card.order:  # eligibility order, left to right (2.3.2)
                _chip(d, x, y + 48, f, 26)
                x += 32
            x += 6
            if card.stay_eligible:
                _tag(d, x, y + 50, "STAY ELIGIBLE", (40, 120, 60), theme.WHITE, 12)
        else:
            label = KIND_NAMES.get(card.kind, card.kind.upper())
            if card.kind == "mongol_invasion" and card.faction is not None:
                label += f" \u2014 {theme.SHORT[card.faction]} runs it"
            _tag(d, x, y + 50, label, theme.FACTION[Faction.M], theme.WHITE, 12)
    # The deck: how many cards are left (open information, 2.3) and how many were played.
    dx = x1 - 104
    for k in range(3):
        d.rounded_rectangle(
            (dx + 8 - 4 * k, y + 4 + 4 * k, dx + 96 - 4 * k, y + 82 - 4 * k),
            radius=7,
            fill=(96, 60, 44),
            outline=(250, 240, 220),
            width=2,
        )
    d.text(
        (dx + 44, y + 34),
        f"{vijayanagara.cards_left(state)}",
        font=theme.serif(26),
        fill=theme.WHITE,
        anchor="mm",
    )
    d.text((dx + 44, y + 60), "in deck", font=theme.bold(12), fill=(250, 236, 210), anchor="mm")
    played = len(state.discards) + (1 if state.current_card else 0)
    caption = f"{played} played"
    if state.timurid_drawn:  # the second Timurid Empire card ends the game (2.6)
        caption += f" \u00b7 Timurid {state.timurid_drawn}/2"
    d.text((dx + 44, y + 98), caption, font=theme.sans(12), fill=theme.MUTED, anchor="mm")
    return y + 108


def _is_event(state: GameState) -> bool:
    if state.current_card is None:
        return False
    card = deck_for(state.options).cards.get(state.current_card)
    return card is not None and card.kind == "event"


def _eligibility(d: ImageDraw.ImageDraw, state: GameState, y: int) -> int:
    """2.3: who is Eligible, who acted, which of the forked options is taken (2.3.3)."""
    x0, x1 = LEFT, LEFT + COL  # the left column
    y = _section(d, x0, y, COL, "ELIGIBILITY")
    x = x0
    col = (x1 - x0) // 3
    # The card state belongs to the last Event card: show it only while one is in play.
    on_event = _is_event(state)
    # While an Event card is in play, the last faction to start its turn is the one acting.
    current = state.card.acted[-1] if on_event and state.card.acted else None
    for f in PLAYERS:
        note = ""
        if on_event and f in state.card.acted:
            fork = next((FORK_NAMES[k] for k, v in state.card.forks.items() if v == f), None)
            if f in state.card.limited_or_pass:
                fork = "Limited / Pass"
            note = fork or ""
            if f == current and not state.game_over:
                status, fill, ink = ("ACTING" if fork else "TO ACT"), theme.GOLD, theme.INK
            else:
                status, fill, ink = "ACTED", (206, 196, 176), theme.INK
        elif state.eligible.get(f, False):
            status, fill, ink = "ELIGIBLE", (40, 120, 60), theme.WHITE
        else:
            status, fill, ink = "INELIGIBLE", (150, 60, 50), theme.WHITE
        if on_event and f in state.card.stay_eligible:
            note = "stays Eligible"
        _chip(d, x, y, f, 26)
        _tag(d, x + 32, y + 2, status, fill, ink, 12)
        if note:
            d.text((x + 32, y + 34), note, font=theme.sans(12), fill=theme.MUTED, anchor="lt")
        x += col
    y += 52
    x = x0
    for key, name in FORK_NAMES.items():
        taken = state.card.forks.get(key) if on_event else None
        bw = ((x1 - x0) - 12) // 2
        fill = theme.CONTROL_TINT.get(taken, (252, 248, 238)) if taken else (252, 248, 238)
        d.rounded_rectangle(
            (x, y, x + bw, y + 34), radius=7, fill=fill, outline=theme.BORDER, width=1
        )
        d.text((x + 10, y + 17), name, font=theme.bold(14), fill=theme.INK, anchor="lm")
        if taken is not None:
            _chip(d, x + bw - 30, y + 5, taken, 24)
        else:
            d.text(
                (x + bw - 10, y + 17), "open", font=theme.sans(13), fill=theme.MUTED, anchor="rm"
            )
        x += bw + 12
    return y + 46


def _bar(
    d: ImageDraw.ImageDraw, x: int, y: int, w: int, value: int, top: int, colour: theme.RGB
) -> None:
    d.rounded_rectangle((x, y, x + w, y + 14), radius=7, fill=(226, 216, 196))
    if value > 0:
        fw = max(14, w * min(value, top) // top)
        d.rounded_rectangle(
            (x, y, x + fw, y + 14),
            radius=7,
            fill=colour,
            outline=theme.INK if colour == theme.FACTION[Faction.V] else None,
        )
    for k in range(1, top // 4):  # ticks every 4
        tx = x + w * 4 * k // top
        d.line((tx, y + 3, tx, y + 11), fill=(255, 255, 255), width=1)


def _factions(img: Image.Image, d: ImageDraw.ImageDraw, state: GameState, y: int) -> int:
    x0, x1 = RIGHT, RIGHT + COL  # the right column
    y = _section(d, x0, y, COL, "FACTIONS")
    scores = vijayanagara.score(state)
    for f in PLAYERS:
        colour = theme.FACTION[f]
        d.rounded_rectangle(
            (x0, y, x1, y + 94),
            radius=8,
            fill=(252, 248, 238),
            outline=theme.PANEL_LINE,
            width=1,
        )
        d.rounded_rectangle((x0, y, x0 + 10, y + 94), radius=4, fill=colour)
        d.text((x0 + 20, y + 8), FACTION_NAMES[f], font=theme.bold(18), fill=theme.INK, anchor="lt")
        # Victory Points (5.0): big, on the right.
        d.text((x1 - 12, y + 6), f"{scores[f]}", font=theme.serif(34), fill=theme.INK, anchor="rt")
        d.text((x1 - 12, y + 46), "VP", font=theme.bold(12), fill=theme.MUTED, anchor="rt")
        # Resources (1.8) as a 0..24 bar.
        d.text((x0 + 20, y + 40), "Res", font=theme.bold(13), fill=theme.MUTED, anchor="lm")
        _bar(d, x0 + 52, y + 33, 230, state.resources[f], MAX_RESOURCES, colour)
        d.text(
            (x0 + 290, y + 40),
            f"{state.resources[f]}",
            font=theme.bold(17),
            fill=theme.INK,
            anchor="lm",
        )
        # Cavalry (1.10).
        cav = state.cavalry.get(f, 0)
        icon = sprites.cavalry(22)
        cx = x0 + 330
        img.paste(icon, (cx, y + 29), icon)
        d.text((cx + 26, y + 40), f"{cav}", font=theme.bold(17), fill=theme.INK, anchor="lm")
        # Available pieces (1.4).
        d.text((x0 + 20, y + 74), "Avail.", font=theme.bold(13), fill=theme.MUTED, anchor="lm")
        x = x0 + 68
        for kind in AVAILABLE_ORDER[f]:
            n = state.available.get(f, {}).get(kind, 0)
            piece = sprites.piece(kind, 26)
            if n == 0:
                piece = _faded(piece)
            img.paste(piece, (x, y + 61), piece)
            d.text(
                (x + 30, y + 74),
                f"{n}",
                font=theme.bold(16),
                fill=theme.INK if n else theme.MUTED,
                anchor="lm",
            )
            x += 70
        y += 102
    return y


def _pools(img: Image.Image, d: ImageDraw.ImageDraw, state: GameState, y: int) -> int:
    """The Mongols' Available box and the Cavalry pool (1.10)."""
    x0 = LEFT
    y = _section(d, x0, y, COL, "POOLS")
    # The Mongols' Available box.
    n = state.available.get(Faction.M, {}).get(Piece.MONGOL, 0)
    piece = sprites.piece(Piece.MONGOL, 24)
    img.paste(piece, (x0 + 4, y), piece)
    d.text(
        (x0 + 34, y + 12),
        f"Mongols available: {n}",
        font=theme.bold(14),
        fill=theme.INK,
        anchor="lm",
    )
    icon = sprites.cavalry(24)
    img.paste(icon, (x0 + 250, y), icon)
    d.text(
        (x0 + 280, y + 12),
        f"Cavalry pool: {state.cavalry_pool}",
        font=theme.bold(14),
        fill=theme.INK,
        anchor="lm",
    )
    return y + 36


def _faded(icon: Image.Image) -> Image.Image:
    out = icon.copy()
    out.putalpha(icon.getchannel("A").point(lambda a: a * 35 // 100))
    return out


def draw_panel(state: GameState, names: dict[Faction, str] | None = None) -> Image.Image:
    """The panel; `names`: the players' names by seat, for the line of whose turn it is."""
    img = Image.new("RGB", (W, g.PANEL_H), theme.PANEL)
    d = fastdraw.Draw(img)
    d.line((0, 0, W, 0), fill=theme.BORDER, width=4)
    y = _scoreboard(d, state)
    y = _turn(img, d, state, y + 2, names or {})
    yl = _card(d, state, y)
    yl = _eligibility(d, state, yl)
    _pools(img, d, state, yl)
    _factions(img, d, state, y)
    return img
