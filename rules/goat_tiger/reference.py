"""A short rules reference by topic, in our own words, citing the rulebook's 5.5; the draw
is our addition and says so."""

from __future__ import annotations

from .model import QUIET_MOVES_TO_DRAW

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
        "not move back too (5.5, to avoid a stalemate). Our draw rule (`draw`) ends the "
        "longer shuffles that rule allows."
    ),
    "winning": (
        "The Tigers win on their fifth capture. The Goats win by trapping the Tigers: the "
        "Tigers have no legal move on their turn. Goats with no legal move on their turn "
        "lose (5.5). A game neither side can win is drawn by our rule (`draw`)."
    ),
    "draw": (
        "Our rule, added to 5.5 (the rulebook has no draw, and its repetition rule alone lets "
        "two careful players shuffle for ever): the game is drawn when the same position (the "
        "pieces, the Goats in the supply and captured) stands for the third time with the same "
        f"side to move, or after {QUIET_MOVES_TO_DRAW} moves in a row, both sides' counted, "
        "without a capture or a placement. A move that wins still wins. Both sides share first "
        "place; in Vijayanagara's tiebreak a draw breaks no tie (5.0 makes the tiebreak "
        "optional). The position 5.5 forbids stays forbidden."
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
