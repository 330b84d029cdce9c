"""What the table is told: each step narrated, the status lines, and a short rules reference
in our own words, by the text's headings."""

from __future__ import annotations

from typing import Final

from ..words import count_of, listed
from . import engine, narration, notation
from .causes import FAME_UPGRADE
from .components import BUILDINGS, TRACK_BONUSES
from .state import AREAS, NO, Action, DrawYield, Roll, Setup, State, Undo, Upgrade
from .upgrade_words import ALREADY_BUILT, upgrade_does

_BONUS_WORDS: Final = {
    "upgrade": f"upgrade ({upgrade_does(True)})",
    "worker": "worker",
    "karma": "two karma",
    "river": "river",
    "dice": "two dice",
}


def _track_words() -> str:
    """Each scoring track's special spaces, from the components' one table (the picture
    writes the same): "fame 5 upgrade (...), 15 worker, ...; money 12 river, ..."."""
    return "; ".join(
        f"{track} " + ", ".join(f"{n} {_BONUS_WORDS[kind]}" for n, kind in bonuses)
        for track, bonuses in TRACK_BONUSES
    )


_TOPICS: dict[str, str] = {
    "overview": (
        "Object of the game: fame moves clockwise, money counter-clockwise around the board; "
        "when your fame marker reaches or passes your money marker the end is triggered: the "
        "players after you, up to the starting player, place one more worker, then the "
        "furthest past wins. The tracks differ: 13 money spaces lie beside 7 fame spaces, so "
        "a money brings the markers about half as close as a fame point (the AIs' lines count "
        "the fame spaces between them). Money wins races as fame does: markets and workers "
        "built early pay all game (the text's tips: money comes mainly from markets)."
    ),
    "setup": (
        "Setup: each player rolls one die of each colour and keeps them on his Kali statue, "
        "with 3 workers to place (3 more wait on the tracks and the river), karma 1, fame 0. "
        "The lowest total of those dice starts (a tie, which the text leaves to the table, "
        "is drawn by lot) with 3 money, each next seat clockwise 1 more: the last to place "
        "in the first round has the most."
    ),
    "placing": (
        "Placing workers: in turn, place one worker, pay its cost (money and/or dice), carry "
        "out the action. Quarry and harbour fill left to right; elsewhere any free space. Dice "
        "you gain are rolled at once; your Kali statue (the dice you hold) holds at most 10."
    ),
    "quarry": (
        "I. Building action: pay the space's money, then dice of a top tile's colour worth at "
        "least its cost; place it joined by a road to your residence. The tiles lie in 12 "
        "stacks, by colour and by the symbol on their backs: snake, cow and tiger, the "
        "cheapest to the dearest (`buy orange cow with o4 o5`). Markets pay money, "
        "buildings fame by their upgrade (2, 3 or 4; after an upgrade, from the Raja Man Singh, "
        f"a river space, fame 5 or a special yield, {upgrade_does(False)}, {ALREADY_BUILT}); "
        "special yields on the edge are taken when a road reaches them. A cell is named as the "
        "board labels it, by its column letter from a at the left and its row number from 1 at "
        "the top (`build at b2 turned 90`: turned clockwise); the residence is the middle of "
        "row 1 (c1 on our board)."
    ),
    "market": (
        "II. Market action: `assorted market` (assorted goods) scores your best market of each "
        "good (its two spaces are shared: with 3-4 players a player takes one of them a "
        "round at most, and both may be taken); `goods market` (goods of one kind, no such "
        "limit: your workers may take its spaces in turn) takes any die and scores up to that "
        "many of your markets of one good, so markets of one good score together: money comes "
        "mainly from markets (the text's tips)."
    ),
    "palace": (
        "III. Palace: `outer terrace` 2 money and rerolls; `terrace blue` (green, orange, "
        "purple) a die of that colour; `balcony orange` (the colour given) 1 die for 2 of "
        "another colour (our board: orange for purple, green for blue, purple for green, blue "
        "for orange; `options` says each); the chambers take a die showing exactly 1 "
        "(`great mogul`: 2 fame, start "
        "next round), 2 (`dancer`: 2 dice, a yield tile drawn face down), 3 (`yogi`: 2 karma, a "
        "die), 4 (`raja man singh`: an upgrade, 3 money), 5 (`master builder`: cover a tile "
        "with a dearer one, paying the difference in dice of its colour), 6 (`portuguese`: "
        "exactly 6 river spaces)."
    ),
    "river": (
        "IV. River action: a die showing 1 sails 1, a 2 sails 1 or 2, a 3 up to 3 unoccupied "
        "spaces (a 4, 5 or 6 only turned by karma to 3, 2 or 1); other boats are skipped, and "
        "the final space holds any number. Take the earning where you stop; passing the "
        "bridge gives a worker."
    ),
    "karma": (
        "Karma: when giving up a die, spend 1 karma to turn it to its opposite side (1-6, 2-5, "
        "3-4). At most 3 karma. Written before the one die it turns: `with p1 karma p2 karma p4` "
        "gives p1 as it is, p2 as a 5 and p4 as a 3."
    ),
    "bonuses": (
        f"Tracks: {_track_words()} (the money track's bonus marker gives each once, in order). "
        "At most 2 new workers in all."
    ),
    "end": (
        "End of the game: once a player's markers meet or pass, the players after them before "
        "the starting player place once more (those with a worker left): the seat placing just "
        "before the starting player who crosses, or one after whom nobody has a worker left, "
        "ends the game at once. Those who crossed rank by fame points past; a tie goes to the "
        "first to cross. The others rank after them, the nearest to crossing first (by the fame "
        "spaces still between their markers; a tie shares a place)."
    ),
}
TOPICS: tuple[str, ...] = tuple(_TOPICS)


def topic(name: str) -> str:
    try:
        return _TOPICS[name]
    except KeyError:
        raise ValueError(f"no topic {name!r}; the topics are: {', '.join(TOPICS)}") from None


def _changes(b: State, action: Action, a: State, i: int) -> list[str]:
    out = []
    for label, before, after in (
        ("money", b.money[i], a.money[i]),
        ("fame", b.fame[i], a.fame[i]),
        ("karma", b.karma[i], a.karma[i]),
        ("workers", b.workers[i], a.workers[i]),
    ):
        if after != before:
            out.append(f"{label} {before}→{after}")
    if a.boat[i] != b.boat[i]:
        out.append(f"boat to river space {a.boat[i]}")
    later = _upgrade_of_fame_5(b, action, a)
    for k, level in enumerate(a.upgrades[i]):  # what an upgrade is worth, said once
        if level > b.upgrades[i][k]:
            whose = f"{b.seats[i].capitalize()}'s"
            out.append(upgrade_does(k == later, BUILDINGS[k], 2 + level, whose))
    return out


def _upgrade_of_fame_5(b: State, action: Action, a: State) -> int:
    """The building type whose upgrade this step took from fame space 5 (it counts from the
    seat's next turn on: Bonuses on the scoring tracks), or NO."""
    if a.upgrade_next_turn != NO:
        return a.upgrade_next_turn
    chosen = b.pending and b.pending[0][0] == "upgrade" and b.pending[0][2] == FAME_UPGRADE
    return action.building if chosen and isinstance(action, Upgrade) else NO


def narrate(b: State, action: Action, a: State, seat: str | None) -> list[str]:
    """The step in words with everything it did, each effect by its cause (narration.py), and
    what it changed for the seat (money, fame, karma, workers, the boat, upgrades); the markers
    meeting on the step they meet (the result is the table's end message)."""
    text = notation.describe(b, action)
    if isinstance(action, Setup):
        lines = [narration.setup_line(a)]
    elif seat is None and not isinstance(action, Roll | DrawYield):  # a tile shown
        lines = [text[0].upper() + text[1:]]
    else:
        i = b.turn
        said = [] if isinstance(action, Undo) else narration.effects_said(b, action)
        changes = _changes(b, action, a, i)
        who = (seat or b.seats[i]).capitalize()
        lines = [
            f"{who}: {text}"
            + (f": {'; '.join(said)}" if said else "")
            + (f" ({', '.join(changes)})" if changes else "")
        ]
    return lines + narration.meeting(b, a)


NEAR_END = 10  # fame spaces to cross: the status tells how the end would come


def _end_near(s: State) -> str:
    """The end triggered, or a seat near crossing: markers meeting end the game once the seats
    after the crossing seat in this stage, up to the starting player, have placed once more,
    at once for a seat after whom nobody has a worker left (End of the game; a trial crossed
    last in a round and read the sudden end as a slip)."""
    if s.phase == "over":
        return ""
    start = s.seats[s.start].capitalize()
    if s.last != NO:
        return f"; the end is triggered: the game ends before the turn comes back to {start}"
    if max(engine.gap(s, i) for i in range(s.players)) < -NEAR_END:
        return ""
    # (a trial could not read the one sentence that said both)
    said = (
        f"; once a player's markers meet, the players after it place until the turn comes "
        f"back to {start}, then the game ends"
    )
    at_once = [s.seats[i].capitalize() for i in range(s.players) if not engine.placing_after(s, i)]
    if at_once:
        whose, after = listed([f"{n}'s" for n in at_once], "or"), listed(at_once, "or")
        said += (
            f"; if {whose} meet, it ends at once (nobody with a worker left places after {after})"
        )
    return said


def status_lines(s: State) -> list[str]:
    if s.phase in ("setup", "start"):
        return ["the game is being set up"]
    lines = [f"round {s.round}, {s.seats[s.start].capitalize()} starts{_end_near(s)}"]
    for i, seat in enumerate(s.seats):
        g = engine.gap(s, i)
        race = f"{g} past" if g >= 0 else f"{count_of(-g, 'fame space')} to cross"
        dice = " ".join(d for d in s.dice[i]) or "none"
        # named (a trial could not read "buildings 4/3/2/2"); what one built now scores, not
        # those built (Upgrades), fame 5's not yet (Bonuses on the scoring tracks)
        later = s.upgrade_next_turn if i == s.turn else NO
        ups = ", ".join(
            f"{b} {2 + u - (k == later)}"
            for k, (b, u) in enumerate(zip(BUILDINGS, s.upgrades[i], strict=True))
        )
        lines.append(
            f"{seat.capitalize()}: money {s.money[i]}, fame {s.fame[i]} ({race}), karma "
            f"{s.karma[i]}, {count_of(s.workers[i] - s.placed[i], 'worker')} left of "
            f"{s.workers[i]}, boat {s.boat[i]}, buildings built now score {ups}, dice {dice}"
        )
    used = [f"{AREAS[k].replace('_', ' ')} {len(w)}" for k, w in enumerate(s.spaces) if w]
    if used:
        lines.append("workers out: " + ", ".join(used))
    return lines
