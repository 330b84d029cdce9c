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
    # (a trial missed 5.1's floor in `rules winning`)
    assert "Invaders left in Delhi at the very end, at least -3 (5.1)" in reference("winning")


def test_migrate_and_attack_say_their_limits_a_trial_could_not_find() -> None:
    """Where Migrate shifts Influence (3.3.2, 3.4.2) and how many Units join an Attack
    (3.2.4, 3.3.4, 3.4.4): a trial found both only by trying."""
    assert "in one destination at most, and only one holding a piece" in reference("migrate")
    assert "one Raja from a Temple" in reference("attack")


def test_the_topics_answer_what_trial_41_could_not_tell() -> None:
    """Whether Structures count for Control (1.7), what a Decree costs, and which Mongol
    Command is possible when (a trial was offered `amass` alone and looked for `attack`)."""
    assert "Units and Structures alike" in reference("control")
    assert "a Decree costs no Resources" in reference("commands")
    mongols = reference("mongols")
    assert "`amass` (with Invaders Available)" in mongols and "`plunder` (Attack and" in mongols


def test_a_unique_prefix_finds_a_topic_and_a_bad_one_lists_the_topics() -> None:
    assert reference("cav").startswith("**Cavalry")
    assert reference("Demand Obedience") == reference("demand-obedience")
    with pytest.raises(
        ValueError, match=r"matches several topics: conscript \(Conscript \(Command\)\), conspire"
    ):
        reference("cons")
    with pytest.raises(ValueError, match="is not a topic; the topics are: winning, delhi"):
        reference("x" * 5000)


@pytest.mark.parametrize(
    ("words", "topic"),
    [
        ("tributary", "control"),
        ("Tributaries", "control"),
        ("independent", "control"),
        ("Rajas", "pieces"),
        ("qasbah", "pieces"),
        ("rebelling amir", "pieces"),
        ("Dice", "battle"),
        ("screen", "cavalry"),
        ("Deccan Influence", "influence"),
        ("Mongol Invaders", "mongols"),
        ("compromising gifts", "mongols"),
        ("Timurid Empire", "timur"),
        ("Lords of the Deccan", "succession"),
        ("shaded", "events"),
        ("eligible", "turn"),
        ("limited command", "turn"),
        ("Attack and Plunder", "plunder"),
        ("Collect Tribute", "collect-tribute"),
        ("campaigns", "campaign"),
        ("Resources", "resources"),
        ("victory points", "winning"),
        ("Vindhya Range", "map"),
    ],
)
def test_a_topic_answers_to_the_rulebooks_words(words: str, topic: str) -> None:
    assert reference(words) == reference(topic)


def test_every_key_term_of_the_rulebook_finds_a_topic() -> None:
    key_terms = [
        "Adjacent",
        "Amirs",
        "Attack",
        "Attacker",
        "Available",
        "Build",
        "Campaign",
        "Charge",
        "City",
        "Collect-Tribute",
        "Command",
        "Compel",
        "Conspire",
        "Control",
        "Deccan-Influence",
        "Decree",
        "Defender",
        "Delhi",
        "Demand-Obedience",
        "Eligible",
        "Event",
        "Execute",
        "Faction",
        "Flip",
        "Forces",
        "Free",
        "Govern",
        "Governors",
        "Independent",
        "Ineligible",
        "Influence",
        "Limited-Command",
        "Map",
        "March",
        "Migrate",
        "Mongol-Invaders",
        "Obedient",
        "Pass",
        "Piece",
        "Place",
        "Prosperity",
        "Province",
        "Rajas",
        "Rally",
        "Rebel",
        "Rebelling",
        "Remove",
        "Replace",
        "Resources",
        "Screen",
        "Select",
        "Shaded",
        "Space",
        "Stacking",
        "Structure",
        "Tax",
        "Trade",
        "Tributary",
        "Troops",
        "Uncontrolled",
        "Unit",
        "Unshaded",
        "Vindhya-Range",
    ]
    missing = []
    for term in key_terms:
        try:
            reference(term.replace("-", " "))
        except ValueError:
            missing.append(term)
    assert missing == []


def test_a_word_that_finds_no_topic_names_the_closest() -> None:
    with pytest.raises(ValueError, match=r"'tributery' is not a topic; the closest: control"):
        reference("tributery")


def test_each_one_line_effect_fits_a_menu_option() -> None:
    # a Discord select option's description holds at most 100 characters
    assert all(0 < len(e.effect) <= 100 for e in ENTRIES)


def test_plunder_rally_and_compel_say_what_a_trial_could_not_find() -> None:
    """A trial saw a Plunder of 5 Invaders cost Delhi 10 Troops, Rally offer 1 to 4 Rajas by
    Province, and Compel ask for a Cavalry token, none of it in the topics (3.5.3, 3.4.1,
    4.4.3)."""
    plunder = reference("plunder")
    assert "each Invader left there costs Delhi 1 Resource (not below 3)" in plunder
    assert "1 Troop from anywhere on the map for each in Punjab, 2 for each in Delhi" in plunder
    assert "Karnataka for Vijayanagara" in reference("rally")
    assert "gain a Cavalry token" in reference("compel")
