"""Successors on Discord when a step is for a player who is not the one deciding (an alliance
answered, a gift): the channel's message that pings them says it beside that step, and a
direct message says "Your turn" only to whoever decides next. Three people (Alice blue, Bob
red, Cara green) at a position built for it, through the real discord.py library with its
HTTP layer faked at the wire."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from discord_env import Env, running_bot
from discord_fake import CHANNEL, FakeDiscord, Message
from discord_limits import within_discords_limits
from successors_helpers import BLUE, GREEN, at, put, started
from test_successors_discord import GREEN_ENDS_THE_TURN, Drawn, green_moves_last

from db import Pace
from rules.successors import State, Successors
from rules.successors.engine import frame

PEOPLE = {"blue": 21, "red": 22, "green": 23}
ALICE, BOB, CARA = PEOPLE.values()
FOR_ALICE = f"**Blue** <@{ALICE}>: a step above is for you"
FOR_ALICE_BELOW = f"**Blue** <@{ALICE}>: a step below is for you"


async def sc(fake: FakeDiscord, user: int, command: str, **options: object) -> None:
    fake.slash(user, command, group="sc", **options)  # type: ignore[arg-type]
    await fake.settle()


async def seated(fake: FakeDiscord, green: int = CARA) -> None:
    """Alice opens the game as Blue, Bob joins as Red and `green` (Cara) as Green; it starts."""
    await sc(fake, ALICE, "create", seat="blue")
    await sc(fake, BOB, "join", seat="red")
    await sc(fake, green, "join", seat="green")
    await sc(fake, ALICE, "start")


async def started_and_an_ai_steps(env: Env, fake: FakeDiscord) -> None:
    """The seated game starts with its AIs held (their pace a million seconds), then the AI
    on turn takes one step, delivered as the bot delivers it."""
    record = await env.service.store.open_game(str(CHANNEL))
    assert record is not None
    await env.service.store.set_pace(record.id, Pace(seconds=3600, ai_seconds=10**6))
    await sc(fake, ALICE, "start")
    reply = await env.service.ai.move(str(CHANNEL))
    assert reply is not None and env.service.ai.deliver is not None
    await env.service.ai.deliver(reply, str(CHANNEL))
    await fake.settle()


def blue_fights_green_after_offering_it_an_alliance() -> State:
    """Game turn 2, Blue's combat: its one open battle is against Green in Arabia, and Blue
    has offered Green an alliance (an ally's units are no battle, l.32)."""
    s = put(put(started(3), "ara", BLUE, inf=1), "ara", GREEN, inf=1)
    s = at(s, BLUE, 5, frame("combat", BLUE))
    s.offers = ((BLUE, GREEN),)
    return s


@dataclass
class Seen:
    channel: list[Message]  # the game's channel, oldest first
    fake: FakeDiscord
    direct: dict[int, list[str]]  # each person's direct messages sent after Cara's answer


async def cara_accepts_while_alice_decides(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> Seen:
    built = blue_fights_green_after_offering_it_an_alliance()
    monkeypatch.setattr(Successors, "new_game", lambda *_: built.clone())
    fake = FakeDiscord()

    async with running_bot(tmp / "bot.sqlite3", monkeypatch, fake):
        for user in PEOPLE.values():
            await sc(fake, user, "club me", direct_messages=True)
        await seated(fake)
        sent = {user: len(fake.direct_to(user)) for user in PEOPLE.values()}
        await sc(fake, CARA, "play", order="accept blue")
    within_discords_limits(fake)
    direct = {u: [m.content for m in fake.direct_to(u)][n:] for u, n in sent.items()}
    return Seen([m for m in fake.visible if m.channel_id == CHANNEL], fake, direct)


async def test_an_alliance_accepted_that_ends_the_deciders_turn_tells_alice_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cara accepts Alice's alliance while Alice decides her battles: that ends Blue's turn
    (no battle is left) and Red's begins. The new message pings Alice for the step above
    (the alliance, at the foot of the closed message) first, before Red's turn is told: not
    after Red's event and revenue, as if one of Red's steps were for her."""
    seen = await cara_accepts_while_alice_decides(tmp_path, monkeypatch)
    closed, new = seen.channel[-2:]
    assert "• Green and Blue are allies (l.32)" in closed.content, closed.content
    assert new.content.startswith(FOR_ALICE), new.content
    assert "Red's player turn" in new.content and f"**Next:** Red <@{BOB}>" in new.content
    assert seen.fake.pings(ALICE)[-1] is new and seen.fake.pings(BOB)[-1] is new


async def test_a_player_pinged_for_a_step_is_not_told_by_direct_message_it_is_their_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice asked for direct messages; Cara's answer is a step for her, while Red decides
    next: Bob alone is told "Your turn" (he asked too), never Alice, whose turn it is not."""
    said = (await cara_accepts_while_alice_decides(tmp_path, monkeypatch)).direct
    assert not any("Your turn" in d for d in said[ALICE]), said[ALICE]
    assert [d for d in said[BOB] if d.startswith("Your turn")], said[BOB]
    assert said[CARA] == [], said[CARA]


async def test_an_alliance_offered_to_the_player_deciding_edits_their_turn_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While Bob chooses Red's home, Cara offers Red an alliance: the turn's message, whose
    `Next:` line already names Bob, is edited with the offer, which says how he answers; it
    is neither closed for a new message nor given a line naming him a second time."""
    fake = FakeDiscord()

    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake):
        await seated(fake)
        turn = fake.visible[-1]
        assert f"**Next:** Red <@{BOB}>" in turn.content, turn.content
        await sc(fake, CARA, "play", order="offer red")
        assert fake.visible[-1] is turn, fake.visible[-1].content
        assert "• Green offers an alliance to Red (l.32)" in turn.content, turn.content
        assert f"**Red** <@{BOB}>" not in turn.content, turn.content  # (named once, in Next:)
    within_discords_limits(fake)


async def test_a_player_holding_two_seats_reads_which_seat_drew_the_chit_in_their_receipt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice holds Blue and Green; her last step as Green begins a game turn whose event deals
    every seat a chit. Her receipt says the chit Green drew as Green's (her hand's "Since
    your last look" says Blue's as Blue's), so she never mistakes one seat's hand for the
    other's; Bob's chit reaches neither."""
    built = green_moves_last()
    monkeypatch.setattr(Successors, "new_game", lambda *_: built.clone())
    drawn = Drawn({"blue": 15, "red": 7, "green": 9})
    monkeypatch.setattr(Successors, "deal", staticmethod(drawn.deal))
    fake = FakeDiscord()

    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake):
        await seated(fake, green=ALICE)
        await sc(fake, ALICE, "play", order=GREEN_ENDS_THE_TURN)
        receipt = fake.private_to(ALICE)[-1].content
        await sc(fake, ALICE, "hand")
        hand = fake.private_to(ALICE)[-1].content
    assert receipt.startswith("✓ Played: `end movement`\nAs Green: You draw chit 9, "), receipt
    assert "chit 15" not in receipt and "chit 7" not in receipt, receipt
    assert hand.startswith("**Since your last look (Blue):**\n• You draw chit 15, "), hand
    within_discords_limits(fake)


async def test_an_ai_answering_an_alliance_first_leaves_no_header_alone_in_a_closed_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Green is the greedy AI; Bob offered it an alliance, and its first step in its movement
    answers him: the answer pings Bob in a new message that opens with Green's header ("Green
    (the greedy AI) plays:"); the message closed for it keeps no such header with nothing
    under it."""
    s = at(started(3), GREEN, 4, frame("move", GREEN))
    s.offers = ((1, GREEN),)
    monkeypatch.setattr(Successors, "new_game", lambda *_: s.clone())
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake) as env:
        await sc(fake, ALICE, "create", seat="blue")
        await sc(fake, BOB, "join", seat="red")
        await sc(fake, ALICE, "ai", seat="green", level="greedy")
        await started_and_an_ai_steps(env, fake)
    channel = [m.content for m in fake.visible if m.channel_id == CHANNEL]
    assert "Green refuses Red's alliance" in channel[-1] or "allies" in channel[-1], channel
    assert f"**Red** <@{BOB}>" in channel[-1], channel
    for closed in channel[:-1]:
        assert not closed.endswith("(the greedy AI) plays:"), closed
    within_discords_limits(fake)


async def test_a_player_whose_alliance_is_refused_is_told_it_as_news_not_pointed_to_an_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While Bob chooses Red's home, Cara offers Blue an alliance: Alice is pinged and pointed
    to her hand, where her answer is. Alice refuses: Cara is pinged with the refusal as news
    for her, with nothing to answer and no pointer to her hand. Each ping opens the message
    that tells the step, so that the lines told after it run on below it."""
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake):
        await seated(fake)
        await sc(fake, CARA, "play", order="offer blue")
        asked = fake.pings(ALICE)[-1].content
        assert "• Green offers an alliance to Blue" in asked, asked
        assert asked.startswith(
            f"{FOR_ALICE_BELOW} (**My hand** offers what you may do meanwhile).\n"
            "• Green offers an alliance to Blue"
        ), asked
        await sc(fake, ALICE, "play", order="refuse green")
        told = fake.pings(CARA)[-1].content
    news = f"**Green** <@{CARA}>: a step below is for you to read (nothing to answer)."
    assert told.startswith(f"{news}\n• Blue refuses Green's alliance"), told
    assert "My hand" not in told, told
    within_discords_limits(fake)


async def test_a_spy_played_from_the_hand_answers_with_its_receipt_and_what_it_saw(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cara presses her Spy (chit 18) on Blue in her hand while Alice decides: she alone reads
    "✓ Played: `play 18 on blue`" as after any step she plays, then Blue's chits."""
    from test_successors_discord_group import labels_of

    built = blue_fights_green_after_offering_it_an_alliance()
    built.hands = ((15,), (), (18,))
    monkeypatch.setattr(Successors, "new_game", lambda *_: built.clone())
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake):
        await seated(fake)
        hand_button = next(m for m in fake.visible if m.components)
        fake.click(CARA, hand_button, hand_button.custom_ids[0])
        await fake.settle()
        hand = fake.private_to(CARA)[-1]
        labels = labels_of(hand)
        spy = next(label for label in labels if label.startswith("play 18") and "blue" in label)
        fake.click(CARA, hand, hand.custom_ids[labels.index(spy)])
        await fake.settle()
        told = fake.private_to(CARA)[-1]
    assert told.ephemeral and told.content.startswith(f"✓ Played: `{spy}`\n"), told.content
    assert "Blue holds: 15 Revolt fails" in told.content, told.content
    assert not any("Revolt fails" in m.content for m in fake.visible if not m.ephemeral)
    within_discords_limits(fake)


async def test_a_gift_to_an_ai_is_told_to_the_giver_alone_in_the_receipt_not_the_channel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice gives the greedy AI Green a Talent: what its policy makes of it (kept, nothing
    given back) is in her receipt alone; the channel tells the gift."""
    s = at(started(3), BLUE, 4, frame("move", BLUE))
    monkeypatch.setattr(Successors, "new_game", lambda *_: s.clone())
    fake = FakeDiscord()
    async with running_bot(tmp_path / "bot.sqlite3", monkeypatch, fake):
        await sc(fake, ALICE, "create", seat="blue")
        await sc(fake, BOB, "join", seat="red")
        await sc(fake, ALICE, "ai", seat="green", level="greedy")
        await sc(fake, ALICE, "start")
        await sc(fake, ALICE, "play", order="give 1 to green")
        receipt = fake.private_to(ALICE)[-1].content
    channel = "\n".join(m.content for m in fake.visible if m.channel_id == CHANNEL)
    assert "Blue gives 1 Talent to Green (l.12)" in channel, channel[-500:]
    told = "Green is an AI: it keeps a gift and gives nothing back"
    assert told in receipt and told not in channel, receipt
    assert all(told not in m.content for m in fake.private_to(BOB)), "Bob read Alice's note"
    within_discords_limits(fake)
