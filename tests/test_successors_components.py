"""Successors' component files: ours as the facts sheet proposes them, and an owner's checked
against everything the summary and the public facts fix, each refusal naming the field."""

from __future__ import annotations

import re
from collections import Counter

import pytest
import yaml

from rules.capabilities import files_of, reference_of
from rules.errors import DataError
from rules.successors import GAME, SuccessorsOptions, standard_parts
from rules.successors.components import (
    CHITS_FILE,
    EVENTS_FILE,
    MAP_FILE,
    SETUP_FILE,
    load_chits_text,
    load_events_text,
    load_map_text,
    load_setup_text,
    parts,
    route_cost,
)


def edited(text: str, change: object) -> str:
    data = yaml.load(text, Loader=yaml.CSafeLoader)
    change(data)  # type: ignore[operator]
    return yaml.dump(data, Dumper=yaml.CSafeDumper, sort_keys=False)


def test_our_map_is_the_facts_sheets_36_areas_and_7_seas() -> None:
    m = standard_parts().map
    assert (m.land, m.areas - m.land) == (36, 7)
    assert sum(len(a) for a in m.adjacent) == 2 * 60
    assert sum(m.value) == 85 and Counter(m.value).most_common(1)[0][0] == 2
    assert sum(1 for c in m.coast if c == 2) == 8 and sum(m.rough) == 16
    thrace = m.index["thr"]
    assert route_cost(m, thrace, m.index["nin"]) == 9 and not m.warnings  # F: about 9 MP
    assert route_cost(m, m.index["egy"], m.index["nin"]) == 8
    assert route_cost(m, m.index["cyp"], m.index["egy"]) is None  # an island


def test_our_events_chits_and_setup_are_the_facts_sheets() -> None:
    p = standard_parts()
    assert len(p.events.table) == 72 and p.events.table[0].key == "ODD 11"
    assert [c.kind for c in p.chits.chits[11:14]] == ["initiative", "truce", "general_levy"]
    assert len(p.chits.chits) == 20
    assert p.setup.turns == 12 and p.setup.colour_mix == (12, 12, 8, 4, 6)
    assert [p.map.names[h] for h in p.homes] == [
        "Macedonia",
        "Thrace",
        "Greater Phrygia",
        "Cappadocia",
        "Egypt",
        "Babylonia",
        "Media",
    ]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d["areas"][0].update(value=7), "map file: areas[0].value"),
        (lambda d: d["areas"][0].update(value=True), "map file: areas[0].value"),  # strict
        (lambda d: d["areas"][0].update(name="Mace\ndonia"), "map file: areas[0].name"),
        (lambda d: d["areas"][0].update(name="**Macedonia**"), "map file: areas[0].name"),
        (
            lambda d: d["areas"][0].update(adjacent=["gre"]),
            "map file: areas[2].adjacent: mac borders thr",
        ),
        (
            lambda d: d["areas"][0].update(adjacent=["xyz"]),
            "map file: areas[0].adjacent: no land area has the id 'xyz'",
        ),
        (lambda d: d["areas"][23].update(name="Parsa"), "the map has an area named Persia"),
        (lambda d: [a.update(value=3) for a in d["areas"][:20]], "2 is the most common value"),
        (
            lambda d: [a.update(coast="coastal") for a in d["areas"] if a["coast"] == "port"],
            "the map has none",
        ),
        (lambda d: d["areas"][7].update(coast="port"), "a port or coastal area touches a sea"),
        (lambda d: d["areas"][1].update(id="mac"), "two areas have the id 'mac'"),
        (lambda d: d["seas"][0].update(adjacent=["pon"]), "seas[2].adjacent: aeg borders cys"),
    ],
)
def test_a_bad_map_file_is_refused_naming_the_field(change: object, said: str) -> None:
    with pytest.raises(DataError, match=re.escape(said)):
        load_map_text(edited(MAP_FILE.text(), change))


def test_a_map_far_from_the_scale_plays_with_a_warning() -> None:
    def far(d: dict[str, list[dict[str, object]]]) -> None:
        for a in d["areas"]:
            a["terrain"] = "rough"

    m = load_map_text(edited(MAP_FILE.text(), far))
    assert m.warnings and "about 9 is expected" in m.warnings[0]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d["events"].pop(), "missing EVEN 66"),
        (lambda d: d["events"][1].update(roll="ODD 11"), "events[1].roll: ODD 11 is listed twice"),
        (
            lambda d: d["events"][18].update(steps=[{"gain": {"amount": 1}}]),
            "ODD 41: the roller's leader returns home",
        ),
        (lambda d: d["events"][26].update(steps=[]), "ODD 53: the roller receives units"),
        (
            lambda d: d["events"][27]["steps"][0]["turns_white"].update(levy=3),
            "ODD 54: Persia revolts with 2 white levies",
        ),
        (lambda d: d["events"][60].update(steps=[]), "EVEN 51: an elephant purchase"),
        (
            lambda d: d["events"][65]["steps"].pop(),
            "EVEN 56: the holder of both Indian areas gains 4",
        ),
        (
            lambda d: d["events"][0]["steps"][0]["revolt"].update(inf="2"),
            "events[0].steps[0].revolt.inf",
        ),
        (
            lambda d: d["events"][0]["steps"].append({"gain": {"amount": 1}, "pay": {"amount": 1}}),
            "a mapping of one key",
        ),
        (lambda d: d["events"][0].update(title="<@everyone>"), "events[0].title: not plain text"),
    ],
)
def test_a_bad_events_file_is_refused_naming_the_field(change: object, said: str) -> None:
    with pytest.raises(DataError, match=re.escape(said)):
        load_events_text(edited(EVENTS_FILE.text(), change))


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d["chits"].pop(), "at least 20 chits numbered 1 to their count"),
        (lambda d: d["chits"][2].update(kind="spy", units=None), "chit 3: a mercenaries chit"),
        (
            lambda d: d["chits"][11].update(kind="spy"),
            "chit 12: a initiative or truce or general_levy chit",
        ),
        (lambda d: d["chits"][15].update(kind="spy"), "chit 16: a revolt_fails chit"),
        (lambda d: d["chits"][19].update(kind="spy"), "chit 20: a raid chit"),
        (
            lambda d: d["chits"][1].update(units=None),
            "chits[1].units: a mercenaries chit needs units",
        ),
        (
            lambda d: d["chits"][4].update(amount=None),
            "chits[4].amount: a treasure chit needs an amount",
        ),
        (lambda d: d["chits"][1].update(number=1), "chits[1].number: chit 1 is listed twice"),
    ],
)
def test_a_bad_chits_file_is_refused_naming_the_field(change: object, said: str) -> None:
    with pytest.raises(DataError, match=re.escape(said)):
        load_chits_text(edited(CHITS_FILE.text(), change))


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d.update(start_money=6), "start_money: 6 is not 5"),
        (lambda d: d.update(ransom=4), "ransom: 4 is not 5"),
        (lambda d: d.update(upkeep=2), "upkeep: 2 is not 1"),
        (lambda d: d["prices"].update(cav=2), "prices.cav: 2 is not 3"),
        (lambda d: d["prices"].update(fleet_at_sea=4), "prices.fleet_at_sea: 4 is not 5"),
        (lambda d: d["movement"].update(leader=3), "movement.leader: 3 is not 4"),
        (lambda d: d["movement"].update(fleet=6), "movement.fleet: 6 is not 5"),
        (lambda d: d["movement"].update(rough=3), "movement.rough: 3 is not 2"),
        (lambda d: d.update(gifts_until=9), "gifts_until: 9 is not 8"),
        (lambda d: d.update(turns=8), "turns: the game lasts past turn 8"),
        (lambda d: d.update(turns=True), "turns"),
    ],
)
def test_a_bad_setup_file_is_refused_naming_the_field(change: object, said: str) -> None:
    with pytest.raises(DataError, match=said):
        load_setup_text(edited(SETUP_FILE.text(), change))


def test_the_four_files_are_checked_together() -> None:
    homes = edited(SETUP_FILE.text(), lambda d: d["homes"][0].update(area="zzz"))
    with pytest.raises(
        DataError, match=r"setup file: homes\[0\].area: the map has no land area 'zzz'"
    ):
        parts(None, None, None, homes)
    crowded = edited(SETUP_FILE.text(), lambda d: d.update(homes=d["homes"][:3]))
    with pytest.raises(DataError, match="4 players can always choose homes"):
        parts(None, None, None, crowded)
    moved = edited(
        EVENTS_FILE.text(), lambda d: d["events"][27]["steps"][0]["turns_white"].update(area="sus")
    )
    with pytest.raises(DataError, match="ODD 54: the revolt is in Persia"):
        parts(None, moved, None, None)


def test_an_owners_files_come_as_options_and_are_bounded() -> None:
    files = files_of(GAME)
    assert set(files.file_names()) == {"map", "events", "chits", "setup"}
    own = edited(EVENTS_FILE.text(), lambda d: d["events"][0].update(title="The Lamian War"))
    options = files.with_files(SuccessorsOptions(), {"events": own})
    s = GAME.new_game(options, ("blue", "red", "green"))
    assert s.parts.events.table[0].title == "The Lamian War"
    assert reference_of(GAME).lookup(options, "odd 11").startswith("ODD 11, The Lamian War")
    with pytest.raises(ValueError, match="the map file is 70,000 characters"):
        files.with_files(SuccessorsOptions(), {"map": "x" * 70_000})
    with pytest.raises(ValueError, match="map file: anchors and aliases"):
        files.with_files(SuccessorsOptions(), {"map": "a: &x 1\nb: *x\n"})
    assert "with the owner's events file" in reference_of(GAME).options_text(options)


def test_events_and_chits_are_looked_up_at_the_table() -> None:
    ref = reference_of(GAME)
    options = SuccessorsOptions()
    assert ref.lookup(options, "EVEN 56").startswith("EVEN 56, Treaty with the Maurya")
    assert ref.lookup(options, "chit 19").startswith("Chit 19, Cavalry raid")
    with pytest.raises(ValueError, match="an event by its roll"):
        ref.lookup(options, "ODD 77")
    assert len(ref.lookup_names(options)) == 72 + 20 + 36 + 7  # events, chits, areas, seas


def test_a_bare_roll_looks_up_both_of_its_events() -> None:
    """A trial typed `card 44` (help: "by number") and was refused: a roll names the odd and
    the even event; one that is a chit's number too names the chit, and the events' rolls."""
    ref = reference_of(GAME)
    options = SuccessorsOptions()
    odd, even = ref.lookup(options, "44").split("\n")
    assert odd.startswith("ODD 44, ") and even.startswith("EVEN 44, ")
    chit = ref.lookup(options, "12")
    assert chit.startswith("Chit 12, ") and chit.endswith(
        "(the events of roll 12: `ODD 12` and `EVEN 12`)"
    )
    with pytest.raises(ValueError, match=r"`ODD 45`, or `45` for both"):
        ref.lookup(options, "47")


def test_an_event_or_a_chit_is_looked_up_by_its_title_as_the_help_says() -> None:
    """`card NUMBER: look up an event or chit by number or title`: a title was refused."""
    ref = reference_of(GAME)
    options = SuccessorsOptions()
    assert ref.lookup(options, "lamian war").startswith("ODD 11, Lamian War: Greece revolts")
    assert ref.lookup(options, "persia revolts").startswith("ODD 54, Persia revolts")
    persia = ref.lookup(options, "persia")  # the area of that name, and the event named after it
    assert persia.startswith("Persia: worth 4") and "(also `ODD 54` Persia revolts)" in persia
    assert ref.lookup(options, "Cavalry raid").startswith("Chit 19 and Chit 20, each: Cavalry")
    with pytest.raises(ValueError, match="names several: `EVEN 51` Elephant dealers, `EVEN 52`"):
        ref.lookup(options, "elephant")
    with pytest.raises(ValueError, match="at most 100 characters"):
        ref.lookup(options, "x" * 101)
