"""The panel below the map, in type a phone can read (theme.SMALL and up).

Top: the scoreboard strip, one cell per Faction: its VP (5.0), how far it leads or trails the
best rival, its Resources (1.8, the tie-break), its Available pieces (1.4) and Cavalry (1.10),
each under a caption (a trial could only guess what bare icons with counts were).
Then who is to act (named), the Dynasty (2.7) and the prompt, or the final result once the
game is over (5.0). Left: the current card (2.3: number, title, faction order, Stay Eligible),
the deck, the Mongols' Available box and the Cavalry pool (1.10). Right: the eligibility
track and the forked options taken (2.3.3). The Influence tracks and the key are in the sea.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

import rules.vijayanagara as vijayanagara
from rules.vijayanagara import FACTION_NAMES, PLAYERS, Card, Faction, GameState, Piece, deck_for

from . import geometry as g
from . import palette, text, theme
from .canvas import Canvas
from .fastdraw import length

PAD = 16
W = g.WIDTH
GAP = 16
COL = (W - 2 * PAD - GAP) // 2  # each of the two columns under the prompt
LEFT = PAD
RIGHT = PAD + COL + GAP
SMALL = theme.SMALL
LINE = SMALL + 6  # one line of SMALL type

# Rows of the panel (y, px from its top).
STRIP_Y, STRIP_H = 12, 166
CAPTION_Y, HOLDINGS_Y = 96, 140  # in a strip cell: the captions' top, the icons' centre
TURN_Y, TURN_H = STRIP_Y + STRIP_H + 10, 150
LOW_Y = TURN_Y + TURN_H + 10  # the card on the left, eligibility on the right
CARD_H = 124

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
CARD_FILL: theme.RGB = (252, 248, 238)
FINAL_FILL: theme.RGB = (60, 30, 30)
CHIP = 36  # a faction's chip
ICON = 30  # the panel's icons
STATUS: dict[str, tuple[theme.RGB, theme.RGB]] = {  # a tag's fill and ink
    "ELIGIBLE": (theme.GREEN, theme.WHITE),
    "INELIGIBLE": (theme.BRICK, theme.WHITE),
    "ACTED": (theme.STONE, theme.INK),
    "TO ACT": (theme.GOLD, theme.INK),
    "ACTING": (theme.GOLD, theme.INK),
}


def _chip(
    c: Canvas, x: int, y: int, f: Faction, ground: theme.RGB, edge: theme.RGB = theme.INK
) -> None:
    """A faction's letter on its colour, the chip lying on `ground`."""
    c.box((x, y), CHIP, CHIP, 6, theme.FACTION[f], ground, edge)
    xy = (x + CHIP / 2, y + CHIP / 2 + 1)
    c.text(xy, f.value, theme.bold(SMALL), theme.ON_FACTION[f], theme.FACTION[f], "mm")


def _tag(
    c: Canvas, x: int, y: int, label: str, fill: theme.RGB, ink: theme.RGB, ground: theme.RGB
) -> int:
    """A rounded tag of SMALL bold type, LINE + 6 high, on `ground`; returns its right edge."""
    font = theme.bold(SMALL)
    w = int(length(label, font)) + 20
    c.box((x, y), w, LINE + 6, 7, fill, ground)
    c.text((x + 10, y + (LINE + 6) // 2 + 1), label, font, ink, fill, "lm")
    return x + w


@cache
def _frame() -> Image.Image:
    """What every panel has: the background, the strip's cells, the card's box."""
    img = Image.new("RGB", (W, g.PANEL_H), theme.PANEL)
    d = ImageDraw.Draw(img)
    d.line((0, 0, W, 0), fill=theme.BORDER, width=4)
    for x, f in zip(_cells(), PLAYERS, strict=True):
        cell = (x, STRIP_Y, x + _cell_w(), STRIP_Y + STRIP_H)
        d.rounded_rectangle(cell, radius=10, fill=theme.WHITE, outline=theme.FACTION[f], width=4)
        d.rectangle((x + 4, STRIP_Y + 4, x + 14, STRIP_Y + STRIP_H - 4), fill=theme.FACTION[f])
    card = (LEFT, LOW_Y, LEFT + COL, LOW_Y + CARD_H)
    d.rounded_rectangle(card, radius=8, fill=CARD_FILL, outline=theme.BORDER, width=2)
    return img


_framed: list[tuple[Image.Image, Image.Image]] = []  # (palette, the frame on it)


def _frame_on(pal: Image.Image) -> Image.Image:
    """The frame on the palette `pal` (the board's: one palette a process)."""
    if not _framed or _framed[0][0] is not pal:
        _framed[:] = [(pal, palette.to_palette(_frame(), pal))]
    return _framed[0][1]


def _cell_w() -> int:
    return (W - 2 * PAD - 2 * 10) // 3


def _cells() -> list[int]:
    return [PAD + i * (_cell_w() + 10) for i in range(len(PLAYERS))]


def _scoreboard(c: Canvas, state: GameState) -> None:
    """One cell per Faction: its VP large, how far it leads or trails the best rival (5.0),
    its Resources (1.8, the tie-break), then its Available pieces (1.4) and Cavalry (1.10)."""
    scores = vijayanagara.score(state)
    strip = theme.bold(theme.STRIP)
    white = theme.WHITE
    for x, f in zip(_cells(), PLAYERS, strict=True):
        right, y = x + _cell_w() - 14, STRIP_Y
        score = f"{scores[f]}"
        room = right - int(length(score, theme.bold(theme.SCORE))) - 10 - (x + 26)
        name = strip if length(theme.SHORT[f], strip) <= room else theme.bold(SMALL)
        # (a trial read "Vijayanagara10": a two-digit score touched the name)
        c.text((x + 26, y + 14), theme.SHORT[f], name, theme.INK, white, "lt")
        c.text((right, y + 6), score, theme.bold(theme.SCORE), theme.INK, white, "rt")
        c.text((x + 26, y + 62), _lead(scores, f), strip, theme.MUTED, white, "lt")
        c.text((right, y + 62), f"{state.resources[f]} Res", strip, theme.MUTED, white, "rt")
        _holdings(c, state, f, x + 24, right, y)


def _holdings(c: Canvas, state: GameState, f: Faction, x0: int, x1: int, top: int) -> None:
    """A Faction's Available pieces left to right, its Cavalry at the right end, each under
    its caption (`top`: the cell's)."""
    sans, white = theme.sans(SMALL), theme.WHITE
    c.text((x0 + 2, top + CAPTION_Y), "Available", sans, theme.MUTED, white, "lt")
    c.text((x1, top + CAPTION_Y), "Cavalry", sans, theme.MUTED, white, "rt")
    x, y = x0, top + HOLDINGS_Y
    for kind in AVAILABLE_ORDER[f]:
        n = state.available.get(f, {}).get(kind, 0)
        x = _counted(c, kind, n, x, y) + 12
    cav = state.cavalry.get(f, 0)
    _counted(c, None, cav, x1 - ICON - 4 - int(length(f"{cav}", theme.bold(SMALL))), y)


def _counted(c: Canvas, kind: Piece | None, n: int, x: int, y: int) -> int:
    """An icon (faded when none is left; None: Cavalry) and its count, on a strip cell;
    returns the right edge."""
    if n:
        c.icon((x, y - ICON // 2), kind, ICON, theme.WHITE)
    else:
        c.faded((x, y - ICON // 2), kind, ICON, theme.WHITE)
    box = c.text((x + ICON + 4, y + 1), f"{n}", theme.bold(SMALL), theme.INK, theme.WHITE, "lm")
    return box[2]


def _lead(scores: dict[Faction, int], f: Faction) -> str:
    """ "+3 lead", "2 behind", "tied": the VP margin to the best rival (5.0)."""
    gap = scores[f] - max(v for k, v in scores.items() if k != f)
    return f"+{gap} lead" if gap > 0 else ("tied" if gap == 0 else f"{-gap} behind")


def _turn(c: Canvas, state: GameState, names: dict[Faction, str]) -> None:
    """Who is to act, named; the Dynasty (2.7); the prompt in up to three lines."""
    y = TURN_Y
    p = vijayanagara.prompt(state)
    colour = theme.FACTION[p.faction] if p.faction is not None else theme.MUTED
    white = theme.WHITE
    c.box((PAD, y), W - 2 * PAD, TURN_H, 10, white, theme.PANEL, colour, 3)
    c.rectangle((PAD + 3, y + 3, PAD + 12, y + TURN_H - 3), colour)
    who = FACTION_NAMES[p.faction] if p.faction is not None else "Nobody"
    player = names.get(p.faction) if p.faction is not None else None
    dyn = f"{state.dynasty.upper()} DYNASTY"
    tag_x = W - PAD - 14 - int(length(dyn, theme.bold(SMALL))) - 20
    _tag(c, tag_x, y + 12, dyn, theme.MAROON, white, white)
    head = f"{who} ({player}) to act" if player else f"{who} to act"
    font = theme.bold(theme.HEAD)
    c.text((PAD + 26, y + 14), text.fit(head, font, tag_x - PAD - 40), font, theme.INK, white, "lt")
    body = text.shorten_prompt(p.text, who)
    sans = theme.sans(SMALL)
    for i, line in enumerate(text.wrap(body, sans, W - 2 * PAD - 40, 3)):
        c.text((PAD + 26, y + 58 + i * LINE), line, sans, theme.INK, white, "lt")


def _final(c: Canvas, state: GameState) -> None:
    """Game over: the final scores, best first (5.0), and Delhi's end adjustment (5.1)."""
    y = TURN_Y
    scores = vijayanagara.score(state)
    order = vijayanagara.ranking(state)
    dark = FINAL_FILL
    c.box((PAD, y), W - 2 * PAD, TURN_H, 10, dark, theme.PANEL, theme.GOLD, 3)
    c.text((PAD + 20, y + 14), "GAME OVER", theme.serif(theme.HEAD), theme.GOLD, dark)
    font = theme.bold(theme.STRIP)
    first = [Faction(f) for f in vijayanagara.places(state)[0]]  # VP, then Resources (5.0)
    tied = " and ".join(theme.SHORT[f] for f in first)
    wins = f"{FACTION_NAMES[first[0]]} wins" if len(first) == 1 else f"{tied} tie"
    c.text((W - PAD - 20, y + 16), wins, font, theme.WHITE, dark, "rt")
    x = PAD + 20
    for i, f in enumerate(order):
        _chip(c, x, y + 60, f, dark, theme.GOLD)
        c.text((x + 46, y + 79), f"{i + 1}. {scores[f]} VP", font, theme.WHITE, dark, "lm")
        x += 220
    if state.delhi_adjustment is not None:  # 5.1, already in Delhi's score
        note = f"Delhi adjustment (5.1): {state.delhi_adjustment:+d}"
        c.text((PAD + 20, y + 112), note, theme.sans(SMALL), (236, 220, 190), dark)


def _card(c: Canvas, state: GameState) -> None:
    """The current card (2.3) in its box, and the deck under it."""
    x0, x1, y = LEFT, LEFT + COL, LOW_Y
    deck = deck_for(state.options)
    card: Card | None = deck.cards.get(state.current_card) if state.current_card else None
    ground = CARD_FILL
    if card is None:
        c.text((x0 + 16, y + 16), "No card", theme.bold(SMALL), theme.MUTED, ground)
    else:
        numeral = theme.serif(theme.HEAD)
        box = c.text((x0 + 16, y + 12), f"{card.number}", numeral, theme.INK, ground, "lt")
        nx = box[2] + 12
        room = x1 - 14 - nx
        title = theme.bold(theme.STRIP)
        if length(card.title, title) > room:  # a long title takes two lines
            title = theme.bold(SMALL)
        for i, line in enumerate(text.wrap(card.title, title, room, 2)):
            c.text((nx, y + 12 + i * LINE), line, title, theme.INK, ground, "lt")
        _card_foot(c, card, x0 + 16, y + CARD_H - 44)
    played = len(state.discards) + (1 if state.current_card else 0)
    caption = f"Deck: {vijayanagara.cards_left(state)} left, {played} played"
    if state.timurid_drawn:  # the second Timurid Empire card ends the game (2.6)
        caption += f" \u00b7 Timurid {state.timurid_drawn}/2"
    sans = theme.sans(SMALL)
    c.text(
        (x0, y + CARD_H + 10), text.fit(caption, sans, COL), sans, theme.MUTED, theme.PANEL, "lt"
    )


def _card_foot(c: Canvas, card: Card, x: int, y: int) -> None:
    """An Event's faction order and Stay Eligible (2.3.2); another card's kind."""
    ground = CARD_FILL
    if card.kind == "event":
        for f in card.order:  # eligibility order, left to right (2.3.2)
            _chip(c, x, y, f, ground)
            x += CHIP + 6
        if card.stay_eligible:
            _tag(c, x + 6, y - 1, "STAY ELIGIBLE", theme.GREEN, theme.WHITE, ground)
        return
    label = KIND_NAMES.get(card.kind, card.kind.upper())
    x = _tag(c, x, y - 1, label, theme.FACTION[Faction.M], theme.WHITE, ground)
    if card.kind == "mongol_invasion" and card.faction is not None:
        _chip(c, x + 12, y, card.faction, ground)
        c.text((x + 56, y + 19), "runs it", theme.sans(SMALL), theme.INK, ground, "lm")


def _pools(c: Canvas, state: GameState) -> None:
    """The Mongols' Available box and the Cavalry pool (1.10)."""
    x, y = LEFT, LOW_Y + CARD_H + 10 + LINE + 12
    bold = theme.bold(SMALL)
    n = state.available.get(Faction.M, {}).get(Piece.MONGOL, 0)
    rows = (
        (Piece.MONGOL, f"Mongols available: {n}"),
        (None, f"Cavalry pool: {state.cavalry_pool}"),
    )
    for kind, label in rows:
        c.icon((x, y), kind, ICON, theme.PANEL)
        c.text((x + 38, y + ICON // 2 + 1), label, bold, theme.INK, theme.PANEL, "lm")
        y += LINE + 10


def _is_event(state: GameState) -> bool:
    if state.current_card is None:
        return False
    card = deck_for(state.options).cards.get(state.current_card)
    return card is not None and card.kind == "event"


def _eligibility(c: Canvas, state: GameState) -> None:
    """2.3: who is Eligible, who acted, which of the forked options is taken (2.3.3)."""
    x0, x1, y = RIGHT, RIGHT + COL, LOW_Y
    # The card state belongs to the last Event card: show it only while one is in play.
    on_event = _is_event(state)
    # While an Event card is in play, the last faction to start its turn is the one acting.
    current = state.card.acted[-1] if on_event and state.card.acted else None
    sans, bold = theme.sans(SMALL), theme.bold(SMALL)
    for f in PLAYERS:
        note = ""
        if on_event and f in state.card.acted:
            fork = any(v == f for v in state.card.forks.values())
            if f in state.card.limited_or_pass:
                note = "Limited / Pass"
            if f == current and not state.game_over:
                status = "ACTING" if fork else "TO ACT"
            else:
                status = "ACTED"
        else:
            status = "ELIGIBLE" if state.eligible.get(f, False) else "INELIGIBLE"
        if on_event and f in state.card.stay_eligible:
            note = "stays Eligible"
        _chip(c, x0, y, f, theme.PANEL)
        right = _tag(c, x0 + CHIP + 10, y - 1, status, *STATUS[status], theme.PANEL)
        if note:
            c.text((right + 14, y + 19), note, sans, theme.MUTED, theme.PANEL, "lm")
        y += 46
    y += 4
    for key, name in FORK_NAMES.items():
        taken = state.card.forks.get(key) if on_event else None
        fill = theme.CONTROL_TINT.get(taken, CARD_FILL) if taken else CARD_FILL
        c.box((x0, y), x1 - x0, 46, 7, fill, theme.PANEL, theme.BORDER)
        c.text((x0 + 14, y + 24), name, bold, theme.INK, fill, "lm")
        if taken is not None:
            _chip(c, x1 - CHIP - 8, y + 5, taken, fill)
        else:
            c.text((x1 - 14, y + 24), "open", sans, theme.MUTED, fill, "rm")
        y += 54


def draw_panel(
    state: GameState, names: dict[Faction, str] | None = None, pal: Image.Image | None = None
) -> Image.Image:
    """The panel (RGB; or P on the palette `pal`, the same picture); `names`: the players'
    names by seat, for the line of whose turn it is."""
    c = Canvas((_frame() if pal is None else _frame_on(pal)).copy(), pal)
    _scoreboard(c, state)
    if state.game_over:
        _final(c, state)
    else:
        _turn(c, state, names or {})
    _card(c, state)
    _pools(c, state)
    _eligibility(c, state)
    return c.img
