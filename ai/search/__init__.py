"""One search for every game with the search capability (rules.capabilities.search):
Information Set Monte Carlo Tree Search over the game core, from a seat's view, and its
comparison of a few root steps over common futures (common.py)."""

from .common import compare
from .ismcts import Choice, Decision, Searcher, search, values

__all__ = ["Choice", "Decision", "Searcher", "compare", "search", "values"]
