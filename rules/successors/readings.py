"""Our readings where the summary is silent (Q1 to Q33), in a player's words: what the game's
messages cite as "(Q21)", told at the table by number. Each question is asked here as
docs/successors.md's table of readings asks it (a test holds the two to the same questions);
that table gives the maintainers' detail, its sources and tests."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True, slots=True)
class Reading:
    label: str  # a few words, for the list of readings
    section: str  # the summary's heading it belongs to
    question: str
    answer: str  # what the game does, briefly


def _r(label: str, section: str, question: str, answer: str) -> Reading:
    return Reading(label, section, question, answer)


READINGS = MappingProxyType(
    {
        1: _r(
            "event dice", "Sequence of Play", "how are the event dice read?",
            "three dice, rolled once: the first odd or even picks the table, the second is "
            "the tens, the third the ones (ODD 11 to EVEN 66); every entry is as likely.",
        ),
        2: _r(
            "turn 1", "Sequence of Play", 'what does "not on turn 1" cover?',
            "the purchases only: on turn 1 you still collect tax and pay upkeep.",
        ),
        3: _r(
            "control", "Revenue", "how is a province controlled, and does control last?",
            "at the end of each combat phase an area goes to the player whose units are alone "
            "or most numerous there; a tie, or nobody there, keeps its controller; control "
            "stays when your units leave; a marked area has none.",
        ),
        4: _r(
            "tax and upkeep", "Revenue", "what do revenue and upkeep include?",
            "tax is the value of the unmarked areas you control; upkeep is 1 for each land "
            "unit, mercenary, fleet and troop aboard, leaders free; short of money, you "
            "disband units of your choice until you can pay, and only then (none is disbanded "
            "at will).",
        ),
        5: _r(
            "what you may buy", "Revenue", '"a province of either type to buy"?',
            "infantry needs an Inf area you control, cavalry a Cav area, levies none; a fleet "
            "a port you hold (3 Talents) or a sea by your coast (5); elephants come by the "
            "event table, in an EL area you hold.",
        ),
        6: _r(
            "where units go", "Revenue", "where are bought units placed?",
            "at your home or with your leader, never among unfriendly units; a home an enemy "
            "holds takes none; fleets in your port, or in a sea next to your port or coast.",
        ),
        7: _r(
            "an event you cannot pay", "Revenue", "an event one cannot pay?",
            "you pay all you have and lose one unit of your choice.",
        ),
        8: _r(
            "gifts", "Revenue", "how does money exchange work?",
            "any amount, at any time, through turn 8 (`give 3 to red`), none after; ransoms, "
            "events and raids still pay.",
        ),
        9: _r(
            "no minimum move", "Movement", "a minimum move?",
            "none: a unit without the MP an area costs cannot enter it.",
        ),
        10: _r(
            "the leader's 4 MP", "Movement", "the leader's 4 MP?",
            "units that start the phase with your leader have 4 MP while they move with him; "
            "units joining him keep 3; he may drop units on the way; a force without him "
            "moves whole.",
        ),
        11: _r(
            "who stops you", "Movement", "whom must a unit stop for?",
            "units of a player you are not allied with, and white rebels; allies and your own "
            "mercenaries do not stop you.",
        ),
        12: _r(
            "alliances", "Movement", "what is an alliance move?",
            "an alliance is offered and accepted (`offer red`, `accept blue`); `break with "
            "red` ends it at your next turn. In your turn you may `call` an ally: he moves his "
            "own units then and fights on your side. Allies in one area are one side of one battle, "
            "attacking or defending.",
        ),
        13: _r(
            "who wants a battle", "Combat", '"at least 1 player must want it"?',
            "in your combat phase you fight or decline each opponent in each area; if you "
            "decline, he may call the battle; rebels and invaders always fight.",
        ),
        14: _r(
            "who attacks", "Combat", "who attacks, who orders the battles?",
            "the player whose turn it is attacks in every battle of his turn, even one the "
            "other called, and chooses their order.",
        ),
        15: _r(
            "land hits", "Combat", "land hit numbers?",
            "a levy hits on 6, every other unit on 5-6.",
        ),
        16: _r(
            "losses", "Combat", "who takes which loss?",
            "a hit takes a unit of the type that scored it (pre-battle hits are cavalry's), "
            "else the closest better, else the closest worse (Cav, Inf, EL, Levy); within a "
            "type the side's leading player chooses whose.",
        ),
        17: _r(
            "elephants", "Combat", '"each EL stops 2 pre-battle rolls"?',
            "each elephant cancels two enemy cavalry pre-battle rolls and rolls none itself.",
        ),
        18: _r(
            "pre-battle rolls", "Combat", "how do pre-battle rolls work?",
            "once a battle, before round 1, both sides at once, hitting on 5-6, no leader's "
            "+1; none in a sea invasion.",
        ),
        19: _r(
            "the leader's +1", "Combat", "the leader's +1?",
            "each leader adds 1 to the die of his best unit (Cav, Inf, EL, Levy) every round, "
            "that unit's die set before the roll (not the best die rolled: a trial expected "
            "it); not while wounded (ODD 45) in the game turn he was wounded in.",
        ),
        20: _r(
            "retreats", "Combat", "how do retreats work?",
            "after each round the defender may retreat to adjacent areas without unfriendly "
            "units that no attacker entered this turn, then the attacker to areas he controls "
            "or empty ones (not once the defenders are all gone); terrain "
            "costs nothing; landed invaders and white units never retreat; `retreat all` sends "
            "the units (the leader too, if there), and a leader left alone by units sent one by one is "
            "sent on his own (or stays, captured: Q21); `stand to the end` answers for the "
            "battle's later rounds.",
        ),
        21: _r(
            "captured leaders", "Combat", "captured leaders?",
            "a leader whose side has no unit left after a battle, or who stands alone where "
            "an enemy fights, is captured. Ransom 5 Talents (`ransom` at any time, or your "
            "revenue pays it by itself, unasked, as soon as what the upkeep leaves covers it); "
            "he goes home, or to your nearest units free of "
            "enemies if they hold your home (no ransom while none can take him). Beaten by "
            "rebels he goes home free.",
        ),
        22: _r(
            "sea battles", "Sea", "how does a sea battle run?",
            "a force entering a sea with fleets not allied to it stops; if either side wants "
            "a battle, every fleet of both there rolls once (5-6 sinks); each side chooses "
            "which of its fleets sink, troops aboard drowning first; the movers may sail on; "
            "one sea battle a sea a turn.",
        ),
        23: _r(
            "ports and fleet MP", "Sea", "ports, patrols, fleet MP?",
            "a fleet in a port is in port, in a sea on patrol; 1 MP for each sea or port "
            "entered, and for leaving a port; no fleet enters a port a non-ally holds.",
        ),
        24: _r(
            "transport", "Sea", "how does transport work?",
            "one land unit a fleet, a leader free; troops embark from the port or any coast "
            "of the fleets' sea and land on a coast of it, where they stop; none stays "
            "aboard.",
        ),
        25: _r(
            "double rolls", "Sea Invasion", 'what are "double rolls"?',
            "if no attacker came by land this turn, each defending unit rolls two dice every "
            "round.",
        ),
        26: _r(
            "fleets in a taken port", "Sea Invasion", "fleets in a captured port?",
            "each enemy fleet in a port that changes hands rolls: 1-2 it becomes the "
            "captor's (destroyed if his pool has no fleet), 3-4 destroyed, 5-6 it escapes to "
            "an adjacent sea its owner picks.",
        ),
        27: _r(
            "markers", "Victory", "how long do markers last?",
            "a Revolt or Invasion marker stays while a white unit remains there, or until one "
            "player is alone there at a combat phase's end; a marked area gives no tax, "
            "control or points.",
        ),
        28: _r(
            "white units", "Combat", "how do white units behave?",
            "they never move nor retreat; the game rolls for them; their hits fall on the "
            "area's controller first, then the others in turn order.",
        ),
        29: _r(
            "levies at sea", "Movement", "optional rule 10.3 (levies)?",
            "its text is unknown, so it is not offered: levies board fleets like any unit.",
        ),
        30: _r(
            "ODD 41-44", "Sequence of Play", "which ODD 41-44?",
            "your leader alone goes home, his units stay; if enemies hold your home he goes "
            "where a ransomed leader would, or stays where he is.",
        ),
        31: _r(
            "chits", "Chits", "when are chits played?",
            "play one when its timing allows (`play 5`), or arm it as a standing order for "
            "its moment (`arm 15 for revolt`); mercenaries never while a combat is resolved.",
        ),
        32: _r(
            "out of the game", "Victory", "when is a player out?",
            "at the end of your own turn with no unit and no area left (you are warned when "
            "the last goes): your home, money and chits go, and a leader you hold captive "
            "goes home free; one player left ends the game.",
        ),
        33: _r(
            "winning", "Victory", "how is the game won?",
            "after the last game turn, each unmarked area your units alone occupy scores its "
            "value (your mercenaries do not spoil it, an ally's units do), and each Talent "
            "half a point; a tie goes to the player earlier in the last turn's order.",
        ),
    }
)  # fmt: skip


def told(number: int) -> str:
    """Reading Q`number` as the table tells it; a ValueError names the readings there are."""
    if number not in READINGS:
        raise ValueError(f"no reading Q{number}: our readings are Q1 to Q{max(READINGS)}")
    r = READINGS[number]
    return f"Q{number} ({r.section}): {r.question} Our reading: {r.answer}"


def listed() -> str:
    """Every reading by its number and a few words."""
    said = "; ".join(f"Q{n} {r.label}" for n, r in READINGS.items())
    return (
        "Our readings, where the rules summary is silent (ask for one by its number, as "
        f"Q21; the game's messages cite them so): {said}."
    )
