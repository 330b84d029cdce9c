"""The log and the prompts count and use articles like the rulebook: "1 Troop", "a Raja"."""

from __future__ import annotations

import random
import re

from rules import vijayanagara
from rules.vijayanagara.words import a, count_of, pieces

# "(s)" plurals, "an raja", "a Amir", "1 Troops" / "(1 Units)" / "+1 Resources"
CLUMSY = re.compile(
    r"\(s\)|\ban [b-df-hj-np-tv-z]|\ba [aeiou]|\b(?<![-.])1 (?:[A-Z][a-z]+ )?[A-Z][a-z]+s\b"
    # a verb that disagrees with its count: "1 Raja join", "2 Troops joins"
    r"|\b(?<![-.])1 (?:[A-Z][a-z]+ )?[A-Z][a-z]+ (?:join|move|enter)\b"
    r"|\b(?:[2-9]|\d\d) (?:[A-Z][a-z]+ )?[A-Z][a-z]+s (?:joins|moves|enters)\b"
    # a piece named by its notation id instead of its name: "moves 4 troop"
    r"|\b\d+ (?:troop|governor|qasbah|amir|fort|raja|temple|mongol|rebel-amir|rebel-raja)s?\b"
)


def test_counts_and_articles() -> None:
    assert count_of(1, "step") == "1 step" and count_of(2, "step") == "2 steps"
    assert pieces(1, vijayanagara.Piece.REBEL_AMIR) == "1 Rebelling Amir"
    assert pieces(3, vijayanagara.Piece.TROOP) == "3 Troops"
    assert a("Raja") == "a Raja" and a("Amir") == "an Amir"


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
