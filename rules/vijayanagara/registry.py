"""The one registry of Commands (3.0) and Decrees (4.0): name, title, factions, rule section,
aliases. The notation, the event validation and interpreter, the prompts, the bot's choices
and its help are derived from it.

A name is spelled one way, as in the notation (`collect-tribute`). Deck files write their
names in snake case (`collect_tribute`, events-format.md); that spelling, and the older
shorthands of the notation, are read as aliases, so stored games, exports and deck files
still read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .factions import PLAYERS, Faction
from .joining import joining_summary

Kind = Literal["command", "decree"]

D, B, V, M = Faction.D, Faction.B, Faction.V, Faction.M


@dataclass(frozen=True, slots=True)
class Entry:
    """One Command or Decree."""

    name: str  # the one spelling, as the notation writes it
    title: str  # as the rulebook writes it
    kind: Kind
    factions: tuple[Faction, ...]
    section: str  # the rule section(s), one per faction where they differ
    effect: str  # one line in our own words, for menus and prompts
    aliases: tuple[str, ...] = ()
    detail: str = ""  # what the rules topic says besides (trials missed it in the line)

    @property
    def deck_name(self) -> str:
        """The spelling of deck files (events-format.md): snake case."""
        return self.name.replace("-", "_")


# Each name, for the modules that handle one Command or Decree (its only spelling is here).
CONSCRIPT, MARCH, GOVERN = "conscript", "march", "govern"
RALLY, MIGRATE, REBEL, ATTACK = "rally", "migrate", "rebel", "attack"
AMASS, ADVANCE, PLUNDER = "amass", "advance", "plunder"
# what each Mongol Command needs to be possible (3.5; mongols.MongolInvasion offers it so)
MONGOL_NEEDS: dict[str, str] = {
    AMASS: "Invaders Available",
    ADVANCE: "Invaders in the Mountain Passes or Punjab",
    PLUNDER: "Invaders on the map",
}
COLLECT_TRIBUTE, CAMPAIGN, DEMAND_OBEDIENCE = "collect-tribute", "campaign", "demand-obedience"
TRADE, TAX, BUILD, CONSPIRE, COMPEL = "trade", "tax", "build", "conspire", "compel"

# In the order each faction's list is offered (legal actions keep this order).
ENTRIES: tuple[Entry, ...] = (
    Entry(
        CONSCRIPT,
        "Conscript",
        "command",
        (D,),
        "3.2.1",
        "place Troops: 5 in Delhi, 2 where a Qasbah stands, 1 in a Tributary",
    ),
    Entry(
        MARCH, "March", "command", (D,), "3.2.2", "move Troops and Governors into adjacent spaces"
    ),
    Entry(
        GOVERN,
        "Govern",
        "command",
        (D,),
        "3.2.3",
        "place a Governor, or where one stands remove 2 Obedient Units and/or build a Qasbah",
    ),
    Entry(
        RALLY,
        "Rally",
        "command",
        (B, V),
        "3.3.1, 3.4.1",
        "place Amirs or Rajas where you have a piece; more in your home Province or under your Control",
        detail="One in each Province, plus one in the home Province (Maharashtra for Bahmani, "
        "Karnataka for Vijayanagara, selectable without a piece there), plus one with a "
        "Temple (Vijayanagara), plus one where you have Control (then they come Rebelling).",
    ),
    Entry(
        MIGRATE,
        "Migrate",
        "command",
        (B, V),
        "3.3.2, 3.4.2",
        "move up to 3 Amirs or Rajas into each destination from adjacent Provinces; may shift Influence",
        detail="The Influence shift: in one destination at most, and only one holding a piece "
        "of the other Deccan Faction's (a Bahmani piece for Vijayanagara, a Vijayanagara one "
        "for Bahmani), 1 more Resource shifts your Influence +1 and theirs -1 (1.9), even in a "
        "free Migrate.",
    ),
    Entry(
        REBEL,
        "Rebel",
        "command",
        (B, V),
        "3.3.3, 3.4.3",
        "take Control of Tributaries where your pieces are the majority (Tughlaq Dynasty only)",
    ),
    Entry(
        ATTACK,
        "Attack",
        "command",
        (D, B, V),
        "3.2.4, 3.3.4, 3.4.4",
        "battle one Faction in a space: 4 dice against 2, hits on rolls up to your Units involved",
        detail=f"Units joining from one adjacent space: {joining_summary()}; they stay where "
        "they are and may be lost. A Deccan Faction may select any Province with an opposing "
        "piece, its own Units there or not.",
    ),
    # the Mongol Invaders' Commands, decided by the faction that runs them (2.4, 3.5)
    Entry(
        AMASS,
        "Amass",
        "command",
        (M,),
        "3.5.1",
        "3 Mongol Invaders enter the Mountain Passes; more than 4 spill on towards Delhi",
    ),
    Entry(
        ADVANCE,
        "Advance",
        "command",
        (M,),
        "3.5.2",
        "move Mongol Invaders from the Mountain Passes to Punjab, or Punjab to Delhi",
    ),
    Entry(
        PLUNDER,
        "Attack and Plunder",
        "command",
        (M,),
        "3.5.3",
        "the Invaders in one space attack Delhi's Units there, then drain Delhi's Resources",
        ("attack-and-plunder",),
        detail="Then, battle or not, each Invader left there costs Delhi 1 Resource (not "
        "below 3), and Delhi removes 1 Troop from anywhere on the map for each in Punjab, 2 for "
        "each in Delhi; Invaders beyond three there go back to the holding box.",
    ),
    Entry(
        COLLECT_TRIBUTE,
        "Collect Tribute",
        "decree",
        (D,),
        "4.2.1",
        "gain Resources (half the Tributaries' Prosperity) and 2 Cavalry",
        ("collect_tribute", "tribute", "collect"),
    ),
    Entry(
        CAMPAIGN,
        "Campaign",
        "decree",
        (D,),
        "4.2.2",
        "move Delhi Units from one space up to 3 spaces along one route, dropping some on the way",
    ),
    Entry(
        DEMAND_OBEDIENCE,
        "Demand Obedience",
        "decree",
        (D,),
        "4.2.3",
        "Provinces you Control with a Governor become Tributaries again; gain their Prosperity in Resources",
        ("demand_obedience", "demand"),
    ),
    Entry(
        TRADE,
        "Trade",
        "decree",
        (B,),
        "4.3.1",
        "gain 1 Resource per Province with a Bahmani piece, and Cavalry",
    ),
    Entry(
        TAX,
        "Tax",
        "decree",
        (V,),
        "4.4.1",
        "gain Resources: the Prosperity of Provinces you Control plus your Temples",
    ),
    Entry(
        BUILD,
        "Build",
        "decree",
        (B, V),
        "4.3.2, 4.4.2",
        "place a Fort (Bahmani) or a Temple (Vijayanagara) in a Province with your Unit",
    ),
    Entry(
        CONSPIRE,
        "Conspire",
        "decree",
        (B,),
        "4.3.3",
        "in up to 2 different Provinces with your piece, replace a Governor by an Amir",
        detail="With Influence 2 or more, a Governor or a Raja, in a Province with or next to "
        "your piece; a Rebelling Raja becomes a Rebelling Amir.",
    ),
    Entry(
        COMPEL,
        "Compel",
        "decree",
        (V,),
        "4.4.3",
        "bring up to 2 Rajas into a Province near yours; with Influence 2+ remove an enemy Unit too",
        detail="With Influence 2 or more you also gain a Cavalry token (from another faction "
        "when the pool is empty), and removing a Sultanate Unit turns the Rajas brought Rebelling.",
    ),
)

BY_NAME: dict[str, Entry] = {e.name: e for e in ENTRIES}
_SPELLINGS: dict[str, Entry] = {
    spelling: e for e in ENTRIES for spelling in (e.name, e.deck_name, *e.aliases)
}


def _of(kind: Kind, faction: Faction) -> tuple[str, ...]:
    return tuple(e.name for e in ENTRIES if e.kind == kind and faction in e.factions)


# each player faction's own (the Mongols' are in COMMAND_NAMES and MONGOL_COMMANDS)
COMMANDS: dict[Faction, tuple[str, ...]] = {f: _of("command", f) for f in PLAYERS}
MONGOL_COMMANDS = _of("command", M)
DECREES: dict[Faction, tuple[str, ...]] = {f: _of("decree", f) for f in PLAYERS}
TITLE: dict[str, str] = {e.name: e.title for e in ENTRIES}
COMMAND_NAMES = tuple(e.name for e in ENTRIES if e.kind == "command")
DECREE_NAMES = tuple(e.name for e in ENTRIES if e.kind == "decree")
# every spelling read for a name (the notation's OPTIONS take these)
SPELLINGS: dict[str, str] = {spelling: e.name for spelling, e in _SPELLINGS.items()}


def entry(spelling: str) -> Entry | None:
    """The Command or Decree a spelling names (its name, its deck-file form or an alias)."""
    return _SPELLINGS.get(spelling)


def entries(kind: Kind) -> tuple[Entry, ...]:
    return tuple(e for e in ENTRIES if e.kind == kind)


def name_of(spelling: str) -> str:
    """The one name of a spelling the deck validation accepted."""
    found = entry(spelling)
    if found is None:
        raise KeyError(f"no Command or Decree is called {spelling!r}")
    return found.name


def summary(kind: Kind) -> str:
    """Each faction's Commands (or Decrees) in the notation, for help texts."""
    return "; ".join(f"{f.value}: {', '.join(names)}" for f, names in _BY_KIND[kind].items())


_BY_KIND: dict[Kind, dict[Faction, tuple[str, ...]]] = {"command": COMMANDS, "decree": DECREES}
