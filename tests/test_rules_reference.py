"""The rules reference at the table: a topic per Faction, Command, Decree and game part."""

from __future__ import annotations

import re

import pytest

from rules.vijayanagara.reference import TOPICS, reference, topics
from rules.vijayanagara.registry import ENTRIES

CITED = re.compile(r"\(\d\.\d(?:\.\d)?")


def test_every_command_and_decree_has_a_topic_with_its_one_line_effect() -> None:
    for e in ENTRIES:
        text = reference(e.name)
        assert e.title in text and e.effect in text and e.section in text


@pytest.mark.parametrize("name", list(TOPICS))
def test_every_topic_is_short_and_cites_the_rulebook(name: str) -> None:
    text = reference(name)
    assert CITED.search(text), name
    assert len(text) <= 700 and text.count("\n") <= 6


def test_the_topics_cover_what_a_new_player_asks() -> None:
    wanted = {"winning", "delhi", "bahmani", "vijayanagara", "battle", "cavalry", "mongols"}
    assert wanted | {"timur", "events", "ties", "turn"} <= set(topics())
    assert "a 6 never hits" in reference("battle")


def test_a_unique_prefix_finds_a_topic_and_a_bad_one_lists_the_topics() -> None:
    assert reference("cav").startswith("**Cavalry")
    assert reference("Demand Obedience") == reference("demand-obedience")
    with pytest.raises(
        ValueError, match="matches several topics; the topics are: conscript, conspire"
    ):
        reference("cons")
    with pytest.raises(ValueError, match="is not a topic; the topics are: winning, delhi"):
        reference("x" * 5000)


def test_each_one_line_effect_fits_a_menu_option() -> None:
    # a Discord select option's description holds at most 100 characters
    assert all(0 < len(e.effect) <= 100 for e in ENTRIES)
