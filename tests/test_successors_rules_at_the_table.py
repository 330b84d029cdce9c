"""Successors' rules at the table, as a newcomer reads them: every reading a message cites
(Q21) told by its number, in a player's words, asking docs/successors.md's questions; the
leaders, the chits and the counters each a topic found by a player's words; every example
order a topic gives a path on the map."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from fakes import FakeRenderer

from bot.terminal.local import amain
from rules.capabilities import reference_of
from rules.successors import GAME, SuccessorsOptions
from rules.successors.components import standard_parts

ROOT = Path(__file__).resolve().parent.parent
REF = reference_of(GAME)
PHONE_SCREEN = 1100  # characters a topic may take: a phone's screen, about 25 short lines
CITED = re.compile(r"\bQ\.?(\d+)\b")


def test_every_reading_a_message_cites_is_told_at_the_table_by_its_number() -> None:
    """Messages cite "(Q21)": the rules answer Q21 (and q21) with its question and reading."""
    sources = [
        *(ROOT / "rules" / "successors").glob("*.py"),
        *(ROOT / "ai" / "successors").glob("*.py"),
    ]
    sources += (ROOT / "rules" / "successors" / "data").glob("*.yaml")
    cited = {int(n) for p in sources for n in CITED.findall(p.read_text(encoding="utf-8"))}
    assert {4, 12, 21, 27} <= cited
    for n in sorted(cited):
        told = REF.rules_reference(f"Q{n}")
        assert told.startswith(f"Q{n} (") and "Our reading: " in told, told
        assert REF.rules_reference(f"q{n}") == told
        assert len(told) <= PHONE_SCREEN // 2, told
    with pytest.raises(ValueError, match="our readings are Q1 to Q33"):
        REF.rules_reference("Q34")


def test_the_readings_told_at_the_table_ask_the_docs_questions() -> None:
    """docs/successors.md's table of readings and the table's readings are the same questions,
    each in the same section, and the list of readings names every one."""
    docs = (ROOT / "docs" / "successors.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| Q(\d+) \| ([^|]+) \| ([^|]+) \|", docs, re.M)
    assert [int(n) for n, _, _ in rows] == list(range(1, 34))
    listed = REF.rules_reference("q1-q33")
    assert "q1-q33" in REF.rules_topics() and len(listed) <= PHONE_SCREEN
    for n, section, question in rows:
        told = REF.rules_reference(f"Q{n}")
        assert told.startswith(f"Q{n} ({section.strip()}): {question.strip()} Our reading: ")
        assert f"Q{n} " in listed
    assert REF.rules_reference("readings") == listed


@pytest.mark.parametrize("word", ["leader", "leaders", "capture", "captured", "ransom", "captive"])
def test_a_player_asking_about_his_leader_reads_the_leaders_topic(word: str) -> None:
    told = REF.rules_reference(word)
    assert told.startswith("Leaders (") and len(told) <= PHONE_SCREEN, told
    for said in ("4 MP", "(Q10)", "(l.39", "captured", "(Q21)", "`ransom`", "5 Talents", "(Q32)"):
        assert said in told, said
    assert (
        "(l.21; Q6)" in told and "you buy no levies, infantry or cavalry" in told
    )  # home held, leader captive
    # a trial's leader stopped no force and, captive with no unit left, was out unwarned
    assert "A leader is no unit: he stops no force (l.27), and with no unit nor province" in told


@pytest.mark.parametrize("word", ["control", "controlled", "province", "held", "empty home"])
def test_a_player_asking_who_controls_an_area_reads_the_control_topic(word: str) -> None:
    """A trial's `rules control` read "no topic 'control'", and a lone green levy took its
    home left empty on turn 1 (Q3)."""
    told = REF.rules_reference(word)
    assert told.startswith("Control (l.10; Q3)") and len(told) <= PHONE_SCREEN, told
    for said in ("alone or the most", "an ally with more units", "left empty", "(l.66)"):
        assert said in told, said
    # a trial's home, still its own, took no purchases with a former ally's cavalry in it
    assert "a home where unfriendly units stand (even yours still) takes no purchases" in told


@pytest.mark.parametrize("word", ["invaded", "invaders", "invasion marker"])
def test_a_player_asking_about_the_invaded_marker_reads_the_rebels_topic(word: str) -> None:
    """A trial saw "Invaded: Coele-Syria" on the board; `rules invasion` told it of sea
    invasions, which now point to the marker's topic."""
    assert REF.rules_reference(word).startswith("White units"), REF.rules_reference(word)
    assert 'An Invasion marker ("Invaded" on the board) is another thing' in REF.rules_reference(
        "invasion"
    )


def test_the_combat_topic_says_an_order_of_several_battles_ends_at_the_first_dice() -> None:
    """A trial typed six battles in one order; it ended at the first one's dice, as every
    order ends at a reveal, and nothing had said so beforehand."""
    told = REF.rules_reference("combat")
    assert told.endswith("send the next battle once they are seen.") and len(told) <= PHONE_SCREEN


def test_the_alliances_topic_says_what_an_ally_may_take_and_what_follows_its_end() -> None:
    """A trial's ally walked into its thinly held provinces and took them (l.10); the topic
    said only that allies share areas without battle."""
    told = REF.rules_reference("ally")
    assert told.startswith("Alliances (") and len(told) <= PHONE_SCREEN, told
    assert "an ally with more units in your province takes its control (l.10; Q3)" in told
    assert "spoil its points at the end (l.66)" in told and "enemies again" in told
    # (a trial's ally accepted it while allied with the trial's enemy)
    assert "a player may have several allies, who need not be allied with each other" in told
    # (a trial's gift to an AI drew no word back)
    assert "An AI seat keeps what it is given and gives nothing" in told


def test_the_ransom_and_upkeep_say_what_happens_unasked_and_what_never_does() -> None:
    """A trial found its ransom paid before it could act, and looked for a way to disband
    idle fleets."""
    assert "your revenue pays it unasked once what the upkeep leaves covers it (Q21)" in (
        REF.rules_reference("ransom")
    )
    assert "none is disbanded at will" in REF.rules_reference("Q4")


def test_rules_chits_lists_each_chit_of_the_file_with_when_it_is_played() -> None:
    told = REF.rules_reference("chits")
    assert told.startswith("Chits (the errata; Q31): ") and len(told) <= PHONE_SCREEN, told
    p = standard_parts()
    named: dict[int, str] = {}
    for first, last, name in re.findall(r"(\d+)(?:-(\d+))? ([A-Z][a-z ]+)", told):
        named |= dict.fromkeys(range(int(first), int(last or first) + 1), name.strip())
    assert named == {c.number: c.name for c in p.chits.chits}
    drawing = [e.key for e in p.events.table if any(st.kind == "draw" for st in e.steps)]
    assert drawing and f"{drawing[0]}-" in told and drawing[-1] in told  # EVEN 31-35, EVEN 36
    for said in (
        "held secretly",
        "`play 5`",
        "`play 2 at Egypt`",
        "`arm 15 for revolt`",
        "18 Spy: play at any time",
        "15-17 Revolt fails: arm for revolt",
        "12 Seize the initiative, 13 Truce, 14 General levy: arm for turn",
        "2-4 Mercenaries: play at any time but in a combat, or arm for attacked (at your leader "
        "or home)",  # (a trial's did not answer an attack elsewhere, unsaid)
    ):
        assert said in told, said  # fmt: skip


@pytest.mark.parametrize("word", ["units", "counters", "limits", "pool", "mix", "unit"])
def test_a_purchase_refused_for_want_of_counters_is_explained_by_the_counter_mix(
    word: str,
) -> None:
    """`only 1 cavalry counter of your colour is left`: the rules tell each colour's mix."""
    told = REF.rules_reference(word)
    assert told.startswith("Units (") and len(told) <= PHONE_SCREEN, told
    levy, inf, cav, el, fleet = standard_parts().setup.colour_mix
    assert f"each colour has {levy} levies, {inf} infantry, {cav} cavalry, {el} elephants" in told
    assert f"{fleet} fleets" in told and "goes back to its pool" in told


# --- example orders on the map ------------------------------------------------------------

MAP = standard_parts().map
SETUP = standard_parts().setup
NAMES = sorted(MAP.names, key=len, reverse=True)
PLACE = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, NAMES)) + r")(?![\w-])", re.I)
INDEX = {n.lower(): i for i, n in enumerate(MAP.names)}


def _places(order: str) -> list[int]:
    return [INDEX[m.lower()] for m in PLACE.findall(order)]


def _borders(a: int, b: int) -> bool:
    """Whether a force at `a` goes to `b` in one step: land to land, a coast to its sea, a
    sea to a coast of it or to the next sea."""
    land = MAP.land
    if a < land:
        return b in (MAP.adjacent[a] if b < land else MAP.seas[a])
    return b in MAP.coasts[a - land] if b < land else b - land in MAP.sea_adjacent[a - land]


def _off_the_map(text: str) -> list[str]:
    """The example orders of one text whose paths leave the map's borders, or whose move
    costs more MP than its force has (3, a leader's 4: l.26, l.28). A step (`march to Arabia`,
    `land 2 inf at Cyrenaica`) goes on from where the step before it left the pieces."""
    wrong, here = [], -1
    for order in re.findall(r"`([^`\n]+)`", text):
        verb, at = (order.split() or [""])[0], _places(order)
        if verb == "take" and at:
            here = at[-1]
        if verb not in ("move", "march", "sail", "land") or not at:
            continue
        whole = verb in ("move", "sail") or len(at) > 1  # `march Syria Babylonia` too
        if not whole and here < 0:  # a step shown alone (`land at Syria`): no path to check
            continue
        route = at if whole else [here, *at]
        end = _end_of(route, by_sea=verb in ("sail", "land")) if route[0] >= 0 else -1
        if end < 0 or (verb == "move" and _mp(route) > _mp_of(order)):
            wrong.append(order)
        here = end
    return wrong


def _mp(route: list[int]) -> int:
    return sum(SETUP.rough_mp if MAP.rough[b] else 1 for b in route[1:])


def _mp_of(order: str) -> int:
    return SETUP.leader_mp if "leader" in order.split() else SETUP.land_mp


def _end_of(route: list[int], by_sea: bool) -> int:
    """Where a force following `route` ends (fleets stay in their sea as their troops land),
    or -1 if a step of it is no border (fleets go from a coast to its sea, never overland)."""
    at = route[0]
    for b in route[1:]:
        if not _borders(at, b) or (by_sea and at < MAP.land and b < MAP.land):
            return -1
        at = b if not by_sea or b >= MAP.land else at
    return at


def test_every_example_order_the_rules_give_follows_the_maps_borders() -> None:
    """`move 2 inf leader Egypt Syria` was an example: Egypt borders Coele-Syria, Arabia
    and Cyrenaica only. Each topic's, reading's and the help's example paths are checked
    against the map, so a change of map catches an example it breaks."""
    texts = [REF.rules_reference(t) for t in REF.rules_topics()]
    texts += REF.help_lines(lambda words: f"`{words}`")
    assert {t: w for t in texts if (w := _off_the_map(t))} == {}
    moves = [o for t in texts for o in re.findall(r"`((?:move|sail|march) [^`]+)`", t)]
    assert len(moves) >= 3, moves
    readings = [REF.rules_reference(f"Q{n}") for n in range(1, 34)]
    assert {t: w for t in readings if (w := _off_the_map(t))} == {}
    assert _off_the_map("`move 2 inf leader Egypt Syria`") == ["move 2 inf leader Egypt Syria"]
    assert _off_the_map("`take 2 inf at Egypt`, `march to Syria`") == ["march to Syria"]
    assert _off_the_map("`move 2 inf Egypt Arabia Syria Cilicia`")  # 4 MP without the leader


# --- in the terminal ------------------------------------------------------------------------


async def test_in_the_terminal_rules_q21_tells_the_reading_a_message_cited(tmp_path: Path) -> None:
    out = io.StringIO()
    args = ["--game", "successors", "--play", "blue", "--seed", "5", "--db"]
    args += [str(tmp_path / "s.sqlite3"), "--boards", str(tmp_path / "b")]
    typed = ["rules", "rules Q21", "rules q21", "rules leader", "help", "quit"]
    await amain(args, iter(typed), out, FakeRenderer())
    text = out.getvalue()
    assert re.search(r"Rules topics .*chits, alliances, leaders, units, q1-q33", text), text[-3000:]
    assert text.count("Q21 (Combat): captured leaders? Our reading: ") == 2
    assert "Leaders (l.13" in text and "no topic" not in text
    assert "`rules Q10` tells it (Q1 to Q33)" in text


def test_every_example_path_a_player_reads_elsewhere_follows_the_maps_borders() -> None:
    """The same slip was in refusals, the order reader's messages, the README and the docs:
    every Successors example order in them (in backticks) is checked too."""
    root = Path(__file__).resolve().parents[1]
    sources = sorted((root / "rules" / "successors").glob("*.py"))
    sources += [root / "README.md", root / "docs" / "successors.md", root / "docs" / "playing.md"]
    sources += [root / "bot" / "table" / "autocomplete.py"]
    texts = {p.name: p.read_text(encoding="utf-8") for p in sources}
    # each example alone (lists of steps there are not sequences): its whole path checked
    wrong = {
        (name, order)
        for name, text in texts.items()
        for order in re.findall(r"`[^`\n]+`", text)
        if _off_the_map(order)
    }
    assert wrong == set()
    # a refusal's steps in one sentence are a sequence: `take ... at Egypt` then `march to ...`
    said = texts["refusals.py"].split('"no land force is under way')[1][:160]
    assert "`take 2 inf at Egypt` then `march to" in said and not _off_the_map(said), said


def test_rules_retreat_says_where_each_side_may_retreat() -> None:
    """A trial's `rules retreat` told when a side retreats, not where (l.45; Q20)."""
    said = REF.rules_reference("retreat")
    assert "no unfriendly units that no attacker came from" in said
    assert "to one its side holds, or an empty one" in said and "`retreat all`" in said


def test_the_movement_topic_and_the_help_say_where_an_areas_borders_are_read() -> None:
    """A trial found only by chance that `card Cilicia` names what borders Cilicia: neither
    the picture nor the movement prompt says which areas touch."""
    told = REF.rules_reference("movement")
    assert "`card Cilicia`" in told and len(told) <= PHONE_SCREEN
    assert "borders" in REF.lookup(SuccessorsOptions(), "Cilicia")
    assert "borders" in GAME.info.lookup
