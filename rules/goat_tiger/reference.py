"""A short rules reference by topic, in our own words, citing the rulebook's 5.5."""

from __future__ import annotations

TOPICS: dict[str, str] = {
    "overview": (
        "Aadu-Huli aata, the Goat-Tiger game (5.5): three Tigers hunt fifteen Goats on a "
        "board of 23 points joined by lines. Player One plays the Goats and acts first; "
        "Player Two plays the Tigers. Vijayanagara may use it to break a tie in both victory "
        "points and Resources (5.0)."
    ),
    "board": (
        "The traditional board (reconstructed: the rulebook does not draw it): a triangle "
        "whose apex sends four lines down, crossed by four rows, with a rectangle across its "
        "middle. Points are numbered 1 (the apex) to 23, row by row, left to right. The "
        "Tigers start on 1, 4 and 5."
    ),
    "goats": (
        "On their turn the Goats place a Goat from the supply on any empty point; once every "
        "Goat is placed, they move one Goat to the next empty point along a line instead. "
        "Goats never leap (5.5)."
    ),
    "tigers": (
        "On their turn the Tigers move one Tiger to the next empty point along a line, or "
        "capture: a Tiger leaps along a line over a Goat on the next point to the empty "
        "point just beyond, and the Goat leaves the game (5.5). One capture a turn; a Tiger "
        "never leaps over a Tiger."
    ),
    "repetition": (
        "No move may bring back the position that stood before the last round of moves: "
        "when both sides have just moved a piece away and one has moved back, the other may "
        "not move back too (5.5, to avoid a stalemate)."
    ),
    "winning": (
        "The Tigers win on their fifth capture. The Goats win by trapping the Tigers: the "
        "Tigers have no legal move on their turn. Goats with no legal move on their turn "
        "lose (5.5)."
    ),
    "notation": (
        "`place 7`: a Goat onto point 7. `8-9`: a piece moves from 8 to 9. `1x9`: a Tiger "
        "leaps from 1 over the Goat between (3) to 9 and captures it. Words do too: "
        "`move 7 to 8`, `jump 1 over 3 to 9`, `place a goat on 7`."
    ),
    "handicap": (
        "Play may be handicapped by the number of Tigers (1 to 3) and Goats (6 to 17) (5.5); "
        "the Tigers still win on their fifth capture."
    ),
}
