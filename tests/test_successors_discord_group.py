"""Successors as a group plays it on Discord, through the real discord.py library with its HTTP
layer faked at the wire: three people (Alice blue, Bob red, Cara green) in one channel, each
typing their steps or pressing the buttons of their own hand, the others following by
scrolling. Every request the bot sends keeps within Discord's documented limits, and every
picture has its alt text."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from discord_env import Env, running_bot
from discord_fake import CHANNEL, FakeDiscord, Message
from discord_limits import within_discords_limits
from successors_helpers import BLUE, moving, put, started
from table_helpers import open_game, run

import ai.successors
from bot.discord import front_end
from bot.table.games.entry import Registry
from bot.table.pipeline import typed_order
from bot.table.registry import registry
from rules.capabilities import notation_of
from rules.successors import GAME, State, Successors
from rules.successors.state import March, Take

PEOPLE = {"blue": 21, "red": 22, "green": 23}
ALICE = PEOPLE["blue"]
NEXT = "**Next:**"
BIG = 25  # more legal steps than a message holds buttons
GAME_KIND = "successors"
_T = TypeVar("_T")


async def sc(fake: FakeDiscord, user: int, command: str, **options: str) -> None:
    fake.slash(user, command, group="sc", **options)
    await fake.settle()


async def seated(fake: FakeDiscord) -> None:
    """Alice opens the game as Blue, Bob and Cara join as Red and Green, Alice starts it."""
    await sc(fake, ALICE, "create", seat="blue")
    await sc(fake, PEOPLE["red"], "join", seat="red")
    await sc(fake, PEOPLE["green"], "join", seat="green")
    await sc(fake, ALICE, "start")


async def position(env: Env) -> tuple[int, State]:
    found = await open_game(env.service, str(CHANNEL))
    assert found is not None and isinstance(found[1], State)
    return found[0].version, found[1]


def sensible(s: State, pick: random.Random) -> tuple[int, str]:
    """Who decides and the step a sensible player types (greedy's choice)."""
    seat = GAME.to_move(s)
    assert seat is not None
    step = ai.successors.choose("greedy", GAME.view(s, seat), pick)
    return PEOPLE[seat], typed_order(registry().game(GAME_KIND), s, step)


async def test_a_turn_message_that_filled_up_keeps_no_next_line_once_the_game_moves_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player turn longer than a message goes on in a new one; the full one is closed, so
    whoever scrolls sees one `Next:` line, on the newest message, never an old decision that
    looks still open (messages made short so that they fill in a few steps)."""
    short = dataclasses.replace(front_end.DISCORD, message_limit=400)
    monkeypatch.setattr(front_end, "DISCORD", short)
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake) as env:
        await seated(fake)
        pick, full, alone = random.Random(2), 0, 0
        for _ in range(36):
            _, s = await position(env)
            user, step = sensible(s, pick)
            before = fake.visible[-1]
            held = before.content
            await sc(fake, user, "play", order=f"again: {step}")
            nexts = [m for m in fake.visible if NEXT in m.content]
            assert nexts == [fake.visible[-1]], [m.content[-200:] for m in nexts]
            moved_on = before is not fake.visible[-1]
            full += moved_on and NEXT not in before.content
            alone += moved_on and held.startswith(NEXT)  # a message of its `Next:` line alone
        assert full > 3  # turns went on in new messages
        assert alone > 0  # among them one that held its decision alone, closed into its answer
        within_discords_limits(fake)


async def drive(env: Env, seed: int, until: Callable[[State], _T | None]) -> _T:
    """Sensible steps, played at the table directly (quicker than through Discord), until
    `until` finds what it looks for in the position."""
    pick = random.Random(seed)
    for _ in range(1500):
        _, s = await position(env)
        found = until(s)
        if found is not None:
            return found
        user, step = sensible(s, pick)
        reply = await run(
            env.service, str(CHANNEL), user, "play", GAME_KIND, order=f"again: {step}"
        )
        assert reply.ok, reply.text
    raise AssertionError("never found")


def a_big_force_under_way() -> State:
    """Game turn 2, Blue's movement: its leader's army of 8 levies, 8 infantry, 6 cavalry and
    2 elephants has marched from Egypt into Coele-Syria, with more steps to choose from than
    a message holds buttons."""
    s = put(started(3), "egy", BLUE, levy=8, inf=8, cav=6, el=2)
    s = moving(s, BLUE)
    for piece, n in (("levy", 8), ("inf", 8), ("cav", 6), ("el", 2), ("leader", 1)):
        s = GAME.apply(s, Take("egy", piece, n))
    s = GAME.apply(s, March("cse"))
    kinds = {type(a).__name__ for a in GAME.legal_actions(s)}
    assert len(GAME.legal_actions(s)) > BIG and {"Drop", "March", "Halt", "EndMove"} <= kinds
    return s


async def test_a_big_forces_hand_has_a_button_for_each_kind_of_step_and_old_ones_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A force of many units has more ways to drop them than a message holds buttons: the
    hand still offers its marches, halt and end movement as buttons (and autocomplete, typed
    nothing yet, offers them too). Its end movement pressed plays; another button of that
    same hand, pressed after, is refused plainly and changes nothing; so is a double press."""
    built = a_big_force_under_way()
    monkeypatch.setattr(Successors, "new_game", lambda *_: built.clone())
    fake = FakeDiscord()
    async with running_bot(
        tmp_path / "bot.sqlite3", monkeypatch, fake, outbox_interval=3600
    ) as env:
        await seated(fake)
        user = ALICE
        hand_button = next(m for m in fake.visible if m.components)
        hands = []
        for _ in range(2):  # opened, and opened again later
            fake.click(user, hand_button, hand_button.custom_ids[0])
            await fake.settle()
            hands.append(fake.private_to(user)[-1])
        old, hand = hands
        labels = labels_of(hand)
        assert len(labels) <= BIG
        for kind in ("drop ", "march to ", "halt", "end movement"):
            assert any(label.startswith(kind) for label in labels), (kind, labels)
        fake.autocomplete(user, "play", "order", "", group="sc")
        await fake.settle()
        offered = [c["name"] for c in fake.requests[-1].body["data"]["choices"]]  # type: ignore[index]
        assert "halt" in offered and "end movement" in offered, offered
        before = (await position(env))[0]
        end = hand.custom_ids[labels.index("end movement")]
        fake.click(user, hand, end)
        fake.click(user, hand, end)  # pressed twice before the first is answered
        await fake.settle()
        version = (await position(env))[0]
        told = "\n".join(m.content for m in fake.visible)
        turns = [line for line in told.split("\n") if "'s player turn;" in line]
        assert version > before and len(turns) == len(set(turns)), told  # ended once
        fake.click(user, old, old.custom_ids[0])  # the older hand's first step
        await fake.settle()
        refusals = fake.private_to(user)[-2:]
        assert all(
            "The game has moved on since that button was made" in m.content for m in refusals
        ), refusals
        assert (await position(env))[0] == version  # nothing played
        within_discords_limits(fake)


def labels_of(message: Message) -> list[str]:
    return [c["label"] for row in message.components for c in row.get("components", [])]


async def test_a_gift_refused_out_of_turn_says_whose_decision_it_is_not_their_steps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cara, while Red chooses its home, gives Talents she does not have: she is told why, to
    her alone, and that Red decides now; Red's steps (its homes) are not listed to her as if
    she could play them, and the channel is left as it was."""
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake) as env:
        await seated(fake)
        _, s = await position(env)
        assert GAME.to_move(s) == "red"
        seen = [(m.id, m.content) for m in fake.visible]
        cara = PEOPLE["green"]
        await sc(fake, cara, "play", order="give 2 to red")
        said = fake.private_to(cara)[-1].content
        assert "was refused" in said and "Red decides now" in said, said
        assert "Allowed now" not in said and "`home " not in said, said
        assert [(m.id, m.content) for m in fake.visible] == seen
        within_discords_limits(fake)


def a_move(s: State) -> tuple[str, str] | None:
    """When a person is to move a force: who, and a whole move order as the README writes
    one (`move 1 levy Thrace Macedonia`), from the steps legal then: a take, then a march
    of that force."""
    seat = GAME.to_move(s)
    if seat is None:
        return None
    for take in (a for a in GAME.legal_actions(s) if type(a).__name__ == "Take"):
        words = notation_of(GAME).describe(GAME.view(s, seat), take).split()  # take 1 levy at X
        taken = GAME.apply(s, take)
        marches = [a for a in GAME.legal_actions(taken) if type(a).__name__ == "March"]
        if marches and words[1].isdigit():
            to = notation_of(GAME).describe(GAME.view(taken, seat), marches[0])
            place = " ".join(words[4:])
            return seat, f"move {words[1]} {words[2]} {place} {to.removeprefix('march to ')}"
    return None


async def test_a_move_order_typed_as_the_readme_writes_it_is_offered_with_how_it_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/sc play order: move 1 levy Thrace Macedonia`, the README's form, is no single step:
    autocomplete offers it first, as typed, with the steps it reads as, and picking it plays
    them; an order that cannot be played (a march to no neighbour) is not offered."""
    fake = FakeDiscord()
    async with running_bot(
        tmp_path / "bot.sqlite3", monkeypatch, fake, outbox_interval=3600
    ) as env:
        await seated(fake)
        seat, order = await drive(env, 6, a_move)
        user = PEOPLE[seat]
        fake.autocomplete(user, "play", "order", order, group="sc")
        await fake.settle()
        choices = fake.requests[-1].body["data"]["choices"]  # type: ignore[index]
        assert choices and choices[0]["name"].startswith(f"{order} → take "), choices
        version = (await position(env))[0]
        await sc(fake, user, "play", order=choices[0]["value"])
        assert "✓ Played" in fake.private_to(user)[-1].content, fake.private_to(user)[-1].content
        assert (await position(env))[0] > version
        _, now = await position(env)
        if GAME.to_move(now) == seat:
            wrong = order.rsplit(" ", 1)[0] + " Gedrosia Thrace"
            fake.autocomplete(user, "play", "order", wrong, group="sc")
            await fake.settle()
            choices = fake.requests[-1].body["data"]["choices"]  # type: ignore[index]
            assert not any(c["name"].startswith(wrong) for c in choices), choices
        within_discords_limits(fake)


async def offered(fake: FakeDiscord, user: int, typed: str) -> list[dict[str, str]]:
    fake.autocomplete(user, "play", "order", typed, group="sc")
    await fake.settle()
    choices: list[dict[str, str]] = fake.requests[-1].body["data"]["choices"]  # type: ignore[index]
    return choices


async def test_an_alliance_typed_out_of_turn_is_offered_and_so_is_its_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While Red chooses its home, Alice types `offer red`: autocomplete offers it (a step
    she may take at any time), and picking it plays it; Bob, deciding, is offered `accept
    blue` though no step of his decision reads so. A gift Alice cannot pay is not offered."""
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake):
        await seated(fake)
        assert await offered(fake, ALICE, "give 3 to green") == []  # her treasury is empty
        choices = await offered(fake, ALICE, "offer red")
        assert choices and choices[0]["name"] == "offer red", choices
        await sc(fake, ALICE, "play", order=choices[0]["value"])
        assert "Blue offers an alliance to Red" in fake.visible[-1].content
        bob = PEOPLE["red"]
        choices = await offered(fake, bob, "accept blue")
        assert choices and choices[0]["name"] == "accept blue", choices
        await sc(fake, bob, "play", order=choices[0]["value"])
        assert "Red and Blue are allies" in fake.visible[-1].content
        within_discords_limits(fake)


async def test_an_alliance_offered_while_another_decides_pings_the_player_it_is_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While Red chooses its home, Alice offers Green an alliance: Cara learns of it by a
    message that pings her (an edit of the turn's message would notify nobody), and her
    answer pings Alice in turn. Bob, deciding all along, is not pinged again by either."""
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake):
        await seated(fake)
        cara, bob = PEOPLE["green"], PEOPLE["red"]
        bob_pinged = len(fake.pings(bob))
        await sc(fake, ALICE, "play", order="offer green")
        told = fake.pings(cara)
        assert told and "Blue offers an alliance to Green" in told[-1].content, told
        assert (
            f"**Green** <@{cara}>: a step below is for you (**My hand** offers" in told[-1].content
        )
        await sc(fake, cara, "play", order="accept blue")
        told = fake.pings(ALICE)
        assert told and "allies" in told[-1].content, told[-1].content
        assert NEXT in fake.visible[-1].content  # Red's decision, still the newest line
        assert len(fake.pings(bob)) == bob_pinged
        within_discords_limits(fake)


async def test_an_alliance_offered_is_answered_from_the_hand_while_another_decides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cara, offered an alliance by Alice while Red chooses its home, opens her hand: it lists
    what she may do meanwhile, with a button each (her answers among them, her chits not
    shown to anyone else); pressing Accept makes the alliance, and Alice is pinged."""
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake) as env:
        await seated(fake)
        cara = PEOPLE["green"]
        await sc(fake, ALICE, "play", order="offer green")
        hand_button = next(m for m in fake.visible if m.components)
        fake.click(cara, hand_button, hand_button.custom_ids[0])
        await fake.settle()
        hand = fake.private_to(cara)[-1]
        assert "Meanwhile you may:" in hand.content and hand.ephemeral, hand.content
        labels = labels_of(hand)
        assert "accept blue" in labels and "refuse blue" in labels, labels
        fake.click(cara, hand, hand.custom_ids[labels.index("accept blue")])
        await fake.settle()
        assert "allies" in fake.pings(ALICE)[-1].content
        _, s = await position(env)
        assert GAME.to_move(s) == "red"  # Red's decision all along
        within_discords_limits(fake)


async def test_a_crowded_maps_alt_text_is_cut_after_a_whole_sentence_within_discords_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A map late in a game of four describes more than Discord takes for a picture's alt text
    (1,024 characters): what goes out ends after a whole sentence, with "…", never in the
    middle of an area's name or count (its description made longer here than the start's)."""
    hosted = Registry.pictures

    def crowded(self: Registry, kind: str) -> Any:
        pictures = hosted(self, kind)
        more = " ".join(f"Area {i} holds {i} levies and 2 cavalry." for i in range(60))
        return dataclasses.replace(
            pictures, alt_text=lambda v, n: f"{pictures.alt_text(v, n)} {more}"
        )

    monkeypatch.setattr(Registry, "pictures", crowded)
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake):
        await seated(fake)
        said = [
            a["description"]
            for r in fake.requests
            if isinstance(r.body, dict)
            for a in r.body.get("attachments") or []
            if a.get("filename") == "board.png"
        ]
        assert said and all(len(d) <= 1024 and d.endswith(".…") for d in said), said
        assert said[0].startswith("Successors map.") and "Area 1 holds" in said[0]
        within_discords_limits(fake)


async def test_a_chit_looked_up_is_shown_to_its_reader_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob reads chit 19 with `/sc card`: he may be reading the chit he holds, so the text is
    his alone; posted for all (Discord says who asked) it would hint at his hand."""
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake):
        await seated(fake)
        seen = [(m.id, m.content) for m in fake.visible]
        bob = PEOPLE["red"]
        await sc(fake, bob, "card", number="chit 19")
        assert fake.private_to(bob)[-1].content.startswith("Chit 19, Cavalry raid: ")
        assert [(m.id, m.content) for m in fake.visible] == seen


async def test_a_step_taken_by_mistake_is_taken_back_from_the_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob buys a levy he did not mean to: his hand's buttons, private since they may show
    his chits, include Undo beside his steps (as a public turn message's do in a game without
    a hand), and pressing it gives his Talent back."""
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake) as env:
        await seated(fake)
        bob = PEOPLE["red"]
        await sc(fake, bob, "play", order="home egypt")
        await sc(fake, bob, "play", order="buy 1 levy at Egypt")
        assert (await position(env))[1].money[1] == 4
        hand_button = next(m for m in fake.visible if m.components)
        fake.click(bob, hand_button, hand_button.custom_ids[0])
        await fake.settle()
        hand = fake.private_to(bob)[-1]
        assert labels_of(hand)[-1] == "Undo", labels_of(hand)
        fake.click(bob, hand, hand.custom_ids[-1])
        await fake.settle()
        assert (await position(env))[1].money[1] == 5
        within_discords_limits(fake)
