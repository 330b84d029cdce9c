"""The log, the prompts and everything the bot says count and use articles like the rulebook
("1 Troop", "a Raja"), tell each step in words, and merge what repeats."""

from __future__ import annotations

import random
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fakes import SEATS, FakeRenderer

from bot.product import variable
from bot.table.commands import help_reply
from bot.table.pipeline import typed_order
from bot.table.reply import Reply
from bot.table.service import GameService
from rules import vijayanagara
from rules.vijayanagara.game import GAME
from rules.vijayanagara.words import a, count_of, does, pieces

# "(s)" plurals, "an raja", "a Amir", "1 Troops" / "(1 Units)" / "+1 Resources"
CLUMSY = re.compile(
    r"\(s\)|\ban [b-df-hj-np-tv-z]|\ba (?!one\b|one-|use)[aeiou]|\b(?<![-.])1 (?:[A-Z][a-z]+ )?[A-Z][a-z]+s\b"
    # a verb that disagrees with its count: "1 Raja join", "2 Troops joins"
    r"|\b(?<![-.])1 (?:[A-Z][a-z]+ )?[A-Z][a-z]+ (?:beyond three )?(?:join|move|enter|return)\b"
    r"|\b(?:[2-9]|\d\d) (?:[A-Z][a-z]+ )?[A-Z][a-z]+s (?:joins|moves|enters|returns)\b"
    # ... or with a plural name: "Mongol Invaders attacks"
    r"|\bInvaders (?:attacks|loses|moves|gains|has|is)\b"
    # a piece named by its notation id instead of its name: "moves 4 troop"
    r"|\b\d+ (?:troop|governor|qasbah|amir|fort|raja|temple|mongol|rebel-amir|rebel-raja)s?\b"
    # "1 lines", "1 steps"
    r"|\b(?<![-.])1 (?:lines|steps|cards|games|seats|hours|wins|futures|deals|spaces)\b"
)
# What the bot says outside the notation (`...`): a step told as notation ("• D: take 2
# troop", "• V: command+decree"), a space by its id, "Control nobody", a Command "in no
# space", a hint's "±0.0", "+0.0 against", or "Best" for a plan that came second.
UNSAID = re.compile(
    r"^• [^:]+: [a-z][a-z+-]*(?:[ ;]+[a-z0-9_+-]+)*$|\b[a-z]+_[a-z]+\b|Control nobody|\bin no space\b"
    r"|±0\.0|[+-]0\.0 against|\bBest `",
    re.MULTILINE,
)
# random games played through the service (people in two seats and an easy AI in the third,
# then people alone, in turn); `CHAUPAL_WHOLE_GAMES=4 .venv/bin/python -m pytest
# tests/test_words.py` plays 4 more
GAMES = 1 + int(variable("CHAUPAL_WHOLE_GAMES")[0] or "0")
LOOK_EVERY = 25  # steps between two looks at status, options and the log
HINTS = 2  # hints asked for in each game


def test_counts_and_articles() -> None:
    assert count_of(1, "step") == "1 step" and count_of(2, "step") == "2 steps"
    assert pieces(1, vijayanagara.Piece.REBEL_AMIR) == "1 Rebelling Amir"
    assert pieces(3, vijayanagara.Piece.TROOP) == "3 Troops"
    assert a("Raja") == "a Raja" and a("Amir") == "an Amir"
    assert does("Delhi Sultanate", "attacks") == "Delhi Sultanate attacks"
    assert does("Mongol Invaders", "attacks") == "Mongol Invaders attack"


def test_no_clumsy_counts_in_the_log_or_the_prompts_of_random_games() -> None:
    for seed in range(6):
        r = random.Random(seed)
        state = vijayanagara.new_game(seed)
        log = vijayanagara.LogTail.of(state)
        while not state.game_over:
            text = vijayanagara.prompt(state).text
            assert not CLUMSY.search(text), text
            state = vijayanagara.apply(state, r.choice(vijayanagara.legal_actions(state)))
            log.follow(state)
        for line in log.lines:
            assert not CLUMSY.search(line), line


def test_every_step_can_be_said_in_words() -> None:
    """Whatever a step wrote in the log, vijayanagara.said tells it without the notation."""
    for seed in range(3):
        r = random.Random(seed)
        state = vijayanagara.new_game(seed)
        while not state.game_over:
            action = r.choice(vijayanagara.legal_actions(state))
            words = vijayanagara.said(state, action)
            assert re.match(r"^[DBV] [A-Za-z]", words) and words.endswith("."), words
            assert not CLUMSY.search(words) and not UNSAID.search(words), words
            state = vijayanagara.apply(state, action)


def test_repeats_in_a_row_are_told_once_with_the_counts_added() -> None:
    lines = [
        "• D loses 1 Troop in Malwa.",
        "• D loses 1 Troop in Malwa.",
        "• D loses 1 Governor in Malwa.",
        "• V returns a Raja from Available to its Influence track (1.9).",
        "• V returns a Raja from Available to its Influence track (1.9).",
        "• D drops 2 Troops in Gujarat.",
        "• D drops 2 Troops in Gujarat.",
        "• D drops 2 Troops in Sindh.",
    ]
    assert vijayanagara.merged_lines(lines) == [
        "• D loses 2 Troops in Malwa.",
        "• D loses 1 Governor in Malwa.",
        "• V returns 2 Rajas from Available to its Influence track (1.9).",
        "• D drops 4 Troops in Gujarat.",
        "• D drops 2 Troops in Sindh.",
    ]
    assert vijayanagara.line_added(lines[5], "• D drops 4 Troops in Gujarat.") == lines[5]
    assert vijayanagara.line_added(lines[5], lines[7]) is None
    two = "• V returns 2 Rajas from Available to its Influence track (1.9)."
    assert vijayanagara.line_added(lines[3], two) == lines[3]  # "a Raja" again, as it was said


async def test_what_the_service_says_over_random_games_reads_as_english(tmp_path: Path) -> None:
    """Replies, announcements (a human's steps and an AI's turns with their why), status,
    options, the log and hints, over whole random games played through the service."""
    said: list[tuple[str, str]] = []  # (where, text)
    for seed in range(GAMES):
        await _play(tmp_path / f"g{seed}.sqlite3", seed, said)
    assert len(said) > 400 * GAMES  # a whole game says some 500 texts
    assert any("_Why: " in text for where, text in said if where == "ai")  # AI turns
    assert sum("Suggested turn" in text for where, text in said if where == "hint") == 2 * GAMES
    for where, text in said:
        plain = re.sub(r"`[^`]*`", "``", text)  # the notation in backticks is meant
        assert not CLUMSY.search(plain), (where, text)
        assert not UNSAID.search(plain), (where, text)
        lines = text.split("\n")
        if where != "log":  # the log itself keeps a line per event
            assert vijayanagara.merged_lines(lines) == lines, (where, text)


async def _play(db: Path, seed: int, said: list[tuple[str, str]]) -> None:
    """One game: random orders from the seats of people, an easy AI in one seat of every
    other game (the first)."""
    svc = await GameService.open(str(db), FakeRenderer(), ai_executor=ThreadPoolExecutor(1))
    svc.ai.hint_seconds = 0.05
    channel, d = f"words-{seed}", SEATS[vijayanagara.Faction.D]

    def keep(where: str, reply: Reply | None) -> None:
        if reply is not None:
            for text in (reply.text, reply.close_text, reply.receipt):
                if text:
                    said.append((where, text))

    try:
        keep("create", await svc.lobby.create(channel, d, seed=seed, kind="vijayanagara"))
        for f, uid in SEATS.items():
            if seed % 2 == 0 and f == vijayanagara.Faction.B:  # the easy AI: its turns and whys
                keep("ai seat", await svc.ai.seat(channel, d, "B", "easy"))
            else:
                keep("join", await svc.lobby.join(channel, uid, f.value))
        keep("start", await svc.lobby.start(channel, d))
        r, n, hints = random.Random(seed), 0, 0
        while True:
            keep("ai", await svc.ai.move(channel))
            if (game := await svc.store.open_game(channel)) is None:
                break
            state = await svc.loader.state_of(game)
            faction = vijayanagara.decider(state)
            if faction is None or game.seats.get(faction.value) != SEATS[faction]:
                continue  # the AI's turn goes on (or the game just ended)
            if n % LOOK_EVERY == 0:
                keep("status", await svc.views.status(channel))
                keep("options", await svc.views.options(channel))
                keep("log", await svc.views.log_lines(channel, 30))
                if hints < HINTS:
                    hints += 1
                    keep("hint", await svc.ai.hint(channel, SEATS[faction]))
            order = typed_order(GAME, state, r.choice(vijayanagara.legal_actions(state)))
            reply = await svc.moves.play(
                channel, SEATS[faction], order, expected_version=game.version
            )
            assert reply.ok, reply.text
            keep("play", reply)
            n += 1
        keep("status", await svc.views.status(channel))
        keep("history", await svc.club.history(channel))
        keep("stats", await svc.club.stats(d, kind="vijayanagara"))
        keep("help", help_reply(svc, kind="vijayanagara"))
        keep("rules", svc.views.rules_topic("cavalry", kind="vijayanagara"))
    finally:
        await svc.close()
