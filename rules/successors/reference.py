"""The rules at the table, in our own words, by the summary's headings (Sequence of Play,
Revenue, Movement, Combat, Sea, Sea Invasion, Victory) and our readings, each citing its
lines (l.N) or its question (Q21: each told by its number, readings.py); a topic found by its
name or any word a player asks with ("homes", "fleet", "retreat"), the closest named when none
is. The chits and the counters are told from the standard components' files, as the game
loads them."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from difflib import get_close_matches
from types import MappingProxyType

from ..errors import excerpt
from ..words import count_of, listed, singular
from . import chits, readings
from .components import Map, standard_parts
from .names import unit_noun
from .state import TRIGGERS


def _chits() -> str:
    """How chits come, are held and played, then each chit of the file with its timing."""
    table = standard_parts().events.table
    drawn = [(e.key, st.every) for e in table for st in e.steps if st.kind == "draw"]
    by_roller = _runs(k for k, every in drawn if not every)
    by_all = _runs(k for k, every in drawn if every)
    return (
        f"Chits (the errata; Q31): drawn when the event roll says so ({by_roller}: "
        f"the roller draws one; {by_all}: every player), held secretly, back into the cup "
        "once played. Play one when its timing allows (`play 5`, `play 2 at Egypt`, `play 18 "
        "on red`), or arm it as a standing order done at its moment, unseen "
        "(`arm 15 for revolt`, `arm 7 for battle at Egypt`, "
        f"`disarm 15`; short: a payment you cannot make). A play that does nothing is refused; "
        f"`hand` shows each chit's uses now. The chits: {_chit_list()}."
    )


# when a chit played by a step of its own may be played (chits.py's windows, aside.py's)
PLAYED = (
    (chits.ANY_TIME, "play at any time"),
    (chits.NOT_IN_COMBAT, "play at any time but in a combat"),
    (chits.IN_OWN_MOVEMENT, "play in your movement phase"),
    (chits.IN_OWN_REVENUE, "play in your revenue phase"),
)


def _chit_list() -> str:
    """Each run of one chit's copies (`2-4 Mercenaries`), runs of the same timing together."""
    runs: list[tuple[int, int, str, str]] = []  # first, last, name, when
    for c in standard_parts().chits.chits:
        when = _when(c.kind)
        if runs and runs[-1][2:] == (c.name, when) and runs[-1][1] == c.number - 1:
            runs[-1] = (runs[-1][0], c.number, c.name, when)
        else:
            runs.append((c.number, c.number, c.name, when))
    groups: list[tuple[list[str], str]] = []
    for first, last, name, when in runs:
        label = f"{first} {name}" if first == last else f"{first}-{last} {name}"
        if groups and groups[-1][1] == when:
            groups[-1][0].append(label)
        else:
            groups.append(([label], when))
    return "; ".join(f"{', '.join(labels)}: {when}" for labels, when in groups)


def _when(kind: str) -> str:
    """When a chit of the kind is played, or the moments it is armed for (as typed)."""
    ways = [w for kinds, w in PLAYED if kind in kinds]
    moments = " or ".join(
        TRIGGERS[m] + (" (at your leader or home)" if m == chits.ATTACKED else "")
        for m in chits.ARMED_FOR.get(kind, ())
    )
    return ", or ".join([*ways, *([f"arm for {moments}"] if moments else [])])


def _runs(keys: Iterable[str]) -> str:
    """Event rolls in runs: `EVEN 31-35`, `ODD 11, ODD 14`."""
    out: list[list[str]] = []
    for key in keys:
        table, n = key.split()
        last = out[-1][-1].split() if out else ["", "0"]
        if last[0] == table and int(n) == int(last[1]) + 1:
            out[-1].append(key)
        else:
            out.append([key])
    return ", ".join(r[0] if len(r) == 1 else f"{r[0]}-{r[-1].split()[1]}" for r in out) or "none"


def _units() -> str:
    """Each colour's counters and the white ones, from the setup file."""
    setup = standard_parts().setup
    colour = [f"{n} {unit_noun(k, n)}" for k, n in enumerate(setup.colour_mix[:4])]
    white = [f"{n} {unit_noun(k, n)}" for k, n in enumerate(setup.white_mix)]
    fleets = count_of(setup.colour_mix[4], "fleet")
    return (
        f"Units (the counter mix): each colour has {', '.join(colour)} and {fleets}; the white "
        f"units, rebels and every player's mercenaries, {', '.join(white)}. Counters off the "
        "map are the pool: a purchase, an event or a chit gives only what your pool holds, so "
        "a purchase is refused when a kind runs out. A unit lost (in battle, sunk, drowned, "
        "disbanded, deserting) goes back to its pool and may be bought again. Upkeep is 1 a "
        "unit on the map (l.14; Q4). Mercenaries (chits 2-4) are white units of yours, named "
        "with their kind (`move 2 merc inf Egypt Arabia`); left with none of your units nor "
        "your leader at a phase's end, they desert (our reading)."
    )


TOPICS: MappingProxyType[str, str | Callable[[], str]] = MappingProxyType(
    {
        "sequence": (
            "Sequence of Play (l.1-7): each game turn, each player in turn does all four "
            "phases: Events (one roll of three dice), Revenue, Movement, Combat. Homes are "
            "chosen in roll order, the highest first, and each spends his 5 Talents at once; "
            "the last to choose moves first, and the order holds all game (our game: 12 "
            "turns)."
        ),
        "setup": (
            "Setup (the errata's rule 3.1): each player rolls a die, ties roll again; in roll "
            "order, the highest first, each chooses a home not next to a home already chosen "
            "(`home Egypt`), his leader starts there with 5 Talents, spent at once on units in "
            "the home (`buy 2 levy 1 inf at Egypt`, then `done`). The last to choose moves "
            "first in every game turn."
        ),
        "events": (
            "Events (l.4; Q1): the first die odd or even picks the table, the second is the "
            "tens digit, the third the ones: ODD 11 to EVEN 66. Revolts and invasions place "
            "white units that attack at once; a player who cannot pay an event pays all he "
            "has and loses a unit of his choice (l.11; Q7)."
        ),
        "revenue": (
            "Revenue (l.5, l.10-22): collect the values of the provinces you control; pay 1 "
            "upkeep a unit (l.14), disbanding what you cannot pay for (Q4); then buy (not on "
            "turn 1, Q2): levy 1, infantry 2, cavalry 3, a fleet 3 in a port or 5 in a sea "
            "next to your provinces; elephants only by the table, placed in an elephant (E) "
            "area you control. Infantry and cavalry need an area of their symbol you control "
            "(l.22; Q5). Units go to your home or to your leader wherever he stands (l.21; "
            "Q6): a leader far from home raises an army there. A captured leader is ransomed "
            "for 5 Talents (l.13)."
        ),
        "control": (
            "Control (l.10; Q3): at the end of each combat phase an area goes to the player "
            "whose units are alone or the most there, an ally's too (allies share areas "
            "without battle, so an ally with more units in your province takes it, l.10); a "
            "tie, or nobody there, keeps its controller, so an area stays yours when your "
            "units leave, until another's unit comes in. Your home too: left empty, one enemy "
            "levy takes it, and a home where unfriendly units stand (even yours still) takes no "
            "purchases (l.21; Q6). You "
            "collect the tax of the areas you control (l.5); at the end only those your "
            "units alone occupy score (l.66). A marked area has no controller (Q3)."
        ),
        "movement": (
            "Movement (l.25-32): no stacking limit, no ZOCs; land units 3 MP, rough areas cost "
            "2; the leader 4 MP, and so the units that begin the phase with him while they "
            "move with him (Q10). Entering an area with unfriendly units stops you (l.27). "
            "Orders: `move 2 inf leader Egypt Arabia Syria`, or step by step: `take 2 inf at "
            "Egypt`, `march to Arabia`, `halt`; `end movement`. A unit moves once a phase (our "
            "reading). Allies move in your turn when you `call` them (l.32; Q12). What borders "
            "an area: `card Cilicia`."
        ),
        "combat": (
            "Combat (l.35-46): a battle where at least one side wants it (the defender may "
            "call one you decline, Q13), in the order you choose. Each cavalry rolls once "
            "before the battle, each enemy elephant stops two such rolls (l.37). Rounds are "
            "simultaneous: a levy hits on 6, others on 5-6 (Q15), the leader adds 1 to his "
            "best unit's die, set before the roll, not the best die rolled (l.39; Q19). A hit "
            "takes its own type, then the closest better class, then the closest worse: Cav, "
            "Inf, EL, Levy (l.40-44; Q16). After each round the defender may retreat (to an "
            "adjacent area with no unfriendly units that no attacker came from), then the "
            "attacker (to one its side holds, or an empty one; l.45; Q20); `retreat all` "
            "sends every piece that may go, the leader too if he is there; then another round. An order "
            "ends at the first dice it brings: send the next battle once they are seen."
        ),
        "sea": (
            "Sea (l.49-53): fleets have 5 MP, 1 for each sea or port entered; they stop on "
            "meeting enemy fleets and fight one round if either side wants it, 5-6 sinking a "
            "fleet; survivors may sail on. No fleet enters an enemy port (l.30). A fleet "
            "carries one unit (l.31): `sail 2 fleets with 2 inf Egypt Egyptian Sea land at "
            "Cyrenaica`; troops board in the fleets' port, or, for fleets at sea, on any coast "
            "of their sea (`sail 1 fleet with 1 inf Persian Gulf ...` boards where the infantry "
            "stands, where one coast of the sea holds it; where several do, take the fleets and "
            "name it: `embark 1 inf at Susiana`). A leader lost at sea goes home (l.52); fleets "
            "in a port another player takes roll for their fate (`rules invasion`)."
        ),
        "invasion": (
            "Sea Invasion (l.55-63): troops landed where enemies are fight with no pre-battle "
            "(l.58); if every attacker landed, the defender rolls two dice each, every round "
            "(l.59; Q25); invaders never retreat (l.60). Fleets in a port another player takes "
            "roll: 1-2 captured, 3-4 destroyed, 5-6 escape to an adjacent sea (l.61-63; Q26); "
            "rebels or invaders an event places take no port: fleets there stay. "
            'An Invasion marker ("Invaded" on the board) is another thing: white invaders an '
            "event places: `rules rebels`."
        ),
        "victory": (
            "Victory (l.66-69): after the last turn, each province your units alone occupy "
            "scores its value (your mercenaries do not spoil it, an ally's units do); a Revolt "
            "or Invasion marker makes it worthless; each Talent is half a point. A tie goes "
            "to the player earlier in the last turn's order."
        ),
        "rebels": (
            "White units (the errata's rule 4.0; Q27, Q28): revolts and invasions place them with a "
            "marker; they attack the units there at once and fight until gone; units that come "
            "or stay beside them later fight them in their player's combat phase (Q13) unless "
            "they march away before it (l.25: no ZOCs). They never move nor retreat, and hit "
            "the area's controller first. A marked area gives no tax, control or points."
        ),
        "chits": _chits,
        "alliances": (
            "Alliances (l.12, l.32; Q8, Q12): `offer red`, `accept blue` (a refusal stands for "
            "the game turn); a player may have several allies, who need not be allied with each "
            "other; allies do not stop each other, share areas without battle and "
            "fight as one side (called in the phasing player's turn, or attacked together: one "
            "battle); an ally with more units in your province takes its control (l.10; Q3), "
            "and allied units "
            "in an area spoil its points at the end (l.66). `break with red` ends it at your "
            "next turn; units sharing an area are enemies again, and battle follows where "
            "one side wants it (l.35). Money passes freely through turn 8: `give 3 to red`. "
            "An AI seat keeps what it is given and gives nothing: a gift does not sway its "
            "answers, which read the standings alone."
        ),
        "leaders": (
            "Leaders (l.13, l.21, l.28, l.39; Q10, Q21): your leader has 4 MP, and so have the "
            "units that start the phase with him while they move with him (Q10); in battle he "
            "adds 1 to his best unit's die every round (l.39; Q19). A leader whose side has no "
            "unit left after a battle, or who stands alone where an enemy fights, is captured "
            "(Q21); beaten by rebels, or lost at sea, he goes home (l.52). Ransom 5 Talents to "
            "his captor (l.13): type `ransom` at any time, or your revenue pays it unasked once "
            "what the upkeep leaves covers it (Q21); he goes home, or to your units nearest it if enemies hold it; no ransom "
            "while no such area can take him. He goes home free if his captor is eliminated "
            "(Q32). Bought units go to your home or your leader (l.21; Q6): with your home "
            "held by enemies (not an ally) and him captive you buy no levies, infantry or cavalry, but you still "
            "collect tax, pay upkeep, buy fleets and the table's elephants, move, fight, give, "
            "ally and play chits (those bringing units bring none). A leader is no unit: he "
            "stops no force (l.27), and with no unit nor province you are out (Q32)."
        ),
        "units": _units,
        "q1-q33": readings.listed,
    }
)


# the words a player may ask a topic by, besides its name (singular; plurals are read)
TERMS = MappingProxyType(
    {
        "sequence": ("turn", "game turn", "phase", "order", "sequence of play", "player turn"),
        "setup": ("home", "start", "beginning", "roll for homes", "choose home"),
        "events": ("event", "event table", "roll", "dice", "die", "odd", "even"),
        "revenue": (
            "tax", "income", "upkeep", "maintenance", "buy", "purchase", "price", "cost",
            "talent", "levy", "infantry", "inf", "cavalry", "cav", "elephant", "el",
            "disband",
        ),
        "control": (
            "controlled", "controller", "held", "hold", "holding", "province", "shared area",
            "jointly occupied", "empty home",
        ),
        "movement": (
            "move", "march", "mp", "movement point", "path", "stop", "take", "halt", "drop",
            "rough", "terrain", "zoc", "zone of control", "stacking", "call",
        ),
        "combat": (
            "battle", "fight", "attack", "decline", "retreat", "loss", "hit", "pre-battle",
            "round", "stand",
        ),
        "sea": ("fleet", "sail", "port", "ship", "embark", "carry", "transport", "sea battle"),
        "invasion": ("landing", "land", "disembark", "double", "sea invasion", "captured fleet"),
        "victory": ("score", "point", "win", "end", "tie", "winning", "scoring"),
        "rebels": ("white", "revolt", "marker", "rebel", "invasion marker", "invaded", "invaders"),
        "chits": (
            "chit", "play", "arm", "disarm", "standing order", "hand", "spy", "raid",
            "mercenary", "cup", "draw",
        ),
        "alliances": ("alliance", "ally", "offer", "accept", "refuse", "break", "gift", "give",
                      "money"),
        "leaders": ("leader", "capture", "captured", "captive", "ransom", "prisoner"),
        "units": ("unit", "counter", "desert", "deserter", "desertion", "merc", "limit", "pool", "mix", "counter mix", "unit limit"),
        "q1-q33": ("q", "reading", "our reading", "question"),
    }
)  # fmt: skip
CLOSEST = 3


def _key(words: str) -> str:
    return " ".join(words.lower().replace("-", " ").replace("_", " ").split())


def _index() -> dict[str, str]:
    out: dict[str, str] = {}
    for name in TOPICS:
        for word in (name, *TERMS.get(name, ())):
            out.setdefault(_key(word), name)
    return out


INDEX = MappingProxyType(_index())


def find(name: str) -> str:
    """The topic a player's words ask for: its name or a word it explains (singular or
    plural), else the one topic whose words start so; a ValueError names the closest."""
    key = _key(name[:60])
    for k in (key, singular(key), key.replace("sea invasion", "invasion")):
        if k in INDEX:
            return INDEX[k]
    found = sorted({INDEX[k] for k in INDEX if key and k.startswith(key)}, key=list(TOPICS).index)
    if len(found) == 1:
        return found[0]
    near = found or list(
        dict.fromkeys(INDEX[w] for w in get_close_matches(key, list(INDEX), n=9, cutoff=0.6))
    )
    closest = f"; the closest: {', '.join(near[:CLOSEST])}" if near else ""
    raise ValueError(f"no topic {excerpt(name)}{closest}; the topics are: {', '.join(TOPICS)}")


# a reading asked by its number, as the game's messages cite it: Q21, q21, Q 21, Q.21
READING = re.compile(r"q\.? ?(\d{1,3})")


def topic(name: str) -> str:
    """The topic's text, or reading Q`N`'s (a ValueError names what there is)."""
    asked = READING.fullmatch(_key(name[:60]))
    if asked:
        return readings.told(int(asked[1]))
    told = TOPICS[find(name)]
    return told if isinstance(told, str) else told()


def place_told(m: Map, area: int) -> str:
    """An area of the map as the lookup tells it: a land area's worth, terrain, coast, the
    unit it lets one buy (Q5), its neighbours and seas; a sea's neighbours and coasts."""
    names = m.names
    if area >= m.land:
        sea = area - m.land
        near = listed([names[m.land + t] for t in m.sea_adjacent[sea]]) or "no sea"
        return f"{names[area]}, a sea: next to {near}; its coasts {listed([names[a] for a in m.coasts[sea]])}"
    terrain = "rough (2 MP, l.26)" if m.rough[area] else "open"
    coast = ("inland", "coastal", "a port")[m.coast[area]]
    said = (
        f"{names[area]}: worth {m.value[area]}, {terrain}, {coast}, its symbol "
        f"{unit_noun(m.symbol[area], 1)} (Q5); borders "
        f"{listed([names[b] for b in m.adjacent[area]]) or 'no land area (an island)'}"
    )
    seas = [names[t] for t in m.seas[area]]
    return said + (f"; on {listed(seas)}" if seas else "")
