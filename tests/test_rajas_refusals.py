"""Rajas of the Ganges: a step that is read but not allowed is refused by the rule that forbids
it, in the rules' words (Placing workers; Dice; I. Building action; The province boards; II.
Market action; III. Actions at the palace; IV. River action; Karma; The upgrades of the
buildings; Explanation of the earnings on the river), for every kind of step; only a text that
names no step is unreadable. And `options` says what each step does and gets."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from rajas_helpers import dealt, decisions_every, on_top, order, put, started, tile, with_dice

from rules.errors import IllegalAction, InvalidOrder
from rules.rajas import GAME, State
from rules.rajas.explain import explained_entries
from rules.rajas.notation import describe, parse
from rules.rajas.state import Buy, Upgrade

HEADINGS = (
    "(Placing workers",
    "(Dice)",
    "Pay money for an action",
    "(I. Building action",
    "(The province boards)",
    "(II. Market action",
    "(III. ",
    "(IV. River action",
    "(Karma)",
    "(The upgrades of the buildings)",
    "(Explanation of the earnings on the river)",
)


def refusal(s: State, text: str) -> str:
    """Why the order `text` is refused: read (never an InvalidOrder), then refused with the
    rule when it is played."""
    with pytest.raises(IllegalAction) as e:
        for a in parse(s, text):
            s = GAME.apply(s, a)
    return e.value.reason


def with_cells(s: State, seat: int, **cells: int) -> State:
    """Tiles laid on the seat's province (`b1=tile * 4 + rotation`)."""
    grid = list(s.province[seat])
    for name, held in cells.items():
        grid[(int(name[1]) - 1) * s.board.columns + "abcde".index(name[0])] = held
    return put(s, seat, province=tuple(grid))


# --- the findings: each of the orders a newcomer typed ----------------------------------------


def test_the_great_mogul_with_a_4_says_his_chamber_takes_exactly_a_1_or_a_6_with_karma() -> None:
    reason = refusal(with_dice(started(2), 0, "g4 b2"), "great mogul with g4")
    assert reason == (
        "the Great Mogul's chamber takes a die showing exactly 1 (a 6 turned with karma), and "
        "g4 shows 4 (III. The chambers)"
    )


def test_the_portuguese_taken_says_so_and_by_whom() -> None:
    s = order(with_dice(started(2), 0, "o6"), "portuguese with o6, upgrade temple")
    reason = refusal(with_dice(s, 1, "o5 o6"), "portuguese with o5")
    assert reason.startswith("the Portuguese's chamber is taken, by Red: on each action space")


def test_a_tile_dearer_than_the_dice_given_names_its_cost_in_its_colour_and_the_dice() -> None:
    s = on_top(on_top(started(2), tile("orange", 4)), tile("green", 5))
    s = put(with_dice(s, 0, "g4 o4"), 0, karma=0)
    reason = refusal(s, "quarry, buy green snake with g4")
    assert "costs 5 in green; g4 is worth 4, and your green dice are worth 4 in all" in reason
    assert reason.endswith("(I. Building action)")
    # a trial read "worth 4" of a lone 3, its karma unsaid
    s = put(with_dice(on_top(started(2), tile("green", 5)), 0, "g3"), 0, karma=1)
    reason = refusal(s, "quarry, buy green snake with g3")
    assert "green 5 (your green dice are worth 4 with your karma, 3 as they show)" in reason
    s = on_top(put(with_dice(started(2), 0, "g3 g1"), 0, karma=1), tile("green", 5))
    reason = refusal(s, "quarry, buy green snake with g1")
    assert "your green dice are worth 9 in all with your karma, 4 as they show (I." in reason


def test_the_assorted_market_full_says_so() -> None:
    s = order(order(started(2), "assorted market"), "assorted market")
    reason = refusal(s.copy(turn=0), "assorted market")
    assert reason.startswith("every space of the assorted market is taken (2 of 2, by you and")
    three = order(started(3), "assorted market").copy(turn=0)
    assert "one worker a round there (II. Market action)" in refusal(three, "assorted market")


def test_a_cell_no_road_reaches_or_off_the_board_says_why_it_cannot_take_the_tile() -> None:
    s = order(with_dice(on_top(started(2), tile("orange", 4)), 0, "o4"), "quarry")
    s = dealt(order(s, "buy orange snake with o4"), ())  # the stack's new top shown first
    assert refusal(s, "build at e4").startswith("no road of your province reaches e4: each new")
    assert refusal(s, "build at f1").startswith("f1 lies outside your province: its cells are a1")
    assert refusal(s, "build at c1") == "c1 is your residence (The province boards)"


# --- every kind of step: read, and refused by its rule ----------------------------------------


def _raja(s: State) -> State:
    return order(with_dice(s, 0, "o4 b2"), "raja man singh with o4")


def _terrace_full(s: State) -> State:
    return order(with_dice(s, 0, "b1 b2 b3 b4 b5 b6 g1 g2 g3 g4"), "terrace orange")


def _tile_bought(s: State) -> State:
    s = with_dice(on_top(s, tile("orange", 4)), 0, "o4")
    return dealt(order(s, "quarry, buy orange snake with o4"), ())


def _covering(s: State) -> State:
    s = with_dice(on_top(with_cells(s, 0, b1=tile("blue", 3) * 4), tile("blue", 7)), 0, "o5 b4")
    return dealt(order(s, "master builder with o5, cover b1, buy blue cow with b4"), ())


Setup = Callable[[State], State]
CASES: list[tuple[str, Setup, str, str]] = [
    ("harbour, a 5", lambda s: with_dice(s, 0, "o5"), "harbour with o5", "and o5 shows 5"),
    ("harbour, no die", lambda s: s, "harbour", "and no die was given (IV. River action)"),
    ("quarry paid in dice", lambda s: s, "quarry with o1", "the quarry takes no die"),
    ("balcony colour", lambda s: with_dice(s, 0, "g2"), "balcony blue with g2", "g2 is green"),
    (
        "chamber die",
        lambda s: with_dice(s, 0, "b3"),
        "dancer with karma b3",
        "turned with karma shows 4",
    ),
    ("die not held", lambda s: s, "yogi with b3", "your Kali statue holds no b3 to give up"),
    (
        "no karma",
        lambda s: put(with_dice(s, 0, "b6"), 0, karma=0),
        "great mogul with karma b6",
        "(Karma)",
    ),
    (
        "money",
        lambda s: put(with_dice(on_top(s, tile("orange", 4)), 0, "o4"), 0, money=0),
        "quarry",
        "costs 1 money and you have 0",
    ),
    (
        "no tile within the dice",
        lambda s: put(with_dice(s, 0, "b1"), 0, karma=0),
        "quarry",
        "no top tile is within your dice",
    ),
    (
        "terrace supply empty",
        lambda s: with_dice(s, 0, "b1 b2 b3 b4 b5 b6 b1 b2 b3 b4").copy(supply=(0, 12, 12, 12)),
        "terrace blue",
        "the supply holds no blue die",
    ),
    (
        "master builder, nothing to cover",
        lambda s: with_dice(s, 0, "o5"),
        "master builder with o5",
        "no tile to cover",
    ),
    (
        "portuguese, too near the end",
        lambda s: put(with_dice(s, 0, "o6"), 0, boat=14),
        "portuguese with o6",
        "only 3 lie ahead",
    ),
    ("pass with a space left", lambda s: s, "pass", "you may pass only when no space is left"),
    ("a decision with none pending", lambda s: s, "sail 2", "no placement is under way"),
    (
        "a placement while a decision is pending",
        _raja,
        "quarry",
        "your placement is not over: first upgrade a building type",
    ),
    (
        "another decision than the one pending",
        _raja,
        "take orange",
        "asks you first to upgrade a building type",
    ),
    (
        "an upgrade at its last column",
        lambda s: _raja(put(s, 0, upgrades=(2, 0, 0, 0))),
        "upgrade temple",
        "your temple cube is in the last column",
    ),
    ("a full statue", _terrace_full, "take orange", "holds 10 dice, all its hands"),
    (
        "a gain of another colour",
        _terrace_full,
        "take blue",
        "this gain is of orange dice, not blue",
    ),
    ("a die put back not held", _terrace_full, "return o6", "your statue holds no o6 to put back"),
    (
        "fewer dice with room",
        lambda s: s.copy(pending=(("gain", 2, -1),)),
        "enough",
        "your statue has room for the dice taken",
    ),
    (
        "a sail past the die",
        lambda s: order(with_dice(s, 0, "b2"), "harbour with b2"),
        "sail 3",
        "the die given sails at most 2",
    ),
    (
        "a reroll of a die not held",
        lambda s: order(with_dice(s, 0, "b2"), "outer terrace"),
        "reroll o3",
        "your statue holds no o3 to roll again",
    ),
    (
        "a tile of another colour's dice",
        lambda s: order(with_dice(on_top(s, tile("orange", 4)), 0, "o4 g4"), "quarry"),
        "buy orange snake with g4",
        "is paid with orange dice, and g4 is not orange",
    ),
    (
        "a payment past what is needed",
        lambda s: order(with_dice(on_top(s, tile("orange", 4)), 0, "o4 o5"), "quarry"),
        "buy orange snake with o4 o5",
        "a payment gives up no die and turns no die it does not need",
    ),
    (
        "a tile turned away from the road",
        _tile_bought,
        "build at b1",
        "unturned the tile's roads meet no road at b1; turned 90 they do",
    ),
    ("the covered cell", _covering, "build at c2", "the Master builder's tile goes on b1"),
    (
        "a river palace earning of the Great Mogul",
        lambda s: s.copy(pending=(("chamber", 0, 0),)),
        "chamber great mogul",
        "one of the chambers 2 to 6",
    ),
    (
        "goods of one kind with no market",
        lambda s: s.copy(pending=(("goods", 2, 0),)),
        "score tea",
        "you have no tea market",
    ),
    (
        "a cover of an empty cell",
        lambda s: with_dice(with_cells(s, 0, b1=tile("blue", 3) * 4), 0, "o5 b6 b6").copy(
            pending=(("cover", 0, 0),)
        ),
        "cover a2",
        "a2 holds no tile to cover",
    ),
]


@pytest.mark.parametrize(("case", "setup", "text", "said"), CASES, ids=[c[0] for c in CASES])
def test_every_kind_of_step_read_but_not_allowed_names_its_rule(
    case: str, setup: Setup, text: str, said: str
) -> None:
    reason = refusal(setup(started(2)), text)
    assert said in reason, reason
    assert any(h in reason for h in HEADINGS), reason


def test_a_text_that_names_no_step_is_unreadable_naming_what_a_step_is() -> None:
    s = started(2)
    for text, said in (
        ("quary", "no step starts with `quary`: a placement names its area"),
        ("terrace", "`terrace` is a part of the names of 5 areas: name one whole"),
        ("terrace pink", "`pink` is no colour: a terrace is named with its colour, blue"),
        ("great mogul with g7", "`g7` after `great mogul` is no die"),
        ("build at b2 turned 45", "turned clockwise by 90, 180 or 270 degrees"),
    ):
        with pytest.raises(InvalidOrder, match=said):
            parse(s, text)


def test_a_part_of_an_areas_name_that_names_it_alone_is_that_area() -> None:
    s = with_dice(started(2), 0, "p1 o4")
    assert order(s, "mogul with p1").mogul == 0
    assert parse(s, "raja with karma p1") == parse(s, "raja man singh with karma p1")


def test_a_bare_word_answers_the_question_pending() -> None:
    s = started(2).copy(pending=(("chamber", 0, 0),))
    assert parse(s, "yogi") == parse(s, "chamber yogi")
    assert parse(_raja(started(2)), "mill") == [Upgrade(3)]


def test_steps_typed_in_other_positions_are_read_and_refused_by_a_rule() -> None:
    """Every step written where it was legal, typed in other positions of random games: read
    there (no InvalidOrder), and either allowed or refused naming a rule."""
    positions = decisions_every(9, ((2, 1), (3, 2)), lambda s, r: r.choice(GAME.legal_actions(s)))
    texts = sorted({describe(s, a) for s in positions for a in GAME.legal_actions(s)})
    rng = random.Random(3)
    refused = 0
    for s in positions[::3]:
        for text in rng.sample(texts, 25):
            try:
                steps = parse(s, text)
                for a in steps:
                    s2 = GAME.apply(s, a)
            except IllegalAction as e:
                refused += 1
                assert any(h in e.reason for h in HEADINGS), (text, e.reason)
            else:
                assert steps and s2 is not None
    assert refused > 100


# --- options: what each step does and gets ----------------------------------------------------


def _said(s: State, step: str) -> str:
    lines = [line for line in explained_entries(s) if line.startswith(f"• `{step}` — ")]
    assert len(lines) == 1, explained_entries(s)
    return lines[0].split(" — ", 1)[1]


def test_options_say_where_a_harbour_move_reaches_and_its_earning() -> None:
    s = with_dice(started(2), 0, "b3")
    assert _said(s, "harbour with b3") == (
        "gives up b3; sails up to 3: 1 to river space 1 (3 money), 2 to river space 2 (2 "
        "karma), 3 to river space 3 (2 dice of any colours)"
    )
    assert _said(put(with_dice(started(2), 0, "g6"), 1, boat=3), "portuguese with g6") == (
        "gives up g6; sails exactly 6: river space 7 (a blue die per karma: 1 now)"
    )


def test_a_river_space_of_orange_dice_reads_an_orange_die() -> None:
    from rules.rajas.explain import earning

    assert earning(started(2), 0, 12).startswith("an orange die per karma")


def test_options_say_the_dice_a_balcony_gives_and_each_payments_leftover() -> None:
    s = with_dice(on_top(started(2), tile("orange", 9)), 0, "o4 o5 o6 b3")
    assert _said(s, "balcony blue with b3") == "gives up b3; takes 2 orange dice"
    assert _said(s, "quarry").startswith("pays 1 money (2 left); then buy and build a top tile")
    # each top tile as it is now (a trial bought one that had changed since it last saw it)
    assert "the orange cow (9: roads " in _said(s, "quarry")
    bought = order(s, "quarry")
    said = _said(bought, "buy orange cow with o4 o5")
    assert said.startswith("orange 9: roads") and said.endswith("pays 9 for 9; leaves o6")
    assert _said(bought, "buy orange cow with o4 o6").endswith("pays 10 for 9, 1 over; leaves o5")


def test_options_say_what_a_tile_earns_where_it_goes_with_the_special_yields() -> None:
    """Special yields, Leila's example: the bottom left corner reaches a die and 5 money."""
    cross = tile("blue", 5, 1) * 4
    s = with_cells(with_dice(started(2), 0, "b4"), 0, a1=cross, a2=cross, a3=cross, b1=cross)
    s = dealt(order(on_top(s, tile("blue", 4, 1)), "quarry, buy blue snake with b4"), ())
    assert _said(s, "build at a4 turned 180") == (
        "roads N S W there; earns 2 fame, 5 money (special yield), a die of your choice "
        "(special yield)"
    )


def test_raja_man_singh_says_his_3_money_come_before_the_upgrade_is_chosen() -> None:
    """III. Raja Man Singh: the money asks no choice, so it is earned with the placement (the
    readings' order of what a step sets going), and options say so."""
    s = with_dice(started(2), 0, "o4")
    assert _said(s, "raja man singh with o4") == (
        "gives up o4; 3 money at once, then an upgrade of your choice"
    )
    assert _raja(started(2)).money[0] == 3 + 3


def test_an_upgrade_says_what_it_makes_the_building_worth_once() -> None:
    s = _raja(started(2))
    assert _said(s, "upgrade temple") == "temples built from now on score 3 fame (now 2)"
    after = GAME.apply(s, Upgrade(0))
    (line,) = GAME.narration.narrate(s, Upgrade(0), after, "red")
    assert (
        line == "Red: upgrade temple (temples built from now on score 3 fame)"
    )  # the 3 money came first


def test_every_allowed_step_of_random_positions_is_explained_once() -> None:
    """Each step once, with what it does; steps that differ only in the die given share a
    line (`goods market with b1` (or g1, o1) — gives up the die; ...)."""
    positions = decisions_every(7, ((2, 4), (4, 5)), lambda s, r: r.choice(GAME.legal_actions(s)))
    for s in positions:
        lines = explained_entries(s)
        assert all(" — " in line for line in lines), lines
        assert len(lines) == len(set(lines))
        named = []
        for line in lines:
            found = re.match(r"• `(.*?)`(?: \(or ([a-z0-9, ]+)\))? — ", line)
            assert found is not None, line
            named.append(found[1])
            for die in (found[2] or "").split(", ") if found[2] else ():
                named.append(found[1][: -len(die)] + die)
        assert sorted(named) == sorted(describe(s, a) for a in GAME.legal_actions(s))


def test_steps_that_differ_only_in_the_die_given_share_a_line_in_the_options() -> None:
    """A trial's options held nine goods markets, each "0 money: you have no market"."""
    lines = explained_entries(started(3))
    assert (
        "• `goods market with b1` (or g1, o1, p1) — gives up the die; 0 money: you have no market"
        in lines
    )
    assert not any(line.startswith("• `goods market with g1`") for line in lines)


def test_help_and_rules_karma_teach_that_karma_turns_the_one_die_written_after_it() -> None:
    """A trial typed `buy purple tiger with karma p1 p4`, which turned p1 alone, and learnt
    `with p1 karma p2 p4` only from `options`: `help` and `rules karma` give a payment of
    several dice with karma before each die it turns, as the reader reads it (Karma)."""
    example = "buy purple tiger with p1 karma p2 karma p4"
    assert f"`{example}`" in " ".join(GAME.reference.help_lines(lambda command: command))
    assert "`with p1 karma p2 karma p4`" in GAME.reference.rules_reference("karma")
    s = on_top(put(with_dice(started(2), 0, "p1 p2 p4"), 0, karma=2), tile("purple", 9))
    (buy,) = parse(order(s, "quarry"), example)
    assert isinstance(buy, Buy) and (buy.dice, buy.turned) == (("p1", "p2", "p4"), ("p2", "p4"))


@pytest.mark.parametrize(
    ("position", "line"),
    [
        (lambda s: with_dice(s, 0, "o5"), "`master builder with o5` — your province has no tile"),
        (lambda s: put(with_dice(s, 0, "o6"), 0, boat=14), "`portuguese with o6` — the Portu"),
        (
            lambda s: with_dice(s, 0, "b1 b2").copy(supply=(0, 12, 12, 12)),
            "`terrace blue` — the supply holds no blue die",
        ),
        (  # a river space's palace earning: the chambers refused are told too
            lambda s: order(put(with_dice(s, 0, "g1"), 0, boat=8), "harbour with g1"),
            "`chamber master builder` — no tile of your province",
        ),
    ],
)
def test_options_tell_a_placement_paid_for_but_refused_now_with_the_refusals_reason(
    position: Callable[[State], State], line: str
) -> None:
    """A trial's `options` left out the Master builder, a 5 for it held, with no word why
    (its refusal, typed, was clear): a placement whose space, money and die the seat has
    is told apart with the refusal's reason; one it cannot pay for is not."""
    s = position(started(2))
    told = GAME.menus.explained_choices(s)
    (refused,) = [x for x in told if x.startswith(f"• not now: {line}")]
    step = refused.removeprefix("• not now: `").split("` — ", 1)[0]
    assert refused == f"• not now: `{step}` — {refusal(s, step)}"  # one source of why
    assert not any("`great mogul" in x for x in told if x.startswith("• not now"))  # no 1 held
