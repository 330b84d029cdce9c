"""Text helpers for the panel: shorten the prompt, wrap and fit lines to a width."""

from __future__ import annotations

from PIL import ImageFont

from .fastdraw import length

ELLIPSIS = "\u2026"


def shorten_prompt(text: str, who: str) -> str:
    """rules.prompt(state).text without what the panel already shows (faction and card)."""
    body = text.strip()
    if body.startswith(who):
        body = body[len(who) :].lstrip(" :,").removeprefix("decides — ")
        if body.startswith("on card") and ": " in body:
            body = body.split(": ", 1)[1]
    return body[:1].upper() + body[1:]


def fit(line: str, font: ImageFont.FreeTypeFont, width: int) -> str:
    """The line, cut with an ellipsis if it is wider than `width` pixels."""
    if length(line, font) <= width:
        return line
    while line and length(line + ELLIPSIS, font) > width:
        line = line[:-1]
    return line.rstrip() + ELLIPSIS


def wrap(text: str, font: ImageFont.FreeTypeFont, width: int, max_lines: int) -> list[str]:
    """Greedy word wrap into at most `max_lines` lines; the last one is cut if need be."""
    lines: list[str] = []
    current = ""
    words = text.split()
    for i, word in enumerate(words):
        trial = f"{current} {word}".strip()
        if length(trial, font) <= width or not current:
            current = trial
            continue
        lines.append(current)
        current = word
        if len(lines) == max_lines - 1:
            current = " ".join(words[i:])
            break
    if current:
        lines.append(fit(current, font, width))
    return lines[:max_lines]
