"""What the table is told of each Taj Mahal step, in the rules' words, read from the public
views before and after it: what a withdrawal won and why not more (Withdraw), each palace and
bonus tile (Influence points 1), the withdrawal's points by source (Influence points 1-3), a
card drawn from the deck as a count (its name goes to its drawer alone: `told_to`), the trades
at a visit's end (Ending a visit; The special cards) and the hands at the game's end (Game end).

Every line is made from public views: the played cards, the tiles, palaces and scores are open
on the table; a hand is read only once the game is over, when the view shows them all.
"""

from __future__ import annotations

import re

from ..words import count_of, listed
from .components import (
    COLOURS,
    COURT,
    ELEPHANT,
    GRAND_MOGUL,
    SYMBOL_TITLES,
    WHITE,
    Board,
    Cards,
)
from .engine import symbol_counts
from .names import card_name
from .notation import describe, prize_words
from .scoring import commodity_count, connected_provinces, hand_points, province_tile_points
from .state import CROWN, NO, Action, Draw, Place, Play, State, Withdraw
from .view import View

GAME_END = "Game end:"  # the line that opens the game's last message
VISIT_END = re.compile(r"Visit \d+ \(.+\) ends\.$")  # the first line of a visit's end


def title(s: State, i: int) -> str:
    return s.seats[i].capitalize()


plural = count_of  # the rules' one count: "1 point", "2 points"


joined = listed  # "a", "a and b", "a, b and c": the rules' one list


def narrate(before: View, action: Action, after: View, seat: str | None) -> list[str]:
    """The lines of one step: the step, what it won or took, the withdrawal's points when
    they are scored, then a visit's end and the game's end when the step brought them."""
    b, a = before.state, after.state
    if isinstance(action, Draw):
        lines = [drawn_line(before, action)]
    elif seat is None:
        return []  # the setup and each supply: the visit's header tells them
    else:
        lines = [step_line(before, action, seat)]
    if scored_by(b, a, action):
        lines.append(points_line(b, a, action))
    if a.phase == "over" or a.visit != b.visit:
        lines += visit_end_lines(b, a)
    if a.phase == "over":
        lines += game_end_lines(a)
    return lines


# --- a seat's step ------------------------------------------------------------------------


def step_line(before: View, action: Action, seat: str) -> str:
    s = before.state
    who = seat.capitalize()
    if isinstance(action, Withdraw):
        return f"{who}: withdraw: {withdrawal_text(s, s.turn)}"
    if isinstance(action, Place):
        return f"{who}: {describe(before, action)}{placement_text(s, action.city)}"
    text = f"{who}: {describe(before, action)}"
    extra = action.extra if isinstance(action, Play) else None
    effect = None if extra is None else s.cards.kinds[extra].effect
    if effect == "points":
        text += " (+2 points at once: The special cards)"
    elif effect == "colour_change":
        text += " (the free colour change: this card need not match the visit's colour)"
    return text


def withdrawal_text(s: State, w: int) -> str:
    """What withdrawing now wins (Withdraw): each force won, and for each force the seat
    played a symbol of but did not win, why not."""
    who = title(s, w)
    if not s.played[w]:
        return (
            "before playing a card, so it wins nothing and draws a card from the deck "
            "(Finishing a withdrawal)"
        )
    mine = symbol_counts(s.cards, s.played[w])
    rivals = [
        (i, symbol_counts(s.cards, p))
        for i, p in enumerate(s.played)
        if i != w and s.active[i] and p
    ]
    won: list[str] = []
    lost: list[str] = []
    for k in (*COURT, GRAND_MOGUL, ELEPHANT):
        if not mine[k]:
            continue
        taken = force_taken(s, k)
        top = max((c[k] for _, c in rivals), default=0)
        if rivals and top >= mine[k]:
            at_top = [i for i, c in rivals if c[k] == top]  # each named (a trial read one)
            if top == mine[k]:
                lost.append(
                    f"{_force(k)}: tied with {joined([title(s, i) for i in at_top])} at {top}"
                )
            else:
                whose = joined([f"{title(s, i)}'s" for i in at_top])
                lost.append(f"{_force(k)}: {mine[k]} against {whose} {top}")
        elif taken:
            lost.append(f"{_force(k)}: {taken}")
        else:
            won.append(prize_words(s, k))
    if won:
        text = f"wins {joined(won)}"
        return text + (f" (not won: {'; '.join(lost)})" if lost else "")
    return f"wins nothing, {who} having no majority to win ({'; '.join(lost)})"


def _force(k: int) -> str:
    """A force by its symbol, with what the Grand Mogul and the Elephant win (a trial read
    "Grand Mogul: tied" beside a court that lists "the crown")."""
    won = {GRAND_MOGUL: " (the crown)", ELEPHANT: " (the province tile)"}
    return f"{SYMBOL_TITLES[k]}{won.get(k, '')}"


def force_taken(s: State, k: int) -> str:
    """Why a force with no rival is not won: its tile or the crown left the court earlier
    this visit ("" when it is still there)."""
    if s.in_court(k):
        return ""
    if k == GRAND_MOGUL:
        return f"the crown went to {title(s, s.crown_palace[s.crown_city])} earlier this visit"
    if k == ELEPHANT:
        return "the province tile was won earlier this visit"
    return "its tile was won earlier this visit"


def placement_text(s: State, city: int) -> str:
    """A palace placed (Withdraw) and the bonus tile it takes, scored at once (Influence
    points 1)."""
    board = s.board
    w = s.turn
    if s.pending and s.pending[0] == CROWN:  # (the step names the city by its map name)
        return ": the crown palace (it takes no bonus tile)"
    text = f" for the {SYMBOL_TITLES[s.pending[0]]}" if s.pending else ""
    tile_id = s.bonus_on[city]
    if tile_id == NO:
        return text
    tile = board.tile(tile_id)
    if tile.kind == "points":
        what = "the Taj Mahal tile" if tile_id == len(board.bonus_tiles) else "the bonus tile"
        return f"{text}: takes {what}, +{plural(tile.value, 'point')}"
    if tile.kind == "card":
        return f"{text}: takes the bonus tile, draws {plural(tile.value, 'card')} from the deck"
    assert tile.commodity is not None
    more = commodity_matches(board, s, w, tile.commodity)
    # (a trial read "its tiles" as the bonus tile's): the player's own goods
    said = f" (1 + {more} for its own tiles of {tile.commodity})" if more else ""
    return f"{text}: takes the {tile.commodity} bonus tile, +{plural(1 + more, 'point')}{said}"


def commodity_matches(board: Board, s: State, w: int, commodity: str) -> int:
    return commodity_count(board, s.province_tiles[w], s.commodity_tiles[w], commodity)


def drawn_line(before: View, action: Draw) -> str:
    """A card drawn from the deck, told to all as a count (its face only to its drawer)."""
    who = action.seat.capitalize()
    if action.card is None:
        return f"{who} draws nothing: the deck and the discard pile are empty"
    left = before.deck_size - 1 if before.deck_size else len(before.state.discard) - 1
    return f"{who} draws a card from the deck ({plural(left, 'card')} left in it)"


def told_to(view: View, action: Action) -> str | None:
    """What a chance step showed `view`'s seat alone: the face of the card it drew."""
    if not isinstance(action, Draw) or action.card is None or view.seat != action.seat:
        return None
    return f"You drew {card_name(view.state.cards, action.card)} from the deck."


# --- a withdrawal's points ----------------------------------------------------------------


def scored_by(b: State, a: State, action: Action) -> bool:
    """Whether this step finished a withdrawal's scoring (Influence points: the province
    tile and the palaces are scored once its palaces are placed and its cards drawn)."""
    if isinstance(action, Withdraw):
        return a.phase not in ("place", "draw") or a.visit != b.visit
    if isinstance(action, (Place, Draw)):
        still = a.visit == b.visit and a.phase in ("place", "draw") and a.turn == b.turn
        return not still
    return False


def points_line(b: State, a: State, action: Action) -> str:
    """The withdrawal's points, by source: bonus tiles, the province tile (its commodities
    and the matching ones), the palaces (the province and those connected to it)."""
    w = b.turn
    board = b.board
    bonus = b.bonus_points + step_bonus(b, action)
    parts: list[str] = []
    total = bonus
    if bonus:
        parts.append(f"bonus tiles +{bonus}")
    tile = b.visit + 1
    if tile in a.province_tiles[w] and tile not in b.province_tiles[w]:
        pts = province_tile_points(board, tile, b.province_tiles[w], a.commodity_tiles[w])
        shown = len(board.province_tiles[tile - 1])
        goods = " and ".join(board.province_tiles[tile - 1])
        match = f", {pts - shown} for the same goods on its own tiles" if pts > shown else ""
        parts.append(f"province tile {tile} +{pts} ({goods}: {shown}{match})")
        total += pts
    province = b.province_order[b.visit]
    reached = connected_provinces(board, a.palace, a.crown_palace, w, province)
    if reached:
        others = [board.province_titles[p] for p in sorted(reached - {province})]
        linked = f", connected {joined(others)}" if others else ""
        parts.append(f"palaces +{len(reached)} ({board.province_titles[province]}{linked})")
        total += len(reached)
    who = title(b, w)
    now = b.scores[w] + total - b.bonus_points
    if not total:
        return f"{who} scores no points for this withdrawal (total {now})."
    return (
        f"{who} scores {plural(total, 'point')} for this withdrawal: {'; '.join(parts)} "
        f"(total {now})."
    )


def step_bonus(b: State, action: Action) -> int:
    """The points a placement scored from the bonus tile it took (Influence points 1)."""
    if not isinstance(action, Place) or (b.pending and b.pending[0] == CROWN):
        return 0
    tile_id = b.bonus_on[action.city]
    if tile_id == NO:
        return 0
    tile = b.board.tile(tile_id)
    if tile.kind == "points":
        return tile.value
    if tile.kind == "commodity" and tile.commodity is not None:
        return 1 + commodity_matches(b.board, b, b.turn, tile.commodity)
    return 0


# --- a visit's end and the game's end -----------------------------------------------------


def visit_end_lines(b: State, a: State) -> list[str]:
    """Ending a visit: the standings, what was not won leaves the game, pairs of influence
    tiles become special cards, and who starts the next visit."""
    board, cards = b.board, b.cards
    province = b.province_order[b.visit]
    lines = [f"Visit {b.visit + 1} ({board.province_titles[province]}) ends.", standings(b, a)]
    tile = b.visit + 1
    won = any(tile in tiles for tiles in a.province_tiles)
    left = [] if won else [f"province tile {tile}"]
    for c in board.cities_of[province]:
        if b.bonus_on[c] != NO and a.palace[c] == NO:  # a palace there took its tile
            left.append(f"the {tile_name(board, b.bonus_on[c])} on {board.city_titles[c]}")
    if left:
        lines.append(f"Not won, out of the game: {joined(left)}.")
    lines += trade_lines(b, cards)
    if a.phase != "over":
        nxt = board.province_titles[a.province_order[a.visit]]
        lines.append(f"{title(a, a.start)} starts visit {a.visit + 1} ({nxt}).")
    return lines


def standings(b: State, a: State) -> str:
    """`Standings after visit 1: Blue 14 points, Orange 9 points and Brown 7 points.`, the
    highest first."""
    order = sorted(range(len(a.seats)), key=lambda i: (-a.scores[i], i))
    said = [f"{title(a, i)} {count_of(a.scores[i], 'point')}" for i in order]
    return f"Standings after visit {b.visit + 1}: {listed(said)}."


def tile_name(board: Board, tile_id: int) -> str:
    tile = board.tile(tile_id)
    if tile_id == len(board.bonus_tiles):
        return "Taj Mahal tile"
    if tile.kind == "points":
        return f"+{count_of(tile.value, 'point')} bonus tile"
    if tile.kind == "card":
        return f"+{tile.value} card bonus tile"
    return f"{tile.commodity} bonus tile"


def trade_lines(b: State, cards: Cards) -> list[str]:
    """The Special cards: a player with two equal influence tiles returns them and takes the
    special card, from beside the board or from the player holding it."""
    holder = list(b.special_holder)
    lines = []
    for i, held in enumerate(b.influence):
        for k in COURT:
            if held[k] < 2:
                continue
            e = cards.specials.index(cards.special_of[k])
            special = cards.kinds[cards.specials[e]].title
            was = holder[e]
            source = (
                "from beside the board"
                if was == NO
                else "already its own: the two tiles are discarded, with no further effect"
                if was == i
                else f"from {title(b, was)}"
            )
            holder[e] = i
            lines.append(
                f"{title(b, i)} trades two {SYMBOL_TITLES[k]} tiles for the special card "
                f"{special} ({source})."
            )
    return lines


def game_end_lines(a: State) -> list[str]:
    """Game end: each seat's points before the hands, each hand's points by rule (special
    cards, white cards, the longest colour) and the total, read from the final view, which
    shows the hands."""
    cards = a.cards
    lines = [
        f"{GAME_END} each hand scores 1 per special card, 1 per white card and 1 per card of its "
        "longest colour."
    ]
    for i, hand in enumerate(a.hands):
        specials = a.special_holder.count(i)
        worth = hand_points(cards, hand, specials)
        white = sum(1 for k in hand if cards.kinds[k].colour == WHITE)
        counts = [sum(1 for k in hand if cards.kinds[k].colour == c) for c in COLOURS]
        longest = max(counts)
        colour = COLOURS[counts.index(longest)] if longest else "none"
        parts = [
            plural(specials, "special card"),
            plural(white, "white card"),
            f"{longest} {colour}" if longest else "no coloured card",
        ]
        lines.append(
            f"{title(a, i)}: {a.scores[i] - worth} before the hands + hand {worth} "
            f"({', '.join(parts)}) = {plural(a.scores[i], 'point')}."
        )
    return lines
