"""Why the Taj Mahal AI plays as it does, in a player's words: the line at an AI's turn's end
(read from the public views where the turn began and ended, so it tells nothing of a hand), and
why a step is worth taking from the seat's own view, which the hint (ai.taj_mahal.hard) says.

Greedy weighs what withdrawing now would win against what one more card would add; the words
say the forces won or led, the points scored, and who could still outbid."""

from __future__ import annotations

from rules.taj_mahal import (
    CROWN,
    NO,
    SYMBOL_TITLES,
    Action,
    Place,
    Play,
    State,
    Take,
    View,
    Withdraw,
    engine,
    narration,
    scoring,
)

POINTS = "; and the +2 influence points card scores at once"


def forces(s: State, w: int) -> list[str]:
    """The forces `w` has the majority in now, in the rules' words (Withdraw)."""
    won, crown, elephant = engine.majorities(s, w)
    names = [f"the {SYMBOL_TITLES[k]}" for k in won]
    if crown:
        names.append("the crown")
    if elephant:
        names.append(f"province tile {s.visit + 1}")
    return names


def rivals(s: State, w: int) -> list[str]:
    """The players still in the visit besides `w`: who could still outbid it."""
    return [s.seats[i].capitalize() for i, on in enumerate(s.active) if on and i != w]


def won_by(b: State, a: State, w: int) -> list[str]:
    """The forces a withdrawal between `b` and `a` won, read from what it left on the table
    (its influence tiles, its crown palace, its province tile), so cards it played alone at
    the visit's end count too (Withdraw; a pair traded at the visit's end still shows)."""
    names = [f"the {SYMBOL_TITLES[k]}" for k in range(4) if a.influence[w][k] != b.influence[w][k]]
    cities = b.board.cities_of[b.province]
    if any(a.crown_palace[c] == w for c in cities):
        names.append("the crown")
    if b.visit + 1 in a.province_tiles[w] and b.visit + 1 not in b.province_tiles[w]:
        names.append(f"province tile {b.visit + 1}")
    return names


def withdrawal_points(b: State, a: State, w: int) -> int:
    """The points `w`'s withdrawal between `b` and `a` scored (Influence points 1-3), read
    from what it left on the table: its bonus tiles (each commodity tile counting those taken
    before it), the province tile, and its palaces (the province and those connected)."""
    board, province, tile = b.board, b.province, b.visit + 1
    had, kept = b.commodity_tiles[w], a.commodity_tiles[w]
    points = sum(
        scoring.commodity_tile_points(board, b.province_tiles[w], kept[:i], commodity)
        for i in range(len(had), len(kept))
        if (commodity := board.tile(kept[i]).commodity) is not None
    )
    cities = board.cities_of[province]
    for c in cities:
        bonus = board.tile(b.bonus_on[c]) if b.bonus_on[c] != NO else None
        if bonus is not None and bonus.kind == "points" and a.palace[c] == w:
            points += bonus.value
    if tile in a.province_tiles[w] and tile not in b.province_tiles[w]:
        points += scoring.province_tile_points(board, tile, b.province_tiles[w], kept)
    if any(
        a.palace[c] == w != b.palace[c] or a.crown_palace[c] == w != b.crown_palace[c]
        for c in cities
    ):
        points += scoring.palace_points(board, a.palace, a.crown_palace, w, province)
    return points


def withdraw_reason(
    s: State, w: int, points: int | None = None, won: list[str] | None = None
) -> str:
    won = forces(s, w) if won is None else won
    others = rivals(s, w)
    if won:
        scored = "" if points is None else f", {narration.plural(points, 'point')}"
        when = (
            f"before {narration.joined(others)} can outbid"
            if others
            else "as the last in the visit"
        )
        return f"withdraws: wins {narration.joined(won)}{scored}, {when}"
    if not s.played[w]:
        return (
            "withdraws before playing: keeps its cards for a later province, draws a card "
            "from the deck and takes two from the supply"
        )
    return (
        "withdraws: no force was within reach for the cards it would cost, so it keeps the "
        "rest of its hand for a later province"
    )


def play_reason(before: State, after: State, w: int) -> str:
    """Cards played: what they lead now against what withdrawing at once would have won."""
    now = forces(after, w)
    then = forces(before, w)
    new = [f for f in now if f not in then]
    if new and then:
        return f"now leads {narration.joined(new)} too, beside {narration.joined(then)}"
    if new:
        return f"now leads {narration.joined(new)}; withdrawing would have won nothing"
    if then:  # (a trial read "for a card more" as a gain)
        return (
            f"keeps {narration.joined(then)}, as much as withdrawing would have won; the card "
            "wins nothing more yet"
        )
    added = engine.symbol_counts(after.cards, after.played[w])
    was = engine.symbol_counts(before.cards, before.played[w])
    played = [k for k in range(6) if added[k] > was[k]]
    margin, force = contested(after, w, played)
    # (a trial read "contests the Elephant (1 against Blue's 2)" as odd for a force behind)
    verb = "ties for" if margin == 0 else "closes on" if -99 < margin < 0 else "contests"
    return f"{verb} {force}; withdrawing would have won nothing"


def contested(s: State, w: int, played: list[int] | None = None) -> tuple[int, str]:
    """The force `w` is closest to winning, with the count it has to beat (Withdraw), and
    its margin over that count: among those of the cards just `played` where any is open (a
    trial read "contests the Vizier" for an Elephant played)."""
    mine = engine.symbol_counts(s.cards, s.played[w])
    best: tuple[int, str] = (-99, "a force")
    among = [k for k in played or () if mine[k] and s.in_court(k)] or range(6)
    for k in among:
        if not mine[k] or not s.in_court(k):
            continue
        counts = {
            i: engine.symbol_counts(s.cards, p)[k]
            for i, p in enumerate(s.played)
            if i != w and s.active[i]
        }
        top = max(counts.values(), default=0)
        if mine[k] - top > best[0]:
            # every rival at the top named (a trial read one, and also held as many)
            holders = [f"{s.seats[i].capitalize()}'s" for i, n in counts.items() if n == top]
            them = f"{narration.joined(holders)} {top}" if top else "none"
            best = (mine[k] - top, f"the {SYMBOL_TITLES[k]} ({mine[k]} against {them})")
    return best


def played_now(before: State, after: State, w: int) -> tuple[int, ...]:
    if after.visit != before.visit:
        return ()
    return after.played[w][len(before.played[w]) :]


def why_line(start: View, end: View, seat: str, level: str) -> str | None:
    """The line at an AI's turn's end, from the public views where it began and ended."""
    if level == "random":
        return "_Why: the random AI picks any allowed step._"
    b, a = start.state, end.state
    if seat not in b.seats or b.phase == "over":
        return None
    w = b.seats.index(seat)
    if b.phase != "turn":
        return (
            "_Why: it finishes its withdrawal: palaces where they score most, supply cards "
            "with the most symbols for its colours._"
        )
    withdrew = a.visit != b.visit or a.phase == "over" or not a.active[w]
    if withdrew:
        points = a.scores[w] - b.scores[w]
        if a.phase == "over":  # the hands were scored at the end in the same step
            points -= scoring.hand_points(a.cards, a.hands[w], a.special_holder.count(w))
        scored = withdrawal_points(b, a, w)  # as its points line counts them
        # the rest: the +2 influence points card, played alone in the visit before it
        # withdrew in the same turn, scored when played (The special cards)
        at_once = points - scored
        played = (
            f"; and the +2 influence points card it played first scored "
            f"{narration.plural(at_once, 'point')} at once"
        )
        reason = withdraw_reason(b, w, scored, won_by(b, a, w))
        return f"_Why: {reason}{played if at_once > 0 else ''}._"
    cards = played_now(b, a, w)
    if not cards:
        return None
    t = b.clone()
    t.played = tuple((*p, *cards) if i == w else p for i, p in enumerate(b.played))
    points = any(b.cards.kinds[k].effect == "points" for k in cards)
    return f"_Why: plays on: {play_reason(b, t, w)}{POINTS if points else ''}._"


# --- a step, for the hint ------------------------------------------------------------------


def reason(view: View, a: Action) -> str:
    """Why a step is worth taking, from the seat's own view (its hand may be named: the hint
    is for the seat alone)."""
    s = view.state
    w = s.turn
    if isinstance(a, Withdraw):
        return withdraw_reason(s, w).removeprefix("withdraws: ").removeprefix("withdraws ")
    if isinstance(a, Play):
        t = s.clone()
        extra = () if a.extra is None else (a.extra,)
        t.played = tuple((*p, a.card, *extra) if i == w else p for i, p in enumerate(s.played))
        text = play_reason(s, t, w)
        if a.extra is not None and s.cards.kinds[a.extra].effect == "points":
            text += POINTS
        return text
    if isinstance(a, Place):
        return place_reason(s, w, a.city)
    if isinstance(a, Take):
        return take_reason(s, w, a)
    return "the rules allow nothing else"


def place_reason(s: State, w: int, city: int) -> str:
    board = s.board
    crown = bool(s.pending) and s.pending[0] == CROWN
    palace, crown_palace = list(s.palace), list(s.crown_palace)
    (crown_palace if crown else palace)[city] = w
    reached = scoring.connected_provinces(board, tuple(palace), tuple(crown_palace), w, s.province)
    parts = []
    if not crown and s.bonus_on[city] != NO:
        parts.append(f"takes the {narration.tile_name(board, s.bonus_on[city])}")
    others = len(reached) - 1
    if others > 0:
        parts.append(
            f"connects {narration.plural(others, 'other province')} to {board.province_titles[s.province]}"
        )
    later = set(s.province_order[s.visit + 1 :])
    roads = sum(1 for n in board.neighbours[city] if board.city_province[n] in later)
    if roads:
        parts.append(f"{narration.plural(roads, 'road')} into provinces still to be visited")
    return "; ".join(parts) if parts else "no city here scores more"


def take_reason(s: State, w: int, a: Take) -> str:
    """Supply cards: their symbols, and how they go with the colours in the seat's hand."""
    cards = s.cards
    symbols = sum(sum(cards.kinds[k].counts) for k in a.cards)
    hand = s.hands[w]
    held = []
    for c in sorted({cards.kinds[k].colour for k in a.cards} - {"white"}):
        n = sum(1 for h in hand if cards.kinds[h].colour == c)
        held.append(f"{n} {c}" if n else f"no {c}")
    said = f"; you hold {narration.joined(held)}" if held else "; white goes with any colour"
    return f"{narration.plural(symbols, 'symbol')}{said}"
