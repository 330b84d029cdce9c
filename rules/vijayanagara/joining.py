"""Units joining an Attack from one adjacent space (3.2.4, 3.3.4, 3.4.4): who may, how
many, and the Structure that lets them, as data, and in the rulebook's words for the prompt
and the rules reference."""

from __future__ import annotations

from dataclasses import dataclass

from .factions import FACTION_NAMES, Faction, Piece
from .words import PIECE_NAME

NUMBER = {1: "one", 2: "two"}


@dataclass(frozen=True)
class Joining:
    structure: Piece  # in the adjacent space
    most: int  # Units from that one space
    units: str  # who may join, as the rule names them ("Troops or Governors")
    space: str  # what the adjacent space may be ("space", "Province")
    rule: str


SUPPORT: dict[Faction, Joining] = {
    Faction.D: Joining(Piece.QASBAH, 2, "Troops or Governors", "space", "3.2.4"),
    Faction.B: Joining(Piece.FORT, 2, "Amirs", "Province", "3.3.4"),
    Faction.V: Joining(Piece.TEMPLE, 1, "Raja", "Province", "3.4.4"),
}


def attack_rule(attacker: Faction | None) -> str:
    """The attacker's own Attack rule, which says whom it targets and which Units join it
    (3.2.4, 3.3.4, 3.4.4; the Mongols' Attack takes none, 3.5.3, and is named by Delhi's)."""
    j = SUPPORT.get(attacker) if attacker is not None else None
    return j.rule if j is not None else "3.2.4"


def joining_rule(f: Faction) -> str:
    """The prompt's words (a trial read "Units may join" and found one Raja a time): "up to
    two Amirs may join from one adjacent Province with a Fort (3.3.4)"."""
    j = SUPPORT[f]
    structure = PIECE_NAME[j.structure]
    return (
        f"up to {NUMBER[j.most]} {j.units} may join from one adjacent {j.space} "
        f"with a {structure} ({j.rule})"
    )


def joining_summary() -> str:
    """Every Faction's joiners in one clause, for the rules reference."""
    return ", ".join(
        f"{'up to ' if i == 0 else ''}{NUMBER[j.most]} {j.units} from a "
        f"{PIECE_NAME[j.structure]} ({FACTION_NAMES[f].split()[0]})"
        for i, (f, j) in enumerate(SUPPORT.items())
    )
