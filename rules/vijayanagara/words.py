"""Counts and articles in the rulebook's words, for the log and the prompts:
"1 Troop", "2 Rebelling Amirs", "a Raja", "an Amir"."""

from __future__ import annotations

from rules.words import a, count_of, plural

from .factions import Piece

__all__ = ["a", "count_of", "plural"]  # the rules' own (rules.words), in this game's words too

PIECE_NAME: dict[Piece, str] = {
    Piece.TROOP: "Troop",
    Piece.GOVERNOR: "Governor",
    Piece.QASBAH: "Qasbah",
    Piece.AMIR: "Amir",
    Piece.REBEL_AMIR: "Rebelling Amir",
    Piece.FORT: "Fort",
    Piece.RAJA: "Raja",
    Piece.REBEL_RAJA: "Rebelling Raja",
    Piece.TEMPLE: "Temple",
    Piece.MONGOL: "Mongol Invader",
}


def pieces(n: int, piece: Piece) -> str:
    return count_of(n, PIECE_NAME[piece])


def does(subject: str, verb: str) -> str:
    """The subject and its verb (written for one) in agreement: "Delhi Sultanate attacks",
    "Mongol Invaders attack" (a name that ends in s is many)."""
    if subject.endswith("s"):
        verb = {"has": "have", "is": "are", "was": "were"}.get(verb, verb.removesuffix("s"))
    return f"{subject} {verb}"
