"""Taj Mahal's board picture, drawn from a seat's or the public view."""

from __future__ import annotations

from .board import HEIGHT, WIDTH, board_png, picture

__all__ = ["HEIGHT", "WIDTH", "board_png", "picture"]
