"""The rules at the table: a few lines per topic in our own words, each citing its section.

Players ask for a topic by name (`rules topic:battle`); every Command and Decree is a topic
of its own, its one-line effect taken from the registry so that menus and the reference say
the same. The rulebook stays the authority: each topic names the sections to read there.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import get_close_matches

from ..words import singular
from .model import FACTION_NAMES, Faction
from .registry import ENTRIES, MONGOL_NEEDS, PLUNDER, Entry
from .tokens import PIECE_WORDS

# What each Cavalry step of a battle does (1.10), one line each: beside `charge N` and
# `screen N` wherever they are offered, and in the help.
CAVALRY_STEPS: dict[str, str] = {
    "charge": "spend a Cavalry token to lower your own die N by one, never below 1: a miss "
    "can become a hit (1.10)",
    "screen": "spend a Cavalry token to take the opponent's die N out of the battle, unless "
    "it shows a 1 (1.10)",
}


@dataclass(frozen=True, slots=True)
class Topic:
    name: str  # what a player types: "battle", "rally", "demand-obedience"
    title: str
    text: str  # a few lines, the sections cited


# each Mongol Command as typed and when it is possible; Attack and Plunder is one (3.5)
_MONGOL_COMMANDS = ", ".join(
    f"`{name}` ({'Attack and Plunder, one Command: ' if name == PLUNDER else ''}with {needs})"
    for name, needs in MONGOL_NEEDS.items()
)
_GENERAL: tuple[Topic, ...] = (
    Topic(
        "winning",
        "How each Faction wins",
        "The game ends when the second Timurid Empire card has been resolved; the most victory "
        "points wins, ties go to the most Resources (5.0).\n"
        "• Delhi Sultanate: the Prosperity of every Tributary Province, plus 3 minus the Mongol "
        "Invaders left in Delhi at the very end, at least -3 (5.1): after Timur Invades "
        "Delhi, whose battles there go on until one side is gone (2.6), not as they stand "
        "before it.\n"
        "• Bahmani Kingdom: the Prosperity of Provinces it Controls, plus its Forts on the map, "
        "plus its Deccan Influence (5.2).\n"
        "• Vijayanagara Empire: the same with its Temples (5.3).",
    ),
    Topic(
        "delhi",
        "Delhi Sultanate (D)",
        "Holds the south together: every Tributary Province is VP to it (5.1). Commands: "
        "Conscript, March, Govern, Attack (3.2); Decrees: Collect Tribute, Campaign, Demand "
        "Obedience (4.2). Passing gives it 3 Resources (2.3.6). It starts with 2 Cavalry "
        "(2.1) and must keep Troops ready for the Mongols and for Timur (2.4, 2.6).",
    ),
    Topic(
        "bahmani",
        "Bahmani Kingdom (B)",
        "Breaks Provinces away from Delhi and holds them: Controlled Prosperity, Forts and "
        "Influence are its VP (5.2). Commands: Rally, Migrate, Rebel, Attack (3.3); Decrees: "
        "Trade, Build (Forts), Conspire (4.3). Higher Influence adds Cavalry to Trade and "
        "lets Conspire take Rajas (1.9.1). It runs the Mongols on some Invasion cards (2.4).",
    ),
    Topic(
        "vijayanagara",
        "Vijayanagara Empire (V)",
        "Grows from Karnataka: Controlled Prosperity, Temples and Influence are its VP (5.3). "
        "Commands: Rally, Migrate, Rebel, Attack (3.4); Decrees: Tax, Build (Temples), Compel "
        "(4.4). Influence frees Rajas from the track and strengthens Compel (1.9.2). It runs "
        "the Mongols on some Invasion cards (2.4).",
    ),
    Topic(
        "turn",
        "A card's turn: Eligibility and the options",
        "Each card lists the order of play; every Eligible Faction in turn picks one option "
        "(2.3.2, 2.3.3): a Command with a Decree, or the Event or a Command alone (the two "
        "forked options, each taken by one Faction only); a Limited Command in one space; or "
        "Pass (+3 Resources for Delhi, +1 for the others). Factions that took a forked option "
        "are Ineligible on the next card, unless their Event says Stay Eligible (2.3.7).",
    ),
    Topic(
        "control",
        "Tributary, Independent and Control",
        "Every Province starts Tributary; a Tributary is never Controlled (1.6, 1.7). Rebel and "
        "some Events make it Independent; then a Faction whose pieces (Units and Structures "
        "alike) outnumber all the others together Controls it. Amirs and Rajas in their own "
        "Faction's Province are always Rebelling (1.4.5). Demand Obedience makes a Delhi-Controlled Province Tributary "
        "again (4.2.3).",
    ),
    Topic(
        "pieces",
        "Forces: Units and Structures",
        "Units move and fight: Delhi's Troops and Governors, Bahmani Amirs, Vijayanagara Rajas "
        "and the Mongol Invaders (1.4.1). Structures never move: Qasbahs (Delhi), Forts "
        "(Bahmani), Temples (Vijayanagara), at most one of each kind in a Province (1.4.2, "
        "1.4.4). Amirs and Rajas are Obedient or Rebelling (1.4.5). Pieces are placed from "
        "Available and removed back to it; a replaced piece may simply be removed (1.4.3, 1.4.6).",
    ),
    Topic(
        "resources",
        "Resources",
        "Each Faction holds 0 to 24 Resources (1.8): a gain beyond 24 is lost. Each space a "
        "Command selects costs 1 (3.1), unless the Command is free (3.1.3). Collect Tribute, "
        "Trade and Tax earn them (4.2.1, 4.3.1, 4.4.1); Passing gives 3 to Delhi, 1 to the "
        "others (2.3.6). Factions may give Resources and Cavalry to each other (1.5.2).",
    ),
    Topic(
        "map",
        "The map: spaces and adjacency",
        "Provinces have a Prosperity of 1 or 2 (1.3.1); the Mountain Passes and Punjab are "
        "Mongol Invasion Regions and with Delhi, a space but not a City, only Delhi's and the "
        "Mongols' pieces enter them (1.3.2-1.3.4). Spaces are adjacent when they share a "
        "border or a corner (1.3.5); nothing crosses the Vindhya Range (1.3.6).",
    ),
    Topic(
        "commands",
        "Commands and Decrees in general",
        "A Command selects its spaces, each once, and pays 1 Resource for each unless it is "
        "free (3.1, 3.1.1, 3.1.3); a piece acts once per Command (3.1.2). A Limited Command "
        "acts in one space (2.3.5). With the Command and Decree option the Decree comes "
        "before or after the whole Command (4.1); a Decree costs no Resources (none of 4.2-4.4 "
        "names a cost). Each Command and Decree is a topic of its own: `rules march`, `rules "
        "tax`.",
    ),
    Topic(
        "battle",
        "Battles and hits",
        "The attacker rolls 4 dice (3 against a Fort of the Bahmani, 3 for Mongols in Delhi), "
        "the defender 2 (3.2.4, 3.5.3). A die hits when it shows at most the number of that "
        "side's Units involved, and a 6 never hits: with 2 Units a 1 or a 2 hits. At most 5 "
        "hits. Cavalry comes between the roll and the hits (see `cavalry`). Each side then "
        "removes its own pieces, one per hit against it. Between Bahmani and Vijayanagara the "
        "side that lost fewer pieces gains 1 Influence and the other loses 1 (3.3.4, 3.4.4).",
    ),
    Topic(
        "cavalry",
        "Cavalry: Charge and Screen",
        "After the roll, the attacker and then the defender may spend Cavalry tokens (1.10): "
        "a Charge lowers one of your own dice by 1 (never below 1), turning a miss into a hit; "
        "a Screen removes one of the opponent's dice unless it shows a 1. Spent tokens go back "
        "to the pool of ten. The Mongols always have one token, used as a Charge that turns a "
        "miss into a hit if it can, else a 2 into a 1 (1.10, 3.5.3).",
    ),
    Topic(
        "influence",
        "Deccan Influence",
        "Bahmani and Vijayanagara each have a track from 0 to 4 (1.9): it is VP at the end "
        "(5.2, 5.3), frees the Units waiting on the track into Available, and improves "
        "Trade and Conspire (Bahmani, 1.9.1) or Compel (Vijayanagara, 1.9.2). Migrate, "
        "battles between the two and Events move it.",
    ),
    Topic(
        "mongols",
        "Mongol Invasions",
        "A Mongol Invasion card hands the Mongols to Bahmani or Vijayanagara, who picks two "
        "Mongol Commands (the same twice is allowed), then may give up 1 Influence for 2 "
        f"Resources and 2 Cavalry (2.4): {_MONGOL_COMMANDS} (3.5). Invaders never enter "
        "Provinces: they press from the Mountain Passes to Punjab to Delhi (1.3.2, 3.5).",
    ),
    Topic(
        "timur",
        "Timur and the end",
        "The first Timurid Empire card sends half the Available Invaders to the Mountain "
        "Passes. The second is Timur: the Invaders attack in the Passes, then Punjab, then "
        "Delhi until one side is gone there (2.6). Our reading: no Invader beyond three goes "
        "back after these attacks (that return is one of the Attack and Plunder consequences "
        "the sequence sets aside, and 5.1 counts up to six Invaders left in Delhi). Delhi "
        "scores 3 minus the Invaders left in Delhi, at least -3 (5.1); then the game is "
        "scored (5.0).",
    ),
    Topic(
        "succession",
        "Succession cards",
        "Three cards at fixed places in the deck (2.5): Zenith of the Delhi Sultanate (the "
        "Tughlaq Dynasty: Rebel is allowed from now on), Rise of the Rebel Sultans (free "
        "Limited Commands and gains for the Deccan), Lords of the Deccan (each Faction may pay "
        "3 Resources to shift Influence, up to three times). Eligibility does not change.",
    ),
    Topic(
        "events",
        "Events",
        "The Faction that takes the Event carries out either its unshaded or its shaded text, "
        "as much of it as it can, and makes the choices unless the text names another "
        "Faction, which then decides its part (2.3.4). Stay Eligible Events keep the Faction "
        "Eligible for the next card.",
    ),
    Topic(
        "ties",
        "Ties",
        "Equal VP is broken by the Resources held; if those are equal too, the tied players "
        "may settle it with a game of Aadu-Huli aata, the Goat-Tiger game (5.0, 5.5).",
    ),
)


def _entry_topic(e: Entry) -> Topic:
    who = ", ".join(FACTION_NAMES[f] for f in e.factions)
    kind = "Command" if e.kind == "command" else "Decree"
    cost = ""
    if e.kind == "command" and Faction.M not in e.factions:
        cost = " It costs 1 Resource per space selected (3.1); a Limited Command uses one space."
    elif e.kind == "command":
        cost = " The Mongols' Commands cost nothing (3.5)."
    else:
        cost = " A Decree goes with a Command, before or after it (4.1)."
    detail = f" {e.detail}" if e.detail else ""
    return Topic(e.name, f"{e.title} ({kind})", f"{who}: {e.effect} ({e.section}).{detail}{cost}")


TOPICS: dict[str, Topic] = {t.name: t for t in (*_GENERAL, *map(_entry_topic, ENTRIES))}
MAX_TOPIC_CHARS = 40
CLOSEST = 4  # topics named when a word finds none

# The rulebook's words (its Key Terms, the pieces' names) for what each topic explains; a
# Command's or Decree's title finds its own topic.
TERMS: dict[str, tuple[str, ...]] = {
    "winning": ("victory", "victory points", "vp", "score", "scoring", "win", "prosperity"),
    "delhi": ("delhi sultanate", "sultanate"),
    "bahmani": ("bahmani kingdom",),
    "vijayanagara": ("vijayanagara empire", "empire"),
    "turn": (
        "sequence of play",
        "eligible",
        "ineligible",
        "eligibility",
        "faction order",
        "option",
        "forked option",
        "command+decree",
        "command and decree",
        "limited command",
        "limited",
        "pass",
        "passing",
        "execute",
    ),
    "commands": ("command", "decree", "select", "selecting spaces", "free", "free command"),
    "control": ("tributary", "independent", "controlled", "uncontrolled", "province"),
    "pieces": (
        "forces",
        "piece",
        "unit",
        "structure",
        "troop",
        "governor",
        "amir",
        "raja",
        "qasbah",
        "fort",
        "temple",
        "obedient",
        "rebelling",
        "flip",
        "available",
        "availability",
        "place",
        "remove",
        "replace",
        "stacking",
    ),
    "resources": ("resource", "cap", "trading", "negotiation", "give"),
    "map": (
        "space",
        "adjacent",
        "adjacency",
        "city",
        "cities",
        "vindhya range",
        "mongol invasion regions",
    ),
    "battle": ("attacker", "defender", "hit", "die", "dice", "casualty", "casualties"),
    "cavalry": ("charge", "screen", "cavalry token", "cavalry pool"),
    "influence": ("deccan influence", "influence track"),
    "mongols": (
        "mongol",
        "mongol invader",
        "mongol invaders",
        "invader",
        "mongol invasion",
        "mongol invasion card",
        "compromising gifts",
        "gifts",
        "strategic assistance",
        "mountain passes",
        "punjab",
    ),
    "timur": ("timurid empire", "timurid empire card", "timur invades delhi", "end"),
    "succession": (
        "succession card",
        "zenith of the delhi sultanate",
        "rise of the rebel sultans",
        "lords of the deccan",
        "dynasty",
        "khalji dynasty",
        "tughlaq dynasty",
    ),
    "events": ("event", "event card", "unshaded", "shaded", "stay eligible"),
    "ties": ("tie", "tiebreak", "aadu-huli aata", "goat-tiger game", "goat-tiger"),
}


def _key(words: str) -> str:
    return "-".join(words.lower().replace("_", " ").replace("-", " ").split())


def _index() -> dict[str, str]:
    """Every word a topic answers to (its name, its terms, a Command's or Decree's title and
    aliases), normalised, each with the topic's name."""
    out: dict[str, str] = {}
    for e in ENTRIES:
        for word in (e.name, e.title, *e.aliases):
            out.setdefault(_key(word), e.name)
    for name, terms in TERMS.items():
        for word in (name, *terms):
            out.setdefault(_key(word), name)
    for word in PIECE_WORDS:  # every spelling of a piece the orders read
        out.setdefault(_key(word), "pieces")
    return out


INDEX = _index()


def topics() -> tuple[str, ...]:
    """Every topic's name, in reading order (general topics, then Commands and Decrees)."""
    return tuple(TOPICS)


def find_topic(words: str) -> Topic:
    """The topic a player's words ask for: its name or a rulebook term it explains (singular
    or plural), else a unique prefix of one of those. A ValueError names the closest topics
    when none or several match."""
    key = _key(words[:MAX_TOPIC_CHARS])
    for k in (key, singular(key)):
        if k in INDEX:
            return TOPICS[INDEX[k]]
    found = sorted({INDEX[k] for k in INDEX if key and k.startswith(key)}, key=topics().index)
    if len(found) == 1:
        return TOPICS[found[0]]
    shown = repr(words[:MAX_TOPIC_CHARS].strip())
    if found:
        raise ValueError(f"{shown} matches several topics: {_listed(found)}")
    closest = _closest(key)
    near = f"; the closest: {_listed(closest)}" if closest else ""
    raise ValueError(f"{shown} is not a topic{near}; the topics are: {', '.join(TOPICS)}")


def _closest(key: str) -> list[str]:
    """The topics whose words are nearest to `key` in spelling, nearest first."""
    words = get_close_matches(key, list(INDEX), n=3 * CLOSEST, cutoff=0.6)
    return list(dict.fromkeys(INDEX[w] for w in words))[:CLOSEST]


def _listed(names: list[str]) -> str:
    return ", ".join(f"{n} ({TOPICS[n].title})" for n in names)


def reference(topic: str) -> str:
    """The text of one topic, found by its name or the rulebook's words (`find_topic`)."""
    found = find_topic(topic)
    return f"**{found.title}**\n{found.text}"
