"""Every game package, imported so that each registers itself with `rules.game`: a caller
imports this module once and then asks `rules.game.game(id)`."""

from __future__ import annotations

from . import taj_mahal  # noqa: F401  (registers "taj_mahal")
