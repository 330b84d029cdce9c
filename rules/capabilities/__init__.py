"""What a game may offer beyond its core (`rules.game.Game`), each a small typed capability
with the plain behaviour written once.

A game offers its own by an attribute of that name holding an instance of the capability's
class (a subclass overriding what differs, built with the game); the shared layers ask
through the `*_of` functions, which give the plain behaviour to a game that offers none:

    notation   Notation        how an action is written and a player's text read
    narration  Narration       what the channel is told of each step; a new stage's header
    talk       TableTalk       what a seat is told of the position
    menus      Menus           the allowed steps as a menu, and what each does
    orders     Orders          an order of several steps, and where it ends
    turns      Turns           who plays a step, whose turn it is, what undo takes back
    reference  Reference       the rules at the table, lookups, the game's help and options
    files      ComponentFiles  another deck, board or cards brought as a file
    seeding    Seeding         a game dealt by a seed
    deadlines  Deadlines       what a seat out of time plays
    tiebreak   Tiebreak        ties for first place played off in another game
    search     Search          states consistent with a view, for a search (ai.search)
"""

from .component_files import ComponentFiles, files_of
from .deadlines import Deadlines, deadlines_of
from .menus import Menus, menus_of
from .narration import Narration, StageLine, narration_of
from .notation import Notation, notation_of
from .orders import EndedByItself, Orders, StoredSteps, orders_of, with_later
from .reference import Reference, reference_of
from .search import Search, chance, chances, search_of
from .seeding import Seeding, seeding_of
from .table_talk import TableTalk, talk_of
from .tiebreak import Tiebreak, TiebreakMatch, tiebreak_of
from .turns import Turns, turns_of

__all__ = [
    "ComponentFiles",
    "Deadlines",
    "EndedByItself",
    "Menus",
    "Narration",
    "Notation",
    "Orders",
    "Reference",
    "Search",
    "Seeding",
    "StageLine",
    "StoredSteps",
    "TableTalk",
    "Tiebreak",
    "TiebreakMatch",
    "Turns",
    "chance",
    "chances",
    "deadlines_of",
    "files_of",
    "menus_of",
    "narration_of",
    "notation_of",
    "orders_of",
    "reference_of",
    "search_of",
    "seeding_of",
    "talk_of",
    "tiebreak_of",
    "turns_of",
    "with_later",
]
