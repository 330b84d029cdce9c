"""One search for every game with the search capability (rules.capabilities.search):
Information Set Monte Carlo Tree Search over the game core, from a seat's view."""

from .ismcts import Choice, Decision, Searcher, search, values

__all__ = ["Choice", "Decision", "Searcher", "search", "values"]
