"""A newcomer's session of Rajas of the Ganges in the real terminal client, from a new game
(dealt by seed 3, both seats the person's): 30 wrong orders typed between the right ones, each
refused naming its rule (the rules text's heading), none said to be unreadable (each was
read), none listing an allowed step twice; the right ones played."""

from __future__ import annotations

import asyncio
import re

from terminal_sessions import answered

RULES = re.compile(
    r"\((?:Placing workers|Dice|I\. Building action|The province boards|II\. Market action|"
    r"III\. [A-Z]|IV\. River action|Karma|The upgrades of the buildings)"
)
REVEALING = "quarry, buy purple snake with p6, build at e4"
# The session: a line and, for a wrong order, a few words of its refusal (None: played).
# Seed 3 deals Red b2 g2 o3 p1 (money 3) and Yellow b3 g4 o2 p6 (money 4); Red starts.
SESSION: list[tuple[str, str | None]] = [
    ("great mogul with g4", "takes a die showing exactly 1 (a 6 turned with karma), and g4"),
    ("great mogul with g2", "and g2 shows 2 (III. The chambers)"),
    ("harbour with o5", "a die showing 1, 2 or 3 (a 4, 5 or 6 turned with karma), and o5"),
    ("harbour", "and no die was given (IV. River action)"),
    ("quarry with o3", "the quarry takes no die: the dice for a tile are given with"),
    ("balcony blue with g2", "the blue balcony takes a blue die, for 2 orange dice, and g2"),
    ("yogi with b3", "your Kali statue holds no b3 to give up: your dice are b2 g2 o3 p1 (Dice)"),
    ("dancer with karma g2", "and g2 turned with karma shows 5 (III. The chambers)"),
    ("master builder with karma g2", "your province has no tile to cover (III. Master builder)"),
    ("pass", "you may pass only when no space is left that you can pay for and use"),
    ("build at e4", "no placement is under way: a tile is placed in your province once"),
    ("take orange", "no placement is under way: dice are taken when an action"),
    ("sail 2", "no placement is under way: the boat sails after a worker"),
    ("done", "no placement is under way: `done` ends the outer terrace's rerolls"),
    ("portuguese with karma p1", None),  # to river space 6: an upgrade
    ("take orange", "your placement asks you first to upgrade a building type"),
    ("upgrade temple", None),
    ("portuguese with p6", "the Portuguese's chamber is taken, by Red"),
    ("yogi with karma b3", "and b3 turned with karma shows 4 (III. The chambers)"),
    ("assorted market", None),
    ("quarry", "no top tile is within your dice (I. Building action"),
    ("assorted market", None),
    ("assorted market", "every space of the assorted market is taken (2 of 2"),
    ("harbour with o2, sail 3", "the die given sails at most 2 (IV. River action"),
    ("harbour with o2, sail 2", None),
    ("outer terrace, reroll o5", "your statue holds no o5 to roll again"),
    ("outer terrace, done", None),
    ("quarry, buy purple snake with b3", "is paid with purple dice, and b3 is not purple"),
    ("quarry, buy purple cow with p6", "costs 8 in purple; p6 is worth 6"),
    (REVEALING, None),  # played up to the stack's new top: the tile is placed after it
    ("build at e4", "no road of your province reaches e4"),
    ("build at f1", "f1 lies outside your province"),
    ("build at c1", "c1 is your residence"),
    ("build at b1 turned 180", "turned 180 the tile's roads"),
    ("build at b1", None),
    ("master builder with karma g4", "and g4 turned with karma shows 3 (III. The chambers)"),
    ("balcony green with b3", "the green balcony takes a green die, for 2 blue dice, and b3"),
    ("score tea", "no placement is under way: goods of one kind are scored after"),
]


def test_the_list_holds_30_wrong_orders() -> None:
    assert sum(said is not None for _, said in SESSION) == 30


def test_a_newcomers_30_wrong_orders_are_each_refused_naming_the_rule() -> None:
    said = asyncio.run(answered("rajas", [line for line, _ in SESSION], 3))
    for (line, wrong), (typed, text) in zip(SESSION, said, strict=True):
        assert line == typed
        refusals = [t for t in text.splitlines() if t.startswith("! ")]
        if wrong is None:
            assert not refusals, (line, text)
            continue
        assert len(refusals) == 1, (line, text)
        (refusal,) = refusals
        assert wrong in refusal, (line, refusal)
        assert RULES.search(refusal), (line, refusal)
        assert "not an order I can read" not in refusal, (line, refusal)
        listed = re.findall(r"`[^`]+`", refusal.split(" was refused", 1)[1])
        assert len(listed) == len(set(listed)), (line, refusal)  # each step listed once
    revealing = dict(said)[REVEALING]
    assert "revealed the new top tile of the purple snake stack, so the order ended" in revealing
    assert "Not played: `build at e4`: send it again now that it is seen" in revealing


def test_the_upgrade_taken_is_told_once_with_what_it_is_worth() -> None:
    said = dict(asyncio.run(answered("rajas", ["portuguese with karma p1", "upgrade temple"], 3)))
    assert "temples built from now on score 3 fame" in said["upgrade temple"]
    assert "upgrades temple" not in said["upgrade temple"]
