"""The board picture in words, for a screen reader and the terminal's `board`: the visit,
the scores, then what the map shows (each player's palaces as the roads join them, the empty
cities they reach, the bonus tiles still on cities, the provinces still to visit). A Discord
attachment's description takes its first 1,024 characters, so the figures come first."""

from __future__ import annotations

from rules.taj_mahal import NO, State, View, narration, ranking, scoring

from ..pictures import Names


def alt_text(view: View, names: Names | None) -> str:
    s = view.state
    board = s.board
    scores = ", ".join(f"{narration.title(s, i)} {n}" for i, n in enumerate(s.scores))
    if s.phase == "over":
        parts = [f"The Taj Mahal board, game over: {ranking(s).text}. Scores: {scores}."]
    elif not s.province_order:
        return "The Taj Mahal board, before the first visit."
    else:
        here = board.province_titles[s.province]
        parts = [f"The Taj Mahal board, visit {s.visit + 1} of 12 ({here}). Scores: {scores}."]
        if s.crown_city != NO:
            parts.append(f"The crown is in {board.city_titles[s.crown_city]}.")
    parts += [_palaces(s, seat, names) for seat in range(len(s.seats))]
    tiles = [
        f"{board.city_titles[c]} ({narration.tile_name(board, t)})"
        for c, t in enumerate(s.bonus_on)
        if t != NO
    ]
    if tiles:
        parts.append(f"Bonus tiles on cities: {narration.joined(tiles)}.")
    if s.phase != "over":
        to_come = [  # with its tile's goods, face up from the setup
            f"{board.province_titles[p]} ({narration.joined(list(board.province_tiles[i]))})"
            for i, p in enumerate(s.province_order)
            if i > s.visit
        ]
        if to_come:
            parts.append(f"Provinces still to visit, in order: {', '.join(to_come)}.")
    return " ".join(parts)


def _palaces(s: State, seat: int, names: Names | None) -> str:
    """A player's palaces, a group per chain of roads ("Ghazni, Kabul (Kabul), Multan
    (Multan): joined, 2 provinces"), and the empty cities one road away from them."""
    board = s.board
    who = narration.title(s, seat)
    if names and s.seats[seat] in names:
        who += f" ({names[s.seats[seat]]})"
    groups = scoring.chains(board, s.palace, s.crown_palace, seat)
    if not groups:
        return f"{who}: no palace."
    said = []
    for cities in groups:
        provinces = sorted({board.city_province[c] for c in cities})
        where = ", ".join(
            ", ".join(_city(s, c, seat) for c in cities if board.city_province[c] == p)
            + f" ({board.province_titles[p]})"
            for p in provinces
        )
        many = len(provinces) > 1
        said.append(
            where + (f": joined, {narration.plural(len(provinces), 'province')}" if many else "")
        )
    free = sorted(
        {
            n
            for cities in groups
            for c in cities
            for n in board.neighbours[c]
            if s.palace[n] == NO and s.crown_palace[n] == NO
        }
    )
    reach = (
        f" Empty cities by road: {', '.join(board.city_titles[c] for c in free)}." if free else ""
    )
    return f"{who}'s palaces: {'; '.join(said)}.{reach}"


def _city(s: State, c: int, seat: int) -> str:
    crown = "crown palace " if s.crown_palace[c] == seat else ""
    return crown + s.board.city_titles[c]
